//! The ground of a scenario: flat, incline, bumps or a PNG heightfield, with surface patches.

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
    /// Check the heightfield keys and, for kind `heightfield`, decode the PNG into
    /// `ground.terrain`. Errors name the key at fault and its line (a missing key: the line of
    /// `kind`).
    pub(super) fn load_heightfield(
        &mut self,
        text: &str,
        origin: &str,
        dir: &Path,
    ) -> Result<(), String> {
        let g = &*self;
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
        self.terrain = Some(Terrain(Arc::new(hf)));
        Ok(())
    }

    /// The scenario's ground: the shape of [`GroundSpec::kind`] with its surface, relabelled by
    /// the patches.
    ///
    /// # Errors
    /// A bumps grid the core rejects, or kind `heightfield` without a loaded image (a
    /// [`super::Scenario`] built by hand rather than by [`super::Scenario::from_path`] or
    /// [`super::Scenario::from_toml_str`]).
    pub fn build(&self) -> Result<Patched<Box<dyn Ground>>, String> {
        let surface = SurfaceId(self.surface);
        let shape: Box<dyn Ground> = match self.kind {
            GroundKind::Flat | GroundKind::Incline => Box::new(
                Plane::inclined(self.incline_angle(), glam::DVec2::X).with_surface(surface),
            ),
            GroundKind::Bumps => {
                let (a, l) = (self.amplitude_m, self.wavelength_m);
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
            patches: self.patches.clone(),
        })
    }

    /// The loaded heightfield of kind `heightfield`.
    pub(super) fn terrain(&self) -> Result<&Terrain, String> {
        self.terrain
            .as_ref()
            .ok_or_else(|| "heightfield ground: the PNG was not loaded".to_string())
    }

    /// Pitch of the ground plane at the start (incline only). Unit: rad.
    pub fn incline_angle(&self) -> f64 {
        match self.kind {
            GroundKind::Incline => (self.grade_pct / 100.0).atan(),
            _ => 0.0,
        }
    }
}
