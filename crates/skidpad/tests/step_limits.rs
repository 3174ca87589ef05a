//! Step-size limits (issue 12, item 5): a step longer than the stiffest spring allows runs
//! more substeps by itself (`Derived::max_substep`, `Derived::stable_substeps`), so a coarse
//! `dt` gives the small-step answer instead of garbage; a step beyond
//! `MAX_SUBSTEPS × max_substep` is refused by `Vehicle::check_dt` with the largest stable
//! value. Physical invariant: the 100–0 km/h braking distance does not depend on the step.

use skidpad::maneuver::{Options, longitudinal::braking_with};
use skidpad::params::{STEP_STABILITY_BOUND, stable_substep};
use skidpad::pipeline::MAX_SUBSTEPS;
use skidpad::vehicle::Vehicle;
use skidpad::{VehicleParams, presets};

/// Every built-in preset by name.
fn presets() -> Vec<(&'static str, VehicleParams)> {
    vec![
        ("sedan", presets::sedan()),
        ("hatch_fwd", presets::hatch_fwd()),
        ("sports_rwd", presets::sports_rwd()),
        ("rally_4wd", presets::rally_4wd()),
        ("truck_6x6", presets::truck_6x6()),
        ("tank", presets::tank()),
        ("kart", presets::kart()),
        ("truck_8x8", presets::truck_8x8()),
    ]
}

#[test]
fn stable_substep_by_hand() {
    assert_eq!(STEP_STABILITY_BOUND, 2.25);
    // Undamped: (hω)² ≤ 2.25 → h = 1.5/ω = 0.15 s for ω = 10 rad/s.
    assert!((stable_substep(100.0, 0.0) - 0.15).abs() < 1e-15);
    // ω² = 100, γ = 10: h = (−10 + √(100 + 225))/100 = 0.0802776 s; (hω)² + 2hγ = 2.25.
    let h = stable_substep(100.0, 10.0);
    assert!((h - 0.080_277_564).abs() < 1e-9, "{h}");
    assert!((h * h * 100.0 + 2.0 * h * 10.0 - 2.25).abs() < 1e-12);
    // Damper only: 2hγ ≤ 2.25 → h = 2.25/(2·10) = 0.1125 s; neither: no limit.
    assert!((stable_substep(0.0, 10.0) - 0.1125).abs() < 1e-15);
    assert_eq!(stable_substep(0.0, 0.0), f64::INFINITY);
    // A vanishing spring beside a damper (found by the vehicle-file fuzz: a 1e-300 N/m spring
    // gave h = 0 through cancellation): the damper's bound, 2.25/(2·10).
    assert!((stable_substep(1e-300, 10.0) - 0.1125).abs() < 1e-15);
}

/// The friction-circle sedan's (`sedan-simple`) bound by hand: its stiffest spring is the front tire's longitudinal patch
/// spring `K/σ`: friction circle, `K = 18 · Fz` (the default 18 per unit load), Fz = 416.67 kg
/// × 9.81 = 4087.5 N (the CoM 0.15 m ahead of mid-wheelbase: (1.35 + 0.15)/2.7 of 1500 kg on
/// two wheels), σ = 0.1 m → k = 735 750 N/m. The chassis mass felt at the contact point
/// r = (1.2, 0.775, −0.55) m from the CoM along x: 1/m = 1/1500 + 0.55²/2400 + 0.775²/2600
/// → m = 976.83 kg; ω² = 753.2 s⁻²; h = √(2.25/ω²) = 0.054656 s.
#[test]
fn sedan_bound_is_its_front_patch_spring() {
    let car = Vehicle::new(presets::sedan_simple()).unwrap();
    let d = car.derived();
    let h = d.max_substep;
    assert!((h - 0.054_656).abs() < 2e-6, "max_substep {h}");
    // The default step 1/120 s needs one substep; the preset's own counts apply.
    assert_eq!(d.stable_substeps(1.0 / 120.0), 1);
    assert_eq!(d.stable_substeps(0.1), 2);
    assert!((car.max_stable_dt() - MAX_SUBSTEPS as f64 * h).abs() < 1e-12);
}

