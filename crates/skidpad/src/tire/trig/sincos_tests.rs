//! [`sin`], [`cos`], [`sin_cos`] against glibc's `f64::sin`/`cos`: error, symmetry, the
//! reduction's hardest points, special values, the pair.

use super::*;

use crate::tire::trig::test_support::{Rng, next_to_quarter_pi_multiples, ulps};

/// The largest distance of `sin` and of `cos` to glibc's over `xs` (the point and the count of
/// differing results with it), checking that `sin_cos` gives both bit for bit.
fn worst_over(xs: impl Iterator<Item = f64>) -> [(u64, f64, usize); 2] {
    let mut out = [(0, 0.0, 0); 2];
    for x in xs {
        let (s, c) = sin_cos(x);
        assert_eq!(
            (s.to_bits(), c.to_bits()),
            (sin(x).to_bits(), cos(x).to_bits())
        );
        for (o, d) in out.iter_mut().zip([ulps(s, x.sin()), ulps(c, x.cos())]) {
            o.2 += usize::from(d > 0);
            if d > o.0 {
                (o.0, o.1) = (d, x);
            }
        }
    }
    out
}

/// Asserts the 1-ulp bound on both functions, printing what was found.
fn assert_within_one_ulp(what: &str, xs: impl Iterator<Item = f64>) {
    let [s, c] = worst_over(xs);
    println!(
        "{what}: sin worst {} ulp at {:e} ({} differ), cos worst {} ulp at {:e} ({} differ)",
        s.0, s.1, s.2, c.0, c.1, c.2
    );
    assert!(s.0 <= 1, "sin: {} ulp at {:e}", s.0, s.1);
    assert!(c.0 <= 1, "cos: {} ulp at {:e}", c.0, c.1);
}

#[test]
fn within_one_ulp_over_every_exponent() {
    // Random bit patterns: every exponent and sign equally often (those above 1024 take glibc's
    // path itself); NaN patterns skipped.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let xs = (0..1_000_000)
        .map(|_| f64::from_bits(rng.bits()))
        .filter(|x| !x.is_nan());
    assert_within_one_ulp("every exponent", xs);
    // The same over the reduced range only: exponents −60 … 10.
    let xs = (0..1_000_000).map(|_| {
        let e = (rng.bits() % 71) as i32 - 60;
        rng.signed() * 2f64.powi(e)
    });
    assert_within_one_ulp("2^-60 ≤ |x| < 1024", xs);
}

#[test]
fn within_one_ulp_densely_over_the_tyres_range() {
    // Uniform over |x| ≤ 8 (the tyres' arguments: C·atan(·) and the like), then over the
    // whole reduced range.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    assert_within_one_ulp("|x| ≤ 8", (0..1_000_000).map(|_| 8.0 * rng.signed()));
    let xs = (0..1_000_000).map(|_| LIMIT * rng.signed());
    assert_within_one_ulp("|x| ≤ 1024", xs);
}

#[test]
fn within_one_ulp_next_to_every_multiple_of_a_quarter_pi() {
    // Where `sin` or `cos` is tiny (multiples of π/2, the reduction's cancellation) and where
    // the quadrant changes (odd multiples of π/4): the 40 doubles either side of the nearest.
    assert_within_one_ulp("next to k·π/4", next_to_quarter_pi_multiples());
    // The closest double to a multiple of π/2 up to 1024 (module docs), exactly.
    let x = 29.0 * std::f64::consts::FRAC_PI_2;
    assert!(ulps(cos(x), x.cos()) <= 1, "{:e} {:e}", cos(x), x.cos());
}

#[test]
fn symmetries_are_exact() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..100_000 {
        let x = f64::from_bits(rng.bits() >> 1) % 2048.0;
        if x.is_nan() {
            continue;
        }
        assert_eq!(sin(-x).to_bits(), (-sin(x)).to_bits(), "{x:e}");
        assert_eq!(cos(-x).to_bits(), cos(x).to_bits(), "{x:e}");
    }
}

#[test]
fn special_values_as_glibc() {
    assert_eq!(sin(0.0).to_bits(), 0.0f64.to_bits());
    assert_eq!(sin(-0.0).to_bits(), (-0.0f64).to_bits());
    assert_eq!((cos(0.0), cos(-0.0)), (1.0, 1.0));
    for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN] {
        let (s, c) = sin_cos(x);
        assert!(sin(x).is_nan() && cos(x).is_nan() && s.is_nan() && c.is_nan());
    }
    // Tiny and subnormal: sin x = x, cos x = 1.
    for x in [5e-324, f64::MIN_POSITIVE, 1e-200, 1e-20, -1e-9] {
        assert_eq!((sin(x), cos(x)), (x, 1.0));
    }
    // Either side of π/4 and of the limit, and huge (glibc's own path).
    let edges = [std::f64::consts::FRAC_PI_4, LIMIT, 1e6, 1e300, f64::MAX];
    for x in edges
        .into_iter()
        .flat_map(|x| [x, x.next_up(), x.next_down()])
        .flat_map(|x| [x, -x])
    {
        assert!(ulps(sin(x), x.sin()) <= 1, "{x:e}");
        assert!(ulps(cos(x), x.cos()) <= 1, "{x:e}");
    }
    for x in [LIMIT.next_up(), 1e300, -f64::MAX] {
        assert_eq!((sin(x), cos(x)), (x.sin(), x.cos()));
    }
}

#[test]
fn squares_sum_to_one() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for _ in 0..200_000 {
        let x = 100.0 * rng.signed();
        let (s, c) = sin_cos(x);
        assert!((s * s + c * c - 1.0).abs() <= 4.0 * f64::EPSILON, "{x:e}");
    }
}
