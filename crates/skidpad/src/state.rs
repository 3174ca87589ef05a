//! Vehicle runtime state: the chassis, a fixed array of wheel states and every subsystem's
//! memory. Plain data: the stages of [`crate::pipeline`] read and write it.

use crate::MAX_WHEELS;
use crate::chassis::ChassisState;
use crate::drivetrain::DrivetrainState;
use crate::input::InputState;
use crate::stability::StabilityState;
use crate::steering::SteeringState;
use crate::wheel::WheelState;
use glam::DVec3;

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
    pub acceleration_world: DVec3,
    /// Simulated time since spawn. Unit: s.
    pub time: f64,
    /// Number of teleports since spawn (observers restart their baselines when it changes).
    pub teleports: u64,
    // --- issue 5 ---
    /// Smoothed driver intent.
    pub input: InputState,
    /// Road-wheel steer angles before toe (rate limiter memory).
    pub steering: SteeringState,
    /// Stability helpers' memory (hill hold, airborne).
    pub stability: StabilityState,
    /// Engine, gearbox, clutch and driver-aid state.
    pub drivetrain: DrivetrainState,
}

impl VehicleState {
    /// Speed of the centre of mass. Unit: m/s.
    pub fn speed(&self) -> f64 {
        self.chassis.linear_velocity_world.length()
    }

    /// Forward speed (vehicle x axis) of the centre of mass. Unit: m/s.
    pub fn forward_speed(&self) -> f64 {
        self.chassis.velocity_body().x
    }

    /// Acceleration of the CoM in vehicle axes (gravity excluded). Unit: m/s².
    pub fn acceleration_body(&self) -> DVec3 {
        self.chassis
            .pose
            .inverse_transform_vector(self.acceleration_world)
    }

    /// The wheels in use.
    pub fn wheels(&self) -> &[WheelState] {
        &self.wheels[..self.n_wheels]
    }

    /// The tyre's longitudinal and lateral directions of wheel `i` in the world frame
    /// ([`crate::wheel::tire_directions`]; PhysX `PxVehicleTireDirectionState`); `None` for a
    /// wheel index not in use.
    pub fn tire_directions(&self, i: usize) -> Option<crate::wheel::TireDirections> {
        self.wheels()
            .get(i)
            .map(|w| crate::wheel::tire_directions(w, &self.chassis.pose))
    }
}
