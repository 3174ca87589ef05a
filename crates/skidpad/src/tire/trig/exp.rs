//! `exp` for the tyre models, without glibc's: Tang's reduction by ln 2 (Muller, *Elementary
//! Functions*, 3rd ed., §6.2; fdlibm's `e_exp.c` without its table), then a polynomial of our
//! own fit; plain `*` and `+`.
//!
//! # Why
//! glibc's `exp` (the `w_exp` wrapper and `__ieee754_exp_fma`) is ≈ 70 instructions a call;
//! the full Magic Formula takes one per wheel and substep, Kxκ's `exp(PKX3·dfz)` in its load
//! terms (callgrind, PERFORMANCE.md, branch `mf-s38`). The tyre needs an answer within an
//! ulp or two, not glibc's correctly rounded one.
//!
//! # Algorithm
//! For `|x| ≤ 700`:
//!
//! ```text
//! k  = round(x/ln 2)                 (by adding and subtracting 1.5·2⁵², so |k| ≤ 1010)
//! r  = (x − k·L1) − k·L2             (L1 = ln 2 to 32 bits: k·L1 exact; L2 the remainder)
//! exp x = 2ᵏ·(1 + (r + r²·Q(r))),     |r| ≤ ln 2/2
//! ```
//!
//! `Q` (degree 10) is mpmath's `chebyfit` (near-minimax) of `(eʳ − 1 − r)/r²` on
//! `|r| ≤ ln 2/2 + 10⁻⁶`; with its coefficients rounded to doubles `1 + r + r²·Q(r)` is within
//! 3.4·10⁻¹⁹ relative of `eʳ` (0.003 ulp). `2ᵏ` is built from its exponent bits (a normal
//! number for `|k| ≤ 1021`), and the product by it is exact. `exp 0 = 1` exactly. Outside
//! `|x| ≤ 700` (where the result nears overflow or the subnormals), for ±∞ and NaN: glibc's
//! `f64::exp`.
//!
//! # Error, as measured (tests)
//! Against glibc's `f64::exp` (correctly rounded in practice) on 3·10⁶ seeded points (uniform
//! over `|x| ≤ 700`, over `|x| ≤ 2`, and every exponent below): within 1 ulp.

/// `log2(e)`, nearest double.
const LOG2_E: f64 = std::f64::consts::LOG2_E;

/// `ln 2` rounded to 32 significant bits (fdlibm's `ln2HI`, `0x3fe62e42fee00000`): its
/// product by an integer `|k| < 2²¹` is exact.
const LN2_HI: f64 = 6.931_471_803_691_238e-1;

/// `ln 2 − LN2_HI`, nearest double.
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// `1.5·2⁵²`: adding and subtracting it rounds a double below 2⁵¹ to the nearest integer.
const SHIFTER: f64 = 6_755_399_441_055_744.0;

/// Largest `|x|` the reduction takes: `|k| ≤ 1010`, so `2ᵏ` and the result stay normal.
const LIMIT: f64 = 700.0;

/// `Q(r) = Σ Q[i]·rⁱ` with `eʳ ≈ 1 + r + r²·Q(r)` (module docs).
const Q: [f64; 11] = [
    0.5,
    0.166_666_666_666_666_7,
    0.041_666_666_666_666_67,
    0.008_333_333_333_326_141,
    0.001_388_888_888_888_375_2,
    0.000_198_412_698_748_010_73,
    2.480_158_732_553_378e-5,
    2.755_725_542_500_961_4e-6,
    2.755_727_366_082_246_6e-7,
    2.510_520_668_068_106e-8,
    2.091_467_959_561_773_4e-9,
];

/// `eˣ`; within 1 ulp of `f64::exp` (module docs).
#[inline]
pub fn exp(x: f64) -> f64 {
    if x.abs() <= LIMIT {
        reduced(x)
    } else {
        exp_far(x)
    }
}

/// `eˣ` for `|x| ≤ LIMIT` by the reduction (module docs).
#[inline]
fn reduced(x: f64) -> f64 {
    let kf = (x * LOG2_E + SHIFTER) - SHIFTER;
    let r = (x - kf * LN2_HI) - kf * LN2_LO;
    let q = Q[0]
        + r * (Q[1]
            + r * (Q[2]
                + r * (Q[3]
                    + r * (Q[4]
                        + r * (Q[5]
                            + r * (Q[6] + r * (Q[7] + r * (Q[8] + r * (Q[9] + r * Q[10])))))))));
    let p = 1.0 + (r + r * r * q);
    // 2ᵏ from its biased exponent (|k| ≤ 1010: a normal number).
    let scale = f64::from_bits(((kf as i64 + 1023) as u64) << 52);
    p * scale
}

/// glibc's `exp`, out of line (see [`exp`]).
#[cold]
#[inline(never)]
fn exp_far(x: f64) -> f64 {
    x.exp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tire::trig::test_support::{Rng, ulps};

    /// Asserts the 1-ulp bound over `xs`, printing the worst point and how many differ.
    fn assert_within_one_ulp(what: &str, xs: impl Iterator<Item = f64>) {
        let (mut worst, mut at, mut differ) = (0, 0.0, 0);
        for x in xs {
            let d = ulps(exp(x), x.exp());
            differ += usize::from(d > 0);
            if d > worst {
                (worst, at) = (d, x);
            }
        }
        println!("{what}: exp worst {worst} ulp at {at:e} ({differ} differ)");
        assert!(worst <= 1, "{what}: {worst} ulp at {at:e}");
    }

    #[test]
    fn within_one_ulp_of_glibc() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        assert_within_one_ulp("|x| ≤ 700", (0..1_000_000).map(|_| LIMIT * rng.signed()));
        // The MF's Kxκ argument PKX3·dfz: a few units at most.
        assert_within_one_ulp("|x| ≤ 2", (0..1_000_000).map(|_| 2.0 * rng.signed()));
        // Every exponent (random bit patterns; beyond the limit glibc's own).
        let xs = (0..1_000_000)
            .map(|_| f64::from_bits(rng.bits()))
            .filter(|x| !x.is_nan() && x.abs() < 709.0);
        assert_within_one_ulp("every exponent", xs);
    }

    #[test]
    fn special_values() {
        assert_eq!(exp(0.0).to_bits(), 1.0f64.to_bits());
        assert_eq!(exp(-0.0).to_bits(), 1.0f64.to_bits());
        for x in [5e-324, -5e-324, 1e-300, -1e-18] {
            assert_eq!(exp(x), x.exp(), "{x:e}");
        }
        for x in [LIMIT.next_up(), (-LIMIT).next_down(), 709.7, -745.0, 1e300] {
            assert_eq!(exp(x).to_bits(), x.exp().to_bits(), "{x:e}");
        }
        assert_eq!(exp(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp(f64::NEG_INFINITY), 0.0);
        assert!(exp(f64::NAN).is_nan());
        // The reduction's ends: 2ᵏ at |k| = 1010 is normal.
        for x in [LIMIT, -LIMIT, 1.0, -1.0, std::f64::consts::LN_2] {
            assert!(ulps(exp(x), x.exp()) <= 1, "{x:e}");
        }
    }
}
