//! Transient slip: first-order relaxation of the contact patch (Pacejka, *Tire and Vehicle
//! Dynamics*, 3rd ed., §7.2, "the single contact point transient tyre model").
//!
//! # Model
//! The carcass deflects by `u` (longitudinal) and `v` (lateral) before the patch slides; the
//! tire model sees the *transient* slips built from the deflections:
//!
//! ```text
//! du/dt + |Vx|·u/σx = V_sx,    κ' = u/σx,       V_sx = ωR − Vx   (slip velocity, +driving)
//! dv/dt + |Vx|·v/σy = V_sy,    tan α' = v/σy,   V_sy = Vy
//! ```
//! At constant speed the deflections settle to `u/σx = V_sx/|Vx| = κ` and `v/σy = tan α`, so
//! the steady state is exactly the steady-state model; a slip step builds up over a *distance*
//! σ (time σ/|Vx|), which is the relaxation length the `.tir` PTX/PTY terms give.
//!
//! At standstill `|Vx| = 0` the equations integrate the slip velocity: the deflection is a
//! spring of stiffness `C/σ` (C the slip stiffness) between the rim and the road. That is what
//! holds a parked car on a slope without creep, and what replaces the `1/|Vx|` singularity of
//! the steady-state slip definitions. Below `low_speed` the deflection is also damped
//! (Pacejka §8.6.2's low-speed damping, `ζ` of the patch spring on the corner mass), so a
//! stopping car does not oscillate on its tire springs.
//!
//! The update is backward Euler (`(u' − u)/dt = V_sx − |Vx|·u'/σx`), stable for every `dt`.
//! A lateral deflection that lies against the slip (`v·Vy < 0`, the slip reversed after a
//! slide) is then held within what the carcass holds at full sliding,
//! `σy·F_slide/K_α` ([`super::contact::carcass_reach_y`]): beyond that the patch slides, and
//! the unwinding deflection would push the body along its slide. Likewise a longitudinal
//! deflection against its slip velocity (`u·(ωR − Vx) < 0`) is held within
//! `σx·F_slide,x/K_x` ([`super::contact::carcass_reach_x`]). A tyre off the ground holds no
//! deflection (`crate::wheel::clear_contact_forces`).
//!
//! | symbol | field | unit |
//! |---|---|---|
//! | σx, σy | `longitudinal_length`, `lateral_length` | m |
//! | u, v | [`TransientState::u`], [`TransientState::v`] | m |
//!
//! Limits: a single contact point (no patch-length lag of Mz), no turn slip.

use super::trig::{atan, sin};
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Relaxation lengths of the transient model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, expecting = "a table of relaxation keys")]
pub struct RelaxationParams {
    /// Longitudinal relaxation length σx. Unit: m. Range: (0, 5]. Default: 0.1.
    /// Longer → slower build-up of traction after a torque step.
    pub longitudinal_length: f64,
    /// Lateral relaxation length σy. Unit: m. Range: (0, 5]. Default: 0.3 (≈ a wheel radius).
    pub lateral_length: f64,
    /// Below this speed the patch spring is damped. Unit: m/s. Range: [0, ∞). Default: 2.
    pub low_speed: f64,
    /// Damping ratio of the patch spring at standstill. Unit: 1. Range: [0, 5]. Default: 1.
    pub low_speed_damping_ratio: f64,
}

impl Default for RelaxationParams {
    fn default() -> Self {
        Self {
            longitudinal_length: 0.1,
            lateral_length: 0.3,
            low_speed: 2.0,
            low_speed_damping_ratio: 1.0,
        }
    }
}

impl RelaxationParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("longitudinal_length", self.longitudinal_length)?;
        check::in_range("longitudinal_length", self.longitudinal_length, 0.0, 5.0)?;
        check::positive("lateral_length", self.lateral_length)?;
        check::in_range("lateral_length", self.lateral_length, 0.0, 5.0)?;
        check::non_negative("low_speed", self.low_speed)?;
        check::in_range(
            "low_speed_damping_ratio",
            self.low_speed_damping_ratio,
            0.0,
            5.0,
        )
    }

    /// Weight of the low-speed damping: 1 at standstill, fading linearly to 0 at `low_speed`.
    pub fn low_speed_weight(&self, vx: f64) -> f64 {
        if self.low_speed <= 0.0 {
            0.0
        } else {
            (1.0 - vx.abs() / self.low_speed).max(0.0)
        }
    }
}

