//! The audited energy (module docs of the test): body, wheel spin, springs at the pose a step
//! ended at, and what the explicit springs may add per step.

use skidpad::ground::Ground;
use skidpad::suspension::model::{GROUND_RISE_SLOP, lifted_jounce, stored_energy, strut_energy};
use skidpad::suspension::{AntiRollBarParams, SuspensionParams};
use skidpad::tire::TireState;
use skidpad::tire::transient::TransientState;
use skidpad::vehicle::{Vehicle, VehicleParams};

/// Relative allowance for rounding: `|E|`-sized sums of many terms lose ~1e-16 of their size
/// per operation; 1e-12 of the largest energy term is far below any physical effect (a 1500 kg
/// car 50 m up: 7.4e5 J → 7e-7 J).
pub const ROUNDING: f64 = 1e-12;

/// Mechanical energy of `v` (J), as in the module docs, and the scale of its terms (J). The
/// springs are counted at the pose the step ended at: every wheel's ground is queried again
/// there ([`spring_energy_end`]), as the body's terms are; the tyres' patch springs at the
/// carcass deflections the state holds ([`tyre_patch_energy`]).
pub fn energy(v: &Vehicle, ground: &dyn Ground, dt: f64) -> (f64, f64) {
    let (body, scale) = body_energy(v);
    let e = body + spring_energy_end(v, ground, dt) + tyre_patch_energy(v, ground);
    (e, scale + e.abs())
}

/// The tyres' patch springs' energy (J): [`tyre_patch_energies`] at the deflections the
/// state holds, summed.
pub fn tyre_patch_energy(v: &Vehicle, ground: &dyn Ground) -> f64 {
    tyre_patch_energies(v, ground, &deflections(v)).iter().sum()
}

/// Every wheel's carcass deflections `(u, v)` as the state holds them (m).
pub fn deflections(v: &Vehicle) -> Deflections {
    let mut d = [TransientState::default(); skidpad::MAX_WHEELS];
    for (d, w) in d.iter_mut().zip(v.state().wheels()) {
        *d = w.tire.transient;
    }
    d
}

/// Carcass deflections of every wheel.
pub type Deflections = [TransientState; skidpad::MAX_WHEELS];

/// Each wheel's patch-spring energy (J): `skidpad::tire::contact::patch_energy` at the
/// carcass deflections `d` and the tyre input the grip stage builds for the state
/// (`skidpad::wheel::tire_input`: load, friction, camber); 0 for a wheel off the ground (no
/// patch; its deflections are 0, `skidpad::wheel::clear_contact_forces`).
pub fn tyre_patch_energies(
    v: &Vehicle,
    ground: &dyn Ground,
    d: &Deflections,
) -> [f64; skidpad::MAX_WHEELS] {
    let (p, s) = (v.params(), v.state());
    let body = skidpad::wheel::Body {
        params: &p.chassis,
        state: &s.chassis,
    };
    let mut e = [0.0; skidpad::MAX_WHEELS];
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ws = &s.wheels()[i];
        if !ws.suspension.in_contact {
            continue;
        }
        let c = skidpad::wheel::tire_input(
            wp,
            &body,
            ground.surfaces(),
            &p.load_filter,
            &v.derived().corner(i),
            p.sim.gravity,
            &mut ws.clone(),
        );
        let tyre = TireState {
            transient: d[i],
            ..ws.tire
        };
        e[i] = skidpad::tire::contact::patch_energy(
            wp.tire.model.as_model(),
            &wp.tire.relaxation,
            &c,
            &tyre,
        );
    }
    e
}

/// The patch springs at the start of a step, for [`patch_reload`]: each wheel's
/// deflections, their energy at its load then and whether it was in contact.
#[derive(Debug, Clone, Copy)]
pub struct PatchStart {
    /// Carcass deflections. Unit: m.
    pub d: Deflections,
    /// Each wheel's patch-spring energy. Unit: J.
    pub u: [f64; skidpad::MAX_WHEELS],
    /// Each wheel was in contact.
    pub contact: [bool; skidpad::MAX_WHEELS],
}

