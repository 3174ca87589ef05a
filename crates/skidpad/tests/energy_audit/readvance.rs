//! A prototype, measurement only (`AUDIT_READVANCE=1`): the standalone step (kicks off) with
//! each tyre's carcass deflections re-advanced after the substep's integration by the
//! contact's velocity change, `u −= A_x·h·ΔV_x`, `v += A_y·h·ΔV_y` (`ΔV` the body point's
//! velocity change over the substep at the contact, in the tyre frame; `A` the substep's
//! relaxation factors): the deflection then follows the body's displacement at the end of
//! the substep (`kicks.rs`'s module docs, "the body-synchronous patch"). Not the core's step.

use skidpad::chassis::integrate;
use skidpad::ground::Ground;
use skidpad::pipeline::{
    SubstepForces, apply_position_correction, compute_forces_into, impact_stage, integrate_substep,
    substeps_for_step,
};
use skidpad::vehicle::Vehicle;
use skidpad::DVec3;

/// Whether the audit steps with [`step`] (`AUDIT_READVANCE` set).
pub fn on() -> bool {
    std::env::var("AUDIT_READVANCE").is_ok()
}

/// One standalone step of `dt` (the order of `skidpad::pipeline::run_substeps`, no kick) with
/// the deflections re-advanced after every substep.
pub fn step(v: &mut Vehicle, dt: f64, ground: &dyn Ground) {
    let (p, d, controls, s) = v.parts_mut();
    let n = substeps_for_step(p, d, s, dt);
    let h = dt / n as f64;
    let v0 = s.chassis.linear_velocity_world;
    let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
    for w in s.wheels.iter_mut() {
        w.drive_work = 0.0;
    }
    for _ in 0..n {
        let mut forces = SubstepForces::default();
        compute_forces_into(p, d, controls, s, ground, h, &mut forces);
        let start = s.chassis;
        integrate(&p.chassis, &mut s.chassis, &forces.total, gravity, h);
        if let Some(fix) = impact_stage(p, s, ground, &start, &mut forces, h) {
            s.chassis = start;
            let j = forces.impulse;
            integrate_substep(&p.chassis, &mut s.chassis, &forces.total, &j, gravity, h);
            apply_position_correction(p, &mut s.chassis, fix, h);
        }
        let end = s.chassis;
        let mode = std::env::var("AUDIT_READVANCE").unwrap_or_default();
        let hook = mode != "0";
        for (i, wp) in p.wheels.iter().enumerate() {
            let ws = &mut s.wheels[i];
            if !hook || !ws.suspension.in_contact || ws.tire_long_world == DVec3::ZERO {
                continue;
            }
            let at = ws.contact_point_world;
            let at_end = end.pose.transform_point(start.pose.inverse_transform_point(at));
            let vs = start.point_velocity(&p.chassis, at) - ws.surface_velocity_world;
            let dv = end.point_velocity(&p.chassis, at_end) - ws.surface_velocity_world - vs;
            let r = &wp.tire.relaxation;
            let vx = vs.dot(ws.tire_long_world).abs();
            let (ax, ay) = if mode == "a1" {
                (1.0, 1.0)
            } else {
                (
                    1.0 / (1.0 + h * vx / r.longitudinal_length),
                    1.0 / (1.0 + h * vx / r.lateral_length),
                )
            };
            let t = &mut ws.tire.transient;
            t.u -= ax * h * dv.dot(ws.tire_long_world);
            t.v += ay * h * dv.dot(ws.tire_lat_world);
        }
    }
    s.acceleration_world = (s.chassis.linear_velocity_world - v0) / dt - gravity;
    s.time += dt;
}
