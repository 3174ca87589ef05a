//! The batch and the recorded aligning moment on a load whose combined-slip weights are
//! exactly 1 ([`MfTire::unit_weights`]): a file without combined-slip shape (RCX1 = RCY1 = 0,
//! as `Sedan_Pac02Tire.tir`) with bounded coefficients.
//!
//! # Why the weights are 1, bit for bit
//! `Gxα = div0(mf_cos(Bxα, Cxα, Exα, α* + SHxα), mf_cos(Bxα, Cxα, Exα, SHxα))` and `Gyκ`
//! likewise (module [`forces`](super::forces)). `mf_cos(b, c, e, x)` returns exactly 1
//! where `c == 0`, `b·x` and `e` are finite. With limits on, κ lies in `[KPUMIN, KPUMAX]` and
//! α in `[ALPMIN, ALPMAX]` (clamped after the non-finite replacements), so with every bound
//! and coefficient below 10¹⁰⁰ in magnitude (and α* = α):
//! - `Bxα = (RBX1 + RBX3·γ²)·cos(atan(RBX2·κ))·λxα` (`times_cos_atan`: the factor itself
//!   where it is a zero, else times a cosine of at most 1): `|Bxα| ≤ 10²⁰⁰`; its `x` is
//!   `SHxα` or `α* + SHxα`, `|x| ≤ 2·10¹⁰⁰`, so `|Bxα·x| ≤ 2·10³⁰⁰` is finite;
//! - `Byκ = (RBY1 + RBY4·γ²)·cos(atan(RBY2·(α* − RBY3)))·λyκ` (the `atan` argument below
//!   2·10²⁰⁰, finite): `|Byκ| ≤ 10²⁰⁰`; its `x` is `SHyκ` or `κ + SHyκ`, `|x| ≤ 2·10¹⁰⁰`.
//!
//! Both kernels are then 1, `div0(1, 1)` is 1, `Fx = 1·Fx0` and `Fy = 1·Fy0 + SVyκ`: the
//! very operations the general path ends with, so skipping Bxα, Byκ and the four kernels'
//! checks changes no bit. What is left per point: Fx0 per distinct κ, Fy0 per distinct α*,
//! and SVyκ's two zero-factor shortcuts (`MfTire::fy_unit`).

use super::batch::MfLoad;
use super::forces::{FxLoad, FykLoad};
use super::model::MfTire;
use crate::tire::interface::{MAX_SLIP_POINTS, SlipPoint};
use arrayvec::ArrayVec;

/// Largest magnitude of a bound or coefficient [`MfTire::unit_weights`] accepts (module
/// docs). Unit: 1 or rad.
const BOUND: f64 = 1e100;

impl MfTire {
    /// Whether both combined-slip weights of a batch at this load are exactly 1 for every
    /// slip the limits let through (module docs): limits on, α* = α, the slip ranges and the
    /// weights' factors bounded, Cxα = Cyκ = 0 and Exα, Eyκ finite. `NaN` fails every test.
    pub(super) fn unit_weights(&self, lx: &FxLoad, lk: &FykLoad) -> bool {
        let c = &self.coefficients;
        let within = |v: f64| v.abs() <= BOUND;
        let ranges = self.options.limits
            && !self.options.alpha_star
            && within(c.kpumin)
            && within(c.kpumax)
            && within(c.alpmin)
            && within(c.alpmax);
        let gxa = lx.cxa == 0.0
            && lx.exa.is_finite()
            && within(lx.bxa_load)
            && within(c.lxal)
            && within(c.rbx2)
            && within(lx.shxa);
        let gyk = lk.cyk == 0.0
            && lk.eyk.is_finite()
            && within(lk.byk_load)
            && within(c.lyka)
            && within(c.rby2)
            && within(c.rby3)
            && within(lk.shyk);
        ranges && gxa && gyk
    }

    /// One chunk of the batch (at most [`MAX_SLIP_POINTS`] points) on a load with unit
    /// weights: `Fx = 1·Fx0` per distinct κ, `Fy = 1·Fy0 + SVyκ` with Fy0 per distinct α,
    /// non-finite results replaced by 0 as the general chunk does; its bits (module docs).
    pub(super) fn unit_chunk(
        &self,
        load: &MfLoad,
        kappa_scale: f64,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
    ) {
        let MfLoad {
            ref cm,
            ref op,
            ref lx,
            ref ly,
            ref lk,
            ..
        } = *load;
        // Fx0 and Fy0 per distinct κ and α (keyed by their bits after the limits).
        let mut fx0s = ArrayVec::<(u64, f64), MAX_SLIP_POINTS>::new();
        let mut fy0s = ArrayVec::<(u64, f64), MAX_SLIP_POINTS>::new();
        let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
        for (p, o) in points.iter().zip(out.iter_mut()) {
            let mut flag = false;
            let kappa = self.limited_kappa(cm, p.kappa / kappa_scale, &mut flag);
            let alpha = self.limited_alpha(cm, p.alpha, &mut flag);
            let fx = if p.need.x() {
                let gxa = 1.0;
                finite(gxa * memo(&mut fx0s, kappa, || self.fx_pure(op, lx, kappa)))
            } else {
                0.0
            };
            let fy = if p.need.y() {
                let alpha_s = self.alpha_star(alpha, op.vx);
                let fy0 = memo(&mut fy0s, alpha, || self.fy_pure(op, ly, alpha_s));
                finite(self.fy_unit(op, lk, fy0, alpha_s, kappa).fy)
            } else {
                0.0
            };
            *o = (fx, fy);
        }
    }
}

/// `f()`, or the value kept in `table` for the bits of `key` (then `f` is not called); a
/// new value is kept.
#[inline]
fn memo(
    table: &mut ArrayVec<(u64, f64), MAX_SLIP_POINTS>,
    key: f64,
    f: impl FnOnce() -> f64,
) -> f64 {
    let bits = key.to_bits();
    if let Some(&(_, v)) = table.iter().find(|e| e.0 == bits) {
        return v;
    }
    let v = f();
    table.push((bits, v));
    v
}

#[cfg(test)]
mod tests;
