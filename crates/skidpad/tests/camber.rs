//! Camber reaches the tyre: the inclination γ the tyre model sees is the wheel's angle to the
//! ground at its contact — the camber-vs-jounce graph (static camber included), body roll and
//! the road together ([`skidpad::wheel::inclination`]), with the Magic Formula's ISO sign
//! (+ top leaning to the tyre's right). Issue 15 measured that removing a `.tir`'s camber
//! coefficients gave a bit-identical run at 5° of roll: here it must not.

use skidpad::curve::Curve;
use skidpad::ground::Plane;
use skidpad::pipeline;
use skidpad::presets::sedan_simple;
use skidpad::suspension::params::KINEMATICS_CURVE_POINTS;
use skidpad::telemetry;
use skidpad::tire::mf::{MfTire, TirFile};
use skidpad::tire::{SlipInput, TireModel, TireParams};
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DQuat, DVec3, Pose};

const DT: f64 = 1.0 / 60.0;

fn mf_tire() -> MfTire {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mf_185_80R14.tir");
    MfTire::from(TirFile::from_path(path).unwrap().0)
}

/// The sedan with the given camber graph and no toe on every wheel.
fn sedan_with_camber(camber: Curve<KINEMATICS_CURVE_POINTS>) -> VehicleParams {
    let mut p = sedan_simple();
    for w in &mut p.wheels {
        w.suspension.camber = camber;
        w.suspension.toe = Curve::constant(0.0);
    }
    p
}

/// A vehicle settled on flat ground (2 s), then rolled by `roll` (ISO: + right side down)
/// about its origin, lowered 1 cm (so the raised side's crowned treads, which reach
/// `w·sin φ − R_c·(1 − cos φ)` ≈ 5 mm less far down than a flat tread's edge at 3°, still
/// touch) and held still, each wheel's last jounce set to `jounce[i]` (what the
/// steering stage reads the camber graph at).
fn settled_and_rolled(p: VehicleParams, roll: f64, jounce: [f64; 4]) -> Vehicle {
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.05)));
    for _ in 0..120 {
        v.step(DT, &Plane::flat());
    }
    let (_, _, _, s) = v.parts_mut();
    s.chassis.pose.rotation = DQuat::from_rotation_x(roll);
    s.chassis.pose.translation.z -= 0.01;
    s.chassis.linear_velocity_world = DVec3::ZERO;
    s.chassis.angular_velocity_world = DVec3::ZERO;
    for (w, j) in s.wheels.iter_mut().zip(jounce) {
        w.suspension.jounce = j;
    }
    v
}

/// Run stages 1–9 once (the chassis does not move) and return each wheel's inclination γ.
fn inclinations(v: &mut Vehicle) -> Vec<f64> {
    let (p, d, c, s) = v.parts_mut();
    pipeline::compute_forces(p, d, c, s, &Plane::flat(), DT / 4.0);
    s.wheels()
        .iter()
        .map(|w| w.tire_input.expect("every wheel on the ground").camber)
        .collect()
}

#[test]
fn a_rolled_body_inclines_every_wheel_by_the_roll() {
    // No kinematic camber, body rolled φ = 3° (right side down), flat ground, no steer:
    // each axle is R_x(φ)·ŷ = (0, cos φ, sin φ), so γ = asin(sin φ) = φ on every wheel (top
    // leaning right); the camber to the road is −φ on the left wheels (top leaning in) and +φ
    // on the right ones (top leaning out).
    let roll = 3f64.to_radians();
    let mut v = settled_and_rolled(sedan_with_camber(Curve::constant(0.0)), roll, [0.0; 4]);
    for (i, gamma) in inclinations(&mut v).into_iter().enumerate() {
        assert!((gamma - roll).abs() < 1e-12, "wheel {i}: γ = {gamma}");
    }
    let s = telemetry::sample(&v);
    for (i, w) in s.wheels().iter().enumerate() {
        let side = v.params().wheels[i].side();
        assert!(
            (w.camber + side * roll).abs() < 1e-12,
            "wheel {i}: {}",
            w.camber
        );
    }
}

#[test]
fn a_camber_graph_with_jounce_adds_to_the_roll() {
    // Camber graph: −1° static, 6° more negative per metre of bump, i.e. the line through
    // (−0.15 m, −0.1°) and (0.15 m, −1.9°): ε(j) = −1° − 6°·j/m. Body rolled φ = 2°; last
    // jounces 0.04 m on the right (outer, compressed) and −0.03 m on the left, so
    // ε = −1.24° right, −0.82° left. The camber to the road is ε − side·φ (left −2.82°, right
    // +0.76°) and the inclination γ = φ − side·ε (left 2.82°, right 0.76°).
    let roll = 2f64.to_radians();
    let (lo, hi) = ((-0.1f64).to_radians(), (-1.9f64).to_radians());
    let graph = Curve::new(&[(-0.15, lo), (0.15, hi)]);
    let jounce = [-0.03, 0.04, -0.03, 0.04];
    let mut v = settled_and_rolled(sedan_with_camber(graph), roll, jounce);
    let sides: Vec<f64> = v.params().wheels.iter().map(|w| w.side()).collect();
    assert_eq!(sides, [1.0, -1.0, 1.0, -1.0]);
    let eps = |j: f64| (-1.0 - 6.0 * j).to_radians();
    let gammas = inclinations(&mut v);
    for (i, gamma) in gammas.into_iter().enumerate() {
        let want = roll - sides[i] * eps(jounce[i]);
        assert!(
            (gamma - want).abs() < 1e-12,
            "wheel {i}: γ = {gamma}, want {want}"
        );
    }
    // By hand: left γ = 2° + (−0.82°)·(−1) = 2.82°, right γ = 2° − 1.24° = 0.76°.
    assert!((roll - eps(-0.03) - 2.82f64.to_radians()).abs() < 1e-12);
    assert!((roll + eps(0.04) - 0.76f64.to_radians()).abs() < 1e-12);
    let s = telemetry::sample(&v);
    for (i, w) in s.wheels().iter().enumerate() {
        let want = eps(jounce[i]) - sides[i] * roll;
        assert!((w.camber - want).abs() < 1e-12, "wheel {i}: {}", w.camber);
    }
}

