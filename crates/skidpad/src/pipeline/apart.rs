//! Stage 10b's proofs that nothing acts, so that the work they stand for is skipped with
//! the same result: the whole stage when nothing is near ([`nothing_near`]), the solve when
//! every constraint found is moving apart already ([`solve_unless_apart`]).
//!
//! A car on its wheels on flat ground or gentle terrain has its body centimetres to
//! decimetres above the ground, its rims above it and its struts mid-travel: every
//! substep the standalone step's end stops, rims and body contact (the safety net that
//! catches a landing, a curb's face or a roll-over) find nothing to do. [`nothing_near`]
//! answers that with the full path's own tests (and, for body rays that reach the ground at
//! speed, a bound that implies their constraints are apart) in the order cheapest first (the rims' and
//! the body's bounds sharing their work: one frame of the pose on a plane, one ground query
//! on a heightfield), without building the constraint list, the impulse scratch or the
//! depth list the full path fills on its way to the same "nothing acted".

use super::body_contact::{body_drop, body_quiet, body_sloped_test};
use super::end_stop::{contact_stop, hanging_clear};
use super::rim_contact::RimsBox;
use super::sloped;
use crate::chassis::{BodyShape, ChassisState, PointConstraint, solve_contacts};
use crate::ground::{AskedGround, KeptBound};
use crate::params::VehicleParams;
use glam::DVec3;

/// Whether stage 10b's full path ([`super::impact_stage`]) would act on nothing this
/// substep: it would return `None` and write neither the state nor the forces. `wheels` are
/// the state's wheels (its chassis, the integrated end state, is `drift.end`), `start` the
/// substep's start with its centre of mass `com` (`start.com_world(&p.chassis)`'s bits);
/// `bound` the rims' and body's boxes of `p` ([`RimsBox::of`]); `kept` the
/// vehicle's kept height bound ([`KeptBound`], read and renewed on a heightfield:
/// [`super::kept`]).
///
/// Proof that it never skips a contact or a stop the full path acts on: `true` only when
/// each of the full path's sources of constraints would give none or only constraints its
/// solve leaves at zero impulse, by the full path's own tests on the same numbers or by
/// bounds that imply them:
///
/// - rims: the vehicle has no body shape (the full path sweeps no rim then), or the rims'
///   broad phase [`RimsBox::clear`] says clear (the full path calls it with the same
///   arguments and then sweeps none; on a plane [`shared_bounds`] evaluates its first test,
///   the plane bound, with the body's, the same expressions), or, on a ground that is not
///   a plane, the rims' sloped bound carried from one query over the rims' and the body's
///   rectangles ([`shared_bounds`], proof in [`sloped`]) — or, on a heightfield, first
///   from the bound kept over a region around the car ([`super::kept`], its proof there) —
///   shows no sweep can reach the ground: every sweep the full path casts then misses
///   (`rim_contact` gives `None`);
/// - body: [`body_quiet`], the full path's first test of the body's rays (the box bound),
///   says no ray can hit, or the shape is [`BodyShape::None`] (no sample points), or the
///   body's sloped bound carried from the same union query (or the kept bound) shows no
///   ray can reach the ground (every ray the full path casts misses): no body constraint,
///   no depth, so no position correction; or, on a plane or a heightfield, every ray that
///   can hit gives a constraint at a gap `g ≥ 0` (no depth) whose [`apart_term`] holds
///   ([`Motion::body_apart`]: the rays' reach grows with the speed, `|v|·h`, although a
///   body moving along the ground does not approach it; at 14 m/s and `h` = 1/60 s they
///   reach 0.25 m below a floor 0.15 m up, and find the ground at a gap the solve then
///   skips);
/// - end stops: a hanging wheel's ray is skipped by the full path's broad phase
///   ([`hanging_clear`], `end_stop_gap`'s own test: `None`); a wheel in contact gives the
///   constraint [`contact_stop`] with its gap over `h`, exactly as `end_stops` builds it,
///   and its [`apart_term`] (what [`apart_from_start`] tests of it, with the same `com`,
///   `v`, `v_abs` and [`Drift::spin_bound`]) holds.
///
/// The full path's constraint list is then the in-contact wheels' end stops and body
/// points that are apart, and [`solve_unless_apart`]'s first test, [`apart_from_start`],
/// is the conjunction of the same [`apart_term`]s: the solve is skipped, every impulse
/// stays 0, nothing is added, no point is deep and the stage returns `None`. Rounding: the
/// end stops' tests, [`RimsBox::clear`] and [`body_quiet`] are the full path's own
/// expressions on the same operands (shared functions), so they round the same way
/// (allowance 0); the carried union bound has its own allowance ([`sloped`]'s
/// `SHARED_SLACK`, 1e-6 m against ≈ 1e-12 m of rounding) on top of the sloped tests' own
/// slacks, and so do the kept bound's tests ([`super::kept`]); the body's apart bound has
/// its own ([`Motion::body_apart`]).
pub(super) fn nothing_near(
    p: &VehicleParams,
    bound: &RimsBox,
    wheels: &[crate::wheel::WheelState],
    kept: &mut KeptBound,
    ground: AskedGround,
    (start, com): (&ChassisState, DVec3),
    drift: &Drift,
) -> bool {
    let (end, h) = (drift.end, drift.h);
    let none = p.contact.body.shape == BodyShape::None;
    let m = Motion::at(com, drift);
    let (rims, body) =
        shared_bounds(p, bound, start, end, ground, &m, kept).unwrap_or((false, false));
    let rims = rims || none || bound.clear(start, end, ground);
    if !(rims && (body || body_quiet(p, bound, start, end, ground, h))) {
        return false;
    }
    let pose = &start.pose;
    p.wheels
        .iter()
        .enumerate()
        .filter(|(_, wp)| wp.enabled)
        .all(|(i, wp)| {
            let ws = &wheels[i];
            if !ws.suspension.in_contact {
                return hanging_clear(wp, pose, &*ground);
            }
            let mut pc = contact_stop(&wp.suspension, ws);
            pc.max_approach_speed /= h;
            apart_term(m.com, m.v, m.v_abs, m.w, &pc)
        })
}

