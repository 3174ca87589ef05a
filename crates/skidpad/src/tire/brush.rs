//! The brush tire (Fiala type, isotropic, parabolic pressure): adhesion and sliding zones of a
//! contact patch whose length follows from load and inflation pressure.
//!
//! # Model (Pacejka, *Tire and Vehicle Dynamics*, 3rd ed., §3.2.2–3.2.4; Fiala 1954)
//! ```text
//! 2a   = F_z / (p·w)                           patch length: uniform pressure p over width w
//! C    = 2·c_p·a²                              slip stiffness (both directions, isotropic bristles)
//! κ_s  = κ/s_p                                 s_p the surface peak-slip scale
//! tan α_γ = tan α + (a/(3R))·sin γ             camber as an equivalent slip angle (below)
//! σx   = κ_s/(1+κ_s),  σy = tan α_γ/(1+κ_s),  σ = |σ|   theoretical slip
//! θ    = C / (3µF_z)
//! |F|  = µF_z·(3θσ − 3(θσ)² + (θσ)³)            θσ < 1 (adhesion + sliding)
//!      = µF_z                                   θσ ≥ 1 (full sliding)
//! Fx   = |F|·σx/σ,   Fy = −|F|·σy/σ
//! t    = (a/3)·(1 − 3θσ + 3(θσ)² − (θσ)³)/(1 − θσ + (θσ)²/3)    pneumatic trail, → 0 at full slide
//! Mz   = −t·Fy
//! ```
//! The peak-slip scale stretches the practical slip axis ([`longitudinal_slip`]): the
//! longitudinal force at `κ` is the unscaled tire's at `κ/s_p`.
//! At small slip `Fx = C·κ`, `Fy = −C·α` and the trail is a/3; the trail collapses to zero as the
//! sliding zone reaches the front of the patch — the aligning-moment drop drivers feel at the
//! limit.
//!
//! Camber (Pacejka §3.2.4): a wheel of radius R inclined by γ (ISO / Magic Formula sign, + top
//! leaning right) rolls with its tread base on the curve `y_b(x) = −x²·sin γ/(2R)` (the base
//! sits `x²/(2R)` above the ground, and the wheel plane leans); bristles that enter at `x = a`
//! stay put in adhesion, so they deflect by `v(x) = −(a² − x²)·sin γ/(2R)` and the patch
//! pushes with `Fy = c_p∫v dx = −(2/3)·c_p·a³·sin γ/R`: the camber stiffness is
//! `C_γ = (2/3)·c_p·a³/R = C·a/(3R)`, thrust the way the top leans. Here that deflection is
//! added to the slip's as the equivalent `tan α_γ` above, which gives exactly `−C_γ·sin γ` at
//! zero slip and saturates with the slip force (an approximation: the true parabolic
//! deflection starts sliding at the patch centre, not its rear). The radius comes from the
//! input ([`SlipInput::radius`]); with none (0) there is no camber thrust.
//!
//! | symbol | field | unit |
//! |---|---|---|
//! | c_p | `tread_stiffness` | N/m² (bristle stiffness per unit patch length) |
//! | p | `inflation_pressure` | Pa |
//! | w | `patch_width` | m |
//! | µ | `friction` | 1 |
//!
//! Limits: one friction coefficient (no static/kinetic split), camber as an equivalent slip
//! (its own aligning moment, zero for the parabolic deflection, is not separated), no carcass
//! compliance; the patch half-length is capped at `max_half_length`.

use super::interface::{SlipInput, SteadyForces, TireModel, longitudinal_slip, sanitize};
use super::slip_curve::saturation;
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Parameters of the brush tire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, expecting = "a table of brush tire keys")]
pub struct BrushParams {
    /// Bristle (tread) stiffness per unit patch length. Unit: N/m². Range: (0, ∞).
    /// Default: 1.2e7 (C ≈ 61 kN/rad at 4 kN, 2.2 bar, 18 cm patch: a passenger tire). Raise
    /// for a stiffer tire.
    pub tread_stiffness: f64,
    /// Inflation pressure. Unit: Pa. Range: (0, ∞). Default: 2.2e5. Lower it for a longer patch.
    pub inflation_pressure: f64,
    /// Contact-patch width. Unit: m. Range: (0, ∞). Default: 0.18.
    pub patch_width: f64,
    /// Longest allowed patch half-length. Unit: m. Range: (0, ∞). Default: 0.15.
    pub max_half_length: f64,
    /// Friction coefficient on the reference surface. Unit: 1. Range: (0, 3]. Default: 1.0.
    pub friction: f64,
}

