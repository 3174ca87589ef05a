//! The ray query against the code it replaced (main `cb948fa`'s `walk_ray`, kept here
//! verbatim as the reference): bit for bit on seeded random rays over issue 13's terrain and a
//! rough random grid, and on hand-placed rays through a cell's corner, along its edges and
//! diagonal, at the footprint's border and off it.

use super::*;

/// Main `cb948fa`'s ray query: `locate`, the start cell's two triangles one by one, then the
/// walk (clip, DDA, each cell's triangles one by one).
mod reference {
    use super::super::super::{BARYCENTRIC_TOLERANCE, HeightField, index, real};
    use crate::ground::GroundHit;
    use crate::ground::plane::query_ok;
    use glam::{DVec2, DVec3};

    pub(super) fn walk_ray(
        hf: &HeightField,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        if !query_ok(origin, direction, max_distance) {
            return None;
        }
        let d = direction.normalize();
        let start = match hf.locate(origin) {
            Some((cell, Some((_, n)))) => return Some(hf.hit(origin, n, 0.0, cell)),
            Some((cell, None)) => Some(cell),
            None => None,
        };
        if let Some((i, j)) = start
            && i >= 1
            && j >= 1
            && i + 3 <= hf.nx
            && j + 3 <= hf.ny
            && let Some((t, n)) = cell_hit(hf, i, j, origin, d, max_distance)
        {
            let p = origin + t * d;
            let x = hf.origin.x + real(i) * hf.cell_size;
            let y = hf.origin.y + real(j) * hf.cell_size;
            if p.x >= x && p.x <= x + hf.cell_size && p.y >= y && p.y <= y + hf.cell_size {
                return Some(hf.hit(p, n, t, (i, j)));
            }
        }
        walk_cells(hf, origin, d, max_distance)
    }

    pub(super) fn walk_cells(
        hf: &HeightField,
        origin: DVec3,
        d: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        let lo = hf.origin;
        let hi = lo + hf.cell_size * DVec2::new(real(hf.nx - 1), real(hf.ny - 1));
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
        let p = origin + t0 * d;
        let fx = ((p.x - lo.x) / hf.cell_size).clamp(0.0, real(hf.nx - 2));
        let fy = ((p.y - lo.y) / hf.cell_size).clamp(0.0, real(hf.ny - 2));
        let (mut i, mut j) = (index(fx), index(fy));
        let axis = |o: f64, dk: f64, l: f64, k: usize| -> (f64, f64) {
            if dk > 0.0 {
                ((l + real(k + 1) * hf.cell_size - o) / dk, hf.cell_size / dk)
            } else if dk < 0.0 {
                ((l + real(k) * hf.cell_size - o) / dk, -hf.cell_size / dk)
            } else {
                (f64::INFINITY, f64::INFINITY)
            }
        };
        if let Some((t, n)) = cell_hit(hf, i, j, origin, d, t1) {
            return Some(hf.hit(origin + t * d, n, t, (i, j)));
        }
        let (mut next_x, dt_x) = axis(origin.x, d.x, lo.x, i);
        let (mut next_y, dt_y) = axis(origin.y, d.y, lo.y, j);
        loop {
            if next_x <= next_y {
                if next_x > t1 {
                    return None;
                }
                next_x += dt_x;
                match super::step(i, d.x, hf.nx - 1) {
                    Some(k) => i = k,
                    None => return None,
                }
            } else {
                if next_y > t1 {
                    return None;
                }
                next_y += dt_y;
                match super::step(j, d.y, hf.ny - 1) {
                    Some(k) => j = k,
                    None => return None,
                }
            }
            if let Some((t, n)) = cell_hit(hf, i, j, origin, d, t1) {
                return Some(hf.hit(origin + t * d, n, t, (i, j)));
            }
        }
    }

    fn cell_hit(
        hf: &HeightField,
        i: usize,
        j: usize,
        o: DVec3,
        d: DVec3,
        t_max: f64,
    ) -> Option<(f64, DVec3)> {
        let mut best: Option<(f64, DVec3)> = None;
        for [a, b, c] in hf.triangles(i, j) {
            if let Some(t) = ray_triangle(o, d, a, b, c)
                && t <= t_max
                && best.is_none_or(|(bt, _)| t < bt)
            {
                best = Some((t, (b - a).cross(c - a).normalize()));
            }
        }
        best
    }

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
}

/// The hit's bits: distance, point, normal, surface.
fn key(h: &GroundHit) -> (u64, [u64; 3], [u64; 3], crate::ground::SurfaceId) {
    let bits = |v: DVec3| v.to_array().map(f64::to_bits);
    (
        h.distance.to_bits(),
        bits(h.point),
        bits(h.normal),
        h.surface,
    )
}

/// `walk_ray` against the reference on one ray; true if it hit.
fn same(hf: &HeightField, o: DVec3, d: DVec3, len: f64) -> bool {
    let got = hf.walk_ray(o, d, len);
    let want = reference::walk_ray(hf, o, d, len);
    assert_eq!(
        got.as_ref().map(key),
        want.as_ref().map(key),
        "{o} {d} {len}"
    );
    got.is_some()
}

