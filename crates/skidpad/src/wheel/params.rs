//! Parameters of one wheel: position, size, limits, suspension line and tyre.

use crate::error::{ParamError, check};
use crate::suspension::SuspensionParams;
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
