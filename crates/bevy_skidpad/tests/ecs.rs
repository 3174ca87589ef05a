//! Headless apps (`MinimalPlugins` + Avian, manual fixed time at 60 Hz): the plugin loads
//! without errors or schedule ambiguities, a sedan settles with its weight on its wheels, the
//! telemetry messages fire, and the sedan brakes from 100 km/h in the ECS as the core alone.

use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy_skidpad::prelude::*;
use skidpad::ground::{Plane, SurfaceId};
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{Pose, presets};

mod support;
use support::*;

fn braking() -> VehicleIntent {
    VehicleIntent {
        brake: 1.0,
        ..default()
    }
}

#[test]
fn plugin_loads_registers_and_requires() {
    let mut app = app();
    let car = spawn_car(&mut app, presets::sedan(), 0.316);
    steps(&mut app, car, 5);
    let w = app.world();
    assert_eq!(w.get::<RigidBody>(car), Some(&RigidBody::Dynamic));
    assert!(w.get::<SleepingDisabled>(car).is_some());
    assert_eq!(w.get::<LinearDamping>(car), Some(&LinearDamping(0.0)));
    assert_eq!(w.get::<AngularDamping>(car), Some(&AngularDamping(0.0)));
    assert_eq!(w.get::<Mass>(car), Some(&Mass(1500.0)));
    let registry = w.resource::<AppTypeRegistry>().read();
    for name in [
        "GroundVehicle",
        "VehicleIntent",
        "GroundVehicleTelemetry",
        "GroundVehicleWheel",
        "GroundVehicleWheelState",
        "GroundVehicleWheelVisual",
        "GroundVehicleSurface",
        "WheelGrounded",
        "VehicleLanded",
        "GearChanged",
    ] {
        assert!(
            registry.get_with_short_type_path(name).is_some(),
            "{name} is not registered"
        );
    }
}

/// Weight on the wheels: after 3 s at rest the wheels' normal loads sum to m·g
/// = 1500 kg × 9.81 m/s² = 14 715 N (within 2 %), and the body is at rest (< 1 cm/s).
#[test]
fn sedan_settles_with_its_weight_on_the_wheels() {
    let mut app = app();
    let car = spawn_car(&mut app, presets::sedan(), 0.316);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 180);
    let t = *app.world().get::<GroundVehicleTelemetry>(car).unwrap();
    let mg = 1500.0 * G;
    println!(
        "settled: Σ loads {:.1} N, m·g {mg:.1} N",
        t.total_normal_load
    );
    assert_eq!(t.grounded_wheels, 4);
    assert!(
        (t.total_normal_load - mg).abs() <= 0.02 * mg,
        "Σ loads {} N vs m·g {mg} N",
        t.total_normal_load
    );
    let v = app.world().get::<LinearVelocity>(car).unwrap().0;
    assert!(v.length() < 0.01, "still moving at {v} m/s");
    // The wheel components carry the same loads.
    let mut q = app.world_mut().query::<&GroundVehicleWheelState>();
    let sum: f64 = q.iter(app.world()).map(|w| w.normal_load).sum();
    assert!((sum - t.total_normal_load).abs() < 1e-9);
}

/// Dropped with the wheel bottoms (at full droop) `d` above the ground, the car lands at
/// `√(2 g d)` = 2.43 m/s for d = 0.30 m, within one step's g·dt = 0.16 m/s either way (the core
/// reports the speed at the last airborne step; Avian's 6 solver substeps lag a free fall in
/// position by (n−1)/(2n)·g·T per second fallen, so the ECS touches down a little faster:
/// measured 2.45 m/s), and all four wheels report grounded.
#[test]
fn drop_emits_grounded_and_landed_messages() {
    let mut app = app();
    let p = presets::sedan();
    let w0 = &p.wheels[0];
    assert_eq!(w0.suspension.travel_direction, DVec3::NEG_Z);
    let (r, droop) = (w0.radius, w0.suspension.max_droop);
    let d = 0.30;
    let car = spawn_car(&mut app, p, d + droop + r);
    let mut landed = Vec::new();
    let mut grounded = 0;
    for _ in 0..90 {
        steps(&mut app, car, 1);
        let m = app.world().resource::<Messages<VehicleLanded>>();
        landed.extend(m.iter_current_update_messages().copied());
        let g = app.world().resource::<Messages<WheelGrounded>>();
        grounded += g.iter_current_update_messages().count();
    }
    assert_eq!(landed.len(), 1, "{landed:?}");
    let expected = (2.0 * G * d).sqrt();
    let got = landed[0].impact_speed;
    println!("landed at {got:.4} m/s, √(2gd) = {expected:.4} m/s");
    assert!(
        (got - expected).abs() <= G * DT + 0.01,
        "impact {got} m/s vs √(2gd) = {expected} m/s"
    );
    assert_eq!(landed[0].vehicle, car);
    assert!(grounded >= 4, "{grounded} grounded messages");
}

