//! Vehicle parameters: the chassis, its wheels and everything between them.

use crate::MAX_WHEELS;
use crate::aero::AeroParams;
use crate::chassis::{ChassisParams, compute_sprung_masses};
use crate::error::{ParamError, check};
use crate::ground::{ContactMode, HitRejection};
use crate::input::InputSmoothingParams;
use crate::stability::StabilityParams;
use crate::steering::SteeringParams;
use crate::suspension::{AntiRollBarParams, BodyRollParams, LoadFilterParams, SuspensionParams};
use crate::tire::TireParams;
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// One wheel: where it is, what it is, how it is suspended and what the driver can do with it
/// (the PhysX `NoDrive` controls: per-wheel drive, brake and steer limits).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WheelParams {
    /// A short name for telemetry (`fl`, `rr`, ...). Default: empty (telemetry uses the index).
    pub name: String,
    /// Wheel centre at the design (rest) position, in the vehicle frame. Unit: m.
    pub position: DVec3,
    /// Unloaded radius, also the rolling radius of the foundation tire. Unit: m. Range: (0, 5]. Default: 0.32.
    pub radius: f64,
    /// Tire width (the cylinder swept against the ground). Unit: m. Range: (0, 3]. Default: 0.22.
    pub width: f64,
    /// Unsprung mass of the wheel assembly; it is part of the chassis mass (PhysX convention),
    /// reported for information. Unit: kg. Range: (0, ∞). Default: 20.
    pub mass: f64,
    /// Spin inertia of wheel + tire (+ brake disc, half-shaft). Unit: kg·m². Range: (0, ∞).
    /// Default: 1.1. Lower it and the wheel spins up and locks faster.
    pub inertia: f64,
    /// Steer angle at full steer command, positive = left (rear steer allowed: use a sign).
    /// Unit: rad. Range: [−1.2, 1.2]. Default: 0 (not steered).
    pub max_steer: f64,
    /// Drive torque at full throttle (direct per-wheel drive, PhysX `NoDrive`).
    /// Unit: N·m. Range: [0, ∞). Default: 0 (not driven).
    pub max_drive_torque: f64,
    /// Service-brake torque at full brake. Unit: N·m. Range: [0, ∞). Default: 1500.
    /// Front/rear ratio sets the brake bias.
    pub max_brake_torque: f64,
    /// Hand-brake torque at full hand brake (usually rear only). Unit: N·m. Range: [0, ∞). Default: 0.
    pub max_handbrake_torque: f64,
    /// A disabled wheel casts nothing, carries no load and makes no force (PhysX
    /// `disableWheel`); sprung masses are computed over the enabled wheels. Default: true.
    pub enabled: bool,
    /// The wheel's suspension line.
    pub suspension: SuspensionParams,
    /// The wheel's tire.
    pub tire: TireParams,
}

impl Default for WheelParams {
    fn default() -> Self {
        Self {
            name: String::new(),
            position: DVec3::ZERO,
            radius: 0.32,
            width: 0.22,
            mass: 20.0,
            inertia: 1.1,
            max_steer: 0.0,
            max_drive_torque: 0.0,
            max_brake_torque: 1500.0,
            max_handbrake_torque: 0.0,
            enabled: true,
            suspension: SuspensionParams::default(),
            tire: TireParams::default(),
        }
    }
}

impl WheelParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::finite_vec("position", self.position)?;
        check::positive("radius", self.radius)?;
        check::in_range("radius", self.radius, 0.0, 5.0)?;
        check::positive("width", self.width)?;
        check::in_range("width", self.width, 0.0, 3.0)?;
        check::positive("mass", self.mass)?;
        check::positive("inertia", self.inertia)?;
        check::in_range("max_steer", self.max_steer, -1.2, 1.2)?;
        check::non_negative("max_drive_torque", self.max_drive_torque)?;
        check::non_negative("max_brake_torque", self.max_brake_torque)?;
        check::non_negative("max_handbrake_torque", self.max_handbrake_torque)?;
        self.suspension
            .validate()
            .map_err(|e| e.within("suspension"))?;
        self.tire.validate().map_err(|e| e.within("tire"))
    }
}

