use super::*;
use crate::ground::{Ground, GroundHit};
use crate::input::Intent;
use crate::test_rng::uniform;
use crate::vehicle::Vehicle;
use glam::DQuat;
use std::f64::consts::FRAC_PI_2;

fn at(translation: DVec3, rotation: DQuat) -> ChassisState {
    ChassisState {
        pose: Pose::new(translation, rotation),
        ..Default::default()
    }
}

#[test]
fn the_box_floor_worked_by_hand() {
    // Level plane z = 0.2; a box of half extents (1, 1, 0.5) centred on the pose's origin at
    // 1.2 m: its floor is 1.2 − 0.5 − 0.2 = 0.5 m above the plane. Turned by 90° about x its
    // half height is the y extent, 1: the floor is 0 m up.
    let plane = Plane::flat_at(0.2);
    let (c, e) = (DVec3::ZERO, DVec3::new(1.0, 1.0, 0.5));
    let level = at(DVec3::new(3.0, -4.0, 1.2), DQuat::IDENTITY);
    assert!((box_floor(&plane, &level.pose, c, e) - 0.5).abs() < 1e-15);
    let turned = at(level.pose.translation, DQuat::from_rotation_x(FRAC_PI_2));
    assert!(box_floor(&plane, &turned.pose, c, e).abs() < 1e-15);
    // Rims: clear while 0.5 exceeds grow + 0.01 + 1e-6; the lower pose decides.
    assert!(rims_clear(&plane, (&level, &level), (c, e, 0.48)));
    assert!(!rims_clear(&plane, (&level, &level), (c, e, 0.4899995)));
    assert!(!rims_clear(&plane, (&level, &turned), (c, e, 0.0)));
    // Body: clear while 0.5 − drop exceeds 0.01 + 1e-6.
    assert!(body_clear(&plane, &level.pose, (c - e, c + e), 0.48));
    assert!(!body_clear(&plane, &level.pose, (c - e, c + e), 0.4899995));
    // A quaternion off unit length gives no answer.
    let long = at(
        level.pose.translation,
        DQuat::from_xyzw(0.0, 0.0, 0.0, 1.001),
    );
    assert!(!body_clear(&plane, &long.pose, (c - e, c + e), 0.0));
}

