//! A run recorded to named columns: one row of every channel per step, and the events of the
//! recorded steps.
//!
//! A [`Recorder`] observes a [`Vehicle`] from outside: after each step, [`Recorder::record`]
//! appends a row in [`super::channel_names`] order (the values of [`super::fill_row`], units in
//! the column names) and the events that step produced. Columns are looked up by name
//! ([`Recorder::column`], [`Recorder::series`]), never by position, so a new channel does not
//! shift a reader's indices.
//!
//! With the `files` feature (on by default) [`Recorder::write_csv`] and
//! [`Recorder::write_events_csv`] stream the run to any [`std::io::Write`] as CSV (the `csv`
//! crate): a header of column names, then one row per step (numbers in Rust's shortest
//! round-trip form, so a reader gets the same `f64` back); events as [`EVENT_COLUMNS`], a
//! cell empty where the event has no such value.
//!
//! Unlike the ring buffer ([`super::RingBuffer`]) the recorder grows: one `Vec` per row. It is
//! for tests, reports and files, not for a game's step loop. For long runs, [`CsvRecorder`]
//! writes each row to its CSV writer as it is recorded and keeps only the last one.
//!
//! # Bounded memory
//! A recorder holds at most [`Recorder::max_rows`] rows: by default [`RECORDER_MAX_VALUES`] values
//! (8·10⁶ `f64`, 64 MB: 74 766 rows of a four-wheeled car's 107 channels, ≈ 21 min at
//! 1/60 s), or [`Recorder::with_max_rows`]. When a row would exceed it, every other row is
//! dropped (rows 0, 2, 4, … stay) and from then on every second step is recorded; again when
//! full, every fourth; and so on. So a run of any length keeps evenly spaced rows over its
//! whole length, [`Recorder::stride`] steps apart, the first step always among them (the
//! `t_s` column says which steps are kept). A phase then starts at its first kept row.
//! Events are recorded for every step, up to [`RECORDER_MAX_EVENTS`]; later ones are counted in
//! [`Recorder::events_dropped`]. A manoeuvre, the main job and the Python bindings record
//! through a `Recorder`, so none of them grows without bound; to keep every step of a long run
//! on disk, stream it with a [`CsvRecorder`].
//!
//! ```
//! use skidpad::{telemetry::Recorder, vehicle::Vehicle, presets, ground::Plane, Pose, DVec3};
//! let mut car = Vehicle::new(presets::sedan()).unwrap();
//! car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
//! let mut rec = Recorder::for_vehicle(car.params());
//! for _ in 0..60 {
//!     car.step(1.0 / 60.0, &Plane::flat());
//!     rec.record(&car);
//! }
//! // 60 steps of 1/60 s: the last row is at t = 1 s (to rounding of the sum).
//! assert!((rec.last("t_s").unwrap() - 1.0).abs() < 1e-9);
//! assert_eq!(rec.series("t_s").unwrap().count(), 60);
//! ```

use super::{Event, EventKind, Monitor, channel_names, fill_row_from_sample, sample};
use crate::vehicle::{Vehicle, VehicleParams};

/// A named part of a recorded run (the main job's settle, 0–100 km/h, 100–0 km/h, slalom):
/// it starts at row [`Phase::start_row`] and lasts until the next phase starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Phase {
    /// Name, as the run's driver calls it (e.g. [`crate::maneuver::main_job::PHASES`]).
    pub name: String,
    /// Index of the phase's first row in [`Recorder::rows`].
    pub start_row: usize,
}

/// Most values a [`Recorder`] keeps by default: `max_rows = RECORDER_MAX_VALUES / columns` (see the
/// [module docs](self)). 8·10⁶ `f64` are 64 MB.
pub const RECORDER_MAX_VALUES: usize = 8_000_000;

/// Fewest rows a [`Recorder`] keeps before it thins them, whatever its column count.
pub const RECORDER_MIN_ROWS: usize = 16;

/// Most events a [`Recorder`] keeps; later ones are counted, not kept
/// ([`Recorder::events_dropped`]). A contact chattering every step of a 10⁸-step run would
/// otherwise grow without bound.
pub const RECORDER_MAX_EVENTS: usize = 100_000;

