//! The slip-curve tire: PhysX's default game tire (`PxVehicleTireData`), the fast profile.
//!
//! # Model
//! Independent linear forces, then one smooth saturation of the combined force:
//!
//! ```text
//! C_κ = k_x·g                                   longitudinal stiffness (k_x per unit gravity)
//! C_α = F_rest·Y·s(3·(F_z/F_rest)/X)            lateral stiffness vs normalised load (latStiffX/Y)
//! C_γ = k_γ·g                                   camber stiffness
//! κ_s = κ/s_p                                   s_p the surface peak-slip scale
//! F_x,lin = C_κ·κ_s,  F_y,lin = −C_α·tan(α + C_γ·γ/C_α)
//! K = |F_lin| / (µ·F_z),  µ = µ_surface·f_µ(|κ_s|)  (friction-vs-slip graph)
//! |F| = µ·F_z·s(K),  F = F_lin·s(K)/K
//! s(K) = K − K²/3 + K³/27  (K < 3),   1  (K ≥ 3)
//! Mz = −t·F_y,  t = t₀·(1 − K/3)³/(1 − K/3 + (K/3)²/3)  (K < 3),   0  (K ≥ 3)
//! ```
//! Camber enters as an equivalent slip angle: at small slip `F_y,lin ≈ −C_α·α − C_γ·γ`, the
//! camber thrust pushing the way the wheel top leans (γ > 0 leans it right, ISO / Magic
//! Formula sign, [`crate::tire::interface`]).
//! The peak-slip scale stretches the whole longitudinal axis, friction graph included
//! ([`super::interface::longitudinal_slip`]): the peak moves to `s_p` times the slip.
//! `s` rises with unit slope, reaches 1 with zero slope at K = 3: the force follows the linear
//! tire at small slip and saturates smoothly at µ·F_z (the cubic of the brush model, which
//! PhysX's default tire also uses for its normalisation). Below the saturation load the lateral
//! stiffness grows with load and then saturates at `Y·F_rest` — tires lose stiffness per unit
//! load as load grows.
//!
//! The aligning moment uses the brush model's pneumatic trail (Pacejka §3.2.2, eq. 3.36 with
//! `θσ = K/3`, the same normalisation as the force): `t₀` at small slip, falling to 0 as the
//! patch starts to slide entirely, so the aligning moment peaks before the force does.
//!
//! | symbol | field | unit |
//! |---|---|---|
//! | k_x | `longitudinal_stiffness_per_unit_gravity` | kg (N per unit slip per m/s²) |
//! | X | `lat_stiff_x` | normalised load |
//! | Y | `lat_stiff_y` | 1/rad (per unit rest load) |
//! | k_γ | `camber_stiffness_per_unit_gravity` | kg/rad |
//! | f_µ | `friction_vs_slip` | 1 → 1 |
//! | t₀ | `pneumatic_trail` | m |
//!
//! Reference: NVIDIA PhysX 3.4 Vehicle SDK guide, "PxVehicleTireData"; Pacejka, *Tire and
//! Vehicle Dynamics*, §3.2 (brush-model saturation polynomial).
//!
//! Limits: the trail is the brush model's, not fitted; no rolling-resistance moment here (the
//! wheel adds it).

use super::interface::{
    CurveFields, ForceNeed, KeptLoad, SlipInput, SlipPoint, SteadyForces, TireModel, sanitize,
};
use crate::curve::Curve;
use crate::error::{ParamError, check};
use crate::tire::trig::tan;
use serde::{Deserialize, Serialize};

/// The saturation polynomial `s(K) = K − K²/3 + K³/27` for `K < 3`, else 1.
#[inline]
pub fn saturation(k: f64) -> f64 {
    if k >= 3.0 {
        1.0
    } else {
        k - k * k / 3.0 + k * k * k / 27.0
    }
}

