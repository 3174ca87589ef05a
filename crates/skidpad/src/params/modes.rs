//! The chassis' coupled suspension modes, for the step-size bound ([`super::max_substep`]).
//!
//! The per-corner bound feels each strut against the chassis mass at that corner alone. The
//! body's roll and pitch modes move every strut at once: the kart's roll mode (four dampers of
//! 1.2–2.7 kN·s/m on 0.5–0.575 m arms against a 12 kg·m² roll inertia) has a damping rate
//! `Σcᵢyᵢ²/I_xx = 225 /s`, twice any corner's 110 /s. Symplectic Euler on it at the
//! per-corner bound (9.1 ms) sits at the Jury limit `(hω)² + 2hγ = 4`: the body rocked at
//! the 0.1 s step (0.24 rad/s direct drive, 0.5 rad/s with an engine) and not at 1/30 s
//! (8.3 ms substeps).
//!
//! Here the struts and anti-roll bars are assembled into the 6-DOF stiffness and damping
//! matrices about the centre of mass,
//!
//! ```text
//! K = Σᵢ kᵢ·Jᵢᵀ Jᵢ + Σ_bars k_b·(J_a − J_b)ᵀ(J_a − J_b),   C = Σᵢ max(c_bump, c_rebound)ᵢ·Jᵢᵀ Jᵢ
//! Jᵢ = [nᵢᵀ, (rᵢ × nᵢ)ᵀ]                                     (rᵢ from the CoM, nᵢ the travel)
//! M = diag(m, m, m, I)
//! ```
//!
//! and the largest eigenvalues of `M⁻¹K` (ω²) and `M⁻¹C` (γ) found as those of the
//! symmetric `L⁻¹ K L⁻ᵀ` (`M = L·Lᵀ`, Cholesky) by cyclic Jacobi rotations. Units: N/m,
//! N·s/m, kg, kg·m²; ω² in 1/s², γ in 1/s.

// Jacobi rotations over fixed-size rows and columns read best with index loops.
#![allow(clippy::needless_range_loop)]

use super::VehicleParams;
use crate::MAX_WHEELS;
use glam::{DMat3, DVec3};

/// Degrees of freedom of the chassis.
const DOF: usize = 6;
/// A 6×6 symmetric matrix.
type Mat6 = [[f64; DOF]; DOF];

/// `(ω²_max, γ_max)`: the largest eigenvalues of `M⁻¹K` and `M⁻¹C` (module docs). Unit:
/// 1/s², 1/s.
pub(super) fn coupled_rates(p: &VehicleParams) -> (f64, f64) {
    let Some(l) = cholesky(&p.chassis.inertia) else {
        return (0.0, 0.0);
    };
    let sqrt_m = p.chassis.mass.sqrt();
    // `L⁻¹·Jᵢᵀ` per wheel (the mass-normalised row).
    let mut rows = [[0.0; DOF]; MAX_WHEELS];
    for (row, w) in rows.iter_mut().zip(&p.wheels) {
        let n = w.suspension.travel_direction;
        let rn = forward_substitute(&l, (w.position - p.chassis.com_offset).cross(n));
        let t = n / sqrt_m;
        *row = [t.x, t.y, t.z, rn.x, rn.y, rn.z];
    }
    let rows = &rows[..p.wheels.len().min(MAX_WHEELS)];
    let mut k = [[0.0; DOF]; DOF];
    let mut c = [[0.0; DOF]; DOF];
    for (i, w) in p.wheels.iter().enumerate().take(rows.len()) {
        if !w.enabled {
            continue;
        }
        let s = &w.suspension;
        add_outer(&mut k, s.spring_rate, &rows[i]);
        add_outer(&mut c, s.bump_damping.max(s.rebound_damping), &rows[i]);
    }
    for b in &p.anti_roll_bars {
        if b.wheel_a >= rows.len() || b.wheel_b >= rows.len() {
            continue;
        }
        if !(p.wheels[b.wheel_a].enabled && p.wheels[b.wheel_b].enabled) {
            continue;
        }
        let mut d = [0.0; DOF];
        for (j, dj) in d.iter_mut().enumerate() {
            *dj = rows[b.wheel_a][j] - rows[b.wheel_b][j];
        }
        add_outer(&mut k, b.stiffness, &d);
    }
    (largest_eigenvalue(k), largest_eigenvalue(c))
}

