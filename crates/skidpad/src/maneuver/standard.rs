//! The standard test manoeuvres, each a pure function of the vehicle parameters.
//!
//! | manoeuvre | procedure (skidpad's version) | KPIs |
//! |---|---|---|
//! | steady-state circle | ISO 4138 constant-radius method: 40 m circle, speed raised in 1 m/s steps, 5 s each (road-wheel steer vs lateral acceleration); then the same circle with a slowly increasing speed ([`super::lateral_limit`]) | understeer gradient (slope of δ vs a_y over 1–4 m/s², deg/g), max lateral acceleration (from the slow ramp) |
//! | step steer | ISO 7401-style: straight at 80 km/h, steer stepped in 0.1 s to the angle that gives ≈ 4 m/s² | yaw-rate response time (50 % steer → 90 % steady yaw rate), overshoot, steady gain |
//! | sine with dwell | FMVSS 126-style: 0.7 Hz sine to the second peak, 0.5 s dwell, from 80 km/h | lateral displacement at 1.07 s, yaw-rate ratios 1.0 s and 1.75 s after steer |
//! | braking | full brake from 100 km/h on dry (surface 0) and wet (surface 1) flat ground | stopping distance, mean deceleration |
//! | acceleration | full throttle from rest | 0–100 km/h time, quarter-mile (402.336 m) time |
//! | coast-down | from 30 to 5 m/s, no drive (neutral), fit `a = A + B·v²` | fitted C_d·A and C_rr vs configured |
//! | park | brakes on, nose up a 30 % grade, 60 s | creep distance |
//!
//! The straight-line tests (braking, acceleration, coast-down, park) live in
//! [`super::longitudinal`] and are re-exported here. Each test has a `…_with` form taking
//! [`Options`] (ground, step, driver gains, an observer for telemetry).
//!
//! ISO 4138 and ISO 7401 define the instrumentation, ranges and tolerances for real cars; these
//! are simulation versions with the same definitions of the KPIs (see each function). The
//! understeer gradient follows `δ = L/R + K·a_y` (Gillespie, ch. 6): `K` in deg/g is the slope
//! of road-wheel angle over lateral acceleration in g.

pub use super::circle::{
    CircleResult, circle_driver, steady_state_circle, steady_state_circle_turning,
    steady_state_circle_with,
};
pub use super::longitudinal::{
    AccelResult, BrakingResult, CoastDownResult, acceleration, braking_100_0, coast_down,
    park_creep,
};

use super::driver::{Driver, DriverGeometry};
use super::validity::{self, Invalid, Rules, Watch};
use super::{Options, kpi};
use crate::ground::{Ground, Plane};
use crate::vehicle::{Intent, Vehicle, VehicleParams};
use crate::{DVec3, ParamError, Pose};

/// Lateral accelerations over which the understeer gradient is fitted (the linear range; the
/// lowest speeds are left out, where the driver's look-ahead and the tires' low-speed damping
/// dominate the tiny steer changes). Unit: m/s².
pub const LINEAR_AY_MIN: f64 = 1.0;
/// Upper end of the fitted range. Unit: m/s².
pub const LINEAR_AY_MAX: f64 = 4.0;

/// Default fixed step of the manoeuvres ([`super::Options::dt`]). Unit: s.
pub const DT: f64 = 1.0 / 120.0;
/// Standard gravity used for "g" in KPIs. Unit: m/s².
pub const G: f64 = 9.81;

/// Height of `ground` under `(x, y)`, by a ray cast down from 1 km. Unit: m.
///
/// # Errors
/// `ground` when there is no ground there.
pub(super) fn ground_height(ground: &dyn Ground, x: f64, y: f64) -> Result<f64, ParamError> {
    ground
        .cast_ray(DVec3::new(x, y, 1e3), DVec3::NEG_Z, 2e3)
        .map(|h| h.point.z)
        .ok_or_else(|| {
            ParamError::new(
                "ground",
                format!("no ground under the manoeuvre's start ({x} m, {y} m)"),
            )
        })
}

