//! Hit-plane caching: a level of detail that lets a wheel skip scene queries.
//!
//! This is PhysX's "reuse hit planes" (vehicle2 `PxVehiclePhysXRoadGeometryQueryState` with
//! cached planes; `PxVehicleWheelQueryResult` in PhysX 4): after a real query the contact is
//! stored as a plane (point `p`, normal `n`, surface, surface velocity). For the next
//! `reuse_steps` steps the suspension line is intersected with that plane instead of casting:
//! - contacts found by the sphere sweep: the wheel cylinder is fitted to the plane,
//!   `s = (p − o − q)·n / (d·n)` with the support offset `q` of
//!   [`cylinder_support_offset`](super::cylinder_support_offset) (see [`super::wheel`]);
//! - contacts found by a ray (raycast mode or the sweep's fallback): `t = (p − o)·n / (d·n)`,
//!   `s = t − r`, contact point `o + t·d`.
//!
//! If the line does not reach the plane within the travel (`s > s_max`, or the plane no longer
//! faces the suspension, `−d·n <` [`MIN_CLOSING_COS`]), the wheel has no
//! contact this step; the plane stays cached until its age runs out. A query that finds no
//! ground invalidates the cache, so an airborne wheel casts every step.
//!
//! The plane is exact for flat ground and a good approximation while the wheel moves less than
//! the size of the ground features in `reuse_steps` steps; it misses new steps, kerbs and
//! holes until the next cast. Use it for distant or slow vehicles.
//!
//! ```
//! use skidpad::ground::{query_wheel_cached, ContactMode, HitCache, HitRejection, Plane, WheelQuery};
//! use glam::DVec3;
//! let q = WheelQuery { origin: DVec3::new(0.0, 0.0, 0.5), direction: -DVec3::Z, max_distance: 0.3,
//!                      radius: 0.33, half_width: 0.1, axle: DVec3::Y };
//! let mut cache = HitCache::default();
//! for _ in 0..3 {
//!     let c = query_wheel_cached(&Plane::flat(), &q, ContactMode::Sweep, &HitRejection::default(),
//!                                &mut cache, 2).unwrap();
//!     assert!((c.centre_distance - 0.17).abs() < 1e-12);
//! }
//! assert_eq!(cache.age, 2);
//! ```

use crate::math::finite;
use glam::DVec3;

use super::wheel::{
    CrownFit, MIN_CLOSING_COS, query_wheel_unit_into, resolve_cylinder, resolve_cylinder_with,
};
use super::{
    ContactMode, Ground, GroundHit, HitRejection, QueryFilter, SurfaceId, SweepHitMode,
    WheelContact, WheelQuery,
};

/// One wheel's cached hit plane. `Default` is invalid (the next query casts).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HitCache {
    /// A point on the cached ground plane. Unit: m.
    pub point: DVec3,
    /// Unit normal of the cached plane, out of the ground.
    pub normal: DVec3,
    /// Surface type of the cached contact.
    pub surface: SurfaceId,
    /// Ground-material velocity of the cached contact. Unit: m/s.
    pub surface_velocity_world: DVec3,
    /// `true` if the plane came from a ray hit (ray semantics on reuse), `false` if from a
    /// sweep (cylinder fit on reuse).
    pub from_ray: bool,
    /// `true` if the fields above hold a plane.
    pub valid: bool,
    /// Steps since the plane was cast (0 on the step that cast it).
    pub age: u32,
}

impl HitCache {
    /// Forget the plane: the next query casts (after a teleport, a scene change, ...).
    pub fn invalidate(&mut self) {
        *self = Self::default();
    }

    /// Contact of the wheel `q` with the cached plane (`None` when the cache holds no plane,
    /// the line does not reach it within the travel or the plane does not face it): what a
    /// reuse of the plane gives, without touching the cache's age.
    pub fn contact_with(&self, q: &WheelQuery) -> Option<WheelContact> {
        if !self.valid {
            return None;
        }
        self.contact(&q.normalized()?)
    }

