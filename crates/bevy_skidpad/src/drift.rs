//! The drift helper (ground_vehicle's `drift.rs`): per-vehicle thresholds
//! ([`GroundVehicleDriftConfig`]), the detector's state ([`GroundVehicleDriftTelemetry`]) and
//! [`DriftStateChanged`] messages, in [`GroundVehicleDriftSystems`] after the Telemetry set on
//! the plugin's schedule. Only vehicles with a [`GroundVehicleDriftConfig`] take part.
//!
//! The detector is the core's (`skidpad::telemetry::drift`, run by each vehicle's telemetry
//! monitor): body slip angle `β = atan2(v_y, v_x)` (ISO, + sliding left) and speed with entry
//! and exit hysteresis —
//!
//! ```text
//! enter:  |β| > enter_slip_angle  and  speed > enter_speed  and  ≥ 1 wheel grounded,
//!         held for enter_time
//! exit:   |β| < exit_slip_angle   or   speed < exit_speed,  held for exit_time
//! ```
//!
//! The helper only carries its thresholds into the monitor (checked: a bad config is logged
//! with its field path and the previous thresholds stay) and its state out to the ECS. A
//! config change applies from the next fixed step.

use crate::components::GroundVehicle;
use crate::messages::DriftStateChanged;
use bevy::prelude::*;
use skidpad::telemetry::{DriftParams, EventKind};

/// The drift helper's system set: after `GroundVehicleSystems::Telemetry` on the plugin's
/// schedule.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GroundVehicleDriftSystems;

/// Drift thresholds of a vehicle (the core's `DriftParams`; defaults 10°/5° slip angle,
/// 5/3 m/s, 0.2 s to enter, 0 s to exit). Inserting it opts the vehicle into the helper.
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq)]
#[reflect(Component, Default)]
#[require(GroundVehicleDriftTelemetry)]
pub struct GroundVehicleDriftConfig {
    /// |β| above which a drift may start. Unit: rad. Range: (exit_slip_angle, π/2).
    pub enter_slip_angle: f64,
    /// |β| below which a drift ends. Unit: rad. Range: [0, enter_slip_angle).
    pub exit_slip_angle: f64,
    /// Speed above which a drift may start. Unit: m/s. Range: (exit_speed, ∞).
    pub enter_speed: f64,
    /// Speed below which a drift ends. Unit: m/s. Range: [0, enter_speed).
    pub exit_speed: f64,
    /// Time the entry condition must hold. Unit: s. Range: [0, ∞).
    pub enter_time: f64,
    /// Time the exit condition must hold. Unit: s. Range: [0, ∞).
    pub exit_time: f64,
}

impl Default for GroundVehicleDriftConfig {
    fn default() -> Self {
        let p = DriftParams::default();
        Self {
            enter_slip_angle: p.enter_slip_angle,
            exit_slip_angle: p.exit_slip_angle,
            enter_speed: p.enter_speed,
            exit_speed: p.exit_speed,
            enter_time: p.enter_time,
            exit_time: p.exit_time,
        }
    }
}

impl GroundVehicleDriftConfig {
    /// The core's thresholds.
    pub fn to_core(&self) -> DriftParams {
        DriftParams {
            enter_slip_angle: self.enter_slip_angle,
            exit_slip_angle: self.exit_slip_angle,
            enter_speed: self.enter_speed,
            exit_speed: self.exit_speed,
            enter_time: self.enter_time,
            exit_time: self.exit_time,
        }
    }
}

/// The drift detector's state after the last fixed step.
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq, Default)]
#[reflect(Component, Default)]
pub struct GroundVehicleDriftTelemetry {
    /// A drift is under way.
    pub drifting: bool,
    /// Body slip angle now, + sliding left. Unit: rad.
    pub slip_angle: f64,
    /// Time since the current drift started (0 when not drifting). Unit: s.
    pub drift_time: f64,
    /// Slip angle of largest magnitude in the current drift, or in the last one when not
    /// drifting (signed). Unit: rad.
    pub peak_slip_angle: f64,
    /// Duration of the last finished drift. Unit: s.
    pub last_duration: f64,
    /// Drifts started since the helper was added.
    pub drifts: u32,
}

/// Carry changed configs into the vehicles' monitors.
pub(crate) fn apply_config(
    mut q: Query<
        (Entity, &mut GroundVehicle, &GroundVehicleDriftConfig),
        Changed<GroundVehicleDriftConfig>,
    >,
) {
    for (e, mut gv, cfg) in &mut q {
        if let Err(err) = gv.monitor.set_drift_params(cfg.to_core()) {
            error!("{e}: GroundVehicleDriftConfig.{err}; previous thresholds kept");
        }
    }
}

/// The detector's state to [`GroundVehicleDriftTelemetry`] and its changes to
/// [`DriftStateChanged`].
pub(crate) fn publish(
    mut q: Query<(Entity, &GroundVehicle, &mut GroundVehicleDriftTelemetry)>,
    mut out: MessageWriter<DriftStateChanged>,
) {
    for (vehicle, gv, mut t) in &mut q {
        let sample = gv.monitor.sample();
        let state = gv.monitor.drift_state();
        t.drifting = state.drifting;
        t.slip_angle = sample.body_slip_angle;
        t.drift_time = if state.drifting {
            sample.time - state.started_at
        } else {
            0.0
        };
        if state.drifting {
            t.peak_slip_angle = state.peak_slip_angle;
        }
        match gv.step.drift_change {
            Some(EventKind::DriftStarted { slip_angle, speed }) => {
                t.drifts += 1;
                out.write(DriftStateChanged {
                    vehicle,
                    drifting: true,
                    slip_angle,
                    speed,
                    duration: 0.0,
                });
            }
            Some(EventKind::DriftEnded {
                duration,
                peak_slip_angle,
            }) => {
                t.last_duration = duration;
                t.peak_slip_angle = peak_slip_angle;
                out.write(DriftStateChanged {
                    vehicle,
                    drifting: false,
                    slip_angle: peak_slip_angle,
                    speed: 0.0,
                    duration,
                });
            }
            _ => {}
        }
    }
}
