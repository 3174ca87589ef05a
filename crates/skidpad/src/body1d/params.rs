//! Parameters of the longitudinal vehicle body: mass, axle geometry, aero, rolling, road.

use serde::{Deserialize, Serialize};

use crate::error::{ParamError, check};

/// Relative tolerance of the rule `cg_to_front + cg_to_rear = wheelbase`.
///
/// The spec asks for the equality "exactly"; in floating point `1.3 + 1.5` need not equal
/// `2.8` to the last bit, so the sum must match the wheelbase within `1e-9 · wheelbase`
/// (a nanometre on a 1 m wheelbase). Use [`VehicleBodyParams::from_wheelbase`] to derive
/// `cg_to_rear` and never meet this limit.
pub const AXLE_SUM_TOLERANCE: f64 = 1e-9;

/// Limit of the road grade magnitude, exclusive: `|grade| < π/4` (45°).
pub const MAX_GRADE: f64 = std::f64::consts::FRAC_PI_4;

/// Parameters of the two-axle longitudinal body. Plain SI data; check with
/// [`validate`](Self::validate) once at load, the model then assumes valid values.
///
/// `Default` is a mid-size sedan from the spec's table of typical values: 1550 kg, 2.8 m
/// wheelbase, 57 % of the weight on the front axle, CG 0.55 m high, Cd 0.33, 2.3 m², Crr 0.015.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleBodyParams {
    /// Total vehicle mass (sprung and unsprung, one point mass at the CG).
    /// Unit: kg. Range: (0, ∞). Default: 1550.
    /// Raise it for a heavier, slower-accelerating vehicle; load transfer scales with it.
    pub mass: f64,
    /// Distance between the front and rear axle, `L`.
    /// Unit: m. Range: (0, ∞). Default: 2.8.
    /// A longer wheelbase transfers less load for the same acceleration (`ΔN = m a h / L`).
    pub wheelbase: f64,
    /// Horizontal distance from the CG forward to the front axle, `a`.
    /// Unit: m. Range: (0, wheelbase). Default: 1.2.
    /// Raise it (move the CG rearward) to put more static weight on the rear axle
    /// (`N_r = m g a / L`), which helps a rear-wheel-drive launch.
    pub cg_to_front: f64,
    /// Horizontal distance from the CG rearward to the rear axle, `b`; `a + b = L`.
    /// Unit: m. Range: (0, wheelbase). Default: 1.6.
    /// Must equal `wheelbase − cg_to_front` (see [`AXLE_SUM_TOLERANCE`]); prefer
    /// [`VehicleBodyParams::from_wheelbase`], which derives it.
    pub cg_to_rear: f64,
    /// Height of the CG above the ground, `h_cg`.
    /// Unit: m. Range: (0, ∞). Default: 0.55.
    /// Raise it for more load transfer (pitchier, easier rear lift under braking); typical
    /// vehicles keep `h_cg < 0.3 · L`.
    pub cg_height: f64,
    /// Aerodynamic drag coefficient, `Cd`.
    /// Unit: 1. Range: (0, ∞). Default: 0.33.
    /// Raise it for a boxier shape and a lower top speed; typical 0.28–0.45.
    pub drag_coefficient: f64,
    /// Frontal area, `A`, that `Cd` refers to.
    /// Unit: m². Range: (0, ∞). Default: 2.3.
    /// Raise it for taller or wider vehicles; typical 2.0–3.0.
    pub frontal_area: f64,
    /// Air density, `ρ`.
    /// Unit: kg/m³. Range: (0, ∞). Default: 1.225 (ISA sea level, 15 °C).
    /// Lower it for altitude or heat (about 1.0 at 2000 m).
    #[serde(default = "default_air_density")]
    pub air_density: f64,
    /// Rolling-resistance coefficient `Crr`, the same on both axles: `F_roll = Crr · N`.
    /// Unit: 1. Range: [0, ∞). Default: 0.015.
    /// Raise it for soft tires or soft ground (0.010 hard tires on asphalt, 0.05+ on sand).
    pub rolling_resistance: f64,
    /// Gravitational acceleration, `g`.
    /// Unit: m/s². Range: (0, ∞). Default: 9.81.
    /// Change it only for other planets or to match a reference that uses 9.80665.
    #[serde(default = "default_gravity")]
    pub gravity: f64,
    /// Road grade angle `θ`, positive uphill in the direction of +x (forward).
    /// Unit: rad. Range: (−π/4, π/4). Default: 0 (flat road).
    /// A 10 % grade is `atan(0.10) ≈ 0.0997` rad.
    #[serde(default)]
    pub grade: f64,
    /// Speed scale `v_s` of the smooth rolling-resistance sign: the rolling force is
    /// `Crr · N · tanh(v / v_s)`, so it is continuous through `v = 0` and the vehicle does
    /// not chatter when it stops. A divide-by-zero guard given a name, like PhysX's
    /// `minLatSlipDenominator`.
    /// Unit: m/s. Range: (0, ∞). Default: 0.1.
    /// Below `v_s` the rolling force acts as a viscous damper with time constant
    /// `v_s / (Crr g)` (0.68 s at the defaults): lower it for a crisper stop; keep
    /// `dt < 2.7 · v_s / (Crr g)` for a stable step.
    #[serde(default = "default_rolling_smoothing_speed")]
    pub rolling_smoothing_speed: f64,
}

