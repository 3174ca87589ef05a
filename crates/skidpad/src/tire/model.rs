//! Pure tire and wheel-spin functions. See the [module docs](super) for the model.

use super::params::TireParams;
use super::state::TireState;
use super::trig::atan;

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
    /// Bearing damping of the spin, a torque `−c·ω'` inside the implicit spin solve
    /// ([`crate::wheel::WheelParams::damping_rate`]). Unit: N·m·s/rad (≥ 0).
    pub damping_rate: f64,
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
    /// Inclination angle γ to the ground, ISO sign as the Magic Formula's: + when the wheel top
    /// leans to the tyre's right (−y); see [`crate::wheel::inclination`]. Unit: rad.
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
    /// Longitudinal grip limit multiplier ([`super::TireParams::longitudinal_grip`]). Unit: 1.
    pub grip_x: f64,
    /// Lateral grip limit multiplier ([`super::TireParams::lateral_grip`]). Unit: 1.
    pub grip_y: f64,
    /// Hand-brake command acting on this wheel's brake (the smoothed intent's `handbrake` on a
    /// wheel with [`crate::wheel::WheelParams::max_handbrake_torque`] `> 0`, else 0).
    /// Unit: 1. Range: [0, 1].
    pub handbrake: f64,
    /// Lateral grip factor `k_hb` at full hand brake
    /// ([`crate::wheel::WheelParams::handbrake_lateral_grip`]); see
    /// [`ContactInput::lateral_grip_limit`]. Unit: 1.
    pub handbrake_lateral_grip: f64,
}

impl ContactInput {
    /// The lateral grip limit multiplier the tyre works with, the auxiliary-brake grip
    /// shaping of ground_vehicle: `s_y' = s_y·(1 + (k_hb − 1)·h)`, with `s_y` =
    /// [`ContactInput::grip_y`], `h` = [`ContactInput::handbrake`] and `k_hb` =
    /// [`ContactInput::handbrake_lateral_grip`]. Linear in the command, so a half-pulled
    /// lever shapes half; `h = 0` or `k_hb = 1` give `s_y` bit for bit. Unit: 1.
    #[inline]
    pub fn lateral_grip_limit(&self) -> f64 {
        self.grip_y * (1.0 + (self.handbrake_lateral_grip - 1.0) * self.handbrake)
    }

