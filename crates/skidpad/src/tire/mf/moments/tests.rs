//! The aligning moment from kept load terms without Fx where its term is a zero
//! ([`MfTire::mz_kept`]): the sum's shortcut on every special value, the finiteness premise
//! on reshaped coefficients, and the kept Mz against the plain one bit for bit.

use super::*;
use crate::test_rng::{uniform, unit};
use crate::tire::mf::MfInput;
use crate::tire::mf::test_files::{hmmwv, mf_185_80r14, sedan};

/// The three files of `tests/data`, and the sedan's with an Fx moment arm (SSZ1–4).
fn tires() -> Vec<MfTire> {
    let sedan = sedan();
    let mut arm = sedan.clone();
    for (key, value) in [
        ("SSZ1", 0.02),
        ("SSZ2", -0.01),
        ("SSZ3", 0.1),
        ("SSZ4", 0.0),
    ] {
        assert!(arm.coefficients.set(key, value));
    }
    vec![sedan, arm, hmmwv(), mf_185_80r14()]
}

/// `plus_zero_product` is `rest + s·fx` bit for bit wherever `fx` is finite, for zeros of
/// both signs, subnormals, huge values, infinities and NaN in `rest` and `s`.
#[test]
fn plus_zero_product_is_the_sums_bits() {
    let values = [
        0.0,
        -0.0,
        5e-324,
        -5e-324,
        1e-300,
        -2.5,
        3.0,
        1e300,
        -1e300,
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    let mut checked = 0;
    for &rest in &values {
        for &s in &values {
            for &fx in &finite {
                let sum = rest + s * fx;
                let got = plus_zero_product(rest, s, true, || fx);
                assert_eq!(got.to_bits(), sum.to_bits(), "{rest} {s} {fx}");
                checked += 1;
            }
            for &fx in &values {
                let sum = rest + s * fx;
                let got = plus_zero_product(rest, s, false, || fx);
                assert_eq!(got.to_bits(), sum.to_bits(), "{rest} {s} {fx}");
            }
        }
    }
    assert!(checked > 1500);
}

/// A magnitude spread over 600 orders, either sign, or one of the edge values.
fn wild(rng: &mut u64) -> f64 {
    let edges = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        1e50,
        1e100,
        1e300,
        f64::INFINITY,
        f64::NAN,
    ];
    if unit(rng) < 0.15 {
        return edges[(unit(rng) * edges.len() as f64) as usize];
    }
    let m = 10f64.powf(uniform(rng, -300.0, 300.0));
    if unit(rng) < 0.5 { -m } else { m }
}

/// Wherever `fx_surely_finite` holds, or `fx0_surely_finite` on a load with unit weights,
/// Fx at that κ and α* is finite: 200 000 seeded cases
/// of the files' coefficients with Fx's shape, weight and shift coefficients replaced by
/// values from 10⁻³⁰⁰ to 10³⁰⁰ (and ±0, ±1, ∞, NaN), loads, cambers, slips and speeds.
#[test]
fn fx_surely_finite_holds_what_it_says() {
    let keys = [
        "PCX1", "PDX1", "PDX2", "PKX1", "PKX3", "PEX1", "PEX3", "PEX4", "PHX1", "PVX1", "LCX",
        "LMUX", "LKX", "LEX", "LHX", "LVX", "RCX1", "RBX1", "RBX2", "RBX3", "REX1", "REX2", "RHX1",
        "LXAL",
    ];
    let mut rng = 0x5eed_4d7a_u64;
    let (mut premised, mut unit_premised, mut total) = (0, 0, 0);
    for base in tires() {
        for _ in 0..50_000 {
            let mut t = base.clone();
            for _ in 0..1 + (unit(&mut rng) * 4.0) as usize {
                let key = keys[(unit(&mut rng) * keys.len() as f64) as usize];
                assert!(t.coefficients.set(key, wild(&mut rng)));
            }
            let common = MfInput {
                fz: uniform(&mut rng, 10.0, 12_000.0),
                gamma: uniform(&mut rng, -0.3, 0.3),
                vx: uniform(&mut rng, -40.0, 40.0),
                ..MfInput::default()
            };
            if !t.shares_load_terms(&common) {
                continue;
            }
            let Some(load) = t.load_terms(&common) else {
                continue;
            };
            let mut flag = false;
            let kappa = t.limited_kappa(&load.cm, uniform(&mut rng, -2.0, 2.0), &mut flag);
            let alpha = t.limited_alpha(&load.cm, uniform(&mut rng, -2.0, 2.0), &mut flag);
            let op = Op {
                alpha_s: t.alpha_star(alpha, load.cm.vx),
                kappa,
                ..load.op
            };
            total += 1;
            let on_unit = load.unit_weights && t.fx0_surely_finite(&op, &load.lx);
            unit_premised += usize::from(on_unit);
            if t.fx_surely_finite(&op, &load.lx) || on_unit {
                premised += 1;
                let fx =
                    MfTire::fx_combined(&load.lx, &t.fx_kappa(&op, &load.lx, kappa), op.alpha_s);
                assert!(
                    fx.is_finite(),
                    "{fx} at κ {kappa}, α* {}: {:?}",
                    op.alpha_s,
                    load.lx
                );
            }
        }
    }
    assert!(
        premised > 20_000 && premised < total,
        "{premised} of {total}"
    );
    // The unit-weight premise (`fx0_surely_finite` on a load with unit weights) is asked
    // often enough to mean something.
    assert!(unit_premised > 10_000, "{unit_premised} of {total}");
}

