//! Contact solve for the tire models ([`TireModel`]) with transient slip.
//!
//! Every model runs here (the friction-circle tire as
//! [`super::friction_circle::FrictionCircleParams`]): the carcass deflections `u, v` of
//! [`super::transient`] carry the slip, the model is evaluated at the transient slips
//! `κ' = u/σx`, `tan α' = v/σy`, and one backward-Euler step couples deflection, wheel spin and
//! the corner mass.
//!
//! # Linearisation
//! Around the current transient slips the model is replaced by its **secant** through the
//! zero-slip force (so shifts such as ply-steer are kept and the slope is never negative):
//!
//! ```text
//! Fx ≈ Fx(0, α₀) + K_x·κ',   K_x = (Fx(κ₀, α₀) − Fx(0, α₀))/κ₀   (central difference at κ₀ ≈ 0)
//! Fy ≈ Fy(κ₀, 0) − K_y·tan α',  likewise
//! ```
//! With the patch spring `k = K/σ`, a low-speed damper `c = w(|Vx|)·2ζ√(k·m)` (m the corner's
//! sprung mass) and `A = 1/(1 + dt·|Vx|/σ)`, the deflection integrates the *measured* contact
//! velocity (what the chassis did under every force — gravity and the other wheels included;
//! predicting it from this corner alone would let a parked car creep) while the damper sees
//! the corner's implicit velocity change `Vx' = Vx + dt·Fx'/m`:
//!
//! ```text
//! u' = A(u + dt·(ω'R − Vx)),   Fx' = Fx₀ + k·u' + c·(ω'R − Vx')
//!     ⇒ Fx'(ω') = [Fx₀ + k·A·u + G(ωR − Vx)]/D + G·R/D·(ω' − ω),  G = k·A·dt + c,  D = 1 + c·dt/m
//! v' = A_y(v + dt·Vy),         Fy' = (Fy₀ − k_y·v' − c_y·Vy)/(1 + c_y·dt/m)
//! ```
//! The spring part is symplectic-Euler-like against the chassis (stable while
//! `√(k/m)·dt < 2`, ≈ 0.6 at 60 Hz for a stiff passenger tire); the damper is implicit.
//! This affine `Fx(ω')` is what the drivetrain's coupled solve takes. The force is then limited
//! to the largest of the model's forces at the slips the step predicts and at full sliding
//! (κ = ±1, tan α = ±1) — so a linear extrapolation never exceeds what the tire can give — and
//! the brake acts as Coulomb friction on the wheel. The limit is `max(|F(κ_p, α_p)|, |F(±1, α_p)|,
//! |F(κ_p, ±1)|)`. A force within a lower bound of it is never clamped, so the direct-drive
//! solve ([`solve`]) evaluates the limit only for a longer force: the bound is the model's
//! closed-form floor of `|F(±1, α_p)|` (or coarser, [`TireModel::sliding_fx_bound_kept`])
//! where it has one — then `(κ_p, α_p)` waits with the probes — else `|F(κ_p, α_p)|`; same
//! result, bit for bit.
//! So does the drivetrain's coupled solve
//! ([`crate::tire::model::linearize_contact_lazy`]): it runs with the bound as the limit and
//! repeats with the full limit of every wheel whose force reached it
//! ([`crate::drivetrain::solver::solve_lazy`]).
//!
//! A tyre linear in `κ` and `tan α` below one friction circle (the friction-circle tyre:
//! [`TireModel::linear_circle_kept`]) is linearised in closed form, from `tan α'` itself
//! rather than the model at `atan(tan α')`: the same secants, probes and floor, within
//! round-off (the `circle` module). The slip-curve tyre is linearised without the batch, its
//! points asked one at a time with the same arithmetic, so bit for bit (the `curve` module);
//! so is the simplified Magic Formula, the shipped presets' tyre, at unit grip limits with the
//! lazy limit (the `simple` module: its zero-slip points, zeros without their curve on
//! nearly every contact, taken inline).
//!
//! At standstill (`Vx = 0`, `A = 1`) the deflection integrates the slip velocity: the tire is a
//! spring of stiffness `K/σ` with critical damping, which holds a braked car on a grade without
//! creep — the "sticky tire" behaviour PhysX 5 gets from a constraint, here from the carcass
//! itself (Pacejka §7.2 and §8.6.2).

