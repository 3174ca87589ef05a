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

use super::interface::{ForceNeed, SlipInput, SlipPoint, SteadyForces, TireModel, sanitize};
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
#[derive(Debug, Clone, Copy)]
struct Prepared {
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
        let kappa = kappa / p.peak_slip_scale;
        let fx_lin = p.c_k * kappa;
        let fy_lin = -p.c_a * tan_alpha;
        let mu = p.friction * self.friction_vs_slip.eval(kappa.abs());
        let limit = mu * p.fz;
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
    if v.is_finite() { v } else { 0.0 }
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
        let s = sanitize(common);
        let Some(p) = self.prepare(&s) else {
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
        let kappa = finite_or_zero(kappa) / p.peak_slip_scale;
        let fx_lin = p.c_k * kappa;
        let fy_up = p.c_a * tan_upper(x);
        let limit = p.friction * self.friction_vs_slip.eval(kappa.abs()) * p.fz;
        let mag = super::norm::norm(fx_lin, fy_up);
        if !(mag > 0.0 && limit > 0.0) {
            return 0.0;
        }
        let k = mag / limit;
        let floor = fx_lin.abs() * (saturation(k) / k) * (1.0 - 1e-9);
        if floor.is_finite() { floor } else { 0.0 }
    }

    /// The input sanitised and the stiffnesses, camber slip and friction computed once per
    /// batch, `tan α` once per run of points with the same α (the contact solve lists the
    /// points sharing `α₀` and those sharing `α_p` together); per point the slips, the
    /// friction graph and the saturation.
    fn forces_at(&self, common: &SlipInput, points: &[SlipPoint], out: &mut [(f64, f64)]) {
        let s = sanitize(common);
        let Some(p) = self.prepare(&s) else {
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
                    let t = p.tan_alpha(alpha);
                    last = Some((alpha.to_bits(), t));
                    t
                }
            };
            *o = self
                .point_tan(&p, finite_or_zero(pt.kappa), tan_alpha)
                .map_or((0.0, 0.0), |f| (f.fx, f.fy));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tire::interface::SlipPoint;

    fn input(kappa: f64, alpha: f64) -> SlipInput {
        SlipInput {
            fz: 4000.0,
            rest_load: 4000.0,
            kappa,
            alpha,
            vx: 20.0,
            ..SlipInput::default()
        }
    }

    #[test]
    fn aligning_moment_from_the_pneumatic_trail() {
        // F_z = F_rest = 4000 N, α = 0.02 rad: C_α = 4000·17.95·s(1.5) = 4000·17.95·0.875 =
        // 62 825 N/rad, F_y,lin = −62 825·tan 0.02 = −1256.668 N, K = 0.314167,
        // F_y = F_y,lin·s(K)/K = −1129.660 N; x = K/3: t = 0.03·(1 − x)³/(1 − x + x²/3) =
        // 0.0239479 m, Mz = −t·F_y = +27.053 N·m (restoring: the slip angle is positive).
        let p = SlipCurveParams::default();
        let f = p.steady_state(&input(0.0, 0.02));
        assert!((f.fy + 1129.660).abs() < 1e-3, "{f:?}");
        assert!((f.mz - 27.053).abs() < 1e-3, "{f:?}");
        // Full sliding (K ≥ 3): no trail, no moment; zero trail: no moment anywhere.
        assert_eq!(p.steady_state(&input(0.0, 0.5)).mz, 0.0);
        let none = SlipCurveParams {
            pneumatic_trail: 0.0,
            ..SlipCurveParams::default()
        };
        assert_eq!(none.steady_state(&input(0.0, 0.02)).mz, 0.0);
    }

    #[test]
    fn saturation_polynomial() {
        assert_eq!(saturation(0.0), 0.0);
        assert_eq!(saturation(3.0), 1.0);
        assert_eq!(saturation(10.0), 1.0);
        // Unit initial slope, zero final slope.
        assert!((saturation(1e-6) / 1e-6 - 1.0).abs() < 1e-5);
        assert!((saturation(3.0) - saturation(3.0 - 1e-4)).abs() < 1e-8);
        assert!((saturation(1.5) - (1.5 - 0.75 + 0.125)).abs() < 1e-15);
    }

    #[test]
    fn zero_slip_zero_force_and_odd_symmetry() {
        let p = SlipCurveParams::default();
        let f0 = p.steady_state(&input(0.0, 0.0));
        assert_eq!((f0.fx, f0.fy), (0.0, 0.0));
        for (k, a) in [(0.02, 0.0), (0.3, 0.0), (0.0, 0.05), (0.05, 0.1)] {
            let f = p.steady_state(&input(k, a));
            let g = p.steady_state(&input(-k, -a));
            assert!((f.fx + g.fx).abs() < 1e-9 && (f.fy + g.fy).abs() < 1e-9);
        }
    }

