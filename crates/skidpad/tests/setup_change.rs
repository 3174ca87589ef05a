//! Run-time setup changes (`Vehicle::set_params`) and copying dynamic state between vehicles
//! (`Vehicle::copy_dynamics_from`), issue 17: PhysX "swapping vehicle versions" and
//! `PxVehicleCopyDynamicsData`.

mod support;

use skidpad::ground::Plane;
use skidpad::presets;
use skidpad::vehicle::{Intent, Vehicle};
use support::{drive, hold_speed, run, spawn};

const DT: f64 = 1.0 / 120.0;
const G: f64 = 9.81;

/// Swapping params equals building a vehicle of the new params and restoring the old
/// vehicle's snapshot into it: the swap keeps every bit of state and only the params change.
/// Two swaps: stiffer springs and dampers, and another tyre model (LibreRally's
/// `TyreModelMode` switch for calibration: friction circle → Fiala brush mid-corner).
#[test]
fn set_params_keeps_the_state_and_equals_new_plus_restore() {
    let g = Plane::flat();
    let mut springs = presets::sedan_simple();
    for w in &mut springs.wheels {
        w.suspension.spring_rate *= 1.5;
        w.suspension.bump_damping *= 1.2;
    }
    let mut brush = presets::sedan_simple();
    for w in &mut brush.wheels {
        w.tire.model = skidpad::tire::TireModelKind::Brush(Default::default());
    }
    for p2 in [springs, brush] {
        let mut a = spawn(presets::sedan_simple());
        drive(
            &mut a,
            &g,
            DT,
            2.0,
            Intent {
                throttle: 0.6,
                steer: 0.2,
                ..Intent::default()
            },
        );
        let saved = a.snapshot();
        a.set_params(p2.clone()).unwrap();
        // Nothing dynamic moved in the swap itself.
        assert_eq!(a.snapshot(), saved);
        let mut b = Vehicle::new(p2).unwrap();
        b.restore(&saved).unwrap();
        run(&mut a, &g, DT, 1.0);
        run(&mut b, &g, DT, 1.0);
        assert_eq!(a.state_hash(), b.state_hash());
        assert_eq!(a.steps(), b.steps());
        assert!(a.fault().is_none());
    }
}

/// The new params are in force: a sedan resting on flat ground, given 300 kg more (same CoM),
/// settles with the wheels carrying the new weight, (1500 + 300)·g = 17 658 N, within 0.5 %.
#[test]
fn new_mass_is_carried_after_a_swap() {
    let g = Plane::flat();
    let mut v = spawn(presets::sedan_simple());
    run(&mut v, &g, DT, 3.0);
    let before: f64 = v.state().wheels().iter().map(|w| w.normal_load).sum();
    assert!((before - 1500.0 * G).abs() < 0.005 * 1500.0 * G, "{before}");
    let mut p = presets::sedan_simple();
    p.chassis.mass = 1800.0;
    v.set_params(p).unwrap();
    run(&mut v, &g, DT, 4.0);
    let after: f64 = v.state().wheels().iter().map(|w| w.normal_load).sum();
    assert!((after - 1800.0 * G).abs() < 0.005 * 1800.0 * G, "{after}");
}

/// A rejected setup changes nothing and names the field; a different wheel count is refused.
#[test]
fn bad_setup_is_refused_and_nothing_changes() {
    let g = Plane::flat();
    let mut v = spawn(presets::sedan_simple());
    drive(
        &mut v,
        &g,
        DT,
        1.0,
        Intent {
            throttle: 0.5,
            ..Intent::default()
        },
    );
    let hash = v.state_hash();
    let mut bad = presets::sedan_simple();
    bad.chassis.mass = -5.0;
    let e = v.set_params(bad).unwrap_err();
    assert!(e.to_string().contains("chassis.mass"), "{e}");
    let e = v.set_params(presets::truck_6x6()).unwrap_err();
    assert!(
        e.to_string().contains("wheels") && e.to_string().contains('4'),
        "{e}"
    );
    assert_eq!(v.state_hash(), hash);
    assert_eq!(
        v.params().chassis.mass,
        presets::sedan_simple().chassis.mass
    );
}

/// Gear carries over when it still exists, and restarts in first at idle when it does not.
#[test]
fn gear_carries_over_only_when_it_exists() {
    let g = Plane::flat();
    let mut v = spawn(presets::sports_rwd());
    for _ in 0..(12.0 / DT) as usize {
        let i = hold_speed(&v, 40.0, 0.0);
        v.set_intent(i).unwrap();
        v.step(DT, &g);
    }
    let gear = v.state().drivetrain.gear;
    assert!(gear >= 3, "40 m/s should be in 3rd or above, got {gear}");
    let engine = v.state().drivetrain.engine_speed;
    // A shorter final drive: same gears exist, gear and engine speed carry over.
    let mut p = presets::sports_rwd();
    p.drivetrain.gearbox.final_drive *= 1.1;
    v.set_params(p).unwrap();
    assert_eq!(v.state().drivetrain.gear, gear);
    assert_eq!(v.state().drivetrain.engine_speed, engine);
    // A two-speed box: the engaged gear no longer exists → first gear at idle.
    let mut p = presets::sports_rwd();
    p.drivetrain.gearbox.forward_ratios = vec![3.0, 1.0];
    p.drivetrain.autobox.up = vec![0.9];
    p.drivetrain.autobox.down = vec![0.25];
    let idle = p.drivetrain.engine.idle_speed;
    v.set_params(p).unwrap();
    assert_eq!(v.state().drivetrain.gear, 1);
    assert_eq!(v.state().drivetrain.engine_speed, idle);
}

/// Copying dynamics moves the body and wheels exactly; the target keeps its own controls and
/// params; different wheel counts are refused.
#[test]
fn copy_dynamics_moves_state_not_setup() {
    let g = Plane::flat();
    let mut a = spawn(presets::sedan_simple());
    drive(
        &mut a,
        &g,
        DT,
        3.0,
        Intent {
            throttle: 0.8,
            steer: 0.1,
            ..Intent::default()
        },
    );
    let mut stiff = presets::sedan_simple();
    for w in &mut stiff.wheels {
        w.suspension.spring_rate *= 2.0;
    }
    let mut b = spawn(stiff.clone());
    b.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    b.copy_dynamics_from(&a).unwrap();
    let (sa, sb) = (a.state(), b.state());
    assert_eq!(sb.chassis.pose, sa.chassis.pose);
    assert_eq!(
        sb.chassis.linear_velocity_world,
        sa.chassis.linear_velocity_world
    );
    assert_eq!(sb.wheels()[2].tire.omega, sa.wheels()[2].tire.omega);
    // 0.8·2·900 N·m / 0.316 m / 1500 kg = 3.04 m/s² for 3 s: 9.1 m/s less spin-up and drag.
    assert!(sa.forward_speed() > 8.0, "{}", sa.forward_speed());
    assert_eq!(
        b.params().wheels[0].suspension.spring_rate,
        stiff.wheels[0].suspension.spring_rate
    );
    // b brakes (its own controls): it slows, a (throttle) does not.
    let v0 = b.state().forward_speed();
    run(&mut b, &g, DT, 0.5);
    assert!(b.state().forward_speed() < v0 - 2.0);
    let truck = Vehicle::new(presets::truck_6x6()).unwrap();
    let e = b.copy_dynamics_from(&truck).unwrap_err();
    assert!(e.to_string().contains("other.wheels"), "{e}");
}
