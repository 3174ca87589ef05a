//! The simplified Magic Formula's lower bound of the lateral carcass reach's slip
//! ([`TireModel::lateral_reach_floor`](crate::tire::TireModel::lateral_reach_floor)): the
//! ratio `F_slide/K_α` the contact solve evaluates from four points of pure lateral slip
//! (`tan α = ±10⁻⁴` for the secant `K_α`, `±1` for the sliding force), bounded in closed
//! form so the holds of a deflection against its slip skip those evaluations for a
//! deflection within it (`tire::contact`'s patch module).
//!
//! # The bound
//! At pure lateral slip (`κ = 0`, no camber shift) the force is `D·y(|α|)` with the unit
//! curve `y(x) = sin(C·atan z)`, `z = B·x − E·(B·x − atan B·x)`, and `D` cancels from the
//! ratio.
//! - The secant: `z ≥ 0` (`E ≤ 1`), `sin θ ≤ θ` and `atan z ≤ z`, so `y(x) ≤ C·z`, and
//!   `z ≤ B·x·(1 + max(0, −E)·(B·x)²/3)` (`B·x − atan B·x ≤ (B·x)³/3`): at the probe
//!   `x ≤ 10⁻⁴`, `K_α ≤ D·B·C·(1 + max(0, −E)·(B·10⁻⁴)²/3)`.
//! - The sliding force: past the peak slip `α_m` (`C·atan z = π/2`) `z` still grows
//!   (`dz/dx = B·(1 − E + E/(1 + B²x²)) > 0`) and `C·atan z` stays in `(π/2, C·π/2)`, where
//!   the sine falls, so `y(x) ≥ sin(C·π/2)` for `x ≥ α_m`; with `α_m < 0.78 < atan 1`,
//!   `F_slide ≥ D·sin(C·π/2)`.
//!
//! So `F_slide/K_α ≥ sin(C·π/2)/(B·C·(1 + max(0, −E)·(B·10⁻⁴)²/3))`. Rounding: the curve's
//! value within a few 10⁻¹⁶ (the `atan`s and `sin` within 1 ulp; `|E| ≤ 100` keeps
//! `B·x − atan B·x`'s cancellation below 10⁻¹⁴ of `z`) against the sine's margin 10⁻¹²,
//! the ratio's products and quotients within a few ulps against the margin 10⁻⁹. The
//! default tyre (`B = 12`, `C = 1.3`, `E = −0.5`): 0.0571 against the evaluated 0.0596.

use super::{MagicCurve, PeakRoots, Prepared, SimpleMagicParams};
use crate::tire::contact::SLOPE_PROBE;

impl SimpleMagicParams {
    /// The module's bound at the load terms `p`; 0 where a premise fails (a camber shift,
    /// no grip, `C ∉ (1, 2)`, `E ∉ [−100, 1]`, `B ∉ (0, 10⁶)`, a peak slip from 0.78 rad).
    pub(super) fn reach_floor_with(&self, p: &Prepared) -> f64 {
        let MagicCurve { b, c, e } = p.lat;
        let shaped = c > 1.0 && c < 2.0 && (-100.0..=1.0).contains(&e) && b > 0.0 && b < 1e6;
        let grip = p.d > 0.0 && p.d < f64::INFINITY;
        let peak = p.am * (1.0 + 1e-9) < 0.78;
        if !(shaped && grip && peak) || p.alpha_camber.is_some_and(|a| a != 0.0) {
            return 0.0;
        }
        let sliding = PeakRoots::sliding_of(self.peak_roots.lat_sliding, c) - 1e-12;
        let bp = b * SLOPE_PROBE;
        let slope = b * c * (1.0 + (-e).max(0.0) * bp * bp / 3.0);
        let ratio = sliding / slope * (1.0 - 1e-9);
        if ratio > 0.0 { ratio } else { 0.0 }
    }
}
