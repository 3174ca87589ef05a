//! Rollover: the sedan driven with its left wheels onto a one-sided ramp.

use super::*;

/// Rollover ramp: slope, length, width, and where it starts ahead of the car. Units: rad, m.
const RAMP_SLOPE_DEG: f64 = 20.0;
const RAMP_LENGTH: f64 = 6.0;
const RAMP_WIDTH: f64 = 1.2;
const RAMP_START: f64 = 6.0;
/// Rollover entry speed. Unit: m/s.
const ROLLOVER_SPEED: f64 = 12.0;

/// A one-sided ramp under the left wheels (core +y is Bevy −x): a static box `RAMP_WIDTH`
/// wide, 0.2 m thick, `RAMP_LENGTH` long, tilted about Bevy x so that its top face rises from
/// y = 0 at z = −`RAMP_START` to `RAMP_LENGTH · sin(slope)` = 2.05 m at its far end.
fn ramp_ground(world: &mut bevy::prelude::World) {
    flat(world);
    let th = RAMP_SLOPE_DEG.to_radians();
    let (half_t, half_l) = (0.1, RAMP_LENGTH / 2.0);
    // The top face's near edge, local (0, half_t, half_l), lands on (x, 0, −RAMP_START).
    let rot = DQuat::from_rotation_x(th);
    let edge = rot * DVec3::new(0.0, half_t, half_l);
    let at = DVec3::new(-0.9, 0.0, -RAMP_START) - DVec3::new(0.0, edge.y, edge.z);
    world.spawn((
        RigidBody::Static,
        Collider::cuboid(RAMP_WIDTH, 2.0 * half_t, RAMP_LENGTH),
        Position(at),
        Rotation(rot),
        Transform::from_translation(at.as_vec3()).with_rotation(rot.as_quat()),
    ));
}

/// Rollover: the sedan coasts at 12 m/s (no throttle, no brake: the drive does no work) with
/// its left wheels onto a 20° one-sided ramp. It rolls over (its up axis passes 90° from
/// the world's; it comes to rest on its roof), leaves the ground (`VehicleAirborne`), and its
/// mechanical energy (body translation and rotation, potential, wheel spin) is never above
/// its value at the start + the drive's work (0) + 1 J (the rounding of ~1e5 J sums and
/// Avian's `f32` mass properties); no step fault.
pub fn rollover() -> Outcome {
    let mut o = Outcome::new("rollover");
    let p = presets::sedan();
    let r = p.wheels[0].radius;
    let mut run = Run::new(ramp_ground, p, r);
    run.intent(braked());
    for _ in 0..SETTLE {
        run.step();
    }
    run.intent(VehicleIntent::default());
    run.set_velocity(DVec3::new(ROLLOVER_SPEED, 0.0, 0.0), DVec3::ZERO);
    let e0 = run.energy();
    let (mut gain, mut tilt) = (f64::MIN, 0.0_f64);
    let (mut airborne, mut landed) = (0, 0);
    for _ in 0..360 {
        run.step();
        let e = run.energy() - e0;
        gain = gain.max(e);
        let up = run.body().pose.rotation * DVec3::Z;
        tilt = tilt.max(up.z.clamp(-1.0, 1.0).acos());
        airborne += run.messages::<VehicleAirborne>().len();
        landed += run.messages::<VehicleLanded>().len();
    }
    o.value("start_energy_j", e0);
    o.value("max_energy_gain_j", gain);
    o.value("max_tilt_deg", tilt.to_degrees());
    o.value("airborne_messages", airborne as f64);
    o.value("landed_messages", landed as f64);
    o.check(
        "rolled over: max tilt > 90°",
        tilt > std::f64::consts::FRAC_PI_2,
    );
    o.check("left the ground: a VehicleAirborne message", airborne >= 1);
    o.check("max(E − E₀) ≤ drive work (0) + 1 J", gain <= 1.0);
    o.check("no step fault", !run.faulted());
    o
}
