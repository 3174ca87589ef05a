//! The vehicle file loader: TOML text → rewrite conveniences → serde → `.tir` → `validate()`.

use super::document::{
    Ctx, Edit, apply, convert_table, pattern, serde_error, syntax_error, tables,
};
use super::error::{ConfigError, ConfigErrorKind};
use super::tree::{Seg, as_f64, as_f64s, float_text, join, parse_path, path_at, walk};
use super::units::{ConvenienceKey, Unit, ck};
use crate::chassis::box_inertia;
use crate::tire::mf::{MfTire, TirFile};
use crate::tire::{TireModelKind, TireParams};
use crate::vehicle::VehicleParams;
use glam::DVec3;
use serde::Deserialize;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Every suffixed key the vehicle file accepts (converted once, at load).
pub const CONVENIENCE_KEYS: &[ConvenienceKey] = &[
    ck("wheels[]", "max_steer_deg", "max_steer", Unit::Degree),
    ck("wheel_defaults", "max_steer_deg", "max_steer", Unit::Degree),
    ck(
        "steering",
        "max_rate_deg_per_s",
        "max_rate",
        Unit::DegreePerSecond,
    ),
    ck(
        "contact.rejection",
        "max_normal_angle_deg",
        "max_normal_angle",
        Unit::Degree,
    ),
    ck(
        "contact.rejection",
        "max_point_angle_deg",
        "max_point_angle",
        Unit::Degree,
    ),
    ck(
        "sim",
        "substep_threshold_speed_kmh",
        "substep_threshold_speed",
        Unit::KilometresPerHour,
    ),
    ck("drivetrain.engine", "max_speed_rpm", "max_speed", Unit::Rpm),
    ck(
        "drivetrain.engine",
        "idle_speed_rpm",
        "idle_speed",
        Unit::Rpm,
    ),
    ck(
        "drivetrain.clutch",
        "engage_engine_speed_rpm",
        "engage_engine_speed",
        Unit::Rpm,
    ),
    ck(
        "drivetrain.aids.esc",
        "characteristic_speed_kmh",
        "characteristic_speed",
        Unit::KilometresPerHour,
    ),
    ck(
        "drivetrain.aids.esc",
        "min_speed_kmh",
        "min_speed",
        Unit::KilometresPerHour,
    ),
    ck(
        "stability.anti_rollover",
        "max_angle_deg",
        "max_angle",
        Unit::Degree,
    ),
    ck(
        "stability.hill_hold",
        "max_engage_speed_kmh",
        "max_engage_speed",
        Unit::KilometresPerHour,
    ),
    ck(
        "stability.yaw_damping",
        "min_speed_kmh",
        "min_speed",
        Unit::KilometresPerHour,
    ),
    ck(
        "stability.yaw_damping",
        "fade_speed_kmh",
        "fade_speed",
        Unit::KilometresPerHour,
    ),
];

/// A `tir = "..."` key found in wheel `wheel`'s tire table.
struct TirRef {
    wheel: usize,
    path: String,
    span: Range<usize>,
    /// The model table the tire also sets, if any (`friction_circle`, `brush`, ...).
    model: Option<&'static str>,
    has_relaxation: bool,
}

