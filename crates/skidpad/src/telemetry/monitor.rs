//! [`Monitor`]: telemetry observing a [`Vehicle`] from outside the step.
//!
//! The step does not sample or detect events itself: a host that wants them keeps a `Monitor`
//! per vehicle and calls [`Monitor::observe`] after each step (the CLI's recorder, the
//! manoeuvres' observers and the Bevy plugin's telemetry set do); one that doesn't pays nothing.
//! A teleport (counted in [`crate::state::VehicleState::teleports`]) restarts the baseline, so
//! the step after it reports no events, as a spawn.

use super::drift::DriftParams;
use super::events::{DEFAULT_EVENT_QUEUE_CAPACITY, Event, EventMonitor};
use super::ring::RingBuffer;
use super::schema::{VehicleSample, sample};
use crate::error::ParamError;
use crate::vehicle::Vehicle;

/// The last telemetry sample of a vehicle, a drift detector and a queue of events not yet
/// drained. Allocation-free after construction.
#[derive(Debug, Clone)]
pub struct Monitor {
    events: EventMonitor,
    teleports: u64,
}

impl Monitor {
    /// Start observing `v`: its current sample is the baseline (no events for it). The event
    /// queue holds [`DEFAULT_EVENT_QUEUE_CAPACITY`] events.
    pub fn new(v: &Vehicle) -> Self {
        Self::with_capacity(v, DEFAULT_EVENT_QUEUE_CAPACITY)
    }

    /// [`Monitor::new`] with an event queue of `capacity` (allocated here, once).
    pub fn with_capacity(v: &Vehicle, capacity: usize) -> Self {
        let mut events = EventMonitor::new(capacity);
        events.restart(sample(v));
        Self {
            events,
            teleports: v.state().teleports,
        }
    }

    /// Sample `v` after a step and queue the events the step implies; returns how many. After
    /// a teleport the sample only becomes the new baseline.
    pub fn observe(&mut self, v: &Vehicle) -> usize {
        let s = sample(v);
        if v.state().teleports != self.teleports {
            self.teleports = v.state().teleports;
            self.events.restart(s);
        }
        self.events.observe(s)
    }

    /// The sample of the last observation.
    pub fn sample(&self) -> &VehicleSample {
        self.events.sample()
    }

    /// Events detected and not yet drained, oldest first; beyond the queue's capacity the
    /// oldest are dropped (counted by [`RingBuffer::overwritten`]).
    pub fn events(&self) -> &RingBuffer<Event> {
        self.events.events()
    }

    /// Remove and yield the queued events, oldest first. Never allocates.
    pub fn drain(&mut self) -> impl ExactSizeIterator<Item = Event> + '_ {
        self.events.drain()
    }

    /// Drift detector thresholds in force (defaults: [`DriftParams::default`]).
    pub fn drift_params(&self) -> &DriftParams {
        self.events.drift_params()
    }

    /// Set the drift detector thresholds.
    ///
    /// # Errors
    /// From [`DriftParams::validate`]; nothing changes then.
    pub fn set_drift_params(&mut self, p: DriftParams) -> Result<(), ParamError> {
        self.events.set_drift_params(p)
    }

    /// True while the drift detector reports a drift.
    pub fn is_drifting(&self) -> bool {
        self.events.drift_state().drifting
    }

    /// The drift detector's memory: whether a drift is under way, since when, its peak slip
    /// angle so far.
    pub fn drift_state(&self) -> &super::drift::DriftState {
        self.events.drift_state()
    }
}
