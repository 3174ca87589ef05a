//! One wheel: its parameters ([`WheelParams`]), its runtime state ([`WheelState`]) and the
//! per-wheel stage functions of the step, which join the subsystems at the corner.
//!
//! | stage fn | stage | reads | writes (in [`WheelState`]) |
//! |---|---|---|---|
//! | [`commands`] | inputs | controls, smoothed intent, hill-hold demand | `drive_torque`, `brake_torque` |
//! | [`steer_and_toe`] | steering | road-wheel angle, last jounce | `suspension.camber`, `suspension.toe`, `steer` |
//! | [`query_ground`] | contact | chassis pose, [`Ground`] | `contact_*`, `surface*`, `measured_jounce` |
//! | [`update_suspension`] | suspension | `measured_jounce`, chassis pose | `suspension` (jounce, rate, raw jounce), `centre_world`, `contact_point_world` |
//! | [`normal_load`] | grip | suspension force, contact normal | `normal_load` |
//! | [`tire_input`] | grip | chassis motion, surface table, tyre state | `tire_input`, `tire_long_world`, `tire_lat_world` |
//! | [`spin_free`] | grip | drive and brake torque, bearing damping | `tire` (spin of a wheel off the ground) |
//! | [`tire_heat`] | grip | tyre input and forces | `tire.thermal` |
//!
//! Conventions: world frame z-up, vehicle frame ISO 8855; the suspension line runs from the
//! strut top (wheel centre at full compression) along the travel direction (droop); jounce is
//! positive in compression. Units: m, m/s, N, N·m, rad.
//!
//! What follows from the chassis pose and the params alone is computed where it is needed:
//! the suspension line ([`strut_top_world`], [`travel_direction_world`]) and the force points
//! ([`suspension_force_point_world`], [`tire_force_point_world`]). The same expressions as
//! before on the same pose, so the same bits. Within a substep the contact stage places each
//! wheel's suspension line once and keeps it for the suspension and grip stages
//! ([`WheelState::strut_top_substep`], [`WheelState::travel_substep`]), valid while the
//! vehicle's [`FrameKey`] matches the chassis pose: a derived cache, not in the state's
//! `Debug` form (the determinism hash).

mod frame;
mod on_plane;
pub mod params;
mod query;
mod ray;
pub mod slots;
pub mod state;
mod sweep;
mod turned;

pub(crate) use frame::{BodyAt, body_axes, strut_line_from_axes};
pub use frame::{
    TireDirections, inclination, strut_line_world, strut_top_world, tire_directions,
    travel_direction_world, wheel_rotation,
};
use frame::{
    axle_body, axle_body_of, inclination_from_axes, inclination_steered, rotation_z, substep_axle,
};
pub use params::WheelParams;
pub(crate) use query::query_ground_along;
pub use query::{query_ground, query_ground_reusing};
pub use slots::{INLINE_WHEELS, WheelSlots};
pub use state::{FrameKey, TireInputRecord, WheelState};

#[cfg(test)]
mod tests;

use crate::chassis::{ChassisParams, ChassisState};
use crate::drivetrain::DriveWheel;
use crate::ground::cache::query_wheel_cached_normalized;
use crate::ground::wheel::AcceptsHit;
use crate::ground::{AskedGround, ContactMode, ContactParams, Ground, SweepHitMode, WheelQuery};
use crate::input::{Controls, Intent};
use crate::math::{Pose, finite};
use crate::steering::SteerWheel;
use crate::surface::SurfaceTable;
use crate::suspension::{LoadFilterParams, model as susp};
use crate::tire::model::ContactInput;
use glam::DVec3;

/// Smallest cosine between the ground normal and the strut axis used to turn strut force into
/// normal load (≈ 84°): steeper contacts are rejected by the hit filter anyway.
pub const MIN_NORMAL_COS: f64 = 0.1;

impl WheelParams {
    /// What the steering stage needs of this wheel.
    pub fn steer_wheel(&self) -> SteerWheel {
        SteerWheel {
            x: self.position.x,
            y: self.position.y,
            max_steer: self.max_steer,
            enabled: self.enabled,
        }
    }

