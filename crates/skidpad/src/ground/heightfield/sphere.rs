//! The sphere sweep of a [`HeightField`]: only the cells under the sweep's footprint, and
//! exact closed forms per triangle instead of a generic (GJK) shape cast on a triangle mesh.
//!
//! The sphere's centre moves along `c(t) = o + t·d`, `t ∈ [0, L]` (`d` unit, m); radius `r`.
//!
//! 1. **Cells**: the sweep's bounding box `[min(o, o + L·d) − r, max(o, o + L·d) + r]`
//!    projected on the grid gives the cell range; a cell whose heights all lie below the box's
//!    bottom or all above its top cannot be touched and is skipped. Cells off the grid do not
//!    exist (no ground beyond the footprint).
//!    **Culls** (each skips only work whose answer is "no contact", so every hit is bit for
//!    bit the one without them): a cell whose xy rectangle lies farther than `r` from the
//!    xy bounding box of the centre's path (the corner cells of a wheel's footprint) cannot
//!    be touched, since a contact point is within `r` of some centre; and a triangle whose
//!    plane lies farther than `r` from `o` cannot overlap the sphere at `t = 0` (the plane's
//!    distance `|(o − a)·n|` is a lower bound of the triangle's), so its closest point
//!    (below) is not computed. Three more of the same kind, in xy, from the path's bounding
//!    box: a triangle of a cell whose half (A where `u ≥ v`, B where `u ≤ v`) lies farther
//!    than `r` from the box (the box's distance from the diagonal's half-plane, its highest
//!    `±((x − x_c) − (y − y_c))/√2` below `−r`: a wheel away from its cell's diagonal sweeps
//!    one triangle, not two), and within a triangle whose face is not touched, an edge whose
//!    xy bounding box, or a vertex, farther than `r` from the path's box (the cell's outer
//!    edges and corners, when the sphere comes down inside the cell). All with the slack
//!    [`CULL_SLACK`].
//! 2. **Per triangle** `(a, b, c)` (the cell's two, built from the heights on the fly):
//!    - overlap at `t = 0`: the closest point `q` of the triangle to `o` (Ericson, *Real-Time
//!      Collision Detection* §5.1.5) with `|o − q| ≤ r`: distance 0, point `q`, normal
//!      `(o − q)/|o − q|` (the face normal towards `o` if `o` lies on the triangle). Among
//!      several overlapping triangles the deepest (smallest `|o − q|`) wins.
//!    - face: with the unit normal `n` turned towards `o` (`s₀ = (o − a)·n > 0`) and
//!      `d·n < 0`, the sphere touches the plane at `t = (s₀ − r)/(−d·n)`; the hit counts if
//!      `c(t) − r·n` lies inside the triangle. It is then the triangle's first contact.
//!    - otherwise edges and vertices: the first root of `|c(t) − x(t)|² = r²`, with `x` the
//!      nearest point of the edge's line (accepted if its parameter lies in `[0, 1]`) or the
//!      vertex, written `α t² + 2β t + γ = 0` and solved as `t = γ/(−β + √(β² − αγ))` (no
//!      cancellation; `γ > 0` because the sphere starts outside, `β < 0` when approaching).
//!
//!    The first contact over all triangles is the hit: point = the touched feature's point
//!    (`c(t) − r·n` on a face, the nearest edge point, the vertex), normal = `(c(t) − point)/r`,
//!    which points out of the ground towards the sphere.
//!
//! Exact up to round-off (≈ 1e-15 m for metre-sized geometry), where parry's GJK cast on
//! the same triangles converges to ≈ 1e-7 m in distance and lets the witness point slide
//! tangentially on a face by up to ≈ 1e-5 m (`tests::matches_the_parry_mesh_cast_on_random_sweeps`
//! measures both). Cost: `O(cells in the sweep's bounding box)`, two triangles per cell; a
//! suspension or rim sweep (travel ≤ 1 m, radius 0.3 m) on 1–4 m cells touches 1–4 cells;
//! one whose bounding box lies in one cell (most of the sedan's wheel sweeps on 3.9 m
//! cells) visits it directly, without the cell loops (the same cell, the same bits); when
//! its footprint (the box grown by `r`) lies inside the triangle under `o` by a margin,
//! [`HeightField::cast_sphere`](crate::ground::Ground::cast_sphere) sweeps that triangle's
//! plane alone, before any of this (`sphere/inside.rs`: the proof that the answer keeps its
//! bits). A
//! sweep with more than one triangle to test (its box over 2 × 2 cells at most, or both
//! triangles of its one cell) first sweeps the face of the triangle under `o`: when it is
//! touched well inside, that contact bounds the sweep, and the triangles lying below its
//! plane are skipped, the others swept with the limit it gives (`sphere/home.rs`: the proof
//! that the answer keeps its bits). A long diagonal sweep across many cells tests every cell
//! of its box (no cell walk as the ray has): fine for wheels, slow for a sweep across the
//! map. Allocation-free.

