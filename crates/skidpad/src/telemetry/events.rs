//! Events: discrete things that happened between two consecutive samples, found by the pure
//! function [`detect`], and the [`EventMonitor`] that runs it on consecutive samples (a
//! vehicle's [`super::Monitor`] holds one).
//!
//! | event | fires when (prev → now) |
//! |---|---|
//! | [`EventKind::WheelUngrounded`] | the wheel was on the ground and is not |
//! | [`EventKind::WheelGrounded`] | the wheel was off the ground and is on it |
//! | [`EventKind::Airborne`] | some wheel was grounded, now none is |
//! | [`EventKind::Landed`] | no wheel was grounded, now some is; `impact_speed` = the CoM's downward speed at the last airborne sample (m/s; within `g·dt` below the exact touchdown speed) |
//! | [`EventKind::GearChanged`] | the selected gear ([`VehicleSample::target_gear`]) changed: fires when a shift *starts*; the engaged gear reads neutral for the shift time |
//! | [`EventKind::DriftStarted`] / [`EventKind::DriftEnded`] | the [`super::drift`] detector changed state |
//!
//! Within one step events come in this order: wheels (in wheel order, ungrounded before
//! grounded), airborne/landed, gear, drift. One step yields at most [`MAX_EVENTS_PER_STEP`]
//! events, so [`EventList`] never overflows.

use super::drift::{self, DriftChange, DriftParams, DriftState};
use super::ring::RingBuffer;
use super::schema::VehicleSample;
use crate::MAX_WHEELS;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EventKind {
    /// Wheel `wheel` (index in the vehicle's wheel list) touched the ground.
    WheelGrounded {
        /// Wheel index.
        wheel: usize,
    },
    /// Wheel `wheel` left the ground.
    WheelUngrounded {
        /// Wheel index.
        wheel: usize,
    },
    /// The last grounded wheel left the ground: the vehicle is airborne.
    Airborne,
    /// The first wheel touched the ground after the vehicle was airborne.
    Landed {
        /// Downward vertical speed of the centre of mass just before touchdown (≥ 0). Unit: m/s.
        impact_speed: f64,
    },
    /// The selected gear changed (−1 reverse, 0 neutral, 1.. forward).
    GearChanged {
        /// Previous selected gear.
        from: i8,
        /// New selected gear.
        to: i8,
    },
    /// A drift started.
    DriftStarted {
        /// Body slip angle at the start, + sliding left. Unit: rad.
        slip_angle: f64,
        /// Speed at the start. Unit: m/s.
        speed: f64,
    },
    /// The drift ended.
    DriftEnded {
        /// Duration of the drift. Unit: s.
        duration: f64,
        /// Body slip angle of largest magnitude during the drift (signed). Unit: rad.
        peak_slip_angle: f64,
    },
}

/// An event and the simulated time of the sample where it was seen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Event {
    /// Simulated time of the step that produced the event. Unit: s.
    pub time: f64,
    /// What happened.
    pub kind: EventKind,
}

/// Upper bound of events between two samples: a grounded/ungrounded event per wheel, one of
/// airborne/landed, one gear change and one drift change.
pub const MAX_EVENTS_PER_STEP: usize = MAX_WHEELS + 3;

/// Default capacity of a vehicle's event queue ([`EventMonitor`]).
pub const DEFAULT_EVENT_QUEUE_CAPACITY: usize = 64;

/// The events of one step, in a fixed array (no heap).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EventList {
    events: [Event; MAX_EVENTS_PER_STEP],
    len: usize,
}

impl Default for EventList {
    fn default() -> Self {
        Self {
            events: [Event {
                time: 0.0,
                kind: EventKind::Airborne,
            }; MAX_EVENTS_PER_STEP],
            len: 0,
        }
    }
}

impl EventList {
    /// Append an event (ignored if full, which [`detect`] cannot cause).
    pub fn push(&mut self, e: Event) {
        if self.len < MAX_EVENTS_PER_STEP {
            self.events[self.len] = e;
            self.len += 1;
        }
    }