    /// A wheel of `radius` (m) and spin `inertia` (kg·m²) under `gravity` (m/s²): unloaded, at
    /// rest, no torques or bearing damping, on the reference surface (every scale 1), no camber, turn slip or
    /// pressure. Set the rest with struct update syntax.
    pub fn new(radius: f64, inertia: f64, gravity: f64) -> Self {
        Self {
            load: 0.0,
            vx: 0.0,
            vy: 0.0,
            radius,
            inertia,
            damping_rate: 0.0,
            drive_torque: 0.0,
            brake_torque: 0.0,
            effective_mass: 0.0,
            friction_scale: 1.0,
            stiffness_scale: 1.0,
            peak_slip_scale: 1.0,
            relaxation_scale: 1.0,
            camber: 0.0,
            rest_load: 0.0,
            gravity,
            rolling_resistance_scale: 1.0,
            turn_slip: 0.0,
            pressure: 0.0,
            grip_x: 1.0,
            grip_y: 1.0,
            handbrake: 0.0,
            handbrake_lateral_grip: 1.0,
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
    atan(vy / vx.abs().max(p.min_slip_speed))
}

/// Rolling-resistance torque `T_rr = C_rr·F_z·R·tanh(ωR/v_rr)`, opposing spin and smooth
/// through ω = 0 (so a wheel at rest feels none and a coasting wheel cannot chatter).
#[inline]
pub fn rolling_resistance_torque(p: &TireParams, load: f64, omega: f64, radius: f64) -> f64 {
    p.rolling_resistance * load * radius * tanh(omega * radius / p.rolling_resistance_speed)
}

/// `x.tanh()`, bit for bit, without the call where the result is `±1`: from `|x| = 22` the
/// exact `tanh` is within `2·10⁻¹⁹` of `±1`, far inside half an ulp below 1 (`5.6·10⁻¹⁷`),
/// so a correctly rounded `tanh` gives `±1.0`, and so does glibc's (it returns
/// `±(1 − 10⁻³⁰⁰)`, rounded, from 22 on; tested); NaN fails the test and takes the call. A
/// rolling wheel's `ωR/v_rr` is far beyond it (v_rr = 0.1 m/s by default), so the call is
/// left for a wheel near rest.
#[inline]
pub(crate) fn tanh(x: f64) -> f64 {
    if x.abs() >= 22.0 {
        1.0_f64.copysign(x)
    } else {
        x.tanh()
    }
}

/// Solve one wheel's contact and spin for a substep of `dt`, writing `s` and returning the
/// ground force on the tire: the tire's steady-state model with transient slip, one
/// backward-Euler step of deflection, spin and corner mass ([`super::contact`]); stable for
/// any `dt`, and a braked wheel at standstill holds instead of creeping.
#[inline(always)]
pub fn solve_contact(p: &TireParams, c: &ContactInput, s: &mut TireState, dt: f64) -> TireForce {
    match &p.model {
        super::params::TireModelKind::FrictionCircle(fc) => {
            super::contact::solve_friction_circle(fc, p, c, s, dt)
        }
        m => super::contact::solve(m.as_model(), p, c, s, dt),
    }
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
    /// Largest force the model gives at the slips this step predicts (the friction circle for
    /// the foundation tire). Unit: N.
    pub limit: f64,
    /// Rolling-resistance torque at `ω` (opposes spin). Unit: N·m.
    pub rolling_torque: f64,
    /// The model's own axle torque ([`super::interface::SteadyForces::wheel_torque`]), + driving
    /// the wheel forward. Unit: N·m.
    pub wheel_torque: f64,
}

/// Linearise the tire's end-of-step longitudinal force in the end-of-step spin, for the
/// drivetrain's coupled solve: the secant linearisation of [`super::contact::linearize`]
/// (transient deflection, low-speed damper, corner mass). Solving
/// `I(ω' − ω)/dt = T − R·Fx(ω')` with it is what [`solve_contact`] does for one wheel (before
/// the force limit and the brake logic, which the caller applies).
pub fn linearize_contact(
    p: &TireParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
) -> ContactLinearization {
    let mut kept = kept_for(p, s);
    contact_linearization(p, c, s, dt, super::contact::LimitMode::Eager, &mut kept).0
}

/// [`linearize_contact`] with the force limit's sliding probes left for later: `limit` is then
/// only a lower bound of [`linearize_contact`]'s limit (the larger of `|F(κ_p, α_p)|`, the
/// model's sliding floor and `MIN_LIMIT`, see [`super::contact`]), and the returned
/// [`PendingLimit`] gives the full limit, bit for bit,
/// when a force reaches the bound (a force within it is never clamped by either). `None`:
/// `limit` is already the full limit (the full MF where its sliding floor is 0, since its
/// batch shares the probes' terms; or no load). The drivetrain's coupled solve runs with the bound and repeats with the full
/// limit of every wheel whose force reached it ([`crate::drivetrain::solver::solve_lazy`]).
pub fn linearize_contact_lazy(
    p: &TireParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
) -> (ContactLinearization, Option<PendingLimit>) {
    let mut kept = kept_for(p, s);
    contact_linearization(p, c, s, dt, super::contact::limit_mode(p), &mut kept)
}

/// [`linearize_contact_lazy`] with the wheel's load terms `kept` ([`kept_for`], carried
/// through [`super::contact::hold_kept`] before and [`super::contact::finish_record_kept`]
/// after: the coupled stage's path, the same bits).
#[inline(always)]
pub(crate) fn linearize_contact_kept(
    p: &TireParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
    kept: &mut super::interface::KeptLoad,
) -> (ContactLinearization, Option<PendingLimit>) {
    contact_linearization(p, c, s, dt, super::contact::limit_mode(p), kept)
}

/// A wheel's [`super::interface::KeptLoad`] for one substep: nothing kept, and for the
/// simplified MF the wheel's lateral curve memo (`simple_magic::UnitMemo`).
#[inline(always)]
pub(crate) fn kept_for(p: &TireParams, s: &TireState) -> super::interface::KeptLoad {
    match p.model {
        super::TireModelKind::SimpleMagic(_) => {
            super::interface::KeptLoad::with_lateral_unit(s.lateral_unit)
        }
        _ => super::interface::KeptLoad::default(),
    }
}

/// The force limit of a [`linearize_contact_lazy`] whose sliding probes are not yet
/// evaluated.
#[derive(Debug, Clone, Copy)]
pub struct PendingLimit(super::contact::SlideProbes);

impl PendingLimit {
    /// The full force limit, [`linearize_contact`]'s `limit` bit for bit (two model
    /// evaluations). `p` and `c` must be the ones it was linearised with. Unit: N.
    pub fn limit(&self, p: &TireParams, c: &ContactInput) -> f64 {
        self.0.limit(p.model.as_model(), c)
    }
}

#[inline]
fn contact_linearization(
    p: &TireParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
    mode: super::contact::LimitMode,
    kept: &mut super::interface::KeptLoad,
) -> (ContactLinearization, Option<PendingLimit>) {
    let (load, model) = (c.load.max(0.0), p.model.as_model());
    let r = &p.relaxation;
    let (lin, probes) = match &p.model {
        // The shipped presets' tyre called directly, not through the trait object.
        super::TireModelKind::SimpleMagic(sm) => {
            super::contact::linearize_simple(sm, r, c, s, dt, mode, kept)
        }
        // The slip-curve tyre's points one at a time (the same forces; lazy limit only).
        super::TireModelKind::SlipCurve(sc) if mode == super::contact::LimitMode::Lazy => {
            let (lin, probes, _) =
                super::contact::linearize_slip_curve(sc, model, r, c, s, dt, kept);
            (lin, probes)
        }
        _ => super::contact::linearize_with(model, r, c, s, dt, mode, kept),
    };
    let lin = ContactLinearization {
        fx0: lin.fx0,
        dfx_domega: lin.dfx_domega,
        fy: lin.fy,
        limit: lin.limit,
        rolling_torque: rolling_resistance_torque(
            p,
            load * c.rolling_resistance_scale,
            s.omega,
            c.radius,
        ),
        wheel_torque: lin.wheel_torque,
    };
    (lin, probes.map(PendingLimit))
}

/// Hold a start-of-substep lateral deflection against its slip within the carcass's reach
/// before the force is formed from it ([`super::contact::hold_start`]): [`solve_contact`]
/// does it itself; a coupled solve calls it before [`linearize_contact_lazy`].
#[inline]
pub fn hold_contact(p: &TireParams, c: &ContactInput, s: &mut TireState) {
    super::contact::hold_start(p.model.as_model(), &p.relaxation, c, s);
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
    super::contact::finish(p.model.as_model(), &p.relaxation, c, s, omega1, fx, fy, dt);
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
            effective_mass: 400.0,
            rest_load: FZ,
            ..ContactInput::new(0.3, 1.0, 9.81)
        }
    }

