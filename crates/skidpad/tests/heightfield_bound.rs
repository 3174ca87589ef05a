//! `HeightField::max_height_over` (the broad phase's bound, `ground/heightfield/bound.rs`):
//! a large rectangle's cell scan gives the same bound as the `floor`/`ceil` formula it
//! replaced, a point's bound (a vertical ray's footprint) from its cell's triangle planes is
//! never below the surface or a vertical ray's hit and never above the cell's highest sample,
//! a rectangle over a few cells (flat or sloped, `max_height_over_sloped`) is bounded by the
//! surface's own highest point, and on issue 13's rolling terrain the bounds let the body's
//! rays be skipped with the run unchanged.

use glam::DVec2;
use skidpad::ground::{Ground, GroundHit, HeightField, clear_of};
use skidpad::presets;
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DVec3, Pose};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Issue 13's terrain on a 200 m patch (52 × 52 samples of 1000/255 m from (−100, −100)).
fn terrain() -> HeightField {
    HeightField::from_fn(52, 52, 1000.0 / 255.0, DVec2::splat(-100.0), |x, y| {
        use std::f64::consts::TAU;
        0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
            + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
    })
    .unwrap()
}

/// The rectangle bound as it was (libm `floor`/`ceil`, a `flat_map` fold): the reference.
fn reference_rect(hf: &HeightField, min: DVec2, max: DVec2) -> Option<f64> {
    const WIDEN: f64 = 1e-6;
    let (o, c) = (hf.origin(), hf.cell_size());
    let (nx, ny) = hf.size();
    let u0 = ((min.x - o.x) / c - WIDEN).floor();
    let u1 = ((max.x - o.x) / c + WIDEN).ceil();
    let v0 = ((min.y - o.y) / c - WIDEN).floor();
    let v1 = ((max.y - o.y) / c + WIDEN).ceil();
    if !(u0.is_finite() && u1.is_finite() && v0.is_finite() && v1.is_finite()) {
        return None;
    }
    let (last_i, last_j) = ((nx - 1) as f64, (ny - 1) as f64);
    if u1 < 0.0 || v1 < 0.0 || u0 > last_i || v0 > last_j {
        return Some(f64::NEG_INFINITY);
    }
    let (i0, i1) = (u0.max(0.0) as usize, u1.min(last_i) as usize);
    let (j0, j1) = (v0.max(0.0) as usize, v1.min(last_j) as usize);
    if (i1 - i0 + 1) * (j1 - j0 + 1) > skidpad::ground::heightfield::MAX_BOUND_SAMPLES {
        return None;
    }
    let h = hf.heights();
    Some(
        (j0..=j1)
            .flat_map(|j| &h[j * nx + i0..=j * nx + i1])
            .fold(f64::NEG_INFINITY, |a, &z| a.max(z)),
    )
}

/// A deterministic sequence in [0, 1).
fn lcg(seed: &mut u64) -> f64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*seed >> 11) as f64 / (1u64 << 53) as f64
}

#[test]
fn rectangles_are_bounded_as_before() {
    let hf = terrain();
    let mut seed = 7;
    let mut checked = 0;
    // Random rectangles over and around the grid (−150 … 150 m, up to 40 m wide), then edge
    // cases: on sample lines, off every side, huge, infinite and NaN corners.
    let mut rects: Vec<(DVec2, DVec2)> = (0..4000)
        .map(|_| {
            let lo = DVec2::new(lcg(&mut seed), lcg(&mut seed)) * 300.0 - 150.0;
            let size = DVec2::new(lcg(&mut seed), lcg(&mut seed)) * 40.0;
            (lo, lo + size)
        })
        .collect();
    let c = hf.cell_size();
    for k in [-1.0, 0.0, 3.0, 50.0, 51.0, 52.0] {
        let x = -100.0 + k * c;
        rects.push((DVec2::new(x, 0.0), DVec2::new(x, 0.0)));
        rects.push((DVec2::new(x, x), DVec2::new(x + c, x + 2.0 * c)));
    }
    for v in [
        1e15,
        -1e15,
        1e300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ] {
        rects.push((DVec2::new(v, 0.0), DVec2::new(v, 1.0)));
        rects.push((DVec2::new(0.0, -v), DVec2::new(1.0, v)));
        rects.push((DVec2::new(-v, -v), DVec2::new(v, v)));
    }
    for (lo, hi) in rects {
        let (got, want) = (hf.max_height_over(lo, hi), reference_rect(&hf, lo, hi));
        // Cells touched at most, and whether the rectangle lies on the grid ([−100, 100]²)
        // or is clipped to a few cells of it.
        let cells = ((hi - lo) / c).ceil() + 1.0;
        let inside = lo.cmpge(DVec2::splat(-100.0)).all() && hi.cmple(DVec2::splat(100.0)).all();
        if (cells.x * cells.y <= 36.0 || !inside) && want.is_some_and(f64::is_finite) {
            // A point or a rectangle over a few cells: the plane bound (tested below), at
            // most the cells' highest sample.
            assert!(
                got.unwrap() <= want.unwrap() + 1e-8,
                "{lo} {got:?} {want:?}"
            );
        } else {
            assert_eq!(got.map(f64::to_bits), want.map(f64::to_bits), "{lo} {hi}");
        }
        checked += 1;
    }
    assert!(checked > 4000);
}

