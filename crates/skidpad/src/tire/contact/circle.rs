//! The contact solve's linearisation ([`super`]'s module docs) in closed form for a tyre
//! linear in `κ` and `tan α` below one friction circle ([`LinearCircle`], the
//! friction-circle tyre: [`TireModel::linear_circle_kept`]).
//!
//! The general path evaluates the model at the slip angle `α = atan(tan α')` of the transient
//! slip, and the model takes `tan α` of it again; here the shape's force is taken at
//! `tan α'` itself (clamped to `±t_max` as the model clamps `α`). The secants, the
//! central differences at zero slip, the zero-slip forces `(+0, −0)` and the sliding floor
//! are the general path's formulas at the same points, so the only difference is
//! `tan(atan t)` against `t`: round-off (≤ 1 ulp of `tan α'` on each lateral force; tested
//! against the evaluated path in `circle_tests.rs`; the bench's friction-circle ray car
//! kept its world hashes). Without the two `atan`s, the `tan`, the zero-slip forces' call
//! and the batch, the linearisation takes ≈ 430 instructions a wheel and substep instead of
//! ≈ 830 (callgrind, the bench's `sedan-fc-ray-1sub`).
//!
//! The force limit's sliding probes stay the model's ([`SlideProbes::limit`], evaluated
//! only for a force beyond the floor).
//!
//! The direct-drive solve reaches it for the friction-circle tyre without the trait call
//! ([`linearize_friction_circle`]: the shape from the contact's load and surface scales
//! alone, not from the model's whole input built for the call, inlined into the solve; the
//! same bits, `the_friction_circle_path_is_linearize_with`).

use super::limit::SlideProbes;
use super::{
    LimitMode, SLOPE_PROBE, Slips, TransientLinear, linearize_with, patch_response, slip_input,
};
use crate::math::finite;
use crate::tire::FrictionCircleParams;
use crate::tire::interface::{KeptLoad, LinearCircle, TireModel};
use crate::tire::model::{ContactInput, TireForce};
use crate::tire::params::TireParams;
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;

/// [`super::solve`] for `p`'s friction-circle tyre `fc` (`p.model` is
/// `TireModelKind::FrictionCircle(fc)`), bit for bit: the model behind the trait is `fc`
/// itself, so the direct solve (`crate::tire::model::solve_contact`) asks `p.model` for its
/// kind once instead of three times (the model's `as_model`, the linearisation's and the
/// record's matches: one jump table left of three, ≈ 10 instructions a wheel and substep;
/// callgrind, session 36).
#[inline(always)]
pub(crate) fn solve_friction_circle(
    fc: &FrictionCircleParams,
    p: &TireParams,
    c: &ContactInput,
    s: &mut TireState,
    dt: f64,
) -> TireForce {
    super::solve_known(fc, Some(fc), p, c, s, dt)
}

/// [`linearize_with`] in [`LimitMode::LazyLinear`] for the friction-circle tyre `fc`
/// (`model` is the same tyre behind the trait), bit for bit: the same load test, slips and
/// closed form ([`linearize`]), the shape asked of `fc` directly
/// ([`FrictionCircleParams::linear_circle`], what its `linear_circle_kept` returns, which
/// keeps nothing in `kept`); every other case (grip limits, a shape or slips the closed form
/// does not take) goes to `linearize_with` itself. Inlined into the direct solve.
#[inline(always)]
pub(super) fn linearize_friction_circle(
    fc: &FrictionCircleParams,
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
    kept: &mut KeptLoad,
) -> (TransientLinear, Option<SlideProbes>) {
    if c.load.max(0.0) <= 0.0 {
        return (TransientLinear::default(), None);
    }
    let st = Slips::new(r, c, s, dt);
    if c.grip_x == 1.0
        && c.lateral_grip_limit() == 1.0
        && let Some(shape) = fc.linear_circle(&slip_input(c, st.omega, 0.0, 0.0))
        && let Some(out) = linearize(&shape, r, c, dt, &st)
    {
        return out;
    }
    linearize_with(model, r, c, s, dt, LimitMode::LazyLinear, kept)
}

/// [`super::linearize_with`] for the shape `k` of the tyre at this load (lazy limit, no grip
/// limits, no wheel torque; `k`'s zero-slip forces are `(+0, −0)`): `None` for non-finite
/// slips, which the general path sanitises. Inlined into both callers (out of line it costs
/// the call and the slips' copy).
#[inline(always)]
pub(super) fn linearize(
    k: &LinearCircle,
    r: &RelaxationParams,
    c: &ContactInput,
    dt: f64,
    st: &Slips,
) -> Option<(TransientLinear, Option<SlideProbes>)> {
    let (k0, t0) = (st.k0, st.t0);
    if !(finite(k0) && finite(t0) && finite(st.kp) && finite(st.tp)) {
        return None;
    }
    let ct0 = k.clamp_tan(t0);
    let (f0x, f0y) = k.point(k0, ct0);
    // The secants through the zero-slip forces `(+0, −0)`, or central differences within the
    // probe of zero slip, as `SlopePoints::read`.
    let kx = if k0.abs() > SLOPE_PROBE {
        (f0x - 0.0) / k0
    } else {
        (k.point(SLOPE_PROBE, ct0).0 - k.point(-SLOPE_PROBE, ct0).0) / (2.0 * SLOPE_PROBE)
    }
    .max(0.0);
    let ky = if t0.abs() > SLOPE_PROBE {
        -(f0y - -0.0) / t0
    } else {
        -(k.point(k0, SLOPE_PROBE).1 - k.point(k0, -SLOPE_PROBE).1) / (2.0 * SLOPE_PROBE)
    }
    .max(0.0);
    let (fx0, dfx_domega, fy) = patch_response(
        r,
        c,
        dt,
        [kx / st.sx, ky / st.sy],
        [st.ax, st.ay],
        [st.u, st.v],
        st.slip_v,
        [0.0, -0.0],
    );
    let floor = k.sliding_floor(if st.kp < 0.0 { -1.0 } else { 1.0 });
    // Without a floor, `|F(κ_p, α_p)|` bounds the limit (the general path's predicted point).
    let pred = (floor <= 0.0).then(|| {
        let (fx, fy) = k.point(st.kp, k.clamp_tan(st.tp));
        crate::tire::norm::norm(fx, fy)
    });
    Some(SlideProbes::lazy_linear(
        st,
        (fx0, dfx_domega, fy),
        floor,
        pred,
    ))
}
