//! Runtime state of the longitudinal vehicle body.

use super::model::{self, StepOptions};
use super::params::VehicleBodyParams;

/// State of the body along the road (+x forward, along the grade) and the forces of the
/// last evaluation. `position` and `velocity` are the integrated states; every other field
/// is an output that [`step`](super::step) rewrites, consistent with the new velocity and
/// the traction of that step.
///
/// `Default` is at rest at `x = 0` with all outputs zero; use
/// [`at_rest`](Self::at_rest) to have the static normal loads filled in as well.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct VehicleBodyState {
    /// Distance travelled along the road from the start. Unit: m.
    pub position: f64,
    /// Speed along the road, positive forward (uphill for `grade > 0`). Unit: m/s.
    pub velocity: f64,
    /// Longitudinal acceleration `a_x = dv/dt` of the last evaluation. Unit: m/s².
    pub acceleration: f64,
    /// Normal force of the road on the front axle, positive compressive, ≥ 0. Unit: N.
    pub normal_front: f64,
    /// Normal force of the road on the rear axle, positive compressive, ≥ 0. Unit: N.
    pub normal_rear: f64,
    /// Aerodynamic drag, positive when it acts along −x (opposes forward motion). Unit: N.
    pub drag: f64,
    /// Front-axle rolling resistance, positive when it acts along −x. Unit: N.
    pub rolling_front: f64,
    /// Rear-axle rolling resistance, positive when it acts along −x. Unit: N.
    pub rolling_rear: f64,
    /// Grade resistance `m g sin θ`, positive when it acts along −x (uphill). Unit: N.
    pub grade_force: f64,
}

impl VehicleBodyState {
    /// At rest at `x = 0` with no traction: outputs evaluated (static normal loads,
    /// the grade force, and the acceleration — nonzero on a grade, where the body rolls back).
    #[must_use]
    pub fn at_rest(params: &VehicleBodyParams) -> Self {
        Self::moving(params, 0.0)
    }

    /// At `x = 0` moving at `velocity` (m/s) with no traction, outputs evaluated.
    #[must_use]
    pub fn moving(params: &VehicleBodyParams, velocity: f64) -> Self {
        let mut s = Self {
            velocity,
            ..Self::default()
        };
        model::evaluate(params, &StepOptions::default(), &mut s, 0.0, 0.0);
        s
    }

    /// Total normal force `N_f + N_r`; equals `m g cos θ` in this model. Unit: N.
    #[must_use]
    pub fn normal_total(&self) -> f64 {
        self.normal_front + self.normal_rear
    }

    /// Sum of all resistances acting along −x: drag + rolling (both axles) + grade. Unit: N.
    #[must_use]
    pub fn resistance_total(&self) -> f64 {
        self.drag + self.rolling_front + self.rolling_rear + self.grade_force
    }
}