/// The rims' and the body's broad phases with their shared work done once: `(rims proved
/// clear, body proved quiet)`. On a plane, both plane bounds from one frame of the start
/// pose (`on_plane::both_bounds`: the first tests of [`RimsBox::clear`] and the body's box
/// bound, the same bits); on another ground, the sloped bounds ([`RimsBox::sloped_test`],
/// [`body_sloped_test`]) from one ground query over their union ([`sloped::both`]), on a
/// heightfield first from the bound `kept` holds or a new one over a region around the car
/// ([`super::kept`]: proved both, no query this substep in most). Where
/// the body's bound does not prove its rays clear, on a plane or a heightfield, the same
/// numbers bound the gap of any hit: [`Motion::body_apart`]. `None` (nothing asked) without
/// a body box or where a sloped bound does not apply.
#[inline(always)]
fn shared_bounds(
    p: &VehicleParams,
    bound: &RimsBox,
    start: &ChassisState,
    end: &ChassisState,
    ground: AskedGround,
    m: &Motion,
    kept: &mut KeptBound,
) -> Option<(bool, bool)> {
    let (b, drop, far) = body_drop(p, bound, start, end, m.h)?;
    if let Some(plane) = ground.as_plane() {
        let rims = (bound.centre, bound.half, bound.grow);
        let (rims, body, low) = super::on_plane::both_bounds(plane, (start, end), rims, b, drop);
        return Some((rims, body || m.apart_over_plane(plane, low, far)));
    }
    // On a heightfield, first the bound kept from an earlier substep (`super::kept`), asked
    // again once when it does not prove both; where it cannot, the union query below.
    #[cfg(feature = "parry")]
    if let Some(f) = ground.as_height_field()
        && kept_clear(f, ground, kept, bound, start, end, m, (b, drop, far))
    {
        return Some((true, true));
    }
    #[cfg(not(feature = "parry"))]
    let _ = kept;
    let body = body_sloped_test(&start.pose, b, drop)?;
    let rims = bound.sloped_test(start, end)?;
    let (rims, body, clearance) = sloped::both(&*ground, &rims, &body)?;
    // The heightfield's steepest gradient bounds its hits' normals (only with `parry`, the
    // feature the heightfield needs); any other ground keeps the full path's rays.
    #[cfg(feature = "parry")]
    let body = body
        || (ground.as_height_field()).is_some_and(|f| m.apart_over_field(f, clearance + drop, far));
    #[cfg(not(feature = "parry"))]
    let _ = (clearance, far);
    Some((rims, body))
}