fn default_air_density() -> f64 {
    1.225
}

fn default_gravity() -> f64 {
    9.81
}

fn default_rolling_smoothing_speed() -> f64 {
    0.1
}

impl Default for VehicleBodyParams {
    /// A mid-size sedan (spec table, "Mid-Size Sedan" column): 1550 kg, `L` 2.8 m,
    /// `a` 1.2 m, `b` 1.6 m (57 % front), `h_cg` 0.55 m, Cd 0.33, A 2.3 m², Crr 0.015,
    /// sea-level air, flat road.
    fn default() -> Self {
        Self {
            mass: 1550.0,
            wheelbase: 2.8,
            cg_to_front: 1.2,
            cg_to_rear: 1.6,
            cg_height: 0.55,
            drag_coefficient: 0.33,
            frontal_area: 2.3,
            air_density: default_air_density(),
            rolling_resistance: 0.015,
            gravity: default_gravity(),
            grade: 0.0,
            rolling_smoothing_speed: default_rolling_smoothing_speed(),
        }
    }
}

impl VehicleBodyParams {
    /// The default sedan with the given mass and geometry; `cg_to_rear` is derived as
    /// `wheelbase − cg_to_front`, so `a + b = L` holds by construction.
    ///
    /// # Panics
    /// In debug builds, if the result fails [`validate`](Self::validate).
    #[must_use]
    pub fn from_wheelbase(mass: f64, wheelbase: f64, cg_to_front: f64, cg_height: f64) -> Self {
        let p = Self::with_geometry(mass, wheelbase, cg_to_front, cg_height);
        debug_assert!(p.validate().is_ok(), "{:?}", p.validate());
        p
    }

    /// As [`from_wheelbase`](Self::from_wheelbase), validated.
    ///
    /// # Errors
    /// The first broken rule of [`validate`](Self::validate), e.g. `cg_to_rear` when
    /// `cg_to_front ≥ wheelbase`.
    pub fn try_from_wheelbase(
        mass: f64,
        wheelbase: f64,
        cg_to_front: f64,
        cg_height: f64,
    ) -> Result<Self, ParamError> {
        let p = Self::with_geometry(mass, wheelbase, cg_to_front, cg_height);
        p.validate()?;
        Ok(p)
    }

    fn with_geometry(mass: f64, wheelbase: f64, cg_to_front: f64, cg_height: f64) -> Self {
        Self {
            mass,
            wheelbase,
            cg_to_front,
            cg_to_rear: wheelbase - cg_to_front,
            cg_height,
            ..Self::default()
        }
    }

    /// Static share of the weight on the front axle on flat ground, `b / L`.
    #[must_use]
    pub fn front_weight_fraction(&self) -> f64 {
        self.cg_to_rear / self.wheelbase
    }

    /// `½ ρ Cd A`, the drag force per squared speed. Unit: kg/m (N·s²/m²).
    #[must_use]
    pub fn drag_factor(&self) -> f64 {
        0.5 * self.air_density * self.drag_coefficient * self.frontal_area
    }

    /// Check every rule of the spec's "Physical constraints", in field order:
    /// `m > 0`, `L > 0`, `a > 0`, `b > 0`, `0 < a/L < 1`, `a + b = L` (within
    /// [`AXLE_SUM_TOLERANCE`]`· L`), `h_cg > 0`, `Cd > 0`, `A > 0`, `ρ > 0`, `Crr ≥ 0`,
    /// `g > 0`, `−π/4 < θ < π/4`, `v_s > 0`; every value finite.
    ///
    /// # Errors
    /// The first broken rule, its path the field name (`"cg_to_rear"` for the sum rule).
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("mass", self.mass)?;
        check::positive("wheelbase", self.wheelbase)?;
        check::positive("cg_to_front", self.cg_to_front)?;
        check::positive("cg_to_rear", self.cg_to_rear)?;
        let ratio = self.cg_to_front / self.wheelbase;
        if !(ratio > 0.0 && ratio < 1.0) {
            return Err(ParamError::new(
                "cg_to_front",
                format!(
                    "cg_to_front / wheelbase must be in (0, 1): CG between the axles (got {ratio})"
                ),
            ));
        }
        let sum = self.cg_to_front + self.cg_to_rear;
        if (sum - self.wheelbase).abs() > AXLE_SUM_TOLERANCE * self.wheelbase {
            return Err(ParamError::new(
                "cg_to_rear",
                format!(
                    "cg_to_front + cg_to_rear must equal wheelbase within 1e-9·wheelbase (got {} + {} = {sum}, wheelbase {})",
                    self.cg_to_front, self.cg_to_rear, self.wheelbase
                ),
            ));
        }
        check::positive("cg_height", self.cg_height)?;
        check::positive("drag_coefficient", self.drag_coefficient)?;
        check::positive("frontal_area", self.frontal_area)?;
        check::positive("air_density", self.air_density)?;
        check::non_negative("rolling_resistance", self.rolling_resistance)?;
        check::positive("gravity", self.gravity)?;
        if !(self.grade.is_finite() && self.grade.abs() < MAX_GRADE) {
            return Err(ParamError::new(
                "grade",
                format!("must be finite and in (-π/4, π/4) rad (got {})", self.grade),
            ));
        }
        check::positive("rolling_smoothing_speed", self.rolling_smoothing_speed)?;
        Ok(())
    }
}
