//! The upper bound of a [`HeightField`] over a rectangle ([`Ground::max_height_over`], the
//! standalone step's broad phase): the surface itself from its triangles' planes for a point
//! (a vertical ray's footprint) and a rectangle over a few cells, the highest sample of the
//! cells under a larger rectangle.
//!
//! - Rectangle over more than [`MAX_PLANE_BOUND_CELLS`] cells: each triangle interpolates
//!   its corners, so no part of a cell lies above its highest sample; the cells are those the
//!   rectangle touches, widened by [`WIDEN`] of a cell against rounding in the division.
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
//! - Rectangle over at most [`MAX_PLANE_BOUND_CELLS`] cells (a rim sweep's footprint, a car
//!   body's): the surface itself. The rectangle is clipped to each cell it touches
//!   (`[a, b] × [c, d]` in the cell's `u, v`); over the part with `u ≥ v` the surface is
//!   plane A, a linear function, whose maximum over that convex polygon lies at one of its
//!   vertices: the clipped corners with `u ≥ v` and the diagonal's entry and exit
//!   `(t, t)`, `t = max(a, c)` and `t = min(b, d)` (when `max(a, c) ≤ min(b, d)`); the same
//!   for B with `u ≤ v`. Corners within [`WIDEN`] of the diagonal take the higher plane.
//!   Each cell's maximum gets the allowance, `1e-9·(1 + 2·|h|max + |reference plane|)` m
//!   over the cell's four samples.
//!   Sweeps (of any direction) can meet only that surface there, or the solid below it. A
//!   cell's highest sample lies up to 0.37 m above its surface on issue 13's terrain.
//! - Sloped ([`Ground::max_height_over_sloped`](crate::ground::Ground::max_height_over_sloped),
//!   the body's broad phase): the bound of `h(x, y) − s·((x, y) − min)`. Subtracting a plane
//!   keeps every cell piece linear, so the same vertices carry the maximum. Larger
//!   rectangles: the highest sample minus the reference plane's lowest value over the
//!   rectangle (at a corner).
//!
//! - A rectangle inside one cell (the usual rim sweep's footprint on issue 13's 3.9 m cells)
//!   takes that cell's term directly (`one_cell_bound`): the same number as the general
//!   path's, without its range set-up (`tests::the_one_cell_path_is_the_general_paths_number`).
//!
//! Index ranges use `floor`/`ceil` written with integer truncation: the default x86-64 target
//! has no rounding instruction, and the libm calls cost more than the rest of a point's
//! bound. Same indices, for finite arguments clamped to the grid's range first.

use glam::DVec2;

use super::{HeightField, MAX_BOUND_SAMPLES, index, larger, real, smaller};

/// Widening of the index ranges, and the distance a point must keep from its cell's edges to
/// be bounded by the cell's planes. Unit: cells.
const WIDEN: f64 = 1e-6;

/// Most cells [`HeightField::planes_bound`] visits (a 4 × 4 block: a car body's footprint on
/// metre-sized cells); a larger rectangle takes the highest sample of its cells.
const MAX_PLANE_BOUND_CELLS: usize = 16;

/// The highest value over `[a, b] × [c, d]` (in `[0, 1]²`) of the piecewise-planar
/// `z₀ + pa·(u, v)` where `u ≥ v` (triangle A), `z₀ + pb·(u, v)` where `u ≤ v` (B): each
/// plane at the corners on its side of the diagonal (both within [`WIDEN`] of it) and both
/// at the diagonal's entry and exit `(t, t)`, the vertices of the two pieces (module docs).
#[inline(always)]
fn cell_max(z0: f64, pa: (f64, f64), pb: (f64, f64), (a, b, c, d): (f64, f64, f64, f64)) -> f64 {
    let mut m = f64::NEG_INFINITY;
    // Each plane evaluated only where it counts (the same numbers).
    let za = |u: f64, v: f64| z0 + pa.0 * u + pa.1 * v;
    let zb = |u: f64, v: f64| z0 + pb.0 * u + pb.1 * v;
    for (u, v) in [(a, c), (b, c), (a, d), (b, d)] {
        let w = u - v;
        let z = if w > WIDEN {
            za(u, v)
        } else if w < -WIDEN {
            zb(u, v)
        } else {
            larger(za(u, v), zb(u, v))
        };
        m = larger(m, z);
    }
    // `a`…`d` are never NaN (nor −0: both callers' clamps and differences give +0), so
    // `larger`/`smaller` are `f64::max`/`min` here.
    let (t_in, t_out) = (larger(a, c), smaller(b, d));
    if t_in <= t_out {
        let (sa, sb) = (pa.0 + pa.1, pb.0 + pb.1);
        let z = larger(
            larger(z0 + sa * t_in, z0 + sb * t_in),
            larger(z0 + sa * t_out, z0 + sb * t_out),
        );
        m = larger(m, z);
    }
    m
}

