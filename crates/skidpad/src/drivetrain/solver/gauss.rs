//! The dense linear solve of the [drivetrain solve](super): Gaussian elimination with
//! partial pivoting on fixed-size arrays (no allocation), over the first `n` unknowns.
//!
//! A system that fills its array (`n = M`: a 4-wheel car's 5 unknowns in the 5 × 5 array
//! the solve sizes for it) is eliminated with the loop bounds known at compile time, which
//! lets the compiler unroll them and drop their bounds checks: the same operations in the
//! same order, so the same bits (tested against the general loops on seeded random systems).
//!
//! The elimination keeps what it did ([`Factors`]: each multiplier in the entry it zeroed,
//! each pivot row), so a second right-hand side of the same matrix is solved without
//! assembling and eliminating it again ([`Factors::solve`]), with the bits a fresh
//! [`gauss_solve`] of it would give (proof there; tested on seeded random systems).

/// Solve `a·x = b` for the first `n` unknowns in place (partial pivoting). Returns false if
/// the matrix is singular.
pub fn gauss_solve<const M: usize>(a: &mut [[f64; M]; M], b: &mut [f64; M], n: usize) -> bool {
    factor_solve(a, b, n, &mut [0; M])
}

/// [`gauss_solve`], recording each column's pivot row in `piv` (entries `..n`) and leaving
/// in `a` below the diagonal each row's multiplier for that column: `a` and `piv` are then a
/// [`Factors`] of the matrix. The same operations on `b` as ever.
pub(super) fn factor_solve<const M: usize>(
    a: &mut [[f64; M]; M],
    b: &mut [f64; M],
    n: usize,
    piv: &mut [usize; M],
) -> bool {
    if n == M {
        eliminate(a, b, M, piv)
    } else {
        eliminate(a, b, n, piv)
    }
}

/// [`factor_solve`]'s elimination and back substitution; inlined into both of its calls, so
/// the one with `n = M` has constant loop bounds. The entry below the pivot that a row's
/// update zeroes is not computed (no later step reads it): its multiplier is stored there.
#[inline(always)]
fn eliminate<const M: usize>(
    a: &mut [[f64; M]; M],
    b: &mut [f64; M],
    n: usize,
    pivots: &mut [usize; M],
) -> bool {
    for col in 0..n {
        let mut piv = col;
        let mut best = a[col][col].abs();
        for (r, row) in a.iter().enumerate().take(n).skip(col + 1) {
            if row[col].abs() > best {
                best = row[col].abs();
                piv = r;
            }
        }
        if best < 1e-300 || !best.is_finite() {
            return false;
        }
        pivots[col] = piv;
        // A row swapped with itself is left as it is: no copies through the stack.
        if piv != col {
            a.swap(col, piv);
            b.swap(col, piv);
        }
        let inv = 1.0 / a[col][col];
        for r in col + 1..n {
            let f = a[r][col] * inv;
            a[r][col] = f;
            if f != 0.0 {
                for c in col + 1..n {
                    a[r][c] -= f * a[col][c];
                }
                b[r] -= f * b[col];
            }
        }
    }
    back_substitute(a, b, n);
    true
}

/// `b ← U⁻¹·b` for the first `n` entries, `U` the upper triangle of `a`.
#[inline(always)]
fn back_substitute<const M: usize>(a: &[[f64; M]; M], b: &mut [f64; M], n: usize) {
    for r in (0..n).rev() {
        let mut s = b[r];
        for c in r + 1..n {
            s -= a[r][c] * b[c];
        }
        b[r] = s / a[r][r];
    }
}

/// A matrix as a successful [`factor_solve`] left it: `a` (the upper triangle `U`, each
/// multiplier below the diagonal), the pivot rows `piv`, the size `n`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Factors<const M: usize> {
    pub(super) a: [[f64; M]; M],
    pub(super) piv: [usize; M],
    pub(super) n: usize,
}

impl<const M: usize> Factors<M> {
    /// Solve the factored matrix for the right-hand side `u` in place: the bits a
    /// [`gauss_solve`] of a fresh copy of the matrix with `u` gives.
    ///
    /// Proof. A fresh elimination of the same matrix makes the same comparisons on the same
    /// entries, so it picks the same pivots and computes the same multipliers `f`, bit for
    /// bit; what it does to the right-hand side is, column by column, swap entries `col` and
    /// `piv[col]`, then `u[r] −= f·u[col]` for each row `r` below with `f ≠ 0`. A row's
    /// multipliers travel with it through every later swap (whole rows are swapped), so at
    /// the end row `r` of `a` holds, left of the diagonal, the multipliers of the row that
    /// ends at position `r`. Applying every swap first and then the updates column by column
    /// gives each right-hand-side entry the same updates in the same order from the same
    /// pivot values (position `col` no longer moves once column `col` is done, and its entry
    /// has then had all its own updates): the same roundings. The back substitution is the
    /// same code on the same `U`.
    pub(super) fn solve(&self, u: &mut [f64; M]) {
        // As in `factor_solve`: constant loop bounds when the system fills the array.
        if self.n == M {
            self.substitute(u, M);
        } else {
            self.substitute(u, self.n);
        }
    }

