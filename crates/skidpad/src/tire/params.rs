//! Parameters of the foundation friction-circle tire.

use super::brush::BrushParams;
use super::interface::TireModel;
use super::mf::MfTire;
use super::simple_magic::SimpleMagicParams;
use super::slip_curve::SlipCurveParams;
use super::thermal::TireThermalParams;
use super::transient::RelaxationParams;
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Which force model a tire uses (selectable per wheel).
///
/// `FrictionCircle` is the foundation tire (linear slip and a friction circle; its numbers are
/// the fields of [`TireParams`]). Every model, this one included, runs with transient slip
/// ([`super::contact`]): relaxation lengths, and a standstill that holds instead of creeping.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TireModelKind {
    /// The foundation linear friction-circle tire.
    #[default]
    FrictionCircle,
    /// PhysX's default game tire.
    SlipCurve(SlipCurveParams),
    /// Fiala brush tire.
    Brush(BrushParams),
    /// Simplified Magic Formula.
    SimpleMagic(SimpleMagicParams),
    /// Full Magic Formula (from a `.tir` file).
    MagicFormula(Box<MfTire>),
    /// A user model (not serialisable).
    #[serde(skip)]
    Custom(Arc<dyn TireModel>),
}

impl PartialEq for TireModelKind {
    fn eq(&self, other: &Self) -> bool {
        use TireModelKind::*;
        match (self, other) {
            (FrictionCircle, FrictionCircle) => true,
            (SlipCurve(a), SlipCurve(b)) => a == b,
            (Brush(a), Brush(b)) => a == b,
            (SimpleMagic(a), SimpleMagic(b)) => a == b,
            (MagicFormula(a), MagicFormula(b)) => a == b,
            (Custom(a), Custom(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl TireModelKind {
    /// The steady-state model, or `None` for the friction-circle tire (whose coefficients live in
    /// [`TireParams`]; see [`super::model::FrictionCircleModel`]).
    pub fn as_model(&self) -> Option<&dyn TireModel> {
        match self {
            TireModelKind::FrictionCircle => None,
            TireModelKind::SlipCurve(m) => Some(m),
            TireModelKind::Brush(m) => Some(m),
            TireModelKind::SimpleMagic(m) => Some(m),
            TireModelKind::MagicFormula(m) => Some(m.as_ref()),
            TireModelKind::Custom(m) => Some(m.as_ref()),
        }
    }

    /// Check the model's own parameters.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        match self {
            TireModelKind::FrictionCircle | TireModelKind::Custom(_) => Ok(()),
            TireModelKind::SlipCurve(m) => m.validate(),
            TireModelKind::Brush(m) => m.validate(),
            TireModelKind::SimpleMagic(m) => m.validate(),
            TireModelKind::MagicFormula(m) => m.coefficients.validate(),
        }
    }
}

/// A tire: its force model ([`TireModelKind`], the friction circle by default, whose
/// coefficients are the first fields here), rolling resistance, transient slip, friction-table
/// type and optional thermal model.
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
    /// The force model. Default: the friction-circle tire defined by the fields above.
    pub model: TireModelKind,
    /// Relaxation lengths and low-speed damping of the transient slip.
    pub relaxation: RelaxationParams,
    /// Row of this tire in the surface table's tire-type × surface friction pairs. Default: 0.
    pub tire_type: usize,
    /// Two-node temperature, wear and pressure model; absent = a tire at its optimum, never
    /// wearing (the default).
    pub thermal: Option<TireThermalParams>,
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
            model: TireModelKind::FrictionCircle,
            relaxation: RelaxationParams::default(),
            tire_type: 0,
            thermal: None,
        }
    }
}

impl TireParams {
    /// A Magic Formula tire from a parsed `.tir` file, with the file's relaxation lengths
    /// (PTX/PTY at the nominal load, see [`RelaxationParams::with_magic_formula`]) where it
    /// has them, and rolling resistance left to the wheel's `rolling_resistance` (the file's
    /// My is reported, not applied twice).
    pub fn magic_formula(tire: MfTire) -> Self {
        let base = Self::default();
        let relaxation = base
            .relaxation
            .with_magic_formula(&tire.coefficients, tire.coefficients.fnomin, 0.0)
            .unwrap_or(base.relaxation.clone());
        Self {
            model: TireModelKind::MagicFormula(Box::new(tire)),
            relaxation,
            ..base
        }
    }

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
        check::positive("rolling_resistance_speed", self.rolling_resistance_speed)?;
        self.model.validate().map_err(|e| e.within("model"))?;
        self.relaxation
            .validate()
            .map_err(|e| e.within("relaxation"))?;
        if let Some(t) = &self.thermal {
            t.validate().map_err(|e| e.within("thermal"))?;
        }
        Ok(())
    }
}
