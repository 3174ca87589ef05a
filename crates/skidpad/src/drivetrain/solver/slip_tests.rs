//! The slipping lock's root in closed form ([`super`]) against the active-set iteration it
//! replaces: a hand-worked car, and a seeded sweep.

use super::super::active_set::LockSet;
use super::super::tests::{fresh_passes, slipping_case};
use super::super::*;
use crate::drivetrain::differential::{LockModel, Topology};

/// The slip torque of the first torque-sensing lock in a final set (`None`: not slipping).
fn slip<const W: usize>(set: &ActiveSet<W>) -> Option<f64> {
    match set.lock[0] {
        LockSet::Slip(t) => Some(t),
        _ => None,
    }
}

/// Two driven wheels `a` (1 kg·m²) and `b` (0.5 kg·m²), both at 100 rad/s, shares ½, no tyre
/// slope (`dfx` = 0) and no damping; wheel `b` drags a 5000 N tyre force at 0.3 m
/// (−1500 N·m), wheel `a` none. Engine 0.1 kg·m² at 300 rad/s, 200 N·m, clutch
/// K = 10 N·m·s/rad, G = 2; torque-sensing lock `a − b`, preload 50 N·m, power locking 0.5,
/// input share 1; h = 0.01 s. With `A = I/h` (`A_e` = 10, `A_a` = 100, `A_b` = 50) and
/// `B = A·ω + T` (`B_e` = 3200, `B_a` = 10000, `B_b` = 3500), the rows give
/// `ω_e' = (B_e − T_c)/A_e`, `ω_a' = (B_a + T_c − T)/A_a`, `ω_b' = (B_b + T_c + T)/A_b`, and
/// `T_c = K·(ω_e' − G·(ω_a' + ω_b')/2)`:
///
/// `T_c·D = K·(B_e/A_e − (B_a/A_a + B_b/A_b)) + K·T·(1/A_a − 1/A_b)`,
/// `D = 1 + K/A_e + K·(1/A_a + 1/A_b)` = 2.3, so `T_c = 15000/23 − T/23` N·m.
///
/// Stuck (`ω_a' = ω_b'`), the lock would carry `T` = 783 N·m (`(10652 − T)/100 = (4152 +
/// T)/50` with `T_c` ≈ 652), above its capacity ≈ ½·(50 + 0.5·2·652) ≈ 351: it slips with
/// `s` = +1, powered (`T_in` = 2·T_c > 0, `ω_out` ≈ 96 rad/s > 0). The fixed point
/// `T = ½·(50 + 0.5·2·T_c(T)) = 25 + ½·(15000/23 − T/23)` is `T* = 16150/47` = 343.617 N·m,
/// the map's slope `m = −1/46`.
#[test]
fn a_hand_worked_slipping_lock_takes_its_root() {
    let engine = EngineTerm {
        inertia: 0.1,
        omega: 300.0,
        torque: 200.0,
        clutch: 10.0,
        ratio: 2.0,
        max: 1e4,
        ..Default::default()
    };
    let wheel = |inertia: f64, fx0: f64| WheelTerm {
        enabled: true,
        inertia,
        omega: 100.0,
        radius: 0.3,
        fx0,
        limit: 1e9,
        ..Default::default()
    };
    let wheels = [wheel(1.0, 0.0), wheel(0.5, 5000.0)];
    let mut topo = Topology::default();
    (topo.share[0], topo.share[1]) = (0.5, 0.5);
    let (mut a, mut b) = ([0.0; MAX_WHEELS], [0.0; MAX_WHEELS]);
    (a[0], b[1]) = (1.0, 1.0);
    let model = LockModel::TorqueSensing {
        stiffness: 20_000.0,
        preload: 50.0,
        power: 0.5,
        coast: 0.2,
    };
    topo.push_lock(a, b, model, 1.0);
    let sys = System::<4>::new(&engine, &wheels, &topo, 0.01);
    let want = 16150.0 / 47.0;
    // The closed form: stuck, slipping at the first capacity, the root (3 passes).
    let mut sol = Solution::default();
    let t = slip(&sys.solve_passes::<5>(&mut sol)).expect("slipping");
    assert!((t - want).abs() < 1e-9, "{t} against {want}");
    assert_eq!(sol.passes, 3);
    // T_c = (15000 − T*)/23 and the clutch's share G·½·T_c to each wheel, less the lock's.
    let tc = (15000.0 - want) / 23.0;
    assert!((sol.clutch_torque - tc).abs() < 1e-9, "{sol:?}");
    assert!((sol.drive[0] - (tc - want)).abs() < 1e-9, "{sol:?}");
    // The iteration: the error shrinks by 1/46 a pass from ≈ 7 N·m, to 10⁻⁹·(1 + C) in 5
    // re-caps after the first slip (7 passes), within its tolerance of the root.
    let mut it = Solution::default();
    let t_it = slip(&fresh_passes::<4, 5>(&sys, &mut it, false).0).expect("slipping");
    assert_eq!(it.passes, 7);
    assert!(
        (t_it - want).abs() < 1e-9 * (1.0 + want),
        "{t_it} against {want}"
    );
}

