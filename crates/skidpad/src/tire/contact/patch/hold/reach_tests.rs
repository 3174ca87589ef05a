//! The holds' closed-form floors of the reach ([`super::reach_y_floor`],
//! [`super::reach_x_floor`], the models' [`TireModel::lateral_reach_floor`] and
//! [`TireModel::longitudinal_reach_floor_kept`]): never above the evaluated reach, and the
//! held deflection bit for bit the always-evaluating hold's, on seeded random tyres (the
//! friction circle, the slip curve, the simplified and the full Magic Formula), loads,
//! surfaces, grip limits and deflections.

use super::*;
use crate::test_rng::uniform;
use crate::tire::contact::{carcass_reach_x, carcass_reach_y};
use crate::tire::mf::{MfTire, TirFile};
use crate::tire::{FrictionCircleParams, MagicCurve, SimpleMagicParams, SlipCurveParams};

/// One of the three models with floors, its parameters drawn around and beyond the
/// presets' (a camber stiffness half the time).
fn model(rng: &mut u64, kind: usize) -> Box<dyn TireModel> {
    let camber = if uniform(rng, 0.0, 1.0) < 0.5 {
        0.0
    } else {
        uniform(rng, 0.0, 2.0)
    };
    match kind {
        0 => Box::new(FrictionCircleParams {
            longitudinal_stiffness_per_unit_load: uniform(rng, 2.0, 40.0),
            cornering_stiffness_per_unit_load: 10f64.powf(uniform(rng, -0.5, 3.5)),
            friction: uniform(rng, 0.05, 3.0),
        }),
        1 => Box::new(SlipCurveParams {
            lat_stiff_x: uniform(rng, 0.3, 5.0),
            lat_stiff_y: 10f64.powf(uniform(rng, -0.5, 3.0)),
            camber_stiffness_per_unit_gravity: camber * 100.0,
            friction: uniform(rng, 0.05, 3.0),
            ..SlipCurveParams::default()
        }),
        _ => {
            let mut m = SimpleMagicParams {
                lateral: MagicCurve {
                    b: 10f64.powf(uniform(rng, 0.0, 2.0)),
                    c: uniform(rng, 0.8, 1.99),
                    e: uniform(rng, -5.0, 1.0),
                },
                friction: uniform(rng, 0.05, 3.0),
                load_sensitivity: uniform(rng, -0.9, 0.5),
                camber_stiffness: camber,
                ..SimpleMagicParams::default()
            };
            if uniform(rng, 0.0, 1.0) < 0.7 {
                m.precompute();
            }
            Box::new(m)
        }
    }
}

/// A contact: load (0 one time in ten), surface scales, camber, speeds; grip limits one
/// time in ten.
fn contact(rng: &mut u64) -> ContactInput {
    let grip = uniform(rng, 0.0, 1.0) < 0.1;
    ContactInput {
        load: if uniform(rng, 0.0, 1.0) < 0.1 {
            0.0
        } else {
            uniform(rng, 10.0, 15_000.0)
        },
        vx: uniform(rng, -30.0, 30.0),
        vy: uniform(rng, -5.0, 5.0),
        rest_load: uniform(rng, 2000.0, 6000.0),
        friction_scale: uniform(rng, 0.0, 2.0),
        stiffness_scale: uniform(rng, 0.2, 2.0),
        peak_slip_scale: uniform(rng, 0.5, 2.0),
        relaxation_scale: uniform(rng, 0.5, 2.0),
        camber: uniform(rng, -0.1, 0.1),
        grip_x: if grip { uniform(rng, 0.3, 1.0) } else { 1.0 },
        grip_y: if grip { uniform(rng, 0.3, 1.0) } else { 1.0 },
        ..ContactInput::new(0.3, 1.0, 9.81)
    }
}

/// The hold as it was before the floor: the reach evaluated for every deflection past
/// `σy·HOLD_MIN_SLIP` against its slip.
fn held_evaluated(m: &dyn TireModel, c: &ContactInput, omega: f64, sy: f64, v: f64) -> f64 {
    if v * c.vy < 0.0 && v.abs() > sy * HOLD_MIN_SLIP && c.load > 0.0 {
        let reach = carcass_reach_y(m, c, omega, sy);
        if v.abs() > reach {
            return reach.copysign(v);
        }
    }
    v
}

