//! Manoeuvres, the main job and batches of them, returning KPIs as dicts and telemetry as
//! numpy columns.
//!
//! A manoeuvre is a scenario file's `[maneuver]` table
//! ([`skidpad_cli::scenario::maneuver`]: `kind` and its parameters, with the file's unit
//! keys such as `speed_kmh`), on an optional `[ground]` at an optional `dt`: the same
//! [`skidpad_cli::scenario::ManeuverSpec::run`] as `skidpad run SCENARIO.toml`, so the KPIs
//! are the command line's bit for bit, under the keys of [`skidpad::maneuver::kpi`]. The
//! main job is [`skidpad_cli::run_default`], its dict the `summary.json` of `skidpad run
//! --out`.

use crate::convert;
use crate::errors;
use crate::params;
use crate::world::scenario_from;
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use serde_json::{Map, Value};
use skidpad::VehicleParams;
use skidpad::telemetry::Recorder;
use skidpad_cli::scenario::Scenario;
use skidpad_cli::scenario::maneuver::ManeuverOutput;

/// The telemetry as `{column: 1-D float array}` plus `events`, a list of dicts.
fn telemetry_dict<'py>(py: Python<'py>, t: &Recorder) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (i, name) in t.names.iter().enumerate() {
        let col: Vec<f64> = t.rows.iter().map(|r| r[i]).collect();
        d.set_item(name, col.into_pyarray(py))?;
    }
    Ok(d)
}

/// The events of a recorded run as dicts of `EVENT_COLUMNS` (empty cells left out).
fn events_list<'py>(py: Python<'py>, t: &Recorder) -> PyResult<Bound<'py, PyList>> {
    let l = PyList::empty(py);
    for e in &t.events {
        let d = PyDict::new(py);
        let cells = skidpad::telemetry::recorder::event_cells(e);
        for (k, v) in skidpad::telemetry::recorder::EVENT_COLUMNS
            .iter()
            .zip(cells)
        {
            if !v.is_empty() {
                d.set_item(*k, v)?;
            }
        }
        l.append(d)?;
    }
    Ok(l)
}

/// `{"kpis": {...}, "invalid": {...}, "steady_state_circle": [...], "telemetry": {...} or
/// None, "events": [...] or None}`.
fn output_dict<'py>(
    py: Python<'py>,
    out: &ManeuverOutput,
    telemetry: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let kpis = PyDict::new(py);
    for (k, v) in &out.kpis {
        kpis.set_item(k, v)?;
    }
    let invalid = PyDict::new(py);
    for (k, why) in &out.invalid {
        invalid.set_item(k, why)?;
    }
    d.set_item("kpis", kpis)?;
    d.set_item("invalid", invalid)?;
    let curve = serde_json::to_value(&out.steady_state_circle)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    d.set_item("steady_state_circle", convert::from_value(py, &curve)?)?;
    if telemetry {
        d.set_item("telemetry", telemetry_dict(py, &out.telemetry)?)?;
        d.set_item("events", events_list(py, &out.telemetry)?)?;
    } else {
        d.set_item("telemetry", py.None())?;
        d.set_item("events", py.None())?;
    }
    Ok(d)
}

/// The scenario for a manoeuvre `kind` with parameters `kw`, on `ground` at `dt`.
fn maneuver_scenario(
    py: Python<'_>,
    kind: &str,
    ground: Option<&Bound<'_, PyDict>>,
    dt: Option<f64>,
    kw: Option<&Bound<'_, PyDict>>,
) -> PyResult<Scenario> {
    let mut m = match kw {
        Some(kw) => match convert::to_value(kw.as_any(), "maneuver")? {
            Value::Object(m) => m,
            _ => Map::new(),
        },
        None => Map::new(),
    };
    m.insert("kind".into(), Value::String(kind.to_string()));
    let mut extra = Map::new();
    extra.insert("maneuver".into(), Value::Object(m));
    if let Some(dt) = dt {
        extra.insert(
            "dt".into(),
            serde_json::Number::from_f64(dt)
                .map(Value::Number)
                .ok_or_else(|| errors::input_error(py, "dt", "must be finite", None))?,
        );
    }
    scenario_from(py, ground, extra)
}

