//! Timing: paired runs of both engines, the median of the ratios, the table and JSON.

use crate::alloc;
use crate::rapier_car::RapierWorld;
use crate::scenario::{Config, SkidpadWorld, Terrain, WARMUP_STEPS};
use crate::sched;
use serde::Serialize;
use std::time::Instant;

/// What to run for one row.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// The skidpad configuration.
    pub config: Config,
    /// The ground.
    pub terrain: Terrain,
    /// Cars per world.
    pub n: usize,
    /// Threads for skidpad: 1 = `World::step`, more = `World::step_parallel` on a pool of
    /// that many threads. Rapier always runs its serial pipeline.
    pub threads: usize,
    /// Paired runs (the ratio is their median).
    pub pairs: usize,
    /// Timed steps per run.
    pub steps: usize,
    /// Run Rapier beside skidpad (`false`: skidpad alone, the Rapier fields are NaN; for
    /// thread-scaling runs, which compare skidpad with itself).
    pub rapier: bool,
}

/// One engine's run.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Sample {
    /// Wall time of the timed steps. Unit: s.
    pub seconds: f64,
    /// Heap allocations during the timed steps, all threads, per step.
    pub allocations_per_step: f64,
    /// Mean forward speed at the end. Unit: m/s.
    pub mean_speed: f64,
    /// skidpad: the world's determinism hash at the end (`World::state_hash`); Rapier: 0.
    pub hash: u64,
    /// skidpad: where its threads spent the timed steps ([`sched`]); Rapier: `None`.
    pub sched: Option<sched::Split>,
}

/// One table row: medians over the pairs.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Configuration key.
    pub config: &'static str,
    /// Ground key.
    pub terrain: &'static str,
    /// Cars.
    pub n: usize,
    /// skidpad threads.
    pub threads: usize,
    /// Wheels per skidpad car.
    pub wheels: usize,
    /// Pairs run.
    pub pairs: usize,
    /// Timed steps per run.
    pub steps: usize,
    /// skidpad vehicle-steps per second (median).
    pub skidpad_vehicle_steps_per_s: f64,
    /// Rapier vehicle-steps per second (median).
    pub rapier_vehicle_steps_per_s: f64,
    /// skidpad µs per vehicle-step (median).
    pub skidpad_us_per_vehicle_step: f64,
    /// skidpad CPU µs per vehicle-step, all threads (median; [`sched`]): equal at 1 and 2
    /// threads when parallel stepping adds no work.
    pub skidpad_cpu_us_per_vehicle_step: Option<f64>,
    /// skidpad's threads × wall split into run, run-queue wait and asleep (medians of the
    /// fractions; [`sched`]).
    pub skidpad_run_wait_idle: Option<[f64; 3]>,
    /// Rapier µs per vehicle-step (median).
    pub rapier_us_per_vehicle_step: f64,
    /// Median over pairs of (Rapier time / skidpad time): > 1 means skidpad is faster.
    pub ratio: f64,
    /// Smallest and largest ratio over the pairs.
    pub ratio_range: [f64; 2],
    /// skidpad heap allocations per step (whole world, all threads; `null` without the
    /// counting allocator).
    pub skidpad_allocations_per_step: Option<f64>,
    /// Rapier heap allocations per step (whole world).
    pub rapier_allocations_per_step: Option<f64>,
    /// `size_of::<skidpad::Vehicle>()`. Unit: B.
    pub skidpad_vehicle_size: usize,
    /// skidpad heap and inline bytes per car (world with n cars minus the empty world, / n).
    pub skidpad_bytes_per_vehicle: Option<f64>,
    /// Rapier bytes per car, measured the same way.
    pub rapier_bytes_per_vehicle: Option<f64>,
    /// Mean forward speed of the skidpad cars at the end. Unit: m/s.
    pub skidpad_mean_speed: f64,
    /// Mean forward speed of the Rapier cars at the end. Unit: m/s.
    pub rapier_mean_speed: f64,
    /// skidpad cars stopped by a step fault (should be 0).
    pub skidpad_faults: usize,
    /// The skidpad world's determinism hash after the last run (hex): equal before and after
    /// an optimisation that keeps results bit-identical.
    pub skidpad_hash: String,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// Time `steps` calls of `step`: wall seconds, allocations, and the threads' schedule over
