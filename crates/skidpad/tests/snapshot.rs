//! Snapshot and restore reproduce a run bit for bit, and the world's determinism hash does not
//! depend on the thread count.
//!
//! Invariant: a step is a pure function of (params, snapshot, inputs, dt, ground), so
//! restoring a snapshot and applying the same inputs must give the same bits; vehicles are
//! independent, so stepping them on 1 or 2 threads must give the same bits too.

use skidpad::ground::{HeightField, Plane};
use skidpad::vehicle::{Intent, Vehicle, WheelCommand};
use skidpad::{DVec3, Pose, World, presets};

const DT: f64 = 1.0 / 60.0;

/// Inputs that change every step, so a restore that dropped smoothing or controls would show.
fn intent_at(k: usize, car: usize) -> Intent {
    let t = k as f64 * DT;
    Intent {
        throttle: 0.6 + 0.4 * (0.7 * t + car as f64).sin(),
        steer: 0.3 * (1.3 * t).sin(),
        brake: if k % 90 > 80 { 0.5 } else { 0.0 },
        ..Intent::default()
    }
}

/// 1 km-scale rolling terrain (the benchmark's formula on a smaller grid).
fn terrain() -> HeightField {
    HeightField::from_fn(65, 65, 4.0, glam::DVec2::new(-128.0, -128.0), |x, y| {
        use std::f64::consts::TAU;
        0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
            + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
    })
    .unwrap()
}

fn world_of(n: usize) -> World<HeightField> {
    let g = terrain();
    let mut w = World::new(g);
    let kinds = [
        presets::sedan(),
        presets::sports_rwd(),
        presets::truck_6x6(),
    ];
    for i in 0..n {
        let (x, y) = (
            -60.0 + 12.0 * (i % 10) as f64,
            -60.0 + 12.0 * (i / 10) as f64,
        );
        let z = w.ground().height_at(x, y).unwrap() + 1.0;
        w.spawn(
            kinds[i % kinds.len()].clone(),
            Pose::from_translation(DVec3::new(x, y, z)),
        )
        .unwrap();
    }
    w
}

fn drive(w: &mut World<HeightField>, from: usize, steps: usize, parallel: bool) {
    for k in from..from + steps {
        let n = w.vehicles().len();
        let intents: Vec<Intent> = (0..n).map(|i| intent_at(k, i)).collect();
        w.set_intents(&intents).unwrap();
        if parallel {
            w.step_parallel(DT);
        } else {
            w.step(DT);
        }
    }
}

#[test]
fn vehicle_restore_reproduces_the_run_bit_for_bit() {
    let g = Plane::flat();
    let mut car = Vehicle::new(presets::sports_rwd()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.5)));
    for k in 0..60 {
        car.set_intent(intent_at(k, 0)).unwrap();
        car.step(DT, &g);
    }
    let saved = car.snapshot();
    let mut first = Vec::new();
    for k in 60..240 {
        car.set_intent(intent_at(k, 0)).unwrap();
        car.step(DT, &g);
        first.push(car.state_hash());
    }
    let end = car.state().clone();
    car.restore(&saved).unwrap();
    assert_eq!(car.steps(), 60);
    for (k, h) in (60..240).zip(&first) {
        car.set_intent(intent_at(k, 0)).unwrap();
        car.step(DT, &g);
        assert_eq!(car.state_hash(), *h, "step {k} differs after restore");
    }
    // Bit equality of the end state's chassis, beyond the hash.
    let (a, b) = (end.chassis, car.state().chassis);
    assert_eq!(
        a.pose.translation.to_array().map(f64::to_bits),
        b.pose.translation.to_array().map(f64::to_bits)
    );
    assert_eq!(
        a.linear_velocity_world.to_array().map(f64::to_bits),
        b.linear_velocity_world.to_array().map(f64::to_bits)
    );
    // The car moved: the test compares a real run, not a parked car (> 5 m in 4 s).
    assert!(end.chassis.pose.translation.length() > 5.0);
}

