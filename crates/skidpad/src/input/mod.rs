//! Driver input smoothing: rise and fall rates per channel (PhysX `PxVehicleKeySmoothingData`
//! and `PxVehiclePadSmoothingData`).
//!
//! # Model
//! Each analog channel `u ∈ {throttle, brake, handbrake}` moves towards the raw value `r` at a
//! bounded rate; the steer channel rises *away from* centre and falls *back to* centre at
//! separate rates (so it can return faster than it leaves):
//!
//! ```text
//! pedals:  u⁺ = min(u + rise·dt, r)  if r > u,   u⁺ = max(u − fall·dt, r)  otherwise
//! steer:   moving away from 0 (|r| > |u|, same side): |u| grows at `rise`
//!          moving towards 0 (or across it):            |u| shrinks at `fall` until 0,
//!                                                      then grows at `rise` on the other side
//! ```
//!
//! A step from 0 to 1 therefore reaches the full value after exactly `1/rise` seconds.
//! Keyboard (digital, 0/1) and pad (analog) inputs use the same limiter with different rates:
//! [`InputSmoothingParams::keyboard`] and [`InputSmoothingParams::gamepad`] carry the PhysX
//! SnippetVehicle4W values. Non-analog fields of [`Intent`] (direction, gears) pass through.
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `rise`, `fall` | [`ChannelRates`] | 1/s (full scale per second) |
//! | `dt` | substep | s |
//!
//! References: NVIDIA PhysX 4 vehicle guide, "Filtering the Input Data".
//!
//! # Limits
//! A pure rate limiter: no dead zone or response curve (apply those before [`Intent`]).
//!
//! ```
//! use skidpad::input::{InputSmoothingParams, InputState, smooth};
//! use skidpad::vehicle::Intent;
//! let p = InputSmoothingParams::keyboard(); // throttle rises at 3 /s
//! let mut s = InputState::default();
//! let raw = Intent { throttle: 1.0, ..Intent::default() };
//! for _ in 0..10 { smooth(&p, &raw, &mut s, 0.01); }
//! assert!((s.smoothed.throttle - 0.3).abs() < 1e-12);
//! ```

pub mod commands;
pub mod intent;

pub use commands::{INLINE_COMMANDS, WheelCommands};
pub use intent::{
    Controls, Intent, MAX_WHEEL_TORQUE, TrackIntent, WheelCommand, sanitize_commands,
};

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Rates of one channel.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChannelRates {
    /// Rate while the value rises (steer: moves away from centre). Unit: 1/s.
    /// Range: (0, ∞). `1/rise` is the time a 0 → 1 step takes.
    pub rise: f64,
    /// Rate while the value falls (steer: returns to centre). Unit: 1/s. Range: (0, ∞).
    pub fall: f64,
}

impl ChannelRates {
    fn validate(&self) -> Result<(), ParamError> {
        check::positive("rise", self.rise)?;
        check::positive("fall", self.fall)
    }
}

/// Rise and fall rates of every channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InputSmoothingParams {
    /// Smooth at all. Default: false (the raw intent is used as is).
    pub enabled: bool,
    /// Throttle rates. Default (pad): rise 6, fall 10 /s.
    pub throttle: ChannelRates,
    /// Brake rates. Default (pad): rise 6, fall 10 /s.
    pub brake: ChannelRates,
    /// Hand-brake rates. Default (pad): rise 12, fall 12 /s.
    pub handbrake: ChannelRates,
    /// Steer rates: `rise` away from centre, `fall` back to centre. Default (pad): 2.5, 5 /s.
    pub steer: ChannelRates,
}

impl Default for InputSmoothingParams {
    fn default() -> Self {
        let mut p = Self::gamepad();
        p.enabled = false;
        p
    }
}