/// [`shared_bounds`] on the heightfield `f` from the bound `kept` holds or a new one
/// ([`super::kept`]): whether it proves both the rims clear and the body quiet (its rays
/// clear, or apart: [`Motion::body_apart`]); a kept bound that does not is asked anew once.
/// `(b, drop, far)` as [`body_drop`] gives them. Out of line: the plane's path stays as it
/// was.
#[cfg(feature = "parry")]
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn kept_clear(
    f: &crate::ground::HeightField,
    ground: AskedGround,
    kept: &mut KeptBound,
    bound: &RimsBox,
    start: &ChassisState,
    end: &ChassisState,
    m: &Motion,
    (b, drop, far): ((DVec3, DVec3), f64, f64),
) -> bool {
    let mut test = |renew: bool| {
        let (rims, gap, asked) =
            super::kept::kept_bounds(&*ground, f.id(), kept, bound, b, start, end, m.v, renew)?;
        let delta = gap - crate::ground::BROAD_PHASE_MARGIN - super::kept::KEPT_SLACK;
        Some((
            rims && (delta - drop > 0.0 || m.apart_over_field(f, delta, far)),
            asked,
        ))
    };
    match test(false) {
        Some((true, _)) => true,
        Some((false, false)) => test(true).is_some_and(|(clear, _)| clear),
        _ => false,
    }
}

/// What [`apart_term`] takes of the substep besides the constraint: the centre of mass at
/// the start pose, the drift velocity `v`, `v_abs = |v|₁`, the spin bound `w`
/// ([`Drift::spin_bound`]), and the substep `h` (s).
pub(super) struct Motion {
    com: DVec3,
    v: DVec3,
    v_abs: f64,
    w: f64,
    h: f64,
}

/// Rounding allowance of a body ray's gap as the full path finds it (its ray cast's
/// distance less the ray's headroom) against the bounds below it (≈ 1e-12 m at 10 km from
/// the origin). Unit: m.
const BODY_GAP_SLACK: f64 = 1e-6;

impl Motion {
    /// The motion [`apart_from_start`] tests with in the full path's solve of this substep.
    #[cfg(test)]
    pub(super) fn of(p: &VehicleParams, start: &ChassisState, drift: &Drift) -> Self {
        Self::at(start.com_world(&p.chassis), drift)
    }

    /// [`Self::of`] with the start's centre of mass `com` placed (its bits).
    #[inline(always)]
    pub(super) fn at(com: DVec3, drift: &Drift) -> Self {
        let v = drift.end.linear_velocity_world;
        Self {
            com,
            v,
            v_abs: v.abs().element_sum(),
            w: drift.spin_bound(),
            h: drift.h,
        }
    }

