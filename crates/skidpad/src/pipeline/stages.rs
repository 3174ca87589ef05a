//! Stages 1–9 of a substep, each a function over the vehicle's params and state (see the
//! [table](super)).

use super::strut_balance::{
    StrutFrame, bar_engagement, edge_force, fallen_rate, lift_off_limited, risen_from,
    touchdown_force,
};
use super::{AppliedForce, ChassisForces};
use crate::MAX_WHEELS;
use crate::aero::{self, MAX_AERO_FORCES};
use crate::drivetrain::{self, PowertrainInput, Prepared};
use crate::ground::{AskedGround, Ground};
use crate::input::{Controls, Intent};
use crate::params::{Derived, VehicleParams};
use crate::stability::model as stab;
use crate::state::VehicleState;
use crate::surface::SurfaceTable;
use crate::suspension::model as susp;
use crate::tire::contact::hold_kept;
use crate::tire::model::{
    ContactInput, ContactLinearization, kept_for, linearize_contact_kept, solve_contact,
};
use crate::wheel::{self, Body, Corner, FrameKey, WheelParams, WheelState};
use arrayvec::ArrayVec;
use coupled::{Coupled, coupled_solve};
use glam::DVec3;

mod coupled;
mod driver;
pub use driver::{input_stage, steering_stage};

/// Stage 3: every enabled wheel's ground query along its suspension line.
pub fn contact_stage(p: &VehicleParams, d: &Derived, s: &mut VehicleState, ground: &dyn Ground) {
    let pose = s.chassis.pose;
    let reuse = if s.skip_ground_queries {
        u32::MAX
    } else {
        p.contact.reuse_hit_steps
    };
    // Whether the ground is a plane, asked once for every wheel's query.
    let ground = AskedGround::of(ground);
    // The hit rejection's cosines, computed once with the vehicle's derived constants.
    let reject = &d.rejection_cos;
    // The body's axes, built once for the wheels' lines (`wheel::strut_line_world`).
    let axes = wheel::body_axes(pose.rotation);
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ws = &mut s.wheels[i];
        // The substep's suspension line, placed once: stored for the suspension and grip
        // stages under the key below ([`FrameKey`]).
        let line = wheel::strut_line_from_axes(wp, &axes, pose.translation);
        (ws.strut_top_substep, ws.travel_substep) = line;
        wheel::query_ground_along(
            wp, &p.contact, reject, d.side[i], &pose, line, ground, ws, reuse,
        );
    }
    s.wheel_frames = FrameKey::of(&pose);
}

/// Wheel `wp`'s suspension line `(top, dir)` at the chassis pose `pose`: the contact stage's
/// ([`WheelState::strut_top_substep`], [`WheelState::travel_substep`]) when `framed` (its
/// [`FrameKey`] matches `pose`), else computed (the same bits either way).
#[inline]
fn strut_line(
    wp: &WheelParams,
    pose: &crate::math::Pose,
    ws: &WheelState,
    framed: bool,
) -> (DVec3, DVec3) {
    if framed {
        (ws.strut_top_substep, ws.travel_substep)
    } else {
        wheel::strut_line_world(wp, pose)
    }
}

/// Stage 4: jounce from the measurement, then anti-roll bars (they need every wheel's jounce),
/// then each wheel's spring, damper, bump-stop and bar force, and for a wheel that touched the
/// ground within the last substep, or whose ground rose into it within the substep
/// ([`WheelState::ground_rise`]), the touchdown impulse the explicit spring missed
/// ([`susp::touchdown_impulse`], with the energy of the anti-roll bars the touchdown
/// engages); a wheel whose contact point recedes faster than its strut can follow pushes no
/// more than the strut releases ([`susp::lift_off_force`]); a wheel whose line left its plane
/// for a surface beside it (a curb's face met from the side) damps at its rate on the new
/// plane. The energy balances are in `pipeline::strut_balance`.
pub fn suspension_stage(p: &VehicleParams, d: &Derived, s: &mut VehicleState, dt: f64) {
    suspension_stage_at(p, d, s, dt, s.chassis.com_world(&p.chassis));
}

