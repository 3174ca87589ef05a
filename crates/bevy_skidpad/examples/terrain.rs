//! A 6×6 truck (`truck-6x6.toml`, or `--vehicle PATH`) on rolling gravel: an Avian
//! heightfield collider tagged `GroundVehicleSurface(2)` (gravel in the core's default table)
//! and the same heights as a mesh. Keyboard as in `drive`.
//!
//! Heights: `h(x, z) = 1.5·(sin(x/11) + sin(z/11)) + 0.4·sin((x + z)/4)` m on a 129 × 129 grid
//! over 256 m square, symmetric in x and z so the collider's row/column order cannot flip it.
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example terrain --features render
//! ```

#[allow(dead_code)]
mod common;

use avian3d::prelude::*;
use bevy::asset::RenderAssetUsages;
use bevy::math::DVec3;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy_skidpad::prelude::*;
use common::{Hud, Player};

/// Grid points per side, and the side. Unit: m.
const N: usize = 129;
const SIZE: f64 = 256.0;

/// Terrain height at (x, z). Unit: m.
fn height(x: f64, z: f64) -> f64 {
    1.5 * ((x / 11.0).sin() + (z / 11.0).sin()) + 0.4 * ((x + z) / 4.0).sin()
}

/// Grid coordinate of index `i`. Unit: m.
fn coord(i: usize) -> f64 {
    -SIZE / 2.0 + SIZE * i as f64 / (N - 1) as f64
}

fn main() {
    let params = common::vehicle_from_toml("truck-6x6.toml");
    common::app("skidpad: terrain")
        .insert_resource(Vehicle(params))
        .add_systems(Startup, setup)
        .add_systems(Update, show)
        .run();
}

#[derive(Resource)]
struct Vehicle(VehicleParams);

/// The render mesh of the heightfield: one vertex per grid point, normals from the height's
/// gradient, two triangles per cell wound counter-clockwise seen from above.
fn terrain_mesh() -> Mesh {
    let mut positions = Vec::with_capacity(N * N);
    let mut normals = Vec::with_capacity(N * N);
    let e = 0.01;
    for i in 0..N {
        for j in 0..N {
            let (x, z) = (coord(i), coord(j));
            positions.push([x as f32, height(x, z) as f32, z as f32]);
            let dx = (height(x + e, z) - height(x - e, z)) / (2.0 * e);
            let dz = (height(x, z + e) - height(x, z - e)) / (2.0 * e);
            normals.push(DVec3::new(-dx, 1.0, -dz).normalize().as_vec3().to_array());
        }
    }
    let mut indices = Vec::with_capacity((N - 1) * (N - 1) * 6);
    let at = |i: usize, j: usize| (i * N + j) as u32;
    for i in 0..N - 1 {
        for j in 0..N - 1 {
            let (v00, v01, v10, v11) = (at(i, j), at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
            indices.extend_from_slice(&[v00, v01, v10, v10, v01, v11]);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    vehicle: Res<Vehicle>,
) {
    common::light_and_camera(&mut commands);
    common::hud(&mut commands);
    let heights: Vec<Vec<f64>> = (0..N)
        .map(|i| (0..N).map(|j| height(coord(i), coord(j))).collect())
        .collect();
    commands.spawn((
        RigidBody::Static,
        Collider::heightfield(heights, DVec3::new(SIZE, 1.0, SIZE)),
        GroundVehicleSurface(2),
        Transform::default(),
        Mesh3d(meshes.add(terrain_mesh())),
        MeshMaterial3d(materials.add(Color::srgb(0.55, 0.5, 0.4))),
    ));
    let r = vehicle.0.wheels.first().map_or(0.5, |w| w.radius);
    let car = common::spawn_car(
        &mut commands,
        &mut meshes,
        &mut materials,
        vehicle.0.clone(),
        Transform::from_xyz(0.0, (height(0.0, 0.0) + r + 0.3) as f32, 0.0),
        Color::srgb(0.3, 0.4, 0.2),
    );
    commands.entity(car.chassis).insert(Player);
}

fn show(cars: Query<&GroundVehicleTelemetry, With<Player>>, mut hud: Query<&mut Text, With<Hud>>) {
    let (Ok(t), Ok(mut text)) = (cars.single(), hud.single_mut()) else {
        return;
    };
    text.0 = common::telemetry_text(t) + "\ngravel heightfield; arrows/WASD drive";
}
