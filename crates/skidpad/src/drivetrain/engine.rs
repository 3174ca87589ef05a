//! Engine: torque curve, damping (engine braking), idle and rev limit (PhysX
//! `PxVehicleEngineData`).
//!
//! ```text
//! T_e(ω_e, θ) = θ·T_peak·f(ω_e/ω_max)                    drive torque, θ = throttle ∈ [0, 1]
//! c_zero(e)  = c_dis + (c_eng − c_dis)·e                  e = clutch engagement ∈ [0, 1]
//! c(θ, e)    = c_zero(e) + (c_full − c_zero(e))·θ
//! I_e·ω̇_e    = T_e − c(θ, e)·ω_e − T_clutch               ω_idle ≤ ω_e ≤ ω_max
//! ```
//! Engine braking is the zero-throttle damping `c_zero·ω_e` seen through the clutch.
//! PhysX switches between the engaged and disengaged rates on the gear (neutral or not);
//! here the clutch can be partly engaged (pedal, automatic launch), so the zero-throttle rate
//! follows the engagement `e`. A binary switch would load an engine whose centrifugal clutch
//! has only just begun to bite (`e ≈ 0`, no torque through it) with the full engaged
//! damping: at part throttle it could then never rise far enough to engage (stuck at idle).

use crate::curve::Curve;
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Points of the normalised torque curve.
pub const TORQUE_CURVE_POINTS: usize = 8;

/// Engine parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EngineParams {
    /// Peak torque at the crankshaft. Unit: N·m. Range: (0, ∞). Default: 500 (PhysX default).
    /// Raise it for more acceleration in every gear.
    pub peak_torque: f64,
    /// Normalised torque curve: x = ω_e/ω_max in [0, 1], y = fraction of `peak_torque`.
    /// Unit: 1 → 1. Range: y in [0, 1]. Default: (0, 0.8), (0.33, 1), (1, 0.8) (PhysX default).
    pub torque_curve: Curve<TORQUE_CURVE_POINTS>,
    /// Maximum (rev-limiter) speed: the engine is held at or below it. Unit: rad/s.
    /// Range: (0, [`MAX_ENGINE_SPEED`]] (30 000 rpm). Default: 600 (≈ 5730 rpm, PhysX default).
    pub max_speed: f64,
    /// Idle speed: the idle governor holds the engine at or above it. Unit: rad/s.
    /// Range: [0, max_speed). Default: 80 (≈ 760 rpm). Set 0 for no governor.
    pub idle_speed: f64,
    /// Moment of inertia of crank, flywheel and gearbox input. Unit: kg·m².
    /// Range: (0, [`MAX_ENGINE_INERTIA`]].
    /// Default: 0.2 (a 2-litre car engine with flywheel). Lower it for a revvier engine.
    pub inertia: f64,
    /// Damping rate at full throttle. Unit: N·m·s/rad.
    /// Range: [0, [`MAX_ENGINE_DAMPING`]]. Default: 0.15
    /// (PhysX default). Raise it to lower the free-revving top speed.
    pub damping_full_throttle: f64,
    /// Damping rate at zero throttle with the clutch engaged (engine braking).
    /// Unit: N·m·s/rad. Range: [0, [`MAX_ENGINE_DAMPING`]]. Default: 2.0 (PhysX default). Raise it for stronger
    /// engine braking.
    pub damping_zero_throttle_engaged: f64,
    /// Damping rate at zero throttle in neutral or with the clutch open.
    /// Unit: N·m·s/rad. Range: [0, [`MAX_ENGINE_DAMPING`]]. Default: 0.35 (PhysX default).
    pub damping_zero_throttle_disengaged: f64,
}

/// Largest engine peak torque accepted: ten times a 60 t truck's diesel (≈ 3500 N·m) and a
/// tank's (≈ 5000 N·m). Unit: N·m.
pub const MAX_ENGINE_TORQUE: f64 = 1e5;

/// Largest engine speed accepted (maximum and idle): 30 000 rpm, above any motorcycle, racing
/// or electric-motor redline (≈ 20 000 rpm). Unit: rad/s.
pub const MAX_ENGINE_SPEED: f64 = 1000.0 * std::f64::consts::PI;

/// Largest engine inertia accepted: a large diesel's crank and flywheel are ≈ 5 kg·m².
/// Unit: kg·m².
pub const MAX_ENGINE_INERTIA: f64 = 100.0;

