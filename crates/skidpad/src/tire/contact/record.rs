//! Recording a contact solve's results in the tyre state ([`record`]), with the aligning
//! moment at the end-of-step deflections, and the moments at the current transient slips
//! ([`moments`], for telemetry); the coupled stage's hold and record with the wheel's load
//! terms carried through (`hold_kept`, `finish_record_kept`).

use super::patch::{finish_kept, hold_start_kept, wrap_angle};
use super::{curve_fields, eval, model_alpha, model_tan, slip_input};
use crate::tire::interface::{KeptLoad, SteadyForces, TireModel};
use crate::tire::model::ContactInput;
use crate::tire::params::{TireModelKind, TireParams};
use crate::tire::simple_magic::SimpleMagicParams;
use crate::tire::slip_curve::{SlipCurveParams, Uncambered};
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;
use crate::tire::trig::atan;

/// Store the step's results in the tire state: spin, load, reported slips, forces, and the
/// aligning moment at the end-of-step deflections (call after [`finish`](super::finish)).
pub fn record(
    p: &TireParams,
    c: &ContactInput,
    s: &mut TireState,
    omega1: f64,
    fx: f64,
    fy: f64,
    dt: f64,
) {
    // With the wheel's lateral curve memo, kept for its next start point.
    let mut kept = KeptLoad::with_lateral_unit(s.lateral_unit);
    record_kept(p, c, s, [omega1, fx, fy, dt], (&mut kept, None), false);
    s.lateral_unit = kept.lateral_unit();
}

/// [`hold_start`](super::hold_start) with the wheel's load terms `kept` ([`KeptLoad`]: the same bits): the
/// coupled stage's hold, whose terms its linearisation and record then reuse.
#[inline(always)]
pub(crate) fn hold_kept(p: &TireParams, c: &ContactInput, s: &mut TireState, kept: &mut KeptLoad) {
    hold_start_kept(p.model.as_model(), &p.relaxation, c, s, kept);
}

/// [`finish`](super::finish) and [`record`] of the end-of-step spin `omega1` and forces `(fx, fy)` with the
/// wheel's load terms `kept` from its hold and linearisation (the same bits as without: each
/// use checks the terms' key), as [`solve`](super::solve) runs them: the coupled stage's record, which so
/// computes the simplified MF's load terms once a wheel and substep, not three times. The
/// lateral curve's memo goes back to the state for the simplified MF (whose `kept` was
/// seeded from it, `model::kept_for`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn finish_record_kept(
    p: &TireParams,
    c: &ContactInput,
    s: &mut TireState,
    omega1: f64,
    (fx, fy): (f64, f64),
    dt: f64,
    kept: &mut KeptLoad,
) {
    finish_kept(p.model.as_model(), &p.relaxation, c, s, omega1, dt, kept);
    record_kept(p, c, s, [omega1, fx, fy, dt], (kept, None), false);
    if matches!(p.model, TireModelKind::SimpleMagic(_)) {
        s.lateral_unit = kept.lateral_unit();
    }
}

