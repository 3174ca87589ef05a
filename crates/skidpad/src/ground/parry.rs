//! Ground from parry3d shapes (feature `parry`).
//!
//! [`ParryGround`] wraps any parry3d-f64 [`SharedShape`] (triangle mesh, heightfield, cuboid,
//! compound, ...) placed at a [`Pose`]. Queries use parry directly:
//! - ray: [`RayCast::cast_ray_and_get_normal`](parry3d_f64::query::RayCast::cast_ray_and_get_normal) with `solid = true` (a ray starting inside a
//!   solid shape hits at distance 0; its normal is then `−direction`);
//! - sphere: [`cast_shapes`] of the ground shape (at rest) against a [`Ball`] moving with
//!   velocity `direction`, so the time of impact is the centre's travel in metres. The hit point
//!   is parry's witness on the ground, the normal its outward normal there.
//!
//! Normals are oriented against the query direction (`n·d ≤ 0`), so the hit of a ray on the
//! back of a mesh triangle still has a normal pointing at the querying wheel.
//!
//! The surface velocity of a [`ParryGround`] is a rigid motion about the pose origin:
//! `v(x) = v₀ + ω × (x − pose.translation)` (m/s, rad/s).
//!
//! Several of them (a floor, a step block, a ramp, ...) are queried as one by a
//! [`GroundSet`](super::GroundSet).
//!
//! Queries allocate nothing on the heap (parry's BVH traversal uses an inline stack).
//!
//! ```
//! use skidpad::ground::{Ground, ParryGround};
//! use skidpad::Pose;
//! use parry3d_f64::shape::SharedShape;
//! use glam::DVec3;
//! // A 2 m × 2 m × 0.2 m block whose top is at z = 0.2.
//! let block = ParryGround::new(
//!     SharedShape::cuboid(1.0, 1.0, 0.1),
//!     Pose::from_translation(DVec3::new(0.0, 0.0, 0.1)),
//! );
//! let hit = block.cast_ray(DVec3::new(0.0, 0.0, 1.0), -DVec3::Z, 2.0).unwrap();
//! assert!((hit.point.z - 0.2).abs() < 1e-9);
//! ```

use glam::DVec3;
use parry3d_f64::math::Pose3;
use parry3d_f64::query::{Ray, ShapeCastOptions, ShapeCastStatus, cast_shapes};
use parry3d_f64::shape::{Ball, SharedShape};

use super::plane::{finite_positive, query_ok};
use super::{Ground, GroundHit, SurfaceId};
use crate::error::{ParamError, check};
use crate::math::Pose;

/// A parry3d shape used as ground.
#[derive(Clone)]
pub struct ParryGround {
    shape: SharedShape,
    pose: Pose,
    pose3: Pose3,
    surface: SurfaceId,
    linear_velocity_world: DVec3,
    angular_velocity_world: DVec3,
}

impl std::fmt::Debug for ParryGround {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParryGround")
            .field("shape_type", &self.shape.shape_type())
            .field("pose", &self.pose)
            .field("surface", &self.surface)
            .field("linear_velocity_world", &self.linear_velocity_world)
            .field("angular_velocity_world", &self.angular_velocity_world)
            .finish()
    }
}

impl ParryGround {
    /// A shape at `pose` (shape frame → world), surface 0, at rest.
    ///
    /// # Errors
    /// [`ParamError`] at `pose` if the pose is non-finite or its rotation is not unit.
    pub fn try_new(shape: SharedShape, pose: Pose) -> Result<Self, ParamError> {
        if !pose.is_valid() {
            return Err(ParamError::new(
                "pose",
                "must be finite with a unit rotation quaternion",
            ));
        }
        Ok(Self {
            shape,
            pose,
            pose3: Pose3::from_parts(pose.translation, pose.rotation),
            surface: SurfaceId(0),
            linear_velocity_world: DVec3::ZERO,
            angular_velocity_world: DVec3::ZERO,
        })
    }

    /// A shape at `pose`; see [`ParryGround::try_new`].
    ///
    /// # Panics
    /// If the pose is invalid.
    pub fn new(shape: SharedShape, pose: Pose) -> Self {
        match Self::try_new(shape, pose) {
            Ok(g) => g,
            Err(e) => panic!("ParryGround::new: {e}"),
        }
    }

    /// The same ground with surface type `surface`.
    #[must_use]
    pub fn with_surface(mut self, surface: SurfaceId) -> Self {
        self.surface = surface;
        self
    }

    /// The same ground moving with linear velocity `velocity` (m/s, world frame).
    #[must_use]
    pub fn with_velocity(mut self, velocity: DVec3) -> Self {
        self.linear_velocity_world = velocity;
        self
    }

    /// The same ground spinning with angular velocity `omega` (rad/s, world frame) about the
    /// pose origin.
    #[must_use]
    pub fn with_angular_velocity(mut self, omega: DVec3) -> Self {
        self.angular_velocity_world = omega;
        self
    }

