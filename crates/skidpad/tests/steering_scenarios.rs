//! Scenario tests of issue 5 in the standalone world: turning circle, steer vs speed, hill
//! hold, anti-rollover J-turn, aero coast-down, trikes, wheel disabled while driving, layout
//! presets. Expected numbers are worked out in the comments; tolerances are in units.

use glam::DVec2;
use skidpad::aero::AeroParams;
use skidpad::ground::Plane;
use skidpad::layout::{TrikeMode, three_wheel};
use skidpad::presets::{kart, sedan, tank, truck_6x6, truck_8x8};
use skidpad::steering::SteeringParams;
use skidpad::tire::{SimpleMagicParams, TireModelKind};
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DQuat, DVec3, Pose};

mod support;
use support::{hold_speed, run, spawn};

const DT: f64 = 1.0 / 120.0;
const R: f64 = 0.316; // sedan wheel radius
const G: f64 = 9.81;

fn tilt(v: &Vehicle) -> f64 {
    let up = v.state().chassis.pose.rotation * DVec3::Z;
    up.z.clamp(-1.0, 1.0).acos()
}

#[test]
fn low_speed_turning_circle_matches_ackermann_geometry() {
    // Sedan, perfect Ackermann, half lock: inner (left) wheel δ_i = 17.5°, turn centre on the
    // rear axle line at y_c = t/2 + L/tan δ_i = 0.775 + 2.7/0.31530 = 9.3385 m; equivalently
    // R = L/tan δ with the bicycle angle cot δ = (cot δ_i + cot δ_o)/2. The rear axle centre
    // moves on a circle of radius y_c: R = v/ψ̇ there. At 2 m/s the lateral acceleration is
    // 0.43 m/s², slip angles ≈ a_y/(C_α g) = 0.0026 rad: well under 2 %.
    let mut car = spawn(sedan());
    let ground = Plane::flat();
    let (v, steer) = (2.0, 0.5);
    for _ in 0..(20.0 / DT) as usize {
        car.set_intent(hold_speed(&car, v, steer)).unwrap();
        car.step(DT, &ground);
    }
    let s = car.state();
    let c = &s.chassis;
    let rear_centre = c.pose.transform_point(DVec3::new(-1.35, 0.0, 0.0));
    let v_rear = c.point_velocity(&car.params().chassis, rear_centre);
    let r_meas = v_rear.length() / c.angular_velocity_world.z;
    let d_i = 17.5f64.to_radians();
    let r_hand = 0.775 + 2.7 / d_i.tan();
    assert!((r_hand - 9.3385).abs() < 1e-3);
    // The same through the bicycle angle of the two wheels' actual steer.
    let (di, dout) = (s.wheels[0].steer, s.wheels[1].steer);
    let cot = 0.5 * (1.0 / di.tan() + 1.0 / dout.tan());
    assert!((2.7 * cot - r_hand).abs() < 1e-9);
    println!("turning radius {r_meas:.4} m vs {r_hand:.4} m");
    assert!(
        (r_meas - r_hand).abs() < 0.02 * r_hand,
        "R = {r_meas} vs L/tan δ = {r_hand}"
    );
}

#[test]
fn steer_vs_speed_table_at_30_mps() {
    // PhysX table: 0.125 of max steer at 30 m/s → full lock gives 0.125·35° = 4.375° on the
    // inner wheel (Ackermann keeps the command on the inner wheel).
    let mut p = sedan();
    p.steering.steer_vs_speed = SteeringParams::physx_steer_vs_speed();
    let mut car = spawn(p);
    car.set_velocity(DVec3::new(30.0, 0.0, 0.0), DVec3::ZERO);
    car.set_intent(Intent {
        steer: 1.0,
        ..Intent::default()
    })
    .unwrap();
    car.step(DT, &Plane::flat());
    // The stage reads the forward speed at the start of the step: exactly 30 m/s.
    let expect = 0.125 * 35f64.to_radians();
    let got = car.state().wheels[0].steer;
    assert!((got - expect).abs() < 1e-12, "{got} vs {expect}");
}

