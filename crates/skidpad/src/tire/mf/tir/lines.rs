//! Reading the lines of a `.tir` file: section headers, `KEY = value` lines, comments and
//! tables (see the [`tir`](super) module docs for the accepted format), into [`Entry`]s in
//! file order. Nothing is converted here; units and keys are applied in
//! [`assemble`](super::assemble).

use super::{TirError, TirTable, TirWarning};
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
    /// The table being read in this section (after a `{...}` header or a first row of
    /// numbers): lines without `=` are its rows.
    table: Option<TirTable>,
}

impl Section {
    /// Enter the section of header line `t` (`rest` is `t` after the `[`); the table of the
    /// section left, if any, goes to `out.tables`.
    fn enter(
        &mut self,
        rest: &str,
        t: &str,
        line_no: usize,
        path: &str,
        out: &mut Scanned,
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
        out.tables.extend(self.table.take());
        self.name = name.trim().to_ascii_uppercase();
        self.known = KNOWN_SECTIONS.contains(&self.name.as_str());
        out.sections.push((self.name.clone(), line_no));
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

    /// A `{...}` header line `t`: a new table in this section (one before it is kept).
    fn table_header(&mut self, t: &str, line_no: usize, out: &mut Scanned) {
        out.tables.extend(self.table.take());
        let inner = t.trim_start_matches('{');
        let header = inner.split('}').next().unwrap_or("").trim().to_string();
        self.table = Some(TirTable {
            section: self.name.clone(),
            header: Some(header),
            line: line_no,
            rows: Vec::new(),
        });
    }
}

/// What [`scan`] reads: the known keys, the sections, the tables and the last line.
pub(super) struct Scanned {
    /// Known keys in file order.
    pub(super) entries: Vec<Entry>,
    /// Every section header `(NAME, line)` in file order.
    pub(super) sections: Vec<(String, usize)>,
    /// The tables of the known sections, in file order.
    pub(super) tables: Vec<TirTable>,
    /// The line of the last non-blank line (at least 1, for errors "at the end of the file").
    pub(super) eof_line: usize,
}

/// The lines of `text`, each ended by LF, CRLF or a lone CR (classic Mac OS files), without
/// the line end; line endings may be mixed.
fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\r', '\n']) {
            None => {
                rest = None;
                Some(s)
            }
            Some(i) => {
                let end = if s[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&s[i + end..]);
                Some(&s[..i])
            }
        }
    })
}

/// Read every line of `text` into entries, sections and tables.
pub(super) fn scan(
    text: &str,
    path: &str,
    warnings: &mut Vec<TirWarning>,
) -> Result<Scanned, TirError> {
    let mut out = Scanned {
        entries: Vec::new(),
        sections: Vec::new(),
        tables: Vec::new(),
        eof_line: 1,
    };
    let mut section = Section {
        name: String::new(),
        known: true,
        table: None,
    };
    for (i, line) in split_lines(text).enumerate() {
        let line_no = i + 1;
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        out.eof_line = line_no;
        if t.starts_with('$') || t.starts_with('!') {
            continue;
        }
        if let Some(rest) = t.strip_prefix('[') {
            section.enter(rest, t, line_no, path, &mut out, warnings)?;
            continue;
        }
        if !section.known {
            continue;
        }
        if t.starts_with('{') {
            section.table_header(t, line_no, &mut out);
            continue;
        }
        if !t.contains('=') && table_row(t, line_no, &mut section, path)? {
            continue;
        }
        if let Some(entry) = key_value(t, line_no, &section, path, &out.entries, warnings)? {
            out.entries.push(entry);
        }
    }
    out.tables.extend(section.table.take());
    Ok(out)
}

/// Sections whose rows of numbers form a table even without a `{...}` header line (a truck
/// tyre file writes its `[SHAPE]` rows straight after the header, the column names in a `$`
/// comment).
const TABLE_SECTIONS: &[&str] = &["SHAPE"];

/// A line `t` without `=`: a row of numbers (a trailing `$`/`!` comment allowed) is added to
/// the section's table (`true`), which a first row starts in a [`TABLE_SECTIONS`] section. A
/// line that is not all numbers is an error inside a table and `false` (not a row) outside.
fn table_row(t: &str, line_no: usize, section: &mut Section, path: &str) -> Result<bool, TirError> {
    let body = t[..t.find(['$', '!']).unwrap_or(t.len())].trim();
    let row: Option<Vec<f64>> = body.split_whitespace().map(parse_number).collect();
    let row = match row {
        Some(r) if !r.is_empty() => r,
        _ if section.table.is_some() => {
            return Err(TirError::new(
                path,
                line_no,
                "",
                format!(
                    "malformed row {t:?} in the table of [{}] (finite numbers separated by spaces expected)",
                    section.name
                ),
            ));
        }
        _ => return Ok(false),
    };
    if section.table.is_none() && !TABLE_SECTIONS.contains(&section.name.as_str()) {
        return Ok(false);
    }
    let table = section.table.get_or_insert_with(|| TirTable {
        section: section.name.clone(),
        header: None,
        line: line_no,
        rows: Vec::new(),
    });
    if let Some(first) = table.rows.first()
        && first.len() != row.len()
    {
        return Err(TirError::new(
            path,
            line_no,
            "",
            format!(
                "table row has {} numbers, the first row of the table in [{}] has {}",
                row.len(),
                section.name,
                first.len()
            ),
        ));
    }
    table.rows.push(row);
    Ok(true)
}

/// One `KEY = value` line `t`: `None` for an unknown key (with a warning), else the entry.
/// Warns about a key before any section and a duplicate key.
fn key_value(
    t: &str,
    line_no: usize,
    section: &Section,
    path: &str,
    entries: &[Entry],
    warnings: &mut Vec<TirWarning>,
) -> Result<Option<Entry>, TirError> {
    let Some(eq) = t.find('=') else {
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
