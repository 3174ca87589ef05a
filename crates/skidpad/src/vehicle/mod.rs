//! A vehicle: validated parameters, derived constants, runtime state and the driver's controls.
//!
//! ```
//! use skidpad::{presets, vehicle::{Vehicle, Intent}, ground::Plane, Pose, DVec3};
//! let mut car = Vehicle::new(presets::sedan()).unwrap();
//! car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.32)));
//! car.set_intent(Intent { throttle: 0.5, ..Intent::default() }).unwrap();
//! let ground = Plane::flat();
//! for _ in 0..60 { car.step(1.0 / 60.0, &ground); }
//! assert!(car.state().forward_speed() > 0.5);
//! ```

pub mod intent;
pub mod params;
pub mod state;

pub use intent::{Controls, Intent, MAX_WHEEL_TORQUE, WheelCommand};
pub use params::{ContactParams, SimParams, VehicleParams, WheelParams};
pub use state::{VehicleState, WheelState};

use crate::MAX_WHEELS;
use crate::chassis::ChassisState;
use crate::error::{InputError, ParamError};
use crate::ground::Ground;
use crate::math::Pose;
use crate::pipeline::{self, ChassisForces};
use crate::suspension::model::rest_force;
use crate::telemetry::{self, DriftParams, Event, EventMonitor, VehicleSample};

/// Constants derived once from the parameters at construction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Derived {
    /// Sprung mass per wheel (0 for disabled wheels). Unit: kg.
    pub sprung_mass: [f64; MAX_WHEELS],
    /// Spring force at the design position per wheel. Unit: N.
    pub rest_force: [f64; MAX_WHEELS],
    /// True for wheels ahead of the centre of mass.
    pub is_front: [bool; MAX_WHEELS],
    /// +1 for wheels left of the centreline (y ≥ 0), −1 for right.
    pub side: [f64; MAX_WHEELS],
}

impl Derived {
    /// Compute from validated parameters.
    ///
    /// # Errors
    /// If the sprung masses cannot be computed.
    pub fn new(p: &VehicleParams) -> Result<Self, ParamError> {
        let sprung_mass = p.sprung_masses()?;
        let mut d = Self {
            sprung_mass,
            rest_force: [0.0; MAX_WHEELS],
            is_front: [false; MAX_WHEELS],
            side: [1.0; MAX_WHEELS],
        };
        for (i, w) in p.wheels.iter().enumerate() {
            d.rest_force[i] = rest_force(&w.suspension, sprung_mass[i], p.sim.gravity);
            d.is_front[i] = w.position.x > p.chassis.com_offset.x;
            d.side[i] = if w.position.y >= 0.0 { 1.0 } else { -1.0 };
        }
        Ok(d)
    }
}

/// One simulated vehicle. Construct with [`Vehicle::new`] (validates), drive with
/// [`Vehicle::set_intent`] or [`Vehicle::set_wheel_commands`], advance with [`Vehicle::step`]
/// (standalone) or [`Vehicle::step_hosted`] (a physics engine owns the body).
#[derive(Debug, Clone)]
pub struct Vehicle {
    params: VehicleParams,
    derived: Derived,
    state: VehicleState,
    controls: Controls,
    /// Telemetry and events (issue 6): last sample, drift detector, event queue.
    monitor: EventMonitor,
}

impl Vehicle {
    /// Validate `params` and build a vehicle at the world origin, at rest.
    ///
    /// # Errors
    /// The first [`ParamError`] of [`VehicleParams::validate`].
    pub fn new(params: VehicleParams) -> Result<Self, ParamError> {
        params.validate()?;
        let derived = Derived::new(&params)?;
        let mut state = VehicleState {
            n_wheels: params.wheels.len(),
            drivetrain: params.drivetrain.initial_state(),
            ..VehicleState::default()
        };
        for (ws, wp) in state.wheels.iter_mut().zip(&params.wheels) {
            if let Some(t) = &wp.tire.thermal {
                ws.tire.thermal =
                    crate::tire::thermal::TireThermalState::new(t, params.sim.air_temperature);
            }
        }
        // Build the shared default surface table now, so no step ever allocates it.
        let _ = crate::surface::default_table();
        let mut v = Self {
            params,
            derived,
            state,
            controls: Controls::default(),
            monitor: EventMonitor::default(),
        };
        v.restart_monitor();
        Ok(v)
    }

