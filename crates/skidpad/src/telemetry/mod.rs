//! Telemetry and events: a typed channel schema, preallocated ring buffers, and the discrete
//! events (wheel grounded/ungrounded, airborne, landed, gear changed, drift started/ended) a
//! game or a test reacts to.
//!
//! # Model
//! After a step, [`sample`] reads a [`Vehicle`] into one [`VehicleSample`] (`Copy`, fixed
//! size, no heap). Samples go into a [`RingBuffer`] of fixed capacity (default 256, as PhysX's
//! vehicle telemetry) whose one allocation happens at construction. [`events::detect`]
//! compares two consecutive samples and returns a fixed-capacity [`EventList`]; a [`Monitor`]
//! kept beside a vehicle runs it after each step and queues the events ([`Monitor::events`],
//! [`Monitor::drain`]). Telemetry is not a stage of the step: it observes a vehicle from
//! outside, so a host that does not want it pays nothing. For CSV, [`channel_names`] and [`fill_row`] flatten a sample
//! along [`VEHICLE_CHANNELS`] then [`WHEEL_CHANNELS`] per wheel; each column name carries
//! its unit (`vx_mps`, `fl_load_n`). Nothing after construction allocates. A [`Recorder`]
//! keeps a whole run as named columns and its events (a growing record for reports and files,
//! CSV with the `files` feature).
//!
//! # Channels
//! Axes: ISO 8855 vehicle axes (x forward, y left, z up); world z up.
//!
//! | field | column | unit | meaning |
//! |---|---|---|---|
//! | `time` | `t_s` | s | simulated time |
//! | `position` | `x_m y_m z_m` | m | vehicle-frame origin, world |
//! | `roll pitch yaw` | `roll_rad …` | rad | ISO attitude |
//! | `velocity_body` | `vx_mps vy_mps vz_mps` | m/s | CoM velocity, vehicle axes |
//! | `angular_velocity_body` | `roll_rate_radps pitch_rate_radps yaw_rate_body_radps` | rad/s | body-axis rates p, q, r |
//! | `yaw_rate` | `yaw_rate_radps` | rad/s | ISO 8855 yaw rate about the vertical (world z) |
//! | `acceleration` | `ax_mps2 ay_mps2 az_mps2` | m/s² | ISO 8855 kinematic CoM acceleration, intermediate axes (x = heading in the horizontal plane, y left, z up) |
//! | `acceleration_body` | `ax_body_mps2 ay_body_mps2 az_body_mps2` | m/s² | accelerometer reading: specific force `a − g⃗` in body axes |
//! | `vertical_velocity` | `vz_world_mps` | m/s | CoM velocity along world z |
//! | `speed` | `speed_mps` | m/s | CoM speed |
//! | `body_slip_angle` | `body_slip_angle_rad` | rad | β = atan2(vy, \|vx\|), + sliding left |
//! | `steer_angle` | `steer_rad` | rad | mean road-wheel angle of the steered wheels |
//! | `commands` | `throttle_cmd brake_cmd handbrake_cmd steer_cmd` | 1 | driver commands after smoothing |
//! | `engine_speed` | `engine_speed_radps` | rad/s | engine speed |
//! | `engine_torque` | `engine_torque_nm` | N·m | engine drive torque |
//! | `engine_throttle` | `engine_throttle` | 1 | throttle at the engine after shifts and aids |
//! | `clutch_slip` | `clutch_slip_radps` | rad/s | `ω_engine − G·ω_out` |
//! | `gear`, `target_gear` | `gear target_gear` | 1 | engaged (0 while shifting) and selected gear |
//! | (derived) | `grounded_wheels` | 1 | wheels on the ground |
//! | `steering_torque` | `steering_torque_nm` | N·m | torque of the steered tyres on the steering wheel, + left (`Σ(Mz − t_m·Fy)/i_s`, force feedback) |
//! | `gear_ratio` | `gear_ratio` | 1 | total ratio of the engaged gear incl. final drive (0 in neutral, shifting, direct drive) |
//!
//! Per wheel ([`WheelSample`]; column prefixed with the wheel's name, e.g. `fl_`):
//!
//! | field | column | unit | meaning |
//! |---|---|---|---|
//! | `normal_load` | `load_n` | N | ground normal load (before the load filter) |
//! | `jounce` | `jounce_m` | m | suspension jounce, + compression |
//! | `omega` | `omega_radps` | rad/s | wheel spin (wheel speed) |
//! | `slip_ratio` | `slip_ratio` | 1 | κ = (ωR − vx)/\|vx\| |
//! | `slip_angle` | `slip_angle_rad` | rad | α = atan(vy/\|vx\|) |
//! | `fx`, `fy` | `fx_n fy_n` | N | tire forces (tire frame, + forward, + left) |
//! | `drive_torque`, `brake_torque` | `drive_torque_nm brake_torque_nm` | N·m | axle torques |
//! | `temperature` | `tread_temp_c` | °C | tread surface temperature |
//! | `wear` | `wear` | 1 | worn fraction |
//! | `thermal_grip` | `grip` | 1 | thermal/wear grip multiplier |
//! | `grounded` | `grounded` | 0/1 | wheel on the ground |
//! | `suspension_force` | `susp_force_n` | N | strut force |
//! | `tire_load` | `tire_load_n` | N | load the tire model used (filtered) |
//! | `normalised_load` | `norm_load` | 1 | tire load / rest load |
//! | `steer` | `steer_rad` | rad | road-wheel steer angle incl. toe |
//! | `friction` | `friction` | 1 | surface × tire-type pair × thermal grip multiplier of µ |
//! | `aligning_moment` | `mz_nm` | N·m | Mz (0 for the friction-circle tire and off the ground) |
//! | `camber` | `camber_rad` | rad | camber to the road, + top outward (kinematic + roll + road); off the ground: to the body |
//!
//! The ISO channels are what ISO 8855 and the test standards (ISO 4138, ISO 7401) measure and
//! what the KPIs use; the `_body` channels are what sensors fixed to the body would read. At
//! 5° of steady roll in a 6 m/s² turn the accelerometer reads `6·cos 5° + 9.81·sin 5° =
//! 6.83` m/s² on `ay_body_mps2`, `ay_mps2` reads 6.00. On a slope the intermediate axes stay
//! horizontal (ISO 8855's ground plane is normal to gravity): `ax_mps2` is the horizontal
//! component of the acceleration along the heading, `az_mps2` the vertical one.
//!
//! # Limits
//! Samples are taken once per step (not per substep). In hosted mode the accelerations are
//! the vehicle's own prediction over the step (see [`crate::pipeline::step_hosted`]). The aligning moment comes from the steady-state tire model at the
//! tire's transient slips ([`crate::tire::contact::moments`]), computed in the step and applied
//! to the chassis.
//!
//! ```
//! use skidpad::{telemetry::{self, RingBuffer, EventKind}, vehicle::Vehicle, presets};
//! use skidpad::{ground::Plane, Pose, DVec3};
//! let mut car = Vehicle::new(presets::sedan()).unwrap();
//! car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
//! let mut monitor = telemetry::Monitor::new(&car);
//! let mut ring = RingBuffer::new(telemetry::DEFAULT_CAPACITY);
//! for _ in 0..120 {
//!     car.step(1.0 / 60.0, &Plane::flat());
//!     monitor.observe(&car);
//!     ring.push(*monitor.sample());
//! }
//! assert_eq!(ring.len(), 120);
//! assert!(monitor.drain().any(|e| matches!(e.kind, EventKind::Landed { .. })));
//! let names = telemetry::channel_names(car.params());
//! let mut row = vec![0.0; names.len()];
//! telemetry::fill_row(&car, &mut row);
//! assert_eq!((names[0].as_str(), names[telemetry::VEHICLE_CHANNELS.len()].as_str()), ("t_s", "fl_load_n"));
//! ```

