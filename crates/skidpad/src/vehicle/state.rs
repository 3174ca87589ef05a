//! Vehicle runtime state: chassis plus a fixed array of wheel states.

use crate::MAX_WHEELS;
use crate::chassis::ChassisState;
use crate::ground::{HitCache, SurfaceId};
use crate::input::InputState;
use crate::stability::StabilityState;
use crate::steering::SteeringState;
use crate::suspension::SuspensionState;
use crate::tire::TireState;
use crate::tire::model::ContactInput;
use glam::DVec3;

/// Runtime state of one wheel.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct WheelState {
    /// Suspension line.
    pub suspension: SuspensionState,
    /// Tire and spin.
    pub tire: TireState,
    /// Road-wheel steer angle this step including toe, positive left. Unit: rad.
    pub steer: f64,
    /// Drive torque applied this step. Unit: N·m.
    pub drive_torque: f64,
    /// Brake torque applied this step. Unit: N·m.
    pub brake_torque: f64,
    /// Contact point on the ground (world), valid when `suspension.in_contact`. Unit: m.
    pub contact_point: DVec3,
    /// Ground normal at the contact (world).
    pub contact_normal: DVec3,
    /// Surface under the wheel.
    pub surface: SurfaceId,
    /// Velocity of the ground material at the contact (moving platforms). Unit: m/s.
    pub surface_velocity: DVec3,
    /// Normal load the ground puts on the tire (before the load filter). Unit: N.
    pub normal_load: f64,
    /// Wheel centre in the world. Unit: m.
    pub centre_world: DVec3,
    /// Cached hit plane for level-of-detail reuse.
    pub hit_cache: HitCache,
    /// What the tire model was given last substep (filtered load, contact velocities, surface
    /// friction and scales), kept for telemetry (friction, aligning moment); the default when
    /// the wheel is off the ground.
    pub tire_input: ContactInput,
}

/// Runtime state of a whole vehicle. `Default`: at the world origin, at rest, no history.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VehicleState {
    /// The rigid body.
    pub chassis: ChassisState,
    /// Wheels; only the first `n_wheels` entries are meaningful.
    pub wheels: [WheelState; MAX_WHEELS],
    /// Number of wheels in use.
    pub n_wheels: usize,
    /// Acceleration of the CoM over the last step (world, gravity excluded). Unit: m/s².
    pub acceleration: DVec3,
    /// Simulated time since spawn. Unit: s.
    pub time: f64,
    // --- issue 5 ---
    /// Smoothed driver intent.
    pub input: InputState,
    /// Road-wheel steer angles before toe (rate limiter memory).
    pub steering: SteeringState,
    /// Stability helpers' memory (hill hold, airborne).
    pub stability: StabilityState,
    /// Engine, gearbox, clutch and driver-aid state.
    pub drivetrain: crate::drivetrain::DrivetrainState,
}

impl VehicleState {
    /// Speed of the centre of mass. Unit: m/s.
    pub fn speed(&self) -> f64 {
        self.chassis.linear_velocity.length()
    }

    /// Forward speed (vehicle x axis) of the centre of mass. Unit: m/s.
    pub fn forward_speed(&self) -> f64 {
        self.chassis.velocity_body().x
    }

    /// Acceleration of the CoM in vehicle axes (gravity excluded). Unit: m/s².
    pub fn acceleration_body(&self) -> DVec3 {
        self.chassis
            .pose
            .inverse_transform_vector(self.acceleration)
    }

    /// The wheels in use.
    pub fn wheels(&self) -> &[WheelState] {
        &self.wheels[..self.n_wheels]
    }
}