impl PatchStart {
    /// The patch springs of `v` as the step it just took ended.
    pub fn of(v: &Vehicle, ground: &dyn Ground) -> Self {
        let d = deflections(v);
        let mut contact = [false; skidpad::MAX_WHEELS];
        for (c, w) in contact.iter_mut().zip(v.state().wheels()) {
            *c = w.suspension.in_contact;
        }
        Self {
            d,
            u: tyre_patch_energies(v, ground, &d),
            contact,
        }
    }
}

/// How much the patch springs' energy changed over a step with the tyres' loads alone (J):
/// `Σ U_i(d₀; L₁) − U_i(d₀; L₀)` over the wheels in contact at both ends (`d₀` the
/// deflections at the step's start, `L₀`, `L₁` the loads at its start and end), which the
/// one-step check takes off the step's rise, so that it compares the two ends' deflections
/// at one load, the end's. A wheel that touched down or left the ground within the step is
/// counted as it is (its patch appears or goes with its deflections).
///
/// Why: the patch spring `k = K/σ` scales with the load (the slip stiffnesses `K ≈ C·F_z`,
/// the relaxation lengths fixed), so at a fixed deflection `U` follows `F_z`, and a load
/// change moves it with no force's work along `u` or `v`; the tyre gives that back only if
/// the load stays while it unwinds, and then the net check (`E(t)` with `U` at each
/// instant's load) sees it. Measured: the tank's curb strike at 1/1000 s (t = 0.989 s), a
/// wheel on the curb with `v` = −49 mm whose load hit the load filter's cap (147 kN, 3.4
/// times the 43 kN before and after) for one step: its `U` went from 301 J to 998 J and back
/// to 292 J while the body lost energy in both steps; counted at the moving load that cell
/// rose 215 J in one step.
pub fn patch_reload(v: &Vehicle, ground: &dyn Ground, start: &PatchStart) -> f64 {
    let now = tyre_patch_energies(v, ground, &start.d);
    (0..v.params().wheels.len())
        .filter(|&i| start.contact[i] && v.state().wheels()[i].suspension.in_contact)
        .map(|i| now[i] - start.u[i])
        .sum()
}

/// The drive work of `v`'s last step (J), each wheel's positive part:
/// `Σ_wheels max(W_i, 0)` of the core's [`skidpad::wheel::WheelState::drive_work`],
/// `W_i = Σ_substeps τ_drive·ω'·h` as the spin solve applied it. The positive part keeps the
/// bound the audit had (a wheel whose driveline takes energy back lowers no other's), now
/// over the whole step: the power at the step's end alone missed a torque that fell within
/// it (the kart's rear wheel landing under 68.6 → 0.4 N·m: ≈ 97 J done, 1.1 J counted).
pub fn drive_work(v: &Vehicle) -> f64 {
    v.state()
        .wheels()
        .iter()
        .map(|w| w.drive_work.max(0.0))
        .sum()
}

/// Every wheel's jounce (m) and contact at the pose the step ended at (see [`end_jounces`]).
#[derive(Debug, Clone, Copy)]
pub struct Jounces {
    /// Jounce of each wheel. Unit: m.
    pub x: [f64; skidpad::MAX_WHEELS],
    /// Whether each wheel is in contact.
    pub contact: [bool; skidpad::MAX_WHEELS],
}

