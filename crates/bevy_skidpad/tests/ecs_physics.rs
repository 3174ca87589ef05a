//! The ECS path at the extremes and against the core: drops onto a static collider with an
//! energy audit, step faults, equal and opposite forces on a dynamic platform, the core's
//! substeps, mass properties without `spawn_vehicle`, and the drift helper.

use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy_skidpad::frame::{pose_to_core, tensor_to_bevy, to_bevy, to_core};
use bevy_skidpad::prelude::*;
use skidpad::chassis::ChassisState;
use skidpad::ground::Plane;
use skidpad::presets;
use skidpad::tire::interface::{SlipInput, SteadyForces, TireModel};
use skidpad::tire::{FrictionCircleParams, TireModelKind};
use std::sync::Arc;

mod support;
use support::*;

fn braking() -> VehicleIntent {
    VehicleIntent {
        brake: 1.0,
        ..default()
    }
}

/// The chassis body's state in core axes, as the plugin reads it.
fn body_state(app: &App, car: Entity) -> ChassisState {
    let w = app.world();
    ChassisState {
        pose: pose_to_core(
            w.get::<Position>(car).unwrap().0,
            w.get::<Rotation>(car).unwrap().0,
        ),
        linear_velocity_world: to_core(w.get::<LinearVelocity>(car).unwrap().0),
        angular_velocity_world: to_core(w.get::<AngularVelocity>(car).unwrap().0),
    }
}

/// Kinetic (translation + rotation) plus gravitational potential energy of the chassis body
/// (J), with the CoM height in Bevy y (ground at y = 0), and that height (m).
fn energy(app: &App, car: Entity, p: &VehicleParams) -> (f64, f64) {
    let c = &p.chassis;
    let s = body_state(app, car);
    let com = s.com_world(c);
    let w_body = s.pose.rotation.inverse() * s.angular_velocity_world;
    let e = 0.5 * c.mass * s.linear_velocity_world.length_squared()
        + 0.5 * w_body.dot(c.inertia * w_body)
        + c.mass * G * com.z;
    (e, com.z)
}

/// Dropped with its wheel bottoms (full droop) `d` above a static box, braked, at 60 Hz: the
/// body's kinetic + potential energy never rises above its start value and the CoM never above
/// its start height. It lands at `√(2 g d)` within `g·dt` (the core reports the speed at the
/// last airborne step) plus Avian's free-fall lag (6 solver substeps lag the exact fall by
/// `(5/12)·g·dt·t` in height, so it touches down `g·lag/v` faster); any rebound lands slower
/// than the first impact; after 5 s it stands on its four wheels at rest with its weight on
/// them (Σ loads = m·g = 14 715 N within 2 %).
fn drop_audit(d: f64) {
    let mut app = app();
    let p = presets::sedan();
    let w0 = &p.wheels[0];
    let car = spawn_car(&mut app, p.clone(), d + w0.suspension.max_droop + w0.radius);
    set_intent(&mut app, car, braking());
    let (e0, z0) = energy(&app, car, &p);
    let (mut e_max, mut z_max) = (f64::MIN, f64::MIN);
    let mut impacts = Vec::new();
    for _ in 0..300 {
        steps(&mut app, car, 1);
        let (e, z) = energy(&app, car, &p);
        e_max = e_max.max(e - e0);
        z_max = z_max.max(z - z0);
        impacts.extend(
            messages::<VehicleLanded>(&app)
                .iter()
                .map(|l| l.impact_speed),
        );
    }
    let t = *app.world().get::<GroundVehicleTelemetry>(car).unwrap();
    let v = app.world().get::<LinearVelocity>(car).unwrap().0;
    let exact = (2.0 * G * d).sqrt();
    let lag = 5.0 / 12.0 * G * DT * (2.0 * d / G).sqrt();
    let tol = G * DT + G * lag / exact;
    println!(
        "drop {d} m: E0 {e0:.1} J, max(E − E0) {e_max:.4} J, max(z − z0) {z_max:.5} m, \
         impacts {impacts:.3?} m/s (√(2gd) = {exact:.3} ± {tol:.3}), end: Σ loads {:.1} N, \
         |v| {:.2e} m/s",
        t.total_normal_load,
        v.length()
    );
    // Avian's integrator loses m·g²·h²/2 per substep in free fall and the landing is
    // inelastic, so the bound is strict; 1 mJ covers the rounding of ~1e5 J sums.
    assert!(e_max <= 1e-3, "energy rose by {e_max} J above its start");
    assert!(z_max <= 1e-9, "CoM rose {z_max} m above its start");
    assert!((impacts[0] - exact).abs() <= tol, "{impacts:?}");
    assert!(impacts[1..].iter().all(|&v| v < impacts[0]), "{impacts:?}");
    assert_eq!(t.grounded_wheels, 4);
    let mg = 1500.0 * G;
    assert!((t.total_normal_load - mg).abs() <= 0.02 * mg);
    assert!(v.length() < 0.01, "still moving at {v}");
    assert!(
        app.world()
            .get::<GroundVehicle>(car)
            .unwrap()
            .fault()
            .is_none()
    );
}

