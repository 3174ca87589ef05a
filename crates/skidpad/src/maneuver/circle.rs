//! ISO 4138's steady-state circle, constant radius: the understeer gradient from road-wheel
//! steer at discrete speeds, and the largest lateral acceleration from a slowly increasing
//! speed on the same circle ([`super::lateral_limit`]), turning left and turning right.
//!
//! The understeer gradient follows `δ = L/R + K·a_y` (Gillespie, *Fundamentals of Vehicle
//! Dynamics*, ch. 6): `K` in deg/g is the slope of road-wheel angle over lateral
//! acceleration in g. ISO 4138 drives both directions; a vehicle's figure is their mean
//! ([`kpi::UNDERSTEER_GRADIENT_DEG_PER_G`], [`kpi::MAX_LATERAL_ACCEL_MPS2`]) and each
//! direction has its own key (`…_left_…`, `…_right_…`): a car whose CoM is off the
//! centreline, or a tyre with conicity, differs between them.

use super::driver::{Driver, DriverParams};
use super::lateral_limit::{LateralLimit, Turn};
use super::standard::{G, LINEAR_AY_MAX, LINEAR_AY_MIN, pedals, road_steer};
use super::validity::{self, Invalid, Rules, Watch};
use super::{Options, kpi};
use crate::ParamError;
use crate::ground::Plane;
use crate::vehicle::VehicleParams;

/// Result of the steady-state circle in one direction ([`CircleResult::turn`]), with the
/// other direction's run in [`CircleResult::right`] when both were driven.
#[derive(Debug, Clone, PartialEq)]
pub struct CircleResult {
    /// The direction of this run.
    pub turn: Turn,
    /// `(a_y m/s², road-wheel steer rad)` at each held speed, both towards the circle's
    /// centre (positive in either direction).
    pub points: Vec<(f64, f64)>,
    /// Understeer gradient. Unit: deg/g.
    pub understeer_gradient_deg_per_g: f64,
    /// The largest lateral acceleration, from ISO 4138's slowly increasing speed on the same
    /// circle ([`super::lateral_limit`]), with its own validity.
    pub limit: LateralLimit,
    /// Whether the vehicle steers road wheels ([`super::has_steered_wheels`]): the understeer
    /// gradient, per road-wheel angle, is a KPI only then.
    pub steered: bool,
    /// Why the discrete-speed sweep is void ([`validity`]: rolled over, airborne, spun, step
    /// fault), if it is; it voids the understeer gradient only within its window
    /// ([`CircleResult::gradient_invalid`]). The largest lateral acceleration has its own
    /// run and validity ([`LateralLimit::invalid`]).
    pub invalid: Option<Invalid>,
    /// Why the understeer gradient is void: a failure of [`CircleResult::invalid`] within
    /// the window it is measured on (from the start to the end of the last speed whose point
    /// is in its fit, [`LINEAR_AY_MIN`]–[`LINEAR_AY_MAX`]), or any failure when fewer than two
    /// points reached the fit. A roll-over
    /// at a higher speed, after the linear range was measured, leaves the gradient valid.
    pub gradient_invalid: Option<Invalid>,
    /// The same circle turning right (ISO 4138 drives both directions): present on the left
    /// run of [`steady_state_circle_with`], which drives both; `None` on a single direction's
    /// run ([`steady_state_circle_turning`]).
    pub right: Option<Box<CircleResult>>,
}

impl CircleResult {
    /// The valid KPIs of [`CircleResult::kpi_set`].
    pub fn kpis(&self) -> Vec<(String, f64)> {
        self.kpi_set().values
    }

    /// The KPIs, keys from [`kpi`]. With both directions ([`CircleResult::right`]):
    /// [`kpi::UNDERSTEER_GRADIENT_DEG_PER_G`], the mean of both (steered vehicles, invalid
    /// when either direction's gradient is, as [`CircleResult::gradient_invalid`] says), then
    /// [`kpi::UNDERSTEER_GRADIENT_LEFT_DEG_PER_G`] and
    /// [`kpi::UNDERSTEER_GRADIENT_RIGHT_DEG_PER_G`]; then [`kpi::MAX_LATERAL_ACCEL_MPS2`] and
    /// its two directions ([`super::lateral_limit::both_directions_kpi_set`]). One direction
    /// alone: only that direction's two keys.
    pub fn kpi_set(&self) -> kpi::Kpis {
        let mut k = kpi::Kpis::default();
        match &self.right {
            Some(right) => {
                if self.steered {
                    k.extend(validity::sort(
                        vec![(
                            kpi::UNDERSTEER_GRADIENT_DEG_PER_G,
                            0.5 * (self.understeer_gradient_deg_per_g
                                + right.understeer_gradient_deg_per_g),
                        )],
                        self.gradient_invalid.or(right.gradient_invalid),
                    ));
                    k.extend(self.gradient_kpi_set());
                    k.extend(right.gradient_kpi_set());
                }
                k.extend(super::lateral_limit::both_directions_kpi_set(
                    &self.limit,
                    &right.limit,
                ));
            }
            None => {
                if self.steered {
                    k.extend(self.gradient_kpi_set());
                }
                k.extend(self.limit.kpi_set());
            }
        }
        k
    }

