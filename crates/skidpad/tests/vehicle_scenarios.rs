//! Scenario tests in the standalone world (3-D): settle, heave, corner, accelerate, drive over
//! a step and a gap, hosted mode, teleport, determinism. Every expected number is worked out
//! in the comments before the run; tolerances are in units.

use skidpad::chassis::integrate;
use skidpad::ground::{ContactMode, GroundSet, ParryGround, Plane};
use skidpad::presets::sedan;
use skidpad::vehicle::{Intent, Vehicle, VehicleParams, WheelCommand};
use skidpad::{DQuat, DVec3, Pose, World};

mod support;
use support::{hold_speed, run};

const DT: f64 = 1.0 / 120.0;
const R: f64 = 0.316; // sedan wheel radius

fn at_rest_pose(z_above: f64) -> Pose {
    Pose::from_translation(DVec3::new(0.0, 0.0, R + z_above))
}

#[test]
fn drop_settles_to_ride_height_with_sprung_weight_on_each_wheel() {
    // Dropped from 0.5 m above its design pose, the sedan must come to rest at the design pose
    // (CoM 0.55 m above ground) with every wheel carrying exactly its sprung weight.
    let ground = Plane::flat();
    let mut car = Vehicle::new(sedan()).unwrap();
    car.teleport(at_rest_pose(0.5));
    car.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    run(&mut car, &ground, DT, 6.0);
    let g = car.params().sim.gravity;
    // Sprung masses by hand: front axle carries m·b/L = 1500·1.5/2.7 = 833.3 kg.
    assert!((car.derived().sprung_mass[0] - 416.667).abs() < 1e-3);
    assert!((car.derived().sprung_mass[2] - 333.333).abs() < 1e-3);
    for (i, w) in car.state().wheels().iter().enumerate() {
        let expect = car.derived().sprung_mass[i] * g;
        let err = (w.normal_load - expect).abs() / expect;
        assert!(
            err < 0.005,
            "wheel {i}: load {} vs {expect} ({:.3} %)",
            w.normal_load,
            err * 100.0
        );
        assert!(
            w.suspension.jounce.abs() < 2e-3,
            "wheel {i} jounce {}",
            w.suspension.jounce
        );
    }
    let com = car.state().chassis.com_world(&car.params().chassis);
    assert!((com.z - 0.55).abs() < 2e-3, "CoM height {}", com.z);
    assert!(
        car.state().speed() < 1e-3,
        "still moving: {}",
        car.state().speed()
    );
}

/// A sedan whose corners all have the same ride frequency `f` and damping ratio `zeta` with
/// equal bump and rebound damping, so heave decouples from pitch and is a textbook
/// single-degree-of-freedom oscillator per corner.
fn heave_car(f: f64, zeta: f64) -> VehicleParams {
    let mut p = sedan();
    p.anti_roll_bars.clear();
    let m = p.sprung_masses().unwrap();
    let w = 2.0 * std::f64::consts::PI * f;
    for (i, wh) in p.wheels.iter_mut().enumerate() {
        let k = m[i] * w * w;
        let c = 2.0 * zeta * (k * m[i]).sqrt();
        wh.suspension.spring_rate = k;
        wh.suspension.bump_damping = c;
        wh.suspension.rebound_damping = c;
        wh.suspension.bump_stop.travel = 0.0;
    }
    p
}

#[test]
fn heave_frequency_and_damping_ratio() {
    // f = √(k/m)/2π = 1.5 Hz, ζ = c/(2√(km)) = 0.15 by construction. Released 3 cm above rest,
    // the CoM height oscillates at ω_d = ω_n√(1 − ζ²) and decays by the logarithmic decrement
    // δ = 2πζ/√(1 − ζ²) per period.
    let (f, zeta) = (1.5, 0.15);
    let ground = Plane::flat();
    let mut car = Vehicle::new(heave_car(f, zeta)).unwrap();
    car.teleport(at_rest_pose(0.03));
    car.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    let z_rest = 0.55;
    let mut samples = Vec::new();
    for _ in 0..(4.0 / DT) as usize {
        car.step(DT, &ground);
        let z = car.state().chassis.com_world(&car.params().chassis).z - z_rest;
        samples.push((car.state().time, z));
    }
    // Peaks (local maxima of z), refined by a parabola through three samples.
    let mut peaks = Vec::new();
    for k in 1..samples.len() - 1 {
        let (a, b, c) = (samples[k - 1].1, samples[k].1, samples[k + 1].1);
        if b > a && b >= c && b > 1e-4 {
            let den = a - 2.0 * b + c;
            let off = if den != 0.0 { 0.5 * (a - c) / den } else { 0.0 };
            peaks.push((samples[k].0 + off * DT, b - 0.25 * (a - c) * off));
        }
    }
    assert!(peaks.len() >= 3, "peaks {peaks:?}");
    let period = peaks[1].0 - peaks[0].0;
    let delta = (peaks[0].1 / peaks[1].1).ln();
    let zeta_m = delta / (4.0 * std::f64::consts::PI.powi(2) + delta * delta).sqrt();
    let f_n = 1.0 / period / (1.0 - zeta_m * zeta_m).sqrt();
    assert!(
        (f_n - f).abs() < 0.03 * f,
        "natural frequency {f_n} Hz vs {f} Hz"
    );
    assert!(
        (zeta_m - zeta).abs() < 0.03 * zeta,
        "damping ratio {zeta_m} vs {zeta}"
    );
}