    /// What the powertrain stage needs of this wheel; `com_x` is the centre of mass's x in the
    /// vehicle frame (front/rear split).
    pub fn drive_wheel(&self, com_x: f64) -> DriveWheel {
        DriveWheel {
            enabled: self.enabled,
            max_drive_torque: self.max_drive_torque,
            max_brake_torque: self.max_brake_torque,
            max_handbrake_torque: self.max_handbrake_torque,
            radius: self.radius,
            inertia: self.inertia,
            min_slip_speed: self.tire.min_slip_speed,
            x: self.position.x,
            is_front: self.position.x > com_x,
            side: self.side(),
        }
    }

    /// +1 for a wheel left of the centreline (y ≥ 0), −1 for a right one.
    pub fn side(&self) -> f64 {
        if self.position.y >= 0.0 { 1.0 } else { -1.0 }
    }
}

/// The steering view of every wheel, in order.
pub fn steer_wheels(wheels: &[WheelParams]) -> Vec<SteerWheel> {
    wheels.iter().map(WheelParams::steer_wheel).collect()
}

/// Constants of one corner derived from the whole vehicle (see [`crate::params::Derived`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Corner {
    /// Sprung mass carried by this wheel. Unit: kg.
    pub sprung_mass: f64,
    /// Spring force at the design position. Unit: N.
    pub rest_force: f64,
    /// +1 left of the centreline, −1 right.
    pub side: f64,
}

/// The chassis as the per-wheel stages see it: parameters and the state at the start of the
/// substep.
#[derive(Debug, Clone, Copy)]
pub struct Body<'a> {
    /// Mass properties.
    pub params: &'a ChassisParams,
    /// Pose and velocities (world frame).
    pub state: &'a ChassisState,
}

/// Inputs stage: the drive and brake torque of wheel `i` from the controls. Intent: `±u·T_drive`
/// (sign from `reverse`), `max(b, hold)·T_brake + h·T_hand`; direct: the wheel's command.
/// Returns `(drive, brake)` in N·m.
pub fn commands(
    wp: &WheelParams,
    controls: &Controls,
    intent: &Intent,
    hold: f64,
    i: usize,
) -> (f64, f64) {
    match controls {
        Controls::Intent(_) => {
            let dir = if intent.reverse { -1.0 } else { 1.0 };
            (
                dir * intent.throttle * wp.max_drive_torque,
                intent.brake.max(hold) * wp.max_brake_torque
                    + intent.handbrake * wp.max_handbrake_torque,
            )
        }
        Controls::Direct(c) => {
            let c = c.get(i);
            (c.drive_torque, c.brake_torque)
        }
    }
}

/// Inputs stage: the hand-brake command `h` acting on wheel `wp` (the intent's, on a wheel
/// with a hand brake; 0 otherwise and under direct commands). Unit: 1.
pub fn handbrake_command(wp: &WheelParams, controls: &Controls, intent: &Intent) -> f64 {
    match controls {
        Controls::Intent(_) if wp.max_handbrake_torque > 0.0 => intent.handbrake,
        _ => 0.0,
    }
}

/// Steering stage, per wheel: camber and toe from the kinematic graphs at the last jounce, and
/// the wheel's steer angle `δ = δ_road − side·toe` (toe-in turns a left wheel right).
pub fn steer_and_toe(wp: &WheelParams, side: f64, road_steer: f64, ws: &mut WheelState) {
    let (camber, toe) = susp::kinematics(&wp.suspension, ws.suspension.jounce);
    ws.suspension.camber = camber;
    ws.suspension.toe = toe;
    ws.steer = road_steer - side * toe;
}

