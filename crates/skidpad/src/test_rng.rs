//! The seeded generators the randomised unit tests share: a 64-bit linear congruential
//! generator with Knuth's MMIX constants, `s ← 6364136223846793005·s + 1442695040888963407
//! (mod 2⁶⁴)`, read through its top 53 bits, and a xorshift64 stream. Deterministic by construction (no thread or
//! time source); each test keeps its own seed, so its cases do not depend on another's.

/// Advance `state` one step and return the new state.
pub(crate) fn step(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state
}

/// Uniform in `[0, 1)`: the top 53 bits of the next state.
pub(crate) fn unit(state: &mut u64) -> f64 {
    (step(state) >> 11) as f64 / (1u64 << 53) as f64
}

/// Uniform in `[lo, hi)`.
pub(crate) fn uniform(state: &mut u64, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * unit(state)
}

/// Advance a xorshift64 `state` (Marsaglia 2003, shifts 13, 7, 17; it must not be 0) and
/// return the new state: the other stream some tests were written with.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Uniform in `[0, 1)`: the top 53 bits of the next xorshift64 state.
pub(crate) fn xorshift_unit(state: &mut u64) -> f64 {
    (xorshift(state) >> 11) as f64 / (1u64 << 53) as f64
}
