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
//!
//! ## Vehicles on vehicles (opt-in)
//! With [`World::set_vehicle_contact`] on, every vehicle's body box (its
//! [`BodyCollision`](crate::chassis::BodyCollision) box; the automatic one for
//! [`BodyShape::Auto`](crate::chassis::BodyShape::Auto), the points' bounding box for a hull,
//! none for [`BodyShape::None`](crate::chassis::BodyShape::None)) is a
//! [`Deck`] for the other vehicles' wheels: a car can drive onto a transporter. Each step:
//! 1. every deck is posed at its vehicle's start-of-step pose and velocities;
//! 2. each vehicle steps on a [`DeckGround`] (the world's ground plus the other decks) —
//!    independently, so [`World::step_parallel`] stays bit-identical to [`World::step`];
//! 3. in spawn order, each wheel whose contact point lies on another vehicle's deck (within
//!    [`DECK_CONTACT_TOLERANCE`] of the start-of-step box) pushes on that carrier with the
//!    equal and opposite of what the deck did to it over the step:
//!    `J = −(F_n·n + F_tyre)·dt` at the contact point `p` and `−n·M_z·dt`, applied as
//!    [`Vehicle::apply_impulse`] with the angular part `(p − x_com)×J` about the carrier's
//!    start-of-step centre of mass.
//!
//! The reaction uses the wheel's last substep's forces for the whole step and reaches the
//! carrier one step late (it was stepped with the decks fixed); at rest the carrier's wheel
//! loads then sum to `(m_carrier + m_carried)·g` (`tests/vehicle_contact.rs`). Decks carry
//! wheels only: bodies still pass through each other. A deck is surface 0 of the ground's
//! table (tarmac in the default table).

use crate::error::{InputError, ParamError};
use crate::ground::{Deck, DeckGround, Ground, SurfaceId};
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

/// Most vehicles one rayon task steps in [`World::step_parallel`] ([`parallel_leaf`]): a task
/// costs well under a microsecond, a vehicle step 2–30 µs, so 16 vehicles keep the overhead
/// below a percent.
pub const PARALLEL_CHUNK: usize = 16;

/// Tasks per thread [`parallel_leaf`] aims at: a thread that finishes early (or whose partner
/// the OS preempted) steals from the others' pending tasks, and what it cannot steal is the
/// task in progress, at most `1/PARALLEL_TASKS_PER_THREAD` of a thread's share.
pub const PARALLEL_TASKS_PER_THREAD: usize = 8;

/// Vehicles per rayon task when `n` vehicles are stepped on `threads` threads:
/// `⌈n / (threads · PARALLEL_TASKS_PER_THREAD)⌉`, within `1 ..= PARALLEL_CHUNK`.
///
/// Rayon's adaptive splitting alone cuts a range into about `2·threads` pieces and splits
/// further only what another thread steals, so a piece still being stepped can be a quarter of
/// the vehicles: a thread the OS preempted in it holds up the step while the other sleeps. A
/// cap on the task keeps the step's tail short (a hundred vehicles on two threads: tasks of 7,
/// not up to 50) at a task's overhead per `n / leaf` vehicles.
pub fn parallel_leaf(n: usize, threads: usize) -> usize {
    n.div_ceil(threads.max(1) * PARALLEL_TASKS_PER_THREAD)
        .clamp(1, PARALLEL_CHUNK)
}

/// How far (m) a wheel's contact point may lie outside a deck's start-of-step box and still
/// count as on it (the contact is computed on the box's faces; this absorbs rounding). Unit: m.
pub const DECK_CONTACT_TOLERANCE: f64 = 1e-6;

/// A ground plus vehicles, stepped together. Vehicles do not collide with each other (the
/// standalone world is for manoeuvres and batches; use the Bevy plugin for full scenes);
/// with [`World::set_vehicle_contact`] their wheels can drive onto each other's bodies.
pub struct World<G: Ground> {
    ground: G,
    vehicles: Vec<Vehicle>,
    time: f64,
    vehicle_contact: bool,
    decks: Vec<Option<Deck>>,
}

impl<G: Ground> World<G> {
    /// An empty world on `ground`.
    pub fn new(ground: G) -> Self {
        Self {
            ground,
            vehicles: Vec::new(),
            time: 0.0,
            vehicle_contact: false,
            decks: Vec::new(),
        }
    }

    /// Let vehicles' wheels drive on the other vehicles' bodies (a car transporter; see the
    /// [module docs](self)). Default: off (each vehicle sees the ground alone).
    pub fn set_vehicle_contact(&mut self, on: bool) {
        self.vehicle_contact = on;
    }

    /// `true` if vehicles' wheels drive on each other ([`World::set_vehicle_contact`]).
    pub fn vehicle_contact(&self) -> bool {
        self.vehicle_contact
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
        Ok(self.insert(v))
    }

