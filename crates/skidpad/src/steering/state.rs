//! Steering runtime state.

use crate::MAX_WHEELS;

/// Road-wheel steer angles of the last substep, before toe (the rate limiter's memory).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SteeringState {
    /// Steer angle per wheel, positive left, toe excluded. Unit: rad. A step writes the
    /// slots of the vehicle's wheels only (under intent or direct commands alike); the
    /// slots past its wheel count keep what they hold (0 from [`Default`]) and nothing
    /// reads them.
    pub angle: [f64; MAX_WHEELS],
}

impl Default for SteeringState {
    fn default() -> Self {
        Self {
            angle: [0.0; MAX_WHEELS],
        }
    }
}
