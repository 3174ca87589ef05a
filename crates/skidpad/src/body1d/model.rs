//! Pure functions of the longitudinal body: normal loads, resistances, the step.
//!
//! Every function takes the params by `&`, never allocates, and assumes params that passed
//! [`VehicleBodyParams::validate`]. Resistances are reported as forces acting along −x
//! (positive opposing forward motion); traction inputs act along +x (positive pushing the
//! body forward); normal forces are positive compressive. See the [module docs](super) for
//! the equations.

use super::params::VehicleBodyParams;
use super::state::VehicleBodyState;

/// Which resistances a step includes. Grade resistance is always on (set `grade = 0` for a
/// flat road). `Default` turns everything on.
///
/// The spec's validation rules forbid `Cd = 0`, yet its load-transfer and drag tests ask to
/// "disable drag and rolling resistance". A switch keeps both: params stay physical and
/// validated, and a test disables a term exactly instead of bounding the error of a tiny
/// `Cd` (an error that grows with `v²`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepOptions {
    /// Include aerodynamic drag `½ ρ Cd A v |v|`. Default: true.
    pub drag: bool,
    /// Include rolling resistance `Crr N tanh(v / v_s)` on both axles. Default: true.
    pub rolling: bool,
}

impl Default for StepOptions {
    fn default() -> Self {
        Self::ALL
    }
}

impl StepOptions {
    /// Drag and rolling resistance on (the default).
    pub const ALL: Self = Self {
        drag: true,
        rolling: true,
    };
    /// Drag and rolling resistance off: only traction and grade act along x.
    pub const NONE: Self = Self {
        drag: false,
        rolling: false,
    };
    /// Drag only (the spec's drag test: "enable aerodynamic drag, disable rolling").
    pub const DRAG_ONLY: Self = Self {
        drag: true,
        rolling: false,
    };
}

/// Which axle, if any, has lifted off: its unclamped normal force would be negative.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum WheelLift {
    /// Both axles carry load.
    #[default]
    None,
    /// Front axle unloaded (wheelie): `a_x + g sin θ > g cos θ · b / h_cg`.
    Front,
    /// Rear axle unloaded (stoppie; the rear wheels lock at any brake force): `a_x + g sin θ <
    /// −g cos θ · a / h_cg`.
    Rear,
}

/// Normal forces of the road on the two axles, positive compressive, clamped at ≥ 0.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct NormalLoads {
    /// Front axle normal force `N_f`. Unit: N. Range: [0, m g cos θ].
    pub front: f64,
    /// Rear axle normal force `N_r`. Unit: N. Range: [0, m g cos θ].
    pub rear: f64,
    /// Which axle was clamped at zero, if any.
    pub lift: WheelLift,
}

impl NormalLoads {
    /// `N_f + N_r`; always `m g cos θ` here (load transfer moves load, never creates it). Unit: N.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.front + self.rear
    }
}

/// Longitudinal resistances, each positive when it acts along −x (opposes forward motion).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Resistances {
    /// Aerodynamic drag `½ ρ Cd A v |v|`. Unit: N.
    pub drag: f64,
    /// Front rolling resistance `Crr N_f tanh(v / v_s)`. Unit: N.
    pub rolling_front: f64,
    /// Rear rolling resistance `Crr N_r tanh(v / v_s)`. Unit: N.
    pub rolling_rear: f64,
    /// Grade resistance `m g sin θ`, positive uphill. Unit: N.
    pub grade: f64,
}

impl Resistances {
    /// Sum of all four. Unit: N.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.drag + self.rolling_front + self.rolling_rear + self.grade
    }
}

/// Unclamped axle loads for longitudinal acceleration `accel` (m/s², along +x), from the
/// moment balance about each contact point (drag's pitching moment neglected, see the
/// [module docs](super)):
///
/// `N_f = m (g cos θ · b − (a_x + g sin θ) h_cg) / L`,
/// `N_r = m (g cos θ · a + (a_x + g sin θ) h_cg) / L`.
///
/// Either may be negative: that axle would lift. [`normal_loads`] clamps.
#[must_use]
pub fn normal_loads_unclamped(p: &VehicleBodyParams, accel: f64) -> (f64, f64) {
    let (sin, cos) = p.grade.sin_cos();
    let m = p.mass;
    let g = p.gravity;
    let transfer = m * (accel + g * sin) * p.cg_height / p.wheelbase;
    let front = m * g * cos * p.cg_to_rear / p.wheelbase - transfer;
    let rear = m * g * cos * p.cg_to_front / p.wheelbase + transfer;
    (front, rear)
}

