//! The stage systems: one fixed step of the hosted vehicle, split over the
//! [`GroundVehicleSystems`](crate::GroundVehicleSystems) sets (the table is in the crate docs).
//!
//! Together they run exactly the core's hosted step (`skidpad::pipeline::step_hosted`, what
//! `Vehicle::try_step_hosted` runs): the chassis state from Avian, the step's substep count
//! (`pipeline::substeps_for_step`: `sim.substeps_*` at the body's speed, raised to the
//! stability bound), the first substep's stages 1–9 spread over the sets, every further
//! substep whole in Stability (`pipeline::compute_forces`), after each substep the vehicle's
//! own prediction of the body with the end stops (`pipeline::predict_substep`), then the mean
//! wrench, the step's acceleration and time, and the core's fault check
//! (`Vehicle::finish_hosted_step`). Avian then integrates the body with the mean wrench.
//! Nothing here allocates per step except a log line on a rejected intent or a fault.

use crate::components::{GroundVehicle, GroundVehicleWheel, GroundVehicleWheelState, StepScratch};
use crate::frame::{pose_to_bevy, pose_to_core, to_bevy, to_core};
use crate::ground::{AvianGround, BodyVelocity};
use avian3d::prelude::*;
use bevy::ecs::system::SystemParam;
use bevy::math::DVec3;
use bevy::prelude::*;
use skidpad::chassis::ChassisState;
use skidpad::pipeline::{
    ChassisForces, aero_stage, assemble, compute_forces, grip_stage, input_stage, powertrain_stage,
    predict_substep, stability_stage, steering_stage, substeps_for_step, suspension_stage,
};
use skidpad::wheel;

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
            hit_body: Default::default(),
        };
        f(&ground, vehicle, step)
    }
}

/// The chassis' Avian state (writable: a non-finite body is put back, see
/// [`input_adaptation`]).
type Body = (
    &'static mut Position,
    &'static mut Rotation,
    &'static mut LinearVelocity,
    &'static mut AngularVelocity,
);

/// InputAdaptation: the body's state from Avian (the hosted step's start), the step's substep
/// count, the intent, then the first substep's stage 1 (input) and stage 2 (steering:
/// road-wheel angles, toe, camber — before the probes, which sweep the wheel as steered, as in
/// the core).
///
/// A faulted vehicle takes no step. A non-finite Avian body (NaN or ±∞ in its position,
/// rotation or velocities) is a fault of the step's chassis channel
/// (`Vehicle::finish_hosted_step`), and the body is put back to the vehicle's last finite
/// chassis state before Avian integrates it.
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
    for (e, mut gv, intent, (mut pos, mut rot, mut v, mut w)) in &mut q {
        let GroundVehicle { vehicle, step, .. } = &mut *gv;
        step.dt = 0.0;
        let body = ChassisState {
            pose: pose_to_core(pos.0, rot.0),
            linear_velocity_world: to_core(v.0),
            angular_velocity_world: to_core(w.0),
        };
        let body_finite = body.pose.translation.is_finite()
            && body.pose.rotation.is_finite()
            && body.linear_velocity_world.is_finite()
            && body.angular_velocity_world.is_finite();
        if !body_finite {
            if vehicle.fault().is_none() {
                let before = vehicle.state().clone();
                vehicle.parts_mut().3.chassis = body;
                if let Err(f) = vehicle.finish_hosted_step(&before, &ChassisForces::default()) {
                    error!("{e}: vehicle stopped by a step fault: {f}");
                    step.new_fault = Some(f);
                }
            }
            let last = vehicle.state().chassis;
            let (t, r) = pose_to_bevy(&last.pose);
            pos.0 = t;
            rot.0 = r;
            v.0 = to_bevy(last.linear_velocity_world);
            w.0 = to_bevy(last.angular_velocity_world);
            continue;
        }
        if !(dt.is_finite() && dt > 0.0) || vehicle.fault().is_some() {
            continue;
        }
        if let Err(err) = vehicle.set_intent(intent.to_core()) {
            warn!("{e}: VehicleIntent rejected, previous intent kept: {err}");
        }
        step.before.clone_from(vehicle.state());
        let (p, d, c, s) = vehicle.parts_mut();
        s.chassis = body;
        step.dt = dt;
        step.substeps = substeps_for_step(p, d, s, dt);
        step.h = dt / step.substeps as f64;
        if dt > d.max_substep && !step.warned_dt {
            step.warned_dt = true;
            warn!(
                "{e}: fixed step {dt:.4} s is longer than the vehicle's stable step {:.4} s \
                 (Derived::max_substep): Avian integrates the body once per fixed step, so run \
                 the fixed schedule at {:.0} Hz or faster",
                d.max_substep,
                (1.0 / d.max_substep).ceil()
            );
        }
        step.v0 = s.chassis.linear_velocity_world;
        step.com0 = s.chassis.com_world(&p.chassis);
        step.pose0 = s.chassis.pose;
        step.intent = input_stage(p, c, s, step.h);
        steering_stage(p, d, c, &step.intent, s, step.h);
    }
}