/// Suspension stage, per wheel: advance the jounce from the measurement
/// ([`susp::update_jounce`]), place the wheel centre on the suspension line and the contact
/// point under it.
///
/// Forces act at the crowned tread's support point projected on the hit plane
/// ([`crate::ground::cylinder_support_offset`]), the point the jounce is measured to, so the
/// strut's work on the body equals the work its travel measures (the ground module's docs);
/// on the crown it moves off the tread centre line continuously with the lean (`R_c·sin θ`).
/// A ray contact has no tread: its forces act at the centre's projection.
/// A sweep's contact whose jounce is its measurement `x = x_max − s` (not clamped) keeps the
/// contact stage's point: its centre `top + d·(x_max − x)` is the fitted `top + d·s`, so the
/// support projected on the plane is that point (round-off change, session 39; exact for a
/// unit `d`, as every preset's; `|d| = 1 ± 10⁻⁶` moves it by at most `s·10⁻⁶`).
pub fn update_suspension(wp: &WheelParams, pose: &Pose, side: f64, ws: &mut WheelState, dt: f64) {
    let line = (strut_top_world(wp, pose), travel_direction_world(wp, pose));
    update_suspension_along(wp, pose, side, ws, dt, line);
}

/// [`update_suspension`] with the wheel's suspension line `(top, dir)` already placed in the
/// world ([`strut_top_world`], [`travel_direction_world`], the same bits): the suspension
/// stage takes the contact stage's ([`WheelState::strut_top_substep`]) and shares the
/// direction with the strut's energy balances. Inlined into the suspension stage's loop (the
/// line is then not copied to the stack for the call).
#[inline(always)]
pub(crate) fn update_suspension_along(
    wp: &WheelParams,
    pose: &Pose,
    side: f64,
    ws: &mut WheelState,
    dt: f64,
    (top, dir): (DVec3, DVec3),
) {
    let sp = &wp.suspension;
    susp::update_jounce(sp, &mut ws.suspension, ws.measured_jounce, dt);
    ws.centre_world = top + dir * (sp.max_compression - ws.suspension.jounce);
    if !ws.suspension.in_contact {
        ws.contact_point_world = ws.centre_world + dir * wp.radius;
        return;
    }
    let n = ws.contact_normal_world;
    let support = if ws.hit_cache.from_ray {
        ws.centre_world
    } else if ws.measured_jounce == Some(ws.suspension.jounce) {
        return; // The jounce is the measurement: the contact stage's point (above).
    } else {
        let axle = substep_axle(pose, ws, side);
        ws.centre_world + crate::ground::cylinder_support_offset(wp.radius, 0.5 * wp.width, axle, n)
    };
    ws.contact_point_world = support - n * (support - ws.contact_point_world).dot(n);
}

/// Grip stage, first part: the normal load the ground puts on the tyre. The strut force `F`
/// acts along the strut's `up`; the ground reaction along the contact normal `n` balances it:
/// `F_n·(n·up) = F` (with `n·up ≥` [`MIN_NORMAL_COS`]). Returns the load (N); it acts at
/// [`suspension_force_point_world`].
pub fn normal_load(wp: &WheelParams, pose: &Pose, ws: &mut WheelState) -> f64 {
    normal_load_along(ws, travel_direction_world(wp, pose))
}

/// [`normal_load`] with the wheel's travel direction `dir` already placed in the world
/// ([`travel_direction_world`], the same bits; `up = −dir`).
#[inline]
pub(crate) fn normal_load_along(ws: &mut WheelState, dir: DVec3) -> f64 {
    let n = ws.contact_normal_world;
    let up = -dir;
    let cos = n.dot(up).max(MIN_NORMAL_COS);
    ws.normal_load = ws.suspension.force / cos;
    ws.normal_load
}

/// Where wheel `wp`'s suspension force acts, world, for the chassis at `pose`: the body point
/// `suspension.force_point` if set, else the contact point. Unit: m.
pub fn suspension_force_point_world(wp: &WheelParams, pose: &Pose, ws: &WheelState) -> DVec3 {
    wp.suspension
        .force_point
        .map_or(ws.contact_point_world, |b| pose.transform_point(b))
}

/// Where wheel `wp`'s tyre force acts, world, for the chassis at `pose`: the body point
/// `suspension.tire_force_point` if set, else the contact point. Unit: m.
pub fn tire_force_point_world(wp: &WheelParams, pose: &Pose, ws: &WheelState) -> DVec3 {
    wp.suspension
        .tire_force_point
        .map_or(ws.contact_point_world, |b| pose.transform_point(b))
}

