//! `TireModel::forces` (what the contact solve asks for at its zero-slip and force-limit
//! points, skipping moments and the curve not needed) returns, for every built-in model, the
//! very bits of `steady_state`'s `fx` and `fy` for the forces it is asked for: the contact
//! solve's results, and so every world hash, do not change with it. Likewise
//! `aligning_moment` (the recorded Mz, without the other moments), `forces_at` (a wheel's
//! points of one substep in one batch, sharing the load terms) and the `*_kept` methods (the
//! load terms kept between a wheel's calls of one substep).

mod support;

use skidpad::presets;
use skidpad::tire::mf::{MfTire, TirFile};
use skidpad::tire::{
    BrushParams, ForceNeed, FrictionCircleParams, KeptLoad, SlipCurveParams, SlipInput, SlipPoint,
    TireModel,
};
use support::data;

/// A deterministic spread of inputs: loads from 0 to 3× nominal, slips through the peak and
/// past full sliding on both sides, camber, speeds (standstill, reversing), surface scales,
/// and non-finite slips (sanitised to zero by the models).
fn inputs() -> Vec<SlipInput> {
    let mut out = Vec::new();
    let loads = [0.0, 150.0, 3800.0, 9000.0];
    let kappas = [0.0, 1e-5, -0.004, 0.03, -0.12, 0.6, -1.0, f64::NAN];
    let alphas = [0.0, -2e-5, 0.01, -0.07, 0.25, -1.2, f64::INFINITY];
    let extras = [
        (0.0, 12.0, 1.0, 1.0, 1.0),
        (0.03, 30.0, 0.6, 1.0, 1.4),
        (-0.05, -4.0, 1.0, 0.8, 1.0),
        (0.0, 0.0, 1.0, 1.0, 1.0),
    ];
    for &fz in &loads {
        for &kappa in &kappas {
            for &alpha in &alphas {
                for &(gamma, vx, friction_scale, stiffness_scale, peak_slip_scale) in &extras {
                    out.push(SlipInput {
                        fz,
                        kappa,
                        alpha,
                        gamma,
                        vx,
                        rest_load: 3800.0,
                        friction_scale,
                        stiffness_scale,
                        peak_slip_scale,
                        radius: 0.316,
                        omega: vx / 0.316,
                        ..SlipInput::default()
                    });
                }
            }
        }
    }
    out
}

fn check(name: &str, model: &dyn TireModel) {
    let cases = inputs();
    for s in &cases {
        let full = model.steady_state(s);
        let (fx, _) = model.forces(s, ForceNeed::Longitudinal);
        let (_, fy) = model.forces(s, ForceNeed::Lateral);
        let (bx, by) = model.forces(s, ForceNeed::Both);
        let mz = model.aligning_moment(s);
        for (what, got, want) in [
            ("Mz alone", mz, full.mz),
            ("Fx alone", fx, full.fx),
            ("Fy alone", fy, full.fy),
            ("Fx of both", bx, full.fx),
            ("Fy of both", by, full.fy),
        ] {
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "{name}: {what} = {got:e}, steady_state gives {want:e} at {s:?}"
            );
        }
    }
    assert!(cases.len() > 800);
}

#[test]
fn forces_are_steady_states_bits_for_every_built_in_model() {
    check("friction circle", &FrictionCircleParams::default());
    check("slip curve", &SlipCurveParams::default());
    check(
        "slip curve with camber and a friction graph",
        &SlipCurveParams {
            camber_stiffness_per_unit_gravity: 120.0,
            friction_vs_slip: skidpad::curve::Curve::new(&[(0.0, 1.1), (0.2, 1.0), (1.0, 0.8)]),
            ..SlipCurveParams::default()
        },
    );
    check("brush", &BrushParams::default());
    let sedan = presets::sedan();
    check(
        "sedan's simplified Magic Formula",
        sedan.wheels[0].tire.model.as_model(),
    );
    for file in [
        "Sedan_Pac02Tire.tir",
        "mf_185_80R14.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        let tire = MfTire::from(TirFile::from_path(data(file)).unwrap().0);
        check(file, &tire);
    }
}