use super::FrictionCircleParams;
use super::interface::{
    ForceNeed, KeptLoad, MAX_SLIP_POINTS, SlipInput, SlipPoint, SteadyForces, TireModel,
};
use super::model::{ContactInput, TireForce, rolling_resistance_torque};
use super::params::{TireModelKind, TireParams};
use super::state::TireState;
use super::transient::RelaxationParams;
use super::trig::atan;
use arrayvec::ArrayVec;
pub(crate) use circle::solve_friction_circle;
use curve::curve_fields;
pub(crate) use curve::linearize_slip_curve;
pub(crate) use simple::linearize_simple;

mod circle;
mod curve;
mod limit;
mod patch;
mod record;
mod simple;
mod slips;
mod slopes;
mod spin;
pub(crate) use limit::SlideProbes;
pub use limit::saturate;
pub(crate) use limit::saturate_inline;
use limit::{LazyClamp, push_slide_probes};
pub use patch::{
    HOLD_MIN_SLIP, carcass_reach_x, carcass_reach_y, finish, hold_start, patch_energy,
};
use patch::{finish_kept, hold_start_kept};
use record::record_kept;
pub(crate) use record::{finish_record_kept, hold_kept};
pub use record::{moments, record};
use slips::{Slips, patch_response};
use slopes::SlopePoints;
pub use spin::solve_spin;
use spin::solve_spin_with;

/// Slip used for the central-difference slope at zero slip.
pub const SLOPE_PROBE: f64 = 1e-4;

/// Smallest force limit used when the model returns (almost) nothing: keeps the clamp finite.
pub const MIN_LIMIT: f64 = 1e-9;

/// The affine end-of-step force of one contact, for scalar or coupled spin solves.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TransientLinear {
    /// Fx at ω' = ω. Unit: N.
    pub fx0: f64,
    /// dFx/dω'. Unit: N·s/rad.
    pub dfx_domega: f64,
    /// End-of-step lateral force. Unit: N.
    pub fy: f64,
    /// Force magnitude the model allows at the predicted slips. Unit: N.
    pub limit: f64,
    /// The model's own torque on the wheel axle at the start-of-step slips
    /// ([`SteadyForces::wheel_torque`]), applied explicitly. Unit: N·m.
    pub wheel_torque: f64,
}

/// The model's input at transient slips `(κ, α)` with the wheel spinning at `omega`.
fn slip_input(c: &ContactInput, omega: f64, kappa: f64, alpha: f64) -> SlipInput {
    SlipInput {
        fz: c.load.max(0.0),
        kappa,
        alpha,
        gamma: c.camber,
        vx: c.vx,
        rest_load: c.rest_load,
        friction_scale: c.friction_scale,
        stiffness_scale: c.stiffness_scale,
        peak_slip_scale: c.peak_slip_scale,
        gravity: c.gravity,
        turn_slip: c.turn_slip,
        pressure: c.pressure,
        radius: c.radius,
        omega,
    }
}

/// The slip angle the model sees at transient slip `tan α`: `atan(tan α/s_y)` with `s_y` the
/// lateral grip limit (see [`eval`]); computed once per distinct `tan α` and shared by the
/// evaluations at it.
fn model_alpha(c: &ContactInput, tan_alpha: f64) -> f64 {
    atan(model_tan(c, tan_alpha))
}

/// The tangent of [`model_alpha`]'s angle: `tan α/s_y` (`tan α` itself at unit grip limits).
#[inline]
fn model_tan(c: &ContactInput, tan_alpha: f64) -> f64 {
    let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
    if sx == 1.0 && sy == 1.0 {
        tan_alpha
    } else {
        tan_alpha / sy
    }
}

