//! Surfaces and tire temperature in the vehicle: friction, rolling resistance and split-µ
//! from the ground's surface table; tires warming under sustained slip.

use parry3d_f64::shape::SharedShape;
use skidpad::ground::{GroundSet, ParryGround, Plane, SurfaceId};
// `sedan-simple`: these tests are about the direct drive's per-wheel torques and free
// coasting (no engine braking); the `sedan` preset has an engine and gearbox.
use skidpad::presets::sedan_simple;
use skidpad::tire::thermal::TireThermalParams;
use skidpad::tire::{SimpleMagicParams, TireModelKind};
use skidpad::vehicle::{Intent, Vehicle, VehicleParams, WheelCommand};
use skidpad::{DVec3, Pose};

const DT: f64 = 1.0 / 120.0;
const R: f64 = 0.316;

fn sedan_mf() -> VehicleParams {
    // Without drag, so a stop is friction alone (the hand numbers below leave drag out).
    let mut p = sedan_simple();
    p.aero = Default::default();
    for w in &mut p.wheels {
        w.tire.model = TireModelKind::SimpleMagic(SimpleMagicParams::default());
    }
    p
}

/// Locked-wheel stop from `v0` on `ground`; returns the distance.
fn locked_stop(ground: &dyn skidpad::ground::Ground, v0: f64) -> f64 {
    let mut car = Vehicle::new(sedan_mf()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, R)));
    for _ in 0..60 {
        car.step(DT, ground);
    }
    car.set_velocity(DVec3::new(v0, 0.0, 0.0), DVec3::ZERO);
    let x0 = car.state().chassis.pose.translation.x;
    let lock = [WheelCommand {
        brake_torque: 1e5,
        ..Default::default()
    }; 4];
    car.set_wheel_commands(&lock).unwrap();
    for _ in 0..(60.0 / DT) as usize {
        car.step(DT, ground);
        if car.state().forward_speed() < 0.01 {
            break;
        }
    }
    car.state().chassis.pose.translation.x - x0
}

#[test]
fn ice_stops_ten_times_longer_than_tarmac() {
    // Locked wheels slide at the model's sliding force µ_s·F_z scaled by the surface friction
    // (tarmac 1.0, ice 0.1), so the stopping distance v²/(2a) scales by 1/0.1: ratio 10
    // (rolling resistance of locked wheels is zero; the tiny transient before locking is the
    // same fraction on both), within 3 %.
    let tarmac = locked_stop(&Plane::flat(), 15.0);
    let ice = locked_stop(&Plane::flat().with_surface(SurfaceId(5)), 15.0);
    println!("locked stop from 15 m/s: tarmac {tarmac:.2} m, ice {ice:.2} m");
    assert!((ice / tarmac - 10.0).abs() < 0.3, "ratio {}", ice / tarmac);
    // Tarmac: the simplified MF's sliding friction at κ = −1 is
    // sin(1.65·atan(10 − 0·…)) = sin(1.65·1.4711) = 0.6757·µ… ≈ 0.68 g → 15²/(2·0.68·9.81) ≈ 16.9 m
    // (the load transfer to the front is the same force sum, so it does not change this).
    let mu_slide = (1.65 * 10f64.atan()).sin();
    let d_hand = 15.0 * 15.0 / (2.0 * mu_slide * 9.81);
    assert!(
        (tarmac - d_hand).abs() < 0.05 * d_hand,
        "tarmac {tarmac} vs {d_hand}"
    );
}

