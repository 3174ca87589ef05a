//! Stages 1–9 of a substep, each a function over the vehicle's params and state (see the
//! [table](super)).

use super::ChassisForces;
use crate::MAX_WHEELS;
use crate::aero::{self, MAX_AERO_FORCES};
use crate::drivetrain::{self, PowertrainInput, Prepared};
use crate::ground::Ground;
use crate::input::{Controls, Intent};
use crate::params::{Derived, VehicleParams};
use crate::stability::model as stab;
use crate::state::VehicleState;
use crate::steering::model::steer_angles;
use crate::suspension::model as susp;
use crate::tire::model::{linearize_contact_lazy, solve_contact};
use crate::wheel::{self, Body, WheelParams, WheelState};
use coupled::{Coupled, coupled_solve};
use glam::DVec3;

mod coupled;

/// Stage 1: smoothed intent and hill-hold demand (kept in state), each wheel's commanded drive
/// and brake torque. Disabled wheels are cleared. Direct commands bypass smoothing and hold.
pub fn input_stage(
    p: &VehicleParams,
    controls: &Controls,
    s: &mut VehicleState,
    dt: f64,
) -> Intent {
    let forward_speed = s.chassis.velocity_body().x;
    let (intent, hold) = match controls {
        Controls::Intent(raw) => {
            let it = crate::input::smooth(&p.input_smoothing, raw, &mut s.input, dt);
            let hh = &p.stability.hill_hold;
            let st = &mut s.stability;
            let hold = stab::hill_hold(hh, it.throttle, it.brake, forward_speed, st, dt);
            (it, hold)
        }
        Controls::Direct(_) => (Intent::default(), 0.0),
    };
    s.stability.hold_brake = hold;
    for (i, wp) in p.wheels.iter().enumerate() {
        let ws = &mut s.wheels[i];
        if !wp.enabled {
            *ws = WheelState::default();
            continue;
        }
        (ws.drive_torque, ws.brake_torque) = wheel::commands(wp, controls, &intent, hold, i);
        ws.handbrake = wheel::handbrake_command(wp, controls, &intent);
    }
    intent
}

/// Stage 2: road-wheel angles (Ackermann, speed table, rate limit; or the direct commands),
/// then each wheel's camber, toe and steer angle.
pub fn steering_stage(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    intent: &Intent,
    s: &mut VehicleState,
    dt: f64,
) {
    let nw = p.wheels.len();
    match controls {
        Controls::Intent(_) => {
            let v = s.chassis.velocity_body().x;
            let sw = &d.steer_wheels[..nw];
            steer_angles(&p.steering, sw, intent.steer, v, &mut s.steering, dt);
        }
        Controls::Direct(c) => {
            for (a, cmd) in s.steering.angle.iter_mut().zip(c) {
                *a = cmd.steer_angle;
            }
        }
    }
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        wheel::steer_and_toe(wp, d.side[i], s.steering.angle[i], &mut s.wheels[i]);
    }
}

/// Stage 3: every enabled wheel's ground query along its suspension line.
pub fn contact_stage(p: &VehicleParams, d: &Derived, s: &mut VehicleState, ground: &dyn Ground) {
    let pose = s.chassis.pose;
    let reuse = if s.skip_ground_queries {
        u32::MAX
    } else {
        p.contact.reuse_hit_steps
    };
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ws = &mut s.wheels[i];
        wheel::query_ground_reusing(wp, &p.contact, d.side[i], &pose, ground, ws, reuse);
    }
}

