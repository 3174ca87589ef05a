//! The suspension model's tests, worked out by hand.

use super::*;
use crate::suspension::params::{BumpStopParams, RollPair};

fn p() -> SuspensionParams {
    SuspensionParams {
        spring_rate: 30_000.0,
        bump_damping: 2_000.0,
        rebound_damping: 3_000.0,
        max_compression: 0.1,
        max_droop: 0.12,
        bump_stop: BumpStopParams {
            travel: 0.02,
            rate: 1.0e7,
        },
        ..SuspensionParams::default()
    }
}

#[test]
fn a_strut_leaving_the_ground_does_no_more_work_than_it_releases() {
    // By hand: m_eff = 100 kg, h = 0.01 s, cos θ = 0.5, the point separating at
    // v_n = 1 m/s, ΔU = 30 J. a = ½·h²/(m_eff·cos²θ) = 5e-5/25 = 2e-6 m/N,
    // b = v_n·h/cos θ = 0.02 m: F = (−0.02 + √(4e-4 + 2.4e-4))/4e-6
    // = (0.0252982 − 0.02)/4e-6 = 1324.555 N. Check: along n 2649.11 N, over
    // (1 + ½·2649.11·0.01/100)·0.01 = 0.0113246 m: 30.000 J.
    let f = lift_off_force(5000.0, 30.0, 1.0, 0.5, 100.0, 0.01);
    assert!((f - 1324.555).abs() < 1e-3, "{f} N");
    let f_n = f / 0.5;
    let work = f_n * (1.0 + 0.5 * f_n * 0.01 / 100.0) * 0.01;
    assert!((work - 30.0).abs() < 1e-9, "{f} N does {work} J");
    // Not separating, or a weaker force: unchanged.
    assert_eq!(lift_off_force(5000.0, 30.0, -1.0, 0.5, 100.0, 0.01), 5000.0);
    assert_eq!(lift_off_force(100.0, 30.0, 1.0, 0.5, 100.0, 0.01), 100.0);
}

#[test]
fn a_receding_strut_does_no_more_work_than_it_releases() {
    // By hand: a linear strut, U(y) = ½·k·(y + 0.05)², k = 100 kN/m, at x = 0 (F = 5 kN);
    // m_eff = 100 kg, h = 0.01 s, cos θ = 1, v_n = 1 m/s: the travel is
    // d(F) = 0.01 + c·F, c = ½·h²/m_eff = 5e-7 m/N, d(5 kN) = 12.5 mm.
    let energy = |y: f64| 50_000.0 * (y + 0.05) * (y + 0.05);
    let r = |room| Recede {
        v_n: 1.0,
        cos: 1.0,
        m_eff: 100.0,
        h: 0.01,
        room,
    };
    // Room 13 mm: it keeps up, the force stays.
    assert_eq!(receding_force(5000.0, energy, 0.0, r(0.013)), 5000.0);
    // Room 12 mm: it leaves with the kick only (10 mm on its speed). ΔU = 125 −
    // 50000·0.038² = 52.8 J; F = (−0.01 + √(1e-4 + 4·5e-7·52.8))/1e-6 = 4338.8 N, whose
    // travel 12.17 mm still reaches the room: the lift-off limit.
    let f = receding_force(5000.0, energy, 0.0, r(0.012));
    assert!((f - 4338.8).abs() < 0.05, "{f} N");
    assert!((f * r(0.012).travel(f) - 52.8).abs() < 1e-9);
    // Room 12.4 mm: the lift-off limit (4443.8 N) travels 12.22 mm, on the ground: the
    // secant bound F = F(x) − ½·k·d(F), F = (5000 − 500)/(1 + 0.025) = 4390.244 N
    // (d = 12.195 mm: work 53.540 J = 125 − 50000·0.0378049² released).
    let f = receding_force(5000.0, energy, 0.0, r(0.0124));
    assert!((f - 4390.244).abs() < 1e-3, "{f} N");
    let d = r(0.0124).travel(f);
    assert!(f * d <= energy(0.0) - energy(-d));
    // Not receding: unchanged.
    let approach = Recede {
        v_n: -1.0,
        ..r(0.0)
    };
    assert_eq!(receding_force(5000.0, energy, 0.0, approach), 5000.0);
}

