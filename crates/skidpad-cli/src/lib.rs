//! The `skidpad` command line's jobs, as a library so tests can run them without a process:
//! argument-independent glue between the core and files.
//!
//! The jobs themselves live in the core: the main job ([`run_default`]) is
//! [`skidpad::maneuver::main_job`] (settle, then the standard suite, with a telemetry run for
//! the plots), a scenario's named manoeuvre is a core manoeuvre ([`scenario::maneuver`]),
//! telemetry is a [`Recorder`], and KPI keys are [`skidpad::maneuver::kpi`]'s. Here are the
//! summaries as `summary.json` and terminal tables, the file writers, the scenario files
//! ([`scenario`]), the report ([`report`]) and the tire tools ([`tire_cmd`]).
#![warn(missing_docs)]

pub mod body1d;
pub mod plot;
pub mod report;
pub mod scenario;
pub mod tire_cmd;
pub mod validate;
pub mod vehicles;

use serde::Serialize;
use skidpad::maneuver::{kpi, main_job};
pub use skidpad::telemetry::Recorder;
use skidpad::vehicle::{Vehicle, VehicleParams};
use std::collections::BTreeMap;
use std::path::Path;

/// The numbers the main job reports (`summary.json`): the settled vehicle's per-wheel lists,
/// the steady-state circle's curve and every KPI of [`main_job::MainJobResult::kpis`] under
/// its own key ([`skidpad::maneuver::kpi`]).
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Vehicle name.
    pub vehicle: String,
    /// Normal load on each wheel at rest. Unit: N.
    pub rest_wheel_loads_n: Vec<f64>,
    /// Sprung mass × g of each wheel, what the rest loads should equal. Unit: N.
    pub sprung_weights_n: Vec<f64>,
    /// The steady-state circle's ISO 4138 curve: road-wheel steer at each held speed's
    /// lateral acceleration.
    pub steady_state_circle: Vec<SteadyPoint>,
    /// The valid KPIs, keys with units; every value finite.
    #[serde(flatten)]
    pub kpis: BTreeMap<String, f64>,
    /// The invalid KPIs with the reason (`"invalid": {"<key>": "rolled over at 3.20 s: …"}`,
    /// [`skidpad::maneuver::validity`]). A key in neither map was not reached.
    pub invalid: BTreeMap<String, String>,
    /// How the KPIs whose key alone does not say it were measured
    /// ([`skidpad::maneuver::kpi::METHODS`]), for the keys reported.
    pub kpi_methods: BTreeMap<String, String>,
    /// The step fault that stopped the telemetry run (plots and `telemetry.csv` end there),
    /// if any ([`skidpad::vehicle::fault`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub telemetry_fault: Option<String>,
    /// The telemetry run's phases ([`main_job::PHASES`]) with their start times, as marked in
    /// `telemetry.csv`'s `phase` column and on the time plots.
    pub phases: Vec<PhaseStart>,
}

/// Where a phase of a recorded run begins ([`skidpad::telemetry::Phase`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PhaseStart {
    /// The phase's name.
    pub name: String,
    /// Time of its first telemetry row. Unit: s.
    pub start_s: f64,
}

impl PhaseStart {
    /// The phases of a recorded run.
    pub fn of(t: &Recorder) -> Vec<Self> {
        t.phase_starts()
            .into_iter()
            .map(|(name, start_s)| Self {
                name: name.to_string(),
                start_s,
            })
            .collect()
    }
}

impl Summary {
    /// The summary of the main job's result on the vehicle `name`.
    pub fn of(name: &str, r: &main_job::MainJobResult) -> Self {
        let k = r.kpi_set();
        Self {
            vehicle: name.to_string(),
            rest_wheel_loads_n: r.settle.rest_wheel_loads_n.clone(),
            sprung_weights_n: r.settle.sprung_weights_n.clone(),
            steady_state_circle: SteadyPoint::of(&r.suite.circle),
            kpi_methods: methods(&k),
            kpis: k.values.into_iter().collect(),
            invalid: k.invalid.into_iter().collect(),
            telemetry_fault: r.telemetry_fault.map(|f| f.to_string()),
            phases: Vec::new(),
        }
    }

    /// The KPI `key`, if the job reported it valid.
    pub fn kpi(&self, key: &str) -> Option<f64> {
        self.kpis.get(key).copied()
    }

    /// Why the KPI `key` is invalid, if it is.
    pub fn invalid(&self, key: &str) -> Option<&str> {
        self.invalid.get(key).map(String::as_str)
    }
}

