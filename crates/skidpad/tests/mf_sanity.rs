//! Physical sanity of the Magic Formula tyre: signs (ISO), near-odd symmetry about the
//! shifts, peak force ≈ µ·Fz, combined-slip reduction, Fz = 0 gives nothing, non-finite and
//! extreme inputs never give NaN, validity clamps are flagged, and MF 6.1 pressure terms.

use skidpad::tire::mf::{MfInput, MfOptions, MfOutput, MfTire, MfVersion, TirFile};

mod support;
use support::data;

fn tire(name: &str) -> MfTire {
    MfTire::from(TirFile::from_path(data(name)).unwrap().0)
}

fn at(t: &MfTire, fz: f64, kappa: f64, alpha: f64, gamma: f64) -> MfOutput {
    t.steady_state(MfInput {
        fz,
        kappa,
        alpha,
        gamma,
        vx: 16.7,
        pressure: None,
    })
}

#[test]
fn mf_longitudinal_shape_and_peak() {
    let t = tire("mf_185_80R14.tir");
    let fz = 3800.0;
    // Peak |Fx| ≈ µx·Fz with µx = PDX1 = 1.09 at Fz = FNOMIN (small shifts aside).
    let (mut peak_pos, mut peak_neg) = (0.0f64, 0.0f64);
    for i in -100..=100 {
        let k = f64::from(i) * 0.01;
        let fx = at(&t, fz, k, 0.0, 0.0).fx;
        peak_pos = peak_pos.max(fx);
        peak_neg = peak_neg.min(fx);
        if k >= 0.01 {
            assert!(fx > 0.0, "driving slip {k} gives Fx = {fx}");
        }
        if k <= -0.01 {
            assert!(fx < 0.0, "braking slip {k} gives Fx = {fx}");
        }
    }
    let mu_fz = 1.09 * fz;
    assert!(
        (peak_pos / mu_fz - 1.0).abs() < 0.02,
        "peak {peak_pos} vs µFz {mu_fz}"
    );
    assert!(
        (-peak_neg / mu_fz - 1.0).abs() < 0.02,
        "peak {peak_neg} vs µFz {mu_fz}"
    );
    // Odd about the shifted origin (κ0 = −SHx = −PHX1 at FNOMIN, Fx(κ0) = SVx): only the
    // driving/braking curvature difference (PEX4) breaks the symmetry, by < 1 % of the peak.
    let k0 = -t.coefficients.phx1;
    let f0 = at(&t, fz, k0, 0.0, 0.0).fx;
    for i in 1..=40 {
        let d = f64::from(i) * 0.01;
        let s = at(&t, fz, k0 + d, 0.0, 0.0).fx + at(&t, fz, k0 - d, 0.0, 0.0).fx - 2.0 * f0;
        assert!(s.abs() < 0.01 * mu_fz, "κ0 ± {d}: sum {s}");
    }
}

#[test]
fn mf_lateral_signs_peak_and_aligning_moment() {
    let t = tire("mf_185_80R14.tir");
    let fz = 3800.0;
    let mut peak = 0.0f64;
    for i in 1..=60 {
        let a = f64::from(i) * 0.005;
        let o = at(&t, fz, 0.0, a, 0.0);
        let m = at(&t, fz, 0.0, -a, 0.0);
        assert!(
            o.fy < 0.0 && m.fy > 0.0,
            "ISO: α > 0 gives Fy < 0 ({a}: {o:?})"
        );
        if a <= 0.05 {
            // Restoring: Mz grows with α at small slip (the file's shifts give Mz(0) ≠ 0).
            assert!(o.mz > m.mz, "restoring Mz at small slip ({a}: {o:?} {m:?})");
        }
        peak = peak.max(o.fy.abs()).max(m.fy.abs());
    }
    // µy = PDY1 = 0.94 at FNOMIN; the vertical shift SVy = PVY1·Fz ≈ 119 N adds to one side.
    let svy = t.coefficients.pvy1 * fz;
    assert!((peak - 0.94 * fz - svy).abs() < 0.01 * fz, "peak Fy {peak}");
    // Load sensitivity: more load, more force, less friction coefficient.
    let f1 = at(&t, 1900.0, 0.0, 0.1, 0.0).fy.abs();
    let f2 = at(&t, 5700.0, 0.0, 0.1, 0.0).fy.abs();
    assert!(f2 > f1 && f2 / 5700.0 < f1 / 1900.0 * 1.2, "{f1} {f2}");
}

