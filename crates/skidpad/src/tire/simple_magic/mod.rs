//! The simplified Magic Formula tire: Pacejka's sine-arctangent curve with a load-sensitive
//! peak, for quick tuning without a `.tir` file.
//!
//! # Model (Pacejka, *Tire and Vehicle Dynamics*, 3rd ed., §4.3.1, "simple" form)
//! ```text
//! y(x) = D·sin(C·atan(B·x − E·(B·x − atan(B·x))))
//! D    = µ(F_z)·F_z,   µ(F_z) = µ₀·max(0.1, 1 + λ_µ·df_z),   df_z = (F_z − F_z0)/F_z0
//! Fx₀(κ) = y_x(κ),   Fy₀(α) = −y_y(α)      (ISO: sliding left, pushed right)
//! ```
//! `B·C·D` is the slope at zero slip (the slip stiffness); `C` shapes the peak (1.3 lateral,
//! 1.65 longitudinal are typical); `E ≤ 1` the curvature near the peak. The peak slip `x_m`
//! solves `B·x − E(B·x − atan B·x) = tan(π/(2C))`.
//!
//! Combined slip by normalised slip (similarity method, Pacejka §4.3.2):
//! ```text
//! s_x = κ/κ_m,  s_y = α/α_m,  s = √(s_x² + s_y²)
//! Fx = Fx₀(s·κ_m)·s_x/s,   Fy = Fy₀(s·α_m)·s_y/s
//! Mz = −t·Fy,  t = t₀·max(0, 1 − s)   (pneumatic trail collapsing to 0 at the peak)
//! ```
//! Camber (inclination γ, ISO / Magic Formula sign: + top leaning right,
//! [`crate::tire::interface`]) enters as an equivalent slip angle, as in PhysX's tyre and
//! the MF 5.2 camber shift `SHy = PHY3·γ`:
//! ```text
//! α_eq = α + C_γ·γ/C_α,   C_γ = k_γ·F_z,   C_α = B_y·C_y·D   (the lateral curve's slope at 0)
//! ```
//! so at small slip `Fy ≈ −C_α·α − C_γ·γ`: the thrust pushes the way the top leans, and it
//! saturates with the lateral force. `α_eq` replaces α in the combined-slip formulas.
//!
//! Limits: no shifts other than camber (zero force at zero slip and zero camber), a heuristic
//! trail (the camber thrust gets the same trail), no camber effect on the peak friction.

use super::interface::{
    ForceNeed, KeptLoad, LoadFields, LoadInput, SlipInput, SlipPoint, SteadyForces, TireModel,
    finite_or_zero, load_fields, sanitize_load,
};
use crate::error::{ParamError, check};
use crate::tire::trig::sin;
use serde::{Deserialize, Serialize};

/// Parameters of the simplified Magic Formula tire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    default,
    expecting = "a table of simplified Magic Formula tire keys"
)]
pub struct SimpleMagicParams {
    /// Longitudinal curve. Default: B 10, C 1.65, E 0 (≈ 66 kN per unit slip at 4 kN, µ 1).
    pub longitudinal: MagicCurve,
    /// Lateral curve. Default: B 12, C 1.3, E −0.5 (≈ 62 kN/rad at 4 kN, µ 1).
    pub lateral: MagicCurve,
    /// Peak friction µ₀ at the nominal load. Unit: 1. Range: (0, 3]. Default: 1.0.
    pub friction: f64,
    /// Nominal load F_z0. Unit: N. Range: (0, ∞). Default: 4000.
    pub nominal_load: f64,
    /// Load sensitivity λ_µ: relative change of µ per unit df_z. Unit: 1. Range: [−0.9, 0.5].
    /// Default: −0.1 (µ falls 10 % per nominal load added, as real tires do).
    pub load_sensitivity: f64,
    /// Pneumatic trail at zero slip. Unit: m. Range: [0, 0.2]. Default: 0.03.
    pub pneumatic_trail: f64,
    /// Camber stiffness per unit load `k_γ`: the camber thrust at zero slip angle is
    /// `C_γ·γ = k_γ·F_z·γ`. Unit: 1/rad. Range: [0, 5]. Default: 0 (no camber thrust).
    /// Passenger tyres sit near 0.8–1 (the `tests/data/mf_185_80R14.tir` Magic Formula
    /// tyre: `|∂Fy/∂γ|/F_z` ≈ 0.9 /rad at FNOMIN); motorcycle tyres near 1. Raise it for
    /// more grip from negative camber.
    pub camber_stiffness: f64,
    /// Derived, not a parameter (not read from or written to files): the two curves' peak
    /// roots once [`SimpleMagicParams::precompute`] computed them ([`crate::Vehicle::new`] does),
    /// used while the curves' C and E keep the bits they were computed for. Leave it at its
    /// default when building the parameters.
    #[serde(skip)]
    pub peak_roots: PeakRoots,
}

