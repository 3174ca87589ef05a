//! Invalid KPIs in the command line's outputs: the table prints `invalid: <reason>`, never a
//! number or NaN; `summary.json` keeps them in an explicit `"invalid"` map (key → reason),
//! apart from the numbers, and writes no `null`; the report and compare show the reason.

use skidpad_cli::report::{self, Kpi};
use skidpad_cli::{Summary, format_table};
use std::collections::BTreeMap;
use std::process::Command;

const REASON: &str = "rolled over at 3.20 s: roll 63.1 deg beyond ±45 deg";

fn summary(invalid: bool) -> Summary {
    let mut kpis = BTreeMap::from([
        ("vehicle_mass_kg".to_string(), 20000.0),
        ("ride_height_m".to_string(), 1.2),
        ("braking_distance_m".to_string(), 71.07),
        ("sine_dwell_yaw_ratio_1_00_pct".to_string(), -29.83),
    ]);
    let mut bad = BTreeMap::new();
    if invalid {
        kpis.remove("sine_dwell_yaw_ratio_1_00_pct");
        bad.insert(
            "sine_dwell_yaw_ratio_1_00_pct".to_string(),
            REASON.to_string(),
        );
    }
    Summary {
        vehicle: "truck".into(),
        rest_wheel_loads_n: vec![24525.0],
        sprung_weights_n: vec![24525.0],
        steady_state_circle: vec![],
        kpis,
        invalid: bad,
        kpi_methods: Default::default(),
        telemetry_fault: None,
        phases: vec![],
    }
}

#[test]
fn the_table_prints_the_reason_and_no_number() {
    let t = format_table(&summary(true));
    let line = t
        .lines()
        .find(|l| l.contains("sine_dwell_yaw_ratio_1_00_pct"))
        .unwrap();
    assert_eq!(line.split_whitespace().nth(1), Some("invalid:"), "{line}");
    assert!(line.ends_with(REASON), "{line}");
    assert!(!t.contains("NaN") && !t.contains("-29.83"), "{t}");
    // "Not reached" stays what it was: the 0–100 time is in neither map.
    assert!(t.contains("0-100 km/h              not reached"), "{t}");
}

#[test]
fn summary_json_keeps_invalid_apart_and_writes_no_null() {
    let v = serde_json::to_value(summary(true)).unwrap();
    assert_eq!(v["invalid"]["sine_dwell_yaw_ratio_1_00_pct"], REASON);
    assert!(v.get("sine_dwell_yaw_ratio_1_00_pct").is_none());
    assert_eq!(v["braking_distance_m"], 71.07);
    assert!(!serde_json::to_string(&v).unwrap().contains("null"));
    // All valid: an empty, explicit map.
    let v = serde_json::to_value(summary(false)).unwrap();
    assert_eq!(v["invalid"], serde_json::json!({}));
}

#[test]
fn report_and_compare_show_the_reason() {
    let rows = report::kpis(&summary(true)).unwrap();
    let (_, k) = rows
        .iter()
        .find(|(k, _)| k == "sine_dwell_yaw_ratio_1_00_pct")
        .unwrap();
    assert_eq!(k, &Kpi::Invalid(REASON.to_string()));
    let t = report::compare_table(&summary(false), &summary(true)).unwrap();
    let line = t
        .lines()
        .find(|l| l.starts_with("sine_dwell_yaw_ratio_1_00_pct"))
        .unwrap();
    // A: -29.8300, B: invalid, no difference.
    assert!(
        line.contains("-29.8300") && line.contains("invalid: rolled over"),
        "{line}"
    );
}

#[test]
fn the_tank_run_reports_its_80_kmh_tests_invalid() {
    // Tank: gearing top speed 300 rad/s / (1.0 · 6.0) · 0.35 m = 63 km/h, below the 80 km/h
    // of the step steer and the sine with dwell.
    let dir = std::env::temp_dir().join(format!("skidpad-kpi-invalid-{}", std::process::id()));
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["run", "--vehicle", "tank", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(!stdout.contains("NaN"), "{stdout}");
    let want = "invalid: above the vehicle's top speed at 0.00 s: test speed 80.0 km/h, gearing \
                top speed 63.0 km/h";
    for key in [
        "step_steer_yaw_rate_overshoot_pct",
        "sine_dwell_yaw_ratio_1_00_pct",
    ] {
        let line = stdout.lines().find(|l| l.contains(key)).unwrap();
        assert!(line.contains(want), "{line}");
    }
    let text = std::fs::read_to_string(dir.join("summary.json")).unwrap();
    assert!(!text.contains("null"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(json.get("step_steer_yaw_rate_overshoot_pct").is_none());
    assert!(
        json["invalid"]["step_steer_yaw_rate_overshoot_pct"]
            .as_str()
            .unwrap()
            .starts_with("above the vehicle's top speed")
    );
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(
        html.contains("invalid: above the vehicle&#39;s top speed")
            || html.contains("invalid: above the vehicle's top speed")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
