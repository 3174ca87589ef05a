//! The ground_vehicle surface: components on the chassis, the wheel probes, their visuals and
//! the colliders vehicles drive on. Every quantity on a component is in Bevy axes (y-up, see
//! [`crate::frame`]) and SI units unless its doc says otherwise.

use avian3d::prelude::*;
use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::math::DVec3;
use bevy::prelude::*;
use skidpad::MAX_WHEELS;
use skidpad::pipeline::ChassisForces;
use skidpad::telemetry::Monitor;
use skidpad::vehicle::{Intent, StepFault, Vehicle, VehicleParams, VehicleState};
use skidpad::{ParamError, drivetrain::Prepared};

/// The vehicle on a chassis rigid body: the core's [`Vehicle`] (validated params, state,
/// controls), its telemetry [`Monitor`], and what one stage hands the next within a fixed step.
///
/// Insert it with [`crate::spawn_vehicle`] (chassis, collider, mass and wheel probes in one
/// call), or alone on an entity that has an Avian collider: the required components make it a
/// dynamic body without damping or sleeping, and an insert hook gives the body Avian's
/// `Mass`, `AngularInertia` and `CenterOfMass` from the params
/// ([`GroundVehicle::mass_properties`]; automatic mass from colliders is off), replacing any
/// the entity had: the params are the one home of the vehicle's mass. Without wheel probe
/// entities the vehicle still runs (the probes only publish wheel state).
#[derive(Component, Reflect)]
#[reflect(Component, from_reflect = false)]
#[component(on_insert = set_mass_properties)]
#[require(
    VehicleIntent,
    GroundVehicleTelemetry,
    RigidBody = RigidBody::Dynamic,
    SleepingDisabled,
    LinearDamping = LinearDamping(0.0),
    AngularDamping = AngularDamping(0.0),
    NoAutoMass,
    NoAutoAngularInertia,
    NoAutoCenterOfMass,
    TransformInterpolation
)]
pub struct GroundVehicle {
    /// Total mass carried by the chassis body (the core's `chassis.mass`). Unit: kg.
    /// Read-only mirror for inspectors; the core's params are authoritative.
    pub mass: f64,
    /// Number of wheels.
    pub wheel_count: usize,
    #[reflect(ignore)]
    pub(crate) vehicle: Vehicle,
    #[reflect(ignore)]
    pub(crate) monitor: Monitor,
    #[reflect(ignore)]
    pub(crate) step: StepScratch,
    #[reflect(ignore)]
    pub(crate) probe: ProbeShapes,
}

/// What the wheel probes cast with: the user's filter (collision layers) and a ball per wheel
/// radius, built once so a step does not allocate them.
pub(crate) struct ProbeShapes {
    pub filter: SpatialQueryFilter,
    pub balls: Vec<(f64, Collider)>,
}

/// What the stage systems hand each other within one fixed step (the locals of the core's
/// `pipeline::step_hosted`).
#[derive(Debug, Clone)]
pub(crate) struct StepScratch {
    /// Length of this fixed step; 0 = no step (the sets skip the vehicle). Unit: s.
    pub dt: f64,
    /// Substeps of this step (`pipeline::substeps_for_step`).
    pub substeps: usize,
    /// Length of a substep, `dt / substeps`. Unit: s.
    pub h: f64,
    /// The vehicle's state before this step (what a fault restores).
    pub before: VehicleState,
    /// The warning about a fixed step longer than `max_fixed_dt` was logged.
    pub warned_dt: bool,
    /// A fault found in this step, for the Telemetry set's message.
    pub new_fault: Option<StepFault>,
    /// The drift detector's change this step (for the drift helper).
    pub drift_change: Option<skidpad::telemetry::EventKind>,
    /// The rigid body each wheel stood on in the first substep (`None`: off the ground).
    pub under: [Option<Entity>; MAX_WHEELS],
    /// The force each wheel put on what it stands on, mean over the step's substeps (world,
    /// core axes), and where (the last substep's contact point). Unit: N, m.
    pub reactions: [(DVec3, DVec3); MAX_WHEELS],
    /// CoM velocity at the start of the step (core axes). Unit: m/s.
    pub v0: DVec3,
    /// CoM at the start of the step, where Avian's body is when it takes the forces (core
    /// axes). Unit: m.
    pub com0: DVec3,
    /// The vehicle frame at the start of the step (core axes).
    pub pose0: skidpad::Pose,
    /// Stage 1's smoothed intent.
    pub intent: Intent,
    /// Stage 5's result.
    pub prep: Prepared,
    /// Stages 7–10b's result: what the body gets this step.
    pub forces: ChassisForces,
}

impl Default for StepScratch {
    fn default() -> Self {
        Self {
            dt: 0.0,
            substeps: 1,
            h: 0.0,
            before: VehicleState::default(),
            warned_dt: false,
            new_fault: None,
            drift_change: None,
            under: [None; MAX_WHEELS],
            reactions: [(DVec3::ZERO, DVec3::ZERO); MAX_WHEELS],
            v0: DVec3::ZERO,
            com0: DVec3::ZERO,
            pose0: skidpad::Pose::IDENTITY,
            intent: Intent::default(),
            prep: Prepared::none(),
            forces: ChassisForces::default(),
        }
    }
}

