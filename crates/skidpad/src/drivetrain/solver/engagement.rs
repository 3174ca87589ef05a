//! The automatic clutch's engagement at the end of the substep: the coupled solve
//! ([`super`]) repeated at a few engagements until the engagement it was solved with is the
//! one its end-of-substep engine speed implies.
//!
//! # Equations
//! With the automatic (centrifugal) clutch ([`crate::drivetrain::clutch`]) the clutch torque
//! and the engine damping depend on the engine speed through the engagement
//! `e(ω) = (1 − pedal)·smoothstep((ω − ω_idle)/(ω_engage − ω_idle)) ∈ [0, e_max]`,
//! `e_max = 1 − pedal`. Both are taken at the **end-of-substep** engine speed `ω_e'`, like
//! every other speed of the backward-Euler step:
//!
//! ```text
//! I_e(ω_e' − ω_e)/h = T_e − c(e*)·ω_e' − T_c,      T_c = K·e*·(ω_e' − G·ω_out')
//! e* = e(ω_e')                                      c(e) = c₀ + (c₁ − c₀)·e
//! ```
//! (`K` the clutch strength in N·m·s/rad, `c₀`, `c₁` the engine damping at `e = 0` and `1`,
//! speeds in rad/s, torques in N·m, `h` in s; the wheel rows as in [`super`]). For a fixed
//! engagement `e` the system is the linear one of [`super`] (with its active set); call
//! `ω_e'(e)` its end engine speed. The engagement solves the scalar equation
//! `g(e) = e(ω_e'(e)) − e = 0` on `[0, e_max]`.
//!
//! # Iteration (bounded, deterministic)
//! 1. Solve at the start engagement `e₀ = e(ω_e)` (the explicit scheme's solve). If
//!    `|g(e₀)| ≤` [`TOLERANCE`], that is the result: when the engagement does not change in
//!    the substep (engaged above `ω_engage`, open at idle, pedal pressed) the result is the
//!    explicit scheme's, bit for bit, at no extra cost. A manual clutch or neutral has no law
//!    ([`EngineTerm::law`] `None`): one solve.
//! 2. **Predictor.** Otherwise the solve also returns its end engine speed's response to the
//!    clutch strength at its final active set (the same matrix solved for a second
//!    right-hand side, the clutch direction: from the last pass's kept factors, a forward and
//!    a back substitution, when that pass solved the final set). While the active set holds,
//!    the end speed at any other strength is then known in closed form (Sherman–Morrison, below),
//!    and the scalar equation `e(ω̂_e'(e)) = e` is solved on it (no drivetrain solve, at most
//!    60 scalar steps, to 10⁻³·[`TOLERANCE`]). The next solve is at that engagement: if the
//!    active set held, its residual is rounding and it is the last.
//! 3. **Bracket** (safeguard): `g(0) = e(ω_e'(0)) ≥ 0` and `g(e_max) = e(·) − e_max ≤ 0`
//!    because `e(ω)` lies in `[0, e_max]`, so a root lies between every solve with `g > 0`
//!    and every solve with `g < 0` (or the range's end). Every solve narrows the bracket;
//!    a prediction outside it, or none, is replaced by the bracket's own trial: while
//!    one-sided the fixed-point step `e + g(e) = e(ω_e'(e))` (the engagement the explicit
//!    solve ends at), then the range's end; with both ends known, regula falsi with the
//!    Illinois rule (the end kept twice in a row has its value halved), bisecting if a point
//!    falls outside the open bracket.
//! 4. Stop when `|g(e)| ≤` [`TOLERANCE`], when the bracket closes, or after [`MAX_SOLVES`]
//!    solves beyond the first. The result is always the last solve, at its `e`: an exact
//!    backward-Euler solve of the drivetrain at one engagement within `[0, e_max]` (the
//!    fall-back if the tolerance is not met).
//!
//! **The predictor.** For a fixed active set the clutch enters the matrix as `k·u·vᵀ`
//! (`k = K·e`, `v = (1, −G·a₁ … −G·aₙ)`, `u = v` with the rows a governor or a locked brake
//! fixes set to 0), so with `z = A(k_a)⁻¹u`, `q = vᵀz`, the end slip `s_a` and end speed
//! `ω_a` of the solve at `k_a`: `ω̂_e'(k) = ω_a − (k − k_a)·z₀·s_a/(1 + (k − k_a)·q)`. The
//! engine damping's dependence on `e` (`c₁ ≠ c₀`, at part throttle without the presets'
//! equal rates) is left out of the prediction; the solves include it.
//!
//! **Why the fixed-point step brackets when the engine drives.** For a fixed active set
//! the clutch enters the matrix as `k·v·vᵀ` (`k = K·e`, `v = (1, −G·a₁ … −G·aₙ)`), so by
//! Sherman–Morrison the end slip is `s'(k) = s'(0)/(1 + k·q)` with
//! `q = vᵀA₀⁻¹v = 1/(I_e/h + c) + G²·aᵀB⁻¹a > 0` (`B` the wheel block, positive definite:
//! inertias, tyre slopes `dFx/dω ≥ 0`, damping, viscous locks): the slip keeps its sign for
//! every engagement. The engine row gives `ω_e'·(I_e/h + c) = I_e·ω_e/h + T_e − k·s'(k)`, and
//! `k·s'(k) = k·s'(0)/(1 + k·q)` grows with `k` when `s'(0) > 0`: with the engine driving,
//! `ω_e'(e)` falls as `e` rises (with `c₁ ≥ c₀` too), so `g` is strictly decreasing (one root)
//! and `e₁` lies on the root's other side: `e₁ > e₀ ⇒ ω_e'(e₁) ≤ ω_e'(e₀) ⇒ g(e₁) ≤ 0`. With
//! the driveline dragging the engine (`s' < 0`) the clutch can have several consistent
//! engagements (pulled shut or left open); the bracket then holds one, and the rule above
//! picks it deterministically.
//!
//! # Energy
//! Every solve, converged or not, is the linear backward-Euler step at one engagement
//! `e ∈ [0, e_max]` and its damping `c(e) ≥ 0`, so the clutch only dissipates: its torque
//! `T_c = K·e·s'` opposes the end-of-substep slip `s'` and the power it takes out of the
//! engine and driveline is `T_c·ω_e' − T_c·G·ω_out' = K·e·s'² ≥ 0`
//! ([`Solution::dissipation`] counts it); the engine damping takes `c(e)·ω_e'² ≥ 0`. Nothing
//! explicit is left in the clutch: its engagement no longer bounds the substep
//! ([`crate::params::Derived::stable_substeps`]).

