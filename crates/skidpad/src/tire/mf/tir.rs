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

use super::coeffs::{MfCoefficients, MfVersion};
use std::fmt;
#[cfg(feature = "files")]
use std::path::Path;

mod assemble;
mod lines;
mod units;

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

impl TirFile {
    /// Parse the text of a `.tir` file. `path` is used in messages only.
    ///
    /// Returns the file and the warnings (unknown keys and sections, duplicates).
    ///
    /// # Errors
    /// A [`TirError`] naming the file, line and key: see the [module docs](self).
    pub fn parse(text: &str, path: &str) -> Result<(TirFile, Vec<TirWarning>), TirError> {
        let mut warnings = Vec::new();
        let (entries, eof_line) = lines::scan(text, path, &mut warnings)?;
        // Units first: they may in principle appear anywhere.
        let units = units::read_units(&entries, path)?;
        let mut values = assemble::assign(&entries, &units, path)?;
        let property_file_format = values.string("PROPERTY_FILE_FORMAT");
        let tyre_side = values.string("TYRESIDE");
        assemble::complete(&mut values, &entries, eof_line, path)?;
        let version = assemble::version(
            values.fittyp,
            property_file_format.as_deref(),
            &entries,
            eof_line,
            path,
            &mut warnings,
        )?;
        Ok((
            TirFile {
                path: path.to_string(),
                version,
                coefficients: values.c,
                property_file_format,
                fittyp: values.fittyp,
                use_mode: values.use_mode,
                tyre_side,
                strings: values.strings,
                present: values.present,
            },
            warnings,
        ))
    }

    /// Read and parse a `.tir` file from disk.
    ///
    /// # Errors
    /// A [`TirError`] with line 0 if the file cannot be read (or is not UTF-8), otherwise as
    /// [`TirFile::parse`].
    ///
    /// Feature `files` (default).
    #[cfg(feature = "files")]
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
