//! The contact stage's ground query for a wheel that sweeps a plane: a blocking sphere sweep
//! ([`crate::ground::ContactMode::Sweep`], [`crate::ground::SweepHitMode::Blocking`]) that
//! casts (its hit cache is not reused this substep) on a [`Plane`] — every query of the
//! shipped presets on flat ground. The same answer, bit for bit for a wheel whose
//! parameters passed validation, as the plane's pass ([`super::on_plane::query_on_plane`]),
//! without its round trips, but the ground rise on the same plane (step 4), to round-off.
//!
//! The same steps on the same numbers:
//! 1. the query's [`WheelQuery::normalized`] checks on the suspension line `(top, dir)` and
//!    the substep's axle ([`WheelState::axle_world_substep`]); its tests of the wheel's
//!    parameters cannot fail after [`super::WheelParams::validate`] (`0 < r ≤ 5` m,
//!    `0 < width ≤ 3` m, compression and droop in `(0, 2]` m), so they are left out (as
//!    `super::ray` leaves them);
//! 2. the direction normalised once, the axle normalised or zero, the cast refused for a
//!    zero direction (a squared length that overflowed);
//! 3. the plane pass's cast itself (`on_plane::cast`: the sphere's hit, its rejection, the
//!    crowned wheel's fit, the ray as the fallback);
//! 4. the hit held as the wheel's plane, or the plane forgotten on a miss; within the travel
//!    the contact, the jounce and the ground rise against the previous plane. The previous
//!    plane is met as `on_plane::Old::travel` meets it; its common case — a sweep's plane
//!    with the new plane's normal bits, the wheel not turned since (`super::turned`: the
//!    met query is this one, so the new fit's axle has the query's bits) — is that
//!    function's first branch, inline, by its identity (round-off, session 39): the same
//!    crown offset `q` on both planes, so `s_old − s = (p₀ − p_old)·n/(−d·n)` (`p₀` the
//!    plane's point, `p_old` the previous contact); the others go out of line to
//!    `Old::travel` itself.
//!
//! Why: the plane's pass built the query and copied it (normalised), went through the ray's
//! branches of its mode test, tested the validated parameters, and called `Old::travel`
//! (with a copy of the previous plane) and the fit's `resolve_at` out of line for the ground
//! rise: ≈ 590 instructions a wheel on the bench's sedan (callgrind, session 39). Test:
//! `the_sweep_path_is_the_plane_path`.

use super::WheelState;
use super::on_plane::{Found, Old, cast};
use crate::ground::cache::same_bits;
use crate::ground::plane::normalize_or_zero;
use crate::ground::wheel::{AcceptsHit, direction_ok};
use crate::ground::{ContactMode, HitCache, Plane, WheelQuery};
use crate::math::{finite, finite_vec};
use glam::DVec3;

/// The sweep query of wheel `wp` along its suspension line `(top, dir)` on `plane`, with the
/// hit rejection `reject` and the last query's axle `last` (where the wheel turned since:
/// `super::turned`); module docs.
#[inline(never)]
pub(super) fn sweep_on_plane(
    wp: &super::WheelParams,
    reject: &impl AcceptsHit,
    plane: &Plane,
    (top, dir): (DVec3, DVec3),
    ws: &mut WheelState,
    last: Option<DVec3>,
) {
    let sp = &wp.suspension;
    let axle = ws.axle_world_substep;
    // `WheelQuery::usable` of the line and the axle; the parameters' tests cannot fail
    // (step 1).
    if !(finite_vec(top) && finite_vec(dir) && dir.length_squared() > 0.0 && finite_vec(axle)) {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    }
    // `WheelQuery::normalized` (step 2).
    let nq = WheelQuery {
        origin: top,
        direction: dir.normalize(),
        max_distance: sp.max_compression + sp.max_droop,
        radius: wp.radius,
        half_width: 0.5 * wp.width,
        axle: normalize_or_zero(axle),
    };
    let found = if direction_ok(nq.direction) {
        cast(plane, &nq, ContactMode::Sweep, reject)
    } else {
        None
    };
    let Some(Found {
        s,
        point,
        from_ray,
        fit,
    }) = found
    else {
        ws.hit_cache.invalidate();
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    let c = &mut ws.hit_cache;
    // The previous plane, read before the new one replaces it.
    let (was_valid, was_ray, old_point, old_normal) = (c.valid, c.from_ray, c.point, c.normal);
    *c = HitCache {
        point,
        normal: plane.normal,
        surface: plane.surface,
        surface_velocity_world: plane.surface_velocity_world,
        from_ray,
        valid: true,
        age: 0,
    };
    // Within the travel (false for NaN).
    let within = s <= nq.max_distance;
    if !within {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    }
    ws.contact_point_world = point;
    ws.contact_normal_world = plane.normal;
    ws.surface = plane.surface;
    ws.surface_velocity_world = plane.surface_velocity_world;
    ws.measured_jounce = Some(crate::suspension::model::jounce_from_travel(sp, s));
    let slop = crate::suspension::model::GROUND_RISE_SLOP;
    ws.ground_rise = match fit {
        // `Old::travel`'s first branch (step 4): a sweep's plane with the new normal's bits,
        // met with this query (no turn), whose axle is the fit's: the same crown offset `q`,
        // so `s_old − s = ((h₀_old + q·n) − (h₀ + q·n))/c = (p₀ − p_old)·n / c` (`h₀ = (o −
        // p₀)·n`, `c = −d·n ≥ MIN_CLOSING_COS` as the fit found): the rise by its identity
        // (round-off, session 39), `s_old = s + rise` for its travel test, and `(p₀ −
        // p_old)·n` for `ground_rise`'s `(p − p_old)·n` (the contact point lies on the plane).
        Some(_)
            if was_valid && !was_ray && last.is_none() && same_bits(old_normal, plane.normal) =>
        {
            let above = (plane.point - old_point).dot(plane.normal);
            let rise = above / -nq.direction.dot(plane.normal);
            let s_old = s + rise;
            // Within the travel (false for NaN).
            let met = s_old <= nq.max_distance && finite(s_old);
            if !met {
                0.0
            } else if rise < -slop && above > slop {
                rise
            } else {
                rise.max(0.0)
            }
        }
        _ if was_valid => {
            let old = Old {
                point: old_point,
                normal: old_normal,
                from_ray: was_ray,
            };
            // `suspension::model::ground_rise(s_old, s, ..)` written out, as `super::ray` does.
            match old_travel(old, (&nq, dir), last, plane.normal, fit) {
                Some(s_old) => {
                    let rise = s_old - s;
                    if rise < -slop && (point - old_point).dot(old_normal) > slop {
                        rise
                    } else {
                        rise.max(0.0)
                    }
                }
                None => 0.0,
            }
        }
        _ => 0.0,
    };
}

/// The previous plane `old`'s travel as the plane pass meets it (`on_plane::query_on_plane`):
/// along the normalised query `nq` (its direction from the line's `dir`), or with the last
/// query's axle `last` where the wheel turned since; `normal` and `fit` are the new contact's.
#[cold]
#[inline(never)]
fn old_travel(
    old: Old,
    (nq, dir): (&WheelQuery, DVec3),
    last: Option<DVec3>,
    normal: DVec3,
    fit: Option<(DVec3, DVec3)>,
) -> Option<f64> {
    // The query before its normalisation (`super::turned::with_axle` replaces its axle).
    let q = WheelQuery {
        direction: dir,
        ..*nq
    };
    let met = super::turned::with_axle(&q, last);
    old.travel(met.as_ref().unwrap_or(nq), normal, fit)
}

#[cfg(test)]
mod tests;