    /// [`Self::solve`] over the first `n` entries (`n` = `self.n`).
    #[inline(always)]
    fn substitute(&self, u: &mut [f64; M], n: usize) {
        for col in 0..n {
            let p = self.piv[col];
            if p != col {
                u.swap(col, p);
            }
        }
        for col in 0..n {
            let uc = u[col];
            for r in col + 1..n {
                let f = self.a[r][col];
                if f != 0.0 {
                    u[r] -= f * uc;
                }
            }
        }
        back_substitute(&self.a, u, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seeded random 5 × 5 and 9 × 9 systems (with zero entries, so the `f != 0` skips and
    /// row swaps all occur, and some singular ones): the full-size path gives the general
    /// loops' bits and answer.
    #[test]
    fn full_size_elimination_keeps_the_bits() {
        fn check<const M: usize>(state: &mut u64) {
            let mut next = || crate::test_rng::unit(state);
            let mut a = [[0.0; M]; M];
            let mut b = [0.0; M];
            for (row, bi) in a.iter_mut().zip(b.iter_mut()) {
                for x in row.iter_mut() {
                    let u = next();
                    *x = if u < 0.3 { 0.0 } else { (next() - 0.5) * 1e3 };
                }
                *bi = (next() - 0.5) * 1e4;
            }
            if next() < 0.05 {
                a[1] = [0.0; M];
            }
            let (mut a1, mut b1) = (a, b);
            let (mut a2, mut b2) = (a, b);
            let full = gauss_solve(&mut a1, &mut b1, M);
            let general = eliminate(&mut a2, &mut b2, std::hint::black_box(M), &mut [0; M]);
            assert_eq!(full, general);
            assert_eq!(b1.map(f64::to_bits), b2.map(f64::to_bits));
            assert_eq!(
                a1.map(|r| r.map(f64::to_bits)),
                a2.map(|r| r.map(f64::to_bits))
            );
        }
        let mut state = 0x0006_a055_u64;
        for _ in 0..5000 {
            check::<5>(&mut state);
            check::<9>(&mut state);
        }
    }

    /// Seeded random 5 × 5 and 9 × 9 systems (zero entries, so skipped updates and row swaps
    /// occur; some singular), each at its full size and at a smaller `n`: a second right-hand
    /// side solved with the kept [`Factors`] has the bits of a fresh [`gauss_solve`] of the
    /// same matrix with it, and the factoring solve gives the first right-hand side the bits
    /// [`gauss_solve`] gives it.
    #[test]
    fn kept_factors_solve_a_second_side_with_fresh_bits() {
        fn check<const M: usize>(state: &mut u64) -> bool {
            let mut next = || crate::test_rng::unit(state);
            let n = if next() < 0.5 {
                M
            } else {
                1 + (next() * M as f64) as usize % M
            };
            let mut a = [[0.0; M]; M];
            let (mut b, mut u) = ([0.0; M], [0.0; M]);
            for ((row, bi), ui) in a.iter_mut().zip(b.iter_mut()).zip(u.iter_mut()) {
                for x in row.iter_mut() {
                    let r = next();
                    *x = if r < 0.3 { 0.0 } else { (next() - 0.5) * 1e3 };
                }
                *bi = (next() - 0.5) * 1e4;
                *ui = if next() < 0.2 {
                    0.0
                } else {
                    (next() - 0.5) * 1e2
                };
            }
            if next() < 0.05 {
                a[1] = [0.0; M];
            }
            let (mut fa, mut fb, mut piv) = (a, b, [0; M]);
            let ok = factor_solve(&mut fa, &mut fb, n, &mut piv);
            let (mut ga, mut gb) = (a, b);
            assert_eq!(ok, gauss_solve(&mut ga, &mut gb, n));
            assert_eq!(fb.map(f64::to_bits), gb.map(f64::to_bits));
            let (mut ha, mut hu) = (a, u);
            assert_eq!(ok, gauss_solve(&mut ha, &mut hu, n));
            if ok {
                let mut ku = u;
                Factors { a: fa, piv, n }.solve(&mut ku);
                assert_eq!(ku.map(f64::to_bits), hu.map(f64::to_bits));
            }
            ok
        }
        let (mut state, mut solved) = (0x0006_a056_u64, 0);
        for _ in 0..5000 {
            solved += usize::from(check::<5>(&mut state));
            solved += usize::from(check::<9>(&mut state));
        }
        assert!(solved > 8500, "{solved}");
    }
}
