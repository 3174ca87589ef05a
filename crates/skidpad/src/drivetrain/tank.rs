//! Tracked drive (PhysX `PxVehicleDriveTank`, ground_vehicle `DriveModel::Track`).
//!
//! # Model
//! All wheels on one side share one speed (the track), enforced by stiff internal locks in
//! the implicit solve; each side's track inertia is spread over its wheels. The tracks are
//! steered by a **steering gear**: the driver's two track thrusts `t_L`, `t_R` (PhysX
//! `leftThrust`/`rightThrust`) set the *speed ratio* of the tracks, and the gearbox drives the
//! outer (larger-|t|) track:
//!
//! ```text
//! outer track o = argmax(|t_L|, |t_R|),   inner track i = the other
//! ω_out = sgn(t_o)·ω̄_o                      (gearbox output = mean wheel spin of the outer side)
//! ω̄_i  = ρ·ω̄_o,   ρ = t_i / t_o ∈ [−1, 1]   (the steering lock: T = k·(ρ·ω̄_o − ω̄_i))
//! engine throttle = θ·|t_o|
//! ```
//!
//! The ratio is a velocity constraint, so it holds whatever the sign of the torque through
//! the gearbox: driving, coasting and engine braking all keep `|ω_i| ≤ |ω_o|`, and the
//! vehicle yaws towards the inner track in every gear and at every speed. (A *torque* split
//! of the gearbox output, as PhysX and clutch-and-brake steering do, turns the wrong way on
//! the overrun: the engine brakes the driven outer track harder than the free inner one.)
//! `ρ = 1` runs straight, `ρ = 0` stops the inner track (the smallest `Standard` circle,
//! turning about the inner track), `ρ = −1` counter-rotates the tracks: neutral steer, a
//! pivot turn on the spot. Both thrusts 0: the gearbox is disconnected (PhysX: no drive
//! torque) and the tracks roll freely. Per-track brakes `b_L`, `b_R` (0..1) apply
//! `b·max_brake_torque` to each wheel of their side.
//!
//! The thrusts come from [`crate::input::TrackIntent`] (PhysX's raw tank inputs) or, without
//! one, from throttle `θ` and steer `σ` (positive left, inner track = left):
//!
//! | mode | thrusts from `σ` | `ρ` | throttle | inner-track brake |
//! |---|---|---|---|---|
//! | `Standard` | outer 1, inner `1 − |σ|`; given thrusts clamped to [0, 1] | `1 − |σ|` ∈ [0, 1] | `θ` | `|σ|·turn_brake` |
//! | `Special` | outer 1, inner `1 − 2|σ|`; given thrusts in [−1, 1] | `1 − 2|σ|` ∈ [−1, 1] | `max(θ, |σ|)` | none |
//!
//! In `Special` mode steering alone opens the throttle to `|σ|` so that a pivot turn at
//! standstill has power (PhysX drives both tracks from the stick deflections).
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `t_L`, `t_R` | track thrusts | 1 |
//! | `ρ` | inner/outer track speed ratio | 1 |
//! | `ω̄` | mean wheel spin of one side | rad/s |
//! | `k` | lock stiffness (`differential.lock_stiffness`) | N·m·s/rad |
//!
//! Skid-steer kinematics (Wong, *Theory of Ground Vehicles*, 4th ed., ch. 7): with track
//! speeds `v_o`, `v_i` and track spacing `B`, the turn radius without track slip is
//! `R = (B/2)·(v_o + v_i)/(v_o − v_i)` and the yaw rate `r = (v_o − v_i)/B`; slip makes the
//! real radius larger.
//!
//! # Limits
//! No regenerative steering power flow model beyond the lock (the lock torque is whatever
//! holds the ratio); the steering lock shares `lock_stiffness` with the track locks. Track
//! thrusts pass the input smoothing unchanged.

// Dense index arithmetic over fixed-size arrays reads best with index loops.
#![allow(clippy::needless_range_loop)]

use super::differential::{LockModel, Topology};
use crate::MAX_WHEELS;
use crate::error::{ParamError, check};
use crate::input::TrackIntent;
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

/// Thrusts below this magnitude count as zero (both zero: gearbox disconnected). Unit: 1.
pub const MIN_THRUST: f64 = 1e-9;

/// Track thrusts, engine throttle and brake fractions for one substep.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TrackDemand {
    /// Track thrusts `[left, right]`, −1..1 (their ratio is the track speed ratio).
    pub thrust: [f64; 2],
    /// Engine throttle, 0..1.
    pub throttle: f64,
    /// Brake fraction of each track `[left, right]`, 0..1.
    pub brake: [f64; 2],
}

impl TrackDemand {
    /// The outer track (0 left, 1 right: the larger |thrust|, on a tie the larger thrust),
    /// `ρ = t_inner/t_outer` and the outer track's direction `sgn(t_outer)`; `None` when both
    /// thrusts are zero.
    pub fn steering(&self) -> Option<(usize, f64, f64)> {
        let [l, r] = self.thrust;
        if l.abs().max(r.abs()) < MIN_THRUST {
            return None;
        }
        // On a tie (straight, or a pivot) the gearbox drives the forward-thrusting track.
        let left_outer = l.abs() > r.abs() || (l.abs() == r.abs() && l >= r);
        let (o, i) = if left_outer { (0, 1) } else { (1, 0) };
        let to = self.thrust[o];
        Some((o, self.thrust[i] / to, to.signum()))
    }
}

