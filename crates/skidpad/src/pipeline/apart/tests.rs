//! Tests of stage 10b's early outs: a skipped stage, solve or end-pose move is exact.

use super::super::move_to_end;
use super::*;
use glam::DQuat;

/// A seeded LCG for the random substeps below (deterministic, no dependency).
struct Rng(u64);

impl Rng {
    /// Uniform in `[lo, hi)`.
    fn f(&mut self, lo: f64, hi: f64) -> f64 {
        crate::test_rng::uniform(&mut self.0, lo, hi)
    }

    /// Each component uniform in `[−s, s)`.
    fn v3(&mut self, s: f64) -> DVec3 {
        DVec3::new(self.f(-s, s), self.f(-s, s), self.f(-s, s))
    }

    /// A body within 50 m and 0.4 rad of the origin, up to 20 m/s and 3 rad/s.
    fn chassis(&mut self) -> ChassisState {
        ChassisState {
            pose: crate::math::Pose {
                translation: self.v3(50.0),
                rotation: DQuat::from_scaled_axis(self.v3(0.4)),
            },
            linear_velocity_world: self.v3(20.0),
            angular_velocity_world: self.v3(3.0),
        }
    }

    /// 1–8 constraints within 2 m of `at`, normals mostly up, approach limits in
    /// `[0, max_approach)`.
    fn constraints(&mut self, at: DVec3, max_approach: f64) -> Vec<PointConstraint> {
        let n = (self.f(1.0, 9.0) as usize).min(8);
        (0..n)
            .map(|_| PointConstraint {
                point_world: at + self.v3(2.0),
                normal_world: (DVec3::Z + self.v3(0.5)).normalize(),
                support_velocity_world: self.v3(1.0),
                max_approach_speed: self.f(0.0, max_approach),
                friction: self.f(0.0, 1.0),
            })
            .collect()
    }
}

#[test]
fn constraints_all_apart_take_no_impulse() {
    // 20 000 random sets of 1–8 constraints (the sedan's chassis, random pose, velocities
    // up to 20 m/s and 3 rad/s, normals mostly up, approach limits 0–2 m/s): whenever
    // `all_apart` says so, the solver's impulses are all exactly 0 (the skip is exact);
    // both answers occur often.
    let p = crate::presets::sedan().chassis;
    let mut rnd = Rng(9);
    let (mut apart, mut pushing) = (0, 0);
    for _ in 0..20_000 {
        let s = rnd.chassis();
        let c = rnd.constraints(s.pose.translation, 2.0);
        let mut j = vec![DVec3::splat(7.0); c.len()];
        solve_contacts(&p, &s, &c, &mut j);
        if all_apart(&p, &s, &c) {
            apart += 1;
            assert!(j.iter().all(|j| *j == DVec3::ZERO), "{j:?}");
        } else {
            pushing += 1;
        }
    }
    assert!(apart > 1000 && pushing > 1000, "{apart} {pushing}");
}

#[test]
fn apart_from_start_implies_apart_at_the_end() {
    // 20 000 random substeps (the sedan's chassis; start and end poses up to 0.3 m and
    // 0.1 rad apart, velocities up to 20 m/s and 3 rad/s, 1–8 constraints with approach
    // limits 0–30 m/s): whenever `apart_from_start` holds for the points at the start,
    // `all_apart` holds for them carried to the end (the skip is exact); both answers occur.
    let p = crate::presets::sedan().chassis;
    let mut rnd = Rng(17);
    let (mut skipped, mut tested) = (0, 0);
    for _ in 0..20_000 {
        let start = rnd.chassis();
        let drift = ChassisState {
            pose: crate::math::Pose {
                translation: start.pose.translation + rnd.v3(0.3),
                rotation: DQuat::from_scaled_axis(rnd.v3(0.1)) * start.pose.rotation,
            },
            linear_velocity_world: rnd.v3(20.0),
            angular_velocity_world: rnd.v3(3.0),
        };
        let mut c = rnd.constraints(start.pose.translation, 30.0);
        let (v, w) = (
            drift.linear_velocity_world,
            drift.angular_velocity_world.length(),
        );
        let from_start = apart_from_start(&p, &start, v, w, &c);
        move_to_end(&start, &drift, &mut c);
        if from_start {
            skipped += 1;
            assert!(all_apart(&p, &drift, &c));
        } else {
            tested += 1;
        }
    }
    assert!(skipped > 1000 && tested > 1000, "{skipped} {tested}");
}

