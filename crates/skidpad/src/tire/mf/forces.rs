//! The Magic Formula forces: pure slip Fx0 and Fy0 and the combined-slip weightings Gxα and
//! Gyκ. Equations, units and signs are in the [`mf`](super) module docs; the operating point
//! [`Op`] comes from [`model`](super::model).
//!
//! Each force is written in three parts so a batch of slip points at one load can share
//! work ([`MfTire::forces_batch`](super::MfTire)): the terms of the load, camber and
//! pressure (`*_load`: D, C, B's load terms, the shifts, E's load part, Kxκ, Kyα with its
//! `atan`), the terms of κ alone or α alone (`fx_kappa`, `fy_alpha`, `fy_kappa`: the pure
//! force, the combined-slip B and the weighting at zero slip), and the combined weighting of
//! the pair (`fx_combined`, `fy_combined`). The single evaluation is the same composition,
//! so both give the same bits.

use super::model::{
    CombinedFy, EPSILON_K, EPSILON_X, EPSILON_Y, Fy0, MfTire, Op, div0, mf_arg, mf_cos, sgn0, sgn1,
    times_cos_atan,
};
use crate::tire::trig::{atan, atan2, sin};

/// The slip-independent terms of Fx0 and Gxα (4.E9–4.E18, 4.E50–4.E57).
#[derive(Debug, Clone, Copy)]
pub(super) struct FxLoad {
    /// Cx. Unit: 1.
    pub(super) cx: f64,
    /// Dx. Unit: N.
    pub(super) dx: f64,
    /// Kxκ. Unit: N.
    pub(super) kxk: f64,
    /// Bx. Unit: 1.
    pub(super) bx: f64,
    /// SHx. Unit: 1.
    pub(super) shx: f64,
    /// SVx. Unit: N.
    pub(super) svx: f64,
    /// Ex's load factor PEX1 + PEX2·dfz + PEX3·dfz². Unit: 1.
    pub(super) ex_load: f64,
    /// Cxα, Exα (≤ 1 with limits), SHxα. Unit: 1, 1, rad.
    pub(super) cxa: f64,
    pub(super) exa: f64,
    pub(super) shxa: f64,
    /// Bxα's camber factor RBX1 + RBX3·γ². Unit: 1/rad.
    pub(super) bxa_load: f64,
}

/// Fx's terms at one κ: the pure force and Gxα's κ-dependent parts.
#[derive(Debug, Clone, Copy)]
pub(super) struct FxKappa {
    /// Fx0. Unit: N.
    pub(super) fx0: f64,
    /// Bxα. Unit: 1/rad.
    bxa: f64,
    /// cos(Cxα·atan(Bxα·SHxα − …)), Gxα's denominator. Unit: 1.
    gxa0: f64,
}

/// The slip-independent terms of Fy0 at one camber (4.E19–4.E30).
#[derive(Debug, Clone, Copy)]
pub(super) struct FyLoad {
    /// Kyα. Unit: N/rad.
    pub(super) kya: f64,
    /// SHy. Unit: rad.
    pub(super) shy: f64,
    /// SVy. Unit: N.
    pub(super) svy: f64,
    /// Cy. Unit: 1.
    pub(super) cy: f64,
    /// µy. Unit: 1.
    pub(super) muy: f64,
    /// Dy. Unit: N.
    pub(super) dy: f64,
    /// By. Unit: 1/rad.
    pub(super) by: f64,
    /// Ey's factors: PEY1 + PEY2·dfz, 1 + PEY5·γ², PEY3 + PEY4·γ. Unit: 1.
    pub(super) ey_load: f64,
    pub(super) ey_camber: f64,
    pub(super) ey_sign: f64,
}

/// The slip-independent terms of Gyκ and SVyκ (4.E58–4.E67).
#[derive(Debug, Clone, Copy)]
pub(super) struct FykLoad {
    /// µy·Fz·(RVY1 + RVY2·dfz + RVY3·γ). Unit: N.
    pub(super) dvyk_load: f64,
    /// SHyκ, Eyκ (≤ 1 with limits), Cyκ. Unit: 1.
    pub(super) shyk: f64,
    pub(super) eyk: f64,
    pub(super) cyk: f64,
    /// Byκ's camber factor RBY1 + RBY4·γ². Unit: 1.
    pub(super) byk_load: f64,
}

