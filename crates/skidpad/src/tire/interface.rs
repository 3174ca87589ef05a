//! The steady-state tire interface every model implements, and the custom-model hook.
//!
//! A model maps the slip state and load of one tire to forces and moments in the ISO tire
//! frame (x along the wheel heading in the ground plane, y left, z up the ground normal):
//!
//! ```text
//! κ = (ωR_e − Vx)/|Vx|     α = atan(Vy/|Vx|)     γ = inclination (camber), + top leaning to −y
//! Fx > 0 driving,  Fy > 0 to the left,  Mz > 0 counter-clockwise seen from above
//! ```
//! With this convention a tire sliding left (α > 0) is pushed right: `Fy ≈ −C_α·α`, and a
//! tire whose top leans right (γ > 0, a positive rotation about x seen from behind, the
//! Magic Formula's ISO γ) is pushed right by its camber thrust: `Fy ≈ −C_γ·γ`. On a vehicle
//! γ is the wheel's inclination to the road ([`crate::wheel::inclination`]): positive camber
//! (top outward) is γ < 0 on a left wheel and γ > 0 on a right one.
//!
//! Users plug their own model (the PhysX "tire shader" / Jolt callback role) by implementing
//! [`TireModel`]; everything the built-in models see is in [`SlipInput`] (with the wheel's
//! spin and radius, as PhysX's shader input), and besides forces and moments a model may
//! return a torque on the wheel's axle ([`SteadyForces::wheel_torque`], PhysX's shader
//! output).
//!
//! ```
//! use skidpad::tire::interface::{SlipInput, SteadyForces, TireModel};
//! /// A toy linear tire: 60 kN per unit slip, 50 kN/rad.
//! #[derive(Debug)]
//! struct Linear;
//! impl TireModel for Linear {
//!     fn steady_state(&self, s: &SlipInput) -> SteadyForces {
//!         SteadyForces { fx: 60e3 * s.kappa, fy: -50e3 * s.alpha, ..SteadyForces::default() }
//!     }
//! }
//! let f = Linear.steady_state(&SlipInput { fz: 4000.0, kappa: 0.01, ..SlipInput::default() });
//! assert_eq!(f.fx, 600.0);
//! ```

use std::fmt::Debug;

mod kept;
mod linear;
mod mf;
pub use kept::KeptLoad;
pub(in crate::tire) use kept::{CurveFields, curve_input};
pub use linear::LinearCircle;

/// The slip state and load of one tire, the input of every [`TireModel`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlipInput {
    /// Normal load. Unit: N (≥ 0).
    pub fz: f64,
    /// Longitudinal slip ratio κ. Unit: 1.
    pub kappa: f64,
    /// Slip angle α. Unit: rad.
    pub alpha: f64,
    /// Inclination (camber) angle γ relative to the ground, + top leaning to the tyre's right
    /// (−y), as the Magic Formula's γ. Unit: rad.
    pub gamma: f64,
    /// Forward speed of the wheel centre over the ground. Unit: m/s.
    pub vx: f64,
    /// Load this tire carries at rest (sprung mass × g), for normalised-load graphs. Unit: N.
    pub rest_load: f64,
    /// Friction multiplier from the surface (and tire-type × surface table). Unit: 1.
    pub friction_scale: f64,
    /// Slip-stiffness multiplier from the surface. Unit: 1.
    pub stiffness_scale: f64,
    /// Peak-slip multiplier from the surface (LibreRally `PeakSlipRatioScale`: loose surfaces
    /// peak later). Every built-in model stretches its longitudinal slip axis by it,
    /// `Fx_s(κ, α) = F(κ/s, α)` ([`longitudinal_slip`]): the peak moves from κ_m to s·κ_m, the
    /// peak force stays, the small-slip stiffness becomes `C_κ/s`; the lateral axis is not
    /// scaled. Unit: 1.
    pub peak_slip_scale: f64,
    /// Gravitational acceleration (PhysX "per unit gravity" stiffnesses). Unit: m/s².
    pub gravity: f64,
    /// Turn slip φ = −ψ̇_wheel/|Vx| (Pacejka §4.3.3): the wheel's yaw rate over its speed.
    /// Unit: 1/m. None of the built-in models uses it (the Magic Formula runs with ζ = 1, no
    /// turn slip); it is here for custom models (parking torque, tight manoeuvres).
    pub turn_slip: f64,
    /// Inflation pressure, 0 = unknown (a Magic Formula 6.x file then uses its INFLPRES).
    /// Unit: Pa.
    pub pressure: f64,
    /// Wheel radius (the rolling radius the slips use), 0 = unknown. The brush tire's camber
    /// thrust needs it; custom models may use it (PhysX tire-shader input). Unit: m (≥ 0).
    pub radius: f64,
    /// Wheel spin rate at the start of the step, positive rolling forward (PhysX tire-shader
    /// input; the slips above already contain it). Unit: rad/s.
    pub omega: f64,
}

