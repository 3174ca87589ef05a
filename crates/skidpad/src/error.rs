//! Typed errors and the small checks every `validate()` is built from.
//!
//! A [`ParamError`] names the field path that broke a rule (`wheels[2].suspension.spring_rate`)
//! and the rule itself (`must be > 0`), so a user can find the offending value in a file.
//! Nested `validate()` calls prefix the path with [`ParamError::within`]:
//!
//! ```
//! use skidpad::error::{ParamError, check};
//! let e = check::positive("spring_rate", -1.0).unwrap_err().within("suspension").within_index("wheels", 2);
//! assert_eq!(e.path, "wheels[2].suspension.spring_rate");
//! assert_eq!(e.to_string(), "wheels[2].suspension.spring_rate: must be finite and > 0 (got -1)");
//! ```

use std::fmt;

/// A parameter that breaks a physical or structural rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamError {
    /// Dotted field path from the outermost params struct, e.g. `wheels[2].suspension.spring_rate`.
    pub path: String,
    /// The rule that was broken, with the offending value where it helps.
    pub rule: String,
}

impl ParamError {
    /// A new error for `path` breaking `rule`.
    pub fn new(path: impl Into<String>, rule: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            rule: rule.into(),
        }
    }

    /// Prefix the path with a parent field: `spring_rate` within `suspension` is
    /// `suspension.spring_rate`.
    #[must_use]
    pub fn within(mut self, parent: &str) -> Self {
        self.path = if self.path.is_empty() {
            parent.to_string()
        } else if self.path.starts_with('[') {
            format!("{parent}{}", self.path)
        } else {
            format!("{parent}.{}", self.path)
        };
        self
    }

    /// Prefix the path with an indexed parent field: `wheels[2].…`.
    #[must_use]
    pub fn within_index(self, parent: &str, index: usize) -> Self {
        self.within(&format!("{parent}[{index}]"))
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.rule)
    }
}

impl std::error::Error for ParamError {}

/// A driver input or command that was rejected (non-finite or out of its documented range).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The input field, e.g. `throttle` or `wheels[3].drive_torque`.
    pub field: String,
    /// Why it was rejected.
    pub rule: String,
}

impl InputError {
    /// A new input error.
    pub fn new(field: impl Into<String>, rule: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            rule: rule.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "input {}: {}", self.field, self.rule)
    }
}

impl std::error::Error for InputError {}

/// Small reusable checks for `validate()` implementations. Each returns a [`ParamError`] with
/// the given field name as its path; callers add parents with [`ParamError::within`].
pub mod check {
    use super::ParamError;
    use glam::DVec3;

    /// `v` is finite (not NaN or ±∞).
    pub fn finite(path: &str, v: f64) -> Result<(), ParamError> {
        if v.is_finite() {
            Ok(())
        } else {
            Err(ParamError::new(path, format!("must be finite (got {v})")))
        }
    }

    /// Every component of `v` is finite.
    pub fn finite_vec(path: &str, v: DVec3) -> Result<(), ParamError> {
        if v.is_finite() {
            Ok(())
        } else {
            Err(ParamError::new(path, format!("must be finite (got {v})")))
        }
    }

    /// `v` is finite and strictly positive.
    pub fn positive(path: &str, v: f64) -> Result<(), ParamError> {
        if v.is_finite() && v > 0.0 {
            Ok(())
        } else {
            Err(ParamError::new(
                path,
                format!("must be finite and > 0 (got {v})"),
            ))
        }
    }

    /// `v` is finite and ≥ 0.
    pub fn non_negative(path: &str, v: f64) -> Result<(), ParamError> {
        if v.is_finite() && v >= 0.0 {
            Ok(())
        } else {
            Err(ParamError::new(
                path,
                format!("must be finite and >= 0 (got {v})"),
            ))
        }
    }

    /// `lo <= v <= hi` (closed range) and finite.
    pub fn in_range(path: &str, v: f64, lo: f64, hi: f64) -> Result<(), ParamError> {
        if v.is_finite() && v >= lo && v <= hi {
            Ok(())
        } else {
            Err(ParamError::new(
                path,
                format!("must be in [{lo}, {hi}] (got {v})"),
            ))
        }
    }

    /// `v` has unit length within 1e-6 (it is used as a direction).
    pub fn unit_vec(path: &str, v: DVec3) -> Result<(), ParamError> {
        if v.is_finite() && (v.length() - 1.0).abs() < 1e-6 {
            Ok(())
        } else {
            Err(ParamError::new(
                path,
                format!("must be a unit vector (got {v}, length {})", v.length()),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_nest() {
        let e = ParamError::new("spring_rate", "must be > 0")
            .within("suspension")
            .within_index("wheels", 3);
        assert_eq!(e.path, "wheels[3].suspension.spring_rate");
        let e = ParamError::new("[1]", "x").within("points");
        assert_eq!(e.path, "points[1]");
    }

    #[test]
    fn checks_reject_bad_values() {
        assert!(check::positive("a", 0.0).is_err());
        assert!(check::positive("a", f64::NAN).is_err());
        assert!(check::positive("a", 1e-9).is_ok());
        assert!(check::non_negative("a", 0.0).is_ok());
        assert!(check::non_negative("a", -1e-12).is_err());
        assert!(check::in_range("a", 1.0, 0.0, 1.0).is_ok());
        assert!(check::in_range("a", 1.0 + 1e-12, 0.0, 1.0).is_err());
        assert!(check::unit_vec("a", glam::DVec3::Z).is_ok());
        assert!(check::unit_vec("a", glam::DVec3::new(0.0, 0.0, 2.0)).is_err());
        assert!(check::finite("a", f64::INFINITY).is_err());
    }
}
