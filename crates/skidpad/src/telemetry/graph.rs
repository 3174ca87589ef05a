//! Graph data for in-game telemetry graphs (PhysX `PxVehicleTelemetryData` /
//! `PxVehicleGraph`): per channel, the last `capacity` samples with a value range, a
//! threshold and two line colours, turned into screen-space line strips that any renderer
//! can draw (skidpad draws nothing itself, as PhysX; the CLI's SVG plots are for files).
//!
//! # Model
//! A [`Graph`] has a rectangle on screen (lower-left corner `(x₀, y₀)`, size `(w, h)`, in
//! whatever units the host draws in) and a list of [`GraphChannel`]s. Each channel reads one
//! telemetry column ([`VEHICLE_CHANNELS`] or a wheel's [`WHEEL_CHANNELS`], looked up by name
//! once, at construction) and keeps its samples in a [`RingBuffer`]. For sample `k` of `n`
//! held (oldest `k = 0`) and capacity `C`:
//!
//! ```text
//! x_k = x₀ + w · k / (C − 1)                       newest sample at the right once full
//! y_k = y₀ + h · clamp((v_k − min) / (max − min), 0, 1)
//! colour_k = colour_high if v_k > threshold else colour_low
//! ```
//!
//! which is PhysX's `computeGraphChannel` (line colour high above the channel's mid value).
//! Pushing a sample and computing a strip never allocate; the buffers are reserved at
//! construction.
//!
//! [`Graph::engine`] and [`Graph::wheel`] build PhysX's two standard graphs (engine revs,
//! drive torque, clutch slip, the four commands and the gear; per wheel jounce, suspension
//! force, tyre load, normalised load, spin, friction, slip ratio, longitudinal force, slip
//! angle, lateral force) with ranges taken from the vehicle's parameters.
//!
//! ```
//! use skidpad::telemetry::{graph::Graph, sample};
//! use skidpad::{presets, vehicle::Vehicle};
//! let v = Vehicle::new(presets::sports_rwd()).unwrap();
//! let mut g = Graph::engine(v.params(), 256).unwrap();
//! g.push(&sample(&v));
//! let mut xy = [[0.0; 2]; 256];
//! let mut rgb = [[0u8; 3]; 256];
//! let n = g.strip(0, &mut xy, &mut rgb); // channel 0: engine revs
//! assert_eq!(n, 1);
//! ```

use super::ring::RingBuffer;
use super::schema::{VEHICLE_CHANNELS, VehicleSample, WHEEL_CHANNELS};
use crate::error::ParamError;
use crate::params::VehicleParams;

/// An RGB colour, 0–255 per component.
pub type Rgb = [u8; 3];

/// PhysX's default line colour below the threshold: black.
pub const COLOUR_LOW: Rgb = [0, 0, 0];
/// PhysX's default line colour above the threshold: red.
pub const COLOUR_HIGH: Rgb = [255, 0, 0];

/// Where a channel's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Index into [`VEHICLE_CHANNELS`].
    Vehicle(usize),
    /// Wheel `wheel`, index `channel` into [`WHEEL_CHANNELS`].
    Wheel {
        /// Wheel index.
        wheel: usize,
        /// Index into [`WHEEL_CHANNELS`].
        channel: usize,
    },
}

/// One line of a graph: which column, its range, threshold and colours.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphChannel {
    /// Title: the telemetry column (`engine_speed_radps`, or `fl_jounce_m` for a wheel).
    pub title: String,
    /// Where the value is read.
    pub source: Source,
    /// Value drawn at the bottom of the graph (values below are clamped). Unit: the column's.
    pub min: f64,
    /// Value drawn at the top (values above are clamped). Unit: the column's.
    pub max: f64,
    /// Values above it are drawn in `colour_high`, the others in `colour_low` (PhysX's mid
    /// value). Unit: the column's. Default: the middle of the range.
    pub threshold: f64,
    /// Colour at or below the threshold. Default: [`COLOUR_LOW`].
    pub colour_low: Rgb,
    /// Colour above the threshold. Default: [`COLOUR_HIGH`].
    pub colour_high: Rgb,
}

impl GraphChannel {
    /// A vehicle-level channel by column name (`speed_mps`), drawn over `[min, max]`.
    ///
    /// # Errors
    /// `column` when no vehicle channel has that name.
    pub fn vehicle(column: &str, min: f64, max: f64) -> Result<Self, ParamError> {
        let k = VEHICLE_CHANNELS
            .iter()
            .position(|c| c.column == column)
            .ok_or_else(|| unknown(column, VEHICLE_CHANNELS.iter().map(|c| c.column)))?;
        Ok(Self::new(column.to_string(), Source::Vehicle(k), min, max))
    }

