//! Drift detector: body slip angle and speed with entry/exit hysteresis (the role of
//! ground_vehicle's drift helper).
//!
//! ```text
//! enter:  |β| > enter_slip_angle  and  speed > enter_speed  and  ≥ 1 wheel grounded,
//!         held continuously for enter_time
//! exit:   |β| < exit_slip_angle   or   speed < exit_speed,  held for exit_time
//! ```
//! With the defaults (10°, 5 m/s, 0.2 s to enter; 5°, 3 m/s, 0 s to exit) a slide must build
//! past 10° at speed and last a fifth of a second to count, and ends only once β is back
//! under 5° or the car has nearly stopped: a β that wobbles between 5° and 10° neither starts
//! nor ends a drift (no chatter). β is [`super::body_slip_angle`] (ISO: + sliding left).
//!
//! ```
//! use skidpad::telemetry::drift::{DriftParams, DriftState, update, DriftChange};
//! let p = DriftParams::default();
//! let mut s = DriftState::default();
//! let beta = 15f64.to_radians();
//! assert_eq!(update(&p, &mut s, 0.0, beta, 10.0, true), None);
//! assert_eq!(update(&p, &mut s, 0.1, beta, 10.0, true), None);
//! assert!(matches!(update(&p, &mut s, 0.2, beta, 10.0, true), Some(DriftChange::Started { .. })));
//! assert_eq!(update(&p, &mut s, 0.3, 7f64.to_radians(), 10.0, true), None); // in the band
//! assert!(matches!(update(&p, &mut s, 0.4, 0.0, 10.0, true), Some(DriftChange::Ended { .. })));
//! ```

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Thresholds of the drift detector.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DriftParams {
    /// |β| above which a drift may start. Unit: rad. Range: (exit_slip_angle, π/2).
    /// Default: 10° (0.1745). Raise it to count only big slides.
    pub enter_slip_angle: f64,
    /// |β| below which a drift ends. Unit: rad. Range: [0, enter_slip_angle). Default: 5°.
    pub exit_slip_angle: f64,
    /// Speed above which a drift may start. Unit: m/s. Range: (exit_speed, ∞). Default: 5.
    pub enter_speed: f64,
    /// Speed below which a drift ends. Unit: m/s. Range: [0, enter_speed). Default: 3.
    pub exit_speed: f64,
    /// Time the entry condition must hold before the drift starts. Unit: s. Range: [0, ∞).
    /// Default: 0.2. Raise it to ignore short twitches.
    pub enter_time: f64,
    /// Time the exit condition must hold before the drift ends. Unit: s. Range: [0, ∞).
    /// Default: 0 (the angle band is the hysteresis).
    pub exit_time: f64,
}

impl Default for DriftParams {
    fn default() -> Self {
        Self {
            enter_slip_angle: 10f64.to_radians(),
            exit_slip_angle: 5f64.to_radians(),
            enter_speed: 5.0,
            exit_speed: 3.0,
            enter_time: 0.2,
            exit_time: 0.0,
        }
    }
}

impl DriftParams {
    /// Check the thresholds.
    ///
    /// # Errors
    /// The first field out of range, e.g. `exit_slip_angle` not below `enter_slip_angle`.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::in_range(
            "enter_slip_angle",
            self.enter_slip_angle,
            0.0,
            std::f64::consts::FRAC_PI_2,
        )?;
        check::in_range(
            "exit_slip_angle",
            self.exit_slip_angle,
            0.0,
            self.enter_slip_angle,
        )?;
        if self.exit_slip_angle >= self.enter_slip_angle {
            return Err(ParamError::new(
                "exit_slip_angle",
                "must be < enter_slip_angle (hysteresis)",
            ));
        }
        check::non_negative("exit_speed", self.exit_speed)?;
        check::finite("enter_speed", self.enter_speed)?;
        if self.enter_speed <= self.exit_speed {
            return Err(ParamError::new(
                "enter_speed",
                "must be > exit_speed (hysteresis)",
            ));
        }
        check::non_negative("enter_time", self.enter_time)?;
        check::non_negative("exit_time", self.exit_time)
    }
}

/// The detector's memory. `Default`: not drifting, no pending condition.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DriftState {
    /// A drift is under way.
    pub drifting: bool,
    /// When the pending entry (not drifting) or exit (drifting) condition started to hold.
    /// Unit: s.
    pub pending_since: Option<f64>,
    /// When the current drift started. Unit: s.
    pub started_at: f64,
    /// β of largest magnitude in the current drift (signed). Unit: rad.
    pub peak_slip_angle: f64,
}

/// A start or end of a drift.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DriftChange {
    /// The entry condition held for `enter_time`.
    Started {
        /// β at the start (+ sliding left). Unit: rad.
        slip_angle: f64,
        /// Speed at the start. Unit: m/s.
        speed: f64,
    },
    /// The exit condition held for `exit_time`.
    Ended {
        /// Time from start to end. Unit: s.
        duration: f64,
        /// β of largest magnitude during the drift (signed). Unit: rad.
        peak_slip_angle: f64,
    },
}

