//! Sprung-mass overrides (PhysX `mSprungMass`, issue 17): corner weights set by hand are the
//! loads the vehicle rests on, and bad overrides are refused with the field and the rule.

mod support;

use skidpad::ground::Plane;
use skidpad::presets;
use support::{run, spawn};

const DT: f64 = 1.0 / 120.0;
const G: f64 = 9.81;

/// The friction-circle sedan (`sedan-simple`) with a cross-weight of ±30 kg (fl and rr heavier, fr and rl lighter) on top of the
/// computed split: the twist keeps the total mass and both moments (Σ Δm = 0, Σ Δm·x = 0,
/// Σ Δm·y = 0 for a rectangle), so the springs' preloads hold the body level at its design
/// height and the wheels carry exactly (mᵢ ± 30 kg)·g. Checked within 0.5 % of each load
/// (≈ 20 N; the twist itself is 294 N), and the body stays level within 1 mrad.
#[test]
fn cross_weight_override_is_the_resting_load() {
    let mut p = presets::sedan_simple();
    let m = p.sprung_masses().unwrap();
    let twist = [30.0, -30.0, -30.0, 30.0];
    for (i, w) in p.wheels.iter_mut().enumerate() {
        w.sprung_mass = Some(m[i] + twist[i]);
    }
    let want: Vec<f64> = (0..4).map(|i| (m[i] + twist[i]) * G).collect();
    let mut v = spawn(p);
    run(&mut v, &Plane::flat(), DT, 5.0);
    for (i, w) in v.state().wheels().iter().enumerate() {
        let load = w.normal_load;
        assert!(
            (load - want[i]).abs() < 0.005 * want[i],
            "wheel {i}: load {load:.1} N, want {:.1} N",
            want[i]
        );
    }
    let (roll, pitch, _) = v
        .state()
        .chassis
        .pose
        .rotation
        .to_euler(glam::EulerRot::XYZ);
    assert!(
        roll.abs() < 1e-3 && pitch.abs() < 1e-3,
        "roll {roll}, pitch {pitch}"
    );
    // Without the override the same car rests on the computed split: the twist is real.
    let mut plain = spawn(presets::sedan_simple());
    run(&mut plain, &Plane::flat(), DT, 5.0);
    let d = v.state().wheels()[0].normal_load - plain.state().wheels()[0].normal_load;
    assert!(
        (d - 30.0 * G).abs() < 0.1 * 30.0 * G,
        "fl load moved by {d:.1} N"
    );
}

/// Partial overrides, a sum off the chassis mass, and a CoM move over overrides are refused.
#[test]
fn bad_overrides_are_refused() {
    let mut p = presets::sedan_simple();
    p.wheels[0].sprung_mass = Some(400.0);
    let e = p.validate().unwrap_err().to_string();
    assert!(
        e.contains("wheels[1].sprung_mass") && e.contains("every"),
        "{e}"
    );

    // 4 × 390 kg = 1560 kg against 1500 kg: 4 % off, beyond the 1 % scale tolerance.
    let mut p = presets::sedan_simple();
    for w in &mut p.wheels {
        w.sprung_mass = Some(390.0);
    }
    let e = p.validate().unwrap_err().to_string();
    assert!(e.contains("chassis.mass") && e.contains("1560"), "{e}");

    // 4 × 376 kg = 1504 kg: 0.27 % off, accepted.
    for w in &mut p.wheels {
        w.sprung_mass = Some(376.0);
    }
    p.validate().unwrap();
    let e = p
        .set_com_offset(glam::DVec3::new(0.1, 0.0, 0.0))
        .unwrap_err()
        .to_string();
    assert!(e.contains("wheels[0].sprung_mass"), "{e}");

    let mut p = presets::sedan_simple();
    for w in &mut p.wheels {
        w.sprung_mass = Some(-1.0);
    }
    let e = p.validate().unwrap_err().to_string();
    assert!(e.contains("wheels[0].sprung_mass"), "{e}");
}
