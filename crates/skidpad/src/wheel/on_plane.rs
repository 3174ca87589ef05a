//! The contact stage's ground query when the ground is a [`Plane`] and the wheel casts (its
//! hit cache is not reused this substep): the same answer, bit for bit, as the general path
//! of `query_ground_along` (the cached query through [`crate::ground::Ground`]'s plane
//! arithmetic, the hit held in the wheel's [`HitCache`], then the contact and the previous
//! plane's `ground_rise` read back from it), in one pass without its round trips.
//!
//! Why: on a plane the general path spent ≈ 550 instructions on a ray (≈ 900 on a sweep)
//! where its arithmetic needs a few dozen: the 80 B copy of the previous plane, the hit
//! built as a [`crate::ground::GroundHit`], held in the cache and read back, the query's
//! modes tested again inside the cached query, the plane asked for twice through the trait.
//! Here the same helpers run in the same order on the same numbers (the query normalised,
//! then normalised again as every query is; [`Plane::sphere_checked`] or
//! [`Plane::ray_checked`]; the sweep's hit rejection and cylinder fit, the ray as its
//! fallback), so every result is the general path's; the test
//! `the_plane_path_is_the_general_path` checks it on seeded random wheels, planes and cached
//! previous planes, misses and non-finite inputs included.
//!
//! A ray whose previous plane is a ray's (or none) — the ray-cast cars' every query —
//! takes [`ray_on_plane`]: the same steps again with the sweep's and the crown's branches
//! gone, the plane's hit not built as a [`crate::ground::GroundHit`] and copied, and the
//! query's tests of the wheel's validated parameters left out (they cannot fail); ≈ 185
//! instructions a wheel where the path above took ≈ 335 (callgrind, session 38). The test
//! `the_ray_path_is_the_plane_path` checks it against [`query_on_plane`], bit for bit.

use super::WheelState;
use crate::ground::cache::same_bits;
use crate::ground::wheel::AcceptsHit;
use crate::ground::wheel::{direction_ok, resolve_cylinder_fit, resolve_cylinder_with};
use crate::ground::{ContactMode, ContactParams, HitCache, Plane, WheelQuery, resolve_cylinder};
use crate::math::{finite, finite_vec};
use crate::suspension::SuspensionParams;
use glam::DVec3;

/// [`query_on_plane`] of wheel `wp`'s query from `top` along `dir` with the substep's axle
/// ([`WheelState::axle_world_substep`]), built here: out of line, and the query not built
/// by the caller, so the general path (every other ground) keeps its code (inlined, or with
/// the query built before the choice, it cost ≈ 20–40 more instructions a query).
#[inline(never)]
pub(super) fn query_on_plane_along(
    wp: &super::WheelParams,
    contact: (&ContactParams, &impl AcceptsHit),
    plane: &Plane,
    (top, dir): (DVec3, DVec3),
    ws: &mut WheelState,
    last: Option<DVec3>,
) {
    let q = super::wheel_query(wp, top, dir, ws.axle_world_substep);
    query_on_plane(&wp.suspension, contact, plane, (&q, last), ws);
}

