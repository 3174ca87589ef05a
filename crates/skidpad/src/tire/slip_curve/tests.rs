//! Tests of the slip-curve tire ([`super`]).

use super::*;
use crate::tire::interface::SlipPoint;

fn input(kappa: f64, alpha: f64) -> SlipInput {
    SlipInput {
        fz: 4000.0,
        rest_load: 4000.0,
        kappa,
        alpha,
        vx: 20.0,
        ..SlipInput::default()
    }
}

#[test]
fn aligning_moment_from_the_pneumatic_trail() {
    // F_z = F_rest = 4000 N, α = 0.02 rad: C_α = 4000·17.95·s(1.5) = 4000·17.95·0.875 =
    // 62 825 N/rad, F_y,lin = −62 825·tan 0.02 = −1256.668 N, K = 0.314167,
    // F_y = F_y,lin·s(K)/K = −1129.660 N; x = K/3: t = 0.03·(1 − x)³/(1 − x + x²/3) =
    // 0.0239479 m, Mz = −t·F_y = +27.053 N·m (restoring: the slip angle is positive).
    let p = SlipCurveParams::default();
    let f = p.steady_state(&input(0.0, 0.02));
    assert!((f.fy + 1129.660).abs() < 1e-3, "{f:?}");
    assert!((f.mz - 27.053).abs() < 1e-3, "{f:?}");
    // Full sliding (K ≥ 3): no trail, no moment; zero trail: no moment anywhere.
    assert_eq!(p.steady_state(&input(0.0, 0.5)).mz, 0.0);
    let none = SlipCurveParams {
        pneumatic_trail: 0.0,
        ..SlipCurveParams::default()
    };
    assert_eq!(none.steady_state(&input(0.0, 0.02)).mz, 0.0);
}

#[test]
fn saturation_polynomial() {
    assert_eq!(saturation(0.0), 0.0);
    assert_eq!(saturation(3.0), 1.0);
    assert_eq!(saturation(10.0), 1.0);
    // Unit initial slope, zero final slope.
    assert!((saturation(1e-6) / 1e-6 - 1.0).abs() < 1e-5);
    assert!((saturation(3.0) - saturation(3.0 - 1e-4)).abs() < 1e-8);
    assert!((saturation(1.5) - (1.5 - 0.75 + 0.125)).abs() < 1e-15);
}

#[test]
fn zero_slip_zero_force_and_odd_symmetry() {
    let p = SlipCurveParams::default();
    let f0 = p.steady_state(&input(0.0, 0.0));
    assert_eq!((f0.fx, f0.fy), (0.0, 0.0));
    for (k, a) in [(0.02, 0.0), (0.3, 0.0), (0.0, 0.05), (0.05, 0.1)] {
        let f = p.steady_state(&input(k, a));
        let g = p.steady_state(&input(-k, -a));
        assert!((f.fx + g.fx).abs() < 1e-9 && (f.fy + g.fy).abs() < 1e-9);
    }
}

#[test]
fn linear_region_and_peak_by_hand() {
    let p = SlipCurveParams::default();
    // At rest load, C_α = 4000·17.95·s(3/2) = 4000·17.95·0.875 = 62 825 N/rad.
    let ca = p.lateral_stiffness(4000.0, 4000.0);
    assert!((ca - 62_825.0).abs() < 1e-6);
    // Small κ: Fx ≈ C_κ·κ·s(K)/K with K = 98.1/4000: 9810·0.01 = 98.1 N·(1 − K/3 + K²/27).
    let k = 98.1 / 4000.0;
    let fx = p.steady_state(&input(0.01, 0.0)).fx;
    assert!((fx - 98.1 * (1.0 - k / 3.0 + k * k / 27.0)).abs() < 1e-9);
    // Saturation: K ≥ 3 ⇔ C_κ·κ ≥ 3µF_z ⇔ κ ≥ 12 000/9810 = 1.2232 → |F| = µF_z exactly.
    let f = p.steady_state(&input(1.3, 0.0));
    assert!((f.fx - 4000.0).abs() < 1e-9);
    // Lateral: α = 0.2 rad → |F_lin| = 62 825·tan 0.2 = 12 738 > 3·4000: saturated, Fy = −4000.
    let f = p.steady_state(&input(0.0, 0.2));
    assert!((f.fy + 4000.0).abs() < 1e-9);
}

#[test]
fn combined_slip_stays_inside_the_friction_circle() {
    let p = SlipCurveParams::default();
    for i in 0..21 {
        for j in 0..21 {
            let f = p.steady_state(&input(-1.0 + 0.1 * i as f64, -0.5 + 0.05 * j as f64));
            assert!(f.fx.hypot(f.fy) <= 4000.0 + 1e-9);
        }
    }
    // Longitudinal slip reduces lateral force.
    let pure = p.steady_state(&input(0.0, 0.03)).fy.abs();
    let comb = p.steady_state(&input(0.1, 0.03)).fy.abs();
    assert!(comb < pure);
}

