//! Parser for TNO/ADAMS tyre property files (`.tir`).
//!
//! # Format accepted
//! - `[SECTION]` headers; `KEY = value` lines where the value is a number (`3800`,
//!   `1.75e+005`, `1e+006`, Fortran `1.0D+03`) or a quoted string (`'PAC2002'`). The key is
//!   split at the first `=`, with or without spaces around it.
//! - `$` starts a comment anywhere outside a quoted string (separator lines, trailing
//!   comments, which may contain `=` or `"`); `!` starts a full-line comment (so a
//!   commented-out `!CONTACT_MODEL = ...` is never read) and a trailing comment after a number.
//! - CRLF or LF line ends, tabs and trailing spaces, blank lines.
//! - Table sections: from a line starting with `{` (e.g. `{radial width}` in `[SHAPE]`) until
//!   the next section, lines without `=` are table rows and are skipped.
//! - Unknown sections are skipped whole with one warning; unknown keys in known sections give
//!   a warning each. Neither is an error.
//!
//! # Units (\[UNITS\])
//! LENGTH (`meter`, `mm`, `cm`, `km`, `inch`, `foot`), FORCE (`newton`, `kN`, `lbf`, `kgf`),
//! ANGLE (`radian`, `degree`), MASS (`kg`, `gram`, `lbm`, `slug`), TIME (`second`, `ms`,
//! `minute`, `hour`), PRESSURE (`pascal`, `kPa`, `MPa`, `bar`, `psi`; default FORCE/LENGTH²).
//! The conversion to SI is applied to the keys with a dimension in
//! [`MfCoefficients::KEYS`]: lengths (UNLOADED_RADIUS, WIDTH, RIM_RADIUS, RIM_WIDTH,
//! BOTTOMING_RADIUS, BOTTOM_OFFST), forces (FNOMIN, FZMIN, FZMAX), angles (ALPMIN, ALPMAX,
//! CAMMIN, CAMMAX), speeds (LONGVL, VXLOW), pressures (INFLPRES, NOMPRES, PRESMIN, PRESMAX,
//! IP, IP_NOM), stiffnesses (VERTICAL_STIFFNESS, DYNAMIC_STIFFNESS, BOTTOM_STIFF,
//! LONGITUDINAL_STIFFNESS, LATERAL_STIFFNESS), dampings (VERTICAL_DAMPING, DYNAMIC_DAMPING),
//! masses (MASS, BELT_MASS, MBELT) and inertias (IXX, IYY, BELT_IXX, BELT_IYY). KPUMIN/KPUMAX
//! and every MF coefficient and scaling factor are dimensionless and never converted.
//!
//! # Errors
//! A [`TirError`] names the file, the line and the key: a malformed number, a quoted string
//! without its closing quote, a line without `=` outside a table, an unknown unit, a
//! non-integer FITTYP or an unsupported one, a missing or non-positive FNOMIN or
//! UNLOADED_RADIUS (reported at the end of the file), a non-positive LONGVL or LFZO, and a
//! validity range with min > max.

use super::coeffs::{Dim, MfCoefficients, MfVersion};
use std::fmt;
use std::path::Path;

/// A `.tir` file that could not be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TirError {
    /// The file path as given to the parser (for messages only).
    pub path: String,
    /// 1-based line number; 0 when the error is not about one line (e.g. the file is unreadable).
    pub line: usize,
    /// The key concerned (upper case), or empty.
    pub key: String,
    /// What is wrong.
    pub message: String,
}

