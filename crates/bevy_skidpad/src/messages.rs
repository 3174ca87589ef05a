//! Messages from the core's telemetry events (written by the Telemetry set).
//!
//! | message | core event | fires when (previous step → this step) |
//! |---|---|---|
//! | [`WheelGrounded`] | `WheelGrounded` | the wheel was off the ground and is on it |
//! | [`WheelUngrounded`] | `WheelUngrounded` | the wheel was on the ground and is not |
//! | [`VehicleAirborne`] | `Airborne` | some wheel was grounded, now none is |
//! | [`VehicleLanded`] | `Landed` | no wheel was grounded, now some is (impact speed, m/s) |
//! | [`GearChanged`] | `GearChanged` | the selected gear changed (when the shift starts) |
//!
//! Within a step the order is the core's: wheels in wheel order, airborne/landed, gear.

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
