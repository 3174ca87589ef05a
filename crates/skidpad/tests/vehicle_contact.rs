//! Vehicles driving onto each other in the standalone world (issue 17, PhysX "cars drive on
//! cars" through drivable chassis query data): `World::set_vehicle_contact(true)` makes each
//! vehicle's body box a deck for the others' wheels, posed at the start of the step, and pushes
//! the carrier with the carried wheels' forces.

use skidpad::chassis::BodyShape;
use skidpad::ground::Plane;
use skidpad::presets;
use skidpad::vehicle::VehicleParams;
use skidpad::{DVec3, Pose, World};

const G: f64 = 9.81;
const DT: f64 = 1.0 / 60.0;

/// The 15 t 6×6 truck with a flat deck: a box 7 m × 2.5 m whose top is 0.8 m above the
/// vehicle origin (the wheel-centre plane).
fn transporter() -> VehicleParams {
    let mut p = presets::truck_6x6();
    p.contact.body.shape = BodyShape::Box {
        min: DVec3::new(-4.0, -1.25, 0.2),
        max: DVec3::new(3.0, 1.25, 0.8),
    };
    p
}

/// The truck at rest on flat ground at the origin (index 0), `fillers` sedans parked on the
/// ground 20 m apart beside it, then a 1.5 t sedan dropped onto the middle of the deck from
/// 5 cm above its wheels' rest height (the deck top at rest is at about 0.55 + 0.8 m).
fn world(fillers: usize) -> World<Plane> {
    let mut w = World::new(Plane::flat());
    w.set_vehicle_contact(true);
    let truck = transporter();
    let r_truck = truck.wheels[0].radius;
    w.spawn(truck, Pose::from_translation(DVec3::new(0.0, 0.0, r_truck)))
        .unwrap();
    let car = presets::sedan_simple();
    let r_car = car.wheels[0].radius;
    for k in 0..fillers {
        let at = DVec3::new(20.0 * (k + 1) as f64, 10.0, r_car);
        w.spawn(car.clone(), Pose::from_translation(at)).unwrap();
    }
    let on_deck = DVec3::new(-0.5, 0.0, r_truck + 0.8 + r_car + 0.05);
    w.spawn(car, Pose::from_translation(on_deck)).unwrap();
    w
}

/// Σ of a vehicle's wheel normal loads. Unit: N.
fn load(w: &World<Plane>, i: usize) -> f64 {
    w.vehicles()[i]
        .state()
        .wheels()
        .iter()
        .map(|s| s.normal_load)
        .sum()
}

/// Hand numbers: the truck alone carries m₁g = 15000 × 9.81 = 147150 N; with the 1500 kg car
/// resting on its deck its wheels carry (m₁ + m₂)g = 16500 × 9.81 = 161865 N (±0.5 %), and the
/// car's own wheels m₂g = 14715 N (±0.5 %), standing on the deck 1.35 m up, not on the road.
#[test]
fn a_car_on_the_transporter_adds_its_weight_to_the_transporters_wheels() {
    let mut w = world(0);
    let car = 1;
    for _ in 0..(6.0 / DT) as usize {
        w.step(DT);
    }
    let (m1, m2) = (15_000.0, 1_500.0);
    let truck = load(&w, 0);
    assert!(
        (truck / ((m1 + m2) * G) - 1.0).abs() < 0.005,
        "truck wheels {truck} N vs {} N",
        (m1 + m2) * G
    );
    let carried = load(&w, car);
    assert!(
        (carried / (m2 * G) - 1.0).abs() < 0.005,
        "car wheels {carried} N"
    );
    let z = w.vehicles()[car].state().wheels()[0].contact_point_world.z;
    assert!(z > 1.2, "car wheel contact at z = {z} m");
    // Off (the default) the car falls through the deck to the road.
    let mut off = world(0);
    off.set_vehicle_contact(false);
    assert!(!off.vehicle_contact());
    for _ in 0..(3.0 / DT) as usize {
        off.step(DT);
    }
    let z = off.vehicles()[car].state().wheels()[0]
        .contact_point_world
        .z;
    assert!(z.abs() < 0.01, "car wheel contact at z = {z} m");
}

/// Determinism: 18 vehicles (the truck in the first chunk of 16, the carried car in the
/// second, so two threads really split them): serial, 1-thread and 2-thread parallel steps
/// give the same world hash.
#[test]
fn vehicle_contact_is_bit_identical_on_one_and_two_threads() {
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let steps = (2.0 / DT) as usize;
    let mut serial = world(16);
    for _ in 0..steps {
        serial.step(DT);
    }
    let mut one = world(16);
    pool(1).install(|| (0..steps).for_each(|_| one.step_parallel(DT)));
    let mut two = world(16);
    pool(2).install(|| (0..steps).for_each(|_| two.step_parallel(DT)));
    assert_eq!(
        one.state_hash(),
        serial.state_hash(),
        "1 thread differs from serial"
    );
    assert_eq!(
        two.state_hash(),
        serial.state_hash(),
        "2 threads differ from serial"
    );
    // The carried car (index 17) is really on the deck.
    assert!(
        serial.vehicles()[17].state().wheels()[0]
            .contact_point_world
            .z
            > 1.2
    );
}