/// `forces_at` at the contact solve's kind of batch: points sharing κ or α (the zero-slip
/// points, slope probes, the predicted and sliding points), each need, a non-finite slip;
/// every point's needed forces are `forces`' bits.
fn check_batch(name: &str, model: &dyn TireModel) {
    use ForceNeed::{Both, Lateral, Longitudinal};
    let cases = inputs();
    let n = cases.len();
    let mut checked = 0;
    for (i, s) in cases.iter().enumerate().step_by(3) {
        let other = &cases[(i * 7 + 3) % n];
        let (k0, a0, k1, a1) = (s.kappa, s.alpha, other.kappa, other.alpha);
        let points = [
            (k0, a0, Both),
            (0.0, a0, Longitudinal),
            (k0, 0.0, Lateral),
            (1e-4, a0, Longitudinal),
            (-1e-4, a0, Longitudinal),
            (k0, 1e-4, Lateral),
            (k0, -1e-4, Lateral),
            (k1, a1, Both),
            (-1.0, a1, Both),
            (k1, std::f64::consts::FRAC_PI_4, Both),
            (k1, a0, Lateral),
            (f64::NAN, a1, Both),
        ]
        .map(|(kappa, alpha, need)| SlipPoint { kappa, alpha, need });
        let mut out = [(f64::NAN, f64::NAN); 12];
        model.forces_at(s, &points, &mut out);
        for (p, &(fx, fy)) in points.iter().zip(&out) {
            let (wx, wy) = model.forces(&p.input(s), p.need);
            if p.need.x() {
                assert_eq!(
                    fx.to_bits(),
                    wx.to_bits(),
                    "{name}: Fx {fx:e} vs {wx:e}, {p:?} of {s:?}"
                );
            }
            if p.need.y() {
                assert_eq!(
                    fy.to_bits(),
                    wy.to_bits(),
                    "{name}: Fy {fy:e} vs {wy:e}, {p:?} of {s:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 3000);
}

#[test]
fn batches_are_single_evaluations_bits_for_every_built_in_model() {
    check_batch("friction circle", &FrictionCircleParams::default());
    check_batch("slip curve", &SlipCurveParams::default());
    let slip_camber = SlipCurveParams {
        camber_stiffness_per_unit_gravity: 120.0,
        friction_vs_slip: skidpad::curve::Curve::new(&[(0.0, 1.1), (0.2, 1.0), (1.0, 0.8)]),
        ..SlipCurveParams::default()
    };
    check_batch("slip curve with camber and a friction graph", &slip_camber);
    check_batch("brush", &BrushParams::default());
    let sedan = presets::sedan();
    check_batch(
        "sedan's simplified Magic Formula",
        sedan.wheels[0].tire.model.as_model(),
    );
    let camber = skidpad::tire::SimpleMagicParams {
        camber_stiffness: 0.9,
        ..Default::default()
    };
    check_batch("simplified Magic Formula with camber", &camber);
    for file in [
        "Sedan_Pac02Tire.tir",
        "mf_185_80R14.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        let tire = MfTire::from(TirFile::from_path(data(file)).unwrap().0);
        check_batch(file, &tire);
        let raw = tire.clone().with_options(skidpad::tire::mf::MfOptions {
            limits: false,
            alpha_star: true,
        });
        check_batch(&format!("{file}, limits off, α*"), &raw);
    }
}

/// The `*_kept` methods against the plain ones, bit for bit, with one `KeptLoad` carried
/// through a sequence of inputs in the contact solve's order (floor, batch, aligning moment at
/// other slips), the load changing every other case (so the kept terms are stale and must be
/// recomputed) and sometimes the aligning moment first.
fn check_kept(name: &str, model: &dyn TireModel) {
    use ForceNeed::{Both, Lateral, Longitudinal};
    let cases = inputs();
    let n = cases.len();
    let mut kept = KeptLoad::default();
    let mut checked = 0;
    for (i, s) in cases.iter().enumerate() {
        let other = &cases[(i * 7 + 3) % n];
        let moved = SlipInput {
            kappa: other.kappa,
            alpha: other.alpha,
            omega: other.omega,
            ..*s
        };
        let mz_first = i % 5 == 0;
        if mz_first {
            let (got, want) = (
                model.aligning_moment_kept(&moved, &mut kept),
                model.aligning_moment(&moved),
            );
            assert_eq!(got.to_bits(), want.to_bits(), "{name}: Mz of {moved:?}");
        }
        for kappa in [1.0, -1.0, s.kappa] {
            let got = model.sliding_fx_floor_kept(s, kappa, s.alpha, &mut kept);
            let want = model.sliding_fx_floor(s, kappa, s.alpha);
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "{name}: floor {kappa} of {s:?}"
            );
        }
        let points = [
            (s.kappa, s.alpha, Both),
            (0.0, s.alpha, Longitudinal),
            (s.kappa, 0.0, Lateral),
            (other.kappa, other.alpha, Both),
        ]
        .map(|(kappa, alpha, need)| SlipPoint { kappa, alpha, need });
        let (mut got, mut want) = ([(0.0, 0.0); 4], [(0.0, 0.0); 4]);
        model.forces_at_kept(s, &points, &mut got, &mut kept);
        model.forces_at(s, &points, &mut want);
        for (p, (g, w)) in points.iter().zip(got.iter().zip(&want)) {
            if p.need.x() {
                assert_eq!(g.0.to_bits(), w.0.to_bits(), "{name}: Fx {p:?} of {s:?}");
            }
            if p.need.y() {
                assert_eq!(g.1.to_bits(), w.1.to_bits(), "{name}: Fy {p:?} of {s:?}");
            }
        }
        let (got, want) = (
            model.aligning_moment_kept(&moved, &mut kept),
            model.aligning_moment(&moved),
        );
        assert_eq!(got.to_bits(), want.to_bits(), "{name}: Mz of {moved:?}");
        checked += 1;
        if i % 2 == 1 {
            // A stale entry: the next case's load differs from the one kept now.
            let stale = SlipInput {
                fz: s.fz * 0.5 + 10.0,
                ..*s
            };
            model.aligning_moment_kept(&stale, &mut kept);
        }
    }
    assert!(checked > 500);
}

#[test]
fn kept_load_terms_give_the_plain_methods_bits() {
    check_kept("friction circle", &FrictionCircleParams::default());
    check_kept("slip curve", &SlipCurveParams::default());
    check_kept("brush", &BrushParams::default());
    let sedan = presets::sedan();
    check_kept(
        "sedan's simplified Magic Formula",
        sedan.wheels[0].tire.model.as_model(),
    );
    let camber = skidpad::tire::SimpleMagicParams {
        camber_stiffness: 0.9,
        ..Default::default()
    };
    check_kept("simplified Magic Formula with camber", &camber);
    for file in [
        "Sedan_Pac02Tire.tir",
        "mf_185_80R14.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        let tire = MfTire::from(TirFile::from_path(data(file)).unwrap().0);
        check_kept(file, &tire);
        let raw = tire.clone().with_options(skidpad::tire::mf::MfOptions {
            limits: false,
            alpha_star: true,
        });
        check_kept(&format!("{file}, limits off, α*"), &raw);
        let mut lmuv = tire.clone();
        lmuv.coefficients.lmuv = 0.3;
        check_kept(&format!("{file}, LMUV 0.3"), &lmuv);
        let star = tire.with_options(skidpad::tire::mf::MfOptions {
            limits: true,
            alpha_star: true,
        });
        check_kept(&format!("{file}, α*"), &star);
    }
}
