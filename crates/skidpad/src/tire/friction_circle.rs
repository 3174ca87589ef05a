//! The foundation friction-circle tire: linear slip stiffness per unit load, then one friction
//! circle.
//!
//! # Model
//! ```text
//! Fx = C_κ·s_k·F_z·κ/s_p                  (C_κ per unit load, s_k the surface stiffness scale,
//!                                          s_p the surface peak-slip scale)
//! Fy = −C_α·s_k·F_z·tan α                 (α clamped to ±1.5 rad)
//! (Fx, Fy) scaled down together to |F| ≤ µ·s_µ·F_z   (s_µ the surface friction scale)
//! ```
//! The peak-slip scale stretches the slip axis (`κ → κ/s_p`,
//! [`longitudinal_slip`](super::interface::longitudinal_slip)): the longitudinal force
//! saturates at `s_p` times the slip.
//!
//! ISO signs: `κ > 0` driving gives `Fx > 0`; `α > 0` (sliding left) gives `Fy < 0`.
//!
//! | symbol | field | unit |
//! |---|---|---|
//! | C_κ | `longitudinal_stiffness_per_unit_load` | 1 (N of force per N of load per unit slip) |
//! | C_α | `cornering_stiffness_per_unit_load` | 1/rad (N of force per N of load per rad) |
//! | µ | `friction` | 1 |
//!
//! The stiffnesses are *per unit load*: the slip stiffness in N per unit slip is `C_κ·F_z`, the
//! cornering stiffness in N/rad is `C_α·F_z`. (The `.tir` key `LONGITUDINAL_STIFFNESS`, field
//! [`MfCoefficients::longitudinal_stiffness`](super::mf::MfCoefficients::longitudinal_stiffness),
//! is a different quantity: the carcass stiffness in N/m.)
//!
//! Limits: no load sensitivity, no camber, no aligning moment (Mz = 0), the peak is the
//! sliding force (no drop past the peak).

use super::interface::{
    ForceNeed, KeptLoad, LinearCircle, SlipInput, SlipPoint, SteadyForces, TireModel,
    finite_or_zero,
};
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Parameters of the friction-circle tire (the default model of
/// [`TireParams`](super::TireParams)); every field is read by this model and no other.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    default,
    expecting = "a table of friction-circle tire keys"
)]
pub struct FrictionCircleParams {
    /// Longitudinal slip stiffness per unit load C_κ: `Fx = C_κ·F_z·κ` below the limit.
    /// Unit: 1 (N per N of load per unit slip). Range: (0, ∞). Default: 18 (peak force near
    /// κ ≈ µ/C_κ ≈ 6 %).
    pub longitudinal_stiffness_per_unit_load: f64,
    /// Cornering stiffness per unit load C_α: `Fy = −C_α·F_z·tan α` below the limit.
    /// Unit: 1/rad (N per N of load per rad). Range: (0, ∞). Default: 17 (a passenger tire:
    /// ≈ 65 kN/rad at 3.8 kN). Raise it for a sharper, more responsive tire.
    pub cornering_stiffness_per_unit_load: f64,
    /// Friction coefficient on the reference surface: `|F| ≤ µ·F_z`.
    /// Unit: 1. Range: (0, 3]. Default: 1.0.
    pub friction: f64,
}

impl Default for FrictionCircleParams {
    fn default() -> Self {
        Self {
            longitudinal_stiffness_per_unit_load: 18.0,
            cornering_stiffness_per_unit_load: 17.0,
            friction: 1.0,
        }
    }
}

impl FrictionCircleParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with the field's name as its path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive(
            "longitudinal_stiffness_per_unit_load",
            self.longitudinal_stiffness_per_unit_load,
        )?;
        check::positive(
            "cornering_stiffness_per_unit_load",
            self.cornering_stiffness_per_unit_load,
        )?;
        check::positive("friction", self.friction)?;
        check::friction("friction", self.friction)
    }
}