/// The demand (see the module table): from the per-track inputs if given, else from throttle
/// and steer. Inputs are already sanitized (finite, in range).
pub fn demand(
    p: &TankParams,
    throttle: f64,
    steer: f64,
    tracks: Option<&TrackIntent>,
) -> TrackDemand {
    if let Some(t) = tracks {
        let lo = match p.mode {
            TankMode::Standard => 0.0,
            TankMode::Special => -1.0,
        };
        let thrust = [t.thrust_left.clamp(lo, 1.0), t.thrust_right.clamp(lo, 1.0)];
        return TrackDemand {
            thrust,
            throttle: throttle * thrust[0].abs().max(thrust[1].abs()),
            brake: [t.brake_left, t.brake_right],
        };
    }
    let s = steer.abs();
    let (inner, throttle, inner_brake) = match p.mode {
        TankMode::Standard => (1.0 - s, throttle, s * p.turn_brake),
        TankMode::Special => (1.0 - 2.0 * s, throttle.max(s), 0.0),
    };
    // Steer left (σ > 0): the left track is the inner one.
    let (thrust, brake) = if steer > 0.0 {
        ([inner, 1.0], [inner_brake, 0.0])
    } else {
        ([1.0, inner], [0.0, inner_brake])
    };
    TrackDemand {
        thrust,
        throttle,
        brake,
    }
}

/// Shares, track locks and the steering lock for `n` wheels with sides `side[i]` (+1 left,
/// −1 right).
pub fn topology(
    d: &TrackDemand,
    side: &[f64],
    enabled: &[bool],
    n: usize,
    stiffness: f64,
) -> Topology {
    let mut t = Topology::default();
    let mut count = [0usize; 2];
    for i in 0..n {
        if enabled[i] {
            count[side_index(side[i])] += 1;
        }
    }
    let mut last: [Option<usize>; 2] = [None, None];
    for i in 0..n {
        if !enabled[i] {
            continue;
        }
        let s = side_index(side[i]);
        if let Some(j) = last[s] {
            let mut a = [0.0; MAX_WHEELS];
            let mut b = [0.0; MAX_WHEELS];
            a[j] = 1.0;
            b[i] = 1.0;
            t.push_lock(a, b, LockModel::Viscous { stiffness }, 0.0);
        }
        last[s] = Some(i);
    }
    let Some((o, rho, dir)) = d.steering() else {
        return t;
    };
    if count[0] == 0 || count[1] == 0 {
        return t;
    }
    // Steering lock T = k·(ρ·ω̄_o − ω̄_i); the gearbox drives the outer side.
    let (mut a, mut b) = ([0.0; MAX_WHEELS], [0.0; MAX_WHEELS]);
    for i in 0..n {
        if !enabled[i] {
            continue;
        }
        let s = side_index(side[i]);
        if s == o {
            t.share[i] = dir / count[o] as f64;
            a[i] = rho / count[o] as f64;
        } else {
            b[i] = 1.0 / count[s] as f64;
        }
    }
    t.push_lock(a, b, LockModel::Viscous { stiffness }, 0.0);
    t
}

/// 0 for a wheel left of the centreline (`side > 0`), 1 for one right of it.
pub fn side_index(side: f64) -> usize {
    if side > 0.0 { 0 } else { 1 }
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
    fn thrusts_ratio_and_locks() {
        let sp = TankParams {
            mode: TankMode::Special,
            ..Default::default()
        };
        // Special, full steer left, no throttle: pivot (ρ = −1), throttle |σ| = 1.
        let d = demand(&sp, 0.0, 1.0, None);
        assert_eq!((d.thrust, d.throttle), ([-1.0, 1.0], 1.0));
        assert_eq!(d.steering(), Some((1, -1.0, 1.0)));
        // Standard, half steer right: left outer, right at 0.5, right braked 0.5·0.5.
        let st = TankParams::default();
        let d = demand(&st, 0.8, -0.5, None);
        assert_eq!(
            (d.thrust, d.throttle, d.brake),
            ([1.0, 0.5], 0.8, [0.0, 0.25])
        );
        // Given thrusts: standard clamps reverse thrust to 0; both 0 disconnects.
        let t = TrackIntent {
            thrust_left: -1.0,
            thrust_right: 0.5,
            brake_left: 0.2,
            brake_right: 0.0,
        };
        let d = demand(&st, 1.0, 0.0, Some(&t));
        assert_eq!(
            (d.thrust, d.throttle, d.brake),
            ([0.0, 0.5], 0.5, [0.2, 0.0])
        );
        assert_eq!(demand(&sp, 1.0, 0.0, Some(&t)).thrust, [-1.0, 0.5]);
        let none = TrackIntent::default();
        assert_eq!(demand(&sp, 1.0, 0.0, Some(&none)).steering(), None);
        // Four wheels, pivot left: the right side is driven (share 1/2 each), one track lock
        // per side and the steering lock a = ρ/2 on the right, b = 1/2 on the left.
        let side = [1.0, -1.0, 1.0, -1.0];
        let t = topology(&demand(&sp, 0.0, 1.0, None), &side, &[true; 4], 4, 1e4);
        assert_eq!(t.share[..4], [0.0, 0.5, 0.0, 0.5]);
        assert_eq!(t.n_locks, 3);
        assert_eq!(t.locks[2].a[..4], [0.0, -0.5, 0.0, -0.5]);
        assert_eq!(t.locks[2].b[..4], [0.5, 0.0, 0.5, 0.0]);
    }
}
