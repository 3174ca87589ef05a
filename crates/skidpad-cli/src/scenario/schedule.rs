//! Open-loop input schedules: rows of time and inputs, inline in the scenario or from a CSV,
//! linearly interpolated in time and held after the last row.
//!
//! A schedule is one of two styles, never both. Values outside a channel's range are refused
//! when the file loads, naming file, line (or row) and key, never clamped silently:
//! `throttle`, `brake`, `handbrake` in [0, 1], `steer` in [−1, 1], and — checked against the
//! vehicle before the run — `gear` in −1 (reverse), 0 (neutral), 1..=N forward gears, only
//! for vehicles with a gearbox. The `[ground]` surface ids are checked the same way.
//!
//! | style | channels | drives the car through |
//! |---|---|---|
//! | pedals | `throttle`, `brake`, `handbrake` (0..1), `steer` (−1..1) **or** `steer_angle`, `gear`; tracked vehicles also `track_thrust_left`, `track_thrust_right` (−1..1), `track_brake_left`, `track_brake_right` (0..1) | [`Vehicle::set_intent`](skidpad::vehicle::Vehicle::set_intent): the vehicle's drivetrain, brakes and steering model |
//! | direct (per wheel) | `drive_torque`, `brake_torque`, `steer_angle` as arrays, one entry per wheel | [`Vehicle::set_wheel_commands`](skidpad::vehicle::Vehicle::set_wheel_commands) (PhysX *NoDrive*: the schedule owns the drivetrain) |
//!
//! In a CSV the per-wheel arrays are columns `drive_torque_<i>`, `brake_torque_<i>` and
//! `steer_angle_<i>` (wheel `i` in the vehicle file's order, from 0): column `K_<i>` is
//! entry `i` of the TOML array `K`. One name for one quantity: `steer_angle` is a road-wheel
//! angle either way, a single number for the car (through the steering model) or one per
//! wheel (set directly). Wheels without an entry get 0.
//!
//! `steer_angle` as one number is the road-wheel angle δ (positive left) asked of the
//! *reference wheel*, the enabled wheel with the largest `|max_steer|`. Each step it becomes
//! the steering command `steer = δ / (max_steer_ref · k(v))`, clamped to ±1, with
//! `k = `[`speed_factor`] at the current forward speed `v`. With Ackermann
//! (`steering.ackermann.accuracy > 0`) δ is that wheel's *nominal* (pre-Ackermann) angle: the
//! inner wheel of the turn gets it exactly when it is the reference, the outer one steers
//! less. The command then goes through the vehicle's input smoothing and steer-rate limit like
//! any other, and static toe is added on top, as in the `{wheel}_steer_rad` telemetry.

use skidpad::MAX_WHEELS;
use skidpad::steering::SteeringMode;
use skidpad::steering::model::speed_factor;
use skidpad::vehicle::{Intent, TrackIntent, VehicleParams, WheelCommand};

pub use super::schedule_read::{
    ChannelKey, ScheduleSource, read_schedule_csv, read_schedule_csv_with_source,
};

/// `steer_angle` in a row: one road-wheel angle for the car, or one per wheel.
#[derive(Debug, Clone, PartialEq)]
pub enum SteerAngle {
    /// Road-wheel angle of the reference wheel, through the steering model (pedal style).
    /// Unit: rad, positive left.
    Vehicle(f64),
    /// Steer angle of each wheel, set directly (direct style; the core clamps to ±1.2).
    /// Unit: rad, positive left.
    Wheels(Vec<f64>),
}