impl InputSmoothingParams {
    /// Digital (keyboard) rates of PhysX SnippetVehicle4W `gKeySmoothingData`: throttle and
    /// brake rise 3 / fall 5, hand brake 10 / 10, steer 2.5 away / 5 back to centre.
    pub fn keyboard() -> Self {
        let r = |rise, fall| ChannelRates { rise, fall };
        Self {
            enabled: true,
            throttle: r(3.0, 5.0),
            brake: r(3.0, 5.0),
            handbrake: r(10.0, 10.0),
            steer: r(2.5, 5.0),
        }
    }

    /// Analog (pad) rates of PhysX SnippetVehicle4W `gPadSmoothingData`: throttle and brake
    /// rise 6 / fall 10, hand brake 12 / 12, steer 2.5 away / 5 back to centre.
    pub fn gamepad() -> Self {
        let r = |rise, fall| ChannelRates { rise, fall };
        Self {
            enabled: true,
            throttle: r(6.0, 10.0),
            brake: r(6.0, 10.0),
            handbrake: r(12.0, 12.0),
            steer: r(2.5, 5.0),
        }
    }

    /// Check every rate.
    ///
    /// # Errors
    /// The first non-positive rate, e.g. `steer.rise`.
    pub fn validate(&self) -> Result<(), ParamError> {
        self.throttle.validate().map_err(|e| e.within("throttle"))?;
        self.brake.validate().map_err(|e| e.within("brake"))?;
        self.handbrake
            .validate()
            .map_err(|e| e.within("handbrake"))?;
        self.steer.validate().map_err(|e| e.within("steer"))
    }
}

/// The smoothed intent in force (the limiter's memory). `Default`: everything released.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct InputState {
    /// The intent after smoothing, as the pipeline used it last substep.
    pub smoothed: Intent,
}

/// Move `u` towards `r` at `rise` (up) or `fall` (down) per second.
#[inline]
pub fn rate_limit(u: f64, r: f64, rates: &ChannelRates, dt: f64) -> f64 {
    if r > u {
        (u + rates.rise * dt).min(r)
    } else {
        (u - rates.fall * dt).max(r)
    }
}

/// Steer limiter: away from centre at `rise`, back towards (and through) centre at `fall`
/// until 0, then away on the other side at `rise` for the rest of the substep.
#[inline]
pub fn steer_limit(u: f64, r: f64, rates: &ChannelRates, dt: f64) -> f64 {
    let away = (r.abs() > u.abs() && r * u >= 0.0) || u == 0.0;
    if away {
        let step = rates.rise * dt;
        return if r > u {
            (u + step).min(r)
        } else {
            (u - step).max(r)
        };
    }
    // Towards centre.
    let step = rates.fall * dt;
    if r * u > 0.0 {
        // Same side, smaller magnitude: stop at r.
        return if u > r {
            (u - step).max(r)
        } else {
            (u + step).min(r)
        };
    }
    // Target at or across zero: reach 0 first, then spend the rest rising on the other side.
    let t_zero = u.abs() / rates.fall;
    if t_zero >= dt {
        return u - u.signum() * step;
    }
    let rest = (dt - t_zero) * rates.rise;
    if r > 0.0 { rest.min(r) } else { (-rest).max(r) }
}

