//! The drift helper with a HUD: a rear-drive coupé (`sports-rwd.toml`, or `--vehicle PATH`)
//! with `GroundVehicleDriftConfig`; the HUD shows the drift telemetry (drifting, body slip
//! angle, this drift's time and peak angle, the last drift's duration, the count) and the
//! `DriftStateChanged` messages are logged. Keyboard as in `drive`; the handbrake (space)
//! starts a drift.
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example drift --features render
//! ```

#[allow(dead_code)]
mod common;

use bevy::prelude::*;
use bevy_skidpad::prelude::*;
use common::{Hud, Player};

fn main() {
    let params = common::vehicle_from_toml("sports-rwd.toml");
    common::app("skidpad: drift")
        .insert_resource(Vehicle(params))
        .add_systems(Startup, setup)
        .add_systems(Update, (show, log_drifts))
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
    common::flat_ground(&mut commands, &mut meshes, &mut materials, 600.0);
    common::hud(&mut commands);
    // Cones to drift around: a ring of 12 posts, radius 25 m, 40 m ahead.
    let cone = meshes.add(Cone::new(0.3, 0.8));
    let orange = materials.add(Color::srgb(1.0, 0.45, 0.0));
    for k in 0..12 {
        let a = k as f32 * std::f32::consts::TAU / 12.0;
        commands.spawn((
            Transform::from_xyz(25.0 * a.cos(), 0.4, -40.0 + 25.0 * a.sin()),
            Mesh3d(cone.clone()),
            MeshMaterial3d(orange.clone()),
        ));
    }
    let r = vehicle.0.wheels.first().map_or(0.33, |w| w.radius) as f32;
    let car = common::spawn_car(
        &mut commands,
        &mut meshes,
        &mut materials,
        vehicle.0.clone(),
        Transform::from_xyz(0.0, r, 0.0),
        Color::srgb(0.1, 0.3, 0.8),
    );
    commands
        .entity(car.chassis)
        .insert((Player, GroundVehicleDriftConfig::default()));
}

fn show(
    cars: Query<(&GroundVehicleTelemetry, &GroundVehicleDriftTelemetry), With<Player>>,
    mut hud: Query<&mut Text, With<Hud>>,
) {
    let (Ok((t, d)), Ok(mut text)) = (cars.single(), hud.single_mut()) else {
        return;
    };
    text.0 = format!(
        "{}\n{}   slip {:+5.1} deg   this drift {:4.1} s, peak {:4.1} deg\nlast drift {:4.1} s   drifts {}",
        common::telemetry_text(t),
        if d.drifting { "DRIFTING" } else { "grip    " },
        d.slip_angle.to_degrees(),
        d.drift_time,
        d.peak_slip_angle.to_degrees(),
        d.last_duration,
        d.drifts,
    );
}

fn log_drifts(mut drifts: MessageReader<DriftStateChanged>) {
    for d in drifts.read() {
        info!("{d:?}");
    }
}
