//! Parameters of one wheel: position, size, limits, suspension line and tyre.

use crate::error::{ParamError, check};
use crate::suspension::SuspensionParams;
use crate::tire::TireParams;
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// Largest distance of a wheel centre from the vehicle origin along each axis. Unit: m.
pub const POSITION_LIMIT: f64 = 50.0;

/// Largest drive, brake or hand-brake torque at a wheel. Unit: N·m. A 60 t truck braking at
/// 1 g from 1 m radius wheels needs ≈ 600 kN·m over all wheels; a mining truck's wheel
/// motor through its final drive ≈ 300 kN·m. 1e6 covers both.
pub const TORQUE_LIMIT: f64 = 1e6;

/// Default wheel spin damping rate: bearing and seal drag, ≈ 1 N·m at 100 rad/s (see
/// [`WheelParams::damping_rate`]). Unit: N·m·s/rad.
pub const DEFAULT_DAMPING_RATE: f64 = 0.01;

/// Largest wheel spin damping rate: 1e5 N·m·s/rad stops even a 2e4 kg·m² mining wheel in
/// a fraction of a second, beyond any bearing. Unit: N·m·s/rad.
pub const DAMPING_RATE_LIMIT: f64 = 1e5;

/// Relative tolerance on the sum of [`WheelParams::sprung_mass`] overrides against the
/// chassis mass: 1 %, the accuracy of corner-weight scales (±0.5 % per pad is typical), so
/// measured corner weights are accepted as measured. Unit: 1.
pub const SPRUNG_MASS_SUM_TOLERANCE: f64 = 0.01;

