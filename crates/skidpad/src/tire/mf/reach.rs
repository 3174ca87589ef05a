//! Closed-form floors of the carcass's reach in slip for the full Magic Formula
//! ([`MfTire::lateral_reach_floor_with`], [`MfTire::longitudinal_reach_floor_with`]): the
//! contact solve's holds of a deflection against its slip (`tire::contact::patch`) evaluate
//! the reach (four model points) only for a deflection beyond `σ` times this.
//!
//! # What is bounded
//! The evaluated reach in slip is `F_slide/K` of four pure-slip points without grip limits
//! (`patch::axis`): laterally, with `f(t) = −Fy(κ = 0, α = atan t)` (N),
//!
//! ```text
//! K_α = (f(p) − f(−p))/(2p),   F_slide = ½·(f(1) − f(−1)),   p = SLOPE_PROBE = 10⁻⁴
//! ```
//! and longitudinally the same with `f(κ) = Fx(κ/s, α = 0)` (`s` the surface's peak-slip
//! scale). Where `K ≤ 0` the reach is `∞`; else it is `σ·max(0, F_slide)/K`. A lower bound
//! `F_lo > 0` of `F_slide` over an upper bound `K_hi` of `|K|` is therefore never above it.
//!
//! # Lateral
//! On a load whose combined-slip weights are exactly 1 (`unit_weights.rs`: limits on,
//! α* = α) `Fy(0, α) = 1·Fy0(α) + SVyκ(κ = 0)`, and `SVyκ` at κ = 0 is a signed zero
//! (`sin(RVY5·atan(RVY6·0))`, with DVyκ, RVY4–RVY6, λVyκ finite), so `Fy = Fy0`, with
//!
//! ```text
//! Fy0(α) = Dy·sin θ + SVy,   θ = Cy·atan(y),   y = (1 − Ey)·z + Ey·atan z,   z = By·(α + SHy)
//! ```
//! (4.E19–4.E30; `Ey` takes the sign of `α + SHy`, at most 1 with limits). The speed is at
//! least VXLOW (the common interface's evaluation), so no low-speed reduction scales α, and
//! the range `[ALPMIN, ALPMAX]` holds the probes `±atan p` and `[KPUMIN, KPUMAX]` holds
//! κ = 0 (else no floor), so `|α| ≤ p` at both probes and `α = ±π/4` clamped to the range
//! at `±1`.
//!
//! - **`F_slide`**: with `Dy > 0`, `0 < Cy ≤ 2` and `By < 0` (a tyre whose lateral force
//!   opposes its slip angle, `K_α > 0`), `α₊ + SHy > 0 > α₋ + SHy` puts `θ₊` in `(−π, 0)`
//!   and `θ₋` in `(0, π)`, so `SVy` cancels and `F_slide = ½·Dy·(|sin θ₊| + |sin θ₋|)`;
//!   each `|sin θ|` is bounded below as the longitudinal sliding floor bounds it
//!   (`floor.rs`'s polynomial `atan` and sine bounds, at `|z|` with that side's `Ey`).
//! - **`K_α`**: by the mean value theorem `|K_α| ≤ max |dFy0/dα|` over `|α| ≤ p` (the two
//!   probes are at most `2p` apart), and
//!   `|dFy0/dα| = Dy·|cos θ|·Cy/(1 + y²)·|By|·y′(z) ≤ Dy·Cy·|By|·Y` with
//!   `y′(z) = 1 − Ey·z²/(1 + z²)`: at most 1 for `0 ≤ Ey ≤ 1`, at most
//!   `1 + |Ey|·min(1, z²)` for `Ey < 0`, `|z| ≤ |By|·(p + |SHy|)`. So `Y = 1 +
//!   max(0, −min(Ey₊, Ey₋))·min(1, z_max²)`; `Dy·Cy·|By|` is `|Kyα|` to within the
//!   `εy` guard of `By`, the cornering stiffness.
//!
//! # Longitudinal
//! At α = 0 (within `[ALPMIN, ALPMAX]`) `Gxα`'s numerator and denominator are the same
//! bits, `Fx = 1·Fx0`. `F_slide`
//! is bounded below by the sliding floor at `κ = ±1/s`, α = 0 (`floor.rs`, whose `Fx0`
//! bound has the sign of `κ + SHx`: both must be positive and `κ₋ + SHx < 0 < κ₊ + SHx`),
//! `F_slide ≥ ½·(floor₊ + floor₋)`; `|K_x| ≤ Dx·Cx·Bx·Y/s` as above with `Ex₊`, `Ex₋` and
//! `z_max = Bx·(p/s + |SHx|)` (the limits' clamp and low-speed factor only bring the two
//! probes closer). `Vx ≥ 0` (else `Fx0` is mirrored).
//!
//! # Rounding
//! Each evaluated force is within `ε = 10⁻¹²·(D + |SV|)` of the formula at its computed
//! slip (`floor.rs`'s allowances, far above the few ulps of a sine and a sum), so
//! `F_lo = ½·D·(s₊ + s₋) − 2ε` and `K_hi = (D·C·|B|·Y + ε/p)·(1 + 10⁻⁹)`; the ratio is
//! lowered by a further 10⁻⁹ relative. The slips `±π/4 + SHy` are taken at least 10⁻³
//! from 0, so `atan(±1)`'s rounding (an ulp of π/4) moves `z` by under 10⁻¹², within
//! `floor.rs`'s relative allowance. 0 wherever a premise fails, which is always right.
//! On the sedan's file at 4000 N the floors are within 0.5 % of the evaluated reach, over
//! its loads, cambers and surfaces (friction scale from 0.3) within 11 % (the secant falls
//! below `D·C·B` as the curve bends at the shift); looser where the curve bends within the
//! probes (a friction scale near 0, a large shift), never above (tests).