/// The peak roots `u = B·x_m` of a [`SimpleMagicParams`]' longitudinal and lateral curves
/// ([`MagicCurve::peak_slip`]), each kept with the `(C, E)` bits it is the root of: a tyre
/// computes them once ([`SimpleMagicParams::precompute`]) instead of looking them up in the
/// per-thread cache at every evaluation; a curve changed since falls back to that cache, so
/// the root used is always the iteration's for the current `(C, E)`, bit for bit. With them
/// the longitudinal curve's sliding value `sin(C_x·π/2)`
/// ([`TireModel::sliding_fx_floor`]) and the lateral one's (its reach floor), each kept
/// with the `C` bits it is for. Derived data: every
/// two values compare equal, and it is not serialised.
#[derive(Debug, Clone, Copy, Default)]
pub struct PeakRoots {
    lon: Option<(u64, u64, f64)>,
    lat: Option<(u64, u64, f64)>,
    lon_sliding: Option<(u64, f64)>,
    lat_sliding: Option<(u64, f64)>,
}

impl PartialEq for PeakRoots {
    /// Always equal: derived from the curves, which [`SimpleMagicParams`] compares.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl PeakRoots {
    /// The root of `curve` kept in `slot` if it is for the curve's `(C, E)`, else the
    /// per-thread cache's ([`peak_root`]).
    #[inline]
    fn root_of(slot: Option<(u64, u64, f64)>, curve: &MagicCurve) -> f64 {
        match slot {
            Some((c, e, u)) if c == curve.c.to_bits() && e == curve.e.to_bits() => u,
            _ => stale_root(curve),
        }
    }

    /// `sin(C·π/2)` of a curve with shape factor `c`: kept if for these bits, else computed.
    #[inline]
    fn sliding_of(slot: Option<(u64, f64)>, c: f64) -> f64 {
        match slot {
            Some((kc, v)) if kc == c.to_bits() => v,
            _ => sin(c * std::f64::consts::FRAC_PI_2),
        }
    }

    fn kept(curve: &MagicCurve) -> Option<(u64, u64, f64)> {
        Some((
            curve.c.to_bits(),
            curve.e.to_bits(),
            solve_peak_root(curve.c, curve.e),
        ))
    }
}

impl Default for SimpleMagicParams {
    fn default() -> Self {
        Self {
            longitudinal: MagicCurve {
                b: 10.0,
                c: 1.65,
                e: 0.0,
            },
            lateral: MagicCurve {
                b: 12.0,
                c: 1.3,
                e: -0.5,
            },
            friction: 1.0,
            nominal_load: 4000.0,
            load_sensitivity: -0.1,
            pneumatic_trail: 0.03,
            camber_stiffness: 0.0,
            peak_roots: PeakRoots::default(),
        }
    }
}

impl SimpleMagicParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        self.longitudinal
            .validate()
            .map_err(|e| e.within("longitudinal"))?;
        self.lateral.validate().map_err(|e| e.within("lateral"))?;
        check::positive("friction", self.friction)?;
        check::friction("friction", self.friction)?;
        check::positive("nominal_load", self.nominal_load)?;
        check::in_range("load_sensitivity", self.load_sensitivity, -0.9, 0.5)?;
        check::in_range("pneumatic_trail", self.pneumatic_trail, 0.0, 0.2)?;
        check::in_range("camber_stiffness", self.camber_stiffness, 0.0, 5.0)
    }

    /// Compute and keep both curves' peak roots ([`PeakRoots`]): the evaluations then take
    /// them from here instead of the per-thread cache (same bits).
    pub fn precompute(&mut self) {
        self.peak_roots = PeakRoots {
            lon: PeakRoots::kept(&self.longitudinal),
            lat: PeakRoots::kept(&self.lateral),
            lon_sliding: Some((
                self.longitudinal.c.to_bits(),
                PeakRoots::sliding_of(None, self.longitudinal.c),
            )),
            lat_sliding: Some((
                self.lateral.c.to_bits(),
                PeakRoots::sliding_of(None, self.lateral.c),
            )),
        };
    }

    /// Peak friction at load `fz`.
    pub fn mu(&self, fz: f64) -> f64 {
        let dfz = (fz - self.nominal_load) / self.nominal_load;
        self.friction * (1.0 + self.load_sensitivity * dfz).max(0.1)
    }
}

