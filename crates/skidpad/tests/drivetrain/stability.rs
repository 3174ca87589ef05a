//! Energy balance of the drivetrain without losses; a stiff clutch on light wheels at 30 Hz.

use super::DT;
use super::support::{drive, spawn};
use skidpad::ground::Plane;
use skidpad::presets::{hatch_fwd, sports_rwd};
use skidpad::vehicle::{Intent, Vehicle};

#[test]
fn energy_balance_without_losses() {
    // No rolling resistance, no engine damping, no idle governor, clutch always engaged:
    // engine work = ΔKE (chassis + wheels + engine) + tire slip energy + clutch/diff losses.
    let mut p = hatch_fwd();
    p.drivetrain.engine.damping_full_throttle = 0.0;
    p.drivetrain.engine.damping_zero_throttle_engaged = 0.0;
    p.drivetrain.engine.damping_zero_throttle_disengaged = 0.0;
    p.drivetrain.engine.idle_speed = 0.0;
    p.drivetrain.clutch.automatic = false;
    for w in &mut p.wheels {
        w.tire.rolling_resistance = 0.0;
    }
    let mut car = spawn(p);
    car.set_automatic_gears(false);
    let g = Plane::flat();
    drive(
        &mut car,
        &g,
        DT,
        1.0,
        Intent {
            brake: 1.0,
            ..Intent::default()
        },
    );
    let ke = |v: &Vehicle| {
        let s = v.state();
        let p = v.params();
        let c = &s.chassis;
        let w = c.angular_velocity_world;
        0.5 * p.chassis.mass * c.linear_velocity_world.length_squared()
            + 0.5 * w.dot(c.pose.rotation * (p.chassis.inertia * (c.pose.rotation.inverse() * w)))
            + s.wheels()
                .iter()
                .zip(&p.wheels)
                .map(|(w, wp)| 0.5 * wp.inertia * w.tire.omega.powi(2))
                .sum::<f64>()
            + 0.5 * p.drivetrain.engine.inertia * s.drivetrain.engine_speed.powi(2)
    };
    let (ke0, s0) = (ke(&car), car.state().drivetrain);
    drive(
        &mut car,
        &g,
        DT,
        3.0,
        Intent {
            throttle: 0.5,
            target_gear: Some(1),
            ..Intent::default()
        },
    );
    let s1 = car.state().drivetrain;
    let work = s1.engine_work - s0.engine_work;
    let gained = ke(&car) - ke0;
    let lost = (s1.slip_energy - s0.slip_energy) + (s1.driveline_loss - s0.driveline_loss);
    let err = (work - gained - lost) / work;
    assert!(work > 10_000.0, "{work}");
    assert!(
        err.abs() < 0.01,
        "work {work:.0} J, ΔKE {gained:.0} J, losses {lost:.0} J, error {:.3} %",
        err * 100.0
    );
}

#[test]
fn stiff_clutch_light_wheels_at_30_hz_is_smooth() {
    // Clutch 10× (400), wheels 0.3 kg·m², one substep at 30 Hz, manual shifts 1→4 under full
    // throttle: engine speed must not ring after a shift and the wheels must not run away.
    let mut p = sports_rwd();
    // The raw drivetrain: traction control off (it would modulate the throttle at every
    // spin-up).
    p.drivetrain.aids.tc.enabled = false;
    p.drivetrain.clutch.strength *= 10.0;
    for w in &mut p.wheels {
        w.inertia = 0.3;
    }
    p.sim.substeps_low_speed = 1;
    p.sim.substeps_high_speed = 1;
    let mut car = spawn(p);
    car.set_automatic_gears(false);
    let g = Plane::flat();
    let dt = 1.0 / 30.0;
    let mut speeds = Vec::new();
    for gear in 1..=4i8 {
        car.set_intent(Intent {
            throttle: 1.0,
            target_gear: Some(gear),
            ..Intent::default()
        })
        .unwrap();
        for _ in 0..60 {
            car.step(dt, &g);
            let s = car.state();
            assert!(s.drivetrain.engine_speed.is_finite() && s.speed().is_finite());
            speeds.push(s.drivetrain.engine_speed);
        }
        // The wheels must not run away. In first gear the engine (450 N·m × 14.2 overall
        // = 3200 N·m per rear wheel over 0.33 m = 9.7 kN) out-pulls the rear tires
        // (µ·N_r ≈ 1.0·4.3 kN), so the wheels spin up to the rev limiter and stay there: the
        // rear wheel's surface speed is bounded by ω_max/G·R = 733/14.22·0.33 = 17.0 m/s and the
        // slip falls as the car catches up. Second gear still out-pulls the fitted tyre
        // (450·2.32·3.46/2/0.33 = 5.47 kN per wheel against µ(F_z)·F_z ≈ 0.997·4.27 kN with the
        // load transfer at 5.5 m/s²) and past its peak the force falls, so the wheel spins up
        // too, and so does third (3.63 kN, above the 3.3 kN the tyre gives sliding, µ ≈ 0.77,
        // so a wheel spinning past the peak cannot come back); from fourth gear on (2.78 kN)
        // the slip settles below 30 %.
        let s = car.state();
        let ratio = [4.11, 2.32, 1.54, 1.18][(gear - 1) as usize] * 3.46;
        let v_limit = 733.0 / ratio * 0.33;
        assert!(
            s.wheels[2].tire.omega * 0.33 <= v_limit * 1.01,
            "gear {gear}: wheel surface speed {} > {v_limit}",
            s.wheels[2].tire.omega * 0.33
        );
        if gear >= 4 {
            assert!(
                s.wheels[2].tire.slip_ratio < 0.3,
                "gear {gear}: slip {}",
                s.wheels[2].tire.slip_ratio
            );
        }
    }
    // Ringing shows up as alternating engine-speed changes: count direction reversals. A
    // clean run has ~2 per shift (drop on neutral, re-engage, climb).
    let rev = speeds
        .windows(3)
        .filter(|w| (w[1] - w[0]) * (w[2] - w[1]) < -1e-6)
        .count();
    assert!(rev <= 12, "{rev} reversals: {speeds:?}");
}
