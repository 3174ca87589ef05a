//! The strut balances worked out by hand: the bars a touchdown engages, the ground rise of a
//! surface met from the side and the damper's rate on it, the touchdown impulse paying the
//! bars; the lift-off gate's bound of the inverse effective mass against the exact one, and
//! the secant bound of a contact that began separating.

use super::*;
use crate::chassis::ChassisState;
use crate::presets;
use crate::suspension::model::{GROUND_RISE_SLOP, ground_rise};
use crate::vehicle::Vehicle;
use glam::{DMat3, DQuat};

/// Wheel states in contact (or not) at the given jounces.
fn wheels(jounce: [f64; 4], contact: [bool; 4]) -> Vec<WheelState> {
    (0..4)
        .map(|i| {
            let mut w = WheelState::default();
            w.suspension.jounce = jounce[i];
            w.suspension.in_contact = contact[i];
            w
        })
        .collect()
}

#[test]
fn a_touchdown_is_charged_the_bar_it_engages() {
    // A 20 kN/m bar on wheels 0 and 1 and a 10 kN/m bar on 2 and 3.
    let bars = [
        AntiRollBarParams {
            wheel_a: 0,
            wheel_b: 1,
            stiffness: 20_000.0,
        },
        AntiRollBarParams {
            wheel_a: 2,
            wheel_b: 3,
            stiffness: 10_000.0,
        },
    ];
    // Wheel 0 lands at full droop (−0.12 m) beside wheel 1 at +0.05 m, in contact before:
    // ½·20000·0.17² = 289 J to wheel 0. Wheels 2 and 3 both land (−0.02, +0.08 m):
    // ½·10000·0.1² = 50 J, 25 J each.
    let w = wheels([-0.12, 0.05, -0.02, 0.08], [true; 4]);
    let was = |i| i == 1;
    let got = [0, 2, 3].map(|i| bar_engagement(&bars, i, was, &w));
    for (got, want) in got.iter().zip([289.0, 25.0, 25.0]) {
        assert!((got - want).abs() < 1e-9, "{got}");
    }
    // A wheel that was in contact engages nothing (the bar's forces are explicit), and a
    // bar with its other wheel in the air is not engaged.
    assert_eq!(bar_engagement(&bars, 1, was, &w), 0.0);
    let w = wheels([-0.12, 0.05, -0.02, 0.08], [true, true, true, false]);
    assert_eq!(bar_engagement(&bars, 2, was, &w), 0.0);
}

#[test]
fn only_a_surface_met_from_the_side_gives_a_negative_ground_rise() {
    // Nearer along the line: the rise, 20 mm (the side test not asked).
    let never = || -> f64 { panic!("asked") };
    assert!((ground_rise(0.30, 0.28, never) - 0.02).abs() < 1e-12);
    // Farther by 20 mm, the new contact 0.23 m above the old plane (the sports car's
    // rear-right wheel meeting the curb's face): −20 mm.
    assert!((ground_rise(0.30, 0.32, || 0.23) + 0.02).abs() < 1e-12);
    // Farther but below the old plane (a crest rolled over), or within the slop: 0.
    assert_eq!(ground_rise(0.30, 0.32, || -0.001), 0.0);
    assert_eq!(
        ground_rise(0.30, 0.30 + 0.5 * GROUND_RISE_SLOP, || 1.0),
        0.0
    );
}

#[test]
fn on_a_surface_met_from_the_side_the_damper_reads_the_new_plane() {
    // The body slides at 2.8 m/s along +y onto a face whose normal is −y, the strut tilted
    // so that n·up = 0.8: the strut closes at 2.8/0.8 = 3.5 m/s.
    let mut c = ChassisState {
        linear_velocity_world: DVec3::new(11.0, 2.8, 0.4),
        ..Default::default()
    };
    let up = DVec3::new(0.0, -0.8, 0.6);
    let frame = StrutFrame {
        com: DVec3::ZERO,
        up,
    };
    let mut ws = WheelState {
        contact_normal_world: -DVec3::Y,
        contact_point_world: DVec3::new(0.5, 0.7, -0.3),
        ground_rise: -0.013,
        ..Default::default()
    };
    let rate = fallen_rate(&c, &ws, frame).unwrap();
    assert!((rate - 3.5).abs() < 1e-12, "{rate}");
    // A spin adds its point velocity: ω = 1 rad/s about x at r = (0.5, 0.7, −0.3) gives
    // ω × r = (0, 0.3, 0.7), so −(2.8 + 0.3)·(−1)/0.8 = 3.875 m/s.
    c.angular_velocity_world = DVec3::X;
    assert!((fallen_rate(&c, &ws, frame).unwrap() - 3.875).abs() < 1e-12);
    // No negative rise, or moving ground: the finite difference stays.
    ws.ground_rise = 0.0;
    assert!(fallen_rate(&c, &ws, frame).is_none());
    ws.ground_rise = -0.013;
    ws.surface_velocity_world = DVec3::X;
    assert!(fallen_rate(&c, &ws, frame).is_none());
}

#[test]
fn the_touchdown_impulse_takes_the_bars_energy_from_the_closing() {
    // The sedan's front-left wheel touching down at its state's jounce (the strut stores
    // nothing: x₀ = x) closing at 2 m/s: with 100 J of bar engaged the impulse removes
    // exactly 100 J of the closing energy, `−J·v_n − J²/(2·m_eff) = 100`, and none without.
    let v = Vehicle::new(presets::sedan()).unwrap();
    let (p, d) = (v.params(), v.derived());
    let c = ChassisState {
        linear_velocity_world: DVec3::new(0.0, 0.0, -2.0),
        ..Default::default()
    };
    let mut ws = WheelState::default();
    ws.suspension.raw_jounce = -0.05;
    ws.suspension.in_contact = true;
    ws.contact_normal_world = DVec3::Z;
    ws.contact_point_world = c.pose.transform_point(p.wheels[0].position) - 0.3 * DVec3::Z;
    let h = 1.0 / 180.0;
    let none = touchdown_force(p, d, &c, 0, (-0.05, 0.0), &ws, h);
    assert_eq!(none.force, 0.0);
    let t = touchdown_force(p, d, &c, 0, (-0.05, 100.0), &ws, h);
    // The strut carries `J/h·(n·up)`; the body upright, n·up = 1.
    let j = t.force * h;
    let r = ws.contact_point_world - c.com_world(&p.chassis);
    let rn = r.cross(DVec3::Z);
    let m_eff = 1.0 / (1.0 / p.chassis.mass + rn.dot(p.chassis.inertia.inverse() * rn));
    let removed = 2.0 * j - j * j / (2.0 * m_eff);
    assert!((removed - 100.0).abs() < 1e-9, "{removed}");
    assert_eq!(t.edge, DVec3::ZERO);
}

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