    /// [`Self::body_apart`] on `plane`: a body ray from `a` above its sample point `x`
    /// straight down meets the plane at `t = (x − p)·n/n_z + a`, so its gap
    /// `(t − a)·n_z = (x − p)·n` is the point's height above the plane, at least the body
    /// box's lowest `low` ([`super::on_plane`]'s `H` at the start pose) less
    /// [`BODY_GAP_SLACK`]; its normal is `n`, its support velocity the plane's. `false`
    /// for a plane that does not face up (`n_z ≤ 0`) or `low` below the slack.
    #[inline(always)]
    fn apart_over_plane(&self, plane: &crate::ground::Plane, low: f64, far: f64) -> bool {
        let (n, v_s) = (plane.normal, plane.surface_velocity_world);
        let gap = low - BODY_GAP_SLACK;
        let approach = (self.v - v_s).dot(n) + (1.0 - 2e-9) * gap / self.h;
        n.z > 0.0 && gap >= 0.0 && self.body_apart(approach, v_s, far)
    }

    /// [`Self::body_apart`] on the heightfield `f`: the body's sloped bound with its
    /// `clearance` (m, [`sloped::both`]) says the ground over the body's rectangle lies at
    /// least `clearance + drop` (the rays' reach below their points) below the floor's
    /// plane, and every sample point lies on or above that plane, so a body ray's hit is at
    /// least `δ = clearance + drop` below its point (the test's margin and slack, 1 cm, are
    /// kept as the allowance for the rounding of the plane, the bound and the ray cast).
    /// The hit's triangle has a gradient at most `G` ([`crate::ground::HeightField`]'s
    /// steepest): its normal `n` has `|n_xy| ≤ G·n_z` and `n_z ≥ 1/√(1 + G²)`, the gap is the
    /// vertical gap times `n_z`, so with `u = v − v_s`,
    /// `u·n + gap/h ≥ n_z·(u_z − G·|u_xy| + δ/h) ≥ (u_z − G·|u_xy| + δ/h)/√(1 + G²)` when the
    /// bracket is not negative (when it is, the test below fails anyway). `false` for
    /// `δ < 0`.
    #[cfg(feature = "parry")]
    #[inline(always)]
    fn apart_over_field(&self, f: &crate::ground::HeightField, delta: f64, far: f64) -> bool {
        let (g, v_s) = (f.max_gradient(), f.velocity());
        let u = self.v - v_s;
        let climb = u.z - g * u.truncate().length() + (1.0 - 2e-9) * delta / self.h;
        let approach = climb / (1.0 + g * g).sqrt();
        delta >= 0.0 && self.body_apart(approach, v_s, far)
    }

    /// Whether every body constraint the full path can build this substep passes
    /// [`apart_term`], from `approach`, a lower bound of `(v − v_s)·n + (1 − 2·10⁻⁹)·g/h`
    /// over every ray's hit (normal `n`, gap `g ≥ 0`, support velocity `v_s`, the same for
    /// every hit), and `far`, the farthest a box point lies from the centre of mass (m).
    /// Each point's arm `w·(ρ + APART_ARM_SLACK)` is at most `arm = w·(far + slack)` and its
    /// scale at most `S + g/h` with `S = 1 + v_abs + |v_s|₁ + arm`, so when
    /// `approach − arm > 2·10⁻⁹·S`, exactly
    /// `(v − v_s)·n − arm_point + g/h − 10⁻⁹·(S_point + g/h) ≥ 10⁻⁹·(S + g/h)`:
    /// [`apart_term`]'s inequality with a headroom six orders of magnitude above the
    /// rounding of either evaluation (≈ 10⁻¹⁵ of the same magnitudes, and ≈ 1e-12 m of a
    /// world point's distance from the centre of mass against `far`). `false` for NaN.
    #[inline(always)]
    fn body_apart(&self, approach: f64, v_s: DVec3, far: f64) -> bool {
        let arm = self.w * (far + APART_ARM_SLACK);
        let scale = 1.0 + self.v_abs + v_s.abs().element_sum() + arm;
        approach - arm > 2e-9 * scale
    }
}

