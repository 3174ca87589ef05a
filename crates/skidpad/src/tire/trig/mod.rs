//! `atan` for the tyre models, without glibc's: same structure as fdlibm's `s_atan.c`
//! (argument reduction to |t| ≤ 1/4 about four break points, then an odd polynomial), plain
//! `*` and `+` only, coefficients of our own fit. [`atan2`] by it in the right
//! half-plane. [`sin`], [`cos`], [`sin_cos`] and [`tan`] likewise (their docs state their
//! reductions and measured errors).
//!
//! # Why
//! glibc's `atan` (`__atan_fma` with its rounding-mode save and restore in `fenv_private.h`)
//! was 9 % of the shipped sedan's step and 10 % of the full MF's (callgrind, PERFORMANCE.md).
//! It returns the correctly rounded result, which the tyres do not need: their inputs carry
//! far more error than an ulp. This one costs about a third of the instructions.
//!
//! # Algorithm (Muller, *Elementary Functions*, 3rd ed., §11.2; fdlibm `s_atan.c`)
//! For `x ≥ 0` (odd symmetry: the sign is put back at the end, so `atan(−x) = −atan(x)` bit for
//! bit), with `c` a break point whose `atan(c)` is a constant split as `hi + lo`
//! (`hi` the nearest double, `lo` the remainder, both from a 60-digit evaluation):
//!
//! ```text
//! x < 1/4:          atan x = x + x·P(x²)
//! 1/4 ≤ x < 3/4:    c = 1/2,  t = (2x − 1)/(2 + x)
//! 3/4 ≤ x < 3/2:    c = 1,    t = (x − 1)/(x + 1)
//! 3/2 ≤ x < 4:      c = 2,    t = (x − 2)/(1 + 2x)
//! 4 ≤ x:            c = ∞,    t = −1/x              (atan ∞ = π/2)
//! atan x = hi + ((t·P(t²) + lo) + t)       (small terms first)
//! ```
//!
//! `t = (x − c)/(1 + c·x)` is `tan(atan x − atan c)`, so each reduced `|t| ≤ 1/4` (fdlibm
//! reduces to 7/16 with break points 1/2, 1, 3/2 and needs 11 coefficients; the narrower
//! interval here needs 8, six instructions fewer a call). The numerators `2x − 1`, `x − 1`,
//! `x − 2` are exact (Sterbenz). `P(z)` is `atan √z/√z − 1`, a polynomial `z·Q(z)` with `Q`
//! of degree 7, Chebyshev-fitted (mpmath's `chebyfit`, near-minimax) to
//! `(atan √z/√z − 1)/z` on `z ∈ [0, 1/16]`; its error is below 0.17 ulp of the result.
//! Evaluated as fdlibm does, in two interleaved halves (even and odd powers of `w = z²`),
//! which shortens the dependency chain.
//!
//! Limits, as `f64::atan`: `|x| < 2⁻²⁷` returns `x` (the cubic term is below half an ulp;
//! keeps ±0 and subnormals), `|x| ≥ 2⁶⁶` and ±∞ return ±π/2 (the double nearest, as glibc),
//! NaN returns NaN.
//!
//! # Error, as measured (tests)
//! Against glibc's `f64::atan` (correctly rounded) on 3·10⁶ seeded random points (10⁶ random
//! bit patterns over every exponent, 10⁶ uniform over |x| ≤ 50, 10⁶ over |x| ≤ 3): at most
//! 1 ulp apart, so within 1.5 ulp of the exact value; 2.3 % of the points over |x| ≤ 50
//! differ by that ulp.

/// `atan` of each break point `1/2, 1, 2, ∞` as the nearest double …
const ATAN_HI: [f64; 4] = [
    0.4636476090008061,
    std::f64::consts::FRAC_PI_4,
    1.1071487177940904,
    std::f64::consts::FRAC_PI_2,
];

/// … and the remainder `atan(c) − hi`, rounded.
const ATAN_LO: [f64; 4] = [
    2.2698777452961687e-17,
    3.061616997868383e-17,
    9.40447137356638e-17,
    6.123233995736766e-17,
];

/// `Q(z) = Σ Q[i]·zⁱ` with `atan t ≈ t + t·z·Q(z)`, `z = t²` (module docs).
const Q: [f64; 8] = [
    -0.33333333333333304,
    0.19999999999938586,
    -0.14285714265033303,
    0.11111108452369065,
    -0.09090740742952762,
    0.07686491336172022,
    -0.06554306272128751,
    0.047262582468376946,
];

/// Arc tangent in radians, in [−π/2, π/2]; within 1 ulp of `f64::atan` (module docs).
#[inline]
pub fn atan(x: f64) -> f64 {
    let a = x.abs();
    if a < 0.25 {
        if a < TINY {
            return x;
        }
        return x + x * poly(x * x);
    }
    if a.is_nan() {
        return x + x;
    }
    reduced(a).copysign(x)
}

/// `atan2(y, x)`, the angle of the point `(x, y)` in [−π, π]: `atan(y/x)` for `x > 0` when
/// the quotient is a number, else glibc's `f64::atan2` (out of line: the other half-plane,
/// zeros over zeros, infinities over infinities, NaN). The quotient's rounding (half an ulp)
/// moves `atan` by at most half an ulp (`|x·atan′(x)| ≤ |atan x|`), so the result is within
/// 2 ulp of glibc's correctly rounded one (tests: within that over 2·10⁶ seeded pairs).
#[inline]
pub fn atan2(y: f64, x: f64) -> f64 {
    if x > 0.0 {
        let q = y / x;
        if !q.is_nan() {
            return atan(q);
        }
    }
    atan2_far(y, x)
}

/// glibc's `atan2`, out of line (see [`atan2`]).
#[cold]
#[inline(never)]
fn atan2_far(y: f64, x: f64) -> f64 {
    y.atan2(x)
}

/// Below this, `atan x` rounds to `x`: `2⁻²⁷`.
const TINY: f64 = 1.0 / (1u64 << 27) as f64;

/// From here up, `atan x` rounds to π/2: `2⁶⁶`.
const HUGE: f64 = (1u64 << 63) as f64 * 8.0;

/// `atan a` for `a ≥ 1/4` (not NaN) by the reduction in the module docs.
#[inline]
fn reduced(a: f64) -> f64 {
    if a >= HUGE {
        return ATAN_HI[3];
    }
    let (i, t) = if a < 1.5 {
        if a < 0.75 {
            (0, (2.0 * a - 1.0) / (2.0 + a))
        } else {
            (1, (a - 1.0) / (a + 1.0))
        }
    } else if a < 4.0 {
        (2, (a - 2.0) / (1.0 + 2.0 * a))
    } else {
        (3, -1.0 / a)
    };
    ATAN_HI[i] + ((t * poly(t * t) + ATAN_LO[i]) + t)
}

/// `z·Q(z)`, in even and odd halves of `w = z²` (module docs).
#[inline]
fn poly(z: f64) -> f64 {
    let w = z * z;
    let even = Q[0] + w * (Q[2] + w * (Q[4] + w * Q[6]));
    let odd = Q[1] + w * (Q[3] + w * (Q[5] + w * Q[7]));
    z * (even + z * odd)
}

mod sincos;
mod tan;

pub use sincos::{cos, sin, sin_cos};
pub use tan::tan;

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
