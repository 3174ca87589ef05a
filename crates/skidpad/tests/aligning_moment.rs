//! The tyres' aligning moment reaches the chassis and the steering wheel (issue 17): each
//! model's Mz acts on the chassis as a pure torque about the contact normal (the steering
//! rack holds the wheel at its angle), and the steered wheels' kingpin moments
//! `Mz − t_m·Fy`, divided by the steering ratio, are the steering-wheel torque channel
//! (`steering_torque_nm`), a force-feedback signal.

use skidpad::ground::Plane;
use skidpad::pipeline::{self, AeroForces};
use skidpad::presets::sedan_simple;
use skidpad::state::VehicleState;
use skidpad::telemetry;
use skidpad::tire::model::{ContactInput, solve_contact};
use skidpad::tire::{SlipCurveParams, TireModelKind, TireParams, TireState};
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DVec3, Pose};

const DT: f64 = 1.0 / 60.0;

#[test]
fn the_contact_solve_keeps_the_slip_curve_aligning_moment() {
    // Slip-curve tyre (defaults), F_z = F_rest = 4000 N, 20 m/s, α = 0.02 rad held on a rigid
    // wheel and chassis: once the deflection has relaxed, C_α = 4000·17.95·s(1.5) =
    // 62 825 N/rad, K = 62 825·tan 0.02/4000 = 0.314 167, Fy = −1256.668·s(K)/K =
    // −1129.660 N, trail t = 0.03·(1 − K/3)³/(1 − K/3 + (K/3)²/3) = 0.023 948 m, and
    // Mz = −t·Fy = +27.053 N·m (restoring: it turns the wheel towards its slide).
    let p = TireParams {
        model: TireModelKind::SlipCurve(SlipCurveParams::default()),
        rolling_resistance: 0.0,
        ..TireParams::default()
    };
    let c = ContactInput {
        load: 4000.0,
        rest_load: 4000.0,
        vx: 20.0,
        vy: 20.0 * 0.02f64.tan(),
        effective_mass: 1e15,
        ..ContactInput::new(0.3, 1e12, 9.81)
    };
    let mut s = TireState {
        omega: 20.0 / 0.3,
        ..TireState::default()
    };
    for _ in 0..600 {
        solve_contact(&p, &c, &mut s, 1.0 / 600.0);
    }
    assert!((s.fy + 1129.660).abs() < 1e-2, "{}", s.fy);
    assert!((s.mz - 27.053).abs() < 1e-3, "{}", s.mz);
}

#[test]
fn the_aligning_moment_joins_the_chassis_yaw_moment() {
    // Sedan at the origin, level: CoM at (1.35 − 1.20, 0, 0.55 − 0.316) = (0.15, 0, 0.234).
    // Only the front-left wheel touches: lateral force −1129.66 N at its contact point
    // (1.35, 0.775, −0.316), aligning moment +27.053 N·m about the normal +z, no normal load.
    // Yaw moment about the CoM: (1.35 − 0.15)·(−1129.66) + 27.053 = −1328.539 N·m, of which
    // the pure torque is the 27.053 N·m.
    let p = sedan_simple();
    let mut s = VehicleState::with_wheels(4);
    let w = &mut s.wheels[0];
    w.suspension.in_contact = true;
    w.contact_normal_world = DVec3::Z;
    w.tire_force_world = DVec3::new(0.0, -1129.66, 0.0);
    // Both forces act at the contact point (no force points set in the params).
    w.contact_point_world = DVec3::new(1.35, 0.775, -0.316);
    w.tire.mz = 27.053;
    let aero = AeroForces {
        forces: [(DVec3::ZERO, DVec3::ZERO); skidpad::aero::MAX_AERO_FORCES],
        count: 0,
    };
    let f = pipeline::assemble(&p, &s, false, &aero);
    assert!((f.total.torque.z + 1328.539).abs() < 1e-9, "{:?}", f.total);
    assert!((f.torque_world - DVec3::new(0.0, 0.0, 27.053)).length() < 1e-12);
    // The coupled-solve order gives the same moment.
    let g = pipeline::assemble(&p, &s, true, &aero);
    assert!((g.total.torque.z - f.total.torque.z).abs() < 1e-9);
}

