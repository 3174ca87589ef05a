//! Snapshot and restore: a vehicle's whole runtime state as one plain value, for
//! rollback netcode, reinforcement-learning resets and replays, and a determinism hash.
//!
//! A [`VehicleSnapshot`] holds everything a step reads or writes that is not a parameter: the
//! [`VehicleState`] (chassis, wheels, drivetrain, smoothed inputs, helpers, time), the
//! [`Controls`] in force (and the previous step's, which the input jump's half kick compares
//! them with), the step counter, the step fault, and which wheels are enabled
//! ([`Vehicle::set_wheel_enabled`], the only parameter a vehicle changes at run time).
//! Restoring it and applying the same inputs reproduces the run bit for bit
//! (`tests/snapshot.rs`). Taking or restoring a snapshot copies the state (≈ 4 KB for a
//! 4-wheel car). Restoring never allocates, except that it recomputes the derived constants
//! when the enabled wheels differ, into the vehicle's own copy of its (otherwise shared)
//! parameters; taking one allocates only for a vehicle of more than
//! [`crate::wheel::INLINE_WHEELS`] wheels (its wheel block), and
//! [`Vehicle::snapshot_into`] not even then once the snapshot has held one of the same type.
//!
//! [`state_hash`] is a 64-bit FNV-1a digest of a state for determinism checks: it walks the
//! state's `Debug` form, which prints every field, each `f64` in its shortest round-trip form,
//! so two finite states hash equal exactly when every field is bit-equal (up to the usual
//! 2⁻⁶⁴ chance of a collision; `0.0` and `-0.0` differ). It formats numbers, so it costs tens
//! of microseconds: for tests and occasional checks, not every step.
//!
//! ```
//! use skidpad::{presets, vehicle::{Vehicle, Intent}, ground::Plane, Pose, DVec3};
//! let ground = Plane::flat();
//! let mut car = Vehicle::new(presets::sedan()).unwrap();
//! car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.32)));
//! car.set_intent(Intent { throttle: 0.5, ..Intent::default() }).unwrap();
//! let saved = car.snapshot();
//! for _ in 0..30 { car.step(1.0 / 60.0, &ground); }
//! let first = car.state_hash();
//! car.restore(&saved).unwrap();
//! for _ in 0..30 { car.step(1.0 / 60.0, &ground); }
//! assert_eq!(car.state_hash(), first);
//! ```

use super::{Controls, StepFault, Vehicle, VehicleState};
use crate::MAX_WHEELS;
use crate::error::ParamError;
use std::fmt::{self, Write};

/// A vehicle's runtime state, controls, step count, fault and enabled wheels: what
/// [`Vehicle::restore`] needs to continue a run bit for bit. Params are not included (a
/// snapshot belongs to a vehicle of the same params).
/// `Clone`, not `Copy` (the state's wheels: [`crate::wheel::WheelSlots`]);
/// [`Clone::clone_from`] reuses the storage.
#[derive(Debug, PartialEq)]
pub struct VehicleSnapshot {
    /// The runtime state.
    pub state: VehicleState,
    /// The controls in force.
    pub controls: Controls,
    /// Steps taken ([`Vehicle::steps`]).
    pub steps: u64,
    /// The step fault, if any ([`Vehicle::fault`]).
    pub fault: Option<StepFault>,
    /// Which wheels were enabled (first `state.n_wheels` entries).
    pub enabled: [bool; MAX_WHEELS],
    /// The previous step's controls, kept with
    /// [`SimParams::input_jump_half_kick`](crate::params::SimParams::input_jump_half_kick) on
    /// (`None` otherwise, before the first step and after a teleport or a set velocity): the
    /// next step's half kick compares them with `controls`.
    pub previous_controls: Option<Controls>,
    /// The opening half kick is pending (a velocity set by the caller and no step since;
    /// [`crate::pipeline::opening_kick`], with `opening_half_kick` on).
    pub opening_kick: bool,
}

impl Clone for VehicleSnapshot {
    fn clone(&self) -> Self {
        Self {
            state: self.state.clone(),
            controls: self.controls.clone(),
            steps: self.steps,
            fault: self.fault,
            enabled: self.enabled,
            previous_controls: self.previous_controls.clone(),
            opening_kick: self.opening_kick,
        }
    }

