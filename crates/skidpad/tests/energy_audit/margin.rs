//! The curb strike at its margin (session 32): the event is chaotic (the car strikes the
//! curb, tumbles and lands somewhere different for a start speed 0.01 m/s apart), so a cell
//! that passes at 15 m/s says little about its neighbours. `curb_sweep` runs one preset's
//! curb strike over a range of start speeds at 1/30, 1/60 and 1/120 s; the CI test runs the
//! perturbed cells that found a term the audit missed ([`crate::energy::explicit_strut_allowance`]).

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
