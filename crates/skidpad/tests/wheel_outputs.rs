//! Small outputs of issue 17: the tyre directions per wheel in the world frame (PhysX
//! `PxVehicleTireDirectionState`) and the gear-ratio telemetry channel.

use skidpad::drivetrain::GearboxParams;
use skidpad::ground::Plane;
use skidpad::presets::{hatch_fwd, sedan_simple};
use skidpad::telemetry;
use skidpad::vehicle::{Vehicle, WheelCommand};
use skidpad::{DVec3, Pose};

const DT: f64 = 1.0 / 60.0;

fn steered_front_left(delta: f64) -> [WheelCommand; 4] {
    let mut c = [WheelCommand::default(); 4];
    c[0].steer_angle = delta;
    c
}

#[test]
fn tire_directions_follow_the_steer_on_and_off_the_ground() {
    // Sedan (no toe) settled on flat ground, front-left wheel steered δ = 0.2 rad by direct
    // command: its tyre heads (cos δ, sin δ, 0) = (0.980 067, 0.198 669, 0) in the (level)
    // body frame and its lateral axis is n × long = (−0.198 669, 0.980 067, 0); the others
    // head along +x. Off the ground
    // (dropped from 2 m, level) the same directions come from the body.
    let delta: f64 = 0.2;
    let long = DVec3::new(delta.cos(), delta.sin(), 0.0);
    let lat = DVec3::new(-delta.sin(), delta.cos(), 0.0);
    let mut v = Vehicle::new(sedan_simple()).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.05)));
    v.set_wheel_commands(&steered_front_left(delta)).unwrap();
    for _ in 0..120 {
        v.step(DT, &Plane::flat());
    }
    // The scrubbing wheel has yawed the car a little (ψ ≈ −2 mrad): the ground-plane heading
    // is then at ψ + δ (the body's 5e-5 rad of roll and pitch change it by their product).
    // On the ground the directions are the last grip stage's, at the pose before that
    // substep's integration, and the car still creeps in yaw: 1e-4 covers that lag.
    let s = v.state();
    assert!(s.wheels()[0].suspension.in_contact);
    let yaw = s.chassis.roll_pitch_yaw().2;
    let rot = |a: f64, v: DVec3| {
        DVec3::new(
            a.cos() * v.x - a.sin() * v.y,
            a.sin() * v.x + a.cos() * v.y,
            v.z,
        )
    };
    let d = s.tire_directions(0).unwrap();
    assert!(
        (d.longitudinal_world - rot(yaw, long)).length() < 1e-4,
        "{d:?}"
    );
    assert!((d.lateral_world - rot(yaw, lat)).length() < 1e-4, "{d:?}");
    let d = s.tire_directions(3).unwrap();
    assert!(
        (d.longitudinal_world - rot(yaw, DVec3::X)).length() < 1e-4,
        "{d:?}"
    );
    assert!(s.tire_directions(4).is_none());

    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 2.0)));
    v.set_wheel_commands(&steered_front_left(delta)).unwrap();
    v.step(DT, &Plane::flat());
    let s = v.state();
    assert!(!s.wheels()[0].suspension.in_contact);
    let d = s.tire_directions(0).unwrap();
    assert!((d.longitudinal_world - long).length() < 1e-12, "{d:?}");
    assert!((d.lateral_world - lat).length() < 1e-12, "{d:?}");
}

#[test]
fn gear_ratio_channel_is_the_engaged_total_ratio() {
    // Hatch with ratios 3.45 / 1.95 / 1.28 / 0.97 / 0.80 and a 3.94 final drive, at rest in
    // first gear: G = 3.45·3.94 = 13.593. The direct-drive sedan has no gearbox: 0.
    let mut p = hatch_fwd();
    p.drivetrain.gearbox = GearboxParams {
        forward_ratios: vec![3.45, 1.95, 1.28, 0.97, 0.80],
        reverse_ratio: 3.6,
        final_drive: 3.94,
        switch_time: 0.3,
    };
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.05)));
    v.step(DT, &Plane::flat());
    let s = telemetry::sample(&v);
    assert_eq!(s.gear, 1);
    assert!((s.gear_ratio - 13.593).abs() < 1e-12, "{}", s.gear_ratio);
    let col = telemetry::VEHICLE_CHANNELS
        .iter()
        .find(|c| c.column == "gear_ratio")
        .unwrap();
    assert_eq!((col.get)(&s), s.gear_ratio);
    let mut car = Vehicle::new(sedan_simple()).unwrap();
    car.step(DT, &Plane::flat());
    assert_eq!(telemetry::sample(&car).gear_ratio, 0.0);
}
