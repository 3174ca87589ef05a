//! The validation report: a vehicle run through checks with closed-form answers, each
//! expected value derived from the vehicle's own parameters and tyre model (so the report
//! stays right when a preset changes), printed as measured vs expected with a tolerance.
//!
//! | check | measured | expected (closed form) | tolerance |
//! |---|---|---|---|
//! | braking distance | [`crate::maneuver::standard::braking_100_0`] on dry tarmac | `m·v²/(2ΣF)` — `v²/(2µg)` when the brakes lock the tyres — with each wheel's `F = min(µ·N, T_brake/R)`, µ between the tyre's locked-wheel `F_x/F_z` (κ = −1) and its peak, each queried from the tyre model at the wheel's static load N | 10 % outside that range (drag and rolling resistance shorten the stop, load transfer onto a load-sensitive tyre lengthens it) |
//! | steady-state yaw-rate gain | the step steer's steady `r/δ` at 80 km/h | `v/(L + K·v²)` with `K` the understeer gradient measured on the circle (rad per m/s²) | 10 % |
//! | lateral load transfer | `(ΣF_z outer − ΣF_z inner)/2` over the last 2 s of a steady 40 m circle at a_y ≈ 4 m/s² | `m·a_y·h/t` (a_y measured, h the CoM height at rest, t the mean track) | 10 % (the unsprung masses' own, lower, CoM; roll-centre height) |
//! | ride (heave) frequency | the period between the first and third zero crossings of the CoM height after a 0.1 m/s vertical kick at rest | the damped heave frequency `√(Σk/m_s)·√(1 − ζ²)/2π`, `ζ = Σc/(2√(Σk·m_s))`, springs and mean bump/rebound dampers, sprung mass | 10 % (pitch coupling when the axles' frequencies differ) |
//! | coast-down C_d·A, C_rr | the coast-down fit of `a = A + B·v²` | the configured drag and rolling resistance: the ODE `M·dv/dt = −(m·g·C_rr + ½ρC_dA·v²)` the fit recovers | 5 % |
//!
//! A check that does not apply (no steered wheels for the yaw-rate gain, an oscillation damped
//! out before a full period, a run that was void) is skipped with the reason; the report
//! passes when every check that ran passed.
//!
//! ```no_run
//! let report = skidpad::validation::validate(&skidpad::presets::sedan()).unwrap();
//! print!("{}", report.table());
//! assert!(report.passed());
//! ```

use crate::ParamError;
use crate::ground::{Plane, SurfaceId};
use crate::maneuver::driver::{Driver, Path};
use crate::maneuver::{CIRCLE_RADIUS, STEP_STEER_AY, STEP_STEER_SPEED, kpi, standard};
use crate::tire::SlipInput;
use crate::vehicle::{Intent, Vehicle, VehicleParams};
use crate::{DVec3, Pose};
use glam::DVec2;
use serde::Serialize;

/// Outcome of one check.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Measured within the band.
    Pass,
    /// Measured outside the band.
    Fail,
    /// Not run, with the reason.
    Skipped(String),
}

/// One check: what was measured, what the closed form expects, and the band that passes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Check {
    /// Short name with its unit; a KPI key ([`kpi`]) where the check measures a KPI.
    pub name: &'static str,
    /// The closed form and where its inputs come from.
    pub basis: String,
    /// Measured value (NaN when skipped).
    pub measured: f64,
    /// Expected value.
    pub expected: f64,
    /// Lowest passing value.
    pub low: f64,
    /// Highest passing value.
    pub high: f64,
    /// Pass, fail or skipped.
    pub status: Status,
}

impl Check {
    fn new(
        name: &'static str,
        basis: String,
        measured: f64,
        expected: f64,
        low: f64,
        high: f64,
    ) -> Self {
        let status = if measured.is_finite() && (low..=high).contains(&measured) {
            Status::Pass
        } else {
            Status::Fail
        };
        Self {
            name,
            basis,
            measured,
            expected,
            low,
            high,
            status,
        }
    }

