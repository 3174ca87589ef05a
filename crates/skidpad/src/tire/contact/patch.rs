//! The carcass's patch springs: how far each reaches before the patch slides
//! ([`carcass_reach_x`], [`carcass_reach_y`]), the end-of-step deflections advanced and held
//! within that reach ([`finish`]), the energy they hold ([`patch_energy`]) and its balance
//! with the body's per substep.
//!
//! # The springs
//! The transient model ([`super::super::transient`]) gives the tyre a longitudinal and a
//! lateral patch spring between rim and road: the contact solve's force is the model's at the
//! transient slips `κ' = u/σx`, `tan α' = v/σy` ([`super`]'s module docs), so the spring force
//! (the force less its zero-slip part, which no deflection makes) is
//!
//! ```text
//! Px(u) = Fx(u/σx) − Fx(0),     Py(v) = −(Fy(v/σy) − Fy(0))     (N, along +u and +v)
//! ```
//! (`Fx(κ)` the model at pure longitudinal slip, `Fy(t)` at pure lateral slip `tan α = t`,
//! this load; the contact solve's secants `K_x = (Fx(κ') − Fx(0))/κ'` make the same force,
//! `Px = (K_x/σx)·u`). For a tyre linear to its limit (the friction circle) `Px = k_x·u` with
//! `k_x = K_x/σx` and `K_x` the slip stiffness; a Magic Formula curve bends over before its
//! limit, so its secant spring `K_x(κ')/σx` softens as it winds.
//!
//! # Their energy
//! The tyre's power on the body and wheel is `Fx·Vx − Fx·ωR = −Fx·V_sx` (`V_sx = ωR − Vx`, the
//! slip velocity), and the deflection obeys `du/dt = V_sx − |Vx|·u/σx`, so
//!
//! ```text
//! −Fx·V_sx = −d/dt ∫₀ᵘ Px du′ − Fx(0)·V_sx − Px·|Vx|·u/σx
//! ```
//! The spring's energy is therefore `Ux = ∫₀ᵘ Px du′` (`Uy` likewise): with it the body's
//! energy plus `Ux` changes only by the relaxation's loss `Px·|Vx|·u/σx ≥ 0` (`Px` has the sign
//! of `u`) and the zero-slip force's work. For a linear spring `Ux = ½·k_x·u²`, the
//! `½·(K_x/σx)·u²` of the secant slope; for a curve that bends over, `∫Px du` lies between
//! the secant triangle `½·Px(u)·u` and `½·(K_x(0)/σx)·u²`, and either of those would count
//! a winding or unwinding spring as gaining energy that the integral shows it does not.
//!
//! Beyond the carcass's reach `u_max = σx·F_slide,x/K_x` ([`carcass_reach_x`]) the carcass
//! holds no more: the force is capped at the sliding force and the rest of `u` is the patch
//! sliding over the road, friction, which stores nothing. So the stored energy is the
//! spring's at the reach plus nothing:
//!
//! ```text
//! Ux = σx·∫₀^κc (Fx(κ) − Fx(0)) dκ,   κc = clamp(u/σx, −u_max/σx, u_max/σx)
//! Uy = −σy·∫₀^tc (Fy(t) − Fy(0)) dt,  tc = clamp(v/σy, −v_max/σy, v_max/σy)
//! ```
//! (J). For a linear tyre `Ux = ½·k_x·min(|u|, u_max)²`, at most `½·F_slide,x·u_max`
//! (`½·σx·F_slide,x²/K_x`: 11.1 J for a 4 kN wheel with `C_κ` = 18, μ = 1, σx = 0.1 m).
//! While `|u|` lies beyond the reach `Ux` is flat: a deflection growing along its slip, or
//! relaxing towards the reach, only dissipates (`−Fx·V_sx ≤ 0` then), and one against its
//! slip is held at the reach ([`super::finish`]), so the patch never gives back more than
//! `Ux`. The integral is the model's pure-slip curve by 4-point Gauss–Legendre quadrature
//! (exact for a force linear in the slip, as the friction circle is within its reach; for the
//! simplified Magic Formula within 3e-8 J of a fine midpoint sum at 3.2 J, `tests` below).
//! Combined slip is not taken into account: each spring is the pure-slip one, as the reaches
//! are.
//!
//! # The patch and the body per substep
//! The force is formed before the body moves, so the deflection it is formed from can only
//! hold the contact's velocity at the substep's start; the body then moves with its end
//! velocity (symplectic Euler). One substep of `h` (s), the lateral spring (the longitudinal
//! below), `k = K/σ` (N/m; for a curved tyre the secant's), `λ = |V_x|/σ` (1/s), `V`, `V'`
//! the contact's lateral velocity at the substep's start and end (m/s), `a = (V' − V)/h`
//! (m/s², from every force on the body), `M` the mass the contact point moves with (kg):
//!
//! ```text
//! grip stage   v_f = (v + h·V)/(1 + h·λ),    F = −k·v_f   (N)     (stored: v ← v_f)
//! integration  V' = V + h·a,   the body moves h·V'                 (symplectic Euler)
//! ```
//! With `Y` the body's lateral position at the contact and `P` the patch's anchor on the road
//! (the relaxation slides it by `h·λ·v_f` under the force), `v − (Y − P)` is the same after
//! every substep: the stored deflection is the body's displacement up to the substep's
//! *start*, a substep behind the pose the body ends at, and the force is the spring's at the
//! start pose (symplectic Euler for the body, the relaxation implicit). The balance of the
//! spring's energy `U = ½·k·v²` at the state's deflection and the body's (its kinetic
//! energy and the work of the other forces `G`, which sum with `F` to `M·a`) is
//!
//! ```text
//! ΔU + ΔE_body = ½·h²·(F² − G²)/M − ½·k·(v_f − v)² − h·λ·k·v_f²      (J)
//! ```
//! For a lone corner (`G = 0`) at most `½·(h·F)²/M`; where the patch holds a static load
//! (`F ≈ −G`: a braked car on a grade) the first term is `≈ h·F·(V' − V)`, first order in
//! the body's rocking times the load, of either sign. The kart nearly at rest on the ramp
//! (`tests/energy_audit/kicks.rs`: ≈ 50 N a patch, rocking a few mm/s) gains +0.7 mJ in a
//! step so. Longitudinally `u = θ·R − X − P` (`θ` the wheel's angle, turned `h·ω'` by the
//! spin the solve finds with the force): the same form, with the spin's `−½·(h·R·F)²/I`.
//!
//! *An energy-safe update* (`kart-s36`, built, measured, not kept: the cost): after the
//! integration, `v ← v_f + h·(V' − V)`, `u ← u_f − h·(V'_x − V_x)` (`ΔV` the body point's
//! velocity change at the contact). The stored deflection is then `Y' − P'`, the end pose's,
//! and the force acts at the body's predicted end `Y + h·V`; the balance becomes
//!
//! ```text
//! ΔU + ΔE_body = −½·h²·(M − k·h²)·a² − ½·k·(v_f − v)² − h·λ·k·v_f²
//! ```
//! every term ≤ 0 while `k·h² ≤ M` (the kart's front tyre, ≈ 43 kN/m on ≈ 40 kg at
//! 1/180 s: `k·h²` = 1.3 kg). In the motion it is, at rest, a damper `k·h` on the contact's
//! velocity (`ζ = ½·ω·h`: the kart's front tyre at 1/180 s 241 N·s/m, ζ ≈ 0.09, beside the
//! low-speed damper's ζ = 1); at speed the body's velocity in the slip taken at the
//! substep's end, the spin's instant; in steady motion nothing. A parked car should not
//! creep (the deflection is the body's displacement from the anchor; derived, not run). The
//! energy audit's CI tests pass with it, the kart's cell included (an audit-side prototype
//! of the same update: −0.0015 J), but the bench's sedan pays +2.8 k instructions a
//! vehicle-step (the pass ≈ 75 a wheel and substep, and the longitudinal hold's reach
//! evaluated in 31 % of the slip-ray car's wheel-substeps, none before). Reading the state's
//! deflection at the end pose instead (`v + h·V'`, an audit change) balances as symplectic
//! Euler, `½·k·(h·V')² − ½·h²·M·a² − …`, but at speed that reading is meaningless for `u`
//! (the wheel's turn and the body's travel, `h·V_x` each, a substep apart) and its lateral
//! `½·k·(h·V'_y)²` has no bound an audit could allow.
//!
//! # The hold before the force
//! [`finish`] holds a deflection against its slip within the reach *after* the substep's force,
//! and the next substep's force is formed from the deflection it starts with
//! ([`super::linearize`]: `Fy' = (Fy₀ − k_y·A_y·(v + h·V_y) − c_y·V_y)/(1 + c_y·h/m)`, N, with
//! `h` the substep (s), `V_y` the contact's lateral velocity (m/s), `k_y = K_α/σy` (N/m)). When
//! the slip reverses smoothly the deflection is held as it crosses, but a steer jump reverses
//! `V_y` within one substep: the deflection wound past the reach along the old slip (the patch
//! sliding) then lies against the new one, and the force formed from it is the sliding force
//! *along* the new slip, `F_y·V_y·h > 0` on the body (the sedan's steer reversal into the curb:
//! `v` = −0.055 m against `v_max` = 0.016 m, +67 to +85 J a substep that no spring stored).
//! Only the stored part can push back, so the same hold acts on the start deflection before
//! the force ([`hold_start`]): `v ← clamp(v, −v_max, v_max)` when `v·V_y < 0` (`v_max` =
//! [`carcass_reach_y`] at the start spin `ω`). The force is then the spring's at most the
//! reach's, `k_y·v_max = F_slide` (N), and the work it does on the body along the slip is at
//! most what the spring held, `∫₀^v_max k_y·v dv = ½·F_slide·v_max` (J, the linear tyre); a
//! deflection within the reach, or along its slip, is not touched (the same bits as without
//! the hold). Lateral only: the longitudinal `u` is held by [`finish`] against `ω'R − Vx` with
//! the end-of-step spin `ω'` the solve finds, and the start spin's slip does not say which
//! way the substep's slip goes once the wheel's spin is solved with its force.
//! Reference: Pacejka, *Tire and Vehicle Dynamics*, 3rd ed., §7.2 (the single-contact-point
//! transient model: the carcass a spring `C_Fκ/σκ` between rim and contact point).

