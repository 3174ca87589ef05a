//! Python objects ↔ [`serde_json::Value`], the bridge to the core's serde types.
//!
//! Numbers cross as `f64`/`i64` without text in between, so a float comes back bit for bit
//! (no decimal printing or parsing on the way).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// A Python value (dict with str keys, list/tuple, str, bool, int, float, None, or a numpy
/// scalar through `float()`) as JSON; `path` names it in errors.
pub fn to_value(obj: &Bound<'_, PyAny>, path: &str) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::Number(i.into()));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::Number(u.into()));
        }
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.extract::<String>()?));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut m = Map::new();
        for (k, v) in d.iter() {
            let k: String = k
                .extract()
                .map_err(|_| PyTypeError::new_err(format!("{path}: dict keys must be str")))?;
            let p = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            m.insert(k, to_value(&v, &p)?);
        }
        return Ok(Value::Object(m));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut out = Vec::new();
        for (i, v) in obj.try_iter()?.enumerate() {
            out.push(to_value(&v?, &format!("{path}[{i}]"))?);
        }
        return Ok(Value::Array(out));
    }
    if obj.is_instance_of::<PyFloat>() || obj.hasattr("__float__")? {
        let x: f64 = obj
            .extract()
            .or_else(|_| obj.call_method0("__float__")?.extract())?;
        return Number::from_f64(x).map(Value::Number).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!("{path}: must be finite (got {x})"))
        });
    }
    if obj.hasattr("tolist")? {
        return to_value(&obj.call_method0("tolist")?, path);
    }
    Err(PyTypeError::new_err(format!(
        "{path}: cannot convert a {} to a parameter value",
        obj.get_type().name()?
    )))
}

/// JSON as a Python value: objects as dicts, arrays as lists, integers as int, other
/// numbers as float.
pub fn from_value<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) if !n.is_f64() => i.into_pyobject(py)?.into_any(),
            (_, Some(u), _) if !n.is_f64() => u.into_pyobject(py)?.into_any(),
            (_, _, Some(x)) => PyFloat::new(py, x).into_any(),
            _ => py.None().into_bound(py),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let l = PyList::empty(py);
            for x in a {
                l.append(from_value(py, x)?)?;
            }
            l.into_any()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, from_value(py, x)?)?;
            }
            d.into_any()
        }
    })
}
