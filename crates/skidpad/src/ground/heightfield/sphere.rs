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
//! suspension or rim sweep (travel ≤ 1 m, radius 0.3 m) on 1–4 m cells touches 1–4 cells. A
//! long diagonal sweep across many cells tests every cell of its box (no cell walk as the ray
//! has): fine for wheels, slow for a sweep across the map. Allocation-free.

use std::f64::consts::SQRT_2;

use glam::{DVec2, DVec3};

use super::{HeightField, index, larger, real, smaller};
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
        let mut overlap: Option<(f64, DVec3, DVec3)> = None; // (|o − q|, q, normal)
        let mut first: Option<Contact> = None;
        // The centre's path in xy, and the reach of the sphere around it with the rounding
        // slack of the module docs' cell test.
        let (path_lo, path_hi) = (o.min(e).truncate(), o.max(e).truncate());
        let reach = r * (1.0 + CULL_SLACK) + CULL_SLACK;
        let path = Path {
            lo: path_lo,
            hi: path_hi,
            reach2: reach * reach,
        };
        for j in j0..=j1 {
            let y = self.origin.y + real(j) * self.cell_size;
            let dy = larger(larger(y - path_hi.y, path_lo.y - (y + self.cell_size)), 0.0);
            for i in i0..=i1 {
                let x = self.origin.x + real(i) * self.cell_size;
                let dx = larger(larger(x - path_hi.x, path_lo.x - (x + self.cell_size)), 0.0);
                if dx * dx + dy * dy > reach * reach {
                    continue;
                }
                let h = [
                    self.heights[j * self.nx + i],
                    self.heights[j * self.nx + i + 1],
                    self.heights[(j + 1) * self.nx + i],
                    self.heights[(j + 1) * self.nx + i + 1],
                ];
                let (hmin, hmax) = (
                    smaller(smaller(h[0], h[1]), smaller(h[2], h[3])),
                    larger(larger(h[0], h[1]), larger(h[2], h[3])),
                );
                if hmax < lo.z || hmin > hi.z {
                    continue;
                }
                // The diagonal cull (module docs): the highest `(x − x_c) − (y − y_c)` of the
                // path's box (A lies where it is ≥ 0) and the highest `(y − y_c) − (x − x_c)`
                // (B), `√2` times the box's distance from the triangle's half-cell.
                let side = [
                    (path_hi.x - x) - (path_lo.y - y),
                    (path_hi.y - y) - (path_lo.x - x),
                ];
                for ([a, b, c], s) in self.triangles(i, j).into_iter().zip(side) {
                    if -s > reach * SQRT_2 {
                        continue;
                    }
                    let n = (b - a).cross(c - a).normalize();
                    // The plane's distance is a lower bound of the triangle's (module docs).
                    let far = (o - a).dot(n).abs()
                        > r + CULL_SLACK
                            * (1.0
                                + (o - a).abs().element_sum()
                                + (b - a).abs().element_sum()
                                + (c - a).abs().element_sum());
                    let q = if far {
                        None
                    } else {
                        Some(closest_point_on_triangle(o, a, b, c))
                    };
                    let dist = q.map_or(f64::INFINITY, |q| (o - q).length());
                    if let Some(q) = q
                        && dist <= r
                    {
                        if overlap.is_none_or(|(best, _, _)| dist < best) {
                            overlap = Some((dist, q, overlap_normal(o, q, dist, [a, b, c], d)));
                        }
                        continue;
                    }
                    if overlap.is_some() {
                        continue;
                    }
                    let limit = first.map_or(max_t, |(t, _, _)| t);
                    if let Some(hit) = sweep_triangle(o, r, d, limit, (a, b, c), n, Some(&path))
                        && first.is_none_or(|(t, _, _)| hit.0 < t)
                    {
                        first = Some(hit);
                    }
                }
            }
        }
        let (t, point, normal) = match overlap {
            Some((_, q, n)) => (0.0, q, n),
            None => first?,
        };
        Some(GroundHit {
            point,
            normal,
            distance: t,
            surface: self.surface_near(point),
            surface_velocity_world: self.surface_velocity_world,
        })
    }
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
/// be touched: the same answer).
fn sweep_triangle(
    o: DVec3,
    r: f64,
    d: DVec3,
    max_t: f64,
    (a, b, c): (DVec3, DVec3, DVec3),
    n: DVec3,
    path: Option<&Path>,
) -> Option<Contact> {
    if !n.is_finite() {
        return None;
    }
    let s0 = (o - a).dot(n);
    let (n, s0) = if s0 < 0.0 { (-n, -s0) } else { (n, s0) };
    let dn = d.dot(n);
    if dn < 0.0 && s0 > r {
        let t = (s0 - r) / -dn;
        if t > max_t {
            // The plane is a lower bound on the distance: nothing of this triangle is reached.
            return None;
        }
        let p = o + t * d - r * n;
        if inside_triangle(p, a, b, c, n) {
            return Some((t, p, n));
        }
    }
    let mut best: Option<(f64, DVec3)> = None;
    let mut keep = |t: f64, p: DVec3| {
        if t >= 0.0 && t <= max_t && best.is_none_or(|(bt, _)| t < bt) {
            best = Some((t, p));
        }
    };
    let misses =
        |lo: DVec3, hi: DVec3| path.is_some_and(|p| p.misses(lo.truncate(), hi.truncate()));
    for (p0, p1) in [(a, b), (b, c), (c, a)] {
        if misses(p0.min(p1), p0.max(p1)) {
            continue;
        }
        if let Some((t, u)) = sweep_edge(o, r, d, p0, p1) {
            keep(t, p0 + u * (p1 - p0));
        }
    }
    for v in [a, b, c] {
        if misses(v, v) {
            continue;
        }
        if let Some(t) = sweep_point(o, r, d, v) {
            keep(t, v);
        }
    }
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
#[inline]
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
mod tests {
    use super::*;
    use crate::Pose;
    use crate::ground::{Ground, ParryGround};
    use glam::DVec2;
    use parry3d_f64::shape::SharedShape;

    /// The same triangles as a parry triangle mesh (what `HeightField::cast_sphere` used
    /// before the closed-form sweep): the reference for the comparison.
    fn mesh_of(hf: &HeightField) -> ParryGround {
        let (nx, ny) = hf.size();
        let vertices = (0..nx * ny).map(|k| hf.vertex(k % nx, k / nx)).collect();
        let mut indices = Vec::new();
        for j in 0..ny - 1 {
            for i in 0..nx - 1 {
                let k = |i: usize, j: usize| (j * nx + i) as u32;
                indices.push([k(i, j), k(i + 1, j), k(i + 1, j + 1)]);
                indices.push([k(i, j), k(i + 1, j + 1), k(i, j + 1)]);
            }
        }
        ParryGround::new(
            SharedShape::trimesh(vertices, indices).unwrap(),
            Pose::IDENTITY,
        )
    }

    /// Seeded uniform numbers in [0, 1) (64-bit LCG, Knuth's MMIX constants).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
        fn range(&mut self, lo: f64, hi: f64) -> f64 {
            lo + (hi - lo) * self.next()
        }
    }

    /// The issue 13 terrain's formula on 1.5 m cells, plus a sharp 0.4 m ridge: slopes,
    /// ridges, valleys, cell edges and vertices under 0.2–0.5 m spheres.
    fn terrain() -> HeightField {
        HeightField::from_fn(25, 21, 1.5, DVec2::new(-18.0, -15.0), |x, y| {
            use std::f64::consts::TAU;
            let ridge = if (x - 3.0).abs() < 0.1 { 0.4 } else { 0.0 };
            0.5 * (TAU * x / 6.0).sin() * (TAU * y / 4.5).sin()
                + 1.5 * (TAU * x / 31.0 + 1.0).sin() * (TAU * y / 27.0).cos()
                + ridge
        })
        .unwrap()
    }

    /// Nearest point of the ground's triangles to `p` over the cells within 1 m of it, and its
    /// distance (brute force over triangles, no sweep).
    fn nearest_ground_point(hf: &HeightField, p: DVec3) -> (DVec3, f64) {
        let (nx, ny) = hf.size();
        let (o, h) = (hf.origin(), hf.cell_size());
        let mut best = (DVec3::NAN, f64::INFINITY);
        for j in 0..ny - 1 {
            for i in 0..nx - 1 {
                let (x, y) = (o.x + i as f64 * h, o.y + j as f64 * h);
                if p.x < x - 1.0 || p.x > x + h + 1.0 || p.y < y - 1.0 || p.y > y + h + 1.0 {
                    continue;
                }
                for [a, b, c] in hf.triangles(i, j) {
                    let q = closest_point_on_triangle(p, a, b, c);
                    if (p - q).length() < best.1 {
                        best = (q, (p - q).length());
                    }
                }
            }
        }
        best
    }

    #[test]
    fn matches_the_parry_mesh_cast_on_random_sweeps() {
        let hf = terrain();
        let mesh = mesh_of(&hf);
        let mut rng = Lcg(13);
        let (mut hits, mut edge_or_vertex, mut overlaps) = (0, 0, 0);
        let (mut worst_t, mut worst_p, mut worst_n) = (0.0_f64, 0.0_f64, 0.0_f64);
        for _ in 0..4000 {
            let (x, y) = (rng.range(-16.0, 16.0), rng.range(-13.0, 13.0));
            let z = hf.height_at(x, y).unwrap() + rng.range(0.0, 1.2);
            let o = DVec3::new(x, y, z);
            let r = rng.range(0.2, 0.5);
            // Mostly down (suspension sweeps), some sideways (rim sweeps).
            let d = DVec3::new(
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-2.0, 0.3),
            )
            .normalize();
            let len = rng.range(0.05, 1.5);
            let a = hf.cast_sphere(o, r, d, len);
            let b = mesh.cast_sphere(o, r, d, len);
            let (a, b) = match (a, b) {
                (None, None) => continue,
                (Some(a), Some(b)) => (a, b),
                (a, b) => panic!("{o} r {r} d {d} len {len}: {a:?} vs parry {b:?}"),
            };
            hits += 1;
            worst_t = worst_t.max((a.distance - b.distance).abs());
            if a.distance == 0.0 {
                overlaps += 1;
                assert_eq!(b.distance, 0.0, "{o} {r} {d}");
                continue;
            }
            worst_p = worst_p.max((a.point - b.point).length());
            worst_n = worst_n.max((a.normal - b.normal).length());
            // Off a face (edge or vertex) the contact normal is not the triangle's.
            let centre = o + a.distance * d;
            if hf
                .normal_at(a.point.x, a.point.y)
                .is_none_or(|n| (a.normal - n).length() > 1e-9)
            {
                edge_or_vertex += 1;
            }
            // Independently of the sweep: at the reported travel the nearest ground point of
            // every triangle within reach is the reported point, at distance r along the normal.
            let (near, dist) = nearest_ground_point(&hf, centre);
            assert!((dist - r).abs() < 1e-12, "{o} {r} {d}: {dist} vs {r}");
            assert!((near - a.point).length() < 1e-9, "{o} {r} {d}");
            assert!((centre - r * a.normal - a.point).length() < 1e-12);
            // … and slightly earlier the sphere is clear of every triangle.
            let (_, before) = nearest_ground_point(&hf, o + 0.999 * a.distance * d);
            assert!(before > r, "{o} {r} {d}");
        }
        println!(
            "{hits} hits ({edge_or_vertex} on edges or vertices, {overlaps} overlaps): \
             |Δt| ≤ {worst_t:.2e} m, |Δp| ≤ {worst_p:.2e} m, |Δn| ≤ {worst_n:.2e}"
        );
        assert!(hits > 2000 && edge_or_vertex > 100 && overlaps > 500);
        // Where they differ, parry's GJK is the one off (the checks above are exact): its
        // iteration stops at ≈ 1e-7 m in distance, and the separating direction it reports on
        // an edge is only as good as √(that)/r ≈ 1e-3 (measured: 9.1e-7 m, 4.4e-5 m, 9.5e-4).
        assert!(worst_t < 1e-6 && worst_p < 1e-4 && worst_n < 2e-3);
    }

    #[test]
    fn vertex_edge_and_off_grid_contacts_are_exact() {
        // Spike: one 1 m vertex at (2, 2) on flat 1 m cells; the sphere r = 0.3 coming down at
        // 0.1118 m from it horizontally touches the tip (its normal, 22° from up, is inside
        // the tip's cone of 45° faces): centre z = 1 + √(r² − 0.1² − 0.05²).
        let spike = HeightField::from_fn(5, 5, 1.0, DVec2::ZERO, |x, y| {
            if x == 2.0 && y == 2.0 { 1.0 } else { 0.0 }
        })
        .unwrap();
        let r = 0.3;
        let h = spike
            .cast_sphere(DVec3::new(2.1, 2.05, 3.0), r, -DVec3::Z, 5.0)
            .unwrap();
        let zc = 1.0 + (r * r - 0.0125_f64).sqrt();
        assert!((h.distance - (3.0 - zc)).abs() < 1e-12, "{h:?}");
        assert!((h.point - DVec3::new(2.0, 2.0, 1.0)).length() < 1e-12);
        // Sideways into the spike along −x at the tip's height minus 0.1 m: the spike's faces
        // rise at 45° towards x = 2 along y = 2 (triangles either side of the row), so the
        // sphere meets the face of slope 1 … on the row y = 2 it touches the edge from
        // (3, 2, 0) to (2, 2, 1): the line x + z = 3 in that vertical plane, at distance
        // r from the centre (x_c, 2, 0.9) when x_c + 0.9 − 3 = r·√2.
        let h = spike
            .cast_sphere(DVec3::new(4.0, 2.0, 0.9), r, -DVec3::X, 5.0)
            .unwrap();
        let xc = 2.1 + r * 2f64.sqrt();
        assert!((h.distance - (4.0 - xc)).abs() < 1e-12, "{h:?}");
        // Off the grid there is no ground; a sweep from beside it onto it hits.
        assert!(
            spike
                .cast_sphere(DVec3::new(-1.0, 2.0, 0.5), r, -DVec3::Z, 5.0)
                .is_none()
        );
        let h = spike
            .cast_sphere(
                DVec3::new(-0.5, 0.5, 1.0),
                r,
                DVec3::new(1.0, 0.0, -1.0).normalize(),
                5.0,
            )
            .unwrap();
        // The centre reaches z = r at x = 0.2, over the flat first cell (clear of the grid's
        // edge x = 0 by √(0.2² + 0.3²) > r): travel √2·(1 − r).
        assert!(
            (h.distance - 2f64.sqrt() * (1.0 - r)).abs() < 1e-12,
            "{h:?}"
        );
        assert!((h.point - DVec3::new(0.2, 0.5, 0.0)).length() < 1e-12);
    }

    /// The sweep as it was before the culls (every cell of the bounding box, every
    /// triangle's closest point): the reference the culled sweep must match bit for bit.
    fn sweep_unculled(hf: &HeightField, o: DVec3, r: f64, d: DVec3, max_t: f64) -> Option<Contact> {
        let e = o + max_t * d;
        let (lo, hi) = (o.min(e) - DVec3::splat(r), o.max(e) + DVec3::splat(r));
        let (nx, ny) = hf.size();
        let range = |l: f64, h: f64, o: f64, cells: usize| -> Option<(usize, usize)> {
            let (fl, fh) = ((l - o) / hf.cell_size, (h - o) / hf.cell_size);
            if !(fh >= 0.0 && fl <= cells as f64) {
                return None;
            }
            Some((
                (fl.max(0.0) as usize).min(cells - 1),
                (fh as usize).min(cells - 1),
            ))
        };
        let (i0, i1) = range(lo.x, hi.x, hf.origin.x, nx - 1)?;
        let (j0, j1) = range(lo.y, hi.y, hf.origin.y, ny - 1)?;
        let mut overlap: Option<(f64, DVec3, DVec3)> = None;
        let mut first: Option<Contact> = None;
        for j in j0..=j1 {
            for i in i0..=i1 {
                let h = [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)]
                    .map(|(i, j)| hf.heights[j * nx + i]);
                let (hmin, hmax) = (
                    h.iter().copied().fold(f64::INFINITY, f64::min),
                    h.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                );
                if hmax < lo.z || hmin > hi.z {
                    continue;
                }
                for [a, b, c] in hf.triangles(i, j) {
                    let q = closest_point_on_triangle(o, a, b, c);
                    let dist = (o - q).length();
                    if dist <= r {
                        if overlap.is_none_or(|(best, _, _)| dist < best) {
                            overlap = Some((dist, q, overlap_normal(o, q, dist, [a, b, c], d)));
                        }
                        continue;
                    }
                    if overlap.is_some() {
                        continue;
                    }
                    let limit = first.map_or(max_t, |(t, _, _)| t);
                    let n = (b - a).cross(c - a).normalize();
                    if let Some(hit) = sweep_triangle(o, r, d, limit, (a, b, c), n, None)
                        && first.is_none_or(|(t, _, _)| hit.0 < t)
                    {
                        first = Some(hit);
                    }
                }
            }
        }
        match overlap {
            Some((_, q, n)) => Some((0.0, q, n)),
            None => first,
        }
    }

    /// Sweeps `n` random spheres (radius `r_range`, mostly down as a wheel's, some sideways
    /// and up; some starting inside the ground) over `hf` within `[lo, hi]` (xy) and asserts
    /// the culled sweep gives the unculled one's travel, point and normal bit for bit.
    /// Returns (hits, overlaps, hits whose path box keeps more than `r` from its start cell's
    /// diagonal: one triangle culled there).
    fn culled_equals_unculled(
        hf: &HeightField,
        seed: u64,
        n: usize,
        (lo, hi): (DVec2, DVec2),
        r_range: (f64, f64),
    ) -> (usize, usize, usize) {
        let mut rng = Lcg(seed);
        let (mut hits, mut overlaps, mut one_side) = (0, 0, 0);
        for k in 0..n {
            let o = DVec3::new(
                rng.range(lo.x, hi.x),
                rng.range(lo.y, hi.y),
                rng.range(-1.5, 3.0),
            );
            let r = rng.range(r_range.0, r_range.1);
            let d = if k % 4 == 0 {
                DVec3::new(
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                )
            } else {
                DVec3::new(rng.range(-0.2, 0.2), rng.range(-0.2, 0.2), -1.0)
            }
            .normalize();
            let max_t = rng.range(0.0, 2.0);
            let want = sweep_unculled(hf, o, r, d, max_t);
            let got = hf.sweep_sphere(o, r, d, max_t);
            let bits = |v: DVec3| v.to_array().map(f64::to_bits);
            match (got, want) {
                (None, None) => {}
                (Some(g), Some((t, p, n))) => {
                    assert_eq!(
                        (g.distance.to_bits(), bits(g.point), bits(g.normal)),
                        (t.to_bits(), bits(p), bits(n)),
                        "{o} {r} {d} {max_t}"
                    );
                    hits += 1;
                    overlaps += usize::from(t == 0.0);
                    // The path's box in the start cell's coordinates (m from its corner).
                    let e = o + max_t * d;
                    let h = hf.cell_size();
                    let u = |x: f64, c: f64| x - c - ((x - c) / h).floor() * h;
                    let (ox, oy) = (hf.origin().x, hf.origin().y);
                    let (x0, y0) = (u(o.x, ox), u(o.y, oy));
                    let (x1, y1) = (x0 + (e.x - o.x), y0 + (e.y - o.y));
                    let (s_lo, s_hi) = (x0.min(x1) - y0.max(y1), x0.max(x1) - y0.min(y1));
                    if s_lo > 1.5 * r || s_hi < -1.5 * r {
                        one_side += 1;
                    }
                }
                (g, w) => panic!("{o} {r} {d} {max_t}: {g:?} vs {w:?}"),
            }
        }
        (hits, overlaps, one_side)
    }

    #[test]
    fn the_culls_change_no_hit() {
        // 20 000 sweeps of 0.05–0.8 m spheres over the test terrain (1.5 m cells), and 10 000
        // of 0.25–0.4 m (wheels) over issue 13's 1000/255 m cells: the culled sweep gives the
        // unculled one's travel, point and normal bit for bit, and some cells, triangles,
        // edges and vertices were culled (hits near cell corners, spheres well above their
        // triangles' planes, wheels away from their cell's diagonal).
        let area = (DVec2::new(-17.0, -14.0), DVec2::new(17.0, 14.0));
        let (hits, overlaps, _) = culled_equals_unculled(&terrain(), 17, 20_000, area, (0.05, 0.8));
        assert!(hits > 3000 && overlaps > 500, "{hits} {overlaps}");
        let coarse =
            HeightField::from_fn(9, 8, 1000.0 / 255.0, DVec2::new(-15.0, -13.0), |x, y| {
                use std::f64::consts::TAU;
                0.5 * (TAU * x / 6.0).sin() * (TAU * y / 4.5).sin()
                    + 1.5 * (TAU * x / 31.0 + 1.0).sin() * (TAU * y / 27.0).cos()
            })
            .unwrap();
        let area = (DVec2::new(-14.0, -12.0), DVec2::new(15.0, 13.0));
        let (hits, overlaps, one_side) =
            culled_equals_unculled(&coarse, 19, 10_000, area, (0.25, 0.4));
        assert!(
            hits > 1500 && overlaps > 300 && one_side > 500,
            "{hits} {overlaps} {one_side}"
        );
    }
}
