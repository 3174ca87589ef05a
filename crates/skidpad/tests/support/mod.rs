//! Helpers shared by the core's integration tests: `mod support;` in a test file.
//!
//! - [`alloc`]: a counting global allocator (per thread) for the no-allocation tests;
//! - [`data`]: the path of a file in `tests/data`;
//! - [`spawn`], [`run`], [`drive`], [`hold_speed`]: a vehicle resting on flat ground, stepped
//!   for a time, and a proportional speed-holding intent.
//!
//! Each test binary compiles its own copy and uses a part of it.
#![allow(dead_code)]

pub mod alloc;

use skidpad::ground::Ground;
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DVec3, Pose};

/// Path of `name` in the core's `tests/data` folder.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A vehicle with its origin at the height of its first wheel's radius (m) above z = 0, so
/// it rests on a flat ground at z = 0.
pub fn spawn(p: VehicleParams) -> Vehicle {
    let r = p.wheels[0].radius;
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
    v
}

/// Step `v` on `g` for `seconds` (s) in steps of `dt` (s): `round(seconds/dt)` steps.
pub fn run(v: &mut Vehicle, g: &dyn Ground, dt: f64, seconds: f64) {
    for _ in 0..(seconds / dt).round() as usize {
        v.step(dt, g);
    }
}

/// Set `intent`, then [`run`].
pub fn drive(v: &mut Vehicle, g: &dyn Ground, dt: f64, seconds: f64, intent: Intent) {
    v.set_intent(intent).unwrap();
    run(v, g, dt, seconds);
}

/// An intent holding forward speed `speed` (m/s) by a proportional throttle/brake,
/// `u = clamp(2·(speed − v_x), −1, 1)` (gain 2 s/m), with steering `steer`.
pub fn hold_speed(v: &Vehicle, speed: f64, steer: f64) -> Intent {
    let e = speed - v.state().forward_speed();
    let u = (e * 2.0).clamp(-1.0, 1.0);
    Intent {
        throttle: u.max(0.0),
        brake: (-u).max(0.0),
        steer,
        ..Intent::default()
    }
}
