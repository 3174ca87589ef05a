//! The simplified and the full Magic Formula's static paths in the contact solve against
//! the trait object's, bit for bit: [`super::super::linearize_with`] instantiated with
//! `SimpleMagicParams` or `MfTire` (what [`super::super::solve`] runs for them, and the
//! coupled solve's linearisation for the simplified MF) against the same function through
//! `&dyn TireModel`, and the recorded aligning moment ([`super::simple_moment`], or
//! [`super::aligning_moment`] with the concrete `MfTire`) against [`super::aligning_moment`]
//! through the trait object (the generic path the other models take).

use super::super::{LimitMode, TransientLinear, linearize_simple, linearize_with};
use super::{aligning_moment, simple_moment};
use crate::test_rng::uniform;
use crate::tire::interface::{KeptLoad, TireModel};
use crate::tire::mf::{MfTire, TirFile};
use crate::tire::model::ContactInput;
use crate::tire::simple_magic::SimpleMagicParams;
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;

/// `normal` scaled by a seeded factor in `[0, 2)`, or now and then a value the solve must
/// survive: NaN, +∞, ±0 or `−normal`.
fn sometimes_odd(seed: &mut u64, normal: f64) -> f64 {
    match (uniform(seed, 0.0, 1.0) * 24.0) as u32 {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => 0.0,
        3 => -0.0,
        4 => -normal,
        _ => normal * uniform(seed, 0.0, 2.0),
    }
}

/// The tyres: the default, one with camber thrust (its slip shift in every curve), and the
/// shipped sedan's fitted tyre, each with its peak roots kept as `Vehicle::new` keeps them.
fn tyres() -> Vec<SimpleMagicParams> {
    let mut camber = SimpleMagicParams {
        camber_stiffness: 0.9,
        ..SimpleMagicParams::default()
    };
    camber.precompute();
    let mut sedan = match &crate::presets::sedan().wheels[0].tire.model {
        crate::tire::TireModelKind::SimpleMagic(sm) => sm.clone(),
        other => panic!("the sedan's tyre is no longer the simplified MF: {other:?}"),
    };
    sedan.precompute();
    vec![SimpleMagicParams::default(), camber, sedan]
}

#[test]
fn the_simplified_mf_static_paths_give_the_trait_objects_bits() {
    let (cases, moments, limited) = static_against_object(
        &tyres(),
        0x5eda_0036,
        &[LimitMode::Lazy, LimitMode::Eager],
        simple_moment,
    );
    // The grid must reach real moments and lazy limits, or it proves little (a moment is 0
    // without load or grip, a fifth of the odd inputs each, and beyond the peak slip).
    assert!(moments > cases / 3, "{moments} moments in {cases} cases");
    assert!(
        limited > cases / 4,
        "{limited} lazy limits in {cases} cases"
    );
}