/// What a release on the hill did: displacement along the uphill direction at the end, and
/// the most it went back (≤ 0) and forward (≥ 0) at any step of the release. Unit: m.
#[derive(Debug, Clone, Copy)]
struct Release {
    end: f64,
    back: f64,
    forward: f64,
}

/// The sedan with `tire` on every wheel, parked nose-up on a 20 % grade with the brake on for
/// 3 s, then the brake released (`Some(hold)`: hill hold on or off) or kept on (`None`) for
/// `release_s` seconds.
fn hill_release(tire: &TireModelKind, hold: Option<bool>, release_s: f64) -> Release {
    let angle = 0.2f64.atan(); // 20 % grade = 11.31°
    let ground = Plane::inclined(angle, DVec2::X);
    let mut p = sedan();
    for w in &mut p.wheels {
        w.tire.model = tire.clone();
    }
    p.stability.hill_hold.enabled = hold.unwrap_or(false);
    let mut car = Vehicle::new(p).unwrap();
    let n = DVec3::new(-angle.sin(), 0.0, angle.cos());
    car.teleport(Pose::new(n * R, DQuat::from_rotation_y(-angle)));
    car.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    run(&mut car, &ground, DT, 3.0);
    let x0 = car.state().chassis.pose.translation;
    if hold.is_some() {
        car.set_intent(Intent::default()).unwrap();
    }
    let up = DVec3::new(angle.cos(), 0.0, angle.sin());
    let mut r = Release {
        end: 0.0,
        back: 0.0,
        forward: 0.0,
    };
    for _ in 0..(release_s / DT).round() as usize {
        car.step(DT, &ground);
        r.end = (car.state().chassis.pose.translation - x0).dot(up);
        r.back = r.back.min(r.end);
        r.forward = r.forward.max(r.end);
    }
    r
}

#[test]
fn hill_hold_on_a_20_percent_grade() {
    // The check, with a transient-slip tire (the simplified Magic Formula; its patch
    // is a spring at standstill, so a locked wheel holds without creep — tire_scenarios parks
    // on 30 % for 60 s within 0.000 mm).
    //
    // Needed: m·g·sin θ = 1500·9.81·0.19612 = 2886 N at the contacts, 2886·0.316 = 912 N·m of
    // brake torque in all; the hold gives 0.6·(2·2500 + 2·800) = 3960 N·m (rear wheels 480 N·m
    // each = 1519 N at the patch against ≈ 640 N they carry), and µ = 1 ≫ tan θ = 0.2, so every
    // wheel stays locked through the release. The patch springs then carry the same
    // m·g·sin θ before and after: the expected motion is 0. The bound, 1 mm either way,
    // covers what the settle may have left; it is 1/20 of the foundation tire's 2 s creep
    // (3.3 cm, below) and 1/3500 of the 3.5 m the car rolls back without the hold.
    let tire = TireModelKind::SimpleMagic(SimpleMagicParams::default());
    let held = hill_release(&tire, Some(true), 2.0);
    let foot = hill_release(&tire, None, 2.0);
    println!(
        "simple magic, hold: end {:.4} mm, back {:.4} mm, forward {:.4} mm; foot brake {:.4} mm",
        held.end * 1e3,
        held.back * 1e3,
        held.forward * 1e3,
        foot.end * 1e3
    );
    assert!(held.back > -0.001, "rolled back {} m", held.back);
    assert!(held.forward < 0.001, "crept forward {} m", held.forward);
    // Without the hold it rolls back freely: a = g·(sin θ − C_rr·cos θ)·m/(m + 4·I_w/R²)
    // = 9.81·(0.19612 − 0.012·0.98058)·1500/(1500 + 4·1.1/0.316²) = 1.7569 m/s² (measured
    // 1.757 from the speed), ½·a·t² = 3.514 m in 2 s, plus what the four patch springs give
    // back as they unload (their ≈ 1 mm deflections and a ≈ 3 mm/s kick: 13 mm measured):
    // 3.514 m (+0.000/+0.025 m) back.
    let free = hill_release(&tire, Some(false), 2.0);
    println!("simple magic, no hold: {:.4} m", free.end);
    assert!(
        free.end < -3.514 && free.end > -3.539,
        "without hold moved {} m",
        free.end
    );
}

