//! Scenario files: a vehicle, a ground, an initial state, and either the standard manoeuvre
//! suite or an open-loop input schedule, with a duration and a step.
//!
//! ```toml
//! vehicle = "sedan"            # built-in name, or a path relative to this file
//! duration_s = 6.0
//! dt_s = 0.008333333333333333
//!
//! [ground]
//! kind = "incline"             # "flat" (default), "incline", "bumps" or "heightfield"
//! grade_pct = 10.0             # rise per 100 m of run (incline only)
//! surface = 1                  # surface id (0 tarmac, 1 wet tarmac, 2 gravel, 3 mud, 4 snow, 5 ice)
//! [[ground.patches]]           # rectangles of another surface (first match wins)
//! x_min = 20.0
//! x_max = 60.0
//! y_min = 0.0
//! y_max = 5.0
//! surface = 5
//!
//! [initial]
//! speed_mps = 10.0
//!
//! # Either: maneuver = "standard"
//! # Or an open-loop schedule, linearly interpolated in time (held after the last row):
//! [[schedule]]
//! t_s = 0.0
//! throttle = 0.5
//! [[schedule]]
//! t_s = 2.0
//! throttle = 0.0
//! brake = 1.0
//! steer = 0.2                  # steering command, −1..1 (positive left)
//! ```
//!
//! A heightfield from a grayscale PNG (see [`crate::heightmap`] for the exact mapping):
//!
//! ```toml
//! [ground]
//! kind = "heightfield"
//! png = "terrain.png"          # relative to this file; 8- or 16-bit grayscale
//! size_x_m = 128.0             # ground covered by the image's width (columns run along +x)
//! size_y_m = 64.0              # ... and height (row 0, the top of the picture, is the +y edge)
//! height_min_m = 0.0           # black
//! height_max_m = 2.55          # white; linear in between
//! origin_x_m = 50.0            # world (x, y) of the image's centre; default (0, 0)
//! origin_y_m = 0.0
//! surface = 0                  # patches work as on any ground
//! ```
//!
//! The image is a map seen from above: column 0 is the left edge (smallest x), row 0 the top
//! edge at the largest y. Pixels must be square on the ground (`size_x_m / width =
//! size_y_m / height`); each pixel's gray value is the height at its centre, and the ground ends
//! at the outer pixel centres. The vehicle starts at (0, 0) on the ground under it, which must
//! lie within the image. RGB(A) and palette images are read only if every pixel is gray.
//!
//! A schedule may also come from a CSV file (`schedule_csv = "inputs.csv"`, columns `t_s` and
//! any of `throttle`, `brake`, `handbrake`, `steer`, `gear`). Unknown keys are rejected; errors
//! name the file, line and key.

use crate::heightmap::{self, Placement};
use serde::Deserialize;
use skidpad::ground::{Ground, GroundHit, HeightField, Plane, SurfaceId};
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DQuat, DVec3, Pose, telemetry};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The ground of a scenario.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GroundSpec {
    /// `flat` (default), `incline`, `bumps` or `heightfield`.
    pub kind: GroundKind,
    /// Grade of the incline, rising along +x. Unit: % (rise per run). Default: 0.
    pub grade_pct: f64,
    /// Surface id of the whole ground. Default: 0 (tarmac).
    pub surface: u16,
    /// Bump amplitude (kind `bumps`). Unit: m. Range: [0, 0.5]. Default: 0.
    pub amplitude_m: f64,
    /// Bump wavelength (kind `bumps`). Unit: m. Range: [1, 100]. Default: 10.
    pub wavelength_m: f64,
    /// Rectangles of another surface (world x, y): the first patch containing a contact
    /// point decides its surface.
    pub patches: Vec<SurfacePatch>,
    /// Grayscale PNG heightmap (kind `heightfield`), relative to the scenario file. Required
    /// for that kind.
    pub png: Option<PathBuf>,
    /// Ground extent covered by the image's width, along x (kind `heightfield`). Unit: m.
    /// Range: (0, ∞). Required for that kind.
    pub size_x_m: Option<f64>,
    /// Ground extent covered by the image's height, along y (kind `heightfield`); pixels must
    /// be square: `size_y_m = size_x_m · height / width`. Unit: m. Range: (0, ∞). Required for
    /// that kind.
    pub size_y_m: Option<f64>,
    /// Height of a black pixel (kind `heightfield`). Unit: m. Required for that kind.
    pub height_min_m: Option<f64>,
    /// Height of a white pixel (kind `heightfield`). Unit: m. Range: (`height_min_m`, ∞).
    /// Required for that kind.
    pub height_max_m: Option<f64>,
    /// World x of the image's centre (kind `heightfield`). Unit: m. Default: 0.
    pub origin_x_m: Option<f64>,
    /// World y of the image's centre (kind `heightfield`). Unit: m. Default: 0.
    pub origin_y_m: Option<f64>,
    /// The heightfield decoded from `png` when the scenario was loaded (kind `heightfield`);
    /// `None` otherwise. Not a TOML key.
    #[serde(skip)]
    pub terrain: Option<Terrain>,
}

