//! The slip-curve tyre's forces at the contact solve's points, asked one at a time
//! ([`Uncambered`]): what its [`TireModel::forces_at`](crate::tire::TireModel::forces_at)
//! batch gives at those points, bit for bit, for the direct path of the contact solve
//! (`crate::tire::contact::curve`).
//!
//! Every force is [`SlipCurveParams::point_tan`] at the point's slip and `tan α_eff`
//! ([`Prepared::tan_alpha_or_zero`]), as the batch computes it, so the same bits. Two pairs of
//! the batch's points are mirror images: the central difference `(±κ, α)` and `(κ, ±α)`
//! without a camber shift. Their second point is the first's force negated, exactly:
//!
//! - `(−κ, α)`: `−κ/s_p = −(κ/s_p)`, `C_κ·(−x) = −(C_κ·x)` (rounding is symmetric), the
//!   friction graph reads `|κ_s|`, `norm` squares its arguments, so `K` and `s(K)/K` are the
//!   first point's and `F_x = −(F_x,lin·s(K)/K)`; no force at one is no force at the other.
//! - `(κ, −α)`: `atan` and `tan` are odd bit for bit (`crate::tire::trig`: the sign is put
//!   back at the end; `tan` of `|x| < π/4` is `x + x·z·E(z)/(1 + z·D(z))`, odd), a zero
//!   camber slip `±0` leaves `α` (`−a + (±0) = −a`), the clamp to ±1.5 rad is symmetric, so
//!   `tan α_eff` is the first's negated, and `F_y` with it as above.
//!
//! The zero-slip points share the start point's terms and their forces are signed zeros
//! wherever the saturation is a number ([`Uncambered::start`]).

use super::finite_or_zero;
use super::{PointForces, Prepared, SlipCurveParams, saturated, saturation, tan_upper};
use crate::tire::interface::{CurveFields, curve_input};

/// The slip-curve tyre at one load and surface without a camber shift (the camber slip
/// `C_γ·γ/C_α` absent or `±0`): the contact solve's points one at a time, bit for bit the
/// batch's ([`SlipCurveParams::forces_at`](crate::tire::TireModel::forces_at); module docs).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Uncambered<'a> {
    model: &'a SlipCurveParams,
    p: Prepared,
}

impl SlipCurveParams {
    /// The tyre at the load and surface `fields` of the contact solve's batch input, `None` at
    /// no load or with a camber shift: the terms [`KeptLoad::curve_of`](crate::tire::KeptLoad::curve_of) would keep, bit for
    /// bit ([`curve_input`]), not kept. The contact solve
    /// hands them on to its recorded moment ([`Uncambered::aligning_moment`]) instead of
    /// keeping them and finding them again by their key.
    #[inline]
    pub(crate) fn uncambered_at(&self, fields: CurveFields) -> Option<Uncambered<'_>> {
        let p = self.prepare(&curve_input(fields))?;
        p.camber_slip
            .is_none_or(|c| c == 0.0)
            .then_some(Uncambered { model: self, p })
    }
}

