//! The `skidpad` command line's jobs, as a library so tests can run them without a process.
//!
//! The main job ([`run_default`]): the built-in sedan on flat ground is dropped from its design
//! pose, settles (rest wheel loads, ride height), accelerates at full direct drive torque from
//! rest to 100 km/h (0–100 time), then brakes at full service brake to a stop (100–0 distance),
//! then slaloms at 15 m/s for the plots; the standard manoeuvre suite adds its KPIs.
#![warn(missing_docs)]

pub mod heightmap;
pub mod report;
pub mod scenario;
pub mod tire_cmd;
pub mod vehicles;

use serde::Serialize;
use skidpad::ground::Plane;
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DVec3, Pose, telemetry};
use std::path::Path;

/// 100 km/h in m/s.
pub const KMH_100: f64 = 100.0 / 3.6;
/// Fixed step of the main job. Unit: s.
pub const DT: f64 = 1.0 / 120.0;
/// Settling time before the measurements. Unit: s.
pub const SETTLE_S: f64 = 3.0;
/// Give up accelerating after this long. Unit: s.
pub const ACCEL_TIMEOUT_S: f64 = 60.0;
/// Length of the closing slalom (telemetry and plots only). Unit: s.
pub const SLALOM_S: f64 = 8.0;
/// Speed below which the vehicle counts as stopped. Unit: m/s.
pub const STOPPED_MPS: f64 = 0.05;

/// The numbers the main job reports (also the `summary.json` keys).
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Vehicle name.
    pub vehicle: String,
    /// Total vehicle mass. Unit: kg.
    pub vehicle_mass_kg: f64,
    /// Gravity. Unit: m/s².
    pub gravity_mps2: f64,
    /// Normal load on each wheel at rest. Unit: N.
    pub rest_wheel_loads_n: Vec<f64>,
    /// Sprung mass × g of each wheel, what the rest loads should equal. Unit: N.
    pub sprung_weights_n: Vec<f64>,
    /// Height of the centre of mass above the ground at rest. Unit: m.
    pub ride_height_m: f64,
    /// Time from rest to 100 km/h at full throttle (null if not reached). Unit: s.
    pub accel_0_100_s: Option<f64>,
    /// Distance from 100 km/h to standstill at full brake (null if not measured). Unit: m.
    pub braking_distance_100_0_m: Option<f64>,
    /// Mean deceleration over the stop. Unit: m/s².
    pub braking_mean_decel_mps2: Option<f64>,
    /// The steady-state circle's ISO 4138 curve: road-wheel steer at each held speed's
    /// lateral acceleration.
    pub steady_state_circle: Vec<SteadyPoint>,
    /// KPIs of the standard manoeuvre suite ([`skidpad::maneuver::standard_suite`]), keys
    /// with units; keys the main job already reports are not repeated.
    #[serde(flatten)]
    pub suite: std::collections::BTreeMap<String, f64>,
}

/// One point of the steady-state circle's steering-vs-lateral-acceleration curve.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SteadyPoint {
    /// Steady lateral acceleration (yaw rate × forward speed). Unit: m/s².
    pub lateral_accel_mps2: f64,
    /// Mean road-wheel steer angle of the steered wheels. Unit: deg.
    pub road_wheel_steer_deg: f64,
}

impl SteadyPoint {
    /// The points of a steady-state circle.
    pub fn of(c: &skidpad::maneuver::standard::CircleResult) -> Vec<Self> {
        c.points
            .iter()
            .map(|&(ay, steer)| Self {
                lateral_accel_mps2: ay,
                road_wheel_steer_deg: steer.to_degrees(),
            })
            .collect()
    }
}

/// The numbers a scenario's named manoeuvre reports (`summary.json`).
#[derive(Debug, Clone, Serialize)]
pub struct ManeuverSummary {
    /// Vehicle name.
    pub vehicle: String,
    /// The manoeuvre's `kind`.
    pub maneuver: String,
    /// Total vehicle mass. Unit: kg.
    pub vehicle_mass_kg: f64,
    /// The steady-state circle's curve (kind `steady_state_circle` only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steady_state_circle: Vec<SteadyPoint>,
    /// The manoeuvre's KPIs ([`scenario::maneuver`]), keys with units.
    #[serde(flatten)]
    pub kpis: std::collections::BTreeMap<String, f64>,
}

impl ManeuverSummary {
    /// Format as a table for the terminal.
    pub fn table(&self) -> String {
        let mut out = format!(
            "vehicle                 {}\nmanoeuvre               {}\nmass                    {:.0} kg\n",
            self.vehicle, self.maneuver, self.vehicle_mass_kg
        );
        for (k, v) in &self.kpis {
            out.push_str(&format!("  {k:<34} {v:.4}\n"));
        }
        out
    }
}