/// Parse, convert, deserialize, load `.tir` files and validate. `base_dir` resolves
/// relative `tir` paths; each `.tir` file's warnings, and those of Magic Formula tyres written
/// in the file ([`MfTire::sign_change_warnings`]), are appended to `warnings`.
pub(crate) fn load(
    text: &str,
    file: &str,
    base_dir: &Path,
    warnings: &mut Vec<String>,
) -> Result<VehicleParams, ConfigError> {
    let ctx = Ctx { text, file };
    let doc = DeTable::parse(text).map_err(|e| syntax_error(&ctx, &e))?;
    let root_span = doc.span();
    let doc = doc.into_inner();
    let plan = plan(&ctx, &doc)?;
    let mut tree = doc.clone();
    apply(&mut tree, &plan);
    merge_wheel_defaults(&ctx, &doc, &mut tree)?;
    let tirs = take_tirs(&ctx, &doc, &mut tree)?;

    let de = toml::de::Deserializer::from(Spanned::new(root_span, tree.clone()));
    let mut params = VehicleParams::deserialize(de).map_err(|e| serde_error(&ctx, &doc, &e))?;

    let mut cache: HashMap<PathBuf, MfTire> = HashMap::new();
    for t in &tirs {
        let key = format!("wheels[{}].tire.tir", t.wheel);
        if let Some(model) = t.model {
            return Err(ctx.at(
                Some(t.span.clone()),
                key,
                ConfigErrorKind::DuplicateKey,
                format!(
                    "`tir` and `{model}` both set: a `.tir` file is the Magic Formula model; remove one"
                ),
            ));
        }
        let resolved = base_dir.join(&t.path);
        let mf = match cache.get(&resolved) {
            Some(mf) => mf.clone(),
            None => {
                let (tir, tir_warnings) = TirFile::from_path(&resolved).map_err(|e| {
                    let message = e.to_string();
                    ctx.at(
                        Some(t.span.clone()),
                        key.clone(),
                        ConfigErrorKind::Tir(Box::new(e)),
                        message,
                    )
                })?;
                warnings.extend(
                    tir_warnings
                        .iter()
                        .map(|w| format!("{}: {w} (loaded by {key})", resolved.display())),
                );
                let mf = MfTire::from(tir);
                cache.insert(resolved, mf.clone());
                mf
            }
        };
        let from_file = TireParams::magic_formula(mf);
        let tire = &mut params.wheels[t.wheel].tire;
        tire.model = from_file.model;
        if !t.has_relaxation {
            tire.relaxation = from_file.relaxation;
        }
    }

    if let Err(e) = params.validate() {
        let segs = parse_path(&e.path);
        // Errors inside a Magic Formula model point at the `tir` key that loaded it.
        if let [Seg::Key(w), Seg::Index(i), Seg::Key(t), Seg::Key(m), ..] = segs.as_slice()
            && w == "wheels"
            && t == "tire"
            && m == "magic_formula"
            && let Some(r) = tirs.iter().find(|r| r.wheel == *i)
        {
            return Err(ctx.at(
                Some(r.span.clone()),
                e.path.clone(),
                ConfigErrorKind::Invalid,
                format!(
                    "{} (in the Magic Formula model loaded from {})",
                    e.rule, r.path
                ),
            ));
        }
        let found = walk(&tree, &segs, text);
        let mut written = found.written.clone();
        written.extend_from_slice(&segs[found.matched..]);
        let mut message = e.rule.clone();
        if found.matched < segs.len() && !segs.is_empty() {
            message.push_str(" (not set in the file: the default applies)");
        } else if let Some(span) = &found.span {
            let written_key = text.get(span.clone()).unwrap_or("");
            if let Some(c) = CONVENIENCE_KEYS.iter().find(|c| c.key == written_key) {
                match &e.limits {
                    // A range: restated in the unit the user wrote.
                    Some(l) => message = c.restate(l, &e.rule),
                    None => message.push_str(&format!(
                        " (in SI units: `{}` is converted to `{}`)",
                        c.key, c.si_key
                    )),
                }
            }
            if let Some((p, _)) = path_at(&doc, span.start)
                && p.first() == Some(&Seg::Key("wheel_defaults".into()))
            {
                message.push_str(&format!(" (set by `{}`)", join(&p)));
            }
        }
        return Err(ctx.at(
            found.span.or(Some(0..0)),
            join(&written),
            ConfigErrorKind::Invalid,
            message,
        ));
    }
    hand_built_mf_warnings(&params, &tirs, file, warnings);
    Ok(params)
}

