//! Scenario files: a vehicle, a ground, an initial state, and either a named manoeuvre with
//! its parameters ([`maneuver`]: `[maneuver] kind = "braking"`, the standard suite, …) or an
//! open-loop input schedule, with a duration and a step.
//!
//! ```toml
//! vehicle = "sedan"            # built-in name, or a path relative to this file
//! duration = 6.0
//! dt = 0.008333333333333333
//!
//! [ground]
//! kind = "incline"             # "flat" (default), "incline", "bumps", "heightfield" or "function"
//! grade_pct = 10.0             # rise per 100 m of run (incline only)
//! surface = 1                  # surface id (0 tarmac, 1 wet tarmac, 2 gravel, 3 mud, 4 snow, 5 ice)
//! [[ground.patches]]           # rectangles of another surface (first match wins)
//! x_min = 20.0
//! x_max = 60.0
//! y_min = 0.0
//! y_max = 5.0
//! surface = 5
//!
//! [initial]                    # every key optional, default 0
//! x = 0.0                      # start on the ground under (x, y), square to its normal
//! y = 0.0
//! heading_deg = 0.0            # yaw about +z from +x (90 = facing +y)
//! speed = 10.0                 # forward (m/s; or speed_kmh), along the heading and the ground's slope
//! yaw_rate_deg_per_s = 0.0     # about the ground's normal, positive left
//!
//! # Either a named manoeuvre (see [`maneuver`]; then no [initial] and no duration):
//! #   [maneuver]
//! #   kind = "braking"
//! #   speed_kmh = 80.0
//! # Or an open-loop schedule, linearly interpolated in time (held after the last row):
//! [[schedule]]
//! t = 0.0
//! throttle = 0.5
//! [[schedule]]
//! t = 2.0
//! throttle = 0.0
//! brake = 1.0
//! steer = 0.2                  # steering command, −1..1 (positive left)
//! ```
//!
//! Instead of `steer`, a schedule may give `steer_angle`: the road-wheel angle (positive
//! left) of the reference wheel, the one with the largest `|max_steer|`, turned into a
//! steering command each step through the vehicle's speed table (see [`schedule`]). Or it
//! drives each wheel directly, bypassing the drivetrain and the steering model (PhysX
//! *NoDrive*), with one array entry per wheel in the vehicle's order; a schedule is one style
//! or the other:
//!
//! ```toml
//! [[schedule]]
//! t = 0.0
//! drive_torque = [0.0, 0.0, 300.0, 300.0]   # N·m about each axle, positive forward
//! brake_torque = [0.0, 0.0, 0.0, 0.0]       # N·m
//! steer_angle = [0.05, 0.05, 0.0, 0.0]     # rad, positive left; missing wheels get 0
//! ```
//!
//! A heightfield from a grayscale PNG (see [`skidpad::ground::heightmap`] for the exact mapping):
//!
//! ```toml
//! [ground]
//! kind = "heightfield"
//! png = "terrain.png"          # relative to this file; 8- or 16-bit grayscale
//! size_x = 128.0             # ground covered by the image's width (columns run along +x)
//! size_y = 64.0              # ... and height (row 0, the top of the picture, is the +y edge)
//! height_min = 0.0           # black
//! height_max = 2.55          # white; linear in between
//! origin_x = 50.0            # world (x, y) of the image's centre; default (0, 0)
//! origin_y = 0.0
//! surface = 0                  # patches work as on any ground
//! ```
//!
//! The image is a map seen from above: column 0 is the left edge (smallest x), row 0 the top
//! edge at the largest y. Pixels must be square on the ground (`size_x / width =
//! size_y / height`); each pixel's gray value is the height at its centre, and the ground ends
//! at the outer pixel centres. The start (`x`, `y`) must lie within the image. RGB(A) and
//! palette images are read only if every pixel is gray.
//!
//! A heightfield from a function of x and y (see [`GroundKind::Function`] for the syntax):
//!
//! ```toml
//! [ground]
//! kind = "function"
//! height = "0.3 * sin(x / 6) * cos(y / 4)"   # m; x, y in m
//! x_min = -20.0                # the grid it is sampled on: these are the defaults
//! x_max = 280.0
//! y_min = -15.0
//! y_max = 15.0
//! cell_size = 0.25             # at most 4 000 000 samples
//! ```
//!
//! A schedule may also come from a CSV file (`schedule_csv = "inputs.csv"`, columns `t` and
//! any of `throttle`, `brake`, `handbrake`, `steer` or `steer_angle`, `gear`; or per wheel
//! `drive_torque_<i>`, `brake_torque_<i>`, `steer_angle_<i>`, wheel `i` from 0).
//! Unknown keys and columns are rejected; every value must be finite; errors name the file,
//! the line and the key or column.
//!
//! Keys follow the [file conventions](skidpad::file) shared with vehicle files: SI quantities
//! without a unit suffix (m, s, m/s, rad, rad/s, N·m; `grade` a ratio), and a few keys in
//! other units named `<SI key><suffix>` and converted once, at load ([`SCENARIO_KEYS`]:
//! `initial.heading_deg`, `initial.speed_kmh`, `initial.yaw_rate_deg_per_s`,
//! `ground.grade_pct`, `maneuver.speed_kmh`, `maneuver.grade_pct`); give a key or its
//! suffixed form, not both. Errors are `file:line:column: key.path: message`
//! (`s.toml:4:1: initial.speed: must be within ±150 (got 200)`); a schedule CSV's are
//! `file:line: column `NAME`: message`.

