//! [`super::solve_lazy`] against [`super::solve`] with every limit full: the same bits in
//! every output, over a sweep of drive, brake, lock and friction-circle cases; the pass
//! outputs the active-set update reads, and the per-wheel slot counts.

use super::super::differential::{LockModel, Topology};
use super::active_set::TireSet;
use super::*;

/// Every output of a solve as bits (`limit_reached` aside: it describes the limits passed).
pub(super) fn bits(s: &Solution) -> Vec<u64> {
    let mut v = vec![
        s.engine_speed.to_bits(),
        s.clutch_torque.to_bits(),
        s.clutch_slip.to_bits(),
        s.governor_torque.to_bits(),
        s.dissipation.to_bits(),
        s.passes as u64,
    ];
    for a in [&s.omega, &s.fx, &s.fy, &s.drive, &s.brake] {
        v.extend(a.iter().map(|x| x.to_bits()));
    }
    v
}

/// A deterministic uniform number in `[0, 1)` (64-bit LCG, top 53 bits).
pub(super) fn next(state: &mut u64) -> f64 {
    crate::test_rng::unit(state)
}

/// A rear-driven 4-wheel car with an open or limited-slip rear differential: engine 200 rad/s
/// in a gear of ratio 12, each wheel's tyre linearised around its spin, some braked, the
/// lower bound of each limit between 0.2 and 1 of the full limit.
pub(super) fn case(state: &mut u64) -> (EngineTerm, [WheelTerm; 4], [f64; 4], Topology) {
    let engine = EngineTerm {
        inertia: 0.2,
        omega: 150.0 + 100.0 * next(state),
        torque: 400.0 * next(state),
        damping: 0.01,
        clutch: if next(state) < 0.5 { 50.0 } else { 5000.0 },
        ratio: 12.0,
        idle: 80.0,
        max: 700.0,
        law: None,
    };
    let mut wheels = [WheelTerm::default(); 4];
    let mut full = [0.0; 4];
    for (i, w) in wheels.iter_mut().enumerate() {
        let omega = 20.0 + 10.0 * next(state);
        let limit = 2000.0 + 4000.0 * next(state);
        *w = WheelTerm {
            enabled: true,
            inertia: 1.2,
            damping: 0.05,
            omega,
            radius: 0.32,
            fx0: (next(state) - 0.5) * 1.5 * limit,
            dfx: 50.0 + 3000.0 * next(state),
            fy: (next(state) - 0.5) * 1.5 * limit,
            limit: limit * (0.2 + 0.8 * next(state)),
            torque: -10.0,
            brake: if i < 2 && next(state) < 0.3 {
                3000.0 * next(state)
            } else {
                0.0
            },
        };
        full[i] = limit;
    }
    let mut topo = Topology::default();
    (topo.share[2], topo.share[3]) = (0.5, 0.5);
    if next(state) < 0.5 {
        let (mut a, mut b) = ([0.0; MAX_WHEELS], [0.0; MAX_WHEELS]);
        (a[2], b[3]) = (1.0, 1.0);
        let model = LockModel::SpeedBias {
            stiffness: 200.0,
            bias: 1.5,
        };
        topo.push_lock(a, b, model, 1.0);
    }
    (engine, wheels, full, topo)
}

#[test]
fn lazy_limits_give_the_full_limits_bits() {
    let (mut state, h) = (7_u64, 1.0 / 180.0);
    let (mut clamped, mut completed, mut skipped, mut bound_matters) = (0, 0, 0, 0);
    for _ in 0..400 {
        let (engine, low, full, topo) = case(&mut state);
        let mut eager = low;
        for (w, l) in eager.iter_mut().zip(full) {
            w.limit = l;
        }
        let want = solve(&engine, &eager, &topo, h);
        let mut lazy = low;
        let mut asked = 0;
        let got = solve_lazy(&engine, &mut lazy, &topo, h, 0b1111, |i| {
            asked += 1;
            full[i]
        });
        assert_eq!(bits(&got), bits(&want), "{engine:?} {low:?} {full:?}");
        // What the sweep exercised: clamps by the full limit, limits left unevaluated, and
        // cases where solving with the bound alone would have been wrong.
        clamped += (0..4)
            .filter(|&i| got.fx[i].hypot(got.fy[i]) > 0.999_999 * full[i])
            .count();
        completed += asked;
        skipped += 4 - asked;
        if bits(&solve(&engine, &low, &topo, h)) != bits(&want) {
            bound_matters += 1;
        }
    }
    assert!(clamped > 100, "{clamped} wheels at their limit");
    assert!(
        completed > 100 && skipped > 100,
        "{completed} completed, {skipped} not"
    );
    assert!(
        bound_matters > 50,
        "{bound_matters} cases the bound alone gets wrong"
    );
}