#[test]
fn a_clear_answer_is_one_every_query_misses() {
    // Seeded planes (level and tilted), poses, boxes and reaches: whenever a bound says
    // clear, the plane's own sphere casts of points of the box (swept from the start pose to
    // the end pose and the margin beyond) and its downward rays (from above the point to
    // `drop` below it) find nothing; and both bounds say clear often. `both_bounds` (one
    // frame of the start pose for both boxes) answers as the two bounds, always, and its
    // body floor is `box_floor`'s.
    let mut seed = 0x6a09_e667_f3bc_c909_u64;
    let mut f = |lo: f64, hi: f64| uniform(&mut seed, lo, hi);
    let (mut rims, mut body, mut together) = (0, 0, 0);
    for i in 0..4000 {
        let tilt = if i % 3 == 0 { 0.0 } else { f(0.0, 0.8) };
        let normal = DQuat::from_rotation_z(f(-3.0, 3.0)) * DQuat::from_rotation_x(tilt) * DVec3::Z;
        let plane = Plane::flat().through(DVec3::new(f(-9.0, 9.0), f(-9.0, 9.0), f(-1.0, 1.0)));
        let plane = Plane { normal, ..plane };
        let turn = |f: &mut dyn FnMut(f64, f64) -> f64| {
            DQuat::from_scaled_axis(DVec3::new(f(-0.6, 0.6), f(-0.6, 0.6), f(-3.0, 3.0)))
        };
        let base = plane.point + normal * f(0.0, 1.5) + DVec3::new(f(-3.0, 3.0), f(-3.0, 3.0), 0.0);
        let start = at(base, turn(&mut f));
        let end = at(
            base + DVec3::new(f(-0.3, 0.3), f(-0.3, 0.3), f(-0.3, 0.3)),
            turn(&mut f),
        );
        let (c, e) = (
            DVec3::new(f(-0.5, 0.5), 0.0, f(-0.3, 0.3)),
            DVec3::new(f(0.5, 2.0), f(0.3, 1.0), f(0.0, 0.4)),
        );
        let (grow, drop) = (f(0.2, 0.4), f(0.0, 0.3));
        // Both bounds from one frame of the start pose: the two calls' answer, always.
        let (rims_box, body_box) = ((c, e, grow), (c - e, c + e));
        let one = (
            rims_clear(&plane, (&start, &end), rims_box),
            body_clear(&plane, &start.pose, body_box, drop),
        );
        let (r, b, low) = both_bounds(&plane, (&start, &end), rims_box, body_box, drop);
        assert_eq!((r, b), one, "case {i}");
        let (min, max) = body_box;
        let floor = box_floor(&plane, &start.pose, 0.5 * (min + max), 0.5 * (max - min));
        assert_eq!(low.to_bits(), floor.to_bits(), "case {i}");
        together += usize::from(r && b);
        let corner = |f: &mut dyn FnMut(f64, f64) -> f64| {
            c + e * DVec3::new(
                f(-1.0, 1.0).signum(),
                f(-1.0, 1.0).signum(),
                f(-1.0, 1.0).signum(),
            )
        };
        if rims_clear(&plane, (&start, &end), (c, e, grow)) {
            rims += 1;
            for _ in 0..8 {
                let local = corner(&mut f);
                let c0 = start.pose.transform_point(local);
                let d = end.pose.transform_point(local) - c0;
                let r = grow - crate::params::RIM_SWEEP_MARGIN;
                let dir = if d.length() > 0.0 {
                    d.normalize()
                } else {
                    -DVec3::Z
                };
                let len = d.length() + crate::params::RIM_SWEEP_MARGIN;
                assert_eq!(
                    plane.cast_sphere(c0, r, dir, len).map(|h| h.distance),
                    None,
                    "case {i}"
                );
            }
        }
        if body_clear(&plane, &start.pose, (c - e, c + e), drop) {
            body += 1;
            for _ in 0..8 {
                let pt = start.pose.transform_point(corner(&mut f));
                let a = f(0.0, 2.0);
                let hit = plane.cast_ray(pt + DVec3::Z * a, DVec3::NEG_Z, a + drop);
                assert_eq!(hit.map(|h: GroundHit| h.distance), None, "case {i}");
            }
        }
    }
    assert!(
        rims > 400 && body > 400 && together > 200,
        "{rims} {body} {together}"
    );
}

/// A plane that does not say it is one: every query through its trait arithmetic and the
/// general bounds.
struct Hidden(Plane);

impl Ground for Hidden {
    fn cast_ray(&self, o: DVec3, d: DVec3, m: f64) -> Option<GroundHit> {
        self.0.cast_ray(o, d, m)
    }
    fn cast_sphere(&self, o: DVec3, r: f64, d: DVec3, m: f64) -> Option<GroundHit> {
        self.0.cast_sphere(o, r, d, m)
    }
    fn max_height_over(&self, min: glam::DVec2, max: glam::DVec2) -> Option<f64> {
        self.0.max_height_over(min, max)
    }
    fn max_height_over_sloped(
        &self,
        min: glam::DVec2,
        max: glam::DVec2,
        slope: glam::DVec2,
    ) -> Option<f64> {
        self.0.max_height_over_sloped(min, max, slope)
    }
}

