//! Per-wheel tire and spin state.

use super::thermal::TireThermalState;
use super::transient::TransientState;

/// Runtime state of one wheel's spin and tire. `Default`: not spinning, unloaded.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TireState {
    /// Spin rate about the axle, positive rolling forward. Unit: rad/s.
    pub omega: f64,
    /// Spin angle (for visuals), in `[0, 2π)`. Unit: rad.
    pub angle: f64,
    /// Tire normal load used this step (after the load filter). Unit: N.
    pub load: f64,
    /// Slip ratio κ (ISO). Unit: 1.
    pub slip_ratio: f64,
    /// Slip angle α (ISO, `atan(vy/|vx|)`). Unit: rad.
    pub slip_angle: f64,
    /// Longitudinal tire force. Unit: N.
    pub fx: f64,
    /// Lateral tire force. Unit: N.
    pub fy: f64,
    /// Aligning moment about the contact normal, + counter-clockwise seen from above: the
    /// steady-state model's Mz at the end-of-step transient slips
    /// ([`super::contact::moments`]); it acts on the chassis (the steering holds the wheel).
    /// 0 off the ground and for the friction-circle tire. Unit: N·m.
    pub mz: f64,
    /// Carcass deflections of the transient slip model. Unit: m.
    pub transient: TransientState,
    /// Temperatures, wear and pressure (stays at its default without a thermal model).
    pub thermal: TireThermalState,
}