    /// Copies into `self`'s storage (no allocation when the wheel counts match).
    fn clone_from(&mut self, source: &Self) {
        self.state.clone_from(&source.state);
        self.controls.clone_from(&source.controls);
        self.steps = source.steps;
        self.fault = source.fault;
        self.enabled = source.enabled;
        self.previous_controls.clone_from(&source.previous_controls);
        self.opening_kick = source.opening_kick;
    }
}

impl Vehicle {
    /// The whole runtime state as one value: no allocation for up to
    /// [`crate::wheel::INLINE_WHEELS`] wheels, one block for more ([`Vehicle::snapshot_into`]
    /// reuses a snapshot's storage).
    pub fn snapshot(&self) -> VehicleSnapshot {
        let mut enabled = [false; MAX_WHEELS];
        for (e, w) in enabled.iter_mut().zip(&self.params.wheels) {
            *e = w.enabled;
        }
        VehicleSnapshot {
            state: self.state.clone(),
            controls: self.controls.clone(),
            steps: self.steps,
            fault: self.fault,
            enabled,
            previous_controls: self.previous_controls().cloned(),
            opening_kick: self.opening_kick,
        }
    }

    /// [`Vehicle::snapshot`] into `out`, reusing its storage: no allocation when `out` holds
    /// a snapshot of a vehicle with as many wheels.
    pub fn snapshot_into(&self, out: &mut VehicleSnapshot) {
        out.state.clone_from(&self.state);
        out.controls.clone_from(&self.controls);
        out.steps = self.steps;
        out.fault = self.fault;
        match (self.previous_controls(), &mut out.previous_controls) {
            (Some(c), Some(o)) => o.clone_from(c),
            (c, o) => *o = c.cloned(),
        }
        out.opening_kick = self.opening_kick;
        out.enabled = [false; MAX_WHEELS];
        for (e, w) in out.enabled.iter_mut().zip(&self.params.wheels) {
            *e = w.enabled;
        }
    }

    /// Put the vehicle back to `snapshot`: the same inputs then give bit-identical steps.
    ///
    /// # Errors
    /// `snapshot.state.n_wheels` is not this vehicle's wheel count (a snapshot of another
    /// vehicle type); nothing changes.
    pub fn restore(&mut self, snapshot: &VehicleSnapshot) -> Result<(), ParamError> {
        let n = self.params.wheels.len();
        if snapshot.state.n_wheels != n {
            return Err(ParamError::new(
                "snapshot.state.n_wheels",
                format!(
                    "must equal the vehicle's wheel count {n} (got {}): a snapshot restores \
                     only a vehicle of the same type",
                    snapshot.state.n_wheels
                ),
            ));
        }
        let changed = self
            .params
            .wheels
            .iter()
            .zip(&snapshot.enabled)
            .any(|(w, &e)| w.enabled != e);
        if changed {
            self.set_enabled_wheels(&snapshot.enabled[..n])?;
        }
        self.state.clone_from(&snapshot.state);
        // The snapshot's tyre memos may be another vehicle's (the same type, other tyres).
        super::setup::forget_tyre_memos(&mut self.state);
        self.controls.clone_from(&snapshot.controls);
        // The input jump's half kick compares the next step's controls with these.
        self.has_previous_controls = snapshot.previous_controls.is_some();
        match (&snapshot.previous_controls, &mut self.previous_controls) {
            (Some(c), Some(slot)) => slot.as_mut().clone_from(c),
            (Some(c), slot) => *slot = Some(Box::new(c.clone())),
            (None, _) => {}
        }
        self.opening_kick = snapshot.opening_kick;
        self.steps = snapshot.steps;
        self.fault = snapshot.fault;
        Ok(())
    }

    /// [`state_hash`] of this vehicle's state.
    pub fn state_hash(&self) -> u64 {
        state_hash(&self.state)
    }
}

/// 64-bit FNV-1a over `value`'s `Debug` form (see the [module docs](self)): equal for
/// bit-equal finite states, different (but for collisions) otherwise. Allocation-free.
pub fn state_hash<T: fmt::Debug>(value: &T) -> u64 {
    let mut h = Fnv1a::new();
    // Writing to the hasher cannot fail.
    let _ = write!(h, "{value:?}");
    h.finish()
}

/// FNV-1a, 64 bit (Fowler, Noll, Vo): offset basis 0xcbf29ce484222325, prime 0x100000001b3.
/// Stable across platforms and releases, unlike `std`'s `DefaultHasher`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    pub(crate) const fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub(crate) fn finish(self) -> u64 {
        self.0
    }
}

impl Write for Fnv1a {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.add(s.as_bytes());
        Ok(())
    }
}