/// Fy's terms at one α*: the pure force and Gyκ's α-dependent parts.
#[derive(Debug, Clone, Copy)]
pub(super) struct FyAlpha {
    /// Fy0. Unit: N.
    pub(super) fy0: f64,
    /// DVyκ. Unit: N.
    dvyk: f64,
    /// Byκ. Unit: 1.
    byk: f64,
    /// cos(Cyκ·atan(Byκ·SHyκ − …)), Gyκ's denominator. Unit: 1.
    gyk0: f64,
}

/// Fy's terms at one κ.
#[derive(Debug, Clone, Copy)]
pub(super) struct FyKappa {
    /// sin(RVY5·atan(RVY6·κ)). Unit: 1.
    sk: f64,
    /// κs = κ + SHyκ. Unit: 1.
    kappa_s: f64,
}

impl MfTire {
    /// Fx's load, camber and pressure terms.
    pub(super) fn fx_load(&self, op: &Op) -> FxLoad {
        let c = &self.coefficients;
        let (fz, dfz, dpi, gx, lmux_s, red) = (op.fz, op.dfz, op.dpi, op.gx, op.lmux_s, op.red);
        let cx = c.pcx1 * c.lcx;
        let mux = (c.pdx1 + c.pdx2 * dfz)
            * (1.0 + c.ppx3 * dpi + c.ppx4 * dpi * dpi)
            * (1.0 - c.pdx3 * gx * gx)
            * lmux_s;
        let dx = mux * fz;
        let kxk = fz
            * (c.pkx1 + c.pkx2 * dfz)
            * (c.pkx3 * dfz).exp()
            * (1.0 + c.ppx1 * dpi + c.ppx2 * dpi * dpi)
            * c.lkx;
        let cxdx = cx * dx;
        let bx = kxk / (cxdx + EPSILON_X * sgn1(cxdx));
        let shx = (c.phx1 + c.phx2 * dfz) * c.lhx * red;
        let svx = fz * (c.pvx1 + c.pvx2 * dfz) * c.lvx * lmux_s * red;
        let mut exa = c.rex1 + c.rex2 * dfz;
        if op.clamp_e {
            exa = exa.min(1.0);
        }
        FxLoad {
            cx,
            dx,
            kxk,
            bx,
            shx,
            svx,
            ex_load: c.pex1 + c.pex2 * dfz + c.pex3 * dfz * dfz,
            cxa: c.rcx1,
            exa,
            shxa: c.rhx1,
            bxa_load: c.rbx1 + c.rbx3 * gx * gx,
        }
    }

    /// Pure longitudinal slip Fx0 at κ (4.E9–4.E18).
    pub(super) fn fx_pure(&self, op: &Op, l: &FxLoad, kappa: f64) -> f64 {
        let c = &self.coefficients;
        let kappa_x = kappa + l.shx;
        let mut ex = l.ex_load * (1.0 - c.pex4 * sgn0(kappa_x)) * c.lex;
        if op.clamp_e {
            ex = ex.min(1.0);
        }
        let fx0 = l.dx * sin(mf_arg(l.bx, l.cx, ex, kappa_x)) + l.svx;
        if op.vx < 0.0 { -fx0 } else { fx0 }
    }

    /// Fx's terms at κ: Fx0, Bxα and Gxα's denominator.
    pub(super) fn fx_kappa(&self, op: &Op, l: &FxLoad, kappa: f64) -> FxKappa {
        let c = &self.coefficients;
        let bxa = times_cos_atan(l.bxa_load, c.rbx2 * kappa) * c.lxal;
        FxKappa {
            fx0: self.fx_pure(op, l, kappa),
            bxa,
            gxa0: mf_cos(bxa, l.cxa, l.exa, l.shxa),
        }
    }

    /// Combined slip, Fx = Gxα·Fx0 at α* (4.E50–4.E57).
    pub(super) fn fx_combined(l: &FxLoad, k: &FxKappa, alpha_s: f64) -> f64 {
        let alpha_s_x = alpha_s + l.shxa;
        let gxa = div0(mf_cos(k.bxa, l.cxa, l.exa, alpha_s_x), k.gxa0);
        gxa * k.fx0
    }

