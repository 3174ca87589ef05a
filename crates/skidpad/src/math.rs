//! Small geometric types shared by every subsystem.
//!
//! Frames: the world is z-up with gravity along −z; a vehicle frame follows ISO 8855
//! (x forward, y left, z up). A [`Pose`] maps vehicle-frame points to world points:
//! `p_world = translation + rotation * p_body`.

use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};

/// A rigid transform: rotation then translation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    /// Position of the frame origin in the parent (world) frame. Unit: m.
    pub translation: DVec3,
    /// Orientation of the frame in the parent frame (unit quaternion).
    pub rotation: DQuat,
}

impl Default for Pose {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl Pose {
    /// The identity pose.
    pub const IDENTITY: Self = Self {
        translation: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
    };

    /// A pose with no rotation.
    pub const fn from_translation(translation: DVec3) -> Self {
        Self {
            translation,
            rotation: DQuat::IDENTITY,
        }
    }

    /// A pose from translation and rotation.
    pub const fn new(translation: DVec3, rotation: DQuat) -> Self {
        Self {
            translation,
            rotation,
        }
    }

    /// Map a point from this frame to the parent frame.
    #[inline]
    pub fn transform_point(&self, p: DVec3) -> DVec3 {
        self.translation + self.rotation * p
    }

    /// Map a direction from this frame to the parent frame.
    #[inline]
    pub fn transform_vector(&self, v: DVec3) -> DVec3 {
        self.rotation * v
    }

    /// Map a point from the parent frame into this frame.
    #[inline]
    pub fn inverse_transform_point(&self, p: DVec3) -> DVec3 {
        self.rotation.inverse() * (p - self.translation)
    }

    /// Map a direction from the parent frame into this frame.
    #[inline]
    pub fn inverse_transform_vector(&self, v: DVec3) -> DVec3 {
        self.rotation.inverse() * v
    }

    /// True if translation and rotation are finite and the rotation has unit length (1e-6).
    pub fn is_valid(&self) -> bool {
        self.translation.is_finite()
            && self.rotation.is_finite()
            && (self.rotation.length() - 1.0).abs() < 1e-6
    }
}

/// A unit quaternion's rotation of vectors with its own terms placed once: glam's
/// `DQuat * DVec3` (`mul_vec3`: `v·(w² − b·b) + b·(2·(v·b)) + (b × v)·(2w)`, `b = (x, y, z)`)
/// with `w² − b·b` and `2w` kept, so each rotation is the same operations in the same order
/// on the same values (the same bits, test `the_rotor_is_glams_rotation`) without the ≈ 10
/// instructions of the quaternion's own terms. For a stage that rotates several of a body's
/// vectors (the grip stage: each wheel's heading and axle).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rotor {
    /// The quaternion's vector part `(x, y, z)`.
    b: DVec3,
    /// `w·w − b·b`.
    k: f64,
    /// `w·2`.
    w2: f64,
}

impl Rotor {
    /// The rotor of the unit quaternion `q`.
    #[inline(always)]
    pub(crate) fn new(q: DQuat) -> Self {
        let b = DVec3::new(q.x, q.y, q.z);
        Self {
            b,
            k: q.w * q.w - b.dot(b),
            w2: q.w * 2.0,
        }
    }

    /// `q * v`, bit for bit. Unit: `v`'s.
    #[inline(always)]
    pub(crate) fn rotate(&self, v: DVec3) -> DVec3 {
        let b = self.b;
        (v * self.k) + (b * (v.dot(b) * 2.0)) + (b.cross(v) * self.w2)
    }
}

/// `x.is_finite()` as one comparison, `|x| ≤ f64::MAX` (NaN fails it). LLVM lowers
/// `is_finite` to a test of the float's class in integer registers (five instructions and a
/// 64-bit constant a test); this stays an `andpd` and a `ucomisd`. The same answer for
/// every `x` (test: `finite_tests_are_is_finite`).
#[inline(always)]
pub(crate) fn finite(x: f64) -> bool {
    x.abs() <= f64::MAX
}

