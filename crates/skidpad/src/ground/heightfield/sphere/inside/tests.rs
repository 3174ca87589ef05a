//! Tests of the inside path: against the whole sweep bit for bit, and by hand at a fold.

use super::*;
use crate::ground::Ground;
use crate::ground::plane::{finite_positive, query_ok};
use glam::DVec2;

/// The sphere cast as it was before the inside path: the queries' checks, the "already
/// inside the ground" answer, then the sweep through the cell loops (`one_cell` off, the
/// one-cell path's own reference).
fn cast_whole(hf: &HeightField, o: DVec3, r: f64, d: DVec3, len: f64) -> Option<GroundHit> {
    if !(query_ok(o, d, len) && finite_positive(r)) {
        return None;
    }
    if let Some((z, n, cell)) = hf.surface_above(o) {
        return Some(hf.hit(DVec3::new(o.x, o.y, z), n, 0.0, cell));
    }
    hf.sweep_sphere_with(o, r, d.normalize(), len, false)
}

/// The inside path's own answer for a cast (`None`: not taken).
#[allow(clippy::option_option)]
fn inside(hf: &HeightField, o: DVec3, r: f64, d: DVec3, len: f64) -> Option<Option<GroundHit>> {
    let (i, j) = hf.cell_of(o.x, o.y)?;
    let corners = hf.corner_heights(i, j);
    if hf.below_in(o, corners).is_some() {
        return None;
    }
    hf.sweep_inside((o, r, d.normalize(), len), (i, j), corners)
}

fn key(h: Option<GroundHit>) -> Option<(u64, [u64; 3], [u64; 3], crate::ground::SurfaceId)> {
    let bits = |v: DVec3| v.to_array().map(f64::to_bits);
    h.map(|h| {
        (
            h.distance.to_bits(),
            bits(h.point),
            bits(h.normal),
            h.surface,
        )
    })
}

/// Two cells of 2 m in x: a flat one (z = 0) and a ramp rising 2 m per m from its edge at
/// x = 2 (z = 2(x − 2)): a fold the flat cell's sweeps must not see unless they reach it.
fn fold() -> HeightField {
    HeightField::new(3, 2, 2.0, DVec2::ZERO, vec![0.0, 0.0, 4.0, 0.0, 0.0, 4.0])
}

