//! Scenario files: open-loop schedules replay bit-identically, errors name file, line and key.

use skidpad_cli::scenario::Scenario;
use std::process::Command;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("skidpad-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn csv_schedule_replays_bit_identically() {
    // Throttle up, brake and steer from a CSV on a 10 % incline, twice through the binary:
    // the two telemetry files are byte-identical (determinism), and the car moved.
    let csv = tmp("inputs.csv");
    std::fs::write(
        &csv,
        "t_s,throttle,brake,steer\n0,0.8,0,0\n2,0.8,0,0.3\n3,0,1,0\n",
    )
    .unwrap();
    let sc = tmp("hill.toml");
    std::fs::write(
        &sc,
        "vehicle = \"sedan\"\nduration_s = 5.0\n[ground]\nkind = \"incline\"\ngrade_pct = 10.0\n[initial]\nspeed_mps = 2.0\nschedule_csv = \"inputs.csv\"\n",
    )
    .unwrap();
    // `schedule_csv` sits in [initial] above by mistake: an unknown key there must be an error
    // naming its line (8).
    let e = Scenario::from_path(&sc).unwrap_err();
    assert!(e.contains(":8:") && e.contains("schedule_csv"), "{e}");
    std::fs::write(
        &sc,
        "vehicle = \"sedan\"\nduration_s = 5.0\nschedule_csv = \"inputs.csv\"\n[ground]\nkind = \"incline\"\ngrade_pct = 10.0\n[initial]\nspeed_mps = 2.0\n",
    )
    .unwrap();
    let mut outs = Vec::new();
    for k in 0..2 {
        let dir = tmp(&format!("out{k}"));
        let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
            .arg("run")
            .arg(&sc)
            .arg("--out")
            .arg(&dir)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        outs.push(std::fs::read(dir.join("telemetry.csv")).unwrap());
    }
    assert_eq!(outs[0], outs[1], "telemetry must be bit-identical");
    let text = String::from_utf8(outs[0].clone()).unwrap();
    assert_eq!(
        text.lines().count(),
        1 + 600,
        "5 s at 1/120 s plus the header"
    );
    // Interpolation: t = 2.5 s is halfway between the rows at 2 s (0.8, 0, 0.3) and 3 s
    // (0, 1, 0): throttle 0.4, brake 0.5, steer 0.15; after the last row it holds.
    let s = Scenario::from_path(&sc).unwrap();
    let i = s.intent_at(2.5);
    assert!(
        (i.throttle - 0.4).abs() < 1e-12 && (i.brake - 0.5).abs() < 1e-12,
        "{i:?}"
    );
    assert!((i.steer - 0.15).abs() < 1e-12, "{i:?}");
    let i = s.intent_at(99.0);
    assert_eq!((i.throttle, i.brake), (0.0, 1.0));
}

#[test]
fn bad_scenarios_name_line_and_key() {
    let e = Scenario::from_toml_str("vehicle = \"sedan\"\ndt_s = 0.5\n", "a.toml").unwrap_err();
    assert_eq!(e, "a.toml:2: key dt_s: must be in (0, 0.1]");
    let e = Scenario::from_toml_str("vehicle = \"sedan\"\nduration_s = \"long\"\n", "b.toml")
        .unwrap_err();
    assert!(e.starts_with("b.toml:2:"), "{e}");
    let e = Scenario::from_toml_str("vehicle = \"sedan\"\nmaneuver = \"slalom\"\n", "c.toml")
        .unwrap_err();
    assert!(e.starts_with("c.toml:2: key maneuver"), "{e}");
    let e = Scenario::from_toml_str(
        "vehicle = \"sedan\"\n[[schedule]]\nt_s = 1.0\n[[schedule]]\nt_s = 0.5\n",
        "d.toml",
    )
    .unwrap_err();
    assert!(e.contains("t_s") && e.contains("increase"), "{e}");
    let csv = tmp("bad.csv");
    std::fs::write(&csv, "t_s,throttle\n0,0.5\n1,lots\n").unwrap();
    let e = skidpad_cli::scenario::read_schedule_csv(&csv).unwrap_err();
    assert!(e.contains(":3:") && e.contains("throttle"), "{e}");
}
