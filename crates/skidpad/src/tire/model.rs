//! Pure tire and wheel-spin functions. See the [module docs](super) for the model.

use super::params::TireParams;
use super::state::TireState;

/// Everything the contact solve needs about one wheel for one substep.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactInput {
    /// Tire normal load after the load filter. Unit: N (≥ 0).
    pub load: f64,
    /// Contact-point velocity relative to the ground along the tire's longitudinal axis. Unit: m/s.
    pub vx: f64,
    /// Contact-point velocity relative to the ground along the tire's lateral axis (left). Unit: m/s.
    pub vy: f64,
    /// Rolling radius. Unit: m.
    pub radius: f64,
    /// Spin inertia of the wheel (plus whatever drivetrain is rigidly attached). Unit: kg·m².
    pub inertia: f64,
    /// Drive torque about the wheel axle, positive forward. Unit: N·m.
    pub drive_torque: f64,
    /// Brake torque magnitude (service + hand brake); it only ever opposes spin. Unit: N·m (≥ 0).
    pub brake_torque: f64,
    /// Share of the chassis mass the contact patch accelerates (the corner's sprung mass). Unit: kg.
    pub effective_mass: f64,
    /// Friction multiplier of the surface under the tire (1 = reference road). Unit: 1.
    pub friction_scale: f64,
    /// Slip-stiffness multiplier of the surface. Unit: 1.
    pub stiffness_scale: f64,
    /// Peak-slip multiplier of the surface. Unit: 1.
    pub peak_slip_scale: f64,
    /// Relaxation-length multiplier of the surface. Unit: 1.
    pub relaxation_scale: f64,
    /// Inclination angle to the ground, ISO sign (+ top leaning to the tire's left). Unit: rad.
    pub camber: f64,
    /// Load this tire carries at rest (sprung mass × g). Unit: N.
    pub rest_load: f64,
    /// Gravitational acceleration. Unit: m/s².
    pub gravity: f64,
    /// Rolling-resistance multiplier of the surface. Unit: 1.
    pub rolling_resistance_scale: f64,
    /// Turn slip of the wheel, `−ψ̇/|Vx|` (see [`super::interface::SlipInput::turn_slip`]). Unit: 1/m.
    pub turn_slip: f64,
    /// Inflation pressure (0 = unknown). Unit: Pa.
    pub pressure: f64,
}

impl Default for ContactInput {
    /// Unloaded, at rest, on the reference surface (every scale 1), standard gravity.
    fn default() -> Self {
        Self {
            load: 0.0,
            vx: 0.0,
            vy: 0.0,
            radius: 0.3,
            inertia: 1.0,
            drive_torque: 0.0,
            brake_torque: 0.0,
            effective_mass: 0.0,
            friction_scale: 1.0,
            stiffness_scale: 1.0,
            peak_slip_scale: 1.0,
            relaxation_scale: 1.0,
            camber: 0.0,
            rest_load: 0.0,
            gravity: 9.81,
            rolling_resistance_scale: 1.0,
            turn_slip: 0.0,
            pressure: 0.0,
        }
    }
}

/// Forces the ground exerts on the tire, in the tire frame (x along the wheel heading in the
/// ground plane, y to its left).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TireForce {
    /// Longitudinal force. Unit: N.
    pub fx: f64,
    /// Lateral force. Unit: N.
    pub fy: f64,
}

/// Slip ratio `κ = (ωR − vx)/max(|vx|, v_min)` (ISO; positive when driving).
#[inline]
pub fn slip_ratio(p: &TireParams, omega: f64, radius: f64, vx: f64) -> f64 {
    (omega * radius - vx) / vx.abs().max(p.min_slip_speed)
}

/// Slip angle `α = atan(vy / max(|vx|, v_min))`; the lateral force is `−C_α·F_z·α`.
#[inline]
pub fn slip_angle(p: &TireParams, vx: f64, vy: f64) -> f64 {
    (vy / vx.abs().max(p.min_slip_speed)).atan()
}

