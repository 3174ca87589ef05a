//! Pure suspension functions. See the [module docs](super) for the model.

use super::params::{AntiRollBarParams, BodyRollParams, LoadFilterParams, SuspensionParams};
use super::state::SuspensionState;
use glam::DVec3;

/// Jounce corresponding to a wheel-centre travel `centre_distance` measured from full
/// compression along the travel direction: `x = max_compression − s`. May exceed
/// `max_compression` when the ground is above the compression limit (penetration).
#[inline]
pub fn jounce_from_travel(p: &SuspensionParams, centre_distance: f64) -> f64 {
    p.max_compression - centre_distance
}

/// The spring force at the design position: `preload` if given, else `m_s·g·cos β`, with β the
/// angle between the travel direction and gravity (so the vehicle rests at its design pose).
pub fn rest_force(p: &SuspensionParams, sprung_mass: f64, gravity: f64) -> f64 {
    match p.preload {
        Some(f) => f,
        None => sprung_mass * gravity * (-p.travel_direction.z).max(0.0),
    }
}

/// Advance the jounce of one suspension line by `dt` from a measured contact.
///
/// `measured` is the geometric jounce where the wheel touches the ground (`None`: no ground
/// within the travel). Rules, in order:
/// 1. No history (spawn, teleport): accept the measurement, velocity 0.
/// 2. The wheel cannot extend faster than `max_expansion_speed`: if the ground lies further
///    than `x_prev − v_max·dt`, the wheel stops there and is airborne this step.
/// 3. The jounce is clamped to `[−max_droop, max_compression]`; the raw (unclamped)
///    penetration is returned for the bump stop so a wheel pushed past full compression
///    meets a rising force instead of passing through.
///
/// Returns the raw jounce used for forces (equal to the stored jounce unless penetrating).
pub fn update_jounce(
    p: &SuspensionParams,
    s: &mut SuspensionState,
    measured: Option<f64>,
    dt: f64,
) -> f64 {
    let lo = -p.max_droop;
    let hi = p.max_compression;
    let prev = if s.has_history { s.jounce } else { lo };
    let reach = prev - p.max_expansion_speed * dt;
    let (raw, contact) = match measured {
        Some(x) if !s.has_history => (x, true),
        Some(x) if x >= reach => (x, true),
        _ => (reach, false),
    };
    let x = raw.clamp(lo, hi);
    s.jounce_velocity = if s.has_history && dt > 0.0 {
        (x - prev) / dt
    } else {
        0.0
    };
    s.jounce = x;
    s.raw_jounce = raw;
    s.has_history = true;
    s.in_contact = contact && measured.is_some();
    raw
}

/// Spring, damper and bump-stop forces for the current state; writes them into `s`.
///
/// ```text
/// F_spring = F_rest + k·x
/// F_damper = c_bump·ẋ  (ẋ > 0)   or  c_rebound·ẋ  (ẋ < 0)
/// F_bump   = k_bs·δ²,  δ = max(0, min(x_raw, x_max) − (x_max − l_bs))
/// F        = max(0, F_spring + F_damper + F_bump + F_arb)      (only in contact)
/// ```
/// `anti_roll` is this wheel's bar force (see [`anti_roll_forces`]).
pub fn forces(
    p: &SuspensionParams,
    s: &mut SuspensionState,
    rest_force: f64,
    raw_jounce: f64,
    anti_roll: f64,
) {
    if !s.in_contact {
        s.spring_force = 0.0;
        s.damper_force = 0.0;
        s.bump_stop_force = 0.0;
        s.anti_roll_force = 0.0;
        s.touchdown_force = 0.0;
        s.force = 0.0;
        return;
    }
    let v = s.jounce_velocity;
    s.spring_force = rest_force + p.spring_rate * s.jounce;
    // At the end stop (ground at or beyond full compression) the strut does not move: the
    // closing velocity is the end-stop constraint's (`pipeline::end_stop_stage`), and a damper
    // force from the finite-difference rate would push the stopped body back up.
    s.damper_force = if raw_jounce >= p.max_compression {
        0.0
    } else if v > 0.0 {
        p.bump_damping * v
    } else {
        p.rebound_damping * v
    };
    // The rubber ends at full compression; beyond it the end stop is a constraint
    // (`pipeline::end_stop_stage`), not a stiffer spring.
    let delta =
        (raw_jounce.min(p.max_compression) - (p.max_compression - p.bump_stop.travel)).max(0.0);
    s.bump_stop_force = p.bump_stop.rate * delta * delta;
    s.anti_roll_force = anti_roll;
    s.touchdown_force = 0.0;
    s.force = (s.spring_force + s.damper_force + s.bump_stop_force + anti_roll).max(0.0);
}