/// A vehicle settled for 1 s with the brakes on at `(x, 0)` on `ground` (its wheel centres one
/// radius above the ground found there), heading +x, then given the forward speed `speed`
/// (m/s); steps of `dt`.
pub(super) fn spawn_at(
    p: &VehicleParams,
    ground: &dyn Ground,
    x: f64,
    speed: f64,
    dt: f64,
) -> Result<Vehicle, ParamError> {
    let mut v = Vehicle::new(p.clone())?;
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    let z = ground_height(ground, x, 0.0)?;
    v.teleport(Pose::from_translation(DVec3::new(x, 0.0, z + r)));
    v.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .ok();
    for _ in 0..(1.0 / dt).round() as usize {
        v.step(dt, ground);
    }
    if speed > 0.0 {
        v.set_velocity(DVec3::new(speed, 0.0, 0.0), DVec3::ZERO);
    }
    Ok(v)
}

/// The driver's inputs: pedal command `u` as throttle (u > 0) or brake (u < 0), and `steer`.
pub(super) fn pedals(u: f64, steer: f64) -> Intent {
    Intent {
        throttle: u.max(0.0),
        brake: (-u).max(0.0),
        steer,
        ..Intent::default()
    }
}

/// Mean road-wheel steer angle of the steered wheels. Unit: rad.
pub(super) fn road_steer(v: &Vehicle) -> f64 {
    let (mut s, mut n) = (0.0, 0.0);
    for (w, p) in v.state().wheels().iter().zip(&v.params().wheels) {
        if p.max_steer != 0.0 {
            s += w.steer;
            n += 1.0;
        }
    }
    if n > 0.0 { s / n } else { 0.0 }
}

/// Result of the step steer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepSteerResult {
    /// Time from 50 % of the steer input to 90 % of the steady yaw rate. Unit: s.
    pub response_time_s: f64,
    /// Yaw-rate overshoot over its steady value. Unit: %.
    pub overshoot_pct: f64,
    /// Steady yaw rate per road-wheel angle. Unit: 1/s.
    pub steady_gain_per_s: f64,
    /// Steady lateral acceleration reached. Unit: m/s².
    pub steady_lateral_accel_mps2: f64,
    /// Whether the vehicle steers road wheels ([`super::has_steered_wheels`]): the gain, per
    /// road-wheel angle, is a KPI only then.
    pub steered: bool,
    /// Why the run is void ([`validity`]: speed not held or above the top speed, rolled over,
    /// airborne, spun, step fault), if it is.
    pub invalid: Option<Invalid>,
}

impl StepSteerResult {
    /// The valid KPIs of [`StepSteerResult::kpi_set`].
    pub fn kpis(&self) -> Vec<(String, f64)> {
        self.kpi_set().values
    }

    /// The KPIs, keys from [`kpi`]: [`kpi::STEP_STEER_RESPONSE_TIME_S`],
    /// [`kpi::STEP_STEER_OVERSHOOT_PCT`], [`kpi::STEP_STEER_GAIN_PER_S`] (steered vehicles),
    /// [`kpi::STEP_STEER_LATERAL_ACCEL_MPS2`]; all invalid when the run is.
    pub fn kpi_set(&self) -> kpi::Kpis {
        let mut k = vec![
            (kpi::STEP_STEER_RESPONSE_TIME_S, self.response_time_s),
            (kpi::STEP_STEER_OVERSHOOT_PCT, self.overshoot_pct),
        ];
        if self.steered {
            k.push((kpi::STEP_STEER_GAIN_PER_S, self.steady_gain_per_s));
        }
        k.push((
            kpi::STEP_STEER_LATERAL_ACCEL_MPS2,
            self.steady_lateral_accel_mps2,
        ));
        validity::sort(k, self.invalid)
    }
}

/// ISO 7401-style step steer: straight at `speed`, the steer command ramps in 0.1 s (fast
/// enough to be a step for a car's ≈ 0.1–0.3 s yaw response) to the value that gives
/// ≈ `target_ay` in the steady state (from a first run, scaled once: the response is linear at
/// 4 m/s²), held 4 s with the speed controlled. KPIs as ISO 7401 defines them: response time
/// from 50 % steer to 90 % of the steady yaw rate (the mean of the last second), overshoot
/// `(r_peak − r_ss)/r_ss`. The run is void ([`validity`]) when `speed` is above the vehicle's
/// gearing top speed, when the forward speed leaves `speed` ± 5 % (ISO 7401 holds the speed
/// constant), or when the car rolls over, leaves the ground or spins.
///
/// # Errors
/// Invalid parameters.
pub fn step_steer(
    p: &VehicleParams,
    speed: f64,
    target_ay: f64,
) -> Result<StepSteerResult, ParamError> {
    step_steer_with(p, speed, target_ay, &mut Options::default())
}

