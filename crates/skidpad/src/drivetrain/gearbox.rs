//! Gearbox: reverse, neutral and N forward ratios times a final drive, with a switch time
//! spent in neutral (PhysX `PxVehicleGearsData`).
//!
//! Gear numbers: `-1` reverse, `0` neutral, `1..=N` forward. The total ratio is
//! `G = r_gear·r_final` (negative in reverse, 0 in neutral); engine speed ↔ differential
//! input speed `ω_e = G·ω_out` when the clutch does not slip.

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Gearbox parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GearboxParams {
    /// Forward ratios, first gear first, strictly decreasing. Unit: 1. Range: (0,
    /// [`MAX_RATIO`]], 1 to 16 gears. Default: 4.0, 2.0, 1.5, 1.1, 1.0 (PhysX defaults).
    pub forward_ratios: Vec<f64>,
    /// Reverse ratio magnitude (applied negated). Unit: 1. Range: (0, [`MAX_RATIO`]].
    /// Default: 4.0.
    pub reverse_ratio: f64,
    /// Final drive ratio multiplying every gear. Unit: 1. Range: (0, [`MAX_RATIO`]].
    /// Default: 4.0.
    /// Raise it for acceleration, lower it for top speed.
    pub final_drive: f64,
    /// Time a gear change spends in neutral. Unit: s. Range: [0, 5]. Default: 0.5 (PhysX).
    /// Keep it well below the autobox latency.
    pub switch_time: f64,
}

/// Maximum number of forward gears.
pub const MAX_FORWARD_GEARS: usize = 16;

impl Default for GearboxParams {
    fn default() -> Self {
        Self {
            forward_ratios: vec![4.0, 2.0, 1.5, 1.1, 1.0],
            reverse_ratio: 4.0,
            final_drive: 4.0,
            switch_time: 0.5,
        }
    }
}

/// Largest gear or final-drive ratio accepted: crawler first gears reach ≈ 15, truck and tank
/// final drives ≈ 10; beyond 50 a ratio is a typo. Unit: —.
pub const MAX_RATIO: f64 = 50.0;

impl GearboxParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path (`forward_ratios[2]`).
    pub fn validate(&self) -> Result<(), ParamError> {
        let n = self.forward_ratios.len();
        if n == 0 || n > MAX_FORWARD_GEARS {
            return Err(ParamError::new(
                "forward_ratios",
                format!("needs 1..={MAX_FORWARD_GEARS} gears (got {n})"),
            ));
        }
        for (i, &r) in self.forward_ratios.iter().enumerate() {
            check::positive(&format!("forward_ratios[{i}]"), r)?;
            check::range(&format!("forward_ratios[{i}]"), r, 0.0, MAX_RATIO, "")?;
            if i > 0 && r >= self.forward_ratios[i - 1] {
                return Err(ParamError::new(
                    format!("forward_ratios[{i}]"),
                    format!(
                        "must be < the gear below ({} ≥ {})",
                        r,
                        self.forward_ratios[i - 1]
                    ),
                ));
            }
        }
        check::positive("reverse_ratio", self.reverse_ratio)?;
        check::range("reverse_ratio", self.reverse_ratio, 0.0, MAX_RATIO, "")?;
        check::positive("final_drive", self.final_drive)?;
        check::range("final_drive", self.final_drive, 0.0, MAX_RATIO, "")?;
        check::in_range("switch_time", self.switch_time, 0.0, 5.0)
    }

    /// Highest forward gear.
    pub fn top_gear(&self) -> i8 {
        self.forward_ratios.len() as i8
    }

    /// Total ratio `G` of `gear` including the final drive (0 in neutral, negative in reverse).
    pub fn total_ratio(&self, gear: i8) -> f64 {
        match gear {
            g if g < 0 => -self.reverse_ratio * self.final_drive,
            0 => 0.0,
            g => self
                .forward_ratios
                .get(g as usize - 1)
                .map_or(0.0, |r| r * self.final_drive),
        }
    }

    /// Clamp a requested gear into `-1..=top_gear`.
    pub fn clamp_gear(&self, gear: i8) -> i8 {
        gear.clamp(-1, self.top_gear())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios() {
        let g = GearboxParams::default();
        assert_eq!(g.total_ratio(1), 16.0);
        assert_eq!(g.total_ratio(0), 0.0);
        assert_eq!(g.total_ratio(-1), -16.0);
        assert_eq!(g.total_ratio(5), 4.0);
        assert_eq!(g.clamp_gear(9), 5);
        let bad = GearboxParams {
            forward_ratios: vec![4.0, 2.0, 2.5],
            ..Default::default()
        };
        assert_eq!(bad.validate().unwrap_err().path, "forward_ratios[2]");
    }
}
