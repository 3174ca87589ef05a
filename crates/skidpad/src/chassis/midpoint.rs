//! The torque-free implicit midpoint step of Euler's equations in body axes, the rotation's
//! middle part in [`super::integrate`]: find `ω⁺` with
//!
//! ```text
//! I (ω⁺ − ω₀) + h ω̄ × I ω̄ = 0,    ω̄ = (ω₀ + ω⁺)/2
//! ```
//!
//! by Newton's method from `ω⁺ = ω₀`, until a step moves `ω⁺` by at most
//! [`ANGULAR_NEWTON_TOLERANCE`]`·|ω⁺|` (the principal form: until the next step is bounded
//! so; at most [`ANGULAR_NEWTON_MAX_ITERATIONS`] steps). Two forms of the same iteration:
//!
//! - [`general`], any symmetric positive-definite `I`: Newton in `ω⁺` with the Jacobian
//!   `I + (h/2) ([ω̄]× I − [I ω̄]×)` and its 3 × 3 inverse each iteration.
//! - [`principal`], `I = diag(I₁, I₂, I₃)` (body axes along the principal axes: every preset,
//!   and any tensor [`ChassisParams::from_box`](super::ChassisParams::from_box) builds). Then
//!   `ω̄ × I ω̄ = (I₃ − I₂) ω̄₂ω̄₃, (I₁ − I₃) ω̄₃ω̄₁, (I₂ − I₁) ω̄₁ω̄₂)` (Euler's equations'
//!   gyroscopic terms), and the equation divided row by row by `Iᵢ` and written in the
//!   unknown `u = ω̄` (`ω⁺ = 2u − ω₀`) reads
//!
//!   ```text
//!   H(u) = u − ω₀ + a ∘ c(u) = 0,   c(u) = (u₂u₃, u₃u₁, u₁u₂),
//!   a = (h/2) ((I₃ − I₂)/I₁, (I₁ − I₃)/I₂, (I₂ − I₁)/I₃)
//!   ```
//!
//!   with the Jacobian `∂H/∂u = 1 + A(u)`, `A = [[0, a₁u₃, a₁u₂], [a₂u₃, 0, a₂u₁],
//!   [a₃u₂, a₃u₁, 0]]`, solved by its adjugate (Cramer's rule). Newton's method is invariant
//!   under a constant invertible scaling of the equations (the rows by `1/Iᵢ`) and an affine
//!   change of the unknown (`ω⁺ = 2u − ω₀`, a Newton step `δu` moves `ω⁺` by `2δu`), so in
//!   exact arithmetic both forms make the same iterates; in floating point they differ at
//!   round-off (the diagonal form skips the zero products and the full inverse: ≈ 90
//!   instructions an iteration against ≈ 350).
//!
//!   `H` is quadratic, so after a Newton step `δ` from `u` (`J(u)δ = H(u)`) the residual is
//!   exactly `H(u − δ) = H(u) − J(u)δ + a ∘ c(δ) = a ∘ c(δ)` (each `cᵢ` is a product of two
//!   coordinates: `(x − δₓ)(y − δᵧ) = xy − (xδᵧ + δₓy) + δₓδᵧ`); the iteration takes its
//!   residuals so (no cancellation of `u − ω₀` against `a ∘ c(u)`). And it knows the next
//!   step's size before taking it: with `‖A(u)‖₂ ≤ ‖A(u)‖_F ≤ √2·maxᵢ|aᵢ|·|u| ≤ ½`, the next
//!   step `J(u)⁻¹ r` is at most `|r|/(1 − ‖A‖₂) ≤ 2|r|` (Neumann series), so it would move
//!   `ω⁺` by at most `4|r|`. It stops when that is within the tolerance,
//!   `16|r|² ≤ (tol·|ω⁺|)²` (both conditions on squares, no square root), and returns
//!   `u − r`: that next step with the Jacobian taken as `1` (it differs from the full step
//!   by `(J⁻¹ − 1) r`, at most `2‖A‖·|r|`). So the result is within the tolerance of the
//!   iterate the verifying Newton step would give, without taking that step: a car's
//!   integration (`|ω|·h` ≲ 0.05 rad) takes one Newton step where it took two, the second
//!   only to pass the stop test (≈ −80 instructions a call). The general form keeps its
//!   stop test on the step taken, `|δω|² ≤ (tol·|ω⁺|)²`.
//!
//! The midpoint rule conserves the quadratic invariants `½ ωᵀIω` and `|I ω|` exactly, up to
//! rounding and the stop tolerance; neither form changes that (tests in [`super::model`]).

