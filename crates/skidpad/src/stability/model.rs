//! Pure stability-helper functions. See the [module docs](super) for the formulas.

use super::{
    AirborneParams, AntiRolloverParams, HillHoldParams, StabilityParams, YawDampingParams,
};
use crate::chassis::{ChassisParams, ChassisState, Wrench, integrate};
use glam::{DMat3, DVec3};

/// Tilt below which the restoring axis `â` is undefined and no tilt torque is made. Unit: rad.
pub const MIN_TILT: f64 = 1e-9;

/// Runtime memory of the helpers. `Default`: nothing held, on the ground.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StabilityState {
    /// The hill hold is applying the brakes.
    pub holding: bool,
    /// Time the current hold has lasted. Unit: s.
    pub hold_time: f64,
    /// The hold timed out; it re-arms when the car moves or the driver brakes.
    pub hold_expired: bool,
    /// Every enabled wheel was off the ground last substep.
    pub airborne: bool,
    /// Time since the last touchdown (∞-like large after a while). Unit: s.
    pub since_landing: f64,
    /// The hill hold's brake demand this substep (input stage). Unit: 1.
    pub hold_brake: f64,
}

/// Hill/park hold: the brake fraction the hold demands this substep (0 when not holding).
/// `speed` is the forward speed (m/s), `throttle` and `brake` the driver's (smoothed) pedals.
pub fn hill_hold(
    p: &HillHoldParams,
    throttle: f64,
    brake: f64,
    speed: f64,
    s: &mut StabilityState,
    dt: f64,
) -> f64 {
    if !p.enabled || throttle > p.release_throttle {
        s.holding = false;
        s.hold_time = 0.0;
        s.hold_expired = false;
        return 0.0;
    }
    if !s.holding && speed.abs() >= p.max_engage_speed {
        s.hold_expired = false;
        return 0.0;
    }
    if brake > 0.0 {
        s.hold_expired = false;
        s.hold_time = 0.0;
    }
    if s.hold_expired {
        return 0.0;
    }
    s.holding = true;
    s.hold_time += dt;
    if p.max_hold_time.is_some_and(|t| s.hold_time > t) {
        s.holding = false;
        s.hold_expired = true;
        return 0.0;
    }
    p.brake_fraction
}

/// World inertia tensor `R I Rᵀ`.
#[inline]
pub fn world_inertia(p: &ChassisParams, s: &ChassisState) -> DMat3 {
    let r = DMat3::from_quat(s.pose.rotation);
    r * p.inertia * r.transpose()
}

/// Yaw-rate damping torque (world). Zero when disabled or below `min_speed`.
pub fn yaw_damping_torque(p: &YawDampingParams, cp: &ChassisParams, s: &ChassisState) -> DVec3 {
    if !p.enabled {
        return DVec3::ZERO;
    }
    let fade = ((s.velocity_body().x.abs() - p.min_speed) / p.fade_speed).clamp(0.0, 1.0);
    if fade == 0.0 {
        return DVec3::ZERO;
    }
    let z = s.pose.transform_vector(DVec3::Z);
    -p.rate * cp.inertia.z_axis.z * s.angular_velocity_world.dot(z) * fade * z
}

/// Tilt `θ` of the vehicle up axis from world up and the restoring axis `â` (world).
#[inline]
pub fn tilt(s: &ChassisState) -> (f64, DVec3) {
    let up = s.pose.transform_vector(DVec3::Z);
    let c = up.cross(DVec3::Z);
    let theta = c.length().atan2(up.z);
    let axis = if c.length() > 0.0 {
        c / c.length()
    } else {
        DVec3::ZERO
    };
    (theta, axis)
}