#[test]
fn hill_hold_with_the_default_friction_circle_tire_holds_too() {
    // The default friction-circle tire now runs with transient slip like the other models
    // (tire issue): a locked wheel is a patch spring, not a viscous creep. So with the hold,
    // releasing the brake on the 20 % grade moves the car less than 1 mm either way over 2 s,
    // exactly like the foot brake.
    let tire = TireModelKind::default();
    let d = hill_release(&tire, Some(true), 2.0);
    let d_foot = hill_release(&tire, None, 2.0);
    println!(
        "friction circle, hold: {:.4} mm in 2 s (max back {:.4} mm); foot brake {:.4} mm",
        d.end * 1e3,
        d.back * 1e3,
        d_foot.end * 1e3
    );
    assert!(d.end.abs() < 0.001 && d.back.abs() < 0.001, "moved {:?}", d);
    assert!(d.forward < 0.001, "crept forward {} m", d.forward);
    assert!((d.end - d_foot.end).abs() < 0.001);
}

/// A sedan with its centre of mass raised to 1.5 m (static stability factor
/// t/2h = 0.775/1.5 = 0.52 < µ = 1, so it rolls over before it slides) in a J-turn: 20 m/s,
/// full lock in 0.3 s, 4 s. Returns the largest tilt seen (rad), the fastest tilt rate seen
/// (rad/s) and the tilt at the end (rad).
fn j_turn(limit: Option<f64>) -> (f64, f64, f64) {
    // `sedan-simple`: the friction-circle tyre's µ = 1 is the whole grip (the fitted sedan's
    // peak falls with load, which moves the roll-over threshold).
    let mut p = skidpad::presets::sedan_simple();
    p.chassis.com_offset.z = 1.5 - R;
    if let Some(a) = limit {
        p.stability.anti_rollover.enabled = true;
        p.stability.anti_rollover.max_angle = a;
    }
    p.steering.max_rate = Some(35f64.to_radians() / 0.3);
    let mut car = spawn(p);
    let ground = Plane::flat();
    car.set_velocity(DVec3::new(20.0, 0.0, 0.0), DVec3::ZERO);
    car.set_intent(Intent {
        steer: 1.0,
        ..Intent::default()
    })
    .unwrap();
    let (mut max_tilt, mut max_rate, mut last): (f64, f64, f64) = (0.0, 0.0, 0.0);
    for _ in 0..(4.0 / DT) as usize {
        car.step(DT, &ground);
        let t = tilt(&car);
        max_rate = max_rate.max((t - last) / DT);
        last = t;
        max_tilt = max_tilt.max(t);
    }
    (max_tilt, max_rate, last)
}

