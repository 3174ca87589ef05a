//! Python exceptions for the core's errors, carrying their fields as attributes.
//!
//! | exception | bases | attributes |
//! |---|---|---|
//! | `SkidpadError` | `Exception` | — |
//! | `ConfigError` | `SkidpadError`, `ValueError` | `file`, `line`, `column`, `key`, `message` (a vehicle or scenario file) |
//! | `ParamError` | `SkidpadError`, `ValueError` | `path` (field path), `rule` |
//! | `InputError` | `SkidpadError`, `ValueError` | `field`, `rule`, `row` (batch row, or `None`) |

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

pyo3::create_exception!(
    _skidpad,
    SkidpadError,
    PyException,
    "Base of skidpad's errors."
);

/// Create an exception class `name` deriving from `SkidpadError` and `ValueError`.
fn value_error_class<'py>(
    m: &Bound<'py, PyModule>,
    name: &str,
    doc: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let py = m.py();
    let bases = PyTuple::new(
        py,
        [
            py.get_type::<SkidpadError>().into_any(),
            py.get_type::<PyValueError>().into_any(),
        ],
    )?;
    let ns = pyo3::types::PyDict::new(py);
    ns.set_item("__doc__", doc)?;
    ns.set_item("__module__", "skidpad")?;
    let cls = py
        .import("builtins")?
        .getattr("type")?
        .call1((name, bases, ns))?;
    m.add(name, &cls)?;
    Ok(cls)
}

/// Register the exception classes on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SkidpadError", m.py().get_type::<SkidpadError>())?;
    value_error_class(
        m,
        "ConfigError",
        "A vehicle or scenario file error: attributes file, line, column, key, message.",
    )?;
    value_error_class(
        m,
        "ParamError",
        "Invalid parameters: attributes path (the field path) and rule.",
    )?;
    value_error_class(
        m,
        "InputError",
        "Invalid driver input: attributes field, rule and row (the batch row, or None).",
    )?;
    Ok(())
}

/// An instance of the module's exception class `name` with message `msg` and attributes.
fn raise(py: Python<'_>, name: &str, msg: String, attrs: &[(&str, Py<PyAny>)]) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let cls = py.import("skidpad._skidpad")?.getattr(name)?;
        let e = cls.call1((msg.clone(),))?;
        for (k, v) in attrs {
            e.setattr(*k, v)?;
        }
        Ok(PyErr::from_value(e))
    };
    build().unwrap_or_else(|e| e)
}

/// Attributes as Python objects (an attribute that fails to convert is left out).
fn attrs<'a>(items: Vec<(&'a str, Bound<'_, PyAny>)>) -> Vec<(&'a str, Py<PyAny>)> {
    items.into_iter().map(|(k, v)| (k, v.unbind())).collect()
}

/// `skidpad.ConfigError` with its attributes.
fn config(
    py: Python<'_>,
    msg: String,
    file: &str,
    line: usize,
    column: usize,
    key: &str,
    message: &str,
) -> PyErr {
    let a = (|| -> PyResult<Vec<(&str, Py<PyAny>)>> {
        Ok(attrs(vec![
            ("file", file.into_pyobject(py)?.into_any()),
            ("line", line.into_pyobject(py)?.into_any()),
            ("column", column.into_pyobject(py)?.into_any()),
            ("key", key.into_pyobject(py)?.into_any()),
            ("message", message.into_pyobject(py)?.into_any()),
        ]))
    })()
    .unwrap_or_default();
    raise(py, "ConfigError", msg, &a)
}

/// A [`skidpad::ConfigError`] as `skidpad.ConfigError`.
pub fn config_error(py: Python<'_>, e: &skidpad::ConfigError) -> PyErr {
    config(
        py,
        e.to_string(),
        &e.file,
        e.line,
        e.column,
        &e.key,
        &e.message,
    )
}

/// A [`skidpad::ParamError`] as `skidpad.ParamError`.
pub fn param_error(py: Python<'_>, e: &skidpad::ParamError) -> PyErr {
    let attrs = [("path", e.path.clone()), ("rule", e.rule.clone())];
    let attrs: Vec<(&str, Py<PyAny>)> = attrs
        .into_iter()
        .filter_map(|(k, v)| v.into_pyobject(py).ok().map(|o| (k, o.into_any().unbind())))
        .collect();
    raise(py, "ParamError", e.to_string(), &attrs)
}

/// An input error (a non-finite control, a bad shape) as `skidpad.InputError`.
pub fn input_error(py: Python<'_>, field: &str, rule: &str, row: Option<usize>) -> PyErr {
    let msg = match row {
        Some(r) => format!("controls[{r}].{field}: {rule}"),
        None => format!("{field}: {rule}"),
    };
    let row_obj = match row {
        Some(r) => r.into_pyobject(py).map(|o| o.into_any().unbind()).ok(),
        None => Some(py.None()),
    };
    let mut attrs: Vec<(&str, Py<PyAny>)> = Vec::new();
    for (k, v) in [("field", field), ("rule", rule)] {
        attrs.push((k, pyo3::types::PyString::new(py, v).into_any().unbind()));
    }
    if let Some(o) = row_obj {
        attrs.push(("row", o));
    }
    raise(py, "InputError", msg, &attrs)
}

/// The origin name of scenario text built from Python arguments.
pub const ARGUMENTS: &str = "<python>";

/// A message from the command line's layer (`file:line:column: key: message`, or plain) as
/// `skidpad.ConfigError` with whatever of file, line, column and key the message carries
/// (no file and line 0 for Python arguments, [`ARGUMENTS`]).
pub fn message_error(py: Python<'_>, msg: &str) -> PyErr {
    let parts: Vec<&str> = msg.splitn(4, ':').collect();
    let (file, line, column, rest) = match parts.as_slice() {
        [f, l, c, rest]
            if l.trim().parse::<usize>().is_ok() && c.trim().parse::<usize>().is_ok() =>
        {
            (
                f.to_string(),
                l.trim().parse().unwrap_or(0),
                c.trim().parse().unwrap_or(0),
                rest.trim().to_string(),
            )
        }
        _ => (String::new(), 0, 0, msg.to_string()),
    };
    // Arguments given from Python (a scenario built from keyword arguments and dicts): the
    // generated text's line means nothing to the caller, the key path does.
    let (file, line, column, msg) = if file == ARGUMENTS {
        (String::new(), 0, 0, rest.clone())
    } else {
        (file, line, column, msg.to_string())
    };
    let (key, message) = match rest.split_once(": ") {
        Some((k, m)) if !k.contains(' ') => (k.to_string(), m.to_string()),
        _ => (String::new(), rest),
    };
    config(py, msg, &file, line, column, &key, &message)
}