use super::active_set::{ActiveSet, BrakeSet};
use super::gauss::Factors;
use super::{EngineTerm, N, Solution, System, gauss_solve};
use crate::drivetrain::clutch::Engagement;

/// The engagement residual `|e(ω_e') − e|` the iteration stops at. Unit: 1. At `K` =
/// 30 N·m·s/rad and 100 rad/s of slip the clutch torque is then within 3·10⁻⁶ N·m of the
/// fixed point's; the solve's own rounding moves `e` by ≈ 10⁻¹³.
pub const TOLERANCE: f64 = 1e-9;

/// Most solves of one substep beyond the first (the explicit scheme's).
pub const MAX_SOLVES: usize = 24;

/// Most steps of the predictor's scalar root search (no solve in them).
const PREDICTOR_STEPS: usize = 60;

/// The coupled solve of one substep with the clutch engaged at the end-of-substep engine
/// speed (module docs): `solve(term, sol)` solves the linear system with `term`'s engagement
/// into `sol`. Writes [`Solution::engagement`] (`Some` when the iteration moved it) and
/// [`Solution::engine_damping`].
pub(super) fn solve_implicit(
    engine: &EngineTerm,
    sol: &mut Solution,
    mut solve: impl FnMut(&EngineTerm, &mut Solution),
) {
    solve(engine, sol);
    sol.engagement = None;
    sol.engine_damping = engine.damping;
    let Some(law) = engine.law else {
        return;
    };
    let (e0, e1) = (law.e, law.at(sol.engine_speed));
    // Converged, or not a number (a fault the step reports; nothing to iterate on).
    if (e1 - e0).abs() <= TOLERANCE || !(e1 - e0).is_finite() {
        return;
    }
    let mut bracket = Bracket::new(0.0, law.max());
    let fixed_point = bracket.next(e0, e1 - e0);
    let mut e = predict(&law, (engine.clutch, e0), sol, &bracket).or(fixed_point);
    let mut term = *engine;
    for _ in 0..MAX_SOLVES {
        let Some(trial) = e else {
            break;
        };
        term.clutch = law.strength * trial;
        term.damping = law.damping_at(trial);
        term.law = Some(Engagement { e: trial, ..law });
        solve(&term, sol);
        let g = law.at(sol.engine_speed) - trial;
        if g.abs() <= TOLERANCE {
            break;
        }
        let next = bracket.next(trial, g);
        e = predict(&law, (term.clutch, trial), sol, &bracket).or(next);
    }
    let e = term.law.map_or(e0, |l| l.e);
    sol.engagement = Some(e);
    sol.engine_damping = term.damping;
}