#[test]
fn the_reach_floor_never_exceeds_the_reach() {
    let mut rng = 0x005e_ed35_u64;
    let mut positive = [0usize; 3];
    let mut tightest = [f64::INFINITY; 3];
    for i in 0..30_000 {
        let kind = i % 3;
        let m = model(&mut rng, kind);
        let c = contact(&mut rng);
        let (omega, sy) = (
            uniform(&mut rng, -100.0, 100.0),
            uniform(&mut rng, 0.05, 1.0),
        );
        let floor = reach_y_floor(m.as_ref(), &c, omega, sy, &mut KeptLoad::default());
        let reach = carcass_reach_y(m.as_ref(), &c, omega, sy);
        assert!(
            floor >= 0.0 && floor <= reach,
            "{m:?} {c:?}: {floor} > {reach}"
        );
        if floor > 0.0 {
            positive[kind] += 1;
            tightest[kind] = tightest[kind].min(floor / reach);
        }
    }
    // Most cases have a floor (not those at no load, under grip limits, with a camber
    // shift or outside a model's premises); the friction circle's is the reach less its
    // margin, the slip curve's within its secant's softening at the probe (`s(K)/K` there).
    assert!(positive.iter().all(|&n| n > 2_000), "{positive:?}");
    assert!(
        tightest[0] > 1.0 - 1e-8 && tightest[1] > 0.95,
        "{tightest:?}"
    );
}

#[test]
fn the_hold_with_the_floor_is_the_evaluated_hold() {
    let mut rng = 0x0040_1d35_u64;
    let r = RelaxationParams::default();
    for i in 0..30_000 {
        let m = model(&mut rng, i % 3);
        let c = contact(&mut rng);
        let omega = uniform(&mut rng, -100.0, 100.0);
        let sy = r.lateral_length * c.relaxation_scale;
        let reach = carcass_reach_y(m.as_ref(), &c, omega, sy);
        let floor = reach_y_floor(m.as_ref(), &c, omega, sy, &mut KeptLoad::default());
        // Around the floor and the reach, and anywhere up to three reaches either way.
        let scale = if reach.is_finite() { reach } else { sy };
        let sign = if uniform(&mut rng, 0.0, 1.0) < 0.5 {
            -1.0
        } else {
            1.0
        };
        let candidates = [
            floor,
            floor.next_up(),
            reach,
            reach.next_up(),
            uniform(&mut rng, -3.0, 3.0) * scale,
        ];
        for v in candidates.map(|v| sign * v) {
            let want = held_evaluated(m.as_ref(), &c, omega, sy, v);
            assert_eq!(
                held_y(m.as_ref(), &c, omega, sy, v, &mut KeptLoad::default()).to_bits(),
                want.to_bits()
            );
            let mut s = TireState {
                omega,
                ..Default::default()
            };
            s.transient.v = v;
            hold_start(m.as_ref(), &r, &c, &mut s);
            assert_eq!(s.transient.v.to_bits(), want.to_bits(), "{m:?} {c:?} {v}");
        }
    }
}

/// The full MF: one of the three files of `tests/data`, the sedan's (two in three) with its
/// pure-slip shapes, shifts and stiffnesses redrawn now and then.
fn mf_tire(rng: &mut u64, files: &[MfTire; 3]) -> MfTire {
    let pick = uniform(rng, 0.0, 3.0);
    let mut t = files[if pick < 0.5 {
        0
    } else if pick < 1.0 {
        1
    } else {
        2
    }]
    .clone();
    for (key, lo, hi) in [
        ("PCY1", 0.5, 2.2),
        ("PEY1", -3.0, 1.5),
        ("PKY1", -60.0, -2.0),
        ("PHY1", -0.3, 0.3),
        ("PVY1", -0.3, 0.3),
        ("PCX1", 0.5, 2.2),
        ("PEX1", -3.0, 1.5),
        ("PKX1", 2.0, 60.0),
        ("PHX1", -0.3, 0.3),
    ] {
        if uniform(rng, 0.0, 1.0) < 0.2 {
            assert!(t.coefficients.set(key, uniform(rng, lo, hi)));
        }
    }
    t
}

