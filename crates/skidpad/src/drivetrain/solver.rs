//! The implicit drivetrain solve: engine, clutch, gearbox, differentials and every wheel's
//! spin as one coupled rotational system, backward Euler per substep.
//!
//! # Formulation
//! Unknowns `x = [ω_e, ω_1 … ω_n]` (end-of-step speeds; `n ≤ MAX_WHEELS`). With `h` the
//! substep, `K` the engaged clutch strength, `G` the total gear ratio, `aᵢ` the wheel shares
//! ([`super::differential::Topology`]) and `ω_out = Σ aᵢ·ωᵢ'`:
//!
//! ```text
//! I_e(ω_e' − ω_e)/h = T_e − c·ω_e' − T_c,              T_c = K·(ω_e' − G·ω_out)
//! Iᵢ(ωᵢ' − ωᵢ)/h   = G·aᵢ·T_c + Σ_locks T_L·(bᵢ − aᵢ) − R·Fxᵢ(ωᵢ') − T_rr,ᵢ − cᵢ·ωᵢ' + T_brake,ᵢ
//! Fxᵢ(ω')          = fx0ᵢ + cᵢ·(ω' − ωᵢ)               (tire linearisation, cᵢ ≥ 0)
//! ```
//! `fx0, c` come from the same backward-Euler slip update as
//! [`crate::tire::model::solve_contact`] (the contact patch drags the corner's sprung mass
//! `m`: `Fx = k_x·(ω'R − vx)/(1 + h·k_x/m)`), so for one free wheel this solve reproduces it
//! exactly. Every term is linear in `x`, giving a dense `(n+1)²` system
//! `(M/h − J)·x' = M·x/h + f₀`, solved by Gaussian elimination with partial pivoting on
//! fixed-size arrays (no allocation). `cᵢ` in the wheel row is the bearing damping
//! ([`crate::wheel::WheelParams::damping_rate`], PhysX `mDampingRate`), implicit like the
//! engine's. The Jacobian of clutch and locks is negative
//! semi-definite, so backward Euler damps every stiff mode (L-stable): a stiff clutch or a
//! locked differential at 30 Hz neither rings nor explodes.
//!
//! # The automatic clutch's engagement: implicit too
//! `K = K_max·e(ω_e')` and the engine damping `c(e)` are taken at the **end-of-substep**
//! engine speed ([`engagement`]): the linear system above is solved at a few engagements,
//! the first the start speed's (the whole result when the engagement does not move: the
//! same bits as before, e.g. engaged above the engagement speed, a manual clutch, neutral),
//! then bracketing steps (fixed-point step, regula falsi with the Illinois rule) until
//! `|e(ω_e') − e| ≤` [`engagement::TOLERANCE`], at most [`engagement::MAX_SOLVES`] more.
//! Each solve is the backward-Euler step at one engagement in `[0, 1 − pedal]`: momentum
//! consistent and dissipative whether or not it converged. Only the engine torque `T_e(ω_e)`
//! stays explicit.
//!
//! # Inequalities: a small active-set loop
//! Four things are not linear, and are resolved by re-solving with a changed set (at most
//! [`MAX_PASSES`] passes; each pass is consistent in momentum):
//! - friction circle: a tire whose `|(Fx, Fy)| > µ·F_z` is held at its clamped force
//!   (`c = 0`);
//! - brakes (Coulomb): a brake opposes the spin; if the solved spin would reverse, the wheel is
//!   locked (`ω' = 0`) and the required brake torque checked against the capacity — a brake
//!   never reverses spin;
//! - engine governors: `ω_idle ≤ ω_e' ≤ ω_max` (the idle governor and the rev limiter supply or
//!   absorb whatever torque holds the bound);
//! - limited-slip locks: bias locks engage only above the ratio; torque-sensing locks slip once
//!   the output torque difference `2·|T_L|` reaches `T_pre + L·|T_in|`.
//!
//! A slipping torque-sensing lock's capacity follows the clutch torque, so its passes repeat
//! until the capacity settles (to `10⁻⁹` relative); such a pass changes only the right-hand
//! side, and solves it with the previous pass's kept factors (`solver/assembly.rs`: the same bits as
//! eliminating the matrix again). The capacity is affine in the slip torque for a fixed set,
//! so the torque such a pass takes is the fixed point's root in closed form where that line
//! holds (`solver/slip_root.rs`, one more substitution on the kept factors), else the
//! iteration's next capacity.
//!
//! # No "estimate" clutch mode (decided against)
//! PhysX offers two clutch accuracy modes: `eBEST_POSSIBLE` (an exact solve of the coupled
//! engine–wheel system) and `eESTIMATE` (a fixed number of iterations, cheaper for vehicles
//! with many wheels). This solver is always the exact one. Measured with callgrind (instruction
//! counts, repeatable on a loaded machine; release build, 2000 steps at 1/60 s, throttle 0.7):
//! the Gaussian elimination an iterative estimate would replace is 6.4 % of a step's
//! instructions for the 10-wheel `tank`, 3.1 % for the 6-wheel `truck-6x6` and 2.8 % for the
//! 4-wheel `sports-rwd` (the whole drivetrain solve, with assembly and the active-set passes
//! that any mode needs, is 25 %, 18 % and 23 %). Giving up exactness — clutch slip errors that
//! grow with clutch stiffness, where Gauss–Seidel converges slowly — for at most a few percent
//! is not worth it; the cost of high-wheel-count vehicles is in the per-wheel contact and
//! tyre stages instead (`PERFORMANCE.md`). Those shares predate `drive-s24`, which stopped
//! zeroing `MAX_WHEELS`-sized lock directions and a 21 × 21 matrix per pass (the matrix is
//! now sized to the vehicle): the whole solve is since 7.4 % of `sports-rwd`'s step on flat
//! ground (40.8 M of 551.7 M instructions in `World::step`, callgrind), the elimination
//! inlined into it.
//!
//! References: PhysX vehicle guide ("best possible" clutch accuracy); Gillespie,
//! *Fundamentals of Vehicle Dynamics*, ch. 2; LibreRally `DifferentialSolver`.