/// [`suspension_stage`] with the centre of mass placed ([`Com`]).
pub(super) fn suspension_stage_at(
    p: &VehicleParams,
    d: &Derived,
    s: &mut VehicleState,
    dt: f64,
    com: Com,
) {
    // The scratch holds the wheels in use rounded up to 4 or 8, not `MAX_WHEELS` (zeroed
    // per call: a `memset` of 1 KB).
    match p.wheels.len() {
        0..=4 => suspension_stage_in::<4>(p, d, s, dt, com),
        5..=8 => suspension_stage_in::<8>(p, d, s, dt, com),
        _ => suspension_stage_in::<MAX_WHEELS>(p, d, s, dt, com),
    }
}

/// The chassis's centre of mass in the world, `s.chassis.com_world(&p.chassis)`: stages 1–9
/// do not move the chassis, so the substep loop places it once for the suspension, grip,
/// aero and force stages (≈ 30 instructions each; the same bits).
pub(super) type Com = DVec3;

/// [`suspension_stage`] with scratch for `N` ≥ `p.wheels.len()` wheels and the centre of
/// mass `com` placed (once per stage, as each wheel's travel direction: the same bits as each
/// use computing its own).
fn suspension_stage_in<const N: usize>(
    p: &VehicleParams,
    d: &Derived,
    s: &mut VehicleState,
    dt: f64,
    com: Com,
) {
    let nw = p.wheels.len();
    let pose = s.chassis.pose;
    let framed = s.wheel_frames.matches(&pose);
    let chassis = &s.chassis;
    let wheels: &mut [WheelState] = &mut s.wheels;
    let wheels = &mut wheels[..nw];
    // What the energy balances need of each strut before its update: jounce, contact, history.
    let mut before = [(0.0, false, false); N];
    let mut dirs = [DVec3::ZERO; N];
    for (i, (wp, ws)) in p.wheels.iter().zip(wheels.iter_mut()).enumerate() {
        if !wp.enabled {
            continue;
        }
        let ss = &ws.suspension;
        before[i] = (ss.jounce, ss.in_contact, ss.has_history);
        let line = strut_line(wp, &pose, ws, framed);
        dirs[i] = line.1;
        wheel::update_suspension_along(wp, &pose, d.side[i], ws, dt, line);
    }
    // Zeros from here: the bars' forces added without zeroing them again.
    let mut arb = [0.0; N];
    let strut = |i: usize| (&p.wheels[i].suspension, d.rest_force[i]);
    let state = |i: usize| &wheels[i].suspension;
    susp::add_anti_roll_forces(&p.anti_roll_bars, state, strut, &mut arb);
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let (was_jounce, was_in_contact, was_history) = before[i];
        let bars = bar_engagement(&p.anti_roll_bars, i, |j| before[j].1, wheels);
        let ws = &mut wheels[i];
        ws.edge_force_world = DVec3::ZERO;
        let mut touchdown = 0.0;
        ws.suspension.began_receding &= ws.suspension.in_contact;
        if ws.suspension.in_contact && was_history && dt > 0.0 {
            if !was_in_contact {
                let t = touchdown_force(p, d, chassis, i, (was_jounce, bars), ws, dt);
                (touchdown, ws.edge_force_world) = (t.force, t.edge);
                ws.suspension.began_receding = t.receding;
                ws.suspension.jounce_velocity = t.rate;
            } else if let Some(x0) = risen_from(wp, ws) {
                ws.edge_force_world = edge_force(p, d, chassis, i, x0, ws, dt);
                // The damper sees the strut's motion, not the ground's rise: the rate on the
                // plane the wheel stood on.
                let sp = &wp.suspension;
                ws.suspension.jounce_velocity = (x0.min(sp.max_compression) - was_jounce) / dt;
            } else if let Some(rate) = fallen_rate(chassis, ws, StrutFrame { com, up: -dirs[i] }) {
                // Nor the jump to a surface beside it farther along its line: the rate on
                // the new plane.
                ws.suspension.jounce_velocity = rate;
            }
        }
        let ss = &mut ws.suspension;
        susp::forces(&wp.suspension, ss, d.rest_force[i], ss.raw_jounce, arb[i]);
        ss.touchdown_force = touchdown;
        ss.force += touchdown;
        if ss.in_contact && dt > 0.0 {
            let frame = StrutFrame { com, up: -dirs[i] };
            ws.suspension.force = lift_off_limited(p, d, chassis, i, ws, frame, dt);
        }
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
    // The wheels' entries only (no `MAX_WHEELS`-long zeroing).
    let wheels = &s.wheels[..nw];
    let slip: ArrayVec<f64, MAX_WHEELS> = wheels.iter().map(|w| w.tire.slip_ratio).collect();
    let steer: ArrayVec<f64, MAX_WHEELS> = wheels.iter().map(|w| w.steer).collect();
    let input = PowertrainInput {
        intent,
        hold: s.stability.hold_brake,
        forward_speed: s.chassis.velocity_body().x,
        yaw_rate: s.chassis.angular_velocity_body().z,
        slip_ratio: &slip,
        steer: &steer,
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
    grip_stage_at(p, d, prep, s, (ground, s.chassis.com_world(&p.chassis)), dt);
}

/// [`grip_stage`] with the centre of mass placed ([`Com`]).
pub(super) fn grip_stage_at(
    p: &VehicleParams,
    d: &Derived,
    prep: &Prepared,
    s: &mut VehicleState,
    (ground, com): (&dyn Ground, Com),
    dt: f64,
) {
    let surfaces = ground.surfaces();
    if !prep.coupled {
        let air = p.sim.air_temperature;
        on_ground_wheels(p, d, s, (com, Some(dt)), |_, wp, (at, corner), ws| {
            let input = tire_input(p, surfaces, wp, at, corner, ws);
            let f = solve_contact(&wp.tire, &input, &mut ws.tire, dt);
            add_drive_work(ws, dt);
            // A tyre without a thermal model: no surface lookup for the heat it ignores.
            if wp.tire.thermal.is_some() {
                let water = surfaces.get(ws.surface).water_depth;
                wheel::tire_heat(wp, &input, ws, air, water, dt);
            }
            ws.tire_force_world = ws.tire_long_world * f.fx + ws.tire_lat_world * f.fy;
        });
        return;
    }
    // The coupled solve's per-wheel input, linearisation and pending force limit: scratch of
    // this call only.
    let mut contacts: [Option<Coupled>; MAX_WHEELS] = [None; MAX_WHEELS];
    on_ground_wheels(p, d, s, (com, None), |i, wp, (at, corner), ws| {
        // Built in its slot: the input (23 numbers) and the linearisation are not moved.
        // The wheel's load terms (`KeptLoad`) go with it from the hold through the
        // linearisation to the record, as in the direct solve (the same bits).
        let input = tire_input(p, surfaces, wp, at, corner, ws);
        let kept = kept_for(&wp.tire, &ws.tire);
        let slot = contacts[i].insert((input, ContactLinearization::default(), None, kept));
        hold_kept(&wp.tire, &slot.0, &mut ws.tire, &mut slot.3);
        (slot.1, slot.2) = linearize_contact_kept(&wp.tire, &slot.0, &ws.tire, dt, &mut slot.3);
    });
    coupled_solve(p, d, prep, s, &mut contacts, ground, dt);
}

/// The substep's drive work on a wheel whose spin is solved, `τ_drive·ω'·dt` with the spin
/// `ω'` the grip stage's implicit solve ended it at, added to [`WheelState::drive_work`] (why
/// that `ω'`: its docs). Called where each path writes the spin, in the loops it runs anyway.
#[inline(always)]
pub(super) fn add_drive_work(ws: &mut WheelState, dt: f64) {
    ws.drive_work += ws.drive_torque * ws.tire.omega * dt;
}

/// The grip stage's walk over the enabled wheels, one loop for both of its paths: a wheel off
/// the ground gets no load and no tyre input (and spins free for `spin_free` `Some(dt)`, the
/// wheel-by-wheel path); a wheel on the ground its normal load along its travel, then
/// `on_ground(i, wheel, (body, corner), state)` (what [`tire_input`] needs besides), the body
/// with its centre of mass `com` ([`Com`]). The chassis is borrowed beside the wheels (not
/// copied), and the wheels walked as a slice beside the parameters' (not indexed).
#[inline(always)]
fn on_ground_wheels(
    p: &VehicleParams,
    d: &Derived,
    s: &mut VehicleState,
    (com, spin_free): (Com, Option<f64>),
    mut on_ground: impl FnMut(usize, &WheelParams, (&wheel::BodyAt, &Corner), &mut WheelState),
) {
    let (chassis, wheels) = (&s.chassis, &mut *s.wheels);
    let body = Body {
        params: &p.chassis,
        state: chassis,
    };
    // A ray-cast vehicle's wheels take their inclinations from the body's axes.
    let ray = p.contact.mode == crate::ground::ContactMode::Raycast;
    let at = wheel::BodyAt::new(body, com, ray);
    let framed = s.wheel_frames.matches(&chassis.pose);
    let all = p.wheels.iter().zip(wheels.iter_mut()).enumerate();
    for (i, (wp, ws)) in all.filter(|(_, (w, _))| w.enabled) {
        if !ws.suspension.in_contact {
            if let Some(dt) = spin_free {
                wheel::spin_free(wp, ws, dt);
                add_drive_work(ws, dt);
            }
            ws.normal_load = 0.0;
            ws.tire_input = None;
            continue;
        }
        let dir = if framed {
            ws.travel_substep
        } else {
            wheel::travel_direction_world(wp, &chassis.pose)
        };
        wheel::normal_load_along(ws, dir);
        on_ground(i, wp, (&at, &d.corner(i)), ws);
    }
}

/// Wheel `wp`'s tyre input ([`wheel::tire_input_at`]) on the body `at` at its corner.
#[inline(always)]
fn tire_input(
    p: &VehicleParams,
    surfaces: &SurfaceTable,
    wp: &WheelParams,
    at: &wheel::BodyAt,
    corner: &Corner,
    ws: &mut WheelState,
) -> ContactInput {
    let g = p.sim.gravity;
    wheel::tire_input_at(wp, at, surfaces, &p.load_filter, corner, g, ws)
}

/// Stage 7: drag and downforce at their centres of pressure (world forces and points).
pub fn aero_stage(p: &VehicleParams, s: &VehicleState) -> AeroForces {
    let mut out = AeroForces::NONE;
    aero_into(p, s, s.chassis.com_world(&p.chassis), &mut out);
    out
}

/// [`aero_stage`] into `out` ([`AeroForces::NONE`] on entry) with the centre of mass
/// `com_world` placed ([`Com`]): the substep loop's stages fill their own value in place
/// rather than receive a copy of the stage's (≈ 30 instructions a substep).
#[inline]
pub(super) fn aero_into(p: &VehicleParams, s: &VehicleState, com_world: Com, out: &mut AeroForces) {
    if p.aero.is_active() {
        let c = &s.chassis;
        // `c.point_velocity(..)` about the placed centre of mass.
        let velocity =
            |pt: DVec3| c.linear_velocity_world + c.angular_velocity_world.cross(pt - com_world);
        // Unset, the drag acts at `com_world` (`c.pose.transform_point(com_offset)`'s bits).
        let drag_at = || match p.aero.drag_point {
            None => com_world,
            Some(at) => c.pose.transform_point(at),
        };
        out.count = aero::aero_forces_from(&p.aero, &c.pose, drag_at, velocity, &mut out.forces);
    }
}

/// The aero stage's forces: `(force, point)` pairs, world frame (N, m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AeroForces {
    /// Force and application point of each aero force.
    pub forces: [(DVec3, DVec3); MAX_AERO_FORCES],
    /// Number of entries used.
    pub count: usize,
}

