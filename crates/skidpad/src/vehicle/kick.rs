//! The leapfrog's half kicks on the vehicle
//! ([`SimParams::input_jump_half_kick`](crate::params::SimParams::input_jump_half_kick)): the
//! opening half kick of the first standalone step after a velocity set by the caller
//! ([`pipeline::opening_kick`]); otherwise the input jump's — the previous step's controls
//! kept, the stages run once more with them at the step's start (the state then put back
//! from the step's rollback copy), and the kicked step. Out of line from the plain step,
//! which calls what it called before the switch existed.

use super::{ChassisForces, ChassisState, Ground, Vehicle, VehicleState, fault, pipeline};

impl Vehicle {
    /// The standalone step with the half kicks (`sim.input_jump_half_kick` on): the opening
    /// one if `opening` (a velocity set since the last step), else the input jump's. Out of
    /// line, so the plain step's code is what it was.
    #[inline(never)]
    pub(super) fn step_kicked<const N: usize>(
        &mut self,
        dt: f64,
        ground: &dyn Ground,
        before: &fault::Rollback<N>,
        opening: bool,
    ) {
        let mut old = pipeline::SubstepForces::default();
        let kick = if opening {
            pipeline::Kick::Opening
        } else if self.input_jump_forces(ground, dt, &mut old, |s| before.restore(s)) {
            pipeline::Kick::InputJump(&old)
        } else {
            pipeline::Kick::None
        };
        pipeline::step_standalone_with(
            &self.params,
            &self.derived,
            &self.controls,
            kick,
            &mut self.state,
            ground,
            dt,
        );
        self.remember_controls();
    }

    /// The hosted step with the input jump's half kick, as [`Vehicle::step_kicked`]; the
    /// engine's `chassis` is already in the state.
    #[inline(never)]
    pub(super) fn hosted_step_kicked<const N: usize>(
        &mut self,
        dt: f64,
        chassis: &ChassisState,
        ground: &dyn Ground,
        before: &fault::Rollback<N>,
    ) -> ChassisForces {
        let mut old = pipeline::SubstepForces::default();
        let kick = self.input_jump_forces(ground, dt, &mut old, |s| {
            before.restore(s);
            s.chassis = *chassis;
        });
        let kick = if kick {
            pipeline::Kick::InputJump(&old)
        } else {
            pipeline::Kick::None
        };
        let forces = pipeline::step_hosted_with(
            &self.params,
            &self.derived,
            &self.controls,
            kick,
            &mut self.state,
            ground,
            dt,
        );
        self.remember_controls();
        forces
    }

    /// If the controls changed since the previous step: the first substep's forces under the
    /// previous step's controls at the state as it is, into `old`
    /// ([`pipeline::first_substep_forces`]), after which `put_back` restores the state the
    /// stages changed; `true`. Otherwise `false`, and nothing runs.
    fn input_jump_forces(
        &mut self,
        ground: &dyn Ground,
        dt: f64,
        old: &mut pipeline::SubstepForces,
        put_back: impl FnOnce(&mut VehicleState),
    ) -> bool {
        let Some(previous) = self
            .previous_controls
            .as_ref()
            .filter(|c| **c != self.controls)
        else {
            return false;
        };
        pipeline::first_substep_forces(
            &self.params,
            &self.derived,
            previous,
            &mut self.state,
            ground,
            dt,
            old,
        );
        put_back(&mut self.state);
        true
    }

    /// With `sim.input_jump_half_kick` on: the controls of the step just taken become the
    /// previous ones (copied into the kept value: no allocation once it holds the same kind).
    fn remember_controls(&mut self) {
        match &mut self.previous_controls {
            Some(c) => c.clone_from(&self.controls),
            None => self.previous_controls = Some(self.controls.clone()),
        }
    }
}
