//! Gear selection: the automatic box (PhysX `PxVehicleAutoBoxData`), manual shifting, and the
//! direction-change policy (ground_vehicle `GearModel`).
//!
//! The autobox shifts up one gear when `ω_e/ω_max > up[g]` and down one when
//! `ω_e/ω_max < down[g]`, then waits `latency` before deciding again. During an automatic
//! shift the throttle is cut (PhysX). Manual commands (`gear_up`, `gear_down`,
//! `target_gear`) always work and take precedence; [`AutoboxParams::enabled`] is the default
//! mode, switchable at run time.
//!
//! Direction changes (the driver's `reverse` flag, automatic mode only): `Immediate` selects
//! reverse (or first) at once; `StopThenChange` first brakes the vehicle to below
//! `stop_speed` with the throttle pedal, then changes direction.

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

use super::gearbox::GearboxParams;

/// How the automatic box handles a request to change direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DirectionChange {
    /// Engage reverse (or first) at once; the engine brakes the vehicle through the clutch.
    Immediate,
    /// Brake to a stop (the throttle pedal acts as brake) before engaging the other direction.
    #[default]
    StopThenChange,
}

/// Automatic gearbox parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AutoboxParams {
    /// Start in automatic mode. Default: true.
    pub enabled: bool,
    /// Up-shift thresholds per forward gear (index 0 = first) as fractions of the engine's
    /// max speed. Unit: 1. Range: (0, 1]. Default: 0.85 for every gear; a shorter list is
    /// padded with its last value.
    pub up: Vec<f64>,
    /// Down-shift thresholds per forward gear as fractions of the max speed. Unit: 1.
    /// Range: [0, up). Default: 0.4. Must stay below the speed the engine lands at after an
    /// up-shift (`up[g]·r[g+1]/r[g]`) or the box hunts (checked by `validate`).
    pub down: Vec<f64>,
    /// Minimum time between automatic decisions. Unit: s. Range: ≥ gearbox switch time.
    /// Default: 1.0 (PhysX default 2). Must exceed the switch time (PhysX guide).
    pub latency: f64,
    /// Cut the throttle while an automatic shift is in progress. Default: true.
    pub throttle_cut: bool,
    /// Direction-change policy. Default: stop then change.
    pub direction_change: DirectionChange,
    /// Speed below which the vehicle counts as stopped for a direction change. Unit: m/s.
    /// Range: (0, ∞). Default: 0.5.
    pub stop_speed: f64,
}

impl Default for AutoboxParams {
    fn default() -> Self {
        Self {
            enabled: true,
            up: vec![0.85],
            down: vec![0.4],
            latency: 1.0,
            throttle_cut: true,
            direction_change: DirectionChange::StopThenChange,
            stop_speed: 0.5,
        }
    }
}

fn padded(v: &[f64], i: usize) -> f64 {
    v.get(i).or(v.last()).copied().unwrap_or(0.0)
}

impl AutoboxParams {
    /// Up-shift threshold of forward gear `g` (1-based).
    pub fn up_threshold(&self, g: i8) -> f64 {
        padded(&self.up, (g.max(1) - 1) as usize)
    }

    /// Down-shift threshold of forward gear `g` (1-based).
    pub fn down_threshold(&self, g: i8) -> f64 {
        padded(&self.down, (g.max(1) - 1) as usize)
    }

