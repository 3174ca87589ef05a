//! Tests of the rims' broad phase: whatever [`RimsBox::clear`] skips is a sweep that finds
//! nothing.

use super::*;
use crate::ground::{HeightField, Plane};
use crate::math::Pose;
use crate::params::VehicleParams;
use glam::DQuat;

/// Issue 13's terrain (`0.5·sin(2πx/60)·sin(2πy/45) + 1.5·sin(2πx/310 + 1)·cos(2πy/270)` m) on
/// its 1000/255 m cells, 48 × 48 samples around the origin, with a 0.3 m step on a block of
/// cells (steep faces and edges for the rims to meet).
fn terrain() -> HeightField {
    use std::f64::consts::TAU;
    let cell = 1000.0 / 255.0;
    HeightField::from_fn(48, 48, cell, DVec2::splat(-23.5 * cell), |x, y| {
        let step = if (10.0..30.0).contains(&x) && (-20.0..0.0).contains(&y) {
            0.3
        } else {
            0.0
        };
        0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
            + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
            + step
    })
    .unwrap()
}

/// A random substep of the sedan over a ground whose height and normal at `(x, y)` are
/// `ground_at(x, y)`: the body on the ground's slope at a random `(x, y)` (tilted by up to 0.03 rad more), any heading, its lowest rim
/// −0.05 to 0.5 m above its resting height; the end pose `h = 1/180` s later at up to 30 m/s and
/// 2 rad/s.
fn substep(
    seed: &mut u64,
    boxes: &RimsBox,
    ground_at: impl Fn(f64, f64) -> (f64, DVec3),
) -> (ChassisState, ChassisState) {
    let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(seed, lo, hi);
    let (x, y) = (f(-60.0, 60.0), f(-60.0, 60.0));
    let (z, up) = ground_at(x, y);
    let tilt = DQuat::from_rotation_arc(DVec3::Z, up)
        * DQuat::from_scaled_axis(DVec3::new(f(-0.03, 0.03), f(-0.03, 0.03), 0.0));
    let rotation = tilt * DQuat::from_rotation_z(f(-3.2, 3.2));
    // The strut tops' lowest point lies `half.z − centre.z` below the body's origin, and a
    // rim `grow − margins` below that; rest it on the ground there, then move it.
    let lift = boxes.half.z - boxes.centre.z + boxes.grow - RIM_SWEEP_MARGIN + f(-0.05, 0.5);
    let translation = DVec3::new(x, y, z + lift);
    let start = ChassisState {
        pose: Pose {
            translation,
            rotation,
        },
        linear_velocity_world: DVec3::ZERO,
        angular_velocity_world: DVec3::ZERO,
    };
    let h = 1.0 / 180.0;
    let v = DVec3::new(f(-30.0, 30.0), f(-30.0, 30.0), f(-5.0, 5.0));
    let w = DVec3::new(f(-2.0, 2.0), f(-2.0, 2.0), f(-2.0, 2.0));
    let end = ChassisState {
        pose: Pose {
            translation: translation + v * h,
            rotation: (DQuat::from_scaled_axis(w * h) * rotation).normalize(),
        },
        ..start
    };
    (start, end)
}

/// Whether any enabled wheel's rim sweep over the substep (exactly [`rim_contact`]'s, without
/// its broad phase) hits `ground`.
fn any_rim_hits(
    p: &VehicleParams,
    start: &ChassisState,
    end: &ChassisState,
    g: &dyn Ground,
) -> bool {
    p.wheels.iter().filter(|w| w.enabled).any(|wp| {
        let local = strut_top_local(wp);
        let c0 = start.pose.transform_point(local);
        let d = end.pose.transform_point(local) - c0;
        let len = d.length();
        let dir = if len > 0.0 { d / len } else { DVec3::NEG_Z };
        g.cast_sphere(c0, rim_radius(wp), dir, len + RIM_SWEEP_MARGIN)
            .is_some()
    })
}

/// Counts over `cases` random substeps: (the sloped test says clear, the flat test says
/// clear, some rim sweep hits); asserts that no substep either test clears has a rim sweep
/// that hits, and that [`RimsBox::clear`] is the two tests' "or" (`g` is no level plane; on
/// a plane it may clear more, by the plane's own bound, and nothing it clears hits).
fn check(
    p: &VehicleParams,
    g: &dyn Ground,
    cases: usize,
    seed: u64,
    mut sample: impl FnMut(&mut u64) -> (ChassisState, ChassisState),
) -> (usize, usize, usize) {
    let boxes = RimsBox::of(p);
    let mut seed = seed;
    let (mut sloped, mut flat, mut hits) = (0, 0, 0);
    for _ in 0..cases {
        let (start, end) = sample(&mut seed);
        let hit = any_rim_hits(p, &start, &end, g);
        let (s, f) = (
            boxes.sloped_clear(&start, &end, g),
            boxes.flat_clear(&start, &end, g),
        );
        let clear = boxes.clear(&start, &end, crate::ground::AskedGround::of(g));
        assert!(!(hit && (s || f || clear)), "{s} {f} {start:?} {end:?}");
        // On a plane its own bound (`super::on_plane`) may clear more.
        assert!(clear || !(s || f));
        assert!(g.as_plane().is_some() || clear == (s || f));
        hits += usize::from(hit);
        sloped += usize::from(s);
        flat += usize::from(f);
    }
    (sloped, flat, hits)
}

#[test]
fn a_cleared_substep_has_no_rim_hit_on_a_heightfield() {
    // 30 000 random substeps of the sedan over issue 13's terrain with a 0.3 m step: no rim
    // sweep of a substep the broad phase clears hits the ground, and the sloped test clears
    // more of them than the flat one (21,613 against 16,276; 5,233 have a hit).
    let p = crate::presets::sedan();
    let hf = terrain();
    let boxes = RimsBox::of(&p);
    let at = |x: f64, y: f64| (hf.height_at(x, y).unwrap(), hf.normal_at(x, y).unwrap());
    let (sloped, flat, hits) = check(&p, &hf, 30_000, 11, |seed| substep(seed, &boxes, at));
    assert!(
        hits > 1_000 && sloped > 20_000 && sloped > flat + 3_000,
        "{sloped} {flat} {hits}"
    );
}

#[test]
fn a_cleared_substep_has_no_rim_hit_on_a_plane() {
    // 20 000 random substeps on a 10° incline: the same; there the flat test clears none
    // (the incline rises 0.6 m under the car) and the sloped one 14,505 (3,470 have a hit).
    let p = crate::presets::sedan();
    let g = Plane::inclined(10f64.to_radians(), DVec2::new(0.6, 0.8));
    let boxes = RimsBox::of(&p);
    let up = g.normal;
    let at = |x: f64, y: f64| {
        let z = g.point.z - (up.x * (x - g.point.x) + up.y * (y - g.point.y)) / up.z;
        (z, up)
    };
    let (sloped, flat, hits) = check(&p, &g, 20_000, 12, |seed| substep(seed, &boxes, at));
    assert!(
        hits > 1_000 && sloped > 10_000 && flat == 0,
        "{sloped} {flat} {hits}"
    );
}