// Dense index arithmetic over fixed-size arrays reads best with index loops.
#![allow(clippy::needless_range_loop)]

use super::clutch::Engagement;
use super::differential::Topology;
use crate::MAX_WHEELS;

mod active_set;
mod assembly;
pub mod engagement;
mod gauss;
mod locks;
mod slip_root;
use active_set::{ActiveSet, BrakeSet, LockSet, TireSet};
use assembly::Change;
pub use gauss::gauss_solve;
use gauss::{Factors, factor_solve};
use locks::{bias_exceeded, dot, dot_d, dot_u, lock_dirs, stiffness};

/// Size of the linear system (engine + wheels).
pub const N: usize = MAX_WHEELS + 1;
/// Maximum active-set passes per substep.
pub const MAX_PASSES: usize = 8;

/// One wheel as the solver sees it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct WheelTerm {
    /// The wheel takes part (disabled wheels are held at ω = 0).
    pub enabled: bool,
    /// Spin inertia (plus any track share). Unit: kg·m².
    pub inertia: f64,
    /// Bearing damping `c` (torque `−c·ω'`, implicit). Unit: N·m·s/rad.
    pub damping: f64,
    /// Spin at the start of the substep. Unit: rad/s.
    pub omega: f64,
    /// Rolling radius. Unit: m.
    pub radius: f64,
    /// Linearised tire force at `ω' = omega`. Unit: N.
    pub fx0: f64,
    /// `dFx/dω'` (≥ 0). Unit: N·s/rad.
    pub dfx: f64,
    /// Lateral tire force before the friction circle. Unit: N.
    pub fy: f64,
    /// Friction-circle radius µ·F_z. Unit: N.
    pub limit: f64,
    /// Explicit external axle torque (−rolling resistance, + direct drive). Unit: N·m.
    pub torque: f64,
    /// Brake capacity (≥ 0). Unit: N·m.
    pub brake: f64,
}