/// [`model_alpha`]`(c, 0)`, bit for bit, without the `atan` call at unit grip limits (then
/// `atan(+0) = +0`: [`atan`] returns an argument below `2⁻²⁷` as it is).
#[inline]
fn zero_alpha(c: &ContactInput) -> f64 {
    if c.grip_x == 1.0 && c.lateral_grip_limit() == 1.0 {
        0.0
    } else {
        model_alpha(c, 0.0)
    }
}

/// `model` at transient slips `(κ, tan α)` with the grip limits applied
/// ([`super::TireParams::longitudinal_grip`]): `F'x = s_x·Fx(κ/s_x, tan α/s_y)`,
/// `F'y = s_y·Fy(…)`, moments about z scaled with `s_y`; `s_y` includes the hand-brake
/// shaping ([`ContactInput::lateral_grip_limit`]). Identity, bit for bit, at
/// `s_x = s_y = 1`. `alpha` is [`model_alpha`] of `tan α`.
fn eval<M: TireModel + ?Sized>(
    model: &M,
    c: &ContactInput,
    omega: f64,
    kappa: f64,
    alpha: f64,
) -> SteadyForces {
    let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
    if sx == 1.0 && sy == 1.0 {
        return model.steady_state(&slip_input(c, omega, kappa, alpha));
    }
    let f = model.steady_state(&slip_input(c, omega, kappa / sx, alpha));
    SteadyForces {
        fx: sx * f.fx,
        fy: sy * f.fy,
        mz: sy * f.mz,
        ..f
    }
}

/// The evaluation points of one wheel and substep ([`linearize`]), asked of the model in one
/// [`TireModel::forces_at`] batch. A point is stored as [`eval`] evaluates it (`κ/s_x` under
/// a grip limit) and its forces are scaled back by [`Batch::force`], so each is bit for bit
/// the [`eval`] force at its slips. The points are a fixed-capacity list: only those pushed
/// are written (a new batch per wheel and substep zeroes none of the 12 slots).
struct Batch {
    points: ArrayVec<SlipPoint, MAX_SLIP_POINTS>,
    out: [(f64, f64); MAX_SLIP_POINTS],
    /// `(s_x, s_y)`, or `None` at `s_x = s_y = 1`.
    grip: Option<(f64, f64)>,
}

impl Batch {
    fn new(c: &ContactInput) -> Self {
        let (sx, sy) = (c.grip_x, c.lateral_grip_limit());
        Self {
            points: ArrayVec::new(),
            out: [(0.0, 0.0); MAX_SLIP_POINTS],
            grip: (sx != 1.0 || sy != 1.0).then_some((sx, sy)),
        }
    }

    /// Add the point `(κ, α)` (`α` from [`model_alpha`]); returns its index.
    fn push(&mut self, kappa: f64, alpha: f64, need: ForceNeed) -> usize {
        let kappa = match self.grip {
            Some((sx, _)) => kappa / sx,
            None => kappa,
        };
        self.points.push(SlipPoint { kappa, alpha, need });
        self.points.len() - 1
    }

    /// Evaluate every point, with the load terms `kept` ([`TireModel::forces_at_kept`]).
    fn evaluate<M: TireModel + ?Sized>(
        &mut self,
        model: &M,
        common: &SlipInput,
        kept: &mut KeptLoad,
    ) {
        let n = self.points.len();
        model.forces_at_kept(common, &self.points, &mut self.out[..n], kept);
    }

    /// `(Fx, Fy)` of point `i` with the grip limits applied (only those its `need` names are
    /// meaningful).
    fn force(&self, i: usize) -> (f64, f64) {
        let (fx, fy) = self.out[i];
        match self.grip {
            Some((sx, sy)) => (sx * fx, sy * fy),
            None => (fx, fy),
        }
    }

    /// `|(Fx, Fy)|` of point `i` ([`Batch::force`]). Unit: N.
    fn magnitude(&self, i: usize) -> f64 {
        let (fx, fy) = self.force(i);
        super::norm::norm(fx, fy)
    }
}

