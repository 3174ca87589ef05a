use super::*;
use crate::ground::wheel::RejectionCos;
use crate::ground::{ContactParams, HitRejection, SweepHitMode};
use crate::test_rng::uniform;
use crate::wheel::tests::{previous_hit, random_plane, written};
use glam::DQuat;

#[test]
fn the_sweep_path_is_the_plane_path() {
    // Seeded random planes (level, sloped, moving), wheels with parameters within their
    // validated ranges, suspension lines (some non-finite, zero, overflowing or pointing up),
    // axles (steered and cambered, some not quite unit, zero or non-finite), previous planes
    // (none, a ray's, a sweep's with the new plane's normal bits or another's), the last
    // query's axle in a third of the cases, and rejection angles from tight to none: the
    // sweep's pass writes what the plane's pass does, bit for bit (the ground rise on the
    // same plane, by its identity, to its round-off bound), and every branch is
    // reached (hits, misses, the ray's fallback, contacts beyond the travel, rises through
    // the shared fit and through `Old::travel`).
    let mut seed = 0x5eed_5ee9_0039_u64;
    let mut f = |lo: f64, hi: f64| uniform(&mut seed, lo, hi);
    let (mut reached, mut identity) = ([0usize; 6], 0);
    for i in 0..60_000_usize {
        let plane = random_plane(i, 0.9, &mut f);
        let mut wp = crate::wheel::WheelParams {
            radius: f(0.2, 0.4),
            width: f(0.1, 0.3),
            ..Default::default()
        };
        wp.suspension.max_compression = f(0.05, 0.2);
        wp.suspension.max_droop = f(0.05, 0.3);
        let down = DQuat::from_scaled_axis(DVec3::new(f(-0.5, 0.5), f(-0.5, 0.5), 0.0)) * -DVec3::Z;
        let mut top = plane.point + DVec3::new(f(-1.0, 1.0), f(-1.0, 1.0), f(-0.2, 0.9));
        let mut dir = down * f(0.5, 2.0);
        let mut axle = DQuat::from_scaled_axis(DVec3::new(f(-0.3, 0.3), 0.0, f(-0.6, 0.6)))
            * DVec3::Y
            * f(0.999, 1.001);
        match i % 97 {
            0 => top.x = f64::NAN,
            1 => dir = DVec3::ZERO,
            2 => dir = DVec3::splat(1e200),
            3 => dir = -dir,
            4 => dir.y = f64::INFINITY,
            5 => axle = DVec3::splat(f64::INFINITY),
            6 => axle = DVec3::ZERO,
            _ => {}
        }
        let angle = [0.3, 1.0, std::f64::consts::PI][i % 3];
        let contact = ContactParams {
            mode: ContactMode::Sweep,
            rejection: HitRejection {
                max_normal_angle: angle,
                max_point_angle: [0.2, 1.2, std::f64::consts::PI][(i / 3) % 3],
            },
            sweep_hits: SweepHitMode::Blocking,
            ..Default::default()
        };
        let hit_cache = previous_hit(i, &plane, &mut f);
        let mut ws = WheelState {
            hit_cache,
            contact_point_world: DVec3::splat(9.0),
            measured_jounce: Some(-1.0),
            ground_rise: -2.0,
            axle_world_substep: axle,
            ..Default::default()
        };
        let mut plane_pass = ws;
        let cos = RejectionCos::of(&contact.rejection);
        let last = (i % 3 == 1)
            .then(|| DQuat::from_scaled_axis(DVec3::new(0.0, 0.0, f(-1.0, 1.0))) * DVec3::Y);
        let (was_valid, was_ray) = (ws.hit_cache.valid, ws.hit_cache.from_ray);
        let old_point = ws.hit_cache.point;
        sweep_on_plane(&wp, &cos, &plane, (top, dir), &mut ws, last);
        let q = super::super::query::wheel_query(&wp, top, dir, axle);
        let sp = &wp.suspension;
        super::super::on_plane::query_on_plane(
            sp,
            (&contact, &cos),
            &plane,
            (&q, last),
            &mut plane_pass,
        );
        let shared = was_valid && !was_ray && last.is_none() && i % 2 == 0;
        if shared && ws.measured_jounce.is_some() && !ws.hit_cache.from_ray {
            // The rise on the same plane by its identity `(p₀ − p_old)·n / c` against the
            // plane pass's `s_old − s` (both fits' travels). Rounding analysis (`u = 2⁻⁵³`,
            // `X` the largest coordinate magnitude of the strut top, the plane's point and
            // the old contact, in m; the crown offset and the travels below `X + 1` m): the
            // plane pass's `s_old = (p_old − o − q)·n/(d·n)` carries ≈ 6u·(X + 1)/c + u·|s_old|
            // and `s` (the closed form) ≈ 8u·(X + 1)/c + u·|s| (`within_round_off`), their
            // difference one more rounding; the identity's dot product of `p₀ − p_old`
            // ≈ 4u·X/c + u·|rise|. In all `|Δrise| ≤ 9·EPSILON·(X + 2)/c` (`EPSILON = 2u`),
            // `max(·, 0)` being 1-Lipschitz; a rise exactly at the slop's edge aside.
            let big = |v: DVec3| v.abs().max_element();
            let x = big(top).max(big(plane.point)).max(big(old_point));
            let c = -dir.normalize().dot(plane.normal);
            let tol = 9.0 * f64::EPSILON * (x + 2.0) / c;
            let (a, b) = (ws.ground_rise, plane_pass.ground_rise);
            assert!((a - b).abs() <= tol, "case {i}: rise {a} {b} {tol}");
            ws.ground_rise = b;
            identity += 1;
        }
        assert_eq!(written(&ws), written(&plane_pass), "case {i}");
        let counts = [
            ws.measured_jounce.is_some(),
            !ws.hit_cache.valid,
            ws.hit_cache.valid && ws.hit_cache.from_ray,
            ws.hit_cache.valid && ws.measured_jounce.is_none(),
            ws.ground_rise != 0.0 && shared && !ws.hit_cache.from_ray,
            ws.ground_rise != 0.0 && !shared,
        ];
        for (n, hit) in reached.iter_mut().zip(counts) {
            *n += usize::from(hit);
        }
    }
    assert!(reached.iter().all(|&n| n > 300), "{reached:?}");
    assert!(identity > 1000, "{identity}");
}
