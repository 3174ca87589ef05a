//! Breakable parts (LibreRally's `BreakablePartComponent`): a part held on an Avian joint
//! (typically a `FixedJoint` between the chassis and the part's own rigid body) that breaks
//! when the force the joint measures exceeds the part's strength. Breaking inserts Avian's
//! `JointDisabled` on the joint entity, so the part's body goes on as an ordinary rigid body,
//! and writes a [`PartBroken`] message.
//!
//! The measured force is Avian's `JointForces` (required by [`BreakablePart`]), the
//! constraint force of the last physics step (N; the torque in N·m). Checked in
//! [`BreakablePartSystems`], at the start of the plugin's fixed step: a part breaks on the
//! step after the one whose force exceeded the strength.

use avian3d::prelude::*;
use bevy::prelude::*;

/// The system set that checks breakable parts: on the plugin's schedule, before
/// `GroundVehicleSystems::InputAdaptation`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BreakablePartSystems;

/// Put on a joint entity: the joint breaks when `|force| > strength` or, if set,
/// `|torque| > torque_strength`.
#[derive(Component, Reflect, Debug, Clone, Copy, PartialEq)]
#[reflect(Component)]
#[require(JointForces)]
pub struct BreakablePart {
    /// Largest constraint force the joint holds. Unit: N. Range: (0, ∞].
    pub strength: f64,
    /// Largest constraint torque the joint holds (`None`: torque never breaks it). Unit: N·m.
    pub torque_strength: Option<f64>,
}

impl BreakablePart {
    /// A part that breaks above `strength` newtons.
    pub fn new(strength: f64) -> Self {
        Self {
            strength,
            torque_strength: None,
        }
    }
}

/// A breakable part's joint broke.
#[derive(Message, Reflect, Debug, Clone, Copy, PartialEq)]
pub struct PartBroken {
    /// The joint entity (now with `JointDisabled`).
    pub joint: Entity,
    /// The joint force that broke it. Unit: N.
    pub force: f64,
    /// The joint torque at that step. Unit: N·m.
    pub torque: f64,
}

/// Break every intact part whose last joint force or torque is over its strength.
pub(crate) fn break_parts(
    mut commands: Commands,
    q: Query<(Entity, &BreakablePart, &JointForces), Without<JointDisabled>>,
    mut out: MessageWriter<PartBroken>,
) {
    for (joint, part, f) in &q {
        let (force, torque) = (f.force().length(), f.torque().length());
        let over_torque = part.torque_strength.is_some_and(|s| torque > s);
        if force > part.strength || over_torque {
            commands.entity(joint).insert(JointDisabled);
            out.write(PartBroken {
                joint,
                force,
                torque,
            });
        }
    }
}