    /// Fy0's load, camber and pressure terms at camber `gy` (already scaled for MF 5.2).
    pub(super) fn fy_load(&self, op: &Op, gy: f64) -> FyLoad {
        let c = &self.coefficients;
        let (fz, dfz, dpi) = (op.fz, op.dfz, op.dpi);
        let fz0p = c.lfzo * c.fnomin;
        let mf6 = self.version.is_mf6();
        let lkyc = if mf6 { c.lkyc } else { 1.0 };
        // Kyα (4.E25); atan(n/d) written as atan2 with d ≥ 0 so d = 0 gives ±π/2, not NaN.
        let (mut n, mut d) = (
            fz / fz0p,
            (c.pky2 + c.pky5 * gy * gy) * (1.0 + c.ppy2 * dpi),
        );
        if d < 0.0 {
            n = -n;
            d = -d;
        }
        let kya = c.pky1
            * fz0p
            * (1.0 + c.ppy1 * dpi)
            * (1.0 - c.pky3 * gy.abs())
            * sin_times_atan2(c.pky4, n, d)
            * c.lky;
        let svyg = fz * (c.pvy3 + c.pvy4 * dfz) * gy * lkyc * op.lmuy_s;
        let shy = if mf6 {
            let kyg0 = fz * (c.pky6 + c.pky7 * dfz) * (1.0 + c.ppy5 * dpi) * lkyc;
            (c.phy1 + c.phy2 * dfz) * c.lhy + (kyg0 * gy - svyg) / (kya + EPSILON_K * sgn1(kya))
        } else {
            (c.phy1 + c.phy2 * dfz) * c.lhy + c.phy3 * gy
        } * op.red;
        let svy = (fz * (c.pvy1 + c.pvy2 * dfz) * c.lvy * op.lmuy_s + svyg) * op.red;
        let cy = c.pcy1 * c.lcy;
        let muy = (c.pdy1 + c.pdy2 * dfz)
            * (1.0 + c.ppy3 * dpi + c.ppy4 * dpi * dpi)
            * (1.0 - c.pdy3 * gy * gy)
            * op.lmuy_s;
        let dy = muy * fz;
        let cydy = cy * dy;
        FyLoad {
            kya,
            shy,
            svy,
            cy,
            muy,
            dy,
            by: kya / (cydy + EPSILON_Y * sgn1(cydy)),
            ey_load: c.pey1 + c.pey2 * dfz,
            ey_camber: 1.0 + c.pey5 * gy * gy,
            ey_sign: c.pey3 + c.pey4 * gy,
        }
    }

    /// Pure lateral slip Fy0 at α* (4.E19–4.E30).
    pub(super) fn fy_pure(&self, op: &Op, l: &FyLoad, alpha_s: f64) -> f64 {
        let c = &self.coefficients;
        let alpha_y = alpha_s + l.shy;
        let mut ey = l.ey_load * (l.ey_camber - l.ey_sign * sgn0(alpha_y)) * c.ley;
        if op.clamp_e {
            ey = ey.min(1.0);
        }
        let fy0 = l.dy * sin(mf_arg(l.by, l.cy, ey, alpha_y)) + l.svy;
        if self.options.alpha_star && op.vx < 0.0 {
            -fy0
        } else {
            fy0
        }
    }

    /// Gyκ's and SVyκ's load and camber terms, with µy of [`MfTire::fy_load`] at the
    /// operating point's camber.
    pub(super) fn fyk_load(&self, op: &Op, muy: f64) -> FykLoad {
        let c = &self.coefficients;
        let (fz, dfz, gy) = (op.fz, op.dfz, op.gy);
        let mut eyk = c.rey1 + c.rey2 * dfz;
        if op.clamp_e {
            eyk = eyk.min(1.0);
        }
        FykLoad {
            dvyk_load: muy * fz * (c.rvy1 + c.rvy2 * dfz + c.rvy3 * gy),
            shyk: c.rhy1 + c.rhy2 * dfz,
            eyk,
            cyk: c.rcy1,
            byk_load: c.rby1 + c.rby4 * gy * gy,
        }
    }