/// A heightfield ground decoded from a scenario's PNG, shared cheaply between runs.
#[derive(Debug, Clone)]
pub struct Terrain(pub Arc<HeightField>);

impl PartialEq for Terrain {
    /// Same grid: sample counts, cell size, origin and heights.
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.0, &other.0);
        a.size() == b.size()
            && a.cell_size() == b.cell_size()
            && a.origin() == b.origin()
            && a.heights() == b.heights()
    }
}

impl Default for GroundSpec {
    fn default() -> Self {
        Self {
            kind: GroundKind::Flat,
            grade_pct: 0.0,
            surface: 0,
            amplitude_m: 0.0,
            wavelength_m: 10.0,
            patches: Vec::new(),
            png: None,
            size_x_m: None,
            size_y_m: None,
            height_min_m: None,
            height_max_m: None,
            origin_x_m: None,
            origin_y_m: None,
            terrain: None,
        }
    }
}

/// A rectangle of ground with its own surface id.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurfacePatch {
    /// Lower x bound. Unit: m.
    pub x_min: f64,
    /// Upper x bound. Unit: m.
    pub x_max: f64,
    /// Lower y bound. Unit: m.
    pub y_min: f64,
    /// Upper y bound. Unit: m.
    pub y_max: f64,
    /// Surface id inside the rectangle.
    pub surface: u16,
}

/// A ground whose surface id changes over rectangular patches.
#[derive(Debug, Clone)]
pub struct Patched<G> {
    /// The geometry and the surface outside every patch.
    pub ground: G,
    /// The patches, first match wins.
    pub patches: Vec<SurfacePatch>,
}

impl<G: Ground> Patched<G> {
    fn relabel(&self, hit: Option<GroundHit>) -> Option<GroundHit> {
        hit.map(|mut h| {
            if let Some(p) = self.patches.iter().find(|p| {
                (p.x_min..=p.x_max).contains(&h.point.x) && (p.y_min..=p.y_max).contains(&h.point.y)
            }) {
                h.surface = SurfaceId(p.surface);
            }
            h
        })
    }
}

impl<G: Ground> Ground for Patched<G> {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        self.relabel(self.ground.cast_ray(origin, direction, max_distance))
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        self.relabel(
            self.ground
                .cast_sphere(origin, radius, direction, max_distance),
        )
    }
}

/// Ground shapes a scenario can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum GroundKind {
    /// Level ground at z = 0.
    #[default]
    Flat,
    /// A plane rising along +x.
    Incline,
    /// A heightfield of smooth bumps `z = A·sin(2πx/λ)·sin(2πy/λ)` over x ∈ [−20, 280] m,
    /// y ∈ [−15, 15] m (0.25 m cells); there is no ground outside the grid, so keep the run
    /// inside it.
    Bumps,
    /// A heightfield from a grayscale PNG (`png`, `size_x_m`, `size_y_m`, `height_min_m`,
    /// `height_max_m`, optional `origin_x_m`, `origin_y_m`); see [`crate::heightmap`]. There is
    /// no ground outside the image.
    Heightfield,
}

