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

    /// The value in this unit from SI (the inverse of [`Unit::to_si`]).
    pub fn from_si(self, v: f64) -> f64 {
        match self {
            Unit::Degree | Unit::DegreePerSecond => v.to_degrees(),
            Unit::Rpm => v * (30.0 / std::f64::consts::PI),
            Unit::KilometresPerHour => v * 3.6,
            Unit::Percent => v * 100.0,
        }
    }

    /// The unit's symbol in messages: `deg`, `deg/s`, `rpm`, `km/h`, `%`.
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Degree => "deg",
            Unit::DegreePerSecond => "deg/s",
            Unit::Rpm => "rpm",
            Unit::KilometresPerHour => "km/h",
            Unit::Percent => "%",
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

impl ConvenienceKey {
    /// A broken range rule ([`ParamError::limits`](crate::ParamError::limits), SI) restated
    /// in this key's unit: `max_steer_deg = 720: must be in [-90, 90] deg`, followed by the
    /// reason of `rule` if it gives one (the text after its `(got …): `).
    pub fn restate(&self, limits: &crate::error::Limits, rule: &str) -> String {
        use crate::error::short_number;
        let u = self.unit;
        let mut out = format!(
            "{} = {}: must be in [{}, {}] {}",
            self.key,
            short_number(u.from_si(limits.value)),
            short_number(u.from_si(limits.lo)),
            short_number(u.from_si(limits.hi)),
            u.symbol()
        );
        if let Some((_, why)) = rule.split_once("): ") {
            out.push_str(": ");
            out.push_str(why);
        }
        out
    }
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
        for u in [
            Unit::Degree,
            Unit::DegreePerSecond,
            Unit::Rpm,
            Unit::KilometresPerHour,
            Unit::Percent,
        ] {
            assert!((u.from_si(u.to_si(720.0)) - 720.0).abs() < 1e-9, "{u:?}");
        }
    }

    #[test]
    fn range_restated_in_the_written_unit() {
        let c = ck("wheels[]", "max_steer_deg", "max_steer", Unit::Degree);
        let l = crate::error::Limits {
            value: 720f64.to_radians(),
            lo: -std::f64::consts::FRAC_PI_2,
            hi: std::f64::consts::FRAC_PI_2,
            unit: "rad",
        };
        assert_eq!(
            c.restate(&l, "must be in [-1.5707963, 1.5707963] rad (got 12.56)"),
            "max_steer_deg = 720: must be in [-90, 90] deg"
        );
        assert_eq!(
            c.restate(&l, "must be in [0, 1] rad (got 2): a reason"),
            "max_steer_deg = 720: must be in [-90, 90] deg: a reason"
        );
    }
}
