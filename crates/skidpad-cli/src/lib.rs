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

pub mod report;
pub mod scenario;
pub mod tire_cmd;
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
    /// The step fault that stopped the telemetry run (plots and `telemetry.csv` end there),
    /// if any ([`skidpad::vehicle::fault`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub telemetry_fault: Option<String>,
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
            kpis: k.values.into_iter().collect(),
            invalid: k.invalid.into_iter().collect(),
            telemetry_fault: r.telemetry_fault.map(|f| f.to_string()),
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
        all.extend(kpis.values);
        Self {
            vehicle: params.name.clone(),
            maneuver: kind.to_string(),
            steady_state_circle: curve,
            kpis: all,
            invalid: kpis.invalid.into_iter().collect(),
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
    let r = main_job::run(&params, &mut |v: &Vehicle| tel.record(v), progress)
        .map_err(|e| format!("invalid vehicle: {e}"))?;
    Ok((Summary::of(&params.name, &r), tel))
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
