//! The headless lab: scripted scenarios run in the ECS (`MinimalPlugins` + Avian, 60 Hz fixed
//! step, manual time), each checked against a hand-worked bound and written as one JSON
//! object per line to stdout (or to `--out FILE`). Exits non-zero when a check fails.
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example lab [-- --out lab.jsonl]
//! ```
//!
//! | scenario | what | check |
//! |---|---|---|
//! | `launch` | sedan, full throttle from rest | 0–100 km/h time within 2 % + one step of the core's `maneuver::longitudinal::acceleration` |
//! | `brake` | sedan, full brake from 100 km/h | stops within 2 % of the core's `braking_100_0` + 0.25 m (Avian's solver substeps, see `tests/ecs.rs`) |
//! | `jump` | sedan dropped 2 m, braked | one `VehicleLanded` at √(2gd) = 6.26 m/s within 0.25 m/s; energy never above its start |
//!
//! Screenshots need a renderer (a window or Xvfb with Mesa's software Vulkan): not part of
//! this headless lab.

use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_skidpad::prelude::*;
use skidpad::ground::SurfaceId;
use skidpad::presets;
use std::time::Duration;

const DT: f64 = 1.0 / 60.0;
const G: f64 = 9.81;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        PhysicsPlugins::default(),
        SkidpadPlugin::default(),
    ))
    .insert_resource(Gravity(DVec3::new(0.0, -G, 0.0)))
    .insert_resource(Time::<Fixed>::from_seconds(DT))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        DT,
    )));
    app.finish();
    app.cleanup();
    app.world_mut().spawn((
        RigidBody::Static,
        Collider::cuboid(2000.0, 2.0, 2000.0),
        Position(DVec3::new(0.0, -1.0, 0.0)),
    ));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn spawn(app: &mut App, height: f64, intent: VehicleIntent) -> Entity {
    let world = app.world_mut();
    let mut commands = world.commands();
    let car = spawn_vehicle(
        &mut commands,
        presets::sedan(),
        Transform::from_xyz(0.0, height as f32, 0.0),
    )
    .expect("preset");
    commands.entity(car.chassis).insert(intent);
    world.flush();
    car.chassis
}

fn telemetry(app: &App, car: Entity) -> GroundVehicleTelemetry {
    *app.world()
        .get::<GroundVehicleTelemetry>(car)
        .expect("chassis")
}

/// One scenario's result line.
struct Outcome {
    name: &'static str,
    pass: bool,
    fields: Vec<(&'static str, f64)>,
}

impl Outcome {
    fn json(&self) -> String {
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|(k, v)| format!("\"{k}\":{v}"))
            .collect();
        format!(
            "{{\"scenario\":\"{}\",\"pass\":{},{}}}",
            self.name,
            self.pass,
            fields.join(",")
        )
    }
}

fn launch() -> Outcome {
    let mut app = app();
    let car = spawn(&mut app, 0.316, VehicleIntent::default());
    for _ in 0..30 {
        app.update();
    }
    app.world_mut().entity_mut(car).insert(VehicleIntent {
        throttle: 1.0,
        ..default()
    });
    let t0 = telemetry(&app, car).time;
    let mut t = f64::NAN;
    for _ in 0..1800 {
        app.update();
        let tel = telemetry(&app, car);
        if tel.forward_speed >= 100.0 / 3.6 {
            t = tel.time - t0;
            break;
        }
    }
    let core = skidpad::maneuver::longitudinal::acceleration(&presets::sedan())
        .map(|a| a.t_0_100_s)
        .unwrap_or(f64::NAN);
    Outcome {
        name: "launch",
        pass: (t - core).abs() <= 0.02 * core + DT,
        fields: vec![("t_0_100_s", t), ("core_t_0_100_s", core)],
    }
}

fn brake() -> Outcome {
    let mut app = app();
    let brake = VehicleIntent {
        brake: 1.0,
        ..default()
    };
    let car = spawn(&mut app, 0.316, brake);
    for _ in 0..60 {
        app.update();
    }
    let world = app.world_mut();
    let mut q = world.query::<(
        &mut GroundVehicle,
        &mut LinearVelocity,
        &mut AngularVelocity,
    )>();
    let (mut gv, mut lin, mut ang) = q.get_mut(world, car).expect("chassis");
    let v0 = DVec3::new(0.0, 0.0, -100.0 / 3.6);
    set_vehicle_velocity(&mut gv, &mut lin, &mut ang, v0, DVec3::ZERO);
    let x0 = app.world().get::<Position>(car).expect("body").0;
    for _ in 0..600 {
        app.update();
        if telemetry(&app, car).forward_speed < 0.01 {
            break;
        }
    }
    let d = app.world().get::<Position>(car).expect("body").0 - x0;
    let d = DVec3::new(d.x, 0.0, d.z).length();
    let kpi = skidpad::maneuver::longitudinal::braking_100_0(&presets::sedan(), SurfaceId(0))
        .map(|k| k.distance_m)
        .unwrap_or(f64::NAN);
    Outcome {
        name: "brake",
        pass: (d - kpi).abs() <= 0.02 * kpi + 0.25,
        fields: vec![("distance_m", d), ("core_distance_m", kpi)],
    }
}

fn jump() -> Outcome {
    let mut app = app();
    let p = presets::sedan();
    let d = 2.0;
    let h = d + p.wheels[0].suspension.max_droop + p.wheels[0].radius;
    let car = spawn(
        &mut app,
        h,
        VehicleIntent {
            brake: 1.0,
            ..default()
        },
    );
    let e = |app: &App| {
        let v = app.world().get::<LinearVelocity>(car).expect("body").0;
        let y = app.world().get::<Position>(car).expect("body").0.y;
        0.5 * p.chassis.mass * v.length_squared() + p.chassis.mass * G * y
    };
    let e0 = e(&app);
    let (mut gain, mut impact) = (f64::MIN, f64::NAN);
    for _ in 0..240 {
        app.update();
        gain = gain.max(e(&app) - e0);
        let m = app.world().resource::<Messages<VehicleLanded>>();
        if let Some(l) = m.iter_current_update_messages().next()
            && impact.is_nan()
        {
            impact = l.impact_speed;
        }
    }
    let exact = (2.0 * G * d).sqrt();
    Outcome {
        name: "jump",
        pass: (impact - exact).abs() <= 0.25 && gain <= 1e-3,
        fields: vec![
            ("impact_mps", impact),
            ("sqrt_2gd_mps", exact),
            ("max_energy_gain_j", gain),
        ],
    }
}

fn main() {
    let out = std::env::args().skip_while(|a| a != "--out").nth(1);
    let results = [launch(), brake(), jump()];
    let text: String = results.iter().map(|r| r.json() + "\n").collect();
    match out {
        Some(path) => std::fs::write(&path, &text).expect("write --out file"),
        None => print!("{text}"),
    }
    if results.iter().any(|r| !r.pass) {
        std::process::exit(1);
    }
}