/// The simplified MF's direct points (`linearize_simple`, what the direct and the coupled
/// solve run for it) against the general linearisation through the trait object, bit for
/// bit, in every limit mode (the lazy one direct at unit grip limits, the others through
/// `linearize_with`): the linearisation, the lazily completed limit and the lateral curve's
/// memo the calls leave (seeded from an earlier moment a third of the time). A quarter of
/// the deflections are within the slope probe of 0 (the probe pairs).
#[test]
fn the_simplified_mf_direct_points_give_the_batchs_bits() {
    let r = RelaxationParams::default();
    let dt = 1.0 / 60.0;
    let seed = &mut 0x5eda_0039_u64;
    let (mut direct, mut probes, mut limited) = (0, 0, 0);
    for tyre in &tyres() {
        let object: &dyn TireModel = tyre;
        for k in 0..4000 {
            let (c, mut s) = case(seed);
            if k % 4 == 1 {
                s.transient.v = uniform(seed, -3e-5, 3e-5);
            } else if k % 4 == 2 {
                s.transient.u = uniform(seed, -1e-5, 1e-5);
            }
            let mut seeded = KeptLoad::default();
            if k % 3 == 0 {
                let _ = simple_moment(tyre, &r, &c, &s, &mut seeded);
            }
            let memo = seeded.lateral_unit();
            for mode in [LimitMode::Lazy, LimitMode::Eager, LimitMode::FloorOrEager] {
                let mut k_direct = KeptLoad::with_lateral_unit(memo);
                let mut k_object = KeptLoad::with_lateral_unit(memo);
                let (a, pa) = linearize_simple(tyre, &r, &c, &s, dt, mode, &mut k_direct);
                let (b, pb) = linearize_with(object, &r, &c, &s, dt, mode, &mut k_object);
                let bits = |l: &TransientLinear| {
                    [l.fx0, l.dfx_domega, l.fy, l.limit, l.wheel_torque].map(f64::to_bits)
                };
                assert_eq!(bits(&a), bits(&b), "{c:?} {s:?} {mode:?}");
                assert_eq!(pa.is_some(), pb.is_some(), "{c:?} {s:?} {mode:?}");
                if let (Some(pa), Some(pb)) = (pa, pb) {
                    let (la, lb) = (pa.limit(object, &c), pb.limit(object, &c));
                    assert_eq!(la.to_bits(), lb.to_bits(), "{c:?} {s:?} {mode:?}");
                    limited += 1;
                }
                let memo_of = |k: &KeptLoad| format!("{:?}", k.lateral_unit());
                assert_eq!(memo_of(&k_direct), memo_of(&k_object), "{c:?} {s:?}");
                let unit_grip = c.grip_x == 1.0 && c.lateral_grip_limit() == 1.0;
                if mode == LimitMode::Lazy && unit_grip && c.load > 0.0 {
                    direct += 1;
                    let t0 = s.transient.v / (r.lateral_length * c.relaxation_scale);
                    let k0 = s.transient.u / (r.longitudinal_length * c.relaxation_scale);
                    probes += usize::from(t0.abs() <= 1e-4 || k0.abs() <= 1e-4);
                }
            }
        }
    }
    // The direct path must run often, with probe pairs, and lazy limits must be completed.
    assert!(direct > 4000, "{direct} direct linearisations");
    assert!(probes > 1000, "{probes} with a probe pair");
    assert!(limited > 8000, "{limited} lazy limits");
}

/// The full Magic Formula's static paths (what [`super::super::solve`] runs for it:
/// `linearize_with::<MfTire>` and the recorded moment through `aligning_moment::<MfTire>`)
/// against the trait object's, bit for bit, on the sedan's file (unit combined-slip weights:
/// the bench's tyre) and the HMMWV's (combined-slip shapes), in the MF's own limit mode and
/// the other two.
#[test]
fn the_full_mf_static_paths_give_the_trait_objects_bits() {
    let data = |text: &str, name: &str| MfTire::from(TirFile::parse(text, name).unwrap().0);
    let tyres = [
        data(
            include_str!("../../../../tests/data/Sedan_Pac02Tire.tir"),
            "Sedan_Pac02Tire.tir",
        ),
        data(
            include_str!("../../../../tests/data/HMMWV_Pac02Tire.tir"),
            "HMMWV_Pac02Tire.tir",
        ),
    ];
    let (cases, moments, limited) = static_against_object(
        &tyres,
        0x5eda_0037,
        &[LimitMode::FloorOrEager, LimitMode::Lazy, LimitMode::Eager],
        |tyre, r, c, s, kept| aligning_moment(tyre, false, r, c, s, kept),
    );
    assert!(moments > cases / 3, "{moments} moments in {cases} cases");
    assert!(
        limited > cases / 4,
        "{limited} lazy limits in {cases} cases"
    );
}

