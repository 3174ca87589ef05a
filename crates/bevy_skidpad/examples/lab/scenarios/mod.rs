//! The lab's scenarios, shared by the `lab` example and `tests/lab.rs`: each runs headless in
//! the ECS (`MinimalPlugins` + Avian, 60 Hz fixed step, manual time), checks telemetry and
//! messages against a hand-worked bound or the core's standalone world, and returns an
//! [`Outcome`] (values and named checks, as JSON).
//!
//! Axes: the ECS in Bevy's y-up (a car spawned heading −z), the core in ISO 8855 z-up (+x
//! forward, +y left); `bevy_skidpad::frame` maps between them. Energies in J, speeds in m/s.
//!
//! The harness (apps, runs, outcomes) is here; the scenarios by kind in [`straight`] (launch,
//! brake, jump), [`turning`] (circle, split-µ, tank pivot) and [`rollover`].

#[cfg(feature = "render")]
pub mod render;
mod rollover;
mod straight;
mod turning;

pub use rollover::rollover;
pub use straight::{brake, jump, launch};
pub use turning::{circle, split_mu, tank_pivot};

use avian3d::prelude::*;
use bevy::math::{DQuat, DVec3};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_skidpad::frame::{pose_to_core, to_bevy, to_core};
use bevy_skidpad::prelude::*;
use serde_json::{Map, Value, json};
use skidpad::chassis::ChassisState;
use skidpad::ground::terrain::{Patched, SurfacePatch};
use skidpad::ground::{Ground, Plane, SurfaceId};
use skidpad::{Pose, presets};
use std::time::Duration;

/// The fixed step. Unit: s.
pub const DT: f64 = 1.0 / 60.0;
/// Gravity, Avian's and the core's. Unit: m/s².
pub const G: f64 = 9.81;

/// One named check of a scenario.
#[derive(Debug, Clone)]
pub struct Check {
    /// What was compared, with the bound.
    pub what: String,
    /// It held.
    pub pass: bool,
}

/// A scenario's result: measured values (SI, the unit in the key) and checks.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Scenario name.
    pub name: &'static str,
    /// Measured values.
    pub values: Vec<(&'static str, f64)>,
    /// The checks.
    pub checks: Vec<Check>,
}

impl Outcome {
    fn new(name: &'static str) -> Self {
        Self {
            name,
            values: Vec::new(),
            checks: Vec::new(),
        }
    }

    fn value(&mut self, key: &'static str, v: f64) {
        self.values.push((key, v));
    }

    fn check(&mut self, what: impl Into<String>, pass: bool) {
        self.checks.push(Check {
            what: what.into(),
            pass,
        });
    }

    /// Every check held (and there is at least one).
    pub fn pass(&self) -> bool {
        !self.checks.is_empty() && self.checks.iter().all(|c| c.pass)
    }

    /// The result as JSON: `{"scenario", "pass", "values": {..}, "checks": [{"what", "pass"}]}`
    /// (a non-finite value is `null`).
    pub fn json(&self) -> Value {
        let values: Map<String, Value> = self
            .values
            .iter()
            .map(|(k, v)| ((*k).to_string(), json!(v)))
            .collect();
        let checks: Vec<Value> = self
            .checks
            .iter()
            .map(|c| json!({"what": c.what, "pass": c.pass}))
            .collect();
        json!({"scenario": self.name, "pass": self.pass(), "values": values, "checks": checks})
    }
}

/// A scenario: runs and checks itself.
pub type Scenario = fn() -> Outcome;

/// Every scenario, in the lab's order.
pub const SCENARIOS: [(&str, Scenario); 7] = [
    ("launch", launch),
    ("brake", brake),
    ("circle", circle),
    ("jump", jump),
    ("rollover", rollover),
    ("split_mu", split_mu),
    ("tank_pivot", tank_pivot),
];

/// A headless app at [`DT`] with `ground` spawned and Avian's scene built.
fn app_with(ground: impl FnOnce(&mut bevy::prelude::World)) -> App {
    let mut app = App::new();
    #[cfg(feature = "render")]
    let pictures = render::active();
    #[cfg(not(feature = "render"))]
    let pictures = false;
    if pictures {
        #[cfg(feature = "render")]
        render::add_plugins(&mut app);
    } else {
        app.add_plugins((MinimalPlugins, TransformPlugin));
    }
    app.add_plugins((PhysicsPlugins::default(), SkidpadPlugin::default()))
        .insert_resource(Gravity(DVec3::new(0.0, -G, 0.0)))
        .insert_resource(Time::<Fixed>::from_seconds(DT))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            DT,
        )));
    app.finish();
    app.cleanup();
    ground(app.world_mut());
    for _ in 0..3 {
        app.update();
    }
    app
}

/// A static box whose top face is the plane y = 0, `size_x` × `size_z` centred on
/// (`x`, `z`), tagged with core surface `surface`.
fn slab(world: &mut bevy::prelude::World, x: f64, z: f64, size_x: f64, size_z: f64, surface: u16) {
    let at = DVec3::new(x, -1.0, z);
    world.spawn((
        RigidBody::Static,
        Collider::cuboid(size_x, 2.0, size_z),
        GroundVehicleSurface(surface),
        Position(at),
        Transform::from_translation(at.as_vec3()),
    ));
}

/// Flat dry tarmac, 2 km square.
fn flat(world: &mut bevy::prelude::World) {
    slab(world, 0.0, 0.0, 2000.0, 2000.0, 0);
}

/// A vehicle in an app, and what a scenario reads from it.
struct Run {
    app: App,
    car: Entity,
    params: VehicleParams,
}