/// The engine side of the system.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EngineTerm {
    /// Inertia. Unit: kg·m².
    pub inertia: f64,
    /// Speed at the start of the substep. Unit: rad/s.
    pub omega: f64,
    /// Drive torque (explicit). Unit: N·m.
    pub torque: f64,
    /// Damping rate. Unit: N·m·s/rad.
    pub damping: f64,
    /// Engaged clutch strength `e·K`. Unit: N·m·s/rad.
    pub clutch: f64,
    /// Total gear ratio `G`.
    pub ratio: f64,
    /// Idle governor speed (0 = none). Unit: rad/s.
    pub idle: f64,
    /// Rev limit. Unit: rad/s.
    pub max: f64,
    /// The automatic clutch's engagement law when `e` follows the engine speed (automatic
    /// clutch, in gear): `clutch` and `damping` are then re-evaluated at the end-of-substep
    /// engine speed ([`engagement`]). `None`: both are final (manual clutch, neutral).
    pub law: Option<Engagement>,
}

/// Result of one solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solution {
    /// Engine speed at the end of the substep. Unit: rad/s.
    pub engine_speed: f64,
    /// Clutch torque `T_c`. Unit: N·m.
    pub clutch_torque: f64,
    /// Clutch slip `ω_e' − G·ω_out'`. Unit: rad/s.
    pub clutch_slip: f64,
    /// Torque the idle governor or rev limiter supplied (+) or absorbed (−). Unit: N·m.
    pub governor_torque: f64,
    /// Wheel spins at the end of the substep. Unit: rad/s.
    pub omega: [f64; MAX_WHEELS],
    /// Longitudinal tire forces. Unit: N.
    pub fx: [f64; MAX_WHEELS],
    /// Lateral tire forces. Unit: N.
    pub fy: [f64; MAX_WHEELS],
    /// Drivetrain torque on each axle (clutch share + differential locks). Unit: N·m.
    pub drive: [f64; MAX_WHEELS],
    /// Brake torque applied to each axle (signed). Unit: N·m.
    pub brake: [f64; MAX_WHEELS],
    /// Power dissipated in the clutch, the differential locks and the wheel bearings
    /// (`Σ cᵢ·ωᵢ'²`). Unit: W.
    pub dissipation: f64,
    /// Active-set passes used (the last solve's).
    pub passes: usize,
    /// The engagement the end-of-substep engine speed implies, when the iteration moved it
    /// from the start's ([`engagement`]); `None`: the [`EngineTerm`]'s held. Unit: 1.
    pub engagement: Option<f64>,
    /// The engine damping rate of the solve (the [`EngineTerm`]'s, or at
    /// [`Solution::engagement`]). Unit: N·m·s/rad.
    pub engine_damping: f64,
    /// The end engine speed's response to the clutch strength at this solve's active set
    /// (`engagement`'s predictor), when the engagement is still to be iterated.
    pub(super) sensitivity: Option<[f64; 2]>,
    /// Bit `i` set: in some pass wheel `i`'s force reached its [`WheelTerm::limit`] (`|F| >
    /// limit`, or the lateral force clamped into what the limit leaves). A wheel whose bit is
    /// clear would have had the same result with any larger limit, bit for bit: every test
    /// of the limit is monotone in it and none was met. The coupled solve uses it to pass a
    /// lower bound of a limit first ([`crate::tire::model::linearize_contact_lazy`]).
    pub limit_reached: u32,
}

impl Default for Solution {
    fn default() -> Self {
        Self {
            engine_speed: 0.0,
            clutch_torque: 0.0,
            clutch_slip: 0.0,
            governor_torque: 0.0,
            omega: [0.0; MAX_WHEELS],
            fx: [0.0; MAX_WHEELS],
            fy: [0.0; MAX_WHEELS],
            drive: [0.0; MAX_WHEELS],
            brake: [0.0; MAX_WHEELS],
            dissipation: 0.0,
            passes: 0,
            engagement: None,
            engine_damping: 0.0,
            sensitivity: None,
            limit_reached: 0,
        }
    }
}