use std::f64::consts::SQRT_2;

use glam::{DVec2, DVec3};

use super::{HeightField, index, larger, real, smaller};

mod home;
mod inside;
use crate::ground::GroundHit;

/// A candidate first contact: `(t, point, normal)`.
type Contact = (f64, DVec3, DVec3);

/// Below this distance (m) of the sphere's centre to a triangle's closest point, the contact
/// normal of an overlap is the face normal (the direction `o − q` is undefined).
const MIN_OVERLAP_DIRECTION: f64 = 1e-12;

/// Relative slack of the culls (module docs, "Culls"): a cell or triangle is skipped only when
/// it lies farther than `r·(1 + slack) + slack` m (the cell) or `r + slack·(1 + L)` m (the
/// triangle's plane, `L` the L1 lengths of `o − a`, `b − a`, `c − a`) from the sphere, far
/// beyond the ≈ 1e-15 relative rounding of the distances the tests compare with `r`.
const CULL_SLACK: f64 = 1e-9;

impl HeightField {
    /// The sweep of the module docs; `d` unit, inputs already checked finite.
    pub(super) fn sweep_sphere(&self, o: DVec3, r: f64, d: DVec3, max_t: f64) -> Option<GroundHit> {
        self.sweep_sphere_with(o, r, d, max_t, true)
    }

    /// [`Self::sweep_sphere`]; with `one_cell`, a sweep whose bounding box lies in one cell
    /// (most wheel sweeps on metre-sized cells) and which tests one of its triangles visits
    /// that cell directly, without the cell loops and the xy cell cull (which never culls the
    /// one cell: the path's box lies within `r` of it). Without, every sweep takes the loops
    /// (the tests' reference).
    #[inline(always)]
    pub(super) fn sweep_sphere_with(
        &self,
        o: DVec3,
        r: f64,
        d: DVec3,
        max_t: f64,
        one_cell: bool,
    ) -> Option<GroundHit> {
        let e = o + max_t * d;
        let (lo, hi) = (o.min(e) - DVec3::splat(r), o.max(e) + DVec3::splat(r));
        let (cx, cy) = (self.nx - 1, self.ny - 1);
        let range = |l: f64, h: f64, o: f64, cells: usize| -> Option<(usize, usize)> {
            let (fl, fh) = ((l - o) / self.cell_size, (h - o) / self.cell_size);
            // `!(…)` also rejects NaN.
            if !(fh >= 0.0 && fl <= real(cells)) {
                return None;
            }
            // `as usize` is `floor` for these `≥ 0` values, without a libm call.
            let k0 = index(larger(fl, 0.0)).min(cells - 1);
            let k1 = index(fh).min(cells - 1);
            Some((k0, k1))
        };
        let (i0, i1) = range(lo.x, hi.x, self.origin.x, cx)?;
        let (j0, j1) = range(lo.y, hi.y, self.origin.y, cy)?;
        if one_cell && i0 == i1 && j0 == j1 && !self.both_halves(o, e, r, (i0, j0)) {
            let mut sweep = Sweep::new(o, r, d, max_t, e, (lo.z, hi.z));
            sweep.cell(self, i0, j0);
            sweep.contact(self)
        } else {
            self.sweep_cells(o, r, d, max_t, (e, lo.z, hi.z), (i0, i1, j0, j1))
        }
    }

    /// Whether both triangles of cell `cell` survive the diagonal cull of a sweep from `o`
    /// to `e` (the expressions of [`Sweep::cell`]'s, the same decision): then the cell
    /// loops, under the home bound (`sphere/home.rs`).
    #[inline(always)]
    fn both_halves(&self, o: DVec3, e: DVec3, r: f64, (i, j): (usize, usize)) -> bool {
        let reach = r * (1.0 + CULL_SLACK) + CULL_SLACK;
        let (path_lo, path_hi) = (o.min(e).truncate(), o.max(e).truncate());
        let (x, y) = (
            self.origin.x + real(i) * self.cell_size,
            self.origin.y + real(j) * self.cell_size,
        );
        let culled = |s: f64| -s > reach * SQRT_2;
        !culled((path_hi.x - x) - (path_lo.y - y)) && !culled((path_hi.y - y) - (path_lo.x - x))
    }