/// Energy stored in the spring and the bump stop at jounce `x` (J), counted from the spring's
/// zero-force point: `max(F_rest + k·x, 0)²/(2k) + k_bs·δ³/3` (δ as in [`forces`]; a spring
/// that cannot pull stores nothing below zero force). What [`touchdown_impulse`] balances.
pub fn stored_energy(p: &SuspensionParams, rest_force: f64, x: f64) -> f64 {
    let f = (rest_force + p.spring_rate * x).max(0.0);
    let delta = (x.min(p.max_compression) - (p.max_compression - p.bump_stop.travel)).max(0.0);
    f * f / (2.0 * p.spring_rate) + p.bump_stop.rate * delta.powi(3) / 3.0
}

/// What the strut gives back to the body as it is pushed from the raw jounce `x` (m; beyond
/// `max_compression` when the ground is found past full compression) to its zero-force point
/// (J): [`stored_energy`] up to full compression, and beyond it the full-compression force
/// times the depth,
///
/// ```text
/// U*(x) = U(min(x, x_max)) + F_max·max(x − x_max, 0),   F_max = max(F_rest + k·x_max, 0) + k_bs·l_bs²
/// ```
/// (`l_bs` the bump stop's travel): past full compression the strut is
/// clamped and pushes with `F_max` ([`forces`]) while the body rises out of the depth, so a
/// wheel found inside the ground holds that much more than its spring stores. The touchdown
/// impulse balances it ([`touchdown_impulse`]).
pub fn strut_energy(p: &SuspensionParams, rest_force: f64, x: f64) -> f64 {
    let depth = (x - p.max_compression).max(0.0);
    if depth == 0.0 {
        return stored_energy(p, rest_force, x);
    }
    let l_bs = p.bump_stop.travel.max(0.0);
    let f_max =
        (rest_force + p.spring_rate * p.max_compression).max(0.0) + p.bump_stop.rate * l_bs * l_bs;
    stored_energy(p, rest_force, p.max_compression) + f_max * depth
}

/// Smallest rise of the ground into a wheel in contact within a substep (beyond the plane it
/// stood on) that gets a touchdown impulse ([`touchdown_impulse`]). Below it the two plane
/// fits of a flat or smooth ground differ by rounding, not by a new feature; a micrometre
/// under a 10 kN spring is 0.01 J. Unit: m.
pub const GROUND_RISE_SLOP: f64 = 1e-6;

/// The contact stage's ground rise ([`crate::wheel::WheelState::ground_rise`], m) from the
/// centre travel `s_old` at which the wheel's line meets the plane it stood on, the travel
/// `s` of the ground found now, and how far the new contact point stands above that plane,
/// `above()` (m, computed only when the ground found is farther): `s_old − s` when the
/// ground found is nearer along the line (it rose into the wheel); negative, `s_old − s`,
/// only when it is farther along the line by more than [`GROUND_RISE_SLOP`] while its contact
/// point stands above the old plane by more than that (the line left the plane for a surface
/// beside the wheel, a curb's face met from the side); 0 otherwise (ground falling away below
/// the old plane, a crest rolled over).
#[inline]
pub fn ground_rise(s_old: f64, s: f64, above: impl FnOnce() -> f64) -> f64 {
    let rise = s_old - s;
    if rise < -GROUND_RISE_SLOP && above() > GROUND_RISE_SLOP {
        rise
    } else {
        rise.max(0.0)
    }
}

