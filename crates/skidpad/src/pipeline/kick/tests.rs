//! The half kick's difference, and a body whose forces the change of controls leaves alone.

use super::*;
use crate::ground::Plane;
use crate::input::Intent;
use crate::math::Pose;
use crate::pipeline::{ChassisForces, step_standalone, step_standalone_with};
use crate::vehicle::{Vehicle, state_hash};

/// A substep's forces from `(force, point)` pairs, summed about the origin.
fn listed(pairs: &[(DVec3, DVec3)]) -> SubstepForces {
    let mut f = ChassisForces::default();
    for &(force, point) in pairs {
        f.push(force, point, DVec3::ZERO);
    }
    f
}

/// A strut's force the controls did not change cancels to an exact zero: the kick is half
/// the tyre's difference to the bit, which the totals (strut + tyre, rounded to the strut's
/// magnitude) would not give.
#[test]
fn an_unchanged_force_cancels_exactly() {
    let strut = (DVec3::new(0.1, 0.2, 3912.7), DVec3::new(1.3, 0.8, 0.1));
    let at = DVec3::new(1.3, 0.8, -0.2);
    let (t_old, t_new) = (DVec3::new(0.3, 1e-3, 0.0), DVec3::new(-5000.1, 0.7, 0.0));
    let old = listed(&[strut, (t_old, at)]);
    let new = listed(&[strut, (t_new, at)]);
    assert_eq!(half_kick(&old, &new), 0.5 * (t_old - t_new));
    assert_eq!(half_kick(&new, &new), DVec3::ZERO);
    // The totals would not cancel to the bit.
    let totals = 0.5 * (old.total.force - new.total.force);
    assert_ne!(totals, 0.5 * (t_old - t_new));
}

/// Lists of different lengths (an edge force on one pass only): the totals' difference.
#[test]
fn different_lists_take_the_totals() {
    let a = (DVec3::new(10.0, -4.0, 3000.0), DVec3::X);
    let b = (DVec3::new(-2.0, 1.0, 0.5), DVec3::Y);
    let old = listed(&[a, b]);
    let new = listed(&[a]);
    assert_eq!(
        half_kick(&old, &new),
        0.5 * (old.total.force - new.total.force)
    );
}

/// A car dropped at rest (no velocity, wheels not spinning) whose brakes are applied: at rest
/// the brakes change no force, so the half kick is an exact zero and the step is the plain
/// step bit for bit (gravity, not in the wrench, never enters the difference).
#[test]
fn a_body_at_rest_whose_brakes_change_nothing_steps_as_without_the_kick() {
    let mut v = Vehicle::new(crate::presets::sedan()).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.33)));
    let ground = Plane::flat();
    let (p, d) = (v.params().clone(), *v.derived());
    let released = crate::input::Controls::Intent(Intent::default());
    let braked = crate::input::Controls::Intent(Intent {
        brake: 1.0,
        ..Intent::default()
    });
    let dt = 1.0 / 60.0;
    let mut old = SubstepForces::default();
    let mut scratch = v.state().clone();
    first_substep_forces(&p, &d, &released, &mut scratch, &ground, dt, &mut old);
    let mut probe = v.state().clone();
    let mut new = SubstepForces::default();
    first_substep_forces(&p, &d, &braked, &mut probe, &ground, dt, &mut new);
    // Four struts, four tyres and the drag.
    assert_eq!(old.forces.len(), 9, "every strut and tyre pushes");
    assert_eq!(half_kick(&old, &new), DVec3::ZERO);
    let (mut plain, mut kicked) = (v.state().clone(), v.state().clone());
    step_standalone(&p, &d, &braked, &mut plain, &ground, dt);
    step_standalone_with(
        &p,
        &d,
        &braked,
        Kick::InputJump(&old),
        &mut kicked,
        &ground,
        dt,
    );
    assert_eq!(state_hash(&plain), state_hash(&kicked));
    assert!(
        plain.chassis.linear_velocity_world.length() > 0.0,
        "it settles"
    );
}

/// The opening half kick, worked by hand: a sedan without drag thrown from 50 m with the
/// velocity `v₀` set by the caller feels gravity alone (no wheel reaches the ground, the
/// helpers' torques do not move the centre of mass). The leapfrog is exact for a constant
/// acceleration, so with the opening kick (`v(h/2) = v₀ − ½h·g`) the centre of mass is at
/// `z₀ + v₀·t − ½·g·t²` at every step point to round-off; without it symplectic Euler is
/// `½·g·t·h` lower (`h` = `dt/3`: the speed stays below the 5 m/s threshold, so every step
/// runs the low-speed count and the substep length never changes).
#[test]
fn a_body_thrown_from_a_set_velocity_follows_the_parabola() {
    let mut p = crate::presets::sedan();
    p.aero = crate::aero::AeroParams::default();
    let (dt, g) = (1.0 / 60.0, p.sim.gravity);
    let h = dt / f64::from(p.sim.substeps_low_speed);
    let v0 = DVec3::new(1.0, 0.5, 2.0);
    let ground = Plane::flat();
    for kick in [true, false] {
        p.sim.opening_half_kick = kick;
        let mut v = Vehicle::new(p.clone()).unwrap();
        v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 50.0)));
        let c0 = v.state().chassis.pose.translation;
        v.set_velocity(v0, DVec3::ZERO);
        for k in 1..=30 {
            v.step(dt, &ground);
            let t = f64::from(k) * dt;
            let c = v.state().chassis.pose.translation;
            let hand = c0 + v0 * t - DVec3::Z * (0.5 * g * t * t);
            let euler = if kick { 0.0 } else { 0.5 * g * t * h };
            assert!(v.state().speed() < 5.0);
            assert!(
                (c - hand + DVec3::Z * euler).length() <= 1e-9,
                "kick {kick}, step {k}: {c} against {hand} − {euler}"
            );
        }
    }
}

/// A body at rest on its springs: the opening half kick halves a force that is ≈ 0 (the
/// springs carry the weight), so the car stays put. The sedan settled for 2 s, its velocity
/// set to zero, one step with and without the switch: the two poses within 1 µm, the
/// velocities within 0.1 mm/s (a kick of the whole weight would move the body 0.5 mm).
#[test]
fn a_car_at_rest_on_its_springs_stays_put_with_the_opening_kick() {
    let ground = Plane::flat();
    let mut v = Vehicle::new(crate::presets::sedan()).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.33)));
    for _ in 0..120 {
        v.step(1.0 / 60.0, &ground);
    }
    let mut p = v.params().clone();
    p.sim.opening_half_kick = true;
    let mut on = v.clone();
    on.set_params(p).unwrap();
    for car in [&mut v, &mut on] {
        car.set_velocity(DVec3::ZERO, DVec3::ZERO);
        car.step(1.0 / 60.0, &ground);
    }
    let (a, b) = (v.state().chassis, on.state().chassis);
    assert!((a.pose.translation - b.pose.translation).length() < 1e-6);
    assert!((a.linear_velocity_world - b.linear_velocity_world).length() < 1e-4);
    assert_ne!(
        state_hash(v.state()),
        state_hash(on.state()),
        "the kick acted"
    );
}