/// How wheels find the ground.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ContactParams {
    /// Ray cast through the wheel centre, or a sweep of the wheel shape. Default: sweep.
    pub mode: ContactMode,
    /// Which sweep hits count as drivable.
    pub rejection: HitRejection,
    /// Reuse a wheel's cached hit plane for this many substeps before casting again
    /// (0 = cast every substep). A level-of-detail knob for distant vehicles. Default: 0.
    pub reuse_hit_steps: u32,
}

impl Default for ContactParams {
    fn default() -> Self {
        Self {
            mode: ContactMode::Sweep,
            rejection: HitRejection::default(),
            reuse_hit_steps: 0,
        }
    }
}

/// Time stepping and environment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SimParams {
    /// Gravitational acceleration (along −z of the world). Unit: m/s². Range: (0, 100]. Default: 9.81.
    pub gravity: f64,
    /// Substeps per step below `substep_threshold_speed` (PhysX default 3). Range: [1, 64].
    pub substeps_low_speed: u32,
    /// Substeps per step at or above `substep_threshold_speed` (PhysX default 1). Range: [1, 64].
    pub substeps_high_speed: u32,
    /// Speed that switches between the two substep counts. Unit: m/s. Range: [0, ∞). Default: 5.
    pub substep_threshold_speed: f64,
    /// Air (and road) temperature for the tire thermal model. Unit: °C. Range: [−50, 60]. Default: 20.
    pub air_temperature: f64,
}

impl Default for SimParams {
    fn default() -> Self {
        Self {
            gravity: 9.81,
            substeps_low_speed: 3,
            substeps_high_speed: 1,
            substep_threshold_speed: 5.0,
            air_temperature: 20.0,
        }
    }
}

impl SimParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("gravity", self.gravity)?;
        check::in_range("gravity", self.gravity, 0.0, 100.0)?;
        for (name, n) in [
            ("substeps_low_speed", self.substeps_low_speed),
            ("substeps_high_speed", self.substeps_high_speed),
        ] {
            if !(1..=64).contains(&n) {
                return Err(ParamError::new(
                    name,
                    format!("must be in [1, 64] (got {n})"),
                ));
            }
        }
        check::non_negative("substep_threshold_speed", self.substep_threshold_speed)?;
        check::in_range("air_temperature", self.air_temperature, -50.0, 60.0)
    }
}

/// A whole vehicle. `validate()` cascades into every part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleParams {
    /// Display name.
    #[serde(default)]
    pub name: String,
    /// The rigid body.
    pub chassis: ChassisParams,
    /// The wheels, 1 to [`MAX_WHEELS`].
    pub wheels: Vec<WheelParams>,
    /// Anti-roll bars between wheel pairs.
    #[serde(default)]
    pub anti_roll_bars: Vec<AntiRollBarParams>,
    /// Optional LibreRally body-attitude torque (off by default).
    #[serde(default)]
    pub body_roll: BodyRollParams,
    /// Tire load filter, shared by all wheels.
    #[serde(default)]
    pub load_filter: LoadFilterParams,
    /// Ground contact queries.
    #[serde(default)]
    pub contact: ContactParams,
    /// Time stepping and gravity.
    #[serde(default)]
    pub sim: SimParams,
    // --- steering, driver input, stability helpers, aero (issue 5) ---
    /// Steering: Ackermann, steer vs speed, rate limit (default: parallel steer, no limits).
    #[serde(default)]
    pub steering: SteeringParams,
    /// Driver input smoothing (default: off).
    #[serde(default)]
    pub input_smoothing: InputSmoothingParams,
    /// Stability helpers (default: all off).
    #[serde(default)]
    pub stability: StabilityParams,
    /// Aerodynamics (default: none).
    #[serde(default)]
    pub aero: AeroParams,
    // --- end issue 5 ---
    /// Drivetrain, brakes and driver aids (default: direct per-wheel drive, aids off).
    #[serde(default)]
    pub drivetrain: crate::drivetrain::DrivetrainParams,
}