/// Anti-rollover torque (world) given the torque `other` every other stage applies this
/// substep of `dt`: a one-sided position-level speculative constraint on the tilt (see the
/// module docs).
///
/// The chassis integrator ([`integrate`]) turns the body by the mean of the start and end
/// angular velocities, so with tilt rate `r = −ω·â` the tilt a full stop in the *next* substep
/// would end at is `P = θ₁ + ½ dt r₁`. The helper keeps `P ≤ θ_max + (1 − β)·max(θ − θ_max, 0)`:
/// below the limit the tilt then arrives at `θ_max` with zero rate (deadbeat, no bounce); above
/// it (after a teleport, or enabling mid-roll) a fraction `β` of the violation goes per substep.
/// `θ₁, r₁` come from a trial step of the real integrator under `other` alone (gyroscopic
/// terms included); a torque `τ â` lowers `θ₁` by `½ dt² τ/k` and `r₁` by `dt τ/k`, so `P` by
/// `dt² τ/k`, with `k = 1/(âᵀ I_w⁻¹ â)` the effective inertia about `â`.
pub fn anti_rollover_torque(
    p: &AntiRolloverParams,
    cp: &ChassisParams,
    s: &ChassisState,
    other: DVec3,
    dt: f64,
) -> DVec3 {
    if !p.enabled || dt <= 0.0 {
        return DVec3::ZERO;
    }
    let (theta, a) = tilt(s);
    if theta < MIN_TILT {
        return DVec3::ZERO;
    }
    let iw = world_inertia(cp, s);
    let iw_inv = iw.inverse();
    let w = s.angular_velocity_world;
    // Cheap exit far from the limit: P − θ = ½ dt (r + r₁) + ½ dt r₁ ≤ dt (½|ω| + |ω₁|), with
    // |ω₁| ≤ |ω| + dt |α| to first order; twice that is a safe reach.
    let alpha = iw_inv * (other - w.cross(iw * w));
    let reach = 2.0 * dt * (1.5 * w.length() + dt * alpha.length());
    if theta + reach < p.max_angle {
        return DVec3::ZERO;
    }
    // Trial step of the rotation under the other torques only.
    let mut trial = *s;
    let wrench = Wrench {
        force: DVec3::ZERO,
        torque: other,
    };
    integrate(cp, &mut trial, &wrench, DVec3::ZERO, dt);
    let (theta1, a1) = tilt(&trial);
    let r1 = -trial.angular_velocity_world.dot(a1);
    let stop = theta1 + 0.5 * dt * r1;
    let allowed = p.max_angle + (1.0 - p.correction) * (theta - p.max_angle).max(0.0);
    if stop <= allowed {
        return DVec3::ZERO;
    }
    // Linear estimate, then one secant step through a second trial: the response of `P` to
    // the torque is only nearly linear (Cayley map, gyroscopic coupling, ~dt·|ω|).
    let k = 1.0 / a.dot(iw_inv * a);
    let tau0 = k * (stop - allowed) / (dt * dt);
    let mut trial = *s;
    let wrench = Wrench {
        force: DVec3::ZERO,
        torque: other + tau0 * a,
    };
    integrate(cp, &mut trial, &wrench, DVec3::ZERO, dt);
    let (theta2, a2) = tilt(&trial);
    let stop2 = theta2 - 0.5 * dt * trial.angular_velocity_world.dot(a2);
    let slope = (stop - stop2) / tau0;
    let slope = if slope > 0.0 && slope.is_finite() {
        slope
    } else {
        dt * dt / k
    };
    // `P` only predicts a stop to first order (the other components of ω turn the body too),
    // so a substep may start a hair past `P ≤ θ_max`; then `r₁ < 0` and the tilt would end
    // above the limit: also keep `θ₁ ≤ max(θ_max, θ)` (beyond the limit: no further), which
    // moves with half the slope of `P`.
    let cap = p.max_angle.max(theta);
    let tau = ((stop - allowed) / slope).max(2.0 * (theta1 - cap) / slope);
    tau * a
}

/// Airborne upright torque and landing help (world). `grounded`: some enabled wheel touches
/// the ground this substep. Updates the airborne/landing memory in `st`.
pub fn airborne_torque(
    p: &AirborneParams,
    cp: &ChassisParams,
    s: &ChassisState,
    grounded: bool,
    st: &mut StabilityState,
    dt: f64,
) -> DVec3 {
    if !p.enabled {
        return DVec3::ZERO;
    }
    if grounded {
        if st.airborne {
            st.since_landing = 0.0;
        } else {
            st.since_landing += dt;
        }
    }
    st.airborne = !grounded;
    let wn = std::f64::consts::TAU * p.frequency;
    let w = s.angular_velocity_world;
    let w_perp = w - w.dot(DVec3::Z) * DVec3::Z;
    let iw = world_inertia(cp, s);
    if !grounded {
        let (theta, a) = tilt(s);
        return iw * (wn * wn * theta * a - 2.0 * p.damping_ratio * wn * w_perp);
    }
    if p.landing_time > 0.0 && st.since_landing < p.landing_time {
        let fade = 1.0 - st.since_landing / p.landing_time;
        return -(iw * (2.0 * p.damping_ratio * wn * w_perp)) * fade;
    }
    DVec3::ZERO
}

