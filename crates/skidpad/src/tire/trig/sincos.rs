//! `sin`, `cos` and the pair `sin_cos` for the tyre models, without glibc's: a Cody–Waite
//! reduction by π/2 with a three-part constant, then odd and even polynomials of our own fit on
//! [−π/4, π/4]; plain `*` and `+` only.
//!
//! # Why
//! glibc's `sin` (`__sin_fma` with its rounding-mode save and restore in `fenv_private.h`) cost
//! 58 instructions a call in the shipped sedan's tyre (simplified MF) and `sin`/`cos` ≈ 40 in
//! the full MF, 3–6 % of their steps (callgrind, PERFORMANCE.md). As for [`super::atan`], the
//! tyres need an answer within an ulp, not glibc's correctly rounded one.
//!
//! # Algorithm (Muller, *Elementary Functions*, 3rd ed., §11.1 (Cody–Waite) and §11.2; the
//! structure of fdlibm's `e_rem_pio2.c`, `k_sin.c`, `k_cos.c`)
//! For π/4 ≤ |x| ≤ 1024:
//!
//! ```text
//! n  = round(x·2/π)                  (by adding and subtracting 1.5·2⁵², so |n| ≤ 652 < 2¹⁰)
//! r₁ = x − n·P1                      (exact: n·P1 fits 53 bits, then Sterbenz)
//! hi = r₁ − n·P2                     (n·P2 exact)
//! lo = ((r₁ − hi) − n·P2) − n·P3     (the rounding error of hi, exact (Fast2Sum), then P3)
//! ```
//!
//! `P1` and `P2` are π/2 and its remainder rounded to 43 bits (so their products with
//! `|n| < 2¹⁰` are exact), `P3` the next remainder rounded to 53 bits; π/2 − P1 − P2 − P3 ≈
//! 2⁻¹⁴², so `hi + lo` is `x − n·π/2` within `|n|·2⁻¹⁴¹ ≤ 2⁻¹³¹`. The closest a double up to 1024
//! comes to a multiple of π/2 is 6.2·10⁻¹⁹ ≈ 2⁻⁶⁰·⁵ (the double nearest 29·π/2, worked out
//! with 80 digits), so the reduced argument keeps a relative error below 2⁻⁷⁰ even there, where
//! `cos` or `sin` is tiny. Every step is odd in `x` (the rounding to `n` too: ties to even), so
//! `sin(−x) = −sin x` and `cos(−x) = cos x` hold bit for bit. Below π/4 there is nothing to
//! reduce: the kernels below with `hi = x`, `lo = 0` (and `sin x = x` below 2⁻²⁷, which keeps
//! the sign of a zero).
//! Beyond 1024, ±∞ and NaN go to glibc's `f64::sin`/`cos`, which reduce exactly (huge
//! arguments) and return NaN for ±∞ and NaN.
//!
//! With `z = hi²`, on |hi| ≤ π/4:
//!
//! ```text
//! sin(hi + lo) ≈ hi + (hi·z·S(z) + lo·(1 − z/2))
//! cos(hi + lo) ≈ w + (((1 − w) − z/2) + (z²·C(z) − hi·lo)),    w = 1 − z/2
//! ```
//!
//! `(1 − w) − z/2` is the rounding error of `w`, exact (Sterbenz), as in fdlibm's `k_cos.c`.
//! `S` and `C` are degree-5 polynomials fitted by us (Lawson's iteratively reweighted least
//! squares on 400 points, mpmath with 40 digits, coefficients rounded to doubles one at a time,
//! each refit after the previous one's rounding) to minimise the relative error of `sin` and
//! `cos`: `|z·(S − Sₑ)| ≤ 2⁻⁵⁷·⁹` and `|z²·(C − Cₑ)| ≤ 2⁻⁶⁴` on z ≤ (π/4 + 10⁻⁶)², where
//! `Sₑ = (sin √z − √z)/z^{3/2}` and `Cₑ = (cos √z − 1 + z/2)/z²` are the exact functions. Each
//! polynomial is evaluated in two halves (even and odd powers of `z²`), as fdlibm does.
//! The quadrant `n mod 4` then picks the kernel and the sign:
//! `sin x = (sin r, cos r, −sin r, −cos r)`, `cos x = (cos r, −sin r, −cos r, sin r)`.
//!
//! # Error, as measured (tests)
//! Against glibc's `f64::sin` and `f64::cos` on 3·10⁶ seeded random points (every exponent,
//! uniform over |x| ≤ 8 and over |x| ≤ 1024) and the doubles nearest every multiple of π/4 up
//! to 1024: at most 1 ulp apart.

use std::f64::consts::FRAC_PI_4;

/// `2/π`, nearest double.
const FRAC_2_PI: f64 = std::f64::consts::FRAC_2_PI;

/// `1.5·2⁵²`: adding and subtracting it rounds a double below 2⁵¹ to an integer, which is then
/// the low bits of the sum's significand.
const SHIFT: f64 = 6_755_399_441_055_744.0;

/// π/2 rounded to 43 bits …
const P1: f64 = 1.570_796_326_794_834_4;
/// … the remainder rounded to 43 bits …
const P2: f64 = 6.223_372_171_896_261e-14;
/// … and the next remainder rounded to 53 bits (module docs).
const P3: f64 = 3.521_559_865_183_2e-27;

/// Up to here the three-part reduction above is used; beyond it glibc's.
pub(super) const LIMIT: f64 = 1024.0;

/// `S(z)`, with `sin x ≈ x + x·z·S(z)`, `z = x²` (module docs).
const S: [f64; 6] = [
    -0.166_666_666_666_666_32,
    0.008_333_333_333_322_51,
    -0.000_198_412_698_298_842_55,
    2.755_731_371_852_793_3e-6,
    -2.505_076_232_526_183_4e-8,
    1.589_704_308_900_645_9e-10,
];