/// Every wheel's jounce measured again at the pose the step ended at (the state's jounce is
/// the one measured at the start of the last substep, before the body moved), as the next
/// substep of a step of `dt` will take it: a wheel in contact is at its ground's jounce there
/// (`raw`, beyond full compression if the ground is found inside the wheel, [`strut_energy`];
/// ground that rose into it beyond the plane it stood on is met, with its impulse, by the
/// next substep, as a landing is: `skidpad::pipeline::suspension_stage`); a wheel whose
/// ground fell away faster than it may extend, or that found none, hangs at
/// `x − v_max·h` (`h` the next step's substep; `suspension::model::update_jounce`); a
/// hanging wheel keeps the state's jounce (it exerts no force; a wheel that touched down
/// within the last substep is taken into contact, with its touchdown impulse, by the next
/// substep: `suspension::model::touchdown_impulse`).
pub fn end_jounces(v: &Vehicle, ground: &dyn Ground, dt: f64) -> Jounces {
    let p = v.params();
    let mut s = v.state().clone();
    let n = skidpad::pipeline::substeps_for_step(p, v.derived(), &s, dt);
    let h = dt / n as f64;
    skidpad::pipeline::contact_stage(p, v.derived(), &mut s, ground);
    let mut out = Jounces {
        x: [0.0; skidpad::MAX_WHEELS],
        contact: [false; skidpad::MAX_WHEELS],
    };
    for (i, wp) in p.wheels.iter().enumerate() {
        let sp = &wp.suspension;
        let ss = &s.wheels[i].suspension;
        let reach = (ss.jounce - sp.max_expansion_speed * h).max(-sp.max_droop);
        (out.x[i], out.contact[i]) = match s.wheels[i].measured_jounce {
            Some(m) if ss.in_contact => {
                let rise = s.wheels[i].ground_rise;
                let m = if rise > GROUND_RISE_SLOP { m - rise } else { m };
                if m >= reach {
                    (m.max(-sp.max_droop), true)
                } else {
                    (reach, false)
                }
            }
            None if ss.in_contact => (reach, false),
            _ => (ss.jounce, false),
        };
    }
    out
}

/// Spring, bump-stop and bar energy (J) at the pose the step ended at ([`end_jounces`]).
pub fn spring_energy_end(v: &Vehicle, ground: &dyn Ground, dt: f64) -> f64 {
    let j = end_jounces(v, ground, dt);
    springs(v, |i| (j.x[i], j.contact[i]))
}

/// What the explicit springs may add to `E` in a step that moved the jounces from `a` to
/// `b` (J): `Σ ½·k_i·Δx_i² + Σ_bars ½·k_bar·(Δx_a − Δx_b)²` over the wheels in contact at
/// either end, `k_i` the spring rate plus the bump stop's `2·k_bs·δ` at the more compressed
/// end.
///
/// Why: a spring force evaluated at the start of a substep (symplectic Euler) does the work
/// `F(x₀)·Δx` on the body while the spring stores `∫F dx = F(x₀)·Δx + ½·k·Δx²`; for one
/// spring and a mass, exactly `ΔE = ½·k·Δx² − ½·h²·k²·x₀²/m` per substep (the method's
/// `E` oscillates about its conserved shadow `E − (h/2)·F·ẋ`, by this much). Over the
/// substeps of a step whose jounces move one way, `Σ Δx_j² ≤ (Σ Δx_j)²`. An implicit
/// (soft-constraint) spring removes it but damps: trapezoidal `ζ += ω·h/4`, backward Euler
/// `ζ += ω·h/2` (the heave test's 1.5 Hz, ζ = 0.15 corner at 1/180 s: +8.3 % and +16.9 %,
/// beyond its 3 %), so the springs stay explicit and the audit allows this term.
pub fn explicit_spring_allowance(v: &Vehicle, a: &Jounces, b: &Jounces) -> f64 {
    let p = v.params();
    let mut e = 0.0;
    let mut dx = [0.0; skidpad::MAX_WHEELS];
    for (i, wp) in p.wheels.iter().enumerate() {
        if !(a.contact[i] || b.contact[i]) {
            continue;
        }
        let sp = &wp.suspension;
        let (xa, xb) = (
            a.x[i].min(sp.max_compression),
            b.x[i].min(sp.max_compression),
        );
        dx[i] = xb - xa;
        let delta = (xa.max(xb) - (sp.max_compression - sp.bump_stop.travel)).max(0.0);
        e += 0.5 * (sp.spring_rate + 2.0 * sp.bump_stop.rate * delta) * dx[i] * dx[i];
    }
    for bar in &p.anti_roll_bars {
        e += 0.5 * bar.stiffness * (dx[bar.wheel_a] - dx[bar.wheel_b]).powi(2);
    }
    e
}