/// Zero every coefficient of the `.tir` file that multiplies γ in Fx, Fy or Mz.
fn without_camber(mut t: MfTire) -> MfTire {
    let c = &mut t.coefficients;
    for k in [
        &mut c.pdx3,
        &mut c.pdy3,
        &mut c.pey4,
        &mut c.phy3,
        &mut c.pvy3,
        &mut c.pvy4,
        &mut c.pky3,
        &mut c.pky5,
        &mut c.pky6,
        &mut c.pky7,
        &mut c.pey5,
        &mut c.rbx3,
        &mut c.rby4,
        &mut c.rvy3,
        &mut c.qbz4,
        &mut c.qbz5,
        &mut c.qdz3,
        &mut c.qdz4,
        &mut c.qdz8,
        &mut c.qdz9,
        &mut c.qdz10,
        &mut c.qdz11,
        &mut c.qhz3,
        &mut c.qhz4,
        &mut c.ssz3,
        &mut c.ssz4,
    ] {
        *k = 0.0;
    }
    t
}

/// What a cornering run ends with.
#[derive(Debug)]
struct Circle {
    yaw_rate: f64,
    roll: f64,
    /// Mean inclination of the four tyres. Unit: rad.
    gamma: f64,
    /// Mean slip angle of the four tyres. Unit: rad.
    alpha: f64,
}

/// The sedan on the `.tir` tyre, no kinematic camber, 20 m/s, then a constant 0.1 steer
/// command (≈ 0.4 g, the tyres' linear range) for 3 s.
fn circle(tire: &MfTire) -> Circle {
    let mut p = sedan_with_camber(Curve::constant(0.0));
    for w in &mut p.wheels {
        w.tire = TireParams::magic_formula(tire.clone());
    }
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.05)));
    for _ in 0..60 {
        v.step(DT, &Plane::flat());
    }
    v.set_velocity(DVec3::new(20.0, 0.0, 0.0), DVec3::ZERO);
    v.set_intent(Intent {
        steer: 0.1,
        throttle: 0.05,
        ..Intent::default()
    })
    .unwrap();
    for _ in 0..180 {
        v.step(DT, &Plane::flat());
    }
    let s = telemetry::sample(&v);
    let w = v.state().wheels();
    Circle {
        yaw_rate: s.angular_velocity_body.z,
        roll: s.roll,
        gamma: w.iter().map(|w| w.tire_input.unwrap().camber).sum::<f64>() / 4.0,
        alpha: w.iter().map(|w| w.tire.slip_angle).sum::<f64>() / 4.0,
    }
}

#[test]
fn removing_the_camber_coefficients_changes_a_cornering_run() {
    // Turning left the body rolls right (φ > 0), so every tyre leans right (γ ≈ φ > 0) and
    // this tyre's camber thrust pushes right, against the turn (PVY3 = −0.38, PHY3 = 0.038
    // with K_yα < 0). Lateral balance per tyre (a quarter of the car): Fy(α, γ) = m·v·r/4, so
    // between the run with the camber coefficients and the one without, the mean slip angle
    // shifts by Δα = (m·v·Δr/4 − ΔF_γ)/K_α: the camber thrust ΔF_γ = Fy(α, γ) − Fy(α, 0)
    // must be made up by more slip (Δα < 0: further into the turn), less whatever lateral
    // force the lower yaw rate no longer needs. K_α = ∂Fy/∂α and ΔF_γ from the file at the
    // operating point (mean α and γ, a quarter of the weight). Without the camber
    // coefficients the tyre ignores γ, as before this fix (issue 15: bit-identical runs).
    let tire = mf_tire();
    let with = circle(&tire);
    let without = circle(&without_camber(mf_tire()));
    assert!(with.yaw_rate > 0.1, "turning left: {with:?}");
    assert!(with.roll > 1f64.to_radians(), "rolled right: {with:?}");
    assert!(
        (with.gamma - with.roll).abs() < 0.1 * with.roll,
        "γ ≈ roll: {with:?}"
    );
    let (m, v) = (1500.0, 20.0);
    let fy = |alpha: f64, gamma: f64| {
        let i = SlipInput {
            fz: m * 9.81 / 4.0,
            alpha,
            gamma,
            vx: v,
            ..SlipInput::default()
        };
        TireModel::steady_state(&tire, &i).fy
    };
    let (a, g) = (with.alpha, with.gamma);
    let thrust = fy(a, g) - fy(a, 0.0);
    let k_alpha = (fy(a + 1e-3, g) - fy(a - 1e-3, g)) / 2e-3;
    assert!(thrust < 0.0 && k_alpha < 0.0, "{thrust} {k_alpha}");
    let d_yaw = with.yaw_rate - without.yaw_rate;
    let expected = (m * v * d_yaw / 4.0 - thrust) / k_alpha;
    let shift = with.alpha - without.alpha;
    assert!(
        expected < -1e-3 && (shift - expected).abs() < 0.1 * expected.abs(),
        "slip-angle shift {shift:.3e} rad, expected {expected:.3e} (thrust {thrust:.1} N, \
         K_α {k_alpha:.0} N/rad, Δr {d_yaw:.2e} rad/s): with {with:?}, without {without:?}"
    );
}
