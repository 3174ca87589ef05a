//! The channel schema: one [`VehicleSample`] (with a [`WheelSample`] per wheel) per step, built
//! by the pure function [`sample`] from a [`Vehicle`], and the flat channel tables
//! ([`VEHICLE_CHANNELS`], [`WHEEL_CHANNELS`]) that name every number with its unit for CSV.
//!
//! See the [module docs](super) for the table of channels.

use crate::MAX_WHEELS;
use crate::steering::model::{kingpin_moment, steering_wheel_torque};
use crate::vehicle::{Controls, Vehicle};
use glam::DVec3;

/// Per-wheel channels of one sample. `Default`: an unloaded wheel off the ground.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct WheelSample {
    /// The wheel touched the ground this step.
    pub grounded: bool,
    /// Suspension jounce from the design position, positive in compression. Unit: m.
    pub jounce: f64,
    /// Total suspension force along the strut (spring, damper, bump stop, anti-roll). Unit: N.
    pub suspension_force: f64,
    /// Normal load the ground puts on the tire (before the load filter). Unit: N.
    pub normal_load: f64,
    /// Load the tire model used (after the load filter). Unit: N.
    pub tire_load: f64,
    /// Tire load over the wheel's rest load (sprung mass × g); 1 at rest on level ground,
    /// 0 when the rest load is 0. Unit: 1.
    pub normalised_load: f64,
    /// Wheel spin rate, positive rolling forward. Unit: rad/s.
    pub omega: f64,
    /// Road-wheel steer angle including toe, positive left. Unit: rad.
    pub steer: f64,
    /// Friction multiplier the tire saw: surface friction (wet, texture) × tire-type/surface
    /// pair × the tire's thermal/wear grip; multiplies the tire's own µ. 0 off the ground.
    /// Unit: 1.
    pub friction: f64,
    /// Longitudinal slip ratio κ (ISO, `(ωR − vx)/|vx|`). Unit: 1.
    pub slip_ratio: f64,
    /// Longitudinal tire force, positive driving. Unit: N.
    pub fx: f64,
    /// Slip angle α (ISO, `atan(vy/|vx|)`). Unit: rad.
    pub slip_angle: f64,
    /// Lateral tire force, positive to the left. Unit: N.
    pub fy: f64,
    /// Aligning moment Mz of the steady-state tire model at the tire's current (transient)
    /// slips, positive counter-clockwise seen from above, as applied to the chassis
    /// ([`crate::tire::TireState::mz`]); 0 off the ground and for the friction-circle tire,
    /// which has none. Unit: N·m.
    pub aligning_moment: f64,
    /// Drive torque at the axle. Unit: N·m.
    pub drive_torque: f64,
    /// Brake torque magnitude (service, hand brake, aids). Unit: N·m.
    pub brake_torque: f64,
    /// Tread surface temperature (20 °C without a thermal model). Unit: °C.
    pub temperature: f64,
    /// Worn fraction of the tread, 0 new … 1 worn out. Unit: 1.
    pub wear: f64,
    /// Thermal/wear grip multiplier of the tire alone (1 without a thermal model). Unit: 1.
    pub thermal_grip: f64,
    /// Camber angle to the road, + top leaning away from the vehicle centreline (ISO 8855
    /// camber): kinematic camber, body roll and road camber together, `−side·γ` with γ the
    /// inclination the tyre model saw ([`crate::wheel::inclination`]). Off the ground: the
    /// kinematic camber relative to the body. Unit: rad.
    pub camber: f64,
}

/// The driver commands the pipeline applied last substep, after input smoothing. All 0 under
/// direct per-wheel control ([`Controls::Direct`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Commands {
    /// Throttle, [0, 1].
    pub throttle: f64,
    /// Service brake, [0, 1].
    pub brake: f64,
    /// Hand brake, [0, 1].
    pub handbrake: f64,
    /// Steering command, [−1, 1], positive left.
    pub steer: f64,
}

