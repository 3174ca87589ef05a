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
//!
//! ## Friction ([`solve_contacts`])
//!
//! A constraint with a Coulomb coefficient `μ > 0` also gets a tangential impulse
//! `J_t = J₁ t₁ + J₂ t₂` (`t₁`, `t₂` orthonormal, perpendicular to `n`). Each sweep, after the
//! normal update, the tangential slip `v_t = (v + ω × r − v_s)·tᵢ` is removed axis by axis
//! with the effective mass along `tᵢ`, `kᵢ = 1/m + (r × tᵢ)·I_w⁻¹ (r × tᵢ)`, and the
//! accumulated `(J₁, J₂)` is clamped to the friction disc `|J_t| ≤ μ J_n` (scaled back onto
//! the circle when it leaves it; box2d's and Bullet's sequential-impulse friction). Every
//! update removes relative motion at a point without reversing it, so friction only
//! dissipates. Restitution is 0: a body that lands or rolls onto the ground is never thrown
//! back up.
//!
//! Penetration left over (a point found below the ground) is not pushed out with a velocity
//! bias, which would add kinetic energy (Baumgarte); the allowed approach speed is clamped
//! at 0 instead, and [`solve_positions`] moves the pose out of the ground without touching
//! the velocities (split impulses, Catto's "pseudo-velocities").

use super::{ChassisParams, ChassisState};
use glam::{DMat3, DVec3};

/// Gauss–Seidel sweeps over the active constraints (at most: [`solve_contacts`] stops at its
/// fixed point). 16 left a body resting on its roof 1.7e-7 m/s of upward velocity, a rise of
/// 2.3e-5 J in a step (issue 12's energy audit, the roll-over at 1/120 s); 256 converge it.
pub const ITERATIONS: usize = 256;

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
    /// Coulomb friction coefficient at the point (used by [`solve_contacts`]). Unit: —.
    /// Range: [0, ∞); 0 = frictionless.
    pub friction: f64,
}

/// Effective inverse mass of the body along `dir` at arm `arm` (m from the CoM):
/// `1/m + (r × d)·I_w⁻¹ (r × d)`. Unit: 1/kg.
fn inverse_mass_at(inv_mass: f64, inv_iw: &DMat3, arm: DVec3, dir: DVec3) -> f64 {
    let rn = arm.cross(dir);
    inv_mass + rn.dot(*inv_iw * rn)
}

/// Impulses with Coulomb friction (module docs, "Friction"): for each constraint the
/// accumulated `(J_n, J₁, J₂)` (N·s) in `impulses` along `(n, t₁, t₂)`, `t₁, t₂` from
/// [`DVec3::any_orthonormal_pair`] of `n`. Returns the velocity change `(Δv, Δω)`. `s` is not
/// changed.
pub fn solve_contacts(
    p: &ChassisParams,
    s: &ChassisState,
    constraints: &[PointConstraint],
    impulses: &mut [DVec3],
) -> (DVec3, DVec3) {
    let com = s.com_world(p);
    let r = DMat3::from_quat(s.pose.rotation);
    let inv_iw = r * p.inertia.inverse() * r.transpose();
    let inv_m = 1.0 / p.mass;
    let (mut dv, mut dw) = (DVec3::ZERO, DVec3::ZERO);
    impulses.iter_mut().for_each(|j| *j = DVec3::ZERO);
    for _ in 0..ITERATIONS {
        // A sweep that leaves every impulse and (Δv, Δω) bit for bit as they were is a fixed
        // point: every later sweep would repeat it, so stopping is exact (the usual case:
        // speculative body points still apart, no impulse at all).
        let (dv0, dw0) = (dv, dw);
        let mut changed = false;
        for (c, acc) in constraints.iter().zip(impulses.iter_mut()) {
            let before = *acc;
            let (n, arm) = (c.normal_world, c.point_world - com);
            let vel = |dv: DVec3, dw: DVec3| {
                s.linear_velocity_world + dv + (s.angular_velocity_world + dw).cross(arm)
                    - c.support_velocity_world
            };
            let vn = vel(dv, dw).dot(n) + c.max_approach_speed;
            let new = (acc.x - vn / inverse_mass_at(inv_m, &inv_iw, arm, n)).max(0.0);
            let mut j = n * (new - acc.x);
            acc.x = new;
            // Friction only where the point pushes (or pushed in an earlier sweep).
            if c.friction > 0.0 && *acc != DVec3::ZERO {
                let (t1, t2) = n.any_orthonormal_pair();
                let v = vel(dv + j * inv_m, dw + inv_iw * arm.cross(j));
                let old = glam::DVec2::new(acc.y, acc.z);
                let mut jt = old
                    - glam::DVec2::new(
                        v.dot(t1) / inverse_mass_at(inv_m, &inv_iw, arm, t1),
                        v.dot(t2) / inverse_mass_at(inv_m, &inv_iw, arm, t2),
                    );
                let max = c.friction * acc.x;
                if jt.length() > max {
                    jt *= max / jt.length();
                }
                j += t1 * (jt.x - old.x) + t2 * (jt.y - old.y);
                (acc.y, acc.z) = (jt.x, jt.y);
            }
            dv += j * inv_m;
            dw += inv_iw * arm.cross(j);
            changed |= bits(*acc) != bits(before);
        }
        if !changed && bits(dv) == bits(dv0) && bits(dw) == bits(dw0) {
            break;
        }
    }
    (dv, dw)
}