impl VehicleParams {
    /// Check everything, including that the enabled wheels can carry the centre of mass.
    ///
    /// # Errors
    /// The first broken rule, with its full path (`wheels[2].suspension.spring_rate`).
    pub fn validate(&self) -> Result<(), ParamError> {
        self.chassis.validate().map_err(|e| e.within("chassis"))?;
        if self.wheels.is_empty() || self.wheels.len() > MAX_WHEELS {
            return Err(ParamError::new(
                "wheels",
                format!("needs 1..={MAX_WHEELS} wheels (got {})", self.wheels.len()),
            ));
        }
        for (i, w) in self.wheels.iter().enumerate() {
            w.validate().map_err(|e| e.within_index("wheels", i))?;
        }
        for (i, b) in self.anti_roll_bars.iter().enumerate() {
            b.validate(self.wheels.len())
                .map_err(|e| e.within_index("anti_roll_bars", i))?;
        }
        self.body_roll
            .validate(self.wheels.len())
            .map_err(|e| e.within("body_roll"))?;
        self.load_filter
            .validate()
            .map_err(|e| e.within("load_filter"))?;
        self.contact
            .rejection
            .validate()
            .map_err(|e| e.within("contact.rejection"))?;
        self.sim.validate().map_err(|e| e.within("sim"))?;
        self.steering.validate().map_err(|e| e.within("steering"))?;
        self.input_smoothing
            .validate()
            .map_err(|e| e.within("input_smoothing"))?;
        self.stability
            .validate()
            .map_err(|e| e.within("stability"))?;
        self.aero.validate().map_err(|e| e.within("aero"))?;
        self.drivetrain
            .validate(self.wheels.len())
            .map_err(|e| e.within("drivetrain"))?;
        self.sprung_masses().map(|_| ())
    }

    /// Sprung mass of each wheel (0 for disabled wheels), reproducing the chassis mass and
    /// centre of mass exactly (see [`compute_sprung_masses`]).
    ///
    /// # Errors
    /// No enabled wheel, or a centre of mass the enabled wheels cannot carry.
    pub fn sprung_masses(&self) -> Result<[f64; MAX_WHEELS], ParamError> {
        let mut pos = [DVec3::ZERO; MAX_WHEELS];
        let mut idx = [0usize; MAX_WHEELS];
        let mut n = 0;
        for (i, w) in self.wheels.iter().enumerate() {
            if w.enabled {
                pos[n] = w.position;
                idx[n] = i;
                n += 1;
            }
        }
        if n == 0 {
            return Err(ParamError::new(
                "wheels",
                "at least one wheel must be enabled",
            ));
        }
        let m = compute_sprung_masses(&pos[..n], self.chassis.com_offset, self.chassis.mass)
            .map_err(|e| e.within("chassis"))?;
        let mut out = [0.0; MAX_WHEELS];
        for k in 0..n {
            out[idx[k]] = m[k];
        }
        Ok(out)
    }

    /// Move the centre of mass and keep each spring's natural frequency and damping ratio
    /// (PhysX `PxVehicleUpdateCMassLocalPose`): sprung masses are recomputed and every spring
    /// rate and damping rate scaled by `m_new/m_old`.
    ///
    /// # Errors
    /// If the new centre of mass cannot be carried by the wheels (params unchanged then).
    pub fn set_com_offset(&mut self, com_offset: DVec3) -> Result<(), ParamError> {
        let old = self.sprung_masses()?;
        let mut moved = self.clone();
        moved.chassis.com_offset = com_offset;
        let new = moved.sprung_masses()?;
        for (i, w) in moved.wheels.iter_mut().enumerate() {
            if old[i] > 0.0 && new[i] > 0.0 {
                let s = &mut w.suspension;
                let (k, c_bump) =
                    crate::chassis::rescale_spring(s.spring_rate, s.bump_damping, old[i], new[i]);
                let (_, c_reb) = crate::chassis::rescale_spring(
                    s.spring_rate,
                    s.rebound_damping,
                    old[i],
                    new[i],
                );
                s.spring_rate = k;
                s.bump_damping = c_bump;
                s.rebound_damping = c_reb;
            }
        }
        *self = moved;
        Ok(())
    }
}