use super::{Batch, SLOPE_PROBE, model_alpha, slip_input};
use crate::tire::interface::{ForceNeed, KeptLoad, TireModel};
use crate::tire::model::ContactInput;
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;

mod hold;
pub use hold::{HOLD_MIN_SLIP, finish, hold_start};
pub(super) use hold::{finish_kept, hold_start_kept};

/// 4-point Gauss–Legendre nodes on `[0, 1]` and their weights.
const GAUSS: [(f64, f64); 4] = [
    (
        0.5 - 0.5 * 0.861_136_311_594_052_6,
        0.5 * 0.347_854_845_137_453_9,
    ),
    (
        0.5 - 0.5 * 0.339_981_043_584_856_3,
        0.5 * 0.652_145_154_862_546_1,
    ),
    (
        0.5 + 0.5 * 0.339_981_043_584_856_3,
        0.5 * 0.652_145_154_862_546_1,
    ),
    (
        0.5 + 0.5 * 0.861_136_311_594_052_6,
        0.5 * 0.347_854_845_137_453_9,
    ),
];

/// One axis of the carcass at this load: the slip stiffness at zero slip `K` (N per unit
/// slip) and the sliding force `F_slide` (N), signed so that the spring force is `+K·slip`
/// for a small slip (`Fy` enters negated).
#[derive(Debug, Clone, Copy)]
struct Axis {
    k: f64,
    slide: f64,
}