/// Stage 4: jounce from the measurement, then anti-roll bars (they need every wheel's jounce),
/// then each wheel's spring, damper, bump-stop and bar force, and for a wheel that touched the
/// ground within the last substep, or whose ground rose into it within the substep
/// ([`WheelState::ground_rise`]), the touchdown impulse the explicit spring missed
/// ([`susp::touchdown_impulse`]).
pub fn suspension_stage(p: &VehicleParams, d: &Derived, s: &mut VehicleState, dt: f64) {
    let nw = p.wheels.len();
    let mut before = [Default::default(); MAX_WHEELS];
    let pose = s.chassis.pose;
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        before[i] = s.wheels[i].suspension;
        wheel::update_suspension(wp, &pose, &mut s.wheels[i], dt);
    }
    let mut states = [Default::default(); MAX_WHEELS];
    for (dst, w) in states.iter_mut().zip(&s.wheels[..nw]) {
        *dst = w.suspension;
    }
    let mut arb = [0.0; MAX_WHEELS];
    susp::anti_roll_forces(&p.anti_roll_bars, &states[..nw], &mut arb[..nw]);
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let was = &before[i];
        s.wheels[i].edge_force_world = DVec3::ZERO;
        let mut touchdown = 0.0;
        let ss = &s.wheels[i].suspension;
        if ss.in_contact && was.has_history && dt > 0.0 {
            if !was.in_contact {
                let t = touchdown_force(p, d, &s.chassis, i, was.jounce, &s.wheels[i], dt);
                (touchdown, s.wheels[i].edge_force_world) = (t.force, t.edge);
                s.wheels[i].suspension.jounce_velocity = t.rate;
            } else if let Some(x0) = risen_from(wp, &s.wheels[i]) {
                s.wheels[i].edge_force_world =
                    edge_force(p, d, &s.chassis, i, x0, &s.wheels[i], dt);
                // The damper sees the strut's motion, not the ground's rise: the rate on the
                // plane the wheel stood on.
                let sp = &wp.suspension;
                s.wheels[i].suspension.jounce_velocity =
                    (x0.min(sp.max_compression) - was.jounce) / dt;
            }
        }
        let ss = &mut s.wheels[i].suspension;
        susp::forces(&wp.suspension, ss, d.rest_force[i], ss.raw_jounce, arb[i]);
        ss.touchdown_force = touchdown;
        ss.force += touchdown;
    }
}

/// Wheel `wp`, in contact over the last substep and still: the jounce it would have now on
/// the plane it stood on at the last query, `x − Δ` (at least full droop), when the ground
/// found now lies `Δ` higher than that plane ([`WheelState::ground_rise`]) by more than
/// [`susp::GROUND_RISE_SLOP`]; `None` otherwise, and on moving ground (surface velocity not
/// zero: a vehicle deck is posed once per step, so its plane's motion between two queries is
/// not the rise of new ground).
///
/// Why: the spring force is explicit, so its work on the body follows the contact plane of
/// the substep's start (on a smooth ground the spring then stores what the body lost, to
/// `½·k·Δx²`). New ground that rises into the wheel within a substep — the edge of a curb
/// met by the wheel's sweep, a curb's top reached sideways — compresses the spring by `Δ`
/// with no force having acted on the body: the 8×8 truck's wheel at a 15 cm curb went from
/// 3 to 75 mm in one 1/120 s step and its spring gained 2.5 kJ no force took from the body.
/// [`edge_force`] takes it.
fn risen_from(wp: &crate::wheel::WheelParams, ws: &WheelState) -> Option<f64> {
    let sp = &wp.suspension;
    let still = ws.surface_velocity_world == DVec3::ZERO;
    let x = ws.suspension.raw_jounce;
    (still && ws.ground_rise > susp::GROUND_RISE_SLOP)
        .then(|| (x - ws.ground_rise).max(-sp.max_droop))
}

