//! The Magic Formula forces: pure slip Fx0 and Fy0 and the combined-slip weightings Gxα and
//! Gyκ. Equations, units and signs are in the [`mf`](super) module docs; the operating point
//! [`Op`] comes from [`model`](super::model).

use super::model::{
    CombinedFy, EPSILON_K, EPSILON_X, EPSILON_Y, Fy0, MfTire, Op, div0, mf_arg, sgn0, sgn1,
};

impl MfTire {
    /// Pure longitudinal slip (4.E9–4.E18): `(Fx0, Kxκ)`.
    pub(super) fn fx0(&self, op: &Op) -> (f64, f64) {
        let c = &self.coefficients;
        let (fz, dfz, dpi, gx, lmux_s, red, kappa) =
            (op.fz, op.dfz, op.dpi, op.gx, op.lmux_s, op.red, op.kappa);
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
        let kappa_x = kappa + shx;
        let mut ex =
            (c.pex1 + c.pex2 * dfz + c.pex3 * dfz * dfz) * (1.0 - c.pex4 * sgn0(kappa_x)) * c.lex;
        if op.clamp_e {
            ex = ex.min(1.0);
        }
        let mut fx0 = dx * mf_arg(bx, cx, ex, kappa_x).sin() + svx;
        if op.vx < 0.0 {
            fx0 = -fx0;
        }
        (fx0, kxk)
    }

    /// Combined slip, Fx (4.E50–4.E57).
    pub(super) fn combined_fx(&self, op: &Op, fx0: f64) -> f64 {
        let c = &self.coefficients;
        let (dfz, gx, kappa, alpha_s) = (op.dfz, op.gx, op.kappa, op.alpha_s);
        let cxa = c.rcx1;
        let mut exa = c.rex1 + c.rex2 * dfz;
        if op.clamp_e {
            exa = exa.min(1.0);
        }
        let shxa = c.rhx1;
        let bxa = (c.rbx1 + c.rbx3 * gx * gx) * (c.rbx2 * kappa).atan().cos() * c.lxal;
        let alpha_s_x = alpha_s + shxa;
        let gxa0 = mf_arg(bxa, cxa, exa, shxa).cos();
        let gxa = div0(mf_arg(bxa, cxa, exa, alpha_s_x).cos(), gxa0);
        gxa * fx0
    }

    /// Combined slip, Fy (4.E58–4.E67).
    pub(super) fn combined_fy(&self, op: &Op, fy0: &Fy0) -> CombinedFy {
        let c = &self.coefficients;
        let (fz, dfz, gy, kappa, alpha_s, red) =
            (op.fz, op.dfz, op.gy, op.kappa, op.alpha_s, op.red);
        let dvyk =
            fy0.muy * fz * (c.rvy1 + c.rvy2 * dfz + c.rvy3 * gy) * (c.rvy4 * alpha_s).atan().cos();
        let svyk = dvyk * (c.rvy5 * (c.rvy6 * kappa).atan()).sin() * c.lvyka * red;
        let shyk = c.rhy1 + c.rhy2 * dfz;
        let mut eyk = c.rey1 + c.rey2 * dfz;
        if op.clamp_e {
            eyk = eyk.min(1.0);
        }
        let cyk = c.rcy1;
        let byk = (c.rby1 + c.rby4 * gy * gy) * (c.rby2 * (alpha_s - c.rby3)).atan().cos() * c.lyka;
        let kappa_s = kappa + shyk;
        let gyk0 = mf_arg(byk, cyk, eyk, shyk).cos();
        let gyk = div0(mf_arg(byk, cyk, eyk, kappa_s).cos(), gyk0);
        let fy = gyk * fy0.fy0 + svyk;
        CombinedFy { fy, gyk, svyk }
    }

    /// Pure lateral force Fy0 at camber `gy` (already scaled for MF 5.2).
    pub(super) fn fy0(&self, op: &Op, gy: f64) -> Fy0 {
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
            * (c.pky4 * n.atan2(d)).sin()
            * c.lky;
        let svyg = fz * (c.pvy3 + c.pvy4 * dfz) * gy * lkyc * op.lmuy_s;
        let shy = if mf6 {
            let kyg0 = fz * (c.pky6 + c.pky7 * dfz) * (1.0 + c.ppy5 * dpi) * lkyc;
            (c.phy1 + c.phy2 * dfz) * c.lhy + (kyg0 * gy - svyg) / (kya + EPSILON_K * sgn1(kya))
        } else {
            (c.phy1 + c.phy2 * dfz) * c.lhy + c.phy3 * gy
        } * op.red;
        let svy = (fz * (c.pvy1 + c.pvy2 * dfz) * c.lvy * op.lmuy_s + svyg) * op.red;
        let alpha_y = op.alpha_s + shy;
        let cy = c.pcy1 * c.lcy;
        let muy = (c.pdy1 + c.pdy2 * dfz)
            * (1.0 + c.ppy3 * dpi + c.ppy4 * dpi * dpi)
            * (1.0 - c.pdy3 * gy * gy)
            * op.lmuy_s;
        let dy = muy * fz;
        let mut ey = (c.pey1 + c.pey2 * dfz)
            * (1.0 + c.pey5 * gy * gy - (c.pey3 + c.pey4 * gy) * sgn0(alpha_y))
            * c.ley;
        if op.clamp_e {
            ey = ey.min(1.0);
        }
        let cydy = cy * dy;
        let by = kya / (cydy + EPSILON_Y * sgn1(cydy));
        let mut fy0 = dy * mf_arg(by, cy, ey, alpha_y).sin() + svy;
        if self.options.alpha_star && op.vx < 0.0 {
            fy0 = -fy0;
        }
        Fy0 {
            fy0,
            muy,
            kya,
            shy,
            svy,
            by,
            cy,
        }
    }
}
