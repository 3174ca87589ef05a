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
    /// For a range rule: the value and the bounds in SI units, so a file loader can restate
    /// the rule in the unit the user wrote (`max_steer_deg = 720: must be in [-90, 90] deg`).
    pub limits: Option<Limits>,
}

/// The value and the closed range `[lo, hi]` of a broken range rule, in SI units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The offending value. Unit: `unit`.
    pub value: f64,
    /// Lower bound (inclusive).
    pub lo: f64,
    /// Upper bound (inclusive).
    pub hi: f64,
    /// The SI unit of value and bounds (`kg`, `N/m`, `rad`), empty for a ratio.
    pub unit: &'static str,
}

// Limits are compared for tests only; a NaN value never equals itself, which is what `Eq`
// users expect of "the same error" too.
impl Eq for Limits {}

/// A number for a message: at most 9 significant digits, no trailing zeros (`720`, not
/// `719.9999999999999` after a unit round trip; `1000000`), in exponent form from 1e9 up
/// and below 1e-9 (`1e9`, `1e308`).
pub fn short_number(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return format!("{x}");
    }
    let digits = 9 - 1 - x.abs().log10().floor() as i32;
    if !(0..=17).contains(&digits) {
        let e = format!("{x:.8e}");
        let (m, exp) = e.split_once('e').unwrap_or((&e, "0"));
        let m = m.trim_end_matches('0').trim_end_matches('.');
        return format!("{m}e{exp}");
    }
    let s = format!("{x:.*}", digits as usize);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

