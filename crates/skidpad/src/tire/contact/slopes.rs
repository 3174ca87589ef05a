//! The secant slopes of the contact solve's linearisation ([`super`]'s module docs): which
//! points of the wheel's tyre batch give them, and reading them back.

use super::{Batch, SLOPE_PROBE, eval, model_alpha, zero_alpha};
use crate::tire::interface::{ForceNeed, KeptLoad, SlipInput, TireModel};
use crate::tire::model::ContactInput;

/// The batch points of [`super::linearize_with`]'s secant slopes around `(κ₀, tan α₀)`: the start
/// point (unless the model has a wheel torque: then it is evaluated alone, [`super::eval`]), the
/// zero-slip points `(0, α₀)`, `(κ₀, 0)` (unless the model knows their forces,
/// [`TireModel::zero_slip_forces`]), and a central-difference pair on an axis whose slip
/// is within [`super::SLOPE_PROBE`] of 0 (a secant from 0 beyond it). The points at α₀ are listed
/// together, as are those at α_p after them: a model may compute its terms of α once per run
/// of equal α.
pub(super) struct SlopePoints {
    start: Option<usize>,
    fx_zero: Zero,
    fy_zero: Zero,
    probe_x: Option<(usize, usize)>,
    probe_y: Option<(usize, usize)>,
}

/// A zero-slip force: a batch point, or known from the model.
#[derive(Clone, Copy)]
enum Zero {
    At(usize),
    Known(f64),
}

impl SlopePoints {
    /// Push the points of the slopes at `[κ₀, tan α₀, α₀]` to `b` (the start point only
    /// unless `model` has a wheel torque: then it is evaluated alone; the zero-slip points
    /// unless, asked (`linear`: [`super::LimitMode::LazyLinear`]) and without grip limits,
    /// the model knows their forces at `common`, the batch's common input, with `kept` its
    /// load terms). Called once per linearisation: `#[inline]` keeps it in
    /// [`super::linearize_with`] whatever the codegen units (≈ 1 k instructions per
    /// vehicle-step on the sedan when it was a call).
    #[inline]
    pub(super) fn push<M: TireModel + ?Sized>(
        b: &mut Batch,
        model: &M,
        c: &ContactInput,
        common: &SlipInput,
        [k0, t0, a0]: [f64; 3],
        linear: bool,
        kept: &mut KeptLoad,
    ) -> Self {
        use ForceNeed::{Both, Lateral, Longitudinal};
        let start = (!model.has_wheel_torque()).then(|| b.push(k0, a0, Both));
        // Known zero-slip forces are those of `forces_at` at κ = +0 and α = +0 without grip
        // limits, where `zero_alpha` is +0 and `Batch::force` leaves the forces as they are.
        let known = if linear && b.grip.is_none() {
            model.zero_slip_forces(common, kept)
        } else {
            None
        };
        let fx_zero = match known {
            Some((fx, _)) => Zero::Known(fx),
            None => Zero::At(b.push(0.0, a0, Longitudinal)),
        };
        let secant_x = k0.abs() > SLOPE_PROBE;
        let probe_x = (!secant_x).then(|| {
            (
                b.push(SLOPE_PROBE, a0, Longitudinal),
                b.push(-SLOPE_PROBE, a0, Longitudinal),
            )
        });
        let fy_zero = match known {
            Some((_, fy)) => Zero::Known(fy),
            None => Zero::At(b.push(k0, zero_alpha(c), Lateral)),
        };
        let secant_y = t0.abs() > SLOPE_PROBE;
        let probe_y = (!secant_y).then(|| {
            (
                b.push(k0, model_alpha(c, SLOPE_PROBE), Lateral),
                b.push(k0, model_alpha(c, -SLOPE_PROBE), Lateral),
            )
        });
        SlopePoints {
            start,
            fx_zero,
            fy_zero,
            probe_x,
            probe_y,
        }
    }

    /// `[K_x, K_y, Fx(0, α₀), Fy(κ₀, 0), wheel torque at (κ₀, α₀)]` from the evaluated batch
    /// (`[κ₀, tan α₀, α₀]` the start slips); slopes in N per unit slip, never negative.
    /// `#[inline]` as [`SlopePoints::push`].
    #[inline]
    pub(super) fn read<M: TireModel + ?Sized>(
        &self,
        b: &Batch,
        model: &M,
        c: &ContactInput,
        omega: f64,
        [k0, t0, a0]: [f64; 3],
    ) -> [f64; 5] {
        let (f0x, f0y, wheel_torque) = match self.start {
            Some(i) => {
                let (fx, fy) = b.force(i);
                (fx, fy, 0.0)
            }
            None => {
                let f = eval(model, c, omega, k0, a0);
                (f.fx, f.fy, f.wheel_torque)
            }
        };
        let fx_zero = match self.fx_zero {
            Zero::At(i) => b.force(i).0,
            Zero::Known(fx) => fx,
        };
        let fy_zero = match self.fy_zero {
            Zero::At(i) => b.force(i).1,
            Zero::Known(fy) => fy,
        };
        let kx = match self.probe_x {
            None => (f0x - fx_zero) / k0,
            Some((p, m)) => (b.force(p).0 - b.force(m).0) / (2.0 * SLOPE_PROBE),
        }
        .max(0.0);
        let ky = match self.probe_y {
            None => -(f0y - fy_zero) / t0,
            Some((p, m)) => -(b.force(p).1 - b.force(m).1) / (2.0 * SLOPE_PROBE),
        }
        .max(0.0);
        [kx, ky, fx_zero, fy_zero, wheel_torque]
    }
}
