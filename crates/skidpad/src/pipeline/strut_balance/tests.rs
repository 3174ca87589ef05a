//! The lift-off gate's bound of the inverse effective mass against the exact one, and the
//! secant bound of a contact that began separating, worked out by hand.

use super::*;
use glam::{DMat3, DQuat};

#[test]
fn the_inverse_mass_bound_is_never_below_the_exact_one() {
    // Seeded random bodies (a rotated diagonal inertia), points and normals: the bound the
    // gate uses never falls below `1/m + (r × n)ᵀ·I⁻¹·(r × n)` (body frame), so the gate
    // never skips a strut whose exact recede exceeds the room.
    let mut seed = 0x5eed_cafe_u64;
    let mut u = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    for _ in 0..2000 {
        let axis = DVec3::new(u(-1.0, 1.0), u(-1.0, 1.0), u(-1.0, 1.0)).normalize_or(DVec3::Z);
        let rot = DMat3::from_quat(DQuat::from_axis_angle(axis, u(-3.2, 3.2)));
        let diag =
            DMat3::from_diagonal(DVec3::new(u(20.0, 3000.0), u(20.0, 3000.0), u(5.0, 3000.0)));
        let inertia = rot * diag * rot.transpose();
        let inv = inertia.inverse();
        let mass = u(50.0, 40_000.0);
        let r = DVec3::new(u(-3.0, 3.0), u(-2.0, 2.0), u(-1.0, 1.0));
        let n = DVec3::new(u(-1.0, 1.0), u(-1.0, 1.0), u(0.1, 1.0)).normalize();
        let rn = r.cross(n);
        let exact = 1.0 / mass + rn.dot(inv * rn);
        let bound = inv_mass_bound(mass, &inv, r.length_squared());
        assert!(bound >= exact * (1.0 - 1e-12), "{bound} < {exact}");
    }
}

/// [`began_receding_force`] on a linear strut, `U*(y) = ½·k·y²` with `k` = 10⁴ N/m at
/// `x` = 10 mm (`F(x)` = 100 N, 0.5 J stored), its point receding at 0.4 m/s over
/// `h` = 0.01 s on a body too heavy for the force's own kick to count (`m_eff` = 10¹² kg,
/// `cos θ` = 1): `d` = 4 mm of 10 mm of room, so the wheel stays. The secant bound
/// `F·d ≤ U*(x) − U*(x − d) = k·d·(x − d/2)` gives `F ≤ k·(x − d/2)` = 10⁴ · 0.008 = 80 N:
/// the explicit 100 N would do 0.4 J of work releasing 0.32 J. An ordinary contact keeps
/// its 100 N ([`susp::receding_force`]: the point stays on the ground), a force within the
/// bound is kept, and a strut that leaves gets [`susp::receding_force`]'s limit.
#[test]
fn a_contact_that_began_separating_keeps_the_secant_bound_worked_out_by_hand() {
    let energy = |y: f64| 0.5 * 1.0e4 * y * y;
    let r = susp::Recede {
        v_n: 0.4,
        cos: 1.0,
        m_eff: 1.0e12,
        h: 0.01,
        room: 0.01,
    };
    let f = began_receding_force(100.0, energy, 0.01, r);
    assert!((f - 80.0).abs() < 1e-6, "{f}");
    assert_eq!(susp::receding_force(100.0, energy, 0.01, r), 100.0);
    assert_eq!(began_receding_force(70.0, energy, 0.01, r), 70.0);
    let short = susp::Recede { room: 0.003, ..r };
    let leaves = began_receding_force(100.0, energy, 0.01, short);
    assert_eq!(leaves, susp::receding_force(100.0, energy, 0.01, short));
    assert!(leaves < 80.0);
}