/// The data of one solve that no pass changes, its per-wheel and per-lock arrays in `W`
/// slots (`W` ≥ the wheels and the locks, rounded up to 4 or 8 by [`solve_into`]): a car's
/// solve neither builds nor copies `MAX_WHEELS`-long arrays.
struct System<'a, const W: usize> {
    engine: &'a EngineTerm,
    wheels: &'a [WheelTerm],
    topo: &'a Topology,
    /// Substep. Unit: s.
    h: f64,
    /// Number of wheels solved (≤ `MAX_WHEELS`).
    n: usize,
    /// Total gear ratio `G`.
    g: f64,
    /// Clutch strength `K` as the system sees it (0 in neutral).
    k: f64,
    /// Wheel spins at the start of the substep. Unit: rad/s.
    w0: [f64; W],
    /// Each lock's speed direction coefficients `(c_a, c_b)` ([`lock_dirs`]), frozen at the
    /// start-of-step speeds.
    dirs: [(f64, f64); W],
}

/// Solve the coupled system for one substep `h`. `n` wheels, shares and locks in `topo`;
/// the automatic clutch's engagement at the end-of-substep engine speed ([`engagement`]).
pub fn solve(engine: &EngineTerm, wheels: &[WheelTerm], topo: &Topology, h: f64) -> Solution {
    let mut sol = Solution::default();
    engagement::solve_implicit(engine, &mut sol, |e, sol| {
        solve_into(e, wheels, topo, h, sol);
    });
    sol
}

/// What a pass hands the active-set update besides the [`Solution`]: each lock's torque and
/// each wheel's force magnitude `|(Fx, Fy)|` before any clamp ([`pass_magnitude`]; the
/// update's friction-circle test of a linear tyre reads it instead of a second `hypot` of
/// the same numbers).
pub(super) struct PassOut<const W: usize> {
    /// Lock torques `T_L` (first `n_locks` entries). Unit: N·m.
    pub(super) lock_t: [f64; W],
    /// `|(Fx, Fy)|` of each wheel before the clamp (first `n` entries). Unit: N.
    pub(super) mag: [f64; W],
}

/// [`solve`] into `sol`: the same result, bit for bit, provided `sol`'s entries past the
/// wheel count are those of [`Solution::default`] (0) — a `Solution` that only solves of the
/// same wheel count wrote. Every other field is written by each pass (`limit_reached` is
/// reset first), so [`solve_lazy`] repeats a solve in one value instead of copying a new
/// `Solution` (≈ 1 KB at `MAX_WHEELS` = 20) out per solve.
fn solve_into(
    engine: &EngineTerm,
    wheels: &[WheelTerm],
    topo: &Topology,
    h: f64,
    sol: &mut Solution,
) {
    // The per-wheel and per-lock scratch in 4, 8 or `MAX_WHEELS` slots: the same arithmetic
    // on the same entries (none past the wheel or lock count is read).
    match wheels.len().min(MAX_WHEELS).max(topo.n_locks) {
        0..=4 => solve_slots::<4>(engine, wheels, topo, h, sol),
        5..=8 => solve_slots::<8>(engine, wheels, topo, h, sol),
        _ => solve_slots::<MAX_WHEELS>(engine, wheels, topo, h, sol),
    }
}

/// [`solve_into`] with `W` per-wheel and per-lock slots (`W` ≥ the wheels and the locks).
fn solve_slots<const W: usize>(
    engine: &EngineTerm,
    wheels: &[WheelTerm],
    topo: &Topology,
    h: f64,
    sol: &mut Solution,
) {
    let sys = System::<W>::new(engine, wheels, topo, h);
    // The matrix sized to the vehicle (`M ≥ n + 1` of 5, 9 or `N`): the same arithmetic on
    // the same entries, without zeroing and eliminating a 21 × 21 array for a 4-wheel car.
    let _final_set = match sys.n + 1 {
        0..=5 => sys.solve_passes::<5>(sol),
        6..=9 => sys.solve_passes::<9>(sol),
        _ => sys.solve_passes::<N>(sol),
    };
}

