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
/// `anti_roll` is this wheel's bar force (see [`anti_roll_forces`]). The push
/// `P = max(F_spring, 0) + F_bump + F_arb` is the slope of the struts' and bars' potential
/// (the spring cannot pull, [`stored_energy`]); where it is negative the bar has lifted the
/// wheel off the ground ([`lifted_jounce`]: `F_arb` is then formed at the lifted jounce and
/// `P ≤ 0`) and `F = max(0, F_damper)`. Where `P ≥ 0` and `F_spring ≥ 0` (every wheel that
/// bears load) the sum above, unchanged; a slack spring in contact (`F_spring < 0`) pushes
/// `F = max(0, P + F_damper)`. So `F − P` is the damper's share, clamped towards zero:
/// the clamp never makes energy.
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
    // A wheel whose spring (which cannot pull), bump stop and bar would pull the ground has
    // left it ([`lifted_jounce`]): none of them pushes the body, the damper at most.
    let push = s.spring_force.max(0.0) + s.bump_stop_force + anti_roll;
    s.force = if push >= 0.0 && s.spring_force >= 0.0 {
        (s.spring_force + s.damper_force + s.bump_stop_force + anti_roll).max(0.0)
    } else {
        (push.max(0.0) + s.damper_force).max(0.0)
    };
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

/// Anti-roll bar forces for every wheel: bar `(a, b, k)` adds `k·(x_a* − x_b*)` to `a` and
/// subtracts it from `b`, `x*` the jounce each wheel rests at ([`lifted_jounce`]: its own
/// unless the bar would pull it off the ground). Only bars whose wheels are both in contact
/// act (a bar cannot push a wheel that hangs in the air). `strut(i)` is wheel `i`'s
/// suspension parameters and rest force (N). `out` is zeroed first.
pub fn anti_roll_forces<'p>(
    bars: &[AntiRollBarParams],
    states: &[SuspensionState],
    strut: impl Fn(usize) -> (&'p SuspensionParams, f64),
    out: &mut [f64],
) {
    anti_roll_forces_by(bars, |i| &states[i], strut, out);
}

/// [`anti_roll_forces`] with wheel `i`'s state given by `state(i)` (the suspension stage
/// reads it in place instead of copying every state into a slice).
#[inline]
pub fn anti_roll_forces_by<'a, 'p>(
    bars: &[AntiRollBarParams],
    state: impl Fn(usize) -> &'a SuspensionState,
    strut: impl Fn(usize) -> (&'p SuspensionParams, f64),
    out: &mut [f64],
) {
    out.iter_mut().for_each(|f| *f = 0.0);
    add_anti_roll_forces(bars, state, strut, out);
}

/// [`anti_roll_forces_by`] into `out` as it is (the caller's fresh zeros: the suspension
/// stage's scratch, not zeroed twice).
#[inline]
pub(crate) fn add_anti_roll_forces<'a, 'p>(
    bars: &[AntiRollBarParams],
    state: impl Fn(usize) -> &'a SuspensionState,
    strut: impl Fn(usize) -> (&'p SuspensionParams, f64),
    out: &mut [f64],
) {
    for bar in bars {
        let (a, b) = (state(bar.wheel_a), state(bar.wheel_b));
        if a.in_contact && b.in_contact {
            let mut f = bar.stiffness * (a.jounce - b.jounce);
            // The bar pulls the wheel with the smaller jounce up; past its strut's push that
            // wheel leaves the ground and rests where the two balance (almost never: the
            // test is one product and a compare).
            if f < 0.0 {
                let (p, rest) = strut(bar.wheel_a);
                if conservative_force(p, rest, a.jounce, a.raw_jounce) + f < 0.0 {
                    let x = lifted_jounce(p, rest, a.jounce, bar.stiffness, b.jounce);
                    f = bar.stiffness * (x - b.jounce);
                }
            } else if f > 0.0 {
                let (p, rest) = strut(bar.wheel_b);
                if conservative_force(p, rest, b.jounce, b.raw_jounce) - f < 0.0 {
                    let x = lifted_jounce(p, rest, b.jounce, bar.stiffness, a.jounce);
                    f = bar.stiffness * (a.jounce - x);
                }
            }
            out[bar.wheel_a] += f;
            out[bar.wheel_b] -= f;
        }
    }
}

/// The strut's conservative push at jounce `x` (N), raw jounce `raw` for the bump stop: the
/// spring, which cannot pull (`max(F_rest + k·x, 0)`, the slope of [`stored_energy`]), plus
/// the bump stop's `k_bs·δ²`.
#[inline]
pub fn conservative_force(p: &SuspensionParams, rest_force: f64, x: f64, raw: f64) -> f64 {
    let delta = (raw.min(p.max_compression) - (p.max_compression - p.bump_stop.travel)).max(0.0);
    (rest_force + p.spring_rate * x).max(0.0) + p.bump_stop.rate * delta * delta
}

/// The jounce (m) at which a wheel whose ground stands at jounce `x` rests when an
/// anti-roll bar of stiffness `k_bar` (N/m) ties it to a wheel at jounce `x_other`: `x`
/// itself while its strut's push `S'(x)` ([`conservative_force`]) holds it on the ground
/// against the bar, `S'(x) + k_bar·(x − x_other) ≥ 0`; otherwise the root `x* ∈ (x, x_other]`
/// of
///
/// ```text
/// S'(x*) + k_bar·(x* − x_other) = 0,   S'(y) = max(F_rest + k·y, 0) + k_bs·δ(y)²
/// ```
/// (no higher than full compression). The wheel is massless, so where its strut and the
/// bar would pull the ground it leaves it at once, to where they balance: the potential
/// the body feels is `U_eff = min over y ≥ x of [S(y) + ½·k_bar·(y − x_other)²]` (`S` the
/// strut's [`stored_energy`]), whose slopes are the forces the model applies — 0 on the
/// lifted wheel, `k_bar·(x_other − x*)` through the bar on the other. Forming the bar from
/// the ground's `x` instead (before `audit-s38`) made a pair of forces with no potential:
/// the clamp `F ≥ 0` dropped the bar's pull on one wheel while the other kept its push.
/// Each bar is checked on its own (exact for a wheel in one bar, as in every preset).
/// Closed form: slack spring (`x* = x_other` where `F_rest + k·x_other ≤ 0`), linear
/// (`x* = (k_bar·x_other − F_rest)/(k + k_bar)`), or in the bump stop the quadratic's root.
pub fn lifted_jounce(
    p: &SuspensionParams,
    rest_force: f64,
    x: f64,
    k_bar: f64,
    x_other: f64,
) -> f64 {
    let (k, x_max) = (p.spring_rate, p.max_compression);
    if conservative_force(p, rest_force, x, x) + k_bar * (x - x_other) >= 0.0 || x >= x_max {
        return x;
    }
    let x_bs = x_max - p.bump_stop.travel;
    let root = if rest_force + k * x_other <= 0.0 && x_other <= x_bs {
        x_other
    } else {
        let linear = (k_bar * x_other - rest_force) / (k + k_bar);
        if linear <= x_bs || p.bump_stop.rate <= 0.0 {
            linear
        } else {
            // k_bs·δ² + (k + k_bar)·δ + c₀ = 0 at the bump stop's start, c₀ < 0 there.
            let c0 = -(rest_force + k * x_bs + k_bar * (x_bs - x_other));
            let b = k + k_bar;
            x_bs + 2.0 * c0 / (b + (b * b + 4.0 * p.bump_stop.rate * c0).sqrt())
        }
    };
    root.clamp(x, x_max)
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
mod tests;
