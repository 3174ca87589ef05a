//! The holds of a carcass deflection against its slip within the reach ([`finish`] after
//! the substep's force, [`hold_start`] before it; the module docs of [`super`], "Their
//! energy" and "The hold before the force"), and the closed-form floors of the reach that
//! spare its four model evaluations for a deflection within them (same bits).

use super::{axis, reach_y};
use crate::math::finite;
use crate::tire::contact::slip_input;
use crate::tire::interface::{KeptLoad, TireModel};
use crate::tire::model::ContactInput;
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;

/// Advance the deflections once the end-of-step spin `omega1` is known: `u' = A(u + dt·(ω'R −
/// Vx))`, `v' = A_y(v + dt·Vy)` with the measured contact velocity, then hold a deflection
/// that lies against its slip velocity within the carcass's reach
/// ([`carcass_reach_x`](super::carcass_reach_x) for `u` against `ω'R − Vx`,
/// [`carcass_reach_y`](super::carcass_reach_y) for `v` against `Vy`) (forces are not
/// needed; the signature keeps them for symmetry with the friction-circle tire).
///
/// Its own load terms here (the coupled solves' path); the direct-drive solve passes the
/// wheel's kept ones (`finish_kept`, the same bits).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn finish(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &mut TireState,
    omega1: f64,
    _fx: f64,
    _fy: f64,
    dt: f64,
) {
    finish_kept(model, r, c, s, omega1, dt, &mut KeptLoad::default());
}

/// [`finish`] with the wheel's load terms `kept` ([`TireModel::forces_at_kept`]: the same
/// bits), for the floors of the reach and its evaluation. The reach's four model
/// evaluations only for a deflection beyond `σ·`[`HOLD_MIN_SLIP`] and the model's
/// closed-form floor of the reach ([`reach_x_floor`], [`reach_y_floor`]): within it the
/// deflection is within the reach, so the result is the same bit for bit.
///
/// Inlined into [`solve`](super::solve), its caller in the step (its arguments and the
/// tyre state stay in registers).
#[inline(always)]
pub(in crate::tire::contact) fn finish_kept(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &mut TireState,
    omega1: f64,
    dt: f64,
    kept: &mut KeptLoad,
) {
    let (sx, sy) = (
        r.longitudinal_length * c.relaxation_scale,
        r.lateral_length * c.relaxation_scale,
    );
    let t = &mut s.transient;
    let slip_x = omega1 * c.radius - c.vx;
    t.u = crate::tire::transient::relax(t.u, slip_x, c.vx, sx, dt);
    t.v = crate::tire::transient::relax(t.v, c.vy, c.vx, sy, dt);
    t.u = held_x(model, c, omega1, sx, t.u, slip_x, kept);
    t.v = held_y(model, c, omega1, sy, t.v, kept);
    if !(finite(t.u) && finite(t.v)) {
        *t = Default::default();
    }
}

/// Hold the start-of-substep lateral deflection `v` within the carcass's reach
/// ([`carcass_reach_y`](super::carcass_reach_y) at the start spin) when it lies against the contact's lateral slip
/// velocity `V_y` (`v·V_y < 0`), before the substep's force is formed from it: the part
/// beyond the reach is the patch sliding, which stores nothing and so cannot push back (the
/// module docs, "The hold before the force"). [`finish`]'s test on the start state: a
/// deflection within the reach or along its slip is left as it is (the same bits as without
/// the hold); [`HOLD_MIN_SLIP`] skips the four model evaluations of the reach for a small one.
#[inline(always)]
pub fn hold_start(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &mut TireState,
) {
    hold_start_kept(model, r, c, s, &mut KeptLoad::default());
}

/// [`hold_start`] with the wheel's load terms `kept` (the same bits).
#[inline(always)]
pub(in crate::tire::contact) fn hold_start_kept(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &mut TireState,
    kept: &mut KeptLoad,
) {
    let sy = r.lateral_length * c.relaxation_scale;
    s.transient.v = held_y(model, c, s.omega, sy, s.transient.v, kept);
}

/// The longitudinal deflection `u` (m) held within the carcass's reach at spin `omega`
/// (rad/s) where it lies against the slip velocity `slip_x = ωR − Vx` (m/s), for
/// [`finish`]; else `u` itself. The reach's four model evaluations only beyond both
/// `σx·`[`HOLD_MIN_SLIP`] and the model's closed-form floor ([`reach_x_floor`]): the same
/// bits as always evaluating it (`reach_tests.rs`). `kept`: the wheel's load terms.
#[inline(always)]
fn held_x(
    model: &dyn TireModel,
    c: &ContactInput,
    omega: f64,
    sx: f64,
    u: f64,
    slip_x: f64,
    kept: &mut KeptLoad,
) -> f64 {
    if u * slip_x < 0.0
        && u.abs() > sx * HOLD_MIN_SLIP
        && c.load > 0.0
        && u.abs() > reach_x_floor(model, c, omega, sx, kept)
    {
        let reach = axis(model, c, omega, false, kept).reach(sx);
        if u.abs() > reach {
            return reach.copysign(u);
        }
    }
    u
}

