//! After a substep's integration: each tyre's carcass deflections follow the body's motion at
//! its contact over the substep, at the end-of-substep velocity the integration gave
//! ([`crate::tire::transient::follow_body`]; the energy balance per substep is in
//! `crate::tire::contact::patch`'s module docs, "The patch and the body per substep").
//!
//! The grip stage advanced `u`, `v` with the contact's velocity at the substep's start, `V`
//! (the body's end velocity was not known yet); the body then moved with its end velocity
//! `V'` (symplectic Euler). Adding `−h·(V'_x − V_x)`, `+h·(V'_y − V_y)` leaves the
//! deflections at the displacement the body really made, so the state's deflection and the
//! body's pose belong to the same instant: a tyre holding a car on a grade gains no energy
//! from the lag (the kart nearly at rest, `tests/energy_audit/kicks.rs`).

use crate::chassis::{ChassisParams, ChassisState};
use crate::state::VehicleState;
use crate::tire::transient::follow_body;

/// Re-advance every wheel's carcass deflections in contact by the body's velocity change at
/// its contact over the substep of `h` (s) that moved the chassis from `start` to
/// `s.chassis`: `ΔV = Δv + Δω × (p − c)` (m/s, world; `p` the contact point, `c` the centre
/// of mass at the substep's start), in the tyre's axes the grip stage used
/// (`WheelState::tire_long_world`, `tire_lat_world`). A wheel off the ground has no patch
/// (its deflections are 0) and is skipped.
/// A host that integrates the body itself with the core's integrator between substeps calls
/// this after each substep, as [`super::predict_substep`] does.
#[inline]
pub fn follow_patches(p: &ChassisParams, s: &mut VehicleState, start: &ChassisState, h: f64) {
    let dv = s.chassis.linear_velocity_world - start.linear_velocity_world;
    let dw = s.chassis.angular_velocity_world - start.angular_velocity_world;
    let com = start.com_world(p);
    for w in s.wheels.iter_mut() {
        if !w.suspension.in_contact {
            continue;
        }
        let d = dv + dw.cross(w.contact_point_world - com);
        follow_body(
            &mut w.tire.transient,
            d.dot(w.tire_long_world),
            d.dot(w.tire_lat_world),
            h,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DVec3;

    #[test]
    fn each_wheel_in_contact_follows_its_contact_velocity_change() {
        // The kart's state, its centre of mass c at the start pose; over h = 0.01 s the body's
        // velocity changes by Δv = (0.1, 0, 0) m/s and Δω = (0, 0, 0.2) rad/s. Wheel 0 in
        // contact 1 m ahead of and 0.5 m left of c, tyre axes x and y: ΔV = Δv + Δω × r =
        // (0.1 − 0.2·0.5, 0.2·1, 0) = (0, 0.2, 0) m/s, so u stays 4 mm and v goes from −10 mm
        // to −10 + 0.01·0.2·1000 = −8 mm. Wheel 1, off the ground, is skipped (its (1, 2) mm kept).
        let v = crate::vehicle::Vehicle::new(crate::presets::kart()).unwrap();
        let p = &v.params().chassis;
        let mut s = v.state().clone();
        let start = s.chassis;
        let c = start.com_world(p);
        s.chassis.linear_velocity_world += DVec3::new(0.1, 0.0, 0.0);
        s.chassis.angular_velocity_world += DVec3::new(0.0, 0.0, 0.2);
        for (i, w) in s.wheels.iter_mut().enumerate() {
            w.suspension.in_contact = i == 0;
            w.contact_point_world = c + DVec3::new(1.0, 0.5, 0.0);
            (w.tire_long_world, w.tire_lat_world) = (DVec3::X, DVec3::Y);
            (w.tire.transient.u, w.tire.transient.v) = if i == 0 {
                (0.004, -0.01)
            } else {
                (0.001, 0.002)
            };
        }
        follow_patches(p, &mut s, &start, 0.01);
        let t = s.wheels[0].tire.transient;
        assert!((t.u - 0.004).abs() < 1e-15, "{} m", t.u);
        assert!((t.v + 0.008).abs() < 1e-15, "{} m", t.v);
        assert_eq!(
            (s.wheels[1].tire.transient.u, s.wheels[1].tire.transient.v),
            (0.001, 0.002)
        );
    }
}
