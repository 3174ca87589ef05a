//! The ray query of a [`HeightField`]: the segment clipped to the grid's footprint, then the
//! cells it crosses walked in order of `t` with a 2-D DDA (Amanatides & Woo), both triangles
//! of each cell intersected (Möller–Trumbore, double-sided, barycentric tolerance
//! [`BARYCENTRIC_TOLERANCE`]). See the [`heightfield`](super) module docs.
//!
//! A ray starting in a cell at least one cell inside the footprint's edges first tests that
//! cell alone (a suspension ray hits there): a hit inside the cell's square is the walk's
//! first, since the walk starts in that cell and the hit lies more than a cell before the
//! segment leaves the footprint. Otherwise the walk as above.
//!
//! The start cell's corner heights are loaded once, for the inside test and its triangles,
//! and a cell's two triangles share `s = o − v₀₀` and the diagonal: the same operations on
//! the same values as main `cb948fa`'s code, which `tests` keeps as the reference and
//! compares bit for bit.

use glam::{DVec2, DVec3};

use super::{BARYCENTRIC_TOLERANCE, HeightField, index, real};
use crate::ground::GroundHit;
use crate::ground::plane::query_ok;

impl HeightField {
    /// [`Ground::cast_ray`](crate::ground::Ground::cast_ray): the first hit of the segment, walking the cells it crosses.
    pub(super) fn walk_ray(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        if !query_ok(origin, direction, max_distance) {
            return None;
        }
        self.ray_checked(origin, direction, max_distance)
    }

    /// [`HeightField::walk_ray`] of a query that passed its checks (`query_ok`: finite
    /// `origin` and `direction`, `|direction|² > 0`, finite `max_distance ≥ 0`), as the
    /// wheel's ray has (`ground::wheel::ray_of`): the same hit.
    #[inline]
    pub(crate) fn ray_checked(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        let d = direction.normalize();
        let Some((i, j)) = self.cell_of(origin.x, origin.y) else {
            return self.walk_cells(origin, d, max_distance);
        };
        // `locate`'s answer from the corner heights loaded once for both uses.
        let heights = self.corner_heights(i, j);
        if let Some((_, n)) = self.below_in(origin, heights) {
            return Some(self.hit(origin, n, 0.0, (i, j)));
        }
        // A ray starting in a cell at least one cell inside the footprint's edges: the walk
        // would start in that cell (`t₀ = 0`), and a hit of that cell's triangles lying inside
        // its square is one the walk finds there first, since it lies more than a cell before
        // the segment leaves the footprint (`t ≤ t₁` whenever `t ≤ max_distance`): the same
        // hit without the clip and the walk's set-up (`tests::the_start_cell_path_is_the_walks`).
        if i >= 1
            && j >= 1
            && i + 3 <= self.nx
            && j + 3 <= self.ny
            && let Some(hit) = self.start_cell_hit((i, j), heights, origin, d, max_distance)
        {
            return Some(hit);
        }
        self.walk_cells(origin, d, max_distance)
    }

    /// The start cell's hit of [`HeightField::walk_ray`] when it lies inside the cell's
    /// square. The corners are built from `heights` by [`HeightField::vertex`]'s expressions
    /// (the same bits), and the square's low edges are its `x₀`, `y₀`.
    #[inline(always)]
    fn start_cell_hit(
        &self,
        (i, j): (usize, usize),
        [h00, h10, h01, h11]: [f64; 4],
        o: DVec3,
        d: DVec3,
        t_max: f64,
    ) -> Option<GroundHit> {
        // `real(i) + 1` is `real(i + 1)` exactly (integers below 2³² are exact in f64).
        let (fi, fj) = (real(i), real(j));
        let (x0, x1) = (
            self.origin.x + fi * self.cell_size,
            self.origin.x + (fi + 1.0) * self.cell_size,
        );
        let (y0, y1) = (
            self.origin.y + fj * self.cell_size,
            self.origin.y + (fj + 1.0) * self.cell_size,
        );
        let corners = [
            DVec3::new(x0, y0, h00),
            DVec3::new(x1, y0, h10),
            DVec3::new(x0, y1, h01),
            DVec3::new(x1, y1, h11),
        ];
        let (t, n) = pair_hit(o, d, t_max, corners)?;
        let p = o + t * d;
        let inside =
            p.x >= x0 && p.x <= x0 + self.cell_size && p.y >= y0 && p.y <= y0 + self.cell_size;
        inside.then(|| self.hit(p, n, t, (i, j)))
    }