#[test]
fn rest_force_supports_sprung_mass() {
    let mut q = p();
    assert!((rest_force(&q, 400.0, 9.81) - 3924.0).abs() < 1e-9);
    // A strut leaning 20° carries m·g·cos20° along its axis.
    let b = 20f64.to_radians();
    q.travel_direction = DVec3::new(0.0, b.sin(), -b.cos());
    assert!((rest_force(&q, 400.0, 9.81) - 3924.0 * b.cos()).abs() < 1e-9);
    q.preload = Some(1000.0);
    assert_eq!(rest_force(&q, 400.0, 9.81), 1000.0);
}

#[test]
fn spring_damper_and_bump_stop_by_hand() {
    let q = p();
    let mut s = SuspensionState::default();
    let dt = 0.01;
    // First update: no history, velocity 0.
    let raw = update_jounce(&q, &mut s, Some(0.02), dt);
    assert_eq!((s.jounce, s.jounce_velocity, raw), (0.02, 0.0, 0.02));
    forces(&q, &mut s, 4000.0, raw, 0.0);
    assert!((s.force - (4000.0 + 600.0)).abs() < 1e-9);
    // Compress 1 cm in 10 ms: ẋ = 1 m/s, bump damping 2000 N.
    let raw = update_jounce(&q, &mut s, Some(0.03), dt);
    forces(&q, &mut s, 4000.0, raw, 0.0);
    assert!((s.jounce_velocity - 1.0).abs() < 1e-12);
    assert!((s.damper_force - 2000.0).abs() < 1e-9);
    // Rebound 1 cm: −1 m/s, −3000 N.
    let raw = update_jounce(&q, &mut s, Some(0.02), dt);
    forces(&q, &mut s, 4000.0, raw, 0.0);
    assert!((s.damper_force + 3000.0).abs() < 1e-9);
    // Into the bump stop: x = 0.09, δ = 0.01 → 1e7·1e-4 = 1000 N.
    s.has_history = false;
    let raw = update_jounce(&q, &mut s, Some(0.09), dt);
    forces(&q, &mut s, 4000.0, raw, 0.0);
    assert!((s.bump_stop_force - 1000.0).abs() < 1e-6);
    // Past full compression: jounce clamps at 0.1 and the rubber stops at its full
    // δ = 0.02 → 1e7·4e-4 = 4000 N (beyond it the end stop is a constraint, not a
    // stiffer spring); the strut does not move, so no damper force.
    let raw = update_jounce(&q, &mut s, Some(0.11), dt);
    forces(&q, &mut s, 4000.0, raw, 0.0);
    assert_eq!(s.jounce, 0.1);
    assert!((s.bump_stop_force - 1.0e7 * 0.02 * 0.02).abs() < 1e-6);
    assert_eq!(s.damper_force, 0.0);
}

#[test]
fn expansion_speed_limits_droop() {
    let q = SuspensionParams {
        max_expansion_speed: 1.0,
        ..p()
    };
    let mut s = SuspensionState::default();
    update_jounce(&q, &mut s, Some(0.05), 0.01);
    // The ground drops 10 cm at once: the wheel extends only 1 m/s × 10 ms and is airborne.
    update_jounce(&q, &mut s, Some(-0.05), 0.01);
    assert!((s.jounce - 0.04).abs() < 1e-12);
    assert!(!s.in_contact);
    assert!((s.jounce_velocity + 1.0).abs() < 1e-9);
    let mut s2 = s;
    forces(&q, &mut s2, 4000.0, s.jounce, 0.0);
    assert_eq!(s2.force, 0.0);
}

#[test]
fn suspension_cannot_pull() {
    let q = p();
    let mut s = SuspensionState::default();
    update_jounce(&q, &mut s, Some(-0.1), 0.01);
    forces(&q, &mut s, 1000.0, -0.1, 0.0);
    assert_eq!(s.force, 0.0);
    assert!(s.spring_force < 0.0);
}