/// The kept Mz ([`MfTire::mz_with`], through `mz_kept`) is [`MfTire::mz`]'s, bit for bit, on
/// 40 000 seeded inputs per tyre: loads from 0 to past FZMAX, slips past the ranges, camber,
/// speeds through 0 and below VXLOW (where the low-speed reduction makes `t` and `Mzr`
/// zeros of either sign), ±0 slips.
#[test]
fn kept_mz_is_the_plain_mzs_bits() {
    let mut rng = 0x00a1_1c0d_u64;
    let mut zero_arm = 0;
    for t in tires() {
        for i in 0..40_000 {
            let pick = |rng: &mut u64, lo: f64, hi: f64, zero: f64| {
                let u = unit(rng);
                if u < 0.05 {
                    zero
                } else if u < 0.1 {
                    -zero
                } else {
                    uniform(rng, lo, hi)
                }
            };
            let input = MfInput {
                fz: pick(&mut rng, -100.0, 12_000.0, 0.0),
                kappa: pick(&mut rng, -2.0, 2.0, 0.0),
                alpha: pick(&mut rng, -1.8, 1.8, 0.0),
                gamma: pick(&mut rng, -0.3, 0.3, 0.0),
                vx: if i % 4 == 0 {
                    pick(&mut rng, -1.5, 1.5, 0.0)
                } else {
                    pick(&mut rng, -40.0, 40.0, 0.0)
                },
                pressure: None,
            };
            if !t.shares_load_terms(&input) {
                continue;
            }
            let load = t.load_terms(&input);
            let kept = t.mz_with(&load, input, None);
            assert_eq!(kept.to_bits(), t.mz(input).to_bits(), "{input:?}");
            zero_arm += usize::from(t.coefficients.ssz1 == 0.0 && kept == 0.0);
        }
    }
    assert!(zero_arm > 100, "{zero_arm}");
}

/// `cos_atan(x) = 1/√(1 + x²)` is `cos(atan x)` (glibc's, correctly rounded, composed):
/// within 4·10⁻¹⁶ absolute (a few ulp of the cosine's scale 1) on 200 000 seeded points
/// over |x| ≤ 10 and over every magnitude up to 10³⁰⁰, exactly 1 at ±0, NaN for NaN.
#[test]
fn cos_of_atan_in_closed_form() {
    let mut rng = 0xc05a_7a11_u64;
    let mut worst: f64 = 0.0;
    for i in 0..200_000 {
        let x = if i % 2 == 0 {
            uniform(&mut rng, -10.0, 10.0)
        } else {
            let m = 10f64.powf(uniform(&mut rng, -300.0, 300.0));
            if unit(&mut rng) < 0.5 { -m } else { m }
        };
        let (got, want) = (cos_atan(x), x.atan().cos());
        assert!(got > 0.0 || x.abs() > 1e154, "{x:e}: {got:e}");
        worst = worst.max((got - want).abs());
    }
    assert!(worst <= 4e-16, "{worst:e}");
    assert_eq!(cos_atan(0.0), 1.0);
    assert_eq!(cos_atan(-0.0), 1.0);
    assert!(cos_atan(f64::NAN).is_nan());
    // 3-4-5: cos(atan(3/4)) = 4/5.
    assert!((cos_atan(0.75) - 0.8).abs() <= 1.2e-16);
}