impl Run {
    /// `params` spawned heading −z with its wheel centres `height` above y = 0 on `ground`.
    fn new(
        ground: impl FnOnce(&mut bevy::prelude::World),
        params: VehicleParams,
        height: f64,
    ) -> Self {
        let mut app = app_with(ground);
        let world = app.world_mut();
        let mut commands = world.commands();
        let car = spawn_vehicle(
            &mut commands,
            params.clone(),
            Transform::from_xyz(0.0, height as f32, 0.0),
        )
        .expect("preset params are valid");
        world.flush();
        Self {
            app,
            car: car.chassis,
            params,
        }
    }

    /// One fixed step.
    fn step(&mut self) {
        self.app.update();
    }

    fn intent(&mut self, intent: VehicleIntent) {
        *self
            .app
            .world_mut()
            .get_mut::<VehicleIntent>(self.car)
            .expect("chassis") = intent;
    }

    fn tel(&self) -> GroundVehicleTelemetry {
        *self
            .app
            .world()
            .get::<GroundVehicleTelemetry>(self.car)
            .expect("chassis")
    }

    /// Body and vehicle velocities (core axes, world frame).
    fn set_velocity(&mut self, linear: DVec3, angular: DVec3) {
        let world = self.app.world_mut();
        let mut q = world.query::<(
            &mut GroundVehicle,
            &mut LinearVelocity,
            &mut AngularVelocity,
        )>();
        let (mut gv, mut lin, mut ang) = q.get_mut(world, self.car).expect("chassis");
        set_vehicle_velocity(
            &mut gv,
            &mut lin,
            &mut ang,
            to_bevy(linear),
            to_bevy(angular),
        );
    }

    /// The Avian body's state in core axes.
    fn body(&self) -> ChassisState {
        let w = self.app.world();
        ChassisState {
            pose: pose_to_core(
                w.get::<Position>(self.car).expect("body").0,
                w.get::<Rotation>(self.car).expect("body").0,
            ),
            linear_velocity_world: to_core(w.get::<LinearVelocity>(self.car).expect("body").0),
            angular_velocity_world: to_core(w.get::<AngularVelocity>(self.car).expect("body").0),
        }
    }

    /// Messages of type `M` written in the last update.
    fn messages<M: Message + Clone>(&self) -> Vec<M> {
        self.app
            .world()
            .resource::<Messages<M>>()
            .iter_current_update_messages()
            .cloned()
            .collect()
    }

    /// The wheel probes' states, in wheel order.
    fn wheels(&mut self) -> Vec<(GroundVehicleWheel, GroundVehicleWheelState)> {
        let car = self.car;
        let mut q = self
            .app
            .world_mut()
            .query::<(&GroundVehicleWheel, &GroundVehicleWheelState)>();
        let mut v: Vec<_> = q
            .iter(self.app.world())
            .filter(|(w, _)| w.chassis == car)
            .map(|(w, s)| (*w, *s))
            .collect();
        v.sort_by_key(|(w, _)| w.index);
        v
    }

    /// The vehicle's mechanical energy: the body's translational and rotational kinetic
    /// energy `½m|v|² + ½ωᵀIω` (body axes), its potential `m·g·z_CoM` (the ground at z = 0),
    /// and the wheels' spin energy `Σ ½ I_w ω_w²` (the core's wheel state, which
    /// `set_vehicle_velocity` sets at once; the wheel components follow at the next step).
    /// Unit: J.
    fn energy(&self) -> f64 {
        let c = &self.params.chassis;
        let s = self.body();
        let w = s.angular_velocity_body();
        let body = 0.5 * c.mass * s.linear_velocity_world.length_squared()
            + 0.5 * w.dot(c.inertia * w)
            + c.mass * G * s.com_world(c).z;
        let state = self
            .app
            .world()
            .get::<GroundVehicle>(self.car)
            .expect("chassis")
            .vehicle()
            .state();
        let spin: f64 = self
            .params
            .wheels
            .iter()
            .zip(&state.wheels)
            .map(|(p, s)| 0.5 * p.inertia * s.tire.omega * s.tire.omega)
            .sum();
        body + spin
    }

    fn faulted(&self) -> bool {
        self.app
            .world()
            .get::<GroundVehicle>(self.car)
            .expect("chassis")
            .fault()
            .is_some()
    }
}

/// With `lab --screenshots DIR` (feature `render`): the picture of the run as it ends.
#[cfg(feature = "render")]
impl Drop for Run {
    fn drop(&mut self) {
        render::shoot(&mut self.app, self.car);
    }
}

/// The same vehicle in the core's standalone world on `ground` (origin at `height`).
struct CoreRun<G: Ground> {
    world: skidpad::World<G>,
    id: skidpad::world::VehicleId,
}

impl<G: Ground> CoreRun<G> {
    fn new(ground: G, params: VehicleParams, height: f64) -> Self {
        let mut world = skidpad::World::new(ground);
        let id = world
            .spawn(params, Pose::from_translation(DVec3::new(0.0, 0.0, height)))
            .expect("preset params are valid");
        Self { world, id }
    }

    fn intent(&mut self, i: VehicleIntent) {
        self.world
            .vehicle_mut(self.id)
            .set_intent(i.to_core())
            .expect("finite intent");
    }

    fn step(&mut self) {
        self.world.step(DT);
    }

    fn state(&self) -> &skidpad::vehicle::VehicleState {
        self.world.vehicle(self.id).state()
    }

    fn set_velocity(&mut self, linear: DVec3, angular: DVec3) {
        self.world
            .vehicle_mut(self.id)
            .set_velocity(linear, angular);
    }
}

fn braked() -> VehicleIntent {
    VehicleIntent {
        brake: 1.0,
        ..default()
    }
}

/// Settle steps before a run (braked at rest). 1 s.
const SETTLE: usize = 60;