#[test]
fn the_inside_path_by_hand() {
    let hf = fold();
    let (r, down) = (0.3, -DVec3::Z);
    let s5 = 5f64.sqrt();
    let ramp_n = DVec3::new(-2.0, 0.0, 1.0) / s5;
    let close = |h: &GroundHit, t: f64, p: DVec3, n: DVec3| {
        (h.distance - t).abs() < 1e-12
            && (h.point - p).length() < 1e-12
            && (h.normal - n).length() < 1e-12
    };
    // Inside triangle A of the flat cell (footprint x 1.2–1.8, y 0.1–0.7: 0.1 m above its
    // bottom side, 0.2 m left of its right side, (1.5 − 0.4)/√2 − 0.3 = 0.478 m right of
    // its diagonal): the plane z = 0 met at t = 1.0 − r = 0.7 under the centre.
    let o = DVec3::new(1.5, 0.4, 1.0);
    let hit = inside(&hf, o, r, down, 1.0)
        .expect("inside")
        .expect("a hit");
    assert!(
        close(&hit, 0.7, DVec3::new(1.5, 0.4, 0.0), DVec3::Z),
        "{hit:?}"
    );
    assert_eq!(key(hf.cast_sphere(o, r, down, 1.0)), key(Some(hit)));
    assert_eq!(key(cast_whole(&hf, o, r, down, 1.0)), key(Some(hit)));
    // 1 mm short of the fold (footprint up to x = 1.999): still the plane's t = 0.3.
    let o = DVec3::new(1.699, 0.4, 0.6);
    let hit = inside(&hf, o, r, down, 1.0)
        .expect("inside")
        .expect("a hit");
    assert!(
        close(&hit, 0.3, DVec3::new(1.699, 0.4, 0.0), DVec3::Z),
        "{hit:?}"
    );
    assert_eq!(key(hf.cast_sphere(o, r, down, 1.0)), key(Some(hit)));
    // Straddling the fold (footprint up to x = 2.2): the whole sweep, which meets the ramp
    // first. Its plane 2x − z − 4 = 0 lies (z_c + 0.2)/√5 from the centre (1.9, 0.4, z_c):
    // r at z_c = 0.3√5 − 0.2, t = 0.6 − z_c = 0.8 − 0.3√5 = 0.1292 m, before the flat
    // plane's 0.3; the point c − r·n at x = 1.9 + 0.6/√5 = 2.168 m, on the ramp.
    let o = DVec3::new(1.9, 0.4, 0.6);
    assert!(inside(&hf, o, r, down, 1.0).is_none());
    let hit = hf.cast_sphere(o, r, down, 1.0).expect("a hit");
    let zc = 0.3 * s5 - 0.2;
    let want = DVec3::new(1.9, 0.4, zc) - r * ramp_n;
    assert!(close(&hit, 0.8 - 0.3 * s5, want, ramp_n), "{hit:?}");
    assert!((want.z - 2.0 * (want.x - 2.0)).abs() < 1e-12);
    assert_eq!(key(Some(hit)), key(cast_whole(&hf, o, r, down, 1.0)));
    // Straddling the fold onto a ramp falling away (z = −2(x − 2)): the whole sweep (the
    // footprint leaves the cell), which keeps the flat plane's t = 0.3 (the fold's edge is
    // met later: at a centre height √(0.3² − 0.1²) = 0.283 m < 0.3 m).
    let falling = HeightField::new(3, 2, 2.0, DVec2::ZERO, vec![0.0, 0.0, -4.0, 0.0, 0.0, -4.0]);
    let o = DVec3::new(1.9, 0.4, 0.6);
    assert!(inside(&falling, o, r, down, 1.0).is_none());
    let hit = falling.cast_sphere(o, r, down, 1.0).expect("a hit");
    assert!(
        close(&hit, 0.3, DVec3::new(1.9, 0.4, 0.0), DVec3::Z),
        "{hit:?}"
    );
    assert_eq!(key(Some(hit)), key(cast_whole(&falling, o, r, down, 1.0)));
    // Across the flat cell's diagonal (0.1/√2 m from it): the whole sweep, the same plane.
    let o = DVec3::new(0.5, 0.4, 1.0);
    assert!(inside(&hf, o, r, down, 1.0).is_none());
    let hit = hf.cast_sphere(o, r, down, 1.0).expect("a hit");
    assert!(
        close(&hit, 0.7, DVec3::new(0.5, 0.4, 0.0), DVec3::Z),
        "{hit:?}"
    );
    // On the ramp's triangle A (footprint x 3.2–3.8): the ramp's plane under the centre at
    // z = 3 lies 1.5/√5 from (3.5, 0.4, 4.5), met at t = √5·(1.5/√5 − r) = 1.5 − 0.3√5 =
    // 0.8292 m at x = 3.5 + 0.6/√5 = 3.7683 m; with 0.2 m of travel nothing (beyond).
    let o = DVec3::new(3.5, 0.4, 4.5);
    let hit = inside(&hf, o, r, down, 1.0)
        .expect("inside")
        .expect("a hit");
    let t = 1.5 - 0.3 * s5;
    assert!(close(&hit, t, o + t * down - r * ramp_n, ramp_n), "{hit:?}");
    assert!((hit.point.x - (3.5 + 0.6 / s5)).abs() < 1e-12);
    assert_eq!(key(hf.cast_sphere(o, r, down, 1.0)), key(Some(hit)));
    assert_eq!(inside(&hf, o, r, down, 0.2), Some(None));
    assert!(hf.cast_sphere(o, r, down, 0.2).is_none());
    // Far above the flat cell: its heights all lie below the sweep's box (z cull).
    let o = DVec3::new(1.5, 0.4, 10.0);
    assert_eq!(inside(&hf, o, r, down, 1.0), Some(None));
    assert!(hf.cast_sphere(o, r, down, 1.0).is_none());
}

/// Seeded uniform numbers in [0, 1).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f64 {
        crate::test_rng::unit(&mut self.0)
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

