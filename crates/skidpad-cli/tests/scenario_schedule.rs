//! Open-loop schedules beyond pedals: per-wheel (direct) torques and steer angles, and a
//! road-wheel `steer_angle` through the steering model. Per-wheel CSVs replay
//! bit-identically; equal drive torque accelerates the sedan as `F = m·a` with the wheels'
//! inertia and rolling resistance says; the asked-for angle is the angle the wheel gets; bad
//! schedules are errors naming the file, the line and the key or column.

use skidpad::Curve;
use skidpad_cli::scenario::Scenario;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory for this test process.
fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skidpad-sched-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Run `scenario` through the binary into `out`; the telemetry CSV's bytes.
fn run_binary(scenario: &Path, out: &Path) -> Vec<u8> {
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .arg("run")
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read(out.join("telemetry.csv")).unwrap()
}

/// Telemetry as (column names, rows).
fn parse_csv(bytes: &[u8]) -> (Vec<String>, Vec<Vec<f64>>) {
    let text = std::str::from_utf8(bytes).unwrap();
    let mut lines = text.lines();
    let names = lines
        .next()
        .unwrap()
        .split(',')
        .map(str::to_string)
        .collect();
    let rows = lines
        .map(|l| l.split(',').map(|v| v.parse().unwrap()).collect())
        .collect();
    (names, rows)
}

fn col(names: &[String], n: &str) -> usize {
    names
        .iter()
        .position(|c| c == n)
        .unwrap_or_else(|| panic!("no column {n}"))
}