/// At 1/30, 1/60 and 1/120 s every preset but the kart is within its bound at its own
/// substep count: the rule changes no result there (the same substeps, bit-identical runs).
/// The kart (6 Hz ride on a 160 kg body with 12 kg·m² roll inertia) needs 6 substeps at
/// 1/30 s, 3 at 1/60 s and 2 at 1/120 s: its bound is its coupled roll mode's (6.65 ms,
/// `params::max_substep`; the damping rate `Σcᵢyᵢ²/I_xx` = 225 /s, twice any corner's).
/// With one substep it was unstable at 1/60 s (roll rate 27 rad/s after 3 s of straight
/// driving, measured before this rule); at the per-corner bound alone (9.1 ms: 11 substeps at
/// 0.1 s) it rocked at 0.24 rad/s, 0.5 with an engine; see the next test.
#[test]
fn presets_at_common_steps_keep_their_substeps() {
    for (name, p) in presets() {
        let car = Vehicle::new(p.clone()).unwrap();
        for (dt, kart) in [(1.0 / 30.0, 6), (1.0 / 60.0, 3), (1.0 / 120.0, 2)] {
            let n = car.derived().stable_substeps(dt);
            let want = if name == "kart" { kart } else { 1 };
            assert_eq!(
                n,
                want,
                "{name} at dt {dt} (max_substep {})",
                car.derived().max_substep
            );
            assert!(n == 1 || n > p.sim.substeps_high_speed as usize);
        }
        // 0.1 s (the scenario maximum) is always within MAX_SUBSTEPS.
        assert!(car.check_dt(0.1).is_ok(), "{name}: {:?}", car.check_dt(0.1));
    }
}

/// Driving nearly straight at 15 m/s (throttle 0.3, steer 0.1) the body settles: after 3 s
/// its roll and pitch rates are small at every step up to 0.1 s. Before the rule, at 0.1 s
/// the cars rocked at 6–29 rad/s and the kart at 318 rad/s; measured now: ≤ 0.06 rad/s (the
/// kart 0.25 before its bound came from its coupled roll mode, 0.5 with its engine). A vehicle without steered wheels (steering disabled: the tank, steered by its
/// track speed ratio since issue 15) gets steer 0.05: 0.1 is a 21.5 m circle for the tank, at
/// its grip limit, where the skidding tracks rock it at 0.15 rad/s (0.40 at dt 0.1); 0.05 is
/// a 46 m circle (0.005 rad/s at every dt).
#[test]
fn every_preset_is_stable_up_to_a_tenth_of_a_second() {
    use skidpad::ground::Plane;
    use skidpad::steering::SteeringMode;
    use skidpad::vehicle::Intent;
    use skidpad::{DVec3, Pose};
    for (name, p) in presets() {
        for dt in [1.0 / 30.0, 1.0 / 60.0, 0.1] {
            let mut car = Vehicle::new(p.clone()).unwrap();
            let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
            car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
            car.set_velocity(DVec3::new(15.0, 0.0, 0.0), DVec3::ZERO);
            car.set_intent(Intent {
                throttle: 0.3,
                steer: if p.steering.mode == SteeringMode::Disabled {
                    0.05
                } else {
                    0.1
                },
                ..Intent::default()
            })
            .unwrap();
            let mut rate = 0.0f64;
            for k in 0..(5.0 / dt) as usize {
                car.step(dt, &Plane::flat());
                if k as f64 * dt > 3.0 {
                    let w = car.state().chassis.angular_velocity_world;
                    rate = rate.max(w.x.abs()).max(w.y.abs());
                }
            }
            assert!(
                rate < 0.3,
                "{name} at dt {dt}: roll/pitch rate {rate} rad/s"
            );
        }
    }
}

#[test]
fn too_long_a_step_is_refused_with_the_largest_stable_value() {
    let car = Vehicle::new(presets::sedan()).unwrap();
    let max = car.max_stable_dt();
    assert!(car.check_dt(max).is_ok());
    let e = car.check_dt(2.0 * max).unwrap_err();
    assert_eq!(e.field, "dt");
    let shown = skidpad::error::short_number(max);
    assert!(e.rule.contains(&format!("(0, {shown}] s")), "{e}");
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        assert!(car.check_dt(bad).is_err(), "{bad}");
    }
}

/// Braking from 100 km/h: with dt = 0.1 s (one substep at speed before the rule: 364.55 m
/// measured, against 38.98 m at 1/120 s) the distance is within 3 % of the 1/120 s one
/// (measured: 38.46 m at 0.1 s, 38.70 m at 1/30 s).
#[test]
fn braking_distance_does_not_depend_on_the_step() {
    // `sedan-simple` (friction circle, µ = 1: the distances above are its).
    let p = presets::sedan_simple();
    let run = |dt: f64| {
        let mut o = Options {
            dt,
            ..Options::default()
        };
        braking_with(&p, 100.0 / 3.6, &mut o).unwrap().distance_m
    };
    let fine = run(1.0 / 120.0);
    assert!(fine > 30.0 && fine < 50.0, "{fine}");
    for dt in [1.0 / 30.0, 0.05, 0.1] {
        let coarse = run(dt);
        assert!(
            (coarse - fine).abs() <= 0.03 * fine,
            "dt {dt}: {coarse:.2} m vs {fine:.2} m at 1/120 s"
        );
    }
}
