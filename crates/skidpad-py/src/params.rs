//! `VehicleParams`: a vehicle's parameters from a built-in name, a TOML file or a dict.
//!
//! `to_dict()` is the core's serde form of [`skidpad::VehicleParams`] (SI units, the field
//! names of the Rust structs, vectors as `[x, y, z]` lists); `from_dict(d)` reads it back and
//! validates it, raising `ParamError` with the field path (`wheels[2].suspension.spring_rate`).
//! A sweep edits the dict ([`crate`]'s `skidpad.sweep`) and builds new params from it.

use crate::convert;
use crate::errors;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use skidpad::VehicleParams;
use skidpad_cli::vehicles;

/// A validated vehicle's parameters (immutable; edit through `to_dict`/`from_dict`).
#[pyclass(name = "VehicleParams", module = "skidpad._skidpad", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyVehicleParams {
    /// The parameters.
    pub inner: VehicleParams,
}

/// Show the `.tir` warnings of a vehicle file as Python `UserWarning`s.
fn warn_all(py: Python<'_>, warnings: &[String]) -> PyResult<()> {
    if warnings.is_empty() {
        return Ok(());
    }
    let w = py.import("warnings")?;
    for msg in warnings {
        w.call_method1("warn", (msg.as_str(),))?;
    }
    Ok(())
}

/// Validate `p` and wrap it.
pub fn checked(py: Python<'_>, p: VehicleParams) -> PyResult<PyVehicleParams> {
    p.validate().map_err(|e| errors::param_error(py, &e))?;
    Ok(PyVehicleParams { inner: p })
}

/// The unknown-name error: the built-in names, and the closest one.
fn unknown_name(py: Python<'_>, name: &str) -> PyErr {
    let names: Vec<&str> = vehicles::BUILT_IN.iter().map(|b| b.name).collect();
    errors::message_error(
        py,
        &format!(
            "vehicle: unknown built-in vehicle `{name}` (built-in: {})",
            names.join(", ")
        ),
    )
}

#[pymethods]
impl PyVehicleParams {
    /// The built-in vehicle `name` (`sedan`, `hatch-fwd`, ...: `vehicle_names()`), loaded
    /// from its embedded file as `skidpad run --vehicle NAME` does.
    #[staticmethod]
    fn preset(py: Python<'_>, name: &str) -> PyResult<Self> {
        match vehicles::load(name) {
            Some(Ok(p)) => checked(py, p),
            Some(Err(e)) => Err(errors::config_error(py, &e)),
            None => Err(unknown_name(py, name)),
        }
    }

    /// A vehicle TOML file (`.tir` paths relative to it). Raises `ConfigError` with `file`,
    /// `line`, `column` and `key`; `.tir` warnings become `UserWarning`s.
    #[staticmethod]
    fn from_toml(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        let (p, w) = VehicleParams::from_toml_path_with_warnings(&path)
            .map_err(|e| errors::config_error(py, &e))?;
        warn_all(py, &w)?;
        checked(py, p)
    }

    /// Vehicle TOML text; `origin` names it in errors and anchors relative `.tir` paths.
    #[staticmethod]
    #[pyo3(signature = (text, origin = "<string>"))]
    fn from_toml_str(py: Python<'_>, text: &str, origin: &str) -> PyResult<Self> {
        let (p, w) = VehicleParams::from_toml_str_with_warnings(text, origin)
            .map_err(|e| errors::config_error(py, &e))?;
        warn_all(py, &w)?;
        checked(py, p)
    }

    /// Parameters from the dict form of `to_dict` (SI units); validated.
    #[staticmethod]
    fn from_dict(py: Python<'_>, d: &Bound<'_, PyDict>) -> PyResult<Self> {
        let v = convert::to_value(d.as_any(), "")?;
        let p: VehicleParams = serde_json::from_value(v)
            .map_err(|e| errors::param_error(py, &skidpad::ParamError::new("", format!("{e}"))))?;
        checked(py, p)
    }

    /// The parameters as nested dicts and lists (SI units, the Rust field names).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = serde_json::to_value(&self.inner).map_err(|e| {
            pyo3::exceptions::PyValueError::new_err(format!("not serialisable: {e}"))
        })?;
        convert::from_value(py, &v)
    }

    /// Display name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name.clone()
    }

    /// Chassis mass. Unit: kg.
    #[getter]
    fn mass(&self) -> f64 {
        self.inner.chassis.mass
    }

    /// Number of wheels (or track road wheels).
    #[getter]
    fn n_wheels(&self) -> usize {
        self.inner.wheels.len()
    }

    /// Telemetry column names of this vehicle (`t_s`, ..., `fl_load_n`, ...).
    fn telemetry_columns(&self) -> Vec<String> {
        skidpad::telemetry::channel_names(&self.inner)
    }

    fn __repr__(&self) -> String {
        format!(
            "VehicleParams(name={:?}, mass={} kg, wheels={})",
            self.inner.name,
            self.inner.chassis.mass,
            self.inner.wheels.len()
        )
    }

    /// Pickle (Ray ships params to workers) through the dict form.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyAny>,))> {
        let py = slf.py();
        let ctor = slf.get_type().getattr("from_dict")?;
        Ok((ctor, (slf.get().to_dict(py)?,)))
    }
}

/// Names of the built-in vehicles, the default (`sedan`) first.
#[pyfunction]
fn vehicle_names() -> Vec<&'static str> {
    vehicles::BUILT_IN.iter().map(|b| b.name).collect()
}

/// A built-in vehicle name or a path to a vehicle TOML file, as `skidpad run --vehicle`.
#[pyfunction]
fn load_vehicle(py: Python<'_>, name_or_path: &str) -> PyResult<PyVehicleParams> {
    if vehicles::find(name_or_path).is_none() && !std::path::Path::new(name_or_path).exists() {
        return Err(unknown_name(py, name_or_path));
    }
    let (p, w) =
        vehicles::resolve_with_warnings(name_or_path).map_err(|e| errors::config_error(py, &e))?;
    warn_all(py, &w)?;
    checked(py, p)
}

/// Params from a `VehicleParams` or a built-in name / file path.
pub fn resolve(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<VehicleParams> {
    if let Ok(p) = obj.cast::<PyVehicleParams>() {
        return Ok(p.get().inner.clone());
    }
    let s: String = obj.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("vehicle: expected VehicleParams or a name/path")
    })?;
    Ok(load_vehicle(py, &s)?.inner)
}

/// Register the class and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVehicleParams>()?;
    m.add_function(wrap_pyfunction!(vehicle_names, m)?)?;
    m.add_function(wrap_pyfunction!(load_vehicle, m)?)?;
    Ok(())
}
