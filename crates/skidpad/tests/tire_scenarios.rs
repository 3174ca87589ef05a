//! Tire models in the vehicle: low-speed behaviour (parking on a 30 % grade without creep, a
//! smooth stop without slip-sign chatter) at dt = 1/60 s, steady-state agreement of the
//! transient contact, and every model driving the sedan.

use skidpad::ground::Plane;
// `sedan-simple`: these tests are about the direct drive's per-wheel torques and free
// coasting (no engine braking); the `sedan` preset has an engine and gearbox.
use skidpad::presets::sedan_simple;
use skidpad::tire::mf::{MfTire, TirFile};
use skidpad::tire::{
    BrushParams, SimpleMagicParams, SlipCurveParams, TireModelKind, TireParams, TireState,
    model::{ContactInput, solve_contact},
};
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DQuat, DVec3, Pose};

const DT: f64 = 1.0 / 60.0;
const R: f64 = 0.316;

fn mf_tire() -> MfTire {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mf_185_80R14.tir");
    let (file, _) = TirFile::from_path(path).unwrap();
    MfTire::from(file)
}

fn models() -> Vec<(&'static str, TireModelKind)> {
    vec![
        ("friction_circle", TireModelKind::default()),
        (
            "slip_curve",
            TireModelKind::SlipCurve(SlipCurveParams::default()),
        ),
        ("brush", TireModelKind::Brush(BrushParams::default())),
        (
            "simple_magic",
            TireModelKind::SimpleMagic(SimpleMagicParams::default()),
        ),
        (
            "magic_formula",
            TireModelKind::MagicFormula(Box::new(mf_tire())),
        ),
    ]
}

fn sedan_with(model: &TireModelKind) -> VehicleParams {
    let mut p = sedan_simple();
    for w in &mut p.wheels {
        w.tire.model = model.clone();
    }
    p
}

#[test]
fn transient_contact_converges_to_the_steady_state_force() {
    // Rigid wheel and chassis (huge I and m), 20 m/s, κ = 0.03 and α = 0.02 held: after many
    // relaxation lengths the contact force equals the model's steady-state force (0.1 %).
    use skidpad::tire::interface::SlipInput;
    for (name, kind) in models() {
        let p = TireParams {
            model: kind.clone(),
            rolling_resistance: 0.0,
            ..TireParams::default()
        };
        let c = ContactInput {
            load: 3800.0,
            vx: 20.0,
            vy: 20.0 * 0.02f64.tan(),
            radius: 0.3,
            inertia: 1e12,
            effective_mass: 1e15,
            rest_load: 3800.0,
            ..ContactInput::new(0.3, 1e12, 9.81)
        };
        let mut s = TireState {
            omega: 20.0 * 1.03 / 0.3,
            ..TireState::default()
        };
        let mut f = Default::default();
        for _ in 0..600 {
            f = solve_contact(&p, &c, &mut s, 1.0 / 600.0);
        }
        let model = kind.as_model();
        let want = model.steady_state(&SlipInput {
            fz: 3800.0,
            kappa: 0.03,
            alpha: 0.02,
            vx: 20.0,
            rest_load: 3800.0,
            ..SlipInput::default()
        });
        let peak = want.fx.hypot(want.fy);
        assert!(
            (f.fx - want.fx).abs() < 1e-3 * peak,
            "{name}: fx {} vs {}",
            f.fx,
            want.fx
        );
        assert!(
            (f.fy - want.fy).abs() < 1e-3 * peak,
            "{name}: fy {} vs {}",
            f.fy,
            want.fy
        );
    }
}

#[test]
fn parked_on_a_30_percent_grade_moves_less_than_a_centimetre_in_a_minute() {
    // θ = atan 0.3 = 16.7°. Braked (µ ≫ tan θ), each corner holds m·g·sin θ through its patch
    // spring: no creep, because at standstill the deflection integrates the slip velocity (a
    // spring), not a viscous law. dt = 1/60 s as a game runs it.
    let theta = 0.3f64.atan();
    let ground = Plane::inclined(theta, glam::DVec2::X);
    let n = DVec3::new(-theta.sin(), 0.0, theta.cos());
    for (name, kind) in models() {
        let mut car = Vehicle::new(sedan_with(&kind)).unwrap();
        car.teleport(Pose::new(n * R, DQuat::from_rotation_y(-theta)));
        car.set_intent(Intent {
            brake: 1.0,
            ..Intent::default()
        })
        .unwrap();
        for _ in 0..(3.0 / DT) as usize {
            car.step(DT, &ground);
        }
        let start = car.state().chassis.pose.translation;
        for _ in 0..(60.0 / DT) as usize {
            car.step(DT, &ground);
        }
        let moved = (car.state().chassis.pose.translation - start).length();
        println!("{name}: moved {:.3} mm in 60 s", moved * 1e3);
        assert!(moved < 0.01, "{name}: moved {moved} m");
    }
}