#[test]
fn anti_roll_pair_forces() {
    let bars = [AntiRollBarParams::from_roll_stiffness(0, 1, 30_000.0, 1.5)];
    assert!((bars[0].stiffness - 13_333.333_333).abs() < 1e-3);
    let mut st = [SuspensionState::default(); 2];
    st[0] = SuspensionState {
        jounce: 0.03,
        in_contact: true,
        ..Default::default()
    };
    st[1] = SuspensionState {
        jounce: -0.01,
        in_contact: true,
        ..Default::default()
    };
    let mut out = [0.0; 2];
    let q = p();
    anti_roll_forces(&bars, &st, |_| (&q, 4000.0), &mut out);
    let f = 30_000.0 / 2.25 * 0.04;
    assert!((out[0] - f).abs() < 1e-9 && (out[1] + f).abs() < 1e-9);
    // The moment about the centreline is K_φ·φ with φ = Δx/t.
    assert!((f * 1.5 - 30_000.0 * 0.04 / 1.5).abs() < 1e-9);
    st[1].in_contact = false;
    anti_roll_forces(&bars, &st, |_| (&q, 4000.0), &mut out);
    assert_eq!(out, [0.0, 0.0]);
}

/// A bar of 10 kN/m (`K_φ` 10 kN·m/rad over a 1 m track) between two struts of `p()`
/// (30 kN/m, bump stop from 0.08 m) with 1 kN of preload, at rest (no damper force): the
/// strut forces `(F_a, F_b)` (N) the model applies at jounces `x_a`, `x_b` (m).
fn lifted_pair(xa: f64, xb: f64) -> (f64, f64) {
    let q = p();
    let bars = [AntiRollBarParams::from_roll_stiffness(0, 1, 10_000.0, 1.0)];
    let at = |x: f64| SuspensionState {
        jounce: x,
        raw_jounce: x,
        in_contact: true,
        ..Default::default()
    };
    let mut st = [at(xa), at(xb)];
    let mut out = [0.0; 2];
    anti_roll_forces(&bars, &st, |_| (&q, 1000.0), &mut out);
    forces(&q, &mut st[0], 1000.0, xa, out[0]);
    forces(&q, &mut st[1], 1000.0, xb, out[1]);
    (st[0].force, st[1].force)
}

#[test]
fn a_bar_lifts_the_wheel_it_would_pull_to_where_strut_and_bar_balance() {
    // By hand (`lifted_pair`'s struts): wheel a's ground at −0.05 m, where its spring is slack
    // (1000 − 30000·0.05 < 0), wheel b at +0.03 m: the bar's pull 10000·0.08 = 800 N would
    // pull a's ground. It rests at x* with 1000 + 30000·x* = 10000·(0.03 − x*):
    // x* = (300 − 1000)/40000 = −0.0175 m (spring 475 N, bar 475 N).
    let q = p();
    let x = lifted_jounce(&q, 1000.0, -0.05, 10_000.0, 0.03);
    assert!((x - -0.0175).abs() < 1e-12, "{x} m");
    // Held on the ground while its push wins: at −0.02 m, 400 N against 500 N → lifted to
    // the same x*; at −0.01 m, 700 N against 400 N → stays.
    assert!((lifted_jounce(&q, 1000.0, -0.02, 10_000.0, 0.03) - -0.0175).abs() < 1e-12);
    assert_eq!(lifted_jounce(&q, 1000.0, -0.01, 10_000.0, 0.03), -0.01);
    // The bar in the bump stop: against a wheel at 0.2 m the linear root
    // (2000 − 1000)/40000 = 0.025 m stands below the stop's start (0.08): x* = 0.025 m. With
    // the other at 0.5 m it would be (5000 − 1000)/40000 = 0.1 m, past the start: there
    // (1000 + 2400 + 10000·(0.08 − 0.5) = −800 N at the start)
    // 1e7·δ² + 40000·δ − 800 = 0, δ = (−4e4 + √(1.6e9 + 3.2e10))/2e7
    // = (−40000 + 183303.03)/2e7 = 7.165151 mm: x* = 0.0871652 m.
    assert!((lifted_jounce(&q, 1000.0, -0.05, 10_000.0, 0.2) - 0.025).abs() < 1e-12);
    let x = lifted_jounce(&q, 1000.0, -0.05, 10_000.0, 0.5);
    assert!((x - 0.087_165_15).abs() < 1e-8, "{x} m");
}

