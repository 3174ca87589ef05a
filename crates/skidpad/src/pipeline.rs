//! The step order, written down once.
//!
//! Every vehicle step, standalone or hosted, runs these stages per substep. Each stage is a
//! function of its subsystem's module (params by `&`, upstream state by `&`, its own state by
//! `&mut`); the functions here only call them in order and loop over the wheels. What one stage
//! hands the next lives in the state ([`VehicleState`], [`WheelState`]), so a host can run the
//! stages separately and a test can call one alone.
//!
//! | # | stage ([`Stage`]) | stage functions | consumes | produces |
//! |---|---|---|---|---|
//! | 1 | [`Stage::Input`] | [`crate::input::smooth`], [`crate::stability::model::hill_hold`], [`wheel::commands`] | [`Controls`] | smoothed intent, hill-hold demand, per-wheel drive and brake torque |
//! | 2 | [`Stage::Steering`] | [`crate::steering::model::steer_angles`], [`wheel::steer_and_toe`] | steer command, forward speed, last jounce | road-wheel steer angles with toe, camber |
//! | 3 | [`Stage::Contact`] | [`wheel::query_ground`] | chassis pose, [`Ground`] | contact point, normal, surface, measured jounce |
//! | 4 | [`Stage::Suspension`] | [`wheel::update_suspension`], [`susp::anti_roll_forces`], [`susp::forces`] | measured jounce | jounce and rate, spring/damper/bump-stop/anti-roll force |
//! | 5 | [`Stage::Powertrain`] | [`drivetrain::prepare`] | intent, slips, steer | gear, aids, per-wheel drive and brake torque, engine term |
//! | 6 | [`Stage::Grip`] | [`wheel::normal_load`], [`wheel::tire_input`], [`crate::tire::model::solve_contact`] or the coupled [`drivetrain::solver::solve`], [`wheel::tire_heat`] | load, contact velocity, torques | tyre forces, wheel spin, engine speed |
//! | 7 | [`Stage::Aero`] | [`crate::aero::aero_forces`] | chassis velocity | drag and downforce at their points |
//! | 8 | [`Stage::Stability`] | [`susp::body_roll_torque`], [`crate::stability::model::helper_torques`] | jounces, chassis motion and acceleration | body-attitude and helper torques |
//! | 9 | [`Stage::Forces`] | [`assemble`] | every force of 4–8 | [`ChassisForces`] (point forces and the wrench about the CoM) |
//! | 10 | integration | [`crate::chassis::integrate`] | wrench, gravity | new chassis state (standalone; hosted: the vehicle's own prediction) |
//! | 10b | end stops | [`end_stop_stage`] | wheels at full compression, integrated velocities | inelastic impulses at their contacts, added to the wrench; the substep integrated again |
//!
//! After the substeps: the chassis acceleration over the step (what the body-roll model of
//! stage 8 reads next step) and the time. Telemetry is not a stage: it observes a vehicle from
//! outside ([`crate::telemetry`]).
//!
//! Substeps: `sim.substeps_low_speed` below `sim.substep_threshold_speed`, else
//! `sim.substeps_high_speed` (PhysX `PxVehicleWheelsSimData::setSubStepCount`). Hosted mode runs
//! the same substeps on the vehicle's own states: between substeps the chassis is advanced with
//! the core's integrator ([`crate::chassis::integrate`]) as a prediction, and the result carries
//! each substep's wrench, so a host that integrates with the same integrator reproduces the
//! standalone trajectory (see [`step_hosted`]).
//!
//! The ground is queried every substep (stage 3), not once per step as PhysX does. Measured
//! (release, the sedan over `scenarios/function.toml`'s ±0.3 m waves at 3 m/s, so with 3
//! substeps, for 200 s): reusing the step's first hit plane for its other substeps
//! (`contact.reuse_hit_steps = 2`, the hit-plane cache) cut the run from 35.2 s to 11.4 s —
//! the triangle-mesh sphere cast dominates — and moved the car by up to 8 mm and a wheel load
//! by up to 176 N in transients. On flat ground the two are identical. The default keeps the
//! exact per-substep query; `reuse_hit_steps` is the per-vehicle switch (it counts substeps,
//! so at one substep per step it reuses across steps).
//!
//! Nothing here allocates.

