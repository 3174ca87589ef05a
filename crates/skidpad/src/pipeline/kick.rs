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
//! Nothing here allocates.

use super::{MAX_POINT_FORCES, SubstepForces, compute_forces_into, substeps_for_step};
use crate::ground::Ground;
use crate::input::Controls;
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

#[cfg(test)]
mod tests;
