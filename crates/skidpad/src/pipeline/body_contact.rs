//! Stage 10b in standalone steps: the end stops and the body's contact with the ground,
//! solved together as one set of impulses (see [`impact_stage`]).
//!
//! ## Contact points
//!
//! The body's collision shape ([`crate::chassis::BodyShape`], `contact.body` of the vehicle)
//! is sampled at a few points (a box: its 26 lattice points). Each is placed at the substep's
//! start pose and the ground below it is found with one downward ray through the
//! [`Ground`] trait ([`body_contact_points`]): from `a` above the point (`a` reaches up to the
//! centre of mass's height, so a car on its roof looks from inside its body) down to the
//! reach of the substep. The hit at ray parameter `t` gives the vertical gap `t − a` and the
//! gap along the ground normal `g = (t − a)·n_z` (exact for a plane; for a curved ground, to
//! first order). Why a ray per point and not a new shape query in the trait: every ground
//! (planes, heightfields, function grounds, parry shapes, sets, patches) already answers
//! rays exactly and allocation-free, so body contact works on all of them without new code,
//! and a ray per point is what the wheels' raycast mode already trusts. The price: contact
//! between two sample points, and vertical walls (a downward ray meets their top, not their
//! face), are not seen.
//!
//! ## Broad phase
//!
//! Each ray is a vertical segment from its start down to its reach. Before any is cast, the
//! ground is asked for an upper bound of its height under the body's sample points
//! ([`Ground::max_height_over`], exact for planes, the surface's own highest point for
//! heightfields over a few cells, the AABB's top for parry shapes, unknown for function and
//! custom grounds); when it lies more than [`crate::ground::BROAD_PHASE_MARGIN`] below the
//! lowest ray end ([`clear_of`]), no ray can hit and none is cast — the usual case of a car
//! on its wheels, its floor centimetres above the ground. A box-shaped body asks first for
//! the ground's height above the plane of its floor ([`Ground::max_height_over_sloped`]), so
//! a car on a slope or rolling terrain is as clear as on the flat. Otherwise each ray is
//! tested the same way on its own before it is cast. A skipped ray is one that would have found nothing, so results are
//! bit for bit those of casting every ray. The rims ([`super::rim_contact`]) and a hanging
//! wheel's end-stop ray ([`super::end_stop_gap`]) use the same test.
//!
//! ## Constraints
//!
//! Each point is a speculative non-penetration constraint with Coulomb friction
//! ([`crate::chassis::constraint`]): its velocity along `n` may approach the ground at most
//! `max(g, 0)/h` in the substep, so a body point reaches the ground at the end of the substep
//! at the latest, at any speed and step — never below it. Friction `μ = μ_body · μ_surface`
//! (the surface's `friction`, tarmac 1). Restitution 0. The wheels' end stops
//! ([`super::end_stop_gap`], frictionless: the tyre model carries the wheels' friction) are in
//! the same solve, so a landing on wheels and body together shares the impulse. The solve
//! works on the velocity the substep's pose drifts with ([`super::drift_state`]); the
//! impulses become forces `J/h` in the substep's wrench and [`ChassisForces::impulse`], and
//! the caller integrates the substep again with the impulse applied first
//! ([`super::integrate_substep`]).
//!
//! A point found deeper than [`BODY_MAX_DEPTH`] came in through a face the rays cannot see
//! and is skipped. A point found below the ground by more than [`PENETRATION_SLOP`] (a sample point that was
//! between two rays, or a body placed inside the ground) is moved out by split impulses
//! ([`crate::chassis::solve_positions`]): a fraction [`POSITION_CORRECTION_RATE`] of its depth
//! per substep, applied to the pose only, so no kinetic energy is added.
//!
//! The wheels' rims ([`super::rim_contact`]: a wheel meeting a face its suspension cannot
//! climb) join the same solve, when the vehicle has a body shape.
//!
//! Hosted steps leave the body's contact to the host engine (it owns the body's collider); they
//! run only the end stops ([`super::end_stop_stage`]).

mod broad;