/// The load sweep's warnings ([`MfTire::sign_change_warnings`]) for Magic Formula tyres
/// written in the vehicle file itself (`[wheels.tire.magic_formula]`), as a `.tir` file gets
/// them: `car.toml: wheels[0].tire.magic_formula: [LONGITUDINAL_COEFFICIENTS] Fx changes sign
/// ...`; a tyre several wheels share is reported once, at its first wheel.
fn hand_built_mf_warnings(
    params: &VehicleParams,
    tirs: &[TirRef],
    origin_name: &str,
    warnings: &mut Vec<String>,
) {
    let mut seen: Vec<&MfTire> = Vec::new();
    for (i, w) in params.wheels.iter().enumerate() {
        let TireModelKind::MagicFormula(mf) = &w.tire.model else {
            continue;
        };
        if tirs.iter().any(|t| t.wheel == i) || seen.contains(&mf.as_ref()) {
            continue;
        }
        seen.push(mf.as_ref());
        warnings.extend(
            mf.sign_change_warnings()
                .into_iter()
                .map(|m| format!("{origin_name}: wheels[{i}].tire.magic_formula: {m}")),
        );
    }
}

fn key_span(t: &DeTable<'_>, key: &str) -> Option<Range<usize>> {
    t.get_key_value(key).map(|(k, _)| k.span())
}

/// The rewrites: suffixed keys to SI, and chassis `inertia_diagonal` / `bounding_box` to
/// `inertia`. Fails on a non-numeric value or on an SI key given twice.
fn plan(ctx: &Ctx<'_>, doc: &DeTable<'_>) -> Result<Vec<Edit>, ConfigError> {
    let mut all = Vec::new();
    tables(doc, &mut Vec::new(), &mut all);
    let mut edits = Vec::new();
    for (path, t) in &all {
        let pat = pattern(path);
        let here = |k: &str| {
            let mut p = path.clone();
            p.push(Seg::Key(k.to_string()));
            join(&p)
        };
        convert_table(ctx, path, t, CONVENIENCE_KEYS, &mut edits)?;
        if pat == "chassis" {
            let given: Vec<&str> = ["inertia", "inertia_diagonal", "bounding_box"]
                .into_iter()
                .filter(|k| t.contains_key(*k))
                .collect();
            if given.len() > 1 {
                return Err(ctx.at(
                    key_span(t, given[1]),
                    here(given[1]),
                    ConfigErrorKind::DuplicateKey,
                    format!(
                        "`{}` and `{}` both set the inertia; keep one",
                        given[0], given[1]
                    ),
                ));
            }
            for key in ["inertia_diagonal", "bounding_box"] {
                let Some(v) = t.get(key) else { continue };
                let Some(xs) = as_f64s(v.get_ref()).filter(|x| x.len() == 3) else {
                    return Err(ctx.at(
                        Some(v.span()),
                        here(key),
                        ConfigErrorKind::WrongType,
                        "expected an array of 3 numbers",
                    ));
                };
                let d = DVec3::new(xs[0], xs[1], xs[2]);
                let inertia = if key == "bounding_box" {
                    let Some(mass) = t.get("mass").and_then(|m| as_f64(m.get_ref())) else {
                        return Err(ctx.at(
                            key_span(t, key),
                            here(key),
                            ConfigErrorKind::MissingKey,
                            "`bounding_box` needs a numeric `chassis.mass`",
                        ));
                    };
                    box_inertia(mass, d)
                } else {
                    glam::DMat3::from_diagonal(d)
                };
                let cols = inertia.to_cols_array();
                let text = format!(
                    "[{}]",
                    cols.iter()
                        .map(|x| float_text(*x))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                edits.push(Edit {
                    table: path.clone(),
                    old_key: key.to_string(),
                    new_key: "inertia",
                    text,
                });
            }
        }
    }
    Ok(edits)
}

/// Fill every `[[wheels]]` table with the keys of `[wheel_defaults]` it does not set
/// (recursively: a wheel's `suspension.spring_rate` overrides only that key).
fn merge_wheel_defaults<'a>(
    ctx: &Ctx<'_>,
    doc: &DeTable<'_>,
    tree: &mut DeTable<'a>,
) -> Result<(), ConfigError> {
    let Some(defaults) = tree.remove("wheel_defaults") else {
        return Ok(());
    };
    let DeValue::Table(defaults) = defaults.into_inner() else {
        return Err(ctx.at(
            doc.get("wheel_defaults").map(|v| v.span()),
            "wheel_defaults".into(),
            ConfigErrorKind::WrongType,
            "expected a table",
        ));
    };
    fn merge<'a>(into: &mut DeTable<'a>, from: &DeTable<'a>) {
        for (k, v) in from.iter() {
            match into.get_mut(k.get_ref().as_ref()) {
                None => {
                    into.insert(k.clone(), v.clone());
                }
                Some(existing) => {
                    if let (DeValue::Table(a), DeValue::Table(b)) =
                        (existing.get_mut(), v.get_ref())
                    {
                        merge(a, b);
                    }
                }
            }
        }
    }
    if let Some(w) = tree.get_mut("wheels")
        && let DeValue::Array(a) = w.get_mut()
    {
        for e in a.iter_mut() {
            if let DeValue::Table(t) = e.get_mut() {
                merge(t, &defaults);
            }
        }
    }
    Ok(())
}

