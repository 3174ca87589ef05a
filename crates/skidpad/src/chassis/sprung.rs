//! Sprung masses and spring rescaling: the static split of the chassis mass over the
//! suspensions ([`compute_sprung_masses`]) and the spring/damper rates that keep a corner's
//! natural frequency and damping ratio under a new mass. See the [module docs](super) for the
//! equations.

use glam::{DVec2, DVec3};

use crate::MAX_WHEELS;
use crate::error::{ParamError, check};

/// Relative length tolerance of [`compute_sprung_masses`]: wheels within
/// `1e-9 × (size of the layout)` of a line are collinear, a centre of mass that close to the
/// wheel (line) counts as on it.
pub const SPRUNG_MASS_LENGTH_TOLERANCE: f64 = 1e-9;

/// A sprung mass down to `−1e-12 × M` is rounding (centre of mass on an edge of the support
/// polygon) and is clamped to 0; anything more negative is an error.
pub const SPRUNG_MASS_NEGATIVE_TOLERANCE: f64 = 1e-12;

/// Split `total_mass` into one sprung mass per suspension so that together they have the
/// rigid body's mass and horizontal centre of mass (PhysX `PxVehicleComputeSprungMasses`,
/// generalised to any layout):
///
/// `Σ mᵢ = M`, `Σ mᵢ xᵢ = M x_c`, `Σ mᵢ yᵢ = M y_c`, `mᵢ ≥ 0`.
///
/// `positions` are the suspension points (wheel centres) in the vehicle frame and `com` the
/// centre of mass in the same frame ([`ChassisParams::com_offset`](super::ChassisParams::com_offset)); only x and y are used
/// (the vehicle frame is z-up). The result holds `mᵢ` (kg) in `[0, N)` and zeros after.
///
/// The choice, for any N: the **minimum-norm** solution of the three constraints,
/// `mᵢ = M [1/N + (pᵢ − p̄)ᵀ S⁻¹ (c − p̄)]` with `p̄` the wheels' centroid and
/// `S = Σ (pᵢ − p̄)(pᵢ − p̄)ᵀ` their 2×2 scatter matrix (the 3×3 normal equations, decoupled by
/// centring). It is also the split closest to equal (`M/N`), and it is the static wheel-load
/// distribution of a rigid chassis on identical linear springs (the loads are then linear in
/// position). N = 1, 2 and 3 (non-collinear) have a unique solution and this is it: the wheel
/// itself, the lever rule, barycentric coordinates. For N ≥ 4 (4×4, 6×6, 8×8, tanks) the
/// constraints are underdetermined and other non-negative splits exist (PhysX's 4-wheel
/// routine splits front/rear then left/right, a bilinear split that differs by a "twist"
/// term `∝ Δx Δy`).
///
/// Known limit: the minimum-norm split is linear in position, so for N ≥ 4 it can go negative
/// while the centre of mass is still inside the support polygon but near an edge or corner;
/// e.g. on a rectangle of half wheelbase `a` and half track `b` it stays ≥ 0 only for
/// `|Δx|/a + |Δy|/b ≤ 1`. That is reported as an error, not silently fixed.
///
/// ```
/// # use skidpad::chassis::compute_sprung_masses;
/// # use glam::DVec3;
/// // Front axle 1.2 m ahead of the CoM, rear 1.5 m behind: front wheels carry M·b/L/2.
/// let wheels = [DVec3::new(1.2, 0.8, 0.0), DVec3::new(1.2, -0.8, 0.0),
///               DVec3::new(-1.5, 0.8, 0.0), DVec3::new(-1.5, -0.8, 0.0)];
/// let m = compute_sprung_masses(&wheels, DVec3::ZERO, 1500.0)?;
/// assert!((m[0] - 1500.0 * 1.5 / 2.7 / 2.0).abs() < 1e-9);
/// # Ok::<(), skidpad::ParamError>(())
/// ```
///
/// # Errors
/// [`ParamError`] with path
/// - `wheels`: no positions, or more than [`MAX_WHEELS`];
/// - `wheels[i]`: a non-finite position;
/// - `mass`: `total_mass` not finite and > 0;
/// - `com_offset`: non-finite; not over the wheel (N = 1, or all wheels at one x-y point); off
///   the wheels' line when they are collinear (N = 2, or N ≥ 3 in a row); outside the support
///   polygon or too near its edge for the minimum-norm split (some `mᵢ < 0`).
pub fn compute_sprung_masses(
    positions: &[DVec3],
    com: DVec3,
    total_mass: f64,
) -> Result<[f64; MAX_WHEELS], ParamError> {
    let n = positions.len();
    if n == 0 {
        return Err(ParamError::new("wheels", "must have at least one wheel"));
    }
    if n > MAX_WHEELS {
        return Err(ParamError::new(
            "wheels",
            format!("must have at most {MAX_WHEELS} wheels (got {n})"),
        ));
    }
    check::positive("mass", total_mass)?;
    check::finite_vec("com_offset", com)?;
    for (i, p) in positions.iter().enumerate() {
        check::finite_vec("", *p).map_err(|e| e.within_index("wheels", i))?;
    }

    let c = com.truncate();
    let inv_n = 1.0 / n as f64;
    let centroid = positions.iter().map(|p| p.truncate()).sum::<DVec2>() * inv_n;
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    let (mut spread, mut scale) = (0.0_f64, c.length());
    for p in positions {
        let d = p.truncate() - centroid;
        sxx += d.x * d.x;
        sxy += d.x * d.y;
        syy += d.y * d.y;
        spread = spread.max(d.length());
        scale = scale.max(p.truncate().length());
    }
    let tol = SPRUNG_MASS_LENGTH_TOLERANCE * scale.max(spread);
    let dc = c - centroid;
    let outside = |what: String| Err(ParamError::new("com_offset", what));

    // weights[i] = mᵢ/M − 1/N, linear in the wheel position.
    let mut weights = [0.0; MAX_WHEELS];
    if spread <= tol {
        // All wheels at one x-y point (N = 1 included).
        if dc.length() > tol {
            return outside(format!(
                "centre of mass ({}, {}) must be over the wheel at ({}, {}) when all wheels \
                 share one x-y position",
                c.x, c.y, centroid.x, centroid.y
            ));
        }
    } else {
        // Major principal direction u of the layout, and its normal.
        let phi = 0.5 * (2.0 * sxy).atan2(sxx - syy);
        let u = DVec2::new(phi.cos(), phi.sin());
        let normal = u.perp();
        let off_line = positions
            .iter()
            .map(|p| (p.truncate() - centroid).dot(normal).abs())
            .fold(0.0_f64, f64::max);
        if off_line <= tol {
            // Collinear wheels (N = 2 included): the lever rule along u.
            let miss = dc.dot(normal).abs();
            if miss > tol {
                return outside(format!(
                    "the wheels are collinear in x-y and the centre of mass is {miss} m off \
                     their line: no sprung-mass split can balance it"
                ));
            }
            let suu: f64 = positions
                .iter()
                .map(|p| (p.truncate() - centroid).dot(u).powi(2))
                .sum();
            let k = dc.dot(u) / suu;
            for (wi, p) in weights.iter_mut().zip(positions) {
                *wi = (p.truncate() - centroid).dot(u) * k;
            }
        } else {
            // General layout: λ = S⁻¹ (c − p̄), weightᵢ = (pᵢ − p̄)·λ.
            let det = sxx * syy - sxy * sxy;
            let lambda = DVec2::new(syy * dc.x - sxy * dc.y, sxx * dc.y - sxy * dc.x) / det;
            for (wi, p) in weights.iter_mut().zip(positions) {
                *wi = (p.truncate() - centroid).dot(lambda);
            }
        }
    }

    let mut masses = [0.0; MAX_WHEELS];
    for (i, (m, wi)) in masses.iter_mut().zip(&weights).take(n).enumerate() {
        let mi = total_mass * (inv_n + wi);
        if mi < -SPRUNG_MASS_NEGATIVE_TOLERANCE * total_mass {
            return outside(format!(
                "centre of mass ({}, {}) is outside the wheel support polygon (or too near its \
                 edge for the minimum-norm split): wheel {i} would carry {mi} kg",
                c.x, c.y
            ));
        }
        *m = mi.max(0.0);
    }
    Ok(masses)
}