/// The engagement the last solve's active set predicts, strictly inside `bracket`: the root
/// of `e(ω̂(K·e)) − e` with `ω̂(k) = ω_a − (k − k_a)·z₀·s_a/(1 + (k − k_a)·q)` (Sherman–Morrison
/// on the solve `sol` at strength `k_a` and engagement `e_a`: end speed `ω_a`, slip `s_a`,
/// [`Solution::sensitivity`] `[z₀, q]`), exact while the active set holds; the same
/// bracketing as the solves, on this scalar. `None` without a sensitivity or a root.
fn predict(
    law: &Engagement,
    (k_a, e_a): (f64, f64),
    sol: &Solution,
    bracket: &Bracket,
) -> Option<f64> {
    let [z0, q] = sol.sensitivity?;
    let (w_a, s_a) = (sol.engine_speed, sol.clutch_slip);
    let residual = |e: f64| {
        let dk = law.strength * e - k_a;
        let den = 1.0 + dk * q;
        (den > 0.0).then(|| law.at(w_a - dk * z0 * s_a / den) - e)
    };
    let mut scalar = Bracket::new(bracket.lo, bracket.hi);
    let mut e = scalar.next(e_a, law.at(w_a) - e_a)?;
    for _ in 0..PREDICTOR_STEPS {
        let g = residual(e)?;
        if g.abs() <= 1e-3 * TOLERANCE {
            return (e > bracket.lo && e < bracket.hi).then_some(e);
        }
        e = scalar.next(e, g)?;
    }
    None
}