#[test]
fn a_point_bound_is_above_the_surface_and_every_vertical_hit() {
    // 20 000 random points over the grid plus points on and next to sample lines: the bound
    // is ≥ the surface height and ≥ the hit of a vertical ray from 10 m above (both to the
    // bit, no tolerance), ≤ the highest sample of the point's cells (+ the 1e-9 m allowance).
    // Inside a cell it is the surface plus the allowance (below 1e-8 m here), where the
    // cell's highest sample is up to tenths of a metre above it.
    let hf = terrain();
    let c = hf.cell_size();
    let mut seed = 11;
    let mut pts: Vec<DVec2> = (0..20_000)
        .map(|_| DVec2::new(lcg(&mut seed), lcg(&mut seed)) * 199.0 - 99.5)
        .collect();
    for k in 0..50 {
        let x = -100.0 + f64::from(k) * c;
        for dx in [0.0, 1e-12, -1e-12, 1e-7 * c, 2e-6 * c] {
            pts.push(DVec2::new(x + dx, 3.7));
            pts.push(DVec2::new(-20.3, x + dx));
            pts.push(DVec2::new(x + dx, x - dx));
        }
    }
    let (mut worst_gap, mut worst_cell_gap) = (0.0_f64, 0.0_f64);
    for p in pts {
        let Some(z) = hf.height_at(p.x, p.y) else {
            continue;
        };
        let bound = hf.max_height_over(p, p).unwrap();
        let hit = hf
            .cast_ray(DVec3::new(p.x, p.y, z + 10.0), -DVec3::Z, 20.0)
            .unwrap();
        assert!(bound >= z, "{p}: bound {bound} below the surface {z}");
        assert!(
            bound >= hit.point.z,
            "{p}: bound {bound} below the hit {hit:?}"
        );
        let cells = reference_rect(&hf, p, p).unwrap();
        assert!(
            bound <= cells + 1e-8,
            "{p}: {bound} above the cells' {cells}"
        );
        // Cell coordinates: a point 2e-6 cells clear of its cell's edges and diagonal gets
        // its triangle's plane, the others (near sample lines) the cells' highest sample.
        let f = (p - hf.origin()) / c;
        let (u, v) = (f.x - f.x.floor(), f.y - f.y.floor());
        let m = 2e-6;
        if u > m && u < 1.0 - m && v > m && v < 1.0 - m && (u - v).abs() > m {
            worst_gap = worst_gap.max(bound - z);
        }
        worst_cell_gap = worst_cell_gap.max(cells - z);
    }
    assert!(worst_gap < 1e-8, "{worst_gap}");
    assert!(worst_cell_gap > 0.1, "{worst_cell_gap}");
    eprintln!(
        "bound − surface ≤ {worst_gap:e} m; cells' highest sample − surface ≤ {worst_cell_gap} m"
    );
    // Over the surface by the margin: clear; within it: not.
    let (x, y) = (12.34, -5.67);
    let z = hf.height_at(x, y).unwrap();
    let top = DVec3::new(x, y, z + 1.0);
    assert!(!clear_of(&hf, top, DVec3::new(x, y, z + 0.005), 0.0));
    assert!(!clear_of(&hf, top, DVec3::new(x, y, z - 0.1), 0.0));
}

