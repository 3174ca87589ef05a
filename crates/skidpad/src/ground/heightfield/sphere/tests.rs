//! Tests of the sphere sweep: against parry's mesh cast, exact contacts, the culls and the
//! one-cell path against the unculled sweep and the cell loops, bit for bit.

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
        crate::test_rng::unit(&mut self.0)
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
/// Also asserts the one-cell path gives the cell loops' answer bit for bit. Returns (hits,
/// overlaps, hits whose path box keeps more than `r` from its start cell's diagonal: one
/// triangle culled there, hits whose bounding box lies in one interior cell: the one-cell
/// path).
fn culled_equals_unculled(
    hf: &HeightField,
    seed: u64,
    n: usize,
    (lo, hi): (DVec2, DVec2),
    r_range: (f64, f64),
) -> (usize, usize, usize, usize) {
    let mut rng = Lcg(seed);
    let (mut hits, mut overlaps, mut one_side, mut one_cell) = (0, 0, 0, 0);
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
        // The one-cell path against the cell loops, bit for bit, hit or not.
        let key =
            |g: Option<GroundHit>| g.map(|g| (g.distance.to_bits(), bits(g.point), bits(g.normal)));
        let general = hf.sweep_sphere_with(o, r, d, max_t, false);
        assert_eq!(key(got), key(general), "one cell: {o} {r} {d} {max_t}");
        let e = o + max_t * d;
        let cell = |x: f64, c: f64| ((x - c) / hf.cell_size()).floor();
        let (ox, oy) = (hf.origin().x, hf.origin().y);
        let (bl, bh) = (o.min(e) - DVec3::splat(r), o.max(e) + DVec3::splat(r));
        let inside_grid = bl.x > ox && bl.y > oy;
        one_cell += usize::from(
            got.is_some()
                && inside_grid
                && cell(bl.x, ox) == cell(bh.x, ox)
                && cell(bl.y, oy) == cell(bh.y, oy),
        );
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
    (hits, overlaps, one_side, one_cell)
}

#[test]
fn the_culls_change_no_hit() {
    // 20 000 sweeps of 0.05–0.8 m spheres over the test terrain (1.5 m cells), and 10 000
    // of 0.25–0.4 m (wheels) over issue 13's 1000/255 m cells: the culled sweep gives the
    // unculled one's travel, point and normal bit for bit, and some cells, triangles,
    // edges and vertices were culled (hits near cell corners, spheres well above their
    // triangles' planes, wheels away from their cell's diagonal).
    let area = (DVec2::new(-17.0, -14.0), DVec2::new(17.0, 14.0));
    let (hits, overlaps, _, _) = culled_equals_unculled(&terrain(), 17, 20_000, area, (0.05, 0.8));
    assert!(hits > 3000 && overlaps > 500, "{hits} {overlaps}");
    let coarse = HeightField::from_fn(9, 8, 1000.0 / 255.0, DVec2::new(-15.0, -13.0), |x, y| {
        use std::f64::consts::TAU;
        0.5 * (TAU * x / 6.0).sin() * (TAU * y / 4.5).sin()
            + 1.5 * (TAU * x / 31.0 + 1.0).sin() * (TAU * y / 27.0).cos()
    })
    .unwrap();
    let area = (DVec2::new(-14.0, -12.0), DVec2::new(15.0, 13.0));
    let (hits, overlaps, one_side, one_cell) =
        culled_equals_unculled(&coarse, 19, 10_000, area, (0.25, 0.4));
    assert!(
        hits > 1500 && overlaps > 300 && one_side > 500 && one_cell > 1500,
        "{hits} {overlaps} {one_side} {one_cell}"
    );
}

