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
//! assert!(car.fault().is_none());
//! ```
//!
//! Nothing non-finite escapes a step: a step that would leave NaN or ±∞ in the state is
//! undone and reported as a [`StepFault`] (see [`fault`]).

pub use crate::ground::ContactParams;
pub use crate::input::{Controls, Intent, MAX_WHEEL_TORQUE, TrackIntent, WheelCommand};
pub use crate::params::{Derived, SimParams, VehicleParams};
pub use crate::state::VehicleState;
pub use crate::wheel::{WheelParams, WheelState};
pub use fault::{Channel, StepFault};
pub use snapshot::{VehicleSnapshot, state_hash};

pub mod fault;
mod kick;
pub mod setup;
pub mod snapshot;

use crate::chassis::ChassisState;
use crate::error::{InputError, ParamError};
use crate::ground::Ground;
use crate::input;
use crate::math::Pose;
use crate::pipeline::{self, ChassisForces};
use std::sync::Arc;

/// One simulated vehicle. Construct with [`Vehicle::new`] (validates), drive with
/// [`Vehicle::set_intent`] or [`Vehicle::set_wheel_commands`], advance with [`Vehicle::step`]
/// (standalone) or [`Vehicle::step_hosted`] (a physics engine owns the body).
///
/// **Shared parameters.** The parameters and derived constants are held behind [`Arc`]s: a
/// clone of a vehicle shares them with the original (two pointer copies and the ~12 KB state,
/// no allocation), so a thousand cars of one type hold one copy of their params (≈ 25 KB,
/// more with a `.tir`). Spawn many of one type by cloning a prototype
/// ([`crate::World::insert`]). The calls that change parameters at run time
/// ([`Vehicle::set_params`], [`Vehicle::set_wheel_enabled`], a [`Vehicle::restore`] that
/// changes which wheels are enabled) give this vehicle its own copy and leave the others as
/// they are ([`Vehicle::shares_params_with`] tells).
#[derive(Debug, Clone)]
pub struct Vehicle {
    params: Arc<VehicleParams>,
    derived: Arc<Derived>,
    state: VehicleState,
    controls: Controls,
    /// The controls of the previous step, kept with `sim.input_jump_half_kick` on only (the
    /// input jump's half kick compares them with the controls in force), valid while
    /// `has_previous_controls`: not before the first step nor after a teleport, a set
    /// velocity, copied dynamics, a restore from a step-0 snapshot or new parameters
    /// ([`Vehicle::previous_controls`]). Boxed, and allocated only where the switch is on
    /// (when the vehicle is built or its parameters set, never in a step): 8 B in the
    /// `Vehicle` instead of a 112 B `Controls` that every other vehicle carried unused.
    previous_controls: Option<Box<Controls>>,
    /// Whether `previous_controls` holds the previous step's controls.
    has_previous_controls: bool,
    /// The velocity was set by the caller (a new vehicle, a teleport, a set velocity, copied
    /// dynamics whose source had one pending) and no step has run since: with
    /// `sim.opening_half_kick` on, the next standalone step opens with the half kick
    /// ([`pipeline::opening_kick`]). Any step clears it.
    opening_kick: bool,
    /// Steps taken since construction (standalone and hosted).
    steps: u64,
    /// The fault that stopped the vehicle, if any ([`fault`]).
    fault: Option<StepFault>,
}

impl Vehicle {
    /// Validate `params` and build a vehicle at the world origin, at rest.
    ///
    /// # Errors
    /// The first [`ParamError`] of [`VehicleParams::validate`].
    pub fn new(mut params: VehicleParams) -> Result<Self, ParamError> {
        params.validate()?;
        for w in &mut params.wheels {
            w.tire.model.precompute();
        }
        let derived = Derived::new(&params)?;
        Ok(Self::at_rest(Arc::new(params), Arc::new(derived)))
    }

    /// A new vehicle of this one's type — its (shared) parameters, as they are now — at the
    /// world origin, at rest, as [`Vehicle::new`] builds it: the state, controls, step count
    /// and fault start afresh. No validation needed, no copy of the parameters.
    pub fn fresh(&self) -> Self {
        Self::at_rest(Arc::clone(&self.params), Arc::clone(&self.derived))
    }

