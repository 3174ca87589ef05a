//! Vehicle parameters: the chassis, its wheels and everything between them, plus the
//! constants derived from them once ([`Derived`]).

use crate::MAX_WHEELS;
use crate::aero::AeroParams;
use crate::chassis::{ChassisParams, compute_sprung_masses};
use crate::drivetrain::{DriveWheel, DrivetrainParams};
use crate::error::{ParamError, check};
use crate::ground::ContactParams;
use crate::input::InputSmoothingParams;
use crate::stability::StabilityParams;
use crate::steering::SteerWheel;
use crate::steering::SteeringParams;
use crate::suspension::model::rest_force;
use crate::suspension::{AntiRollBarParams, BodyRollParams, LoadFilterParams};
use crate::wheel::{Corner, WheelParams};
use glam::DVec3;
use serde::{Deserialize, Serialize};

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
    pub drivetrain: DrivetrainParams,
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
        self.contact
            .body
            .validate()
            .map_err(|e| e.within("contact.body"))?;
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

/// Constants derived once from the parameters at construction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Derived {
    /// Sprung mass per wheel (0 for disabled wheels). Unit: kg.
    pub sprung_mass: [f64; MAX_WHEELS],
    /// Spring force at the design position per wheel. Unit: N.
    pub rest_force: [f64; MAX_WHEELS],
    /// True for wheels ahead of the centre of mass.
    pub is_front: [bool; MAX_WHEELS],
    /// +1 for wheels left of the centreline (y ≥ 0), −1 for right.
    pub side: [f64; MAX_WHEELS],
    /// What the steering stage needs of each wheel.
    pub steer_wheels: [SteerWheel; MAX_WHEELS],
    /// What the powertrain stage needs of each wheel.
    pub drive_wheels: [DriveWheel; MAX_WHEELS],
}

impl Derived {
    /// Compute from validated parameters.
    ///
    /// # Errors
    /// If the sprung masses cannot be computed.
    pub fn new(p: &VehicleParams) -> Result<Self, ParamError> {
        let sprung_mass = p.sprung_masses()?;
        let mut d = Self {
            sprung_mass,
            rest_force: [0.0; MAX_WHEELS],
            is_front: [false; MAX_WHEELS],
            side: [1.0; MAX_WHEELS],
            steer_wheels: [SteerWheel::default(); MAX_WHEELS],
            drive_wheels: [DriveWheel::default(); MAX_WHEELS],
        };
        for (i, w) in p.wheels.iter().enumerate() {
            d.rest_force[i] = rest_force(&w.suspension, sprung_mass[i], p.sim.gravity);
            d.is_front[i] = w.position.x > p.chassis.com_offset.x;
            d.side[i] = w.side();
            d.steer_wheels[i] = w.steer_wheel();
            d.drive_wheels[i] = w.drive_wheel(p.chassis.com_offset.x);
        }
        Ok(d)
    }

    /// The constants of wheel `i` the per-wheel stages need.
    pub fn corner(&self, i: usize) -> Corner {
        Corner {
            sprung_mass: self.sprung_mass[i],
            rest_force: self.rest_force[i],
            side: self.side[i],
        }
    }
}