    /// The parameters.
    pub fn params(&self) -> &VehicleParams {
        &self.params
    }

    /// Derived constants (sprung masses, rest forces).
    pub fn derived(&self) -> &Derived {
        &self.derived
    }

    /// The runtime state.
    pub fn state(&self) -> &VehicleState {
        &self.state
    }

    /// The controls in force.
    pub fn controls(&self) -> &Controls {
        &self.controls
    }

    /// Set the driver intent (pedals, steering). Non-finite values are rejected and the previous
    /// controls stay; finite out-of-range values are clamped.
    ///
    /// # Errors
    /// [`InputError`] naming the non-finite field.
    pub fn set_intent(&mut self, intent: Intent) -> Result<(), InputError> {
        self.controls = Controls::Intent(intent.sanitized()?);
        Ok(())
    }

    /// Drive each wheel directly (PhysX `NoDrive`): torques and steer angles per wheel, in
    /// wheel order; missing wheels get zero.
    ///
    /// # Errors
    /// [`InputError`] naming the non-finite field (`wheels[i].drive_torque`).
    pub fn set_wheel_commands(&mut self, commands: &[WheelCommand]) -> Result<(), InputError> {
        self.controls = Controls::Direct(intent::sanitize_commands(commands)?);
        Ok(())
    }

    /// Place the vehicle at `pose`, at rest, and forget suspension history so the next step
    /// measures the suspension afresh with zero velocity (no damper kick, no launch). Wheel
    /// spin, cached hits, smoothed inputs, the steering rate limiter and the stability helpers'
    /// memories are reset.
    pub fn teleport(&mut self, pose: Pose) {
        self.state.chassis = ChassisState {
            pose,
            ..ChassisState::default()
        };
        self.state.acceleration = glam::DVec3::ZERO;
        for w in &mut self.state.wheels {
            // A teleport moves the car, it does not cool or re-tread its tires.
            let thermal = w.tire.thermal;
            *w = WheelState::default();
            w.tire.thermal = thermal;
        }
        // Smoothed inputs, steering rate limiter and helper memories start afresh too.
        self.state.input = Default::default();
        self.state.steering = Default::default();
        self.state.stability = Default::default();
        self.restart_monitor();
    }

    /// Set the chassis velocities (world frame; linear = velocity of the centre of mass).
    /// Wheels are spun up to roll without slip at the new speed.
    pub fn set_velocity(&mut self, linear: glam::DVec3, angular: glam::DVec3) {
        self.state.chassis.linear_velocity = linear;
        self.state.chassis.angular_velocity = angular;
        let vx = self.state.forward_speed();
        for (w, p) in self.state.wheels.iter_mut().zip(&self.params.wheels) {
            w.tire.omega = vx / p.radius;
        }
        crate::drivetrain::sync_engine(&self.params, &self.derived, &mut self.state);
    }

    /// Switch between automatic and manual gear selection at run time (engine drives).
    pub fn set_automatic_gears(&mut self, automatic: bool) {
        self.state.drivetrain.automatic = Some(automatic);
    }