/// Wheel `i` touched down within the last substep of `h` (hanging at jounce `x0` before, in
/// contact now): the strut force (N) that delivers [`susp::touchdown_impulse`] over this
/// substep, for the energy `ΔU = U*(x_raw) − U*(x₀)` ([`susp::strut_energy`]: past full
/// compression it counts what the clamped strut will push the body out with). The impulse
/// acts along the contact normal `n` at the contact point, with the body's effective mass
/// there, `1/m_eff = 1/m + (r × n)ᵀ·I⁻¹·(r × n)` (body frame, `r` from the CoM), and the
/// point's closing velocity `v_n = (v_P − v_ground)·n`; the strut carries it as
/// `J/h·(n·up)` (the normal load is the strut force over `n·up`, [`wheel::normal_load`]).
///
/// When the closing energy cannot pay `ΔU` (a wheel that comes onto a curb's top sideways:
/// the sedan's hanging wheel at full droop meeting the curb's edge 211 mm up within one 1 ms
/// substep, `ΔU` = 659 J), the impulse takes what the closing gives and the rest is taken
/// from the contact point's motion after it, `v_P + K·J·n` (`K` the point's inverse-mass
/// matrix, [`point_response`]), as for ground that rose into a wheel in contact
/// ([`against_motion`]): the wheel climbed the edge sideways, the edge's reaction on it
/// opposed that motion, and the spring's energy can come from nowhere but the body's kinetic
/// energy. Both impulses act in the same substep and a body's kinetic energy change depends
/// on the total impulse only, so taking them one after the other is exact. `edge` is that
/// force (N, world) at the contact point over this substep (zero when the closing paid it
/// all).
///
/// The damper's rate (`rate`, m/s) is the finite difference `(x₁ − x₀)/h` but no more than
/// the point's closing speed along the strut, `max(−(v_P − v_ground)·up, 0)`: the strut
/// cannot close faster than the body approaches, and the finite difference counts ground met
/// within the substep as strut motion (the sedan's wheel above: 211 m/s, a 464 kN damper
/// push over 1 ms that threw the body off the curb with ≈ 400 J the spring never held:
/// +334 J in a step). In a landing from above the finite difference is the smaller one and
/// stays.
fn touchdown_force(
    p: &VehicleParams,
    d: &Derived,
    c: &crate::chassis::ChassisState,
    i: usize,
    x0: f64,
    ws: &WheelState,
    h: f64,
) -> Touchdown {
    let delta_u = strut_energy_gain(p, d, i, x0, ws);
    let n = ws.contact_normal_world;
    let point = ws.contact_point_world;
    let v_n = (c.point_velocity(&p.chassis, point) - ws.surface_velocity_world).dot(n);
    let q = c.pose.rotation.conjugate();
    let r = q * (point - c.com_world(&p.chassis));
    let rn = r.cross(q * n);
    let inv_mass = 1.0 / p.chassis.mass + rn.dot(p.chassis.inertia.inverse() * rn);
    let j = susp::touchdown_impulse(delta_u, v_n, 1.0 / inv_mass);
    let up = -c
        .pose
        .transform_vector(p.wheels[i].suspension.travel_direction);
    let force = j / h * n.dot(up).max(wheel::MIN_NORMAL_COS);
    let v = c.point_velocity(&p.chassis, point) - ws.surface_velocity_world;
    let v_after = v + point_response(p, c, point, n * j);
    let rate = ws.suspension.jounce_velocity.min((-v.dot(up)).max(0.0));
    // What the normal impulse took: `−J·v_n − J²/(2·m_eff)`; the rest, if any, from the
    // point's motion after it.
    let rest_u = delta_u - (-j * v_n - 0.5 * j * j * inv_mass);
    let edge = if j > 0.0 && rest_u > 0.0 {
        against_motion(p, c, point, v_after, rest_u, h)
    } else {
        DVec3::ZERO
    };
    Touchdown { force, edge, rate }
}

/// What [`touchdown_force`] gives a wheel that touched down within the last substep.
struct Touchdown {
    /// Strut force (N) that delivers the normal impulse over the substep.
    force: f64,
    /// Force (N, world) at the contact point taking the rest of `ΔU` from the motion.
    edge: DVec3,
    /// The strut's compression rate for the damper (m/s).
    rate: f64,
}