    /// The walk of [`HeightField::walk_ray`] from the clip on (`origin` above the surface or
    /// off the footprint, `d` unit).
    fn walk_cells(&self, origin: DVec3, d: DVec3, max_distance: f64) -> Option<GroundHit> {
        // Clip the segment to the footprint (slab test in x and y).
        let lo = self.origin;
        let hi = lo + self.cell_size * DVec2::new(real(self.nx - 1), real(self.ny - 1));
        let (mut t0, mut t1) = (0.0_f64, max_distance);
        for (o, dk, l, h) in [(origin.x, d.x, lo.x, hi.x), (origin.y, d.y, lo.y, hi.y)] {
            if dk == 0.0 {
                if o < l || o > h {
                    return None;
                }
            } else {
                let (ta, tb) = ((l - o) / dk, (h - o) / dk);
                t0 = t0.max(ta.min(tb));
                t1 = t1.min(ta.max(tb));
            }
        }
        if t0 > t1 {
            return None;
        }
        // 2-D DDA over the cells the clipped segment crosses.
        let p = origin + t0 * d;
        let fx = ((p.x - lo.x) / self.cell_size).clamp(0.0, real(self.nx - 2));
        let fy = ((p.y - lo.y) / self.cell_size).clamp(0.0, real(self.ny - 2));
        // `as usize` is `floor` for the clamped `fx, fy ≥ 0`, without a libm call.
        let (mut i, mut j) = (index(fx), index(fy));
        let axis = |o: f64, dk: f64, l: f64, k: usize| -> (f64, f64) {
            // (t of the next cell boundary, t per cell)
            if dk > 0.0 {
                (
                    (l + real(k + 1) * self.cell_size - o) / dk,
                    self.cell_size / dk,
                )
            } else if dk < 0.0 {
                (
                    (l + real(k) * self.cell_size - o) / dk,
                    -self.cell_size / dk,
                )
            } else {
                (f64::INFINITY, f64::INFINITY)
            }
        };
        // The first cell before the walk's set-up: a suspension ray usually hits there.
        if let Some((t, n)) = self.cell_hit(i, j, origin, d, t1) {
            return Some(self.hit(origin + t * d, n, t, (i, j)));
        }
        let (mut next_x, dt_x) = axis(origin.x, d.x, lo.x, i);
        let (mut next_y, dt_y) = axis(origin.y, d.y, lo.y, j);
        loop {
            if next_x <= next_y {
                if next_x > t1 {
                    return None;
                }
                next_x += dt_x;
                match step(i, d.x, self.nx - 1) {
                    Some(k) => i = k,
                    None => return None,
                }
            } else {
                if next_y > t1 {
                    return None;
                }
                next_y += dt_y;
                match step(j, d.y, self.ny - 1) {
                    Some(k) => j = k,
                    None => return None,
                }
            }
            if let Some((t, n)) = self.cell_hit(i, j, origin, d, t1) {
                return Some(self.hit(origin + t * d, n, t, (i, j)));
            }
        }
    }

    /// Nearest hit `(t, upward normal)` of the ray with the two triangles of a cell, `t ≤ t_max`.
    fn cell_hit(&self, i: usize, j: usize, o: DVec3, d: DVec3, t_max: f64) -> Option<(f64, DVec3)> {
        let corners = [
            self.vertex(i, j),
            self.vertex(i + 1, j),
            self.vertex(i, j + 1),
            self.vertex(i + 1, j + 1),
        ];
        pair_hit(o, d, t_max, corners)
    }
}

/// Nearest hit `(t, upward normal)`, `t ≤ t_max`, of the ray with a cell's two triangles
/// A = (v₀₀, v₁₀, v₁₁) and B = (v₀₀, v₁₁, v₀₁) (corners `[v₀₀, v₁₀, v₀₁, v₁₁]`); A wins a tie.
/// Each is [`ray_triangle_from`] with its vertex `a = v₀₀`, so `s = o − v₀₀` is shared, and so is
/// the diagonal `v₁₁ − v₀₀` (A's `e₂`, B's `e₁`); the normal is `e₁ × e₂` normalised, as
/// `(b − a) × (c − a)`: the same operations on the same values as testing the triangles one
/// by one.
#[inline(always)]
fn pair_hit(o: DVec3, d: DVec3, t_max: f64, corners: [DVec3; 4]) -> Option<(f64, DVec3)> {
    let [v00, v10, v01, v11] = corners;
    let s = o - v00;
    let diag = v11 - v00;
    let (e_a, e_b) = (v10 - v00, v01 - v00);
    let a = ray_triangle_from(s, d, e_a, diag).filter(|&t| t <= t_max);
    let b = ray_triangle_from(s, d, diag, e_b).filter(|&t| t <= t_max && a.is_none_or(|ta| t < ta));
    match (a, b) {
        (_, Some(t)) => Some((t, diag.cross(e_b).normalize())),
        (Some(t), None) => Some((t, e_a.cross(diag).normalize())),
        (None, None) => None,
    }
}

/// Möller–Trumbore, double-sided: ray parameter `t ≥ 0` of the hit, if any, of the ray
/// `o + t·d` with the triangle `(a, a + e₁, a + e₂)`, given `s = o − a`.
#[inline(always)]
fn ray_triangle_from(s: DVec3, d: DVec3, e1: DVec3, e2: DVec3) -> Option<f64> {
    let p = d.cross(e2);
    let det = e1.dot(p);
    if det == 0.0 || !det.is_finite() {
        return None;
    }
    let inv = 1.0 / det;
    let u = s.dot(p) * inv;
    if !(-BARYCENTRIC_TOLERANCE..=1.0 + BARYCENTRIC_TOLERANCE).contains(&u) {
        return None;
    }
    let qv = s.cross(e1);
    let v = d.dot(qv) * inv;
    if v < -BARYCENTRIC_TOLERANCE || u + v > 1.0 + BARYCENTRIC_TOLERANCE {
        return None;
    }
    let t = e2.dot(qv) * inv;
    (t >= 0.0).then_some(t)
}

/// Next cell index along an axis with direction sign `dk`, `None` when leaving `[0, cells)`.
#[inline]
fn step(k: usize, dk: f64, cells: usize) -> Option<usize> {
    if dk > 0.0 {
        (k + 1 < cells).then_some(k + 1)
    } else {
        k.checked_sub(1)
    }
}

#[cfg(test)]
mod tests;