impl TireModel for SimpleMagicParams {
    /// Never a wheel torque (0 in every output).
    fn has_wheel_torque(&self) -> bool {
        false
    }

    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        let Some((fx, fy, trail)) = self.evaluate(input, ForceNeed::Both) else {
            return SteadyForces::default();
        };
        SteadyForces {
            fx,
            fy,
            mz: -trail * fy,
            ..SteadyForces::default()
        }
    }

    /// Each curve only when its force is needed (the same operations as `steady_state`).
    fn forces(&self, input: &SlipInput, need: ForceNeed) -> (f64, f64) {
        self.evaluate(input, need)
            .map_or((0.0, 0.0), |(fx, fy, _)| (fx, fy))
    }

    /// Mz = −t·Fy needs the lateral curve only (the same operations as `steady_state`).
    fn aligning_moment(&self, input: &SlipInput) -> f64 {
        self.evaluate(input, ForceNeed::Lateral)
            .map_or(0.0, |(_, fy, trail)| -trail * fy)
    }

    /// Past the peak slip (`|κ| ≥ κ_m`, `C_x > 1`) the longitudinal curve never falls below
    /// its sliding value `sin(C_x·π/2)` (model docs: the sine's argument rises monotonically
    /// from `π/2` at the peak towards `C_x·π/2 < π`), so
    /// `|Fx| ≥ D·sin(C_x·π/2)·|s_x|/s` with the combined-slip weights `s_x = κ/κ_m`,
    /// `s = √(s_x² + s_y²)`; less a margin of `10⁻⁹` relative and `10⁻¹²` on the sine, far
    /// above the rounding of either side. 0 elsewhere (before the peak, no peak, no load).
    fn sliding_fx_floor(&self, common: &SlipInput, kappa: f64, alpha: f64) -> f64 {
        self.floor_with(self.prepare(&sanitize_load(common)).as_ref(), kappa, alpha)
    }

    /// The load, surface and camber terms computed once per wheel and substep ([`KeptLoad`]).
    fn sliding_fx_floor_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        self.floor_with(kept.simple(common, |s| self.prepare(s)), kappa, alpha)
    }

    /// The load, surface and camber terms once per batch.
    fn forces_at(&self, common: &SlipInput, points: &[SlipPoint], out: &mut [(f64, f64)]) {
        let mut lat = UnitMemo::default();
        self.forces_with(
            self.prepare(&sanitize_load(common)).as_ref(),
            points,
            out,
            &mut lat,
        );
    }

    /// The load, surface and camber terms once per wheel and substep ([`KeptLoad`]).
    fn forces_at_kept(
        &self,
        common: &SlipInput,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
        kept: &mut KeptLoad,
    ) {
        let (p, lat) = kept.simple_with_unit(common, |s| self.prepare(s));
        self.forces_with(p, points, out, lat);
    }

    /// `sin(C·π/2)/(B·C)` of the lateral curve, less its margins (the `reach` module).
    fn lateral_reach_floor(&self, common: &SlipInput) -> f64 {
        self.prepare(&sanitize_load(common))
            .map_or(0.0, |p| self.reach_floor_with(&p))
    }

    /// Mz = −t·Fy from the kept load terms ([`KeptLoad`]).
    fn aligning_moment_kept(&self, input: &SlipInput, kept: &mut KeptLoad) -> f64 {
        self.aligning_moment_fields(load_fields(input), input.kappa, input.alpha, kept)
    }
}

