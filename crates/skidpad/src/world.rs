//! The standalone world: a ground and the vehicles on it. The core integrates each chassis.
//!
//! ```
//! use skidpad::{World, presets, ground::Plane, vehicle::Intent, Pose, DVec3};
//! let mut world = World::new(Plane::flat());
//! let car = world.spawn(presets::sedan(), Pose::from_translation(DVec3::new(0.0, 0.0, 0.32))).unwrap();
//! world.vehicle_mut(car).set_intent(Intent { throttle: 1.0, ..Intent::default() }).unwrap();
//! for _ in 0..120 { world.step(1.0 / 60.0); }
//! assert!(world.vehicle(car).state().speed() > 3.0);
//! ```

use crate::error::ParamError;
use crate::ground::Ground;
use crate::math::Pose;
use crate::vehicle::{Vehicle, VehicleParams};
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// Handle of a vehicle in a [`World`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VehicleId(pub usize);

/// A ground plus vehicles, stepped together. Vehicles do not collide with each other (the
/// standalone world is for manoeuvres and batches; use the Bevy plugin for full scenes).
pub struct World<G: Ground> {
    ground: G,
    vehicles: Vec<Vehicle>,
    time: f64,
}

impl<G: Ground> World<G> {
    /// An empty world on `ground`.
    pub fn new(ground: G) -> Self {
        Self {
            ground,
            vehicles: Vec::new(),
            time: 0.0,
        }
    }

    /// The ground.
    pub fn ground(&self) -> &G {
        &self.ground
    }

    /// Validate `params` and place a new vehicle at `pose`, at rest.
    ///
    /// # Errors
    /// The vehicle's first [`ParamError`].
    pub fn spawn(&mut self, params: VehicleParams, pose: Pose) -> Result<VehicleId, ParamError> {
        if !pose.is_valid() {
            return Err(ParamError::new(
                "pose",
                "must be finite with a unit rotation quaternion",
            ));
        }
        let mut v = Vehicle::new(params)?;
        v.teleport(pose);
        self.vehicles.push(v);
        Ok(VehicleId(self.vehicles.len() - 1))
    }

    /// A vehicle. Panics on an id from another world.
    pub fn vehicle(&self, id: VehicleId) -> &Vehicle {
        &self.vehicles[id.0]
    }

    /// A vehicle, mutably.
    pub fn vehicle_mut(&mut self, id: VehicleId) -> &mut Vehicle {
        &mut self.vehicles[id.0]
    }

    /// All vehicles in spawn order.
    pub fn vehicles(&self) -> &[Vehicle] {
        &self.vehicles
    }

    /// Simulated time. Unit: s.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// Vehicles stopped by a step fault (a step that would have left a non-finite state,
    /// [`crate::vehicle::fault`]), with the fault: such a vehicle keeps its last finite state
    /// and the world's steps leave it there; the others run on.
    pub fn faults(&self) -> impl Iterator<Item = (VehicleId, &crate::vehicle::StepFault)> {
        self.vehicles
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.fault().map(|f| (VehicleId(i), f)))
    }

    /// Advance every vehicle by `dt` seconds, one after another (a faulted vehicle stays
    /// where its fault left it: [`World::faults`]).
    pub fn step(&mut self, dt: f64) {
        for v in &mut self.vehicles {
            v.step(dt, &self.ground);
        }
        self.time += dt;
    }

    /// Advance every vehicle by `dt` seconds in parallel (rayon). Vehicles are independent, so
    /// the result is bit-identical to [`World::step`]. Feature `parallel` (default).
    #[cfg(feature = "parallel")]
    pub fn step_parallel(&mut self, dt: f64) {
        let ground = &self.ground;
        self.vehicles
            .par_iter_mut()
            .for_each(|v| v.step(dt, ground));
        self.time += dt;
    }
}
