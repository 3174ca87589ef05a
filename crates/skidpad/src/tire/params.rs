//! A tire's parameters: its force model — an enum whose variants hold only what that model
//! reads — plus the few numbers every model reads (rolling resistance, slip guard, transient
//! slip, friction-table row, thermal model).
//!
//! # File form
//! In a vehicle file the model is a sub-table of `[wheels.tire]` named after the model, at
//! most one; none means the friction circle with its defaults:
//!
//! ```toml
//! [wheels.tire]                  # shared keys, read by every model
//! rolling_resistance = 0.012
//! [wheels.tire.friction_circle]  # or slip_curve, brush, simple_magic, magic_formula
//! friction = 1.1
//! ```
//! (`tir = "file.tir"` in `[wheels.tire]` is the Magic Formula model, see [`crate::file`].)
//! The serde form of [`TireParams`] is exactly this, so JSON and TOML read the same keys.

use super::brush::BrushParams;
use super::friction_circle::FrictionCircleParams;
use super::interface::TireModel;
use super::mf::MfTire;
use super::simple_magic::SimpleMagicParams;
use super::slip_curve::SlipCurveParams;
use super::thermal::TireThermalParams;
use super::transient::RelaxationParams;
use crate::error::{ParamError, check};
use serde::ser::{Error as _, SerializeStruct};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Which force model a tire uses (selectable per wheel), with that model's parameters.
///
/// Every model runs with transient slip ([`super::contact`]): relaxation lengths, and a
/// standstill that holds instead of creeping; the shared numbers are in [`TireParams`].
#[derive(Debug, Clone)]
pub enum TireModelKind {
    /// The foundation linear friction-circle tire (file table `friction_circle`).
    FrictionCircle(FrictionCircleParams),
    /// PhysX's default game tire (file table `slip_curve`).
    SlipCurve(SlipCurveParams),
    /// Fiala brush tire (file table `brush`).
    Brush(BrushParams),
    /// Simplified Magic Formula (file table `simple_magic`).
    SimpleMagic(SimpleMagicParams),
    /// Full Magic Formula, usually from a `.tir` file (file table `magic_formula`, or the
    /// `tir = "path"` key).
    MagicFormula(Box<MfTire>),
    /// A user model (not serialisable).
    Custom(Arc<dyn TireModel>),
}

impl Default for TireModelKind {
    /// The friction-circle tire with its default parameters.
    fn default() -> Self {
        Self::FrictionCircle(FrictionCircleParams::default())
    }
}

