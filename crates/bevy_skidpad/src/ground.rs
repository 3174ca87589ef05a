//! The core's [`Ground`] over Avian's [`SpatialQuery`]: what a wheel probe stands on.
//!
//! Both queries go to Avian in Bevy axes and come back in core axes ([`crate::frame`]):
//! - [`Ground::cast_ray`] → [`SpatialQuery::cast_ray_predicate`] with `solid = true` (an origin
//!   inside a collider hits at distance 0); the hit point is `origin + distance·direction`.
//! - [`Ground::cast_sphere`] → [`SpatialQuery::cast_shape_predicate`] with a ball of the wheel
//!   radius (built once per vehicle at spawn, so a step does not allocate it); the hit is Avian's
//!   `point1`/`normal1`, the point and outward normal on the collider hit; an initial overlap
//!   gives distance 0, as the core's contract asks.
//!
//! The vehicle's own colliders (the chassis entity and every collider whose `ColliderOf` body is
//! the chassis) are skipped by the predicate; `filter` adds the user's collision-layer mask.
//! The surface id is the hit collider's [`GroundVehicleSurface`], else its rigid body's, else 0.
//! The surface velocity is the hit body's velocity at the hit point,
//! `v + ω × (p − c)` (`c` its centre of mass), so moving platforms carry the tyres.

use crate::components::GroundVehicleSurface;
use crate::frame::{to_bevy, to_core};
use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use skidpad::ground::{Ground, GroundHit, SurfaceId};

/// The hit bodies' velocities, for the surface velocity under a wheel.
pub(crate) type BodyVelocity<'w, 's> = Query<
    'w,
    's,
    (
        &'static LinearVelocity,
        &'static AngularVelocity,
        &'static Position,
        &'static Rotation,
        &'static ComputedCenterOfMass,
    ),
    Without<crate::components::GroundVehicle>,
>;

/// A [`Ground`] for one vehicle, borrowed for one system run.
pub struct AvianGround<'a, 'w, 's> {
    /// Avian's scene queries.
    pub spatial: &'a SpatialQuery<'w, 's>,
    /// Collider → rigid body links (own-vehicle filtering, surfaces).
    pub colliders: &'a Query<'w, 's, &'static ColliderOf>,
    /// Surface tags.
    pub surfaces: &'a Query<'w, 's, &'static GroundVehicleSurface>,
    /// Velocities of bodies a wheel may stand on (other vehicles' chassis excluded).
    pub bodies: &'a BodyVelocity<'w, 's>,
    /// The vehicle's chassis entity (its colliders are not ground).
    pub chassis: Entity,
    /// Layer mask and excluded entities.
    pub filter: &'a SpatialQueryFilter,
    /// Balls of the vehicle's wheel radii, `(radius, ball)`.
    pub balls: &'a [(f64, Collider)],
    /// The rigid body (or body-less collider) of the last hit, for the equal and opposite
    /// forces on what a wheel stands on; the caller resets it before a wheel's query (a mutex
    /// because the core's `Ground` is `Sync`; never contended, never allocates).
    pub hit_body: std::sync::Mutex<Option<Entity>>,
}

impl AvianGround<'_, '_, '_> {
    /// Set what [`AvianGround::hit_body`] holds.
    pub fn set_hit_body(&self, body: Option<Entity>) {
        *self.hit_body.lock().unwrap_or_else(|e| e.into_inner()) = body;
    }

    /// The body of the last hit since [`AvianGround::set_hit_body`]`(None)`.
    pub fn last_hit_body(&self) -> Option<Entity> {
        *self.hit_body.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn own(&self, e: Entity) -> bool {
        e == self.chassis || self.colliders.get(e).is_ok_and(|c| c.body == self.chassis)
    }

    fn surface_of(&self, e: Entity) -> SurfaceId {
        let body = self.colliders.get(e).map(|c| c.body).ok();
        let tag = self
            .surfaces
            .get(e)
            .ok()
            .or_else(|| body.and_then(|b| self.surfaces.get(b).ok()));
        SurfaceId(tag.map_or(0, |s| s.0))
    }

    /// Velocity (Bevy axes) of the material of collider `e` at world point `p` (Bevy axes).
    fn velocity_at(&self, e: Entity, p: DVec3) -> DVec3 {
        let body = self.colliders.get(e).map_or(e, |c| c.body);
        match self.bodies.get(body) {
            Ok((v, w, pos, rot, com)) => {
                let c = pos.0 + rot.0 * com.0;
                v.0 + w.0.cross(p - c)
            }
            Err(_) => DVec3::ZERO,
        }
    }

    fn hit(&self, e: Entity, point_b: DVec3, normal_b: DVec3, distance: f64) -> GroundHit {
        self.set_hit_body(Some(self.colliders.get(e).map_or(e, |c| c.body)));
        GroundHit {
            point: to_core(point_b),
            normal: to_core(normal_b).normalize_or_zero(),
            distance,
            surface: self.surface_of(e),
            surface_velocity_world: to_core(self.velocity_at(e, point_b)),
        }
    }
}

impl Ground for AvianGround<'_, '_, '_> {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        let o = to_bevy(origin);
        let dir = Dir3::new(to_bevy(direction).as_vec3()).ok()?;
        let pred = |e: Entity| !self.own(e);
        let h = self
            .spatial
            .cast_ray_predicate(o, dir, max_distance, true, self.filter, &pred)?;
        let d = dir.as_dvec3();
        Some(self.hit(h.entity, o + d * h.distance, h.normal, h.distance))
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        let dir = Dir3::new(to_bevy(direction).as_vec3()).ok()?;
        let built;
        let ball = match self.balls.iter().find(|(r, _)| *r == radius) {
            Some((_, b)) => b,
            None => {
                built = Collider::sphere(radius);
                &built
            }
        };
        let config = ShapeCastConfig::from_max_distance(max_distance);
        let pred = |e: Entity| !self.own(e);
        let o = to_bevy(origin);
        let h = self.spatial.cast_shape_predicate(
            ball,
            o,
            bevy::math::DQuat::IDENTITY,
            dir,
            &config,
            self.filter,
            &pred,
        )?;
        Some(self.hit(h.entity, h.point1, h.normal1, h.distance))
    }
}
