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
    step_standalone_with(&p, &d, &braked, Some(&old), &mut kicked, &ground, dt);
    assert_eq!(state_hash(&plain), state_hash(&kicked));
    assert!(
        plain.chassis.linear_velocity_world.length() > 0.0,
        "it settles"
    );
}
