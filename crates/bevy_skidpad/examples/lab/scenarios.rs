//! The lab's scenarios, shared by the `lab` example and `tests/lab.rs`: each runs headless in
//! the ECS (`MinimalPlugins` + Avian, 60 Hz fixed step, manual time), checks telemetry and
//! messages against a hand-worked bound or the core's standalone world, and returns an
//! [`Outcome`] (values and named checks, as JSON).
//!
//! Axes: the ECS in Bevy's y-up (a car spawned heading −z), the core in ISO 8855 z-up (+x
//! forward, +y left); `bevy_skidpad::frame` maps between them. Energies in J, speeds in m/s.

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
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        PhysicsPlugins::default(),
        SkidpadPlugin::default(),
    ))
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

/// Launch: the sedan at full throttle from rest; its 0–100 km/h time within 2 % + one step
/// of the core's `maneuver::longitudinal::acceleration` (the same KPI, `t_0_100_s`); no
/// wheel leaves the ground (no `WheelUngrounded`) and no step fault.
pub fn launch() -> Outcome {
    let mut o = Outcome::new("launch");
    let mut run = Run::new(flat, presets::sedan(), 0.316);
    for _ in 0..30 {
        run.step();
    }
    run.intent(VehicleIntent {
        throttle: 1.0,
        ..default()
    });
    let t0 = run.tel().time;
    let (mut t, mut ungrounded) = (f64::NAN, 0);
    for _ in 0..1800 {
        run.step();
        ungrounded += run.messages::<WheelUngrounded>().len();
        let tel = run.tel();
        if tel.forward_speed >= 100.0 / 3.6 {
            t = tel.time - t0;
            break;
        }
    }
    let core = skidpad::maneuver::longitudinal::acceleration(&presets::sedan())
        .map_or(f64::NAN, |a| a.t_0_100_s);
    o.value("t_0_100_s", t);
    o.value("core_t_0_100_s", core);
    o.check(
        "|t − t_core| ≤ 2 % · t_core + dt",
        (t - core).abs() <= 0.02 * core + DT,
    );
    o.check("no WheelUngrounded message", ungrounded == 0);
    o.check("no step fault", !run.faulted());
    o
}

/// Brake: the sedan from 100 km/h at full brake stops within 2 % + 0.25 m of the core's
/// `braking_100_0` (Avian's solver substeps move a braked body `(n−1)/(2n)·v₀·T` = 0.19 m
/// further over the stop, see `tests/ecs.rs`).
pub fn brake() -> Outcome {
    let mut o = Outcome::new("brake");
    let mut run = Run::new(flat, presets::sedan(), 0.316);
    run.intent(braked());
    for _ in 0..SETTLE {
        run.step();
    }
    run.set_velocity(DVec3::new(100.0 / 3.6, 0.0, 0.0), DVec3::ZERO);
    let x0 = run.body().pose.translation;
    for _ in 0..600 {
        run.step();
        if run.tel().forward_speed < 0.01 {
            break;
        }
    }
    let d = (run.body().pose.translation - x0).truncate().length();
    let kpi = skidpad::maneuver::longitudinal::braking_100_0(&presets::sedan(), SurfaceId(0))
        .map_or(f64::NAN, |k| k.distance_m);
    o.value("distance_m", d);
    o.value("core_distance_m", kpi);
    o.check(
        "|d − d_core| ≤ 2 % · d_core + 0.25 m",
        (d - kpi).abs() <= 0.02 * kpi + 0.25,
    );
    o.check("no step fault", !run.faulted());
    o
}

/// Jump: the sedan dropped with its wheel bottoms 2 m above the ground, braked: one
/// `VehicleLanded` first, at √(2gd) = 6.264 m/s within 0.25 m/s (one step's g·dt = 0.16 m/s
/// plus Avian's free-fall lag, see `tests/ecs_physics.rs`); energy (body + wheel spin) never
/// above its start; on its four wheels at the end.
pub fn jump() -> Outcome {
    let mut o = Outcome::new("jump");
    let p = presets::sedan();
    let d = 2.0;
    let h = d + p.wheels[0].suspension.max_droop + p.wheels[0].radius;
    let mut run = Run::new(flat, p, h);
    run.intent(braked());
    let e0 = run.energy();
    let (mut gain, mut impact, mut landed) = (f64::MIN, f64::NAN, 0);
    for _ in 0..240 {
        run.step();
        gain = gain.max(run.energy() - e0);
        for l in run.messages::<VehicleLanded>() {
            landed += 1;
            if impact.is_nan() {
                impact = l.impact_speed;
            }
        }
    }
    let exact = (2.0 * G * d).sqrt();
    o.value("impact_mps", impact);
    o.value("sqrt_2gd_mps", exact);
    o.value("landings", landed as f64);
    o.value("max_energy_gain_j", gain);
    o.check(
        "|v_impact − √(2gd)| ≤ 0.25 m/s",
        (impact - exact).abs() <= 0.25,
    );
    o.check("max(E − E₀) ≤ 1 mJ", gain <= 1e-3);
    o.check(
        "4 wheels on the ground at the end",
        run.tel().grounded_wheels == 4,
    );
    o
}