/// Full throttle from rest in the hatchback (engine, 5-speed automatic): the box shifts up
/// (a GearChanged message with `to = from + 1`) within 10 s.
#[test]
fn upshift_emits_gear_changed() {
    let mut app = app();
    let p = presets::hatch_fwd();
    let r = p.wheels[0].radius;
    let car = spawn_car(&mut app, p, r);
    steps(&mut app, car, 30);
    set_intent(
        &mut app,
        car,
        VehicleIntent {
            throttle: 1.0,
            ..default()
        },
    );
    let mut shifts = Vec::new();
    for _ in 0..600 {
        steps(&mut app, car, 1);
        let m = app.world().resource::<Messages<GearChanged>>();
        shifts.extend(m.iter_current_update_messages().map(|g| (g.from, g.to)));
        if shifts.iter().any(|&(f, t)| f >= 1 && t == f + 1) {
            return;
        }
    }
    panic!("no upshift in 10 s: {shifts:?}");
}

/// The standalone reference: the core alone at dt = 1/60, the same procedure as the ECS run
/// (settle 1 s braked at wheel-centre height r, 100 km/h forward, full brake until the ground
/// speed is below 1 cm/s or reverses). Returns the distance in the ground plane (m).
fn standalone_braking(params: VehicleParams) -> f64 {
    let ground = Plane::flat();
    let r = params.wheels[0].radius;
    let mut v = Vehicle::new(params).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
    v.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    for _ in 0..60 {
        v.step(DT, &ground);
    }
    v.set_velocity(DVec3::new(100.0 / 3.6, 0.0, 0.0), DVec3::ZERO);
    let x0 = v.state().chassis.pose.translation.truncate();
    let planar = |v: &Vehicle| v.state().chassis.linear_velocity_world.truncate();
    let mut prev = planar(&v);
    for _ in 0..3600 {
        v.step(DT, &ground);
        let now = planar(&v);
        if now.length() < 0.01 || now.dot(prev) <= 0.0 {
            break;
        }
        prev = now;
    }
    (v.state().chassis.pose.translation.truncate() - x0).length()
}

/// The same procedure in the ECS, with Avian's default solver substeps or `substeps`.
fn ecs_braking(params: VehicleParams, substeps: Option<u32>) -> f64 {
    let mut app = app();
    if let Some(n) = substeps {
        app.insert_resource(SubstepCount(n));
    }
    let r = params.wheels[0].radius;
    let car = spawn_car(&mut app, params, r);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    let v0 = DVec3::new(0.0, 0.0, -100.0 / 3.6); // Bevy −z is forward
    set_car_velocity(&mut app, car, v0, DVec3::ZERO);
    let pos = |app: &App| app.world().get::<Position>(car).unwrap().0;
    let planar = |app: &App| {
        let v = app.world().get::<LinearVelocity>(car).unwrap().0;
        DVec3::new(v.x, 0.0, v.z)
    };
    let x0 = pos(&app);
    let mut prev = planar(&app);
    for _ in 0..3600 {
        steps(&mut app, car, 1);
        let now = planar(&app);
        if now.length() < 0.01 || now.dot(prev) <= 0.0 {
            break;
        }
        prev = now;
    }
    let d = pos(&app) - x0;
    DVec3::new(d.x, 0.0, d.z).length()
}

