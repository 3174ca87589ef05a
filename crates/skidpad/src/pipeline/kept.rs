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
//! - Rims. Each enabled wheel's sphere sweeps from its strut top at the start pose to the
//!   end pose's and [`super::RIM_SWEEP_MARGIN`] beyond; every point of every swept sphere
//!   lies within `grow` (largest rim radius, the margin, a slack: [`RimsBox`]) of the convex
//!   hull of the rims' box at the two poses (`RimsBox::sloped_clear`'s argument). `L` is
//!   linear, so over that hull it is at least `L_r`, the lower of the two boxes' minima
//!   `w·mid − Σ_k |w·M_k|·e_k` (`M` the pose's rotation matrix, `mid` the box's world
//!   centre, `e` its half extents), and a point within `grow` of the hull has
//!   `L ≥ L_r − grow·|w|`. Its `(x, y)` lies in the boxes' world bounding box grown by
//!   `grow`. When that rectangle lies in `Q` and `L_r − grow·|w| − U` exceeds
//!   [`BROAD_PHASE_MARGIN`] (and the slack), every sweep point lies more than the margin
//!   above the ground at its own `(x, y)`: the conclusion of `RimsBox::sloped_clear`, so
//!   every rim sweep finds nothing.
//! - Body. Every sample point of a box-shaped body lies in its box at the start pose, so
//!   `L ≥ L_b` (the same formula) and its `(x, y)` lies in the box's world bounding box; its
//!   ray runs straight down to `drop` below it, where `L` is `drop` lower. When the box's
//!   rectangle (grown by the slack) lies in `Q`, every ray's point stands at least
//!   `V = L_b − U` above the ground at its `(x, y)`: `V − drop` above the margin and slack
//!   is `body_contact`'s box bound's conclusion (no ray can hit); otherwise
//!   `δ = V − margin − slack` is the clearance `super::apart`'s bound of the rays' hits
//!   (`Motion::apart_over_field`) takes, the same quantity its union query gives.
//!
//! Rounding: `Q`, `s` and `T` are exact `f32` numbers the ground was asked with (`Q`
//! rounded outward, `T` up from the answer), so the fact itself carries no rounding; the
//! sums and products here round as the sloped tests' do (≈ 1e-12 m at 10 km from the
//! origin, `|s| ≤ √3`), covered by [`KEPT_SLACK`] (1e-6 m). A quaternion off unit length
//! makes its matrix scale the box by `|q|²` (the integrator normalises: off by 1e-15);
//! the sloped tests take the same matrices.
//!
//! Any answer the kept bound cannot give — the footprint outside `Q`, a body tilted past
//! 60° when a new bound is needed, a ground that cannot bound itself, or a test that fails
//! against the kept bound — sends the caller to the union query as before: a skipped sweep
//! or ray is one that finds nothing, so every result is the same bits as asking each
//! substep.

use super::rim_contact::RimsBox;
use crate::chassis::ChassisState;
use crate::ground::{BROAD_PHASE_MARGIN, Ground, KeptBound};
use glam::{DMat3, DVec2, DVec3};

/// Rounding allowance of the tests against a kept bound. Unit: m.
pub(super) const KEPT_SLACK: f64 = 1e-6;

/// How far the region of a new bound reaches beyond the footprint the substep needs, on
/// every side. Unit: m.
const KEPT_REACH: f64 = 0.25;

/// How long the car may travel at its horizontal velocity before leaving the region of a
/// new bound (the region reaches that far ahead). Unit: s.
const KEPT_AHEAD: f64 = 0.15;

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
    let ((m0, mid0, ext0), (m1, mid1, ext1)) = (boxes.world(start), boxes.world(end));
    let (centre, half) = (0.5 * (min + max), 0.5 * (max - min));
    let mid_b = start.pose.translation + m0 * centre;
    let ext_b = m0.x_axis.abs() * half.x + m0.y_axis.abs() * half.y + m0.z_axis.abs() * half.z;
    let grow = boxes.grow;
    // The footprint the substep needs: the rims' sweeps and the body's points.
    let (lo, hi) = (
        ((mid0 - ext0).min(mid1 - ext1).truncate() - DVec2::splat(grow))
            .min((mid_b - ext_b).truncate() - DVec2::splat(KEPT_SLACK)),
        ((mid0 + ext0).max(mid1 + ext1).truncate() + DVec2::splat(grow))
            .max((mid_b + ext_b).truncate() + DVec2::splat(KEPT_SLACK)),
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
    let low = |m: &DMat3, mid: DVec3, e: DVec3| {
        w.dot(mid)
            - (w.dot(m.x_axis).abs() * e.x + w.dot(m.y_axis).abs() * e.y + w.dot(m.z_axis).abs() * e.z)
    };
    let rims_low = low(&m0, mid0, boxes.half).min(low(&m1, mid1, boxes.half));
    let rims = rims_low - grow * w.length() - u > BROAD_PHASE_MARGIN + KEPT_SLACK;
    Some((rims, low(&m0, mid_b, half) - u, asked))
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
fn ask(ground: &dyn Ground, id: u64, up: DVec3, (lo, hi): (DVec2, DVec2), v: DVec3) -> Option<KeptBound> {
    if !(up.z > 0.5) {
        return None;
    }
    let slope = DVec2::new(-up.x, -up.y) / up.z;
    let ahead = (v.truncate() * KEPT_AHEAD).clamp(DVec2::splat(-KEPT_AHEAD_MAX), DVec2::splat(KEPT_AHEAD_MAX));
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