#[test]
fn mf_combined_slip_reduces_forces() {
    let t = tire("mf_185_80R14.tir");
    let pure_y = at(&t, 3800.0, 0.0, 0.1, 0.0).fy.abs();
    let pure_x = at(&t, 3800.0, 0.1, 0.0, 0.0).fx.abs();
    let comb = at(&t, 3800.0, 0.1, 0.1, 0.0);
    assert!(comb.fy.abs() < 0.95 * pure_y, "{comb:?} vs {pure_y}");
    assert!(comb.fx.abs() < 0.8 * pure_x, "{comb:?} vs {pure_x}");
    // Still inside the friction ellipse-ish bound.
    assert!(comb.fx.hypot(comb.fy) < 1.1 * 1.09 * 3800.0);
}

#[test]
fn mf_zero_and_negative_load_give_zero() {
    for name in [
        "mf_185_80R14.tir",
        "Sedan_Pac02Tire.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        let t = tire(name);
        for opts in [
            MfOptions::default(),
            MfOptions {
                limits: false,
                alpha_star: true,
            },
        ] {
            let t = t.clone().with_options(opts);
            for fz in [0.0, -100.0, -0.0] {
                let o = at(&t, fz, 0.2, 0.1, 0.05);
                assert_eq!(
                    (o.fx, o.fy, o.mz, o.mx, o.my),
                    (0.0, 0.0, 0.0, 0.0, 0.0),
                    "{name} {fz}"
                );
            }
            // Tiny load: tiny forces, no NaN.
            let o = at(&t, 1e-9, 0.2, 0.1, 0.05);
            assert!(
                o.fx.abs() < 1e-6 && o.fy.abs() < 1e-6 && o.mz.abs() < 1e-6,
                "{name} {o:?}"
            );
        }
    }
}

#[test]
fn mf_non_finite_inputs_are_replaced_and_flagged() {
    let t = tire("mf_185_80R14.tir");
    let base = MfInput {
        fz: 3800.0,
        kappa: 0.05,
        alpha: 0.05,
        gamma: 0.0,
        vx: 16.7,
        pressure: None,
    };
    for limits in [true, false] {
        let t = t.clone().with_options(MfOptions {
            limits,
            alpha_star: false,
        });
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let cases = [
                MfInput { fz: bad, ..base },
                MfInput { kappa: bad, ..base },
                MfInput { alpha: bad, ..base },
                MfInput { gamma: bad, ..base },
                MfInput { vx: bad, ..base },
                MfInput {
                    pressure: Some(bad),
                    ..base
                },
            ];
            for (i, inp) in cases.into_iter().enumerate() {
                let o = t.steady_state(inp);
                for v in [o.fx, o.fy, o.mz, o.mx, o.my] {
                    assert!(v.is_finite(), "limits {limits} case {i} {inp:?}: {o:?}");
                }
                // Every replaced input is flagged (also the pressure, which MF 5.2 ignores).
                assert!(o.clamped.any(), "case {i} {inp:?}: {:?}", o.clamped);
            }
        }
        // NaN → 0: a NaN slip is the same as zero slip.
        let nan_k = t.steady_state(MfInput {
            kappa: f64::NAN,
            ..base
        });
        let zero_k = t.steady_state(MfInput { kappa: 0.0, ..base });
        assert_eq!((nan_k.fx, nan_k.fy), (zero_k.fx, zero_k.fy));
    }
}

/// Deterministic pseudo-random numbers in [0, 1) (no dependency).
fn lcg(state: &mut u64) -> f64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*state >> 11) as f64 / (1u64 << 53) as f64
}

#[test]
fn mf_every_file_is_finite_everywhere_with_limits_on() {
    let mut s = 12345u64;
    for name in [
        "mf_185_80R14.tir",
        "Sedan_Pac02Tire.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        for alpha_star in [false, true] {
            let t = tire(name).with_options(MfOptions {
                limits: true,
                alpha_star,
            });
            let c = &t.coefficients;
            for i in 0..20_000 {
                let mut r = || lcg(&mut s);
                let extreme = i % 10 == 0;
                let scale = if extreme { 1e6 } else { 1.0 };
                let inp = MfInput {
                    fz: r() * 1.5 * c.fzmax * if extreme { 1e3 } else { 1.0 },
                    kappa: (r() * 2.0 - 1.0) * 3.0 * scale,
                    alpha: (r() * 2.0 - 1.0) * 3.2 * scale,
                    gamma: (r() * 2.0 - 1.0) * 0.6 * scale,
                    vx: if i % 7 == 0 {
                        0.0
                    } else {
                        (r() * 2.0 - 1.0) * 60.0 * scale
                    },
                    pressure: None,
                };
                let o = t.steady_state(inp);
                assert!(!o.clamped.output, "{name} {inp:?}: {o:?}");
                for v in [o.fx, o.fy, o.mz, o.mx, o.my] {
                    assert!(v.is_finite(), "{name} {inp:?}: {o:?}");
                }
                // Bounded by a generous friction limit (µ ≤ 2 on these files).
                assert!(o.fx.hypot(o.fy) <= 2.5 * c.fzmax, "{name} {inp:?}: {o:?}");
            }
        }
    }
}

