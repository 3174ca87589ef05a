//! The benchmark runs end to end on a tiny case (2 cars, a few steps) for both grounds and a
//! skidpad and a Rapier car both roll forward: drive ≈ 1000 N per rear wheel on 1500 kg gives
//! ≈ 1.3 m/s² before resistance, so after 1.5 s both go faster than 0.5 m/s and slower than
//! 2.5 m/s (the 2 g·s bound catches a car launched by its spawn).

use skidpad_bench::run::{Case, run_case};
use skidpad_bench::scenario::{Config, Terrain};
use std::sync::Mutex;

/// One run at a time: the schedule split sums the counters of the process's threads
/// (`skidpad_bench::sched`), so a test thread that ends inside another test's timed span takes
/// its counts with it and that span's run time comes out negative (seen in CI, session 37).
static ONE_RUN: Mutex<()> = Mutex::new(());

#[test]
fn tiny_runs_of_both_engines_drive_forward() {
    let _one = ONE_RUN.lock().unwrap_or_else(|e| e.into_inner());
    for terrain in [Terrain::Flat, Terrain::Heightfield] {
        let row = run_case(&Case {
            config: Config::SedanSlipRay,
            terrain,
            n: 2,
            threads: 2,
            pairs: 1,
            steps: 30,
            rapier: true,
        });
        assert_eq!(row.skidpad_faults, 0);
        for v in [row.skidpad_mean_speed, row.rapier_mean_speed] {
            assert!((0.5..2.5).contains(&v), "{terrain:?}: {row:?}");
        }
        assert!(row.ratio.is_finite() && row.ratio > 0.0);
        if let Some([run, wait, idle]) = row.skidpad_run_wait_idle {
            // Fractions of threads × wall that sum to 1. Not more: the kernel moves a running
            // thread's counters at its tick (a few ms), far longer than this run.
            assert!((run + wait + idle - 1.0).abs() < 1e-9, "{row:?}");
            assert!(run >= 0.0 && wait >= 0.0, "{row:?}");
        }
    }
}

#[test]
fn skidpad_alone_leaves_the_rapier_columns_empty() {
    let _one = ONE_RUN.lock().unwrap_or_else(|e| e.into_inner());
    let row = run_case(&Case {
        config: Config::SedanFcRay,
        terrain: Terrain::Flat,
        n: 2,
        threads: 1,
        pairs: 1,
        steps: 10,
        rapier: false,
    });
    assert_eq!(row.skidpad_faults, 0);
    assert!(row.skidpad_vehicle_steps_per_s > 0.0);
    assert!(row.ratio.is_nan() && row.rapier_mean_speed == 0.0);
}
