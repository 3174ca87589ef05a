//! Vehicles of one type share their parameters (`Vehicle`'s docs): a clone holds the same
//! `Arc`s as its prototype, steps exactly as a vehicle built from its own copy of the params,
//! and a run-time parameter change on one vehicle (wheel disabled, new params, a restore that
//! re-enables wheels) gives that vehicle its own copy and leaves the others bit for bit as
//! they were.

use skidpad::ground::Plane;
use skidpad::presets::sedan;
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DVec3, Pose, World};

const DT: f64 = 1.0 / 60.0;

fn driving(mut v: Vehicle) -> Vehicle {
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.35)));
    v.set_intent(Intent {
        throttle: 0.4,
        steer: 0.2,
        ..Intent::default()
    })
    .unwrap();
    v
}

fn run(v: &mut Vehicle, steps: usize) {
    let ground = Plane::flat();
    for _ in 0..steps {
        v.step(DT, &ground);
    }
}

#[test]
fn a_clone_steps_as_a_vehicle_with_its_own_params() {
    let proto = Vehicle::new(sedan()).unwrap();
    let mut shared = driving(proto.clone());
    let mut own = driving(Vehicle::new(sedan()).unwrap());
    assert!(shared.shares_params_with(&proto));
    assert!(!own.shares_params_with(&proto));
    run(&mut shared, 120);
    run(&mut own, 120);
    assert_eq!(shared.state_hash(), own.state_hash());
    assert!(shared.state().forward_speed() > 1.0, "the run must move");
}

#[test]
fn a_change_on_one_vehicle_leaves_the_others_alone() {
    let proto = Vehicle::new(sedan()).unwrap();
    let mut a = driving(proto.clone());
    let mut b = driving(proto.clone());
    let mut reference = driving(Vehicle::new(sedan()).unwrap());
    let before = a.snapshot();

    // Wheel 3 off on `a` only: `a` gets its own params, `b` keeps the prototype's.
    a.set_wheel_enabled(3, false).unwrap();
    assert!(!a.params().wheels[3].enabled);
    assert!(b.params().wheels[3].enabled);
    assert!(!a.shares_params_with(&proto));
    assert!(b.shares_params_with(&proto));
    // The sedan's sprung masses: the three remaining wheels carry the whole car.
    let m = proto.params().chassis.mass;
    let carried: f64 = a.derived().sprung_mass[..3].iter().sum();
    assert!((carried - m).abs() < 1e-6 * m, "{carried} vs {m}");
    assert_eq!(a.derived().sprung_mass[3], 0.0);
    assert_eq!(b.derived().sprung_mass, proto.derived().sprung_mass);

    run(&mut a, 60);
    run(&mut b, 60);
    run(&mut reference, 60);
    assert_eq!(b.state_hash(), reference.state_hash());
    assert_ne!(a.state_hash(), reference.state_hash());

    // Restoring `a`'s snapshot from before re-enables the wheel (in `a`'s own copy).
    a.restore(&before).unwrap();
    assert!(a.params().wheels[3].enabled);
    assert!(b.params().wheels[3].enabled);

    // New params on `b` do not reach the prototype.
    let mut heavier = sedan();
    heavier.chassis.mass += 300.0;
    b.set_params(heavier).unwrap();
    assert_eq!(proto.params().chassis.mass, sedan().chassis.mass);
    assert!(!b.shares_params_with(&proto));
}

#[test]
fn a_world_of_clones_matches_a_world_of_spawned_vehicles() {
    let proto = Vehicle::new(sedan()).unwrap();
    let mut spawned = World::new(Plane::flat());
    let mut inserted = World::new(Plane::flat());
    for i in 0..4 {
        let pose = Pose::from_translation(DVec3::new(0.0, 5.0 * i as f64, 0.35));
        let id = spawned.spawn(sedan(), pose).unwrap();
        let mut car = proto.clone();
        car.teleport(pose);
        assert_eq!(inserted.insert(car), id);
        let intent = Intent {
            throttle: 0.1 * i as f64,
            ..Intent::default()
        };
        spawned.vehicle_mut(id).set_intent(intent).unwrap();
        inserted.vehicle_mut(id).set_intent(intent).unwrap();
    }
    for _ in 0..60 {
        spawned.step(DT);
        inserted.step(DT);
    }
    assert_eq!(spawned.state_hash(), inserted.state_hash());
    assert!(
        inserted
            .vehicles()
            .iter()
            .all(|v| v.shares_params_with(&proto))
    );
}