impl Default for SlipInput {
    fn default() -> Self {
        Self {
            fz: 0.0,
            kappa: 0.0,
            alpha: 0.0,
            gamma: 0.0,
            vx: 0.0,
            rest_load: 0.0,
            friction_scale: 1.0,
            stiffness_scale: 1.0,
            peak_slip_scale: 1.0,
            gravity: 9.81,
            turn_slip: 0.0,
            pressure: 0.0,
            radius: 0.0,
            omega: 0.0,
        }
    }
}

/// Steady-state tire forces and moments in the ISO tire frame.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SteadyForces {
    /// Longitudinal force. Unit: N.
    pub fx: f64,
    /// Lateral force. Unit: N.
    pub fy: f64,
    /// Aligning moment. Unit: N·m.
    pub mz: f64,
    /// Overturning moment. Unit: N·m.
    pub mx: f64,
    /// Rolling-resistance moment (reported; the wheel's spin feels the tyre's
    /// `rolling_resistance` instead, so a Magic Formula My is not counted twice). Unit: N·m.
    pub my: f64,
    /// Torque the tyre puts on the wheel about its axle beyond the reaction `−R·Fx` of the
    /// longitudinal force, which the contact solve applies itself (implicitly): a custom
    /// model's own drag, hysteresis or hub moment, + spinning the wheel forward. PhysX's tire
    /// shader returns the whole axle torque, `−R·Fx` plus this. Applied explicitly, at the
    /// start-of-step slips. Every built-in model returns 0. Unit: N·m.
    pub wheel_torque: f64,
}

impl SteadyForces {
    /// True if every component is finite.
    pub fn is_finite(&self) -> bool {
        self.fx.is_finite()
            && self.fy.is_finite()
            && self.mz.is_finite()
            && self.mx.is_finite()
            && self.my.is_finite()
            && self.wheel_torque.is_finite()
    }
}

/// A steady-state tire model. Implementations must be pure (same input, same output), must
/// not allocate, and must return finite values for any finite input with `fz ≥ 0` (zero load
/// → zero force).
pub trait TireModel: Debug + Send + Sync {
    /// Forces and moments for one slip state.
    fn steady_state(&self, input: &SlipInput) -> SteadyForces;

    /// The forces `(Fx, Fy)` of [`TireModel::steady_state`] at `input`, of which only those
    /// `need` names must be right (the other may be any finite value). The contact solve
    /// ([`super::contact`]) asks for its zero-slip and force-limit points this way (5–9 of
    /// its 7–11 evaluations per wheel and substep), so a model can skip its moments and the
    /// curve not asked for. Must equal `steady_state`'s `fx` and `fy` bit for bit (the
    /// built-in models are tested for it); the default calls [`TireModel::steady_state`].
    fn forces(&self, input: &SlipInput, need: ForceNeed) -> (f64, f64) {
        let _ = need;
        let f = self.steady_state(input);
        (f.fx, f.fy)
    }

