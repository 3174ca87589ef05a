//! The unit-weight batch and Mz against the general path, bit for bit: the same load
//! terms with the flag cleared take the general chunk and `fy_alpha`/`fy_combined`.

use super::*;
use crate::test_rng::{uniform, unit};
use crate::tire::interface::ForceNeed;
use crate::tire::mf::MfInput;
use crate::tire::mf::test_files::{mf_185_80r14, sedan};

/// The sedan's file, and the 185/80R14 MF 6.1 file without its combined-slip shapes (its
/// other combined-slip coefficients kept: Byκ, SVyκ and the shifts are not zeros there).
fn tires() -> Vec<MfTire> {
    let mut mf61 = mf_185_80r14();
    assert!(mf61.coefficients.set("RCX1", 0.0));
    assert!(mf61.coefficients.set("RCY1", 0.0));
    vec![sedan(), mf61]
}

/// A magnitude spread over 600 orders, either sign, or an edge value.
fn wild(rng: &mut u64) -> f64 {
    let edges = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        1e100,
        -1e100,
        1e101,
        f64::INFINITY,
        f64::NAN,
    ];
    if unit(rng) < 0.2 {
        return edges[(unit(rng) * edges.len() as f64) as usize];
    }
    let m = 10f64.powf(uniform(rng, -300.0, 300.0));
    if unit(rng) < 0.5 { -m } else { m }
}

/// A slip: mostly within and past the ranges, sometimes ±0, huge, ±∞ or NaN.
fn slip(rng: &mut u64) -> f64 {
    let u = unit(rng);
    if u < 0.1 {
        wild(rng)
    } else if u < 0.15 {
        0.0
    } else {
        uniform(rng, -2.0, 2.0)
    }
}

#[test]
fn the_sedans_file_has_unit_weights_and_others_not() {
    let common = MfInput {
        fz: 4000.0,
        vx: 20.0,
        ..MfInput::default()
    };
    let weights = |t: &MfTire| t.load_terms(&common).unwrap().unit_weights;
    assert!(weights(&sedan()));
    for (key, value) in [
        ("RCX1", 1.0),
        ("RCY1", 1.0),
        ("RBX1", 1e101),
        ("RBY3", f64::NAN),
        ("LYKA", -1e101),
        ("ALPMAX", 1e101),
        ("REX1", f64::NEG_INFINITY),
    ] {
        let mut t = sedan();
        assert!(t.coefficients.set(key, value));
        assert!(!weights(&t), "{key} = {value}");
    }
    for options in [
        crate::tire::mf::MfOptions {
            limits: true,
            alpha_star: true,
        },
        crate::tire::mf::MfOptions {
            limits: false,
            alpha_star: false,
        },
    ] {
        let t = sedan().with_options(options);
        let (lx, lk) = t.load_terms(&common).map(|l| (l.lx, l.lk)).expect("a load");
        assert!(!t.unit_weights(&lx, &lk), "{options:?}");
    }
}

/// 60 000 seeded cases per tyre: the combined-slip and range coefficients reshaped (from
/// 10⁻³⁰⁰ to 10³⁰⁰, ±0, ±1, ∞, NaN), loads, cambers and speeds; where the load has unit
/// weights, the batch of eight points (slips within and past the ranges, ±0, ∞, NaN,
/// repeated κ and α) and the kept Mz equal the general path's bits.
#[test]
fn unit_weights_give_the_general_paths_bits() {
    let keys = [
        "RBX1", "RBX2", "RBX3", "LXAL", "RHX1", "REX1", "REX2", "RBY1", "RBY2", "RBY3", "RBY4",
        "LYKA", "RHY1", "RHY2", "REY1", "REY2", "RVY1", "RVY2", "RVY3", "RVY4", "RVY5", "RVY6",
        "LVYKA", "SSZ1", "SSZ2",
    ];
    let needs = [ForceNeed::Both, ForceNeed::Longitudinal, ForceNeed::Lateral];
    let mut rng = 0x0517_a11e_u64;
    let (mut unit_loads, mut points_checked) = (0, 0);
    for base in tires() {
        for i in 0..60_000 {
            let mut t = base.clone();
            for _ in 0..(unit(&mut rng) * 4.0) as usize {
                let key = keys[(unit(&mut rng) * keys.len() as f64) as usize];
                let v = if unit(&mut rng) < 0.5 {
                    wild(&mut rng)
                } else {
                    uniform(&mut rng, -3.0, 3.0)
                };
                assert!(t.coefficients.set(key, v));
            }
            if i % 7 == 0 {
                let k = 10f64.powf(uniform(&mut rng, -1.0, 101.0));
                assert!(t.coefficients.set("KPUMIN", -k));
                assert!(t.coefficients.set("ALPMAX", k));
            }
            let common = MfInput {
                fz: uniform(&mut rng, -100.0, 12_000.0),
                gamma: uniform(&mut rng, -0.3, 0.3),
                vx: if i % 4 == 0 {
                    uniform(&mut rng, -1.5, 1.5)
                } else {
                    uniform(&mut rng, -40.0, 40.0)
                },
                ..MfInput::default()
            };
            if !t.shares_load_terms(&common) {
                continue;
            }
            let Some(load) = t.load_terms(&common) else {
                continue;
            };
            if !load.unit_weights {
                continue;
            }
            unit_loads += 1;
            let general = MfLoad {
                unit_weights: false,
                ..load
            };
            let mut points = ArrayVec::<SlipPoint, 8>::new();
            for j in 0..8 {
                let (kappa, alpha) = match j {
                    // Repeats of an earlier κ or α, as the contact solve's points share them.
                    3 => (points[0].kappa, slip(&mut rng)),
                    5 => (slip(&mut rng), points[1].alpha),
                    _ => (slip(&mut rng), slip(&mut rng)),
                };
                let need = needs[(unit(&mut rng) * 3.0) as usize];
                points.push(SlipPoint { kappa, alpha, need });
            }
            let scale = if i % 3 == 0 { 1.3 } else { 1.0 };
            let (mut got, mut want) = ([(0.0, 0.0); 8], [(0.0, 0.0); 8]);
            t.forces_batch_with(Some(&load), scale, &points, &mut got);
            t.forces_batch_with(Some(&general), scale, &points, &mut want);
            for (p, (g, w)) in points.iter().zip(got.iter().zip(&want)) {
                assert_eq!(
                    (g.0.to_bits(), g.1.to_bits()),
                    (w.0.to_bits(), w.1.to_bits()),
                    "{p:?} {common:?} {:?}",
                    t.coefficients
                );
                points_checked += 1;
            }
            for p in &points {
                let input = MfInput {
                    kappa: p.kappa,
                    alpha: p.alpha,
                    ..common
                };
                let (g, w) = (
                    t.mz_with(&Some(load), input, None),
                    t.mz_with(&Some(general), input, None),
                );
                assert_eq!(g.to_bits(), w.to_bits(), "{input:?}");
            }
        }
    }
    assert!(unit_loads > 20_000, "{unit_loads}");
    assert!(points_checked > 160_000, "{points_checked}");
}
