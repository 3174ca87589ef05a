//! Telemetry channels: one row of numbers per step, with unit-suffixed names.
//!
//! [`channel_names`] builds the header once (it allocates); [`fill_row`] writes a row into a
//! caller-owned buffer and never allocates, so it can run inside a step loop.
//!
//! ```
//! use skidpad::{telemetry, vehicle::Vehicle, presets};
//! let car = Vehicle::new(presets::sedan()).unwrap();
//! let names = telemetry::channel_names(car.params());
//! let mut row = vec![0.0; names.len()];
//! telemetry::fill_row(&car, &mut row);
//! assert_eq!(names[0], "t_s");
//! ```

use crate::vehicle::{Controls, Vehicle, VehicleParams};

/// Chassis channels, in order.
pub const CHASSIS_CHANNELS: [&str; 16] = [
    "t_s",
    "x_m",
    "y_m",
    "z_m",
    "roll_rad",
    "pitch_rad",
    "yaw_rad",
    "vx_mps",
    "vy_mps",
    "vz_mps",
    "yaw_rate_radps",
    "ax_mps2",
    "ay_mps2",
    "steer_rad",
    "engine_speed_radps",
    "gear",
];

/// Per-wheel channels, in order; each is prefixed with the wheel name (`fl_load_n`).
pub const WHEEL_CHANNELS: [&str; 12] = [
    "load_n",
    "jounce_m",
    "omega_radps",
    "slip_ratio",
    "slip_angle_rad",
    "fx_n",
    "fy_n",
    "drive_torque_nm",
    "brake_torque_nm",
    "tread_temp_c",
    "wear",
    "grip",
];

/// Column names for a vehicle: chassis channels then per-wheel channels.
pub fn channel_names(p: &VehicleParams) -> Vec<String> {
    let mut out: Vec<String> = CHASSIS_CHANNELS.iter().map(|s| s.to_string()).collect();
    for (i, w) in p.wheels.iter().enumerate() {
        let prefix = if w.name.is_empty() {
            format!("w{i}")
        } else {
            w.name.clone()
        };
        for c in WHEEL_CHANNELS {
            out.push(format!("{prefix}_{c}"));
        }
    }
    out
}

/// Number of channels for a vehicle with `n_wheels` wheels.
pub const fn channel_count(n_wheels: usize) -> usize {
    CHASSIS_CHANNELS.len() + n_wheels * WHEEL_CHANNELS.len()
}

/// Write the current state into `row` (length ≥ [`channel_count`]). Velocities and
/// accelerations are in vehicle axes (ISO 8855); angles are ISO roll/pitch/yaw; `steer_rad` is
/// the mean road-wheel angle of the steered wheels.
pub fn fill_row(v: &Vehicle, row: &mut [f64]) {
    let s = v.state();
    let c = &s.chassis;
    let (roll, pitch, yaw) = c.roll_pitch_yaw();
    let vb = c.velocity_body();
    let wb = c.angular_velocity_body();
    let ab = s.acceleration_body();
    let (mut steer, mut n) = (0.0, 0.0);
    for (w, p) in s.wheels().iter().zip(&v.params().wheels) {
        let steered = match v.controls() {
            Controls::Intent(_) => p.max_steer != 0.0,
            Controls::Direct(_) => true,
        };
        if steered {
            steer += w.steer;
            n += 1.0;
        }
    }
    let t = c.pose.translation;
    let head = [
        s.time,
        t.x,
        t.y,
        t.z,
        roll,
        pitch,
        yaw,
        vb.x,
        vb.y,
        vb.z,
        wb.z,
        ab.x,
        ab.y,
        if n > 0.0 { steer / n } else { 0.0 },
        s.drivetrain.engine_speed,
        f64::from(s.drivetrain.gear),
    ];
    row[..head.len()].copy_from_slice(&head);
    let mut k = head.len();
    for w in s.wheels() {
        let vals = [
            w.normal_load,
            w.suspension.jounce,
            w.tire.omega,
            w.tire.slip_ratio,
            w.tire.slip_angle,
            w.tire.fx,
            w.tire.fy,
            w.drive_torque,
            w.brake_torque,
            w.tire.thermal.surface_temperature,
            w.tire.thermal.wear,
            w.tire.thermal.grip,
        ];
        row[k..k + vals.len()].copy_from_slice(&vals);
        k += vals.len();
    }
}
