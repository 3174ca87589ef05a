//! The foundation friction-circle tire: linear slip stiffness per unit load, then one friction
//! circle.
//!
//! # Model
//! ```text
//! Fx = C_κ·s_k·F_z·κ/s_p                  (C_κ per unit load, s_k the surface stiffness scale,
//!                                          s_p the surface peak-slip scale)
//! Fy = −C_α·s_k·F_z·tan α                 (α clamped to ±1.5 rad)
//! (Fx, Fy) scaled down together to |F| ≤ µ·s_µ·F_z   (s_µ the surface friction scale)
//! ```
//! The peak-slip scale stretches the slip axis (`κ → κ/s_p`,
//! [`longitudinal_slip`](super::interface::longitudinal_slip)): the longitudinal force
//! saturates at `s_p` times the slip.
//!
//! ISO signs: `κ > 0` driving gives `Fx > 0`; `α > 0` (sliding left) gives `Fy < 0`.
//!
//! | symbol | field | unit |
//! |---|---|---|
//! | C_κ | `longitudinal_stiffness_per_unit_load` | 1 (N of force per N of load per unit slip) |
//! | C_α | `cornering_stiffness_per_unit_load` | 1/rad (N of force per N of load per rad) |
//! | µ | `friction` | 1 |
//!
//! The stiffnesses are *per unit load*: the slip stiffness in N per unit slip is `C_κ·F_z`, the
//! cornering stiffness in N/rad is `C_α·F_z`. (The `.tir` key `LONGITUDINAL_STIFFNESS`, field
//! [`MfCoefficients::longitudinal_stiffness`](super::mf::MfCoefficients::longitudinal_stiffness),
//! is a different quantity: the carcass stiffness in N/m.)
//!
//! Limits: no load sensitivity, no camber, no aligning moment (Mz = 0), the peak is the
//! sliding force (no drop past the peak).

use super::interface::{SlipInput, SteadyForces, TireModel};
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Parameters of the friction-circle tire (the default model of
/// [`TireParams`](super::TireParams)); every field is read by this model and no other.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    default,
    expecting = "a table of friction-circle tire keys"
)]
pub struct FrictionCircleParams {
    /// Longitudinal slip stiffness per unit load C_κ: `Fx = C_κ·F_z·κ` below the limit.
    /// Unit: 1 (N per N of load per unit slip). Range: (0, ∞). Default: 18 (peak force near
    /// κ ≈ µ/C_κ ≈ 6 %).
    pub longitudinal_stiffness_per_unit_load: f64,
    /// Cornering stiffness per unit load C_α: `Fy = −C_α·F_z·tan α` below the limit.
    /// Unit: 1/rad (N per N of load per rad). Range: (0, ∞). Default: 17 (a passenger tire:
    /// ≈ 65 kN/rad at 3.8 kN). Raise it for a sharper, more responsive tire.
    pub cornering_stiffness_per_unit_load: f64,
    /// Friction coefficient on the reference surface: `|F| ≤ µ·F_z`.
    /// Unit: 1. Range: (0, 3]. Default: 1.0.
    pub friction: f64,
}

impl Default for FrictionCircleParams {
    fn default() -> Self {
        Self {
            longitudinal_stiffness_per_unit_load: 18.0,
            cornering_stiffness_per_unit_load: 17.0,
            friction: 1.0,
        }
    }
}

impl FrictionCircleParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with the field's name as its path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive(
            "longitudinal_stiffness_per_unit_load",
            self.longitudinal_stiffness_per_unit_load,
        )?;
        check::positive(
            "cornering_stiffness_per_unit_load",
            self.cornering_stiffness_per_unit_load,
        )?;
        check::positive("friction", self.friction)?;
        check::friction("friction", self.friction)
    }
}

impl TireModel for FrictionCircleParams {
    /// Never a wheel torque (0 in every output).
    fn has_wheel_torque(&self) -> bool {
        false
    }

    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        let i = super::interface::sanitize(input);
        let kappa = super::interface::longitudinal_slip(&i);
        let fx = self.longitudinal_stiffness_per_unit_load * i.stiffness_scale * i.fz * kappa;
        let fy = -self.cornering_stiffness_per_unit_load
            * i.stiffness_scale
            * i.fz
            * i.alpha.clamp(-1.5, 1.5).tan();
        let (fx, fy) = super::contact::saturate(fx, fy, self.friction * i.friction_scale * i.fz);
        SteadyForces {
            fx,
            fy,
            ..SteadyForces::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_below_the_limit_and_on_the_circle_above() {
        let m = FrictionCircleParams::default();
        // κ = 0.01 at 4 kN: Fx = 18·4000·0.01 = 720 N, well inside µ·Fz = 4000 N.
        let f = m.steady_state(&SlipInput {
            fz: 4000.0,
            kappa: 0.01,
            ..SlipInput::default()
        });
        assert!((f.fx - 720.0).abs() < 1e-9, "{f:?}");
        // tan α = 0.01: Fy = −17·4000·0.01 = −680 N (sliding left, pushed right).
        let f = m.steady_state(&SlipInput {
            fz: 4000.0,
            alpha: 0.01f64.atan(),
            ..SlipInput::default()
        });
        assert!((f.fy + 680.0).abs() < 1e-9, "{f:?}");
        // κ = 0.5, α = 0.3: the linear force (36 kN, 21 kN) is far outside; it is scaled onto
        // the circle µ·Fz = 4000 N keeping its direction.
        let f = m.steady_state(&SlipInput {
            fz: 4000.0,
            kappa: 0.5,
            alpha: 0.3,
            ..SlipInput::default()
        });
        assert!((f.fx.hypot(f.fy) - 4000.0).abs() < 1e-9, "{f:?}");
        let (lx, ly) = (18.0 * 4000.0 * 0.5, -17.0 * 4000.0 * 0.3f64.tan());
        assert!((f.fy / f.fx - ly / lx).abs() < 1e-12, "{f:?}");
    }

    #[test]
    fn every_field_is_checked() {
        let ok = FrictionCircleParams::default();
        assert!(ok.validate().is_ok());
        type Breaker = fn(&mut FrictionCircleParams);
        let cases: [(Breaker, &str); 4] = [
            (
                |p| p.longitudinal_stiffness_per_unit_load = 0.0,
                "longitudinal_stiffness_per_unit_load",
            ),
            (
                |p| p.cornering_stiffness_per_unit_load = -1.0,
                "cornering_stiffness_per_unit_load",
            ),
            (|p| p.friction = 0.0, "friction"),
            (|p| p.friction = 3.5, "friction"),
        ];
        for (breaker, path) in cases {
            let mut p = ok;
            breaker(&mut p);
            assert_eq!(p.validate().unwrap_err().path, path);
        }
    }
}
