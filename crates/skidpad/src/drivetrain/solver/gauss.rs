//! The dense linear solve of the [drivetrain solve](super): Gaussian elimination with
//! partial pivoting on fixed-size arrays (no allocation), over the first `n` unknowns.

/// Solve `a·x = b` for the first `n` unknowns in place (partial pivoting). Returns false if
/// the matrix is singular.
pub fn gauss_solve<const M: usize>(a: &mut [[f64; M]; M], b: &mut [f64; M], n: usize) -> bool {
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
