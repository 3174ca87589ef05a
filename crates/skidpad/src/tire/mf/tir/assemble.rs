//! From entries to a [`TirFile`](super::TirFile): numeric keys converted to SI and stored in
//! [`MfCoefficients`], string and meta keys kept, the required keys checked, the derived
//! defaults filled in (FZMAX = 10·FNOMIN, INFLPRES = NOMPRES, PRESMAX = 10·NOMPRES), the
//! coefficients validated, and the equations chosen by the version policy (`mf` module docs).

use super::lines::{Entry, META_KEYS, STRING_KEYS, Scanned, Value};
use super::units::Units;
use super::{TirError, TirWarning};
use crate::tire::mf::coeffs::{Dim, MfCoefficients, MfVersion};

/// What the entries say, before the required keys and defaults.
pub(super) struct Values {
    /// Numeric keys in SI units.
    pub(super) c: MfCoefficients,
    /// Numeric keys present, canonical names, in file order.
    pub(super) present: Vec<String>,
    /// String keys `(KEY, value)` in file order.
    pub(super) strings: Vec<(String, String)>,
    /// `FITTYP`, if present.
    pub(super) fittyp: Option<i64>,
    /// `USE_MODE`, if present.
    pub(super) use_mode: Option<i64>,
}

impl Values {
    /// `true` if the numeric key was given.
    fn has(&self, k: &str) -> bool {
        self.present.iter().any(|p| p == k)
    }

    /// The last value of a string key.
    pub(super) fn string(&self, k: &str) -> Option<String> {
        self.strings
            .iter()
            .rev()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
    }
}

/// The line of the last entry of `key`, or `eof_line` if the file has none.
fn line_of(key: &str, entries: &[Entry], eof_line: usize) -> usize {
    entries
        .iter()
        .rev()
        .find(|e| e.key == key)
        .map_or(eof_line, |e| e.line)
}

/// Store every entry: strings as text, numbers converted with `units`, FITTYP/USE_MODE as
/// integers. A string where a number is wanted is an error.
pub(super) fn assign(entries: &[Entry], units: &Units, path: &str) -> Result<Values, TirError> {
    let mut v = Values {
        c: MfCoefficients::default(),
        present: Vec::new(),
        strings: Vec::new(),
        fittyp: None,
        use_mode: None,
    };
    for e in entries {
        let is_string_key = STRING_KEYS.contains(&e.key.as_str());
        match (&e.value, is_string_key) {
            (Value::Str(s) | Value::Word(s), true) => {
                v.strings.push((e.key.clone(), s.clone()));
            }
            (Value::Num(x), true) => v.strings.push((e.key.clone(), x.to_string())),
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
            (Value::Num(x), false) => assign_number(e, *x, units, path, &mut v)?,
        }
    }
    Ok(v)
}

