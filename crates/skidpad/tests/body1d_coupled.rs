//! The 1-D body coupled to wheels and brakes (VehicleBody spec "next steps", issue 17):
//! coast-down and launch against hand-worked numbers, and beside the 3-D model.

use skidpad::body1d::coupled::{Coupled, coast_down, launch};
use skidpad::presets;
use skidpad::tire::TireParams;
use skidpad::vehicle::VehicleParams;

const H: f64 = 1.0 / 240.0;

/// The sedan's layout and masses on the default friction-circle tyre (µ = 1, C_rr = 0.012),
/// driven directly (900 N·m per rear wheel), so the hand numbers below do not depend on the
/// preset's tyre or drive choice.
fn sedan_fc() -> VehicleParams {
    let mut p = presets::sedan();
    p.drivetrain = Default::default();
    for w in &mut p.wheels {
        w.tire = TireParams::default();
        w.max_drive_torque = if w.position.x < 0.0 { 900.0 } else { 0.0 };
    }
    p
}

/// Coasting 30 → 5 m/s on level ground: `M·v̇ = −(R + C·v + D·v²)` with `M = m + ΣI/r²` (the
/// wheels are spun down through the tyres), `R = C_rr·m·g`, bearing damping `C = Σc/r²` (a
/// torque `c·ω = c·v/r` per wheel; 7 % of the rolling resistance at 30 m/s), `D = ½ρC_dA`, so
/// with `Δ = 4DR − C²`: `t = 2M/√Δ·[atan((2D·30 + C)/√Δ) − atan((2D·5 + C)/√Δ)]`. Within
/// 0.5 % (the rolling-resistance torque's tanh(ωr/v_rr) is 1 − 1e-20 above 1 m/s; the rest is
/// the slip the tyres need).
#[test]
fn coast_down_matches_the_closed_form() {
    let p = sedan_fc();
    let mut c = Coupled::from_vehicle(&p).unwrap();
    let m = p.chassis.mass;
    let big_m = c.effective_mass();
    let r = 0.012 * m * p.sim.gravity;
    let d = 0.5 * p.aero.air_density * p.aero.drag_coefficient * p.aero.frontal_area;
    let c_lin: f64 = p
        .wheels
        .iter()
        .map(|w| w.damping_rate / (w.radius * w.radius))
        .sum();
    let delta = (4.0 * d * r - c_lin * c_lin).sqrt();
    let at = |v: f64| ((2.0 * d * v + c_lin) / delta).atan();
    let want = 2.0 * big_m / delta * (at(30.0) - at(5.0));
    let run = coast_down(&mut c, 30.0, 5.0, H, 600.0);
    let t = run.time.unwrap();
    assert!(
        (t - want).abs() < 0.005 * want,
        "coast-down {t:.2} s vs {want:.2} s"
    );
}

/// Full throttle with far more rear torque than the tyres can carry (5000 N·m per rear wheel):
/// the rear tyres slide at µ·F_z,r and the front wheels roll (their inertia and rolling
/// resistance load the body). With `N_r = m(g·a + a_x·h)/L`, `N_f = m(g·b − a_x·h)/L` and drag
/// `D·v²` at 5 m/s, `a_x·(m + ΣI_f/R²) = µ·N_r − C_rr·N_f − D·v²`, linear in `a_x`. Checked
/// within 1 %.
#[test]
fn traction_limited_launch_matches_the_load_transfer_number() {
    let mut p = sedan_fc();
    for w in &mut p.wheels {
        w.max_drive_torque = if w.position.x < 0.0 { 5000.0 } else { 0.0 };
    }
    let mut c = Coupled::from_vehicle(&p).unwrap();
    let b = *c.body();
    let (m, g, h, l) = (b.mass, b.gravity, b.cg_height, b.wheelbase);
    let (a, bb) = (b.cg_to_front, b.cg_to_rear);
    let i_front: f64 = p
        .wheels
        .iter()
        .filter(|w| w.position.x > 0.0)
        .map(|w| w.inertia / (w.radius * w.radius))
        .sum();
    let d = 0.5 * p.aero.air_density * p.aero.drag_coefficient * p.aero.frontal_area;
    let v = 5.0;
    // a_x·(m + I_f) = µ·m(g·a + a_x·h)/L − C_rr·m(g·b − a_x·h)/L − D·v²
    let crr = 0.012;
    let want = (m * g * a / l - crr * m * g * bb / l - d * v * v)
        / (m + i_front - m * h / l - crr * m * h / l);
    let run = launch(&mut c, v, H, 30.0);
    assert!(run.time.is_some());
    let got = c.state.acceleration;
    assert!(
        (got - want).abs() < 0.01 * want,
        "a_x {got:.3} vs {want:.3} m/s²"
    );
    // The rear wheels really are sliding: spin speed far above the road speed.
    let rear = p.wheels.iter().position(|w| w.position.x < 0.0).unwrap();
    assert!(c.tires[rear].omega * p.wheels[rear].radius > 2.0 * v);
}

/// Engine-driven vehicles and bad pedals: a clear error, and NaN pedals count as released.
#[test]
fn engine_vehicles_are_refused_and_pedals_are_sanitised() {
    let e = Coupled::from_vehicle(&presets::sports_rwd())
        .unwrap_err()
        .to_string();
    assert!(e.contains("drivetrain.kind"), "{e}");
    let mut c = Coupled::from_vehicle(&sedan_fc()).unwrap();
    c.set_speed(10.0);
    c.step(f64::NAN, f64::INFINITY, H);
    assert!(c.state.velocity.is_finite() && c.state.velocity < 10.0 && c.state.velocity > 9.9);
}

/// The 1-D model beside the 3-D one on the sedan (its own tyres, direct drive): the same wheels, tyres and
/// drive, so launch and coast-down agree within 0.5 % (measured: 7.938 vs 7.935 s, C_d·A
/// 0.67917 vs 0.67923 m², C_rr 0.0121918 vs 0.0121918); what differs is what the 1-D model
/// leaves out (suspension and pitch dynamics, the load filter, the 3-D driver's steering).
/// Both fits read C_d·A 2.9 % above the configured 0.66 m² because the quadratic fit
/// `A + B·v²` absorbs the bearing damping's linear term `c·v/r²` — the same in both models.
#[test]
fn one_d_beside_three_d() {
    // The sedan as a direct drive of 900 N·m per rear wheel, whatever drive the preset has.
    let mut p = presets::sedan();
    p.drivetrain = Default::default();
    for w in &mut p.wheels {
        w.max_drive_torque = if w.position.x < 0.0 { 900.0 } else { 0.0 };
    }
    let s = skidpad::body1d::coupled::side_by_side(&p).unwrap();
    let close = |a: f64, b: f64| (a - b).abs() < 0.005 * b.abs();
    assert!(close(s.t_0_100_1d_s, s.t_0_100_3d_s), "{s:?}");
    assert!(close(s.cd_a_1d_m2, s.cd_a_3d_m2), "{s:?}");
    assert!(close(s.crr_1d, s.crr_3d), "{s:?}");
}
