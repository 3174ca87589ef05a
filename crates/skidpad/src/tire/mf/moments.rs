//! The Magic Formula moments: aligning moment Mz (pneumatic trail and residual torque),
//! overturning moment Mx and rolling resistance moment My. Equations, units and signs are in
//! the [`mf`](super) module docs; the forces they use come from [`model`](super::model).

use super::batch::MfLoad;
use super::forces::FxLoad;
use super::model::{
    CombinedFy, EPSILON_K, EPSILON_V, Fy0, MfTire, Op, cos_atan, div0, mf_arg, sgn0, sgn1,
};
use crate::tire::norm::norm;
use crate::tire::trig::{atan, cos, sin, tan};
use std::f64::consts::{FRAC_PI_2, PI};

impl MfTire {
    /// Aligning moment (4.E31–4.E49, combined 4.E71–4.E78 with the MF-Tyre αeq).
    pub(super) fn aligning_moment(
        &self,
        op: &Op,
        fy0: &Fy0,
        kxk: f64,
        fx: f64,
        fy: &CombinedFy,
    ) -> f64 {
        let (rest, s) = self.aligning_parts(op, fy0, kxk, fy);
        rest + s * fx
    }

    /// The aligning moment without its last term: `(−t·F′y + Mzr, s)`, so that
    /// Mz = `rest + s·Fx` (the sum's own order: [`MfTire::aligning_moment`] is exactly that).
    pub(super) fn aligning_parts(
        &self,
        op: &Op,
        fy0: &Fy0,
        kxk: f64,
        fy: &CombinedFy,
    ) -> (f64, f64) {
        self.aligning_parts_inline(op, fy0, kxk, fy)
    }

    /// [`MfTire::aligning_parts`] copied into its caller (the same code: the same bits), for
    /// the recorded Mz ([`MfTire::mz_kept`]), whose operating point, Fy0 and Fy then stay in
    /// registers instead of being built on the stack for the call.
    #[inline(always)]
    fn aligning_parts_inline(&self, op: &Op, fy0: &Fy0, kxk: f64, fy: &CombinedFy) -> (f64, f64) {
        let c = &self.coefficients;
        let (fz, dfz, dpi, gz, alpha_s, lmuy_s, vx, kappa, vsy, red) = (
            op.fz, op.dfz, op.dpi, op.gz, op.alpha_s, op.lmuy_s, op.vx, op.kappa, op.vsy, op.red,
        );
        let CombinedFy { fy, gyk, svyk } = *fy;
        let r0 = c.unloaded_radius;
        let fz0 = c.fnomin;
        let kya_p = fy0.kya + EPSILON_K * sgn1(fy0.kya);
        let shf = fy0.shy + fy0.svy / kya_p;
        let alpha_r = alpha_s + shf;
        let sht = c.qhz1 + c.qhz2 * dfz + (c.qhz3 + c.qhz4 * dfz) * gz;
        let alpha_t = alpha_s + sht;
        let bt = (c.qbz1 + c.qbz2 * dfz + c.qbz3 * dfz * dfz)
            * (1.0 + c.qbz4 * gz + c.qbz5 * gz.abs())
            * div0(c.lky, lmuy_s);
        let ct = c.qcz1;
        let mut et = (c.qez1 + c.qez2 * dfz + c.qez3 * dfz * dfz)
            * (1.0 + (c.qez4 + c.qez5 * gz) * (2.0 / PI) * atan(bt * ct * alpha_t));
        if op.clamp_e {
            et = et.min(1.0);
        }
        let kx_ky = kxk / kya_p;
        let k2 = kx_ky * kx_ky * kappa * kappa;
        let alpha_t_eq = atan((tan(alpha_t).powi(2) + k2).sqrt()) * sgn1(alpha_t);
        let alpha_r_eq = atan((tan(alpha_r).powi(2) + k2).sqrt()) * sgn1(alpha_r);
        // Vc = √(Vx² + Vsy²) by `norm` (within 2 ulp of `hypot`).
        let vc = norm(vx, vsy);
        let cos_alpha_p = (vx / (vc + EPSILON_V * sgn1(vc))).clamp(-1.0, 1.0);
        // The trail's and the residual torque's load factors (Dt, Dr) after the calls that
        // need them not: fewer values kept across the calls (the same operations in the same
        // order for each value, so the same bits).
        let cos_t = cos(mf_arg(bt, ct, et, alpha_t_eq));
        let dt = fz
            * (r0 / fz0)
            * (c.qdz1 + c.qdz2 * dfz)
            * (1.0 - c.ppz1 * dpi)
            * (1.0 + c.qdz3 * gz + c.qdz4 * gz * gz)
            * c.ltr
            * sgn1(vx);
        let t = dt * cos_t * cos_alpha_p * red;
        let br = c.qbz9 * div0(c.lky, lmuy_s) + c.qbz10 * fy0.by * fy0.cy;
        // Mzr's cos(Cr·atan(Br·αr,eq)) with Cr = 1: cos(atan x) = 1/√(1 + x²).
        let cos_r = cos_atan(br * alpha_r_eq);
        let cos_a = self.cos_alpha(alpha_s, vx, vc);
        let lkzc = if self.version.is_mf6() { c.lkzc } else { 1.0 };
        let dr = fz
            * r0
            * ((c.qdz6 + c.qdz7 * dfz) * c.lres
                + ((c.qdz8 + c.qdz9 * dfz) * (1.0 + c.ppz2 * dpi)
                    + (c.qdz10 + c.qdz11 * dfz) * gz.abs())
                    * gz
                    * lkzc)
            * lmuy_s
            * sgn1(vx)
            * cos_a;
        let mzr = dr * cos_r * red;
        let s = r0 * (c.ssz1 + c.ssz2 * (fy / fz0) + (c.ssz3 + c.ssz4 * dfz) * gz) * c.ls;
        let fy_prime = if self.version.is_mf6() {
            // F′y = Gyκ·Fy0(γ = 0) (Pacejka 4.E74).
            gyk * self.fy0(op, 0.0).fy0
        } else {
            // MF 5.2: F′y = Fy − SVyκ.
            fy - svyk
        };
        (-t * fy_prime + mzr, s)
    }

