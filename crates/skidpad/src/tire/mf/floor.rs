//! A closed-form lower bound of the Magic Formula's `|Fx|` at one slip point
//! ([`MfTire::sliding_floor`]), for the contact solve's force limit
//! ([`TireModel::sliding_fx_floor`](crate::tire::TireModel::sliding_fx_floor)): the solve
//! evaluates its sliding probe `(κ = ±1, α_p)` only for a force longer than this bound.
//!
//! # The bound
//! `Fx = Gxα·Fx0` (module [`mf`](super) docs). With the load terms `Dx`, `Bx`, `Cx`, `SHx`,
//! `SVx`, `Ex` computed exactly as the batch computes them (same functions, same bits), the
//! slips after the same limits, and `z = Bx·|κ + SHx|`:
//!
//! ```text
//! |Fx0| = |sgn(x)·Dx·|sin θ| + SVx| ≥ Dx·|sin θ| + sgn(x)·SVx
//! θ = Cx·atan(y),   y = (1 − Ex)·z + Ex·atan z
//! ```
//! `y` rises with `atan z` when `Ex ≥ 0` and falls with it when `Ex < 0`, so bounds
//! `L(z) ≤ atan z ≤ U(z)` ([`atan_bounds`]) bound `y`, then `θ ∈ [θ_lo, θ_hi]`. For `Ex ≤ 1`,
//! `0 < Cx ≤ 2` and `θ_hi ≤ π` the sine is concave over the interval, so
//! `sin θ ≥ min(sin θ_lo, sin θ_hi)`, each bounded below by its Taylor polynomial
//! ([`sin_floor`]). Past the peak (`θ_lo ≥ π/2`, every tyre at κ = ±1) that is
//! `sin θ_hi`, within 10⁻⁴ of the sliding force `Dx·sin(Cx·atan y)`, above the coarser
//! `Dx·sin(Cx·π/2)` of the limit `y → ∞`.
//!
//! The combined weight `Gxα = cos(Cxα·atan w)/cos(Cxα·atan w₀)` with
//! `w = (1 − Exα)·b + Exα·atan b`, `b = Bxα·(α* + SHxα)`, `w₀` the same at `α* = 0`:
//! `|Bxα| ≤ |(RBX1 + RBX3·γ²)·λxα|` (its `cos(atan ·)` factor is at most 1), `|w|` rises
//! with `|b|` for `Exα ≤ 1`, so `|Cxα·atan w| ≤ A = |Cxα|·U(|w|max)` and, for `A < π/2`,
//! `cos(…) ≥ cos A ≥` its Taylor polynomial cut after `−A¹⁰/10!` ([`cos_floor`]). With the
//! denominator in `(0, 1]` (its own angle below π/2), `Gxα ≥ cos A`; at `α* = 0` numerator
//! and denominator are the same bits, `Gxα = 1`. `Cxα = 0` (no combined-slip data, e.g.
//! `Sedan_Pac02Tire.tir`) gives `Gxα = 1` exactly ([`super::model`]'s `mf_cos`).
//!
//! No `atan`, `sin` or `cos` is evaluated: the bound costs the load terms (`exp` of Kxκ)
//! and a few polynomials.
//!
//! # The coarse floor ([`MfTire::coarse_floor_with`])
//! What the contact solve asks first
//! ([`TireModel::sliding_fx_bound_kept`](crate::tire::TireModel::sliding_fx_bound_kept)): a looser bound
//! of the same `|Fx|` without the `atan` bounds, for a load whose combined-slip weights are
//! exactly 1 (`Fx = 1·Fx0`, `unit_weights.rs`). With `Ex ≤ 1`, `y ≥ atan z` for `z ≥ 0`
//! (for `0 ≤ Ex ≤ 1` `y` lies between `atan z` and `z`, for `Ex < 0`
//! `y = z + |Ex|·(z − atan z) ≥ z`), so at `z ≥ 1`
//!
//! ```text
//! θ = Cx·atan y ≥ Cx·atan(atan 1) = Cx·atan(π/4) ≥ 1.41 × 0.6657 = 0.9387   (Cx ≥ 1.41)
//! θ ≤ Cx·π/2 ≤ π                                                               (Cx ≤ 2)
//! ```
//! and `π − Cx·π/2 ≤ 0.9268 < 0.9387`: `θ` lies in `[π − Cx·π/2, Cx·π/2]`, where the
//! concave sine is at least `sin(Cx·π/2)` (the limit `y → ∞`, the sliding force's lower
//! end). So `|Fx0| ≥ Dx·sin(Cx·π/2) − |SVx|`, with [`sin_floor`] at `Cx·π/2·(1 + 10⁻¹²)` and
//! the allowances above (the 0.0119 rad between the two angles exceeds any rounding of
//! `y` and `θ` by ten orders). For the sedan's file (Cx = 1.6411) that is 0.534·Dx, about
//! 80 % of the sliding force. A force within it needs no other part of the limit; one beyond
//! it takes the full limit (the sliding probes), whichever bound was asked: the solve's
//! results are the same bits (`tire::contact`'s lazy clamp).
//!
//! # Rounding
//! The computed force differs from the exact formula by a few ulps of each term. The
//! bound leaves for it 10⁻¹² relative on `y`, `θ` and the weight's angles, 10⁻¹² absolute
//! on the sine and cosine (≥ 10³ ulps of `Dx`; likewise 10⁻¹²·|SVx| for `SVx`'s rounding),
//! and 10⁻⁹ relative on the result. Where a premise fails (shapes outside
//! the ranges above, `Dx ≤ 0`, `Bx ≤ 0`, a non-finite term, LMUV ≠ 0 or limits off: the
//! batch's own premises, see `batch.rs`) the bound is 0, which is always right.