    /// This direction's understeer gradient under its own key.
    fn gradient_kpi_set(&self) -> kpi::Kpis {
        let key = match self.turn {
            Turn::Left => kpi::UNDERSTEER_GRADIENT_LEFT_DEG_PER_G,
            Turn::Right => kpi::UNDERSTEER_GRADIENT_RIGHT_DEG_PER_G,
        };
        validity::sort(
            vec![(key, self.understeer_gradient_deg_per_g)],
            self.gradient_invalid,
        )
    }

    /// The understeer gradient of both directions: their mean when [`CircleResult::right`]
    /// is there, else this run's. Unit: deg/g.
    pub fn understeer_gradient_both_deg_per_g(&self) -> f64 {
        match &self.right {
            Some(r) => 0.5 * (self.understeer_gradient_deg_per_g + r.understeer_gradient_deg_per_g),
            None => self.understeer_gradient_deg_per_g,
        }
    }
}

/// ISO 4138 constant radius, turning left and then right (the right-hand run in
/// [`CircleResult::right`]): drive a circle of `radius` at speeds 3, 4, 5, … m/s, 5 s each
/// (the last 1 s averaged, ISO 8855 lateral acceleration); stop when the car can no longer
/// hold the path (> 1.5 m off: pure pursuit's steady offset grows with understeer, so this
/// sweep ends before the tyres' limit) or the speed (> 1 m/s low). The largest lateral
/// acceleration comes from a second run on the same circle, ISO 4138's slowly increasing
/// speed ([`super::lateral_limit::max_lateral_accel_with`], run quietly: the observer sees
/// the sweep). The run is void when the car rolls
/// over, leaves the ground or spins (sideslip beyond 30°) first ([`validity`]). `K` =
/// least-squares slope of `δ − L·κ` vs a_y over the points with
/// [`LINEAR_AY_MIN`] ≤ a_y ≤ [`LINEAR_AY_MAX`], where `κ = r/v_x` is the curvature the car
/// actually drove: the driver holds the radius only to within its offset band, and a radius
/// that drifts with a_y would otherwise bias the slope of δ by the change of `L/R`. The
/// driver is [`circle_driver`]. A failure voids the largest lateral acceleration; it voids
/// the understeer gradient only when it falls within the gradient's window
/// ([`CircleResult::gradient_invalid`]).
///
/// # Errors
/// Invalid parameters.
pub fn steady_state_circle(p: &VehicleParams, radius: f64) -> Result<CircleResult, ParamError> {
    steady_state_circle_with(p, radius, &mut Options::default())
}

/// Gains of the steady-state circle's driver. Pure pursuit holds a car on a curve only with a
/// steady offset `e` outside the path, which grows with the extra steer the car needs beyond
/// the kinematic `L/R` (understeer `K·a_y`, rear slip) and with the look-ahead squared:
/// `Δδ ≈ 2L·e/L_d²`. With the default `4 m + 0.6 s·v` (≈ 15 m at 18 m/s) a 1.2 deg/g car
/// leaves the 1.5 m band at ≈ 7 m/s², long before its tires saturate; `3 m + 0.3 s·v` needs a
/// quarter of the offset. Skid-steer vehicles (no steered wheel) keep the default: their
/// slower yaw response makes the short look-ahead oscillate.
pub fn circle_driver(p: &VehicleParams) -> DriverParams {
    if super::has_steered_wheels(p) {
        DriverParams {
            lookahead_min: 3.0,
            lookahead_per_speed: 0.3,
            ..DriverParams::default()
        }
    } else {
        DriverParams::default()
    }
}