/// What the explicit struts may add over the last substep of a step that ended at the
/// jounces `b` (J), measured from the jounce each strut's force was evaluated at — the
/// state's, `x_s` (`raw_jounce`, measured at the start of the last substep, beyond full
/// compression when the ground was found inside the wheel) — rather than from the previous
/// step's end pose as [`explicit_spring_allowance`] does: over the wheels in contact at both
/// ends,
///
/// ```text
/// Σ [U*(x_e) − U*(x_s) − F*(x_s)·(x_e − x_s)] + Σ_bars ½·k_bar·(Δx_a − Δx_b)²
/// ```
/// (`U*` [`strut_energy`], `F* = dU*/dx` its spring and bump-stop force, `F_max` past full
/// compression; `Δx = min(x_e, x_max) − min(x_s, x_max)`).
///
/// Why: the strut's force is explicit, `F*(x_s)` for the whole substep, so over a motion
/// to `x_e` it does `−F*(x_s)·(x_e − x_s)` on the body while it stores `U*(x_e) − U*(x_s)`;
/// the difference is the term above, `½·k·Δx²` for a linear spring (the derivation of
/// [`explicit_spring_allowance`]) and exact for the bump stop's cubic and the clamped
/// strut's linear `F_max·depth` (0 there). The two measures differ where a wheel touched
/// down or its ground rose into it within the step: [`end_jounces`] counted it at the previous
/// end pose on the plane it stood on (or hanging), the touchdown and edge impulses paid the
/// energy of the jump to `x_s` (`skidpad::pipeline::suspension_stage`), and the strut then
/// pushed from `x_s`, not from the previous end pose. The hatch's curb strike at 15.01 m/s
/// and 1/30 s (t = 1.867 s, one substep per step): the tumbling car lands on its left wheels,
/// the front one 14 mm past full compression after its ground rose 125 mm (the curb's top),
/// the rear one touched down at 98 mm; both struts extend ≈ 0.11 m in the step under the
/// force of `x_s`, and the end-pose `Δx` (−11 → +5 mm, −120 → −21 mm) allowed 119 J against a
/// rise of 953 J. Exact for one substep per step; with several, the earlier substeps'
/// motion is what [`explicit_spring_allowance`] bounds, and the audit allows the larger.
pub fn explicit_strut_allowance(v: &Vehicle, b: &Jounces) -> f64 {
    let p = v.params();
    let mut e = 0.0;
    let mut dx = [0.0; skidpad::MAX_WHEELS];
    let mut both = [false; skidpad::MAX_WHEELS];
    for (i, (wp, ws)) in p.wheels.iter().zip(v.state().wheels()).enumerate() {
        let ss = &ws.suspension;
        if !(ss.in_contact && b.contact[i]) {
            continue;
        }
        let (sp, rest) = (&wp.suspension, v.derived().rest_force[i]);
        both[i] = true;
        dx[i] = b.x[i].min(sp.max_compression) - ss.raw_jounce.min(sp.max_compression);
        e += explicit_strut_term(sp, rest, ss.raw_jounce, b.x[i]);
    }
    for bar in &p.anti_roll_bars {
        if both[bar.wheel_a] && both[bar.wheel_b] {
            e += 0.5 * bar.stiffness * (dx[bar.wheel_a] - dx[bar.wheel_b]).powi(2);
        }
    }
    e
}

/// One strut's term of [`explicit_strut_allowance`] (J): its force evaluated at `xs` pushing
/// while its jounce goes to `xe` (m), `U*(x_e) − U*(x_s) − F*(x_s)·(x_e − x_s)`.
pub fn explicit_strut_term(sp: &SuspensionParams, rest: f64, xs: f64, xe: f64) -> f64 {
    strut_energy(sp, rest, xe) - strut_energy(sp, rest, xs) - strut_force(sp, rest, xs) * (xe - xs)
}

/// The strut's spring and bump-stop force at jounce `x` (N): `dU*/dx` of [`strut_energy`],
/// `max(F_rest + k·x', 0) + k_bs·δ²` with `x' = min(x, x_max)` (δ the bump stop's
/// compression at `x'`): `F_max` past full compression.
pub fn strut_force(sp: &SuspensionParams, rest: f64, x: f64) -> f64 {
    let x = x.min(sp.max_compression);
    let delta = (x - (sp.max_compression - sp.bump_stop.travel)).max(0.0);
    (rest + sp.spring_rate * x).max(0.0) + sp.bump_stop.rate * delta * delta
}

