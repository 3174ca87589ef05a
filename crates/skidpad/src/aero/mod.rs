//! Aerodynamics: drag and per-axle downforce, each applied at its centre of pressure.
//!
//! # Model
//! With `v_p` the velocity of the point relative to the air (`v_p = v_chassis(p) − v_wind`),
//! `x̂, ẑ` the vehicle's forward and up axes in the world:
//!
//! ```text
//! F_drag = −½ ρ C_d A |v_p| v_p                       at `drag_point`
//! F_down = −½ ρ C_L,k A_k (v_p·x̂)² ẑ                  per surface k, at its point
//! ```
//!
//! A surface's `downforce_coefficient` is positive for *downforce*. Forces act at points, so drag
//! above the centre of mass pitches the nose up and front/rear downforce split the load between
//! the axles by where their points are. Rolling resistance is *not* here: it is a tire moment
//! `C_rr·F_z·R·tanh(ωR/v)` ([`crate::tire::model::rolling_resistance_torque`]), so it scales with
//! the actual wheel load, downforce included.
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `ρ` | [`AeroParams::air_density`] | kg/m³ |
//! | `C_d A` | drag coefficient × frontal area | m² |
//! | `C_L,k A_k` | downforce coefficient × reference area of surface k | m² |
//!
//! References: Hucho, *Aerodynamics of Road Vehicles* (drag and lift definitions);
//! Milliken & Milliken, *Race Car Vehicle Dynamics*, ch. 15.
//!
//! # Limits
//! Quasi-steady coefficients: no yaw-angle dependence, no ride-height sensitivity, no
//! aerodynamic moments beyond those of the point forces.
//!
//! ```
//! use skidpad::aero::AeroParams;
//! let a = AeroParams { drag_coefficient: 0.30, frontal_area: 2.2, ..AeroParams::default() };
//! // ½·1.225·0.30·2.2·(40 m/s)² = 646.8 N
//! assert!((a.drag_force(40.0) - 646.8).abs() < 1e-9);
//! ```

use crate::error::{ParamError, check};
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// Most downforce surfaces per vehicle (fixed capacity of the per-step force list).
pub const MAX_AERO_SURFACES: usize = 4;

/// Point forces aero can add per step: drag plus the surfaces.
pub const MAX_AERO_FORCES: usize = 1 + MAX_AERO_SURFACES;

/// One downforce surface (a wing, an axle's share of the body's downforce).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DownforceParams {
    /// Downforce coefficient, positive pushes the car down. Unit: 1. Range: [−5, 5].
    pub downforce_coefficient: f64,
    /// Reference area the coefficient refers to. Unit: m². Range: [0, 20].
    pub area: f64,
    /// Centre of pressure in the vehicle frame (e.g. above an axle). Unit: m. Range: each
    /// component within ±50 ([`check::POINT_LIMIT`]).
    pub point: DVec3,
}

/// Aerodynamic parameters. The default has no drag and no downforce (off).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AeroParams {
    /// Air density. Unit: kg/m³. Range: (0, 2]. Default: 1.225 (ISA sea level, 15 °C).
    pub air_density: f64,
    /// Drag coefficient `C_d`. Unit: 1. Range: [0, 3]. Default: 0 (no drag).
    /// Sedans 0.25–0.35, trucks 0.6–0.9.
    pub drag_coefficient: f64,
    /// Frontal area `A`. Unit: m². Range: [0, 20]. Default: 0. A sedan is ≈ 2.2 m².
    pub frontal_area: f64,
    /// Where drag acts, vehicle frame. Unit: m. Default: absent = the centre of mass (no
    /// pitch moment). Put it near mid-height of the body to get the nose-up drag moment.
    /// Range: each component within ±50 ([`check::POINT_LIMIT`]).
    pub drag_point: Option<DVec3>,
    /// Downforce surfaces (at most [`MAX_AERO_SURFACES`]), e.g. one over each axle.
    pub downforce: Vec<DownforceParams>,
    /// Wind velocity, world frame. Unit: m/s. Range: |v| ≤ 150 (the strongest measured gusts
    /// are ≈ 135 m/s). Default: still air.
    pub wind_world: DVec3,
}

impl Default for AeroParams {
    fn default() -> Self {
        Self {
            air_density: 1.225,
            drag_coefficient: 0.0,
            frontal_area: 0.0,
            drag_point: None,
            downforce: Vec::new(),
            wind_world: DVec3::ZERO,
        }
    }
}

impl AeroParams {
    /// Drag magnitude `½ρC_dA v²` at airspeed `v` (m/s). Unit: N.
    pub fn drag_force(&self, airspeed: f64) -> f64 {
        0.5 * self.air_density * self.drag_coefficient * self.frontal_area * airspeed * airspeed
    }

    /// Total downforce `Σ ½ρC_L,k A_k v²` at forward airspeed `v` (m/s). Unit: N.
    pub fn downforce_total(&self, forward_airspeed: f64) -> f64 {
        self.downforce
            .iter()
            .map(|d| 0.5 * self.air_density * d.downforce_coefficient * d.area)
            .sum::<f64>()
            * forward_airspeed
            * forward_airspeed
    }

