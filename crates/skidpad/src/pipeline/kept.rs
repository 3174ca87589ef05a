//! Stage 10b's sloped broad phase on a heightfield from a height bound kept between substeps
//! ([`KeptBound`]): the rims' sweeps and the body's rays proved clear of the ground without
//! asking it, while the car stays inside the region of the last answer.
//!
//! Every substep [`super::apart::nothing_near`] proves that the rims' sweeps and the body's
//! rays cannot reach the ground. On a heightfield that took one ground query a substep
//! ([`super::sloped::both`]: [`Ground::max_height_over_sloped`] over the car's footprint,
//! ≈ 0.7 k instructions on issue 13's terrain) for a car that moves centimetres a substep.
//! Here the ground is asked instead over a region around the car (its footprint grown by
//! [`KEPT_REACH`] on every side and by the distance [`KEPT_AHEAD`] of travel at its
//! horizontal velocity, at most [`KEPT_AHEAD_MAX`]), under the slope of the body's floor at
//! that substep, and the answer is kept in the vehicle's state; later substeps test against
//! it while the footprint they need lies inside the region. A substep's own tests are
//! otherwise the sloped tests' (`RimsBox::sloped_clear`, `body_contact`'s box bound): the
//! same boxes, margins and conclusions, with the kept slope in place of the floor's.
//!
//! ## Why it is sound
//!
//! The kept bound says (module docs of [`KeptBound`]): every ground point `q` with
//! `q_xy ∈ Q = [a, b]` lies at most `T + s·(q_xy − a)` high. With `w = (−s_x, −s_y, 1)` and
//! `L(p) = w·p` (a point's height above the plane of gradient `s` through the origin,
//! measured vertically), that is `L(q) ≤ U = T − s·a` for every such `q`; and two points
//! on one vertical differ in height by the difference of their `L`.
//!
//! - Footprint. Every rim sweep's point lies within `grow` (largest rim radius, the sweep
//!   margin, a slack: [`RimsBox`]) of the strut tops' box at the start or the end pose or of
//!   a point between them, so in the vehicle frame of that pose within the box grown by
//!   `grow` on every side; every body ray runs straight down from a sample point, which
//!   lies in the body's box. `RimsBox::footprint` holds both grown boxes (and a slack), so
//!   its world bounding rectangles at the two poses hold every `(x, y)` the substep's
//!   sweeps and rays visit. At the start pose that rectangle is `t₀ + M₀·c ± |M₀|·e` (`M₀`
//!   the pose's rotation matrix). The end pose is bounded from the start's: a vehicle-frame
//!   point `x` moves by `Δt + (R₁ − R₀)·x`, and for unit quaternions
//!   `‖R₁ − R₀‖ = 2·sin(θ/2) ≤ 2·|q₁ − q₀|` (`θ` the turn between them: with `q₀·q₁ ≥ 0`,
//!   `|q₁ − q₀| = 2·sin(θ/4)` and `2·sin(θ/2) = 4·sin(θ/4)·cos(θ/4)`; with `q₀·q₁ < 0`,
//!   `|q₁ − q₀| ≥ √2` while `‖R₁ − R₀‖ ≤ 2`), so the end rectangle lies in the start's
//!   moved by `Δt_xy` and widened by `turn·ρ_f` (`turn = 2·(|q₁ − q₀| + 1e-8)`, the `1e-8`
//!   covering quaternions up to 1e-9 off unit length — asked of both — and the matrices'
//!   rounding; `ρ_f` the footprint box's farthest point from the origin). The kept bound
//!   applies while `Q` holds the union of the two.
//! - Rims. A box's least `L` at a pose is `w·t + n·c − |n|·e` with `n = Mᵀ·w` (centre `c`,
//!   half extents `e`, vehicle frame): every point is `t + M·(c + d)` with `|d_k| ≤ e_k`. At
//!   the end pose every point's `L` is its start value plus `w·Δt`, less at most
//!   `|w|·turn·ρ_r` (`ρ_r` the strut tops' box's farthest point from the origin).
//!   `L` is linear, so over the strut tops' hull it is at least `L_r`, the lower of the two
//!   poses' bounds, and a point within `grow` of the hull has `L ≥ L_r − grow·|w|`. When
//!   `L_r − grow·|w| − U` exceeds [`BROAD_PHASE_MARGIN`] (and the slack), every sweep point
//!   lies more than the margin above the ground at its own `(x, y)`: the conclusion of
//!   `RimsBox::sloped_clear`, so every rim sweep finds nothing.
//! - Body. Every sample point of a box-shaped body has `L ≥ L_b` (its box at the start
//!   pose); its ray runs straight down to `drop` below it, where `L` is `drop` lower. So
//!   every ray's point stands at least `V = L_b − U` above the ground at its `(x, y)`:
//!   `V − drop` above the margin and slack is `body_contact`'s box bound's conclusion (no
//!   ray can hit); otherwise `δ = V − margin − slack` is the clearance `super::apart`'s
//!   bound of the rays' hits (`Motion::apart_over_field`) takes, the same quantity its union
//!   query gives.
//!
//! Rounding: `Q`, `s` and `T` are exact `f32` numbers the ground was asked with (`Q`
//! rounded outward, `T` up from the answer), so the fact itself carries no rounding; the
//! sums and products here round as the sloped tests' do (≈ 1e-12 m at 10 km from the
//! origin, `|s| ≤ √3`), covered by [`KEPT_SLACK`] (1e-6 m); the footprint's rectangle from
//! the rotation matrix against the sweeps' and rays' own quaternion transforms, by the
//! footprint's slack (1e-6 m), as the sloped tests' rectangles are.
//!
//! Any answer the kept bound cannot give — the footprint outside `Q`, a body tilted past
//! 60° when a new bound is needed, a ground that cannot bound itself, or a test that fails
//! against the kept bound — sends the caller to the union query as before: a skipped sweep
//! or ray is one that finds nothing, so every result is the same bits as asking each
//! substep.

