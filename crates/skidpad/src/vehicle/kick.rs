//! The leapfrog's half kicks on the vehicle
//! ([`SimParams::input_jump_half_kick`](crate::params::SimParams::input_jump_half_kick),
//! [`SimParams::opening_half_kick`](crate::params::SimParams::opening_half_kick)): the
//! opening half kick of the first standalone step after a velocity set by the caller
//! ([`pipeline::opening_kick`]); otherwise the input jump's — the previous step's controls
//! kept, the stages run once more with them at the step's start (the state then put back
//! from the step's rollback copy), and the kicked step. Out of line from the plain step,
//! which calls what it called before the switch existed.

use super::{ChassisForces, ChassisState, Ground, Vehicle, VehicleState, fault, input, pipeline};

impl Vehicle {
    /// The standalone step with the half kicks (`sim.input_jump_half_kick` or
    /// `sim.opening_half_kick` on): the opening one if `opening` (a velocity set since the
    /// last step, that switch on), else the input jump's (if its switch is on). Out of line,
    /// so the plain step's code is what it was.
    #[inline(never)]
    pub(super) fn step_kicked<const N: usize>(
        &mut self,
        dt: f64,
        ground: &dyn Ground,
        before: &fault::Rollback<N>,
        opening: bool,
    ) {
        self.step_kicked_reusing(dt, ground, before, opening, true);
    }

    /// [`Vehicle::step_kicked`]; `reuse`: the old controls' pass may stop after stage 4 when
    /// the steering input is unchanged ([`pipeline::Kick::InputJumpPrepared`]), else it runs
    /// stages 1–9 whole (the general path the tests compare it with).
    fn step_kicked_reusing<const N: usize>(
        &mut self,
        dt: f64,
        ground: &dyn Ground,
        before: &fault::Rollback<N>,
        opening: bool,
        reuse: bool,
    ) {
        let mut old = pipeline::SubstepForces::default();
        let kick = if opening {
            pipeline::Kick::Opening
        } else {
            self.input_jump::<N>(ground, dt, &mut old, reuse, |s| before.restore(s))
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

    /// The hosted step with the input jump's half kick, as [`Vehicle::step_kicked`] (no
    /// opening kick: the engine owns the velocity); the engine's `chassis` is already in the
    /// state.
    #[inline(never)]
    pub(super) fn hosted_step_kicked<const N: usize>(
        &mut self,
        dt: f64,
        chassis: &ChassisState,
        ground: &dyn Ground,
        before: &fault::Rollback<N>,
    ) -> ChassisForces {
        let mut old = pipeline::SubstepForces::default();
        let kick = self.input_jump::<N>(ground, dt, &mut old, true, |s| {
            before.restore(s);
            s.chassis = *chassis;
        });
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

    /// If the controls changed since the previous step, the first substep's forces under the
    /// previous step's controls at the state as it is, into `old`, and the kick that uses
    /// them; otherwise [`pipeline::Kick::None`], and nothing runs.
    ///
    /// With `reuse` and the steering input unchanged ([`pipeline::same_steering`]): stages
    /// 1–4 with the old controls, whose steering, contact and suspension outputs are the new
    /// controls' too and stay in the state; then stages 5–9 on it, undone from a copy taken
    /// after stage 4; the input stage's memories put back to the step's start
    /// ([`pipeline::Kick::InputJumpPrepared`]). Otherwise stages 1–9
    /// ([`pipeline::first_substep_forces`]), after which `put_back` restores the state the
    /// stages changed ([`pipeline::Kick::InputJump`]).
    fn input_jump<'a, const N: usize>(
        &mut self,
        ground: &dyn Ground,
        dt: f64,
        old: &'a mut pipeline::SubstepForces,
        reuse: bool,
        put_back: impl FnOnce(&mut VehicleState),
    ) -> pipeline::Kick<'a> {
        let Some(previous) = self.previous_controls.as_deref().filter(|c| {
            self.has_previous_controls
                && self.params.sim.input_jump_half_kick
                && **c != self.controls
        }) else {
            return pipeline::Kick::None;
        };
        let (p, d, s) = (&*self.params, &*self.derived, &mut self.state);
        if !(reuse && pipeline::same_steering(previous, &self.controls)) {
            pipeline::first_substep_forces(p, d, previous, s, ground, dt, old);
            put_back(s);
            return pipeline::Kick::InputJump(old);
        }
        let h = dt / pipeline::substeps_for_step(p, d, s, dt) as f64;
        let (input, stability) = (s.input, s.stability);
        let (intent, com) = pipeline::stages_to_suspension(p, d, previous, s, ground, h);
        let after_suspension = fault::Rollback::<N>::save(s);
        pipeline::stages_after_suspension(p, d, previous, (&intent, com), s, ground, h, old);
        after_suspension.restore(s);
        (s.input, s.stability) = (input, stability);
        pipeline::Kick::InputJumpPrepared(old)
    }

    /// With `sim.input_jump_half_kick` on: the controls of the step just taken become the
    /// previous ones (copied into the kept slot: no allocation once it holds the same kind;
    /// the slot itself is allocated where the switch is set, [`Vehicle::previous_controls_slot`]).
    fn remember_controls(&mut self) {
        match &mut self.previous_controls {
            Some(c) => c.as_mut().clone_from(&self.controls),
            None => self.previous_controls = Some(Box::new(self.controls.clone())),
        }
        self.has_previous_controls = true;
    }

    /// The previous step's controls, if kept ([`Vehicle`]'s `previous_controls`).
    pub(super) fn previous_controls(&self) -> Option<&input::Controls> {
        self.previous_controls
            .as_deref()
            .filter(|_| self.has_previous_controls)
    }

    /// The slot of the previous step's controls for `params`: allocated where
    /// `sim.input_jump_half_kick` is on (when a vehicle is built or its parameters set, so
    /// that no step allocates it), else none.
    pub(super) fn previous_controls_slot(
        params: &crate::params::VehicleParams,
    ) -> Option<Box<input::Controls>> {
        params
            .sim
            .input_jump_half_kick
            .then(|| Box::new(input::Controls::default()))
    }

    /// A standalone step whose input jump's kick takes the old controls' stages 1–9 whole
    /// (never [`pipeline::Kick::InputJumpPrepared`]): the general path, for the tests.
    #[cfg(test)]
    pub(crate) fn step_with_whole_kick_pass(&mut self, dt: f64, ground: &dyn Ground) {
        assert!(self.params.sim.input_jump_half_kick);
        let opening = std::mem::take(&mut self.opening_kick) && self.params.sim.opening_half_kick;
        let before = fault::Rollback::<{ crate::MAX_WHEELS }>::save(&self.state);
        self.step_kicked_reusing(dt, ground, &before, opening, false);
    }
}

#[cfg(test)]
mod tests;
