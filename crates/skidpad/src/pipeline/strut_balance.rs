//! The energy balances of the suspension stage ([`super::suspension_stage`]): what an
//! explicit strut force misses or overdoes within a substep, taken from or limited against the
//! body's motion so that the strut's work on the body is the energy it stores or releases.
//!
//! - a wheel that touched down within the last substep: [`touchdown_force`]
//!   ([`susp::touchdown_impulse`]);
//! - ground that rose into a wheel in contact within the substep (a curb's edge):
//!   [`risen_from`], [`edge_force`];
//! - a wheel that leaves the ground within this substep: [`lift_off_limited`]
//!   ([`susp::lift_off_force`]);
//! - an anti-roll bar that engages as a wheel touches down: [`bar_engagement`], paid by the
//!   touchdown;
//! - a wheel in contact whose line left its plane for a surface beside it, farther along the
//!   line (a curb's face met from the side): [`fallen_rate`], the damper's rate.

use crate::params::{Derived, VehicleParams};
use crate::suspension::AntiRollBarParams;
use crate::suspension::model as susp;
use crate::wheel::{self, WheelState};
use glam::DVec3;

/// Wheel `i`, in contact, over a substep of `h`: its strut force limited by
/// [`susp::receding_force`] when its contact point recedes along the strut farther than the
/// strut can follow this substep — on its start speed and the force's own kick (it will
/// leave the ground within the substep) — so that the explicit force's work on the body is
/// no more than what the strut releases down to the lowest jounce it can reach,
/// `max(x − v_max·h, −x_droop)`; its force `F` (N) otherwise. The point, normal, effective
/// mass and `cos θ = n·up` as for [`touchdown_force`].
///
/// Why the kick: the kart's front-left strut at a curb's side face (15.09 m/s at 1/60 s,
/// h = 1/180 s), clamped at 3978 N on a light point (`m_eff` 27 kg, `cos θ` 0.56),
/// receding 18.6 mm on its start speed against 20.3 mm of room, went 25.8 mm with its own
/// push and did 103.5 J of work on the body while releasing 11.9 J.
///
/// `frame` holds the body's centre of mass (world) and the wheel's strut axis `up` (world),
/// computed once per stage: the same bits as `c.com_world(..)` and
/// `−R·travel_direction`.
///
/// Inlined into the suspension stage: the test of whether the limit can bind (the point
/// receding along the strut faster than the strut can follow) runs at every wheel in
/// contact every substep and almost never passes; the limit itself is `lift_off_force_at`,
/// out of line.
#[inline(always)]
pub(super) fn lift_off_limited(
    p: &VehicleParams,
    d: &Derived,
    c: &crate::chassis::ChassisState,
    i: usize,
    ws: &mut WheelState,
    frame: StrutFrame,
    h: f64,
) -> f64 {
    let (n, point) = (ws.contact_normal_world, ws.contact_point_world);
    // `c.point_velocity(..)` with the stage's centre of mass.
    let v_point = c.linear_velocity_world + c.angular_velocity_world.cross(point - frame.com);
    let v_n = (v_point - ws.surface_velocity_world).dot(n);
    if v_n <= 0.0 {
        // The point closes: a contact that began separating is an ordinary one from now on.
        ws.suspension.began_receding = false;
    }
    let (sp, ss) = (&p.wheels[i].suspension, &ws.suspension);
    let cos = n.dot(frame.up).max(wheel::MIN_NORMAL_COS);
    let lowest = (ss.jounce - sp.max_expansion_speed * h).max(-sp.max_droop);
    if ss.force <= 0.0 || v_n <= 0.0 {
        return ss.force;
    }
    if ss.began_receding {
        return lift_off_force_at(p, d, c, i, ws, frame, (v_n, cos, lowest), h);
    }
    // The strut's extension with the force's own kick, with an upper bound of the point's
    // inverse mass.
    let r2 = (point - frame.com).length_squared();
    let inv_mass = inv_mass_bound(p.chassis.mass, &d.chassis_inverse_inertia, r2);
    let kick = 0.5 * ss.force / cos * h * h * inv_mass;
    if (v_n * h + kick) / cos <= ss.raw_jounce - lowest {
        return ss.force;
    }
    lift_off_force_at(p, d, c, i, ws, frame, (v_n, cos, lowest), h)
}

