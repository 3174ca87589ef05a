//! Standard test manoeuvres with a closed-loop driver, and their KPIs.
//!
//! [`driver`] is the path follower and speed controller; [`standard`] holds the manoeuvres
//! (steady-state circle, step steer, sine with dwell, braking, acceleration, coast-down,
//! parking), [`lateral_limit`] ISO 4138's slowly-increasing-speed circle for the maximum
//! lateral acceleration, and [`lane_change`] the ISO 3888-1 double lane change with its entry-speed
//! search, all pure functions of the vehicle parameters; [`standard_suite`] runs them all and
//! returns KPIs keyed with units ([`standard_suite_with_progress`] also reports each step).
//! Each result type names its own KPIs (`kpis()`), with the keys of [`kpi`], one per
//! quantity. [`main_job`] is the command line's default job: settle, then the suite, with a
//! telemetry run for plots. Each manoeuvre checks its own preconditions while it runs
//! ([`validity`]: rolled over, airborne, spun, left the path, speed not held, above the top
//! speed, step fault): a run that fails one stops and reports its KPIs invalid with the
//! reason (`kpi_set()`, [`kpi::Kpis`]), distinct from a KPI not reached.
//!
//! ```no_run
//! let kpis = skidpad::maneuver::standard_suite(&skidpad::presets::sedan()).unwrap();
//! for (key, value) in &kpis { println!("{key} = {value:.3}"); }
//! ```

pub mod circle;
pub mod driver;
pub mod kpi;
pub mod lane_change;
pub mod lateral_limit;
pub mod longitudinal;
pub mod main_job;
pub mod standard;
#[cfg(test)]
mod substep_study;
pub mod validity;

use crate::ground::{Ground, Plane, SurfaceId};
use crate::vehicle::{Intent, Vehicle};
use crate::{ParamError, VehicleParams};
use driver::DriverParams;

/// Radius of the steady-state circle. Unit: m.
pub const CIRCLE_RADIUS: f64 = 40.0;
/// Speed of the step steer (ISO 7401: 80 km/h). Unit: m/s.
pub const STEP_STEER_SPEED: f64 = 80.0 / 3.6;
/// Steady lateral acceleration the step steer aims for (ISO 7401: 4 m/s²). Unit: m/s².
pub const STEP_STEER_AY: f64 = 4.0;
/// Sine-with-dwell amplitude as a multiple of the 0.3 g angle (FMVSS 126 goes up to 6.5).
pub const SINE_DWELL_SCALE: f64 = 6.5;

/// Where and how a manoeuvre runs. Every manoeuvre has a `…_with` form that takes one; the
/// plain form uses [`Options::default`] (flat dry tarmac, [`standard::DT`], the manoeuvre's
/// own driver gains, nobody watching).
///
/// ```
/// use skidpad::maneuver::{Options, longitudinal::braking_with};
/// use skidpad::ground::{Plane, SurfaceId};
/// let gravel = Plane::flat().with_surface(SurfaceId(2));
/// let mut speeds = Vec::new();
/// let mut watch = |v: &skidpad::vehicle::Vehicle| speeds.push(v.state().forward_speed());
/// let stop = braking_with(&skidpad::presets::sedan(), 20.0, &mut Options {
///     ground: Some(&gravel),
///     observer: Some(&mut watch),
///     ..Options::default()
/// }).unwrap();
/// assert!(stop.distance_m > 20.0 * 20.0 / (2.0 * 9.81)); // gravel grips less than µ = 1
/// assert!(speeds.len() > 100);
/// ```
pub struct Options<'a> {
    /// The ground. The manoeuvre starts where it always does (the world origin, or 60 m before
    /// it for the lane change), on the ground found there by a ray cast straight down, and
    /// drives along +x; `None` is flat dry tarmac (surface 0) at z = 0. Patches of another
    /// surface, bumps or a gentle slope are the intended uses (split-µ braking, braking on a
    /// rough road); the KPIs keep their flat-ground definitions.
    pub ground: Option<&'a dyn Ground>,
    /// Fixed step. Unit: s. Range: (0, 0.1]. Default: [`standard::DT`] (1/120 s).
    pub dt: f64,
    /// Driver gains; `None` is the manoeuvre's own ([`standard::circle_driver`] for the circle,
    /// [`lane_change::lane_change_driver`] for the lane change, the default otherwise).
    pub driver: Option<DriverParams>,
    /// Called with the vehicle after every step of the measured run (not after a step undone
    /// by a fault, [`crate::vehicle::fault`]) — not of calibration runs
    /// (the step steer's probe, the sine with dwell's step steer), the 1 s settling hold or
    /// the lane change's search runs (the run at the speed found is repeated for it).
    pub observer: Option<&'a mut dyn FnMut(&Vehicle)>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Self {
            ground: None,
            dt: standard::DT,
            driver: None,
            observer: None,
        }
    }
}

