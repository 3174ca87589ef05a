//! Maximum lateral acceleration by ISO 4138's constant-radius method with a slowly increasing
//! speed (ISO 4138, method 1, continuous speed increase).
//!
//! # Procedure
//! The car drives a circle of radius `R` (the suite's 40 m, [`super::CIRCLE_RADIUS`]). It is
//! settled for [`SETTLE_S`] at the speed that gives [`START_AY`], then the target speed rises
//! so that the lateral acceleration it asks for rises at a constant [`RAMP_RATE`]:
//!
//! ```text
//! v*(t) = √(R·(a₀ + ρ·t))        a₀ = START_AY, ρ = RAMP_RATE, t from the start of the ramp
//! ```
//!
//! ISO 4138 asks only that the speed rise slowly enough for the car to stay quasi-steady;
//! ρ = 0.1 m/s² per second (skidpad's choice) keeps the yaw and roll transients of a
//! passenger car (time constants ≈ 0.1–0.5 s) below 0.05 m/s² of lag, and puts the standard's
//! minimum data spacing of 0.5 m/s² in 5 s of running. The lateral acceleration is the ISO 8855
//! kinematic one ([`crate::state::VehicleState::acceleration_intermediate`], horizontal,
//! square to the heading), averaged over [`AVERAGE_S`] (the quasi-steady value: the moving
//! mean removes the step-to-step ripple of a step-difference acceleration); the KPI is the
//! largest mean reached before the ramp ends.
//!
//! # Driver and the end of the ramp
//! The driver is the circle's pure pursuit ([`super::standard::circle_driver`]) plus a steer
//! trim that integrates the offset from the circle (`δ_trim += −k·e·dt`, k =
//! [`TRIM_GAIN`]): pure pursuit alone holds a car on a curve only with a steady offset that
//! grows with the extra steer it needs (understeer), and on the old discrete-speed sweep that
//! offset, not the tyres, ended the run (the sedan left its 1.5 m band at 8.85 m/s² and holds
//! 9.4 on this ramp). With the trim no steady offset builds up while more steer still turns the
//! car; ISO 4138 ends the test where the driver can no longer hold the circle, and that is what
//! each stop rule detects:
//!
//! | end ([`RampEnd`]) | rule |
//! |---|---|
//! | left the circle | offset from the circle `>` [`HOLD_BAND_M`] (the front axle saturated: more steer no longer turns the car, or the steer is at its stop) |
//! | spun | body sideslip beyond [`super::validity::MAX_SIDESLIP_DEG`] (the rear axle saturated: an oversteering car's limit) |
//! | speed not reached | the speed falls [`SPEED_SHORTFALL`] behind the ramp (power or top speed limits the turn, not grip) |
//! | ramp end | the target speed passes [`MAX_SPEED`] |
//!
//! The run is void ([`super::validity`]) when the car rolls over, leaves the ground, or a step
//! faults; a spin ends the ramp but does not void it (it is the limit the ramp looks for).
//!
//! # Directions
//! ISO 4138 runs the circle turning left and turning right ([`Turn`]); the right-hand run is
//! the left-hand one mirrored (centre at `(0, −R)`, lateral acceleration and steer taken with
//! the sign of the turn, so both report positive numbers). The suite runs both
//! ([`super::standard::steady_state_circle_with`]) and reports each direction under its own
//! key and their mean under [`kpi::MAX_LATERAL_ACCEL_MPS2`].
//!
//! # Limits
//! Flat ground unless [`Options::ground`] says otherwise.

use super::driver::{Driver, Path};
use super::validity::{self, Invalid, Rules, Watch};
use super::{Options, kpi};
use crate::ParamError;
use crate::ground::Plane;
use crate::vehicle::VehicleParams;
use glam::DVec2;

/// Lateral acceleration the ramp starts from (held for [`SETTLE_S`]). Unit: m/s².
pub const START_AY: f64 = 2.0;
/// Settling time at the start speed before the ramp. Unit: s.
pub const SETTLE_S: f64 = 3.0;
/// Rate at which the target speed's lateral acceleration `v*²/R` rises. Unit: m/s³.
pub const RAMP_RATE: f64 = 0.1;
/// Window of the moving mean of the lateral acceleration. Unit: s.
pub const AVERAGE_S: f64 = 1.0;
/// Offset from the circle beyond which the driver no longer holds it. Unit: m.
pub const HOLD_BAND_M: f64 = 1.5;
/// Gain of the driver's steer trim on the offset from the circle. Unit: rad/(m·s).
pub const TRIM_GAIN: f64 = 0.02;
/// Speed deficit behind the ramp that ends it. Unit: m/s.
pub const SPEED_SHORTFALL: f64 = 1.0;
/// Target speed that ends the ramp. Unit: m/s.
pub const MAX_SPEED: f64 = 60.0;