#[test]
fn anti_rollover_keeps_a_high_cg_vehicle_under_the_limit() {
    // Without the helper the car goes over (tilt → 175.7°, on its roof).
    let (free, _, _) = j_turn(None);
    println!("J-turn without helper: max tilt {:.1}°", free.to_degrees());
    assert!(free > 1.5, "the test vehicle must roll over (tilt {free})");
    // With a 25° limit it reaches the limit at ≈ 3 rad/s (≈ 1.4° per step at 120 Hz, one
    // substep above 5 m/s) and stays under it. Each substep the helper runs the integrator's
    // own rotation step as a trial and brakes the tilt so that a stop in the next substep ends
    // on the limit (and this one does not pass it); the torque is solved by a secant step.
    // What is left is second order: the stop point `θ₁ + ½dt·r₁` ignores the turn the yaw rate
    // (≈ 2 rad/s) and pitch rate give the tilt, ~dt²·|ω|·r ≈ 1e-4 rad, and the secant on top
    // of that leaves 1.4e-6 rad (measured peak 25.000 08°). Tolerance 0.001° = 1.7e-5 rad.
    let limit = 25f64.to_radians();
    let (held, rate, end) = j_turn(Some(limit));
    println!(
        "with the 25° limit: max tilt {:.5}° (approach {rate:.2} rad/s), end {:.2}°",
        held.to_degrees(),
        end.to_degrees()
    );
    assert!(rate > 2.5, "the approach must be fast (got {rate} rad/s)");
    assert!(
        held <= limit + 0.001f64.to_radians(),
        "tilt {:.4}° over the 25° limit",
        held.to_degrees()
    );
    // It is held at the limit, not thrown back: the peak is the limit (within 0.5°), and the
    // car is still upright at the end (no roll-over later in the run): at most the limit, with
    // the same 0.001° as the peak (the end can sit on the limit: 25.0000002° since the end
    // stops' impulse arms are taken at the integrated pose).
    assert!(held > limit - 0.5f64.to_radians(), "peak {held} rad");
    assert!(end <= limit + 0.001f64.to_radians(), "end tilt {end} rad");
}

#[test]
fn aero_coast_down_matches_drag_plus_rolling_resistance() {
    // Sedan with C_d = 0.30, A = 2.2 m², ρ = 1.225, coasting from 40 m/s in neutral (direct
    // drive, no brake). Per unit of effective mass M = m + ΣI/R² = 1500 + 4·1.1/0.316² =
    // 1544.06 kg: M·dv/dt = −(c·v² + b·v + r), c = ½ρC_dA = 0.40425 kg/m, r = C_rr·m·g =
    // 176.58 N (rolling resistance is the tire moment C_rr·F_z·R; no downforce so ΣF_z = m·g),
    // b = 4·c_w/R² = 0.40058 N·s/m the wheel bearings' damping c_w = 0.01 N·m·s/rad
    // (torque c_w·ω = c_w·v/R at each wheel, force c_w·v/R²).
    // Time 40 → 20 m/s, Δ = 4cr − b² = 285.369:
    //   t = 2M/√Δ·[atan((2c·v₀ + b)/√Δ) − atan((2c·v₁ + b)/√Δ)] = 58.26 s.
    // Deceleration at 40 m/s: (646.8 + 16.02 + 176.58)/1544.06 = 0.5436 m/s².
    let mut p = skidpad::presets::sedan_simple(); // direct drive, free coasting
    p.aero = AeroParams {
        drag_coefficient: 0.30,
        frontal_area: 2.2,
        ..AeroParams::default()
    };
    assert_eq!(p.wheels[0].damping_rate, 0.01);
    let m_eff = 1500.0 + 4.0 * 1.1 / (R * R);
    let c = 0.5 * 1.225 * 0.30 * 2.2;
    let r = 0.012 * 1500.0 * G;
    let b = 4.0 * 0.01 / (R * R);
    let sd = (4.0 * c * r - b * b).sqrt();
    let time = |v0: f64, v1: f64| {
        2.0 * m_eff / sd * (((2.0 * c * v0 + b) / sd).atan() - ((2.0 * c * v1 + b) / sd).atan())
    };
    let t_hand = time(40.0, 20.0);
    assert!((t_hand - 58.26).abs() < 0.01, "{t_hand}");
    assert!(((c * 1600.0 + b * 40.0 + r) / m_eff - 0.5436).abs() < 1e-4);
    let mut car = spawn(p);
    let ground = Plane::flat();
    car.set_velocity(DVec3::new(40.0, 0.0, 0.0), DVec3::ZERO);
    run(&mut car, &ground, DT, 1.0); // settle the pitch from drag
    let v1 = car.state().forward_speed();
    let a_meas = -car.state().acceleration_world.x;
    let a_hand = (c * v1 * v1 + b * v1 + r) / m_eff;
    assert!(
        (a_meas - a_hand).abs() < 0.02 * a_hand,
        "decel {a_meas} vs {a_hand}"
    );
    // Time from v1 to 20 m/s.
    let t_v1 = time(v1, 20.0);
    let mut t = 0.0;
    while car.state().forward_speed() > 20.0 {
        car.step(DT, &ground);
        t += DT;
        assert!(t < 200.0);
    }
    println!("coast {v1:.3} → 20 m/s: {t:.2} s vs {t_v1:.2} s");
    assert!((t - t_v1).abs() < 0.02 * t_v1, "{t} vs {t_v1}");
}

