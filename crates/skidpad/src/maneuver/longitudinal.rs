//! The straight-line tests: braking, acceleration, coast-down and parking on a grade.
//!
//! | test | procedure | KPIs |
//! |---|---|---|
//! | braking | settle, then full service brake from the start speed (100 km/h in the suite, on dry surface 0 and wet surface 1), steering held straight by the driver | stopping distance, mean deceleration `v₀/t_stop` |
//! | acceleration | full throttle from rest, steering held straight, until 100 km/h and the quarter mile (402.336 m) are both reached or 60 s pass | 0–100 km/h time, quarter-mile time, up-shift speeds |
//! | coast-down | from 30 m/s to 5 m/s in neutral, fit `a = A + B·v²` | fitted C_d·A and C_rr vs the configured ones |
//! | park | service and hand brake on, nose up a grade (30 % in the suite), 3 s to settle, then the time held | creep distance |
//!
//! Crossing times are interpolated linearly between steps. The coast-down fit follows the
//! road-load equation `M·a = m·g·C_rr + ½·ρ·C_d·A·v²` (SAE J2263 fits `A + B·v + C·v²`; with
//! no speed-proportional loss in the model the `B·v` term is left out), `M = m + ΣI/R²` the
//! effective mass of a car whose wheels spin down with it.

use super::driver::Driver;
use super::validity::{self, Invalid, Rules, Watch};
use super::{Options, kpi};
use crate::ground::{Plane, SurfaceId};
use crate::vehicle::{Intent, Vehicle, VehicleParams};
use crate::{DQuat, DVec3, ParamError, Pose};
use glam::DVec2;

/// Result of a straight-line stop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrakingResult {
    /// Distance from the start speed to standstill. Unit: m.
    pub distance_m: f64,
    /// Mean deceleration (start speed over stopping time). Unit: m/s².
    pub mean_decel_mps2: f64,
    /// Why the run is void ([`validity`]: rolled over, airborne, step fault), if it is. A
    /// spin is an outcome of a stop (split-µ), not a void run.
    pub invalid: Option<Invalid>,
}

impl BrakingResult {
    /// The valid KPIs of [`BrakingResult::kpi_set`].
    pub fn kpis(&self) -> Vec<(String, f64)> {
        self.kpi_set().values
    }

    /// The KPIs, keys from [`kpi`]: [`kpi::BRAKING_DISTANCE_M`],
    /// [`kpi::BRAKING_MEAN_DECEL_MPS2`]; both invalid when the run is.
    pub fn kpi_set(&self) -> kpi::Kpis {
        validity::sort(
            vec![
                (kpi::BRAKING_DISTANCE_M, self.distance_m),
                (kpi::BRAKING_MEAN_DECEL_MPS2, self.mean_decel_mps2),
            ],
            self.invalid,
        )
    }
}

/// Full brake from 100 km/h on flat ground of `surface`, steering held straight by the driver.
///
/// # Errors
/// Invalid parameters.
pub fn braking_100_0(p: &VehicleParams, surface: SurfaceId) -> Result<BrakingResult, ParamError> {
    let ground = Plane::flat().with_surface(surface);
    braking_with(
        p,
        100.0 / 3.6,
        &mut Options {
            ground: Some(&ground),
            ..Options::default()
        },
    )
}

/// Full brake from `speed` (m/s) to a stop (ground-plane speed below 0.01 m/s, or 60 s),
/// steering held straight by the driver; the distance is the straight line from start to
/// stop in the ground plane.
///
/// # Errors
/// Invalid parameters or options, a speed that is not finite and > 0, or no ground under the
/// start.
pub fn braking_with(
    p: &VehicleParams,
    speed: f64,
    opts: &mut Options,
) -> Result<BrakingResult, ParamError> {
    crate::error::check::positive("speed", speed)?;
    let flat = Plane::flat();
    let (ground, mut v) = opts.start(p, &flat, 0.0, speed)?;
    let dt = opts.dt;
    let mut drv = straight_driver(&v, opts);
    let x0 = v.state().chassis.pose.translation.truncate();
    let mut t = 0.0;
    // Stopped when the ground-plane velocity (not the forward speed: a car that spins on
    // split-µ is not stopped while it slides sideways) drops below 1 cm/s or reverses within a
    // step (the pitch rebound of a car that has come to rest moves the body backwards).
    let planar = |v: &Vehicle| v.state().chassis.linear_velocity_world.truncate();
    let mut prev = planar(&v);
    let mut watch = Watch::new(&v, Rules::default());
    while t < 60.0 {
        let (steer, _) = drv.control(&v, 0.0, dt);
        let intent = Intent {
            brake: 1.0,
            steer,
            ..Intent::default()
        };
        if !opts.step(&mut v, intent, ground, &mut watch) {
            break;
        }
        t += dt;
        let now = planar(&v);
        if now.length() < 0.01 || now.dot(prev) <= 0.0 {
            break;
        }
        prev = now;
    }
    let d = (v.state().chassis.pose.translation.truncate() - x0).length();
    Ok(BrakingResult {
        distance_m: d,
        mean_decel_mps2: speed / t,
        invalid: watch.result(),
    })
}