impl PartialEq for TireModelKind {
    fn eq(&self, other: &Self) -> bool {
        use TireModelKind::*;
        match (self, other) {
            (FrictionCircle(a), FrictionCircle(b)) => a == b,
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
    /// The file-table name of every serialisable model, in variant order.
    pub const KEYS: [&'static str; 5] = [
        "friction_circle",
        "slip_curve",
        "brush",
        "simple_magic",
        "magic_formula",
    ];

    /// The file-table name of this model (`"custom"` for a user model, which has none).
    pub fn key(&self) -> &'static str {
        match self {
            TireModelKind::FrictionCircle(_) => "friction_circle",
            TireModelKind::SlipCurve(_) => "slip_curve",
            TireModelKind::Brush(_) => "brush",
            TireModelKind::SimpleMagic(_) => "simple_magic",
            TireModelKind::MagicFormula(_) => "magic_formula",
            TireModelKind::Custom(_) => "custom",
        }
    }

    /// The steady-state model.
    pub fn as_model(&self) -> &dyn TireModel {
        match self {
            TireModelKind::FrictionCircle(m) => m,
            TireModelKind::SlipCurve(m) => m,
            TireModelKind::Brush(m) => m,
            TireModelKind::SimpleMagic(m) => m,
            TireModelKind::MagicFormula(m) => m.as_ref(),
            TireModelKind::Custom(m) => m.as_ref(),
        }
    }

    /// Precompute what the model can keep per tyre (the simplified Magic Formula's peak
    /// roots, [`SimpleMagicParams::precompute`]); [`crate::Vehicle::new`] calls it. Results are
    /// the same bits with or without it.
    pub fn precompute(&mut self) {
        if let TireModelKind::SimpleMagic(m) = self {
            m.precompute();
        }
    }

    /// Check the model's own parameters.
    ///
    /// # Errors
    /// The first broken rule, its path starting with the model's key
    /// (`friction_circle.friction`).
    pub fn validate(&self) -> Result<(), ParamError> {
        match self {
            TireModelKind::Custom(_) => Ok(()),
            TireModelKind::FrictionCircle(m) => m.validate(),
            TireModelKind::SlipCurve(m) => m.validate(),
            TireModelKind::Brush(m) => m.validate(),
            TireModelKind::SimpleMagic(m) => m.validate(),
            TireModelKind::MagicFormula(m) => m.validate(),
        }
        .map_err(|e| e.within(self.key()))
    }
}

/// A tire: its force model with that model's parameters ([`TireModelKind`], the friction
/// circle by default), and the fields every model reads.
///
/// Every field other than `model` is read by every model (the contact solve, the reported
/// slips, the surface table and the thermal stage run the same for all of them).
#[derive(Debug, Clone, PartialEq)]
pub struct TireParams {
    /// The force model and its parameters. Default: the friction circle with its defaults.
    pub model: TireModelKind,
    /// Rolling resistance coefficient: moment `C_rr·F_z·R` against the spin (and the thermal
    /// model's rolling heat). Read by every model.
    /// Unit: 1. Range: [0, 0.5]. Default: 0.012 (a passenger tire on asphalt).
    pub rolling_resistance: f64,
    /// Denominator guard of the reported slip ratio and slip angle and of the turn slip
    /// (PhysX `minLongSlipDenominator`): below this speed slip becomes a slip *velocity* over
    /// this constant. Read by every model.
    /// Unit: m/s. Range: (0, ∞). Default: 1.0. Lower it for sharper low-speed response.
    pub min_slip_speed: f64,
    /// Wheel-surface speed over which rolling resistance fades in (`tanh(ωR/v)`), so it is
    /// smooth through standstill. Read by every model. Unit: m/s. Range: (0, ∞). Default: 0.1.
    pub rolling_resistance_speed: f64,
    /// Relaxation lengths and low-speed damping of the transient slip. Read by every model.
    pub relaxation: RelaxationParams,
    /// Row of this tire in the surface table's tire-type × surface friction pairs. Read by
    /// every model. Unit: index. Default: 0.
    pub tire_type: usize,
    /// Two-node temperature, wear and pressure model; absent = a tire at its optimum, never
    /// wearing (the default). Read by every model.
    pub thermal: Option<TireThermalParams>,
    /// Longitudinal grip limit multiplier `s_x` (ground_vehicle's "separate grip limits"):
    /// every model's curves become `F'x(κ, α) = s_x·Fx(κ/s_x, α/s_y)`, so the longitudinal
    /// peak force scales by `s_x`, the peak slip moves to `s_x·κ_m`, and the small-slip
    /// stiffness stays (a friction circle becomes an ellipse of semi-axes `s_x·µF_z`,
    /// `s_y·µF_z`). Read by every model. Unit: 1. Range: (0, 3]. Default: 1 (identity, bit for
    /// bit).
    pub longitudinal_grip: f64,
    /// Lateral grip limit multiplier `s_y`: `F'y(κ, α) = s_y·Fy(κ/s_x, α/s_y)`, the aligning
    /// moment scaled alike (see `longitudinal_grip`). Read by every model. Unit: 1.
    /// Range: (0, 3]. Default: 1.
    pub lateral_grip: f64,
}

impl Default for TireParams {
    fn default() -> Self {
        Self {
            model: TireModelKind::default(),
            rolling_resistance: 0.012,
            min_slip_speed: 1.0,
            rolling_resistance_speed: 0.1,
            relaxation: RelaxationParams::default(),
            tire_type: 0,
            thermal: None,
            longitudinal_grip: 1.0,
            lateral_grip: 1.0,
        }
    }
}

impl TireParams {
    /// A friction-circle tire with these coefficients and the default shared fields.
    pub fn friction_circle(p: FrictionCircleParams) -> Self {
        Self {
            model: TireModelKind::FrictionCircle(p),
            ..Self::default()
        }
    }

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

