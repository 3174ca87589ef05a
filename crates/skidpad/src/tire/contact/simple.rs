//! The simplified Magic Formula's linearisation ([`super`]'s module docs) without the batch:
//! the shipped presets' tyre, at unit grip limits and with the lazy limit, has its points
//! asked directly ([`SimpleMagicParams::secant_points`]: the same points, the same
//! operations, the same order), so every result is [`linearize_with`]'s bit for bit; under a
//! grip limit or another limit mode it is [`linearize_with`] itself.

use super::limit::SlideProbes;
use super::{LimitMode, SLOPE_PROBE, Slips, TransientLinear, linearize_with, patch_response};
use crate::tire::interface::KeptLoad;
use crate::tire::model::ContactInput;
use crate::tire::simple_magic::{SecantSlips, SimpleMagicParams};
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;
use crate::tire::trig::atan;

/// [`linearize_with`] of the simplified Magic Formula `sm`, bit for bit: directly at unit
/// grip limits in [`LimitMode::Lazy`] (the direct solve's and the coupled solve's mode for
/// it), else through [`linearize_with`].
#[inline(always)]
pub(crate) fn linearize_simple(
    sm: &SimpleMagicParams,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
    mode: LimitMode,
    kept: &mut KeptLoad,
) -> (TransientLinear, Option<SlideProbes>) {
    if mode != LimitMode::Lazy || c.grip_x != 1.0 || c.lateral_grip_limit() != 1.0 {
        return linearize_with(sm, r, c, s, dt, mode, kept);
    }
    let load = c.load.max(0.0);
    if load <= 0.0 {
        return (TransientLinear::default(), None);
    }
    let st = Slips::new(r, c, s, dt);
    // `model_alpha` at unit grip limits: `atan(tan α)`.
    let (a0, ap) = (atan(st.t0), atan(st.tp));
    // A probe pair where the slip is not beyond the probe (NaN included), as
    // `SlopePoints::push`.
    let (secant_x, secant_y) = (st.k0.abs() > SLOPE_PROBE, st.t0.abs() > SLOPE_PROBE);
    let sl = SecantSlips {
        k0: st.k0,
        a0,
        probe_x: (!secant_x).then_some(SLOPE_PROBE),
        probe_y: (!secant_y).then(|| (atan(SLOPE_PROBE), atan(-SLOPE_PROBE))),
        slide_kappa: if st.kp < 0.0 { -1.0 } else { 1.0 },
        kp: st.kp,
        ap,
    };
    // The load fields of `slip_input(c, ω, 0, 0)` ([`crate::tire::interface::load_fields`]).
    let fields = [
        load,
        c.camber,
        c.friction_scale,
        c.stiffness_scale,
        c.peak_slip_scale,
    ];
    let f = sm.secant_points(fields, sl, kept);
    // `SlopePoints::read`'s secants and central differences.
    let (f0x, f0y) = f.start;
    let kx = match f.probe_x {
        None => (f0x - f.fx_zero) / st.k0,
        Some((p, m)) => (p - m) / (2.0 * SLOPE_PROBE),
    }
    .max(0.0);
    let ky = match f.probe_y {
        None => -(f0y - f.fy_zero) / st.t0,
        Some((p, m)) => -(p - m) / (2.0 * SLOPE_PROBE),
    }
    .max(0.0);
    let response = patch_response(
        r,
        c,
        dt,
        [kx / st.sx, ky / st.sy],
        [st.ax, st.ay],
        [st.u, st.v],
        st.slip_v,
        [f.fx_zero, f.fy_zero],
    );
    let pred = f.pred.map(|(fx, fy)| crate::tire::norm::norm(fx, fy));
    SlideProbes::lazy_linear(&st, response, f.floor, pred)
}
