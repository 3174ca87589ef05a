//! Stability helpers, each opt-in (all off by default): hill/park hold, yaw-rate damping,
//! anti-rollover and airborne upright torque with landing help.
//!
//! # Formulas
//! With `v` the forward speed, `ω` the chassis angular velocity (world), `ẑ_b` the vehicle's
//! up axis and `ẑ` the world up axis, tilt `θ = acos(ẑ_b·ẑ)`, tilt-restoring axis
//! `â = (ẑ_b × ẑ)/|ẑ_b × ẑ|`, `I_w = R I Rᵀ` the world inertia:
//!
//! ```text
//! hill hold:      T_brake,i ≥ f_hold · T_brake,max,i        while |v| < v_engage and throttle ≤ u_release
//!                 (a physical brake torque: the tire model holds the car, no force is invented)
//! yaw damping:    τ = −k_ψ · I_zz · (ω·ẑ_b) · clamp((|v| − v₀)/v_fade, 0, 1) · ẑ_b
//! anti-rollover:  one-sided speculative constraint on the tilt, like Jolt's `mMaxPitchRollAngle`:
//!                 (θ₁, r₁) = tilt and tilt rate r = −ω·â after a trial step of the chassis
//!                            integrator under τ_other;  P = θ₁ + ½ dt r₁  (where a stop next
//!                            substep ends: the integrator turns by the mean of start and end rates)
//!                 P ≤ θ_max + (1 − β)·max(θ − θ_max, 0)   and   θ₁ ≤ max(θ_max, θ)
//!                 τ = τ_a â,  τ_a ≥ 0 the least that meets both: dP/dτ_a ≈ dt²·âᵀI_w⁻¹â
//!                            (refined by one secant step through a second trial)
//! upright (air):  τ = I_w (ω_n² θ â − 2ζω_n ω_⊥),   ω_⊥ = ω − (ω·ẑ)ẑ       all wheels off the ground
//! landing help:   τ = −I_w 2ζω_n ω_⊥ · (1 − t/t_land)                      for t_land after touchdown
//! ```
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `f_hold` | [`HillHoldParams::brake_fraction`] | 1 |
//! | `k_ψ` | [`YawDampingParams::rate`] | 1/s |
//! | `θ_max` | [`AntiRolloverParams::max_angle`] | rad |
//! | `β` | [`AntiRolloverParams::correction`] | 1 |
//! | `ω_n, ζ` | [`AirborneParams::frequency`] (as 2πf), [`AirborneParams::damping_ratio`] | rad/s, 1 |
//!
//! References: Jolt Physics `VehicleConstraintSettings::mMaxPitchRollAngle` ("the vehicle up
//! direction will stay within a cone centred around the up axis with half top angle
//! mMaxPitchRollAngle"); ground_vehicle stability helpers; Catto, "Iterative dynamics with
//! temporal coherence" (speculative constraints, Baumgarte).
//!
//! # Limits
//! Yaw damping, anti-rollover and the upright torque are pure torques (no force): they are
//! arcade aids, not physics. Below the limit the anti-rollover constraint brings the tilt to
//! rest on the limit in two substeps (deadbeat, no bounce); the stop point `P` is first-order
//! in the other components of ω, so the tilt can pass the limit by ~1e-6 rad in a hard J-turn.
//! It costs one trial chassis rotation step per substep near the limit (two when it acts);
//! far from it a bound on the reach, `2 dt (1.5|ω| + dt|α|)`, skips the trial.
//!
//! Hill hold cannot hold a car whose tires cannot: on µ too low for the grade, or through the
//! foundation tire's viscous creep of a locked wheel,
//! `v ≈ tanθ·v_min/C_κ · (1 + dt·C_κ·g·cosθ/v_min)` (≈ 1.6 cm/s on 20 % with the defaults).
//! With a transient-slip tire (`SlipCurve`, `Brush`, `SimpleMagic`, `MagicFormula`) the
//! locked wheel's patch is a spring and the hold keeps the car still (< 1 µm in 2 s on 20 %).
//!
//! ```
//! use skidpad::stability::StabilityParams;
//! let mut s = StabilityParams::default();
//! assert!(!s.hill_hold.enabled && !s.anti_rollover.enabled);
//! s.anti_rollover.enabled = true;
//! s.anti_rollover.max_angle = 30f64.to_radians();
//! s.validate().unwrap();
//! ```

pub mod model;

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

pub use model::StabilityState;

/// Hold a stopped vehicle with its service brakes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HillHoldParams {
    /// Use it. Default: false.
    pub enabled: bool,
    /// Below this speed the hold engages (when the throttle is released). Unit: m/s.
    /// Range: (0, ∞). Default: 0.3. Raise it if the car rolls away before the hold engages.
    pub max_engage_speed: f64,
    /// Throttle above which the hold releases. Unit: 1. Range: [0, 1). Default: 0.05.
    pub release_throttle: f64,
    /// Brake torque while holding, as a fraction of each wheel's `max_brake_torque`.
    /// Unit: 1. Range: (0, 1]. Default: 0.6 (the sedan then holds on ≈ 30 % grades on µ = 1).
    pub brake_fraction: f64,
    /// Longest hold; then the brakes release until the car has moved or been braked again.
    /// Unit: s. Range: (0, ∞) or absent. Default: absent (hold until throttle).
    pub max_hold_time: Option<f64>,
}