/// Table rows `key  value` of `kpis` and `invalid` merged in key order, leaving out `skip`;
/// an invalid KPI reads `invalid: <reason>`.
fn kpi_rows(
    kpis: &BTreeMap<String, f64>,
    invalid: &BTreeMap<String, String>,
    skip: &[&str],
) -> String {
    let mut rows: BTreeMap<&str, String> = BTreeMap::new();
    for (k, v) in kpis {
        rows.insert(k, format!("{v:.4}"));
    }
    for (k, why) in invalid {
        rows.insert(k, format!("invalid: {why}"));
    }
    rows.into_iter()
        .filter(|(k, _)| !skip.contains(k))
        .map(|(k, v)| format!("  {k:<34} {v}\n"))
        .collect()
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
    /// The steady-state circle's curve (kind `steady_state_circle` only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steady_state_circle: Vec<SteadyPoint>,
    /// The vehicle's mass ([`kpi::VEHICLE_MASS_KG`]) and the manoeuvre's valid KPIs
    /// ([`scenario::maneuver`]), keys with units; every value finite.
    #[serde(flatten)]
    pub kpis: BTreeMap<String, f64>,
    /// The manoeuvre's invalid KPIs with the reason, as in [`Summary::invalid`].
    pub invalid: BTreeMap<String, String>,
    /// How its KPIs were measured, as in [`Summary::kpi_methods`].
    pub kpi_methods: BTreeMap<String, String>,
}

/// The methods ([`kpi::method`]) of the KPIs in `k`, valid or invalid.
pub fn methods(k: &kpi::Kpis) -> BTreeMap<String, String> {
    k.values
        .iter()
        .map(|(key, _)| key)
        .chain(k.invalid.iter().map(|(key, _)| key))
        .filter_map(|key| kpi::method(key).map(|m| (key.clone(), m.to_string())))
        .collect()
}

impl ManeuverSummary {
    /// The summary of the manoeuvre `kind` run on `params`, giving `kpis` (valid and
    /// invalid) and the circle's `curve` (empty for other kinds).
    pub fn new(
        params: &VehicleParams,
        kind: &str,
        kpis: kpi::Kpis,
        curve: Vec<SteadyPoint>,
    ) -> Self {
        let mut all = BTreeMap::from([(kpi::VEHICLE_MASS_KG.to_string(), params.chassis.mass)]);
        let kpi_methods = methods(&kpis);
        all.extend(kpis.values);
        Self {
            vehicle: params.name.clone(),
            maneuver: kind.to_string(),
            steady_state_circle: curve,
            kpis: all,
            invalid: kpis.invalid.into_iter().collect(),
            kpi_methods,
        }
    }

    /// Format as a table for the terminal.
    pub fn table(&self) -> String {
        let mass = self.kpis.get(kpi::VEHICLE_MASS_KG).copied();
        let mut out = format!(
            "vehicle                 {}\nmanoeuvre               {}\nmass                    {:.0} kg\n",
            self.vehicle,
            self.maneuver,
            mass.unwrap_or(f64::NAN)
        );
        out.push_str(&kpi_rows(
            &self.kpis,
            &self.invalid,
            &[kpi::VEHICLE_MASS_KG],
        ));
        out
    }
}

/// What a schedule scenario reports (`summary.json`): how far it went and where it ended.
/// A schedule has no KPIs (it is the user's own input, not a standard test); its telemetry is
/// the product.
#[derive(Debug, Clone, Serialize)]
pub struct ScheduleSummary {
    /// Vehicle name.
    pub vehicle: String,
    /// The scenario file.
    pub scenario: String,
    /// Steps taken.
    pub steps: usize,
    /// Step size. Unit: s.
    pub dt_s: f64,
    /// Simulated time at the end. Unit: s.
    pub final_time_s: f64,
    /// Reference point at the end, world x. Unit: m.
    pub final_x_m: f64,
    /// Reference point at the end, world y. Unit: m.
    pub final_y_m: f64,
    /// Forward speed at the end. Unit: m/s.
    pub final_forward_speed_mps: f64,
    /// Largest ground-plane speed during the run. Unit: m/s.
    pub max_speed_mps: f64,
    /// Path length of the reference point in the ground plane. Unit: m.
    pub distance_m: f64,
    /// The step fault that ended the run early, if any ([`skidpad::vehicle::fault`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fault: Option<String>,
}

