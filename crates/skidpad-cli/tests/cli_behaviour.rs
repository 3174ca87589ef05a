//! The command line as a user meets it: arguments checked before anything runs, exit codes
//! (0 ok, 1 run failed, 2 bad input), `skidpad vehicles` and name suggestions, `--vehicle`
//! with a scenario, `--json`, `--quiet`, `-` for stdout, and a schedule's `--out` files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn skidpad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .output()
        .expect("run skidpad")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skidpad-clib-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A 1 s pedal schedule for `vehicle` at half throttle (with extra `rows` text appended to
/// the first row), written to `dir/s.toml`.
fn schedule(dir: &Path, vehicle: &str, row: &str) -> PathBuf {
    let path = dir.join("s.toml");
    std::fs::write(
        &path,
        format!(
            "vehicle = \"{vehicle}\"\nduration = 1.0\n\n[[schedule]]\nt = 0\nthrottle = 0.5\n{row}\n"
        ),
    )
    .unwrap();
    path
}

#[test]
fn vehicles_lists_every_built_in_with_a_description() {
    let o = skidpad(&["vehicles"]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), skidpad_cli::vehicles::BUILT_IN.len(), "{out}");
    assert!(
        lines[0].starts_with("sedan ") && lines[0].contains("1500 kg"),
        "{out}"
    );
    assert!(lines.iter().any(|l| l.starts_with("tank ")), "{out}");
}

#[test]
fn bad_input_exits_2_before_anything_runs() {
    let dir = temp("bad");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let under_file = file.join("out");
    let cases: [(&[&str], &str); 4] = [
        (&["run", "--vehicle", "sedna"], "did you mean `sedan`?"),
        // B is checked before A runs: nothing on stdout, no table.
        (
            &["compare", "sedan", "nosuch"],
            "built-in vehicles are sedan, sedan-simple, hatch-fwd",
        ),
        (
            &["run", "--out", under_file.to_str().unwrap()],
            under_file.to_str().unwrap(),
        ),
        (
            &[
                "compare",
                "sedan",
                "kart",
                "--out",
                under_file.to_str().unwrap(),
            ],
            "--out",
        ),
    ];
    for (args, needle) in cases {
        let o = skidpad(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        assert!(
            text(&o.stderr).contains(needle),
            "{args:?}: {}",
            text(&o.stderr)
        );
        assert!(o.stdout.is_empty(), "{args:?} ran: {}", text(&o.stdout));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn out_of_range_schedule_values_are_refused_with_file_line_and_key() {
    let dir = temp("range");
    for (vehicle, row, needle) in [
        (
            "sedan",
            "brake = -0.5",
            ":7:1: schedule[0].brake: must be in [0, 1] (got -0.5)",
        ),
        (
            "sedan",
            "steer = 1.5",
            ":7:1: schedule[0].steer: must be in [-1, 1] (got 1.5)",
        ),
        (
            "sedan",
            "handbrake = 2",
            ":7:1: schedule[0].handbrake: must be in [0, 1] (got 2)",
        ),
        (
            "sedan-simple",
            "gear = 2",
            "schedule[0].gear: vehicle \"sedan-simple\" has direct drive",
        ),
        (
            "sports-rwd",
            "gear = 99",
            "schedule[0].gear: must be −1 (reverse), 0 (neutral) or 1..=6",
        ),
        (
            "sedan",
            "[ground]\nsurface = 99",
            ":8:1: ground.surface: must be a surface id 0..=5",
        ),
    ] {
        let path = schedule(&dir, vehicle, row);
        let o = skidpad(&["run", path.to_str().unwrap()]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{row}: {err}");
        assert!(
            err.contains("s.toml") && err.contains(needle),
            "{row}: {err}"
        );
    }
    // In range: a gear the sports car has runs.
    let path = schedule(&dir, "sports-rwd", "gear = 2");
    assert!(skidpad(&["run", path.to_str().unwrap()]).status.success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn vehicle_replaces_the_scenarios_and_a_schedule_writes_every_output() {
    let dir = temp("sched");
    let path = schedule(&dir, "sedan", "");
    let out = dir.join("out");
    let o = skidpad(&[
        "run",
        path.to_str().unwrap(),
        "--vehicle",
        "kart",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // --json: stdout is the summary, the same as summary.json; `wrote` went to stderr.
    let printed: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(printed, file);
    assert!(text(&o.stderr).contains("wrote"));
    assert_eq!(file["vehicle"], "kart");
    // 1 s at the default 1/120 s: 120 steps, ending at t = 1 s.
    assert_eq!(file["steps"], 120);
    assert!((file["final_time_s"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    for f in [
        "telemetry.csv",
        "events.csv",
        "report.html",
        "speed.svg",
        "trajectory.svg",
        "wheel_loads.svg",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    // The page shows exactly the plots written.
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    for src in html.split("<img src=\"").skip(1) {
        let f = &src[..src.find('"').unwrap()];
        assert!(out.join(f).is_file(), "{f}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn quiet_prints_nothing_and_json_only_json() {
    let dir = temp("quiet");
    let path = schedule(&dir, "sedan", "");
    let o = skidpad(&["run", path.to_str().unwrap(), "--quiet"]);
    assert!(o.status.success() && o.stdout.is_empty() && o.stderr.is_empty());
    let o = skidpad(&["run", path.to_str().unwrap(), "-q", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["vehicle"], "sedan");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn tire_eval_writes_to_stdout_with_a_dash() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../skidpad/tests/data");
    let dir = temp("dash");
    let grid = dir.join("grid.csv");
    std::fs::write(
        &grid,
        "fz_n,kappa,alpha_rad,gamma_rad\n4000,0.05,0,0\n4000,0,0.05,0\n",
    )
    .unwrap();
    let file = dir.join("out.csv");
    let tir = data.join("mf_185_80R14.tir");
    let args = |out: &str| {
        vec![
            "tire".to_string(),
            "eval".into(),
            tir.display().to_string(),
            "--grid".into(),
            grid.display().to_string(),
            "--out".into(),
            out.to_string(),
        ]
    };
    let run = |a: Vec<String>| {
        Command::new(env!("CARGO_BIN_EXE_skidpad"))
            .args(a)
            .output()
            .unwrap()
    };
    let o = run(args("-"));
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(run(args(file.to_str().unwrap())).status.success());
    // The same bytes either way: a header and two rows.
    assert_eq!(text(&o.stdout), std::fs::read_to_string(&file).unwrap());
    assert_eq!(text(&o.stdout).lines().count(), 3);
    // A missing .tir is bad input.
    let mut bad = args("-");
    bad[2] = "nosuch.tir".into();
    assert_eq!(run(bad).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// `skidpad body1d`: the 1-D model beside the 3-D one (the numbers are checked in the core's
/// `tests/body1d_coupled.rs`); an engine-driven vehicle is refused with the key and exit 2.
#[test]
fn body1d_prints_both_models_and_refuses_engines() {
    let o = skidpad(&["body1d", "--json", "--vehicle", "sedan-simple"]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (a, b) = (
        v["t_0_100_1d_s"].as_f64().unwrap(),
        v["t_0_100_3d_s"].as_f64().unwrap(),
    );
    assert!((a - b).abs() < 0.005 * b, "{out}");
    let o = skidpad(&["body1d", "--vehicle", "sedan-simple"]);
    assert!(text(&o.stdout).contains("coast-down C_d·A (m²)"));
    let o = skidpad(&["body1d", "--vehicle", "sports-rwd"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("drivetrain.kind"),
        "{}",
        text(&o.stderr)
    );
}
