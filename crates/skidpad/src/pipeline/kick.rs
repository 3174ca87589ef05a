//! The input jump's half kick ([`crate::params::SimParams::input_jump_half_kick`]).
//!
//! The driver's controls are held over each step, so where they change at a step boundary
//! `tₙ` the forces jump from `F(cₙ, u₋)` to `F(cₙ, u)`. Symplectic Euler carries the
//! half-substep velocity `v(t − h/2)` (the leapfrog, chassis module docs), and the kick that
//! moves it across `tₙ` is then `½h·(F(cₙ, u₋) + F(cₙ, u))/M`; the plain step applies
//! `h·F(cₙ, u)/M`. The first substep of such a step therefore gets the extra force
//!
//! ```text
//! ΔF = ½·(F(cₙ, u₋) − F(cₙ, u))      N, world frame, through the centre of mass
//! ```
//!
//! in its wrench (so `Δv = h·ΔF/M`, m/s), with `F(cₙ, u₋)` from stages 1–9 run once more at
//! the step's start with the previous step's controls ([`first_substep_forces`], on a state
//! the caller puts back afterwards). The rotation needs none: its Strang splitting already
//! closes each substep with a half kick of that substep's torque.
//!
//! Why the difference point force by point force ([`half_kick`]): a force the controls do not
//! change (a strut's, the aero's) then cancels to an exact zero, so a step whose controls
//! change nothing at the current pose is the plain step bit for bit (gravity is not in the
//! wrench at all). The totals are the fallback when the two passes listed different forces
//! (an edge force on one pass only, a full list).
//!
//! ## The opening half kick (a velocity set by the caller)
//!
//! [`crate::params::SimParams::opening_half_kick`], `int-s32`'s source A: a velocity the caller sets (a new vehicle at
//! rest, a teleport, `Vehicle::set_velocity`, copied dynamics whose source had one pending)
//! is `v(t₀)`, not the half-substep velocity `v(t₀ − h/2)` symplectic Euler carries. Velocity
//! Verlet starts with the opening half kick `v(t₀ + h/2) = v₀ + ½h·a(c₀)`, so the first
//! substep of the next standalone step kicks with half its force, gravity included
//! ([`opening_kick`]): the extra force `ΔF = −½·(F + M·g)` (N, world, through the centre of
//! mass). A body at rest on its springs has `F + M·g ≈ 0` and so stays put; a body in free
//! flight follows `z₀ + v₀·t − ½·g·t²` at the step points to round-off. No torque, as above.
//! Hosted, the engine owns the velocity (a velocity set on the vehicle is overwritten by the
//! engine's body at the next step): no opening kick; a host that sets its body's velocity
//! applies its own integrator's start.
//! A switch of its own, not `input_jump_half_kick` (first built on that switch, `kick-s34`).
//! The energy audit runs its input-jump cells and its matrix's events with both switches on
//! (`audit-s35`; the kicked step judged on the synchronised kinetic energy, the energy
//! audit's `kicks.rs` module docs). The Bevy plugin, which runs the stages itself, applies
//! neither kick.
//!
//! Nothing here allocates.

use super::{
    AeroForces, ChassisForces, MAX_POINT_FORCES, Mode, SubstepForces, compute_forces_into,
    contact_stage, input_stage, powertrain_stage, run_substeps, stability_stage, stages,
    steering_stage, substeps_for_step,
};
use crate::ground::Ground;
use crate::input::{Controls, Intent};
use crate::params::{Derived, VehicleParams};
use crate::state::VehicleState;
use glam::DVec3;

/// Stages 1–9 of the first substep of a step of `dt` from `s` with `controls`, into `out`:
/// the `F(cₙ, u₋)` of the module docs when `controls` are the previous step's. The substep is
/// the step's own (`dt / n`, `n` from [`substeps_for_step`] at `s`). The stages update `s`
/// as a substep does; the caller puts it back before the step (the vehicle restores its
/// rollback copy), so the wheel, drivetrain, input and steering states are not changed.
pub fn first_substep_forces(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
    out: &mut SubstepForces,
) {
    let h = dt / substeps_for_step(p, d, s, dt) as f64;
    compute_forces_into(p, d, controls, s, ground, h, out);
}