    /// A check with a relative tolerance `tol` around `expected`.
    fn relative(name: &'static str, basis: String, measured: f64, expected: f64, tol: f64) -> Self {
        let d = (tol * expected).abs();
        Self::new(name, basis, measured, expected, expected - d, expected + d)
    }

    /// The measured value, the expected value and the pass band as the table and the HTML
    /// report print them: 4 decimals, and `—` for a value a check does not have (a skipped
    /// check, or a run that measured nothing), never `NaN`.
    pub fn printed(&self) -> [String; 3] {
        let num = |v: f64| {
            if v.is_finite() {
                format!("{v:.4}")
            } else {
                "—".to_string()
            }
        };
        let band = if self.low.is_finite() && self.high.is_finite() {
            format!("[{:.4}, {:.4}]", self.low, self.high)
        } else {
            "—".to_string()
        };
        [num(self.measured), num(self.expected), band]
    }

    fn skipped(name: &'static str, why: &str) -> Self {
        Self {
            name,
            basis: String::new(),
            measured: f64::NAN,
            expected: f64::NAN,
            low: f64::NAN,
            high: f64::NAN,
            status: Status::Skipped(why.to_string()),
        }
    }
}

/// The checks of one vehicle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Vehicle name.
    pub vehicle: String,
    /// Every check, in the order of the [module docs](self).
    pub checks: Vec<Check>,
}

impl Report {
    /// True when no check failed (skipped ones do not count).
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.status != Status::Fail)
    }

    /// The report as a text table: name, measured, expected, band, status, basis.
    pub fn table(&self) -> String {
        let mut out = format!(
            "validation: {}\n{:<34} {:>11} {:>11} {:>23}  {:<6} basis\n",
            self.vehicle, "check", "measured", "expected", "pass band", "status"
        );
        for c in &self.checks {
            let status = match &c.status {
                Status::Pass => "pass".to_string(),
                Status::Fail => "FAIL".to_string(),
                Status::Skipped(why) => format!("skipped: {why}"),
            };
            let [measured, expected, band] = c.printed();
            out.push_str(&format!(
                "{:<34} {:>11} {:>11} {:>23}  {:<6} {}\n",
                c.name, measured, expected, band, status, c.basis
            ));
        }
        out
    }
}

/// Run every check on `p` (a few seconds per vehicle in a release build).
///
/// # Errors
/// Invalid parameters.
pub fn validate(p: &VehicleParams) -> Result<Report, ParamError> {
    let v = Vehicle::new(p.clone())?;
    let mut checks = vec![braking(p, &v)?];
    checks.push(yaw_rate_gain(p)?);
    checks.push(load_transfer(p)?);
    checks.push(heave(p)?);
    checks.extend(coast_down(p)?);
    Ok(Report {
        vehicle: p.name.clone(),
        checks,
    })
}

/// `(µ at the peak, µ locked)` of the tyres on dry tarmac, each wheel's `|F_x|/F_z` from its
/// own model at its static load (sprung mass × g), weighted by that load.
pub fn braking_friction(p: &VehicleParams, v: &Vehicle) -> (f64, f64) {
    let (peak, locked) = braking_forces(p, v, false);
    let weight: f64 = v.derived().sprung_mass[..p.wheels.len()]
        .iter()
        .sum::<f64>()
        * p.sim.gravity;
    (peak / weight, locked / weight)
}

