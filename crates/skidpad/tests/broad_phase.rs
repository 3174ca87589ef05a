//! The body-contact broad phase (issue 13): grounds bound their height over a rectangle
//! (`Ground::max_height_over`), and the standalone step skips the body rays, rim sweeps and
//! hanging end-stop rays that cannot reach the ground (`ground::clear_of`). A skipped query
//! is one that would have found nothing, so every run here must be bit-identical to the same
//! run on the same ground with its bound hidden (`Unbounded`: every query cast, as before).

use glam::DVec2;
use parry3d_f64::shape::SharedShape;
use skidpad::ground::{
    BROAD_PHASE_MARGIN, Ground, GroundHit, GroundSet, HeightField, ParryGround, Plane, QueryFilter,
    SweepHits, clear_of,
};
use skidpad::presets;
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DQuat, DVec3, Pose};
use std::sync::atomic::{AtomicUsize, Ordering};

/// `G` with its height bound hidden (the trait's default, unknown) and its queries counted.
struct Unbounded<G> {
    ground: G,
    bounded: bool,
    rays: AtomicUsize,
    spheres: AtomicUsize,
}

impl<G: Ground> Unbounded<G> {
    fn new(ground: G, bounded: bool) -> Self {
        Self {
            ground,
            bounded,
            rays: AtomicUsize::new(0),
            spheres: AtomicUsize::new(0),
        }
    }
    fn queries(&self) -> (usize, usize) {
        (
            self.rays.load(Ordering::Relaxed),
            self.spheres.load(Ordering::Relaxed),
        )
    }
}

impl<G: Ground> Ground for Unbounded<G> {
    fn cast_ray(&self, o: DVec3, d: DVec3, m: f64) -> Option<GroundHit> {
        self.rays.fetch_add(1, Ordering::Relaxed);
        self.ground.cast_ray(o, d, m)
    }
    fn cast_sphere(&self, o: DVec3, r: f64, d: DVec3, m: f64) -> Option<GroundHit> {
        self.spheres.fetch_add(1, Ordering::Relaxed);
        self.ground.cast_sphere(o, r, d, m)
    }
    fn cast_ray_filtered(&self, o: DVec3, d: DVec3, m: f64, f: QueryFilter) -> Option<GroundHit> {
        self.rays.fetch_add(1, Ordering::Relaxed);
        self.ground.cast_ray_filtered(o, d, m, f)
    }
    fn cast_sphere_filtered(
        &self,
        o: DVec3,
        r: f64,
        d: DVec3,
        m: f64,
        f: QueryFilter,
    ) -> Option<GroundHit> {
        self.spheres.fetch_add(1, Ordering::Relaxed);
        self.ground.cast_sphere_filtered(o, r, d, m, f)
    }
    fn cast_sphere_touches(
        &self,
        o: DVec3,
        r: f64,
        d: DVec3,
        m: f64,
        f: QueryFilter,
        hits: &mut SweepHits,
    ) {
        self.spheres.fetch_add(1, Ordering::Relaxed);
        self.ground.cast_sphere_touches(o, r, d, m, f, hits);
    }
    fn max_height_over(&self, min: DVec2, max: DVec2) -> Option<f64> {
        if self.bounded {
            self.ground.max_height_over(min, max)
        } else {
            None
        }
    }
    fn max_height_over_sloped(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
        if self.bounded {
            self.ground.max_height_over_sloped(min, max, slope)
        } else {
            None
        }
    }
}