/// Rolling-resistance torque `T_rr = C_rr·F_z·R·tanh(ωR/v_rr)`, opposing spin and smooth
/// through ω = 0 (so a wheel at rest feels none and a coasting wheel cannot chatter).
#[inline]
pub fn rolling_resistance_torque(p: &TireParams, load: f64, omega: f64, radius: f64) -> f64 {
    p.rolling_resistance * load * radius * (omega * radius / p.rolling_resistance_speed).tanh()
}

/// Solve one wheel's contact and spin for a substep of `dt`, writing `s` and returning the
/// ground force on the tire. Backward-Euler in the slip velocities (see the module docs):
/// unconditionally stable for any `dt`, so a 60 Hz step with light wheels does not oscillate.
pub fn solve_contact(p: &TireParams, c: &ContactInput, s: &mut TireState, dt: f64) -> TireForce {
    if let Some(model) = p.model.as_model() {
        return super::contact::solve(model, p, c, s, dt);
    }
    let load = c.load.max(0.0);
    let denom = c.vx.abs().max(p.min_slip_speed);
    let r = c.radius;
    let inv_i = 1.0 / c.inertia;
    let inv_m = if c.effective_mass > 0.0 {
        1.0 / c.effective_mass
    } else {
        0.0
    };
    // Linear-region force per unit slip velocity.
    let kx = p.longitudinal_stiffness * load / denom;
    let ky = p.cornering_stiffness * load / denom;
    let t_rr = rolling_resistance_torque(p, load * c.rolling_resistance_scale, s.omega, r);
    let t_free = c.drive_torque - t_rr;

    // Backward-Euler slip velocity with a given net axle torque `t`:
    // s' = (s + dt·R·t/I) / (1 + dt·kx·(R²/I + 1/m))
    let slip_after = |t: f64, omega: f64| {
        let s0 = omega * r - c.vx;
        (s0 + dt * r * t * inv_i) / (1.0 + dt * kx * (r * r * inv_i + inv_m))
    };
    let vy_after = c.vy / (1.0 + dt * ky * inv_m);

    let limit = p.friction * c.friction_scale * load;
    let fy_lin = -ky * vy_after;
    // Friction circle |F| ≤ µ·F_z: scale both components together.
    let saturate = |fx: f64| {
        let mag = fx.hypot(fy_lin);
        if mag > limit && mag > 0.0 {
            (fx * limit / mag, fy_lin * limit / mag)
        } else {
            (fx, fy_lin)
        }
    };

    let omega0 = s.omega;
    // Brake as Coulomb friction on the wheel: first assume it opposes the current spin.
    let spin_sign = if omega0 > 0.0 {
        1.0
    } else if omega0 < 0.0 {
        -1.0
    } else {
        0.0
    };
    let t = t_free - spin_sign * c.brake_torque;
    let (mut fx, mut fy) = saturate(kx * slip_after(t, omega0));
    let mut omega1 = omega0 + dt * (t - r * fx) * inv_i;
    if c.brake_torque > 0.0 && (spin_sign == 0.0 || omega1 * spin_sign < 0.0) {
        // The spin would stop or reverse: try the wheel held at ω = 0 (vx still relaxes).
        let (fx_lock, fy_lock) = saturate(kx * -c.vx / (1.0 + dt * kx * inv_m));
        let hold = r * fx_lock - c.drive_torque;
        if hold.abs() <= c.brake_torque {
            (fx, fy, omega1) = (fx_lock, fy_lock, 0.0);
        } else {
            // The brake slips: it opposes the net torque that spins the wheel up.
            let t = t_free + c.brake_torque * hold.signum();
            (fx, fy) = saturate(kx * slip_after(t, 0.0));
            omega1 = dt * (t - r * fx) * inv_i;
        }
    }
    s.omega = omega1;
    s.angle = (s.angle + omega1 * dt).rem_euclid(std::f64::consts::TAU);
    s.load = load;
    s.slip_ratio = slip_ratio(p, omega1, r, c.vx);
    s.slip_angle = slip_angle(p, c.vx, c.vy);
    s.fx = fx;
    s.fy = fy;
    TireForce { fx, fy }
}

