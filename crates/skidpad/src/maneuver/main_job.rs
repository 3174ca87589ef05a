//! The main job (the command line's `skidpad run`): settle, then the standard suite, with a
//! telemetry run for plots.
//!
//! | phase | procedure | gives |
//! |---|---|---|
//! | settle | dropped on flat dry ground with the wheel centres one radius up, brakes on, [`SETTLE_S`] = 3 s at [`DT`] = 1/120 s | rest wheel loads (N), sprung weights `m_s·g` (N), ride height (CoM above ground, m) |
//! | 0–100 km/h | full throttle until 100 km/h or [`ACCEL_TIMEOUT_S`] | telemetry only |
//! | 100–0 km/h | full brake until the forward speed is below [`STOPPED_MPS`] (only if 100 km/h was reached) | telemetry only |
//! | slalom | 8 s at 15 m/s along `y = 1.5 m·sin(2π·s/50 m)` | telemetry only |
//! | suite | [`super::standard_suite_detailed`] | every other KPI |
//!
//! One definition per KPI: the 0–100 time, the 100–0 distance and the mean deceleration come
//! from the suite's acceleration and braking manoeuvres ([`super::longitudinal`]), not from
//! the telemetry run, which only records the phases for plots (its stop rule, forward speed
//! below 5 cm/s, differs from the braking manoeuvre's, ground-plane speed below 1 cm/s or
//! reversing). The rest loads should equal the sprung weights `m_s·g` per wheel (the
//! unsprung masses rest on the tires too, so a wheel's load is its sprung weight plus its own
//! weight `m_u·g` when the vehicle models unsprung mass apart).
//!
//! ```no_run
//! use skidpad::maneuver::main_job;
//! let mut rows = 0;
//! let r = main_job::run(&skidpad::presets::sedan(), &mut |_| rows += 1, &mut |_, _| {}).unwrap();
//! println!("ride height {:.3} m, {rows} telemetry rows", r.settle.ride_height_m);
//! for (key, value) in r.kpis() { println!("{key} = {value:.3}"); }
//! ```

use super::driver::{Driver, Path};
use super::validity::{Invalid, Rules, Watch};
use super::{SUITE_STEPS, SuiteResult, kpi, standard_suite_detailed};
use crate::ground::Plane;
use crate::vehicle::{Intent, StepFault, Vehicle, VehicleParams};
use crate::{DVec3, ParamError, Pose};

/// 100 km/h in m/s.
pub const KMH_100: f64 = 100.0 / 3.6;
/// Fixed step of the telemetry run. Unit: s.
pub const DT: f64 = 1.0 / 120.0;
/// Settling time before the measurements. Unit: s.
pub const SETTLE_S: f64 = 3.0;
/// Give up accelerating after this long. Unit: s.
pub const ACCEL_TIMEOUT_S: f64 = 60.0;
/// Length of the closing slalom (telemetry only). Unit: s.
pub const SLALOM_S: f64 = 8.0;
/// Forward speed below which the telemetry run's stop ends. Unit: m/s.
pub const STOPPED_MPS: f64 = 0.05;
/// Speed of the slalom. Unit: m/s.
pub const SLALOM_SPEED: f64 = 15.0;

/// The main job's own phases, reported before the suite's steps ([`SUITE_STEPS`]).
pub const PHASES: [&str; 4] = ["settle", "0–100 km/h", "100–0 km/h", "slalom"];

/// Number of progress steps of the main job: its phases plus the suite's steps.
pub const fn steps() -> usize {
    PHASES.len() + SUITE_STEPS.len()
}

/// The vehicle at rest after settling.
#[derive(Debug, Clone, PartialEq)]
pub struct Settle {
    /// Gravity of the vehicle's simulation. Unit: m/s².
    pub gravity_mps2: f64,
    /// Normal load on each wheel at rest. Unit: N.
    pub rest_wheel_loads_n: Vec<f64>,
    /// Sprung mass × g of each wheel, what the rest loads should equal. Unit: N.
    pub sprung_weights_n: Vec<f64>,
    /// Height of the centre of mass above the ground at rest. Unit: m.
    pub ride_height_m: f64,
    /// Why the settling is void ([`super::validity`]: rolled over, airborne, step fault), if
    /// it is; the ride height is then invalid and the telemetry run ends there.
    pub invalid: Option<Invalid>,
}