/// Parameters of the slip-curve tire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    default,
    expecting = "a table of slip-curve tire keys"
)]
pub struct SlipCurveParams {
    /// Longitudinal stiffness per unit gravity: `C_κ = k_x·g`. Unit: kg. Range: (0, ∞).
    /// Default: 1000 (PhysX default; ≈ 9.8 kN per unit slip). Raise it for crisper traction.
    pub longitudinal_stiffness_per_unit_gravity: f64,
    /// Normalised load at which lateral stiffness saturates (PhysX `mLatStiffX`).
    /// Unit: 1. Range: (0, ∞). Default: 2. Good values 2–3.
    pub lat_stiff_x: f64,
    /// Saturated lateral stiffness per unit rest load (PhysX `mLatStiffY`).
    /// Unit: 1/rad. Range: (0, ∞). Default: 17.95. Raise it for a sharper turn-in.
    pub lat_stiff_y: f64,
    /// Camber stiffness per unit gravity: `C_γ = k_γ·g`. Unit: kg/rad. Range: [0, ∞). Default: 0.
    pub camber_stiffness_per_unit_gravity: f64,
    /// Friction multiplier vs |κ| (PhysX `mFrictionVsSlipGraph`: zero slip, optimum, plateau).
    /// Unit: 1 → 1. Default: flat 1.0.
    pub friction_vs_slip: Curve<3>,
    /// Base friction of the tire on the reference surface. Unit: 1. Range: (0, 3]. Default: 1.0.
    pub friction: f64,
    /// Pneumatic trail at small slip `t₀` (aligning moment `Mz = −t·Fy`). Unit: m.
    /// Range: [0, 0.5]. Default: 0.03 (the brush model's `a/3` for a 0.09 m patch half-length,
    /// a passenger tyre near its rest load; Pacejka §3.2.2). 0 gives no aligning moment.
    pub pneumatic_trail: f64,
}

impl Default for SlipCurveParams {
    fn default() -> Self {
        Self {
            longitudinal_stiffness_per_unit_gravity: 1000.0,
            lat_stiff_x: 2.0,
            lat_stiff_y: 17.95,
            camber_stiffness_per_unit_gravity: 0.0,
            friction_vs_slip: Curve::new(&[(0.0, 1.0), (0.5, 1.0), (1.0, 1.0)]),
            friction: 1.0,
            pneumatic_trail: 0.03,
        }
    }
}

impl SlipCurveParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::positive(
            "longitudinal_stiffness_per_unit_gravity",
            self.longitudinal_stiffness_per_unit_gravity,
        )?;
        check::positive("lat_stiff_x", self.lat_stiff_x)?;
        check::positive("lat_stiff_y", self.lat_stiff_y)?;
        check::non_negative(
            "camber_stiffness_per_unit_gravity",
            self.camber_stiffness_per_unit_gravity,
        )?;
        self.friction_vs_slip
            .validate()
            .map_err(|e| e.within("friction_vs_slip"))?;
        if self.friction_vs_slip.y_range().0 < 0.0 {
            return Err(ParamError::new("friction_vs_slip", "values must be >= 0"));
        }
        check::positive("friction", self.friction)?;
        check::friction("friction", self.friction)?;
        check::in_range("pneumatic_trail", self.pneumatic_trail, 0.0, 0.5)
    }

    /// Pneumatic trail at normalised slip `K = |F_lin|/(µF_z)`: `t₀·(1 − x)³/(1 − x + x²/3)`,
    /// `x = K/3`, 0 from `K = 3` (full sliding). Unit: m.
    pub fn trail(&self, k: f64) -> f64 {
        let x = k / 3.0;
        if x >= 1.0 {
            0.0
        } else {
            self.pneumatic_trail * (1.0 - x).powi(3) / (1.0 - x + x * x / 3.0)
        }
    }

    /// Lateral stiffness `C_α` at load `fz` for a tire whose rest load is `rest`. Unit: N/rad.
    pub fn lateral_stiffness(&self, fz: f64, rest: f64) -> f64 {
        if rest <= 0.0 {
            return self.lat_stiff_y * fz;
        }
        rest * self.lat_stiff_y * saturation(3.0 * (fz / rest) / self.lat_stiff_x)
    }
}