/// Linearise the contact of a steady-state model with transient slip (see the module docs).
///
/// The model is evaluated in one batch ([`TireModel::forces_at`]) at up to 9 points: the
/// start-of-step slips `(κ₀, α₀)` (unless the model returns a wheel torque: then a full
/// [`TireModel::steady_state`]), the zero-slip points `(0, α₀)` and `(κ₀, 0)` of the secants,
/// the slope probes `±`[`SLOPE_PROBE`] of a slip within the probe of 0, and the three points
/// of the force limit: the predicted slips `(κ_p, α_p)` and full sliding `(±1, α_p)`,
/// `(κ_p, atan(±1))`.
pub fn linearize(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
) -> TransientLinear {
    linearize_with(
        model,
        r,
        c,
        s,
        dt,
        LimitMode::Eager,
        &mut KeptLoad::default(),
    )
    .0
}

/// How [`linearize_with`] evaluates the force limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LimitMode {
    /// The whole limit with the batch ([`linearize`]).
    Eager,
    /// A lower bound of the limit, completed by [`SlideProbes::limit`]: the model's sliding
    /// floor where it has one (then `(κ_p, α_p)` waits too), else `|F(κ_p, α_p)|`.
    Lazy,
    /// [`LimitMode::Lazy`], and the model asked for its known zero-slip forces
    /// ([`TireModel::zero_slip_forces`]) and its floor of the whole force at the sliding
    /// probe ([`TireModel::sliding_force_floor_kept`]): the friction-circle tyre and custom
    /// models. The other built-in models are not asked: a call each wheel and substep that
    /// would return the defaults.
    LazyLinear,
    /// [`LimitMode::Lazy`] where the model's sliding floor is positive, else
    /// [`LimitMode::Eager`] (the full MF, whose batch shares the probes' terms: see
    /// [`solve`]).
    FloorOrEager,
}