/// One telemetry sample of a whole vehicle. `Copy`, fixed size (no heap): push it into a
/// [`super::RingBuffer`] every step.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VehicleSample {
    /// Simulated time since spawn. Unit: s.
    pub time: f64,
    /// Origin of the vehicle frame in the world. Unit: m.
    pub position_world: DVec3,
    /// Roll angle (ISO, about x, positive right side down). Unit: rad.
    pub roll: f64,
    /// Pitch angle (ISO, about y, positive nose down). Unit: rad.
    pub pitch: f64,
    /// Yaw angle (about z, positive counter-clockwise from above). Unit: rad.
    pub yaw: f64,
    /// Velocity of the centre of mass in vehicle axes (x forward, y left, z up). Unit: m/s.
    pub velocity_body: DVec3,
    /// Vertical (world z) velocity of the centre of mass, positive up. Unit: m/s.
    pub vertical_velocity: f64,
    /// Angular velocity in vehicle (body) axes: roll rate p, pitch rate q, body yaw rate r.
    /// Unit: rad/s.
    pub angular_velocity_body: DVec3,
    /// Yaw rate about the vertical (ISO 8855 intermediate Z, world z): see
    /// [`crate::state::VehicleState::yaw_rate_vertical`]. Unit: rad/s.
    pub yaw_rate: f64,
    /// Accelerometer reading at the centre of mass over the last step, in vehicle (body)
    /// axes: the specific force `a − g⃗`, so it includes `g·sin φ` on y when the body rolls
    /// by φ and reads `+g` on z at rest ([`crate::state::VehicleState::acceleration_body`]).
    /// In hosted mode the vehicle's own prediction over the step. Unit: m/s².
    pub acceleration_body: DVec3,
    /// Kinematic acceleration of the centre of mass over the last step in the ISO 8855
    /// intermediate axis system (x the heading projected onto the horizontal ground plane,
    /// y horizontal to its left, z up): `v²/R` on y in a steady turn whatever the roll
    /// ([`crate::state::VehicleState::acceleration_intermediate`]). Unit: m/s².
    pub acceleration: DVec3,
    /// Speed of the centre of mass. Unit: m/s.
    pub speed: f64,
    /// Body slip angle β (ISO 8855): see [`body_slip_angle`]. Unit: rad.
    pub body_slip_angle: f64,
    /// Mean road-wheel steer angle of the steered wheels, positive left. Unit: rad.
    pub steer_angle: f64,
    /// Driver commands after smoothing.
    pub commands: Commands,
    /// Engine speed (0 without an engine). Unit: rad/s.
    pub engine_speed: f64,
    /// Engine drive torque. Unit: N·m.
    pub engine_torque: f64,
    /// Throttle reaching the engine after shifts and aids, [0, 1].
    pub engine_throttle: f64,
    /// Clutch slip `ω_engine − G·ω_gearbox_out`. Unit: rad/s.
    pub clutch_slip: f64,
    /// Engaged gear: −1 reverse, 0 neutral (also during a shift), 1.. forward.
    pub gear: i8,
    /// Selected gear: the gear being shifted to, or the engaged gear when no shift is under
    /// way ([`super::EventKind::GearChanged`] follows this one).
    pub target_gear: i8,
    /// Number of wheels in use (the first `n_wheels` entries of `wheels`).
    pub n_wheels: usize,
    /// Per-wheel channels; only the first `n_wheels` are meaningful.
    pub wheels: [WheelSample; MAX_WHEELS],
    /// Torque the steered wheels' tyres put on the steering wheel, + turning it left (a
    /// force-feedback signal): `Σ (Mz − t_m·Fy)/i_s` over the steered wheels on the ground
    /// ([`crate::steering::model::steering_wheel_torque`]). Unit: N·m.
    pub steering_torque: f64,
    /// Total ratio `G = r_gear·r_final` of the engaged gear (negative in reverse; 0 in neutral,
    /// during a shift, and for direct drive, which has no gearbox). Unit: 1.
    pub gear_ratio: f64,
}

impl VehicleSample {
    /// The wheels in use.
    pub fn wheels(&self) -> &[WheelSample] {
        &self.wheels[..self.n_wheels]
    }

    /// Number of wheels on the ground.
    pub fn grounded_wheels(&self) -> usize {
        self.wheels().iter().filter(|w| w.grounded).count()
    }

    /// True if no wheel touches the ground.
    pub fn airborne(&self) -> bool {
        self.grounded_wheels() == 0
    }
}

/// Body slip angle β (ISO 8855 "vehicle sideslip angle") from the CoM velocity in vehicle
/// axes: `β = atan2(vy, |vx|)`, i.e. `atan(vy/vx)` when moving forward. Positive when the
/// vehicle slides to its left (vy > 0); in reverse `|vx|` keeps that sign. Range
/// [−π/2, π/2]; 0 at standstill. Unit: rad.
///
/// ```
/// use skidpad::telemetry::body_slip_angle;
/// // Forward at 10 m/s, sliding left at 10 m/s: β = +45°.
/// assert!((body_slip_angle(10.0, 10.0) - std::f64::consts::FRAC_PI_4).abs() < 1e-12);
/// ```
pub fn body_slip_angle(vx: f64, vy: f64) -> f64 {
    vy.atan2(vx.abs())
}

