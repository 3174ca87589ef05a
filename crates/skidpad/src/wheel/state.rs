//! Runtime state of one wheel: what each stage of the step wrote for it this substep.
//!
//! What follows from the chassis pose and the params alone is not physics state (one slot per
//! wheel, [`crate::wheel::WheelSlots`]): the suspension line's top and direction ([`crate::wheel::strut_top_world`],
//! [`crate::wheel::travel_direction_world`]) and where the suspension and tyre forces act
//! ([`crate::wheel::suspension_force_point_world`], [`crate::wheel::tire_force_point_world`]).
//! The substep's axle and suspension line are kept as derived caches (`*_substep`, left out
//! of the `Debug` form) so the contact stage's are not computed again by the later stages:
//! [`FrameKey`] says when they may be read.

use crate::ground::{HitCache, SurfaceId};
use crate::math::Pose;
use crate::suspension::SuspensionState;
use crate::tire::TireState;
use crate::tire::model::ContactInput;
use glam::DVec3;

/// Runtime state of one wheel.
///
/// Its `Debug` form (the determinism hash, [`crate::vehicle::snapshot::state_hash`]) lists
/// every field but the derived caches [`WheelState::axle_world_substep`],
/// [`WheelState::strut_top_substep`], [`WheelState::travel_substep`] and
/// [`WheelState::steer_queried`] and the step output
/// [`WheelState::drive_work`], in declaration order, as `#[derive(Debug)]` would.
#[derive(Clone, Copy, PartialEq, Default)]
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
    /// Step output, not physics state: the work the drive torque did on this wheel over the
    /// last step, `Σ_substeps τ_drive·ω'·h` (signed: negative where the driveline takes energy
    /// back), with the spin `ω'` at the end of each substep, the one the grip stage's
    /// implicit (backward-Euler) spin solve evaluates every torque at. Why that `ω'`: the
    /// solve is `I·(ω' − ω) = h·Σ τ_k(ω')`, so the spin's energy changes by
    /// `½·I·(ω'² − ω²) = h·Σ τ_k·ω' − ½·I·(ω' − ω)²`: in the scheme's own energy balance each
    /// torque does the work `τ_k·ω'·h`, and the scheme dissipates `½·I·(ω' − ω)² ≥ 0` besides.
    /// Cleared when a step starts ([`crate::vehicle::Vehicle::step`] and its hosted form),
    /// added to by every substep's grip stage (`pipeline::grip_stage`). Left out of the `Debug`
    /// form: the determinism hash is the same with or without it. Unit: J.
    pub drive_work: f64,
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
    /// plane the wheel stood on at the last query, met at this substep's pose (0 when
    /// either query found no ground). What the suspension stage's ground-rise impulse
    /// balances ([`crate::suspension::model::touchdown_impulse`]). Negative only when the
    /// ground found is farther along the line but stands above that plane (the line left it
    /// for a surface beside the wheel, a curb's face met from the side): the damper then
    /// reads the strut's rate on the new plane, not the jump (`pipeline::suspension_stage`,
    /// [`crate::suspension::model::ground_rise`]). Unit: m.
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
    /// Derived cache, not physics state: the wheel's spin axis in the world this substep,
    /// `R_body·R_z(δ)·R_x(−side·ε)·ŷ` ([`crate::wheel::wheel_rotation`]; unit), shared by the
    /// contact, suspension and grip stages. The contact stage ([`crate::wheel::query_ground`])
    /// rewrites it every substep from the chassis pose, steer and camber before any stage
    /// reads it; none of the three changes until the substep's integration, so each reader
    /// gets the bits it would compute itself. Zero until the first contact stage: a reader
    /// then computes the axle itself (a stage run alone, a test). Left out of the `Debug`
    /// form, so the determinism hash is the same with or without it (it follows from the
    /// state at the substep's start in any case). Unit: 1.
    pub axle_world_substep: DVec3,
    /// Derived cache, not physics state: the top of the wheel's suspension line in the world
    /// this substep ([`crate::wheel::strut_top_world`] at the chassis pose), written by the
    /// contact stage (`pipeline::contact_stage`) for the suspension stage. Valid only while
    /// the vehicle's [`FrameKey`] matches the chassis pose (the readers check; otherwise they
    /// compute it). Left out of the `Debug` form, as `axle_world_substep`. Unit: m.
    pub strut_top_substep: DVec3,
    /// Derived cache, not physics state: the wheel's unit travel direction (droop) in the
    /// world this substep ([`crate::wheel::travel_direction_world`] at the chassis pose),
    /// written with [`WheelState::strut_top_substep`] for the suspension and grip stages,
    /// under the same rule. Unit: 1.
    pub travel_substep: DVec3,
    /// Derived cache, not physics state: the steer angle (rad) the last contact stage
    /// queried with, rounded to `f32` (it then fits the struct's padding: the `Vehicle` stays
    /// within 4 KiB; the turn is known to 6e-8 rad, a wheel's reach `ρ·6e-8` ≈ 2e-8 m, far
    /// below `suspension::model::GROUND_RISE_SLOP`). The contact stage meets the plane the
    /// wheel stood on with the axle of that steer, so a wheel the steering turned into the
    /// plane counts as ground that rose into it (`WheelState::ground_rise`;
    /// `crate::wheel::turned`). At a substep's start it is the state's own `steer` rounded
    /// (only the next steering stage changes that), so it follows from the state: left out
    /// of the `Debug` form, as `axle_world_substep`. Unit: rad.
    pub steer_queried: f32,
}

