//! Vehicle decks: other vehicles' bodies as ground for a vehicle's wheels (a car transporter,
//! a ferry ramp on a truck; PhysX lets cars drive on cars when their chassis shapes carry
//! drivable query filter data). Used by [`World`](crate::World) when
//! [`World::set_vehicle_contact`](crate::World::set_vehicle_contact) is on.
//!
//! A [`Deck`] is one vehicle's body box (`[min, max]` in its vehicle frame) at its pose at the
//! **start** of the world step, moving rigidly with that vehicle's velocities. A
//! [`DeckGround`] is what one vehicle's wheels query during the step: a base ground plus every
//! other vehicle's deck (its own is skipped: PhysX's "suspension raycasts must not hit the
//! shapes of the vehicle issuing the raycasts"). Because the decks are posed once, before any
//! vehicle moves, the vehicles stay independent within a step and parallel stepping is
//! deterministic.
//!
//! Queries, in the deck's frame (`o`, `d` the query origin and unit direction there):
//! - ray: the slab test on `[min, max]`; the entry face gives the normal. A ray starting inside
//!   hits at distance 0 with normal `−d` (parry's solid convention);
//! - sphere of radius `r`: the ray of its centre against the box grown by `r` on every side
//!   (exact on the faces, where a wheel drives; the grown box's edges and corners are square,
//!   not rounded, so near an edge the sphere is stopped up to `r(√3 − 1)` early — a deck edge
//!   is met a little early, never missed). The hit point is `c − r·n` on the original face;
//!   a sphere overlapping at the start hits at 0 with the face of least penetration.
//!
//! The material velocity at a deck point `x` is `v + ω × (x − x_com)` (m/s), the carrying
//! vehicle's rigid motion at the start of the step. Decks carry wheels only: they answer the
//! wheel queries ([`Ground::cast_ray_filtered`], [`Ground::cast_sphere_filtered`],
//! [`Ground::cast_sphere_touches`], as drivable shapes, [`super::ShapeFilter::DRIVABLE`]); the
//! unfiltered queries (body contact, rim, end stops) see the base ground alone, so bodies
//! still pass through each other as before.
//!
//! ```
//! use skidpad::ground::{Deck, DeckGround, Ground, Plane, QueryFilter, SurfaceId};
//! use skidpad::{DVec3, Pose};
//! // A deck whose top is at z = 1.0 + 0.8 = 1.8 m.
//! let deck = Deck {
//!     pose: Pose::from_translation(DVec3::new(0.0, 0.0, 1.0)),
//!     min: DVec3::new(-3.0, -1.0, 0.2),
//!     max: DVec3::new(3.0, 1.0, 0.8),
//!     com_world: DVec3::new(0.0, 0.0, 1.0),
//!     linear_velocity_world: DVec3::ZERO,
//!     angular_velocity_world: DVec3::ZERO,
//!     surface: SurfaceId(0),
//! };
//! let decks = [Some(deck)];
//! let g = DeckGround { base: &Plane::flat(), decks: &decks, skip: usize::MAX };
//! let hit = g.cast_ray_filtered(DVec3::new(0.5, 0.0, 3.0), -DVec3::Z, 5.0, QueryFilter::DRIVABLE);
//! assert!((hit.unwrap().point.z - 1.8).abs() < 1e-12);
//! ```

use glam::DVec3;

use super::{Ground, GroundHit, QueryFilter, ShapeFilter, SurfaceId, SweepHits};
use crate::math::Pose;

/// Below this `|d_a|` a query direction is parallel to the deck's faces normal to axis `a`.
const PARALLEL_EPS: f64 = 1e-12;

/// One vehicle's body box as ground, posed at the start of the world step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Deck {
    /// The carrying vehicle's pose (vehicle frame → world).
    pub pose: Pose,
    /// Lowest corner of the box in the vehicle frame. Unit: m.
    pub min: DVec3,
    /// Highest corner of the box in the vehicle frame. Unit: m.
    pub max: DVec3,
    /// The carrying vehicle's centre of mass. Unit: m.
    pub com_world: DVec3,
    /// Velocity of the carrying vehicle's centre of mass. Unit: m/s.
    pub linear_velocity_world: DVec3,
    /// Angular velocity of the carrying vehicle. Unit: rad/s.
    pub angular_velocity_world: DVec3,
    /// Surface type of the deck.
    pub surface: SurfaceId,
}