pub mod ground;
pub mod maneuver;
pub mod schedule;
mod schedule_read;

pub use ground::{GroundKind, GroundSpec, SurfacePatch, Terrain};
pub use maneuver::ManeuverSpec;
pub use schedule::{ScheduleRow, ScheduleSource, SteerAngle, read_schedule_csv};
pub use skidpad::ground::terrain::Patched;

use serde::Deserialize;
use skidpad::MAX_WHEELS;
use skidpad::file::{ConfigErrorKind, ConvenienceKey, Document, Unit, ck};
use skidpad::ground::Ground;
use skidpad::vehicle::{Intent, Vehicle, VehicleParams, WheelCommand};
use skidpad::{DQuat, DVec3, Pose};
use std::path::{Path, PathBuf};

/// Initial state. The vehicle starts on the ground under `(x, y)`, square to the ground's
/// normal there (the plane's, or the heightfield triangle's), its wheels' lowest points at
/// most a wheel radius above it, heading `heading_deg`.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct InitialSpec {
    /// World x of the start. Unit: m. Range: ±[`INITIAL_POSITION_LIMIT`]. Default: 0.
    pub x: f64,
    /// World y of the start. Unit: m. Range: ±[`INITIAL_POSITION_LIMIT`]. Default: 0.
    pub y: f64,
    /// Heading: yaw about +z from +x (π/2 = facing +y, to the left of the x axis). Unit: rad
    /// (key `heading_deg`: deg). Default: 0.
    pub heading: f64,
    /// Forward speed at the start, along the heading and the ground's slope. Unit: m/s (key
    /// `speed_kmh`: km/h). Range: ±[`INITIAL_SPEED_LIMIT`]. Default: 0.
    pub speed: f64,
    /// Yaw rate at the start, about the ground's normal, positive left. Unit: rad/s (key
    /// `yaw_rate_deg_per_s`: deg/s). Range: ±[`INITIAL_YAW_RATE_LIMIT`]. Default: 0.
    pub yaw_rate: f64,
}

/// Most steps (`duration / dt`) a scenario runs without `long_run = true`: 10⁸, i.e. 9.6
/// days of simulated time at 1/120 s, about an hour of computing for a car (≈ 30 µs a step).
pub const MAX_STEPS: f64 = 1e8;

/// Largest |x|, |y| of the start (1000 km; f64 keeps 0.1 µm there). Unit: m.
pub const INITIAL_POSITION_LIMIT: f64 = 1.0e6;
/// Largest |speed| at the start (540 km/h, beyond any ground vehicle). Unit: m/s.
pub const INITIAL_SPEED_LIMIT: f64 = 150.0;
/// Largest |yaw_rate| at the start (two turns a second, 720 deg/s). Unit: rad/s.
pub const INITIAL_YAW_RATE_LIMIT: f64 = 4.0 * std::f64::consts::PI;

