//! Runtime state of one wheel: what each stage of the step wrote for it this substep.
//!
//! What follows from the chassis pose and the params alone is not stored (one slot per
//! wheel, [`crate::wheel::WheelSlots`]): the suspension line's top and direction ([`crate::wheel::strut_top_world`],
//! [`crate::wheel::travel_direction_world`]) and where the suspension and tyre forces act
//! ([`crate::wheel::suspension_force_point_world`], [`crate::wheel::tire_force_point_world`]).

use crate::ground::{HitCache, SurfaceId};
use crate::suspension::SuspensionState;
use crate::tire::TireState;
use crate::tire::model::ContactInput;
use glam::DVec3;

/// Runtime state of one wheel.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct WheelState {
    /// Suspension line.
    pub suspension: SuspensionState,
    /// Tire and spin.
    pub tire: TireState,
    /// Road-wheel steer angle this step including toe, positive left. Unit: rad.
    pub steer: f64,
    /// Drive torque applied this step. Unit: N·m.
    pub drive_torque: f64,
    /// Brake torque applied this step. Unit: N·m.
    pub brake_torque: f64,
    /// Inputs stage: the hand-brake command acting on this wheel (0 on a wheel without a
    /// hand brake or under direct commands), read by the grip stage's hand-brake grip shaping.
    /// Unit: 1.
    pub handbrake: f64,
    /// Contact point on the ground (world), valid when `suspension.in_contact`. Unit: m.
    pub contact_point_world: DVec3,
    /// Ground normal at the contact (world).
    pub contact_normal_world: DVec3,
    /// Surface under the wheel.
    pub surface: SurfaceId,
    /// Velocity of the ground material at the contact (moving platforms). Unit: m/s.
    pub surface_velocity_world: DVec3,
    /// Normal load the ground puts on the tire (before the load filter). Unit: N.
    pub normal_load: f64,
    /// Wheel centre in the world. Unit: m.
    pub centre_world: DVec3,
    /// Cached hit plane for level-of-detail reuse.
    pub hit_cache: HitCache,
    /// What telemetry keeps of the input the tyre model was given last substep (inclination
    /// and surface friction; the rest of the [`ContactInput`] is params, chassis motion or
    /// the grip stage's own scratch); `None` when the wheel is off the ground.
    pub tire_input: Option<TireInputRecord>,
    // --- stage intermediates (written by one stage, read by a later one) ---
    /// Contact stage: the jounce at which the wheel touches the ground found this substep
    /// (`None`: no drivable ground within the travel). Unit: m.
    pub measured_jounce: Option<f64>,
    /// Contact stage: how much higher (as jounce) the ground found this substep is than the
    /// plane the wheel stood on at the last query, met at this substep's pose (≥ 0; 0 when
    /// either query found no ground). What the suspension stage's ground-rise impulse
    /// balances ([`crate::suspension::model::touchdown_impulse`]). Unit: m.
    pub ground_rise: f64,
    /// Suspension stage: the force over this substep that takes from the body the energy
    /// ground rising into the wheel stored in its strut (against the contact point's motion,
    /// at the contact point; `pipeline::suspension_stage`), world; zero otherwise. Unit: N.
    pub edge_force_world: DVec3,
    /// Grip stage: the tyre's longitudinal axis (wheel heading projected on the ground plane),
    /// world; zero off the ground.
    pub tire_long_world: DVec3,
    /// Grip stage: the tyre's lateral axis `n × long`, world; zero off the ground.
    pub tire_lat_world: DVec3,
    /// Grip stage: the tyre force on the chassis, `long·Fx + lat·Fy`, world; valid while the
    /// wheel is on the ground. Unit: N.
    pub tire_force_world: DVec3,
}

/// The part of a wheel's [`ContactInput`] kept after the grip stage, for telemetry: the full
/// input (23 numbers) and the coupled solve's linearisation live only within one
/// `pipeline::grip_stage` call.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TireInputRecord {
    /// [`ContactInput::camber`]: inclination γ to the ground, ISO sign. Unit: rad.
    pub camber: f64,
    /// [`ContactInput::friction_scale`]: friction multiplier of the surface under the tyre
    /// (wet grip, texture, tyre-type pair, thermal grip). Unit: 1.
    pub friction_scale: f64,
}

impl From<&ContactInput> for TireInputRecord {
    fn from(c: &ContactInput) -> Self {
        Self {
            camber: c.camber,
            friction_scale: c.friction_scale,
        }
    }
}