/// Drive the sedan on a constant steer at a held speed until steady; return (a_y, roll angle).
fn steady_corner(p: VehicleParams, speed: f64, steer: f64) -> (f64, f64) {
    let ground = Plane::flat();
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(at_rest_pose(0.0));
    car.set_velocity(DVec3::new(speed, 0.0, 0.0), DVec3::ZERO);
    for _ in 0..(12.0 / DT) as usize {
        // Speed held by a proportional throttle/brake on forward speed.
        car.set_intent(hold_speed(&car, speed, steer)).unwrap();
        car.step(DT, &ground);
    }
    let s = car.state();
    let (roll, _, _) = s.chassis.roll_pitch_yaw();
    // Kinematic lateral acceleration (the accelerometer reading would add g·sin φ).
    let a_kin = s.acceleration_world + DVec3::new(0.0, 0.0, -9.81);
    (a_kin.dot(s.chassis.pose.rotation * DVec3::Y), roll)
}

#[test]
fn anti_roll_bars_reduce_roll_in_steady_cornering() {
    // Roll gradient of the sprung-mass model with forces at the contact patches (roll axis at
    // the ground): φ = m·a_y·h / (K_springs + K_bars − m·g·h), K_springs = Σ k·t²/2 per axle:
    // front 32000·1.55²/2 = 38 440, rear 30000·1.55²/2 = 36 038 N·m/rad; bars 25 000 + 12 000;
    // m·g·h = 1500·9.81·0.55 = 8 093 N·m/rad. Per m/s² of a_y: 825/(74 478 − 8 093) =
    // 0.01243 rad without bars, 825/(111 478 − 8 093) = 0.00798 rad with bars.
    let with = sedan();
    let mut without = sedan();
    without.anti_roll_bars.clear();
    let (ay1, roll1) = steady_corner(with, 15.0, 0.08);
    let (ay0, roll0) = steady_corner(without, 15.0, 0.08);
    println!(
        "with bars: a_y = {ay1:.3} m/s², roll = {:.3}°",
        roll1.to_degrees()
    );
    println!(
        "without bars: a_y = {ay0:.3} m/s², roll = {:.3}°",
        roll0.to_degrees()
    );
    assert!(ay1 > 3.0 && ay0 > 3.0, "a_y {ay1} {ay0}");
    // Turning left (a_y > 0) the body rolls right: positive ISO roll.
    assert!(roll1 > 0.0 && roll0 > 0.0);
    let g1 = roll1 / ay1;
    let g0 = roll0 / ay0;
    assert!(
        (g1 - 0.00798).abs() < 0.1 * 0.00798,
        "roll gradient with bars {g1}"
    );
    assert!(
        (g0 - 0.01243).abs() < 0.1 * 0.01243,
        "roll gradient without bars {g0}"
    );
    assert!(g1 < 0.7 * g0);
}

