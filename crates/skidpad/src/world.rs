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

use crate::error::{InputError, ParamError};
use crate::ground::Ground;
use crate::math::Pose;
use crate::vehicle::{Intent, Vehicle, VehicleParams, VehicleSnapshot};
#[cfg(feature = "parallel")]
use rayon::prelude::*;

/// Handle of a vehicle in a [`World`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VehicleId(pub usize);

/// Every vehicle's [`VehicleSnapshot`] and the world's time: [`World::snapshot`],
/// [`World::restore`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WorldSnapshot {
    /// Simulated time. Unit: s.
    pub time: f64,
    /// One per vehicle, in spawn order.
    pub vehicles: Vec<VehicleSnapshot>,
}

/// Vehicles per rayon task in [`World::step_parallel`]: large enough that task overhead
/// (about a microsecond) is small against the chunk's work (a vehicle step costs 5–70 µs),
/// small enough that two threads share a hundred vehicles evenly.
pub const PARALLEL_CHUNK: usize = 16;

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

    /// Advance every vehicle by `dt` seconds in parallel on rayon's current pool, in chunks
    /// of [`PARALLEL_CHUNK`] vehicles. Vehicles are independent, so the result is
    /// bit-identical to [`World::step`] whatever the thread count (`tests/snapshot.rs`).
    /// Feature `parallel` (default).
    #[cfg(feature = "parallel")]
    pub fn step_parallel(&mut self, dt: f64) {
        let ground = &self.ground;
        self.vehicles
            .par_chunks_mut(PARALLEL_CHUNK)
            .for_each(|chunk| {
                for v in chunk {
                    v.step(dt, ground);
                }
            });
        self.time += dt;
    }

    /// Set every vehicle's intent at once: `intents[i]` for vehicle `i` in spawn order
    /// (a batch front end, e.g. numpy arrays from Python, sets them without a call per id).
    ///
    /// # Errors
    /// `intents` is not one per vehicle (field `intents`), or an intent has a non-finite
    /// field (`intents[i].throttle`, ...); vehicles before the bad one have their new intent,
    /// the others keep theirs.
    pub fn set_intents(&mut self, intents: &[Intent]) -> Result<(), InputError> {
        if intents.len() != self.vehicles.len() {
            return Err(InputError::new(
                "intents",
                format!(
                    "must hold one intent per vehicle ({}), got {}",
                    self.vehicles.len(),
                    intents.len()
                ),
            ));
        }
        for (i, (v, intent)) in self.vehicles.iter_mut().zip(intents).enumerate() {
            v.set_intent(*intent)
                .map_err(|e| InputError::new(format!("intents[{i}].{}", e.field), e.rule))?;
        }
        Ok(())
    }

    /// Every vehicle's state and the time, to return to with [`World::restore`].
    pub fn snapshot(&self) -> WorldSnapshot {
        let mut s = WorldSnapshot::default();
        self.snapshot_into(&mut s);
        s
    }

    /// [`World::snapshot`] into `out`, reusing its storage (no allocation once `out` has
    /// held as many vehicles): for frequent rollbacks and resets.
    pub fn snapshot_into(&self, out: &mut WorldSnapshot) {
        out.time = self.time;
        out.vehicles.clear();
        out.vehicles
            .extend(self.vehicles.iter().map(Vehicle::snapshot));
    }

    /// Return every vehicle and the time to `snapshot`: the same inputs then give
    /// bit-identical steps.
    ///
    /// # Errors
    /// The snapshot holds another number of vehicles, or vehicle `i`'s snapshot is of another
    /// type ([`Vehicle::restore`]; the field path starts `vehicles[i]`); nothing changes.
    pub fn restore(&mut self, snapshot: &WorldSnapshot) -> Result<(), ParamError> {
        if snapshot.vehicles.len() != self.vehicles.len() {
            return Err(ParamError::new(
                "snapshot.vehicles",
                format!(
                    "must hold one snapshot per vehicle ({}), got {}",
                    self.vehicles.len(),
                    snapshot.vehicles.len()
                ),
            ));
        }
        for (i, (v, s)) in self.vehicles.iter().zip(&snapshot.vehicles).enumerate() {
            if s.state.n_wheels != v.params().wheels.len() {
                return Err(ParamError::new(
                    format!("snapshot.vehicles[{i}].state.n_wheels"),
                    format!(
                        "must equal vehicle {i}'s wheel count {} (got {})",
                        v.params().wheels.len(),
                        s.state.n_wheels
                    ),
                ));
            }
        }
        for (v, s) in self.vehicles.iter_mut().zip(&snapshot.vehicles) {
            v.restore(s)?;
        }
        self.time = snapshot.time;
        Ok(())
    }

    /// A determinism digest of the whole world: FNV-1a over the time and every vehicle's
    /// [`Vehicle::state_hash`] in spawn order (see [`crate::vehicle::snapshot`]).
    pub fn state_hash(&self) -> u64 {
        let mut h = crate::vehicle::snapshot::Fnv1a::new();
        h.add(&self.time.to_bits().to_le_bytes());
        for v in &self.vehicles {
            h.add(&v.state_hash().to_le_bytes());
        }
        h.finish()
    }
}