impl Axis {
    /// The largest deflection the carcass holds, `σ·F_slide/K` (m); `∞` without stiffness.
    fn reach(self, sigma: f64) -> f64 {
        if self.k > 0.0 {
            sigma * self.slide.max(0.0) / self.k
        } else {
            f64::INFINITY
        }
    }
}

/// `K` and `F_slide` of the longitudinal (`lateral` false) or lateral axis from four model
/// evaluations at pure slip: `±`[`SLOPE_PROBE`] and `±1`, with the load terms `kept`
/// ([`TireModel::forces_at_kept`]: the same bits as without).
fn axis(
    model: &dyn TireModel,
    c: &ContactInput,
    omega: f64,
    lateral: bool,
    kept: &mut KeptLoad,
) -> Axis {
    let mut b = Batch::new(c);
    let i = if lateral {
        let mut at = |t: f64| b.push(0.0, model_alpha(c, t), ForceNeed::Lateral);
        [at(SLOPE_PROBE), at(-SLOPE_PROBE), at(1.0), at(-1.0)]
    } else {
        let a = model_alpha(c, 0.0);
        let mut at = |k: f64| b.push(k, a, ForceNeed::Longitudinal);
        [at(SLOPE_PROBE), at(-SLOPE_PROBE), at(1.0), at(-1.0)]
    };
    b.evaluate(model, &slip_input(c, omega, 0.0, 0.0), kept);
    // The spring force along +slip: Fx, or −Fy.
    let f = |j: usize| {
        let (fx, fy) = b.force(i[j]);
        if lateral { -fy } else { fx }
    };
    Axis {
        k: (f(0) - f(1)) / (2.0 * SLOPE_PROBE),
        slide: 0.5 * (f(2) - f(3)),
    }
}