    /// Wheel `wheel`'s channel by column suffix (`jounce_m`), drawn over `[min, max]`; the
    /// title is `w{wheel}_{column}` (a [`Graph::wheel`] graph uses the wheel's name).
    ///
    /// # Errors
    /// `column` when no wheel channel has that suffix.
    pub fn wheel(wheel: usize, column: &str, min: f64, max: f64) -> Result<Self, ParamError> {
        let channel = WHEEL_CHANNELS
            .iter()
            .position(|c| c.column == column)
            .ok_or_else(|| unknown(column, WHEEL_CHANNELS.iter().map(|c| c.column)))?;
        Ok(Self::new(
            format!("w{wheel}_{column}"),
            Source::Wheel { wheel, channel },
            min,
            max,
        ))
    }

    fn new(title: String, source: Source, min: f64, max: f64) -> Self {
        Self {
            title,
            source,
            min,
            max,
            threshold: 0.5 * (min + max),
            colour_low: COLOUR_LOW,
            colour_high: COLOUR_HIGH,
        }
    }

    /// The same channel with another threshold and colours.
    pub fn with_colours(mut self, threshold: f64, low: Rgb, high: Rgb) -> Self {
        self.threshold = threshold;
        self.colour_low = low;
        self.colour_high = high;
        self
    }

    /// Read this channel's value from a sample (0 for a wheel the sample does not have).
    pub fn read(&self, s: &VehicleSample) -> f64 {
        match self.source {
            Source::Vehicle(k) => (VEHICLE_CHANNELS[k].get)(s),
            Source::Wheel { wheel, channel } => s
                .wheels()
                .get(wheel)
                .map_or(0.0, |w| (WHEEL_CHANNELS[channel].get)(w)),
        }
    }

    fn validate(&self) -> Result<(), ParamError> {
        for (name, v) in [
            ("min", self.min),
            ("max", self.max),
            ("threshold", self.threshold),
        ] {
            crate::error::check::finite(name, v)?;
        }
        if self.max <= self.min {
            return Err(ParamError::new(
                "max",
                format!("must be > min = {} (got {})", self.min, self.max),
            ));
        }
        Ok(())
    }
}

fn unknown<'a>(column: &str, names: impl Iterator<Item = &'a str>) -> ParamError {
    let list: Vec<&str> = names.collect();
    ParamError::new(
        "column",
        format!(
            "no telemetry channel {column:?}; channels: {}",
            list.join(", ")
        ),
    )
}

/// A graph: channels with their sample history and a rectangle on screen.
#[derive(Debug, Clone)]
pub struct Graph {
    channels: Vec<GraphChannel>,
    samples: Vec<RingBuffer<f64>>,
    capacity: usize,
    /// Lower-left corner on screen `(x₀, y₀)`, host units. Default: (0, 0).
    pub origin: [f64; 2],
    /// Width and height on screen, host units. Default: (1, 1).
    pub size: [f64; 2],
}

impl Graph {
    /// A graph of `channels`, each keeping the last `capacity` samples (PhysX: 256), on the
    /// unit square.
    ///
    /// # Errors
    /// `capacity` below 2, or `channels[i].min/max/threshold` not finite or `max ≤ min`.
    pub fn new(channels: Vec<GraphChannel>, capacity: usize) -> Result<Self, ParamError> {
        if capacity < 2 {
            return Err(ParamError::new(
                "capacity",
                format!("must be ≥ 2 samples to draw a line (got {capacity})"),
            ));
        }
        for (i, c) in channels.iter().enumerate() {
            c.validate().map_err(|e| e.within_index("channels", i))?;
        }
        let samples = channels.iter().map(|_| RingBuffer::new(capacity)).collect();
        Ok(Self {
            channels,
            samples,
            capacity,
            origin: [0.0, 0.0],
            size: [1.0, 1.0],
        })
    }