/// The suffixed keys of a scenario file (the [file conventions](skidpad::file)): each is
/// its SI key followed by the unit's suffix and converted once, at load.
pub const SCENARIO_KEYS: &[ConvenienceKey] = &[
    ck("initial", "heading_deg", "heading", Unit::Degree),
    ck("initial", "speed_kmh", "speed", Unit::KilometresPerHour),
    ck(
        "initial",
        "yaw_rate_deg_per_s",
        "yaw_rate",
        Unit::DegreePerSecond,
    ),
    ck("ground", "grade_pct", "grade", Unit::Percent),
    ck("maneuver", "speed_kmh", "speed", Unit::KilometresPerHour),
    ck("maneuver", "grade_pct", "grade", Unit::Percent),
];

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Built-in vehicle name or a vehicle file path (relative to the scenario file).
    pub vehicle: String,
    /// Simulated time. Unit: s. Default: 10.
    #[serde(default = "default_duration")]
    pub duration: f64,
    /// Fixed step. Unit: s. Range: (0, 0.1], and at most the vehicle's longest stable step
    /// ([`Vehicle::max_stable_dt`](skidpad::Vehicle::max_stable_dt), checked when the run
    /// starts); a step longer than the stiffest spring allows runs more substeps by itself.
    /// Default: 1/120.
    #[serde(default = "default_dt")]
    pub dt: f64,
    /// Run more than [`MAX_STEPS`] steps (`duration / dt`). Without it such a run is refused
    /// at load: `duration = 1e9` or `dt = 1e-9` would never finish. Default: false.
    #[serde(default)]
    pub long_run: bool,
    /// Ground.
    #[serde(default)]
    pub ground: GroundSpec,
    /// Initial state.
    #[serde(default)]
    pub initial: InitialSpec,
    /// A named manoeuvre with its parameters instead of a schedule: a `[maneuver]` table with
    /// a `kind`, or `maneuver = "kind"` for its defaults ([`maneuver`]).
    #[serde(default, deserialize_with = "maneuver::deserialize")]
    pub maneuver: Option<ManeuverSpec>,
    /// Inline open-loop schedule.
    #[serde(default)]
    pub schedule: Vec<ScheduleRow>,
    /// Open-loop schedule from a CSV file (relative to the scenario file).
    #[serde(default)]
    pub schedule_csv: Option<PathBuf>,
    /// Where the schedule's rows came from (file, lines), for error messages. Not a TOML key.
    #[serde(skip)]
    pub schedule_source: ScheduleSource,
}

/// How a schedule run ended ([`Scenario::run_schedule_with`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduleRun {
    /// Steps taken (and shown to the observer).
    pub steps: usize,
    /// The step fault that ended the run early, naming the vehicle, the step and the
    /// channel ([`skidpad::vehicle::fault`]); `None` when the run went the whole duration.
    pub fault: Option<String>,
}

fn default_duration() -> f64 {
    10.0
}

fn default_dt() -> f64 {
    1.0 / 120.0
}

impl Scenario {
    /// Parse a scenario; `origin` names the file in errors. A heightfield's `png` path is
    /// taken relative to the current directory (use [`Scenario::from_path`] for paths relative
    /// to the file).
    ///
    /// # Errors
    /// `origin:line:column: key.path: message` ([`skidpad::file::ConfigError`]'s format) for
    /// syntax errors, unknown keys, wrong types, bad values and unusable heightmap images.
    pub fn from_toml_str(text: &str, origin: &str) -> Result<Self, String> {
        Self::parse(text, origin, Path::new(""))
    }