#[test]
fn the_inside_path_is_the_whole_sweep() {
    // 60 000 casts over issue 13's 1000/255 m cells and over the test terrain's steep 1.5 m
    // cells (with a 0.4 m ridge): wheel-like spheres (0.25–0.4 m, travel ≤ 1 m, mostly down
    // and tilted, a quarter in any direction), half of them placed so that the footprint's
    // edge lies within ±0.05 m, ±1 µm or ±1 nm of a side of its triangle (the cell's edges
    // and its diagonal), some starting inside the ground or far above it. The cast gives
    // the whole sweep's travel, point, normal and surface bit for bit; the inside path
    // decides hundreds to thousands of them, hits, misses and culls, none with the footprint
    // over the diagonal or a cell edge (measured: 4 158 of 30 000 decided on the coarse
    // cells, 848 hits; 415 and 72 on the steep 1.5 m cells, where few footprints fit).
    let coarse = HeightField::from_fn(9, 8, 1000.0 / 255.0, DVec2::new(-15.0, -13.0), |x, y| {
        use std::f64::consts::TAU;
        0.5 * (TAU * x / 6.0).sin() * (TAU * y / 4.5).sin()
            + 1.5 * (TAU * x / 31.0 + 1.0).sin() * (TAU * y / 27.0).cos()
    })
    .unwrap();
    let steep = HeightField::from_fn(25, 21, 1.5, DVec2::new(-18.0, -15.0), |x, y| {
        use std::f64::consts::TAU;
        let ridge = if (x - 3.0).abs() < 0.1 { 0.4 } else { 0.0 };
        0.5 * (TAU * x / 6.0).sin() * (TAU * y / 4.5).sin()
            + 1.5 * (TAU * x / 31.0 + 1.0).sin() * (TAU * y / 27.0).cos()
            + ridge
    })
    .unwrap()
    .with_cell_surfaces(
        (0..24 * 20)
            .map(|k| crate::ground::SurfaceId(k % 7))
            .collect(),
    )
    .unwrap();
    for (hf, seed) in [(coarse, 41), (steep, 43)] {
        let mut rng = Lcg(seed);
        let (h, org) = (hf.cell_size(), hf.origin());
        let (nx, ny) = hf.size();
        let (mut hits, mut decided, mut decided_hits, mut near_side) = (0, 0, 0, 0);
        let (mut ridges, mut multi) = (0, 0);
        for k in 0..30_000 {
            let (ci, cj) = (
                (rng.next() * (nx - 1) as f64) as usize,
                (rng.next() * (ny - 1) as f64) as usize,
            );
            let r = rng.range(0.25, 0.4);
            let d = if k % 4 == 0 {
                DVec3::new(
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                )
            } else {
                DVec3::new(rng.range(-0.2, 0.2), rng.range(-0.2, 0.2), -1.0)
            };
            let len = rng.range(0.0, 1.0);
            // The offset in the cell: uniform, or the footprint's edge at a side.
            let (mut u, mut v) = (rng.range(0.0, h), rng.range(0.0, h));
            if k % 2 == 1 {
                let gap = [0.05, 1e-6, 1e-9, 0.0][(k / 2) % 4] * rng.range(-1.0, 1.0);
                let reach = r + gap;
                match (k / 8) % 5 {
                    0 => v = reach,
                    1 => u = h - reach,
                    2 => u = reach,
                    3 => v = h - reach,
                    // Off the diagonal by the reach, on either side.
                    _ => {
                        let side = if rng.next() < 0.5 { 1.0 } else { -1.0 };
                        v = (u + side * reach * std::f64::consts::SQRT_2).clamp(0.0, h);
                    }
                }
                near_side += 1;
            }
            let (x, y) = (org.x + ci as f64 * h + u, org.y + cj as f64 * h + v);
            let Some(ground) = hf.height_at(x, y) else {
                continue;
            };
            let z = ground + r + [rng.range(-0.1, 0.8), rng.range(-0.6, 0.0), 5.0][k % 3];
            let o = DVec3::new(x, y, z);
            let got = hf.cast_sphere(o, r, d, len);
            assert_eq!(
                key(got),
                key(cast_whole(&hf, o, r, d, len)),
                "{o} {r} {d} {len}"
            );
            hits += usize::from(got.is_some());
            if let Some(answer) = inside(&hf, o, r, d, len) {
                decided += 1;
                decided_hits += usize::from(answer.is_some());
                // Decided with the footprint over both sides of the diagonal: never.
                let e = o + len * d.normalize();
                let (x0, y0) = (org.x + ci as f64 * h, org.y + cj as f64 * h);
                let (lo, hi) = (o.min(e), o.max(e));
                let reach = std::f64::consts::SQRT_2 * r;
                ridges += usize::from(
                    (lo.x - x0) - (hi.y - y0) < reach && (lo.y - y0) - (hi.x - x0) < reach,
                );
                // Decided with the footprint over a cell edge: never (the whole sweep).
                multi += usize::from(
                    lo.x - r < x0 || lo.y - r < y0 || hi.x + r > x0 + h || hi.y + r > y0 + h,
                );
            }
        }
        eprintln!(
            "inside path: {hits} hits, {decided} decided ({decided_hits} hits, {ridges} \
             over the diagonal, {multi} over a cell edge), {near_side} near a side"
        );
        assert!(
            hits > 8_000 && decided > 300 && decided_hits > 50 && ridges == 0 && multi == 0,
            "{hits} {decided} {decided_hits} {ridges} {multi}"
        );
    }
}
