//! The ray query of a [`HeightField`]: the segment clipped to the grid's footprint, then the
//! cells it crosses walked in order of `t` with a 2-D DDA (Amanatides & Woo), both triangles
//! of each cell intersected (Möller–Trumbore, double-sided, barycentric tolerance
//! [`BARYCENTRIC_TOLERANCE`]). See the [`heightfield`](super) module docs.

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
        let d = direction.normalize();
        if let Some((_, n, cell)) = self.surface_above(origin) {
            return Some(self.hit(origin, n, 0.0, cell));
        }
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
        let mut best: Option<(f64, DVec3)> = None;
        for [a, b, c] in self.triangles(i, j) {
            if let Some(t) = ray_triangle(o, d, a, b, c)
                && t <= t_max
                && best.is_none_or(|(bt, _)| t < bt)
            {
                best = Some((t, (b - a).cross(c - a).normalize()));
            }
        }
        best
    }
}

/// Möller–Trumbore, double-sided: ray parameter `t ≥ 0` of the hit, if any.
#[inline]
fn ray_triangle(o: DVec3, d: DVec3, a: DVec3, b: DVec3, c: DVec3) -> Option<f64> {
    let e1 = b - a;
    let e2 = c - a;
    let p = d.cross(e2);
    let det = e1.dot(p);
    if det == 0.0 || !det.is_finite() {
        return None;
    }
    let inv = 1.0 / det;
    let s = o - a;
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