impl ParamError {
    /// A new error for `path` breaking `rule`.
    pub fn new(path: impl Into<String>, rule: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            rule: rule.into(),
            limits: None,
        }
    }

    /// A range rule broken: `value` outside `[lo, hi]` (SI, in `unit`). The rule reads
    /// `must be in [lo, hi] unit (got value)`, plus `why` if not empty.
    pub fn out_of_range(path: impl Into<String>, limits: Limits, why: &str) -> Self {
        let unit = if limits.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", limits.unit)
        };
        let mut rule = format!(
            "must be in [{}, {}]{unit} (got {})",
            short_number(limits.lo),
            short_number(limits.hi),
            short_number(limits.value)
        );
        if !why.is_empty() {
            rule.push_str(": ");
            rule.push_str(why);
        }
        Self {
            path: path.into(),
            rule,
            limits: Some(limits),
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

    /// Largest magnitude any parameter may have in SI units, whatever its own range:
    /// no vehicle quantity comes near 1e12 (a 1000 t vehicle, a 1e8 N/m spring), and a
    /// value like 1e308 overflows to ∞ the first time a step squares or multiplies it, long
    /// after loading, in a message that names no key. [`positive`] and [`non_negative`]
    /// reject anything larger.
    pub const MAX_MAGNITUDE: f64 = 1e12;

    /// `v` is at most [`MAX_MAGNITUDE`] in size.
    fn not_huge(path: &str, v: f64) -> Result<(), ParamError> {
        if v.abs() <= MAX_MAGNITUDE {
            Ok(())
        } else {
            Err(ParamError::new(
                path,
                format!(
                    "must be at most {MAX_MAGNITUDE:e} in size (got {v:e}): no vehicle has \
                     such a value, and it overflows in a step"
                ),
            ))
        }
    }

    /// `v` is finite, strictly positive and at most [`MAX_MAGNITUDE`].
    pub fn positive(path: &str, v: f64) -> Result<(), ParamError> {
        if v.is_finite() && v > 0.0 {
            not_huge(path, v)
        } else {
            Err(ParamError::new(
                path,
                format!("must be finite and > 0 (got {v})"),
            ))
        }
    }

    /// `v` is finite, ≥ 0 and at most [`MAX_MAGNITUDE`].
    pub fn non_negative(path: &str, v: f64) -> Result<(), ParamError> {
        if v.is_finite() && v >= 0.0 {
            not_huge(path, v)
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

    /// `lo <= v <= hi` in `unit` (a documented physical range), finite. The error carries
    /// the [`Limits`](super::Limits) so a file loader can restate it in the user's unit.
    pub fn range(
        path: &str,
        v: f64,
        lo: f64,
        hi: f64,
        unit: &'static str,
    ) -> Result<(), ParamError> {
        range_why(path, v, lo, hi, unit, "")
    }

    /// As [`range`], with a reason appended to the rule (`a wheel ahead of the centre of mass
    /// steering right for a left command turns the vehicle the wrong way`).
    pub fn range_why(
        path: &str,
        v: f64,
        lo: f64,
        hi: f64,
        unit: &'static str,
        why: &str,
    ) -> Result<(), ParamError> {
        if v.is_finite() && v >= lo && v <= hi {
            Ok(())
        } else {
            Err(ParamError::out_of_range(
                path,
                super::Limits {
                    value: v,
                    lo,
                    hi,
                    unit,
                },
                why,
            ))
        }
    }

    /// Largest friction coefficient a tyre, a surface multiplier or a friction-pair entry may
    /// have. Unit: 1. PhysX accepts any value; skidpad keeps a cap because no tyre–road pair
    /// comes near it (road tyres on dry asphalt 1.0–1.3, racing slicks ≈ 1.7, drag slicks on a
    /// prepared strip ≈ 2.5–3), so a larger number is a typo or a unit mistake.
    pub const MAX_FRICTION: f64 = 3.0;

    /// A friction coefficient or multiplier in [0, [`MAX_FRICTION`]], with the cap's reason
    /// in the error.
    pub fn friction(path: &str, v: f64) -> Result<(), ParamError> {
        range_why(
            path,
            v,
            0.0,
            MAX_FRICTION,
            "",
            "no tyre–road pair comes near µ = 3 (dry asphalt 1.0–1.3, drag slicks on a prepared \
             strip ≈ 2.5–3): a larger value is a typo or a unit mistake",
        )
    }

    /// Largest distance of a point of the vehicle (a force point, an aero centre) from the
    /// vehicle origin along each axis. Unit: m. The same as the wheels' limit: no rigid
    /// vehicle is longer than 100 m.
    pub const POINT_LIMIT: f64 = 50.0;

    /// A point of the vehicle frame: finite, each component within ±[`POINT_LIMIT`] m.
    pub fn point(path: &str, v: DVec3) -> Result<(), ParamError> {
        finite_vec(path, v)?;
        for (axis, x) in ["x", "y", "z"].into_iter().zip(v.to_array()) {
            range_why(
                path,
                x,
                -POINT_LIMIT,
                POINT_LIMIT,
                "m",
                &format!("the {axis} component; a point of the vehicle lies within 50 m of it"),
            )?;
        }
        Ok(())
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
    fn short_numbers() {
        assert_eq!(short_number(720f64.to_radians().to_degrees()), "720");
        assert_eq!(short_number(1e6), "1000000");
        assert_eq!(short_number(-0.5), "-0.5");
        assert_eq!(short_number(1e9), "1e9");
        assert_eq!(short_number(-1e308), "-1e308");
        assert_eq!(short_number(std::f64::consts::FRAC_PI_2), "1.57079633");
    }

    #[test]
    fn range_errors_carry_their_limits() {
        let e = check::range("mass", 1e9, 1.0, 1e6, "kg").unwrap_err();
        assert_eq!(e.rule, "must be in [1, 1000000] kg (got 1e9)");
        assert_eq!(
            e.limits.map(|l| (l.value, l.lo, l.hi, l.unit)),
            Some((1e9, 1.0, 1e6, "kg"))
        );
        assert!(check::range("mass", f64::NAN, 1.0, 1e6, "kg").is_err());
        assert!(
            check::positive("k", 1e308)
                .unwrap_err()
                .rule
                .contains("at most 1e12")
        );
        assert!(check::non_negative("k", check::MAX_MAGNITUDE).is_ok());
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

    #[test]
    fn the_friction_cap_says_why() {
        assert!(check::friction("friction", 3.0).is_ok() && check::friction("f", 0.0).is_ok());
        let e = check::friction("friction", 30.0).unwrap_err();
        assert_eq!(e.path, "friction");
        assert!(
            e.rule
                .starts_with("must be in [0, 3] (got 30): no tyre–road pair comes near"),
            "{e}"
        );
        assert!(check::friction("friction", -0.1).is_err());
        assert!(check::friction("friction", f64::NAN).is_err());
    }
}
