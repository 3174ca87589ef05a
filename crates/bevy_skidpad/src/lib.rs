#![doc = include_str!("../README.md")]
//!
//! # Modules
//!
//! | module | what |
//! |---|---|
//! | [`components`] | chassis, wheel-probe, visual and surface components |
//! | [`messages`] | wheel grounded/ungrounded, airborne, landed, gear changed, step fault, drift state |
//! | [`breakable`] | breakable parts on Avian joints |
//! | [`drift`] | the optional drift helper: thresholds, drift telemetry, its system set |
//! | [`frame`] | the one map between Bevy's y-up axes and the core's ISO 8855 z-up axes |
//! | [`ground`] | the core's `Ground` over Avian's `SpatialQuery` |
//! | [`spawn`] | chassis, collider, mass properties and wheel probes in one call |
//! | `plugin`, `systems`, `telemetry`, `visuals` | the plugin, the stage systems, telemetry, visual sync |

pub mod breakable;
pub mod components;
pub mod drift;
pub mod frame;
pub mod ground;
pub mod messages;
mod plugin;
pub mod spawn;
mod systems;
mod telemetry;
mod visuals;

pub use breakable::{BreakablePart, BreakablePartSystems, PartBroken};
pub use components::{
    GroundVehicle, GroundVehicleSurface, GroundVehicleTelemetry, GroundVehicleWheel,
    GroundVehicleWheelState, GroundVehicleWheelVisual, VehicleIntent,
};
pub use drift::{GroundVehicleDriftConfig, GroundVehicleDriftSystems, GroundVehicleDriftTelemetry};
pub use messages::{
    DriftStateChanged, GearChanged, VehicleAirborne, VehicleFaulted, VehicleLanded, WheelGrounded,
    WheelUngrounded,
};
pub use plugin::{GroundVehicleSystems, SkidpadPlugin, VisualSync};
pub use spawn::{SpawnedVehicle, set_vehicle_velocity, spawn_vehicle, spawn_vehicle_of};
pub use visuals::wheel_local_transform;

/// Everything a game needs: `use bevy_skidpad::prelude::*;`.
pub mod prelude {
    pub use crate::{
        BreakablePart, DriftStateChanged, GearChanged, GroundVehicle, GroundVehicleDriftConfig,
        GroundVehicleDriftSystems, GroundVehicleDriftTelemetry, GroundVehicleSurface,
        GroundVehicleSystems, GroundVehicleTelemetry, GroundVehicleWheel, GroundVehicleWheelState,
        GroundVehicleWheelVisual, PartBroken, SkidpadPlugin, SpawnedVehicle, VehicleAirborne,
        VehicleFaulted, VehicleIntent, VehicleLanded, VisualSync, WheelGrounded, WheelUngrounded,
        set_vehicle_velocity, spawn_vehicle, spawn_vehicle_of,
    };
    pub use skidpad::vehicle::VehicleParams;
}