/// How far `E` may stand above the explicit springs' conserved shadow energy after a step
/// that moved the jounces from `a` to `b` (J): `Σ ½·F_i·max(Δx_i, 0)` over the wheels in
/// contact at `b`, `F_i` the spring and bump-stop force there. For one spring and a mass
/// (module docs of `skidpad::suspension`) `E = Ẽ + (h/2)·F·ẋ` with `Ẽ` conserved and `ẋ`
/// the last substep's `Δx/h`; the step's `Δx` is at least the last substep's when the
/// jounce moves one way. The net-gain check allows it.
pub fn explicit_spring_offset(v: &Vehicle, a: &Jounces, b: &Jounces) -> f64 {
    let p = v.params();
    let mut e = 0.0;
    for (i, wp) in p.wheels.iter().enumerate().filter(|&(i, _)| b.contact[i]) {
        let sp = &wp.suspension;
        let (xa, xb) = (
            a.x[i].min(sp.max_compression),
            b.x[i].min(sp.max_compression),
        );
        let delta = (xb - (sp.max_compression - sp.bump_stop.travel)).max(0.0);
        let f = (v.derived().rest_force[i] + sp.spring_rate * xb).max(0.0)
            + sp.bump_stop.rate * delta * delta;
        e += 0.5 * f * (xb - xa).max(0.0);
    }
    e
}

/// The same terms at the jounce the state holds (measured at the start of the last substep):
/// what the audit counted before issue 12's measurement (for [`decompose`]).
pub fn spring_energy_state(v: &Vehicle) -> f64 {
    let w = v.state().wheels();
    springs(v, |i| (w[i].suspension.jounce, w[i].suspension.in_contact))
}

/// Spring, bump-stop and bar energy (J) at the jounces `at(i) = (x_i, in contact)`.
pub fn springs(v: &Vehicle, at: impl Fn(usize) -> (f64, bool)) -> f64 {
    let p = v.params();
    let mut e = 0.0;
    let mut x = [0.0; skidpad::MAX_WHEELS];
    let mut c = [false; skidpad::MAX_WHEELS];
    for (i, wp) in p.wheels.iter().enumerate() {
        let sp = &wp.suspension;
        (x[i], c[i]) = at(i);
        let rest = v.derived().rest_force[i];
        if c[i] {
            // In contact: spring and bump stop, and past full compression (the ground found
            // inside the wheel) the clamped strut's `F_max·depth` it pushes the body out with.
            e += strut_energy(sp, rest, x[i]);
        } else {
            // The spring holds its energy off the ground too: a preloaded spring at full
            // droop rests on the droop stop (the tank's still pushes 23 kN there).
            let f = rest + sp.spring_rate * x[i];
            e += f.max(0.0).powi(2) / (2.0 * sp.spring_rate);
        }
        x[i] = x[i].min(sp.max_compression);
    }
    for bar in &p.anti_roll_bars {
        if c[bar.wheel_a] && c[bar.wheel_b] {
            e += bar_energy(
                p,
                &v.derived().rest_force[..],
                bar,
                x[bar.wheel_a],
                x[bar.wheel_b],
            );
        }
    }
    e
}

