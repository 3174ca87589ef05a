//! `World`: a batch of vehicles on one ground, stepped together with numpy arrays in and out.
//!
//! Controls are an `N × 4` float array in [`CONTROL_CHANNELS`] order (`steer_cmd` −1..1
//! positive left, `throttle_cmd`, `brake_cmd`, `handbrake_cmd` 0..1; out-of-range values are
//! clamped as [`skidpad::Intent::sanitized`] does, a non-finite one raises `InputError`
//! naming the row and channel). Controls hold until set again. `state()` is an
//! `N × len(STATE_CHANNELS)` array of the core's telemetry channels
//! ([`skidpad::telemetry::VEHICLE_CHANNELS`]: `t_s`, `x_m`, ..., the same column names as
//! `telemetry.csv`). `step` releases the GIL and steps every vehicle, in parallel on rayon's
//! pool by default ([`skidpad::World::step_parallel`], bit-identical to the serial step).
//!
//! The ground is a scenario file's `[ground]` table as a dict (`{"kind": "incline",
//! "grade_pct": 10}`; [`skidpad_cli::scenario::GroundSpec`]); vehicles start as a scenario's
//! `[initial]` does ([`skidpad_cli::scenario::Scenario::start`]): on the ground under
//! `(x, y)`, square to its normal, heading `heading` (rad), moving at `speed` (m/s).
//!
//! `snapshot()` copies every vehicle (params, state, controls) and `restore(s)` puts them
//! back, so a run continues bit for bit from the snapshot.

use crate::convert;
use crate::errors;
use crate::params;
use numpy::{IntoPyArray, PyArray2, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::{Map, Value};
use skidpad::ground::{Ground, terrain::Patched};
use skidpad::telemetry::{VEHICLE_CHANNELS, sample};
use skidpad::{Intent, Vehicle, VehicleId};
use skidpad_cli::scenario::{InitialSpec, Scenario};

/// Columns of `World.set_controls`: the telemetry's command channels.
pub const CONTROL_CHANNELS: [&str; 4] = ["steer_cmd", "throttle_cmd", "brake_cmd", "handbrake_cmd"];

/// The ground a scenario file's `[ground]` table describes, with the parsed scenario (for
/// its start rule). `extra` adds top-level scenario keys (`dt`, `maneuver`).
pub fn scenario_from(
    py: Python<'_>,
    ground: Option<&Bound<'_, PyDict>>,
    extra: Map<String, Value>,
) -> PyResult<Scenario> {
    let mut top = Map::new();
    top.insert("vehicle".into(), Value::String("sedan".into()));
    if let Some(g) = ground {
        top.insert("ground".into(), convert::to_value(g.as_any(), "ground")?);
    }
    top.extend(extra);
    let text = toml::to_string(&Value::Object(top))
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("ground: {e}")))?;
    Scenario::from_toml_str(&text, errors::ARGUMENTS).map_err(|e| errors::message_error(py, &e))
}

/// A copy of every vehicle of a `World` (`World.snapshot()`).
#[pyclass(name = "Snapshot", module = "skidpad._skidpad", frozen)]
pub struct PySnapshot {
    vehicles: Vec<Vehicle>,
    time: f64,
}

#[pymethods]
impl PySnapshot {
    /// Number of vehicles.
    fn __len__(&self) -> usize {
        self.vehicles.len()
    }

    /// Simulated time of the snapshot. Unit: s.
    #[getter]
    fn time(&self) -> f64 {
        self.time
    }
}

/// A batch of vehicles on one ground.
#[pyclass(name = "World", module = "skidpad._skidpad")]
pub struct PyWorld {
    scenario: Scenario,
    world: skidpad::World<Patched<Box<dyn Ground>>>,
    time: f64,
}

impl PyWorld {
    fn ids(&self) -> impl Iterator<Item = VehicleId> + use<> {
        (0..self.world.vehicles().len()).map(VehicleId)
    }

    /// Place vehicle `id` (or a new one) as the scenario start rule says.
    fn place(&self, py: Python<'_>, car: &mut Vehicle, initial: [f64; 4]) -> PyResult<()> {
        let [x, y, heading, speed] = initial;
        let mut s = self.scenario.clone();
        s.initial = InitialSpec {
            x,
            y,
            heading,
            speed,
            yaw_rate: 0.0,
        };
        for (k, v) in [("x", x), ("y", y), ("heading", heading), ("speed", speed)] {
            if !v.is_finite() {
                return Err(errors::input_error(
                    py,
                    k,
                    &format!("must be finite (got {v})"),
                    None,
                ));
            }
        }
        let (pose, lin, ang) = s
            .start(car.params())
            .map_err(|e| errors::message_error(py, &e))?;
        car.teleport(pose);
        car.set_velocity(lin, ang);
        Ok(())
    }
}