use super::batch::{Common, MfLoad};
use super::forces::FxLoad;
use super::model::{MfInput, MfTire, Op, sgn0};
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

/// Relative allowance for rounding on `y`, `θ` and the weight's angles. Unit: 1.
pub(super) const REL: f64 = 1e-12;
/// Absolute allowance on a sine or cosine. Unit: 1.
pub(super) const ABS: f64 = 1e-12;
/// Relative allowance on the result. Unit: 1.
const RESULT: f64 = 1e-9;
/// Smallest shape factor `Cx` the coarse floor takes (module docs: above 1.4048 the sine's
/// angle at `z ≥ 1` stays above `π − Cx·π/2`). Unit: 1.
const COARSE_MIN_CX: f64 = 1.41;
/// Largest magnitude of `Dx`, `SVx` and the weight's terms the bound accepts (keeps every
/// product finite). Unit: N or 1.
pub(super) const HUGE: f64 = 1e100;

impl MfTire {
    /// A lower bound of `|Fx|` of [`MfTire::forces_batch`] at `common` with the slips
    /// `(κ/kappa_scale, α)` (`need` both), rounding included; 0 where it cannot be shown
    /// (module docs). Unit: N.
    pub(crate) fn sliding_floor(
        &self,
        common: MfInput,
        kappa_scale: f64,
        kappa: f64,
        alpha: f64,
    ) -> f64 {
        if !self.shares_load_terms(&common) {
            return 0.0;
        }
        let mut cl = super::MfClamped::default();
        let Some(cm) = self.limited_common(&common, &mut cl) else {
            return 0.0;
        };
        let op = self.common_point(&cm);
        let lx = self.fx_load(&op);
        self.floor_at(&cm, &op, &lx, kappa / kappa_scale, alpha)
    }

    /// [`MfTire::sliding_floor`] from a shared batch's load terms (at the load they are
    /// for).
    pub(crate) fn sliding_floor_with(
        &self,
        load: &MfLoad,
        kappa_scale: f64,
        kappa: f64,
        alpha: f64,
    ) -> f64 {
        self.floor_at(&load.cm, &load.op, &load.lx, kappa / kappa_scale, alpha)
    }

    /// The coarse floor of `|Fx|` at `κ` (before the limits; any α) from a shared batch's
    /// load terms: `(Dx·(sin(Cx·π/2) − ABS) − |SVx|·(1 + ABS))·(1 − RESULT)` (module docs),
    /// or 0 where a premise fails (weights not exactly 1, `Cx` outside `[1.41, 2]`, `Ex > 1`,
    /// `z = Bx·|κ + SHx| < 1`, `Dx ≤ 0`, a term not finite or huge). Unit: N.
    pub(crate) fn coarse_floor_with(&self, load: &MfLoad, kappa: f64) -> f64 {
        let (l, c) = (&load.lx, &self.coefficients);
        if !load.unit_weights {
            return 0.0;
        }
        let mut flag = false;
        let kappa = self.limited_kappa(&load.cm, kappa, &mut flag);
        // As `fx_pure` computes them.
        let x = kappa + l.shx;
        let mut ex = l.ex_load * (1.0 - c.pex4 * sgn0(x)) * c.lex;
        if load.op.clamp_e {
            ex = ex.min(1.0);
        }
        let z = (l.bx * x).abs();
        let shaped = l.dx > 0.0
            && l.dx < HUGE
            && l.svx.abs() < HUGE
            && (COARSE_MIN_CX..=2.0).contains(&l.cx)
            && (-HUGE..=1.0).contains(&ex)
            && (1.0..HUGE).contains(&z);
        if !shaped {
            return 0.0;
        }
        let sine = sin_floor(l.cx * FRAC_PI_2 * (1.0 + REL));
        let floor = (l.dx * (sine - ABS) - l.svx.abs() * (1.0 + ABS)) * (1.0 - RESULT);
        if floor > 0.0 { floor } else { 0.0 }
    }