/// The stability stage: the helpers' torques (world), each off unless enabled — yaw damping,
/// airborne upright/landing help, then anti-rollover last, as it constrains the tilt rate under
/// every other torque (`torque_so_far`: the chassis torque about the CoM before the helpers).
/// `grounded`: some enabled wheel touches the ground this substep. Unit: N·m.
pub fn helper_torques(
    p: &StabilityParams,
    cp: &ChassisParams,
    s: &ChassisState,
    grounded: bool,
    torque_so_far: DVec3,
    st: &mut StabilityState,
    dt: f64,
) -> DVec3 {
    let mut t = yaw_damping_torque(&p.yaw_damping, cp, s)
        + airborne_torque(&p.airborne, cp, s, grounded, st, dt);
    t += anti_rollover_torque(&p.anti_rollover, cp, s, torque_so_far + t, dt);
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Pose;
    use glam::DQuat;

    fn body(rot: DQuat, w: DVec3) -> ChassisState {
        ChassisState {
            pose: Pose::new(DVec3::ZERO, rot),
            angular_velocity_world: w,
            ..Default::default()
        }
    }

    #[test]
    fn hill_hold_engages_times_out_and_releases_on_throttle() {
        let p = HillHoldParams {
            enabled: true,
            max_hold_time: Some(1.0),
            ..Default::default()
        };
        let mut s = StabilityState::default();
        assert_eq!(hill_hold(&p, 0.0, 0.0, 1.0, &mut s, 0.1), 0.0); // moving
        assert_eq!(hill_hold(&p, 0.0, 1.0, 0.0, &mut s, 0.1), 0.6); // stopped
        for _ in 0..9 {
            assert_eq!(hill_hold(&p, 0.0, 0.0, 0.0, &mut s, 0.1), 0.6);
        }
        assert_eq!(hill_hold(&p, 0.0, 0.0, 0.0, &mut s, 0.1), 0.0); // 1.1 s > 1 s
        assert_eq!(hill_hold(&p, 0.0, 0.0, 0.0, &mut s, 0.1), 0.0); // expired
        assert_eq!(hill_hold(&p, 0.0, 0.5, 0.0, &mut s, 0.1), 0.6); // re-armed by the brake
        assert_eq!(hill_hold(&p, 0.5, 0.0, 0.0, &mut s, 0.1), 0.0); // throttle
    }

    #[test]
    fn yaw_damping_by_hand() {
        // I_zz = 2600, ω_z = 0.5, rate 2, fully faded in at 12 m/s: τ_z = −2·2600·0.5 = −2600 N·m.
        let cp = crate::presets::sedan().chassis;
        let p = YawDampingParams {
            enabled: true,
            rate: 2.0,
            ..Default::default()
        };
        let mut s = body(DQuat::IDENTITY, DVec3::new(0.0, 0.0, 0.5));
        s.linear_velocity_world = DVec3::new(12.0, 0.0, 0.0);
        assert!((yaw_damping_torque(&p, &cp, &s).z + 2600.0).abs() < 1e-9);
        // Half faded in at 7.5 m/s.
        s.linear_velocity_world = DVec3::new(7.5, 0.0, 0.0);
        assert!((yaw_damping_torque(&p, &cp, &s).z + 1300.0).abs() < 1e-9);
        s.linear_velocity_world = DVec3::new(4.0, 0.0, 0.0);
        assert_eq!(yaw_damping_torque(&p, &cp, &s), DVec3::ZERO);
    }

    #[test]
    fn anti_rollover_stops_the_tilt_at_the_limit() {
        // Sedan roll inertia 550 kg·m² (principal, so no gyroscopic term for a pure roll),
        // limit 0.6 rad, dt 0.01 s, rolling towards the limit at r = 3 rad/s (ω = +3 x̂ on a
        // body rolled about +x; the restoring axis is â = −x̂).
        let cp = crate::presets::sedan().chassis;
        let p = AntiRolloverParams {
            enabled: true,
            ..Default::default()
        };
        let dt = 0.01;
        let torque = |th: f64, wx: f64| {
            let s = body(DQuat::from_rotation_x(th), DVec3::new(wx, 0.0, 0.0));
            anti_rollover_torque(&p, &cp, &s, DVec3::ZERO, dt)
        };
        // At 0.5 rad the reach 2·dt·1.5·|ω| = 0.09 rad does not get to 0.6: nothing.
        assert_eq!(torque(0.5, 3.0), DVec3::ZERO);
        // At 0.57 rad the trial step turns by 2·atan(dt·3/2) = 0.029 997 75 rad (Cayley) to
        // θ₁ = 0.599 997 75 at r₁ = 3, so a stop next substep would end at
        // P = θ₁ + ½·dt·r₁ = 0.614 997 75; the linear estimate I·(P − 0.6)/dt² = 82 487.6 N·m,
        // and the secant step solves P(τ) = 0.57 + 2·atan(½dt(3 − ½dt·τ/I)) + ½dt(3 − dt·τ/I)
        // = 0.6 (bisection by hand: τ = 82 494.779 N·m) to second order: about −x.
        let t = torque(0.57, 3.0);
        assert!(
            (t.x + 82_494.779).abs() < 0.01 && t.y == 0.0 && t.z == 0.0,
            "{t}"
        );
        // Rolling back towards upright: free.
        assert_eq!(torque(0.59, -3.0), DVec3::ZERO);
        // Beyond the limit at rest (0.7 rad): a fraction β = 0.2 of the 0.1 rad violation per
        // substep, P = 0.7 → 0.68: linear estimate τ = 550·0.02/dt² = 110 000 N·m about −x;
        // solving 0.7 − 2·atan(¼dt²·τ/I) − ½dt²·τ/I = 0.68 by hand (bisection): 110 000.458.
        // The body ends at θ₁ = 0.69 rolling back at 2 rad/s, ≤ θ = 0.7: no second condition.
        let t = torque(0.7, 0.0);
        assert!((t.x + 110_000.458).abs() < 0.01, "{t}");
    }

    #[test]
    fn anti_rollover_lands_on_the_limit_with_zero_rate() {
        // Closed loop with the real integrator: from 0.5 rad at 3 rad/s towards the 0.6 rad
        // limit under a constant 20 kN·m rolling torque (α = 36 rad/s²), the tilt rises to the
        // limit and stops there (deadbeat: the substep before arrival leaves a rate whose stop
        // ends on the limit): 0.5 → 0.5318 → 0.5673 → 0.5930 (braked) → 0.599 999 985 → 0.6,
        // rate 0. Bound: 1e-9 rad, what the secant step leaves of the trial's nonlinearity.
        let cp = crate::presets::sedan().chassis;
        let p = AntiRolloverParams {
            enabled: true,
            ..Default::default()
        };
        let dt = 0.01;
        let push = DVec3::new(20_000.0, 0.0, 0.0);
        let mut s = body(DQuat::from_rotation_x(0.5), DVec3::new(3.0, 0.0, 0.0));
        let mut max_tilt: f64 = 0.0;
        for _ in 0..50 {
            let t = anti_rollover_torque(&p, &cp, &s, push, dt);
            let w = Wrench {
                force: DVec3::ZERO,
                torque: push + t,
            };
            integrate(&cp, &mut s, &w, DVec3::ZERO, dt);
            max_tilt = max_tilt.max(tilt(&s).0);
        }
        assert!(max_tilt <= 0.6 + 1e-9, "{max_tilt}");
        assert!((tilt(&s).0 - 0.6).abs() < 1e-9, "{}", tilt(&s).0);
        assert!(
            s.angular_velocity_world.length() < 1e-9,
            "{}",
            s.angular_velocity_world
        );
    }

    #[test]
    fn upright_torque_points_back_up() {
        let cp = crate::presets::sedan().chassis;
        let p = AirborneParams {
            enabled: true,
            ..Default::default()
        };
        let mut st = StabilityState::default();
        let s = body(DQuat::from_rotation_x(0.3), DVec3::ZERO);
        let t = airborne_torque(&p, &cp, &s, false, &mut st, 0.01);
        // Rolled +x by 0.3 rad: the restoring torque is about −x, ≈ I_xx·ω_n²·0.3.
        let wn = std::f64::consts::TAU * 0.8;
        assert!((t.x + 550.0 * wn * wn * 0.3).abs() < 1e-6, "{t}");
        assert!(st.airborne);
        let s = body(DQuat::IDENTITY, DVec3::new(1.0, 0.0, 0.0));
        let t = airborne_torque(&p, &cp, &s, true, &mut st, 0.01);
        assert!(t.x < 0.0 && st.since_landing == 0.0);
    }
}