/// The direction a circle is driven in (ISO 4138 tests both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Turn {
    /// Anticlockwise seen from above: centre on the vehicle's left (+y).
    #[default]
    Left,
    /// Clockwise: centre on the right (−y).
    Right,
}

impl Turn {
    /// +1 turning left, −1 turning right: the sign of the lateral acceleration, yaw rate and
    /// steer angle (ISO 8855, y left) on this circle.
    pub fn sign(self) -> f64 {
        match self {
            Turn::Left => 1.0,
            Turn::Right => -1.0,
        }
    }

    /// The circle of `radius` driven from the origin heading +x in this direction.
    pub fn circle(self, radius: f64) -> Path {
        Path::Circle {
            centre: DVec2::new(0.0, self.sign() * radius),
            radius,
            left: self == Turn::Left,
        }
    }
}

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Turn::Left => "left",
            Turn::Right => "right",
        })
    }
}

/// How the ramp ended (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RampEnd {
    /// The car left the circle's [`HOLD_BAND_M`] band.
    LeftCircle,
    /// The body sideslip passed [`super::validity::MAX_SIDESLIP_DEG`].
    Spun,
    /// The speed fell [`SPEED_SHORTFALL`] behind the ramp.
    SpeedNotReached,
    /// The target speed passed [`MAX_SPEED`].
    RampEnd,
    /// A precondition failed ([`LateralLimit::invalid`]).
    Void,
}

impl std::fmt::Display for RampEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RampEnd::LeftCircle => "left the circle",
            RampEnd::Spun => "spun",
            RampEnd::SpeedNotReached => "speed not reached",
            RampEnd::RampEnd => "end of the ramp",
            RampEnd::Void => "void",
        })
    }
}

/// Result of the slowly-increasing-speed circle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LateralLimit {
    /// The direction of the circle.
    pub turn: Turn,
    /// Largest [`AVERAGE_S`] mean of the ISO lateral acceleration towards the circle's centre
    /// (positive in both directions). Unit: m/s².
    pub max_lateral_accel_mps2: f64,
    /// Forward speed at that moment. Unit: m/s.
    pub speed_at_max_mps: f64,
    /// Time from the start of the run to that moment. Unit: s.
    pub time_at_max_s: f64,
    /// How the ramp ended.
    pub end: RampEnd,
    /// Time from the start of the run to the end. Unit: s.
    pub end_time_s: f64,
    /// Why the run is void ([`validity`]: rolled over, airborne, step fault), if it is.
    pub invalid: Option<Invalid>,
}

impl LateralLimit {
    /// The KPI of this direction, [`kpi::MAX_LATERAL_ACCEL_LEFT_MPS2`] or
    /// [`kpi::MAX_LATERAL_ACCEL_RIGHT_MPS2`] (method: [`kpi::method`]); invalid when the run
    /// is.
    pub fn kpi_set(&self) -> kpi::Kpis {
        let key = match self.turn {
            Turn::Left => kpi::MAX_LATERAL_ACCEL_LEFT_MPS2,
            Turn::Right => kpi::MAX_LATERAL_ACCEL_RIGHT_MPS2,
        };
        validity::sort(vec![(key, self.max_lateral_accel_mps2)], self.invalid)
    }
}

/// ISO 4138's figure for the vehicle from both directions' runs: the mean of `left` and
/// `right` under [`kpi::MAX_LATERAL_ACCEL_MPS2`], then each direction's own key; the mean is
/// invalid when either run is (with the first failure's reason).
pub fn both_directions_kpi_set(left: &LateralLimit, right: &LateralLimit) -> kpi::Kpis {
    let mut k = validity::sort(
        vec![(
            kpi::MAX_LATERAL_ACCEL_MPS2,
            0.5 * (left.max_lateral_accel_mps2 + right.max_lateral_accel_mps2),
        )],
        left.invalid.or(right.invalid),
    );
    k.extend(left.kpi_set());
    k.extend(right.kpi_set());
    k
}

/// The ramp on a circle of `radius` m turning left with [`Options::default`]: see the
/// [module docs](self).
///
/// # Errors
/// Invalid parameters or a radius that is not finite and > 0.
pub fn max_lateral_accel(p: &VehicleParams, radius: f64) -> Result<LateralLimit, ParamError> {
    max_lateral_accel_with(p, radius, &mut Options::default())
}

/// [`max_lateral_accel`] in both directions: `(left, right)`.
///
/// # Errors
/// Invalid parameters or a radius that is not finite and > 0.
pub fn max_lateral_accel_both(
    p: &VehicleParams,
    radius: f64,
) -> Result<(LateralLimit, LateralLimit), ParamError> {
    let mut opts = Options::default();
    Ok((
        max_lateral_accel_turning(p, radius, Turn::Left, &mut opts)?,
        max_lateral_accel_turning(p, radius, Turn::Right, &mut opts)?,
    ))
}