fn settled_trike(mode: TrikeMode) -> Vehicle {
    let mut p = sedan();
    three_wheel(&mut p, mode).unwrap();
    let mut car = spawn(p);
    car.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    run(&mut car, &Plane::flat(), DT, 6.0);
    car
}

#[test]
fn trikes_settle_level_with_the_right_wheel_loads() {
    // Axle shares of 1500 kg: front m·b/L = 1500·1.5/2.7 = 833.3 kg, rear 666.7 kg.
    // Tadpole: fronts 416.7 kg (4087.5 N) each, single rear 666.7 kg (6540.0 N).
    // Delta: single front 833.3 kg (8175.0 N), rears 333.3 kg (3270.0 N) each.
    let cases = [
        (TrikeMode::Tadpole, 3, [4087.5, 4087.5, 6540.0]),
        (TrikeMode::Delta, 1, [8175.0, 3270.0, 3270.0]),
    ];
    for (mode, off, loads) in cases {
        let car = settled_trike(mode);
        let enabled: Vec<usize> = (0..4).filter(|&i| i != off).collect();
        assert_eq!(car.state().wheels[off].normal_load, 0.0);
        for (k, &i) in enabled.iter().enumerate() {
            let l = car.state().wheels[i].normal_load;
            assert!(
                (l - loads[k]).abs() < 0.005 * loads[k],
                "{mode:?} wheel {i}: {l} N vs {} N",
                loads[k]
            );
        }
        let (roll, pitch, _) = car.state().chassis.roll_pitch_yaw();
        assert!(
            roll.abs() < 0.2f64.to_radians() && pitch.abs() < 0.2f64.to_radians(),
            "{mode:?} roll {roll} pitch {pitch}"
        );
    }
}

#[test]
fn disabling_a_wheel_while_driving_makes_no_spike() {
    // Driving straight at 15 m/s, the right rear wheel is disabled. Its static share
    // 333.3·9.81 = 3270 N would vanish at once if the sprung masses were not recomputed
    // (2.18 m/s² of heave). Recomputed, the three remaining springs take that share at their
    // current jounce, so the vertical force changes only by the lost wheel's dynamic
    // spring/damper force (≈ 0 on a flat road). Allow 10 % of the naive jump: 0.22 m/s².
    let mut car = spawn(skidpad::presets::sedan_simple()); // direct drive, free coasting
    let ground = Plane::flat();
    car.set_velocity(DVec3::new(15.0, 0.0, 0.0), DVec3::ZERO);
    run(&mut car, &ground, DT, 2.0);
    let a0 = car.state().acceleration_world;
    car.set_wheel_enabled(3, false).unwrap();
    let mut worst: f64 = 0.0;
    for _ in 0..(0.5 / DT) as usize {
        car.step(DT, &ground);
        worst = worst.max((car.state().acceleration_world - a0).length());
    }
    println!("largest acceleration change after disabling: {worst:.4} m/s²");
    assert!(worst < 0.22, "spike {worst} m/s²");
    assert!((car.derived().sprung_mass[3]).abs() < 1e-12);
    let total: f64 = car.derived().sprung_mass.iter().sum();
    assert!((total - 1500.0).abs() < 1e-9);
    // Re-enabling works too; a wheel that cannot carry the CoM alone is refused.
    car.set_wheel_enabled(3, true).unwrap();
    let mut one = spawn(sedan());
    for i in 1..4 {
        one.set_wheel_enabled(i, i == 1).unwrap_or(());
    }
    assert!(one.set_wheel_enabled(1, false).is_err());
}