impl TirError {
    fn new(path: &str, line: usize, key: &str, message: impl Into<String>) -> Self {
        Self {
            path: path.to_string(),
            line,
            key: key.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for TirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        write!(f, ": ")?;
        if !self.key.is_empty() {
            write!(f, "key {}: ", self.key)?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for TirError {}

/// Something in a `.tir` file that was ignored (unknown key or section, duplicate key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TirWarning {
    /// 1-based line number.
    pub line: usize,
    /// The section the line is in (upper case, without brackets), or empty before any section.
    pub section: String,
    /// The key concerned (upper case), or empty for a whole section.
    pub key: String,
    /// What was ignored and why.
    pub message: String,
}

impl fmt::Display for TirWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: [{}] ", self.line, self.section)?;
        if !self.key.is_empty() {
            write!(f, "key {}: ", self.key)?;
        }
        write!(f, "{}", self.message)
    }
}

/// A parsed tyre property file: the numeric keys in SI units, the strings, and the version.
#[derive(Debug, Clone, PartialEq)]
pub struct TirFile {
    /// The path given to the parser (for messages).
    pub path: String,
    /// Equations the file is evaluated with (see the `mf` module docs for the policy).
    pub version: MfVersion,
    /// Every known numeric key in SI units; absent coefficients 0, absent scaling factors 1.
    pub coefficients: MfCoefficients,
    /// `PROPERTY_FILE_FORMAT`, e.g. `PAC2002`, if present.
    pub property_file_format: Option<String>,
    /// `FITTYP`, if present.
    pub fittyp: Option<i64>,
    /// `USE_MODE`, if present (informational: skidpad always evaluates combined slip).
    pub use_mode: Option<i64>,
    /// `TYRESIDE` (`LEFT`/`RIGHT`), if present. No mirroring is applied.
    pub tyre_side: Option<String>,
    /// Every string-valued key as `(KEY, value)`, in file order (units, model options, ...).
    pub strings: Vec<(String, String)>,
    /// Numeric keys present in the file (upper case), in file order. Aliases are stored
    /// under their canonical name (`IP` as `INFLPRES`, `IP_NOM` as `NOMPRES`).
    pub present: Vec<String>,
}

const KNOWN_SECTIONS: &[&str] = &[
    "MDI_HEADER",
    "UNITS",
    "MODEL",
    "DIMENSION",
    "OPERATING_CONDITIONS",
    "TIRE_CONDITIONS",
    "INERTIA",
    "VERTICAL",
    "STRUCTURAL",
    "CONTACT_PATCH",
    "SHAPE",
    "INFLATION_PRESSURE_RANGE",
    "VERTICAL_FORCE_RANGE",
    "LONG_SLIP_RANGE",
    "SLIP_ANGLE_RANGE",
    "INCLINATION_ANGLE_RANGE",
    "SCALING_COEFFICIENTS",
    "LONGITUDINAL_COEFFICIENTS",
    "OVERTURNING_COEFFICIENTS",
    "LATERAL_COEFFICIENTS",
    "ROLLING_COEFFICIENTS",
    "ALIGNING_COEFFICIENTS",
    "TURNSLIP_COEFFICIENTS",
];

/// Known keys with a string value.
const STRING_KEYS: &[&str] = &[
    "FILE_TYPE",
    "FILE_FORMAT",
    "LENGTH",
    "FORCE",
    "ANGLE",
    "MASS",
    "TIME",
    "PRESSURE",
    "PROPERTY_FILE_FORMAT",
    "TYRESIDE",
    "FUNCTION_NAME",
    "CONTACT_MODEL",
    "BELT_DYNAMICS",
    "MESSAGES",
];

/// Known numeric keys that are not coefficients.
const META_KEYS: &[&str] = &[
    "FILE_VERSION",
    "FITTYP",
    "USE_MODE",
    "MFSAFE1",
    "MFSAFE2",
    "MFSAFE3",
    "N_TIRE_STATES",
    "USER_SUB_ID",
    "SWITCH_INTEG",
];

#[derive(Debug, Clone, PartialEq)]
enum Value {
    Num(f64),
    /// A quoted string.
    Str(String),
    /// An unquoted word such as `LEFT` (accepted for string keys only).
    Word(String),
}

struct Entry {
    line: usize,
    key: String,
    value: Value,
}

/// Parse a value text (everything after the first `=`). `Err` is the message.
fn parse_value(raw: &str) -> Result<Value, String> {
    let v = raw.trim_start();
    if let Some(rest) = v.strip_prefix('\'') {
        let Some(end) = rest.find('\'') else {
            return Err("unterminated quoted string (no closing ')".into());
        };
        let after = rest[end + 1..].trim();
        if !(after.is_empty() || after.starts_with('$') || after.starts_with('!')) {
            return Err(format!(
                "unexpected text after the quoted string: {after:?}"
            ));
        }
        return Ok(Value::Str(rest[..end].to_string()));
    }
    let cut = v.find(['$', '!']).unwrap_or(v.len());
    let token = v[..cut].trim();
    if token.is_empty() {
        return Err("missing value".into());
    }
    if token.contains(char::is_whitespace) {
        return Err(format!("malformed value {token:?} (one number expected)"));
    }
    match parse_number(token) {
        Some(x) => Ok(Value::Num(x)),
        None => {
            // An unquoted word (e.g. TYRESIDE = LEFT) is accepted as a string if it is not
            // number-like; keys that need a number reject it later.
            if token
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '_' || c == '-')
                && token
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic())
                && !is_non_finite_word(token)
            {
                Ok(Value::Word(token.to_string()))
            } else {
                Err(format!("malformed number {token:?}"))
            }
        }
    }
}

