//! The lazy force limit of the direct-drive solve ([`super::solve`]) against the eager one of
//! [`super::linearize`] and [`super::solve_spin`]: bit for bit over a grid of slips, loads,
//! spins, drive and brake torques and grip limits, for the friction-circle, slip-curve,
//! simplified-MF and full-MF tyres. Also [`super::zero_alpha`] against [`super::model_alpha`].

use super::*;
use crate::tire::FrictionCircleParams;
use crate::tire::interface::{SlipPoint, SteadyForces};
use crate::tire::mf::{MfTire, TirFile};
use crate::tire::params::TireModelKind;
use crate::tire::simple_magic::SimpleMagicParams;
use crate::tire::slip_curve::SlipCurveParams;

fn models() -> Vec<(&'static str, TireModelKind)> {
    let text = include_str!("../../../tests/data/mf_185_80R14.tir");
    let (file, _) = TirFile::parse(text, "mf_185_80R14.tir").unwrap();
    let text = include_str!("../../../tests/data/Sedan_Pac02Tire.tir");
    let (sedan, _) = TirFile::parse(text, "Sedan_Pac02Tire.tir").unwrap();
    vec![
        (
            "friction circle",
            TireModelKind::FrictionCircle(FrictionCircleParams::default()),
        ),
        (
            "slip curve",
            TireModelKind::SlipCurve(SlipCurveParams::default()),
        ),
        (
            "simplified MF",
            TireModelKind::SimpleMagic(SimpleMagicParams::default()),
        ),
        (
            "MF 6.1",
            TireModelKind::MagicFormula(Box::new(MfTire::from(file))),
        ),
        (
            "MF 5.2 sedan",
            TireModelKind::MagicFormula(Box::new(MfTire::from(sedan))),
        ),
    ]
}

/// What the grid reached, per model: every kind of case must occur, or the test proves little.
#[derive(Debug, Default)]
struct Seen {
    cases: usize,
    /// The sliding probes were evaluated (the unclamped force exceeded `|F(κ_p, α_p)|`).
    probed: usize,
    /// The force ended on the friction circle of the full limit (clamped).
    clamped: usize,
    /// The sliding probes raised the limit above `|F(κ_p, α_p)|` in a probed case.
    raised: usize,
    /// The brake held the wheel locked (ω' = 0).
    locked: usize,
    /// The force stayed within the model's sliding floor ([`SlideProbes::floor`]): neither
    /// the predicted point nor the probes evaluated.
    bounded: usize,
}