impl Uncambered<'_> {
    /// [`SlipCurveParams::aligning_moment_fields`] (N·m) at this tyre's load fields and the
    /// slips `(kappa, alpha)`, bit for bit (the same terms and point).
    #[inline(always)]
    pub(crate) fn aligning_moment(&self, kappa: f64, alpha: f64) -> f64 {
        let (kappa, alpha) = (finite_or_zero(kappa), finite_or_zero(alpha));
        self.model.moment_at(&self.p, kappa, alpha)
    }

    /// `tan α_eff` at the model's finite slip angle `alpha` (radians), as the batch takes it
    /// ([`Prepared::tan_alpha_or_zero`]).
    #[inline]
    pub(crate) fn tan_at(&self, alpha: f64) -> f64 {
        self.p.tan_alpha_or_zero(alpha)
    }

    /// `tan α_eff` at the transient slip `tan α' = t` itself: [`Uncambered::tan_at`]`(atan t)`
    /// by the identity `tan(atan t) = t` (no camber shift here, so `α_eff = α`), without the
    /// `atan` and the `tan`: round-off, our `tan(atan t)` within ≈ 35 ulp of `t` up to the
    /// clamp ([`Uncambered::sliding_fx_floor_tan`]). The model's clamp of `α` to ±1.5 rad is
    /// `t` clamped to `±tan 1.5` (`tan` rises monotonically); `±0` stays itself (the zero-slip
    /// point's signed zero), `±∞` is the clamp (`atan ±∞ = ±π/2`) and NaN is 0 (the batch's
    /// sanitising of a NaN angle).
    #[inline]
    pub(crate) fn tan_of(t: f64) -> f64 {
        if t.is_nan() {
            0.0
        } else if t == 0.0 {
            t
        } else {
            t.clamp(-TAN_MAX_ANGLE, TAN_MAX_ANGLE)
        }
    }

    /// [`Uncambered::aligning_moment`] at the transient slips `κ'` and `tan α' = t`
    /// ([`Uncambered::tan_of`]: the model's `tan α_eff` from `t` itself, round-off). Unit: N·m.
    #[inline(always)]
    pub(crate) fn aligning_moment_tan(&self, kappa: f64, t: f64) -> f64 {
        let kappa = finite_or_zero(kappa);
        self.model.moment_at_tan(&self.p, kappa, Self::tan_of(t))
    }

    /// The batch's `(Fx, Fy)` (N) at the finite slip `kappa` and `tan_alpha` of
    /// [`Uncambered::tan_at`]: `(0, 0)` where the model gives no force.
    #[inline]
    pub(crate) fn force(&self, kappa: f64, tan_alpha: f64) -> (f64, f64) {
        self.point(kappa, tan_alpha)
            .map_or((0.0, 0.0), |f| (f.fx, f.fy))
    }

    /// The batch's forces at the start slips and at the secants' zero-slip points,
    /// `[Fx(κ₀, α₀), Fy(κ₀, α₀), Fx(+0, α₀), Fy(κ₀, +0)]` (N), at the finite slip `k0` and
    /// `ta0` of [`Uncambered::tan_at`]`(α₀)`. The points share their terms (`F_y,lin` of `α₀`,
    /// `F_x,lin` and the limit of `κ₀`: the same operations on the same values), and a
    /// zero-slip point's force is its signed zero `z` wherever the saturation is a number:
    /// `z·s(K)/K` with `s(K)/K` in `[0, 1]` for every `K > 0` (`s(K) = K·(1 − K/3 + K²/27)`,
    /// the bracket at least 1/3 below 3; `1/K` from 3; `s(K) = K` where `K²` underflows), so
    /// `z` itself, sign included; evaluated where `K` is 0 or NaN.
    #[inline]
    pub(crate) fn start(&self, k0: f64, ta0: f64) -> [f64; 4] {
        let (m, p) = (self.model, &self.p);
        let ks = k0 / p.peak_slip_scale;
        let fx_lin = p.c_k * ks;
        let fy_lin = -p.c_a * ta0;
        let limit = m.limit_at(p, ks);
        let (f0x, f0y) = saturated(fx_lin, fy_lin, limit).map_or((0.0, 0.0), |f| (f.fx, f.fy));
        // `(+0, α₀)`: its own slip and limit, `α₀`'s lateral force.
        let ks_zero = 0.0 / p.peak_slip_scale;
        let fx_lin_zero = p.c_k * ks_zero;
        let fx_zero = component(fx_lin_zero, [fx_lin_zero, fy_lin], m.limit_at(p, ks_zero));
        // `(κ₀, +0)`: `κ₀`'s longitudinal force and limit.
        let fy_lin_zero = -p.c_a * self.tan_at(0.0);
        let fy_zero = component(fy_lin_zero, [fx_lin, fy_lin_zero], limit);
        [f0x, f0y, fx_zero, fy_zero]
    }

    /// The batch's `Fx` (N) at `(kappa, α)` and at `(−kappa, α)` (module docs: the second is
    /// the first negated; both `+0` without a force).
    #[inline]
    pub(crate) fn fx_pair(&self, kappa: f64, tan_alpha: f64) -> (f64, f64) {
        match self.point(kappa, tan_alpha) {
            None => (0.0, 0.0),
            Some(f) if !f.fx.is_nan() => (f.fx, -f.fx),
            // A NaN's sign and payload are the arithmetic's: evaluated.
            Some(f) => (f.fx, self.force(-kappa, tan_alpha).0),
        }
    }

    /// The batch's `Fy` (N) at `(kappa, α)` and at `(kappa, −α)`, `tan_alpha` that of `α`
    /// ([`Uncambered::tan_at`]; module docs: the second is the first negated, both `+0`
    /// without a force).
    #[inline]
    pub(crate) fn fy_pair(&self, kappa: f64, tan_alpha: f64) -> (f64, f64) {
        match self.point(kappa, tan_alpha) {
            None => (0.0, 0.0),
            Some(f) if !f.fy.is_nan() => (f.fy, -f.fy),
            Some(f) => (f.fy, self.force(kappa, -tan_alpha).1),
        }
    }

    #[inline(always)]
    fn point(&self, kappa: f64, tan_alpha: f64) -> Option<PointForces> {
        self.model.point_tan(&self.p, kappa, tan_alpha)
    }

    /// A lower bound of `|Fx|` (N) at the sliding probe `(kappa, α_p)` with `α_p` the model's
    /// slip angle of the transient slip `tan α_p = t` (`atan t` in the general path), from
    /// `t` itself: [`SlipCurveParams::sliding_fx_floor`]'s bound with `tan α_eff` bounded by
    /// `|t|·(1 + 10⁻⁹)` instead of `P₅/Q₆` of the angle (no `atan`), or by `P₅/Q₆` at the
    /// clamp 1.5 rad from `|t| ≥ 14`.
    ///
    /// Why an upper bound: `atan` and `tan` (`crate::tire::trig`) are each within 1 ulp of
    /// the correctly rounded value, so `tan(atan t)` is within `(1 + tan²)·atan t/t` times
    /// 1.5 ulp plus 1.5 ulp of `t`: at most ≈ 35 ulp (8·10⁻¹⁵ relative) up to the clamp
    /// (`1 + tan² ≤ 200` there), far inside `10⁻⁹`; the clamp only lowers `|α|`, and beyond
    /// it `tan_upper(1.5) ≥ tan 1.5`. 0 for a non-finite `t`. Unit: N.
    #[inline]
    pub(crate) fn sliding_fx_floor_tan(&self, kappa: f64, t: f64) -> f64 {
        let a = t.abs();
        let up = if a < 14.0 {
            a * (1.0 + 1e-9)
        } else if a <= f64::MAX {
            tan_upper(1.5)
        } else {
            return 0.0;
        };
        self.model.floor_tan(&self.p, kappa, up)
    }
}

