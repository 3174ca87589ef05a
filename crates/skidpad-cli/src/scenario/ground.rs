//! The ground of a scenario: flat, incline, bumps, a PNG heightfield or a heightfield from a
//! function of x and y, with surface patches.

use super::key_line;
use crate::heightmap::{self, Placement};
use serde::Deserialize;
use skidpad::DVec3;
use skidpad::ground::{Ground, GroundHit, HeightField, Plane, SurfaceId};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The ground of a scenario.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GroundSpec {
    /// `flat` (default), `incline`, `bumps`, `heightfield` or `function`.
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
    /// Height of the ground, an expression in `x` and `y` (world, m), e.g.
    /// `"0.3 * sin(x / 6) * cos(y / 4)"` (kind `function`; see [`GroundKind::Function`]).
    /// Unit: m. Required for that kind.
    pub height_m: Option<String>,
    /// Lower x edge of the sampled grid (kind `function`). Unit: m. Default: −20.
    pub x_min_m: Option<f64>,
    /// Upper x edge of the sampled grid, rounded down to a whole number of cells (kind
    /// `function`). Unit: m. Range: (`x_min_m`, ∞). Default: 280.
    pub x_max_m: Option<f64>,
    /// Lower y edge of the sampled grid (kind `function`). Unit: m. Default: −15.
    pub y_min_m: Option<f64>,
    /// Upper y edge of the sampled grid, rounded down to a whole number of cells (kind
    /// `function`). Unit: m. Range: (`y_min_m`, ∞). Default: 15.
    pub y_max_m: Option<f64>,
    /// Grid spacing of the sampled function (kind `function`). Unit: m. Range: (0, ∞), at most
    /// [`MAX_FUNCTION_SAMPLES`] samples in all. Default: 0.25. Lower it for short bumps (a
    /// feature needs a few cells), raise it for a large area.
    pub cell_m: Option<f64>,
    /// The heightfield built when the scenario was loaded: decoded from `png` (kind
    /// `heightfield`), sampled from `height_m` (kind `function`) or the bumps (kind `bumps`);
    /// `None` otherwise. Not a TOML key.
    #[serde(skip)]
    pub terrain: Option<Terrain>,
}

// exmex's default number literal has no exponent (`1e-3` failed with a message about "ops and
// nodes"); this one adds `[eE][+-]?digits`.
use exmex::MatchLiteral;
exmex::literal_matcher_from_pattern!(SciNumber, r"^(\.?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?)");

/// A `height_m` expression: f64, the default operators, numbers with exponents.
type HeightExpr = exmex::FlatEx<f64, exmex::FloatOpsFactory<f64>, SciNumber>;

/// A heightfield ground built from a scenario (its PNG, function or bumps), shared cheaply
/// between runs.
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
            height_m: None,
            x_min_m: None,
            x_max_m: None,
            y_min_m: None,
            y_max_m: None,
            cell_m: None,
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
    /// A heightfield sampled from a function of x and y: `height_m` (an expression such as
    /// `"0.3 * sin(x / 6) * cos(y / 4)"`: `+ - * / ^`, `sin`, `cos`, `tan`, `asin`, `acos`,
    /// `atan`, `atan2`, `sinh`, `cosh`, `tanh`, `sqrt`, `exp`, `ln`, `log10`, `abs`, `min`,
    /// `max`, `floor`, `round`, constants `PI`, `TAU`, `E`; numbers as `2`, `0.5`, `.5`,
    /// `1e-3`, `2.5E2`; variables `x`, `y` only, in m; unary minus binds tighter than `^`, so
    /// write `-(x^2)`, not `-x^2`)
    /// at every `cell_m` over `[x_min_m, x_max_m] × [y_min_m, y_max_m]` (default the bumps
    /// grid: x ∈ [−20, 280] m, y ∈ [−15, 15] m, 0.25 m cells), linear between samples. There
    /// is no ground outside the grid.
    Function,
}

/// Most samples a `function` ground may have (32 MB of heights, about a second to evaluate):
/// a typo in the grid keys is an error rather than gigabytes.
pub const MAX_FUNCTION_SAMPLES: usize = 4_000_000;

/// The default `function` grid: the `bumps` grid, a 300 m run along +x from 20 m behind the
/// origin, ±15 m across, sampled finer than a tire's contact patch is long.
const FUNCTION_GRID: [f64; 5] = [-20.0, 280.0, -15.0, 15.0, 0.25];

