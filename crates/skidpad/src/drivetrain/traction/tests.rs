//! Traction control's implicit law on hand-worked wheels: one substep to the target, the
//! saturated step, the engine's sensitivity, and the `h → 0` limit.

use super::*;
use crate::drivetrain::DriveKind;
use crate::input::Intent;

/// A driven wheel of 1 kg·m², radius 0.3 m, 300 N·m at full throttle, `v_min` 1 m/s.
fn wheel() -> DriveWheel {
    DriveWheel {
        enabled: true,
        max_drive_torque: 300.0,
        radius: 0.3,
        inertia: 1.0,
        min_slip_speed: 1.0,
        ..DriveWheel::default()
    }
}

fn tc_on(kind: DriveKind) -> DrivetrainParams {
    let mut dp = DrivetrainParams {
        kind,
        ..DrivetrainParams::default()
    };
    dp.aids.tc.enabled = true;
    dp
}

/// The fraction after one substep `h` of a direct-drive [`wheel`] at full throttle, 5 m/s,
/// slipping `slip`, from the fraction `scale`.
fn step(scale: f64, slip: f64, h: f64) -> f64 {
    let intent = Intent {
        throttle: 1.0,
        ..Intent::default()
    };
    let input = PowertrainInput {
        intent: &intent,
        hold: 0.0,
        forward_speed: 5.0,
        yaw_rate: 0.0,
        slip_ratio: &[slip],
        steer: &[0.0],
    };
    let mut ds = DrivetrainState {
        tc_scale: scale,
        ..DrivetrainState::default()
    };
    let dp = tc_on(DriveKind::Direct);
    let topology = Topology::default();
    traction_control(&dp, &[wheel()], &topology, &input, 1.0, &mut ds, h)
}

/// `G = h·R·T_s/(I·v) = 0.01·0.3·300/(1·5) = 0.18`: from 0.9 at slip 0.11 the law needs
/// `−0.01/0.18 = −0.0556`, inside `rate·h = 0.08`, and takes it. The wheel, spinning at the
/// slip 0.11 against a sliding tyre's constant 270 N·m (what held it at 0.9), then spins
/// `ω' = ω + h·(300·s' − 270)/I` and ends the substep at the target slip.
#[test]
fn the_law_brings_a_sliding_wheel_to_the_target_in_one_substep() {
    let (h, v, r) = (0.01, 5.0, 0.3);
    let s = step(0.9, 0.11, h);
    assert!((s - (0.9 - 0.01 / 0.18)).abs() < 1e-12, "{s}");
    let omega = v * 1.11 / r;
    let omega1 = omega + h * (300.0 * s - 0.9 * 300.0) / 1.0;
    let slip1 = (omega1 * r - v) / v;
    assert!((slip1 - 0.1).abs() < 1e-12, "{slip1}");
}

/// Beyond `rate·h·G` the step is the continuous law's `∓rate·h`: slip 0.3 from 0.9 needs
/// `−1.11`, takes `−0.08`; slip 0 needs `+0.556`, takes `+0.08` (and stops at 1).
#[test]
fn the_law_saturates_at_rate_times_h() {
    assert!((step(0.9, 0.3, 0.01) - 0.82).abs() < 1e-12);
    assert!((step(0.9, 0.0, 0.01) - 0.98).abs() < 1e-12);
    assert_eq!(step(0.95, 0.0, 0.01), 1.0);
    assert_eq!(step(0.06, 0.5, 0.01), 0.05);
}

