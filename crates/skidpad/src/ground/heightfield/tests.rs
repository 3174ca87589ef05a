//! Tests of the heightfield ground: heights, normals, rays, sweeps and bounds against hand values.

use super::*;
use crate::ground::Plane;

/// z = 0.3x − 0.2y + 1 on 10 × 8 samples of 0.5 m from (−1, −2).
fn tilted() -> (HeightField, Plane) {
    let f = |x: f64, y: f64| 0.3 * x - 0.2 * y + 1.0;
    let hf = HeightField::from_fn(10, 8, 0.5, DVec2::new(-1.0, -2.0), f).unwrap();
    let plane = Plane::new(DVec3::new(0.0, 0.0, 1.0), DVec3::new(-0.3, 0.2, 1.0));
    (hf, plane)
}

#[test]
fn analytic_plane_is_exact() {
    let (hf, plane) = tilted();
    let dirs = [
        -DVec3::Z,
        DVec3::new(0.3, 0.1, -1.0).normalize(),
        DVec3::new(-0.5, 0.3, -1.0).normalize(),
    ];
    for k in 0..50 {
        let x = -0.8 + 0.07 * k as f64;
        let y = -1.9 + 0.05 * k as f64;
        let o = DVec3::new(x, y, 3.0);
        for d in dirs {
            let a = hf.cast_ray(o, d, 10.0);
            let b = plane.cast_ray(o, d, 10.0).unwrap();
            // Inside the footprint the two must agree; near the border the oblique ray
            // may leave the grid before it reaches the surface.
            let Some(a) = a else {
                assert!(hf.height_at(b.point.x, b.point.y).is_none(), "{o} {d}");
                continue;
            };
            assert!((a.distance - b.distance).abs() < 1e-12, "{o} {d}");
            assert!((a.normal - b.normal).length() < 1e-12);
            assert!((hf.height_at(x, y).unwrap() - (0.3 * x - 0.2 * y + 1.0)).abs() < 1e-12);
        }
        // Sphere casts too, away from the border (closed form: exact to round-off).
        let o = DVec3::new(0.2 + 0.03 * k as f64, -0.5 + 0.02 * k as f64, 3.0);
        let a = hf
            .cast_sphere(o, 0.3, -DVec3::Z, 10.0)
            .unwrap_or_else(|| panic!("no sphere hit at {o}"));
        let b = plane.cast_sphere(o, 0.3, -DVec3::Z, 10.0).unwrap();
        assert!((a.distance - b.distance).abs() < 1e-12, "{o} {a:?} {b:?}");
        assert!((a.point - b.point).length() < 1e-12, "{o} {a:?} {b:?}");
        assert!(plane.signed_distance(a.point).abs() < 1e-12);
        assert!((a.normal - b.normal).length() < 1e-12, "{o}");
    }
}

#[test]
fn split_along_v00_v11_diagonal() {
    // One cell, only v11 raised by 1 m. Under the documented split the surface at
    // (u, v) = (0.75, 0.25) is on A = (v00, v10, v11): z = (h11 − h10)·v = 0.25;
    // at (0.25, 0.75) on B: z = (h11 − h01)·u = 0.25. The other diagonal would give 0.
    let hf = HeightField::new(2, 2, 1.0, DVec2::ZERO, vec![0.0, 0.0, 0.0, 1.0]);
    for (x, y) in [(0.75, 0.25), (0.25, 0.75)] {
        let h = hf.cast_ray(DVec3::new(x, y, 2.0), -DVec3::Z, 5.0).unwrap();
        assert!((h.point.z - 0.25).abs() < 1e-12);
    }
    let n = hf.normal_at(0.75, 0.25).unwrap();
    assert!((n - DVec3::new(0.0, -1.0, 1.0) / 2f64.sqrt()).length() < 1e-12);
    let n = hf.normal_at(0.25, 0.75).unwrap();
    assert!((n - DVec3::new(-1.0, 0.0, 1.0) / 2f64.sqrt()).length() < 1e-12);
}

