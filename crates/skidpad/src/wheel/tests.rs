//! The contact stage against its general form: the query written straight into the wheel's
//! cache and state, the axle without glam's zero terms and the one normalisation (session
//! 38: the cast along it, checked for a zero direction only) give the bits of the step as it
//! was built before (glam's products, the hit returned and copied), kept here as the
//! reference.

use super::*;
use crate::ground::cache::HitCache;
use crate::ground::plane::HiddenPlane as Hidden;
use crate::ground::wheel::{CrownFit, query_wheel_unit};
use crate::ground::{Plane, SurfaceId, SweepHitMode, WheelContact};
use glam::{DQuat, DVec2};

/// The contact stage of one wheel as it was built before this file's fast paths: glam's
/// general rotations, the normalisation checked in full, the hit returned as a
/// [`WheelContact`] and copied into the cache and the state.
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
    let ray_only = contact.mode == ContactMode::Raycast
        && (ws.hit_cache.from_ray || !ws.hit_cache.valid)
        && ws.steer.is_finite()
        && ws.suspension.camber.is_finite();
    ws.axle_world_substep = if ray_only {
        DVec3::ZERO
    } else {
        let r = wheel_rotation(ws.steer, ws.suspension.camber, side);
        pose.transform_vector(r * DVec3::Y)
    };
    // The last query's axle where the steering turned the wheel since (`turned`).
    let dir = travel_direction_world(wp, pose);
    let last = super::turned::last_axle((wp, side), pose, dir, ws, ray_only);
    let q = WheelQuery {
        origin: strut_top_world(wp, pose),
        direction: travel_direction_world(wp, pose),
        max_distance: sp.max_compression + sp.max_droop,
        radius: wp.radius,
        half_width: 0.5 * wp.width,
        axle: ws.axle_world_substep,
    };
    let Some(nq) = q.normalized() else {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    let previous = ws.hit_cache;
    let cache = &mut ws.hit_cache;
    let hit: Option<(WheelContact, Option<CrownFit>)> = if cache.valid && cache.age < reuse_steps {
        cache.age += 1;
        cache.contact_with(&q).map(|c| (c, None))
    } else {
        let (rej, filter, sweep) = (&contact.rejection, contact.query_filter, contact.sweep_hits);
        // The cast along the once-normalised line, refused for a zero one (the cached query).
        let found = crate::ground::wheel::direction_ok(nq.direction)
            .then_some(&nq)
            .and_then(|q1| query_wheel_unit(ground, q1, contact.mode, rej, filter, sweep));
        match found {
            Some((c, from_ray, fit)) => {
                *cache = HitCache {
                    point: c.point,
                    normal: c.normal,
                    surface: c.surface,
                    surface_velocity_world: c.surface_velocity_world,
                    from_ray,
                    valid: true,
                    age: 0,
                };
                Some((c, fit))
            }
            None => {
                cache.invalidate();
                None
            }
        }
    };
    ws.measured_jounce = match hit {
        Some((c, _)) if c.centre_distance <= nq.max_distance => {
            ws.contact_point_world = c.point;
            ws.contact_normal_world = c.normal;
            ws.surface = c.surface;
            ws.surface_velocity_world = c.surface_velocity_world;
            Some(susp::jounce_from_travel(sp, c.centre_distance))
        }
        _ => None,
    };
    ws.ground_rise = match (ws.measured_jounce, hit) {
        (Some(_), Some((c, fit))) => {
            let met = super::turned::with_axle(&q, last);
            previous
                .contact_with_fit(met.as_ref().unwrap_or(&nq), c.normal, fit)
                .map_or(0.0, |old| {
                    susp::ground_rise(old.centre_distance, c.centre_distance, || {
                        (c.point - previous.point).dot(previous.normal)
                    })
                })
        }
        _ => 0.0,
    };
}