/// The home bound of the sweep `(o, r, d, max_t)` over `hf` (`home.rs`), as the cell loops
/// find it, with the cells of its range.
fn home_of(hf: &HeightField, (o, r, d, max_t): (DVec3, f64, DVec3, f64)) -> Option<home::Home> {
    let e = o + max_t * d;
    let (lo, hi) = (o.min(e) - DVec3::splat(r), o.max(e) + DVec3::splat(r));
    let cell = |x: f64, c: f64, n: usize| (((x - c) / hf.cell_size()).max(0.0) as usize).min(n - 2);
    let (nx, ny) = hf.size();
    let range = (
        cell(lo.x, hf.origin().x, nx),
        cell(hi.x, hf.origin().x, nx),
        cell(lo.y, hf.origin().y, ny),
        cell(hi.y, hf.origin().y, ny),
    );
    Sweep::new(o, r, d, max_t, e, (lo.z, hi.z)).home_in_range(hf, range)
}

#[test]
fn the_home_bound_on_a_ridge_by_hand() {
    // A ridge along x = 1 m: z = 0.1·x for x ≤ 1, 0.1·(2 − x) beyond (1 m cells, both
    // triangles of a cell in one plane). A 0.3 m sphere comes straight down from z = 1 m.
    let hf = HeightField::new(3, 2, 1.0, DVec2::ZERO, vec![0.0, 0.1, 0.0, 0.0, 0.1, 0.0]);
    let (r, d, max_t) = (0.3, -DVec3::Z, 1.0);
    let root = 1.01_f64.sqrt();
    // At x = 0.8 (its box over both cells): on the face of cell (0, 0)'s A, where the
    // centre stands r·√(1 + 0.1²) above the plane: t = (1 − 0.08) − 0.3·√1.01 m, the
    // contact 0.3·0.1/√1.01 m towards the ridge.
    let o = DVec3::new(0.8, 0.5, 1.0);
    let hit = hf.cast_sphere(o, r, d, max_t).unwrap();
    assert!(
        (hit.distance - (0.92 - 0.3 * root)).abs() < 1e-12,
        "{hit:?}"
    );
    assert!((hit.point - DVec3::new(0.8 + 0.03 / root, 0.5, 0.08 + 0.003 / root)).length() < 1e-12);
    assert!((hit.normal - DVec3::new(-0.1, 0.0, 1.0) / root).length() < 1e-12);
    // The bound: A's contact lies 0.17 m inside it; the ridge's far cell and B (in A's
    // plane) lie on or below that plane, so both are skipped.
    let home = home_of(&hf, (o, r, d, max_t)).expect("a home bound");
    assert_eq!((home.cell, home.on_b), ((0, 0), false));
    // τ = 1e-5·S, S = 1 + r + L + Δ·(1 + 2G) m with G = 0.1 (a cell rises 0.1 m in 1 m).
    assert!((home.until - hit.distance - 1e-5 * (1.0 + r + max_t + 1.0 * 1.2)).abs() < 1e-12);
    for v in [
        (1.0, 0.0, 0.1),
        (2.0, 0.0, 0.0),
        (1.0, 1.0, 0.1),
        (2.0, 1.0, 0.0),
        (0.0, 1.0, 0.0),
    ] {
        assert!(!home.above(DVec3::from(v)), "{v:?}");
    }
    let bits = |g: GroundHit| (g.distance.to_bits(), g.point.to_array().map(f64::to_bits));
    let (t, p, _) = sweep_unculled(&hf, o, r, d, max_t).unwrap();
    assert_eq!(bits(hit), (t.to_bits(), p.to_array().map(f64::to_bits)));
    // At x = 0.98 the plane's contact would lie beyond the ridge: no bound, and the sphere
    // meets the ridge line, centre 0.02 m from it: t = 1 − 0.1 − √(0.3² − 0.02²) m.
    let o = DVec3::new(0.98, 0.5, 1.0);
    assert!(home_of(&hf, (o, r, d, max_t)).is_none());
    let hit = hf.cast_sphere(o, r, d, max_t).unwrap();
    assert!(
        (hit.distance - (0.9 - (0.09f64 - 0.0004).sqrt())).abs() < 1e-12,
        "{hit:?}"
    );
    assert!((hit.point - DVec3::new(1.0, 0.5, 0.1)).length() < 1e-12);
    // A sweep not steep against the grid (−d_z − G·|d_xy| = 0.287 − 0.1·0.958 < 1/2):
    // no bound.
    let shallow = DVec3::new(1.0, 0.0, -0.3).normalize();
    assert!(home_of(&hf, (DVec3::new(0.5, 0.5, 0.5), r, shallow, max_t)).is_none());
    assert!(home_of(&hf, (DVec3::new(0.5, 0.5, 0.5), r, d, max_t)).is_some());
    // A valley instead (z = 0.1·|x − 1|): the far cell rises above A's plane, not skipped.
    let valley = HeightField::new(3, 2, 1.0, DVec2::ZERO, vec![0.1, 0.0, 0.1, 0.1, 0.0, 0.1]);
    let o = DVec3::new(0.8, 0.5, 1.0);
    let home = home_of(&valley, (o, r, d, max_t)).expect("a home bound");
    assert!(home.above(DVec3::new(2.0, 0.0, 0.1)));
}