/// `x` clamped to `[0, 1]`, for `x` known not to be NaN (`f64::clamp` checks its bounds
/// first).
#[inline(always)]
fn unit(x: f64) -> f64 {
    let x = if x > 0.0 { x } else { 0.0 };
    if x < 1.0 { x } else { 1.0 }
}

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
    /// [`Ground::max_height_over_sloped`](crate::ground::Ground::max_height_over_sloped)
    /// (`slope` zero: [`Ground::max_height_over`](crate::ground::Ground::max_height_over));
    /// see the module docs.
    pub(super) fn height_bound(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
        if !slope.is_finite() {
            return None;
        }
        // Cell coordinates of the rectangle.
        let x0 = (min.x - self.origin.x) / self.cell_size;
        let y0 = (min.y - self.origin.y) / self.cell_size;
        if min == max
            && let Some(top) = self.point_bound(x0, y0)
        {
            // The reference plane is 0 at `min`, the point itself.
            return Some(top);
        }
        let x1 = (max.x - self.origin.x) / self.cell_size;
        let y1 = (max.y - self.origin.y) / self.cell_size;
        let g = slope * self.cell_size;
        if let Some(top) = self.one_cell_bound(x0, x1, y0, y1, g) {
            return Some(top);
        }
        if let Some(top) = self.planes_bound(x0, x1, y0, y1, g) {
            return Some(top);
        }
        // The reference plane's lowest value over the rectangle (at one of its corners).
        let low = (g.x * (x1 - x0)).min(0.0) + (g.y * (y1 - y0)).min(0.0);
        self.sample_bound(x0, x1, y0, y1).map(|top| top - low)
    }

    /// The highest sample of the cells the rectangle `[x0, x1] × [y0, y1]` (cell
    /// coordinates) touches, widened by [`WIDEN`]; `−∞` off the grid, `None` for non-finite
    /// corners or more than [`MAX_BOUND_SAMPLES`] samples.
    fn sample_bound(&self, x0: f64, x1: f64, y0: f64, y1: f64) -> Option<f64> {
        let (u0, u1, v0, v1) = (x0 - WIDEN, x1 + WIDEN, y0 - WIDEN, y1 + WIDEN);
        if !(u0.is_finite() && u1.is_finite() && v0.is_finite() && v1.is_finite()) {
            return None;
        }
        let (last_i, last_j) = (real(self.nx - 1), real(self.ny - 1));
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
        let (i0, i1) = (index(u0.max(0.0)), index(u1.min(last_i)));
        let (j0, j1) = (index(v0.max(0.0)), index(v1.min(last_j)));
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

    /// The bound of `h(x, y) − g·((x, y) − (x0, y0))` (cell coordinates, `g` in m per cell)
    /// over the rectangle `[x0, x1] × [y0, y1]` widened by [`WIDEN`], from the triangles'
    /// planes (module docs): in each cell the rectangle touches, clipped to the cell, each
    /// triangle's plane at the corners on its side of the diagonal and both at the
    /// diagonal's entry and exit; plus the rounding allowance. `−∞` off the grid; `None`
    /// (take [`Self::sample_bound`]) for non-finite or inverted corners, or more than
    /// [`MAX_PLANE_BOUND_CELLS`] cells.
    fn planes_bound(&self, x0: f64, x1: f64, y0: f64, y1: f64, g: DVec2) -> Option<f64> {
        let (u0, u1, v0, v1) = (x0 - WIDEN, x1 + WIDEN, y0 - WIDEN, y1 + WIDEN);
        // Also rejects NaN and ±∞ (`u0 ≤ u1` fails, or a difference is not finite).
        if !(u0 <= u1 && v0 <= v1 && (u1 - u0) + (v1 - v0) + g.x.abs() + g.y.abs() < 1e12) {
            return None;
        }
        let (mx, my) = (real(self.nx - 1), real(self.ny - 1));
        if u1 < 0.0 || v1 < 0.0 || u0 > mx || v0 > my {
            return Some(f64::NEG_INFINITY);
        }
        // Cells (not samples): `0 ..= nx − 2`. `as usize` truncates, which is `floor` for the
        // non-negative `f.max(0.0)` and saturates above (then `min`): the index of
        // `floor(clamp(f, 0, m))`, without `clamp`'s argument check or a libm call.
        let cell = |f: f64, last: usize| index(larger(f, 0.0)).min(last);
        let (i0, i1) = (cell(u0, self.nx - 2), cell(u1, self.nx - 2));
        let (j0, j1) = (cell(v0, self.ny - 2), cell(v1, self.ny - 2));
        if (i1 - i0 + 1) * (j1 - j0 + 1) > MAX_PLANE_BOUND_CELLS {
            return None;
        }
        let mut top = f64::NEG_INFINITY;
        for j in j0..=j1 {
            let fj = real(j);
            let (c, d) = (unit(v0 - fj), unit(v1 - fj));
            for i in i0..=i1 {
                let fi = real(i);
                let (a, b) = (unit(u0 - fi), unit(u1 - fi));
                top = larger(top, self.cell_bound((i, j), (a, b, c, d), (x0, y0), g));
            }
        }
        Some(top)
    }

    /// [`Self::planes_bound`] of a rectangle inside one cell (widened by [`WIDEN`], off the
    /// grid's far edges), the usual rim sweep's footprint on metre-sized cells: the same
    /// number without the general path's range set-up. `None`: not such a rectangle.
    #[inline]
    fn one_cell_bound(&self, x0: f64, x1: f64, y0: f64, y1: f64, g: DVec2) -> Option<f64> {
        let (u0, u1, v0, v1) = (x0 - WIDEN, x1 + WIDEN, y0 - WIDEN, y1 + WIDEN);
        // The general path's conditions, with the rectangle's corners in `[0, cells)`
        // (rejects NaN and ±∞ too).
        if !(u0 >= 0.0
            && v0 >= 0.0
            && u1 < self.cells_x
            && v1 < self.cells_y
            && u0 <= u1
            && v0 <= v1
            && (u1 - u0) + (v1 - v0) + g.x.abs() + g.y.abs() < 1e12)
        {
            return None;
        }
        let (i, j) = (index(u0), index(v0));
        if index(u1) != i || index(v1) != j {
            return None;
        }
        // `u0 − i` etc. lie in `[0, 1)` (exact differences), where the general path's
        // clamps change nothing.
        let (fi, fj) = (real(i), real(j));
        Some(self.cell_bound((i, j), (u0 - fi, u1 - fi, v0 - fj, v1 - fj), (x0, y0), g))
    }

    /// One cell's term of [`Self::planes_bound`]: the bound of `h − g·((x, y) − (x0, y0))`
    /// over `[a, b] × [c, d]` (the cell's `u, v`) with its rounding allowance.
    #[inline(always)]
    fn cell_bound(
        &self,
        (i, j): (usize, usize),
        (a, b, c, d): (f64, f64, f64, f64),
        (x0, y0): (f64, f64),
        g: DVec2,
    ) -> f64 {
        let h = &self.heights;
        let k = j * self.nx + i;
        let (h00, h10, h01, h11) = (h[k], h[k + 1], h[k + self.nx], h[k + self.nx + 1]);
        let (ox, oy) = (real(i) - x0, real(j) - y0);
        // Triangle A (`u ≥ v`) and B (`u ≤ v`) minus the reference plane, as
        // `z₀ + z_u·u + z_v·v`.
        let z0 = h00 - (g.x * ox + g.y * oy);
        let pa = (h10 - h00 - g.x, h11 - h10 - g.y);
        let pb = (h11 - h01 - g.x, h01 - h00 - g.y);
        let m = cell_max(z0, pa, pb, (a, b, c, d));
        // The allowance: 1e-9 of the sizes of the terms (the samples' and the reference
        // plane's), 1e6 times their rounding.
        let size = larger(larger(h00.abs(), h10.abs()), larger(h01.abs(), h11.abs()));
        let lin = g.x.abs() * (ox.abs() + 1.0) + g.y.abs() * (oy.abs() + 1.0);
        m + 1e-9 * (1.0 + 2.0 * size + lin)
    }

    /// The bound at the point of cell coordinates `(fx, fy)` from its cell's two triangle
    /// planes (module docs), `None` if the point is off the grid or within [`WIDEN`] of its
    /// cell's edges (or not finite).
    #[inline]
    fn point_bound(&self, fx: f64, fy: f64) -> Option<f64> {
        let (mx, my) = (real(self.nx - 1), real(self.ny - 1));
        if !(fx > WIDEN && fx < mx - WIDEN && fy > WIDEN && fy < my - WIDEN) {
            return None;
        }
        let (ci, cj) = (floor_small(fx), floor_small(fy));
        let (u, v) = (fx - ci, fy - cj);
        if !(u > WIDEN && u < 1.0 - WIDEN && v > WIDEN && v < 1.0 - WIDEN) {
            return None;
        }
        let k = index(cj) * self.nx + index(ci);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `cell_max` as it was before its planes were evaluated lazily: both planes at every
    /// corner, `f64::max`/`min` for the diagonal's entry and exit. The reference.
    fn cell_max_both(
        z0: f64,
        pa: (f64, f64),
        pb: (f64, f64),
        (a, b, c, d): (f64, f64, f64, f64),
    ) -> f64 {
        let mut m = f64::NEG_INFINITY;
        for (u, v) in [(a, c), (b, c), (a, d), (b, d)] {
            let (za, zb) = (z0 + pa.0 * u + pa.1 * v, z0 + pb.0 * u + pb.1 * v);
            let w = u - v;
            let z = if w > WIDEN {
                za
            } else if w < -WIDEN {
                zb
            } else {
                larger(za, zb)
            };
            m = larger(m, z);
        }
        let (t_in, t_out) = (a.max(c), b.min(d));
        if t_in <= t_out {
            let (sa, sb) = (pa.0 + pa.1, pb.0 + pb.1);
            let z = larger(
                larger(z0 + sa * t_in, z0 + sb * t_in),
                larger(z0 + sa * t_out, z0 + sb * t_out),
            );
            m = larger(m, z);
        }
        m
    }

    #[test]
    fn the_lazy_cell_max_is_the_full_ones() {
        // 200 000 clipped rectangles in [0, 1]² (a quarter of them with corners on, or within
        // 2·WIDEN of, the diagonal; some degenerate to an edge or a point) and random planes
        // (heights ±3 m, slopes ±2 m per cell): the same bits as evaluating both planes at
        // every corner.
        let mut seed = 5_u64;
        let mut next = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
        for k in 0..200_000 {
            let (a, mut c) = (unit(next(-0.2, 1.0)), unit(next(-0.2, 1.0)));
            if k % 8 == 3 {
                c = a;
            }
            let (mut b, mut d) = (unit(a + next(0.0, 1.0)), unit(c + next(0.0, 1.0)));
            match k % 8 {
                0 => d = b + next(-2.0, 2.0) * WIDEN,
                1 => b = d,
                2 => (b, d) = (a, c),
                _ => {}
            }
            let (b, d) = (unit(larger(b, a)), unit(larger(d, c)));
            let z0 = next(-3.0, 3.0);
            let pa = (next(-2.0, 2.0), next(-2.0, 2.0));
            let pb = (next(-2.0, 2.0), next(-2.0, 2.0));
            let rect = (a, b, c, d);
            assert_eq!(
                cell_max(z0, pa, pb, rect).to_bits(),
                cell_max_both(z0, pa, pb, rect).to_bits(),
                "{rect:?} {z0} {pa:?} {pb:?}"
            );
        }
    }

    #[test]
    fn the_one_cell_path_is_the_general_paths_number() {
        // Issue 13's terrain on its 1000/255 m cells; 20 000 rectangles of 0–1.5 m (rim
        // sweeps' and points'), flat and sloped: wherever the one-cell path answers, its bound
        // has the general path's bits, and it answers for most small rectangles.
        let hf = HeightField::from_fn(12, 10, 1000.0 / 255.0, DVec2::new(-20.0, -15.0), |x, y| {
            use std::f64::consts::TAU;
            0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
                + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
        })
        .unwrap();
        let mut seed = 7_u64;
        let mut next = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
        let (mut one, mut total) = (0, 0);
        for k in 0..20_000 {
            let min = DVec2::new(next(-22.0, 26.0), next(-17.0, 22.0));
            let size = if k % 10 == 0 {
                DVec2::ZERO
            } else {
                DVec2::new(next(0.0, 1.5), next(0.0, 1.5))
            };
            let slope = if k % 2 == 0 {
                DVec2::ZERO
            } else {
                DVec2::new(next(-0.3, 0.3), next(-0.3, 0.3))
            };
            let max = min + size;
            let x0 = (min.x - hf.origin.x) / hf.cell_size;
            let y0 = (min.y - hf.origin.y) / hf.cell_size;
            let x1 = (max.x - hf.origin.x) / hf.cell_size;
            let y1 = (max.y - hf.origin.y) / hf.cell_size;
            let g = slope * hf.cell_size;
            total += 1;
            if let Some(fast) = hf.one_cell_bound(x0, x1, y0, y1, g) {
                one += 1;
                let general = hf.planes_bound(x0, x1, y0, y1, g).unwrap();
                assert_eq!(fast.to_bits(), general.to_bits(), "{min} {max} {slope}");
            }
        }
        // The rectangles start over the grid 70 % of the time and stay in one cell mostly.
        assert!(one > total / 3, "{one} of {total}");
    }
}