/// The impulse (N·s, ≥ 0, along the contact normal) a wheel that touched down within the
/// last substep missed.
///
/// The spring force is explicit: a wheel hanging at jounce `x₀` with no force is measured at
/// the start of the next substep already compressed to `x₁` (it touched the ground somewhere
/// in between), and from then on the spring pushes with `F(x₁)`. Nothing took the energy
/// `ΔU = U(x₁) − U(x₀)` ([`stored_energy`]) the compression stored from the body: an
/// explicit contact onset creates up to `F·|v|·h` per landing wheel. The spring would have
/// pushed with ≈ F between the touchdown and now, an impulse `≈ ΔU/|v_n|`; this is that
/// impulse, exact in energy: `J` with `J·v_n + J²/(2·m_eff) = −ΔU` (the kinetic energy an
/// impulse `J` along the normal removes from a body closing at `v_n < 0` with effective mass
/// `m_eff` at the contact), the smaller root
///
/// ```text
/// J = m_eff·(−v_n − √(v_n² − 2·ΔU/m_eff))
/// ```
/// or `J = −m_eff·v_n` (the closing stopped) when the body's closing energy `½·m_eff·v_n²`
/// is less than `ΔU`. 0 when the wheel is not closing (`v_n ≥ 0`: the ground rose into it)
/// or nothing was stored (`ΔU ≤ 0`).
///
/// The same balance holds for a wheel already in contact whose ground rises into it within
/// a substep (a curb's edge met by its sweep): `x₀` is then the jounce the plane it stood
/// on gives at the new pose, and the impulse acts along the new contact's normal, which
/// faces the body's motion on an edge (`skidpad::pipeline::suspension_stage`).
pub fn touchdown_impulse(delta_u: f64, v_n: f64, m_eff: f64) -> f64 {
    if delta_u <= 0.0 || v_n >= 0.0 || m_eff <= 0.0 {
        return 0.0;
    }
    let disc = v_n * v_n - 2.0 * delta_u / m_eff;
    if disc <= 0.0 {
        -m_eff * v_n
    } else {
        m_eff * (-v_n - disc.sqrt())
    }
}

/// The largest strut force (N, along the strut) over a substep of `h` (s) in which the wheel
/// leaves the ground: the strut may do no more work on the body than it releases, `ΔU` (J,
/// from its raw jounce to the lowest jounce it can reach this substep:
/// `max(x − v_max·h, −x_droop)`, [`strut_energy`]).
///
/// The spring force is explicit: a wheel in contact at the start of a substep pushes with
/// its force `F` for the whole substep. When the contact point recedes along the strut
/// faster than the strut can follow (`v_n·h/cos θ` beyond the travel it has left: a body
/// bouncing off a curb's edge, a wheel leaving a ramp's lip), the wheel leaves the ground
/// within the substep, but the body got the push of all of it. The kart bouncing off a
/// curb's edge at 1/60 s: its clamped strut (2 cm of travel) pushed `F_max/cos θ` over
/// 14 mm along the normal, +141 J against the 44 J it released. The mirror of
/// [`touchdown_impulse`]: the force is limited so that its work over the substep equals `ΔU`,
///
/// ```text
/// W(F) = (F/cos θ)·(v_n + ½·(F/cos θ)·h/m_eff)·h = ΔU
/// F    = (−b + √(b² + 4·a·ΔU))/(2·a),   a = h²/(2·m_eff·cos²θ),  b = v_n·h/cos θ
/// ```
/// (the contact point's normal velocity `v_n > 0` separating, growing by the push's own
/// `(F/cos θ)·h/m_eff` over the substep; `m_eff` the body's effective mass along `n` there;
/// `cos θ = n·up`). Returns `f` itself when the point is not separating, the force is not
/// positive or the inputs give no finite limit.
pub fn lift_off_force(f: f64, delta_u: f64, v_n: f64, cos: f64, m_eff: f64, h: f64) -> f64 {
    if f <= 0.0 || v_n <= 0.0 || cos <= 0.0 || m_eff <= 0.0 || h <= 0.0 {
        return f;
    }
    let a = 0.5 * h * h / (m_eff * cos * cos);
    let b = v_n * h / cos;
    let limit = (-b + (b * b + 4.0 * a * delta_u.max(0.0)).sqrt()) / (2.0 * a);
    if limit.is_finite() { f.min(limit) } else { f }
}