#[test]
fn lazy_limit_is_bit_identical_to_the_eager_one() {
    let r = RelaxationParams::default();
    let dt = 1.0 / 240.0;
    let (radius, inertia) = (0.3, 1.0);
    // Without a floor of `|Fx|` the friction circle would be all eager in `FloorOrEager` (no
    // case raised by the probes); `limit_mode` never gives it that mode.
    let cases = models().into_iter().flat_map(|m| {
        [
            (m.clone(), LimitMode::Lazy),
            (m.clone(), LimitMode::LazyLinear),
            (m, LimitMode::FloorOrEager),
        ]
    });
    for ((name, kind), mode) in cases
        .filter(|((name, _), mode)| *name != "friction circle" || *mode != LimitMode::FloorOrEager)
    {
        // The lazy limit of the general path: the friction circle's closed form
        // (`circle.rs`) is tested against it in `circle_tests.rs`.
        let generic = Generic::new(kind.as_model());
        let model: &dyn TireModel = &generic;
        let mut seen = Seen::default();
        for vx in [0.0, 0.7, -3.0, 25.0] {
            for vy in [0.0, 0.4, -4.0] {
                for load in [0.0, 1500.0, 4500.0] {
                    for kappa0 in [0.0, 5e-5, 0.04, -0.3, 1.5] {
                        for tan0 in [0.0, 0.05, -0.6] {
                            for spin_slip in [-1.0, 0.0, 0.08, 2.0] {
                                for drive in [0.0, 250.0, -900.0, 4000.0] {
                                    for brake in [0.0, 300.0, 8000.0] {
                                        for grip_x in [1.0, 0.6] {
                                            let c = ContactInput {
                                                load,
                                                vx,
                                                vy,
                                                drive_torque: drive,
                                                brake_torque: brake,
                                                effective_mass: 350.0,
                                                rest_load: 4000.0,
                                                grip_x,
                                                ..ContactInput::new(radius, inertia, 9.81)
                                            };
                                            let mut s = TireState {
                                                omega: (vx.abs().max(1.0) * (1.0 + spin_slip))
                                                    .copysign(vx)
                                                    / radius,
                                                ..Default::default()
                                            };
                                            s.transient.u = kappa0 * r.longitudinal_length;
                                            s.transient.v = tan0 * r.lateral_length;
                                            compare(model, &r, &c, &s, dt, mode, &mut seen);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        eprintln!("{name} {mode:?}: {seen:?}");
        // The friction circle's floor is the whole force's, asked for in the linear mode.
        let floors = match name {
            "slip curve" => false,
            "friction circle" => mode == LimitMode::LazyLinear,
            _ => true,
        };
        if floors {
            assert!(
                seen.bounded > 0,
                "{name}: the floor never spared the probes: {seen:?}"
            );
        }
        for (what, n) in [
            ("probed", seen.probed),
            ("clamped", seen.clamped),
            ("raised", seen.raised),
            ("locked", seen.locked),
        ] {
            assert!(n > 0, "{name}: no {what} case in {} cases", seen.cases);
        }
        // Most cases never reach the clamp (the point of the lazy limit).
        assert!(seen.probed < seen.cases, "{name}: {seen:?}");
    }
}

/// One case: eager `linearize` + `solve_spin` against the lazy pair [`super::solve`] uses
/// (`mode` lazy, or lazy behind the floor).
fn compare(
    model: &dyn TireModel,
    r: &RelaxationParams,
    c: &ContactInput,
    s: &TireState,
    dt: f64,
    mode: LimitMode,
    seen: &mut Seen,
) {
    let eager = linearize(model, r, c, s, dt);
    let mut kept = KeptLoad::default();
    let (lazy, probes) = linearize_with(model, r, c, s, dt, mode, &mut kept);
    let bits = |l: &TransientLinear| [l.fx0, l.dfx_domega, l.fy, l.wheel_torque].map(f64::to_bits);
    assert_eq!(bits(&eager), bits(&lazy), "{c:?} {s:?}");
    // The lazy limit is a lower bound; completed, it is the eager limit, bit for bit.
    assert!(lazy.limit <= eager.limit, "{c:?} {s:?}");
    let full = probes.map_or(lazy.limit, |p| p.limit(model, c));
    assert_eq!(full.to_bits(), eager.limit.to_bits(), "{c:?} {s:?}");

    let t_free = c.drive_torque + eager.wheel_torque;
    let want = solve_spin(&eager, c, s.omega, t_free, dt);
    // The floor is a lower bound of the full limit.
    let floor = probes.map_or(0.0, |p| {
        p.floor(
            model,
            c,
            &slip_input(c, p.omega, 0.0, 0.0),
            model_alpha(c, p.tp),
            mode == LimitMode::LazyLinear,
            &mut KeptLoad::default(),
        )
    });
    assert!(
        floor <= eager.limit,
        "{c:?} {s:?}: floor {floor} > {}",
        eager.limit
    );
    let mut clamp = LazyClamp {
        low: lazy.limit,
        full: || probes.map_or(lazy.limit, |p| p.limit(model, c)),
        limit: None,
    };
    let got = solve_spin_with(&lazy, c, s.omega, t_free, dt, &mut clamp);
    let b3 = |(a, b, c): (f64, f64, f64)| [a, b, c].map(f64::to_bits);
    assert_eq!(b3(want), b3(got), "{c:?} {s:?}: {want:?} vs {got:?}");

    seen.cases += 1;
    // The floor alone bounded the limit: not even the predicted point was evaluated.
    let spared = probes.is_some_and(|p| p.pred.is_none()) && clamp.limit.is_none();
    seen.bounded += usize::from(spared);
    if let Some(limit) = clamp.limit {
        seen.probed += 1;
        seen.raised += usize::from(limit > lazy.limit);
        let mag = crate::tire::norm::norm(got.1, got.2);
        seen.clamped += usize::from((mag - limit).abs() <= 1e-9 * limit);
    }
    seen.locked += usize::from(c.brake_torque > 0.0 && got.0 == 0.0 && c.load > 0.0);
}

#[test]
fn zero_alpha_is_model_alpha_at_zero_bit_for_bit() {
    let grips = [
        1.0,
        0.0,
        -0.0,
        0.5,
        1.5,
        -1.0,
        1e-300,
        f64::NAN,
        f64::INFINITY,
    ];
    let mut cases = 0;
    for gx in grips {
        for gy in grips {
            for (h, k) in [(0.0, 1.0), (1.0, 0.3), (0.5, 0.0), (1.0, 1.0)] {
                let c = ContactInput {
                    grip_x: gx,
                    grip_y: gy,
                    handbrake: h,
                    handbrake_lateral_grip: k,
                    ..ContactInput::new(0.3, 1.0, 9.81)
                };
                let (got, want) = (zero_alpha(&c), model_alpha(&c, 0.0));
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "{c:?}: {got} vs {want}"
                );
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 324);
}

/// `model` without its [`LinearCircle`](crate::tire::interface::LinearCircle) shape: the
/// general path, with the model's known zero-slip forces ([`Generic::new`]) or without
/// them, evaluated ([`Generic::evaluated`]).
#[derive(Debug)]
pub(super) struct Generic<'a> {
    model: &'a dyn TireModel,
    known_zero_slip: bool,
}

impl<'a> Generic<'a> {
    /// The general path with the known zero-slip forces.
    pub(super) fn new(model: &'a dyn TireModel) -> Self {
        Self {
            model,
            known_zero_slip: true,
        }
    }

    /// The general path's evaluations: the zero-slip forces hidden too (the trait's `None`).
    fn evaluated(model: &'a dyn TireModel) -> Self {
        Self {
            model,
            known_zero_slip: false,
        }
    }
}

impl TireModel for Generic<'_> {
    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        self.model.steady_state(input)
    }

    fn forces_at_kept(
        &self,
        common: &SlipInput,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
        kept: &mut KeptLoad,
    ) {
        self.model.forces_at_kept(common, points, out, kept);
    }

    fn sliding_fx_floor_kept(&self, c: &SlipInput, k: f64, a: f64, kept: &mut KeptLoad) -> f64 {
        self.model.sliding_fx_floor_kept(c, k, a, kept)
    }

    fn sliding_force_floor_kept(&self, c: &SlipInput, k: f64, a: f64, kept: &mut KeptLoad) -> f64 {
        self.model.sliding_force_floor_kept(c, k, a, kept)
    }

    fn sliding_fx_bound_kept(&self, c: &SlipInput, k: f64, a: f64, kept: &mut KeptLoad) -> f64 {
        self.model.sliding_fx_bound_kept(c, k, a, kept)
    }

    fn zero_slip_forces(&self, common: &SlipInput, kept: &mut KeptLoad) -> Option<(f64, f64)> {
        if self.known_zero_slip {
            self.model.zero_slip_forces(common, kept)
        } else {
            None
        }
    }

    fn has_wheel_torque(&self) -> bool {
        self.model.has_wheel_torque()
    }
}

#[test]
fn known_zero_slip_forces_give_the_evaluated_bits() {
    let mut state = 29u64;
    let mut next = || crate::test_rng::unit(&mut state);
    let r = RelaxationParams::default();
    let models = [
        FrictionCircleParams::default(),
        FrictionCircleParams {
            longitudinal_stiffness_per_unit_load: 0.5,
            cornering_stiffness_per_unit_load: 30.0,
            friction: 2.5,
        },
    ];
    let (mut known, mut cases) = (0, 0);
    for m in models {
        for _ in 0..10_000 {
            let pick = |x: f64, edges: &[f64]| edges[(x * edges.len() as f64) as usize];
            let c = ContactInput {
                load: 9000.0 * next() * pick(next(), &[1.0, 1.0, 1.0, 0.0, 1e-300]),
                vx: 40.0 * (next() - 0.5),
                vy: pick(next(), &[0.0, 0.0, 1.0, -3.0]) * next(),
                effective_mass: 350.0,
                rest_load: 4000.0,
                friction_scale: pick(next(), &[1.0, 1.0, 0.3, 0.0]),
                stiffness_scale: pick(next(), &[1.0, 1.0, 0.5, 2.0]),
                peak_slip_scale: pick(next(), &[1.0, 1.0, 2.0]),
                grip_x: pick(next(), &[1.0, 1.0, 1.0, 0.6]),
                ..ContactInput::new(0.3, 1.0, 9.81)
            };
            let mut s = TireState {
                omega: (c.vx + 3.0 * (next() - 0.5) * pick(next(), &[0.0, 1e-4, 1.0])) / 0.3,
                ..Default::default()
            };
            s.transient.u =
                r.longitudinal_length * pick(next(), &[0.0, 2e-5, 0.05, 1.0]) * (next() - 0.5);
            s.transient.v =
                r.lateral_length * pick(next(), &[0.0, 3e-5, 0.1, 2.0]) * (next() - 0.5);
            let dt = 1.0 / 60.0;
            let general = Generic::evaluated(&m);
            let got = linearize_with(
                &Generic::new(&m),
                &r,
                &c,
                &s,
                dt,
                LimitMode::LazyLinear,
                &mut KeptLoad::default(),
            );
            let want = linearize_with(
                &general,
                &r,
                &c,
                &s,
                dt,
                LimitMode::LazyLinear,
                &mut KeptLoad::default(),
            );
            let bits = |l: &TransientLinear| {
                [l.fx0, l.dfx_domega, l.fy, l.limit, l.wheel_torque].map(f64::to_bits)
            };
            assert_eq!(bits(&got.0), bits(&want.0), "{c:?} {s:?}");
            let full = |p: Option<SlideProbes>, model: &dyn TireModel| {
                p.map(|p| p.limit(model, &c).to_bits())
            };
            assert_eq!(
                full(got.1, &Generic::new(&m)),
                full(want.1, &general),
                "{c:?} {s:?}"
            );
            let common = slip_input(&c, s.omega, 0.0, 0.0);
            known += usize::from(
                c.load > 0.0
                    && m.zero_slip_forces(&common, &mut KeptLoad::default())
                        .is_some(),
            );
            cases += 1;
        }
    }
    assert!(known > cases / 2, "{known} of {cases}");
}