/// Build the sample of `v`'s current state (after its last step). Pure; never allocates.
pub fn sample(v: &Vehicle) -> VehicleSample {
    let p = v.params();
    let s = v.state();
    let c = &s.chassis;
    let (roll, pitch, yaw) = c.roll_pitch_yaw();
    let vb = c.velocity_body();
    let d = &s.drivetrain;
    let (commands, steered_all) = match v.controls() {
        Controls::Intent(_) => {
            let i = &s.input.smoothed;
            let cmd = Commands {
                throttle: i.throttle,
                brake: i.brake,
                handbrake: i.handbrake,
                steer: i.steer,
            };
            (cmd, false)
        }
        Controls::Direct(_) => (Commands::default(), true),
    };
    let mut out = VehicleSample {
        time: s.time,
        position_world: c.pose.translation,
        roll,
        pitch,
        yaw,
        velocity_body: vb,
        vertical_velocity: c.linear_velocity_world.z,
        angular_velocity_body: c.angular_velocity_body(),
        yaw_rate: s.yaw_rate_vertical(),
        acceleration_body: s.acceleration_body(),
        acceleration: s.acceleration_intermediate(p.sim.gravity),
        speed: s.speed(),
        body_slip_angle: body_slip_angle(vb.x, vb.y),
        steer_angle: 0.0,
        commands,
        engine_speed: d.engine_speed,
        engine_torque: d.engine_torque,
        engine_throttle: d.throttle,
        clutch_slip: d.clutch_slip,
        gear: d.gear,
        target_gear: d.target_gear,
        n_wheels: s.n_wheels.min(p.wheels.len()),
        wheels: [WheelSample::default(); MAX_WHEELS],
        steering_torque: 0.0,
        gear_ratio: if p.drivetrain.has_engine() {
            p.drivetrain.gearbox.total_ratio(d.gear)
        } else {
            0.0
        },
    };
    let (mut steer, mut n_steered, mut kingpin) = (0.0, 0.0, 0.0);
    let g = p.sim.gravity;
    for (i, (w, wp)) in s.wheels().iter().zip(&p.wheels).enumerate() {
        if steered_all || wp.max_steer != 0.0 {
            steer += w.steer;
            n_steered += 1.0;
        }
        let grounded = w.suspension.in_contact;
        let rest_load = v.derived().sprung_mass[i] * g;
        let t = &w.tire;
        let ti = &w.tire_input;
        let camber = match ti {
            Some(ti) if grounded => -wp.side() * ti.camber,
            _ => w.suspension.camber,
        };
        let aligning_moment = if grounded { t.mz } else { 0.0 };
        if grounded && (steered_all || wp.max_steer != 0.0) {
            kingpin += kingpin_moment(&p.steering, t.mz, t.fy);
        }
        out.wheels[i] = WheelSample {
            grounded,
            jounce: w.suspension.jounce,
            suspension_force: w.suspension.force,
            normal_load: w.normal_load,
            tire_load: t.load,
            normalised_load: if rest_load > 0.0 {
                t.load / rest_load
            } else {
                0.0
            },
            omega: t.omega,
            steer: w.steer,
            friction: match ti {
                Some(ti) if grounded => ti.friction_scale,
                _ => 0.0,
            },
            slip_ratio: t.slip_ratio,
            fx: t.fx,
            slip_angle: t.slip_angle,
            fy: t.fy,
            aligning_moment,
            drive_torque: w.drive_torque,
            brake_torque: w.brake_torque,
            temperature: t.thermal.surface_temperature,
            wear: t.thermal.wear,
            thermal_grip: t.thermal.grip,
            camber,
        };
    }
    if n_steered > 0.0 {
        out.steer_angle = steer / n_steered;
    }
    out.steering_torque = steering_wheel_torque(&p.steering, kingpin);
    out
}

/// One flat vehicle-level channel: its CSV column (name and unit suffix), unit and getter.
#[derive(Debug, Clone, Copy)]
pub struct Channel {
    /// Column name with its unit suffix (`vx_mps`); dimensionless channels have none.
    pub column: &'static str,
    /// Unit as written in docs (`m/s`, `1` for dimensionless).
    pub unit: &'static str,
    /// Read the value from a sample.
    pub get: fn(&VehicleSample) -> f64,
}

/// One flat per-wheel channel; the CSV column is prefixed with the wheel name (`fl_load_n`).
#[derive(Debug, Clone, Copy)]
pub struct WheelChannel {
    /// Column suffix with its unit (`load_n`).
    pub column: &'static str,
    /// Unit as written in docs.
    pub unit: &'static str,
    /// Read the value from a wheel sample.
    pub get: fn(&WheelSample) -> f64,
}

const fn ch(column: &'static str, unit: &'static str, get: fn(&VehicleSample) -> f64) -> Channel {
    Channel { column, unit, get }
}

const fn wch(
    column: &'static str,
    unit: &'static str,
    get: fn(&WheelSample) -> f64,
) -> WheelChannel {
    WheelChannel { column, unit, get }
}

