//! Reading the lines of a `.tir` file: section headers, `KEY = value` lines, comments and
//! tables (see the [`tir`](super) module docs for the accepted format), into [`Entry`]s in
//! file order. Nothing is converted here; units and keys are applied in
//! [`assemble`](super::assemble).

use super::{TirError, TirWarning};
use crate::tire::mf::coeffs::MfCoefficients;

/// Sections that are read; any other is skipped whole with one warning.
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
pub(super) const STRING_KEYS: &[&str] = &[
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
pub(super) const META_KEYS: &[&str] = &[
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

/// The value of one `KEY = value` line.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Value {
    Num(f64),
    /// A quoted string.
    Str(String),
    /// An unquoted word such as `LEFT` (accepted for string keys only).
    Word(String),
}

/// One known key as read: its line, its canonical upper-case name and its value.
pub(super) struct Entry {
    pub(super) line: usize,
    pub(super) key: String,
    pub(super) value: Value,
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

/// Which section the scan is in.
struct Section {
    /// Upper-case name without brackets; empty before the first header.
    name: String,
    /// The section is in [`KNOWN_SECTIONS`] (or no header was seen yet).
    known: bool,
    /// A `{...}` table header was seen in this section: lines without `=` are rows.
    in_table: bool,
}

impl Section {
    /// Enter the section of header line `t` (`rest` is `t` after the `[`).
    fn enter(
        &mut self,
        rest: &str,
        t: &str,
        line_no: usize,
        path: &str,
        warnings: &mut Vec<TirWarning>,
    ) -> Result<(), TirError> {
        let head = rest.split('$').next().unwrap_or("").trim_end();
        let Some(name) = head.strip_suffix(']') else {
            return Err(TirError::new(
                path,
                line_no,
                "",
                format!("malformed section header {t:?} (no closing ])"),
            ));
        };
        self.name = name.trim().to_ascii_uppercase();
        self.known = KNOWN_SECTIONS.contains(&self.name.as_str());
        self.in_table = false;
        if !self.known {
            warnings.push(TirWarning {
                line: line_no,
                section: self.name.clone(),
                key: String::new(),
                message: "unknown section, skipped".into(),
            });
        }
        Ok(())
    }
}

/// Read every line of `text`: the known keys in file order, and the line number of the last
/// non-blank line (at least 1, for errors "at the end of the file").
pub(super) fn scan(
    text: &str,
    path: &str,
    warnings: &mut Vec<TirWarning>,
) -> Result<(Vec<Entry>, usize), TirError> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut section = Section {
        name: String::new(),
        known: true,
        in_table: false,
    };
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
            section.enter(rest, t, line_no, path, warnings)?;
            continue;
        }
        if !section.known {
            continue;
        }
        if t.starts_with('{') {
            section.in_table = true;
            continue;
        }
        if let Some(entry) = key_value(t, line_no, &section, path, &entries, warnings)? {
            entries.push(entry);
        }
    }
    Ok((entries, last_line.max(1)))
}

/// One `KEY = value` line `t` (or a table row): `None` for a row or an unknown key (with a
/// warning), else the entry. Warns about a key before any section and a duplicate key.
fn key_value(
    t: &str,
    line_no: usize,
    section: &Section,
    path: &str,
    entries: &[Entry],
    warnings: &mut Vec<TirWarning>,
) -> Result<Option<Entry>, TirError> {
    let Some(eq) = t.find('=') else {
        if section.in_table {
            return Ok(None);
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
    let value = parse_value(&t[eq + 1..]).map_err(|m| TirError::new(path, line_no, &key, m))?;
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
            section: section.name.clone(),
            key,
            message: "unknown key, ignored".into(),
        });
        return Ok(None);
    }
    if section.name.is_empty() {
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
            section: section.name.clone(),
            key: key.clone(),
            message: format!(
                "duplicate key (first on line {}); the last one wins",
                prev.line
            ),
        });
    }
    Ok(Some(Entry {
        line: line_no,
        key,
        value,
    }))
}
