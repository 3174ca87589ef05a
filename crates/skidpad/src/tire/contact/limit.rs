//! The force limit of the contact solve ([`super`]'s module docs): the sliding probes
//! evaluated on demand ([`SlideProbes`]) and the clamp into the limit's circle, eager
//! ([`saturate`]) or with the probes left until a force reaches the known part of the limit
//! ([`LazyClamp`]).

use super::{Batch, MIN_LIMIT, TransientLinear, model_alpha, slip_input};
use crate::tire::interface::{ForceNeed, KeptLoad, SlipInput, TireModel};
use crate::tire::model::ContactInput;

/// The sliding probes of the force limit, left for [`SlideProbes::limit`] to evaluate when
/// the clamp can act (the direct-drive path, [`super::solve`]; the drivetrain's coupled
/// solve through [`crate::tire::model::PendingLimit`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SlideProbes {
    /// The spin the batch was evaluated at. Unit: rad/s.
    pub(super) omega: f64,
    /// The predicted transient slips `κ_p` and `tan α_p` (the model's `α_p` is
    /// [`model_alpha`] of it, taken where needed).
    pub(super) kp: f64,
    pub(super) tp: f64,
    /// `|F(κ_p, α_p)|`, before [`MIN_LIMIT`]; `None` if not evaluated yet (left to
    /// [`SlideProbes::limit`] where the model's sliding floor bounds the limit). Unit: N.
    pub(super) pred: Option<f64>,
}

impl SlideProbes {
    /// A lazy linearisation's result on the closed paths of the friction-circle and
    /// slip-curve tyres (`circle.rs`, `curve.rs`): the patch response `(fx0, dfx_domega, fy)`
    /// of the slips `st`, the limit's known part `max(|F(κ_p, α_p)|, floor, MIN_LIMIT)`
    /// (`floor` the model's sliding floor, 0 without one; `pred` = `|F(κ_p, α_p)|` where it
    /// was evaluated) and the probes that complete it ([`SlideProbes::limit`]).
    #[inline(always)]
    pub(super) fn lazy_linear(
        st: &super::Slips,
        (fx0, dfx_domega, fy): (f64, f64, f64),
        floor: f64,
        pred: Option<f64>,
    ) -> (TransientLinear, Option<SlideProbes>) {
        let probes = SlideProbes {
            omega: st.omega,
            kp: st.kp,
            tp: st.tp,
            pred,
        };
        let limit = pred.map_or(floor, |p| p.max(floor)).max(MIN_LIMIT);
        let lin = TransientLinear {
            fx0,
            dfx_domega,
            fy,
            limit,
            wheel_torque: 0.0,
        };
        (lin, Some(probes))
    }

    /// The force limit of [`super::linearize`], bit for bit: `max(|F(κ_p, α_p)|, |F(±1, α_p)|,
    /// |F(κ_p, ±1)|, MIN_LIMIT)`, the sliding probes evaluated here (two points, and the
    /// predicted point if [`SlideProbes::pred`] is not known yet). Each point
    /// of a [`TireModel::forces_at`] batch is the model's force at its slips, bit for bit,
    /// whatever else the batch holds, so these equal the eager batch's.
    pub(crate) fn limit(&self, model: &dyn TireModel, c: &ContactInput) -> f64 {
        let mut b = Batch::new(c);
        let ap = model_alpha(c, self.tp);
        let i_pred = self
            .pred
            .is_none()
            .then(|| b.push(self.kp, ap, ForceNeed::Both));
        let (i_slide_x, i_slide_y) = push_slide_probes(&mut b, c, self.kp, self.tp, ap);
        let common = slip_input(c, self.omega, 0.0, 0.0);
        b.evaluate(model, &common, &mut KeptLoad::default());
        let pred = self.pred.or(i_pred.map(|i| b.magnitude(i))).unwrap_or(0.0);
        pred.max(b.magnitude(i_slide_x))
            .max(b.magnitude(i_slide_y))
            .max(MIN_LIMIT)
    }
}