/// The smoothing stage: update `s.smoothed` from the raw intent and return it. With
/// smoothing disabled the raw intent passes through unchanged (and is still recorded).
pub fn smooth(p: &InputSmoothingParams, raw: &Intent, s: &mut InputState, dt: f64) -> Intent {
    s.smoothed = if p.enabled {
        let u = &s.smoothed;
        Intent {
            throttle: rate_limit(u.throttle, raw.throttle, &p.throttle, dt),
            brake: rate_limit(u.brake, raw.brake, &p.brake, dt),
            handbrake: rate_limit(u.handbrake, raw.handbrake, &p.handbrake, dt),
            steer: steer_limit(u.steer, raw.steer, &p.steer, dt),
            ..*raw
        }
    } else {
        *raw
    };
    s.smoothed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps of `dt` until the channel first reaches `target` (within 1e-12).
    fn time_to_reach(p: &InputSmoothingParams, raw: Intent, get: fn(&Intent) -> f64) -> f64 {
        let dt = 1e-3;
        let mut s = InputState::default();
        let mut t = 0.0;
        while (get(&s.smoothed) - get(&raw)).abs() > 1e-12 {
            smooth(p, &raw, &mut s, dt);
            t += dt;
            assert!(t < 10.0);
        }
        t
    }

    #[test]
    fn a_step_reaches_full_value_in_one_over_rise_rate() {
        // Keyboard: throttle/brake rise 3 /s → 1/3 s; hand brake 10 /s → 0.1 s;
        // steer 2.5 /s → 0.4 s either way. Tolerance one 1 ms step.
        for p in [
            InputSmoothingParams::keyboard(),
            InputSmoothingParams::gamepad(),
        ] {
            type Case = (Intent, fn(&Intent) -> f64, f64);
            let cases: [Case; 5] = [
                (
                    Intent {
                        throttle: 1.0,
                        ..Intent::default()
                    },
                    |i| i.throttle,
                    p.throttle.rise,
                ),
                (
                    Intent {
                        brake: 1.0,
                        ..Intent::default()
                    },
                    |i| i.brake,
                    p.brake.rise,
                ),
                (
                    Intent {
                        handbrake: 1.0,
                        ..Intent::default()
                    },
                    |i| i.handbrake,
                    p.handbrake.rise,
                ),
                (
                    Intent {
                        steer: 1.0,
                        ..Intent::default()
                    },
                    |i| i.steer,
                    p.steer.rise,
                ),
                (
                    Intent {
                        steer: -1.0,
                        ..Intent::default()
                    },
                    |i| i.steer,
                    p.steer.rise,
                ),
            ];
            for (raw, get, rise) in cases {
                let t = time_to_reach(&p, raw, get);
                assert!(
                    (t - 1.0 / rise).abs() <= 1.0e-3 + 1e-9,
                    "{t} vs {}",
                    1.0 / rise
                );
            }
        }
    }

    #[test]
    fn steer_returns_to_centre_faster_and_crosses_over() {
        let p = InputSmoothingParams::keyboard();
        let mut s = InputState {
            smoothed: Intent {
                steer: 1.0,
                ..Intent::default()
            },
        };
        // Release: back to 0 at 5 /s → 0.2 s, not 0.4 s.
        let raw = Intent::default();
        for _ in 0..20 {
            smooth(&p, &raw, &mut s, 0.01);
        }
        assert!(s.smoothed.steer.abs() < 1e-12, "{}", s.smoothed.steer);
        // Full left to full right: 0.2 s to centre, then 0.4 s to −1 = 0.6 s; in one 0.25 s
        // substep: 0.2 s to centre, then 0.05 s × 2.5 = −0.125.
        let mut s = InputState {
            smoothed: Intent {
                steer: 1.0,
                ..Intent::default()
            },
        };
        let raw = Intent {
            steer: -1.0,
            ..Intent::default()
        };
        smooth(&p, &raw, &mut s, 0.25);
        assert!(
            (s.smoothed.steer + 0.125).abs() < 1e-12,
            "{}",
            s.smoothed.steer
        );
    }

    #[test]
    fn disabled_passes_through_and_rates_validate() {
        let p = InputSmoothingParams::default();
        let raw = Intent {
            throttle: 0.7,
            steer: -0.3,
            reverse: true,
            ..Intent::default()
        };
        let mut s = InputState::default();
        assert_eq!(smooth(&p, &raw, &mut s, 0.01), raw);
        let mut bad = InputSmoothingParams::keyboard();
        bad.steer.fall = 0.0;
        assert_eq!(bad.validate().unwrap_err().path, "steer.fall");
    }
}