/// The test driver holding the start heading, with the options' gains if any.
fn straight_driver(v: &Vehicle, opts: &Options) -> Driver {
    let mut drv = Driver::straight(v);
    if let Some(g) = &opts.driver {
        drv.params = g.clone();
    }
    drv
}

/// Result of the acceleration run.
#[derive(Debug, Clone, PartialEq)]
pub struct AccelResult {
    /// 0–100 km/h time (NaN if not reached in 60 s). Unit: s.
    pub t_0_100_s: f64,
    /// Quarter-mile (402.336 m) time (NaN if not reached in 60 s). Unit: s.
    pub quarter_mile_s: f64,
    /// Up-shifts during the run: `(from gear, to gear, speed m/s)` when the shift was selected.
    pub shifts: Vec<(i8, i8, f64)>,
    /// Why the run is void ([`validity`]: rolled over, airborne, spun, left its lane, step
    /// fault), if it is.
    pub invalid: Option<Invalid>,
}

impl AccelResult {
    /// The valid KPIs of [`AccelResult::kpi_set`].
    pub fn kpis(&self) -> Vec<(String, f64)> {
        self.kpi_set().values
    }

    /// The KPIs, keys from [`kpi`]: [`kpi::ACCEL_0_100_S`] and [`kpi::QUARTER_MILE_S`] when
    /// reached (a truck governed below 100 km/h, a tank, has no 0–100 time rather than NaN),
    /// then the up-shift speeds in km/h ([`kpi::shift_key`]) in order. When the run is invalid
    /// (spun, left its lane, stopped by a step fault) both times are invalid with its reason,
    /// reached or not: a broken run cannot say a time was "not reached".
    pub fn kpi_set(&self) -> kpi::Kpis {
        let mut k = Vec::new();
        let broken = self.invalid.is_some();
        if broken || self.t_0_100_s.is_finite() {
            k.push((kpi::ACCEL_0_100_S.to_string(), self.t_0_100_s));
        }
        if broken || self.quarter_mile_s.is_finite() {
            k.push((kpi::QUARTER_MILE_S.to_string(), self.quarter_mile_s));
        }
        for &(from, to, v) in &self.shifts {
            k.push((kpi::shift_key(from, to), v * 3.6));
        }
        kpi::Kpis::sort(k, self.invalid)
    }
}

/// Full throttle from rest on flat dry ground, steering held straight, until both 100 km/h
/// and the quarter mile are reached or 60 s have passed.
///
/// # Errors
/// Invalid parameters.
pub fn acceleration(p: &VehicleParams) -> Result<AccelResult, ParamError> {
    acceleration_with(p, &mut Options::default())
}