impl RelaxationParams {
    /// Relaxation lengths of a Magic Formula file at load `fz` and camber `gamma` (PAC2002 /
    /// MF-Tyre 5.2 manual; Pacejka §7.3), keeping the low-speed settings of `self`:
    ///
    /// ```text
    /// σκ = F_z·(PTX1 + PTX2·df_z)·exp(−PTX3·df_z)·(R0/F_z0)·LSGKP
    /// σα = PTY1·sin(2·atan(F_z/(PTY2·F_z0·LFZO)))·(1 − PKY3·|γ|)·R0·LFZO·LSGAL
    /// ```
    /// with `F_z0 = FNOMIN`, `df_z = (F_z − F_z0·LFZO)/(F_z0·LFZO)`. `None` if the file has no
    /// PTX1/PTY1 (or they give a non-positive length). skidpad evaluates them once (at the
    /// nominal load for [`super::params::TireParams::magic_formula`]); the load dependence at
    /// run time is a known limit.
    pub fn with_magic_formula(
        &self,
        c: &super::mf::MfCoefficients,
        fz: f64,
        gamma: f64,
    ) -> Option<Self> {
        let fz0 = c.fnomin;
        let fz0p = fz0 * c.lfzo;
        if fz0p <= 0.0 || c.unloaded_radius <= 0.0 {
            return None;
        }
        let dfz = (fz - fz0p) / fz0p;
        let sk = fz
            * (c.ptx1 + c.ptx2 * dfz)
            * (-c.ptx3 * dfz).exp()
            * (c.unloaded_radius / fz0)
            * c.lsgkp;
        let sa = c.pty1
            * sin(2.0 * atan(fz / (c.pty2 * fz0p)))
            * (1.0 - c.pky3 * gamma.abs())
            * c.unloaded_radius
            * c.lfzo
            * c.lsgal;
        (sk.is_finite() && sa.is_finite() && sk > 0.0 && sa > 0.0 && sk <= 5.0 && sa <= 5.0).then(
            || Self {
                longitudinal_length: sk,
                lateral_length: sa,
                ..self.clone()
            },
        )
    }
}

/// Carcass deflections of one tire. `Default`: undeflected.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TransientState {
    /// Longitudinal deflection. Unit: m.
    pub u: f64,
    /// Lateral deflection. Unit: m.
    pub v: f64,
}

impl TransientState {
    /// Transient slips `(κ', tan α')` seen by the steady-state model.
    pub fn slips(&self, p: &RelaxationParams) -> (f64, f64) {
        (self.u / p.longitudinal_length, self.v / p.lateral_length)
    }
}

/// Backward-Euler deflection after `dt` for a slip velocity `vs`, speed `vx` and relaxation
/// length `sigma`: `d' = (d + dt·vs)/(1 + dt·|vx|/σ)`.
#[inline]
pub fn relax(d: f64, vs: f64, vx: f64, sigma: f64, dt: f64) -> f64 {
    (d + dt * vs) / (1.0 + dt * vx.abs() / sigma)
}