impl AeroForces {
    /// No force (every entry zero).
    pub const NONE: Self = Self {
        forces: [(DVec3::ZERO, DVec3::ZERO); MAX_AERO_FORCES],
        count: 0,
    };
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
///
/// The wrench and the pure torque are summed in locals (`Sums`) and stored once at the
/// end, in the same order of additions as pushing each force into `out` (the same bits,
/// without a load and a store of each sum per force: the point-force list's writes kept the
/// compiler from holding `out`'s sums in registers).
pub fn assemble_into<const S: usize>(
    p: &VehicleParams,
    s: &VehicleState,
    coupled: bool,
    aero: &AeroForces,
    out: &mut ChassisForces<S>,
) {
    assemble_at::<S, true>(p, s, coupled, aero, out, s.chassis.com_world(&p.chassis));
}

/// [`assemble_into`] with the centre of mass placed ([`Com`]). `LIST`: whether the point
/// forces are listed in `out.forces`; without it the list stays as
/// [`ChassisForces::clear_substep`] leaves it (empty) and only the sums are written — the
/// same sums, in the same order: for a substep loop that reads no list (the plain
/// standalone step, [`super::step_standalone`]). A constant: a test per force cost more
/// than half of what leaving the list saves.
pub(super) fn assemble_at<const S: usize, const LIST: bool>(
    p: &VehicleParams,
    s: &VehicleState,
    coupled: bool,
    aero: &AeroForces,
    out: &mut ChassisForces<S>,
    com: Com,
) {
    out.clear_substep();
    let nw = p.wheels.len();
    let pose = &s.chassis.pose;
    let mut sums = Sums::default();
    let forces = &mut out.forces;
    let grounded = p.wheels.iter().zip(&s.wheels[..nw]);
    let grounded = grounded.filter(|(wp, w)| wp.enabled && w.suspension.in_contact);
    for (wp, w) in grounded.clone() {
        let f = w.contact_normal_world * w.normal_load;
        let at = wheel::suspension_force_point_world(wp, pose, w);
        sums.push::<LIST>(forces, f, at, com);
        if !coupled {
            sums.tire::<LIST>(forces, wp, pose, w, com);
        }
    }
    if coupled {
        for (wp, w) in grounded {
            sums.tire::<LIST>(forces, wp, pose, w, com);
        }
    }
    for &(f, pt) in &aero.forces[..aero.count] {
        sums.push::<LIST>(forces, f, pt, com);
    }
    out.total = sums.total;
    out.torque_world = sums.torque_world;
}

/// [`assemble_into`]'s running sums: the wrench about the centre of mass and the pure torque,
/// from zero as [`ChassisForces::clear_substep`] leaves them.
#[derive(Default)]
struct Sums {
    total: crate::chassis::Wrench,
    torque_world: DVec3,
}

impl Sums {
    /// `ChassisForces::push`: the point force listed (with `LIST`, if there is room), and
    /// summed.
    #[inline(always)]
    fn push<const LIST: bool>(
        &mut self,
        forces: &mut PointForces,
        force: DVec3,
        point: DVec3,
        com: DVec3,
    ) {
        if LIST {
            let _ = forces.try_push(AppliedForce {
                force_world: force,
                point_world: point,
            });
        }
        self.total.add_force_at(force, point, com);
    }

