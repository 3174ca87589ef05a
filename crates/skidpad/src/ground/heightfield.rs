//! A regular height grid: terrain as `z = f(x, y)` sampled on `nx × ny` points.
//!
//! Sample `(i, j)`, `i ∈ [0, nx)`, `j ∈ [0, ny)`, sits at world
//! `(x₀ + i·Δ, y₀ + j·Δ, heights[j·nx + i])` (row-major, x fastest). Each cell `(i, j)` with
//! corners `v₀₀ = (i, j)`, `v₁₀ = (i+1, j)`, `v₀₁ = (i, j+1)`, `v₁₁ = (i+1, j+1)` is split along
//! the diagonal `v₀₀–v₁₁` into two triangles, both counter-clockwise seen from above (normals
//! have `n_z > 0`):
//! - A = (v₀₀, v₁₀, v₁₁) where the local coordinates satisfy `u ≥ v`:
//!   `z = h₀₀ + (h₁₀ − h₀₀)·u + (h₁₁ − h₁₀)·v`;
//! - B = (v₀₀, v₁₁, v₀₁) where `u ≤ v`: `z = h₀₀ + (h₁₁ − h₀₁)·u + (h₀₁ − h₀₀)·v`,
//!
//! with `u = (x − x₀)/Δ − i`, `v = (y − y₀)/Δ − j` in `[0, 1]`.
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `nx`, `ny` | samples along x and y (≥ 2 each) | – |
//! | `Δ` | cell size ([`HeightField::cell_size`]) | m |
//! | `(x₀, y₀)` | position of sample (0, 0) ([`HeightField::origin`]) | m |
//! | `h` | sample heights, world z | m |
//!
//! Queries:
//! - ray: the segment is clipped to the grid's footprint, then the cells it crosses are walked
//!   in order of `t` with a 2-D DDA (Amanatides & Woo), intersecting both triangles of each cell
//!   (Möller–Trumbore, double-sided, barycentric tolerance [`BARYCENTRIC_TOLERANCE`] so a ray
//!   through a shared edge or vertex hits). The first cell with a hit holds the nearest hit.
//!   Cost: `O(cells crossed)`; a vertical suspension ray touches one cell.
//! - sphere: the cells under the sweep's bounding box, their triangles built from the heights
//!   on the fly and swept in closed form (face, edges, vertices; see `sphere.rs`): exact at
//!   cell edges, vertices and steep steps, and no triangle mesh is stored (memory: the
//!   heights, 8 B per sample). Cost: `O(cells under the footprint)`; a sweep whose
//!   footprint lies inside one triangle (most wheel sweeps on metre-sized cells) sweeps that
//!   triangle's plane alone, the same answer (`sphere/inside.rs`).
//!
//! The ground is the solid below the surface: a query starting above the footprint and below
//! the surface hits at distance 0 with the surface normal there. Outside the footprint there is
//! no ground. Surface ids are per grid or per cell (`(nx − 1)·(ny − 1)` ids, row-major); a hit on
//! a cell boundary takes the cell the query point rounds into.
//!
//! ```
//! use skidpad::ground::{Ground, HeightField};
//! use glam::{DVec2, DVec3};
//! // A 20 % ramp along x sampled on a 11 × 11 grid of 1 m cells.
//! let hf = HeightField::from_fn(11, 11, 1.0, DVec2::ZERO, |x, _y| 0.2 * x).unwrap();
//! let hit = hf.cast_ray(DVec3::new(4.5, 3.3, 5.0), -DVec3::Z, 10.0).unwrap();
//! assert!((hit.point.z - 0.9).abs() < 1e-12);
//! ```

use glam::{DVec2, DVec3};

mod bound;
mod ray;
mod sphere;
use super::plane::{finite_positive, query_ok};
use super::{Ground, GroundHit, SurfaceId};
use crate::error::{ParamError, check};

/// Barycentric slack of the ray–triangle test, so that rays through a shared edge or vertex of
/// two triangles hit (at least) one of them despite rounding. Unit: – (fraction of an edge).
pub const BARYCENTRIC_TOLERANCE: f64 = 1e-10;

/// Most samples [`HeightField`]'s [`Ground::max_height_over`] scans (a 16 × 16 block); a larger
/// rectangle's bound is unknown.
pub const MAX_BOUND_SAMPLES: usize = 256;

/// `k as f64` for a grid index (below 2³²: `nx·ny` fits in u32, checked at construction),
/// through `u32`: one conversion instruction where a `usize`'s takes several on x86-64.
/// The same value.
#[inline(always)]
fn real(k: usize) -> f64 {
    debug_assert!(u32::try_from(k).is_ok());
    k as u32 as f64
}