use crate::MAX_WHEELS;
use crate::aero::{self, MAX_AERO_FORCES};
use crate::chassis::{ChassisState, PointConstraint, Wrench, integrate, solve_impulses};
use crate::drivetrain::{self, PowertrainInput, Prepared, solver::WheelTerm};
use crate::ground::Ground;
use crate::input::{Controls, Intent};
use crate::params::{Derived, VehicleParams};
use crate::stability::model as stab;
use crate::state::VehicleState;
use crate::steering::model::steer_angles;
use crate::suspension::model as susp;
use crate::tire::model::{finish_contact, linearize_contact, solve_contact};
use crate::wheel::{self, Body, WheelState};
use glam::DVec3;

/// The stages of a substep, in order (the Bevy plugin's system sets map onto them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Smoothing, hill hold, per-wheel commands.
    Input,
    /// Road-wheel angles, toe and camber.
    Steering,
    /// Ground queries.
    Contact,
    /// Jounce and suspension forces.
    Suspension,
    /// Gears, aids, brakes, engine term.
    Powertrain,
    /// Tyre forces and wheel spin (with the coupled engine solve).
    Grip,
    /// Drag and downforce.
    Aero,
    /// Body-attitude and stability-helper torques.
    Stability,
    /// Point forces and the wrench about the CoM.
    Forces,
}

impl Stage {
    /// Every stage in step order.
    pub const ALL: [Stage; 9] = [
        Stage::Input,
        Stage::Steering,
        Stage::Contact,
        Stage::Suspension,
        Stage::Powertrain,
        Stage::Grip,
        Stage::Aero,
        Stage::Stability,
        Stage::Forces,
    ];
}

/// A force and the world point where it acts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AppliedForce {
    /// Force, world frame. Unit: N.
    pub force_world: DVec3,
    /// Application point, world frame. Unit: m.
    pub point_world: DVec3,
}

/// Capacity of [`ChassisForces::forces`]: two per wheel plus the aero forces.
pub const MAX_POINT_FORCES: usize = 2 * MAX_WHEELS + MAX_AERO_FORCES;

/// Largest substep count ([`crate::params::SimParams`] allows 1 to 64).
pub const MAX_SUBSTEPS: usize = 64;

/// What a substep's forces sum to, and (hosted) what a whole step asks the engine to apply.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChassisForces {
    /// Point forces: per wheel, the suspension force then the tire force; then aero (drag,
    /// downforce surfaces). Hosted with several substeps: those of the last substep.
    pub forces: [AppliedForce; MAX_POINT_FORCES],
    /// Number of entries used in `forces`.
    pub count: usize,
    /// Pure torque (body-roll model, stability helpers), world frame. Unit: N·m. Hosted: the
    /// mean over the substeps.
    pub torque_world: DVec3,
    /// Sum of everything as a force and a torque about the centre of mass (world frame).
    /// Hosted: the mean over the substeps, i.e. the step's impulse divided by `dt`.
    pub total: Wrench,
    /// Hosted: the wrench of each substep (first `substeps` entries), for a host that
    /// integrates each substep itself. Standalone substep: unused.
    pub substep_totals: [Wrench; MAX_SUBSTEPS],
    /// Hosted: number of substeps run (each `dt / substeps` long).
    pub substeps: usize,
}

impl Default for ChassisForces {
    fn default() -> Self {
        Self {
            forces: [AppliedForce::default(); MAX_POINT_FORCES],
            count: 0,
            torque_world: DVec3::ZERO,
            total: Wrench::default(),
            substep_totals: [Wrench::default(); MAX_SUBSTEPS],
            substeps: 0,
        }
    }
}

impl ChassisForces {
    /// The used point forces.
    pub fn point_forces(&self) -> &[AppliedForce] {
        &self.forces[..self.count]
    }

    /// The per-substep wrenches of a hosted step.
    pub fn substep_wrenches(&self) -> &[Wrench] {
        &self.substep_totals[..self.substeps]
    }

    fn push(&mut self, force: DVec3, point: DVec3, com: DVec3) {
        if self.count < self.forces.len() {
            self.forces[self.count] = AppliedForce {
                force_world: force,
                point_world: point,
            };
            self.count += 1;
        }
        self.total.add_force_at(force, point, com);
    }