/// A scenario from inline TOML.
fn scenario(text: &str) -> Scenario {
    Scenario::from_toml_str(text, "s.toml").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn per_wheel_csv_replays_bit_identically() {
    // Rear drive torques ramp up, the front wheels steer left by per-wheel angles, then all
    // four brake: twice through the binary, byte-identical telemetry; and the car did what
    // the torques say (moved forward, turned left, stopped braking harder than coasting).
    let dir = tmp_dir("replay");
    std::fs::write(
        dir.join("wheels.csv"),
        "t,drive_torque_2,drive_torque_3,steer_angle_0,steer_angle_1,brake_torque_0,brake_torque_1,brake_torque_2,brake_torque_3\n\
         0,0,0,0,0,,,,\n\
         1,400,400,0,0,,,,\n\
         2,400,400,0.08,0.07,,,,\n\
         3,0,0,0,0,800,800,400,400\n",
    )
    .unwrap();
    let sc = dir.join("wheels.toml");
    std::fs::write(
        &sc,
        "vehicle = \"sedan\"\nduration = 4.0\nschedule_csv = \"wheels.csv\"\n",
    )
    .unwrap();
    let a = run_binary(&sc, &dir.join("out0"));
    let b = run_binary(&sc, &dir.join("out1"));
    assert_eq!(a, b, "telemetry must be bit-identical");
    let (names, rows) = parse_csv(&a);
    assert_eq!(rows.len(), 480, "4 s at 1/120 s");
    let last = rows.last().unwrap();
    assert!(
        last[col(&names, "x_m")] > 2.0,
        "{}",
        last[col(&names, "x_m")]
    );
    assert!(last[col(&names, "yaw_rad")] > 0.01, "turned left");
    // The per-wheel torques reach the wheels: rear drive 400 N·m at t = 1.5 s, brakes after
    // 3 s, and the interpolation in between (t = 2.5 s: half of 0.08 rad on wheel 0).
    let at = |t: f64| &rows[(t * 120.0) as usize - 1];
    assert_eq!(at(1.5)[col(&names, "rl_drive_torque_nm")], 400.0);
    assert_eq!(at(1.5)[col(&names, "fl_drive_torque_nm")], 0.0);
    assert_eq!(at(3.5)[col(&names, "fr_brake_torque_nm")], 800.0);
    let s = Scenario::from_path(&sc).unwrap();
    let c = s.wheel_commands_at(2.5).unwrap();
    assert!((c[0].steer_angle - 0.04).abs() < 1e-12, "{:?}", c[0]);
    assert!((c[1].steer_angle - 0.035).abs() < 1e-12, "{:?}", c[1]);
    assert_eq!((c[2].drive_torque, c[2].brake_torque), (200.0, 200.0));
    // Held after the last row; pedal accessors stay neutral for a direct schedule.
    assert_eq!(s.wheel_commands_at(99.0).unwrap()[3].brake_torque, 400.0);
    assert_eq!(s.intent_at(1.0).throttle, 0.0);
}

#[test]
fn equal_drive_torque_accelerates_as_f_equals_m_a() {
    // Sedan from rest on flat tarmac, T = 300 N·m on each rear (driven) wheel, nothing else.
    // Rolling without slip, for each wheel I·a/r = T_i − r·F_i − C_rr·F_z,i·r, so the
    // ground's forward push is ΣF = ΣT/r − ΣI·a/r² − C_rr·m·g and m·a = ΣF:
    //   a = (ΣT/r − C_rr·m·g) / (m + ΣI/r²)
    //     = (600/0.316 − 0.012·1500·9.81) / (1500 + 4·1.1/0.316²)
    //     = (1898.7 − 176.6) N / (1500 + 44.1) kg = 1.115 m/s²
    // (1.148 m/s² without the wheels' inertia, 1.266 m/s² without rolling resistance too).
    // Aero drag below 3 m/s is under 4 N (0.003 m/s²). Measured from vx between 1 and 2 s,
    // after the start's settling; tolerance 0.005 m/s² (the wheels' inertia alone is 0.033).
    let s = scenario(
        "vehicle = \"sedan\"\nduration = 2.0\n[[schedule]]\nt = 0.0\ndrive_torque = [0, 0, 300, 300]\n",
    );
    let tel = s.run_schedule(s.vehicle_params().unwrap()).unwrap();
    let vx = col(&tel.names, "vx_mps");
    let (v1, v2) = (tel.rows[119][vx], tel.rows[239][vx]);
    let a = v2 - v1;
    let expect = (600.0 / 0.316 - 0.012 * 1500.0 * 9.81) / (1500.0 + 4.0 * 1.1 / (0.316 * 0.316));
    println!("a = {a:.4} m/s², expected {expect:.4} m/s²");
    assert!((a - expect).abs() < 0.005, "a = {a} m/s² vs {expect} m/s²");
    // Straight: equal torques, no yaw.
    let yaw = tel.rows[239][col(&tel.names, "yaw_rad")];
    assert!(yaw.abs() < 1e-6, "yaw {yaw}");
}

#[test]
fn steer_angle_rad_gives_the_reference_wheel_that_angle() {
    // steer_angle = 0.05 at 10 m/s: the reference wheel (front left: the sedan's front
    // wheels share max_steer = 35°, the first wins) is the inner wheel of this left turn and,
    // with full Ackermann, gets the nominal angle itself: fl_steer_rad = 0.05 rad (no toe),
    // the outer wheel less. The command is δ/(max_steer·k) = 0.05/(0.6109·1) = 0.0818.
    // With a speed table k(v) = 1 − v/40 (0.75 at 10 m/s) the command grows to keep the
    // angle while the speed changes: 0.05/(0.6109·k(v)).
    let text = "vehicle = \"sedan\"\nduration = 2.0\n[initial]\nspeed = 10.0\n[[schedule]]\nt = 0.0\nsteer_angle = 0.05\nthrottle = 0.1\n";
    let s = scenario(text);
    let max_steer = 35f64.to_radians();
    let mut slow = s.vehicle_params().unwrap();
    slow.steering.steer_vs_speed = Curve::new(&[(0.0, 1.0), (40.0, 0.0)]);
    for (params, table) in [(s.vehicle_params().unwrap(), false), (slow, true)] {
        let tel = s.run_schedule(params).unwrap();
        let c = |n: &str| col(&tel.names, n);
        for row in &tel.rows[12..] {
            let (fl, fr) = (row[c("fl_steer_rad")], row[c("fr_steer_rad")]);
            assert!((fl - 0.05).abs() < 1e-9, "fl {fl} rad (table {table})");
            assert!(fr > 0.04 && fr < fl, "fr {fr} rad");
            assert_eq!(row[c("rl_steer_rad")], 0.0);
            let k = if table {
                1.0 - row[c("vx_mps")].abs() / 40.0
            } else {
                1.0
            };
            // The command was set from the speed at the start of the step: within the
            // speed change of one step (< 1 mm/s here, so < 1e-4 of the command).
            let cmd = row[c("steer_cmd")];
            let expect = 0.05 / (max_steer * k);
            assert!((cmd - expect).abs() < 1e-4, "cmd {cmd} vs {expect}");
        }
    }
    // It turned left at about v·δ/L (bicycle, 2.7 m wheelbase): 10·0.05/2.7 = 0.19 rad/s;
    // loosely, as the sedan understeers.
    let tel = s.run_schedule(s.vehicle_params().unwrap()).unwrap();
    let r = tel.rows.last().unwrap()[col(&tel.names, "yaw_rate_radps")];
    assert!(r > 0.12 && r < 0.19, "yaw rate {r} rad/s");
    assert_eq!(s.steer_angle_at(1.0), Some(0.05));
}

#[test]
fn per_wheel_steer_angle_sets_exactly_that_wheel() {
    // steer_angle = [0, 0, 0, 0.1] steers the rear right wheel alone, and exactly: the
    // direct command bypasses the steering model (no Ackermann, no speed table) and the
    // sedan has no toe. The same through a CSV column steer_angle_3.
    let toml = scenario(
        "vehicle = \"sedan\"\nduration = 0.5\n[initial]\nspeed = 5.0\n[[schedule]]\nt = 0.0\nsteer_angle = [0, 0, 0, 0.1]\ndrive_torque = [0, 0, 50, 50]\n",
    );
    let dir = tmp_dir("steer3");
    std::fs::write(
        dir.join("s.csv"),
        "t,steer_angle_3,drive_torque_2,drive_torque_3\n0,0.1,50,50\n",
    )
    .unwrap();
    let sc = dir.join("s.toml");
    std::fs::write(
        &sc,
        "vehicle = \"sedan\"\nduration = 0.5\nschedule_csv = \"s.csv\"\n[initial]\nspeed = 5.0\n",
    )
    .unwrap();
    let csv = Scenario::from_path(&sc).unwrap();
    let a = toml.run_schedule(toml.vehicle_params().unwrap()).unwrap();
    let b = csv.run_schedule(csv.vehicle_params().unwrap()).unwrap();
    assert_eq!(a.rows, b.rows, "inline and CSV forms are the same schedule");
    for row in &a.rows {
        for (w, angle) in [("fl", 0.0), ("fr", 0.0), ("rl", 0.0), ("rr", 0.1)] {
            assert_eq!(row[col(&a.names, &format!("{w}_steer_rad"))], angle, "{w}");
        }
    }
}

/// `text` as a scenario with `csv` beside it as `in.csv`; the error of loading and running it.
fn error_of(name: &str, text: &str, csv: Option<&str>) -> (String, PathBuf) {
    let dir = tmp_dir(name);
    if let Some(c) = csv {
        std::fs::write(dir.join("in.csv"), c).unwrap();
    }
    let sc = dir.join("s.toml");
    std::fs::write(&sc, text).unwrap();
    let e = match Scenario::from_path(&sc) {
        Err(e) => e,
        Ok(s) => s.run_schedule(s.vehicle_params().unwrap()).unwrap_err(),
    };
    (e, dir)
}

#[test]
fn bad_schedules_name_file_line_and_key() {
    let head = "vehicle = \"sedan\"\nduration = 1.0\n";
    let expect = |name: &str, text: &str, csv: Option<&str>, at: &str, words: &[&str]| {
        let (e, dir) = error_of(name, &format!("{head}{text}"), csv);
        let file = if csv.is_some() { "in.csv" } else { "s.toml" };
        let want = format!("{}{at}", dir.join(file).display());
        assert!(e.starts_with(&want), "expected `{want}…`, got `{e}`");
        for w in words {
            assert!(e.contains(w), "`{e}` lacks `{w}`");
        }
    };
    let csv = "schedule_csv = \"in.csv\"\n";
    // Mixing pedal and per-wheel channels: at the second style's key (row 2, line 7).
    expect(
        "mix",
        "[[schedule]]\nt = 0.0\nthrottle = 0.5\n[[schedule]]\nt = 1.0\ndrive_torque = [0, 0, 100, 100]\n",
        None,
        ":8:1: schedule[1].drive_torque: ",
        &[
            "pedal-style",
            "per-wheel",
            "not both",
            ":5:1: schedule[0].throttle",
        ],
    );
    expect(
        "mix-csv",
        csv,
        Some("t,brake,brake_torque_0\n0,0.5,100\n"),
        ":1: column `brake_torque_0`: ",
        &["not both", "`brake`"],
    );
    // steer and steer_angle exclude each other.
    expect(
        "steer2",
        "[[schedule]]\nt = 0.0\nsteer = 0.1\n[[schedule]]\nt = 1.0\nsteer_angle = 0.02\n",
        None,
        ":8:1: schedule[1].steer_angle: ",
        &["either steer", "not both"],
    );
    expect(
        "steer2-csv",
        csv,
        Some("t,steer_angle,steer\n0,0.01,0\n"),
        ":1: column `steer`: ",
        &["not both"],
    );
    // Unknown keys and columns.
    expect(
        "unknown",
        "[[schedule]]\nt = 0.0\ndrive_torque_nm = [1, 2]\n",
        None,
        ":5:1: schedule[0].drive_torque_nm: unknown key",
        &["drive_torque"],
    );
    expect(
        "unknown-csv",
        csv,
        Some("t,torque_0\n0,10\n"),
        ":1: column `torque_0`: unknown",
        &["drive_torque_<i>"],
    );
    expect(
        "index-csv",
        csv,
        Some("t,drive_torque_x\n0,10\n"),
        ":1: column `drive_torque_x`: ",
        &["wheel index"],
    );
    // A wheel the sedan (4 wheels) lacks: found when the schedule meets the vehicle.
    expect(
        "wheel4",
        "[[schedule]]\nt = 0.0\nbrake_torque = [1, 2, 3, 4, 5]\n",
        None,
        ":5:29: schedule[0].brake_torque[4]: ",
        &["wheel 4 does not exist", "4 wheels"],
    );
    expect(
        "wheel4-csv",
        csv,
        Some("t,drive_torque_0,steer_angle_4\n0,10,\n1,10,0.1\n"),
        ":1: column `steer_angle_4`: ",
        &["wheel 4 does not exist"],
    );
    // Non-finite values, in TOML (nan, inf) and CSV.
    expect(
        "nan",
        "[[schedule]]\nt = 0.0\nthrottle = 0.2\n[[schedule]]\nt = 1.0\nthrottle = nan\n",
        None,
        ":8:1: schedule[1].throttle: must be finite",
        &["NaN"],
    );
    expect(
        "inf",
        "[[schedule]]\nt = 0.0\ndrive_torque = [0, 0, inf, 0]\n",
        None,
        ":5:23: schedule[0].drive_torque[2]: must be finite",
        &["inf"],
    );
    expect(
        "inf-csv",
        csv,
        Some("t,drive_torque_0\n0,10\n0.5,-inf\n"),
        ":3: column `drive_torque_0`: must be finite",
        &[],
    );
    expect(
        "time-csv",
        csv,
        Some("t,steer\n0,0\nNaN,0.1\n"),
        ":3: column `t`: must be finite",
        &[],
    );
    // A steer angle for a vehicle that cannot steer (the tank turns by its tracks).
    let (e, dir) = error_of(
        "tank",
        "vehicle = \"tank\"\nduration = 1.0\n[[schedule]]\nt = 0.0\nsteer_angle = 0.1\n",
        None,
    );
    let want = format!(
        "{}:5:1: schedule[0].steer_angle: ",
        dir.join("s.toml").display()
    );
    assert!(
        e.starts_with(&want) && e.contains("no steered wheel"),
        "{e}"
    );
    // Inline rows and a CSV at once.
    let (e, dir) = error_of(
        "both",
        &format!("{head}schedule_csv = \"in.csv\"\n[[schedule]]\nt = 0.0\n"),
        Some("t\n0\n"),
    );
    let want = format!("{}:3:1: schedule_csv: ", dir.join("s.toml").display());
    assert!(e.starts_with(&want) && e.contains("not both"), "{e}");
}

#[test]
fn example_per_wheel_torque_scenario_runs_through_the_binary() {
    // The committed example: equal rear torques, then all of it on the right rear wheel with
    // the front wheels straight, then the brakes. The car speeds up, turns left on the
    // torque difference alone (yaw rate > 0 while no wheel steers), and ends nearly stopped.
    let sc = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/per-wheel-torque.toml");
    let (names, rows) = parse_csv(&run_binary(&sc, &tmp_dir("example")));
    assert!(rows.iter().all(|r| r.iter().all(|v| v.is_finite())));
    let c = |n: &str| col(&names, n);
    let at = |t: f64| &rows[(t * 120.0) as usize - 1];
    assert!(at(2.0)[c("vx_mps")] > 6.0, "{}", at(2.0)[c("vx_mps")]);
    for t in [3.5, 4.5] {
        assert!(
            at(t)[c("yaw_rate_radps")] > 0.02,
            "t {t}: {}",
            at(t)[c("yaw_rate_radps")]
        );
        assert_eq!(at(t)[c("fl_steer_rad")], 0.0);
    }
    assert!(at(8.0)[c("vx_mps")] < 1.0, "{}", at(8.0)[c("vx_mps")]);
}

#[test]
fn track_channels_drive_the_tank_and_are_refused_elsewhere() {
    // PhysX tank inputs from a CSV: accelerator 1, left thrust 1, right thrust 0 with the
    // right track braked. The steering gear holds the right track at ρ = 0/1 = 0 and the
    // tank turns right about it: the yaw rate after 4 s is negative (ISO 8855, z up).
    let dir = tmp_dir("tank-tracks");
    std::fs::write(
        dir.join("in.csv"),
        "t,throttle,track_thrust_left,track_thrust_right,track_brake_right\n0,1,1,0,1\n",
    )
    .unwrap();
    let sc = dir.join("s.toml");
    std::fs::write(
        &sc,
        "vehicle = \"tank\"\nduration = 4.0\nschedule_csv = \"in.csv\"\n",
    )
    .unwrap();
    let s = Scenario::from_path(&sc).unwrap_or_else(|e| panic!("{e}"));
    let tel = s.run_schedule(s.vehicle_params().unwrap()).unwrap();
    let yaw = tel.last("yaw_rate_radps").unwrap();
    assert!(yaw < -0.1, "yaw rate {yaw} rad/s");
    // The same channel for a wheeled car, and a thrust out of range, name file, line and key.
    let (e, dir) = error_of(
        "sedan-tracks",
        "vehicle = \"sedan\"\nduration = 1.0\n[[schedule]]\nt = 0.0\ntrack_brake_left = 0.5\n",
        None,
    );
    let want = format!(
        "{}:5:1: schedule[0].track_brake_left: ",
        dir.join("s.toml").display()
    );
    assert!(e.starts_with(&want) && e.contains("no tracks"), "{e}");
    let (e, _) = error_of(
        "tank-thrust-range",
        "vehicle = \"tank\"\nduration = 1.0\n[[schedule]]\nt = 0.0\ntrack_thrust_right = 2.0\n",
        None,
    );
    assert!(
        e.contains("schedule[0].track_thrust_right") && e.contains("must be in [-1, 1]"),
        "{e}"
    );
}
