//! Body contact in the standalone world (issue 12): the chassis' collision shape stands on
//! the ground, slides on it with Coulomb friction, and is never launched; hosted steps leave
//! it to the engine.
//!
//! The sedan's automatic body box ([`skidpad::chassis::auto_box`]): wheels at z = 0 with
//! R = 0.316 m and 0.10 m of compression, CoM at z = 0.234 m → floor at
//! −0.316 + 0.10 + 0.05 = −0.166 m, roof at −0.166 + (0.234 + 0.166)/0.4 = 0.834 m, so upside
//! down its CoM rests 0.834 − 0.234 = 0.600 m above the ground.

use skidpad::chassis::BodyShape;
use skidpad::ground::Plane;
use skidpad::pipeline::{PENETRATION_SLOP, auto_box_of};
use skidpad::presets::sedan;
use skidpad::vehicle::Vehicle;
use skidpad::{DQuat, DVec3, Pose};

/// The sedan upside down (rolled by π about x) with its CoM `z` above the ground.
fn upside_down(z: f64) -> Vehicle {
    let mut v = Vehicle::new(sedan()).unwrap();
    let rot = DQuat::from_rotation_x(std::f64::consts::PI);
    let com = v.params().chassis.com_offset;
    v.teleport(Pose {
        translation: DVec3::new(0.0, 0.0, z) - rot * com,
        rotation: rot,
    });
    v
}

fn com_z(v: &Vehicle) -> f64 {
    v.state().chassis.com_world(&v.params().chassis).z
}

#[test]
fn the_sedan_box_is_derived_from_its_wheels() {
    let (lo, hi) = auto_box_of(&sedan()).unwrap();
    // x: ±(1.35 + 0.316); y: ±0.775 (track 1.55); z as in the module docs.
    assert!(
        (lo - DVec3::new(-1.666, -0.775, -0.166)).length() < 1e-9,
        "{lo}"
    );
    assert!(
        (hi - DVec3::new(1.666, 0.775, 0.834)).length() < 1e-9,
        "{hi}"
    );
}

#[test]
fn a_car_on_its_roof_rests_on_it() {
    // Dropped from 0.5 m above resting height, on its roof: at rest after 3 s with the CoM
    // 0.600 m up (within the 5 mm penetration slop), never higher than it started.
    for dt in [1.0 / 30.0, 1.0 / 120.0] {
        let mut v = upside_down(1.1);
        let ground = Plane::flat();
        let mut top = f64::MIN;
        for k in 0..(3.0 / dt) as usize {
            v.step(dt, &ground);
            if k > 0 {
                top = top.max(com_z(&v));
            }
        }
        let z = com_z(&v);
        assert!(
            (z - 0.600).abs() <= PENETRATION_SLOP + 1e-3,
            "dt {dt}: z {z}"
        );
        assert!(top <= 1.1, "rose to {top}");
        let c = &v.state().chassis;
        assert!(c.linear_velocity_world.length() < 1e-3, "{c:?}");
        assert!(c.angular_velocity_world.length() < 1e-3, "{c:?}");
    }
}

#[test]
fn a_car_sliding_on_its_roof_stops_as_coulomb_says() {
    // μ = 0.6 on tarmac (friction 1): deceleration μg = 5.886 m/s², from 10 m/s it stops
    // after v²/(2μg) = 8.495 m. Symplectic Euler at 1/120 s is off by at most v·dt ≈ 0.08 m.
    let dt = 1.0 / 120.0;
    let mut v = upside_down(0.600);
    v.set_velocity(DVec3::X * 10.0, DVec3::ZERO);
    let ground = Plane::flat();
    let x0 = v.state().chassis.com_world(&v.params().chassis).x;
    for _ in 0..(3.0 / dt) as usize {
        v.step(dt, &ground);
    }
    let x = v.state().chassis.com_world(&v.params().chassis).x - x0;
    assert!((x - 8.495).abs() < 0.1, "slid {x} m");
    assert!(v.state().chassis.linear_velocity_world.length() < 1e-3);
}

#[test]
fn shapes_read_from_toml() {
    // `[contact.body]` of a vehicle file: a box gives its 26 lattice points, a hull its own
    // points, "none" nothing.
    use skidpad::chassis::MAX_BODY_POINTS;
    use skidpad::ground::ContactParams;
    let read = |t: &str| toml::from_str::<ContactParams>(t).unwrap().body;
    let mut out = [DVec3::ZERO; MAX_BODY_POINTS];
    let b =
        read("[body]\nshape = { box = { min = [-2, -1, -0.2], max = [2, 1, 1] } }\nfriction = 0.5");
    b.validate().unwrap();
    assert_eq!(b.friction, 0.5);
    assert_eq!(b.shape.sample_points(None, &mut out), 26);
    assert!(out[..26].contains(&DVec3::new(2.0, 1.0, 1.0)));
    assert!(out[..26].contains(&DVec3::new(0.0, 0.0, -0.2)));
    let h = read(
        "[body]\nshape = { hull = { points = [[1, 1, 0], [1, -1, 0], [-1, 0, 0], [0, 0, 1]] } }",
    );
    assert_eq!(h.shape.sample_points(None, &mut out), 4);
    assert_eq!(out[3], DVec3::Z);
    assert_eq!(read("[body]\nshape = \"none\"").shape, BodyShape::None);
    assert_eq!(read("").shape, BodyShape::Auto);
}

