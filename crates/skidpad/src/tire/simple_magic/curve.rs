//! One Magic Formula curve of the simplified tyre ([`super`]): its shape factors and the slip
//! of its peak.
//!
//! ```text
//! y(x) = sin(C·atan(B·x − E·(B·x − atan(B·x))))          (D = 1)
//! u_m = B·x_m  solves  u − E·(u − atan u) = tan(π/(2C))   (the peak, E ≤ 1, 0 < C < 2)
//! ```
//! `x` is the slip (κ, or α in rad), `B` in 1 per unit slip, `C` and `E` without unit. The root
//! depends on `C` and `E` only (Pacejka, *Tire and Vehicle Dynamics*, 3rd ed., §4.3.1).

use crate::error::{ParamError, check};
use crate::tire::trig::{atan, sin};
use serde::{Deserialize, Serialize};

/// One Magic Formula curve's shape factors.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table with keys `b`, `c`, `e`")]
pub struct MagicCurve {
    /// Stiffness factor B. Unit: 1 per unit slip (1/rad laterally). Range: (0, ∞).
    pub b: f64,
    /// Shape factor C. Unit: 1. Range: (0, 2). 1.3 lateral, 1.65 longitudinal.
    pub c: f64,
    /// Curvature factor E. Unit: 1. Range: (−∞, 1]. Lower values round the peak.
    pub e: f64,
}

impl MagicCurve {
    /// `sin(C·atan(B·x − E(B·x − atan B·x)))` — the curve for D = 1.
    #[inline]
    pub fn unit(&self, x: f64) -> f64 {
        self.unit_of_bx(self.b * x)
    }

    /// [`MagicCurve::unit`] from `B·x` (its first product): the same operations.
    #[inline]
    pub(super) fn unit_of_bx(&self, bx: f64) -> f64 {
        sin(self.c * atan(bx - self.e * (bx - atan(bx))))
    }

    /// Slip of the peak: solves `B·x − E(B·x − atan B·x) = tan(π/(2C))` by Newton from the
    /// `E = 0` solution (the left side is monotone for E ≤ 1). The root `u = B·x` depends on
    /// `C` and `E` only, so it is remembered per thread for the last few `(C, E)` (the tyre
    /// model asks for it at every evaluation, with a stiffness-scaled B); the cached root is
    /// the one the iteration gives, bit for bit.
    pub fn peak_slip(&self) -> f64 {
        peak_root(self.c, self.e) / self.b
    }

    pub(super) fn validate(&self) -> Result<(), ParamError> {
        check::positive("b", self.b)?;
        check::positive("c", self.c)?;
        if self.c >= 2.0 {
            return Err(ParamError::new(
                "c",
                format!("must be < 2 (got {})", self.c),
            ));
        }
        check::finite("e", self.e)?;
        if self.e > 1.0 {
            return Err(ParamError::new(
                "e",
                format!("must be <= 1 (got {})", self.e),
            ));
        }
        Ok(())
    }
}

/// `u = B·x_m`, the root of `u − E(u − atan u) = tan(π/(2C))` ([`MagicCurve::peak_slip`]),
/// remembered for the last [`PEAK_CACHE`] `(C, E)` pairs of this thread (keyed by their bits,
/// so a hit returns exactly what the iteration would).
pub(super) fn peak_root(c: f64, e: f64) -> f64 {
    use std::cell::Cell;
    type Entry = Cell<Option<(u64, u64, f64)>>;
    thread_local! {
        static ENTRIES: [Entry; PEAK_CACHE] = const { [const { Cell::new(None) }; PEAK_CACHE] };
        static NEXT: Cell<usize> = const { Cell::new(0) };
    }
    let key = (c.to_bits(), e.to_bits());
    let found = ENTRIES.with(|entries| {
        entries.iter().find_map(|entry| match entry.get() {
            Some((kc, ke, u)) if (kc, ke) == key => Some(u),
            _ => None,
        })
    });
    if let Some(u) = found {
        return u;
    }
    let u = solve_peak_root(c, e);
    let next = NEXT.get();
    ENTRIES.with(|entries| entries[next].set(Some((key.0, key.1, u))));
    NEXT.set((next + 1) % PEAK_CACHE);
    u
}

/// [`peak_root`] of a curve whose root [`PeakRoots`](super::PeakRoots) does not hold (out of line: the
/// evaluations of a prepared tyre never call it).
#[cold]
#[inline(never)]
pub(super) fn stale_root(curve: &MagicCurve) -> f64 {
    peak_root(curve.c, curve.e)
}

/// Entries of [`peak_root`]'s cache: a longitudinal and a lateral curve for up to two tyre
/// types stepped alternately on one thread.
const PEAK_CACHE: usize = 4;

/// Newton for [`peak_root`] from the `E = 0` solution `u = tan(π/(2C))`.
pub(super) fn solve_peak_root(c: f64, e: f64) -> f64 {
    let target = (std::f64::consts::PI / (2.0 * c)).tan();
    let mut u = target; // u = B·x
    for _ in 0..30 {
        let g = u - e * (u - atan(u)) - target;
        let dg = 1.0 - e * (1.0 - 1.0 / (1.0 + u * u));
        if dg.abs() < 1e-12 {
            break;
        }
        let step = g / dg;
        u -= step;
        if step.abs() < 1e-14 * (1.0 + u.abs()) {
            break;
        }
    }
    u
}
