//! Invariant: a vehicle step never touches the heap. A counting global allocator wraps the
//! system allocator; after setup, 1,000 steps of a 4-wheel sedan (sweeps, anti-roll bars,
//! body-roll model on, driving and steering; Ackermann, steer-vs-speed table, rate limit,
//! input smoothing, every stability helper and aero with downforce on), 1,000 hosted steps and
//! 1,000 steps of the engine-driven rally car (coupled drivetrain solve, LSDs, autobox,
//! ABS/TC/ESC) must allocate nothing — including telemetry: sampling into a preallocated ring,
//! filling a CSV row, event detection, the vehicles' event queues and in-game graph data.
//! Only the test's own thread is counted (`support::alloc`): the test harness's main thread
//! may print or allocate at any moment on a busy machine, which made a process-wide count
//! flaky. The steps are single-threaded.

use skidpad::ground::Plane;
use skidpad::presets::{rally_4wd, sedan};
use skidpad::suspension::RollPair;
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DVec3, Pose};

mod support;
use support::alloc::{CountingAlloc, allocations_in};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn a_thousand_steps_allocate_nothing() {
    // `sedan-simple`: at 0.8 throttle (720 N·m per rear wheel) and 0.4 steer the fitted
    // sedan spins; the friction-circle one keeps driving, which this test needs.
    let mut p = skidpad::presets::sedan_simple();
    p.body_roll.enabled = true;
    p.body_roll.pairs = vec![RollPair {
        left: 0,
        right: 1,
        roll_stiffness: 1000.0,
        front: true,
    }];
    p.contact.reuse_hit_steps = 2;
    p.steering.steer_vs_speed = skidpad::steering::SteeringParams::physx_steer_vs_speed();
    p.steering.max_rate = Some(1.0);
    p.input_smoothing = skidpad::input::InputSmoothingParams::gamepad();
    p.stability.hill_hold.enabled = true;
    p.stability.yaw_damping.enabled = true;
    p.stability.anti_rollover.enabled = true;
    p.stability.anti_rollover.max_angle = 0.01;
    p.stability.airborne.enabled = true;
    p.aero = skidpad::aero::AeroParams {
        drag_coefficient: 0.3,
        frontal_area: 2.2,
        drag_point: Some(DVec3::new(0.0, 0.0, 0.3)),
        downforce: vec![skidpad::aero::DownforceParams {
            downforce_coefficient: 0.3,
            area: 1.0,
            point: DVec3::new(1.35, 0.0, 0.3),
        }],
        ..Default::default()
    };
    let ground = Plane::flat();
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.4)));
    let mut hosted = car.clone();
    let intent = Intent {
        throttle: 0.8,
        steer: 0.4,
        ..Intent::default()
    };
    car.set_intent(intent).unwrap();
    hosted.set_intent(intent).unwrap();
    let body = hosted.state().chassis;
    // Engine-driven: coupled implicit solve, LSDs, autobox, all aids on.
    let mut rp = rally_4wd();
    rp.drivetrain.aids.abs.enabled = true;
    rp.drivetrain.aids.tc.enabled = true;
    rp.drivetrain.aids.esc.enabled = true;
    let mut rally = Vehicle::new(rp).unwrap();
    rally.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.33)));
    rally
        .set_intent(Intent {
            throttle: 1.0,
            steer: 0.2,
            ..Intent::default()
        })
        .unwrap();

    // Every tire model, with the thermal model, on a noisy gravel surface (surface id 2): the
    // transient contact, surface lookups, wet/noise grip and the MF coefficient scaling.
    let gravel = Plane::flat().with_surface(skidpad::ground::SurfaceId(2));
    let (tir, _) = skidpad::tire::mf::TirFile::from_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/mf_185_80R14.tir"
    ))
    .unwrap();
    let kinds = [
        skidpad::tire::TireModelKind::SlipCurve(Default::default()),
        skidpad::tire::TireModelKind::Brush(Default::default()),
        skidpad::tire::TireModelKind::SimpleMagic(Default::default()),
        skidpad::tire::TireModelKind::MagicFormula(Box::new(skidpad::tire::mf::MfTire::from(tir))),
    ];
    let mut tire_cars: Vec<Vehicle> = kinds
        .iter()
        .map(|k| {
            let mut p = sedan();
            for w in &mut p.wheels {
                w.tire.model = k.clone();
                w.tire.thermal = Some(Default::default());
            }
            let mut v = Vehicle::new(p).unwrap();
            v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.35)));
            v.set_intent(intent).unwrap();
            v
        })
        .collect();

    // Telemetry: a preallocated ring, a CSV row buffer, and event detection on top of the
    // vehicle's own event queue (the rally car shifts; the sedan drops onto the ground).
    let mut ring = skidpad::telemetry::RingBuffer::new(256);
    let mut row = vec![0.0; skidpad::telemetry::channel_count(4)];
    let mut drift = skidpad::telemetry::DriftState::default();
    let drift_params = skidpad::telemetry::DriftParams::default();
    let mut n_events = 0;
    let mut prev = skidpad::telemetry::sample(&rally);
    let mut car_monitor = skidpad::telemetry::Monitor::new(&car);
    let mut rally_monitor = skidpad::telemetry::Monitor::new(&rally);
    // In-game graphs (PhysX telemetry graphs): pushing samples and computing line strips.
    let mut engine_graph = skidpad::telemetry::graph::Graph::engine(rally.params(), 256).unwrap();
    let mut wheel_graph = skidpad::telemetry::graph::Graph::wheel(rally.params(), 0, 256).unwrap();
    let mut xy = vec![[0.0; 2]; 256];
    let mut rgb = vec![[0u8; 3]; 256];
    let mut strip_points = 0;

    // The input jump's half kick (`sim.input_jump_half_kick`): the controls change every
    // step, so each step runs the stages twice and restores the state in between; standalone
    // and hosted, direct drive and the rally car's coupled solve. The steer changes every
    // other step: the old controls' pass runs whole, or stops after stage 4 and is undone
    // from a copy (`pipeline::Kick::InputJumpPrepared`).
    let mut kick_p = skidpad::presets::sedan_simple();
    kick_p.sim.input_jump_half_kick = true;
    let mut kicked = Vehicle::new(kick_p).unwrap();
    kicked.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.4)));
    let mut kick_rp = rally_4wd();
    kick_rp.sim.input_jump_half_kick = true;
    let mut kicked_rally = Vehicle::new(kick_rp).unwrap();
    kicked_rally.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.33)));
    let kicked_body = kicked.state().chassis;
    let toggled = |k: usize| Intent {
        throttle: 0.5 + 0.3 * (k % 2) as f64,
        steer: 0.1 * ((k / 2) % 3) as f64,
        ..Intent::default()
    };

    let mut kicked_speed = 0.0;
    let ((), allocs) = allocations_in(|| {
        for k in 0..300 {
            kicked.set_intent(toggled(k)).unwrap();
            kicked.step(1.0 / 60.0, &ground);
            kicked_rally.set_intent(toggled(k)).unwrap();
            kicked_rally.step(1.0 / 60.0, &ground);
        }
        kicked_speed = kicked.state().speed();
        for k in 0..300 {
            kicked.set_intent(toggled(k)).unwrap();
            std::hint::black_box(kicked.step_hosted(1.0 / 60.0, &kicked_body, &ground));
        }
        for _ in 0..1000 {
            car.step(1.0 / 60.0, &ground);
            car_monitor.observe(&car);
            ring.push(*car_monitor.sample());
            skidpad::telemetry::fill_row(&car, &mut row);
            n_events += car_monitor.drain().count();
        }
        for v in &mut tire_cars {
            for _ in 0..300 {
                v.step(1.0 / 60.0, &gravel);
            }
        }
        for _ in 0..1000 {
            std::hint::black_box(hosted.step_hosted(1.0 / 60.0, &body, &ground));
        }
        for _ in 0..1000 {
            rally.step(1.0 / 60.0, &ground);
            rally_monitor.observe(&rally);
            let now = skidpad::telemetry::sample(&rally);
            n_events += skidpad::telemetry::detect(&prev, &now, &mut drift, &drift_params).len();
            prev = now;
            ring.push(now);
            engine_graph.push(&now);
            wheel_graph.push(&now);
            strip_points += engine_graph.strip(0, &mut xy, &mut rgb);
            strip_points += wheel_graph.strip(0, &mut xy, &mut rgb);
        }
        n_events += rally_monitor.drain().count();
    });
    assert!(n_events > 4, "events must have been produced: {n_events}");
    assert_eq!(ring.len(), 256);
    assert!(
        strip_points > 2 * 256,
        "graphs must have been drawn: {strip_points}"
    );

    assert_eq!(allocs, 0, "heap allocations inside steps");
    assert!(
        kicked_speed > 1.0 && kicked_rally.state().speed() > 1.0,
        "the kicked cars must have been driving: {kicked_speed}"
    );
    assert!(
        car.state().speed() > 5.0,
        "the car must actually have been driving"
    );
    // The selected gear: the engaged one reads 0 while a shift is in progress (it was, on
    // the last step, once the merged tyres and aligning moments changed the run's timing).
    assert!(
        rally.state().drivetrain.target_gear >= 2,
        "the rally car must have shifted"
    );
    for v in &tire_cars {
        assert!(
            v.state().speed() > 1.0,
            "every tire-model car must have been driving"
        );
    }
}