fn flag(b: bool) -> f64 {
    if b { 1.0 } else { 0.0 }
}

/// Vehicle channels in CSV order. The ISO 8855 quantities have the plain names
/// (`yaw_rate_radps` about the vertical, `ax_mps2`/`ay_mps2` kinematic in the horizontal
/// intermediate axes); the body-fixed readings carry `_body` (`yaw_rate_body_radps`,
/// the accelerometer's `ax_body_mps2 ay_body_mps2 az_body_mps2`). Roll and pitch rates are
/// the body-axis components (ISO 8855's p and q).
pub const VEHICLE_CHANNELS: [Channel; 37] = [
    ch("t_s", "s", |s| s.time),
    ch("x_m", "m", |s| s.position_world.x),
    ch("y_m", "m", |s| s.position_world.y),
    ch("z_m", "m", |s| s.position_world.z),
    ch("roll_rad", "rad", |s| s.roll),
    ch("pitch_rad", "rad", |s| s.pitch),
    ch("yaw_rad", "rad", |s| s.yaw),
    ch("vx_mps", "m/s", |s| s.velocity_body.x),
    ch("vy_mps", "m/s", |s| s.velocity_body.y),
    ch("vz_mps", "m/s", |s| s.velocity_body.z),
    ch("yaw_rate_radps", "rad/s", |s| s.yaw_rate),
    ch("ax_mps2", "m/s²", |s| s.acceleration.x),
    ch("ay_mps2", "m/s²", |s| s.acceleration.y),
    ch("steer_rad", "rad", |s| s.steer_angle),
    ch("engine_speed_radps", "rad/s", |s| s.engine_speed),
    ch("gear", "1", |s| f64::from(s.gear)),
    ch("target_gear", "1", |s| f64::from(s.target_gear)),
    ch("engine_torque_nm", "N·m", |s| s.engine_torque),
    ch("engine_throttle", "1", |s| s.engine_throttle),
    ch("clutch_slip_radps", "rad/s", |s| s.clutch_slip),
    ch("throttle_cmd", "1", |s| s.commands.throttle),
    ch("brake_cmd", "1", |s| s.commands.brake),
    ch("handbrake_cmd", "1", |s| s.commands.handbrake),
    ch("steer_cmd", "1", |s| s.commands.steer),
    ch("speed_mps", "m/s", |s| s.speed),
    ch("body_slip_angle_rad", "rad", |s| s.body_slip_angle),
    ch("roll_rate_radps", "rad/s", |s| s.angular_velocity_body.x),
    ch("pitch_rate_radps", "rad/s", |s| s.angular_velocity_body.y),
    ch("az_mps2", "m/s²", |s| s.acceleration.z),
    ch("vz_world_mps", "m/s", |s| s.vertical_velocity),
    ch("grounded_wheels", "1", |s| s.grounded_wheels() as f64),
    ch("yaw_rate_body_radps", "rad/s", |s| {
        s.angular_velocity_body.z
    }),
    ch("ax_body_mps2", "m/s²", |s| s.acceleration_body.x),
    ch("ay_body_mps2", "m/s²", |s| s.acceleration_body.y),
    ch("az_body_mps2", "m/s²", |s| s.acceleration_body.z),
    ch("steering_torque_nm", "N·m", |s| s.steering_torque),
    ch("gear_ratio", "1", |s| s.gear_ratio),
];

/// Per-wheel channels in CSV order (the first 12 are the historical CLI columns).
pub const WHEEL_CHANNELS: [WheelChannel; 20] = [
    wch("load_n", "N", |w| w.normal_load),
    wch("jounce_m", "m", |w| w.jounce),
    wch("omega_radps", "rad/s", |w| w.omega),
    wch("slip_ratio", "1", |w| w.slip_ratio),
    wch("slip_angle_rad", "rad", |w| w.slip_angle),
    wch("fx_n", "N", |w| w.fx),
    wch("fy_n", "N", |w| w.fy),
    wch("drive_torque_nm", "N·m", |w| w.drive_torque),
    wch("brake_torque_nm", "N·m", |w| w.brake_torque),
    wch("tread_temp_c", "°C", |w| w.temperature),
    wch("wear", "1", |w| w.wear),
    wch("grip", "1", |w| w.thermal_grip),
    wch("grounded", "1", |w| flag(w.grounded)),
    wch("susp_force_n", "N", |w| w.suspension_force),
    wch("tire_load_n", "N", |w| w.tire_load),
    wch("norm_load", "1", |w| w.normalised_load),
    wch("steer_rad", "rad", |w| w.steer),
    wch("friction", "1", |w| w.friction),
    wch("mz_nm", "N·m", |w| w.aligning_moment),
    wch("camber_rad", "rad", |w| w.camber),
];