#[test]
fn lateral_stiffness_per_unit_load_falls_with_load() {
    let p = SlipCurveParams::default();
    let r = 4000.0;
    let per_load = |fz: f64| p.lateral_stiffness(fz, r) / fz;
    assert!(per_load(2000.0) > per_load(4000.0));
    assert!(per_load(4000.0) > per_load(8000.0));
    // Beyond X·rest the stiffness is flat at Y·rest.
    assert!((p.lateral_stiffness(9000.0, r) - 17.95 * r).abs() < 1e-9);
}

#[test]
fn camber_thrust_pushes_towards_the_lean() {
    let p = SlipCurveParams {
        camber_stiffness_per_unit_gravity: 100.0,
        ..SlipCurveParams::default()
    };
    let mut i = input(0.0, 0.0);
    // γ = +0.05 rad: the top leans right (ISO), the thrust pushes right.
    i.gamma = 0.05;
    let f = p.steady_state(&i);
    // C_γ·γ = 981·0.05 = 49.05 N; K = 49.05/4000 = 0.01226, so s(K)/K = 1 − K/3 + K²/27:
    // Fy = −49.05·0.995918 = −48.850 N.
    let k = 49.05 / 4000.0;
    let expected = -49.05 * (1.0 - k / 3.0 + k * k / 27.0);
    assert!((f.fy - expected).abs() < 1e-3, "{} vs {expected}", f.fy);
}

#[test]
fn tan_upper_bounds_tan_over_the_clamp() {
    // At 1.5 rad: P₅/Q₆ = 1.00078125/0.0701171875 = 14.27298, tan 1.5 = 14.10142
    // (1.2 % above).
    assert!(
        (tan_upper(1.5) - 14.27298).abs() < 1e-5,
        "{}",
        tan_upper(1.5)
    );
    for i in 0..=15_000 {
        let x = 1e-4 * f64::from(i);
        let (t, up) = (x.tan(), tan_upper(x));
        assert!(up >= t, "{x}: {up} < {t}");
        // Tight at small angles: the excess is ≈ x⁷/5040/cos x plus the 1e-9 margin.
        if x <= 0.3 {
            assert!(
                up - t <= 1.01e-9 * t + 2.5e-4 * x.powi(7),
                "{x}: {up} vs {t}"
            );
        }
    }
}

