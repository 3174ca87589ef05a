//! Vehicle parameters: the chassis, its wheels and everything between them, plus the
//! constants derived from them once ([`Derived`]).

mod boxes;
mod kinematics;
mod modes;
mod step_bound;

pub use boxes::{RIM_CLEARANCE, RIM_SWEEP_MARGIN, auto_box_of};
pub(crate) use boxes::{StepBoxes, rim_radius, strut_top_local};
pub use step_bound::{
    COUPLED_STABILITY_BOUND, STEP_STABILITY_BOUND, STIFFNESS_PROBE, max_substep, stable_substep,
    stable_substep_within,
};

use crate::MAX_WHEELS;
use crate::aero::AeroParams;
use crate::chassis::{ChassisParams, compute_sprung_masses};
use crate::drivetrain::{DriveKind, DriveWheel, DrivetrainParams, differential::Topology};
use crate::error::{ParamError, check};
use crate::ground::ContactParams;
use crate::ground::wheel::RejectionCos;
use crate::input::InputSmoothingParams;
use crate::stability::StabilityParams;
use crate::steering::SteerWheel;
use crate::steering::SteeringParams;
use crate::suspension::model::rest_force;
use crate::suspension::{AntiRollBarParams, BodyRollParams, LoadFilterParams};
use crate::wheel::{Corner, WheelParams};
use glam::{DMat3, DVec3};
use serde::{Deserialize, Serialize};

/// Time stepping and environment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SimParams {
    /// Gravitational acceleration (along −z of the world). Unit: m/s². Range: (0, 100]. Default: 9.81.
    pub gravity: f64,
    /// Substeps per step below `substep_threshold_speed`. Range: [1, 64]. Default: 3 (PhysX's).
    ///
    /// PhysX needs them because its explicit tyre slip rings at low speed; skidpad's tyre does
    /// not ([`Derived::stable_substeps`] raises the count wherever a spring needs it), but its
    /// step is first order: the body's symplectic Euler stops a constant deceleration `v·h/2`
    /// short, a relative error `a·h/v` that grows as the speed falls. The convergence study
    /// (session 30, `maneuver/substep_study.rs`, every preset against 16 substeps at 1/60 s)
    /// found 1 substep further from the converged result than 3 by more than a negligible amount:
    /// stops from 5 m/s 4.0–8.3 cm off against 1.5–5.0 cm, a 5 cm bump's peak pitch 1.5 mrad
    /// against 0.4, the first quarter second of a launch; 2 substeps fell short narrowly.
    /// Session 32 (`int-s32`) traced the `v·h/2` to where symplectic Euler stops being the
    /// leapfrog — a set velocity, a change of the substep length, a brake or throttle applied
    /// at a step boundary — and kept no fix (the chassis module docs): a brake applied while
    /// moving stays `v·h/2` short unless every step whose inputs change solves the tyres twice
    /// (session 33: [`SimParams::input_jump_half_kick`], off by default).
    pub substeps_low_speed: u32,
    /// Substeps per step at or above `substep_threshold_speed` (PhysX default 1). Range: [1, 64].
    pub substeps_high_speed: u32,
    /// Speed that switches between the two substep counts. Unit: m/s. Range: [0, ∞). Default: 5.
    pub substep_threshold_speed: f64,
    /// Air (and road) temperature for the tire thermal model. Unit: °C. Range: [−50, 60]. Default: 20.
    pub air_temperature: f64,
    /// The input jump's half kick (session 33). Default: off, the step as before bit for bit.
    /// On, the first substep of a step whose controls differ from the previous step's gets
    /// `ΔF = ½·(F(cₙ, u₋) − F(cₙ, u))` (N, world, through the CoM), `F(cₙ, u₋)` from the stages
    /// run again at the step's start with the previous controls (1–9, or 5–9 when the steer is
    /// unchanged): the leapfrog's kick across the jump, where symplectic Euler stops a brake
    /// applied while moving `v·h/2` short. Equations, sign, which controls count, no torque,
    /// hosts: [`crate::pipeline::half_kick`].
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub input_jump_half_kick: bool,
    /// The opening half kick (session 34; default off, the plain step bit for bit): the first
    /// standalone step after a velocity set by the caller gets `−½·(F + M·g)` in its first
    /// substep ([`crate::pipeline::opening_kick`]: velocity Verlet's start, hosts, why apart).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub opening_half_kick: bool,
}

