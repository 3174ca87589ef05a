//! The ECS step against the core and the engine: momentum exchange with a free platform, the hosted step with its substeps, mass properties without `spawn_vehicle`, the fixed step a stiff vehicle needs.

use super::support::*;
use super::{body_state, braking};
use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy_skidpad::frame::{tensor_to_bevy, to_bevy};
use bevy_skidpad::prelude::*;
use skidpad::ground::Plane;
use skidpad::presets;

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
        set_car_velocity(&mut app, car, DVec3::new(0.0, 0.0, -v0), DVec3::ZERO);
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
            set_car_velocity(&mut app, car, DVec3::new(0.0, 0.0, -speed), DVec3::ZERO);
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