    #[test]
    fn linear_region_and_peak_by_hand() {
        let p = SlipCurveParams::default();
        // At rest load, C_α = 4000·17.95·s(3/2) = 4000·17.95·0.875 = 62 825 N/rad.
        let ca = p.lateral_stiffness(4000.0, 4000.0);
        assert!((ca - 62_825.0).abs() < 1e-6);
        // Small κ: Fx ≈ C_κ·κ·s(K)/K with K = 98.1/4000: 9810·0.01 = 98.1 N·(1 − K/3 + K²/27).
        let k = 98.1 / 4000.0;
        let fx = p.steady_state(&input(0.01, 0.0)).fx;
        assert!((fx - 98.1 * (1.0 - k / 3.0 + k * k / 27.0)).abs() < 1e-9);
        // Saturation: K ≥ 3 ⇔ C_κ·κ ≥ 3µF_z ⇔ κ ≥ 12 000/9810 = 1.2232 → |F| = µF_z exactly.
        let f = p.steady_state(&input(1.3, 0.0));
        assert!((f.fx - 4000.0).abs() < 1e-9);
        // Lateral: α = 0.2 rad → |F_lin| = 62 825·tan 0.2 = 12 738 > 3·4000: saturated, Fy = −4000.
        let f = p.steady_state(&input(0.0, 0.2));
        assert!((f.fy + 4000.0).abs() < 1e-9);
    }

    #[test]
    fn combined_slip_stays_inside_the_friction_circle() {
        let p = SlipCurveParams::default();
        for i in 0..21 {
            for j in 0..21 {
                let f = p.steady_state(&input(-1.0 + 0.1 * i as f64, -0.5 + 0.05 * j as f64));
                assert!(f.fx.hypot(f.fy) <= 4000.0 + 1e-9);
            }
        }
        // Longitudinal slip reduces lateral force.
        let pure = p.steady_state(&input(0.0, 0.03)).fy.abs();
        let comb = p.steady_state(&input(0.1, 0.03)).fy.abs();
        assert!(comb < pure);
    }

    #[test]
    fn lateral_stiffness_per_unit_load_falls_with_load() {
        let p = SlipCurveParams::default();
        let r = 4000.0;
        let per_load = |fz: f64| p.lateral_stiffness(fz, r) / fz;
        assert!(per_load(2000.0) > per_load(4000.0));
        assert!(per_load(4000.0) > per_load(8000.0));
        // Beyond X·rest the stiffness is flat at Y·rest.
        assert!((p.lateral_stiffness(9000.0, r) - 17.95 * r).abs() < 1e-9);
    }

    #[test]
    fn camber_thrust_pushes_towards_the_lean() {
        let p = SlipCurveParams {
            camber_stiffness_per_unit_gravity: 100.0,
            ..SlipCurveParams::default()
        };
        let mut i = input(0.0, 0.0);
        // γ = +0.05 rad: the top leans right (ISO), the thrust pushes right.
        i.gamma = 0.05;
        let f = p.steady_state(&i);
        // C_γ·γ = 981·0.05 = 49.05 N; K = 49.05/4000 = 0.01226, so s(K)/K = 1 − K/3 + K²/27:
        // Fy = −49.05·0.995918 = −48.850 N.
        let k = 49.05 / 4000.0;
        let expected = -49.05 * (1.0 - k / 3.0 + k * k / 27.0);
        assert!((f.fy - expected).abs() < 1e-3, "{} vs {expected}", f.fy);
    }

    #[test]
    fn tan_upper_bounds_tan_over_the_clamp() {
        // At 1.5 rad: P₅/Q₆ = 1.00078125/0.0701171875 = 14.27298, tan 1.5 = 14.10142
        // (1.2 % above).
        assert!(
            (tan_upper(1.5) - 14.27298).abs() < 1e-5,
            "{}",
            tan_upper(1.5)
        );
        for i in 0..=15_000 {
            let x = 1e-4 * f64::from(i);
            let (t, up) = (x.tan(), tan_upper(x));
            assert!(up >= t, "{x}: {up} < {t}");
            // Tight at small angles: the excess is ≈ x⁷/5040/cos x plus the 1e-9 margin.
            if x <= 0.3 {
                assert!(
                    up - t <= 1.01e-9 * t + 2.5e-4 * x.powi(7),
                    "{x}: {up} vs {t}"
                );
            }
        }
    }

