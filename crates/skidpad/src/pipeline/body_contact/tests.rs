//! Tests of the body contact's early outs: a skipped solve or end-pose move is exact.

use super::*;

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
            ..Default::default()
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
            ..Default::default()
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
