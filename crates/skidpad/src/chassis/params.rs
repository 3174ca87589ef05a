//! Chassis parameters: mass, inertia tensor and centre of mass of the single rigid body.

use glam::{DMat3, DVec3};
use serde::{Deserialize, Serialize};

use crate::error::{ParamError, check};

/// Relative tolerance for the symmetry of the inertia tensor: `|I_ij − I_ji| ≤ 1e-9 · max|I|`.
pub const INERTIA_SYMMETRY_TOLERANCE: f64 = 1e-9;

/// Relative slack on the triangle inequality of the principal moments,
/// `I₁ + I₂ ≥ (1 − 1e-9) · I₃`, so a flat plate (`I₁ + I₂ = I₃` exactly) is accepted.
pub const INERTIA_TRIANGLE_TOLERANCE: f64 = 1e-9;

/// Range of [`ChassisParams::mass`]. Unit: kg.
pub const MASS_RANGE: (f64, f64) = (1.0, 1e6);

/// Range of each principal moment of [`ChassisParams::inertia`]. Unit: kg·m².
pub const INERTIA_RANGE: (f64, f64) = (1e-4, 1e9);

/// How far the centre of mass may lie outside the box around the wheel centres, per axis,
/// as a multiple of the layout's reach (the larger of the box's longest side and the largest
/// wheel diameter). Unit: 1. A centre of mass one reach above the wheels has a static
/// stability factor `track / (2 h)` below 0.5 (it rolls at 0.5 g; real SUVs are ≈ 1.1) — no
/// vehicle is built so; `com_offset = [0, 0, 100]` on a car is a typo, and it once gave
/// 0–100 km/h in 0.00 s.
pub const COM_REACH: f64 = 1.0;

/// Mass properties of the vehicle as one rigid body (PhysX-style: the sprung masses of the
/// suspensions are derived from it with [`compute_sprung_masses`](super::compute_sprung_masses)).
///
/// In TOML (`inertia` is a [`DMat3`], serialised by glam as 9 numbers in **column-major**
/// order; a valid tensor is symmetric, so row- and column-major read the same):
///
/// ```toml
/// mass = 1500.0
/// inertia = [650.0, 0.0, 0.0,  0.0, 2776.25, 0.0,  0.0, 0.0, 2936.25]
/// com_offset = [0.1, 0.0, 0.45]
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChassisParams {
    /// Total vehicle mass: sprung plus unsprung (wheels, axles), carried by one rigid body.
    ///
    /// Unit: kg. Range: [1, 1e6] ([`MASS_RANGE`]: from a large radio-controlled model to
    /// beyond the heaviest mining truck, ≈ 600 t loaded; a tank is ≈ 60 t). Default: none,
    /// required (a sedan is ≈ 1500, a kart ≈ 150).
    /// Raise it and every spring and damper rate with it (see
    /// [`rescale_spring`](super::rescale_spring)) to keep the ride unchanged.
    pub mass: f64,
    /// Inertia tensor about the centre of mass, in vehicle axes (ISO 8855: x forward, y left,
    /// z up), such that angular momentum `L = I ω`. Off-diagonal entries are the *negated*
    /// products of inertia, e.g. `I_xy = −∫ x y dm`.
    ///
    /// Unit: kg·m². Range: symmetric, positive definite, principal moments obeying the
    /// triangle inequality, each principal moment in [1e-4, 1e9] ([`INERTIA_RANGE`]: a 1 kg
    /// model's roll inertia is ≈ 5e-3; a 1000 t, 20 m vehicle's yaw inertia ≈ 3e7). Default: none, required ([`box_inertia`] of the body's extents is
    /// a good start; real cars have ≈ 0.6–0.8 × the box values because mass concentrates near
    /// the centre). Raise `I_zz` for lazier turn-in, lower `I_xx` for quicker roll response.
    pub inertia: DMat3,
    /// Position of the centre of mass in the vehicle frame (the frame whose pose the
    /// [`ChassisState`](super::ChassisState) stores).
    ///
    /// Unit: m. Range: finite; x and y inside the wheels' support polygon for the sprung-mass
    /// split to exist; each component within [`COM_REACH`] of the wheel centres' bounding box
    /// (checked by [`VehicleParams::validate`](crate::VehicleParams::validate)). Default: none, required (commonly x near mid-wheelbase, y = 0,
    /// z ≈ 0.4–0.6 above the ground for cars). Lower `z` for less load transfer and roll;
    /// move `x` forward for more understeer.
    pub com_offset: DVec3,
}

impl ChassisParams {
    /// Check every rule and name the first field that breaks one.
    ///
    /// Rules: `mass` in [`MASS_RANGE`]; `inertia` finite, symmetric (relative
    /// [`INERTIA_SYMMETRY_TOLERANCE`]), positive definite, principal moments satisfying
    /// `I₁ + I₂ ≥ I₃` (relative [`INERTIA_TRIANGLE_TOLERANCE`]) and in [`INERTIA_RANGE`];
    /// `com_offset` finite.
    ///
    /// # Errors
    /// A [`ParamError`] with path `mass`, `inertia` or `com_offset`; a parent adds its prefix
    /// with [`ParamError::within`] (e.g. `chassis.inertia`).
    pub fn validate(&self) -> Result<(), ParamError> {
        check::range("mass", self.mass, MASS_RANGE.0, MASS_RANGE.1, "kg")?;
        validate_inertia(&self.inertia)?;
        check::finite_vec("com_offset", self.com_offset)?;
        Ok(())
    }