#[test]
fn steering_wheel_torque_by_hand() {
    // Sedan: steering ratio 15, mechanical trail 0.02 m (defaults). Front left Mz = −60 N·m,
    // Fy = 3000 N; front right Mz = −40 N·m, Fy = 2000 N (a left turn: both push left, both
    // moments straighten the wheels). Kingpin moments −60 − 0.02·3000 = −120 and
    // −40 − 0.02·2000 = −80 N·m; steering-wheel torque (−120 − 80)/15 = −13.333 N·m, turning
    // the wheel back to the right. The rear wheels (not steered) do not count.
    let mut v = Vehicle::new(sedan_simple()).unwrap();
    let (_, _, _, s) = v.parts_mut();
    for (i, (mz, fy)) in [
        (-60.0, 3000.0),
        (-40.0, 2000.0),
        (-30.0, 2500.0),
        (-30.0, 2500.0),
    ]
    .into_iter()
    .enumerate()
    {
        s.wheels[i].suspension.in_contact = true;
        (s.wheels[i].tire.mz, s.wheels[i].tire.fy) = (mz, fy);
    }
    let t = telemetry::sample(&v).steering_torque;
    assert!((t + 200.0 / 15.0).abs() < 1e-12, "{t}");
    let col = telemetry::VEHICLE_CHANNELS
        .iter()
        .find(|c| c.column == "steering_torque_nm")
        .unwrap();
    assert_eq!((col.get)(&telemetry::sample(&v)), t);
}

#[test]
fn steady_cornering_balances_the_yaw_moment_with_the_aligning_moments() {
    // The sedan on slip-curve tyres (trail 0.03 m) in a steady left turn (15 m/s, steer 0.1):
    // the yaw moment of the tyre forces about the CoM plus the aligning moments is I_z·ṙ ≈ 0,
    // so the forces carry −ΣMz — with Mz left out of the chassis (as before issue 17) they
    // would balance to 0 alone. The steering-wheel torque is then the fronts' kingpin moments
    // over the ratio and pulls the wheel back to the right.
    let mut p = sedan_simple();
    for w in &mut p.wheels {
        w.tire.model = TireModelKind::SlipCurve(SlipCurveParams::default());
    }
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.05)));
    for _ in 0..60 {
        v.step(DT, &Plane::flat());
    }
    v.set_velocity(DVec3::new(15.0, 0.0, 0.0), DVec3::ZERO);
    v.set_intent(Intent {
        steer: 0.1,
        throttle: 0.05,
        ..Intent::default()
    })
    .unwrap();
    for _ in 0..300 {
        v.step(DT, &Plane::flat());
    }
    // One more substep's forces on the current state (the chassis is not moved, so the
    // point forces and the CoM are taken at the same pose).
    let r = v.state().chassis.angular_velocity_world.z;
    let (p, d, c, s) = v.parts_mut();
    let f = pipeline::compute_forces(p, d, c, s, &Plane::flat(), DT / 4.0);
    let com = s.chassis.com_world(&p.chassis);
    let force_moment: f64 = f
        .point_forces()
        .iter()
        .map(|a| (a.point_world - com).cross(a.force_world).z)
        .sum();
    let mz_sum: f64 = s.wheels().iter().map(|w| w.tire.mz).sum();
    assert!(r > 0.2, "turning left: {r}");
    assert!(mz_sum < -50.0, "restoring aligning moments: {mz_sum}");
    assert!((f.torque_world.z - mz_sum).abs() < 1e-9, "{f:?}");
    assert!((f.total.torque.z - force_moment - mz_sum).abs() < 1e-6);
    assert!(
        f.total.torque.z.abs() < 0.1 * mz_sum.abs()
            && (force_moment + mz_sum).abs() < 0.1 * mz_sum.abs(),
        "yaw moment {:.2} N·m: forces {force_moment:.2} + Mz {mz_sum:.2}",
        f.total.torque.z
    );
    let st = v.state();
    let sample = telemetry::sample(&v);
    let sp = &v.params().steering;
    let want: f64 = st.wheels()[..2]
        .iter()
        .map(|w| w.tire.mz - sp.mechanical_trail * w.tire.fy)
        .sum::<f64>()
        / sp.ratio;
    assert!((sample.steering_torque - want).abs() < 1e-12);
    assert!(sample.steering_torque < 0.0, "{}", sample.steering_torque);
}
