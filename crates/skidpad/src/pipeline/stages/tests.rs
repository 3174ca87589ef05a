//! The stages' rewritten paths against the code they replaced, bit for bit on seeded random
//! states (the `Debug` form tells `-0.0` from `0.0`).

use super::*;
use crate::math::Pose;
use crate::pipeline::SubstepForces;
use glam::DQuat;

/// A small seeded generator (PCG's LCG step, top 53 bits): uniform in `[0, 1)`.
pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub(super) fn next(&mut self) -> f64 {
        crate::test_rng::unit(&mut self.0)
    }

    /// Uniform in `[-a, a)`, with exact zeros of both signs now and then.
    pub(super) fn signed(&mut self, a: f64) -> f64 {
        match (self.next() * 12.0) as u32 {
            0 => 0.0,
            1 => -0.0,
            _ => (2.0 * self.next() - 1.0) * a,
        }
    }

    pub(super) fn vec(&mut self, a: f64) -> DVec3 {
        DVec3::new(self.signed(a), self.signed(a), self.signed(a))
    }

    pub(super) fn unit_quat(&mut self) -> DQuat {
        let v = DVec3::new(self.signed(1.0), self.signed(1.0), self.signed(1.0));
        DQuat::from_scaled_axis(v * 0.6)
    }
}

/// The presets the random cases draw from: both drive kinds, 4 to 8 wheels, force points.
fn vehicles() -> Vec<VehicleParams> {
    use crate::presets;
    vec![
        presets::sedan(),
        presets::sedan_simple(),
        presets::sports_rwd(),
        presets::truck_8x8(),
    ]
}

/// A random state of `p`'s wheels and chassis: contact, loads, forces, moments, edge forces.
fn random_state(p: &VehicleParams, rng: &mut Rng) -> VehicleState {
    let mut s = VehicleState::with_wheels(p.wheels.len());
    s.chassis.pose = Pose::new(rng.vec(50.0), rng.unit_quat());
    s.chassis.linear_velocity_world = rng.vec(30.0);
    s.chassis.angular_velocity_world = rng.vec(2.0);
    for w in s.wheels.iter_mut() {
        w.suspension.in_contact = rng.next() < 0.8;
        w.contact_point_world = rng.vec(50.0);
        w.contact_normal_world = rng.vec(1.0).normalize_or(DVec3::Z);
        w.normal_load = rng.signed(8000.0);
        w.tire_force_world = rng.vec(6000.0);
        w.tire.mz = rng.signed(300.0);
        w.edge_force_world = if rng.next() < 0.3 {
            rng.vec(2000.0)
        } else {
            DVec3::ZERO
        };
    }
    s
}

/// `assemble_into` as it was before its sums moved into locals: every force pushed into
/// `out` through `ChassisForces::push` and `add_torque`.
fn assemble_into_reference<const S: usize>(
    p: &VehicleParams,
    s: &VehicleState,
    coupled: bool,
    aero: &AeroForces,
    out: &mut ChassisForces<S>,
) {
    out.clear_substep();
    let com = s.chassis.com_world(&p.chassis);
    let grounded = |i: usize| p.wheels[i].enabled && s.wheels[i].suspension.in_contact;
    let nw = p.wheels.len();
    let pose = &s.chassis.pose;
    let susp = |out: &mut ChassisForces<S>, wp: &WheelParams, w: &WheelState| {
        let f = w.contact_normal_world * w.normal_load;
        out.push(f, wheel::suspension_force_point_world(wp, pose, w), com);
    };
    let tire = |out: &mut ChassisForces<S>, wp: &WheelParams, w: &WheelState| {
        out.push(
            w.tire_force_world,
            wheel::tire_force_point_world(wp, pose, w),
            com,
        );
        out.add_torque(w.contact_normal_world * w.tire.mz);
        if w.edge_force_world != DVec3::ZERO {
            out.push(w.edge_force_world, w.contact_point_world, com);
        }
    };
    for i in (0..nw).filter(|&i| grounded(i)) {
        susp(out, &p.wheels[i], &s.wheels[i]);
        if !coupled {
            tire(out, &p.wheels[i], &s.wheels[i]);
        }
    }
    if coupled {
        for i in (0..nw).filter(|&i| grounded(i)) {
            tire(out, &p.wheels[i], &s.wheels[i]);
        }
    }
    for &(f, pt) in &aero.forces[..aero.count] {
        out.push(f, pt, com);
    }
}

#[test]
fn assemble_sums_in_locals_keep_the_bits() {
    let mut rng = Rng::new(0xa55e_b1e5);
    for (k, mut p) in vehicles().into_iter().enumerate() {
        for case in 0..500 {
            // Some wheels disabled, some force points set.
            for wp in p.wheels.iter_mut() {
                wp.enabled = rng.next() < 0.9;
                let sp = &mut wp.suspension;
                sp.force_point = (rng.next() < 0.3).then(|| rng.vec(2.0));
                sp.tire_force_point = (rng.next() < 0.3).then(|| rng.vec(2.0));
            }
            let s = random_state(&p, &mut rng);
            let mut aero = AeroForces {
                forces: [(DVec3::ZERO, DVec3::ZERO); MAX_AERO_FORCES],
                count: case % (MAX_AERO_FORCES + 1),
            };
            for f in aero.forces.iter_mut() {
                *f = (rng.vec(800.0), rng.vec(50.0));
            }
            let coupled = case % 2 == 1;
            // Start both from a used value, as the substep loop does.
            let mut got = SubstepForces::default();
            let mut want = SubstepForces::default();
            assemble_into(&p, &s, !coupled, &aero, &mut got);
            assemble_into_reference(&p, &s, !coupled, &aero, &mut want);
            assemble_into(&p, &s, coupled, &aero, &mut got);
            assemble_into_reference(&p, &s, coupled, &aero, &mut want);
            assert_eq!(
                format!("{got:?}"),
                format!("{want:?}"),
                "vehicle {k} case {case}"
            );
            let mut hosted = ChassisForces::<4>::default();
            assemble_into(&p, &s, coupled, &aero, &mut hosted);
            assert_eq!(format!("{:?}", hosted.total), format!("{:?}", want.total));
        }
    }
}

