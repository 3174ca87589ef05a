//! The headless lab: scripted scenarios run in the ECS (`MinimalPlugins` + Avian, 60 Hz fixed
//! step, manual time), each checked against a hand-worked bound or the core's standalone
//! world. Prints one JSON object per scenario and line on stdout; with `--out DIR` also writes
//! `DIR/<scenario>.json`; `--only NAME` runs one scenario. Exits 1 when a check fails (or a
//! picture asked for was not written), 2 on a bad argument.
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example lab [-- --out lab-results] [--only circle]
//! ```
//!
//! | scenario | what | checks |
//! |---|---|---|
//! | `launch` | sedan, full throttle from rest | 0–100 km/h within 2 % + one step of the core's `acceleration`; no wheel ungrounded |
//! | `brake` | sedan, full brake from 100 km/h | stops within 2 % + 0.25 m of the core's `braking_100_0` |
//! | `circle` | sedan, 50 km/h, steer +0.1, speed holder | steady yaw rate within 2 % of the core's standalone world, a left turn |
//! | `jump` | sedan dropped 2 m, braked | `VehicleLanded` at √(2gd) = 6.26 m/s within 0.25 m/s; energy never above its start |
//! | `rollover` | sedan coasting at 12 m/s, left wheels onto a 20° ramp | rolls past 90°, airborne and landed messages, energy never above start + drive work (0) + 1 J |
//! | `split_mu` | sedan with ABS braking from 80 km/h, left wheels on ice | per-wheel surfaces from two tagged colliders, yaws toward the dry side, distance within 5 % of the core on a patched plane |
//! | `tank_pivot` | tank, no throttle, steer ±1 | yaws the way the core defines (σ > 0 left), within 5 % of the core, on the spot |
//!
//! With the `render` feature, `--screenshots DIR` also draws each scenario as its run ends
//! (no window: Bevy renders to an image; any Vulkan device, Mesa's software lavapipe included)
//! and writes `DIR/<scenario>.png`:
//!
//! ```text
//! cargo run --release -p bevy_skidpad --example lab --features render -- --screenshots shots
//! ```

mod scenarios;

use std::path::PathBuf;

fn main() {
    let mut out: Option<PathBuf> = None;
    let mut only: Option<String> = None;
    let mut shots: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--out", Some(v)) => out = Some(v.into()),
            ("--only", Some(v)) => only = Some(v),
            ("--screenshots", Some(v)) if cfg!(feature = "render") => shots = Some(v.into()),
            (flag, _) => {
                eprintln!(
                    "lab: unknown or incomplete argument {flag:?}; usage: lab [--out DIR] [--only NAME] [--screenshots DIR (feature render)]"
                );
                std::process::exit(2);
            }
        }
    }
    let names: Vec<&str> = scenarios::SCENARIOS.iter().map(|(n, _)| *n).collect();
    if let Some(o) = &only
        && !names.contains(&o.as_str())
    {
        eprintln!("lab: --only {o:?}: no such scenario (one of {names:?})");
        std::process::exit(2);
    }
    for (flag, dir) in [("--out", &out), ("--screenshots", &shots)] {
        if let Some(dir) = dir
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            eprintln!("lab: {flag} {}: {e}", dir.display());
            std::process::exit(2);
        }
    }
    let mut failed = false;
    for (name, run) in scenarios::SCENARIOS {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let picture = shots.as_ref().map(|d| d.join(format!("{name}.png")));
        #[cfg(feature = "render")]
        scenarios::render::plan(picture.clone());
        let outcome = run();
        if let Some(p) = &picture
            && !p.is_file()
        {
            eprintln!("lab: {}: the picture was not written", p.display());
            failed = true;
        }
        let json = outcome.json();
        println!("{json}");
        failed |= !outcome.pass();
        if let Some(dir) = &out {
            let path = dir.join(format!("{name}.json"));
            let text = serde_json::to_string_pretty(&json).expect("JSON values serialise");
            if let Err(e) = std::fs::write(&path, text + "\n") {
                eprintln!("lab: {}: {e}", path.display());
                std::process::exit(2);
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
