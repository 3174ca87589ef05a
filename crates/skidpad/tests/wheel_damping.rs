//! Wheel bearing damping (PhysX `mDampingRate`, [`skidpad::wheel::WheelParams::damping_rate`]):
//! a wheel in the air with no torque slows as `ω(t) = ω₀·exp(−c·t/I)`, on both spin paths
//! (direct drive: [`skidpad::wheel::spin_free`]; engine-coupled: the drivetrain solve), and the
//! implicit solve stays stable and never reverses the spin for any damping.

use skidpad::ground::Plane;
use skidpad::presets::{hatch_fwd, sedan};
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DVec3, Pose};

mod support;
use support::run;

const DT: f64 = 1.0 / 60.0;
/// Start spin of every wheel: 20 m/s on a 0.316 m wheel. Unit: rad/s.
const W0: f64 = 63.2911;
/// PhysX's default `mDampingRate`. Unit: N·m·s/rad.
const PHYSX_DEFAULT: f64 = 0.25;

/// `p` released 100 m above the ground (a 2 s fall covers 19.6 m) with every wheel at `W0`
/// and damping rate `c` (N·m·s/rad).
fn airborne(mut p: VehicleParams, c: f64) -> Vehicle {
    for w in &mut p.wheels {
        w.damping_rate = c;
    }
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 100.0)));
    let n = v.params().wheels.len();
    let (_, _, _, s) = v.parts_mut();
    for w in &mut s.wheels[..n] {
        w.tire.omega = W0;
    }
    v
}

/// Run `v` 2 s in the air and check every wheel's spin against the hand number `expected`
/// (`W0·e^(−c·t/I)`, rad/s). Backward Euler gives `(1 + c·h/I)^(−t/h)`, a little slower than
/// the exponential; at the largest substep h = 1/60 s and c·t/I = 0.4545 it is
/// `e^(−120·ln 1.0037879) = 0.635283` vs `e^−0.454545 = 0.634736`, +0.035 rad/s, and +0.038
/// rad/s at c·t/I = 0.5: any substep lies between, so the spin must be within
/// [expected, expected + 0.04] rad/s.
fn decays_exponentially(mut v: Vehicle, expected: f64) {
    let (c, i) = (
        v.params().wheels[0].damping_rate,
        v.params().wheels[0].inertia,
    );
    assert!((W0 * (-c * 2.0 / i).exp() - expected).abs() < 1e-3);
    run(&mut v, &Plane::flat(), DT, 2.0);
    let n = v.params().wheels.len();
    for (k, w) in v.state().wheels[..n].iter().enumerate() {
        assert!(!w.suspension.in_contact, "wheel {k} touched down");
        let err = w.tire.omega - expected;
        assert!(
            (0.0..0.04).contains(&err),
            "wheel {k}: ω = {} rad/s, expected {expected}",
            w.tire.omega
        );
    }
}

#[test]
fn airborne_wheel_decays_on_the_direct_drive_path() {
    // Sedan (direct drive): c = 0.25 N·m·s/rad, I = 1.1 kg·m²:
    // c·t/I = 0.454545, ω(2 s) = 63.2911·e^−0.454545 = 40.1732 rad/s.
    let p = sedan();
    assert_eq!(p.wheels[0].inertia, 1.1);
    decays_exponentially(airborne(p, PHYSX_DEFAULT), 40.1732);
}

#[test]
fn airborne_wheel_decays_in_the_engine_coupled_solve() {
    // Hatch (engine, neutral so the clutch carries nothing): c = 0.25, I = 1.0:
    // c·t/I = 0.5, ω(2 s) = 63.2911·e^−0.5 = 38.3878 rad/s.
    let p = hatch_fwd();
    assert_eq!(p.wheels[0].inertia, 1.0);
    let mut v = airborne(p, PHYSX_DEFAULT);
    v.set_intent(Intent {
        target_gear: Some(0),
        ..Intent::default()
    })
    .unwrap();
    decays_exponentially(v, 38.3878);
}

#[test]
fn huge_damping_stops_the_wheel_without_reversing_it() {
    // c = 1e5 N·m·s/rad (the limit), I = 1.1, h ≤ 1/60 s: one implicit step multiplies ω by
    // 1/(1 + c·h/I) ≤ 1/(1 + 1515) — every step shrinks the spin and none flips its sign (an
    // explicit step would multiply it by 1 − 1515). After 10 steps ω ≤ 63.3·1516^−10 ≈ 0.
    let mut v = airborne(sedan(), 1e5);
    let mut last = W0;
    for _ in 0..10 {
        v.step(DT, &Plane::flat());
        let w = v.state().wheels[0].tire.omega;
        assert!((0.0..last).contains(&w) || w == 0.0, "ω = {w} after {last}");
        last = w;
    }
    assert!(last < 1e-20, "{last}");
}