#[test]
fn a_small_rectangle_is_bounded_by_its_cell_planes() {
    // 5000 random rectangles up to half a cell wide: the bound is ≥ the surface at every
    // point of a 9 × 9 grid over the rectangle (corners and edges included) and ≤ the
    // cells' highest sample (+ the 1e-9 m allowance); inside one cell it is tighter than the
    // cells' sample by up to tenths of a metre on this terrain.
    let hf = terrain();
    let c = hf.cell_size();
    let mut seed = 5;
    let mut tighter = 0.0_f64;
    for _ in 0..5000 {
        let lo = DVec2::new(lcg(&mut seed), lcg(&mut seed)) * 190.0 - 95.0;
        let hi = lo + DVec2::new(lcg(&mut seed), lcg(&mut seed)) * 0.5 * c;
        let bound = hf.max_height_over(lo, hi).unwrap();
        let cells = reference_rect(&hf, lo, hi).unwrap();
        assert!(bound <= cells + 1e-8, "{lo} {hi}: {bound} > {cells}");
        for a in 0..9 {
            for b in 0..9 {
                let t = DVec2::new(f64::from(a), f64::from(b)) / 8.0;
                let p = lo + (hi - lo) * t;
                let z = hf.height_at(p.x, p.y).unwrap();
                assert!(
                    bound >= z,
                    "{lo} {hi}: {bound} below the surface {z} at {p}"
                );
            }
        }
        tighter = tighter.max(cells - bound);
    }
    assert!(tighter > 0.1, "{tighter}");
}

/// The surface's highest value of `z − slope·((x, y) − lo)` over `[lo, hi]` (inside the
/// grid), found independently of the bound's cell walk: a piecewise-linear function's
/// maximum over a rectangle lies at a vertex of the pieces' arrangement, so `height_at` at
/// every candidate (the corners; where the rectangle's sides cross the sample lines
/// `x = x₀ + iΔ`, `y = y₀ + jΔ` and the cell diagonals `x − y = x₀ − y₀ + kΔ`; the samples
/// inside) gives it.
fn vertex_max(hf: &HeightField, lo: DVec2, hi: DVec2, slope: DVec2) -> f64 {
    let (o, c) = (hf.origin(), hf.cell_size());
    let mut pts = vec![lo, hi, DVec2::new(lo.x, hi.y), DVec2::new(hi.x, lo.y)];
    let lines = |a: f64, b: f64, o: f64| {
        let (k0, k1) = (((a - o) / c).ceil() as i64, ((b - o) / c).floor() as i64);
        (k0..=k1).map(move |k| o + k as f64 * c)
    };
    for x in lines(lo.x, hi.x, o.x) {
        pts.extend([DVec2::new(x, lo.y), DVec2::new(x, hi.y)]);
        pts.extend(lines(lo.y, hi.y, o.y).map(|y| DVec2::new(x, y)));
    }
    for y in lines(lo.y, hi.y, o.y) {
        pts.extend([DVec2::new(lo.x, y), DVec2::new(hi.x, y)]);
    }
    // Diagonals: x − y = (o.x − o.y) + kΔ, met by the sides y = lo.y, hi.y and x = lo.x, hi.x.
    for y in [lo.y, hi.y] {
        pts.extend(lines(lo.x - y, hi.x - y, o.x - o.y).map(|d| DVec2::new(d + y, y)));
    }
    for x in [lo.x, hi.x] {
        pts.extend(lines(x - hi.y, x - lo.y, o.x - o.y).map(|d| DVec2::new(x, x - d)));
    }
    pts.iter()
        .map(|p| hf.height_at(p.x, p.y).unwrap() - slope.dot(*p - lo))
        .fold(f64::NEG_INFINITY, f64::max)
}