/// An upper bound of the body's inverse effective mass (1/kg) along any unit normal `n` at a
/// point `|r|` = `√r2` m from its centre of mass: `1/m + |r|²·‖I⁻¹‖_F` (body frame
/// inverse inertia `inv`), at least `1/m + (r × n)ᵀ·I⁻¹·(r × n)` since `|r × n| ≤ |r|` and
/// the Frobenius norm bounds the largest eigenvalue.
#[inline(always)]
fn inv_mass_bound(mass: f64, inv: &glam::DMat3, r2: f64) -> f64 {
    let norm =
        (inv.x_axis.length_squared() + inv.y_axis.length_squared() + inv.z_axis.length_squared())
            .sqrt();
    1.0 / mass + r2 * norm
}

/// [`lift_off_limited`] once its limit can bind: the closing speed `v_n` (m/s), `cos θ` and
/// the lowest jounce the strut reaches, `lowest` (m), as it computed them. With the exact
/// effective mass the recede may still fall within the room ([`susp::receding_force`] then
/// keeps the force); beyond it on the start speed alone, [`susp::lift_off_force`] as before
/// the kick was counted (the same bits).
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn lift_off_force_at(
    p: &VehicleParams,
    d: &Derived,
    c: &crate::chassis::ChassisState,
    i: usize,
    ws: &WheelState,
    frame: StrutFrame,
    (v_n, cos, lowest): (f64, f64, f64),
    h: f64,
) -> f64 {
    let (sp, ss) = (&p.wheels[i].suspension, &ws.suspension);
    let (n, point) = (ws.contact_normal_world, ws.contact_point_world);
    let rest = d.rest_force[i];
    let q = c.pose.rotation.conjugate();
    let rn = (q * (point - frame.com)).cross(q * n);
    let inv_mass = 1.0 / p.chassis.mass + rn.dot(p.chassis.inertia.inverse() * rn);
    let (x, m_eff) = (ss.raw_jounce, 1.0 / inv_mass);
    let room = x - lowest;
    let energy = |y: f64| susp::strut_energy(sp, rest, y);
    let r = susp::Recede {
        v_n,
        cos,
        m_eff,
        h,
        room,
    };
    if v_n / cos * h > room {
        // Beyond the room on its start speed alone: the lift-off limit as it always was
        // (the same bits; `receding_force` gives it too, with `x − room` rounded).
        let delta_u = energy(x) - energy(lowest);
        return susp::lift_off_force(ss.force, delta_u, v_n, cos, m_eff, h);
    }
    if ss.began_receding {
        return began_receding_force(ss.force, energy, x, r);
    }
    susp::receding_force(ss.force, energy, x, r)
}

/// The explicit force (N) of a strut at raw jounce `x` whose contact began separating (its
/// point receding at the touchdown) and has not closed since: [`susp::receding_force`] if
/// it leaves within the substep, else the secant bound even though it stays,
/// `F·d(F) ≤ U*(x) − U*(x − d(F))` ([`susp::secant_force`]): `f` if it keeps it.
///
/// Why: the explicit strut's usual error on extension (`F(x)·d − ΔU`, the force at the
/// start of the travel) is paid back on compression by a contact that lasts; one that began
/// separating and leaves again never compresses. The kart on a curb's edge at 14.90 m/s,
/// 1/120 s: a strut found past full compression on the tilted edge while its point
/// receded, kept its full force one substep (predicted 19.4 of 20.7 mm) and left with
/// 67.2 J of work on the body against 13.6 J released.
pub(super) fn began_receding_force(
    f: f64,
    energy: impl Fn(f64) -> f64,
    x: f64,
    r: susp::Recede,
) -> f64 {
    let d = r.travel(f);
    if d > r.room {
        return susp::receding_force(f, energy, x, r);
    }
    if f * d <= energy(x) - energy(x - d) {
        return f;
    }
    susp::secant_force(f, f, energy, x, r)
}

