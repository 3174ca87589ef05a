//! [`atan`] against glibc's `f64::atan` (correctly rounded): error, symmetry, limits, order.

use super::*;

use super::test_support::{Rng, ulps};

/// The largest distance to `f64::atan` over `xs`, with the number of points that differ.
fn worst_over(xs: impl Iterator<Item = f64>) -> (u64, usize, f64) {
    let (mut worst, mut differ, mut at) = (0, 0, 0.0);
    for x in xs {
        let d = ulps(atan(x), x.atan());
        differ += usize::from(d > 0);
        if d > worst {
            (worst, at) = (d, x);
        }
    }
    (worst, differ, at)
}

#[test]
fn within_one_ulp_over_every_exponent() {
    // Random bit patterns: every exponent (and sign) equally often; NaN patterns skipped.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let xs = (0..1_000_000)
        .map(|_| f64::from_bits(rng.bits()))
        .filter(|x| !x.is_nan());
    let (worst, differ, at) = worst_over(xs);
    println!("every exponent: worst {worst} ulp at {at:e}, {differ} differ");
    assert!(worst <= 1, "{worst} ulp at {at:e}");
}

#[test]
fn within_one_ulp_densely_below_fifty() {
    // Uniform over |x| ≤ 50, where the tyres' slips and shaped slips live, across all
    // five reduction intervals.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let xs = (0..1_000_000).map(|_| 100.0 * rng.unit() - 50.0);
    let (worst, differ, at) = worst_over(xs);
    println!("|x| ≤ 50: worst {worst} ulp at {at:e}, {differ} differ");
    assert!(worst <= 1, "{worst} ulp at {at:e}");
    // And uniform over |x| ≤ 3, the reduction's break points densest.
    let xs = (0..1_000_000).map(|_| 6.0 * rng.unit() - 3.0);
    let (worst, _, at) = worst_over(xs);
    assert!(worst <= 1, "{worst} ulp at {at:e}");
}

#[test]
fn odd_symmetry_is_exact() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..100_000 {
        let x = f64::from_bits(rng.bits() >> 1);
        let (p, m) = (atan(x), atan(-x));
        assert!(
            (p.is_nan() && m.is_nan()) || p.to_bits() ^ m.to_bits() == 1 << 63,
            "{x:e}"
        );
    }
}

#[test]
fn special_values_as_glibc() {
    use std::f64::consts::FRAC_PI_2;
    let bits = |x: f64| atan(x).to_bits();
    assert_eq!(bits(0.0), 0.0f64.to_bits());
    assert_eq!(bits(-0.0), (-0.0f64).to_bits());
    assert_eq!(atan(f64::INFINITY), FRAC_PI_2);
    assert_eq!(atan(f64::NEG_INFINITY), -FRAC_PI_2);
    assert!(atan(f64::NAN).is_nan());
    assert!(atan(-f64::NAN).is_nan());
    // Tiny and subnormal: x itself; huge: ±π/2; exactly at the branch edges: as glibc.
    let edges = [
        f64::MIN_POSITIVE,
        5e-324,
        1e-300,
        TINY,
        TINY.next_down(),
        0.25,
        0.5,
        0.75,
        1.0,
        1.5,
        2.0,
        4.0,
        HUGE,
        HUGE.next_down(),
        1e300,
        f64::MAX,
    ];
    for x in edges
        .into_iter()
        .flat_map(|x| [x, -x, x.next_up(), x.next_down()])
    {
        assert!(ulps(atan(x), x.atan()) <= 1, "{x:e}");
    }
    for x in [f64::MIN_POSITIVE, 5e-324, 1e-20, -1e-200] {
        assert_eq!(atan(x), x);
    }
    for x in [HUGE, 1e30, 1e300, f64::MAX, -f64::MAX] {
        assert_eq!(atan(x), FRAC_PI_2.copysign(x));
        assert_eq!(atan(x), x.atan());
    }
}

#[test]
fn monotonic_on_a_fine_grid() {
    // Steps of 1e-5 over [−60, 60], then 2000 consecutive doubles either side of each break
    // point, where the reduction changes formula.
    let mut prev = atan(-60.0);
    for i in 1..=12_000_000 {
        let x = -60.0 + i as f64 * 1e-5;
        let y = atan(x);
        assert!(y >= prev, "{x:e}");
        prev = y;
    }
    for c in [TINY, 0.25, 0.75, 1.5, 4.0, HUGE] {
        let mut x = c;
        for _ in 0..2000 {
            x = x.next_down();
        }
        let mut prev = atan(x);
        for _ in 0..4000 {
            x = x.next_up();
            assert!(atan(x) >= prev, "{x:e}");
            prev = atan(x);
        }
    }
}

#[test]
fn atan2_within_two_ulp_and_glibcs_own_cases() {
    // Pairs over every exponent (both signs of x: the left half-plane is glibc's own), then
    // dense over the MF's Kyα (Fz/Fz0 over a positive denominator of order 1).
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let (mut worst, mut at) = (0, (0.0, 0.0));
    for i in 0..2_000_000 {
        let (y, x) = if i % 2 == 0 {
            (f64::from_bits(rng.bits()), f64::from_bits(rng.bits()))
        } else {
            (8.0 * rng.unit() - 4.0, 3.0 * rng.unit())
        };
        let (got, want) = (atan2(y, x), y.atan2(x));
        if want.is_nan() {
            assert!(got.is_nan(), "{y:e} {x:e}");
            continue;
        }
        let d = ulps(got, want);
        if d > worst {
            (worst, at) = (d, (y, x));
        }
    }
    println!("atan2: worst {worst} ulp at {at:?}");
    assert!(worst <= 2, "{worst} ulp at {at:?}");
    // Zeros, infinities and the left half-plane: glibc's bits.
    let special = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1e-310,
    ];
    for y in special {
        for x in special {
            let (got, want) = (atan2(y, x), y.atan2(x));
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{y:e} {x:e}: {got:e} vs {want:e}"
            );
        }
    }
}
