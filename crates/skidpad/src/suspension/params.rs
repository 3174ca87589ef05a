//! Suspension, anti-roll bar, body-attitude and tire-load-filter parameters.

use crate::curve::Curve;
use crate::error::{ParamError, check};
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// Capacity of the camber and toe graphs (points).
pub const KINEMATICS_CURVE_POINTS: usize = 8;

/// Stiffest spring rate accepted. Unit: N/m. A loaded 60 t truck's wheel rate is ≈ 1e6, a
/// mining truck's ≈ 5e6; a kart modelled with a "rigid" axle on its tyre ≈ 2e5. 1e8 is
/// twenty times the stiffest and still leaves the step-size limit
/// ([`Derived::max_substep`](crate::params::Derived::max_substep)) above 0.1 ms for a 150 kg
/// kart.
pub const SPRING_RATE_MAX: f64 = 1e8;

/// Largest damping rate accepted. Unit: N·s/m (critical damping of 1e8 N/m on 10 t is 2e6).
pub const DAMPING_MAX: f64 = 1e7;

/// One suspension line: a massless spring-damper between the chassis and the wheel centre,
/// travelling along a fixed direction in the vehicle frame (PhysX `PxVehicleSuspensionData`
/// generalised). Jounce `x` is measured from the design (rest) position of the wheel centre,
/// positive in compression; it stays in `[−max_droop, +max_compression]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SuspensionParams {
    /// Direction the wheel moves when the suspension extends, in the vehicle frame.
    /// Unit: unit vector. Default: `[0, 0, -1]` (straight down). Tilt it for a strut that leans.
    pub travel_direction: DVec3,
    /// Travel from the design position up to full compression.
    /// Unit: m. Range: (0, 2] (a mining truck strut travels ≈ 0.3, a trophy truck ≈ 0.9).
    /// Default: 0.10. Raise it if the bump stop is hit on normal roads.
    pub max_compression: f64,
    /// Travel from the design position down to full extension (droop).
    /// Unit: m. Range: (0, 2]. Default: 0.12. Raise it for off-road articulation.
    pub max_droop: f64,
    /// Spring rate at the wheel (wheel rate, motion ratio already applied).
    /// Unit: N/m. Range: [1, 1e8] ([`SPRING_RATE_MAX`]; 1 N/m is softer than a 1 kg model's
    /// 1 Hz corner, ≈ 10 N/m). Default: 35000. Raise it for a
    /// higher ride frequency
    /// `f = √(k/m_s)/2π`; cars sit at 1.0–1.8 Hz, race cars higher.
    pub spring_rate: f64,
    /// Damping while compressing (bump). Unit: N·s/m. Range: [0, 1e7] ([`DAMPING_MAX`]).
    /// Default: 2500.
    /// Damping ratio `ζ = c/(2√(k·m_s))`; road cars use 0.2–0.4.
    pub bump_damping: f64,
    /// Damping while extending (rebound). Unit: N·s/m. Range: [0, 1e7] ([`DAMPING_MAX`]).
    /// Default: 3500.
    /// Usually 1.5× bump. Raise it if the body floats after a bump.
    pub rebound_damping: f64,
    /// Spring force at the design position. Unit: N. Range: [0, 1e7] or absent (1e7 N
    /// carries 1000 t on one wheel).
    /// Default: absent = the sprung mass × g projected on the travel direction, so the
    /// vehicle rests exactly at its design position (the PhysX convention). Set it to
    /// lower or raise the ride height: rest jounce is `(m_s·g − preload)/k`.
    pub preload: Option<f64>,
    /// Progressive bump stop near full compression.
    pub bump_stop: BumpStopParams,
    /// Fastest the wheel can extend towards the ground. Unit: m/s. Range: (0, ∞).
    /// Default: 10. If the ground falls away faster, the wheel leaves it for that step (PhysX
    /// `limitSuspensionExpansionVelocity`). Lower it for heavy unsprung masses.
    pub max_expansion_speed: f64,
    /// Camber angle vs jounce (generalises PhysX camber at rest / max compression / max droop).
    /// Positive camber leans the top of the wheel away from the vehicle centreline.
    /// Unit: (m → rad). Default: constant 0.
    pub camber: Curve<KINEMATICS_CURVE_POINTS>,
    /// Toe angle vs jounce; positive = toe-in (front of the wheel towards the centreline).
    /// Unit: (m → rad). Default: constant 0. Small toe-in (≈ 0.1°) steadies straight running.
    pub toe: Curve<KINEMATICS_CURVE_POINTS>,
    /// Where the suspension force acts on the chassis, in the vehicle frame. Absent = at the
    /// tire contact point. PhysX advises a point above the wheel centre, below the CoM: the
    /// lower it is, the more the body leans into turns. Unit: m. Range: each component within
    /// ±50 ([`check::POINT_LIMIT`]).
    pub force_point: Option<DVec3>,
    /// Where the tire's in-plane forces act on the chassis, in the vehicle frame. Absent = at
    /// the contact point (the physical choice; raising it reduces roll, an arcade tweak).
    /// Unit: m. Range: each component within ±50 ([`check::POINT_LIMIT`]).
    pub tire_force_point: Option<DVec3>,
}

