//! [`ConfigError`]: a file, line and key for everything that can go wrong loading a file.

use crate::tire::mf::TirError;
use std::fmt;

/// What kind of problem a [`ConfigError`] reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigErrorKind {
    /// The file could not be read.
    Io,
    /// The text is not valid TOML.
    Syntax,
    /// A key the schema does not know (typo, or a key in the wrong table).
    UnknownKey,
    /// A value of the wrong type (a string where a number belongs, ...).
    WrongType,
    /// A required key is absent.
    MissingKey,
    /// Both an SI key and its suffixed convenience key (`max_steer` and `max_steer_deg`).
    DuplicateKey,
    /// A value that parsed but breaks a rule of `validate()` (the [`crate::ParamError`] rule
    /// is the message).
    Invalid,
    /// A `.tir` file referenced by a `tir` key could not be read or parsed.
    Tir(Box<TirError>),
}

/// An error in a configuration file, naming the file, the line and the key.
///
/// Displayed compiler-style, `file:line:column: key: message`:
///
/// ```text
/// my_car.toml:14:1: wheels[2].suspension.spring_rate: must be finite and > 0 (got -1)
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file name as given by the caller (a path, or an origin name like `sedan.toml`).
    pub file: String,
    /// 1-based line of the offending key or value; 0 when the error is not about one line
    /// (an unreadable file).
    pub line: usize,
    /// 1-based column (in characters) on that line; 0 with `line`.
    pub column: usize,
    /// Dotted key path as in the file (`wheels[2].max_steer_deg`), or empty.
    pub key: String,
    /// What kind of problem this is.
    pub kind: ConfigErrorKind,
    /// What is wrong, in words.
    pub message: String,
}

impl ConfigError {
    /// An error not tied to a line (e.g. an unreadable file).
    pub fn without_line(
        file: impl Into<String>,
        kind: ConfigErrorKind,
        message: impl Into<String>,
    ) -> Self {
        Self {
            file: file.into(),
            line: 0,
            column: 0,
            key: String::new(),
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        write!(f, ": ")?;
        if !self.key.is_empty() {
            write!(f, "{}: ", self.key)?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ConfigError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ConfigErrorKind::Tir(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}

/// 1-based line and column (in characters) of byte offset `offset` in `text`.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let mut start = offset;
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_from_one() {
        let t = "a = 1\nbb = 2\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 6), (2, 1));
        assert_eq!(line_col(t, 11), (2, 6));
        assert_eq!(line_col(t, 999), (3, 1));
    }

    #[test]
    fn display_is_compiler_style() {
        let e = ConfigError {
            file: "car.toml".into(),
            line: 3,
            column: 1,
            key: "chassis.mass".into(),
            kind: ConfigErrorKind::Invalid,
            message: "must be finite and > 0 (got -1)".into(),
        };
        assert_eq!(
            e.to_string(),
            "car.toml:3:1: chassis.mass: must be finite and > 0 (got -1)"
        );
        let e = ConfigError::without_line("x.toml", ConfigErrorKind::Io, "not found");
        assert_eq!(e.to_string(), "x.toml: not found");
    }
}