/// [`record`] of `[ω', Fx, Fy, dt]` with the model's load terms of this wheel and substep
/// ([`KeptLoad`]), and the slip-curve tyre's where its linearisation handed them on.
/// Inlined into [`super::solve`], its one caller in the step; `circle`: the caller knows
/// `p.model` is the friction-circle tyre (the record's own match skipped, the same result).
#[inline(always)]
pub(super) fn record_kept(
    p: &TireParams,
    c: &ContactInput,
    s: &mut TireState,
    [omega1, fx, fy, dt]: [f64; 4],
    (kept, curve): (&mut KeptLoad, Option<Uncambered<'_>>),
    circle: bool,
) {
    s.omega = omega1;
    s.angle = wrap_angle(s.angle + omega1 * dt);
    s.load = c.load.max(0.0);
    s.slip_ratio = crate::tire::model::slip_ratio(p, omega1, c.radius, c.vx);
    s.slip_angle = crate::tire::model::slip_angle(p, c.vx, c.vy);
    s.fx = fx;
    s.fy = fy;
    // Only the friction-circle tyre and custom models may lack a moment (one call fewer for
    // the others); the friction-circle tyre never has one
    // (`FrictionCircleParams::has_aligning_moment` is `false`): its zero without the call.
    s.mz = match &p.model {
        _ if circle => no_moment(c),
        TireModelKind::FrictionCircle(_) => no_moment(c),
        TireModelKind::SimpleMagic(sm) => simple_moment(sm, &p.relaxation, c, s, kept),
        // The full Magic Formula called directly, not through the trait object.
        TireModelKind::MagicFormula(mf) => {
            aligning_moment(mf.as_ref(), false, &p.relaxation, c, s, kept)
        }
        // The slip-curve tyre called directly, not through the trait object.
        TireModelKind::SlipCurve(sc) => match curve {
            Some(u) => terms_moment(&u, &p.relaxation, c, s),
            None => curve_moment(sc, &p.relaxation, c, s, kept),
        },
        TireModelKind::Custom(_) => {
            aligning_moment(p.model.as_model(), true, &p.relaxation, c, s, kept)
        }
        _ => aligning_moment(p.model.as_model(), false, &p.relaxation, c, s, kept),
    };
}

/// What [`aligning_moment`] gives for a model without a moment: a zero, scaled by the lateral
/// grip limit `s_y` where a grip limit applies (`s_y·0`, a `−0` for a negative `s_y`, as the
/// scaled moment would be).
#[inline(always)]
fn no_moment(c: &ContactInput) -> f64 {
    let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
    if sx == 1.0 && sy == 1.0 {
        0.0
    } else {
        sy * 0.0
    }
}

/// The aligning moment of [`moments`], bit for bit, from [`TireModel::aligning_moment`]
/// (without the slips where `may_lack` and the model has none). Generic over the model: the
/// trait object for most, the concrete `MfTire` for the full Magic Formula ([`record_kept`]:
/// its moment's calls static, the same bits).
fn aligning_moment<M: TireModel + ?Sized>(
    model: &M,
    may_lack: bool,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    kept: &mut KeptLoad,
) -> f64 {
    let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
    if may_lack && !model.has_aligning_moment() {
        // What the lines below give for a moment of 0, without the slips.
        return no_moment(c);
    }
    // The model's slip angle `atan(t)` with its tangent `t` (`tan(atan t) = t`: the full
    // MF's slip speed without a `tan`, round-off only; the other models ignore it).
    let tan_alpha = s.transient.v / (r.lateral_length * c.relaxation_scale);
    let kappa = s.transient.u / (r.longitudinal_length * c.relaxation_scale);
    let t = model_tan(c, tan_alpha);
    let alpha = atan(t);
    if sx == 1.0 && sy == 1.0 {
        return model.aligning_moment_tan_kept(&slip_input(c, s.omega, kappa, alpha), t, kept);
    }
    sy * model.aligning_moment_tan_kept(&slip_input(c, s.omega, kappa / sx, alpha), t, kept)
}

/// The slips the recorded aligning moment is asked at: the transient slips the patch's
/// deflections hold, `κ' = u/σx` and `α' = atan(v/σy)` (through [`model_alpha`]), with the
/// relaxation lengths `σ` scaled by the surface. Shared by [`aligning_moment`] and
/// [`simple_moment`] (the same expressions, so the same bits).
#[inline(always)]
fn moment_slips(r: &RelaxationParams, c: &ContactInput, s: &TireState) -> (f64, f64) {
    let tan_alpha = s.transient.v / (r.lateral_length * c.relaxation_scale);
    (
        s.transient.u / (r.longitudinal_length * c.relaxation_scale),
        model_alpha(c, tan_alpha),
    )
}

/// [`aligning_moment`] of the slip-curve tyre `sc`, bit for bit: the same slips, input and
/// grip scaling, the model's moment inlined ([`SlipCurveParams::aligning_moment_fields`], the
/// input's load fields without the whole input) rather than called through the trait object.
/// Out of line: the direct solve's moment takes [`terms_moment`]; this serves the coupled
/// solve's [`record`] and the rare contacts the slip curve's path leaves to the general one
/// (inlined, it made [`record`] too large for its own `atan` calls to stay inline: the
/// presets' coupled solve +0.1 k instructions a vehicle-step; callgrind, branch `slip-s37`).
#[inline(never)]
fn curve_moment(
    sc: &SlipCurveParams,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    kept: &mut KeptLoad,
) -> f64 {
    let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
    let (kappa, alpha) = moment_slips(r, c, s);
    if sx == 1.0 && sy == 1.0 {
        return sc.aligning_moment_fields(curve_fields(c), kappa, alpha, kept);
    }
    sy * sc.aligning_moment_fields(curve_fields(c), kappa / sx, alpha, kept)
}

/// [`curve_moment`] with the slip-curve tyre's load terms `u` its linearisation computed for
/// this contact (the same terms as kept ones, bit for bit: `Uncambered::aligning_moment`),
/// the model's `tan α_eff` taken from the transient slip `tan α' = v/σy` itself rather than
/// from `tan(atan(tan α'))` (the identity `tan(atan t) = t`: round-off,
/// [`Uncambered::aligning_moment_tan`]; the closed path runs without grip limits).
#[inline(always)]
fn terms_moment(u: &Uncambered<'_>, r: &RelaxationParams, c: &ContactInput, s: &TireState) -> f64 {
    let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
    if sx == 1.0 && sy == 1.0 {
        let tan_alpha = s.transient.v / (r.lateral_length * c.relaxation_scale);
        let kappa = s.transient.u / (r.longitudinal_length * c.relaxation_scale);
        return u.aligning_moment_tan(kappa, tan_alpha);
    }
    let (kappa, alpha) = moment_slips(r, c, s);
    sy * u.aligning_moment(kappa / sx, alpha)
}

/// [`aligning_moment`] of the simplified Magic Formula `sm`, bit for bit: the same slips and
/// grip scaling, the model asked directly ([`SimpleMagicParams::aligning_moment_fields`])
/// with the five load fields [`slip_input`] would give it (`c.load.max(0)`, the camber and the
/// surface's three scales) rather than a whole input built and passed through the trait
/// object (≈ 25 stores and a call through the vtable a wheel and substep).
#[inline]
fn simple_moment(
    sm: &SimpleMagicParams,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    kept: &mut KeptLoad,
) -> f64 {
    let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
    let (kappa, alpha) = moment_slips(r, c, s);
    let load = [
        c.load.max(0.0),
        c.camber,
        c.friction_scale,
        c.stiffness_scale,
        c.peak_slip_scale,
    ];
    if sx == 1.0 && sy == 1.0 {
        return sm.aligning_moment_fields(load, kappa, alpha, kept);
    }
    sy * sm.aligning_moment_fields(load, kappa / sx, alpha, kept)
}

/// The steady-state forces of `model` at the tire's current transient slips (for telemetry:
/// aligning, overturning and rolling moments).
pub fn moments(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
) -> SteadyForces {
    let tan_alpha = s.transient.v / (r.lateral_length * c.relaxation_scale);
    eval(
        model,
        c,
        s.omega,
        s.transient.u / (r.longitudinal_length * c.relaxation_scale),
        model_alpha(c, tan_alpha),
    )
}

#[cfg(test)]
mod tests;