use super::apart::{Drift, nothing_near, solve_unless_apart};
use super::rim_contact::RimsBox;
use super::sloped::SlopedTest;
use super::{ChassisForces, end_stops, rim_contact};
use crate::MAX_WHEELS;
use crate::chassis::{BodyShape, ChassisState, MAX_BODY_POINTS, PointConstraint, solve_positions};
use crate::ground::{AskedGround, BROAD_PHASE_MARGIN, Ground, clear_of};
use crate::params::VehicleParams;
use crate::state::VehicleState;
use arrayvec::ArrayVec;
use broad::{all_rays_clear, body_box, box_rays_clear};
pub(super) use broad::{body_drop, body_quiet, body_sloped_test};
use glam::{DQuat, DVec2, DVec3};

/// Penetration left alone by the position correction (Box2D's `linearSlop`). Unit: m.
pub const PENETRATION_SLOP: f64 = 0.005;

/// Share of the remaining penetration removed per substep by the split impulse (Box2D's
/// `baumgarte`, here applied to positions only). Unit: —.
pub const POSITION_CORRECTION_RATE: f64 = 0.2;

/// How far above a sample point (beyond the centre of mass's height) its ray starts. Unit: m.
pub const BODY_RAY_HEADROOM: f64 = 0.1;

/// Deepest a sample point may be found below the ground and still be held. A point can only
/// sink by the rotation's second-order motion within a substep (millimetres) while the
/// speculative constraints act, so one deeper than this came in sideways, through a face the
/// downward rays cannot see (a curb's or a wall's side); it is left alone rather than lifted
/// onto the top, which would add potential energy. Unit: m.
pub const BODY_MAX_DEPTH: f64 = 0.05;

/// Extra reach of the body rays below what the body can move in a substep. Unit: m.
pub const BODY_CONTACT_MARGIN: f64 = 0.02;

/// Most constraints of one solve: every wheel's end stop and rim ([`rim_contact`]) and every
/// body point.
pub const MAX_CONTACTS: usize = 2 * MAX_WHEELS + MAX_BODY_POINTS;

/// Contact constraints of the body at `start` with their penetration depths (m, beyond
/// [`PENETRATION_SLOP`]), appended to `c` and `depth`; returns how many. `end` is the
/// integrated state (its velocities bound how far a point can move in `h`).
pub fn body_contact_points(
    p: &VehicleParams,
    start: &ChassisState,
    end: &ChassisState,
    ground: &dyn Ground,
    h: f64,
    c: &mut ArrayVec<PointConstraint, MAX_CONTACTS>,
    depth: &mut ArrayVec<f64, MAX_BODY_POINTS>,
) -> usize {
    let ground = AskedGround::of(ground);
    body_points_in(p, &RimsBox::of(p), start, end, ground, h, c, depth)
}