    /// Mass properties of a uniform solid box of `mass` and full extents `size`
    /// (length along x, width along y, height along z), with its centre of mass at
    /// `com_offset` in the vehicle frame. See [`box_inertia`].
    pub fn from_box(mass: f64, size: DVec3, com_offset: DVec3) -> Self {
        Self {
            mass,
            inertia: box_inertia(mass, size),
            com_offset,
        }
    }
}

/// Inertia tensor of a uniform solid box about its centre, in its own axes.
///
/// `size` holds the full extents `(l, w, h)` along x, y, z; the tensor is diagonal with
/// `I_xx = m (w² + h²) / 12`, `I_yy = m (l² + h²) / 12`, `I_zz = m (l² + w²) / 12`.
///
/// ```
/// # use skidpad::chassis::box_inertia;
/// # use glam::DVec3;
/// let i = box_inertia(12.0, DVec3::new(1.0, 2.0, 3.0));
/// assert_eq!(i.diagonal(), DVec3::new(13.0, 10.0, 5.0));
/// ```
pub fn box_inertia(mass: f64, size: DVec3) -> DMat3 {
    let s = size * size;
    DMat3::from_diagonal(DVec3::new(s.y + s.z, s.x + s.z, s.x + s.y) * (mass / 12.0))
}

fn validate_inertia(i: &DMat3) -> Result<(), ParamError> {
    let err = |rule: String| Err(ParamError::new("inertia", rule));
    if !i.is_finite() {
        return err(format!("must be finite (got {i})"));
    }
    let a = i.to_cols_array_2d();
    let scale = a.iter().flatten().fold(0.0_f64, |m, v| m.max(v.abs()));
    for (r, c) in [(0, 1), (0, 2), (1, 2)] {
        if (a[c][r] - a[r][c]).abs() > INERTIA_SYMMETRY_TOLERANCE * scale {
            return err(format!(
                "must be symmetric (element ({r},{c}) = {} but ({c},{r}) = {})",
                a[c][r], a[r][c]
            ));
        }
    }
    let [l1, l2, l3] = symmetric_eigenvalues(i);
    if l1.is_nan() || l1 <= 0.0 {
        return err(format!(
            "must be positive definite (principal moments {l1}, {l2}, {l3})"
        ));
    }
    if l1 + l2 < (1.0 - INERTIA_TRIANGLE_TOLERANCE) * l3 {
        return err(format!(
            "principal moments must satisfy the triangle inequality I1 + I2 >= I3 \
             (got {l1} + {l2} < {l3}): no real mass distribution has this tensor"
        ));
    }
    for l in [l1, l3] {
        if !(INERTIA_RANGE.0..=INERTIA_RANGE.1).contains(&l) {
            return err(format!(
                "principal moments must be in [{:e}, {:e}] kg·m² (got {l1}, {l2}, {l3})",
                INERTIA_RANGE.0, INERTIA_RANGE.1
            ));
        }
    }
    Ok(())
}