/// The lateral carcass's reach (m), [`carcass_reach_y`]'s formula, with the load terms
/// `kept`.
fn reach_y(
    model: &dyn TireModel,
    c: &ContactInput,
    omega: f64,
    sy: f64,
    kept: &mut KeptLoad,
) -> f64 {
    axis(model, c, omega, true, kept).reach(sy)
}

/// The largest longitudinal deflection the carcass holds (m): the longitudinal mirror of
/// [`carcass_reach_y`], where the patch spring of the model's slip stiffness,
/// `k = K_x/σx`, carries the force of full sliding:
///
/// ```text
/// u_max = σx · F_slide,x / K_x,   K_x = ∂Fx/∂κ at 0,   F_slide,x = ½·(Fx(+1) − Fx(−1))
/// ```
/// (`Fx(κ)` the model's longitudinal force at slip `κ`, pure longitudinal slip, this load;
/// `∞` for a model with no slip stiffness).
///
/// Why: the deflection `u` integrates the slip velocity `ωR − Vx` while the patch slides, so
/// a wheel spun or locked at low speed leaves it far past the sliding limit
/// (`σx·|ωR − Vx|/|Vx|`). Issue 12's 50 m cliff at 1/60 s: after the hatch's landing its rear
/// tyres held `u` = 0.46 m (`κ'` = 4.6 at σx = 0.1 m) while the patch slid the other way
/// (slip velocity −1.28 m/s); the lagging deflection pushed forward at +314 N, along the
/// slide, and the body and the wheels' spin both gained (+2.3 J per wheel and 1/180 s
/// substep). A real carcass holds only `F/k`; the rest is the patch sliding, which stores
/// nothing. So a deflection against its slip velocity is held within `u_max`
/// ([`super::finish`]): that only lowers `|u|`, so the patch spring's energy ([`patch_energy`])
/// only falls; a deflection along the slip (building up, steady driving, braking, a locked
/// wheel) is left alone, so the steady-state model is unchanged (Pacejka, *Tire and Vehicle
/// Dynamics*, 3rd ed., §7.2.2: the non-linear model's relaxation length `σ = C_Fκ/C_Fx`
/// shrinks with the slope of the force, so a saturated patch follows the slip at once).
pub fn carcass_reach_x(model: &dyn TireModel, c: &ContactInput, omega: f64, sx: f64) -> f64 {
    axis(model, c, omega, false, &mut KeptLoad::default()).reach(sx)
}