    fn no_rr() -> TireParams {
        TireParams {
            rolling_resistance: 0.0,
            ..TireParams::default()
        }
    }

    #[test]
    fn steady_slip_gives_the_linear_force() {
        // Rigid wheel and chassis (huge I and m), 20 m/s, κ = 0.01 and α = atan 0.01 held: once
        // the deflections have relaxed (σ = 0.1/0.3 m: a few hundredths of a second),
        // Fx = C_κ·F_z·κ = 18·4000·0.01 = 720 N and Fy = −C_α·F_z·tan α = −680 N.
        let p = no_rr();
        let mut c = input(20.0);
        c.inertia = 1e12;
        c.effective_mass = 1e15;
        c.vy = 0.2;
        let mut s = TireState {
            omega: 20.0 * 1.01 / 0.3,
            ..Default::default()
        };
        let mut f = TireForce::default();
        for _ in 0..120 {
            f = solve_contact(&p, &c, &mut s, 1.0 / 600.0);
        }
        assert!((f.fx - 720.0).abs() < 0.01, "{f:?}");
        assert!((f.fy + 680.0).abs() < 0.01, "{f:?}");
        assert!((s.slip_ratio - 0.01).abs() < 1e-9);
    }

    #[test]
    fn friction_circle_limits_force() {
        // A wheel spinning at 15 m/s over a road passing at 10 m/s while sliding sideways at
        // 3 m/s slides in both directions: the force sits on the friction circle µ·F_z, driving
        // (wheel faster than the road) and pushing right (sliding left).
        let p = no_rr();
        let mut c = input(10.0);
        c.vy = 3.0;
        let mut s = TireState {
            omega: 15.0 / 0.3,
            ..Default::default()
        };
        let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert!((f.fx.hypot(f.fy) - FZ).abs() < 1e-6, "{f:?}");
        assert!(f.fx > 0.0 && f.fy < 0.0, "{f:?}");
        for _ in 0..30 {
            let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
            assert!(f.fx.hypot(f.fy) <= FZ + 1e-6, "{f:?}");
        }
    }

