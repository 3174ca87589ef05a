//! A heightfield sampled from a function of x and y (feature `files`: the exmex parser).

use super::{BUMPS_GRID, TerrainError};
use crate::ground::{HeightField, SurfaceId};

// exmex's default number literal has no exponent (`1e-3` failed with a message about "ops and
// nodes"); this one adds `[eE][+-]?digits`.
use exmex::MatchLiteral;
exmex::literal_matcher_from_pattern!(SciNumber, r"^(\.?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?)");

/// A height expression: f64, the default operators, numbers with exponents.
type HeightExpr = exmex::FlatEx<f64, exmex::FloatOpsFactory<f64>, SciNumber>;

/// Most samples a function ground may have (32 MB of heights, about a second to evaluate):
/// a typo in the grid is an error rather than gigabytes.
pub const MAX_FUNCTION_SAMPLES: usize = 4_000_000;

/// Where a function is sampled: every `cell_size` from the lower edges; the upper edges are
/// rounded down to a whole number of cells. Unit: m. Default: [`BUMPS_GRID`]
/// (x ∈ [−20, 280] m, y ∈ [−15, 15] m, 0.25 m cells).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FunctionGrid {
    /// Lower x edge. Unit: m.
    pub x_min: f64,
    /// Upper x edge. Unit: m. Range: ≥ `x_min` + `cell_size`.
    pub x_max: f64,
    /// Lower y edge. Unit: m.
    pub y_min: f64,
    /// Upper y edge. Unit: m. Range: ≥ `y_min` + `cell_size`.
    pub y_max: f64,
    /// Grid spacing. Unit: m. Range: (0, ∞), at most [`MAX_FUNCTION_SAMPLES`] samples in all.
    pub cell_size: f64,
}

impl Default for FunctionGrid {
    fn default() -> Self {
        let [x_min, x_max, y_min, y_max, cell_size] = BUMPS_GRID;
        Self {
            x_min,
            x_max,
            y_min,
            y_max,
            cell_size,
        }
    }
}

impl FunctionGrid {
    /// Check the numbers and return the sample counts `(nx, ny)`.
    ///
    /// # Errors
    /// A non-finite edge or cell, a cell ≤ 0, less than one cell each way, or more than
    /// [`MAX_FUNCTION_SAMPLES`] samples, naming the field.
    pub fn samples(&self) -> Result<(usize, usize), TerrainError> {
        let g = self;
        for (key, v) in [
            ("x_min", g.x_min),
            ("x_max", g.x_max),
            ("y_min", g.y_min),
            ("y_max", g.y_max),
            ("cell_size", g.cell_size),
        ] {
            if !v.is_finite() {
                return Err(TerrainError::new(key, format!("must be finite (got {v})")));
            }
        }
        let cell = g.cell_size;
        if cell <= 0.0 {
            return Err(TerrainError::new(
                "cell_size",
                format!("must be > 0 (got {cell})"),
            ));
        }
        // Whole cells from the lower edge; at least one cell each way.
        let count = |key: &'static str, lo: f64, hi: f64, lo_key: &str| {
            let cells = ((hi - lo) / cell * (1.0 + 1e-12)).floor();
            if cells < 1.0 {
                return Err(TerrainError::new(
                    key,
                    format!(
                        "must be at least one cell_size ({cell} m) above {lo_key} = {lo} m (got {hi})"
                    ),
                ));
            }
            Ok(cells + 1.0)
        };
        let nx = count("x_max", g.x_min, g.x_max, "x_min")?;
        let ny = count("y_max", g.y_min, g.y_max, "y_min")?;
        if nx * ny > MAX_FUNCTION_SAMPLES as f64 {
            return Err(TerrainError::new(
                "cell_size",
                format!(
                    "the grid would have {nx} × {ny} = {} samples, more than {MAX_FUNCTION_SAMPLES}: \
                     raise cell_size or shrink x_min..x_max, y_min..y_max",
                    nx * ny
                ),
            ));
        }
        Ok((nx as usize, ny as usize))
    }
}

