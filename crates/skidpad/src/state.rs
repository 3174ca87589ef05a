//! Vehicle runtime state: the chassis, a fixed array of wheel states and every subsystem's
//! memory. Plain data: the stages of [`crate::pipeline`] read and write it.
//!
//! The wheel states are sized by the vehicle's wheel count ([`WheelSlots`]): inline for up to
//! [`crate::wheel::INLINE_WHEELS`] wheels, one heap block built with the state otherwise. So
//! the state is `Clone`, not `Copy`; [`Clone::clone_from`] copies into the existing storage
//! (no allocation) when the wheel counts match.

use crate::chassis::ChassisState;
use crate::drivetrain::DrivetrainState;
use crate::ground::KeptBound;
use crate::input::InputState;
use crate::stability::StabilityState;
use crate::steering::SteeringState;
use crate::wheel::{FrameKey, WheelSlots, WheelState};
use glam::DVec3;

/// Runtime state of a whole vehicle. `Default`: at the world origin, at rest, no history.
/// Built by [`VehicleState::with_wheels`] (or `Default` for no wheels).
///
/// Its `Debug` form (the determinism hash, [`crate::vehicle::snapshot::state_hash`]) lists
/// every field but the derived caches [`VehicleState::wheel_frames`] and
/// [`VehicleState::kept_bound`], in declaration order, as
/// `#[derive(Debug)]` would; `==` compares the same fields (a state whose frame key was
/// cleared, by `set_params` say, is the same state).
#[derive(Default)]
pub struct VehicleState {
    /// The rigid body.
    pub chassis: ChassisState,
    /// Wheels in use, in wheel order (`wheels.len() == n_wheels`).
    pub wheels: WheelSlots,
    /// Number of wheels in use (the length of `wheels`).
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
    /// Suspension ground queries switched off ([`crate::vehicle::Vehicle::set_ground_queries`]):
    /// wheels reuse their cached hit planes until switched on again. Default: false.
    pub skip_ground_queries: bool,
    /// Derived cache, not physics state: the chassis pose the wheels' substep frames were
    /// built at ([`FrameKey`]: its rule keeps every reader's bits its own). Left out of the
    /// `Debug` form, so the determinism hash is the same with or without it.
    pub wheel_frames: FrameKey,
    /// Derived cache, not physics state: a height bound of the heightfield the vehicle last
    /// stood on over a region around it, which stage 10b's broad phase reuses while the body
    /// and rims stay inside it ([`KeptBound`]: a fact about that grid alone, true whatever
    /// the vehicle's state, so any value it holds gives the same results). Left out of the
    /// `Debug` form and of `==`, as `wheel_frames`.
    pub kept_bound: KeptBound,
}

impl PartialEq for VehicleState {
    fn eq(&self, other: &Self) -> bool {
        // `#[derive(PartialEq)]`'s comparison without the derived cache `wheel_frames`.
        self.chassis == other.chassis
            && self.wheels == other.wheels
            && self.n_wheels == other.n_wheels
            && self.acceleration_world == other.acceleration_world
            && self.time == other.time
            && self.teleports == other.teleports
            && self.input == other.input
            && self.steering == other.steering
            && self.stability == other.stability
            && self.drivetrain == other.drivetrain
            && self.skip_ground_queries == other.skip_ground_queries
    }
}

impl std::fmt::Debug for VehicleState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `#[derive(Debug)]`'s form without the derived cache `wheel_frames`.
        f.debug_struct("VehicleState")
            .field("chassis", &self.chassis)
            .field("wheels", &self.wheels)
            .field("n_wheels", &self.n_wheels)
            .field("acceleration_world", &self.acceleration_world)
            .field("time", &self.time)
            .field("teleports", &self.teleports)
            .field("input", &self.input)
            .field("steering", &self.steering)
            .field("stability", &self.stability)
            .field("drivetrain", &self.drivetrain)
            .field("skip_ground_queries", &self.skip_ground_queries)
            .finish()
    }
}

impl Clone for VehicleState {
    fn clone(&self) -> Self {
        let mut s = Self::default();
        s.clone_from(self);
        s
    }