    /// [`HitCache::contact_with`] for a query `nq` already normalised (`nq = q.normalized()`),
    /// reusing the crown fit `fit` of another contact
    /// when it provably gives the same support offset: this plane is a sweep's, its normal
    /// has the bits of `normal` (the fitted contact's) and `fit.axle` the bits of `nq.axle`
    /// (radius and half width are `nq`'s in both). Otherwise it fits the plane itself. The
    /// same contact either way. Always inlined (two callers in the step, the contact stage's
    /// and the heightfield sweep's), as the codegen units did until the grip stage changed
    /// (branch `grip-s39`: as a call, +0.3 k instructions a vehicle-step on the sweep cars'
    /// heightfield rows).
    #[inline(always)]
    pub(crate) fn contact_with_fit(
        &self,
        nq: &WheelQuery,
        normal: DVec3,
        fit: Option<CrownFit>,
    ) -> Option<WheelContact> {
        if !self.valid {
            return None;
        }
        match fit {
            Some(f)
                if !self.from_ray
                    && same_bits(self.normal, normal)
                    && same_bits(f.axle, nq.axle) =>
            {
                let (s, point) = resolve_cylinder_with(nq, self.point, self.normal, f.offset)?;
                (s <= nq.max_distance && finite(s)).then(|| self.contact_at_point(s, point))
            }
            _ => self.contact(nq),
        }
    }

    /// Hold the hit `hit` as this plane, with contact point `point` (`valid` and `age` are
    /// the caller's), and pass on the contact's centre travel `s` and crown fit `fit`.
    #[inline]
    pub(crate) fn hold(
        &mut self,
        hit: &GroundHit,
        point: DVec3,
        from_ray: bool,
        s: f64,
        fit: Option<CrownFit>,
    ) -> (f64, Option<CrownFit>) {
        self.point = point;
        self.normal = hit.normal;
        self.surface = hit.surface;
        self.surface_velocity_world = hit.surface_velocity_world;
        self.from_ray = from_ray;
        (s, fit)
    }

    /// The contact this plane holds (its point), at centre travel `s`.
    #[inline]
    pub(crate) fn contact_at_travel(&self, s: f64) -> WheelContact {
        self.contact_at_point(s, self.point)
    }

    /// This plane's contact at centre travel `s` and point `point`.
    #[inline]
    fn contact_at_point(&self, s: f64, point: DVec3) -> WheelContact {
        WheelContact {
            point,
            normal: self.normal,
            centre_distance: s,
            surface: self.surface,
            surface_velocity_world: self.surface_velocity_world,
        }
    }

    /// Contact of the wheel `q` with the cached plane; `q` must be normalised.
    fn contact(&self, q: &WheelQuery) -> Option<WheelContact> {
        let (s, point) = self.travel(q)?;
        Some(self.contact_at_point(s, point))
    }

    /// The centre travel and contact point of [`HitCache::contact`].
    #[inline]
    fn travel(&self, q: &WheelQuery) -> Option<(f64, DVec3)> {
        let (s, point) = if self.from_ray {
            let dn = q.direction.dot(self.normal);
            if -dn < MIN_CLOSING_COS || dn.is_nan() {
                return None;
            }
            let t = (self.point - q.origin).dot(self.normal) / dn;
            (t - q.radius, q.origin + t * q.direction)
        } else {
            resolve_cylinder(q, self.point, self.normal)?
        };
        (s <= q.max_distance && finite(s)).then_some((s, point))
    }
}

/// [`query_wheel`](super::query_wheel) with a per-wheel [`HitCache`]: casts when the cache is
/// invalid or its plane has been reused `reuse_steps` times (`reuse_steps = 0`: cast every
/// step; `2`: cast, reuse, reuse, cast, ...), otherwise intersects the suspension line with the
/// cached plane (see the [module docs](crate::ground::cache)). Allocation-free.
pub fn query_wheel_cached(
    ground: &dyn Ground,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &HitRejection,
    cache: &mut HitCache,
    reuse_steps: u32,
) -> Option<WheelContact> {
    let (filter, sweep) = (QueryFilter::DRIVABLE, SweepHitMode::Blocking);
    query_wheel_cached_with(ground, q, mode, reject, filter, sweep, cache, reuse_steps)
}

/// [`query_wheel_cached`] with query control (`filter`, blocking or non-blocking `sweep`; see
/// [`super::filter`]). Allocation-free.
#[allow(clippy::too_many_arguments)]
pub fn query_wheel_cached_with(
    ground: &dyn Ground,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &HitRejection,
    filter: QueryFilter,
    sweep: SweepHitMode,
    cache: &mut HitCache,
    reuse_steps: u32,
) -> Option<WheelContact> {
    let nq = q.normalized()?;
    let ground = super::AskedGround::of(ground);
    query_wheel_cached_normalized(ground, &nq, mode, reject, filter, sweep, cache, reuse_steps)
        .map(|(s, point, _)| cache.contact_at_point(s, point))
}

