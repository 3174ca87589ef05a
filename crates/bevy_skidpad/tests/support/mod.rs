//! Helpers shared by the ECS test binaries: a headless app at 60 Hz on a flat static box,
//! a car spawner and fixed-step stepping.
#![allow(dead_code)] // each test binary uses a subset

use avian3d::prelude::*;
use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_skidpad::prelude::*;
use std::time::Duration;

pub const DT: f64 = 1.0 / 60.0;
pub const G: f64 = 9.81;

/// An app with a 400 m × 400 m static box whose top is y = 0, fixed time 60 Hz, one fixed
/// step per `update`, ambiguity detection as an error on the plugin's schedule.
pub fn app() -> App {
    app_at(DT)
}

/// [`app`] with a fixed step of `dt` seconds.
pub fn app_at(dt: f64) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        PhysicsPlugins::default(),
        SkidpadPlugin::default(),
    ))
    .insert_resource(Gravity(DVec3::new(0.0, -G, 0.0)))
    .insert_resource(Time::<Fixed>::from_seconds(dt))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        dt,
    )));
    // `App::run` would call these; a test that drives `update` by hand must.
    app.finish();
    app.cleanup();
    app.edit_schedule(FixedUpdate, |s| {
        s.set_build_settings(ScheduleBuildSettings {
            ambiguity_detection: LogLevel::Error,
            ..default()
        });
    });
    app.world_mut().spawn((
        RigidBody::Static,
        Collider::cuboid(400.0, 2.0, 400.0),
        Transform::from_xyz(0.0, -1.0, 0.0),
        Position(DVec3::new(0.0, -1.0, 0.0)),
    ));
    // Let the first updates build Avian's scene structures before a vehicle needs them.
    for _ in 0..3 {
        app.update();
    }
    app
}

/// A car with its wheel centres at `height` above the ground, heading −z (core +x).
pub fn spawn_car(app: &mut App, params: VehicleParams, height: f64) -> Entity {
    let world = app.world_mut();
    let mut commands = world.commands();
    let car = spawn_vehicle(
        &mut commands,
        params,
        Transform::from_xyz(0.0, height as f32, 0.0),
    )
    .expect("preset params are valid");
    world.flush();
    assert_eq!(car.wheels.len(), 4);
    car.chassis
}

/// Step until the vehicle's own clock has advanced by `n` fixed steps of [`DT`].
pub fn steps(app: &mut App, car: Entity, n: usize) {
    steps_at(app, car, n, DT);
}

/// Step until the vehicle's own clock has advanced by `n` fixed steps of `dt`.
pub fn steps_at(app: &mut App, car: Entity, n: usize, dt: f64) {
    let t0 = time_of(app, car);
    let mut guard = 0;
    while time_of(app, car) < t0 + (n as f64 - 0.5) * dt {
        app.update();
        guard += 1;
        assert!(guard < 2 * n + 10, "fixed steps do not advance");
    }
}

pub fn time_of(app: &App, car: Entity) -> f64 {
    app.world()
        .get::<GroundVehicle>(car)
        .expect("chassis")
        .vehicle()
        .state()
        .time
}

pub fn set_intent(app: &mut App, car: Entity, intent: VehicleIntent) {
    *app.world_mut()
        .get_mut::<VehicleIntent>(car)
        .expect("intent") = intent;
}

/// Set `car`'s body velocity (Bevy axes: `v` m/s, `w` rad/s) in the ECS and its vehicle state
/// together ([`set_vehicle_velocity`]).
pub fn set_car_velocity(app: &mut App, car: Entity, v: DVec3, w: DVec3) {
    let world = app.world_mut();
    let mut q = world.query::<(
        &mut GroundVehicle,
        &mut LinearVelocity,
        &mut AngularVelocity,
    )>();
    let (mut gv, mut lin, mut ang) = q.get_mut(world, car).unwrap();
    set_vehicle_velocity(&mut gv, &mut lin, &mut ang, v, w);
}