/// One wheel: where it is, what it is, how it is suspended and what the driver can do with it
/// (the PhysX `NoDrive` controls: per-wheel drive, brake and steer limits).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WheelParams {
    /// A short name for telemetry (`fl`, `rr`, ...). Default: empty (telemetry uses the index).
    pub name: String,
    /// Wheel centre at the design (rest) position, in the vehicle frame. Unit: m.
    /// Range: each component in [−50, 50] ([`POSITION_LIMIT`]: the longest rigid vehicles,
    /// a 25 m bus or a 15 m mining truck, fit with room; a wheel kilometres away is a typo
    /// and once drove at 1790 m/s).
    pub position: DVec3,
    /// Unloaded radius, also the rolling radius of the foundation tire. Unit: m. Range: (0, 5]. Default: 0.32.
    pub radius: f64,
    /// Tire width (the cylinder swept against the ground). Unit: m. Range: (0, 3]. Default: 0.22.
    pub width: f64,
    /// Unsprung mass of the wheel assembly; it is part of the chassis mass (PhysX convention),
    /// reported for information. Unit: kg. Range: (0, 1e4] (a mining truck's tyre and rim
    /// are ≈ 5 t). Default: 20.
    pub mass: f64,
    /// Spin inertia of wheel + tire (+ brake disc, half-shaft). Unit: kg·m². Range: (0, 2e4]
    /// (a 5 t mining tyre of 1.8 m radius is ≈ 1e4).
    /// Default: 1.1. Lower it and the wheel spins up and locks faster.
    pub inertia: f64,
    /// Bearing and drag damping of the wheel's spin, a torque `−c·ω` on the axle (PhysX
    /// `PxVehicleWheelData::mDampingRate`, kg·m²/s = N·m·s/rad). It is part of every implicit
    /// spin solve (free wheel, direct drive, engine-coupled), so any value is stable; a wheel
    /// in the air with no torque slows as `ω(t) = ω₀·exp(−c·t/I)`.
    /// Unit: N·m·s/rad. Range: [0, 1e5]. Default: 0.01 ([`DEFAULT_DAMPING_RATE`]).
    ///
    /// PhysX's default is 0.25 and its guide calls (0.25, 2) sensible, but PhysX has no
    /// rolling resistance: its damping rate carries every spin loss of a rolling wheel.
    /// skidpad models rolling resistance in the tyre (`C_rr·F_z·R`), so this is the bearing
    /// and seal drag alone, ≈ 1 N·m at 100 rad/s (a hub bearing unit's drag torque is of order
    /// 0.5–1.5 N·m; SKF bearing friction model) — 1 % of the rolling-resistance torque of a
    /// 4 kN wheel. A 1.1 kg·m² wheel in the air then loses half its spin in
    /// `ln 2·I/c` = 76 s; set 0.25 for PhysX's feel (3.0 s).
    pub damping_rate: f64,
    /// Steer angle at full steer command, positive = left (rear steer allowed: use a sign).
    /// Unit: rad. Range: [−π/2, π/2] (±90°: crab-steering and forklift wheels reach it); a
    /// wheel ahead of the centre of mass must not be negative: it would turn the vehicle
    /// right for a left command (checked by [`VehicleParams::validate`](crate::VehicleParams::validate);
    /// `max_steer_deg = -35` on a front wheel once gave a max lateral acceleration of 0).
    /// Default: 0 (not steered).
    pub max_steer: f64,
    /// Drive torque at full throttle (direct per-wheel drive, PhysX `NoDrive`).
    /// Unit: N·m. Range: [0, 1e6] ([`TORQUE_LIMIT`]). Default: 0 (not driven).
    pub max_drive_torque: f64,
    /// Service-brake torque at full brake. Unit: N·m. Range: [0, 1e6] ([`TORQUE_LIMIT`]).
    /// Default: 1500.
    /// Front/rear ratio sets the brake bias.
    pub max_brake_torque: f64,
    /// Hand-brake torque at full hand brake (usually rear only). Unit: N·m. Range: [0, 1e6]
    /// ([`TORQUE_LIMIT`]). Default: 0.
    pub max_handbrake_torque: f64,
    /// Lateral grip limit factor `k_hb` at full hand brake, ground_vehicle's "optional
    /// auxiliary-brake grip shaping": while the hand brake is pulled (command `h`), this
    /// wheel's lateral grip limit becomes `s_y·(1 + (k_hb − 1)·h)` (see
    /// [`ContactInput::lateral_grip_limit`](crate::tire::model::ContactInput::lateral_grip_limit)),
    /// so a rally car's rear steps out on the lever and the car rotates. Acts only on a wheel
    /// with `max_handbrake_torque > 0`. Unit: 1. Range: (0, 3]. Default: 1 (off).
    /// Lower it (0.3–0.6) for a car that should pivot on the hand brake; the locked wheel's
    /// friction circle already takes most of the lateral grip, this takes more.
    pub handbrake_lateral_grip: f64,
    /// A disabled wheel casts nothing, carries no load and makes no force (PhysX
    /// `disableWheel`); sprung masses are computed over the enabled wheels. Default: true.
    pub enabled: bool,
    /// Sprung-mass override (PhysX `PxVehicleSuspensionData::mSprungMass`): the share of the
    /// chassis mass this wheel's spring carries at rest, e.g. corner weights measured on
    /// scales or a cross-weight set on the spring perches. Unit: kg. Range: (0, 1e6].
    /// Default: none — computed from the layout and the centre of mass
    /// ([`crate::chassis::compute_sprung_masses`]). Either every wheel sets it or none, and
    /// the overrides sum to `chassis.mass` within [`SPRUNG_MASS_SUM_TOLERANCE`] (checked by
    /// [`VehicleParams::validate`](crate::VehicleParams::validate)). Each spring's preload is
    /// `sprung_mass·g` at the design jounce, so overrides that also reproduce the centre of
    /// mass leave the body level at design height carrying exactly these loads; overrides
    /// that do not reproduce it make the body settle tilted until the moments balance (the
    /// same as PhysX). With a wheel disabled at run time the overrides no longer describe
    /// the vehicle and the split is computed from the layout.
    pub sprung_mass: Option<f64>,
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
            damping_rate: DEFAULT_DAMPING_RATE,
            max_steer: 0.0,
            max_drive_torque: 0.0,
            max_brake_torque: 1500.0,
            max_handbrake_torque: 0.0,
            handbrake_lateral_grip: 1.0,
            enabled: true,
            sprung_mass: None,
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
        for (axis, v) in ["x", "y", "z"].into_iter().zip(self.position.to_array()) {
            check::range_why(
                "position",
                v,
                -POSITION_LIMIT,
                POSITION_LIMIT,
                "m",
                &format!("the {axis} component; no rigid vehicle is longer than 100 m"),
            )?;
        }
        check::positive("radius", self.radius)?;
        check::in_range("radius", self.radius, 0.0, 5.0)?;
        check::positive("width", self.width)?;
        check::in_range("width", self.width, 0.0, 3.0)?;
        check::positive("mass", self.mass)?;
        check::range("mass", self.mass, 0.0, 1e4, "kg")?;
        check::positive("inertia", self.inertia)?;
        check::range("inertia", self.inertia, 0.0, 2e4, "kg·m²")?;
        check::non_negative("damping_rate", self.damping_rate)?;
        check::range(
            "damping_rate",
            self.damping_rate,
            0.0,
            DAMPING_RATE_LIMIT,
            "N·m·s/rad",
        )?;
        if let Some(m) = self.sprung_mass {
            check::positive("sprung_mass", m)?;
            check::range("sprung_mass", m, 0.0, 1e6, "kg")?;
        }
        let quarter = std::f64::consts::FRAC_PI_2;
        check::range("max_steer", self.max_steer, -quarter, quarter, "rad")?;
        for (name, t) in [
            ("max_drive_torque", self.max_drive_torque),
            ("max_brake_torque", self.max_brake_torque),
            ("max_handbrake_torque", self.max_handbrake_torque),
        ] {
            check::non_negative(name, t)?;
            check::range(name, t, 0.0, TORQUE_LIMIT, "N·m")?;
        }
        check::positive("handbrake_lateral_grip", self.handbrake_lateral_grip)?;
        check::range(
            "handbrake_lateral_grip",
            self.handbrake_lateral_grip,
            0.0,
            3.0,
            "1",
        )?;
        self.suspension
            .validate()
            .map_err(|e| e.within("suspension"))?;
        self.tire.validate().map_err(|e| e.within("tire"))
    }
}
