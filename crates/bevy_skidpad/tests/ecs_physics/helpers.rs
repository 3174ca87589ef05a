//! Gameplay helpers: the drift detector and breakable parts.

use super::support::*;
use super::{braking, messages};
use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy_skidpad::frame::to_bevy;
use bevy_skidpad::prelude::*;
use skidpad::presets;

/// The drift helper: a sedan thrown sideways (15 m/s at β = 40°, coasting) drifts. The
/// `DriftStateChanged` start comes exactly `enter_time / dt` = 12 steps after the first step
/// of the run of steps with |β| > 10° and speed > 5 m/s (the core's detector, fed from the
/// ECS telemetry), the end on the first step with |β| < 5° or speed < 3 m/s; the drift
/// telemetry says drifting in between. A config with exit ≥ enter is refused (thresholds
/// kept).
#[test]
fn drift_helper_reports_start_and_end() {
    let mut app = app();
    let car = spawn_car(&mut app, presets::sedan(), 0.316);
    app.world_mut()
        .entity_mut(car)
        .insert(GroundVehicleDriftConfig::default());
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    set_intent(&mut app, car, VehicleIntent::default());
    {
        let beta = 40f64.to_radians();
        let v = to_bevy(DVec3::new(beta.cos(), beta.sin(), 0.0) * 15.0);
        set_car_velocity(&mut app, car, v, DVec3::ZERO);
    }
    let (enter, exit) = (10f64.to_radians(), 5f64.to_radians());
    let mut k_run = None;
    let (mut started, mut ended) = (None, None);
    for k in 0..300 {
        steps(&mut app, car, 1);
        let t = *app.world().get::<GroundVehicleTelemetry>(car).unwrap();
        let d = *app.world().get::<GroundVehicleDriftTelemetry>(car).unwrap();
        assert_eq!(d.slip_angle, t.body_slip_angle);
        let holds = t.body_slip_angle.abs() > enter && t.speed > 5.0 && t.grounded_wheels > 0;
        if started.is_none() {
            k_run = if holds { k_run.or(Some(k)) } else { None };
        }
        for m in messages::<DriftStateChanged>(&app) {
            if m.drifting {
                started = Some((k, m));
            } else {
                ended = Some((k, m));
            }
        }
        if let (Some((k_start, _)), None) = (started, ended) {
            assert!(d.drifting);
            if k_start < k {
                let exits = t.body_slip_angle.abs() < exit || t.speed < 3.0;
                assert!(!exits, "step {k}: exit condition held but no end");
            }
        }
        if ended.is_some() {
            break;
        }
    }
    let (ks, s) = started.expect("a drift started");
    let (ke, e) = ended.expect("the drift ended");
    println!("run from step {k_run:?}, start {ks} {s:?}, end {ke} {e:?}");
    assert_eq!(ks, k_run.unwrap() + 12);
    assert!(s.slip_angle.abs() > enter && s.speed > 5.0);
    // The fixed step is a whole number of nanoseconds (16 666 667 ns): 1 ns per step.
    assert!((e.duration - (ke - ks) as f64 * DT).abs() < 1e-9 * (ke - ks) as f64);
    let d = *app.world().get::<GroundVehicleDriftTelemetry>(car).unwrap();
    assert!(!d.drifting);
    assert_eq!(d.drifts, 1);
    assert_eq!(d.last_duration, e.duration);
    // A bad config is refused and the thresholds stay.
    app.world_mut()
        .entity_mut(car)
        .insert(GroundVehicleDriftConfig {
            exit_slip_angle: 0.5,
            enter_slip_angle: 0.2,
            ..default()
        });
    steps(&mut app, car, 1);
    let gv = app.world().get::<GroundVehicle>(car).unwrap();
    assert_eq!(gv.monitor().drift_params().enter_slip_angle, enter);
}

/// Breakable parts: two parts hang on fixed joints from static anchors 20 m up, strength
/// 120 N each. The 10 kg part pulls m·g = 98.1 N and holds (still at its anchor after 1 s);
/// the 15 kg part pulls 147.2 N: one `PartBroken` for its joint with that force (within 2 %),
/// then it falls freely (its downward speed grows by g·t: 0.5 s after the break it is
/// g·0.5 = 4.9 m/s within one step's g·dt).
#[test]
fn a_part_breaks_when_its_joint_force_exceeds_its_strength() {
    let mut app = app();
    let hang = |app: &mut App, x: f64, mass: f32| {
        let at = DVec3::new(x, 20.0, 0.0);
        let world = app.world_mut();
        let anchor = world
            .spawn((
                RigidBody::Static,
                Position(at),
                Transform::from_translation(at.as_vec3()),
            ))
            .id();
        let part = world
            .spawn((
                RigidBody::Dynamic,
                Collider::sphere(0.1),
                Mass(mass),
                NoAutoMass,
                SleepingDisabled,
                Position(at),
                Transform::from_translation(at.as_vec3()),
            ))
            .id();
        let joint = world
            .spawn((FixedJoint::new(anchor, part), BreakablePart::new(120.0)))
            .id();
        (part, joint)
    };
    let (light, light_joint) = hang(&mut app, 0.0, 10.0);
    let (heavy, heavy_joint) = hang(&mut app, 5.0, 15.0);
    let mut broken = Vec::new();
    let mut t_break = None;
    for k in 0..60 {
        app.update();
        for b in messages::<PartBroken>(&app) {
            broken.push(b);
            t_break = Some(k);
        }
    }
    let f_light = app
        .world()
        .get::<JointForces>(light_joint)
        .unwrap()
        .force()
        .length();
    println!("light joint {f_light:.2} N; broken {broken:?} at update {t_break:?}");
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert_eq!(broken[0].joint, heavy_joint);
    assert!((broken[0].force - 15.0 * G).abs() <= 0.02 * 15.0 * G);
    assert!((f_light - 10.0 * G).abs() <= 0.02 * 10.0 * G);
    assert!(app.world().get::<JointDisabled>(heavy_joint).is_some());
    let y_light = app.world().get::<Position>(light).unwrap().0.y;
    assert!(
        (y_light - 20.0).abs() < 0.01,
        "the held part sagged to {y_light}"
    );
    // Free fall after the break: 0.5 s after it, v = g·t.
    let v_at = |app: &App| -app.world().get::<LinearVelocity>(heavy).unwrap().0.y;
    let v0 = v_at(&app);
    for _ in 0..30 {
        app.update();
    }
    let dv = v_at(&app) - v0;
    println!("heavy part: Δv over 30 updates {dv:.3} m/s");
    assert!((dv - G * 0.5).abs() <= G * DT, "{dv}");
}
