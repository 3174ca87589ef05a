//! Chassis runtime state: pose and velocities of the rigid body.

use glam::{DQuat, DVec3};

use super::ChassisParams;
use crate::math::Pose;

/// Kinematic state of the chassis rigid body. `Default` is the identity pose at rest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChassisState {
    /// The vehicle frame in the world (ISO 8855 axes). This is the frame the wheels and
    /// [`ChassisParams::com_offset`] are given in, **not** the centre of mass; use
    /// [`ChassisState::com_world`] for that.
    pub pose: Pose,
    /// Velocity of the centre of mass, world frame. Unit: m/s.
    pub linear_velocity_world: DVec3,
    /// Angular velocity of the body, world frame. Unit: rad/s.
    pub angular_velocity_world: DVec3,
}

impl Default for ChassisState {
    fn default() -> Self {
        Self {
            pose: Pose::IDENTITY,
            linear_velocity_world: DVec3::ZERO,
            angular_velocity_world: DVec3::ZERO,
        }
    }
}

impl ChassisState {
    /// Centre of mass in the world frame: `pose.translation + pose.rotation · com_offset`.
    /// Unit: m.
    #[inline]
    pub fn com_world(&self, p: &ChassisParams) -> DVec3 {
        self.pose.transform_point(p.com_offset)
    }

    /// Velocity of the material point of the body at `point_world`:
    /// `v + ω × (r − r_com)`, world frame. Unit: m/s.
    #[inline]
    pub fn point_velocity(&self, p: &ChassisParams, point_world: DVec3) -> DVec3 {
        self.linear_velocity_world
            + self
                .angular_velocity_world
                .cross(point_world - self.com_world(p))
    }

    /// Velocity of the centre of mass in vehicle axes (x forward, y left, z up): `vx` is the
    /// forward speed, `vy` the lateral (sideslip) velocity. Unit: m/s.
    #[inline]
    pub fn velocity_body(&self) -> DVec3 {
        self.pose.rotation.inverse() * self.linear_velocity_world
    }

    /// Angular velocity in vehicle axes: `(roll rate p, pitch rate q, yaw rate r)`.
    /// Unit: rad/s.
    #[inline]
    pub fn angular_velocity_body(&self) -> DVec3 {
        self.pose.rotation.inverse() * self.angular_velocity_world
    }

    /// Orientation as ISO 8855 Tait–Bryan angles `(roll φ, pitch θ, yaw ψ)` in radians, for the
    /// intrinsic z-y′-x″ sequence: `rotation = Rz(ψ) · Ry(θ) · Rx(φ)`.
    ///
    /// Signs (right-hand rule about the vehicle axes, x forward, y left, z up):
    /// - roll φ > 0: right side down (rotation about +x carries +y, the left side, up);
    /// - pitch θ > 0: nose down (rotation about +y carries +x, the nose, down);
    /// - yaw ψ > 0: nose to the left, counter-clockwise seen from above.
    ///
    /// Ranges: φ, ψ ∈ (−π, π], θ ∈ [−π/2, π/2]. At θ = ±π/2 (gimbal lock) roll and yaw are not
    /// separable and the split between them is arbitrary (only their sum or difference is
    /// meaningful).
    ///
    /// ```
    /// # use skidpad::chassis::ChassisState;
    /// # use skidpad::math::Pose;
    /// # use glam::{DQuat, DVec3};
    /// let q = DQuat::from_rotation_z(0.3) * DQuat::from_rotation_y(-0.2) * DQuat::from_rotation_x(0.1);
    /// let s = ChassisState { pose: Pose::new(DVec3::ZERO, q), ..Default::default() };
    /// let (roll, pitch, yaw) = s.roll_pitch_yaw();
    /// assert!((roll - 0.1).abs() < 1e-12 && (pitch + 0.2).abs() < 1e-12 && (yaw - 0.3).abs() < 1e-12);
    /// ```
    pub fn roll_pitch_yaw(&self) -> (f64, f64, f64) {
        roll_pitch_yaw(self.pose.rotation)
    }
}

