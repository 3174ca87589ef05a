//! Per-wheel tire and spin state.

use super::thermal::TireThermalState;
use super::transient::TransientState;

/// Runtime state of one wheel's spin and tire. `Default`: not spinning, unloaded.
///
/// Its `Debug` form (the determinism hash) and its `==` are `#[derive]`'s without the
/// derived cache [`TireState::lateral_unit`].
#[derive(Clone, Copy, Default)]
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
    /// Derived cache, not physics state: the simplified Magic Formula's lateral curve at the
    /// argument of the aligning moment the contact solve recorded last
    /// ([`super::simple_magic::UnitMemo`]), for the next substep's start point, which asks
    /// for the same argument on nearly every substep. Any value gives the same results (a
    /// hit is the curve's own bits); left out of the `Debug` form and `==`.
    pub lateral_unit: super::simple_magic::UnitMemo,
}

impl std::fmt::Debug for TireState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `#[derive(Debug)]`'s form without the derived cache `lateral_unit`.
        f.debug_struct("TireState")
            .field("omega", &self.omega)
            .field("angle", &self.angle)
            .field("load", &self.load)
            .field("slip_ratio", &self.slip_ratio)
            .field("slip_angle", &self.slip_angle)
            .field("fx", &self.fx)
            .field("fy", &self.fy)
            .field("mz", &self.mz)
            .field("transient", &self.transient)
            .field("thermal", &self.thermal)
            .finish()
    }
}

impl PartialEq for TireState {
    fn eq(&self, other: &Self) -> bool {
        // `#[derive(PartialEq)]`'s comparison without the derived cache `lateral_unit`.
        self.omega == other.omega
            && self.angle == other.angle
            && self.load == other.load
            && self.slip_ratio == other.slip_ratio
            && self.slip_angle == other.slip_angle
            && self.fx == other.fx
            && self.fy == other.fy
            && self.mz == other.mz
            && self.transient == other.transient
            && self.thermal == other.thermal
    }
}
