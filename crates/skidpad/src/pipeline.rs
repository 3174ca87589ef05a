//! The step order, written down once.
//!
//! Every vehicle step, standalone or hosted, runs these stages per substep:
//!
//! | # | stage | consumes | produces |
//! |---|---|---|---|
//! | 1 | inputs | [`Controls`], smoothing, hill hold | smoothed intent (state), per-wheel drive and brake |
//! | 2 | steering | steer command, forward speed, last jounce (toe) | road-wheel steer angle (Ackermann, speed table, rate limit) |
//! | 3 | ground contact | chassis pose, suspension geometry, [`Ground`] | contact point, normal, travel |
//! | 4 | suspension | travel, last jounce | jounce, velocity, spring/damper/bump/anti-roll force |
//! | 5 | tire | load (filtered), contact velocity, drive/brake torque | tire force, wheel spin |
//! | 6 | drivetrain | stage-1 intent, wheel spins, tire linearisations (5) | gear, engine speed, wheel spin, tire force (one implicit solve with 5; direct drive: per-wheel torques, PhysX `NoDrive`) |
//! | 7 | aero | chassis velocity, [`crate::aero`] | drag and downforce at their points |
//! | 8 | chassis forces | suspension, tire and aero forces, body-roll and stability torques | [`Wrench`] about the CoM |
//! | 9 | integration (standalone only) | wrench, gravity | new chassis state |
//! | 10 | telemetry | state | acceleration, time |
//!
//! Substeps: `sim.substeps_low_speed` below `sim.substep_threshold_speed`, else
//! `sim.substeps_high_speed` (PhysX `PxVehicleWheelsSimData::setSubStepCount`). Hosted mode
//! runs stages 1–8 once per engine step: the engine integrates, so there is nothing to
//! substep against. Nothing here allocates.

use crate::MAX_WHEELS;
use crate::aero::{self, MAX_AERO_FORCES};
use crate::chassis::{Wrench, integrate};
use crate::drivetrain::{self, solver::WheelTerm};
use crate::ground::{Ground, WheelQuery, query_wheel_cached};
use crate::stability::model as stab;
use crate::steering::model::steer_angles;
use crate::suspension::model as susp;
use crate::tire::model::{ContactInput, finish_contact, linearize_contact, solve_contact};
use crate::vehicle::{Controls, Derived, VehicleParams, VehicleState};
use glam::{DQuat, DVec3};

/// A force and the world point where it acts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AppliedForce {
    /// Force, world frame. Unit: N.
    pub force: DVec3,
    /// Application point, world frame. Unit: m.
    pub point: DVec3,
}

/// Capacity of [`ChassisForces::forces`]: two per wheel plus the aero forces.
pub const MAX_POINT_FORCES: usize = 2 * MAX_WHEELS + MAX_AERO_FORCES;

/// What a hosted vehicle asks the engine to apply this step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChassisForces {
    /// Point forces: per wheel, the suspension force then the tire force; then aero (drag,
    /// downforce surfaces).
    pub forces: [AppliedForce; MAX_POINT_FORCES],
    /// Number of entries used in `forces`.
    pub count: usize,
    /// Pure torque (body-roll model, stability helpers), world frame. Unit: N·m.
    pub torque: DVec3,
    /// Sum of everything as a force and a torque about the centre of mass (world frame).
    pub total: Wrench,
}

impl Default for ChassisForces {
    fn default() -> Self {
        Self {
            forces: [AppliedForce::default(); MAX_POINT_FORCES],
            count: 0,
            torque: DVec3::ZERO,
            total: Wrench::default(),
        }
    }
}

impl ChassisForces {
    /// The used point forces.
    pub fn point_forces(&self) -> &[AppliedForce] {
        &self.forces[..self.count]
    }

    fn push(&mut self, force: DVec3, point: DVec3, com: DVec3) {
        if self.count < self.forces.len() {
            self.forces[self.count] = AppliedForce { force, point };
            self.count += 1;
        }
        self.total.add_force_at(force, point, com);
    }
}

/// Number of substeps for the current speed.
pub fn substep_count(p: &VehicleParams, speed: f64) -> u32 {
    if speed < p.sim.substep_threshold_speed {
        p.sim.substeps_low_speed
    } else {
        p.sim.substeps_high_speed
    }
}