/// The contact's longitudinal force as an affine function of the end-of-step spin, for the
/// coupled drivetrain solve: `Fx(ω') = fx0 + dfx_domega·(ω' − ω)` before the friction circle.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ContactLinearization {
    /// Force at `ω' = ω`. Unit: N.
    pub fx0: f64,
    /// `dFx/dω'` (≥ 0). Unit: N·s/rad.
    pub dfx_domega: f64,
    /// Lateral force before the friction circle. Unit: N.
    pub fy: f64,
    /// Friction-circle radius `µ·F_z`. Unit: N.
    pub limit: f64,
    /// Rolling-resistance torque at `ω` (opposes spin). Unit: N·m.
    pub rolling_torque: f64,
}

/// Linearise the backward-Euler slip update of [`solve_contact`] in the end-of-step spin.
/// With `k_x = C_κ·F_z/max(|vx|, v_min)` and the contact patch dragging the corner mass `m`
/// (`vx' = vx + dt·Fx/m`), `Fx = k_x·(ω'R − vx')` gives
///
/// ```text
/// Fx(ω') = k_x·(ωR − vx)/(1 + dt·k_x/m) + k_x·R/(1 + dt·k_x/m)·(ω' − ω)
/// ```
/// Solving `I(ω' − ω)/dt = T − R·Fx(ω')` with it reproduces [`solve_contact`] exactly
/// (before the friction circle and the brake logic, which the caller applies).
pub fn linearize_contact(
    p: &TireParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
) -> ContactLinearization {
    let omega = s.omega;
    let load = c.load.max(0.0);
    if let Some(model) = p.model.as_model() {
        // Steady-state models with transient slip (see `tire::contact`).
        let lin = super::contact::linearize(model, &p.relaxation, c, s, dt);
        return ContactLinearization {
            fx0: lin.fx0,
            dfx_domega: lin.dfx_domega,
            fy: lin.fy,
            limit: lin.limit,
            rolling_torque: rolling_resistance_torque(
                p,
                load * c.rolling_resistance_scale,
                omega,
                c.radius,
            ),
        };
    }
    let denom = c.vx.abs().max(p.min_slip_speed);
    let inv_m = if c.effective_mass > 0.0 {
        1.0 / c.effective_mass
    } else {
        0.0
    };
    let kx = p.longitudinal_stiffness * load / denom;
    let ky = p.cornering_stiffness * load / denom;
    let den = 1.0 + dt * kx * inv_m;
    ContactLinearization {
        fx0: kx * (omega * c.radius - c.vx) / den,
        dfx_domega: kx * c.radius / den,
        fy: -ky * c.vy / (1.0 + dt * ky * inv_m),
        limit: p.friction * c.friction_scale * load,
        rolling_torque: rolling_resistance_torque(
            p,
            load * c.rolling_resistance_scale,
            omega,
            c.radius,
        ),
    }
}

/// Write the tire state after an external (coupled) solve found the end-of-step spin
/// `omega1` and the forces `fx`, `fy`.
pub fn finish_contact(
    p: &TireParams,
    c: &ContactInput,
    s: &mut TireState,
    omega1: f64,
    fx: f64,
    fy: f64,
    dt: f64,
) {
    if p.model.as_model().is_some() {
        super::contact::finish(&p.relaxation, c, s, omega1, fx, fy, dt);
    }
    super::contact::record(p, c, s, omega1, fx, fy, dt);
}

#[cfg(test)]
mod tests {
    use super::*;

    const FZ: f64 = 4000.0;

    fn input(vx: f64) -> ContactInput {
        ContactInput {
            load: FZ,
            vx,
            vy: 0.0,
            radius: 0.3,
            inertia: 1.0,
            drive_torque: 0.0,
            brake_torque: 0.0,
            effective_mass: 400.0,
            friction_scale: 1.0,
            ..ContactInput::default()
        }
    }

    fn no_rr() -> TireParams {
        TireParams {
            rolling_resistance: 0.0,
            ..TireParams::default()
        }
    }