/// Advance both deflections by `dt` with slip velocities `vsx = ωR − Vx`, `vsy = Vy`.
/// Non-finite inputs leave the state unchanged.
pub fn advance(p: &RelaxationParams, s: &mut TransientState, vsx: f64, vsy: f64, vx: f64, dt: f64) {
    if !(vsx.is_finite() && vsy.is_finite() && vx.is_finite() && dt.is_finite() && dt > 0.0) {
        return;
    }
    s.u = relax(s.u, vsx, vx, p.longitudinal_length, dt);
    s.v = relax(s.v, vsy, vx, p.lateral_length, dt);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steady_state_equals_the_steady_slip() {
        // Constant 20 m/s with 0.4 m/s of slip velocity: κ = 0.02, tan α = 0.01 at equilibrium.
        let p = RelaxationParams::default();
        let mut s = TransientState::default();
        for _ in 0..2000 {
            advance(&p, &mut s, 0.4, 0.2, 20.0, 1.0 / 600.0);
        }
        let (k, ta) = s.slips(&p);
        assert!(
            (k - 0.02).abs() < 1e-12 && (ta - 0.01).abs() < 1e-12,
            "{k} {ta}"
        );
    }

    #[test]
    fn lateral_slip_builds_up_over_one_relaxation_length() {
        // Step in slip angle at 10 m/s, σy = 0.3 m: tan α'(t) = tan α·(1 − e^(−x/σ)), x = V·t.
        // After x = σ (t = 0.03 s) it is 63.2 % of the final value; backward Euler with
        // dt = 1e-4 s is within 0.2 % of the exact exponential there.
        let p = RelaxationParams::default();
        let mut s = TransientState::default();
        let dt = 1e-4;
        for _ in 0..300 {
            advance(&p, &mut s, 0.0, 0.1, 10.0, dt);
        }
        let frac = s.slips(&p).1 / 0.01;
        assert!((frac - (1.0 - (-1.0f64).exp())).abs() < 0.002, "{frac}");
    }

    #[test]
    fn at_standstill_the_deflection_is_a_spring_not_a_creep() {
        // Vx = 0: the deflection integrates the slip velocity exactly (no decay), so a patch
        // displaced by 1 mm stays displaced — a restoring force, not a viscous creep.
        let p = RelaxationParams::default();
        let mut s = TransientState::default();
        for _ in 0..100 {
            advance(&p, &mut s, 0.0, 0.001, 0.0, 0.01);
        }
        assert!((s.v - 0.001).abs() < 1e-15);
        for _ in 0..1000 {
            advance(&p, &mut s, 0.0, 0.0, 0.0, 0.01);
        }
        assert!((s.v - 0.001).abs() < 1e-15);
        assert_eq!(p.low_speed_weight(0.0), 1.0);
        assert_eq!(p.low_speed_weight(3.0), 0.0);
    }

    #[test]
    fn relaxation_lengths_from_the_tir_file() {
        // mf_185_80R14.tir at F_z = FNOMIN = 3800 N, γ = 0 (df_z = 0):
        // σκ = 3800·1.9021·(0.376/3800) = 0.715 19 m;
        // σα = 1.8473·sin(2·atan(1/1.9465))·0.376 = 1.8473·0.812 93·0.376 = 0.564 65 m.
        let text = include_str!("../../tests/data/mf_185_80R14.tir");
        let (file, _) = crate::tire::mf::TirFile::parse(text, "mf_185_80R14.tir").unwrap();
        let r = RelaxationParams::default()
            .with_magic_formula(&file.coefficients, 3800.0, 0.0)
            .unwrap();
        assert!((r.longitudinal_length - 1.9021 * 0.376).abs() < 1e-9);
        let sa = 1.8473 * (2.0 * (1.0f64 / 1.9465).atan()).sin() * 0.376;
        assert!((r.lateral_length - sa).abs() < 1e-9 && (sa - 0.56465).abs() < 1e-4);
        // A file without relaxation terms keeps the defaults.
        let none = crate::tire::mf::MfCoefficients::default();
        assert!(
            RelaxationParams::default()
                .with_magic_formula(&none, 3800.0, 0.0)
                .is_none()
        );
    }

    #[test]
    fn stable_for_huge_steps_and_ignores_bad_input() {
        let p = RelaxationParams::default();
        let mut s = TransientState::default();
        advance(&p, &mut s, 1.0, 1.0, 30.0, 10.0);
        let (k, ta) = s.slips(&p);
        assert!(k > 0.0 && k <= 1.0 / 30.0 + 1e-12 && ta <= 1.0 / 30.0 + 1e-12);
        let before = s;
        advance(&p, &mut s, f64::NAN, 0.0, 1.0, 0.01);
        assert_eq!(s, before);
        let bad = RelaxationParams {
            lateral_length: 0.0,
            ..RelaxationParams::default()
        };
        assert_eq!(bad.validate().unwrap_err().path, "lateral_length");
    }
}