/// `true` if `a` and `b` have the same bits (unlike `==`, which equates `0.0` and `-0.0`).
#[inline]
pub(crate) fn same_bits(a: DVec3, b: DVec3) -> bool {
    a.x.to_bits() == b.x.to_bits()
        && a.y.to_bits() == b.y.to_bits()
        && a.z.to_bits() == b.z.to_bits()
}

/// [`query_wheel_cached_with`] for a query `nq` already normalised (`nq = q.normalized()`,
/// which returned `Some`): the contact's centre travel and point, and
/// the crown fit of a freshly cast sweep contact (`None` for a ray's and a reused plane's);
/// its normal, surface and surface velocity are the cache's, where the cast writes its hit
/// directly ([`query_wheel_unit_into`]). The same contact and cache as before. Inlined
/// into its caller, so nothing is copied through return slots.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn query_wheel_cached_normalized(
    ground: super::AskedGround,
    nq: &WheelQuery,
    mode: ContactMode,
    reject: &impl super::wheel::AcceptsHit,
    filter: QueryFilter,
    sweep: SweepHitMode,
    cache: &mut HitCache,
    reuse_steps: u32,
) -> Option<(f64, DVec3, Option<CrownFit>)> {
    if cache.valid && cache.age < reuse_steps {
        cache.age += 1;
        return cache.travel(nq).map(|(s, point)| (s, point, None));
    }
    // The cast along `nq`'s once-normalised line (round-off change, session 38: it was
    // normalised again, `d₂ = d₁/|d₁|`; `|d₁| = 1` to a few ulp, so `d₂ = d₁` to rounding),
    // refused for a direction whose squared length overflowed and was scaled to zero.
    let found = super::wheel::direction_ok(nq.direction)
        .then_some(nq)
        .and_then(|q| query_wheel_unit_into(ground, q, mode, reject, filter, sweep, cache));
    match found {
        Some((s, fit)) => {
            (cache.valid, cache.age) = (true, 0);
            Some((s, cache.point, fit))
        }
        None => {
            cache.invalidate();
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::wheel::query_wheel_unit;
    use crate::ground::{Plane, query_wheel};
    use glam::{DQuat, DVec2};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A ground that counts its queries.
    struct Counting<G>(G, AtomicUsize);

    impl<G: Ground> Ground for Counting<G> {
        fn cast_ray(&self, o: DVec3, d: DVec3, m: f64) -> Option<GroundHit> {
            self.1.fetch_add(1, Ordering::Relaxed);
            self.0.cast_ray(o, d, m)
        }
        fn cast_sphere(&self, o: DVec3, r: f64, d: DVec3, m: f64) -> Option<GroundHit> {
            self.1.fetch_add(1, Ordering::Relaxed);
            self.0.cast_sphere(o, r, d, m)
        }
    }

    fn wheel(x: f64) -> WheelQuery {
        WheelQuery {
            origin: DVec3::new(x, 0.3, 0.8),
            direction: -DVec3::Z,
            max_distance: 1.0,
            radius: 0.33,
            half_width: 0.1,
            axle: DQuat::from_rotation_x(0.05) * DVec3::Y,
        }
    }

    #[test]
    fn reuses_then_recasts() {
        // 15 % incline rising along (1, 1): the cached plane is exact, so reused contacts equal
        // fresh ones as the wheel moves, in both modes.
        let plane = Plane::inclined(0.15_f64.atan(), DVec2::new(1.0, 1.0));
        let g = Counting(plane, AtomicUsize::new(0));
        let rej = HitRejection::default();
        for mode in [ContactMode::Sweep, ContactMode::Raycast] {
            g.1.store(0, Ordering::Relaxed);
            let mut cache = HitCache::default();
            assert!(!cache.valid);
            for step in 0..7 {
                let q = wheel(0.1 * f64::from(step));
                let c = query_wheel_cached(&g, &q, mode, &rej, &mut cache, 2).unwrap();
                let fresh = query_wheel(&plane, &q, mode, &rej).unwrap();
                assert!((c.centre_distance - fresh.centre_distance).abs() < 1e-12);
                assert!((c.point - fresh.point).length() < 1e-12);
                assert_eq!(cache.age, [0, 1, 2][step as usize % 3]);
            }
            // Casts at steps 0, 3, 6.
            assert_eq!(g.1.load(Ordering::Relaxed), 3, "{mode:?}");
        }
    }

    #[test]
    fn shared_crown_offset_gives_the_same_bits() {
        // The previous plane's contact through the new hit's crown fit equals the fit of the
        // plane itself, bit for bit: on the same slope (normals equal, the offset shared) and
        // on another one (normals differ, fitted afresh), over 200 wheel poses.
        let rej = HitRejection::default();
        let flat = DVec3::new(0.0, 0.0, 0.0);
        let (mut shared, mut found) = (0, 0);
        for i in 0..200 {
            let f = f64::from(i);
            let q = WheelQuery {
                origin: DVec3::new(0.37 * f, -0.21 * f, 0.55 + 0.001 * f),
                direction: DQuat::from_rotation_y(0.002 * f) * -DVec3::Z,
                axle: DQuat::from_rotation_x(0.003 * f - 0.3) * DVec3::Y,
                ..wheel(0.0)
            };
            let nq = q.normalized().unwrap();
            let slope = Plane::inclined(0.1, DVec2::new(1.0, 0.5));
            let (hit, _, fit) = query_wheel_unit(
                &slope,
                &nq,
                ContactMode::Sweep,
                &rej,
                QueryFilter::DRIVABLE,
                SweepHitMode::Blocking,
            )
            .unwrap();
            for (point, normal) in [
                (hit.point + DVec3::new(0.01 * f, 0.0, 0.0), hit.normal),
                (flat, DVec3::Z),
            ] {
                let previous = HitCache {
                    point,
                    normal,
                    valid: true,
                    ..HitCache::default()
                };
                shared += usize::from(same_bits(normal, hit.normal));
                let a = previous.contact_with_fit(&nq, hit.normal, fit);
                let b = previous.contact_with(&q);
                let bits = |c: Option<WheelContact>| {
                    c.map(|c| {
                        (
                            c.centre_distance.to_bits(),
                            c.point.to_array().map(f64::to_bits),
                        )
                    })
                };
                assert_eq!(bits(a), bits(b), "pose {i}");
                found += usize::from(a.is_some());
            }
        }
        assert_eq!(shared, 200);
        assert_eq!(found, 400);
    }

    #[test]
    fn stale_plane_until_recast_and_out_of_range() {
        let rej = HitRejection::default();
        let mut cache = HitCache::default();
        let q = wheel(0.0);
        let c = query_wheel_cached(&Plane::flat(), &q, ContactMode::Sweep, &rej, &mut cache, 5)
            .unwrap();
        // Ground raised 0.2 m: the cache still answers with the old plane.
        let raised = Plane::flat_at(0.2);
        let c2 = query_wheel_cached(&raised, &q, ContactMode::Sweep, &rej, &mut cache, 5).unwrap();
        assert_eq!(c.centre_distance, c2.centre_distance);
        // Wheel lifted out of reach of the cached plane: no contact, cache kept.
        let high = WheelQuery {
            origin: DVec3::new(0.0, 0.3, 5.0),
            ..q
        };
        assert!(
            query_wheel_cached(&raised, &high, ContactMode::Sweep, &rej, &mut cache, 5).is_none()
        );
        assert!(cache.valid);
        // reuse_steps = 0 always casts: sees the raised plane; a miss invalidates.
        let c3 = query_wheel_cached(&raised, &q, ContactMode::Sweep, &rej, &mut cache, 0).unwrap();
        assert!((c.centre_distance - c3.centre_distance - 0.2).abs() < 1e-12);
        assert!(
            query_wheel_cached(&raised, &high, ContactMode::Sweep, &rej, &mut cache, 0).is_none()
        );
        assert!(!cache.valid);
        // Degenerate query: None, no NaN.
        let bad = WheelQuery {
            direction: DVec3::ZERO,
            ..q
        };
        assert!(
            query_wheel_cached(&raised, &bad, ContactMode::Sweep, &rej, &mut cache, 3).is_none()
        );
    }
}
