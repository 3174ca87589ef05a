//! Fault injection: a tyre that returns non-finite forces in a band of forward speed, for
//! testing how a host, a scenario or a game handles a step fault
//! ([`StepFault`](crate::vehicle::StepFault)) without writing a broken model of its own.
//!
//! [`NanBand`] wraps a [`FrictionCircleParams`] tyre and returns `Fx = Fy = NaN` while the
//! contact's forward speed `|vx|` lies strictly inside `(lo, hi)` (m/s), and that tyre's own
//! forces everywhere else. A vehicle on it drives normally until it crosses the band, where
//! its step is undone and reported (the core's fault undo, the CLI's fault message, the Bevy
//! plugin's `VehicleFaulted`).
//!
//! ```
//! use skidpad::tire::fault::NanBand;
//! use skidpad::tire::interface::{SlipInput, TireModel};
//! let t = NanBand::new(5.0, 12.0);
//! let at = |vx: f64| SlipInput { vx, fz: 4000.0, ..SlipInput::default() };
//! assert!(t.steady_state(&at(8.0)).fx.is_nan());
//! assert!(t.steady_state(&at(20.0)).fx.is_finite());
//! ```

use super::FrictionCircleParams;
use super::interface::{SlipInput, SteadyForces, TireModel};

/// The friction-circle tyre with NaN forces while `lo < |vx| < hi` (m/s).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NanBand {
    /// The tyre outside the band.
    pub tire: FrictionCircleParams,
    /// Lower end of the band (exclusive). Unit: m/s.
    pub lo: f64,
    /// Upper end of the band (exclusive). Unit: m/s.
    pub hi: f64,
}

impl NanBand {
    /// The default friction-circle tyre with NaN forces while `lo < |vx| < hi` (m/s).
    pub fn new(lo: f64, hi: f64) -> Self {
        Self {
            tire: FrictionCircleParams::default(),
            lo,
            hi,
        }
    }
}

impl TireModel for NanBand {
    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        let v = input.vx.abs();
        if v > self.lo && v < self.hi {
            SteadyForces {
                fx: f64::NAN,
                fy: f64::NAN,
                ..SteadyForces::default()
            }
        } else {
            self.tire.steady_state(input)
        }
    }
}
