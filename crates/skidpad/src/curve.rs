//! Fixed-capacity piecewise-linear graphs, used for every tabulated relation in skidpad
//! (camber vs jounce, tire load filter, torque curves, steer vs speed, ...).
//!
//! A `Curve<N>` holds up to `N` points `(xᵢ, yᵢ)` with strictly increasing `x`. Evaluation is
//! linear interpolation between neighbours and **constant extrapolation** beyond the ends
//! (PhysX `PxFixedSizeLookupTable` semantics):
//!
//! ```text
//! y(x) = y₀                                   x ≤ x₀
//!      = yᵢ + (x − xᵢ)(yᵢ₊₁ − yᵢ)/(xᵢ₊₁ − xᵢ)   xᵢ ≤ x ≤ xᵢ₊₁
//!      = yₙ₋₁                                 x ≥ xₙ₋₁
//! ```
//!
//! The storage is an inline array, so evaluating or copying a curve never allocates.
//! In TOML/JSON a curve is a list of `[x, y]` pairs.
//!
//! ```
//! use skidpad::curve::Curve;
//! let c: Curve<4> = Curve::try_new(&[(0.0, 0.0), (1.0, 2.0), (3.0, 2.0)]).unwrap();
//! assert_eq!(c.eval(0.5), 1.0);
//! assert_eq!(c.eval(-1.0), 0.0);
//! assert_eq!(c.eval(10.0), 2.0);
//! ```

use crate::error::ParamError;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A piecewise-linear graph of at most `N` points. See the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Curve<const N: usize> {
    xs: [f64; N],
    ys: [f64; N],
    len: usize,
}

impl<const N: usize> Curve<N> {
    /// Capacity of this curve type.
    pub const CAPACITY: usize = N;

    /// A curve with the single point `(0, y)`: it evaluates to `y` everywhere.
    pub const fn constant(y: f64) -> Self {
        let mut xs = [0.0; N];
        let mut ys = [0.0; N];
        xs[0] = 0.0;
        ys[0] = y;
        Self { xs, ys, len: 1 }
    }

    /// Build from points.
    ///
    /// # Errors
    /// If there are no points, more than `N`, a non-finite coordinate, or `x` not strictly
    /// increasing. The error path is `points` or `points[i]`.
    pub fn try_new(points: &[(f64, f64)]) -> Result<Self, ParamError> {
        if points.is_empty() {
            return Err(ParamError::new("points", "needs at least one point"));
        }
        if points.len() > N {
            return Err(ParamError::new(
                "points",
                format!("at most {N} points (got {})", points.len()),
            ));
        }
        let mut xs = [0.0; N];
        let mut ys = [0.0; N];
        for (i, &(x, y)) in points.iter().enumerate() {
            xs[i] = x;
            ys[i] = y;
        }
        let c = Self {
            xs,
            ys,
            len: points.len(),
        };
        c.validate()?;
        Ok(c)
    }

    /// Build from points.
    ///
    /// # Panics
    /// If [`Curve::try_new`] would fail.
    pub fn new(points: &[(f64, f64)]) -> Self {
        match Self::try_new(points) {
            Ok(c) => c,
            Err(e) => panic!("invalid curve: {e}"),
        }
    }

