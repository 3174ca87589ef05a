//! Property test of the `tire eval` grid CSV reader (issue 12, item 9): headers with the
//! columns in any order, missing or extra, cells with garbage, huge, negative or non-finite
//! numbers, short and long rows, LF/CRLF line ends, files cut anywhere — either read or fail
//! with a message naming the file and a line (and the row and column for a bad value); never
//! a panic. Every grid that reads evaluates (the real `mf_185_80R14.tir`, limits on, as
//! `tire eval` by default) to finite forces and moments without the model's non-finite
//! replacement.
//!
//! CI runs 256 cases at a fixed seed. The long run:
//! `PROPTEST_CASES=100000 cargo test -p skidpad-cli --test grid_fuzz`; another seed with
//! `GRID_FUZZ_SEED=<u64>`.

use proptest::prelude::*;
use skidpad::tire::mf::{MfInput, MfTire, TirFile};
use skidpad_cli::tire_cmd::read_grid_from;

const COLUMNS: &[&str] = &[
    "fz_n",
    "kappa",
    "alpha_rad",
    "gamma_rad",
    "vx_mps",
    "pressure_pa",
    "note",
    "",
    " fz_n ",
];

const CELLS: &[&str] = &[
    "0", "1", "4000", "-0", "0.1", "-0.1", "1.5", "-1", "20", "-20", "2e5", "1e7", "1e8", "3.15",
    "-3.15", "1.58", "-100", "100", "1000", "-1000", "1e308", "-1e308", "1e-320", "NaN", "nan",
    "inf", "-inf", "infinity", "", " ", "abc", "1e999", "0x10", "1,5", "\"4\"", "\"1,2\"", "\"",
    "  7  ", "1_000", "+5", ".5", "5.", "é",
];

fn grid_text() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(0..COLUMNS.len(), 0..8),
        proptest::collection::vec(proptest::collection::vec(0..CELLS.len(), 0..9), 0..6),
        any::<bool>(),
        proptest::option::weighted(0.1, 0usize..40),
    )
        .prop_map(|(cols, rows, crlf, cut)| {
            let eol = if crlf { "\r\n" } else { "\n" };
            let mut s: String = cols
                .iter()
                .map(|&c| COLUMNS[c])
                .collect::<Vec<_>>()
                .join(",");
            s.push_str(eol);
            for row in rows {
                let cells: Vec<&str> = row.iter().map(|&c| CELLS[c]).collect();
                s.push_str(&cells.join(","));
                s.push_str(eol);
            }
            if let Some(cut) = cut {
                let mut at = s.len().saturating_sub(cut);
                while !s.is_char_boundary(at) {
                    at -= 1;
                }
                s.truncate(at);
            }
            s
        })
}

fn tire() -> &'static MfTire {
    static TIRE: std::sync::OnceLock<MfTire> = std::sync::OnceLock::new();
    TIRE.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../skidpad/tests/data/mf_185_80R14.tir"
        );
        MfTire::from(TirFile::from_path(path).unwrap().0)
    })
}

fn check(text: &str) -> Result<(), TestCaseError> {
    match read_grid_from(text.as_bytes(), "g.csv") {
        Err(e) => {
            // `g.csv: ...` (a header error) or `g.csv:LINE: ...` with LINE a line of the file.
            let rest = e.strip_prefix("g.csv");
            prop_assert!(rest.is_some(), "{}", e);
            let rest = rest.unwrap_or("");
            if rest.starts_with(": ") {
                // About the whole file (header, missing column).
            } else if let Some(r) = rest.strip_prefix(':') {
                let line: usize = r
                    .split(':')
                    .next()
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(0);
                prop_assert!(
                    line >= 2 && line <= text.lines().count(),
                    "{}\n{:?}",
                    e,
                    text
                );
                prop_assert!(r.contains("row "), "{}", e);
            } else {
                prop_assert!(false, "no file name in {}", e);
            }
        }
        Ok(rows) => {
            for r in rows {
                let o = tire().steady_state(MfInput {
                    fz: r.fz_n,
                    kappa: r.kappa,
                    alpha: r.alpha_rad,
                    gamma: r.gamma_rad,
                    vx: r.vx_mps.unwrap_or(16.7),
                    pressure: r.pressure_pa,
                });
                prop_assert!(
                    !o.clamped.output
                        && [o.fx, o.fy, o.mz, o.mx, o.my].iter().all(|v| v.is_finite()),
                    "{:?} -> {:?}",
                    r,
                    o
                );
            }
        }
    }
    Ok(())
}

fn config() -> ProptestConfig {
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<u64>().ok());
    ProptestConfig {
        cases: env("PROPTEST_CASES").map_or(256, |c| c as u32),
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(env("GRID_FUZZ_SEED").unwrap_or(0x6_71d)),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn grids_read_or_fail_with_file_line_row_and_column(text in grid_text()) {
        check(&text)?;
    }
}