    /// [`TireModel::forces`] at several slip points that share everything but the slips:
    /// `out[i]` is `forces(&SlipInput { kappa: points[i].kappa, alpha: points[i].alpha,
    /// ..*common }, points[i].need)`, bit for bit (`out` at least as long as `points`). The
    /// contact solve asks for all its points of a wheel and substep this way (6–10), so a
    /// model can compute its slip-independent part (load, camber, pressure, surface terms)
    /// once and share terms that depend on κ alone or α alone between points. The default
    /// calls [`TireModel::forces`] per point.
    fn forces_at(&self, common: &SlipInput, points: &[SlipPoint], out: &mut [(f64, f64)]) {
        for (p, o) in points.iter().zip(out.iter_mut()) {
            *o = self.forces(&p.input(common), p.need);
        }
    }

    /// [`TireModel::steady_state`]'s `mz` at `input`, bit for bit: the aligning moment the
    /// contact solve records every substep ([`super::contact::record`]), so a model can skip
    /// its other moments. The default calls [`TireModel::steady_state`].
    fn aligning_moment(&self, input: &SlipInput) -> f64 {
        self.steady_state(input).mz
    }

    /// A lower bound of `|Fx|` at the point `(κ, α)` of `common` ([`TireModel::forces_at`]'s
    /// force there, `need` [`ForceNeed::Both`]), cheaper than the force: the contact solve
    /// evaluates its force limit's sliding probe at `κ = ±1` only for a force longer than this
    /// bound ([`super::contact`]). Must never exceed the `|Fx|` the model computes, rounding
    /// included (a bound above it would change results); the default, 0, is always right.
    /// Unit: N.
    fn sliding_fx_floor(&self, common: &SlipInput, kappa: f64, alpha: f64) -> f64 {
        let _ = (common, kappa, alpha);
        0.0
    }

    /// [`TireModel::forces_at`], bit for bit, with `kept`: the slip-independent terms a
    /// built-in model computed for this load in an earlier call of the same wheel and substep
    /// ([`KeptLoad`]), used if they are for `common`'s load and surface, else computed and
    /// kept. The contact solve passes one `kept` to this, [`TireModel::sliding_fx_floor_kept`]
    /// and [`TireModel::aligning_moment_kept`], so a model computes its load terms once per
    /// wheel and substep. `kept` must come from this model (or be new). The default ignores
    /// it.
    fn forces_at_kept(
        &self,
        common: &SlipInput,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
        kept: &mut KeptLoad,
    ) {
        let _ = kept;
        self.forces_at(common, points, out);
    }

