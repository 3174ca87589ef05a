//! Drivetrain scenarios: engine, gears, autobox, differentials, multi-wheel and tracked drive,
//! energy, stability and driver aids. Expected numbers are worked out in the comments;
//! tolerances are in units. One test binary, one module per part of the drivetrain:
//!
//! - [`engine`]: engine, rev limiter, gear ratios, pulling away, the automatic gearbox;
//! - [`differentials`]: differentials on split µ, four-wheel and multi-wheel drive, tracks;
//! - [`stability`]: energy balance without losses, a stiff clutch on light wheels;
//! - [`aids`]: traction control, ABS and ESC.

use skidpad::vehicle::Intent;

#[path = "../support/mod.rs"]
mod support;

mod aids;
mod differentials;
mod engine;
mod stability;

const DT: f64 = 1.0 / 60.0;

fn throttle(t: f64) -> Intent {
    Intent {
        throttle: t,
        ..Intent::default()
    }
}

/// Sets a preset tyre's peak friction µ₀ (the presets run the simplified Magic Formula).
fn set_friction(t: &mut skidpad::tire::TireParams, mu: f64) {
    match &mut t.model {
        skidpad::tire::TireModelKind::SimpleMagic(s) => s.friction = mu,
        m => panic!("not a simplified Magic Formula tyre: {}", m.key()),
    }
}