/// Circle speed. Unit: m/s (50 km/h).
pub const CIRCLE_SPEED: f64 = 50.0 / 3.6;
/// Circle steering command (+ left).
pub const CIRCLE_STEER: f64 = 0.1;
/// Circle run length (steps, 12 s) and the averaging window at its end (steps, 3 s).
const CIRCLE_STEPS: usize = 720;
const CIRCLE_WINDOW: usize = 180;

/// The circle's speed holder, the same in the ECS and the core: throttle
/// `clamp((v_ref − u) / 1 m/s, 0, 1)`, no brake.
fn circle_intent(u: f64) -> VehicleIntent {
    VehicleIntent {
        throttle: (CIRCLE_SPEED - u).clamp(0.0, 1.0),
        steer: CIRCLE_STEER,
        ..default()
    }
}

/// Mean and (max − min) of a slice.
fn mean_spread(v: &[f64]) -> (f64, f64) {
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    let (lo, hi) = v
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    (mean, hi - lo)
}

/// Circle: the sedan at 50 km/h with a constant steer command of +0.1 (left) and the same
/// speed holder, in the ECS and in the core's standalone world (same settle, same start
/// velocity, same controller). After 9 s the yaw rate is steady (its spread over the last
/// 3 s within 1 % of its mean); the ECS's mean yaw rate is within 2 % of the core's, positive
/// (a left turn for a + steer, ISO 8855), and the two speeds agree within 1 %.
pub fn circle() -> Outcome {
    let mut o = Outcome::new("circle");
    let p = presets::sedan();
    let r = p.wheels[0].radius;
    let v0 = DVec3::new(CIRCLE_SPEED, 0.0, 0.0);

    let mut run = Run::new(flat, p.clone(), r);
    run.intent(braked());
    for _ in 0..SETTLE {
        run.step();
    }
    run.set_velocity(v0, DVec3::ZERO);
    let (mut yaw_e, mut u_e) = (Vec::new(), Vec::new());
    let mut u = CIRCLE_SPEED;
    for _ in 0..CIRCLE_STEPS {
        run.intent(circle_intent(u));
        run.step();
        let t = run.tel();
        u = t.forward_speed;
        yaw_e.push(t.yaw_rate);
        u_e.push(u);
    }

    let mut core = CoreRun::new(Plane::flat(), p, r);
    core.intent(braked());
    for _ in 0..SETTLE {
        core.step();
    }
    core.set_velocity(v0, DVec3::ZERO);
    let (mut yaw_c, mut u_c) = (Vec::new(), Vec::new());
    let mut u = CIRCLE_SPEED;
    for _ in 0..CIRCLE_STEPS {
        core.intent(circle_intent(u));
        core.step();
        let s = core.state();
        u = s.forward_speed();
        yaw_c.push(s.chassis.angular_velocity_body().z);
        u_c.push(u);
    }

    let w = CIRCLE_STEPS - CIRCLE_WINDOW..;
    let (re, re_spread) = mean_spread(&yaw_e[w.clone()]);
    let (rc, rc_spread) = mean_spread(&yaw_c[w.clone()]);
    let (ue, _) = mean_spread(&u_e[w.clone()]);
    let (uc, _) = mean_spread(&u_c[w]);
    o.value("yaw_rate_rad_per_s", re);
    o.value("core_yaw_rate_rad_per_s", rc);
    o.value("speed_mps", ue);
    o.value("core_speed_mps", uc);
    o.value("radius_m", ue / re);
    o.value("lateral_accel_mps2", ue * re);
    o.value("yaw_rate_spread_rad_per_s", re_spread);
    o.check(
        "steady: yaw-rate spread over the last 3 s ≤ 1 % of its mean (ECS and core)",
        re_spread <= 0.01 * re.abs() && rc_spread <= 0.01 * rc.abs(),
    );
    o.check(
        "|r − r_core| ≤ 2 % · |r_core|",
        (re - rc).abs() <= 0.02 * rc.abs(),
    );
    o.check("r > 0: a left turn for steer +0.1", re > 0.0);
    o.check("|u − u_core| ≤ 1 % · u_core", (ue - uc).abs() <= 0.01 * uc);
    o.check(
        "no step fault",
        !run.faulted() && core.world.vehicle(core.id).fault().is_none(),
    );
    o
}

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