use super::rim_contact::RimsBox;
use crate::chassis::ChassisState;
use crate::ground::{BROAD_PHASE_MARGIN, Ground, KeptBound};
use glam::{DMat3, DQuat, DVec2, DVec3};

/// Rounding allowance of the tests against a kept bound. Unit: m.
pub(super) const KEPT_SLACK: f64 = 1e-6;

/// How far the region of a new bound reaches beyond the footprint the substep needs, on
/// every side. Unit: m.
const KEPT_REACH: f64 = 0.15;

/// How long the car may travel at its horizontal velocity before leaving the region of a
/// new bound (the region reaches that far ahead). Unit: s.
const KEPT_AHEAD: f64 = 0.1;

/// Most the region reaches ahead along each axis (a larger region's bound is the grid's
/// highest sample, too loose to be of use). Unit: m.
const KEPT_AHEAD_MAX: f64 = 3.0;

/// The rims' and the body's sloped tests against the bound `kept` holds for the heightfield
/// `id` (module docs), a new bound asked of `ground` first when `kept` holds none for it,
/// its region does not hold the substep's footprint, or `renew`: `(rims clear, V, asked)`,
/// `V` the least height (m) of a body box point above the ground at its own `(x, y)`,
/// `asked` whether the bound is new. `start`, `end`: the substep's poses; `body`: the body's
/// box (vehicle frame, `(min, max)`); `v`: the velocity (m/s) the region looks ahead with.
/// `None` where no bound applies (the caller asks the ground as before).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn kept_bounds(
    ground: &dyn Ground,
    id: u64,
    kept: &mut KeptBound,
    boxes: &RimsBox,
    (min, max): (DVec3, DVec3),
    start: &ChassisState,
    end: &ChassisState,
    v: DVec3,
    renew: bool,
) -> Option<(bool, f64, bool)> {
    let fp = boxes.footprint.as_ref()?;
    let (q0, q1) = (start.pose.rotation, end.pose.rotation);
    // Both quaternions within 1e-9 of unit length (false for NaN): the end pose's bound below
    // takes them as rotations.
    let unit = |q: DQuat| (q.length_squared() - 1.0).abs() <= 1e-9;
    if !(unit(q0) && unit(q1)) {
        return None;
    }
    let t0 = start.pose.translation;
    let m0 = DMat3::from_quat(q0);
    // The end pose from the start's: every vehicle-frame point `x` moves by
    // `Δt + (R₁ − R₀)·x`, and `|(R₁ − R₀)·x| ≤ 2·|q₁ − q₀|·|x|` (module docs), raised by
    // `2e-8·|x|` for the quaternions' distance from unit length and the matrices' rounding.
    let dt = end.pose.translation - t0;
    let turn = 2.0 * ((q1 - q0).length() + 1e-8);
    // The footprint box's world rectangle at the start pose (centre `t + M·c`, half extents
    // `|M|·e`, x and y rows only), widened to hold the end pose's.
    let (x, y, z) = (m0.x_axis, m0.y_axis, m0.z_axis);
    let (fc, fe) = (fp.centre, fp.half);
    let mid = DVec2::new(
        t0.x + x.x * fc.x + y.x * fc.y + z.x * fc.z,
        t0.y + x.y * fc.x + y.y * fc.y + z.y * fc.z,
    );
    let ext = DVec2::new(
        x.x.abs() * fe.x + y.x.abs() * fe.y + z.x.abs() * fe.z,
        x.y.abs() * fe.x + y.y.abs() * fe.y + z.y.abs() * fe.z,
    );
    let moved = DVec2::splat(turn * fp.radius);
    let (lo, hi) = (
        mid - ext + (dt.truncate() - moved).min(DVec2::ZERO),
        mid + ext + (dt.truncate() + moved).max(DVec2::ZERO),
    );
    if !(lo.is_finite() && hi.is_finite()) {
        return None;
    }
    let asked = renew || !(kept.field == id && holds(kept, lo, hi));
    if asked {
        *kept = ask(ground, id, m0.z_axis, (lo, hi), v)?;
    }
    let slope = DVec2::new(f64::from(kept.slope[0]), f64::from(kept.slope[1]));
    let a = DVec2::new(f64::from(kept.a[0]), f64::from(kept.a[1]));
    let u = f64::from(kept.top) - slope.dot(a);
    let w = DVec3::new(-slope.x, -slope.y, 1.0);
    let w_len = w.length();
    // A box's least `L` at the start pose: `w·t + n·c − |n|·e` with `n = Mᵀ·w`; at the end
    // pose at least that plus `w·Δt` less `|w|·turn·ρ` (`ρ` the box's farthest point from
    // the origin).
    let (base, n) = (w.dot(t0), DVec3::new(w.dot(x), w.dot(y), w.dot(z)));
    let low = |c: DVec3, e: DVec3| base + n.dot(c) - n.abs().dot(e);
    let rims_start = low(boxes.centre, boxes.half);
    let rims_end = rims_start + w.dot(dt) - w_len * turn * fp.rims_radius;
    let rims_low = rims_start.min(rims_end);
    let rims = rims_low - boxes.grow * w_len - u > BROAD_PHASE_MARGIN + KEPT_SLACK;
    let body = low(0.5 * (min + max), 0.5 * (max - min));
    Some((rims, body - u, asked))
}

