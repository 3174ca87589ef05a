//! Steering parameters.

use crate::curve::Curve;
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Capacity of the steer-vs-speed table (points), PhysX `PxFixedSizeLookupTable<8>`.
pub const STEER_CURVE_POINTS: usize = 8;

/// Whether the steering stage moves the wheels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SteeringMode {
    /// Steered wheels follow the steer command (with Ackermann, speed table and rate limit).
    #[default]
    Wheels,
    /// No wheel steers (tanks and other skid-steer layouts turn with the drivetrain).
    Disabled,
}

/// Explicit Ackermann geometry, overriding the one derived from the wheel layout (PhysX
/// `PxVehicleAckermannGeometryData`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AckermannGeometry {
    /// Longitudinal distance from the steered axle to the reference (unsteered) axle line.
    /// Unit: m. Range: (0, 100] (wheel positions are within ±50 m). PhysX `mAxleSeparation`.
    pub axle_separation: f64,
    /// Lateral distance between the steered wheels' pivots. Unit: m. Range: (0, 100].
    /// PhysX `mFrontWidth`.
    pub track_width: f64,
    /// Lateral distance between the pivots of steered wheels *behind* the reference line
    /// (four-wheel steer). Unit: m. Range: (0, 100]. Default: absent = `track_width`.
    /// PhysX `mRearWidth`. The turn centre lies on the reference line, so with front steer only
    /// the rear track changes no angle (as in PhysX, where it is stored for that case too).
    #[serde(default)]
    pub rear_track_width: Option<f64>,
}

/// Ackermann correction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AckermannParams {
    /// Blend between parallel steer (0) and perfect Ackermann (1) (PhysX `mAccuracy`).
    /// Unit: 1. Range: [0, 1]. Default: 0 (parallel, the foundation's behaviour).
    /// Real linkages sit around 0.3–0.8; raise it to reduce front-tire scrub in tight turns.
    pub accuracy: f64,
    /// Geometry override. Default: absent = derived from the wheel positions (steered wheels'
    /// own positions; reference line at the mean x of the unsteered wheels).
    pub geometry: Option<AckermannGeometry>,
}

impl Default for AckermannParams {
    fn default() -> Self {
        Self {
            accuracy: 0.0,
            geometry: None,
        }
    }
}

/// Everything the steering stage needs beyond each wheel's `max_steer`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SteeringParams {
    /// Steer the wheels or not. Default: wheels.
    pub mode: SteeringMode,
    /// Ackermann correction.
    pub ackermann: AckermannParams,
    /// Fraction of each wheel's `max_steer` available vs forward speed `|v_x|` (PhysX
    /// `gSteerVsForwardSpeedTable`, e.g. `[[0, 0.75], [5, 0.75], [30, 0.125], [120, 0.1]]`).
    /// Unit: (m/s → 1). Range: y in [0, 1]. Default: constant 1 (no reduction).
    /// Lower the high-speed values if a full-lock input spins the car at speed.
    pub steer_vs_speed: Curve<STEER_CURVE_POINTS>,
    /// Fastest a road wheel's steer angle may change. Unit: rad/s. Range: (0, ∞) or absent.
    /// Default: absent (no limit). A passenger car rack turns the wheels at ≈ 0.5–1 rad/s.
    pub max_rate: Option<f64>,
    /// Overall steering ratio `i_s`: steering-wheel angle per road-wheel angle, for the
    /// steering-wheel torque signal ([`super::model::steering_wheel_torque`]). Unit: 1.
    /// Range: (0, 100]. Default: 15 (passenger cars 12–20, karts ≈ 1–2, trucks 20–25).
    pub ratio: f64,
    /// Mechanical (caster) trail `t_m`: how far the contact point trails the steering axis's
    /// ground point, for the steering-wheel torque signal. Unit: m. Range: [−0.1, 0.2].
    /// Default: 0.02 (passenger cars 10–30 mm; Milliken & Milliken ch. 19). Raise it for a
    /// heavier, more self-centring wheel.
    pub mechanical_trail: f64,
}

impl Default for SteeringParams {
    fn default() -> Self {
        Self {
            mode: SteeringMode::Wheels,
            ackermann: AckermannParams::default(),
            steer_vs_speed: Curve::constant(1.0),
            max_rate: None,
            ratio: 15.0,
            mechanical_trail: 0.02,
        }
    }
}

impl SteeringParams {
    /// The PhysX SnippetVehicle4W steer-vs-speed table: 0.75 up to 5 m/s, 0.125 at 30 m/s,
    /// 0.1 at 120 m/s.
    pub fn physx_steer_vs_speed() -> Curve<STEER_CURVE_POINTS> {
        Curve::new(&[(0.0, 0.75), (5.0, 0.75), (30.0, 0.125), (120.0, 0.1)])
    }

    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, e.g. `ackermann.accuracy: must be in [0, 1]`.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::in_range("ackermann.accuracy", self.ackermann.accuracy, 0.0, 1.0)?;
        if let Some(g) = &self.ackermann.geometry {
            let named = [
                (
                    "ackermann.geometry.axle_separation",
                    Some(g.axle_separation),
                ),
                ("ackermann.geometry.track_width", Some(g.track_width)),
                ("ackermann.geometry.rear_track_width", g.rear_track_width),
            ];
            for (name, v) in named {
                if let Some(v) = v {
                    check::positive(name, v)?;
                    check::range(name, v, 0.0, 100.0, "m")?;
                }
            }
        }
        self.steer_vs_speed
            .validate()
            .map_err(|e| e.within("steer_vs_speed"))?;
        let (lo, hi) = self.steer_vs_speed.y_range();
        if lo < 0.0 || hi > 1.0 {
            return Err(ParamError::new(
                "steer_vs_speed",
                format!("values must be in [0, 1] (got {lo}..{hi})"),
            ));
        }
        if let Some(r) = self.max_rate {
            check::positive("max_rate", r)?;
        }
        check::positive("ratio", self.ratio)?;
        check::in_range("ratio", self.ratio, 0.0, 100.0)?;
        check::in_range("mechanical_trail", self.mechanical_trail, -0.1, 0.2)
    }
}

/// What the steering stage needs to know about one wheel (derived once from the wheel's
/// parameters, see [`crate::wheel::steer_wheels`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SteerWheel {
    /// Wheel centre x at the design position, vehicle frame (forward). Unit: m.
    pub x: f64,
    /// Wheel centre y at the design position, vehicle frame (left). Unit: m.
    pub y: f64,
    /// Steer angle at full command, positive left. Unit: rad.
    pub max_steer: f64,
    /// False for a disabled wheel (it steers nothing and does not count for `x_ref`).
    pub enabled: bool,
}