/// The active-set update reads a pass's force magnitude instead of computing
/// `|(sol.fx, fy)|` again for a linear tyre that never left saturation: it must be those
/// bits wherever a test can hold ([`pass_magnitude`]: `hypot`'s), and where the squares
/// prove the force inside the circle, a value below the limit whose tests all fail as
/// `hypot`'s do. Random sets (linear, saturated, left saturation) and speeds over the cases
/// above, the limits now and then scaled to the force (just inside, on, just outside it).
#[test]
fn pass_magnitudes_are_the_hypot_of_unclamped_forces() {
    let (mut state, h) = (11_u64, 1.0 / 180.0);
    let (mut exact, mut inside, mut clamped, mut near) = (0, 0, 0, 0);
    for _ in 0..400 {
        let (engine, mut wheels, _, topo) = case(&mut state);
        let sys = System::<4>::new(&engine, &wheels, &topo, h);
        let mut set = ActiveSet::initial(&sys);
        let mut x = [0.0; N];
        x[0] = engine.omega;
        for i in 0..4 {
            x[i + 1] = wheels[i].omega * (0.9 + 0.2 * next(&mut state));
            set.unsaturated[i] = next(&mut state) < 0.3;
            if next(&mut state) < 0.2 {
                set.tire[i] = TireSet::Saturated(wheels[i].limit * (next(&mut state) - 0.5));
            }
        }
        // Some limits at the force's magnitude to 10⁻¹⁵ or 2·10⁻¹² (the margin's edges), or
        // negative (outside whatever the squares say).
        for (i, w) in wheels.iter_mut().enumerate() {
            if next(&mut state) < 0.3 && set.tire[i] == TireSet::Linear && !set.unsaturated[i] {
                let fx = w.fx0 + w.dfx * (x[i + 1] - w.omega);
                let m = fx.hypot(w.fy);
                let scale = [
                    1.0 - 2e-12,
                    1.0 - 1e-15,
                    1.0,
                    1.0 + 1e-15,
                    1.0 + 2e-12,
                    -2.0,
                ];
                w.limit = m * scale[(next(&mut state) * 6.0) as usize % 6];
                near += 1;
            }
        }
        let sys = System::<4>::new(&engine, &wheels, &topo, h);
        let mut sol = Solution::default();
        let mut out = PassOut {
            lock_t: [0.0; 4],
            mag: [0.0; 4],
        };
        sys.evaluate(&set, &x, &mut sol, &mut out);
        for (i, w) in wheels.iter().enumerate() {
            if set.tire[i] == TireSet::Linear && !set.unsaturated[i] {
                let (mag, want) = (out.mag[i], sol.fx[i].hypot(w.fy));
                // Every test the pass and the update make of it has `hypot`'s outcome.
                let above = w.limit * (1.0 + 1e-12);
                assert_eq!(mag > w.limit, want > w.limit, "{mag} {want} {}", w.limit);
                assert_eq!(mag > above, want > above);
                if mag.to_bits() == want.to_bits() {
                    exact += 1;
                } else {
                    assert!(want < w.limit, "{mag} {want} {}", w.limit);
                    inside += 1;
                }
            } else if set.unsaturated[i] && out.mag[i] > w.limit {
                // Clamped in the pass: `sol.fx` is not the force of `mag`.
                assert_ne!(out.mag[i], sol.fx[i].hypot(w.fy));
                clamped += 1;
            }
        }
    }
    assert_eq!(MIN_LIMIT, 2f64.powi(-484));
    assert_eq!(MIN_LIMIT * MIN_LIMIT, 2f64.powi(-968));
    assert!(
        exact > 300 && inside > 30 && clamped > 50 && near > 100,
        "{exact} exact, {inside} inside, {clamped} clamped, {near} near"
    );
}

/// A car's solve runs in 4 per-wheel slots ([`solve_into`]): the same bits as in 8 and in
/// `MAX_WHEELS` (the old sizing) over the cases above, with full and bounded limits.
#[test]
fn slot_counts_give_the_same_bits() {
    let (mut state, h) = (23_u64, 1.0 / 180.0);
    for _ in 0..400 {
        let (engine, wheels, _, topo) = case(&mut state);
        let run = |f: fn(&EngineTerm, &[WheelTerm], &Topology, f64, &mut Solution)| {
            let mut sol = Solution::default();
            f(&engine, &wheels, &topo, h, &mut sol);
            (bits(&sol), sol.limit_reached)
        };
        let four = run(solve_slots::<4>);
        assert_eq!(four, run(solve_slots::<8>));
        assert_eq!(four, run(solve_slots::<MAX_WHEELS>));
    }
}
