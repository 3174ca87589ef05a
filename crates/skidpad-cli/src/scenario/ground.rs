//! The ground of a scenario: flat, incline, bumps, a PNG heightfield or a heightfield from a
//! function of x and y, with surface patches — the `[ground]` table and its translation to
//! the core's grounds ([`skidpad::ground::terrain`], [`skidpad::ground::heightmap`]), with
//! errors naming the key and its line.

use serde::Deserialize;
use skidpad::DVec3;
use skidpad::file::{ConfigErrorKind, Document};
use skidpad::ground::heightmap::{self, Placement};
use skidpad::ground::terrain::{self, FunctionGrid, Patched, TerrainError};
use skidpad::ground::{Ground, HeightField, Plane, SurfaceId};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The ground of a scenario.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GroundSpec {
    /// `flat` (default), `incline`, `bumps`, `heightfield` or `function`.
    pub kind: GroundKind,
    /// Grade of the incline, rising along +x: rise per unit run. Unit: 1 (key `grade_pct`:
    /// %). Range: [−1, 1]. Default: 0.
    pub grade: f64,
    /// Surface id of the whole ground. Default: 0 (tarmac).
    pub surface: u16,
    /// Bump amplitude (kind `bumps`). Unit: m. Range: [0, 0.5]. Default: 0.
    pub amplitude: f64,
    /// Bump wavelength (kind `bumps`). Unit: m. Range: [1, 100]. Default: 10.
    pub wavelength: f64,
    /// Rectangles of another surface (world x, y): the first patch containing a contact
    /// point decides its surface.
    pub patches: Vec<SurfacePatch>,
    /// Grayscale PNG heightmap (kind `heightfield`), relative to the scenario file. Required
    /// for that kind.
    pub png: Option<PathBuf>,
    /// Ground extent covered by the image's width, along x (kind `heightfield`). Unit: m.
    /// Range: (0, ∞). Required for that kind.
    pub size_x: Option<f64>,
    /// Ground extent covered by the image's height, along y (kind `heightfield`); pixels must
    /// be square: `size_y = size_x · height / width`. Unit: m. Range: (0, ∞). Required for
    /// that kind.
    pub size_y: Option<f64>,
    /// Height of a black pixel (kind `heightfield`). Unit: m. Required for that kind.
    pub height_min: Option<f64>,
    /// Height of a white pixel (kind `heightfield`). Unit: m. Range: (`height_min`, ∞).
    /// Required for that kind.
    pub height_max: Option<f64>,
    /// World x of the image's centre (kind `heightfield`). Unit: m. Default: 0.
    pub origin_x: Option<f64>,
    /// World y of the image's centre (kind `heightfield`). Unit: m. Default: 0.
    pub origin_y: Option<f64>,
    /// Height of the ground, an expression in `x` and `y` (world, m), e.g.
    /// `"0.3 * sin(x / 6) * cos(y / 4)"` (kind `function`; see [`GroundKind::Function`]).
    /// Unit: m. Required for that kind.
    pub height: Option<String>,
    /// Lower x edge of the sampled grid (kind `function`). Unit: m. Default: −20.
    pub x_min: Option<f64>,
    /// Upper x edge of the sampled grid, rounded down to a whole number of cells (kind
    /// `function`). Unit: m. Range: (`x_min`, ∞). Default: 280.
    pub x_max: Option<f64>,
    /// Lower y edge of the sampled grid (kind `function`). Unit: m. Default: −15.
    pub y_min: Option<f64>,
    /// Upper y edge of the sampled grid, rounded down to a whole number of cells (kind
    /// `function`). Unit: m. Range: (`y_min`, ∞). Default: 15.
    pub y_max: Option<f64>,
    /// Grid spacing of the sampled function (kind `function`). Unit: m. Range: (0, ∞), at most
    /// [`MAX_FUNCTION_SAMPLES`] samples in all. Default: 0.25. Lower it for short bumps (a
    /// feature needs a few cells), raise it for a large area.
    pub cell_size: Option<f64>,
    /// The heightfield built when the scenario was loaded: decoded from `png` (kind
    /// `heightfield`), sampled from `height` (kind `function`) or the bumps (kind `bumps`);
    /// `None` otherwise. Not a TOML key.
    #[serde(skip)]
    pub terrain: Option<Terrain>,
}

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
            grade: 0.0,
            surface: 0,
            amplitude: 0.0,
            wavelength: 10.0,
            patches: Vec::new(),
            png: None,
            size_x: None,
            size_y: None,
            height_min: None,
            height_max: None,
            origin_x: None,
            origin_y: None,
            height: None,
            x_min: None,
            x_max: None,
            y_min: None,
            y_max: None,
            cell_size: None,
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

