//! # skidpad — vehicle dynamics core
//!
//! One validated physics core for wheeled and tracked ground vehicles: 6-DOF chassis,
//! sprung-mass suspension, ground contact by ray casts or wheel sweeps, tires, drive and
//! brakes. It is engine-agnostic: the same [`pipeline`] runs in the standalone [`World`]
//! (skidpad integrates the chassis) and hosted in a physics engine (the engine integrates;
//! skidpad returns forces at points).
//!
//! Conventions: SI units and radians; world frame z-up, gravity along −z; vehicle frame ISO
//! 8855 (x forward, y left, z up); `f64` everywhere.
#![warn(missing_docs)]

pub mod body1d;
pub mod curve;
pub mod error;
pub mod ground;
pub mod math;

/// Maximum number of wheels per vehicle (PhysX `PX_MAX_NB_WHEELS` is 20). Every per-wheel
/// runtime array has this fixed capacity so a step never allocates.
pub const MAX_WHEELS: usize = 20;

pub use curve::Curve;
pub use error::{InputError, ParamError};
pub use glam::{DMat3, DQuat, DVec3};
pub use math::Pose;