    /// PhysX's engine graph: engine revs `[0, max speed]`, engine drive torque `[0, peak]`,
    /// clutch slip `[−max/4, max/4]`, throttle, brake and handbrake `[0, 1]`, steer
    /// `[−1, 1]` and the gear `[−1, top gear]` (skidpad's telemetry has the gear, not its
    /// ratio). Ranges come from `p.drivetrain.engine`.
    ///
    /// # Errors
    /// As [`Graph::new`] (only for `capacity` < 2 with valid params).
    pub fn engine(p: &VehicleParams, capacity: usize) -> Result<Self, ParamError> {
        let e = &p.drivetrain.engine;
        let w = e.max_speed.max(1.0);
        let peak = (e.peak_torque * e.torque_curve.y_range().1).max(1.0);
        let top = p.drivetrain.gearbox.forward_ratios.len() as f64;
        let v = |c: &str, lo: f64, hi: f64| GraphChannel::vehicle(c, lo, hi);
        let channels = vec![
            v("engine_speed_radps", 0.0, w)?,
            v("engine_torque_nm", 0.0, peak)?,
            v("clutch_slip_radps", -0.25 * w, 0.25 * w)?,
            v("throttle_cmd", 0.0, 1.0)?,
            v("brake_cmd", 0.0, 1.0)?,
            v("handbrake_cmd", 0.0, 1.0)?,
            v("steer_cmd", -1.0, 1.0)?,
            v("gear", -1.0, top.max(1.0))?,
        ];
        Self::new(channels, capacity)
    }

    /// PhysX's wheel graph for wheel `i`: jounce `[−droop, compression]`, suspension force and
    /// tyre load `[0, 3·rest load]`, normalised load `[0, 3]`, spin `[−ω₀, ω₀]` with
    /// `ω₀ = 100 m/s / R`, friction `[0, 2]`, slip ratio `[−1, 1]`, longitudinal and lateral
    /// force `[−3·rest load, 3·rest load]`, slip angle `[−π/4, π/4]`. The rest load is the
    /// wheel's share of the weight from its sprung mass. Titles use the wheel's name.
    ///
    /// # Errors
    /// `wheel` out of range, the params' sprung masses fail, or as [`Graph::new`].
    pub fn wheel(p: &VehicleParams, i: usize, capacity: usize) -> Result<Self, ParamError> {
        let wp = p.wheels.get(i).ok_or_else(|| {
            ParamError::new("wheel", format!("no wheel {i} ({} wheels)", p.wheels.len()))
        })?;
        let rest = (p.sprung_masses()?[i] * p.sim.gravity).max(1.0);
        let s = &wp.suspension;
        let omega = 100.0 / wp.radius;
        let quarter = std::f64::consts::FRAC_PI_4;
        let specs: [(&str, f64, f64); 11] = [
            ("jounce_m", -s.max_droop, s.max_compression),
            ("susp_force_n", 0.0, 3.0 * rest),
            ("tire_load_n", 0.0, 3.0 * rest),
            ("norm_load", 0.0, 3.0),
            ("omega_radps", -omega, omega),
            ("friction", 0.0, 2.0),
            ("slip_ratio", -1.0, 1.0),
            ("fx_n", -3.0 * rest, 3.0 * rest),
            ("slip_angle_rad", -quarter, quarter),
            ("fy_n", -3.0 * rest, 3.0 * rest),
            ("load_n", 0.0, 3.0 * rest),
        ];
        let name = if wp.name.is_empty() {
            format!("w{i}")
        } else {
            wp.name.clone()
        };
        let mut channels = Vec::with_capacity(specs.len());
        for (column, lo, hi) in specs {
            let mut c = GraphChannel::wheel(i, column, lo, hi)?;
            c.title = format!("{name}_{column}");
            channels.push(c);
        }
        Self::new(channels, capacity)
    }

    /// The channels.
    pub fn channels(&self) -> &[GraphChannel] {
        &self.channels
    }

    /// Samples each channel can hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Samples held now (the same for every channel).
    pub fn len(&self) -> usize {
        self.samples.first().map_or(0, RingBuffer::len)
    }

    /// True before the first [`Graph::push`].
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Append one sample to every channel (after a step). Never allocates.
    pub fn push(&mut self, s: &VehicleSample) {
        for (c, r) in self.channels.iter().zip(&mut self.samples) {
            r.push(c.read(s));
        }
    }

    /// Forget every sample (keeps the storage).
    pub fn clear(&mut self) {
        for r in &mut self.samples {
            r.clear();
        }
    }

