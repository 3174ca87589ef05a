//! The vehicle file loader: TOML text → rewrite conveniences → serde → `.tir` → `validate()`.

use super::error::{ConfigError, ConfigErrorKind, line_col};
use super::tree::{self, Seg, as_f64, as_f64s, float_text, join, parse_path, path_at, walk};
use crate::chassis::box_inertia;
use crate::tire::TireParams;
use crate::tire::mf::{MfTire, TirFile};
use crate::vehicle::VehicleParams;
use glam::DVec3;
use serde::Deserialize;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Unit of a suffixed convenience key and its conversion to SI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Degrees → radians (`f64::to_radians`); also deg/s → rad/s.
    Degree,
    /// Revolutions per minute → rad/s (`× π/30`).
    Rpm,
    /// km/h → m/s (`÷ 3.6`).
    KilometresPerHour,
}

impl Unit {
    /// The value in SI units.
    pub fn to_si(self, v: f64) -> f64 {
        match self {
            Unit::Degree => v.to_radians(),
            Unit::Rpm => v * (std::f64::consts::PI / 30.0),
            Unit::KilometresPerHour => v / 3.6,
        }
    }
}

/// One non-SI convenience key: in the table at `table` (`[]` stands for any array index),
/// `key` is read in `unit` and stored as the SI field `si_key`. A file may give either key,
/// never both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConvenienceKey {
    /// Table path of the key (`wheels[]`, `drivetrain.engine`).
    pub table: &'static str,
    /// The suffixed key in the file.
    pub key: &'static str,
    /// The SI field it sets.
    pub si_key: &'static str,
    /// The unit of the suffixed key.
    pub unit: Unit,
}

const fn ck(
    table: &'static str,
    key: &'static str,
    si_key: &'static str,
    unit: Unit,
) -> ConvenienceKey {
    ConvenienceKey {
        table,
        key,
        si_key,
        unit,
    }
}

/// Every suffixed key the vehicle file accepts (converted once, at load).
pub const CONVENIENCE_KEYS: &[ConvenienceKey] = &[
    ck("wheels[]", "max_steer_deg", "max_steer", Unit::Degree),
    ck("wheel_defaults", "max_steer_deg", "max_steer", Unit::Degree),
    ck("steering", "max_rate_deg_per_s", "max_rate", Unit::Degree),
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
    ck("drivetrain.engine", "redline_rpm", "max_speed", Unit::Rpm),
    ck("drivetrain.engine", "max_speed_rpm", "max_speed", Unit::Rpm),
    ck("drivetrain.engine", "idle_rpm", "idle_speed", Unit::Rpm),
    ck(
        "drivetrain.engine",
        "idle_speed_rpm",
        "idle_speed",
        Unit::Rpm,
    ),
    ck("drivetrain.clutch", "engage_rpm", "engage_speed", Unit::Rpm),
    ck(
        "drivetrain.clutch",
        "engage_speed_rpm",
        "engage_speed",
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
        "engage_speed_kmh",
        "engage_speed",
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

/// A rewrite of the document before serde sees it: in the table at `table`, the key
/// `old_key` becomes `new_key` with the value `text` (TOML), keeping the original spans.
struct Edit {
    table: Vec<Seg>,
    old_key: String,
    new_key: &'static str,
    text: String,
}

/// A `tir = "..."` key found in wheel `wheel`'s tire table.
struct TirRef {
    wheel: usize,
    path: String,
    span: Range<usize>,
    has_model: bool,
    has_relaxation: bool,
}

/// Error builder bound to one file's text.
struct Ctx<'t> {
    text: &'t str,
    file: &'t str,
}

impl Ctx<'_> {
    fn at(
        &self,
        span: Option<Range<usize>>,
        key: String,
        kind: ConfigErrorKind,
        message: impl Into<String>,
    ) -> ConfigError {
        let (line, column) = span.map_or((0, 0), |s| line_col(self.text, s.start));
        ConfigError {
            file: self.file.to_string(),
            line,
            column,
            key,
            kind,
            message: message.into(),
        }
    }
}