#[test]
fn constant_drive_torque_initial_acceleration() {
    // 600 N·m on each rear wheel from rest. Ground force F = 2T/R less rolling resistance
    // (C_rr·m·g = 0.012·1500·9.81 = 176.6 N once the wheels roll) less what spins up the four
    // wheels: a = (2T/R − C_rr·m·g) / (m + ΣI/R²) = 3620.9 / (1500 + 4·1.1/0.09986) = 2.3451 m/s².
    // Also a = ΣFx/m must hold for the tire forces.
    let ground = Plane::flat();
    let mut car = Vehicle::new(sedan()).unwrap();
    car.teleport(at_rest_pose(0.0));
    run(&mut car, &ground, DT, 1.0);
    let t = 600.0;
    let mut cmds = [WheelCommand::default(); 4];
    cmds[2].drive_torque = t;
    cmds[3].drive_torque = t;
    car.set_wheel_commands(&cmds).unwrap();
    let x0 = car.state().chassis.linear_velocity_world.x;
    run(&mut car, &ground, DT, 0.25);
    let a = (car.state().chassis.linear_velocity_world.x - x0) / 0.25;
    let m = 1500.0;
    let expect = (2.0 * t / R - 0.012 * m * 9.81) / (m + 4.0 * 1.1 / (R * R));
    assert!(
        (a - expect).abs() < 0.02 * expect,
        "a = {a}, expected {expect}"
    );
    let fx: f64 = car.state().wheels().iter().map(|w| w.tire.fx).sum();
    // Kinematic acceleration (world x; the body-frame accelerometer reading would include
    // g·sin(squat pitch)).
    let a_now = car.state().acceleration_world.x;
    assert!(
        (fx / m - a_now).abs() < 0.02 * a_now,
        "ΣFx/m = {} vs {a_now}",
        fx / m
    );
}

#[test]
fn axle_loads_match_the_longitudinal_model_under_steady_acceleration() {
    // The 1-D VehicleBody model predicts N_f = m(g·b − a·h)/L, N_r = m(g·a_cg + a·h)/L.
    use skidpad::body1d::{VehicleBodyParams, normal_loads};
    let ground = Plane::flat();
    let mut car = Vehicle::new(sedan()).unwrap();
    car.teleport(at_rest_pose(0.0));
    run(&mut car, &ground, DT, 1.0);
    car.set_intent(Intent {
        throttle: 0.6,
        ..Intent::default()
    })
    .unwrap();
    run(&mut car, &ground, DT, 2.5);
    let s = car.state();
    let a = s.acceleration_world.x;
    let w = s.wheels();
    let nf = w[0].normal_load + w[1].normal_load;
    let nr = w[2].normal_load + w[3].normal_load;
    let body = VehicleBodyParams {
        mass: 1500.0,
        wheelbase: 2.7,
        cg_to_front: 1.2,
        cg_to_rear: 1.5,
        cg_height: 0.55,
        gravity: 9.81,
        ..VehicleBodyParams::default()
    };
    let loads = normal_loads(&body, a);
    let (ef, er) = (loads.front, loads.rear);
    assert!(a > 1.0, "a = {a}");
    assert!((nf - ef).abs() < 0.02 * ef, "front {nf} vs 1-D {ef}");
    assert!((nr - er).abs() < 0.02 * er, "rear {nr} vs 1-D {er}");
}

#[test]
fn sweeps_keep_wheels_out_of_a_step_and_a_gap() {
    // Flat floor at z = 0 with a 20 cm gap at x ∈ [6, 6.2] and a 10 cm step up at x = 14.
    // At 5 m/s with wheel sweeps, no wheel centre may come closer to the surface below it
    // than its radius (1 mm tolerance): the wheel bridges the gap and rides up the edge.
    use parry3d_f64::shape::SharedShape;
    let slab = |x0: f64, x1: f64, top: f64| {
        let half = DVec3::new(0.5 * (x1 - x0), 20.0, 0.5);
        ParryGround::new(
            SharedShape::cuboid(half.x, half.y, half.z),
            Pose::from_translation(DVec3::new(0.5 * (x0 + x1), 0.0, top - 0.5)),
        )
    };
    let ground = GroundSet::new()
        .with(slab(-20.0, 6.0, 0.0))
        .with(slab(6.2, 14.0, 0.0))
        .with(slab(14.0, 60.0, 0.1));
    // Solid boxes [x0, x1] × (−∞, top]: the clearance of a wheel circle is the distance from its
    // centre to the nearest box, less R.
    let boxes = [(-20.0, 6.0, 0.0), (6.2, 14.0, 0.0), (14.0, 60.0, 0.1)];
    let clearance = |c: DVec3| -> f64 {
        boxes
            .iter()
            .map(|&(x0, x1, top): &(f64, f64, f64)| {
                let dx = (x0 - c.x).max(0.0).max(c.x - x1);
                let dz = (c.z - top).max(0.0);
                if dx == 0.0 && dz == 0.0 {
                    -(top - c.z) // centre inside the solid
                } else {
                    dx.hypot(dz)
                }
            })
            .fold(f64::INFINITY, f64::min)
            - R
    };
    let mut p = sedan();
    p.contact.mode = ContactMode::Sweep;
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(at_rest_pose(0.0));
    car.set_velocity(DVec3::new(5.0, 0.0, 0.0), DVec3::ZERO);
    let mut min_clear = f64::INFINITY;
    for _ in 0..(4.0 / DT) as usize {
        let e = 5.0 - car.state().forward_speed();
        car.set_intent(Intent {
            throttle: (e * 2.0).clamp(0.0, 1.0),
            ..Intent::default()
        })
        .unwrap();
        car.step(DT, &ground);
        for w in car.state().wheels() {
            min_clear = min_clear.min(clearance(w.centre_world));
        }
    }
    assert!(
        car.state().chassis.pose.translation.x > 16.0,
        "did not climb the step"
    );
    assert!(
        min_clear > -1e-3,
        "a wheel sank {:.1} mm into the ground",
        -min_clear * 1e3
    );
}

