//! The carcass's patch springs: how far each reaches before the patch slides
//! ([`carcass_reach_x`], [`carcass_reach_y`]), the end-of-step deflections advanced and held
//! within that reach ([`finish`]), and the energy they hold ([`patch_energy`]).
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
mod tests {
    use super::*;
    use crate::tire::params::{TireModelKind, TireParams};
    use crate::tire::simple_magic::SimpleMagicParams;

    const FZ: f64 = 4000.0;

    fn input() -> ContactInput {
        ContactInput {
            load: FZ,
            vx: 10.0,
            rest_load: FZ,
            ..ContactInput::new(0.3, 1.0, 9.81)
        }
    }

    fn deflected(u: f64, v: f64) -> TireState {
        let mut s = TireState {
            omega: 10.0 / 0.3,
            ..Default::default()
        };
        (s.transient.u, s.transient.v) = (u, v);
        s
    }

    #[test]
    fn a_linear_tyre_stores_half_k_d_squared_within_its_reach() {
        // The default friction-circle tyre at 4 kN: Fx = 18·F_z·κ, Fy = −17·F_z·tan α, |F| ≤
        // μ·F_z = 4000 N; σx = 0.1 m, σy = 0.3 m. k_x = 18·4000/0.1 = 720 000 N/m,
        // k_y = 17·4000/0.3 = 226 666.7 N/m; reaches u_max = 0.1/18 = 5.556 mm,
        // v_max = 0.3/17 = 17.65 mm. u = 4 mm, v = −10 mm: ½·720 000·0.004² = 5.76 J and
        // ½·226 666.7·0.01² = 11.333 J, 17.093 J in all.
        let p = TireParams::default();
        let (m, c) = (p.model.as_model(), input());
        let e = patch_energy(m, &p.relaxation, &c, &deflected(0.004, -0.01));
        assert!((e - (5.76 + 11.333_333)).abs() < 1e-5, "{e} J");
        assert!((carcass_reach_x(m, &c, 10.0 / 0.3, 0.1) - 0.1 / 18.0).abs() < 1e-12);
        // Far beyond the reach (the hatch's 0.46 m after the cliff): the spring at the reach,
        // ½·F_slide·u_max = ½·4000·0.1/18 = 11.111 J, the same for either sign; v at its reach
        // 0.3/17: ½·4000·0.3/17 = 35.294 J.
        let e = patch_energy(m, &p.relaxation, &c, &deflected(0.46, 0.0));
        assert!((e - 4000.0 * 0.05 / 18.0).abs() < 1e-6, "{e} J");
        let e = patch_energy(m, &p.relaxation, &c, &deflected(-0.46, 2.0));
        assert!(
            (e - 4000.0 * (0.05 / 18.0 + 0.15 / 17.0)).abs() < 1e-6,
            "{e} J"
        );
        // No load, no patch.
        let unloaded = ContactInput { load: 0.0, ..c };
        assert_eq!(
            patch_energy(m, &p.relaxation, &unloaded, &deflected(0.004, 0.01)),
            0.0
        );
    }

    #[test]
    fn a_curved_tyre_stores_the_integral_of_its_force() {
        // The simplified Magic Formula bends over before its limit: its energy is the
        // integral of the spring force, σ·∫(F(κ) − F(0)) dκ up to the reach, here checked
        // against a 20 000-interval midpoint sum of the model's own force at 80 % of the reach
        // (3.204 J; the two agree within 3e-8 J), and it lies between the secant triangle
        // ½·F(u)·u and the zero-slope spring's ½·(K/σ)·u².
        let p = TireParams {
            model: TireModelKind::SimpleMagic(SimpleMagicParams::default()),
            ..TireParams::default()
        };
        let (m, c) = (p.model.as_model(), input());
        let omega = 10.0 / 0.3;
        let sx = p.relaxation.longitudinal_length;
        let reach = carcass_reach_x(m, &c, omega, sx);
        let u = 0.8 * reach;
        let fx = |k: f64| super::super::eval(m, &c, omega, k, model_alpha(&c, 0.0)).fx;
        let n = 20_000;
        let h = u / sx / n as f64;
        let midpoint: f64 = (0..n)
            .map(|i| (fx((i as f64 + 0.5) * h) - fx(0.0)) * h)
            .sum::<f64>()
            * sx;
        let e = patch_energy(m, &p.relaxation, &c, &deflected(u, 0.0));
        assert!((e - midpoint).abs() < 1e-6, "{e} J, midpoint {midpoint} J");
        let k0 = (fx(SLOPE_PROBE) - fx(-SLOPE_PROBE)) / (2.0 * SLOPE_PROBE) / sx;
        assert!(e < 0.5 * k0 * u * u && e > 0.5 * (fx(u / sx) - fx(0.0)) * u);
    }