/// [`acceleration`] with options.
///
/// # Errors
/// Invalid parameters or options, or no ground under the start.
pub fn acceleration_with(p: &VehicleParams, opts: &mut Options) -> Result<AccelResult, ParamError> {
    let flat = Plane::flat();
    let (ground, mut v) = opts.start(p, &flat, 0.0, 0.0)?;
    let dt = opts.dt;
    let mut drv = straight_driver(&v, opts);
    let x0 = v.state().chassis.pose.translation.truncate();
    let (mut t, mut t100, mut tq) = (0.0, f64::NAN, f64::NAN);
    let (mut last_v, mut last_d) = (0.0, 0.0);
    let mut shifts = Vec::new();
    let mut gear = v.state().drivetrain.target_gear;
    let rules = Rules {
        spin: true,
        lane: true,
        ..Rules::default()
    };
    let mut watch = Watch::new(&v, rules);
    while t < 60.0 && (tq.is_nan() || t100.is_nan()) {
        let (steer, _) = drv.control(&v, 0.0, dt);
        let intent = Intent {
            throttle: 1.0,
            steer,
            ..Intent::default()
        };
        if !opts.step(&mut v, intent, ground, &mut watch) {
            break;
        }
        watch.lane(
            &v,
            drv.path
                .offset(v.state().chassis.pose.translation.truncate()),
        );
        t += dt;
        let vx = v.state().forward_speed();
        let d = (v.state().chassis.pose.translation.truncate() - x0).length();
        if t100.is_nan() && vx >= 100.0 / 3.6 {
            t100 = t - dt * (vx - 100.0 / 3.6) / (vx - last_v).max(1e-12);
        }
        if tq.is_nan() && d >= 402.336 {
            tq = t - dt * (d - 402.336) / (d - last_d).max(1e-12);
        }
        let g_now = v.state().drivetrain.target_gear;
        if g_now > gear && gear > 0 {
            shifts.push((gear, g_now, vx));
        }
        gear = g_now;
        (last_v, last_d) = (vx, d);
    }
    Ok(AccelResult {
        t_0_100_s: t100,
        quarter_mile_s: tq,
        shifts,
        invalid: watch.result(),
    })
}

/// Longest a [`top_speed`] run goes on. Unit: s.
pub const TOP_SPEED_TIMEOUT_S: f64 = 400.0;
/// A [`top_speed`] run has converged when the forward speed rose less than this over the last
/// [`TOP_SPEED_WINDOW_S`]. Unit: m/s.
pub const TOP_SPEED_SETTLED_MPS: f64 = 0.05;
/// Window of the [`top_speed`] convergence test. Unit: s.
pub const TOP_SPEED_WINDOW_S: f64 = 10.0;

/// Top speed: full throttle from rest on flat dry ground, steering held straight, until the
/// forward speed rises less than [`TOP_SPEED_SETTLED_MPS`] in [`TOP_SPEED_WINDOW_S`] (drive
/// force = drag + rolling resistance, `P = F_res·v`, or the gearing's limit) or
/// [`TOP_SPEED_TIMEOUT_S`] pass. Returns the highest forward speed (m/s) and whether it
/// converged. Steps of [`Options::dt`].
///
/// # Errors
/// Invalid parameters or options, or no ground under the start.
pub fn top_speed(p: &VehicleParams, opts: &mut Options) -> Result<(f64, bool), ParamError> {
    let flat = Plane::flat();
    let (ground, mut v) = opts.start(p, &flat, 0.0, 0.0)?;
    let dt = opts.dt;
    let mut drv = straight_driver(&v, opts);
    let mut watch = Watch::new(&v, Rules::default());
    let window = (TOP_SPEED_WINDOW_S / dt).round() as usize;
    let (mut best, mut last) = (0.0f64, 0.0);
    let steps = (TOP_SPEED_TIMEOUT_S / dt).round() as usize;
    for k in 1..=steps {
        let (steer, _) = drv.control(&v, 0.0, dt);
        let intent = Intent {
            throttle: 1.0,
            steer,
            ..Intent::default()
        };
        if !opts.step(&mut v, intent, ground, &mut watch) {
            break;
        }
        let vx = v.state().forward_speed();
        best = best.max(vx);
        if k % window == 0 {
            if vx - last < TOP_SPEED_SETTLED_MPS {
                return Ok((best, true));
            }
            last = vx;
        }
    }
    Ok((best, false))
}

/// Result of the coast-down fit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CoastDownResult {
    /// Fitted drag area C_d·A. Unit: m².
    pub cd_a_m2: f64,
    /// Fitted rolling-resistance coefficient. Unit: 1.
    pub crr: f64,
    /// Configured C_d·A. Unit: m².
    pub configured_cd_a_m2: f64,
    /// Configured C_rr (mean over the wheels). Unit: 1.
    pub configured_crr: f64,
    /// Why the run is void ([`validity`]: rolled over, airborne, left its lane, step fault),
    /// if it is.
    pub invalid: Option<Invalid>,
}

impl CoastDownResult {
    /// The valid KPIs of [`CoastDownResult::kpi_set`].
    pub fn kpis(&self) -> Vec<(String, f64)> {
        self.kpi_set().values
    }

