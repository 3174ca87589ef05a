//! The friction circle's magnitude `|(Fx, Fy)|` as the [drivetrain solve](super)'s passes
//! read it: glibc's `hypot` (≈ 54 instructions) only where its value can matter.
//!
//! A pass reads a wheel's magnitude `mag` only through `mag > limit` (the limit reached, the
//! clamp of a tyre that left saturation), `mag > limit·(1 + 10⁻¹²) && mag > 0` (a linear
//! tyre saturates) and, when one of those holds, its value (the clamped force
//! `fx·limit/mag`). When `hypot(fx, fy) ≤ limit` is certain from the squares alone, every one
//! of those tests is false with the true value and with `limit` itself (`limit > limit` and
//! `limit > limit·(1 + 10⁻¹²)` are false for every `limit ≥ 0`), so [`magnitude`] returns
//! `limit` there and no result changes, bit for bit.
//!
//! # When the squares are enough
//! With `u = 2⁻⁵³`, `m = fl(fl(fx²) + fl(fy²)) ≥ r²·(1 − 3u)` for `r² = fx² + fy²` when
//! `m > 2⁻⁹⁶⁹` (a square that underflowed lost at most 2⁻¹⁰⁷⁵, below `u·m`), and
//! `t = fl(fl(limit²)·S) ≤ limit²·S·(1 + 3u)` with `S = 1 − 2⁻⁴⁰`. So `m < t` gives
//! `r² < limit²·S·(1 + 7u) < limit²·(1 − 2⁻⁴¹)`, `r < limit·(1 − 2⁻⁴²)`, and `hypot`
//! (within 1 ulp, `2u` relative, of `r`) is below `limit`. `limit²` finite and `limit ≥ 0`
//! are required (NaN, infinities and negative limits take `hypot`).

/// Smallest `fx² + fy²` the shortcut takes: `2⁻⁹⁶⁹` (module docs; as `tire::norm`).
const MIN_SUM: f64 = f64::MIN_POSITIVE * (1u64 << 53) as f64;

/// `1 − 2⁻⁴⁰`: the margin below `limit²` that makes `hypot ≤ limit` certain.
const SAFE: f64 = 1.0 - 1.0 / (1u64 << 40) as f64;

/// `fx.hypot(fy)`, or `limit` when the hypot is certainly `≤ limit` (module docs): the same
/// outcome of every test a pass makes of it.
#[inline(always)]
pub(super) fn magnitude(fx: f64, fy: f64, limit: f64) -> f64 {
    let m = fx * fx + fy * fy;
    let t = limit * limit;
    if limit >= 0.0 && t < f64::INFINITY && m > MIN_SUM && m < t * SAFE {
        limit
    } else {
        fx.hypot(fy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seeded random forces and limits, many within a few ulps of the magnitude (either
    /// side), over magnitudes 1e-150 … 1e150 with zeros, negative and non-finite limits:
    /// every test a pass makes has the same outcome with [`magnitude`] as with `hypot`, and
    /// where it is not `limit` it is `hypot`'s bits.
    #[test]
    fn the_shortcut_keeps_every_tests_outcome() {
        let mut state = 0x000c_1c1e_u64;
        let mut next = || crate::test_rng::unit(&mut state);
        let (mut short, mut near) = (0, 0);
        for _ in 0..200_000 {
            let scale = 10f64.powf(300.0 * next() - 150.0);
            let fx = if next() < 0.05 {
                0.0
            } else {
                (next() - 0.5) * scale
            };
            let fy = if next() < 0.05 {
                0.0
            } else {
                (next() - 0.5) * scale
            };
            let h = fx.hypot(fy);
            let limit = match (next() * 8.0) as u32 {
                0 => h * (1.0 + 1e-12 * (next() - 0.5)),
                1 => f64::from_bits(
                    h.to_bits()
                        .wrapping_add((next() * 9.0) as u64)
                        .wrapping_sub(4),
                ),
                2 => h * (1.0 - 1e-12 * next()),
                3 => -h,
                4 if next() < 0.5 => f64::NAN,
                4 => f64::INFINITY,
                _ => h * 3.0 * next(),
            };
            let m = magnitude(fx, fy, limit);
            assert_eq!(m > limit, h > limit, "{fx} {fy} {limit}");
            assert_eq!(
                m > limit * (1.0 + 1e-12) && m > 0.0,
                h > limit * (1.0 + 1e-12) && h > 0.0,
                "{fx} {fy} {limit}"
            );
            if m.to_bits() == limit.to_bits() && h.to_bits() != limit.to_bits() {
                assert!(h <= limit);
                short += 1;
                near += usize::from(limit < h * (1.0 + 1e-11));
            } else {
                assert_eq!(m.to_bits(), h.to_bits(), "{fx} {fy} {limit}");
            }
        }
        assert!(short > 50_000 && near > 500, "{short} {near}");
    }
}