/// Vehicles of one type share their parameters: cloning a prototype allocates nothing (the
/// params and derived constants are behind `Arc`s; a sedan's params alone are ≈ 25 KB of
/// heap), and neither does a fresh vehicle of the type (`Vehicle::fresh`).
#[test]
fn clones_of_a_type_share_params_without_allocating() {
    let proto = Vehicle::new(sedan()).unwrap();
    let (cars, n) = allocations_in(|| {
        let mut cars = [proto.clone(), proto.clone(), proto.clone(), proto.fresh()];
        for (i, c) in cars.iter_mut().enumerate() {
            c.teleport(Pose::from_translation(DVec3::new(0.0, 4.0 * i as f64, 0.4)));
        }
        cars
    });
    assert_eq!(n, 0, "cloning vehicles of one type allocated {n} times");
    assert!(cars.iter().all(|c| c.shares_params_with(&proto)));
}

/// The wheel states are sized by the wheel count (`wheel::WheelSlots`): a 4-wheel car keeps
/// them inline, so its snapshot, clone and restore allocate nothing; an 8-wheel truck keeps
/// its 8 in one block allocated at spawn, so a clone or a fresh snapshot allocates exactly
/// that block, while its steps (standalone and hosted), `restore` and `snapshot_into` (of a
/// snapshot of the same type) and the world's `snapshot_into` allocate nothing.
#[test]
fn wheel_slots_sized_by_count_allocate_only_at_spawn() {
    let ground = Plane::flat();
    let car = Vehicle::new(sedan()).unwrap();
    assert!(!car.state().wheels.is_heap());
    let ((), n) = allocations_in(|| {
        let mut c = car.clone();
        let s = c.snapshot();
        c.restore(&s).unwrap();
        let mut out = car.snapshot();
        c.snapshot_into(&mut out);
    });
    assert_eq!(
        n, 0,
        "the 4-wheel car's clone/snapshot/restore allocated {n} times"
    );

    let mut truck = Vehicle::new(skidpad::presets::truck_8x8()).unwrap();
    assert!(truck.state().wheels.is_heap());
    assert_eq!(truck.state().wheels.len(), 8);
    truck.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    truck
        .set_intent(Intent {
            throttle: 0.6,
            steer: 0.2,
            ..Intent::default()
        })
        .unwrap();
    let (mut hosted, n) = allocations_in(|| truck.clone());
    assert_eq!(
        n, 1,
        "cloning the 8-wheel truck: its wheel block alone, got {n}"
    );
    let saved = truck.snapshot();
    let mut out = truck.snapshot();
    let mut world = skidpad::World::new(Plane::flat());
    world.insert(truck.clone());
    world.insert(car.clone());
    let mut world_out = world.snapshot();
    let ((), n) = allocations_in(|| {
        for _ in 0..200 {
            truck.step(1.0 / 60.0, &ground);
            let body = hosted.state().chassis;
            hosted.step_hosted(1.0 / 60.0, &body, &ground);
        }
        truck.snapshot_into(&mut out);
        truck.restore(&saved).unwrap();
        world.step(1.0 / 60.0);
        world.snapshot_into(&mut world_out);
        world.restore(&world_out).unwrap();
    });
    assert_eq!(
        n, 0,
        "the 8-wheel truck's steps/restore allocated {n} times"
    );
    assert!(out.state.time > 3.3 && truck.state().time == 0.0);
    assert_eq!(truck.snapshot(), saved);
}
