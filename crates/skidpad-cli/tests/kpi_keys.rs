//! One key per quantity, written once: every KPI key of [`skidpad::maneuver::kpi`] appears as a
//! string literal exactly once in the non-test sources of the core and the command line (the
//! `kpi` module itself), and the up-shift key pattern once.

use skidpad::maneuver::kpi;
use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The non-test text of every source file of both crates: each file up to its
/// `#[cfg(test)]` unit-test module.
fn non_test_sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    sources(&root.join("skidpad/src"), &mut files);
    sources(&root.join("skidpad-cli/src"), &mut files);
    assert!(files.len() > 50, "found {} files", files.len());
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let cut = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
            (p, text[..cut].to_string())
        })
        .collect()
}

#[test]
fn every_kpi_key_is_written_once() {
    let files = non_test_sources();
    let mut bad = Vec::new();
    let patterns = kpi::ALL
        .iter()
        .map(|k| format!("\"{k}\""))
        .chain(["\"shift_{from}_{to}_kmh\"".to_string()]);
    for quoted in patterns {
        let at: Vec<String> = files
            .iter()
            .flat_map(|(p, t)| {
                std::iter::repeat_n(p.display().to_string(), t.matches(quoted.as_str()).count())
            })
            .collect();
        if at.len() != 1 || !at[0].ends_with("kpi.rs") {
            bad.push(format!("{quoted}: {at:?}"));
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn keys_are_distinct_and_carry_units() {
    let mut keys = kpi::ALL.to_vec();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), kpi::ALL.len());
    assert_eq!(kpi::shift_key(1, 2), "shift_1_2_kmh");
    // Unit suffixes, or one of the documented plain numbers.
    let plain = [
        "coast_down_crr",
        "configured_crr",
        "lane_change_runs",
        "lane_change_passed",
    ];
    let units = [
        "_m",
        "_s",
        "_kmh",
        "_mps2",
        "_radps",
        "_deg",
        "_deg_per_g",
        "_per_s",
        "_pct",
        "_kg",
        "_m2",
    ];
    for k in kpi::ALL {
        assert!(
            plain.contains(&k) || units.iter().any(|u| k.ends_with(u)),
            "{k} has no unit suffix"
        );
    }
}
