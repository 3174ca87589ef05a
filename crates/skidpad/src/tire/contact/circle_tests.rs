//! The closed-form linearisation of a [`LinearCircle`] tyre (`circle.rs`) against the general
//! path's evaluations of the same model: numbers worked out by hand, and the largest
//! difference over seeded random contacts (round-off: `tan(atan t)` against `t`).

use super::lazy_tests::Generic;
use super::*;
use crate::tire::FrictionCircleParams;
use crate::tire::params::TireParams;

/// A contact at rest without the damper (`m = 0`), `ω = 0`: `fx0 = K_x·κ₀`, `fy = −K_y·tan α₀`,
/// `dFx/dω' = K_x/σx·dt·R`.
fn at_rest(load: f64) -> ContactInput {
    ContactInput {
        load,
        effective_mass: 0.0,
        rest_load: load,
        ..ContactInput::new(0.3, 1.0, 9.81)
    }
}

#[test]
fn closed_form_by_hand() {
    let m = FrictionCircleParams::default();
    let r = RelaxationParams::default();
    let dt = 0.01;
    let state = |k0: f64, t0: f64| {
        let mut s = TireState::default();
        s.transient.u = k0 * r.longitudinal_length;
        s.transient.v = t0 * r.lateral_length;
        s
    };
    let lin = |c: &ContactInput, s: &TireState| {
        let mut kept = KeptLoad::default();
        let (l, probes) = linearize_with(&m, &r, c, s, dt, LimitMode::LazyLinear, &mut kept);
        (l, probes.expect("lazy").pred)
    };
    // Below the circle at 4 kN: (18·4000·0.01, −17·4000·0.02) = (720, −1360) N, |F| = 1539 N
    // < 4000 N: the slopes are the stiffnesses 72 000 and 68 000 N.
    let (l, pred) = lin(&at_rest(4000.0), &state(0.01, 0.02));
    assert!((l.fx0 - 720.0).abs() < 1e-9, "{l:?}");
    assert!((l.fy + 1360.0).abs() < 1e-9, "{l:?}");
    let dfx = 72_000.0 / r.longitudinal_length * dt * 0.3;
    assert!((l.dfx_domega - dfx).abs() < 1e-9 * dfx, "{l:?}");
    // The limit's floor: min(|18·4000·1|, 4000)·(1 − 10⁻⁹); the predicted point waits.
    assert!((l.limit - 4000.0 * (1.0 - 1e-9)).abs() < 1e-9, "{l:?}");
    assert_eq!(pred, None);
    // On the circle: (7200, −6800) N scaled to 4000 N, |F_lin| = √(7200² + 6800²).
    let (l, _) = lin(&at_rest(4000.0), &state(0.1, 0.1));
    let scale = 4000.0 / (7200.0f64 * 7200.0 + 6800.0 * 6800.0).sqrt();
    assert!((l.fx0 - 7200.0 * scale).abs() < 1e-9, "{l:?}");
    assert!((l.fy + 6800.0 * scale).abs() < 1e-9, "{l:?}");
    // Within the probe of zero slip: central differences, the stiffnesses again
    // (`fx0 = K_x·κ₀ = 72 000·5·10⁻⁵`).
    let (l, _) = lin(&at_rest(4000.0), &state(5e-5, -3e-5));
    assert!((l.fx0 - 3.6).abs() < 1e-9, "{l:?}");
    assert!((l.fy - 68_000.0 * 3e-5).abs() < 1e-9, "{l:?}");
    // Beyond the largest slip angle (tan 1.5 = 14.1): `Fy` stays at `−C_α·F_z·tan 1.5` scaled
    // onto the circle, `K_y = −Fy/tan α₀`: at 20 N of load, tan α₀ = 30, κ₀ = 0,
    // `Fy = −17·20·14.10 = −4794 N` onto `|F| = 20 N`: `fy = −K_y·30 = −20 N`.
    let (l, _) = lin(&at_rest(20.0), &state(0.0, 30.0));
    assert!((l.fy + 20.0).abs() < 1e-9, "{l:?}");
}