#[test]
fn drop_2_m_no_energy_gain() {
    drop_audit(2.0);
}

#[test]
fn drop_10_m_no_energy_gain() {
    drop_audit(10.0);
}

/// The friction-circle tyre, except NaN forces while the contact's forward speed is within
/// (5, 12) m/s (a user's custom model with a bad speed range, as in the core's step_fault
/// test).
#[derive(Debug)]
struct NanBand(FrictionCircleParams);

impl TireModel for NanBand {
    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        if input.vx.abs() > 5.0 && input.vx.abs() < 12.0 {
            SteadyForces {
                fx: f64::NAN,
                fy: f64::NAN,
                ..SteadyForces::default()
            }
        } else {
            self.0.steady_state(input)
        }
    }
}

/// Messages of type `M` written in the last update.
fn messages<M: Message + Clone>(app: &App) -> Vec<M> {
    app.world()
        .resource::<Messages<M>>()
        .iter_current_update_messages()
        .cloned()
        .collect()
}

/// A step that meets NaN tyre forces (8 m/s on `NanBand` tyres) is undone: one
/// `VehicleFaulted` naming wheel 0's tyre force, the vehicle's state bit-identical to the one
/// before the step, no force on the body (Avian keeps it finite: 2 s later it has only fallen
/// onto its collider and slid), and no further step.
#[test]
fn a_nan_step_is_undone_and_reported() {
    let mut app = app();
    let mut p = presets::sedan();
    let model = TireModelKind::Custom(Arc::new(NanBand(FrictionCircleParams::default())));
    for w in &mut p.wheels {
        w.tire.model = model.clone();
    }
    let car = spawn_car(&mut app, p, 0.316);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    {
        let world = app.world_mut();
        let mut q = world.query::<(
            &mut GroundVehicle,
            &mut LinearVelocity,
            &mut AngularVelocity,
        )>();
        let (mut gv, mut lin, mut ang) = q.get_mut(world, car).unwrap();
        set_vehicle_velocity(
            &mut gv,
            &mut lin,
            &mut ang,
            DVec3::new(0.0, 0.0, -8.0),
            DVec3::ZERO,
        );
    }
    let before = *app
        .world()
        .get::<GroundVehicle>(car)
        .unwrap()
        .vehicle()
        .state();
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

/// Equal and opposite forces: a braked sedan (m = 1500 kg) rolling at v₀ = 10 m/s on a
/// free platform (M = 3000 kg, frictionless on the floor, drag off) stops relative to it;
/// no horizontal force acts on the pair from outside, so the common speed is
/// `(m·v₀ + M·u₀)/(m + M)` = 3.333 m/s for u₀ = 0, and the pair's horizontal momentum stays
/// `m·v₀` (within 0.1 %).
#[test]
fn braking_on_a_free_platform_exchanges_momentum() {
    let mut app = app();
    let (m, big_m, v0) = (1500.0, 3000.0, 10.0);
    let platform = app
        .world_mut()
        .spawn((
            RigidBody::Dynamic,
            Collider::cuboid(8.0, 0.5, 80.0),
            Friction::new(0.0).with_combine_rule(CoefficientCombine::Min),
            Mass(big_m as f32),
            NoAutoMass,
            SleepingDisabled,
            Transform::from_xyz(0.0, 0.25, 0.0),
            Position(DVec3::new(0.0, 0.25, 0.0)),
        ))
        .id();
    for _ in 0..3 {
        app.update();
    }
    let mut p = presets::sedan();
    p.aero.drag_coefficient = 0.0;
    let car = spawn_car(&mut app, p, 0.5 + 0.316);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    {
        let world = app.world_mut();
        let mut q = world.query::<(
            &mut GroundVehicle,
            &mut LinearVelocity,
            &mut AngularVelocity,
        )>();
        let (mut gv, mut lin, mut ang) = q.get_mut(world, car).unwrap();
        set_vehicle_velocity(
            &mut gv,
            &mut lin,
            &mut ang,
            DVec3::new(0.0, 0.0, -v0),
            DVec3::ZERO,
        );
    }
    let vel = |app: &App, e: Entity| app.world().get::<LinearVelocity>(e).unwrap().0;
    let momentum = |app: &App| {
        let p = vel(app, car) * m + vel(app, platform) * big_m;
        DVec3::new(p.x, 0.0, p.z)
    };
    let p0 = momentum(&app);
    let u0 = vel(&app, platform).z;
    steps(&mut app, car, 180);
    let (vc, vp) = (vel(&app, car), vel(&app, platform));
    let p1 = momentum(&app);
    let expected = -(m * v0 - big_m * u0) / (m + big_m);
    println!(
        "platform: u0 {u0:.2e} m/s; after 3 s car {:.4} m/s, platform {:.4} m/s, expected \
         {expected:.4} m/s; momentum {:.2} → {:.2} N·s",
        vc.z, vp.z, p0.z, p1.z
    );
    assert!((p1 - p0).length() <= 1e-3 * m * v0, "{p0} → {p1}");
    assert!((vc.z - expected).abs() <= 0.01 * expected.abs());
    assert!((vp.z - expected).abs() <= 0.01 * expected.abs());
}

/// The ECS step is the core's hosted step, substeps included: at rest the sedan runs
/// `sim.substeps_low_speed` = 3 substeps, at 20 m/s `substeps_high_speed` = 1, and the mean
/// wrench the ECS gives Avian equals `Vehicle::try_step_hosted` from the same body on the
/// core's flat plane within 0.01 N and 0.01 N·m (Avian's `f32` query directions and its
/// ray/shape casts against a box instead of the core's analytic plane move a hit by ~1e-10 m
/// here; measured: 5e-6 N, 3e-6 N·m on 14.7 kN).
#[test]
fn the_ecs_step_is_the_cores_hosted_step() {
    let mut app = app();
    let car = spawn_car(&mut app, presets::sedan(), 0.316);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    for (speed, substeps) in [(0.0, 3), (20.0, 1)] {
        if speed > 0.0 {
            set_intent(&mut app, car, VehicleIntent::default());
            let world = app.world_mut();
            let mut q = world.query::<(
                &mut GroundVehicle,
                &mut LinearVelocity,
                &mut AngularVelocity,
            )>();
            let (mut gv, mut lin, mut ang) = q.get_mut(world, car).unwrap();
            set_vehicle_velocity(
                &mut gv,
                &mut lin,
                &mut ang,
                DVec3::new(0.0, 0.0, -speed),
                DVec3::ZERO,
            );
            steps(&mut app, car, 2);
        }
        let mut core = app
            .world()
            .get::<GroundVehicle>(car)
            .unwrap()
            .vehicle()
            .clone();
        let body = body_state(&app, car);
        steps(&mut app, car, 1);
        let want = core.try_step_hosted(DT, &body, &Plane::flat()).unwrap();
        let gv = app.world().get::<GroundVehicle>(car).unwrap();
        let got = gv.last_forces();
        let t = app.world().get::<GroundVehicleTelemetry>(car).unwrap();
        println!(
            "{speed} m/s: substeps ECS {} core {}; force ECS {} core {}; torque ECS {} core {}",
            got.substeps,
            want.substeps,
            got.total.force,
            want.total.force,
            got.total.torque,
            want.total.torque
        );
        assert_eq!(t.substeps, substeps);
        assert_eq!(gv.last_substeps(), substeps);
        assert_eq!(want.substeps, substeps);
        assert!((got.total.force - want.total.force).length() < 0.01);
        assert!((got.total.torque - want.total.torque).length() < 0.01);
    }
}

/// `GroundVehicle` inserted on a plain entity with a collider (no `spawn_vehicle`, no wheel
/// entities): the insert hook gives the body the params' mass (1500 kg, not the collider's
/// density), centre of mass and inertia tensor (mapped to Bevy axes), and the car stands on
/// its wheels with Σ loads = m·g within 2 %.
#[test]
fn mass_properties_without_spawn_vehicle() {
    let mut app = app();
    let p = presets::sedan();
    let gv = GroundVehicle::new(p.clone()).unwrap();
    // A box 0.4 m tall whose bottom is 0.3 m above the wheel centres (clear of the ground).
    let car = app
        .world_mut()
        .spawn((
            gv,
            Collider::compound(vec![(
                Position(DVec3::new(0.0, 0.5, 0.0)),
                Rotation::default(),
                Collider::cuboid(1.6, 0.4, 3.6),
            )]),
            Transform::from_xyz(0.0, 0.316, 0.0),
            Position(DVec3::new(0.0, 0.316, 0.0)),
            braking(),
        ))
        .id();
    steps(&mut app, car, 120);
    let w = app.world();
    assert_eq!(w.get::<Mass>(car), Some(&Mass(1500.0)));
    assert_eq!(w.get::<ComputedMass>(car).unwrap().value(), 1500.0);
    let com = w.get::<CenterOfMass>(car).unwrap().0.as_dvec3();
    assert!(
        com.abs_diff_eq(to_bevy(p.chassis.com_offset), 1e-6),
        "{com}"
    );
    let tensor = w
        .get::<ComputedAngularInertia>(car)
        .unwrap()
        .tensor()
        .to_mat3();
    let want = tensor_to_bevy(p.chassis.inertia);
    for (a, b) in [
        (tensor.x_axis, want.x_axis),
        (tensor.y_axis, want.y_axis),
        (tensor.z_axis, want.z_axis),
    ] {
        assert!(a.abs_diff_eq(b, 1e-3 * want.x_axis.length()), "{a} vs {b}");
    }
    let t = w.get::<GroundVehicleTelemetry>(car).unwrap();
    assert_eq!(t.grounded_wheels, 4);
    assert!((t.total_normal_load - 1500.0 * G).abs() <= 0.02 * 1500.0 * G);
}

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
        let world = app.world_mut();
        let mut q = world.query::<(
            &mut GroundVehicle,
            &mut LinearVelocity,
            &mut AngularVelocity,
        )>();
        let (mut gv, mut lin, mut ang) = q.get_mut(world, car).unwrap();
        set_vehicle_velocity(&mut gv, &mut lin, &mut ang, v, DVec3::ZERO);
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

/// The kart's body modes bound a stable step at 6.65 ms (`Derived::max_substep`: its roll mode
/// moves all four dampers at once, `skidpad::params` modes bound). The core's substeps keep its
/// own prediction stable at 60 Hz, but Avian integrates the body once per fixed step with the
/// mean wrench, so the tyre-spring loop closes at the fixed step (measured with the kart's
/// earlier 9.1 ms bound: at 60 Hz the loads cycled between 966 and 1811 N; at 90, 120 and
/// 180 Hz they settled to m·g). So `max_fixed_dt` is the bound: below it for the sedan at
/// 60 Hz, above it for the kart even at 120 Hz. At 180 Hz (5.56 ms) the kart runs
/// `max(substeps_low_speed, ⌈dt/max_substep⌉)` substeps and settles with Σ loads = m·g =
/// 160 kg × 9.81 = 1569.6 N (within 2 %) at rest.
#[test]
fn kart_needs_a_fixed_step_within_its_stable_step() {
    let sedan = GroundVehicle::new(presets::sedan()).unwrap();
    assert!(sedan.max_fixed_dt() > DT);
    let p = presets::kart();
    let kart = GroundVehicle::new(p.clone()).unwrap();
    assert!(kart.max_fixed_dt() < 1.0 / 120.0 && kart.max_fixed_dt() > 1.0 / 180.0);
    let dt = 1.0 / 180.0;
    let mut app = app_at(dt);
    let mg = p.chassis.mass * G;
    let car = spawn_car(&mut app, p.clone(), p.wheels[0].radius);
    set_intent(&mut app, car, braking());
    let expected =
        (p.sim.substeps_low_speed as usize).max((dt / kart.max_fixed_dt()).ceil() as usize);
    steps_at(&mut app, car, 540, dt);
    let t = *app.world().get::<GroundVehicleTelemetry>(car).unwrap();
    let v = app.world().get::<LinearVelocity>(car).unwrap().0;
    println!(
        "kart at 180 Hz: max_fixed_dt {:.4} s, {} substeps; Σ loads {:.1} N, m·g {mg:.1} N, \
         |v| {:.2e} m/s",
        kart.max_fixed_dt(),
        t.substeps,
        t.total_normal_load,
        v.length()
    );
    assert_eq!(t.substeps, expected);
    assert_eq!(t.grounded_wheels, 4);
    assert!((t.total_normal_load - mg).abs() <= 0.02 * mg);
    assert!(v.length() < 0.01, "{v}");
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