/// A heading followed through every step, unwrapped across ±π (the car may spin past 180°).
#[derive(Default)]
struct Heading {
    /// Heading change since the first sample. Unit: rad.
    total: f64,
    last: Option<f64>,
}

impl Heading {
    /// Add a yaw sample in (−π, π]; the change from the last is taken the short way round
    /// (a step turns far less than π).
    fn add(&mut self, yaw: f64) {
        if let Some(last) = self.last {
            let d = yaw - last;
            self.total += d - std::f64::consts::TAU * (d / std::f64::consts::TAU).round();
        }
        self.last = Some(yaw);
    }
}

/// Steps at the start of the split-µ stop whose yaw rate is averaged (0.5 s).
const EARLY: usize = 30;

/// Split-µ entry speed. Unit: m/s (80 km/h).
const SPLIT_MU_SPEED: f64 = 80.0 / 3.6;

/// Split-µ: the sedan with ABS brakes from 80 km/h with its left wheels on ice (surface 5,
/// µ ≈ 0.1) and its right wheels on dry tarmac: two static colliders tagged
/// `GroundVehicleSurface(5)` (x < 0 in Bevy, the car's left) and `(0)`. The wheel states
/// report surface 5 on the left wheels and 0 on the right; the dry side's larger brake force
/// `F` at lateral arm `−t/2` gives a yaw moment `M_z = −(t/2)·F·… < 0`, so the car yaws to the
/// right (its heading at the stop is negative); the core's standalone world on a plane with an
/// ice patch over y > 0 (`terrain::Patched`), same procedure, stops within 5 % (+ 0.25 m) of
/// the ECS's distance and with the heading change of the same sign.
pub fn split_mu() -> Outcome {
    let mut o = Outcome::new("split_mu");
    let mut p = presets::sedan();
    p.drivetrain.aids.abs.enabled = true;
    let r = p.wheels[0].radius;
    let v0 = DVec3::new(SPLIT_MU_SPEED, 0.0, 0.0);
    let ground = |world: &mut bevy::prelude::World| {
        slab(world, -100.0, 0.0, 200.0, 2000.0, 5);
        slab(world, 100.0, 0.0, 200.0, 2000.0, 0);
    };

    let mut run = Run::new(ground, p.clone(), r);
    run.intent(braked());
    for _ in 0..SETTLE {
        run.step();
    }
    run.set_velocity(v0, DVec3::ZERO);
    let x0 = run.body().pose.translation;
    run.step();
    let wheels = run.wheels();
    let surfaces_ok = wheels.iter().all(|(w, s)| {
        let left = to_core(w.mount_point).y > 0.0;
        s.grounded && s.surface == if left { 5 } else { 0 }
    });
    let mut steps = 1;
    let mut heading = Heading::default();
    heading.add(run.body().roll_pitch_yaw().2);
    let mut yaw_rates = vec![run.tel().yaw_rate];
    while run.tel().speed > 0.05 && steps < 1200 {
        run.step();
        steps += 1;
        heading.add(run.body().roll_pitch_yaw().2);
        yaw_rates.push(run.tel().yaw_rate);
    }
    let (early_yaw_rate, _) = mean_spread(&yaw_rates[..EARLY.min(yaw_rates.len())]);
    let d = (run.body().pose.translation - x0).truncate().length();
    let yaw = heading.total;

    let ice = SurfacePatch {
        x_min: -1000.0,
        x_max: 1000.0,
        y_min: 0.0,
        y_max: 1000.0,
        surface: SurfaceId(5),
    };
    let patched = Patched {
        ground: Plane::flat(),
        patches: vec![ice],
    };
    let mut core = CoreRun::new(patched, p, r);
    core.intent(braked());
    for _ in 0..SETTLE {
        core.step();
    }
    core.set_velocity(v0, DVec3::ZERO);
    let c0 = core.state().chassis.pose.translation;
    let mut steps_c = 0;
    let mut heading_c = Heading::default();
    heading_c.add(core.state().chassis.roll_pitch_yaw().2);
    loop {
        core.step();
        steps_c += 1;
        heading_c.add(core.state().chassis.roll_pitch_yaw().2);
        if core.state().speed() <= 0.05 || steps_c >= 1200 {
            break;
        }
    }
    let dc = (core.state().chassis.pose.translation - c0)
        .truncate()
        .length();
    let yaw_c = heading_c.total;
    o.value("distance_m", d);
    o.value("core_distance_m", dc);
    o.value("heading_at_stop_deg", yaw.to_degrees());
    o.value("core_heading_at_stop_deg", yaw_c.to_degrees());
    o.value("stop_time_s", steps as f64 * DT);
    o.check("left wheels on surface 5, right wheels on 0", surfaces_ok);
    o.check("stopped (speed ≤ 0.05 m/s within 20 s)", steps < 1200);
    o.value("mean_yaw_rate_first_half_second_rad_per_s", early_yaw_rate);
    o.check(
        "yaws right, toward the dry side: mean yaw rate over the first 0.5 s < 0",
        early_yaw_rate < 0.0,
    );
    o.check(
        "heading change at the stop < 0 (ECS and core)",
        yaw < 0.0 && yaw_c < 0.0,
    );
    o.check(
        "|d − d_core| ≤ 5 % · d_core + 0.25 m",
        (d - dc).abs() <= 0.05 * dc + 0.25,
    );
    o.check("no step fault", !run.faulted());
    o
}

