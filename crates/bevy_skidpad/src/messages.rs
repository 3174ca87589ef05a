//! Messages from the core's telemetry events (written by the Telemetry set).
//!
//! | message | core event | fires when (previous step → this step) |
//! |---|---|---|
//! | [`WheelGrounded`] | `WheelGrounded` | the wheel was off the ground and is on it |
//! | [`WheelUngrounded`] | `WheelUngrounded` | the wheel was on the ground and is not |
//! | [`VehicleAirborne`] | `Airborne` | some wheel was grounded, now none is |
//! | [`VehicleLanded`] | `Landed` | no wheel was grounded, now some is (impact speed, m/s) |
//! | [`GearChanged`] | `GearChanged` | the selected gear changed (when the shift starts) |
//! | [`VehicleFaulted`] | a `StepFault` | the step would have left NaN or ±∞ in the vehicle's state or wrench, or the Avian body was non-finite |
//! | [`DriftStateChanged`] | `DriftStarted` / `DriftEnded` | the drift helper's detector changed state ([`crate::drift`]) |
//!
//! Within a step the order is the core's: wheels in wheel order, airborne/landed, gear; a
//! faulted step has only its [`VehicleFaulted`].

use bevy::prelude::*;

/// A wheel touched the ground.
#[derive(Message, Reflect, Debug, Clone, Copy, PartialEq)]
pub struct WheelGrounded {
    /// The chassis entity.
    pub vehicle: Entity,
    /// Wheel index in the vehicle's wheel list.
    pub wheel: usize,
}

/// A wheel left the ground.
#[derive(Message, Reflect, Debug, Clone, Copy, PartialEq)]
pub struct WheelUngrounded {
    /// The chassis entity.
    pub vehicle: Entity,
    /// Wheel index in the vehicle's wheel list.
    pub wheel: usize,
}

/// The last grounded wheel left the ground.
#[derive(Message, Reflect, Debug, Clone, Copy, PartialEq)]
pub struct VehicleAirborne {
    /// The chassis entity.
    pub vehicle: Entity,
}

/// The first wheel touched the ground after the vehicle was airborne.
#[derive(Message, Reflect, Debug, Clone, Copy, PartialEq)]
pub struct VehicleLanded {
    /// The chassis entity.
    pub vehicle: Entity,
    /// Downward speed of the centre of mass just before touchdown (≥ 0). Unit: m/s.
    pub impact_speed: f64,
}

/// The selected gear changed (−1 reverse, 0 neutral, 1.. forward).
#[derive(Message, Reflect, Debug, Clone, Copy, PartialEq)]
pub struct GearChanged {
    /// The chassis entity.
    pub vehicle: Entity,
    /// Previous selected gear.
    pub from: i8,
    /// New selected gear.
    pub to: i8,
}

/// A step fault stopped the vehicle (the core's `StepFault`): the step was undone, the vehicle
/// keeps its last finite state and gives the body no force until the fault is cleared
/// (`GroundVehicle::vehicle_mut().clear_fault()` or a teleport). A non-finite Avian body is
/// put back to the vehicle's last finite chassis state first, so Avian never integrates it.
#[derive(Message, Reflect, Debug, Clone, PartialEq)]
pub struct VehicleFaulted {
    /// The chassis entity.
    pub vehicle: Entity,
    /// Number of the step that failed (from 1, since the vehicle was built).
    pub step: u64,
    /// Simulated time at the start of the failed step. Unit: s.
    pub time: f64,
    /// The first non-finite channel, e.g. `wheel 0 tyre force` or `chassis position`.
    pub channel: String,
    /// Its value (NaN, +∞ or −∞).
    pub value: f64,
}

/// The drift helper saw a drift start (`drifting = true`) or end (see [`crate::drift`]).
#[derive(Message, Reflect, Debug, Clone, Copy, PartialEq)]
pub struct DriftStateChanged {
    /// The chassis entity.
    pub vehicle: Entity,
    /// Drifting after the change.
    pub drifting: bool,
    /// Start: body slip angle at the start; end: the drift's peak slip angle (signed, +
    /// sliding left). Unit: rad.
    pub slip_angle: f64,
    /// Start: speed at the start (m/s); end: 0.
    pub speed: f64,
    /// End: the drift's duration (s); start: 0.
    pub duration: f64,
}
