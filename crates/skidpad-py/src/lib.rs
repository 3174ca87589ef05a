//! Python bindings of skidpad: the native module `skidpad._skidpad` behind the `skidpad`
//! Python package (`crates/skidpad-py/python/skidpad`).
//!
//! This crate only translates: vehicles, grounds, manoeuvres, the main job, KPI keys and
//! telemetry columns are the core's ([`skidpad`]) and the command line's files
//! ([`skidpad_cli`]: built-in vehicle files, scenario grounds, named manoeuvres,
//! `summary.json`), so a number from Python is the number `skidpad run` prints.
//!
//! | Python | Rust |
//! |---|---|
//! | `VehicleParams.preset(name)`, `load_vehicle(name_or_path)` | [`skidpad_cli::vehicles::resolve`] |
//! | `VehicleParams.to_dict()` / `from_dict(d)` | serde of [`skidpad::VehicleParams`], then `validate()` |
//! | `World` (batch: controls in, states out as N × channels arrays) | [`skidpad::World`] on a scenario ground ([`skidpad_cli::scenario::GroundSpec`]) |
//! | `maneuver(params, kind, **kw)`, `maneuvers(list, kind, **kw)` | [`skidpad_cli::scenario::ManeuverSpec::run`] |
//! | `main_job(params)` | [`skidpad_cli::run_default`] ([`skidpad::maneuver::main_job`]) |
//! | `ConfigError`, `ParamError`, `InputError` | [`skidpad::ConfigError`], [`skidpad::ParamError`], [`skidpad::InputError`] |
//!
//! Stepping and manoeuvres release the GIL (`Python::detach`); batches run on rayon's pool.

mod convert;
mod errors;
mod maneuvers;
mod params;
mod world;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _skidpad(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    params::register(m)?;
    world::register(m)?;
    maneuvers::register(m)?;
    Ok(())
}