/// [`linearize`]; with a lazy `mode` the force limit may be only a lower bound of the full
/// limit, which the returned [`SlideProbes::limit`] completes (`None`: `limit` is already the
/// full limit — eager, or no load): the model's sliding floor ([`SlideProbes::floor`]) where
/// it has one (then `(κ_p, α_p)` is not evaluated either), else `|F(κ_p, α_p)|`; at least
/// `MIN_LIMIT`. `kept` carries the model's load terms ([`KeptLoad`]) to later calls of this
/// wheel and substep ([`record_kept`]). Generic over the model: a `dyn TireModel` for most
/// callers, the concrete type where the caller knows it ([`solve`] and the coupled solve's
/// linearisation for the simplified Magic Formula, the shipped presets' tyre; [`solve`] for
/// the full Magic Formula), whose model calls are then static and the small ones inlined
/// (the same operations, the same bits; sedan −0.55 k instructions a vehicle-step,
/// PERFORMANCE.md, branch `sedan-s36`; the full MF car −0.5 k, branch `mf-s37`).
pub(crate) fn linearize_with<M: TireModel + ?Sized>(
    model: &M,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
    mode: LimitMode,
    kept: &mut KeptLoad,
) -> (TransientLinear, Option<SlideProbes>) {
    use ForceNeed::Both;
    let load = c.load.max(0.0);
    if load <= 0.0 {
        return (TransientLinear::default(), None);
    }
    let st = Slips::new(r, c, s, dt);
    let common = slip_input(c, st.omega, 0.0, 0.0);
    let linear = mode == LimitMode::LazyLinear;
    // A tyre linear in κ and tan α below its circle: in closed form, from tan α.
    if linear
        && c.grip_x == 1.0
        && c.lateral_grip_limit() == 1.0
        && let Some(shape) = model.linear_circle_kept(&common, kept)
        && let Some(out) = circle::linearize(&shape, r, c, dt, &st)
    {
        return out;
    }
    let Slips {
        sx,
        sy,
        u,
        v,
        omega,
        k0,
        t0,
        ax,
        ay,
        slip_v,
        kp,
        tp,
    } = st;
    let a0 = model_alpha(c, t0);
    let ap = model_alpha(c, tp);

    // Every point of this wheel and substep in one batch.
    let mut b = Batch::new(c);
    let slopes = SlopePoints::push(&mut b, model, c, &common, [k0, t0, a0], linear, kept);
    // Lazy: the model's closed-form floor of the sliding probe `(±1, α_p)`, a lower bound of
    // the limit; where it has one (> 0) the predicted point too is left to
    // `SlideProbes::limit`, which a force within the floor never needs.
    let mut probes = SlideProbes {
        omega,
        kp,
        tp,
        pred: None,
    };
    let floor = if mode == LimitMode::Eager {
        0.0
    } else {
        probes.floor(model, c, &common, ap, linear, kept)
    };
    let eager = match mode {
        LimitMode::Eager => true,
        LimitMode::Lazy | LimitMode::LazyLinear => false,
        LimitMode::FloorOrEager => floor <= 0.0,
    };
    let i_pred = (floor <= 0.0).then(|| b.push(kp, ap, Both));
    // Sliding probes (κ = ±1, tan α = ±1 in the predicted direction): the limit is never below
    // what the tire gives when it slides, so a step that starts in adhesion is not clamped
    // short of the force the spin is about to demand. Lazy: left to `SlideProbes::limit`.
    let i_slide = eager.then(|| push_slide_probes(&mut b, c, kp, tp, ap));
    b.evaluate(model, &common, kept);

    let [kx, ky, fx_zero, fy_zero, wheel_torque] = slopes.read(&b, model, c, omega, [k0, t0, a0]);

    let (fx0, dfx_domega, fy) = patch_response(
        r,
        c,
        dt,
        [kx / sx, ky / sy],
        [ax, ay],
        [u, v],
        slip_v,
        [fx_zero, fy_zero],
    );
    probes.pred = i_pred.map(|i| b.magnitude(i));
    let (limit, lazy) = match (i_slide, probes.pred) {
        (Some((i_slide_x, i_slide_y)), Some(pred)) => (
            pred.max(b.magnitude(i_slide_x))
                .max(b.magnitude(i_slide_y))
                .max(MIN_LIMIT),
            None,
        ),
        // Every part of the limit is at least the floor (0 without one) and `MIN_LIMIT`.
        (_, pred) => (
            pred.map_or(floor, |p| p.max(floor)).max(MIN_LIMIT),
            Some(probes),
        ),
    };
    let lin = TransientLinear {
        fx0,
        dfx_domega,
        fy,
        limit,
        wheel_torque,
    };
    (lin, lazy)
}

/// Direct-drive contact solve for a steady-state model: linearise, solve the spin, advance the
/// deflections, and record the state. Returns the ground force on the tire. The force limit's
/// sliding probes are evaluated only when the unclamped force exceeds `|F(κ_p, α_p)|` and the
/// model's sliding floor (the clamp cannot act otherwise), with the same bits as
/// [`linearize`]'s eager limit. Inlined into the grip stage (through
/// [`crate::tire::model::solve_contact`]) with its tail (`finish`, `record_kept`); not
/// `linearize_with`, which costs more inlined (callgrind, session 31).
#[inline(always)]
pub fn solve(
    model: &dyn TireModel,
    p: &TireParams,
    c: &ContactInput,
    s: &mut TireState,
    dt: f64,
) -> TireForce {
    let fc = match &p.model {
        TireModelKind::FrictionCircle(fc) => Some(fc),
        _ => None,
    };
    solve_known(model, fc, p, c, s, dt)
}

