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
    built_in!("sedan-simple", skidpad::presets::sedan_simple),
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

/// Longest [`BuiltIn::description`]. Unit: characters.
pub const DESCRIPTION_CHARS: usize = 100;

impl BuiltIn {
    /// The file's one-line description: its first paragraph of comments after the title
    /// line, up to the first sentence end (`# A mid-size rear-driven sedan, 1500 kg.`).
    pub fn description(&self) -> String {
        let mut text = String::new();
        for line in self.toml.lines().skip(1) {
            let Some(c) = line.strip_prefix('#') else {
                break;
            };
            let c = c.trim();
            if c.is_empty() {
                if text.is_empty() {
                    continue;
                }
                break;
            }
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(c);
        }
        if let Some(i) = text.find(". ") {
            text.truncate(i + 1);
        }
        // One terminal line: at most DESCRIPTION_CHARS characters, cut at a word.
        if text.chars().count() > DESCRIPTION_CHARS {
            let cut: String = text.chars().take(DESCRIPTION_CHARS).collect();
            let end = cut.rfind(' ').unwrap_or(cut.len());
            text = format!("{}…", cut[..end].trim_end_matches([',', ':', ';']));
        }
        text
    }
}

/// The built-in name closest to `name` by edit distance (insertions, deletions and
/// substitutions of characters), if one is within a third of its length — `sedna` → `sedan`,
/// `truck8x8` → `truck-8x8`.
pub fn closest(name: &str) -> Option<&'static str> {
    let name = name.to_lowercase().replace('_', "-");
    BUILT_IN
        .iter()
        .map(|b| (edit_distance(&name, b.name), b.name))
        .filter(|&(d, n)| d <= n.chars().count().div_ceil(3))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// Levenshtein distance between `a` and `b` in characters (one row of the table).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The message for a vehicle argument that is neither a built-in name nor a file: the
/// built-in names, and the closest one if any.
pub fn unknown(name: &str) -> String {
    let names: Vec<&str> = BUILT_IN.iter().map(|b| b.name).collect();
    let hint = closest(name).map_or(String::new(), |c| format!("did you mean `{c}`? "));
    format!(
        "no built-in vehicle or file `{name}`: {hint}built-in vehicles are {} (`skidpad \
         vehicles` describes them), or give a path to a vehicle .toml file",
        names.join(", ")
    )
}

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
        None if !std::path::Path::new(name_or_path).exists() => Err(ConfigError::without_line(
            name_or_path,
            skidpad::file::ConfigErrorKind::Io,
            unknown(name_or_path),
        )),
        None => VehicleParams::from_toml_path_with_warnings(name_or_path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_names_and_distances() {
        assert_eq!(edit_distance("sedan", "sedan"), 0);
        assert_eq!(edit_distance("sedna", "sedan"), 2);
        assert_eq!(edit_distance("", "kart"), 4);
        assert_eq!(closest("sedna"), Some("sedan"));
        assert_eq!(closest("truck8x8"), Some("truck-8x8"));
        assert_eq!(closest("Rally_4WD"), Some("rally-4wd"));
        assert_eq!(closest("helicopter"), None);
    }

    #[test]
    fn every_built_in_has_a_one_line_description() {
        for b in BUILT_IN {
            let d = b.description();
            let n = d.chars().count();
            assert!(
                n > 10 && n <= DESCRIPTION_CHARS + 1 && !d.contains('#'),
                "{}: {d}",
                b.name
            );
        }
        let sedan = find("sedan").unwrap();
        assert_eq!(
            sedan.description(),
            "A mid-size rear-driven sedan, 1500 kg."
        );
    }

    #[test]
    fn an_unknown_name_lists_the_built_ins_and_suggests() {
        let e = resolve_with_warnings("sedna").unwrap_err().to_string();
        assert!(
            e.contains("did you mean `sedan`?") && e.contains("truck-8x8"),
            "{e}"
        );
    }
}