/// `(Σ F at the peak, Σ F locked)`: each wheel's braking force `µ·N` from its tyre model,
/// capped by its brake when `brakes` (`T_max/R`). The loads are the static ones (sprung mass
/// × g) plus, with `brakes`, the longitudinal transfer of the deceleration `a` the forces
/// give, `ΔN_i = m·a·h·(x_i − x̄)/Σ(x_j − x̄)²` (h the CoM height, x̄ the mean wheel x: the
/// two-axle `m·a·h/L`, spread over more axles as equal springs would), solved by fixed-point
/// iteration. Unit: N.
fn braking_forces(p: &VehicleParams, v: &Vehicle, brakes: bool) -> (f64, f64) {
    let g = p.sim.gravity;
    let m = p.chassis.mass;
    let h = p.chassis.com_offset.z + p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    let n_w = p.wheels.len().max(1) as f64;
    let x_bar = p.wheels.iter().map(|w| w.position.x).sum::<f64>() / n_w;
    let sxx: f64 = p
        .wheels
        .iter()
        .map(|w| (w.position.x - x_bar).powi(2))
        .sum();
    let total = |kappa: Option<f64>, a: f64| {
        let mut f = 0.0;
        for (i, w) in p.wheels.iter().enumerate() {
            let transfer = if brakes && sxx > 0.0 {
                m * a * h * (w.position.x - x_bar) / sxx
            } else {
                0.0
            };
            let n = (v.derived().sprung_mass[i] * g + transfer).max(0.0);
            if n <= 0.0 {
                continue;
            }
            let model = w.tire.model.as_model();
            let at = |kappa: f64| {
                let s = SlipInput {
                    fz: n,
                    kappa,
                    vx: 20.0,
                    rest_load: v.derived().sprung_mass[i] * g,
                    gravity: g,
                    ..SlipInput::default()
                };
                model.steady_state(&s).fx.abs()
            };
            let tyre = match kappa {
                Some(k) => at(k),
                None => (1..=200)
                    .map(|k| at(-(k as f64) / 200.0))
                    .fold(0.0, f64::max),
            };
            let cap = if brakes {
                w.max_brake_torque / w.radius
            } else {
                f64::INFINITY
            };
            f += tyre.min(cap);
        }
        f
    };
    let solve = |kappa: Option<f64>| {
        let mut a = 0.0;
        for _ in 0..30 {
            a = total(kappa, a) / m;
        }
        total(kappa, a)
    };
    (solve(None), solve(Some(-1.0)))
}

fn braking(p: &VehicleParams, v: &Vehicle) -> Result<Check, ParamError> {
    let name = kpi::BRAKING_DISTANCE_M;
    let r = standard::braking_100_0(p, SurfaceId(0))?;
    if let Some(why) = r.invalid {
        return Ok(Check::skipped(name, &why.to_string()));
    }
    let (mu_peak, mu_locked) = braking_friction(p, v);
    let (peak, locked) = braking_forces(p, v, true);
    let v0 = 100.0 / 3.6;
    let m: f64 = p.chassis.mass;
    let d = |f: f64| m * v0 * v0 / (2.0 * f);
    let (short, long) = (d(peak), d(locked));
    Ok(Check::new(
        name,
        format!(
            "m·v²/(2ΣF) from 100 km/h, F = min(µ·N, T_brake/R) per wheel, N static + m·a·h \
             transfer, µ {mu_locked:.3} locked … {mu_peak:.3} peak at static load (tyre model); \
             ΣF/(m·g) {:.3} … {:.3}; ±10 %",
            locked / (m * p.sim.gravity),
            peak / (m * p.sim.gravity)
        ),
        r.distance_m,
        0.5 * (short + long),
        0.9 * short,
        1.1 * long,
    ))
}

/// Wheelbase: mean x of the steered wheels less mean x of the others.
fn wheelbase(p: &VehicleParams) -> f64 {
    let mean = |steered: bool| {
        let xs: Vec<f64> = p
            .wheels
            .iter()
            .filter(|w| (w.max_steer != 0.0) == steered)
            .map(|w| w.position.x)
            .collect();
        xs.iter().sum::<f64>() / xs.len().max(1) as f64
    };
    mean(true) - mean(false)
}