/// The change of the velocity (m/s, world) of the body's point `point` under an impulse `j`
/// (N·s, world) there: `j/m + (I⁻¹·(r × j)) × r` (body frame, `r` from the CoM).
fn point_response(
    p: &VehicleParams,
    c: &crate::chassis::ChassisState,
    point: DVec3,
    j: DVec3,
) -> DVec3 {
    let q = c.pose.rotation.conjugate();
    let r = q * (point - c.com_world(&p.chassis));
    let dw = p.chassis.inertia.inverse() * r.cross(q * j);
    j / p.chassis.mass + c.pose.rotation * dw.cross(r)
}

/// What wheel `i`'s strut stores going from the jounce `x0` (m) to the substep's measured
/// jounce: `ΔU = U*(x_raw) − U*(x₀)` (J, [`susp::strut_energy`]).
fn strut_energy_gain(p: &VehicleParams, d: &Derived, i: usize, x0: f64, ws: &WheelState) -> f64 {
    let sp = &p.wheels[i].suspension;
    let rest = d.rest_force[i];
    susp::strut_energy(sp, rest, ws.suspension.raw_jounce) - susp::strut_energy(sp, rest, x0)
}

/// Wheel `i`, in contact, whose ground rose into it within the last substep of `h` from the
/// jounce `x0` ([`risen_from`]): the force (N, world) over this substep that takes the
/// energy the rise stored, `ΔU = U*(x_raw) − U*(x₀)` ([`susp::strut_energy`]), from the
/// body's motion ([`against_motion`]).
fn edge_force(
    p: &VehicleParams,
    d: &Derived,
    c: &crate::chassis::ChassisState,
    i: usize,
    x0: f64,
    ws: &WheelState,
    h: f64,
) -> DVec3 {
    let delta_u = strut_energy_gain(p, d, i, x0, ws);
    let point = ws.contact_point_world;
    let v = c.point_velocity(&p.chassis, point) - ws.surface_velocity_world;
    against_motion(p, c, point, v, delta_u, h)
}

/// The force (N, world) over a substep of `h` whose impulse takes the energy `ΔU` (J) from the
/// body's motion at `point`, moving at `v` relative to the ground: ground that rose into a
/// wheel as it moved along (a curb's edge, a step met sideways) compressed its strut by
/// `ΔU` with no force on the body.
///
/// The edge's reaction on a massless wheel climbing it opposes the contact point's motion,
/// and its vertical share is the spring's own force, which the strut already applies. So the
/// impulse acts against `v`, `u = −v/|v|`, at `point`, with the body's effective mass along
/// `u` there, and its size is [`susp::touchdown_impulse`]'s with the closing speed `|v|`:
/// the kinetic energy it removes is exactly `ΔU` (or all of `½·m_eff·|v|²` if that is less).
/// Applied as `J·u/h` at `point` ([`assemble`]).
fn against_motion(
    p: &VehicleParams,
    c: &crate::chassis::ChassisState,
    point: DVec3,
    v: DVec3,
    delta_u: f64,
    h: f64,
) -> DVec3 {
    let speed = v.length();
    if delta_u <= 0.0 || speed <= 0.0 {
        return DVec3::ZERO;
    }
    let u = -v / speed;
    let q = c.pose.rotation.conjugate();
    let r = q * (point - c.com_world(&p.chassis));
    let ru = r.cross(q * u);
    let inv_mass = 1.0 / p.chassis.mass + ru.dot(p.chassis.inertia.inverse() * ru);
    u * (susp::touchdown_impulse(delta_u, -speed, 1.0 / inv_mass) / h)
}

