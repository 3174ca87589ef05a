//! Visual sync: each [`GroundVehicleWheelVisual`] mesh entity follows its wheel every render
//! frame from the chassis' (interpolated) `Transform`; physics is never written.
//!
//! The visual's transform is `chassis · T(centre_local) · R_y(steer) · R_x(−spin_angle)`: the
//! wheel centre in the chassis frame (with this step's jounce), the road-wheel angle about the
//! chassis up axis (+ left), and the spin about the axle — the wheel's local x axis, which is
//! the core's −y (right); a forward-rolling wheel (spin > 0) turns its top forward (−z).
//! So a mesh for a visual has its axle along local x (a Bevy `Cylinder` is along y: rotate
//! it by 90° about z in a child entity).

use crate::components::{GroundVehicleWheel, GroundVehicleWheelState, GroundVehicleWheelVisual};
use bevy::prelude::*;

/// The wheel's pose in the chassis frame (Bevy axes), from its state.
pub fn wheel_local_transform(s: &GroundVehicleWheelState) -> Transform {
    Transform::from_translation(s.centre_local.as_vec3()).with_rotation(
        Quat::from_rotation_y(s.steer as f32) * Quat::from_rotation_x(-s.spin_angle as f32),
    )
}

/// Write each visual's `Transform` (visual entities are roots: world = local).
pub(crate) fn sync_visuals(
    wheels: Query<(
        &GroundVehicleWheel,
        &GroundVehicleWheelState,
        &GroundVehicleWheelVisual,
    )>,
    mut transforms: Query<&mut Transform>,
) {
    for (w, s, visual) in &wheels {
        let Ok(chassis) = transforms.get(w.chassis).copied() else {
            continue;
        };
        if let Ok(mut t) = transforms.get_mut(visual.0) {
            *t = chassis * wheel_local_transform(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_turns_the_top_forward_and_steer_turns_left() {
        // A quarter turn of forward spin moves the tyre top (local +y) to the front (−z).
        let s = GroundVehicleWheelState {
            spin_angle: std::f64::consts::FRAC_PI_2,
            ..Default::default()
        };
        let top = wheel_local_transform(&s).rotation * Vec3::Y;
        assert!(top.abs_diff_eq(Vec3::NEG_Z, 1e-6), "{top}");
        // +0.3 rad steer (left) turns the rolling direction −z towards −x (left).
        let s = GroundVehicleWheelState {
            steer: 0.3,
            ..Default::default()
        };
        let heading = wheel_local_transform(&s).rotation * Vec3::NEG_Z;
        assert!((heading.x + 0.3f32.sin()).abs() < 1e-6, "{heading}");
    }
}