    /// The cells `i0..=i1` × `j0..=j1` of the sweep (the module docs' box, its z range
    /// `(z_lo, z_hi)`, and the path's end `e`), row by row, those out of the sphere's xy
    /// reach culled; a 2 × 2 block at most under the home bound (`sphere/home.rs`). Out of
    /// line: the one-cell sweep keeps its state in registers (≈ 20 instructions a sweep
    /// less than with the loops beside it, callgrind).
    #[inline(never)]
    fn sweep_cells(
        &self,
        o: DVec3,
        r: f64,
        d: DVec3,
        max_t: f64,
        (e, z_lo, z_hi): (DVec3, f64, f64),
        (i0, i1, j0, j1): (usize, usize, usize, usize),
    ) -> Option<GroundHit> {
        let mut sweep = Sweep::new(o, r, d, max_t, e, (z_lo, z_hi));
        let home = if i1 - i0 <= 1 && j1 - j0 <= 1 {
            sweep.home_in_range(self, (i0, i1, j0, j1))
        } else {
            None
        };
        let (path_lo, path_hi, reach) = (sweep.path.lo, sweep.path.hi, sweep.reach);
        for j in j0..=j1 {
            let y = self.origin.y + real(j) * self.cell_size;
            let dy = larger(larger(y - path_hi.y, path_lo.y - (y + self.cell_size)), 0.0);
            for i in i0..=i1 {
                let x = self.origin.x + real(i) * self.cell_size;
                let dx = larger(larger(x - path_hi.x, path_lo.x - (x + self.cell_size)), 0.0);
                if dx * dx + dy * dy > reach * reach {
                    continue;
                }
                match &home {
                    Some(h) => sweep.cell_near_home(self, i, j, h),
                    None => sweep.cell(self, i, j),
                }
            }
        }
        sweep.contact(self)
    }
}

/// One sphere sweep's inputs, culls and best contacts so far, visited cell by cell.
struct Sweep {
    o: DVec3,
    r: f64,
    d: DVec3,
    max_t: f64,
    /// The sweep's bounding box in z: `(bottom, top)` (m).
    z: (f64, f64),
    path: Path,
    /// The sphere's xy reach around the path (m, with the cull slack).
    reach: f64,
    /// The deepest overlap at `t = 0`: `(|o − q|, q, normal)`.
    overlap: Option<(f64, DVec3, DVec3)>,
    /// The first contact of a sphere starting clear.
    first: Option<Contact>,
}

impl Sweep {
    /// A sweep from `o` to `e` (`o + max_t·d`) with the box's z range `z`, nothing found
    /// yet: the centre's path in xy, and the reach of the sphere around it with the rounding
    /// slack of the module docs' cell test.
    #[inline(always)]
    fn new(o: DVec3, r: f64, d: DVec3, max_t: f64, e: DVec3, z: (f64, f64)) -> Self {
        let reach = r * (1.0 + CULL_SLACK) + CULL_SLACK;
        Sweep {
            o,
            r,
            d,
            max_t,
            z,
            path: Path {
                lo: o.min(e).truncate(),
                hi: o.max(e).truncate(),
                reach2: reach * reach,
            },
            reach,
            overlap: None,
            first: None,
        }
    }

    /// The sweep's answer (module docs): the deepest overlap, else the first contact.
    #[inline(always)]
    fn contact(self, hf: &HeightField) -> Option<GroundHit> {
        let (t, point, normal) = match self.overlap {
            Some((_, q, n)) => (0.0, q, n),
            None => self.first?,
        };
        Some(GroundHit {
            point,
            normal,
            distance: t,
            surface: hf.surface_near(point),
            surface_velocity_world: hf.surface_velocity_world,
        })
    }

    /// Sweeps the two triangles of cell `(i, j)` (module docs, 1 and 2), built from the
    /// cell's four heights as loaded for its z cull (the vertices of
    /// [`HeightField::triangles`], the same numbers).
    #[inline(always)]
    fn cell(&mut self, hf: &HeightField, i: usize, j: usize) {
        let Some(([v00, v10, v01, v11], (sweep_a, sweep_b))) = self.cell_corners(hf, i, j) else {
            return;
        };
        // The two triangles one after the other (A first, as the tests' reference sweeps
        // them).
        if sweep_a {
            self.triangle(v00, v10, v11);
        }
        if sweep_b {
            self.triangle(v00, v11, v01);
        }
    }

