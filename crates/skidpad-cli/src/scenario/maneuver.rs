//! Named manoeuvres in a scenario file: `[maneuver]` with a `kind` and its parameters, or
//! `maneuver = "kind"` for the defaults.
//!
//! ```toml
//! vehicle = "sedan"
//! dt = 0.016666666666666666   # optional: the manoeuvre's fixed step (default 1/120 s)
//!
//! [maneuver]
//! kind = "braking"              # see the table
//! speed_kmh = 80.0
//!
//! [ground]                      # optional: the ground the manoeuvre drives on
//! surface = 1                   # e.g. wet tarmac, or patches for split-µ
//! ```
//!
//! | `kind` | parameters (default) | KPIs |
//! |---|---|---|
//! | `standard` | — | the main job and the whole suite ([`crate::run_default`]) |
//! | `steady_state_circle` | `radius` (40) | [`CircleResult::kpis`](skidpad::maneuver::standard::CircleResult::kpis) |
//! | `step_steer` | `speed_kmh` (80), `lateral_accel` (4) | [`StepSteerResult::kpis`](skidpad::maneuver::standard::StepSteerResult::kpis) |
//! | `sine_with_dwell` | `scale` (6.5) | [`SineDwellResult::kpis`](skidpad::maneuver::standard::SineDwellResult::kpis) |
//! | `lane_change` | `speed_kmh` (none: search for the highest) | search: [`LaneChangeResult::kpis`](skidpad::maneuver::lane_change::LaneChangeResult::kpis); one speed: [`LaneChangeRun::kpis`](skidpad::maneuver::lane_change::LaneChangeRun::kpis) |
//! | `braking` | `speed_kmh` (100) | [`BrakingResult::kpis`](skidpad::maneuver::longitudinal::BrakingResult::kpis) |
//! | `acceleration` | — | [`AccelResult::kpis`](skidpad::maneuver::longitudinal::AccelResult::kpis) |
//! | `coast_down` | — | [`CoastDownResult::kpis`](skidpad::maneuver::longitudinal::CoastDownResult::kpis) |
//! | `park` | `grade_pct` (30), `hold_time` (60) | [`park_creep_kpis`](skidpad::maneuver::longitudinal::park_creep_kpis) |
//!
//! Procedures, KPI definitions and keys ([`skidpad::maneuver::kpi`]) are those of
//! [`skidpad::maneuver`]; `summary.json` adds `vehicle_mass_kg`. The manoeuvre sets the
//! initial state and its own length, so `[initial]`, `duration` and a schedule are errors
//! with a manoeuvre. Every kind but `standard` and `park` drives on the scenario's ground
//! (any kind, with its surface and patches), starting at the origin heading +x (the lane
//! change 60 m before it); `park` builds its own incline of `grade_pct` and takes only
//! `[ground] surface`. `standard` runs on its own grounds and step and takes no `[ground]`
//! or `dt`. Telemetry records the measured run (after the 1 s settling hold; for the
//! lane-change search, the run at the speed found).

use serde::Deserialize;
use serde::de::{self, MapAccess, Visitor};
use skidpad::ParamError;
use skidpad::ground::{Ground, SurfaceId};
use skidpad::maneuver::{self, Options, lane_change, longitudinal, standard};
use skidpad::vehicle::{Vehicle, VehicleParams};
use std::fmt;

/// A named manoeuvre and its parameters.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ManeuverSpec {
    /// The main job and the standard suite.
    Standard,
    /// ISO 4138 constant radius.
    SteadyStateCircle {
        /// Circle radius. Unit: m. Range: [5, 500]. Default: 40.
        #[serde(default = "default_radius")]
        radius: f64,
    },
    /// ISO 7401-style step steer.
    StepSteer {
        /// Test speed. Unit: m/s (key `speed_kmh`: km/h). Range: [10, 250] km/h. Default:
        /// 80 km/h.
        #[serde(default = "default_step_speed")]
        speed: f64,
        /// Steady lateral acceleration aimed for. Unit: m/s². Range: (0, 10]. Default: 4.
        #[serde(default = "default_step_ay")]
        lateral_accel: f64,
    },
    /// FMVSS 126-style sine with dwell from 80 km/h.
    SineWithDwell {
        /// Amplitude as a multiple of the 0.3 g road-wheel angle. Range: (0, 10]. Default: 6.5.
        #[serde(default = "default_sine_scale")]
        scale: f64,
    },
    /// ISO 3888-1 double lane change.
    LaneChange {
        /// Test speed of a single run. Unit: m/s (key `speed_kmh`: km/h). Range: [5, 250]
        /// km/h. Default: none, which searches for the highest speed passed.
        #[serde(default)]
        speed: Option<f64>,
    },
    /// Straight-line full braking to a stop.
    Braking {
        /// Start speed. Unit: m/s (key `speed_kmh`: km/h). Range: [5, 300] km/h. Default:
        /// 100 km/h.
        #[serde(default = "default_braking_speed")]
        speed: f64,
    },
    /// Full throttle from rest: 0–100 km/h and quarter mile.
    Acceleration,
    /// Coast-down from 30 to 5 m/s with the road-load fit.
    CoastDown,
    /// Parked on a grade with the brakes on.
    Park {
        /// Grade: rise per unit run. Unit: 1 (key `grade_pct`: %). Range: (0, 100] %.
        /// Default: 30 %.
        #[serde(default = "default_park_grade")]
        grade: f64,
        /// Time held after 3 s of settling. Unit: s. Range: (0, 3600]. Default: 60.
        #[serde(default = "default_park_hold")]
        hold_time: f64,
    },
}