/// Stage 5: gears, throttle, tank split, brakes and aids (intent controls only; direct wheel
/// commands keep their torques). Writes each wheel's drive and brake torque.
pub fn powertrain_stage(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    intent: &Intent,
    s: &mut VehicleState,
    dt: f64,
) -> Prepared {
    let Controls::Intent(_) = controls else {
        return Prepared::none();
    };
    let nw = p.wheels.len();
    let (mut slip, mut steer) = ([0.0; MAX_WHEELS], [0.0; MAX_WHEELS]);
    for (i, w) in s.wheels[..nw].iter().enumerate() {
        (slip[i], steer[i]) = (w.tire.slip_ratio, w.steer);
    }
    let input = PowertrainInput {
        intent,
        hold: s.stability.hold_brake,
        forward_speed: s.chassis.velocity_body().x,
        yaw_rate: s.chassis.angular_velocity_body().z,
        slip_ratio: &slip[..nw],
        steer: &steer[..nw],
    };
    let dw = &d.drive_wheels[..nw];
    let (dp, topo) = (&p.drivetrain, &d.drive_topology);
    let prep = drivetrain::prepare(dp, dw, topo, &input, &mut s.drivetrain, dt);
    for (i, w) in s.wheels[..nw].iter_mut().enumerate() {
        (w.drive_torque, w.brake_torque) = (prep.drive_torque[i], prep.brake_torque[i]);
    }
    prep
}

/// Stage 6: normal loads, tyre inputs, then tyre forces and wheel spin — wheel by wheel
/// ([`solve_contact`]) or, with an engine, in one implicit solve with it.
pub fn grip_stage(
    p: &VehicleParams,
    d: &Derived,
    prep: &Prepared,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) {
    let chassis = s.chassis;
    let body = Body {
        params: &p.chassis,
        state: &chassis,
    };
    let (surfaces, g) = (ground.surfaces(), p.sim.gravity);
    // The coupled solve's per-wheel input, linearisation and pending force limit: scratch of
    // this call only.
    let mut contacts: [Option<Coupled>; MAX_WHEELS] = [None; MAX_WHEELS];
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ws = &mut s.wheels[i];
        if !ws.suspension.in_contact {
            if !prep.coupled {
                wheel::spin_free(wp, ws, dt);
            }
            ws.normal_load = 0.0;
            ws.tire_input = None;
            continue;
        }
        wheel::normal_load(wp, &chassis.pose, ws);
        let input = wheel::tire_input(wp, &body, surfaces, &p.load_filter, &d.corner(i), g, ws);
        if prep.coupled {
            let (lin, pending) = linearize_contact_lazy(&wp.tire, &input, &ws.tire, dt);
            contacts[i] = Some((input, lin, pending));
            continue;
        }
        let f = solve_contact(&wp.tire, &input, &mut ws.tire, dt);
        let water = surfaces.get(ws.surface).water_depth;
        wheel::tire_heat(wp, &input, ws, p.sim.air_temperature, water, dt);
        ws.tire_force_world = ws.tire_long_world * f.fx + ws.tire_lat_world * f.fy;
    }
    if prep.coupled {
        coupled_solve(p, d, prep, s, &contacts, ground, dt);
    }
}

/// Stage 7: drag and downforce at their centres of pressure (world forces and points).
pub fn aero_stage(p: &VehicleParams, s: &VehicleState) -> AeroForces {
    let mut out = AeroForces {
        forces: [(DVec3::ZERO, DVec3::ZERO); MAX_AERO_FORCES],
        count: 0,
    };
    if p.aero.is_active() {
        let c = &s.chassis;
        let velocity = |pt| c.point_velocity(&p.chassis, pt);
        let com = p.chassis.com_offset;
        out.count = aero::aero_forces(&p.aero, &c.pose, com, velocity, &mut out.forces);
    }
    out
}

/// The aero stage's forces: `(force, point)` pairs, world frame (N, m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AeroForces {
    /// Force and application point of each aero force.
    pub forces: [(DVec3, DVec3); MAX_AERO_FORCES],
    /// Number of entries used.
    pub count: usize,
}

