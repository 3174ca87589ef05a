//! Hand-brake (auxiliary-brake) grip shaping, ground_vehicle's "optional auxiliary-brake grip
//! shaping" (issue 17): while the hand brake is pulled with command `h`, a wheel with a hand
//! brake works with the lateral grip limit `s_y·(1 + (k_hb − 1)·h)`
//! (`WheelParams::handbrake_lateral_grip` = `k_hb`, default 1 = off).

mod support;

use skidpad::ground::Plane;
use skidpad::presets;
use skidpad::tire::model::{ContactInput, solve_contact};
use skidpad::tire::{TireParams, TireState};
use skidpad::vehicle::{Intent, Vehicle, VehicleParams, WheelParams};
use skidpad::{DVec3, Pose};

const FZ: f64 = 4000.0;
const DT: f64 = 1.0 / 240.0;

/// Steady lateral force of the default friction-circle tyre (µ = 1) sliding sideways at
/// tan α = 0.5 (vx = 10, vy = 5 m/s, far past the linear range 1/C_α) after 2 s, with the
/// hand-brake command `h` and factor `k` on the contact input (no brake torque, so only the
/// shaping acts).
fn lateral_limit(h: f64, k: f64) -> f64 {
    let p = TireParams::default();
    let c = ContactInput {
        load: FZ,
        vx: 10.0,
        vy: 5.0,
        effective_mass: FZ / 9.81,
        rest_load: FZ,
        handbrake: h,
        handbrake_lateral_grip: k,
        ..ContactInput::new(0.3, 1.0, 9.81)
    };
    let mut s = TireState {
        omega: 10.0 / 0.3,
        ..TireState::default()
    };
    let mut fy = 0.0;
    for _ in 0..480 {
        fy = solve_contact(&p, &c, &mut s, DT).fy;
    }
    fy
}

/// Hand numbers: unshaped the sliding tyre's lateral force is the limit `µ·F_z` = 4000 N;
/// at full hand brake with `k_hb = 0.5` it is `0.5 × 4000` = 2000 N; at half lever
/// `(1 + (0.5 − 1)·0.5) × 4000` = 3000 N. With the lever released the factor does nothing (bit
/// for bit).
#[test]
fn shaped_lateral_limit_is_the_factor_times_the_unshaped_one() {
    let base = lateral_limit(0.0, 1.0);
    assert!((base + 4000.0).abs() < 4.0, "{base}");
    let full = lateral_limit(1.0, 0.5);
    assert!((full + 2000.0).abs() < 2.0, "{full}");
    assert!((full / base - 0.5).abs() < 1e-9, "{full} / {base}");
    let half = lateral_limit(0.5, 0.5);
    assert!((half + 3000.0).abs() < 3.0, "{half}");
    assert_eq!(lateral_limit(0.0, 0.5).to_bits(), base.to_bits());
    assert_eq!(lateral_limit(1.0, 1.0).to_bits(), base.to_bits());
}

/// The sedan (rear hand brake 1500 N·m) at 15 m/s, steering 0.2 with the lever pulled for
/// 0.8 s; returns the yaw rate (rad/s) at the end.
fn handbrake_turn(k: f64, lever: f64) -> f64 {
    let mut p: VehicleParams = presets::sedan_simple();
    for w in p.wheels.iter_mut().filter(|w| w.max_handbrake_torque > 0.0) {
        w.handbrake_lateral_grip = k;
    }
    let r = p.wheels[0].radius;
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
    let g = Plane::flat();
    support::run(&mut v, &g, 0.01, 0.5);
    v.set_velocity(DVec3::new(15.0, 0.0, 0.0), DVec3::ZERO);
    let intent = Intent {
        steer: 0.2,
        handbrake: lever,
        ..Intent::default()
    };
    support::drive(&mut v, &g, 0.01, 0.8, intent);
    v.state().yaw_rate_vertical()
}

/// A short hand-brake turn: with `k_hb = 0.4` the rear lets go sooner and the car yaws faster
/// than with the default; without the lever the factor changes nothing, bit for bit.
#[test]
fn handbrake_turn_yaws_more_with_shaping() {
    let plain = handbrake_turn(1.0, 1.0);
    let shaped = handbrake_turn(0.4, 1.0);
    assert!(plain > 0.0 && shaped > plain + 0.05, "{plain} vs {shaped}");
    let a = handbrake_turn(1.0, 0.0);
    let b = handbrake_turn(0.4, 0.0);
    assert_eq!(a.to_bits(), b.to_bits());
}

/// The factor is validated with its field path and loads from a vehicle file's wheel table.
#[test]
fn factor_is_validated_and_read_from_files() {
    let w = WheelParams {
        handbrake_lateral_grip: 0.0,
        ..WheelParams::default()
    };
    let e = w.validate().unwrap_err().to_string();
    assert!(e.contains("handbrake_lateral_grip"), "{e}");
    let w = WheelParams {
        handbrake_lateral_grip: 3.5,
        ..WheelParams::default()
    };
    assert!(w.validate().is_err());
    let w: WheelParams = toml::from_str("handbrake_lateral_grip = 0.5\n").unwrap();
    assert_eq!(w.handbrake_lateral_grip, 0.5);
}