/// The slip-independent part of one evaluation ([`SlipCurveParams::prepare`]): what
/// [`TireModel::forces_at`] computes once per batch. Every point's forces are then the very
/// operations of [`TireModel::steady_state`] in the same order, so bit for bit its values.
/// Kept for the wheel and substep in a [`KeptLoad`] (the force limit's floor, the batch and
/// the recorded aligning moment share it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prepared {
    /// `C_κ`. Unit: N.
    c_k: f64,
    /// `C_α`. Unit: N/rad.
    c_a: f64,
    /// The camber's equivalent slip angle `C_γ·γ/C_α`, or `None` at `C_α ≤ 0`. Unit: rad.
    camber_slip: Option<f64>,
    /// `µ_tyre·µ_surface` before the friction-vs-slip graph. Unit: 1.
    friction: f64,
    /// Sanitised normal load. Unit: N (> 0).
    fz: f64,
    /// Sanitised peak-slip scale ([`super::interface::longitudinal_slip`]). Unit: 1.
    peak_slip_scale: f64,
}

impl Prepared {
    /// `tan(α_eff)` of the effective slip angle `α + C_γ·γ/C_α` (clamped to ±1.5 rad) at the
    /// sanitised slip angle `α`.
    #[inline]
    fn tan_alpha(&self, alpha: f64) -> f64 {
        let alpha_eff = match self.camber_slip {
            Some(c) => alpha + c,
            None => alpha,
        };
        tan(alpha_eff.clamp(-1.5, 1.5))
    }
}

impl Prepared {
    /// [`Prepared::tan_alpha`], bit for bit, without the `tan` call at a zero effective slip
    /// angle (`tan(±0) = ±0`): the contact solve's point `(κ₀, 0)` without camber.
    #[inline]
    fn tan_alpha_or_zero(&self, alpha: f64) -> f64 {
        let alpha_eff = match self.camber_slip {
            Some(c) => alpha + c,
            None => alpha,
        };
        if alpha_eff == 0.0 {
            alpha_eff
        } else {
            self.tan_alpha(alpha)
        }
    }
}

/// The forces of one point and its normalised slip `K`.
#[derive(Debug, Clone, Copy)]
struct PointForces {
    fx: f64,
    fy: f64,
    k: f64,
}

impl SlipCurveParams {
    /// The slip-independent terms at the sanitised input `s`, `None` at no load.
    #[inline]
    fn prepare(&self, s: &SlipInput) -> Option<Prepared> {
        if s.fz <= 0.0 {
            return None;
        }
        let c_a = self.lateral_stiffness(s.fz, s.rest_load) * s.stiffness_scale;
        let c_g = self.camber_stiffness_per_unit_gravity * s.gravity;
        Some(Prepared {
            c_k: self.longitudinal_stiffness_per_unit_gravity * s.gravity * s.stiffness_scale,
            c_a,
            camber_slip: (c_a > 0.0).then(|| c_g * s.gamma / c_a),
            friction: self.friction * s.friction_scale,
            fz: s.fz,
            peak_slip_scale: s.peak_slip_scale,
        })
    }

    /// The forces at the sanitised slips `(κ, α)` (see the module docs), `None` for no force
    /// (no linear force or no friction).
    #[inline]
    fn point(&self, p: &Prepared, kappa: f64, alpha: f64) -> Option<PointForces> {
        self.point_tan(p, kappa, p.tan_alpha(alpha))
    }

    /// [`SlipCurveParams::point`] with `tan(α_eff)` of [`Prepared::tan_alpha`] given (a batch
    /// computes it once per distinct α).
    #[inline]
    fn point_tan(&self, p: &Prepared, kappa: f64, tan_alpha: f64) -> Option<PointForces> {
        self.point_tan_inline(p, kappa, tan_alpha)
    }

    /// [`SlipCurveParams::point_tan`], always inlined (the recorded aligning moment).
    #[inline(always)]
    fn point_tan_inline(&self, p: &Prepared, kappa: f64, tan_alpha: f64) -> Option<PointForces> {
        let kappa = kappa / p.peak_slip_scale;
        let fx_lin = p.c_k * kappa;
        let fy_lin = -p.c_a * tan_alpha;
        saturated(fx_lin, fy_lin, self.limit_at(p, kappa))
    }

    /// The force limit `µ·F_z` at the scaled slip `κ_s` (`µ` from the friction graph at
    /// `|κ_s|`). Unit: N.
    #[inline(always)]
    fn limit_at(&self, p: &Prepared, kappa_s: f64) -> f64 {
        let mu = p.friction * self.friction_vs_slip.eval(kappa_s.abs());
        mu * p.fz
    }
}

