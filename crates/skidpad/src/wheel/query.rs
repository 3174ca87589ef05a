//! The contact stage's wheel query: the ground along the suspension line (a ray or the
//! wheel's sweep, through the hit cache), and the contact and jounce it records. A ray-cast
//! wheel whose last plane was a ray's takes the ray's own pass ([`super::ray`]), a blocking
//! sweep on a plane the sweep's ([`super::sweep`]); the rest the general path
//! ([`query_general`]).

use super::*;

/// Contact stage: query `ground` along the suspension line (ray or wheel sweep, hit cache) and
/// record the contact and the jounce at which the wheel touches it.
pub fn query_ground(
    wp: &WheelParams,
    contact: &ContactParams,
    side: f64,
    pose: &Pose,
    ground: &dyn Ground,
    ws: &mut WheelState,
) {
    query_ground_reusing(wp, contact, side, pose, ground, ws, contact.reuse_hit_steps);
}

/// [`query_ground`] with the hit-plane reuse count given: `reuse_steps` substeps
/// ([`ContactParams::reuse_hit_steps`] normally; `u32::MAX` while the vehicle's ground
/// queries are switched off, so a wheel with a cached plane never casts and a wheel without
/// one — first step, after a teleport, airborne — still does).
pub fn query_ground_reusing(
    wp: &WheelParams,
    contact: &ContactParams,
    side: f64,
    pose: &Pose,
    ground: &dyn Ground,
    ws: &mut WheelState,
    reuse_steps: u32,
) {
    let line = (strut_top_world(wp, pose), travel_direction_world(wp, pose));
    let (ground, reject) = (AskedGround::of(ground), &contact.rejection);
    query_ground_along(
        wp,
        contact,
        reject,
        side,
        pose,
        line,
        ground,
        ws,
        reuse_steps,
    );
}

/// [`query_ground_reusing`] with the suspension line `(top, dir)` already placed in the world
/// ([`strut_top_world`], [`travel_direction_world`] at `pose`, the same bits): the contact
/// stage places it once and stores it for the later stages ([`WheelState::strut_top_substep`]),
/// and asks the ground whether it is a plane once for all its wheels (`AskedGround`);
/// `reject` is `contact.rejection` or its cosines (`RejectionCos`, the vehicle's, computed once).
#[expect(
    clippy::too_many_arguments,
    reason = "query_ground_reusing's and the line"
)]
#[inline]
pub(crate) fn query_ground_along(
    wp: &WheelParams,
    contact: &ContactParams,
    reject: &impl AcceptsHit,
    side: f64,
    pose: &Pose,
    (top, dir): (DVec3, DVec3),
    ground: AskedGround,
    ws: &mut WheelState,
    reuse_steps: u32,
) {
    let sp = &wp.suspension;
    // The axle only matters to a wheel sweep and to a cached sweep plane; a ray and a ray's
    // plane read none of it but its finiteness (a non-finite axle makes the query unusable),
    // which finite steer and camber angles guarantee: a zero axle then gives the same bits
    // without the two half-angle `sin_cos` and the rotations.
    let ray_only = contact.mode == ContactMode::Raycast
        && (ws.hit_cache.from_ray || !ws.hit_cache.valid)
        && finite(ws.steer)
        && finite(ws.suspension.camber);
    // The substep's axle, for the suspension and grip stages too
    // ([`WheelState::axle_world_substep`]); a ray stores none, and the grip stage (the only
    // reader then: a ray's contact has no tread) builds it with its heading's steer rotation.
    // With the last query's axle, for a wheel the steering turned since (`turned`).
    let last = turned::place_axle((wp, side), pose, dir, ws, ray_only);
    let casts = !(ws.hit_cache.valid && ws.hit_cache.age < reuse_steps);
    // A cast on a plane: its arithmetic in one pass, the same bits (`on_plane`); a ray's
    // after a ray's plane, the ray alone (`ray`); a blocking sweep's, the sweep alone
    // (`sweep`).
    if let Some(plane) = ground.as_plane()
        && casts
        && (contact.mode == ContactMode::Raycast || contact.sweep_hits == SweepHitMode::Blocking)
    {
        if ray_only {
            ray::ray_on_plane(wp, plane, (top, dir), ws);
        } else if contact.mode == ContactMode::Sweep {
            sweep::sweep_on_plane(wp, reject, plane, (top, dir), ws, last);
        } else {
            on_plane::query_on_plane_along(wp, (contact, reject), plane, (top, dir), ws, last);
        }
        return;
    }
    // A ray's cast after a ray's plane on any other ground: the ray alone, in one pass, the
    // same bits (`ray`).
    if casts && ray_only {
        ray::ray_off_plane(ground, contact.query_filter, wp, (top, dir), ws);
        return;
    }
    let q = wheel_query(wp, top, dir, ws.axle_world_substep);
    query_general((contact, reject), sp, &q, ground, ws, (reuse_steps, last));
}

/// Wheel `wp`'s query along its suspension line from `top` along `dir`, with axle `axle`.
#[inline(always)]
pub(super) fn wheel_query(wp: &WheelParams, top: DVec3, dir: DVec3, axle: DVec3) -> WheelQuery {
    let sp = &wp.suspension;
    WheelQuery {
        origin: top,
        direction: dir,
        max_distance: sp.max_compression + sp.max_droop,
        radius: wp.radius,
        half_width: 0.5 * wp.width,
        axle,
    }
}

/// [`query_ground_along`]'s general path for the wheel's query `q`: the cached query through
/// the [`Ground`] trait, the contact and the previous plane's ground rise read from the
/// wheel's hit cache (met with the last query's axle `last` where the wheel turned since:
/// `turned`).
#[inline]
pub(super) fn query_general(
    (contact, reject): (&ContactParams, &impl AcceptsHit),
    sp: &crate::suspension::SuspensionParams,
    q: &WheelQuery,
    ground: AskedGround,
    ws: &mut WheelState,
    (reuse_steps, last): (u32, Option<DVec3>),
) {
    // Normalised once, for the query and for the previous plane's contact below.
    let Some(nq) = q.normalized() else {
        ws.measured_jounce = None;
        ws.ground_rise = 0.0;
        return;
    };
    // The plane of the last query (or of its reuse), before this query replaces it.
    let previous = ws.hit_cache;
    let hit = query_wheel_cached_normalized(
        ground,
        &nq,
        contact.mode,
        reject,
        contact.query_filter,
        contact.sweep_hits,
        &mut ws.hit_cache,
        reuse_steps,
    );
    // The normal, surface and surface velocity are the plane the query left in the cache.
    ws.measured_jounce = match hit {
        Some((s, point, _)) if s <= nq.max_distance => {
            let c = &ws.hit_cache;
            ws.contact_point_world = point;
            ws.contact_normal_world = c.normal;
            ws.surface = c.surface;
            ws.surface_velocity_world = c.surface_velocity_world;
            Some(susp::jounce_from_travel(sp, s))
        }
        _ => None,
    };
    let met = turned::with_axle(q, last);
    ws.ground_rise = match (ws.measured_jounce, hit) {
        // The previous plane shares the new hit's crown offset when its normal has the same
        // bits (flat ground): the same contact without fitting the crown twice.
        (Some(_), Some((s, point, fit))) => previous
            .contact_with_fit(met.as_ref().unwrap_or(&nq), ws.hit_cache.normal, fit)
            .map_or(0.0, |old| {
                susp::ground_rise(old.centre_distance, s, || {
                    (point - previous.point).dot(previous.normal)
                })
            }),
        _ => 0.0,
    };
}
