//! The `[UNITS]` table: unit names to SI factors, and the factor of each key dimension
//! (see the [`tir`](super) module docs for the accepted names).

use super::TirError;
use super::lines::{Entry, Value};
use crate::tire::mf::coeffs::Dim;

/// SI factor of `unit` for the `[UNITS]` key `kind` (`LENGTH`, `FORCE`, ...); `None` if unknown.
fn unit_factor(kind: &str, unit: &str) -> Option<f64> {
    let u = unit.trim().to_ascii_lowercase();
    let u = u.as_str();
    Some(match kind {
        "LENGTH" => match u {
            "meter" | "meters" | "metre" | "metres" | "m" => 1.0,
            "millimeter" | "millimeters" | "millimetre" | "mm" => 1e-3,
            "centimeter" | "centimeters" | "centimetre" | "cm" => 1e-2,
            "kilometer" | "kilometers" | "kilometre" | "km" => 1e3,
            "inch" | "inches" | "in" => 0.0254,
            "foot" | "feet" | "ft" => 0.3048,
            _ => return None,
        },
        "FORCE" => match u {
            "newton" | "newtons" | "n" => 1.0,
            "kilonewton" | "kilonewtons" | "kn" => 1e3,
            "pound_force" | "lbf" => 4.448_221_615_260_5,
            "kilogram_force" | "kgf" => 9.806_65,
            "dyne" => 1e-5,
            _ => return None,
        },
        "ANGLE" => match u {
            "radian" | "radians" | "rad" => 1.0,
            "degree" | "degrees" | "deg" => std::f64::consts::PI / 180.0,
            _ => return None,
        },
        "MASS" => match u {
            "kg" | "kilogram" | "kilograms" => 1.0,
            "gram" | "grams" | "g" => 1e-3,
            "tonne" | "tonnes" => 1e3,
            "pound_mass" | "lbm" => 0.453_592_37,
            "slug" => 14.593_902_937,
            _ => return None,
        },
        "TIME" => match u {
            "second" | "seconds" | "sec" | "s" => 1.0,
            "millisecond" | "milliseconds" | "ms" => 1e-3,
            "minute" | "minutes" | "min" => 60.0,
            "hour" | "hours" | "hr" | "h" => 3600.0,
            _ => return None,
        },
        "PRESSURE" => match u {
            "pascal" | "pascals" | "pa" | "n/m2" | "n/m**2" => 1.0,
            "kilopascal" | "kpa" => 1e3,
            "megapascal" | "mpa" | "n/mm2" | "n/mm**2" => 1e6,
            "bar" => 1e5,
            "psi" => 6_894.757_293_168,
            _ => return None,
        },
        _ => return None,
    })
}

/// SI factors of the file's base units (`pressure`: `None` = FORCE/LENGTH²).
#[derive(Debug, Clone, Copy)]
pub(super) struct Units {
    length: f64,
    force: f64,
    angle: f64,
    mass: f64,
    time: f64,
    pressure: Option<f64>,
}

impl Units {
    /// SI factor of a key with dimension `dim`.
    pub(super) fn factor(&self, dim: Dim) -> f64 {
        match dim {
            Dim::None => 1.0,
            Dim::Length => self.length,
            Dim::Force => self.force,
            Dim::Angle => self.angle,
            Dim::Speed => self.length / self.time,
            Dim::Pressure => self
                .pressure
                .unwrap_or(self.force / (self.length * self.length)),
            Dim::Mass => self.mass,
            Dim::Stiffness => self.force / self.length,
            Dim::Damping => self.force * self.time / self.length,
            Dim::Inertia => self.mass * self.length * self.length,
        }
    }
}

/// The units the file declares (any `[UNITS]` key, wherever it stands; SI where absent).
pub(super) fn read_units(entries: &[Entry], path: &str) -> Result<Units, TirError> {
    let mut units = Units {
        length: 1.0,
        force: 1.0,
        angle: 1.0,
        mass: 1.0,
        time: 1.0,
        pressure: None,
    };
    for e in entries {
        if matches!(
            e.key.as_str(),
            "LENGTH" | "FORCE" | "ANGLE" | "MASS" | "TIME" | "PRESSURE"
        ) {
            let (Value::Str(u) | Value::Word(u)) = &e.value else {
                return Err(TirError::new(
                    path,
                    e.line,
                    &e.key,
                    "unit must be a quoted name",
                ));
            };
            let f = unit_factor(&e.key, u).ok_or_else(|| {
                TirError::new(path, e.line, &e.key, format!("unknown unit '{u}'"))
            })?;
            match e.key.as_str() {
                "LENGTH" => units.length = f,
                "FORCE" => units.force = f,
                "ANGLE" => units.angle = f,
                "MASS" => units.mass = f,
                "TIME" => units.time = f,
                _ => units.pressure = Some(f),
            }
        }
    }
    Ok(units)
}