/// The linear forces `(F_x,lin, F_y,lin)` saturated at `limit` (module docs), `None` for no
/// force (no linear force or no friction).
#[inline(always)]
fn saturated(fx_lin: f64, fy_lin: f64, limit: f64) -> Option<PointForces> {
    let mag = super::norm::norm(fx_lin, fy_lin);
    if mag <= 0.0 || limit <= 0.0 {
        return None;
    }
    let k = mag / limit;
    let scale = saturation(k) / k;
    Some(PointForces {
        fx: fx_lin * scale,
        fy: fy_lin * scale,
        k,
    })
}

/// An upper bound of `tan x` for `0 ≤ x ≤ 1.5` (the slip-angle clamp of
/// [`Prepared::tan_alpha`]), in closed form without `tan`: `P₅(x)/Q₆(x)·(1 + 10⁻⁹)`.
///
/// On `[0, π/2]` the Taylor remainders of sine and cosine have fixed signs (Lagrange:
/// `sin x − P₅(x) = −cos ξ·x⁷/7! ≤ 0`, `cos x − Q₆(x) = cos ξ·x⁸/8! ≥ 0`), so
/// `sin x ≤ P₅(x) = x − x³/6 + x⁵/120` and `cos x ≥ Q₆(x) = 1 − x²/2 + x⁴/24 − x⁶/720`.
/// `Q₆` falls on `[0, 1.5]` (`Q₆′ = −P₅ < 0` there) to `Q₆(1.5) = 0.070117 > 0`, so
/// `tan x ≤ P₅(x)/Q₆(x)`: tight at small slip (`O(x⁷)`), 1.2 % above at `x = 1.5`
/// (14.27 against 14.10). The factor `1 + 10⁻⁹` covers the rounding of both polynomials
/// (≈ 10⁻¹⁴ relative, at the cancellation near 1.5) and glibc's `tan` (≤ 1 ulp).
#[inline]
fn tan_upper(x: f64) -> f64 {
    let x2 = x * x;
    let sin_up = x * (1.0 - x2 / 6.0 * (1.0 - x2 / 20.0));
    let cos_low = 1.0 - x2 / 2.0 * (1.0 - x2 / 12.0 * (1.0 - x2 / 30.0));
    sin_up / cos_low * (1.0 + 1e-9)
}

/// A non-finite slip counts as zero slip ([`sanitize`]'s rule).
#[inline]
fn finite_or_zero(v: f64) -> f64 {
    // `is_finite` as one comparison (`crate::math::finite`, the same answer).
    if crate::math::finite(v) { v } else { 0.0 }
}