#[test]
fn sloped_grid_ray_and_sphere() {
    // 20 % ramp along x: ray at x = 4.5 hits z = 0.9; sphere r = 0.5 stops with its centre
    // r/cos θ = 0.5·√1.04 above the surface under it.
    let hf = HeightField::from_fn(11, 6, 1.0, DVec2::ZERO, |x, _| 0.2 * x).unwrap();
    let h = hf
        .cast_ray(DVec3::new(4.5, 2.5, 5.0), -DVec3::Z, 10.0)
        .unwrap();
    assert!((h.point.z - 0.9).abs() < 1e-12);
    assert!((h.normal - DVec3::new(-0.2, 0.0, 1.0) / 1.04_f64.sqrt()).length() < 1e-12);
    let h = hf
        .cast_sphere(DVec3::new(4.5, 2.5, 5.0), 0.5, -DVec3::Z, 10.0)
        .unwrap();
    assert!((h.distance - (5.0 - 0.9 - 0.5 * 1.04_f64.sqrt())).abs() < 1e-12);
}

#[test]
fn ray_crossing_many_cells() {
    // Flat z = 0 on 51 × 3 samples (1 m), a 1 m bump at column i = 40. A shallow ray from
    // (0.5, 1, 0.5) along (1, 0, −0.001) crosses ~39 cells and hits the ramp
    // z = x − 39 where x − 39 = 0.5 − 0.001(x − 0.5) → x = 39.5005 / 1.001.
    let hf = HeightField::from_fn(51, 3, 1.0, DVec2::ZERO, |x, _| {
        if (x - 40.0).abs() < 0.5 { 1.0 } else { 0.0 }
    })
    .unwrap();
    let d = DVec3::new(1.0, 0.0, -0.001).normalize();
    let h = hf.cast_ray(DVec3::new(0.5, 1.0, 0.5), d, 100.0).unwrap();
    let x = 39.5005 / 1.001;
    assert!((h.point.x - x).abs() < 1e-9, "{}", h.point);
    assert!((h.point.z - (x - 39.0)).abs() < 1e-9);
    // Same ray backwards from beyond the bump (negative steps): hits the far side z = 41 − x
    // where 41 − x = 0.5 − 0.001(49.5 − x) → x = (41 − 0.5 + 0.0495) / 1.001.
    let d = DVec3::new(-1.0, 0.0, -0.001).normalize();
    let h = hf.cast_ray(DVec3::new(49.5, 1.0, 0.5), d, 100.0).unwrap();
    let x = (41.0 - 0.5 + 0.001 * 49.5) / 1.001;
    assert!((h.point.x - x).abs() < 1e-9, "{}", h.point);
    // Too short: no hit.
    assert!(hf.cast_ray(DVec3::new(0.5, 1.0, 0.5), d, 30.0).is_none());
}

#[test]
fn hits_on_cell_edges_and_vertices() {
    let (hf, _) = tilted();
    let f = |x: f64, y: f64| 0.3 * x - 0.2 * y + 1.0;
    // Cell boundary x = 0.5, vertex (0.5, 0.0), diagonal u = v, far footprint edges.
    for (x, y) in [
        (0.5, 0.3),
        (0.5, 0.0),
        (0.25, -0.25),
        (3.5, 1.0),
        (-1.0, 1.5),
        (3.5, 1.5),
    ] {
        let h = hf.cast_ray(DVec3::new(x, y, 4.0), -DVec3::Z, 10.0).unwrap();
        assert!((h.point.z - f(x, y)).abs() < 1e-12, "({x}, {y})");
    }
    // Just outside: nothing.
    assert!(
        hf.cast_ray(DVec3::new(3.51, 0.0, 4.0), -DVec3::Z, 10.0)
            .is_none()
    );
}