#[test]
fn hosted_steps_leave_the_body_to_the_engine() {
    // On its roof, touching: standalone the ground holds the body (≈ m g up over the step);
    // hosted, the vehicle asks for no force at all (no wheel touches; the engine's collider
    // holds the body).
    let v = upside_down(0.600);
    let ground = Plane::flat();
    let mut hosted = v.clone();
    let body = hosted.state().chassis;
    let f = hosted.step_hosted(1.0 / 60.0, &body, &ground);
    // Only aero drag on the vehicle's own predicted fall over the 3 substeps remains:
    // ½ρC_dA v² with v ≤ g·dt = 0.16 m/s gives ≤ 0.01 N.
    assert!(f.total.force.length() < 0.01, "{:?}", f.total);
    let mut standalone = v;
    standalone.step(1.0 / 60.0, &ground);
    let vz = standalone.state().chassis.linear_velocity_world.z;
    assert!(vz.abs() < 1e-9, "standalone: held, vz {vz}");
}

/// The sedan on its roof at rest on an incline of `angle` rising along +x; returns how far
/// its CoM moved down the slope in `t` s at 1/120 s.
fn roof_on_incline(angle: f64, t: f64) -> f64 {
    let ground = Plane::inclined(angle, glam::DVec2::X);
    let n = DVec3::new(-angle.sin(), 0.0, angle.cos());
    let rot = DQuat::from_rotation_y(-angle) * DQuat::from_rotation_x(std::f64::consts::PI);
    let mut v = Vehicle::new(sedan()).unwrap();
    let com0 = n * 0.600;
    v.teleport(Pose {
        translation: com0 - rot * v.params().chassis.com_offset,
        rotation: rot,
    });
    let dt = 1.0 / 120.0;
    for _ in 0..(t / dt).round() as usize {
        v.step(dt, &ground);
    }
    let down = DVec3::new(-angle.cos(), 0.0, -angle.sin());
    (v.state().chassis.com_world(&v.params().chassis) - com0).dot(down)
}

#[test]
fn on_its_roof_it_holds_below_the_friction_angle_and_slides_above() {
    // μ = 0.6: the friction angle is atan 0.6 = 31.0°. At 25° static friction holds it
    // (needs tan 25° = 0.466 < 0.6). At 35° it slides with a = g(sin θ − μ cos θ)
    // = 9.81·(0.57358 − 0.6·0.81915) = 0.8053 m/s²; symplectic Euler over n = 240 steps of
    // h = 1/120 s covers a·h²·n(n+1)/2 = 1.6172 m (exact ½at² = 1.6105 m).
    let held = roof_on_incline(25f64.to_radians(), 2.0);
    assert!(held.abs() < 0.01, "crept {held} m");
    let slid = roof_on_incline(35f64.to_radians(), 2.0);
    assert!((slid - 1.6172).abs() < 0.02, "slid {slid} m");
}

#[test]
fn the_position_correction_turns_the_spin_with_the_body() {
    // Issue 12, the hatch's curb strike at 1/1000 s: tumbling with no contact impulse while
    // the split impulse moved its pose out of the ground, it gained 3.8 J per substep. The
    // correction turned the body but kept the spin's world components, so `½·ωᵀ·I_w·ω`
    // changed with the new orientation. By hand: I = diag(400, 1600, 1800) kg·m², spinning at
    // 3 rad/s about y (½·1600·3² = 7200 J), turned 0.05 rad about x and lifted 2 mm, m =
    // 1000 kg, g = 9.81 m/s²: the spin turns with the body and keeps its 7200 J, and the lift's
    // m·g·Δz = 19.62 J comes out of the motion: 7180.38 J of kinetic energy, the sum unchanged.
    // (Keeping the world spin gave ½·3²·(1600·cos²θ + 1800·sin²θ) = 7202.248 J before the
    // lift.)
    use skidpad::pipeline::apply_position_correction;
    let mut p = sedan();
    p.chassis.mass = 1000.0;
    p.chassis.inertia = glam::DMat3::from_diagonal(DVec3::new(400.0, 1600.0, 1800.0));
    p.sim.gravity = 9.81;
    let mut s = skidpad::chassis::ChassisState {
        angular_velocity_world: DVec3::new(0.0, 3.0, 0.0),
        ..Default::default()
    };
    let energy = |s: &skidpad::chassis::ChassisState| {
        let r = glam::DMat3::from_quat(s.pose.rotation);
        let w = s.angular_velocity_world;
        let ke = 0.5 * p.chassis.mass * s.linear_velocity_world.length_squared()
            + 0.5 * w.dot(r * p.chassis.inertia * r.transpose() * w);
        (ke, p.chassis.mass * 9.81 * s.com_world(&p.chassis).z)
    };
    let (ke0, pe0) = energy(&s);
    assert!((ke0 - 7200.0).abs() < 1e-9, "{ke0}");
    let h = 0.01;
    apply_position_correction(&p, &mut s, (DVec3::Z * 0.2, DVec3::X * 5.0), h);
    let (ke1, pe1) = energy(&s);
    assert!((pe1 - pe0 - 19.62).abs() < 1e-9, "lift {} J", pe1 - pe0);
    assert!((ke1 - 7180.38).abs() < 1e-9, "kinetic {ke1} J");
    assert!((ke1 + pe1 - ke0 - pe0).abs() < 1e-9);
}