    /// The events, in order.
    pub fn as_slice(&self) -> &[Event] {
        &self.events[..self.len]
    }

    /// Number of events.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<'a> IntoIterator for &'a EventList {
    type Item = &'a Event;
    type IntoIter = std::slice::Iter<'a, Event>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The events between two consecutive samples of one vehicle (see the module table). Pure
/// apart from the drift detector's memory `drift`; never allocates.
pub fn detect(
    prev: &VehicleSample,
    now: &VehicleSample,
    drift_state: &mut DriftState,
    drift_params: &DriftParams,
) -> EventList {
    let mut out = EventList::default();
    let mut push = |kind| {
        out.push(Event {
            time: now.time,
            kind,
        })
    };
    let n = prev.n_wheels.max(now.n_wheels);
    for wheel in 0..n {
        match (prev.wheels[wheel].grounded, now.wheels[wheel].grounded) {
            (true, false) => push(EventKind::WheelUngrounded { wheel }),
            (false, true) => push(EventKind::WheelGrounded { wheel }),
            _ => {}
        }
    }
    match (prev.airborne(), now.airborne()) {
        (false, true) => push(EventKind::Airborne),
        (true, false) => push(EventKind::Landed {
            impact_speed: (-prev.vertical_velocity).max(0.0),
        }),
        _ => {}
    }
    if prev.target_gear != now.target_gear {
        push(EventKind::GearChanged {
            from: prev.target_gear,
            to: now.target_gear,
        });
    }
    let change = drift::update(
        drift_params,
        drift_state,
        now.time,
        now.body_slip_angle,
        now.speed,
        !now.airborne(),
    );
    match change {
        Some(DriftChange::Started { slip_angle, speed }) => {
            push(EventKind::DriftStarted { slip_angle, speed })
        }
        Some(DriftChange::Ended {
            duration,
            peak_slip_angle,
        }) => push(EventKind::DriftEnded {
            duration,
            peak_slip_angle,
        }),
        None => {}
    }
    out
}

/// The event machinery on samples: the last sample, the drift detector and a fixed-capacity
/// queue of events not yet drained. [`super::Monitor`] feeds it a vehicle's sample after each
/// step; use it directly to detect events in recorded samples.
///
/// The queue keeps events until drained; when full, the oldest are dropped and counted in
/// [`RingBuffer::overwritten`]. The first observation after [`EventMonitor::restart`] (spawn,
/// teleport) only sets the baseline: it emits no events.
#[derive(Debug, Clone)]
pub struct EventMonitor {
    last: VehicleSample,
    baseline_pending: bool,
    drift_params: DriftParams,
    drift: DriftState,
    queue: RingBuffer<Event>,
}

impl Default for EventMonitor {
    fn default() -> Self {
        Self::new(DEFAULT_EVENT_QUEUE_CAPACITY)
    }
}

impl EventMonitor {
    /// A monitor with a queue of `capacity` events (allocated once, here) and the default
    /// drift thresholds.
    ///
    /// # Panics
    /// If `capacity` is 0.
    pub fn new(capacity: usize) -> Self {
        Self {
            last: VehicleSample::default(),
            baseline_pending: true,
            drift_params: DriftParams::default(),
            drift: DriftState::default(),
            queue: RingBuffer::new(capacity),
        }
    }

    /// Forget the previous sample and the drift memory: the next observation is a baseline.
    /// Queued events are kept.
    pub fn restart(&mut self, sample: VehicleSample) {
        self.last = sample;
        self.baseline_pending = true;
        self.drift = DriftState::default();
    }

