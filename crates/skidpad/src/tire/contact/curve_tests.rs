//! The slip-curve tyre's linearisation without the batch (`curve.rs`) against the general
//! path's evaluations of the same model: bit for bit over seeded random contacts, the force
//! limit's bound below the limit.

use super::curve::TAN_PROBE;
use super::*;
use crate::curve::Curve;
use crate::tire::SlipCurveParams;
use crate::tire::params::TireParams;
use crate::tire::slip_curve::saturation;
use crate::tire::trig::tan;
use std::sync::Arc;

#[test]
fn the_probes_tangent_is_the_trig_functions() {
    // The model's `tan α` at the lateral probe `α = atan(±10⁻⁴)`, and its mirror image.
    let want = tan(atan(SLOPE_PROBE));
    assert_eq!(TAN_PROBE.to_bits(), want.to_bits(), "{want:e}");
    assert_eq!((-TAN_PROBE).to_bits(), tan(atan(-SLOPE_PROBE)).to_bits());
}

/// The models: PhysX's defaults; a friction graph with a peak and no grip at zero slip (no
/// force there: the points without one); stiff and soft tyres; a camber stiffness (the
/// general path, camber shift).
fn models() -> [SlipCurveParams; 4] {
    let d = SlipCurveParams::default();
    [
        d.clone(),
        SlipCurveParams {
            friction_vs_slip: Curve::new(&[(0.0, 0.0), (0.1, 1.2), (1.0, 0.8)]),
            friction: 1.4,
            ..d.clone()
        },
        SlipCurveParams {
            longitudinal_stiffness_per_unit_gravity: 5000.0,
            lat_stiff_y: 40.0,
            lat_stiff_x: 0.5,
            friction_vs_slip: Curve::new(&[(0.0, 1.0), (0.3, 1.1), (1.0, 0.7)]),
            ..d.clone()
        },
        SlipCurveParams {
            camber_stiffness_per_unit_gravity: 300.0,
            ..d
        },
    ]
}

/// Seeded random contacts for each model: loads from 0 to 9 kN (and tiny), slips across the
/// probe, the secants, saturation and the largest slip angle (and subnormal ones), speeds,
/// spins, surface scales (a friction scale of 10³⁰ with a subnormal slip gives `K = 0`, a NaN
/// saturation), camber, torques and grip limits.
fn random_cases(mut each: impl FnMut(&SlipCurveParams, &ContactInput, &TireState)) {
    let mut state = 0x5eed_0037_u64;
    let mut next = || crate::test_rng::unit(&mut state);
    let r = RelaxationParams::default();
    for m in &models() {
        for _ in 0..8_000 {
            let pick = |x: f64, edges: &[f64]| edges[(x * edges.len() as f64) as usize];
            let c = ContactInput {
                load: 9000.0 * next() * pick(next(), &[1.0, 1.0, 1.0, 0.0, 1e-300]),
                vx: 40.0 * (next() - 0.5) * pick(next(), &[1.0, 1.0, 0.01]),
                vy: pick(next(), &[0.0, 0.0, 1.0, -3.0]) * next(),
                camber: pick(next(), &[0.0, 0.0, 0.05, -0.1]) * next(),
                drive_torque: pick(next(), &[0.0, 0.0, 300.0, -2000.0, 5000.0]) * next(),
                brake_torque: pick(next(), &[0.0, 0.0, 0.0, 500.0, 8000.0]) * next(),
                effective_mass: pick(next(), &[350.0, 350.0, 0.0]),
                rest_load: 4000.0,
                friction_scale: pick(next(), &[1.0, 1.0, 0.3, 0.0, 1e30]),
                stiffness_scale: pick(next(), &[1.0, 1.0, 0.5, 2.0]),
                peak_slip_scale: pick(next(), &[1.0, 1.0, 2.0]),
                grip_x: pick(next(), &[1.0, 1.0, 1.0, 1.0, 0.6]),
                handbrake: pick(next(), &[0.0, 0.0, 0.0, 0.0, 0.5]),
                handbrake_lateral_grip: 0.4,
                ..ContactInput::new(0.3, 1.0, 9.81)
            };
            let mut s = TireState {
                omega: (c.vx + 3.0 * (next() - 0.5) * pick(next(), &[0.0, 1e-4, 1.0])) / 0.3,
                ..Default::default()
            };
            let slip = [0.0, 0.0, 1e-320, 2e-5, 1e-4, 0.05, 1.0, 40.0];
            s.transient.u = r.longitudinal_length * pick(next(), &slip) * (next() - 0.5);
            s.transient.v = r.lateral_length * pick(next(), &slip) * (next() - 0.5);
            each(m, &c, &s);
        }
    }
}

/// What the cases reached: each kind must occur, or the test proves little.
#[derive(Debug, Default)]
struct Seen {
    cases: usize,
    /// Took the path without the batch.
    closed: usize,
    /// … with the longitudinal / lateral central difference.
    probe_x: usize,
    probe_y: usize,
    /// … with the predicted point (no floor).
    pred: usize,
    /// The force reached the bound and the limit was evaluated (the solve).
    limited: usize,
    /// A NaN in the linearisation (`K = 0` at a zero-slip point).
    nan: usize,
}