/// `steps` steps of `p` from `pose` under `intent` on `ground`, with and without its bound:
/// returns the state hash of each step of both runs and the (rays, spheres) each cast.
fn both<G: Ground>(
    p: &VehicleParams,
    pose: Pose,
    intent: Intent,
    ground: impl Fn() -> G,
    dt: f64,
    steps: usize,
) -> [(Vec<u64>, (usize, usize)); 2] {
    [true, false].map(|bounded| {
        let g = Unbounded::new(ground(), bounded);
        let mut v = Vehicle::new(p.clone()).unwrap();
        v.teleport(pose);
        v.set_intent(intent).unwrap();
        let hashes = (0..steps)
            .map(|_| {
                v.step(dt, &g);
                assert!(v.fault().is_none(), "{:?}", v.fault());
                v.state_hash()
            })
            .collect();
        (hashes, g.queries())
    })
}

fn assert_identical(name: &str, runs: &[(Vec<u64>, (usize, usize)); 2]) {
    let [(a, qa), (b, qb)] = runs;
    let first = a.iter().zip(b).position(|(x, y)| x != y);
    assert_eq!(first, None, "{name}: runs differ from step {first:?}");
    assert!(
        qa.0 <= qb.0 && qa.1 <= qb.1,
        "{name}: the bound cast more ({qa:?} vs {qb:?})"
    );
}

fn at(x: f64, z: f64) -> Pose {
    Pose::from_translation(DVec3::new(x, 0.0, z))
}

#[test]
fn grounds_bound_their_height() {
    let (lo, hi) = (DVec2::new(-1.0, 2.0), DVec2::new(3.0, 5.0));
    // Flat at 0.5 m: exactly 0.5 m.
    assert_eq!(Plane::flat_at(0.5).max_height_over(lo, hi), Some(0.5));
    // A 10 % grade rising along +x through the origin: highest at x = 3 m, z = 0.3 m.
    let a = 0.1f64.atan();
    let top = Plane::inclined(a, DVec2::X)
        .max_height_over(lo, hi)
        .unwrap();
    assert!((top - 0.3).abs() < 1e-12, "{top}");
    // A wall (normal horizontal) has no height bound.
    assert_eq!(
        Plane::new(DVec3::ZERO, DVec3::X).max_height_over(lo, hi),
        None
    );
    // 4 × 3 samples 1 m apart from (0, 0), z = x + 10·y: over x ∈ [0.2, 1.5], y ∈ [0.1, 0.4]
    // the surface's highest point is the corner (1.5, 0.4): 5.5 m (the cells' highest sample
    // is 12 m), widened by 1e-6 of a cell (× the gradient 11: 1.1e-5 m) plus the 1e-9 m
    // allowance; off the grid −∞. Sloped by the ground's own gradient (1, 10): the height
    // above the plane through (0.2, 0.1, 0) is 0.2 + 1 = 1.2 m everywhere.
    let hf = HeightField::from_fn(4, 3, 1.0, DVec2::ZERO, |x, y| x + 10.0 * y).unwrap();
    let (a, b) = (DVec2::new(0.2, 0.1), DVec2::new(1.5, 0.4));
    let top = hf.max_height_over(a, b).unwrap();
    assert!((5.5..5.5 + 2e-5).contains(&top), "{top}");
    let top = hf
        .max_height_over_sloped(a, b, DVec2::new(1.0, 10.0))
        .unwrap();
    assert!((1.2..1.2 + 2e-5).contains(&top), "{top}");
    // Sloped (−1, 0): z − s·((x, y) − a) = 2x + 10y − 0.2, highest at (1.5, 0.4): 6.8 m.
    let top = hf
        .max_height_over_sloped(a, b, DVec2::new(-1.0, 0.0))
        .unwrap();
    assert!((6.8..6.8 + 2e-5).contains(&top), "{top}");
    // An inclined plane, z = 0.3·x + 2 (normal ∝ (−0.3, 0, 1)): exact, flat and sloped.
    let incline = Plane::new(DVec3::new(0.0, 0.0, 2.0), DVec3::new(-0.3, 0.0, 1.0));
    let top = incline.max_height_over(a, b).unwrap();
    assert!((top - 2.45).abs() < 1e-12, "{top}");
    let top = incline
        .max_height_over_sloped(a, b, DVec2::new(0.3, 0.0))
        .unwrap();
    assert!((top - 2.06).abs() < 1e-12, "{top}");
    let top = incline
        .max_height_over_sloped(a, b, DVec2::new(0.5, -1.0))
        .unwrap();
    assert!((top - (2.06 + 0.3)).abs() < 1e-12, "{top}");
    assert_eq!(incline.max_height_over_sloped(a, b, DVec2::NAN), None);
    let off = hf.max_height_over(DVec2::new(5.0, 0.0), DVec2::new(6.0, 1.0));
    assert_eq!(off, Some(f64::NEG_INFINITY));
    // A 0.4 m cube (half 0.2) centred 1 m up at x = 2: its top 1.2 m where it is, −∞ beside.
    let cube = ParryGround::new(SharedShape::cuboid(0.2, 0.2, 0.2), at(2.0, 1.0));
    let top = cube.max_height_over(DVec2::new(1.5, -0.1), DVec2::new(1.9, 0.1));
    assert!((top.unwrap() - 1.2).abs() < 1e-12, "{top:?}");
    let beside = cube.max_height_over(DVec2::new(3.0, -0.1), DVec2::new(4.0, 0.1));
    assert_eq!(beside, Some(f64::NEG_INFINITY));
    // A set: the highest member; unknown if a member is.
    let set = GroundSet::new().with(Plane::flat()).with(cube.clone());
    let top = set.max_height_over(DVec2::new(1.5, -0.1), DVec2::new(1.9, 0.1));
    assert!((top.unwrap() - 1.2).abs() < 1e-12);
    let unknown = GroundSet::new()
        .with(Plane::flat())
        .with(Unbounded::new(Plane::flat(), false));
    assert_eq!(unknown.max_height_over(lo, hi), None);
}

