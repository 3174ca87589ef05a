//! The kept load terms ([`super::KeptLoad`]) give every built-in model's values bit for bit:
//! seeded random loads, surfaces and slips (non-finite and negative ones among them), one
//! `KeptLoad` carried through calls whose load sometimes changes (a stale entry must be
//! recomputed) and sometimes not (it must be reused), against the calls without it.

use crate::tire::interface::{ForceNeed, KeptLoad, SlipInput, SlipPoint, TireModel};
use crate::tire::mf::{MfTire, TirFile};
use crate::tire::{FrictionCircleParams, SimpleMagicParams, SlipCurveParams};

/// A tiny deterministic generator (xorshift), uniform in [0, 1).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        crate::test_rng::xorshift_unit(&mut self.0)
    }

    fn pick(&mut self, values: &[f64]) -> f64 {
        values[(self.next() * values.len() as f64) as usize % values.len()]
    }

    /// A value of `scale`, or now and then an edge case.
    fn value(&mut self, scale: f64, edges: &[f64]) -> f64 {
        if self.next() < 0.1 {
            self.pick(edges)
        } else {
            scale * (2.0 * self.next() - 1.0)
        }
    }
}

const EDGES: [f64; 7] = [0.0, -0.0, 1.0, f64::NAN, f64::INFINITY, -1.0, 1e-300];

fn common(rng: &mut Rng) -> SlipInput {
    SlipInput {
        fz: rng.value(9000.0, &EDGES).abs() * rng.pick(&[1.0, 1.0, 1.0, -1.0]),
        gamma: rng.value(0.1, &EDGES),
        vx: rng.value(30.0, &EDGES),
        rest_load: rng.pick(&[4000.0, 0.0, 3500.0, f64::NAN]),
        friction_scale: rng.pick(&[1.0, 1.0, 0.4, 1.3, 0.0, f64::NAN]),
        stiffness_scale: rng.pick(&[1.0, 1.0, 0.5, 2.0, -1.0, f64::INFINITY]),
        peak_slip_scale: rng.pick(&[1.0, 1.0, 0.5, 3.0, 0.0, f64::NAN]),
        gravity: rng.pick(&[9.81, 9.81, 1.62, 0.0]),
        pressure: rng.pick(&[0.0, 2.2e5]),
        omega: rng.value(100.0, &EDGES),
        ..SlipInput::default()
    }
}

fn point(rng: &mut Rng) -> SlipPoint {
    SlipPoint {
        kappa: rng.value(1.2, &EDGES),
        alpha: rng.value(0.8, &EDGES),
        need: [ForceNeed::Both, ForceNeed::Longitudinal, ForceNeed::Lateral]
            [(rng.next() * 3.0) as usize % 3],
    }
}

fn bits(out: &[(f64, f64)]) -> Vec<[u64; 2]> {
    out.iter()
        .map(|(x, y)| [x.to_bits(), y.to_bits()])
        .collect()
}

/// `model`'s `*_kept` calls against the plain ones on `n` random cases.
fn check(name: &str, model: &dyn TireModel, rng: &mut Rng, n: usize) {
    let mut kept = KeptLoad::default();
    let mut c = common(rng);
    let mut reused = 0;
    for _ in 0..n {
        if rng.next() < 0.4 {
            c = common(rng);
        } else {
            reused += 1;
        }
        let points: Vec<SlipPoint> = (0..1 + (rng.next() * 6.0) as usize)
            .map(|_| point(rng))
            .collect();
        let (mut want, mut got) = (vec![(0.0, 0.0); points.len()], vec![(0.0, 0.0); 6]);
        model.forces_at(&c, &points, &mut want);
        let (kappa, alpha) = (points[0].kappa, points[0].alpha);
        let order = rng.next();
        // The three calls in either order: whichever comes first fills `kept`.
        let floor = if order < 0.5 {
            model.sliding_fx_floor_kept(&c, kappa, alpha, &mut kept)
        } else {
            f64::NAN
        };
        model.forces_at_kept(&c, &points, &mut got, &mut kept);
        assert_eq!(
            bits(&want),
            bits(&got[..points.len()]),
            "{name}: {c:?} {points:?}"
        );
        let floor = if order < 0.5 {
            floor
        } else {
            model.sliding_fx_floor_kept(&c, kappa, alpha, &mut kept)
        };
        let plain = model.sliding_fx_floor(&c, kappa, alpha);
        assert_eq!(
            floor.to_bits(),
            plain.to_bits(),
            "{name}: {c:?} {kappa} {alpha}"
        );
        let fresh = &mut KeptLoad::default();
        let force_floor = model.sliding_force_floor_kept(&c, kappa, alpha, &mut kept);
        let want = model.sliding_force_floor_kept(&c, kappa, alpha, fresh);
        assert_eq!(force_floor.to_bits(), want.to_bits(), "{name}: {c:?}");
        let zero_bits = |z: Option<(f64, f64)>| z.map(|(x, y)| [x.to_bits(), y.to_bits()]);
        let zero = model.zero_slip_forces(&c, &mut kept);
        let want = model.zero_slip_forces(&c, &mut KeptLoad::default());
        assert_eq!(zero_bits(zero), zero_bits(want), "{name}: {c:?}");
        let input = points[0].input(&c);
        let mz = model.aligning_moment_kept(&input, &mut kept);
        let want_mz = model.steady_state(&input).mz;
        assert_eq!(mz.to_bits(), want_mz.to_bits(), "{name}: {input:?}");
        assert_eq!(model.aligning_moment(&input).to_bits(), want_mz.to_bits());
    }
    assert!(reused > n / 2, "{name}: {reused} of {n}");
}

#[test]
fn kept_terms_give_the_bits_of_the_plain_calls() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut simple = SimpleMagicParams {
        camber_stiffness: 0.9,
        ..SimpleMagicParams::default()
    };
    check("simple MF, per-thread roots", &simple, &mut rng, 4000);
    simple.precompute();
    check("simple MF", &simple, &mut rng, 4000);
    check(
        "simple MF, no camber",
        &SimpleMagicParams::default(),
        &mut rng,
        4000,
    );
    let curve = SlipCurveParams {
        camber_stiffness_per_unit_gravity: 40.0,
        ..SlipCurveParams::default()
    };
    check("slip curve", &curve, &mut rng, 4000);
    check(
        "friction circle",
        &FrictionCircleParams::default(),
        &mut rng,
        4000,
    );
    check(
        "slip curve, default",
        &SlipCurveParams::default(),
        &mut rng,
        4000,
    );
    let tir = include_str!("../../../../tests/data/Sedan_Pac02Tire.tir");
    let (file, _) = TirFile::parse(tir, "Sedan_Pac02Tire.tir").expect("parses");
    let mf = MfTire::from(file);
    check("full MF", &mf, &mut rng, 2000);
}