/// (time s, road-wheel steer rad, yaw rate rad/s) per step of a step-steer run.
type Trace = Vec<(f64, f64, f64)>;

/// One step-steer run with the steer command `cmd`: the trace, the steady a_y and why the run
/// is void, if it is.
fn step_steer_run(
    p: &VehicleParams,
    speed: f64,
    cmd: f64,
    opts: &mut Options,
) -> Result<(Trace, f64, Option<Invalid>), ParamError> {
    let flat = Plane::flat();
    let (ground, mut v) = opts.start(p, &flat, 0.0, speed)?;
    let dt = opts.dt;
    let mut drv = Driver::straight(&v);
    if let Some(g) = &opts.driver {
        drv.params = g.clone();
    }
    // 1 s straight, then the ramp.
    let mut trace = Vec::new();
    let mut t: f64 = 0.0;
    let rules = Rules {
        spin: true,
        speed: Some(speed),
        ..Rules::default()
    };
    let mut watch = Watch::new(&v, rules);
    watch.top_speed(&v, speed);
    while t < 5.0 && watch.result().is_none() {
        let (straight, u) = drv.control(&v, speed, dt);
        let steer = if t < 1.0 {
            straight
        } else {
            cmd * ((t - 1.0) / 0.1).min(1.0)
        };
        if !opts.step(&mut v, pedals(u, steer), ground, &mut watch) {
            break;
        }
        t += dt;
        let s = v.state();
        trace.push((t, road_steer(&v), s.chassis.angular_velocity_world.z));
    }
    let tail: Vec<&(f64, f64, f64)> = trace.iter().filter(|x| x.0 >= 4.0).collect();
    let ay = tail.iter().map(|x| x.2).sum::<f64>() / tail.len() as f64 * speed;
    Ok((trace, ay, watch.result()))
}

/// [`step_steer`] with options; the observer sees the measured run, not the probe.
///
/// # Errors
/// Invalid parameters, a speed or target that is not finite and > 0, or no ground under the
/// start.
pub fn step_steer_with(
    p: &VehicleParams,
    speed: f64,
    target_ay: f64,
    opts: &mut Options,
) -> Result<StepSteerResult, ParamError> {
    opts.validate()?;
    crate::error::check::positive("speed", speed)?;
    crate::error::check::positive("target_ay", target_ay)?;
    let probe = 0.05;
    let (_, ay_probe, probe_invalid) = step_steer_run(p, speed, probe, &mut opts.quiet())?;
    let cmd = if ay_probe.abs() > 1e-6 {
        (probe * target_ay / ay_probe).clamp(-1.0, 1.0)
    } else {
        probe
    };
    let (trace, ay, invalid) = step_steer_run(p, speed, cmd, opts)?;
    let tail: Vec<&(f64, f64, f64)> = trace.iter().filter(|x| x.0 >= 4.0).collect();
    let r_ss = tail.iter().map(|x| x.2).sum::<f64>() / tail.len() as f64;
    let d_ss = tail.iter().map(|x| x.1).sum::<f64>() / tail.len() as f64;
    let d0 = trace.iter().find(|x| x.0 >= 1.0).map_or(0.0, |x| x.1);
    let t50 = trace
        .iter()
        .find(|x| x.0 >= 1.0 && (x.1 - d0).abs() >= 0.5 * (d_ss - d0).abs())
        .map_or(f64::NAN, |x| x.0);
    let t90 = trace
        .iter()
        .find(|x| x.0 >= 1.0 && x.2.abs() >= 0.9 * r_ss.abs())
        .map_or(f64::NAN, |x| x.0);
    let peak = trace.iter().map(|x| x.2.abs()).fold(0.0, f64::max);
    Ok(StepSteerResult {
        response_time_s: t90 - t50,
        overshoot_pct: 100.0 * (peak - r_ss.abs()) / r_ss.abs(),
        steady_gain_per_s: r_ss / d_ss,
        steady_lateral_accel_mps2: ay,
        steered: super::has_steered_wheels(p),
        invalid: invalid.or(probe_invalid),
    })
}