/// `a += s·v·vᵀ`.
fn add_outer(a: &mut Mat6, s: f64, v: &[f64; DOF]) {
    for i in 0..DOF {
        for j in 0..DOF {
            a[i][j] += s * v[i] * v[j];
        }
    }
}

/// Lower-triangular `L` with `L·Lᵀ = I` (rows), `None` if `I` is not positive definite.
fn cholesky(i: &DMat3) -> Option<[[f64; 3]; 3]> {
    let a = |r: usize, c: usize| i.col(c)[r];
    let l00 = a(0, 0).sqrt();
    let l10 = a(1, 0) / l00;
    let l20 = a(2, 0) / l00;
    let l11 = (a(1, 1) - l10 * l10).sqrt();
    let l21 = (a(2, 1) - l20 * l10) / l11;
    let l22 = (a(2, 2) - l20 * l20 - l21 * l21).sqrt();
    let l = [[l00, 0.0, 0.0], [l10, l11, 0.0], [l20, l21, l22]];
    l.iter().flatten().all(|x| x.is_finite()).then_some(l)
}

/// `L⁻¹·v` for lower-triangular `L`.
fn forward_substitute(l: &[[f64; 3]; 3], v: DVec3) -> DVec3 {
    let y0 = v.x / l[0][0];
    let y1 = (v.y - l[1][0] * y0) / l[1][1];
    let y2 = (v.z - l[2][0] * y0 - l[2][1] * y1) / l[2][2];
    DVec3::new(y0, y1, y2)
}

/// Largest eigenvalue of a symmetric matrix by cyclic Jacobi rotations (Golub & Van Loan,
/// *Matrix Computations*, §8.5), to rounding.
fn largest_eigenvalue(mut a: Mat6) -> f64 {
    for _sweep in 0..50 {
        let off: f64 = (0..DOF)
            .flat_map(|i| (0..DOF).filter(move |&j| j != i).map(move |j| (i, j)))
            .map(|(i, j)| a[i][j] * a[i][j])
            .sum();
        let diag: f64 = (0..DOF).map(|i| a[i][i] * a[i][i]).sum();
        if off <= 1e-30 * diag.max(f64::MIN_POSITIVE) {
            break;
        }
        for p in 0..DOF {
            for q in p + 1..DOF {
                if a[p][q] == 0.0 {
                    continue;
                }
                let theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let t = if theta == 0.0 { 1.0 } else { t };
                let cs = 1.0 / (t * t + 1.0).sqrt();
                let sn = t * cs;
                for k in 0..DOF {
                    let (akp, akq) = (a[k][p], a[k][q]);
                    a[k][p] = cs * akp - sn * akq;
                    a[k][q] = sn * akp + cs * akq;
                }
                for k in 0..DOF {
                    let (apk, aqk) = (a[p][k], a[q][k]);
                    a[p][k] = cs * apk - sn * aqk;
                    a[q][k] = sn * apk + cs * aqk;
                }
            }
        }
    }
    (0..DOF).map(|i| a[i][i]).fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jacobi_finds_the_largest_eigenvalue() {
        // diag(1, 2, 3, 4, 5, 6) rotated in the (0, 5) plane by 30°: eigenvalues unchanged.
        let mut a = [[0.0; DOF]; DOF];
        for (i, row) in a.iter_mut().enumerate() {
            row[i] = (i + 1) as f64;
        }
        let (c, s) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
        let (a00, a55) = (a[0][0], a[5][5]);
        a[0][0] = c * c * a00 + s * s * a55;
        a[5][5] = s * s * a00 + c * c * a55;
        a[0][5] = c * s * (a55 - a00);
        a[5][0] = a[0][5];
        assert!((largest_eigenvalue(a) - 6.0).abs() < 1e-12);
    }

    #[test]
    fn cholesky_of_a_full_inertia() {
        let i = DMat3::from_cols(
            DVec3::new(4.0, 2.0, 0.4),
            DVec3::new(2.0, 5.0, 1.0),
            DVec3::new(0.4, 1.0, 6.0),
        );
        let l = cholesky(&i).unwrap();
        for r in 0..3 {
            for c in 0..3 {
                let llt: f64 = (0..3).map(|k| l[r][k] * l[c][k]).sum();
                assert!((llt - i.col(c)[r]).abs() < 1e-12);
            }
        }
    }
}
