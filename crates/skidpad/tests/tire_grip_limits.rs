//! Separate longitudinal and lateral grip limits (ground_vehicle's grip model, issue 17):
//! `F'x = s_x·Fx(κ/s_x, α/s_y)`, `F'y = s_y·Fy(κ/s_x, α/s_y)` on every model.

use skidpad::tire::model::{ContactInput, solve_contact};
use skidpad::tire::{TireParams, TireState};

const FZ: f64 = 4000.0;
const DT: f64 = 1.0 / 240.0;

/// Steady force of the default friction-circle tyre (µ = 1, C_α = 17 F_z/rad) after 2 s at
/// contact velocity (vx, vy) with `brake` N·m, starting at free rolling.
fn steady(p: &TireParams, vx: f64, vy: f64, brake: f64) -> (f64, f64) {
    let c = ContactInput {
        load: FZ,
        vx,
        vy,
        effective_mass: FZ / 9.81,
        rest_load: FZ,
        brake_torque: brake,
        grip_x: p.longitudinal_grip,
        grip_y: p.lateral_grip,
        ..ContactInput::new(0.3, 1.0, 9.81)
    };
    let mut s = TireState {
        omega: vx / 0.3,
        ..TireState::default()
    };
    let mut f = solve_contact(p, &c, &mut s, DT);
    for _ in 0..480 {
        f = solve_contact(p, &c, &mut s, DT);
    }
    (f.fx, f.fy)
}

/// Hand numbers: sliding sideways at 26.6° (tan α = 0.5, far past 1/C_α) the force is the
/// limit, `s_y·µ·F_z` = 0.8 × 4000 = 3200 N (4000 N by default); a locked wheel (brake far above
/// µ·F_z·R) drags `s_x·µ·F_z` = 1.2 × 4000 = 4800 N. At α = 1e-3 (linear region) the force
/// `C_α·α·F_z` = 68 N is the same with and without the limits: the stiffness stays.
#[test]
fn limits_scale_the_peak_and_keep_the_stiffness() {
    let base = TireParams::default();
    let scaled = TireParams {
        longitudinal_grip: 1.2,
        lateral_grip: 0.8,
        ..TireParams::default()
    };
    let (_, fy0) = steady(&base, 10.0, 5.0, 0.0);
    let (_, fy1) = steady(&scaled, 10.0, 5.0, 0.0);
    assert!((fy0 + 4000.0).abs() < 4.0, "{fy0}");
    assert!((fy1 + 3200.0).abs() < 3.2, "{fy1}");
    let (fx0, _) = steady(&base, 10.0, 0.0, 1e5);
    let (fx1, _) = steady(&scaled, 10.0, 0.0, 1e5);
    assert!((fx0 + 4000.0).abs() < 4.0, "{fx0}");
    assert!((fx1 + 4800.0).abs() < 4.8, "{fx1}");
    let (_, a) = steady(&base, 10.0, 0.01, 0.0);
    let (_, b) = steady(&scaled, 10.0, 0.01, 0.0);
    assert!((a + 68.0).abs() < 1.0, "{a}");
    assert!((a - b).abs() < 1e-9 * a.abs(), "{a} vs {b}");
}

/// Out-of-range limits are refused with the field; the TOML keys load.
#[test]
fn limits_are_validated_and_read_from_files() {
    let bad = TireParams {
        lateral_grip: 0.0,
        ..TireParams::default()
    };
    let e = bad.validate().unwrap_err().to_string();
    assert!(e.contains("lateral_grip"), "{e}");
    let p: TireParams = toml::from_str("longitudinal_grip = 1.1\nlateral_grip = 0.9\n").unwrap();
    assert_eq!((p.longitudinal_grip, p.lateral_grip), (1.1, 0.9));
}
