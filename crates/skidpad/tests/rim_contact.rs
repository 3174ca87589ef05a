//! The wheels' rigid contact once their travel is used up ([`skidpad::pipeline::rim_contact`],
//! issue 12): a wheel swept along the body's motion meets an obstacle's face or edge and
//! never starts a substep inside it. Regression: the kart (0.135 m wheels, 1 cm of travel)
//! coasting into a 15 cm curb ended 0.13 m inside it, where the clamped spring lifted it out
//! with energy it never stored (+143 to +162 J net at 1/30–1/120 s).

use parry3d_f64::shape::SharedShape;
use skidpad::DVec3;
use skidpad::Pose;
use skidpad::chassis::ChassisState;
use skidpad::ground::{GroundSet, HitRejection, ParryGround, Plane};
use skidpad::pipeline::{RIM_CLEARANCE, rim_contact};
use skidpad::presets::kart;
use skidpad::vehicle::Vehicle;

/// A step of height `top` over `x ≥ 5` m, `y ∈ [0, 50]` m, on flat ground.
fn curb(top: f64) -> GroundSet {
    GroundSet::new()
        .with(ParryGround::new(
            SharedShape::cuboid(247.5, 25.0, 0.5),
            Pose::from_translation(DVec3::new(252.5, 25.0, top - 0.5)),
        ))
        .with(Plane::flat())
}

/// The kart's left front wheel, and chassis states at `x0` and `x0 + dx` (no rotation),
/// placed so that the wheel's strut top (its centre at full compression) is at z = 0.145 m.
fn sweep(x0: f64, dx: f64) -> (skidpad::wheel::WheelParams, ChassisState, ChassisState) {
    let p = kart();
    let wp = p.wheels[0].clone();
    let strut = wp.position - wp.suspension.travel_direction * wp.suspension.max_compression;
    let at = |x: f64| ChassisState {
        pose: Pose::from_translation(DVec3::new(x - strut.x, 0.3 - strut.y, 0.145 - strut.z)),
        ..ChassisState::default()
    };
    (wp, at(x0), at(x0 + dx))
}

#[test]
fn a_face_above_the_centre_is_met_head_on() {
    // Strut top at x = 4.8 m, moving 0.1 m towards the face at x = 5 m whose top (0.15 m)
    // is above it: the sphere r_s = 0.135 − 0.005 = 0.130 m touches the face after
    // 5 − 0.13 − 4.8 = 0.070 m; n = −x, the rim point is c₀ − n·r_s = (4.93, ·, 0.145).
    let (wp, a, b) = sweep(4.8, 0.1);
    let r_s = wp.radius - RIM_CLEARANCE;
    assert!((r_s - 0.13).abs() < 1e-12);
    let c = rim_contact(&wp, &HitRejection::default(), &a, &b, &curb(0.15))
        .expect("the face is within reach");
    assert!((c.normal_world - DVec3::NEG_X).length() < 1e-6, "{c:?}");
    assert!((c.max_approach_speed - 0.070).abs() < 1e-6, "{c:?}");
    assert!((c.point_world.x - 4.93).abs() < 1e-6, "{c:?}");
    assert!((c.point_world.z - 0.145).abs() < 1e-6, "{c:?}");
    assert_eq!(c.friction, 0.0);
}

#[test]
fn an_edge_just_below_the_centre_is_met_with_a_normal_tilted_up() {
    // A 10 cm step: the sphere (centre 0.145 m high) meets the edge (5, 0.10) when the
    // centre is 0.13 m from it: dz = 0.045, dx = √(0.13² − 0.045²) = 0.121963 m;
    // n = (−dx, 0, dz)/0.13 = (−0.938177, 0, 0.346154), 69.7° from the strut's up (beyond
    // the 60° the suspension accepts); the gap along n from the start (4.8, 0.145) is
    // (−0.2)(−0.938177) + 0.045·0.346154 − 0.13 = 0.073212 m.
    let (wp, a, b) = sweep(4.8, 0.2);
    let c = rim_contact(&wp, &HitRejection::default(), &a, &b, &curb(0.10))
        .expect("the edge is within reach");
    let n = DVec3::new(-0.121963, 0.0, 0.045) / 0.13;
    assert!((c.normal_world - n).length() < 1e-5, "{c:?}");
    assert!((c.max_approach_speed - 0.073212).abs() < 1e-5, "{c:?}");
}

