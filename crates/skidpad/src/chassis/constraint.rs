//! Non-penetration point constraints on the rigid body, solved as impulses (sequential
//! impulses / projected Gauss–Seidel, as PhysX vehicle2 turns the suspension limit into a
//! rigid-body constraint, and as Catto's box2d/Jolt solve contacts).
//!
//! A constraint at world point `p` with unit normal `n` (pointing out of what the body must
//! not enter) and support velocity `v_s` (the ground's own velocity) forbids the body point
//! from approaching: `(v + ω × r − v_s)·n ≥ 0`, `r = p − x_com`. An impulse `J·n`, `J ≥ 0`,
//! at `p` changes the velocities by `Δv = J·n/m`, `Δω = I_w⁻¹ (r × J·n)`; the impulse that
//! just stops the approach is `J = −v_n / k` with the effective inverse mass at the point
//!
//! ```text
//! k = 1/m + (r × n)·I_w⁻¹ (r × n)          (I_w = R I Rᵀ, world inertia)
//! ```
//!
//! With several constraints the accumulated impulse of each is clamped at 0 and the sweep is
//! repeated ([`ITERATIONS`] times): each update removes approach velocity without adding any
//! separation, so the kinetic energy never rises (a perfectly inelastic contact: restitution
//! 0). Units: N·s, m/s, m.

use super::{ChassisParams, ChassisState};
use glam::{DMat3, DVec3};

/// Gauss–Seidel sweeps over the active constraints.
pub const ITERATIONS: usize = 16;

/// One point the body must not approach.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PointConstraint {
    /// Where the constraint acts, world frame. Unit: m.
    pub point_world: DVec3,
    /// Unit normal, world frame, pointing out of the support (towards the body).
    pub normal_world: DVec3,
    /// Velocity of the support at the point, world frame (moving platforms). Unit: m/s.
    pub support_velocity_world: DVec3,
    /// Approach speed still allowed (a speculative contact: the gap the point may close
    /// this step, over the step). Unit: m/s. Range: [0, ∞); 0 = no approach.
    pub max_approach_speed: f64,
}