/// Largest engine damping rate accepted: 500× PhysX's default engine braking (2 N·m·s/rad).
/// Unit: N·m·s/rad.
pub const MAX_ENGINE_DAMPING: f64 = 1000.0;

impl Default for EngineParams {
    fn default() -> Self {
        Self {
            peak_torque: 500.0,
            torque_curve: Curve::new(&[(0.0, 0.8), (0.33, 1.0), (1.0, 0.8)]),
            max_speed: 600.0,
            idle_speed: 80.0,
            inertia: 0.2,
            damping_full_throttle: 0.15,
            damping_zero_throttle_engaged: 2.0,
            damping_zero_throttle_disengaged: 0.35,
        }
    }
}

impl EngineParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("peak_torque", self.peak_torque)?;
        check::range(
            "peak_torque",
            self.peak_torque,
            0.0,
            MAX_ENGINE_TORQUE,
            "N·m",
        )?;
        self.torque_curve
            .validate()
            .map_err(|e| e.within("torque_curve"))?;
        let (lo, hi) = self.torque_curve.y_range();
        if lo < 0.0 || hi > 1.0 {
            return Err(ParamError::new(
                "torque_curve",
                format!("y must be in [0, 1] (got {lo}..{hi})"),
            ));
        }
        check::positive("max_speed", self.max_speed)?;
        check::range("max_speed", self.max_speed, 0.0, MAX_ENGINE_SPEED, "rad/s")?;
        check::range(
            "idle_speed",
            self.idle_speed,
            0.0,
            MAX_ENGINE_SPEED,
            "rad/s",
        )?;
        if self.idle_speed >= self.max_speed {
            return Err(ParamError::new(
                "idle_speed",
                format!("must be < max_speed (got {})", self.idle_speed),
            ));
        }
        check::positive("inertia", self.inertia)?;
        check::range("inertia", self.inertia, 0.0, MAX_ENGINE_INERTIA, "kg·m²")?;
        for (path, v) in [
            ("damping_full_throttle", self.damping_full_throttle),
            (
                "damping_zero_throttle_engaged",
                self.damping_zero_throttle_engaged,
            ),
            (
                "damping_zero_throttle_disengaged",
                self.damping_zero_throttle_disengaged,
            ),
        ] {
            check::range(path, v, 0.0, MAX_ENGINE_DAMPING, "N·m·s/rad")?;
        }
        Ok(())
    }
}

/// Drive torque `θ·T_peak·f(ω_e/ω_max)` (before damping). Unit: N·m.
pub fn drive_torque(p: &EngineParams, throttle: f64, omega: f64) -> f64 {
    throttle * p.peak_torque * p.torque_curve.eval(omega / p.max_speed)
}

/// Damping rate interpolated by throttle between the zero-throttle rate and the
/// full-throttle rate (PhysX semantics); the zero-throttle rate is interpolated by the clutch
/// `engagement` (0 = open or neutral, 1 = engaged) between the disengaged and engaged rates.
/// Unit: N·m·s/rad.
pub fn damping_rate(p: &EngineParams, throttle: f64, engagement: f64) -> f64 {
    let e = engagement.clamp(0.0, 1.0);
    let zero = p.damping_zero_throttle_disengaged
        + (p.damping_zero_throttle_engaged - p.damping_zero_throttle_disengaged) * e;
    zero + (p.damping_full_throttle - zero) * throttle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torque_and_damping() {
        let p = EngineParams::default();
        assert!((drive_torque(&p, 1.0, 0.33 * 600.0) - 500.0).abs() < 1e-9);
        assert!((drive_torque(&p, 0.5, 600.0) - 200.0).abs() < 1e-9);
        assert!((damping_rate(&p, 0.0, 1.0) - 2.0).abs() < 1e-12);
        assert!((damping_rate(&p, 1.0, 0.0) - 0.15).abs() < 1e-12);
        assert!((damping_rate(&p, 0.5, 0.0) - 0.25).abs() < 1e-12);
        // Half-engaged clutch, zero throttle: (0.35 + 2.0)/2 = 1.175.
        assert!((damping_rate(&p, 0.0, 0.5) - 1.175).abs() < 1e-12);
    }

    #[test]
    fn validate_paths() {
        let mut p = EngineParams {
            idle_speed: 700.0,
            ..Default::default()
        };
        assert_eq!(p.validate().unwrap_err().path, "idle_speed");
        p.idle_speed = 0.0;
        p.torque_curve = Curve::new(&[(0.0, 1.5)]);
        assert_eq!(p.validate().unwrap_err().path, "torque_curve");
    }
}
