//! The curb strike at its margin (session 32): the event is chaotic (the car strikes the
//! curb, tumbles and lands somewhere different for a start speed 0.01 m/s apart), so a cell
//! that passes at 15 m/s says little about its neighbours. `curb_sweep` runs one preset's
//! curb strike over a range of start speeds at 1/30, 1/60 and 1/120 s; the CI test runs the
//! perturbed cells that found a term the audit missed ([`crate::energy::explicit_strut_allowance`]).
//!
//! ```text
//! CURB_PRESET=sports_rwd CURB_FROM=14.9 CURB_TO=15.1 CURB_STEP=0.01 \
//!   cargo test -p skidpad --test energy_audit curb_sweep -- --ignored --nocapture
//! ```
//! (`decompose` takes `AUDIT_SCALE`, the start velocity's factor, and `AUDIT_MIN`; `trace`
//! takes `TRACE_SCALE`.) Swept at 14.90–15.10 m/s by 0.01 with the allowance above, every
//! preset passes every cell but these, left open (not in CI):
//!
//! - *Re-measured (`edge-s32`, on main b1247d8 and on `curb-s32`'s own commits 9505aac /
//!   4412ccb, the same numbers)*: the three cells listed by `curb-s32` (the sports car at
//!   14.90 m/s, 1/60 s and 15.01 m/s, 1/120 s; the kart at 15.01 m/s, 1/60 s) **pass**
//!   (rise −19.4, −8.2 and −1.2 J). The cells that fail are the six `curb-s32`
//!   attributed to its scratch try: the hatch at 14.96 m/s, 1/120 s (+61.7 J), the sports
//!   car at 15.02 m/s, 1/120 s (+46.7 J), the kart at 14.90 m/s, 1/120 s (+11.3 J), 14.95 m/s,
//!   1/60 s (+0.19 J), 15.09 m/s, 1/30 s (+16.3 J) and 1/60 s (+26.4 J); every other preset
//!   and cell passes. `curb-s32`'s main and scratch results were most likely recorded the
//!   wrong way round, so its trace of the "side face" cell (PERFORMANCE.md, `curb-s32`) is
//!   of the scratch code, not of main: a lead, not the open cells' mechanism.
//! - *The sports car at 15.02 m/s, 1/120 s* (`decompose`, `AUDIT_SCALE` = 15.02/15): the rise
//!   is one step at t = 0.900 s. Only the rear-right wheel is in contact, before and after
//!   (the other three hang at −120 / −84 / −120 mm); its jounce goes −17 → +12 mm (end
//!   pose), its strut's energy +100.6 J while the body loses 32.5 J: +65.8 J at the end
//!   pose, 46.7 J beyond the allowance (`trace`: `dU` of wheel 3 +100.6 J, the impulses
//!   −1.3 J, spin −20.3 J). Not traced further: whether this is a ground rise under a wheel
//!   in contact that `ground_rise` misses (the previous plane not meeting the sweep) or the
//!   explicit strut's own term is the next question.
//! - *The others* (`decompose`): the kart at 15.09 m/s (1/30 and 1/60 s) rises in one step
//!   at t = 0.400 s with **no wheel in contact** before or after (+16.3 / +26.4 J, all of it
//!   the body's: no strut term at all), so a body or rim contact with the curb, not a
//!   strut; the kart at 14.90 m/s, 1/120 s at t = 0.358 s as wheel 0 leaves the ground
//!   (3 mm → off; body +16.4 J); the hatch at 14.96 m/s, 1/120 s at t = 1.108 s as its
//!   front-left touches down from full droop (−120 → −96 mm; springs +84.4 J at the end
//!   pose, body −8.0 J). Not traced further.
//! - *Tried (`edge-s32`, scratch, not kept)*: a previous plane that the wheel's line reaches
//!   only beyond the sweep's length (`s_old > max_distance`, so `contact_with_fit` gives
//!   `None` and `ground_rise` is 0) counted as a rise `s_old − s` (the jounce it gives then
//!   clamped at full droop by `risen_from`): every preset's sweep (8 presets × 14.90–15.10 m/s
//!   × 1/30, 1/60, 1/120 s) gives the same failing cells and numbers to the printed digit, so
//!   that case does not decide any of the six. So does `curb-s32`'s own try, re-done: every
//!   previous plane that gives no contact counted as an infinite `ground_rise` (the edge
//!   force from full droop, or from the previous jounce): the same six cells, the same
//!   numbers. Neither the side-face mechanism nor its fix acts in any of main's cells.

use crate::events::{self, Event, STEPS, all_presets};

/// The curb strike's cells at its margin (session 32, `curb_sweep`): the hatch's start speeds
/// (m/s) whose runs at 1/30 s rose 146–834 J beyond the end-pose allowance in one step (the
/// explicit struts pushing from where a touchdown or a ground rise left them:
/// [`crate::energy::explicit_strut_allowance`]); every one at the three larger steps.
const CURB_MARGIN: [(&str, f64); 4] = [
    ("hatch_fwd", 14.92),
    ("hatch_fwd", 14.93),
    ("hatch_fwd", 14.95),
    ("hatch_fwd", 15.01),
];

#[test]
fn the_curb_strike_at_its_margin_never_gains_energy() {
    // The chaotic curb strike's trajectory moves with its start: the perturbed speeds that
    // found the explicit struts' term (≈ 0.3 s at opt-level 1).
    let mut fails = Vec::new();
    for (name, speed) in CURB_MARGIN {
        let preset = all_presets().into_iter().find(|p| p.0 == name).unwrap().1;
        for &dt in &STEPS[..3] {
            let a = events::audit_scaled(preset(), Event::CurbStrike, dt, speed / 15.0);
            if let Err(e) =
                crate::check(&format!("{name} at {speed} m/s"), Event::CurbStrike, dt, &a)
            {
                fails.push(e);
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

// Not run by CI on purpose: the curb strike's speed sweep around 15 m/s (CURB_PRESET,
// CURB_FROM, CURB_TO, CURB_STEP in m/s), printing each cell's rise beyond the allowance.
#[test]
#[ignore = "measurement: the curb strike's speed sweep (CURB_PRESET, CURB_FROM, CURB_TO, CURB_STEP)"]
fn curb_sweep() {
    let env = |k: &str, d: f64| std::env::var(k).map_or(d, |s| s.parse().unwrap());
    let name = std::env::var("CURB_PRESET").unwrap_or("hatch_fwd".into());
    let preset = all_presets().into_iter().find(|p| p.0 == name).unwrap().1;
    let (from, to, by) = (
        env("CURB_FROM", 14.9),
        env("CURB_TO", 15.1),
        env("CURB_STEP", 0.01),
    );
    let n = ((to - from) / by).round() as usize;
    for k in 0..=n {
        let speed = from + k as f64 * by;
        for &dt in &STEPS[..3] {
            let a = events::audit_scaled(preset(), Event::CurbStrike, dt, speed / 15.0);
            println!(
                "{name} {speed:.3} 1/{:.0}: rise {:.2} raw {:.2} gain {:.2} up_z {:.2}{}",
                1.0 / dt,
                a.rise,
                a.raw_rise,
                a.gain,
                a.up_z,
                if a.rise > 0.0 || a.gain > 0.0 {
                    "  FAIL"
                } else {
                    ""
                }
            );
        }
    }
}
