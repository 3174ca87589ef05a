//! [`UnitMemo`]: one Magic Formula curve's last value with the bits of its argument, within
//! a batch of the simplified Magic Formula and, for the lateral curve, from a wheel's
//! recorded aligning moment to its next substep's start point.

use super::MagicCurve;

/// One curve's last value `unit(x)` with the bits of its `B·x` ([`MagicCurve::unit`]
/// depends on `x` through `B·x` alone, given `C` and `E`): a derived cache, kept per wheel
/// for the lateral curve in [`crate::tire::TireState::lateral_unit`] from the aligning
/// moment the contact solve records to the next substep's start point.
///
/// Why: the recorded moment evaluates the lateral curve at the end-of-step slips `(κ', α')`
/// the patch's deflections hold, and the next substep's start point `(κ₀, α₀)` is the same
/// deflections over the same relaxation lengths (nothing moves them between the record and
/// the next linearisation but a carcass hold), so its lateral argument has the same bits on
/// nearly every substep: the curve (two `atan`s and a `sin`, ≈ 95 instructions) is taken
/// from here. A hit returns the very bits the curve gives, whatever the key's history:
/// the value was computed from the same `B·x` with the wheel's `C` and `E`, which only a
/// change of the vehicle's parameters moves (and that clears the memo, as it clears the
/// wheel frames' [`crate::wheel::FrameKey`]). `Default`: empty (no `B·x` matches it: a
/// NaN key is never taken).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnitMemo {
    bx: u64,
    unit: f64,
}

impl Default for UnitMemo {
    fn default() -> Self {
        Self {
            bx: f64::NAN.to_bits(),
            unit: 0.0,
        }
    }
}

impl UnitMemo {
    /// `curve.unit(x)`, bit for bit: the kept value if it is for the bits of `B·x` (not
    /// NaN), else evaluated and kept.
    #[inline(always)]
    pub(super) fn unit(&mut self, curve: &MagicCurve, x: f64) -> f64 {
        let bx = curve.b * x;
        if self.bx == bx.to_bits() && !bx.is_nan() {
            return self.unit;
        }
        let u = curve.unit_of_bx(bx);
        *self = Self {
            bx: bx.to_bits(),
            unit: u,
        };
        u
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::Plane;
    use crate::test_rng::uniform;
    use crate::vehicle::{Intent, Vehicle};
    use crate::{DVec3, Pose, presets};

    /// On seeded curves and arguments (zeros of both signs, NaN, ±∞, huge and tiny ones
    /// among them), a memo gives `unit`'s bits whether it is empty, holds the same `B·x`
    /// (a hit), or holds another one (a miss), and then holds the argument asked.
    #[test]
    fn a_memo_gives_the_curves_bits() {
        let mut seed = 0x0de_5eed_u64;
        let mut u = |lo: f64, hi: f64| uniform(&mut seed, lo, hi);
        let (mut hits, mut misses) = (0, 0);
        for case in 0..20_000 {
            let curve = MagicCurve {
                b: u(0.5, 30.0),
                c: u(0.2, 1.99),
                e: u(-3.0, 1.0),
            };
            let x = match case % 8 {
                0 => 0.0,
                1 => -0.0,
                2 if case % 16 == 2 => f64::NAN,
                2 => f64::INFINITY.copysign(u(-1.0, 1.0)),
                3 => u(-1e300, 1e300),
                4 => u(-1e-300, 1e-300),
                _ => u(-2.0, 2.0),
            };
            let want = curve.unit(x).to_bits();
            let mut memo = UnitMemo::default();
            assert_eq!(memo.unit(&curve, x).to_bits(), want, "{curve:?} {x}");
            // The same argument again: a hit unless `B·x` is NaN.
            let bits = |m: &UnitMemo| (m.bx, m.unit.to_bits());
            let before = bits(&memo);
            assert_eq!(memo.unit(&curve, x).to_bits(), want, "{curve:?} {x}");
            assert_eq!(bits(&memo), before);
            if (curve.b * x).is_nan() {
                misses += 1;
            } else {
                hits += 1;
            }
            // Another argument, then this one: each the curve's bits.
            let y = u(-1.0, 1.0);
            assert_eq!(
                memo.unit(&curve, y).to_bits(),
                curve.unit(y).to_bits(),
                "{curve:?} {y}"
            );
            assert_eq!(memo.unit(&curve, x).to_bits(), want, "{curve:?} {x}");
        }
        assert!(hits > 15_000 && misses > 500, "{hits} {misses}");
    }

    /// The shipped sedan and sports car, driven and steered on flat ground for 3 s (a
    /// hundred steps at the three low-speed substeps, the rest at one): stepped with the
    /// wheels' lateral curve memos, and stepped with every memo emptied before each step
    /// (a snapshot restored: `Vehicle::restore` empties them), they stay bit-identical
    /// (the determinism hash, which leaves the memos out, and the states compared field by
    /// field); and the memos are filled by the end.
    #[test]
    fn the_memos_change_no_step() {
        for params in [presets::sedan(), presets::sports_rwd()] {
            let mut kept = Vehicle::new(params).unwrap();
            kept.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.05)));
            kept.set_intent(Intent {
                throttle: 0.6,
                steer: 0.2,
                ..Intent::default()
            })
            .unwrap();
            let mut emptied = kept.clone();
            let ground = Plane::flat();
            for k in 0..180 {
                let snapshot = emptied.snapshot();
                emptied.restore(&snapshot).unwrap();
                kept.step(1.0 / 60.0, &ground);
                emptied.step(1.0 / 60.0, &ground);
                assert_eq!(kept.state_hash(), emptied.state_hash(), "step {k}");
                assert!(kept.state() == emptied.state(), "step {k}");
            }
            let filled = kept
                .state()
                .wheels()
                .iter()
                .filter(|w| w.tire.lateral_unit != UnitMemo::default())
                .count();
            assert_eq!(filled, 4);
        }
    }
}