    /// Dr's `cos α*` from the slip speed: with α* = α (not [`super::MfOptions::alpha_star`]),
    /// `|α| ≤ π/2` and the operating point's `Vsy = tan α·|Vx|`, `cos α = 1/√(1 + tan²α) =
    /// |Vx|/√(Vx² + Vsy²) = |Vx|/Vc` (the cosine is positive there), so one division instead
    /// of the `cos`; elsewhere (α* = tan α, |α| > π/2 within the slip range, `Vc` zero or not
    /// finite) `cos α*` itself.
    #[inline(always)]
    fn cos_alpha(&self, alpha_s: f64, vx: f64, vc: f64) -> f64 {
        if !self.options.alpha_star && alpha_s.abs() <= FRAC_PI_2 && vc > 0.0 && vc < f64::INFINITY
        {
            vx.abs() / vc
        } else {
            cos(alpha_s)
        }
    }

    /// [`MfTire::forces_and_mz_with`]'s Mz, bit for bit, with Fx evaluated only where the
    /// sum needs it: Mz = `rest + s·Fx`, and where `s` is a zero (a file without SSZ1–4, as
    /// `Sedan_Pac02Tire.tir`) and Fx is finite ([`MfTire::fx_surely_finite`], on a load with
    /// unit weights [`MfTire::fx0_surely_finite`]), `s·Fx` is a
    /// zero, which leaves every `rest` but `−0` as it is (`x + ±0 = x` for `x ≠ 0`, NaN
    /// included; `+0 + ±0 = +0`). Saves Fx's pure curve (two `atan`, a `sin`).
    /// On a load with unit weights ([`MfTire::unit_weights`]) Fy is `1·Fy0 + SVyκ`
    /// ([`MfTire::fy_unit`]), the same bits without Byκ and Gyκ's kernels.
    pub(super) fn mz_kept(&self, op: &Op, load: &MfLoad) -> f64 {
        let MfLoad {
            ref lx,
            ref ly,
            ref lk,
            unit_weights,
            ..
        } = *load;
        let (fy0, fy) = if unit_weights {
            let fy0 = self.fy_pure(op, ly, op.alpha_s);
            (fy0, self.fy_unit(op, lk, fy0, op.alpha_s, op.kappa))
        } else {
            let ya = self.fy_alpha(op, ly, lk, op.alpha_s);
            let fy = self.fy_combined(op, lk, &ya, &self.fy_kappa(lk, op.kappa));
            (ya.fy0, fy)
        };
        let (rest, s) = self.aligning_parts_inline(op, &Self::fy0_of(ly, fy0), lx.kxk, &fy);
        let finite = if unit_weights {
            self.fx0_surely_finite(op, lx)
        } else {
            self.fx_surely_finite(op, lx)
        };
        plus_zero_product(rest, s, finite, || {
            Self::fx_combined(lx, &self.fx_kappa(op, lx, op.kappa), op.alpha_s)
        })
    }

    /// Whether Fx = Gxα·Fx0 at `op`'s κ and α* is finite for certain, from bounds alone
    /// (`NaN` fails every one): without combined-slip shape (Cxα = 0) and with every factor
    /// of the weight bounded, both of Gxα's kernels are exactly 1 (`mf_cos`: `B·x` and `E`
    /// finite), so Fx = Fx0; with |Bx|, |κ + SHx| ≤ 2·10¹⁰⁰ and |Ex| ≤ 10⁹¹ the shape's
    /// `atan` argument stays below 10²⁹², its angle finite, its sine in [−1, 1], and
    /// |Dx·sin + SVx| ≤ 2·10³⁰⁰.
    fn fx_surely_finite(&self, op: &Op, l: &FxLoad) -> bool {
        let c = &self.coefficients;
        let within = |v: f64, m: f64| v.abs() <= m;
        // Gxα = 1: |Bxα| ≤ |RBX1 + RBX3·γ²|·|λxα| ≤ 10¹⁰⁰ (its cos(atan(RBX2·κ)) ≤ 1, the
        // argument finite), |α* + SHxα| ≤ 2·10¹⁰⁰.
        let unit_weight = l.cxa == 0.0
            && within(l.exa, 1e100)
            && within(l.bxa_load, 1e50)
            && within(c.lxal, 1e49)
            && within(c.rbx2, 1e100)
            && within(l.shxa, 1e100)
            && within(op.alpha_s, 1e100);
        unit_weight && self.fx0_surely_finite(op, l)
    }