impl<const W: usize> System<'_, W> {
    /// `[z₀, vᵀz]` with `z = A⁻¹u` for the final `set`'s matrix `A` (at this solve's clutch
    /// strength), `v = (1, −G·a₁ … −G·aₙ)` the clutch's direction (it enters `A` as `k·v·vᵀ`)
    /// and `u` = `v` with the fixed rows' entries 0 (a pinned engine, locked or disabled
    /// wheels: `k` does not enter them). `None` unless an automatic clutch's engagement at the
    /// end speed `x[0]` differs from the solve's by more than [`TOLERANCE`] (another solve
    /// follows), or in neutral.
    ///
    /// `kept`: the factors of `A` itself when the last pass solved the final set (the passes
    /// settled, so no update followed it); `z` is then solved from them ([`Factors::solve`]:
    /// the bits a fresh elimination of `A` gives), else `A` is assembled and eliminated again.
    pub(super) fn engagement_sensitivity<const M: usize>(
        &self,
        set: &ActiveSet<W>,
        x: &[f64; N],
        kept: Option<&Factors<M>>,
    ) -> Option<[f64; 2]> {
        let law = self.engine.law?;
        if self.g == 0.0 || (law.at(x[0]) - law.e).abs() <= TOLERANCE {
            return None;
        }
        let (g, n, share) = (self.g, self.n, &self.topo.share);
        let mut u = [0.0; M];
        u[0] = if set.pin.is_some() { 0.0 } else { 1.0 };
        for (i, w) in self.wheels.iter().enumerate().take(n) {
            let fixed = !w.enabled || set.brake[i] == BrakeSet::Locked;
            u[i + 1] = if fixed { 0.0 } else { -g * share[i] };
        }
        match kept {
            Some(factors) => factors.solve(&mut u),
            None => {
                let (mut a, _) = self.assemble::<M>(set);
                if !gauss_solve(&mut a, &mut u, n + 1) {
                    return None;
                }
            }
        }
        let q = u[0] - g * (0..n).map(|i| share[i] * u[i + 1]).sum::<f64>();
        Some([u[0], q])
    }
}

/// A bracket `[lo, hi]` of a root of a residual `g` with `g(lo) ≥ 0 ≥ g(hi)`, each end's
/// value known once a trial was made there (`None`: an end of the range, whose sign is
/// known).
#[derive(Debug, Clone, Copy)]
struct Bracket {
    lo: f64,
    g_lo: Option<f64>,
    hi: f64,
    g_hi: Option<f64>,
    /// Which end the last update moved (+1 `lo`, −1 `hi`, 0 none yet): Illinois' rule.
    last: i8,
    /// One-sided updates so far (made while the other end had no value).
    one_sided: u8,
}

impl Bracket {
    /// The range `[lo, hi]`, no value known yet.
    fn new(lo: f64, hi: f64) -> Self {
        Self {
            lo,
            g_lo: None,
            hi,
            g_hi: None,
            last: 0,
            one_sided: 0,
        }
    }

    /// Take the residual `g ≠ 0` at trial `e` into the bracket; the next trial, or `None` when
    /// the bracket has closed (no representable value left strictly between its ends) or `e`
    /// or `g` is not finite (a fault: the last solve stands and the step reports it).
    /// One-sided: first the fixed-point step `e + g` (it crosses the root when the engine
    /// drives, module docs), then the range's end. Inlined into the predictor's scalar loop
    /// (≈ 4 calls a prediction: the call's own moves cost as much as its arithmetic).
    #[inline(always)]
    fn next(&mut self, e: f64, g: f64) -> Option<f64> {
        if !(e.is_finite() && g.is_finite()) {
            return None;
        }
        let side = if g > 0.0 { 1 } else { -1 };
        if side > 0 {
            (self.lo, self.g_lo) = (e, Some(g));
        } else {
            (self.hi, self.g_hi) = (e, Some(g));
        }
        let repeated = side == self.last;
        self.last = side;
        let (lo, hi) = (self.lo, self.hi);
        let (gl, gh) = match (self.g_lo, self.g_hi) {
            (Some(gl), Some(gh)) => (gl, gh),
            _ => {
                self.one_sided += 1;
                let end = if side > 0 { hi } else { lo };
                let step = (e + g).clamp(lo, hi);
                return Some(if self.one_sided == 1 { step } else { end });
            }
        };
        // Illinois: the end kept twice in a row has its value halved.
        let (gl, gh) = match (repeated, side > 0) {
            (false, _) => (gl, gh),
            (true, true) => (gl, 0.5 * gh),
            (true, false) => (0.5 * gl, gh),
        };
        (self.g_lo, self.g_hi) = (Some(gl), Some(gh));
        let falsi = lo - gl * (hi - lo) / (gh - gl);
        let mid = 0.5 * (lo + hi);
        [falsi, mid].into_iter().find(|&t| t > lo && t < hi)
    }
}