    /// Take the sample after a step: detect events against the previous one and queue them.
    /// Returns the number of events found. Never allocates.
    pub fn observe(&mut self, sample: VehicleSample) -> usize {
        if self.baseline_pending {
            self.baseline_pending = false;
            self.last = sample;
            return 0;
        }
        let found = detect(&self.last, &sample, &mut self.drift, &self.drift_params);
        for e in &found {
            self.queue.push(*e);
        }
        self.last = sample;
        found.len()
    }

    /// The latest sample.
    pub fn sample(&self) -> &VehicleSample {
        &self.last
    }

    /// Events not yet drained, oldest first.
    pub fn events(&self) -> &RingBuffer<Event> {
        &self.queue
    }

    /// Remove and yield the queued events, oldest first (no allocation).
    pub fn drain(&mut self) -> impl ExactSizeIterator<Item = Event> + '_ {
        self.queue.drain()
    }

    /// Drift thresholds in force.
    pub fn drift_params(&self) -> &DriftParams {
        &self.drift_params
    }

    /// Set the drift thresholds (the detector's memory is kept).
    ///
    /// # Errors
    /// From [`DriftParams::validate`]; nothing changes then.
    pub fn set_drift_params(&mut self, p: DriftParams) -> Result<(), crate::ParamError> {
        p.validate()?;
        self.drift_params = p;
        Ok(())
    }

    /// The drift detector's memory (`drifting` says whether a drift is under way).
    pub fn drift_state(&self) -> &DriftState {
        &self.drift
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grounded(n: usize, mask: u32) -> VehicleSample {
        let mut s = VehicleSample {
            n_wheels: n,
            ..VehicleSample::default()
        };
        for (i, w) in s.wheels[..n].iter_mut().enumerate() {
            w.grounded = mask & (1 << i) != 0;
        }
        s
    }

    #[test]
    fn wheel_airborne_and_landing_transitions() {
        let p = DriftParams::default();
        let mut d = DriftState::default();
        let mut a = grounded(4, 0b1111);
        let b = grounded(4, 0b0011);
        let kinds = |l: &EventList| l.as_slice().iter().map(|e| e.kind).collect::<Vec<_>>();
        assert_eq!(
            kinds(&detect(&a, &b, &mut d, &p)),
            [
                EventKind::WheelUngrounded { wheel: 2 },
                EventKind::WheelUngrounded { wheel: 3 }
            ]
        );
        let mut c = grounded(4, 0);
        c.vertical_velocity = -2.5;
        c.time = 1.0;
        let l = detect(&b, &c, &mut d, &p);
        assert_eq!(l.as_slice().last().unwrap().kind, EventKind::Airborne);
        assert_eq!(l.as_slice()[0].time, 1.0);
        a.target_gear = 3;
        let l = detect(&c, &a, &mut d, &p);
        assert_eq!(
            kinds(&l),
            [
                EventKind::WheelGrounded { wheel: 0 },
                EventKind::WheelGrounded { wheel: 1 },
                EventKind::WheelGrounded { wheel: 2 },
                EventKind::WheelGrounded { wheel: 3 },
                EventKind::Landed { impact_speed: 2.5 },
                EventKind::GearChanged { from: 0, to: 3 },
            ]
        );
        assert!(detect(&a, &a, &mut d, &p).is_empty());
    }

    #[test]
    fn monitor_baseline_then_queue_with_overflow() {
        let mut m = EventMonitor::new(3);
        let up = grounded(2, 0);
        let down = grounded(2, 0b11);
        // Baseline: nothing even though the state differs from the default sample.
        assert_eq!(m.observe(down), 0);
        assert_eq!(m.observe(up), 3); // 2 ungrounded + airborne
        assert_eq!(m.observe(down), 3); // 2 grounded + landed (oldest dropped)
        assert_eq!(m.events().len(), 3);
        assert_eq!(m.events().overwritten(), 3);
        let drained: Vec<_> = m.drain().map(|e| e.kind).collect();
        assert_eq!(drained[2], EventKind::Landed { impact_speed: 0.0 });
        assert!(m.events().is_empty());
    }
}
