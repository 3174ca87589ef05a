//! Drivetrain and brakes: engine, clutch, gearbox, automatic box, differentials, multi-wheel
//! and tracked drive, brakes and driver aids, all solved implicitly with the wheel spin.
//!
//! # Model
//! [`DrivetrainParams::kind`] chooses the drive:
//!
//! | kind | what drives the wheels | PhysX analogue |
//! |---|---|---|
//! | [`DriveKind::Direct`] (default) | each wheel's `max_drive_torque × throttle` | `PxVehicleNoDrive` |
//! | [`DriveKind::Engine`] | [`engine`] → [`clutch`] → [`gearbox`] → [`differential`] tree or multi-wheel weights | `PxVehicleDrive4W`, `PxVehicleDriveNW` |
//! | [`DriveKind::Tank`] | engine → clutch → gearbox → left/right tracks ([`tank`]) | `PxVehicleDriveTank` |
//!
//! Brakes are per wheel (`max_brake_torque`, `max_handbrake_torque`; their front/rear ratio is
//! the brake bias) and act as Coulomb friction that never reverses a wheel's spin.
//! [`aids`] adds ABS, traction and yaw-stability control.
//!
//! With an engine, engine speed and all wheel spins are unknowns of **one** backward-Euler
//! linear system per substep ([`solver`]), each tire entering through the linearisation of
//! its longitudinal force in ω ([`crate::tire::model::linearize_contact`]). That is the PhysX
//! "best possible" clutch accuracy and is stable at 30 Hz with a stiff clutch and light wheels.
//!
//! # Symbols
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `ω_e` | engine speed | rad/s |
//! | `ωᵢ` | wheel spin | rad/s |
//! | `θ` | throttle | 1 |
//! | `G` | total gear ratio (gear × final drive) | 1 |
//! | `K` | clutch strength × engagement | N·m·s/rad |
//! | `aᵢ` | wheel share of the gearbox output torque | 1 |
//! | `T_c` | clutch torque | N·m |
//!
//! # References
//! NVIDIA PhysX 4 vehicle guide (engine, clutch, gears, autobox, Differential4W/NW, tank,
//! NoDrive); Gillespie, *Fundamentals of Vehicle Dynamics*, ch. 2 (powertrains); LibreRally
//! `DifferentialSolver` (torque-sensing LSD); ground_vehicle (turn-demand split, direction
//! changes); Milliken & Milliken, *Race Car Vehicle Dynamics*, ch. 6.
//!
//! # Limits
//! No torque converter, no engine stall, no gearbox/driveline compliance or backlash, no
//! clutch heat; the engine torque is explicit within a substep (fine for curve slopes
//! ≪ I_e/h). The automatic clutch's engagement is implicit: taken at the end-of-substep
//! engine speed ([`solver::engagement`]). `Controls::Direct` always bypasses the engine (PhysX NoDrive semantics).
//!
//! ```
//! use skidpad::{presets, vehicle::{Vehicle, Intent}, ground::Plane, Pose, DVec3};
//! let mut car = Vehicle::new(presets::hatch_fwd()).unwrap();
//! car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.31)));
//! car.set_intent(Intent { throttle: 1.0, ..Intent::default() }).unwrap();
//! for _ in 0..600 { car.step(1.0 / 60.0, &Plane::flat()); }
//! let dt = &car.state().drivetrain;
//! assert!(dt.gear >= 2, "the autobox shifted up: gear {}", dt.gear);
//! assert!(car.state().forward_speed() > 15.0);
//! ```

pub mod aids;
pub mod autobox;
pub mod clutch;
pub mod differential;
pub mod engine;
pub mod gearbox;
pub mod solver;
pub mod stage;
pub mod state;
pub mod tank;
mod traction;

pub use aids::AidsParams;
pub use autobox::{AutoboxParams, DirectionChange};
pub use clutch::ClutchParams;
pub use differential::{DiffKind, DiffParams, DifferentialParams, DriveLayout};
pub use engine::EngineParams;
pub use gearbox::GearboxParams;
pub use stage::{
    DriveWheel, PowertrainInput, Prepared, finish, prepare, sync_engine, track_topology,
    wheel_topology,
};
pub use state::DrivetrainState;
pub use tank::{TankMode, TankParams};

use crate::error::ParamError;
use serde::{Deserialize, Serialize};

/// Which drive model moves the wheels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DriveKind {
    /// Per-wheel torques from `max_drive_torque` (PhysX `NoDrive`).
    #[default]
    Direct,
    /// Engine, clutch, gearbox and differentials (`differential`).
    Engine,
    /// Engine, clutch, gearbox and two tracks (`tank`).
    Tank,
}