impl Deck {
    /// First hit of the segment `origin + t·direction`, `t ∈ [0, max_distance]`, with the box
    /// grown by `grow` (0 for a ray, `r` for a sphere's centre): `(t, world normal)`.
    fn cast_grown(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
        grow: f64,
    ) -> Option<(f64, DVec3)> {
        let inv = self.pose.rotation.conjugate();
        let o = inv * (origin - self.pose.translation);
        let d = inv * direction;
        let (lo, hi) = (self.min - DVec3::splat(grow), self.max + DVec3::splat(grow));
        let (mut t0, mut t1) = (f64::NEG_INFINITY, f64::INFINITY);
        let mut n0 = DVec3::ZERO;
        for a in 0..3 {
            if d[a].abs() < PARALLEL_EPS {
                if o[a] < lo[a] || o[a] > hi[a] {
                    return None;
                }
                continue;
            }
            let (ta, tb) = ((lo[a] - o[a]) / d[a], (hi[a] - o[a]) / d[a]);
            let (near, far) = if ta < tb { (ta, tb) } else { (tb, ta) };
            if near > t0 {
                t0 = near;
                n0 = DVec3::ZERO;
                n0[a] = -d[a].signum();
            }
            t1 = t1.min(far);
        }
        if t0 > t1 || t1 < 0.0 || !t0.is_finite() {
            return None;
        }
        if t0 >= 0.0 {
            return (t0 <= max_distance).then(|| (t0, self.pose.rotation * n0));
        }
        // Starts inside: the face of least penetration (a ray: against the direction).
        if grow == 0.0 {
            return Some((0.0, -direction));
        }
        let mut best = (f64::INFINITY, DVec3::ZERO);
        for a in 0..3 {
            for (depth, sign) in [(o[a] - lo[a], -1.0), (hi[a] - o[a], 1.0)] {
                if depth < best.0 {
                    let mut n = DVec3::ZERO;
                    n[a] = sign;
                    best = (depth, n);
                }
            }
        }
        Some((0.0, self.pose.rotation * best.1))
    }

    fn hit(&self, point: DVec3, normal: DVec3, distance: f64) -> GroundHit {
        GroundHit {
            point,
            normal,
            distance,
            surface: self.surface,
            surface_velocity_world: self.linear_velocity_world
                + self.angular_velocity_world.cross(point - self.com_world),
        }
    }

    /// Ray query (see the [module docs](self)).
    pub fn cast_ray(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        let (t, n) = self.cast_grown(origin, direction, max_distance, 0.0)?;
        Some(self.hit(origin + t * direction, n, t))
    }

    /// Sphere sweep (see the [module docs](self)).
    pub fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        let (t, n) = self.cast_grown(origin, direction, max_distance, radius)?;
        Some(self.hit(origin + t * direction - radius * n, n, t))
    }

    /// `true` if `point` (world) lies in the box grown by `tolerance` (m): how the world finds
    /// which deck a wheel's contact is on.
    pub fn contains(&self, point: DVec3, tolerance: f64) -> bool {
        let p = self.pose.rotation.conjugate() * (point - self.pose.translation);
        let t = DVec3::splat(tolerance);
        p.cmpge(self.min - t).all() && p.cmple(self.max + t).all()
    }
}

/// A base ground plus the decks of the other vehicles (see the [module docs](self)):
/// `decks[i]` is vehicle `i`'s (`None`: it has no body box), `skip` the querying vehicle.
#[derive(Debug, Clone, Copy)]
pub struct DeckGround<'a, G: ?Sized> {
    /// The world's ground.
    pub base: &'a G,
    /// Every vehicle's deck, in spawn order.
    pub decks: &'a [Option<Deck>],
    /// The index of the vehicle whose wheels query (its own deck is skipped).
    pub skip: usize,
}

impl<G: Ground + ?Sized> DeckGround<'_, G> {
    fn others(&self, filter: QueryFilter) -> impl Iterator<Item = &Deck> {
        let on = filter.passes(ShapeFilter::DRIVABLE);
        self.decks
            .iter()
            .enumerate()
            .filter(move |(i, _)| on && *i != self.skip)
            .filter_map(|(_, d)| d.as_ref())
    }
}

fn nearer(a: Option<GroundHit>, b: Option<GroundHit>) -> Option<GroundHit> {
    match (a, b) {
        (Some(x), Some(y)) => Some(if y.distance < x.distance { y } else { x }),
        (x, None) => x,
        (None, y) => y,
    }
}

