//! The car presets' KPIs against the published figures of the vehicles they represent
//! (issue 15, item 2; bands and sources in `skidpad::presets::published`).
//!
//! Invariants: every measured quantity sits in its published band unless it is listed in
//! [`KNOWN_FAILURES`] with the reason (and a listed one that passes must be removed); the
//! understeer gradients fall in the order of front weight (FWD hatch > RWD sedan > 50/50
//! coupé). The test writes the table of preset vs. published figure; the same table is the
//! generated part of `PRESETS.md` and must match it (`SKIDPAD_BLESS=1` rewrites it after a
//! deliberate change).

use skidpad::ground::SurfaceId;
use skidpad::maneuver::{
    CIRCLE_RADIUS, Options, STEP_STEER_AY, STEP_STEER_SPEED, lateral_limit, longitudinal, standard,
};
use skidpad::presets::published::{Band, Quantity};
use skidpad::presets::{self, published};
use skidpad::vehicle::VehicleParams;
use std::collections::HashMap;
use std::path::Path;

/// Quantities out of their band today, with what is known. Each must still be out (remove
/// the row when fixed; the test says so), and nothing else may be.
const KNOWN_FAILURES: [(&str, Quantity, &str); 4] = [
    (
        "sports-rwd",
        Quantity::Stop100Abs,
        "MotorTrend's M235i stopped at 1.17 g on ultra-high-performance tyres; the preset's \
         tyre is fitted to a 235/60 R16 touring tyre (µ 1.03 peak): ideal stop 37.0 m, ABS \
         reaches 91 % of it (40.5 m; tests/abs_vs_locked.rs): the gap is the tyre, not the \
         ABS. Needs a UHP .tir",
    ),
    (
        "sports-rwd",
        Quantity::MaxLateralAccel,
        "the same touring tyre (µ ≈ 1.0 at the loads of a 1450 kg car, falling with load) \
         cannot hold the 0.97 g MotorTrend measured on UHP tyres",
    ),
    (
        "sports-rwd",
        Quantity::Accel0To100,
        "traction-limited on the same tyre: 450 N·m in first gives 19 kN at the rear wheels, \
         which carry ≈ 8.6 kN with the launch transfer (µ ≈ 1.0), so traction control holds the \
         launch near µg·(rear share) until second gear",
    ),
    (
        "rally-4wd",
        Quantity::Accel0To100,
        "quicker than the road car: the preset is the Group N car (1230 kg, 400 N·m, short \
         ratios, final 4.53) and the published figures are the 1400 kg road Evo IX's \
         (355 N·m); no published Group N figure was found",
    ),
];

/// The car presets with published figures.
fn cars() -> Vec<VehicleParams> {
    vec![
        presets::sedan(),
        presets::hatch_fwd(),
        presets::sports_rwd(),
        presets::rally_4wd(),
    ]
}

/// One preset's measured values: every banded quantity, the understeer gradient (deg/g) and
/// the step steer's response time (s).
struct Measured {
    values: HashMap<Quantity, f64>,
    understeer_deg_per_g: f64,
    response_time_s: f64,
}

fn measure(p: &VehicleParams) -> Measured {
    let mut values = HashMap::new();
    for b in published::bands(&p.name) {
        let x = match b.quantity {
            Quantity::Accel0To100 => standard::acceleration(p).unwrap().t_0_100_s,
            Quantity::Stop100Abs | Quantity::Stop100Locked => {
                let mut q = p.clone();
                q.drivetrain.aids.abs.enabled = b.quantity == Quantity::Stop100Abs;
                let r = standard::braking_100_0(&q, SurfaceId(0)).unwrap();
                assert!(r.invalid.is_none(), "{}: {:?}", p.name, r.invalid);
                r.distance_m
            }
            Quantity::MaxLateralAccel => {
                // ISO 4138's figure: the mean of the left- and right-hand circles.
                let (l, r) = lateral_limit::max_lateral_accel_both(p, CIRCLE_RADIUS).unwrap();
                assert!(l.invalid.is_none(), "{}: {:?}", p.name, l.invalid);
                assert!(r.invalid.is_none(), "{}: {:?}", p.name, r.invalid);
                0.5 * (l.max_lateral_accel_mps2 + r.max_lateral_accel_mps2)
            }
            Quantity::TopSpeed => {
                let (v, settled) = longitudinal::top_speed(p, &mut Options::default()).unwrap();
                assert!(settled, "{}: top speed still rising", p.name);
                v * 3.6
            }
        };
        values.insert(b.quantity, x);
    }
    let circle = standard::steady_state_circle(p, CIRCLE_RADIUS).unwrap();
    let step = standard::step_steer(p, STEP_STEER_SPEED, STEP_STEER_AY).unwrap();
    Measured {
        values,
        understeer_deg_per_g: circle.understeer_gradient_both_deg_per_g(),
        response_time_s: step.response_time_s,
    }
}