/// The whole drivetrain. Sections not used by `kind` are ignored (but still validated).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DrivetrainParams {
    /// Drive model. Default: direct.
    pub kind: DriveKind,
    /// Engine.
    pub engine: EngineParams,
    /// Clutch.
    pub clutch: ClutchParams,
    /// Gearbox.
    pub gearbox: GearboxParams,
    /// Automatic box and direction changes.
    pub autobox: AutoboxParams,
    /// Differential tree or multi-wheel weights (kind `engine`).
    pub differential: DifferentialParams,
    /// Tracks (kind `tank`).
    pub tank: TankParams,
    /// Driver aids (every kind).
    pub aids: AidsParams,
    /// Brake bias: the front axle's share of the total service-brake torque. Unit: 1.
    /// Range: [0, 1] or absent. Default: absent (the per-wheel `max_brake_torque` values set
    /// the bias). With a bias b, front wheels' maxima are scaled by `b·T/T_front` and rear ones
    /// by `(1 − b)·T/T_rear` (T the sum of all maxima; front = ahead of the CoM). Move it
    /// rearwards for more rotation on corner entry, forwards for stability.
    pub brake_bias: Option<f64>,
}

/// Per-wheel multiplier of `max_brake_torque` that realises `bias` (see
/// [`DrivetrainParams::brake_bias`]); 1 without a bias or when an axle has no brakes.
pub fn brake_bias_scale(
    bias: Option<f64>,
    max_brake: &[f64],
    is_front: &[bool],
    wheel: usize,
) -> f64 {
    let Some(b) = bias else {
        return 1.0;
    };
    let (mut front, mut rear) = (0.0, 0.0);
    for (&t, &f) in max_brake.iter().zip(is_front) {
        if f {
            front += t;
        } else {
            rear += t;
        }
    }
    let total = front + rear;
    if front <= 0.0 || rear <= 0.0 {
        return 1.0;
    }
    if is_front[wheel] {
        b * total / front
    } else {
        (1.0 - b) * total / rear
    }
}

impl DrivetrainParams {
    /// Check every section against `n_wheels`.
    ///
    /// # Errors
    /// The first broken rule, with its field path (`gearbox.forward_ratios[2]`).
    pub fn validate(&self, n_wheels: usize) -> Result<(), ParamError> {
        self.engine.validate().map_err(|e| e.within("engine"))?;
        self.clutch
            .validate(self.engine.idle_speed, self.engine.max_speed)
            .map_err(|e| e.within("clutch"))?;
        self.gearbox.validate().map_err(|e| e.within("gearbox"))?;
        self.autobox
            .validate(&self.gearbox)
            .map_err(|e| e.within("autobox"))?;
        self.differential
            .validate(n_wheels)
            .map_err(|e| e.within("differential"))?;
        self.tank.validate().map_err(|e| e.within("tank"))?;
        self.aids.validate().map_err(|e| e.within("aids"))?;
        if let Some(b) = self.brake_bias {
            crate::error::check::in_range("brake_bias", b, 0.0, 1.0)?;
        }
        Ok(())
    }

    /// True if an engine drives the wheels.
    pub fn has_engine(&self) -> bool {
        self.kind != DriveKind::Direct
    }

    /// Initial state: engine at idle in first gear (neutral for direct drive).
    pub fn initial_state(&self) -> DrivetrainState {
        let mut s = DrivetrainState::default();
        if self.has_engine() {
            s.engine_speed = self.engine.idle_speed;
            s.gear = 1;
            s.target_gear = 1;
        }
        s
    }
}

#[cfg(test)]
mod brake_bias_tests {
    use super::brake_bias_scale;

    #[test]
    fn bias_redistributes_the_total() {
        // Sedan maxima 1500, 1500, 500, 500 N·m (natural bias 0.75); bias 0.6 → front wheels
        // 0.6·4000/3000 = 0.8 (1200 N·m each), rear 0.4·4000/1000 = 1.6 (800 N·m each).
        let m = [1500.0, 1500.0, 500.0, 500.0];
        let f = [true, true, false, false];
        assert!((brake_bias_scale(Some(0.6), &m, &f, 0) - 0.8).abs() < 1e-12);
        assert!((brake_bias_scale(Some(0.6), &m, &f, 3) - 1.6).abs() < 1e-12);
        let total: f64 = (0..4)
            .map(|i| m[i] * brake_bias_scale(Some(0.6), &m, &f, i))
            .sum();
        assert!((total - 4000.0).abs() < 1e-9);
        assert_eq!(brake_bias_scale(None, &m, &f, 0), 1.0);
        assert_eq!(
            brake_bias_scale(Some(0.6), &[1.0, 0.0], &[true, false], 0),
            1.0
        );
    }
}