/// The lateral deflection `v` (m) held within the carcass's reach at spin `omega` (rad/s)
/// where it lies against the contact's slip velocity (`v·V_y < 0`), for [`finish`] and
/// [`hold_start`]; else `v` itself. The reach's four model evaluations only for a `v` beyond
/// both `σy·`[`HOLD_MIN_SLIP`] and the model's closed-form floor of the reach
/// ([`reach_y_floor`]): within that floor `v` is within the reach, so the result is the same
/// bit for bit (`reach_tests.rs`). `kept`: the wheel's load terms.
#[inline(always)]
fn held_y(
    model: &dyn TireModel,
    c: &ContactInput,
    omega: f64,
    sy: f64,
    v: f64,
    kept: &mut KeptLoad,
) -> f64 {
    if v * c.vy < 0.0
        && v.abs() > sy * HOLD_MIN_SLIP
        && c.load > 0.0
        && v.abs() > reach_y_floor(model, c, omega, sy, kept)
    {
        let reach = reach_y(model, c, omega, sy, kept);
        if v.abs() > reach {
            return reach.copysign(v);
        }
    }
    v
}

/// A lower bound of [`carcass_reach_y`](super::carcass_reach_y) (m) without its model evaluations: `σy` times the
/// model's [`TireModel::lateral_reach_floor_kept`] (the evaluated `F_slide/K_α` never below
/// it); 0 under grip limits (the reach is then evaluated at scaled slips), or where the
/// product is not a number `≥ 0`. On the bench's heightfield this skips every evaluation the
/// holds asked for (the deflections against their slip there reach at most 0.83 of the
/// reach).
#[inline]
fn reach_y_floor(
    model: &dyn TireModel,
    c: &ContactInput,
    omega: f64,
    sy: f64,
    kept: &mut KeptLoad,
) -> f64 {
    scaled_floor(c, sy, || {
        model.lateral_reach_floor_kept(&slip_input(c, omega, 0.0, 0.0), kept)
    })
}

/// A lower bound of [`carcass_reach_x`](super::carcass_reach_x) (m) without its model evaluations: `σx` times the
/// model's [`TireModel::longitudinal_reach_floor_kept`]; 0 under grip limits or where the
/// product is not a number `≥ 0` ([`reach_y_floor`]'s rules).
#[inline]
fn reach_x_floor(
    model: &dyn TireModel,
    c: &ContactInput,
    omega: f64,
    sx: f64,
    kept: &mut KeptLoad,
) -> f64 {
    scaled_floor(c, sx, || {
        model.longitudinal_reach_floor_kept(&slip_input(c, omega, 0.0, 0.0), kept)
    })
}

/// `σ·floor()` where no grip limit applies and the product is a number `≥ 0`, else 0 (the
/// rules of [`reach_y_floor`] and [`reach_x_floor`]; the model is not asked under a limit).
#[inline(always)]
fn scaled_floor(c: &ContactInput, sigma: f64, floor: impl FnOnce() -> f64) -> f64 {
    if c.grip_x != 1.0 || c.lateral_grip_limit() != 1.0 {
        return 0.0;
    }
    let f = sigma * floor();
    if f >= 0.0 { f } else { 0.0 }
}

/// Smallest transient slip `|tan α'|` (or `|κ'|`) of a deflection against the slip that
/// [`finish`] checks against [`carcass_reach_y`](super::carcass_reach_y) (or [`carcass_reach_x`](super::carcass_reach_x); four model
/// evaluations): below it the check is skipped, so a car driving straight, its slips crossing
/// zero all the time, pays nothing. Every plausible tyre reaches further
/// (`F_slide/K_α ≈ μ/C_α`: 0.06 for a road tyre, 0.005 for μ = 0.1 on ice at C_α = 20 /rad;
/// `μ/C_κ` ≈ 0.055 at C_κ = 18), and a deflection this small holds at most
/// `F_slide·σy·10⁻³` (0.3 mm at σy = 0.3 m). Unit: 1.
pub const HOLD_MIN_SLIP: f64 = 1e-3;

#[cfg(test)]
mod reach_tests;
