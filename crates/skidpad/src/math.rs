//! Small geometric types shared by every subsystem.
//!
//! Frames: the world is z-up with gravity along −z; a vehicle frame follows ISO 8855
//! (x forward, y left, z up). A [`Pose`] maps vehicle-frame points to world points:
//! `p_world = translation + rotation * p_body`.

use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};

/// A rigid transform: rotation then translation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    /// Position of the frame origin in the parent (world) frame. Unit: m.
    pub translation: DVec3,
    /// Orientation of the frame in the parent frame (unit quaternion).
    pub rotation: DQuat,
}

impl Default for Pose {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl Pose {
    /// The identity pose.
    pub const IDENTITY: Self = Self {
        translation: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
    };

    /// A pose with no rotation.
    pub const fn from_translation(translation: DVec3) -> Self {
        Self {
            translation,
            rotation: DQuat::IDENTITY,
        }
    }

    /// A pose from translation and rotation.
    pub const fn new(translation: DVec3, rotation: DQuat) -> Self {
        Self {
            translation,
            rotation,
        }
    }

    /// Map a point from this frame to the parent frame.
    #[inline]
    pub fn transform_point(&self, p: DVec3) -> DVec3 {
        self.translation + self.rotation * p
    }

    /// Map a direction from this frame to the parent frame.
    #[inline]
    pub fn transform_vector(&self, v: DVec3) -> DVec3 {
        self.rotation * v
    }

    /// Map a point from the parent frame into this frame.
    #[inline]
    pub fn inverse_transform_point(&self, p: DVec3) -> DVec3 {
        self.rotation.inverse() * (p - self.translation)
    }

    /// Map a direction from the parent frame into this frame.
    #[inline]
    pub fn inverse_transform_vector(&self, v: DVec3) -> DVec3 {
        self.rotation.inverse() * v
    }

    /// True if translation and rotation are finite and the rotation has unit length (1e-6).
    pub fn is_valid(&self) -> bool {
        self.translation.is_finite()
            && self.rotation.is_finite()
            && (self.rotation.length() - 1.0).abs() < 1e-6
    }
}