/// Issue 13's terrain formula on its 1000/255 m cells, a sharp ridge added (a small grid).
fn ridged() -> HeightField {
    HeightField::from_fn(10, 9, 1000.0 / 255.0, DVec2::new(-20.0, -15.0), |x, y| {
        use std::f64::consts::TAU;
        let ridge = if (x - 3.0).abs() < 1.0 { 0.8 } else { 0.0 };
        0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
            + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
            + ridge
    })
    .unwrap()
}

/// The bench's heightfield: 256 × 256 samples of issue 13's terrain over 1 km, centred.
fn bench_field() -> HeightField {
    use std::f64::consts::TAU;
    HeightField::from_fn(
        256,
        256,
        1000.0 / 255.0,
        DVec2::new(-500.0, -500.0),
        |x, y| {
            0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
                + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
        },
    )
    .unwrap()
}

/// A rough random grid: 24 × 20 samples of 0.5 m, heights uniform in ±0.8 m (slopes up to
/// ≈ 3), with a few flat patches (equal heights) and a 2 m step.
fn rough() -> HeightField {
    let mut seed = 5_u64;
    let mut h: Vec<f64> = (0..24 * 20)
        .map(|_| crate::test_rng::uniform(&mut seed, -0.8, 0.8))
        .collect();
    for k in [30, 31, 54, 55, 100, 101, 102, 124, 125, 126] {
        h[k] = 0.25;
    }
    for row in h.chunks_mut(24).skip(12) {
        row[17] += 2.0;
    }
    HeightField::new(24, 20, 0.5, DVec2::new(-3.0, 1.0), h)
}

/// Seeded rays over `hf`'s footprint and a margin: mostly down as a suspension's (tilted up
/// to `tilt`), some oblique, some nearly horizontal, some up; origins above and below the
/// surface.
fn random_rays(hf: &HeightField, seed: u64, count: usize, tilt: f64, z: (f64, f64)) -> usize {
    let mut seed = seed;
    let mut next = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let (nx, ny) = hf.size();
    let (lo, cs) = (hf.origin(), hf.cell_size());
    let hi = lo + cs * DVec2::new((nx - 1) as f64, (ny - 1) as f64);
    let mut hits = 0;
    for k in 0..count {
        let o = DVec3::new(
            next(lo.x - cs, hi.x + cs),
            next(lo.y - cs, hi.y + cs),
            next(z.0, z.1),
        );
        let d = match k % 6 {
            0 => DVec3::new(next(-1.0, 1.0), next(-1.0, 1.0), next(-1.0, 1.0)),
            1 => DVec3::new(next(-1.0, 1.0), next(-1.0, 1.0), next(-0.05, 0.0)),
            2 => DVec3::new(next(-1e-9, 1e-9), next(-1e-9, 1e-9), -1.0),
            _ => DVec3::new(next(-tilt, tilt), next(-tilt, tilt), -1.0),
        };
        hits += usize::from(same(hf, o, d, next(0.0, 6.0)));
    }
    hits
}

#[test]
fn the_ray_is_the_reference_on_random_rays() {
    // Measured: 6 550, 6 677 and 14 848 hits of 12 000, 12 000 and 20 000 rays, then
    // 13 999 of 20 000 suspension rays near the cars' start.
    let hits = random_rays(&ridged(), 11, 12_000, 0.4, (-2.0, 3.5));
    assert!(hits > 5000, "{hits}");
    let hits = random_rays(&rough(), 12, 12_000, 0.6, (-1.5, 3.5));
    assert!(hits > 5000, "{hits}");
    // The bench's field: rays near the cars' area and the whole footprint.
    let hf = bench_field();
    let hits = random_rays(&hf, 13, 20_000, 0.1, (-2.0, 2.5));
    assert!(hits > 10_000, "{hits}");
    let mut seed = 14_u64;
    let mut next = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let mut hits = 0;
    for _ in 0..20_000 {
        let (x, y) = (next(-80.0, 40.0), next(-40.0, 40.0));
        let z = hf.height_at(x, y).unwrap() + next(-0.05, 0.8);
        let d = DVec3::new(next(-0.05, 0.05), next(-0.05, 0.05), -1.0);
        hits += usize::from(same(&hf, DVec3::new(x, y, z), d, next(0.2, 0.9)));
    }
    assert!(hits > 12_000, "{hits}");
}