    /// The KPIs, keys from [`kpi`]: [`kpi::COAST_DOWN_CD_A_M2`], [`kpi::COAST_DOWN_CRR`]
    /// (invalid when the run is), [`kpi::CONFIGURED_CD_A_M2`], [`kpi::CONFIGURED_CRR`] (the
    /// vehicle's own numbers, always valid).
    pub fn kpi_set(&self) -> kpi::Kpis {
        let mut k = validity::sort(
            vec![
                (kpi::COAST_DOWN_CD_A_M2, self.cd_a_m2),
                (kpi::COAST_DOWN_CRR, self.crr),
            ],
            self.invalid,
        );
        k.extend(validity::sort(
            vec![
                (kpi::CONFIGURED_CD_A_M2, self.configured_cd_a_m2),
                (kpi::CONFIGURED_CRR, self.configured_crr),
            ],
            None,
        ));
        k
    }
}

/// Coast from 30 m/s to 5 m/s in neutral, then fit `a = A + B·v²` by least squares on the
/// sampled deceleration: `C_rr = A·M/(m·g)`, `C_d·A = 2·B·M/ρ`, with `M = m + ΣI/R²` the
/// effective mass (spinning wheels coast down with the car).
///
/// # Errors
/// Invalid parameters.
pub fn coast_down(p: &VehicleParams) -> Result<CoastDownResult, ParamError> {
    coast_down_with(p, &mut Options::default())
}

/// [`coast_down`] with options. The fit assumes level ground: on a slope it absorbs the grade
/// into `C_rr`.
///
/// # Errors
/// Invalid parameters or options, or no ground under the start.
pub fn coast_down_with(
    p: &VehicleParams,
    opts: &mut Options,
) -> Result<CoastDownResult, ParamError> {
    let flat = Plane::flat();
    let (ground, mut v) = opts.start(p, &flat, 0.0, 30.0)?;
    let dt = opts.dt;
    let mut drv = straight_driver(&v, opts);
    let neutral = p.drivetrain.has_engine().then_some(0i8);
    let mut samples = Vec::new();
    let mut last = v.state().forward_speed();
    let mut t = 0.0;
    let rules = Rules {
        lane: true,
        ..Rules::default()
    };
    let mut watch = Watch::new(&v, rules);
    while last > 5.0 && t < 600.0 {
        let (steer, _) = drv.control(&v, 0.0, dt);
        let intent = Intent {
            steer,
            target_gear: neutral,
            ..Intent::default()
        };
        if !opts.step(&mut v, intent, ground, &mut watch) {
            break;
        }
        watch.lane(
            &v,
            drv.path
                .offset(v.state().chassis.pose.translation.truncate()),
        );
        t += dt;
        let now = v.state().forward_speed();
        if t > 1.0 {
            samples.push((0.5 * (now + last), (last - now) / dt));
        }
        last = now;
    }
    let (a, b) = fit_coast_down(&samples);
    let m = p.chassis.mass;
    let m_eff = m + p
        .wheels
        .iter()
        .filter(|w| w.enabled)
        .map(|w| w.inertia / (w.radius * w.radius))
        .sum::<f64>();
    let crr_cfg = p
        .wheels
        .iter()
        .map(|w| w.tire.rolling_resistance)
        .sum::<f64>()
        / p.wheels.len() as f64;
    Ok(CoastDownResult {
        cd_a_m2: 2.0 * b * m_eff / p.aero.air_density,
        crr: a * m_eff / (m * p.sim.gravity),
        configured_cd_a_m2: p.aero.drag_coefficient * p.aero.frontal_area,
        configured_crr: crr_cfg,
        invalid: watch.result(),
    })
}

/// Least-squares fit of a coast-down's deceleration `a = A + B·v²` to samples `(v, a)`
/// (m/s, m/s²), by the normal equations in `(1, v²)`: returns `(A, B)` (m/s², 1/m). Then
/// `C_rr = A·M/(m·g)` and `C_d·A = 2·B·M/ρ` with `M` the effective mass. NaN for fewer than
/// two distinct speeds.
pub fn fit_coast_down(samples: &[(f64, f64)]) -> (f64, f64) {
    let n = samples.len() as f64;
    let (sx, sy) = samples
        .iter()
        .fold((0.0, 0.0), |acc, &(vv, a)| (acc.0 + vv * vv, acc.1 + a));
    let (sxx, sxy) = samples.iter().fold((0.0, 0.0), |acc, &(vv, a)| {
        (acc.0 + vv.powi(4), acc.1 + vv * vv * a)
    });
    let det = n * sxx - sx * sx;
    let b = (n * sxy - sx * sy) / det;
    let a = (sy - b * sx) / n;
    (a, b)
}