/// [`solve`] with `p.model`'s kind known: `fc` is `Some` exactly for a friction-circle tyre.
#[inline(always)]
pub(super) fn solve_known(
    model: &dyn TireModel,
    fc: Option<&FrictionCircleParams>,
    p: &TireParams,
    c: &ContactInput,
    s: &mut TireState,
    dt: f64,
) -> TireForce {
    let r = &p.relaxation;
    // The sliding probes of the force limit only when the clamp can act (same bits as the
    // eager limit, see `LazyClamp`): the unclamped force exceeds `|F(κ_p, α_p)|` in 40 % of
    // the bench's sedan wheel-substeps (callgrind, 5200 vehicle-steps). The full MF only
    // behind its closed-form floor: its batch computes the load terms once and shares the α_p
    // and κ_p terms between the probes and the predicted point, so with `|F(κ_p, α_p)|` as
    // the bound a second batch costs more than the two probes (56 % probed, +2.9 %
    // instructions per vehicle-step when lazy; PERFORMANCE.md). With the closed-form floors
    // of the sliding probe (simplified MF ≈ 250 instructions, full MF ≈ 450 beyond the load terms it keeps for the batch) as the bound, no
    // wheel-substep of the bench's sedan needs the predicted point or the probes.
    // One wheel's load terms for the holds' floors, the floor, the batch and the recorded
    // aligning moment. Only the stored part of a deflection against its slip pushes back
    // (`hold_start`).
    // The simplified MF with the lateral curve's memo of the wheel's last recorded aligning
    // moment, taken back after this one's (`simple_magic::UnitMemo`); the other models
    // read none.
    let simple = matches!(p.model, TireModelKind::SimpleMagic(_));
    let mut kept = if simple {
        KeptLoad::with_lateral_unit(s.lateral_unit)
    } else {
        KeptLoad::default()
    };
    hold_start_kept(model, r, c, s, &mut kept);
    // The slip-curve tyre's load terms, where its linearisation computed them, for the record.
    let mut curve = None;
    let (lin, probes) = match (fc, &p.model) {
        (Some(fc), _) => circle::linearize_friction_circle(fc, model, r, c, s, dt, &mut kept),
        // The shipped presets' tyre called directly, not through the trait object.
        (None, TireModelKind::SimpleMagic(sm)) => {
            linearize_simple(sm, r, c, s, dt, limit_mode(p), &mut kept)
        }
        // The full Magic Formula likewise: its floor, batch and load-term calls static.
        (None, TireModelKind::MagicFormula(mf)) => {
            linearize_with(mf.as_ref(), r, c, s, dt, limit_mode(p), &mut kept)
        }
        // The slip-curve tyre's points one at a time, without the batch (the same forces).
        (None, TireModelKind::SlipCurve(sc)) => {
            let (lin, probes, terms) = linearize_slip_curve(sc, model, r, c, s, dt, &mut kept);
            curve = terms;
            (lin, probes)
        }
        _ => linearize_with(model, r, c, s, dt, limit_mode(p), &mut kept),
    };
    let mut clamp = LazyClamp {
        low: lin.limit,
        full: || probes.map_or(lin.limit, |p| p.limit(model, c)),
        limit: None,
    };
    let t_free = c.drive_torque + lin.wheel_torque
        - rolling_resistance_torque(
            p,
            c.load.max(0.0) * c.rolling_resistance_scale,
            s.omega,
            c.radius,
        );
    let (w1, fx, fy) = solve_spin_with(&lin, c, s.omega, t_free, dt, &mut clamp);
    finish_kept(model, r, c, s, w1, dt, &mut kept);
    record_kept(p, c, s, [w1, fx, fy, dt], (&mut kept, curve), fc.is_some());
    if simple {
        s.lateral_unit = kept.lateral_unit();
    }
    TireForce { fx, fy }
}

/// How [`linearize_with`] should evaluate the force limit of `p`'s model: the full MF's
/// sliding probes with the rest of the batch unless its floor bounds the limit (see
/// [`solve`]), every other model's left to [`SlideProbes`]; the friction-circle tyre and
/// custom models asked for their linear shortcuts ([`LimitMode::LazyLinear`]).
pub(crate) fn limit_mode(p: &TireParams) -> LimitMode {
    match p.model {
        TireModelKind::MagicFormula(_) => LimitMode::FloorOrEager,
        TireModelKind::FrictionCircle(_) | TireModelKind::Custom(_) => LimitMode::LazyLinear,
        _ => LimitMode::Lazy,
    }
}

#[cfg(test)]
mod circle_tests;
#[cfg(test)]
mod curve_tests;
#[cfg(test)]
mod lazy_tests;