impl TireModel for SlipCurveParams {
    /// Never a wheel torque (0 in every output).
    fn has_wheel_torque(&self) -> bool {
        false
    }

    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        let s = sanitize(input);
        let Some(f) = self
            .prepare(&s)
            .and_then(|p| self.point(&p, s.kappa, s.alpha))
        else {
            return SteadyForces::default();
        };
        SteadyForces {
            fx: f.fx,
            fy: f.fy,
            mz: -self.trail(f.k) * f.fy,
            ..SteadyForces::default()
        }
    }

    /// Both forces whatever `need` says (one curve gives both), without the aligning moment.
    fn forces(&self, input: &SlipInput, _need: ForceNeed) -> (f64, f64) {
        let s = sanitize(input);
        self.prepare(&s)
            .and_then(|p| self.point(&p, s.kappa, s.alpha))
            .map_or((0.0, 0.0), |f| (f.fx, f.fy))
    }

    /// The force at `(κ, α)` (module docs) with `tan α_eff` replaced by an upper bound in
    /// closed form (`P₅(x)/Q₆(x)` of the Taylor polynomials of sine and cosine, `x = |α_eff|`
    /// after the ±1.5 rad clamp), less a margin of `10⁻⁹` relative: a lower bound of `|Fx|`
    /// at every point, for every parameter set, load, surface and camber (no coefficient
    /// range to leave; 0 where the force is 0 or the bound not finite).
    ///
    /// `|Fx| = |F_x,lin|·g(K)` with `g(K) = s(K)/K = 1 − K/3 + K²/27` (`K < 3`), `1/K`
    /// (`K ≥ 3`): `g` is continuous (`1/3` at `K = 3`) and falls (`g′ = −1/3 + 2K/27 < 0`
    /// for `K < 4.5`), and `K = |F_lin|/(µF_z)` rises with `|F_y,lin| = C_α·|tan α_eff|`
    /// (`C_α ≥ 0`), the rest (`F_x,lin`, `µ` from the friction graph at `|κ_s|`, `F_z`) being
    /// the model's own values by the same operations. So a larger `|tan α_eff|` gives a
    /// smaller `|Fx|`. Rounding: every operation is monotone but the polynomial `g` (`≥ 1/3`,
    /// within a few ulps) and `norm`'s choice of path (≤ 2 ulp), ≈ 10⁻¹⁵ relative, far
    /// inside the margin. At the force limit's probe `(±1, α_p)` `tan` is the point's only
    /// transcendental call, and the floor is the probe's `|Fx|` but for the bound's excess
    /// (≈ `x⁷/5040/cos x`, 1.2 % at the clamp) and the margin.
    fn sliding_fx_floor(&self, common: &SlipInput, kappa: f64, alpha: f64) -> f64 {
        self.floor_with(self.prepare(&sanitize(common)).as_ref(), kappa, alpha)
    }

    /// The slip-independent terms computed once per wheel and substep ([`KeptLoad`]).
    fn sliding_fx_floor_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        self.floor_with(kept.curve(common, |s| self.prepare(s)), kappa, alpha)
    }

    /// The input sanitised and the stiffnesses, camber slip and friction computed once per
    /// batch, `tan α` once per run of points with the same α (the contact solve lists the
    /// points sharing `α₀` and those sharing `α_p` together); per point the slips, the
    /// friction graph and the saturation.
    fn forces_at(&self, common: &SlipInput, points: &[SlipPoint], out: &mut [(f64, f64)]) {
        self.forces_with(self.prepare(&sanitize(common)).as_ref(), points, out);
    }

    /// [`TireModel::forces_at`] with the slip-independent terms computed once per wheel and
    /// substep ([`KeptLoad`]).
    fn forces_at_kept(
        &self,
        common: &SlipInput,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
        kept: &mut KeptLoad,
    ) {
        self.forces_with(kept.curve(common, |s| self.prepare(s)), points, out);
    }

    /// `s(K₁)/K₁` at `K₁ = C_α/(µ·F_z)` (`1/K₁` from 3), less its margin: pure lateral slip
    /// saturates `µ·F_z·s(K)`, its secant at the probe at most `C_α`.
    fn lateral_reach_floor(&self, common: &SlipInput) -> f64 {
        self.prepare(&sanitize(common))
            .map_or(0.0, |p| self.reach_floor_with(&p))
    }

    /// [`TireModel::steady_state`]'s `Mz = −t(K)·Fy`, bit for bit, from the kept
    /// slip-independent terms ([`KeptLoad`]).
    fn aligning_moment_kept(&self, input: &SlipInput, kept: &mut KeptLoad) -> f64 {
        self.aligning_moment_inline(input, kept)
    }
}

impl SlipCurveParams {
    /// [`TireModel::aligning_moment_kept`], always inlined: the contact solve's recorded
    /// moment calls it directly, once a wheel and substep.
    #[inline(always)]
    pub(crate) fn aligning_moment_inline(&self, input: &SlipInput, kept: &mut KeptLoad) -> f64 {
        let s = input;
        let fields = crate::tire::interface::curve_load_fields(s);
        self.aligning_moment_fields(fields, s.kappa, s.alpha, kept)
    }

    /// [`SlipCurveParams::aligning_moment_inline`] of the input whose [`CurveFields`] are
    /// `fields` and whose slips are `kappa` and `alpha` (the same terms and point), without
    /// the whole input: the contact solve's recorded moment.
    #[inline(always)]
    pub(crate) fn aligning_moment_fields(
        &self,
        fields: CurveFields,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        let (kappa, alpha) = (finite_or_zero(kappa), finite_or_zero(alpha));
        let Some(p) = kept.curve_of(fields, |s| self.prepare(s)) else {
            return 0.0;
        };
        self.moment_at(p, kappa, alpha)
    }

    /// `Mz = −t(K)·Fy` (N·m) at the terms `p` and the sanitised slips `(κ, α)`.
    #[inline(always)]
    fn moment_at(&self, p: &Prepared, kappa: f64, alpha: f64) -> f64 {
        self.moment_at_tan(p, kappa, p.tan_alpha(alpha))
    }

