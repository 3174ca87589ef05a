//! Test-track grounds built from a few numbers: surface patches over any ground, a field of
//! smooth bumps, and (feature `files`) a heightfield sampled from a function of x and y.
//!
//! | ground | shape | unit |
//! |---|---|---|
//! | [`Patched`] | any ground, its hits' surface id replaced inside axis-aligned rectangles of world x, y (first match wins, edges inclusive) | m |
//! | [`bumps`] | `z = A·sin(2πx/λ)·sin(2πy/λ)` sampled every 0.25 m over x ∈ [−20, 280] m, y ∈ [−15, 15] m | m |
//! | [`function_heightfield`] | `z = f(x, y)` (an exmex expression in `x`, `y`) sampled every `cell_size` over a [`FunctionGrid`] | m |
//!
//! Heightfields are linear between samples (two triangles per cell, [`HeightField`]) and have
//! no ground outside their grid. Errors ([`TerrainError`]) name the parameter at fault with the
//! field names of [`FunctionGrid`] and [`super::heightmap::Placement`], which are also the
//! command line's scenario keys.

#[cfg(feature = "parry")]
use super::HeightField;
use super::{Ground, GroundHit, QueryFilter, SurfaceId, SweepHits};
use crate::DVec3;

/// Why numbers or a file cannot become a ground, and which parameter to blame.
#[derive(Debug, Clone, PartialEq)]
pub struct TerrainError {
    /// The parameter at fault (`png`, `size_y`, `height`, `cell_size`, ...).
    pub key: &'static str,
    /// What is wrong.
    pub message: String,
}

impl TerrainError {
    #[cfg_attr(not(feature = "files"), allow(dead_code))]
    pub(crate) fn new(key: &'static str, message: impl Into<String>) -> Self {
        Self {
            key,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for TerrainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "key {}: {}", self.key, self.message)
    }
}

impl std::error::Error for TerrainError {}

/// A rectangle of ground with its own surface id. Unit: m (world x, y).
#[derive(Debug, Clone, Copy, PartialEq)]
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
    pub surface: SurfaceId,
}

impl SurfacePatch {
    /// Whether the world point `p` lies inside (edges included; z is ignored).
    pub fn contains(&self, p: DVec3) -> bool {
        (self.x_min..=self.x_max).contains(&p.x) && (self.y_min..=self.y_max).contains(&p.y)
    }
}

/// A ground whose surface id changes over rectangular patches; its surface table is the
/// wrapped ground's.
///
/// ```
/// use skidpad::ground::{Ground, Plane, SurfaceId, terrain::{Patched, SurfacePatch}};
/// use skidpad::DVec3;
/// let ice = SurfacePatch { x_min: 0.0, x_max: 10.0, y_min: 0.0, y_max: 5.0, surface: SurfaceId(5) };
/// let g = Patched { ground: Plane::flat(), patches: vec![ice] };
/// let down = |x, y| g.cast_ray(DVec3::new(x, y, 1.0), DVec3::NEG_Z, 2.0).unwrap().surface;
/// assert_eq!((down(5.0, 2.0), down(5.0, -2.0)), (SurfaceId(5), SurfaceId(0)));
/// ```
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
            if let Some(p) = self.patches.iter().find(|p| p.contains(h.point)) {
                h.surface = p.surface;
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

    fn cast_ray_filtered(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        self.relabel(
            self.ground
                .cast_ray_filtered(origin, direction, max_distance, filter),
        )
    }

    fn cast_sphere_filtered(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        self.relabel(self.ground.cast_sphere_filtered(
            origin,
            radius,
            direction,
            max_distance,
            filter,
        ))
    }

    fn cast_sphere_touches(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
        hits: &mut SweepHits,
    ) {
        let mut own = SweepHits::default();
        self.ground
            .cast_sphere_touches(origin, radius, direction, max_distance, filter, &mut own);
        for h in own.as_slice() {
            if let Some(h) = self.relabel(Some(*h)) {
                hits.push(h);
            }
        }
    }

    fn surfaces(&self) -> &crate::surface::SurfaceTable {
        self.ground.surfaces()
    }

    fn max_height_over(&self, min: glam::DVec2, max: glam::DVec2) -> Option<f64> {
        self.ground.max_height_over(min, max)
    }

    fn max_height_over_sloped(
        &self,
        min: glam::DVec2,
        max: glam::DVec2,
        slope: glam::DVec2,
    ) -> Option<f64> {
        self.ground.max_height_over_sloped(min, max, slope)
    }
}