/// What [`lift_off_limited`] shares across one suspension stage's wheels: the body's centre
/// of mass and the wheel's strut axis, both world.
#[derive(Clone, Copy)]
pub(super) struct StrutFrame {
    /// Centre of mass, world: `c.com_world(&p.chassis)`. Unit: m.
    pub(super) com: DVec3,
    /// The strut's `up` (unit, world): `−R·travel_direction`.
    pub(super) up: DVec3,
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
pub(super) fn risen_from(wp: &crate::wheel::WheelParams, ws: &WheelState) -> Option<f64> {
    let sp = &wp.suspension;
    let still = ws.surface_velocity_world == DVec3::ZERO;
    let x = ws.suspension.raw_jounce;
    (still && ws.ground_rise > susp::GROUND_RISE_SLOP)
        .then(|| (x - ws.ground_rise).max(-sp.max_droop))
}

/// Wheel `i` touched down within the last substep of `h` (hanging at jounce `x0` before, in
/// contact now): the strut force (N) that delivers [`susp::touchdown_impulse`] over this
/// substep, for the energy `ΔU = U*(x_raw) − U*(x₀) + U_bars` ([`susp::strut_energy`]: past
/// full compression it counts what the clamped strut will push the body out with; `U_bars`
/// (J) the anti-roll bars' energy its touchdown engaged, [`bar_engagement`]). The impulse
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
/// on the total impulse only, so taking them one after the other is exact. A point that is
/// not closing at all (`v_n ≥ 0`: the wheel met the ground by the body's turn or sideways
/// motion, not by its approach) gets no normal impulse and all of `ΔU` from its motion (it
/// used to get nothing: the kart's curb strike at 1/60 s, 162 J stored in one touchdown that
/// no force took from the body). `edge` is that force (N, world) at the
/// contact point over this substep (zero when the closing paid it all).
///
/// The damper's rate (`rate`, m/s) is the finite difference `(x₁ − x₀)/h` but no more than
/// the point's closing speed along the strut, `max(−(v_P − v_ground)·up, 0)`: the strut
/// cannot close faster than the body approaches, and the finite difference counts ground met
/// within the substep as strut motion (the sedan's wheel above: 211 m/s, a 464 kN damper
/// push over 1 ms that threw the body off the curb with ≈ 400 J the spring never held:
/// +334 J in a step). In a landing from above the finite difference is the smaller one and
/// stays.
pub(super) fn touchdown_force(
    p: &VehicleParams,
    d: &Derived,
    c: &crate::chassis::ChassisState,
    i: usize,
    (x0, bars): (f64, f64),
    ws: &WheelState,
    h: f64,
) -> Touchdown {
    let delta_u = strut_energy_gain(p, d, i, x0, ws) + bars;
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
    let edge = if rest_u > 0.0 {
        against_motion(p, c, point, v_after, rest_u, h)
    } else {
        DVec3::ZERO
    };
    Touchdown {
        force,
        edge,
        rate,
        receding: v_n > 0.0,
    }
}

/// What [`touchdown_force`] gives a wheel that touched down within the last substep.
pub(super) struct Touchdown {
    /// Strut force (N) that delivers the normal impulse over the substep.
    pub(super) force: f64,
    /// Force (N, world) at the contact point taking the rest of `ΔU` from the motion.
    pub(super) edge: DVec3,
    /// The strut's compression rate for the damper (m/s).
    pub(super) rate: f64,
    /// The contact point was separating at the touchdown (`v_n > 0`: no normal impulse).
    pub(super) receding: bool,
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
pub(super) fn edge_force(
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
/// Applied as `J·u/h` at `point` ([`super::assemble`]).
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

/// The anti-roll bars' energy (J) that wheel `i`'s touchdown this substep engages: a bar
/// acts only while both its wheels are in contact ([`susp::anti_roll_forces`]), so when one
/// of them touches down with the jounces `x_a`, `x_b` (`jounce` after this substep's update)
/// the bar holds `½·k·(x_a − x_b)²` at once; the wheel that touched down is charged it (each
/// half when both did), and its touchdown impulse takes it from the body
/// ([`touchdown_force`]). `was(j)` is whether wheel `j` was in contact before this substep's
/// update; 0 unless wheel `i` touched down (in contact now, not before).
///
/// Why: without it the bar's energy appeared from nothing and its forces then gave it to the
/// body. The hatch's curb strike at 14.96 m/s and 1/120 s (t = 1.100 s): its front-left wheel
/// touched down at full droop (−119 mm, the strut storing 0.1 J) while the front-right stood
/// at +59 mm; the front bar's 138 J appeared in that substep, and the step rose 62 J beyond
/// the audit's allowance.
///
/// Inlined into the suspension stage: the test of whether wheel `i` touched down runs at every
/// wheel every substep and almost never passes; the sum is `bar_engagement_at`, out of line.
#[inline(always)]
pub(super) fn bar_engagement(
    bars: &[AntiRollBarParams],
    i: usize,
    was: impl Fn(usize) -> bool,
    wheels: &[WheelState],
) -> f64 {
    if bars.is_empty() || was(i) || !wheels[i].suspension.in_contact {
        return 0.0;
    }
    bar_engagement_at(bars, i, was, wheels)
}

/// [`bar_engagement`] once wheel `i` touched down.
#[inline(never)]
fn bar_engagement_at(
    bars: &[AntiRollBarParams],
    i: usize,
    was: impl Fn(usize) -> bool,
    wheels: &[WheelState],
) -> f64 {
    let mut e = 0.0;
    for bar in bars.iter().filter(|b| b.wheel_a == i || b.wheel_b == i) {
        let other = if bar.wheel_a == i {
            bar.wheel_b
        } else {
            bar.wheel_a
        };
        if !wheels[other].suspension.in_contact {
            continue;
        }
        let dx = wheels[i].suspension.jounce - wheels[other].suspension.jounce;
        let u = 0.5 * bar.stiffness * dx * dx;
        e += if was(other) { u } else { 0.5 * u };
    }
    e
}

/// A wheel in contact over the last substep and still, whose line left the plane it stood on
/// for a surface beside it, farther along the line but standing above that plane
/// ([`WheelState::ground_rise`] below −[`susp::GROUND_RISE_SLOP`], [`susp::ground_rise`]):
/// the strut's compression rate on the new plane (m/s), `−(v_P − v_ground)·n / cos θ` (the
/// contact point `P`, normal `n` and `cos θ = n·up` as for [`lift_off_limited`]); `None`
/// otherwise, and on moving ground (as [`risen_from`]). Ground that falls away below the old
/// plane (a crest rolled over) keeps the finite difference: there it is the strut's own
/// motion. On a heightfield a sweep's new contact can stand a few micrometres above the old
/// triangle's plane as it crosses a crease (the bench's: 15–18 times in 20 × 200 steps,
/// falls of 1–40 µm, the two rates within a few cm/s): there the rate on the new plane is as
/// good an estimate of the strut's motion.
///
/// Why: the finite difference `(x₁ − x₀)/h` then reads the jump from one surface to the other
/// as strut motion. The sports car's curb strike at 15.02 m/s and 1/120 s (t = 0.892 s,
/// rolled 58°): its rear-right wheel's line left the road (+4.0 mm) for the curb's face
/// (−16.9 mm), the finite difference −2.5 m/s made a rebound damper pull of 8.7 kN that
/// cancelled the 2.9 kN spring, and the point, closing on the face at 3.3 m/s along the
/// strut, compressed it 29 mm in the substep with no force on the body: the spring gained
/// 100 J no force took from it. On the new plane the damper resists that closing.
#[inline]
pub(super) fn fallen_rate(
    c: &crate::chassis::ChassisState,
    ws: &WheelState,
    frame: StrutFrame,
) -> Option<f64> {
    // The rise first: almost never negative, so the test ends there.
    if !(ws.ground_rise < -susp::GROUND_RISE_SLOP && ws.surface_velocity_world == DVec3::ZERO) {
        return None;
    }
    let (n, point) = (ws.contact_normal_world, ws.contact_point_world);
    let v_point = c.linear_velocity_world + c.angular_velocity_world.cross(point - frame.com);
    let cos = n.dot(frame.up).max(wheel::MIN_NORMAL_COS);
    Some(-v_point.dot(n) / cos)
}

#[cfg(test)]
mod tests;