/// `v` broadcast to `n` values: a float, or a sequence of length `n`.
fn broadcast(name: &str, v: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<f64>> {
    if let Ok(x) = v.extract::<f64>() {
        return Ok(vec![x; n]);
    }
    let xs: Vec<f64> = v.extract()?;
    if xs.len() != n {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{name}: expected {n} values, got {}",
            xs.len()
        )));
    }
    Ok(xs)
}

#[pymethods]
impl PyWorld {
    /// An empty world on `ground` (a scenario `[ground]` table as a dict; `None` = flat dry
    /// tarmac).
    #[new]
    #[pyo3(signature = (ground = None))]
    fn new(py: Python<'_>, ground: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let scenario = scenario_from(py, ground, Map::new())?;
        let g = scenario
            .ground()
            .map_err(|e| errors::message_error(py, &e))?;
        Ok(Self {
            scenario,
            world: skidpad::World::new(g),
            time: 0.0,
        })
    }

    /// Add `n` vehicles of `vehicle` (a `VehicleParams`, a built-in name or a file path) at
    /// `x`, `y` (m), `heading` (rad) and forward `speed` (m/s), each a float or `n` values;
    /// returns their row indices.
    #[pyo3(signature = (vehicle, n = 1, x = None, y = None, heading = None, speed = None))]
    #[allow(clippy::too_many_arguments)]
    fn spawn(
        &mut self,
        py: Python<'_>,
        vehicle: &Bound<'_, PyAny>,
        n: usize,
        x: Option<&Bound<'_, PyAny>>,
        y: Option<&Bound<'_, PyAny>>,
        heading: Option<&Bound<'_, PyAny>>,
        speed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<usize>> {
        let p = params::resolve(py, vehicle)?;
        let get = |name: &str, v: Option<&Bound<'_, PyAny>>| match v {
            Some(v) => broadcast(name, v, n),
            None => Ok(vec![0.0; n]),
        };
        let (xs, ys, hs, ss) = (
            get("x", x)?,
            get("y", y)?,
            get("heading", heading)?,
            get("speed", speed)?,
        );
        let proto = Vehicle::new(p).map_err(|e| errors::param_error(py, &e))?;
        let mut cars = Vec::with_capacity(n);
        for i in 0..n {
            let mut car = proto.clone();
            self.place(py, &mut car, [xs[i], ys[i], hs[i], ss[i]])?;
            cars.push(car);
        }
        // Clones of one prototype share its parameters (`World::insert`).
        Ok(cars
            .into_iter()
            .map(|car| self.world.insert(car).0)
            .collect())
    }