#[test]
fn restore_with_the_half_kick_keeps_the_previous_controls() {
    // With `input_jump_half_kick` the next step reads the previous step's controls too: a
    // snapshot taken after new controls were set (before stepping them) must still restore
    // the old ones, or the restored step would miss its half kick.
    let g = Plane::flat();
    let mut p = presets::sports_rwd();
    p.sim.input_jump_half_kick = true;
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.5)));
    for k in 0..60 {
        car.set_intent(intent_at(k, 0)).unwrap();
        car.step(DT, &g);
    }
    car.set_intent(intent_at(60, 0)).unwrap();
    let saved = car.snapshot();
    assert!(saved.previous_controls.is_some());
    let run = |car: &mut Vehicle| -> Vec<u64> {
        (60..120)
            .map(|k| {
                car.set_intent(intent_at(k, 0)).unwrap();
                car.step(DT, &g);
                car.state_hash()
            })
            .collect()
    };
    let first = run(&mut car);
    car.restore(&saved).unwrap();
    assert_eq!(run(&mut car), first);
    // The previous controls matter: without them the first restored step has no kick.
    let mut forgot = saved.clone();
    forgot.previous_controls = None;
    car.restore(&forgot).unwrap();
    assert_ne!(run(&mut car)[0], first[0]);
}

#[test]
fn restore_brings_back_controls_and_enabled_wheels() {
    let g = Plane::flat();
    let mut car = Vehicle::new(presets::truck_6x6()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    car.set_wheel_commands(
        &[WheelCommand {
            drive_torque: 400.0,
            ..WheelCommand::default()
        }; 6],
    )
    .unwrap();
    let saved = car.snapshot();
    for _ in 0..30 {
        car.step(DT, &g);
    }
    let h = car.state_hash();
    car.set_wheel_enabled(2, false).unwrap();
    car.set_intent(Intent::default()).unwrap();
    car.restore(&saved).unwrap();
    assert!(car.params().wheels[2].enabled);
    for _ in 0..30 {
        car.step(DT, &g);
    }
    assert_eq!(car.state_hash(), h);
}

#[test]
fn restore_refuses_a_snapshot_of_another_vehicle_type() {
    let sedan = Vehicle::new(presets::sedan()).unwrap();
    let mut truck = Vehicle::new(presets::truck_6x6()).unwrap();
    let e = truck.restore(&sedan.snapshot()).unwrap_err();
    assert_eq!(e.path, "snapshot.state.n_wheels");
    // Vehicle 0 is a 4-wheel sedan, vehicle 2 a 6-wheel truck.
    let mut w = world_of(3);
    let mut s = w.snapshot();
    s.vehicles.pop();
    assert_eq!(w.restore(&s).unwrap_err().path, "snapshot.vehicles");
    let mut s = w.snapshot();
    s.vehicles.swap(0, 2);
    let e = w.restore(&s).unwrap_err();
    assert_eq!(e.path, "snapshot.vehicles[0].state.n_wheels");
}

#[test]
fn world_hash_is_equal_for_serial_one_and_two_threads_and_after_restore() {
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    // 40 vehicles: more than two chunks of `PARALLEL_CHUNK`, so both threads get work.
    let n = 40;
    let mut serial = world_of(n);
    drive(&mut serial, 0, 90, false);
    let h_serial = serial.state_hash();

    let mut one = world_of(n);
    pool(1).install(|| drive(&mut one, 0, 90, true));
    let mut two = world_of(n);
    pool(2).install(|| drive(&mut two, 0, 45, true));
    let mid = two.snapshot();
    pool(2).install(|| drive(&mut two, 45, 45, true));
    assert_eq!(one.state_hash(), h_serial, "1 thread differs from serial");
    assert_eq!(two.state_hash(), h_serial, "2 threads differ from serial");

    two.restore(&mid).unwrap();
    assert_eq!(two.time(), (0..45).fold(0.0, |t, _| t + DT));
    drive(&mut two, 45, 45, false);
    assert_eq!(two.state_hash(), h_serial, "restore + same inputs differs");
    // A different input gives a different hash (the hash sees the state).
    two.restore(&mid).unwrap();
    drive(&mut two, 46, 45, false);
    assert_ne!(two.state_hash(), h_serial);
}

#[test]
fn set_intents_names_the_bad_field() {
    let mut w = world_of(3);
    assert_eq!(w.set_intents(&[]).unwrap_err().field, "intents");
    let mut v = vec![Intent::default(); 3];
    v[1].throttle = f64::NAN;
    assert_eq!(w.set_intents(&v).unwrap_err().field, "intents[1].throttle");
}