#[test]
fn raycasts_drop_into_the_gap_sweeps_do_not() {
    // Companion to the test above: with ray casts a wheel centre over a 20 cm gap sees the gap
    // floor (1 m down, beyond the droop), so the wheel hangs at full droop there.
    use parry3d_f64::shape::SharedShape;
    let slab = |x0: f64, x1: f64| {
        ParryGround::new(
            SharedShape::cuboid(0.5 * (x1 - x0), 20.0, 0.5),
            Pose::from_translation(DVec3::new(0.5 * (x0 + x1), 0.0, -0.5)),
        )
    };
    let ground = GroundSet::new()
        .with(slab(-20.0, 6.0))
        .with(slab(6.2, 60.0));
    let mut jounce_min = [f64::INFINITY; 2];
    for (k, mode) in [ContactMode::Raycast, ContactMode::Sweep]
        .into_iter()
        .enumerate()
    {
        let mut p = sedan();
        p.contact.mode = mode;
        let mut car = Vehicle::new(p).unwrap();
        car.teleport(at_rest_pose(0.0));
        car.set_velocity(DVec3::new(5.0, 0.0, 0.0), DVec3::ZERO);
        for _ in 0..(2.5 / DT) as usize {
            car.step(DT, &ground);
            for w in car.state().wheels() {
                jounce_min[k] = jounce_min[k].min(w.suspension.jounce);
            }
        }
    }
    assert!(
        jounce_min[0] < -0.03,
        "raycast should drop: {}",
        jounce_min[0]
    );
    assert!(
        jounce_min[1] > -0.03,
        "sweep should bridge: {}",
        jounce_min[1]
    );
}

#[test]
fn hosted_mode_matches_standalone() {
    // One substep per step: hosted (we play the engine, integrating with the same integrator and
    // adding gravity ourselves) must reproduce standalone bit for bit.
    let mut p = sedan();
    p.sim.substeps_low_speed = 1;
    p.sim.substeps_high_speed = 1;
    let ground = Plane::flat();
    let mut a = Vehicle::new(p.clone()).unwrap();
    let mut b = Vehicle::new(p.clone()).unwrap();
    a.teleport(at_rest_pose(0.05));
    b.teleport(at_rest_pose(0.05));
    let it = Intent {
        throttle: 0.7,
        steer: 0.3,
        ..Intent::default()
    };
    a.set_intent(it).unwrap();
    b.set_intent(it).unwrap();
    let mut body = b.state().chassis;
    for _ in 0..240 {
        a.step(DT, &ground);
        let f = b.step_hosted(DT, &body, &ground);
        // The point forces and the pure torque must add up to the reported total.
        let com = body.com_world(&p.chassis);
        let mut sum = skidpad::chassis::Wrench::default();
        for pf in f.point_forces() {
            sum.add_force_at(pf.force_world, pf.point_world, com);
        }
        assert!((sum.force - f.total.force).length() < 1e-6);
        assert!((sum.torque + f.torque_world - f.total.torque).length() < 1e-6);
        integrate(
            &p.chassis,
            &mut body,
            &f.total,
            DVec3::new(0.0, 0.0, -9.81),
            DT,
        );
    }
    assert_eq!(a.state().chassis.pose, body.pose);
    assert_eq!(
        a.state().chassis.linear_velocity_world,
        body.linear_velocity_world
    );
}

