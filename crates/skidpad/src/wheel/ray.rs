//! The contact stage's ground query for a wheel that casts a ray and whose previous plane, if
//! any, is a ray's (`ray_only` in `query_ground_along`: a ray-cast car's every cast): the
//! same answer, bit for bit for a wheel whose parameters passed validation, as the general
//! path (`query_general`: the query built and normalised, the cached query, the hit held in
//! the wheel's [`HitCache`], the contact and the previous plane's ground rise read back) and
//! as the plane's one pass ([`super::on_plane::query_on_plane`]), without their round trips.
//!
//! The same steps on the same numbers:
//! 1. the query's [`crate::ground::WheelQuery::normalized`] checks on the suspension line
//!    `(top, dir)` (a ray's axle is zero, so finite); its tests of the wheel's parameters
//!    cannot fail after [`super::WheelParams::validate`] (`0 < r ≤ 5` m, `0 < width ≤ 3` m,
//!    compression and droop in `(0, 2]` m: `s_max ≤ 4`, the reach `s_max + r ≤ 9` finite),
//!    so they are left out;
//! 2. the direction normalised once, `d₁ = d/|d|`, and the cast refused if `d₁ = 0` (a
//!    squared length that overflowed); round-off change, session 38: every path normalised
//!    its normalised query again, `d₂ = d₁/|d₁|`, and cast along `d₂`; with `|d₁| = 1` to a
//!    few ulp, `d₂ = d₁` to rounding, and the general path's cached query
//!    (`query_wheel_cached_with`) now casts along `d₁` too;
//! 3. the ground's ray from the strut top along `d₁`, of reach `s_max + r`: on a plane
//!    [`Plane::ray_checked`]'s arithmetic, on a heightfield its walk
//!    (`HeightField::ray_checked`), on any other ground its filtered ray; the hit's distance
//!    `t` gives the centre travel `s = t − r`;
//! 4. the hit held as the wheel's plane (`from_ray`, valid, age 0), or the plane forgotten on
//!    a miss; within the travel (`s ≤ s_max`) the contact, the jounce `x_max − s` and the
//!    ground rise against the previous ray plane `(p₀, n₀)`, met along the once-normalised
//!    line: `s₀ = (p₀ − top)·n₀ / (d₁·n₀) − r` when it faces the line
//!    (`−d₁·n₀ ≥` [`crate::ground::MIN_CLOSING_COS`]) and `s₀` lies within the travel, then
//!    [`crate::suspension::model::ground_rise`]`(s₀, s, ..)`.
//!
//! Why: on a plane the general path spent ≈ 550 instructions a wheel, the plane's one pass
//! ≈ 335 (its query and hit copies, the sweep's and crown's branches); this ≈ 185
//! (callgrind, session 38). Tests: `the_ray_path_is_the_plane_path`,
//! `the_ray_path_is_the_general_path`.

use super::WheelState;
use crate::ground::wheel::direction_ok;
use crate::ground::{AskedGround, Ground, GroundHit, HitCache, Plane, QueryFilter};
use crate::math::{finite, finite_vec};
use glam::DVec3;

/// The ray query of wheel `wp` along its suspension line `line` on `ground`, which is not a
/// plane (module docs): a heightfield's walk, or any other ground's ray seeing the shapes
/// `filter` passes (`ground::wheel::ray_of`'s choice). One call out of the contact stage's
/// loop: with a call for each ground there, the loop's other paths spilled (≈ 25
/// instructions more a sweep query on the heightfield, callgrind).
#[inline(never)]
pub(super) fn ray_off_plane(
    ground: AskedGround,
    filter: QueryFilter,
    wp: &super::WheelParams,
    line: (DVec3, DVec3),
    ws: &mut WheelState,
) {
    #[cfg(feature = "parry")]
    if let Some(field) = ground.as_height_field() {
        return ray_on_height_field(wp, field, line, ws);
    }
    ray_on_ground(wp, (&*ground, filter), line, ws);
}

/// The ray query of wheel `wp` along its suspension line `(top, dir)` on `plane` (module docs).
#[inline(never)]
pub(super) fn ray_on_plane(
    wp: &super::WheelParams,
    plane: &Plane,
    line: (DVec3, DVec3),
    ws: &mut WheelState,
) {
    ray_along(wp, line, ws, |o, d, reach| {
        // `d` passed `direction_ok` in `ray_along`.
        let (t, point) = ray_hit(plane, o, d, reach)?;
        Some(GroundHit {
            point,
            normal: plane.normal,
            distance: t,
            surface: plane.surface,
            surface_velocity_world: plane.surface_velocity_world,
        })
    });
}