    /// Field by field; the wheels copy into `self`'s storage when the counts match, so
    /// restoring a state of the same vehicle type allocates nothing.
    fn clone_from(&mut self, source: &Self) {
        self.wheels.clone_from(&source.wheels);
        let Self {
            chassis,
            wheels: _,
            n_wheels,
            acceleration_world,
            time,
            teleports,
            input,
            steering,
            stability,
            drivetrain,
            skip_ground_queries,
            wheel_frames,
            kept_bound,
        } = source;
        self.chassis = *chassis;
        self.n_wheels = *n_wheels;
        self.acceleration_world = *acceleration_world;
        self.time = *time;
        self.teleports = *teleports;
        self.input = *input;
        self.steering = *steering;
        self.stability = *stability;
        self.drivetrain = *drivetrain;
        self.skip_ground_queries = *skip_ground_queries;
        self.wheel_frames = *wheel_frames;
        self.kept_bound = *kept_bound;
    }
}

impl VehicleState {
    /// Default state (origin, at rest, no history) with `n` wheels at their default state.
    /// Allocates the wheel block when `n > INLINE_WHEELS` (see [`WheelSlots`]).
    pub fn with_wheels(n: usize) -> Self {
        Self {
            wheels: WheelSlots::new(n),
            n_wheels: n,
            ..Self::default()
        }
    }

    /// Speed of the centre of mass. Unit: m/s.
    pub fn speed(&self) -> f64 {
        self.chassis.linear_velocity_world.length()
    }

    /// Forward speed (vehicle x axis) of the centre of mass. Unit: m/s.
    pub fn forward_speed(&self) -> f64 {
        self.chassis.velocity_body().x
    }

    /// Accelerometer reading at the CoM in vehicle axes: the specific force `a − g⃗` over the
    /// last step (gravity excluded, so a car at rest reads `(0, 0, +g)` and one rolled by φ
    /// in a steady turn reads `a_y·cos φ + g·sin φ` on y). Unit: m/s².
    pub fn acceleration_body(&self) -> DVec3 {
        self.chassis
            .pose
            .inverse_transform_vector(self.acceleration_world)
    }

    /// Kinematic acceleration of the CoM over the last step in the ISO 8855 intermediate
    /// axis system (ISO 8855:2011; its ground plane, 2.5, is horizontal): `X` the vehicle's x axis projected onto the
    /// ground plane — the horizontal plane, normal to gravity — `Y` horizontal to its left,
    /// `Z` vertical up. `a = acceleration_world + g⃗` with `g⃗ = (0, 0, −gravity)`, then
    /// `a_X = a·(cos ψ, sin ψ, 0)`, `a_Y = a·(−sin ψ, cos ψ, 0)`, `a_Z = a_z` (ψ the yaw angle,
    /// the heading of that projection). Roll and pitch do not enter: in a steady turn of
    /// radius R at speed v, `a_Y = v²/R` whatever the body's roll. On a slope the plane is
    /// still the horizontal one (the standard's), so a car accelerating at `a` along a grade
    /// θ reads `a_X = a·cos θ` and `a_Z = a·sin θ`. Unit: m/s².
    pub fn acceleration_intermediate(&self, gravity: f64) -> DVec3 {
        let a = self.acceleration_world + DVec3::new(0.0, 0.0, -gravity);
        let (_, _, yaw) = self.chassis.roll_pitch_yaw();
        let (sin, cos) = yaw.sin_cos();
        DVec3::new(a.x * cos + a.y * sin, a.y * cos - a.x * sin, a.z)
    }

    /// Yaw rate about the vertical (ISO 8855 intermediate `Z`, world z): the world z component
    /// of the angular velocity, `ψ̇ − φ̇·sin θ` in Tait–Bryan rates; equal to the body-axis
    /// yaw rate `r` only when the body is level. Unit: rad/s.
    pub fn yaw_rate_vertical(&self) -> f64 {
        self.chassis.angular_velocity_world.z
    }

    /// The wheels in use.
    pub fn wheels(&self) -> &[WheelState] {
        &self.wheels
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

#[cfg(test)]
mod tests {
    use crate::vehicle::Vehicle;

    /// Issue 13's budget: at most 4 KiB of state per vehicle of up to
    /// [`crate::wheel::INLINE_WHEELS`] wheels (the params are shared, not counted).
    #[test]
    fn a_vehicle_fits_in_4_kib() {
        let size = std::mem::size_of::<Vehicle>();
        println!("size_of::<Vehicle>() = {size} B");
        assert!(size <= 4096, "{size} B");
    }
}
