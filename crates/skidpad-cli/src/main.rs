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
//! | `skidpad vehicles` | the built-in vehicles with one-line descriptions |
//! | `skidpad validate [VEHICLE...] [--out DIR]` | closed-form checks (braking, yaw gain, load transfer, heave, coast-down) per vehicle, measured vs expected |
//! | `skidpad body1d [--vehicle NAME\|FILE.toml]` | the 1-D longitudinal model beside the 3-D one (0–100, coast-down fit; direct drive) |
//!
//! `--json` (run, compare) prints the summary as JSON on stdout instead of the table;
//! `--quiet` prints nothing but errors, warnings and `--json` output; `tire eval --out -`
//! writes the CSV to stdout. Arguments are checked before anything runs (vehicle names,
//! scenario files, the `--out` directory is created and written to).
//!
//! Exit codes: 0 success; 1 the run failed (a step fault stopped it, or writing the outputs
//! failed); 2 bad input (command line, vehicle or scenario file, `.tir` file, grid) — nothing
//! ran.

use clap::{Parser, Subcommand, ValueEnum};
use skidpad::tire::interface::{SteadyForces, TireModel};
use skidpad::tire::mf::{MfInput, MfOptions, MfTire, TirFile};
use skidpad::tire::{BrushParams, FrictionCircleParams, SimpleMagicParams, SlipCurveParams};
use skidpad_cli::{report, tire_cmd};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod progress;
use progress::Progress;