#[test]
fn the_ray_is_the_reference_at_corners_edges_and_borders() {
    // Hand-placed: rays through a sample (the cell corner shared by four cells), along a cell
    // edge (in x and in y, vertical and sliding along it), along the diagonal, in the border
    // cells, on the far edges, just off the footprint, and starting under the surface. Each
    // hits or misses as the reference does, bit for bit; the vertical ones at a corner hit
    // the sample's height.
    for hf in [ridged(), rough(), bench_field()] {
        let (nx, ny) = hf.size();
        let (lo, cs) = (hf.origin(), hf.cell_size());
        let x = |i: usize| lo.x + i as f64 * cs;
        let y = |j: usize| lo.y + j as f64 * cs;
        let mut cells = vec![(0, 0), (1, 1), (2, 3), (nx - 2, ny - 2), (nx - 3, 1)];
        cells.extend([(nx / 2, ny / 2), (1, ny - 3), (0, ny - 2)]);
        for (i, j) in cells {
            let h = hf.heights()[j * nx + i];
            let corner = DVec3::new(x(i), y(j), h + 1.0);
            let dirs = [
                -DVec3::Z,
                DVec3::new(0.3, 0.0, -1.0),
                DVec3::new(0.0, -0.3, -1.0),
                DVec3::new(0.2, 0.2, -1.0),
                DVec3::new(-0.2, -0.2, -1.0),
                DVec3::new(1.0, 0.0, 0.0),
                DVec3::new(0.0, 1.0, -0.01),
            ];
            let starts = [
                corner,
                DVec3::new(x(i) + 0.5 * cs, y(j), h + 1.0),
                DVec3::new(x(i), y(j) + 0.5 * cs, h + 1.0),
                DVec3::new(x(i) + 0.3 * cs, y(j) + 0.3 * cs, h + 1.0),
                DVec3::new(x(i) + 0.7 * cs, y(j) + 0.2 * cs, h - 3.0),
                DVec3::new(x(i) - 1e-12, y(j) + 0.5 * cs, h + 1.0),
            ];
            for o in starts {
                for d in dirs {
                    same(&hf, o, d, 4.0);
                }
            }
            let hit = hf.walk_ray(corner, -DVec3::Z, 4.0).unwrap();
            assert!((hit.point.z - h).abs() < 1e-12, "{i} {j}");
        }
        // The far edges (on the footprint), just off them, and far off.
        let (ex, ey) = (x(nx - 1), y(ny - 1));
        for o in [
            DVec3::new(ex, 0.5 * (lo.y + ey), 3.0),
            DVec3::new(0.5 * (lo.x + ex), ey, 3.0),
            DVec3::new(ex, ey, 3.0),
            DVec3::new(ex + 1e-9, ey, 3.0),
            DVec3::new(lo.x - 1e-9, lo.y, 3.0),
            DVec3::new(lo.x - 5.0, lo.y + cs, 3.0),
        ] {
            for d in [
                -DVec3::Z,
                DVec3::new(-1.0, 0.0, -0.5),
                DVec3::new(1.0, 1.0, -0.5),
            ] {
                same(&hf, o, d, 20.0);
            }
        }
        assert!(
            hf.walk_ray(DVec3::new(ex, ey, 3.0), -DVec3::Z, 20.0)
                .is_some()
        );
        assert!(
            hf.walk_ray(DVec3::new(ex + 1e-9, ey, 3.0), -DVec3::Z, 20.0)
                .is_none()
        );
    }
}

#[test]
fn the_start_cell_path_is_the_walks() {
    // 40 000 rays over issue 13's terrain formula on its 1000/255 m cells, a sharp ridge
    // added, from all over the grid (border cells, off the grid, above and below the
    // surface), mostly down as a suspension's (tilted up to 0.4), some oblique and some
    // up, 0–6 m long: `walk_ray` (the start-cell path first) gives the walk's hit bit for
    // bit, and the start-cell path answers for most downward rays.
    let hf = ridged();
    let mut seed = 11_u64;
    let mut next = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let (mut hits, mut fast) = (0, 0);
    for k in 0..40_000 {
        let o = DVec3::new(next(-21.0, 17.0), next(-16.0, 17.0), next(-2.0, 3.5));
        let d = match k % 5 {
            0 => DVec3::new(next(-1.0, 1.0), next(-1.0, 1.0), next(-1.0, 1.0)),
            1 => DVec3::new(next(-1.0, 1.0), next(-1.0, 1.0), next(-0.05, 0.0)),
            _ => DVec3::new(next(-0.4, 0.4), next(-0.4, 0.4), -1.0),
        };
        let len = next(0.0, 6.0);
        let got = hf.walk_ray(o, d, len);
        // The reference: the inside test, then the walk alone.
        let want = match hf.locate(o) {
            Some((cell, Some((_, n)))) => Some(hf.hit(o, n, 0.0, cell)),
            _ => hf.walk_cells(o, d.normalize(), len),
        };
        assert_eq!(
            got.as_ref().map(key),
            want.as_ref().map(key),
            "{o} {d} {len}"
        );
        if let Some(g) = got {
            hits += 1;
            // Did the start cell answer? (Its hit lies in the start cell's square.)
            let (i, j) = hf.cell_of(o.x, o.y).unwrap_or((0, 0));
            let (nx, ny) = hf.size();
            let h = hf.cell_size();
            let (x, y) = (hf.origin().x + i as f64 * h, hf.origin().y + j as f64 * h);
            if g.distance > 0.0
                && (1..nx - 2).contains(&i)
                && (1..ny - 2).contains(&j)
                && (x..=x + h).contains(&g.point.x)
                && (y..=y + h).contains(&g.point.y)
            {
                fast += 1;
            }
        }
    }
    // Measured: 29 022 hits, 3 982 of them from the start cell.
    assert!(hits > 8000 && fast > 3000, "{hits} {fast}");
}
