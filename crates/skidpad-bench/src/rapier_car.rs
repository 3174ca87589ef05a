//! The same cars in Rapier 0.36 (`rapier3d-f64`): a 1500 kg cuboid chassis with four
//! `DynamicRayCastVehicleController` wheels at the sedan's positions (wheelbase 2.70 m, track
//! 1.55 m, radius 0.316 m), a fixed ground collider (half-space or heightfield), and per step:
//! one `update_vehicle` per car, then Rapier's whole pipeline step (broad and narrow phase,
//! solver, integration), as a Rapier game runs them. Rapier is y-up: skidpad's
//! (x, y, z) is Rapier's (x, z, −y) here, so both engines see the same terrain.

use crate::scenario::{
    DRIVE_FORCE, DT, FIELD_SAMPLES, FIELD_SIZE, STEER, Terrain, grid_position, terrain_height,
};
use rapier3d_f64::control::{DynamicRayCastVehicleController, WheelTuning};
use rapier3d_f64::parry::utils::Array2;
use rapier3d_f64::prelude::*;

/// Sedan mass. Unit: kg.
pub const MASS: f64 = 1500.0;
const HALF_WHEELBASE: f64 = 1.35;
const HALF_TRACK: f64 = 0.775;
const RADIUS: f64 = 0.316;
const REST_LENGTH: f64 = 0.3;

/// A Rapier world of `n` cars.
pub struct RapierWorld {
    world: PhysicsWorld,
    cars: Vec<DynamicRayCastVehicleController>,
}

impl RapierWorld {
    /// `n` cars on the grid on `terrain`, wheels driven and steered.
    pub fn new(terrain: Terrain, n: usize) -> Self {
        let mut world = PhysicsWorld::new();
        world.integration_parameters.dt = DT;
        match terrain {
            Terrain::Flat => {
                world.insert_collider(
                    ColliderBuilder::halfspace(rapier3d_f64::na::Unit::new_unchecked(Vector::Y)),
                    None,
                );
            }
            Terrain::Heightfield => {
                let s = FIELD_SAMPLES;
                let cell = FIELD_SIZE / (s - 1) as f64;
                let h = FIELD_SIZE / 2.0;
                // Row i along Rapier z, column j along x; flat index i + j·rows.
                let mut data = vec![0.0; s * s];
                for j in 0..s {
                    for i in 0..s {
                        let (x, z) = (-h + j as f64 * cell, -h + i as f64 * cell);
                        data[i + j * s] = terrain_height(x, -z);
                    }
                }
                let heights = Array2::new(s, s, data);
                world.insert_collider(
                    ColliderBuilder::heightfield(heights, Vector::new(FIELD_SIZE, 1.0, FIELD_SIZE)),
                    None,
                );
            }
        }
        let tuning = WheelTuning {
            // Rapier's spring force is stiffness · compression · chassis mass per wheel:
            // 40 1/s² sinks a quarter of the car by g/(4·40) ≈ 6 cm.
            suspension_stiffness: 40.0,
            suspension_compression: 2.3,
            suspension_damping: 4.4,
            max_suspension_travel: 0.25,
            max_suspension_force: 20_000.0,
            ..WheelTuning::default()
        };
        let mut cars = Vec::with_capacity(n);
        for k in 0..n {
            let (x, y) = grid_position(k, n);
            let ground = match terrain {
                Terrain::Flat => 0.0,
                Terrain::Heightfield => terrain_height(x, y),
            };
            let body = RigidBodyBuilder::dynamic()
                .translation(Vector::new(x, ground + RADIUS + REST_LENGTH + 0.1, -y))
                .build();
            let collider = ColliderBuilder::cuboid(2.2, 0.25, 0.9).mass(MASS).build();
            let (handle, _) = world.insert(body, collider);
            let mut car = DynamicRayCastVehicleController::new(handle);
            for (wx, wz) in [
                (HALF_WHEELBASE, HALF_TRACK),
                (HALF_WHEELBASE, -HALF_TRACK),
                (-HALF_WHEELBASE, HALF_TRACK),
                (-HALF_WHEELBASE, -HALF_TRACK),
            ] {
                let w = car.add_wheel(
                    Vector::new(wx, 0.0, wz),
                    -Vector::Y,
                    Vector::Z,
                    REST_LENGTH,
                    RADIUS,
                    &tuning,
                );
                if wx > 0.0 {
                    w.steering = STEER;
                } else {
                    w.engine_force = DRIVE_FORCE;
                }
            }
            cars.push(car);
        }
        Self { world, cars }
    }

    /// One step: every car's controller, then the pipeline.
    pub fn step(&mut self) {
        let w = &mut self.world;
        for car in &mut self.cars {
            let q = w.broad_phase.as_query_pipeline_mut(
                w.narrow_phase.query_dispatcher(),
                &mut w.bodies,
                &mut w.colliders,
                QueryFilter::only_fixed(),
            );
            car.update_vehicle(DT, q);
        }
        w.step();
    }

    /// Mean forward speed over the cars. Unit: m/s.
    pub fn mean_speed(&self) -> f64 {
        let s: f64 = self.cars.iter().map(|c| c.current_vehicle_speed).sum();
        s / self.cars.len().max(1) as f64
    }

    /// Wheels in contact, over all cars (a sanity check that they stand on the ground).
    pub fn wheels_in_contact(&self) -> usize {
        self.cars
            .iter()
            .flat_map(|c| c.wheels())
            .filter(|w| w.raycast_info().is_in_contact)
            .count()
    }
}
