//! Bounded runs (issue 12, item 7): a scenario longer than `MAX_STEPS` steps is refused at
//! load naming the key and the limit unless `long_run = true`; a schedule run's telemetry
//! goes to disk row by row (the binary's files are the bytes of the whole-run recorder's).

use skidpad_cli::scenario::{MAX_STEPS, Scenario};
use std::process::Command;

#[test]
fn runs_beyond_the_step_limit_are_refused_naming_the_key() {
    assert_eq!(MAX_STEPS, 1e8);
    for (text, line, key) in [
        // 1e9 s / (1/120 s) = 1.2e11 steps.
        ("vehicle = \"sedan\"\nduration = 1e9\n", 2, "duration"),
        // The default 10 s at 1e-9 s = 1e10 steps: the key the file sets is dt.
        ("vehicle = \"sedan\"\ndt = 1e-9\n", 2, "dt"),
        // 1e6 s at 1/100 s = 1e8 steps + 1 s: just over.
        (
            "vehicle = \"sedan\"\nduration = 1000000.01\ndt = 0.01\n",
            2,
            "duration",
        ),
    ] {
        let e = Scenario::from_toml_str(text, "f.toml").unwrap_err();
        assert!(e.starts_with(&format!("f.toml:{line}:1: {key}: ")), "{e}");
        assert!(e.contains("more than the limit of 1e8"), "{e}");
        assert!(e.contains("long_run = true"), "{e}");
        // Asked for explicitly, it loads.
        let ok = format!("long_run = true\n{text}");
        assert!(Scenario::from_toml_str(&ok, "f.toml").is_ok(), "{ok}");
    }
    // Exactly 1e8 steps is within the limit: 1e6 s at 0.01 s.
    let s = Scenario::from_toml_str(
        "vehicle = \"sedan\"\nduration = 1000000.0\ndt = 0.01\n",
        "f.toml",
    )
    .unwrap();
    assert_eq!(s.steps(), 100_000_000);
}

/// The binary streams a schedule's telemetry and events through `CsvRecorder`: the same
/// bytes the library's whole-run `Recorder` writes for the same scenario.
#[test]
fn streamed_telemetry_is_the_recorded_telemetry() {
    let dir = std::env::temp_dir().join(format!("skidpad-long-runs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "vehicle = \"sedan\"\nduration = 3.0\n[initial]\nspeed = 0.0\n[[schedule]]\nt = 0.0\nthrottle = 0.6\nsteer = 0.3\n[[schedule]]\nt = 2.0\nbrake = 1.0\n";
    let path = dir.join("s.toml");
    std::fs::write(&path, text).unwrap();
    let out = dir.join("out");
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .arg("run")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("steps                   360 (dt"),
        "{stdout}"
    );
    assert!(
        stdout.contains("final t                 3.00 s"),
        "{stdout}"
    );
    let sc = Scenario::from_path(&path).unwrap();
    let rec = sc.run_schedule(sc.vehicle_params().unwrap()).unwrap();
    assert_eq!(rec.rows.len(), 360);
    let (mut t, mut e) = (Vec::new(), Vec::new());
    rec.write_csv(&mut t).unwrap();
    rec.write_events_csv(&mut e).unwrap();
    assert_eq!(std::fs::read(out.join("telemetry.csv")).unwrap(), t);
    assert_eq!(std::fs::read(out.join("events.csv")).unwrap(), e);
    assert!(e.len() > 100, "the run has events");
}
