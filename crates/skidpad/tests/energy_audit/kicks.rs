//! The input-jump cells (session 33, [`KICK_CELLS`], [`Pattern`]): the matrix holds the
//! controls, so it cannot judge `SimParams::input_jump_half_kick` (the first substep of a
//! step whose controls changed gets `½·(F(c, u₋) − F(c, u))`). These cells change them every
//! step: full brake on alternate steps on the curb strike and off the 2 m ledge, full
//! throttle on alternate steps over the ramp jump (a driven axle spinning up in the air and
//! landing), steering full left and right on alternate steps into the curb, and throttle,
//! brake and steer drawn every step (seeded) on the ramp jump and the curb; every preset at
//! 1/30, 1/60 and 1/120 s, both kicks on and both off (288 cells, ≈ 5 s at the test profile).
//! Measured (`kick_table`, J beyond the allowance):
//!
//! - *Net gain* (`E(t) − E(0)` against the drive work since the start): every cell passes,
//!   on and off.
//! - *One step, kick off*: every cell but [`OPEN_WITHOUT_KICK`] (one, the kart's). Session
//!   33 left ten open (+0.94 to +93 J: steer reversals into the curb, the seeded pattern on
//!   the ramp jump), traced (`steer-s33`) on the sedan's steer cell at 1/120 s: a steered,
//!   undriven tyre sliding along its slip winds its lateral deflection far past the
//!   carcass's reach (`v` −0.052 to −0.059 m against `v_max` 0.016 m), the jump to the other
//!   lock reverses the slip (`V_y` +2.7 to +3.7 m/s) within one substep, and the substep's
//!   force, formed from that start deflection, is the sliding force *along* the new slip:
//!   +67 to +85 J on the body that no spring stored (`finish` held `v` to the reach only
//!   after the force). **Fixed** (`steer-s34`, `skidpad::tire::contact::hold_start`, both
//!   grip paths): only the stored part can push back, so the start deflection against its
//!   slip is held to the reach before the force too (lateral only; the sedan's cell +55.6 →
//!   −12.1 J); all ten pass. Two kart cells the hold's trajectories reach, one fixed since,
//!   one open ([`OPEN_WITHOUT_KICK`]):
//!   - *The kart's steer into the curb at 1/120 s* (+37.1 J, t = 0.425 s; **fixed**,
//!     `kart-s35`): its front-left tyre leant on the curb's side face (normal
//!     (−0.95, 0, 0.31)) at 1.2 mm of jounce, the steer went +0.524 → −0.423 rad between two
//!     1/240 s substeps, and the same plane then met the line at 27.4 mm (17.4 mm past full
//!     compression) while the contact point receded (`v_n` +0.10 m/s: no end stop; the old
//!     plane's `ground_rise` −0.6 mm): the turned cylinder, not the body, compressed the strut,
//!     `U*` +78 J that it gave the body pushing it off the face. The contact stage met the
//!     plane stood on with this substep's axle, so a turn counted as strut motion. The steer
//!     is a kinematic constraint with no energy of its own: the fix (`skidpad::wheel::turned`,
//!     `steer-s34`'s, restored) meets that plane with the last query's steer, so the turn's
//!     `Δ` is ground that rose into the wheel and the strut balance takes `U*(x) − U*(x − Δ)`
//!     from the body's motion at the contact (an edge force): the cell passes (no rise left).
//!     `steer-s34` had reverted it because `tests/hosted.rs` then differed 1.06e-9 (sedan, 2
//!     substeps). Why hosted differed: not the fix. The first difference was 2.1e-16 at step
//!     405, the first step on that path where an end stop acted (impulses 1011 and 1922 N·s),
//!     with the vehicle's own hosted prediction equal to the host's bits: the hosted step's
//!     end stops (`pipeline::end_stop_stage`) solved with `solve_impulses` and `n·(j/h)`, the
//!     standalone's (`impact_full`) with `solve_contacts` and `(n·j)/h`; the rolled car then
//!     grew that round-off to 1.06e-9 by step 480 (on main the sports car's 2 substeps show
//!     the same seed, 6.3e-16 at its step 267, and the sedan's 1 and 4 substeps 2.2e-11 and
//!     1.2e-11 at the end). The hosted end stops now run the standalone's solve and
//!     bookkeeping, so a vehicle with no body shape is bit for bit the standalone one: every
//!     `tests/hosted.rs` comparison is 0 (its 1e-9 untouched).
//!   - *The kart nearly at rest* (Seeded(1) ramp jump at 1/60 s, +0.0005 J, t = 3.683 s, 0.001 m/s;
//!     +0.0007 J at the same step, k = 220, since `kart-s35`'s turned wheels): the body and struts
//!     lose 7.4 mJ in the step while the patch springs gain 8.0 mJ at the end's loads from their
//!     deflections (reload −3.9 mJ off); per wheel `ΔU_i` −3.67 / +2.00 / +6.81 / +2.98 mJ against
//!     the tyres' work `T_i` (`trace`) +2.73 / −1.53 / −5.15 / −1.61 mJ and −0.25 mJ of spin.
//!     *Derived* (`kart-s36`, `skidpad::tire::contact::patch`'s module docs, "The patch and the
//!     body per substep"): the grip stage advances a deflection with the contact's velocity at
//!     the substep's start, the body then moves with its end velocity, so the state's
//!     deflection is the body's displacement up to the substep's *start*, a substep behind the
//!     pose the audit reads everything else at. Its balance per substep is
//!     `½·h²·(F² − G²)/M − ½·k·Δv² − (relaxation)`, `≈ h·F·(V' − V)` where the patch holds a
//!     static load (`F ≈ −G`): first order in the body's rocking times the load, either sign;
//!     the longitudinal springs alone (the braked kart held on the ramp: the cell passes with
//!     only `u` read at the end pose, fails with only `v`). *Tried* (measured on the 144
//!     kick-off cells, the matrix and the bench): (1) the audit reading the patch at the end
//!     pose (`u − h·V_x`, `v + h·V_y`): the kart −0.0020 J, but at speed the lateral's
//!     explicit `½·k·(h·V_y)²` has no allowance (truck_8x8 Seeded(1) ramp 1/120 s +59.0 J,
//!     hatch_fwd's kicked +0.12 J, the tank's matrix ramp at 1/1000 s +4.2 J) and `u − h·V_x`
//!     at speed is the wheel's turn and the body's travel a substep apart (beyond the reach:
//!     it reads nothing), so not kept; (2) the core re-advancing each deflection after the
//!     integration by the body's velocity change at its contact, `u −= h·ΔV_x`,
//!     `v += h·ΔV_y` (commit `c5e9145`, reverted): balance `−½·h²·(M − k·h²)·a² − … ≤ 0`,
//!     the kart's cell and every audit test green (an audit-side prototype of the same
//!     update, kick-off cells and matrix: the kart −0.0015 J, none fails), but +2.8 k a vehicle-step
//!     on the bench's sedan (+1.3 k slip-ray, +0.7 k friction circle: the pass ≈ 75 a wheel
//!     and substep, and the longitudinal hold's reach now evaluated in 31 % of
//!     wheel-substeps), far over the 0.2 k the hot path allows. Left: that update made cheap
//!     (a closed-form floor of the longitudinal reach, as `ray-s35`'s lateral one, and the
//!     pass folded into the grip stage), or an audit allowance for the lag.
//! - *One step, kicks on*: judged beyond the control jump's credit (below). Every cell
//!   passes. On `audit-s35`'s branch one failed, the kart's steer into the curb at 1/120 s
//!   (+21.6 J: the kick-off class above on the kicked path, k = 48: the steer jump
//!   +0.524 → −0.423 rad turned the front-left wheel, on the curb's side face, from 4.4 to
//!   21.3 mm of raw jounce at the same pose, 1.0 → 7.0 kN, end-pose springs 3.4 → 56.4 J;
//!   the plain step from the same state rose +24.5 J too); `kart-s35`'s turned-wheel ground
//!   rise fixed it with the kick-off cell (merged main: passes).
//!
//! Since `audit-s35` "kicks on" is both `SimParams::input_jump_half_kick` and
//! `opening_half_kick`, the shipped default once the kicks are flipped on; and
//! [`the_matrix_with_both_kicks_on_never_gains_energy`] runs the matrix's events at 1/30–1/120 s
//! with both (the opening kick moves each cell's first step, so its path): all pass.
//!
//! ## The kick's bookkeeping (`audit-s35`)
//!
//! The body's linear velocity is integrated by symplectic Euler, `v ← v + h·a(x)`,
//! `x ← x + h·v`: the velocity a state holds after a step is the leapfrog's half-substep
//! one, `v(tₙ − h/2)`, and the audit's `E` reads the kinetic energy from it. The
//! synchronised velocity is `v(tₙ) = v(tₙ − h/2) + ½h·a(tₙ)`, so
//!
//! ```text
//! E_read(tₙ) = E(tₙ) − ½M·|v + ½h·a|² + ½M·|v|² = E(tₙ) − ½h·M·a·v − ⅛h²·M·|a|²
//! ```
//! with `M·a = F + M·g` the body's force (stages 1–9, `SubstepForces::total`, plus
//! gravity). With the controls held, `a` moves with the state only and the offset's change
//! over a step is the explicit springs' term the allowances bound. Where the controls jump
//! at `tₙ` from `u₋` to `u`, `a` jumps at the same state from `a₋ = a(xₙ, u₋)` to
//! `a = a(xₙ, u)`: the leapfrog across the jump (the input jump's half kick,
//! `pipeline::kick`) takes `v(tₙ + h/2) = v(tₙ − h/2) + ½h·a₋ + ½h·a`, continuous in `v(tₙ)`
//! (the velocity cannot jump with a force), but the reading's offset jumps by
//!
//! ```text
//! C = ½M·|v + ½h·a₋|² − ½M·|v + ½h·a|²  =  ½h·(F₋ − F)·v + ⅛h²·(|a₋|² − |a|²)·M
//! ```
//! (J; `v` the held velocity at the step's start, `h` the step's substep). Across the step
//! `ΔE_read = ΔE − C` + the held-controls offset change, so the kicked step is judged on
//! `excess − C` ([`ControlJump::credit`]), the synchronised energy's rise. To first order
//! `C` is the kick's own work `h·ΔF·v`, `ΔF = ½·(F₋ − F)`: the sedan's throttle cell at
//! 1/30 s (`kick_decompose`), each released throttle `C` = +1512.2 / +1527.6 / +1560.8 J
//! against `E_kick` (the kicked step's `E` less the plain step's from the same state)
//! +1512.4 / +1527.9 / +1561.0 J; each pressed throttle −1578.6 / −1600.8 J against
//! −1581.6 / −1603.9 J. Over the 144 kick-on cells the judged margin moves from the raw
//! rise by exactly the worst step's `C`: 25 cells fail raw (+0.0006 to +2547 J, the
//! throttle released), session 33's drive credit `½·(W₋ − W)⁺` left 2 (+73.7 J, +0.0006 J),
//! `C` leaves 1 (+21.6 J, the listed class). `C` is signed: a brake released, or a
//! throttle pressed, gives the body half a substep less of the new force than the plain
//! step, `C < 0`, and the judged rise is the higher (72 cells tighter than with the drive
//! credit, up to 13.4 kJ on the 8×8 truck's brake cell at 1/30 s; 6 looser, by at most
//! 978 J, the 8×8 truck's steer cell at 1/30 s, −2414 → −3392 J).
//!
//! *What it cannot hide*: `C` is formed by the audit at the step's start from its own two
//! passes (`first_substep_forces` under `u₋` and `u`, the totals), the same whether the
//! core kicks or not, so energy the step makes beyond the leapfrog's kick stays in the
//! judged rise. [`an_injected_second_kick_is_not_hidden_by_the_credit`]: the sedan's
//! throttle cell with the kick applied twice (a second `h·ΔF/M` added to the body before
//! each step whose controls changed) fails by > 1 kJ, and passes without. The plain step
//! (kicks off) is still judged on its raw rise: its reading carries the same jump but it
//! applies the new force from `tₙ − h/2` on (a first-order error the kick removes), so for
//! it `excess − C` would charge the early force's work: not a fair test of its energy.
//! The opening kick needs no term: it acts on the run's first step, which the audit does
//! not judge (`E(0)` is taken after it), and it is the leapfrog's own start
//! `v(t₀ + h/2) = v₀ + ½h·a₀`, so the readings after it are offset as every other's.
//!
//! *Session 34's cells with the opening kick on* (`kick-s34`, `okick-s34`: sedan `Steer`
//! curb 1/120 s +2.33 J, kart `Seeded(2)` curb 1/60 s +52.5 J) pass on main 88bb5bb already
//! (`steer-s34`'s hold moved their paths): −11.57 J and −0.0216 J raw. The kart's steer
//! into the curb at 1/30 s (session 34's open kick-on cell, +61.7 J with the input jump's kick
//! alone, `E_kick` +147.9 J) is the bookkeeping's: `C` = +145.0 J there, so that step is
//! judged −83.3 J (the plain step from the same state −86.2 J: the kick's second-order part
//! +3.0 J) and the cell −14.4 J; with both kicks on −13.8 J. No kick made energy there, so
//! no limit on the kick (e.g. none across a wheel's contact change) is needed: at a step
//! boundary the held steer *is* the force's jump, and the leapfrog's average across it is
//! the consistent integral. Measured with scratch switches (not kept): the input jump's kick
//! alone, every kick-on cell passes with `C`; both kicks with 2 low-speed substeps, the
//! kick cells and the kick-on matrix give the same failures as at 3 (the three listed).