use glam::{DMat3, DVec3};

/// Maximum Newton iterations of the implicit-midpoint angular step in
/// [`integrate`](super::integrate). For a car (`|ω|·dt` ≲ 0.05 rad) the general form takes
/// two (the second step is the stop test's, of rounding size), the principal form one (it
/// bounds the next step instead of taking it); three to five for a fast tumble
/// (`|ω|·dt` ≈ 0.5 rad); the loop stops early once converged.
pub const ANGULAR_NEWTON_MAX_ITERATIONS: usize = 8;

/// Newton convergence tolerance of the angular step, relative to `|ω|`.
pub const ANGULAR_NEWTON_TOLERANCE: f64 = 1e-14;

/// `true` when the tensor `i`'s products of inertia are all zero (`±0`): its body axes are
/// principal axes, and [`principal`] solves the step.
#[inline]
pub(super) fn is_diagonal(i: &DMat3) -> bool {
    // `x == 0.0` for each, without a branch each: ±0 are the only values whose bits are all
    // zero once the sign bit is shifted out (NaN's are not), so the six words ORed together
    // and shifted left by one are zero exactly when every product is ±0.
    let off = [
        i.x_axis.y, i.x_axis.z, i.y_axis.x, i.y_axis.z, i.z_axis.x, i.z_axis.y,
    ];
    off.into_iter().fold(0u64, |bits, x| bits | x.to_bits()) << 1 == 0
}

/// The midpoint rate `ω̄ = (ω₀ + ω⁺)/2` (body axes, rad/s) of the step of `h` seconds from
/// `w0` for the principal moments `moments` (`I₁, I₂, I₃`, kg·m²) with their reciprocals
/// `inverse` (1/(kg·m²)): Newton's method on `H(u)`, stopped by the bound of its next step
/// (module docs). `ω⁺ = 2ω̄ − ω₀`.
/// `#[inline]`: its one caller (`chassis::model`) keeps it whatever the codegen units
/// (out of line ≈ 0.07 k instructions a vehicle-step; callgrind, the MF car, branch
/// `mf-s39`).
#[inline]
pub(super) fn principal(moments: DVec3, inverse: DVec3, w0: DVec3, h: f64) -> DVec3 {
    let m = moments;
    let a = DVec3::new(m.z - m.y, m.x - m.z, m.y - m.x) * inverse * (0.5 * h);
    let c = |u: DVec3| DVec3::new(u.y * u.z, u.z * u.x, u.x * u.y);
    let tol_sq = ANGULAR_NEWTON_TOLERANCE * ANGULAR_NEWTON_TOLERANCE;
    // 8·maxᵢ aᵢ²·|u|² ≤ 1 ⇔ √2·maxᵢ|aᵢ|·|u| ≤ ½, a bound of ‖A(u)‖_F.
    let a_sq_max = (a * a).max_element();
    let mut u = w0;
    // H(ω₀) = a ∘ c(ω₀): the first iterate's `u − ω₀` is 0.
    let mut residual = a * c(w0);
    for _ in 0..ANGULAR_NEWTON_MAX_ITERATIONS {
        // The Jacobian 1 + A(u), its rows [1, b, c], [d, 1, e], [f, g, 1].
        let (b, cc) = (a.x * u.z, a.x * u.y);
        let (d, e) = (a.y * u.z, a.y * u.x);
        let (f, g) = (a.z * u.y, a.z * u.x);
        // Its adjugate's first column, the cofactors of the first row.
        let (j00, j10, j20) = (1.0 - e * g, e * f - d, d * g - f);
        let det = j00 + b * j10 + cc * j20;
        let r = residual;
        let step = DVec3::new(
            j00 * r.x + (cc * g - b) * r.y + (b * e - cc) * r.z,
            j10 * r.x + (1.0 - cc * f) * r.y + (cc * d - e) * r.z,
            j20 * r.x + (b * f - g) * r.y + (1.0 - b * d) * r.z,
        ) / det;
        if !step.is_finite() {
            break;
        }
        u -= step;
        // H(u − δ) = a ∘ c(δ) exactly (module docs).
        residual = a * c(step);
        // The next step moves ω⁺ by at most 4|r| while ‖A(u)‖ ≤ ½: stop when
        // 16|r|² ≤ tol²·|2u − ω₀|², with that step's Jacobian taken as 1.
        let w = 2.0 * u - w0;
        if 8.0 * a_sq_max * u.length_squared() <= 1.0
            && 16.0 * residual.length_squared() <= tol_sq * w.length_squared()
        {
            return u - residual;
        }
    }
    u
}