/// See [`ChassisState::roll_pitch_yaw`]. Reads the rotation matrix `R` of the (normalised)
/// quaternion: `θ = atan2(−R₂₀, √(R₀₀² + R₁₀²))`, `φ = atan2(R₂₁, R₂₂)`, `ψ = atan2(R₁₀, R₀₀)`.
fn roll_pitch_yaw(q: DQuat) -> (f64, f64, f64) {
    let q = q.normalize();
    let (w, x, y, z) = (q.w, q.x, q.y, q.z);
    let r00 = 1.0 - 2.0 * (y * y + z * z);
    let r10 = 2.0 * (x * y + w * z);
    let r20 = 2.0 * (x * z - w * y);
    let r21 = 2.0 * (y * z + w * x);
    let r22 = 1.0 - 2.0 * (x * x + y * y);
    let pitch = (-r20).atan2(r00.hypot(r10));
    let roll = r21.atan2(r22);
    let yaw = r10.atan2(r00);
    (roll, pitch, yaw)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state_with(q: DQuat) -> ChassisState {
        ChassisState {
            pose: Pose::new(DVec3::ZERO, q),
            ..Default::default()
        }
    }

    #[test]
    fn default_is_at_rest_at_identity() {
        let s = ChassisState::default();
        assert_eq!(s.pose, Pose::IDENTITY);
        assert_eq!(s.linear_velocity_world, DVec3::ZERO);
        assert_eq!(s.angular_velocity_world, DVec3::ZERO);
    }

    #[test]
    fn roll_pitch_yaw_round_trip() {
        // Known quaternion: yaw 30°, pitch −10°, roll 5°, composed z-y'-x''.
        let (r, p, y) = (5f64.to_radians(), (-10f64).to_radians(), 30f64.to_radians());
        let q = DQuat::from_rotation_z(y) * DQuat::from_rotation_y(p) * DQuat::from_rotation_x(r);
        // Same as glam's intrinsic ZYX.
        let g = DQuat::from_euler(glam::EulerRot::ZYX, y, p, r);
        assert!(q.abs_diff_eq(g, 1e-15));
        let (r2, p2, y2) = state_with(q).roll_pitch_yaw();
        assert!((r2 - r).abs() < 1e-12 && (p2 - p).abs() < 1e-12 && (y2 - y).abs() < 1e-12);
        // Large angles, including |yaw| > π/2 and |roll| > π/2.
        for (r, p, y) in [(2.5, 1.2, -3.0), (-3.1, -1.5, 2.0), (0.0, 0.0, 3.1)] {
            let q = DQuat::from_euler(glam::EulerRot::ZYX, y, p, r);
            let (r2, p2, y2) = state_with(q).roll_pitch_yaw();
            assert!((r2 - r).abs() < 1e-9 && (p2 - p).abs() < 1e-9 && (y2 - y).abs() < 1e-9);
        }
    }

    #[test]
    fn roll_pitch_yaw_signs() {
        // Positive roll: the right side (−y) goes down.
        let s = state_with(DQuat::from_rotation_x(0.1));
        assert!(s.pose.transform_point(-DVec3::Y).z < 0.0);
        assert!(s.roll_pitch_yaw().0 > 0.0);
        // Positive pitch: the nose (+x) goes down.
        let s = state_with(DQuat::from_rotation_y(0.1));
        assert!(s.pose.transform_point(DVec3::X).z < 0.0);
        assert!(s.roll_pitch_yaw().1 > 0.0);
        // Positive yaw: the nose turns left (+y).
        let s = state_with(DQuat::from_rotation_z(0.1));
        assert!(s.pose.transform_point(DVec3::X).y > 0.0);
        assert!(s.roll_pitch_yaw().2 > 0.0);
    }

    #[test]
    fn point_velocity_and_body_frames() {
        let p =
            ChassisParams::from_box(1000.0, DVec3::new(4.0, 2.0, 1.0), DVec3::new(0.5, 0.0, 0.3));
        let s = ChassisState {
            pose: Pose::new(
                DVec3::new(10.0, 5.0, 0.0),
                DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
            ),
            linear_velocity_world: DVec3::new(0.0, 20.0, 0.0),
            angular_velocity_world: DVec3::new(0.0, 0.0, 0.5),
        };
        // CoM: (10,5,0) + Rz(90°)(0.5,0,0.3) = (10, 5.5, 0.3).
        assert!(
            s.com_world(&p)
                .abs_diff_eq(DVec3::new(10.0, 5.5, 0.3), 1e-12)
        );
        // A point 2 m ahead of the CoM (world +y): v + ω × (0,2,0) = (0,20,0) + (−1,0,0).
        let v = s.point_velocity(&p, s.com_world(&p) + DVec3::new(0.0, 2.0, 0.0));
        assert!(v.abs_diff_eq(DVec3::new(-1.0, 20.0, 0.0), 1e-12));
        // Heading +y in the world means driving forward at 20 m/s.
        assert!(
            s.velocity_body()
                .abs_diff_eq(DVec3::new(20.0, 0.0, 0.0), 1e-12)
        );
        assert!(
            s.angular_velocity_body()
                .abs_diff_eq(DVec3::new(0.0, 0.0, 0.5), 1e-12)
        );
    }
}