impl GroundVehicle {
    /// Validate `params` and build the vehicle (at rest; the body's pose is read from Avian
    /// each step).
    ///
    /// # Errors
    /// The first [`ParamError`] of the params (field path and rule).
    pub fn new(params: VehicleParams) -> Result<Self, ParamError> {
        Ok(Self::from_vehicle(Vehicle::new(params)?))
    }

    /// Wrap a core vehicle as it is. Many cars of one type share their parameters when each is
    /// built from a clone (or [`Vehicle::fresh`]) of one prototype ([`crate::spawn_vehicle_of`]).
    pub fn from_vehicle(vehicle: Vehicle) -> Self {
        let monitor = Monitor::new(&vehicle);
        let mut balls: Vec<(f64, Collider)> = Vec::new();
        for w in &vehicle.params().wheels {
            if !balls.iter().any(|(r, _)| *r == w.radius) {
                balls.push((w.radius, Collider::sphere(w.radius)));
            }
        }
        Self {
            mass: vehicle.params().chassis.mass,
            wheel_count: vehicle.params().wheels.len(),
            vehicle,
            monitor,
            step: StepScratch::default(),
            probe: ProbeShapes {
                filter: SpatialQueryFilter::default(),
                balls,
            },
        }
    }

    /// The core vehicle (params, state, controls).
    pub fn vehicle(&self) -> &Vehicle {
        &self.vehicle
    }

    /// The core vehicle, mutable: teleports, wheel enable, gear mode. To give the body a
    /// velocity set Avian's `LinearVelocity`/`AngularVelocity` too
    /// ([`crate::set_vehicle_velocity`] does both).
    pub fn vehicle_mut(&mut self) -> &mut Vehicle {
        &mut self.vehicle
    }

    /// Restrict what the wheel probes see to `filter` (collision layers, excluded entities);
    /// the vehicle's own colliders are always excluded.
    pub fn set_ground_filter(&mut self, filter: SpatialQueryFilter) {
        self.probe.filter = filter;
    }

    /// The telemetry monitor (last sample, drift detector).
    pub fn monitor(&self) -> &Monitor {
        &self.monitor
    }

    /// The forces the last fixed step applied to the body (core axes, world frame): the mean
    /// wrench over the step's substeps (`total`), each substep's wrench, and the last
    /// substep's point forces.
    pub fn last_forces(&self) -> &ChassisForces {
        &self.step.forces
    }

    /// Substeps the last fixed step ran (`sim.substeps_*`, raised to the stability bound).
    pub fn last_substeps(&self) -> usize {
        self.step.substeps
    }

    /// The longest fixed step this vehicle is stable at in the ECS: the core's
    /// `Derived::max_substep` (its stiffest spring's bound, `(hω)² + 2hγ ≤ 2.25`, and its
    /// fastest whole-body mode's, `≤ 3.24`). The core's
    /// substeps keep its own prediction stable at any step, but Avian integrates the body once
    /// per fixed step with the step's mean wrench, so the body-on-spring loop closes at the
    /// fixed step: run the fixed schedule at `1 / max_fixed_dt()` Hz or faster. The plugin
    /// warns once per vehicle when the step is longer. Unit: s.
    pub fn max_fixed_dt(&self) -> f64 {
        self.vehicle.derived().max_substep
    }

    /// The step fault that stopped the vehicle, if any: while it is set the vehicle keeps its
    /// last finite state, takes no step and gives the body no force (Avian still moves it);
    /// [`Vehicle::clear_fault`] or a teleport through [`GroundVehicle::vehicle_mut`] resume.
    pub fn fault(&self) -> Option<&StepFault> {
        self.vehicle.fault()
    }

    /// Avian mass properties from the params: mass, the inertia tensor about the centre of
    /// mass mapped to Bevy axes (`I_b = R I Rᵀ`, [`crate::frame::tensor_to_bevy`]), and the
    /// centre of mass in the body frame (Bevy axes). Avian stores them as `f32` (relative
    /// error ≈ 6e-8).
    ///
    /// # Errors
    /// `chassis.inertia` when Avian does not accept the tensor in `f32` (the core has already
    /// checked it is symmetric and positive definite).
    pub fn mass_properties(&self) -> Result<(Mass, AngularInertia, CenterOfMass), ParamError> {
        let c = &self.vehicle.params().chassis;
        let tensor = crate::frame::tensor_to_bevy(c.inertia).as_mat3();
        let inertia = AngularInertia::try_from_mat3(tensor).map_err(|e| {
            ParamError::new(
                "chassis.inertia",
                format!("not a symmetric tensor in f32 for Avian: {e:?}"),
            )
        })?;
        Ok((
            Mass(c.mass as f32),
            inertia,
            CenterOfMass(crate::frame::to_bevy(c.com_offset).as_vec3()),
        ))
    }
}