#[test]
fn sliding_floor_never_exceeds_fx() {
    // By hand at the default tyre, F_z = F_rest = 4000 N, κ = 1: C_κ = 9810 N,
    // C_α = 62 825 N/rad. α = 0.05: tan α = 0.0500417, F_y,lin = 3143.87 N,
    // |F_lin| = 10 301.457 N, K = 2.575364, s(K) = 0.997128, |Fx| = 9810·s(K)/K =
    // 3798.368 N; the floor's bound of tan is 2·10⁻¹³ above, so it is the same to 1e-3 N.
    // α = 1 rad: tan 1 = 1.5574077 against the bound's 1.5578406: K = 24.58367 against
    // 24.59044, |Fx| = 9810/K = 399.045 N against the floor's 398.936 N.
    let p = SlipCurveParams::default();
    let common = input(0.0, 0.0);
    let fx_at = |p: &SlipCurveParams, c: &SlipInput, kappa, alpha| {
        let mut out = [(0.0, 0.0)];
        let point = SlipPoint {
            kappa,
            alpha,
            need: ForceNeed::Both,
        };
        p.forces_at(c, &[point], &mut out);
        out[0].0
    };
    assert!((fx_at(&p, &common, 1.0, 0.05) - 3798.368).abs() < 1e-3);
    assert!((p.sliding_fx_floor(&common, 1.0, 0.05) - 3798.368).abs() < 1e-3);
    assert!((fx_at(&p, &common, -1.0, 1.0) + 399.045).abs() < 1e-3);
    assert!((p.sliding_fx_floor(&common, -1.0, 1.0) - 398.936).abs() < 1e-3);

    // Never above |Fx| over shapes (stiffnesses, a falling and a rising friction graph),
    // loads, surfaces, camber and combined slip; within 2 % of it (the bound of tan is
    // 1.2 % high at the clamp).
    let graphs = [
        Curve::new(&[(0.0, 1.0), (0.5, 1.0), (1.0, 1.0)]),
        Curve::new(&[(0.0, 1.0), (0.1, 1.2), (1.0, 0.7)]),
        Curve::new(&[(0.0, 0.5), (0.3, 0.9), (2.0, 1.1)]),
    ];
    let shapes = [(1000.0, 2.0, 17.95), (300.0, 0.5, 40.0), (5000.0, 3.0, 5.0)];
    let mut cases = 0;
    for graph in &graphs {
        for (kx, x, y) in shapes {
            let p = SlipCurveParams {
                longitudinal_stiffness_per_unit_gravity: kx,
                lat_stiff_x: x,
                lat_stiff_y: y,
                camber_stiffness_per_unit_gravity: 150.0,
                friction_vs_slip: *graph,
                ..SlipCurveParams::default()
            };
            for fz in [0.0, 300.0, 4000.0, 12_000.0] {
                for (fs, ks, ps) in [(1.0, 1.0, 1.0), (0.3, 0.7, 2.0), (1.2, 1.5, 0.5)] {
                    for gamma in [0.0, 0.05, -0.1] {
                        let common = SlipInput {
                            gamma,
                            friction_scale: fs,
                            stiffness_scale: ks,
                            peak_slip_scale: ps,
                            ..input(0.0, 0.0)
                        };
                        let common = SlipInput { fz, ..common };
                        for kappa in [-50.0, -1.0, -0.3, -0.01, 0.0, 0.1, 1.0, 1.7, 1e6] {
                            for alpha in [0.0, 1e-5, -0.05, 0.3, -0.785, 1.4, 3.0] {
                                let floor = p.sliding_fx_floor(&common, kappa, alpha);
                                let fx = fx_at(&p, &common, kappa, alpha).abs();
                                let at = format!("{kx} {x} {y} {fz} {fs} {gamma} {kappa} {alpha}");
                                assert!(floor <= fx, "{at}: {floor} > {fx}");
                                assert!(floor >= 0.0 && floor.is_finite(), "{at}");
                                assert!(floor >= 0.98 * fx, "{at}: {floor} vs {fx}");
                                cases += usize::from(floor > 0.0);
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(cases > 10_000, "{cases}");
}

#[test]
fn bad_input_gives_finite_output() {
    let p = SlipCurveParams::default();
    for bad in [f64::NAN, f64::INFINITY] {
        let mut i = input(bad, bad);
        assert!(p.steady_state(&i).is_finite());
        i.fz = bad;
        assert!(p.steady_state(&i).is_finite());
    }
    let mut i = input(0.1, 0.1);
    i.fz = -10.0;
    assert_eq!(p.steady_state(&i), SteadyForces::default());
}

#[test]
fn a_batch_gives_each_points_bits_zero_slip_angles_included() {
    // Batches with the contact solve's zero-slip points (α = ±0, and α = −C_γγ/C_α where the
    // camber cancels it) among random ones, against `steady_state` point by point: the batch
    // skips `tan` at a zero effective slip angle and shares it between equal α. Seeded
    // loads, rest loads, cambers and surfaces.
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || crate::test_rng::xorshift_unit(&mut x);
    let (mut cancelled, mut cases) = (0, 0);
    for case in 0..6000 {
        let p = SlipCurveParams {
            camber_stiffness_per_unit_gravity: [0.0, 40.0, 150.0][case % 3],
            ..SlipCurveParams::default()
        };
        let c = SlipInput {
            fz: 8000.0 * next(),
            rest_load: [4000.0, 0.0][case % 2],
            gamma: [0.0, 0.05 * (2.0 * next() - 1.0), -0.0][case % 3],
            friction_scale: [1.0, 0.4][case % 2],
            stiffness_scale: [1.0, 2.0, 0.5][case % 3],
            peak_slip_scale: [1.0, 3.0, 1.0, 1.0][case % 4],
            ..input(0.0, 0.0)
        };
        let shift = p.prepare(&sanitize(&c)).and_then(|q| q.camber_slip);
        let cancel = shift.map_or(0.0, |s| -s);
        let k = 0.4 * (2.0 * next() - 1.0);
        let a = 0.4 * (2.0 * next() - 1.0);
        let pts = [
            (k, a),
            (0.0, a),
            (k, 0.0),
            (k, -0.0),
            (-k, cancel),
            (k, cancel),
            (2.0 * next() - 1.0, 2.0 * next() - 1.0),
            (k, 0.0),
        ];
        let points: Vec<SlipPoint> = pts
            .iter()
            .map(|&(kappa, alpha)| SlipPoint {
                kappa,
                alpha,
                need: ForceNeed::Both,
            })
            .collect();
        let mut out = [(0.0, 0.0); 8];
        p.forces_at(&c, &points, &mut out);
        for (pt, got) in points.iter().zip(out) {
            let want = p.steady_state(&pt.input(&c));
            let b = |(x, y): (f64, f64)| [x.to_bits(), y.to_bits()];
            assert_eq!(b(got), b((want.fx, want.fy)), "{c:?} {pt:?}");
            cases += 1;
        }
        cancelled += usize::from(shift.is_some_and(|s| s != 0.0 && cancel + s == 0.0));
    }
    assert!(cancelled > 1000, "{cancelled}");
    assert_eq!(cases, 48_000);
}
