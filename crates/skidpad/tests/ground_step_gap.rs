//! A wheel (r = 0.33 m) rolling over a 10 cm step up and then over a 20 cm-wide gap.
//!
//! Invariant: with sweeps the wheel's circle (the cylinder seen along its axle) never
//! penetrates the ground profile by more than 1 mm, and over flat stretches the centre sits at
//! surface height + r (±1 mm). With raycasts the wheel drops into the gap (and rides into the
//! step edge), which is exactly what sweeps are for.

use glam::DVec3;
use parry3d_f64::shape::SharedShape;
use skidpad::Pose;
use skidpad::ground::{ContactMode, GroundSet, HitRejection, ParryGround, WheelQuery, query_wheel};

const R: f64 = 0.33; // m, wheel radius
const STEP: f64 = 0.1; // m, step height
const GAP: (f64, f64) = (1.0, 1.2); // m, gap extent along x
const GAP_FLOOR: f64 = -0.2; // m
const ORIGIN_Z: f64 = STEP + R + 0.15; // m, wheel centre at maximum compression
const TRAVEL: f64 = 0.5; // m
const TOL: f64 = 1e-3; // m

fn block(min: DVec3, max: DVec3) -> ParryGround {
    let he = (max - min) * 0.5;
    ParryGround::new(
        SharedShape::cuboid(he.x, he.y, he.z),
        Pose::from_translation((min + max) * 0.5),
    )
}

fn scene() -> GroundSet {
    let y = 5.0;
    GroundSet::new()
        .with(block(DVec3::new(-3.0, -y, -1.0), DVec3::new(0.0, y, 0.0)))
        .with(block(DVec3::new(0.0, -y, -1.0), DVec3::new(GAP.0, y, STEP)))
        .with(block(
            DVec3::new(GAP.0, -y, -1.0),
            DVec3::new(GAP.1, y, GAP_FLOOR),
        ))
        .with(block(DVec3::new(GAP.1, -y, -1.0), DVec3::new(4.0, y, STEP)))
}

/// The ground profile z(x) as a polyline in the x–z plane.
const PROFILE: [(f64, f64); 8] = [
    (-3.0, 0.0),
    (0.0, 0.0),
    (0.0, STEP),
    (GAP.0, STEP),
    (GAP.0, GAP_FLOOR),
    (GAP.1, GAP_FLOOR),
    (GAP.1, STEP),
    (4.0, STEP),
];

fn surface_height(x: f64) -> f64 {
    if x < 0.0 {
        0.0
    } else if x > GAP.0 && x < GAP.1 {
        GAP_FLOOR
    } else {
        STEP
    }
}

/// Distance from (x, z) to the profile polyline.
fn profile_distance(x: f64, z: f64) -> f64 {
    PROFILE
        .windows(2)
        .map(|w| {
            let (a, b) = (glam::DVec2::from(w[0]), glam::DVec2::from(w[1]));
            let p = glam::DVec2::new(x, z);
            let t = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            (p - (a + t * (b - a))).length()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Wheel-centre height at each sampled x (None = no contact).
fn scan(mode: ContactMode) -> Vec<(f64, Option<f64>)> {
    let ground = scene();
    (0..=800)
        .map(|i| {
            let x = -1.0 + 0.005 * f64::from(i);
            let q = WheelQuery {
                origin: DVec3::new(x, 0.0, ORIGIN_Z),
                direction: -DVec3::Z,
                max_distance: TRAVEL,
                radius: R,
                half_width: 0.1,
                axle: DVec3::Y,
            };
            let c = query_wheel(&ground, &q, mode, &HitRejection::default());
            (x, c.map(|c| ORIGIN_Z - c.centre_distance))
        })
        .collect()
}

#[test]
fn ground_sweep_never_penetrates_step_or_gap() {
    for (x, zc) in scan(ContactMode::Sweep) {
        let zc = zc.unwrap_or_else(|| panic!("no contact at x = {x}"));
        assert!(
            zc > surface_height(x),
            "x = {x}: centre {zc} below the surface"
        );
        let d = profile_distance(x, zc);
        assert!(
            d >= R - TOL,
            "x = {x}: wheel penetrates the ground by {} m",
            R - d
        );
        // Flat under the whole wheel: centre exactly at surface + r.
        let flat = PROFILE.iter().all(|&(px, _)| (px - x).abs() > R + 1e-9);
        if flat {
            let h = surface_height(x);
            assert!(
                (zc - (h + R)).abs() < TOL,
                "x = {x}: centre {zc}, expected {}",
                h + R
            );
        }
    }
}

#[test]
fn ground_sweep_climbs_step_with_hand_computed_height() {
    // Centre d before the step edge: it rests on the edge at z = h + √(r² − d²) once that is
    // higher than the floor contact (d < √(r² − (r − h)²) = 0.2366 m).
    let d = 0.1;
    let (_, zc) = scan(ContactMode::Sweep)
        .into_iter()
        .find(|(x, _)| (x + d).abs() < 1e-9)
        .unwrap();
    let expected = STEP + (R * R - d * d).sqrt();
    assert!((zc.unwrap() - expected).abs() < 1e-6);
    // Over the middle of the gap it rests on both edges: z = h + √(r² − 0.1²), a 15.5 mm dip.
    let mid = 0.5 * (GAP.0 + GAP.1);
    let (_, zc) = scan(ContactMode::Sweep)
        .into_iter()
        .find(|(x, _)| (x - mid).abs() < 1e-9)
        .unwrap();
    let expected = STEP + (R * R - 0.01_f64).sqrt();
    assert!((zc.unwrap() - expected).abs() < 1e-6);
}

#[test]
fn ground_raycast_drops_into_gap_and_hits_step_edge() {
    let results = scan(ContactMode::Raycast);
    let mid = 0.5 * (GAP.0 + GAP.1);
    let (_, zc) = results
        .iter()
        .find(|(x, _)| (x - mid).abs() < 1e-9)
        .unwrap();
    // The ray reaches the gap floor: centre at floor + r.
    assert!((zc.unwrap() - (GAP_FLOOR + R)).abs() < 1e-9);
    let worst = results
        .iter()
        .filter_map(|&(x, zc)| zc.map(|z| R - profile_distance(x, z)))
        .fold(0.0, f64::max);
    assert!(worst > 0.1, "raycast penetration only {worst} m");
}
