//! KPIs know when they are invalid: the built-in vehicles whose standard manoeuvres used to
//! print garbage as results come out invalid with the right reason, and the sedan's stay
//! valid (its golden numbers are pinned in `maneuvers.rs`).

use skidpad::maneuver::validity::{MAX_ROLL_DEG, Rule};
use skidpad::maneuver::{CIRCLE_RADIUS, SINE_DWELL_SCALE, STEP_STEER_AY, STEP_STEER_SPEED};
use skidpad::maneuver::{standard, standard_suite_detailed};
use skidpad::presets;

#[test]
fn the_tank_cannot_run_the_80_kmh_tests() {
    // Gearing top speed 300 rad/s / (1.0 · 6.0) · 0.35 m = 17.5 m/s = 63 km/h < 80 km/h: the
    // step steer (1642 % "overshoot" before) and the sine with dwell are refused at the start.
    let p = presets::tank();
    let step = standard::step_steer(&p, STEP_STEER_SPEED, STEP_STEER_AY).unwrap();
    let why = step.invalid.expect("the step steer is void");
    assert_eq!(why.rule, Rule::AboveTopSpeed);
    assert!((why.value - 80.0).abs() < 1e-9 && (why.limit - 63.0).abs() < 1e-9);
    assert_eq!(why.time_s, 0.0);
    let k = step.kpi_set();
    assert!(k.values.is_empty(), "{k:?}");
    assert_eq!(
        k.reason("step_steer_yaw_rate_overshoot_pct"),
        Some(
            "above the vehicle's top speed at 0.00 s: test speed 80.0 km/h, gearing top \
             speed 63.0 km/h"
        )
    );
    let swd = standard::sine_with_dwell(&p, SINE_DWELL_SCALE).unwrap();
    assert_eq!(swd.invalid.map(|i| i.rule), Some(Rule::AboveTopSpeed));
    assert!(swd.kpis().is_empty());
}

#[test]
fn the_8x8_truck_rolls_over_on_the_circle_and_in_the_sine_with_dwell() {
    let p = presets::truck_8x8();
    let circle = standard::steady_state_circle(&p, CIRCLE_RADIUS).unwrap();
    let why = circle.invalid.expect("the circle is void");
    assert_eq!(why.rule, Rule::RolledOver);
    assert!(why.value.abs() > MAX_ROLL_DEG, "{why}");
    // The run stops at the rollover: no point of the sweep is taken while rolled over.
    assert!(circle.kpis().is_empty());
    assert!(
        circle
            .kpi_set()
            .reason("max_lateral_accel_mps2")
            .unwrap()
            .starts_with("rolled over at "),
    );
    let swd = standard::sine_with_dwell(&p, SINE_DWELL_SCALE).unwrap();
    assert_eq!(swd.invalid.map(|i| i.rule), Some(Rule::RolledOver));
    assert!(
        swd.kpi_set()
            .reason("sine_dwell_yaw_ratio_1_00_pct")
            .unwrap()
            .starts_with("rolled over at ")
    );
}

#[test]
fn the_sedan_suite_is_all_valid() {
    let r = standard_suite_detailed(&presets::sedan(), &mut |_, _| {}).unwrap();
    assert!(r.invalid.is_empty(), "{:#?}", r.invalid);
    assert!(r.kpis.iter().all(|(_, v)| v.is_finite()));
    assert!(r.kpis.len() >= 24, "{}", r.kpis.len());
}