/// Run the manoeuvre `kind` (`steady_state_circle`, `step_steer`, `sine_with_dwell`,
/// `lane_change`, `braking`, `acceleration`, `coast_down`, `park`) with its parameters as
/// keyword arguments (those of a scenario's `[maneuver]` table: `radius`, `speed_kmh`,
/// `lateral_accel`, `scale`, `grade_pct`, `hold_time`) on `ground` (a `[ground]` dict) at
/// `dt` (default 1/120 s), the GIL released. Returns `{"kpis", "invalid",
/// "steady_state_circle", "telemetry", "events"}`; `telemetry=False` leaves the columns out.
#[pyfunction]
#[pyo3(signature = (vehicle, kind, *, ground = None, dt = None, telemetry = true, **kw))]
fn maneuver<'py>(
    py: Python<'py>,
    vehicle: &Bound<'py, PyAny>,
    kind: &str,
    ground: Option<&Bound<'py, PyDict>>,
    dt: Option<f64>,
    telemetry: bool,
    kw: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let p = params::resolve(py, vehicle)?;
    if kind == "standard" {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "maneuver.kind: `standard` is the main job: call main_job(vehicle)",
        ));
    }
    let s = maneuver_scenario(py, kind, ground, dt, kw)?;
    let out = py
        .detach(|| s.run_maneuver(&p))
        .map_err(|e| errors::message_error(py, &e))?;
    output_dict(py, &out, telemetry)
}

/// `maneuver` for each of `vehicles` (a list of `VehicleParams` or names), in parallel on
/// rayon's pool with the GIL released; results in the same order. Telemetry is off by
/// default (`telemetry=True` keeps it). An error names the list index.
#[pyfunction]
#[pyo3(signature = (vehicles, kind, *, ground = None, dt = None, telemetry = false, **kw))]
fn maneuvers<'py>(
    py: Python<'py>,
    vehicles: Vec<Bound<'py, PyAny>>,
    kind: &str,
    ground: Option<&Bound<'py, PyDict>>,
    dt: Option<f64>,
    telemetry: bool,
    kw: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    let ps: Vec<VehicleParams> = vehicles
        .iter()
        .map(|v| params::resolve(py, v))
        .collect::<PyResult<_>>()?;
    let s = maneuver_scenario(py, kind, ground, dt, kw)?;
    let outs: Vec<Result<ManeuverOutput, String>> = py.detach(|| {
        ps.par_iter()
            .map(|p| {
                let mut o = s.run_maneuver(p)?;
                if !telemetry {
                    o.telemetry = Recorder::default();
                }
                Ok(o)
            })
            .collect()
    });
    let l = PyList::empty(py);
    for (i, o) in outs.into_iter().enumerate() {
        let o = o.map_err(|e| errors::message_error(py, &format!("vehicles[{i}]: {e}")))?;
        l.append(output_dict(py, &o, telemetry)?)?;
    }
    Ok(l)
}

/// The main job (`skidpad run`): settle, the telemetry run, the standard suite. Returns the
/// dict of `summary.json` (`vehicle`, `rest_wheel_loads_n`, `sprung_weights_n`,
/// `steady_state_circle`, every valid KPI at the top level, `invalid`, maybe
/// `telemetry_fault`) plus `telemetry` (numpy columns) and `events` unless
/// `telemetry=False`.
#[pyfunction]
#[pyo3(signature = (vehicle, *, telemetry = true))]
fn main_job<'py>(
    py: Python<'py>,
    vehicle: &Bound<'py, PyAny>,
    telemetry: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let p = params::resolve(py, vehicle)?;
    let (summary, tel) = py
        .detach(|| skidpad_cli::run_default(p))
        .map_err(|e| errors::message_error(py, &e))?;
    let v = serde_json::to_value(&summary)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    let d = convert::from_value(py, &v)?;
    if telemetry {
        d.set_item("telemetry", telemetry_dict(py, &tel)?)?;
        d.set_item("events", events_list(py, &tel)?)?;
    }
    Ok(d)
}

/// Every fixed KPI key ([`skidpad::maneuver::kpi::ALL`]; up-shift speeds are
/// `shift_<from>_<to>_kmh`).
#[pyfunction]
fn kpi_keys() -> Vec<&'static str> {
    skidpad::maneuver::kpi::ALL.to_vec()
}

/// Register the functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(maneuver, m)?)?;
    m.add_function(wrap_pyfunction!(maneuvers, m)?)?;
    m.add_function(wrap_pyfunction!(main_job, m)?)?;
    m.add_function(wrap_pyfunction!(kpi_keys, m)?)?;
    Ok(())
}
