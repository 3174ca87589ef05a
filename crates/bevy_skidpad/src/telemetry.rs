//! The Telemetry set: the core's [`Monitor`](skidpad::telemetry::Monitor) observes each
//! vehicle after its step; its events become Bevy messages, its sample the
//! [`GroundVehicleTelemetry`] component, and each wheel's core state its
//! [`GroundVehicleWheelState`].
//!
//! See [`crate::messages`] for what each message means.

use crate::components::{
    GroundVehicle, GroundVehicleTelemetry, GroundVehicleWheel, GroundVehicleWheelState,
};
use crate::frame::to_bevy;
use crate::messages::{
    GearChanged, VehicleAirborne, VehicleFaulted, VehicleLanded, WheelGrounded, WheelUngrounded,
};
use bevy::prelude::*;
use skidpad::telemetry::EventKind;

/// The message writers of the Telemetry set.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Writers<'w> {
    grounded: MessageWriter<'w, WheelGrounded>,
    ungrounded: MessageWriter<'w, WheelUngrounded>,
    airborne: MessageWriter<'w, VehicleAirborne>,
    landed: MessageWriter<'w, VehicleLanded>,
    gear: MessageWriter<'w, GearChanged>,
    faulted: MessageWriter<'w, VehicleFaulted>,
}

/// Observe each stepped vehicle, write its messages and its telemetry component; a fault
/// found this step becomes a [`VehicleFaulted`] message.
pub(crate) fn observe(
    mut q: Query<(Entity, &mut GroundVehicle, &mut GroundVehicleTelemetry)>,
    mut out: Writers,
) {
    for (vehicle, mut gv, mut tel) in &mut q {
        let GroundVehicle {
            vehicle: v,
            monitor,
            step,
            ..
        } = &mut *gv;
        step.drift_change = None;
        if let Some(f) = step.new_fault.take() {
            out.faulted.write(VehicleFaulted {
                vehicle,
                step: f.step,
                time: f.time,
                channel: f.channel.to_string(),
                value: f.value,
            });
            tel.faulted = true;
        }
        if step.dt <= 0.0 {
            continue;
        }
        monitor.observe(v);
        for ev in monitor.drain() {
            match ev.kind {
                EventKind::WheelGrounded { wheel } => {
                    out.grounded.write(WheelGrounded { vehicle, wheel });
                }
                EventKind::WheelUngrounded { wheel } => {
                    out.ungrounded.write(WheelUngrounded { vehicle, wheel });
                }
                EventKind::Airborne => {
                    out.airborne.write(VehicleAirborne { vehicle });
                }
                EventKind::Landed { impact_speed } => {
                    out.landed.write(VehicleLanded {
                        vehicle,
                        impact_speed,
                    });
                }
                EventKind::GearChanged { from, to } => {
                    out.gear.write(GearChanged { vehicle, from, to });
                }
                EventKind::DriftStarted { .. } | EventKind::DriftEnded { .. } => {
                    step.drift_change = Some(ev.kind);
                }
            }
        }
        let s = monitor.sample();
        let state = v.state();
        *tel = GroundVehicleTelemetry {
            time: s.time,
            speed: s.speed,
            forward_speed: s.velocity_body.x,
            yaw_rate: s.yaw_rate,
            body_slip_angle: s.body_slip_angle,
            gear: s.gear,
            engine_speed: s.engine_speed,
            grounded_wheels: s.grounded_wheels(),
            airborne: s.airborne(),
            total_normal_load: state.wheels().iter().map(|w| w.normal_load).sum(),
            substeps: step.substeps,
            faulted: false,
        };
    }
}

/// Copy each wheel's core state to its [`GroundVehicleWheelState`].
pub(crate) fn wheel_states(
    vehicles: Query<&GroundVehicle>,
    mut wheels: Query<(&GroundVehicleWheel, &mut GroundVehicleWheelState)>,
) {
    for (w, mut out) in &mut wheels {
        let Ok(gv) = vehicles.get(w.chassis) else {
            continue;
        };
        let state = gv.vehicle.state();
        let Some(s) = state.wheels().get(w.index) else {
            continue;
        };
        // The wheel centre was placed at the step's start pose (the body Avian then moved).
        let pose = &gv.step.pose0;
        let centre_local = pose.rotation.inverse() * (s.centre_world - pose.translation);
        *out = GroundVehicleWheelState {
            grounded: s.suspension.in_contact,
            jounce: s.suspension.jounce,
            normal_load: s.normal_load,
            steer: s.steer,
            spin: s.tire.omega,
            spin_angle: s.tire.angle,
            slip_ratio: s.tire.slip_ratio,
            slip_angle: s.tire.slip_angle,
            contact_point: to_bevy(s.contact_point_world),
            contact_normal: to_bevy(s.contact_normal_world),
            centre_local: to_bevy(centre_local),
            surface: s.surface.0,
        };
    }
}
