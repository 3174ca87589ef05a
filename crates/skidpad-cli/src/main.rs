//! `skidpad` — drive vehicles through test manoeuvres and report.
//!
//! | command | what it does |
//! |---|---|
//! | `skidpad run` | the built-in sedan on flat ground: settle, 0–100 km/h, 100–0 km/h; prints a KPI table |
//! | `skidpad run --out DIR` | also writes `DIR/summary.json`, `DIR/telemetry.csv`, `DIR/events.csv`, SVG plots and `DIR/report.html` |
//! | `skidpad run --vehicle NAME\|FILE.toml --suite standard` | the same on any vehicle |
//! | `skidpad run SCENARIO.toml [--out DIR]` | a scenario file: vehicle, ground (flat, incline, bumps, PNG or function heightfield, surface patches), initial state, a named manoeuvre with parameters or a pedal or per-wheel input schedule ([`skidpad_cli::scenario`]) |
//! | `skidpad compare A B [--out DIR]` | the same job on two vehicles (names or `.toml` files): KPIs side by side; overlaid plots and `report.html` |
//! | `skidpad tire eval FILE.tir --grid IN.csv --out OUT.csv [--limits on\|off]` | steady-state Magic Formula forces on a grid |
//! | `skidpad tire plot FILE.tir --out DIR` | Fx–κ, Fy–α, Mz–α and friction-ellipse SVGs (or `--model friction-circle\|slip-curve\|brush\|simple-mf`) |

use clap::{Parser, Subcommand, ValueEnum};
use skidpad::tire::interface::{SteadyForces, TireModel};
use skidpad::tire::mf::{MfInput, MfOptions, MfTire, TirFile};
use skidpad::tire::{BrushParams, FrictionCircleParams, SimpleMagicParams, SlipCurveParams};
use skidpad_cli::{report, tire_cmd};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `println!` that ignores a closed stdout (`skidpad run | head`): output is a courtesy, the
/// files are the product.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

/// `print!` that ignores a closed stdout.
macro_rules! say_raw {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($t)*);
    }};
}

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
        /// A scenario file (vehicle, ground, initial state, manoeuvre or input schedule);
        /// without one, the standard job on `--vehicle`.
        scenario: Option<PathBuf>,
        /// Write summary.json, telemetry.csv, events.csv, SVG plots and report.html into this directory.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The vehicle: a built-in name (sedan, hatch-fwd, sports-rwd, rally-4wd, truck-6x6,
        /// truck-8x8, kart, tank) or a path to a vehicle `.toml` file. Default: sedan.
        #[arg(long, default_value = "sedan")]
        vehicle: String,
        /// The manoeuvre suite to run (only `standard` exists).
        #[arg(long, value_enum, default_value = "standard")]
        suite: Suite,
    },
    /// Run the default job on two vehicles and show their KPIs side by side (key, A, B, B−A).
    Compare {
        /// Vehicle A: a built-in name or a path to a vehicle `.toml` file.
        a: String,
        /// Vehicle B: a built-in name or a path to a vehicle `.toml` file.
        b: String,
        /// Write summary.json (both), overlaid SVG plots and report.html into this directory.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Tire tools: evaluate a .tir file on a grid, plot characteristic curves.
    Tire {
        #[command(subcommand)]
        command: TireCommand,
    },
}