/// Telemetry of a run: header and rows, and the events of the recorded steps.
#[derive(Debug, Clone, Default)]
pub struct Telemetry {
    /// Column names with units.
    pub names: Vec<String>,
    /// One row per step.
    pub rows: Vec<Vec<f64>>,
    /// The vehicle's events ([`skidpad::telemetry::events`]) of the recorded steps, in order.
    pub events: Vec<skidpad::telemetry::Event>,
}

impl Telemetry {
    /// Empty telemetry with the channels of `p`.
    pub fn for_vehicle(p: &VehicleParams) -> Self {
        Self {
            names: telemetry::channel_names(p),
            ..Self::default()
        }
    }

    /// Record the step `v` has just taken: a row of every channel and the events the step
    /// produced (those stamped with its time; the vehicle's queue is left as it is).
    pub fn record(&mut self, v: &Vehicle) {
        let mut row = vec![0.0; self.names.len()];
        telemetry::fill_row(v, &mut row);
        self.rows.push(row);
        let now = v.sample().time;
        self.events
            .extend(v.events().iter().filter(|e| e.time == now).copied());
    }
}

/// The main job's own phases, reported before the suite's steps
/// ([`skidpad::maneuver::SUITE_STEPS`]) by [`run_default_with_progress`].
pub const MAIN_PHASES: [&str; 4] = ["settle", "0–100 km/h", "100–0 km/h", "slalom"];

/// Number of progress steps of the main job: its phases plus the suite's steps.
pub fn main_job_steps() -> usize {
    MAIN_PHASES.len() + skidpad::maneuver::SUITE_STEPS.len()
}

/// Run the main job on `params` on flat ground.
///
/// # Errors
/// A message if the parameters are invalid.
pub fn run_default(params: VehicleParams) -> Result<(Summary, Telemetry), String> {
    run_default_with_progress(params, &mut |_, _| {})
}

