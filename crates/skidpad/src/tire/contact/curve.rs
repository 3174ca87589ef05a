//! The contact solve's linearisation ([`super`]'s module docs) for the slip-curve tyre
//! ([`SlipCurveParams`]) without the batch: its points asked one at a time
//! ([`Uncambered`]), at `tan α'` itself (round-off).
//!
//! The general path ([`linearize_with`] in [`LimitMode::Lazy`]) lists up to nine points in
//! one [`TireModel::forces_at`] batch: the start slips `(κ₀, α₀)`, the zero-slip points
//! `(0, α₀)` and `(κ₀, 0)`, the central differences `(±p, α₀)` and `(κ₀, atan(±p))` within the
//! probe `p` of zero slip ([`super::SLOPE_PROBE`]), and, where the model's sliding floor is 0,
//! the predicted slips `(κ_p, α_p)`; the slip angles are `atan` of the transient slips
//! (`α₀ = atan(tan α₀')`, `α_p = atan(tan α_p')`), and the model takes `tan α` of them again.
//! Here, for a tyre without a camber shift and without grip limits:
//!
//! - each point is the model's force at it, the batch's very arithmetic
//!   ([`Uncambered::force`]), but at `tan α = tan α'` itself rather than
//!   `tan(atan(tan α'))` (the identity `tan(atan t) = t`, the model's clamp of `α` to
//!   ±1.5 rad as `tan α'` clamped to `±tan 1.5`: [`Uncambered::tan_of`]): no `atan`, no
//!   `tan`. Our `tan(atan t)` differs from `t` by round-off only (0 of 2·10⁶ seeded draws
//!   below `|t| = 10⁻⁴`, 9 % up to 0.3, ≤ 35 ulp up to the clamp; branch `slip-s37`), so
//!   the secants and the patch's response are the general path's to round-off
//!   (`curve_tests.rs`); the recorded aligning moment likewise (`record.rs`,
//!   `terms_moment`);
//! - each central difference takes one point: its mirror image is the force negated, exactly
//!   (`slip_curve/linear.rs`); `tan(atan(±p))` is `±p` itself ([`TAN_PROBE`], tested);
//! - the force limit's lower bound, the model's floor of `|Fx(±1, α_p)|`, is taken from
//!   `tan α_p'` itself ([`Uncambered::sliding_fx_floor_tan`]): no `atan`. It is only a lower
//!   bound of the limit: the lazy clamp ([`super::LazyClamp`]) gives the same force with any
//!   bound at most the limit, and the limit itself ([`SlideProbes::limit`]) is the general
//!   path's, evaluated when a force reaches the bound.
//!
//! So a step's forces, spin and deflections are the general path's to round-off
//! (`curve_tests.rs`: each within 10⁻¹² of its size, a force of its size or 1 N, over 32 000
//! seeded contacts; the largest difference found 10⁻¹³). Cost:
//! PERFORMANCE.md, branches `slip-s37` (the points one at a time, bit for bit) and `fc-s38`
//! (at `tan α'`).

use super::limit::SlideProbes;
use super::{LimitMode, SLOPE_PROBE, Slips, TransientLinear, linearize_with, patch_response};
use crate::math::finite;
use crate::tire::SlipCurveParams;
use crate::tire::interface::{KeptLoad, TireModel};
use crate::tire::model::ContactInput;
use crate::tire::slip_curve::Uncambered;
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;

/// `tan(atan(p))` of the tyres' own `atan` and `tan` (`crate::tire::trig`) at the slope probe
/// `p =` [`SLOPE_PROBE`], the model's `tan α` at the batch's lateral probe: `p` itself, bit
/// for bit (test `the_probes_tangent_is_the_trig_functions`).
pub(super) const TAN_PROBE: f64 = SLOPE_PROBE;