impl Default for HillHoldParams {
    fn default() -> Self {
        Self {
            enabled: false,
            max_engage_speed: 0.3,
            release_throttle: 0.05,
            brake_fraction: 0.6,
            max_hold_time: None,
        }
    }
}

/// Damp the yaw rate above a speed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct YawDampingParams {
    /// Use it. Default: false.
    pub enabled: bool,
    /// Decay rate of the yaw rate from the torque alone. Unit: 1/s. Range: (0, 50].
    /// Default: 1.0. Raise it for a calmer car; keep `rate·dt < 1`.
    pub rate: f64,
    /// Speed where the damping starts. Unit: m/s. Range: [0, ∞). Default: 5.
    pub min_speed: f64,
    /// Speed span over which it fades in to full strength. Unit: m/s. Range: (0, ∞). Default: 5.
    pub fade_speed: f64,
}

impl Default for YawDampingParams {
    fn default() -> Self {
        Self {
            enabled: false,
            rate: 1.0,
            min_speed: 5.0,
            fade_speed: 5.0,
        }
    }
}

/// Keep the chassis up direction within a cone about the world up axis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AntiRolloverParams {
    /// Use it. Default: false.
    pub enabled: bool,
    /// Largest tilt (combined roll and pitch) of the vehicle up axis from the world up axis.
    /// Unit: rad. Range: (0, π]. Default: 0.6 (≈ 34°). Lower it for an arcade car.
    pub max_angle: f64,
    /// Fraction of a violation corrected per substep (Baumgarte). Unit: 1. Range: [0, 1].
    /// Default: 0.2.
    pub correction: f64,
}

impl Default for AntiRolloverParams {
    fn default() -> Self {
        Self {
            enabled: false,
            max_angle: 0.6,
            correction: 0.2,
        }
    }
}

/// Airborne upright torque and landing help.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AirborneParams {
    /// Use it. Default: false.
    pub enabled: bool,
    /// Natural frequency of the upright spring (independent of the inertia). Unit: Hz.
    /// Range: (0, 10]. Default: 0.8. Raise it for faster recovery in the air.
    pub frequency: f64,
    /// Damping ratio of the upright spring. Unit: 1. Range: [0, 5]. Default: 1.
    pub damping_ratio: f64,
    /// After touchdown the roll/pitch damping keeps acting, fading to 0 over this time.
    /// Unit: s. Range: [0, ∞). Default: 0.3. 0 switches the landing help off.
    pub landing_time: f64,
}

impl Default for AirborneParams {
    fn default() -> Self {
        Self {
            enabled: false,
            frequency: 0.8,
            damping_ratio: 1.0,
            landing_time: 0.3,
        }
    }
}

/// All stability helpers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct StabilityParams {
    /// Hill/park hold.
    pub hill_hold: HillHoldParams,
    /// Yaw-rate damping.
    pub yaw_damping: YawDampingParams,
    /// Anti-rollover tilt limit.
    pub anti_rollover: AntiRolloverParams,
    /// Airborne upright torque and landing help.
    pub airborne: AirborneParams,
}

impl StabilityParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, e.g. `anti_rollover.max_angle`.
    pub fn validate(&self) -> Result<(), ParamError> {
        let h = &self.hill_hold;
        check::positive("hill_hold.max_engage_speed", h.max_engage_speed)?;
        if !(h.release_throttle.is_finite() && (0.0..1.0).contains(&h.release_throttle)) {
            return Err(ParamError::new(
                "hill_hold.release_throttle",
                format!("must be in [0, 1) (got {})", h.release_throttle),
            ));
        }
        check::positive("hill_hold.brake_fraction", h.brake_fraction)?;
        check::in_range("hill_hold.brake_fraction", h.brake_fraction, 0.0, 1.0)?;
        if let Some(t) = h.max_hold_time {
            check::positive("hill_hold.max_hold_time", t)?;
        }
        let y = &self.yaw_damping;
        check::positive("yaw_damping.rate", y.rate)?;
        check::in_range("yaw_damping.rate", y.rate, 0.0, 50.0)?;
        check::non_negative("yaw_damping.min_speed", y.min_speed)?;
        check::positive("yaw_damping.fade_speed", y.fade_speed)?;
        let r = &self.anti_rollover;
        check::positive("anti_rollover.max_angle", r.max_angle)?;
        check::in_range(
            "anti_rollover.max_angle",
            r.max_angle,
            0.0,
            std::f64::consts::PI,
        )?;
        check::in_range("anti_rollover.correction", r.correction, 0.0, 1.0)?;
        let a = &self.airborne;
        check::positive("airborne.frequency", a.frequency)?;
        check::in_range("airborne.frequency", a.frequency, 0.0, 10.0)?;
        check::in_range("airborne.damping_ratio", a.damping_ratio, 0.0, 5.0)?;
        check::non_negative("airborne.landing_time", a.landing_time)
    }
}