/// `tan 1.5`, the tangent of the largest slip angle the model takes (`α` clamped to ±1.5 rad),
/// correctly rounded (`friction_circle`'s `MAX_TAN`, the same number; tested).
pub(crate) const TAN_MAX_ANGLE: f64 = 14.101_419_947_171_719;

/// The component `z` (`F_x,lin` or `F_y,lin`, N) of [`saturated`]`(F_x,lin, F_y,lin, limit)`,
/// `+0` for no force; a zero `z` is returned as it is wherever `K > 0`
/// ([`Uncambered::start`]: the product's value).
#[inline(always)]
fn component(z: f64, [fx_lin, fy_lin]: [f64; 2], limit: f64) -> f64 {
    let mag = crate::tire::norm::norm(fx_lin, fy_lin);
    if mag <= 0.0 || limit <= 0.0 {
        return 0.0;
    }
    let k = mag / limit;
    if z == 0.0 && k > 0.0 {
        return z;
    }
    z * (saturation(k) / k)
}

impl SlipCurveParams {
    /// [`SlipCurveParams::floor_with`]'s bound at the load terms `p`, the finite slip `kappa`
    /// and an upper bound `tan_up ≥ 0` of `|tan α_eff|`. Unit: N.
    #[inline]
    pub(super) fn floor_tan(&self, p: &Prepared, kappa: f64, tan_up: f64) -> f64 {
        let kappa = kappa / p.peak_slip_scale;
        let fx_lin = p.c_k * kappa;
        let fy_up = p.c_a * tan_up;
        let limit = p.friction * self.friction_vs_slip.eval(kappa.abs()) * p.fz;
        let mag = crate::tire::norm::norm(fx_lin, fy_up);
        if !(mag > 0.0 && limit > 0.0) {
            return 0.0;
        }
        let k = mag / limit;
        let floor = fx_lin.abs() * (saturation(k) / k) * (1.0 - 1e-9);
        if floor.is_finite() { floor } else { 0.0 }
    }
}
