//! The Magic Formula steady-state equations (pure functions; see the `mf` module docs).

use super::coeffs::{MfCoefficients, MfVersion};
use super::tir::TirFile;
use crate::error::ParamError;
use serde::{Deserialize, Serialize};
use std::f64::consts::{FRAC_PI_2, PI};

/// Denominator guard of Bx = Kxκ/(Cx·Dx + εx), as MFeval. Unit: N.
pub const EPSILON_X: f64 = 1e-6;
/// Denominator guard of By = Kyα/(Cy·Dy + εy), as MFeval. Unit: N.
pub const EPSILON_Y: f64 = 1e-6;
/// Guard of K′yα = Kyα + εK·sgn(Kyα) (Pacejka 4.E39), as MFeval. Unit: N/rad.
pub const EPSILON_K: f64 = 1e-6;
/// Guard of V′c = Vc + εV·sgn(Vc) in cos α′ = Vcx/V′c (Pacejka 4.E6a), as MFeval. Unit: m/s.
pub const EPSILON_V: f64 = 1e-6;

/// Evaluation options of an [`MfTire`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MfOptions {
    /// Apply the file's validity ranges to the inputs, the low-speed reductions below VXLOW
    /// and the curvature bounds E ≤ 1 (MFeval "limit checks"). Default: `true`. Turn it off to
    /// evaluate the raw equations (MFeval useMode 2xx), e.g. to compare with a reference.
    pub limits: bool,
    /// Use α* = tan α·sgn Vx and γ* = sin γ (Pacejka 4.E3/4.E4) instead of α and γ.
    /// Default: `false` (MF-Tyre steady-state evaluation; the reference table uses α).
    pub alpha_star: bool,
}

impl Default for MfOptions {
    fn default() -> Self {
        Self {
            limits: true,
            alpha_star: false,
        }
    }
}

/// The operating point of one tyre (ISO-W contact-patch axes).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct MfInput {
    /// Vertical load Fz. Unit: N. Range: [0, ∞); ≤ 0 means no contact (all outputs 0).
    pub fz: f64,
    /// Longitudinal slip κ = (Ω·Re − Vx)/|Vx|; > 0 driving, −1 locked. Unit: 1.
    pub kappa: f64,
    /// Slip angle α, tan α = Vsy/|Vx|; α > 0 gives Fy < 0 for a normal tyre. Unit: rad.
    pub alpha: f64,
    /// Inclination (camber) angle γ, ISO sign. Unit: rad.
    pub gamma: f64,
    /// Longitudinal speed of the wheel centre Vx (for My, cos α′ and the low-speed terms).
    /// Unit: m/s.
    pub vx: f64,
    /// Inflation pressure; `None` uses the file's INFLPRES (or NOMPRES). Only MF 6.x files with
    /// NOMPRES > 0 use it. Unit: Pa.
    pub pressure: Option<f64>,
}

/// Which inputs were changed before evaluation (clamped to the validity range, or replaced
/// because they were not finite), and whether an output had to be replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MfClamped {
    /// Fz was above FZMAX (limits on) or not finite.
    pub fz: bool,
    /// κ was outside [KPUMIN, KPUMAX] (limits on) or not finite.
    pub kappa: bool,
    /// α was outside [ALPMIN, ALPMAX] (limits on) or not finite.
    pub alpha: bool,
    /// γ was outside [CAMMIN, CAMMAX] (limits on) or not finite.
    pub gamma: bool,
    /// Vx was not finite (treated as 0).
    pub vx: bool,
    /// The pressure was outside [PRESMIN, PRESMAX] (limits on) or not finite.
    pub pressure: bool,
    /// A result was not finite and was replaced by 0 (only possible with limits off and
    /// extreme inputs).
    pub output: bool,
}

impl MfClamped {
    /// `true` if anything was clamped or replaced.
    #[must_use]
    pub fn any(&self) -> bool {
        self.fz || self.kappa || self.alpha || self.gamma || self.vx || self.pressure || self.output
    }
}

/// Steady-state forces and moments at the contact point, ISO-W axes, acting on the tyre.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct MfOutput {
    /// Longitudinal force Fx (> 0 driving). Unit: N.
    pub fx: f64,
    /// Lateral force Fy. Unit: N.
    pub fy: f64,
    /// Aligning moment Mz. Unit: N·m.
    pub mz: f64,
    /// Overturning moment Mx. Unit: N·m.
    pub mx: f64,
    /// Rolling resistance moment My (< 0 rolling forward). Unit: N·m.
    pub my: f64,
    /// What was clamped or replaced.
    pub clamped: MfClamped,
}