/// `ω⁺` (body axes, rad/s) of the step of `h` seconds from `w0` for any inertia tensor `i`
/// (body axes, kg·m²): Newton's method in `ω⁺` with the full Jacobian.
///
/// The first iterate is `ω₀` itself, where `ω̄ = ½(ω₀ + ω₀) = ω₀` and `I ω̄ = I ω₀` exactly
/// (doubling and halving are exact without overflow) and `I ω₀ − I ω₀ = +0`: its residual is
/// `+0 + h ω₀ × I ω₀`, written so, without the two matrix products and the subtraction.
pub(super) fn general(i: &DMat3, w0: DVec3, h: f64) -> DVec3 {
    let l0 = *i * w0;
    let tol_sq = ANGULAR_NEWTON_TOLERANCE * ANGULAR_NEWTON_TOLERANCE;
    let mut w = w0;
    for k in 0..ANGULAR_NEWTON_MAX_ITERATIONS {
        let (wm, lm, residual) = if k == 0 {
            (w0, l0, DVec3::ZERO + h * w0.cross(l0))
        } else {
            let wm = 0.5 * (w0 + w);
            let lm = *i * wm;
            (wm, lm, *i * w - l0 + h * wm.cross(lm))
        };
        let jacobian = *i + (skew(wm) * *i - skew(lm)) * (0.5 * h);
        let step = jacobian.inverse() * residual;
        if !step.is_finite() {
            break;
        }
        w -= step;
        if step.length_squared() <= tol_sq * w.length_squared() {
            break;
        }
    }
    w
}

