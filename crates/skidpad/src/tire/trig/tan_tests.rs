//! [`tan`] against glibc's `f64::tan`: error, symmetry, the reduction's hardest points,
//! special values.

use super::*;

use crate::tire::trig::test_support::{Rng, next_to_quarter_pi_multiples, ulps};

/// Asserts the 1-ulp bound over `xs`, printing the worst point and how many differ.
fn assert_within_one_ulp(what: &str, xs: impl Iterator<Item = f64>) {
    let (mut worst, mut at, mut differ) = (0, 0.0, 0);
    for x in xs {
        let d = ulps(tan(x), x.tan());
        differ += usize::from(d > 0);
        if d > worst {
            (worst, at) = (d, x);
        }
    }
    println!("{what}: tan worst {worst} ulp at {at:e} ({differ} differ)");
    assert!(worst <= 1, "{what}: {worst} ulp at {at:e}");
}

#[test]
fn within_one_ulp_over_every_exponent() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let xs = (0..1_000_000)
        .map(|_| f64::from_bits(rng.bits()))
        .filter(|x| !x.is_nan());
    assert_within_one_ulp("every exponent", xs);
}

#[test]
fn within_one_ulp_densely_over_the_tyres_range() {
    // Uniform over the tyres' clamp |α| ≤ 1.5, then over the whole reduced range.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    assert_within_one_ulp("|x| ≤ 1.5", (0..1_000_000).map(|_| 1.5 * rng.signed()));
    let xs = (0..1_000_000).map(|_| LIMIT * rng.signed());
    assert_within_one_ulp("|x| ≤ 1024", xs);
}

#[test]
fn within_one_ulp_next_to_every_multiple_of_a_quarter_pi() {
    // Zeros and poles of tan and the quadrant changes: 40 doubles either side of the nearest.
    assert_within_one_ulp("next to k·π/4", next_to_quarter_pi_multiples());
}

#[test]
fn odd_and_special_values() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..100_000 {
        let x = 2048.0 * rng.signed();
        assert_eq!(tan(-x).to_bits(), (-tan(x)).to_bits(), "{x:e}");
    }
    assert_eq!(tan(0.0).to_bits(), 0.0f64.to_bits());
    assert_eq!(tan(-0.0).to_bits(), (-0.0f64).to_bits());
    for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
        assert!(tan(x).is_nan());
    }
    for x in [5e-324, f64::MIN_POSITIVE, 1e-200, -1e-9] {
        assert_eq!(tan(x), x);
    }
    for x in [LIMIT.next_up(), 1e300, -f64::MAX] {
        assert_eq!(tan(x), x.tan());
    }
}