/// The linear solve of one active-set pass, its matrix kept factored ([`Factors`]) for the
/// engagement's sensitivity ([`System::engagement_sensitivity`]).
struct Linear<const M: usize> {
    factors: Factors<M>,
    /// The right-hand side's part that a slipping lock's capacity leaves as it is
    /// ([`System::rhs_base`]), of the set the factors are of.
    base: [f64; M],
    /// The elimination succeeded (the factors are usable).
    solved: bool,
}

/// [`solve`] with some wheels' force limits known first by a lower bound: bit `i` of
/// `pending` set means `wheels[i].limit` is a lower bound of the wheel's limit and `full(i)`
/// evaluates the limit itself. The solve runs with the bounds and is repeated with the full
/// limit of every pending wheel whose force reached its bound ([`Solution::limit_reached`]),
/// until none did; the result is then [`solve`]'s with every limit full, bit for bit (a
/// wheel that never reached its bound met no test of its limit, and every test is monotone
/// in it). Each repeat completes at least one limit, so there are at most as many repeats as
/// pending wheels. `wheels` keeps the completed limits (across the engagement iteration's
/// solves too, [`engagement`]: each is then [`solve`]'s at its engagement).
pub fn solve_lazy(
    engine: &EngineTerm,
    wheels: &mut [WheelTerm],
    topo: &Topology,
    h: f64,
    mut pending: u32,
    mut full: impl FnMut(usize) -> f64,
) -> Solution {
    let mut sol = Solution::default();
    engagement::solve_implicit(engine, &mut sol, |engine, sol| {
        solve_into(engine, wheels, topo, h, sol);
        while sol.limit_reached & pending != 0 {
            let reached = sol.limit_reached & pending;
            for (i, w) in wheels.iter_mut().enumerate() {
                if reached & (1 << i) != 0 {
                    w.limit = full(i);
                }
            }
            pending &= !reached;
            solve_into(engine, wheels, topo, h, sol);
        }
    });
    sol
}

impl<'a, const W: usize> System<'a, W> {
    fn new(engine: &'a EngineTerm, wheels: &'a [WheelTerm], topo: &'a Topology, h: f64) -> Self {
        let n = wheels.len().min(MAX_WHEELS);
        let g = engine.ratio;
        // In neutral the clutch drives a free gearbox input shaft: no torque.
        let k = if g == 0.0 { 0.0 } else { engine.clutch };
        let mut w0 = [0.0; W];
        for i in 0..n {
            w0[i] = wheels[i].omega;
        }
        // Speed/torque directions of the locks are frozen at the start-of-step speeds.
        let mut dirs = [(1.0, 1.0); W];
        for (j, l) in topo.locks[..topo.n_locks].iter().enumerate() {
            dirs[j] = lock_dirs(l, &w0[..n]);
        }
        Self {
            engine,
            wheels,
            topo,
            h,
            n,
            g,
            k,
            w0,
            dirs,
        }
    }

    /// The active-set passes of one solve into `sol` with an `M × M` matrix (`M ≥ n + 1`),
    /// then the engagement's sensitivity at the final set: from the last pass's factors when
    /// that pass's set is the final one (the passes settled), else assembled again. Returns
    /// the final set.
    fn solve_passes<const M: usize>(&self, sol: &mut Solution) -> ActiveSet<W> {
        let mut set = ActiveSet::initial(self);
        sol.limit_reached = 0;
        // One speed vector for every pass, written in place (entries past `n + 1` stay 0); the
        // pass outputs and the linear solve likewise.
        let mut x = [0.0; N];
        let mut out = PassOut {
            lock_t: [0.0; W],
            mag: [0.0; W],
        };
        let mut lin = Linear {
            factors: Factors {
                a: [[0.0; M]; M],
                piv: [0; M],
                n: self.n + 1,
            },
            base: [0.0; M],
            solved: false,
        };
        let (mut settled, mut matrix) = (false, true);
        for pass in 0..MAX_PASSES {
            if matrix {
                self.solve_linear(&set, &mut x, &mut lin);
            } else {
                self.solve_rhs(&set, &mut x, &lin);
            }
            self.evaluate(&set, &x, sol, &mut out);
            sol.passes = pass + 1;
            match set.update(self, &x, sol, &out, pass) {
                Change::None => {
                    settled = true;
                    break;
                }
                Change::Rhs => {
                    matrix = false;
                    if lin.solved {
                        self.slip_root(&mut set, &x, sol, &out.lock_t, &lin.factors);
                    }
                }
                Change::Matrix => matrix = true,
            }
        }
        let kept = (settled && lin.solved).then_some(&lin.factors);
        sol.sensitivity = self.engagement_sensitivity(&set, &x, kept);
        set
    }

