//! The contact stage's ground query when the ground is a [`Plane`] and the wheel casts (its
//! hit cache is not reused this substep): the answer of the general path of
//! `query_ground_along` (the cached query through [`crate::ground::Ground`]'s plane
//! arithmetic, the hit held in the wheel's [`HitCache`], then the contact and the previous
//! plane's `ground_rise` read back from it), in one pass without its round trips: bit for
//! bit for a ray (the query's ray, or the sweep's fallback), to round-off for a sweep's
//! fitted contact, which [`cast`] takes in closed form (session 39: the sphere's hit point is
//! not formed; the identities in its docs).
//!
//! Why: on a plane the general path spent ≈ 550 instructions on a ray (≈ 900 on a sweep)
//! where its arithmetic needs a few dozen: the 80 B copy of the previous plane, the hit
//! built as a [`crate::ground::GroundHit`], held in the cache and read back, the query's
//! modes tested again inside the cached query, the plane asked for twice through the trait.
//! Here the same helpers run in the same order (the query normalised once, as every cached
//! query is since session 38; the sweep's rejection and crown fit on the plane's closed
//! form, the ray as its fallback on [`Plane::ray_checked`]'s numbers); the test
//! `the_plane_path_is_the_general_path` checks it on seeded random wheels, planes and cached
//! previous planes, misses and non-finite inputs included: every bit, but a sweep's fitted
//! travel, point, jounce and ground rise within their derived round-off bound.
//!
//! A ray whose previous plane is a ray's (or none) takes `super::ray` instead, a blocking
//! sweep `super::sweep` (this pass's steps, with its cast and its previous plane's travel).

use super::WheelState;
use crate::ground::cache::same_bits;
use crate::ground::wheel::AcceptsHit;
use crate::ground::wheel::{cylinder_support_offset, direction_ok, resolve_cylinder_with};
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
    let q = super::query::wheel_query(wp, top, dir, ws.axle_world_substep);
    query_on_plane(&wp.suspension, contact, plane, (&q, last), ws);
}

/// What a cast on the plane found: the centre travel `s`, the contact point, whether it came
/// from the ray, and for a sweep's contact its crown fit: the unit axle it was resolved with
/// and the support offset.
pub(super) struct Found {
    pub(super) s: f64,
    pub(super) point: DVec3,
    pub(super) from_ray: bool,
    pub(super) fit: Option<(DVec3, DVec3)>,
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
    // Normalised once, as the general path's cached query casts (`query_wheel_cached_with`).
    let Some(nq) = q.normalized() else {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    let found = crate::ground::wheel::direction_ok(nq.direction)
        .then_some(&nq)
        .and_then(|q1| cast(plane, q1, contact.mode, reject));
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

/// The cast of `ContactMode` `mode` on `plane` for the normalised query `q`:
/// `query_wheel_unit_into`'s plane arithmetic (a blocking sweep: its hit, rejection and
/// cylinder fit, the ray as the fallback for a rejected or unfitted hit; or the ray alone),
/// the sweep in closed form (round-off, session 39).
///
/// On a plane (point `p₀`, unit normal `n`) with the strut top `o` at `h₀ = (o − p₀)·n` and
/// the closing cosine `c = −d·n`, the sweep's steps need no hit point:
/// - the sphere (radius `r`) starts overlapping when `h₀ < r` (its hit point `o − h₀·n`,
///   travel 0), else it reaches the plane within the travel when `c > 0` and
///   `t = (h₀ − r)/c ≤ s_max`, tested as `h₀ − r ≤ s_max·c` (the same inequality, `c > 0`);
/// - the rejection's point angle: the hit point lies at `−k·n` from the swept centre
///   (`k = r`, or `k = h₀` when overlapping), so `(p − c)·d ≥ |p − c|·cos` is
///   `sgn(k)·c ≥ cos` (`k = 0` accepted) ([`AcceptsHit::accepts_on_plane`]); the normal
///   angle's `−n·d` is `c`, the same bits;
/// - the crown fit `s = (p − o − q)·n/(d·n)` with `p` any point of the plane, `(p − o)·n =
///   −h₀`: `s = (h₀ + q·n)/c`, and its support point `o + s·d + q` lies on the plane
///   (`h₀ − s·c + q·n = 0`), so it is the contact point without the projection.
///
/// The same equations as the general path's (module docs of [`crate::ground::wheel`]); the
/// sphere's hit point and its distance are not formed, so `s` and the point differ from
/// them by round-off (a few ulps of the coordinates involved) and a hit exactly on a
/// rejection or reach boundary may decide the other way. The ray (the fallback, or the ray
/// mode) shares `h₀` and `c` with [`Plane::ray_checked`]'s bits: the same result.
/// Always inlined: called from two passes (this one and `super::sweep`), it came out of line
/// in the sweep's, a call and the query's spills ≈ 40 instructions a wheel.
#[inline(always)]
pub(super) fn cast(
    plane: &Plane,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &impl AcceptsHit,
) -> Option<Found> {
    if !direction_ok(q.direction) {
        return None;
    }
    // `Plane::signed_distance` and `Plane::ray_checked`'s closing cosine, the same bits.
    let h0 = plane.signed_distance(q.origin);
    let closing = -q.direction.dot(plane.normal);
    if mode == ContactMode::Sweep {
        // The sphere's hit: overlapping at the start (`k = h₀`), or reached within the
        // travel (`k = r`); no hit otherwise (NaN: none).
        let k = if h0 < q.radius {
            h0
        } else if closing > 0.0 && h0 - q.radius <= q.max_distance * closing {
            q.radius
        } else {
            return None;
        };
        // The fit's `−d·n < MIN_CLOSING_COS` (or NaN) sends the hit to the ray.
        if reject.accepts_on_plane(closing, k) && closing >= crate::ground::MIN_CLOSING_COS {
            let offset = cylinder_support_offset(q.radius, q.half_width, q.axle, plane.normal);
            let s = (h0 + offset.dot(plane.normal)) / closing;
            let point = q.centre_at(s) + offset;
            if finite(s) && finite_vec(point) {
                return (s <= q.max_distance).then_some(Found {
                    s,
                    point,
                    from_ray: false,
                    fit: Some((q.axle, offset)),
                });
            }
        }
    }
    // `Plane::ray_checked` of length `s_max + r` with its `h₀` and closing cosine.
    let reach = q.max_distance + q.radius;
    if !finite(reach) {
        return None;
    }
    let (t, point) = if h0 <= 0.0 {
        (0.0, q.origin)
    } else {
        if closing <= 0.0 {
            return None;
        }
        let t = h0 / closing;
        // Within the reach (false for NaN).
        let reached = t <= reach;
        if !reached {
            return None;
        }
        (t, q.origin + t * q.direction)
    };
    Some(Found {
        s: t - q.radius,
        point,
        from_ray: true,
        fit: None,
    })
}

/// The wheel's previous (valid) plane, before the cast replaced it.
pub(super) struct Old {
    pub(super) point: DVec3,
    pub(super) normal: DVec3,
    pub(super) from_ray: bool,
}

impl Old {
    /// The centre travel at which the query `nq` (normalised once) meets this plane, as
    /// `HitCache::contact_with_fit` gives it for the new plane's normal `normal` and crown
    /// fit `fit` (a sweep's: its unit axle and support offset): `None` when the line does not
    /// reach it within the travel or it does not face the line.
    #[inline]
    pub(super) fn travel(
        &self,
        nq: &WheelQuery,
        normal: DVec3,
        fit: Option<(DVec3, DVec3)>,
    ) -> Option<f64> {
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