/// Grip stage, second part: the tyre frame (wheel heading projected on the ground plane) and
/// everything the contact solve needs ([`ContactInput`]): filtered load, contact-patch
/// velocity relative to the ground, the inclination to the ground ([`inclination`]: kinematic
/// camber, body roll and road camber), surface friction (wet grip, hydroplaning, texture noise)
/// times the tyre-type pair and the tyre's own thermal/wear grip, and the surface's scales.
/// Writes the frame and what telemetry keeps of the input (`tire_input`) into `ws` and
/// returns the input.
pub fn tire_input(
    wp: &WheelParams,
    body: &Body,
    surfaces: &SurfaceTable,
    load_filter: &LoadFilterParams,
    corner: &Corner,
    gravity: f64,
    ws: &mut WheelState,
) -> ContactInput {
    let at = BodyAt::new(*body, body.state.com_world(body.params), false);
    tire_input_at(wp, &at, surfaces, load_filter, corner, gravity, ws)
}

/// [`tire_input`] with the body's centre of mass already placed ([`BodyAt`]). Inlined into
/// the grip stage's wheel walk: the call's register saves and the input's copy out cost
/// ≈ 25 instructions a wheel and substep (callgrind, session 31).
#[inline(always)]
pub(crate) fn tire_input_at(
    wp: &WheelParams,
    at: &BodyAt,
    surfaces: &SurfaceTable,
    load_filter: &LoadFilterParams,
    corner: &Corner,
    gravity: f64,
    ws: &mut WheelState,
) -> ContactInput {
    let chassis = at.body.state;
    let n = ws.contact_normal_world;
    // The steer rotation, for the heading `R_body·R_z(δ)·x̂` (from the body's axes where the
    // stage built them: a ray-cast vehicle's) and the inclination ([`inclination`]).
    let steer = rotation_z(ws.steer);
    let h = frame::heading_in_body(steer);
    let heading = match &at.axes {
        Some(axes) => frame::heading_from_axes(axes, h),
        None => at.rot.rotate(h),
    };
    let long = crate::ground::plane::normalize_or_zero(heading - n * heading.dot(n));
    let lat = n.cross(long);
    // `chassis.point_velocity(..)` about the stage's centre of mass.
    let v_point = chassis.linear_velocity_world
        + chassis
            .angular_velocity_world
            .cross(ws.contact_point_world - at.com);
    let v_contact = v_point - ws.surface_velocity_world;
    let rest_load = corner.sprung_mass * gravity;
    let surf = surfaces.get(ws.surface);
    let vx = v_contact.dot(long);
    let t = &ws.tire;
    let grip = surf.grip(
        vx,
        t.thermal.pressure,
        ws.contact_point_world.x,
        ws.contact_point_world.y,
    ) * surfaces.friction_pairs.get(wp.tire.tire_type, ws.surface)
        * t.thermal.grip;
    let input = ContactInput {
        load: susp::filter_load(load_filter, ws.normal_load, rest_load),
        vx,
        vy: v_contact.dot(lat),
        radius: wp.radius,
        inertia: wp.inertia,
        damping_rate: wp.damping_rate,
        drive_torque: ws.drive_torque,
        brake_torque: ws.brake_torque,
        effective_mass: corner.sprung_mass,
        // A ray-cast wheel's contact stage stores no axle: from the body's axes, shared.
        camber: if ws.axle_world_substep != DVec3::ZERO {
            ws.axle_world_substep.dot(n).clamp(-1.0, 1.0).asin()
        } else if let Some(axes) = &at.axes {
            inclination_from_axes(axes, steer, ws.suspension.camber, corner.side, n)
        } else {
            inclination_steered(&at.rot, steer, ws.suspension.camber, corner.side, n)
        },
        rest_load,
        gravity,
        friction_scale: grip,
        stiffness_scale: surf.slip_stiffness_scale,
        peak_slip_scale: surf.peak_slip_scale,
        relaxation_scale: surf.relaxation_length_scale,
        rolling_resistance_scale: surf.rolling_resistance_scale,
        // Turn slip from the chassis yaw rate about the ground normal; the steer rate is
        // neglected (the rate limiter keeps it small).
        turn_slip: -chassis.angular_velocity_world.dot(n) / vx.abs().max(wp.tire.min_slip_speed),
        pressure: if wp.tire.thermal.is_some() {
            t.thermal.pressure
        } else {
            0.0
        },
        grip_x: wp.tire.longitudinal_grip,
        grip_y: wp.tire.lateral_grip,
        handbrake: ws.handbrake,
        handbrake_lateral_grip: wp.handbrake_lateral_grip,
    };
    ws.tire_input = Some(TireInputRecord::from(&input));
    ws.tire_long_world = long;
    ws.tire_lat_world = lat;
    input
}

