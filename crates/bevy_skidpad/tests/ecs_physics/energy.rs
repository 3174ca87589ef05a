//! Drops onto a static collider: the chassis body never gains energy, lands at the free-fall speed and comes to rest on its wheels.

use super::support::*;
use super::{body_state, braking, messages};
use avian3d::prelude::*;
use bevy::prelude::*;
use bevy_skidpad::prelude::*;
use skidpad::presets;

/// Kinetic (translation + rotation) plus gravitational potential energy of the chassis body
/// (J), with the CoM height in Bevy y (ground at y = 0), and that height (m).
fn energy(app: &App, car: Entity, p: &VehicleParams) -> (f64, f64) {
    let c = &p.chassis;
    let s = body_state(app, car);
    let com = s.com_world(c);
    let w_body = s.pose.rotation.inverse() * s.angular_velocity_world;
    let e = 0.5 * c.mass * s.linear_velocity_world.length_squared()
        + 0.5 * w_body.dot(c.inertia * w_body)
        + c.mass * G * com.z;
    (e, com.z)
}

/// Dropped with its wheel bottoms (full droop) `d` above a static box, braked, at 60 Hz: the
/// body's kinetic + potential energy never rises above its start value and the CoM never above
/// its start height. It lands at `√(2 g d)` within `g·dt` (the core reports the speed at the
/// last airborne step) plus Avian's free-fall lag (6 solver substeps lag the exact fall by
/// `(5/12)·g·dt·t` in height, so it touches down `g·lag/v` faster); any rebound lands slower
/// than the first impact; after 5 s it stands on its four wheels at rest with its weight on
/// them (Σ loads = m·g = 14 715 N within 2 %).
fn drop_audit(d: f64) {
    let mut app = app();
    let p = presets::sedan();
    let w0 = &p.wheels[0];
    let car = spawn_car(&mut app, p.clone(), d + w0.suspension.max_droop + w0.radius);
    set_intent(&mut app, car, braking());
    let (e0, z0) = energy(&app, car, &p);
    let (mut e_max, mut z_max) = (f64::MIN, f64::MIN);
    let mut impacts = Vec::new();
    for _ in 0..300 {
        steps(&mut app, car, 1);
        let (e, z) = energy(&app, car, &p);
        e_max = e_max.max(e - e0);
        z_max = z_max.max(z - z0);
        impacts.extend(
            messages::<VehicleLanded>(&app)
                .iter()
                .map(|l| l.impact_speed),
        );
    }
    let t = *app.world().get::<GroundVehicleTelemetry>(car).unwrap();
    let v = app.world().get::<LinearVelocity>(car).unwrap().0;
    let exact = (2.0 * G * d).sqrt();
    let lag = 5.0 / 12.0 * G * DT * (2.0 * d / G).sqrt();
    let tol = G * DT + G * lag / exact;
    println!(
        "drop {d} m: E0 {e0:.1} J, max(E − E0) {e_max:.4} J, max(z − z0) {z_max:.5} m, \
         impacts {impacts:.3?} m/s (√(2gd) = {exact:.3} ± {tol:.3}), end: Σ loads {:.1} N, \
         |v| {:.2e} m/s",
        t.total_normal_load,
        v.length()
    );
    // Avian's integrator loses m·g²·h²/2 per substep in free fall and the landing is
    // inelastic, so the bound is strict; 1 mJ covers the rounding of ~1e5 J sums.
    assert!(e_max <= 1e-3, "energy rose by {e_max} J above its start");
    assert!(z_max <= 1e-9, "CoM rose {z_max} m above its start");
    assert!((impacts[0] - exact).abs() <= tol, "{impacts:?}");
    assert!(impacts[1..].iter().all(|&v| v < impacts[0]), "{impacts:?}");
    assert_eq!(t.grounded_wheels, 4);
    let mg = 1500.0 * G;
    assert!((t.total_normal_load - mg).abs() <= 0.02 * mg);
    assert!(v.length() < 0.01, "still moving at {v}");
    assert!(
        app.world()
            .get::<GroundVehicle>(car)
            .unwrap()
            .fault()
            .is_none()
    );
}

#[test]
fn drop_2_m_no_energy_gain() {
    drop_audit(2.0);
}

#[test]
fn drop_10_m_no_energy_gain() {
    drop_audit(10.0);
}