/// The half kick's force `½·(F₋ − F)` (N, world) from the old controls' forces `old` and the
/// new ones `new` of the same substep: summed point force by point force when both list the
/// same number and none was left out (then an unchanged force contributes an exact zero),
/// else from the totals.
///
/// What [`SimParams::input_jump_half_kick`](crate::params::SimParams::input_jump_half_kick)
/// adds to the first substep's wrench of a step whose controls changed:
///
/// ```text
/// ΔF = ½·(F(cₙ, u₋) − F(cₙ, u))      N, world frame, through the centre of mass
/// Δv = h·ΔF/M                        m/s, the velocity correction of that substep
/// ```
///
/// `F(cₙ, u)` is the sum of the substep's point forces (struts, tyres, aero) with the
/// controls in force, `F(cₙ, u₋)` the same stages run at the same pose and states with the
/// previous step's controls ([`first_substep_forces`]). The sign: a brake applied while
/// moving has `F(cₙ, u₋) − F(cₙ, u)` along the motion, so the first substep brakes with half
/// the force — the leapfrog's `½h·a(u₋) + ½h·a(u)` across the jump.
///
/// *Which controls*: the raw [`Controls`] the caller set (intent or direct wheel commands),
/// compared with the previous step's by value: those are what a step holds. Smoothing, the
/// hill hold and the driver aids run inside both passes from the same state, so the old
/// pass sees what the old controls would have given at `cₙ` (a rate-limited pedal moves by at
/// most its rate over `h`, and so does its kick); an aid's decision within a step follows
/// the state, not a held input. *No torque*: the rotation's Strang splitting already closes
/// each substep with a half kick of that substep's torque. No previous controls, no kick:
/// after the vehicle is built, teleported, given a velocity, its dynamics copied, new
/// parameters or a restore of a step-0 snapshot. Hosted, the kick is in the first substep's
/// wrench (`substep_totals[0]`, and `total`), not in the point forces.
pub fn half_kick(old: &SubstepForces, new: &SubstepForces) -> DVec3 {
    let (a, b) = (&old.forces, &new.forces);
    let listed = a.len() == b.len() && b.len() < MAX_POINT_FORCES;
    let difference = if listed {
        a.iter().zip(b.iter()).fold(DVec3::ZERO, |sum, (o, n)| {
            sum + (o.force_world - n.force_world)
        })
    } else {
        old.total.force - new.total.force
    };
    0.5 * difference
}

/// Which leapfrog kick the first substep of a step gets (module docs).
#[derive(Debug, Clone, Copy, Default)]
pub enum Kick<'a> {
    /// None: the plain step.
    #[default]
    None,
    /// The opening half kick after a velocity set by the caller: [`opening_kick`].
    Opening,
    /// The input jump's half kick from the first substep's forces under the previous step's
    /// controls ([`first_substep_forces`] at this state): [`half_kick`].
    InputJump(&'a SubstepForces),
    /// [`Kick::InputJump`] when the steering input did not change ([`same_steering`]): the
    /// old controls' pass ran stages 1–4 on the state and left their outputs in it (steering,
    /// contact and suspension are the new controls' too), so the first substep runs stage 1
    /// with the new controls and then stages 5–9 only ([`stages_after_suspension`]); the
    /// caller put the input stage's memories (`s.input`, `s.stability`) back to the step's
    /// start. The same bits as [`Kick::InputJump`].
    InputJumpPrepared(&'a SubstepForces),
}

impl Kick<'_> {
    /// Add the kick's force to the first substep's wrench `f` (forces of the controls in
    /// force; a body of `mass`, kg, under `gravity`, m/s²): [`opening_kick`] or
    /// [`half_kick`]; nothing for [`Kick::None`].
    #[inline]
    pub fn apply(&self, f: &mut SubstepForces, mass: f64, gravity: DVec3) {
        match *self {
            Kick::None => {}
            Kick::Opening => f.total.force += opening_kick(f, mass, gravity),
            Kick::InputJump(old) | Kick::InputJumpPrepared(old) => {
                f.total.force += half_kick(old, f);
            }
        }
    }
}

/// True when `a` and `b` give stage 2 (steering) the same input: both driver intents with
/// the same raw steer (the steer channel is smoothed on its own), or both direct commands
/// with the same steer angles. Then stages 2–4 of a substep give the same outputs under
/// either (contact and suspension read no control), which [`Kick::InputJumpPrepared`] uses.
pub fn same_steering(a: &Controls, b: &Controls) -> bool {
    match (a, b) {
        (Controls::Intent(x), Controls::Intent(y)) => x.steer.to_bits() == y.steer.to_bits(),
        (Controls::Direct(x), Controls::Direct(y)) => {
            let (x, y) = (x.as_slice(), y.as_slice());
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(c, d)| c.steer_angle.to_bits() == d.steer_angle.to_bits())
        }
        _ => false,
    }
}