#[test]
fn the_home_bound_changes_no_hit() {
    // 40 000 wheel-like sweeps (0.25–0.4 m, travel ≤ 0.6 m, mostly down) whose box
    // straddles a cell edge or corner, or whose path runs along its cell's diagonal, over
    // issue 13's 1000/255 m cells and over the test terrain's steep 1.5 m cells with its
    // ridge: the sweep under the home bound gives the unculled sweep's travel, point and
    // normal bit for bit; the bound is found in a quarter of them at least (coarse cells:
    // 8 284 of 20 000, 11 866 hits) and skips a neighbour cell whole in many.
    let coarse = HeightField::from_fn(9, 8, 1000.0 / 255.0, DVec2::new(-15.0, -13.0), |x, y| {
        use std::f64::consts::TAU;
        0.5 * (TAU * x / 6.0).sin() * (TAU * y / 4.5).sin()
            + 1.5 * (TAU * x / 31.0 + 1.0).sin() * (TAU * y / 27.0).cos()
    })
    .unwrap();
    for (hf, seed) in [(coarse, 23), (terrain(), 29)] {
        let mut rng = Lcg(seed);
        let (h, org) = (hf.cell_size(), hf.origin());
        let (nx, ny) = hf.size();
        let (mut homes, mut skipped, mut hits) = (0, 0, 0);
        for k in 0..20_000 {
            // Near a grid line in x, in y, both, or the cell's diagonal.
            let (ci, cj) = (
                1 + (rng.next() * (nx - 3) as f64) as usize,
                1 + (rng.next() * (ny - 3) as f64) as usize,
            );
            let (u, v) = (rng.range(-0.35, 0.35), rng.range(0.0, h));
            let (x, y) = match k % 4 {
                0 => (u, v),
                1 => (v, u),
                2 => (u, rng.range(-0.35, 0.35)),
                _ => (v, v + u),
            };
            let (x, y) = (org.x + ci as f64 * h + x, org.y + cj as f64 * h + y);
            let r = rng.range(0.25, 0.4);
            let z = hf.height_at(x, y).unwrap() + r + rng.range(-0.05, 0.6);
            let o = DVec3::new(x, y, z);
            let d = DVec3::new(rng.range(-0.15, 0.15), rng.range(-0.15, 0.15), -1.0).normalize();
            let max_t = rng.range(0.05, 0.6);
            let want = sweep_unculled(&hf, o, r, d, max_t);
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
                }
                (g, w) => panic!("{o} {r} {d} {max_t}: {g:?} vs {w:?}"),
            }
            if let Some(home) = home_of(&hf, (o, r, d, max_t)) {
                homes += 1;
                // A neighbour cell the bound skips whole: its four corners not above.
                let (i, j) = home.cell;
                let (i2, j2) = (if i + 1 < nx - 1 { i + 1 } else { i - 1 }, j);
                let corner = |a: usize, b: usize| hf.vertex(a, b);
                skipped += usize::from(
                    ![(i2, j2), (i2 + 1, j2), (i2, j2 + 1), (i2 + 1, j2 + 1)]
                        .into_iter()
                        .any(|(a, b)| home.above(corner(a, b))),
                );
            }
        }
        eprintln!("home bound: {hits} hits, {homes} bounds, {skipped} neighbours skipped");
        assert!(
            hits > 8_000 && homes > 5_000 && skipped > 1_500,
            "{hits} {homes} {skipped}"
        );
    }
}