    /// Fy's terms at α*: Fy0, DVyκ, Byκ and Gyκ's denominator.
    pub(super) fn fy_alpha(&self, op: &Op, l: &FyLoad, lk: &FykLoad, alpha_s: f64) -> FyAlpha {
        let c = &self.coefficients;
        let byk = times_cos_atan(lk.byk_load, c.rby2 * (alpha_s - c.rby3)) * c.lyka;
        FyAlpha {
            fy0: self.fy_pure(op, l, alpha_s),
            dvyk: times_cos_atan(lk.dvyk_load, c.rvy4 * alpha_s),
            byk,
            gyk0: mf_cos(byk, lk.cyk, lk.eyk, lk.shyk),
        }
    }

    /// Fy's terms at κ.
    pub(super) fn fy_kappa(&self, lk: &FykLoad, kappa: f64) -> FyKappa {
        let c = &self.coefficients;
        FyKappa {
            sk: sin_of_times_atan(c.rvy5, c.rvy6 * kappa),
            kappa_s: kappa + lk.shyk,
        }
    }

    /// Combined slip, Fy = Gyκ·Fy0 + SVyκ (4.E58–4.E67).
    pub(super) fn fy_combined(
        &self,
        op: &Op,
        lk: &FykLoad,
        a: &FyAlpha,
        k: &FyKappa,
    ) -> CombinedFy {
        let c = &self.coefficients;
        let svyk = a.dvyk * k.sk * c.lvyka * op.red;
        let gyk = div0(mf_cos(a.byk, lk.cyk, lk.eyk, k.kappa_s), a.gyk0);
        let fy = gyk * a.fy0 + svyk;
        CombinedFy { fy, gyk, svyk }
    }

    /// [`MfTire::fy_combined`] at `(α*, κ)` from Fy0 there (`fy0`, [`MfTire::fy_pure`]) on a
    /// load whose weights are exactly 1 ([`MfTire::unit_weights`]): the same operations
    /// with Gyκ = 1 (its numerator and denominator are both `mf_cos`'s 1, so `div0` gives
    /// 1/1), without Byκ and the two kernels.
    #[inline]
    pub(super) fn fy_unit(
        &self,
        op: &Op,
        lk: &FykLoad,
        fy0: f64,
        alpha_s: f64,
        kappa: f64,
    ) -> CombinedFy {
        let c = &self.coefficients;
        // As `fy_alpha`'s DVyκ and `fy_kappa`'s sine, then `fy_combined`.
        let dvyk = times_cos_atan(lk.dvyk_load, c.rvy4 * alpha_s);
        let sk = sin_of_times_atan(c.rvy5, c.rvy6 * kappa);
        let svyk = dvyk * sk * c.lvyka * op.red;
        let gyk = 1.0;
        let fy = gyk * fy0 + svyk;
        CombinedFy { fy, gyk, svyk }
    }

    /// Pure lateral force Fy0 at camber `gy` (already scaled for MF 5.2).
    pub(super) fn fy0(&self, op: &Op, gy: f64) -> Fy0 {
        let l = self.fy_load(op, gy);
        Self::fy0_of(&l, self.fy_pure(op, &l, op.alpha_s))
    }

    /// The pure lateral force `fy0` with its load terms, as the aligning moment takes them.
    pub(super) fn fy0_of(l: &FyLoad, fy0: f64) -> Fy0 {
        Fy0 {
            fy0,
            kya: l.kya,
            shy: l.shy,
            svy: l.svy,
            by: l.by,
            cy: l.cy,
        }
    }
}

/// `sin(k·atan2(n, d))` for `d ≥ 0` (Kyα's load factor, 4.E25): with `k = 2` (PKY4, the
/// constant of MF 5.2 and every file in `tests/data`) and `θ = atan2(n, d) = atan(r)`,
/// `r = n/d` (the quotient `atan2` itself takes for `d > 0`), `sin 2θ = 2·tan θ/(1 + tan²θ)
/// = 2r/(1 + r²)`: three operations instead of the `atan` and the `sin`, within 3 ulp. Else
/// (another `k`, `d = 0`, `|r| ≥ 10¹⁵⁰` where `r²` could overflow, NaN) the formula itself.
#[inline]
fn sin_times_atan2(k: f64, n: f64, d: f64) -> f64 {
    let r = n / d;
    if k == 2.0 && r.abs() < 1e150 {
        2.0 * r / (1.0 + r * r)
    } else {
        sin(k * atan2(n, d))
    }
}