/// Impulses (N·s, each ≥ 0, one per constraint, written to `impulses`) that remove the
/// approach velocity of `s`'s body at every constraint point; returns the velocity change
/// `(Δv, Δω)` (world, m/s and rad/s) they cause. `s` is not changed.
pub fn solve_impulses(
    p: &ChassisParams,
    s: &ChassisState,
    constraints: &[PointConstraint],
    impulses: &mut [f64],
) -> (DVec3, DVec3) {
    let com = s.com_world(p);
    let r = DMat3::from_quat(s.pose.rotation);
    let inv_iw = r * p.inertia.inverse() * r.transpose();
    let (mut dv, mut dw) = (DVec3::ZERO, DVec3::ZERO);
    impulses.iter_mut().for_each(|j| *j = 0.0);
    for _ in 0..ITERATIONS {
        for (c, acc) in constraints.iter().zip(impulses.iter_mut()) {
            let (n, arm) = (c.normal_world, c.point_world - com);
            let v = s.linear_velocity_world + dv + (s.angular_velocity_world + dw).cross(arm);
            let vn = (v - c.support_velocity_world).dot(n) + c.max_approach_speed;
            let rn = arm.cross(n);
            let k = 1.0 / p.mass + rn.dot(inv_iw * rn);
            let new = (*acc - vn / k).max(0.0);
            let dj = new - *acc;
            *acc = new;
            dv += n * (dj / p.mass);
            dw += inv_iw * (rn * dj);
        }
    }
    (dv, dw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Pose;

    fn body() -> (ChassisParams, ChassisState) {
        let p = ChassisParams {
            mass: 1000.0,
            inertia: DMat3::from_diagonal(DVec3::new(400.0, 1600.0, 1800.0)),
            com_offset: DVec3::ZERO,
        };
        let s = ChassisState {
            pose: Pose::from_translation(DVec3::new(0.0, 0.0, 1.0)),
            ..ChassisState::default()
        };
        (p, s)
    }

    #[test]
    fn a_point_under_the_centre_stops_the_fall_with_m_v() {
        // Falling at 5 m/s onto a point below the CoM: J = m·v = 5000 N·s, no rotation.
        let (p, mut s) = body();
        s.linear_velocity_world = DVec3::new(0.0, 0.0, -5.0);
        let c = [PointConstraint {
            point_world: DVec3::new(0.0, 0.0, 0.5),
            normal_world: DVec3::Z,
            ..Default::default()
        }];
        let mut j = [0.0];
        let (dv, dw) = solve_impulses(&p, &s, &c, &mut j);
        assert!((j[0] - 5000.0).abs() < 1e-9);
        assert!((dv - DVec3::new(0.0, 0.0, 5.0)).length() < 1e-12);
        assert!(dw.length() < 1e-12);
    }

    #[test]
    fn an_off_centre_point_uses_the_effective_mass() {
        // Point 1.5 m ahead of the CoM, falling at 2 m/s: k = 1/1000 + 1.5²/1600
        // = 0.0024063 /kg, J = 2/k = 831.17 N·s; the body pitches and the point stops.
        let (p, mut s) = body();
        s.linear_velocity_world = DVec3::new(0.0, 0.0, -2.0);
        let pt = DVec3::new(1.5, 0.0, 1.0);
        let c = [PointConstraint {
            point_world: pt,
            normal_world: DVec3::Z,
            ..Default::default()
        }];
        let mut j = [0.0];
        let (dv, dw) = solve_impulses(&p, &s, &c, &mut j);
        let k = 1.0 / 1000.0 + 1.5f64.powi(2) / 1600.0;
        assert!((j[0] - 2.0 / k).abs() < 1e-6, "{}", j[0]);
        let v_pt = s.linear_velocity_world + dv + dw.cross(pt - s.com_world(&p));
        assert!(v_pt.z.abs() < 1e-12);
        // Inelastic: kinetic energy falls.
        let ke0 = 0.5 * 1000.0 * 4.0;
        let v1 = s.linear_velocity_world + dv;
        let ke1 = 0.5 * 1000.0 * v1.length_squared() + 0.5 * 1600.0 * dw.y * dw.y;
        assert!(ke1 < ke0);
    }

    #[test]
    fn separating_points_and_a_pair_are_handled() {
        // Moving away: no impulse. Two points ±1 m either side, falling at 3 m/s: together
        // they stop the body, J = 1500 N·s each (symmetry), no rotation.
        let (p, mut s) = body();
        s.linear_velocity_world = DVec3::new(0.0, 0.0, 1.0);
        let one = [PointConstraint {
            point_world: DVec3::ZERO,
            normal_world: DVec3::Z,
            ..Default::default()
        }];
        let mut j = [0.0];
        solve_impulses(&p, &s, &one, &mut j);
        assert_eq!(j[0], 0.0);
        s.linear_velocity_world = DVec3::new(0.0, 0.0, -3.0);
        let pair = [
            PointConstraint {
                point_world: DVec3::new(1.0, 0.0, 0.5),
                normal_world: DVec3::Z,
                ..Default::default()
            },
            PointConstraint {
                point_world: DVec3::new(-1.0, 0.0, 0.5),
                normal_world: DVec3::Z,
                ..Default::default()
            },
        ];
        let mut j = [0.0; 2];
        let (dv, dw) = solve_impulses(&p, &s, &pair, &mut j);
        assert!((j[0] + j[1] - 3000.0).abs() < 1.0, "{j:?}");
        assert!((j[0] - j[1]).abs() < 30.0, "{j:?}");
        assert!((s.linear_velocity_world + dv).z.abs() < 1e-3);
        assert!(dw.length() < 1e-2);
    }
}