/// The anti-roll bar `bar`'s energy (J) with its wheels' ground at the jounces `xa`, `xb`
/// (m, both in contact): `½·k_bar·(x_a* − x_b*)²` plus what the wheel it lifts stores beyond
/// its strut's energy at its ground, `S(x*) − S(x)` (0 for a wheel on the ground).
///
/// Why: where the bar would pull a wheel's ground (its pull beyond the strut's push) the
/// model lifts that wheel to where the two balance (`skidpad::suspension::model::
/// lifted_jounce`), and the forces it applies are the slopes of
/// `S_a(x_a*) + S_b(x_b*) + ½·k_bar·(x_a* − x_b*)²` (`audit-s38`). Counting the bar at the
/// ground's jounces booked a potential nothing pushed with: the rally car's 50 m ledge at
/// 1/1000 s with `step-s38`'s one-normalisation Cayley update (t = 4.807–4.814 s, the car
/// tumbling): its front-right wheel's ground receded ≈ 1 mm a substep with its spring slack
/// (−34 N) and the bar pulling 168–294 N, the clamp `F ≥ 0` held its force at 0, and the
/// bar's booked `½·k·Δx²` rose 0.12–0.24 J a substep; the step rose 0.143 J beyond its
/// allowance.
pub fn bar_energy(
    p: &VehicleParams,
    rest: &[f64],
    bar: &AntiRollBarParams,
    xa: f64,
    xb: f64,
) -> f64 {
    let (sa, sb) = (
        &p.wheels[bar.wheel_a].suspension,
        &p.wheels[bar.wheel_b].suspension,
    );
    let (ra, rb) = (rest[bar.wheel_a], rest[bar.wheel_b]);
    let (xa, xb) = (xa.min(sa.max_compression), xb.min(sb.max_compression));
    let k = bar.stiffness;
    let ya = lifted_jounce(sa, ra, xa, k, xb);
    let yb = lifted_jounce(sb, rb, xb, k, xa);
    0.5 * k * (ya - yb).powi(2) + stored_energy(sa, ra, ya) - stored_energy(sa, ra, xa)
        + stored_energy(sb, rb, yb)
        - stored_energy(sb, rb, xb)
}

/// Kinetic, potential and wheel-spin energy (J), and `|kinetic| + |potential|` (J).
pub fn body_energy(v: &Vehicle) -> (f64, f64) {
    let p = v.params();
    let c = &v.state().chassis;
    let r = glam::DMat3::from_quat(c.pose.rotation);
    let iw = r * p.chassis.inertia * r.transpose();
    let w = c.angular_velocity_world;
    let ke = 0.5 * p.chassis.mass * c.linear_velocity_world.length_squared() + 0.5 * w.dot(iw * w);
    let pe = p.chassis.mass * p.sim.gravity * c.com_world(&p.chassis).z;
    let mut e = ke + pe;
    for (i, ws) in v.state().wheels().iter().enumerate() {
        e += 0.5 * spin_inertia(p, i) * ws.tire.omega * ws.tire.omega;
    }
    (e, ke.abs() + pe.abs())
}

/// Spin inertia of wheel `i` (kg·m²): its own, plus for a tank drive its share of its track's,
/// `track_inertia / n_side` (`n_side` the enabled wheels on its side; what the powertrain
/// stage adds to each wheel's inertia in the coupled solve,
/// `skidpad::drivetrain::tank::side_count`). The track is rigid with its wheels: its
/// kinetic energy spins with them, and leaving it out made a tank whose tracks spun up in
/// the air (or slowed on landing) look as if its body gained what the tracks gave (up to
/// 1.3 kJ in one step of its ramp jump at 1/120 s).
pub fn spin_inertia(p: &VehicleParams, i: usize) -> f64 {
    use skidpad::drivetrain::DriveKind;
    let wp = &p.wheels[i];
    if p.drivetrain.kind != DriveKind::Tank || !wp.enabled {
        return wp.inertia;
    }
    let n_side = p
        .wheels
        .iter()
        .filter(|w| w.enabled && (w.side() > 0.0) == (wp.side() > 0.0))
        .count()
        .max(1);
    wp.inertia + p.drivetrain.tank.track_inertia / n_side as f64
}

