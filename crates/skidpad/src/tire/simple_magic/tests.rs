//! Tests of the simplified Magic Formula: hand-worked curve values, the peak-root cache,
//! signed zeros, validation.

use super::curve::peak_root;
use super::*;

#[test]
fn cached_peak_root_is_the_iterations_bit_for_bit() {
    // Six (C, E) pairs cycled through the 4-entry cache: misses, evictions and hits all
    // give the Newton root's bits; and the root solves its equation.
    let pairs = [
        (1.65, 0.0),
        (1.3, -0.5),
        (1.9, 0.9),
        (1.1, -3.0),
        (1.5, 0.3),
        (1.3, 0.5),
    ];
    for round in 0..3 {
        for &(c, e) in pairs.iter().chain(pairs[..2].iter()) {
            let u = peak_root(c, e);
            assert_eq!(
                u.to_bits(),
                solve_peak_root(c, e).to_bits(),
                "{round} {c} {e}"
            );
            let target = (std::f64::consts::PI / (2.0 * c)).tan();
            assert!((u - e * (u - u.atan()) - target).abs() < 1e-12 * target.max(1.0));
        }
    }
}

#[test]
fn a_zero_slip_is_the_formulas_signed_zero() {
    // The formula `±d·unit(s·x_m)·s_i/s` evaluated in full at s_i = ±0, against the
    // shortcut, over loads, other-direction slips (tiny to huge), curve shapes (E from
    // −3 to 1, C up to 1.9) and camber.
    let shapes = [
        (10.0, 1.65, 0.0),
        (12.0, 1.3, -0.5),
        (8.0, 1.9, 1.0),
        (30.0, 1.1, -3.0),
    ];
    let mut checked = 0;
    for &(b, c, e) in &shapes {
        let curve = MagicCurve { b, c, e };
        let p = SimpleMagicParams {
            longitudinal: curve,
            lateral: curve,
            camber_stiffness: 0.9,
            ..SimpleMagicParams::default()
        };
        for fz in [1e-3, 150.0, 4000.0, 9000.0] {
            for other in [1e-300, 1e-9, 0.003, 0.2, 1.0, 40.0, 1e200] {
                for zero in [0.0, -0.0] {
                    for gamma in [0.0, 0.03] {
                        let s = sanitize_load(&SlipInput {
                            fz,
                            gamma,
                            ..SlipInput::default()
                        });
                        let prep = p.prepare(&s).unwrap();
                        let shift = prep.alpha_camber.unwrap_or(0.0);
                        let alpha = if gamma == 0.0 { zero } else { zero - shift };
                        let u = &mut Units::default();
                        let (fx, _, _) = p.at_slip(&prep, zero, other, ForceNeed::Both, u).unwrap();
                        let u = &mut Units::default();
                        let (_, fy, _) =
                            p.at_slip(&prep, other, alpha, ForceNeed::Both, u).unwrap();
                        let (d, km, am) = (prep.d, prep.km, prep.am);
                        let sy = (other + shift) / am;
                        let sn = super::super::norm::norm(zero / km, sy);
                        let want_x = d * prep.lon.unit(sn * km) * (zero / km) / sn;
                        let sx = other / km;
                        let sy0 = (alpha + shift) / am;
                        let sn = super::super::norm::norm(sx, sy0);
                        let want_y = -d * prep.lat.unit(sn * am) * sy0 / sn;
                        assert_eq!(
                            fx.to_bits(),
                            want_x.to_bits(),
                            "{b} {c} {e} {fz} {other} {zero}"
                        );
                        if sy0 == 0.0 {
                            assert_eq!(
                                fy.to_bits(),
                                want_y.to_bits(),
                                "{b} {c} {e} {fz} {other} {zero}"
                            );
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 448);
}

#[test]
fn precomputed_peak_roots_give_the_same_bits_and_are_never_stale() {
    // A tyre with its peak roots kept gives the forces and Mz of one without, bit for bit
    // (surface scales change B, not the roots); after a curve's C or E changes, the kept
    // root is not used (the forces are those of a fresh tyre with the new curve).
    let mut plain = SimpleMagicParams {
        camber_stiffness: 0.9,
        ..SimpleMagicParams::default()
    };
    plain.lateral.e = 0.4;
    let mut kept = plain.clone();
    kept.precompute();
    assert!(kept.peak_roots.lon.is_some() && kept.peak_roots.lat.is_some());
    let check = |a: &SimpleMagicParams, b: &SimpleMagicParams| {
        let mut n = 0;
        for &fz in &[500.0, 4000.0, 9000.0] {
            for &kappa in &[-1.0, -0.07, -1e-5, 0.0, 0.02, 0.1, 0.6] {
                for &alpha in &[-0.5, -0.03, 0.0, 1e-4, 0.08, 0.3] {
                    for &(mu, k, peak) in &[(1.0, 1.0, 1.0), (0.6, 0.8, 1.3)] {
                        let i = SlipInput {
                            gamma: -0.03,
                            friction_scale: mu,
                            stiffness_scale: k,
                            peak_slip_scale: peak,
                            ..input(kappa, alpha, fz)
                        };
                        let (x, y) = (a.steady_state(&i), b.steady_state(&i));
                        assert_eq!(x.fx.to_bits(), y.fx.to_bits(), "{fz} {kappa} {alpha}");
                        assert_eq!(x.fy.to_bits(), y.fy.to_bits(), "{fz} {kappa} {alpha}");
                        assert_eq!(x.mz.to_bits(), y.mz.to_bits(), "{fz} {kappa} {alpha}");
                        n += 1;
                    }
                }
            }
        }
        n
    };
    assert_eq!(check(&plain, &kept), 252);
    // Stale: change each curve's shape after `precompute`.
    kept.longitudinal.c = 1.4;
    kept.lateral.e = -1.0;
    plain.longitudinal.c = 1.4;
    plain.lateral.e = -1.0;
    assert_eq!(check(&plain, &kept), 252);
    // Sanity: the new shape moved the peak (the check is not comparing a tyre with itself).
    let old = SimpleMagicParams::default();
    assert!(
        (old.longitudinal.peak_slip() - plain.longitudinal.peak_slip()).abs() > 1e-3,
        "{} {}",
        old.longitudinal.peak_slip(),
        plain.longitudinal.peak_slip()
    );
}

use crate::tire::test_input as input;

#[test]
fn peak_value_and_position_by_hand() {
    let p = SimpleMagicParams::default();
    // E = 0: κ_m = tan(π/3.3)/10 = 0.140 23; Fx(κ_m) = D = µF_z = 4000 N at nominal load.
    let km = (std::f64::consts::PI / 3.3).tan() / 10.0;
    assert!((p.longitudinal.peak_slip() - km).abs() < 1e-12);
    let f = p.steady_state(&input(km, 0.0, 4000.0));
    assert!((f.fx - 4000.0).abs() < 1e-9);
    let below = p.steady_state(&input(0.9 * km, 0.0, 4000.0)).fx;
    let above = p.steady_state(&input(1.1 * km, 0.0, 4000.0)).fx;
    assert!(below < 4000.0 && above < 4000.0);
    // With E ≠ 0 the Newton root satisfies its defining equation.
    let am = p.lateral.peak_slip();
    let u = 12.0 * am;
    let lhs = u + 0.5 * (u - u.atan());
    assert!((lhs - (std::f64::consts::PI / 2.6).tan()).abs() < 1e-10);
    let f = p.steady_state(&input(0.0, am, 4000.0));
    assert!((f.fy + 4000.0).abs() < 1e-9);
}

#[test]
fn slope_at_zero_is_bcd() {
    let p = SimpleMagicParams::default();
    let f = p.steady_state(&input(1e-6, 0.0, 4000.0)).fx;
    assert!((f / 1e-6 - 10.0 * 1.65 * 4000.0).abs() < 1.0);
}

#[test]
fn load_sensitivity_lowers_mu_with_load() {
    let p = SimpleMagicParams::default();
    assert!((p.mu(8000.0) - 0.9).abs() < 1e-12);
    let km = p.longitudinal.peak_slip();
    let peak8 = p.steady_state(&input(km, 0.0, 8000.0)).fx;
    assert!((peak8 - 0.9 * 8000.0).abs() < 1e-9);
}

#[test]
fn combined_and_symmetric() {
    let p = SimpleMagicParams::default();
    let pure = p.steady_state(&input(0.0, 0.05, 4000.0));
    let comb = p.steady_state(&input(0.08, 0.05, 4000.0));
    assert!(comb.fy.abs() < pure.fy.abs());
    let neg = p.steady_state(&input(0.0, -0.05, 4000.0));
    assert!((pure.fy + neg.fy).abs() < 1e-9 && (pure.mz + neg.mz).abs() < 1e-9);
    assert!(
        pure.mz > 0.0,
        "aligning moment turns the wheel towards its velocity"
    );
    assert_eq!(
        p.steady_state(&input(0.0, 0.0, 4000.0)),
        SteadyForces::default()
    );
}

#[test]
fn camber_thrust_pushes_the_way_the_top_leans() {
    // k_γ = 0.9 /rad, F_z = F_z0 = 4000 N (D = 4000 N), α = 0, γ = +0.02 rad (top right):
    // C_α = B·C·D = 12·1.3·4000 = 62 400 N/rad, α_eq = 0.9·4000·0.02/62 400 = 1.153 85e-3,
    // B·α_eq = 0.013 846; Fy = −D·sin(C·atan(Bα − E(Bα − atan Bα))) = −71.994 N, i.e.
    // −C_γ·γ = −72 N less the curve's first bend. γ = −0.02 mirrors it; k_γ = 0 ignores it.
    let p = SimpleMagicParams {
        camber_stiffness: 0.9,
        ..SimpleMagicParams::default()
    };
    let mut i = input(0.0, 0.0, 4000.0);
    i.gamma = 0.02;
    let fy = p.steady_state(&i).fy;
    assert!((fy + 71.9938).abs() < 1e-3, "{fy}");
    i.gamma = -0.02;
    assert!((p.steady_state(&i).fy - 71.9938).abs() < 1e-3);
    assert_eq!(SimpleMagicParams::default().steady_state(&i).fy, 0.0);
}

#[test]
fn validation_rules() {
    let mut p = SimpleMagicParams::default();
    p.lateral.c = 2.0;
    assert_eq!(p.validate().unwrap_err().path, "lateral.c");
    let mut p = SimpleMagicParams::default();
    p.longitudinal.e = 1.5;
    assert_eq!(p.validate().unwrap_err().path, "longitudinal.e");
    let p = SimpleMagicParams {
        nominal_load: 0.0,
        ..SimpleMagicParams::default()
    };
    assert_eq!(p.validate().unwrap_err().path, "nominal_load");
}

#[test]
fn sliding_floor_is_below_the_force_and_close_to_it() {
    // Hand value: default tyre (B 10, C 1.65, E 0, µ 1) at its nominal load 4000 N, κ = 1,
    // α = 0: |Fx| = 4000·sin(1.65·atan 10) = 2620.149 N, the floor
    // 4000·sin(1.65·π/2) = 2089.994 N (less its 1e-9 margin).
    let p = SimpleMagicParams::default();
    let common = SlipInput {
        fz: 4000.0,
        ..SlipInput::default()
    };
    let point = |kappa, alpha| SlipPoint {
        kappa,
        alpha,
        need: ForceNeed::Both,
    };
    let fx_at = |p: &SimpleMagicParams, c: &SlipInput, kappa, alpha| {
        let mut out = [(0.0, 0.0)];
        p.forces_at(c, &[point(kappa, alpha)], &mut out);
        out[0].0
    };
    assert!((fx_at(&p, &common, 1.0, 0.0) - 2620.149).abs() < 1e-3);
    assert!((p.sliding_fx_floor(&common, 1.0, 0.0) - 2089.994).abs() < 1e-3);
    // Before the peak slip there is no floor.
    assert_eq!(p.sliding_fx_floor(&common, 0.05, 0.0), 0.0);

    // Never above |Fx| over shapes, loads, surfaces, camber and combined slip, and within
    // the sliding ratio of it at full sliding.
    let shapes = [
        (10.0, 1.65, 0.0),
        (13.6, 1.64, 0.66),
        (8.0, 1.9, 1.0),
        (12.0, 1.3, -3.0),
        (20.0, 1.999, 0.9),
        (10.0, 1.0, 0.0),
        (10.0, 0.7, 0.0),
    ];
    let mut floors = 0;
    for (b, c, e) in shapes {
        let mut p = SimpleMagicParams {
            longitudinal: MagicCurve { b, c, e },
            camber_stiffness: 0.8,
            ..SimpleMagicParams::default()
        };
        p.precompute();
        for fz in [0.0, 300.0, 4000.0, 12_000.0] {
            for (fs, ks, ps) in [(1.0, 1.0, 1.0), (0.3, 0.7, 2.0), (1.2, 1.5, 0.5)] {
                for gamma in [0.0, 0.05, -0.1] {
                    let common = SlipInput {
                        fz,
                        gamma,
                        friction_scale: fs,
                        stiffness_scale: ks,
                        peak_slip_scale: ps,
                        ..SlipInput::default()
                    };
                    for kappa in [-50.0, -1.0, -0.3, -0.09, 0.0, 0.1, 0.2, 1.0, 1.7, 1e6] {
                        for alpha in [0.0, 1e-5, -0.05, 0.3, -0.785, 1.4] {
                            let floor = p.sliding_fx_floor(&common, kappa, alpha);
                            let fx = fx_at(&p, &common, kappa, alpha).abs();
                            assert!(floor <= fx, "{b} {c} {e} {fz} {kappa} {alpha}");
                            assert!(floor >= 0.0 && floor.is_finite());
                            if floor > 0.0 {
                                floors += 1;
                                // sin(Cπ/2)/sin(C·atan(·)) ≥ sin(Cπ/2) for C ∈ (1, 2).
                                let least = (c * std::f64::consts::FRAC_PI_2).sin() - 1e-9;
                                assert!(floor >= least * fx, "{b} {c} {e} {fz} {kappa} {alpha}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(floors > 1000, "{floors}");
}

#[test]
fn the_load_fields_are_sanitised_as_the_whole_input() {
    // Every rule's branch: finite, negative, zero, ±∞ and NaN in each field the simplified MF
    // reads; the fields must carry `sanitize`'s bits.
    use crate::tire::interface::sanitize;
    let values = [
        2.5,
        -3.0,
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    for &v in &values {
        for &w in &values {
            let input = SlipInput {
                fz: v,
                gamma: w,
                friction_scale: w,
                stiffness_scale: v,
                peak_slip_scale: w,
                ..SlipInput::default()
            };
            let (whole, load) = (sanitize(&input), sanitize_load(&input));
            for (a, b) in [
                (whole.fz, load.fz),
                (whole.gamma, load.gamma),
                (whole.friction_scale, load.friction_scale),
                (whole.stiffness_scale, load.stiffness_scale),
                (whole.peak_slip_scale, load.peak_slip_scale),
            ] {
                assert_eq!(a.to_bits(), b.to_bits(), "{v} {w}");
            }
        }
    }
    // Hand values of the rules: a negative load is 0, a NaN scale 1.
    let load = sanitize_load(&SlipInput {
        fz: -5.0,
        stiffness_scale: f64::NAN,
        ..SlipInput::default()
    });
    assert_eq!((load.fz, load.stiffness_scale), (0.0, 1.0));
}

#[test]
fn a_batch_sharing_curve_values_gives_each_points_bits() {
    // Batches like the contact solve's (a start point, the zero-slip points, slope probes
    // `±κ` at one α and `(κ, ±α)`), and random ones, against `forces` point by point: the
    // curve values a batch shares between points with the same argument are the bits each
    // point computes alone. Seeded loads, surfaces, cambers and slips.
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || crate::test_rng::xorshift_unit(&mut x);
    let mut tyre = SimpleMagicParams::default();
    let (mut shared, mut cases) = (0, 0);
    for case in 0..6000 {
        tyre.camber_stiffness = if case % 3 == 0 { 0.9 } else { 0.0 };
        if case % 2 == 0 {
            tyre.precompute();
        }
        let common = SlipInput {
            fz: 8000.0 * next(),
            gamma: 0.1 * (2.0 * next() - 1.0),
            friction_scale: [1.0, 0.4, 1.3][case % 3],
            stiffness_scale: [1.0, 0.5, 2.0, 1.0][case % 4],
            peak_slip_scale: [1.0, 3.0][case % 2],
            ..SlipInput::default()
        };
        let (k, a) = (0.3 * (2.0 * next() - 1.0), 0.3 * (2.0 * next() - 1.0));
        let p = 10f64.powf(-6.0 * next());
        let (kr, ar) = (2.0 * next() - 1.0, 2.0 * next() - 1.0);
        let pts = [
            (k, a, ForceNeed::Both),
            (0.0, a, ForceNeed::Longitudinal),
            (p, a, ForceNeed::Longitudinal),
            (-p, a, ForceNeed::Longitudinal),
            (k, 0.0, ForceNeed::Lateral),
            (k, p, ForceNeed::Lateral),
            (k, -p, ForceNeed::Lateral),
            (-k, -a, ForceNeed::Both),
            (kr, ar, ForceNeed::Both),
            (kr, ar, ForceNeed::Lateral),
        ];
        let points: Vec<SlipPoint> = pts
            .iter()
            .map(|&(kappa, alpha, need)| SlipPoint { kappa, alpha, need })
            .collect();
        let mut out = [(0.0, 0.0); 10];
        tyre.forces_at(&common, &points, &mut out);
        for (pt, got) in points.iter().zip(out) {
            let want = tyre.forces(&pt.input(&common), pt.need);
            let b = |(x, y): (f64, f64)| [x.to_bits(), y.to_bits()];
            assert_eq!(b(got), b(want), "{common:?} {pt:?}");
            cases += 1;
        }
        // The probes `±p` at one α share the longitudinal curve's argument.
        let sx = |kappa: f64| {
            let q = tyre.prepare(&sanitize_load(&common)).unwrap();
            let alpha = q.alpha_camber.map_or(a, |s| a + s);
            super::super::norm::norm(kappa / q.km, alpha / q.am) * q.km
        };
        shared += usize::from(common.fz > 0.0 && sx(p).to_bits() == sx(-p).to_bits());
    }
    assert!(
        shared > 5000,
        "{shared} of 6000 batches shared a curve value"
    );
    assert_eq!(cases, 60_000);
}
