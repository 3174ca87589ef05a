//! The upper bound of a [`HeightField`] over a rectangle ([`Ground::max_height_over`], the
//! standalone step's broad phase): the highest sample of the cells under the rectangle, and
//! for a point (a vertical ray's footprint) the surface itself.
//!
//! - Rectangle: each triangle interpolates its corners, so no part of a cell lies above its
//!   highest sample; the cells are those the rectangle touches, widened by [`WIDEN`] of a
//!   cell against rounding in the division.
//! - Point `(x, y)` at least [`WIDEN`] of a cell inside its cell: the plane of its triangle
//!   at the point (module docs of [`super`]: `z_A = h₀₀ + (h₁₀ − h₀₀)·u + (h₁₁ − h₁₀)·v`
//!   where `u ≥ v`, `z_B = h₀₀ + (h₁₁ − h₀₁)·u + (h₀₁ − h₀₀)·v` where `u ≤ v`; the higher of
//!   the two within [`WIDEN`] of the diagonal) plus a rounding allowance
//!   `1e-9·(1 + |h|max + h range)` m (as `surface_above`'s). A vertical ray tests only the
//!   two triangles of the point's cell, with a barycentric tolerance of 1e-10
//!   ([`super::BARYCENTRIC_TOLERANCE`]), so away from the diagonal it can hit only the point's
//!   triangle, and its Möller–Trumbore hit lies on that triangle's plane at the point: no hit
//!   can be higher. A cell's highest sample can be 0.3 m above its surface on rolling
//!   terrain; the plane bound lets the body's vertical rays be skipped there too. Points
//!   nearer a cell edge than [`WIDEN`] take the rectangle's bound.
//! - Rectangle inside one cell (a rim sweep's footprint, 0.6 m on 3.9 m cells), at least
//!   [`WIDEN`] from its edges: the higher of the cell's two triangle planes at the
//!   rectangle's four corners, at most the cell's highest sample, plus the same allowance.
//!   Each plane is linear (its maximum over the rectangle is at a corner) and the surface is
//!   one of the two planes at every point, so none of it lies higher. Sweeps (of any
//!   direction) can meet only that surface there, or the cell's solid below it.
//!
//! Index ranges use `floor`/`ceil` written with integer truncation: the default x86-64 target
//! has no rounding instruction, and the libm calls cost more than the rest of a point's
//! bound. Same indices, for finite arguments clamped to the grid's range first.

use glam::DVec2;

use super::{HeightField, MAX_BOUND_SAMPLES};

/// Widening of the index ranges, and the distance a point must keep from its cell's edges to
/// be bounded by the cell's planes. Unit: cells.
const WIDEN: f64 = 1e-6;

/// `floor(x)` for finite `|x| < 2⁵²` (exact: the truncation and its conversion back are).
#[inline]
fn floor_small(x: f64) -> f64 {
    let t = x as i64 as f64;
    if t > x { t - 1.0 } else { t }
}

/// `ceil(x)` for finite `|x| < 2⁵²`.
#[inline]
fn ceil_small(x: f64) -> f64 {
    let t = x as i64 as f64;
    if t < x { t + 1.0 } else { t }
}

impl HeightField {
    /// [`Ground::max_height_over`](crate::ground::Ground::max_height_over); see the module
    /// docs.
    pub(super) fn height_bound(&self, min: DVec2, max: DVec2) -> Option<f64> {
        // Cell coordinates of the rectangle.
        let x0 = (min.x - self.origin.x) / self.cell_size;
        let y0 = (min.y - self.origin.y) / self.cell_size;
        if min == max
            && let Some(top) = self.point_bound(x0, y0)
        {
            return Some(top);
        }
        let x1 = (max.x - self.origin.x) / self.cell_size;
        let y1 = (max.y - self.origin.y) / self.cell_size;
        if let Some(top) = self.in_cell_bound(x0, x1, y0, y1) {
            return Some(top);
        }
        let (u0, u1, v0, v1) = (x0 - WIDEN, x1 + WIDEN, y0 - WIDEN, y1 + WIDEN);
        if !(u0.is_finite() && u1.is_finite() && v0.is_finite() && v1.is_finite()) {
            return None;
        }
        let (last_i, last_j) = ((self.nx - 1) as f64, (self.ny - 1) as f64);
        // Clamped to a range where the integer floor and ceil are exact; the decisions and
        // indices below are those of the unclamped values (a value below −1 floors and ceils
        // below 0, one above `last + 1` above `last`).
        let (u0, u1) = (u0.clamp(-2.0, last_i + 2.0), u1.clamp(-2.0, last_i + 2.0));
        let (v0, v1) = (v0.clamp(-2.0, last_j + 2.0), v1.clamp(-2.0, last_j + 2.0));
        let (u0, u1, v0, v1) = (
            floor_small(u0),
            ceil_small(u1),
            floor_small(v0),
            ceil_small(v1),
        );
        if u1 < 0.0 || v1 < 0.0 || u0 > last_i || v0 > last_j {
            return Some(f64::NEG_INFINITY);
        }
        let (i0, i1) = (u0.max(0.0) as usize, u1.min(last_i) as usize);
        let (j0, j1) = (v0.max(0.0) as usize, v1.min(last_j) as usize);
        if (i1 - i0 + 1) * (j1 - j0 + 1) > MAX_BOUND_SAMPLES {
            return None;
        }
        let mut top = f64::NEG_INFINITY;
        for j in j0..=j1 {
            for &h in &self.heights[j * self.nx + i0..=j * self.nx + i1] {
                top = top.max(h);
            }
        }
        Some(top)
    }