/// The function-ground keys, which only kind `function` uses.
const FUNCTION_KEYS: [&str; 6] = [
    "height_m", "x_min_m", "x_max_m", "y_min_m", "y_max_m", "cell_m",
];

/// Keys of the planes and the bumps, which kind `function` does not use.
const SHAPE_KEYS: [&str; 3] = ["grade_pct", "amplitude_m", "wavelength_m"];

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

impl GroundSpec {
    /// Check the kind-specific keys, build the heightfield of kinds `heightfield` (decoding
    /// the PNG), `function` (sampling `height_m`) and `bumps` into `ground.terrain`, and check
    /// that the start `(x, y)` is on it. Errors name the key at fault and its line (a missing
    /// key: the line of `kind`).
    pub(super) fn load(
        &mut self,
        text: &str,
        origin: &str,
        dir: &Path,
        start: (f64, f64),
    ) -> Result<(), String> {
        let at = |key: &str, rule: &str| {
            let line = match key_line(text, key) {
                0 => key_line(text, "kind"),
                l => l,
            };
            format!("{origin}:{line}: key {key}: {rule}")
        };
        self.check_kind_keys(text, &at)?;
        let terrain = match self.kind {
            GroundKind::Flat | GroundKind::Incline => None,
            GroundKind::Bumps => Some(self.bumps()?),
            GroundKind::Heightfield => Some(self.image(dir, &at)?),
            GroundKind::Function => Some(self.function(&at)?),
        };
        if let Some(hf) = &terrain
            && hf.height_at(start.0, start.1).is_none()
        {
            let (lo, n) = (hf.origin(), hf.size());
            let hi = lo + hf.cell_size() * glam::DVec2::new((n.0 - 1) as f64, (n.1 - 1) as f64);
            let off_x = !(lo.x..=hi.x).contains(&start.0);
            // Name what the user most likely wants to move: the start if they set it, else
            // the image's centre or the grid's near edge.
            let (start_key, origin_key, lo_key, hi_key, v, lo_v) = if off_x {
                ("x_m", "origin_x_m", "x_min_m", "x_max_m", start.0, lo.x)
            } else {
                ("y_m", "origin_y_m", "y_min_m", "y_max_m", start.1, lo.y)
            };
            let key = match self.kind {
                _ if v != 0.0 => start_key,
                GroundKind::Heightfield => origin_key,
                GroundKind::Function if v < lo_v => lo_key,
                GroundKind::Function => hi_key,
                _ => start_key,
            };
            return Err(at(
                key,
                &format!(
                    "the vehicle starts at ({}, {}), which must be on the heightfield; the \
                     ground spans x ∈ [{}, {}] m, y ∈ [{}, {}] m (the outer samples)",
                    start.0, start.1, lo.x, hi.x, lo.y, hi.y
                ),
            ));
        }
        self.terrain = terrain.map(|hf| Terrain(Arc::new(hf)));
        Ok(())
    }

    /// Keys of one kind set on another: an error (a forgotten or mistyped `kind`?).
    fn check_kind_keys(&self, text: &str, at: &dyn Fn(&str, &str) -> String) -> Result<(), String> {
        let g = self;
        let heightfield_set = [
            g.png.is_some(),
            g.size_x_m.is_some(),
            g.size_y_m.is_some(),
            g.height_min_m.is_some(),
            g.height_max_m.is_some(),
            g.origin_x_m.is_some(),
            g.origin_y_m.is_some(),
        ];
        let function_set = [
            g.height_m.is_some(),
            g.x_min_m.is_some(),
            g.x_max_m.is_some(),
            g.y_min_m.is_some(),
            g.y_max_m.is_some(),
            g.cell_m.is_some(),
        ];
        for (kind, keys, set) in [
            (
                GroundKind::Heightfield,
                &HEIGHTFIELD_KEYS[..],
                &heightfield_set[..],
            ),
            (GroundKind::Function, &FUNCTION_KEYS[..], &function_set[..]),
        ] {
            if g.kind != kind
                && let Some(k) = (0..set.len()).find(|&k| set[k])
            {
                let name = if kind == GroundKind::Function {
                    "function"
                } else {
                    "heightfield"
                };
                return Err(at(keys[k], &format!("only used with kind = \"{name}\"")));
            }
        }
        if g.kind == GroundKind::Function {
            // These have defaults, so look for them in the file itself.
            let raw: toml::Table = toml::from_str(text).unwrap_or_default();
            let ground = raw.get("ground").and_then(toml::Value::as_table);
            if let Some(key) = SHAPE_KEYS
                .iter()
                .find(|k| ground.is_some_and(|t| t.contains_key(**k)))
            {
                return Err(at(
                    key,
                    "not used with kind = \"function\" (put it in height_m)",
                ));
            }
        }
        Ok(())
    }