/// [`body_contact_points`] with the automatic body box (exactly
/// [`crate::params::auto_box_of`]`(p)`, which depends on the parameters only) taken from
/// `boxes` ([`RimsBox::of`]`(p)`; [`crate::params::Derived`] holds it, so a standalone step
/// builds none).
#[allow(clippy::too_many_arguments)]
fn body_points_in(
    p: &VehicleParams,
    boxes: &RimsBox,
    start: &ChassisState,
    end: &ChassisState,
    ground: AskedGround,
    h: f64,
    c: &mut ArrayVec<PointConstraint, MAX_CONTACTS>,
    depth: &mut ArrayVec<f64, MAX_BODY_POINTS>,
) -> usize {
    let reach = reach_of(p, start, end, h);
    let boxed = body_box(&p.contact.body.shape, boxes.auto);
    if boxed.is_some_and(|b| box_rays_clear(ground, &start.pose, p.chassis.com_offset, b, reach)) {
        return 0;
    }
    let com = start.com_world(&p.chassis);
    let mut local = [DVec3::ZERO; MAX_BODY_POINTS];
    let n = p.contact.body.shape.sample_points(boxes.auto, &mut local);
    // The rays, each from `a` above its point down to the reach of the substep, as segments
    // (top, lowest z); `local` holds the world points from here on.
    let ray = |pt: DVec3| {
        let a = (com.z - pt.z).max(0.0) + BODY_RAY_HEADROOM;
        (a, a + reach((pt - com).length()) + BODY_CONTACT_MARGIN)
    };
    if all_rays_clear(&*ground, &start.pose, &mut local[..n], ray) {
        return 0;
    }
    let mut k = 0;
    for &pt in &local[..n] {
        let (a, len) = ray(pt);
        let top = pt + DVec3::Z * a;
        if clear_of(&*ground, top, top - DVec3::Z * len, 0.0) {
            continue;
        }
        let Some(hit) = ground.cast_ray(top, DVec3::NEG_Z, len) else {
            continue;
        };
        let gap = (hit.distance - a) * hit.normal.z;
        if gap < -BODY_MAX_DEPTH {
            continue;
        }
        let mu = p.contact.body.friction * ground.surfaces().get(hit.surface).friction;
        c.push(PointConstraint {
            point_world: pt,
            normal_world: hit.normal,
            support_velocity_world: hit.surface_velocity_world,
            max_approach_speed: gap.max(0.0) / h,
            friction: mu,
        });
        depth.push((-gap - PENETRATION_SLOP).max(0.0));
        k += 1;
    }
    k
}

/// How far a body point `r` (m) from the centre of mass can move in the substep of `h`
/// from `start` to `end`: `(|v|_max + |ω|_max·r)·h + g·h²`, the velocities the larger of the
/// two states'. Unit: m.
#[inline(always)]
fn reach_of(
    p: &VehicleParams,
    start: &ChassisState,
    end: &ChassisState,
    h: f64,
) -> impl Fn(f64) -> f64 + Copy {
    let speed = start
        .linear_velocity_world
        .length()
        .max(end.linear_velocity_world.length());
    let spin = start
        .angular_velocity_world
        .length()
        .max(end.angular_velocity_world.length());
    let g = p.sim.gravity;
    move |r: f64| (speed + spin * r) * h + g * h * h
}

/// Stage 10b, standalone: end stops and body contact in one solve (module docs). The
/// impulses are added to `forces` as forces `J/h` (the end stops' also to the wheels' normal
/// loads); returns `None` if nothing acted, else the split-impulse pose correction
/// `(v_p, ω_p)` (m/s, rad/s) the caller applies with [`apply_position_correction`] after
/// integrating the substep again from `start`.
pub fn impact_stage<const S: usize>(
    p: &VehicleParams,
    s: &mut VehicleState,
    ground: &dyn Ground,
    start: &ChassisState,
    forces: &mut ChassisForces<S>,
    h: f64,
) -> Option<(DVec3, DVec3)> {
    impact_stage_prepared(p, &p.chassis.inertia.inverse(), s, ground, start, forces, h)
}

/// [`impact_stage`] with the chassis inertia's inverse (vehicle axes, exactly
/// `p.chassis.inertia.inverse()`) computed once
/// ([`Derived::chassis_inverse_inertia`](crate::vehicle::Derived::chassis_inverse_inertia)):
/// the same bits.
pub fn impact_stage_prepared<const S: usize>(
    p: &VehicleParams,
    inv_inertia: &glam::DMat3,
    s: &mut VehicleState,
    ground: &dyn Ground,
    start: &ChassisState,
    forces: &mut ChassisForces<S>,
    h: f64,
) -> Option<(DVec3, DVec3)> {
    let rims = RimsBox::of(p);
    let placed = (start, start.com_world(&p.chassis));
    impact_stage_with(p, inv_inertia, &rims, s, ground, placed, forces, h)
}

