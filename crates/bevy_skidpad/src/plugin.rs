//! [`SkidpadPlugin`], its system sets and the visual sync.

use crate::breakable::{self, BreakablePart, BreakablePartSystems, PartBroken};
use crate::components::{
    GroundVehicle, GroundVehicleSurface, GroundVehicleTelemetry, GroundVehicleWheel,
    GroundVehicleWheelState, GroundVehicleWheelVisual, VehicleIntent,
};
use crate::drift::{
    self, GroundVehicleDriftConfig, GroundVehicleDriftSystems, GroundVehicleDriftTelemetry,
};
use crate::messages::{
    DriftStateChanged, GearChanged, VehicleAirborne, VehicleFaulted, VehicleLanded, WheelGrounded,
    WheelUngrounded,
};
use crate::{systems, telemetry};
use avian3d::prelude::PhysicsSystems;
use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;
use bevy::transform::TransformSystems;

/// The vehicle step's system sets, chained in this order on the plugin's fixed schedule and
/// before Avian's physics (see the crate docs for the core stages each runs).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroundVehicleSystems {
    /// Body state from Avian, intent; core stages 1 (input) and 2 (steering angles).
    InputAdaptation,
    /// Core stages 3 (wheel probes through Avian) and 4 (suspension forces).
    Suspension,
    /// Publishes the road-wheel angles to the wheel components (no core stage).
    Steering,
    /// Core stage 5 (gears, aids, torques).
    Powertrain,
    /// Core stage 6 (tyre forces, wheel spin).
    Grip,
    /// Core stages 7, 9, 8, the prediction with end stops (10b); forces onto the Avian body.
    Stability,
    /// Telemetry sample, messages, telemetry and wheel-state components.
    Telemetry,
}

/// Writes [`GroundVehicleWheelVisual`] transforms in `PostUpdate`, before transform
/// propagation.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VisualSync;

/// The skidpad vehicle plugin. Add it after Avian's `PhysicsPlugins`; the default schedule is
/// `FixedUpdate` (set `Time::<Fixed>::from_hz(60.0)` or your rate: one fixed step is one core
/// substep, see the crate docs).
#[derive(Debug, Clone)]
pub struct SkidpadPlugin {
    schedule: InternedScheduleLabel,
}

impl Default for SkidpadPlugin {
    fn default() -> Self {
        Self::new(FixedUpdate)
    }
}

impl SkidpadPlugin {
    /// The plugin on `schedule` (a fixed-step schedule that runs before Avian's step, or the
    /// one Avian runs in: the sets are ordered before `PhysicsSystems::First`).
    pub fn new(schedule: impl ScheduleLabel) -> Self {
        Self {
            schedule: schedule.intern(),
        }
    }
}

impl Plugin for SkidpadPlugin {
    fn build(&self, app: &mut App) {
        use GroundVehicleSystems as S;
        app.register_type::<GroundVehicle>()
            .register_type::<VehicleIntent>()
            .register_type::<GroundVehicleTelemetry>()
            .register_type::<GroundVehicleWheel>()
            .register_type::<GroundVehicleWheelState>()
            .register_type::<GroundVehicleWheelVisual>()
            .register_type::<GroundVehicleSurface>()
            .register_type::<WheelGrounded>()
            .register_type::<WheelUngrounded>()
            .register_type::<VehicleAirborne>()
            .register_type::<VehicleLanded>()
            .register_type::<GearChanged>()
            .register_type::<VehicleFaulted>()
            .register_type::<DriftStateChanged>()
            .register_type::<GroundVehicleDriftConfig>()
            .register_type::<GroundVehicleDriftTelemetry>()
            .register_type::<BreakablePart>()
            .register_type::<PartBroken>()
            .add_message::<PartBroken>()
            .add_message::<VehicleFaulted>()
            .add_message::<DriftStateChanged>()
            .add_message::<WheelGrounded>()
            .add_message::<WheelUngrounded>()
            .add_message::<VehicleAirborne>()
            .add_message::<VehicleLanded>()
            .add_message::<GearChanged>();
        app.configure_sets(
            self.schedule,
            (
                S::InputAdaptation,
                S::Suspension,
                S::Steering,
                S::Powertrain,
                S::Grip,
                S::Stability,
                S::Telemetry,
            )
                .chain()
                .before(PhysicsSystems::First),
        );
        app.add_systems(
            self.schedule,
            (
                systems::input_adaptation.in_set(S::InputAdaptation),
                systems::suspension.in_set(S::Suspension),
                systems::steering.in_set(S::Steering),
                systems::powertrain.in_set(S::Powertrain),
                systems::grip.in_set(S::Grip),
                (
                    systems::stability,
                    systems::apply_forces,
                    systems::apply_reactions,
                )
                    .chain()
                    .in_set(S::Stability),
                (telemetry::observe, telemetry::wheel_states)
                    .chain()
                    .in_set(S::Telemetry),
            ),
        );
        app.configure_sets(self.schedule, GroundVehicleDriftSystems.after(S::Telemetry));
        app.configure_sets(
            self.schedule,
            BreakablePartSystems.before(S::InputAdaptation),
        );
        app.add_systems(
            self.schedule,
            breakable::break_parts.in_set(BreakablePartSystems),
        );
        app.add_systems(
            self.schedule,
            (drift::apply_config, drift::publish)
                .chain()
                .in_set(GroundVehicleDriftSystems),
        );
        app.configure_sets(PostUpdate, VisualSync.before(TransformSystems::Propagate));
        app.add_systems(PostUpdate, crate::visuals::sync_visuals.in_set(VisualSync));
    }
}