/// Grade of the suite's parking test. Unit: % (rise per 100 m run).
pub const PARK_GRADE_PCT: f64 = 30.0;
/// Time the suite's parking test holds the car. Unit: s.
pub const PARK_HOLD_S: f64 = 60.0;

/// The park test's KPI for a creep distance `creep_m` (m, as [`park_creep`] returns it):
/// [`kpi::PARK_CREEP_M`], when finite.
pub fn park_creep_kpis(creep_m: f64) -> Vec<(String, f64)> {
    park_creep_kpi_set(creep_m, None).values
}

/// The park test's KPI [`kpi::PARK_CREEP_M`], invalid when the run is (`invalid`, as
/// [`park_with`] returns it) or the creep is not finite.
pub fn park_creep_kpi_set(creep_m: f64, invalid: Option<Invalid>) -> kpi::Kpis {
    validity::sort(vec![(kpi::PARK_CREEP_M, creep_m)], invalid)
}

/// Brakes on, nose up a 30 % grade of dry tarmac: distance moved over 60 s after 3 s to
/// settle. Unit: m.
///
/// # Errors
/// Invalid parameters.
pub fn park_creep(p: &VehicleParams) -> Result<f64, ParamError> {
    park_creep_with(
        p,
        PARK_GRADE_PCT,
        PARK_HOLD_S,
        SurfaceId(0),
        &mut Options::default(),
    )
}

/// Service and hand brake on, nose up a plane of `grade_pct` (% rise per run, positive)
/// and `surface`: the distance the body moves over `hold_s` seconds after 3 s to settle.
/// Unit: m. The test builds its own incline, so `opts.ground` must be `None`; the observer
/// sees the settling and the hold.
///
/// # Errors
/// Invalid parameters, a grade outside (0, 100] %, a hold that is not finite and > 0, or a
/// ground in `opts`.
pub fn park_creep_with(
    p: &VehicleParams,
    grade_pct: f64,
    hold_s: f64,
    surface: SurfaceId,
    opts: &mut Options,
) -> Result<f64, ParamError> {
    let (creep, invalid) = park_with(p, grade_pct, hold_s, surface, opts)?;
    Ok(if invalid.is_some() { f64::NAN } else { creep })
}

/// [`park_creep_with`], with why the run is void ([`validity`]: rolled over, airborne, step
/// fault; the run stops there), if it is.
///
/// # Errors
/// As [`park_creep_with`].
pub fn park_with(
    p: &VehicleParams,
    grade_pct: f64,
    hold_s: f64,
    surface: SurfaceId,
    opts: &mut Options,
) -> Result<(f64, Option<Invalid>), ParamError> {
    opts.validate()?;
    if !(grade_pct > 0.0 && grade_pct <= 100.0) {
        return Err(ParamError::new(
            "grade_pct",
            format!("must be in (0, 100] % (got {grade_pct})"),
        ));
    }
    crate::error::check::positive("hold_s", hold_s)?;
    if opts.ground.is_some() {
        return Err(ParamError::new(
            "ground",
            "the parking test builds its own incline: give its grade and surface instead",
        ));
    }
    let dt = opts.dt;
    let theta = (grade_pct / 100.0).atan();
    let ground = Plane::inclined(theta, DVec2::X).with_surface(surface);
    let mut v = Vehicle::new(p.clone())?;
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    let n = DVec3::new(-theta.sin(), 0.0, theta.cos());
    v.teleport(Pose::new(n * r, DQuat::from_rotation_y(-theta)));
    v.set_intent(Intent {
        brake: 1.0,
        handbrake: 1.0,
        ..Intent::default()
    })
    .ok();
    let mut watch = Watch::new(&v, Rules::default());
    let settle = (3.0 / dt).round() as usize;
    let mut x0 = v.state().chassis.pose.translation;
    for k in 0..settle + (hold_s / dt).round() as usize {
        if k == settle {
            x0 = v.state().chassis.pose.translation;
        }
        if v.try_step(dt, &ground).is_ok() {
            opts.observe(&v);
        }
        watch.observe(&v);
        if watch.result().is_some() {
            break;
        }
    }
    Ok((
        (v.state().chassis.pose.translation - x0).length(),
        watch.result(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maneuver::standard::DT;

    #[test]
    fn suite_step_is_the_default() {
        assert_eq!(Options::default().dt, DT);
    }
}