fn default_radius() -> f64 {
    maneuver::CIRCLE_RADIUS
}
fn default_step_speed() -> f64 {
    maneuver::STEP_STEER_SPEED
}
fn default_step_ay() -> f64 {
    maneuver::STEP_STEER_AY
}
fn default_sine_scale() -> f64 {
    maneuver::SINE_DWELL_SCALE
}
fn default_braking_speed() -> f64 {
    100.0 / 3.6
}
fn default_park_grade() -> f64 {
    longitudinal::PARK_GRADE_PCT / 100.0
}
fn default_park_hold() -> f64 {
    longitudinal::PARK_HOLD_S
}

/// The `kind` names, for messages.
pub const KINDS: [&str; 9] = [
    "standard",
    "steady_state_circle",
    "step_steer",
    "sine_with_dwell",
    "lane_change",
    "braking",
    "acceleration",
    "coast_down",
    "park",
];

/// `maneuver = "kind"` (the defaults) or a `[maneuver]` table.
pub(super) fn deserialize<'de, D: de::Deserializer<'de>>(
    d: D,
) -> Result<Option<ManeuverSpec>, D::Error> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = ManeuverSpec;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a manoeuvre name or a table with `kind`")
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<ManeuverSpec, E> {
            ManeuverSpec::deserialize(de::value::MapDeserializer::new(std::iter::once((
                "kind", s,
            ))))
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ManeuverSpec, A::Error> {
            ManeuverSpec::deserialize(de::value::MapAccessDeserializer::new(map))
        }
    }
    d.deserialize_any(V).map(Some)
}