/// Whether the kept region holds the rectangle `[lo, hi]` (false for NaN).
#[inline(always)]
fn holds(kept: &KeptBound, lo: DVec2, hi: DVec2) -> bool {
    lo.x >= f64::from(kept.a[0])
        && lo.y >= f64::from(kept.a[1])
        && hi.x <= f64::from(kept.b[0])
        && hi.y <= f64::from(kept.b[1])
}

/// A new bound of `ground` (the heightfield `id`) over the footprint `[lo, hi]` grown by
/// [`KEPT_REACH`] and [`KEPT_AHEAD`] of travel at `v`, under the slope of the floor whose
/// up axis is `up` (`None` for a floor tilted past 60°, a region `f32` cannot hold, or a
/// ground that cannot bound itself).
#[inline(never)]
fn ask(
    ground: &dyn Ground,
    id: u64,
    up: DVec3,
    (lo, hi): (DVec2, DVec2),
    v: DVec3,
) -> Option<KeptBound> {
    if up.z.is_nan() || up.z <= 0.5 {
        return None;
    }
    let slope = DVec2::new(-up.x, -up.y) / up.z;
    let ahead = (v.truncate() * KEPT_AHEAD)
        .clamp(DVec2::splat(-KEPT_AHEAD_MAX), DVec2::splat(KEPT_AHEAD_MAX));
    let (a, b) = (
        lo - DVec2::splat(KEPT_REACH) + ahead.min(DVec2::ZERO),
        hi + DVec2::splat(KEPT_REACH) + ahead.max(DVec2::ZERO),
    );
    let (a, b) = ([below(a.x), below(a.y)], [above(b.x), above(b.y)]);
    let slope = [slope.x as f32, slope.y as f32];
    if !(a.iter().chain(&b).chain(&slope).all(|x| x.is_finite())) {
        return None;
    }
    let wide = |x: [f32; 2]| DVec2::new(f64::from(x[0]), f64::from(x[1]));
    let top = ground.max_height_over_sloped(wide(a), wide(b), wide(slope))?;
    (!top.is_nan()).then(|| KeptBound {
        field: id,
        a,
        b,
        slope,
        top: above(top),
    })
}

/// The largest `f32` not above `x` (NaN for NaN).
#[inline(always)]
fn below(x: f64) -> f32 {
    let y = x as f32;
    if f64::from(y) > x { y.next_down() } else { y }
}

/// The smallest `f32` not below `x` (NaN for NaN; `∞` above `f32`'s range).
#[inline(always)]
fn above(x: f64) -> f32 {
    let y = x as f32;
    if f64::from(y) < x { y.next_up() } else { y }
}

#[cfg(test)]
mod tests;