/// An engine drive: the wheel's torque share 0.5 of the engine's torque through the first
/// gear's total ratio `G₁`, its inertia plus half the engine's seen through `G₁`. The default
/// engine gives 500 N·m at full throttle at 0.33 of its 600 rad/s limit (198 rad/s).
#[test]
fn an_engine_wheel_sees_its_share_of_the_torque_and_the_engine_inertia() {
    let dp = tc_on(DriveKind::Engine);
    let g1 = dp.gearbox.total_ratio(1);
    let ds = DrivetrainState {
        gear: 1,
        engine_speed: 198.0,
        ..DrivetrainState::default()
    };
    let intent = Intent::default();
    let input = PowertrainInput {
        intent: &intent,
        hold: 0.0,
        forward_speed: 0.5,
        yaw_rate: 0.0,
        slip_ratio: &[0.2],
        steer: &[0.0],
    };
    let h = 1.0 / 120.0;
    let g = sensitivity(&dp, &wheel(), 0.5, 0.8, &ds, &input, h);
    // v = max(0.5, v_min = 1) = 1 m/s.
    let by_hand = h * 0.3 * (0.5 * g1 * 0.8 * 500.0) / ((1.0 + 0.5 * 0.2 * g1 * g1) * 1.0);
    assert!((g - by_hand).abs() < 1e-12 * by_hand, "{g} vs {by_hand}");
    let neutral = DrivetrainState { gear: 0, ..ds };
    assert_eq!(
        sensitivity(&dp, &wheel(), 0.5, 0.8, &neutral, &input, h),
        0.0
    );
}

/// `G ∝ h`, so the unsaturated band `|κ − κ_target| < rate·h·G = 8·18·h²` closes as `h²`:
/// an error of 0.01 takes the projection at h = 10 ms (`−0.01/0.18`) and the continuous
/// law's `−rate·h` exactly from h = 8.3 ms down.
#[test]
fn as_h_goes_to_zero_the_step_is_the_continuous_law() {
    let s = step(0.9, 0.11, 0.01);
    assert!((s - (0.9 - 0.01 / 0.18)).abs() < 1e-12);
    for h in [8e-3, 1e-3, 1e-4, 1e-6] {
        let ds = step(0.9, 0.11, h) - 0.9;
        assert!((ds + 8.0 * h).abs() < 1e-12, "h = {h}: {ds}");
        let ds = step(0.9, 0.09, h) - 0.9;
        assert!((ds - 8.0 * h).abs() < 1e-12, "h = {h}: {ds}");
    }
}

/// A wheel on a dyno roller at 3 m/s (a linear tyre, `F = 30 kN·κ`, `R` 0.3 m, 20 kg·m²
/// with the engine's share, 1500 N·m at full fraction: it would slip 0.167 untouched, the
/// target 0.1 needs the fraction 0.6), its spin solved implicitly as the grip stage does:
/// `κ' = (κ + 7.5·h·s)/(1 + 45·h)`. Over 0.5 s, at 1 / 2 / 4 substeps of a 1/60 s step, the
/// time integral of the fraction (the drive's share of the work) against 1/4096 s, and the
/// largest fraction change over the last half (settled): the law converges in `h` and the
/// settled fraction moves by less than half of `rate·h` a substep (the explicit law's
/// `±rate·h` limit cycle moves it by all of `rate·h`).
#[test]
fn a_wheel_on_a_roller_converges_in_h_without_a_limit_cycle() {
    let run = |h: f64| {
        let (mut slip, mut s, mut work, mut last_half) = (0.0, 1.0, 0.0, 0.0_f64);
        let n = (0.5 / h).round() as usize;
        let dp = tc_on(DriveKind::Direct);
        for k in 0..n {
            let g = 7.5 * h;
            let s1 = aids::tc_scale(&dp.aids.tc, s, slip, g, h);
            if k >= n / 2 {
                last_half = last_half.max((s1 - s).abs() / (8.0 * h));
            }
            s = s1;
            slip = (slip + 7.5 * h * s) / (1.0 + 45.0 * h);
            work += s * h;
        }
        (work, last_half)
    };
    let reference = run(1.0 / 60.0 / 4096.0).0;
    let err: Vec<f64> = [1.0, 2.0, 4.0]
        .iter()
        .map(|n| {
            let (w, amplitude) = run(1.0 / 60.0 / n);
            assert!(amplitude < 0.5, "{n} substeps: {amplitude}");
            (w - reference).abs()
        })
        .collect();
    assert!(err[1] < 0.5 * err[0] && err[2] < err[1], "{err:?}");
}