/// A run to named columns: header, one row per recorded step, and the events of those steps.
/// Bounded: see the [module docs](self).
#[derive(Debug, Clone, Default)]
pub struct Recorder {
    /// Column names with units ([`super::channel_names`] for [`Recorder::for_vehicle`]).
    pub names: Vec<String>,
    /// One row per recorded step, in [`Recorder::names`] order.
    pub rows: Vec<Vec<f64>>,
    /// The vehicle's events ([`super::events`]) of the recorded steps, in order.
    pub events: Vec<Event>,
    /// The run's phases in order ([`Recorder::mark_phase`]); empty when nobody marked any.
    pub phases: Vec<Phase>,
    /// Detects the events; starts at the first recorded step (its sample is the baseline).
    monitor: Option<Monitor>,
    /// Row limit set by [`Recorder::with_max_rows`]; 0: from [`RECORDER_MAX_VALUES`].
    max_rows: usize,
    /// Steps between kept rows, as a power of two (`stride = 1 << stride_log2`).
    stride_log2: u32,
    /// Steps recorded so far (rows kept or not).
    steps: u64,
    /// Events not kept beyond [`RECORDER_MAX_EVENTS`].
    events_dropped: usize,
}

impl Recorder {
    /// An empty recorder with the channels of a vehicle of parameters `p`.
    pub fn for_vehicle(p: &VehicleParams) -> Self {
        Self {
            names: channel_names(p),
            ..Self::default()
        }
    }

    /// The same recorder keeping at most `max_rows` rows (at least [`RECORDER_MIN_ROWS`]) instead of
    /// the default `RECORDER_MAX_VALUES / columns`.
    #[must_use]
    pub fn with_max_rows(mut self, max_rows: usize) -> Self {
        self.max_rows = max_rows.max(RECORDER_MIN_ROWS);
        self
    }

    /// Most rows kept: [`Recorder::with_max_rows`]'s, or `RECORDER_MAX_VALUES / columns` (at least
    /// [`RECORDER_MIN_ROWS`]).
    pub fn max_rows(&self) -> usize {
        if self.max_rows > 0 {
            self.max_rows
        } else {
            (RECORDER_MAX_VALUES / self.names.len().max(1)).max(RECORDER_MIN_ROWS)
        }
    }

    /// Steps between kept rows: 1 until the run outgrows [`Recorder::max_rows`], then 2, 4, …
    pub fn stride(&self) -> u64 {
        1 << self.stride_log2
    }

    /// Events not kept because [`RECORDER_MAX_EVENTS`] were already.
    pub fn events_dropped(&self) -> usize {
        self.events_dropped
    }

    /// Record the step `v` has just taken: a row of every channel (every
    /// [`Recorder::stride`]-th step) and the events the step produced, found by the
    /// recorder's own [`Monitor`] (the first recorded step is its baseline, as a spawn or
    /// teleport is). Allocates the row; when the rows would exceed [`Recorder::max_rows`],
    /// every other one is dropped and the stride doubles (module docs).
    pub fn record(&mut self, v: &Vehicle) {
        if self.steps.is_multiple_of(self.stride()) {
            let s = sample(v);
            let mut row = vec![0.0; self.names.len()];
            fill_row_from_sample(&s, &mut row);
            self.rows.push(row);
            if self.rows.len() > self.max_rows() {
                self.thin();
            }
        }
        self.steps += 1;
        match &mut self.monitor {
            Some(m) => {
                m.observe(v);
                for e in m.drain() {
                    if self.events.len() < RECORDER_MAX_EVENTS {
                        self.events.push(e);
                    } else {
                        self.events_dropped += 1;
                    }
                }
            }
            None => self.monitor = Some(Monitor::new(v)),
        }
    }

