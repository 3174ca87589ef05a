//! The stage systems: one fixed step of the hosted vehicle, split over the
//! [`GroundVehicleSystems`](crate::GroundVehicleSystems) sets (the table is in the crate docs).
//!
//! Together they run exactly the core's hosted step with one substep
//! (`skidpad::pipeline::step_hosted` for `n = 1`): the chassis state from Avian, stages 1–9,
//! the vehicle's own prediction of the body with the core's integrator (gravity included) and
//! the end-stop stage 10b, then the step's acceleration and time. Avian then integrates the
//! body with the step's wrench. Nothing here allocates per step except a warning log on a
//! rejected intent.

use crate::components::{GroundVehicle, GroundVehicleWheel, GroundVehicleWheelState, StepScratch};
use crate::frame::{pose_to_core, to_bevy, to_core};
use crate::ground::{AvianGround, BodyVelocity};
use avian3d::prelude::*;
use bevy::ecs::system::SystemParam;
use bevy::math::DVec3;
use bevy::prelude::*;
use skidpad::chassis::{ChassisState, integrate};
use skidpad::pipeline::{
    aero_stage, assemble, contact_stage, end_stop_stage, grip_stage, input_stage, powertrain_stage,
    stability_stage, steering_stage, suspension_stage,
};

/// What a stage needs to build an [`AvianGround`].
#[derive(SystemParam)]
pub(crate) struct GroundParams<'w, 's> {
    spatial: SpatialQuery<'w, 's>,
    colliders: Query<'w, 's, &'static ColliderOf>,
    surfaces: Query<'w, 's, &'static crate::components::GroundVehicleSurface>,
    bodies: BodyVelocity<'w, 's>,
}

impl GroundParams<'_, '_> {
    /// Run `f` with the ground of vehicle `chassis` and the vehicle's parts.
    fn with<R>(
        &self,
        chassis: Entity,
        gv: &mut GroundVehicle,
        f: impl FnOnce(&AvianGround, &mut skidpad::Vehicle, &mut StepScratch) -> R,
    ) -> R {
        let GroundVehicle {
            vehicle,
            step,
            probe,
            ..
        } = gv;
        let ground = AvianGround {
            spatial: &self.spatial,
            colliders: &self.colliders,
            surfaces: &self.surfaces,
            bodies: &self.bodies,
            chassis,
            filter: &probe.filter,
            balls: &probe.balls,
        };
        f(&ground, vehicle, step)
    }
}

/// The chassis' Avian state.
type Body = (
    &'static Position,
    &'static Rotation,
    &'static LinearVelocity,
    &'static AngularVelocity,
);

/// InputAdaptation: the body's state from Avian (the hosted step's start), the intent, then
/// stage 1 (input) and stage 2 (steering: road-wheel angles, toe, camber — before the probes,
/// which sweep the wheel as steered, as in the core).
pub(crate) fn input_adaptation(
    time: Res<Time>,
    mut q: Query<(
        Entity,
        &mut GroundVehicle,
        &crate::components::VehicleIntent,
        Body,
    )>,
) {
    let dt = time.delta_secs_f64();
    for (e, mut gv, intent, (pos, rot, v, w)) in &mut q {
        let GroundVehicle { vehicle, step, .. } = &mut *gv;
        step.dt = if dt.is_finite() && dt > 0.0 { dt } else { 0.0 };
        if step.dt == 0.0 {
            continue;
        }
        if let Err(err) = vehicle.set_intent(intent.to_core()) {
            warn!("{e}: VehicleIntent rejected, previous intent kept: {err}");
        }
        let (p, d, c, s) = vehicle.parts_mut();
        s.chassis = ChassisState {
            pose: pose_to_core(pos.0, rot.0),
            linear_velocity_world: to_core(v.0),
            angular_velocity_world: to_core(w.0),
        };
        step.v0 = s.chassis.linear_velocity_world;
        step.com0 = s.chassis.com_world(&p.chassis);
        step.pose0 = s.chassis.pose;
        step.intent = input_stage(p, c, s, dt);
        steering_stage(p, d, c, &step.intent, s, dt);
    }
}