/// `sin(r·atan(y))` (SVyκ's κ factor) without the `atan` and `sin` when `r` (RVY5) is a zero:
/// with `y` finite, `atan y` is finite with `y`'s sign, so `r·atan(y)` and its sine are the
/// zero `r·y`, bit for bit.
#[inline]
fn sin_of_times_atan(r: f64, y: f64) -> f64 {
    if r == 0.0 && y.is_finite() {
        r * y
    } else {
        sin(r * atan(y))
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::{mf_arg, mf_cos, times_cos_atan};
    use super::{sin_of_times_atan, sin_times_atan2};
    use crate::test_rng::{uniform, unit};
    use crate::tire::trig::{atan, atan2, cos, sin};

    /// Kyα's `sin(2·atan2(n, d))` as `2r/(1 + r²)`, `r = n/d`, is glibc's composed
    /// `sin(2·atan2(n, d))` within 4·10⁻¹⁶ absolute (the sine's scale is 1) on 200 000 seeded
    /// pairs: the loads' `n = Fz/F′z0` up to 12 and `d = PKY2·(…)` from 10⁻³ to 10, and
    /// magnitudes from 10⁻¹⁰⁰ to 10¹⁰⁰ either sign; exactly 1 at `n = d` (sin(π/2)), ±0 at
    /// `n = ±0`; another PKY4, `d = 0` and NaN take the formula itself.
    #[test]
    fn kya_sine_of_twice_the_angle_in_closed_form() {
        let mut rng = 0x004b_79a2_u64;
        let mut worst: f64 = 0.0;
        for i in 0..200_000 {
            let (n, d) = if i % 2 == 0 {
                (
                    uniform(&mut rng, 0.0, 12.0),
                    10f64.powf(uniform(&mut rng, -3.0, 1.0)),
                )
            } else {
                let m = |rng: &mut u64| {
                    let v = 10f64.powf(uniform(rng, -100.0, 100.0));
                    if unit(rng) < 0.5 { -v } else { v }
                };
                (m(&mut rng), m(&mut rng).abs())
            };
            let got = sin_times_atan2(2.0, n, d);
            worst = worst.max((got - (2.0 * n.atan2(d)).sin()).abs());
        }
        assert!(worst <= 4e-16, "{worst:e}");
        assert_eq!(sin_times_atan2(2.0, 3.0, 3.0), 1.0);
        assert_eq!(sin_times_atan2(2.0, 0.0, 2.0).to_bits(), 0.0f64.to_bits());
        assert_eq!(
            sin_times_atan2(2.0, -0.0, 2.0).to_bits(),
            (-0.0f64).to_bits()
        );
        for (k, n, d) in [
            (1.9, 1.2, 2.0),
            (2.0, 1.0, 0.0),
            (2.0, 0.0, 0.0),
            (2.0, f64::NAN, 1.0),
        ] {
            let want = sin(k * atan2(n, d));
            let got = sin_times_atan2(k, n, d);
            assert!(got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()));
        }
    }

    /// The zero-coefficient shortcuts give the full formulas' bits (signed zeros included)
    /// for zero and non-zero coefficients, over slips from ±0 to ±1e300.
    #[test]
    fn zero_coefficient_shortcuts_are_the_formulas_bits() {
        let xs: [f64; 12] = [
            0.0, -0.0, 1e-300, -1e-300, 1e-4, -0.03, 0.2, -1.0, 7.5, -1e8, 1e300, -1e300,
        ];
        let coefs: [f64; 6] = [0.0, -0.0, 1e-3, -0.7, 1.0, 12.0];
        let mut checked = 0;
        for &x in &xs {
            for &f in &coefs {
                let full = f * cos(atan(x));
                assert_eq!(times_cos_atan(f, x).to_bits(), full.to_bits(), "{f} {x}");
                let full = sin(f * atan(x));
                assert_eq!(sin_of_times_atan(f, x).to_bits(), full.to_bits(), "{f} {x}");
                for &b in &coefs {
                    for e in [0.0, -0.0, 1.0, -2.5, 0.46] {
                        let full = cos(mf_arg(b, f, e, x));
                        assert_eq!(
                            mf_cos(b, f, e, x).to_bits(),
                            full.to_bits(),
                            "{b} {f} {e} {x}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 2000);
    }
}
