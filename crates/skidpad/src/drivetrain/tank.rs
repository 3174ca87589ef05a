//! Tracked drive (PhysX `PxVehicleDriveTank`, ground_vehicle `DriveModel::Track`).
//!
//! All wheels on one side share one speed (the track), enforced by stiff internal locks in
//! the implicit solve; each side's track inertia is spread over its wheels. The driver's
//! throttle `θ` and steer `σ` (positive left) become track thrusts by a **turn-demand split**:
//!
//! | mode | left thrust `t_L` | right thrust `t_R` | brakes |
//! |---|---|---|---|
//! | `Standard` | `θ·(1 − max(σ, 0))` | `θ·(1 − max(−σ, 0))` | inner track braked by `|σ|·turn_brake` |
//! | `Special` | `clamp(θ − σ, −1, 1)` | `clamp(θ + σ, −1, 1)` | none: tracks may counter-rotate |
//!
//! The engine throttle is `max(|t_L|, |t_R|)`; the gearbox output torque is shared by
//! `t_side/(|t_L| + |t_R|)`, split equally over the side's wheels (so `Special` with no
//! throttle and full steer turns on the spot).

// Dense index arithmetic over fixed-size arrays reads best with index loops.
#![allow(clippy::needless_range_loop)]

use super::differential::{LockModel, Topology};
use crate::MAX_WHEELS;
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// PhysX tank drive modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TankMode {
    /// Tracks only thrust forward (or only backward in reverse); turning slows and brakes the
    /// inner track.
    #[default]
    Standard,
    /// Tracks may turn in opposite directions: neutral steer on the spot.
    Special,
}

/// Tracked-drive parameters (used when the drive kind is `tank`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TankParams {
    /// Drive mode. Default: standard.
    pub mode: TankMode,
    /// Spin inertia of one track with its sprockets, about the wheel axle. Unit: kg·m².
    /// Range: [0, ∞). Default: 10. Raise it for a heavier, slower-reacting track.
    pub track_inertia: f64,
    /// Standard mode: fraction of each wheel's `max_brake_torque` applied to the inner track
    /// at full steer. Unit: 1. Range: [0, 1]. Default: 0.5.
    pub turn_brake: f64,
}

impl Default for TankParams {
    fn default() -> Self {
        Self {
            mode: TankMode::Standard,
            track_inertia: 10.0,
            turn_brake: 0.5,
        }
    }
}

impl TankParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::non_negative("track_inertia", self.track_inertia)?;
        check::in_range("turn_brake", self.turn_brake, 0.0, 1.0)
    }
}

/// Track thrusts and brake fractions from throttle and steer.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TrackDemand {
    /// Left track thrust, −1..1.
    pub left: f64,
    /// Right track thrust, −1..1.
    pub right: f64,
    /// Engine throttle, 0..1.
    pub throttle: f64,
    /// Brake fraction on the left track, 0..1.
    pub brake_left: f64,
    /// Brake fraction on the right track, 0..1.
    pub brake_right: f64,
}

/// The turn-demand split (see the module table).
pub fn demand(p: &TankParams, throttle: f64, steer: f64) -> TrackDemand {
    match p.mode {
        TankMode::Standard => TrackDemand {
            left: throttle * (1.0 - steer.max(0.0)),
            right: throttle * (1.0 - (-steer).max(0.0)),
            throttle,
            brake_left: steer.max(0.0) * p.turn_brake,
            brake_right: (-steer).max(0.0) * p.turn_brake,
        },
        TankMode::Special => {
            let left = (throttle - steer).clamp(-1.0, 1.0);
            let right = (throttle + steer).clamp(-1.0, 1.0);
            TrackDemand {
                left,
                right,
                throttle: left.abs().max(right.abs()),
                brake_left: 0.0,
                brake_right: 0.0,
            }
        }
    }
}

/// Shares and track locks for `n` wheels with sides `side[i]` (+1 left, −1 right).
pub fn topology(
    d: &TrackDemand,
    side: &[f64],
    enabled: &[bool],
    n: usize,
    stiffness: f64,
) -> Topology {
    let mut t = Topology::default();
    let (mut nl, mut nr) = (0usize, 0usize);
    for i in 0..n {
        if enabled[i] {
            if side[i] > 0.0 {
                nl += 1;
            } else {
                nr += 1;
            }
        }
    }
    let sum = d.left.abs() + d.right.abs();
    let (sl, sr) = if sum > 1e-9 {
        (d.left / sum, d.right / sum)
    } else {
        (0.5, 0.5)
    };
    let (mut last_l, mut last_r): (Option<usize>, Option<usize>) = (None, None);
    for i in 0..n {
        if !enabled[i] {
            continue;
        }
        let left = side[i] > 0.0;
        t.share[i] = if left { sl / nl as f64 } else { sr / nr as f64 };
        let last = if left { &mut last_l } else { &mut last_r };
        if let Some(j) = *last {
            let mut a = [0.0; MAX_WHEELS];
            let mut b = [0.0; MAX_WHEELS];
            a[j] = 1.0;
            b[i] = 1.0;
            t.push_lock(a, b, LockModel::Viscous { stiffness }, 0.0);
        }
        *last = Some(i);
    }
    t
}

/// Number of enabled wheels on the side of wheel `i`.
pub fn side_count(side: &[f64], enabled: &[bool], i: usize) -> usize {
    side.iter()
        .zip(enabled)
        .filter(|(s, e)| **e && (**s > 0.0) == (side[i] > 0.0))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_counter_rotates_standard_does_not() {
        let sp = TankParams {
            mode: TankMode::Special,
            ..Default::default()
        };
        let d = demand(&sp, 0.0, 1.0);
        assert_eq!((d.left, d.right, d.throttle), (-1.0, 1.0, 1.0));
        let st = TankParams::default();
        let d = demand(&st, 1.0, 1.0);
        assert_eq!((d.left, d.right), (0.0, 1.0));
        assert_eq!(d.brake_left, 0.5);
        let side = [1.0, -1.0, 1.0, -1.0];
        let t = topology(&demand(&sp, 0.0, 1.0), &side, &[true; 4], 4, 1e4);
        assert_eq!(t.share[0], -0.25);
        assert_eq!(t.share[1], 0.25);
        assert_eq!(t.n_locks, 2);
    }
}