fn band_text(b: &Band) -> String {
    if b.high.is_infinite() {
        format!("≥ {:.2}", b.low)
    } else {
        format!("{:.2}–{:.2}", b.low, b.high)
    }
}

/// The markdown table (the generated part of `PRESETS.md`).
fn table(rows: &[(VehicleParams, Measured)]) -> String {
    let mut out = String::from(
        "| preset | quantity | published | band | measured | status | source |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for (p, m) in rows {
        for b in published::bands(&p.name) {
            let x = m.values[&b.quantity];
            let status = match (b.contains(x), known(&p.name, b.quantity)) {
                (true, _) => "in band".to_string(),
                (false, Some(_)) => "**out** (known, see below)".to_string(),
                (false, None) => "**OUT**".to_string(),
            };
            out.push_str(&format!(
                "| {} | {} | {} | {} | {:.2} | {} | {} |\n",
                p.name,
                b.quantity.label(),
                b.published,
                band_text(b),
                x,
                status,
                b.source
            ));
        }
        out.push_str(&format!(
            "| {} | understeer gradient (deg/g) | — | order only | {:.3} | | |\n\
             | {} | step-steer response time (s) | — | — | {:.3} | | |\n",
            p.name, m.understeer_deg_per_g, p.name, m.response_time_s
        ));
    }
    out.push_str("\nKnown failures (`crates/skidpad/tests/published_bands.rs`):\n\n");
    for (v, q, why) in KNOWN_FAILURES {
        out.push_str(&format!("- {v}, {}: {why}\n", q.label()));
    }
    out
}

fn known(vehicle: &str, q: Quantity) -> Option<&'static str> {
    KNOWN_FAILURES
        .iter()
        .find(|(v, k, _)| *v == vehicle && *k == q)
        .map(|(_, _, why)| *why)
}

const BEGIN: &str = "<!-- begin generated by crates/skidpad/tests/published_bands.rs -->\n";
const END: &str = "<!-- end generated -->";

#[test]
fn presets_sit_in_their_published_bands() {
    let cars = cars();
    let measured: Vec<Measured> = std::thread::scope(|s| {
        let hs: Vec<_> = cars.iter().map(|p| s.spawn(move || measure(p))).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let rows: Vec<(VehicleParams, Measured)> = cars.into_iter().zip(measured).collect();
    let text = table(&rows);
    print!("{text}");

    let mut bad = Vec::new();
    for (p, m) in &rows {
        for b in published::bands(&p.name) {
            let x = m.values[&b.quantity];
            match (b.contains(x), known(&p.name, b.quantity)) {
                (false, None) => bad.push(format!(
                    "{} {}: {x:.2} outside {}",
                    p.name,
                    b.quantity.label(),
                    band_text(b)
                )),
                (true, Some(_)) => bad.push(format!(
                    "{} {}: {x:.2} is in its band now: remove it from KNOWN_FAILURES",
                    p.name,
                    b.quantity.label()
                )),
                _ => {}
            }
        }
    }
    let k = |name: &str| {
        rows.iter()
            .find(|(p, _)| p.name == name)
            .map(|(_, m)| m.understeer_deg_per_g)
            .unwrap()
    };
    let order = published::UNDERSTEER_ORDER;
    for w in order.windows(2) {
        if k(w[0]) <= k(w[1]) {
            bad.push(format!(
                "understeer gradient {} {:.3} ≤ {} {:.3} deg/g",
                w[0],
                k(w[0]),
                w[1],
                k(w[1])
            ));
        }
    }

    // The doc's generated table must be this one.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../PRESETS.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (head, rest) = doc.split_once(BEGIN).expect("PRESETS.md: begin marker");
    let (old, tail) = rest.split_once(END).expect("PRESETS.md: end marker");
    if old != text {
        if std::env::var_os("SKIDPAD_BLESS").is_some() {
            std::fs::write(&path, format!("{head}{BEGIN}{text}{END}{tail}")).unwrap();
        } else {
            bad.push(
                "PRESETS.md's table differs from the measured one: rerun with SKIDPAD_BLESS=1 \
                 after a deliberate change, and review the diff"
                    .to_string(),
            );
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}
