//! `skidpad tire eval` on the reference grid of `mf_185_80R14.csv` (MFeval 4.3.1, combined
//! slip, no turn slip, no limit checks — see `crates/skidpad/tests/data/REFS_README.md`)
//! must match Fx and Fy within 0.1 % of their peak and Mz within 0.5 % of its peak at zero
//! camber (the acceptance test). With identical equations the real error is round-off;
//! the test prints it.

use std::path::PathBuf;
use std::process::Command;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../skidpad/tests/data")
        .join(name)
}

fn read(path: &std::path::Path) -> (Vec<String>, Vec<Vec<f64>>) {
    let mut r = csv::Reader::from_path(path).unwrap();
    let h = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r
        .records()
        .map(|rec| {
            rec.unwrap()
                .iter()
                .map(|v| v.parse().unwrap_or(f64::NAN))
                .collect()
        })
        .collect();
    (h, rows)
}

#[test]
fn eval_matches_the_mfeval_reference() {
    let out = std::env::temp_dir().join(format!("skidpad-tire-eval-{}.csv", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["tire", "eval"])
        .arg(data("mf_185_80R14.tir"))
        .arg("--grid")
        .arg(data("mf_185_80R14.csv"))
        .arg("--out")
        .arg(&out)
        .args(["--limits", "off"])
        .status()
        .unwrap();
    assert!(status.success());
    let (rh, reference) = read(&data("mf_185_80R14.csv"));
    let (oh, ours) = read(&out);
    assert_eq!(reference.len(), 1134);
    assert_eq!(ours.len(), reference.len());
    let col = |h: &[String], n: &str| h.iter().position(|c| c == n).unwrap();
    let peak = |name: &str, zero_camber: bool| {
        let (c, g) = (col(&rh, name), col(&rh, "gamma_rad"));
        reference
            .iter()
            .filter(|r| !zero_camber || r[g] == 0.0)
            .map(|r| r[c].abs())
            .fold(0.0, f64::max)
    };
    for (name, frac, zero_camber) in [
        ("fx_n", 0.001, false),
        ("fy_n", 0.001, false),
        ("mz_nm", 0.005, true),
    ] {
        let tol = frac * peak(name, zero_camber);
        let (cr, co, g) = (col(&rh, name), col(&oh, name), col(&rh, "gamma_rad"));
        let mut worst: f64 = 0.0;
        for (r, o) in reference.iter().zip(&ours) {
            if zero_camber && r[g] != 0.0 {
                continue;
            }
            worst = worst.max((r[cr] - o[co]).abs());
        }
        println!("{name}: max |error| = {worst:.3e} (tolerance {tol:.3})");
        assert!(worst <= tol, "{name}: {worst} > {tol}");
    }
    std::fs::remove_file(&out).ok();
}

#[test]
fn every_shipped_tir_file_plots() {
    for f in [
        "mf_185_80R14.tir",
        "Sedan_Pac02Tire.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        let dir =
            std::env::temp_dir().join(format!("skidpad-tire-plot-{}-{f}", std::process::id()));
        let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
            .args(["tire", "plot"])
            .arg(data(f))
            .arg("--out")
            .arg(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{f}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for svg in [
            "fx_kappa.svg",
            "fy_alpha.svg",
            "mz_alpha.svg",
            "friction_ellipse.svg",
        ] {
            let text = std::fs::read_to_string(dir.join(svg)).unwrap();
            assert!(
                text.starts_with("<svg") && !text.contains("NaN"),
                "{f}/{svg}"
            );
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn every_builtin_model_plots() {
    for m in ["friction-circle", "slip-curve", "brush", "simple-mf"] {
        let dir =
            std::env::temp_dir().join(format!("skidpad-tire-plot-{}-{m}", std::process::id()));
        let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
            .args(["tire", "plot", "--model", m, "--out"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{m}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(dir.join("fx_kappa.svg")).unwrap();
        assert!(text.starts_with("<svg") && !text.contains("NaN"), "{m}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn malformed_tir_file_gives_file_line_and_key() {
    let bad = std::env::temp_dir().join(format!("skidpad-bad-{}.tir", std::process::id()));
    std::fs::write(&bad, "[DIMENSION]\nUNLOADED_RADIUS = 0.3\n[VERTICAL]\nFNOMIN = 4000\n[LONGITUDINAL_COEFFICIENTS]\nPCX1 = abc\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["tire", "plot"])
        .arg(&bad)
        .args(["--out", "/tmp/skidpad-never-written"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":6:") && err.contains("PCX1"), "{err}");
    std::fs::remove_file(&bad).ok();
}

/// `tire eval` prints the `.tir` file's warnings: chrono's HMMWV file has Fx changing sign
/// with load between 50 750 and 52 500 N (1.45–1.50·FNOMIN; by hand Kxκ = 0 at 51 085 N).
/// The evaluation still runs (exit 0).
#[test]
fn eval_warns_when_a_force_changes_sign_with_load() {
    let dir = std::env::temp_dir().join(format!("skidpad-tire-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grid = dir.join("grid.csv");
    std::fs::write(&grid, "fz_n,kappa,alpha_rad,gamma_rad\n35000,0.1,0,0\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["tire", "eval"])
        .arg(data("HMMWV_Pac02Tire.tir"))
        .arg("--grid")
        .arg(&grid)
        .arg("--out")
        .arg(dir.join("out.csv"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(
            "HMMWV_Pac02Tire.tir: line 94: [LONGITUDINAL_COEFFICIENTS] Fx changes sign with load"
        ) && err.contains("between 50750 and 52500 N"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A grid value that is not a finite number or outside its column's range (a negative load,
/// 1e308 N) is an error naming the file, the line, the data row and the column (NaN `fz_n`
/// gave zeros before).
#[test]
fn bad_grid_values_name_file_row_and_column() {
    use skidpad_cli::tire_cmd::read_grid;
    let dir = std::env::temp_dir().join(format!("skidpad-grid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.csv");
    let head = "fz_n,kappa,alpha_rad,gamma_rad,pressure_pa\n4000,0,0,0,2e5\n";
    let cases = [
        (
            "NaN,0,0,0,2e5",
            "row 2, column `fz_n`: must be a load in [0, 1e7] N, got NaN",
        ),
        (
            "-100,0,0,0,2e5",
            "row 2, column `fz_n`: must be a load in [0, 1e7] N, got -100",
        ),
        (
            "4000,abc,0,0,2e5",
            "row 2, column `kappa`: not a number: \"abc\"",
        ),
        (
            "4000,0,inf,0,2e5",
            "row 2, column `alpha_rad`: must be an angle in [-π, π] rad, got inf",
        ),
        (
            "4000,0,0,2,2e5",
            "row 2, column `gamma_rad`: must be an angle in [-π/2, π/2] rad, got 2",
        ),
        (
            "4000,0,0,,2e5",
            "row 2, column `gamma_rad`: not a number: \"\"",
        ),
        (
            "4000,0,0,0,-1",
            "row 2, column `pressure_pa`: must be a pressure in [0, 1e8] Pa, got -1",
        ),
        (
            "1e308,0,0,0,2e5",
            "row 2, column `fz_n`: must be a load in [0, 1e7] N, got 1e308",
        ),
    ];
    for (row, want) in cases {
        std::fs::write(&path, format!("{head}{row}\n")).unwrap();
        let e = read_grid(&path).unwrap_err();
        assert_eq!(e, format!("{}:3: {want}", path.display()));
    }
    // CRLF line ends: the same line (the csv crate's own count is one short there).
    let crlf = format!("{head}NaN,0,0,0,2e5\n").replace('\n', "\r\n");
    std::fs::write(&path, crlf).unwrap();
    let e = read_grid(&path).unwrap_err();
    assert!(
        e.starts_with(&format!("{}:3: row 2, column `fz_n`", path.display())),
        "{e}"
    );
    // A short row, and a missing column.
    std::fs::write(&path, format!("{head}4000,0\n")).unwrap();
    let e = read_grid(&path).unwrap_err();
    assert!(
        e.starts_with(&format!("{}:3: row 2: ", path.display())),
        "{e}"
    );
    std::fs::write(&path, "fz_n,kappa,alpha_rad\n1,0,0\n").unwrap();
    let e = read_grid(&path).unwrap_err();
    assert_eq!(e, format!("{}: missing column `gamma_rad`", path.display()));
    // A good grid reads; zero load is allowed (all outputs 0).
    std::fs::write(&path, format!("{head}0,0.1,-0.05,0.01,0\n")).unwrap();
    let rows = read_grid(&path).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[1].fz_n, rows[1].kappa, rows[1].pressure_pa),
        (0.0, 0.1, Some(0.0))
    );
    // Through the CLI: exit code 1 and the same message.
    std::fs::write(&path, format!("{head}NaN,0,0,0,2e5\n")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["tire", "eval"])
        .arg(data("mf_185_80R14.tir"))
        .arg("--grid")
        .arg(&path)
        .arg("--out")
        .arg(dir.join("out.csv"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":3: row 2, column `fz_n`"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