#[test]
fn an_edge_the_suspension_can_climb_is_left_to_it() {
    // A 5 cm step: the edge's normal is acos((0.145 − 0.05)/0.13) = 43° from up, within the
    // suspension's 60°: its sweep finds the edge and its end stop holds it, no rim.
    let (wp, a, b) = sweep(4.8, 0.2);
    assert_eq!(
        rim_contact(&wp, &HitRejection::default(), &a, &b, &curb(0.05)),
        None
    );
}

#[test]
fn nothing_within_reach_is_no_constraint() {
    // 0.1 m short of reaching the face: 5 − 0.13 − 4.6 = 0.27 m away, sweeping 0.1 + 0.02.
    let (wp, a, b) = sweep(4.6, 0.1);
    assert_eq!(
        rim_contact(&wp, &HitRejection::default(), &a, &b, &curb(0.15)),
        None
    );
}

#[test]
fn the_kart_never_ends_inside_a_curb_and_gains_no_energy() {
    // The energy audit's curb strike at each step size: the kart's wheels, 0.135 m, coast at
    // 15 m/s into a 15 cm curb under its left wheels (a face above their centres: a wall).
    // The body's kinetic and potential energy end below their start (the whole audit,
    // springs and wheel spin included, is `tests/energy_audit`'s matrix).
    for dt in [1.0 / 30.0, 1.0 / 60.0, 1.0 / 120.0] {
        let mut v = Vehicle::new(kart()).unwrap();
        let r = v.params().wheels[0].radius;
        v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
        v.set_velocity(DVec3::X * 15.0, DVec3::ZERO);
        let g = curb(0.15);
        let energy = |v: &Vehicle| {
            let (p, c) = (v.params(), &v.state().chassis);
            let com = c.com_world(&p.chassis);
            let r = glam::DMat3::from_quat(c.pose.rotation);
            let w = c.angular_velocity_world;
            0.5 * p.chassis.mass * c.linear_velocity_world.length_squared()
                + 0.5 * w.dot(r * p.chassis.inertia * r.transpose() * w)
                + p.chassis.mass * p.sim.gravity * com.z
        };
        v.step(dt, &g);
        let e0 = energy(&v);
        // The rim sphere (radius r_s about the strut top, the wheel's centre at full
        // compression) against the curb's box (x ≥ 5, y ≥ 0, z ≤ 0.15). Before the rim
        // contact the strut top ended inside the box (overlap r_s = 0.13 m). Now the overlap
        // is 3.5 cm, the same at every step here (each runs 8.3 ms substeps, the kart's
        // stability bound): the first strike spins the kart by Δω = 16 rad/s about z; the
        // velocity constraint holds the rim point's end-of-substep velocity, but the
        // integrator turns the body with the mean of the start and end spin, so the rim point
        // still moves h·|Δω × r|/2 = 8.3 ms · 16 rad/s · 0.5 m / 2 = 3.3 cm into the face
        // (module docs of `rim_contact`, "Limits"). Bound: 5 cm.
        let mut closest = f64::INFINITY;
        for _ in 0..(2.0 / dt) as usize {
            v.step(dt, &g);
            let pose = v.state().chassis.pose;
            for wp in &v.params().wheels {
                let sp = &wp.suspension;
                let c =
                    pose.transform_point(wp.position - sp.travel_direction * sp.max_compression);
                let out = DVec3::new((5.0 - c.x).max(0.0), (-c.y).max(0.0), (c.z - 0.15).max(0.0));
                let d = out.length() - (wp.radius - RIM_CLEARANCE);
                closest = closest.min(d);
            }
        }
        println!("dt {dt}: rim overlap {:.4} m", -closest);
        assert!(
            closest > -0.05,
            "dt {dt}: a rim {:.3} m inside the curb",
            -closest
        );
        let e = energy(&v);
        assert!(e < e0, "dt {dt}: energy {e:.1} J > {e0:.1} J");
    }
}