    /// Add a vehicle as it is (pose, state, controls, fault). The way to spawn many vehicles of
    /// one type: build one, place clones of it — clones share their parameters
    /// ([`Vehicle`]'s docs), so each costs its state, not another copy of the params.
    ///
    /// ```
    /// use skidpad::{World, ground::Plane, presets, vehicle::Vehicle, Pose, DVec3};
    /// let mut world = World::new(Plane::flat());
    /// let proto = Vehicle::new(presets::sedan()).unwrap();
    /// for i in 0..100 {
    ///     let mut car = proto.clone();
    ///     car.teleport(Pose::from_translation(DVec3::new(0.0, 5.0 * i as f64, 0.32)));
    ///     world.insert(car);
    /// }
    /// assert!(world.vehicles()[99].shares_params_with(&proto));
    /// ```
    pub fn insert(&mut self, vehicle: Vehicle) -> VehicleId {
        self.vehicles.push(vehicle);
        self.decks.push(None);
        VehicleId(self.vehicles.len() - 1)
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
        if self.vehicle_contact {
            self.pose_decks();
            let (ground, decks) = (&self.ground, &self.decks[..]);
            for (i, v) in self.vehicles.iter_mut().enumerate() {
                v.step(
                    dt,
                    &DeckGround {
                        base: ground,
                        decks,
                        skip: i,
                    },
                );
            }
            self.react_decks(dt);
        } else {
            for v in &mut self.vehicles {
                v.step(dt, &self.ground);
            }
        }
        self.time += dt;
    }

    /// Advance every vehicle by `dt` seconds in parallel on rayon's current pool, in tasks of
    /// [`parallel_leaf`] vehicles. Vehicles are independent within a step (decks are
    /// posed before and push after), so the result is bit-identical to [`World::step`]
    /// whatever the thread count (`tests/snapshot.rs`, `tests/vehicle_contact.rs`).
    /// Feature `parallel` (default).
    #[cfg(feature = "parallel")]
    pub fn step_parallel(&mut self, dt: f64) {
        if self.vehicle_contact {
            self.pose_decks();
        }
        let (ground, decks, on) = (&self.ground, &self.decks[..], self.vehicle_contact);
        let leaf = parallel_leaf(self.vehicles.len(), rayon::current_num_threads());
        self.vehicles
            .par_iter_mut()
            .enumerate()
            .with_max_len(leaf)
            .for_each(|(skip, v)| {
                if on {
                    let ground = DeckGround {
                        base: ground,
                        decks,
                        skip,
                    };
                    v.step(dt, &ground);
                } else {
                    v.step(dt, ground);
                }
            });
        if on {
            self.react_decks(dt);
        }
        self.time += dt;
    }

    /// Step 1 of vehicle contact: each vehicle's deck at its start-of-step pose.
    fn pose_decks(&mut self) {
        for (d, v) in self.decks.iter_mut().zip(&self.vehicles) {
            *d = deck_of(v);
        }
    }

    /// Step 3 of vehicle contact: each wheel standing on another vehicle's deck pushes that
    /// carrier with the opposite of its ground force over `dt`, in spawn order.
    fn react_decks(&mut self, dt: f64) {
        for i in 0..self.vehicles.len() {
            let nw = self.vehicles[i].params().wheels.len();
            for w in 0..nw {
                let v = &self.vehicles[i];
                let ws = &v.state().wheels[w];
                if !(v.params().wheels[w].enabled && ws.suspension.in_contact) {
                    continue;
                }
                let p = ws.contact_point_world;
                let carrier = self.decks.iter().enumerate().find_map(|(j, d)| {
                    d.filter(|d| j != i && d.contains(p, DECK_CONTACT_TOLERANCE))
                        .map(|d| (j, d))
                });
                let Some((j, deck)) = carrier else {
                    continue;
                };
                let n = ws.contact_normal_world;
                let impulse = -(n * ws.normal_load + ws.tire_force_world) * dt;
                let angular = (p - deck.com_world).cross(impulse) - n * ws.tire.mz * dt;
                self.vehicles[j].apply_impulse(impulse, angular);
            }
        }
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
        out.vehicles.truncate(self.vehicles.len());
        for (o, v) in out.vehicles.iter_mut().zip(&self.vehicles) {
            v.snapshot_into(o);
        }
        let done = out.vehicles.len();
        out.vehicles
            .extend(self.vehicles[done..].iter().map(Vehicle::snapshot));
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

/// A vehicle's deck at its current pose: its body box (see the [module docs](self)).
fn deck_of(v: &Vehicle) -> Option<Deck> {
    use crate::chassis::BodyShape;
    let p = v.params();
    let (min, max) = match &p.contact.body.shape {
        BodyShape::None => return None,
        BodyShape::Auto => crate::pipeline::auto_box_of(p)?,
        BodyShape::Box { min, max } => (*min, *max),
        BodyShape::Hull { points } => points.iter().fold(
            (glam::DVec3::INFINITY, glam::DVec3::NEG_INFINITY),
            |(lo, hi), q| (lo.min(*q), hi.max(*q)),
        ),
    };
    let c = &v.state().chassis;
    Some(Deck {
        pose: c.pose,
        min,
        max,
        com_world: c.com_world(&p.chassis),
        linear_velocity_world: c.linear_velocity_world,
        angular_velocity_world: c.angular_velocity_world,
        surface: SurfaceId(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_leaf_worked_examples() {
        // ⌈n / (threads · 8)⌉ within 1 ..= 16.
        assert_eq!(parallel_leaf(100, 2), 7); // ⌈100 / 16⌉
        assert_eq!(parallel_leaf(1000, 2), 16); // ⌈1000 / 16⌉ = 63, capped
        assert_eq!(parallel_leaf(40, 2), 3); // ⌈40 / 16⌉
        assert_eq!(parallel_leaf(100, 4), 4); // ⌈100 / 32⌉
        assert_eq!(parallel_leaf(1, 2), 1);
        assert_eq!(parallel_leaf(0, 2), 1); // an empty world still gets a valid length
        assert_eq!(parallel_leaf(100, 0), 13); // no threads reads as one: ⌈100 / 8⌉
    }
}
