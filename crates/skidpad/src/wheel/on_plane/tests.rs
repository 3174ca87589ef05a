use super::*;
use crate::ground::wheel::RejectionCos;
use crate::ground::{AskedGround, HitRejection, SweepHitMode};
use crate::test_rng::uniform;
use crate::wheel::tests::{previous_hit, random_plane, within_round_off, written};
use glam::DQuat;

#[test]
fn the_plane_path_is_the_general_path() {
    // Seeded random planes (level, sloped, moving), wheels (upright and tilted, steered and
    // cambered axles, a ray's zero axle), previous planes (none, a ray's, a sweep's with the
    // new plane's normal bits or another's), both modes and rejection angles from tight to
    // none; some inputs non-finite or degenerate. The plane path writes what the general one
    // does, bit for bit (a sweep's fitted contact, the closed form, to its round-off bound:
    // `within_round_off`), and every branch is reached; with the last query's axle too
    // (`super::super::turned`).
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut f = |lo: f64, hi: f64| uniform(&mut seed, lo, hi);
    let (mut hits, mut misses, mut shared, mut rises, mut closed) = (0, 0, 0, 0, 0);
    for i in 0..40_000_usize {
        let plane = random_plane(i, 0.6, &mut f);
        let sp = crate::suspension::SuspensionParams {
            max_compression: f(0.05, 0.2),
            max_droop: f(0.05, 0.3),
            ..Default::default()
        };
        let down = DQuat::from_scaled_axis(DVec3::new(f(-0.5, 0.5), f(-0.5, 0.5), 0.0)) * -DVec3::Z;
        let axle = match i % 4 {
            0 => DVec3::ZERO,
            _ => DQuat::from_scaled_axis(DVec3::new(f(-0.3, 0.3), 0.0, f(-0.6, 0.6))) * DVec3::Y,
        };
        let mut q = WheelQuery {
            origin: plane.point + DVec3::new(f(-1.0, 1.0), f(-1.0, 1.0), f(-0.2, 0.9)),
            direction: down * f(0.5, 2.0),
            max_distance: sp.max_compression + sp.max_droop,
            radius: f(0.2, 0.4),
            half_width: f(0.0, 0.15),
            axle,
        };
        match i % 97 {
            0 => q.origin.x = f64::NAN,
            1 => q.direction = DVec3::ZERO,
            2 => q.axle = DVec3::splat(f64::INFINITY),
            3 => q.direction = DVec3::splat(1e200),
            4 => q.direction = -q.direction,
            _ => {}
        }
        let mode = if i % 2 == 0 {
            ContactMode::Sweep
        } else {
            ContactMode::Raycast
        };
        let angle = [0.3, 1.0, std::f64::consts::PI][i % 3];
        let contact = ContactParams {
            mode,
            rejection: HitRejection {
                max_normal_angle: angle,
                max_point_angle: [0.2, 1.2, std::f64::consts::PI][(i / 3) % 3],
            },
            sweep_hits: SweepHitMode::Blocking,
            ..Default::default()
        };
        let hit_cache = previous_hit(i, &plane, &mut f);
        let old_normal = hit_cache.normal;
        let mut ws = WheelState {
            hit_cache,
            contact_point_world: DVec3::splat(9.0),
            measured_jounce: Some(-1.0),
            ground_rise: -2.0,
            ..Default::default()
        };
        let mut general = ws;
        // The plane path with the cosines computed once (the step's), the general path with
        // the rejection's own test.
        let cos = RejectionCos::of(&contact.rejection);
        // The last query's axle (a wheel the steering turned since) in a third of the cases.
        let last = (i % 3 == 1)
            .then(|| DQuat::from_scaled_axis(DVec3::new(0.0, 0.0, f(-1.0, 1.0))) * DVec3::Y);
        query_on_plane(&sp, (&contact, &cos), &plane, (&q, last), &mut ws);
        let (ground, reject) = (AskedGround::of(&plane), &contact.rejection);
        let general_args = (0, last);
        super::super::query::query_general(
            (&contact, reject),
            &sp,
            &q,
            ground,
            &mut general,
            general_args,
        );
        // A sweep's fit (not the ray's) is the closed form (`cast`): its travel, point and
        // what follows from them (jounce, ground rise) to round-off, the rest bit for bit.
        let fitted = ws.measured_jounce.is_some() && !ws.hit_cache.from_ray;
        if fitted {
            let big = |v: DVec3| v.abs().max_element();
            let x = big(q.origin)
                .max(big(plane.point))
                .max(big(general.contact_point_world));
            let closing = -q.direction.normalize().dot(plane.normal);
            let what = format!("case {i}");
            within_round_off(&mut ws, &general, (x, closing), sp.max_compression, &what);
            closed += 1;
        }
        assert_eq!(written(&ws), written(&general), "case {i}");
        hits += usize::from(ws.measured_jounce.is_some());
        misses += usize::from(!ws.hit_cache.valid);
        rises += usize::from(ws.ground_rise > 0.0);
        shared += usize::from(
            ws.measured_jounce.is_some()
                && !ws.hit_cache.from_ray
                && general.hit_cache.normal.to_array() == old_normal.to_array(),
        );
    }
    assert!(hits > 10_000 && misses > 1_000 && shared > 1_000 && rises > 1_000);
    assert!(closed > 5_000, "{closed}");
}
