//! Scenario ground kind `function`: a heightfield sampled from an expression in x and y. A 5 %
//! ramp written as a function is the 5 % incline (same heights, same runs); bad expressions,
//! grids and keys are errors naming the file, the line and the key.

use skidpad::DVec3;
use skidpad::ground::Ground;
use skidpad_cli::scenario::Scenario;
use std::path::Path;
use std::process::Command;

fn scenario(text: &str) -> Scenario {
    Scenario::from_toml_str(text, "f.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn run(text: &str) -> skidpad_cli::Recorder {
    let s = scenario(text);
    s.run_schedule(s.vehicle_params().unwrap()).unwrap()
}

fn col(tel: &skidpad_cli::Recorder, n: &str) -> usize {
    tel.column(n).unwrap()
}

const RAMP: &str = "kind = \"function\"\nheight = \"0.05 * x\"\n";
const INCLINE: &str = "kind = \"incline\"\ngrade_pct = 5.0\n";

fn on(ground: &str, rest: &str) -> String {
    format!("vehicle = \"sedan\"\nduration = 2.0\n[ground]\n{ground}[initial]\nx = 10.0\n{rest}")
}

#[test]
fn ramp_function_has_the_heights_of_its_formula() {
    // z = 0.05·x on the default grid (x ∈ [−20, 280] m, y ∈ [−15, 15] m): exact between the
    // samples too (a plane is linear), and nothing beyond the grid.
    let g = scenario(&on(RAMP, "")).ground().unwrap();
    let h = |x: f64, y: f64| {
        g.cast_ray(DVec3::new(x, y, 100.0), -DVec3::Z, 200.0)
            .map(|h| h.point.z)
    };
    for (x, y) in [
        (-20.0, -15.0),
        (0.0, 0.0),
        (10.0, 0.3),
        (123.4, -7.77),
        (280.0, 15.0),
    ] {
        let z = h(x, y).unwrap();
        assert!((z - 0.05 * x).abs() < 1e-9, "({x}, {y}): {z}");
    }
    assert!(h(280.1, 0.0).is_none() && h(0.0, -15.1).is_none());
}

#[test]
fn parked_car_sits_on_the_ramp_at_its_height() {
    // Placed at x = 10 with the brake on, the sedan stays put on the 5 % ramp, its body at
    // 0.05·10 = 0.5 m plus its ride height: the height it settles at on flat ground, h,
    // measured along the ramp's normal, so h/cos θ vertically (cos θ = 0.99875: +0.4 mm).
    // Tolerance 2 mm (the height over the ramp) and 3 mm (z, which also moves 5 % of the
    // settling's few cm along x).
    let brake = "[[schedule]]\nt = 0.0\nbrake = 1.0\n";
    let tel = run(&on(RAMP, brake));
    let flat = run(&on("kind = \"flat\"\n", brake));
    let (cx, cz) = (col(&tel, "x_m"), col(&tel, "z_m"));
    let last = tel.rows.last().unwrap();
    let ride = flat.rows.last().unwrap()[cz];
    let cos = 1.0 / (1.0f64 + 0.05 * 0.05).sqrt();
    let above = last[cz] - 0.05 * last[cx];
    println!(
        "ride height: flat {ride:.5} m, on the ramp {above:.5} m (x {:.4})",
        last[cx]
    );
    // It stays put once settled (the first moments' settling on the slope, as the tires take
    // up the downhill force, moves it by under 3 cm).
    let x1 = tel.rows[119][cx];
    println!("x at 1 s {x1:.5} m, at 2 s {:.5} m", last[cx]);
    assert!((last[cx] - 10.0).abs() < 0.03, "rolled to x = {}", last[cx]);
    assert!((last[cx] - x1).abs() < 1e-3, "creeps: {x1} → {}", last[cx]);
    assert!(
        (above - ride / cos).abs() < 2e-3,
        "{above} vs {}",
        ride / cos
    );
    assert!((last[cz] - (0.5 + ride)).abs() < 3e-3, "z {}", last[cz]);
}

#[test]
fn ramp_function_rolls_like_the_incline() {
    // In neutral (no input) the car rolls back down: on the sampled ramp exactly as on the
    // analytic 5 % incline, step by step within 0.1 mm in x, y and z over 2 s (a linear
    // function's triangles are the plane itself, so this is rounding; the rolling
    // itself: g·sin θ·m/(m + ΣI/r²) − C_rr·g·cos θ ≈ 0.47 − 0.12 = 0.35 m/s², 0.7 m in 2 s).
    let a = run(&on(RAMP, ""));
    let b = run(&on(INCLINE, ""));
    let mut worst = 0.0_f64;
    for (ra, rb) in a.rows.iter().zip(&b.rows) {
        for c in ["x_m", "y_m", "z_m"] {
            worst = worst.max((ra[col(&a, c)] - rb[col(&b, c)]).abs());
        }
    }
    let moved = 10.0 - a.rows.last().unwrap()[col(&a, "x_m")];
    println!("rolled back {moved:.3} m; largest difference {worst:.2e} m");
    assert!(worst < 1e-4, "{worst}");
    assert!(moved > 0.5 && moved < 0.9, "{moved}");
}

#[test]
fn bad_functions_name_file_line_and_key() {
    let bad = |ground: &str, line: usize, key: &str, words: &[&str]| {
        let text = format!("vehicle = \"sedan\"\n[ground]\n{ground}");
        let e = Scenario::from_toml_str(&text, "f.toml").unwrap_err();
        let head = format!("f.toml:{line}:1: ground.{key}: ");
        assert!(e.starts_with(&head), "expected `{head}…`, got `{e}`");
        for w in words {
            assert!(e.contains(w), "`{e}` lacks `{w}`");
        }
    };
    let f = "kind = \"function\"\n";
    // Line 3 is `kind`, 4 the next key.
    bad(
        &format!("{f}height = \"0.3 * sin(x\"\n"),
        4,
        "height",
        &["sin(x"],
    );
    bad(
        &format!("{f}height = \"2 * z\"\n"),
        4,
        "height",
        &["unknown variable `z`", "x and y"],
    );
    bad(
        &format!("{f}height = \"1 / x\"\n"),
        4,
        "height",
        &["inf", "(0, "],
    );
    bad(
        &format!("{f}height = \"sqrt(y)\"\n"),
        4,
        "height",
        &["NaN", "finite"],
    );
    bad(f, 3, "height", &["required"]);
    bad(
        &format!("{f}height = \"x\"\ncell_size = 0.001\n"),
        5,
        "cell_size",
        &["samples", "4000000"],
    );
    bad(
        &format!("{f}height = \"x\"\ncell_size = 0.0\n"),
        5,
        "cell_size",
        &["> 0"],
    );
    bad(
        &format!("{f}height = \"x\"\nx_max = -30.0\n"),
        5,
        "x_max",
        &["x_min = -20"],
    );
    bad(
        &format!("{f}height = \"x\"\ny_min = nan\n"),
        5,
        "y_min",
        &["finite"],
    );
    // The start (0, 0) must be on the grid; here the grid starts at x = 5.
    bad(
        &format!("{f}height = \"x\"\nx_min = 5.0\n"),
        5,
        "x_min",
        &["(0, 0)", "x ∈ [5, 280]"],
    );
    // Keys of other kinds, and this kind's keys on others.
    bad(
        &format!("{f}height = \"x\"\namplitude = 0.1\n"),
        5,
        "amplitude",
        &["not used with kind = \"function\""],
    );
    bad(
        &format!("{f}height = \"x\"\npng = \"a.png\"\n"),
        5,
        "png",
        &["only used with kind = \"heightfield\""],
    );
    bad(
        "kind = \"bumps\"\nheight = \"x\"\n",
        4,
        "height",
        &["only used with kind = \"function\""],
    );
    bad(
        "cell_size = 1.0\n",
        3,
        "cell_size",
        &["only used with kind = \"function\""],
    );
}

#[test]
fn example_function_scenario_runs_through_the_binary() {
    // The committed example: the sedan drives over ±0.3 m waves. The binary succeeds, every
    // number is finite, the car moved on, stayed on the grid, and its height followed the
    // waves.
    let sc = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/function.toml");
    let out = std::env::temp_dir().join(format!("skidpad-fn-{}", std::process::id()));
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .arg("run")
        .arg(&sc)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(out.join("telemetry.csv")).unwrap();
    let mut lines = text.lines();
    let names: Vec<&str> = lines.next().unwrap().split(',').collect();
    let c = |n: &str| names.iter().position(|x| *x == n).unwrap();
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert!(rows.iter().all(|r| r.iter().all(|v| v.is_finite())));
    let last = rows.last().unwrap();
    assert!(last[c("x_m")] > 40.0, "x {}", last[c("x_m")]);
    let (lo, hi) = rows
        .iter()
        .map(|r| r[c("z_m")])
        .fold((f64::MAX, f64::MIN), |(a, b), z| (a.min(z), b.max(z)));
    assert!(hi - lo > 0.3, "z range {lo}..{hi}");
    for r in &rows {
        assert!(r[c("x_m")] < 280.0 && r[c("y_m")].abs() < 15.0);
    }
}

#[test]
fn numbers_may_have_exponents() {
    // `1e-2 * x + 2.5E-1` is `0.01 * x + 0.25`: at x = 10 m the ground is 0.35 m high, at
    // every sample the same as the decimal spelling.
    let height = |expr: &str, x: f64| {
        let s = scenario(&format!(
            "vehicle = \"sedan\"\n[ground]\nkind = \"function\"\nheight = \"{expr}\"\n"
        ));
        s.ground.surface_under(x, 0.0).unwrap().unwrap().0
    };
    for x in [-10.0, 0.0, 10.0, 123.4] {
        let (a, b) = (height("1e-2 * x + 2.5E-1", x), height("0.01 * x + 0.25", x));
        assert_eq!(a, b, "x = {x}");
    }
    assert!((height("1e-2 * x + 2.5E-1", 10.0) - 0.35).abs() < 1e-12);
}