/// Axle loads for longitudinal acceleration `accel` (m/s²), clamped at ≥ 0.
///
/// On flat ground `N_f = m g b / L − ΔN`, `N_r = m g a / L + ΔN` with `ΔN = m a_x h_cg / L`
/// (the spec's load transfer); on a grade see [`normal_loads_unclamped`]. If an axle's load
/// would be negative it is set to 0 and the other axle carries all of `m g cos θ`, and
/// [`NormalLoads::lift`] says which: the body would pitch about the loaded axle, which this
/// rigid, pitch-free model does not follow.
#[must_use]
pub fn normal_loads(p: &VehicleBodyParams, accel: f64) -> NormalLoads {
    let (front, rear) = normal_loads_unclamped(p, accel);
    let total = p.mass * p.gravity * p.grade.cos();
    if rear < 0.0 {
        NormalLoads {
            front: total,
            rear: 0.0,
            lift: WheelLift::Rear,
        }
    } else if front < 0.0 {
        NormalLoads {
            front: 0.0,
            rear: total,
            lift: WheelLift::Front,
        }
    } else {
        NormalLoads {
            front,
            rear,
            lift: WheelLift::None,
        }
    }
}

/// Axle loads at zero longitudinal acceleration (at rest, held by the brakes, or cruising):
/// [`normal_loads`]`(p, 0)`. On flat ground `N_f = m g b / L`, `N_r = m g a / L`; on a grade
/// `N_f = m (g cos θ · b − g sin θ · h_cg) / L` (uphill shifts load rearward).
#[must_use]
pub fn static_normal_loads(p: &VehicleBodyParams) -> NormalLoads {
    normal_loads(p, 0.0)
}

/// Longitudinal acceleration at which the rear axle unloads: `N_r = 0` at
/// `a_x = −g (cos θ · a / h_cg + sin θ)`; on flat ground `−g a / h_cg`. Any harder
/// deceleration lifts the rear (and locks any braked rear wheel). Unit: m/s² (negative).
#[must_use]
pub fn rear_lift_acceleration(p: &VehicleBodyParams) -> f64 {
    let (sin, cos) = p.grade.sin_cos();
    -p.gravity * (cos * p.cg_to_front / p.cg_height + sin)
}

/// Longitudinal acceleration at which the front axle unloads (wheelie): `N_f = 0` at
/// `a_x = g (cos θ · b / h_cg − sin θ)`. Unit: m/s².
#[must_use]
pub fn front_lift_acceleration(p: &VehicleBodyParams) -> f64 {
    let (sin, cos) = p.grade.sin_cos();
    p.gravity * (cos * p.cg_to_rear / p.cg_height - sin)
}

/// Resistances at velocity `v` (m/s) with axle loads `normal_front`, `normal_rear` (N):
///
/// - drag `½ ρ Cd A v |v|`: quadratic, opposes motion, smooth (C¹) through `v = 0`;
/// - rolling `Crr N tanh(v / v_s)` per axle, `v_s` = `rolling_smoothing_speed`: the sign of
///   `v` made continuous, so it is exactly zero at rest (a body at rest with no traction on
///   flat ground stays at rest) and cannot chatter as the body stops;
/// - grade `m g sin θ`, positive uphill.
#[must_use]
pub fn resistances(
    p: &VehicleBodyParams,
    v: f64,
    normal_front: f64,
    normal_rear: f64,
) -> Resistances {
    resistances_with(p, &StepOptions::ALL, v, normal_front, normal_rear)
}

/// As [`resistances`], with the terms `opts` turns off set to zero.
#[must_use]
pub fn resistances_with(
    p: &VehicleBodyParams,
    opts: &StepOptions,
    v: f64,
    normal_front: f64,
    normal_rear: f64,
) -> Resistances {
    let drag = if opts.drag {
        p.drag_factor() * v * v.abs()
    } else {
        0.0
    };
    let s = if opts.rolling {
        p.rolling_resistance * (v / p.rolling_smoothing_speed).tanh()
    } else {
        0.0
    };
    Resistances {
        drag,
        rolling_front: s * normal_front,
        rolling_rear: s * normal_rear,
        grade: p.mass * p.gravity * p.grade.sin(),
    }
}

