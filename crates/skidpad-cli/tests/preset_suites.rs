//! Every shipped vehicle file loads and runs the standard suite to finite KPIs; each key of
//! the sedan's suite is either a finite value, invalid with a reason (the run failed a
//! precondition: `skidpad::maneuver::validity`), or one of the documented missing ones,
//! predicted here from the vehicle's own parameters.

use skidpad::drivetrain::DriveKind;
use skidpad::steering::SteeringMode;
use std::path::Path;

/// The top speed the gearing allows: engine limit over the tallest overall ratio times the
/// wheel radius (infinite for direct drive, which has no engine speed limit). Unit: km/h.
fn gearing_top_speed_kmh(p: &skidpad::VehicleParams) -> f64 {
    let d = &p.drivetrain;
    if d.kind == DriveKind::Direct {
        return f64::INFINITY;
    }
    let top = d
        .gearbox
        .forward_ratios
        .iter()
        .fold(f64::INFINITY, |a, &r| a.min(r));
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    d.engine.max_speed / (top * d.gearbox.final_drive) * r * 3.6
}

#[test]
fn every_preset_file_runs_the_suite_to_finite_kpis() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("vehicles");
    let full = skidpad::maneuver::standard_suite(&skidpad::presets::sedan()).unwrap();
    let mut bad = Vec::new();
    for b in skidpad_cli::vehicles::BUILT_IN {
        let path = dir.join(format!("{}.toml", b.name));
        let p = skidpad::VehicleParams::from_toml_path(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let r = skidpad::maneuver::standard_suite_detailed(&p, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let kpis = r.kpis;
        for (k, why) in &r.invalid {
            println!("{}: {k} invalid: {why}", b.name);
            if why.is_empty() {
                bad.push(format!("{}: {k} invalid without a reason", b.name));
            }
        }
        for (k, v) in &kpis {
            if !v.is_finite() {
                bad.push(format!("{}: {k} = {v}", b.name));
            }
        }
        // Missing keys: 0–100 only when the gearing tops out below 100 km/h (the truck's
        // 230 rad/s / 5.0 · 0.55 m = 91 km/h); the road-wheel-angle KPIs only without steering.
        let steers = p.steering.mode != SteeringMode::Disabled
            && p.wheels.iter().any(|w| w.max_steer != 0.0);
        let slow = gearing_top_speed_kmh(&p) < 100.0;
        for (k, _) in full.iter().filter(|(k, _)| !k.starts_with("shift_")) {
            let expect_missing = (k == "accel_0_100_s" && slow)
                || (!steers
                    && (k.starts_with("understeer_gradient_")
                        || k == "step_steer_yaw_rate_gain_per_s"));
            let present = kpis.iter().any(|(n, _)| n == k);
            let invalid = r.invalid.iter().any(|(n, _)| n == k);
            if present && invalid {
                bad.push(format!("{}: {k} both valid and invalid", b.name));
            }
            if invalid {
                continue;
            }
            if present == expect_missing {
                bad.push(format!(
                    "{}: {k} {} (gearing top speed {:.0} km/h, steers {steers})",
                    b.name,
                    if present { "present" } else { "missing" },
                    gearing_top_speed_kmh(&p)
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