/// The longitudinal hold as it was before its floor: the reach evaluated for every
/// deflection past `σx·HOLD_MIN_SLIP` against the slip velocity `slip_x`.
fn held_x_evaluated(
    m: &dyn TireModel,
    c: &ContactInput,
    omega: f64,
    sx: f64,
    u: f64,
    slip_x: f64,
) -> f64 {
    if u * slip_x < 0.0 && u.abs() > sx * HOLD_MIN_SLIP && c.load > 0.0 {
        let reach = carcass_reach_x(m, c, omega, sx);
        if u.abs() > reach {
            return reach.copysign(u);
        }
    }
    u
}

#[test]
fn the_full_mf_holds_with_their_floors_are_the_evaluated_holds() {
    let mut rng = 0x0036_f10a_u64;
    let r = RelaxationParams::default();
    let mut floored = [0usize; 2];
    let parse = |text: &str, name: &str| MfTire::from(TirFile::parse(text, name).unwrap().0);
    let files = [
        parse(
            include_str!("../../../../../tests/data/HMMWV_Pac02Tire.tir"),
            "HMMWV_Pac02Tire.tir",
        ),
        parse(
            include_str!("../../../../../tests/data/mf_185_80R14.tir"),
            "mf_185_80R14.tir",
        ),
        parse(
            include_str!("../../../../../tests/data/Sedan_Pac02Tire.tir"),
            "Sedan_Pac02Tire.tir",
        ),
    ];
    for _ in 0..6_000 {
        let m = mf_tire(&mut rng, &files);
        let c = contact(&mut rng);
        let omega = uniform(&mut rng, -100.0, 100.0);
        let (sx, sy) = (
            r.longitudinal_length * c.relaxation_scale,
            r.lateral_length * c.relaxation_scale,
        );
        // One wheel's kept terms through every call, as the contact solve passes them.
        let mut kept = KeptLoad::default();
        let reach = [
            carcass_reach_y(&m, &c, omega, sy),
            carcass_reach_x(&m, &c, omega, sx),
        ];
        let floor = [
            reach_y_floor(&m, &c, omega, sy, &mut kept),
            reach_x_floor(&m, &c, omega, sx, &mut kept),
        ];
        for i in 0..2 {
            assert!(floor[i] >= 0.0 && floor[i] <= reach[i], "{i} {c:?}");
            if floor[i] > 0.0 {
                floored[i] += 1;
            }
        }
        let sign = if uniform(&mut rng, 0.0, 1.0) < 0.5 {
            -1.0
        } else {
            1.0
        };
        for i in 0..2 {
            let scale = if reach[i].is_finite() {
                reach[i]
            } else {
                [sy, sx][i]
            };
            let candidates = [
                floor[i],
                floor[i].next_up(),
                reach[i],
                reach[i].next_up(),
                uniform(&mut rng, -3.0, 3.0) * scale,
            ];
            for d in candidates.map(|d| sign * d) {
                if i == 0 {
                    let want = held_evaluated(&m, &c, omega, sy, d);
                    let got = held_y(&m, &c, omega, sy, d, &mut kept);
                    assert_eq!(got.to_bits(), want.to_bits(), "{c:?} {d}");
                } else {
                    let slip_x = uniform(&mut rng, -5.0, 5.0);
                    let want = held_x_evaluated(&m, &c, omega, sx, d, slip_x);
                    let got = held_x(&m, &c, omega, sx, d, slip_x, &mut kept);
                    assert_eq!(got.to_bits(), want.to_bits(), "{c:?} {d} {slip_x}");
                }
            }
        }
    }
    // Most draws have both floors (not at no load, under grip limits, nor laterally for the
    // files with combined-slip shapes).
    assert!(floored.iter().all(|&n| n > 2_000), "{floored:?}");
}