/// The slip-curve tyre's load and surface fields of [`super::slip_input`]`(c, …)`
/// ([`crate::tire::interface::CurveFields`]), without the whole input.
#[inline(always)]
pub(super) fn curve_fields(c: &ContactInput) -> [f64; 7] {
    [
        c.load.max(0.0),
        c.rest_load,
        c.camber,
        c.gravity,
        c.friction_scale,
        c.stiffness_scale,
        c.peak_slip_scale,
    ]
}

/// [`linearize_with`] in [`LimitMode::Lazy`] for the slip-curve tyre `sc` (`model` is the same
/// tyre behind the trait), with the same forces (module docs); the general path itself with
/// grip limits, a camber shift or non-finite slips. Inlined into the solves. With the tyre's
/// load terms where it took the path without the batch (not kept in `kept`: the direct solve
/// hands them to its recorded moment).
#[inline(always)]
pub(crate) fn linearize_slip_curve<'a>(
    sc: &'a SlipCurveParams,
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
    kept: &mut KeptLoad,
) -> (TransientLinear, Option<SlideProbes>, Option<Uncambered<'a>>) {
    if c.load.max(0.0) <= 0.0 {
        return (TransientLinear::default(), None, None);
    }
    let st = Slips::new(r, c, s, dt);
    if c.grip_x == 1.0
        && c.lateral_grip_limit() == 1.0
        && finite(st.k0)
        && finite(st.t0)
        && finite(st.kp)
        && finite(st.tp)
        && let Some(m) = sc.uncambered_at(curve_fields(c))
    {
        let (lin, probes) = linearize(&m, r, c, dt, &st);
        return (lin, probes, Some(m));
    }
    let (lin, probes) = linearize_with(model, r, c, s, dt, LimitMode::Lazy, kept);
    (lin, probes, None)
}

/// The closed path of [`linearize_slip_curve`] for finite slips `st` without grip limits.
#[inline(always)]
fn linearize(
    m: &Uncambered<'_>,
    r: &RelaxationParams,
    c: &ContactInput,
    dt: f64,
    st: &Slips,
) -> (TransientLinear, Option<SlideProbes>) {
    let (k0, t0) = (st.k0, st.t0);
    // The model's `tan α₀` at `α₀ = atan(tan α₀')` (unit grip limits: `model_alpha`), from
    // `tan α₀'` itself (`tan(atan t) = t`: round-off, module docs).
    let ta0 = Uncambered::tan_of(t0);
    // With the zero-slip points, as `SlopePoints` lists them: `(+0, α₀)` and `(κ₀, +0)`.
    let [f0x, f0y, fx_zero, fy_zero] = m.start(k0, ta0);
    // The secants through them, or central differences within the probe (`SlopePoints::read`).
    let kx = if k0.abs() > SLOPE_PROBE {
        (f0x - fx_zero) / k0
    } else {
        let (p, n) = m.fx_pair(SLOPE_PROBE, ta0);
        (p - n) / (2.0 * SLOPE_PROBE)
    }
    .max(0.0);
    let ky = if t0.abs() > SLOPE_PROBE {
        -(f0y - fy_zero) / t0
    } else {
        let (p, n) = m.fy_pair(k0, TAN_PROBE);
        -(p - n) / (2.0 * SLOPE_PROBE)
    }
    .max(0.0);
    let (fx0, dfx_domega, fy) = patch_response(
        r,
        c,
        dt,
        [kx / st.sx, ky / st.sy],
        [st.ax, st.ay],
        [st.u, st.v],
        st.slip_v,
        [fx_zero, fy_zero],
    );
    let floor = m.sliding_fx_floor_tan(if st.kp < 0.0 { -1.0 } else { 1.0 }, st.tp);
    // Without a floor, `|F(κ_p, α_p)|` bounds the limit (the general path's predicted point).
    let pred = (floor <= 0.0).then(|| {
        let (fx, fy) = m.force(st.kp, Uncambered::tan_of(st.tp));
        crate::tire::norm::norm(fx, fy)
    });
    SlideProbes::lazy_linear(st, (fx0, dfx_domega, fy), floor, pred)
}
