//! A wheel the steering turned into the plane it stood on: the contact stage's ground rise
//! (`WheelState::ground_rise`) counts it as ground that rose into the wheel.
//!
//! # Why
//! The ground rise is how much higher (as jounce, m) the ground found this substep is than
//! the plane the wheel stood on at the last query, met at this substep's pose: what the
//! body's own motion cannot have put into the strut, so no force took it from the body
//! (`pipeline::strut_balance::edge_force` does). It was measured with this substep's axle on
//! both planes, so a wheel whose *orientation in the body* changed — a steer jump — counted
//! the change as the strut's motion. On a flat road that is nothing (the steering axis is
//! close to the normal, so turning the tread hardly moves its support along it); on a steep
//! face it is the whole story. The kart steered full left and right on alternate 1/120 s
//! steps into the curb (`tests/energy_audit`, Steer pattern): its front-left tyre leant on the
//! curb's side face (normal (−0.95, 0, 0.31)) at 1.2 mm of jounce; the steer went +0.524 →
//! −0.423 rad between two substeps, the cylinder turned into the face, and the same plane
//! then met the line at 27.4 mm, 17.4 mm past full compression, while the contact point
//! receded (`v_n` +0.10 m/s: no end stop, no force on the body). The strut held
//! `U*(27.4 mm) − U*(1.2 mm)` = +78 J (`suspension::model::strut_energy`) that it then gave
//! the body pushing it off the face: +37 J beyond the audit's allowance in the step.
//!
//! # What
//! The plane the wheel stood on is met with the axle of the last query carried with the body
//! (`R_body·a_body,last`), so the rise is
//!
//! ```text
//! Δ = s_old(a_last) − s_new(a_now)     (m: centre travel along the line, + = into the wheel)
//! ```
//! the part of the jounce change the body's motion did not make: the ground's rise and the
//! wheel's turn together. The suspension stage then takes `U*(x) − U*(x − Δ)` from the body's
//! motion at the contact point as it does for a curb's edge (energy-safe: the turn's energy
//! is taken from the body, never made; the steering is a kinematic constraint with no energy
//! of its own to spend). A wheel whose axle in the body did not change (same bits), a ray
//! (no axle) and the first query (none before) are met with this substep's axle as before,
//! bit for bit.

use super::WheelState;
use crate::ground::WheelQuery;
use crate::ground::cache::same_bits;
use crate::math::Pose;
use glam::DVec3;

/// The contact stage's axles of wheel `ws` (`side` +1 left, −1 right) at `pose`: this
/// substep's in the world ([`WheelState::axle_world_substep`], zero for a ray's query,
/// `ray_only`) and in the body ([`WheelState::axle_body_queried`]); returns the last query's
/// carried with the body when the wheel turned since ([`last_axle`]).
#[inline(always)]
pub(super) fn place_axle(
    pose: &Pose,
    ws: &mut WheelState,
    side: f64,
    ray_only: bool,
) -> Option<DVec3> {
    let axle = if ray_only {
        DVec3::ZERO
    } else {
        super::axle_body(ws, side)
    };
    ws.axle_world_substep = if ray_only {
        DVec3::ZERO
    } else {
        pose.transform_vector(axle)
    };
    last_axle(pose, &mut ws.axle_body_queried, axle)
}

/// The last query's axle carried with the body to `pose` (world), when the wheel's axle in the
/// body changed since: `last` holds the last query's body axle and is replaced by `now`
/// (zero for a ray); `None` when either is zero or both have the same bits.
#[inline(always)]
pub(super) fn last_axle(pose: &Pose, last: &mut DVec3, now: DVec3) -> Option<DVec3> {
    let was = std::mem::replace(last, now);
    let turned = was != DVec3::ZERO && now != DVec3::ZERO && !same_bits(was, now);
    turned.then(|| pose.transform_vector(was))
}