    /// [`Scenario::from_toml_str`] with files (the heightmap) relative to `dir`.
    fn parse(text: &str, origin: &str, dir: &Path) -> Result<Self, String> {
        let doc = Document::parse(text, origin, SCENARIO_KEYS).map_err(|e| e.to_string())?;
        let mut s: Scenario = doc.deserialize().map_err(|e| e.to_string())?;
        let at = |key: &str, rule: &str| doc.error(key, ConfigErrorKind::Invalid, rule).to_string();
        let bad = |key: &str, rule: &str| Err(at(key, rule));
        if !(s.duration.is_finite() && s.duration > 0.0) {
            return bad("duration", "must be finite and > 0");
        }
        if !(s.dt.is_finite() && s.dt > 0.0 && s.dt <= 0.1) {
            return bad("dt", "must be in (0, 0.1]");
        }
        let steps = s.duration / s.dt;
        if steps > MAX_STEPS && !s.long_run {
            let key = if doc.is_set("duration") || !doc.is_set("dt") {
                "duration"
            } else {
                "dt"
            };
            return bad(
                key,
                &format!(
                    "duration / dt = {} / {} = {steps:.3e} steps, more than the limit of \
                     {MAX_STEPS:e}; shorten the run or set `long_run = true`",
                    s.duration, s.dt
                ),
            );
        }
        if !s.ground.grade.is_finite() || s.ground.grade.abs() > 1.0 {
            return bad("ground.grade", "must be within ±1 (±100 %)");
        }
        if !(0.0..=0.5).contains(&s.ground.amplitude) {
            return bad("ground.amplitude", "must be in [0, 0.5] m");
        }
        if !(1.0..=100.0).contains(&s.ground.wavelength) {
            return bad("ground.wavelength", "must be in [1, 100] m");
        }
        let surfaces = skidpad::surface::default_table().surfaces.len();
        let surface_rule = format!(
            "must be a surface id 0..={} (0 tarmac, 1 wet tarmac, 2 gravel, 3 mud, 4 snow, 5 ice)",
            surfaces - 1
        );
        if usize::from(s.ground.surface) >= surfaces {
            return bad("ground.surface", &surface_rule);
        }
        for (k, p) in s.ground.patches.iter().enumerate() {
            if usize::from(p.surface) >= surfaces {
                return bad(&format!("ground.patches[{k}].surface"), &surface_rule);
            }
            let ok = [p.x_min, p.x_max, p.y_min, p.y_max]
                .iter()
                .all(|v| v.is_finite())
                && p.x_min < p.x_max
                && p.y_min < p.y_max;
            if !ok {
                return bad(
                    &format!("ground.patches[{k}]"),
                    "each patch needs finite x_min < x_max and y_min < y_max",
                );
            }
        }
        if let Some(m) = &s.maneuver {
            s.check_maneuver(m).map_err(|(key, rule)| at(&key, &rule))?;
        }
        let i = &s.initial;
        for (key, v, limit) in [
            ("initial.x", i.x, INITIAL_POSITION_LIMIT),
            ("initial.y", i.y, INITIAL_POSITION_LIMIT),
            ("initial.heading", i.heading, f64::MAX),
            ("initial.speed", i.speed, INITIAL_SPEED_LIMIT),
            ("initial.yaw_rate", i.yaw_rate, INITIAL_YAW_RATE_LIMIT),
        ] {
            if !v.is_finite() {
                return bad(key, &format!("must be finite (got {v})"));
            }
            if v.abs() > limit {
                return bad(key, &format!("must be within ±{limit} (got {v})"));
            }
        }
        s.schedule_source = ScheduleSource::toml(origin, text);
        schedule_read::check_rows(&s.schedule, &s.schedule_source)?;
        if !s.schedule.is_empty() && s.schedule_csv.is_some() {
            return bad(
                "schedule_csv",
                "give either inline [[schedule]] rows or a schedule_csv, not both",
            );
        }
        s.ground.load(&doc, dir, (s.initial.x, s.initial.y))?;
        Ok(s)
    }

