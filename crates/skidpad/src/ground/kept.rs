//! A height bound of a [`HeightField`](crate::ground::HeightField) over a region, kept
//! between substeps: stage 10b's broad phase on a heightfield (the rims' sweeps and the
//! body's rays, `pipeline::kept`) asks the ground once for a region around the car and
//! reuses the answer while the car stays inside it, instead of asking for the car's own
//! footprint every substep.
//!
//! What it holds is a fact about one grid, not about a vehicle: every ground point `q`
//! whose `(q_x, q_y)` lies in the rectangle `[a, b]` is at most `top + slope·((q_x, q_y) − a)`
//! high ([`crate::ground::Ground::max_height_over_sloped`]'s answer for that rectangle and
//! slope, rounded up to the `f32` `top`; `a`, `b` and `slope` are the `f32` numbers the
//! ground was asked with, exactly). The grid is named by its identity (`HeightField::id`,
//! unique among the grids of the process, kept by a clone, which has the same samples), so
//! the fact stays true whatever happens to the vehicle — a teleport, a restored snapshot, new
//! parameters, a step on another ground — and a vehicle reads it only on the grid it was
//! found on. In `f32` it fits the `Vehicle`'s 4 KiB (36 B and padding); the outward rounding
//! of the rectangle and the upward rounding of the bound only make it looser.

/// A kept sloped height bound of one heightfield over a rectangle (module docs). `Default`:
/// none (no grid has the identity 0).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct KeptBound {
    /// The grid's identity (`HeightField::id`); 0: no bound kept.
    pub(crate) field: u64,
    /// The rectangle's lower corner (world x, y; m).
    pub(crate) a: [f32; 2],
    /// The rectangle's upper corner (world x, y; m).
    pub(crate) b: [f32; 2],
    /// The reference plane's gradient (m/m).
    pub(crate) slope: [f32; 2],
    /// The bound at `a` (m): the ground's answer rounded up.
    pub(crate) top: f32,
}