impl TireModel for FrictionCircleParams {
    /// Never a wheel torque (0 in every output).
    fn has_wheel_torque(&self) -> bool {
        false
    }

    /// No aligning moment (Mz = 0 at every input).
    fn has_aligning_moment(&self) -> bool {
        false
    }

    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        let i = super::interface::sanitize(input);
        let kappa = super::interface::longitudinal_slip(&i);
        let fx = self.longitudinal_stiffness_per_unit_load * i.stiffness_scale * i.fz * kappa;
        let fy = -self.cornering_stiffness_per_unit_load
            * i.stiffness_scale
            * i.fz
            * i.alpha.clamp(-1.5, 1.5).tan();
        let (fx, fy) = super::contact::saturate(fx, fy, self.friction * i.friction_scale * i.fz);
        SteadyForces {
            fx,
            fy,
            ..SteadyForces::default()
        }
    }

    /// Both forces from the load terms once ([`LinearCircle`]), without the moments.
    fn forces(&self, input: &SlipInput, _need: ForceNeed) -> (f64, f64) {
        let p = self.prepare(input);
        let alpha = finite_or_zero(input.alpha);
        p.point(finite_or_zero(input.kappa), tan_or_zero(alpha))
    }

    /// `(+0, −0)`: `Fx = C_κ·s_k·F_z·(+0/s_p) = +0` and `Fy = −C_α·s_k·F_z·tan(+0) = −0`,
    /// kept by the circle's scaling `·limit/|F|` (`0 ≤ limit < ∞`), for every other slip;
    /// `None` where a product's sign or finiteness would differ (only for parameters
    /// `validate` rejects, or a load of −0).
    fn zero_slip_forces(&self, common: &SlipInput, kept: &mut KeptLoad) -> Option<(f64, f64)> {
        known_shape(kept.circle(common, |s| self.prepare(s))).map(|_| (0.0, -0.0))
    }

    /// The products as a [`LinearCircle`] (`t_max = tan 1.5`), where the zero-slip forces
    /// are known ([`TireModel::zero_slip_forces`]): `tan(α)` of the clamped angle is within
    /// an ulp of the clamped `tan α`. Nothing is kept: the closed form asks the model for
    /// nothing else in the wheel's substep (the sliding probes, if they run, take a new
    /// [`KeptLoad`]), so the key and the copy would be work for nothing.
    fn linear_circle_kept(&self, common: &SlipInput, _kept: &mut KeptLoad) -> Option<LinearCircle> {
        self.linear_circle(common)
    }

    /// Mz = 0 without evaluating the forces.
    fn aligning_moment(&self, _input: &SlipInput) -> f64 {
        0.0
    }

    /// Mz = 0 without evaluating the forces.
    fn aligning_moment_kept(&self, _input: &SlipInput, _kept: &mut KeptLoad) -> f64 {
        0.0
    }

    /// The load and surface terms once per batch ([`LinearCircle`]), `tan α` once per run of
    /// points with the same α (none at α = 0); per point the slip, two products and the
    /// circle.
    fn forces_at(&self, common: &SlipInput, points: &[SlipPoint], out: &mut [(f64, f64)]) {
        forces_with(&self.prepare(common), points, out);
    }

    /// [`TireModel::forces_at`] with the load and surface products kept ([`KeptLoad`]).
    fn forces_at_kept(
        &self,
        common: &SlipInput,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
        kept: &mut KeptLoad,
    ) {
        forces_with(&kept.circle(common, |s| self.prepare(s)), points, out);
    }

    /// The circle's closed form, [`LinearCircle::lateral_reach_floor`]: `min(1, µ·s_µ/(C_α·s_k))`
    /// less its margin (the load cancels).
    fn lateral_reach_floor(&self, common: &SlipInput) -> f64 {
        self.prepare(common).lateral_reach_floor()
    }

    /// The circle itself: `min(|C_κ·s_k·F_z·κ/s_p|, µ·s_µ·F_z)·(1 − 10⁻⁹)` whatever α.
    ///
    /// Below the circle (`|F_lin| ≤ µ·s_µ·F_z`) the force is the linear one, at least as
    /// long as its `Fx`; on it, the force is scaled onto the circle, `|F| = µ·s_µ·F_z`. Each
    /// holds to a few ulps of rounding (the products, `norm` within 2 ulp, the scaling's
    /// product and quotient), far inside the margin, while no product under- or overflows:
    /// so 0 unless the floor is above 10⁻¹⁵⁰ N and `C_κ·s_k·F_z`, `C_α·s_k·F_z` and the
    /// circle below 10¹⁵⁰ N (then every product of the scaling is a normal number).
    fn sliding_force_floor_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        _alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        kept.circle(common, |s| self.prepare(s))
            .sliding_floor(kappa)
    }
}