/// The heightfield `z = f(x, y)` of the expression `text` (m; e.g.
/// `"0.3 * sin(x / 6) * cos(y / 4)"`: `+ - * / ^`, `sin`, `cos`, `tan`, `asin`, `acos`,
/// `atan`, `atan2`, `sinh`, `cosh`, `tanh`, `sqrt`, `exp`, `ln`, `log10`, `abs`, `min`, `max`,
/// `floor`, `round`, constants `PI`, `TAU`, `E`; numbers as `2`, `0.5`, `.5`, `1e-3`,
/// `2.5E2`; variables `x`, `y` only, in m; unary minus binds tighter than `^`, so write
/// `-(x^2)`, not `-x^2`) sampled over `grid`, all of `surface`.
///
/// ```
/// use skidpad::ground::{SurfaceId, terrain::{FunctionGrid, function_heightfield}};
/// let grid = FunctionGrid { x_min: 0.0, x_max: 10.0, y_min: -1.0, y_max: 1.0, cell_size: 0.5 };
/// let ramp = function_heightfield("0.05 * x + 1e-3", &grid, SurfaceId(0)).unwrap();
/// assert!((ramp.height_at(4.0, 0.0).unwrap() - 0.201).abs() < 1e-12);
/// ```
///
/// # Errors
/// The grid's ([`FunctionGrid::samples`]); at `height`: an expression that does not parse,
/// has a variable other than `x` and `y`, or is not finite somewhere on the grid.
pub fn function_heightfield(
    text: &str,
    grid: &FunctionGrid,
    surface: SurfaceId,
) -> Result<HeightField, TerrainError> {
    let (nx, ny) = grid.samples()?;
    let (x0, y0, cell) = (grid.x_min, grid.y_min, grid.cell_size);
    let bad = |m: String| TerrainError::new("height", m);
    let expr = <HeightExpr as exmex::Express<f64>>::parse(text)
        .map_err(|e| bad(format!("{text:?}: {e}")))?;
    let vars = exmex::Express::var_names(&expr).to_vec();
    if let Some(v) = vars.iter().find(|v| *v != "x" && *v != "y") {
        return Err(bad(format!(
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
                .map_err(|e| bad(format!("{text:?} at (x, y) = ({x}, {y}): {e}")))?;
            if !z.is_finite() {
                return Err(bad(format!(
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
            .map_err(|e| TerrainError::new("cell_size", e.to_string()))?
            .with_surface(surface),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_counts_and_errors() {
        // 300 m / 0.25 m = 1200 cells → 1201 samples; 30 m → 121.
        assert_eq!(FunctionGrid::default().samples().unwrap(), (1201, 121));
        // 10.9 m of 1 m cells rounds down to 10 cells, 11 samples.
        let g = FunctionGrid {
            x_min: 0.0,
            x_max: 10.9,
            y_min: 0.0,
            y_max: 1.0,
            cell_size: 1.0,
        };
        assert_eq!(g.samples().unwrap(), (11, 2));
        let key = |g: FunctionGrid| g.samples().unwrap_err().key;
        assert_eq!(
            key(FunctionGrid {
                cell_size: 0.0,
                ..g
            }),
            "cell_size"
        );
        assert_eq!(key(FunctionGrid { x_max: 0.5, ..g }), "x_max");
        assert_eq!(
            key(FunctionGrid {
                y_min: f64::NAN,
                ..g
            }),
            "y_min"
        );
        assert_eq!(
            key(FunctionGrid {
                cell_size: 1e-3,
                ..g
            }),
            "cell_size"
        );
    }

    #[test]
    fn heights_by_hand_and_expression_errors() {
        let g = FunctionGrid {
            x_min: -2.0,
            x_max: 2.0,
            y_min: -2.0,
            y_max: 2.0,
            cell_size: 1.0,
        };
        // z = x·y/4 at the sample (2, −1): −0.5 m; halfway between samples on a cell edge,
        // linear: (1.5, 2) → 0.75 m.
        let hf = function_heightfield("x * y / 4", &g, SurfaceId(3)).unwrap();
        assert!((hf.height_at(2.0, -1.0).unwrap() + 0.5).abs() < 1e-12);
        assert!((hf.height_at(1.5, 2.0).unwrap() - 0.75).abs() < 1e-12);
        let e = |t: &str| function_heightfield(t, &g, SurfaceId(0)).unwrap_err();
        assert_eq!(e("x +").key, "height");
        assert!(e("x + z").message.contains("unknown variable `z`"));
        // ln(x) is NaN for x < 0: not finite on the grid.
        assert!(e("ln(x)").message.contains("must be finite"));
    }
}
