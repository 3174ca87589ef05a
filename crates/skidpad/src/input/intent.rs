//! Driver commands: normalised pedals and steering, or direct per-wheel torques and angles.
//!
//! Rule for bad input: a **non-finite** value (NaN, ±∞) is rejected with an [`InputError`] and
//! the previous command stays in force; a finite value outside its range is **clamped** to the
//! range (a pad may overshoot 1.0 slightly; that is not an error).

use super::commands::WheelCommands;
use crate::MAX_WHEELS;
use crate::error::InputError;

/// Normalised driver intent (PhysX `PxVehicleDriveNWRawInputData` role).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Intent {
    /// Accelerator, 0 = released, 1 = floored.
    pub throttle: f64,
    /// Service brake, 0..1.
    pub brake: f64,
    /// Hand brake, 0..1.
    pub handbrake: f64,
    /// Steering, −1..1, positive = left.
    pub steer: f64,
    /// Drive backwards: the direct drive torque changes sign; with an automatic gearbox it
    /// selects reverse (following the direction-change policy).
    pub reverse: bool,
    /// Clutch pedal, 0 = released (engaged) … 1 = pressed (open). Engine drives only.
    pub clutch: f64,
    /// Shift up one gear (acts on the rising edge). Engine drives only.
    pub gear_up: bool,
    /// Shift down one gear (acts on the rising edge). Engine drives only.
    pub gear_down: bool,
    /// Shift to this gear (−1 reverse, 0 neutral, 1.. forward; clamped to the gearbox).
    /// `None` leaves the choice to `gear_up`/`gear_down` or the automatic box.
    pub target_gear: Option<i8>,
    /// Tracked drives only: per-track thrust and brake (PhysX `PxVehicleDriveTankRawInputData`).
    /// `None` derives them from `throttle` and `steer` ([`crate::drivetrain::tank`]); with
    /// them, `throttle` is the accelerator and `steer` is not used. Ignored by wheeled drives.
    pub tracks: Option<TrackIntent>,
}

/// Per-track commands of a tracked drive (PhysX `leftThrust`, `rightThrust`, `leftBrake`,
/// `rightBrake`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TrackIntent {
    /// Left track thrust, −1..1 (the `standard` tank mode uses 0..1: negative counts as 0).
    pub thrust_left: f64,
    /// Right track thrust, −1..1 (`standard`: 0..1).
    pub thrust_right: f64,
    /// Left track brake, 0..1 of each left wheel's `max_brake_torque`.
    pub brake_left: f64,
    /// Right track brake, 0..1 of each right wheel's `max_brake_torque`.
    pub brake_right: f64,
}

impl TrackIntent {
    /// Check for non-finite values (field `tracks.<name>`) and clamp the rest into range.
    ///
    /// # Errors
    /// The first non-finite field.
    pub fn sanitized(&self) -> Result<Self, InputError> {
        let f = |name: &str, v: f64, lo: f64| {
            if v.is_finite() {
                Ok(v.clamp(lo, 1.0))
            } else {
                Err(InputError::new(
                    format!("tracks.{name}"),
                    format!("must be finite (got {v})"),
                ))
            }
        };
        Ok(Self {
            thrust_left: f("thrust_left", self.thrust_left, -1.0)?,
            thrust_right: f("thrust_right", self.thrust_right, -1.0)?,
            brake_left: f("brake_left", self.brake_left, 0.0)?,
            brake_right: f("brake_right", self.brake_right, 0.0)?,
        })
    }
}

impl Intent {
    /// Check for non-finite values and clamp the rest into range.
    ///
    /// # Errors
    /// The first non-finite field.
    pub fn sanitized(&self) -> Result<Self, InputError> {
        let f = |name: &str, v: f64, lo: f64, hi: f64| {
            if v.is_finite() {
                Ok(v.clamp(lo, hi))
            } else {
                Err(InputError::new(name, format!("must be finite (got {v})")))
            }
        };
        Ok(Self {
            throttle: f("throttle", self.throttle, 0.0, 1.0)?,
            brake: f("brake", self.brake, 0.0, 1.0)?,
            handbrake: f("handbrake", self.handbrake, 0.0, 1.0)?,
            steer: f("steer", self.steer, -1.0, 1.0)?,
            reverse: self.reverse,
            clutch: f("clutch", self.clutch, 0.0, 1.0)?,
            gear_up: self.gear_up,
            gear_down: self.gear_down,
            target_gear: self.target_gear.map(|g| g.max(-1)),
            tracks: self.tracks.map(|t| t.sanitized()).transpose()?,
        })
    }
}

/// Largest drive or brake torque a direct command may put on one wheel; larger magnitudes are
/// clamped to it. 10⁶ N·m is ten times the wheel torque of the largest haul trucks' hub motors
/// (≈ 10⁵ N·m in low gear), and small enough that `T·dt/I` stays far from overflow for any
/// valid wheel inertia and step. Unit: N·m.
pub const MAX_WHEEL_TORQUE: f64 = 1.0e6;

