//! Stage 10b's early-out at speed: the body's rays reach farther the faster the car
//! (`|v|·h`), and find the ground under a car resting on its springs; the constraints they
//! give are apart ([`Motion::body_apart`]), so the early-out still holds where the full
//! path does nothing.

use super::tests::{one_substep, random_vehicle, sampled_vehicles, terrain};
use super::*;
use crate::ground::{Ground, Plane};
use glam::DQuat;

#[test]
fn a_car_at_20_mps_on_its_springs_is_quiet() {
    // The sedan settled on the level plane z = 0 (4 s), then moving at 20 m/s along x, not
    // spinning: one substep of h = 1/60 s. Its body box's floor is 0.166 m below its origin
    // (`auto_box`), which rests about 0.316 m up: the floor about 0.150 m up.
    //
    // The old bound: the rays reach `drop = (|v| + |ω|·r_far)·h + g·h² + 0.02 m`
    // = 20/60 + 9.81/3600 + 0.02 = 0.3561 m (the spin's share below 1e-4 m) below their
    // points, past the ground at 0.150 m: not clear. The full path casts them and finds the
    // ground at the 9 lowest sample points (the floor face's lattice), gaps 0.150 m.
    // The new bound: on the level plane the gap of every hit is its point's height, at least
    // the floor's `H`; each constraint's `(v − v_s)·n + g/h ≥ v_z + H/h` ≈ 0 + 0.150·60
    // = 9.0 m/s against the arm `w·r_far` ≈ 0.0093 rad/s · 2.06 m = 0.019 m/s and the margin
    // 2e-9·(1 + 20 + 0.02): apart, with 8.98 m/s to spare. So the early-out holds, and the
    // full path does nothing (the same bits, no impulse, no correction).
    let p = crate::presets::sedan();
    let ground = Plane::flat();
    let mut v = crate::vehicle::Vehicle::new(p).unwrap();
    v.teleport(crate::math::Pose::new(
        DVec3::new(0.0, 0.0, 0.5),
        DQuat::IDENTITY,
    ));
    for _ in 0..240 {
        v.step(1.0 / 60.0, &ground);
    }
    v.set_velocity(DVec3::new(20.0, 0.0, 0.0), DVec3::ZERO);
    let h = 1.0 / 60.0;
    let case = one_substep(&mut v.clone(), &ground, h, "sedan at 20 m/s");
    assert!(
        case.quiet && !case.acted && case.body_hits == 9,
        "{}",
        case.body_hits
    );
    // The numbers above, on the same substep.
    let (p, d, controls, s) = v.parts_mut();
    let mut forces = super::super::SubstepForces::default();
    super::super::compute_forces_into(p, d, controls, s, &ground, h, &mut forces);
    let start = s.chassis;
    let (inv, boxes) = (&d.chassis_inverse_inertia, &d.step_boxes);
    let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
    crate::chassis::integrate_prepared(&p.chassis, inv, &mut s.chassis, &forces.total, gravity, h);
    let end = &s.chassis;
    let drift = Drift {
        inv_inertia: inv,
        end,
        w: &forces.total,
        h,
    };
    let (b, drop, far) = body_drop(p, boxes, &start, end, h).unwrap();
    assert!((b.0.z + 0.166).abs() < 1e-9, "{b:?}");
    assert!((drop - 0.35606).abs() < 1.5e-4, "{drop}");
    let rims = (boxes.centre, boxes.half, boxes.grow);
    let planes = super::super::on_plane::both_bounds;
    let (_, clear, low) = planes(&ground, (&start, end), rims, b, drop);
    assert!(!clear && (low - 0.150).abs() < 0.002, "{low}");
    assert!(!body_quiet(
        p,
        boxes,
        &start,
        end,
        AskedGround::of(&ground),
        h
    ));
    let m = Motion::of(p, &start, &drift);
    assert!((far - 2.064).abs() < 1e-3 && m.w < 0.01, "{far} {}", m.w);
    let approach = m.v.z + (low - BODY_GAP_SLACK) / h;
    assert!((approach - 9.0).abs() < 0.15, "{approach}");
    assert!(m.apart_over_plane(&ground, low, far));
    // The full path's body constraints: each gap is its point's height, at least `H`.
    let (mut c, mut depth) = (arrayvec::ArrayVec::new(), arrayvec::ArrayVec::new());
    let n = super::super::body_contact_points(p, &start, end, &ground, h, &mut c, &mut depth);
    assert_eq!(n, 9);
    for pc in &c {
        let gap = pc.max_approach_speed * h;
        assert!(
            (gap - pc.point_world.z).abs() < 1e-9 && gap >= low - 1e-9,
            "{gap}"
        );
        assert!(apart_term(m.com, m.v, m.v_abs, m.w, pc));
    }
    assert!(depth.iter().all(|&d| d == 0.0));
}

#[test]
fn nothing_near_keeps_every_impact_stage_at_speed() {
    // As `nothing_near_keeps_every_impact_stage`, at up to 30 m/s along each horizontal
    // axis: the early-out gives the full path's result bit for bit, and it holds in many
    // substeps where the body's rays reach the ground (the old bound could not: it asked
    // that none can), on the level plane, the slope and the heightfield alike.
    let vehicles = sampled_vehicles();
    let slope = Plane::inclined(0.2, glam::DVec2::new(1.0, 0.3));
    let hf = terrain();
    let grounds: [&dyn Ground; 3] = [&Plane::flat(), &slope, &hf];
    let mut seed = 0x1405_7b7e_f767_814f_u64;
    let mut reached = [0; 3];
    let (mut quiet, mut loud) = (0, 0);
    for (k, params) in vehicles.iter().enumerate() {
        for (g, ground) in grounds.iter().enumerate() {
            for case in 0..300 {
                let mut v = random_vehicle(params, *ground, &mut seed, 30.0);
                let h = [1.0 / 60.0, 1.0 / 180.0, 1.0 / 1000.0][case % 3];
                let label = format!("vehicle {k}, ground {g}, case {case}");
                let c = one_substep(&mut v, *ground, h, &label);
                reached[g] += usize::from(c.quiet && c.body_hits > 0);
                (quiet, loud) = (quiet + usize::from(c.quiet), loud + usize::from(!c.quiet));
            }
        }
    }
    assert!(quiet > 500 && loud > 500, "{quiet} {loud}");
    assert!(reached.iter().all(|&r| r > 30), "{reached:?}");
}