/// Result of the sine with dwell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SineDwellResult {
    /// Road-wheel steer amplitude used. Unit: rad.
    pub amplitude_rad: f64,
    /// Lateral displacement of the CoM 1.07 s after the start of steer. Unit: m.
    pub lateral_displacement_m: f64,
    /// ψ_peak: the first peak of the yaw rate after the steer changes sign, in that lobe's
    /// sense. Unit: rad/s.
    pub peak_yaw_rate_radps: f64,
    /// Yaw rate 1.0 s after completion of steer over the peak yaw rate. Unit: %.
    pub yaw_ratio_1_00_pct: f64,
    /// Yaw rate 1.75 s after completion of steer over the peak yaw rate. Unit: %.
    pub yaw_ratio_1_75_pct: f64,
    /// Why the run is void ([`validity`]: rolled over, airborne, step fault, or its
    /// calibrating step steer void), if it is.
    pub invalid: Option<Invalid>,
}

impl SineDwellResult {
    /// The valid KPIs of [`SineDwellResult::kpi_set`].
    pub fn kpis(&self) -> Vec<(String, f64)> {
        self.kpi_set().values
    }

    /// The KPIs, keys from [`kpi`]: [`kpi::SINE_DWELL_AMPLITUDE_DEG`],
    /// [`kpi::SINE_DWELL_LATERAL_DISPLACEMENT_M`], [`kpi::SINE_DWELL_PEAK_YAW_RATE_RADPS`],
    /// [`kpi::SINE_DWELL_YAW_RATIO_1_00_PCT`], [`kpi::SINE_DWELL_YAW_RATIO_1_75_PCT`]; all
    /// invalid when the run is.
    pub fn kpi_set(&self) -> kpi::Kpis {
        validity::sort(
            vec![
                (
                    kpi::SINE_DWELL_AMPLITUDE_DEG,
                    self.amplitude_rad.to_degrees(),
                ),
                (
                    kpi::SINE_DWELL_LATERAL_DISPLACEMENT_M,
                    self.lateral_displacement_m,
                ),
                (
                    kpi::SINE_DWELL_PEAK_YAW_RATE_RADPS,
                    self.peak_yaw_rate_radps,
                ),
                (kpi::SINE_DWELL_YAW_RATIO_1_00_PCT, self.yaw_ratio_1_00_pct),
                (kpi::SINE_DWELL_YAW_RATIO_1_75_PCT, self.yaw_ratio_1_75_pct),
            ],
            self.invalid,
        )
    }
}

/// Frequency of the sine with dwell (FMVSS 126). Unit: Hz.
pub const SINE_DWELL_FREQUENCY: f64 = 0.7;
/// Dwell at the second peak (FMVSS 126). Unit: s.
pub const SINE_DWELL_DWELL: f64 = 0.5;

/// FMVSS 126-style sine with dwell from 80 km/h, throttle released at the start of steer:
/// `δ = A·sin(2πft)` (f = 0.7 Hz) to the second peak, held 0.5 s, then back to zero; A is
/// `scale` × the road-wheel angle that gives 0.3 g at 80 km/h (from a step-steer run, linear
/// there), capped at the vehicle's steer limit. KPIs as the standard defines them: lateral
/// displacement of the CoM 1.07 s after the start of steer (S5.3), and the yaw rate 1.0 s and
/// 1.75 s after completion of steer as percentages of ψ_peak, the first peak of the yaw rate
/// after the steering wheel angle changes sign (S5.2.1, S5.2.2: limits 35 % and 20 %; the
/// responsiveness limit is 1.83 m for vehicles up to 3500 kg, at scale 5 or more). Ratios are
/// signed as the standard's: a yaw rate that has swung past zero gives a negative ratio; a
/// car that spins gives more than 100 % when its yaw rate keeps growing past ψ_peak (a
/// spin is what the test measures, so it does not void the run). The run is void
/// ([`validity`]) when 80 km/h is above the vehicle's gearing top speed, when the car rolls
/// over or leaves the ground, or when the step steer that calibrates it is void (a vehicle
/// that can't hold 80 km/h can't enter the test at 80 ± 1 km/h).
///
/// # Errors
/// Invalid parameters.
pub fn sine_with_dwell(p: &VehicleParams, scale: f64) -> Result<SineDwellResult, ParamError> {
    sine_with_dwell_with(p, scale, &mut Options::default())
}