fn yaw_rate_gain(p: &VehicleParams) -> Result<Check, ParamError> {
    let name = kpi::STEP_STEER_GAIN_PER_S;
    if !crate::maneuver::has_steered_wheels(p) {
        return Ok(Check::skipped(name, "no steered wheels"));
    }
    // The step steers left: K from the left-hand circle.
    let circle = standard::steady_state_circle_turning(
        p,
        CIRCLE_RADIUS,
        crate::maneuver::lateral_limit::Turn::Left,
        &mut crate::maneuver::Options::default(),
    )?;
    if let Some(why) = circle.gradient_invalid {
        return Ok(Check::skipped(name, &why.to_string()));
    }
    let step = standard::step_steer(p, STEP_STEER_SPEED, STEP_STEER_AY)?;
    if let Some(why) = step.invalid {
        return Ok(Check::skipped(name, &why.to_string()));
    }
    let k = circle.understeer_gradient_deg_per_g.to_radians() / standard::G;
    let (v, l) = (STEP_STEER_SPEED, wheelbase(p));
    let want = v / (l + k * v * v);
    Ok(Check::relative(
        name,
        format!(
            "r/δ = v/(L + K·v²) at {:.1} km/h, L {l:.3} m, K {:.3} deg/g (measured on the \
             left-hand circle, the step's direction), ±10 %",
            v * 3.6,
            circle.understeer_gradient_deg_per_g
        ),
        step.steady_gain_per_s,
        want,
        0.1,
    ))
}

/// A vehicle settled for 2 s at rest on flat ground at steps of `dt`.
fn settled(p: &VehicleParams, dt: f64) -> Result<Vehicle, ParamError> {
    let mut v = Vehicle::new(p.clone())?;
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
    v.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .ok();
    let ground = Plane::flat();
    for _ in 0..(2.0 / dt).round() as usize {
        v.step(dt, &ground);
    }
    Ok(v)
}

fn load_transfer(p: &VehicleParams) -> Result<Check, ParamError> {
    let name = "lateral_load_transfer_n";
    if !crate::maneuver::has_steered_wheels(p) {
        return Ok(Check::skipped(name, "no steered wheels"));
    }
    let dt = standard::DT;
    let mut v = settled(p, dt)?;
    let g = p.sim.gravity;
    let h = v.state().chassis.com_world(&p.chassis).z;
    let speed = (CIRCLE_RADIUS * 4.0f64).sqrt();
    v.set_velocity(DVec3::new(speed, 0.0, 0.0), DVec3::ZERO);
    let path = Path::Circle {
        centre: DVec2::new(0.0, CIRCLE_RADIUS),
        radius: CIRCLE_RADIUS,
        left: true,
    };
    let mut drv = Driver::new(&v, path);
    drv.params = standard::circle_driver(p);
    let ground = Plane::flat();
    let (mut ay, mut dn, mut n) = (0.0, 0.0, 0.0);
    let steps = (10.0 / dt).round() as usize;
    for k in 0..steps {
        let (steer, u) = drv.control(&v, speed, dt);
        v.set_intent(Intent {
            steer,
            throttle: u.max(0.0),
            brake: (-u).max(0.0),
            ..Intent::default()
        })
        .ok();
        if v.try_step(dt, &ground).is_err() {
            return Ok(Check::skipped(name, "step fault"));
        }
        if k as f64 * dt >= 8.0 {
            let s = v.state();
            ay += s.acceleration_intermediate(g).y;
            for (w, wp) in s.wheels().iter().zip(&p.wheels) {
                dn += -wp.position.y.signum() * w.normal_load / 2.0;
            }
            n += 1.0;
        }
    }
    let (ay, dn) = (ay / n, dn / n);
    let ys: Vec<f64> = p.wheels.iter().map(|w| w.position.y.abs()).collect();
    let t = 2.0 * ys.iter().sum::<f64>() / ys.len() as f64;
    let m = p.chassis.mass;
    Ok(Check::relative(
        name,
        format!(
            "m·a_y·h/t, m {m:.0} kg, a_y {ay:.2} m/s² (measured, 40 m circle), h {h:.3} m, t \
             {t:.3} m, ±10 %"
        ),
        dn,
        m * ay * h / t,
        0.1,
    ))
}