/// Stage 9 (before the torques of stage 8, which need the sum): every wheel's suspension and
/// tyre force at its point and the tyre's aligning moment `Mz` as a pure torque about the
/// contact normal `n` (`n·Mz`: the steering rack holds the wheel at its angle, so the moment
/// reaches the chassis), then aero. Order (which fixes the floating-point sum): wheel by
/// wheel suspension then tyre force and moment; with the coupled engine solve all suspension
/// forces first, then all tyre forces and moments (the order the forces become known in).
pub fn assemble(
    p: &VehicleParams,
    s: &VehicleState,
    coupled: bool,
    aero: &AeroForces,
) -> ChassisForces {
    let mut out = ChassisForces::default();
    assemble_into(p, s, coupled, aero, &mut out);
    out
}

/// [`assemble`] into `out`, which is first cleared ([`ChassisForces::clear_substep`]): a
/// substep loop reuses one `ChassisForces` instead of building a new one per substep.
/// The result is the same, field for field, as [`assemble`]'s.
pub fn assemble_into<const S: usize>(
    p: &VehicleParams,
    s: &VehicleState,
    coupled: bool,
    aero: &AeroForces,
    out: &mut ChassisForces<S>,
) {
    out.clear_substep();
    let com = s.chassis.com_world(&p.chassis);
    let grounded = |i: usize| p.wheels[i].enabled && s.wheels[i].suspension.in_contact;
    let nw = p.wheels.len();
    let pose = &s.chassis.pose;
    let susp = |out: &mut ChassisForces<S>, wp: &WheelParams, w: &WheelState| {
        let f = w.contact_normal_world * w.normal_load;
        out.push(f, wheel::suspension_force_point_world(wp, pose, w), com);
    };
    let tire = |out: &mut ChassisForces<S>, wp: &WheelParams, w: &WheelState| {
        out.push(
            w.tire_force_world,
            wheel::tire_force_point_world(wp, pose, w),
            com,
        );
        out.add_torque(w.contact_normal_world * w.tire.mz);
        if w.edge_force_world != DVec3::ZERO {
            out.push(w.edge_force_world, w.contact_point_world, com);
        }
    };
    for i in (0..nw).filter(|&i| grounded(i)) {
        susp(out, &p.wheels[i], &s.wheels[i]);
        if !coupled {
            tire(out, &p.wheels[i], &s.wheels[i]);
        }
    }
    if coupled {
        for i in (0..nw).filter(|&i| grounded(i)) {
            tire(out, &p.wheels[i], &s.wheels[i]);
        }
    }
    for &(f, pt) in &aero.forces[..aero.count] {
        out.push(f, pt, com);
    }
}

/// Stage 8: the body-attitude torque (optional) and the stability helpers' torques, added to
/// `out` (they need its torque so far).
pub fn stability_stage<const S: usize>(
    p: &VehicleParams,
    d: &Derived,
    s: &mut VehicleState,
    out: &mut ChassisForces<S>,
    dt: f64,
) {
    let nw = p.wheels.len();
    let chassis = s.chassis;
    if p.body_roll.enabled {
        let mut states = [Default::default(); MAX_WHEELS];
        for (dst, w) in states.iter_mut().zip(&s.wheels[..nw]) {
            *dst = w.suspension;
        }
        let t_body = susp::body_roll_torque(
            &p.body_roll,
            &states[..nw],
            &d.is_front[..nw],
            chassis.angular_velocity_body(),
            s.acceleration_body(),
        );
        out.add_torque(chassis.pose.transform_vector(t_body));
    }
    let grounded = p
        .wheels
        .iter()
        .zip(&s.wheels)
        .any(|(wp, ws)| wp.enabled && ws.suspension.in_contact);
    let st = &mut s.stability;
    let torque_so_far = out.total.torque;
    let t = stab::helper_torques(
        &p.stability,
        &p.chassis,
        &chassis,
        grounded,
        torque_so_far,
        st,
        dt,
    );
    out.add_torque(t);
}