/// Initial state.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct InitialSpec {
    /// Forward speed at the start. Unit: m/s. Default: 0.
    pub speed_mps: f64,
}

/// One row of an open-loop schedule; absent channels are 0.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct ScheduleRow {
    /// Time. Unit: s.
    pub t_s: f64,
    /// Throttle, 0..1.
    pub throttle: f64,
    /// Brake, 0..1.
    pub brake: f64,
    /// Hand brake, 0..1.
    pub handbrake: f64,
    /// Steering command, −1..1 (positive left).
    pub steer: f64,
    /// Target gear (engine vehicles), held from this row on; absent = automatic.
    pub gear: Option<i8>,
}

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Built-in vehicle name or a vehicle file path (relative to the scenario file).
    pub vehicle: String,
    /// Simulated time. Unit: s. Default: 10.
    #[serde(default = "default_duration")]
    pub duration_s: f64,
    /// Fixed step. Unit: s. Default: 1/120.
    #[serde(default = "default_dt")]
    pub dt_s: f64,
    /// Ground.
    #[serde(default)]
    pub ground: GroundSpec,
    /// Initial state.
    #[serde(default)]
    pub initial: InitialSpec,
    /// `standard` to run the standard manoeuvre suite instead of a schedule.
    #[serde(default)]
    pub maneuver: Option<String>,
    /// Inline open-loop schedule.
    #[serde(default)]
    pub schedule: Vec<ScheduleRow>,
    /// Open-loop schedule from a CSV file (relative to the scenario file).
    #[serde(default)]
    pub schedule_csv: Option<PathBuf>,
}

fn default_duration() -> f64 {
    10.0
}

fn default_dt() -> f64 {
    1.0 / 120.0
}

/// 1-based line of a byte offset in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// 1-based line where `key` is set (`key = ...` at the start of a line), else the first line
/// mentioning it (`[[ground.patches]]`), else 0.
fn key_line(text: &str, key: &str) -> usize {
    let set = text.lines().position(|l| {
        l.trim_start()
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    });
    match set {
        Some(k) => k + 1,
        None => text.find(key).map_or(0, |o| line_of(text, o)),
    }
}

/// The heightfield keys, which only kind `heightfield` uses; the first five are required.
const HEIGHTFIELD_KEYS: [&str; 7] = [
    "png",
    "size_x_m",
    "size_y_m",
    "height_min_m",
    "height_max_m",
    "origin_x_m",
    "origin_y_m",
];

impl Scenario {
    /// Parse a scenario; `origin` names the file in errors. A heightfield's `png` path is
    /// taken relative to the current directory (use [`Scenario::from_path`] for paths relative
    /// to the file).
    ///
    /// # Errors
    /// `origin:line: key KEY: message` for syntax errors, unknown keys, wrong types, bad values
    /// and unusable heightmap images.
    pub fn from_toml_str(text: &str, origin: &str) -> Result<Self, String> {
        Self::parse(text, origin, Path::new(""))
    }