/// What [`lift_off_force`] needs besides the force, as a strut receding over a substep of
/// `h` sees it: the contact point's separating speed `v_n` (m/s, along the normal), `cos θ =
/// n·up`, the body's effective mass along `n` there, `m_eff` (kg), and the jounce travel the
/// strut has left this substep, `room = x − max(x − v_max·h, −x_droop)` (m).
#[derive(Clone, Copy, Debug)]
pub struct Recede {
    /// Separating speed along the contact normal (m/s, > 0 receding).
    pub v_n: f64,
    /// `n·up`, the normal's cosine to the strut axis.
    pub cos: f64,
    /// Effective mass of the body along the normal at the contact point (kg).
    pub m_eff: f64,
    /// Substep (s).
    pub h: f64,
    /// Jounce travel left this substep (m, ≥ 0).
    pub room: f64,
}

impl Recede {
    /// The strut's extension (m) over the substep under a constant strut force `f` (N): the
    /// point's recede along `n`, `v_n·h + ½·(f/cos θ)·h²/m_eff` (its start speed and the
    /// force's own kick), over `cos θ`.
    pub fn travel(&self, f: f64) -> f64 {
        let kick = 0.5 * (f / self.cos) * self.h * self.h / self.m_eff;
        (self.v_n * self.h + kick) / self.cos
    }
}

/// The explicit force (N, along the strut) of a strut at raw jounce `x` whose contact point
/// recedes (`r`, [`Recede`]), so that its work on the body over the substep is no more than
/// the energy it releases: `f` itself when even with it the strut keeps up (`r.travel(f)` ≤
/// `r.room`: the point stays on the ground, the explicit spring's usual error). Otherwise
/// the wheel leaves within the substep and [`lift_off_force`] limits the force to what the
/// strut releases down to its lowest jounce, `ΔU = U*(x) − U*(x − room)` (`energy` is `U*`,
/// [`strut_energy`]). The travel includes the force's own kick: a light point under a large
/// force recedes far beyond what its start speed alone predicts (the kart's 1/180 s
/// substep at a curb: 18.6 mm from the speed against 20.3 mm of room, 25.8 mm with the
/// kick; its clamped strut did 103.5 J of work on the body releasing 11.9 J).
///
/// If the limited force no longer carries the point off the ground (`r.travel(F) <
/// r.room`), the strut stays in contact and releases only `U*(x) − U*(x − d)`; the force is
/// then the largest (bisection to 1e-9 of `f`) whose work `F·d(F)` is within that secant
/// energy, `d(F) = r.travel(F)`. Either way the strut's work on the receding body is at most
/// what it gives back.
pub fn receding_force(f: f64, energy: impl Fn(f64) -> f64, x: f64, r: Recede) -> f64 {
    if f <= 0.0 || r.v_n <= 0.0 || r.travel(f) <= r.room {
        return f;
    }
    let delta_u = energy(x) - energy(x - r.room);
    let limited = lift_off_force(f, delta_u, r.v_n, r.cos, r.m_eff, r.h);
    if r.travel(limited) >= r.room {
        return limited;
    }
    // `limited` fails the secant bound (its work is `ΔU` over less travel than the room).
    secant_force(limited, f, energy, x, r)
}