#[test]
fn clear_of_needs_the_margin_below_the_segment() {
    // A ray from z = 1 down to z = 0.2 over flat ground at 0: clear; down to within the
    // margin of the ground: not; a sphere of 0.15 m around the same ray: its bottom at 0.05 m
    // is inside the margin (0.01 m)? no: 0.05 − 0.01 = 0.04 > 0, clear; 0.195 m: not.
    let g = Plane::flat();
    let (a, b) = (DVec3::new(0.0, 0.0, 1.0), DVec3::new(0.0, 0.0, 0.2));
    assert!(clear_of(&g, a, b, 0.0));
    let near = DVec3::new(0.0, 0.0, 0.5 * BROAD_PHASE_MARGIN);
    assert!(!clear_of(&g, a, near, 0.0));
    assert!(clear_of(&g, a, b, 0.15));
    assert!(!clear_of(&g, a, b, 0.195));
    // Unknown bound: never clear.
    assert!(!clear_of(&Unbounded::new(g, false), a, b, 0.0));
}

#[test]
fn a_car_on_its_wheels_casts_few_body_rays_and_the_run_is_unchanged() {
    // The sedan driving on the plane, its floor ≈ 0.15 m up: for its first 1.9 s (below
    // ≈ 5.3 m/s) no body ray, rim sweep or end-stop ray is cast at all (only the suspension's
    // 4 sweeps per substep; the first body ray comes in the step to t = 2.0 s, at 5.5 m/s, a
    // front corner's ray reaching to 9.6 mm above the plane, inside the 10 mm margin). Faster, the rays' reach (`|v|·h` below each point, h = 1/60 s
    // at one substep) passes the floor's clearance and the lowest points are cast again
    // (measured: 811 rays in 4 s against 11 856 without the bound; sphere sweeps 1824
    // against 3648, the rims' all skipped). The run is bit for bit the one that casts them
    // all.
    let p = presets::sedan();
    let go = Intent {
        throttle: 0.5,
        steer: 0.1,
        ..Intent::default()
    };
    let runs = both(&p, at(0.0, 0.35), go, Plane::flat, 1.0 / 60.0, 114);
    assert_identical("sedan on the plane, 1.9 s", &runs);
    assert_eq!(runs[0].1.0, 0, "rays cast: {:?}", runs[0].1);
    let runs = both(&p, at(0.0, 0.35), go, Plane::flat, 1.0 / 60.0, 240);
    assert_identical("sedan on the plane, 4 s", &runs);
    let (bounded, all) = (runs[0].1, runs[1].1);
    assert!(bounded.0 * 10 < all.0, "{bounded:?} vs {all:?}");
    assert!(bounded.1 < all.1, "{bounded:?} vs {all:?}");
}