    /// The raw samples of channel `k`, oldest first (empty for no such channel).
    pub fn values(&self, k: usize) -> impl Iterator<Item = f64> + '_ {
        self.samples
            .get(k)
            .into_iter()
            .flat_map(|r| r.iter().copied())
    }

    /// Channel `k` as a line strip on screen (see the [module docs](self)): writes up to
    /// `min(xy.len(), rgb.len())` points, oldest first, and returns how many. Never allocates;
    /// 0 for no such channel.
    pub fn strip(&self, k: usize, xy: &mut [[f64; 2]], rgb: &mut [Rgb]) -> usize {
        let Some(c) = self.channels.get(k) else {
            return 0;
        };
        let span = c.max - c.min;
        let dx = self.size[0] / (self.capacity - 1) as f64;
        let mut n = 0;
        for ((v, p), col) in self.values(k).zip(xy.iter_mut()).zip(rgb.iter_mut()) {
            let y = ((v - c.min) / span).clamp(0.0, 1.0);
            // A NaN sample (never produced by a finite state) draws at the bottom.
            let y = if y.is_nan() { 0.0 } else { y };
            *p = [
                self.origin[0] + dx * n as f64,
                self.origin[1] + self.size[1] * y,
            ];
            *col = if v > c.threshold {
                c.colour_high
            } else {
                c.colour_low
            };
            n += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;
    use crate::telemetry::sample;
    use crate::vehicle::Vehicle;

    #[test]
    fn strip_maps_values_to_the_rectangle() {
        // speed over [0, 40] m/s on a graph at (10, 20) of size 100 × 50, 5 samples kept.
        let ch = GraphChannel::vehicle("speed_mps", 0.0, 40.0)
            .unwrap()
            .with_colours(20.0, [0, 0, 255], [255, 0, 0]);
        let mut g = Graph::new(vec![ch], 5).unwrap();
        g.origin = [10.0, 20.0];
        g.size = [100.0, 50.0];
        let mut v = Vehicle::new(presets::sedan()).unwrap();
        for speed in [0.0, 10.0, 30.0, 50.0, -5.0, 20.0] {
            v.set_velocity(glam::DVec3::new(speed, 0.0, 0.0), glam::DVec3::ZERO);
            g.push(&sample(&v));
        }
        // 6 pushes into 5 slots: the first (0 m/s) is gone.
        let mut xy = [[0.0; 2]; 8];
        let mut rgb = [[0; 3]; 8];
        assert_eq!(g.strip(0, &mut xy, &mut rgb), 5);
        // x = 10 + 100·k/4; y = 20 + 50·clamp(|v|/40): speed is |v| → 10, 30, 50→40, 5, 20.
        let want = [
            (10.0, 32.5),
            (35.0, 57.5),
            (60.0, 70.0),
            (85.0, 26.25),
            (110.0, 45.0),
        ];
        for (k, (x, y)) in want.into_iter().enumerate() {
            assert!(
                (xy[k][0] - x).abs() < 1e-12 && (xy[k][1] - y).abs() < 1e-12,
                "{k}: {:?}",
                xy[k]
            );
        }
        // Above 20 m/s red, at or below blue.
        assert_eq!(
            rgb[..5],
            [
                [0, 0, 255],
                [255, 0, 0],
                [255, 0, 0],
                [0, 0, 255],
                [0, 0, 255]
            ]
        );
    }

    #[test]
    fn standard_graphs_and_errors() {
        let p = presets::sports_rwd();
        let e = Graph::engine(&p, 256).unwrap();
        assert_eq!(e.channels().len(), 8);
        assert_eq!(e.channels()[0].max, p.drivetrain.engine.max_speed);
        let w = Graph::wheel(&p, 2, 256).unwrap();
        assert_eq!(w.channels().len(), 11);
        assert_eq!(
            w.channels()[0].title,
            format!("{}_jounce_m", p.wheels[2].name)
        );
        assert_eq!(w.channels()[0].min, -p.wheels[2].suspension.max_droop);
        let err = GraphChannel::vehicle("nosuch", 0.0, 1.0)
            .unwrap_err()
            .to_string();
        assert!(err.contains("nosuch") && err.contains("speed_mps"), "{err}");
        let bad = GraphChannel::vehicle("speed_mps", 1.0, 1.0).unwrap();
        let err = Graph::new(vec![bad], 4).unwrap_err().to_string();
        assert!(err.contains("channels[0].max"), "{err}");
        assert!(Graph::wheel(&p, 9, 8).is_err());
        assert!(Graph::new(vec![], 1).is_err());
    }

    #[test]
    fn history_is_bounded_by_the_capacity() {
        // Allocation-free pushing is checked in tests/no_alloc.rs.
        let p = presets::sedan();
        let v = Vehicle::new(p.clone()).unwrap();
        let mut g = Graph::wheel(&p, 0, 4).unwrap();
        let s = sample(&v);
        for _ in 0..10 {
            g.push(&s);
        }
        assert_eq!(g.len(), 4);
        g.clear();
        assert!(g.is_empty());
    }
}