/// Seeded random contacts: loads from 0 to 9 kN (and tiny), slips across the probe, the
/// secants, the circle and the largest slip angle, speeds, spins, surface scales, torques and
/// both models.
fn random_cases(mut each: impl FnMut(&FrictionCircleParams, &ContactInput, &TireState)) {
    let mut state = 0x5eed_0030_u64;
    let mut next = || crate::test_rng::unit(&mut state);
    let r = RelaxationParams::default();
    let models = [
        FrictionCircleParams::default(),
        FrictionCircleParams {
            longitudinal_stiffness_per_unit_load: 0.5,
            cornering_stiffness_per_unit_load: 30.0,
            friction: 2.5,
        },
    ];
    for m in &models {
        for _ in 0..10_000 {
            let pick = |x: f64, edges: &[f64]| edges[(x * edges.len() as f64) as usize];
            let c = ContactInput {
                load: 9000.0 * next() * pick(next(), &[1.0, 1.0, 1.0, 0.0, 1e-300]),
                vx: 40.0 * (next() - 0.5) * pick(next(), &[1.0, 1.0, 0.01]),
                vy: pick(next(), &[0.0, 0.0, 1.0, -3.0]) * next(),
                drive_torque: pick(next(), &[0.0, 0.0, 300.0, -2000.0, 5000.0]) * next(),
                brake_torque: pick(next(), &[0.0, 0.0, 0.0, 500.0, 8000.0]) * next(),
                effective_mass: pick(next(), &[350.0, 350.0, 0.0]),
                rest_load: 4000.0,
                friction_scale: pick(next(), &[1.0, 1.0, 0.3, 0.0]),
                stiffness_scale: pick(next(), &[1.0, 1.0, 0.5, 2.0]),
                peak_slip_scale: pick(next(), &[1.0, 1.0, 2.0]),
                grip_x: pick(next(), &[1.0, 1.0, 1.0, 1.0, 0.6]),
                ..ContactInput::new(0.3, 1.0, 9.81)
            };
            let mut s = TireState {
                omega: (c.vx + 3.0 * (next() - 0.5) * pick(next(), &[0.0, 1e-4, 1.0])) / 0.3,
                ..Default::default()
            };
            let slip = [0.0, 2e-5, 1e-4, 0.05, 1.0, 40.0];
            s.transient.u = r.longitudinal_length * pick(next(), &slip) * (next() - 0.5);
            s.transient.v = r.lateral_length * pick(next(), &slip) * (next() - 0.5);
            each(m, &c, &s);
        }
    }
}