/// Dr's `cos α*` from the slip speed ([`MfTire::cos_alpha`]) is `cos α` within
/// 4·10⁻¹⁶ absolute for |α| ≤ π/2 at speeds from 10⁻³ to 10³ m/s either way (with `Vsy`
/// and `Vc` as the operating point builds them); beyond π/2 (ALPMAX = 1.5708 rad is past
/// it), at `Vx = 0` and with α* = tan α it is `cos α*` itself.
#[test]
fn cos_alpha_from_the_slip_speed() {
    let t = sedan();
    let mut rng = 0xd2_c05a_u64;
    let mut worst: f64 = 0.0;
    for _ in 0..100_000 {
        let alpha = uniform(&mut rng, -FRAC_PI_2, FRAC_PI_2);
        let vx = 10f64.powf(uniform(&mut rng, -3.0, 3.0))
            * if unit(&mut rng) < 0.5 { -1.0 } else { 1.0 };
        let vsy = tan(alpha) * vx.abs();
        let vc = norm(vx, vsy);
        worst = worst.max((t.cos_alpha(alpha, vx, vc) - alpha.cos()).abs());
    }
    assert!(worst <= 4e-16, "{worst:e}");
    // The file's ALPMAX, 1.5708 rad, is past π/2.
    let alpmax = t.coefficients.alpmax;
    assert!(alpmax > FRAC_PI_2);
    for alpha in [alpmax, -alpmax, FRAC_PI_2.next_up(), 3.0] {
        let vsy = tan(alpha) * 10.0;
        let got = t.cos_alpha(alpha, 10.0, norm(10.0, vsy));
        assert_eq!(got.to_bits(), cos(alpha).to_bits(), "{alpha}");
    }
    assert!(t.cos_alpha(alpmax, 10.0, norm(10.0, tan(alpmax) * 10.0)) < 0.0);
    assert_eq!(t.cos_alpha(0.3, 0.0, 0.0).to_bits(), cos(0.3).to_bits());
    let star = t.clone().with_options(crate::tire::mf::MfOptions {
        alpha_star: true,
        ..Default::default()
    });
    let a = tan(0.3);
    let vc = norm(10.0, a * 10.0);
    assert_eq!(star.cos_alpha(a, 10.0, vc).to_bits(), cos(a).to_bits());
}

/// The kept Mz given `tan α` ([`MfTire::mz_with`] with `Some(tan_alpha)`, `α = atan(tan_alpha)`,
/// as the contact solve records it) is the plain Mz within round-off: 10⁻⁹ N·m + 10⁻¹²
/// relative (|Mz| up to ≈ 10² N·m here; `tan(atan t)` and `t` differ by an ulp or two, moving
/// the slip speed's cos α′ and Dr's cos α by as much); and the plain Mz's bits where the
/// limits clamp α (the sedan's file with ALPMIN/ALPMAX at ∓0.3 rad: `tan α` is taken of the
/// clamped angle).
#[test]
fn kept_mz_given_tan_alpha_is_the_plain_mz_within_round_off() {
    let mut rng = 0x7a4_a1fa_u64;
    let (mut given, mut clamped) = (0, 0);
    // The files' slip range ±1.5708 rad holds every `atan`; a narrower one clamps.
    let mut narrow = sedan();
    assert!(narrow.coefficients.set("ALPMIN", -0.3) && narrow.coefficients.set("ALPMAX", 0.3));
    for t in tires().into_iter().chain([narrow]) {
        for _ in 0..20_000 {
            let tan_alpha = if unit(&mut rng) < 0.1 {
                uniform(&mut rng, -1e6, 1e6)
            } else {
                uniform(&mut rng, -2.0, 2.0)
            };
            let input = MfInput {
                fz: uniform(&mut rng, 100.0, 12_000.0),
                kappa: uniform(&mut rng, -0.5, 0.5),
                alpha: atan(tan_alpha),
                gamma: uniform(&mut rng, -0.1, 0.1),
                vx: uniform(&mut rng, 1.0, 40.0),
                pressure: None,
            };
            if !t.shares_load_terms(&input) {
                continue;
            }
            let load = t.load_terms(&input);
            let plain = t.mz(input);
            let with_tan = t.mz_with(&load, input, Some(tan_alpha));
            let mut flag = false;
            let alpha = t.limited_alpha(&load.as_ref().unwrap().cm, input.alpha, &mut flag);
            if alpha.to_bits() != input.alpha.to_bits() {
                assert_eq!(with_tan.to_bits(), plain.to_bits(), "{input:?}");
                clamped += 1;
            } else {
                let tol = 1e-9 + 1e-12 * plain.abs();
                assert!(
                    (with_tan - plain).abs() <= tol,
                    "{input:?}: {with_tan} vs {plain}"
                );
                given += 1;
            }
        }
    }
    assert!(given > 50_000 && clamped > 100, "{given} {clamped}");
}
