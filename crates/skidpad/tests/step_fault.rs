//! Nothing non-finite escapes a step: a tyre model that returns NaN (a user's custom model
//! with a bad speed range, 5–12 m/s here) makes the step that meets it fail; the vehicle
//! keeps its last finite state, records the step and the channel, takes no further step
//! until cleared, and the world, the manoeuvres and their KPIs report it.

use skidpad::ground::Plane;
use skidpad::maneuver::{Options, longitudinal, validity::Rule};
use skidpad::tire::TireModelKind;
use skidpad::tire::fault::NanBand;
use skidpad::vehicle::{
    Channel, Intent, StepFault, Vehicle, VehicleParams, fault::first_non_finite,
};
use skidpad::{DVec3, Pose, World, presets};
use std::sync::Arc;

/// The sedan on [`NanBand`] tyres (NaN forces while 5 < |vx| < 12 m/s).
fn bad_sedan() -> VehicleParams {
    let mut p = presets::sedan();
    let model = TireModelKind::Custom(Arc::new(NanBand::new(5.0, 12.0)));
    for w in &mut p.wheels {
        w.tire.model = model.clone();
    }
    p
}

const DT: f64 = 1.0 / 120.0;

/// A fault's step, time and channel (its NaN value never equals itself).
fn id(f: &StepFault) -> (u64, f64, Channel) {
    (f.step, f.time, f.channel)
}

/// `p` resting at the origin, rolling forward at `speed` m/s.
fn rolling(p: VehicleParams, speed: f64) -> Vehicle {
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.316)));
    v.set_velocity(DVec3::new(speed, 0.0, 0.0), DVec3::ZERO);
    v
}

#[test]
fn the_step_that_meets_nan_is_undone_and_reported() {
    // Braking from 14 m/s at ≈ µ·g = 9.8 m/s²: the band's 12 m/s after ≈ 0.2 s = 25 steps.
    let ground = Plane::flat();
    let mut v = rolling(bad_sedan(), 14.0);
    v.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    let mut before = v.state().clone();
    let mut fault = None;
    for k in 1..=120u64 {
        match v.try_step(DT, &ground) {
            Ok(()) => {
                assert_eq!(v.steps(), k);
                assert_eq!(first_non_finite(v.state()), None, "step {k}");
                before.clone_from(v.state());
            }
            Err(f) => {
                fault = Some((k, f));
                break;
            }
        }
    }
    let (k, f) = fault.expect("the NaN patch faults a step");
    assert!((10..=60).contains(&k), "faulted at step {k}");
    assert_eq!(f.step, k);
    assert_eq!(v.steps(), k - 1);
    assert!((f.time - (k - 1) as f64 * DT).abs() < 1e-9, "{}", f.time);
    assert!(!f.value.is_finite());
    // The last finite state stays, bit for bit, and names the fault.
    assert_eq!(*v.state(), before);
    assert_eq!(v.fault().map(id), Some(id(&f)));
    let text = f.to_string();
    assert!(text.starts_with(&format!("step {k} (t = ")), "{text}");
    assert!(text.ends_with("is NaN"), "{text}");
    // The NaN comes from the tyres (cause before effect: wheel 0, the first wheel).
    assert_eq!(f.channel, Channel::TireForce(0), "{text}");
    // Stopped: no step until cleared, the same fault again.
    assert_eq!(v.try_step(DT, &ground).map_err(|e| id(&e)), Err(id(&f)));
    v.step(DT, &ground);
    assert_eq!(v.steps(), k - 1);
    assert_eq!(*v.state(), before);
    // A teleport clears it and the vehicle runs again, at rest, below the bad band.
    v.teleport(Pose::from_translation(DVec3::new(-20.0, 0.0, 0.316)));
    assert_eq!(v.fault(), None);
    assert_eq!(v.try_step(DT, &ground), Ok(()));
    assert_eq!(v.steps(), k);
}

#[test]
fn a_hosted_step_that_meets_nan_returns_no_force_and_reports() {
    let ground = Plane::flat();
    let mut v = rolling(bad_sedan(), 8.0);
    let body = v.state().chassis;
    let before = v.state().clone();
    let e = v.try_step_hosted(DT, &body, &ground).unwrap_err();
    assert_eq!(e.step, 1);
    assert_eq!(*v.state(), before);
    // The plain form gives the engine zero force, never NaN.
    let f = v.step_hosted(DT, &body, &ground);
    assert_eq!(f.total.force, DVec3::ZERO);
    assert_eq!(f.total.torque, DVec3::ZERO);
    assert_eq!(v.fault().map(id), Some(id(&e)));
}

#[test]
fn the_world_keeps_a_faulted_vehicle_and_runs_the_others() {
    let mut world = World::new(Plane::flat());
    let at = |x: f64| Pose::from_translation(DVec3::new(x, 0.0, 0.316));
    let good = world.spawn(presets::sedan(), at(-50.0)).unwrap();
    let bad = world.spawn(bad_sedan(), at(0.0)).unwrap();
    world
        .vehicle_mut(bad)
        .set_velocity(DVec3::new(8.0, 0.0, 0.0), DVec3::ZERO);
    for _ in 0..120 {
        world.step(DT);
    }
    let faults: Vec<_> = world.faults().map(|(id, f)| (id, *f)).collect();
    assert_eq!(faults.len(), 1);
    assert_eq!(faults[0].0, bad);
    assert_eq!(world.vehicle(good).steps(), 120);
    assert!(world.vehicle(bad).steps() < 120);
}

#[test]
fn a_manoeuvre_that_meets_nan_stops_and_reports_its_kpis_invalid() {
    // Braking from 20 m/s at ≈ µ·g: the band's 12 m/s after ≈ 0.8 s; the run stops there
    // and both KPIs carry the fault.
    let mut steps = 0;
    let mut count = |_: &Vehicle| steps += 1;
    let r = longitudinal::braking_with(
        &bad_sedan(),
        20.0,
        &mut Options {
            observer: Some(&mut count),
            ..Options::default()
        },
    )
    .unwrap();
    let why = r.invalid.expect("the fault voids the run");
    assert_eq!(why.rule, Rule::StepFault);
    assert!(why.time_s > 0.5 && why.time_s < 1.2, "{why}");
    let k = r.kpi_set();
    assert!(k.values.is_empty(), "{k:?}");
    let reason = k.reason("braking_distance_m").unwrap();
    assert!(
        reason.starts_with("step fault at ") && reason.contains("is NaN"),
        "{reason}"
    );
    assert!(r.kpis().is_empty());
    // The observer saw only the finite steps, ≈ 0.8 s of them.
    assert!(steps > 60 && steps < 144, "{steps}");
}

#[test]
fn non_finite_setters_and_engine_bodies_never_reach_the_state() {
    let ground = Plane::flat();
    let mut v = rolling(presets::sedan(), 10.0);
    let before = v.state().clone();
    // A teleport or velocity with NaN/∞ is ignored.
    v.teleport(Pose::from_translation(DVec3::new(f64::NAN, 0.0, 0.3)));
    v.set_velocity(DVec3::new(f64::INFINITY, 0.0, 0.0), DVec3::ZERO);
    assert_eq!(*v.state(), before);
    // A hosted step from an engine body with a NaN position is undone and reported.
    let mut body = v.state().chassis;
    body.pose.translation.z = f64::NAN;
    let e = v.try_step_hosted(DT, &body, &ground).unwrap_err();
    assert_eq!(e.step, 1);
    assert_eq!(*v.state(), before);
    assert_eq!(first_non_finite(v.state()), None);
}
