//! Stage 10b, the end stops: a wheel at full compression is an inelastic point constraint on
//! the chassis (see [`end_stop_stage`]).

use super::ChassisForces;
use super::apart::{Drift, solve_unless_apart};
use super::body_contact::add_impulses;
use crate::MAX_WHEELS;
use crate::chassis::{ChassisState, PointConstraint};
use crate::ground::{Ground, clear_of};
use crate::math::Pose;
use crate::params::VehicleParams;
use crate::state::VehicleState;
use crate::wheel::{WheelState, strut_line_world};
use arrayvec::ArrayVec;
use glam::DVec3;

/// Stage 10b, end stops: a wheel whose ground reaches full compression is a rigid support.
/// For every enabled wheel the gap left to full compression along its suspension line is
/// found — `x_max − x_raw` on the ground (negative: already beyond it), or for a wheel off the
/// ground the distance its tyre still has to fall to the ground plus the whole travel (one
/// ray along the strut, [`end_stop_gap`]) — and the chassis point at the contact may close at
/// most that gap in the substep: `v_n ≥ −max(gap, 0)/h` at the end of the substep (a
/// speculative contact, so a landing never ends below full compression, whatever the step).
/// The impulses that enforce it ([`crate::chassis::solve_contacts`], from the effective mass at
/// each point, on the velocity the pose drifts with, [`super::drift_state`]; the standalone
/// stage's own solve and bookkeeping, so a vehicle with no body shape gets the standalone
/// step's bits in hosted mode too: `tests/hosted.rs`) are added to
/// `forces` as forces `J/h` at the contact points (and to the wheels' normal loads) and to
/// [`ChassisForces::impulse`], and the caller integrates the substep again from `start` with
/// the impulse applied first ([`super::integrate_substep`]). Returns whether
/// any stop acted. The stop is perfectly inelastic: landings dissipate energy at every step
/// size, and the peak wheel load is what stopping the body needs.
pub fn end_stop_stage<const S: usize>(
    p: &VehicleParams,
    s: &mut VehicleState,
    ground: &dyn Ground,
    start: &ChassisState,
    forces: &mut ChassisForces<S>,
    h: f64,
) -> bool {
    end_stop_stage_prepared(p, &p.chassis.inertia.inverse(), s, ground, start, forces, h)
}

/// [`end_stop_stage`] with the chassis inertia's inverse (vehicle axes, exactly
/// `p.chassis.inertia.inverse()`) computed once
/// ([`Derived::chassis_inverse_inertia`](crate::vehicle::Derived::chassis_inverse_inertia)):
/// the same bits.
pub fn end_stop_stage_prepared<const S: usize>(
    p: &VehicleParams,
    inv_inertia: &glam::DMat3,
    s: &mut VehicleState,
    ground: &dyn Ground,
    start: &ChassisState,
    forces: &mut ChassisForces<S>,
    h: f64,
) -> bool {
    let mut c = ArrayVec::<PointConstraint, MAX_WHEELS>::new();
    let mut wheel = [0usize; MAX_WHEELS];
    let n = end_stops(p, s, &start.pose, ground, h, &mut c, &mut wheel);
    let mut j = [DVec3::ZERO; MAX_WHEELS];
    let drift = Drift {
        inv_inertia,
        end: &s.chassis,
        w: &forces.total,
        h,
    };
    // The standalone stage's solve and bookkeeping (`body_contact::impact_full` without the
    // rims and the body): the same bits as a standalone step with no body shape.
    let solved = solve_unless_apart(&p.chassis, start, &drift, c.as_mut_slice(), &mut j[..n]);
    solved && add_impulses(p, s, forces, &c, &j[..n], (&wheel, n), h)
}