    /// The vehicle at rest at the origin with validated `params` and their `derived`.
    fn at_rest(params: Arc<VehicleParams>, derived: Arc<Derived>) -> Self {
        let mut state = VehicleState {
            drivetrain: params.drivetrain.initial_state(),
            ..VehicleState::with_wheels(params.wheels.len())
        };
        for (ws, wp) in state.wheels.iter_mut().zip(&params.wheels) {
            if let Some(t) = &wp.tire.thermal {
                ws.tire.thermal =
                    crate::tire::thermal::TireThermalState::new(t, params.sim.air_temperature);
            }
        }
        // Build the shared default surface table now, so no step ever allocates it.
        let _ = crate::surface::default_table();
        let previous_controls = Self::previous_controls_slot(&params);
        Self {
            params,
            derived,
            state,
            controls: Controls::default(),
            previous_controls,
            has_previous_controls: false,
            opening_kick: true,
            steps: 0,
            fault: None,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &VehicleParams {
        &self.params
    }

    /// Derived constants (sprung masses, rest forces).
    pub fn derived(&self) -> &Derived {
        &self.derived
    }

    /// True when this vehicle and `other` hold the same shared parameters and derived
    /// constants (one is a clone of the other, and neither has changed its parameters since).
    pub fn shares_params_with(&self, other: &Vehicle) -> bool {
        Arc::ptr_eq(&self.params, &other.params) && Arc::ptr_eq(&self.derived, &other.derived)
    }

    /// The runtime state.
    pub fn state(&self) -> &VehicleState {
        &self.state
    }

    /// The controls in force.
    pub fn controls(&self) -> &Controls {
        &self.controls
    }

    /// Steps taken since construction, standalone and hosted (a refused or undone step does
    /// not count).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The fault that stopped the vehicle: a step that would have left a non-finite state
    /// ([`fault`]). While it is set the vehicle keeps its last finite state and takes no step;
    /// [`Vehicle::clear_fault`] or [`Vehicle::teleport`] clear it.
    pub fn fault(&self) -> Option<&StepFault> {
        self.fault.as_ref()
    }

    /// Forget the fault and allow steps again (from the last finite state, so the same
    /// inputs will likely fault again: change them, or teleport).
    pub fn clear_fault(&mut self) {
        self.fault = None;
    }

    /// The fault check after a step that started at `time`: a finite state counts the step;
    /// otherwise `undo` puts the state back to the one before the step and the fault is
    /// recorded.
    fn finish_step_with(
        &mut self,
        time: f64,
        undo: impl FnOnce(&mut VehicleState),
    ) -> Result<(), StepFault> {
        match fault::first_non_finite(&self.state) {
            None => {
                self.steps += 1;
                Ok(())
            }
            Some((channel, value)) => {
                let f = StepFault {
                    step: self.steps + 1,
                    time,
                    channel,
                    value,
                };
                undo(&mut self.state);
                self.fault = Some(f);
                Err(f)
            }
        }
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
        let sanitized = input::sanitize_commands(commands)?;
        let given = &sanitized[..commands.len()];
        match &mut self.controls {
            Controls::Direct(c) => c.set(given),
            other => *other = Controls::Direct(input::WheelCommands::new(given)),
        }
        Ok(())
    }

    /// Place the vehicle at `pose`, at rest, and forget suspension history so the next step
    /// measures the suspension afresh with zero velocity (no damper kick, no launch). Wheel
    /// spin, cached hits, smoothed inputs, the steering rate limiter and the stability helpers'
    /// memories are reset, and a step fault is cleared. A pose with a non-finite component is
    /// ignored (the vehicle stays as it is): the state never holds NaN.
    pub fn teleport(&mut self, pose: Pose) {
        if !(pose.translation.is_finite() && pose.rotation.is_finite()) {
            return;
        }
        self.state.chassis = ChassisState {
            pose,
            ..ChassisState::default()
        };
        self.state.acceleration_world = glam::DVec3::ZERO;
        for w in self.state.wheels.iter_mut() {
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
        self.has_previous_controls = false;
        self.opening_kick = true;
        self.fault = None;
    }

    /// Add an impulse to the chassis: `linear` (N·s) through the centre of mass and `angular`
    /// (N·m·s) about it, world frame: `v += J/m`, `ω += I_w⁻¹·L` with `I_w = R·I·Rᵀ` at the
    /// current attitude. The wheels' spins are left alone. Non-finite impulses are ignored
    /// (nothing changes). The standalone world applies the wheel forces of a carried vehicle
    /// to its carrier this way ([`crate::World::set_vehicle_contact`]).
    pub fn apply_impulse(&mut self, linear: glam::DVec3, angular: glam::DVec3) {
        if !(linear.is_finite() && angular.is_finite()) {
            return;
        }
        let c = &mut self.state.chassis;
        let p = &self.params.chassis;
        c.linear_velocity_world += linear / p.mass;
        let q = c.pose.rotation;
        c.angular_velocity_world += q * (p.inertia.inverse() * (q.conjugate() * angular));
    }

    /// Set the chassis velocities (world frame; linear = velocity of the centre of mass).
    /// Wheels are spun up to roll without slip at the new speed. Non-finite velocities are
    /// ignored (nothing changes): the state never holds NaN. With
    /// `sim.opening_half_kick` on, the next standalone step opens with the half kick
    /// ([`pipeline::opening_kick`]: the velocity is `v(t₀)`, not a half-substep one); a hosted
    /// step does not (the engine owns the velocity).
    pub fn set_velocity(&mut self, linear: glam::DVec3, angular: glam::DVec3) {
        if !(linear.is_finite() && angular.is_finite()) {
            return;
        }
        self.state.chassis.linear_velocity_world = linear;
        self.state.chassis.angular_velocity_world = angular;
        // A velocity set now was not moved by the previous step's forces: no input jump's
        // half kick, but the opening one (`v(t₀ + h/2) = v₀ + ½h·a(c₀)`).
        self.has_previous_controls = false;
        self.opening_kick = true;
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

    /// Switch the suspension's ground queries off or on (PhysX "disable raycasts", per
    /// vehicle and update). While off, each wheel keeps using its cached hit plane
    /// ([`crate::ground::cache`]) however old it is — exact on flat or planar ground, wrong
    /// over new kerbs, steps and holes — so a distant or parked vehicle costs no scene query
    /// per wheel; a wheel with no cached plane (the first step, after a teleport, airborne)
    /// still casts, so a vehicle never loses its ground. The rim and body contacts keep
    /// querying: they are what keeps a vehicle out of the ground at the extremes. The switch
    /// is part of the state (and of a snapshot). Default: on.
    pub fn set_ground_queries(&mut self, enabled: bool) {
        self.state.skip_ground_queries = !enabled;
    }

    /// True while the suspension's ground queries are on ([`Vehicle::set_ground_queries`]).
    pub fn ground_queries(&self) -> bool {
        !self.state.skip_ground_queries
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
        if self.params.wheels[i].enabled == enabled {
            return Ok(());
        }
        let mut flags = [false; crate::MAX_WHEELS];
        for (f, w) in flags.iter_mut().zip(&self.params.wheels) {
            *f = w.enabled;
        }
        flags[i] = enabled;
        self.set_enabled_wheels(&flags[..n])?;
        self.state.wheels[i] = WheelState::default();
        if enabled {
            self.state.wheels[i].tire.omega =
                self.state.forward_speed() / self.params.wheels[i].radius;
        }
        Ok(())
    }

    /// Give this vehicle its own copy of the parameters with wheel `k` enabled as
    /// `enabled[k]`, and the derived constants over those wheels (the only parameter a vehicle
    /// changes at run time; other vehicles sharing the old parameters keep them).
    ///
    /// # Errors
    /// The enabled wheels cannot carry the centre of mass; nothing changes.
    fn set_enabled_wheels(&mut self, enabled: &[bool]) -> Result<(), ParamError> {
        let mut params = VehicleParams::clone(&self.params);
        for (w, &e) in params.wheels.iter_mut().zip(enabled) {
            w.enabled = e;
        }
        let derived = Derived::new(&params)?;
        self.params = Arc::new(params);
        self.derived = Arc::new(derived);
        // A wheel enabled now has no substep frame: built again by the next contact stage.
        self.state.wheel_frames = crate::wheel::FrameKey::default();
        Ok(())
    }

    /// Longest step that stays stable: [`pipeline::MAX_SUBSTEPS`] substeps of
    /// [`Derived::max_substep`] (the stiffest spring's bound). Unit: s.
    pub fn max_stable_dt(&self) -> f64 {
        pipeline::MAX_SUBSTEPS as f64 * self.derived.max_substep
    }

    /// Check a step length before stepping with it: finite, positive and at most
    /// [`Vehicle::max_stable_dt`]. Up to that, [`Vehicle::step`] raises its substep count
    /// by itself so every substep stays within [`Derived::max_substep`].
    ///
    /// # Errors
    /// [`InputError`] on field `dt`, with the longest stable step in the message.
    pub fn check_dt(&self, dt: f64) -> Result<(), InputError> {
        let max = self.max_stable_dt();
        if dt.is_finite() && dt > 0.0 && dt <= max {
            Ok(())
        } else {
            Err(InputError::new(
                "dt",
                format!(
                    "must be in (0, {}] s for {} (got {dt}): its stiffest spring needs substeps \
                     of at most {} s and a step runs at most {} of them",
                    crate::error::short_number(max),
                    if self.params.name.is_empty() {
                        "this vehicle"
                    } else {
                        &self.params.name
                    },
                    crate::error::short_number(self.derived.max_substep),
                    pipeline::MAX_SUBSTEPS
                ),
            ))
        }
    }

    /// Advance by `dt` seconds in standalone mode: the core integrates the chassis.
    /// `dt` must be finite and positive; anything else is ignored (no step). The step runs at
    /// least `⌈dt / max_substep⌉` substeps ([`Derived::stable_substeps`]), at most
    /// [`pipeline::MAX_SUBSTEPS`]: check a step longer than a frame with
    /// [`Vehicle::check_dt`]. A step that would leave a non-finite state is undone and
    /// recorded ([`Vehicle::fault`]); use [`Vehicle::try_step`] to see it at once.
    pub fn step(&mut self, dt: f64, ground: &dyn Ground) {
        let _ = self.try_step(dt, ground);
    }

    /// [`Vehicle::step`], reporting a fault.
    ///
    /// # Errors
    /// The [`StepFault`] when this step would have left a non-finite state (the vehicle keeps
    /// its last finite state, see [`fault`]), or the recorded one when the vehicle is already
    /// stopped by a fault (no step taken). A non-finite or non-positive `dt` is no step and
    /// no error.
    pub fn try_step(&mut self, dt: f64, ground: &dyn Ground) -> Result<(), StepFault> {
        if let Some(f) = self.fault {
            return Err(f);
        }
        if !(dt.is_finite() && dt > 0.0) {
            return Ok(());
        }
        // The undo saves the wheel slots in use (rounded up to 4 or 8), not all `MAX_WHEELS`.
        match self.state.n_wheels {
            0..=4 => self.step_with_undo::<4>(dt, ground),
            5..=8 => self.step_with_undo::<8>(dt, ground),
            _ => self.step_with_undo::<{ crate::MAX_WHEELS }>(dt, ground),
        }
    }

    /// The standalone step, undone from a [`fault::Rollback`] of `N` wheel slots.
    fn step_with_undo<const N: usize>(
        &mut self,
        dt: f64,
        ground: &dyn Ground,
    ) -> Result<(), StepFault> {
        let before = fault::Rollback::<N>::save(&self.state);
        let opening = std::mem::take(&mut self.opening_kick);
        let sim = &self.params.sim;
        if sim.input_jump_half_kick || sim.opening_half_kick {
            let opening = opening && sim.opening_half_kick;
            self.step_kicked(dt, ground, &before, opening);
        } else {
            pipeline::step_standalone(
                &self.params,
                &self.derived,
                &self.controls,
                &mut self.state,
                ground,
                dt,
            );
        }
        self.finish_step_with(before.time(), |state| before.restore(state))
    }

    /// Advance by `dt` seconds hosted in a physics engine: `chassis` is the engine's body
    /// (pose of the vehicle frame, CoM velocity, angular velocity, world frame) at the start
    /// of the step. The vehicle runs the same substeps as [`Vehicle::step`] on its own states
    /// (see [`pipeline::step_hosted`]); the result holds the mean wrench about the CoM over the
    /// step (`total`), each substep's wrench, and the last substep's point forces, for the
    /// engine to apply before it integrates. Gravity is left to the engine. The chassis
    /// acceleration the body-roll model reads is the vehicle's own over the step. A non-finite
    /// or non-positive `dt` returns no force; so does a faulted step ([`Vehicle::fault`],
    /// [`Vehicle::try_step_hosted`]).
    pub fn step_hosted(
        &mut self,
        dt: f64,
        chassis: &ChassisState,
        ground: &dyn Ground,
    ) -> ChassisForces {
        self.try_step_hosted(dt, chassis, ground)
            .unwrap_or_default()
    }

    /// [`Vehicle::step_hosted`], reporting a fault. The engine's `chassis` is checked too: a
    /// non-finite body is a fault of this step's chassis channel.
    ///
    /// # Errors
    /// The [`StepFault`] when the step would have left a non-finite state or force (the
    /// vehicle keeps its last finite state), or the recorded one when the vehicle is already
    /// stopped by a fault.
    pub fn try_step_hosted(
        &mut self,
        dt: f64,
        chassis: &ChassisState,
        ground: &dyn Ground,
    ) -> Result<ChassisForces, StepFault> {
        if let Some(f) = self.fault {
            return Err(f);
        }
        if !(dt.is_finite() && dt > 0.0) {
            return Ok(ChassisForces::default());
        }
        // The undo saves the wheel slots in use (rounded up to 4 or 8), on the stack.
        match self.state.n_wheels {
            0..=4 => self.hosted_step_with_undo::<4>(dt, chassis, ground),
            5..=8 => self.hosted_step_with_undo::<8>(dt, chassis, ground),
            _ => self.hosted_step_with_undo::<{ crate::MAX_WHEELS }>(dt, chassis, ground),
        }
    }

    /// The hosted step, undone from a [`fault::Rollback`] of `N` wheel slots.
    fn hosted_step_with_undo<const N: usize>(
        &mut self,
        dt: f64,
        chassis: &ChassisState,
        ground: &dyn Ground,
    ) -> Result<ChassisForces, StepFault> {
        let before = fault::Rollback::<N>::save(&self.state);
        self.state.chassis = *chassis;
        // The engine owns the velocity: no opening half kick hosted.
        self.opening_kick = false;
        let forces = if self.params.sim.input_jump_half_kick {
            self.hosted_step_kicked(dt, chassis, ground, &before)
        } else {
            pipeline::step_hosted(
                &self.params,
                &self.derived,
                &self.controls,
                &mut self.state,
                ground,
                dt,
            )
        };
        self.finish_hosted_step_with(before.time(), &forces, |state| before.restore(state))
            .map(|()| forces)
    }

    /// The end of a hosted step for a host that runs the [`pipeline`] stages itself on
    /// [`Vehicle::parts_mut`] (the Bevy plugin does): `before` is the state before the step
    /// (taken before the engine's body was written into it), `forces` what the step would
    /// give the engine. The same check as [`Vehicle::try_step_hosted`]'s: a finite state and
    /// wrench count the step; otherwise the state goes back to `before`, the fault is recorded
    /// and returned, and the host must not apply `forces`. A host that finds the engine's
    /// body non-finite before running any stage writes it into the state and calls this with
    /// no forces: the fault names the chassis channel.
    ///
    /// # Errors
    /// The [`StepFault`] of this step (the vehicle keeps `before`).
    pub fn finish_hosted_step(
        &mut self,
        before: &VehicleState,
        forces: &ChassisForces,
    ) -> Result<(), StepFault> {
        self.finish_hosted_step_with(before.time, forces, |state| state.clone_from(before))
    }

    /// [`Vehicle::finish_hosted_step`] for a step that started at `time`, with `undo` putting
    /// the state before the step back.
    fn finish_hosted_step_with(
        &mut self,
        time: f64,
        forces: &ChassisForces,
        undo: impl FnOnce(&mut VehicleState),
    ) -> Result<(), StepFault> {
        if let Some(value) = [forces.total.force, forces.total.torque]
            .into_iter()
            .flat_map(|v| v.to_array())
            .find(|x| !x.is_finite())
            && fault::first_non_finite(&self.state).is_none()
        {
            let f = StepFault {
                step: self.steps + 1,
                time,
                channel: Channel::HostedWrench,
                value,
            };
            undo(&mut self.state);
            self.fault = Some(f);
            return Err(f);
        }
        self.finish_step_with(time, undo)
    }
}
