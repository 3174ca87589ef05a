//! The ECS path at the extremes and against the core. One test binary, a module per theme:
//!
//! - [`energy`]: drops onto a static collider with an energy audit;
//! - [`faults`]: step faults (NaN tyre forces, a NaN body) undone and reported;
//! - [`coupling`]: equal and opposite forces on a dynamic platform, the core's substeps,
//!   mass properties without `spawn_vehicle`, the fixed step a stiff vehicle needs;
//! - [`helpers`]: the drift helper and breakable parts.

use avian3d::prelude::*;
use bevy::prelude::*;
use bevy_skidpad::frame::{pose_to_core, to_core};
use bevy_skidpad::prelude::*;
use skidpad::chassis::ChassisState;

#[path = "../support/mod.rs"]
mod support;

mod coupling;
mod energy;
mod faults;
mod helpers;

fn braking() -> VehicleIntent {
    VehicleIntent {
        brake: 1.0,
        ..default()
    }
}

/// The chassis body's state in core axes, as the plugin reads it.
fn body_state(app: &App, car: Entity) -> ChassisState {
    let w = app.world();
    ChassisState {
        pose: pose_to_core(
            w.get::<Position>(car).unwrap().0,
            w.get::<Rotation>(car).unwrap().0,
        ),
        linear_velocity_world: to_core(w.get::<LinearVelocity>(car).unwrap().0),
        angular_velocity_world: to_core(w.get::<AngularVelocity>(car).unwrap().0),
    }
}

/// Messages of type `M` written in the last update.
fn messages<M: Message + Clone>(app: &App) -> Vec<M> {
    app.world()
        .resource::<Messages<M>>()
        .iter_current_update_messages()
        .cloned()
        .collect()
}