fn heave(p: &VehicleParams) -> Result<Check, ParamError> {
    let name = "heave_frequency_hz";
    let dt = 1.0 / 600.0;
    let mut v = settled(p, dt)?;
    let z0 = v.state().chassis.pose.translation.z;
    let m_s: f64 = v.derived().sprung_mass[..p.wheels.len()].iter().sum();
    let k: f64 = p.wheels.iter().map(|w| w.suspension.spring_rate).sum();
    let c: f64 = p
        .wheels
        .iter()
        .map(|w| 0.5 * (w.suspension.bump_damping + w.suspension.rebound_damping))
        .sum();
    let wn = (k / m_s).sqrt();
    let zeta = c / (2.0 * (k * m_s).sqrt());
    if zeta >= 0.7 {
        return Ok(Check::skipped(name, "damping ratio ≥ 0.7: no full period"));
    }
    let want = wn * (1.0 - zeta * zeta).sqrt() / std::f64::consts::TAU;
    v.set_velocity(DVec3::new(0.0, 0.0, 0.1), DVec3::ZERO);
    let ground = Plane::flat();
    let mut crossings = Vec::new();
    let mut last = 0.0;
    for _ in 0..(3.0 / dt).round() as usize {
        v.step(dt, &ground);
        let s = v.state();
        let z = s.chassis.pose.translation.z - z0;
        if last != 0.0 && z.signum() != f64::signum(last) {
            // Linear interpolation of the crossing time.
            crossings.push(s.time - dt * z / (z - last));
        }
        last = z;
        if crossings.len() >= 3 {
            break;
        }
    }
    if crossings.len() < 3 {
        return Ok(Check::skipped(name, "no full period within 3 s"));
    }
    Ok(Check::relative(
        name,
        format!("√(Σk/m_s)·√(1 − ζ²)/2π, Σk {k:.0} N/m, m_s {m_s:.0} kg, ζ {zeta:.3}, ±10 %"),
        1.0 / (crossings[2] - crossings[0]),
        want,
        0.1,
    ))
}

fn coast_down(p: &VehicleParams) -> Result<[Check; 2], ParamError> {
    let r = standard::coast_down(p)?;
    if let Some(why) = r.invalid {
        let why = why.to_string();
        return Ok([
            Check::skipped(kpi::COAST_DOWN_CD_A_M2, &why),
            Check::skipped(kpi::COAST_DOWN_CRR, &why),
        ]);
    }
    Ok([
        Check::relative(
            kpi::COAST_DOWN_CD_A_M2,
            "fit of M·dv/dt = −(m·g·C_rr + ½ρC_dA·v²) vs the configured C_d·A, ±5 %".to_string(),
            r.cd_a_m2,
            r.configured_cd_a_m2,
            0.05,
        ),
        Check::relative(
            kpi::COAST_DOWN_CRR,
            "the same fit vs the configured rolling resistance, ±5 %".to_string(),
            r.crr,
            r.configured_crr,
            0.05,
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skipped_check_prints_dashes_not_nan() {
        // The tank has no steered wheels: its yaw-gain check is skipped and has no values.
        let r = Report {
            vehicle: "tank".into(),
            checks: vec![
                Check::skipped("step_steer_yaw_rate_gain_per_s", "no steered wheels"),
                // 1.5 against 1.0 ± 10 %: band [0.9, 1.1], a failure with its numbers.
                Check::relative("x", String::new(), 1.5, 1.0, 0.1),
            ],
        };
        let [m, e, b] = r.checks[0].printed();
        assert_eq!((m.as_str(), e.as_str(), b.as_str()), ("—", "—", "—"));
        let [m, e, b] = r.checks[1].printed();
        assert_eq!(
            (m.as_str(), e.as_str(), b.as_str()),
            ("1.5000", "1.0000", "[0.9000, 1.1000]")
        );
        assert_eq!(r.checks[1].status, Status::Fail);
        let t = r.table();
        assert!(!t.contains("NaN"), "{t}");
        assert!(t.contains("skipped: no steered wheels"), "{t}");
        assert!(!r.passed());
    }
}
