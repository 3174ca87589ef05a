//! `maneuver::Options`: ground, step, driver gains and the observer of the measured run.

use skidpad::ground::{Plane, SurfaceId};
use skidpad::maneuver::driver::DriverParams;
use skidpad::maneuver::{Options, lane_change, longitudinal, standard};
use skidpad::presets::sedan;
use skidpad::vehicle::Vehicle;

#[test]
fn explicit_flat_ground_is_the_default_bit_for_bit() {
    // A ray cast finds z = 0 under the start, so Some(flat) places the car exactly as None.
    let p = sedan();
    let flat = Plane::flat();
    let a = longitudinal::braking_with(&p, 20.0, &mut Options::default()).unwrap();
    let b = longitudinal::braking_with(
        &p,
        20.0,
        &mut Options {
            ground: Some(&flat),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(a, b);
}

#[test]
fn ground_raised_by_a_metre_changes_nothing_but_height() {
    // The start is found by a ray cast: a plane 1 m up (the same plane, shifted) gives the
    // same stop, and the observer sees the body 1 m higher than on the plain plane.
    let p = sedan();
    let raised = Plane::new(skidpad::DVec3::new(0.0, 0.0, 1.0), skidpad::DVec3::Z);
    let zs = |ground: Option<&Plane>| {
        let mut z = Vec::new();
        let mut watch = |v: &Vehicle| z.push(v.state().chassis.pose.translation.z);
        let r = longitudinal::braking_with(
            &p,
            15.0,
            &mut Options {
                ground: ground.map(|g| g as &dyn skidpad::ground::Ground),
                observer: Some(&mut watch),
                ..Options::default()
            },
        )
        .unwrap();
        (r, z)
    };
    let (r0, z0) = zs(None);
    let (r1, z1) = zs(Some(&raised));
    assert!(
        (r0.distance_m - r1.distance_m).abs() < 1e-6,
        "{r0:?} {r1:?}"
    );
    assert_eq!(z0.len(), z1.len());
    for (a, b) in z0.iter().zip(&z1) {
        assert!((b - a - 1.0).abs() < 1e-6, "{a} {b}");
    }
}

#[test]
fn observer_sees_each_step_of_the_measured_run_only() {
    let p = sedan();
    // Coast-down: 30 → 5 m/s; one call per step.
    let mut n = 0usize;
    let mut last_speed = 0.0;
    let mut count = |v: &Vehicle| {
        n += 1;
        last_speed = v.state().forward_speed();
    };
    longitudinal::coast_down_with(
        &p,
        &mut Options {
            observer: Some(&mut count),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(n > 1000, "{n}");
    assert!(last_speed <= 5.0 && last_speed > 4.9, "{last_speed}");
    // Sine with dwell: its calibrating step steers are not observed, only its own
    // 1/0.7 + 0.5 + 2 s ≈ 3.93 s run.
    let mut n = 0usize;
    let mut count = |_: &Vehicle| n += 1;
    let opts = &mut Options {
        observer: Some(&mut count),
        ..Options::default()
    };
    standard::sine_with_dwell_with(&p, 2.0, opts).unwrap();
    let t = 1.0 / standard::SINE_DWELL_FREQUENCY + standard::SINE_DWELL_DWELL + 2.0;
    assert!((n as f64 - t / standard::DT).abs() <= 2.0, "{n}");
}

#[test]
fn bad_options_are_errors() {
    let p = sedan();
    for dt in [0.0, -0.01, 0.2, f64::NAN] {
        let e = longitudinal::acceleration_with(
            &p,
            &mut Options {
                dt,
                ..Options::default()
            },
        )
        .unwrap_err();
        assert_eq!(e.path, "dt");
    }
    let e = standard::steady_state_circle_with(&p, -40.0, &mut Options::default()).unwrap_err();
    assert_eq!(e.path, "radius");
    let flat = Plane::flat();
    let e = longitudinal::park_creep_with(
        &p,
        30.0,
        60.0,
        SurfaceId(0),
        &mut Options {
            ground: Some(&flat),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.path, "ground");
    let e = longitudinal::park_creep_with(&p, 0.0, 60.0, SurfaceId(0), &mut Options::default())
        .unwrap_err();
    assert_eq!(e.path, "grade_pct");
    // No ground under the lane change's start 60 m before the origin.
    let small =
        skidpad::ground::HeightField::from_fn(11, 11, 1.0, glam::DVec2::new(-5.0, -5.0), |_, _| {
            0.0
        })
        .unwrap();
    let e = lane_change::double_lane_change_with(
        &p,
        10.0,
        &mut Options {
            ground: Some(&small),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.path, "ground");
}

#[test]
fn driver_gains_are_an_option() {
    // A lazier driver (twice the look-ahead) passes the lane change at 40 km/h all the same
    // but with a smaller peak lateral acceleration than the suite's driver: the longer
    // look-ahead cuts the corners less sharply.
    let p = sedan();
    let suite = lane_change::double_lane_change(&p, 40.0 / 3.6).unwrap();
    let base = lane_change::lane_change_driver();
    let lazy = lane_change::double_lane_change_with(
        &p,
        40.0 / 3.6,
        &mut Options {
            driver: Some(DriverParams {
                lookahead_min: 2.0 * base.lookahead_min,
                ..base
            }),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(suite.passed);
    assert!(
        lazy.max_lateral_accel < suite.max_lateral_accel,
        "{} vs {}",
        lazy.max_lateral_accel,
        suite.max_lateral_accel
    );
}