/// [`impact_stage_prepared`] with the rims' vehicle-frame box and the body's automatic box
/// `bound` (`RimsBox::of(p)`) given: the standalone step passes those of its
/// [`crate::params::Derived`], computed once; and `start` with its centre of mass placed
/// (`(start, start.com_world(&p.chassis))`, the bits the substep's stages placed). Inlined into the substep loop (left to the
/// inliner it came out of line as unrelated code of the crate changed in session 37: +0.04 k
/// instructions a vehicle-step on the plane, +0.1 k on the presets; branches `hf-s37`,
/// `slip-s37`).
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn impact_stage_with<const S: usize>(
    p: &VehicleParams,
    inv_inertia: &glam::DMat3,
    bound: &RimsBox,
    s: &mut VehicleState,
    ground: &dyn Ground,
    (start, com): (&ChassisState, DVec3),
    forces: &mut ChassisForces<S>,
    h: f64,
) -> Option<(DVec3, DVec3)> {
    let asked = AskedGround::of(ground);
    let drift = Drift {
        inv_inertia,
        end: &s.chassis,
        w: &forces.total,
        h,
    };
    // The kept height bound (`super::kept`): a fact about the ground, not the vehicle, so
    // whatever it holds gives the same answer.
    if nothing_near(
        p,
        bound,
        &s.wheels,
        &mut s.kept_bound,
        asked,
        (start, com),
        &drift,
    ) {
        return None;
    }
    impact_full(p, inv_inertia, bound, s, asked, start, forces, h)
}

/// [`impact_stage_with`] without its early-out ([`nothing_near`]): every source of
/// constraints asked and solved.
#[allow(clippy::too_many_arguments)]
pub(super) fn impact_full<const S: usize>(
    p: &VehicleParams,
    inv_inertia: &glam::DMat3,
    bound: &RimsBox,
    s: &mut VehicleState,
    asked: AskedGround,
    start: &ChassisState,
    forces: &mut ChassisForces<S>,
    h: f64,
) -> Option<(DVec3, DVec3)> {
    let ground = &*asked;
    // Only the entries written are touched (no 8 KB of zeroed scratch per substep).
    let mut c = ArrayVec::<PointConstraint, MAX_CONTACTS>::new();
    let mut wheel = [0usize; MAX_WHEELS];
    let nw = end_stops(p, s, &start.pose, ground, h, &mut c, &mut wheel);
    // The rims after the end stops (none without a body shape: a host's suspension-only
    // model); whether the ground is a plane asked once (`asked`), for the rims' and the
    // body's bounds.
    let rims = p.contact.body.shape != BodyShape::None && !bound.clear(start, &s.chassis, asked);
    for wp in p.wheels.iter().filter(|w| rims && w.enabled) {
        if let Some(mut pc) = rim_contact(wp, &p.contact.rejection, start, &s.chassis, ground) {
            pc.max_approach_speed /= h;
            c.push(pc);
        }
    }
    let nr = c.len();
    let mut depth = ArrayVec::<f64, MAX_BODY_POINTS>::new();
    let nb = body_points_in(p, bound, start, &s.chassis, asked, h, &mut c, &mut depth);
    let n = nr + nb;
    let depth = depth.as_slice();
    let deep = depth.iter().any(|&d| d > 0.0);
    let fix = if deep {
        let mut jp = ArrayVec::<f64, MAX_BODY_POINTS>::new();
        jp.extend((0..nb).map(|_| 0.0));
        let c = &c.as_slice()[nr..n];
        solve_positions(&p.chassis, start, c, depth, h, jp.as_mut_slice())
    } else {
        (DVec3::ZERO, DVec3::ZERO)
    };
    let rate = POSITION_CORRECTION_RATE;
    let fix = (fix.0 * rate, fix.1 * rate);
    let (end, w) = (&s.chassis, &forces.total);
    let drift = Drift {
        inv_inertia,
        end,
        w,
        h,
    };
    let mut j = ArrayVec::<DVec3, MAX_CONTACTS>::new();
    j.extend((0..n).map(|_| DVec3::ZERO));
    let j = j.as_mut_slice();
    // A skipped solve leaves every impulse 0: nothing to add.
    let solved = solve_unless_apart(&p.chassis, start, &drift, c.as_mut_slice(), j);
    let any = solved && add_impulses(p, s, forces, &c, j, (&wheel, nw), h);
    (any || deep).then_some(fix)
}

