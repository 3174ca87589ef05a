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

pub use crate::ground::ContactParams;
pub use crate::input::{Controls, Intent, MAX_WHEEL_TORQUE, WheelCommand};
pub use crate::params::{Derived, SimParams, VehicleParams};
pub use crate::state::VehicleState;
pub use crate::wheel::{WheelParams, WheelState};

use crate::chassis::ChassisState;
use crate::error::{InputError, ParamError};
use crate::ground::Ground;
use crate::input;
use crate::math::Pose;
use crate::pipeline::{self, ChassisForces};

/// One simulated vehicle. Construct with [`Vehicle::new`] (validates), drive with
/// [`Vehicle::set_intent`] or [`Vehicle::set_wheel_commands`], advance with [`Vehicle::step`]
/// (standalone) or [`Vehicle::step_hosted`] (a physics engine owns the body).
#[derive(Debug, Clone)]
pub struct Vehicle {
    params: VehicleParams,
    derived: Derived,
    state: VehicleState,
    controls: Controls,
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
        Ok(Self {
            params,
            derived,
            state,
            controls: Controls::default(),
        })
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

    /// Everything a host needs to run the stages of [`pipeline`] one by one on this vehicle
    /// (the Bevy plugin's system sets do): params, derived constants and controls by `&`, the
    /// state by `&mut`. Running the stages in a different order than
    /// [`pipeline::compute_forces`] is the caller's responsibility.
    pub fn parts_mut(&mut self) -> (&VehicleParams, &Derived, &Controls, &mut VehicleState) {
        (&self.params, &self.derived, &self.controls, &mut self.state)
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
        self.controls = Controls::Direct(input::sanitize_commands(commands)?);
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
        self.state.acceleration_world = glam::DVec3::ZERO;
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
        self.state.teleports += 1;
    }

    /// Set the chassis velocities (world frame; linear = velocity of the centre of mass).
    /// Wheels are spun up to roll without slip at the new speed.
    pub fn set_velocity(&mut self, linear: glam::DVec3, angular: glam::DVec3) {
        self.state.chassis.linear_velocity_world = linear;
        self.state.chassis.angular_velocity_world = angular;
        let vx = self.state.forward_speed();
        for (w, p) in self.state.wheels.iter_mut().zip(&self.params.wheels) {
            w.tire.omega = vx / p.radius;
        }
        let nw = self.params.wheels.len();
        let mut omega = [0.0; crate::MAX_WHEELS];
        for (o, w) in omega.iter_mut().zip(self.state.wheels()) {
            *o = w.tire.omega;
        }
        crate::drivetrain::sync_engine(
            &self.params.drivetrain,
            &self.derived.drive_wheels[..nw],
            &omega[..nw],
            &mut self.state.drivetrain,
        );
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
        }
    }

    /// Advance by `dt` seconds hosted in a physics engine: `chassis` is the engine's body
    /// (pose of the vehicle frame, CoM velocity, angular velocity, world frame) at the start
    /// of the step. The vehicle runs the same substeps as [`Vehicle::step`] on its own states
    /// (see [`pipeline::step_hosted`]); the result holds the mean wrench about the CoM over the
    /// step (`total`), each substep's wrench, and the last substep's point forces, for the
    /// engine to apply before it integrates. Gravity is left to the engine. The chassis
    /// acceleration the body-roll model reads is the vehicle's own over the step. A non-finite
    /// or non-positive `dt` returns no force.
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
        pipeline::step_hosted(
            &self.params,
            &self.derived,
            &self.controls,
            &mut self.state,
            ground,
            dt,
        )
    }
}