#[test]
fn mf_validity_clamps_are_applied_and_flagged() {
    let t = tire("mf_185_80R14.tir");
    let o = at(&t, 3800.0, 3.0, 0.0, 0.0);
    assert!(o.clamped.kappa && !o.clamped.fz);
    assert_eq!(o.fx, at(&t, 3800.0, 1.5, 0.0, 0.0).fx);
    let o = at(&t, 20_000.0, 0.1, 0.0, 0.0);
    assert!(o.clamped.fz);
    assert_eq!(o.fx, at(&t, 8550.0, 0.1, 0.0, 0.0).fx);
    let o = at(&t, 3800.0, 0.0, 0.1, 0.5);
    assert!(o.clamped.gamma);
    assert_eq!(o.fy, at(&t, 3800.0, 0.0, 0.1, 0.26181).fy);
    // Limits off: the raw equations at the raw input.
    let raw = t.clone().with_options(MfOptions {
        limits: false,
        alpha_star: false,
    });
    let o = at(&raw, 3800.0, 3.0, 0.0, 0.0);
    assert!(!o.clamped.any());
    assert_ne!(o.fx, at(&raw, 3800.0, 1.5, 0.0, 0.0).fx);
}

#[test]
fn mf_low_speed_fades_forces_with_limits_on() {
    let t = tire("mf_185_80R14.tir");
    let o = t.steady_state(MfInput {
        fz: 3800.0,
        kappa: 0.1,
        alpha: 0.1,
        gamma: 0.0,
        vx: 0.0,
        pressure: None,
    });
    assert_eq!((o.fx, o.fy, o.mz, o.my), (0.0, 0.0, 0.0, 0.0), "{o:?}");
    // Continuous towards VXLOW = 1 m/s.
    let mut last = 0.0;
    for i in 1..=10 {
        let vx = f64::from(i) * 0.1;
        let o = t.steady_state(MfInput {
            fz: 3800.0,
            kappa: 0.02,
            alpha: 0.0,
            gamma: 0.0,
            vx,
            pressure: None,
        });
        assert!(o.fx >= last, "{vx}: {o:?}");
        last = o.fx;
    }
    // Reversing: driving slip pushes backwards.
    let o = t.steady_state(MfInput {
        fz: 3800.0,
        kappa: 0.1,
        alpha: 0.0,
        gamma: 0.0,
        vx: -10.0,
        pressure: None,
    });
    assert!(o.fx < -3000.0 && o.my > 0.0, "{o:?}");
}

#[test]
fn mf61_pressure_terms() {
    let (file, _) = TirFile::from_path(data("mf_185_80R14.tir")).unwrap();
    let t52 = MfTire::from(&file);
    let mut c = file.coefficients.clone();
    c.nompres = 190_000.0;
    c.inflpres = 190_000.0;
    c.presmin = 100_000.0;
    c.presmax = 300_000.0;
    let t61 = MfTire::new(c.clone(), MfVersion::Mf61);
    assert!(t61.uses_pressure() && !t52.uses_pressure());
    // No pressure coefficients and no camber: MF 6.1 = MF 5.2 (except My's 6.1 form, which
    // with QSY7 = 0 uses Fz0 instead of Fz).
    for (k, a) in [(0.0, 0.0), (0.1, 0.0), (0.0, 0.1), (-0.1, 0.05)] {
        let o52 = at(&t52, 3800.0, k, a, 0.0);
        let o61 = at(&t61, 3800.0, k, a, 0.0);
        assert!(
            (o52.fx - o61.fx).abs() < 1e-9 && (o52.fy - o61.fy).abs() < 1e-9,
            "{o52:?} {o61:?}"
        );
        assert!((o52.mz - o61.mz).abs() < 1e-9, "{o52:?} {o61:?}");
    }
    // PPX1 < 0: higher pressure, lower slip stiffness (smaller Fx at small κ).
    c.ppx1 = -0.5;
    let t61 = MfTire::new(c, MfVersion::Mf61);
    let fx = |p: f64| {
        t61.steady_state(MfInput {
            fz: 3800.0,
            kappa: 0.01,
            vx: 16.7,
            pressure: Some(p),
            ..Default::default()
        })
        .fx
    };
    assert!(fx(250_000.0) < fx(190_000.0) && fx(190_000.0) < fx(150_000.0));
    assert_eq!(
        fx(190_000.0),
        t61.steady_state(MfInput {
            fz: 3800.0,
            kappa: 0.01,
            vx: 16.7,
            ..Default::default()
        })
        .fx
    );
    // Clamped to PRESMAX.
    let o = t61.steady_state(MfInput {
        fz: 3800.0,
        kappa: 0.01,
        vx: 16.7,
        pressure: Some(1e6),
        ..Default::default()
    });
    assert!(o.clamped.pressure);
    assert_eq!(o.fx, fx(300_000.0));
}
