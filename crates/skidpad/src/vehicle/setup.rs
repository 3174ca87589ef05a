//! Changing a vehicle's setup at run time, and copying dynamic state between vehicles.
//!
//! PhysX lets a game swap a vehicle "version" mid-run (new tyres, a tuned suspension, a damaged
//! engine) and copy the dynamic state of one vehicle into another (`PxVehicleCopyDynamicsData`,
//! used when a low-detail vehicle is promoted to a detailed one or a wreck replaces a car).
//! Two calls give the same here:
//!
//! - [`Vehicle::set_params`] validates the new parameters exactly as [`Vehicle::new`] does and,
//!   if they pass, swaps them in while the vehicle keeps moving: pose, velocities, wheel spin
//!   and angle, suspension history, tyre states, smoothed inputs, helper memories, engine speed
//!   and gear, the step counter and the controls are kept. The derived constants (sprung masses,
//!   rest forces, stable substep) are recomputed. Rules where the old state cannot carry over:
//!   - the wheel count must stay the same (wheel `i` of the old setup becomes wheel `i` of the
//!     new one; a different count is a different vehicle type — build a new [`Vehicle`]);
//!   - the drivetrain state restarts from [`crate::drivetrain::DrivetrainParams::initial_state`]
//!     (engine at idle in first gear) when the new drivetrain differs in whether an engine
//!     drives the wheels, or when the engaged or target gear no longer exists in the new
//!     gearbox; otherwise engine speed and gear carry over;
//!   - a tyre that gains a thermal model starts at the air temperature; a tyre that loses it
//!     keeps an unused thermal state.
//!
//!   Suspension travel needs no rule: jounce is measured against the ground afresh every
//!   substep, and the end-stop constraint holds a wheel that the new travel puts past a stop.
//!   On error nothing changes (the vehicle's state hash is the same).
//! - [`Vehicle::copy_dynamics_from`] copies another vehicle's dynamic state — chassis pose and
//!   velocities, wheel and suspension states, engine speed and gear, time — into this one,
//!   which keeps its own parameters, controls, step counter and fault. Both must have the same
//!   wheel count. Drivetrain state is copied only when both have an engine or both have none,
//!   and the gear must exist in this vehicle's gearbox (else it is clamped to the highest gear,
//!   keeping the sign; reverse stays reverse).
//!
//! Neither call allocates except for the new parameters themselves ([`Vehicle::set_params`]
//! takes them by value).

use super::{Derived, Vehicle, VehicleParams};
use crate::drivetrain::{DrivetrainParams, DrivetrainState};
use crate::error::ParamError;

impl Vehicle {
    /// Swap in new parameters, keeping the dynamic state (see the [module docs](self) for
    /// what carries over and what restarts).
    ///
    /// # Errors
    /// The first [`ParamError`] of [`VehicleParams::validate`] or [`Derived::new`], or
    /// `wheels` when the wheel count differs; the vehicle is then unchanged.
    pub fn set_params(&mut self, params: VehicleParams) -> Result<(), ParamError> {
        let n = self.params.wheels.len();
        if params.wheels.len() != n {
            return Err(ParamError::new(
                "wheels",
                format!(
                    "must keep the vehicle's wheel count {n} (got {}): a different count is a \
                     different vehicle type, build a new Vehicle",
                    params.wheels.len()
                ),
            ));
        }
        params.validate()?;
        let derived = Derived::new(&params)?;
        if !drivetrain_state_fits(
            &self.state.drivetrain,
            &self.params.drivetrain,
            &params.drivetrain,
        ) {
            self.state.drivetrain = params.drivetrain.initial_state();
        }
        for ((ws, old), new) in self
            .state
            .wheels
            .iter_mut()
            .zip(&self.params.wheels)
            .zip(&params.wheels)
        {
            if let (None, Some(t)) = (&old.tire.thermal, &new.tire.thermal) {
                ws.tire.thermal =
                    crate::tire::thermal::TireThermalState::new(t, params.sim.air_temperature);
            }
        }
        self.params = std::sync::Arc::new(params);
        self.derived = std::sync::Arc::new(derived);
        // The wheels' substep frames follow the params: built again by the next contact stage;
        // so do the tyres' curve memos.
        self.state.wheel_frames = crate::wheel::FrameKey::default();
        forget_tyre_memos(&mut self.state);
        // The input jump's half kick starts afresh (the switch may have changed: its slot is
        // allocated here if it was not, never in a step).
        self.has_previous_controls = false;
        if self.previous_controls.is_none() {
            self.previous_controls = Self::previous_controls_slot(&self.params);
        }
        Ok(())
    }

    /// Copy `other`'s dynamic state into this vehicle (see the [module docs](self)).
    ///
    /// # Errors
    /// `other.wheels` when the wheel counts differ; nothing changes.
    pub fn copy_dynamics_from(&mut self, other: &Vehicle) -> Result<(), ParamError> {
        let n = self.params.wheels.len();
        if other.params.wheels.len() != n {
            return Err(ParamError::new(
                "other.wheels",
                format!(
                    "must have this vehicle's wheel count {n} (got {})",
                    other.params.wheels.len()
                ),
            ));
        }
        let src = &other.state;
        self.state.chassis = src.chassis;
        self.state.wheels.clone_from(&src.wheels);
        // The copied wheels' substep frames and tyre memos are the other vehicle's (its params).
        self.state.wheel_frames = crate::wheel::FrameKey::default();
        forget_tyre_memos(&mut self.state);
        self.state.acceleration_world = src.acceleration_world;
        self.state.time = src.time;
        let ours = self.params.drivetrain.has_engine();
        if ours == other.params.drivetrain.has_engine() {
            let mut d = src.drivetrain;
            if ours {
                let top = top_gear(&self.params.drivetrain);
                d.gear = d.gear.clamp(-1, top);
                d.target_gear = d.target_gear.clamp(-1, top);
            }
            self.state.drivetrain = d;
        }
        self.has_previous_controls = false;
        // The copied velocity is `other`'s: a half-substep one if it stepped since its
        // velocity was set, a set one (its opening half kick still pending) if not.
        self.opening_kick = other.opening_kick;
        Ok(())
    }
}

/// True if the drivetrain state of `old` still means the same thing under `new`: both have an
/// engine or both have none, and (with an engine) the engaged and target gears exist in the
/// new gearbox.
fn drivetrain_state_fits(
    s: &DrivetrainState,
    old: &DrivetrainParams,
    new: &DrivetrainParams,
) -> bool {
    if old.has_engine() != new.has_engine() {
        return false;
    }
    if !new.has_engine() {
        return true;
    }
    let top = top_gear(new);
    (-1..=top).contains(&s.gear) && (-1..=top).contains(&s.target_gear)
}

/// Highest forward gear of `d`'s gearbox (at most 16, so it fits an `i8`).
fn top_gear(d: &DrivetrainParams) -> i8 {
    d.gearbox.forward_ratios.len() as i8
}

/// Empty every wheel's tyre curve memo ([`crate::tire::TireState::lateral_unit`]): a memo
/// holds a curve's value for the tyre parameters it was computed with, so a state that
/// meets other parameters (new params, copied or restored dynamics) starts without one.
/// Results never depend on it (a memo gives the curve's own bits); only the next substep's
/// cost does.
pub(super) fn forget_tyre_memos(state: &mut crate::state::VehicleState) {
    for w in state.wheels.iter_mut() {
        w.tire.lateral_unit = crate::tire::simple_magic::UnitMemo::default();
    }
}