    /// The bumps grid (kind `bumps`).
    fn bumps(&self) -> Result<HeightField, String> {
        let (a, l) = (self.amplitude_m, self.wavelength_m);
        let k = std::f64::consts::TAU / l;
        Ok(
            HeightField::from_fn(1201, 121, 0.25, glam::DVec2::new(-20.0, -15.0), |x, y| {
                a * (k * x).sin() * (k * y).sin()
            })
            .map_err(|e| format!("bumps ground: {e}"))?
            .with_surface(SurfaceId(self.surface)),
        )
    }

    /// The PNG heightfield (kind `heightfield`).
    fn image(&self, dir: &Path, at: &dyn Fn(&str, &str) -> String) -> Result<HeightField, String> {
        let g = self;
        let set = [
            g.png.is_some(),
            g.size_x_m.is_some(),
            g.size_y_m.is_some(),
            g.height_min_m.is_some(),
            g.height_max_m.is_some(),
        ];
        if let Some(k) = (0..set.len()).find(|&k| !set[k]) {
            return Err(at(
                HEIGHTFIELD_KEYS[k],
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
        let fail = |e: heightmap::HeightMapError| at(e.key, &e.message);
        place.validate().map_err(fail)?;
        let png = dir.join(g.png.as_deref().unwrap_or(Path::new("")));
        let image = heightmap::read_png(&png).map_err(fail)?;
        Ok(heightmap::height_field(&image, &place)
            .map_err(fail)?
            .with_surface(SurfaceId(g.surface)))
    }

    /// The sampled function (kind `function`).
    fn function(&self, at: &dyn Fn(&str, &str) -> String) -> Result<HeightField, String> {
        let text = self
            .height_m
            .as_deref()
            .ok_or_else(|| at("height_m", "required for kind = \"function\""))?;
        let [x0, x1, y0, y1, cell] = FUNCTION_GRID;
        let (x0, x1) = (self.x_min_m.unwrap_or(x0), self.x_max_m.unwrap_or(x1));
        let (y0, y1) = (self.y_min_m.unwrap_or(y0), self.y_max_m.unwrap_or(y1));
        let cell = self.cell_m.unwrap_or(cell);
        for (key, v) in [
            ("x_min_m", x0),
            ("x_max_m", x1),
            ("y_min_m", y0),
            ("y_max_m", y1),
            ("cell_m", cell),
        ] {
            if !v.is_finite() {
                return Err(at(key, &format!("must be finite (got {v})")));
            }
        }
        if cell <= 0.0 {
            return Err(at("cell_m", &format!("must be > 0 (got {cell})")));
        }
        // Whole cells from the lower edge; at least one cell each way.
        let count = |key: &str, lo: f64, hi: f64, lo_key: &str| {
            let cells = ((hi - lo) / cell * (1.0 + 1e-12)).floor();
            if cells < 1.0 {
                return Err(at(
                    key,
                    &format!(
                        "must be at least one cell_m ({cell} m) above {lo_key} = {lo} m (got {hi})"
                    ),
                ));
            }
            Ok(cells + 1.0)
        };
        let nx = count("x_max_m", x0, x1, "x_min_m")?;
        let ny = count("y_max_m", y0, y1, "y_min_m")?;
        if nx * ny > MAX_FUNCTION_SAMPLES as f64 {
            return Err(at(
                "cell_m",
                &format!(
                    "the grid would have {nx} × {ny} = {} samples, more than {MAX_FUNCTION_SAMPLES}: \
                     raise cell_m or shrink x_min_m..x_max_m, y_min_m..y_max_m",
                    nx * ny
                ),
            ));
        }
        let (nx, ny) = (nx as usize, ny as usize);
        let bad = |m: &str| at("height_m", m);
        let expr = <HeightExpr as exmex::Express<f64>>::parse(text)
            .map_err(|e| bad(&format!("{text:?}: {e}")))?;
        let vars = exmex::Express::var_names(&expr).to_vec();
        if let Some(v) = vars.iter().find(|v| *v != "x" && *v != "y") {
            return Err(bad(&format!(
                "{text:?}: unknown variable `{v}` (only x and y, in m)"
            )));
        }
        // Variables are passed in alphabetical order: [x], [y] or [x, y].
        let mut args = [0.0; 2];
        let mut heights = Vec::with_capacity(nx * ny);
        for j in 0..ny {
            for i in 0..nx {
                let (x, y) = (x0 + i as f64 * cell, y0 + j as f64 * cell);
                for (slot, v) in args.iter_mut().zip(&vars) {
                    *slot = if v == "x" { x } else { y };
                }
                let z = exmex::Express::eval(&expr, &args[..vars.len()])
                    .map_err(|e| bad(&format!("{text:?} at (x, y) = ({x}, {y}): {e}")))?;
                if !z.is_finite() {
                    return Err(bad(&format!(
                        "{text:?} is {z} at (x, y) = ({x}, {y}) m; it must be finite on the \
                         whole grid x ∈ [{x0}, {}] m, y ∈ [{y0}, {}] m",
                        x0 + (nx - 1) as f64 * cell,
                        y0 + (ny - 1) as f64 * cell
                    )));
                }
                heights.push(z);
            }
        }
        Ok(
            HeightField::try_new(nx, ny, cell, glam::DVec2::new(x0, y0), heights)
                .map_err(|e| at("cell_m", &e.to_string()))?
                .with_surface(SurfaceId(self.surface)),
        )
    }

    /// The scenario's ground: the shape of [`GroundSpec::kind`] with its surface, relabelled by
    /// the patches.
    ///
    /// # Errors
    /// A bumps grid the core rejects, or kind `heightfield` or `function` not built (a
    /// [`super::Scenario`] built by hand rather than by [`super::Scenario::from_path`] or
    /// [`super::Scenario::from_toml_str`]).
    pub fn build(&self) -> Result<Patched<Box<dyn Ground>>, String> {
        let surface = SurfaceId(self.surface);
        let shape: Box<dyn Ground> = match self.kind {
            GroundKind::Flat | GroundKind::Incline => Box::new(
                Plane::inclined(self.incline_angle(), glam::DVec2::X).with_surface(surface),
            ),
            GroundKind::Bumps => match &self.terrain {
                Some(t) => Box::new(Arc::clone(&t.0)),
                None => Box::new(self.bumps()?),
            },
            GroundKind::Heightfield | GroundKind::Function => {
                Box::new(Arc::clone(&self.terrain()?.0))
            }
        };
        Ok(Patched {
            ground: shape,
            patches: self.patches.clone(),
        })
    }

    /// The heightfield built at load (kinds `heightfield`, `function`, `bumps`).
    pub(super) fn terrain(&self) -> Result<&Terrain, String> {
        self.terrain.as_ref().ok_or_else(|| {
            "heightfield ground: not built (load the scenario with Scenario::from_path or \
             Scenario::from_toml_str)"
                .to_string()
        })
    }

    /// Height and upward unit normal of the ground under `(x, y)`: the plane's, or the
    /// heightfield triangle's there. `Ok(None)` off a heightfield.
    ///
    /// # Errors
    /// Kind `heightfield` or `function` not built (a hand-made [`GroundSpec`]); bumps are
    /// built on demand.
    pub fn surface_under(&self, x: f64, y: f64) -> Result<Option<(f64, DVec3)>, String> {
        let on = |hf: &HeightField| hf.height_at(x, y).zip(hf.normal_at(x, y));
        Ok(match self.kind {
            GroundKind::Flat | GroundKind::Incline => {
                let th = self.incline_angle();
                Some((x * th.tan(), DVec3::new(-th.sin(), 0.0, th.cos())))
            }
            GroundKind::Bumps if self.terrain.is_none() => on(&self.bumps()?),
            _ => on(&self.terrain()?.0),
        })
    }

    /// Pitch of the ground plane at the start (incline only). Unit: rad.
    pub fn incline_angle(&self) -> f64 {
        match self.kind {
            GroundKind::Incline => (self.grade_pct / 100.0).atan(),
            _ => 0.0,
        }
    }
}