    /// The friction-circle parameters, if that is the model.
    pub fn as_friction_circle(&self) -> Option<&FrictionCircleParams> {
        match &self.model {
            TireModelKind::FrictionCircle(p) => Some(p),
            _ => None,
        }
    }

    /// The friction-circle parameters to edit, if that is the model.
    pub fn as_friction_circle_mut(&mut self) -> Option<&mut FrictionCircleParams> {
        match &mut self.model {
            TireModelKind::FrictionCircle(p) => Some(p),
            _ => None,
        }
    }

    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path (`friction_circle.friction`,
    /// `rolling_resistance`, ...).
    pub fn validate(&self) -> Result<(), ParamError> {
        self.model.validate()?;
        check::in_range("rolling_resistance", self.rolling_resistance, 0.0, 0.5)?;
        check::positive("min_slip_speed", self.min_slip_speed)?;
        check::positive("rolling_resistance_speed", self.rolling_resistance_speed)?;
        for (name, v) in [
            ("longitudinal_grip", self.longitudinal_grip),
            ("lateral_grip", self.lateral_grip),
        ] {
            check::positive(name, v)?;
            check::range(name, v, 0.0, 3.0, "1")?;
        }
        self.relaxation
            .validate()
            .map_err(|e| e.within("relaxation"))?;
        if let Some(t) = &self.thermal {
            t.validate().map_err(|e| e.within("thermal"))?;
        }
        Ok(())
    }
}

/// The serde (file) form of [`TireParams`]: the shared keys and at most one model table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, default, expecting = "a table of tire keys")]
struct TireTable {
    friction_circle: Option<FrictionCircleParams>,
    slip_curve: Option<SlipCurveParams>,
    brush: Option<BrushParams>,
    simple_magic: Option<SimpleMagicParams>,
    magic_formula: Option<Box<MfTire>>,
    rolling_resistance: f64,
    min_slip_speed: f64,
    rolling_resistance_speed: f64,
    relaxation: RelaxationParams,
    tire_type: usize,
    thermal: Option<TireThermalParams>,
    longitudinal_grip: f64,
    lateral_grip: f64,
}

impl Default for TireTable {
    fn default() -> Self {
        let d = TireParams::default();
        Self {
            friction_circle: None,
            slip_curve: None,
            brush: None,
            simple_magic: None,
            magic_formula: None,
            rolling_resistance: d.rolling_resistance,
            min_slip_speed: d.min_slip_speed,
            rolling_resistance_speed: d.rolling_resistance_speed,
            relaxation: d.relaxation,
            tire_type: d.tire_type,
            thermal: d.thermal,
            longitudinal_grip: d.longitudinal_grip,
            lateral_grip: d.lateral_grip,
        }
    }
}

impl<'de> Deserialize<'de> for TireParams {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let t = TireTable::deserialize(d)?;
        let mut given = [
            t.friction_circle.map(TireModelKind::FrictionCircle),
            t.slip_curve.map(TireModelKind::SlipCurve),
            t.brush.map(TireModelKind::Brush),
            t.simple_magic.map(TireModelKind::SimpleMagic),
            t.magic_formula.map(TireModelKind::MagicFormula),
        ]
        .into_iter()
        .flatten();
        let model = match (given.next(), given.next()) {
            (None, _) => TireModelKind::default(),
            (Some(m), None) => m,
            (Some(a), Some(b)) => {
                return Err(serde::de::Error::custom(format!(
                    "two tire models given, `{}` and `{}`: a tire has one model table \
                     (one of `{}`); keep one",
                    a.key(),
                    b.key(),
                    TireModelKind::KEYS.join("`, `")
                )));
            }
        };
        Ok(Self {
            model,
            rolling_resistance: t.rolling_resistance,
            min_slip_speed: t.min_slip_speed,
            rolling_resistance_speed: t.rolling_resistance_speed,
            relaxation: t.relaxation,
            tire_type: t.tire_type,
            thermal: t.thermal,
            longitudinal_grip: t.longitudinal_grip,
            lateral_grip: t.lateral_grip,
        })
    }
}

impl Serialize for TireParams {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("TireParams", 9)?;
        match &self.model {
            TireModelKind::FrictionCircle(m) => st.serialize_field("friction_circle", m)?,
            TireModelKind::SlipCurve(m) => st.serialize_field("slip_curve", m)?,
            TireModelKind::Brush(m) => st.serialize_field("brush", m)?,
            TireModelKind::SimpleMagic(m) => st.serialize_field("simple_magic", m)?,
            TireModelKind::MagicFormula(m) => st.serialize_field("magic_formula", m)?,
            TireModelKind::Custom(_) => {
                return Err(S::Error::custom("a custom tire model cannot be serialised"));
            }
        }
        st.serialize_field("rolling_resistance", &self.rolling_resistance)?;
        st.serialize_field("min_slip_speed", &self.min_slip_speed)?;
        st.serialize_field("rolling_resistance_speed", &self.rolling_resistance_speed)?;
        st.serialize_field("relaxation", &self.relaxation)?;
        st.serialize_field("tire_type", &self.tire_type)?;
        st.serialize_field("thermal", &self.thermal)?;
        st.serialize_field("longitudinal_grip", &self.longitudinal_grip)?;
        st.serialize_field("lateral_grip", &self.lateral_grip)?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_the_friction_circle_with_the_foundation_values() {
        let p = TireParams::default();
        let fc = p.as_friction_circle().unwrap();
        assert_eq!(fc.longitudinal_stiffness_per_unit_load, 18.0);
        assert_eq!(fc.cornering_stiffness_per_unit_load, 17.0);
        assert_eq!(fc.friction, 1.0);
        assert_eq!(
            (
                p.rolling_resistance,
                p.min_slip_speed,
                p.rolling_resistance_speed
            ),
            (0.012, 1.0, 0.1)
        );
        assert_eq!((p.tire_type, &p.thermal), (0, &None));
        assert!(p.validate().is_ok());
    }