    /// Keep rows 0, 2, 4, … and double the stride; a phase starts at its first kept row (of
    /// phases that then start at the same row, the last stays, as in
    /// [`Recorder::mark_phase`]).
    fn thin(&mut self) {
        let mut k = 0;
        self.rows.retain(|_| {
            k += 1;
            k % 2 == 1
        });
        self.stride_log2 += 1;
        for p in &mut self.phases {
            p.start_row = p.start_row.div_ceil(2);
        }
        let mut i = 0;
        while i + 1 < self.phases.len() {
            if self.phases[i].start_row == self.phases[i + 1].start_row {
                self.phases.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Start the phase `name` at the next recorded row. A phase marked again before any row
    /// was recorded replaces the previous one (it had no rows).
    pub fn mark_phase(&mut self, name: &str) {
        let start_row = self.rows.len();
        if self.phases.last().is_some_and(|p| p.start_row == start_row) {
            self.phases.pop();
        }
        self.phases.push(Phase {
            name: name.to_string(),
            start_row,
        });
    }

    /// The phase row `row` belongs to (`None` before the first phase, or without phases).
    pub fn phase_of(&self, row: usize) -> Option<&Phase> {
        let i = self.phases.partition_point(|p| p.start_row <= row);
        i.checked_sub(1).map(|i| &self.phases[i])
    }

    /// Each phase with the time of its first row (`t_s`), for plots and summaries; phases
    /// that have no row yet are left out. Unit: s.
    pub fn phase_starts(&self) -> Vec<(&str, f64)> {
        let Some(t) = self.column("t_s") else {
            return Vec::new();
        };
        self.phases
            .iter()
            .filter_map(|p| Some((p.name.as_str(), *self.rows.get(p.start_row)?.get(t)?)))
            .collect()
    }

    /// Index of the column `name`, if there is one.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The values of column `name`, one per row, if there is such a column.
    pub fn series(&self, name: &str) -> Option<impl ExactSizeIterator<Item = f64> + '_> {
        let i = self.column(name)?;
        Some(self.rows.iter().map(move |r| r[i]))
    }

    /// The value of column `name` in the last row; `None` without rows or such a column.
    pub fn last(&self, name: &str) -> Option<f64> {
        Some(self.rows.last()?[self.column(name)?])
    }

    /// Stream the run as CSV: the header, then one row per step. With phases
    /// ([`Recorder::mark_phase`]) a last column `phase` names each row's phase (empty before
    /// the first).
    ///
    /// # Errors
    /// The writer's.
    #[cfg(feature = "files")]
    pub fn write_csv<W: std::io::Write>(&self, w: W) -> Result<(), csv::Error> {
        let mut w = csv::Writer::from_writer(w);
        let phased = !self.phases.is_empty();
        if phased {
            w.write_record(self.names.iter().map(String::as_str).chain(["phase"]))?;
        } else {
            w.write_record(&self.names)?;
        }
        for (k, row) in self.rows.iter().enumerate() {
            let cells = row.iter().map(|v| format!("{v}"));
            if phased {
                let phase = self.phase_of(k).map_or("", |p| p.name.as_str());
                w.write_record(cells.chain([phase.to_string()]))?;
            } else {
                w.write_record(cells)?;
            }
        }
        w.flush()?;
        Ok(())
    }

    /// Stream the events as CSV: [`EVENT_COLUMNS`], then one row per event ([`event_cells`]).
    ///
    /// # Errors
    /// The writer's.
    #[cfg(feature = "files")]
    pub fn write_events_csv<W: std::io::Write>(&self, w: W) -> Result<(), csv::Error> {
        let mut w = csv::Writer::from_writer(w);
        w.write_record(EVENT_COLUMNS)?;
        for e in &self.events {
            w.write_record(event_cells(e))?;
        }
        w.flush()?;
        Ok(())
    }
}

/// A run written to CSV as it is recorded: the same files as [`Recorder::write_csv`] and
/// [`Recorder::write_events_csv`] (byte for byte), but each row goes to the writer when its
/// step is recorded and only the last row stays in memory — a run of any length holds
/// constant memory (a 10 000 s run at 1/120 s is 1.2 million rows, ≈ 1 GB as a
/// [`Recorder`]).
#[cfg(feature = "files")]
#[derive(Debug)]
pub struct CsvRecorder<T: std::io::Write, E: std::io::Write> {
    names: Vec<String>,
    row: Vec<f64>,
    rows: usize,
    telemetry: csv::Writer<T>,
    events: csv::Writer<E>,
    monitor: Option<Monitor>,
}

#[cfg(feature = "files")]
impl<T: std::io::Write, E: std::io::Write> CsvRecorder<T, E> {
    /// Write the headers of a vehicle of parameters `p` to `telemetry` and `events`.
    ///
    /// # Errors
    /// The writers'.
    pub fn new(p: &VehicleParams, telemetry: T, events: E) -> Result<Self, csv::Error> {
        let names = channel_names(p);
        let mut telemetry = csv::Writer::from_writer(telemetry);
        telemetry.write_record(&names)?;
        let mut events = csv::Writer::from_writer(events);
        events.write_record(EVENT_COLUMNS)?;
        Ok(Self {
            row: vec![0.0; names.len()],
            names,
            rows: 0,
            telemetry,
            events,
            monitor: None,
        })
    }

    /// Record the step `v` has just taken (as [`Recorder::record`]) and write its row and
    /// events.
    ///
    /// # Errors
    /// The writers'.
    pub fn record(&mut self, v: &Vehicle) -> Result<(), csv::Error> {
        fill_row_from_sample(&sample(v), &mut self.row);
        self.telemetry
            .write_record(self.row.iter().map(|v| format!("{v}")))?;
        self.rows += 1;
        match &mut self.monitor {
            Some(m) => {
                m.observe(v);
                for e in m.drain() {
                    self.events.write_record(event_cells(&e))?;
                }
            }
            None => self.monitor = Some(Monitor::new(v)),
        }
        Ok(())
    }

    /// Rows written so far.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The value of column `name` in the last row; `None` without rows or such a column.
    pub fn last(&self, name: &str) -> Option<f64> {
        let i = self.names.iter().position(|n| n == name)?;
        (self.rows > 0).then(|| self.row[i])
    }

    /// Flush both writers and hand them back.
    ///
    /// # Errors
    /// The writers'.
    pub fn finish(self) -> Result<(T, E), csv::Error> {
        let t = self
            .telemetry
            .into_inner()
            .map_err(|e| csv::Error::from(e.into_error()))?;
        let e = self
            .events
            .into_inner()
            .map_err(|e| csv::Error::from(e.into_error()))?;
        Ok((t, e))
    }
}

/// Columns of the events CSV ([`Recorder::write_events_csv`]); a cell is empty where the
/// event has no such value. Units: s, m/s, rad.
pub const EVENT_COLUMNS: [&str; 10] = [
    "t_s",
    "event",
    "wheel",
    "from_gear",
    "to_gear",
    "impact_speed_mps",
    "slip_angle_rad",
    "speed_mps",
    "duration_s",
    "peak_slip_angle_rad",
];

/// An event as the cells of [`EVENT_COLUMNS`] (numbers in Rust's shortest round-trip form).
pub fn event_cells(e: &Event) -> [String; 10] {
    use EventKind as K;
    let mut c: [String; 10] = Default::default();
    c[0] = format!("{}", e.time);
    let name = match e.kind {
        K::WheelGrounded { wheel } => {
            c[2] = wheel.to_string();
            "wheel_grounded"
        }
        K::WheelUngrounded { wheel } => {
            c[2] = wheel.to_string();
            "wheel_ungrounded"
        }
        K::Airborne => "airborne",
        K::Landed { impact_speed } => {
            c[5] = format!("{impact_speed}");
            "landed"
        }
        K::GearChanged { from, to } => {
            (c[3], c[4]) = (from.to_string(), to.to_string());
            "gear_changed"
        }
        K::DriftStarted { slip_angle, speed } => {
            (c[6], c[7]) = (format!("{slip_angle}"), format!("{speed}"));
            "drift_started"
        }
        K::DriftEnded {
            duration,
            peak_slip_angle,
        } => {
            (c[8], c[9]) = (format!("{duration}"), format!("{peak_slip_angle}"));
            "drift_ended"
        }
    };
    c[1] = name.to_string();
    c
}

#[cfg(test)]
mod tests;