/// The query `q` (not normalised) with the axle `axle` (world) instead of its own, normalised
/// as the contact stage normalises its query; `None` without an axle or when unusable.
#[inline]
pub(super) fn with_axle(q: &WheelQuery, axle: Option<DVec3>) -> Option<WheelQuery> {
    WheelQuery { axle: axle?, ..*q }.normalized()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::{HitCache, SurfaceId};
    use glam::DQuat;

    /// A wheel of radius 0.3 m, no width, its line straight down from `(0, 0, 1)` with 0.2 m
    /// of travel.
    fn query(axle: DVec3) -> WheelQuery {
        WheelQuery {
            origin: DVec3::new(0.0, 0.0, 1.0),
            direction: DVec3::NEG_Z,
            max_distance: 0.2,
            radius: 0.3,
            half_width: 0.0,
            axle,
        }
    }

    #[test]
    fn a_wheel_turned_into_a_steep_face_meets_it_deeper_by_the_turn() {
        // A face through (0.2, 0, 0.7) with normal n = (−sin 60°, 0, cos 60°) (60° from level).
        // A disc of radius R = 0.3 m reaches along −n as far as R·√(1 − (n·a)²) from its
        // centre (a the axle), so the plane meets the line when
        // n·(c − p) = R·√(1 − (n·a)²), c = (0, 0, 1 − s):
        // (1 − s − 0.7)·cos 60° + 0.2·sin 60° = R·√(1 − (n·a)²).
        // Axle along y (rolling along x into the face): n·a = 0, reach 0.3,
        // s = 0.3 + (0.2·0.866 025 − 0.3)/0.5 = 0.046 410 m.
        // Turned 90° about z (axle along −x): n·a = sin 60°, reach 0.3·0.5 = 0.15,
        // s = 0.3 + (0.173 205 − 0.15)/0.5 = 0.346 410 m: beyond the travel, no contact.
        // Turned 30° instead (a = (−sin 30°, cos 30°, 0)): n·a = sin 60°·sin 30° = 0.433 013,
        // reach 0.3·√(1 − 0.1875) = 0.270 416, s = 0.3 + (0.173 205 − 0.270 416)/0.5
        // = 0.105 578 m. From the turned axle back to the straight one the wheel meets the
        // face 0.105 578 − 0.046 410 = 0.059 168 m deeper: the rise.
        let (s60, c60) = (60f64.to_radians().sin(), 60f64.to_radians().cos());
        let plane = HitCache {
            point: DVec3::new(0.2, 0.0, 0.7),
            normal: DVec3::new(-s60, 0.0, c60),
            surface: SurfaceId::default(),
            surface_velocity_world: DVec3::ZERO,
            from_ray: false,
            valid: true,
            age: 0,
        };
        let turn = |deg: f64| DQuat::from_rotation_z(deg.to_radians()) * DVec3::Y;
        let travel = |a: DVec3| plane.contact_with(&query(a)).map(|c| c.centre_distance);
        let straight = travel(DVec3::Y).unwrap();
        assert!((straight - 0.046_410).abs() < 1e-6, "{straight}");
        assert!(travel(turn(90.0)).is_none());
        // The body did not move: the last query's axle (turned 30°) is carried as it is.
        let mut last = turn(30.0);
        let old = last_axle(&Pose::IDENTITY, &mut last, DVec3::Y);
        assert_eq!(last, DVec3::Y);
        let old_q = with_axle(&query(DVec3::Y), old).unwrap();
        let s_old = plane.contact_with(&old_q).unwrap().centre_distance;
        assert!((s_old - 0.105_578).abs() < 1e-6, "{s_old}");
        assert!((s_old - straight - 0.059_168).abs() < 1e-6);
    }

    #[test]
    fn an_axle_unchanged_in_the_body_or_a_ray_keeps_this_substeps_query() {
        // Same bits, a first query (nothing before) and a ray (zero axle): no other axle.
        let pose = Pose::from_translation(DVec3::new(1.0, 2.0, 3.0));
        let a = DVec3::new(0.1, 0.99, 0.0).normalize();
        for (was, now) in [(a, a), (DVec3::ZERO, a), (a, DVec3::ZERO)] {
            let mut last = was;
            assert_eq!(last_axle(&pose, &mut last, now), None);
            assert_eq!(last, now);
        }
        assert!(with_axle(&query(a), None).is_none());
        // A rotated body carries the last axle with it.
        let pose = Pose::new(DVec3::ZERO, DQuat::from_rotation_x(0.3));
        let mut last = DVec3::X;
        let got = last_axle(&pose, &mut last, a).unwrap();
        assert_eq!(got, pose.transform_vector(DVec3::X));
    }
}
