//! Clutch: a viscous coupling between the engine and the gearbox input (PhysX
//! `PxVehicleClutchData`), engaged by a pedal and optionally by an automatic (centrifugal)
//! launch.
//!
//! ```text
//! T_c = e·K·(ω_e − G·ω_out)        K = strength, G = total gear ratio, ω_out = Σ aᵢ·ωᵢ
//! e   = (1 − pedal)·e_auto(ω_e)    e_auto = smoothstep((ω_e − ω_idle)/(ω_engage − ω_idle))
//! ```
//! `ω_out` is the differential input speed (the weighted mean of the driven wheel speeds, see
//! [`super::differential`]). The coupling is solved implicitly with the wheels
//! ([`super::solver`]), so any strength is stable; so is the automatic engagement: `e` is
//! the one of the end-of-substep engine speed ([`super::solver::engagement`], law
//! [`Engagement`]), so a launch from idle transmits torque from its first substep.

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Clutch parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClutchParams {
    /// Coupling strength: torque per unit speed difference across the clutch.
    /// Unit: N·m·s/rad. Range: (0, [`MAX_CLUTCH_STRENGTH`]]. Default: 10 (PhysX default). Raise it for less
    /// clutch slip; the implicit solve stays stable at any value.
    pub strength: f64,
    /// Automatic launch: the clutch engages as the engine speed rises from idle to
    /// `engage_engine_speed` (a centrifugal clutch; lets a car pull away and stop in gear without
    /// stalling). When false the clutch is always engaged unless the pedal is pressed.
    /// Default: true.
    pub automatic: bool,
    /// Engine speed at which the automatic clutch is fully engaged. Unit: rad/s.
    /// Range: (idle_speed, max_speed]. Default: 200 (≈ 1900 rpm). Raise it for harder launches.
    pub engage_engine_speed: f64,
}

impl Default for ClutchParams {
    fn default() -> Self {
        Self {
            strength: 10.0,
            automatic: true,
            engage_engine_speed: 200.0,
        }
    }
}

/// Largest clutch strength accepted: 10⁵× PhysX's default (10 N·m·s/rad); the implicit solve
/// is stable at any value, but beyond this the clutch is rigid to rounding. Unit: N·m·s/rad.
pub const MAX_CLUTCH_STRENGTH: f64 = 1e6;

impl ClutchParams {
    /// Check every field; `idle` and `max` are the engine's idle and maximum speeds.
    ///
    /// # Errors
    /// The first broken rule, with its field path.
    pub fn validate(&self, idle: f64, max: f64) -> Result<(), ParamError> {
        check::positive("strength", self.strength)?;
        check::range(
            "strength",
            self.strength,
            0.0,
            MAX_CLUTCH_STRENGTH,
            "N·m·s/rad",
        )?;
        if self.automatic {
            check::finite("engage_engine_speed", self.engage_engine_speed)?;
            if self.engage_engine_speed <= idle || self.engage_engine_speed > max {
                return Err(ParamError::new(
                    "engage_engine_speed",
                    format!(
                        "must be in (engine.idle_speed, engine.max_speed] = ({idle}, {max}] (got {})",
                        self.engage_engine_speed
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Engagement `e ∈ [0, 1]` from the pedal (0 released … 1 pressed) and the engine speed.
pub fn engagement(p: &ClutchParams, pedal: f64, engine_speed: f64, idle_speed: f64) -> f64 {
    let auto = if p.automatic {
        automatic(engine_speed, idle_speed, p.engage_engine_speed)
    } else {
        1.0
    };
    (1.0 - pedal.clamp(0.0, 1.0)) * auto
}

/// The automatic clutch's `e_auto = smoothstep((ω_e − ω_idle)/(ω_engage − ω_idle))`.
fn automatic(engine_speed: f64, idle_speed: f64, engage_speed: f64) -> f64 {
    let x = ((engine_speed - idle_speed) / (engage_speed - idle_speed)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

/// The automatic clutch's engagement as a function of the engine speed, for the coupled
/// solve to evaluate at the end-of-substep speed ([`super::solver`]): `e(ω_e) = (1 − pedal)·
/// e_auto(ω_e)` (the same bits as [`engagement`]), and the engine damping it implies (the
/// zero-throttle rate interpolated by `e`, [`super::engine::damping_rate`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Engagement {
    /// Clutch strength `K`. Unit: N·m·s/rad.
    pub strength: f64,
    /// Clutch pedal, 0 released … 1 pressed. Unit: 1.
    pub pedal: f64,
    /// Engine idle speed. Unit: rad/s.
    pub idle: f64,
    /// Engine speed of full engagement. Unit: rad/s.
    pub engage: f64,
    /// Engine damping rate at `e = 0` and at `e = 1` (this substep's throttle). Unit:
    /// N·m·s/rad.
    pub damping: [f64; 2],
    /// The engagement the engine term's clutch and damping were evaluated at. Unit: 1.
    pub e: f64,
}

impl Engagement {
    /// The law of an automatic clutch (`p.automatic`) at this pedal and idle speed, evaluated
    /// at engine speed `omega` (rad/s); the damping rates at `e = 0` and `e = 1` are the
    /// caller's.
    pub fn automatic(
        p: &ClutchParams,
        pedal: f64,
        idle: f64,
        damping: [f64; 2],
        omega: f64,
    ) -> Self {
        let mut law = Self {
            strength: p.strength,
            pedal,
            idle,
            engage: p.engage_engine_speed,
            damping,
            e: 0.0,
        };
        law.e = law.at(omega);
        law
    }

    /// Engagement `e ∈ [0, 1 − pedal]` at engine speed `omega` (rad/s).
    pub fn at(&self, omega: f64) -> f64 {
        (1.0 - self.pedal.clamp(0.0, 1.0)) * automatic(omega, self.idle, self.engage)
    }

    /// The largest engagement the pedal allows, `1 − pedal`.
    pub fn max(&self) -> f64 {
        1.0 - self.pedal.clamp(0.0, 1.0)
    }

    /// Engine damping rate at engagement `e`: `d₀ + (d₁ − d₀)·e`. Unit: N·m·s/rad.
    pub fn damping_at(&self, e: f64) -> f64 {
        let [d0, d1] = self.damping;
        d0 + (d1 - d0) * e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engagement_ramps_from_idle() {
        let p = ClutchParams::default();
        assert_eq!(engagement(&p, 0.0, 80.0, 80.0), 0.0);
        assert_eq!(engagement(&p, 0.0, 250.0, 80.0), 1.0);
        assert!((engagement(&p, 0.0, 140.0, 80.0) - 0.5).abs() < 1e-12);
        assert_eq!(engagement(&p, 1.0, 250.0, 80.0), 0.0);
        let manual = ClutchParams {
            automatic: false,
            ..p
        };
        assert_eq!(engagement(&manual, 0.25, 0.0, 80.0), 0.75);
    }
}