    /// [`SlipCurveParams::moment_at`] with `tan α_eff` given (N·m).
    #[inline(always)]
    fn moment_at_tan(&self, p: &Prepared, kappa: f64, tan_alpha: f64) -> f64 {
        match self.point_tan_inline(p, kappa, tan_alpha) {
            Some(f) => -self.trail(f.k) * f.fy,
            None => 0.0,
        }
    }
}

impl SlipCurveParams {
    /// A lower bound of the lateral reach's slip `F_slide/K_α`
    /// ([`TireModel::lateral_reach_floor`]) at the terms `p`. At pure lateral slip (`κ = 0`,
    /// `µ = µ_s·f_µ(0)`) the force is `µ·F_z·s(K)`, `K = C_α·|tan α|/(µ·F_z)`: the secant at
    /// the probe `tan α = 10⁻⁴` is at most `C_α` (`s(K) ≤ K`) and the sliding force at
    /// `tan α = 1` is `µ·F_z·s(K₁)`, `K₁ = C_α/(µ·F_z)` (`s` rises to 3), so the ratio is at
    /// least `s(K₁)/K₁ = 1 − K₁/3 + K₁²/27` below 3 and `1/K₁` from 3. Rounding (`tan(atan t)`
    /// within 3 ulp, the saturation's sum within 20) is far inside the margin 10⁻⁹; 0 with
    /// a camber shift, or unless `C_α` and `µ·F_z` lie in `(10⁻¹⁵⁰, 10¹⁵⁰)` and `K₁ < 10³`.
    fn reach_floor_with(&self, p: &Prepared) -> f64 {
        const BIG: f64 = 1e150;
        let limit = p.friction * self.friction_vs_slip.eval(0.0) * p.fz;
        let normal = p.c_a > 1.0 / BIG && p.c_a < BIG && limit > 1.0 / BIG && limit < BIG;
        if !normal || p.camber_slip.is_some_and(|c| c != 0.0) {
            return 0.0;
        }
        let k1 = p.c_a / limit;
        let ratio = if k1 < 3.0 {
            1.0 - k1 / 3.0 + k1 * k1 / 27.0
        } else if k1 < 1e3 {
            1.0 / k1
        } else {
            0.0
        };
        ratio * (1.0 - 1e-9)
    }

    /// [`TireModel::sliding_fx_floor`] with the slip-independent terms `prepared`
    /// (`prepare(&sanitize(common))`).
    fn floor_with(&self, prepared: Option<&Prepared>, kappa: f64, alpha: f64) -> f64 {
        let Some(p) = prepared else {
            return 0.0;
        };
        let alpha = finite_or_zero(alpha);
        let alpha_eff = match p.camber_slip {
            Some(c) => alpha + c,
            None => alpha,
        };
        let x = alpha_eff.clamp(-1.5, 1.5).abs();
        if x.is_nan() {
            return 0.0;
        }
        self.floor_tan(p, finite_or_zero(kappa), tan_upper(x))
    }

    /// [`TireModel::forces_at`] with the slip-independent terms `prepared`
    /// (`prepare(&sanitize(common))`).
    fn forces_with(
        &self,
        prepared: Option<&Prepared>,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
    ) {
        let Some(p) = prepared else {
            for o in out.iter_mut().take(points.len()) {
                *o = (0.0, 0.0);
            }
            return;
        };
        let mut last: Option<(u64, f64)> = None;
        for (pt, o) in points.iter().zip(out.iter_mut()) {
            let alpha = finite_or_zero(pt.alpha);
            let tan_alpha = match last {
                Some((bits, t)) if bits == alpha.to_bits() => t,
                _ => {
                    let t = p.tan_alpha_or_zero(alpha);
                    last = Some((alpha.to_bits(), t));
                    t
                }
            };
            *o = self
                .point_tan(p, finite_or_zero(pt.kappa), tan_alpha)
                .map_or((0.0, 0.0), |f| (f.fx, f.fy));
        }
    }
}

mod linear;
#[cfg(test)]
pub(crate) use linear::TAN_MAX_ANGLE;
pub(crate) use linear::Uncambered;

#[cfg(test)]
mod tests;