    fn add_torque(&mut self, t: DVec3) {
        self.torque_world += t;
        self.total.torque += t;
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

/// Standalone step: the substeps of stages 1–10; then the step's acceleration and time.
pub fn step_standalone(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) {
    run_substeps(p, d, controls, s, ground, dt, &mut |_, _| {});
}

/// Hosted step: the same substeps as [`step_standalone`], run on the vehicle's own states with
/// `s.chassis` set to the engine's body at the start of the step. Between substeps the chassis
/// is advanced with [`crate::chassis::integrate`] (gravity included) as the vehicle's own
/// prediction; the engine's state replaces it next step.
///
/// Returns the mean wrench over the step (`total`: the step's impulse over `dt`, exact for any
/// number of substeps), each substep's wrench (`substep_totals`) and the last substep's point
/// forces. With one substep, applying `total` for `dt` with the core's integrator is exactly the
/// standalone step; with several, a host that integrates each of `substep_wrenches()` for
/// `dt / substeps` is.
pub fn step_hosted(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) -> ChassisForces {
    let mut out = ChassisForces::default();
    let mut sum = Wrench::default();
    let mut pure = DVec3::ZERO;
    run_substeps(p, d, controls, s, ground, dt, &mut |k, f| {
        sum.force += f.total.force;
        sum.torque += f.total.torque;
        pure += f.torque_world;
        out.forces = f.forces;
        out.count = f.count;
        out.substep_totals[k] = f.total;
        out.substeps = k + 1;
    });
    let n = out.substeps.max(1) as f64;
    out.total = Wrench {
        force: sum.force / n,
        torque: sum.torque / n,
    };
    out.torque_world = pure / n;
    out
}

/// The substep loop shared by both modes: stages 1–9, then integration of `s.chassis`;
/// `each(k, forces)` sees substep `k`'s forces. Afterwards the acceleration over the step
/// (gravity excluded: what an accelerometer reads) and the time.
fn run_substeps(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
    each: &mut dyn FnMut(usize, &ChassisForces),
) {
    let n = (substep_count(p, s.speed()) as usize).min(MAX_SUBSTEPS);
    let h = dt / n as f64;
    let v0 = s.chassis.linear_velocity_world;
    let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
    for k in 0..n {
        let mut forces = compute_forces(p, d, controls, s, ground, h);
        let start = s.chassis;
        integrate(&p.chassis, &mut s.chassis, &forces.total, gravity, h);
        if end_stop_stage(p, s, ground, &start, &mut forces, h) {
            s.chassis = start;
            integrate(&p.chassis, &mut s.chassis, &forces.total, gravity, h);
        }
        each(k, &forces);
    }
    s.acceleration_world = (s.chassis.linear_velocity_world - v0) / dt - gravity;
    s.time += dt;
}

/// Stage 10b, end stops: a wheel whose ground reaches full compression is a rigid support.
/// For every enabled wheel the gap left to full compression along its suspension line is
/// found — `x_max − x_raw` on the ground (negative: already beyond it), or for a wheel off the
/// ground the distance its tyre still has to fall to the ground plus the whole travel (one
/// ray along the strut, [`end_stop_gap`]) — and the chassis point at the contact may close at
/// most that gap in the substep: `v_n ≥ −max(gap, 0)/h` at the end of the substep (a
/// speculative contact, so a landing never ends below full compression, whatever the step).
/// The impulses that enforce it ([`crate::chassis::solve_impulses`], from the effective mass at
/// each point) are added to `forces` as forces `J/h` at the contact points (and to the wheels'
/// normal loads), and the caller integrates the substep again from `start`. Returns whether
/// any stop acted. The stop is perfectly inelastic: landings dissipate energy at every step
/// size, and the peak wheel load is what stopping the body needs.
pub fn end_stop_stage(
    p: &VehicleParams,
    s: &mut VehicleState,
    ground: &dyn Ground,
    start: &ChassisState,
    forces: &mut ChassisForces,
    h: f64,
) -> bool {
    let mut c = [PointConstraint::default(); MAX_WHEELS];
    let mut wheel = [0usize; MAX_WHEELS];
    let mut n = 0;
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        if let Some(mut pc) = end_stop_gap(wp, &s.wheels[i], ground) {
            pc.max_approach_speed /= h;
            (c[n], wheel[n]) = (pc, i);
            n += 1;
        }
    }
    let mut j = [0.0; MAX_WHEELS];
    solve_impulses(&p.chassis, &s.chassis, &c[..n], &mut j[..n]);
    let com = start.com_world(&p.chassis);
    let mut any = false;
    for k in (0..n).filter(|&k| j[k] > 0.0) {
        let f = j[k] / h;
        forces.push(c[k].normal_world * f, c[k].point_world, com);
        s.wheels[wheel[k]].normal_load += f;
        any = true;
    }
    any
}

/// The end-stop constraint of one wheel with its gap (m) in `max_approach_speed` (the caller
/// divides by the substep): on the ground `max(x_max − x_raw, 0)` at the contact; off the
/// ground, a ray from the strut top along the travel finds the ground at `t` and the gap is
/// `t − R` (the tyre reaches full compression when its centre is `R` above the ground at the
/// strut top), `None` beyond `travel + R + 2 m` (nothing to reach this step at any sane speed;
/// the next substep looks again).
pub fn end_stop_gap(
    wp: &crate::wheel::WheelParams,
    ws: &WheelState,
    ground: &dyn Ground,
) -> Option<PointConstraint> {
    let sp = &wp.suspension;
    if ws.suspension.in_contact {
        return Some(PointConstraint {
            point_world: ws.contact_point_world,
            normal_world: ws.contact_normal_world,
            support_velocity_world: ws.surface_velocity_world,
            max_approach_speed: (sp.max_compression - ws.suspension.raw_jounce).max(0.0),
        });
    }
    let reach = sp.max_compression + sp.max_droop + wp.radius + END_STOP_LOOKAHEAD;
    let hit = ground.cast_ray(ws.strut_top_world, ws.travel_direction_world, reach)?;
    Some(PointConstraint {
        point_world: hit.point,
        normal_world: hit.normal,
        support_velocity_world: hit.surface_velocity_world,
        max_approach_speed: (hit.distance - wp.radius).max(0.0),
    })
}

/// How far below a hanging wheel's reach [`end_stop_gap`] looks for the ground. Unit: m.
/// A body falling at 60 m/s covers 2 m in a 1/30 s step.
pub const END_STOP_LOOKAHEAD: f64 = 2.0;

/// Stages 1–9 for one substep of `dt`: updates the vehicle's states and returns the chassis
/// forces. The chassis itself is not moved.
pub fn compute_forces(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) -> ChassisForces {
    let intent = input_stage(p, controls, s, dt);
    steering_stage(p, d, controls, &intent, s, dt);
    contact_stage(p, d, s, ground);
    suspension_stage(p, d, s, dt);
    let prep = powertrain_stage(p, d, controls, &intent, s, dt);
    grip_stage(p, d, &prep, s, ground, dt);
    let aero = aero_stage(p, s);
    let mut out = assemble(p, s, prep.coupled, &aero);
    stability_stage(p, d, s, &mut out, dt);
    out
}

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
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        wheel::query_ground(wp, &p.contact, d.side[i], &pose, ground, &mut s.wheels[i]);
    }
}

