//! The holds' closed-form floor of the lateral reach ([`super::reach_y_floor`], the models'
//! [`TireModel::lateral_reach_floor`]): never above the evaluated reach, and the held
//! deflection bit for bit the always-evaluating hold's, on seeded random tyres (the
//! friction circle, the slip curve, the simplified Magic Formula), loads, surfaces, grip
//! limits and deflections.

use super::*;
use crate::test_rng::uniform;
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
        let floor = reach_y_floor(m.as_ref(), &c, omega, sy);
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
        let floor = reach_y_floor(m.as_ref(), &c, omega, sy);
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
                held_y(m.as_ref(), &c, omega, sy, v).to_bits(),
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
