//! Tests of the friction-circle tyre ([`super`]): the model by hand, and its batch, force,
//! moment and sliding floor against [`TireModel::steady_state`] on seeded random cases.

use super::*;
use crate::tire::interface::sanitize;

#[test]
fn linear_below_the_limit_and_on_the_circle_above() {
    let m = FrictionCircleParams::default();
    // κ = 0.01 at 4 kN: Fx = 18·4000·0.01 = 720 N, well inside µ·Fz = 4000 N.
    let f = m.steady_state(&SlipInput {
        fz: 4000.0,
        kappa: 0.01,
        ..SlipInput::default()
    });
    assert!((f.fx - 720.0).abs() < 1e-9, "{f:?}");
    // tan α = 0.01: Fy = −17·4000·0.01 = −680 N (sliding left, pushed right).
    let f = m.steady_state(&SlipInput {
        fz: 4000.0,
        alpha: 0.01f64.atan(),
        ..SlipInput::default()
    });
    assert!((f.fy + 680.0).abs() < 1e-9, "{f:?}");
    // κ = 0.5, α = 0.3: the linear force (36 kN, 21 kN) is far outside; it is scaled onto
    // the circle µ·Fz = 4000 N keeping its direction.
    let f = m.steady_state(&SlipInput {
        fz: 4000.0,
        kappa: 0.5,
        alpha: 0.3,
        ..SlipInput::default()
    });
    assert!((f.fx.hypot(f.fy) - 4000.0).abs() < 1e-9, "{f:?}");
    let (lx, ly) = (18.0 * 4000.0 * 0.5, -17.0 * 4000.0 * 0.3f64.tan());
    assert!((f.fy / f.fx - ly / lx).abs() < 1e-12, "{f:?}");
}

#[test]
fn every_field_is_checked() {
    let ok = FrictionCircleParams::default();
    assert!(ok.validate().is_ok());
    type Breaker = fn(&mut FrictionCircleParams);
    let cases: [(Breaker, &str); 4] = [
        (
            |p| p.longitudinal_stiffness_per_unit_load = 0.0,
            "longitudinal_stiffness_per_unit_load",
        ),
        (
            |p| p.cornering_stiffness_per_unit_load = -1.0,
            "cornering_stiffness_per_unit_load",
        ),
        (|p| p.friction = 0.0, "friction"),
        (|p| p.friction = 3.5, "friction"),
    ];
    for (breaker, path) in cases {
        let mut p = ok;
        breaker(&mut p);
        assert_eq!(p.validate().unwrap_err().path, path);
    }
}

/// A tiny deterministic generator: uniform in [0, 1).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        crate::test_rng::unit(&mut self.0)
    }

    /// Uniform in `±scale`, or now and then an edge case.
    fn value(&mut self, scale: f64) -> f64 {
        const EDGES: [f64; 8] = [0.0, -0.0, 1.0, -1.0, f64::NAN, f64::INFINITY, 1e-300, 2.0];
        if self.next() < 0.1 {
            EDGES[(self.next() * 8.0) as usize % 8]
        } else {
            scale * (2.0 * self.next() - 1.0)
        }
    }

    fn input(&mut self) -> SlipInput {
        let pick = |r: &mut Rng, v: &[f64]| v[(r.next() * v.len() as f64) as usize % v.len()];
        SlipInput {
            fz: self.value(9000.0).abs() * pick(self, &[1.0, 1.0, 1.0, -1.0]),
            kappa: self.value(1.2),
            alpha: self.value(1.7),
            friction_scale: pick(self, &[1.0, 1.0, 0.4, 1.3, 0.0, f64::NAN]),
            stiffness_scale: pick(self, &[1.0, 1.0, 0.5, 2.0, -1.0, f64::INFINITY]),
            peak_slip_scale: pick(self, &[1.0, 1.0, 0.5, 3.0, 0.0, f64::NAN]),
            ..SlipInput::default()
        }
    }
}

fn models() -> [FrictionCircleParams; 2] {
    [
        FrictionCircleParams::default(),
        FrictionCircleParams {
            longitudinal_stiffness_per_unit_load: 0.4,
            cornering_stiffness_per_unit_load: 12.0,
            friction: 1.7,
        },
    ]
}