#[test]
fn teleport_does_not_launch() {
    // Settled car teleported 50 m away (and 2 cm lower, into a compressed pose): forgetting the
    // suspension history means no damper spike; it must not gain upward speed above what the
    // spring alone gives (k·x/m·dt ≈ small) and must settle again.
    let ground = Plane::flat();
    let mut car = Vehicle::new(sedan()).unwrap();
    car.teleport(at_rest_pose(0.0));
    run(&mut car, &ground, DT, 2.0);
    car.teleport(Pose::new(
        DVec3::new(50.0, 0.0, R - 0.02),
        DQuat::from_rotation_z(0.5),
    ));
    let mut vz_max: f64 = 0.0;
    for _ in 0..240 {
        car.step(DT, &ground);
        vz_max = vz_max.max(car.state().chassis.linear_velocity_world.z);
    }
    // Undamped bound: a 2 cm compression released gives at most ω·x = 2π·1.5·0.02 = 0.19 m/s.
    assert!(vz_max < 0.19, "vz max {vz_max}");
    assert!(car.state().speed() < 0.01);
}

#[test]
fn non_finite_inputs_are_rejected_and_state_stays_finite() {
    let ground = Plane::flat();
    let mut car = Vehicle::new(sedan()).unwrap();
    car.teleport(at_rest_pose(0.0));
    car.set_intent(Intent {
        throttle: 0.3,
        ..Intent::default()
    })
    .unwrap();
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert!(
            car.set_intent(Intent {
                throttle: bad,
                ..Intent::default()
            })
            .is_err()
        );
        assert!(
            car.set_intent(Intent {
                steer: bad,
                ..Intent::default()
            })
            .is_err()
        );
        assert!(
            car.set_intent(Intent {
                brake: bad,
                ..Intent::default()
            })
            .is_err()
        );
        assert!(
            car.set_intent(Intent {
                handbrake: bad,
                ..Intent::default()
            })
            .is_err()
        );
        let mut c = [WheelCommand::default(); 4];
        c[1].drive_torque = bad;
        assert!(car.set_wheel_commands(&c).is_err());
        car.step(DT, &ground);
        car.step(bad, &ground); // a bad dt is ignored
    }
    run(&mut car, &ground, DT, 1.0);
    let s = car.state();
    assert!(s.chassis.pose.translation.is_finite() && s.chassis.linear_velocity_world.is_finite());
    assert!(
        s.wheels()
            .iter()
            .all(|w| w.tire.omega.is_finite() && w.normal_load.is_finite())
    );
    // The last good intent (30 % throttle) stayed in force.
    assert!(s.forward_speed() > 0.5);
}

#[test]
fn same_inputs_same_bits_sequential_and_parallel() {
    let mk = || {
        let mut w = World::new(Plane::flat());
        for k in 0..4 {
            let id = w
                .spawn(
                    sedan(),
                    Pose::from_translation(DVec3::new(0.0, 10.0 * k as f64, R + 0.1)),
                )
                .unwrap();
            w.vehicle_mut(id)
                .set_intent(Intent {
                    throttle: 0.25 * k as f64,
                    steer: 0.1 * k as f64,
                    ..Intent::default()
                })
                .unwrap();
        }
        w
    };
    let (mut a, mut b) = (mk(), mk());
    for _ in 0..300 {
        a.step(DT);
        b.step_parallel(DT);
    }
    for (va, vb) in a.vehicles().iter().zip(b.vehicles()) {
        assert_eq!(va.state(), vb.state());
    }
}

#[test]
fn moving_the_centre_of_mass_keeps_ride_frequency() {
    // Moving the CoM 20 cm forward re-splits the sprung masses; each spring and damper is
    // scaled by m_new/m_old so √(k/m) and c/(2√(km)) stay what they were.
    let mut p = sedan();
    let m0 = p.sprung_masses().unwrap();
    let k0 = p.wheels[0].suspension.spring_rate;
    let c0 = p.wheels[0].suspension.bump_damping;
    let com = p.chassis.com_offset + DVec3::new(0.2, 0.0, 0.0);
    p.set_com_offset(com).unwrap();
    let m1 = p.sprung_masses().unwrap();
    assert!(m1[0] > m0[0]);
    let k1 = p.wheels[0].suspension.spring_rate;
    let c1 = p.wheels[0].suspension.bump_damping;
    assert!(((k1 / m1[0]).sqrt() - (k0 / m0[0]).sqrt()).abs() < 1e-9);
    assert!((c1 / (k1 * m1[0]).sqrt() - c0 / (k0 * m0[0]).sqrt()).abs() < 1e-12);
    // And the rebuilt vehicle still rests on its sprung weights.
    let ground = Plane::flat();
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(at_rest_pose(0.0));
    run(&mut car, &ground, DT, 3.0);
    let expect = m1[0] * 9.81;
    assert!((car.state().wheels()[0].normal_load - expect).abs() < 0.005 * expect);
}