    /// The bound over the rectangle `[x0, x1] × [y0, y1]` (cell coordinates) when it lies
    /// inside one cell, at least [`WIDEN`] from its edges (module docs): the highest of the
    /// cell's two triangle planes at the rectangle's corners (each plane is linear, so its
    /// highest point over the rectangle is a corner, and the surface is one plane or the
    /// other at every point), at most the cell's highest sample, plus the rounding allowance.
    /// `None` otherwise.
    #[inline]
    fn in_cell_bound(&self, x0: f64, x1: f64, y0: f64, y1: f64) -> Option<f64> {
        let (mx, my) = ((self.nx - 1) as f64, (self.ny - 1) as f64);
        // Also rejects NaN and an inverted rectangle (`x0 > x1`), whose corners would not
        // bracket one cell.
        if !(WIDEN < x0 && x0 <= x1 && x1 < mx - WIDEN && WIDEN < y0 && y0 <= y1 && y1 < my - WIDEN)
        {
            return None;
        }
        let (ci, cj) = (floor_small(x0), floor_small(y0));
        let (u0, u1, v0, v1) = (x0 - ci, x1 - ci, y0 - cj, y1 - cj);
        if !(u0 > WIDEN && u1 < 1.0 - WIDEN && v0 > WIDEN && v1 < 1.0 - WIDEN) {
            return None;
        }
        let k = cj as usize * self.nx + ci as usize;
        let h = &self.heights;
        let (h00, h10, h01, h11) = (h[k], h[k + 1], h[k + self.nx], h[k + self.nx + 1]);
        let mut top = f64::NEG_INFINITY;
        for (u, v) in [(u0, v0), (u1, v0), (u0, v1), (u1, v1)] {
            let za = h00 + (h10 - h00) * u + (h11 - h10) * v;
            let zb = h00 + (h11 - h01) * u + (h01 - h00) * v;
            top = top.max(za).max(zb);
        }
        let (lo, hi) = (
            h00.min(h10).min(h01.min(h11)),
            h00.max(h10).max(h01.max(h11)),
        );
        Some(top.min(hi) + 1e-9 * (1.0 + hi.abs().max(lo.abs()) + (hi - lo)))
    }

    /// The bound at the point of cell coordinates `(fx, fy)` from its cell's two triangle
    /// planes (module docs), `None` if the point is off the grid or within [`WIDEN`] of its
    /// cell's edges (or not finite).
    #[inline]
    fn point_bound(&self, fx: f64, fy: f64) -> Option<f64> {
        let (mx, my) = ((self.nx - 1) as f64, (self.ny - 1) as f64);
        if !(fx > WIDEN && fx < mx - WIDEN && fy > WIDEN && fy < my - WIDEN) {
            return None;
        }
        let (ci, cj) = (floor_small(fx), floor_small(fy));
        let (u, v) = (fx - ci, fy - cj);
        if !(u > WIDEN && u < 1.0 - WIDEN && v > WIDEN && v < 1.0 - WIDEN) {
            return None;
        }
        let k = cj as usize * self.nx + ci as usize;
        let h = &self.heights;
        let (h00, h10, h01, h11) = (h[k], h[k + 1], h[k + self.nx], h[k + self.nx + 1]);
        let za = || h00 + (h10 - h00) * u + (h11 - h10) * v;
        let zb = || h00 + (h11 - h01) * u + (h01 - h00) * v;
        // The point's triangle (A where u ≥ v); near the diagonal, where the ray's barycentric
        // tolerance lets it hit either, the higher of the two.
        let z = if u - v > WIDEN {
            za()
        } else if v - u > WIDEN {
            zb()
        } else {
            za().max(zb())
        };
        let (lo, hi) = (
            h00.min(h10).min(h01.min(h11)),
            h00.max(h10).max(h01.max(h11)),
        );
        Some(z + 1e-9 * (1.0 + hi.abs().max(lo.abs()) + (hi - lo)))
    }
}
