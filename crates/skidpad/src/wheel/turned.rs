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
//! The plane the wheel stood on is met with the axle of the last query's steer
//! ([`WheelState::steer_queried`]) at this substep's camber, carried with the body
//! (`R_body·a_body(δ_last, ε)`), so the rise is
//!
//! ```text
//! Δ = s_old(a_last) − s_new(a_now)     (m: centre travel along the line, + = into the wheel)
//! ```
//! the part of the jounce change the body's motion did not make: the ground's rise and the
//! wheel's turn together. The suspension stage then takes `U*(x) − U*(x − Δ)` from the body's
//! motion at the contact point as it does for a curb's edge (energy-safe: the turn's energy
//! is taken from the body, never made; the steering is a kinematic constraint with no energy
//! of its own to spend). A wheel whose steer did not change (to `f32`), a ray (no axle) and a
//! wheel with no sweep's plane before are met with this substep's axle as before, bit for
//! bit. The camber's change is left out: it follows the jounce (the suspension's linkage),
//! as the strut's own motion does.
//!
//! # A turn too small to matter
//! The wheel (a disc of radius `R` and half width `w`, crowned or not) lies within
//! `ρ = √(R² + w²)` of its centre and is symmetric about its axle, so turning the axle from
//! `a₀` to `a₁` moves every point of it by at most `ρ·|a₁ − a₀|` (the chord of the smallest
//! rotation that takes one to the other; at most the steer's change `|Δδ|`, the angle it
//! turned by about the steering axis), and its reach along any direction by no more. The
//! line meets a plane of normal `n` where that reach along `−n` touches it, so the travel
//! `s` moves by the reach's change over the closing cosine `−d·n`:
//!
//! ```text
//! |s(a₀) − s(a₁)| ≤ ρ·|a₁ − a₀| / (−d·n) ≤ ρ·|Δδ| / (−d·n)     (m)
//! ```
//! Where that bound is within [`GROUND_RISE_SLOP`] (the rise below which the ground's own
//! rise is rounding, not a feature) the turn is left out, as before, bit for bit; the test
//! needs no transform or normalisation, so a steer that creeps by a little every substep
//! (the speed-dependent steering) costs a few multiplications.

use super::WheelState;
use crate::ground::WheelQuery;
use crate::math::Pose;
use crate::suspension::model::GROUND_RISE_SLOP;
use glam::DVec3;

/// The contact stage's axle of wheel `wp` (state `ws`, `side` +1 left, −1 right) at `pose`
/// ([`WheelState::axle_world_substep`], zero for a ray's query, `ray_only`), and the last
/// query's ([`last_axle`]).
#[inline(always)]
pub(super) fn place_axle(
    (wp, side): (&super::WheelParams, f64),
    pose: &Pose,
    dir: DVec3,
    ws: &mut WheelState,
    ray_only: bool,
) -> Option<DVec3> {
    ws.axle_world_substep = if ray_only {
        DVec3::ZERO
    } else {
        pose.transform_vector(super::axle_body(ws, side))
    };
    last_axle((wp, side), pose, dir, ws, ray_only)
}

/// The axle of the last query's steer ([`WheelState::steer_queried`], then set to this
/// one's) with this substep's camber, carried with the body to `pose` (world), when the
/// steering turned the wheel since by enough to matter on the sweep's plane it stood on
/// ([`turn_matters`], the suspension line along `dir`; a ray's plane reads no axle), else
/// `None`. The camber's own change follows the jounce (the suspension's linkage), as the
/// strut's motion does, and is not counted.
#[inline(always)]
pub(super) fn last_axle(
    (wp, side): (&super::WheelParams, f64),
    pose: &Pose,
    dir: DVec3,
    ws: &mut WheelState,
    ray_only: bool,
) -> Option<DVec3> {
    let was = std::mem::replace(&mut ws.steer_queried, ws.steer as f32);
    if ray_only || was == ws.steer_queried {
        return None;
    }
    let (was, plane) = (f64::from(was), &ws.hit_cache);
    let reach2 = wp.radius * wp.radius + 0.25 * wp.width * wp.width;
    let turn = (ws.steer - was).abs();
    let asked = plane.valid && !plane.from_ray;
    (asked && turn_matters(turn, reach2, -dir.dot(plane.normal)))
        .then(|| pose.transform_vector(super::axle_body_of(was, ws.suspension.camber, side)))
}