/// `|a − b|` in units of `max(|b|, floor)`: 0 for equal bits or two NaNs, `∞` for a NaN
/// against a number.
fn apart(a: f64, b: f64, floor: f64) -> f64 {
    if a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()) {
        0.0
    } else if a.is_nan() || b.is_nan() {
        f64::INFINITY
    } else {
        (a - b).abs() / b.abs().max(floor)
    }
}

#[test]
fn the_slip_curve_path_is_the_batch_to_round_off() {
    // The points at `tan α'` itself (`Uncambered::tan_of`) against the batch at
    // `tan(atan(tan α'))`: the same model, so the same numbers but for the round-off of
    // `tan(atan t)` against `t` (≤ 35 ulp, 8·10⁻¹⁵ relative, up to the clamp), which the
    // secants, the patch's response, the spin solve and the recorded moment carry on. Each
    // value within 10⁻¹² of its size (forces: of their size or 1 N, a force near zero being
    // a difference of forces of newtons), the predicted slips and the full limit (the
    // general path's probes in both) bit for bit.
    let r = RelaxationParams::default();
    let dt = 1.0 / 60.0;
    let mut seen = Seen::default();
    let (mut worst, mut differ) = (0.0_f64, 0_usize);
    random_cases(|m, c, s| {
        // The linearisation against the general path in the slip curve's lazy mode.
        let (mut k1, mut k2) = (KeptLoad::default(), KeptLoad::default());
        let (a, pa, _) = curve::linearize_slip_curve(m, m, &r, c, s, dt, &mut k1);
        let (b, pb) = linearize_with(m, &r, c, s, dt, LimitMode::Lazy, &mut k2);
        let mut near = |x: f64, y: f64, floor: f64| {
            let d = apart(x, y, floor);
            assert!(d < 1e-12, "{x:e} vs {y:e} ({d:e}): {c:?} {s:?}");
            worst = worst.max(d);
            differ += usize::from(d > 0.0);
        };
        near(a.fx0, b.fx0, 1.0);
        near(a.fy, b.fy, 1.0);
        near(a.dfx_domega, b.dfx_domega, 1e-300);
        assert_eq!(a.wheel_torque.to_bits(), b.wheel_torque.to_bits());
        let slips = |p: Option<SlideProbes>| p.map(|p| [p.omega, p.kp, p.tp].map(f64::to_bits));
        assert_eq!(slips(pa), slips(pb), "{c:?} {s:?}");
        // The bound is at most the limit, which is the general path's.
        let full_a = pa.map_or(a.limit, |p| p.limit(m, c));
        let full_b = pb.map_or(b.limit, |p| p.limit(m, c));
        assert_eq!(full_a.to_bits(), full_b.to_bits(), "{c:?} {s:?}");
        assert!(a.limit <= full_a, "{c:?} {s:?}: {} > {full_a}", a.limit);
        // The whole solve (holds, spin, clamp, deflections, record) against the general path:
        // the same tyre as a custom model, which `solve` takes through `linearize_with`.
        let p = TireParams {
            model: TireModelKind::SlipCurve(m.clone()),
            ..TireParams::default()
        };
        let general = TireParams {
            model: TireModelKind::Custom(Arc::new(m.clone())),
            ..TireParams::default()
        };
        let (mut sa, mut sb) = (*s, *s);
        let fa = solve(p.model.as_model(), &p, c, &mut sa, dt);
        let fb = solve(general.model.as_model(), &general, c, &mut sb, dt);
        near(fa.fx, fb.fx, 1.0);
        near(fa.fy, fb.fy, 1.0);
        near(sa.fx, sb.fx, 1.0);
        near(sa.fy, sb.fy, 1.0);
        near(sa.mz, sb.mz, 1.0);
        for (x, y) in [
            (sa.omega, sb.omega),
            (sa.angle, sb.angle),
            (sa.slip_ratio, sb.slip_ratio),
            (sa.transient.u, sb.transient.u),
            (sa.transient.v, sb.transient.v),
        ] {
            near(x, y, 1e-300);
        }
        let same = |t: &TireState| [t.load, t.slip_angle].map(f64::to_bits);
        assert_eq!(same(&sa), same(&sb), "{c:?} {s:?}");
        seen.cases += 1;
        let closed = c.load > 0.0
            && c.grip_x == 1.0
            && c.lateral_grip_limit() == 1.0
            && (m.camber_stiffness_per_unit_gravity == 0.0 || c.camber == 0.0);
        if closed {
            seen.closed += 1;
            let (k0, t0) = (
                s.transient.u / r.longitudinal_length,
                s.transient.v / r.lateral_length,
            );
            seen.probe_x += usize::from(k0.abs() <= SLOPE_PROBE);
            seen.probe_y += usize::from(t0.abs() <= SLOPE_PROBE);
            seen.pred += usize::from(pa.is_some_and(|p| p.pred.is_some()));
            seen.nan += usize::from(a.fx0.is_nan() || a.fy.is_nan());
            let mut clamp_seen = false;
            let mut clamp = limit::LazyClamp {
                low: a.limit,
                full: || {
                    clamp_seen = true;
                    full_a
                },
                limit: None,
            };
            let _ = clamp.saturate(a.fx0, a.fy);
            seen.limited += usize::from(clamp_seen);
        }
    });
    eprintln!("{seen:?}; {differ} values not bit for bit, largest difference {worst:e}");
    assert!(
        seen.cases == 32_000 && seen.closed > seen.cases / 3,
        "{seen:?}"
    );
    assert!(differ > 0, "no case reached the round-off");
    assert!(seen.nan > 0, "{seen:?}");
    for n in [seen.probe_x, seen.probe_y, seen.pred, seen.limited] {
        assert!(n > 100, "{seen:?}");
    }
}

