//! Parser for TNO/ADAMS tyre property files (`.tir`).
//!
//! # Format accepted
//! - `[SECTION]` headers; `KEY = value` lines where the value is a number (`3800`,
//!   `1.75e+005`, `1e+006`, Fortran `1.0D+03`) or a quoted string (`'PAC2002'`). The key is
//!   split at the first `=`, with or without spaces around it.
//! - `$` starts a comment anywhere outside a quoted string (separator lines, trailing
//!   comments, which may contain `=` or `"`); `!` starts a full-line comment (so a
//!   commented-out `!CONTACT_MODEL = ...` is never read) and a trailing comment after a number.
//! - LF, CRLF or CR-only (classic Mac OS) line ends, mixed in one file; tabs and trailing
//!   spaces, blank lines.
//! - Tables: from a line starting with `{` (the column names, e.g. `{radial width}` in
//!   `[SHAPE]`) until the next section, lines without `=` are rows of finite numbers, all of
//!   one length; in `[SHAPE]` the rows may also follow the section header directly (truck
//!   files put the column names in a `$` comment). They are kept as written (no unit
//!   conversion) in [`TirFile::tables`] and returned by [`TirFile::table`].
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
//! # Required keys
//! A file without these (a truncated file, a missing section) would load with them 0 and
//! give Fx or Fy ≡ 0 or a division by zero; it is an error naming every missing key with its
//! section, and whether the section is in the file at all. Each must also be non-zero.
//!
//! | key | section | why (MF 5.2 / 6.x equations, module [`mf`](super)) |
//! |---|---|---|
//! | FNOMIN | VERTICAL | Fz0: dfz = (Fz − F′z0)/F′z0 divides by it |
//! | UNLOADED_RADIUS | DIMENSION | R0: moments, rolling radius |
//! | PCX1 | LONGITUDINAL_COEFFICIENTS | Cx = 0 → sin(0): Fx ≡ SVx |
//! | PDX1 | LONGITUDINAL_COEFFICIENTS | µx = PDX1 + PDX2·dfz = 0 at FNOMIN |
//! | PKX1 | LONGITUDINAL_COEFFICIENTS | Kxκ ∝ PKX1 + PKX2·dfz = 0 at FNOMIN: Bx = 0, Fx ≡ SVx there |
//! | PCY1 | LATERAL_COEFFICIENTS | Cy = 0: Fy ≡ SVy |
//! | PDY1 | LATERAL_COEFFICIENTS | µy = PDY1 + PDY2·dfz = 0 at FNOMIN |
//! | PKY1 | LATERAL_COEFFICIENTS | Kyα ∝ PKY1 ≡ 0: Fy ≡ SVy |
//! | PKY2 | LATERAL_COEFFICIENTS | Kyα ∝ sin(PKY4·atan(Fz/(PKY2·F′z0))): divides by 0 (≡ 0 for PKY4 = 2) |
//!
//! Every other coefficient is optional and 0 when absent, as MF defines (scaling factors 1,
//! PKY4 2): no combined-slip R… keys means pure slip (Gxα = Gyκ = 1); no Q…Z keys means no
//! pneumatic trail (Mz = Mzr + s·Fx); no QSX/QSY keys means Mx = My = 0.
//!
//! # Load sweep
//! Every parsed file is evaluated at zero camber and pure slip over 0.05…2·FNOMIN (details in
//! the `check` submodule): a force that changes sign with load gives a [`TirWarning`] (chrono's
//! HMMWV file: Fx between 50.75 and 52.5 kN, 1.45–1.50·FNOMIN, where Kxκ passes 0), and a
//! non-finite output (coefficients that overflow) is an error.
//!
//! # Errors
//! A [`TirError`] names the file, the line and the key: a malformed number, a quoted string
//! without its closing quote, a line without `=` outside a table, a malformed table row or one
//! of another length, an unknown unit, a non-integer FITTYP or an unsupported one, a missing
//! required key (reported at the end of the file) or one that is 0, a non-positive FNOMIN,
//! UNLOADED_RADIUS, LONGVL or LFZO, a validity range with min > max, and coefficients whose
//! forces overflow in the load sweep.