/// What a query writes into the wheel state, every bit (`Debug` keeps signed zeros and NaN):
/// the plane passes' tests compare it.
pub(super) fn written(ws: &WheelState) -> String {
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

/// Case `i`'s seeded plane for the plane passes' tests: level in a third of the cases, else
/// tilted up to `max_tilt` (rad) in any heading; moving in a fifth. `f(lo, hi)` draws.
pub(super) fn random_plane(i: usize, max_tilt: f64, f: &mut impl FnMut(f64, f64) -> f64) -> Plane {
    let tilt = if i.is_multiple_of(3) {
        0.0
    } else {
        f(0.0, max_tilt)
    };
    let normal = DQuat::from_rotation_z(f(-3.0, 3.0)) * DQuat::from_rotation_x(tilt) * DVec3::Z;
    Plane {
        point: DVec3::new(f(-5.0, 5.0), f(-5.0, 5.0), f(-0.3, 0.3)),
        normal,
        surface: SurfaceId((i % 3) as u16),
        surface_velocity_world: if i.is_multiple_of(5) {
            DVec3::X * f(-1.0, 1.0)
        } else {
            DVec3::ZERO
        },
    }
}

/// Case `i`'s seeded previous plane near `plane`: its normal bits in half the cases (else
/// tilted up to 0.3 rad), a ray's in two fifths, none (invalid) in a seventh.
pub(super) fn previous_hit(
    i: usize,
    plane: &Plane,
    f: &mut impl FnMut(f64, f64) -> f64,
) -> HitCache {
    let normal = if i.is_multiple_of(2) {
        plane.normal
    } else {
        DQuat::from_rotation_y(f(-0.3, 0.3)) * DVec3::Z
    };
    HitCache {
        point: plane.point + DVec3::new(f(-1.0, 1.0), f(-1.0, 1.0), f(-0.1, 0.1)),
        normal,
        surface: SurfaceId(7),
        surface_velocity_world: DVec3::Y,
        from_ray: i % 5 < 2,
        valid: !i.is_multiple_of(7),
        age: 3,
    }
}

/// The closed form's bound against the general path (`on_plane::cast`'s docs), then `ws` given the
/// general path's bits of the quantities it bounds, so the caller compares the rest exactly.
///
/// Rounding analysis (unit round-off `u = 2⁻⁵³`, `X` the largest coordinate magnitude of the
/// strut top, the plane's point and the contact point, in m; the crown offset `|q| ≤ r`
/// and `|s| ≤ s_max + r` are below `X + 1` m here): the general path forms the hit point
/// `p = o + t·d − r·n` (each coordinate within ≈ 3u·X), then `(p − o − q)·n` (two
/// subtractions and a three-term dot product: ≈ 5u·X more) and divides by `d·n` (one more
/// rounding of the quotient); the closed form forms `h₀ = (o − p₀)·n` (≈ 4u·X), adds
/// `q·n` (≈ 2u·(X + 1)) and divides by `c = −d·n` (the same bits as `−(d·n)`). Both
/// numerators are the same real number, so `|Δs| ≤ (≈ 16u·(X + 1))/c + 2u·|s|`, written
/// as `8·EPSILON·(X + 2)/c` (`EPSILON = 2u`). The point: the general path projects `o +
/// s·d + q` on the plane (a correction of its own round-off, ≈ 8u·X), the closed form
/// keeps it: `|Δpoint|∞ ≤ |Δs| + 8·EPSILON·X`. The jounce `x_max − s` and the ground rise
/// `s_old − s` (`s_old` the same bits on both paths; `max(·, 0)` is 1-Lipschitz) move by
/// `|Δs|` (and an ulp of their own).
/// `x` bounds `X` and `closing` bounds `c` from below; `max_compression` is the jounce's
/// `x_max`; `what` names the case.
pub(super) fn within_round_off(
    ws: &mut WheelState,
    general: &WheelState,
    (x, closing): (f64, f64),
    max_compression: f64,
    what: &str,
) {
    let big = |v: DVec3| v.abs().max_element();
    let eps = f64::EPSILON;
    let tol_s = 8.0 * eps * (x + 2.0) / closing;
    let tol_p = tol_s + 8.0 * eps * x;
    let (a, b) = (
        ws.measured_jounce.unwrap(),
        general.measured_jounce.unwrap(),
    );
    assert!(
        (a - b).abs() <= tol_s + eps * max_compression,
        "{what}: jounce {a} {b} {tol_s}"
    );
    let (pa, pb) = (ws.contact_point_world, general.contact_point_world);
    assert!(big(pa - pb) <= tol_p, "{what}: point {pa} {pb} {tol_p}");
    assert!(
        big(ws.hit_cache.point - general.hit_cache.point) <= tol_p,
        "{what}"
    );
    let (ra, rb) = (ws.ground_rise, general.ground_rise);
    assert!(
        (ra - rb).abs() <= tol_s + eps,
        "{what}: rise {ra} {rb} {tol_s}"
    );
    ws.measured_jounce = general.measured_jounce;
    ws.contact_point_world = pb;
    ws.hit_cache.point = general.hit_cache.point;
    ws.ground_rise = rb;
}

#[test]
fn contact_stage_gives_the_bits_of_its_general_form() {
    // 3000 seeded cases of five substeps each: the sedan's four wheels on planes tilted up
    // to 0.5 rad, bodies rolled, pitched and yawed, lifted out of reach or pushed into the
    // ground, steer and camber random, zero or −0, both contact modes, blocking and
    // non-blocking sweeps, the plane's own path and the trait's, cache reuse off and on
    // (2 substeps); every field of the wheel state (the `Debug` form: the determinism hash)
    // and the stored axle, bit for bit; the steer changing between substeps, so the plane
    // stood on is met with the last query's axle too (`turned`).
    let mut seed = 0x51_7cc1_b727_220a_u64;
    let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let p = crate::presets::sedan();
    let (mut contacts, mut reused, mut fitted) = (0, 0, 0);
    for i in 0..3000_usize {
        let plane = Plane::inclined(f(0.0, 0.5), DVec2::new(f(-1.0, 1.0), f(-1.0, 1.0)))
            .with_surface(SurfaceId(i as u16 % 3))
            .with_velocity(DVec3::new(f(-1.0, 1.0), 0.0, 0.0));
        let hidden = Hidden(plane);
        let ground: &dyn Ground = if i % 3 == 0 { &hidden } else { &plane };
        let mut contact = p.contact.clone();
        contact.mode = [ContactMode::Sweep, ContactMode::Raycast][i % 2];
        contact.sweep_hits = [SweepHitMode::Blocking, SweepHitMode::NonBlocking][i / 2 % 2];
        let reuse = [0, 2][i / 4 % 2];
        let k = i % p.wheels.len();
        let wp = &p.wheels[k];
        let side = wp.side();
        let (mut fast, mut slow) = (WheelState::default(), WheelState::default());
        for sub in 0..5 {
            let lift = [0.0, 0.0, 0.0, 1.5, -0.3][(i + sub) % 5];
            let pose = Pose::new(
                DVec3::new(f(-3.0, 3.0), f(-3.0, 3.0), 0.45 + lift + f(-0.1, 0.1)),
                DQuat::from_scaled_axis(DVec3::new(f(-0.2, 0.2), f(-0.2, 0.2), f(-3.0, 3.0))),
            );
            let steer = [f(-0.6, 0.6), 0.0, -0.0][(i + sub) % 3];
            let camber = [f(-0.1, 0.1), 0.0, -0.0, f(-0.1, 0.1)][(i / 3 + sub) % 4];
            for ws in [&mut fast, &mut slow] {
                ws.steer = steer;
                ws.suspension.camber = camber;
            }
            query_ground_reusing(wp, &contact, side, &pose, ground, &mut fast, reuse);
            reference(wp, &contact, side, &pose, ground, &mut slow, reuse);
            // On the plane's own path a blocking sweep's fitted contact, cast this substep,
            // is the closed form (`on_plane::cast`): to its round-off bound, then the
            // reference's bits, so the next substeps start equal. `X`: the strut top lies
            // within `s_max + r < 1` m of the contact point; `c ≥ cos 0.8`: the planes tilt
            // ≤ 0.5 rad, the bodies ≤ 0.2·√2 rad, the strut is the body's `−z`.
            let closed = i % 3 != 0
                && contact.mode == ContactMode::Sweep
                && contact.sweep_hits == SweepHitMode::Blocking
                && fast.measured_jounce.is_some()
                && !fast.hit_cache.from_ray
                && fast.hit_cache.age == 0;
            if closed {
                let big = |v: DVec3| v.abs().max_element();
                let x = big(slow.contact_point_world).max(big(plane.point)) + 1.0;
                let what = format!("case {i} substep {sub}");
                let xm = wp.suspension.max_compression;
                within_round_off(&mut fast, &slow, (x, 0.8f64.cos()), xm, &what);
                fitted += 1;
            }
            assert_eq!(
                format!("{fast:?}"),
                format!("{slow:?}"),
                "case {i} substep {sub}"
            );
            let bits = |v: DVec3| v.to_array().map(f64::to_bits);
            assert_eq!(bits(fast.axle_world_substep), bits(slow.axle_world_substep));
            assert_eq!(fast.steer_queried.to_bits(), slow.steer_queried.to_bits());
            contacts += usize::from(fast.measured_jounce.is_some());
            reused += usize::from(fast.hit_cache.valid && fast.hit_cache.age > 0);
        }
    }
    // Both branches ran: contacts found and missed, planes reused.
    assert!(contacts > 5000 && contacts < 14_000, "{contacts}");
    assert!(reused > 1000, "{reused}");
    assert!(fitted > 300, "{fitted}");
}

#[test]
fn strut_line_is_the_pose_transform() {
    // The matrix's line against the quaternion's `pose.transform_point(p − d·x_max)` and
    // `pose.transform_vector(d)`: within 1e-14 m (poses within 10 m of the origin, a few
    // ulp of their coordinates) and 1e-15 over 20 000 seeded poses of every sedan wheel; by
    // hand, yawed 90° at t = (1, 2, 3) the front-left top (x, y, z − x_max·d_z) turns to
    // (1 − y, 2 + x, 3 + z + x_max) and the travel stays (0, 0, −1).
    let mut seed = 0x57e7_3800_u64;
    let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let p = crate::presets::sedan();
    let (mut worst_top, mut worst_dir) = (0.0_f64, 0.0_f64);
    for i in 0..20_000 {
        let wp = &p.wheels[i % p.wheels.len()];
        let pose = Pose::new(
            DVec3::new(f(-10.0, 10.0), f(-10.0, 10.0), f(-1.0, 3.0)),
            DQuat::from_scaled_axis(DVec3::new(f(-0.5, 0.5), f(-0.5, 0.5), f(-3.0, 3.0))),
        );
        let sp = &wp.suspension;
        let top = pose.transform_point(wp.position - sp.travel_direction * sp.max_compression);
        let dir = pose.transform_vector(sp.travel_direction);
        let (t, d) = strut_line_world(wp, &pose);
        worst_top = worst_top.max((t - top).abs().max_element());
        worst_dir = worst_dir.max((d - dir).abs().max_element());
        assert_eq!(strut_top_world(wp, &pose), t);
        assert_eq!(travel_direction_world(wp, &pose), d);
    }
    assert!(worst_top < 1e-14, "{worst_top:e} m");
    assert!(worst_dir < 1e-15, "{worst_dir:e}");
    let wp = &p.wheels[0];
    let (sp, w) = (&wp.suspension, wp.position);
    assert_eq!(sp.travel_direction, -DVec3::Z);
    let pose = Pose::new(
        DVec3::new(1.0, 2.0, 3.0),
        DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2),
    );
    let (t, d) = strut_line_world(wp, &pose);
    let want = DVec3::new(1.0 - w.y, 2.0 + w.x, 3.0 + w.z + sp.max_compression);
    assert!((t - want).abs().max_element() < 1e-14, "{t} {want}");
    assert!((d + DVec3::Z).abs().max_element() < 1e-15, "{d}");
}

