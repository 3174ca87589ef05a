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
//! | 3 | [`Stage::Contact`] | [`wheel::query_ground`] | chassis pose, steer and camber, [`Ground`] | contact point, normal, surface, measured jounce; the wheel's world axle for stages 4 and 6 ([`WheelState::axle_world_substep`], a derived cache) |
//! | 4 | [`Stage::Suspension`] | [`wheel::update_suspension`], [`susp::anti_roll_forces`], [`susp::forces`] | measured jounce | jounce and rate, spring/damper/bump-stop/anti-roll force |
//! | 5 | [`Stage::Powertrain`] | [`drivetrain::prepare`] | intent, slips, steer | gear, aids, per-wheel drive and brake torque, engine term |
//! | 6 | [`Stage::Grip`] | [`wheel::normal_load`], [`wheel::tire_input`], [`crate::tire::model::solve_contact`] or the coupled [`drivetrain::solver::solve`], [`wheel::tire_heat`] | load, contact velocity, torques | tyre forces, wheel spin, engine speed |
//! | 7 | [`Stage::Aero`] | [`crate::aero::aero_forces`] | chassis velocity | drag and downforce at their points |
//! | 8 | [`Stage::Stability`] | [`susp::body_roll_torque`], [`crate::stability::model::helper_torques`] | jounces, chassis motion and acceleration | body-attitude and helper torques |
//! | 9 | [`Stage::Forces`] | [`assemble`] | every force of 4–8, the tyres' aligning moments | [`ChassisForces`] (point forces, pure torques and the wrench about the CoM) |
//! | 10 | integration | [`crate::chassis::integrate`] | wrench, gravity | new chassis state (standalone; hosted: the vehicle's own prediction) |
//! | 10b | end stops | [`end_stop_stage`] | wheels at full compression, integrated velocities | inelastic impulses at their contacts (solved on the drift velocity, [`drift_state`]), added to the wrench and [`ChassisForces::impulse`]; the substep integrated again with the impulse first ([`integrate_substep`]) |
//! | 10b′ | end stops, rims and body contact (standalone) | [`impact_stage`], [`rim_contact`], [`apply_position_correction`] | as 10b, plus each wheel's rim swept along the motion and the body's collision shape against the [`Ground`] | end-stop, rim and body impulses (with friction for the body) in one solve at the integrated pose, added to the wrench; the substep integrated again; split-impulse pose correction |
//!
//! With [`crate::params::SimParams::input_jump_half_kick`] on, a step whose controls differ
//! from the previous step's first runs stages 1–9 with the previous controls
//! ([`first_substep_forces`], on a state the vehicle then puts back), and its first substep's
//! wrench gets half the difference of the two passes' forces ([`half_kick`]): the leapfrog's
//! kick across an input jump. With [`crate::params::SimParams::opening_half_kick`] on, the
//! first standalone step after a velocity set by the caller kicks with half its force,
//! gravity included ([`opening_kick`]: velocity Verlet's start). Off (the defaults),
//! nothing of either runs.
//!
//! After the substeps: the chassis acceleration over the step (what the body-roll model of
//! stage 8 reads next step) and the time. Telemetry is not a stage: it observes a vehicle from
//! outside ([`crate::telemetry`]).
//!
//! Substeps: `sim.substeps_low_speed` below `sim.substep_threshold_speed`, else
//! `sim.substeps_high_speed` (PhysX `PxVehicleWheelsSimData::setSubStepCount`), raised to
//! `⌈dt / Derived::max_substep⌉` when the step is longer than the stiffest spring allows
//! (at most [`MAX_SUBSTEPS`]; `Vehicle::max_stable_dt` is the longest step that fits). Hosted mode runs
//! the same substeps on the vehicle's own states: between substeps the chassis is advanced with
//! the core's integrator ([`crate::chassis::integrate`]) as a prediction, and the result carries
//! each substep's wrench, so a host that integrates with the same integrator reproduces the
//! standalone trajectory (see [`step_hosted`]).
//!
//! The ground is queried every substep (stage 3), not once per step as PhysX does. Measured
//! (release, the sedan over `scenarios/function.toml`'s ±0.3 m waves at 3 m/s, so with 3
//! substeps, for 200 s): reusing the step's first hit plane for its other substeps
//! (`contact.reuse_hit_steps = 2`, the hit-plane cache) cut the run from 35.2 s to 11.4 s —
//! the triangle-mesh sphere cast HeightField used then dominated — and moved the car by up to 8 mm and a wheel load
//! by up to 176 N in transients. On flat ground the two are identical. The default keeps the
//! exact per-substep query; `reuse_hit_steps` is the per-vehicle switch (it counts substeps,
//! so at one substep per step it reuses across steps).
//!
//! Nothing here allocates.