pub mod drift;
pub mod events;
pub mod graph;
pub mod monitor;
pub mod recorder;
pub mod ring;
pub mod schema;

pub use drift::{DriftParams, DriftState};
pub use events::{Event, EventKind, EventList, EventMonitor, detect};
pub use monitor::Monitor;
#[cfg(feature = "files")]
pub use recorder::CsvRecorder;
pub use recorder::{Phase, RECORDER_MAX_EVENTS, RECORDER_MAX_VALUES, RECORDER_MIN_ROWS, Recorder};
pub use ring::{DEFAULT_CAPACITY, RingBuffer};
pub use schema::{
    Channel, Commands, VEHICLE_CHANNELS, VehicleSample, WHEEL_CHANNELS, WheelChannel, WheelSample,
    body_slip_angle, sample,
};

use crate::vehicle::{Vehicle, VehicleParams};

/// Column names for a vehicle: [`VEHICLE_CHANNELS`] then [`WHEEL_CHANNELS`] for each wheel,
/// prefixed with its name (`fl_load_n`; `w3_` for an unnamed wheel 3). Allocates: call once.
pub fn channel_names(p: &VehicleParams) -> Vec<String> {
    let mut out: Vec<String> = VEHICLE_CHANNELS
        .iter()
        .map(|c| c.column.to_string())
        .collect();
    for (i, w) in p.wheels.iter().enumerate() {
        let prefix = if w.name.is_empty() {
            format!("w{i}")
        } else {
            w.name.clone()
        };
        for c in &WHEEL_CHANNELS {
            out.push(format!("{prefix}_{}", c.column));
        }
    }
    out
}

/// Number of channels for a vehicle with `n_wheels` wheels.
pub const fn channel_count(n_wheels: usize) -> usize {
    VEHICLE_CHANNELS.len() + n_wheels * WHEEL_CHANNELS.len()
}

/// Write `s` into `row` in [`channel_names`] order. `row` must hold at least
/// [`channel_count`]`(s.n_wheels)` values. Never allocates.
pub fn fill_row_from_sample(s: &VehicleSample, row: &mut [f64]) {
    let (head, wheels) = row.split_at_mut(VEHICLE_CHANNELS.len());
    for (dst, c) in head.iter_mut().zip(&VEHICLE_CHANNELS) {
        *dst = (c.get)(s);
    }
    for (w, chunk) in s
        .wheels()
        .iter()
        .zip(wheels.chunks_exact_mut(WHEEL_CHANNELS.len()))
    {
        for (dst, c) in chunk.iter_mut().zip(&WHEEL_CHANNELS) {
            *dst = (c.get)(w);
        }
    }
}

/// Write `v`'s current state into `row` (see [`fill_row_from_sample`]). Never allocates.
pub fn fill_row(v: &Vehicle, row: &mut [f64]) {
    fill_row_from_sample(&sample(v), row);
}