    /// The wrapped shape.
    pub fn shape(&self) -> &SharedShape {
        &self.shape
    }

    /// Shape frame → world.
    pub fn pose(&self) -> Pose {
        self.pose
    }

    /// Check the pose and velocities.
    ///
    /// # Errors
    /// [`ParamError`] naming `pose`, `linear_velocity_world` or `angular_velocity_world`.
    pub fn validate(&self) -> Result<(), ParamError> {
        if !self.pose.is_valid() {
            return Err(ParamError::new(
                "pose",
                "must be finite with a unit rotation quaternion",
            ));
        }
        check::finite_vec("linear_velocity_world", self.linear_velocity_world)?;
        check::finite_vec("angular_velocity_world", self.angular_velocity_world)
    }

    /// Velocity of the ground material at world point `x`. Unit: m/s.
    #[inline]
    pub fn velocity_at(&self, x: DVec3) -> DVec3 {
        self.linear_velocity_world + self.angular_velocity_world.cross(x - self.pose.translation)
    }

    /// Surface id for a hit at `point`; overridden by wrappers with per-region surfaces.
    #[inline]
    fn make_hit(&self, point: DVec3, normal: DVec3, distance: f64, dir: DVec3) -> GroundHit {
        GroundHit {
            point,
            normal: orient_normal(normal, dir),
            distance,
            surface: self.surface,
            surface_velocity_world: self.velocity_at(point),
        }
    }
}

/// Unit normal facing against `dir`; `−dir` if `n` is degenerate.
#[inline]
pub(crate) fn orient_normal(n: DVec3, dir: DVec3) -> DVec3 {
    let n = n.normalize_or_zero();
    if n == DVec3::ZERO {
        -dir
    } else if n.dot(dir) > 0.0 {
        -n
    } else {
        n
    }
}