#[test]
fn the_suspension_keeps_the_sweeps_point_to_round_off() {
    // A sweep's contact whose jounce is its measurement keeps the contact stage's point
    // (`update_suspension`, round-off change, session 39): against the point recomputed as
    // before (the support `c + q` of the centre placed from the jounce, projected on the
    // plane through the contact stage's point), within 1e-12 m over 4000 seeded sedan wheels
    // on planes tilted up to 0.5 rad, bodies rolled, pitched and yawed within 5 m of the
    // origin, steered and cambered (coordinates of a few metres carry ulps of ≈ 1e-15 m; the
    // two forms differ by a few dozen roundings). By hand: an upright wheel on the level
    // plane z = 0 touches it under its centre, at `(c_x, c_y, 0)`.
    let mut seed = 0x0c39_5e55_u64;
    let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let p = crate::presets::sedan();
    assert_eq!(p.contact.mode, ContactMode::Sweep);
    let (mut kept, mut worst) = (0, 0.0_f64);
    for i in 0..4000_usize {
        let plane = Plane::inclined(f(0.0, 0.5), DVec2::new(f(-1.0, 1.0), f(-1.0, 1.0)));
        let (k, level) = (i % p.wheels.len(), i % 10 == 0);
        let wp = &p.wheels[k];
        let side = wp.side();
        let plane = if level { Plane::flat() } else { plane };
        let tilt = if level { 0.0 } else { 0.2 };
        let pose = Pose::new(
            DVec3::new(f(-5.0, 5.0), f(-5.0, 5.0), 0.0),
            DQuat::from_scaled_axis(DVec3::new(f(-tilt, tilt), f(-tilt, tilt), f(-3.0, 3.0))),
        );
        // Lifted so that the wheel's centre stands `r` + a few cm above the plane.
        let (top, _) = strut_line_world(wp, &pose);
        let h = plane.signed_distance(top);
        let lift = wp.radius + f(-0.02, 0.12) - h;
        let pose = Pose::new(pose.translation + plane.normal * lift, pose.rotation);
        let mut ws = WheelState {
            steer: if level { 0.0 } else { f(-0.4, 0.4) },
            ..Default::default()
        };
        ws.suspension.camber = if level { 0.0 } else { f(-0.05, 0.05) };
        query_ground(wp, &p.contact, side, &pose, &plane, &mut ws);
        let Some(x) = ws.measured_jounce else {
            continue;
        };
        let found = ws.contact_point_world;
        update_suspension(wp, &pose, side, &mut ws, 0.01);
        if !(ws.suspension.in_contact && ws.suspension.jounce == x) || ws.hit_cache.from_ray {
            continue;
        }
        kept += 1;
        let n = ws.contact_normal_world;
        let axle = substep_axle(&pose, &ws, side);
        let support = ws.centre_world
            + crate::ground::cylinder_support_offset(wp.radius, 0.5 * wp.width, axle, n);
        let want = support - n * (support - found).dot(n);
        worst = worst.max((ws.contact_point_world - want).length());
        if level {
            let c = ws.centre_world;
            assert!((ws.contact_point_world - DVec3::new(c.x, c.y, 0.0)).length() < 1e-12);
        }
    }
    assert!(kept > 2000, "{kept}");
    assert!(worst < 1e-12, "{worst:e} m");
}