/// Moving mean over a fixed number of samples (allocated once per run).
struct MovingMean {
    buf: Vec<f64>,
    next: usize,
    filled: bool,
    sum: f64,
}

impl MovingMean {
    fn new(n: usize) -> Self {
        Self {
            buf: vec![0.0; n.max(1)],
            next: 0,
            filled: false,
            sum: 0.0,
        }
    }

    /// Add `x`; the mean once the window is full.
    fn push(&mut self, x: f64) -> Option<f64> {
        self.sum += x - self.buf[self.next];
        self.buf[self.next] = x;
        self.next = (self.next + 1) % self.buf.len();
        self.filled |= self.next == 0;
        self.filled.then(|| self.sum / self.buf.len() as f64)
    }
}

/// [`max_lateral_accel`] with options (driver gains default to
/// [`super::standard::circle_driver`]); the observer sees the whole run.
///
/// # Errors
/// Invalid parameters, a radius that is not finite and > 0, or no ground under the start.
pub fn max_lateral_accel_with(
    p: &VehicleParams,
    radius: f64,
    opts: &mut Options,
) -> Result<LateralLimit, ParamError> {
    max_lateral_accel_turning(p, radius, Turn::Left, opts)
}

/// [`max_lateral_accel_with`] on the circle turning `turn`.
///
/// # Errors
/// Invalid parameters, a radius that is not finite and > 0, or no ground under the start.
pub fn max_lateral_accel_turning(
    p: &VehicleParams,
    radius: f64,
    turn: Turn,
    opts: &mut Options,
) -> Result<LateralLimit, ParamError> {
    crate::error::check::positive("radius", radius)?;
    let flat = Plane::flat();
    let v0 = (radius * START_AY).sqrt();
    let (ground, mut v) = opts.start(p, &flat, 0.0, v0)?;
    let (dt, g) = (opts.dt, p.sim.gravity);
    let side = turn.sign();
    let path = turn.circle(radius);
    let mut drv = Driver::new(&v, path.clone());
    drv.params = opts
        .driver
        .clone()
        .unwrap_or_else(|| super::standard::circle_driver(p));
    let max_steer = drv.geometry.max_steer;
    let mut watch = Watch::new(&v, Rules::default());
    let mut mean = MovingMean::new((AVERAGE_S / dt).round() as usize);
    let t0 = v.state().time;
    let mut out = LateralLimit {
        turn,
        max_lateral_accel_mps2: 0.0,
        speed_at_max_mps: 0.0,
        time_at_max_s: 0.0,
        end: RampEnd::RampEnd,
        end_time_s: 0.0,
        invalid: None,
    };
    let mut trim = 0.0;
    let spin = validity::MAX_SIDESLIP_DEG.to_radians();
    loop {
        let t = v.state().time - t0;
        let target_ay = START_AY + RAMP_RATE * (t - SETTLE_S).max(0.0);
        let speed = (radius * target_ay).sqrt();
        if speed > MAX_SPEED {
            break;
        }
        let (steer, u) = drv.control(&v, speed, dt);
        let cmd = (steer + trim / max_steer).clamp(-1.0, 1.0);
        if !opts.step(&mut v, super::standard::pedals(u, cmd), ground, &mut watch) {
            out.end = RampEnd::Void;
            break;
        }
        let s = v.state();
        let pos = s.chassis.pose.translation.truncate();
        let offset = path.offset(pos);
        trim = (trim - TRIM_GAIN * offset * dt).clamp(-max_steer, max_steer);
        let vb = s.chassis.velocity_body();
        if let Some(ay) = mean.push(side * s.acceleration_intermediate(g).y)
            && ay > out.max_lateral_accel_mps2
        {
            out.max_lateral_accel_mps2 = ay;
            out.speed_at_max_mps = vb.x;
            out.time_at_max_s = s.time - t0;
        }
        let end = if offset.abs() > HOLD_BAND_M || !pos.is_finite() {
            Some(RampEnd::LeftCircle)
        } else if vb.length() > validity::SPIN_MIN_SPEED
            && crate::telemetry::body_slip_angle(vb.x, vb.y).abs() > spin
        {
            Some(RampEnd::Spun)
        } else if t > SETTLE_S && speed - vb.x > SPEED_SHORTFALL {
            Some(RampEnd::SpeedNotReached)
        } else {
            None
        };
        if let Some(end) = end {
            out.end = end;
            break;
        }
    }
    out.end_time_s = v.state().time - t0;
    out.invalid = watch.result();
    Ok(out)
}
