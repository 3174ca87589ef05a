//! `skidpad-bench`: skidpad against Rapier's raycast vehicle in one process (issue 13).
//!
//! ```text
//! cargo run --release -p skidpad-bench                  # the full table (takes long at N = 10 000)
//! cargo run --release -p skidpad-bench -- --quick       # N = 1, 10, 100, 3 pairs
//! cargo run --release -p skidpad-bench -- --n 1000 --config sedan --terrain flat --json
//! cargo run --release -p skidpad-bench -- --wheels      # 4, 6, 8 wheels, flat
//! ```
//!
//! Prints one row per (configuration, ground, N, threads): vehicle-steps per second and µs per
//! vehicle-step for both engines, the median ratio of paired runs, allocations per step and
//! bytes per vehicle. `--json` prints the rows as a JSON array instead.

use clap::Parser;
use skidpad_bench::run::{Case, HEADER, format_row, run_case};
use skidpad_bench::scenario::{Config, TIMED_STEPS, Terrain};

#[global_allocator]
static GLOBAL: skidpad_bench::alloc::CountingAlloc = skidpad_bench::alloc::CountingAlloc;

/// skidpad vs Rapier's DynamicRayCastVehicleController, same process, paired runs.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Small N (1, 10, 100) and 3 pairs.
    #[arg(long)]
    quick: bool,
    /// Car counts (default 1, 10, 100, 1000, 10000).
    #[arg(long, value_delimiter = ',')]
    n: Vec<usize>,
    /// skidpad configurations (default: the issue's four and the friction-circle ray car).
    #[arg(long, value_enum, value_delimiter = ',')]
    config: Vec<Config>,
    /// Grounds (default both).
    #[arg(long, value_enum, value_delimiter = ',')]
    terrain: Vec<Terrain>,
    /// skidpad thread counts (default 1, 2).
    #[arg(long, value_delimiter = ',')]
    threads: Vec<usize>,
    /// Paired runs per row (default 5, 3 with --quick).
    #[arg(long)]
    pairs: Option<usize>,
    /// Timed steps per run.
    #[arg(long, default_value_t = TIMED_STEPS)]
    steps: usize,
    /// The wheel-count rows: slip-curve, ray cast, 1 substep with 4, 6 and 8 wheels.
    #[arg(long)]
    wheels: bool,
    /// skidpad alone, no Rapier runs (thread-scaling measurements; the Rapier columns are NaN).
    #[arg(long)]
    no_rapier: bool,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
}

fn or<T: Clone>(v: Vec<T>, d: &[T]) -> Vec<T> {
    if v.is_empty() { d.to_vec() } else { v }
}

fn main() {
    let a = Args::parse();
    let ns = or(
        a.n,
        if a.quick {
            &[1, 10, 100]
        } else {
            &[1, 10, 100, 1000, 10_000]
        },
    );
    let configs = or(
        a.config,
        if a.wheels {
            &Config::WHEELS
        } else {
            &Config::TABLE
        },
    );
    let terrains = or(
        a.terrain,
        if a.wheels {
            &[Terrain::Flat]
        } else {
            &[Terrain::Flat, Terrain::Heightfield]
        },
    );
    let threads = or(a.threads, &[1, 2]);
    let pairs = a.pairs.unwrap_or(if a.quick { 3 } else { 5 });
    if !a.json {
        println!("{HEADER}");
    }
    let mut rows = Vec::new();
    for &terrain in &terrains {
        for &config in &configs {
            for &n in &ns {
                for &t in &threads {
                    let row = run_case(&Case {
                        config,
                        terrain,
                        n,
                        threads: t,
                        pairs,
                        steps: a.steps,
                        rapier: !a.no_rapier,
                    });
                    if !a.json {
                        println!("{}", format_row(&row));
                    }
                    rows.push(row);
                }
            }
        }
    }
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).expect("rows serialise")
        );
    }
}