    #[test]
    fn driven_wheel_settles_at_60hz() {
        // Constant road speed, 300 N·m drive on a 1 kg·m² wheel: steady state Fx = T/R = 1000 N,
        // κ = 1000/(18·4000) = 1.389 %. At 60 Hz the first step lags the deflection build-up
        // (σ/V = 10 ms < dt) and overshoots once; by the 5th step (83 ms) the spin is within
        // 0.1 % of the slip speed of its steady value and stays there (no ringing).
        let p = no_rr();
        let mut c = input(10.0);
        c.effective_mass = 1e15;
        c.drive_torque = 300.0;
        let mut s = TireState {
            omega: 10.0 / 0.3,
            ..Default::default()
        };
        let w_ss = 10.0 * (1.0 + 1000.0 / (18.0 * FZ)) / 0.3;
        let slip_speed = w_ss - 10.0 / 0.3;
        for k in 0..240 {
            let f = solve_contact(&p, &c, &mut s, 1.0 / 60.0);
            assert!(f.fx.is_finite() && f.fx <= FZ);
            if k >= 5 {
                assert!(
                    (s.omega - w_ss).abs() < 1e-3 * slip_speed,
                    "step {k}: {}",
                    s.omega - w_ss
                );
            }
        }
        assert!((s.fx - 1000.0).abs() < 0.01, "{}", s.fx);
        assert!((s.slip_ratio - 1000.0 / (18.0 * FZ)).abs() < 1e-6);
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
        for _ in 0..60 {
            solve_contact(&p, &c, &mut s, 1.0 / 60.0);
            assert!(s.omega >= 0.0);
        }
        assert_eq!(s.omega, 0.0);
        // Locked and sliding at 10 m/s: the full friction force µ·Fz opposes the motion.
        assert!((s.fx + FZ).abs() < 1.0, "{}", s.fx);
        // Weak brake on a stationary wheel with a large drive torque: the wheel spins up.
        c.vx = 0.0;
        c.brake_torque = 100.0;
        c.drive_torque = 1000.0;
        s = TireState::default();
        solve_contact(&p, &c, &mut s, 1.0 / 60.0);
        assert!(s.omega > 0.0);
        // Strong brake holds against the drive torque.
        c.brake_torque = 2000.0;
        s = TireState::default();
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
    fn a_custom_model_sees_spin_and_radius_and_torques_the_wheel() {
        // A custom tyre with no force and a hub drag of 2 N·s on the rim speed: T_w = −2·ω·R.
        // It is given ω = 50 rad/s and R = 0.3 m, so T_w = −30 N·m, and one 0.01 s step of a
        // 1 kg·m² wheel (no rolling resistance, no force) leaves ω = 50 − 30·0.01 = 49.7 rad/s.
        #[derive(Debug)]
        struct HubDrag;
        impl crate::tire::TireModel for HubDrag {
            fn steady_state(&self, s: &crate::tire::SlipInput) -> crate::tire::SteadyForces {
                crate::tire::SteadyForces {
                    wheel_torque: -2.0 * s.omega * s.radius,
                    ..Default::default()
                }
            }
        }
        let p = TireParams {
            model: crate::tire::TireModelKind::Custom(std::sync::Arc::new(HubDrag)),
            rolling_resistance: 0.0,
            ..TireParams::default()
        };
        let c = input(15.0);
        let mut s = TireState {
            omega: 50.0,
            ..Default::default()
        };
        let f = solve_contact(&p, &c, &mut s, 0.01);
        assert_eq!((f.fx, f.fy), (0.0, 0.0));
        assert!((s.omega - 49.7).abs() < 1e-12, "{}", s.omega);
        // The coupled solve's linearisation carries the same torque.
        let s0 = TireState {
            omega: 50.0,
            ..Default::default()
        };
        assert!((linearize_contact(&p, &c, &s0, 0.01).wheel_torque + 30.0).abs() < 1e-12);
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

    #[test]
    fn tanh_is_the_library_tanh_bit_for_bit() {
        // Seeded arguments over many magnitudes and both signs, and the edges around 22.
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || crate::test_rng::xorshift_unit(&mut x);
        let mut cases = vec![0.0, -0.0, 22.0, -22.0, 21.9, 18.0, 19.5, 1e300, -1e-320];
        cases.extend([
            22f64.next_down(),
            22f64.next_up(),
            f64::INFINITY,
            f64::NEG_INFINITY,
        ]);
        for _ in 0..50_000 {
            cases.push((2.0 * next() - 1.0) * 10f64.powf(8.0 * next() - 4.0));
            cases.push((2.0 * next() - 1.0) * 40.0);
        }
        for v in cases {
            assert_eq!(tanh(v).to_bits(), v.tanh().to_bits(), "{v}");
        }
        assert!(tanh(f64::NAN).is_nan());
    }
}