impl From<SurfacePatch> for terrain::SurfacePatch {
    fn from(p: SurfacePatch) -> Self {
        Self {
            x_min: p.x_min,
            x_max: p.x_max,
            y_min: p.y_min,
            y_max: p.y_max,
            surface: SurfaceId(p.surface),
        }
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
    /// A heightfield from a grayscale PNG (`png`, `size_x`, `size_y`, `height_min`,
    /// `height_max`, optional `origin_x`, `origin_y`); see [`skidpad::ground::heightmap`].
    /// There is no ground outside the image.
    Heightfield,
    /// A heightfield sampled from a function of x and y: `height` (an expression such as
    /// `"0.3 * sin(x / 6) * cos(y / 4)"`: `+ - * / ^`, `sin`, `cos`, `tan`, `asin`, `acos`,
    /// `atan`, `atan2`, `sinh`, `cosh`, `tanh`, `sqrt`, `exp`, `ln`, `log10`, `abs`, `min`,
    /// `max`, `floor`, `round`, constants `PI`, `TAU`, `E`; numbers as `2`, `0.5`, `.5`,
    /// `1e-3`, `2.5E2`; variables `x`, `y` only, in m; unary minus binds tighter than `^`, so
    /// write `-(x^2)`, not `-x^2`)
    /// at every `cell_size` over `[x_min, x_max] × [y_min, y_max]` (default the bumps
    /// grid: x ∈ [−20, 280] m, y ∈ [−15, 15] m, 0.25 m cells), linear between samples. There
    /// is no ground outside the grid ([`terrain::function_heightfield`]).
    Function,
}

pub use terrain::MAX_FUNCTION_SAMPLES;

/// The function-ground keys, which only kind `function` uses.
const FUNCTION_KEYS: [&str; 6] = ["height", "x_min", "x_max", "y_min", "y_max", "cell_size"];

/// Keys of the planes and the bumps, which kind `function` does not use.
const SHAPE_KEYS: [&str; 3] = ["grade", "amplitude", "wavelength"];

/// The heightfield keys, which only kind `heightfield` uses; the first five are required.
const HEIGHTFIELD_KEYS: [&str; 7] = [
    "png",
    "size_x",
    "size_y",
    "height_min",
    "height_max",
    "origin_x",
    "origin_y",
];

impl GroundSpec {
    /// Check the kind-specific keys, build the heightfield of kinds `heightfield` (decoding
    /// the PNG), `function` (sampling `height`) and `bumps` into `ground.terrain`, and check
    /// that the start `(x, y)` is on it. Errors name the key at fault and its line (a missing
    /// key: the line of `kind`).
    pub(super) fn load(
        &mut self,
        doc: &Document<'_>,
        dir: &Path,
        start: (f64, f64),
    ) -> Result<(), String> {
        // Keys without a table are the start's, in `[initial]`.
        // A missing key is reported at `kind`, which asks for it.
        let at = |key: &str, rule: &str| {
            let path = match key {
                "x" | "y" => format!("initial.{key}"),
                _ => format!("ground.{key}"),
            };
            if !doc.is_set(&path) && doc.is_set("ground.kind") {
                let mut e = doc.error("ground.kind", ConfigErrorKind::MissingKey, rule);
                e.key = path;
                return e.to_string();
            }
            doc.error(&path, ConfigErrorKind::Invalid, rule).to_string()
        };
        self.check_kind_keys(doc, &at)?;
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
                ("x", "origin_x", "x_min", "x_max", start.0, lo.x)
            } else {
                ("y", "origin_y", "y_min", "y_max", start.1, lo.y)
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
    fn check_kind_keys(
        &self,
        doc: &Document<'_>,
        at: &dyn Fn(&str, &str) -> String,
    ) -> Result<(), String> {
        let g = self;
        let heightfield_set = [
            g.png.is_some(),
            g.size_x.is_some(),
            g.size_y.is_some(),
            g.height_min.is_some(),
            g.height_max.is_some(),
            g.origin_x.is_some(),
            g.origin_y.is_some(),
        ];
        let function_set = [
            g.height.is_some(),
            g.x_min.is_some(),
            g.x_max.is_some(),
            g.y_min.is_some(),
            g.y_max.is_some(),
            g.cell_size.is_some(),
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
            if let Some(key) = SHAPE_KEYS
                .iter()
                .find(|k| doc.is_set(&format!("ground.{k}")))
            {
                return Err(at(
                    key,
                    "not used with kind = \"function\" (put it in height)",
                ));
            }
        }
        Ok(())
    }

    /// The bumps grid (kind `bumps`, [`terrain::bumps`]).
    fn bumps(&self) -> Result<HeightField, String> {
        terrain::bumps(self.amplitude, self.wavelength, SurfaceId(self.surface))
            .map_err(|e| format!("bumps ground: {e}"))
    }

    /// The PNG heightfield (kind `heightfield`).
    fn image(&self, dir: &Path, at: &dyn Fn(&str, &str) -> String) -> Result<HeightField, String> {
        let g = self;
        let set = [
            g.png.is_some(),
            g.size_x.is_some(),
            g.size_y.is_some(),
            g.height_min.is_some(),
            g.height_max.is_some(),
        ];
        if let Some(k) = (0..set.len()).find(|&k| !set[k]) {
            return Err(at(
                HEIGHTFIELD_KEYS[k],
                "required for kind = \"heightfield\"",
            ));
        }
        let place = Placement {
            size_x: g.size_x.unwrap_or_default(),
            size_y: g.size_y.unwrap_or_default(),
            height_min: g.height_min.unwrap_or_default(),
            height_max: g.height_max.unwrap_or_default(),
            origin_x: g.origin_x.unwrap_or(0.0),
            origin_y: g.origin_y.unwrap_or(0.0),
        };
        // Numbers first (no file needed), then the image.
        let fail = |e: TerrainError| at(e.key, &e.message);
        place.validate().map_err(fail)?;
        let png = dir.join(g.png.as_deref().unwrap_or(Path::new("")));
        let image = heightmap::read_png(&png).map_err(fail)?;
        Ok(heightmap::height_field(&image, &place)
            .map_err(fail)?
            .with_surface(SurfaceId(g.surface)))
    }

    /// The sampled function (kind `function`, [`terrain::function_heightfield`]).
    fn function(&self, at: &dyn Fn(&str, &str) -> String) -> Result<HeightField, String> {
        let text = self
            .height
            .as_deref()
            .ok_or_else(|| at("height", "required for kind = \"function\""))?;
        let d = FunctionGrid::default();
        let grid = FunctionGrid {
            x_min: self.x_min.unwrap_or(d.x_min),
            x_max: self.x_max.unwrap_or(d.x_max),
            y_min: self.y_min.unwrap_or(d.y_min),
            y_max: self.y_max.unwrap_or(d.y_max),
            cell_size: self.cell_size.unwrap_or(d.cell_size),
        };
        terrain::function_heightfield(text, &grid, SurfaceId(self.surface))
            .map_err(|e| at(e.key, &e.message))
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
            patches: self.patches.iter().map(|&p| p.into()).collect(),
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
            GroundKind::Incline => self.grade.atan(),
            _ => 0.0,
        }
    }
}