/// The energy the tyre's patch springs hold (J): `Ux + Uy` of the module docs, the model's
/// pure-slip spring force integrated over the carcass deflections `u`, `v` of `s`, each
/// within its reach ([`carcass_reach_x`], [`carcass_reach_y`]); beyond the reach the
/// patch slides and stores nothing more. 0 without load (no patch). For a tyre linear to its
/// limit `½·(K_x/σx)·min(|u|, u_max)² + ½·(K_α/σy)·min(|v|, v_max)²`.
pub fn patch_energy(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
) -> f64 {
    if c.load <= 0.0 {
        return 0.0;
    }
    let (sx, sy) = (
        r.longitudinal_length * c.relaxation_scale,
        r.lateral_length * c.relaxation_scale,
    );
    let mut e = 0.0;
    for (lateral, d, sigma) in [(false, s.transient.u, sx), (true, s.transient.v, sy)] {
        if d == 0.0 {
            continue;
        }
        let reach = axis(model, c, s.omega, lateral, &mut KeptLoad::default()).reach(sigma);
        let slip = d.clamp(-reach, reach) / sigma;
        let mut b = Batch::new(c);
        let a0 = model_alpha(c, 0.0);
        let mut at = |x: f64| {
            if lateral {
                b.push(0.0, model_alpha(c, x), ForceNeed::Lateral)
            } else {
                b.push(x, a0, ForceNeed::Longitudinal)
            }
        };
        let zero = at(0.0);
        let nodes = GAUSS.map(|(x, _)| at(x * slip));
        b.evaluate(
            model,
            &slip_input(c, s.omega, 0.0, 0.0),
            &mut KeptLoad::default(),
        );
        let f = |j: usize| {
            let (fx, fy) = b.force(j);
            if lateral { -fy } else { fx }
        };
        let integral: f64 = nodes
            .iter()
            .zip(GAUSS)
            .map(|(&j, (_, w))| w * (f(j) - f(zero)))
            .sum();
        e += sigma * slip * integral;
    }
    e
}

/// The largest lateral deflection the carcass holds (m): where the patch spring of the
/// model's cornering stiffness, `k = K_α/σy`, carries the force of full sliding:
///
/// ```text
/// v_max = σy · F_slide / K_α,   K_α = −∂Fy/∂tan α at 0,   F_slide = ½·(Fy(−1) − Fy(+1))
/// ```
/// (`Fy(t)` the model's lateral force at `tan α = t`, pure lateral slip, this load; `∞` for a
/// model with no cornering stiffness).
///
/// Why: the transient model's deflection `v` integrates the lateral slip velocity while the
/// patch slides, so after a slide at low speed it can reach metres (`σy·Vy/|Vx|`: the kart
/// spun off its curb strike with `v` ≈ 1 m at σy = 0.3 m, `tan α'` ≈ 3.5). A real carcass
/// holds only `F/C`; the rest is the patch sliding, which stores nothing. Once the slip
/// reverses (`v·Vy < 0`) the model's force pointed along the slip at full sliding until `v`
/// had unwound through zero: it pushed the body the way it slid, with energy no force had
/// put in (the kart's curb strike at 1/120 s: +5.2 J per step for 0.2 s, the body speeding
/// up from 0.23 to 0.90 m/s; issue 12's energy audit). So a deflection against the slip is
/// held within `v_max` ([`finish`]): that only lowers `|v|`, so the patch spring's energy
/// `∫Fy dv` only falls (the step is dissipative); a deflection along the slip (building up,
/// or steady sliding) is left alone, so the steady-state model is unchanged (Pacejka,
/// *Tire and Vehicle Dynamics*, 3rd ed., §7.2.2: the nonlinear model's relaxation length
/// `σ = C_Fα/C_Fy` shrinks with the slope of the force, so a saturated patch follows the
/// slip at once).
pub fn carcass_reach_y(model: &dyn TireModel, c: &ContactInput, omega: f64, sy: f64) -> f64 {
    reach_y(model, c, omega, sy, &mut KeptLoad::default())
}

/// `a.rem_euclid(2π)`, bit for bit, without the `fmod` call for an angle already in
/// `[0, 2π)` (then `fmod` returns it unchanged, `−0` included, and `rem_euclid` adds
/// nothing): a wheel turns by less than a revolution a substep.
#[inline]
pub(super) fn wrap_angle(a: f64) -> f64 {
    use std::f64::consts::TAU;
    if (0.0..TAU).contains(&a) {
        a
    } else {
        a.rem_euclid(TAU)
    }
}

#[cfg(test)]
mod tests;
