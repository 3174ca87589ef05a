//! The cheaper old-controls pass ([`crate::pipeline::Kick::InputJumpPrepared`]) against the
//! general one (stages 1–9 whole, then the state put back): the same bits on seeded random
//! control sequences.

use super::*;
use crate::ground::Plane;
use crate::input::{Controls, WheelCommand};
use crate::math::Pose;
use crate::params::VehicleParams;
use crate::test_rng::{uniform, unit};
use glam::DVec3;

/// Two copies of `params` (switch on) stepped with the same controls, one the vehicle's way,
/// the other with the old controls' pass whole: equal hashes after every step. `set` sets
/// step `k`'s controls from the generator. Returns how many steps changed their controls
/// with the steering input unchanged (the prepared path).
fn compare(
    params: VehicleParams,
    seed: u64,
    steps: usize,
    set: impl Fn(&mut Vehicle, &mut u64, usize),
) -> usize {
    let mut p = params;
    p.sim.input_jump_half_kick = true;
    let ground = Plane::flat();
    let mut a = Vehicle::new(p).unwrap();
    a.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.4)));
    let mut b = a.clone();
    let (mut ra, mut rb) = (seed, seed);
    let mut prepared = 0;
    for k in 0..steps {
        set(&mut a, &mut ra, k);
        set(&mut b, &mut rb, k);
        if let Some(prev) = a.previous_controls()
            && *prev != a.controls
            && crate::pipeline::same_steering(prev, &a.controls)
        {
            prepared += 1;
        }
        a.step(1.0 / 60.0, &ground);
        b.step_with_whole_kick_pass(1.0 / 60.0, &ground);
        assert_eq!(a.state_hash(), b.state_hash(), "seed {seed}, step {k}");
    }
    prepared
}

/// Pedals changed at random (throttle, brake, hand brake), the steer changed in one step of
/// four and held otherwise.
fn random_intent(v: &mut Vehicle, r: &mut u64, k: usize) {
    let mut i = *match v.controls() {
        Controls::Intent(i) => i,
        Controls::Direct(_) => unreachable!("the intent test sets intents only"),
    };
    if unit(r) < 0.6 {
        i.throttle = if unit(r) < 0.3 { 0.0 } else { unit(r) };
        i.brake = if unit(r) < 0.7 { 0.0 } else { unit(r) };
        i.handbrake = if unit(r) < 0.9 { 0.0 } else { 1.0 };
    }
    if k.is_multiple_of(4) {
        i.steer = uniform(r, -1.0, 1.0);
    }
    v.set_intent(i).unwrap();
}

#[test]
fn the_prepared_pass_is_the_whole_pass_bit_for_bit_on_random_pedals() {
    let presets = [
        crate::presets::sedan(),
        crate::presets::sports_rwd(),
        crate::presets::hatch_fwd(),
        crate::presets::rally_4wd(),
        crate::presets::kart(),
        crate::presets::truck_6x6(),
        crate::presets::tank(),
        crate::presets::sedan_simple(),
    ];
    for (j, p) in presets.into_iter().enumerate() {
        let seed = 0x5eed_0000 + j as u64;
        let prepared = compare(p, seed, 240, random_intent);
        assert!(prepared > 60, "seed {seed}: {prepared} prepared steps");
    }
}

/// Direct wheel commands: torques at random, the steer angles changed in one step of four.
#[test]
fn the_prepared_pass_is_the_whole_pass_bit_for_bit_on_random_wheel_commands() {
    let set = |v: &mut Vehicle, r: &mut u64, k: usize| {
        let mut c = [WheelCommand::default(); 4];
        if let Controls::Direct(old) = v.controls() {
            c.copy_from_slice(old.as_slice());
        }
        for w in &mut c {
            if unit(r) < 0.6 {
                w.drive_torque = uniform(r, -300.0, 600.0);
                w.brake_torque = if unit(r) < 0.7 {
                    0.0
                } else {
                    uniform(r, 0.0, 2000.0)
                };
            }
        }
        if k.is_multiple_of(4) {
            let steer = uniform(r, -0.4, 0.4);
            (c[0].steer_angle, c[1].steer_angle) = (steer, steer);
        }
        v.set_wheel_commands(&c).unwrap();
    };
    let prepared = compare(crate::presets::sedan(), 0x5eed_1000, 240, set);
    assert!(prepared > 60, "{prepared} prepared steps");
}
