//! Unit tests of the drivetrain solver's linear algebra and solves.

use super::*;

#[test]
fn gauss_solves_a_small_system() {
    let mut a = [[0.0; N]; N];
    let mut b = [0.0; N];
    a[0][0] = 0.0;
    a[0][1] = 2.0;
    a[1][0] = 3.0;
    a[1][1] = 1.0;
    b[0] = 4.0;
    b[1] = 5.0;
    assert!(gauss_solve(&mut a, &mut b, 2));
    assert!((b[0] - 1.0).abs() < 1e-12 && (b[1] - 2.0).abs() < 1e-12);
}

fn free_wheel(omega: f64) -> WheelTerm {
    WheelTerm {
        enabled: true,
        inertia: 1.0,
        omega,
        radius: 0.3,
        limit: 1e9,
        ..Default::default()
    }
}

#[test]
fn stiff_clutch_equalises_in_one_step_without_overshoot() {
    // Engine 300 rad/s, wheel at rest, G = 10, K huge. Locked clutch: ω_e' = G·ω_w' and the
    // clutch impulse cancels in G·I_e·Δω_e + I_w·Δω_w = 0, so
    // ω_w' = G·I_e·ω_e/(G²·I_e + I_w) = 10·0.2·300/(100·0.2 + 1) = 28.571 rad/s.
    let e = EngineTerm {
        inertia: 0.2,
        omega: 300.0,
        clutch: 1e7,
        ratio: 10.0,
        max: 1000.0,
        ..Default::default()
    };
    let mut topo = Topology::default();
    topo.share[0] = 1.0;
    let s = solve(&e, &[free_wheel(0.0)], &topo, 1.0 / 30.0);
    let w = 0.2 * 300.0 * 10.0 / (0.2 * 100.0 + 1.0);
    assert!((s.omega[0] - w).abs() < 0.01 * w, "{s:?}");
    assert!((s.engine_speed - 10.0 * s.omega[0]).abs() < 0.01 * s.engine_speed);
}