/// The capacity `C = ½·(T_pre + L·|i·G·T_c|)` of the first lock of `topo` at the solve's
/// outputs `sol` (module docs).
fn capacity(topo: &Topology, g: f64, sol: &Solution) -> f64 {
    let l = &topo.locks[0];
    let LockModel::TorqueSensing {
        preload,
        power,
        coast,
        ..
    } = l.model
    else {
        panic!("a torque-sensing lock")
    };
    let t_in = l.input_share * g * sol.clutch_torque;
    let w_out: f64 = topo.share.iter().zip(&sol.omega).map(|(a, w)| a * w).sum();
    let locking = if t_in * w_out * g.signum() >= 0.0 {
        power
    } else {
        coast
    };
    0.5 * (preload + locking * t_in.abs())
}

/// The seeded cars with a slipping torque-sensing rear lock of
/// `a_right_hand_side_pass_gives_a_fresh_eliminations_bits`, at 1/180 s, where both the
/// closed form and the iteration end with the lock slipping:
/// - the closed form's torque `T` is the fixed point to rounding: `|T| − C` at its own
///   speeds within `10⁻¹⁰·(1 + C)` (the iteration stops within `10⁻⁹·(1 + C)`; measured
///   worst 8.4·10⁻¹²·(1 + C)), its passes never more than the iteration's;
/// - where the iteration settled (fewer than [`MAX_PASSES`] passes), its `T_it` is within
///   its own tolerance over `|1 − m|` of `T` (module docs: `T_it − T* = (T_it −
///   F(T_it))/(1 − m)`), `m` the map's slope measured as the secant `s·(C(T) −
///   C(T_it))/(T − T_it)` between the two solves: within the tolerance itself where
///   `m ≤ 0`, the iteration's own error growing as `m` nears 1;
/// - the rest of the final set is the iteration's.
#[test]
fn the_root_is_the_iterations_fixed_point() {
    let (mut state, h) = (53_u64, 1.0 / 180.0);
    let (mut both, mut fewer, mut unsettled, mut m_neg) = (0, 0, 0, 0);
    for _ in 0..1000 {
        let (engine, wheels, topo) = slipping_case(&mut state);
        let sys = System::<4>::new(&engine, &wheels, &topo, h);
        let mut got = Solution::default();
        let set = sys.solve_passes::<5>(&mut got);
        let mut it = Solution::default();
        let (it_set, _) = fresh_passes::<4, 5>(&sys, &mut it, false);
        assert!(got.passes <= it.passes, "{} > {}", got.passes, it.passes);
        assert_eq!(
            (set.tire, set.brake, set.pin),
            (it_set.tire, it_set.brake, it_set.pin)
        );
        let (Some(t), Some(t_it)) = (slip(&set), slip(&it_set)) else {
            continue;
        };
        both += 1;
        fewer += usize::from(got.passes < it.passes);
        let (c, c_it) = (capacity(&topo, sys.g, &got), capacity(&topo, sys.g, &it));
        assert!(
            (t.abs() - c).abs() <= 1e-10 * (1.0 + c),
            "{t}: capacity {c}"
        );
        if it.passes == MAX_PASSES {
            unsettled += 1;
            continue;
        }
        let tol = 1e-9 * (1.0 + c_it);
        let m = if t == t_it {
            0.0
        } else {
            t.signum() * (c - c_it) / (t - t_it)
        };
        assert!(
            (t - t_it).abs() * (1.0 - m).abs() <= 1.01 * tol,
            "{t} against {t_it}, m = {m}"
        );
        if m <= 0.0 {
            m_neg += 1;
            assert!(
                (t - t_it).abs() <= 1.01 * tol,
                "{t} against {t_it}, m = {m}"
            );
        }
    }
    assert!(
        both > 200 && fewer > 200 && m_neg > 50,
        "{both} slipping, {fewer} with fewer passes, {m_neg} with m ≤ 0"
    );
    eprintln!("{both} slipping, {fewer} fewer, {unsettled} unsettled iterations, {m_neg} m ≤ 0");
}
