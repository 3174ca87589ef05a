//! The built-in vehicles: the TOML files under `crates/skidpad-cli/vehicles/`, embedded in
//! the binary with `include_str!`.
//!
//! Each file loads to exactly the matching Rust preset in [`skidpad::presets`] (a test
//! compares them field for field, bit for bit), so the Rust functions and the files cannot
//! drift apart: the functions keep the derivations (ride frequency → spring rate, ...), the
//! files show the resulting numbers with their sources in comments, as a starting point
//! for a user's own vehicle.
//!
//! ```
//! let sedan = skidpad_cli::vehicles::by_name("sedan").unwrap();
//! assert_eq!(sedan, skidpad::presets::sedan());
//! assert!(skidpad_cli::vehicles::by_name("bus").is_none());
//! ```

use skidpad::{ConfigError, VehicleParams};

/// One built-in vehicle file.
#[derive(Debug, Clone, Copy)]
pub struct BuiltIn {
    /// Preset name (the file stem), e.g. `hatch-fwd`.
    pub name: &'static str,
    /// The TOML text.
    pub toml: &'static str,
    /// The Rust preset the file equals.
    pub preset: fn() -> VehicleParams,
}

macro_rules! built_in {
    ($name:literal, $f:path) => {
        BuiltIn {
            name: $name,
            toml: include_str!(concat!("../vehicles/", $name, ".toml")),
            preset: $f,
        }
    };
}

/// Every built-in vehicle, the default (`sedan`) first.
pub const BUILT_IN: &[BuiltIn] = &[
    built_in!("sedan", skidpad::presets::sedan),
    built_in!("hatch-fwd", skidpad::presets::hatch_fwd),
    built_in!("sports-rwd", skidpad::presets::sports_rwd),
    built_in!("rally-4wd", skidpad::presets::rally_4wd),
    built_in!("truck-6x6", skidpad::presets::truck_6x6),
    built_in!("truck-8x8", skidpad::presets::truck_8x8),
    built_in!("kart", skidpad::presets::kart),
    built_in!("tank", skidpad::presets::tank),
];

/// The default vehicle's name.
pub const DEFAULT: &str = "sedan";

/// The built-in file called `name` (`_` and `-` are interchangeable: `hatch_fwd` works).
pub fn find(name: &str) -> Option<&'static BuiltIn> {
    let name = name.replace('_', "-");
    BUILT_IN.iter().find(|b| b.name == name)
}

/// Load the built-in vehicle `name` from its embedded file; `None` if there is none.
///
/// A built-in file that fails to load is a bug caught by the tests; it still comes back as
/// `Some(Err(..))` rather than a panic.
pub fn load(name: &str) -> Option<Result<VehicleParams, ConfigError>> {
    find(name).map(|b| VehicleParams::from_toml_str(b.toml, &format!("{}.toml", b.name)))
}

/// Load the built-in vehicle `name`, `None` if there is none or (never, tested) it fails.
pub fn by_name(name: &str) -> Option<VehicleParams> {
    load(name).and_then(Result::ok)
}

/// A vehicle from a built-in name or a path to a `.toml` file; the warnings of the `.tir`
/// files a vehicle file loads are printed to stderr (`warning: ...`).
///
/// # Errors
/// The file's [`ConfigError`]; an unknown name that is not a readable file is an I/O error.
pub fn resolve(name_or_path: &str) -> Result<VehicleParams, ConfigError> {
    let (params, warnings) = resolve_with_warnings(name_or_path)?;
    for w in &warnings {
        eprintln!("warning: {w}");
    }
    Ok(params)
}

/// As [`resolve`], returning the `.tir` files' warnings instead of printing them.
///
/// # Errors
/// As [`resolve`].
pub fn resolve_with_warnings(
    name_or_path: &str,
) -> Result<(VehicleParams, Vec<String>), ConfigError> {
    match load(name_or_path) {
        Some(r) => r.map(|p| (p, Vec::new())),
        None => VehicleParams::from_toml_path_with_warnings(name_or_path),
    }
}