/// The insert hook of [`GroundVehicle`]: the body's mass properties from the params. A
/// tensor Avian refuses is logged with its field path and the entity keeps what it had.
fn set_mass_properties(mut world: DeferredWorld, ctx: HookContext) {
    let Some(gv) = world.get::<GroundVehicle>(ctx.entity) else {
        return;
    };
    match gv.mass_properties() {
        Ok(props) => {
            world.commands().entity(ctx.entity).insert(props);
        }
        Err(e) => error!("{}: GroundVehicle mass properties: {e}", ctx.entity),
    }
}

/// The driver's normalised commands, read every fixed step (the core's [`Intent`]).
/// Non-finite values are rejected with a warning naming the field (the previous intent stays);
/// out-of-range values are clamped by the core.
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq, Default)]
#[reflect(Component, Default)]
pub struct VehicleIntent {
    /// Throttle pedal, 0–1.
    pub throttle: f64,
    /// Service brake pedal, 0–1.
    pub brake: f64,
    /// Handbrake, 0–1.
    pub handbrake: f64,
    /// Steering, −1 (full right) to +1 (full left).
    pub steer: f64,
    /// Reverse requested (automatic gearboxes).
    pub reverse: bool,
    /// Clutch pedal, 0 (engaged) to 1 (released).
    pub clutch: f64,
}

impl VehicleIntent {
    /// The core's intent.
    pub fn to_core(&self) -> Intent {
        Intent {
            throttle: self.throttle,
            brake: self.brake,
            handbrake: self.handbrake,
            steer: self.steer,
            reverse: self.reverse,
            clutch: self.clutch,
            ..Intent::default()
        }
    }
}

/// The chassis' telemetry after the last fixed step (from the core's telemetry sample).
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq, Default)]
#[reflect(Component, Default)]
pub struct GroundVehicleTelemetry {
    /// Simulated time of the vehicle. Unit: s.
    pub time: f64,
    /// Speed of the centre of mass. Unit: m/s.
    pub speed: f64,
    /// Forward speed (body x in ISO axes, Bevy local −z). Unit: m/s.
    pub forward_speed: f64,
    /// Yaw rate about the vertical (ISO 8855; the core's `yaw_rate_radps` channel), + turning
    /// left. Unit: rad/s.
    pub yaw_rate: f64,
    /// Body slip angle, + sliding left. Unit: rad.
    pub body_slip_angle: f64,
    /// Engaged gear (−1 reverse, 0 neutral, 1.. forward).
    pub gear: i8,
    /// Engine speed. Unit: rad/s.
    pub engine_speed: f64,
    /// Wheels on the ground.
    pub grounded_wheels: usize,
    /// No wheel on the ground.
    pub airborne: bool,
    /// Sum of the wheels' normal loads. Unit: N.
    pub total_normal_load: f64,
    /// Substeps of the last fixed step.
    pub substeps: usize,
    /// The vehicle is stopped by a step fault ([`GroundVehicle::fault`]).
    pub faulted: bool,
}

/// A wheel probe of the chassis `chassis` (not a rigid body): the core's wheel `index`.
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq)]
#[reflect(Component)]
#[require(GroundVehicleWheelState)]
pub struct GroundVehicleWheel {
    /// The chassis entity.
    pub chassis: Entity,
    /// Index in the vehicle's wheel list.
    pub index: usize,
    /// Wheel centre at the design position, chassis frame (Bevy axes). Unit: m.
    pub mount_point: DVec3,
    /// Unloaded radius. Unit: m.
    pub radius: f64,
}

/// A wheel's state after the last fixed step (copied from the core's wheel state).
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq, Default)]
#[reflect(Component, Default)]
pub struct GroundVehicleWheelState {
    /// On the ground.
    pub grounded: bool,
    /// Suspension compression from the design position, + compressed. Unit: m.
    pub jounce: f64,
    /// Normal load on the tyre. Unit: N.
    pub normal_load: f64,
    /// Road-wheel steer angle with toe, + left. Unit: rad.
    pub steer: f64,
    /// Spin rate, + rolling forward. Unit: rad/s.
    pub spin: f64,
    /// Spin angle, [0, 2π). Unit: rad.
    pub spin_angle: f64,
    /// Longitudinal slip ratio.
    pub slip_ratio: f64,
    /// Slip angle. Unit: rad.
    pub slip_angle: f64,
    /// Contact point, world (Bevy axes); valid while grounded. Unit: m.
    pub contact_point: DVec3,
    /// Ground normal at the contact, world (Bevy axes).
    pub contact_normal: DVec3,
    /// Wheel centre in the chassis frame (Bevy axes), what the visuals follow. Unit: m.
    pub centre_local: DVec3,
    /// Surface id under the wheel (index into the core's surface table).
    pub surface: u16,
}

/// A separate mesh entity that shows wheel probe's wheel: its `Transform` is written in
/// `PostUpdate` from the interpolated chassis pose (never touches physics). The mesh entity
/// must be a root entity (no parent).
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq)]
#[reflect(Component)]
pub struct GroundVehicleWheelVisual(pub Entity);

/// Which core surface (tarmac, gravel, ice, …) a collider is: on the collider or on its rigid
/// body. Colliders without one are surface 0 (dry tarmac in the default table).
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[reflect(Component, Default)]
pub struct GroundVehicleSurface(pub u16);