    /// Cell `(i, j)`'s corners `[v₀₀, v₁₀, v₀₁, v₁₁]` (the vertices of
    /// [`HeightField::triangles`], the same numbers) and whether its triangles A and B
    /// survive the diagonal cull (module docs); `None` when its heights all lie below the
    /// sweep's box or all above it.
    #[inline(always)]
    fn cell_corners(
        &self,
        hf: &HeightField,
        i: usize,
        j: usize,
    ) -> Option<([DVec3; 4], (bool, bool))> {
        let h = [
            hf.heights[j * hf.nx + i],
            hf.heights[j * hf.nx + i + 1],
            hf.heights[(j + 1) * hf.nx + i],
            hf.heights[(j + 1) * hf.nx + i + 1],
        ];
        let (hmin, hmax) = (
            smaller(smaller(h[0], h[1]), smaller(h[2], h[3])),
            larger(larger(h[0], h[1]), larger(h[2], h[3])),
        );
        if hmax < self.z.0 || hmin > self.z.1 {
            return None;
        }
        let (x, y) = (
            hf.origin.x + real(i) * hf.cell_size,
            hf.origin.y + real(j) * hf.cell_size,
        );
        let (x1, y1) = (
            hf.origin.x + real(i + 1) * hf.cell_size,
            hf.origin.y + real(j + 1) * hf.cell_size,
        );
        let v = [
            DVec3::new(x, y, h[0]),
            DVec3::new(x1, y, h[1]),
            DVec3::new(x, y1, h[2]),
            DVec3::new(x1, y1, h[3]),
        ];
        // The diagonal cull (module docs): the highest `(x − x_c) − (y − y_c)` of the
        // path's box (A lies where it is ≥ 0) and the highest `(y − y_c) − (x − x_c)`
        // (B), `√2` times the box's distance from the triangle's half-cell.
        let (path_lo, path_hi) = (self.path.lo, self.path.hi);
        let reach = self.reach;
        let culled = |s: f64| -s > reach * SQRT_2;
        Some((
            v,
            (
                !culled((path_hi.x - x) - (path_lo.y - y)),
                !culled((path_hi.y - y) - (path_lo.x - x)),
            ),
        ))
    }

    /// Sweeps one triangle `(a, b, c)` of a cell (module docs, 2): its overlap at `t = 0`
    /// unless its plane lies out of reach, else (no overlap found so far) its first contact.
    #[inline(always)]
    fn triangle(&mut self, a: DVec3, b: DVec3, c: DVec3) {
        let (o, r, d) = (self.o, self.r, self.d);
        let n = (b - a).cross(c - a).normalize();
        // The plane's signed distance; its size is a lower bound of the triangle's distance
        // (module docs), and `sweep_face` starts from it.
        let s0 = (o - a).dot(n);
        if !plane_far(o, r, (a, b, c), s0) {
            let q = closest_point_on_triangle(o, a, b, c);
            let dist = (o - q).length();
            if dist <= r {
                if self.overlap.is_none_or(|(best, _, _)| dist < best) {
                    self.overlap = Some((dist, q, overlap_normal(o, q, dist, [a, b, c], d)));
                }
                return;
            }
        }
        if self.overlap.is_some() {
            return;
        }
        let limit = self.first.map_or(self.max_t, |(t, _, _)| t);
        let hit = match sweep_face(o, r, d, limit, (a, b, c), n, s0) {
            Face::Hit(hit) => hit,
            Face::Beyond => return,
            Face::Missed => match sweep_edges(o, r, d, limit, (a, b, c), Some(&self.path)) {
                Some(hit) => hit,
                None => return,
            },
        };
        if self.first.is_none_or(|(t, _, _)| hit.0 < t) {
            self.first = Some(hit);
        }
    }
}

/// Whether the plane of triangle `(a, b, c)`, at signed distance `s0` from `o`, lies farther
/// than `r` from `o` by more than the cull slack (module docs): then the triangle cannot
/// overlap the sphere at `t = 0`.
#[inline(always)]
fn plane_far(o: DVec3, r: f64, (a, b, c): (DVec3, DVec3, DVec3), s0: f64) -> bool {
    s0.abs()
        > r + CULL_SLACK
            * (1.0
                + (o - a).abs().element_sum()
                + (b - a).abs().element_sum()
                + (c - a).abs().element_sum())
}