/// Suspension: stage 3 (the wheel probes through Avian's spatial queries) and stage 4 (jounce,
/// anti-roll bars, spring, damper and bump-stop forces).
pub(crate) fn suspension(ground: GroundParams, mut q: Query<(Entity, &mut GroundVehicle)>) {
    for (e, mut gv) in &mut q {
        ground.with(e, &mut gv, |g, vehicle, step| {
            if step.dt > 0.0 {
                let (p, d, _, s) = vehicle.parts_mut();
                contact_stage(p, d, s, g);
                suspension_stage(p, d, s, step.dt);
            }
        });
    }
}

/// Steering: publishes the road-wheel angles stage 2 computed (with toe) to the wheel
/// components. No core stage runs here: the core computes the angles before the probes.
pub(crate) fn steering(
    vehicles: Query<&GroundVehicle>,
    mut wheels: Query<(&GroundVehicleWheel, &mut GroundVehicleWheelState)>,
) {
    for (w, mut ws) in &mut wheels {
        if let Ok(gv) = vehicles.get(w.chassis)
            && let Some(s) = gv.vehicle.state().wheels().get(w.index)
        {
            ws.steer = s.steer;
        }
    }
}

/// Powertrain: stage 5 (gears, aids, brake bias, per-wheel torques, engine term).
pub(crate) fn powertrain(mut q: Query<&mut GroundVehicle>) {
    for mut gv in &mut q {
        let GroundVehicle { vehicle, step, .. } = &mut *gv;
        if step.dt > 0.0 {
            let (p, d, c, s) = vehicle.parts_mut();
            step.prep = powertrain_stage(p, d, c, &step.intent, s, step.dt);
        }
    }
}

/// Grip: stage 6 (normal loads, tyre forces, wheel spin, the coupled engine solve).
pub(crate) fn grip(ground: GroundParams, mut q: Query<(Entity, &mut GroundVehicle)>) {
    for (e, mut gv) in &mut q {
        ground.with(e, &mut gv, |g, vehicle, step| {
            if step.dt > 0.0 {
                let (p, d, _, s) = vehicle.parts_mut();
                grip_stage(p, d, &step.prep, s, g, step.dt);
            }
        });
    }
}

/// Stability: stage 7 (aero), 9 (the point forces and their wrench), 8 (body-attitude and
/// helper torques, which need that wrench), then the vehicle's own prediction of the body
/// (the core's integrator, gravity included) with the end stops of stage 10b, whose impulses
/// join the wrench; the step's acceleration (gravity excluded) and time.
pub(crate) fn stability(ground: GroundParams, mut q: Query<(Entity, &mut GroundVehicle)>) {
    for (e, mut gv) in &mut q {
        ground.with(e, &mut gv, |g, vehicle, step| {
            let h = step.dt;
            if h <= 0.0 {
                return;
            }
            let (p, d, _, s) = vehicle.parts_mut();
            let aero = aero_stage(p, s);
            let mut forces = assemble(p, s, step.prep.coupled, &aero);
            stability_stage(p, d, s, &mut forces, h);
            let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
            let start = s.chassis;
            integrate(&p.chassis, &mut s.chassis, &forces.total, gravity, h);
            if end_stop_stage(p, s, g, &start, &mut forces, h) {
                s.chassis = start;
                integrate(&p.chassis, &mut s.chassis, &forces.total, gravity, h);
            }
            s.acceleration_world = (s.chassis.linear_velocity_world - step.v0) / h - gravity;
            s.time += h;
            step.forces = forces;
        });
    }
}

/// Stability, last: the step's forces on the Avian body — each point force at its point, the
/// pure torques, and what is left of the wrench (the end-stop impulses over the step) at the
/// centre of mass. Their sum is the core's wrench about the centre of mass.
pub(crate) fn apply_forces(mut q: Query<(&GroundVehicle, Forces)>) {
    for (gv, mut body) in &mut q {
        if gv.step.dt <= 0.0 {
            continue;
        }
        let f = &gv.step.forces;
        let com = gv.step.com0;
        let (mut force, mut torque) = (DVec3::ZERO, f.torque_world);
        for a in f.point_forces() {
            body.apply_force_at_point(to_bevy(a.force_world), to_bevy(a.point_world));
            force += a.force_world;
            torque += (a.point_world - com).cross(a.force_world);
        }
        body.apply_torque(to_bevy(f.torque_world));
        body.apply_force(to_bevy(f.total.force - force));
        body.apply_torque(to_bevy(f.total.torque - torque));
    }
}