fn is_non_finite_word(t: &str) -> bool {
    matches!(
        t.to_ascii_lowercase().trim_start_matches(['+', '-']),
        "inf" | "infinity" | "nan"
    )
}

/// A finite number in Rust or Fortran (`D` exponent) syntax.
fn parse_number(t: &str) -> Option<f64> {
    let first = t.chars().next()?;
    if !(first.is_ascii_digit() || matches!(first, '+' | '-' | '.')) {
        return None; // rejects inf / nan / words
    }
    let x = t
        .parse::<f64>()
        .ok()
        .or_else(|| t.replace(['D', 'd'], "e").parse::<f64>().ok())?;
    x.is_finite().then_some(x)
}

fn unit_factor(kind: &str, unit: &str) -> Option<f64> {
    let u = unit.trim().to_ascii_lowercase();
    let u = u.as_str();
    Some(match kind {
        "LENGTH" => match u {
            "meter" | "meters" | "metre" | "metres" | "m" => 1.0,
            "millimeter" | "millimeters" | "millimetre" | "mm" => 1e-3,
            "centimeter" | "centimeters" | "centimetre" | "cm" => 1e-2,
            "kilometer" | "kilometers" | "kilometre" | "km" => 1e3,
            "inch" | "inches" | "in" => 0.0254,
            "foot" | "feet" | "ft" => 0.3048,
            _ => return None,
        },
        "FORCE" => match u {
            "newton" | "newtons" | "n" => 1.0,
            "kilonewton" | "kilonewtons" | "kn" => 1e3,
            "pound_force" | "lbf" => 4.448_221_615_260_5,
            "kilogram_force" | "kgf" => 9.806_65,
            "dyne" => 1e-5,
            _ => return None,
        },
        "ANGLE" => match u {
            "radian" | "radians" | "rad" => 1.0,
            "degree" | "degrees" | "deg" => std::f64::consts::PI / 180.0,
            _ => return None,
        },
        "MASS" => match u {
            "kg" | "kilogram" | "kilograms" => 1.0,
            "gram" | "grams" | "g" => 1e-3,
            "tonne" | "tonnes" => 1e3,
            "pound_mass" | "lbm" => 0.453_592_37,
            "slug" => 14.593_902_937,
            _ => return None,
        },
        "TIME" => match u {
            "second" | "seconds" | "sec" | "s" => 1.0,
            "millisecond" | "milliseconds" | "ms" => 1e-3,
            "minute" | "minutes" | "min" => 60.0,
            "hour" | "hours" | "hr" | "h" => 3600.0,
            _ => return None,
        },
        "PRESSURE" => match u {
            "pascal" | "pascals" | "pa" | "n/m2" | "n/m**2" => 1.0,
            "kilopascal" | "kpa" => 1e3,
            "megapascal" | "mpa" | "n/mm2" | "n/mm**2" => 1e6,
            "bar" => 1e5,
            "psi" => 6_894.757_293_168,
            _ => return None,
        },
        _ => return None,
    })
}

#[derive(Debug, Clone, Copy)]
struct Units {
    length: f64,
    force: f64,
    angle: f64,
    mass: f64,
    time: f64,
    pressure: Option<f64>,
}

impl Units {
    fn factor(&self, dim: Dim) -> f64 {
        match dim {
            Dim::None => 1.0,
            Dim::Length => self.length,
            Dim::Force => self.force,
            Dim::Angle => self.angle,
            Dim::Speed => self.length / self.time,
            Dim::Pressure => self
                .pressure
                .unwrap_or(self.force / (self.length * self.length)),
            Dim::Mass => self.mass,
            Dim::Stiffness => self.force / self.length,
            Dim::Damping => self.force * self.time / self.length,
            Dim::Inertia => self.mass * self.length * self.length,
        }
    }
}