    #[test]
    fn a_deflection_past_the_reach_turned_against_the_slip_pushes_back_no_more_than_the_reach() {
        // The sedan's steer jump in small: the default friction-circle tyre at 4 kN
        // (k_y = 17·4000/0.3 = 226 666.7 N/m, reach v_max = 0.3/17 = 17.647 mm, the force
        // there k_y·v_max = 4000 N = μ·F_z), rolling free at Vx = 11 m/s, its lateral slip
        // just reversed to Vy = +3 m/s with v = −55 mm left from the slide the other way;
        // h = 1/120 s, no low-speed damper (11 m/s), A_y = 1/(1 + h·Vx/σy) = 1/1.305 556
        // = 0.765 957. Without the hold the force is formed from the whole deflection: the
        // secant at tan α₀ = v/σy = −0.183 33 is μ·F_z/|tan α₀| = 21 818 N (the circle caps
        // the model's force at 4000 N), k = 21 818/0.3 = 72 727 N/m, and
        // −k·A_y·(v + h·Vy) = −72 727·0.765 957·(−0.055 + 0.025) = +1671.2 N, along the slip
        // (+1671.2·3/120 = +41.8 J on the body in the substep, from no stored energy). Held
        // first to −17.647 mm (tan α₀ = −1/17, the secant the full 68 000 N):
        // −226 666.7·0.765 957·(−0.017 647 + 0.025) = −1276.6 N, against the slip, below the
        // reach's 4000 N.
        let p = TireParams::default();
        let (m, r) = (p.model.as_model(), &p.relaxation);
        let c = ContactInput {
            vx: 11.0,
            vy: 3.0,
            ..input()
        };
        let (h, k, a) = (
            1.0 / 120.0,
            17.0 * FZ / 0.3,
            1.0 / (1.0 + 11.0 / 120.0 / 0.3),
        );
        let mut s = deflected(0.0, -0.055);
        s.omega = 11.0 / 0.3;
        let unheld = super::super::linearize(m, r, &c, &s, h);
        assert!((unheld.fy - 1671.2).abs() < 0.1, "{} N", unheld.fy);
        let secant = FZ / (0.055 / 0.3) / 0.3;
        assert!((unheld.fy + secant * a * (-0.055 + 3.0 * h)).abs() < 1e-6);
        let mut held = s;
        hold_start(m, r, &c, &mut held);
        assert!(
            (held.transient.v + 0.3 / 17.0).abs() < 1e-12,
            "{}",
            held.transient.v
        );
        let f = super::super::solve(m, &p, &c, &mut s, h);
        assert!((f.fy + 1276.6).abs() < 0.1, "{} N", f.fy);
        assert!((f.fy + k * a * (-0.3 / 17.0 + 3.0 * h)).abs() < 1e-6);
        assert!(f.fy * c.vy < 0.0 && f.fy.abs() <= k * 0.3 / 17.0);
    }

    #[test]
    fn a_deflection_within_the_reach_or_along_the_slip_is_not_held() {
        // Seeded random tyres (friction circle, simplified MF), loads, speeds and deflections
        // within 99.9 % of the reach against the slip or of any size along it: the start hold
        // leaves the state's bits as they are, so the step is the one before the hold.
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || crate::test_rng::xorshift_unit(&mut x);
        let models = [
            TireParams::default(),
            TireParams {
                model: TireModelKind::SimpleMagic(SimpleMagicParams::default()),
                ..TireParams::default()
            },
        ];
        let mut within = 0;
        for i in 0..4000 {
            let p = &models[i % 2];
            let (m, r) = (p.model.as_model(), &p.relaxation);
            let c = ContactInput {
                load: 500.0 + 8000.0 * next(),
                vx: 30.0 * (next() - 0.3),
                vy: 6.0 * (next() - 0.5),
                ..input()
            };
            let reach = carcass_reach_y(m, &c, 10.0 / 0.3, r.lateral_length);
            let v = if i % 3 == 0 {
                // Along the slip, up to ten reaches.
                10.0 * reach * next() * c.vy.signum()
            } else {
                within += 1;
                -0.999 * reach * next() * c.vy.signum()
            };
            let s = deflected(0.01 * (next() - 0.5), v);
            let mut t = s;
            hold_start(m, r, &c, &mut t);
            assert_eq!(t.transient.v.to_bits(), s.transient.v.to_bits(), "case {i}");
            assert_eq!(t, s, "case {i}");
        }
        assert!(within > 2000);
    }

    #[test]
    fn wrap_angle_is_rem_euclid_bit_for_bit() {
        // Seeded angles over many magnitudes, both signs, and the edges of [0, 2π).
        use std::f64::consts::TAU;
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || crate::test_rng::xorshift_unit(&mut x);
        let edges = [
            0.0,
            -0.0,
            TAU,
            -TAU,
            TAU.next_down(),
            TAU.next_up(),
            1e-320,
            -1e-320,
        ];
        let mut cases: Vec<f64> = edges.into();
        cases.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e300]);
        for _ in 0..20_000 {
            let scale = 10f64.powf(12.0 * next() - 4.0);
            cases.push((2.0 * next() - 1.0) * scale);
        }
        for a in cases {
            let (got, want) = (wrap_angle(a), a.rem_euclid(TAU));
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{a}"
            );
        }
    }
}