/// Same physics as standalone: `sedan-simple`'s 100–0 km/h braking distance in the ECS within 2 %
/// of the core alone (same procedure, dt = 1/60, the preset's substeps as the ECS runs: 1
/// above 5 m/s, 3 below) and of the core's `maneuver::braking_100_0` (dt = 1/120, a steering
/// driver).
///
/// Why the ECS differs at all: Avian integrates each fixed step in `n` solver substeps
/// (default 6) of `h = T/n` with a constant force, so a step moves the body
/// `v₀T + aT²(n+1)/(2n)` where the core's symplectic Euler moves it `v₀T + aT²`. Braking at
/// `a < 0`, the ECS goes `|a|T²(n−1)/(2n)` further per step; over the stop (`v₀/|a|/T` steps)
/// that is `(n−1)/(2n)·v₀·T` = 5/12 × 27.78 m/s × 1/60 s = 0.193 m. With one Avian substep the
/// two integrators agree and the ECS is the core alone within 5 cm: below 5 m/s the core runs
/// 3 substeps, moving `v₀T + aT²·(n+1)/(2n)` = `v₀T + (2/3)aT²` per step, while one Avian
/// substep moves the mean wrench's `v₀T + aT²`, so the ECS stops `(1/3)·5 m/s·T` = 2.8 cm
/// shorter (measured 4.5 cm; 1.7 cm when both ran one substep).
#[test]
fn braking_100_0_matches_the_standalone_core() {
    // `sedan-simple`: its friction-circle tyres lock at a constant deceleration, which the
    // prediction below assumes (the peaked sedan's deceleration varies as its wheels lock).
    let ecs = ecs_braking(presets::sedan_simple(), None);
    let ecs1 = ecs_braking(presets::sedan_simple(), Some(1));
    let alone = standalone_braking(presets::sedan_simple());
    let kpi =
        skidpad::maneuver::longitudinal::braking_100_0(&presets::sedan_simple(), SurfaceId(0))
            .unwrap()
            .distance_m;
    println!(
        "braking 100-0: ECS {ecs:.4} m, ECS with 1 Avian substep {ecs1:.4} m, core alone (1/60) {alone:.4} m, maneuver {kpi:.4} m"
    );
    let predicted = 5.0 / 12.0 * (100.0 / 3.6) * DT;
    assert!(
        ((ecs - ecs1) - predicted).abs() <= 0.03,
        "Avian's 6 substeps add {} m, predicted {predicted} m",
        ecs - ecs1
    );
    assert!(
        (ecs1 - alone).abs() <= 0.05,
        "ECS with 1 substep {ecs1} m vs core alone {alone} m"
    );
    assert!(
        (ecs - alone).abs() <= 0.02 * alone,
        "ECS {ecs} m vs core alone {alone} m"
    );
    assert!(
        (ecs - kpi).abs() <= 0.02 * kpi,
        "ECS {ecs} m vs maneuver {kpi} m"
    );
}

/// The ambiguity check the other tests rely on works: two unordered systems writing the same
/// component on the plugin's schedule make the app panic with "conflicting data access".
#[test]
#[should_panic(expected = "conflicting data access")]
fn ambiguity_detection_is_armed() {
    fn write_a(mut q: Query<&mut VehicleIntent>) {
        for mut i in &mut q {
            i.throttle = 0.0;
        }
    }
    fn write_b(mut q: Query<&mut VehicleIntent>) {
        for mut i in &mut q {
            i.brake = 0.0;
        }
    }
    let mut app = app();
    app.add_systems(FixedUpdate, (write_a, write_b));
    for _ in 0..3 {
        app.update();
    }
}

/// A wheel on a collider tagged `GroundVehicleSurface(5)` (ice in the core's default table)
/// reports surface 5; the chassis' own collider (a box from 0.05 m above the wheel centres,
/// which contains the top of each suspension line) is not ground: the loads still sum to m·g.
#[test]
fn surface_tags_reach_the_wheels_and_own_colliders_are_skipped() {
    let mut app = app();
    app.world_mut().spawn((
        RigidBody::Static,
        Collider::cuboid(20.0, 1.0, 20.0),
        Position(DVec3::new(0.0, 0.5, 0.0)),
        Transform::from_xyz(0.0, 0.5, 0.0),
        GroundVehicleSurface(5),
    ));
    for _ in 0..3 {
        app.update();
    }
    let car = spawn_car(&mut app, presets::sedan(), 1.0 + 0.316);
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 120);
    let mut q = app.world_mut().query::<&GroundVehicleWheelState>();
    let states: Vec<_> = q.iter(app.world()).copied().collect();
    assert_eq!(states.len(), 4);
    for s in &states {
        assert!(s.grounded);
        assert_eq!(s.surface, 5);
        // On the ice block's top face, y = 1.0 m.
        assert!(
            (s.contact_point.y - 1.0).abs() < 1e-6,
            "{}",
            s.contact_point
        );
    }
    let sum: f64 = states.iter().map(|s| s.normal_load).sum();
    assert!(
        (sum - 1500.0 * G).abs() <= 0.02 * 1500.0 * G,
        "Σ loads {sum} N"
    );
}