#[test]
fn a_bar_that_lifts_a_wheel_does_work_equal_to_its_potential() {
    // The struts and the bar push the body with the slopes of one potential,
    // `U_eff = S_b(x_b) + min over y ≥ x_a of [S_a(y) + ½·k_bar·(y − x_b)²]`, so the work they
    // take from the body over a path is its change. By hand (`lifted_pair`, wheel a lifted
    // throughout, x*(x_b) = (10000·x_b − 1000)/40000):
    // (1) a's ground from −0.06 to −0.05 m at x_b = 0.03: a lifted wheel does no work and
    //     the bar's force on b, 1000 + 30000·0.03 + 10000·(0.03 + 0.0175) = 2375 N, does not
    //     change (before `audit-s38` it was 10000·(x_b − x_a), 2800 → 2700 N, while the
    //     clamp held F_a at 0: ±1 J around the loop below from no potential);
    for xa in [-0.06, -0.055, -0.05] {
        let (fa, fb) = lifted_pair(xa, 0.03);
        assert_eq!(fa, 0.0);
        assert!((fb - 2375.0).abs() < 1e-9, "{fb} N at x_a = {xa} m");
    }
    // (2) b from 0.03 to 0.04 m at x_a = −0.06: F_b = 1000 + 30000·x_b + 10000·(x_b − x*)
    //     = 1250 + 37500·x_b, work 12.5 + 37500·(0.04² − 0.03²)/2 = 25.625 J; U_eff's change:
    //     S_b (2200² − 1900²)/60000 = 20.5 J, S_a(x*) (550² − 475²)/60000 = 1.28125 J, the bar
    //     5000·(0.055² − 0.0475²) = 3.84375 J: 25.625 J.
    let work = |from: (f64, f64), to: (f64, f64)| {
        let n = 1000;
        (0..n)
            .map(|j| {
                let t = (j as f64 + 0.5) / n as f64;
                let (fa, fb) =
                    lifted_pair(from.0 + t * (to.0 - from.0), from.1 + t * (to.1 - from.1));
                (fa * (to.0 - from.0) + fb * (to.1 - from.1)) / n as f64
            })
            .sum::<f64>()
    };
    let w = work((-0.06, 0.03), (-0.06, 0.04));
    assert!((w - 25.625).abs() < 1e-6, "{w} J");
    // (3) Around the loop (−0.06, 0.03) → (−0.06, 0.04) → (−0.05, 0.04) → (−0.05, 0.03) and
    //     back: no work.
    let cycle = w
        + work((-0.06, 0.04), (-0.05, 0.04))
        + work((-0.05, 0.04), (-0.05, 0.03))
        + work((-0.05, 0.03), (-0.06, 0.03));
    assert!(cycle.abs() < 1e-6, "{cycle} J around the loop");
}

#[test]
fn load_filter_maps_normalised_load() {
    let f = LoadFilterParams {
        curve: crate::curve::Curve::new(&[(0.0, 0.2), (1.0, 1.0), (3.0, 2.0)]),
    };
    assert!((filter_load(&f, 0.0, 4000.0) - 800.0).abs() < 1e-9);
    assert!((filter_load(&f, 8000.0, 4000.0) - 6000.0).abs() < 1e-9);
    assert!((filter_load(&LoadFilterParams::default(), 5000.0, 4000.0) - 5000.0).abs() < 1e-9);
}

#[test]
fn body_roll_signs() {
    let p = BodyRollParams {
        enabled: true,
        pairs: vec![RollPair {
            left: 0,
            right: 1,
            roll_stiffness: 1000.0,
            front: true,
        }],
        pitch_stiffness: 2000.0,
        roll_damping: 10.0,
        pitch_damping: 20.0,
        roll_accel_gain: 5.0,
        pitch_accel_gain: 7.0,
    };
    let mut st = [SuspensionState::default(); 4];
    st[0].jounce = 0.02; // front left compressed
    st[1].jounce = 0.0;
    st[2].jounce = -0.01;
    st[3].jounce = -0.01;
    let front = [true, true, false, false];
    let t = body_roll_torque(
        &p,
        &st,
        &front,
        DVec3::new(0.1, 0.2, 0.0),
        DVec3::new(-3.0, 2.0, 0.0),
    );
    // roll = −1000·0.02 − 10·0.1 + 5·2 = −11; pitch = 2000·(0.01 − (−0.01)) − 20·0.2 + 7·3 = 57
    assert!((t.x + 11.0).abs() < 1e-9, "{t}");
    assert!((t.y - 57.0).abs() < 1e-9, "{t}");
    let off = BodyRollParams::default();
    assert_eq!(
        body_roll_torque(&off, &st, &front, DVec3::ONE, DVec3::ONE),
        DVec3::ZERO
    );
}