/// A random chassis with a rotated inertia tensor and its inverse (the sedan's, turned).
fn rotated_chassis(rnd: &mut Rng) -> (crate::chassis::ChassisParams, glam::DMat3) {
    let mut p = crate::presets::sedan().chassis;
    let r = glam::DMat3::from_quat(DQuat::from_scaled_axis(rnd.v3(2.0)));
    let d = glam::DMat3::from_diagonal(DVec3::new(
        rnd.f(50.0, 1000.0),
        rnd.f(300.0, 3000.0),
        rnd.f(300.0, 3000.0),
    ));
    p.inertia = r * d * r.transpose();
    let inv = p.inertia.inverse();
    (p, inv)
}

#[test]
fn the_drift_spin_bound_holds() {
    // 50 000 random end states, torques (up to 1e5 N·m), inertia tensors and substeps: the
    // bound is at least the drift state's `|ω|`, and within 2.5× of it on average.
    let mut rnd = Rng(23);
    let mut ratio = 0.0;
    for k in 0..50_000 {
        let (_, inv) = rotated_chassis(&mut rnd);
        let end = rnd.chassis();
        let scale = [1.0, 1e3, 1e5][k % 3];
        let w = crate::chassis::Wrench {
            force: rnd.v3(1e4),
            torque: rnd.v3(scale),
        };
        let h = rnd.f(1e-4, 0.1);
        let drift = super::super::drift_state_prepared(&inv, &end, &w, h);
        let exact = drift.angular_velocity_world.length();
        let b = Drift {
            inv_inertia: &inv,
            end: &end,
            w: &w,
            h,
        }
        .spin_bound();
        assert!(b >= exact, "{b} < {exact}");
        ratio += b / exact / 50_000.0;
    }
    assert!(ratio < 2.5, "{ratio}");
}

#[test]
fn the_lazy_drift_state_keeps_the_impulses() {
    // 20 000 random substeps: `solve_unless_apart` with the drift spin's bound gives the
    // same impulses, bit for bit, as building the drift state first and testing with its
    // `|ω|` (the code before); both the skip and the solve occur.
    let mut rnd = Rng(29);
    let (mut skipped, mut solved) = (0, 0);
    for _ in 0..20_000 {
        let (p, inv) = rotated_chassis(&mut rnd);
        let start = rnd.chassis();
        let mut end = rnd.chassis();
        end.pose.translation = start.pose.translation + rnd.v3(0.3);
        let w = crate::chassis::Wrench {
            force: rnd.v3(1e4),
            torque: rnd.v3(3e3),
        };
        let h = rnd.f(1e-3, 0.05);
        let c0 = rnd.constraints(start.pose.translation, 30.0);
        // Before: the drift state first, the start test on its own spin.
        let drift = super::super::drift_state_prepared(&inv, &end, &w, h);
        let (mut c, mut want) = (c0.clone(), vec![DVec3::ZERO; c0.len()]);
        let (v, spin) = (
            drift.linear_velocity_world,
            drift.angular_velocity_world.length(),
        );
        if !apart_from_start(&p, &start, v, spin, &c) {
            move_to_end(&start, &drift, &mut c);
            if !all_apart(&p, &drift, &c) {
                solve_contacts(&p, &drift, &c, &mut want);
            }
        }
        let lazy = Drift {
            inv_inertia: &inv,
            end: &end,
            w: &w,
            h,
        };
        let (mut c, mut got) = (c0.clone(), vec![DVec3::ZERO; c0.len()]);
        let ran = solve_unless_apart(&p, &start, &lazy, &mut c, &mut got);
        // Not solved: every impulse is still 0 (the caller then adds none).
        assert!(ran || got.iter().all(|j| *j == DVec3::ZERO));
        let bits = |j: &[DVec3]| -> Vec<[u64; 3]> {
            j.iter()
                .map(|v| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()])
                .collect()
        };
        assert_eq!(bits(&got), bits(&want));
        if want.iter().any(|j| *j != DVec3::ZERO) {
            solved += 1;
        } else {
            skipped += 1;
        }
    }
    assert!(skipped > 1000 && solved > 1000, "{skipped} {solved}");
}