/// Visual sync: a `GroundVehicleWheelVisual` mesh entity ends each frame at
/// `chassis Transform · wheel_local_transform(state)`; its centre is the wheel centre, about
/// one radius (0.316 m, less the tyre's static deflection) above the ground.
#[test]
fn wheel_visuals_follow_the_wheels() {
    let mut app = app();
    let car = spawn_car(&mut app, presets::sedan(), 0.316);
    let visual = app.world_mut().spawn(Transform::default()).id();
    let mut q = app.world_mut().query::<(Entity, &GroundVehicleWheel)>();
    let wheel = q
        .iter(app.world())
        .find(|(_, w)| w.chassis == car && w.index == 0)
        .map(|(e, _)| e)
        .unwrap();
    app.world_mut()
        .entity_mut(wheel)
        .insert(GroundVehicleWheelVisual(visual));
    set_intent(&mut app, car, braking());
    steps(&mut app, car, 60);
    let w = app.world();
    let chassis = *w.get::<Transform>(car).unwrap();
    let state = *w.get::<GroundVehicleWheelState>(wheel).unwrap();
    let got = *w.get::<Transform>(visual).unwrap();
    let want = chassis * bevy_skidpad::wheel_local_transform(&state);
    assert!(
        got.translation.abs_diff_eq(want.translation, 1e-5),
        "{got:?} vs {want:?}"
    );
    assert!(got.rotation.abs_diff_eq(want.rotation, 1e-5));
    assert!(
        (got.translation.y - 0.316).abs() < 0.03,
        "centre at y = {}",
        got.translation.y
    );
}

/// Same physics as standalone: the sedan's 0–100 km/h time in the ECS (settled 0.5 s, then
/// full throttle; time to a forward speed of 100/3.6 m/s) within 2 % of the core's
/// `maneuver::longitudinal::acceleration` (which steers to hold its heading; the ECS car has no
/// driver and, on flat ground, needs none). Measured 7.933 s vs 7.926 s.
#[test]
fn accel_0_100_matches_the_core() {
    let mut app = app();
    let car = spawn_car(&mut app, presets::sedan(), 0.316);
    steps(&mut app, car, 30);
    set_intent(
        &mut app,
        car,
        VehicleIntent {
            throttle: 1.0,
            ..default()
        },
    );
    let t0 = time_of(&app, car);
    let mut t = f64::NAN;
    for _ in 0..1800 {
        steps(&mut app, car, 1);
        let tel = *app.world().get::<GroundVehicleTelemetry>(car).unwrap();
        if tel.forward_speed >= 100.0 / 3.6 {
            t = tel.time - t0;
            break;
        }
    }
    let core = skidpad::maneuver::longitudinal::acceleration(&presets::sedan())
        .unwrap()
        .t_0_100_s;
    println!("0-100 km/h: ECS {t:.4} s, core {core:.4} s");
    assert!(
        (t - core).abs() <= 0.02 * core,
        "ECS {t} s vs core {core} s"
    );
}

/// Cars of one type spawned from a prototype (`spawn_vehicle_of`) share its parameters and
/// each settles with its own weight on its wheels (Σ loads = m·g within 2 %, as above).
#[test]
fn cars_of_one_type_share_params() {
    let mut app = app();
    let proto = Vehicle::new(presets::sedan()).unwrap();
    let cars: Vec<Entity> = (0..2)
        .map(|i| {
            let world = app.world_mut();
            let mut commands = world.commands();
            let at = Transform::from_xyz(4.0 * i as f32, 0.316, 0.0);
            let car = spawn_vehicle_of(&mut commands, &proto, at).unwrap();
            world.flush();
            car.chassis
        })
        .collect();
    for &car in &cars {
        set_intent(&mut app, car, braking());
    }
    steps(&mut app, cars[0], 120);
    let mg = 1500.0 * G;
    for &car in &cars {
        let gv = app.world().get::<GroundVehicle>(car).unwrap();
        assert!(gv.vehicle().shares_params_with(&proto));
        let t = *app.world().get::<GroundVehicleTelemetry>(car).unwrap();
        assert_eq!(t.grounded_wheels, 4);
        assert!(
            (t.total_normal_load - mg).abs() <= 0.02 * mg,
            "Σ loads {} N vs m·g {mg} N",
            t.total_normal_load
        );
    }
}
