//! The simplified Magic Formula's points of one contact linearisation, evaluated directly
//! (`tire::contact`'s `simple` module, the shipped presets' path): the start point, the
//! zero-slip points, the slope probes, the sliding floor and, where the floor is 0, the
//! predicted point — the very points and operations of the general linearisation's batch
//! ([`TireModel::forces_at_kept`](crate::tire::TireModel::forces_at_kept) and
//! [`TireModel::sliding_fx_floor_kept`](crate::tire::TireModel::sliding_fx_floor_kept) at
//! unit grip limits), so the same forces bit for bit, without the batch's point list, its
//! output slots and their read-back, the common [`SlipInput`](crate::tire::SlipInput) and a
//! key check of the kept load terms per call.

use super::{SimpleMagicParams, Units};
use crate::tire::interface::{ForceNeed, KeptLoad, LoadFields, finite_or_zero};

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
        let fx_zero = at(0.0, sl.a0, Longitudinal).0;
        let probe_x = sl
            .probe_x
            .map(|k| (at(k, sl.a0, Longitudinal).0, at(-k, sl.a0, Longitudinal).0));
        let fy_zero = at(sl.k0, 0.0, Lateral).1;
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