/// The numbers of two `Debug` forms, pairwise, and the text between them (which must match).
fn numbers_and_text(s: &str) -> (Vec<f64>, String) {
    let mut nums = Vec::new();
    let mut text = String::new();
    let mut tok = String::new();
    let number_char = |c: char| c.is_ascii_digit() || matches!(c, '.' | '-' | 'e' | '+');
    for c in s.chars().chain(std::iter::once(' ')) {
        if number_char(c) || (c.is_ascii_alphabetic() && !tok.is_empty() && tok != "-") {
            tok.push(c);
            continue;
        }
        if !tok.is_empty() {
            match tok.parse::<f64>() {
                Ok(x) if tok.starts_with(|c: char| c.is_ascii_digit() || c == '-') => {
                    nums.push(x);
                    text.push('#');
                }
                _ => text.push_str(&tok),
            }
            tok.clear();
        }
        text.push(c);
    }
    (nums, text)
}

#[test]
fn the_plane_paths_keep_every_trajectory() {
    // Vehicles (sweep and ray contact) dropped, driven, tilted onto their sides and roofs on
    // level and sloped planes, with the plane's own paths (wheel query, rims' and body's
    // bounds) and without them. The ray car: every state after every step, bit for bit
    // (its wheel query and both bounds are the general path's bits). The sweep cars: their
    // wheel query on the plane is the closed form (`wheel::on_plane::cast`, round-off), so
    // each step is taken from the same state on both grounds and compared to round-off:
    // the contact's travel and point differ by `δ ≤ 8·EPSILON·(X + 2)/c` (X ≤ 4 m here, `c
    // ≥ cos 60°` — a steeper hit is rejected to the ray, the same bits), ≈ 3e-14 m; one step
    // answers it linearly through the spring and damper (`k + c_d/Δt_sub` ≤ 1e6 N/m for
    // these presets at 3 substeps of 1/180 s), the tyres' load and the integration, so no
    // number of the state (forces in N, the rest smaller) moves by more than ≈ 3e-8 of its
    // unit: the comparison allows 1e-6·max(1, |x|), a margin of 30, and the same text
    // (flags, contact and surface ids) exactly.
    use crate::presets as ps;
    let planes = [
        Plane::flat(),
        Plane::inclined(0.2, glam::DVec2::new(1.0, 0.3)),
    ];
    let mut ray = ps::sedan();
    ray.contact.mode = crate::ground::ContactMode::Raycast;
    let (mut exact, mut close) = (0, 0);
    for (k, params) in [ps::sedan(), ray, ps::kart(), ps::rally_4wd()]
        .into_iter()
        .enumerate()
    {
        let sweep = params.contact.mode == crate::ground::ContactMode::Sweep;
        for (j, plane) in planes.iter().enumerate() {
            for (roll, height) in [(0.0, 0.6), (1.4, 1.2), (3.1, 1.5)] {
                let mut a = Vehicle::new(params.clone()).unwrap();
                let up = plane.point + plane.normal * height;
                a.teleport(Pose::new(up, DQuat::from_rotation_x(roll)));
                a.set_intent(Intent {
                    throttle: 0.4,
                    steer: 0.3,
                    ..Default::default()
                })
                .unwrap();
                let mut b = a.clone();
                for step in 0..90 {
                    if sweep {
                        b = a.clone();
                    }
                    a.step(1.0 / 60.0, plane);
                    b.step(1.0 / 60.0, &Hidden(*plane));
                    let (sa, sb) = (format!("{:?}", a.state()), format!("{:?}", b.state()));
                    let at = format!("vehicle {k}, plane {j}, roll {roll}, step {step}");
                    if !sweep || sa == sb {
                        assert!(sa == sb, "{at}");
                        exact += 1;
                        continue;
                    }
                    let ((na, ta), (nb, tb)) = (numbers_and_text(&sa), numbers_and_text(&sb));
                    assert!(ta == tb && na.len() == nb.len(), "{at}");
                    for (x, y) in na.iter().zip(&nb) {
                        let tol = 1e-6 * y.abs().max(1.0);
                        assert!((x - y).abs() <= tol, "{at}: {x} {y}");
                    }
                    close += 1;
                }
            }
        }
    }
    // Both kinds of step ran.
    assert!(exact > 500 && close > 200, "{exact} {close}");
}