mod apart;
mod body_contact;
mod end_stop;
mod forces;
#[cfg(feature = "parry")]
mod kept;
mod kick;
mod on_plane;
mod rim_contact;
mod sloped;
mod stages;
mod strut_balance;

pub use crate::params::auto_box_of;
pub use apart::move_to_end;
use body_contact::impact_stage_with;
pub use body_contact::{
    BODY_CONTACT_MARGIN, BODY_MAX_DEPTH, BODY_RAY_HEADROOM, MAX_CONTACTS, PENETRATION_SLOP,
    POSITION_CORRECTION_RATE, apply_position_correction, body_contact_points, impact_stage,
    impact_stage_prepared,
};
use end_stop::end_stops;
pub use end_stop::{END_STOP_LOOKAHEAD, end_stop_gap, end_stop_stage, end_stop_stage_prepared};
pub use forces::{AppliedForce, ChassisForces, MAX_POINT_FORCES, MAX_SUBSTEPS, SubstepForces};
pub use kick::{
    Kick, first_substep_forces, half_kick, opening_kick, same_steering, stages_after_suspension,
    stages_to_suspension, step_hosted_with, step_standalone_with,
};
pub use rim_contact::{RIM_CLEARANCE, RIM_SWEEP_MARGIN, rim_contact};
pub use stages::{
    AeroForces, aero_stage, assemble, assemble_into, contact_stage, grip_stage, input_stage,
    powertrain_stage, stability_stage, steering_stage, suspension_stage,
};

// The stage functions the table above links to.
#[cfg(doc)]
use crate::{drivetrain, suspension::model as susp, wheel, wheel::WheelState};

use crate::chassis::{ChassisState, Wrench, integrate_placed, integrate_prepared};
use crate::ground::Ground;
use crate::input::Controls;
use crate::params::{Derived, VehicleParams};
use crate::state::VehicleState;
use glam::{DMat3, DVec3};

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

/// Number of substeps for the current speed.
pub fn substep_count(p: &VehicleParams, speed: f64) -> u32 {
    if speed < p.sim.substep_threshold_speed {
        p.sim.substeps_low_speed
    } else {
        p.sim.substeps_high_speed
    }
}

/// Substeps of a step of `dt` from state `s`: [`substep_count`] at the current speed, raised
/// to [`Derived::stable_substeps`], at most [`MAX_SUBSTEPS`] (what both modes run).
pub fn substeps_for_step(p: &VehicleParams, d: &Derived, s: &VehicleState, dt: f64) -> usize {
    (substep_count(p, s.speed()) as usize)
        .max(d.stable_substeps(dt))
        .min(MAX_SUBSTEPS)
}

/// Hosted, after substep `h`'s stages 1–9: the vehicle's own prediction of the chassis (the
/// core's integrator, gravity included) with the end stops of stage 10b; if a stop acted its
/// impulses join `forces` and the substep is integrated again from its start.
pub fn predict_substep<const S: usize>(
    p: &VehicleParams,
    s: &mut VehicleState,
    ground: &dyn Ground,
    forces: &mut ChassisForces<S>,
    h: f64,
) {
    let inv_inertia = p.chassis.inertia.inverse();
    predict_substep_prepared(p, &inv_inertia, s, ground, forces, h);
}

/// [`predict_substep`] with the chassis inertia's inverse computed once
/// ([`Derived::chassis_inverse_inertia`]): the same bits.
fn predict_substep_prepared<const S: usize>(
    p: &VehicleParams,
    inv_inertia: &DMat3,
    s: &mut VehicleState,
    ground: &dyn Ground,
    forces: &mut ChassisForces<S>,
    h: f64,
) {
    let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
    let start = s.chassis;
    integrate_prepared(
        &p.chassis,
        inv_inertia,
        &mut s.chassis,
        &forces.total,
        gravity,
        h,
    );
    if end_stop_stage_prepared(p, inv_inertia, s, ground, &start, forces, h) {
        redo_impulse_first(p, inv_inertia, s, &start, forces, gravity, h);
    }
}

/// Stage 10b acted: the substep again from its `start`, the constraint impulse first
/// ([`integrate_substep`]).
fn redo_impulse_first<const S: usize>(
    p: &VehicleParams,
    inv_inertia: &DMat3,
    s: &mut VehicleState,
    start: &ChassisState,
    forces: &ChassisForces<S>,
    gravity: DVec3,
    h: f64,
) {
    s.chassis = *start;
    integrate_substep_prepared(
        &p.chassis,
        inv_inertia,
        &mut s.chassis,
        &forces.total,
        &forces.impulse,
        gravity,
        h,
    );
}

