//! Each stage of the step can be run alone on hand-made state (what a host scheduling the
//! stages separately, or a test of one stage, does). Expected numbers are worked out from the
//! sedan preset's parameters in the comments.

use skidpad::input::Controls;
use skidpad::params::Derived;
use skidpad::pipeline::{self, Stage};
// `sedan-simple`: these tests are about the direct drive's per-wheel torques and free
// coasting (no engine braking); the `sedan` preset has an engine and gearbox.
use skidpad::presets::sedan_simple;
use skidpad::state::VehicleState;
use skidpad::vehicle::Intent;

fn setup() -> (skidpad::VehicleParams, Derived, VehicleState) {
    let p = sedan_simple();
    let d = Derived::new(&p).unwrap();
    let s = VehicleState::with_wheels(p.wheels.len());
    (p, d, s)
}

#[test]
fn the_stage_list_is_the_step_order() {
    assert_eq!(Stage::ALL.len(), 9);
    assert_eq!(Stage::ALL[0], Stage::Input);
    assert_eq!(Stage::ALL[8], Stage::Forces);
}

#[test]
fn suspension_stage_alone_gives_spring_and_bar_forces_by_hand() {
    // Sedan: front springs 32 000 N/m; front bar 25 000 N·m/rad over a 1.55 m track, i.e.
    // k = 25 000/1.55² = 10 405.83 N/m on the jounce difference. Front sprung mass: the CoM is
    // 1.20 m behind the front axle on a 2.70 m wheelbase, so each front wheel carries
    // 1500·(1.50/2.70)/2 = 416.67 kg, rest force 416.67·9.81 = 4087.5 N.
    // Measured jounces fl 0.02 m, fr −0.01 m (no history: taken as is, zero rate, no damping;
    // below the bump stop, which starts at 0.10 − 0.03 = 0.07 m).
    // F_fl = 4087.5 + 32 000·0.02 + 10 405.83·0.03 = 5039.67 N,
    // F_fr = 4087.5 − 32 000·0.01 − 10 405.83·0.03 = 3455.32 N.
    let (p, d, mut s) = setup();
    for (i, x) in [0.02, -0.01, 0.0, 0.0].into_iter().enumerate() {
        s.wheels[i].measured_jounce = Some(x);
    }
    pipeline::suspension_stage(&p, &d, &mut s, 1.0 / 60.0);
    let k_bar = 25_000.0 / (1.55 * 1.55);
    let rest = 1500.0 * (1.5 / 2.7) / 2.0 * 9.81;
    let f_fl = rest + 32_000.0 * 0.02 + k_bar * 0.03;
    let f_fr = rest - 32_000.0 * 0.01 - k_bar * 0.03;
    assert!(
        (s.wheels[0].suspension.force - f_fl).abs() < 1e-6,
        "{}",
        s.wheels[0].suspension.force
    );
    assert!(
        (s.wheels[1].suspension.force - f_fr).abs() < 1e-6,
        "{}",
        s.wheels[1].suspension.force
    );
    assert!((s.wheels[0].suspension.anti_roll_force - k_bar * 0.03).abs() < 1e-9);
    assert!(s.wheels.iter().take(4).all(|w| w.suspension.in_contact));
}

#[test]
fn input_and_powertrain_stages_alone_map_pedals_to_wheel_torques() {
    // Sedan, direct drive: rear wheels 900 N·m at full throttle; brakes 2500 (front) and
    // 800 N·m (rear). Throttle 0.5 and brake 0.2, no smoothing, no aids: rear drive 450 N·m;
    // brake 0.2·2500 = 500 N·m front, 0.2·800 = 160 N·m rear.
    let (p, d, mut s) = setup();
    let controls = Controls::Intent(Intent {
        throttle: 0.5,
        brake: 0.2,
        ..Intent::default()
    });
    let it = pipeline::input_stage(&p, &controls, &mut s, 0.01);
    assert_eq!(it.throttle, 0.5);
    let prep = pipeline::powertrain_stage(&p, &d, &controls, &it, &mut s, 0.01);
    assert!(!prep.coupled);
    let drive: Vec<f64> = s.wheels[..4].iter().map(|w| w.drive_torque).collect();
    let brake: Vec<f64> = s.wheels[..4].iter().map(|w| w.brake_torque).collect();
    assert_eq!(drive, [0.0, 0.0, 450.0, 450.0]);
    assert_eq!(brake, [500.0, 500.0, 160.0, 160.0]);
}