use super::batch::MfLoad;
use super::floor::{ABS, HUGE, shape_sine_floor};
use super::model::MfTire;
use crate::tire::contact::SLOPE_PROBE;
use std::f64::consts::FRAC_PI_4;

/// Relative allowance on `K_hi` and on the ratio. Unit: 1.
const SLACK: f64 = 1e-9;

/// Least distance of the lateral sliding probes' `α + SHy` from 0. Unit: rad.
const EDGE: f64 = 1e-3;

impl MfTire {
    /// A lower bound of the lateral reach in slip, `F_slide/K_α` of
    /// `tire::contact::carcass_reach_y`'s four evaluations, from a batch's load terms
    /// (module docs); 0 where it cannot be shown. Unit: 1.
    pub(crate) fn lateral_reach_floor_with(&self, load: &MfLoad) -> f64 {
        let c = &self.coefficients;
        let (cm, op, l, lk) = (&load.cm, &load.op, &load.ly, &load.lk);
        let bounded = |v: f64| v.abs() < HUGE;
        // Fy(κ = 0) is Fy0: unit weights and a zero SVyκ.
        let fy_is_fy0 = load.unit_weights
            && bounded(lk.dvyk_load)
            && bounded(c.rvy4)
            && bounded(c.rvy5)
            && bounded(c.rvy6)
            && bounded(c.lvyka)
            && bounded(op.red);
        // The probes' α reach the curve unscaled, `±atan p` within the range, κ = 0 too.
        let unscaled = !(c.vxlow > 0.0 && cm.vx.abs() < c.vxlow)
            && c.alpmin <= -SLOPE_PROBE
            && c.alpmax >= SLOPE_PROBE
            && c.kpumin <= 0.0
            && c.kpumax >= 0.0;
        let shaped = l.dy > 0.0
            && l.dy < HUGE
            && l.by < 0.0
            && l.by > -HUGE
            && l.cy > 0.0
            && l.cy <= 2.0
            && bounded(l.svy)
            && bounded(l.shy);
        if !(fy_is_fy0 && unscaled && shaped) {
            return 0.0;
        }
        // Ey on either side of α + SHy = 0, as `fy_pure` computes it.
        let e_at = |sign: f64| {
            let e = l.ey_load * (l.ey_camber - l.ey_sign * sign) * c.ley;
            if op.clamp_e { e.min(1.0) } else { e }
        };
        let (e_pos, e_neg) = (e_at(1.0), e_at(-1.0));
        let (a_pos, a_neg) = (
            FRAC_PI_4.min(c.alpmax) + l.shy,
            (-FRAC_PI_4).max(c.alpmin) + l.shy,
        );
        if !(a_pos > EDGE && a_neg < -EDGE) {
            return 0.0;
        }
        let b = -l.by;
        let sines = (
            sine_floor(l.cy, e_pos, b * a_pos),
            sine_floor(l.cy, e_neg, -b * a_neg),
        );
        let (Some(s_pos), Some(s_neg)) = sines else {
            return 0.0;
        };
        let err = ABS * (l.dy + l.svy.abs());
        let slide = 0.5 * l.dy * (s_pos + s_neg) - 2.0 * err;
        let z = b * (SLOPE_PROBE + l.shy.abs());
        let k =
            (l.dy * l.cy * b * slope_factor(e_pos, e_neg, z) + err / SLOPE_PROBE) * (1.0 + SLACK);
        ratio(slide, k)
    }