#[test]
fn layout_presets_settle_level_carrying_their_weight() {
    // Each preset dropped at its design pose with the brake on: Σ normal loads = m·g within
    // 0.5 %, roll and pitch under 0.3°.
    for p in [kart(), truck_6x6(), truck_8x8(), tank()] {
        let name = p.name.clone();
        let mass = p.chassis.mass;
        let mut car = spawn(p);
        car.set_intent(Intent {
            brake: 1.0,
            ..Intent::default()
        })
        .unwrap();
        run(&mut car, &Plane::flat(), DT, 5.0);
        let total: f64 = car.state().wheels().iter().map(|w| w.normal_load).sum();
        assert!(
            (total - mass * G).abs() < 0.005 * mass * G,
            "{name}: {total} N vs {} N",
            mass * G
        );
        let (roll, pitch, _) = car.state().chassis.roll_pitch_yaw();
        assert!(
            roll.abs() < 0.3f64.to_radians() && pitch.abs() < 0.3f64.to_radians(),
            "{name}: roll {roll} pitch {pitch}"
        );
        assert!(car.state().speed() < 0.01, "{name} moving");
    }
}

#[test]
fn new_params_validate_with_field_paths() {
    let mut p = sedan();
    p.steering.ackermann.accuracy = 1.5;
    assert_eq!(
        p.validate().unwrap_err().path,
        "steering.ackermann.accuracy"
    );
    let mut p = sedan();
    p.input_smoothing.throttle.rise = f64::NAN;
    assert_eq!(
        p.validate().unwrap_err().path,
        "input_smoothing.throttle.rise"
    );
    let mut p = sedan();
    p.stability.anti_rollover.max_angle = 4.0;
    assert_eq!(
        p.validate().unwrap_err().path,
        "stability.anti_rollover.max_angle"
    );
    let mut p = sedan();
    p.aero.frontal_area = -1.0;
    assert_eq!(p.validate().unwrap_err().path, "aero.frontal_area");
}

#[test]
fn airborne_upright_torque_levels_the_car_before_landing() {
    // Dropped from 6 m (fall time √(2·6/9.81) = 1.1 s) rolled 30° and pitched 15°: the upright
    // spring (0.8 Hz, ζ = 1) has ≈ 5.5 time constants 1/ω_n = 0.2 s to level the body, so
    // the tilt at touchdown is < 2°; without it the body keeps its 33° tilt.
    let run_drop = |enabled: bool| {
        let mut p = sedan();
        p.stability.airborne.enabled = enabled;
        let mut car = Vehicle::new(p).unwrap();
        let q =
            DQuat::from_rotation_x(30f64.to_radians()) * DQuat::from_rotation_y(15f64.to_radians());
        car.teleport(Pose::new(DVec3::new(0.0, 0.0, 6.0), q));
        let ground = Plane::flat();
        let mut last = tilt(&car);
        while car
            .state()
            .wheels()
            .iter()
            .all(|w| !w.suspension.in_contact)
        {
            last = tilt(&car);
            car.step(DT, &ground);
            assert!(car.state().time < 3.0);
        }
        last
    };
    let with = run_drop(true);
    let without = run_drop(false);
    println!(
        "tilt at touchdown: {:.2}° with, {:.2}° without",
        with.to_degrees(),
        without.to_degrees()
    );
    assert!(with < 2f64.to_radians(), "{with}");
    assert!(without > 30f64.to_radians(), "{without}");
}