#[test]
fn the_apart_term_worked_by_hand() {
    // At rest on the plane's normal `z`, no spin: a point sinking at 1 m/s whose speculative
    // limit is `1 + ε` m/s has `rel − arm + limit = ε` against `1e-9·(1 + 1 + 0 + 0 + 1 + ε)`:
    // apart for ε = 1e-8, not for ε = 1e-9 (below 3e-9); and a point at its full
    // compression (limit 0) of a body at rest is not apart (0 > 1e-9 fails).
    let v = DVec3::new(0.0, 0.0, -1.0);
    let pc = |limit: f64| PointConstraint {
        point_world: DVec3::new(1.0, 0.5, 0.0),
        normal_world: DVec3::Z,
        support_velocity_world: DVec3::ZERO,
        max_approach_speed: limit,
        friction: 0.0,
    };
    let term =
        |v: DVec3, limit: f64| apart_term(DVec3::ZERO, v, v.abs().element_sum(), 0.0, &pc(limit));
    assert!(term(v, 1.0 + 1e-8));
    assert!(!term(v, 1.0 + 1e-9));
    assert!(!term(DVec3::ZERO, 0.0));
    assert!(term(DVec3::ZERO, 2e-9));
}

/// The vehicles the seeded impact-stage tests sample: the sedan with its sphere sweep, the
/// sedan with ray casts, and the kart.
pub(super) fn sampled_vehicles() -> [crate::params::VehicleParams; 3] {
    let mut ray = crate::presets::sedan();
    ray.contact.mode = crate::ground::ContactMode::Raycast;
    [crate::presets::sedan(), ray, crate::presets::kart()]
}

/// Issue 13's terrain on its 1000/255 m cells, 48 × 48 samples around the origin.
pub(super) fn terrain() -> crate::ground::HeightField {
    use std::f64::consts::TAU;
    let cell = 1000.0 / 255.0;
    let f = |x: f64, y: f64| {
        0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
            + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
    };
    crate::ground::HeightField::from_fn(48, 48, cell, glam::DVec2::splat(-23.5 * cell), f).unwrap()
}

/// A vehicle of `params` over `ground` at a random `(x, y)` within 60 m of the origin, any
/// heading, after 0–2 steps. Half of them driving: on the ground's normal (tilted by up to
/// 0.03 rad more), the origin 0.05 m below to 0.1 m above its spawn height (the radius and
/// 5 cm over the ground, as the bench's), up to 8 m/s, ±0.5 m/s vertically and 0.3 rad/s;
/// the others anywhere near: tilted by up to 0.4 rad (one in four of them on a side or the
/// roof), 0–1.5 m up, ±3 m/s vertically and 2 rad/s. Horizontal velocity components up
/// to `speed` (m/s).
pub(super) fn random_vehicle(
    params: &VehicleParams,
    ground: &dyn crate::ground::Ground,
    seed: &mut u64,
    speed: f64,
) -> crate::vehicle::Vehicle {
    let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(seed, lo, hi);
    let (x, y) = (f(-60.0, 60.0), f(-60.0, 60.0));
    let hit = ground.cast_ray(DVec3::new(x, y, 50.0), DVec3::NEG_Z, 100.0);
    let (z, up) = hit.map_or((0.0, DVec3::Z), |h| (h.point.z, h.normal));
    let driving = f(0.0, 1.0) < 0.5;
    let (tilt, lift, vz, w) = if driving {
        let r = params.wheels[0].radius;
        (0.03, r + f(0.0, 0.15), 0.5, 0.3)
    } else {
        let roll = if f(0.0, 1.0) < 0.25 { 2.5 } else { 0.0 };
        (0.4 + roll, f(0.0, 1.5), 3.0, 2.0)
    };
    let turn = DQuat::from_rotation_arc(DVec3::Z, up)
        * DQuat::from_rotation_z(f(-3.2, 3.2))
        * DQuat::from_rotation_y(f(-0.4, 0.4) * tilt / 0.4)
        * DQuat::from_rotation_x(f(-tilt, tilt));
    let mut v = crate::vehicle::Vehicle::new(params.clone()).unwrap();
    v.teleport(crate::math::Pose::new(DVec3::new(x, y, z + lift), turn));
    let lin = DVec3::new(f(-speed, speed), f(-speed, speed), f(-vz, vz));
    v.set_velocity(lin, DVec3::new(f(-w, w), f(-w, w), f(-w, w)));
    for _ in 0..(f(0.0, 3.0) as usize) {
        v.step(1.0 / 60.0, ground);
    }
    v
}

/// What [`one_substep`] found of one substep.
pub(super) struct Case {
    /// The early-out fired ([`nothing_near`]).
    pub(super) quiet: bool,
    /// The full path acted (returned a correction).
    pub(super) acted: bool,
    /// One query over the union proved both the rims and the body clear.
    pub(super) shared: bool,
    /// The full path's body rays found the ground ([`super::super::body_contact_points`]).
    pub(super) body_hits: usize,
}

