//! `run --out` and `compare --out` through the real binary write valid SVG plots and a
//! `report.html` that shows every plot (no missing images) and the KPI table.

use std::path::Path;
use std::process::Command;

const PLOTS: [&str; 8] = [
    "trajectory.svg",
    "speed.svg",
    "yaw_rate.svg",
    "steer_vs_ay.svg",
    "wheel_loads.svg",
    "wheel_slips.svg",
    "gg.svg",
    "engine.svg",
];

fn skidpad(args: &[&str], dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(args)
        .arg("--out")
        .arg(dir)
        .output()
        .expect("run skidpad");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `src="…"` values of the page's `<img>` tags.
fn img_sources(html: &str) -> Vec<String> {
    html.split("<img")
        .skip(1)
        .filter_map(|tag| {
            let rest = &tag[tag.find("src=\"")? + 5..];
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect()
}

fn check_report(dir: &Path, min_polylines: usize) {
    for p in PLOTS {
        let path = dir.join(p);
        let svg =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(svg.starts_with("<svg"), "{p}");
        assert!(svg.trim_end().ends_with("</svg>"), "{p}");
        assert!(
            svg.matches("<polyline").count() >= min_polylines,
            "{p}: too few series"
        );
        assert!(!svg.contains("NaN"), "{p}");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        !html.contains("<script") && !html.contains("<link"),
        "not self-contained"
    );
    let srcs = img_sources(&html);
    for p in PLOTS {
        assert!(srcs.iter().any(|s| s == p), "report.html lacks {p}");
    }
    for s in &srcs {
        assert!(
            !s.contains("://") && !s.starts_with('/'),
            "{s} is not relative"
        );
        assert!(dir.join(s).is_file(), "missing image {s}");
    }
    let table = &html[html.find("<table").unwrap()..html.find("</table>").unwrap()];
    assert!(table.contains("<td>vehicle_mass_kg</td>"), "{table}");
    assert!(table.contains("<td>accel_0_100_s</td>"), "{table}");
}

#[test]
fn run_writes_plots_and_report() {
    let dir = std::env::temp_dir().join(format!("skidpad-report-run-{}", std::process::id()));
    skidpad(&["run"], &dir);
    check_report(&dir, 1);
    assert!(dir.join("summary.json").is_file() && dir.join("telemetry.csv").is_file());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn compare_writes_overlaid_plots_and_report() {
    let dir = std::env::temp_dir().join(format!("skidpad-report-cmp-{}", std::process::id()));
    let stdout = skidpad(&["compare", "sedan", "hatch-fwd"], &dir);
    // Side by side on the terminal: key, A, B, B−A.
    let mass = stdout
        .lines()
        .find(|l| l.starts_with("vehicle_mass_kg"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(mass.split_whitespace().count(), 4, "{mass}");
    // Two runs overlaid: at least one series per vehicle in every plot.
    check_report(&dir, 2);
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["a"]["vehicle_mass_kg"].as_f64(), Some(1500.0));
    assert!(summary["b"]["vehicle_mass_kg"].as_f64().is_some());
    let svg = std::fs::read_to_string(dir.join("speed.svg")).unwrap();
    let (a, b) = (
        summary["a"]["vehicle"].as_str().unwrap(),
        summary["b"]["vehicle"].as_str().unwrap(),
    );
    assert!(svg.contains(a) && svg.contains(b), "series not labelled");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn compare_names_a_missing_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["compare", "sedan", "no-such-vehicle.toml"])
        .output()
        .expect("run skidpad");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no-such-vehicle.toml"), "{err}");
}