    /// `ChassisForces::add_torque`.
    #[inline(always)]
    fn add_torque(&mut self, t: DVec3) {
        self.torque_world += t;
        self.total.torque += t;
    }

    /// Wheel `w`'s tyre force at its point, its aligning moment about the contact normal and
    /// its edge force (if any) at the contact point.
    #[inline(always)]
    fn tire<const LIST: bool>(
        &mut self,
        forces: &mut PointForces,
        wp: &WheelParams,
        pose: &crate::math::Pose,
        w: &WheelState,
        com: DVec3,
    ) {
        let at = wheel::tire_force_point_world(wp, pose, w);
        self.push::<LIST>(forces, w.tire_force_world, at, com);
        self.add_torque(w.contact_normal_world * w.tire.mz);
        if w.edge_force_world != DVec3::ZERO {
            self.push::<LIST>(forces, w.edge_force_world, w.contact_point_world, com);
        }
    }
}

/// [`ChassisForces::forces`]' type.
type PointForces = arrayvec::ArrayVec<AppliedForce, { super::MAX_POINT_FORCES }>;

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
    let chassis = &s.chassis; // read in place: the helpers write only `s.stability`
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
        chassis,
        grounded,
        torque_so_far,
        st,
        dt,
    );
    out.add_torque(t);
}

#[cfg(test)]
mod tests;