/// What the main job measures.
#[derive(Debug, Clone, PartialEq)]
pub struct MainJobResult {
    /// The settled vehicle.
    pub settle: Settle,
    /// The standard suite's KPIs and the steady-state circle's points.
    pub suite: SuiteResult,
    /// The step fault that stopped the telemetry run (its plots end there), if any.
    pub telemetry_fault: Option<StepFault>,
}

impl MainJobResult {
    /// The valid KPIs of [`MainJobResult::kpi_set`].
    pub fn kpis(&self) -> Vec<(String, f64)> {
        self.kpi_set().values
    }

    /// The KPIs: [`kpi::GRAVITY_MPS2`], [`kpi::RIDE_HEIGHT_M`] (invalid when the settling
    /// is), then the suite's ([`super::standard_suite_detailed`]: valid, then invalid with
    /// the reason). The per-wheel rest loads and sprung weights are lists, in [`Settle`].
    pub fn kpi_set(&self) -> kpi::Kpis {
        let mut k = kpi::Kpis::sort(
            kpi::owned(vec![(kpi::GRAVITY_MPS2, self.settle.gravity_mps2)]),
            None,
        );
        k.extend(kpi::Kpis::sort(
            kpi::owned(vec![(kpi::RIDE_HEIGHT_M, self.settle.ride_height_m)]),
            self.settle.invalid,
        ));
        k.values.extend(self.suite.kpis.iter().cloned());
        k.invalid.extend(self.suite.invalid.iter().cloned());
        k
    }
}

/// Run the main job on `p`: the telemetry run (settle, 0–100, 100–0, slalom), showing
/// `observer` the vehicle after each of its steps, then the suite. Calls `progress(i, name)`
/// before each of the [`steps`] steps ([`PHASES`], then [`SUITE_STEPS`]) and
/// `progress(steps(), "done")` at the end.
///
/// # Errors
/// Invalid parameters.
pub fn run(
    p: &VehicleParams,
    observer: &mut dyn FnMut(&Vehicle),
    progress: &mut dyn FnMut(usize, &str),
) -> Result<MainJobResult, ParamError> {
    let (settle, telemetry_fault) = telemetry_run(p, observer, progress)?;
    let suite = standard_suite_detailed(p, &mut |i, name| progress(PHASES.len() + i, name))?;
    Ok(MainJobResult {
        settle,
        suite,
        telemetry_fault,
    })
}

/// Apply `intent` (finite by construction; the vehicle clamps it into range), step `DT` on
/// flat ground and show the observer; `false` (nothing shown) when the vehicle is stopped by
/// a step fault.
fn step(
    car: &mut Vehicle,
    intent: Intent,
    ground: &Plane,
    observer: &mut dyn FnMut(&Vehicle),
) -> bool {
    car.set_intent(intent).ok();
    let ok = car.try_step(DT, ground).is_ok();
    if ok {
        observer(car);
    }
    ok
}

/// Brakes fully on, nothing else.
fn hold() -> Intent {
    Intent {
        brake: 1.0,
        ..Intent::default()
    }
}

/// The telemetry run's phases; returns the settled state and the step fault that stopped the
/// run, if any.
fn telemetry_run(
    p: &VehicleParams,
    observer: &mut dyn FnMut(&Vehicle),
    progress: &mut dyn FnMut(usize, &str),
) -> Result<(Settle, Option<StepFault>), ParamError> {
    progress(0, PHASES[0]);
    let ground = Plane::flat();
    let mut car = Vehicle::new(p.clone())?;
    let radius = car.params().wheels[0].radius;
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, radius)));
    let mut watch = Watch::new(&car, Rules::default());
    for _ in 0..(SETTLE_S / DT).round() as usize {
        let ok = step(&mut car, hold(), &ground, observer);
        watch.observe(&car);
        if !ok || watch.result().is_some() {
            break;
        }
    }
    let n = p.wheels.len();
    let g = p.sim.gravity;
    let settle = Settle {
        gravity_mps2: g,
        rest_wheel_loads_n: car.state().wheels()[..n]
            .iter()
            .map(|w| w.normal_load)
            .collect(),
        sprung_weights_n: car.derived().sprung_mass[..n]
            .iter()
            .map(|m| m * g)
            .collect(),
        ride_height_m: car.state().chassis.com_world(&p.chassis).z,
        invalid: watch.result(),
    };
    progress(1, PHASES[1]);
    if settle.invalid.is_some() {
        return Ok((settle, car.fault().copied()));
    }
    let full = Intent {
        throttle: 1.0,
        ..Intent::default()
    };
    let t0 = car.state().time;
    let mut reached = false;
    while car.state().time - t0 < ACCEL_TIMEOUT_S {
        if !step(&mut car, full, &ground, observer) {
            return Ok((settle, car.fault().copied()));
        }
        if car.state().forward_speed() >= KMH_100 {
            reached = true;
            break;
        }
    }
    progress(2, PHASES[2]);
    if reached {
        for _ in 0..(30.0 / DT) as usize {
            if !step(&mut car, hold(), &ground, observer) {
                return Ok((settle, car.fault().copied()));
            }
            if car.state().forward_speed() < STOPPED_MPS {
                break;
            }
        }
    }
    progress(3, PHASES[3]);
    slalom(&mut car, &ground, observer);
    Ok((settle, car.fault().copied()))
}