/// For 3000 seeded wheel states per tyre (NaN, ±∞, ±0 and negative loads and surface
/// scales, grip and hand-brake limits among them) and each limit mode: `linearize_with`
/// instantiated with the tyre's type against the same through `&dyn TireModel` (the
/// linearisation, its limit and the lazily completed limit), and the recorded moment
/// `moment` with the static type against [`aligning_moment`] through the trait object (with
/// the wheel's kept terms and with none), bit for bit. Returns the cases, those with a
/// moment ≠ 0 and those with a lazy limit.
fn static_against_object<M: TireModel>(
    tyres: &[M],
    mut seed: u64,
    modes: &[LimitMode],
    moment: impl Fn(&M, &RelaxationParams, &ContactInput, &TireState, &mut KeptLoad) -> f64,
) -> (usize, usize, usize) {
    let r = RelaxationParams::default();
    let dt = 1.0 / 60.0;
    let seed = &mut seed;
    let (mut cases, mut moments, mut limited) = (0, 0, 0);
    for tyre in tyres {
        for _ in 0..3000 {
            let (c, s) = case(seed);
            let object: &dyn TireModel = tyre;
            for &mode in modes {
                let (mut k_static, mut k_object) = (KeptLoad::default(), KeptLoad::default());
                let (a, pa) = linearize_with(tyre, &r, &c, &s, dt, mode, &mut k_static);
                let (b, pb) = linearize_with(object, &r, &c, &s, dt, mode, &mut k_object);
                let bits = |l: &TransientLinear| {
                    [l.fx0, l.dfx_domega, l.fy, l.limit, l.wheel_torque].map(f64::to_bits)
                };
                assert_eq!(bits(&a), bits(&b), "{c:?} {s:?} {mode:?}");
                assert_eq!(pa.is_some(), pb.is_some(), "{c:?} {s:?} {mode:?}");
                if let (Some(pa), Some(pb)) = (pa, pb) {
                    let (la, lb) = (pa.limit(object, &c), pb.limit(object, &c));
                    assert_eq!(la.to_bits(), lb.to_bits(), "{c:?} {s:?} {mode:?}");
                    limited += 1;
                }
                // The recorded moment with the wheel's kept terms (as the solve calls it) and
                // with none kept.
                let m_static = moment(tyre, &r, &c, &s, &mut k_static);
                let m_object = aligning_moment(object, false, &r, &c, &s, &mut k_object);
                assert_eq!(m_static.to_bits(), m_object.to_bits(), "{c:?} {s:?}");
                let fresh = moment(tyre, &r, &c, &s, &mut KeptLoad::default());
                assert_eq!(fresh.to_bits(), m_object.to_bits(), "{c:?} {s:?}");
                moments += usize::from(m_object != 0.0);
                cases += 1;
            }
        }
    }
    (cases, moments, limited)
}

/// A seeded wheel contact and tyre state for [`static_against_object`] and the direct
/// simplified-MF points: NaN, ±∞, ±0 and negative loads and surface scales, grip and
/// hand-brake limits among them, the deflections mostly below the peak slip.
fn case(seed: &mut u64) -> (ContactInput, TireState) {
    let c = ContactInput {
        load: sometimes_odd(seed, 4000.0),
        vx: uniform(seed, -30.0, 30.0),
        vy: uniform(seed, -3.0, 3.0),
        camber: uniform(seed, -0.1, 0.1),
        friction_scale: sometimes_odd(seed, 1.0),
        stiffness_scale: sometimes_odd(seed, 1.0),
        peak_slip_scale: sometimes_odd(seed, 1.0),
        grip_x: if uniform(seed, 0.0, 1.0) < 0.2 {
            0.6
        } else {
            1.0
        },
        handbrake: if uniform(seed, 0.0, 1.0) < 0.2 {
            0.8
        } else {
            0.0
        },
        handbrake_lateral_grip: 0.5,
        effective_mass: 350.0,
        rest_load: 4000.0,
        ..ContactInput::new(0.32, 1.2, 9.81)
    };
    let mut s = TireState {
        omega: uniform(seed, -100.0, 100.0),
        ..Default::default()
    };
    // Mostly below the peak (the trail, so the moment, is 0 beyond it), now and then
    // far beyond.
    let reach = if uniform(seed, 0.0, 1.0) < 0.2 {
        0.1
    } else {
        0.01
    };
    s.transient.u = uniform(seed, -reach, reach);
    s.transient.v = uniform(seed, -reach, reach);
    (c, s)
}