#[test]
fn the_explicit_strut_term_is_worked_out_by_hand() {
    // k = 20 kN/m, F_rest = 4 kN, full compression at 0.1 m, a bump stop of 1e7 N/m² over
    // its last 20 mm: F_max = 4000 + 2000 + 1e7·0.02² = 10 kN.
    let mut sp = SuspensionParams {
        spring_rate: 20_000.0,
        max_compression: 0.1,
        ..SuspensionParams::default()
    };
    sp.bump_stop.rate = 1e7;
    sp.bump_stop.travel = 0.02;
    let rest = 4000.0;
    assert!((strut_force(&sp, rest, 0.2) - 10_000.0).abs() < 1e-9);
    // On the linear spring: ½·k·Δx² = ½·20000·0.05² = 25 J.
    assert!((explicit_strut_term(&sp, rest, 0.0, -0.05) - 25.0).abs() < 1e-9);
    // Past full compression the clamped strut's energy is linear in the depth: nothing.
    assert!(explicit_strut_term(&sp, rest, 0.12, 0.11).abs() < 1e-9);
    // Off the whole bump stop: the spring's ½·k·0.02² = 4 J and the bump stop's
    // `k_bs·δ³·(1 − 1/3)` = (2/3)·1e7·0.02³ = 53.33 J.
    let by_hand = 4.0 + 2.0 / 3.0 * 1e7 * 0.02f64.powi(3);
    assert!((explicit_strut_term(&sp, rest, 0.1, 0.08) - by_hand).abs() < 1e-9);
    // From 14 mm past full compression to 5 mm: the 14 mm at F_max exact, then the rest.
    let from_full = explicit_strut_term(&sp, rest, 0.1, 0.005);
    assert!((explicit_strut_term(&sp, rest, 0.114, 0.005) - from_full).abs() < 1e-9);
}

/// The drive work (J, `Σ_wheels max(W_i, 0)` as [`drive_work`]) of the first substep of a
/// step of `dt` from `v`'s state under `controls`, and the substep's total force on the body
/// (N, world, gravity not in it: `SubstepForces::total`): stages 1–9 once
/// (`skidpad::pipeline::first_substep_forces`, the pass the input jump's half kick runs with
/// the previous controls), on a copy, every wheel's `drive_work` from 0.
pub fn first_substep_pass(
    v: &Vehicle,
    controls: &skidpad::vehicle::Controls,
    ground: &dyn Ground,
    dt: f64,
) -> (f64, glam::DVec3) {
    let mut c = v.clone();
    let (p, d, _, s) = c.parts_mut();
    for w in s.wheels.iter_mut() {
        w.drive_work = 0.0;
    }
    let mut out = skidpad::pipeline::SubstepForces::default();
    skidpad::pipeline::first_substep_forces(p, d, controls, s, ground, dt, &mut out);
    let work = s.wheels().iter().map(|w| w.drive_work.max(0.0)).sum();
    (work, out.total.force)
}

/// What a change of the controls at a step boundary does to the audit's reading of the
/// kinetic energy, formed by the audit itself at the step's start (the kicks module docs,
/// "The kick's bookkeeping"): from `v`'s state, the previous controls `v.controls()` and the
/// new ones `new`, a step of `dt`.
#[derive(Debug, Clone, Copy)]
pub struct ControlJump {
    /// The synchronised kinetic energy's jump `K(v + ½h·a₋) − K(v + ½h·a)` (J): what the
    /// held velocity's reading loses across the jump; the kicked step's one-step rise is
    /// judged beyond it.
    pub credit: f64,
    /// The drive work's share as session 33 counted it, `½·(W₋ − W)⁺` of the first
    /// substep's two passes (J): for the comparison only.
    pub drive: f64,
    /// The half kick's velocity change `h·½·(F₋ − F)/M` (m/s, world), from the totals.
    pub dv: glam::DVec3,
}

impl ControlJump {
    /// The jump at `v`'s state from its controls to `new`.
    pub fn at(v: &Vehicle, new: &skidpad::vehicle::Controls, ground: &dyn Ground, dt: f64) -> Self {
        let (p, s) = (v.params(), v.state());
        let h = dt / skidpad::pipeline::substeps_for_step(p, v.derived(), s, dt) as f64;
        let (w_old, f_old) = first_substep_pass(v, v.controls(), ground, dt);
        let (w_new, f_new) = first_substep_pass(v, new, ground, dt);
        let (m, vel) = (p.chassis.mass, s.chassis.linear_velocity_world);
        let g = glam::DVec3::new(0.0, 0.0, -p.sim.gravity);
        let synced = |f: glam::DVec3| 0.5 * m * (vel + 0.5 * h * (f / m + g)).length_squared();
        Self {
            credit: synced(f_old) - synced(f_new),
            drive: (0.5 * (w_old - w_new)).max(0.0),
            dv: 0.5 * h * (f_old - f_new) / m,
        }
    }
}
