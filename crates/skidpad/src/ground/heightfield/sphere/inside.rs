//! The sweep whose footprint lies inside one triangle: the plane of that triangle alone, the
//! same bits as the whole sweep.
//!
//! A wheel's sphere (`r ≈ 0.33 m`) sweeping down a few decimetres covers a small part of one
//! of issue 13's 3.9 m cells. Let the **footprint** be the xy box `[p_lo − r, p_hi + r]` of
//! the centre's path `[o, e]`, `e = o + L·d` (`p_lo`, `p_hi` the path's xy box): every point
//! of the swept sphere lies above it. When the footprint lies inside the xy region of the
//! triangle `H` under `o` by a margin `m` (below), the surface under the swept sphere is `H`'s
//! plane, and the sweep of the module docs reduces to `H`'s face sweep:
//!
//! - for `H` = A (`u ≥ v`, corners `v₀₀, v₁₀, v₁₁`): `lo_y ≥ y₀ + m`, `hi_x ≤ x₁ − m` and
//!   `(p_lo,x − x₀) − (p_hi,y − y₀) ≥ √2·(r + m)` (the box's corner nearest the diagonal lies
//!   `r + m` from it); for B (`u ≤ v`, `v₀₀, v₁₁, v₀₁`) the mirror image: `lo_x ≥ x₀ + m`,
//!   `hi_y ≤ y₁ − m`, `(p_lo,y − y₀) − (p_hi,x − x₀) ≥ √2·(r + m)`; `H` is the side of the
//!   diagonal `o` lies on (`o_y − y₀ > o_x − x₀`: B, as the home bound picks it);
//! - `m = 10⁻⁸·S`, `S = 1 + r + L + |x₀,grid| + |y₀,grid| + Δ·(n_x + n_y) + Δ·(1 + G)²`
//!   (m; the grid's part kept, [`HeightField::inside_scale`]; `G` the steepest gradient).
//!
//! **Why the whole sweep gives the same bits.** Every number compared below is a handful of
//! roundings of coordinates at most `S` in size: its error is below `20·ε·S ≈ 4·10⁻¹⁵·S`,
//! `10⁶` times less than `m`. Then, with the same expressions as `sweep_sphere_with` and
//! `Sweep::cell_corners`:
//! 1. **One cell.** The box `[lo, hi]` lies inside the cell `(i, j)` of `o` (`cell_of`) by
//!    more than `m/2` on every side (A: `lo_x − x₀ ≥ p_lo,x − x₀ − r ≥ √2(r + m) + m`
//!    from the diagonal test and the bottom one; `hi_y ≤ y₁ − m − √2(r + m)` likewise), so
//!    `⌊(lo − x₀,grid)/Δ⌋ = ⌊(hi − x₀,grid)/Δ⌋ = i` (and `j`): the range is the one cell.
//! 2. **One triangle.** The diagonal cull of the other triangle compares the same computed
//!    difference (negated: exact) with `reach·√2`, `reach = r(1 + 10⁻⁹) + 10⁻⁹`, and
//!    `√2(r + m)` exceeds it by `√2(m − 10⁻⁹(1 + r)) ≫` the rounding: culled. `H`'s own
//!    value is at least that difference (monotone rounding): kept. So `both_halves` is false,
//!    the one-cell path runs, and it sweeps `H` alone (`Sweep::cell`), after the cell's z
//!    cull (the same test here: the four corners all below the sweep's box or all above it,
//!    no contact).
//! 3. **`H`'s sweep** (`Sweep::triangle`): its normal `n`, plane distance `s₀` and
//!    `plane_far` are computed here with the same expressions. Taken here only when the
//!    sphere starts above the plane and far from it (`s₀ > 0` and `plane_far`: no overlap
//!    test) and the sweep faces it (`d·n < 0`; `s₀ > r` follows); else the whole sweep runs.
//!    The face's time `t = (s₀ − r)/(−d·n)`; beyond `L` nothing is touched (`Face::Beyond`:
//!    no contact). Within, the touch point `p = o + t·d − r·n` is the contact, because
//!    `inside_triangle(p, …)` holds: `o + t·d` lies on the path (`0 < t ≤ L`) and
//!    `|r·n_xy| ≤ r`, so `p`'s xy lies inside the footprint up to `10·ε·S`, at least
//!    `m/2` inside each side of `H`; each of the test's three products
//!    `((b − a) × (p − a))·n` is the side's xy length `≥ Δ` times that distance divided by
//!    `n_z` (the z component of the cross product of two in-plane vectors is their xy
//!    cross product; `p`'s offset from the plane along `n` adds nothing), at least
//!    `Δ·m/2`, while its rounding stays below `30·ε·Δ²(1 + G)² ≪ Δ·m/2`.
//!
//! The answer is then `Sweep::contact`'s: `(t, p, n)`, the surface under `p`
//! (`surface_near`). What is skipped: the cell range's four divisions, the diagonal cull's
//! second pass, the sweep's state, the corners' second load and `inside_triangle`.
//! Tests: `tests::the_inside_path_is_the_whole_sweep` (bit for bit on seeded sweeps,
//! inside and straddling a side by 1 nm to 5 cm) and `tests::the_inside_path_by_hand` (a
//! fold between a flat cell and a ramp: inside, 1 mm short of it, straddling it).
//!
//! Tried and not kept (session 39, callgrind): the same for a footprint over the diagonal
//! on a ridge (the other triangle's third vertex not above `H`'s plane) under the home
//! bound, and for a footprint over a cell edge with every neighbour below `H`'s plane: the
//! answers kept their bits, but the checks (≈ 350–600 instructions, the bound's and the
//! neighbours') paid for themselves on fewer than half the sweeps that tried them.