    /// [`TireModel::sliding_fx_floor`], bit for bit, with `kept` as
    /// [`TireModel::forces_at_kept`] takes it. The default ignores it.
    fn sliding_fx_floor_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        let _ = kept;
        self.sliding_fx_floor(common, kappa, alpha)
    }

    /// A lower bound of the same `|Fx|` as [`TireModel::sliding_fx_floor_kept`] (that floor,
    /// or any coarser, cheaper one), for the contact solve's lazy force limit: a force within
    /// it is never clamped, one beyond it takes the full limit, so the solve's results do not
    /// depend on which bound a model gives (the full Magic Formula's coarse floor, `mf`'s
    /// `floor.rs`). Must never exceed the model's `|Fx|`, rounding included. Default:
    /// [`TireModel::sliding_fx_floor_kept`]. Unit: N. `#[inline]`: the models without a
    /// bound of their own (the simplified MF of the presets) take their floor through it
    /// without a call of their own.
    #[inline]
    fn sliding_fx_bound_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        self.sliding_fx_floor_kept(common, kappa, alpha, kept)
    }

    /// [`TireModel::aligning_moment`], bit for bit, with `kept` as
    /// [`TireModel::forces_at_kept`] takes it. The default ignores it.
    fn aligning_moment_kept(&self, input: &SlipInput, kept: &mut KeptLoad) -> f64 {
        let _ = kept;
        self.aligning_moment(input)
    }

    /// [`TireModel::aligning_moment_kept`] at an `input` whose slip angle is
    /// `atan(tan_alpha)` (the contact solve's recorded moment, which has `tan α` first): a
    /// model may take `tan_alpha` for `tan(input.alpha)` (`tan(atan x) = x`, so the same
    /// moment within round-off; the full Magic Formula's slip speed `Vsy = tan α·|Vx|`). The
    /// default ignores it: [`TireModel::aligning_moment_kept`]'s bits.
    fn aligning_moment_tan_kept(
        &self,
        input: &SlipInput,
        tan_alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        let _ = tan_alpha;
        self.aligning_moment_kept(input, kept)
    }

    /// A lower bound of the force's length `|(Fx, Fy)|` at `(κ, α)` of `common`, with `kept`
    /// as [`TireModel::forces_at_kept`] takes it: the contact solve's bound of its force
    /// limit at the sliding probe `(±1, α_p)` without grip limits. Same rule as
    /// [`TireModel::sliding_fx_floor`] (never above the length the model computes); the
    /// default, that `|Fx|` floor, is always right (`|Fx| ≤ |F|`). Unit: N.
    fn sliding_force_floor_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        self.sliding_fx_floor_kept(common, kappa, alpha, kept)
    }

    /// `Some((Fx, Fy))` if at `common`'s load and surface [`TireModel::forces_at`] gives
    /// this `Fx`, bit for bit, at `κ = +0` for every `α`, and this `Fy` at `α = +0` for
    /// every `κ` (a model linear in the slips below its limit: the signed zeros): the
    /// contact solve then takes its secants' zero-slip forces without evaluating them.
    /// `kept` as [`TireModel::forces_at_kept`] takes it. Default: `None`.
    fn zero_slip_forces(&self, common: &SlipInput, kept: &mut KeptLoad) -> Option<(f64, f64)> {
        let _ = (common, kept);
        None
    }

    /// `Some(shape)` if at `common`'s load and surface the model's forces are a
    /// [`LinearCircle`]'s: [`TireModel::forces_at`] at `(κ, α)` is `shape.point(κ, tan α)`
    /// for `|α| ≤ atan t_max` (`α` clamped beyond) to round-off, at `κ = +0` and at
    /// `α = +0` exactly the zero-slip forces `(+0, −0)` ([`TireModel::zero_slip_forces`]),
    /// [`TireModel::sliding_force_floor_kept`] is `shape.sliding_floor(κ)`, and the model
    /// has no wheel torque. The contact solve then linearises in closed form from `tan α`
    /// (no `atan`, no `tan`, no batch; results within round-off of the evaluated ones).
    /// `kept` as [`TireModel::forces_at_kept`] takes it. Default: `None`.
    fn linear_circle_kept(&self, common: &SlipInput, kept: &mut KeptLoad) -> Option<LinearCircle> {
        let _ = (common, kept);
        None
    }

    /// A lower bound of the lateral carcass's reach in slip, `F_slide/K_α` at `common`'s
    /// load and surface as [`super::contact::carcass_reach_y`] evaluates it without grip
    /// limits (`tan α = ±10⁻⁴` for `K_α`, `±1` for `F_slide`; rounding included): the holds
    /// of a deflection against its slip evaluate the reach only beyond `σy` times this. Must
    /// never exceed the evaluated ratio; the default, 0, is always right. Unit: 1.
    fn lateral_reach_floor(&self, common: &SlipInput) -> f64 {
        let _ = common;
        0.0
    }

    /// [`TireModel::lateral_reach_floor`] with `kept` as [`TireModel::forces_at_kept`]
    /// takes it (the holds pass the wheel's kept terms). The default ignores it.
    fn lateral_reach_floor_kept(&self, common: &SlipInput, kept: &mut KeptLoad) -> f64 {
        let _ = kept;
        self.lateral_reach_floor(common)
    }

    /// A lower bound of the longitudinal carcass's reach in slip, `F_slide,x/K_x` at
    /// `common`'s load and surface as [`super::contact::carcass_reach_x`] evaluates it
    /// without grip limits (`κ = ±10⁻⁴` for `K_x`, `±1` for `F_slide,x`, α = 0; rounding
    /// included), with `kept` as [`TireModel::forces_at_kept`] takes it: the hold of a
    /// deflection against its slip evaluates the reach only beyond `σx` times this. Must
    /// never exceed the evaluated ratio; the default, 0, is always right. Unit: 1.
    fn longitudinal_reach_floor_kept(&self, common: &SlipInput, kept: &mut KeptLoad) -> f64 {
        let _ = (common, kept);
        0.0
    }

    /// `false` if [`SteadyForces::mz`] is 0 for every input (the friction-circle tyre), so
    /// the contact solve records `Mz = 0` without asking. Default: `true`.
    fn has_aligning_moment(&self) -> bool {
        true
    }

    /// `false` if [`SteadyForces::wheel_torque`] is 0 for every input (every built-in model),
    /// so the contact solve may take its start-of-step forces from
    /// [`TireModel::forces_at`] instead of a full [`TireModel::steady_state`]. Default:
    /// `true`.
    fn has_wheel_torque(&self) -> bool {
        true
    }
}