/// [`run_default`], calling `progress(i, name)` before each of the [`main_job_steps`] steps
/// (the phases of [`MAIN_PHASES`], then the suite's) and `progress(main_job_steps(), "done")`
/// at the end.
///
/// # Errors
/// A message if the parameters are invalid.
pub fn run_default_with_progress(
    params: VehicleParams,
    progress: &mut dyn FnMut(usize, &str),
) -> Result<(Summary, Telemetry), String> {
    progress(0, MAIN_PHASES[0]);
    let ground = Plane::flat();
    let mut car = Vehicle::new(params).map_err(|e| format!("invalid vehicle: {e}"))?;
    let radius = car.params().wheels[0].radius;
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, radius)));
    let mut tel = Telemetry::for_vehicle(car.params());
    let n = car.params().wheels.len();
    let g = car.params().sim.gravity;

    // Phase 1: settle.
    let hold = Intent {
        brake: 1.0,
        ..Intent::default()
    };
    car.set_intent(hold).map_err(|e| e.to_string())?;
    for _ in 0..(SETTLE_S / DT).round() as usize {
        car.step(DT, &ground);
        tel.record(&car);
    }
    let rest_wheel_loads_n: Vec<f64> = car.state().wheels()[..n]
        .iter()
        .map(|w| w.normal_load)
        .collect();
    let sprung_weights_n: Vec<f64> = car.derived().sprung_mass[..n]
        .iter()
        .map(|m| m * g)
        .collect();
    let ride_height_m = car.state().chassis.com_world(&car.params().chassis).z;

    progress(1, MAIN_PHASES[1]);
    // Phase 2: full throttle from rest.
    car.set_intent(Intent {
        throttle: 1.0,
        ..Intent::default()
    })
    .map_err(|e| e.to_string())?;
    let t0 = car.state().time;
    let mut accel_0_100_s = None;
    let mut prev = (t0, car.state().forward_speed());
    while car.state().time - t0 < ACCEL_TIMEOUT_S {
        car.step(DT, &ground);
        tel.record(&car);
        let now = (car.state().time, car.state().forward_speed());
        if now.1 >= KMH_100 {
            accel_0_100_s = Some(cross_time(prev, now, KMH_100) - t0);
            break;
        }
        prev = now;
    }

    progress(2, MAIN_PHASES[2]);
    // Phase 3: full brake to a stop.
    let mut braking_distance_100_0_m = None;
    let mut braking_mean_decel_mps2 = None;
    if accel_0_100_s.is_some() {
        car.set_intent(hold).map_err(|e| e.to_string())?;
        let mut start: Option<(f64, DVec3)> = None;
        let mut prev = (
            car.state().time,
            car.state().forward_speed(),
            car.state().chassis.pose.translation,
        );
        for _ in 0..(30.0 / DT) as usize {
            car.step(DT, &ground);
            tel.record(&car);
            let s = car.state();
            let now = (s.time, s.forward_speed(), s.chassis.pose.translation);
            if start.is_none() && now.1 <= KMH_100 {
                let f = if prev.1 > now.1 {
                    (prev.1 - KMH_100) / (prev.1 - now.1)
                } else {
                    0.0
                };
                start = Some((prev.0 + f * (now.0 - prev.0), prev.2.lerp(now.2, f)));
            }
            if now.1 < STOPPED_MPS {
                if let Some((ts, ps)) = start {
                    let d = (now.2 - ps).truncate().length();
                    braking_distance_100_0_m = Some(d);
                    braking_mean_decel_mps2 = Some(KMH_100 / (now.0 - ts));
                }
                break;
            }
            prev = now;
        }
    }

    progress(3, MAIN_PHASES[3]);
    // Phase 4 (telemetry only, no KPI): a slalom at 15 m/s for 8 s — the test driver follows
    // y = 1.5 m · sin(2π·s/50 m) from where the stop ended (peak a_y ≈ 1.5·(2π/50)²·15²
    // = 5.3 m/s²) with the speed held — so the trajectory, yaw-rate, steer-vs-a_y and g-g
    // plots show cornering.
    let v_slalom = 15.0;
    car.set_velocity(
        car.state()
            .chassis
            .pose
            .transform_vector(DVec3::new(v_slalom, 0.0, 0.0)),
        DVec3::ZERO,
    );
    let c = car.state().chassis.pose;
    let (o, dir) = (
        c.translation.truncate(),
        c.transform_vector(DVec3::X)
            .truncate()
            .normalize_or(glam::DVec2::X),
    );
    let length = v_slalom * SLALOM_S + 60.0;
    let points = (0..=(length / 0.5) as usize)
        .map(|i| {
            let s = i as f64 * 0.5;
            o + dir * s + dir.perp() * 1.5 * (std::f64::consts::TAU * s / 50.0).sin()
        })
        .collect();
    let mut driver = skidpad::maneuver::driver::Driver::new(
        &car,
        skidpad::maneuver::driver::Path::Polyline { points },
    );
    for _ in 0..(SLALOM_S / DT) as usize {
        let (steer, u) = driver.control(&car, v_slalom, DT);
        car.set_intent(Intent {
            throttle: u.max(0.0),
            brake: (-u).max(0.0),
            steer,
            ..Intent::default()
        })
        .map_err(|e| e.to_string())?;
        car.step(DT, &ground);
        tel.record(&car);
    }
    let p = car.params();
    let mut suite = std::collections::BTreeMap::new();
    let result = skidpad::maneuver::standard_suite_detailed(p, &mut |i, name| {
        progress(MAIN_PHASES.len() + i, name)
    })
    .map_err(|e| format!("invalid vehicle: {e}"))?;
    for (k, v) in result.kpis {
        if !matches!(
            k.as_str(),
            "vehicle_mass_kg"
                | "accel_0_100_s"
                | "braking_distance_100_0_m"
                | "braking_mean_decel_100_0_mps2"
        ) {
            suite.insert(k, v);
        }
    }
    Ok((
        Summary {
            vehicle: p.name.clone(),
            vehicle_mass_kg: p.chassis.mass,
            gravity_mps2: g,
            rest_wheel_loads_n,
            sprung_weights_n,
            ride_height_m,
            accel_0_100_s,
            braking_distance_100_0_m,
            braking_mean_decel_mps2,
            steady_state_circle: SteadyPoint::of(&result.circle),
            suite,
        },
        tel,
    ))
}

/// Linear interpolation of the time where a sampled signal crosses `level`.
fn cross_time(a: (f64, f64), b: (f64, f64), level: f64) -> f64 {
    if b.1 == a.1 {
        b.0
    } else {
        a.0 + (level - a.1) / (b.1 - a.1) * (b.0 - a.0)
    }
}