/// The larger of two numbers, `b` if either is NaN (one `maxsd`; `f64::max`'s NaN handling
/// costs several instructions): `f64::max` for a `b` that is never NaN, and for the grid's
/// finite heights.
#[inline(always)]
fn larger(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// The smaller of two numbers, `b` if either is NaN (see [`larger`]).
#[inline(always)]
fn smaller(a: f64, b: f64) -> f64 {
    if a < b { a } else { b }
}

/// `x as usize` (truncation: `floor` for `x ≥ 0`, 0 for negative or NaN) through `u32`, for
/// indices clamped below the grid's size afterwards: the same index as `x as usize` wherever
/// that is below 2³², in fewer instructions.
#[inline(always)]
fn index(x: f64) -> usize {
    x as u32 as usize
}

/// The surface's height (m) and upward normal above a point that lies below it.
type Below = (f64, DVec3);

/// A height grid with two triangles per cell; see the [module docs](crate::ground::heightfield).
#[derive(Debug, Clone)]
pub struct HeightField {
    nx: usize,
    ny: usize,
    cell_size: f64,
    origin: DVec2,
    heights: Vec<f64>,
    surfaces: Vec<SurfaceId>,
    surface_velocity_world: DVec3,
    /// Cells along x and y (`nx − 1`, `ny − 1`) as numbers, for the bounds' range tests.
    cells_x: f64,
    cells_y: f64,
    /// An upper bound of every triangle's gradient `|∇z|` (m/m), [`max_gradient_of`].
    max_gradient: f64,
    /// The grid's part of the scale of the sphere sweep's inside test (m,
    /// `sphere/inside.rs`).
    inside_scale: f64,
    /// This grid's identity ([`Self::id`]): a number no other grid built in this process
    /// has (a clone keeps it: the same samples).
    id: u64,
}

/// The next [`HeightField::id`] (0 is never one).
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl HeightField {
    /// A grid of `nx × ny` samples spaced `cell_size` (m) apart, sample (0, 0) at `origin`
    /// (x, y in m), `heights` row-major (`heights[j·nx + i]`, world z in m). Surface 0, at rest.
    ///
    /// # Errors
    /// [`ParamError`] at `nx`/`ny` (< 2 or too many samples for 32-bit indices), `cell_size`
    /// (not > 0), `origin` (non-finite), `heights` (wrong length) or `heights[k]` (non-finite).
    pub fn try_new(
        nx: usize,
        ny: usize,
        cell_size: f64,
        origin: DVec2,
        heights: Vec<f64>,
    ) -> Result<Self, ParamError> {
        for (name, n) in [("nx", nx), ("ny", ny)] {
            if n < 2 {
                return Err(ParamError::new(name, format!("must be >= 2 (got {n})")));
            }
        }
        let count = nx
            .checked_mul(ny)
            .filter(|&c| u32::try_from(c).is_ok())
            .ok_or_else(|| ParamError::new("nx", "nx·ny must fit in u32"))?;
        check::positive("cell_size", cell_size)?;
        if !origin.is_finite() {
            return Err(ParamError::new(
                "origin",
                format!("must be finite (got {origin})"),
            ));
        }
        if heights.len() != count {
            return Err(ParamError::new(
                "heights",
                format!("must have nx·ny = {count} samples (got {})", heights.len()),
            ));
        }
        if let Some(k) = heights.iter().position(|h| !h.is_finite()) {
            return Err(check::finite("", heights[k])
                .unwrap_err()
                .within_index("heights", k));
        }
        let max_gradient = max_gradient_of(nx, cell_size, &heights);
        Ok(Self {
            nx,
            ny,
            cell_size,
            origin,
            surfaces: vec![SurfaceId(0)],
            surface_velocity_world: DVec3::ZERO,
            cells_x: real(nx - 1),
            cells_y: real(ny - 1),
            max_gradient,
            inside_scale: Self::inside_scale_of(nx, ny, cell_size, origin, max_gradient),
            heights,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// See [`HeightField::try_new`].
    ///
    /// # Panics
    /// If [`HeightField::try_new`] fails.
    pub fn new(nx: usize, ny: usize, cell_size: f64, origin: DVec2, heights: Vec<f64>) -> Self {
        match Self::try_new(nx, ny, cell_size, origin, heights) {
            Ok(h) => h,
            Err(e) => panic!("HeightField::new: {e}"),
        }
    }

    /// A grid sampling `f(x, y) → z` (world coordinates, m) at every sample point.
    ///
    /// # Errors
    /// As [`HeightField::try_new`]; a non-finite `f` value is reported at `heights[k]`.
    pub fn from_fn(
        nx: usize,
        ny: usize,
        cell_size: f64,
        origin: DVec2,
        f: impl Fn(f64, f64) -> f64,
    ) -> Result<Self, ParamError> {
        let heights = (0..ny.saturating_mul(nx))
            .map(|k| {
                let (i, j) = (k % nx.max(1), k / nx.max(1));
                f(
                    origin.x + i as f64 * cell_size,
                    origin.y + j as f64 * cell_size,
                )
            })
            .collect();
        Self::try_new(nx, ny, cell_size, origin, heights)
    }

    /// The same grid with one surface type everywhere.
    #[must_use]
    pub fn with_surface(mut self, surface: SurfaceId) -> Self {
        self.surfaces = vec![surface];
        self
    }

    /// The same grid with a surface type per cell, `(nx − 1)·(ny − 1)` ids, row-major
    /// (`cell_surfaces[j·(nx − 1) + i]`).
    ///
    /// # Errors
    /// [`ParamError`] at `cell_surfaces` if the length is wrong.
    pub fn with_cell_surfaces(mut self, cell_surfaces: Vec<SurfaceId>) -> Result<Self, ParamError> {
        let cells = (self.nx - 1) * (self.ny - 1);
        if cell_surfaces.len() != cells {
            return Err(ParamError::new(
                "cell_surfaces",
                format!(
                    "must have (nx-1)·(ny-1) = {cells} ids (got {})",
                    cell_surfaces.len()
                ),
            ));
        }
        self.surfaces = cell_surfaces;
        Ok(self)
    }

    /// The same grid with ground-material velocity `velocity` (m/s) everywhere.
    #[must_use]
    pub fn with_velocity(mut self, velocity: DVec3) -> Self {
        self.surface_velocity_world = velocity;
        self
    }

    /// An upper bound of the gradient `|∇z|` (m/m) of every triangle of the grid: its
    /// steepest slope, so every triangle's upward unit normal `n` has
    /// `|(n_x, n_y)| ≤ G·n_z` and `n_z ≥ 1/√(1 + G²)` (module docs: a triangle's gradient is
    /// two corner differences over `Δ`).
    pub(crate) fn max_gradient(&self) -> f64 {
        self.max_gradient
    }

    /// This grid's identity: a number given when its samples are set ([`Self::try_new`], the
    /// only place they are), unique among the grids built in this process (a clone keeps
    /// it: a clone has the same samples, grid and origin; the builders that follow
    /// construction change surfaces and velocity only), never 0. Its shape's facts (a height
    /// bound over a region, [`crate::ground::KeptBound`]) are keyed by it. Unit: —.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The ground material's velocity (m/s), the same everywhere ([`Self::with_velocity`]).
    pub(crate) fn velocity(&self) -> DVec3 {
        self.surface_velocity_world
    }

    /// Samples along x and y.
    pub fn size(&self) -> (usize, usize) {
        (self.nx, self.ny)
    }

    /// Cell size. Unit: m.
    pub fn cell_size(&self) -> f64 {
        self.cell_size
    }

    /// Position (x, y) of sample (0, 0). Unit: m.
    pub fn origin(&self) -> DVec2 {
        self.origin
    }

    /// Sample heights, row-major. Unit: m.
    pub fn heights(&self) -> &[f64] {
        &self.heights
    }

    /// Surface height at `(x, y)` (m), `None` outside the footprint.
    pub fn height_at(&self, x: f64, y: f64) -> Option<f64> {
        self.surface_at(x, y).map(|(z, _, _)| z)
    }

    /// Upward unit normal of the triangle under `(x, y)`, `None` outside the footprint.
    pub fn normal_at(&self, x: f64, y: f64) -> Option<DVec3> {
        self.surface_at(x, y).map(|(_, n, _)| n)
    }

    #[inline]
    fn vertex(&self, i: usize, j: usize) -> DVec3 {
        DVec3::new(
            self.origin.x + real(i) * self.cell_size,
            self.origin.y + real(j) * self.cell_size,
            self.heights[j * self.nx + i],
        )
    }

    /// The two triangles of cell `(i, j)`: A = (v₀₀, v₁₀, v₁₁), B = (v₀₀, v₁₁, v₀₁).
    #[inline]
    fn triangles(&self, i: usize, j: usize) -> [[DVec3; 3]; 2] {
        let (v00, v10, v01, v11) = (
            self.vertex(i, j),
            self.vertex(i + 1, j),
            self.vertex(i, j + 1),
            self.vertex(i + 1, j + 1),
        );
        [[v00, v10, v11], [v00, v11, v01]]
    }

    /// Cell containing `(x, y)` (boundary points go to the lower cell; the far edges are
    /// included), `None` outside.
    #[inline]
    fn cell_of(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        let fx = (x - self.origin.x) / self.cell_size;
        let fy = (y - self.origin.y) / self.cell_size;
        // `cells_x`, `cells_y` are `real(nx − 1)`, `real(ny − 1)`, kept.
        if !(fx >= 0.0 && fx <= self.cells_x && fy >= 0.0 && fy <= self.cells_y) {
            return None;
        }
        // `as usize` truncates, which is `floor` for `fx, fy ≥ 0`, without a libm call (the
        // default x86-64 target has no rounding instruction).
        Some((index(fx).min(self.nx - 2), index(fy).min(self.ny - 2)))
    }

    /// Height, upward normal and cell at `(x, y)`.
    fn surface_at(&self, x: f64, y: f64) -> Option<(f64, DVec3, (usize, usize))> {
        let (i, j) = self.cell_of(x, y)?;
        let u = (x - self.origin.x) / self.cell_size - real(i);
        let v = (y - self.origin.y) / self.cell_size - real(j);
        let [a, b] = self.triangles(i, j);
        let t = if u >= v { a } else { b };
        let n = (t[1] - t[0]).cross(t[2] - t[0]).normalize();
        // Plane through t[0]: n·(p − t0) = 0 → z = t0.z − (nx (x − t0.x) + ny (y − t0.y)) / nz.
        let z = t[0].z - (n.x * (x - t[0].x) + n.y * (y - t[0].y)) / n.z;
        Some((z, n, (i, j)))
    }

    /// [`HeightField::surface_at`] under `p` when `p` lies below that surface (`p.z < z`),
    /// else `None`. The queries' "already inside the ground" check: a point clearly above all
    /// four corners of its cell (by more than the bound on `surface_at`'s rounding,
    /// `1e-9·(1 + |h|max + h range)` m, 10⁶ times the worst case) is answered from the
    /// corners alone, with the decision `surface_at` would take. The sphere sweep asks
    /// [`HeightField::cell_of`] and [`HeightField::below_in`] itself (the same answer, the
    /// corners kept for its inside test); the tests' reference.
    #[cfg(test)]
    fn surface_above(&self, p: DVec3) -> Option<(f64, DVec3, (usize, usize))> {
        let (cell, below) = self.locate(p)?;
        below.map(|(z, n)| (z, n, cell))
    }

    /// The cell under `p` ([`HeightField::cell_of`]) and, when `p` lies below the surface
    /// there, its height and normal ([`HeightField::surface_above`]'s answer); `None` off the
    /// footprint. The queries ask its two parts themselves; the tests' reference.
    #[cfg(test)]
    fn locate(&self, p: DVec3) -> Option<((usize, usize), Option<Below>)> {
        let (i, j) = self.cell_of(p.x, p.y)?;
        Some(((i, j), self.below_in(p, self.corner_heights(i, j))))
    }

    /// The heights `[h₀₀, h₁₀, h₀₁, h₁₁]` of cell `(i, j)`'s corners.
    #[inline(always)]
    fn corner_heights(&self, i: usize, j: usize) -> [f64; 4] {
        let k = j * self.nx + i;
        let (low, high) = (
            &self.heights[k..k + 2],
            &self.heights[k + self.nx..k + self.nx + 2],
        );
        [low[0], low[1], high[0], high[1]]
    }

    /// `HeightField::locate`'s second part for `p` over the cell with corner heights
    /// `corners` (the cell of `p`'s [`HeightField::cell_of`]): the surface's height and normal
    /// when `p` lies below it, decided from the corners alone when `p` is clearly above all
    /// four.
    #[inline(always)]
    fn below_in(&self, p: DVec3, corners: [f64; 4]) -> Option<Below> {
        let [a, b, c, d] = corners;
        let (lo, hi) = (
            smaller(smaller(a, b), smaller(c, d)),
            larger(larger(a, b), larger(c, d)),
        );
        if p.z > hi + 1e-9 * (1.0 + larger(hi.abs(), lo.abs()) + (hi - lo)) {
            return None;
        }
        // `surface_at` finds the same cell (the same `cell_of`).
        self.surface_at(p.x, p.y)
            .filter(|&(z, _, _)| p.z < z)
            .map(|(z, n, _)| (z, n))
    }

    #[inline]
    fn surface_of_cell(&self, (i, j): (usize, usize)) -> SurfaceId {
        if self.surfaces.len() == 1 {
            self.surfaces[0]
        } else {
            self.surfaces[j * (self.nx - 1) + i]
        }
    }

    /// Surface of the cell under `p` (clamped into the grid). The clamp by `larger` and
    /// `smaller`, without `f64::clamp`'s bounds check: the same index (a NaN or `−0`
    /// coordinate gives cell 0 either way), and none computed for a one-surface grid.
    fn surface_near(&self, p: DVec3) -> SurfaceId {
        if self.surfaces.len() == 1 {
            return self.surfaces[0];
        }
        let clamp = |f: f64, last: usize| smaller(larger(f, 0.0), real(last));
        let fx = clamp((p.x - self.origin.x) / self.cell_size, self.nx - 2);
        let fy = clamp((p.y - self.origin.y) / self.cell_size, self.ny - 2);
        self.surface_of_cell((index(fx), index(fy)))
    }

    fn hit(&self, point: DVec3, normal: DVec3, distance: f64, cell: (usize, usize)) -> GroundHit {
        GroundHit {
            point,
            normal,
            distance,
            surface: self.surface_of_cell(cell),
            surface_velocity_world: self.surface_velocity_world,
        }
    }
}

/// The steepest triangle's gradient of a grid of `heights` (`nx` samples a row, `cell_size`
/// apart): triangle A of a cell has `∇z = (h₁₀ − h₀₀, h₁₁ − h₁₀)/Δ`, B has
/// `(h₁₁ − h₀₁, h₀₁ − h₀₀)/Δ` (module docs), so `G = max √(d_x² + d_y²)/Δ` over both of
/// every cell. Raised by `1e-9` relative: the rounding of this sum and of the triangles'
/// normals the queries build from the vertices (`x₀ + i·Δ` differences, ≈ 1e-13 relative)
/// stays below it. Unit: m/m.
fn max_gradient_of(nx: usize, cell_size: f64, heights: &[f64]) -> f64 {
    let mut top = 0.0_f64;
    for j in 0..heights.len() / nx - 1 {
        let (low, high) = (&heights[j * nx..][..nx], &heights[(j + 1) * nx..][..nx]);
        for i in 0..nx - 1 {
            let (h00, h10, h01, h11) = (low[i], low[i + 1], high[i], high[i + 1]);
            let a = (h10 - h00).powi(2) + (h11 - h10).powi(2);
            let b = (h11 - h01).powi(2) + (h01 - h00).powi(2);
            top = top.max(a).max(b);
        }
    }
    top.sqrt() / cell_size * (1.0 + 1e-9)
}

impl Ground for HeightField {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        self.walk_ray(origin, direction, max_distance)
    }

    fn as_height_field(&self) -> Option<&HeightField> {
        Some(self)
    }

    /// The surface's highest point over the rectangle from its triangles' planes when it
    /// covers at most 16 cells, else the highest sample of the cells under it (each triangle
    /// interpolates its corners, so none of it lies higher); for a point the higher of its
    /// cell's two triangle planes there (see `heightfield/bound.rs`); `−∞` off the footprint.
    /// Unknown for a rectangle over more than [`MAX_BOUND_SAMPLES`] samples (the scan would
    /// cost more than the queries it could save).
    fn max_height_over(&self, min: DVec2, max: DVec2) -> Option<f64> {
        self.height_bound(min, max, DVec2::ZERO)
    }

    /// The same bound of the surface minus the reference plane (see `heightfield/bound.rs`):
    /// subtracting a plane keeps each triangle's piece linear.
    fn max_height_over_sloped(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
        self.height_bound(min, max, slope)
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        if !(query_ok(origin, direction, max_distance) && finite_positive(radius)) {
            return None;
        }
        // `surface_above`'s answer (`locate`: the cell and its corner heights), those kept
        // for the inside test.
        let Some((i, j)) = self.cell_of(origin.x, origin.y) else {
            return self.sweep_sphere(origin, radius, direction.normalize(), max_distance);
        };
        let corners = self.corner_heights(i, j);
        if let Some((z, n)) = self.below_in(origin, corners) {
            return Some(self.hit(DVec3::new(origin.x, origin.y, z), n, 0.0, (i, j)));
        }
        let d = direction.normalize();
        // A footprint inside the triangle under `origin`: its plane alone, the same answer
        // (`sphere/inside.rs`).
        match self.sweep_inside((origin, radius, d, max_distance), (i, j), corners) {
            Some(answer) => answer,
            None => self.sweep_sphere(origin, radius, d, max_distance),
        }
    }
}

#[cfg(test)]
mod tests;
