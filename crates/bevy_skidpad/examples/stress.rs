//! Many cars at once: N sedans (default 200, `--cars N`) in a grid on a 1 km square, each
//! with its own throttle and a slow sinusoidal steer (they meet and collide through Avian).
//! Prints the mean frame time of each second on stdout.
//!
//! `--headless N` runs N cars without a window or renderer (`MinimalPlugins` + Avian + the
//! plugin, one 60 Hz fixed step per frame), 60 warm-up frames then `--frames F` (default 600)
//! timed frames, and prints the frame time (mean, median, 95th percentile, max, per car).
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example stress --features render [-- --cars 300]
//! cargo run --release -p bevy_skidpad --example stress --features render -- --headless 200
//! ```

#[allow(dead_code)]
mod common;

use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_skidpad::prelude::*;
use skidpad::presets;
use std::time::{Duration, Instant};

/// A car's place in the crowd: its index, for its throttle and steer phase.
#[derive(Component)]
struct Crowd(usize);

/// Cars per grid row, and the grid's spacing across and along. Unit: m.
const ROW: usize = 20;
const ACROSS: f32 = 7.0;
const ALONG: f32 = 12.0;

fn place(k: usize, height: f32) -> Transform {
    let (i, j) = ((k % ROW) as f32, (k / ROW) as f32);
    Transform::from_xyz((i - ROW as f32 / 2.0) * ACROSS, height, j * ALONG)
}

/// Throttle 0.3–0.6 and steer ±0.25 with a 20 s period, each car out of phase.
fn drive(time: Res<Time>, mut cars: Query<(&Crowd, &mut VehicleIntent)>) {
    let t = time.elapsed_secs_f64();
    for (c, mut i) in &mut cars {
        let k = c.0 as f64;
        i.throttle = 0.3 + 0.3 * (k * 0.37).fract();
        i.steer = 0.25 * (std::f64::consts::TAU * t / 20.0 + k).sin();
    }
}

fn main() {
    if let Some(n) = common::arg("--headless") {
        let Ok(n) = n.parse::<usize>() else {
            eprintln!("stress: --headless N: N must be a whole number (got {n:?})");
            std::process::exit(2);
        };
        headless(n);
        return;
    }
    let cars = common::arg("--cars")
        .and_then(|c| c.parse().ok())
        .unwrap_or(200usize);
    common::app("skidpad: stress")
        .insert_resource(Cars(cars))
        .add_systems(Startup, setup)
        .add_systems(Update, (drive, frame_time))
        .run();
}

#[derive(Resource)]
struct Cars(usize);

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    cars: Res<Cars>,
) {
    commands.spawn((
        DirectionalLight {
            illuminance: 8_000.0,
            ..default()
        },
        Transform::from_xyz(40.0, 80.0, 30.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // A fixed camera above and behind the crowd.
    let rows = cars.0.div_ceil(ROW) as f32;
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(0.0, 90.0, rows * ALONG + 90.0)
            .looking_at(Vec3::new(0.0, 0.0, rows * ALONG / 2.0), Vec3::Y),
    ));
    common::flat_ground(&mut commands, &mut meshes, &mut materials, 1000.0);
    let p = presets::sedan();
    let r = p.wheels[0].radius as f32;
    for k in 0..cars.0 {
        let hue = (k as f32 * 37.0) % 360.0;
        let car = common::spawn_car(
            &mut commands,
            &mut meshes,
            &mut materials,
            p.clone(),
            place(k, r),
            Color::hsl(hue, 0.7, 0.5),
        );
        commands.entity(car.chassis).insert(Crowd(k));
    }
}

/// Mean frame time of each second of real time, on stdout.
fn frame_time(time: Res<Time<Real>>, mut acc: Local<(f64, u32)>, cars: Res<Cars>) {
    acc.0 += time.delta_secs_f64();
    acc.1 += 1;
    if acc.0 >= 1.0 {
        println!(
            "{} cars: {:.2} ms per frame ({} frames)",
            cars.0,
            1e3 * acc.0 / acc.1 as f64,
            acc.1
        );
        *acc = (0.0, 0);
    }
}

/// No window: `n` cars stepped `frames` times at one fixed step per frame; frame times out.
fn headless(n: usize) {
    let frames = common::arg("--frames")
        .and_then(|f| f.parse().ok())
        .unwrap_or(600usize);
    let dt = 1.0 / 60.0;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        PhysicsPlugins::default(),
        SkidpadPlugin::default(),
    ))
    .insert_resource(Time::<Fixed>::from_seconds(dt))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        dt,
    )))
    .add_systems(Update, drive);
    app.finish();
    app.cleanup();
    let ground = DVec3::new(0.0, -1.0, 0.0);
    app.world_mut().spawn((
        RigidBody::Static,
        Collider::cuboid(1000.0, 2.0, 1000.0),
        Position(ground),
        Transform::from_translation(ground.as_vec3()),
    ));
    let p = presets::sedan();
    let r = p.wheels[0].radius as f32;
    {
        let world = app.world_mut();
        let mut commands = world.commands();
        for k in 0..n {
            let car = spawn_vehicle(&mut commands, p.clone(), place(k, r)).expect("preset");
            commands.entity(car.chassis).insert(Crowd(k));
        }
        world.flush();
    }
    for _ in 0..60 {
        app.update();
    }
    let mut ms: Vec<f64> = (0..frames)
        .map(|_| {
            let t = Instant::now();
            app.update();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len().max(1) as f64;
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    let moving = app
        .world_mut()
        .query::<&GroundVehicleTelemetry>()
        .iter(app.world())
        .filter(|t| t.speed > 1.0)
        .count();
    println!(
        "headless: {n} cars, {frames} frames of one 60 Hz fixed step: frame time mean {mean:.2} ms, \
         median {:.2} ms, p95 {:.2} ms, max {:.2} ms; {:.1} µs per car; {moving} cars moving",
        at(0.5),
        at(0.95),
        at(1.0),
        1e3 * mean / n.max(1) as f64,
    );
}