    /// [`Scenario::from_toml_str`] with files (the heightmap) relative to `dir`.
    fn parse(text: &str, origin: &str, dir: &Path) -> Result<Self, String> {
        let mut s: Scenario = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(0, |r| line_of(text, r.start));
            format!("{origin}:{line}: {}", e.message())
        })?;
        let bad = |key: &str, rule: &str| {
            let line = key_line(text, key);
            Err(format!("{origin}:{line}: key {key}: {rule}"))
        };
        if !(s.duration_s.is_finite() && s.duration_s > 0.0) {
            return bad("duration_s", "must be finite and > 0");
        }
        if !(s.dt_s.is_finite() && s.dt_s > 0.0 && s.dt_s <= 0.1) {
            return bad("dt_s", "must be in (0, 0.1]");
        }
        if !s.ground.grade_pct.is_finite() || s.ground.grade_pct.abs() > 100.0 {
            return bad("grade_pct", "must be within ±100 %");
        }
        if !(0.0..=0.5).contains(&s.ground.amplitude_m) {
            return bad("amplitude_m", "must be in [0, 0.5] m");
        }
        if !(1.0..=100.0).contains(&s.ground.wavelength_m) {
            return bad("wavelength_m", "must be in [1, 100] m");
        }
        for p in &s.ground.patches {
            let ok = [p.x_min, p.x_max, p.y_min, p.y_max]
                .iter()
                .all(|v| v.is_finite())
                && p.x_min < p.x_max
                && p.y_min < p.y_max;
            if !ok {
                return bad(
                    "patches",
                    "each patch needs finite x_min < x_max and y_min < y_max",
                );
            }
        }
        if let Some(m) = &s.maneuver
            && m != "standard"
        {
            return bad("maneuver", "the only manoeuvre suite is \"standard\"");
        }
        if s.maneuver.is_some() && (!s.schedule.is_empty() || s.schedule_csv.is_some()) {
            return bad(
                "maneuver",
                "give either a manoeuvre or a schedule, not both",
            );
        }
        for w in s.schedule.windows(2) {
            if w[1].t_s <= w[0].t_s {
                return bad("t_s", "schedule times must increase");
            }
        }
        s.load_heightfield(text, origin, dir)?;
        Ok(s)
    }

    /// Check the heightfield keys and, for kind `heightfield`, decode the PNG into
    /// `ground.terrain`. Errors name the key at fault and its line (a missing key: the line of
    /// `kind`).
    fn load_heightfield(&mut self, text: &str, origin: &str, dir: &Path) -> Result<(), String> {
        let g = &self.ground;
        let at = |key: &str, line_key: &str, rule: &str| {
            let line = match key_line(text, key) {
                0 => key_line(text, line_key),
                l => l,
            };
            format!("{origin}:{line}: key {key}: {rule}")
        };
        let set = [
            g.png.is_some(),
            g.size_x_m.is_some(),
            g.size_y_m.is_some(),
            g.height_min_m.is_some(),
            g.height_max_m.is_some(),
            g.origin_x_m.is_some(),
            g.origin_y_m.is_some(),
        ];
        if g.kind != GroundKind::Heightfield {
            if let Some(k) = (0..set.len()).find(|&k| set[k]) {
                return Err(at(
                    HEIGHTFIELD_KEYS[k],
                    "kind",
                    "only used with kind = \"heightfield\"",
                ));
            }
            return Ok(());
        }
        if let Some(k) = (0..5).find(|&k| !set[k]) {
            return Err(at(
                HEIGHTFIELD_KEYS[k],
                "kind",
                "required for kind = \"heightfield\"",
            ));
        }
        let place = Placement {
            size_x_m: g.size_x_m.unwrap_or_default(),
            size_y_m: g.size_y_m.unwrap_or_default(),
            height_min_m: g.height_min_m.unwrap_or_default(),
            height_max_m: g.height_max_m.unwrap_or_default(),
            origin_x_m: g.origin_x_m.unwrap_or(0.0),
            origin_y_m: g.origin_y_m.unwrap_or(0.0),
        };
        // Numbers first (no file needed), then the image.
        let fail = |e: heightmap::HeightMapError| at(e.key, "kind", &e.message);
        place.validate().map_err(fail)?;
        let png = dir.join(g.png.as_deref().unwrap_or(Path::new("")));
        let image = heightmap::read_png(&png).map_err(fail)?;
        let hf = heightmap::height_field(&image, &place)
            .map_err(fail)?
            .with_surface(SurfaceId(g.surface));
        // The vehicle starts at (0, 0): there must be ground under it.
        if hf.height_at(0.0, 0.0).is_none() {
            let (lo, n) = (hf.origin(), hf.size());
            let hi = lo + hf.cell_size() * glam::DVec2::new((n.0 - 1) as f64, (n.1 - 1) as f64);
            let key = if (lo.x..=hi.x).contains(&0.0) {
                "origin_y_m"
            } else {
                "origin_x_m"
            };
            return Err(at(
                key,
                "kind",
                &format!(
                    "the vehicle starts at (0, 0), which must be on the heightfield; the ground \
                     spans x ∈ [{}, {}] m, y ∈ [{}, {}] m (the outer pixel centres)",
                    lo.x, hi.x, lo.y, hi.y
                ),
            ));
        }
        self.ground.terrain = Some(Terrain(Arc::new(hf)));
        Ok(())
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
            s.schedule = read_schedule_csv(&dir.join(csv))?;
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

    /// The driver input at time `t`: the schedule interpolated linearly, held after the end.
    pub fn intent_at(&self, t: f64) -> Intent {
        let rows = &self.schedule;
        let Some(first) = rows.first() else {
            return Intent::default();
        };
        let (a, b, f) = match rows.iter().position(|r| r.t_s > t) {
            None => (rows[rows.len() - 1], rows[rows.len() - 1], 0.0),
            Some(0) => (*first, *first, 0.0),
            Some(i) => {
                let (a, b) = (rows[i - 1], rows[i]);
                (a, b, (t - a.t_s) / (b.t_s - a.t_s))
            }
        };
        let lerp = |x: f64, y: f64| x + (y - x) * f;
        Intent {
            throttle: lerp(a.throttle, b.throttle),
            brake: lerp(a.brake, b.brake),
            handbrake: lerp(a.handbrake, b.handbrake),
            steer: lerp(a.steer, b.steer),
            target_gear: a.gear,
            ..Intent::default()
        }
    }

    /// The scenario's ground: the shape of [`GroundSpec::kind`] with its surface, relabelled by
    /// the patches.
    ///
    /// # Errors
    /// A bumps grid the core rejects, or kind `heightfield` without a loaded image (a
    /// [`Scenario`] built by hand rather than by [`Scenario::from_path`] or
    /// [`Scenario::from_toml_str`]).
    pub fn ground(&self) -> Result<Patched<Box<dyn Ground>>, String> {
        let surface = SurfaceId(self.ground.surface);
        let shape: Box<dyn Ground> = match self.ground.kind {
            GroundKind::Flat | GroundKind::Incline => Box::new(
                Plane::inclined(self.incline_angle(), glam::DVec2::X).with_surface(surface),
            ),
            GroundKind::Bumps => {
                let (a, l) = (self.ground.amplitude_m, self.ground.wavelength_m);
                let k = std::f64::consts::TAU / l;
                let hf = HeightField::from_fn(
                    1201,
                    121,
                    0.25,
                    glam::DVec2::new(-20.0, -15.0),
                    |x, y| a * (k * x).sin() * (k * y).sin(),
                )
                .map_err(|e| format!("bumps ground: {e}"))?
                .with_surface(surface);
                Box::new(hf)
            }
            GroundKind::Heightfield => Box::new(Arc::clone(&self.terrain()?.0)),
        };
        Ok(Patched {
            ground: shape,
            patches: self.ground.patches.clone(),
        })
    }

    /// The loaded heightfield of kind `heightfield`.
    fn terrain(&self) -> Result<&Terrain, String> {
        self.ground
            .terrain
            .as_ref()
            .ok_or_else(|| "heightfield ground: the PNG was not loaded".to_string())
    }

    /// Pitch of the ground plane at the start (incline only). Unit: rad.
    fn incline_angle(&self) -> f64 {
        match self.ground.kind {
            GroundKind::Incline => (self.ground.grade_pct / 100.0).atan(),
            _ => 0.0,
        }
    }

    /// Run the open-loop schedule and return the telemetry (header, rows).
    ///
    /// # Errors
    /// Invalid vehicle or inputs, or a ground [`Scenario::ground`] cannot build.
    pub fn run_schedule(&self, params: VehicleParams) -> Result<crate::Telemetry, String> {
        let ground = self.ground()?;
        // The vehicle starts at (0, 0) on the ground: at z = 0 on the planes and the bumps, at
        // the surface height there on a heightfield image (checked at load).
        let lift = match self.ground.kind {
            GroundKind::Heightfield => self.terrain()?.0.height_at(0.0, 0.0).unwrap_or(0.0),
            _ => 0.0,
        };
        self.run_on(params, &ground, self.incline_angle(), lift)
    }

    fn run_on(
        &self,
        params: VehicleParams,
        ground: &dyn Ground,
        theta: f64,
        lift: f64,
    ) -> Result<crate::Telemetry, String> {
        let mut car = Vehicle::new(params).map_err(|e| format!("invalid vehicle: {e}"))?;
        let r = car
            .params()
            .wheels
            .iter()
            .map(|w| w.radius)
            .fold(0.0, f64::max);
        let n = DVec3::new(-theta.sin(), 0.0, theta.cos());
        let mut start = n * r;
        start.z += lift;
        car.teleport(Pose::new(start, DQuat::from_rotation_y(-theta)));
        if self.initial.speed_mps != 0.0 {
            let dir = DVec3::new(theta.cos(), 0.0, theta.sin());
            car.set_velocity(dir * self.initial.speed_mps, DVec3::ZERO);
        }
        let mut tel = crate::Telemetry {
            names: telemetry::channel_names(car.params()),
            rows: Vec::new(),
        };
        let steps = (self.duration_s / self.dt_s).round() as usize;
        for k in 0..steps {
            let t = k as f64 * self.dt_s;
            car.set_intent(self.intent_at(t))
                .map_err(|e| e.to_string())?;
            car.step(self.dt_s, ground);
            let mut row = vec![0.0; tel.names.len()];
            telemetry::fill_row(&car, &mut row);
            tel.rows.push(row);
        }
        Ok(tel)
    }
}