/// Which chassis pose the wheels' substep frames ([`WheelState::strut_top_substep`],
/// [`WheelState::travel_substep`]) were built at: the pose's bits, or none.
///
/// The frames are a pure function of the pose and the wheel's params. The contact stage
/// writes every enabled wheel's frame and this key together; a later stage uses the stored
/// frame only when the key holds the bits of the pose it works at, and computes the frame
/// itself otherwise (a stage run alone, a pose moved since: integration, a teleport, a host,
/// a test writing the pose). A change of params that can move a frame (`set_params`,
/// enabling a wheel, copying another vehicle's dynamics) clears the key. So no reader gets
/// bits other than its own computation's. `Default`: none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FrameKey(Option<[u64; 7]>);

impl FrameKey {
    /// The key of frames built at `pose`.
    #[inline]
    pub fn of(pose: &Pose) -> Self {
        Self(Some(pose_bits(pose)))
    }

    /// Whether frames with this key were built at `pose` (bit for bit).
    #[inline]
    pub fn matches(&self, pose: &Pose) -> bool {
        // `self.0 == Some(pose_bits(pose))` without its `memcmp` call.
        self.0
            .is_some_and(|k| crate::math::same_words(&k, &pose_bits(pose)))
    }
}

/// The bits of `pose`'s translation and rotation.
#[inline]
fn pose_bits(pose: &Pose) -> [u64; 7] {
    let (t, q) = (pose.translation, pose.rotation);
    [t.x, t.y, t.z, q.x, q.y, q.z, q.w].map(f64::to_bits)
}

impl std::fmt::Debug for WheelState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `#[derive(Debug)]`'s form without the derived caches (`*_substep`).
        f.debug_struct("WheelState")
            .field("suspension", &self.suspension)
            .field("tire", &self.tire)
            .field("steer", &self.steer)
            .field("drive_torque", &self.drive_torque)
            .field("brake_torque", &self.brake_torque)
            .field("handbrake", &self.handbrake)
            .field("contact_point_world", &self.contact_point_world)
            .field("contact_normal_world", &self.contact_normal_world)
            .field("surface", &self.surface)
            .field("surface_velocity_world", &self.surface_velocity_world)
            .field("normal_load", &self.normal_load)
            .field("centre_world", &self.centre_world)
            .field("hit_cache", &self.hit_cache)
            .field("tire_input", &self.tire_input)
            .field("measured_jounce", &self.measured_jounce)
            .field("ground_rise", &self.ground_rise)
            .field("edge_force_world", &self.edge_force_world)
            .field("tire_long_world", &self.tire_long_world)
            .field("tire_lat_world", &self.tire_lat_world)
            .field("tire_force_world", &self.tire_force_world)
            .finish()
    }
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