/// The bumps grid (and the default [`FunctionGrid`]): a 300 m run along +x from 20 m behind
/// the origin, ±15 m across, sampled finer than a tire's contact patch is long:
/// `[x_min, x_max, y_min, y_max, cell]`. Unit: m.
pub const BUMPS_GRID: [f64; 5] = [-20.0, 280.0, -15.0, 15.0, 0.25];

/// Smooth bumps `z = amplitude·sin(2πx/wavelength)·sin(2πy/wavelength)` (m) over
/// [`BUMPS_GRID`] (1201 × 121 samples), all of `surface`. Feature `parry`.
///
/// # Errors
/// A non-finite height (amplitude or wavelength not finite, wavelength 0).
#[cfg(feature = "parry")]
pub fn bumps(
    amplitude: f64,
    wavelength: f64,
    surface: SurfaceId,
) -> Result<HeightField, crate::ParamError> {
    let k = std::f64::consts::TAU / wavelength;
    let [x0, _, y0, _, cell] = BUMPS_GRID;
    Ok(
        HeightField::from_fn(1201, 121, cell, glam::DVec2::new(x0, y0), |x, y| {
            amplitude * (k * x).sin() * (k * y).sin()
        })?
        .with_surface(surface),
    )
}

#[cfg(all(feature = "files", feature = "parry"))]
mod function;
#[cfg(all(feature = "files", feature = "parry"))]
pub use function::{FunctionGrid, MAX_FUNCTION_SAMPLES, function_heightfield};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::Plane;

    #[test]
    fn patches_relabel_first_match_and_forward_the_table() {
        let a = SurfacePatch {
            x_min: 0.0,
            x_max: 10.0,
            y_min: -1.0,
            y_max: 1.0,
            surface: SurfaceId(2),
        };
        let b = SurfacePatch {
            surface: SurfaceId(3),
            x_max: 20.0,
            ..a
        };
        let g = Patched {
            ground: Plane::flat().with_surface(SurfaceId(1)),
            patches: vec![a, b],
        };
        let at = |x: f64| {
            g.cast_sphere(DVec3::new(x, 0.0, 1.0), 0.3, DVec3::NEG_Z, 2.0)
                .unwrap()
                .surface
        };
        // Inside both: the first; inside only b; the edge x = 20 counts; beyond: the plane's.
        assert_eq!(at(5.0), SurfaceId(2));
        assert_eq!(at(15.0), SurfaceId(3));
        assert_eq!(at(20.0), SurfaceId(3));
        assert_eq!(at(25.0), SurfaceId(1));
        assert!(std::ptr::eq(g.surfaces(), g.ground.surfaces()));
    }

    #[cfg(feature = "parry")]
    #[test]
    fn bumps_height_by_hand() {
        // A = 0.1 m, λ = 10 m: at (2.5, 2.5) both sines are 1 → 0.1 m; at (2.5, 7.5) the y
        // sine is −1 → −0.1 m; on x = 0 the ground is level.
        let hf = bumps(0.1, 10.0, SurfaceId(4)).unwrap();
        assert!((hf.height_at(2.5, 2.5).unwrap() - 0.1).abs() < 1e-12);
        assert!((hf.height_at(2.5, 7.5).unwrap() + 0.1).abs() < 1e-12);
        assert!(hf.height_at(0.0, 3.0).unwrap().abs() < 1e-12);
        assert_eq!(hf.size(), (1201, 121));
        assert!(hf.height_at(-21.0, 0.0).is_none());
        assert!(bumps(0.1, 0.0, SurfaceId(0)).is_err());
    }
}