    /// A lower bound of the longitudinal reach in slip, `F_slide,x/K_x` of
    /// `tire::contact::carcass_reach_x`'s four evaluations, from a batch's load terms at the
    /// surface's peak-slip scale `kappa_scale` (module docs); 0 where it cannot be shown.
    /// Unit: 1.
    pub(crate) fn longitudinal_reach_floor_with(&self, load: &MfLoad, kappa_scale: f64) -> f64 {
        let c = &self.coefficients;
        let (cm, op, l) = (&load.cm, &load.op, &load.lx);
        let probe = SLOPE_PROBE / kappa_scale;
        // α = 0 within the range (so Gxα is x/x = 1 at every κ), Vx ≥ 0 (Fx0 not mirrored).
        let shaped = c.alpmin <= 0.0
            && c.alpmax >= 0.0
            && op.vx >= 0.0
            && l.dx > 0.0
            && l.dx < HUGE
            && l.bx > 0.0
            && l.bx < HUGE
            && l.cx > 0.0
            && l.cx <= 2.0
            && l.svx.abs() < HUGE
            && l.shx.abs() < HUGE
            && (0.0..HUGE).contains(&probe);
        if !shaped {
            return 0.0;
        }
        // The sliding probes' κ after the limits, on either side of κ + SHx = 0.
        let mut flag = false;
        let k_pos = self.limited_kappa(cm, 1.0 / kappa_scale, &mut flag);
        let k_neg = self.limited_kappa(cm, -1.0 / kappa_scale, &mut flag);
        if !(k_pos + l.shx > 0.0 && k_neg + l.shx < 0.0) {
            return 0.0;
        }
        let (f_pos, f_neg) = (
            self.floor_at(cm, op, l, 1.0 / kappa_scale, 0.0),
            self.floor_at(cm, op, l, -1.0 / kappa_scale, 0.0),
        );
        if !(f_pos > 0.0 && f_neg > 0.0) {
            return 0.0;
        }
        // Ex on either side of κ + SHx = 0, as `fx_pure` computes it.
        let e_at = |sign: f64| {
            let e = l.ex_load * (1.0 - c.pex4 * sign) * c.lex;
            if op.clamp_e { e.min(1.0) } else { e }
        };
        let err = ABS * (l.dx + l.svx.abs());
        let slide = 0.5 * (f_pos + f_neg) - 2.0 * err;
        let z = l.bx * (probe * (1.0 + SLACK) + l.shx.abs());
        let slope = l.dx * l.cx * l.bx * slope_factor(e_at(1.0), e_at(-1.0), z) / kappa_scale;
        ratio(slide, (slope + err / SLOPE_PROBE) * (1.0 + SLACK))
    }
}

/// [`shape_sine_floor`] at a finite `z ≥ 0` and `E ≤ 1`, else `None`.
fn sine_floor(c: f64, e: f64, z: f64) -> Option<f64> {
    if (-HUGE..=1.0).contains(&e) && (0.0..HUGE).contains(&z) {
        shape_sine_floor(c, e, z)
    } else {
        None
    }
}

/// `Y`, the most `y′(z) = 1 − E·z²/(1 + z²)` reaches for `|z| ≤ z_max` and `E` either of
/// `e1`, `e2`: `1 + max(0, −E)·min(1, z_max²)` (module docs). `∞` (the ratio is then 0)
/// for an `E` above 1 or a `NaN`.
fn slope_factor(e1: f64, e2: f64, z_max: f64) -> f64 {
    let worst = (-e1).max(-e2).max(0.0);
    let y = 1.0 + worst * (z_max * z_max).min(1.0);
    if y.is_nan() || e1.is_nan() || e2.is_nan() || e1 > 1.0 || e2 > 1.0 {
        f64::INFINITY
    } else {
        y
    }
}

/// `slide/k` lowered by [`SLACK`], or 0 unless it is a positive finite number.
fn ratio(slide: f64, k: f64) -> f64 {
    let r = slide / k * (1.0 - SLACK);
    if r.is_finite() && r > 0.0 { r } else { 0.0 }
}

#[cfg(test)]
mod tests;