/// Advance the detector to time `time` (s) with body slip angle `beta` (rad), speed `speed`
/// (m/s) and whether any wheel is on the ground. Returns the change, if any. Pure apart from
/// `s`; never allocates.
pub fn update(
    p: &DriftParams,
    s: &mut DriftState,
    time: f64,
    beta: f64,
    speed: f64,
    grounded: bool,
) -> Option<DriftChange> {
    // Half a microsecond of slack so a hold time of exactly k steps is met on step k.
    const TIME_SLACK: f64 = 5e-7;
    if !s.drifting {
        let holds = beta.abs() > p.enter_slip_angle && speed > p.enter_speed && grounded;
        if !holds {
            s.pending_since = None;
            return None;
        }
        let since = *s.pending_since.get_or_insert(time);
        if time - since + TIME_SLACK < p.enter_time {
            return None;
        }
        *s = DriftState {
            drifting: true,
            pending_since: None,
            started_at: time,
            peak_slip_angle: beta,
        };
        return Some(DriftChange::Started {
            slip_angle: beta,
            speed,
        });
    }
    if beta.abs() > s.peak_slip_angle.abs() {
        s.peak_slip_angle = beta;
    }
    let exits = beta.abs() < p.exit_slip_angle || speed < p.exit_speed;
    if !exits {
        s.pending_since = None;
        return None;
    }
    let since = *s.pending_since.get_or_insert(time);
    if time - since + TIME_SLACK < p.exit_time {
        return None;
    }
    let change = DriftChange::Ended {
        duration: time - s.started_at,
        peak_slip_angle: s.peak_slip_angle,
    };
    *s = DriftState::default();
    Some(change)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_validate_and_bad_bands_are_rejected() {
        DriftParams::default().validate().unwrap();
        let p = DriftParams {
            exit_slip_angle: 0.2,
            ..DriftParams::default()
        };
        assert_eq!(p.validate().unwrap_err().path, "exit_slip_angle");
        let p = DriftParams {
            exit_speed: 6.0,
            ..DriftParams::default()
        };
        assert_eq!(p.validate().unwrap_err().path, "enter_speed");
        let p = DriftParams {
            enter_time: -1.0,
            ..DriftParams::default()
        };
        assert_eq!(p.validate().unwrap_err().path, "enter_time");
    }

    #[test]
    fn entry_needs_the_hold_time_and_the_band_prevents_chatter() {
        // 120 Hz samples. β alternates 12°/8° every sample for 1 s: the entry condition never
        // holds for 0.2 s, so no drift. Then 12° steadily: starts after exactly 24 steps
        // (0.2 s). Then β wobbles 6°..9° (inside the 5–10° band): no end. Then 4°: ends.
        let p = DriftParams::default();
        let mut s = DriftState::default();
        let dt = 1.0 / 120.0;
        let mut t = 0.0;
        let mut changes = Vec::new();
        let mut run = |s: &mut DriftState, beta_deg: &dyn Fn(usize) -> f64, n: usize| {
            for k in 0..n {
                if let Some(c) = update(&p, s, t, beta_deg(k).to_radians(), 10.0, true) {
                    changes.push((t, c));
                }
                t += dt;
            }
        };
        run(&mut s, &|k| if k % 2 == 0 { 12.0 } else { 8.0 }, 120);
        run(&mut s, &|_| 12.0, 30);
        run(&mut s, &|k| if k % 2 == 0 { 6.0 } else { 9.0 }, 120);
        run(&mut s, &|_| 4.0, 5);
        assert_eq!(changes.len(), 2, "{changes:?}");
        // Started at the 25th sample of the steady phase: 1 s + 24·dt.
        assert!((changes[0].0 - (1.0 + 24.0 * dt)).abs() < 1e-9);
        // Ended on the first 4° sample: 1 s + 30 dt + 1 s.
        assert!((changes[1].0 - (2.0 + 30.0 * dt)).abs() < 1e-9);
        match changes[1].1 {
            DriftChange::Ended {
                duration,
                peak_slip_angle,
            } => {
                assert!((duration - (1.0 + 6.0 * dt)).abs() < 1e-9);
                assert!((peak_slip_angle - 12f64.to_radians()).abs() < 1e-12);
            }
            c => panic!("{c:?}"),
        }
    }

    #[test]
    fn slow_speed_ends_and_prevents_a_drift() {
        let p = DriftParams::default();
        let mut s = DriftState::default();
        let b = 0.5;
        // 4 m/s is below the 5 m/s entry speed: never starts.
        for k in 0..100 {
            assert_eq!(update(&p, &mut s, k as f64 * 0.01, b, 4.0, true), None);
        }
        // Airborne: never starts either.
        for k in 0..100 {
            assert_eq!(update(&p, &mut s, k as f64 * 0.01, b, 10.0, false), None);
        }
        update(&p, &mut s, 0.0, b, 10.0, true);
        assert!(update(&p, &mut s, 0.2, b, 10.0, true).is_some());
        // 4 m/s is above the 3 m/s exit speed: the drift goes on; 2.9 m/s ends it.
        assert_eq!(update(&p, &mut s, 0.3, b, 4.0, true), None);
        assert!(update(&p, &mut s, 0.4, b, 2.9, true).is_some());
        assert!(!s.drifting);
    }
}