/// Longitudinal acceleration at velocity `v` under traction `traction_front + traction_rear`
/// (N, positive forward), with the algebraic loop resolved exactly.
///
/// The loop: `m a = F_f + F_r − D(v) − Crr s(v) (N_f(a) + N_r(a)) − m g sin θ` with
/// `s(v) = tanh(v / v_s)`, and the loads depend on `a`. It is linear in `a` for fixed `v`,
/// and its coefficient `Crr s(v) · ∂(N_f + N_r)/∂a` is zero: load transfer moves
/// `m (a + g sin θ) h / L` from one axle to the other, and clamping at lift hands all of
/// `m g cos θ` to the loaded axle, so `N_f + N_r = m g cos θ` for every `a`. Hence, in
/// closed form, `a = (F_f + F_r − D(v) − Crr s(v) m g cos θ − m g sin θ) / m`; the loads
/// then follow from [`normal_loads`]. (Different `Crr` per axle would give a nonzero
/// coefficient `(Crr_r − Crr_f) s m h / L`, still solvable by one division.)
#[must_use]
pub fn acceleration(
    p: &VehicleBodyParams,
    opts: &StepOptions,
    v: f64,
    traction_front: f64,
    traction_rear: f64,
) -> f64 {
    let weight_normal = p.mass * p.gravity * p.grade.cos();
    // Total rolling only needs N_f + N_r = m g cos θ, known without a.
    let r = resistances_with(p, opts, v, weight_normal, 0.0);
    (traction_front + traction_rear - r.total()) / p.mass
}

/// Rewrite the outputs of `state` (acceleration, loads, resistances) for its current
/// velocity and the given traction, without integrating.
pub fn evaluate(
    p: &VehicleBodyParams,
    opts: &StepOptions,
    state: &mut VehicleBodyState,
    traction_front: f64,
    traction_rear: f64,
) {
    let v = state.velocity;
    let a = acceleration(p, opts, v, traction_front, traction_rear);
    let n = normal_loads(p, a);
    let r = resistances_with(p, opts, v, n.front, n.rear);
    state.acceleration = a;
    state.normal_front = n.front;
    state.normal_rear = n.rear;
    state.drag = r.drag;
    state.rolling_front = r.rolling_front;
    state.rolling_rear = r.rolling_rear;
    state.grade_force = r.grade;
}

/// Advance `state` by `dt` seconds with all resistances on; see [`step_with`].
pub fn step(
    p: &VehicleBodyParams,
    state: &mut VehicleBodyState,
    traction_front: f64,
    traction_rear: f64,
    dt: f64,
) {
    step_with(
        p,
        &StepOptions::ALL,
        state,
        traction_front,
        traction_rear,
        dt,
    );
}

/// Advance `state` by `dt` seconds under axle traction `traction_front`, `traction_rear`
/// (N, the force of each axle on the body along +x, held constant over the step), with the
/// resistances `opts` selects.
///
/// Integrates `ẋ = v`, `v̇ = a(v)` ([`acceleration`]) with classical fourth-order Runge–Kutta
/// (four evaluations, no allocation); then rewrites the outputs at the new velocity with
/// [`evaluate`]. RK4 keeps the drag test's terminal velocity and power balance accurate to
/// far below the spec's tolerances at 60 Hz, and, as its stability polynomial has no real
/// roots, never flips the sign of a decaying velocity (no chatter as rolling resistance
/// stops the body). Stable for `dt < 2.78 · v_s / (Crr g)` (the rolling damper, 1.9 s at the
/// defaults) and `dt < 2.78 · m / (ρ Cd A |v|)` (drag).
///
/// # Panics
/// In debug builds, if `dt` is not finite and > 0.
pub fn step_with(
    p: &VehicleBodyParams,
    opts: &StepOptions,
    state: &mut VehicleBodyState,
    traction_front: f64,
    traction_rear: f64,
    dt: f64,
) {
    debug_assert!(
        dt.is_finite() && dt > 0.0,
        "dt must be finite and > 0, got {dt}"
    );
    let f = |v: f64| acceleration(p, opts, v, traction_front, traction_rear);
    let v0 = state.velocity;
    let k1 = f(v0);
    let v1 = v0 + 0.5 * dt * k1;
    let k2 = f(v1);
    let v2 = v0 + 0.5 * dt * k2;
    let k3 = f(v2);
    let v3 = v0 + dt * k3;
    let k4 = f(v3);
    state.position += dt / 6.0 * (v0 + 2.0 * v1 + 2.0 * v2 + v3);
    state.velocity = v0 + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    evaluate(p, opts, state, traction_front, traction_rear);
}