    /// Check every field against the gearbox.
    ///
    /// # Errors
    /// The first broken rule, with its field path (`down[2]`).
    pub fn validate(&self, gb: &GearboxParams) -> Result<(), ParamError> {
        if self.up.is_empty() || self.down.is_empty() {
            return Err(ParamError::new("up", "up and down need at least one value"));
        }
        for (i, &u) in self.up.iter().enumerate() {
            check::in_range(&format!("up[{i}]"), u, 1e-9, 1.0)?;
        }
        for (i, &d) in self.down.iter().enumerate() {
            check::in_range(&format!("down[{i}]"), d, 0.0, 1.0)?;
        }
        let n = gb.top_gear();
        for g in 1..n {
            let (r0, r1) = (gb.total_ratio(g), gb.total_ratio(g + 1));
            let landing = self.up_threshold(g) * r1 / r0;
            if self.down_threshold(g + 1) >= landing {
                return Err(ParamError::new(
                    format!("down[{g}]"),
                    format!(
                        "must be < {landing:.3} (= up[{}]·r{}/r{}) or the box hunts",
                        g - 1,
                        g + 1,
                        g
                    ),
                ));
            }
        }
        check::positive("latency", self.latency)?;
        if self.latency <= gb.switch_time {
            return Err(ParamError::new(
                "latency",
                format!(
                    "must exceed gearbox.switch_time ({}) or the box cycles through neutral",
                    gb.switch_time
                ),
            ));
        }
        check::positive("stop_speed", self.stop_speed)
    }
}

/// What the gear logic decided for this substep.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GearDecision {
    /// Start a shift to this gear (if `Some`).
    pub shift_to: Option<i8>,
    /// The shift is automatic (cuts the throttle).
    pub automatic: bool,
    /// Turn the throttle pedal into brake (stop-then-change in progress).
    pub throttle_as_brake: bool,
}

/// Automatic decision for one substep. `ratio` = ω_e/ω_max, `speed` = forward speed (m/s),
/// `timer` = time since the last automatic shift, `reverse` = the driver wants to go backwards.
pub fn automatic(
    p: &AutoboxParams,
    gb: &GearboxParams,
    gear: i8,
    ratio: f64,
    speed: f64,
    timer: f64,
    reverse: bool,
) -> GearDecision {
    let mut d = GearDecision::default();
    let wanted_dir: i8 = if reverse { -1 } else { 1 };
    let wrong_dir = gear != 0 && gear.signum() != wanted_dir;
    if wrong_dir || gear == 0 {
        let moving_wrong = speed * f64::from(wanted_dir) < -p.stop_speed;
        if moving_wrong && p.direction_change == DirectionChange::StopThenChange {
            d.throttle_as_brake = true;
            if gear != 0 {
                d.shift_to = Some(0);
            }
        } else {
            d.shift_to = Some(wanted_dir);
            d.automatic = true;
        }
        return d;
    }
    if timer < p.latency || gear < 0 {
        return d;
    }
    if ratio > p.up_threshold(gear) && gear < gb.top_gear() {
        d.shift_to = Some(gear + 1);
        d.automatic = true;
    } else if ratio < p.down_threshold(gear) && gear > 1 {
        d.shift_to = Some(gear - 1);
        d.automatic = true;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_and_hunting_rule() {
        let gb = GearboxParams::default();
        let p = AutoboxParams::default();
        p.validate(&gb).unwrap();
        // 1→2 lands at 0.85·2/4 = 0.425 > 0.4: fine. A down threshold of 0.45 hunts.
        let bad = AutoboxParams {
            down: vec![0.45],
            ..p.clone()
        };
        assert_eq!(bad.validate(&gb).unwrap_err().path, "down[1]");
        let d = automatic(&p, &gb, 2, 0.9, 10.0, 2.0, false);
        assert_eq!(d.shift_to, Some(3));
        let d = automatic(&p, &gb, 2, 0.9, 10.0, 0.5, false);
        assert_eq!(d.shift_to, None, "latency");
        let d = automatic(&p, &gb, 3, 0.2, 10.0, 2.0, false);
        assert_eq!(d.shift_to, Some(2));
        // Rolling forward at 5 m/s and asking for reverse: brake first.
        let d = automatic(&p, &gb, 2, 0.5, 5.0, 2.0, true);
        assert!(d.throttle_as_brake);
        assert_eq!(d.shift_to, Some(0));
        let d = automatic(&p, &gb, 0, 0.1, 0.1, 2.0, true);
        assert_eq!(d.shift_to, Some(-1));
    }
}