/// Read a schedule CSV (`t_s` plus any of `throttle, brake, handbrake, steer, gear`).
///
/// # Errors
/// `file:line: column: message`.
pub fn read_schedule_csv(path: &Path) -> Result<Vec<ScheduleRow>, String> {
    let file = path.display().to_string();
    let mut r = csv::Reader::from_path(path).map_err(|e| format!("{file}: {e}"))?;
    let headers = r.headers().map_err(|e| format!("{file}: {e}"))?.clone();
    let known = ["t_s", "throttle", "brake", "handbrake", "steer", "gear"];
    for h in headers.iter() {
        if !known.contains(&h.trim()) {
            return Err(format!(
                "{file}:1: column `{h}`: unknown (expected {known:?})"
            ));
        }
    }
    let col = |n: &str| headers.iter().position(|h| h.trim() == n);
    let t_col = col("t_s").ok_or_else(|| format!("{file}:1: missing column `t_s`"))?;
    let mut rows: Vec<ScheduleRow> = Vec::new();
    for (k, rec) in r.records().enumerate() {
        let line = k + 2;
        let rec = rec.map_err(|e| format!("{file}:{line}: {e}"))?;
        let get = |name: &str| -> Result<Option<f64>, String> {
            match col(name) {
                None => Ok(None),
                Some(i) => {
                    let s = rec.get(i).unwrap_or("").trim();
                    if s.is_empty() {
                        return Ok(None);
                    }
                    s.parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .map(Some)
                        .ok_or_else(|| {
                            format!("{file}:{line}: column `{name}`: not a number: {s:?}")
                        })
                }
            }
        };
        let t = rec
            .get(t_col)
            .unwrap_or("")
            .trim()
            .parse::<f64>()
            .map_err(|_| format!("{file}:{line}: column `t_s`: not a number"))?;
        if rows.last().is_some_and(|p| t <= p.t_s) {
            return Err(format!("{file}:{line}: column `t_s`: times must increase"));
        }
        rows.push(ScheduleRow {
            t_s: t,
            throttle: get("throttle")?.unwrap_or(0.0),
            brake: get("brake")?.unwrap_or(0.0),
            handbrake: get("handbrake")?.unwrap_or(0.0),
            steer: get("steer")?.unwrap_or(0.0),
            gear: get("gear")?.map(|g| g as i8),
        });
    }
    Ok(rows)
}