impl TirFile {
    /// Parse the text of a `.tir` file. `path` is used in messages only.
    ///
    /// Returns the file and the warnings (unknown keys and sections, duplicates).
    ///
    /// # Errors
    /// A [`TirError`] naming the file, line and key: see the [module docs](self).
    pub fn parse(text: &str, path: &str) -> Result<(TirFile, Vec<TirWarning>), TirError> {
        let mut warnings = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        let mut section = String::new();
        let mut section_known = true;
        let mut in_table = false;
        let mut last_line = 0;

        for (i, raw_line) in text.split('\n').enumerate() {
            let line_no = i + 1;
            let line = raw_line.trim_end_matches('\r');
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            last_line = line_no;
            if t.starts_with('$') || t.starts_with('!') {
                continue;
            }
            if let Some(rest) = t.strip_prefix('[') {
                let head = rest.split('$').next().unwrap_or("").trim_end();
                let Some(name) = head.strip_suffix(']') else {
                    return Err(TirError::new(
                        path,
                        line_no,
                        "",
                        format!("malformed section header {t:?} (no closing ])"),
                    ));
                };
                section = name.trim().to_ascii_uppercase();
                section_known = KNOWN_SECTIONS.contains(&section.as_str());
                in_table = false;
                if !section_known {
                    warnings.push(TirWarning {
                        line: line_no,
                        section: section.clone(),
                        key: String::new(),
                        message: "unknown section, skipped".into(),
                    });
                }
                continue;
            }
            if !section_known {
                continue;
            }
            if t.starts_with('{') {
                in_table = true;
                continue;
            }
            let Some(eq) = t.find('=') else {
                if in_table {
                    continue;
                }
                return Err(TirError::new(
                    path,
                    line_no,
                    "",
                    format!("expected KEY = value, found {t:?}"),
                ));
            };
            let key = t[..eq].trim().to_ascii_uppercase();
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(TirError::new(
                    path,
                    line_no,
                    &key,
                    format!("malformed key {:?}", t[..eq].trim()),
                ));
            }
            let value =
                parse_value(&t[eq + 1..]).map_err(|m| TirError::new(path, line_no, &key, m))?;
            let key = match key.as_str() {
                "IP" => "INFLPRES".to_string(),
                "IP_NOM" => "NOMPRES".to_string(),
                _ => key,
            };
            let known = STRING_KEYS.contains(&key.as_str())
                || META_KEYS.contains(&key.as_str())
                || MfCoefficients::dim(&key).is_some();
            if !known {
                warnings.push(TirWarning {
                    line: line_no,
                    section: section.clone(),
                    key,
                    message: "unknown key, ignored".into(),
                });
                continue;
            }
            if section.is_empty() {
                warnings.push(TirWarning {
                    line: line_no,
                    section: String::new(),
                    key: key.clone(),
                    message: "key before any [SECTION]; read anyway".into(),
                });
            }
            if let Some(prev) = entries.iter().find(|e| e.key == key) {
                warnings.push(TirWarning {
                    line: line_no,
                    section: section.clone(),
                    key: key.clone(),
                    message: format!(
                        "duplicate key (first on line {}); the last one wins",
                        prev.line
                    ),
                });
            }
            entries.push(Entry {
                line: line_no,
                key,
                value,
            });
        }
        let eof_line = last_line.max(1);

        // Units first: they may in principle appear anywhere.
        let mut units = Units {
            length: 1.0,
            force: 1.0,
            angle: 1.0,
            mass: 1.0,
            time: 1.0,
            pressure: None,
        };
        for e in &entries {
            if matches!(
                e.key.as_str(),
                "LENGTH" | "FORCE" | "ANGLE" | "MASS" | "TIME" | "PRESSURE"
            ) {
                let (Value::Str(u) | Value::Word(u)) = &e.value else {
                    return Err(TirError::new(
                        path,
                        e.line,
                        &e.key,
                        "unit must be a quoted name",
                    ));
                };
                let f = unit_factor(&e.key, u).ok_or_else(|| {
                    TirError::new(path, e.line, &e.key, format!("unknown unit '{u}'"))
                })?;
                match e.key.as_str() {
                    "LENGTH" => units.length = f,
                    "FORCE" => units.force = f,
                    "ANGLE" => units.angle = f,
                    "MASS" => units.mass = f,
                    "TIME" => units.time = f,
                    _ => units.pressure = Some(f),
                }
            }
        }