use super::energy::ControlJump;
use super::events::{Audit, Event, STEPS, all_presets, audit_driven, setup};
use skidpad::presets;
use skidpad::vehicle::{Intent, VehicleParams};
use std::cell::Cell;

/// A driver's controls changing at step boundaries, to judge the input jump's half kick
/// (`SimParams::input_jump_half_kick`: the first substep of a step whose controls changed
/// gets `½·(F(c, u₋) − F(c, u))`). The matrix above holds the controls, so it never kicks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pattern {
    /// Full brake on every other step (at speed: the largest force jump a driver makes).
    Brake,
    /// Full throttle on every other step (the ramp jump: a driven axle spinning up in the
    /// air and landing).
    Throttle,
    /// Steering full left and full right on alternate steps.
    Steer,
    /// Throttle, brake and steer drawn afresh every step from a seeded generator.
    Seeded(u64),
}

impl Pattern {
    /// The pattern its `Debug` form names (`Brake`, `Throttle`, `Steer`, `Seeded(n)`).
    pub fn parse(s: &str) -> Pattern {
        match s {
            "Brake" => Pattern::Brake,
            "Throttle" => Pattern::Throttle,
            "Steer" => Pattern::Steer,
            s => Pattern::Seeded(s[7..s.len() - 1].parse().unwrap()),
        }
    }