impl<G: Ground + ?Sized> Ground for DeckGround<'_, G> {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        self.base.cast_ray(origin, direction, max_distance)
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        self.base
            .cast_sphere(origin, radius, direction, max_distance)
    }

    fn cast_ray_filtered(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        let mut best = self
            .base
            .cast_ray_filtered(origin, direction, max_distance, filter);
        for d in self.others(filter) {
            best = nearer(best, d.cast_ray(origin, direction, max_distance));
        }
        best
    }

    fn cast_sphere_filtered(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        let mut best =
            self.base
                .cast_sphere_filtered(origin, radius, direction, max_distance, filter);
        for d in self.others(filter) {
            best = nearer(best, d.cast_sphere(origin, radius, direction, max_distance));
        }
        best
    }

    fn cast_sphere_touches(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
        hits: &mut SweepHits,
    ) {
        self.base
            .cast_sphere_touches(origin, radius, direction, max_distance, filter, hits);
        for d in self.others(filter) {
            if let Some(h) = d.cast_sphere(origin, radius, direction, max_distance) {
                hits.push(h);
            }
        }
    }

    fn surfaces(&self) -> &crate::surface::SurfaceTable {
        self.base.surfaces()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DQuat;

    fn deck() -> Deck {
        // Yawed 90°: the box's x (length 6 m) lies along world y.
        Deck {
            pose: Pose {
                translation: DVec3::new(0.0, 0.0, 1.0),
                rotation: DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
            },
            min: DVec3::new(-3.0, -1.0, 0.2),
            max: DVec3::new(3.0, 1.0, 0.8),
            com_world: DVec3::new(0.0, 0.0, 1.0),
            linear_velocity_world: DVec3::new(2.0, 0.0, 0.0),
            angular_velocity_world: DVec3::new(0.0, 0.0, 0.5),
            surface: SurfaceId(2),
        }
    }

    /// Hand numbers: top at 1.8 m; a ray from 3 m down at (0.5, 2, ·) (inside the yawed box's
    /// footprint: |x| ≤ 1, |y| ≤ 3) hits at t = 1.2; a sphere of r = 0.3 stops with its centre
    /// at 2.1 m (t = 0.9), the point on the top face. Surface velocity at (0.5, 2, 1.8):
    /// v + ω × (x − com) = (2, 0, 0) + 0.5 ẑ × (0.5, 2, 0.8) = (2 − 1, 0.25, 0) = (1, 0.25, 0).
    /// At (1.5, 0, ·) the ray misses (|x| > 1), the sphere (grown box: |x| ≤ 1.3) too.
    #[test]
    fn deck_top_hand_numbers() {
        let d = deck();
        let o = DVec3::new(0.5, 2.0, 3.0);
        let h = d.cast_ray(o, -DVec3::Z, 5.0).unwrap();
        assert!((h.distance - 1.2).abs() < 1e-12 && (h.normal - DVec3::Z).length() < 1e-12);
        assert!((h.surface_velocity_world - DVec3::new(1.0, 0.25, 0.0)).length() < 1e-12);
        let s = d.cast_sphere(o, 0.3, -DVec3::Z, 5.0).unwrap();
        assert!((s.distance - 0.9).abs() < 1e-12 && (s.point.z - 1.8).abs() < 1e-12);
        assert_eq!(s.surface, SurfaceId(2));
        let off = DVec3::new(1.5, 0.0, 3.0);
        assert!(d.cast_ray(off, -DVec3::Z, 5.0).is_none());
        assert!(d.cast_sphere(off, 0.3, -DVec3::Z, 5.0).is_none());
        assert!(d.contains(DVec3::new(0.5, 2.0, 1.8), 1e-6));
        assert!(!d.contains(DVec3::new(1.5, 0.0, 1.5), 1e-3));
        // Too short to reach the top.
        assert!(d.cast_ray(o, -DVec3::Z, 1.1).is_none());
    }

    /// The own deck is skipped, the others are wheel ground only, and a drivable filter sees
    /// them: the nearer of deck and base wins.
    #[test]
    fn deck_ground_skips_its_own_and_the_unfiltered_queries() {
        let decks = [Some(deck()), None];
        let base = crate::ground::Plane::flat();
        let o = DVec3::new(0.5, 2.0, 3.0);
        let f = QueryFilter::DRIVABLE;
        let other = DeckGround {
            base: &base,
            decks: &decks,
            skip: 1,
        };
        let h = other.cast_ray_filtered(o, -DVec3::Z, 5.0, f).unwrap();
        assert!((h.point.z - 1.8).abs() < 1e-12);
        assert!(other.cast_ray(o, -DVec3::Z, 5.0).unwrap().point.z.abs() < 1e-12);
        let own = DeckGround {
            base: &base,
            decks: &decks,
            skip: 0,
        };
        let h = own.cast_sphere_filtered(o, 0.3, -DVec3::Z, 5.0, f).unwrap();
        assert!(h.point.z.abs() < 1e-12);
        let mut hits = SweepHits::default();
        other.cast_sphere_touches(o, 0.3, -DVec3::Z, 5.0, f, &mut hits);
        assert_eq!(hits.len(), 2);
    }
}