impl ScheduleSummary {
    /// An empty summary (nothing run yet) of `vehicle` in `scenario` at step `dt_s`.
    pub fn new(vehicle: &str, scenario: &str, dt_s: f64) -> Self {
        Self {
            vehicle: vehicle.to_string(),
            scenario: scenario.to_string(),
            steps: 0,
            dt_s,
            final_time_s: 0.0,
            final_x_m: 0.0,
            final_y_m: 0.0,
            final_forward_speed_mps: 0.0,
            max_speed_mps: 0.0,
            distance_m: 0.0,
            fault: None,
        }
    }

    /// Take in the step `v` has just taken.
    pub fn observe(&mut self, v: &Vehicle) {
        let s = v.state();
        let p = s.chassis.pose.translation;
        if self.steps > 0 {
            self.distance_m += (p.x - self.final_x_m).hypot(p.y - self.final_y_m);
        }
        self.steps += 1;
        self.final_time_s = s.time;
        (self.final_x_m, self.final_y_m) = (p.x, p.y);
        self.final_forward_speed_mps = s.forward_speed();
        let vel = s.chassis.linear_velocity_world;
        self.max_speed_mps = self.max_speed_mps.max(vel.x.hypot(vel.y));
    }

    /// The summary as a terminal table.
    pub fn table(&self) -> String {
        let mut out = format!(
            "vehicle                 {}\nscenario                {}\n\
             steps                   {} (dt {} s)\n\
             final t                 {:.2} s\n\
             final x, y              {:.2}, {:.2} m\n\
             final forward speed     {:.2} m/s\n\
             max speed               {:.2} m/s\n\
             distance                {:.2} m\n",
            self.vehicle,
            self.scenario,
            self.steps,
            self.dt_s,
            self.final_time_s,
            self.final_x_m,
            self.final_y_m,
            self.final_forward_speed_mps,
            self.max_speed_mps,
            self.distance_m
        );
        if let Some(f) = &self.fault {
            out.push_str(&format!("stopped by a step fault: {f}\n"));
        }
        out
    }
}

/// Number of progress steps of the main job ([`main_job::steps`]).
pub fn main_job_steps() -> usize {
    main_job::steps()
}

/// Run the main job on `params` on flat ground.
///
/// # Errors
/// A message if the parameters are invalid.
pub fn run_default(params: VehicleParams) -> Result<(Summary, Recorder), String> {
    run_default_with_progress(params, &mut |_, _| {})
}

/// [`run_default`], calling `progress(i, name)` before each of the [`main_job_steps`] steps
/// (the phases of [`main_job::PHASES`], then the suite's) and
/// `progress(main_job_steps(), "done")` at the end; the telemetry records the main job's
/// telemetry run ([`main_job::run`]).
///
/// # Errors
/// A message if the parameters are invalid.
pub fn run_default_with_progress(
    params: VehicleParams,
    progress: &mut dyn FnMut(usize, &str),
) -> Result<(Summary, Recorder), String> {
    let mut tel = Recorder::for_vehicle(&params);
    // The telemetry run's phases (the first `PHASES.len()` progress steps) are marked in the
    // telemetry as they begin: `progress` sets the pending phase, the next recorded row starts it.
    let pending = std::cell::Cell::new(None::<usize>);
    let r = main_job::run(
        &params,
        &mut |v: &Vehicle| {
            if let Some(i) = pending.take() {
                tel.mark_phase(main_job::PHASES[i]);
            }
            tel.record(v);
        },
        &mut |i, name| {
            if i < main_job::PHASES.len() {
                pending.set(Some(i));
            }
            progress(i, name);
        },
    )
    .map_err(|e| format!("invalid vehicle: {e}"))?;
    let mut summary = Summary::of(&params.name, &r);
    summary.phases = PhaseStart::of(&tel);
    Ok((summary, tel))
}

