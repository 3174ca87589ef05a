//! `tan` for the tyre models, without glibc's: [`sincos`](super::sincos)'s reduction by π/2,
//! then a rational function of our own fit on [−π/4, π/4]; plain `*`, `+` and one `/`.
//!
//! # Why
//! glibc's `tan` (`__tan_fma` with its rounding-mode save and restore) is ≈ 33 instructions a
//! call and 1–2 % of the full MF's and the slip-curve tyre's steps (callgrind,
//! PERFORMANCE.md). The tyres take `tan α` of slip angles (within ±1.5 rad).
//!
//! # Algorithm (Cody and Waite, *Software Manual for the Elementary Functions*, ch. 9: a
//! rational approximation after the reduction; Muller, *Elementary Functions*, §3.4)
//! `x = n·π/2 + r` with `r = hi + lo` as for `sin` (same three-part constant, same limit 1024,
//! glibc's `f64::tan` beyond it and for ±∞ and NaN), `hi + lo` renormalised. On |r| ≤ π/4,
//! with `z = hi²`:
//!
//! ```text
//! tan hi ≈ hi·(1 + z·N(z))/(1 + z·D(z)) = hi + t,   t = hi·z·E(z)/(1 + z·D(z)),  E = N − D
//! s = hi + t,  e = (t − (s − hi)) + lo·(1 + s²)     (s's rounding error, exact, and the tail
//!                                                   to first order: d tan/dr = 1 + tan²)
//! tan x ≈ s + e (n even),   v + v²·e with v = −1/s (n odd: −cot r = −1/(s + e))
//! ```
//!
//! Written as `hi + t`, the rounding errors of the quotient fall on the correction `t`
//! (≤ 0.22·|tan|) instead of the whole result. `N` (degree 2) and `D` (degree 3) are fitted
//! by us: the Sanathanan–Koerner (Loeb) iteration of linear least squares on the relative
//! error of `tan r/r` over 300 Chebyshev points of `z ∈ [0, (π/4 + 10⁻⁶)²]`, then Lawson's
//! reweighting towards minimax (mpmath, 40 digits): relative error 2⁻⁶⁶, 2⁻⁵⁵·⁸ with the
//! coefficients rounded to doubles; `E`'s are rounded from the exact difference of those.
//! Below π/4 there is no reduction (`tan x = x + t`); below 2⁻²⁷ `tan x = x` (keeps ±0).
//!
//! # Error, as measured (tests)
//! Against glibc's `f64::tan` on 3·10⁶ seeded random points (every exponent, uniform over
//! |x| ≤ 1.5, the tyres' clamp, and over |x| ≤ 1024) and next to every multiple of π/4 up to
//! 1024: within 1 ulp (the bound asserted); 15 % of the points over |x| ≤ 1.5 differ by it.

use super::sincos::{LIMIT, TINY, reduce};
use std::f64::consts::FRAC_PI_4;

/// `E(z) = N(z) − D(z)`, with `tan x ≈ x + x·z·E(z)/(1 + z·D(z))`, `z = x²` (module docs).
const E: [f64; 4] = [
    0.333_333_333_333_333_3,
    -0.022_238_944_425_206_325,
    0.000_293_953_609_504_996_45,
    -4.981_943_280_380_844e-7,
];

/// `D(z)` (module docs).
const D: [f64; 4] = [
    -0.466_716_833_275_618_75,
    0.025_663_832_233_997_89,
    -0.000_311_815_316_599_237_4,
    4.981_943_280_380_844e-7,
];

/// Tangent in radians; within 1 ulp of `f64::tan` (module docs).
#[inline(never)]
pub fn tan(x: f64) -> f64 {
    let a = x.abs();
    if a < FRAC_PI_4 {
        if a < TINY {
            return x; // keeps ±0
        }
        return x + excess(x);
    }
    if a <= LIMIT {
        let (q, hi, lo) = reduce(x);
        // Normalised (Fast2Sum: |lo| ≤ |hi|), so that lo² is negligible even at the poles.
        let r = hi + lo;
        let lo = lo - (r - hi);
        let t = excess(r);
        let s = r + t;
        let e = (t - (s - r)) + lo * (1.0 + s * s);
        if q & 1 == 0 {
            s + e
        } else {
            let v = -1.0 / s;
            v + v * v * e
        }
    } else {
        tan_far(x)
    }
}

/// `tan x − x ≈ x·z·E(z)/(1 + z·D(z))` for |x| ≤ π/4 (a little more) (module docs).
#[inline]
fn excess(x: f64) -> f64 {
    let z = x * x;
    let w = z * z;
    let num = (E[0] + z * E[1]) + w * (E[2] + z * E[3]);
    let den = 1.0 + z * ((D[0] + z * D[1]) + w * (D[2] + z * D[3]));
    x * z * num / den
}

/// glibc's `tan`, out of line: the tyres' arguments never take this path.
#[cold]
#[inline(never)]
fn tan_far(x: f64) -> f64 {
    x.tan()
}

#[cfg(test)]
#[path = "tan_tests.rs"]
mod tests;
