//! `skidpad validate`: the core's closed-form checks per vehicle, as a table, JSON and HTML;
//! exit 1 when a check fails.

use std::process::Command;

fn skidpad() -> Command {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
}

#[test]
fn the_sedan_passes_and_the_json_and_html_carry_every_check() {
    let dir = std::env::temp_dir().join(format!("skidpad-validate-{}", std::process::id()));
    let out = skidpad()
        .args(["validate", "sedan", "--json", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let checks = v[0]["checks"].as_array().unwrap();
    let names: Vec<&str> = checks.iter().map(|c| c["name"].as_str().unwrap()).collect();
    for want in [
        "braking_distance_m",
        "step_steer_yaw_rate_gain_per_s",
        "lateral_load_transfer_n",
        "heave_frequency_hz",
        "coast_down_cd_a_m2",
        "coast_down_crr",
    ] {
        assert!(names.contains(&want), "{names:?}");
    }
    assert!(checks.iter().all(|c| c["status"] == "pass"), "{checks:?}");
    let html = std::fs::read_to_string(dir.join("validation.html")).unwrap();
    assert!(html.contains("<h2>Validation</h2>") && html.contains("heave_frequency_hz"));
    assert!(dir.join("validation.json").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_failing_check_exits_1_and_names_the_vehicle() {
    // The kart's coast-down fit is a known failure (crates/skidpad/tests/validation_report.rs).
    let out = skidpad()
        .args(["--quiet", "validate", "kart"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("validation failed: kart"));
}

#[test]
fn an_unknown_vehicle_is_bad_input() {
    let out = skidpad().args(["validate", "sedna"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
