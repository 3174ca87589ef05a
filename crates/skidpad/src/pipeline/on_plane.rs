//! Stage 10b's broad phase on a [`Plane`]: the rims' sweeps and the body's rays proved clear
//! of the plane from the lowest point of a vehicle-frame box, one dot product per pose,
//! before the general bounds (`RimsBox::clear`, the body's `box_rays_clear`) run.
//!
//! A point `x` lies `h(x) = (x − p)·n` above the plane (point `p`, unit normal `n`, out of
//! the ground). A vehicle-frame box (centre `c`, half extents `e`) at a pose `(t, R)` has its
//! lowest point at
//!
//! ```text
//! H = (t − p)·n + m·c − |m|·e,     m = Rᵀ·n (the plane's normal in the vehicle frame)
//! ```
//!
//! (`|m|` componentwise): every point of the box lies at least `H` above the plane.
//!
//! - Rims: each wheel's sphere (radius `r_s`) sweeps from its strut top `c₀` at the start
//!   pose to `c₁` at the end pose and [`super::RIM_SWEEP_MARGIN`] beyond. The strut tops lie
//!   in the rims' box, `h` is linear along the sweep, so its lowest centre is at least
//!   `min(H₀, H₁) − margin` high; the plane's sphere cast then misses (it hits only where
//!   the centre comes within `r_s` of the plane) when `min(H₀, H₁)` exceeds the box's `grow`
//!   (largest `r_s`, the margin and a rounding slack) and [`BROAD_PHASE_MARGIN`].
//! - Body: each sample point's ray runs straight down from above its point to `drop` below
//!   it at most (`box_rays_clear`'s bound of the substep's reach and the contact margin). On a
//!   plane with `n_z > 0` the height falls along a downward ray, by `n_z` a metre, so the ray
//!   stays above the plane when `H − n_z·drop` exceeds [`BROAD_PHASE_MARGIN`] (the plane's
//!   ray then finds nothing).
//!
//! Either "clear" means every skipped query is one that finds nothing: the same constraints
//! as before, bit for bit. `m = Rᵀ·n` is a quaternion rotation of `n` (≈ 1e-15 relative);
//! [`PLANE_SLACK`] covers its rounding and the sums' (≈ 1e-12 m at 10 km from the origin).
//! A quaternion off unit length by more than 1e-9 (never after the integrator, which
//! normalises) gives no answer, nor do non-finite numbers: the general bounds run as before.

use crate::chassis::ChassisState;
use crate::ground::{BROAD_PHASE_MARGIN, Plane};
use crate::math::Pose;
use glam::DVec3;

/// Rounding allowance of the plane bounds. Unit: m.
const PLANE_SLACK: f64 = 1e-6;

/// The lowest height `H` above `plane` of the vehicle-frame box `centre ± half` at `pose`
/// (module docs); NaN when the pose's quaternion is off unit length by more than 1e-9 (or
/// anything is not finite), so every comparison with it is false.
#[inline]
fn box_floor(plane: &Plane, pose: &Pose, centre: DVec3, half: DVec3) -> f64 {
    floor_in(plane_frame(plane, pose), centre, half)
}

/// What [`box_floor`] needs of the pose, for any box: the height of the pose's origin above
/// `plane`, `(t − p)·n` (NaN for a quaternion off unit length by more than 1e-9), and the
/// plane's normal in the vehicle frame, `m = Rᵀ·n`.
#[inline(always)]
fn plane_frame(plane: &Plane, pose: &Pose) -> (f64, DVec3) {
    let q = pose.rotation;
    // Within 1e-9 of unit length (false for NaN).
    let unit = (q.length_squared() - 1.0).abs() <= 1e-9;
    if !unit {
        return (f64::NAN, DVec3::ZERO);
    }
    let m = q.conjugate() * plane.normal;
    ((pose.translation - plane.point).dot(plane.normal), m)
}

/// [`box_floor`] of the box `centre ± half` from its pose's [`plane_frame`]: the same
/// operations in the same order, so the same bits.
#[inline(always)]
fn floor_in((base, m): (f64, DVec3), centre: DVec3, half: DVec3) -> f64 {
    base + m.dot(centre) - m.abs().dot(half)
}

/// [`rims_clear`] and [`body_clear`] together, the start pose's [`plane_frame`] built once
/// for the rims' and the body's boxes: `(rims clear, body clear, H)`, the two answers the
/// same expressions on the same operands as the two calls give (so the same bits), and `H`
/// the body box's lowest height above the plane at the start pose (m, NaN as
/// [`box_floor`]).
#[inline]
pub(super) fn both_bounds(
    plane: &Plane,
    (start, end): (&ChassisState, &ChassisState),
    (centre, half, grow): (DVec3, DVec3, f64),
    (min, max): (DVec3, DVec3),
    drop: f64,
) -> (bool, bool, f64) {
    let at_start = plane_frame(plane, &start.pose);
    let low = floor_in(at_start, centre, half).min(box_floor(plane, &end.pose, centre, half));
    let body = floor_in(at_start, 0.5 * (min + max), 0.5 * (max - min));
    let n_z = plane.normal.z;
    (
        low > grow + BROAD_PHASE_MARGIN + PLANE_SLACK,
        n_z > 0.0 && body - n_z * drop > BROAD_PHASE_MARGIN + PLANE_SLACK,
        body,
    )
}

/// Whether no rim sweep between `start` and `end` can reach `plane` (module docs): the
/// rims' box `centre ± half` and its reach `grow`.
#[inline]
pub(super) fn rims_clear(
    plane: &Plane,
    (start, end): (&ChassisState, &ChassisState),
    (centre, half, grow): (DVec3, DVec3, f64),
) -> bool {
    let low =
        box_floor(plane, &start.pose, centre, half).min(box_floor(plane, &end.pose, centre, half));
    low > grow + BROAD_PHASE_MARGIN + PLANE_SLACK
}

/// Whether no body ray at `pose` can reach `plane` (module docs): the body's vehicle-frame box
/// `(min, max)` and how far below its point a ray reaches at most, `drop` (m).
#[inline]
pub(super) fn body_clear(
    plane: &Plane,
    pose: &Pose,
    (min, max): (DVec3, DVec3),
    drop: f64,
) -> bool {
    let n_z = plane.normal.z;
    let low = box_floor(plane, pose, 0.5 * (min + max), 0.5 * (max - min));
    n_z > 0.0 && low - n_z * drop > BROAD_PHASE_MARGIN + PLANE_SLACK
}

#[cfg(test)]
mod tests;