/// Format the summary as a table for the terminal: the settled vehicle, the headline
/// straight-line KPIs, then the rest of the suite.
pub fn format_table(s: &Summary) -> String {
    let opt = |key: &str, unit: &str| match (s.kpi(key), s.invalid(key)) {
        (Some(x), _) => format!("{x:.2} {unit}"),
        (None, Some(why)) => format!("invalid: {why}"),
        (None, None) => "not reached".to_string(),
    };
    let mut out = String::new();
    out.push_str(&format!("vehicle                 {}\n", s.vehicle));
    out.push_str(&format!(
        "mass                    {:.0} kg\n",
        s.kpi(kpi::VEHICLE_MASS_KG).unwrap_or(f64::NAN)
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
        "ride height (CoM)       {}\n",
        match (s.kpi(kpi::RIDE_HEIGHT_M), s.invalid(kpi::RIDE_HEIGHT_M)) {
            (Some(h), _) => format!("{h:.3} m"),
            (None, Some(why)) => format!("invalid: {why}"),
            (None, None) => "not reached".to_string(),
        }
    ));
    out.push_str(&format!(
        "0-100 km/h              {}\n",
        opt(kpi::ACCEL_0_100_S, "s")
    ));
    out.push_str(&format!(
        "100-0 km/h distance     {}\n",
        opt(kpi::BRAKING_DISTANCE_M, "m")
    ));
    out.push_str(&format!(
        "100-0 mean deceleration {}\n",
        opt(kpi::BRAKING_MEAN_DECEL_MPS2, "m/s²")
    ));
    out.push_str("standard suite:\n");
    let shown = [
        kpi::VEHICLE_MASS_KG,
        kpi::GRAVITY_MPS2,
        kpi::RIDE_HEIGHT_M,
        kpi::ACCEL_0_100_S,
        kpi::BRAKING_DISTANCE_M,
        kpi::BRAKING_MEAN_DECEL_MPS2,
    ];
    out.push_str(&kpi_rows(&s.kpis, &s.invalid, &shown));
    if let Some(f) = &s.telemetry_fault {
        out.push_str(&format!("telemetry run stopped by a step fault: {f}\n"));
    }
    out
}

/// Write `summary.json` (any summary: the main job's [`Summary`], a [`ManeuverSummary`]),
/// `telemetry.csv` and `events.csv` into `dir` (created if missing).
///
/// # Errors
/// An I/O or encoding message naming the file.
pub fn write_outputs<S: Serialize>(dir: &Path, s: &S, t: &Recorder) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let json = dir.join("summary.json");
    let text = serde_json::to_string_pretty(s).map_err(|e| e.to_string())?;
    std::fs::write(&json, text + "\n").map_err(|e| format!("{}: {e}", json.display()))?;
    write_telemetry(dir, t)
}

/// `telemetry.csv` and `events.csv` in a directory, written row by row as a run goes
/// ([`skidpad::telemetry::CsvRecorder`]): the same files as [`write_telemetry`], in
/// constant memory.
#[derive(Debug)]
pub struct TelemetryFiles {
    rec: skidpad::telemetry::CsvRecorder<
        std::io::BufWriter<std::fs::File>,
        std::io::BufWriter<std::fs::File>,
    >,
    dir: std::path::PathBuf,
}

impl TelemetryFiles {
    /// Create `dir` if missing and both files in it, with their headers for a vehicle of
    /// parameters `p`.
    ///
    /// # Errors
    /// An I/O message naming the file.
    pub fn create(dir: &Path, p: &skidpad::VehicleParams) -> Result<Self, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let create = |name: &str| {
            let path = dir.join(name);
            std::fs::File::create(&path)
                .map(std::io::BufWriter::new)
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        let rec = skidpad::telemetry::CsvRecorder::new(
            p,
            create("telemetry.csv")?,
            create("events.csv")?,
        )
        .map_err(|e| format!("{}: {e}", dir.join("telemetry.csv").display()))?;
        Ok(Self {
            rec,
            dir: dir.to_path_buf(),
        })
    }

    /// Write the row and events of the step `v` has just taken.
    ///
    /// # Errors
    /// An I/O message naming the directory.
    pub fn record(&mut self, v: &skidpad::Vehicle) -> Result<(), String> {
        self.rec
            .record(v)
            .map_err(|e| format!("{}/telemetry.csv: {e}", self.dir.display()))
    }

    /// Flush both files.
    ///
    /// # Errors
    /// An I/O message naming the directory.
    pub fn finish(self) -> Result<(), String> {
        let (t, e) = self
            .rec
            .finish()
            .map_err(|e| format!("{}: {e}", self.dir.display()))?;
        for mut f in [t, e] {
            std::io::Write::flush(&mut f).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        }
        Ok(())
    }
}

/// Write `telemetry.csv` (header with units, one row per step: [`Recorder::write_csv`]) and
/// `events.csv` ([`Recorder::write_events_csv`]) into `dir` (created if missing).
///
/// # Errors
/// An I/O or encoding message naming the file.
pub fn write_telemetry(dir: &Path, t: &Recorder) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let create = |name: &str| {
        let path = dir.join(name);
        std::fs::File::create(&path)
            .map(std::io::BufWriter::new)
            .map_err(|e| format!("{}: {e}", path.display()))
            .map(|f| (f, path))
    };
    let (f, path) = create("telemetry.csv")?;
    t.write_csv(f)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let (f, path) = create("events.csv")?;
    t.write_events_csv(f)
        .map_err(|e| format!("{}: {e}", path.display()))
}