/// `v.is_finite()` (every component finite) as `(x − x) + (y − y) + (z − z) = 0`: a finite
/// component's difference is `+0` exactly, an infinite or NaN one's is NaN, which makes the
/// sum NaN (and the comparison false). Three subtractions, two additions and one
/// comparison, where glam's three class tests take ≈ 18 integer instructions and three
/// branches. The same answer for every `v` (test: `finite_tests_are_is_finite`).
#[inline(always)]
#[expect(
    clippy::eq_op,
    reason = "`x − x` is the test: +0 for a finite x, NaN otherwise"
)]
pub(crate) fn finite_vec(v: DVec3) -> bool {
    (v.x - v.x) + (v.y - v.y) + (v.z - v.z) == 0.0
}

/// `a == b` for two arrays of words (a key of bits) without the `memcmp` call `==` makes of
/// arrays of more than four (≈ 30 instructions with the call): the words' differences or-ed,
/// ≈ 3 instructions a word. The same answer (test: `same_words_is_eq`).
#[inline(always)]
pub(crate) fn same_words<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rotor_is_glams_rotation() {
        // `Rotor::rotate` against glam's `q * v`, every bit, over 100 000 seeded unit
        // quaternions (normalised from uniform components, so every sign and axis) and vectors
        // (magnitudes 1e-300 … 1e300, ±0 components). By hand: a quarter turn about z,
        // q = (0, 0, √½, √½), takes x̂ to ŷ within an ulp.
        let r = Rotor::new(DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2));
        let y = r.rotate(DVec3::X);
        assert!(
            y.x.abs() < 1e-15 && (y.y - 1.0).abs() < 1e-15 && y.z == 0.0,
            "{y}"
        );
        let mut seed = 0x0707_ab36_5eed_0001_u64;
        let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
        for i in 0..100_000 {
            let q = DQuat::from_xyzw(f(-1.0, 1.0), f(-1.0, 1.0), f(-1.0, 1.0), f(-1.0, 1.0))
                .normalize();
            let scale = 10f64.powf(f(-300.0, 300.0));
            let mut v = DVec3::new(f(-1.0, 1.0), f(-1.0, 1.0), f(-1.0, 1.0)) * scale;
            if i % 7 == 0 {
                v.y = if i % 2 == 0 { 0.0 } else { -0.0 };
            }
            let (got, want) = (Rotor::new(q).rotate(v), q * v);
            assert_eq!(
                got.to_array().map(f64::to_bits),
                want.to_array().map(f64::to_bits),
                "{q} {v}"
            );
        }
    }

    #[test]
    fn same_words_is_eq() {
        // Equal keys, and keys differing in one bit of any one word.
        let mut seed = 0x0123_4567_89ab_cdef_u64;
        for i in 0..5000 {
            let mut a = [0u64; 7];
            for w in &mut a {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *w = if i % 3 == 0 { seed & 1 } else { seed };
            }
            let mut b = a;
            assert!(same_words(&a, &b));
            b[i % 7] ^= 1 << (i % 64);
            assert_eq!(same_words(&a, &b), a == b);
            assert!(!same_words(&a, &b));
            let (c, d) = (
                [a[0], a[1], a[2], a[3], a[4]],
                [b[0], b[1], b[2], b[3], b[4]],
            );
            assert_eq!(same_words(&c, &d), c == d);
        }
    }

    #[test]
    fn finite_tests_are_is_finite() {
        // Every class of f64 in every component: zeros of both signs, subnormals, normals,
        // the extremes, infinities and NaNs (quiet and signalling, either sign), then
        // seeded random bit patterns.
        let special = [
            0.0,
            -0.0,
            5e-324,
            -5e-324,
            f64::MIN_POSITIVE,
            1.0,
            -3.5,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
            f64::from_bits(0x7ff0_0000_0000_0001),
            f64::from_bits(0xfff8_0000_0000_0001),
        ];
        for &x in &special {
            assert_eq!(finite(x), x.is_finite(), "{x:e}");
            for &y in &special {
                for &z in &special {
                    let v = DVec3::new(x, y, z);
                    assert_eq!(finite_vec(v), v.is_finite(), "{v}");
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            let mut next = || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                f64::from_bits(seed)
            };
            let v = DVec3::new(next(), next(), next());
            assert_eq!(finite(v.x), v.x.is_finite());
            assert_eq!(finite_vec(v), v.is_finite(), "{v}");
        }
    }
}