/// Stage 4: jounce from the measurement, then anti-roll bars (they need every wheel's jounce),
/// then each wheel's spring, damper, bump-stop and bar force.
pub fn suspension_stage(p: &VehicleParams, d: &Derived, s: &mut VehicleState, dt: f64) {
    let nw = p.wheels.len();
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        wheel::update_suspension(wp, &mut s.wheels[i], dt);
    }
    let mut states = [Default::default(); MAX_WHEELS];
    for (dst, w) in states.iter_mut().zip(&s.wheels[..nw]) {
        *dst = w.suspension;
    }
    let mut arb = [0.0; MAX_WHEELS];
    susp::anti_roll_forces(&p.anti_roll_bars, &states[..nw], &mut arb[..nw]);
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ss = &mut s.wheels[i].suspension;
        susp::forces(&wp.suspension, ss, d.rest_force[i], ss.raw_jounce, arb[i]);
    }
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
    let prep = drivetrain::prepare(&p.drivetrain, dw, &input, &mut s.drivetrain, dt);
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
            ws.linearization = linearize_contact(&wp.tire, &input, &ws.tire, dt);
            continue;
        }
        let f = solve_contact(&wp.tire, &input, &mut ws.tire, dt);
        let water = surfaces.get(ws.surface).water_depth;
        wheel::tire_heat(wp, &input, ws, p.sim.air_temperature, water, dt);
        ws.tire_force_world = ws.tire_long_world * f.fx + ws.tire_lat_world * f.fy;
    }
    if prep.coupled {
        coupled_solve(p, prep, s, ground, dt);
    }
}