/// them (read outside the counted span: reading `/proc` allocates).
fn time_steps(
    steps: usize,
    threads: usize,
    mut step: impl FnMut(),
) -> (f64, u64, Option<sched::Split>) {
    let c0 = sched::read();
    let a0 = alloc::allocations();
    let t0 = Instant::now();
    for _ in 0..steps {
        step();
    }
    let s = t0.elapsed().as_secs_f64();
    let allocs = alloc::allocations() - a0;
    let split = c0
        .zip(sched::read())
        .map(|(c0, c1)| sched::Split::between(c0, c1, s, threads));
    (s, allocs, split)
}

/// Build, warm up and time skidpad once. Returns the sample and the fault count.
pub fn run_skidpad(case: &Case, pool: &rayon::ThreadPool) -> (Sample, usize) {
    let mut w = SkidpadWorld::new(case.config, case.terrain, case.n);
    let parallel = case.threads > 1;
    pool.install(|| {
        for _ in 0..WARMUP_STEPS {
            w.step(parallel);
        }
        let (seconds, allocs, sched) = time_steps(case.steps, case.threads, || w.step(parallel));
        (
            Sample {
                seconds,
                allocations_per_step: allocs as f64 / case.steps as f64,
                mean_speed: w.mean_speed(),
                hash: w.state_hash(),
                sched,
            },
            w.faults(),
        )
    })
}

/// Build, warm up and time Rapier once.
pub fn run_rapier(case: &Case) -> Sample {
    let mut w = RapierWorld::new(case.terrain, case.n);
    for _ in 0..WARMUP_STEPS {
        w.step();
    }
    let (seconds, allocs, _) = time_steps(case.steps, 1, || w.step());
    Sample {
        seconds,
        allocations_per_step: allocs as f64 / case.steps as f64,
        mean_speed: w.mean_speed(),
        hash: 0,
        sched: None,
    }
}

/// Live heap bytes a world of `n` cars holds beyond an empty one, per car, or `None` without
/// the counting allocator.
fn bytes_per_vehicle<W>(n: usize, build: impl Fn(usize) -> W) -> Option<f64> {
    if !alloc::installed() || n == 0 {
        return None;
    }
    let b0 = alloc::live_bytes();
    let empty = build(0);
    let b1 = alloc::live_bytes();
    drop(empty);
    let b2 = alloc::live_bytes();
    let full = build(n);
    let b3 = alloc::live_bytes();
    drop(full);
    Some(((b3 - b2) - (b1 - b0)) as f64 / n as f64)
}

