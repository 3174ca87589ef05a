//! The simplified Magic Formula's points of one contact linearisation, evaluated directly
//! (`tire::contact`'s `simple` module, the shipped presets' path): the start point, the
//! zero-slip points, the slope probes, the sliding floor and, where the floor is 0, the
//! predicted point — the very points and operations of the general linearisation's batch
//! ([`TireModel::forces_at_kept`](crate::tire::TireModel::forces_at_kept) and
//! [`TireModel::sliding_fx_floor_kept`](crate::tire::TireModel::sliding_fx_floor_kept) at
//! unit grip limits), so the same forces bit for bit, without the batch's point list, its
//! output slots and their read-back, the common [`SlipInput`](crate::tire::SlipInput) and a
//! key check of the kept load terms per call.

use super::{Prepared, SimpleMagicParams, Units, signed_zero};
use crate::math::finite;
use crate::tire::interface::{ForceNeed, KeptLoad, LoadFields, finite_or_zero};
use crate::tire::norm::norm;

/// The forces of [`SimpleMagicParams::secant_points`]: `(Fx, Fy)` at the start slips, the
/// zero-slip forces `Fx(0, α₀)` and `Fy(κ₀, 0)`, the longitudinal probes' `Fx(±p, α₀)` and
/// the lateral ones' `Fy(κ₀, ±α_p)` where asked, the sliding floor and the predicted
/// point's `(Fx, Fy)` where the floor is not positive. Unit: N.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SecantForces {
    pub start: (f64, f64),
    pub fx_zero: f64,
    pub fy_zero: f64,
    pub probe_x: Option<(f64, f64)>,
    pub probe_y: Option<(f64, f64)>,
    pub floor: f64,
    pub pred: Option<(f64, f64)>,
}

/// The slips [`SimpleMagicParams::secant_points`] is asked at: the start `(κ₀, α₀)`, the
/// longitudinal probe `±p` if asked, the lateral probes' model angles if asked, the sliding
/// probe's `κ = ±1` and the predicted `(κ_p, α_p)`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SecantSlips {
    pub k0: f64,
    pub a0: f64,
    pub probe_x: Option<f64>,
    pub probe_y: Option<(f64, f64)>,
    pub slide_kappa: f64,
    pub kp: f64,
    pub ap: f64,
}

impl SimpleMagicParams {
    /// The forces of the general linearisation's points at unit grip limits for the load
    /// fields `load` ([`LoadFields`]), bit for bit: the sliding floor first
    /// (`sliding_fx_floor_kept` at `(±1, α_p)`), then the batch's points in its order —
    /// `(κ₀, α₀)` both, `(0, α₀)` `Fx`, `(±p, α₀)` `Fx`, `(κ₀, +0)` `Fy`, `(κ₀, ±α_probe)`
    /// `Fy`, and `(κ_p, α_p)` both where the floor is not positive — each the model's
    /// `at_slip` at the sanitised slips with the load terms `kept` (computed here if it holds
    /// none for `load`) and the curves' memos (the lateral one the wheel's, left in `kept`).
    #[inline(always)]
    pub(crate) fn secant_points(
        &self,
        load: LoadFields,
        sl: SecantSlips,
        kept: &mut KeptLoad,
    ) -> SecantForces {
        use ForceNeed::{Both, Lateral, Longitudinal};
        let f = finite_or_zero;
        let (p, lat) = kept.simple_fields_with_unit(load, |s| self.prepare(s));
        let floor = self.floor_with(p, sl.slide_kappa, sl.ap);
        let mut units = Units {
            lon: super::UnitMemo::default(),
            lat: *lat,
        };
        let mut at = |kappa: f64, alpha: f64, need: ForceNeed| {
            p.and_then(|p| self.at_slip(p, f(kappa), f(alpha), need, &mut units))
                .map_or((0.0, 0.0), |(fx, fy, _)| (fx, fy))
        };
        let start = at(sl.k0, sl.a0, Both);
        // The zero-slip points are zeros without their curve on nearly every contact: taken
        // so inline ([`zero_fx`], [`zero_fy`]), the call where they are not.
        let fx_zero = match p.map(|q| zero_fx(q, f(sl.a0))) {
            Some(Some(fx)) => fx,
            _ => at(0.0, sl.a0, Longitudinal).0,
        };
        let probe_x = sl
            .probe_x
            .map(|k| (at(k, sl.a0, Longitudinal).0, at(-k, sl.a0, Longitudinal).0));
        let fy_zero = match p.map(|q| zero_fy(q, f(sl.k0))) {
            Some(Some(fy)) => fy,
            _ => at(sl.k0, 0.0, Lateral).1,
        };
        let probe_y = sl
            .probe_y
            .map(|(ap, am)| (at(sl.k0, ap, Lateral).1, at(sl.k0, am, Lateral).1));
        let pred = (floor <= 0.0).then(|| at(sl.kp, sl.ap, Both));
        *lat = units.lat;
        SecantForces {
            start,
            fx_zero,
            fy_zero,
            probe_x,
            probe_y,
            floor,
            pred,
        }
    }
}

/// `Fx` of `at_slip(p, +0, α, Longitudinal)` (`α` sanitised) where it needs no curve, by
/// the same operations: no force at `s = 0` or without grip (`+0`, as the batch's `(0, 0)`),
/// else `s_x = +0/κ_m` gives the signed zero of `signed_zero` where `B_x·s·κ_m` is finite;
/// `None` where the curve would be evaluated (`s_x` not a zero, or that product not finite).
#[inline(always)]
fn zero_fx(p: &Prepared, alpha: f64) -> Option<f64> {
    let alpha = match p.alpha_camber {
        Some(shift) => alpha + shift,
        None => alpha,
    };
    let (sx, sy) = (0.0 / p.km, alpha / p.am);
    let sn = norm(sx, sy);
    if sn <= 0.0 || p.d <= 0.0 {
        return Some(0.0);
    }
    (sx == 0.0 && finite(p.lon.b * (sn * p.km))).then(|| signed_zero(sx))
}

/// `Fy` of `at_slip(p, κ, +0, Lateral)` (`κ` sanitised) where it needs no curve, by the
/// same operations ([`zero_fx`]'s rules): `s_y` is the camber shift over `α_m`, a zero
/// without camber thrust, and then `Fy` the signed zero of `−s_y`.
#[inline(always)]
fn zero_fy(p: &Prepared, kappa: f64) -> Option<f64> {
    let alpha = match p.alpha_camber {
        Some(shift) => 0.0 + shift,
        None => 0.0,
    };
    let (sx, sy) = (kappa / p.km, alpha / p.am);
    let sn = norm(sx, sy);
    if sn <= 0.0 || p.d <= 0.0 {
        return Some(0.0);
    }
    (sy == 0.0 && finite(p.lat.b * (sn * p.am))).then(|| signed_zero(-sy))
}