/// The ray query of wheel `wp` along its suspension line `(top, dir)` on the heightfield
/// `field` (module docs): its walk after the plane's check of the direction
/// (`ground::wheel::ray_of`).
#[cfg(feature = "parry")]
#[inline(always)]
fn ray_on_height_field(
    wp: &super::WheelParams,
    field: &crate::ground::HeightField,
    line: (DVec3, DVec3),
    ws: &mut WheelState,
) {
    // `d` passed `direction_ok` in `ray_along`.
    ray_along(wp, line, ws, |o, d, reach| field.ray_checked(o, d, reach));
}

/// The ray query of wheel `wp` along its suspension line `(top, dir)` on any other `ground`,
/// through its filtered ray (module docs).
#[inline(always)]
fn ray_on_ground(
    wp: &super::WheelParams,
    (ground, filter): (&dyn Ground, QueryFilter),
    line: (DVec3, DVec3),
    ws: &mut WheelState,
) {
    ray_along(wp, line, ws, |o, d, reach| {
        ground.cast_ray_filtered(o, d, reach, filter)
    });
}

/// The module's query with the ground's ray `cast(origin, d₁, reach)` (steps 1–4 of the
/// module docs).
#[inline(always)]
fn ray_along(
    wp: &super::WheelParams,
    (top, dir): (DVec3, DVec3),
    ws: &mut WheelState,
    cast: impl FnOnce(DVec3, DVec3, f64) -> Option<GroundHit>,
) {
    let sp = &wp.suspension;
    let (s_max, r) = (sp.max_compression + sp.max_droop, wp.radius);
    // `WheelQuery::usable` of the line; the parameters' tests cannot fail (module docs).
    let usable = finite_vec(top) && finite_vec(dir) && dir.length_squared() > 0.0;
    if !usable {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    }
    // Normalised once (step 2): the cast along `d₁`, its direction checked once.
    let d1 = dir.normalize();
    let hit = if direction_ok(d1) {
        cast(top, d1, s_max + r)
    } else {
        None
    };
    let Some(hit) = hit else {
        ws.hit_cache.invalidate();
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    let s = hit.distance - r;
    let c = &mut ws.hit_cache;
    // The previous plane (a ray's when valid), read before the new one replaces it.
    let (was_valid, old_point, old_normal) = (c.valid, c.point, c.normal);
    *c = HitCache {
        point: hit.point,
        normal: hit.normal,
        surface: hit.surface,
        surface_velocity_world: hit.surface_velocity_world,
        from_ray: true,
        valid: true,
        age: 0,
    };
    // Within the travel (false for NaN).
    let within = s <= s_max;
    if !within {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    }
    ws.contact_point_world = hit.point;
    ws.contact_normal_world = hit.normal;
    ws.surface = hit.surface;
    ws.surface_velocity_world = hit.surface_velocity_world;
    ws.measured_jounce = Some(crate::suspension::model::jounce_from_travel(sp, s));
    ws.ground_rise = 0.0;
    if was_valid {
        // The previous ray plane met along the once-normalised line (`HitCache::travel`).
        let dn = d1.dot(old_normal);
        if -dn < crate::ground::MIN_CLOSING_COS || dn.is_nan() {
            return;
        }
        let s_old = (old_point - top).dot(old_normal) / dn - r;
        if s_old <= s_max && finite(s_old) {
            // `suspension::model::ground_rise(s_old, s, ..)` written out (its call, with the
            // closure's captures, was not inlined).
            let rise = s_old - s;
            let slop = crate::suspension::model::GROUND_RISE_SLOP;
            ws.ground_rise = if rise < -slop && (hit.point - old_point).dot(old_normal) > slop {
                rise
            } else {
                rise.max(0.0)
            };
        }
    }
}

/// [`Plane::ray_checked`]'s distance and point, the same operations: the ray from `origin`
/// along unit `d` of length `reach` on `plane`.
#[inline(always)]
fn ray_hit(plane: &Plane, origin: DVec3, d: DVec3, reach: f64) -> Option<(f64, DVec3)> {
    let h0 = plane.signed_distance(origin);
    if h0 <= 0.0 {
        return Some((0.0, origin));
    }
    let closing = -d.dot(plane.normal);
    if closing <= 0.0 {
        return None;
    }
    let t = h0 / closing;
    (t <= reach).then(|| (t, origin + t * d))
}

#[cfg(test)]
mod tests;