/// Grip stage, a wheel off the ground: drive, brake and the bearing damping `c`
/// ([`WheelParams::damping_rate`]). Backward Euler, so stable for any `c·dt/I`:
/// `I(ω' − ω)/dt = T_drive − T_brake·sign ω − c·ω'`, i.e.
/// `ω' = (I·ω + dt·(T_drive − T_brake·sign ω))/(I + c·dt)`; the brake never reverses the spin.
/// With no torque the spin decays by `1/(1 + c·dt/I)` per step, the implicit form of
/// `exp(−c·t/I)`.
pub fn spin_free(wp: &WheelParams, ws: &mut WheelState, dt: f64) {
    let t = &mut ws.tire;
    let (w0, drive, brake) = (t.omega, ws.drive_torque, ws.brake_torque);
    let i_eff = wp.inertia + wp.damping_rate * dt;
    t.omega = if w0 == 0.0 {
        if drive.abs() <= brake {
            0.0
        } else {
            dt * (drive - brake * drive.signum()) / i_eff
        }
    } else {
        let w1 = (wp.inertia * w0 + dt * (drive - brake * w0.signum())) / i_eff;
        if brake > 0.0 && w1 * w0 < 0.0 {
            0.0
        } else {
            w1
        }
    };
    t.angle = (t.angle + t.omega * dt).rem_euclid(std::f64::consts::TAU);
    clear_contact_forces(ws);
}

/// A wheel off the ground carries nothing: load, forces, aligning moment and slips are zero,
/// its tyre input is gone, and its carcass springs back (no patch holds the transient
/// deflections `u`, `v`, so they are 0: a tyre that lands starts undeflected rather than
/// pushing with a deflection left from before it left the ground, which no force had paid
/// for at the landing's load; `crate::tire::contact::patch_energy`).
pub fn clear_contact_forces(ws: &mut WheelState) {
    let t = &mut ws.tire;
    (t.load, t.fx, t.fy, t.mz, t.slip_ratio, t.slip_angle) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    t.transient = Default::default();
}

/// Tyre thermal stage (after the tyre forces): slip power `|Fx·(ωR − Vx)| + |Fy·Vy|` heats
/// the tread, rolling-resistance power the core; see [`crate::tire::thermal`]. No-op for a tyre
/// without a thermal model. `air_temperature` in °C, `water_depth` in m.
pub fn tire_heat(
    wp: &WheelParams,
    c: &ContactInput,
    ws: &mut WheelState,
    air_temperature: f64,
    water_depth: f64,
    dt: f64,
) {
    let Some(tp) = &wp.tire.thermal else {
        return;
    };
    let t = &mut ws.tire;
    let input = crate::tire::thermal::ThermalInput {
        slip_power: (t.fx * (t.omega * c.radius - c.vx)).abs() + (t.fy * c.vy).abs(),
        rolling_power: wp.tire.rolling_resistance
            * c.rolling_resistance_scale
            * c.load
            * c.vx.abs(),
        speed: c.vx,
        in_contact: c.load > 0.0,
        air_temperature,
        road_temperature: air_temperature,
        water_depth,
    };
    crate::tire::thermal::update(tp, &mut t.thermal, &input, dt);
}