#[derive(Subcommand)]
enum TireCommand {
    /// Evaluate a Magic Formula .tir file on a grid (columns fz_n,kappa,alpha_rad,gamma_rad
    /// and optionally vx_mps,pressure_pa); writes the inputs plus fx_n,fy_n,mz_nm,mx_nm,my_nm
    /// (steady state, combined slip, ISO-W axes).
    Eval {
        /// The .tir file.
        file: PathBuf,
        /// Input grid CSV.
        #[arg(long)]
        grid: PathBuf,
        /// Output CSV.
        #[arg(long)]
        out: PathBuf,
        /// `on` applies the file's validity ranges and E ≤ 1 as the simulation does; `off`
        /// evaluates the raw equations (MFeval's "ignore limit checks").
        #[arg(long, value_enum, default_value = "on")]
        limits: OnOff,
    },
    /// Draw Fx–κ, Fy–α, Mz–α at 0.5/1/1.5× nominal load and a friction ellipse as SVG.
    Plot {
        /// A .tir file (or use --model for a built-in model).
        file: Option<PathBuf>,
        /// A built-in model with default parameters.
        #[arg(long, value_enum, conflicts_with = "file")]
        model: Option<BuiltinTire>,
        /// Output directory.
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Suite {
    Standard,
}

#[derive(Clone, Copy, ValueEnum)]
enum OnOff {
    On,
    Off,
}

#[derive(Clone, Copy, ValueEnum)]
enum BuiltinTire {
    FrictionCircle,
    SlipCurve,
    Brush,
    SimpleMf,
}

fn load_tir(path: &Path) -> Result<MfTire, String> {
    let (file, warnings) = TirFile::from_path(path).map_err(|e| e.to_string())?;
    for w in &warnings {
        eprintln!("warning: {}: {w}", path.display());
    }
    let tire = MfTire::from(file);
    tire.coefficients
        .validate()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(tire)
}

/// A progress bar on stderr for the main job, drawn only once the job has taken more than a
/// second (and only on a terminal: indicatif hides it otherwise).
struct Progress {
    bar: indicatif::ProgressBar,
    start: std::time::Instant,
    shown: bool,
}

impl Progress {
    /// A bar over `steps` steps, labelled `label`.
    fn new(steps: usize, label: &str) -> Self {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(steps as u64),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(label.to_string());
        Self {
            bar,
            start: std::time::Instant::now(),
            shown: false,
        }
    }

    /// A spinner labelled `label` for work without steps (one manoeuvre, a schedule): it
    /// appears on stderr once the work has taken more than a second, and ticks on its own.
    fn spinner(label: &str) -> Self {
        let bar =
            indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
        if let Ok(style) = indicatif::ProgressStyle::with_template("{prefix} {spinner} {elapsed}") {
            bar.set_style(style);
        }
        bar.set_prefix(label.to_string());
        let shown = bar.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(1));
            if !shown.is_finished() {
                shown.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                shown.enable_steady_tick(std::time::Duration::from_millis(100));
            }
        });
        Self {
            bar,
            start: std::time::Instant::now(),
            shown: true,
        }
    }

    /// Step `i` (named `name`) begins.
    fn step(&mut self, i: usize, name: &str) {
        if !self.shown && self.start.elapsed() > std::time::Duration::from_secs(1) {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(i as u64);
        self.bar.set_message(name.to_string());
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// The main job on `params` with a progress bar labelled `label`.
fn run_job(
    params: skidpad::VehicleParams,
    label: &str,
) -> Result<(skidpad_cli::Summary, skidpad_cli::Recorder), String> {
    let mut bar = Progress::new(skidpad_cli::main_job_steps(), label);
    skidpad_cli::run_default_with_progress(params, &mut |i, name| bar.step(i, name))
}

/// `skidpad run`: a scenario file, or the standard job on a vehicle.
fn run(scenario: Option<&Path>, vehicle: &str, out: Option<&Path>) -> Result<(), String> {
    use skidpad_cli::scenario::{ManeuverSpec, Scenario};
    let (summary, tel) = match scenario {
        Some(path) => {
            let sc = Scenario::from_path(path)?;
            let params = sc.vehicle_params()?;
            if let Some(m) = sc
                .maneuver
                .as_ref()
                .filter(|m| **m != ManeuverSpec::Standard)
            {
                let label = format!("{} ({})", path.display(), m.kind());
                let bar = Progress::spinner(&label);
                let run = sc.run_maneuver(&params)?;
                drop(bar);
                let tel = run.telemetry;
                let summary = skidpad_cli::ManeuverSummary::new(
                    &params,
                    m.kind(),
                    skidpad::maneuver::kpi::Kpis {
                        values: run.kpis,
                        invalid: run.invalid,
                    },
                    run.steady_state_circle,
                );
                say_raw!("{}", summary.table());
                if let Some(dir) = out {
                    skidpad_cli::write_outputs(dir, &summary, &tel)?;
                    report::write_report(dir, &summary.vehicle, &summary, &tel)?;
                    say!("wrote {}", dir.display());
                }
                return Ok(());
            } else if sc.maneuver.is_some() {
                run_job(params, &path.display().to_string())?
            } else {
                return run_schedule(&sc, params, path, out);
            }
        }
        None => run_job(
            skidpad_cli::vehicles::resolve(vehicle).map_err(|e| e.to_string())?,
            vehicle,
        )?,
    };
    say_raw!("{}", skidpad_cli::format_table(&summary));
    if let Some(dir) = out {
        skidpad_cli::write_outputs(dir, &summary, &tel)?;
        report::write_report(dir, &summary.vehicle, &summary, &tel)?;
        say!("wrote {}", dir.display());
    }
    Ok(())
}

/// A schedule scenario: telemetry streamed to `out` row by row as the run goes (constant
/// memory), a progress bar over the steps once the run takes more than a second.
fn run_schedule(
    sc: &skidpad_cli::scenario::Scenario,
    params: skidpad::VehicleParams,
    path: &Path,
    out: Option<&Path>,
) -> Result<(), String> {
    let mut bar = Progress::new(sc.steps(), &path.display().to_string());
    let mut sink = match out {
        Some(dir) => Some(skidpad_cli::TelemetryFiles::create(dir, &params)?),
        None => None,
    };
    let mut last = [0.0; 3];
    let steps = sc.run_schedule_with(params, &mut |car, k| {
        if k % 1024 == 0 {
            bar.step(k, "");
        }
        let s = car.state();
        last = [s.time, s.chassis.pose.translation.x, s.forward_speed()];
        match &mut sink {
            Some(f) => f.record(car),
            None => Ok(()),
        }
    })?;
    drop(bar);
    say!(
        "{}: {} steps, final t = {:.2} s, x = {:.2} m, vx = {:.2} m/s",
        path.display(),
        steps,
        last[0],
        last[1],
        last[2]
    );
    if let (Some(f), Some(dir)) = (sink, out) {
        f.finish()?;
        say!("wrote {}", dir.display());
    }
    Ok(())
}

fn tire(command: TireCommand) -> Result<(), String> {
    match command {
        TireCommand::Eval {
            file,
            grid,
            out,
            limits,
        } => {
            let tire = load_tir(&file)?.with_options(MfOptions {
                limits: matches!(limits, OnOff::On),
                ..MfOptions::default()
            });
            let longvl = tire.coefficients.longvl;
            let eval = |r: &tire_cmd::GridRow| {
                let o = tire.steady_state(MfInput {
                    fz: r.fz_n,
                    kappa: r.kappa,
                    alpha: r.alpha_rad,
                    gamma: r.gamma_rad,
                    vx: r.vx_mps.unwrap_or(longvl),
                    pressure: r.pressure_pa,
                });
                SteadyForces {
                    fx: o.fx,
                    fy: o.fy,
                    mz: o.mz,
                    mx: o.mx,
                    my: o.my,
                }
            };
            let n = tire_cmd::eval_grid(&eval, &grid, &out)?;
            say!("evaluated {n} points into {}", out.display());
            Ok(())
        }
        TireCommand::Plot { file, model, out } => {
            let (m, fnom): (Box<dyn TireModel>, f64) = match (file, model) {
                (Some(f), _) => {
                    let t = load_tir(&f)?;
                    let fnom = t.coefficients.fnomin;
                    (Box::new(t), fnom)
                }
                (None, Some(BuiltinTire::FrictionCircle)) => {
                    (Box::new(FrictionCircleParams::default()), 4000.0)
                }
                (None, Some(BuiltinTire::SlipCurve)) => {
                    (Box::new(SlipCurveParams::default()), 4000.0)
                }
                (None, Some(BuiltinTire::Brush)) => (Box::new(BrushParams::default()), 4000.0),
                (None, Some(BuiltinTire::SimpleMf)) => {
                    (Box::new(SimpleMagicParams::default()), 4000.0)
                }
                (None, None) => return Err("give a .tir file or --model".into()),
            };
            let files = tire_cmd::plot_model(m.as_ref(), fnom, 16.7, &out)?;
            for f in files {
                say!("wrote {}", f.display());
            }
            Ok(())
        }
    }
}

/// Run one vehicle by name or file; errors name the file (or the vehicle argument).
fn run_one(vehicle: &str) -> Result<(skidpad_cli::Summary, skidpad_cli::Recorder), String> {
    let params = skidpad_cli::vehicles::resolve(vehicle).map_err(|e| e.to_string())?;
    run_job(params, vehicle).map_err(|e| format!("{vehicle}: {e}"))
}

fn compare(a: &str, b: &str, out: Option<&Path>) -> Result<(), String> {
    let (sa, ta) = run_one(a)?;
    let (sb, tb) = run_one(b)?;
    let (la, lb) = report::labels(&sa, &sb);
    if let Some(dir) = out {
        report::write_compare(dir, (&sa, &ta), (&sb, &tb))?;
    }
    // Ignore a closed stdout (`| head`): the files are already written.
    let mut stdout = std::io::stdout().lock();
    let _ = write!(
        stdout,
        "A: {la}\nB: {lb}\n{}",
        report::compare_table(&sa, &sb)?
    );
    if let Some(dir) = out {
        let _ = writeln!(stdout, "wrote {}", dir.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run {
            scenario,
            out,
            vehicle,
            suite: Suite::Standard,
        } => match run(scenario.as_deref(), &vehicle, out.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Compare { a, b, out } => match compare(&a, &b, out.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Tire { command } => match tire(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
