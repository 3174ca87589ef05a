//! The tracked vehicle (`tank.toml`, or `--vehicle PATH`): W/S throttle and brake, A/D steer
//! (with no throttle it pivots on the spot: the core's tank `Special` mode counter-rotates the
//! tracks, steer + = left), R reverse.
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example tank --features render
//! ```

#[allow(dead_code)]
mod common;

use bevy::prelude::*;
use bevy_skidpad::prelude::*;
use common::{Hud, Player};

fn main() {
    let params = common::vehicle_from_toml("tank.toml");
    common::app("skidpad: tank")
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
    let r = vehicle.0.wheels.first().map_or(0.35, |w| w.radius) as f32;
    let car = common::spawn_car(
        &mut commands,
        &mut meshes,
        &mut materials,
        vehicle.0.clone(),
        Transform::from_xyz(0.0, r, 0.0),
        Color::srgb(0.35, 0.4, 0.3),
    );
    commands.entity(car.chassis).insert(Player);
}

fn show(
    cars: Query<&GroundVehicleTelemetry, With<Player>>,
    wheels: Query<(&GroundVehicleWheel, &GroundVehicleWheelState)>,
    mut hud: Query<&mut Text, With<Hud>>,
) {
    let (Ok(t), Ok(mut text)) = (cars.single(), hud.single_mut()) else {
        return;
    };
    // Track speeds: the mean spin of each side's wheels times their radius (core +y is left,
    // Bevy −x).
    let (mut left, mut right, mut nl, mut nr) = (0.0, 0.0, 0.0, 0.0);
    for (w, s) in &wheels {
        let v = s.spin * w.radius;
        if w.mount_point.x < 0.0 {
            (left, nl) = (left + v, nl + 1.0);
        } else {
            (right, nr) = (right + v, nr + 1.0);
        }
    }
    text.0 = format!(
        "{}\ntracks: left {:+5.2} m/s, right {:+5.2} m/s\nW/S throttle/brake, A/D steer (pivot with no throttle), R reverse",
        common::telemetry_text(t),
        left / f64::max(nl, 1.0),
        right / f64::max(nr, 1.0),
    );
}