/// Remove each wheel's `tire.tir` key (serde does not know it) and remember it.
fn take_tirs(
    ctx: &Ctx<'_>,
    doc: &DeTable<'_>,
    tree: &mut DeTable<'_>,
) -> Result<Vec<TirRef>, ConfigError> {
    let mut out = Vec::new();
    let Some(w) = tree.get_mut("wheels") else {
        return Ok(out);
    };
    let DeValue::Array(a) = w.get_mut() else {
        return Ok(out);
    };
    for (i, e) in a.iter_mut().enumerate() {
        let DeValue::Table(t) = e.get_mut() else {
            continue;
        };
        let Some(tire) = t.get_mut("tire") else {
            continue;
        };
        let DeValue::Table(tire) = tire.get_mut() else {
            continue;
        };
        let Some((_, v)) = tire.remove_entry("tir") else {
            continue;
        };
        let DeValue::String(s) = v.get_ref() else {
            let key = path_at(doc, v.span().start)
                .map_or_else(|| format!("wheels[{i}].tire.tir"), |(p, _)| join(&p));
            return Err(ctx.at(
                Some(v.span()),
                key,
                ConfigErrorKind::WrongType,
                format!("expected a path string, found {}", v.get_ref().type_str()),
            ));
        };
        out.push(TirRef {
            wheel: i,
            path: s.to_string(),
            span: v.span(),
            model: TireModelKind::KEYS
                .into_iter()
                .find(|k| tire.contains_key(*k)),
            has_relaxation: tire.contains_key("relaxation"),
        });
    }
    Ok(out)
}