    /// The rules a scenario with a manoeuvre must follow ([`maneuver`]'s module docs).
    fn check_maneuver(&self, m: &ManeuverSpec) -> Result<(), (String, String)> {
        let bad = |key: &str, rule: &str| Err((key.to_string(), rule.to_string()));
        m.validate()
            .map_err(|(key, rule)| (format!("maneuver.{key}"), rule))?;
        if !self.schedule.is_empty() || self.schedule_csv.is_some() {
            return bad(
                "maneuver",
                "give either a manoeuvre or a schedule, not both",
            );
        }
        if self.duration != default_duration() {
            return bad(
                "duration",
                "a manoeuvre runs as long as it takes: duration is for schedules",
            );
        }
        if self.initial != InitialSpec::default() {
            return bad("initial", "a manoeuvre sets its own initial state");
        }
        match m {
            ManeuverSpec::Standard => {
                if self.ground != GroundSpec::default() {
                    return bad(
                        "ground",
                        "the standard suite runs on its own grounds (dry and wet tarmac, a 30 % \
                         grade)",
                    );
                }
                if self.dt != default_dt() {
                    return bad("dt", "the standard suite runs at its own step of 1/120 s");
                }
            }
            ManeuverSpec::Park { .. } => {
                if self.ground.kind != GroundKind::Flat {
                    return bad(
                        "ground.kind",
                        "park builds its own incline (maneuver.grade): only \
                         [ground] surface applies",
                    );
                }
                if !self.ground.patches.is_empty() {
                    return bad("ground.patches", "park builds its own incline: no patches");
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Run the scenario's named manoeuvre (any kind but `standard`, which is
    /// [`crate::run_default`]) on the scenario's ground at its step: the KPIs (keys with
    /// units), the telemetry of the measured run and any curve.
    ///
    /// # Errors
    /// No manoeuvre, kind `standard`, invalid vehicle parameters, or a ground that cannot be
    /// built or has nothing under the start.
    pub fn run_maneuver(&self, params: &VehicleParams) -> Result<maneuver::ManeuverOutput, String> {
        let m = self
            .maneuver
            .as_ref()
            .ok_or_else(|| "the scenario has no manoeuvre".to_string())?;
        if let Ok(car) = Vehicle::new(params.clone()) {
            car.check_dt(self.dt)
                .map_err(|e| format!("dt = {}: {}", self.dt, e.rule))?;
        }
        let ground = self.ground()?;
        m.run(
            params,
            &ground,
            skidpad::ground::SurfaceId(self.ground.surface),
            self.dt,
        )
    }

    /// Read and parse a scenario file.
    ///
    /// # Errors
    /// As [`Scenario::from_toml_str`], or the I/O error with the path.
    pub fn from_path(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut s = Self::parse(&text, &path.display().to_string(), dir)?;
        if let Some(csv) = &s.schedule_csv {
            (s.schedule, s.schedule_source) =
                schedule::read_schedule_csv_with_source(&dir.join(csv))?;
        }
        if crate::vehicles::find(&s.vehicle).is_none() {
            s.vehicle = dir.join(&s.vehicle).display().to_string();
        }
        Ok(s)
    }

    /// The vehicle parameters (built-in name or file).
    ///
    /// # Errors
    /// The vehicle file's error.
    pub fn vehicle_params(&self) -> Result<VehicleParams, String> {
        crate::vehicles::resolve(&self.vehicle).map_err(|e| e.to_string())
    }

    /// The driver input at time `t`: [`schedule::intent_at`] of the schedule. With
    /// `steer_angle` its `steer` is 0: the command depends on the vehicle and its speed
    /// ([`Scenario::steer_angle_at`], [`schedule::steer_for_angle`]).
    pub fn intent_at(&self, t: f64) -> Intent {
        schedule::intent_at(&self.schedule, t)
    }

    /// The road-wheel angle the schedule asks for at time `t` ([`schedule::steer_angle_at`]),
    /// `None` unless it uses a single `steer_angle`. Unit: rad.
    pub fn steer_angle_at(&self, t: f64) -> Option<f64> {
        schedule::steer_angle_at(&self.schedule, t)
    }

    /// The per-wheel commands at time `t` ([`schedule::wheel_commands_at`]), `None` unless
    /// the schedule is direct (per wheel). Wheels without an entry get 0.
    pub fn wheel_commands_at(&self, t: f64) -> Option<[WheelCommand; MAX_WHEELS]> {
        schedule::wheel_commands_at(&self.schedule, t)
    }

    /// The scenario's ground: [`GroundSpec::build`].
    ///
    /// # Errors
    /// As [`GroundSpec::build`].
    pub fn ground(&self) -> Result<Patched<Box<dyn Ground>>, String> {
        self.ground.build()
    }

    /// Run the open-loop schedule and return the telemetry (header, rows).
    ///
    /// # Errors
    /// What [`Scenario::check`] refuses, a ground [`Scenario::ground`] cannot build, or a
    /// step fault (the message names the vehicle, the step and the channel).
    pub fn run_schedule(&self, params: VehicleParams) -> Result<crate::Recorder, String> {
        let ground = self.ground()?;
        let mut tel = crate::Recorder::for_vehicle(&params);
        let run = self.run_on(params, &ground, &mut |car, _| {
            tel.record(car);
            Ok(())
        })?;
        match run.fault {
            Some(f) => Err(f),
            None => Ok(tel),
        }
    }

    /// Run the open-loop schedule, calling `observe(vehicle, step)` after each step (to
    /// stream telemetry to a file, or show progress) instead of keeping the telemetry: the
    /// run holds constant memory whatever its length. A step fault ends the run early and is
    /// reported in [`ScheduleRun::fault`], after `observe` has seen every finite step.
    ///
    /// # Errors
    /// What [`Scenario::check`] refuses, a ground [`Scenario::ground`] cannot build, or
    /// `observe`'s.
    pub fn run_schedule_with(
        &self,
        params: VehicleParams,
        observe: &mut dyn FnMut(&Vehicle, usize) -> Result<(), String>,
    ) -> Result<ScheduleRun, String> {
        let ground = self.ground()?;
        self.run_on(params, &ground, observe)
    }

    /// Everything about the scenario and `params` that can be checked without running: the
    /// vehicle's parameters, `dt` against its longest stable step, a schedule's per-wheel
    /// entries and steering against the vehicle, and the start on the ground. The CLI calls it
    /// before any run, so bad input fails at once (exit code 2).
    ///
    /// # Errors
    /// The first problem, naming the key (or file and line of a schedule row).
    pub fn check(&self, params: &VehicleParams) -> Result<(), String> {
        let car = Vehicle::new(params.clone()).map_err(|e| format!("invalid vehicle: {e}"))?;
        car.check_dt(self.dt)
            .map_err(|e| format!("dt = {}: {}", self.dt, e.rule))?;
        schedule::check_vehicle(&self.schedule, &self.schedule_source, car.params())?;
        self.start(car.params()).map(|_| ())
    }

    /// Steps of the run: `duration / dt`, rounded.
    pub fn steps(&self) -> usize {
        (self.duration / self.dt).round() as usize
    }

    /// The start pose and velocities: on the ground under `(x, y)`, square to its normal
    /// `n`, the reference point a wheel radius along `n` above the ground (as the wheels
    /// hang), heading `heading_deg` (the body x axis is the ground direction whose horizontal
    /// part points that way), moving at `speed` along it and turning at `yaw_rate_deg_per_s`
    /// about `n`.
    ///
    /// # Errors
    /// A start off a heightfield (checked at load for files), naming `x`.
    pub fn start(&self, params: &VehicleParams) -> Result<(Pose, DVec3, DVec3), String> {
        let i = &self.initial;
        let (z, n) = self.ground.surface_under(i.x, i.y)?.ok_or_else(|| {
            format!(
                "initial.x: the start ({}, {}) is off the heightfield",
                i.x, i.y
            )
        })?;
        let r = params.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
        let (s, c) = i.heading.sin_cos();
        // Along the ground (d·n = 0) with horizontal part (cos ψ, sin ψ).
        let forward = DVec3::new(c, s, -(n.x * c + n.y * s) / n.z).normalize();
        let rotation = DQuat::from_rotation_axes(forward, n.cross(forward), n);
        let pose = Pose::new(DVec3::new(i.x, i.y, z) + n * r, rotation);
        Ok((pose, forward * i.speed, n * i.yaw_rate))
    }

    fn run_on(
        &self,
        params: VehicleParams,
        ground: &dyn Ground,
        observe: &mut dyn FnMut(&Vehicle, usize) -> Result<(), String>,
    ) -> Result<ScheduleRun, String> {
        self.check(&params)?;
        let mut car = Vehicle::new(params).map_err(|e| format!("invalid vehicle: {e}"))?;
        let (pose, linear, angular) = self.start(car.params())?;
        car.teleport(pose);
        if linear != DVec3::ZERO || angular != DVec3::ZERO {
            car.set_velocity(linear, angular);
        }
        let n_wheels = car.params().wheels.len();
        let steps = self.steps();
        let (rows, style) = (&self.schedule, schedule::style(&self.schedule));
        for k in 0..steps {
            let t = k as f64 * self.dt;
            let direct = match style {
                schedule::Style::Direct => schedule::interpolated_commands(rows, t),
                _ => None,
            };
            let set = match direct {
                Some(cmds) => car.set_wheel_commands(&cmds[..n_wheels]),
                None => {
                    let mut intent = schedule::intent_at(rows, t);
                    if style == schedule::Style::PedalsWithSteerAngle
                        && let Some(delta) = schedule::interpolated_steer_angle(rows, t)
                    {
                        let v = car.state().forward_speed();
                        intent.steer =
                            schedule::steer_for_angle(car.params(), delta, v).unwrap_or(0.0);
                    }
                    car.set_intent(intent)
                }
            };
            set.map_err(|e| e.to_string())?;
            if let Err(f) = car.try_step(self.dt, ground) {
                return Ok(ScheduleRun {
                    steps: k,
                    fault: Some(format!(
                        "{}: stopped by a step fault: {f}",
                        car.params().name
                    )),
                });
            }
            observe(&car, k)?;
        }
        Ok(ScheduleRun { steps, fault: None })
    }
}