/// The suspension and grip stages with the contact stage's stored suspension lines
/// (`WheelState::strut_top_substep`, `travel_substep`) against the same stages computing
/// them (the key cleared), bit for bit; and a pose moved after the contact stage (the
/// stored lines stale) against a state whose lines were never stored.
#[test]
fn stored_suspension_lines_keep_the_bits_and_never_go_stale() {
    use crate::ground::Plane;
    use crate::wheel::FrameKey;
    let mut rng = Rng::new(0xf4a3_e529);
    let dt = 1.0 / 180.0;
    let controls = Controls::Intent(Intent {
        throttle: 0.5,
        ..Intent::default()
    });
    let mut touching = 0;
    for (k, p) in vehicles().into_iter().enumerate() {
        let d = Derived::new(&p).unwrap();
        for case in 0..200 {
            let ground = Plane::new(DVec3::new(0.0, 0.0, rng.signed(0.05)), DVec3::Z);
            let mut s = random_state(&p, &mut rng);
            // Near the ground, so that most wheels touch it.
            let tilt = DQuat::from_scaled_axis(rng.vec(0.05));
            let at = DVec3::new(rng.signed(20.0), rng.signed(20.0), 0.3 + 0.3 * rng.next());
            s.chassis.pose = Pose::new(at, DQuat::from_rotation_z(rng.signed(3.0)) * tilt);
            contact_stage(&p, &d, &mut s, &ground);
            assert!(s.wheel_frames.matches(&s.chassis.pose));
            touching += s
                .wheels
                .iter()
                .filter(|w| w.measured_jounce.is_some())
                .count();
            for (wp, w) in p.wheels.iter().zip(s.wheels.iter()) {
                let pose = &s.chassis.pose;
                let bits = |v: DVec3| v.to_array().map(f64::to_bits);
                assert_eq!(
                    bits(w.strut_top_substep),
                    bits(wheel::strut_top_world(wp, pose))
                );
                assert_eq!(
                    bits(w.travel_substep),
                    bits(wheel::travel_direction_world(wp, pose))
                );
            }
            let mut unkeyed = s.clone();
            unkeyed.wheel_frames = FrameKey::default();
            if case % 2 == 1 {
                // Stale lines: the pose moves after the contact stage.
                let moved = Pose::new(rng.vec(1.0), rng.unit_quat());
                (s.chassis.pose, unkeyed.chassis.pose) = (moved, moved);
            }
            for st in [&mut s, &mut unkeyed] {
                suspension_stage(&p, &d, st, dt);
                let intent = input_stage(&p, &controls, st, dt);
                let prep = powertrain_stage(&p, &d, &controls, &intent, st, dt);
                grip_stage(&p, &d, &prep, st, &ground, dt);
            }
            assert_eq!(
                format!("{s:?}"),
                format!("{unkeyed:?}"),
                "vehicle {k} case {case}"
            );
        }
    }
    // Most wheels found the ground (4 vehicles × 200 cases, 4 to 8 wheels each).
    assert!(touching > 2000, "{touching} wheels touching");
}

/// The step's drive work ([`WheelState::drive_work`]), worked out by hand: the sedan held
/// 100 m up (no wheel reaches the ground), its wheels of inertia `I` = 1 kg·m² without
/// bearing damping, 30 N·m of direct drive on the rear-left wheel, a step of 0.03 s in 3
/// substeps of `h` = 0.01 s. The free spin's backward Euler, `ω_k = ω_(k−1) + h·T/I`, gives
/// 0.3, 0.6, 0.9 rad/s, so `W = T·h·Σ ω_k` = 30 · 0.01 · 1.8 = 0.54 J: the spin's energy
/// ½·I·0.9² = 0.405 J plus the scheme's `½·I·Σ(Δω)²` = 3 · ½ · 0.3² = 0.135 J. The next step
/// starts from 0.9 rad/s and counts only its own substeps: `T·h·(1.2 + 1.5 + 1.8)` = 1.35 J.
#[test]
fn the_drive_work_of_a_step_sums_its_substeps_at_their_end_spins() {
    use crate::input::WheelCommand;
    let mut p = crate::presets::sedan();
    for w in &mut p.wheels {
        (w.inertia, w.damping_rate) = (1.0, 0.0);
    }
    p.sim.substeps_low_speed = 3;
    let mut v = crate::vehicle::Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 100.0)));
    let mut cmds = [WheelCommand::default(); 4];
    cmds[2].drive_torque = 30.0;
    v.set_wheel_commands(&cmds).unwrap();
    let ground = crate::ground::Plane::flat();
    for want in [0.54, 1.35] {
        v.step(0.03, &ground);
        let w = &v.state().wheels()[2];
        assert!(
            (w.drive_work - want).abs() < 1e-12,
            "{} vs {want}",
            w.drive_work
        );
        assert!(v.state().wheels().iter().all(|w| !w.suspension.in_contact));
        let others = v
            .state()
            .wheels()
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 2);
        assert!(others.map(|(_, w)| w.drive_work).all(|x| x == 0.0));
    }
    // Not in the determinism hash: a state that differs only in it prints the same.
    let mut s = v.state().clone();
    s.wheels[2].drive_work = 7.0;
    assert_eq!(format!("{s:?}"), format!("{:?}", v.state()));
}