/// The cross-product matrix: `skew(a) · b = a × b`.
#[inline]
fn skew(a: DVec3) -> DMat3 {
    DMat3::from_cols(
        DVec3::new(0.0, a.z, -a.y),
        DVec3::new(-a.z, 0.0, a.x),
        DVec3::new(a.y, -a.x, 0.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{DQuat, EulerRot};

    /// The residual `I (ω⁺ − ω₀) + h ω̄ × I ω̄` of the original equation. Unit: N·m·s.
    fn residual(i: &DMat3, w0: DVec3, w1: DVec3, h: f64) -> DVec3 {
        let wm = 0.5 * (w0 + w1);
        *i * (w1 - w0) + h * wm.cross(*i * wm)
    }

    #[test]
    fn diagonal_tensors_are_recognised() {
        assert!(is_diagonal(&DMat3::from_diagonal(DVec3::new(
            550.0, 2400.0, 2600.0
        ))));
        let mut i = DMat3::from_diagonal(DVec3::new(550.0, 2400.0, 2600.0));
        i.x_axis.y = -0.0;
        assert!(is_diagonal(&i));
        for k in 0..6 {
            let mut i = DMat3::from_diagonal(DVec3::new(550.0, 2400.0, 2600.0));
            let (col, row) = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)][k];
            i.col_mut(col)[row] = 1e-300;
            assert!(!is_diagonal(&i), "{k}");
        }
    }

    #[test]
    fn principal_form_solves_the_equation_as_the_general_one() {
        // Seeded boxes (sides 0.05–6 m, 1–3000 kg: from a plate's and a rod's moments to a
        // cube's, every ratio a rigid body can have), rates up to 10 rad/s per axis with exact
        // zeros among them, steps up to 0.1 s (|ω|·h up to ≈ 1.7 rad). Both forms solve the
        // same equation to the stop tolerance 1e-14 |ω⁺|: they agree within 1e-12 |ω⁺|
        // (each case; the worst measured below), and the principal form's ω⁺ leaves a residual within 1e-12
        // of the scale |I ω₀| (Newton converges quadratically, its last step is rounding-sized).
        let mut state = 0x5eed_u64;
        let mut next = || {
            crate::test_rng::step(&mut state);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut worst = (0.0_f64, 0.0_f64);
        for case in 0..4000 {
            let size = DVec3::new(next(), next(), next()) * 5.95 + 0.05;
            let i = crate::chassis::box_inertia(1.0 + 2999.0 * next(), size);
            let d = DVec3::new(i.x_axis.x, i.y_axis.y, i.z_axis.z);
            let mut comp = |k: usize| match (case + k) % 7 {
                0 => 0.0,
                1 => -0.0,
                _ => (next() - 0.5) * 20.0,
            };
            let w0 = DVec3::new(comp(0), comp(1), comp(2));
            let h = [1.0 / 60.0, 1.0 / 180.0, 1e-3, 0.1][case % 4];
            let u = principal(d, DVec3::ONE / d, w0, h);
            let w1 = 2.0 * u - w0;
            let want = general(&i, w0, h);
            let scale = want.length().max(1e-300);
            let err = (w1 - want).length() / scale;
            assert!(err <= 1e-12, "{d} {w0} {h}: {w1} vs {want}");
            let l_scale = (i * w0).length().max(1e-300);
            let res = residual(&i, w0, w1, h).length() / l_scale;
            assert!(res <= 1e-12, "{d} {w0} {h}: residual {res}");
            worst = (worst.0.max(err), worst.1.max(res));
        }
        // Measured: 7.7e-15 and 3.7e-16.
        assert!(worst.0 < 1e-13 && worst.1 < 1e-14, "{worst:?}");
    }

    #[test]
    fn principal_form_stops_within_the_tolerance_of_its_root() {
        // The principal form returns once its next Newton step is bounded within the stop
        // tolerance (module docs), with that step's Jacobian taken as 1. Reference: Newton run
        // on from the returned value with the residual `H(u) = u − ω₀ + a∘c(u)` computed
        // directly, 30 steps (it settles at rounding size after one or two). The returned ω⁺
        // lies within `tol·|ω⁺|` of the reference's, plus a rounding allowance of
        // `1e-15·(|ω₀| + |ω⁺|)` (≈ 5 ulps of the rates; the reference's own residual rounds
        // at ≈ 1e-16 of them). Seeded boxes, rates and steps as in the test above.
        let mut state = 0x7ab1e_u64;
        let mut next = || {
            crate::test_rng::step(&mut state);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for case in 0..4000 {
            let size = DVec3::new(next(), next(), next()) * 5.95 + 0.05;
            let i = crate::chassis::box_inertia(1.0 + 2999.0 * next(), size);
            let m = DVec3::new(i.x_axis.x, i.y_axis.y, i.z_axis.z);
            let w0 = DVec3::new(next() - 0.5, next() - 0.5, next() - 0.5) * 20.0;
            let h = [1.0 / 60.0, 1.0 / 180.0, 1e-3, 0.1][case % 4];
            let u = principal(m, DVec3::ONE / m, w0, h);
            let a = DVec3::new(m.z - m.y, m.x - m.z, m.y - m.x) / m * (0.5 * h);
            let c = |u: DVec3| DVec3::new(u.y * u.z, u.z * u.x, u.x * u.y);
            let mut root = u;
            for _ in 0..30 {
                let r = (root - w0) + a * c(root);
                let jac = DMat3::from_cols(
                    DVec3::new(1.0, a.y * root.z, a.z * root.y),
                    DVec3::new(a.x * root.z, 1.0, a.z * root.x),
                    DVec3::new(a.x * root.y, a.y * root.x, 1.0),
                );
                root -= jac.inverse() * r;
            }
            let (w1, want) = (2.0 * u - w0, 2.0 * root - w0);
            let allowed =
                ANGULAR_NEWTON_TOLERANCE * want.length() + 1e-15 * (w0.length() + want.length());
            let err = (w1 - want).length();
            assert!(err <= allowed, "{m} {w0} {h}: {w1} vs {want}");
        }
    }

    #[test]
    fn principal_form_on_an_axis_spin_keeps_the_rate() {
        // Spin about one principal axis: c(ω₀) has two zero factors in every term, H(ω₀) = 0,
        // and the first Newton step is exactly 0 (no round-off at all).
        let d = DVec3::new(550.0, 2400.0, 2600.0);
        for w0 in [
            DVec3::new(3.0, 0.0, 0.0),
            DVec3::new(0.0, -2.0, 0.0),
            DVec3::Z * 0.4,
        ] {
            let u = principal(d, DVec3::ONE / d, w0, 1.0 / 60.0);
            assert_eq!(u, w0);
        }
    }

    /// The Newton iteration as it was before its first iterate was written out: every
    /// iterate computed the general way.
    fn general_unrolled(i: &DMat3, w0: DVec3, h: f64) -> DVec3 {
        let l0 = *i * w0;
        let tol_sq = ANGULAR_NEWTON_TOLERANCE * ANGULAR_NEWTON_TOLERANCE;
        let mut w = w0;
        for _ in 0..ANGULAR_NEWTON_MAX_ITERATIONS {
            let wm = 0.5 * (w0 + w);
            let lm = *i * wm;
            let residual = *i * w - l0 + h * wm.cross(lm);
            let jacobian = *i + (skew(wm) * *i - skew(lm)) * (0.5 * h);
            let step = jacobian.inverse() * residual;
            if !step.is_finite() {
                break;
            }
            w -= step;
            if step.length_squared() <= tol_sq * w.length_squared() {
                break;
            }
        }
        w
    }

    #[test]
    fn first_newton_iterate_written_out_keeps_the_bits() {
        // Seeded random tensors (diagonal and rotated), rates (with exact zeros and negative
        // zeros among the components) and steps: the same bits as the general iteration.
        let mut state = 0x5eed_u64;
        let mut next = || {
            crate::test_rng::step(&mut state);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for case in 0..2000 {
            let d = DVec3::new(
                100.0 + 900.0 * next(),
                500.0 + 3000.0 * next(),
                3000.0 * next(),
            );
            let r = DMat3::from_quat(DQuat::from_euler(EulerRot::ZYX, next(), next(), next()));
            let i = if case % 2 == 0 {
                DMat3::from_diagonal(d + 1.0)
            } else {
                r * DMat3::from_diagonal(d + 1.0) * r.transpose()
            };
            let mut comp = |k: usize| match (case / 2 + k) % 7 {
                0 => 0.0,
                1 => -0.0,
                _ => (next() - 0.5) * 20.0,
            };
            let w0 = DVec3::new(comp(0), comp(1), comp(2));
            let h = [1.0 / 60.0, 1.0 / 180.0, 1e-3, 0.1][case % 4];
            let got = general(&i, w0, h);
            let want = general_unrolled(&i, w0, h);
            assert_eq!(
                [got.x.to_bits(), got.y.to_bits(), got.z.to_bits()],
                [want.x.to_bits(), want.y.to_bits(), want.z.to_bits()],
                "{i:?} {w0:?} {h}"
            );
        }
    }
}
