//! Parameters of the foundation friction-circle tire.

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// A linear-slip, friction-circle tire (the game-ready baseline; the tire issue adds slip
/// curves, brush and Magic Formula models behind the same contact interface).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TireParams {
    /// Longitudinal slip stiffness per unit load: `F_x = C_κ·F_z·κ` below the limit.
    /// Unit: 1 (N per N per unit slip). Range: (0, ∞). Default: 18 (peak force near κ ≈ µ/C_κ ≈ 6 %).
    pub longitudinal_stiffness: f64,
    /// Cornering stiffness per unit load: `F_y = −C_α·F_z·α` below the limit.
    /// Unit: 1/rad. Range: (0, ∞). Default: 17 (a passenger tire: ≈ 65 kN/rad at 3.8 kN).
    /// Raise it for a sharper, more responsive tire.
    pub cornering_stiffness: f64,
    /// Friction coefficient on the reference surface: `|F| ≤ µ·F_z`.
    /// Unit: 1. Range: (0, 3]. Default: 1.0.
    pub friction: f64,
    /// Rolling resistance coefficient: moment `C_rr·F_z·R` against the spin.
    /// Unit: 1. Range: [0, 0.5]. Default: 0.012 (a passenger tire on asphalt).
    pub rolling_resistance: f64,
    /// Denominator guard of the slip ratio and slip angle (PhysX `minLongSlipDenominator`):
    /// below this speed slip becomes a slip *velocity* over this constant.
    /// Unit: m/s. Range: (0, ∞). Default: 1.0. Lower it for sharper low-speed response.
    pub min_slip_speed: f64,
    /// Wheel-surface speed over which rolling resistance fades in (`tanh(ωR/v)`), so it is
    /// smooth through standstill. Unit: m/s. Range: (0, ∞). Default: 0.1.
    pub rolling_resistance_speed: f64,
}

impl Default for TireParams {
    fn default() -> Self {
        Self {
            longitudinal_stiffness: 18.0,
            cornering_stiffness: 17.0,
            friction: 1.0,
            rolling_resistance: 0.012,
            min_slip_speed: 1.0,
            rolling_resistance_speed: 0.1,
        }
    }
}

impl TireParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("longitudinal_stiffness", self.longitudinal_stiffness)?;
        check::positive("cornering_stiffness", self.cornering_stiffness)?;
        check::positive("friction", self.friction)?;
        check::in_range("friction", self.friction, 0.0, 3.0)?;
        check::in_range("rolling_resistance", self.rolling_resistance, 0.0, 0.5)?;
        check::positive("min_slip_speed", self.min_slip_speed)?;
        check::positive("rolling_resistance_speed", self.rolling_resistance_speed)
    }
}