/// Rescale a suspension's spring rate and damping for a new sprung mass so that its natural
/// frequency `ω = √(k/m)` and damping ratio `ζ = c / (2√(k m))` are unchanged:
/// `k' = k·m'/m`, `c' = c·m'/m` (PhysX `PxVehicleUpdateCMassLocalPose`,
/// `setMassAndPreserveNaturalFrequency`). Returns `(k', c')` in N/m and N·s/m.
///
/// `old_mass` must be > 0 (else the result is not finite).
#[inline]
pub fn rescale_spring(spring_rate: f64, damping: f64, old_mass: f64, new_mass: f64) -> (f64, f64) {
    let r = new_mass / old_mass;
    (spring_rate * r, damping * r)
}

/// Undamped natural frequency of a mass `m` (kg) on a spring `k` (N/m):
/// `f = √(k/m) / 2π`. Unit: Hz. Passenger cars ride at ≈ 1–1.5 Hz, race cars 2.5–5 Hz.
#[inline]
pub fn natural_frequency(k: f64, m: f64) -> f64 {
    (k / m).sqrt() / std::f64::consts::TAU
}

/// Damping ratio `ζ = c / (2√(k m))` of a mass `m` (kg) on a spring `k` (N/m) and damper
/// `c` (N·s/m). Dimensionless; 1 is critical damping, cars use ≈ 0.2–0.4 (comfort) to 0.7.
#[inline]
pub fn damping_ratio(c: f64, k: f64, m: f64) -> f64 {
    c / (2.0 * (k * m).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xy(x: f64, y: f64) -> DVec3 {
        DVec3::new(x, y, -0.3) // z is ignored
    }

    /// Σ mᵢ = M and Σ mᵢ (xᵢ, yᵢ) = M (x_c, y_c) to 1e-9 relative; unused slots zero.
    fn assert_constraints(pos: &[DVec3], com: DVec3, m: f64, masses: &[f64; MAX_WHEELS]) {
        let sum: f64 = masses.iter().sum();
        let moment: DVec2 = pos
            .iter()
            .zip(masses)
            .map(|(p, mi)| p.truncate() * *mi)
            .sum();
        assert!((sum - m).abs() <= 1e-9 * m, "sum {sum}");
        let scale = pos
            .iter()
            .map(|p| p.truncate().length())
            .fold(1.0, f64::max);
        assert!(
            (moment - com.truncate() * m).length() <= 1e-9 * m * scale,
            "moment {moment}"
        );
        assert!(masses.iter().all(|&mi| mi >= 0.0));
        assert!(masses[pos.len()..].iter().all(|&mi| mi == 0.0));
    }

    fn close(got: f64, want: f64) {
        assert!((got - want).abs() < 1e-9, "got {got}, want {want}");
    }

    #[test]
    fn sprung_masses_four_wheels_symmetric() {
        // Front axle a = 1.2 m ahead of the CoM, rear b = 1.5 m behind, L = 2.7 m:
        // front wheel M·b/L/2 = 1500·1.5/2.7/2 = 416.667 kg, rear M·a/L/2 = 333.333 kg.
        let pos = [xy(1.2, 0.8), xy(1.2, -0.8), xy(-1.5, 0.8), xy(-1.5, -0.8)];
        let com = DVec3::new(0.0, 0.0, 0.5);
        let m = compute_sprung_masses(&pos, com, 1500.0).unwrap();
        close(m[0], 1500.0 * 1.5 / 2.7 / 2.0);
        close(m[1], 1500.0 * 1.5 / 2.7 / 2.0);
        close(m[2], 1500.0 * 1.2 / 2.7 / 2.0);
        close(m[3], 1500.0 * 1.2 / 2.7 / 2.0);
        assert_constraints(&pos, com, 1500.0, &m);
    }

    #[test]
    fn sprung_masses_four_wheels_lateral_offset() {
        // Same car, CoM 5 cm left. Centroid x̄ = −0.15; mᵢ = M [¼ + x'ᵢ·0.15/7.29 + yᵢ·0.05/2.56]
        // with x' = ±1.35 (Sxx = 4·1.35² = 7.29) and y = ±0.8 (Syy = 4·0.8² = 2.56):
        // front ¼ + 1/36, rear ¼ − 1/36, left +1/64, right −1/64.
        let pos = [xy(1.2, 0.8), xy(1.2, -0.8), xy(-1.5, 0.8), xy(-1.5, -0.8)];
        let com = DVec3::new(0.0, 0.05, 0.5);
        let m = compute_sprung_masses(&pos, com, 1500.0).unwrap();
        close(m[0], 1500.0 * (0.25 + 1.0 / 36.0 + 1.0 / 64.0)); // 440.104
        close(m[1], 1500.0 * (0.25 + 1.0 / 36.0 - 1.0 / 64.0)); // 393.229
        close(m[2], 1500.0 * (0.25 - 1.0 / 36.0 + 1.0 / 64.0)); // 356.771
        close(m[3], 1500.0 * (0.25 - 1.0 / 36.0 - 1.0 / 64.0)); // 309.896
        assert_constraints(&pos, com, 1500.0, &m);
    }

    #[test]
    fn sprung_masses_tadpole_trike() {
        // Two front wheels (1.0, ±0.7), one rear (−1.4, 0); CoM (0.2, 0.07), M = 300.
        // Rear share (1.0 − 0.2)/2.4 = 1/3 → 100; front pair 200 with
        // 0.7 (m_FL − m_FR) = 300·0.07 → difference 30 → FL 115, FR 85.
        let pos = [xy(1.0, 0.7), xy(1.0, -0.7), xy(-1.4, 0.0)];
        let com = DVec3::new(0.2, 0.07, 0.4);
        let m = compute_sprung_masses(&pos, com, 300.0).unwrap();
        close(m[0], 115.0);
        close(m[1], 85.0);
        close(m[2], 100.0);
        assert_constraints(&pos, com, 300.0, &m);
    }

    #[test]
    fn sprung_masses_delta_trike() {
        // One front wheel (1.2, 0), two rear (−0.8, ±0.6); CoM (0, 0.03), M = 400.
        // Front share 0.8/2.0 = 0.4 → 160; rear pair 240 with 0.6 (m_RL − m_RR) = 12 →
        // difference 20 → RL 130, RR 110.
        let pos = [xy(1.2, 0.0), xy(-0.8, 0.6), xy(-0.8, -0.6)];
        let com = DVec3::new(0.0, 0.03, 0.4);
        let m = compute_sprung_masses(&pos, com, 400.0).unwrap();
        close(m[0], 160.0);
        close(m[1], 130.0);
        close(m[2], 110.0);
        assert_constraints(&pos, com, 400.0, &m);
    }

    #[test]
    fn sprung_masses_six_wheels_minimum_norm() {
        // 6x6: axles at x = 2, 0, −2, track ±1; CoM (0.4, 0.1), M = 6000. Centroid 0,
        // Sxx = 2·(4+0+4) = 16, Syy = 6, Sxy = 0 → mᵢ = 6000 [1/6 + xᵢ·0.4/16 + yᵢ·0.1/6]
        // = 1000 + 150 xᵢ + 100 yᵢ.
        let pos = [
            xy(2.0, 1.0),
            xy(2.0, -1.0),
            xy(0.0, 1.0),
            xy(0.0, -1.0),
            xy(-2.0, 1.0),
            xy(-2.0, -1.0),
        ];
        let com = DVec3::new(0.4, 0.1, 1.0);
        let m = compute_sprung_masses(&pos, com, 6000.0).unwrap();
        for (got, want) in m.iter().zip([1400.0, 1200.0, 1100.0, 900.0, 800.0, 600.0]) {
            close(*got, want);
        }
        assert_constraints(&pos, com, 6000.0, &m);
        // Minimum norm: any move along the constraints' null space (here: shift mass from the
        // middle axle to the outer ones, or twist) makes the norm larger.
        let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>();
        let null_a = [1.0, 1.0, -2.0, -2.0, 1.0, 1.0];
        let null_b = [1.0, -1.0, 0.0, 0.0, -1.0, 1.0];
        for null in [null_a, null_b] {
            for eps in [-10.0, 10.0] {
                let moved: Vec<f64> = m.iter().zip(null).map(|(mi, d)| mi + eps * d).collect();
                assert!(norm(&moved) > norm(&m[..6]));
            }
        }
    }

    #[test]
    fn sprung_masses_eight_by_eight_satisfy_constraints() {
        let pos: Vec<DVec3> = (0..8)
            .map(|i| {
                xy(
                    [3.1, 1.6, -1.9, -3.4][i / 2],
                    if i % 2 == 0 { 1.2 } else { -1.2 },
                )
            })
            .collect();
        let com = DVec3::new(0.3, -0.15, 1.4);
        let m = compute_sprung_masses(&pos, com, 30_000.0).unwrap();
        assert_constraints(&pos, com, 30_000.0, &m);
    }

    #[test]
    fn sprung_masses_two_and_one_wheels() {
        // Motorcycle: front (0.8, 0), rear (−0.6, 0), CoM x = 0, M = 200:
        // front 200·0.6/1.4 = 85.714, rear 200·0.8/1.4 = 114.286 (lever rule).
        let pos = [xy(0.8, 0.0), xy(-0.6, 0.0)];
        let m = compute_sprung_masses(&pos, DVec3::new(0.0, 0.0, 0.6), 200.0).unwrap();
        close(m[0], 200.0 * 0.6 / 1.4);
        close(m[1], 200.0 * 0.8 / 1.4);
        // Off the line (1 cm to the side) → error.
        let e = compute_sprung_masses(&pos, DVec3::new(0.0, 0.01, 0.6), 200.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("collinear"), "{e}");
        // On the line, beyond the rear wheel → negative front mass → error.
        let e = compute_sprung_masses(&pos, DVec3::new(-0.7, 0.0, 0.6), 200.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("outside"), "{e}");
        // One wheel: CoM must be over it.
        let m = compute_sprung_masses(&[xy(0.5, 0.1)], DVec3::new(0.5, 0.1, 1.0), 80.0).unwrap();
        close(m[0], 80.0);
        let e = compute_sprung_masses(&[xy(0.5, 0.1)], DVec3::ZERO, 80.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
    }

    #[test]
    fn sprung_masses_collinear_three_wheels() {
        let pos = [xy(1.0, 0.0), xy(0.0, 0.0), xy(-1.0, 0.0)];
        // CoM on the line: fine (linear split 1/3 + x·0.2/2 → 0.4333, 0.3333, 0.2333).
        let m = compute_sprung_masses(&pos, DVec3::new(0.2, 0.0, 0.5), 300.0).unwrap();
        close(m[0], 130.0);
        close(m[1], 100.0);
        close(m[2], 70.0);
        let e = compute_sprung_masses(&pos, DVec3::new(0.2, 0.05, 0.5), 300.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("collinear"), "{e}");
    }

    #[test]
    fn sprung_masses_com_outside_polygon() {
        let pos = [
            xy(1.35, 0.8),
            xy(1.35, -0.8),
            xy(-1.35, 0.8),
            xy(-1.35, -0.8),
        ];
        let e = compute_sprung_masses(&pos, DVec3::new(2.0, 0.0, 0.5), 1500.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("outside the wheel support polygon"), "{e}");
        // Documented limit: inside the rectangle but outside |Δx|/a + |Δy|/b ≤ 1 (here 1.6).
        assert!(compute_sprung_masses(&pos, DVec3::new(1.08, 0.64, 0.5), 1500.0).is_err());
        // On that diamond's edge the far wheel carries exactly 0.
        let m = compute_sprung_masses(&pos, DVec3::new(0.675, 0.4, 0.5), 1500.0).unwrap();
        assert!(m[3].abs() < 1e-9);
        assert_constraints(&pos, DVec3::new(0.675, 0.4, 0.5), 1500.0, &m);
    }

    #[test]
    fn sprung_masses_reject_bad_input() {
        let e = compute_sprung_masses(&[], DVec3::ZERO, 1.0).unwrap_err();
        assert_eq!(e.path, "wheels");
        let many = [xy(1.0, 1.0); MAX_WHEELS + 1];
        assert_eq!(
            compute_sprung_masses(&many, DVec3::ZERO, 1.0)
                .unwrap_err()
                .path,
            "wheels"
        );
        let pos = [xy(1.0, 1.0), DVec3::new(f64::NAN, 0.0, 0.0), xy(-1.0, 0.0)];
        assert_eq!(
            compute_sprung_masses(&pos, DVec3::ZERO, 1.0)
                .unwrap_err()
                .path,
            "wheels[1]"
        );
        let pos = [xy(1.0, 1.0), xy(1.0, -1.0), xy(-1.0, 0.0)];
        assert_eq!(
            compute_sprung_masses(&pos, DVec3::ZERO, 0.0)
                .unwrap_err()
                .path,
            "mass"
        );
        let bad_com = DVec3::new(0.0, f64::INFINITY, 0.0);
        assert_eq!(
            compute_sprung_masses(&pos, bad_com, 1.0).unwrap_err().path,
            "com_offset"
        );
    }

    #[test]
    fn rescale_spring_keeps_frequency_and_damping_ratio() {
        // 400 kg corner, 35 kN/m, 3500 N·s/m: f = √(87.5)/2π = 1.4888 Hz, ζ = 3500/(2√(1.4e7)) = 0.4677.
        let (k, c, m) = (35_000.0, 3500.0, 400.0);
        close(
            natural_frequency(k, m),
            87.5_f64.sqrt() / std::f64::consts::TAU,
        );
        close(damping_ratio(c, k, m), 3500.0 / (2.0 * 1.4e7_f64.sqrt()));
        let (k2, c2) = rescale_spring(k, c, m, 520.0);
        close(k2, 45_500.0);
        close(c2, 4550.0);
        close(natural_frequency(k2, 520.0), natural_frequency(k, m));
        close(damping_ratio(c2, k2, 520.0), damping_ratio(c, k, m));
    }
}