impl Default for SuspensionParams {
    fn default() -> Self {
        Self {
            travel_direction: DVec3::NEG_Z,
            max_compression: 0.10,
            max_droop: 0.12,
            spring_rate: 35_000.0,
            bump_damping: 2_500.0,
            rebound_damping: 3_500.0,
            preload: None,
            bump_stop: BumpStopParams::default(),
            max_expansion_speed: 10.0,
            camber: Curve::constant(0.0),
            toe: Curve::constant(0.0),
            force_point: None,
            tire_force_point: None,
        }
    }
}

impl SuspensionParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::unit_vec("travel_direction", self.travel_direction)?;
        check::positive("max_compression", self.max_compression)?;
        check::range("max_compression", self.max_compression, 0.0, 2.0, "m")?;
        check::positive("max_droop", self.max_droop)?;
        check::range("max_droop", self.max_droop, 0.0, 2.0, "m")?;
        check::positive("spring_rate", self.spring_rate)?;
        check::range("spring_rate", self.spring_rate, 1.0, SPRING_RATE_MAX, "N/m")?;
        for (name, c) in [
            ("bump_damping", self.bump_damping),
            ("rebound_damping", self.rebound_damping),
        ] {
            check::non_negative(name, c)?;
            check::range(name, c, 0.0, DAMPING_MAX, "N·s/m")?;
        }
        if let Some(p) = self.preload {
            check::non_negative("preload", p)?;
            check::range("preload", p, 0.0, 1e7, "N")?;
        }
        self.bump_stop
            .validate(self.max_compression)
            .map_err(|e| e.within("bump_stop"))?;
        check::positive("max_expansion_speed", self.max_expansion_speed)?;
        self.camber.validate().map_err(|e| e.within("camber"))?;
        self.toe.validate().map_err(|e| e.within("toe"))?;
        for (name, v) in [("camber", &self.camber), ("toe", &self.toe)] {
            let (lo, hi) = v.y_range();
            if lo < -0.5 || hi > 0.5 {
                return Err(ParamError::new(
                    name,
                    format!("angles must be within ±0.5 rad (got {lo}..{hi})"),
                ));
            }
        }
        if let Some(p) = self.force_point {
            check::point("force_point", p)?;
        }
        if let Some(p) = self.tire_force_point {
            check::point("tire_force_point", p)?;
        }
        Ok(())
    }
}

/// A progressive (quadratic) bump stop engaging `travel` before full compression:
/// `F_bs = rate · δ²`, `δ = max(0, x − (max_compression − travel))`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BumpStopParams {
    /// Length of the rubber: how far before full compression it starts to push.
    /// Unit: m. Range: [0, max_compression]. Default: 0.03. Zero disables it.
    pub travel: f64,
    /// Progressive rate. Unit: N/m². Range: [0, ∞). Default: 2.0e7 (600 N at 5 mm,
    /// 18 kN at 30 mm). Raise it if the suspension bottoms out hard on landings.
    pub rate: f64,
}

impl Default for BumpStopParams {
    fn default() -> Self {
        Self {
            travel: 0.03,
            rate: 2.0e7,
        }
    }
}

impl BumpStopParams {
    /// Check every field against the suspension's `max_compression`.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self, max_compression: f64) -> Result<(), ParamError> {
        check::in_range("travel", self.travel, 0.0, max_compression)?;
        check::non_negative("rate", self.rate)
    }
}

/// An anti-roll (sway) bar between two wheels. It adds `F = k·(x_a − x_b)` to wheel `a`'s
/// suspension force and subtracts it from wheel `b`'s (`x` = jounce).
///
/// The stiffness is **linear, in N/m of jounce difference** (PhysX
/// `PxVehicleAntiRollBarData::mStiffness`). From a roll stiffness `K_φ` in N·m/rad over a
/// track `t`: `k = K_φ / t²` ([`AntiRollBarParams::from_roll_stiffness`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AntiRollBarParams {
    /// First wheel index.
    pub wheel_a: usize,
    /// Second wheel index.
    pub wheel_b: usize,
    /// Bar rate at the wheels. Unit: N/m. Range: [0, ∞). Typical: 10 000–40 000 for a car.
    /// Raise it to cut roll; stiffer front bars add understeer.
    pub stiffness: f64,
}

impl AntiRollBarParams {
    /// A bar whose roll stiffness is `roll_stiffness` (N·m/rad) over a track `track` (m):
    /// a roll angle φ gives jounce difference `t·φ`, force `k·t·φ`, moment `k·t²·φ`.
    pub fn from_roll_stiffness(
        wheel_a: usize,
        wheel_b: usize,
        roll_stiffness: f64,
        track: f64,
    ) -> Self {
        Self {
            wheel_a,
            wheel_b,
            stiffness: roll_stiffness / (track * track),
        }
    }