/// A slalom at [`SLALOM_SPEED`] for [`SLALOM_S`]: the test driver follows
/// `y = 1.5 m·sin(2π·s/50 m)` from where the car is, along its heading (peak a_y ≈
/// 1.5·(2π/50)²·15² = 5.3 m/s²), with the speed held — so the trajectory, yaw-rate,
/// steer-vs-a_y and g-g plots show cornering.
fn slalom(car: &mut Vehicle, ground: &Plane, observer: &mut dyn FnMut(&Vehicle)) {
    let v = SLALOM_SPEED;
    car.set_velocity(
        car.state()
            .chassis
            .pose
            .transform_vector(DVec3::new(v, 0.0, 0.0)),
        DVec3::ZERO,
    );
    let c = car.state().chassis.pose;
    let o = c.translation.truncate();
    let dir = c
        .transform_vector(DVec3::X)
        .truncate()
        .normalize_or(glam::DVec2::X);
    let length = v * SLALOM_S + 60.0;
    let points = (0..=(length / 0.5) as usize)
        .map(|i| {
            let s = i as f64 * 0.5;
            o + dir * s + dir.perp() * 1.5 * (std::f64::consts::TAU * s / 50.0).sin()
        })
        .collect();
    let mut driver = Driver::new(car, Path::Polyline { points });
    for _ in 0..(SLALOM_S / DT) as usize {
        let (steer, u) = driver.control(car, v, DT);
        if !step(car, super::standard::pedals(u, steer), ground, observer) {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_phases_then_suite() {
        assert_eq!(steps(), 4 + 9);
    }

    #[test]
    fn kpis_lead_with_the_settle_numbers() {
        let r = MainJobResult {
            settle: Settle {
                gravity_mps2: 9.81,
                rest_wheel_loads_n: vec![1.0],
                sprung_weights_n: vec![1.0],
                ride_height_m: 0.55,
                invalid: None,
            },
            suite: SuiteResult {
                kpis: vec![(kpi::BRAKING_DISTANCE_M.to_string(), 38.9)],
                invalid: vec![],
                circle: super::super::standard::CircleResult {
                    turn: crate::maneuver::lateral_limit::Turn::Left,
                    right: None,
                    points: vec![],
                    understeer_gradient_deg_per_g: f64::NAN,
                    limit: crate::maneuver::lateral_limit::LateralLimit {
                        turn: crate::maneuver::lateral_limit::Turn::Left,
                        max_lateral_accel_mps2: 0.0,
                        speed_at_max_mps: 0.0,
                        time_at_max_s: 0.0,
                        end: crate::maneuver::lateral_limit::RampEnd::RampEnd,
                        end_time_s: 0.0,
                        invalid: None,
                    },
                    steered: true,
                    invalid: None,
                    gradient_invalid: None,
                },
            },
            telemetry_fault: None,
        };
        let k = r.kpis();
        assert_eq!(k[0], (kpi::GRAVITY_MPS2.to_string(), 9.81));
        assert_eq!(k[1], (kpi::RIDE_HEIGHT_M.to_string(), 0.55));
        assert_eq!(k[2], (kpi::BRAKING_DISTANCE_M.to_string(), 38.9));
        assert_eq!(k.len(), 3);
    }
}