/// One point of a [`TireModel::forces_at`] batch: its slips and the forces it needs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlipPoint {
    /// Longitudinal slip ratio κ. Unit: 1.
    pub kappa: f64,
    /// Slip angle α. Unit: rad.
    pub alpha: f64,
    /// The forces needed at this point.
    pub need: ForceNeed,
}

impl SlipPoint {
    /// `common` with this point's slips.
    #[inline]
    pub fn input(&self, common: &SlipInput) -> SlipInput {
        SlipInput {
            kappa: self.kappa,
            alpha: self.alpha,
            ..*common
        }
    }
}

/// Most points one [`TireModel::forces_at`] batch of the contact solve holds (and the
/// capacity of the built-in models' per-batch tables). Larger batches are allowed; the
/// built-in models then evaluate them in chunks of this size.
pub const MAX_SLIP_POINTS: usize = 12;

/// Which of the forces a caller of [`TireModel::forces`] needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForceNeed {
    /// `Fx` only.
    Longitudinal,
    /// `Fy` only.
    Lateral,
    /// Both `Fx` and `Fy`.
    Both,
}

impl ForceNeed {
    /// True if `Fx` is needed.
    #[inline]
    pub fn x(self) -> bool {
        self != ForceNeed::Lateral
    }

    /// True if `Fy` is needed.
    #[inline]
    pub fn y(self) -> bool {
        self != ForceNeed::Longitudinal
    }
}

/// The longitudinal slip a model evaluates: `κ/s` with `s` the peak-slip scale (a
/// non-finite or non-positive scale counts as 1). Every built-in model uses it in place of
/// κ — also in the slip-dependent friction of the slip-curve tire — so the whole longitudinal
/// curve stretches along the slip axis and its peak moves to `s·κ_m` (the simplified Magic
/// Formula does the same through `B_x/s`, which is the identical curve).
#[inline]
pub fn longitudinal_slip(s: &SlipInput) -> f64 {
    s.kappa / peak_slip_scale(s)
}

/// The peak-slip scale [`longitudinal_slip`] divides by (a non-finite or non-positive scale
/// counts as 1).
#[inline]
fn peak_slip_scale(s: &SlipInput) -> f64 {
    if positive_finite(s.peak_slip_scale) {
        s.peak_slip_scale
    } else {
        1.0
    }
}

/// Treat non-finite slip inputs as zero slip and negative loads as zero (the documented rule
/// shared by the built-in models).
pub(crate) fn sanitize(s: &SlipInput) -> SlipInput {
    sanitize_inline(s)
}

/// [`sanitize`] always inlined: for the slip curve's kept load terms ([`KeptLoad`]), which
/// read a few of its fields (out of line, as the inliner left it once other callers changed,
/// the slip-curve ray car paid ≈ 350 instructions a vehicle-step for the copy out).
#[inline(always)]
pub(crate) fn sanitize_inline(s: &SlipInput) -> SlipInput {
    let f = finite_or_zero;
    SlipInput {
        fz: f(s.fz).max(0.0),
        kappa: f(s.kappa),
        alpha: f(s.alpha),
        gamma: f(s.gamma),
        vx: f(s.vx),
        rest_load: f(s.rest_load).max(0.0),
        friction_scale: f(s.friction_scale).max(0.0),
        stiffness_scale: positive_or_one(s.stiffness_scale),
        peak_slip_scale: positive_or_one(s.peak_slip_scale),
        gravity: if positive_finite(s.gravity) {
            s.gravity
        } else {
            9.81
        },
        turn_slip: f(s.turn_slip),
        pressure: f(s.pressure).max(0.0),
        radius: f(s.radius).max(0.0),
        omega: f(s.omega),
    }
}

