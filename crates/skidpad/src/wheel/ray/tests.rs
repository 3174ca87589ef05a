use super::*;
use crate::ground::wheel::RejectionCos;
use crate::ground::{ContactMode, ContactParams, SurfaceId};
use crate::test_rng::uniform;
use glam::DQuat;

/// What a query writes into the wheel state, every bit (`Debug` keeps signed zeros and NaN).
fn written(ws: &WheelState) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        ws.hit_cache,
        ws.measured_jounce.map(f64::to_bits),
        ws.ground_rise.to_bits(),
        ws.contact_point_world.to_array().map(f64::to_bits),
        ws.contact_normal_world.to_array().map(f64::to_bits),
        ws.surface,
        ws.surface_velocity_world.to_array().map(f64::to_bits),
    )
}

/// A seeded wheel (parameters within their validated ranges), its suspension line from a
/// strut top near `at` (some lines non-finite or degenerate) and a wheel state whose previous
/// plane is a ray's near `at` with `normal` or another (or none).
fn case(
    f: &mut impl FnMut(f64, f64) -> f64,
    i: usize,
    at: DVec3,
    normal: DVec3,
) -> (super::super::WheelParams, (DVec3, DVec3), WheelState) {
    let mut wp = super::super::WheelParams {
        radius: f(0.2, 0.4),
        width: f(0.1, 0.3),
        ..Default::default()
    };
    wp.suspension.max_compression = f(0.05, 0.2);
    wp.suspension.max_droop = f(0.05, 0.3);
    let down = DQuat::from_scaled_axis(DVec3::new(f(-0.5, 0.5), f(-0.5, 0.5), 0.0)) * -DVec3::Z;
    let mut top = at + DVec3::new(f(-1.0, 1.0), f(-1.0, 1.0), f(-0.2, 0.9));
    let mut dir = down * f(0.5, 2.0);
    match i % 97 {
        0 => top.x = f64::NAN,
        1 => dir = DVec3::ZERO,
        2 => dir = DVec3::splat(1e200),
        3 => dir = -dir,
        4 => dir.y = f64::INFINITY,
        _ => {}
    }
    let old_normal = if i.is_multiple_of(2) {
        normal
    } else {
        DQuat::from_rotation_y(f(-0.3, 0.3)) * DVec3::Z
    };
    let ws = WheelState {
        hit_cache: HitCache {
            point: at + DVec3::new(f(-1.0, 1.0), f(-1.0, 1.0), f(-0.1, 0.1)),
            normal: old_normal,
            surface: SurfaceId(7),
            surface_velocity_world: DVec3::Y,
            from_ray: true,
            valid: !i.is_multiple_of(7),
            age: 3,
        },
        contact_point_world: DVec3::splat(9.0),
        measured_jounce: Some(-1.0),
        ground_rise: -2.0,
        ..Default::default()
    };
    (wp, (top, dir), ws)
}

/// Counts of what the queries found: hits within the travel, misses (no plane held), hits
/// beyond the travel, ground rises.
#[derive(Default)]
struct Reached([usize; 4]);

impl Reached {
    fn add(&mut self, ws: &WheelState) {
        let held = ws.hit_cache.valid;
        self.0[0] += usize::from(ws.measured_jounce.is_some());
        self.0[1] += usize::from(!held);
        self.0[2] += usize::from(held && ws.measured_jounce.is_none());
        self.0[3] += usize::from(ws.ground_rise > 0.0);
    }
}

#[test]
fn the_ray_path_is_the_plane_path() {
    // Seeded random planes (level, sloped, moving), wheels and previous ray planes of the same
    // or another normal (module `case`). `ray_on_plane` writes what the plane's one pass
    // (`on_plane::query_on_plane`) does for the wheel's ray query (zero axle, no last axle),
    // bit for bit, and every branch is reached but the ground rise's negative one, which a
    // ray cannot take: its contact point lies on the line beyond where the line crossed the
    // old plane when that crossing is nearer, so below that plane.
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut f = |lo: f64, hi: f64| uniform(&mut seed, lo, hi);
    let mut reached = Reached::default();
    for i in 0..40_000 {
        let tilt = if i % 3 == 0 { 0.0 } else { f(0.0, 0.6) };
        let normal = DQuat::from_rotation_z(f(-3.0, 3.0)) * DQuat::from_rotation_x(tilt) * DVec3::Z;
        let plane = Plane {
            point: DVec3::new(f(-5.0, 5.0), f(-5.0, 5.0), f(-0.3, 0.3)),
            normal,
            surface: SurfaceId((i % 3) as u16),
            surface_velocity_world: if i % 5 == 0 {
                DVec3::X * f(-1.0, 1.0)
            } else {
                DVec3::ZERO
            },
        };
        let (wp, line, mut ws) = case(&mut f, i, plane.point, plane.normal);
        let mut planar = ws;
        ray_on_plane(&wp, &plane, line, &mut ws);
        let contact = ContactParams {
            mode: ContactMode::Raycast,
            ..Default::default()
        };
        let cos = RejectionCos::of(&contact.rejection);
        let q = super::super::query::wheel_query(&wp, line.0, line.1, DVec3::ZERO);
        let sp = &wp.suspension;
        super::super::on_plane::query_on_plane(
            sp,
            (&contact, &cos),
            &plane,
            (&q, None),
            &mut planar,
        );
        assert_eq!(written(&ws), written(&planar), "case {i}");
        reached.add(&ws);
    }
    let [hits, misses, outside, rises] = reached.0;
    assert!(hits > 10_000 && misses > 1_000 && outside > 1_000 && rises > 1_000);
}