/// One numeric entry: a meta key (only FITTYP and USE_MODE are kept, as integers) or a
/// coefficient in SI units.
fn assign_number(
    e: &Entry,
    x: f64,
    units: &Units,
    path: &str,
    v: &mut Values,
) -> Result<(), TirError> {
    if META_KEYS.contains(&e.key.as_str()) {
        let int = || {
            if x.fract() == 0.0 && x.abs() < 1e15 {
                Ok(x as i64)
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
            "FITTYP" => v.fittyp = Some(int()?),
            "USE_MODE" => v.use_mode = Some(int()?),
            _ => {}
        }
    } else {
        let dim = MfCoefficients::dim(&e.key).unwrap_or(Dim::None);
        v.c.set(&e.key, x * units.factor(dim));
        if !v.present.contains(&e.key) {
            v.present.push(e.key.clone());
        }
    }
    Ok(())
}

pub(super) use crate::tire::mf::coeffs::REQUIRED;

/// Every key of [`REQUIRED`] is present and not 0. All missing keys are named in one error
/// (at the end of the file, with their sections and whether the section is in the file); a
/// key written as 0 is an error at its line.
pub(super) fn required(v: &Values, scanned: &Scanned, path: &str) -> Result<(), TirError> {
    let missing: Vec<&(&str, &str, &str)> = REQUIRED.iter().filter(|(k, _, _)| !v.has(k)).collect();
    if let Some((first, _, _)) = missing.first() {
        let mut groups: Vec<String> = Vec::new();
        for (_, section, _) in &missing {
            let head = format!("[{section}]");
            if groups.iter().any(|g| g.starts_with(&head)) {
                continue;
            }
            let keys: Vec<&str> = missing
                .iter()
                .filter(|(_, s, _)| s == section)
                .map(|(k, _, _)| *k)
                .collect();
            let absent = if scanned.sections.iter().any(|(n, _)| n == section) {
                ""
            } else {
                " (the file has no such section)"
            };
            groups.push(format!("{head} {}{absent}", keys.join(", ")));
        }
        return Err(TirError::new(
            path,
            scanned.eof_line,
            first,
            format!(
                "required keys missing (end of file reached): {}; without them Fx or Fy is \
                 identically 0 or undefined",
                groups.join("; ")
            ),
        ));
    }
    for (key, _, why) in REQUIRED {
        if v.c.get(key) == Some(0.0) {
            return Err(TirError::new(
                path,
                line_of(key, &scanned.entries, scanned.eof_line),
                key,
                format!("must not be 0: {why}"),
            ));
        }
    }
    Ok(())
}

/// Derived defaults, then the same checks as `MfCoefficients::validate`
/// (an error is reported at the line of the key concerned, or at the end of the file).
pub(super) fn complete(
    v: &mut Values,
    entries: &[Entry],
    eof_line: usize,
    path: &str,
) -> Result<(), TirError> {
    let (has_fzmax, has_inflpres, has_presmax) =
        (v.has("FZMAX"), v.has("INFLPRES"), v.has("PRESMAX"));
    let c = &mut v.c;
    if !has_fzmax {
        c.fzmax = 10.0 * c.fnomin;
    }
    if !has_inflpres {
        c.inflpres = c.nompres;
    }
    if !has_presmax {
        c.presmax = 10.0 * c.nompres;
    }
    if let Err(e) = c.validate() {
        let key = e.path.clone();
        return Err(TirError::new(
            path,
            line_of(&key, entries, eof_line),
            &key,
            e.rule,
        ));
    }
    Ok(())
}

/// The version policy: FITTYP 6/21 → MF 5.2, 61 → MF 6.1, 62 → MF 6.2, other → error;
/// none → MF 5.2, with a warning unless PROPERTY_FILE_FORMAT names PAC2002 or MF_05.
pub(super) fn version(
    fittyp: Option<i64>,
    property_file_format: Option<&str>,
    entries: &[Entry],
    eof_line: usize,
    path: &str,
    warnings: &mut Vec<TirWarning>,
) -> Result<MfVersion, TirError> {
    Ok(match fittyp {
        Some(6 | 21) => MfVersion::Mf52,
        Some(61) => MfVersion::Mf61,
        Some(62) => MfVersion::Mf62,
        Some(other) => {
            return Err(TirError::new(
                path,
                line_of("FITTYP", entries, eof_line),
                "FITTYP",
                format!(
                    "unsupported Magic Formula version {other} (supported: 6, 21 = MF 5.2; 61; 62)"
                ),
            ));
        }
        None => {
            let pff = property_file_format.unwrap_or("");
            if !pff.to_ascii_uppercase().contains("PAC2002")
                && !pff.to_ascii_uppercase().starts_with("MF_05")
            {
                warnings.push(TirWarning {
                    line: line_of("PROPERTY_FILE_FORMAT", entries, eof_line),
                    section: "MODEL".into(),
                    key: "FITTYP".into(),
                    message: format!(
                        "no FITTYP and PROPERTY_FILE_FORMAT is '{pff}'; using MF 5.2 equations"
                    ),
                });
            }
            MfVersion::Mf52
        }
    })
}