#[test]
fn batch_force_and_moment_are_the_steady_state_bit_for_bit() {
    let mut rng = Rng(29);
    for m in models() {
        for _ in 0..20_000 {
            let common = rng.input();
            // Runs of equal α (the batch shares `tan α` between neighbours) and lone ones.
            let mut points = Vec::new();
            for _ in 0..1 + (rng.next() * 8.0) as usize {
                let alpha = match points.last() {
                    Some(SlipPoint { alpha, .. }) if rng.next() < 0.5 => *alpha,
                    _ => rng.value(1.7),
                };
                let need = [ForceNeed::Both, ForceNeed::Longitudinal, ForceNeed::Lateral]
                    [(rng.next() * 3.0) as usize % 3];
                let kappa = rng.value(1.2);
                points.push(SlipPoint { kappa, alpha, need });
            }
            let mut out = vec![(f64::NAN, f64::NAN); points.len()];
            m.forces_at_kept(&common, &points, &mut out, &mut KeptLoad::default());
            for (p, got) in points.iter().zip(&out) {
                let input = p.input(&common);
                let want = m.steady_state(&input);
                let bits = |(x, y): (f64, f64)| [x.to_bits(), y.to_bits()];
                assert_eq!(bits(*got), bits((want.fx, want.fy)), "{input:?}");
                assert_eq!(bits(m.forces(&input, p.need)), bits(*got), "{input:?}");
                assert_eq!(want.mz.to_bits(), 0.0f64.to_bits());
                assert_eq!(m.aligning_moment(&input).to_bits(), want.mz.to_bits());
                let kept = m.aligning_moment_kept(&input, &mut KeptLoad::default());
                assert_eq!(kept.to_bits(), want.mz.to_bits());
            }
        }
    }
    assert!(!FrictionCircleParams::default().has_aligning_moment());
}

#[test]
fn sliding_floor_bounds_the_force_and_is_the_circle() {
    let mut rng = Rng(2029);
    let (mut on_circle, mut linear) = (0, 0);
    for m in models() {
        for _ in 0..20_000 {
            let input = rng.input();
            let floor = m.sliding_force_floor_kept(
                &input,
                input.kappa,
                input.alpha,
                &mut KeptLoad::default(),
            );
            let f = m.steady_state(&input);
            let len = crate::tire::norm::norm(f.fx, f.fy);
            assert!(floor >= 0.0 && floor <= len, "{input:?}: {floor} > {len}");
            // The floor is the shorter of the linear Fx and the circle, less 10⁻⁹.
            let s = sanitize(&input);
            let circle = m.friction * s.friction_scale * s.fz;
            let fx_lin = (m.longitudinal_stiffness_per_unit_load * s.stiffness_scale * s.fz)
                * (s.kappa / s.peak_slip_scale);
            let want = fx_lin.abs().min(circle);
            if floor > 0.0 || want > 1e-140 {
                assert!(
                    (floor - want).abs() <= 2e-9 * want,
                    "{input:?}: {floor} {want}"
                );
            }
            if floor > 0.0 && fx_lin.abs() >= circle {
                on_circle += 1;
            } else if floor > 0.0 {
                linear += 1;
            }
        }
    }
    assert!(on_circle > 1000 && linear > 1000, "{on_circle} {linear}");
    // By hand: 4 kN at κ = 1 is 72 kN linear, far outside µ·F_z = 4 kN: the floor is the
    // circle less 10⁻⁹; at κ = 0.01, 720 N inside it: the linear Fx less 10⁻⁹, whatever α.
    let m = FrictionCircleParams::default();
    let c = SlipInput {
        fz: 4000.0,
        ..SlipInput::default()
    };
    let floor =
        |kappa, alpha| m.sliding_force_floor_kept(&c, kappa, alpha, &mut KeptLoad::default());
    assert!((floor(1.0, 0.3) - 4000.0 * (1.0 - 1e-9)).abs() < 1e-9);
    assert!((floor(-0.01, 0.0) - 720.0 * (1.0 - 1e-9)).abs() < 1e-9);
}

#[test]
fn known_zero_slip_forces_are_the_batchs() {
    let mut rng = Rng(929);
    let mut known = 0;
    for m in models() {
        for _ in 0..20_000 {
            let common = rng.input();
            let Some((zx, zy)) = m.zero_slip_forces(&common, &mut KeptLoad::default()) else {
                continue;
            };
            known += 1;
            let (kappa, alpha) = (rng.value(1.2), rng.value(1.7));
            let points = [
                SlipPoint {
                    kappa: 0.0,
                    alpha,
                    need: ForceNeed::Longitudinal,
                },
                SlipPoint {
                    kappa,
                    alpha: 0.0,
                    need: ForceNeed::Lateral,
                },
            ];
            let mut out = [(f64::NAN, f64::NAN); 2];
            m.forces_at(&common, &points, &mut out);
            assert_eq!(out[0].0.to_bits(), zx.to_bits(), "{common:?} {alpha}");
            assert_eq!(out[1].1.to_bits(), zy.to_bits(), "{common:?} {kappa}");
        }
    }
    assert!(known > 20_000, "{known}");
}

#[test]
fn max_tan_is_tan_of_the_largest_slip_angle() {
    // The closed form's clamp of `tan α` (`LinearCircle::max_tan`) has the bits of the
    // model's `tan` of its clamped angle.
    assert_eq!(MAX_TAN.to_bits(), 1.5f64.tan().to_bits());
    let shape = FrictionCircleParams::default()
        .linear_circle_kept(
            &SlipInput {
                fz: 4000.0,
                ..SlipInput::default()
            },
            &mut KeptLoad::default(),
        )
        .expect("a linear circle");
    assert_eq!(shape.max_tan.to_bits(), MAX_TAN.to_bits());
    assert_eq!(shape.clamp_tan(100.0), MAX_TAN);
    assert_eq!(shape.clamp_tan(-0.5), -0.5);
}