/// The xy bounding box `[lo, hi]` of the centre's path and the square of the sphere's reach
/// around it (radius plus the cull slack): the edge and vertex culls (module docs).
struct Path {
    lo: DVec2,
    hi: DVec2,
    reach2: f64,
}

impl Path {
    /// Whether the xy box `[lo, hi]` lies farther than the reach from the path's box (then no
    /// point in it can be touched: a contact point is within `r` of the centre in xy too).
    #[inline]
    fn misses(&self, lo: DVec2, hi: DVec2) -> bool {
        let g = (lo - self.hi).max(self.lo - hi).max(DVec2::ZERO);
        g.length_squared() > self.reach2
    }
}

/// First contact `(t, point, normal)` with `t ≤ max_t` of a sphere (centre `o + t·d`, radius
/// `r`, starting clear of the triangle) with triangle `(a, b, c)` of unit normal
/// `n = normalize((b − a) × (c − a))`: face, else edges and vertices (module docs). With
/// `path`, the edges and vertices out of the sphere's xy reach are not swept (they cannot
/// be touched: the same answer). The tests' reference; the sweep itself calls its two
/// halves, [`sweep_face`] and [`sweep_edges`], with the plane's distance it computed for its
/// cull (the same number as here).
#[cfg(test)]
fn sweep_triangle(
    o: DVec3,
    r: f64,
    d: DVec3,
    max_t: f64,
    (a, b, c): (DVec3, DVec3, DVec3),
    n: DVec3,
    path: Option<&Path>,
) -> Option<Contact> {
    match sweep_face(o, r, d, max_t, (a, b, c), n, (o - a).dot(n)) {
        Face::Hit(hit) => Some(hit),
        Face::Beyond => None,
        Face::Missed => sweep_edges(o, r, d, max_t, (a, b, c), path),
    }
}

/// The face half of a triangle's sweep ([`sweep_triangle`]'s first step).
enum Face {
    /// The sphere touches the face first: the triangle's first contact.
    Hit(Contact),
    /// Nothing of the triangle within `max_t` (the plane is reached later, or `n` is not
    /// finite: a degenerate triangle).
    Beyond,
    /// The face is not touched: the edges and vertices decide ([`sweep_edges`]).
    Missed,
}

/// The face test of the module docs for triangle `(a, b, c)` of unit normal `n` with the
/// centre's signed plane distance `s0 = (o − a)·n`: the contact if the sphere touches the face
/// within `max_t`, [`Face::Beyond`] if the plane (a lower bound of the triangle's distance)
/// lies beyond `max_t` or `n` is not finite.
#[inline(always)]
fn sweep_face(
    o: DVec3,
    r: f64,
    d: DVec3,
    max_t: f64,
    (a, b, c): (DVec3, DVec3, DVec3),
    n: DVec3,
    s0: f64,
) -> Face {
    // `n` is finite exactly when the sum of its components is: a non-finite component makes
    // the sum ±∞ or NaN, and finite ones are at most 1 in size (a normalised vector), so
    // their sum is finite. One test instead of three (the same decision as `is_finite`).
    if !(n.x + n.y + n.z).is_finite() {
        return Face::Beyond;
    }
    let (n, s0) = if s0 < 0.0 { (-n, -s0) } else { (n, s0) };
    let dn = d.dot(n);
    if dn < 0.0 && s0 > r {
        let t = (s0 - r) / -dn;
        if t > max_t {
            // The plane is a lower bound on the distance: nothing of this triangle is reached.
            return Face::Beyond;
        }
        let p = o + t * d - r * n;
        if inside_triangle(p, a, b, c, n) {
            return Face::Hit((t, p, n));
        }
    }
    Face::Missed
}