    /// Check the bar against a vehicle with `n_wheels` wheels.
    ///
    /// # Errors
    /// Bad wheel index, same wheel twice, or negative stiffness.
    pub fn validate(&self, n_wheels: usize) -> Result<(), ParamError> {
        if self.wheel_a >= n_wheels {
            return Err(ParamError::new(
                "wheel_a",
                format!("must be a wheel index < {n_wheels} (got {})", self.wheel_a),
            ));
        }
        if self.wheel_b >= n_wheels {
            return Err(ParamError::new(
                "wheel_b",
                format!("must be a wheel index < {n_wheels} (got {})", self.wheel_b),
            ));
        }
        if self.wheel_a == self.wheel_b {
            return Err(ParamError::new("wheel_b", "must differ from wheel_a"));
        }
        check::non_negative("stiffness", self.stiffness)
    }
}

/// A left/right wheel pair for the body-attitude model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollPair {
    /// Left wheel index (y > 0).
    pub left: usize,
    /// Right wheel index (y < 0).
    pub right: usize,
    /// Roll moment per metre of left − right compression difference. Unit: N·m/m. Range: [0, ∞).
    pub roll_stiffness: f64,
    /// True for a front axle (counts in the front average for pitch).
    pub front: bool,
}

/// LibreRally's `ChassisBodyRollSystem`: a reduced-order body-attitude torque from suspension
/// compression differences (Milliken & Milliken, *Race Car Vehicle Dynamics*, §17).
///
/// ```text
/// τ_roll  = −Σ_pairs k_roll·(x_left − x_right) − c_roll·p + g_roll·a_y        (about body x)
/// τ_pitch =  k_pitch·(x̄_front − x̄_rear)      − c_pitch·q − g_pitch·a_x       (about body y)
/// ```
/// with `p, q` the body roll and pitch rates and `a_x, a_y` the body-frame acceleration. The
/// signs make the torque *add* to the lean the suspension already shows (left side compressed →
/// roll further left-down; front compressed → pitch nose-down), which is the model's purpose:
/// visible lean and dive/squat. Off by default: the sprung-mass suspension already rolls.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BodyRollParams {
    /// Turn the model on. Default: false.
    pub enabled: bool,
    /// Axle pairs that produce roll torque.
    pub pairs: Vec<RollPair>,
    /// Pitch moment per metre of front − rear mean compression. Unit: N·m/m. Range: [0, ∞). Default: 0.
    pub pitch_stiffness: f64,
    /// Viscous roll damping. Unit: N·m·s/rad. Range: [0, ∞). Default: 0.
    pub roll_damping: f64,
    /// Viscous pitch damping. Unit: N·m·s/rad. Range: [0, ∞). Default: 0.
    pub pitch_damping: f64,
    /// Extra roll moment per unit lateral acceleration. Unit: N·m/(m/s²). Range: [0, ∞). Default: 0.
    pub roll_accel_gain: f64,
    /// Extra pitch moment per unit longitudinal acceleration. Unit: N·m/(m/s²). Range: [0, ∞). Default: 0.
    pub pitch_accel_gain: f64,
}

impl BodyRollParams {
    /// Check every field against a vehicle with `n_wheels` wheels.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self, n_wheels: usize) -> Result<(), ParamError> {
        for (i, p) in self.pairs.iter().enumerate() {
            let at = |e: ParamError| e.within_index("pairs", i);
            if p.left >= n_wheels {
                return Err(at(ParamError::new("left", format!("must be < {n_wheels}"))));
            }
            if p.right >= n_wheels || p.right == p.left {
                return Err(at(ParamError::new(
                    "right",
                    format!("must be < {n_wheels} and differ from left"),
                )));
            }
            check::non_negative("roll_stiffness", p.roll_stiffness).map_err(at)?;
        }
        check::non_negative("pitch_stiffness", self.pitch_stiffness)?;
        check::non_negative("roll_damping", self.roll_damping)?;
        check::non_negative("pitch_damping", self.pitch_damping)?;
        check::non_negative("roll_accel_gain", self.roll_accel_gain)?;
        check::non_negative("pitch_accel_gain", self.pitch_accel_gain)
    }
}

/// Tire load filter (PhysX `PxVehicleTireLoadFilterData`): the tire sees
/// `F_z,tire = m_s·g · f(F_z / (m_s·g))`, with `f` a graph of normalised load. Flattening `f`
/// hides suspension noise on bumpy ground; the default is the identity up to 10× rest load.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadFilterParams {
    /// Normalised load → filtered normalised load. Unit: (1 → 1). Values must be ≥ 0.
    pub curve: Curve<8>,
}

impl Default for LoadFilterParams {
    fn default() -> Self {
        Self {
            curve: Curve::new(&[(0.0, 0.0), (10.0, 10.0)]),
        }
    }
}

impl LoadFilterParams {
    /// Check the graph.
    ///
    /// # Errors
    /// Invalid points or negative filtered loads.
    pub fn validate(&self) -> Result<(), ParamError> {
        self.curve.validate().map_err(|e| e.within("curve"))?;
        if self.curve.y_range().0 < 0.0 {
            return Err(ParamError::new("curve", "filtered loads must be >= 0"));
        }
        Ok(())
    }
}
