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
//! preset passes every cell but three, left open (not in CI):
//!
//! - *The sports car at 14.90 m/s, 1/60 s* (+157 J, t = 1.617 s) and *15.01 m/s, 1/120 s*
//!   (+28.9 J): a wheel in contact with the curb's **vertical side face**. At t = 1.600 s the
//!   tumbling car's rear-right wheel (on the low side) stands at −118 mm on the face
//!   (`n` = (0, −1, 0), zero force); the next query finds the curb's corner
//!   (`n` = (0, −0.83, 0.56)) 106 mm higher. The previous plane does not meet the strut's
//!   sweep, so `ground_rise` is 0 (`skidpad::wheel`'s general query: no old contact → no
//!   rise) and no edge force takes the 113 J the spring gained; the next substep the strut
//!   pushes 17.8 kN (31.7 kN along the 56° normal): its work +699 J against its own release
//!   of 93 J, the tyre −448 J, the body +279 J. Tried (scratch): a rise whose previous plane
//!   no longer meets the sweep counted from the previous jounce (an infinite `ground_rise`,
//!   the edge force from `was_jounce`): these two cells pass, but the kart's at 14.90 (1/120),
//!   14.95 (1/60), 15.09 (1/30, 1/60), the sports car's at 15.02 (1/120) and the hatch's at
//!   14.96 (1/120) then fail (+0.2 to +62 J): not kept.
//! - *The kart at 15.01 m/s, 1/60 s* (+3.25 J; `trace`: at t = 0.894 s its wheel 1's strut
//!   does +15.4 J on the body against a release of 8.0 J, its tyre +6.0 J, spin −7.6 J):
//!   not traced further.

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