impl Ground for ParryGround {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        if !query_ok(origin, direction, max_distance) {
            return None;
        }
        let d = direction.normalize();
        let ray = Ray::new(origin, d);
        let hit = self
            .shape
            .cast_ray_and_get_normal(&self.pose3, &ray, max_distance, true)?;
        let t = hit.time_of_impact.max(0.0);
        // `cast_ray_and_get_normal` returns the normal in the world frame already.
        Some(self.make_hit(origin + t * d, hit.normal, t, d))
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        if !(query_ok(origin, direction, max_distance) && finite_positive(radius)) {
            return None;
        }
        let d = direction.normalize();
        let ball = Ball::new(radius);
        let ball_pose = Pose3::from_translation(origin);
        let options = ShapeCastOptions {
            max_time_of_impact: max_distance,
            target_distance: 0.0,
            stop_at_penetration: true,
            compute_impact_geometry_on_penetration: true,
        };
        let hit = cast_shapes(
            &self.pose3,
            DVec3::ZERO,
            self.shape.as_ref(),
            &ball_pose,
            d,
            &ball,
            options,
        )
        .ok()??;
        let t = if hit.status == ShapeCastStatus::PenetratingOrWithinTargetDist {
            0.0
        } else {
            hit.time_of_impact.max(0.0)
        };
        if t > max_distance {
            return None;
        }
        // Witness and normal of shape 1 are in its local frame.
        let point = self.pose3.transform_point(hit.witness1);
        let normal = self.pose3.rotation * hit.normal1;
        if !(point.is_finite() && normal.is_finite()) {
            return None;
        }
        Some(self.make_hit(point, normal, t, d))
    }

    /// The top of the shape's world AABB where its xy extent meets the rectangle, `−∞`
    /// where it does not.
    fn max_height_over(&self, min: glam::DVec2, max: glam::DVec2) -> Option<f64> {
        let aabb = self.shape.compute_aabb(&self.pose3);
        let (lo, hi) = (aabb.mins, aabb.maxs);
        if !(lo.is_finite() && hi.is_finite()) {
            return None;
        }
        if hi.x < min.x || hi.y < min.y || lo.x > max.x || lo.y > max.y {
            return Some(f64::NEG_INFINITY);
        }
        Some(hi.z)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::{GroundSet, Plane};
    use glam::DQuat;

    /// Axis-aligned box from `min` to `max` (m).
    fn block(min: DVec3, max: DVec3) -> ParryGround {
        let he = (max - min) * 0.5;
        ParryGround::new(
            SharedShape::cuboid(he.x, he.y, he.z),
            Pose::from_translation((min + max) * 0.5),
        )
    }

    #[test]
    fn cuboid_ray_and_sphere() {
        let b = block(DVec3::new(-1.0, -1.0, -1.0), DVec3::new(1.0, 1.0, 0.25));
        let h = b
            .cast_ray(DVec3::new(0.3, 0.2, 2.0), -DVec3::Z, 5.0)
            .unwrap();
        assert!((h.distance - 1.75).abs() < 1e-9);
        assert!((h.normal - DVec3::Z).length() < 1e-9);
        let h = b
            .cast_sphere(DVec3::new(0.3, 0.2, 2.0), 0.4, -DVec3::Z, 5.0)
            .unwrap();
        assert!((h.distance - 1.35).abs() < 1e-6, "{}", h.distance);
        assert!((h.point.z - 0.25).abs() < 1e-6);
        assert!((h.normal - DVec3::Z).length() < 1e-6);
        // Ray starting inside the solid box: distance 0, normal −direction.
        let h = b
            .cast_ray(DVec3::new(0.0, 0.0, 0.0), -DVec3::Z, 5.0)
            .unwrap();
        assert_eq!(h.distance, 0.0);
        assert!((h.normal - DVec3::Z).length() < 1e-12);
    }

    #[test]
    fn sphere_onto_step_corner() {
        // Block of height h = 0.1 occupying x ≥ 0; sphere r = 0.33 centred d = 0.2 before the
        // edge. It touches the edge line when its centre is at z = h + √(r² − d²).
        let (h, r, d) = (0.1, 0.33, 0.2);
        let b = block(DVec3::new(0.0, -5.0, -1.0), DVec3::new(3.0, 5.0, h));
        let o = DVec3::new(-d, 0.0, 1.0);
        let hit = b.cast_sphere(o, r, -DVec3::Z, 2.0).unwrap();
        let zc = h + (r * r - d * d).sqrt();
        assert!((hit.distance - (1.0 - zc)).abs() < 1e-6, "{}", hit.distance);
        assert!((hit.point - DVec3::new(0.0, 0.0, h)).length() < 1e-6);
        let n = (DVec3::new(-d, 0.0, zc) - DVec3::new(0.0, 0.0, h)) / r;
        // GJK converges the normal to ~1e-4.
        assert!((hit.normal - n).length() < 1e-4, "{} vs {n}", hit.normal);
    }

    #[test]
    fn rotated_trimesh_and_velocity() {
        // A single large triangle in the shape's xy plane, rotated 90° about x and moved to
        // y = 2: a wall in the world plane y = 2, queried sideways along +y.
        let tri = SharedShape::trimesh(
            vec![
                DVec3::new(-10.0, -10.0, 0.0),
                DVec3::new(10.0, -10.0, 0.0),
                DVec3::new(0.0, 10.0, 0.0),
            ],
            vec![[0, 1, 2]],
        )
        .unwrap();
        let pose = Pose::new(
            DVec3::new(0.0, 2.0, 0.0),
            DQuat::from_rotation_x(std::f64::consts::FRAC_PI_2),
        );
        let g = ParryGround::new(tri, pose)
            .with_velocity(DVec3::X)
            .with_angular_velocity(DVec3::new(0.0, 0.0, 1.0))
            .with_surface(SurfaceId(7));
        let h = g
            .cast_ray(DVec3::new(1.0, 0.0, 0.0), DVec3::Y, 5.0)
            .unwrap();
        assert!((h.distance - 2.0).abs() < 1e-9);
        assert!((h.normal + DVec3::Y).length() < 1e-9, "{h:?}");
        assert_eq!(h.surface, SurfaceId(7));
        // v = v₀ + ω × (x − p) = x̂ + ẑ × (1, 0, 0) = (1, 1, 0).
        assert!((h.surface_velocity_world - DVec3::new(1.0, 1.0, 0.0)).length() < 1e-9);
    }

    #[test]
    fn set_returns_nearest() {
        let set = GroundSet::new().with(Plane::flat()).with(block(
            DVec3::new(0.0, -1.0, -1.0),
            DVec3::new(1.0, 1.0, 0.1),
        ));
        assert_eq!(set.len(), 2);
        let h = set
            .cast_ray(DVec3::new(0.5, 0.0, 1.0), -DVec3::Z, 2.0)
            .unwrap();
        assert!((h.point.z - 0.1).abs() < 1e-9);
        let h = set
            .cast_ray(DVec3::new(-0.5, 0.0, 1.0), -DVec3::Z, 2.0)
            .unwrap();
        assert!(h.point.z.abs() < 1e-12);
        assert!(
            GroundSet::new()
                .cast_ray(DVec3::Z, -DVec3::Z, 2.0)
                .is_none()
        );
    }

    #[test]
    fn bad_pose_and_degenerate_queries() {
        let e = ParryGround::try_new(
            SharedShape::ball(1.0),
            Pose::new(DVec3::ZERO, DQuat::from_xyzw(0.0, 0.0, 0.0, 2.0)),
        )
        .unwrap_err();
        assert_eq!(e.within("scene").path, "scene.pose");
        let b = block(DVec3::splat(-1.0), DVec3::splat(1.0));
        let o = DVec3::new(0.0, 0.0, 3.0);
        assert!(b.cast_ray(o, DVec3::ZERO, 5.0).is_none());
        assert!(b.cast_sphere(o, 0.3, DVec3::ZERO, 5.0).is_none());
        assert!(b.cast_sphere(o, 0.0, -DVec3::Z, 5.0).is_none());
        assert!(b.cast_sphere(o, 0.3, -DVec3::Z, f64::NAN).is_none());
    }
}