    /// Enable or disable wheel `i` at run time (PhysX `disableWheel`). Sprung masses and rest
    /// forces are recomputed over the enabled wheels, so the remaining springs take over the
    /// lost wheel's static share at once: the total vertical force changes only by the lost
    /// wheel's *dynamic* spring/damper force (no spike). A disabled wheel's state is cleared; a
    /// re-enabled wheel measures its suspension afresh and spins at the rolling speed.
    /// Spring rates are not changed (see [`crate::layout::three_wheel`] for that).
    ///
    /// # Errors
    /// No such wheel, or the enabled wheels cannot carry the centre of mass (nothing changes).
    pub fn set_wheel_enabled(&mut self, i: usize, enabled: bool) -> Result<(), ParamError> {
        let n = self.params.wheels.len();
        if i >= n {
            return Err(ParamError::new(
                format!("wheels[{i}]"),
                format!("no such wheel ({n} wheels)"),
            ));
        }
        let old = self.params.wheels[i].enabled;
        self.params.wheels[i].enabled = enabled;
        match Derived::new(&self.params) {
            Ok(d) => {
                self.derived = d;
                if old != enabled {
                    self.state.wheels[i] = WheelState::default();
                    if enabled {
                        self.state.wheels[i].tire.omega =
                            self.state.forward_speed() / self.params.wheels[i].radius;
                    }
                }
                Ok(())
            }
            Err(e) => {
                self.params.wheels[i].enabled = old;
                Err(e)
            }
        }
    }

    /// Advance by `dt` seconds in standalone mode: the core integrates the chassis.
    /// `dt` must be finite and positive; anything else is ignored (no step).
    pub fn step(&mut self, dt: f64, ground: &dyn Ground) {
        if dt.is_finite() && dt > 0.0 {
            pipeline::step_standalone(
                &self.params,
                &self.derived,
                &self.controls,
                &mut self.state,
                ground,
                dt,
            );
            self.observe();
        }
    }

    /// Advance by `dt` seconds hosted in a physics engine: `chassis` is the engine's body
    /// (pose of the vehicle frame, CoM velocity, angular velocity, world frame); the result
    /// holds the forces and their points for the engine to apply before it integrates.
    /// Gravity is left to the engine. A non-finite or non-positive `dt` returns no force.
    pub fn step_hosted(
        &mut self,
        dt: f64,
        chassis: &ChassisState,
        ground: &dyn Ground,
    ) -> ChassisForces {
        if !(dt.is_finite() && dt > 0.0) {
            return ChassisForces::default();
        }
        self.state.chassis = *chassis;
        let forces = pipeline::step_hosted(
            &self.params,
            &self.derived,
            &self.controls,
            &mut self.state,
            ground,
            dt,
        );
        self.observe();
        forces
    }
}

// --- Telemetry and events (issue 6): see `crate::telemetry`. -------------------------------
impl Vehicle {
    /// The telemetry sample taken after the last step (or at spawn/teleport): push it into a
    /// [`telemetry::RingBuffer`] to keep a history. No recomputation.
    pub fn sample(&self) -> &VehicleSample {
        self.monitor.sample()
    }

    /// Events detected after each step and not yet drained, oldest first (see
    /// [`telemetry::events`] for their meaning). The queue holds
    /// [`telemetry::events::DEFAULT_EVENT_QUEUE_CAPACITY`] events; beyond that the oldest are
    /// dropped (counted by [`telemetry::RingBuffer::overwritten`]).
    pub fn events(&self) -> &telemetry::RingBuffer<Event> {
        self.monitor.events()
    }

    /// Remove and yield the queued events, oldest first. Never allocates.
    pub fn drain_events(&mut self) -> impl ExactSizeIterator<Item = Event> + '_ {
        self.monitor.drain()
    }

    /// Drift detector thresholds in force (defaults: [`DriftParams::default`]).
    pub fn drift_params(&self) -> &DriftParams {
        self.monitor.drift_params()
    }

    /// Set the drift detector thresholds.
    ///
    /// # Errors
    /// From [`DriftParams::validate`]; nothing changes then.
    pub fn set_drift_params(&mut self, p: DriftParams) -> Result<(), ParamError> {
        self.monitor.set_drift_params(p)
    }

    /// True while the drift detector reports a drift.
    pub fn is_drifting(&self) -> bool {
        self.monitor.drift_state().drifting
    }

    /// Sample after a step and queue the events it implies.
    fn observe(&mut self) {
        let s = telemetry::sample(self);
        self.monitor.observe(s);
    }

    /// Take a fresh baseline sample (spawn, teleport): the next step emits no events.
    fn restart_monitor(&mut self) {
        let s = telemetry::sample(self);
        self.monitor.restart(s);
    }
}