impl<'a> Options<'a> {
    /// Check the step.
    ///
    /// # Errors
    /// `dt` outside (0, 0.1] s.
    pub fn validate(&self) -> Result<(), ParamError> {
        if self.dt.is_finite() && self.dt > 0.0 && self.dt <= 0.1 {
            Ok(())
        } else {
            Err(ParamError::new(
                "dt",
                format!("must be in (0, 0.1] s (got {})", self.dt),
            ))
        }
    }

    /// Report a step of the measured run to the observer.
    pub(crate) fn observe(&mut self, v: &Vehicle) {
        if let Some(f) = self.observer.as_mut() {
            f(v);
        }
    }

    /// One step of the measured run: apply `intent` (a manoeuvre's inputs are finite by
    /// construction; the vehicle clamps them into range), advance `dt` on `ground`, show the
    /// observer, check the run's preconditions. Returns whether the run goes on: `false` once
    /// a precondition has failed ([`validity`]: the run is void, so it stops there).
    pub(crate) fn step(
        &mut self,
        v: &mut Vehicle,
        intent: Intent,
        ground: &dyn Ground,
        watch: &mut validity::Watch,
    ) -> bool {
        v.set_intent(intent).ok();
        if v.try_step(self.dt, ground).is_ok() {
            self.observe(v);
        }
        watch.observe(v);
        watch.result().is_none()
    }

    /// The same ground, step and gains without the observer (for calibration runs).
    pub(crate) fn quiet(&self) -> Options<'a> {
        Options {
            ground: self.ground,
            dt: self.dt,
            driver: self.driver.clone(),
            observer: None,
        }
    }

    /// Check the options, then a vehicle settled at `(x, 0)` on the ground (the options' or
    /// `flat`) and given the forward `speed` ([`standard::spawn_at`]); returns the ground too.
    pub(crate) fn start<'g>(
        &self,
        p: &VehicleParams,
        flat: &'g Plane,
        x: f64,
        speed: f64,
    ) -> Result<(&'g dyn Ground, Vehicle), ParamError>
    where
        'a: 'g,
    {
        self.validate()?;
        let ground = self.ground_or(flat);
        Ok((ground, standard::spawn_at(p, ground, x, speed, self.dt)?))
    }

    /// The ground to drive on: [`Options::ground`], or `flat`.
    pub(crate) fn ground_or<'g>(&self, flat: &'g Plane) -> &'g dyn Ground
    where
        'a: 'g,
    {
        self.ground.unwrap_or(flat)
    }
}

/// Whether the vehicle steers road wheels (some wheel has `max_steer ≠ 0` and steering is not
/// disabled): the KPIs per road-wheel angle exist only then, and skid-steer vehicles keep the
/// default driver gains.
pub fn has_steered_wheels(p: &VehicleParams) -> bool {
    p.wheels.iter().any(|w| w.max_steer != 0.0)
        && p.steering.mode != crate::steering::SteeringMode::Disabled
}

/// Names of the suite's steps, in the order [`standard_suite_with_progress`] reports them.
pub const SUITE_STEPS: [&str; 9] = [
    "steady-state circle",
    "step steer",
    "sine with dwell",
    "double lane change",
    "braking dry",
    "braking wet",
    "acceleration",
    "coast-down",
    "park on grade",
];