/// Integrate one substep of `h` under the wrench `total` (as [`ChassisForces::total`]) that
/// holds the constraint impulse `j` ([`ChassisForces::impulse`]) as the force `j/h`, the way
/// both modes do once stage 10b's constraints acted: `j` changes the velocities first, then
/// [`crate::chassis::integrate`] runs with the rest of the wrench (`total − j/h`). With
/// `j = 0` it is `integrate`.
///
/// Why not the impulse as the force `J/h` inside `integrate`: its Strang splitting turns the
/// body with the mean of the spin before and after the substep, so only half of an
/// impulse's spin change reached the pose while the constraint had removed the whole
/// approach velocity at the end of the substep. The contact point went on sinking by
/// `h·|Δω × r|/2`, and the other torques' second half kick added as much again: the rally
/// car's rear wheels ended 42 mm past full compression in one 1/30 s step of its ramp jump,
/// and their clamped springs then lifted the body out with energy they never stored
/// (1.5 kJ). An impulse is instantaneous: applied before the drift, the pose moves with the
/// velocity the constraint solved for (the constraints are solved on that drift velocity,
/// [`drift_state`]). A host engine that integrates velocities first (Avian) does this with
/// the force `J/h` already; a host using the core's integrator calls this.
pub fn integrate_substep(
    p: &crate::chassis::ChassisParams,
    s: &mut crate::chassis::ChassisState,
    total: &Wrench,
    j: &Wrench,
    gravity: DVec3,
    h: f64,
) {
    integrate_substep_prepared(p, &p.inertia.inverse(), s, total, j, gravity, h);
}

/// [`integrate_substep`] with the inertia's inverse (vehicle axes, exactly
/// `p.inertia.inverse()`) computed once ([`Derived::chassis_inverse_inertia`]): the same bits.
pub fn integrate_substep_prepared(
    p: &crate::chassis::ChassisParams,
    inv_inertia: &DMat3,
    s: &mut crate::chassis::ChassisState,
    total: &Wrench,
    j: &Wrench,
    gravity: DVec3,
    h: f64,
) {
    let r = DMat3::from_quat(s.pose.rotation);
    let inv_iw = r * *inv_inertia * r.transpose();
    s.linear_velocity_world += j.force / p.mass;
    s.angular_velocity_world += inv_iw * j.torque;
    let rest = Wrench {
        force: total.force - j.force / h,
        torque: total.torque - j.torque / h,
    };
    integrate_prepared(p, inv_inertia, s, &rest, gravity, h);
}

/// The velocities a substep's drift moves the pose with, from the integrated `end` state
/// under the wrench `w`: the linear velocity of `end` (symplectic Euler: the centre of mass
/// moves with the end velocity) and its spin less the second half kick of the torque
/// (`ω_end − ½·h·I_w⁻¹·τ`: [`crate::chassis::integrate`] turns the body with the mean of the
/// spin after the first half kick and before the second). Stage 10b's constraints are solved
/// on these, so that with their impulse applied first ([`integrate_substep`]) the constrained
/// points end the substep where the speculative gap allows, not beyond it.
pub fn drift_state(
    p: &crate::chassis::ChassisParams,
    end: &crate::chassis::ChassisState,
    w: &Wrench,
    h: f64,
) -> crate::chassis::ChassisState {
    drift_state_prepared(&p.inertia.inverse(), end, w, h)
}

/// [`drift_state`] with the inertia's inverse (vehicle axes, exactly `p.inertia.inverse()`)
/// computed once ([`Derived::chassis_inverse_inertia`]): the same bits.
pub fn drift_state_prepared(
    inv_inertia: &DMat3,
    end: &crate::chassis::ChassisState,
    w: &Wrench,
    h: f64,
) -> crate::chassis::ChassisState {
    let r = DMat3::from_quat(end.pose.rotation);
    let inv_iw = r * *inv_inertia * r.transpose();
    let mut d = *end;
    d.angular_velocity_world -= inv_iw * w.torque * (0.5 * h);
    d
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
    step_standalone_with(p, d, controls, Kick::None, s, ground, dt);
}

/// Hosted step: the same substeps as [`step_standalone`], run on the vehicle's own states with
/// `s.chassis` set to the engine's body at the start of the step. Between substeps the chassis
/// is advanced with [`crate::chassis::integrate`] (gravity included) as the vehicle's own
/// prediction; the engine's state replaces it next step.
///
/// Returns the mean wrench over the step (`total`: the step's impulse over `dt`, exact for any
/// number of substeps), each substep's wrench (`substep_totals`) and the last substep's point
/// forces. With one substep, applying `total` (with `impulse` first: [`integrate_substep`]) for
/// `dt` with the core's integrator is exactly the standalone step; with several, a host that
/// integrates each of `substep_wrenches()` with its `substep_impulse_list()` entry for
/// `dt / substeps` is.
pub fn step_hosted(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
) -> ChassisForces {
    step_hosted_with(p, d, controls, Kick::None, s, ground, dt)
}