/// One substep of `h` of the vehicle `v` over `ground`: stage 10b with its early-out and
/// the full path from the same state, asserted equal (result, state and forces, bit for
/// bit; `label` names the case in the failure's message).
pub(super) fn one_substep(
    v: &mut crate::vehicle::Vehicle,
    ground: &dyn crate::ground::Ground,
    h: f64,
    label: &str,
) -> Case {
    let (p, d, controls, s) = v.parts_mut();
    let mut forces = super::super::SubstepForces::default();
    super::super::compute_forces_into(p, d, controls, s, ground, h, &mut forces);
    let start = s.chassis;
    let (inv, boxes) = (&d.chassis_inverse_inertia, &d.step_boxes);
    let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
    crate::chassis::integrate_prepared(&p.chassis, inv, &mut s.chassis, &forces.total, gravity, h);
    let asked = AskedGround::of(ground);
    let drift = Drift {
        inv_inertia: inv,
        end: &s.chassis,
        w: &forces.total,
        h,
    };
    let fresh = &mut KeptBound::default();
    let placed = (&start, start.com_world(&p.chassis));
    let quiet = nothing_near(p, boxes, &s.wheels, fresh, asked, placed, &drift);
    let end = &s.chassis;
    let m = Motion::of(p, &start, &drift);
    let fresh = &mut KeptBound::default();
    let shared = shared_bounds(p, boxes, &start, end, asked, &m, fresh) == Some((true, true));
    let (mut c, mut depth) = (arrayvec::ArrayVec::new(), arrayvec::ArrayVec::new());
    let body_hits =
        super::super::body_contact_points(p, &start, end, ground, h, &mut c, &mut depth);
    let (mut s2, mut f2) = (s.clone(), forces.clone());
    let got = super::super::body_contact::impact_stage_with(
        p,
        inv,
        boxes,
        s,
        ground,
        placed,
        &mut forces,
        h,
    );
    let want =
        super::super::body_contact::impact_full(p, inv, boxes, &mut s2, asked, &start, &mut f2, h);
    let (a, b) = (
        format!("{got:?} {s:?} {forces:?}"),
        format!("{want:?} {s2:?} {f2:?}"),
    );
    assert!(a == b, "{label}: early-out {quiet}");
    Case {
        quiet,
        acted: want.is_some(),
        shared,
        body_hits,
    }
}

#[test]
fn nothing_near_keeps_every_impact_stage() {
    // Seeded random substeps of the sedan (sphere sweep and ray cast) and the kart over a
    // level plane, a 0.2 rad slope and issue 13's heightfield, near and far from contact
    // (`random_vehicle`): stage 10b with its early-out gives the full path's result, state
    // and forces bit for bit; the early-out fires often, fails often, and the full path acts
    // (a stop, rim or body point pushing) in many of the cases it fails; on the heightfield
    // the rims' and the body's shared sloped bound proves both clear in many cases.
    use crate::ground::{Ground, Plane};
    let vehicles = sampled_vehicles();
    let slope = Plane::inclined(0.2, glam::DVec2::new(1.0, 0.3));
    let hf = terrain();
    let grounds: [&dyn Ground; 3] = [&Plane::flat(), &slope, &hf];
    let (mut seed, mut quiet, mut loud, mut acted) = (0x5851_f42d_4c95_7f2d_u64, 0, 0, 0);
    // Cases where one query over the union proved both the rims and the body clear.
    let mut shared = 0;
    for (k, params) in vehicles.iter().enumerate() {
        for (g, ground) in grounds.iter().enumerate() {
            for case in 0..600 {
                let mut v = random_vehicle(params, *ground, &mut seed, 8.0);
                let h = [1.0 / 60.0, 1.0 / 180.0, 1.0 / 1000.0][case % 3];
                let label = format!("vehicle {k}, ground {g}, case {case}");
                let c = one_substep(&mut v, *ground, h, &label);
                shared += usize::from(c.shared);
                (quiet, loud, acted) = (
                    quiet + usize::from(c.quiet),
                    loud + usize::from(!c.quiet),
                    acted + usize::from(c.acted),
                );
            }
        }
    }
    assert!(
        quiet > 700 && loud > 1000 && acted > 300,
        "{quiet} {loud} {acted}"
    );
    assert!(shared > 200, "{shared}");
}
