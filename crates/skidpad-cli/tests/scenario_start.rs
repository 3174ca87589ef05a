//! `[initial]`: the vehicle starts on the ground under (`x`, `y`), heading `heading_deg`,
//! at `speed` along the heading and `yaw_rate_deg_per_s`; a start off a heightfield and
//! non-finite values are errors naming the file, the line and the key.

use skidpad_cli::scenario::Scenario;

fn scenario(text: &str) -> Scenario {
    Scenario::from_toml_str(text, "s.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn run(text: &str) -> skidpad_cli::Recorder {
    let s = scenario(text);
    s.run_schedule(s.vehicle_params().unwrap()).unwrap()
}

fn col(tel: &skidpad_cli::Recorder, n: &str) -> usize {
    tel.column(n).unwrap()
}

#[test]
fn start_at_10_minus_5_heading_90_coasts_along_plus_y() {
    // Flat ground, start (10, −5) facing +y at 5 m/s, no input, 1 s. Coasting decelerates by
    // rolling resistance and drag over the mass with the wheels' inertia:
    //   a = (C_rr·m·g + ½ρC_dA·v²) / (m + ΣI/r²) = (0.012·1500·9.81 + ½·1.225·0.30·2.2·25)
    //     / (1500 + 4·1.1/0.316²) = (176.6 + 10.1) N / 1544 kg = 0.121 m/s²,
    // so the car covers 5·1 − ½·0.121·1² = 4.94 m: it ends near (10, −0.06) with yaw π/2.
    // Tolerances: 3 cm along the run, 1 cm across it, 2 mrad of yaw (it runs straight: the
    // sedan is symmetric). `sedan-simple`: direct drive, so no engine braking in the coast.
    let tel = run(
        "vehicle = \"sedan-simple\"\nduration = 1.0\n[initial]\nx = 10.0\ny = -5.0\nheading_deg = 90.0\nspeed = 5.0\n",
    );
    let first = &tel.rows[0];
    let last = tel.rows.last().unwrap();
    let (x, y, yaw) = (
        last[col(&tel, "x_m")],
        last[col(&tel, "y_m")],
        last[col(&tel, "yaw_rad")],
    );
    println!("end ({x:.4}, {y:.4}) m, yaw {yaw:.5} rad");
    assert!((first[col(&tel, "yaw_rad")] - std::f64::consts::FRAC_PI_2).abs() < 1e-9);
    assert!((x - 10.0).abs() < 0.01, "x {x}");
    assert!((y - (-5.0 + 4.94)).abs() < 0.03, "y {y}");
    assert!(
        (yaw - std::f64::consts::FRAC_PI_2).abs() < 2e-3,
        "yaw {yaw}"
    );
    // Forward speed along the heading: 5 − 0.121 m/s.
    let vx = last[col(&tel, "vx_mps")];
    assert!((vx - (5.0 - 0.121)).abs() < 0.01, "vx {vx}");
}

#[test]
fn start_along_an_incline_is_the_same_run_shifted() {
    // A plane is the same everywhere along its slope: starting 20 m further along x on a 10 %
    // incline (2 m higher) gives the run from x = 0 shifted by (20, 0, 2) m, step by step,
    // to rounding (1 µm). Speed 3 m/s up the slope, heading 0.
    let text = |x: f64| {
        format!(
            "vehicle = \"sedan\"\nduration = 2.0\n[ground]\nkind = \"incline\"\ngrade_pct = 10.0\n[initial]\nx = {x}\nspeed = 3.0\n"
        )
    };
    let (a, b) = (run(&text(0.0)), run(&text(20.0)));
    let (cx, cz) = (col(&a, "x_m"), col(&a, "z_m"));
    for (ra, rb) in a.rows.iter().zip(&b.rows) {
        assert!(
            (rb[cx] - ra[cx] - 20.0).abs() < 1e-6,
            "{} vs {}",
            rb[cx],
            ra[cx]
        );
        assert!(
            (rb[cz] - ra[cz] - 2.0).abs() < 1e-6,
            "{} vs {}",
            rb[cz],
            ra[cz]
        );
    }
    // And it really went up the slope first (3 m/s against g·sin θ ≈ 1 m/s²).
    assert!(a.rows[60][cx] > 1.0, "{}", a.rows[60][cx]);
}

#[test]
fn initial_yaw_rate_is_set() {
    // 20 °/s = 0.349 rad/s at 10 m/s, about the path's own rate (v/R): the first sample,
    // one 1/120 s step later, still turns at that rate within 5 %.
    let tel = run(
        "vehicle = \"sedan\"\nduration = 0.1\n[initial]\nspeed = 10.0\nyaw_rate_deg_per_s = 20.0\n",
    );
    let r = tel.rows[0][col(&tel, "yaw_rate_radps")];
    assert!((r - 20f64.to_radians()).abs() < 0.05 * 0.349, "{r}");
}

#[test]
fn bad_starts_name_file_line_and_key() {
    let bad = |text: &str, head: &str, word: &str| {
        let e = Scenario::from_toml_str(text, "s.toml").unwrap_err();
        assert!(e.starts_with(head) && e.contains(word), "`{e}`");
    };
    bad(
        "vehicle = \"sedan\"\n[initial]\nheading_deg = nan\n",
        "s.toml:3:1: initial.heading_deg: ",
        "finite",
    );
    bad(
        "vehicle = \"sedan\"\n[initial]\nx = 1.0\nyaw_rate_deg_per_s = -inf\n",
        "s.toml:4:1: initial.yaw_rate_deg_per_s: ",
        "finite",
    );
    bad(
        "vehicle = \"sedan\"\n[initial]\nheading_rad = 1.0\n",
        "s.toml:3:",
        "heading_rad",
    );
    // Off the bumps grid (x ∈ [−20, 280] m, y ∈ [−15, 15] m).
    bad(
        "vehicle = \"sedan\"\n[ground]\nkind = \"bumps\"\n[initial]\ny = 20.0\n",
        "s.toml:5:1: initial.y: ",
        "(0, 20)",
    );
}