#[test]
fn sphere_onto_grid_step_edge() {
    // Samples 0 for x ≤ 2, 0.5 for x ≥ 3 (1 m cells): a ramp x ∈ [2, 3] and a convex edge at
    // x = 3, z = 0.5. A sphere r = 0.33 at x = 2.9: the ramp contact would be at
    // x = 2.9 + r·sin(atan 0.5) = 3.05 > 3, off the ramp, so it rests on the edge:
    // centre z = 0.5 + √(r² − 0.1²).
    let hf = HeightField::from_fn(
        6,
        3,
        1.0,
        DVec2::ZERO,
        |x, _| {
            if x > 2.5 { 0.5 } else { 0.0 }
        },
    )
    .unwrap();
    let r = 0.33;
    let h = hf
        .cast_sphere(DVec3::new(2.9, 1.0, 2.0), r, -DVec3::Z, 5.0)
        .unwrap();
    let zc = 0.5 + (r * r - 0.01_f64).sqrt();
    assert!((h.distance - (2.0 - zc)).abs() < 1e-12, "{h:?}");
    assert!((h.point - DVec3::new(3.0, 1.0, 0.5)).length() < 1e-12);
    let n = DVec3::new(-0.1, 0.0, (r * r - 0.01_f64).sqrt()) / r;
    assert!((h.normal - n).length() < 1e-12);
}

#[test]
fn surfaces_velocity_and_inside() {
    let hf = HeightField::new(3, 2, 1.0, DVec2::ZERO, vec![0.0; 6])
        .with_cell_surfaces(vec![SurfaceId(1), SurfaceId(2)])
        .unwrap()
        .with_velocity(DVec3::X);
    let h = hf
        .cast_ray(DVec3::new(1.5, 0.5, 1.0), -DVec3::Z, 2.0)
        .unwrap();
    assert_eq!(h.surface, SurfaceId(2));
    assert_eq!(h.surface_velocity_world, DVec3::X);
    let h = hf
        .cast_sphere(DVec3::new(0.5, 0.5, 1.0), 0.2, -DVec3::Z, 2.0)
        .unwrap();
    assert_eq!(h.surface, SurfaceId(1));
    // Starting below the surface: distance 0.
    let h = hf
        .cast_ray(DVec3::new(0.5, 0.5, -0.1), -DVec3::Z, 2.0)
        .unwrap();
    assert_eq!(h.distance, 0.0);
    let h = hf
        .cast_sphere(DVec3::new(0.5, 0.5, -0.1), 0.2, -DVec3::Z, 2.0)
        .unwrap();
    assert_eq!(h.distance, 0.0);
    // Degenerate: None.
    assert!(
        hf.cast_ray(DVec3::new(0.5, 0.5, 1.0), DVec3::ZERO, 2.0)
            .is_none()
    );
    assert!(
        hf.cast_sphere(DVec3::new(0.5, 0.5, 1.0), 0.2, DVec3::NAN, 2.0)
            .is_none()
    );
}

#[test]
fn bad_params() {
    let e = |r: Result<HeightField, ParamError>| r.unwrap_err().within("terrain").path;
    assert_eq!(
        e(HeightField::try_new(1, 3, 1.0, DVec2::ZERO, vec![0.0; 3])),
        "terrain.nx"
    );
    assert_eq!(
        e(HeightField::try_new(2, 2, 0.0, DVec2::ZERO, vec![0.0; 4])),
        "terrain.cell_size"
    );
    assert_eq!(
        e(HeightField::try_new(2, 2, 1.0, DVec2::ZERO, vec![0.0; 5])),
        "terrain.heights"
    );
    let mut h = vec![0.0; 4];
    h[3] = f64::NAN;
    assert_eq!(
        e(HeightField::try_new(2, 2, 1.0, DVec2::ZERO, h)),
        "terrain.heights[3]"
    );
    assert_eq!(
        e(HeightField::try_new(2, 2, 1.0, DVec2::NAN, vec![0.0; 4])),
        "terrain.origin"
    );
    let hf = HeightField::new(3, 3, 1.0, DVec2::ZERO, vec![0.0; 9]);
    assert_eq!(
        e(hf.with_cell_surfaces(vec![SurfaceId(1); 3])),
        "terrain.cell_surfaces"
    );
}