#[test]
fn mud_rolling_resistance_is_ten_times_tarmac() {
    // Coasting at 3 m/s (no drag): decel = C_rr·scale·g·m/(m + ΣI/R²); mud scales C_rr by 10.
    let coast = |ground: &dyn skidpad::ground::Ground| {
        let mut car = Vehicle::new(sedan_mf()).unwrap();
        car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, R)));
        for _ in 0..60 {
            car.step(DT, ground);
        }
        car.set_velocity(DVec3::new(3.0, 0.0, 0.0), DVec3::ZERO);
        for _ in 0..60 {
            car.step(DT, ground);
        }
        let v0 = car.state().forward_speed();
        for _ in 0..60 {
            car.step(DT, ground);
        }
        (v0 - car.state().forward_speed()) / 0.5
    };
    let m_eff = 1500.0 + 4.0 * 1.1 / (R * R);
    let a_tarmac = coast(&Plane::flat());
    let a_mud = coast(&Plane::flat().with_surface(SurfaceId(3)));
    let hand = 0.012 * 9.81 * 1500.0 / m_eff;
    println!("coast decel: tarmac {a_tarmac:.4} (hand {hand:.4}), mud {a_mud:.4} m/s²");
    assert!(
        (a_tarmac - hand).abs() < 0.03 * hand,
        "tarmac {a_tarmac} vs {hand}"
    );
    assert!(
        (a_mud - 10.0 * hand).abs() < 0.03 * 10.0 * hand,
        "mud {a_mud} vs {}",
        10.0 * hand
    );
}

#[test]
fn split_mu_braking_yaws_towards_the_grippy_side() {
    // Left wheels on ice (y > 0), right wheels on tarmac: braking forces are larger on the
    // right, so the car yaws right (negative yaw rate).
    let slab = |y0: f64, y1: f64, surface: u16| {
        ParryGround::new(
            SharedShape::cuboid(200.0, 0.5 * (y1 - y0), 0.5),
            Pose::from_translation(DVec3::new(0.0, 0.5 * (y0 + y1), -0.5)),
        )
        .with_surface(SurfaceId(surface))
    };
    let ground = GroundSet::new()
        .with(slab(0.0, 20.0, 5))
        .with(slab(-20.0, 0.0, 0));
    let mut car = Vehicle::new(sedan_mf()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, R)));
    for _ in 0..60 {
        car.step(DT, &ground);
    }
    car.set_velocity(DVec3::new(15.0, 0.0, 0.0), DVec3::ZERO);
    car.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    for _ in 0..60 {
        car.step(DT, &ground);
    }
    let w = car.state().wheels();
    assert_eq!((w[0].surface, w[1].surface), (SurfaceId(5), SurfaceId(0)));
    assert!(
        w[1].tire.fx < 3.0 * w[0].tire.fx,
        "right brakes harder: {} vs {}",
        w[1].tire.fx,
        w[0].tire.fx
    );
    let r = car.state().chassis.angular_velocity_world.z;
    assert!(r < -0.05, "yaw rate {r}");
}

#[test]
fn tires_warm_up_under_sustained_slip() {
    // Steady cornering for 30 s: the tires' surface temperature rises above ambient (20 °C),
    // the outside (right, in a left turn) tires more than the inside ones, pressure follows the
    // core temperature, and wear accumulates.
    let mut p = sedan_mf();
    for w in &mut p.wheels {
        w.tire.thermal = Some(TireThermalParams::default());
    }
    let ground = Plane::flat();
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, R)));
    car.set_velocity(DVec3::new(15.0, 0.0, 0.0), DVec3::ZERO);
    for _ in 0..(30.0 / DT) as usize {
        let e = 15.0 - car.state().forward_speed();
        car.set_intent(Intent {
            throttle: (2.0 * e).clamp(0.0, 1.0),
            steer: 0.1,
            ..Intent::default()
        })
        .unwrap();
        car.step(DT, &ground);
    }
    let w = car.state().wheels();
    for (i, wh) in w.iter().enumerate() {
        let t = &wh.tire.thermal;
        println!(
            "wheel {i}: surface {:.1} °C, core {:.1} °C, {:.0} Pa, wear {:.2e}",
            t.surface_temperature, t.core_temperature, t.pressure, t.wear
        );
        assert!(t.surface_temperature > 20.5, "wheel {i} did not warm");
        assert!(t.pressure > 2.2e5 && t.wear > 0.0);
    }
    assert!(w[1].tire.thermal.surface_temperature > w[0].tire.thermal.surface_temperature);
}