use super::coeffs::{MfCoefficients, MfVersion};
use std::fmt;
#[cfg(feature = "files")]
use std::path::Path;

mod assemble;
pub(super) mod check;
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

/// Something in a `.tir` file that was ignored (unknown key or section, duplicate key) or is
/// suspicious (a force that changes sign with load, from the load sweep).
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

/// A table section of a `.tir` file, e.g. `[SHAPE]`: rows of numbers, kept as written (no
/// unit conversion; `[SHAPE]` holds the contour as radius and width ratios to
/// UNLOADED_RADIUS and WIDTH, dimensionless).
#[derive(Debug, Clone, PartialEq)]
pub struct TirTable {
    /// The section (upper case, without brackets).
    pub section: String,
    /// The column names of a `{...}` header line without the braces (`radial width`), or
    /// `None` when the rows follow the section header directly.
    pub header: Option<String>,
    /// 1-based line of the header line, or of the first row without one.
    pub line: usize,
    /// The rows, all of the same length (the parser checks it); numbers finite.
    pub rows: Vec<Vec<f64>>,
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
    /// The table sections (`[SHAPE]`, ...), in file order; see [`TirFile::table`].
    pub tables: Vec<TirTable>,
}

impl TirFile {
    /// Parse the text of a `.tir` file. `path` is used in messages only.
    ///
    /// Returns the file and the warnings (unknown keys and sections, duplicates, a force that
    /// changes sign with load: see the [module docs](self)).
    ///
    /// # Errors
    /// A [`TirError`] naming the file, line and key: see the [module docs](self).
    pub fn parse(text: &str, path: &str) -> Result<(TirFile, Vec<TirWarning>), TirError> {
        let mut warnings = Vec::new();
        let scanned = lines::scan(text, path, &mut warnings)?;
        let (entries, eof_line) = (&scanned.entries, scanned.eof_line);
        // Units first: they may in principle appear anywhere.
        let units = units::read_units(entries, path)?;
        let mut values = assemble::assign(entries, &units, path)?;
        let property_file_format = values.string("PROPERTY_FILE_FORMAT");
        let tyre_side = values.string("TYRESIDE");
        assemble::required(&values, &scanned, path)?;
        assemble::complete(&mut values, entries, eof_line, path)?;
        let version = assemble::version(
            values.fittyp,
            property_file_format.as_deref(),
            entries,
            eof_line,
            path,
            &mut warnings,
        )?;
        let file = TirFile {
            path: path.to_string(),
            version,
            coefficients: values.c,
            property_file_format,
            fittyp: values.fittyp,
            use_mode: values.use_mode,
            tyre_side,
            strings: values.strings,
            present: values.present,
            tables: scanned.tables,
        };
        check::load_sweep(&file, &scanned.sections, eof_line, &mut warnings)?;
        Ok((file, warnings))
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

    /// The rows of the first table in `section` (upper case, without brackets, e.g.
    /// `"SHAPE"`), or `None` if the file has no table there.
    ///
    /// ```
    /// # use skidpad::tire::mf::TirFile;
    /// let text = "[DIMENSION]\nUNLOADED_RADIUS = 0.5\n[SHAPE]\n$ radial width\n 1.00  0.00\n 0.95  1.00\n\
    ///             [VERTICAL]\nFNOMIN = 30000\n[LONGITUDINAL_COEFFICIENTS]\nPCX1 = 1.6\nPDX1 = 1\nPKX1 = 20\n\
    ///             [LATERAL_COEFFICIENTS]\nPCY1 = 1.3\nPDY1 = 0.9\nPKY1 = -15\nPKY2 = 1.8\n";
    /// let (file, _) = TirFile::parse(text, "truck.tir")?;
    /// assert_eq!(file.table("SHAPE"), Some(&[vec![1.0, 0.0], vec![0.95, 1.0]][..]));
    /// # Ok::<(), skidpad::tire::mf::TirError>(())
    /// ```
    #[must_use]
    pub fn table(&self, section: &str) -> Option<&[Vec<f64>]> {
        self.tables
            .iter()
            .find(|t| t.section == section)
            .map(|t| t.rows.as_slice())
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
