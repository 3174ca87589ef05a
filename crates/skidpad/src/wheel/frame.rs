//! The wheel's frame: its steer and camber rotations, its spin axis and inclination to the
//! ground, and the tyre's directions (world frame; ISO 8855 axes: x forward, y left, z up;
//! angles in rad).

use super::WheelState;
use crate::math::Pose;
use glam::{DQuat, DVec3};

/// A tyre's directions in the world frame (PhysX `PxVehicleTireDirectionState`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TireDirections {
    /// Longitudinal direction: the wheel heading (unit vector, world). On the ground it lies in
    /// the ground plane; forces `Fx` act along it.
    pub longitudinal_world: DVec3,
    /// Lateral direction, to the tyre's left (unit vector, world); forces `Fy` act along it.
    pub lateral_world: DVec3,
}

/// The tyre's directions of a wheel: on the ground the tyre frame of the last grip stage
/// (heading projected on the ground plane, `lat = n × long`, [`tire_input`](super::tire_input)); off the ground
/// the steered wheel's heading and left in the body's plane, `R_body·R_z(δ)·x̂` and
/// `R_body·R_z(δ)·ŷ`.
pub fn tire_directions(ws: &WheelState, pose: &Pose) -> TireDirections {
    if ws.suspension.in_contact && ws.tire_long_world != DVec3::ZERO {
        return TireDirections {
            longitudinal_world: ws.tire_long_world,
            lateral_world: ws.tire_lat_world,
        };
    }
    let steer = rotation_z(ws.steer);
    TireDirections {
        longitudinal_world: pose.transform_vector(steer * DVec3::X),
        lateral_world: pose.transform_vector(steer * DVec3::Y),
    }
}

/// The wheel's spin axis in the world at its current steer and camber (unit).
pub(crate) fn axle_world(pose: &Pose, ws: &WheelState, side: f64) -> DVec3 {
    pose.transform_vector(wheel_rotation(ws.steer, ws.suspension.camber, side) * DVec3::Y)
}

/// [`axle_world`] as the contact stage stored it this substep
/// ([`WheelState::axle_world_substep`], the same bits), or computed here while nothing has
/// stored it yet (zero: a stage run alone).
#[inline]
pub(crate) fn substep_axle(pose: &Pose, ws: &WheelState, side: f64) -> DVec3 {
    if ws.axle_world_substep == DVec3::ZERO {
        axle_world(pose, ws, side)
    } else {
        ws.axle_world_substep
    }
}

/// Orientation of the wheel in the vehicle frame: steer about z, then camber about x
/// (positive camber leans the top away from the centreline).
pub fn wheel_rotation(steer: f64, camber: f64, side: f64) -> DQuat {
    rotation_z(steer) * rotation_x(-side * camber)
}

/// `DQuat::from_rotation_x(angle)`, bit for bit, without its `sin_cos` at a zero angle: a
/// wheel without kinematic camber (the default graph, every preset's rear wheels' steer) turns
/// by ±0 every substep, and `sin(±0) = ±0`, `cos(±0) = 1` exactly (IEEE 754 §9.2: glibc's
/// and Rust's `libm` return them), so the quaternion is `(±0·0.5, 0, 0, 1)`.
#[inline]
fn rotation_x(angle: f64) -> DQuat {
    if angle == 0.0 {
        DQuat::from_xyzw(angle * 0.5, 0.0, 0.0, 1.0)
    } else {
        DQuat::from_rotation_x(angle)
    }
}

/// `DQuat::from_rotation_z(angle)`, bit for bit, without its `sin_cos` at a zero angle (as
/// [`rotation_x`]).
#[inline]
pub(crate) fn rotation_z(angle: f64) -> DQuat {
    if angle == 0.0 {
        DQuat::from_xyzw(0.0, 0.0, angle * 0.5, 1.0)
    } else {
        DQuat::from_rotation_z(angle)
    }
}

/// Inclination angle γ of the wheel to the ground at its contact, the tyre models' camber
/// input (Pacejka, *Tire and Vehicle Dynamics*, §1.2; ISO 8855 wheel axes; MapleSim's tire
/// kinematics compute it the same way):
///
/// ```text
/// a = R_body · R_z(δ) · R_x(−side·ε) · ŷ        wheel spin axis (pointing to the wheel's left), world
/// γ = asin(a · n)                                n the ground normal at the contact
/// ```
/// with δ the steer angle, ε the kinematic camber from the camber-vs-jounce graph (static
/// camber included: the graph's value at the design jounce; + top leaning away from the
/// centreline) and `R_body` the chassis orientation, so body roll, pitch and a banked or
/// cambered road all reach the tyre. Sign (ISO, as the Magic Formula's γ): **positive when
/// the wheel top leans to the tyre's right** (−y, a positive rotation about x seen from
/// behind); a tyre's camber thrust points the way its top leans, so an MF tyre with
/// PVY3 < 0 gives `Fy < 0` at `γ > 0`. Hence on a level body over flat ground
/// `γ = −side·ε` (positive camber on a left wheel is negative inclination), and a body rolled
/// by φ (ISO roll, + right side down) with no kinematic camber gives `γ = φ` on every wheel:
/// the camber to the road becomes `ε − φ` on the left and `ε + φ` on the right. Unit: rad.
pub fn inclination(pose: &Pose, steer: f64, camber: f64, side: f64, n: DVec3) -> f64 {
    inclination_steered(pose, rotation_z(steer), camber, side, n)
}

/// [`inclination`] with the steer rotation `R_z(δ)` already built (the same bits).
#[inline]
pub(crate) fn inclination_steered(
    pose: &Pose,
    steer: DQuat,
    camber: f64,
    side: f64,
    n: DVec3,
) -> f64 {
    // `wheel_rotation`'s product with its first factor given.
    let axle = pose.transform_vector(steer * rotation_x(-side * camber) * DVec3::Y);
    axle.dot(n).clamp(-1.0, 1.0).asin()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_angle_rotations_are_glams_bit_for_bit() {
        // The shortcut must give glam's quaternion exactly, signed zeros included, and every
        // other angle must still go through glam.
        let bits = |q: DQuat| q.to_array().map(f64::to_bits);
        for a in [0.0, -0.0, 1e-300, -1e-300, 0.03, -0.03, 1.0, -2.5] {
            assert_eq!(
                bits(rotation_x(a)),
                bits(DQuat::from_rotation_x(a)),
                "x {a:e}"
            );
            assert_eq!(
                bits(rotation_z(a)),
                bits(DQuat::from_rotation_z(a)),
                "z {a:e}"
            );
        }
        // The sign of a zero angle survives (so a zero steer's `-0.0` keeps its bits).
        assert!(rotation_x(-0.0).x.is_sign_negative());
        assert!(rotation_z(-0.0).z.is_sign_negative());
        assert!(rotation_z(0.0).z.is_sign_positive());
    }

    #[test]
    fn camber_leans_top_outward() {
        // Left wheel (side +1), +0.1 rad camber: the wheel's up axis tilts to +y.
        let up = wheel_rotation(0.0, 0.1, 1.0) * DVec3::Z;
        assert!((up.y - 0.1f64.sin()).abs() < 1e-12);
        let up = wheel_rotation(0.0, 0.1, -1.0) * DVec3::Z;
        assert!((up.y + 0.1f64.sin()).abs() < 1e-12);
    }
}
