//! The differential locks' directions and laws as the [drivetrain solve](super) reads them:
//! each lock's speed and torque directions, its stiffness, and whether a bias lock engages.

use crate::MAX_WHEELS;
use crate::drivetrain::differential::{Lock, LockModel};

/// `a·x` over the first `x.len()` entries.
pub(super) fn dot(a: &[f64; MAX_WHEELS], x: &[f64]) -> f64 {
    a.iter().zip(x).map(|(a, x)| a * x).sum()
}

/// The speed direction `d = c_a·a − c_b·b` of a lock's law `T = k·d·ω`, as the coefficients
/// `(c_a, c_b)`; its torque direction is `u = a − b`. Coefficients instead of per-wheel arrays:
/// nothing `MAX_WHEELS`-long is built per solve, and `1·x` is exact, so `d` is bit-identical to
/// the arrays `a − b`, `a − bias·b`, `bias·a − b`.
pub(super) fn lock_dirs(l: &Lock, omega: &[f64]) -> (f64, f64) {
    if let LockModel::SpeedBias { bias, .. } = l.model {
        let (wa, wb) = (dot(&l.a, omega), dot(&l.b, omega));
        if wa * wb > 0.0 {
            // T = k(ω_fast − b·ω_slow) acting to slow the faster output.
            return if wa.abs() >= wb.abs() {
                (1.0, bias)
            } else {
                (bias, 1.0)
            };
        }
    }
    (1.0, 1.0)
}

/// `d·x` for the lock `l` with direction coefficients `(c_a, c_b)` ([`lock_dirs`]).
pub(super) fn dot_d(l: &Lock, (ca, cb): (f64, f64), x: &[f64]) -> f64 {
    x.iter()
        .enumerate()
        .map(|(i, x)| (ca * l.a[i] - cb * l.b[i]) * x)
        .sum()
}

/// `u·x` for the lock `l` (`u = a − b`).
pub(super) fn dot_u(l: &Lock, x: &[f64]) -> f64 {
    x.iter()
        .enumerate()
        .map(|(i, x)| (l.a[i] - l.b[i]) * x)
        .sum()
}

pub(super) fn stiffness(m: &LockModel) -> f64 {
    match *m {
        LockModel::None => 0.0,
        LockModel::Viscous { stiffness }
        | LockModel::SpeedBias { stiffness, .. }
        | LockModel::TorqueSensing { stiffness, .. } => stiffness,
    }
}

/// Speed ratio of a lock's outputs above its bias (for engaging bias locks).
pub(super) fn bias_exceeded(l: &Lock, omega: &[f64]) -> bool {
    match l.model {
        LockModel::SpeedBias { bias, .. } => {
            let (wa, wb) = (dot(&l.a, omega).abs(), dot(&l.b, omega).abs());
            let (hi, lo) = (wa.max(wb), wa.min(wb));
            let opposite = dot(&l.a, omega) * dot(&l.b, omega) < 0.0;
            opposite || hi > bias * lo + 1e-9
        }
        _ => true,
    }
}
