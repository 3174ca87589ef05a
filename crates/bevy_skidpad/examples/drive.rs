//! Drive a car with the keyboard (arrows or WASD, space handbrake, R reverse; with feature
//! `gamepad` a gamepad too) on a flat square with a few boxes and a ramp. The vehicle is a
//! TOML file: `--vehicle PATH`, default the built-in sedan.
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example drive --features render [-- --vehicle FILE]
//! cargo run --release -p bevy_skidpad --example drive --features render,gamepad
//! ```

#[allow(dead_code)]
mod common;

use avian3d::prelude::*;
use bevy::prelude::*;
use bevy_skidpad::prelude::*;
use common::{Hud, Player};

fn main() {
    let params = common::vehicle_from_toml("sedan.toml");
    common::app("skidpad: drive")
        .insert_resource(Vehicle(params))
        .add_systems(Startup, setup)
        .add_systems(Update, show)
        .run();
}

#[derive(Resource)]
struct Vehicle(VehicleParams);

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    vehicle: Res<Vehicle>,
) {
    common::light_and_camera(&mut commands);
    common::flat_ground(&mut commands, &mut meshes, &mut materials, 400.0);
    common::hud(&mut commands);
    // Loose boxes to push (dynamic, 50 kg each) and a 10° static ramp.
    let crate_mesh = meshes.add(Cuboid::new(1.0, 1.0, 1.0));
    let wood = materials.add(Color::srgb(0.6, 0.45, 0.25));
    for k in 0..6 {
        commands.spawn((
            RigidBody::Dynamic,
            Collider::cuboid(1.0, 1.0, 1.0),
            Mass(50.0),
            Transform::from_xyz(-4.0 + 1.6 * k as f32, 0.5, -30.0),
            Mesh3d(crate_mesh.clone()),
            MeshMaterial3d(wood.clone()),
        ));
    }
    let ramp = Quat::from_rotation_x(10f32.to_radians());
    commands.spawn((
        RigidBody::Static,
        Collider::cuboid(6.0, 0.4, 14.0),
        Transform::from_xyz(12.0, 0.0, -40.0).with_rotation(ramp),
        Mesh3d(meshes.add(Cuboid::new(6.0, 0.4, 14.0))),
        MeshMaterial3d(materials.add(Color::srgb(0.5, 0.5, 0.55))),
    ));
    let r = vehicle.0.wheels.first().map_or(0.35, |w| w.radius) as f32;
    let car = common::spawn_car(
        &mut commands,
        &mut meshes,
        &mut materials,
        vehicle.0.clone(),
        Transform::from_xyz(0.0, r, 0.0),
        Color::srgb(0.75, 0.1, 0.1),
    );
    commands.entity(car.chassis).insert(Player);
}

fn show(cars: Query<&GroundVehicleTelemetry, With<Player>>, mut hud: Query<&mut Text, With<Hud>>) {
    let (Ok(t), Ok(mut text)) = (cars.single(), hud.single_mut()) else {
        return;
    };
    text.0 = common::telemetry_text(t) + "\narrows/WASD drive, space handbrake, R reverse";
}