    /// True when drag or downforce can be non-zero.
    pub fn is_active(&self) -> bool {
        self.drag_coefficient * self.frontal_area > 0.0
            || self
                .downforce
                .iter()
                .any(|d| d.downforce_coefficient * d.area != 0.0)
    }

    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, e.g. `downforce[1].area`.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive("air_density", self.air_density)?;
        check::in_range("air_density", self.air_density, 0.0, 2.0)?;
        check::in_range("drag_coefficient", self.drag_coefficient, 0.0, 3.0)?;
        check::in_range("frontal_area", self.frontal_area, 0.0, 20.0)?;
        if let Some(p) = self.drag_point {
            check::point("drag_point", p)?;
        }
        check::finite_vec("wind_world", self.wind_world)?;
        // The strongest measured gusts (tornadoes) are ≈ 135 m/s.
        check::range("wind_world", self.wind_world.length(), 0.0, 150.0, "m/s")?;
        if self.downforce.len() > MAX_AERO_SURFACES {
            return Err(ParamError::new(
                "downforce",
                format!(
                    "at most {MAX_AERO_SURFACES} surfaces (got {})",
                    self.downforce.len()
                ),
            ));
        }
        for (i, d) in self.downforce.iter().enumerate() {
            let f = || -> Result<(), ParamError> {
                check::in_range("downforce_coefficient", d.downforce_coefficient, -5.0, 5.0)?;
                check::in_range("area", d.area, 0.0, 20.0)?;
                check::point("point", d.point)
            };
            f().map_err(|e| e.within_index("downforce", i))?;
        }
        Ok(())
    }
}

/// The aero stage: world forces and their world points, written to `out` (drag first, then
/// each surface); returns how many were written. `pose` maps the vehicle frame to the world,
/// `point_velocity` gives a world point's velocity.
#[inline]
pub fn aero_forces(
    p: &AeroParams,
    pose: &crate::math::Pose,
    com_body: DVec3,
    point_velocity: impl Fn(DVec3) -> DVec3,
    out: &mut [(DVec3, DVec3); MAX_AERO_FORCES],
) -> usize {
    let drag_at = || pose.transform_point(p.drag_point.unwrap_or(com_body));
    aero_forces_from(p, pose, drag_at, point_velocity, out)
}

/// [`aero_forces`] with the drag's world point given by `drag_at` (asked only when there is
/// drag): the substep loop passes its placed centre of mass when `drag_point` is unset, the
/// same bits as `pose.transform_point(com_body)` without the rotation.
#[inline]
pub(crate) fn aero_forces_from(
    p: &AeroParams,
    pose: &crate::math::Pose,
    drag_at: impl FnOnce() -> DVec3,
    point_velocity: impl Fn(DVec3) -> DVec3,
    out: &mut [(DVec3, DVec3); MAX_AERO_FORCES],
) -> usize {
    let mut n = 0;
    let half_rho = 0.5 * p.air_density;
    let cda = p.drag_coefficient * p.frontal_area;
    if cda > 0.0 {
        let point = drag_at();
        let v = point_velocity(point) - p.wind_world;
        out[n] = (-half_rho * cda * v.length() * v, point);
        n += 1;
    }
    if p.downforce.is_empty() {
        // Drag alone (the body's axes below are for the surfaces only).
        return n;
    }
    let x = pose.transform_vector(DVec3::X);
    let z = pose.transform_vector(DVec3::Z);
    for d in p.downforce.iter().take(MAX_AERO_SURFACES) {
        let point = pose.transform_point(d.point);
        let vx = (point_velocity(point) - p.wind_world).dot(x);
        out[n] = (
            -half_rho * d.downforce_coefficient * d.area * vx * vx * z,
            point,
        );
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Pose;

    #[test]
    fn drag_and_downforce_by_hand() {
        let p = AeroParams {
            drag_coefficient: 0.3,
            frontal_area: 2.0,
            downforce: vec![
                DownforceParams {
                    downforce_coefficient: 0.5,
                    area: 1.0,
                    point: DVec3::new(1.0, 0.0, 0.0),
                },
                DownforceParams {
                    downforce_coefficient: 1.0,
                    area: 1.0,
                    point: DVec3::new(-1.0, 0.0, 0.0),
                },
            ],
            ..AeroParams::default()
        };
        p.validate().unwrap();
        let mut out = [(DVec3::ZERO, DVec3::ZERO); MAX_AERO_FORCES];
        let n = aero_forces(
            &p,
            &Pose::IDENTITY,
            DVec3::ZERO,
            |_| DVec3::new(20.0, 0.0, 0.0),
            &mut out,
        );
        assert_eq!(n, 3);
        // Drag ½·1.225·0.6·400 = 147 N backwards; downforce 0.5·1.225·400·{0.5, 1} = 122.5, 245 N.
        assert!((out[0].0 - DVec3::new(-147.0, 0.0, 0.0)).length() < 1e-9);
        assert!((out[1].0.z + 122.5).abs() < 1e-9 && (out[2].0.z + 245.0).abs() < 1e-9);
        assert_eq!(out[2].1, DVec3::new(-1.0, 0.0, 0.0));
        assert!((p.downforce_total(20.0) - 367.5).abs() < 1e-9);
        let mut bad = p.clone();
        bad.downforce[1].area = -1.0;
        assert_eq!(bad.validate().unwrap_err().path, "downforce[1].area");
    }
}
