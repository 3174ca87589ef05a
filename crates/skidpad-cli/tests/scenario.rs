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
        "t,throttle,brake,steer\n0,0.8,0,0\n2,0.8,0,0.3\n3,0,1,0\n",
    )
    .unwrap();
    let sc = tmp("hill.toml");
    std::fs::write(
        &sc,
        "vehicle = \"sedan\"\nduration = 5.0\n[ground]\nkind = \"incline\"\ngrade_pct = 10.0\n[initial]\nspeed = 2.0\nschedule_csv = \"inputs.csv\"\n",
    )
    .unwrap();
    // `schedule_csv` sits in [initial] above by mistake: an unknown key there must be an error
    // naming its line (8).
    let e = Scenario::from_path(&sc).unwrap_err();
    assert!(e.contains(":8:") && e.contains("schedule_csv"), "{e}");
    std::fs::write(
        &sc,
        "vehicle = \"sedan\"\nduration = 5.0\nschedule_csv = \"inputs.csv\"\n[ground]\nkind = \"incline\"\ngrade_pct = 10.0\n[initial]\nspeed = 2.0\n",
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
    let e = Scenario::from_toml_str("vehicle = \"sedan\"\ndt = 0.5\n", "a.toml").unwrap_err();
    assert_eq!(e, "a.toml:2:1: dt: must be in (0, 0.1]");
    let e = Scenario::from_toml_str("vehicle = \"sedan\"\nduration = \"long\"\n", "b.toml")
        .unwrap_err();
    assert!(e.starts_with("b.toml:2:"), "{e}");
    let e = Scenario::from_toml_str("vehicle = \"sedan\"\nmaneuver = \"slalom\"\n", "c.toml")
        .unwrap_err();
    assert!(
        e.starts_with("c.toml:2:") && e.contains(": maneuver: "),
        "{e}"
    );
    let e = Scenario::from_toml_str(
        "vehicle = \"sedan\"\n[[schedule]]\nt = 1.0\n[[schedule]]\nt = 0.5\n",
        "d.toml",
    )
    .unwrap_err();
    assert!(e.contains("t") && e.contains("increase"), "{e}");
    let csv = tmp("bad.csv");
    std::fs::write(&csv, "t,throttle\n0,0.5\n1,lots\n").unwrap();
    let e = skidpad_cli::scenario::read_schedule_csv(&csv).unwrap_err();
    assert!(e.contains(":3:") && e.contains("throttle"), "{e}");
}

#[test]
fn surface_patches_split_mu_braking_yaws_to_the_grippy_side() {
    // Ice (surface 5) under the left wheels (y ≥ 0), tarmac under the right: braking from
    // 15 m/s pulls the car right (negative yaw), and it stops later than on tarmac alone.
    // Half pedal (1250/400 N·m) keeps the tarmac wheels rolling: full pedal locks them and the
    // car, without ABS, spins.
    let text = "vehicle = \"sedan\"\nduration = 2.0\n[ground]\n[[ground.patches]]\nx_min = -10.0\nx_max = 200.0\ny_min = 0.0\ny_max = 10.0\nsurface = 5\n[initial]\nspeed = 15.0\n[[schedule]]\nt = 0.0\nbrake = 0.5\n";
    let s = Scenario::from_toml_str(text, "split.toml").unwrap();
    let tel = s.run_schedule(s.vehicle_params().unwrap()).unwrap();
    let col = |n: &str| tel.column(n).unwrap();
    let last = tel.rows.last().unwrap();
    assert!(last[col("yaw_rad")] < -0.02, "yaw {}", last[col("yaw_rad")]);
    let plain =
        Scenario::from_toml_str(&text.replace("surface = 5", "surface = 0"), "plain.toml").unwrap();
    let tel0 = plain.run_schedule(plain.vehicle_params().unwrap()).unwrap();
    let x_split = last[col("x_m")];
    let x_plain = tel0.rows.last().unwrap()[col("x_m")];
    assert!(
        x_split > x_plain + 0.5,
        "split {x_split} vs plain {x_plain}"
    );
    let e = Scenario::from_toml_str(
        "vehicle = \"sedan\"\n[ground]\n[[ground.patches]]\nx_min = 1.0\nx_max = 0.0\ny_min = 0.0\ny_max = 1.0\nsurface = 5\n",
        "p.toml",
    )
    .unwrap_err();
    assert!(e.starts_with("p.toml:3:1: ground.patches[0]: "), "{e}");
}

#[test]
fn bumps_heightfield_ground_shakes_the_car() {
    // Driving straight at 10 m/s over 5 cm bumps of 8 m wavelength: the wheels' jounce varies
    // by several cm (on flat ground it stays within a millimetre), and nothing goes non-finite.
    let run = |kind: &str| {
        let text = format!(
            "vehicle = \"sedan\"\nduration = 4.0\n[ground]\nkind = \"{kind}\"\namplitude = 0.05\nwavelength = 8.0\n[initial]\nspeed = 10.0\n[[schedule]]\nt = 0.0\nthrottle = 0.1\n"
        );
        let s = Scenario::from_toml_str(&text, "bumps.toml").unwrap();
        let tel = s.run_schedule(s.vehicle_params().unwrap()).unwrap();
        let c = tel.column("fl_jounce_m").unwrap();
        let (lo, hi) = tel.rows[60..]
            .iter()
            .map(|r| r[c])
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                (a.min(v), b.max(v))
            });
        assert!(tel.rows.iter().all(|r| r.iter().all(|v| v.is_finite())));
        hi - lo
    };
    let bumpy = run("bumps");
    let flat = run("flat");
    println!("jounce range: bumps {bumpy:.4} m, flat {flat:.4} m");
    assert!(bumpy > 0.03, "{bumpy}");
    assert!(flat < 0.005, "{flat}");
    let e = Scenario::from_toml_str(
        "vehicle = \"sedan\"\n[ground]\nkind = \"bumps\"\namplitude = 2.0\n",
        "b.toml",
    )
    .unwrap_err();
    assert!(e.starts_with("b.toml:4:1: ground.amplitude: "), "{e}");
}