/// [`sanitize`]'s rule for a slip, camber, speed or (then clamped) load: non-finite is 0.
#[inline]
pub(crate) fn finite_or_zero(v: f64) -> f64 {
    // `is_finite` as one comparison (`crate::math::finite`, the same answer).
    if crate::math::finite(v) { v } else { 0.0 }
}

/// [`sanitize`]'s rule for a surface's stiffness and peak-slip scales: non-finite or
/// non-positive is 1.
#[inline]
fn positive_or_one(v: f64) -> f64 {
    if positive_finite(v) { v } else { 1.0 }
}

/// `v.is_finite() && v > 0.0` for every `v` (NaN fails both comparisons), as
/// `0 < v ≤ f64::MAX`: two comparisons (LLVM turns `0 < v < ∞` into the float-class bit
/// tests, 16 instructions; the full MF runs it five times a wheel and substep).
#[inline]
pub(crate) fn positive_finite(v: f64) -> bool {
    v > 0.0 && v <= f64::MAX
}

/// The load, camber and surface fields of [`sanitize`]`(s)`, bit for bit, without the other
/// nine: what the simplified Magic Formula's slip-independent part reads
/// ([`super::simple_magic`]), which sanitises the slips it uses itself.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LoadInput {
    /// [`SlipInput::fz`], sanitised. Unit: N.
    pub fz: f64,
    /// [`SlipInput::gamma`], sanitised. Unit: rad.
    pub gamma: f64,
    /// [`SlipInput::friction_scale`], sanitised. Unit: 1.
    pub friction_scale: f64,
    /// [`SlipInput::stiffness_scale`], sanitised. Unit: 1.
    pub stiffness_scale: f64,
    /// [`SlipInput::peak_slip_scale`], sanitised. Unit: 1.
    pub peak_slip_scale: f64,
}

/// The five [`SlipInput`] fields [`sanitize_load`] reads, as given (not sanitised):
/// `[fz, gamma, friction_scale, stiffness_scale, peak_slip_scale]`. A caller that has them
/// without a whole `SlipInput` (the recorded aligning moment, `contact::record`) passes
/// these instead of building one.
pub(crate) type LoadFields = [f64; 5];

/// The [`LoadFields`] of `s`.
#[inline]
pub(crate) fn load_fields(s: &SlipInput) -> LoadFields {
    [
        s.fz,
        s.gamma,
        s.friction_scale,
        s.stiffness_scale,
        s.peak_slip_scale,
    ]
}

/// The slip-curve tyre's seven load fields of `s`, `[fz, rest_load, gamma, gravity,
/// friction_scale, stiffness_scale, peak_slip_scale]`: what its load terms depend on (their
/// key in [`KeptLoad`]).
#[inline]
pub(crate) fn curve_load_fields(s: &SlipInput) -> [f64; 7] {
    [
        s.fz,
        s.rest_load,
        s.gamma,
        s.gravity,
        s.friction_scale,
        s.stiffness_scale,
        s.peak_slip_scale,
    ]
}

/// [`LoadInput`] of `s`: the same rules as [`sanitize`].
#[inline]
pub(crate) fn sanitize_load(s: &SlipInput) -> LoadInput {
    sanitize_load_fields(load_fields(s))
}

/// [`sanitize_load`] of the input whose [`LoadFields`] are `fields`.
#[inline]
pub(crate) fn sanitize_load_fields(
    [fz, gamma, friction_scale, stiffness_scale, peak_slip_scale]: LoadFields,
) -> LoadInput {
    LoadInput {
        fz: finite_or_zero(fz).max(0.0),
        gamma: finite_or_zero(gamma),
        friction_scale: finite_or_zero(friction_scale).max(0.0),
        stiffness_scale: positive_or_one(stiffness_scale),
        peak_slip_scale: positive_or_one(peak_slip_scale),
    }
}