impl ManeuverSpec {
    /// The `kind` name.
    pub fn kind(&self) -> &'static str {
        match self {
            ManeuverSpec::Standard => KINDS[0],
            ManeuverSpec::SteadyStateCircle { .. } => KINDS[1],
            ManeuverSpec::StepSteer { .. } => KINDS[2],
            ManeuverSpec::SineWithDwell { .. } => KINDS[3],
            ManeuverSpec::LaneChange { .. } => KINDS[4],
            ManeuverSpec::Braking { .. } => KINDS[5],
            ManeuverSpec::Acceleration => KINDS[6],
            ManeuverSpec::CoastDown => KINDS[7],
            ManeuverSpec::Park { .. } => KINDS[8],
        }
    }

    /// Check the parameters' ranges.
    ///
    /// # Errors
    /// `(key, rule)` of the first parameter out of range.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        // `v` in the unit of the range: km/h for speeds, % for the grade.
        let range = |key: &'static str, v: f64, lo: f64, hi: f64, open_lo: bool, unit: &str| {
            let ok = v.is_finite() && if open_lo { v > lo } else { v >= lo } && v <= hi;
            if ok {
                Ok(())
            } else {
                let l = if open_lo { "(" } else { "[" };
                // Converted back from SI: round off the last bits (−5 km/h, not −5.000000000000001).
                let v = (v * 1e9).round() / 1e9;
                Err((
                    key,
                    format!("must be in {l}{lo}, {hi}]{unit} (got {v}{unit})"),
                ))
            }
        };
        match *self {
            ManeuverSpec::Standard | ManeuverSpec::Acceleration | ManeuverSpec::CoastDown => Ok(()),
            ManeuverSpec::SteadyStateCircle { radius } => {
                range("radius", radius, 5.0, 500.0, false, " m")
            }
            ManeuverSpec::StepSteer {
                speed,
                lateral_accel,
            } => {
                range("speed", speed * 3.6, 10.0, 250.0, false, " km/h")?;
                range("lateral_accel", lateral_accel, 0.0, 10.0, true, " m/s²")
            }
            ManeuverSpec::SineWithDwell { scale } => range("scale", scale, 0.0, 10.0, true, ""),
            ManeuverSpec::LaneChange { speed } => match speed {
                Some(v) => range("speed", v * 3.6, 5.0, 250.0, false, " km/h"),
                None => Ok(()),
            },
            ManeuverSpec::Braking { speed } => {
                range("speed", speed * 3.6, 5.0, 300.0, false, " km/h")
            }
            ManeuverSpec::Park { grade, hold_time } => {
                range("grade", grade * 100.0, 0.0, 100.0, true, " %")?;
                range("hold_time", hold_time, 0.0, 3600.0, true, " s")
            }
        }
    }

    /// Run the manoeuvre (any kind but `standard`) on `ground` (ignored by `park`, which
    /// builds its incline of `surface`) with step `dt`, recording telemetry of the measured
    /// run.
    ///
    /// # Errors
    /// Invalid vehicle parameters, no ground under the start, or kind `standard`.
    pub fn run(
        &self,
        params: &VehicleParams,
        ground: &dyn Ground,
        surface: SurfaceId,
        dt: f64,
    ) -> Result<ManeuverOutput, String> {
        let mut tel = crate::Recorder::for_vehicle(params);
        let mut record = |v: &Vehicle| tel.record(v);
        let mut opts = Options {
            ground: Some(ground),
            dt,
            observer: Some(&mut record),
            ..Options::default()
        };
        let err = |e: ParamError| format!("{}: {e}", self.kind());
        let mut curve = Vec::new();
        let k = match *self {
            ManeuverSpec::Standard => {
                return Err("the standard suite runs through `crate::run_default`".into());
            }
            ManeuverSpec::SteadyStateCircle { radius } => {
                let r =
                    standard::steady_state_circle_with(params, radius, &mut opts).map_err(err)?;
                curve = crate::SteadyPoint::of(&r);
                r.kpi_set()
            }
            ManeuverSpec::StepSteer {
                speed,
                lateral_accel,
            } => standard::step_steer_with(params, speed, lateral_accel, &mut opts)
                .map_err(err)?
                .kpi_set(),
            ManeuverSpec::SineWithDwell { scale } => {
                standard::sine_with_dwell_with(params, scale, &mut opts)
                    .map_err(err)?
                    .kpi_set()
            }
            ManeuverSpec::LaneChange { speed: None } => {
                lane_change::max_entry_speed_with(params, &mut opts)
                    .map_err(err)?
                    .kpi_set()
            }
            ManeuverSpec::LaneChange { speed: Some(s) } => {
                lane_change::double_lane_change_with(params, s, &mut opts)
                    .map_err(err)?
                    .kpi_set()
            }
            ManeuverSpec::Braking { speed } => longitudinal::braking_with(params, speed, &mut opts)
                .map_err(err)?
                .kpi_set(),
            ManeuverSpec::Acceleration => longitudinal::acceleration_with(params, &mut opts)
                .map_err(err)?
                .kpi_set(),
            ManeuverSpec::CoastDown => longitudinal::coast_down_with(params, &mut opts)
                .map_err(err)?
                .kpi_set(),
            ManeuverSpec::Park { grade, hold_time } => {
                let grade_pct = grade * 100.0;
                opts.ground = None;
                let (creep, invalid) =
                    longitudinal::park_with(params, grade_pct, hold_time, surface, &mut opts)
                        .map_err(err)?;
                longitudinal::park_creep_kpi_set(creep, invalid)
            }
        };
        Ok(ManeuverOutput {
            kpis: k.values,
            invalid: k.invalid,
            telemetry: tel,
            steady_state_circle: curve,
        })
    }
}

/// What a named manoeuvre produces.
#[derive(Debug, Clone)]
pub struct ManeuverOutput {
    /// Valid KPIs, keys with units; every value finite.
    pub kpis: Vec<(String, f64)>,
    /// Invalid KPIs with the reason ([`skidpad::maneuver::validity`]).
    pub invalid: Vec<(String, String)>,
    /// Telemetry of the measured run.
    pub telemetry: crate::Recorder,
    /// The steady-state circle's curve (kind `steady_state_circle` only; empty otherwise).
    pub steady_state_circle: Vec<crate::SteadyPoint>,
}