impl Default for BrushParams {
    fn default() -> Self {
        Self {
            tread_stiffness: 1.2e7,
            inflation_pressure: 2.2e5,
            patch_width: 0.18,
            max_half_length: 0.15,
            friction: 1.0,
        }
    }
}

impl BrushParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("tread_stiffness", self.tread_stiffness)?;
        check::positive("inflation_pressure", self.inflation_pressure)?;
        check::positive("patch_width", self.patch_width)?;
        check::positive("max_half_length", self.max_half_length)?;
        check::positive("friction", self.friction)?;
        check::friction("friction", self.friction)
    }

    /// Patch half-length `a = F_z/(2·p·w)`, capped. Unit: m.
    pub fn half_length(&self, fz: f64) -> f64 {
        (fz / (2.0 * self.inflation_pressure * self.patch_width)).min(self.max_half_length)
    }

    /// Slip stiffness `C = 2·c_p·a²` at load `fz`. Unit: N (per unit slip) = N/rad.
    pub fn slip_stiffness(&self, fz: f64) -> f64 {
        let a = self.half_length(fz);
        2.0 * self.tread_stiffness * a * a
    }
}

impl TireModel for BrushParams {
    /// Never a wheel torque (0 in every output).
    fn has_wheel_torque(&self) -> bool {
        false
    }

    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        let s = sanitize(input);
        if s.fz <= 0.0 {
            return SteadyForces::default();
        }
        let mu = self.friction * s.friction_scale;
        let a = self.half_length(s.fz);
        let c = self.slip_stiffness(s.fz) * s.stiffness_scale;
        // Theoretical slip; 1+κ stays positive (κ = −1 is a locked wheel).
        let kappa = longitudinal_slip(&s);
        let den = (1.0 + kappa).max(1e-3);
        let sx = kappa / den;
        // Camber: tan α_γ = tan α + (a/(3R))·sin γ (module docs).
        let camber = if s.radius > 0.0 {
            a / (3.0 * s.radius) * s.gamma.sin()
        } else {
            0.0
        };
        let sy = (s.alpha.clamp(-1.5, 1.5).tan() + camber) / den;
        let sigma = super::norm::norm(sx, sy);
        if sigma <= 0.0 || mu <= 0.0 {
            return SteadyForces::default();
        }
        let theta = c / (3.0 * mu * s.fz);
        let ts = theta * sigma;
        let f = mu * s.fz * saturation(3.0 * ts);
        let fx = f * sx / sigma;
        let fy = -f * sy / sigma;
        let trail = if ts < 1.0 {
            (a / 3.0) * (1.0 - 3.0 * ts + 3.0 * ts * ts - ts * ts * ts) / (1.0 - ts + ts * ts / 3.0)
        } else {
            0.0
        };
        SteadyForces {
            fx,
            fy,
            mz: -trail * fy,
            ..SteadyForces::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tire::test_input as input;

    #[test]
    fn patch_and_stiffness_by_hand() {
        let p = BrushParams::default();
        // a = 4000/(2·2.2e5·0.18) = 0.050505 m; C = 2·1.2e7·a² = 61 218 N/rad.
        let a = 4000.0 / (2.0 * 2.2e5 * 0.18);
        assert!((p.half_length(4000.0) - a).abs() < 1e-12);
        assert!((p.slip_stiffness(4000.0) - 61_218.24).abs() < 0.01);
        // Capped patch at absurd loads.
        assert_eq!(p.half_length(1e7), 0.15);
    }

    #[test]
    fn small_slip_linear_and_trail_a_over_3() {
        let p = BrushParams::default();
        let c = p.slip_stiffness(4000.0);
        let a = p.half_length(4000.0);
        let f = p.steady_state(&input(0.0, 1e-4, 4000.0));
        assert!((f.fy + c * 1e-4).abs() < 1e-3 * c * 1e-4, "{f:?}");
        // t = (a/3)(1 − 2θσ + O(θσ²)) with θσ = C·1e-4/(3·4000) ≈ 5.1e-4.
        let ts = c * 1e-4 / (3.0 * 4000.0);
        assert!((f.mz / -f.fy - a / 3.0).abs() < 2.5 * ts * a / 3.0);
        let f = p.steady_state(&input(1e-4, 0.0, 4000.0));
        assert!((f.fx - c * 1e-4 / 1.0001).abs() < 1e-3 * c * 1e-4);
    }

    #[test]
    fn camber_thrust_from_the_parabolic_deflection() {
        // F_z = 4000 N: a = 0.050 505 m, C = 61 218.24 N/rad; R = 0.3 m:
        // C_γ = (2/3)·1.2e7·a³/0.3 = 3435.37 N/rad, so at γ = +0.02 rad (top right) the linear
        // thrust is −C_γ·sin γ = −68.703 N; the saturation cubic (3θσ = C·a·sin γ/(3R·4000) =
        // 0.017 18) takes it to −4000·s(0.017 18) = −68.310 N. γ < 0 mirrors it; no radius, no
        // thrust.
        let p = BrushParams::default();
        let mut i = input(0.0, 0.0, 4000.0);
        (i.gamma, i.radius) = (0.02, 0.3);
        let fy = p.steady_state(&i).fy;
        assert!((fy + 68.310).abs() < 1e-3, "{fy}");
        i.gamma = -0.02;
        assert!((p.steady_state(&i).fy - 68.310).abs() < 1e-3);
        i.radius = 0.0;
        assert_eq!(p.steady_state(&i).fy, 0.0);
    }

    #[test]
    fn full_sliding_at_the_hand_computed_slip() {
        // Full sliding when θσ = 1: tan α_sl = 3µF_z/C.
        let p = BrushParams::default();
        let c = p.slip_stiffness(4000.0);
        let alpha_sl = (3.0 * 4000.0 / c).atan();
        let before = p.steady_state(&input(0.0, 0.95 * alpha_sl, 4000.0));
        let at = p.steady_state(&input(0.0, alpha_sl, 4000.0));
        let after = p.steady_state(&input(0.0, 1.2 * alpha_sl, 4000.0));
        assert!(before.fy.abs() < 4000.0);
        assert!((at.fy + 4000.0).abs() < 1e-6);
        assert!((after.fy + 4000.0).abs() < 1e-9);
        // The pneumatic trail has collapsed: no aligning moment at full sliding.
        assert!(at.mz.abs() < 1e-6 && after.mz == 0.0);
        // ... and the aligning moment peaked before the force did.
        let mz_mid = p.steady_state(&input(0.0, 0.3 * alpha_sl, 4000.0)).mz;
        assert!(mz_mid > before.mz);
    }

    #[test]
    fn combined_slip_and_symmetry() {
        let p = BrushParams::default();
        let f = p.steady_state(&input(0.05, 0.05, 4000.0));
        let g = p.steady_state(&input(0.0, 0.05, 4000.0));
        assert!(
            f.fy.abs() < g.fy.abs(),
            "longitudinal slip must eat lateral force"
        );
        assert!(f.fx.hypot(f.fy) <= 4000.0 + 1e-9);
        let h = p.steady_state(&input(0.0, -0.05, 4000.0));
        assert!((g.fy + h.fy).abs() < 1e-9 && (g.mz + h.mz).abs() < 1e-9);
    }

    #[test]
    fn more_load_more_force_at_a_given_slip() {
        let p = BrushParams::default();
        let f1 = p.steady_state(&input(0.0, 0.02, 3000.0)).fy.abs();
        let f2 = p.steady_state(&input(0.0, 0.02, 5000.0)).fy.abs();
        assert!(f2 > f1);
        assert_eq!(
            p.steady_state(&input(0.1, 0.1, 0.0)),
            SteadyForces::default()
        );
    }
}