/// A Magic Formula tyre: coefficients (SI), equation version and options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MfTire {
    /// The file's numeric keys in SI units.
    pub coefficients: MfCoefficients,
    /// Which equations are used.
    pub version: MfVersion,
    /// Evaluation options.
    pub options: MfOptions,
}

/// `sgn` with sgn(0) = +1 (so guards never cancel).
#[inline]
fn sgn1(x: f64) -> f64 {
    if x < 0.0 { -1.0 } else { 1.0 }
}

/// `sgn` with sgn(0) = 0 (MATLAB's `sign`).
#[inline]
fn sgn0(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// `a / b`, or 0 when `b` is 0.
#[inline]
fn div0(a: f64, b: f64) -> f64 {
    if b == 0.0 { 0.0 } else { a / b }
}

/// The Magic Formula sine/cosine kernel argument C·atan(B·x − E·(B·x − atan(B·x))).
#[inline]
fn mf_arg(b: f64, c: f64, e: f64, x: f64) -> f64 {
    let bx = b * x;
    c * (bx - e * (bx - bx.atan())).atan()
}

/// Replace a non-finite input: NaN → `nan_to`, ±∞ → `lo`/`hi`. Sets `flag` if replaced.
#[inline]
fn finite_or(x: f64, nan_to: f64, lo: f64, hi: f64, flag: &mut bool) -> f64 {
    if x.is_finite() {
        x
    } else {
        *flag = true;
        if x.is_nan() {
            nan_to
        } else if x > 0.0 {
            hi
        } else {
            lo
        }
    }
}

/// Clamp to [lo, hi], setting `flag` if it changed.
#[inline]
fn clamp_flag(x: f64, lo: f64, hi: f64, flag: &mut bool) -> f64 {
    let y = x.clamp(lo, hi);
    if y != x {
        *flag = true;
    }
    y
}

/// Pure lateral force and the quantities the aligning moment needs.
#[derive(Debug, Clone, Copy)]
struct Fy0 {
    fy0: f64,
    muy: f64,
    kya: f64,
    shy: f64,
    svy: f64,
    by: f64,
    cy: f64,
}

/// Shared per-evaluation quantities.
#[derive(Debug, Clone, Copy)]
struct Op {
    fz: f64,
    dfz: f64,
    dpi: f64,
    alpha_s: f64,
    vx: f64,
    lmuy_s: f64,
    /// Low-speed reduction of the shifts, t and Mzr (1 above VXLOW or with limits off).
    red: f64,
    clamp_e: bool,
}

impl From<TirFile> for MfTire {
    fn from(f: TirFile) -> Self {
        Self::new(f.coefficients, f.version)
    }
}

impl From<&TirFile> for MfTire {
    fn from(f: &TirFile) -> Self {
        Self::new(f.coefficients.clone(), f.version)
    }
}

impl MfTire {
    /// A tyre with default [`MfOptions`] (limits on). Coefficients from [`TirFile::parse`] are
    /// already valid; use [`MfTire::try_new`] for hand-made ones.
    ///
    /// # Panics
    /// In debug builds, if [`MfCoefficients::validate`] fails.
    #[must_use]
    pub fn new(coefficients: MfCoefficients, version: MfVersion) -> Self {
        debug_assert!(
            coefficients.validate().is_ok(),
            "invalid MF coefficients: {:?}",
            coefficients.validate()
        );
        Self {
            coefficients,
            version,
            options: MfOptions::default(),
        }
    }

    /// A tyre with default [`MfOptions`], after checking the coefficients.
    ///
    /// # Errors
    /// The first rule [`MfCoefficients::validate`] finds broken.
    pub fn try_new(coefficients: MfCoefficients, version: MfVersion) -> Result<Self, ParamError> {
        coefficients.validate()?;
        Ok(Self::new(coefficients, version))
    }

    /// The same tyre with other options.
    #[must_use]
    pub fn with_options(mut self, options: MfOptions) -> Self {
        self.options = options;
        self
    }

    /// `true` if the inflation pressure terms are active (MF 6.x and NOMPRES > 0).
    #[must_use]
    pub fn uses_pressure(&self) -> bool {
        self.version.is_mf6() && self.coefficients.nompres > 0.0
    }

    /// Steady-state combined-slip forces and moments at `input` (no turn slip, no transient).
    ///
    /// Pure: no allocation, no panic, finite output for every input (non-finite inputs are
    /// replaced, see [`MfClamped`]). The equations are in the `mf` module docs.
    #[must_use]
    pub fn steady_state(&self, input: MfInput) -> MfOutput {
        let c = &self.coefficients;
        let limits = self.options.limits;
        let mut cl = MfClamped::default();

        // --- Inputs: non-finite values first (always), then the validity ranges (limits on).
        let fz_raw = finite_or(input.fz, 0.0, 0.0, c.fzmax, &mut cl.fz);
        let mut kappa = finite_or(input.kappa, 0.0, c.kpumin, c.kpumax, &mut cl.kappa);
        let mut alpha = finite_or(input.alpha, 0.0, c.alpmin, c.alpmax, &mut cl.alpha);
        let mut gamma = finite_or(input.gamma, 0.0, c.cammin, c.cammax, &mut cl.gamma);
        let vx = finite_or(input.vx, 0.0, 0.0, 0.0, &mut cl.vx);
        let p_default = c.inflpres;
        let mut press = match input.pressure {
            Some(p) => finite_or(p, p_default, c.presmin, c.presmax, &mut cl.pressure),
            None => p_default,
        };
        if fz_raw <= 0.0 {
            return MfOutput {
                clamped: cl,
                ..MfOutput::default()
            };
        }
        let mut fz = fz_raw;
        let mut red = 1.0;
        if limits {
            let vxlow = c.vxlow;
            if vxlow > 0.0 && vx.abs() <= vxlow {
                let lin = (vx / vxlow).abs();
                red = 1.0 - 0.5 * (1.0 + (PI * vx / vxlow).cos());
                kappa *= lin;
            }
            if vxlow > 0.0 {
                let speed_sum = vx.abs() + (alpha.tan() * vx).abs();
                if speed_sum < vxlow {
                    alpha *= speed_sum / vxlow;
                }
            }
            fz = clamp_flag(fz, 0.0, c.fzmax, &mut cl.fz);
            kappa = clamp_flag(kappa, c.kpumin, c.kpumax, &mut cl.kappa);
            alpha = clamp_flag(alpha, c.alpmin, c.alpmax, &mut cl.alpha);
            gamma = clamp_flag(gamma, c.cammin, c.cammax, &mut cl.gamma);
            if self.uses_pressure() {
                press = clamp_flag(press, c.presmin, c.presmax, &mut cl.pressure);
            }
        }

        // --- Basic quantities (Pacejka 4.E1–4.E8).
        let fz0p = c.lfzo * c.fnomin;
        let dfz = (fz - fz0p) / fz0p;
        let dpi = if self.uses_pressure() {
            (press - c.nompres) / c.nompres
        } else {
            0.0
        };
        let (alpha_s, gamma_s) = if self.options.alpha_star {
            (alpha.tan() * sgn1(vx), gamma.sin())
        } else {
            (alpha, gamma)
        };
        let vsx = -kappa * vx.abs();
        let vsy = alpha.tan() * vx.abs();
        let vs = vsx.hypot(vsy);
        let lmux_s = c.lmux / (1.0 + c.lmuv * vs / c.longvl);
        let lmuy_s = c.lmuy / (1.0 + c.lmuv * vs / c.longvl);
        let op = Op {
            fz,
            dfz,
            dpi,
            alpha_s,
            vx,
            lmuy_s,
            red,
            clamp_e: limits,
        };
        // Camber per force channel: MF 5.2 scales by LGAx, MF 6.x uses γ* (and LKYC/LKZC).
        let (gx, gy, gz) = if self.version.is_mf6() {
            (gamma_s, gamma_s, gamma_s)
        } else {
            (gamma_s * c.lgax, gamma_s * c.lgay, gamma_s * c.lgaz)
        };

        // --- Pure longitudinal slip (4.E9–4.E18).
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
        if vx < 0.0 {
            fx0 = -fx0;
        }

        // --- Pure lateral slip (4.E19–4.E30), at γ and (MF 6.x trail) at γ = 0.
        let fy0 = self.fy0(&op, gy);

        // --- Combined slip, Fx (4.E50–4.E57).
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
        let fx = gxa * fx0;

        // --- Combined slip, Fy (4.E58–4.E67).
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

        // --- Aligning moment (4.E31–4.E49, combined 4.E71–4.E78 with the MF-Tyre αeq).
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
        let dt = fz
            * (r0 / fz0)
            * (c.qdz1 + c.qdz2 * dfz)
            * (1.0 - c.ppz1 * dpi)
            * (1.0 + c.qdz3 * gz + c.qdz4 * gz * gz)
            * c.ltr
            * sgn1(vx);
        let mut et = (c.qez1 + c.qez2 * dfz + c.qez3 * dfz * dfz)
            * (1.0 + (c.qez4 + c.qez5 * gz) * (2.0 / PI) * (bt * ct * alpha_t).atan());
        if op.clamp_e {
            et = et.min(1.0);
        }
        let br = c.qbz9 * div0(c.lky, lmuy_s) + c.qbz10 * fy0.by * fy0.cy;
        let cr = 1.0;
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
            * alpha_s.cos();
        let kx_ky = kxk / kya_p;
        let k2 = kx_ky * kx_ky * kappa * kappa;
        let alpha_t_eq = (alpha_t.tan().powi(2) + k2).sqrt().atan() * sgn1(alpha_t);
        let alpha_r_eq = (alpha_r.tan().powi(2) + k2).sqrt().atan() * sgn1(alpha_r);
        let vc = vx.hypot(vsy);
        let cos_alpha_p = (vx / (vc + EPSILON_V * sgn1(vc))).clamp(-1.0, 1.0);
        let s = r0 * (c.ssz1 + c.ssz2 * (fy / fz0) + (c.ssz3 + c.ssz4 * dfz) * gz) * c.ls;
        let t = dt * mf_arg(bt, ct, et, alpha_t_eq).cos() * cos_alpha_p * red;
        let mzr = dr * (cr * (br * alpha_r_eq).atan()).cos() * red;
        let fy_prime = if self.version.is_mf6() {
            // F′y = Gyκ·Fy0(γ = 0) (Pacejka 4.E74).
            gyk * self.fy0(&op, 0.0).fy0
        } else {
            // MF 5.2: F′y = Fy − SVyκ.
            fy - svyk
        };
        let mz = -t * fy_prime + mzr + s * fx;

        // --- Overturning moment (MF-Tyre / Besselink et al. 2010 form; MF 5.2 is QSX1-3).
        let fz_eff_mx = if fz < c.fzmin {
            fz * (fz / c.fzmin).powi(2)
        } else {
            fz
        };
        let mx = r0
            * fz_eff_mx
            * c.lmx
            * (c.qsx1 * c.lvmx - c.qsx2 * gamma * (1.0 + c.ppmx1 * dpi)
                + c.qsx3 * fy / fz0
                + c.qsx4
                    * (c.qsx5 * (c.qsx6 * fz_eff_mx / fz0).powi(2).atan()).cos()
                    * (c.qsx7 * gamma + c.qsx8 * (c.qsx9 * fy / fz0).atan()).sin()
                + c.qsx10 * (c.qsx11 * fz_eff_mx / fz0).atan() * gamma)
            + r0 * c.lmx
                * (fy * (c.qsx13 + c.qsx14 * gamma.abs())
                    - fz_eff_mx * c.qsx12 * gamma * gamma.abs());

        // --- Rolling resistance moment.
        let my = self.rolling_resistance(
            fz,
            input_kappa_for_my(input.kappa, kappa),
            gamma,
            vx,
            fx,
            press,
        );

        let mut out = MfOutput {
            fx,
            fy,
            mz,
            mx,
            my,
            clamped: cl,
        };
        for v in [
            &mut out.fx,
            &mut out.fy,
            &mut out.mz,
            &mut out.mx,
            &mut out.my,
        ] {
            if !v.is_finite() {
                *v = 0.0;
                out.clamped.output = true;
            }
        }
        out
    }

    /// Pure lateral force Fy0 at camber `gy` (already scaled for MF 5.2).
    fn fy0(&self, op: &Op, gy: f64) -> Fy0 {
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

    /// Rolling resistance moment My with the MFeval low-speed treatment near κ = −1.
    fn rolling_resistance(
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
        my * (FRAC_PI_2 * s).sin()
    }
}

/// My uses the raw κ (not reduced at low speed), clamped only if it was not finite.
#[inline]
fn input_kappa_for_my(raw: f64, used: f64) -> f64 {
    if raw.is_finite() { raw } else { used }
}