#[test]
fn steering_stage_alone_gives_ackermann_angles() {
    // Sedan: 35° at full lock, perfect Ackermann (accuracy 1), wheelbase 2.70 m, track 1.55 m.
    // Half lock: the inner (left) wheel leads with 17.5°; the turn centre is on the rear axle
    // line at y_c = 0.775 + 2.70/tan 17.5° = 9.3385 m; the outer wheel steers
    // atan(2.70/(9.3385 + 0.775)) = 14.95°.
    let (p, d, mut s) = setup();
    let controls = Controls::Intent(Intent {
        steer: 0.5,
        ..Intent::default()
    });
    let it = pipeline::input_stage(&p, &controls, &mut s, 0.01);
    pipeline::steering_stage(&p, &d, &controls, &it, &mut s, 0.01);
    let inner = 17.5f64.to_radians();
    let y_c = 0.775 + 2.70 / inner.tan();
    let outer = (2.70 / (y_c + 0.775)).atan();
    assert!(
        (s.wheels[0].steer - inner).abs() < 1e-12,
        "{}",
        s.wheels[0].steer
    );
    assert!(
        (s.wheels[1].steer - outer).abs() < 1e-12,
        "{}",
        s.wheels[1].steer
    );
    assert!((outer.to_degrees() - 14.95).abs() < 0.01);
}

/// `ChassisForces::clear_substep` (what lets the substep loop reuse one value) gives back
/// `ChassisForces::default()` field for field from a value with every field and every entry
/// in use. The literal names every field (no `..`), so a field added later fails to compile
/// here until the clear is checked for it.
#[test]
fn clearing_chassis_forces_equals_a_fresh_value() {
    use skidpad::chassis::Wrench;
    use skidpad::pipeline::{AppliedForce, ChassisForces, MAX_POINT_FORCES, MAX_SUBSTEPS};
    let v = skidpad::DVec3::new(1.0, -2.0, 3.0);
    let w = Wrench {
        force: v,
        torque: -v,
    };
    let mut f = ChassisForces {
        forces: [AppliedForce {
            force_world: v,
            point_world: 2.0 * v,
        }; MAX_POINT_FORCES]
            .into(),
        torque_world: v,
        total: w,
        substep_totals: [w; MAX_SUBSTEPS],
        substeps: MAX_SUBSTEPS,
        impulse: w,
        substep_impulses: [w; MAX_SUBSTEPS],
    };
    assert_eq!(f.point_forces().len(), MAX_POINT_FORCES);
    f.clear_substep();
    assert_eq!(f, ChassisForces::default());
    assert!(f.point_forces().is_empty());
}

#[test]
fn the_stored_wheel_axle_is_what_the_later_stages_would_compute() {
    // `WheelState::axle_world_substep`: the contact stage stores each wheel's world axle
    // `R_body·R_z(δ)·R_x(−side·ε)·ŷ`; the suspension and grip stages read it. It must be that
    // product bit for bit, the later stages must give the same bits whether they read it or
    // build the axle themselves (a zero cache), and the determinism hash must not see it.
    use skidpad::DVec3;
    use skidpad::ground::Plane;
    use skidpad::vehicle::Vehicle;
    use skidpad::wheel::wheel_rotation;
    let dt = 1.0 / 60.0;
    let ground = Plane::default();
    // The sedan (wheel sweep) turning: steered front wheels, a rolled body.
    let mut car = Vehicle::new(skidpad::presets::sedan()).unwrap();
    car.set_intent(Intent {
        throttle: 0.4,
        steer: 0.5,
        ..Intent::default()
    })
    .unwrap();
    for _ in 0..90 {
        car.step(dt, &ground);
    }
    let (p, d, c, s) = car.parts_mut();
    let h = dt / 3.0;
    let intent = pipeline::input_stage(p, c, s, h);
    pipeline::steering_stage(p, d, c, &intent, s, h);
    pipeline::contact_stage(p, d, s, &ground);
    let bits = |v: DVec3| v.to_array().map(f64::to_bits);
    let mut steered = 0;
    for (i, ws) in s.wheels[..p.wheels.len()].iter().enumerate() {
        let rot = wheel_rotation(ws.steer, ws.suspension.camber, d.side[i]);
        let axle = s.chassis.pose.transform_vector(rot * DVec3::Y);
        assert_eq!(bits(ws.axle_world_substep), bits(axle), "wheel {i}");
        steered += usize::from(ws.steer.abs() > 0.01);
    }
    assert!(steered >= 2, "the front wheels are steered");
    let mut rebuilt = s.clone();
    for ws in rebuilt.wheels.iter_mut() {
        ws.axle_world_substep = DVec3::ZERO;
    }
    for st in [&mut *s, &mut rebuilt] {
        pipeline::suspension_stage(p, d, st, h);
        let prep = pipeline::powertrain_stage(p, d, c, &intent, st, h);
        pipeline::grip_stage(p, d, &prep, st, &ground, h);
    }
    assert_eq!(format!("{s:?}"), format!("{rebuilt:?}"));
    assert!(s.wheels.iter().take(4).all(|w| w.tire_input.is_some()));
    // The hash is over the `Debug` form, which leaves the cache out.
    let h0 = skidpad::vehicle::snapshot::state_hash(&*s);
    s.wheels[0].axle_world_substep = DVec3::new(1.0, 2.0, 3.0);
    assert_eq!(skidpad::vehicle::snapshot::state_hash(&*s), h0);
    s.wheels[0].steer += 1e-9;
    assert_ne!(skidpad::vehicle::snapshot::state_hash(&*s), h0);
}