#[test]
fn a_rectangle_over_a_few_cells_is_bounded_by_its_surface() {
    // 6000 random rectangles up to 1.5 cells wide (up to 3 × 3 cells, a body's or a rim
    // sweep's footprint), flat and with random slopes up to 0.3: the bound lies within
    // 1e-6 cell of widening (× the gradient) and the 1e-9 m allowance above the surface's
    // highest point found independently (`vertex_max`), never below it (no tolerance), and
    // so never above the cells' highest sample by more than the allowance when flat.
    let hf = terrain();
    let c = hf.cell_size();
    let mut seed = 3;
    let (mut worst, mut tighter) = (0.0_f64, 0.0_f64);
    for k in 0..6000 {
        let lo = DVec2::new(lcg(&mut seed), lcg(&mut seed)) * 180.0 - 90.0;
        let hi = lo + DVec2::new(lcg(&mut seed), lcg(&mut seed)) * 1.5 * c;
        let slope = if k % 3 == 0 {
            DVec2::ZERO
        } else {
            (DVec2::new(lcg(&mut seed), lcg(&mut seed)) - 0.5) * 0.6
        };
        let bound = hf.max_height_over_sloped(lo, hi, slope).unwrap();
        if slope == DVec2::ZERO {
            assert_eq!(
                bound.to_bits(),
                hf.max_height_over(lo, hi).unwrap().to_bits()
            );
            let cells = reference_rect(&hf, lo, hi).unwrap();
            assert!(bound <= cells + 1e-8, "{lo} {hi}: {bound} > {cells}");
            tighter = tighter.max(cells - bound);
        }
        let exact = vertex_max(&hf, lo, hi, slope);
        assert!(bound >= exact, "{lo} {hi} {slope}: {bound} below {exact}");
        worst = worst.max(bound - exact);
    }
    // Widening: 1e-6 cell × gradient (≤ 0.1 + 0.3 per m × 3.9 m per cell) ≈ 2e-6 m.
    assert!(worst < 5e-6, "{worst}");
    assert!(tighter > 0.1, "{tighter}");
    eprintln!("bound − surface ≤ {worst:e} m; cells' highest sample − bound ≤ {tighter} m");
}

/// The terrain with its queries counted; `cells`: bounded by the cells' highest sample (the
/// reference, the bound before the plane bounds).
struct Counted {
    hf: HeightField,
    cells: bool,
    rays: AtomicUsize,
}

impl Ground for Counted {
    fn cast_ray(&self, o: DVec3, d: DVec3, m: f64) -> Option<GroundHit> {
        self.rays.fetch_add(1, Ordering::Relaxed);
        self.hf.cast_ray(o, d, m)
    }
    fn cast_sphere(&self, o: DVec3, r: f64, d: DVec3, m: f64) -> Option<GroundHit> {
        self.hf.cast_sphere(o, r, d, m)
    }
    fn max_height_over(&self, min: DVec2, max: DVec2) -> Option<f64> {
        if self.cells {
            reference_rect(&self.hf, min, max)
        } else {
            self.hf.max_height_over(min, max)
        }
    }
    fn max_height_over_sloped(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
        if self.cells {
            // The trait's default from the cells' highest sample.
            skidpad::ground::sloped_from_flat(reference_rect(&self.hf, min, max)?, min, max, slope)
        } else {
            self.hf.max_height_over_sloped(min, max, slope)
        }
    }
}

#[test]
fn the_body_rays_are_skipped_on_rolling_terrain_with_the_run_unchanged() {
    // The sedan (sphere-swept wheels: every ray cast is a body, rim or end-stop ray) driving
    // over the terrain for 4 s. With the cell-maximum bound a body point's ray is cast
    // whenever its cell's highest sample rises within the ray's reach (measured: 1616 rays);
    // with the plane bound only when the surface itself does (measured: 648; the reach grows
    // with the speed, `|v|·h`). Bit-identical runs.
    let hf = terrain();
    let z = hf.height_at(0.0, 0.0).unwrap();
    let go = Intent {
        throttle: 0.5,
        steer: 0.1,
        ..Intent::default()
    };
    let runs = [false, true].map(|cells| {
        let g = Counted {
            hf: hf.clone(),
            cells,
            rays: AtomicUsize::new(0),
        };
        let mut v = Vehicle::new(presets::sedan()).unwrap();
        v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, z + 0.4)));
        v.set_intent(go).unwrap();
        let hashes: Vec<u64> = (0..240)
            .map(|_| {
                v.step(1.0 / 60.0, &g);
                assert!(v.fault().is_none());
                v.state_hash()
            })
            .collect();
        (hashes, g.rays.load(Ordering::Relaxed))
    });
    assert_eq!(runs[0].0, runs[1].0, "the runs differ");
    let (plane, cells) = (runs[0].1, runs[1].1);
    eprintln!("rays cast: plane bound {plane}, cell bound {cells}");
    assert!(plane * 2 < cells, "{plane} vs {cells}");
}
