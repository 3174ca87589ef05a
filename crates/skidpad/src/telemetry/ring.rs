//! A fixed-capacity ring buffer: the one allocation happens at construction; [`RingBuffer::push`]
//! never allocates and, once full, overwrites the oldest entry (PhysX keeps 256 telemetry
//! samples the same way).
//!
//! ```
//! use skidpad::telemetry::RingBuffer;
//! let mut r = RingBuffer::new(3);
//! for i in 0..5 { r.push(i); }
//! assert_eq!(r.iter().copied().collect::<Vec<_>>(), [2, 3, 4]); // oldest → newest
//! assert_eq!(r.latest(), Some(&4));
//! assert_eq!(r.overwritten(), 2);
//! ```

use crate::error::ParamError;
use std::collections::VecDeque;

/// Default capacity of a telemetry ring: 256 samples, as PhysX's vehicle telemetry.
pub const DEFAULT_CAPACITY: usize = 256;

/// A ring of at most `capacity` values, oldest first.
///
/// The storage is reserved once by [`RingBuffer::new`]; the length never exceeds the capacity,
/// so no operation after construction allocates.
#[derive(Debug, Clone, PartialEq)]
pub struct RingBuffer<T> {
    buf: VecDeque<T>,
    capacity: usize,
    overwritten: u64,
}

impl<T> Default for RingBuffer<T> {
    /// A ring of [`DEFAULT_CAPACITY`] entries.
    fn default() -> Self {
        Self::new(DEFAULT_CAPACITY)
    }
}

impl<T> RingBuffer<T> {
    /// An empty ring holding at most `capacity` values (allocates once, here).
    ///
    /// # Panics
    /// If `capacity` is 0 (see [`RingBuffer::try_new`]).
    pub fn new(capacity: usize) -> Self {
        Self::try_new(capacity).expect("ring buffer capacity must be > 0")
    }

    /// An empty ring holding at most `capacity` values.
    ///
    /// # Errors
    /// If `capacity` is 0.
    pub fn try_new(capacity: usize) -> Result<Self, ParamError> {
        if capacity == 0 {
            return Err(ParamError::new("capacity", "must be > 0"));
        }
        Ok(Self {
            buf: VecDeque::with_capacity(capacity),
            capacity,
            overwritten: 0,
        })
    }

    /// Append `value`; when full, the oldest value is dropped first. Never allocates.
    pub fn push(&mut self, value: T) {
        if self.buf.len() == self.capacity {
            self.buf.pop_front();
            self.overwritten += 1;
        }
        self.buf.push_back(value);
    }

    /// Remove and return the oldest value.
    pub fn pop_oldest(&mut self) -> Option<T> {
        self.buf.pop_front()
    }

    /// The newest value.
    pub fn latest(&self) -> Option<&T> {
        self.buf.back()
    }

    /// The oldest value still held.
    pub fn oldest(&self) -> Option<&T> {
        self.buf.front()
    }

    /// The `i`-th value counting from the oldest (0 = oldest).
    pub fn get(&self, i: usize) -> Option<&T> {
        self.buf.get(i)
    }

    /// Values held, oldest to newest.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator + '_ {
        self.buf.iter()
    }

    /// Remove every value, yielding them oldest to newest (the storage is kept).
    pub fn drain(&mut self) -> impl DoubleEndedIterator<Item = T> + ExactSizeIterator + '_ {
        self.buf.drain(..)
    }

    /// Number of values held (≤ [`RingBuffer::capacity`]).
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// True if nothing is held.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// True if the next push overwrites the oldest value.
    pub fn is_full(&self) -> bool {
        self.buf.len() == self.capacity
    }

    /// Maximum number of values held, fixed at construction.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Number of values dropped so far because the ring was full (never reset by `clear`).
    pub fn overwritten(&self) -> u64 {
        self.overwritten
    }

    /// Remove every value (the storage is kept).
    pub fn clear(&mut self) {
        self.buf.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_oldest_to_newest() {
        let mut r = RingBuffer::new(4);
        assert!(r.is_empty());
        assert_eq!(r.latest(), None);
        for i in 0..10 {
            r.push(i);
            assert_eq!(r.len(), (i + 1).min(4) as usize);
            assert_eq!(r.latest(), Some(&i));
        }
        // 10 pushes into 4 slots: 6..=9 remain, 6 overwritten.
        assert_eq!(r.iter().copied().collect::<Vec<_>>(), [6, 7, 8, 9]);
        assert_eq!(r.iter().rev().copied().collect::<Vec<_>>(), [9, 8, 7, 6]);
        assert_eq!(r.oldest(), Some(&6));
        assert_eq!(r.get(1), Some(&7));
        assert_eq!(r.get(4), None);
        assert_eq!(r.overwritten(), 6);
        assert!(r.is_full());
        assert_eq!(r.capacity(), 4);
        assert_eq!(r.drain().collect::<Vec<_>>(), [6, 7, 8, 9]);
        assert!(r.is_empty());
        r.push(42);
        assert_eq!(r.pop_oldest(), Some(42));
        r.push(1);
        r.clear();
        assert_eq!((r.len(), r.capacity()), (0, 4));
    }

    #[test]
    fn zero_capacity_is_an_error_and_default_is_256() {
        assert!(RingBuffer::<u8>::try_new(0).is_err());
        assert_eq!(RingBuffer::<u8>::default().capacity(), 256);
    }
}