/// Stage 6, engine drives: the engine and every driven wheel's spin in one implicit solve
/// ([`drivetrain::solver::solve`]), then the tyre forces it implies and the drivetrain's
/// bookkeeping.
fn coupled_solve(
    p: &VehicleParams,
    prep: &Prepared,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) {
    let nw = p.wheels.len();
    let mut terms = [WheelTerm::default(); MAX_WHEELS];
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ws = &s.wheels[i];
        let l = &ws.linearization;
        terms[i] = WheelTerm {
            enabled: true,
            inertia: wp.inertia + prep.extra_inertia[i],
            omega: ws.tire.omega,
            radius: wp.radius,
            brake: ws.brake_torque,
            ..WheelTerm::default()
        };
        if ws.suspension.in_contact {
            let t = &mut terms[i];
            (t.fx0, t.dfx, t.fy, t.limit) = (l.fx0, l.dfx_domega, l.fy, l.limit);
            t.torque = -l.rolling_torque;
        }
    }
    let sol = drivetrain::solver::solve(&prep.engine, &terms[..nw], &prep.topology, dt);
    let mut slip_power = 0.0;
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ws = &mut s.wheels[i];
        ws.drive_torque = sol.drive[i];
        ws.brake_torque = sol.brake[i].abs();
        let Some(c) = ws.tire_input.filter(|_| ws.suspension.in_contact) else {
            let t = &mut ws.tire;
            t.omega = sol.omega[i];
            t.angle = (t.angle + t.omega * dt).rem_euclid(std::f64::consts::TAU);
            wheel::clear_contact_forces(ws);
            continue;
        };
        let (fx, fy) = (sol.fx[i], sol.fy[i]);
        finish_contact(&wp.tire, &c, &mut ws.tire, sol.omega[i], fx, fy, dt);
        let water = ground.surfaces().get(ws.surface).water_depth;
        wheel::tire_heat(wp, &c, ws, p.sim.air_temperature, water, dt);
        slip_power += fx * (sol.omega[i] * wp.radius - c.vx) - fy * c.vy;
        ws.tire_force_world = ws.tire_long_world * fx + ws.tire_lat_world * fy;
    }
    s.drivetrain.slip_energy += slip_power * dt;
    drivetrain::finish(prep, &sol, &mut s.drivetrain, dt);
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
/// tyre force at its point, then aero. Order (which fixes the floating-point sum): wheel by
/// wheel suspension then tyre; with the coupled engine solve all suspension forces first, then
/// all tyre forces (the order the forces become known in).
pub fn assemble(
    p: &VehicleParams,
    s: &VehicleState,
    coupled: bool,
    aero: &AeroForces,
) -> ChassisForces {
    let mut out = ChassisForces::default();
    let com = s.chassis.com_world(&p.chassis);
    let grounded = |i: usize| p.wheels[i].enabled && s.wheels[i].suspension.in_contact;
    let nw = p.wheels.len();
    let susp = |out: &mut ChassisForces, w: &WheelState| {
        let f = w.contact_normal_world * w.normal_load;
        out.push(f, w.suspension_force_point_world, com);
    };
    let tire = |out: &mut ChassisForces, w: &WheelState| {
        out.push(w.tire_force_world, w.tire_force_point_world, com);
    };
    for i in (0..nw).filter(|&i| grounded(i)) {
        susp(&mut out, &s.wheels[i]);
        if !coupled {
            tire(&mut out, &s.wheels[i]);
        }
    }
    if coupled {
        for i in (0..nw).filter(|&i| grounded(i)) {
            tire(&mut out, &s.wheels[i]);
        }
    }
    for &(f, pt) in &aero.forces[..aero.count] {
        out.push(f, pt, com);
    }
    out
}

/// Stage 8: the body-attitude torque (optional) and the stability helpers' torques, added to
/// `out` (they need its torque so far).
pub fn stability_stage(
    p: &VehicleParams,
    d: &Derived,
    s: &mut VehicleState,
    out: &mut ChassisForces,
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