/// Terminal velocity with drag as the only resistance: `½ ρ Cd A v |v| = F`, so
/// `v = sign(F) √(2 |F| / (ρ Cd A))`. Unit: m/s.
#[must_use]
pub fn terminal_velocity_drag_only(p: &VehicleBodyParams, thrust: f64) -> f64 {
    (thrust.abs() / p.drag_factor()).sqrt().copysign(thrust)
}

/// Forward terminal velocity with drag, rolling and grade resistance:
/// `½ ρ Cd A v² + Crr m g cos θ + m g sin θ = F`, so
/// `v = √((F − Crr m g cos θ − m g sin θ) / (½ ρ Cd A))`. Unit: m/s.
///
/// Takes the rolling force at its full value, `tanh(v / v_s) = 1`, exact to 1e-8 relative
/// once `v > 10 v_s`. `None` when the thrust does not exceed the rolling and grade
/// resistance (the body then creeps below `~v_s`, stops, or rolls back).
#[must_use]
pub fn terminal_velocity(p: &VehicleBodyParams, thrust: f64) -> Option<f64> {
    let (sin, cos) = p.grade.sin_cos();
    let weight = p.mass * p.gravity;
    let surplus = thrust - p.rolling_resistance * weight * cos - weight * sin;
    (surplus > 0.0).then(|| (surplus / p.drag_factor()).sqrt())
}

/// Friction-limited traction capacity of one axle: `F_max = µ N` (N), with `mu` the
/// tire–road friction coefficient and `normal` the axle load (N). Clamp a traction demand to
/// `±traction_limit` before passing it to [`step`].
#[must_use]
pub fn traction_limit(mu: f64, normal: f64) -> f64 {
    mu * normal
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grade-generalised loads satisfy both equilibria: normal to the road
    /// `N_f + N_r = m g cos θ`, and in pitch about the CG `N_f a − N_r b + F_x h = 0`, where
    /// `F_x = m (a_x + g sin θ)` is the total ground force along x that drives the body
    /// against gravity's slope component.
    #[test]
    fn loads_balance_forces_and_moments_on_a_grade() {
        for grade in [-0.5, -0.1, 0.0, 0.1, 0.5] {
            for accel in [-6.0, -1.0, 0.0, 2.0, 5.0] {
                let p = VehicleBodyParams {
                    grade,
                    ..VehicleBodyParams::default()
                };
                let (nf, nr) = normal_loads_unclamped(&p, accel);
                let w = p.mass * p.gravity;
                assert!((nf + nr - w * grade.cos()).abs() < 1e-9 * w);
                let fx = p.mass * (accel + p.gravity * grade.sin());
                let moment = nf * p.cg_to_front - nr * p.cg_to_rear + fx * p.cg_height;
                assert!(moment.abs() < 1e-9 * w * p.wheelbase, "θ {grade} a {accel}");
            }
        }
    }

    #[test]
    fn lift_accelerations_zero_the_axle_loads() {
        for grade in [-0.3, 0.0, 0.3] {
            let p = VehicleBodyParams {
                grade,
                ..VehicleBodyParams::default()
            };
            let w = p.mass * p.gravity;
            let (_, nr) = normal_loads_unclamped(&p, rear_lift_acceleration(&p));
            let (nf, _) = normal_loads_unclamped(&p, front_lift_acceleration(&p));
            assert!(nr.abs() < 1e-9 * w && nf.abs() < 1e-9 * w);
            assert_eq!(
                normal_loads(&p, front_lift_acceleration(&p) + 0.1).lift,
                WheelLift::Front
            );
        }
    }

    #[test]
    fn step_matches_newton_including_all_resistances() {
        // m a = F − D − R_f − R_r − G, evaluated on the outputs the step wrote.
        let p = VehicleBodyParams {
            grade: 0.05,
            ..VehicleBodyParams::default()
        };
        let mut s = VehicleBodyState::moving(&p, 25.0);
        step(&p, &mut s, 1500.0, 2500.0, 1.0 / 60.0);
        let residual = 4000.0 - s.resistance_total() - p.mass * s.acceleration;
        assert!(residual.abs() < 1e-9 * 4000.0, "residual {residual} N");
    }
}