/// Stages 1–4 (input, steering, contact, suspension) of a substep of `h` with `controls`:
/// the first half of [`super::compute_forces_into`]; the smoothed intent for stage 5 and the
/// chassis's centre of mass (world), which stages 1–9 do not move, placed once for both halves.
#[inline(always)]
pub fn stages_to_suspension(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    h: f64,
) -> (Intent, DVec3) {
    let intent = input_stage(p, controls, s, h);
    steering_stage(p, d, controls, &intent, s, h);
    contact_stage(p, d, s, ground);
    let com = s.chassis.com_world(&p.chassis);
    stages::suspension_stage_at(p, d, s, h, com);
    (intent, com)
}

/// Stages 5–9 (powertrain, grip, aero, stability, forces) of a substep of `h` with
/// `controls` and their smoothed `intent`, into `out`: the second half of
/// [`super::compute_forces_into`], on a state whose stages 1–4 ran and left the centre of
/// mass at `com` (world, [`stages_to_suspension`]'s).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn stages_after_suspension<const S: usize>(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    (intent, com): (&Intent, DVec3),
    s: &mut VehicleState,
    ground: &dyn Ground,
    h: f64,
    out: &mut ChassisForces<S>,
) {
    after_suspension(p, d, controls, (intent, com, true), s, ground, h, out);
}

/// [`stages_after_suspension`], its point forces listed in `out` only if `list`
/// ([`stages::assemble_at`]): the same sums either way.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn after_suspension<const S: usize>(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    (intent, com, list): (&Intent, DVec3, bool),
    s: &mut VehicleState,
    ground: &dyn Ground,
    h: f64,
    out: &mut ChassisForces<S>,
) {
    let prep = powertrain_stage(p, d, controls, intent, s, h);
    stages::grip_stage_at(p, d, &prep, s, (ground, com), h);
    let mut aero = AeroForces::NONE;
    stages::aero_into(p, s, com, &mut aero);
    if list {
        stages::assemble_at::<S, true>(p, s, prep.coupled, &aero, out, com);
    } else {
        stages::assemble_at::<S, false>(p, s, prep.coupled, &aero, out, com);
    }
    stability_stage(p, d, s, out, h);
}

/// The first substep's stages under [`Kick::InputJumpPrepared`]: stage 1 with `controls`
/// (stages 2–4's outputs already in `s`), then stages 5–9, into `out`. Returns the centre of
/// mass (world) they placed.
pub(super) fn prepared_first_substep<const S: usize>(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    h: f64,
    out: &mut ChassisForces<S>,
) -> DVec3 {
    let intent = input_stage(p, controls, s, h);
    let com = s.chassis.com_world(&p.chassis);
    after_suspension(p, d, controls, (&intent, com, true), s, ground, h, out);
    com
}

/// The opening half kick's force `−½·(F + M·g)` (N, world, through the centre of mass) for
/// a first substep whose forces are `f` (`F = f.total.force`, gravity not in it), on a body
/// of `mass` (kg) under `gravity` (m/s², world): the first substep then moves the velocity by
/// `½h·(F/M + g)`, velocity Verlet's opening half kick `v(t₀ + h/2) = v₀ + ½h·a(c₀)`, where
/// the plain step moves it by `h·a(c₀)`. A body whose forces balance gravity gets none.
pub fn opening_kick(f: &SubstepForces, mass: f64, gravity: DVec3) -> DVec3 {
    -0.5 * (f.total.force + mass * gravity)
}

/// [`step_standalone`](super::step_standalone) with the first substep's wrench kicked by
/// `kick` ([`Kick`]; [`Kick::None`]: the plain step).
pub fn step_standalone_with(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    kick: Kick<'_>,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) {
    // The input jump's half kick reads the first substep's point forces ([`half_kick`]);
    // otherwise nothing reads them here: the substeps sum their forces without the list.
    let list = matches!(kick, Kick::InputJump(_) | Kick::InputJumpPrepared(_));
    let mode = Mode { body: true, list };
    run_substeps(p, d, controls, kick, s, ground, dt, mode, &mut |_, _| {});
}

/// [`step_hosted`](super::step_hosted) with the first substep's wrench kicked, as
/// [`step_standalone_with`]: the first substep's wrench (`substep_totals[0]`, and so `total`)
/// holds the kick's force, the point forces do not. (The vehicle passes only
/// [`Kick::InputJump`] here: hosted, the engine owns the velocity.)
pub fn step_hosted_with(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    kick: Kick<'_>,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) -> ChassisForces {
    let mut out = ChassisForces::default();
    let mode = Mode {
        body: false,
        list: true,
    };
    run_substeps(p, d, controls, kick, s, ground, dt, mode, &mut |k, f| {
        out.add_substep(k, f);
    });
    out.finish_substeps();
    out
}

#[cfg(test)]
mod tests;