/// The largest force in `[0, hi]` (bisection to `1e-9·scale`, `hi` failing it) whose work
/// on the receding point, `F·d(F)` with `d(F) = r.travel(F)` (within `r.room`), is no more
/// than the energy the strut releases over that travel, `U*(x) − U*(x − d(F))` (0 always
/// keeps it: nothing pushes).
pub fn secant_force(hi: f64, scale: f64, energy: impl Fn(f64) -> f64, x: f64, r: Recede) -> f64 {
    let within = |g: f64| {
        let d = r.travel(g);
        g * d <= energy(x) - energy(x - d)
    };
    let (mut lo, mut hi) = (0.0, hi);
    while hi - lo > 1e-9 * scale {
        let mid = 0.5 * (lo + hi);
        if within(mid) { lo = mid } else { hi = mid }
    }
    lo
}

/// Anti-roll bar forces for every wheel: bar `(a, b, k)` adds `k·(x_a − x_b)` to `a` and
/// subtracts it from `b`. Only bars whose wheels are both in contact act (a bar cannot push a
/// wheel that hangs in the air). `out` is zeroed first.
pub fn anti_roll_forces(bars: &[AntiRollBarParams], states: &[SuspensionState], out: &mut [f64]) {
    anti_roll_forces_by(bars, |i| &states[i], out);
}

/// [`anti_roll_forces`] with wheel `i`'s state given by `state(i)` (the suspension stage
/// reads it in place instead of copying every state into a slice).
#[inline]
pub fn anti_roll_forces_by<'a>(
    bars: &[AntiRollBarParams],
    state: impl Fn(usize) -> &'a SuspensionState,
    out: &mut [f64],
) {
    out.iter_mut().for_each(|f| *f = 0.0);
    add_anti_roll_forces(bars, state, out);
}

/// [`anti_roll_forces_by`] into `out` as it is (the caller's fresh zeros: the suspension
/// stage's scratch, not zeroed twice).
#[inline]
pub(crate) fn add_anti_roll_forces<'a>(
    bars: &[AntiRollBarParams],
    state: impl Fn(usize) -> &'a SuspensionState,
    out: &mut [f64],
) {
    for bar in bars {
        let (a, b) = (state(bar.wheel_a), state(bar.wheel_b));
        if a.in_contact && b.in_contact {
            let f = bar.stiffness * (a.jounce - b.jounce);
            out[bar.wheel_a] += f;
            out[bar.wheel_b] -= f;
        }
    }
}

/// Camber and toe from the kinematic graphs at the current jounce.
#[inline]
pub fn kinematics(p: &SuspensionParams, jounce: f64) -> (f64, f64) {
    (p.camber.eval(jounce), p.toe.eval(jounce))
}

/// Filtered tire load: `F_tire = F_rest · f(F/F_rest)` (PhysX tire load filter), `F_rest` the
/// sprung mass's weight. With a zero rest load the load passes through.
#[inline]
pub fn filter_load(p: &LoadFilterParams, load: f64, rest_load: f64) -> f64 {
    if rest_load > 0.0 {
        // `eval` bit for bit, inline at the ratios near 1 a rolling car's loads take.
        rest_load * p.curve.eval_in_first_segment(load / rest_load)
    } else {
        load
    }
}

