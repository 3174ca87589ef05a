//! # skidpad — vehicle dynamics core
//!
//! One validated physics core for wheeled and tracked ground vehicles: a 6-DOF chassis,
//! sprung-mass suspension, ground contact by ray casts or wheel sweeps, tires and wheel spin,
//! direct per-wheel drive and brakes. It is engine-agnostic: the same [`pipeline`] runs in the
//! standalone [`World`] (skidpad integrates the chassis) and hosted in a physics engine (the
//! engine integrates; [`vehicle::Vehicle::step_hosted`] returns forces at points).
//!
//! Layers (bottom to top; see `ARCHITECTURE.md`): foundation (`math`, `error`, `curve`);
//! subsystems with their params, state and stage functions ([`chassis`], [`surface`],
//! [`ground`], [`suspension`], [`tire`], [`steering`], [`input`], [`drivetrain`],
//! [`stability`], [`aero`]); the corner ([`wheel`]); the vehicle's data ([`params`],
//! [`state`]); the step order ([`pipeline`]); the handle ([`vehicle::Vehicle`]); and what
//! uses it from outside ([`telemetry`], [`world`], [`maneuver`], [`presets`], [`file`](mod@file)).
//!
//! Conventions: SI units and radians; world frame z-up, gravity along −z; vehicle frame ISO
//! 8855 (x forward, y left, z up); `f64` everywhere. Parameters are validated once
//! ([`ParamError`] names the field path), a step never allocates, and the same inputs give
//! bit-identical results.
//!
//! ```
//! use skidpad::{World, presets, ground::Plane, vehicle::Intent, Pose, DVec3};
//! let mut world = World::new(Plane::flat());
//! let car = world.spawn(presets::sedan(), Pose::from_translation(DVec3::new(0.0, 0.0, 0.4))).unwrap();
//! world.vehicle_mut(car).set_intent(Intent { throttle: 1.0, ..Intent::default() }).unwrap();
//! for _ in 0..600 { world.step(1.0 / 60.0); }
//! println!("{:.1} m/s", world.vehicle(car).state().speed());
//! ```
//!
//! # Cargo features
//! All on by default; `default-features = false` leaves the physics core (glam and serde only).
//!
//! | feature | adds | dependency |
//! |---|---|---|
//! | `parallel` | [`World::step_parallel`] | rayon |
//! | `files` | the [`file`](mod@file) module: TOML vehicle files ([`VehicleParams::from_toml_path`], [`ConfigError`]); [`TirFile::from_path`](tire::mf::TirFile::from_path) | toml |
//! | `parry` | [`ground::ParryGround`] (any parry3d shape as ground) and [`ground::HeightField`] | parry3d-f64 |
#![warn(missing_docs)]

pub mod aero;
pub mod body1d;
pub mod chassis;
pub mod curve;
pub mod drivetrain;
pub mod error;
#[cfg(feature = "files")]
pub mod file;
pub mod ground;
pub mod input;
pub mod layout;
pub mod maneuver;
pub mod math;
pub mod params;
pub mod pipeline;
pub mod presets;
pub mod stability;
pub mod state;
pub mod steering;
pub mod surface;
pub mod suspension;
pub mod telemetry;
pub mod tire;
pub mod validation;
pub mod vehicle;
pub mod wheel;
pub mod world;

#[cfg(test)]
mod test_rng;

/// Maximum number of wheels per vehicle (PhysX `PX_MAX_NB_WHEELS` is 20). Every per-wheel
/// runtime array has this fixed capacity so a step never allocates.
pub const MAX_WHEELS: usize = 20;

pub use curve::Curve;
pub use error::{InputError, ParamError};
#[cfg(feature = "files")]
pub use file::ConfigError;
pub use glam::{DMat3, DQuat, DVec3};
pub use math::Pose;
pub use vehicle::{Intent, Vehicle, VehicleParams};
pub use world::{VehicleId, World};

/// The README's library example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
