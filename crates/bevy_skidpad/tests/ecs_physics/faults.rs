//! Step faults: NaN tyre forces and a NaN body are undone and reported, never integrated.

use super::support::*;
use super::{braking, messages};
use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy_skidpad::frame::to_core;
use bevy_skidpad::prelude::*;
use skidpad::presets;
use skidpad::tire::TireModelKind;
use skidpad::tire::fault::NanBand;
use std::sync::Arc;

/// A step that meets NaN tyre forces (8 m/s on `NanBand` tyres) is undone: one
/// `VehicleFaulted` naming wheel 0's tyre force, the vehicle's state bit-identical to the one
/// before the step, no force on the body (Avian keeps it finite: 2 s later it has only fallen
/// onto its collider and slid), and no further step.
#[test]
fn a_nan_step_is_undone_and_reported() {
    let mut app = app();
    let mut p = presets::sedan();
    let model = TireModelKind::Custom(Arc::new(NanBand::new(5.0, 12.0)));
    for w in &mut p.wheels {
        w.tire.model = model.clone();
    }
    let car = spawn_car(&mut app, p, 0.316);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    {
        set_car_velocity(&mut app, car, DVec3::new(0.0, 0.0, -8.0), DVec3::ZERO);
    }
    let before = app
        .world()
        .get::<GroundVehicle>(car)
        .unwrap()
        .vehicle()
        .state()
        .clone();
    let steps_before = app
        .world()
        .get::<GroundVehicle>(car)
        .unwrap()
        .vehicle()
        .steps();
    let mut faults = Vec::new();
    for _ in 0..120 {
        app.update();
        faults.extend(messages::<VehicleFaulted>(&app));
        for c in [
            app.world().get::<Position>(car).unwrap().0,
            app.world().get::<LinearVelocity>(car).unwrap().0,
            app.world().get::<AngularVelocity>(car).unwrap().0,
        ] {
            assert!(c.is_finite(), "Avian body went non-finite: {c}");
        }
    }
    println!("{faults:?}");
    assert_eq!(faults.len(), 1, "{faults:?}");
    let f = &faults[0];
    assert_eq!(f.vehicle, car);
    assert_eq!(f.channel, "wheel 0 tyre force");
    assert!(f.value.is_nan());
    assert_eq!(f.step, steps_before + 1);
    let gv = app.world().get::<GroundVehicle>(car).unwrap();
    assert_eq!(
        gv.vehicle().steps(),
        steps_before,
        "no step after the fault"
    );
    // Bit-identical to the state before the faulted step (the setter's velocity included).
    assert_eq!(gv.vehicle().state().time.to_bits(), before.time.to_bits());
    assert_eq!(gv.vehicle().state(), &before);
    assert!(
        app.world()
            .get::<GroundVehicleTelemetry>(car)
            .unwrap()
            .faulted
    );
}

/// A NaN written into the Avian body is never integrated: the plugin reports a fault of the
/// chassis linear velocity and puts the body back to the vehicle's last finite state.
#[test]
fn a_nan_body_is_restored_and_reported() {
    let mut app = app();
    let car = spawn_car(&mut app, presets::sedan(), 0.316);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    let last = app
        .world()
        .get::<GroundVehicle>(car)
        .unwrap()
        .vehicle()
        .state()
        .chassis;
    app.world_mut().get_mut::<LinearVelocity>(car).unwrap().0.x = f64::NAN;
    let mut faults = Vec::new();
    for _ in 0..30 {
        app.update();
        faults.extend(messages::<VehicleFaulted>(&app));
        let v = app.world().get::<LinearVelocity>(car).unwrap().0;
        assert!(v.is_finite(), "{v}");
    }
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].channel, "chassis linear velocity");
    let gv = app.world().get::<GroundVehicle>(car).unwrap();
    assert_eq!(gv.vehicle().state().chassis, last);
    // Resting on its collider-free wheels the body then falls under gravity alone onto its
    // own box; it stays within a metre of where it was.
    let pos = app.world().get::<Position>(car).unwrap().0;
    assert!(
        (to_core(pos) - last.pose.translation).length() < 1.0,
        "{pos}"
    );
}
