//! Steering runtime state.

use crate::MAX_WHEELS;

/// Road-wheel steer angles of the last substep, before toe (the rate limiter's memory).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SteeringState {
    /// Steer angle per wheel, positive left, toe excluded. Unit: rad.
    pub angle: [f64; MAX_WHEELS],
}

impl Default for SteeringState {
    fn default() -> Self {
        Self {
            angle: [0.0; MAX_WHEELS],
        }
    }
}