    /// Assemble `(M/h − J)·x' = M·x/h + f₀` for the active `set` and solve it: the end-of-step
    /// speeds `[ω_e', ω_1' …]` (the start speeds if the matrix were singular), written to
    /// `x[..n + 1]` (the rest of `x` is left alone); the factors kept in `lin`.
    fn solve_linear<const M: usize>(
        &self,
        set: &ActiveSet<W>,
        x: &mut [f64; N],
        lin: &mut Linear<M>,
    ) {
        let (engine, n) = (self.engine, self.n);
        let dim = n + 1;
        let Factors { a, piv, .. } = &mut lin.factors;
        self.assemble_matrix::<M>(set, a);
        self.rhs_base::<M>(set, &mut lin.base);
        let mut b = lin.base;
        self.rhs_finish::<M>(set, &mut b);
        lin.solved = factor_solve(a, &mut b, dim, piv);
        if lin.solved {
            x[..dim].copy_from_slice(&b[..dim]);
        } else {
            // Cannot happen with positive inertias; keep the old speeds.
            x[0] = engine.omega;
            x[1..dim].copy_from_slice(&self.w0[..n]);
        }
    }

    /// [`Self::solve_linear`] for a `set` whose matrix is the one `lin` holds (the update
    /// changed only the right-hand side, [`Change::Rhs`]): the right-hand side (the kept
    /// base and this set's locks and fixed rows) solved with the kept factors, the bits a fresh assembly and elimination give
    /// ([`Factors::solve`]); a matrix that was singular is singular again (the start speeds).
    fn solve_rhs<const M: usize>(&self, set: &ActiveSet<W>, x: &mut [f64; N], lin: &Linear<M>) {
        let (engine, n) = (self.engine, self.n);
        let dim = n + 1;
        if lin.solved {
            let mut b = lin.base;
            self.rhs_finish::<M>(set, &mut b);
            lin.factors.solve(&mut b);
            x[..dim].copy_from_slice(&b[..dim]);
        } else {
            x[0] = engine.omega;
            x[1..dim].copy_from_slice(&self.w0[..n]);
        }
    }