/// Standalone step: substeps of stages 1–9, then telemetry.
pub fn step_standalone(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) {
    let n = substep_count(p, s.speed());
    let h = dt / f64::from(n);
    let v0 = s.chassis.linear_velocity;
    let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
    for _ in 0..n {
        let forces = compute_forces(p, d, controls, s, ground, h);
        integrate(&p.chassis, &mut s.chassis, &forces.total, gravity, h);
    }
    // Stage 10: telemetry. Acceleration excludes gravity (what an accelerometer reads).
    s.acceleration = (s.chassis.linear_velocity - v0) / dt - gravity;
    s.time += dt;
}

/// Hosted step: stages 1–8 once; the engine applies the result and integrates.
pub fn step_hosted(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) -> ChassisForces {
    let f = compute_forces(p, d, controls, s, ground, dt);
    s.time += dt;
    f
}

/// Stages 1–8 for one substep of `dt`: updates wheel states and returns the chassis forces.
pub fn compute_forces(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) -> ChassisForces {
    let mut out = ChassisForces::default();
    let chassis = s.chassis;
    let pose = chassis.pose;
    let com = chassis.com_world(&p.chassis);
    let nw = p.wheels.len();
    let forward_speed = chassis.velocity_body().x;

    // Stage 1a: raw intent → smoothed intent (kept in state); hill hold brake demand.
    // Stage 2a: steer command → road-wheel angles (before toe). Direct commands bypass both.
    let (intent, hold) = match controls {
        Controls::Intent(raw) => {
            let it = crate::input::smooth(&p.input_smoothing, raw, &mut s.input, dt);
            let hold = stab::hill_hold(
                &p.stability.hill_hold,
                it.throttle,
                it.brake,
                forward_speed,
                &mut s.stability,
                dt,
            );
            steer_angles(
                &p.steering,
                &p.wheels,
                it.steer,
                forward_speed,
                &mut s.steering,
                dt,
            );
            (it, hold)
        }
        Controls::Direct(c) => {
            for (a, cmd) in s.steering.angle.iter_mut().zip(c) {
                *a = cmd.steer_angle;
            }
            (Default::default(), 0.0)
        }
    };
    let road_steer = s.steering.angle;

    // Stages 1–4: commands, steering, ground contact, suspension travel.
    let mut raw_jounce = [0.0; MAX_WHEELS];
    for (i, wp) in p.wheels.iter().enumerate() {
        let ws = &mut s.wheels[i];
        if !wp.enabled {
            *ws = Default::default();
            continue;
        }
        // Stage 1: inputs → per-wheel commands.
        let (drive, brake) = match controls {
            Controls::Intent(_) => {
                let it = &intent;
                let dir = if it.reverse { -1.0 } else { 1.0 };
                (
                    dir * it.throttle * wp.max_drive_torque,
                    it.brake.max(hold) * wp.max_brake_torque
                        + it.handbrake * wp.max_handbrake_torque,
                )
            }
            Controls::Direct(c) => (c[i].drive_torque, c[i].brake_torque),
        };
        let steer_cmd = road_steer[i];
        ws.drive_torque = drive;
        ws.brake_torque = brake;
        // Stage 2: steering. Toe-in turns a left wheel right (negative yaw) and vice versa.
        let (camber, toe) = susp::kinematics(&wp.suspension, ws.suspension.jounce);
        ws.suspension.camber = camber;
        ws.suspension.toe = toe;
        ws.steer = steer_cmd - d.side[i] * toe;
        // Stage 3: ground contact along the suspension line.
        let sp = &wp.suspension;
        let wheel_rot = wheel_rotation(ws.steer, camber, d.side[i]);
        let q = WheelQuery {
            origin: pose.transform_point(wp.position - sp.travel_direction * sp.max_compression),
            direction: pose.transform_vector(sp.travel_direction),
            max_distance: sp.max_compression + sp.max_droop,
            radius: wp.radius,
            half_width: 0.5 * wp.width,
            axle: pose.transform_vector(wheel_rot * DVec3::Y),
        };
        let hit = query_wheel_cached(
            ground,
            &q,
            p.contact.mode,
            &p.contact.rejection,
            &mut ws.hit_cache,
            p.contact.reuse_hit_steps,
        );
        let measured = match hit {
            Some(c) if c.centre_distance <= q.max_distance => {
                ws.contact_point = c.point;
                ws.contact_normal = c.normal;
                ws.surface = c.surface;
                ws.surface_velocity = c.surface_velocity;
                Some(susp::jounce_from_travel(sp, c.centre_distance))
            }
            _ => None,
        };
        // Stage 4a: jounce and its rate.
        raw_jounce[i] = susp::update_jounce(sp, &mut ws.suspension, measured, dt);
        ws.centre_world = q.origin + q.direction * (sp.max_compression - ws.suspension.jounce);
        ws.contact_point = if ws.suspension.in_contact {
            // Forces act at the wheel centre's projection on the hit plane (the tread centre
            // line), not at the cylinder's lowest rim point: a rigid cylinder touches a tilted
            // plane at its tread edge, but a real tire's patch stays under the wheel plane, and
            // moving every patch to an edge would add a spurious ±w/2 roll lever.
            let n = ws.contact_normal;
            ws.centre_world - n * (ws.centre_world - ws.contact_point).dot(n)
        } else {
            ws.centre_world + q.direction * wp.radius
        };
    }

    // Stage 4b: anti-roll bars need every wheel's jounce; then spring/damper forces.
    let mut arb = [0.0; MAX_WHEELS];
    let susp_states = suspension_states(s);
    susp::anti_roll_forces(&p.anti_roll_bars, &susp_states[..nw], &mut arb[..nw]);

    // Stage 1b/6a: drivetrain commands (gears, throttle, brakes, aids). With an engine the
    // wheel spins are solved together with it below (stage 6b) instead of wheel by wheel.
    let drive = drivetrain::prepare(p, d, controls, &intent, hold, s, dt);
    let mut coupled = Coupled::default();

    // Stages 4c–5: suspension force, tire forces and wheel spin; stage 8: accumulate.
    for (i, wp) in p.wheels.iter().enumerate() {
        if !wp.enabled {
            continue;
        }
        let ws = &mut s.wheels[i];
        susp::forces(
            &wp.suspension,
            &mut ws.suspension,
            d.rest_force[i],
            raw_jounce[i],
            arb[i],
        );
        if drive.coupled {
            coupled.wheels[i] = WheelTerm {
                enabled: true,
                inertia: wp.inertia + drive.extra_inertia[i],
                omega: ws.tire.omega,
                radius: wp.radius,
                brake: ws.brake_torque,
                ..WheelTerm::default()
            };
        }
        if !ws.suspension.in_contact {
            // Airborne wheel: free spin with drive, brake and no ground.
            if drive.coupled {
                coupled.input[i] = ContactInput::default();
            } else {
                spin_free(wp, ws, dt);
            }
            ws.normal_load = 0.0;
            ws.tire_input = ContactInput::default();
            continue;
        }
        let n = ws.contact_normal;
        let up = -pose.transform_vector(wp.suspension.travel_direction);
        // The strut force F acts along `up`; the ground reaction along `n` whose strut component
        // balances it: F_n·(n·up) = F.
        let cos = n.dot(up).max(MIN_NORMAL_COS);
        let normal_load = ws.suspension.force / cos;
        ws.normal_load = normal_load;
        let susp_point = wp
            .suspension
            .force_point
            .map_or(ws.contact_point, |b| pose.transform_point(b));
        out.push(n * normal_load, susp_point, com);

        // Stage 5: tire. Tire frame from the wheel heading projected on the ground plane.
        let heading = pose.transform_vector(DQuat::from_rotation_z(ws.steer) * DVec3::X);
        let long = (heading - n * heading.dot(n)).normalize_or_zero();
        let lat = n.cross(long);
        let v_contact = chassis.point_velocity(&p.chassis, ws.contact_point) - ws.surface_velocity;
        let rest_load = d.sprung_mass[i] * p.sim.gravity;
        // Surface under the wheel: friction (wet grip, hydroplaning, texture noise) times the
        // tire-type pair and the tire's own thermal/wear grip; stiffness, peak-slip,
        // relaxation and rolling-resistance scales.
        let table = ground.surfaces();
        let surf = table.get(ws.surface);
        let vx = v_contact.dot(long);
        let grip = surf.grip(
            vx,
            ws.tire.thermal.pressure,
            ws.contact_point.x,
            ws.contact_point.y,
        ) * table.friction_pairs.get(wp.tire.tire_type, ws.surface)
            * ws.tire.thermal.grip;
        let input = ContactInput {
            load: susp::filter_load(&p.load_filter, normal_load, rest_load),
            vx,
            vy: v_contact.dot(lat),
            radius: wp.radius,
            inertia: wp.inertia,
            drive_torque: ws.drive_torque,
            brake_torque: ws.brake_torque,
            effective_mass: d.sprung_mass[i],
            // ISO inclination: our camber leans the top outward, i.e. towards +y on a left
            // wheel and −y on a right one.
            camber: d.side[i] * ws.suspension.camber,
            rest_load,
            gravity: p.sim.gravity,
            friction_scale: grip,
            stiffness_scale: surf.slip_stiffness_scale,
            peak_slip_scale: surf.peak_slip_scale,
            relaxation_scale: surf.relaxation_length_scale,
            rolling_resistance_scale: surf.rolling_resistance_scale,
            // Turn slip from the chassis yaw rate about the ground normal and the steer rate
            // is neglected (the rate limiter keeps it small).
            turn_slip: -chassis.angular_velocity.dot(n) / vx.abs().max(wp.tire.min_slip_speed),
            pressure: if wp.tire.thermal.is_some() {
                ws.tire.thermal.pressure
            } else {
                0.0
            },
        };
        ws.tire_input = input;
        let tire_point = wp
            .suspension
            .tire_force_point
            .map_or(ws.contact_point, |b| pose.transform_point(b));
        if drive.coupled {
            let lin = linearize_contact(&wp.tire, &input, &ws.tire, dt);
            let w = &mut coupled.wheels[i];
            (w.fx0, w.dfx, w.fy, w.limit) = (lin.fx0, lin.dfx_domega, lin.fy, lin.limit);
            w.torque = -lin.rolling_torque;
            coupled.input[i] = input;
            coupled.frame[i] = (long, lat, tire_point);
            continue;
        }
        let f = solve_contact(&wp.tire, &input, &mut ws.tire, dt);
        tire_heat(p, wp, &input, &mut ws.tire, surf.water_depth, dt);
        out.push(long * f.fx + lat * f.fy, tire_point, com);
    }

    // Stage 6b: the coupled engine + wheel-spin solve, then the tire forces it implies.
    if drive.coupled {
        let sol =
            drivetrain::solver::solve(&drive.engine, &coupled.wheels[..nw], &drive.topology, dt);
        let mut slip_power = 0.0;
        for (i, wp) in p.wheels.iter().enumerate() {
            let ws = &mut s.wheels[i];
            if !wp.enabled {
                continue;
            }
            ws.drive_torque = sol.drive[i];
            ws.brake_torque = sol.brake[i].abs();
            let c = &coupled.input[i];
            if !ws.suspension.in_contact {
                let t = &mut ws.tire;
                t.omega = sol.omega[i];
                t.angle = (t.angle + t.omega * dt).rem_euclid(std::f64::consts::TAU);
                (t.load, t.fx, t.fy, t.slip_ratio, t.slip_angle) = (0.0, 0.0, 0.0, 0.0, 0.0);
                continue;
            }
            let (fx, fy) = (sol.fx[i], sol.fy[i]);
            finish_contact(&wp.tire, c, &mut ws.tire, sol.omega[i], fx, fy, dt);
            let water = ground.surfaces().get(ws.surface).water_depth;
            tire_heat(p, wp, c, &mut ws.tire, water, dt);
            slip_power += fx * (sol.omega[i] * wp.radius - c.vx) - fy * c.vy;
            let (long, lat, point) = coupled.frame[i];
            out.push(long * fx + lat * fy, point, com);
        }
        s.drivetrain.slip_energy += slip_power * dt;
        drivetrain::finish(p, &drive, &sol, s, dt);
    }

    // Stage 7: aero — drag and downforce at their centres of pressure.
    if p.aero.is_active() {
        let mut buf = [(DVec3::ZERO, DVec3::ZERO); MAX_AERO_FORCES];
        let n = aero::aero_forces(
            &p.aero,
            &pose,
            p.chassis.com_offset,
            |pt| chassis.point_velocity(&p.chassis, pt),
            &mut buf,
        );
        for &(f, pt) in &buf[..n] {
            out.push(f, pt, com);
        }
    }

    // Stage 8b: body-attitude torque (optional).
    if p.body_roll.enabled {
        let mut front = [false; MAX_WHEELS];
        front[..nw].copy_from_slice(&d.is_front[..nw]);
        let susp_states = suspension_states(s);
        let t_body = susp::body_roll_torque(
            &p.body_roll,
            &susp_states[..nw],
            &front[..nw],
            chassis.angular_velocity_body(),
            s.acceleration_body(),
        );
        let t = pose.transform_vector(t_body);
        out.torque += t;
        out.total.torque += t;
    }

    // Stage 8c: stability torques (each off unless enabled); anti-rollover last, as it
    // constrains the tilt rate under every other torque.
    let grounded = p
        .wheels
        .iter()
        .zip(&s.wheels)
        .any(|(wp, ws)| wp.enabled && ws.suspension.in_contact);
    let st = &p.stability;
    let mut t = stab::yaw_damping_torque(&st.yaw_damping, &p.chassis, &chassis)
        + stab::airborne_torque(
            &st.airborne,
            &p.chassis,
            &chassis,
            grounded,
            &mut s.stability,
            dt,
        );
    t += stab::anti_rollover_torque(
        &st.anti_rollover,
        &p.chassis,
        &chassis,
        out.total.torque + t,
        dt,
    );
    out.torque += t;
    out.total.torque += t;
    out
}