    /// The floor at the slips `(κ, α)` before the limits.
    pub(super) fn floor_at(
        &self,
        cm: &Common,
        op: &Op,
        lx: &FxLoad,
        kappa: f64,
        alpha: f64,
    ) -> f64 {
        let mut flag = false;
        let kappa = self.limited_kappa(cm, kappa, &mut flag);
        let alpha = self.limited_alpha(cm, alpha, &mut flag);
        let weight = self.gxa_floor(lx, self.alpha_star(alpha, op.vx));
        if weight <= 0.0 {
            return 0.0;
        }
        let floor = weight * self.fx0_floor(op.clamp_e, lx, kappa) * (1.0 - RESULT);
        if floor.is_finite() && floor > 0.0 {
            floor
        } else {
            0.0
        }
    }

    /// A lower bound of `|Fx0|` at κ (after the limits), or 0.
    fn fx0_floor(&self, clamp_e: bool, l: &FxLoad, kappa: f64) -> f64 {
        let c = &self.coefficients;
        // As `fx_pure` computes them.
        let x = kappa + l.shx;
        let mut ex = l.ex_load * (1.0 - c.pex4 * sgn0(x)) * c.lex;
        if clamp_e {
            ex = ex.min(1.0);
        }
        let shaped = l.dx > 0.0
            && l.dx < HUGE
            && l.svx.abs() < HUGE
            && l.bx > 0.0
            && l.cx > 0.0
            && l.cx <= 2.0
            && (-HUGE..=1.0).contains(&ex);
        let z = (l.bx * x).abs();
        if !shaped || !(0.0..HUGE).contains(&z) {
            return 0.0;
        }
        let Some(sine) = shape_sine_floor(l.cx, ex, z) else {
            return 0.0;
        };
        // Fx0 = sgn(x)·Dx·|sin θ| + SVx, so |Fx0| ≥ Dx·|sin θ| + sgn(x)·SVx.
        let svx = if x < 0.0 { -l.svx } else { l.svx };
        (l.dx * (sine - ABS) + svx - ABS * l.svx.abs()).max(0.0)
    }

    /// A lower bound of `Gxα` at α* (in `[0, 1]`), or 0.
    fn gxa_floor(&self, l: &FxLoad, alpha_s: f64) -> f64 {
        let c = &self.coefficients;
        // |Bxα| ≤ |(RBX1 + RBX3·γ²)·λxα|.
        let b = (l.bxa_load * c.lxal).abs();
        let e = l.exa;
        let alpha_s_x = alpha_s + l.shxa;
        let (bx, bx0) = (b * alpha_s_x.abs(), b * l.shxa.abs());
        let finite = |v: f64| (0.0..HUGE).contains(&v);
        if !(finite(bx) && finite(bx0) && (-HUGE..=1.0).contains(&e)) {
            return 0.0;
        }
        if l.cxa == 0.0 {
            // `mf_cos` is exactly 1 for both kernels (B·x and E finite): Gxα = 1/1.
            return 1.0;
        }
        // The denominator must be positive (it is at most 1).
        let a0 = angle_bound(l.cxa, e, bx0);
        if !((0.0..FRAC_PI_2).contains(&a0) && cos_floor(a0) - ABS > 0.0) {
            return 0.0;
        }
        if alpha_s_x.to_bits() == l.shxa.to_bits() {
            // α* = 0: the numerator is the denominator's bits, Gxα = 1.
            return 1.0;
        }
        let a = angle_bound(l.cxa, e, bx);
        if !(0.0..FRAC_PI_2).contains(&a) {
            return 0.0;
        }
        (cos_floor(a) - ABS).max(0.0)
    }
}