    /// [`MfTire::fx_surely_finite`] on a load whose combined-slip weights are exactly 1
    /// ([`MfTire::unit_weights`], `unit_weights.rs`: Gxα's two kernels are 1 for every slip
    /// the limits let through, so Fx = 1·Fx0 with Bxα finite): the pure force's bounds
    /// alone: Fx is finite wherever they hold on such a load (`tests.rs`), so `mz_kept`'s
    /// shortcut keeps the sum's bits, without the weight's seven tests.
    fn fx0_surely_finite(&self, op: &Op, l: &FxLoad) -> bool {
        let c = &self.coefficients;
        let within = |v: f64, m: f64| v.abs() <= m;
        within(op.kappa, 1e100)
            && within(l.shx, 1e100)
            && within(l.bx, 1e100)
            && within(l.ex_load, 1e30)
            && within(c.pex4, 1e30)
            && within(c.lex, 1e30)
            && within(l.cx, 1e300)
            && within(l.dx, 1e300)
            && within(l.svx, 1e300)
    }

    /// Overturning moment (MF-Tyre / Besselink et al. 2010 form; MF 5.2 is QSX1-3).
    pub(super) fn overturning_moment(&self, op: &Op, fy: f64) -> f64 {
        let c = &self.coefficients;
        let (fz, gamma, dpi) = (op.fz, op.gamma, op.dpi);
        let r0 = c.unloaded_radius;
        let fz0 = c.fnomin;
        let fz_eff_mx = if fz < c.fzmin {
            fz * (fz / c.fzmin).powi(2)
        } else {
            fz
        };
        r0 * fz_eff_mx
            * c.lmx
            * (c.qsx1 * c.lvmx - c.qsx2 * gamma * (1.0 + c.ppmx1 * dpi)
                + c.qsx3 * fy / fz0
                + c.qsx4
                    * cos(c.qsx5 * atan((c.qsx6 * fz_eff_mx / fz0).powi(2)))
                    * sin(c.qsx7 * gamma + c.qsx8 * atan(c.qsx9 * fy / fz0))
                + c.qsx10 * atan(c.qsx11 * fz_eff_mx / fz0) * gamma)
            + r0 * c.lmx
                * (fy * (c.qsx13 + c.qsx14 * gamma.abs())
                    - fz_eff_mx * c.qsx12 * gamma * gamma.abs())
    }

    /// Rolling resistance moment My with the MFeval low-speed treatment near κ = −1.
    pub(super) fn rolling_resistance(
        &self,
        fz: f64,
        kappa: f64,
        gamma: f64,
        vx: f64,
        fx: f64,
        press: f64,
    ) -> f64 {
        let c = &self.coefficients;
        if vx == 0.0 {
            return 0.0;
        }
        let fz0 = c.fnomin;
        let v = vx / c.longvl;
        let fz_eff = if fz < c.fzmin { fz * fz / c.fzmin } else { fz };
        let base = c.qsy1 + c.qsy2 * fx / fz0 + c.qsy3 * v.abs() + c.qsy4 * v.powi(4);
        let mut my = if self.version.is_mf6() {
            let p_ratio = if c.nompres > 0.0 && press > 0.0 {
                (press / c.nompres).powf(c.qsy8)
            } else {
                1.0
            };
            -c.unloaded_radius
                * fz0
                * c.lmy
                * (base + (c.qsy5 + c.qsy6 * fz_eff / fz0) * gamma * gamma)
                * (fz_eff / fz0).powf(c.qsy7)
                * p_ratio
        } else {
            -c.unloaded_radius * fz_eff * c.lmy * base
        };
        if vx < 0.0 {
            my = -my;
        }
        // My opposes the wheel spin Ω ∝ (1 + κ)·Vx: fade through Ω = 0 over a band of slip
        // half-width VXLOW/|Vx| (MFeval's interpolation, written symmetric).
        let w = c.vxlow / vx.abs();
        let s = if w > 0.0 {
            ((1.0 + kappa) / w).clamp(-1.0, 1.0)
        } else {
            sgn0(1.0 + kappa)
        };
        my * sin(FRAC_PI_2 * s)
    }
}

/// `rest + s·fx()`, bit for bit, without calling `fx` where the result is known: `s` a zero
/// and `fx()` finite (`fx_finite`) make `s·fx()` a zero, and `rest + ±0` is `rest` for every
/// `rest` but `−0` (NaN and ±∞ included), whose sum takes the zero's sign.
#[inline]
fn plus_zero_product(rest: f64, s: f64, fx_finite: bool, fx: impl FnOnce() -> f64) -> f64 {
    if s == 0.0 && fx_finite && rest != 0.0 {
        rest
    } else {
        rest + s * fx()
    }
}

#[cfg(test)]
mod tests;