/// Every enabled wheel's end stop ([`end_stop_gap`], the gap turned into an approach speed
/// over the substep `h`) appended to `c` (empty on entry), its wheel index to `wheel`;
/// returns how many. `pose`: the chassis at the substep's start, where the wheels' contacts
/// were found.
pub(super) fn end_stops<const N: usize>(
    p: &VehicleParams,
    s: &VehicleState,
    pose: &Pose,
    ground: &dyn Ground,
    h: f64,
    c: &mut ArrayVec<PointConstraint, N>,
    wheel: &mut [usize; MAX_WHEELS],
) -> usize {
    let mut n = 0;
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        if let Some(mut pc) = end_stop_gap(wp, &s.wheels[i], pose, ground) {
            pc.max_approach_speed /= h;
            c.push(pc);
            wheel[n] = i;
            n += 1;
        }
    }
    n
}

/// The end-stop constraint of one wheel with its gap (m) in `max_approach_speed` (the caller
/// divides by the substep): on the ground `max(x_max − x_raw, 0)` at the contact; off the
/// ground, a ray from the strut top along the travel finds the ground at `t` and the gap is
/// `t − R` (the tyre reaches full compression when its centre is `R` above the ground at the
/// strut top), `None` beyond `travel + R + 2 m` (nothing to reach this step at any sane speed;
/// the next substep looks again). `pose`: the chassis where the contact stage found `ws`'s
/// contact (the substep's start), which places the strut.
pub fn end_stop_gap(
    wp: &crate::wheel::WheelParams,
    ws: &WheelState,
    pose: &Pose,
    ground: &dyn Ground,
) -> Option<PointConstraint> {
    if ws.suspension.in_contact {
        return Some(contact_stop(&wp.suspension, ws));
    }
    let (top, dir, reach) = strut_ray(wp, pose);
    // Broad phase: a ray the ground cannot reach finds nothing ([`crate::ground::clear_of`]).
    if clear_of(ground, top, top + dir * reach, 0.0) {
        return None;
    }
    let hit = ground.cast_ray(top, dir, reach)?;
    Some(PointConstraint {
        point_world: hit.point,
        normal_world: hit.normal,
        support_velocity_world: hit.surface_velocity_world,
        max_approach_speed: (hit.distance - wp.radius).max(0.0),
        friction: 0.0,
    })
}

/// [`end_stop_gap`] of a wheel in contact: at its contact, the gap `max(x_max − x_raw, 0)`
/// (m) in `max_approach_speed`.
#[inline(always)]
pub(super) fn contact_stop(
    sp: &crate::suspension::SuspensionParams,
    ws: &WheelState,
) -> PointConstraint {
    PointConstraint {
        point_world: ws.contact_point_world,
        normal_world: ws.contact_normal_world,
        support_velocity_world: ws.surface_velocity_world,
        max_approach_speed: (sp.max_compression - ws.suspension.raw_jounce).max(0.0),
        friction: 0.0,
    }
}

/// Whether [`end_stop_gap`] of a hanging wheel `wp` at `pose` skips its ray by the broad
/// phase (and so returns `None`): the ground cannot reach it ([`clear_of`]).
#[inline(always)]
pub(super) fn hanging_clear(
    wp: &crate::wheel::WheelParams,
    pose: &Pose,
    ground: &dyn Ground,
) -> bool {
    let (top, dir, reach) = strut_ray(wp, pose);
    clear_of(ground, top, top + dir * reach, 0.0)
}

/// A hanging wheel's end-stop ray: from the strut top along the travel (world, at `pose`)
/// for the whole travel, the radius and [`END_STOP_LOOKAHEAD`].
#[inline(always)]
fn strut_ray(wp: &crate::wheel::WheelParams, pose: &Pose) -> (glam::DVec3, glam::DVec3, f64) {
    let sp = &wp.suspension;
    let reach = sp.max_compression + sp.max_droop + wp.radius + END_STOP_LOOKAHEAD;
    let (top, dir) = strut_line_world(wp, pose);
    (top, dir, reach)
}

/// How far below a hanging wheel's reach [`end_stop_gap`] looks for the ground. Unit: m.
/// A body falling at 60 m/s covers 2 m in a 1/30 s step.
pub const END_STOP_LOOKAHEAD: f64 = 2.0;
