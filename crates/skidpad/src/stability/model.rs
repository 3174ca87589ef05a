//! Pure stability-helper functions. See the [module docs](super) for the formulas.

use super::{AirborneParams, AntiRolloverParams, HillHoldParams, YawDampingParams};
use crate::chassis::{ChassisParams, ChassisState};
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
    if !s.holding && speed.abs() >= p.engage_speed {
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
    -p.rate * cp.inertia.z_axis.z * s.angular_velocity.dot(z) * fade * z
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
/// substep of `dt` (one-sided velocity constraint on the tilt, see the module docs).
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
    let gap = theta - p.max_angle; // > 0 beyond the limit
    let iw = world_inertia(cp, s);
    let w = s.angular_velocity;
    let w_min = if gap < 0.0 {
        // Speculative: the integrator turns the body by the *mean* of the start and end rates,
        // so reach the limit with (ω_â + ω_â')/2 = gap/dt, but never demand a bounce (≤ 0).
        (gap / dt).max((2.0 * gap / dt - w.dot(a)).min(0.0))
    } else {
        p.correction * gap / dt
    };
    // Predicted rate with the other torques and the gyroscopic term −ω × I_w ω.
    let w_pred = (w + dt * (iw.inverse() * (other - w.cross(iw * w)))).dot(a);
    if w_pred >= w_min {
        return DVec3::ZERO;
    }
    let i_a = a.dot(iw * a);
    i_a * (w_min - w_pred) / dt * a
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
    let w = s.angular_velocity;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Pose;
    use glam::DQuat;

    fn body(rot: DQuat, w: DVec3) -> ChassisState {
        ChassisState {
            pose: Pose::new(DVec3::ZERO, rot),
            angular_velocity: w,
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
        s.linear_velocity = DVec3::new(12.0, 0.0, 0.0);
        assert!((yaw_damping_torque(&p, &cp, &s).z + 2600.0).abs() < 1e-9);
        // Half faded in at 7.5 m/s.
        s.linear_velocity = DVec3::new(7.5, 0.0, 0.0);
        assert!((yaw_damping_torque(&p, &cp, &s).z + 1300.0).abs() < 1e-9);
        s.linear_velocity = DVec3::new(4.0, 0.0, 0.0);
        assert_eq!(yaw_damping_torque(&p, &cp, &s), DVec3::ZERO);
    }

    #[test]
    fn anti_rollover_stops_the_tilt_at_the_limit() {
        // Rolled 0.5 rad (limit 0.6) rolling on at 3 rad/s, dt 0.01: the allowed end rate is
        // max(gap/dt, min(2·gap/dt − ω, 0)) = max(−10, −17) = −10 rad/s, and −3 > −10 → no
        // torque. At 0.59 rad: max(−1, min(−2 + 3, 0)) = 0 → stop the roll this substep:
        // τ = I_xx·(0 − (−3))/dt = 550·300 = 165 000 N·m about −x.
        let cp = crate::presets::sedan().chassis;
        let p = AntiRolloverParams {
            enabled: true,
            ..Default::default()
        };
        let s = body(DQuat::from_rotation_x(0.5), DVec3::new(3.0, 0.0, 0.0));
        assert_eq!(
            anti_rollover_torque(&p, &cp, &s, DVec3::ZERO, 0.01),
            DVec3::ZERO
        );
        let s = body(DQuat::from_rotation_x(0.59), DVec3::new(3.0, 0.0, 0.0));
        let t = anti_rollover_torque(&p, &cp, &s, DVec3::ZERO, 0.01);
        assert!((t.x + 165_000.0).abs() < 1e-6, "{t}");
        // Rolling back towards upright: free.
        let s = body(DQuat::from_rotation_x(0.59), DVec3::new(-3.0, 0.0, 0.0));
        assert_eq!(
            anti_rollover_torque(&p, &cp, &s, DVec3::ZERO, 0.01),
            DVec3::ZERO
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