#[test]
fn resting_landing_and_upside_down_bodies_keep_every_contact() {
    let flat = Plane::flat;
    for dt in [1.0 / 30.0, 1.0 / 120.0] {
        let p = presets::sedan();
        // Landing from 2 m on its wheels (end stops and rims near the ground).
        let runs = both(
            &p,
            at(0.0, 2.3),
            Intent::default(),
            flat,
            dt,
            (2.0 / dt) as usize,
        );
        assert_identical("landing", &runs);
        // Dropped on its roof and resting there (the body's rays hold it).
        let roof = Pose {
            translation: DVec3::new(0.0, 0.0, 1.2),
            rotation: DQuat::from_rotation_x(std::f64::consts::PI),
        };
        let runs = both(&p, roof, Intent::default(), flat, dt, (2.0 / dt) as usize);
        assert_identical("on its roof", &runs);
        assert!(runs[0].1.0 > 0, "the roof's rays were cast");
        // The kart over a 15 cm curb (rims) at full throttle.
        let curb = || {
            GroundSet::new().with(Plane::flat()).with(ParryGround::new(
                SharedShape::cuboid(0.5, 20.0, 0.15),
                at(4.0, 0.0),
            ))
        };
        let runs = both(
            &presets::kart(),
            at(0.0, 0.3),
            Intent {
                throttle: 1.0,
                ..Intent::default()
            },
            curb,
            dt,
            (3.0 / dt) as usize,
        );
        assert_identical("kart over a curb", &runs);
    }
}

#[test]
fn a_rock_between_the_wheels_is_still_met_by_the_body() {
    // A 0.25 m high rock under the sedan's path between its wheels (track 1.55 m, the rock
    // 0.6 m wide): the floor (≈ 0.15 m up) strikes it. Same run with and without the bound,
    // and the body's rays were cast near the rock.
    let rock = || {
        GroundSet::new().with(Plane::flat()).with(ParryGround::new(
            SharedShape::cuboid(0.3, 0.3, 0.125),
            at(5.0, 0.125),
        ))
    };
    let go = Intent {
        throttle: 0.6,
        ..Intent::default()
    };
    let p = presets::sedan();
    let runs = both(&p, at(0.0, 0.35), go, rock, 1.0 / 60.0, 240);
    assert_identical("rock", &runs);
    assert!(runs[0].1.0 > 0, "no body ray near the rock");
}

#[test]
fn on_a_heightfield_the_run_is_unchanged() {
    // Issue 13's terrain (a 200 m patch of it), the sedan driving over it from 2 m up.
    let hf = HeightField::from_fn(52, 52, 1000.0 / 255.0, DVec2::splat(-100.0), |x, y| {
        use std::f64::consts::TAU;
        0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
            + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
    })
    .unwrap();
    let z = hf.height_at(0.0, 0.0).unwrap();
    let go = Intent {
        throttle: 0.5,
        steer: 0.1,
        ..Intent::default()
    };
    let runs = both(
        &presets::sedan(),
        at(0.0, z + 2.0),
        go,
        || hf.clone(),
        1.0 / 60.0,
        300,
    );
    assert_identical("heightfield", &runs);
    assert!(runs[0].1.0 < runs[1].1.0, "{:?}", (runs[0].1, runs[1].1));
}