/// The substep loop shared by both modes: stages 1–9, then integration of `s.chassis`, then
/// the end stops (stage 10b; with the body's ground contact if `mode.body`, i.e. standalone);
/// `each(k, forces)` sees substep `k`'s forces. The first substep's wrench gets `kick`'s
/// force ([`Kick`]: the opening half kick or the input jump's). Afterwards the acceleration over the step
/// (gravity excluded: what an accelerometer reads) and the time.
#[allow(clippy::too_many_arguments)]
fn run_substeps(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    kick: Kick<'_>,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
    Mode { body, list }: Mode,
    each: &mut dyn FnMut(usize, &SubstepForces),
) {
    let n = substeps_for_step(p, d, s, dt);
    let h = dt / n as f64;
    let v0 = s.chassis.linear_velocity_world;
    let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
    // One value for every substep, cleared by `assemble_into` (not rebuilt per substep),
    // without the hosted step's per-substep lists (`step_hosted`'s `out` keeps those).
    let mut forces = SubstepForces::default();
    // The rims' vehicle-frame box and the body's automatic box depend on the parameters
    // only: computed once with the other derived constants.
    let rims = &d.step_boxes;
    // The step's drive work is summed over its substeps by their grip stages.
    for w in s.wheels.iter_mut() {
        w.drive_work = 0.0;
    }
    for k in 0..n {
        // The centre of mass at the substep's start, as the stages placed it.
        let com = if k == 0
            && let Kick::InputJumpPrepared(_) = kick
        {
            kick::prepared_first_substep(p, d, controls, s, ground, h, &mut forces)
        } else {
            forces_into(p, d, controls, s, ground, (h, list), &mut forces)
        };
        if k == 0 {
            kick.apply(&mut forces, p.chassis.mass, gravity);
        }
        if body {
            let start = s.chassis;
            let inv_inertia = &d.chassis_inverse_inertia;
            let total = &forces.total;
            integrate_placed(
                &p.chassis,
                inv_inertia,
                &mut s.chassis,
                total,
                (gravity, h),
                com,
            );
            let placed = (&start, com);
            if let Some(fix) =
                impact_stage_with(p, inv_inertia, rims, s, ground, placed, &mut forces, h)
            {
                redo_impulse_first(p, inv_inertia, s, &start, &forces, gravity, h);
                apply_position_correction(p, &mut s.chassis, fix, h);
            }
        } else {
            predict_substep_prepared(p, &d.chassis_inverse_inertia, s, ground, &mut forces, h);
        }
        each(k, &forces);
    }
    s.acceleration_world = (s.chassis.linear_velocity_world - v0) / dt - gravity;
    s.time += dt;
}

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
    let mut out = ChassisForces::default();
    compute_forces_into(p, d, controls, s, ground, dt, &mut out);
    out
}

/// [`compute_forces`] into `out` (cleared first, see [`ChassisForces::clear_substep`]): the
/// same forces without building a new `ChassisForces` per substep.
#[allow(clippy::too_many_arguments)]
pub fn compute_forces_into<const S: usize>(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    dt: f64,
    out: &mut ChassisForces<S>,
) {
    forces_into(p, d, controls, s, ground, (dt, true), out);
}

/// [`compute_forces_into`], its point forces listed in `out` only if `list`
/// ([`stages::assemble_at`]): the same wrench either way. Returns the centre of mass
/// (world) the stages placed, `s.chassis.com_world(&p.chassis)`.
fn forces_into<const S: usize>(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    s: &mut VehicleState,
    ground: &dyn Ground,
    (dt, list): (f64, bool),
    out: &mut ChassisForces<S>,
) -> DVec3 {
    let (intent, com) = stages_to_suspension(p, d, controls, s, ground, dt);
    kick::after_suspension(p, d, controls, (&intent, com, list), s, ground, dt, out);
    com
}

/// How [`run_substeps`] runs: `body`, stage 10b with the body's ground contact (standalone)
/// or the end stops' prediction alone (hosted); `list`, whether each substep lists its point
/// forces ([`ChassisForces::forces`]: the hosted step returns them and the input jump's half
/// kick reads the first substep's; the plain standalone step reads none).
#[derive(Clone, Copy)]
struct Mode {
    body: bool,
    list: bool,
}
