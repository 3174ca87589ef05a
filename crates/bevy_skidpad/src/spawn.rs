//! Spawning a vehicle (chassis body, collider, mass properties, wheel probes) in one call.

use crate::components::{GroundVehicle, GroundVehicleWheel};
use crate::frame::{to_bevy, to_core};
use avian3d::prelude::*;
use bevy::math::{DQuat, DVec3};
use bevy::prelude::*;
use skidpad::ParamError;
use skidpad::vehicle::{Vehicle, VehicleParams};

/// What [`spawn_vehicle`] created.
#[derive(Debug, Clone, PartialEq)]
pub struct SpawnedVehicle {
    /// The chassis (rigid body with [`GroundVehicle`]).
    pub chassis: Entity,
    /// The wheel probes, in the vehicle's wheel order (children of the chassis).
    pub wheels: Vec<Entity>,
}

/// Spawn `params` as a chassis at `at` (the vehicle frame: origin at the wheel centres' design
/// height, local −z forward, +y up) with one [`GroundVehicleWheel`] probe per wheel.
///
/// The chassis gets Avian's dynamic body (no damping, no sleeping), the mass, inertia tensor
/// and centre of mass of `params.chassis` (automatic mass from colliders off), and a stand-in
/// collider: a box over the wheelbase and track from 0.05 m above the wheel centres to 0.85 m,
/// so it never touches flat ground on its wheels (insert your own `Collider` to replace it).
///
/// # Errors
/// The params' first [`ParamError`] (field path and rule); nothing is spawned then.
pub fn spawn_vehicle(
    commands: &mut Commands,
    params: VehicleParams,
    at: Transform,
) -> Result<SpawnedVehicle, ParamError> {
    spawn_ground_vehicle(commands, GroundVehicle::new(params)?, at)
}

/// [`spawn_vehicle`] for one more vehicle of `prototype`'s type: a fresh vehicle
/// ([`Vehicle::fresh`]: at rest, controls released) sharing the prototype's parameters, so a
/// hundred cars of one type hold one copy of them.
///
/// # Errors
/// The chassis' mass properties cannot be given to Avian (see [`spawn_vehicle`]).
pub fn spawn_vehicle_of(
    commands: &mut Commands,
    prototype: &Vehicle,
    at: Transform,
) -> Result<SpawnedVehicle, ParamError> {
    spawn_ground_vehicle(commands, GroundVehicle::from_vehicle(prototype.fresh()), at)
}

/// The body, collider and wheel probes of [`spawn_vehicle`] around a built vehicle.
fn spawn_ground_vehicle(
    commands: &mut Commands,
    gv: GroundVehicle,
    at: Transform,
) -> Result<SpawnedVehicle, ParamError> {
    let collider = stand_in_collider(gv.vehicle().params());
    let (mass, inertia, com) = gv.mass_properties()?;
    let wheels: Vec<GroundVehicleWheel> = gv
        .vehicle()
        .params()
        .wheels
        .iter()
        .enumerate()
        .map(|(index, w)| GroundVehicleWheel {
            chassis: Entity::PLACEHOLDER,
            index,
            mount_point: to_bevy(w.position),
            radius: w.radius,
        })
        .collect();
    let chassis = commands
        .spawn((
            gv,
            collider,
            mass,
            inertia,
            com,
            at,
            Position(at.translation.as_dvec3()),
            Rotation(at.rotation.as_dquat()),
        ))
        .id();
    let wheels = wheels
        .into_iter()
        .map(|w| {
            let t = Transform::from_translation(w.mount_point.as_vec3());
            let w = GroundVehicleWheel { chassis, ..w };
            commands.spawn((w, t, ChildOf(chassis))).id()
        })
        .collect();
    Ok(SpawnedVehicle { chassis, wheels })
}

/// The box of [`spawn_vehicle`]: x and z over the wheels ± radius, y over the track, from
/// 0.05 m to 0.85 m above the wheel centres (core axes, then mapped).
fn stand_in_collider(p: &VehicleParams) -> Collider {
    let (mut lo, mut hi) = (DVec3::splat(f64::MAX), DVec3::splat(f64::MIN));
    for w in &p.wheels {
        let r = DVec3::new(w.radius, 0.0, 0.0);
        lo = lo.min(w.position - r);
        hi = hi.max(w.position + r);
    }
    if p.wheels.is_empty() {
        (lo, hi) = (DVec3::splat(-0.5), DVec3::splat(0.5));
    }
    let (z0, z1) = (hi.z + 0.05, hi.z + 0.85);
    let half_core = DVec3::new(
        ((hi.x - lo.x) / 2.0).max(0.1),
        ((hi.y - lo.y) / 2.0).max(0.1),
        (z1 - z0) / 2.0,
    );
    let centre = DVec3::new((hi.x + lo.x) / 2.0, (hi.y + lo.y) / 2.0, (z0 + z1) / 2.0);
    let size = to_bevy(half_core * 2.0).abs();
    Collider::compound(vec![(
        Position(to_bevy(centre)),
        Rotation(DQuat::IDENTITY),
        Collider::cuboid(size.x, size.y, size.z),
    )])
}

/// Give a spawned vehicle a velocity (Bevy axes, world frame; `linear` of the centre of mass):
/// the Avian body's velocities and the core's (its wheels then roll without slip, as
/// `Vehicle::set_velocity`).
pub fn set_vehicle_velocity(
    vehicle: &mut GroundVehicle,
    body_linear: &mut LinearVelocity,
    body_angular: &mut AngularVelocity,
    linear: DVec3,
    angular: DVec3,
) {
    body_linear.0 = linear;
    body_angular.0 = angular;
    vehicle
        .vehicle_mut()
        .set_velocity(to_core(linear), to_core(angular));
}