/// [`solve_contacts`] into `j` (zeros on entry) on the drift state
/// ([`super::drift_state_prepared`] of `drift`, which has the end pose), the points carried
/// there first ([`move_to_end`]); skipped when the constraints are clearly apart already at
/// the `start` pose ([`apart_from_start`]: the points are then not moved, and nothing reads
/// them) or at the end ([`all_apart`]): the same impulses. The start test takes a bound of
/// the drift spin ([`Drift::spin_bound`]), so the drift state itself (a rotated inertia
/// tensor) is built only when that test fails: a looser start test only sends more cases
/// on to the exact one, which gives the same zero impulses. Returns whether it solved
/// (`false`: every impulse is still 0).
pub(super) fn solve_unless_apart(
    p: &crate::chassis::ChassisParams,
    start: &ChassisState,
    drift: &Drift,
    c: &mut [PointConstraint],
    j: &mut [DVec3],
) -> bool {
    let v = drift.end.linear_velocity_world;
    if apart_from_start(p, start, v, drift.spin_bound(), c) {
        return false;
    }
    let drift = super::drift_state_prepared(drift.inv_inertia, drift.end, drift.w, drift.h);
    move_to_end(start, &drift, c);
    let apart = all_apart(p, &drift, c);
    if !apart {
        solve_contacts(p, &drift, c, j);
    }
    !apart
}

/// What the drift state of a substep of `h` is built from ([`super::drift_state_prepared`]):
/// the integrated `end` state, its wrench `w` and the inertia's inverse (vehicle axes).
pub(super) struct Drift<'a> {
    pub(super) inv_inertia: &'a glam::DMat3,
    pub(super) end: &'a ChassisState,
    pub(super) w: &'a crate::chassis::Wrench,
    pub(super) h: f64,
}

impl Drift<'_> {
    /// An upper bound of the drift state's `|ω|`, `|ω_end − ½·h·R·I⁻¹·Rᵀ·τ|` (`R` the end
    /// pose's rotation matrix): `|ω_end| + ½·h·‖I⁻¹‖_F·|τ|·(1 + 2·|1 − |q|²|)²` (the
    /// Frobenius norm bounds the spectral one, which the rotation keeps; the last factor
    /// bounds `‖R‖²` for a quaternion `q` off unit length), raised by `1e-9` relative for
    /// the rounding of both (≈ 1e-15 relative). NaN or ∞ when any input is.
    fn spin_bound(&self) -> f64 {
        let m = self.inv_inertia;
        let norm =
            (m.x_axis.length_squared() + m.y_axis.length_squared() + m.z_axis.length_squared())
                .sqrt();
        let r = 1.0 + 2.0 * (1.0 - self.end.pose.rotation.length_squared()).abs();
        let kick = 0.5 * self.h.abs() * norm * self.w.torque.length() * (r * r);
        (self.end.angular_velocity_world.length() + kick) * (1.0 + 1e-9)
    }
}

/// Whether no constraint of `c` would take an impulse from [`solve_contacts`] on `s`: every
/// point's velocity along its normal, relative to the ground, already satisfies its
/// speculative limit with no impulse, `(v + ω × r − v_s)·n + max_approach_speed ≥ 0` (`r` from
/// `s`'s centre of mass; `false` if any is NaN). The solver's first sweep then computes
/// `max(0 − v_n/k, 0) = 0` for each constraint in turn (with no earlier impulse, the
/// velocity it reads is this one), changes nothing, and stops at that fixed point: every
/// impulse stays 0, the answer this gives without its inertia matrix and effective masses
/// (the usual case: a car on its wheels, its end stops' travel left and no body point near
/// the ground).
fn all_apart(p: &crate::chassis::ChassisParams, s: &ChassisState, c: &[PointConstraint]) -> bool {
    let com = s.com_world(p);
    c.iter().all(|pc| {
        let v = s.linear_velocity_world + s.angular_velocity_world.cross(pc.point_world - com)
            - pc.support_velocity_world;
        v.dot(pc.normal_world) + pc.max_approach_speed >= 0.0
    })
}