/// `Some(p)` where its zero-slip forces are `(+0, −0)`: `C_κ·s_k·F_z ≥ +0` and
/// `−C_α·s_k·F_z ≤ −0` finite, the circle in `[+0, ∞)` (false only for parameters `validate`
/// rejects, or a load of −0).
#[inline]
fn known_shape(p: LinearCircle) -> Option<LinearCircle> {
    let known = p.kappa_force.is_sign_positive()
        && p.kappa_force < f64::INFINITY
        && p.tan_force.is_sign_negative()
        && p.tan_force > f64::NEG_INFINITY
        && p.limit.is_sign_positive()
        && p.limit < f64::INFINITY
        && p.peak_slip_scale > 0.0;
    known.then_some(p)
}

/// `tan 1.5`, the tangent of the largest slip angle the model takes (correctly rounded, as
/// glibc's `1.5f64.tan()`; tested).
const MAX_TAN: f64 = 14.101_419_947_171_719;

impl FrictionCircleParams {
    /// [`TireModel::linear_circle_kept`] without the trait call (the same value): the contact
    /// solve's direct path for this tyre (`tire::contact::circle`), where the call and the
    /// model's input built in full for it cost more than the products.
    #[inline]
    pub(crate) fn linear_circle(&self, common: &SlipInput) -> Option<LinearCircle> {
        known_shape(self.prepare(common))
    }

    /// The slip-independent part of [`FrictionCircleParams::steady_state`] at `input`'s load
    /// and surface, sanitised as `steady_state` sanitises them: every point's forces are then
    /// its very operations in the same order ([`LinearCircle::point`]), so bit for bit its
    /// values.
    #[inline]
    fn prepare(&self, input: &SlipInput) -> LinearCircle {
        let i = super::interface::sanitize_load(input);
        LinearCircle {
            kappa_force: self.longitudinal_stiffness_per_unit_load * i.stiffness_scale * i.fz,
            tan_force: -self.cornering_stiffness_per_unit_load * i.stiffness_scale * i.fz,
            limit: self.friction * i.friction_scale * i.fz,
            peak_slip_scale: i.peak_slip_scale,
            max_tan: MAX_TAN,
        }
    }
}

/// [`TireModel::forces_at`] from the load and surface products `p`.
#[inline]
fn forces_with(p: &LinearCircle, points: &[SlipPoint], out: &mut [(f64, f64)]) {
    let mut last: Option<(u64, f64)> = None;
    for (pt, o) in points.iter().zip(out.iter_mut()) {
        let alpha = finite_or_zero(pt.alpha);
        let t = match last {
            Some((bits, t)) if bits == alpha.to_bits() => t,
            _ => {
                let t = tan_or_zero(alpha);
                last = Some((alpha.to_bits(), t));
                t
            }
        };
        *o = p.point(finite_or_zero(pt.kappa), t);
    }
}

/// `tan` of the slip angle clamped to ±1.5 rad (the sanitised `alpha`), with `tan(±0) = ±0`
/// without the call.
#[inline]
fn tan_or_zero(alpha: f64) -> f64 {
    if alpha == 0.0 {
        alpha
    } else {
        alpha.clamp(-1.5, 1.5).tan()
    }
}

#[cfg(test)]
mod tests;