/// A direct command for one wheel (PhysX `NoDrive`: the caller owns the drivetrain).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct WheelCommand {
    /// Drive torque about the axle, positive forward. Unit: N·m (clamped to
    /// ±[`MAX_WHEEL_TORQUE`]).
    pub drive_torque: f64,
    /// Brake torque magnitude. Unit: N·m (clamped to [0, [`MAX_WHEEL_TORQUE`]]).
    pub brake_torque: f64,
    /// Steer angle, positive left. Unit: rad (clamped to ±1.2).
    pub steer_angle: f64,
}

/// What drives the wheels this step. `Clone`, not `Copy` (the direct commands of more than
/// [`super::commands::INLINE_COMMANDS`] wheels are one heap block); [`Clone::clone_from`]
/// copies into the existing storage.
#[derive(Debug, PartialEq)]
pub enum Controls {
    /// Pedals and wheel mapped through each wheel's `max_*` limits.
    Intent(Intent),
    /// Per-wheel torques and angles set directly (a wheel without a command gets zero:
    /// [`WheelCommands::get`]).
    Direct(WheelCommands),
}

impl Clone for Controls {
    fn clone(&self) -> Self {
        match self {
            Controls::Intent(i) => Controls::Intent(*i),
            Controls::Direct(c) => Controls::Direct(c.clone()),
        }
    }

    /// Direct commands copy into `self`'s block when both are direct with as many commands.
    fn clone_from(&mut self, source: &Self) {
        match (&mut *self, source) {
            (Controls::Direct(c), Controls::Direct(s)) => c.clone_from(s),
            _ => *self = source.clone(),
        }
    }
}

impl Default for Controls {
    fn default() -> Self {
        Controls::Intent(Intent::default())
    }
}

/// Check and clamp direct wheel commands.
///
/// # Errors
/// The first non-finite field, named `wheels[i].field`.
pub fn sanitize_commands(cmds: &[WheelCommand]) -> Result<[WheelCommand; MAX_WHEELS], InputError> {
    if cmds.len() > MAX_WHEELS {
        return Err(InputError::new(
            "wheels",
            format!("at most {MAX_WHEELS} commands (got {})", cmds.len()),
        ));
    }
    let mut out = [WheelCommand::default(); MAX_WHEELS];
    for (i, c) in cmds.iter().enumerate() {
        for (name, v) in [
            ("drive_torque", c.drive_torque),
            ("brake_torque", c.brake_torque),
            ("steer_angle", c.steer_angle),
        ] {
            if !v.is_finite() {
                return Err(InputError::new(
                    format!("wheels[{i}].{name}"),
                    format!("must be finite (got {v})"),
                ));
            }
        }
        out[i] = WheelCommand {
            drive_torque: c.drive_torque.clamp(-MAX_WHEEL_TORQUE, MAX_WHEEL_TORQUE),
            brake_torque: c.brake_torque.clamp(0.0, MAX_WHEEL_TORQUE),
            steer_angle: c.steer_angle.clamp(-1.2, 1.2),
        };
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_finite_and_rejects_non_finite() {
        let i = Intent {
            throttle: 1.2,
            brake: -0.1,
            handbrake: 0.5,
            steer: -3.0,
            reverse: false,
            target_gear: Some(-5),
            ..Intent::default()
        }
        .sanitized()
        .unwrap();
        assert_eq!(
            (i.throttle, i.brake, i.handbrake, i.steer),
            (1.0, 0.0, 0.5, -1.0)
        );
        assert_eq!(i.target_gear, Some(-1));
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let e = Intent {
                steer: bad,
                ..Intent::default()
            }
            .sanitized()
            .unwrap_err();
            assert_eq!(e.field, "steer");
        }
        let e = sanitize_commands(&[
            WheelCommand::default(),
            WheelCommand {
                brake_torque: f64::NAN,
                ..Default::default()
            },
        ])
        .unwrap_err();
        assert_eq!(e.field, "wheels[1].brake_torque");
        // Finite but absurd torques are clamped, not passed on to overflow the wheel spin.
        let c = sanitize_commands(&[WheelCommand {
            drive_torque: -1e308,
            brake_torque: 1e308,
            steer_angle: 0.0,
        }])
        .unwrap();
        assert_eq!(c[0].drive_torque, -MAX_WHEEL_TORQUE);
        assert_eq!(c[0].brake_torque, MAX_WHEEL_TORQUE);
        // Track commands: the same rule, the field named under `tracks`.
        let t = Intent {
            tracks: Some(TrackIntent {
                thrust_left: -7.0,
                thrust_right: 2.0,
                brake_left: -1.0,
                brake_right: 0.5,
            }),
            ..Intent::default()
        }
        .sanitized()
        .unwrap()
        .tracks
        .unwrap();
        assert_eq!(
            (t.thrust_left, t.thrust_right, t.brake_left, t.brake_right),
            (-1.0, 1.0, 0.0, 0.5)
        );
        let e = Intent {
            tracks: Some(TrackIntent {
                brake_right: f64::NAN,
                ..TrackIntent::default()
            }),
            ..Intent::default()
        }
        .sanitized()
        .unwrap_err();
        assert_eq!(e.field, "tracks.brake_right");
    }
}