impl Default for SimParams {
    fn default() -> Self {
        Self {
            gravity: 9.81,
            substeps_low_speed: 3,
            substeps_high_speed: 1,
            substep_threshold_speed: 5.0,
            air_temperature: 20.0,
            input_jump_half_kick: false,
            opening_half_kick: false,
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
        self.validate_layout()?;
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
        if self.contact.query_filter.mask == 0 {
            return Err(ParamError::new(
                "contact.query_filter",
                "must have at least one group bit set: a mask of 0 hits no ground shape, the \
                 wheels would never touch the ground",
            ));
        }
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
        self.validate_sprung_overrides()?;
        self.sprung_masses().map(|_| ())
    }

    /// [`WheelParams::sprung_mass`] overrides: every wheel or none, summing to the chassis
    /// mass within [`SPRUNG_MASS_SUM_TOLERANCE`](crate::wheel::params::SPRUNG_MASS_SUM_TOLERANCE).
    fn validate_sprung_overrides(&self) -> Result<(), ParamError> {
        let set = self
            .wheels
            .iter()
            .filter(|w| w.sprung_mass.is_some())
            .count();
        if set == 0 {
            return Ok(());
        }
        if let Some(i) = self.wheels.iter().position(|w| w.sprung_mass.is_none()) {
            return Err(ParamError::new(
                format!("wheels[{i}].sprung_mass"),
                format!(
                    "is missing: {set} of {} wheels set a sprung-mass override; set it on every \
                     wheel or on none",
                    self.wheels.len()
                ),
            ));
        }
        let sum: f64 = self.wheels.iter().filter_map(|w| w.sprung_mass).sum();
        let m = self.chassis.mass;
        let tol = crate::wheel::params::SPRUNG_MASS_SUM_TOLERANCE;
        if (sum - m).abs() > tol * m {
            return Err(ParamError::new(
                "wheels[].sprung_mass",
                format!(
                    "must sum to chassis.mass = {m} kg within {} % (got {sum} kg): the springs \
                     would not carry the body at its design height",
                    tol * 100.0
                ),
            ));
        }
        Ok(())
    }

    /// The rules that join the chassis and the wheels: the centre of mass within
    /// [`COM_REACH`](crate::chassis::COM_REACH) × the layout's reach of the box
    /// around the wheel centres (the reach: the box's longest side or the largest wheel
    /// diameter, whichever is larger), and no wheel ahead of the centre of mass with a
    /// negative `max_steer` (it would steer the vehicle against the command).
    fn validate_layout(&self) -> Result<(), ParamError> {
        let (mut lo, mut hi) = (DVec3::splat(f64::INFINITY), DVec3::splat(f64::NEG_INFINITY));
        let mut diameter = 0.0_f64;
        for w in &self.wheels {
            lo = lo.min(w.position);
            hi = hi.max(w.position);
            diameter = diameter.max(2.0 * w.radius);
        }
        let reach = (hi - lo).max_element().max(diameter) * crate::chassis::COM_REACH;
        let com = self.chassis.com_offset;
        for (k, axis) in ["x", "y", "z"].into_iter().enumerate() {
            check::range_why(
                "com_offset",
                com[k],
                lo[k] - reach,
                hi[k] + reach,
                "m",
                &format!(
                    "the {axis} component; the centre of mass must lie within {reach} m \
                     (the wheel layout's reach) of the wheel centres"
                ),
            )
            .map_err(|e| e.within("chassis"))?;
        }
        for (i, w) in self.wheels.iter().enumerate() {
            if w.position.x > com.x && w.max_steer < 0.0 {
                return Err(check::range_why(
                    "max_steer",
                    w.max_steer,
                    0.0,
                    std::f64::consts::FRAC_PI_2,
                    "rad",
                    "a wheel ahead of the centre of mass with a negative lock steers right \
                     for a left command (negative locks are for rear steer)",
                )
                .unwrap_err()
                .within_index("wheels", i));
            }
        }
        Ok(())
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
        let mut out = [0.0; MAX_WHEELS];
        let overridden = self.wheels.iter().all(|w| w.sprung_mass.is_some());
        if overridden && n == self.wheels.len() {
            for (o, w) in out.iter_mut().zip(&self.wheels) {
                *o = w.sprung_mass.unwrap_or(0.0);
            }
            return Ok(out);
        }
        let m = compute_sprung_masses(&pos[..n], self.chassis.com_offset, self.chassis.mass)
            .map_err(|e| e.within("chassis"))?;
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
    /// If the new centre of mass cannot be carried by the wheels, or the wheels carry
    /// [`WheelParams::sprung_mass`] overrides (they fix the corner weights, which a moved
    /// centre of mass would change: clear them first); params unchanged then.
    pub fn set_com_offset(&mut self, com_offset: DVec3) -> Result<(), ParamError> {
        if let Some(i) = self.wheels.iter().position(|w| w.sprung_mass.is_some()) {
            return Err(ParamError::new(
                format!("wheels[{i}].sprung_mass"),
                "is set: sprung-mass overrides fix the corner weights; clear them before \
                 moving the centre of mass",
            ));
        }
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
    /// A wheeled engine drive's differential tree over the enabled wheels
    /// ([`crate::drivetrain::wheel_topology`]; empty for direct drive and tanks): it depends
    /// only on the parameters, so it is built here once, not every substep.
    pub drive_topology: Topology,
    /// Longest stable substep ([`max_substep`]): a step of `dt` runs at least
    /// `⌈dt / max_substep⌉` substeps. Unit: s.
    pub max_substep: f64,
    /// The chassis inertia's inverse in vehicle axes, `I⁻¹` (`chassis.inertia.inverse()`),
    /// computed once: it depends only on the parameters, and the integrator and the
    /// constraint stages ([`crate::chassis::integrate_prepared`],
    /// [`crate::pipeline::drift_state_prepared`]) rotate it per substep. The same bits as
    /// inverting on every call. Unit: 1/(kg·m²).
    pub chassis_inverse_inertia: DMat3,
    /// When every wheel's camber and toe graphs are constant (one point), each wheel's
    /// `(camber, toe, side·toe)`: the steering stage's values without evaluating the graphs.
    pub(crate) fixed_kinematics: Option<[(f64, f64, f64); MAX_WHEELS]>,
    /// The standalone step's parameter-only boxes ([`StepBoxes::of`]: the rims' broad
    /// phase, the body's automatic box), computed once instead of every step: the same bits.
    pub(crate) step_boxes: StepBoxes,
    /// The contact's sweep hit rejection's cosines ([`crate::ground::HitRejection`]'s angles'
    /// `cos`), computed once: the same bits as its test's own.
    pub(crate) rejection_cos: RejectionCos,
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
            drive_topology: Topology::default(),
            max_substep: max_substep(p, &sprung_mass),
            chassis_inverse_inertia: p.chassis.inertia.inverse(),
            fixed_kinematics: kinematics::fixed_kinematics(p),
            step_boxes: StepBoxes::of(p),
            rejection_cos: RejectionCos::of(&p.contact.rejection),
        };
        for (i, w) in p.wheels.iter().enumerate() {
            d.rest_force[i] = rest_force(&w.suspension, sprung_mass[i], p.sim.gravity);
            d.is_front[i] = w.position.x > p.chassis.com_offset.x;
            d.side[i] = w.side();
            d.steer_wheels[i] = w.steer_wheel();
            d.drive_wheels[i] = w.drive_wheel(p.chassis.com_offset.x);
        }
        let dp = &p.drivetrain;
        if dp.has_engine() && dp.kind != DriveKind::Tank {
            let nw = p.wheels.len();
            d.drive_topology = crate::drivetrain::wheel_topology(dp, &d.drive_wheels[..nw]);
        }
        Ok(d)
    }

    /// Substeps a step of `dt` needs to keep every substep within [`Derived::max_substep`]:
    /// `⌈dt / max_substep⌉`, at least 1 (the configured counts apply when larger).
    ///
    /// The drivetrain sets no bound: its solve is backward Euler in every speed, the
    /// automatic clutch's engagement included (taken at the end-of-substep engine speed,
    /// [`crate::drivetrain::solver::engagement`]; its stiff feedback `K·Δω·∂e/∂ω_e` was
    /// explicit before session 31). Only the engine torque curve is explicit, with slopes
    /// far below `I_e/h`.
    pub fn stable_substeps(&self, dt: f64) -> usize {
        let x = dt / self.max_substep;
        // Every step of a car whose stiffest spring allows the whole step (the presets' `dt`
        // and bound): `⌈x⌉ ≤ 1` for `x ≤ 1`, and the answer below is 1 for `⌈x⌉ = 1` and for
        // `⌈x⌉ ≤ 0` alike — without the `ceil` call (a libm call on the baseline target).
        if x <= 1.0 {
            return 1;
        }
        let n = x.ceil();
        if n.is_finite() && n >= 1.0 {
            // Saturating: a huge ratio is capped by the substep loop's MAX_SUBSTEPS anyway.
            n.min(u32::MAX as f64) as usize
        } else {
            1
        }
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
