//! The one place where Bevy's axes meet the core's.
//!
//! | | forward | left | up | handedness |
//! |---|---|---|---|---|
//! | core (ISO 8855) | +x | +y | +z | right |
//! | Bevy | −z | −x | +y | right |
//!
//! The map is the proper rotation `R` (det = +1) with `R·x̂ = −ẑ`, `R·ŷ = −x̂`, `R·ẑ = ŷ`:
//! a core vector `(x, y, z)` is the Bevy vector `(−y, z, −x)`, and back
//! `(x_b, y_b, z_b) ↦ (−z_b, −x_b, y_b)`. Rotations are conjugated, `q_b = R q_c R⁻¹`, so a
//! body's local axes map the same way: the chassis entity's local −z is the car's forward
//! axis, its local +y is up, as Bevy's cameras and models expect. Lengths, angles and the sign
//! of every rotation about a mapped axis are unchanged (a left turn is +yaw about core +z and
//! +yaw about Bevy +y). Units: metres, seconds, radians on both sides.

use bevy::math::{DMat3, DQuat, DVec3};
use skidpad::Pose;

/// `R` as a quaternion: a rotation by 120° about `(1, −1, 1)/√3`, which carries core
/// `x → −z_b`, `y → −x_b`, `z → +y_b`.
fn r() -> DQuat {
    DQuat::from_mat3(&DMat3::from_cols(DVec3::NEG_Z, DVec3::NEG_X, DVec3::Y))
}

/// A core (ISO 8855, z-up) vector in Bevy axes (y-up).
pub fn to_bevy(v: DVec3) -> DVec3 {
    DVec3::new(-v.y, v.z, -v.x)
}

/// A Bevy (y-up) vector in core axes (ISO 8855, z-up).
pub fn to_core(v: DVec3) -> DVec3 {
    DVec3::new(-v.z, -v.x, v.y)
}

/// A core orientation (of a frame whose local axes are ISO) as a Bevy orientation (of the
/// same frame with Bevy local axes).
pub fn quat_to_bevy(q: DQuat) -> DQuat {
    let r = r();
    (r * q * r.inverse()).normalize()
}

/// A Bevy orientation as a core orientation; inverse of [`quat_to_bevy`].
pub fn quat_to_core(q: DQuat) -> DQuat {
    let r = r();
    (r.inverse() * q * r).normalize()
}

/// A core pose as a Bevy translation and rotation.
pub fn pose_to_bevy(p: &Pose) -> (DVec3, DQuat) {
    (to_bevy(p.translation), quat_to_bevy(p.rotation))
}

/// A Bevy translation and rotation as a core pose.
pub fn pose_to_core(translation: DVec3, rotation: DQuat) -> Pose {
    Pose {
        translation: to_core(translation),
        rotation: quat_to_core(rotation),
    }
}

/// A core tensor (inertia about the centre of mass, vehicle axes) in Bevy local axes:
/// `I_b = R I_c Rᵀ`.
pub fn tensor_to_bevy(m: DMat3) -> DMat3 {
    let r = DMat3::from_quat(r());
    r * m * r.transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPS: f64 = 1e-12;

    #[test]
    fn axes_map_as_documented() {
        // By hand from the table: forward, left, up.
        assert!(to_bevy(DVec3::X).abs_diff_eq(DVec3::NEG_Z, EPS));
        assert!(to_bevy(DVec3::Y).abs_diff_eq(DVec3::NEG_X, EPS));
        assert!(to_bevy(DVec3::Z).abs_diff_eq(DVec3::Y, EPS));
        // The quaternion R does the same as the component formula.
        let v = DVec3::new(1.5, -2.0, 0.25);
        assert!((r() * v).abs_diff_eq(to_bevy(v), EPS));
    }

    #[test]
    fn vector_round_trip() {
        let v = DVec3::new(3.0, -4.5, 12.0);
        assert_eq!(to_bevy(v), DVec3::new(4.5, 12.0, -3.0));
        assert!(to_core(to_bevy(v)).abs_diff_eq(v, EPS));
        assert!(to_bevy(to_core(v)).abs_diff_eq(v, EPS));
    }

    #[test]
    fn quaternion_round_trip_and_yaw_sign() {
        // +30° yaw (left turn) about core z is +30° about Bevy y.
        let yaw = DQuat::from_rotation_z(30f64.to_radians());
        let b = quat_to_bevy(yaw);
        assert!(b.abs_diff_eq(DQuat::from_rotation_y(30f64.to_radians()), EPS));
        // The rotated forward axis agrees in both frames.
        let fwd = yaw * DVec3::X;
        assert!((b * to_bevy(DVec3::X)).abs_diff_eq(to_bevy(fwd), EPS));
        let q = DQuat::from_euler(bevy::math::EulerRot::ZYX, 0.7, -0.3, 0.2);
        assert!(quat_to_core(quat_to_bevy(q)).abs_diff_eq(q, EPS));
    }

    #[test]
    fn pose_round_trip() {
        let p = Pose {
            translation: DVec3::new(10.0, 2.0, 0.5),
            rotation: DQuat::from_rotation_x(0.1) * DQuat::from_rotation_z(1.2),
        };
        let (t, q) = pose_to_bevy(&p);
        assert!(t.abs_diff_eq(DVec3::new(-2.0, 0.5, -10.0), EPS));
        let back = pose_to_core(t, q);
        assert!(back.translation.abs_diff_eq(p.translation, EPS));
        assert!(back.rotation.abs_diff_eq(p.rotation, EPS));
        // A body point maps consistently: core pose·local = Bevy pose·R(local).
        let local = DVec3::new(1.4, -0.8, 0.1);
        let world_core = p.translation + p.rotation * local;
        assert!((t + q * to_bevy(local)).abs_diff_eq(to_bevy(world_core), EPS));
    }

    #[test]
    fn tensor_maps_principal_axes() {
        // Roll (Ixx), pitch (Iyy), yaw (Izz) of a sedan: about Bevy z, x and y.
        let i = DMat3::from_diagonal(DVec3::new(500.0, 2000.0, 2300.0));
        let b = tensor_to_bevy(i);
        assert!(b.abs_diff_eq(
            DMat3::from_diagonal(DVec3::new(2000.0, 2300.0, 500.0)),
            1e-9
        ));
    }
}