/// [`steady_state_circle`] with options (driver gains default to [`circle_driver`]); the
/// observer sees the left run's discrete-speed sweep, then the right run's.
///
/// # Errors
/// Invalid parameters, a radius that is not finite and > 0, or no ground under the start.
pub fn steady_state_circle_with(
    p: &VehicleParams,
    radius: f64,
    opts: &mut Options,
) -> Result<CircleResult, ParamError> {
    let mut left = steady_state_circle_turning(p, radius, Turn::Left, opts)?;
    let right = steady_state_circle_turning(p, radius, Turn::Right, opts)?;
    left.right = Some(Box::new(right));
    Ok(left)
}

/// One direction of [`steady_state_circle_with`]: the sweep and the ramp on the circle
/// turning `turn`; steer, lateral acceleration and yaw rate taken with the turn's sign
/// ([`Turn::sign`]), so a symmetric vehicle gives the same numbers both ways.
///
/// # Errors
/// Invalid parameters, a radius that is not finite and > 0, or no ground under the start.
pub fn steady_state_circle_turning(
    p: &VehicleParams,
    radius: f64,
    turn: Turn,
    opts: &mut Options,
) -> Result<CircleResult, ParamError> {
    crate::error::check::positive("radius", radius)?;
    let flat = Plane::flat();
    let (ground, mut v) = opts.start(p, &flat, 0.0, 3.0)?;
    let dt = opts.dt;
    let side = turn.sign();
    let path = turn.circle(radius);
    let mut drv = Driver::new(&v, path.clone());
    drv.params = opts.driver.clone().unwrap_or_else(|| circle_driver(p));
    let mut points = Vec::new();
    // Per point: road-wheel steer less the kinematic steer of the *driven* path,
    // δ − L·κ with κ = r/vx, for the understeer fit.
    let mut dynamic = Vec::new();
    let wheelbase = drv.geometry.wheelbase;
    let mut speed = 3.0;
    // Per point: the time (since the start) its speed's 5 s ended.
    let mut ends = Vec::new();
    let t0 = v.state().time;
    let mut watch = Watch::new(
        &v,
        Rules {
            spin: true,
            ..Rules::default()
        },
    );
    'outer: while speed < 60.0 {
        let (mut sum_ay, mut sum_d, mut sum_k, mut n) = (0.0, 0.0, 0.0, 0.0);
        for k in 0..(5.0 / dt).round() as usize {
            let (steer, u) = drv.control(&v, speed, dt);
            if !opts.step(&mut v, pedals(u, steer), ground, &mut watch) {
                break 'outer;
            }
            let s = v.state();
            let pos = s.chassis.pose.translation.truncate();
            if path.offset(pos).abs() > 1.5 || !pos.is_finite() {
                break 'outer;
            }
            if k as f64 * dt >= 4.0 {
                let vx = s.forward_speed();
                sum_ay += side * s.acceleration_intermediate(p.sim.gravity).y;
                sum_d += side * road_steer(&v);
                sum_k += side * s.yaw_rate_vertical() / vx.abs().max(0.1);
                n += 1.0;
            }
        }
        if (v.state().forward_speed() - speed).abs() > 1.0 {
            break;
        }
        points.push((sum_ay / n, sum_d / n));
        dynamic.push((sum_ay / n, (sum_d - wheelbase * sum_k) / n));
        ends.push(v.state().time - t0);
        speed += 1.0;
    }
    let in_fit = |p: &(f64, f64)| (LINEAR_AY_MIN..=LINEAR_AY_MAX).contains(&p.0);
    let lin: Vec<(f64, f64)> = dynamic.iter().copied().filter(in_fit).collect();
    let window_end = dynamic
        .iter()
        .zip(&ends)
        .filter(|(p, _)| in_fit(p))
        .map(|(_, &t)| t)
        .fold(f64::NEG_INFINITY, f64::max);
    let invalid = watch.result();
    let gradient_invalid = invalid.filter(|i| lin.len() < 2 || i.time_s <= window_end);
    let slope = if lin.len() >= 2 {
        let n = lin.len() as f64;
        let (mx, my) = (
            lin.iter().map(|p| p.0).sum::<f64>() / n,
            lin.iter().map(|p| p.1).sum::<f64>() / n,
        );
        let sxy: f64 = lin.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
        let sxx: f64 = lin.iter().map(|p| (p.0 - mx).powi(2)).sum();
        if sxx > 0.0 { sxy / sxx } else { f64::NAN }
    } else {
        f64::NAN
    };
    Ok(CircleResult {
        turn,
        understeer_gradient_deg_per_g: slope.to_degrees() * G,
        limit: super::lateral_limit::max_lateral_accel_turning(p, radius, turn, &mut opts.quiet())?,
        points,
        steered: super::has_steered_wheels(p),
        invalid,
        gradient_invalid,
        right: None,
    })
}