impl SimpleMagicParams {
    /// [`TireModel::aligning_moment_kept`] of the input with the [`LoadFields`] `load` and the
    /// slips `(κ, α)`, bit for bit (the same operations): called directly by the contact
    /// solve's recorded moment (`contact::record`), which then builds no [`SlipInput`] and
    /// makes no call through the trait object.
    pub(crate) fn aligning_moment_fields(
        &self,
        load: LoadFields,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        let (kappa, alpha) = (finite_or_zero(kappa), finite_or_zero(alpha));
        let (p, lat) = kept.simple_fields_with_unit(load, |s| self.prepare(s));
        let mut units = Units {
            lon: UnitMemo::default(),
            lat: *lat,
        };
        let out = p
            .and_then(|p| self.at_slip(p, kappa, alpha, ForceNeed::Lateral, &mut units))
            .map_or(0.0, |(_, fy, trail)| -trail * fy);
        *lat = units.lat;
        out
    }
}

impl SimpleMagicParams {
    /// [`TireModel::sliding_fx_floor`] with the slip-independent terms `prepared`
    /// (`prepare(&sanitize_load(common))`).
    fn floor_with(&self, prepared: Option<&Prepared>, kappa: f64, alpha: f64) -> f64 {
        let MagicCurve { c, e, .. } = self.longitudinal;
        let (kappa, alpha) = (finite_or_zero(kappa), finite_or_zero(alpha));
        // The bound's argument needs the validated shape (E ≤ 1) and a peak (1 < C < 2).
        let shaped = c > 1.0 && c < 2.0 && e <= 1.0;
        let Some(p) = prepared.filter(|p| p.d > 0.0 && shaped) else {
            return 0.0;
        };
        if kappa.abs() < p.km * (1.0 + 1e-9) {
            return 0.0;
        }
        let alpha = p.alpha_camber.map_or(alpha, |shift| alpha + shift);
        let (sx, sy) = (kappa / p.km, alpha / p.am);
        let sliding = PeakRoots::sliding_of(self.peak_roots.lon_sliding, c) - 1e-12;
        let floor = p.d * sliding * sx.abs() / super::norm::norm(sx, sy) * (1.0 - 1e-9);
        if crate::math::finite(floor) {
            floor.max(0.0)
        } else {
            0.0
        }
    }

    /// [`TireModel::forces_at`] with the slip-independent terms `prepared` (the load,
    /// surface and camber terms and the two peak slips, `prepare(&sanitize_load(common))`).
    fn forces_with(
        &self,
        prepared: Option<&Prepared>,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
        lat: &mut UnitMemo,
    ) {
        let finite = finite_or_zero;
        // The curves' last values, shared by points with the same argument (the slope
        // probes `±κ` at one α, `±α` at one κ without camber); the lateral one from `lat`
        // (the wheel's recorded aligning moment's, [`UnitMemo`]) and left there.
        let mut units = Units {
            lon: UnitMemo::default(),
            lat: *lat,
        };
        for (pt, o) in points.iter().zip(out.iter_mut()) {
            *o = prepared
                .and_then(|p| {
                    let (kappa, alpha) = (finite(pt.kappa), finite(pt.alpha));
                    self.at_slip(p, kappa, alpha, pt.need, &mut units)
                })
                .map_or((0.0, 0.0), |(fx, fy, _)| (fx, fy));
        }
        *lat = units.lat;
    }
}

/// The slip-independent part of one evaluation ([`SimpleMagicParams::prepare`]): load,
/// surface scales and camber, shared by every slip point of a batch (and kept for the
/// wheel and substep in a [`KeptLoad`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prepared {
    /// Peak force D = µ(F_z)·s_µ·F_z. Unit: N.
    d: f64,
    /// The curves with the surface's stiffness and peak-slip scales in B.
    lon: MagicCurve,
    lat: MagicCurve,
    /// Peak slips κ_m (1) and α_m (rad).
    km: f64,
    am: f64,
    /// Camber's equivalent slip angle C_γ·γ/C_α (rad), `None` without grip (C_α = 0).
    alpha_camber: Option<f64>,
}

impl SimpleMagicParams {
    /// `(Fx, Fy, trail)` of the model docs, `None` for no force at all (no load, no slip or
    /// no grip); a force `need` does not name is 0 (its curve not evaluated).
    fn evaluate(&self, input: &SlipInput, need: ForceNeed) -> Option<(f64, f64, f64)> {
        let (kappa, alpha) = (finite_or_zero(input.kappa), finite_or_zero(input.alpha));
        self.prepare(&sanitize_load(input))
            .and_then(|p| self.at_slip(&p, kappa, alpha, need, &mut Units::default()))
    }

