//! What the trig functions' tests share: the distance in ulps, a seeded stream of random
//! words, and the doubles next to every multiple of π/4 where the reductions are hardest.

/// Distance in ulps between two doubles of the same sign (huge if the signs differ).
pub(super) fn ulps(a: f64, b: f64) -> u64 {
    a.to_bits().abs_diff(b.to_bits())
}

/// A deterministic stream of 64-bit words (xorshift64; the seed must not be 0).
pub(super) struct Rng(pub(super) u64);

impl Rng {
    /// The next word.
    pub(super) fn bits(&mut self) -> u64 {
        crate::test_rng::xorshift(&mut self.0)
    }

    /// Uniform in [0, 1).
    pub(super) fn unit(&mut self) -> f64 {
        (self.bits() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [−1, 1).
    pub(super) fn signed(&mut self) -> f64 {
        (self.bits() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// The 81 doubles centred on each `k·π/4` for `k = 1 … 1304` (up to the reductions' limit
/// 1024), and their negatives: the zeros and poles, where the reduction cancels most, and the
/// quadrant changes.
pub(super) fn next_to_quarter_pi_multiples() -> impl Iterator<Item = f64> {
    (1..=1304).flat_map(|k| {
        let mut x = k as f64 * std::f64::consts::FRAC_PI_4;
        for _ in 0..40 {
            x = x.next_down();
        }
        (0..81).flat_map(move |i| {
            let y = (0..i).fold(x, |y, _| y.next_up());
            [y, -y]
        })
    })
}