/// Suspension: the first substep's stage 3 (the wheel probes through Avian's spatial queries,
/// `wheel::query_ground` wheel by wheel as `pipeline::contact_stage` does, noting the rigid
/// body each wheel stands on) and stage 4 (jounce, anti-roll bars, spring, damper and
/// bump-stop forces).
pub(crate) fn suspension(ground: GroundParams, mut q: Query<(Entity, &mut GroundVehicle)>) {
    for (e, mut gv) in &mut q {
        ground.with(e, &mut gv, |g, vehicle, step| {
            if step.dt <= 0.0 {
                return;
            }
            let (p, d, _, s) = vehicle.parts_mut();
            let pose = s.chassis.pose;
            step.under = [None; skidpad::MAX_WHEELS];
            for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
                g.set_hit_body(None);
                wheel::query_ground(wp, &p.contact, d.side[i], &pose, g, &mut s.wheels[i]);
                if s.wheels[i].measured_jounce.is_some() {
                    step.under[i] = g.last_hit_body();
                }
            }
            suspension_stage(p, d, s, step.h);
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

/// Powertrain: the first substep's stage 5 (gears, aids, brake bias, per-wheel torques, engine
/// term).
pub(crate) fn powertrain(mut q: Query<&mut GroundVehicle>) {
    for mut gv in &mut q {
        let GroundVehicle { vehicle, step, .. } = &mut *gv;
        if step.dt > 0.0 {
            let (p, d, c, s) = vehicle.parts_mut();
            step.prep = powertrain_stage(p, d, c, &step.intent, s, step.h);
        }
    }
}

/// Grip: the first substep's stage 6 (normal loads, tyre forces, wheel spin, the coupled
/// engine solve).
pub(crate) fn grip(ground: GroundParams, mut q: Query<(Entity, &mut GroundVehicle)>) {
    for (e, mut gv) in &mut q {
        ground.with(e, &mut gv, |g, vehicle, step| {
            if step.dt > 0.0 {
                let (p, d, _, s) = vehicle.parts_mut();
                grip_stage(p, d, &step.prep, s, g, step.h);
            }
        });
    }
}

/// Add each grounded wheel's force on what it stands on (minus its force on the chassis:
/// `n·N + F_tyre`, with the end-stop share of `N`) to the step's reaction sums.
fn add_reactions(
    p: &skidpad::VehicleParams,
    s: &skidpad::vehicle::VehicleState,
    step: &mut StepScratch,
) {
    for (i, w) in s.wheels().iter().enumerate() {
        if p.wheels[i].enabled && w.suspension.in_contact {
            let f = w.contact_normal_world * w.normal_load + w.tire_force_world;
            step.reactions[i].0 -= f;
            step.reactions[i].1 = w.contact_point_world;
        }
    }
}

/// Stability: the first substep's stage 7 (aero), 9 (the point forces and their wrench) and 8
/// (body-attitude and helper torques, which need that wrench), the vehicle's own prediction of
/// the body with the end stops (stage 10b); then the step's other substeps whole; the mean
/// wrench, the step's acceleration (gravity excluded) and time; the core's fault check. A
/// faulted step is undone (the vehicle keeps its state from before the step) and gives the
/// body no force.
pub(crate) fn stability(ground: GroundParams, mut q: Query<(Entity, &mut GroundVehicle)>) {
    for (e, mut gv) in &mut q {
        ground.with(e, &mut gv, |g, vehicle, step| {
            let h = step.h;
            if step.dt <= 0.0 {
                return;
            }
            let (p, d, c, s) = vehicle.parts_mut();
            let mut out = ChassisForces::default();
            step.reactions = [(DVec3::ZERO, DVec3::ZERO); skidpad::MAX_WHEELS];
            for k in 0..step.substeps {
                let mut forces = if k == 0 {
                    let aero = aero_stage(p, s);
                    let mut f = assemble(p, s, step.prep.coupled, &aero);
                    stability_stage(p, d, s, &mut f, h);
                    f
                } else {
                    compute_forces(p, d, c, s, g, h)
                };
                predict_substep(p, s, g, &mut forces, h);
                out.add_substep(k, &forces);
                add_reactions(p, s, step);
            }
            out.finish_substeps();
            let n = step.substeps as f64;
            for r in &mut step.reactions {
                r.0 /= n;
            }
            let gravity = DVec3::new(0.0, 0.0, -p.sim.gravity);
            s.acceleration_world = (s.chassis.linear_velocity_world - step.v0) / step.dt - gravity;
            s.time += step.dt;
            match vehicle.finish_hosted_step(&step.before, &out) {
                Ok(()) => step.forces = out,
                Err(f) => {
                    error!("{e}: vehicle stopped by a step fault: {f}");
                    step.new_fault = Some(f);
                    step.forces = ChassisForces::default();
                    step.dt = 0.0;
                }
            }
        });
    }
}

/// Stability, after [`stability`]: the step's forces on the Avian body — the last substep's
/// point forces at their points, the pure torques, and what is left of the mean wrench (the
/// end-stop impulses, the other substeps' differences) at the centre of mass. Their sum is the
/// core's mean wrench about the centre of mass.
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

/// Stability, last: equal and opposite forces on the dynamic bodies the wheels stand on — each
/// grounded wheel's mean force over the step, reversed, at its contact point. Static and
/// kinematic bodies take none; nor do other vehicles' chassis (the probes do not see them as
/// moving ground, see [`crate::ground`]). Aero forces and the core's pure torques (body-roll
/// model, stability helpers) have no reaction body.
pub(crate) fn apply_reactions(
    vehicles: Query<&GroundVehicle>,
    mut bodies: Query<(Forces, &RigidBody), Without<GroundVehicle>>,
) {
    for gv in &vehicles {
        if gv.step.dt <= 0.0 {
            continue;
        }
        for (under, (force, point)) in gv.step.under.iter().zip(&gv.step.reactions) {
            let Some(b) = under else { continue };
            if let Ok((mut body, rb)) = bodies.get_mut(*b)
                && rb.is_dynamic()
            {
                body.apply_force_at_point(to_bevy(*force), to_bevy(*point));
            }
        }
    }
}