#[test]
fn closed_form_is_the_evaluated_path_to_round_off() {
    // Against the general path with the same model (`Generic`: the same evaluations without
    // the shape): the largest difference of a force (N: the affine force, the limit, the
    // solve's forces) and of the others relative to their size (the slope dFx/dω', the spin,
    // the deflections).
    let r = RelaxationParams::default();
    let dt = 1.0 / 60.0;
    let (mut newtons, mut relative) = (0.0_f64, 0.0_f64);
    let (mut cases, mut closed, mut differ) = (0, 0, 0);
    random_cases(|m, c, s| {
        let general = Generic::new(m);
        let lin = |model: &dyn TireModel| {
            let mut kept = KeptLoad::default();
            linearize_with(model, &r, c, s, dt, LimitMode::LazyLinear, &mut kept)
        };
        let ((got, got_probes), (want, want_probes)) = (lin(m), lin(&general));
        let full = |l: &TransientLinear, p: Option<SlideProbes>, model: &dyn TireModel| {
            p.map_or(l.limit, |p| p.limit(model, c))
        };
        let p = TireParams::friction_circle(*m);
        let (mut sa, mut sb) = (*s, *s);
        let fa = solve(m, &p, c, &mut sa, dt);
        let fb = solve(&general, &p, c, &mut sb, dt);
        let forces = [
            (got.fx0, want.fx0),
            (got.fy, want.fy),
            (got.limit, want.limit),
            (
                full(&got, got_probes, m),
                full(&want, want_probes, &general),
            ),
            (fa.fx, fb.fx),
            (fa.fy, fb.fy),
        ];
        let others = [
            (got.dfx_domega, want.dfx_domega),
            (sa.omega, sb.omega),
            (sa.transient.u, sb.transient.u),
            (sa.transient.v, sb.transient.v),
        ];
        for (a, b) in forces {
            newtons = newtons.max((a - b).abs());
            differ += usize::from(a.to_bits() != b.to_bits());
        }
        for (a, b) in others {
            relative = relative.max((a - b).abs() / b.abs().max(1e-300));
            differ += usize::from(a.to_bits() != b.to_bits());
        }
        cases += 1;
        let common = slip_input(c, s.omega, 0.0, 0.0);
        closed += usize::from(
            c.load > 0.0
                && c.grip_x == 1.0
                && m.linear_circle_kept(&common, &mut KeptLoad::default())
                    .is_some(),
        );
    });
    eprintln!(
        "closed form: {closed} of {cases} cases, {differ} values not bit for bit; largest \
         difference {newtons:e} N, {relative:e} relative"
    );
    assert!(cases >= 20_000 && closed > cases / 2, "{closed} of {cases}");
    assert!(differ > 0, "no case reached the round-off");
    assert!(newtons < 1e-9, "{newtons:e} N");
    assert!(relative < 1e-12, "{relative:e}");
}

#[test]
fn the_friction_circle_path_is_linearize_with() {
    // The direct solve's path for the friction-circle tyre against `linearize_with` in its
    // lazy linear mode, bit for bit: the affine force, the limit, the pending probes; with
    // and without a lateral grip limit (the hand brake's, which `linearize_with` decides).
    let r = RelaxationParams::default();
    let dt = 1.0 / 60.0;
    let bits = |l: &TransientLinear, p: &Option<SlideProbes>| {
        let probes = p.map(|p| {
            let pred = p.pred.map(f64::to_bits);
            (p.omega.to_bits(), p.kp.to_bits(), p.tp.to_bits(), pred)
        });
        let lin = [l.fx0, l.dfx_domega, l.fy, l.limit, l.wheel_torque].map(f64::to_bits);
        (lin, probes)
    };
    let mut cases = 0;
    random_cases(|m, c, s| {
        let mut grip = *c;
        grip.handbrake = 0.5;
        grip.handbrake_lateral_grip = 0.4;
        for c in [c, &grip] {
            let (mut k1, mut k2) = (KeptLoad::default(), KeptLoad::default());
            let (a, pa) = circle::linearize_friction_circle(m, m, &r, c, s, dt, &mut k1);
            let (b, pb) = linearize_with(m, &r, c, s, dt, LimitMode::LazyLinear, &mut k2);
            assert_eq!(bits(&a, &pa), bits(&b, &pb), "{c:?} {s:?}");
            cases += 1;
        }
    });
    assert!(cases >= 40_000, "{cases}");
}

#[test]
fn the_friction_circle_records_a_zero_moment() {
    // `record` for the friction-circle tyre (no aligning moment): `+0`, or `s_y·0` under a
    // lateral grip limit, as the general path's zero moment scaled by it.
    let p = TireParams::friction_circle(FrictionCircleParams::default());
    let mut c = at_rest(4000.0);
    let mut s = TireState::default();
    s.transient.v = 0.01;
    record(&p, &c, &mut s, 10.0, 100.0, -200.0, 0.01);
    assert_eq!(s.mz.to_bits(), 0.0_f64.to_bits());
    c.handbrake = 0.5;
    c.handbrake_lateral_grip = 0.4;
    record(&p, &c, &mut s, 10.0, 100.0, -200.0, 0.01);
    assert_eq!(s.mz.to_bits(), (c.lateral_grip_limit() * 0.0).to_bits());
    assert_eq!(s.mz.to_bits(), 0.0_f64.to_bits());
}