/// A plane behind the [`Ground`] trait only (no [`Ground::as_plane`]): the general ground's
/// filtered ray.
struct Opaque(Plane);

impl Ground for Opaque {
    fn cast_ray(&self, o: DVec3, d: DVec3, m: f64) -> Option<GroundHit> {
        self.0.cast_ray(o, d, m)
    }
    fn cast_sphere(&self, o: DVec3, r: f64, d: DVec3, m: f64) -> Option<GroundHit> {
        self.0.cast_sphere(o, r, d, m)
    }
}

#[test]
fn the_ray_path_is_the_general_path() {
    // The wheel's ray query (`ray_on_plane`, `ray_off_plane`) against the general path (`query_general`,
    // casting: no reuse, no last axle) on a plane, on a plane behind the trait only and on
    // a heightfield (issue 13's bench terrain with a 2 m step, rays over ridges and cell
    // edges), seeded as `the_ray_path_is_the_plane_path`: the same bits, every branch
    // reached on each ground.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut f = |lo: f64, hi: f64| uniform(&mut seed, lo, hi);
    #[cfg(feature = "parry")]
    let field =
        crate::ground::HeightField::from_fn(64, 64, 0.5, glam::DVec2::new(-16.0, -16.0), |x, y| {
            0.5 * (std::f64::consts::TAU * x / 6.0).sin() * (std::f64::consts::TAU * y / 4.5).sin()
                + if x > 3.0 { 0.3 } else { 0.0 }
        })
        .unwrap();
    let contact = ContactParams {
        mode: ContactMode::Raycast,
        ..Default::default()
    };
    for ground_kind in 0..3 {
        let mut reached = Reached::default();
        for i in 0..30_000 {
            let tilt = if i % 3 == 0 { 0.0 } else { f(0.0, 0.6) };
            let normal =
                DQuat::from_rotation_z(f(-3.0, 3.0)) * DQuat::from_rotation_x(tilt) * DVec3::Z;
            let plane = Plane {
                point: DVec3::new(f(-5.0, 5.0), f(-5.0, 5.0), f(-0.3, 0.3)),
                normal,
                surface: SurfaceId((i % 3) as u16),
                surface_velocity_world: DVec3::ZERO,
            };
            let opaque = Opaque(plane);
            let ground: &dyn Ground = match ground_kind {
                0 => &plane,
                1 => &opaque,
                #[cfg(feature = "parry")]
                _ => &field,
                #[cfg(not(feature = "parry"))]
                _ => &plane,
            };
            let (wp, line, mut ws) = case(&mut f, i, plane.point, plane.normal);
            let mut general = ws;
            let asked = AskedGround::of(ground);
            match asked.as_plane() {
                Some(plane) => ray_on_plane(&wp, plane, line, &mut ws),
                None => ray_off_plane(asked, contact.query_filter, &wp, line, &mut ws),
            }
            let q = super::super::query::wheel_query(&wp, line.0, line.1, DVec3::ZERO);
            let reject = &contact.rejection;
            let sp = &wp.suspension;
            let asked = AskedGround::of(ground);
            super::super::query::query_general(
                (&contact, reject),
                sp,
                &q,
                asked,
                &mut general,
                (0, None),
            );
            assert_eq!(
                written(&ws),
                written(&general),
                "ground {ground_kind}, case {i}"
            );
            reached.add(&ws);
        }
        let [hits, misses, outside, rises] = reached.0;
        assert!(
            hits > 5_000 && misses > 500 && outside > 500 && rises > 500,
            "ground {ground_kind}: {:?}",
            reached.0
        );
    }
}