    /// The outputs consistent with this pass's `set` and speeds `x`, written into `sol`; each
    /// lock's torque `T_L` and each wheel's unclamped force magnitude into `out`.
    fn evaluate(&self, set: &ActiveSet<W>, x: &[f64; N], sol: &mut Solution, out: &mut PassOut<W>) {
        let System {
            engine,
            wheels,
            topo,
            h,
            n,
            g,
            k,
            ..
        } = *self;
        let xw = &x[1..n + 1];
        let w_out = dot(&topo.share, xw);
        let tc = k * (x[0] - g * w_out);
        sol.engine_speed = x[0];
        sol.clutch_torque = tc;
        sol.clutch_slip = x[0] - g * w_out;
        sol.dissipation = tc * sol.clutch_slip;
        sol.governor_torque = 0.0;
        if set.pin.is_some() {
            sol.governor_torque = engine.inertia * (x[0] - engine.omega) / h
                - (engine.torque - engine.damping * x[0] - tc);
        }
        for i in 0..n {
            sol.drive[i] = g * topo.share[i] * tc;
        }
        let lock_t = &mut out.lock_t;
        for (j, l) in topo.locks[..topo.n_locks].iter().enumerate() {
            let t = match set.lock[j] {
                LockSet::Off => 0.0,
                LockSet::On => stiffness(&l.model) * dot_d(l, self.dirs[j], xw),
                LockSet::Slip(t) => t,
            };
            lock_t[j] = t;
            sol.dissipation += t * dot_u(l, xw);
            for i in 0..n {
                sol.drive[i] -= t * (l.a[i] - l.b[i]);
            }
        }
        for (i, w) in wheels.iter().enumerate().take(n) {
            let wi = xw[i];
            sol.omega[i] = wi;
            sol.dissipation += w.damping * wi * wi;
            let mut fx = match set.tire[i] {
                TireSet::Linear => w.fx0 + w.dfx * (wi - w.omega),
                TireSet::Saturated(fs) => fs,
            };
            let mag = pass_magnitude(fx, w.fy, w.limit);
            out.mag[i] = mag;
            if mag > w.limit {
                sol.limit_reached |= 1 << i;
            }
            if set.unsaturated[i] && mag > w.limit && w.enabled && set.brake[i] != BrakeSet::Locked
            {
                let fc = fx * w.limit / mag;
                sol.omega[i] = wi + h * w.radius * (fx - fc) / (w.inertia + h * w.damping);
                fx = fc;
            }
            sol.fx[i] = fx;
            sol.fy[i] = if w.limit <= 0.0 {
                0.0
            } else {
                let room = (w.limit * w.limit - fx * fx).max(0.0).sqrt();
                if w.fy.abs() > room {
                    sol.limit_reached |= 1 << i;
                }
                w.fy.clamp(-room, room)
            };
            sol.brake[i] = match set.brake[i] {
                BrakeSet::Slide(t) => t,
                BrakeSet::Locked => {
                    w.inertia * (wi - w.omega) / h
                        - (sol.drive[i] - w.radius * fx + w.torque - w.damping * wi)
                }
            };
        }
    }
}

/// `1 − 2⁻⁴⁰`: [`pass_magnitude`]'s margin below the friction circle.
const INSIDE: f64 = 1.0 - 1.0 / (1u64 << 40) as f64;

/// `2⁻⁴⁸⁴`: the least friction-circle radius [`pass_magnitude`] takes the squares for (its
/// square `2⁻⁹⁶⁸`, so `limit²·(1 − 2⁻⁴⁰)` is above `2⁻⁹⁶⁹`). One test for the sign, NaN and
/// the underflow range.
const MIN_LIMIT: f64 = f64::from_bits((1023 - 484) << 52);

/// A pass's `|(fx, fy)|` against the friction-circle radius `limit`, as the pass and the
/// active-set update read it: only in tests `> limit` and `> limit·(1 + 10⁻¹²)`, and as a
/// divisor when one of them holds. Where the squares prove the force inside the circle,
/// `m = fx² + fy² < limit²·(1 − 2⁻⁴⁰)` with `limit > 2⁻⁴⁸⁴` (so `limit²·(1 − 2⁻⁴⁰)` is
/// above `2⁻⁹⁶⁹`; a negative or NaN limit never takes it), it is
/// `√m`; elsewhere `fx.hypot(fy)`, bit for bit. Each test then has `hypot`'s outcome: the
/// rounded `m`, its product and the sum's underflow are within `2⁻⁵⁰` relative (above
/// `2⁻⁹⁶⁹`), so the exact `|(fx, fy)|` is below `limit·(1 − 2⁻⁴²)`, and `hypot` (within an
/// ulp) and `√m` (within `1.25` ulp) are both below `limit`: every test is false either way
/// and the value is not read further. It spares the pass's `hypot` (≈ 54 instructions, one
/// call per wheel and pass) for the tyres inside their circle, nearly all of them.
#[inline]
fn pass_magnitude(fx: f64, fy: f64, limit: f64) -> f64 {
    let m = fx * fx + fy * fy;
    let inside = limit * limit * INSIDE;
    if m < inside && limit > MIN_LIMIT {
        m.sqrt()
    } else {
        fx.hypot(fy)
    }
}

#[cfg(test)]
mod lazy_tests;

#[cfg(test)]
mod tests;