    #[test]
    fn sliding_floor_never_exceeds_fx() {
        // By hand at the default tyre, F_z = F_rest = 4000 N, κ = 1: C_κ = 9810 N,
        // C_α = 62 825 N/rad. α = 0.05: tan α = 0.0500417, F_y,lin = 3143.87 N,
        // |F_lin| = 10 301.457 N, K = 2.575364, s(K) = 0.997128, |Fx| = 9810·s(K)/K =
        // 3798.368 N; the floor's bound of tan is 2·10⁻¹³ above, so it is the same to 1e-3 N.
        // α = 1 rad: tan 1 = 1.5574077 against the bound's 1.5578406: K = 24.58367 against
        // 24.59044, |Fx| = 9810/K = 399.045 N against the floor's 398.936 N.
        let p = SlipCurveParams::default();
        let common = input(0.0, 0.0);
        let fx_at = |p: &SlipCurveParams, c: &SlipInput, kappa, alpha| {
            let mut out = [(0.0, 0.0)];
            let point = SlipPoint {
                kappa,
                alpha,
                need: ForceNeed::Both,
            };
            p.forces_at(c, &[point], &mut out);
            out[0].0
        };
        assert!((fx_at(&p, &common, 1.0, 0.05) - 3798.368).abs() < 1e-3);
        assert!((p.sliding_fx_floor(&common, 1.0, 0.05) - 3798.368).abs() < 1e-3);
        assert!((fx_at(&p, &common, -1.0, 1.0) + 399.045).abs() < 1e-3);
        assert!((p.sliding_fx_floor(&common, -1.0, 1.0) - 398.936).abs() < 1e-3);

        // Never above |Fx| over shapes (stiffnesses, a falling and a rising friction graph),
        // loads, surfaces, camber and combined slip; within 2 % of it (the bound of tan is
        // 1.2 % high at the clamp).
        let graphs = [
            Curve::new(&[(0.0, 1.0), (0.5, 1.0), (1.0, 1.0)]),
            Curve::new(&[(0.0, 1.0), (0.1, 1.2), (1.0, 0.7)]),
            Curve::new(&[(0.0, 0.5), (0.3, 0.9), (2.0, 1.1)]),
        ];
        let shapes = [(1000.0, 2.0, 17.95), (300.0, 0.5, 40.0), (5000.0, 3.0, 5.0)];
        let mut cases = 0;
        for graph in &graphs {
            for (kx, x, y) in shapes {
                let p = SlipCurveParams {
                    longitudinal_stiffness_per_unit_gravity: kx,
                    lat_stiff_x: x,
                    lat_stiff_y: y,
                    camber_stiffness_per_unit_gravity: 150.0,
                    friction_vs_slip: *graph,
                    ..SlipCurveParams::default()
                };
                for fz in [0.0, 300.0, 4000.0, 12_000.0] {
                    for (fs, ks, ps) in [(1.0, 1.0, 1.0), (0.3, 0.7, 2.0), (1.2, 1.5, 0.5)] {
                        for gamma in [0.0, 0.05, -0.1] {
                            let common = SlipInput {
                                gamma,
                                friction_scale: fs,
                                stiffness_scale: ks,
                                peak_slip_scale: ps,
                                ..input(0.0, 0.0)
                            };
                            let common = SlipInput { fz, ..common };
                            for kappa in [-50.0, -1.0, -0.3, -0.01, 0.0, 0.1, 1.0, 1.7, 1e6] {
                                for alpha in [0.0, 1e-5, -0.05, 0.3, -0.785, 1.4, 3.0] {
                                    let floor = p.sliding_fx_floor(&common, kappa, alpha);
                                    let fx = fx_at(&p, &common, kappa, alpha).abs();
                                    let at =
                                        format!("{kx} {x} {y} {fz} {fs} {gamma} {kappa} {alpha}");
                                    assert!(floor <= fx, "{at}: {floor} > {fx}");
                                    assert!(floor >= 0.0 && floor.is_finite(), "{at}");
                                    assert!(floor >= 0.98 * fx, "{at}: {floor} vs {fx}");
                                    cases += usize::from(floor > 0.0);
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(cases > 10_000, "{cases}");
    }

    #[test]
    fn bad_input_gives_finite_output() {
        let p = SlipCurveParams::default();
        for bad in [f64::NAN, f64::INFINITY] {
            let mut i = input(bad, bad);
            assert!(p.steady_state(&i).is_finite());
            i.fz = bad;
            assert!(p.steady_state(&i).is_finite());
        }
        let mut i = input(0.1, 0.1);
        i.fz = -10.0;
        assert_eq!(p.steady_state(&i), SteadyForces::default());
    }
}