/// The edges and vertices of triangle `(a, b, c)` ([`sweep_triangle`] after a missed face):
/// the first root over the three edges and three vertices within `max_t`, those out of the
/// path's reach skipped.
#[inline(never)]
fn sweep_edges(
    o: DVec3,
    r: f64,
    d: DVec3,
    max_t: f64,
    (a, b, c): (DVec3, DVec3, DVec3),
    path: Option<&Path>,
) -> Option<Contact> {
    let mut best: Option<(f64, DVec3)> = None;
    let mut keep = |t: f64, p: DVec3| {
        if t >= 0.0 && t <= max_t && best.is_none_or(|(bt, _)| t < bt) {
            best = Some((t, p));
        }
    };
    let misses =
        |lo: DVec3, hi: DVec3| path.is_some_and(|p| p.misses(lo.truncate(), hi.truncate()));
    // Edges (a, b), (b, c), (c, a), then vertices a, b, c, in that order (ties keep the
    // first), written out: no array of pairs to copy.
    let mut edge = |p0: DVec3, p1: DVec3| {
        if !misses(p0.min(p1), p0.max(p1))
            && let Some((t, u)) = sweep_edge(o, r, d, p0, p1)
        {
            keep(t, p0 + u * (p1 - p0));
        }
    };
    edge(a, b);
    edge(b, c);
    edge(c, a);
    let mut vertex = |v: DVec3| {
        if !misses(v, v)
            && let Some(t) = sweep_point(o, r, d, v)
        {
            keep(t, v);
        }
    };
    vertex(a);
    vertex(b);
    vertex(c);
    let (t, p) = best?;
    Some((t, p, (o + t * d - p) / r))
}

/// First `t ≥ 0` with `|o + t·d − v| = r` for a centre starting outside (`|o − v| > r`):
/// `t² + 2βt + γ = 0`, `β = (o − v)·d`, `γ = |o − v|² − r²`.
#[inline]
fn sweep_point(o: DVec3, r: f64, d: DVec3, v: DVec3) -> Option<f64> {
    let m = o - v;
    let beta = m.dot(d);
    let gamma = m.length_squared() - r * r;
    let disc = beta * beta - gamma;
    (beta < 0.0 && gamma > 0.0 && disc >= 0.0).then(|| gamma / (-beta + disc.sqrt()))
}

/// First `t ≥ 0` at which the centre comes within `r` of the line through `p0`, `p1`, with
/// the nearest line point's parameter `u ∈ [0, 1]` (on the segment): `(t, u)`. With
/// `e = p1 − p0`, `m = o − p0`: `|e|²·|m + t d|² − ((m + t d)·e)² = |e|² r²`.
#[inline]
fn sweep_edge(o: DVec3, r: f64, d: DVec3, p0: DVec3, p1: DVec3) -> Option<(f64, f64)> {
    let e = p1 - p0;
    let m = o - p0;
    let (ee, me, de) = (e.length_squared(), m.dot(e), d.dot(e));
    let alpha = ee - de * de;
    let beta = ee * m.dot(d) - me * de;
    let gamma = ee * (m.length_squared() - r * r) - me * me;
    let disc = beta * beta - alpha * gamma;
    if !(alpha > 0.0 && beta < 0.0 && gamma > 0.0 && disc >= 0.0) {
        return None;
    }
    let t = gamma / (-beta + disc.sqrt());
    let u = (me + t * de) / ee;
    (0.0..=1.0).contains(&u).then_some((t, u))
}

/// `p` (on the plane of `(a, b, c)` with unit normal `n`) lies inside or on the triangle:
/// the three edge cross products agree in sign with `n`.
#[inline(always)]
fn inside_triangle(p: DVec3, a: DVec3, b: DVec3, c: DVec3, n: DVec3) -> bool {
    (b - a).cross(p - a).dot(n) >= 0.0
        && (c - b).cross(p - b).dot(n) >= 0.0
        && (a - c).cross(p - c).dot(n) >= 0.0
}

/// Closest point of triangle `(a, b, c)` to `p` (Ericson, *Real-Time Collision Detection*,
/// §5.1.5: Voronoi regions of the vertices, edges and face).
#[inline]
fn closest_point_on_triangle(p: DVec3, a: DVec3, b: DVec3, c: DVec3) -> DVec3 {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(ap), ac.dot(ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(bp), ac.dot(bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return a + d1 / (d1 - d3) * ab;
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(cp), ac.dot(cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return a + d2 / (d2 - d6) * ac;
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        return b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b);
    }
    let denom = 1.0 / (va + vb + vc);
    a + ab * (vb * denom) + ac * (vc * denom)
}

/// The push-out direction of a sphere centred at `o` that overlaps triangle `[a, b, c]` with
/// its closest point `q` at `dist`: away from `q`, or (centre on the triangle) the triangle's
/// normal facing against the sweep direction `d`.
fn overlap_normal(o: DVec3, q: DVec3, dist: f64, [a, b, c]: [DVec3; 3], d: DVec3) -> DVec3 {
    if dist > MIN_OVERLAP_DIRECTION {
        (o - q) / dist
    } else {
        let n = (b - a).cross(c - a).normalize();
        if n.dot(d) > 0.0 { -n } else { n }
    }
}

#[cfg(test)]
mod tests;