impl VehicleParams {
    /// Load a vehicle from TOML text (the schema is in [`crate::file`]), validated.
    ///
    /// `origin_name` names the text in errors (`my_car.toml:12:1: ...`); relative `tir`
    /// paths resolve against its directory part (the current directory if it has none).
    ///
    /// # Errors
    /// A [`ConfigError`] naming file, line and key for TOML syntax errors, unknown keys,
    /// wrong types, missing keys, `.tir` files that cannot be read or parsed, and every
    /// [`VehicleParams::validate`] failure.
    ///
    /// ```
    /// use skidpad::VehicleParams;
    /// let text = r#"
    /// [chassis]
    /// mass = 150.0
    /// inertia_diagonal = [10.0, 20.0, 25.0]
    /// com_offset = [0.0, 0.0, 0.1]
    ///
    /// [wheel_defaults]
    /// radius = 0.13
    /// suspension.spring_rate = 20000.0
    ///
    /// [[wheels]]
    /// position = [0.5, 0.5, 0.0]
    /// max_steer_deg = 30
    /// [[wheels]]
    /// position = [0.5, -0.5, 0.0]
    /// max_steer_deg = 30
    /// [[wheels]]
    /// position = [-0.5, 0.5, 0.0]
    /// [[wheels]]
    /// position = [-0.5, -0.5, 0.0]
    /// "#;
    /// let p = VehicleParams::from_toml_str(text, "kart.toml").unwrap();
    /// assert_eq!(p.wheels[0].max_steer, 30f64.to_radians());
    /// assert_eq!(p.wheels[3].radius, 0.13);
    ///
    /// let err = VehicleParams::from_toml_str(&text.replace("20000.0", "-1.0"), "kart.toml")
    ///     .unwrap_err();
    /// assert_eq!(err.line, 9);
    /// assert!(err.to_string().starts_with("kart.toml:9:12: wheels[0].suspension.spring_rate:"));
    /// ```
    pub fn from_toml_str(text: &str, origin_name: &str) -> Result<Self, ConfigError> {
        let base = Path::new(origin_name)
            .parent()
            .unwrap_or_else(|| Path::new(""));
        load(text, origin_name, base, &mut Vec::new())
    }

    /// As [`VehicleParams::from_toml_str`], and the warnings of the `.tir` files it loads
    /// (unknown keys, a force that changes sign with load, ...), one line each:
    /// `path/to/file.tir: line 94: [LONGITUDINAL_COEFFICIENTS] Fx changes sign ... (loaded by
    /// wheels[0].tire.tir)`; a file used by several wheels is reported once.
    ///
    /// # Errors
    /// As [`VehicleParams::from_toml_str`].
    pub fn from_toml_str_with_warnings(
        text: &str,
        origin_name: &str,
    ) -> Result<(Self, Vec<String>), ConfigError> {
        let base = Path::new(origin_name)
            .parent()
            .unwrap_or_else(|| Path::new(""));
        let mut warnings = Vec::new();
        let params = load(text, origin_name, base, &mut warnings)?;
        Ok((params, warnings))
    }

    /// Load a vehicle file; relative `tir` paths resolve against the file's directory.
    ///
    /// # Errors
    /// As [`VehicleParams::from_toml_str`], plus an unreadable file (line 0).
    pub fn from_toml_path(path: impl AsRef<Path>) -> Result<Self, ConfigError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            ConfigError::without_line(
                name.clone(),
                ConfigErrorKind::Io,
                format!("cannot read: {e}"),
            )
        })?;
        let base = path.parent().unwrap_or_else(|| Path::new(""));
        load(&text, &name, base, &mut Vec::new())
    }

    /// As [`VehicleParams::from_toml_path`], and the `.tir` files' warnings (see
    /// [`VehicleParams::from_toml_str_with_warnings`]).
    ///
    /// # Errors
    /// As [`VehicleParams::from_toml_path`].
    pub fn from_toml_path_with_warnings(
        path: impl AsRef<Path>,
    ) -> Result<(Self, Vec<String>), ConfigError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| {
            ConfigError::without_line(
                path.display().to_string(),
                ConfigErrorKind::Io,
                format!("cannot read: {e}"),
            )
        })?;
        let base = path.parent().unwrap_or_else(|| Path::new(""));
        let mut warnings = Vec::new();
        let params = load(&text, &path.display().to_string(), base, &mut warnings)?;
        Ok((params, warnings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convenience_keys_are_the_si_key_and_a_unit_suffix() {
        for c in CONVENIENCE_KEYS {
            assert_eq!(c.key, format!("{}{}", c.si_key, c.unit.suffix()), "{c:?}");
        }
    }
}
