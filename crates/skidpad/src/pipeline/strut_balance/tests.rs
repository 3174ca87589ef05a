//! The lift-off gate's bound of the inverse effective mass against the exact one.

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