/// Tank pivot steps (4 s) and the averaging window at the end (1 s).
const PIVOT_STEPS: usize = 240;
const PIVOT_WINDOW: usize = 60;

/// Tank pivot: the tank (PhysX tank `Special` mode) at rest, no throttle, full steer ±1. The
/// core defines `σ > 0` as a left turn (`drivetrain::tank`: the left track thrusts `−σ`, the
/// right `+σ`), i.e. a positive yaw rate about z up: for σ = +1 the mean yaw rate over the last
/// second is > 0 and for σ = −1 < 0, in the ECS and in the core's standalone world; the two
/// agree within 5 %; it turns on the spot (the CoM moves less than 0.5 m).
pub fn tank_pivot() -> Outcome {
    let mut o = Outcome::new("tank_pivot");
    let p = presets::tank();
    let r = p.wheels[0].radius;
    let mut all_ok = true;
    for (steer, key, key_core, key_moved) in [
        (
            1.0,
            "yaw_rate_left_rad_per_s",
            "core_yaw_rate_left_rad_per_s",
            "moved_left_m",
        ),
        (
            -1.0,
            "yaw_rate_right_rad_per_s",
            "core_yaw_rate_right_rad_per_s",
            "moved_right_m",
        ),
    ] {
        let pivot = VehicleIntent { steer, ..default() };
        let mut run = Run::new(flat, p.clone(), r);
        run.intent(braked());
        for _ in 0..SETTLE {
            run.step();
        }
        let c0 = run.body().com_world(&p.chassis);
        run.intent(pivot);
        let mut yaw = Vec::new();
        for _ in 0..PIVOT_STEPS {
            run.step();
            yaw.push(run.tel().yaw_rate);
        }
        let moved = (run.body().com_world(&p.chassis) - c0).truncate().length();

        let mut core = CoreRun::new(Plane::flat(), p.clone(), r);
        core.intent(braked());
        for _ in 0..SETTLE {
            core.step();
        }
        core.intent(pivot);
        let mut yaw_c = Vec::new();
        for _ in 0..PIVOT_STEPS {
            core.step();
            yaw_c.push(core.state().chassis.angular_velocity_body().z);
        }
        let (re, _) = mean_spread(&yaw[PIVOT_STEPS - PIVOT_WINDOW..]);
        let (rc, _) = mean_spread(&yaw_c[PIVOT_STEPS - PIVOT_WINDOW..]);
        o.value(key, re);
        o.value(key_core, rc);
        o.value(key_moved, moved);
        let side = if steer > 0.0 { "left" } else { "right" };
        o.check(
            format!("steer {steer:+}: ECS yaw rate has the sign of σ ({side})"),
            re * steer > 0.0,
        );
        o.check(
            format!("steer {steer:+}: core yaw rate has the sign of σ ({side})"),
            rc * steer > 0.0,
        );
        o.check(
            format!("steer {steer:+}: |r − r_core| ≤ 5 % · |r_core|"),
            (re - rc).abs() <= 0.05 * rc.abs(),
        );
        o.check(
            format!("steer {steer:+}: on the spot, CoM moved < 0.5 m"),
            moved < 0.5,
        );
        all_ok &= !run.faulted();
    }
    o.check("no step fault", all_ok);
    o
}
