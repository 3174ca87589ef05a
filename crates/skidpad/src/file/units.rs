//! Unit-suffixed convenience keys: a key in a non-SI unit (`max_steer_deg`) read into its SI
//! field (`max_steer`, rad) once, at load.

/// Unit of a suffixed convenience key and its conversion to SI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Degrees → radians (`f64::to_radians`). Suffix `_deg`.
    Degree,
    /// Degrees per second → rad/s (`f64::to_radians`). Suffix `_deg_per_s`.
    DegreePerSecond,
    /// Revolutions per minute → rad/s (`× π/30`). Suffix `_rpm`.
    Rpm,
    /// km/h → m/s (`÷ 3.6`). Suffix `_kmh`.
    KilometresPerHour,
    /// Percent → a ratio (`÷ 100`; a grade of 10 % is a rise of 0.1 per unit run). Suffix
    /// `_pct`.
    Percent,
}

impl Unit {
    /// The value in SI units.
    pub fn to_si(self, v: f64) -> f64 {
        match self {
            Unit::Degree | Unit::DegreePerSecond => v.to_radians(),
            Unit::Rpm => v * (std::f64::consts::PI / 30.0),
            Unit::KilometresPerHour => v / 3.6,
            Unit::Percent => v / 100.0,
        }
    }

    /// The key suffix of the unit: a convenience key is its SI key followed by it.
    pub fn suffix(self) -> &'static str {
        match self {
            Unit::Degree => "_deg",
            Unit::DegreePerSecond => "_deg_per_s",
            Unit::Rpm => "_rpm",
            Unit::KilometresPerHour => "_kmh",
            Unit::Percent => "_pct",
        }
    }
}

/// One non-SI convenience key: in the table at `table` (`[]` stands for any array index),
/// `key` is read in `unit` and stored as the SI field `si_key`. A file may give either key,
/// never both. Rule: `key` is `si_key` followed by the unit's [`Unit::suffix`].
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

/// A [`ConvenienceKey`]; `key` must be `si_key` followed by [`Unit::suffix`] (tested).
pub const fn ck(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert() {
        assert_eq!(Unit::Degree.to_si(35.0), 35f64.to_radians());
        assert_eq!(Unit::DegreePerSecond.to_si(180.0), std::f64::consts::PI);
        assert!((Unit::Rpm.to_si(6000.0) - 628.3185307179587).abs() < 1e-12);
        assert!((Unit::KilometresPerHour.to_si(36.0) - 10.0).abs() < 1e-12);
        assert_eq!(Unit::Percent.to_si(10.0), 0.1);
    }
}
