//! The wheel states of one vehicle, sized by its wheel count.
//!
//! A vehicle of up to [`INLINE_WHEELS`] wheels (cars, karts, trikes) keeps its wheel states
//! inline, in the [`crate::state::VehicleState`] itself, so creating, cloning, snapshotting
//! and restoring it never allocates. A vehicle of more wheels (up to [`crate::MAX_WHEELS`])
//! keeps exactly as many states in one heap block allocated when its state is built (spawn,
//! [`crate::vehicle::Vehicle::new`]); a step never allocates, and [`Clone::clone_from`] (what
//! [`crate::vehicle::Vehicle::restore`] and the hosts' per-step copies use) copies into the
//! existing block when the counts match. Before this type the state held [`crate::MAX_WHEELS`]
//! slots for any vehicle (20 × 800 B).
//!
//! [`WheelSlots`] dereferences to the slice of the wheels in use (`len()` = the wheel count),
//! and its `Debug` form is that slice's.

use super::WheelState;
use std::fmt;
use std::ops::{Deref, DerefMut};

/// How many wheel states a vehicle state holds without a heap block.
pub const INLINE_WHEELS: usize = 4;

/// The states of a vehicle's wheels in use, in wheel order (see the [module docs](self)).
/// `Default`: no wheels.
pub struct WheelSlots(Slots);

/// Inline up to [`INLINE_WHEELS`], else one heap block of exactly the wheel count.
#[expect(
    clippy::large_enum_variant,
    reason = "the inline variant is the point: a car's wheels without a heap block"
)]
enum Slots {
    Inline {
        len: usize,
        slots: [WheelState; INLINE_WHEELS],
    },
    Heap(Box<[WheelState]>),
}

impl WheelSlots {
    /// `n` wheels at their default state. Allocates one block when `n > INLINE_WHEELS`
    /// (never in a step: only where a state is built).
    pub fn new(n: usize) -> Self {
        if n <= INLINE_WHEELS {
            Self(Slots::Inline {
                len: n,
                slots: [WheelState::default(); INLINE_WHEELS],
            })
        } else {
            Self(Slots::Heap(
                vec![WheelState::default(); n].into_boxed_slice(),
            ))
        }
    }

    /// Whether the states live in a heap block (more than [`INLINE_WHEELS`] wheels).
    pub fn is_heap(&self) -> bool {
        matches!(self.0, Slots::Heap(_))
    }
}

impl Default for WheelSlots {
    fn default() -> Self {
        Self::new(0)
    }
}

impl Deref for WheelSlots {
    type Target = [WheelState];
    fn deref(&self) -> &[WheelState] {
        match &self.0 {
            Slots::Inline { len, slots } => &slots[..*len],
            Slots::Heap(b) => b,
        }
    }
}

impl DerefMut for WheelSlots {
    fn deref_mut(&mut self) -> &mut [WheelState] {
        match &mut self.0 {
            Slots::Inline { len, slots } => &mut slots[..*len],
            Slots::Heap(b) => b,
        }
    }
}

impl<'a> IntoIterator for &'a WheelSlots {
    type Item = &'a WheelState;
    type IntoIter = std::slice::Iter<'a, WheelState>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut WheelSlots {
    type Item = &'a mut WheelState;
    type IntoIter = std::slice::IterMut<'a, WheelState>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl Clone for WheelSlots {
    fn clone(&self) -> Self {
        match &self.0 {
            Slots::Inline { len, slots } => Self(Slots::Inline {
                len: *len,
                slots: *slots,
            }),
            Slots::Heap(b) => Self(Slots::Heap(b.clone())),
        }
    }

    /// Copies into `self`'s storage when the wheel counts match (no allocation), else clones.
    fn clone_from(&mut self, source: &Self) {
        if self.len() == source.len() {
            self.copy_from_slice(source);
        } else {
            *self = source.clone();
        }
    }
}

impl PartialEq for WheelSlots {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl fmt::Debug for WheelSlots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sized_by_count_and_copied_in_place() {
        for n in [0, 3, 4, 5, 8, crate::MAX_WHEELS] {
            let mut a = WheelSlots::new(n);
            assert_eq!(a.len(), n);
            assert_eq!(a.is_heap(), n > INLINE_WHEELS);
            if n > 0 {
                a[n - 1].steer = 0.25;
            }
            let mut b = WheelSlots::new(n);
            let before = b.as_ptr();
            b.clone_from(&a);
            assert_eq!(b, a);
            // Same count: copied into the same storage.
            assert_eq!(b.as_ptr(), before);
        }
        let mut c = WheelSlots::new(8);
        c.clone_from(&WheelSlots::new(3));
        assert_eq!(c.len(), 3);
        assert!(!c.is_heap());
    }
}