#[test]
fn coasting_to_a_stop_is_smooth() {
    // From 4 m/s with a light brake (15 %): the speed falls monotonically until the car stops;
    // the wheels never spin backwards; each tire's force changes sign at most once (the rear
    // tires unload as the body pitches back — one flip, no chatter); after the stop only the
    // body's pitch rebound moves the CoM (a few cm/s, decaying), and 2 s later it is at rest.
    let ground = Plane::flat();
    for (name, kind) in models() {
        let mut car = Vehicle::new(sedan_with(&kind)).unwrap();
        car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, R)));
        for _ in 0..60 {
            car.step(DT, &ground);
        }
        car.set_velocity(DVec3::new(4.0, 0.0, 0.0), DVec3::ZERO);
        car.set_intent(Intent {
            brake: 0.15,
            ..Intent::default()
        })
        .unwrap();
        let mut last_v = f64::INFINITY;
        let mut stopped_at = None;
        let mut flips = [0usize; 4];
        let mut last_sign = [0.0f64; 4];
        let mut rebound: f64 = 0.0;
        for k in 0..(8.0 / DT) as usize {
            car.step(DT, &ground);
            let v = car.state().forward_speed();
            match stopped_at {
                None => {
                    assert!(
                        v <= last_v + 1e-9,
                        "{name}: speed rose {last_v} → {v} at step {k}"
                    );
                    if v < 0.01 {
                        stopped_at = Some(k);
                    }
                }
                Some(_) => rebound = rebound.max(v.abs()),
            }
            last_v = v;
            for (i, w) in car.state().wheels().iter().enumerate() {
                assert!(
                    w.tire.omega >= -0.05,
                    "{name}: wheel {i} spins backwards {}",
                    w.tire.omega
                );
                let sgn = if w.tire.fx.abs() < 1.0 {
                    0.0
                } else {
                    w.tire.fx.signum()
                };
                if sgn != 0.0 && last_sign[i] != 0.0 && sgn != last_sign[i] {
                    flips[i] += 1;
                }
                if sgn != 0.0 {
                    last_sign[i] = sgn;
                }
            }
        }
        let k0 = stopped_at.unwrap_or_else(|| panic!("{name}: never stopped"));
        println!(
            "{name}: stopped after {:.2} s, rebound {rebound:.3} m/s, final {last_v:.1e} m/s, flips {flips:?}",
            k0 as f64 * DT
        );
        // 4 m/s at ≈ 0.15·(2·2500 + 2·800)/0.316/1544 = 2.03 m/s² + rolling resistance
        // 0.012·g = 0.12 m/s²: ≈ 1.86 s.
        assert!((1.5..2.3).contains(&(k0 as f64 * DT)), "{name}: stop time");
        assert!(rebound < 0.08, "{name}: rebound {rebound} m/s");
        assert!(last_v.abs() < 1e-3, "{name}: still moving {last_v}");
        assert!(flips.iter().all(|&f| f <= 1), "{name}: flips {flips:?}");
    }
}

#[test]
fn every_model_drives_accelerates_and_corners() {
    // Full throttle 3 s then steer: every model gets the car moving (rear drive 1800 N·m →
    // ≈ 3.5 m/s² → ≈ 10 m/s) and turning left.
    let ground = Plane::flat();
    for (name, kind) in models() {
        let mut car = Vehicle::new(sedan_with(&kind)).unwrap();
        car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, R)));
        car.set_intent(Intent {
            throttle: 1.0,
            ..Intent::default()
        })
        .unwrap();
        for _ in 0..(3.0 / DT) as usize {
            car.step(DT, &ground);
        }
        let v = car.state().forward_speed();
        assert!((8.0..12.0).contains(&v), "{name}: {v} m/s after 3 s");
        car.set_intent(Intent {
            throttle: 0.2,
            steer: 0.3,
            ..Intent::default()
        })
        .unwrap();
        for _ in 0..(2.0 / DT) as usize {
            car.step(DT, &ground);
        }
        let yaw_rate = car.state().chassis.angular_velocity_world.z;
        assert!(yaw_rate > 0.1, "{name}: yaw rate {yaw_rate}");
        assert!(car.state().chassis.pose.translation.is_finite());
    }
}