#[derive(Parser)]
#[command(
    name = "skidpad",
    version,
    about = "Vehicle dynamics test manoeuvres",
    after_help = "Exit codes: 0 success, 1 the run failed (step fault, outputs not written), \
                  2 bad input (arguments, vehicle, scenario, .tir or grid file; nothing ran)."
)]
struct Cli {
    /// Print nothing but errors, warnings and --json output (no tables, progress or "wrote").
    #[arg(long, short, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the default job: the built-in sedan settles, accelerates 0–100 km/h and brakes to a
    /// stop, then the standard manoeuvre suite; or a scenario file.
    Run {
        /// A scenario file (vehicle, ground, initial state, manoeuvre or input schedule);
        /// without one, the standard job on `--vehicle`.
        scenario: Option<PathBuf>,
        /// Write summary.json, telemetry.csv (with a `phase` column for the main job),
        /// events.csv, SVG plots and report.html into this directory (created if missing;
        /// checked before the run).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The vehicle: a built-in name (`skidpad vehicles` lists them) or a path to a vehicle
        /// `.toml` file. Default: sedan. With a scenario file it replaces the scenario's
        /// `vehicle`.
        #[arg(long)]
        vehicle: Option<String>,
        /// The manoeuvre suite to run (only `standard` exists).
        #[arg(long, value_enum, default_value = "standard")]
        suite: Suite,
        /// Print the summary (the same as summary.json) as JSON on stdout instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Run the default job on two vehicles and show their KPIs side by side (key, A, B, B−A).
    Compare {
        /// Vehicle A: a built-in name or a path to a vehicle `.toml` file.
        a: String,
        /// Vehicle B: a built-in name or a path to a vehicle `.toml` file.
        b: String,
        /// Write summary.json (both), overlaid SVG plots, each run's telemetry.csv and
        /// events.csv (in a/ and b/) and report.html into this directory.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print `{"a": summary, "b": summary}` as JSON on stdout instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// List the built-in vehicles with a one-line description each.
    Vehicles,
    /// Run the 1-D longitudinal model (VehicleBody spec: body, wheels, brakes) beside the 3-D
    /// one: 0–100 km/h and a coast-down fit on both (direct-drive vehicles).
    Body1d {
        /// The vehicle: a built-in name or a path to a vehicle `.toml` file (direct drive).
        /// Default: sedan-simple.
        #[arg(long)]
        vehicle: Option<String>,
        /// Print the numbers as JSON instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Run the validation checks with closed-form answers (braking v²/2µg, steady-state
    /// yaw-rate gain vL/(L+Kv²), lateral load transfer m·a·h/t, heave frequency √(k/m),
    /// coast-down) on vehicles: measured vs expected with the pass band. Exit 1 when a check
    /// fails.
    Validate {
        /// Built-in names or vehicle `.toml` paths; default every built-in vehicle.
        vehicles: Vec<String>,
        /// Print the reports as JSON on stdout instead of the tables.
        #[arg(long)]
        json: bool,
        /// Write validation.json and validation.html into this directory.
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
        /// Output CSV (`-` for standard output).
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

/// Why a command failed, and so its exit code.
enum Failure {
    /// Bad input: arguments, a vehicle, scenario, `.tir` or grid file (exit code 2). Nothing
    /// ran.
    Input(String),
    /// The run failed: a step fault stopped it, or its outputs could not be written (exit
    /// code 1).
    Run(String),
}

type Outcome = Result<(), Failure>;

fn input(e: impl ToString) -> Failure {
    Failure::Input(e.to_string())
}

fn failed(e: impl ToString) -> Failure {
    Failure::Run(e.to_string())
}

/// What goes to the terminal: tables and notes unless `--quiet`; JSON always when asked.
#[derive(Clone, Copy)]
struct Ui {
    quiet: bool,
    json: bool,
}

impl Ui {
    /// Print `text` (a table, a note) unless quiet or printing JSON. A closed stdout
    /// (`skidpad run | head`) is ignored: output is a courtesy, the files are the product.
    fn say(self, text: &str) {
        if !self.quiet && !self.json {
            let _ = write!(std::io::stdout(), "{text}");
        }
    }

    /// `wrote DIR` (on stderr with --json, so stdout stays JSON).
    fn wrote(self, dir: &Path) {
        if self.quiet {
        } else if self.json {
            eprintln!("wrote {}", dir.display());
        } else {
            let _ = writeln!(std::io::stdout(), "wrote {}", dir.display());
        }
    }

    /// Print `value` as pretty JSON on stdout when `--json` was given.
    fn json<S: serde::Serialize>(self, value: &S) -> Outcome {
        if self.json {
            let text = serde_json::to_string_pretty(value).map_err(failed)?;
            let _ = writeln!(std::io::stdout(), "{text}");
        }
        Ok(())
    }
}

/// Create `dir` (and parents) and check that a file can be written in it, before any run.
fn check_out_dir(dir: &Path) -> Outcome {
    std::fs::create_dir_all(dir).map_err(|e| input(format!("--out {}: {e}", dir.display())))?;
    let probe = dir.join(".skidpad-write-check");
    std::fs::write(&probe, b"")
        .map_err(|e| input(format!("--out {}: cannot write there: {e}", dir.display())))?;
    std::fs::remove_file(&probe).ok();
    Ok(())
}

/// A vehicle by built-in name or file, `.tir` warnings printed.
fn vehicle(name: &str) -> Result<skidpad::VehicleParams, Failure> {
    let params = skidpad_cli::vehicles::resolve(name).map_err(input)?;
    skidpad::Vehicle::new(params.clone()).map_err(|e| input(format!("{name}: {e}")))?;
    Ok(params)
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

/// The main job on `params` with a progress bar labelled `label`.
fn run_job(
    params: skidpad::VehicleParams,
    label: &str,
    ui: Ui,
) -> Result<(skidpad_cli::Summary, skidpad_cli::Recorder), Failure> {
    let mut bar = Progress::new(skidpad_cli::main_job_steps(), label, ui);
    skidpad_cli::run_default_with_progress(params, &mut |i, name| bar.step(i, name)).map_err(input)
}

/// The main job's summary: table or JSON, then the files.
fn finish_job(
    summary: &skidpad_cli::Summary,
    tel: &skidpad_cli::Recorder,
    out: Option<&Path>,
    ui: Ui,
) -> Outcome {
    ui.say(&skidpad_cli::format_table(summary));
    ui.json(summary)?;
    if let Some(dir) = out {
        skidpad_cli::write_outputs(dir, summary, tel).map_err(failed)?;
        report::write_report(dir, &summary.vehicle, summary, tel).map_err(failed)?;
        ui.wrote(dir);
    }
    match &summary.telemetry_fault {
        Some(f) => Err(failed(format!("the telemetry run stopped: {f}"))),
        None => Ok(()),
    }
}

/// `skidpad run`: a scenario file, or the standard job on a vehicle.
fn run(scenario: Option<&Path>, vehicle_arg: Option<&str>, out: Option<&Path>, ui: Ui) -> Outcome {
    use skidpad_cli::scenario::{ManeuverSpec, Scenario};
    let Some(path) = scenario else {
        let name = vehicle_arg.unwrap_or(skidpad_cli::vehicles::DEFAULT);
        let params = vehicle(name)?;
        if let Some(dir) = out {
            check_out_dir(dir)?;
        }
        let (summary, tel) = run_job(params, name, ui)?;
        return finish_job(&summary, &tel, out, ui);
    };
    let mut sc = Scenario::from_path(path).map_err(input)?;
    if let Some(v) = vehicle_arg {
        sc.vehicle = v.to_string();
    }
    let params = sc.vehicle_params().map_err(input)?;
    sc.check(&params).map_err(input)?;
    if let Some(dir) = out {
        check_out_dir(dir)?;
    }
    match sc.maneuver.clone() {
        None => run_schedule(&sc, params, path, out, ui),
        Some(ManeuverSpec::Standard) => {
            let (summary, tel) = run_job(params, &path.display().to_string(), ui)?;
            finish_job(&summary, &tel, out, ui)
        }
        Some(m) => {
            let label = format!("{} ({})", path.display(), m.kind());
            let bar = Progress::spinner(&label, ui);
            let run = sc.run_maneuver(&params).map_err(failed)?;
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
            ui.say(&summary.table());
            ui.json(&summary)?;
            if let Some(dir) = out {
                skidpad_cli::write_outputs(dir, &summary, &tel).map_err(failed)?;
                report::write_report(dir, &summary.vehicle, &summary, &tel).map_err(failed)?;
                ui.wrote(dir);
            }
            Ok(())
        }
    }
}

/// Rows kept in memory for a schedule's plots and report: a longer run keeps every k-th step
/// (the CSVs have them all).
const PLOT_ROWS: usize = 20_000;

/// A schedule scenario: telemetry streamed to `out` row by row as the run goes (constant
/// memory), every k-th row kept for the plots ([`PLOT_ROWS`]), a progress bar over the steps
/// once the run takes more than a second; then summary, plots and report.
fn run_schedule(
    sc: &skidpad_cli::scenario::Scenario,
    params: skidpad::VehicleParams,
    path: &Path,
    out: Option<&Path>,
    ui: Ui,
) -> Outcome {
    let label = path.display().to_string();
    let mut bar = Progress::new(sc.steps(), &label, ui);
    let mut sink = match out {
        Some(dir) => Some(skidpad_cli::TelemetryFiles::create(dir, &params).map_err(failed)?),
        None => None,
    };
    let every = sc.steps().div_ceil(PLOT_ROWS).max(1);
    let mut plot = skidpad_cli::Recorder::for_vehicle(&params);
    let mut summary = skidpad_cli::ScheduleSummary::new(&params.name, &label, sc.dt);
    let name = params.name.clone();
    let run = sc
        .run_schedule_with(params, &mut |car, k| {
            if k % 1024 == 0 {
                bar.step(k, "");
            }
            summary.observe(car);
            if out.is_some() && k % every == 0 {
                plot.record(car);
            }
            match &mut sink {
                Some(f) => f.record(car),
                None => Ok(()),
            }
        })
        .map_err(failed)?;
    drop(bar);
    summary.fault = run.fault.clone();
    ui.say(&summary.table());
    ui.json(&summary)?;
    if let (Some(f), Some(dir)) = (sink, out) {
        f.finish().map_err(failed)?;
        let json = dir.join("summary.json");
        let text = serde_json::to_string_pretty(&summary).map_err(failed)?;
        std::fs::write(&json, text + "\n")
            .map_err(|e| failed(format!("{}: {e}", json.display())))?;
        report::write_report(dir, &name, &summary, &plot).map_err(failed)?;
        ui.wrote(dir);
    }
    match run.fault {
        Some(f) => Err(failed(f)),
        None => Ok(()),
    }
}

fn tire(command: TireCommand, ui: Ui) -> Outcome {
    match command {
        TireCommand::Eval {
            file,
            grid,
            out,
            limits,
        } => {
            let tire = load_tir(&file).map_err(input)?.with_options(MfOptions {
                limits: matches!(limits, OnOff::On),
                ..MfOptions::default()
            });
            let rows = tire_cmd::read_grid(&grid).map_err(input)?;
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
                    wheel_torque: 0.0,
                }
            };
            if out.as_os_str() == "-" {
                tire_cmd::write_eval(&eval, &rows, std::io::stdout().lock(), "stdout")
                    .map_err(failed)?;
                return Ok(());
            }
            let f = std::fs::File::create(&out)
                .map_err(|e| input(format!("--out {}: {e}", out.display())))?;
            let n = tire_cmd::write_eval(&eval, &rows, f, &out.display().to_string())
                .map_err(failed)?;
            ui.say(&format!("evaluated {n} points into {}\n", out.display()));
            Ok(())
        }
        TireCommand::Plot { file, model, out } => {
            let (m, fnom): (Box<dyn TireModel>, f64) = match (file, model) {
                (Some(f), _) => {
                    let t = load_tir(&f).map_err(input)?;
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
                (None, None) => return Err(input("give a .tir file or --model")),
            };
            check_out_dir(&out)?;
            let files = tire_cmd::plot_model(m.as_ref(), fnom, 16.7, &out).map_err(failed)?;
            for f in files {
                ui.say(&format!("wrote {}\n", f.display()));
            }
            Ok(())
        }
    }
}

fn compare(a: &str, b: &str, out: Option<&Path>, ui: Ui) -> Outcome {
    // Both vehicles and the output directory are checked before either runs.
    let (pa, pb) = (vehicle(a)?, vehicle(b)?);
    if let Some(dir) = out {
        check_out_dir(dir)?;
    }
    let (sa, ta) = run_job(pa, a, ui)?;
    let (sb, tb) = run_job(pb, b, ui)?;
    let (la, lb) = report::labels(&sa, &sb);
    if let Some(dir) = out {
        report::write_compare(dir, (&sa, &ta), (&sb, &tb)).map_err(failed)?;
    }
    let table = report::compare_table(&sa, &sb).map_err(failed)?;
    ui.say(&format!("A: {la}\nB: {lb}\n{table}"));
    ui.json(&serde_json::json!({ "a": sa, "b": sb }))?;
    if let Some(dir) = out {
        ui.wrote(dir);
    }
    for (label, s) in [(&la, &sa), (&lb, &sb)] {
        if let Some(f) = &s.telemetry_fault {
            return Err(failed(format!("{label}: the telemetry run stopped: {f}")));
        }
    }
    Ok(())
}

/// `skidpad vehicles`: name and description of each built-in vehicle.
fn vehicles(ui: Ui) -> Outcome {
    let mut text = String::new();
    for b in skidpad_cli::vehicles::BUILT_IN {
        text.push_str(&format!("{:<11} {}\n", b.name, b.description()));
    }
    ui.say(&text);
    Ok(())
}

/// `skidpad body1d`: the 1-D model beside the 3-D one.
fn body1d(name: Option<&str>, ui: Ui) -> Outcome {
    let name = name.unwrap_or("sedan-simple");
    let params = vehicle(name)?;
    let s = skidpad::body1d::coupled::side_by_side(&params)
        .map_err(|e| input(format!("{name}: {e}")))?;
    if ui.json {
        return ui.json(&s);
    }
    ui.say(&skidpad_cli::body1d::table(name, &s));
    Ok(())
}

/// `skidpad validate`: the core's checks ([`skidpad::validation`]) per vehicle.
fn validate(vehicles: &[String], out: Option<&Path>, ui: Ui) -> Outcome {
    let reports = skidpad_cli::validate::run(vehicles).map_err(input)?;
    for r in &reports {
        ui.say(&format!("{}\n", r.table()));
    }
    ui.json(&reports)?;
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).map_err(failed)?;
        let json = serde_json::to_string_pretty(&reports).map_err(failed)?;
        std::fs::write(dir.join("validation.json"), json).map_err(failed)?;
        let page = skidpad_cli::validate::html_page(&reports);
        std::fs::write(dir.join("validation.html"), page).map_err(failed)?;
        ui.wrote(dir);
    }
    let bad: Vec<&str> = reports
        .iter()
        .filter(|r| !r.passed())
        .map(|r| r.vehicle.as_str())
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(failed(format!("validation failed: {}", bad.join(", "))))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let quiet = cli.quiet;
    let result = match cli.command {
        Command::Run {
            scenario,
            out,
            vehicle,
            suite: Suite::Standard,
            json,
        } => run(
            scenario.as_deref(),
            vehicle.as_deref(),
            out.as_deref(),
            Ui { quiet, json },
        ),
        Command::Compare { a, b, out, json } => compare(&a, &b, out.as_deref(), Ui { quiet, json }),
        Command::Vehicles => vehicles(Ui { quiet, json: false }),
        Command::Body1d { vehicle: v, json } => body1d(v.as_deref(), Ui { quiet, json }),
        Command::Validate {
            vehicles,
            json,
            out,
        } => validate(&vehicles, out.as_deref(), Ui { quiet, json }),
        Command::Tire { command } => tire(command, Ui { quiet, json: false }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Run(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Input(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
