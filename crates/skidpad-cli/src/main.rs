//! `skidpad` — drive vehicles through test manoeuvres and report.
//!
//! | command | what it does |
//! |---|---|
//! | `skidpad run` | the built-in sedan on flat ground: settle, 0–100 km/h, 100–0 km/h; prints a KPI table |
//! | `skidpad run --out DIR` | also writes `DIR/summary.json` and `DIR/telemetry.csv` |

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "skidpad", version, about = "Vehicle dynamics test manoeuvres")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the default job: the built-in sedan settles, accelerates 0–100 km/h and brakes to a stop.
    Run {
        /// Write summary.json and telemetry.csv into this directory.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run { out } => match skidpad_cli::run_default(skidpad::presets::sedan()) {
            Ok((summary, tel)) => {
                print!("{}", skidpad_cli::format_table(&summary));
                if let Some(dir) = out {
                    if let Err(e) = skidpad_cli::write_outputs(&dir, &summary, &tel) {
                        eprintln!("error: {e}");
                        return ExitCode::FAILURE;
                    }
                    println!("wrote {}", dir.display());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