/// Rounding allowance of [`apart_from_start`]'s arms (a point's distance from the centre of
/// mass at the start pose against the one [`move_to_end`] gives at the end pose: a rigid
/// motion keeps it, to ≈ 1e-12 m at 10 km from the origin). Unit: m.
const APART_ARM_SLACK: f64 = 1e-6;

/// A looser [`all_apart`] from the constraint points where they were found, at the substep's
/// `start` pose, before [`move_to_end`] carries them to the end pose: `true` only when
/// `all_apart` would hold for the moved points on a drift state of linear velocity `v` and
/// spin at most `w` (rad/s; its `|ω|` or any bound of it). The drift state has the end pose,
/// so a point's arm `r` about its centre of mass keeps its length `ρ` (`start`'s point and
/// centre of mass) and `(v + ω × r − v_s)·n ≥ (v − v_s)·n − |ω|·ρ ≥ (v − v_s)·n − w·ρ`
/// (`n` unit): when that bound plus the speculative limit stays above a rounding margin
/// (`1e-9` of the magnitudes involved, far above the dot products' rounding), every moved
/// point's test passes. A car on its wheels has only its end stops here, their travel left
/// as the allowed approach: the 4 points' move (two quaternion rotations each) and the
/// exact test are skipped. `false` for NaN.
fn apart_from_start(
    p: &crate::chassis::ChassisParams,
    start: &ChassisState,
    v: DVec3,
    w: f64,
    c: &[PointConstraint],
) -> bool {
    let com = start.com_world(p);
    let v_abs = v.abs().element_sum();
    c.iter().all(|pc| apart_term(com, v, v_abs, w, pc))
}

/// [`apart_from_start`]'s test of one constraint `pc`: the centre of mass `com` at the
/// start pose, the drift velocity `v` with `v_abs = |v_x| + |v_y| + |v_z|`, the spin bound
/// `w`.
#[inline(always)]
fn apart_term(com: DVec3, v: DVec3, v_abs: f64, w: f64, pc: &PointConstraint) -> bool {
    let rel = (v - pc.support_velocity_world).dot(pc.normal_world);
    let arm = w * ((pc.point_world - com).length() + APART_ARM_SLACK);
    let scale = 1.0
        + v_abs
        + pc.support_velocity_world.abs().element_sum()
        + arm
        + pc.max_approach_speed.abs();
    rel - arm + pc.max_approach_speed > 1e-9 * scale
}

/// Carry each constraint point, found at the substep's `start` pose, with the body to the
/// integrated `end` pose: `p_end = X_end · X_start⁻¹ · p` (normals are the ground's and stay).
///
/// The solver works on `end`'s velocities and takes each impulse's arm about `end`'s centre of
/// mass, and the caller adds the impulse to the substep's wrench with that same arm, so the
/// velocity change the re-integrated substep gets is the one the solver computed (to the
/// rotation of the arm within the substep, O(ω·h)). Arms about the start's centre of mass with
/// `end`'s velocities, as before, differ by the substep's travel `v·h` (14 cm at 17 m/s in a
/// 1/120 s substep): the torque `(v·h) × J` that mismatch applied is not the solver's, and
/// a vertical impulse on a body moving forward pitched it up with energy the inelastic
/// contact never had (measured: up to 22 kJ in one step of the 8×8 truck's ramp jump at
/// 1/30 s).
pub fn move_to_end(start: &ChassisState, end: &ChassisState, c: &mut [PointConstraint]) {
    for pc in c {
        pc.point_world = end
            .pose
            .transform_point(start.pose.inverse_transform_point(pc.point_world));
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod at_speed;

#[cfg(test)]
mod kept;