/// Run `case`'s pairs (skidpad first in even pairs, Rapier first in odd ones; skidpad alone
/// without `case.rapier`) and summarise.
pub fn run_case(case: &Case) -> Row {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(case.threads)
        .build()
        .expect("thread pool");
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let mut faults = 0;
    for k in 0..case.pairs.max(1) {
        if !case.rapier {
            let (s, f) = run_skidpad(case, &pool);
            ours.push(s);
            faults = faults.max(f);
        } else if k % 2 == 0 {
            let (s, f) = run_skidpad(case, &pool);
            ours.push(s);
            faults = faults.max(f);
            theirs.push(run_rapier(case));
        } else {
            theirs.push(run_rapier(case));
            let (s, f) = run_skidpad(case, &pool);
            ours.push(s);
            faults = faults.max(f);
        }
    }
    let vs = (case.n * case.steps) as f64;
    let ratios: Vec<f64> = ours
        .iter()
        .zip(&theirs)
        .map(|(o, t)| t.seconds / o.seconds)
        .collect();
    let t_ours = median(ours.iter().map(|s| s.seconds).collect());
    let t_theirs = median(theirs.iter().map(|s| s.seconds).collect());
    let counted = alloc::installed();
    let n = case.n;
    let (config, terrain) = (case.config, case.terrain);
    Row {
        config: config.key(),
        terrain: terrain.key(),
        n,
        threads: case.threads,
        wheels: config.params().wheels.len(),
        pairs: ours.len(),
        steps: case.steps,
        skidpad_vehicle_steps_per_s: vs / t_ours,
        rapier_vehicle_steps_per_s: vs / t_theirs,
        skidpad_us_per_vehicle_step: t_ours / vs * 1e6,
        rapier_us_per_vehicle_step: t_theirs / vs * 1e6,
        skidpad_cpu_us_per_vehicle_step: sched_median(&ours, |s| s.run_seconds / vs * 1e6),
        skidpad_run_wait_idle: sched_median(&ours, |s| s.run).and_then(|run| {
            Some([
                run,
                sched_median(&ours, |s| s.wait)?,
                sched_median(&ours, |s| s.idle)?,
            ])
        }),
        ratio: median(ratios.clone()),
        ratio_range: if ratios.is_empty() {
            [f64::NAN; 2]
        } else {
            [
                ratios.iter().copied().fold(f64::INFINITY, f64::min),
                ratios.iter().copied().fold(0.0, f64::max),
            ]
        },
        skidpad_allocations_per_step: counted
            .then(|| median(ours.iter().map(|s| s.allocations_per_step).collect())),
        rapier_allocations_per_step: (counted && case.rapier)
            .then(|| median(theirs.iter().map(|s| s.allocations_per_step).collect())),
        skidpad_vehicle_size: std::mem::size_of::<skidpad::Vehicle>(),
        skidpad_bytes_per_vehicle: bytes_per_vehicle(n.min(1000), |n| {
            SkidpadWorld::new(config, terrain, n)
        }),
        rapier_bytes_per_vehicle: if case.rapier {
            bytes_per_vehicle(n.min(1000), |n| RapierWorld::new(terrain, n))
        } else {
            None
        },
        skidpad_mean_speed: ours.last().map_or(0.0, |s| s.mean_speed),
        rapier_mean_speed: theirs.last().map_or(0.0, |s| s.mean_speed),
        skidpad_faults: faults,
        skidpad_hash: format!("{:016x}", ours.last().map_or(0, |s| s.hash)),
    }
}

/// The median of `f` over the samples' schedules, `None` if any sample has none.
fn sched_median(samples: &[Sample], f: impl Fn(&sched::Split) -> f64) -> Option<f64> {
    let v: Option<Vec<f64>> = samples.iter().map(|s| s.sched.as_ref().map(&f)).collect();
    v.filter(|v| !v.is_empty()).map(median)
}

/// The table header.
pub const HEADER: &str = "config                  terrain      n      thr  skidpad vs/s  µs/veh·step  rapier vs/s  µs/veh·step  ratio (min–max)      allocs/step s|r   B/vehicle s|r    speed s|r m/s  skidpad hash      cpu µs/vs  run|wait|idle %";

/// One row as a table line.
pub fn format_row(r: &Row) -> String {
    let opt = |x: Option<f64>| x.map_or("n/a".to_string(), |v| format!("{v:.0}"));
    let split = r
        .skidpad_run_wait_idle
        .map_or("n/a".to_string(), |[a, b, c]| {
            format!("{:.0}|{:.0}|{:.0}", a * 100.0, b * 100.0, c * 100.0)
        });
    format!(
        "{:<23} {:<12} {:<6} {:<4} {:>12.0} {:>12.2} {:>12.0} {:>12.2} {:>6.2}× ({:.2}–{:.2})  {:>5}|{:<6} {:>7}|{:<7} {:>5.1}|{:<5.1}  {}  {:>8}  {}",
        r.config,
        r.terrain,
        r.n,
        r.threads,
        r.skidpad_vehicle_steps_per_s,
        r.skidpad_us_per_vehicle_step,
        r.rapier_vehicle_steps_per_s,
        r.rapier_us_per_vehicle_step,
        r.ratio,
        r.ratio_range[0],
        r.ratio_range[1],
        opt(r.skidpad_allocations_per_step),
        opt(r.rapier_allocations_per_step),
        opt(r.skidpad_bytes_per_vehicle),
        opt(r.rapier_bytes_per_vehicle),
        r.skidpad_mean_speed,
        r.rapier_mean_speed,
        r.skidpad_hash,
        r.skidpad_cpu_us_per_vehicle_step
            .map_or("n/a".to_string(), |c| format!("{c:.2}")),
        split,
    )
}