/// Per-wheel scratch of the coupled drivetrain solve (fixed arrays, no allocation).
struct Coupled {
    wheels: [WheelTerm; MAX_WHEELS],
    input: [ContactInput; MAX_WHEELS],
    frame: [(DVec3, DVec3, DVec3); MAX_WHEELS],
}

impl Default for Coupled {
    fn default() -> Self {
        Self {
            wheels: [WheelTerm::default(); MAX_WHEELS],
            input: [ContactInput::default(); MAX_WHEELS],
            frame: [(DVec3::ZERO, DVec3::ZERO, DVec3::ZERO); MAX_WHEELS],
        }
    }
}

/// Smallest cosine between the ground normal and the strut axis used to turn strut force into
/// normal load (≈ 84°): steeper contacts are rejected by the hit filter anyway.
const MIN_NORMAL_COS: f64 = 0.1;

/// Tire thermal stage (after the tire forces): slip power `|Fx·(ωR − Vx)| + |Fy·Vy|` heats
/// the tread, rolling-resistance power the core; see [`crate::tire::thermal`]. No-op for a tire
/// without a thermal model.
fn tire_heat(
    p: &VehicleParams,
    wp: &crate::vehicle::WheelParams,
    c: &ContactInput,
    t: &mut crate::tire::TireState,
    water_depth: f64,
    dt: f64,
) {
    let Some(tp) = &wp.tire.thermal else {
        return;
    };
    let input = crate::tire::thermal::ThermalInput {
        slip_power: (t.fx * (t.omega * c.radius - c.vx)).abs() + (t.fy * c.vy).abs(),
        rolling_power: wp.tire.rolling_resistance
            * c.rolling_resistance_scale
            * c.load
            * c.vx.abs(),
        speed: c.vx,
        in_contact: c.load > 0.0,
        air_temperature: p.sim.air_temperature,
        road_temperature: p.sim.air_temperature,
        water_depth,
    };
    crate::tire::thermal::update(tp, &mut t.thermal, &input, dt);
}