    /// The driver's intent before step `k`.
    pub fn intent(self, k: usize) -> Intent {
        let on = (k % 2) as f64;
        match self {
            Pattern::Brake => Intent {
                brake: on,
                ..Intent::default()
            },
            Pattern::Throttle => Intent {
                throttle: on,
                ..Intent::default()
            },
            Pattern::Steer => Intent {
                steer: 2.0 * on - 1.0,
                ..Intent::default()
            },
            Pattern::Seeded(seed) => {
                // SplitMix64 of (seed, k): three uniform draws in [0, 1).
                let draw = |j: u64| {
                    let mut z =
                        seed.wrapping_add((3 * k as u64 + j).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                    (z ^ (z >> 31)) as f64 / 2f64.powi(64)
                };
                Intent {
                    throttle: draw(0),
                    brake: (2.0 * draw(1) - 1.0).max(0.0),
                    steer: 2.0 * draw(2) - 1.0,
                    ..Intent::default()
                }
            }
        }
    }
}

/// The input-jump cells: every pattern over the events where it acts hardest.
pub const KICK_CELLS: [(Pattern, Event); 6] = [
    (Pattern::Brake, Event::CurbStrike),
    (Pattern::Brake, Event::Ledge(2.0)),
    (Pattern::Throttle, Event::RampJump),
    (Pattern::Steer, Event::CurbStrike),
    (Pattern::Seeded(1), Event::RampJump),
    (Pattern::Seeded(2), Event::CurbStrike),
];

/// One input-jump cell's audit ([`audit_kick`]).
#[derive(Debug, Clone, Copy)]
pub struct KickAudit {
    /// The audit as `check` reads it (the one-step rise without any kick credit).
    pub audit: Audit,
    /// With the kicks on, the largest one-step rise beyond the allowance less the control
    /// jump's credit ([`ControlJump::credit`], the module docs' bookkeeping), J; the
    /// audit's `rise` with them off.
    pub judged: f64,
    /// The same less session 33's drive credit ([`ControlJump::drive`]) instead, J (kicks
    /// on; for the comparison).
    pub by_drive: f64,
    /// The largest `|credit|` of the run, J.
    pub credit: f64,
}

/// One input-jump cell with both kicks `on` (`SimParams::input_jump_half_kick` and
/// `opening_half_kick`) or both off, judged as the module docs derive ([`KickAudit`]).
pub fn audit_kick(
    p: VehicleParams,
    pattern: Pattern,
    event: Event,
    dt: f64,
    on: bool,
) -> KickAudit {
    audit_kick_injected(p, pattern, event, dt, on, 0.0)
}

/// [`audit_kick`] with `inject` times the half kick's velocity change ([`ControlJump::dv`])
/// added to the body before each step whose controls changed: an energy source the
/// bookkeeping must not hide (1: a kick twice the leapfrog's).
pub fn audit_kick_injected(
    p: VehicleParams,
    pattern: Pattern,
    event: Event,
    dt: f64,
    on: bool,
    inject: f64,
) -> KickAudit {
    let mut p = p;
    (p.sim.input_jump_half_kick, p.sim.opening_half_kick) = (on, on);
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    let ground = setup(event, r).0;
    let jump = Cell::new(None::<ControlJump>);
    let (judged, by_drive, credit) = (
        Cell::new(f64::NEG_INFINITY),
        Cell::new(f64::NEG_INFINITY),
        Cell::new(0.0f64),
    );
    let audit = audit_driven(
        p,
        event,
        dt,
        1.0,
        |k, v| {
            let new = pattern.intent(k);
            jump.set((on && k > 0).then(|| {
                let mut c = v.clone();
                c.set_intent(new).unwrap();
                ControlJump::at(v, c.controls(), &*ground, dt)
            }));
            if let Some(j) = jump.get().filter(|_| inject != 0.0) {
                v.parts_mut().3.chassis.linear_velocity_world += inject * j.dv;
            }
            Some(new)
        },
        |_, _, excess| {
            let j = jump.get();
            let (c, d) = j.map_or((0.0, 0.0), |j| (j.credit, j.drive));
            judged.set(judged.get().max(excess - c));
            by_drive.set(by_drive.get().max(excess - d));
            credit.set(credit.get().max(c.abs()));
        },
    );
    KickAudit {
        audit,
        judged: if on { judged.get() } else { audit.rise },
        by_drive: by_drive.get(),
        credit: credit.get(),
    }
}

/// One input-jump cell: preset, pattern, event, step, both kicks on.
pub type KickCell = (&'static str, Pattern, Event, f64, bool);

/// Every input-jump cell of every preset at 1/30, 1/60 and 1/120 s, both kicks on and both
/// off, with its audit.
pub fn kick_cells() -> Vec<(KickCell, KickAudit)> {
    let mut out = Vec::new();
    for on in [false, true] {
        for (name, preset) in all_presets() {
            for &dt in &STEPS[..3] {
                for (pattern, event) in KICK_CELLS {
                    let a = audit_kick(preset(), pattern, event, dt, on);
                    out.push(((name, pattern, event, dt, on), a));
                }
            }
        }
    }
    out
}

/// The name `check` gives a cell.
pub fn kick_name(c: &KickCell) -> String {
    format!("{} {:?} kick {}", c.0, c.1, c.4)
}

const S30: f64 = 1.0 / 30.0;
const S60: f64 = 1.0 / 60.0;

/// Cells whose one-step rise fails `check` with the controls changing and the kick off (J
/// beyond the allowance): the kart at rest (the module docs, `steer-s34`; session 33's ten
/// pass since the hold before the force, the kart's steer into the curb's face since
/// `kart-s35`).
pub const OPEN_WITHOUT_KICK: [(&str, Pattern, Event, f64); 1] =
    [("kart", Pattern::Seeded(1), Event::RampJump, S60)]; // +0.0007

fn listed(list: &[(&str, Pattern, Event, f64)], c: &KickCell) -> bool {
    list.iter()
        .any(|l| (l.0, l.1, l.2, l.3) == (c.0, c.1, c.2, c.3))
}

/// `k`'s audit with its one-step rise the one judged ([`KickAudit::judged`]); none
/// (`NEG_INFINITY`) for a listed open cell, whose other invariants are still checked.
fn judged(c: &KickCell, k: &KickAudit) -> Audit {
    let open = !c.4 && listed(&OPEN_WITHOUT_KICK, c);
    Audit {
        rise: if open { f64::NEG_INFINITY } else { k.judged },
        ..k.audit
    }
}

/// The input-jump cells (`KICK_CELLS`, every preset at 1/30, 1/60 and 1/120 s), both kicks
/// on and both off (≈ 4 s at the test profile): each stays finite and never ends above its
/// start energy plus the drive work (the net gain). One step: `check`'s, with the kicks on
/// beyond the control jump's credit ([`audit_kick`], the module docs); the open cells listed
/// above excepted.
#[test]
fn controls_changing_every_step_gain_no_energy_with_or_without_the_half_kick() {
    let fails: Vec<String> = kick_cells()
        .iter()
        .filter_map(|(c, k)| super::check(&kick_name(c), c.2, c.3, &judged(c, k)).err())
        .collect();
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// `check` as it is (no credit) on every kick-on cell that passes it with the kicks off:
/// cells fail (the throttle released, up to +2547 J at 1/30 s): the audit reads the held
/// half-substep velocity, and its reading jumps with the controls (the module docs).
#[test]
#[ignore = "open by design: without the control jump's credit the held velocity's reading jumps with the controls (kicks.rs module docs, the kick's bookkeeping)"]
fn controls_changing_every_step_check_with_the_half_kick_without_its_credit() {
    let fails: Vec<String> = kick_cells()
        .iter()
        .filter(|(c, _)| c.4 && !listed(&OPEN_WITHOUT_KICK, c))
        .filter_map(|(c, k)| super::check(&kick_name(c), c.2, c.3, &k.audit).err())
        .collect();
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// The cells that fail with the kick off ([`OPEN_WITHOUT_KICK`]).
#[test]
#[ignore = "open: the kart at rest (Seeded(1) ramp jump, 1/60 s, +0.0007 J): its patch deflections lag the body by a substep, balance ½·h²·(F² − G²)/M ≈ h·F·ΔV under a static load; the energy-safe re-advance passes but costs +2.8 k a vehicle-step (kart-s36, kicks.rs module docs)"]
fn controls_changing_every_step_open_without_the_half_kick() {
    open_cells(&OPEN_WITHOUT_KICK, false);
}

/// `check` on the listed cells, judged as the CI test judges them ([`KickAudit::judged`]).
fn open_cells(list: &[(&str, Pattern, Event, f64)], on: bool) {
    let mut fails = Vec::new();
    for (name, preset) in all_presets() {
        for (_, pattern, event, dt) in list.iter().filter(|l| l.0 == name) {
            let k = audit_kick(preset(), *pattern, *event, *dt, on);
            let c = (name, *pattern, *event, *dt, on);
            let a = Audit {
                rise: k.judged,
                ..k.audit
            };
            fails.extend(super::check(&kick_name(&c), c.2, c.3, &a).err());
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// The matrix's events (`Event::ALL`, every preset) at 1/30, 1/60 and 1/120 s with both kicks
/// on, the controls held (≈ 3 s at the test profile): the opening half kick moves each cell's
/// first step (the audit starts after it) and so its path; `check` as the matrix's.
#[test]
fn the_matrix_with_both_kicks_on_never_gains_energy() {
    let mut fails = Vec::new();
    for (name, preset) in all_presets() {
        for &dt in &STEPS[..3] {
            for event in Event::ALL {
                let mut p = preset();
                (p.sim.input_jump_half_kick, p.sim.opening_half_kick) = (true, true);
                let a = super::events::audit(p, event, dt);
                fails.extend(super::check(&format!("{name} kicks on"), event, dt, &a).err());
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// The bookkeeping hides no energy the model makes: the throttle cell of the sedan's ramp
/// jump at 1/30 s with a second half kick injected before each step whose controls changed
/// (the kick twice the leapfrog's: `+h·½·(F₋ − F)/M` more, ≈ +1.5 kJ on each step releasing
/// the throttle) fails the one-step check beyond the credit by about that much; the same
/// cell without the injection passes.
#[test]
fn an_injected_second_kick_is_not_hidden_by_the_credit() {
    let cell = |inject| {
        audit_kick_injected(
            presets::sedan(),
            Pattern::Throttle,
            Event::RampJump,
            S30,
            true,
            inject,
        )
        .judged
    };
    let (honest, doubled) = (cell(0.0), cell(1.0));
    assert!(honest < 0.0, "{honest}");
    assert!(doubled > 1000.0, "{doubled}");
}

// Not run by CI on purpose: it prints every input-jump cell that fails a check (`KICK_ALL`:
// every cell), the numbers behind the lists above and the module docs; its checks are the CI
// test's.
#[test]
#[ignore = "measurement: prints the input-jump cells' rises (the lists' numbers; KICK_ALL every cell)"]
fn kick_table() {
    let all = std::env::var("KICK_ALL").is_ok();
    for (c, k) in kick_cells() {
        let a = &k.audit;
        if all || a.rise > 0.0 || a.gain > 0.0 || k.judged > 0.0 {
            println!(
                "{} {:?} {:?} 1/{:.0} kick {}: rise {:.4} judged {:.4} by drive {:.4} credit \
                 {:.4} gain {:.3}",
                c.0,
                c.1,
                c.2,
                1.0 / c.3,
                c.4,
                a.rise,
                k.judged,
                k.by_drive,
                k.credit,
                a.gain
            );
        }
    }
}