#[test]
fn the_tangent_of_the_largest_slip_angle() {
    // The clamp of `tan α'` is `tan 1.5` (the model clamps `α` to 1.5 rad): glibc's correctly
    // rounded value, within an ulp of our `tan`; and `tan_of` by hand.
    use crate::tire::slip_curve::{TAN_MAX_ANGLE, Uncambered};
    assert_eq!(TAN_MAX_ANGLE.to_bits(), 1.5f64.tan().to_bits());
    assert!((tan(1.5) - TAN_MAX_ANGLE).abs() <= 2.0 * f64::EPSILON * TAN_MAX_ANGLE);
    assert_eq!(Uncambered::tan_of(0.25), 0.25);
    assert_eq!(Uncambered::tan_of(-30.0), -TAN_MAX_ANGLE);
    assert_eq!(Uncambered::tan_of(f64::INFINITY), TAN_MAX_ANGLE);
    assert_eq!(Uncambered::tan_of(f64::NAN).to_bits(), 0.0_f64.to_bits());
    assert_eq!(Uncambered::tan_of(-0.0).to_bits(), (-0.0_f64).to_bits());
}

#[test]
fn the_bound_from_tan_is_below_the_models_floor_and_the_sliding_force() {
    // The force limit's bound from `tan α_p` itself against the model's own floor (from the
    // angle, `P₅/Q₆`) and the sliding probe's `|Fx|`: at most both; within 10⁻⁸ of the
    // probe below the clamp (the bound's excess is 10⁻⁹ of `tan α` there, the floor's up to
    // 1.2 % of it near the clamp).
    let m = SlipCurveParams::default();
    let c = ContactInput {
        load: 4000.0,
        rest_load: 4000.0,
        ..ContactInput::new(0.3, 1.0, 9.81)
    };
    let common = slip_input(&c, 0.0, 0.0, 0.0);
    let u = m.uncambered_at(curve_fields(&c)).expect("loaded");
    let mut worst = 0.0_f64;
    for i in 0..=4000 {
        let t = 20.0 * (f64::from(i) / 4000.0).powi(3);
        for (kappa, t) in [(1.0, t), (-1.0, -t)] {
            let bound = u.sliding_fx_floor_tan(kappa, t);
            let alpha = atan(t);
            let floor = m.sliding_fx_floor(&common, kappa, alpha);
            let probe = m
                .forces(&slip_input(&c, 0.0, kappa, alpha), ForceNeed::Both)
                .0;
            assert!(bound <= probe.abs(), "t {t}: {bound} > {probe}");
            if t.abs() < 13.0 {
                // At least the model's own floor but for round-off (`tan(atan t)` vs `t`).
                assert!(bound >= floor * (1.0 - 1e-12), "t {t}: {bound} < {floor}");
                worst = worst.max((probe.abs() - bound) / probe.abs());
            }
        }
    }
    assert!(worst < 1e-8, "{worst:e}");
    // By hand at `tan α = 0.05`, no camber: `F_x,lin = C_κ = 1000·9.81 = 9810 N`,
    // `C_α = 4000·17.95·s(3·1/2) = 71 800·0.875 = 62 825 N`, `F_y,lin = 3141.25 N`,
    // `|F_lin| = 10 300.66 N`, `K = 2.5752`, `s(K)/K = 1 − K/3 + K²/27 = 0.38722`:
    // `|Fx| = 3798.6 N`.
    let fy = 4000.0 * 17.95 * saturation(1.5) * 0.05;
    let k = (9810.0_f64 * 9810.0 + fy * fy).sqrt() / 4000.0;
    let want = 9810.0 * saturation(k) / k;
    assert!((want - 3798.6).abs() < 0.1, "{want}");
    // The bound: that less its margins (≈ 2·10⁻⁹ relative).
    let bound = u.sliding_fx_floor_tan(1.0, 0.05);
    assert!(
        bound < want && bound > want * (1.0 - 1e-8),
        "{bound} vs {want}"
    );
}