/// The impulses `j` of the constraints `c` (N·s: normal, then friction along
/// `any_orthonormal_pair`), the first `nw` of them the end stops of the wheels `wheel[..nw]`,
/// added to `forces` as impulses and as forces `J/h` (an end stop's also to its wheel's
/// normal load); whether any is not zero.
pub(super) fn add_impulses<const S: usize>(
    p: &VehicleParams,
    s: &mut VehicleState,
    forces: &mut ChassisForces<S>,
    c: &[PointConstraint],
    j: &[DVec3],
    (wheel, nw): (&[usize; MAX_WHEELS], usize),
    h: f64,
) -> bool {
    let com = s.chassis.com_world(&p.chassis);
    let mut any = false;
    for k in (0..c.len()).filter(|&k| j[k] != DVec3::ZERO) {
        let (t1, t2) = c[k].normal_world.any_orthonormal_pair();
        let impulse = c[k].normal_world * j[k].x + t1 * j[k].y + t2 * j[k].z;
        forces.impulse.add_force_at(impulse, c[k].point_world, com);
        let f = impulse / h;
        if k < nw {
            forces.push(f, c[k].point_world, com);
            s.wheels[wheel[k]].normal_load += j[k].x / h;
        } else {
            forces.total.add_force_at(f, c[k].point_world, com);
        }
        any = true;
    }
    any
}

/// Move `s`'s pose by the pseudo-velocity `(v_p, ω_p)` over `h`: the centre of mass by
/// `v_p·h`, the orientation by the rotation vector `ω_p·h` about it.
///
/// The split impulse adds no kinetic energy, but lifting the centre of mass by `Δz = v_p,z·h`
/// adds the potential energy `ΔE = m·g·Δz` no force paid for (the sedan tumbling on its nose
/// after a 50 m cliff at 1/30 s: up to 100 J a step; issue 12's energy audit). It is taken
/// from the motion: both velocities are scaled by `√(1 − ΔE/T)` (`T` the kinetic energy,
/// translational and rotational), which removes exactly `ΔE` while the body moves with more
/// than that, and stops it otherwise. A correction that lowers the centre of mass leaves the
/// velocities alone.
///
/// The turn `ω_p·h` turns the spin with the body (`ω' = ΔR·ω`, the body-axes spin kept), so
/// the rotational energy `½·ω_bᵀ·I·ω_b` stays. Keeping the spin's world components instead,
/// as before, changed `½·ωᵀ·I_w·ω` with the new orientation `I_w = R·I·Rᵀ`: the hatch tumbling
/// after its curb strike at 1/1000 s, no contact impulse acting while the correction moved it
/// out of the ground, gained 3.8 J per substep (issue 12's energy audit).
pub fn apply_position_correction(
    p: &VehicleParams,
    s: &mut ChassisState,
    (v_p, w_p): (DVec3, DVec3),
    h: f64,
) {
    if v_p == DVec3::ZERO && w_p == DVec3::ZERO {
        return;
    }
    let com = s.com_world(&p.chassis) + v_p * h;
    let turn = DQuat::from_scaled_axis(w_p * h);
    let rot = (turn * s.pose.rotation).normalize();
    s.pose.rotation = rot;
    s.pose.translation = com - rot * p.chassis.com_offset;
    // The spin turns with the body: its body-axes components, and so `½·ω_bᵀ·I·ω_b`, stay.
    s.angular_velocity_world = turn * s.angular_velocity_world;
    let lift = p.chassis.mass * p.sim.gravity * v_p.z * h;
    if lift > 0.0 {
        let r = glam::DMat3::from_quat(rot);
        let w = s.angular_velocity_world;
        let v = s.linear_velocity_world;
        let t = 0.5 * p.chassis.mass * v.length_squared()
            + 0.5 * w.dot(r * p.chassis.inertia * r.transpose() * w);
        let scale = if t > lift {
            (1.0 - lift / t).sqrt()
        } else {
            0.0
        };
        s.linear_velocity_world *= scale;
        s.angular_velocity_world *= scale;
    }
}