/// `C(z)`, with `cos x ≈ 1 − z/2 + z²·C(z)`, `z = x²` (module docs).
const C: [f64; 6] = [
    0.041_666_666_666_666_6,
    -0.001_388_888_888_887_449_6,
    2.480_158_728_969_470_5e-5,
    -2.755_731_440_985_586e-7,
    2.087_573_071_504_063_2e-9,
    -1.136_001_865_748_685e-11,
];

/// Sine in radians; within 1 ulp of `f64::sin` (module docs).
#[inline(never)]
pub fn sin(x: f64) -> f64 {
    let a = x.abs();
    if a < FRAC_PI_4 {
        if a < TINY {
            return x; // keeps ±0 (the sum below would give +0 for −0)
        }
        return x + sin_term(x, x * x);
    }
    if a <= LIMIT {
        let (q, hi, lo) = reduce(x);
        let s = if q & 1 == 0 {
            sin_kernel(hi, lo)
        } else {
            cos_kernel(hi, hi * lo)
        };
        flip(s, q << 62) // negative in quadrants 2 and 3
    } else {
        sin_far(x) // beyond the limit, ±∞, NaN
    }
}

/// Cosine in radians; within 1 ulp of `f64::cos` (module docs).
#[inline(never)]
pub fn cos(x: f64) -> f64 {
    let a = x.abs();
    if a < FRAC_PI_4 {
        return cos_kernel(x, 0.0);
    }
    if a <= LIMIT {
        let (q, hi, lo) = reduce(x);
        let c = if q & 1 == 0 {
            cos_kernel(hi, hi * lo)
        } else {
            sin_kernel(hi, lo)
        };
        flip(c, (q + 1) << 62) // negative in quadrants 1 and 2
    } else {
        cos_far(x)
    }
}

/// `(sin x, cos x)` from one reduction, each bit for bit as [`sin`] and [`cos`].
#[inline(never)]
pub fn sin_cos(x: f64) -> (f64, f64) {
    let a = x.abs();
    if a < FRAC_PI_4 {
        let z = x * x;
        let s = if a < TINY { x } else { x + sin_term(x, z) };
        return (s, cos_kernel(x, 0.0));
    }
    if a <= LIMIT {
        let (q, hi, lo) = reduce(x);
        let (s, c) = (sin_kernel(hi, lo), cos_kernel(hi, hi * lo));
        let (s, c) = if q & 1 == 0 { (s, c) } else { (c, s) };
        (flip(s, q << 62), flip(c, (q + 1) << 62))
    } else {
        (sin_far(x), cos_far(x))
    }
}

/// Below this, `sin x` rounds to `x`: `2⁻²⁷`.
pub(super) const TINY: f64 = 1.0 / (1u64 << 27) as f64;

/// `v` with its sign flipped when bit 63 of `bits` is set.
#[inline]
fn flip(v: f64, bits: u64) -> f64 {
    f64::from_bits(v.to_bits() ^ (bits & (1 << 63)))
}

/// `(n mod 4, hi, lo)` with `hi + lo ≈ x − n·π/2`, for `π/4 ≤ |x| ≤ LIMIT` (module docs).
/// Every step is odd in `x` (the rounding to `n` too: ties to even), so `−x` gives `−n`,
/// `−hi`, `−lo` bit for bit.
#[inline]
pub(super) fn reduce(x: f64) -> (u64, f64, f64) {
    let t = x * FRAC_2_PI + SHIFT;
    let n = t - SHIFT;
    let r1 = x - n * P1;
    let w = n * P2;
    let hi = r1 - w;
    let lo = ((r1 - hi) - w) - n * P3;
    // The significand's low bits are n in two's complement, so these are n mod 4.
    (t.to_bits() & 3, hi, lo)
}

/// `x·z·S(z)` with `z = x²`: `sin x − x` (module docs).
#[inline]
fn sin_term(x: f64, z: f64) -> f64 {
    let w = z * z;
    let even = S[1] + w * (S[3] + w * S[5]);
    let odd = S[2] + w * S[4];
    z * x * (S[0] + z * (even + z * odd))
}

/// `sin(x + y)` for |x| ≤ π/4 (a little more) and |y| ≪ ulp(x)·2¹⁰ (module docs).
#[inline]
fn sin_kernel(x: f64, y: f64) -> f64 {
    let z = x * x;
    x + (sin_term(x, z) + y * (1.0 - 0.5 * z))
}

/// `cos(x + y)` for |x| ≤ π/4 (a little more) and |y| ≪ ulp(x)·2¹⁰, given `xy = x·y`
/// (module docs); `xy = 0` below π/4, where there is no tail.
#[inline]
fn cos_kernel(x: f64, xy: f64) -> f64 {
    let z = x * x;
    let w = z * z;
    let even = C[0] + w * (C[2] + w * C[4]);
    let odd = C[1] + w * (C[3] + w * C[5]);
    let hz = 0.5 * z;
    let one_minus = 1.0 - hz;
    one_minus + (((1.0 - one_minus) - hz) + (w * (even + z * odd) - xy))
}

/// glibc's `sin`, out of line: the tyres' arguments (almost) never take this path.
#[cold]
#[inline(never)]
fn sin_far(x: f64) -> f64 {
    x.sin()
}

/// glibc's `cos`, out of line (as [`sin_far`]).
#[cold]
#[inline(never)]
fn cos_far(x: f64) -> f64 {
    x.cos()
}

#[cfg(test)]
#[path = "sincos_tests.rs"]
mod tests;
