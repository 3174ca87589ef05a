//! Drivetrain runtime state (telemetry included).

use crate::MAX_WHEELS;

/// Runtime state of the drivetrain and the driver aids.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DrivetrainState {
    /// Engine speed. Unit: rad/s.
    pub engine_speed: f64,
    /// Engaged gear: −1 reverse, 0 neutral (also during a shift), 1.. forward.
    pub gear: i8,
    /// Gear being shifted to (equals `gear` when no shift is in progress).
    pub target_gear: i8,
    /// Time left in the current shift. Unit: s.
    pub shift_timer: f64,
    /// Time since the last automatic shift. Unit: s.
    pub autobox_timer: f64,
    /// The shift in progress was started by the autobox (throttle cut applies).
    pub automatic_shift: bool,
    /// Run-time override of the gear mode (`None` = the params' `autobox.enabled`).
    pub automatic: Option<bool>,
    /// Last substep's `gear_up` command (edge detection).
    pub gear_up_held: bool,
    /// Last substep's `gear_down` command (edge detection).
    pub gear_down_held: bool,
    /// Throttle reaching the engine after shifts and aids. Unit: 1.
    pub throttle: f64,
    /// Engine drive torque (before damping). Unit: N·m.
    pub engine_torque: f64,
    /// Clutch torque. Unit: N·m.
    pub clutch_torque: f64,
    /// Clutch slip `ω_e − G·ω_out`. Unit: rad/s.
    pub clutch_slip: f64,
    /// Clutch engagement 0..1.
    pub clutch_engagement: f64,
    /// Work done by the engine (drive torque and governors) since spawn. Unit: J.
    pub engine_work: f64,
    /// Energy dissipated in engine damping, clutch, differential locks and wheel bearing
    /// damping (`c·ω'²` per wheel, engine-coupled solve). Unit: J.
    pub driveline_loss: f64,
    /// Energy dissipated by tire slip (longitudinal and lateral) since spawn. Unit: J.
    pub slip_energy: f64,
    /// ABS: brake released on this wheel.
    pub abs_released: [bool; MAX_WHEELS],
    /// ABS: service-brake pressure fraction per wheel (1 = the pedal's full demand).
    pub abs_scale: [f64; MAX_WHEELS],
    /// ABS: pressure fraction at this wheel's last release (the locking pressure the rebuild
    /// returns to quickly; 1 before the first cycle).
    pub abs_lock_scale: [f64; MAX_WHEELS],
    /// Traction control torque fraction (1 = no intervention).
    pub tc_scale: f64,
    /// ESC yaw-rate error `r − r_ref`. Unit: rad/s.
    pub esc_yaw_error: f64,
    /// ESC brake torque per wheel. Unit: N·m.
    pub esc_brake: [f64; MAX_WHEELS],
}

impl Default for DrivetrainState {
    fn default() -> Self {
        Self {
            engine_speed: 0.0,
            gear: 0,
            target_gear: 0,
            shift_timer: 0.0,
            autobox_timer: 0.0,
            automatic_shift: false,
            automatic: None,
            gear_up_held: false,
            gear_down_held: false,
            throttle: 0.0,
            engine_torque: 0.0,
            clutch_torque: 0.0,
            clutch_slip: 0.0,
            clutch_engagement: 0.0,
            engine_work: 0.0,
            driveline_loss: 0.0,
            slip_energy: 0.0,
            abs_released: [false; MAX_WHEELS],
            abs_scale: [1.0; MAX_WHEELS],
            abs_lock_scale: [1.0; MAX_WHEELS],
            tc_scale: 1.0,
            esc_yaw_error: 0.0,
            esc_brake: [0.0; MAX_WHEELS],
        }
    }
}