impl SlideProbes {
    /// A lower bound of [`SlideProbes::limit`] without the probes: the model's
    /// [`TireModel::sliding_fx_bound_kept`] (its [`TireModel::sliding_fx_floor`] or a
    /// coarser bound of the same force) at the probe `(±1, α_p)` as [`push_slide_probes`]
    /// pushes it (`κ/s_x` under a grip limit), times `s_x` as [`Batch::force`] scales it; the
    /// probe's `|(s_x·Fx, s_y·Fy)|` is at least that, so the limit is too. Without grip
    /// limits and if `whole`, the model's floor of the whole length,
    /// [`TireModel::sliding_force_floor_kept`] (by default the same `|Fx|` floor). Unit: N.
    ///
    /// `common` is the batch's common input, `slip_input(c, omega, 0, 0)`, and `ap` the
    /// model's `α_p`, [`model_alpha`]`(c, tan α_p)`.
    pub(super) fn floor<M: TireModel + ?Sized>(
        &self,
        model: &M,
        c: &ContactInput,
        common: &SlipInput,
        ap: f64,
        whole: bool,
        kept: &mut KeptLoad,
    ) -> f64 {
        let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
        let kappa = if self.kp < 0.0 { -1.0 } else { 1.0 };
        if whole && sx == 1.0 && sy == 1.0 {
            model.sliding_force_floor_kept(common, kappa, ap, kept)
        } else if sx == 1.0 && sy == 1.0 {
            model.sliding_fx_bound_kept(common, kappa, ap, kept)
        } else {
            let floor = sx * model.sliding_fx_bound_kept(common, kappa / sx, ap, kept);
            if crate::math::finite(floor) && sx > 0.0 {
                floor * (1.0 - 1e-9)
            } else {
                0.0
            }
        }
    }
}

/// Push the sliding probes `(±1, α_p)` and `(κ_p, atan(±1))` (signs of the predicted slips)
/// to `b`; returns their indices.
pub(super) fn push_slide_probes(
    b: &mut Batch,
    c: &ContactInput,
    kp: f64,
    tp: f64,
    ap: f64,
) -> (usize, usize) {
    let sgn = |x: f64| if x < 0.0 { -1.0 } else { 1.0 };
    (
        b.push(sgn(kp), ap, ForceNeed::Both),
        b.push(kp, model_alpha(c, sgn(tp)), ForceNeed::Both),
    )
}

/// Scale `(fx, fy)` into the circle of radius `limit`.
pub fn saturate(fx: f64, fy: f64, limit: f64) -> (f64, f64) {
    saturate_inline(fx, fy, limit)
}

/// [`saturate`], always inlined: the friction-circle tyre's
/// [`LinearCircle::point`](crate::tire::interface::LinearCircle::point), in another module,
/// called it through the GOT once a wheel and substep (≈ 27 instructions with the call and
/// its saves; `#[inline]` alone left the call; callgrind, session 36).
#[inline(always)]
pub(crate) fn saturate_inline(fx: f64, fy: f64, limit: f64) -> (f64, f64) {
    scale_into(fx, fy, crate::tire::norm::norm(fx, fy), limit)
}

/// [`saturate`] with `mag = norm(fx, fy)` already known.
#[inline]
fn scale_into(fx: f64, fy: f64, mag: f64, limit: f64) -> (f64, f64) {
    if mag > limit && mag > 0.0 {
        (fx * limit / mag, fy * limit / mag)
    } else {
        (fx, fy)
    }
}

/// [`saturate`] against a force limit known first by a lower bound `low` (≤ the limit) and
/// completed by `full` (the limit itself, evaluated at most once, and only for a force
/// longer than `low`). Same bits as `saturate(fx, fy, full())`: a force with
/// `|F| ≤ low ≤ limit` (or a NaN `|F|`) is returned unchanged by both, any other is
/// [`saturate`]d with the full limit.
pub(super) struct LazyClamp<F: FnMut() -> f64> {
    /// A lower bound of the limit (the larger of `|F(κ_p, α_p)|` or the model's sliding
    /// floor, and `MIN_LIMIT`). Unit: N.
    pub(super) low: f64,
    /// Evaluates the limit.
    pub(super) full: F,
    /// The limit once `full` has run. Unit: N.
    pub(super) limit: Option<f64>,
}

impl<F: FnMut() -> f64> LazyClamp<F> {
    /// `saturate(fx, fy, limit)`. Always inlined: out of line it cost ≈ 30 instructions per
    /// wheel and substep (callgrind, the bench's sedan).
    #[inline(always)]
    pub(super) fn saturate(&mut self, fx: f64, fy: f64) -> (f64, f64) {
        let mag = crate::tire::norm::norm(fx, fy);
        if mag > self.low {
            let limit = *self.limit.get_or_insert_with(&mut self.full);
            scale_into(fx, fy, mag, limit)
        } else {
            (fx, fy)
        }
    }
}
