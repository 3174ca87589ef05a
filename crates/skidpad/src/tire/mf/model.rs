//! The Magic Formula steady-state equations (pure functions; see the `mf` module docs).

use super::batch::Common;
use super::coeffs::{MfCoefficients, MfVersion};
use super::forces::{FxLoad, FyLoad, FykLoad};
use super::tir::TirFile;
use crate::error::ParamError;
use crate::tire::trig::{atan, cos, tan};
use serde::{Deserialize, Serialize};

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
pub(super) fn sgn1(x: f64) -> f64 {
    if x < 0.0 { -1.0 } else { 1.0 }
}

/// `sgn` with sgn(0) = 0 (MATLAB's `sign`).
#[inline]
pub(super) fn sgn0(x: f64) -> f64 {
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
pub(super) fn div0(a: f64, b: f64) -> f64 {
    if b == 0.0 { 0.0 } else { a / b }
}

/// The Magic Formula sine/cosine kernel argument C·atan(B·x − E·(B·x − atan(B·x))).
#[inline]
pub(super) fn mf_arg(b: f64, c: f64, e: f64, x: f64) -> f64 {
    let bx = b * x;
    c * atan(bx - e * (bx - atan(bx)))
}

/// `cos(mf_arg(b, c, e, x))`, the combined-slip weighting kernel, without the two `atan` and
/// the `cos` when the shape factor `c` is 0 (a file without combined-slip data: RCX1 = 0 or
/// RCY1 = 0). With `b·x` and `e` finite the `atan` argument is finite or ±∞, its `atan`
/// finite, `c·atan(…)` a zero and its cosine exactly 1: the very bits of the full formula.
#[inline]
pub(super) fn mf_cos(b: f64, c: f64, e: f64, x: f64) -> f64 {
    if c == 0.0 && (b * x).is_finite() && e.is_finite() {
        1.0
    } else {
        cos(mf_arg(b, c, e, x))
    }
}

/// `cos(atan x)` as `1/√(1 + x²)` (the same value in exact arithmetic for every real `x`:
/// `atan x ∈ (−π/2, π/2)`, where the cosine is positive and `1 + tan²θ = 1/cos²θ`), one
/// square root and one division instead of the `atan` and the `cos`. Within 2 ulp of the
/// exact value where `x²` is finite; for `|x| > 1.3·10¹⁵⁴` 0 (the exact value is below
/// `10⁻¹⁵⁴`); NaN for NaN.
#[inline]
pub(super) fn cos_atan(x: f64) -> f64 {
    1.0 / (1.0 + x * x).sqrt()
}

/// `f·cos(atan(y))` without the `atan` and `cos` when the factor `f` is a zero (a
/// combined-slip slope or DVyκ whose coefficients the file leaves at 0): with `y` finite,
/// `cos(atan y)` is in (0, 1], so the product is `f`'s own zero, bit for bit.
#[inline]
pub(super) fn times_cos_atan(f: f64, y: f64) -> f64 {
    if f == 0.0 && y.is_finite() {
        f
    } else {
        f * cos(atan(y))
    }
}

/// Replace a non-finite input: NaN → `nan_to`, ±∞ → `lo`/`hi`. Sets `flag` if replaced.
#[inline]
pub(super) fn finite_or(x: f64, nan_to: f64, lo: f64, hi: f64, flag: &mut bool) -> f64 {
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
pub(super) fn clamp_flag(x: f64, lo: f64, hi: f64, flag: &mut bool) -> f64 {
    let y = x.clamp(lo, hi);
    if y != x {
        *flag = true;
    }
    y
}

/// Pure lateral force and the quantities the aligning moment needs.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fy0 {
    /// Fy0. Unit: N.
    pub(super) fy0: f64,
    /// Kyα. Unit: N/rad.
    pub(super) kya: f64,
    /// SHy. Unit: rad.
    pub(super) shy: f64,
    /// SVy. Unit: N.
    pub(super) svy: f64,
    /// By. Unit: 1/rad.
    pub(super) by: f64,
    /// Cy. Unit: 1.
    pub(super) cy: f64,
}

/// Combined-slip lateral force and the terms the aligning moment needs.
#[derive(Debug, Clone, Copy)]
pub(super) struct CombinedFy {
    /// Fy. Unit: N.
    pub(super) fy: f64,
    /// Gyκ. Unit: 1.
    pub(super) gyk: f64,
    /// SVyκ. Unit: N.
    pub(super) svyk: f64,
}

/// The inputs after the non-finite replacements, validity ranges and low-speed reductions.
#[derive(Debug, Clone, Copy)]
struct Inputs {
    common: Common,
    kappa: f64,
    alpha: f64,
    clamped: MfClamped,
}

/// Shared per-evaluation quantities (inputs after limits, basic quantities 4.E1–4.E8).
#[derive(Debug, Clone, Copy)]
pub(super) struct Op {
    /// Fz. Unit: N.
    pub(super) fz: f64,
    /// dfz. Unit: 1.
    pub(super) dfz: f64,
    /// dpi. Unit: 1.
    pub(super) dpi: f64,
    /// α*. Unit: rad.
    pub(super) alpha_s: f64,
    /// Vx. Unit: m/s.
    pub(super) vx: f64,
    /// λ*µy. Unit: 1.
    pub(super) lmuy_s: f64,
    /// Low-speed reduction of the shifts, t and Mzr (1 above VXLOW or with limits off).
    pub(super) red: f64,
    /// Limit the curvature factors E ≤ 1.
    pub(super) clamp_e: bool,
    /// κ after limits. Unit: 1.
    pub(super) kappa: f64,
    /// γ after limits (not γ*). Unit: rad.
    pub(super) gamma: f64,
    /// Inflation pressure. Unit: Pa.
    pub(super) press: f64,
    /// Vsy = tan α·|Vx|. Unit: m/s.
    pub(super) vsy: f64,
    /// λ*µx. Unit: 1.
    pub(super) lmux_s: f64,
    /// Camber of the Fx, Fy and Mz channels. Unit: rad.
    pub(super) gx: f64,
    /// See `gx`.
    pub(super) gy: f64,
    /// See `gx`.
    pub(super) gz: f64,
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
    /// The first rule [`MfTire::validate`] finds broken (the coefficients' rules, then the
    /// `.tir` reader's grid check).
    pub fn try_new(coefficients: MfCoefficients, version: MfVersion) -> Result<Self, ParamError> {
        coefficients.validate()?;
        let tire = Self::new(coefficients, version);
        tire.validate()?;
        Ok(tire)
    }

    /// Check the tyre as the `.tir` reader checks every file: the coefficients' rules
    /// ([`MfCoefficients::validate`]), then every output finite on the combined
    /// load/slip/camber/speed grid and in the load sweep (see [`TirFile::parse`]'s load sweep),
    /// evaluated with this tyre's options. So hand-built coefficients (a vehicle file's
    /// `[wheels.tire.magic_formula]` table, or code) cannot overflow later in a step where a
    /// file with the same numbers would be refused. [`crate::tire::TireParams::validate`] runs
    /// it.
    ///
    /// # Errors
    /// The first broken coefficient rule (path: the key), or `coefficients` with the first grid
    /// point whose force or moment is not finite.
    pub fn validate(&self) -> Result<(), ParamError> {
        self.coefficients.validate()?;
        super::tir::check::check_tire(self)
            .map(|_| ())
            .map_err(|m| ParamError::new("coefficients", m))
    }

    /// The load sweep's warnings for this tyre, as the `.tir` reader gives them for a file
    /// ([`TirWarning`](super::TirWarning)): one line per channel whose force changes sign within
    /// 0.05–2·FNOMIN at zero camber (chrono's HMMWV coefficients: Fx near 1.46·FNOMIN), each
    /// starting with the channel's section, e.g. `[LONGITUDINAL_COEFFICIENTS] Fx changes sign
    /// with load ...`. Empty when nothing changes sign, or when an output is not finite
    /// ([`MfTire::validate`] refuses that).
    #[must_use]
    pub fn sign_change_warnings(&self) -> Vec<String> {
        super::tir::check::check_tire(self)
            .unwrap_or_default()
            .into_iter()
            .map(|c| format!("[{}] {}", c.section(), c.message))
            .collect()
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
        let inputs = match self.limited_inputs(input) {
            Ok(inputs) => inputs,
            Err(no_contact) => return no_contact,
        };
        let op = self.operating_point(&inputs);
        let (fx, fy, mz) = self.forces_and_mz(&op);
        let mx = self.overturning_moment(&op, fy.fy);
        // --- Rolling resistance moment.
        let my = self.rolling_resistance(
            op.fz,
            input_kappa_for_my(input.kappa, op.kappa),
            op.gamma,
            op.vx,
            fx,
            op.press,
        );
        finite_outputs(MfOutput {
            fx,
            fy: fy.fy,
            mz,
            mx,
            my,
            clamped: inputs.clamped,
        })
    }

    /// The aligning moment Mz of [`MfTire::steady_state`] bit for bit, without Mx and My
    /// (what the contact solve records every substep).
    #[must_use]
    pub fn mz(&self, input: MfInput) -> f64 {
        let Ok(inputs) = self.limited_inputs(input) else {
            return 0.0;
        };
        let mz = self.forces_and_mz(&self.operating_point(&inputs)).2;
        if mz.is_finite() { mz } else { 0.0 }
    }

    /// [`MfTire::mz`] from the load terms of a shared batch at `input`'s load
    /// ([`MfTire::shares_load_terms`]; `None`: no load), bit for bit: with LMUV = 0 the
    /// operating point's λ*µ = λµ/(1 + 0·Vs/V0) is the batch's λµ/(1 + 0·0/V0) = λµ for
    /// any finite `Vs/V0` (|κ| ≤ 1e100, |Vx| ≤ 1e100 and |tan α| < 2e16 give `Vs` < 1e201,
    /// so LONGVL ≥ 1e-100 suffices; else `mz`), and every load term is a function of those
    /// basic quantities alone. Saves the load terms and the slip speed's `hypot`.
    ///
    /// `tan_alpha`: `tan(input.alpha)` where the caller has it (`input.alpha` is
    /// `atan(tan_alpha)`, the contact solve's recorded moment): taken for `tan α` in the slip
    /// speed `Vsy = tan α·|Vx|` where the limits leave α as it is (`tan(atan x) = x`: the same
    /// moment within round-off, one `tan` fewer); `None`, or α clamped: `tan α` itself, and
    /// then the bits of [`MfTire::mz`].
    pub(crate) fn mz_with(
        &self,
        load: &Option<super::batch::MfLoad>,
        input: MfInput,
        tan_alpha: Option<f64>,
    ) -> f64 {
        let Some(load) = load else {
            return 0.0;
        };
        let v0 = self.coefficients.longvl.abs();
        if v0.is_nan() || v0 < 1e-100 {
            return self.mz(input);
        }
        let mut flag = false;
        let kappa = self.limited_kappa(&load.cm, input.kappa, &mut flag);
        let alpha = self.limited_alpha(&load.cm, input.alpha, &mut flag);
        let vx = load.cm.vx;
        let tan_a = match tan_alpha {
            Some(t) if alpha.to_bits() == input.alpha.to_bits() => t,
            _ => tan(alpha),
        };
        let op = Op {
            alpha_s: self.alpha_star(alpha, vx),
            kappa,
            vsy: tan_a * vx.abs(),
            ..load.op
        };
        let mz = self.mz_kept(&op, load);
        if mz.is_finite() { mz } else { 0.0 }
    }

    /// Combined-slip Fx, Fy (with its Gyκ and SVyκ) and Mz at the operating point.
    fn forces_and_mz(&self, op: &Op) -> (f64, CombinedFy, f64) {
        let lx = self.fx_load(op);
        // --- Lateral (4.E19–4.E30, 4.E58–4.E67), at γ and (MF 6.x trail) at γ = 0.
        let ly = self.fy_load(op, op.gy);
        let lk = self.fyk_load(op, ly.muy);
        self.forces_and_mz_with(op, &lx, &ly, &lk)
    }

    /// [`MfTire::forces_and_mz`] with the load terms of `op` given.
    fn forces_and_mz_with(
        &self,
        op: &Op,
        lx: &FxLoad,
        ly: &FyLoad,
        lk: &FykLoad,
    ) -> (f64, CombinedFy, f64) {
        let fx = Self::fx_combined(lx, &self.fx_kappa(op, lx, op.kappa), op.alpha_s);
        let ya = self.fy_alpha(op, ly, lk, op.alpha_s);
        let fy = self.fy_combined(op, lk, &ya, &self.fy_kappa(lk, op.kappa));
        let fy0 = Self::fy0_of(ly, ya.fy0);
        let mz = self.aligning_moment(op, &fy0, lx.kxk, fx, &fy);
        (fx, fy, mz)
    }

    /// `(Fx, Fy)` of [`MfTire::steady_state`] bit for bit, computing only what `need` names
    /// (the other is 0) and no moments: the pure and combined force of each direction needed
    /// (Fx does not depend on Fy's terms nor Fy on Fx's), non-finite results replaced by 0.
    pub fn forces(&self, input: MfInput, need: crate::tire::ForceNeed) -> (f64, f64) {
        let inputs = match self.limited_inputs(input) {
            Ok(inputs) => inputs,
            Err(_) => return (0.0, 0.0),
        };
        let op = self.operating_point(&inputs);
        let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
        let fx = if need.x() {
            let lx = self.fx_load(&op);
            finite(Self::fx_combined(
                &lx,
                &self.fx_kappa(&op, &lx, op.kappa),
                op.alpha_s,
            ))
        } else {
            0.0
        };
        let fy = if need.y() {
            let ly = self.fy_load(&op, op.gy);
            let lk = self.fyk_load(&op, ly.muy);
            let ya = self.fy_alpha(&op, &ly, &lk, op.alpha_s);
            finite(
                self.fy_combined(&op, &lk, &ya, &self.fy_kappa(&lk, op.kappa))
                    .fy,
            )
        } else {
            0.0
        };
        (fx, fy)
    }

    /// The inputs after replacing non-finite values (always) and applying the validity ranges
    /// and low-speed reductions (limits on); `Err` is the all-zero output for Fz ≤ 0.
    fn limited_inputs(&self, input: MfInput) -> Result<Inputs, MfOutput> {
        let mut cl = MfClamped::default();
        let Some(common) = self.limited_common(&input, &mut cl) else {
            cl.kappa |= !input.kappa.is_finite();
            cl.alpha |= !input.alpha.is_finite();
            return Err(MfOutput {
                clamped: cl,
                ..MfOutput::default()
            });
        };
        let kappa = self.limited_kappa(&common, input.kappa, &mut cl.kappa);
        let alpha = self.limited_alpha(&common, input.alpha, &mut cl.alpha);
        Ok(Inputs {
            common,
            kappa,
            alpha,
            clamped: cl,
        })
    }

    /// Basic quantities (Pacejka 4.E1–4.E8) and the camber per force channel.
    fn operating_point(&self, inputs: &Inputs) -> Op {
        let c = &self.coefficients;
        let Inputs {
            common,
            kappa,
            alpha,
            ..
        } = *inputs;
        let vx = common.vx;
        let vsx = -kappa * vx.abs();
        let vsy = tan(alpha) * vx.abs();
        let vs = vsx.hypot(vsy);
        Op {
            alpha_s: self.alpha_star(alpha, vx),
            kappa,
            vsy,
            lmux_s: lmu_star(c.lmux, c.lmuv, vs, c.longvl),
            lmuy_s: lmu_star(c.lmuy, c.lmuv, vs, c.longvl),
            ..self.common_point(&common)
        }
    }
}

/// λ*µ = λµ/(1 + λµV·Vs/V0).
#[inline]
pub(super) fn lmu_star(lmu: f64, lmuv: f64, vs: f64, v0: f64) -> f64 {
    lmu / (1.0 + lmuv * vs / v0)
}

/// Any non-finite result replaced by 0, flagged `output`.
fn finite_outputs(mut out: MfOutput) -> MfOutput {
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

/// My uses the raw κ (not reduced at low speed), clamped only if it was not finite.
#[inline]
fn input_kappa_for_my(raw: f64, used: f64) -> f64 {
    if raw.is_finite() { raw } else { used }
}
