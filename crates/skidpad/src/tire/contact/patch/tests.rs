//! The patch springs' tests: their energy, reach and holds, worked out by hand.

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

#[test]
fn the_patch_and_the_body_balance_per_substep_as_the_module_docs_derive() {
    // The module docs' balance on one contact: a 40 kg corner on the lateral patch spring
    // k = 43.4 kN/m (the kart's front tyre), λ = 0.5 /s, a constant 50 N from the other forces
    // (the grade), h = 1/180 s, starting 10 % off the spring's equilibrium −G/k and rocking
    // at 3 mm/s. Each substep: the grip stage's `relax` and force, then symplectic Euler.
    // Energy: ½·M·V² − G·Y + ½·k·v² at the stored v. As shipped (the stored v = v_f) every
    // substep's ΔE is ½·h²·(F² − G²)/M − ½·k·(v_f − v)² − h·λ·k·v_f², and it rises by up to
    // 5.5 mJ here; with the docs' follow-up v = v_f + h·(V' − V) it is
    // −½·h²·(M − k·h²)·a² − ½·k·(v_f − v)² − h·λ·k·v_f² (≤ 0: k·h² = 1.34 kg < 40 kg).
    use crate::tire::transient::relax;
    let (m, k, lam, g, h) = (40.0, 43_400.0, 0.5, 50.0, 1.0 / 180.0);
    let sigma = 0.3;
    let vx = lam * sigma;
    let run = |follow: bool| {
        let (mut v, mut vel, mut y, mut worst) = (-0.9 * g / k, 0.003, 0.0, f64::NEG_INFINITY);
        for _ in 0..40 {
            let e0 = 0.5 * m * vel * vel - g * y + 0.5 * k * v * v;
            let v0 = v;
            let vf = relax(v, vel, vx, sigma, h);
            let f = -k * vf;
            let a = (f + g) / m;
            let vel1 = vel + h * a;
            y += h * vel1;
            v = if follow { vf + h * (vel1 - vel) } else { vf };
            vel = vel1;
            let de = 0.5 * m * vel * vel - g * y + 0.5 * k * v * v - e0;
            let loss = 0.5 * k * (vf - v0).powi(2) + h * lam * k * vf * vf;
            let by_hand = if follow {
                -0.5 * h * h * (m - k * h * h) * a * a - loss
            } else {
                0.5 * h * h * (f * f - g * g) / m - loss
            };
            assert!((de - by_hand).abs() < 1e-12, "{de} J against {by_hand} J");
            worst = worst.max(de);
        }
        worst
    };
    let (shipped, followed) = (run(false), run(true));
    assert!(shipped > 5e-3, "{shipped} J");
    assert!(followed < 0.0, "{followed} J");
}