/// [`sine_with_dwell`] with options; the observer sees the sine-with-dwell run, not the step
/// steer that calibrates it.
///
/// # Errors
/// Invalid parameters, a scale that is not finite and > 0, or no ground under the start.
pub fn sine_with_dwell_with(
    p: &VehicleParams,
    scale: f64,
    opts: &mut Options,
) -> Result<SineDwellResult, ParamError> {
    crate::error::check::positive("scale", scale)?;
    let speed = 80.0 / 3.6;
    let step = step_steer_with(p, speed, 0.3 * G, &mut opts.quiet())?;
    let flat = Plane::flat();
    let (ground, mut v) = opts.start(p, &flat, 0.0, speed)?;
    let dt = opts.dt;
    let g = DriverGeometry::of(&v);
    // Road-wheel angle for 0.3 g = steady a_y / (gain·v); amplitude as a steer command.
    let delta_03 = 0.3 * G / (step.steady_gain_per_s * speed);
    let amp = (scale * delta_03).min(g.max_steer);
    let (f, dwell) = (SINE_DWELL_FREQUENCY, SINE_DWELL_DWELL);
    let t_end = 1.0 / f + dwell;
    let steer_at = |t: f64| {
        let w = std::f64::consts::TAU * f;
        if t < 0.75 / f {
            amp * (w * t).sin()
        } else if t < 0.75 / f + dwell {
            -amp
        } else if t < t_end {
            amp * (w * (t - dwell)).sin()
        } else {
            0.0
        }
    };
    let y0 = v.state().chassis.com_world(&p.chassis).y;
    // Yaw rate in the sense of the second steering lobe (right for a left-first sine), the
    // lobe whose first peak the standard measures against.
    let sense = -amp.signum();
    let (mut t, mut disp, mut r100, mut r175) = (0.0f64, f64::NAN, f64::NAN, f64::NAN);
    let (mut peak, mut peaked, mut last) = (f64::NAN, false, f64::NEG_INFINITY);
    let mut watch = Watch::new(&v, Rules::default());
    watch.top_speed(&v, speed);
    watch.inherit_calibration(step.invalid);
    while t < t_end + 2.0 && watch.result().is_none() {
        let intent = Intent {
            steer: steer_at(t) / g.max_steer,
            ..Intent::default()
        };
        if !opts.step(&mut v, intent, ground, &mut watch) {
            break;
        }
        t += dt;
        let s = v.state();
        let r = sense * s.chassis.angular_velocity_world.z;
        // ψ_peak: the first local maximum of the yaw rate in the second lobe's sense after
        // the steer changes sign (t = 1/(2f)); a car still turning harder when the
        // measurements start has its peak there.
        if !peaked && t >= 0.5 / f {
            if r < last && last > 0.0 {
                peak = last;
                peaked = true;
            }
            last = r;
        }
        if disp.is_nan() && t >= 1.07 {
            disp = s.chassis.com_world(&p.chassis).y - y0;
        }
        if r100.is_nan() && t >= t_end + 1.0 {
            if !peaked {
                (peak, peaked) = (last.max(r), true);
            }
            r100 = r;
        }
        if r175.is_nan() && t >= t_end + 1.75 {
            r175 = r;
        }
    }
    Ok(SineDwellResult {
        amplitude_rad: amp,
        lateral_displacement_m: disp.abs(),
        peak_yaw_rate_radps: peak,
        yaw_ratio_1_00_pct: 100.0 * r100 / peak,
        yaw_ratio_1_75_pct: 100.0 * r175 / peak,
        invalid: watch.result(),
    })
}