#[test]
fn surface_near_is_the_clamped_cell() {
    // 20 000 points over, beside and far from a 6 × 5 grid with a surface per cell (and
    // NaN, ±∞, −0 coordinates): `surface_near` names the cell of the coordinates clamped by
    // `f64::clamp` into the grid, as it did before its `larger`/`smaller` clamp.
    let hf = HeightField::new(6, 5, 0.7, DVec2::new(-1.0, 2.0), vec![0.0; 30])
        .with_cell_surfaces((0..20).map(SurfaceId).collect())
        .unwrap();
    let reference = |p: DVec3| {
        let fx = ((p.x - hf.origin.x) / hf.cell_size).clamp(0.0, (hf.nx - 2) as f64);
        let fy = ((p.y - hf.origin.y) / hf.cell_size).clamp(0.0, (hf.ny - 2) as f64);
        hf.surface_of_cell((fx as usize, fy as usize))
    };
    let mut seed = 3_u64;
    let mut next = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let special = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, -1.0, 2.0];
    for k in 0..20_000 {
        let mut p = DVec3::new(next(-3.0, 5.0), next(0.0, 7.0), 0.0);
        if k % 10 == 0 {
            p.x = special[k / 10 % special.len()];
        }
        if k % 10 == 1 {
            p.y = special[k / 10 % special.len()] + 2.0;
        }
        assert_eq!(hf.surface_near(p), reference(p), "{p}");
    }
}

#[test]
fn a_unit_vectors_component_sum_is_finite_exactly_when_it_is() {
    // `sphere::sweep_face` tests `n.x + n.y + n.z` instead of `n.is_finite()` for normalised
    // `n`: the same answer for normalised vectors of random, huge, tiny, zero, infinite and
    // NaN components.
    let mut seed = 9_u64;
    let mut next = || {
        crate::test_rng::step(&mut seed);
        let special = [
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            1e-320,
            1e308,
        ];
        let pick = (seed >> 60) as usize;
        if pick < special.len() {
            special[pick]
        } else {
            ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5)
                * 10f64.powi((seed >> 8) as i32 % 40 - 20)
        }
    };
    for _ in 0..20_000 {
        let n = DVec3::new(next(), next(), next()).normalize();
        assert_eq!((n.x + n.y + n.z).is_finite(), n.is_finite(), "{n}");
    }
}

#[test]
fn the_steepest_gradient_worked_by_hand() {
    // The tilted plane z = 0.3x − 0.2y + 1: every triangle has ∇z = (0.3, −0.2), |∇z| =
    // √0.13 = 0.36056; the bound is that raised by 1e-9 relative, and the normals the
    // ray casts return obey |n_xy| ≤ G·n_z. One sample of a flat grid raised by 0.4 m
    // (cells of 0.5 m): the steepest triangles have it at their right angle (B of the cell
    // to its lower right, A of the one to its upper left), ∇z = (∓0.4, ±0.4)/0.5, so
    // G = 0.8·√2 = 1.13137.
    let (hf, _) = tilted();
    let g = hf.max_gradient();
    assert!((g - 0.13_f64.sqrt()).abs() < 1e-8, "{g}");
    assert!(g >= 0.13_f64.sqrt());
    for (x, y) in [(0.1, -1.3), (2.2, 0.4), (3.0, 1.1)] {
        let hit = hf.cast_ray(DVec3::new(x, y, 9.0), -DVec3::Z, 20.0).unwrap();
        let n = hit.normal;
        assert!(n.truncate().length() <= g * n.z, "{n}");
    }
    let mut heights = vec![0.0; 16];
    heights[5] = 0.4;
    let bump = HeightField::new(4, 4, 0.5, DVec2::ZERO, heights);
    let g = bump.max_gradient();
    assert!((g - 0.8 * 2.0_f64.sqrt()).abs() < 1e-8, "{g}");
}