/// Parse, convert, deserialize, load `.tir` files and validate. `base_dir` resolves
/// relative `tir` paths.
pub(crate) fn load(text: &str, file: &str, base_dir: &Path) -> Result<VehicleParams, ConfigError> {
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
        if t.has_model {
            return Err(ctx.at(
                Some(t.span.clone()),
                key,
                ConfigErrorKind::DuplicateKey,
                "`tir` and `model` both set: a `.tir` file is the Magic Formula model; remove one",
            ));
        }
        let resolved = base_dir.join(&t.path);
        let mf = match cache.get(&resolved) {
            Some(mf) => mf.clone(),
            None => {
                let (tir, _warnings) = TirFile::from_path(&resolved).map_err(|e| {
                    let message = e.to_string();
                    ctx.at(
                        Some(t.span.clone()),
                        key.clone(),
                        ConfigErrorKind::Tir(Box::new(e)),
                        message,
                    )
                })?;
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
            && m == "model"
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
                message.push_str(&format!(
                    " (in SI units: `{}` is converted to `{}`)",
                    c.key, c.si_key
                ));
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
    Ok(params)
}

fn syntax_error(ctx: &Ctx<'_>, e: &toml::de::Error) -> ConfigError {
    let span = e.span().unwrap_or(0..0);
    // The key: from a best-effort parse, else the text before `=` on the error's line.
    let (recovered, _) = DeTable::parse_recoverable(ctx.text);
    let key = path_at(recovered.get_ref(), span.start)
        .map(|(p, _)| join(&p))
        .unwrap_or_else(|| {
            let (line, _) = line_col(ctx.text, span.start);
            let l = ctx.text.lines().nth(line - 1).unwrap_or("");
            l.split_once('=').map_or("", |(k, _)| k).trim().to_string()
        });
    ctx.at(
        Some(span),
        key,
        ConfigErrorKind::Syntax,
        format!("TOML syntax error: {}", e.message().trim()),
    )
}

fn serde_error(ctx: &Ctx<'_>, doc: &DeTable<'_>, e: &toml::de::Error) -> ConfigError {
    let message = e.message().trim().to_string();
    let kind = if message.starts_with("unknown field") || message.starts_with("unknown variant") {
        ConfigErrorKind::UnknownKey
    } else if message.starts_with("invalid type") || message.starts_with("invalid length") {
        ConfigErrorKind::WrongType
    } else if message.starts_with("missing field") {
        ConfigErrorKind::MissingKey
    } else {
        ConfigErrorKind::Invalid
    };
    let span = e.span();
    let key = span
        .as_ref()
        .and_then(|s| path_at(doc, s.start))
        .map(|(p, _)| join(&p))
        .unwrap_or_default();
    ctx.at(span, key, kind, message)
}

/// Table-path pattern of `segs`: indices become `[]`.
fn pattern(segs: &[Seg]) -> String {
    let mut s = String::new();
    for seg in segs {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(_) => s.push_str("[]"),
        }
    }
    s
}

/// Every table of the document with its path (array-of-tables elements included).
fn tables<'d, 'a>(
    t: &'d DeTable<'a>,
    path: &mut Vec<Seg>,
    out: &mut Vec<(Vec<Seg>, &'d DeTable<'a>)>,
) {
    out.push((path.clone(), t));
    for (k, v) in t.iter() {
        path.push(Seg::Key(k.get_ref().to_string()));
        match v.get_ref() {
            DeValue::Table(c) => tables(c, path, out),
            DeValue::Array(a) => {
                for (i, e) in a.iter().enumerate() {
                    if let DeValue::Table(c) = e.get_ref() {
                        path.push(Seg::Index(i));
                        tables(c, path, out);
                        path.pop();
                    }
                }
            }
            _ => {}
        }
        path.pop();
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
        // SI key → the convenience key that already sets it in this table.
        let mut set_by: HashMap<&str, &str> = HashMap::new();
        for c in CONVENIENCE_KEYS.iter().filter(|c| c.table == pat) {
            let Some((k, v)) = t.get_key_value(c.key) else {
                continue;
            };
            let duplicate = if t.contains_key(c.si_key) {
                Some(c.si_key)
            } else {
                set_by.get(c.si_key).copied()
            };
            if let Some(other) = duplicate {
                return Err(ctx.at(
                    Some(k.span()),
                    here(c.key),
                    ConfigErrorKind::DuplicateKey,
                    format!("`{}` and `{other}` set the same field; keep one", c.key),
                ));
            }
            set_by.insert(c.si_key, c.key);
            let Some(x) = as_f64(v.get_ref()) else {
                return Err(ctx.at(
                    Some(v.span()),
                    here(c.key),
                    ConfigErrorKind::WrongType,
                    format!(
                        "invalid type: {}, expected a number",
                        v.get_ref().type_str()
                    ),
                ));
            };
            edits.push(Edit {
                table: path.clone(),
                old_key: c.key.to_string(),
                new_key: c.si_key,
                text: float_text(c.unit.to_si(x)),
            });
        }
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
                        "invalid type: expected an array of 3 numbers",
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

fn apply<'a>(tree: &mut DeTable<'a>, plan: &'a [Edit]) {
    for e in plan {
        let Some(t) = tree::table_mut(tree, &e.table) else {
            continue;
        };
        let Some((k, v)) = t.remove_entry(e.old_key.as_str()) else {
            continue;
        };
        let Ok(new) = DeValue::parse(&e.text) else {
            continue;
        };
        t.insert(
            Spanned::new(k.span(), std::borrow::Cow::Borrowed(e.new_key)),
            Spanned::new(v.span(), new.into_inner()),
        );
    }
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
            "invalid type: expected a table",
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
                format!(
                    "invalid type: {}, expected a path string",
                    v.get_ref().type_str()
                ),
            ));
        };
        out.push(TirRef {
            wheel: i,
            path: s.to_string(),
            span: v.span(),
            has_model: tire.contains_key("model"),
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
        load(text, origin_name, base)
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
        load(&text, &name, base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert() {
        assert_eq!(Unit::Degree.to_si(35.0), 35f64.to_radians());
        assert!((Unit::Rpm.to_si(6000.0) - 628.3185307179587).abs() < 1e-12);
        assert!((Unit::KilometresPerHour.to_si(36.0) - 10.0).abs() < 1e-12);
    }

    #[test]
    fn convenience_keys_name_existing_tables() {
        for c in CONVENIENCE_KEYS {
            assert!(
                c.key.starts_with(c.si_key) || c.key.ends_with("_rpm"),
                "{c:?}"
            );
        }
    }
}
