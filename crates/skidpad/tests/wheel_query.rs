//! The wheel's contact stage (`wheel::query_ground_reusing`) against the reference it replaced:
//! the query built with the wheel's real axle, `query_wheel_cached_with` and the previous
//! plane's `HitCache::contact_with`. The stage skips the axle of a ray-cast wheel (no sweep,
//! no cached sweep plane) and normalises the query once; every field it writes must be the
//! reference's bit for bit, for both contact modes, every cache state (none, a ray plane, a
//! sweep plane left from a switch of mode, reused planes), on a plane and on a heightfield,
//! and for the non-finite angles whose axle made the query unusable.

use glam::DVec2;
use skidpad::ground::{
    ContactMode, ContactParams, Ground, HeightField, Plane, WheelQuery, query_wheel_cached_with,
};
use skidpad::suspension::model as susp;
use skidpad::wheel::{self, WheelParams, WheelState};
use skidpad::{DQuat, DVec3, Pose, presets};

/// The contact stage as it was before the lean ray path (the reference).
fn reference(
    wp: &WheelParams,
    contact: &ContactParams,
    side: f64,
    pose: &Pose,
    ground: &dyn Ground,
    ws: &mut WheelState,
    reuse_steps: u32,
) {
    let sp = &wp.suspension;
    let wheel_rot = wheel::wheel_rotation(ws.steer, ws.suspension.camber, side);
    let q = WheelQuery {
        origin: wheel::strut_top_world(wp, pose),
        direction: wheel::travel_direction_world(wp, pose),
        max_distance: sp.max_compression + sp.max_droop,
        radius: wp.radius,
        half_width: 0.5 * wp.width,
        axle: pose.transform_vector(wheel_rot * DVec3::Y),
    };
    let previous = ws.hit_cache;
    let hit = query_wheel_cached_with(
        ground,
        &q,
        contact.mode,
        &contact.rejection,
        contact.query_filter,
        contact.sweep_hits,
        &mut ws.hit_cache,
        reuse_steps,
    );
    ws.measured_jounce = match hit {
        Some(c) if c.centre_distance <= q.max_distance => {
            ws.contact_point_world = c.point;
            ws.contact_normal_world = c.normal;
            ws.surface = c.surface;
            ws.surface_velocity_world = c.surface_velocity_world;
            Some(susp::jounce_from_travel(sp, c.centre_distance))
        }
        _ => None,
    };
    ws.ground_rise = match (ws.measured_jounce, hit) {
        (Some(_), Some(c)) => previous.contact_with(&q).map_or(0.0, |old| {
            susp::ground_rise(old.centre_distance, c.centre_distance, || {
                (c.point - previous.point).dot(previous.normal)
            })
        }),
        _ => 0.0,
    };
}

/// The state fields the stage writes, as bits (so −0.0 ≠ 0.0 and NaN = NaN).
fn bits(ws: &WheelState) -> Vec<u64> {
    let v = |v: DVec3| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
    let c = &ws.hit_cache;
    let mut out = Vec::new();
    out.extend(v(ws.contact_point_world));
    out.extend(v(ws.contact_normal_world));
    out.extend(v(ws.surface_velocity_world));
    out.push(u64::from(ws.surface.0));
    out.push(ws.measured_jounce.map_or(u64::MAX, f64::to_bits));
    out.push(ws.ground_rise.to_bits());
    out.extend(v(c.point));
    out.extend(v(c.normal));
    out.extend(v(c.surface_velocity_world));
    out.push(u64::from(c.surface.0));
    out.push(u64::from(c.from_ray) | u64::from(c.valid) << 1 | u64::from(c.age) << 2);
    out
}

/// A small wavy heightfield: 4 m cells, ±0.3 m.
fn wavy() -> HeightField {
    HeightField::from_fn(32, 32, 4.0, DVec2::ZERO, |x, y| {
        0.3 * (0.175 * x).sin() * (0.11 * y).cos()
    })
    .unwrap()
}

#[test]
fn lean_ray_path_writes_the_reference_bits() {
    let p = presets::sedan();
    let grounds: [(&str, Box<dyn Ground>); 3] = [
        ("flat", Box::new(Plane::flat())),
        (
            "incline",
            Box::new(Plane::inclined(0.12, DVec2::new(1.0, 0.4))),
        ),
        ("heightfield", Box::new(wavy())),
    ];
    let angles = [
        (0.0, 0.0),
        (0.03, -0.01),
        (-0.4, 0.02),
        (f64::NAN, 0.0),
        (0.1, f64::INFINITY),
    ];
    let (mut cases, mut touching, mut reused, mut sweep_planes) = (0, 0, 0, 0);
    for (name, g) in &grounds {
        for mode in [ContactMode::Raycast, ContactMode::Sweep] {
            for reuse in [0, 2] {
                for (wi, wp) in p.wheels.iter().enumerate() {
                    let side = if wp.position.y >= 0.0 { 1.0 } else { -1.0 };
                    for &(steer, camber) in &angles {
                        let mut contact = p.contact.clone();
                        contact.mode = mode;
                        let (mut a, mut b) = (WheelState::default(), WheelState::default());
                        for ws in [&mut a, &mut b] {
                            ws.steer = steer;
                            ws.suspension.camber = camber;
                        }
                        // A run of poses: rolling, pitching, climbing, airborne, back down;
                        // halfway the mode switches, so a sweep plane meets a ray query.
                        for k in 0..12 {
                            let t = f64::from(k);
                            if k == 6 {
                                contact.mode = match mode {
                                    ContactMode::Raycast => ContactMode::Sweep,
                                    ContactMode::Sweep => ContactMode::Raycast,
                                };
                            }
                            let z = if k == 4 { 3.0 } else { 0.3 + 0.01 * t };
                            let pose = Pose {
                                translation: DVec3::new(9.0 + 1.3 * t, 7.0 + 0.4 * t, z),
                                rotation: DQuat::from_rotation_z(0.2 * t)
                                    * DQuat::from_rotation_y(0.03 * (t - 5.0))
                                    * DQuat::from_rotation_x(0.02 * t),
                            };
                            reference(wp, &contact, side, &pose, g.as_ref(), &mut a, reuse);
                            wheel::query_ground_reusing(
                                wp,
                                &contact,
                                side,
                                &pose,
                                g.as_ref(),
                                &mut b,
                                reuse,
                            );
                            assert_eq!(
                                bits(&a),
                                bits(&b),
                                "{name} {mode:?} reuse {reuse} wheel {wi} angles \
                                 ({steer}, {camber}) pose {k}"
                            );
                            cases += 1;
                            if b.measured_jounce.is_some() {
                                touching += 1;
                                reused += usize::from(b.hit_cache.age > 0);
                                sweep_planes += usize::from(!b.hit_cache.from_ray);
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(cases, 3 * 2 * 2 * 4 * 5 * 12);
    // Not only misses: contacts from rays, sweeps and reused planes were compared.
    assert!(touching > cases / 3, "{touching} of {cases}");
    assert!(reused > 0 && sweep_planes > 0, "{reused} {sweep_planes}");
    eprintln!("{cases} cases, {touching} touching, {reused} reused, {sweep_planes} sweep planes");
}