    #[test]
    fn linear_region_matches_stiffness() {
        // Rigid wheel and chassis (huge I and m): the implicit solve reduces to Fx = C·Fz·κ.
        let p = no_rr();
        let mut c = input(20.0);
        c.inertia = 1e12;
        c.effective_mass = 1e15;
        let mut s = TireState {
            omega: 20.0 * 1.01 / 0.3,
            ..Default::default()
        };
        let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert!((f.fx - 18.0 * FZ * 0.01).abs() < 1e-3, "{f:?}");
        assert!((s.slip_ratio - 0.01).abs() < 1e-9);
        // Lateral: vy = 0.2 at vx = 20 → α = atan(0.01); Fy ≈ −17·4000·0.01 = −680 N.
        c.vy = 0.2;
        s.omega = 20.0 / 0.3;
        let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert!((f.fy + 680.0).abs() < 0.01, "{f:?}");
    }

    #[test]
    fn friction_circle_limits_force() {
        let p = no_rr();
        let mut c = input(10.0);
        c.vy = 3.0;
        let mut s = TireState {
            omega: 15.0 / 0.3,
            ..Default::default()
        };
        let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert!((f.fx.hypot(f.fy) - FZ).abs() < 1e-6, "{f:?}");
        assert!(f.fx > 0.0 && f.fy < 0.0);
    }

    #[test]
    fn driven_wheel_settles_without_oscillation_at_60hz() {
        // Constant road speed, 300 N·m drive on a 1 kg·m² wheel: steady state Fx = T/R = 1000 N,
        // κ = 1000/(18·4000) = 1.389 %. The spin must approach it monotonically.
        let p = no_rr();
        let mut c = input(10.0);
        c.effective_mass = 1e15;
        c.drive_torque = 300.0;
        let mut s = TireState {
            omega: 10.0 / 0.3,
            ..Default::default()
        };
        let mut last = s.omega;
        for _ in 0..120 {
            let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
            assert!(s.omega >= last - 1e-12, "spin must not oscillate");
            last = s.omega;
            assert!(f.fx <= 1000.0 + 1e-6);
        }
        assert!((s.fx - 1000.0).abs() < 1.0, "{}", s.fx);
        assert!((s.slip_ratio - 1000.0 / (18.0 * FZ)).abs() < 1e-4);
    }

    #[test]
    fn brake_locks_but_never_reverses_spin() {
        let p = no_rr();
        let mut c = input(10.0);
        c.brake_torque = 5000.0;
        let mut s = TireState {
            omega: 10.0 / 0.3,
            ..Default::default()
        };
        for _ in 0..30 {
            solve_contact(&p, &c, &mut s, 1.0 / 60.0);
            assert!(s.omega >= 0.0);
        }
        assert_eq!(s.omega, 0.0);
        // Locked and sliding at 10 m/s: the full friction force µ·Fz opposes the motion.
        assert!((s.fx + FZ).abs() < 1e-6, "{}", s.fx);
        // Weak brake on a stationary wheel with a large drive torque: the wheel spins up.
        c.vx = 0.0;
        c.brake_torque = 100.0;
        c.drive_torque = 1000.0;
        s.omega = 0.0;
        solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert!(s.omega > 0.0);
        // Strong brake holds against the drive torque.
        c.brake_torque = 2000.0;
        s.omega = 0.0;
        solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert_eq!(s.omega, 0.0);
    }

    #[test]
    fn rolling_resistance_is_smooth_and_opposes_spin() {
        let p = TireParams::default();
        assert_eq!(rolling_resistance_torque(&p, FZ, 0.0, 0.3), 0.0);
        let t = rolling_resistance_torque(&p, FZ, 100.0, 0.3);
        assert!((t - 0.012 * FZ * 0.3).abs() < 1e-9);
        assert!(rolling_resistance_torque(&p, FZ, -100.0, 0.3) < 0.0);
    }

    #[test]
    fn zero_load_gives_zero_force() {
        let p = TireParams::default();
        let mut c = input(10.0);
        c.load = 0.0;
        c.vy = 1.0;
        let mut s = TireState::default();
        let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert_eq!((f.fx, f.fy), (0.0, 0.0));
    }
}