/// The suspension states of all wheels, copied into a fixed array (no allocation).
fn suspension_states(s: &VehicleState) -> [crate::suspension::SuspensionState; MAX_WHEELS] {
    let mut out = [Default::default(); MAX_WHEELS];
    for (dst, w) in out.iter_mut().zip(&s.wheels) {
        *dst = w.suspension;
    }
    out
}

/// Orientation of the wheel in the vehicle frame: steer about z, then camber about x
/// (positive camber leans the top away from the centreline).
fn wheel_rotation(steer: f64, camber: f64, side: f64) -> DQuat {
    DQuat::from_rotation_z(steer) * DQuat::from_rotation_x(-side * camber)
}

/// A wheel off the ground: drive, brake and rolling nothing; spin integrates freely and the
/// brake never reverses it.
fn spin_free(wp: &crate::vehicle::WheelParams, ws: &mut crate::vehicle::WheelState, dt: f64) {
    let t = &mut ws.tire;
    let (w0, drive, brake) = (t.omega, ws.drive_torque, ws.brake_torque);
    t.omega = if w0 == 0.0 {
        if drive.abs() <= brake {
            0.0
        } else {
            dt * (drive - brake * drive.signum()) / wp.inertia
        }
    } else {
        let w1 = w0 + dt * (drive - brake * w0.signum()) / wp.inertia;
        if brake > 0.0 && w1 * w0 < 0.0 {
            0.0
        } else {
            w1
        }
    };
    t.angle = (t.angle + t.omega * dt).rem_euclid(std::f64::consts::TAU);
    t.load = 0.0;
    t.fx = 0.0;
    t.fy = 0.0;
    t.slip_ratio = 0.0;
    t.slip_angle = 0.0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camber_leans_top_outward() {
        // Left wheel (side +1), +0.1 rad camber: the wheel's up axis tilts to +y.
        let up = wheel_rotation(0.0, 0.1, 1.0) * DVec3::Z;
        assert!((up.y - 0.1f64.sin()).abs() < 1e-12);
        let up = wheel_rotation(0.0, 0.1, -1.0) * DVec3::Z;
        assert!((up.y + 0.1f64.sin()).abs() < 1e-12);
    }
}