        let mut c = MfCoefficients::default();
        let mut present: Vec<String> = Vec::new();
        let mut strings = Vec::new();
        let mut fittyp = None;
        let mut use_mode = None;
        let line_of = |key: &str, entries: &[Entry]| {
            entries
                .iter()
                .rev()
                .find(|e| e.key == key)
                .map_or(eof_line, |e| e.line)
        };
        for e in &entries {
            let is_string_key = STRING_KEYS.contains(&e.key.as_str());
            match (&e.value, is_string_key) {
                (Value::Str(s) | Value::Word(s), true) => {
                    strings.push((e.key.clone(), s.clone()));
                }
                (Value::Num(x), true) => strings.push((e.key.clone(), x.to_string())),
                (Value::Str(s), false) => {
                    return Err(TirError::new(
                        path,
                        e.line,
                        &e.key,
                        format!("expected a number, found the quoted string '{s}'"),
                    ));
                }
                (Value::Word(s), false) => {
                    return Err(TirError::new(
                        path,
                        e.line,
                        &e.key,
                        format!("malformed number {s:?}"),
                    ));
                }
                (Value::Num(x), false) => {
                    if META_KEYS.contains(&e.key.as_str()) {
                        let int = || {
                            if x.fract() == 0.0 && x.abs() < 1e15 {
                                Ok(*x as i64)
                            } else {
                                Err(TirError::new(
                                    path,
                                    e.line,
                                    &e.key,
                                    format!("expected an integer, found {x}"),
                                ))
                            }
                        };
                        match e.key.as_str() {
                            "FITTYP" => fittyp = Some(int()?),
                            "USE_MODE" => use_mode = Some(int()?),
                            _ => {}
                        }
                    } else {
                        let dim = MfCoefficients::dim(&e.key).unwrap_or(Dim::None);
                        c.set(&e.key, x * units.factor(dim));
                        if !present.contains(&e.key) {
                            present.push(e.key.clone());
                        }
                    }
                }
            }
        }
        let has = |k: &str| present.iter().any(|p| p == k);
        let string = |k: &str| {
            strings
                .iter()
                .rev()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        };
        let property_file_format = string("PROPERTY_FILE_FORMAT");
        let tyre_side = string("TYRESIDE");

        // Required keys, derived defaults, then the same checks as `MfCoefficients::validate`.
        for key in ["FNOMIN", "UNLOADED_RADIUS"] {
            if !has(key) {
                return Err(TirError::new(
                    path,
                    eof_line,
                    key,
                    "required key is missing (end of file reached)",
                ));
            }
        }
        if !has("FZMAX") {
            c.fzmax = 10.0 * c.fnomin;
        }
        if !has("INFLPRES") {
            c.inflpres = c.nompres;
        }
        if !has("PRESMAX") {
            c.presmax = 10.0 * c.nompres;
        }
        if let Err(e) = c.validate() {
            let key = e.path.clone();
            return Err(TirError::new(path, line_of(&key, &entries), &key, e.rule));
        }

        let version = match fittyp {
            Some(6 | 21) => MfVersion::Mf52,
            Some(61) => MfVersion::Mf61,
            Some(62) => MfVersion::Mf62,
            Some(other) => {
                return Err(TirError::new(
                    path,
                    line_of("FITTYP", &entries),
                    "FITTYP",
                    format!(
                        "unsupported Magic Formula version {other} (supported: 6, 21 = MF 5.2; 61; 62)"
                    ),
                ));
            }
            None => {
                let pff = property_file_format.as_deref().unwrap_or("");
                if !pff.to_ascii_uppercase().contains("PAC2002")
                    && !pff.to_ascii_uppercase().starts_with("MF_05")
                {
                    warnings.push(TirWarning {
                        line: line_of("PROPERTY_FILE_FORMAT", &entries),
                        section: "MODEL".into(),
                        key: "FITTYP".into(),
                        message: format!(
                            "no FITTYP and PROPERTY_FILE_FORMAT is '{pff}'; using MF 5.2 equations"
                        ),
                    });
                }
                MfVersion::Mf52
            }
        };

        Ok((
            TirFile {
                path: path.to_string(),
                version,
                coefficients: c,
                property_file_format,
                fittyp,
                use_mode,
                tyre_side,
                strings,
                present,
            },
            warnings,
        ))
    }

    /// Read and parse a `.tir` file from disk.
    ///
    /// # Errors
    /// A [`TirError`] with line 0 if the file cannot be read (or is not UTF-8), otherwise as
    /// [`TirFile::parse`].
    pub fn from_path(path: impl AsRef<Path>) -> Result<(TirFile, Vec<TirWarning>), TirError> {
        let p = path.as_ref();
        let shown = p.display().to_string();
        let bytes = std::fs::read(p)
            .map_err(|e| TirError::new(&shown, 0, "", format!("cannot read file: {e}")))?;
        // Real files are ASCII; tolerate Latin-1 bytes in comments.
        let text = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
        };
        Self::parse(&text, &shown)
    }

    /// `true` if the numeric key (upper case) was given in the file.
    #[must_use]
    pub fn has(&self, key: &str) -> bool {
        self.present.iter().any(|p| p == key)
    }

    /// The value of a string key (upper case), e.g. `LENGTH` or `TYRESIDE`.
    #[must_use]
    pub fn string(&self, key: &str) -> Option<&str> {
        self.strings
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}