    /// Check finiteness and strictly increasing `x`.
    ///
    /// # Errors
    /// Names the first offending point as `[i]`.
    pub fn validate(&self) -> Result<(), ParamError> {
        if self.len == 0 || self.len > N {
            return Err(ParamError::new("", format!("needs 1..={N} points")));
        }
        for i in 0..self.len {
            if !self.xs[i].is_finite() || !self.ys[i].is_finite() {
                return Err(ParamError::new(format!("[{i}]"), "must be finite"));
            }
            if i > 0 && self.xs[i] <= self.xs[i - 1] {
                return Err(ParamError::new(
                    format!("[{i}]"),
                    format!(
                        "x must be strictly increasing (x[{}] = {}, x[{i}] = {})",
                        i - 1,
                        self.xs[i - 1],
                        self.xs[i]
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True if the curve has no points (only possible for a default-constructed curve that
    /// failed validation).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The points as `(x, y)` pairs.
    pub fn points(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        (0..self.len).map(|i| (self.xs[i], self.ys[i]))
    }

    /// [`Curve::eval`], bit for bit, inline for `x` inside the first segment: the same
    /// operations as `eval` there (its search stops at `i = 1`), without the call (≈ 15
    /// instructions; callgrind, session 36); every other `x` (NaN too) calls `eval`. For a hot
    /// caller whose `x` is usually there: the load filter's two-point curve
    /// ([`crate::suspension::model::filter_load`]). `eval` itself stays out of line (inlined, its
    /// callers grew and moved the inliner's choices elsewhere: the steering stage's
    /// `steer_and_toe` came out of line, +0.08 k instructions a vehicle-step). Always
    /// inlined: with `#[inline]` alone a change elsewhere in the crate (session 37's
    /// heightfield sweep) left it out of line, +0.18 k instructions a vehicle-step.
    #[inline(always)]
    pub(crate) fn eval_in_first_segment(&self, x: f64) -> f64 {
        let n = self.len;
        if n >= 2 && x > self.xs[0] && x < self.xs[1] && x < self.xs[n - 1] {
            let (x0, x1, y0, y1) = (self.xs[0], self.xs[1], self.ys[0], self.ys[1]);
            return y0 + (x - x0) * (y1 - y0) / (x1 - x0);
        }
        self.eval(x)
    }

    /// Evaluate at `x` (linear interpolation, constant extrapolation).
    pub fn eval(&self, x: f64) -> f64 {
        let n = self.len;
        if n == 0 {
            return 0.0;
        }
        if x <= self.xs[0] || n == 1 {
            return self.ys[0];
        }
        if x >= self.xs[n - 1] {
            return self.ys[n - 1];
        }
        // Linear search: N is small (≤ 32) and this is branch-predictable.
        let mut i = 1;
        while x > self.xs[i] {
            i += 1;
        }
        let (x0, x1, y0, y1) = (self.xs[i - 1], self.xs[i], self.ys[i - 1], self.ys[i]);
        y0 + (x - x0) * (y1 - y0) / (x1 - x0)
    }

    /// Smallest and largest `y` over the points.
    pub fn y_range(&self) -> (f64, f64) {
        let mut lo = f64::INFINITY;
        let mut hi = f64::NEG_INFINITY;
        for (_, y) in self.points() {
            lo = lo.min(y);
            hi = hi.max(y);
        }
        (lo, hi)
    }
}

impl<const N: usize> Default for Curve<N> {
    fn default() -> Self {
        Self::constant(0.0)
    }
}

impl<const N: usize> Serialize for Curve<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.len))?;
        for (x, y) in self.points() {
            seq.serialize_element(&[x, y])?;
        }
        seq.end()
    }
}

impl<'de, const N: usize> Deserialize<'de> for Curve<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let pts: Vec<[f64; 2]> = Vec::deserialize(d)?;
        let pairs: Vec<(f64, f64)> = pts.iter().map(|p| (p[0], p[1])).collect();
        Self::try_new(&pairs).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolates_and_clamps() {
        let c: Curve<3> = Curve::new(&[(-1.0, 0.02), (0.0, 0.0), (1.0, -0.04)]);
        assert!((c.eval(-0.5) - 0.01).abs() < 1e-15);
        assert!((c.eval(0.25) + 0.01).abs() < 1e-15);
        assert_eq!(c.eval(-5.0), 0.02);
        assert_eq!(c.eval(5.0), -0.04);
        assert_eq!(c.eval(1.0), -0.04);
        assert_eq!(c.eval(-1.0), 0.02);
    }

    #[test]
    fn constant_curve() {
        let c: Curve<8> = Curve::constant(3.5);
        assert_eq!(c.eval(-1e9), 3.5);
        assert_eq!(c.eval(1e9), 3.5);
    }

    #[test]
    fn the_inline_first_segment_is_eval() {
        // `eval_in_first_segment` against `eval`, every bit: curves of 2, 3
        // and 8 points (the load filter's identity, the slip curve's flat friction graph,
        // seeded shapes), at seeded points in and around every segment, the knots, one ulp
        // either side of them, ±0, ±∞ and NaN. By hand: the identity (0, 0)–(10, 10) at
        // 2.5 gives 0 + (2.5·10)/10 = 2.5 exactly.
        let id: Curve<8> = Curve::new(&[(0.0, 0.0), (10.0, 10.0)]);
        assert_eq!(id.eval(2.5), 2.5);
        let mut seed = 0x5eed_36f0_c0ff_ee01_u64;
        let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
        let mut curves: Vec<Curve<8>> = vec![
            id,
            Curve::new(&[(0.0, 1.0), (0.5, 1.0), (1.0, 1.0)]),
            Curve::new(&[(-1.0, 0.02), (0.0, 0.0), (1.0, -0.04)]),
        ];
        for n in 2..=8 {
            let mut x = f(-5.0, 5.0);
            let pts: Vec<(f64, f64)> = (0..n)
                .map(|_| {
                    x += f(1e-3, 3.0);
                    (x, f(-10.0, 10.0))
                })
                .collect();
            curves.push(Curve::new(&pts));
        }
        for c in &curves {
            let (lo, hi) = (c.xs[0], c.xs[c.len - 1]);
            let mut xs = vec![0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
            for (k, _) in c.points() {
                xs.extend([k, k.next_up(), k.next_down(), -k]);
            }
            for _ in 0..2000 {
                xs.push(f(lo - 1.0, hi + 1.0));
                xs.push(f(c.xs[0], c.xs[1]));
            }
            for x in xs {
                assert_eq!(
                    c.eval_in_first_segment(x).to_bits(),
                    c.eval(x).to_bits(),
                    "{c:?} at {x:e}"
                );
            }
        }
    }

    #[test]
    fn rejects_bad_points() {
        assert!(Curve::<2>::try_new(&[]).is_err());
        assert!(Curve::<2>::try_new(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)]).is_err());
        let e = Curve::<4>::try_new(&[(0.0, 0.0), (0.0, 1.0)]).unwrap_err();
        assert_eq!(e.path, "[1]");
        assert!(Curve::<4>::try_new(&[(0.0, f64::NAN)]).is_err());
    }
}