use std::f64::consts::SQRT_2;

use glam::DVec3;

use super::{HeightField, plane_far};
use crate::ground::GroundHit;
use crate::ground::heightfield::{larger, real, smaller};

/// `m` per metre of `S` (module docs).
const MARGIN_PER_SCALE: f64 = 1e-8;

impl HeightField {
    /// The grid's part of the inside test's scale `S` (module docs): `|x₀| + |y₀| +
    /// Δ·(n_x + n_y) + Δ·(1 + G)²`. Unit: m.
    pub(in crate::ground::heightfield) fn inside_scale_of(
        nx: usize,
        ny: usize,
        cell_size: f64,
        origin: glam::DVec2,
        max_gradient: f64,
    ) -> f64 {
        origin.x.abs()
            + origin.y.abs()
            + cell_size * (real(nx) + real(ny))
            + cell_size * (1.0 + max_gradient).powi(2)
    }

    /// The sphere sweep from `o` (radius `r`, unit direction `d`, travel `max_t`; inputs
    /// checked, `o` in cell `cell` with corner heights `[h₀₀, h₁₀, h₀₁, h₁₁]` and above the
    /// surface there) when its footprint lies inside the triangle under `o` (module docs):
    /// `Some(answer)`, the whole sweep's answer bit for bit; `None` when the test fails or
    /// the plane is near or not faced (the whole sweep decides).
    #[inline(always)]
    #[allow(clippy::option_option)]
    pub(in crate::ground::heightfield) fn sweep_inside(
        &self,
        (o, r, d, max_t): (DVec3, f64, DVec3, f64),
        (i, j): (usize, usize),
        [h00, h10, h01, h11]: [f64; 4],
    ) -> Option<Option<GroundHit>> {
        // `sweep_sphere_with`'s path end and box, `Sweep::cell_corners`' cell sides.
        let e = o + max_t * d;
        let (p_lo, p_hi) = (o.min(e), o.max(e));
        let (lo, hi) = (p_lo - DVec3::splat(r), p_hi + DVec3::splat(r));
        let (x0, y0) = (
            self.origin.x + real(i) * self.cell_size,
            self.origin.y + real(j) * self.cell_size,
        );
        let (x1, y1) = (
            self.origin.x + real(i + 1) * self.cell_size,
            self.origin.y + real(j + 1) * self.cell_size,
        );
        let m = MARGIN_PER_SCALE * (1.0 + r + max_t + self.inside_scale);
        let on_b = o.y - y0 > o.x - x0;
        let inside = if on_b {
            lo.x >= x0 + m && hi.y <= y1 - m && (p_lo.y - y0) - (p_hi.x - x0) >= SQRT_2 * (r + m)
        } else {
            lo.y >= y0 + m && hi.x <= x1 - m && (p_lo.x - x0) - (p_hi.y - y0) >= SQRT_2 * (r + m)
        };
        if !inside {
            return None;
        }
        // The cell's z cull (`Sweep::cell_corners`): no contact.
        let (hmin, hmax) = (
            smaller(smaller(h00, h10), smaller(h01, h11)),
            larger(larger(h00, h10), larger(h01, h11)),
        );
        if hmax < lo.z || hmin > hi.z {
            return Some(None);
        }
        let (v00, v11) = (DVec3::new(x0, y0, h00), DVec3::new(x1, y1, h11));
        let (a, b, c) = if on_b {
            (v00, v11, DVec3::new(x0, y1, h01))
        } else {
            (v00, DVec3::new(x1, y0, h10), v11)
        };
        // `Sweep::triangle` and `sweep_face`, the same expressions.
        let n = (b - a).cross(c - a).normalize();
        let s0 = (o - a).dot(n);
        if !(s0 > 0.0 && plane_far(o, r, (a, b, c), s0)) {
            return None;
        }
        if !(n.x + n.y + n.z).is_finite() {
            return Some(None);
        }
        let dn = d.dot(n);
        if !(dn < 0.0 && s0 > r) {
            return None;
        }
        let t = (s0 - r) / -dn;
        if t > max_t {
            return Some(None);
        }
        let p = o + t * d - r * n;
        Some(Some(GroundHit {
            point: p,
            normal: n,
            distance: t,
            surface: self.surface_near(p),
            surface_velocity_world: self.surface_velocity_world,
        }))
    }
}

#[cfg(test)]
mod tests;