/// The bit patterns of `v`'s components (distinguishes `-0.0` from `0.0`).
fn bits(v: DVec3) -> [u64; 3] {
    v.to_array().map(f64::to_bits)
}

/// Split-impulse position correction: the pseudo-velocity `(v_p, ω_p)` (m/s, rad/s, world)
/// that moves each constraint point out along its normal by `depth[i]` (m, ≥ 0) over `h`,
/// solved as [`solve_impulses`] from rest with the target `v_p·n ≥ depth/h` and without
/// friction. The caller moves the pose by `v_p·h` and rotates it by `ω_p·h`; velocities are
/// untouched, so the correction adds no kinetic energy (it lifts the body by at most the
/// depth it had sunk).
pub fn solve_positions(
    p: &ChassisParams,
    s: &ChassisState,
    constraints: &[PointConstraint],
    depth: &[f64],
    h: f64,
    impulses: &mut [f64],
) -> (DVec3, DVec3) {
    let com = s.com_world(p);
    let r = DMat3::from_quat(s.pose.rotation);
    let inv_iw = r * p.inertia.inverse() * r.transpose();
    let inv_m = 1.0 / p.mass;
    let (mut dv, mut dw) = (DVec3::ZERO, DVec3::ZERO);
    impulses.iter_mut().for_each(|j| *j = 0.0);
    for _ in 0..ITERATIONS {
        // Stops at its fixed point, as `solve_contacts` does (exact).
        let (dv0, dw0) = (dv, dw);
        let mut changed = false;
        for ((c, acc), d) in constraints.iter().zip(impulses.iter_mut()).zip(depth) {
            let (n, arm) = (c.normal_world, c.point_world - com);
            let vn = (dv + dw.cross(arm)).dot(n) - d / h;
            let new = (*acc - vn / inverse_mass_at(inv_m, &inv_iw, arm, n)).max(0.0);
            let dj = new - *acc;
            changed |= new.to_bits() != acc.to_bits();
            *acc = new;
            dv += n * (dj * inv_m);
            dw += inv_iw * arm.cross(n * dj);
        }
        if !changed && bits(dv) == bits(dv0) && bits(dw) == bits(dw0) {
            break;
        }
    }
    (dv, dw)
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
        // Stops at its fixed point, as `solve_contacts` does (exact).
        let (dv0, dw0) = (dv, dw);
        let mut changed = false;
        for (c, acc) in constraints.iter().zip(impulses.iter_mut()) {
            let (n, arm) = (c.normal_world, c.point_world - com);
            let v = s.linear_velocity_world + dv + (s.angular_velocity_world + dw).cross(arm);
            let vn = (v - c.support_velocity_world).dot(n) + c.max_approach_speed;
            let rn = arm.cross(n);
            let k = 1.0 / p.mass + rn.dot(inv_iw * rn);
            let new = (*acc - vn / k).max(0.0);
            let dj = new - *acc;
            changed |= new.to_bits() != acc.to_bits();
            *acc = new;
            dv += n * (dj / p.mass);
            dw += inv_iw * (rn * dj);
        }
        if !changed && bits(dv) == bits(dv0) && bits(dw) == bits(dw0) {
            break;
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

    #[test]
    fn friction_is_capped_by_the_cone() {
        // Point 0.5 m below the CoM, body falling at 1 m/s and sliding at 3 m/s along x,
        // μ = 0.6: J_n = m·1 = 1000 N·s stops the fall, the friction impulse is capped at
        // μ·J_n = 600 N·s, so Δv_x = −0.6 m/s; its arm gives Δω_y = (r × J_t)_y/I_yy
        // = (0.5·600)/1600 = 0.1875 rad/s (the pitch it causes moves the point along x only).
        let (p, mut s) = body();
        s.linear_velocity_world = DVec3::new(3.0, 0.0, -1.0);
        let c = [PointConstraint {
            point_world: DVec3::new(0.0, 0.0, 0.5),
            normal_world: DVec3::Z,
            friction: 0.6,
            ..Default::default()
        }];
        let mut j = [DVec3::ZERO];
        let (dv, dw) = solve_contacts(&p, &s, &c, &mut j);
        assert!((j[0].x - 1000.0).abs() < 1e-9, "{:?}", j[0]);
        assert!((dv - DVec3::new(-0.6, 0.0, 1.0)).length() < 1e-9, "{dv}");
        assert!((dw - DVec3::new(0.0, 0.1875, 0.0)).length() < 1e-9, "{dw}");
    }

    #[test]
    fn position_correction_moves_out_by_the_depth() {
        // A point under the CoM 4.5 cm deep: the pseudo-velocity is 0.045/h straight up, so
        // the pose moves up by exactly the depth over h; no rotation.
        let (p, s) = body();
        let c = [PointConstraint {
            point_world: DVec3::new(0.0, 0.0, 0.5),
            normal_world: DVec3::Z,
            ..Default::default()
        }];
        let mut j = [0.0];
        let h = 0.01;
        let (vp, wp) = solve_positions(&p, &s, &c, &[0.045], h, &mut j);
        assert!(
            (vp * h - DVec3::new(0.0, 0.0, 0.045)).length() < 1e-12,
            "{vp}"
        );
        assert!(wp.length() < 1e-12);
    }
}