/// Run every manoeuvre of [`standard`] and [`lane_change`] and return `(key_with_unit, value)`
/// pairs ([`kpi`]): [`kpi::VEHICLE_MASS_KG`], then each manoeuvre's own KPIs in
/// [`SUITE_STEPS`] order (`kpis()` of its result: circle, step steer, sine with dwell, lane
/// change search, dry braking from 100 km/h), the wet stop's distance
/// ([`kpi::BRAKING_DISTANCE_WET_M`]), then acceleration (with the up-shift speeds
/// `shift_1_2_kmh`, ...), coast-down and park.
///
/// Only valid KPIs are returned: a manoeuvre whose run failed a precondition ([`validity`]:
/// rolled over, speed not held, above the top speed, spun, left the path, airborne, step
/// fault) has its KPIs in [`SuiteResult::invalid`] with the reason instead
/// ([`standard_suite_detailed`]).
///
/// Some KPIs are left out when the vehicle cannot have them (rather than reported as NaN):
/// `accel_0_100_s` (and `quarter_mile_s`) when full throttle does not reach it within 60 s (a
/// truck governed below 100 km/h, a tank), and the per-road-wheel-angle KPIs
/// `understeer_gradient_deg_per_g` (with its left- and right-hand circles' keys) and
/// `step_steer_yaw_rate_gain_per_s` when no wheel steers (skid steer).
///
/// # Errors
/// Invalid parameters.
pub fn standard_suite(p: &VehicleParams) -> Result<Vec<(String, f64)>, ParamError> {
    standard_suite_with_progress(p, &mut |_, _| {})
}

/// [`standard_suite`], calling `progress(i, name)` before step `i` of [`SUITE_STEPS`] and
/// `progress(SUITE_STEPS.len(), "done")` at the end (for a progress bar).
///
/// # Errors
/// Invalid parameters.
pub fn standard_suite_with_progress(
    p: &VehicleParams,
    progress: &mut dyn FnMut(usize, &str),
) -> Result<Vec<(String, f64)>, ParamError> {
    Ok(standard_suite_detailed(p, progress)?.kpis)
}

/// The suite's KPIs and the curves behind them.
#[derive(Debug, Clone, PartialEq)]
pub struct SuiteResult {
    /// The valid KPIs, as [`standard_suite`] returns them.
    pub kpis: Vec<(String, f64)>,
    /// The invalid KPIs: `(key, reason)` ([`kpi::Kpis::invalid`]).
    pub invalid: Vec<(String, String)>,
    /// The steady-state circle with its ISO 4138 steering-vs-lateral-acceleration points.
    pub circle: standard::CircleResult,
}

/// [`standard_suite_with_progress`], also returning the steady-state circle's points.
///
/// # Errors
/// Invalid parameters.
pub fn standard_suite_detailed(
    p: &VehicleParams,
    progress: &mut dyn FnMut(usize, &str),
) -> Result<SuiteResult, ParamError> {
    let mut k = 0;
    let mut next = |progress: &mut dyn FnMut(usize, &str)| {
        progress(k, SUITE_STEPS[k]);
        k += 1;
    };
    next(progress);
    let circle = standard::steady_state_circle(p, CIRCLE_RADIUS)?;
    next(progress);
    let step = standard::step_steer(p, STEP_STEER_SPEED, STEP_STEER_AY)?;
    next(progress);
    let swd = standard::sine_with_dwell(p, SINE_DWELL_SCALE)?;
    next(progress);
    let dlc = lane_change::max_entry_speed(p)?;
    next(progress);
    let dry = standard::braking_100_0(p, SurfaceId(0))?;
    next(progress);
    let wet = standard::braking_100_0(p, SurfaceId(1))?;
    next(progress);
    let acc = standard::acceleration(p)?;
    next(progress);
    let coast = standard::coast_down(p)?;
    next(progress);
    let (creep, park_invalid) = longitudinal::park_with(
        p,
        longitudinal::PARK_GRADE_PCT,
        longitudinal::PARK_HOLD_S,
        SurfaceId(0),
        &mut Options::default(),
    )?;
    progress(SUITE_STEPS.len(), "done");
    let mut k = kpi::Kpis::sort(
        vec![(kpi::VEHICLE_MASS_KG.to_string(), p.chassis.mass)],
        None,
    );
    k.extend(circle.kpi_set());
    k.extend(step.kpi_set());
    k.extend(swd.kpi_set());
    k.extend(dlc.kpi_set());
    k.extend(dry.kpi_set());
    k.extend(kpi::Kpis::sort(
        vec![(kpi::BRAKING_DISTANCE_WET_M.to_string(), wet.distance_m)],
        wet.invalid,
    ));
    k.extend(acc.kpi_set());
    k.extend(coast.kpi_set());
    k.extend(longitudinal::park_creep_kpi_set(creep, park_invalid));
    Ok(SuiteResult {
        kpis: k.values,
        invalid: k.invalid,
        circle,
    })
}