impl<'de> serde::Deserialize<'de> for SteerAngle {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = SteerAngle;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a road-wheel angle in rad, or an array of one angle per wheel")
            }
            fn visit_f64<E>(self, v: f64) -> Result<SteerAngle, E> {
                Ok(SteerAngle::Vehicle(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<SteerAngle, E> {
                Ok(SteerAngle::Vehicle(v as f64))
            }
            fn visit_u64<E>(self, v: u64) -> Result<SteerAngle, E> {
                Ok(SteerAngle::Vehicle(v as f64))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<SteerAngle, A::Error> {
                let mut out = Vec::new();
                while let Some(v) = seq.next_element::<f64>()? {
                    out.push(v);
                }
                Ok(SteerAngle::Wheels(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// One row of an open-loop schedule (inline `[[schedule]]` or one CSV record); absent
/// channels are 0 at this row.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct ScheduleRow {
    /// Time. Unit: s. Rows must be in increasing time.
    pub t: f64,
    /// Throttle, 0..1 (pedal style).
    pub throttle: Option<f64>,
    /// Brake, 0..1 (pedal style).
    pub brake: Option<f64>,
    /// Hand brake, 0..1 (pedal style).
    pub handbrake: Option<f64>,
    /// Steering command, −1..1, positive left (pedal style; not with a single
    /// `steer_angle`).
    pub steer: Option<f64>,
    /// Road-wheel steer angle: one for the car (pedal style, see the [module docs](self)) or
    /// one per wheel (direct style). Unit: rad, positive left.
    pub steer_angle: Option<SteerAngle>,
    /// Target gear (engine vehicles), held from this row on; absent = automatic (pedal style).
    pub gear: Option<i8>,
    /// Left track thrust, −1..1 (tracked vehicles, pedal style; PhysX DriveTank `leftThrust`).
    /// Any `track_*` key in a schedule makes the tracks follow these four channels
    /// ([`skidpad::vehicle::TrackIntent`]) instead of `steer`.
    pub track_thrust_left: Option<f64>,
    /// Right track thrust, −1..1 (tracked vehicles, pedal style).
    pub track_thrust_right: Option<f64>,
    /// Left track brake, 0..1 (tracked vehicles, pedal style).
    pub track_brake_left: Option<f64>,
    /// Right track brake, 0..1 (tracked vehicles, pedal style).
    pub track_brake_right: Option<f64>,
    /// Drive torque of each wheel about its axle, positive forward (direct style). Unit: N·m.
    pub drive_torque: Option<Vec<f64>>,
    /// Brake torque of each wheel (direct style; negative values act as 0). Unit: N·m.
    pub brake_torque: Option<Vec<f64>>,
}

impl ScheduleRow {
    /// True if the row sets a track channel (`track_*`).
    pub fn has_tracks(&self) -> bool {
        self.track_thrust_left.is_some()
            || self.track_thrust_right.is_some()
            || self.track_brake_left.is_some()
            || self.track_brake_right.is_some()
    }

    /// True if the row sets a per-wheel (direct) channel.
    pub fn is_direct(&self) -> bool {
        self.drive_torque.is_some()
            || self.brake_torque.is_some()
            || matches!(self.steer_angle, Some(SteerAngle::Wheels(_)))
    }

    /// The single `steer_angle`, if the row sets one.
    pub fn steer_angle(&self) -> Option<f64> {
        match self.steer_angle {
            Some(SteerAngle::Vehicle(a)) => Some(a),
            _ => None,
        }
    }

    /// The per-wheel steer angles, if the row sets them.
    pub fn wheel_steer_angles(&self) -> Option<&[f64]> {
        match &self.steer_angle {
            Some(SteerAngle::Wheels(a)) => Some(a),
            _ => None,
        }
    }

    /// Every channel value set in this row with its key (`t` and `gear` excluded).
    pub fn values(&self) -> Vec<(ChannelKey, f64)> {
        let mut out = Vec::new();
        let mut one = |name, v: Option<f64>| {
            if let Some(v) = v {
                out.push((ChannelKey { name, wheel: None }, v));
            }
        };
        one("throttle", self.throttle);
        one("brake", self.brake);
        one("handbrake", self.handbrake);
        one("steer", self.steer);
        one("steer_angle", self.steer_angle());
        one("track_thrust_left", self.track_thrust_left);
        one("track_thrust_right", self.track_thrust_right);
        one("track_brake_left", self.track_brake_left);
        one("track_brake_right", self.track_brake_right);
        for (name, vs) in [
            ("drive_torque", self.drive_torque.as_deref()),
            ("brake_torque", self.brake_torque.as_deref()),
            ("steer_angle", self.wheel_steer_angles()),
        ] {
            for (i, v) in vs.unwrap_or_default().iter().enumerate() {
                let key = ChannelKey {
                    name,
                    wheel: Some(i),
                };
                out.push((key, *v));
            }
        }
        out
    }
}

/// The rows around `t` and the fraction of the way from the first to the second: `(a, a, 0)`
/// before the first row and after the last one (held).
/// Times increase (checked at load), so the row after `t` is found by bisection: a replay of
/// one recorded row per step costs O(log n) a step, not O(n).
fn bracket(rows: &[ScheduleRow], t: f64) -> Option<(&ScheduleRow, &ScheduleRow, f64)> {
    let first = rows.first()?;
    Some(match rows.partition_point(|r| r.t <= t) {
        i if i == rows.len() => {
            let last = &rows[rows.len() - 1];
            (last, last, 0.0)
        }
        0 => (first, first, 0.0),
        i => {
            let (a, b) = (&rows[i - 1], &rows[i]);
            (a, b, (t - a.t) / (b.t - a.t))
        }
    })
}

/// What a schedule drives, decided once for all its rows (load checks that a schedule keeps
/// to one style).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Pedals and the steering command.
    Pedals,
    /// Pedals, steered by a single `steer_angle` through the steering model.
    PedalsWithSteerAngle,
    /// Per-wheel commands.
    Direct,
}

/// The style of `rows`: direct if any row sets a per-wheel channel, else pedals (with a steer
/// angle if any row sets a single `steer_angle`).
pub fn style(rows: &[ScheduleRow]) -> Style {
    if rows.iter().any(ScheduleRow::is_direct) {
        Style::Direct
    } else if rows.iter().any(|r| r.steer_angle().is_some()) {
        Style::PedalsWithSteerAngle
    } else {
        Style::Pedals
    }
}

fn lerp(a: Option<f64>, b: Option<f64>, f: f64) -> f64 {
    let (x, y) = (a.unwrap_or(0.0), b.unwrap_or(0.0));
    x + (y - x) * f
}

/// The driver input at time `t`: the pedal channels interpolated linearly, held after the
/// end. `steer` is the `steer` channel (0 if the schedule gives `steer_angle` instead: see
/// [`steer_angle_at`]); a direct schedule gives the default (released) intent.
pub fn intent_at(rows: &[ScheduleRow], t: f64) -> Intent {
    let Some((a, b, f)) = bracket(rows, t) else {
        return Intent::default();
    };
    Intent {
        throttle: lerp(a.throttle, b.throttle, f),
        brake: lerp(a.brake, b.brake, f),
        handbrake: lerp(a.handbrake, b.handbrake, f),
        steer: lerp(a.steer, b.steer, f),
        target_gear: a.gear,
        tracks: rows
            .iter()
            .any(ScheduleRow::has_tracks)
            .then(|| TrackIntent {
                thrust_left: lerp(a.track_thrust_left, b.track_thrust_left, f),
                thrust_right: lerp(a.track_thrust_right, b.track_thrust_right, f),
                brake_left: lerp(a.track_brake_left, b.track_brake_left, f),
                brake_right: lerp(a.track_brake_right, b.track_brake_right, f),
            }),
        ..Intent::default()
    }
}

/// The road-wheel angle `steer_angle` at time `t` (interpolated, held after the end), or
/// `None` if no row of the schedule sets it as a single number. Unit: rad.
pub fn steer_angle_at(rows: &[ScheduleRow], t: f64) -> Option<f64> {
    if style(rows) != Style::PedalsWithSteerAngle {
        return None;
    }
    interpolated_steer_angle(rows, t)
}

/// [`steer_angle_at`] without the style check (the caller knows it).
pub(super) fn interpolated_steer_angle(rows: &[ScheduleRow], t: f64) -> Option<f64> {
    let (a, b, f) = bracket(rows, t)?;
    Some(lerp(a.steer_angle(), b.steer_angle(), f))
}

/// The per-wheel commands at time `t` (each channel interpolated, held after the end; wheels
/// without an entry get 0), or `None` for a pedal-style schedule.
pub fn wheel_commands_at(rows: &[ScheduleRow], t: f64) -> Option<[WheelCommand; MAX_WHEELS]> {
    if style(rows) != Style::Direct {
        return None;
    }
    interpolated_commands(rows, t)
}

/// [`wheel_commands_at`] without the style check (the caller knows it).
pub(super) fn interpolated_commands(
    rows: &[ScheduleRow],
    t: f64,
) -> Option<[WheelCommand; MAX_WHEELS]> {
    let (a, b, f) = bracket(rows, t)?;
    let at = |v: Option<&[f64]>, i: usize| v.and_then(|v| v.get(i).copied());
    let mut out = [WheelCommand::default(); MAX_WHEELS];
    for (i, c) in out.iter_mut().enumerate() {
        *c = WheelCommand {
            drive_torque: lerp(
                at(a.drive_torque.as_deref(), i),
                at(b.drive_torque.as_deref(), i),
                f,
            ),
            brake_torque: lerp(
                at(a.brake_torque.as_deref(), i),
                at(b.brake_torque.as_deref(), i),
                f,
            ),
            steer_angle: lerp(
                at(a.wheel_steer_angles(), i),
                at(b.wheel_steer_angles(), i),
                f,
            ),
        };
    }
    Some(out)
}

/// `max_steer` of the reference wheel: the enabled wheel with the largest `|max_steer|` (the
/// first on ties), `None` if no wheel steers (every enabled wheel has `max_steer = 0`, or
/// steering is [`SteeringMode::Disabled`]). Unit: rad (signed).
pub fn reference_max_steer(p: &VehicleParams) -> Option<f64> {
    if p.steering.mode == SteeringMode::Disabled {
        return None;
    }
    let m = p
        .wheels
        .iter()
        .filter(|w| w.enabled)
        .map(|w| w.max_steer)
        .fold(0.0_f64, |a, m| if m.abs() > a.abs() { m } else { a });
    (m != 0.0).then_some(m)
}

/// The steering command that asks the reference wheel ([`reference_max_steer`]) for the
/// nominal road-wheel angle `delta` at forward speed `forward_speed`:
/// `steer = δ / (max_steer_ref · k(v))` clamped to ±1, `k` = [`speed_factor`]. Where the
/// speed table allows no steering at all (`k = 0`) the command is 0. `None` if no wheel steers.
pub fn steer_for_angle(p: &VehicleParams, delta: f64, forward_speed: f64) -> Option<f64> {
    let reach = reference_max_steer(p)? * speed_factor(&p.steering, forward_speed);
    Some(if reach == 0.0 {
        0.0
    } else {
        (delta / reach).clamp(-1.0, 1.0)
    })
}

/// Check a schedule against the vehicle that runs it: per-wheel entries only for wheels it
/// has, a `gear` only for a vehicle with a gearbox and within its gears, `track_*` channels
/// only for a tracked vehicle, and a nonzero `steer_angle` only if some wheel steers.
///
/// # Errors
/// `file:line: key KEY: message` (or `column`), located through `source`.
pub fn check_vehicle(
    rows: &[ScheduleRow],
    source: &ScheduleSource,
    p: &VehicleParams,
) -> Result<(), String> {
    let n = p.wheels.len();
    for (k, r) in rows.iter().enumerate() {
        for (name, len) in [
            ("drive_torque", r.drive_torque.as_ref().map(Vec::len)),
            ("brake_torque", r.brake_torque.as_ref().map(Vec::len)),
            ("steer_angle", r.wheel_steer_angles().map(<[f64]>::len)),
        ] {
            if let Some(len) = len.filter(|&l| l > n) {
                let key = ChannelKey {
                    name,
                    wheel: Some(len - 1),
                };
                return Err(format!(
                    "{}: wheel {} does not exist: vehicle \"{}\" has {n} wheels (0–{})",
                    source.locate_header(k, key),
                    len - 1,
                    p.name,
                    n.saturating_sub(1)
                ));
            }
        }
        if let Some(g) = r.gear {
            let key = ChannelKey {
                name: "gear",
                wheel: None,
            };
            let forward = p.drivetrain.gearbox.forward_ratios.len();
            if p.drivetrain.kind == skidpad::drivetrain::DriveKind::Direct {
                return Err(format!(
                    "{}: vehicle \"{}\" has direct drive, no gearbox (drivetrain.kind = \"direct\")",
                    source.locate(k, key),
                    p.name
                ));
            }
            if i64::from(g) < -1 || i64::from(g) > forward as i64 {
                return Err(format!(
                    "{}: must be −1 (reverse), 0 (neutral) or 1..={forward}: vehicle \"{}\" has \
                     {forward} forward gears (got {g})",
                    source.locate(k, key),
                    p.name
                ));
            }
        }
        if r.has_tracks() && p.drivetrain.kind != skidpad::drivetrain::DriveKind::Tank {
            let name = r
                .values()
                .into_iter()
                .map(|(key, _)| key.name)
                .find(|n| n.starts_with("track_"))
                .unwrap_or("track_thrust_left");
            let key = ChannelKey { name, wheel: None };
            return Err(format!(
                "{}: vehicle \"{}\" has no tracks (drivetrain.kind is not \"tank\")",
                source.locate(k, key),
                p.name
            ));
        }
        if r.steer_angle().is_some_and(|a| a != 0.0) && reference_max_steer(p).is_none() {
            let key = ChannelKey {
                name: "steer_angle",
                wheel: None,
            };
            return Err(format!(
                "{}: vehicle \"{}\" has no steered wheel (every enabled wheel has max_steer = 0, \
                 or steering.mode = \"disabled\"); steer it with per-wheel angles or torques \
                 instead",
                source.locate(k, key),
                p.name
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bracket_holds_before_and_after_and_hits_rows_exactly() {
        let row = |t: f64, throttle: f64| ScheduleRow {
            t,
            throttle: Some(throttle),
            ..ScheduleRow::default()
        };
        let rows = [row(1.0, 0.2), row(2.0, 0.6), row(4.0, 1.0)];
        let th = |t: f64| intent_at(&rows, t).throttle;
        // Held before the first row and after the last; each row's value at its own time;
        // linear in between: 0.6 + (1.0 − 0.6)·(3 − 2)/(4 − 2) = 0.8.
        assert_eq!((th(0.0), th(9.0)), (0.2, 1.0));
        assert_eq!((th(1.0), th(2.0), th(4.0)), (0.2, 0.6, 1.0));
        assert!((th(1.5) - 0.4).abs() < 1e-15 && (th(3.0) - 0.8).abs() < 1e-15);
        assert_eq!(style(&rows), Style::Pedals);
    }
}
