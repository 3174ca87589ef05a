//! The main job through the real binary: `skidpad run --out DIR` prints the KPI table and
//! writes a summary whose numbers are physically consistent.

mod support;
use support::skidpad;

#[test]
fn run_writes_summary_and_telemetry() {
    let dir = std::env::temp_dir().join(format!("skidpad-cli-test-{}", std::process::id()));
    // `sedan-simple`: the friction-circle sedan, whose numbers the closed forms below give
    // (the default `sedan` runs the fitted, peaked tyre: no v²/2µg, no linear bicycle model).
    let stdout = skidpad(&["run", "--vehicle", "sedan-simple"], &dir);
    assert!(stdout.contains("0-100 km/h"), "{stdout}");

    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    let mass = summary["vehicle_mass_kg"].as_f64().unwrap();
    let g = summary["gravity_mps2"].as_f64().unwrap();
    assert_eq!(mass, 1500.0);
    // Rest loads carry the weight: Σ N = m·g within 0.5 %.
    let loads: Vec<f64> = summary["rest_wheel_loads_n"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(loads.len(), 4);
    let total: f64 = loads.iter().sum();
    assert!((total - mass * g).abs() < 0.005 * mass * g, "{total}");
    // Ride height: the sedan's CoM sits 0.55 m above the ground at its design pose.
    let h = summary["ride_height_m"].as_f64().unwrap();
    assert!((h - 0.55).abs() < 0.01, "{h}");
    // 0–100: 1800 N·m at the rear axle over R = 0.316 m is 5696 N, less rolling resistance
    // 0.012·m·g = 177 N: F = 5519 N, against the drag k·v² (k = ½·1.225·0.30·2.2 = 0.404 N·s²/m²),
    // accelerating the car plus its four wheels' spin inertia (m_e = m + 4·1.1/R² = 1544 kg):
    // t = m_e/√(F·k)·artanh(v·√(k/F)) = 32.69·artanh(0.2378) = 7.92 s (±2 %).
    let t = summary["accel_0_100_s"].as_f64().unwrap();
    assert!((t - 7.92).abs() < 0.02 * 7.92, "{t}");
    // 100–0: the brakes (2×2500 + 2×800 N·m) exceed what µ = 1 can take, so all four tires
    // slide at µ·F_z (the friction-circle tire does not lose grip when it slides); with the
    // drag, d = m/(2k)·ln(1 + k·v²/(µ·m·g)) = 38.9 m; the wheels' spin energy before they lock
    // adds a little (±2 %).
    let d = summary["braking_distance_m"].as_f64().unwrap();
    assert!((d - 38.9).abs() < 0.02 * 38.9, "{d}");

    // The standard suite's KPIs are in the summary too. The sedan understeers (cornering
    // stiffness per unit load 12/rad front, 20/rad rear): K = (1/12 − 1/20)·180/π
    // = 1.91 deg/g (±10 %); a_y max ≤ µ·g; the coast-down fit recovers C_rr = 0.012 (5 %); a
    // braked car does not creep on 30 %.
    let num = |k: &str| summary[k].as_f64().unwrap_or_else(|| panic!("missing {k}"));
    let k_hand = (1.0 / 12.0 - 1.0 / 20.0) * 180.0 / std::f64::consts::PI;
    let k = num("understeer_gradient_deg_per_g");
    assert!((k - k_hand).abs() < 0.1 * k_hand, "{k}");
    assert!(num("lane_change_max_entry_speed_kmh") > 40.0);
    assert!(num("max_lateral_accel_mps2") <= 9.81 + 0.05);
    assert!((num("coast_down_crr") - 0.012).abs() < 0.05 * 0.012);
    // ... and C_d·A = 0.30·2.2 = 0.66 m² (5 %).
    assert!((num("coast_down_cd_a_m2") - 0.66).abs() < 0.05 * 0.66);
    assert!(num("park_creep_m") < 0.01);
    // The ISO 4138 curve behind K: at 3 m/s on the 40 m circle (a_y = 0.23 m/s²) the road
    // wheels steer the kinematic L/R = 2.7/40 rad = 3.87° plus K·a_y/g = 0.04° (±0.2°); the
    // slope between the points nearest 1 and 4 m/s² is K of the bicycle model (±10 %); the max
    // lateral acceleration, from ISO 4138's slowly increasing speed, is above the last point
    // the discrete sweep held (its pure-pursuit driver leaves the 1.5 m band first) and is
    // reported with its method.
    let curve: Vec<(f64, f64)> = summary["steady_state_circle"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["lateral_accel_mps2"].as_f64().unwrap(),
                p["road_wheel_steer_deg"].as_f64().unwrap(),
            )
        })
        .collect();
    let (ay0, d0) = curve[0];
    assert!((ay0 - 9.0 / 40.0).abs() < 0.02, "{ay0}");
    let want = (2.7f64 / 40.0).to_degrees() + k_hand * ay0 / 9.81;
    assert!((d0 - want).abs() < 0.2, "{d0} vs {want}");
    let near = |a: f64| {
        *curve
            .iter()
            .min_by(|p, q| (p.0 - a).abs().total_cmp(&(q.0 - a).abs()))
            .unwrap()
    };
    let (lo, hi) = (near(1.0), near(4.0));
    let slope = (hi.1 - lo.1) / ((hi.0 - lo.0) / 9.81);
    assert!((slope - k_hand).abs() < 0.1 * k_hand, "{slope}");
    assert!(curve.last().unwrap().0 < num("max_lateral_accel_mps2"));
    assert!(
        summary["kpi_methods"]["max_lateral_accel_mps2"]
            .as_str()
            .unwrap()
            .contains("slowly increasing speed")
    );
    for k in [
        "step_steer_yaw_rate_response_time_s",
        "step_steer_yaw_rate_overshoot_pct",
        "braking_distance_wet_m",
        "quarter_mile_s",
        "coast_down_cd_a_m2",
    ] {
        assert!(num(k).is_finite(), "{k}");
    }

    let csv = std::fs::read_to_string(dir.join("telemetry.csv")).unwrap();
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    for col in [
        "t_s",
        "x_m",
        "vx_mps",
        "ax_mps2",
        "fl_load_n",
        "rr_omega_radps",
    ] {
        assert!(
            header.split(',').any(|c| c == col),
            "missing {col} in {header}"
        );
    }
    assert!(lines.count() > 1000);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn main_job_reports_every_progress_step_in_order() {
    // The progress bar's feed: steps 0, 1, …, N−1 (the four main-job phases, then the
    // suite's nine manoeuvres) and N = "done" at the end, each exactly once.
    let mut seen = Vec::new();
    skidpad_cli::run_default_with_progress(skidpad::presets::kart(), &mut |i, name| {
        seen.push((i, name.to_string()))
    })
    .unwrap();
    let n = skidpad_cli::main_job_steps();
    assert_eq!(n, 4 + skidpad::maneuver::SUITE_STEPS.len());
    assert_eq!(seen.len(), n + 1, "{seen:?}");
    for (k, (i, _)) in seen.iter().enumerate() {
        assert_eq!(*i, k, "{seen:?}");
    }
    assert_eq!(seen[0].1, "settle");
    assert_eq!(seen[4].1, skidpad::maneuver::SUITE_STEPS[0]);
    assert_eq!(seen[n].1, "done");
}