/// Whether turning the wheel by `turn` (rad, about its steering axis) can move the travel at
/// which a wheel of reach `ρ` (`reach2` = `ρ²`, m²) meets a plane it closes on at the cosine
/// `closing` by more than [`GROUND_RISE_SLOP`] (the module docs; the axle's chord is at most
/// the angle): `ρ·turn > slop·closing`, squared. A plane that does not face the line
/// (`closing ≤ 0`) is left to the fit, which rejects it.
#[inline(always)]
fn turn_matters(turn: f64, reach2: f64, closing: f64) -> bool {
    closing <= 0.0 || turn * turn * reach2 > (GROUND_RISE_SLOP * closing).powi(2)
}

/// The query `q` (not normalised) with the last query's axle `last` (world, from
/// [`place_axle`]) instead of its own, normalised as the contact stage normalises its query;
/// `None` without one or when unusable.
#[inline(always)]
pub(super) fn with_axle(q: &WheelQuery, last: Option<DVec3>) -> Option<WheelQuery> {
    WheelQuery { axle: last?, ..*q }.normalized()
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
        // The body did not move: the last query's steer (30°) is carried as it is. The
        // wheel stands at the left (side +1, no camber), steered straight now.
        let wp = crate::wheel::WheelParams {
            radius: 0.3,
            width: 0.0,
            ..Default::default()
        };
        let mut ws = WheelState {
            hit_cache: plane,
            steer_queried: 30f32.to_radians(),
            ..Default::default()
        };
        let old = place_axle((&wp, 1.0), &Pose::IDENTITY, DVec3::NEG_Z, &mut ws, false);
        assert_eq!((ws.steer_queried, ws.axle_world_substep), (0.0, DVec3::Y));
        assert!((old.unwrap() - turn(30.0)).length() < 1e-7);
        let old_q = with_axle(&query(DVec3::Y), old).unwrap();
        let s_old = plane.contact_with(&old_q).unwrap().centre_distance;
        assert!((s_old - 0.105_578).abs() < 1e-6, "{s_old}");
        assert!((s_old - straight - 0.059_168).abs() < 1e-6);
    }

    #[test]
    fn a_turn_matters_beyond_the_slop_over_the_closing_cosine() {
        // A wheel of reach ρ = 0.3 m turned by 1e-6 rad moves by at most 3e-7 m: within the
        // slop (1e-6 m) on a level plane met head on (closing cosine 1), beyond it on a face
        // met at cosine 0.1 (3e-7/0.1 = 3e-6 m of travel). A plane behind the line
        // (cosine ≤ 0) is left to the fit.
        assert!(!turn_matters(1e-6, 0.09, 1.0));
        assert!(turn_matters(1e-6, 0.09, 0.1));
        assert!(turn_matters(1e-6, 0.09, 0.0));
        assert!(!turn_matters(0.0, 0.09, 1.0));
    }

    #[test]
    fn a_steer_unchanged_a_ray_or_no_sweep_plane_keeps_this_substeps_query() {
        // The same steer (to f32), a ray, a ray's plane and no plane: no other axle; the
        // steer stored as the contact stage used it.
        let wp = crate::wheel::WheelParams::default();
        let pose = Pose::new(DVec3::new(1.0, 2.0, 3.0), DQuat::from_rotation_x(0.3));
        let sweep = HitCache {
            normal: DVec3::Z,
            valid: true,
            ..Default::default()
        };
        let steered = WheelState {
            steer: 0.4,
            ..Default::default()
        };
        let cases = [
            (0.4, sweep, false),
            (0.4 + 1e-9, sweep, false),
            (0.3, sweep, true),
            (
                0.3,
                HitCache {
                    from_ray: true,
                    ..sweep
                },
                false,
            ),
            (0.3, HitCache::default(), false),
        ];
        for (k, (was, hit_cache, ray_only)) in cases.into_iter().enumerate() {
            let mut ws = WheelState {
                hit_cache,
                steer_queried: was as f32,
                ..steered
            };
            let got = place_axle((&wp, 1.0), &pose, DVec3::NEG_Z, &mut ws, ray_only);
            assert_eq!(got, None, "{k}");
            assert_eq!(ws.steer_queried, 0.4f32);
        }
        assert!(with_axle(&query(DVec3::Y), None).is_none());
        // Turned by 0.1 rad since the last query on a sweep's plane: the last axle, carried
        // with the rotated body.
        let mut ws = WheelState {
            hit_cache: sweep,
            steer_queried: 0.3,
            ..steered
        };
        let dir = pose.transform_vector(DVec3::NEG_Z);
        let got = place_axle((&wp, 1.0), &pose, dir, &mut ws, false);
        let want = pose.transform_vector(super::super::axle_body_of(f64::from(0.3f32), 0.0, 1.0));
        assert_eq!(got, Some(want));
    }
}
