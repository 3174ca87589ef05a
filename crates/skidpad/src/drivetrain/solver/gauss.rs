//! The dense linear solve of the [drivetrain solve](super): Gaussian elimination with
//! partial pivoting on fixed-size arrays (no allocation), over the first `n` unknowns.
//!
//! A system that fills its array (`n = M`: a 4-wheel car's 5 unknowns in the 5 × 5 array
//! the solve sizes for it) is eliminated with the loop bounds known at compile time, which
//! lets the compiler unroll them and drop their bounds checks: the same operations in the
//! same order, so the same bits (tested against the general loops on seeded random systems).

/// Solve `a·x = b` for the first `n` unknowns in place (partial pivoting). Returns false if
/// the matrix is singular.
pub fn gauss_solve<const M: usize>(a: &mut [[f64; M]; M], b: &mut [f64; M], n: usize) -> bool {
    if n == M {
        eliminate(a, b, M)
    } else {
        eliminate(a, b, n)
    }
}

/// [`gauss_solve`]'s elimination and back substitution; inlined into both of its calls, so
/// the one with `n = M` has constant loop bounds.
#[inline(always)]
fn eliminate<const M: usize>(a: &mut [[f64; M]; M], b: &mut [f64; M], n: usize) -> bool {
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
        a.swap(col, piv);
        b.swap(col, piv);
        let inv = 1.0 / a[col][col];
        for r in col + 1..n {
            let f = a[r][col] * inv;
            if f != 0.0 {
                for c in col..n {
                    a[r][c] -= f * a[col][c];
                }
                b[r] -= f * b[col];
            }
        }
    }
    for r in (0..n).rev() {
        let mut s = b[r];
        for c in r + 1..n {
            s -= a[r][c] * b[c];
        }
        b[r] = s / a[r][r];
    }
    true
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
            let general = eliminate(&mut a2, &mut b2, std::hint::black_box(M));
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
}