/// Eigenvalues of a symmetric 3×3 matrix, ascending (closed-form trigonometric method,
/// O. K. Smith, "Eigenvalues of a symmetric 3 × 3 matrix", CACM 4(4), 1961).
pub(crate) fn symmetric_eigenvalues(m: &DMat3) -> [f64; 3] {
    let a = m.to_cols_array_2d();
    // Symmetrise so tiny asymmetries do not matter.
    let (a01, a02, a12) = (
        0.5 * (a[0][1] + a[1][0]),
        0.5 * (a[0][2] + a[2][0]),
        0.5 * (a[1][2] + a[2][1]),
    );
    let (a00, a11, a22) = (a[0][0], a[1][1], a[2][2]);
    let p1 = a01 * a01 + a02 * a02 + a12 * a12;
    if p1 == 0.0 {
        let mut d = [a00, a11, a22];
        d.sort_by(f64::total_cmp);
        return d;
    }
    let q = (a00 + a11 + a22) / 3.0;
    let p2 = (a00 - q).powi(2) + (a11 - q).powi(2) + (a22 - q).powi(2) + 2.0 * p1;
    let p = (p2 / 6.0).sqrt();
    // B = (A − qI)/p; r = det(B)/2.
    let (b00, b11, b22) = ((a00 - q) / p, (a11 - q) / p, (a22 - q) / p);
    let (b01, b02, b12) = (a01 / p, a02 / p, a12 / p);
    let det = b00 * (b11 * b22 - b12 * b12) - b01 * (b01 * b22 - b12 * b02)
        + b02 * (b01 * b12 - b11 * b02);
    let r = (0.5 * det).clamp(-1.0, 1.0);
    let phi = r.acos() / 3.0;
    let hi = q + 2.0 * p * phi.cos();
    let lo = q + 2.0 * p * (phi + 2.0 * std::f64::consts::FRAC_PI_3).cos();
    let mid = 3.0 * q - hi - lo;
    [lo, mid, hi]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sedan() -> ChassisParams {
        ChassisParams::from_box(1500.0, DVec3::new(4.5, 1.8, 1.4), DVec3::new(0.1, 0.0, 0.5))
    }

    #[test]
    fn box_inertia_hand_values() {
        // Ixx = 1500 (1.8² + 1.4²)/12 = 1500 · 5.20 / 12 = 650
        // Iyy = 1500 (4.5² + 1.4²)/12 = 1500 · 22.21 / 12 = 2776.25
        // Izz = 1500 (4.5² + 1.8²)/12 = 1500 · 23.49 / 12 = 2936.25
        let i = box_inertia(1500.0, DVec3::new(4.5, 1.8, 1.4));
        let d = i.diagonal();
        assert!((d.x - 650.0).abs() < 1e-9, "{d}");
        assert!((d.y - 2776.25).abs() < 1e-9, "{d}");
        assert!((d.z - 2936.25).abs() < 1e-9, "{d}");
        assert_eq!(i - DMat3::from_diagonal(d), DMat3::ZERO);
        assert_eq!(sedan().validate(), Ok(()));
    }

    #[test]
    fn validate_rejects_bad_mass() {
        for m in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let p = ChassisParams { mass: m, ..sedan() };
            let e = p.validate().unwrap_err().within("chassis");
            assert_eq!(e.path, "chassis.mass");
        }
    }

    #[test]
    fn validate_rejects_non_finite_inertia() {
        let mut p = sedan();
        p.inertia.y_axis.y = f64::NAN;
        let e = p.validate().unwrap_err();
        assert_eq!(e.path, "inertia");
        assert!(e.rule.contains("finite"), "{e}");
    }

    #[test]
    fn validate_rejects_asymmetric_inertia() {
        let mut p = sedan();
        p.inertia.y_axis.x = 10.0; // (0,1) set, (1,0) left at 0
        let e = p.validate().unwrap_err();
        assert_eq!(e.path, "inertia");
        assert!(e.rule.contains("symmetric"), "{e}");
        // Within the relative tolerance is fine: 1e-10 · 2936 ≈ 3e-7.
        let mut p = sedan();
        p.inertia.y_axis.x = 1e-7;
        assert_eq!(p.validate(), Ok(()));
    }

    #[test]
    fn validate_rejects_indefinite_inertia() {
        // Products of inertia too large: eigenvalues of [[1,2],[2,1]] block are 3 and −1.
        let p = ChassisParams {
            inertia: DMat3::from_cols_array(&[1.0, 2.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, 1.5]),
            ..sedan()
        };
        let e = p.validate().unwrap_err();
        assert_eq!(e.path, "inertia");
        assert!(e.rule.contains("positive definite"), "{e}");
        let p = ChassisParams {
            inertia: DMat3::from_diagonal(DVec3::new(0.0, 1.0, 1.0)),
            ..sedan()
        };
        assert!(p.validate().unwrap_err().rule.contains("positive definite"));
    }

    #[test]
    fn validate_rejects_triangle_inequality() {
        // 100 + 200 < 400: positive definite but physically impossible.
        let p = ChassisParams {
            inertia: DMat3::from_diagonal(DVec3::new(100.0, 200.0, 400.0)),
            ..sedan()
        };
        let e = p.validate().unwrap_err();
        assert_eq!(e.path, "inertia");
        assert!(e.rule.contains("triangle"), "{e}");
        // A flat plate (thin box) is the limit and is accepted.
        let plate = ChassisParams::from_box(10.0, DVec3::new(2.0, 1.0, 0.0), DVec3::ZERO);
        assert_eq!(plate.validate(), Ok(()));
        // The same impossible tensor, rotated, is still caught (eigenvalues, not diagonal).
        let r = DMat3::from_quat(glam::DQuat::from_euler(glam::EulerRot::ZYX, 0.3, -0.5, 1.1));
        let rotated = ChassisParams {
            inertia: r * DMat3::from_diagonal(DVec3::new(100.0, 200.0, 400.0)) * r.transpose(),
            ..sedan()
        };
        assert!(rotated.validate().unwrap_err().rule.contains("triangle"));
    }

    #[test]
    fn validate_rejects_non_finite_com() {
        let p = ChassisParams {
            com_offset: DVec3::new(0.0, f64::NAN, 0.0),
            ..sedan()
        };
        assert_eq!(p.validate().unwrap_err().path, "com_offset");
    }

    #[test]
    fn eigenvalues_of_rotated_diagonal() {
        let r = DMat3::from_quat(glam::DQuat::from_euler(glam::EulerRot::ZYX, 0.7, 0.2, -0.4));
        let i = r * DMat3::from_diagonal(DVec3::new(650.0, 2776.25, 2936.25)) * r.transpose();
        let l = symmetric_eigenvalues(&i);
        for (got, want) in l.iter().zip([650.0, 2776.25, 2936.25]) {
            assert!((got - want).abs() < 1e-9, "{l:?}");
        }
    }
}