    /// Put vehicle `i` back at a start (as `spawn` places it), clearing a fault; its
    /// controls are released.
    #[pyo3(signature = (i, x = 0.0, y = 0.0, heading = 0.0, speed = 0.0))]
    fn reset_vehicle(
        &mut self,
        py: Python<'_>,
        i: usize,
        x: f64,
        y: f64,
        heading: f64,
        speed: f64,
    ) -> PyResult<()> {
        let n = self.world.vehicles().len();
        if i >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "vehicle {i} of {n}"
            )));
        }
        let mut car = self.world.vehicle(VehicleId(i)).fresh();
        self.place(py, &mut car, [x, y, heading, speed])?;
        *self.world.vehicle_mut(VehicleId(i)) = car;
        Ok(())
    }

    /// Number of vehicles.
    fn __len__(&self) -> usize {
        self.world.vehicles().len()
    }

    /// Simulated time: the sum of the steps since creation or the restored snapshot's. Unit: s.
    #[getter]
    fn time(&self) -> f64 {
        self.time
    }

    /// Set every vehicle's controls from an `N × 4` array in `CONTROL_CHANNELS` order.
    fn set_controls(
        &mut self,
        py: Python<'_>,
        controls: PyReadonlyArray2<'_, f64>,
    ) -> PyResult<()> {
        let a = controls.as_array();
        let n = self.world.vehicles().len();
        if a.shape() != [n, CONTROL_CHANNELS.len()] {
            return Err(errors::input_error(
                py,
                "controls",
                &format!(
                    "must have shape ({n}, {}) (got {:?})",
                    CONTROL_CHANNELS.len(),
                    a.shape()
                ),
                None,
            ));
        }
        let mut intents = Vec::with_capacity(n);
        for (i, row) in a.outer_iter().enumerate() {
            for (c, v) in CONTROL_CHANNELS.iter().zip(row.iter()) {
                if !v.is_finite() {
                    return Err(errors::input_error(
                        py,
                        c,
                        &format!("must be finite (got {v})"),
                        Some(i),
                    ));
                }
            }
            intents.push(Intent {
                steer: row[0],
                throttle: row[1],
                brake: row[2],
                handbrake: row[3],
                ..Intent::default()
            });
        }
        for (id, intent) in self.ids().zip(intents) {
            self.world
                .vehicle_mut(id)
                .set_intent(intent)
                .map_err(|e| errors::input_error(py, &e.to_string(), "invalid", Some(id.0)))?;
        }
        Ok(())
    }

    /// Advance every vehicle `steps` times by `dt` seconds with the controls held, the GIL
    /// released; `parallel` steps the vehicles on rayon's pool (bit-identical to serial).
    /// Raises `InputError` for a `dt` longer than a vehicle's longest stable step.
    #[pyo3(signature = (dt, steps = 1, parallel = true))]
    fn step(&mut self, py: Python<'_>, dt: f64, steps: usize, parallel: bool) -> PyResult<()> {
        for (i, v) in self.world.vehicles().iter().enumerate() {
            v.check_dt(dt)
                .map_err(|e| errors::input_error(py, "dt", &e.rule, Some(i)))?;
        }
        let world = &mut self.world;
        py.detach(|| {
            for _ in 0..steps {
                if parallel {
                    world.step_parallel(dt);
                } else {
                    world.step(dt);
                }
            }
        });
        self.time += dt * steps as f64;
        Ok(())
    }

    /// Every vehicle's state: an `N × len(STATE_CHANNELS)` array.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let n = self.world.vehicles().len();
        let c = VEHICLE_CHANNELS.len();
        let mut out = vec![0.0; n * c];
        for (row, v) in out.chunks_exact_mut(c).zip(self.world.vehicles()) {
            let s = sample(v);
            for (dst, ch) in row.iter_mut().zip(&VEHICLE_CHANNELS) {
                *dst = (ch.get)(&s);
            }
        }
        let a = numpy::ndarray::Array2::from_shape_vec((n, c), out)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        Ok(a.into_pyarray(py))
    }

    /// The vehicles stopped by a step fault: `[(row, message)]` (such a vehicle keeps its last
    /// finite state; `reset_vehicle` restarts it).
    fn faults(&self) -> Vec<(usize, String)> {
        self.world
            .faults()
            .map(|(id, f)| (id.0, f.to_string()))
            .collect()
    }

    /// The parameters of vehicle `i`.
    fn vehicle_params(&self, i: usize) -> PyResult<params::PyVehicleParams> {
        let n = self.world.vehicles().len();
        if i >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "vehicle {i} of {n}"
            )));
        }
        Ok(params::PyVehicleParams {
            inner: self.world.vehicle(VehicleId(i)).params().clone(),
        })
    }

    /// A copy of every vehicle (parameters, state, controls) and the time.
    fn snapshot(&self) -> PySnapshot {
        PySnapshot {
            vehicles: self.world.vehicles().to_vec(),
            time: self.time,
        }
    }

    /// Put the vehicles and the time of `snapshot` back (it must have as many vehicles).
    fn restore(&mut self, snapshot: &PySnapshot) -> PyResult<()> {
        let n = self.world.vehicles().len();
        if snapshot.vehicles.len() != n {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "snapshot: has {} vehicles, the world {n}",
                snapshot.vehicles.len()
            )));
        }
        for (id, v) in self.ids().zip(&snapshot.vehicles) {
            *self.world.vehicle_mut(id) = v.clone();
        }
        self.time = snapshot.time;
        Ok(())
    }
}

/// Register the classes and channel names.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyWorld>()?;
    m.add_class::<PySnapshot>()?;
    m.add(
        "CONTROL_CHANNELS",
        pyo3::types::PyTuple::new(py, CONTROL_CHANNELS)?,
    )?;
    let names: Vec<&str> = VEHICLE_CHANNELS.iter().map(|c| c.column).collect();
    m.add("STATE_CHANNELS", pyo3::types::PyTuple::new(py, names)?)?;
    let _ = PyList::empty(py);
    Ok(())
}