/// Format the summary as a table for the terminal.
pub fn format_table(s: &Summary) -> String {
    let opt = |v: Option<f64>, unit: &str| {
        v.map_or("not reached".to_string(), |x| format!("{x:.2} {unit}"))
    };
    let mut out = String::new();
    out.push_str(&format!("vehicle                 {}\n", s.vehicle));
    out.push_str(&format!(
        "mass                    {:.0} kg\n",
        s.vehicle_mass_kg
    ));
    for (i, (l, w)) in s
        .rest_wheel_loads_n
        .iter()
        .zip(&s.sprung_weights_n)
        .enumerate()
    {
        out.push_str(&format!(
            "rest load wheel {i:<2}      {l:.0} N  (sprung weight {w:.0} N)\n"
        ));
    }
    out.push_str(&format!(
        "ride height (CoM)       {:.3} m\n",
        s.ride_height_m
    ));
    out.push_str(&format!(
        "0-100 km/h              {}\n",
        opt(s.accel_0_100_s, "s")
    ));
    out.push_str(&format!(
        "100-0 km/h distance     {}\n",
        opt(s.braking_distance_100_0_m, "m")
    ));
    out.push_str(&format!(
        "100-0 mean deceleration {}\n",
        opt(s.braking_mean_decel_mps2, "m/s²")
    ));
    out.push_str("standard suite:\n");
    for (k, v) in &s.suite {
        out.push_str(&format!("  {k:<34} {v:.4}\n"));
    }
    out
}

/// Write `summary.json` (any summary: the main job's [`Summary`], a [`ManeuverSummary`]) and
/// `telemetry.csv` into `dir` (created if missing).
///
/// # Errors
/// An I/O or encoding message naming the file.
pub fn write_outputs<S: Serialize>(dir: &Path, s: &S, t: &Telemetry) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let json = dir.join("summary.json");
    let text = serde_json::to_string_pretty(s).map_err(|e| e.to_string())?;
    std::fs::write(&json, text + "\n").map_err(|e| format!("{}: {e}", json.display()))?;
    write_telemetry(dir, t)?;
    Ok(())
}

/// Write `telemetry.csv` (header with units, one row per step) and `events.csv`
/// ([`write_events`]) into `dir` (created if missing).
///
/// # Errors
/// An I/O or encoding message naming the file.
pub fn write_telemetry(dir: &Path, t: &Telemetry) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let csv_path = dir.join("telemetry.csv");
    let err = |e: csv::Error| format!("{}: {e}", csv_path.display());
    let mut w = csv::Writer::from_path(&csv_path).map_err(err)?;
    w.write_record(&t.names).map_err(err)?;
    for row in &t.rows {
        w.write_record(row.iter().map(|v| format!("{v}")))
            .map_err(err)?;
    }
    w.flush()
        .map_err(|e| format!("{}: {e}", csv_path.display()))?;
    write_events(dir, &t.events)
}

/// Columns of `events.csv`; a cell is empty where the event has no such value.
pub const EVENT_COLUMNS: [&str; 10] = [
    "t_s",
    "event",
    "wheel",
    "from_gear",
    "to_gear",
    "impact_speed_mps",
    "slip_angle_rad",
    "speed_mps",
    "duration_s",
    "peak_slip_angle_rad",
];

/// An event as the cells of [`EVENT_COLUMNS`].
pub fn event_cells(e: &skidpad::telemetry::Event) -> [String; 10] {
    use skidpad::telemetry::EventKind as K;
    let mut c: [String; 10] = Default::default();
    c[0] = format!("{}", e.time);
    let name = match e.kind {
        K::WheelGrounded { wheel } => {
            c[2] = wheel.to_string();
            "wheel_grounded"
        }
        K::WheelUngrounded { wheel } => {
            c[2] = wheel.to_string();
            "wheel_ungrounded"
        }
        K::Airborne => "airborne",
        K::Landed { impact_speed } => {
            c[5] = format!("{impact_speed}");
            "landed"
        }
        K::GearChanged { from, to } => {
            (c[3], c[4]) = (from.to_string(), to.to_string());
            "gear_changed"
        }
        K::DriftStarted { slip_angle, speed } => {
            (c[6], c[7]) = (format!("{slip_angle}"), format!("{speed}"));
            "drift_started"
        }
        K::DriftEnded {
            duration,
            peak_slip_angle,
        } => {
            (c[8], c[9]) = (format!("{duration}"), format!("{peak_slip_angle}"));
            "drift_ended"
        }
    };
    c[1] = name.to_string();
    c
}

/// Write `events.csv` ([`EVENT_COLUMNS`], one row per event) into `dir`.
///
/// # Errors
/// An I/O or encoding message naming the file.
pub fn write_events(dir: &Path, events: &[skidpad::telemetry::Event]) -> Result<(), String> {
    let path = dir.join("events.csv");
    let err = |e: csv::Error| format!("{}: {e}", path.display());
    let mut w = csv::Writer::from_path(&path).map_err(err)?;
    w.write_record(EVENT_COLUMNS).map_err(err)?;
    for e in events {
        w.write_record(event_cells(e)).map_err(err)?;
    }
    w.flush().map_err(|e| format!("{}: {e}", path.display()))
}