    /// The slip-independent part at the sanitised load and surface `s`; `None` without load.
    #[inline(always)]
    fn prepare(&self, s: &LoadInput) -> Option<Prepared> {
        if s.fz <= 0.0 {
            return None;
        }
        let d = self.mu(s.fz) * s.friction_scale * s.fz;
        // Surface scales: stiffness multiplies B, peak slip divides it (both move the peak).
        let lon = MagicCurve {
            b: self.longitudinal.b * s.stiffness_scale / s.peak_slip_scale,
            ..self.longitudinal
        };
        let lat = MagicCurve {
            b: self.lateral.b * s.stiffness_scale,
            ..self.lateral
        };
        // Equivalent slip angle: C_γ·γ/C_α = k_γ·F_z·γ/(B·C·D); none without grip (d = 0).
        let c_alpha = lat.b * lat.c * d;
        let alpha_camber =
            (c_alpha > 0.0).then(|| self.camber_stiffness * s.fz * s.gamma / c_alpha);
        Some(Prepared {
            d,
            lon,
            lat,
            // `peak_slip`'s `u/B`, with the kept roots (B does not change them).
            km: PeakRoots::root_of(self.peak_roots.lon, &lon) / lon.b,
            am: PeakRoots::root_of(self.peak_roots.lat, &lat) / lat.b,
            alpha_camber,
        })
    }

    /// The slip-dependent part at sanitised slips `(κ, α)`, each curve's value taken from
    /// `units` if it holds the one at the same argument (else evaluated and kept there).
    #[inline(always)]
    fn at_slip(
        &self,
        p: &Prepared,
        kappa: f64,
        alpha: f64,
        need: ForceNeed,
        units: &mut Units,
    ) -> Option<(f64, f64, f64)> {
        let Prepared {
            d,
            lon,
            lat,
            km,
            am,
            ..
        } = *p;
        let alpha = match p.alpha_camber {
            Some(shift) => alpha + shift,
            None => alpha,
        };
        let (sx, sy) = (kappa / km, alpha / am);
        let sn = super::norm::norm(sx, sy);
        if sn <= 0.0 || d <= 0.0 {
            return None;
        }
        let fx = if need.x() {
            if sx == 0.0 && crate::math::finite(lon.b * (sn * km)) {
                signed_zero(sx)
            } else {
                d * units.lon.unit(&lon, sn * km) * sx / sn
            }
        } else {
            0.0
        };
        let fy = if need.y() {
            if sy == 0.0 && crate::math::finite(lat.b * (sn * am)) {
                signed_zero(-sy)
            } else {
                -d * units.lat.unit(&lat, sn * am) * sy / sn
            }
        } else {
            0.0
        };
        let trail = self.pneumatic_trail * (1.0 - sn).max(0.0);
        Some((fx, fy, trail))
    }
}

/// The last value of each curve's [`MagicCurve::unit`] in a batch (or, seeded from a
/// wheel's [`UnitMemo`], since its last recorded aligning moment), keyed by the bits of
/// `B·x`: the combined-slip curve argument `s·x_m` depends on `|s_x|` and `|s_y|` only, so
/// the slope probes `(±κ, α)` (and `(κ, ±α)` without camber) evaluate each curve once.
#[derive(Default)]
struct Units {
    lon: UnitMemo,
    lat: UnitMemo,
}

/// `±d·unit(s·x_m)·s_i/s` at `s_i = ±0` without the curve: with `d > 0`, `s > 0` and `B·s·x_m`
/// finite, `unit` is finite and in `[0, 1]` (`C ∈ (0, 2)`, `E ≤ 1` make the `atan` argument
/// `(1 − E)·Bx + E·atan Bx ≥ 0`, so the sine's argument is in `[0, C·π/2] ⊂ [0, π)`), and
/// the product is a zero with the sign of `±s_i` — the very bits of the formula
/// (`tests::a_zero_slip_is_the_formulas_signed_zero`). Saves the curve at the contact solve's
/// zero-slip points `(0, α₀)` and `(κ₀, 0)`.
#[inline]
fn signed_zero(sign_of: f64) -> f64 {
    0.0_f64.copysign(sign_of)
}

mod curve;
pub use curve::MagicCurve;
use curve::{solve_peak_root, stale_root};
mod linear;
pub(crate) use linear::SecantSlips;
mod memo;
pub use memo::UnitMemo;
mod reach;
#[cfg(test)]
mod tests;