/// Body-attitude torque of [`BodyRollParams`] in the vehicle frame (x = roll, y = pitch).
///
/// `front` marks each wheel as front (`true`) or rear for the pitch average; `rates_body` are
/// the body angular velocity (p, q, r); `accel_body` the body-frame acceleration of the CoM.
pub fn body_roll_torque(
    p: &BodyRollParams,
    states: &[SuspensionState],
    front: &[bool],
    rates_body: DVec3,
    accel_body: DVec3,
) -> DVec3 {
    if !p.enabled {
        return DVec3::ZERO;
    }
    let mut roll = 0.0;
    for pair in &p.pairs {
        roll -= pair.roll_stiffness * (states[pair.left].jounce - states[pair.right].jounce);
    }
    roll += -p.roll_damping * rates_body.x + p.roll_accel_gain * accel_body.y;
    let (mut sf, mut nf, mut sr, mut nr) = (0.0, 0.0, 0.0, 0.0);
    for (s, &is_front) in states.iter().zip(front) {
        if is_front {
            sf += s.jounce;
            nf += 1.0;
        } else {
            sr += s.jounce;
            nr += 1.0;
        }
    }
    let mean = |s: f64, n: f64| if n > 0.0 { s / n } else { 0.0 };
    let pitch = p.pitch_stiffness * (mean(sf, nf) - mean(sr, nr))
        - p.pitch_damping * rates_body.y
        - p.pitch_accel_gain * accel_body.x;
    DVec3::new(roll, pitch, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suspension::params::{BumpStopParams, RollPair};

    fn p() -> SuspensionParams {
        SuspensionParams {
            spring_rate: 30_000.0,
            bump_damping: 2_000.0,
            rebound_damping: 3_000.0,
            max_compression: 0.1,
            max_droop: 0.12,
            bump_stop: BumpStopParams {
                travel: 0.02,
                rate: 1.0e7,
            },
            ..SuspensionParams::default()
        }
    }

    #[test]
    fn a_strut_leaving_the_ground_does_no_more_work_than_it_releases() {
        // By hand: m_eff = 100 kg, h = 0.01 s, cos θ = 0.5, the point separating at
        // v_n = 1 m/s, ΔU = 30 J. a = ½·h²/(m_eff·cos²θ) = 5e-5/25 = 2e-6 m/N,
        // b = v_n·h/cos θ = 0.02 m: F = (−0.02 + √(4e-4 + 2.4e-4))/4e-6
        // = (0.0252982 − 0.02)/4e-6 = 1324.555 N. Check: along n 2649.11 N, over
        // (1 + ½·2649.11·0.01/100)·0.01 = 0.0113246 m: 30.000 J.
        let f = lift_off_force(5000.0, 30.0, 1.0, 0.5, 100.0, 0.01);
        assert!((f - 1324.555).abs() < 1e-3, "{f} N");
        let f_n = f / 0.5;
        let work = f_n * (1.0 + 0.5 * f_n * 0.01 / 100.0) * 0.01;
        assert!((work - 30.0).abs() < 1e-9, "{f} N does {work} J");
        // Not separating, or a weaker force: unchanged.
        assert_eq!(lift_off_force(5000.0, 30.0, -1.0, 0.5, 100.0, 0.01), 5000.0);
        assert_eq!(lift_off_force(100.0, 30.0, 1.0, 0.5, 100.0, 0.01), 100.0);
    }

    #[test]
    fn a_receding_strut_does_no_more_work_than_it_releases() {
        // By hand: a linear strut, U(y) = ½·k·(y + 0.05)², k = 100 kN/m, at x = 0 (F = 5 kN);
        // m_eff = 100 kg, h = 0.01 s, cos θ = 1, v_n = 1 m/s: the travel is
        // d(F) = 0.01 + c·F, c = ½·h²/m_eff = 5e-7 m/N, d(5 kN) = 12.5 mm.
        let energy = |y: f64| 50_000.0 * (y + 0.05) * (y + 0.05);
        let r = |room| Recede {
            v_n: 1.0,
            cos: 1.0,
            m_eff: 100.0,
            h: 0.01,
            room,
        };
        // Room 13 mm: it keeps up, the force stays.
        assert_eq!(receding_force(5000.0, energy, 0.0, r(0.013)), 5000.0);
        // Room 12 mm: it leaves with the kick only (10 mm on its speed). ΔU = 125 −
        // 50000·0.038² = 52.8 J; F = (−0.01 + √(1e-4 + 4·5e-7·52.8))/1e-6 = 4338.8 N, whose
        // travel 12.17 mm still reaches the room: the lift-off limit.
        let f = receding_force(5000.0, energy, 0.0, r(0.012));
        assert!((f - 4338.8).abs() < 0.05, "{f} N");
        assert!((f * r(0.012).travel(f) - 52.8).abs() < 1e-9);
        // Room 12.4 mm: the lift-off limit (4443.8 N) travels 12.22 mm, on the ground: the
        // secant bound F = F(x) − ½·k·d(F), F = (5000 − 500)/(1 + 0.025) = 4390.244 N
        // (d = 12.195 mm: work 53.540 J = 125 − 50000·0.0378049² released).
        let f = receding_force(5000.0, energy, 0.0, r(0.0124));
        assert!((f - 4390.244).abs() < 1e-3, "{f} N");
        let d = r(0.0124).travel(f);
        assert!(f * d <= energy(0.0) - energy(-d));
        // Not receding: unchanged.
        let approach = Recede {
            v_n: -1.0,
            ..r(0.0)
        };
        assert_eq!(receding_force(5000.0, energy, 0.0, approach), 5000.0);
    }

    #[test]
    fn rest_force_supports_sprung_mass() {
        let mut q = p();
        assert!((rest_force(&q, 400.0, 9.81) - 3924.0).abs() < 1e-9);
        // A strut leaning 20° carries m·g·cos20° along its axis.
        let b = 20f64.to_radians();
        q.travel_direction = DVec3::new(0.0, b.sin(), -b.cos());
        assert!((rest_force(&q, 400.0, 9.81) - 3924.0 * b.cos()).abs() < 1e-9);
        q.preload = Some(1000.0);
        assert_eq!(rest_force(&q, 400.0, 9.81), 1000.0);
    }

    #[test]
    fn spring_damper_and_bump_stop_by_hand() {
        let q = p();
        let mut s = SuspensionState::default();
        let dt = 0.01;
        // First update: no history, velocity 0.
        let raw = update_jounce(&q, &mut s, Some(0.02), dt);
        assert_eq!((s.jounce, s.jounce_velocity, raw), (0.02, 0.0, 0.02));
        forces(&q, &mut s, 4000.0, raw, 0.0);
        assert!((s.force - (4000.0 + 600.0)).abs() < 1e-9);
        // Compress 1 cm in 10 ms: ẋ = 1 m/s, bump damping 2000 N.
        let raw = update_jounce(&q, &mut s, Some(0.03), dt);
        forces(&q, &mut s, 4000.0, raw, 0.0);
        assert!((s.jounce_velocity - 1.0).abs() < 1e-12);
        assert!((s.damper_force - 2000.0).abs() < 1e-9);
        // Rebound 1 cm: −1 m/s, −3000 N.
        let raw = update_jounce(&q, &mut s, Some(0.02), dt);
        forces(&q, &mut s, 4000.0, raw, 0.0);
        assert!((s.damper_force + 3000.0).abs() < 1e-9);
        // Into the bump stop: x = 0.09, δ = 0.01 → 1e7·1e-4 = 1000 N.
        s.has_history = false;
        let raw = update_jounce(&q, &mut s, Some(0.09), dt);
        forces(&q, &mut s, 4000.0, raw, 0.0);
        assert!((s.bump_stop_force - 1000.0).abs() < 1e-6);
        // Past full compression: jounce clamps at 0.1 and the rubber stops at its full
        // δ = 0.02 → 1e7·4e-4 = 4000 N (beyond it the end stop is a constraint, not a
        // stiffer spring); the strut does not move, so no damper force.
        let raw = update_jounce(&q, &mut s, Some(0.11), dt);
        forces(&q, &mut s, 4000.0, raw, 0.0);
        assert_eq!(s.jounce, 0.1);
        assert!((s.bump_stop_force - 1.0e7 * 0.02 * 0.02).abs() < 1e-6);
        assert_eq!(s.damper_force, 0.0);
    }

    #[test]
    fn expansion_speed_limits_droop() {
        let q = SuspensionParams {
            max_expansion_speed: 1.0,
            ..p()
        };
        let mut s = SuspensionState::default();
        update_jounce(&q, &mut s, Some(0.05), 0.01);
        // The ground drops 10 cm at once: the wheel extends only 1 m/s × 10 ms and is airborne.
        update_jounce(&q, &mut s, Some(-0.05), 0.01);
        assert!((s.jounce - 0.04).abs() < 1e-12);
        assert!(!s.in_contact);
        assert!((s.jounce_velocity + 1.0).abs() < 1e-9);
        let mut s2 = s;
        forces(&q, &mut s2, 4000.0, s.jounce, 0.0);
        assert_eq!(s2.force, 0.0);
    }

    #[test]
    fn suspension_cannot_pull() {
        let q = p();
        let mut s = SuspensionState::default();
        update_jounce(&q, &mut s, Some(-0.1), 0.01);
        forces(&q, &mut s, 1000.0, -0.1, 0.0);
        assert_eq!(s.force, 0.0);
        assert!(s.spring_force < 0.0);
    }

    #[test]
    fn anti_roll_pair_forces() {
        let bars = [AntiRollBarParams::from_roll_stiffness(0, 1, 30_000.0, 1.5)];
        assert!((bars[0].stiffness - 13_333.333_333).abs() < 1e-3);
        let mut st = [SuspensionState::default(); 2];
        st[0] = SuspensionState {
            jounce: 0.03,
            in_contact: true,
            ..Default::default()
        };
        st[1] = SuspensionState {
            jounce: -0.01,
            in_contact: true,
            ..Default::default()
        };
        let mut out = [0.0; 2];
        anti_roll_forces(&bars, &st, &mut out);
        let f = 30_000.0 / 2.25 * 0.04;
        assert!((out[0] - f).abs() < 1e-9 && (out[1] + f).abs() < 1e-9);
        // The moment about the centreline is K_φ·φ with φ = Δx/t.
        assert!((f * 1.5 - 30_000.0 * 0.04 / 1.5).abs() < 1e-9);
        st[1].in_contact = false;
        anti_roll_forces(&bars, &st, &mut out);
        assert_eq!(out, [0.0, 0.0]);
    }

    #[test]
    fn load_filter_maps_normalised_load() {
        let f = LoadFilterParams {
            curve: crate::curve::Curve::new(&[(0.0, 0.2), (1.0, 1.0), (3.0, 2.0)]),
        };
        assert!((filter_load(&f, 0.0, 4000.0) - 800.0).abs() < 1e-9);
        assert!((filter_load(&f, 8000.0, 4000.0) - 6000.0).abs() < 1e-9);
        assert!((filter_load(&LoadFilterParams::default(), 5000.0, 4000.0) - 5000.0).abs() < 1e-9);
    }

    #[test]
    fn body_roll_signs() {
        let p = BodyRollParams {
            enabled: true,
            pairs: vec![RollPair {
                left: 0,
                right: 1,
                roll_stiffness: 1000.0,
                front: true,
            }],
            pitch_stiffness: 2000.0,
            roll_damping: 10.0,
            pitch_damping: 20.0,
            roll_accel_gain: 5.0,
            pitch_accel_gain: 7.0,
        };
        let mut st = [SuspensionState::default(); 4];
        st[0].jounce = 0.02; // front left compressed
        st[1].jounce = 0.0;
        st[2].jounce = -0.01;
        st[3].jounce = -0.01;
        let front = [true, true, false, false];
        let t = body_roll_torque(
            &p,
            &st,
            &front,
            DVec3::new(0.1, 0.2, 0.0),
            DVec3::new(-3.0, 2.0, 0.0),
        );
        // roll = −1000·0.02 − 10·0.1 + 5·2 = −11; pitch = 2000·(0.01 − (−0.01)) − 20·0.2 + 7·3 = 57
        assert!((t.x + 11.0).abs() < 1e-9, "{t}");
        assert!((t.y - 57.0).abs() < 1e-9, "{t}");
        let off = BodyRollParams::default();
        assert_eq!(
            body_roll_torque(&off, &st, &front, DVec3::ONE, DVec3::ONE),
            DVec3::ZERO
        );
    }
}