    #[test]
    fn serde_form_is_one_model_table_beside_the_shared_keys() {
        let p = TireParams {
            model: TireModelKind::Brush(BrushParams {
                friction: 0.9,
                ..BrushParams::default()
            }),
            rolling_resistance: 0.02,
            ..TireParams::default()
        };
        let v = serde_json::to_value(&p).unwrap();
        assert_eq!(v["brush"]["friction"], 0.9);
        assert_eq!(v["rolling_resistance"], 0.02);
        for k in TireModelKind::KEYS.iter().filter(|k| **k != "brush") {
            assert!(v.get(k).is_none(), "{k}");
        }
        let back: TireParams = serde_json::from_value(v).unwrap();
        assert_eq!(back, p);
        // No model table: the friction circle with its defaults.
        let d: TireParams = serde_json::from_str(r#"{"tire_type": 1}"#).unwrap();
        assert_eq!(d.model, TireModelKind::default());
        assert_eq!(d.tire_type, 1);
        // Two model tables: an error naming both.
        let e = serde_json::from_str::<TireParams>(r#"{"brush": {}, "friction_circle": {}}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`friction_circle` and `brush`"), "{e}");
        // A user model has no file form.
        #[derive(Debug)]
        struct Zero;
        impl TireModel for Zero {
            fn steady_state(&self, _: &super::super::SlipInput) -> super::super::SteadyForces {
                Default::default()
            }
        }
        let custom = TireParams {
            model: TireModelKind::Custom(Arc::new(Zero)),
            ..TireParams::default()
        };
        assert!(serde_json::to_string(&custom).is_err());
    }

    #[test]
    fn validation_paths_start_with_the_model_table() {
        let mut p = TireParams::default();
        p.as_friction_circle_mut().unwrap().friction = 0.0;
        assert_eq!(p.validate().unwrap_err().path, "friction_circle.friction");
        p.model = TireModelKind::SimpleMagic(SimpleMagicParams {
            pneumatic_trail: 0.5,
            ..SimpleMagicParams::default()
        });
        assert_eq!(
            p.validate().unwrap_err().path,
            "simple_magic.pneumatic_trail"
        );
        assert!(p.as_friction_circle().is_none());
        p.model = TireModelKind::default();
        p.min_slip_speed = 0.0;
        assert_eq!(p.validate().unwrap_err().path, "min_slip_speed");
    }
}