/// The sedan at `v` (held by a speed controller), a steer step to `steer` at t = 0.5 s;
/// returns the peak and the final (t = 4 s) yaw rate (rad/s).
fn step_steer(yaw_rate: Option<f64>, v: f64, steer: f64) -> (f64, f64) {
    // The neutral-steer sedan: the foundation tire's 17/rad on both axles (`sedan-simple`).
    let mut p = skidpad::presets::sedan_simple();
    for w in &mut p.wheels {
        w.tire
            .as_friction_circle_mut()
            .unwrap()
            .cornering_stiffness_per_unit_load = 17.0;
    }
    if let Some(k) = yaw_rate {
        p.stability.yaw_damping.enabled = true;
        p.stability.yaw_damping.rate = k;
    }
    let mut car = spawn(p);
    let ground = Plane::flat();
    car.set_velocity(DVec3::new(v, 0.0, 0.0), DVec3::ZERO);
    let mut peak: f64 = 0.0;
    for i in 0..(4.0 / DT) as usize {
        car.set_intent(hold_speed(
            &car,
            v,
            if i as f64 * DT >= 0.5 { steer } else { 0.0 },
        ))
        .unwrap();
        car.step(DT, &ground);
        peak = peak.max(car.state().chassis.angular_velocity_world.z);
    }
    (peak, car.state().chassis.angular_velocity_world.z)
}

#[test]
fn yaw_damping_lowers_the_yaw_gain_above_its_speed() {
    // Linear bicycle model of the sedan at V = 25 m/s (damping fully faded in above
    // 5 + 5 m/s), steer 0.01 of 35° (a_y ≈ 1.4 m/s², linear tire range). With the foundation tire's
    // cornering stiffness is per unit load, C = 17·F_z, so C_f = 17·8175 = 138 975 N/rad,
    // C_r = 17·6540 = 111 180 N/rad and the car is neutral-steer. Steady state with the
    // damping torque −k·I_zz·r in the yaw balance:
    //   r = δ / (L/V + k·I_zz·(1/C_f + 1/C_r)/L)
    // so r_damped/r_free = 0.108/(0.108 + 2·2600·1.61899e-5/2.7) = 0.108/0.139181 = 0.7760.
    // (Measured: free 0.05546 rad/s — 1.8 % under the kinematic V/R = 0.05646 — and damped
    // 0.04270; ratio 0.7699.) The ratio cancels what the bicycle model leaves out in both
    // runs: ±2 %. Neither run overshoots (a neutral-steer car at this speed is overdamped).
    let (peak0, r0) = step_steer(None, 25.0, 0.01);
    let (peak1, r1) = step_steer(Some(2.0), 25.0, 0.01);
    println!(
        "25 m/s: free peak {peak0:.5} final {r0:.5} rad/s; damped peak {peak1:.5} final \
         {r1:.5} rad/s; ratio {:.4}",
        r1 / r0
    );
    let hand: f64 = 0.108 / (0.108 + 2.0 * 2600.0 * (1.0 / 138_975.0 + 1.0 / 111_180.0) / 2.7);
    assert!((hand - 0.7760).abs() < 1e-4, "{hand}");
    assert!(
        (r1 / r0 - hand).abs() < 0.02 * hand,
        "yaw gain ratio {} vs {hand}",
        r1 / r0
    );
    assert!(peak1 <= r1 * 1.001 && peak0 <= r0 * 1.001, "overshoot");
    // Below `min_speed` (5 m/s) the helper does nothing: the same run, bit for bit.
    let slow_free = step_steer(None, 4.0, 0.3);
    let slow_damped = step_steer(Some(2.0), 4.0, 0.3);
    assert_eq!(slow_free, slow_damped);
}