/// A lower bound of `|sin θ|`, `θ = C·atan y`, `y = (1 − E)·z + E·atan z`, at `z ≥ 0` for
/// `E ≤ 1` and `0 < C` (module docs, rounding of `z`, `y` and `θ` included; not of the
/// sine itself), or `None` where `θ` may pass π. Inlined: out of line the sliding floor
/// cost ≈ 250 instructions more a vehicle-step (callgrind, the bench's MF car).
#[inline(always)]
pub(super) fn shape_sine_floor(c: f64, e: f64, z: f64) -> Option<f64> {
    let (at_lo, at_hi) = atan_bounds(z);
    let (a_lo, a_hi) = if e >= 0.0 {
        (at_lo, at_hi)
    } else {
        (at_hi, at_lo)
    };
    let margin = REL * (1.0 + e.abs()) * (z + 2.0);
    let y_lo = ((1.0 - e) * z + e * a_lo - margin).max(0.0);
    let y_hi = (1.0 - e) * z + e * a_hi + margin;
    let theta_lo = c * atan_bounds(y_lo).0 * (1.0 - REL);
    let theta_hi = c * atan_bounds(y_hi).1 * (1.0 + REL);
    if !(0.0..=PI).contains(&theta_hi) {
        return None;
    }
    // The sine is concave on [0, π]: its least over [θ_lo, θ_hi] is at an end.
    Some(if theta_lo >= FRAC_PI_2 {
        sin_floor(theta_hi)
    } else if theta_hi <= FRAC_PI_2 {
        sin_floor(theta_lo)
    } else {
        sin_floor(theta_lo).min(sin_floor(theta_hi))
    })
}

/// An upper bound of `|C·atan w|`, `w = (1 − E)·b + E·atan b`, over `|b| ≤ bx` for `E ≤ 1`
/// (`|w|` rises with `|b|`), rounding included.
fn angle_bound(c: f64, e: f64, bx: f64) -> f64 {
    let (lo, hi) = atan_bounds(bx);
    let w =
        (1.0 - e) * bx + e * if e >= 0.0 { hi } else { lo } + REL * (1.0 + e.abs()) * (bx + 2.0);
    c.abs() * atan_bounds(w).1 * (1.0 + REL)
}

/// `(L, U)` with `L ≤ atan z ≤ U` for `z ≥ 0` (in exact arithmetic; within a few ulps as
/// computed), at most 4.5·10⁻⁵ apart: the alternating series `t − t³/3 + …`, cut after
/// `−t¹¹/11` (`L`) and after `t⁹/9` (`U`), on `t ≤ 1/2`, reached by `atan z = π/4 + atan((z − 1)/(z + 1))` on `(1/2, 2)` (`|t| ≤ 1/3`)
/// and `atan z = π/2 − atan(1/z)` from 2 up.
pub(super) fn atan_bounds(z: f64) -> (f64, f64) {
    // Terms decrease for |t| ≤ 1, so each cut of the alternating series bounds it.
    let series = |t: f64| {
        let t2 = t * t;
        let lo = t * (1.0 - t2 * (1.0 / 3.0 - t2 * (1.0 / 5.0 - t2 * (1.0 / 7.0 - t2 / 9.0))))
            - t * t2 * t2 * t2 * t2 * t2 / 11.0;
        (lo, lo + t * t2 * t2 * t2 * t2 * t2 / 11.0)
    };
    if z <= 0.5 {
        series(z)
    } else if z < 2.0 {
        // t ≤ 0 here below 1: atan t = −atan|t| swaps the bounds.
        let t = (z - 1.0) / (z + 1.0);
        let (lo, hi) = series(t.abs());
        if t >= 0.0 {
            (FRAC_PI_4 + lo, FRAC_PI_4 + hi)
        } else {
            (FRAC_PI_4 - hi, FRAC_PI_4 - lo)
        }
    } else {
        let (lo, hi) = series(1.0 / z);
        (FRAC_PI_2 - hi, FRAC_PI_2 - lo)
    }
}

/// A lower bound of `sin θ` for `θ ∈ [0, π]`: the sine's Taylor series at
/// `u = min(θ, π − θ) ≤ π/2` cut after `−u¹¹/11!` (alternating with falling terms; within
/// 6·10⁻⁸).
pub(super) fn sin_floor(theta: f64) -> f64 {
    let u = theta.min(PI - theta);
    let u2 = u * u;
    u * (1.0
        - u2 / 6.0 * (1.0 - u2 / 20.0 * (1.0 - u2 / 42.0 * (1.0 - u2 / 72.0 * (1.0 - u2 / 110.0)))))
}

/// A lower bound of `cos a` for `a ∈ [0, π/2]`: the cosine's Taylor series cut after
/// `−a¹⁰/10!` (within 5·10⁻⁷).
pub(super) fn cos_floor(a: f64) -> f64 {
    let a2 = a * a;
    1.0 - a2 / 2.0 * (1.0 - a2 / 12.0 * (1.0 - a2 / 30.0 * (1.0 - a2 / 56.0 * (1.0 - a2 / 90.0))))
}

#[cfg(test)]
mod tests;