/// [`query_on_plane_along`] for a wheel that casts a ray and whose previous plane, if any, is
/// a ray's (`ray_only` in `query_ground_along`: its axle is zero and no last query's axle is
/// asked for), written out for the ray: the same bits for a wheel whose parameters passed
/// validation, without the query's copies, the sweep's branches, the hit built and copied
/// and the cached plane's 80 B copy. The same steps on the same numbers: the query's
/// [`WheelQuery::normalized`] checks on the line (its zero axle is finite; the parameters'
/// cannot fail), the direction normalised twice (the cast's query is the renormalised one),
/// [`Plane::ray_checked`] of reach `s_max + r`, and the previous ray plane met along the
/// once-normalised line ([`Old::travel`]'s ray branch). Test: `the_ray_path_is_the_plane_path`.
#[inline(never)]
pub(super) fn ray_on_plane(
    wp: &super::WheelParams,
    plane: &Plane,
    (top, dir): (DVec3, DVec3),
    ws: &mut WheelState,
) {
    let sp = &wp.suspension;
    let (s_max, r) = (sp.max_compression + sp.max_droop, wp.radius);
    // `WheelQuery::usable` with a zero axle, less its tests of the wheel's validated
    // parameters, which cannot fail (`WheelParams::validate`: `0 < r ≤ 5`, `0 < width ≤ 3`,
    // the compression and droop in `(0, 2]` m, so `s_max ≤ 4` and `s_max + r ≤ 9`).
    let usable = finite_vec(top) && finite_vec(dir) && dir.length_squared() > 0.0;
    if !usable {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    }
    let d1 = dir.normalize();
    let reach = s_max + r;
    // `Plane::ray_checked` of the twice-normalised line (after `cast`'s checks), its hit's
    // distance and point without the hit built and copied.
    let hit = if direction_ok(d1) {
        let d2 = d1.normalize();
        if direction_ok(d2) {
            ray_hit(plane, top, d2, reach)
        } else {
            None
        }
    } else {
        None
    };
    let Some((t, point)) = hit else {
        ws.hit_cache.invalidate();
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    let s = t - r;
    let c = &mut ws.hit_cache;
    // The previous plane (a ray's when valid), read before the new one replaces it.
    let (was_valid, old_point, old_normal) = (c.valid, c.point, c.normal);
    (c.point, c.normal, c.surface) = (point, plane.normal, plane.surface);
    c.surface_velocity_world = plane.surface_velocity_world;
    (c.from_ray, c.valid, c.age) = (true, true, 0);
    // Within the travel (false for NaN).
    let within = s <= s_max;
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
    ws.ground_rise = 0.0;
    if was_valid {
        // `Old::travel`'s ray branch on the once-normalised line.
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
            ws.ground_rise = if rise < -slop && (point - old_point).dot(old_normal) > slop {
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

/// What a cast on the plane found: the centre travel `s`, the contact point, whether it came
/// from the ray, and for a sweep's contact its crown fit: the unit axle it was resolved with
/// and the support offset.
struct Found {
    s: f64,
    point: DVec3,
    from_ray: bool,
    fit: Option<(DVec3, DVec3)>,
}

/// The contact stage's query of wheel `ws` on `plane` for a cast (the caller checked that the
/// hit cache is not reused this substep, and that a sweep is a blocking one): `q` is the
/// wheel's query (origin the strut top, direction the travel, axle the substep's). Writes
/// what `query_ground_along` writes: the hit cache (the new plane, or invalidated on a
/// miss; untouched when the query is unusable), the measured jounce, the contact point,
/// normal, surface and surface velocity (when within the travel) and the ground rise
/// against the previous plane (met with the last query's axle `last` where the wheel turned
/// since: `super::turned`).
#[inline(always)]
pub(super) fn query_on_plane(
    sp: &SuspensionParams,
    (contact, reject): (&ContactParams, &impl AcceptsHit),
    plane: &Plane,
    (q, last): (&WheelQuery, Option<DVec3>),
    ws: &mut WheelState,
) {
    // Normalised once as the general path does for its own use, then again as its cached
    // query does (the second pass's bits are the ones every query has used).
    let Some(nq) = q.normalized() else {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    let found = nq
        .renormalized()
        .and_then(|q2| cast(plane, &q2, contact.mode, reject));
    let Some(f) = found else {
        ws.hit_cache.invalidate();
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    let previous = (ws.hit_cache.valid, ws.hit_cache.from_ray);
    let (old_point, old_normal) = (ws.hit_cache.point, ws.hit_cache.normal);
    ws.hit_cache = HitCache {
        point: f.point,
        normal: plane.normal,
        surface: plane.surface,
        surface_velocity_world: plane.surface_velocity_world,
        from_ray: f.from_ray,
        valid: true,
        age: 0,
    };
    // Within the travel (false for NaN).
    let within = f.s <= nq.max_distance;
    if !within {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    }
    ws.contact_point_world = f.point;
    ws.contact_normal_world = plane.normal;
    ws.surface = plane.surface;
    ws.surface_velocity_world = plane.surface_velocity_world;
    ws.measured_jounce = Some(crate::suspension::model::jounce_from_travel(sp, f.s));
    ws.ground_rise = match previous {
        (true, from_ray) => {
            let old = Old {
                point: old_point,
                normal: old_normal,
                from_ray,
            };
            let met = super::turned::with_axle(q, last);
            old.travel(met.as_ref().unwrap_or(&nq), plane.normal, f.fit)
                .map_or(0.0, |s_old| {
                    crate::suspension::model::ground_rise(s_old, f.s, || {
                        (f.point - old_point).dot(old_normal)
                    })
                })
        }
        (false, _) => 0.0,
    };
}

/// The cast of `ContactMode` `mode` on `plane` for the twice-normalised query `q`:
/// `query_wheel_unit_into`'s plane arithmetic (a blocking sweep: its hit, rejection and
/// cylinder fit, the ray as the fallback for a rejected or unfitted hit; or the ray alone).
#[inline]
fn cast(
    plane: &Plane,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &impl AcceptsHit,
) -> Option<Found> {
    if mode == ContactMode::Sweep {
        if !direction_ok(q.direction) {
            return None;
        }
        let hit = plane.sphere_checked(q.origin, q.radius, q.direction, q.max_distance)?;
        let centre = q.centre_at(hit.distance);
        if reject.accepts_hit(q.direction, centre, hit.point, hit.normal)
            && let Some((s, point, offset)) = resolve_cylinder_fit(q, hit.point, hit.normal)
        {
            return (s <= q.max_distance).then_some(Found {
                s,
                point,
                from_ray: false,
                fit: Some((q.axle, offset)),
            });
        }
    }
    let reach = q.max_distance + q.radius;
    if !(direction_ok(q.direction) && finite(reach)) {
        return None;
    }
    let hit = plane.ray_checked(q.origin, q.direction, reach)?;
    Some(Found {
        s: hit.distance - q.radius,
        point: hit.point,
        from_ray: true,
        fit: None,
    })
}

/// The wheel's previous (valid) plane, before the cast replaced it.
struct Old {
    point: DVec3,
    normal: DVec3,
    from_ray: bool,
}

impl Old {
    /// The centre travel at which the query `nq` (normalised once) meets this plane, as
    /// `HitCache::contact_with_fit` gives it for the new plane's normal `normal` and crown
    /// fit `fit` (a sweep's: its unit axle and support offset): `None` when the line does not
    /// reach it within the travel or it does not face the line.
    #[inline]
    fn travel(&self, nq: &WheelQuery, normal: DVec3, fit: Option<(DVec3, DVec3)>) -> Option<f64> {
        let s = match fit {
            Some((axle, o))
                if !self.from_ray && same_bits(self.normal, normal) && same_bits(axle, nq.axle) =>
            {
                resolve_cylinder_with(nq, self.point, self.normal, o)?.0
            }
            _ if self.from_ray => {
                let dn = nq.direction.dot(self.normal);
                if -dn < crate::ground::MIN_CLOSING_COS || dn.is_nan() {
                    return None;
                }
                (self.point - nq.origin).dot(self.normal) / dn - nq.radius
            }
            _ => resolve_cylinder(nq, self.point, self.normal)?.0,
        };
        (s <= nq.max_distance && finite(s)).then_some(s)
    }
}

#[cfg(test)]
mod tests;
