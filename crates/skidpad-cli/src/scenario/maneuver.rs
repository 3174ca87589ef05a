//! Named manoeuvres in a scenario file: `[maneuver]` with a `kind` and its parameters, or
//! `maneuver = "kind"` for the defaults.
//!
//! ```toml
//! vehicle = "sedan"
//! dt_s = 0.016666666666666666   # optional: the manoeuvre's fixed step (default 1/120 s)
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
//! | `steady_state_circle` | `radius_m` (40) | `understeer_gradient_deg_per_g` (steered vehicles), `max_lateral_accel_mps2` |
//! | `step_steer` | `speed_kmh` (80), `lateral_accel_mps2` (4) | `step_steer_yaw_rate_response_time_s`, `step_steer_yaw_rate_overshoot_pct`, `step_steer_yaw_rate_gain_per_s`, `step_steer_lateral_accel_mps2` |
//! | `sine_with_dwell` | `scale` (6.5) | `sine_dwell_amplitude_deg`, `sine_dwell_lateral_displacement_m`, `sine_dwell_peak_yaw_rate_radps`, `sine_dwell_yaw_ratio_1_00_pct`, `sine_dwell_yaw_ratio_1_75_pct` |
//! | `lane_change` | `speed_kmh` (none: search for the highest) | search: `lane_change_max_entry_speed_kmh`, `lane_change_runs`; one speed: `lane_change_passed` (1 or 0), `lane_change_entry_speed_kmh`, `lane_change_max_lateral_accel_mps2` |
//! | `braking` | `speed_kmh` (100) | `braking_distance_m`, `braking_mean_decel_mps2` |
//! | `acceleration` | — | `accel_0_100_s` (when reached), `quarter_mile_s`, `shift_<from>_<to>_kmh` |
//! | `coast_down` | — | `coast_down_cd_a_m2`, `coast_down_crr`, `configured_cd_a_m2`, `configured_crr` |
//! | `park` | `grade_pct` (30), `hold_s` (60) | `park_creep_m` |
//!
//! Procedures and KPI definitions are those of [`skidpad::maneuver`]. The manoeuvre sets the
//! initial state and its own length, so `[initial]`, `duration_s` and a schedule are errors
//! with a manoeuvre. Every kind but `standard` and `park` drives on the scenario's ground
//! (any kind, with its surface and patches), starting at the origin heading +x (the lane
//! change 60 m before it); `park` builds its own incline of `grade_pct` and takes only
//! `[ground] surface`. `standard` runs on its own grounds and step and takes no `[ground]`
//! or `dt_s`. Telemetry records the measured run (after the 1 s settling hold; for the
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
        radius_m: f64,
    },
    /// ISO 7401-style step steer.
    StepSteer {
        /// Test speed. Unit: km/h. Range: [10, 250]. Default: 80.
        #[serde(default = "default_step_speed")]
        speed_kmh: f64,
        /// Steady lateral acceleration aimed for. Unit: m/s². Range: (0, 10]. Default: 4.
        #[serde(default = "default_step_ay")]
        lateral_accel_mps2: f64,
    },
    /// FMVSS 126-style sine with dwell from 80 km/h.
    SineWithDwell {
        /// Amplitude as a multiple of the 0.3 g road-wheel angle. Range: (0, 10]. Default: 6.5.
        #[serde(default = "default_sine_scale")]
        scale: f64,
    },
    /// ISO 3888-1 double lane change.
    LaneChange {
        /// Test speed of a single run. Unit: km/h. Range: [5, 250]. Default: none, which
        /// searches for the highest speed passed.
        #[serde(default)]
        speed_kmh: Option<f64>,
    },
    /// Straight-line full braking to a stop.
    Braking {
        /// Start speed. Unit: km/h. Range: [5, 300]. Default: 100.
        #[serde(default = "default_braking_speed")]
        speed_kmh: f64,
    },
    /// Full throttle from rest: 0–100 km/h and quarter mile.
    Acceleration,
    /// Coast-down from 30 to 5 m/s with the road-load fit.
    CoastDown,
    /// Parked on a grade with the brakes on.
    Park {
        /// Grade. Unit: % (rise per 100 m run). Range: (0, 100]. Default: 30.
        #[serde(default = "default_park_grade")]
        grade_pct: f64,
        /// Time held after 3 s of settling. Unit: s. Range: (0, 3600]. Default: 60.
        #[serde(default = "default_park_hold")]
        hold_s: f64,
    },
}

fn default_radius() -> f64 {
    maneuver::CIRCLE_RADIUS
}
fn default_step_speed() -> f64 {
    maneuver::STEP_STEER_SPEED * 3.6
}
fn default_step_ay() -> f64 {
    maneuver::STEP_STEER_AY
}
fn default_sine_scale() -> f64 {
    maneuver::SINE_DWELL_SCALE
}
fn default_braking_speed() -> f64 {
    100.0
}
fn default_park_grade() -> f64 {
    longitudinal::PARK_GRADE_PCT
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
        let range = |key: &'static str, v: f64, lo: f64, hi: f64, open_lo: bool| {
            let ok = v.is_finite() && if open_lo { v > lo } else { v >= lo } && v <= hi;
            if ok {
                Ok(())
            } else {
                let l = if open_lo { "(" } else { "[" };
                Err((key, format!("must be in {l}{lo}, {hi}] (got {v})")))
            }
        };
        match *self {
            ManeuverSpec::Standard | ManeuverSpec::Acceleration | ManeuverSpec::CoastDown => Ok(()),
            ManeuverSpec::SteadyStateCircle { radius_m } => {
                range("radius_m", radius_m, 5.0, 500.0, false)
            }
            ManeuverSpec::StepSteer {
                speed_kmh,
                lateral_accel_mps2,
            } => {
                range("speed_kmh", speed_kmh, 10.0, 250.0, false)?;
                range("lateral_accel_mps2", lateral_accel_mps2, 0.0, 10.0, true)
            }
            ManeuverSpec::SineWithDwell { scale } => range("scale", scale, 0.0, 10.0, true),
            ManeuverSpec::LaneChange { speed_kmh } => match speed_kmh {
                Some(v) => range("speed_kmh", v, 5.0, 250.0, false),
                None => Ok(()),
            },
            ManeuverSpec::Braking { speed_kmh } => range("speed_kmh", speed_kmh, 5.0, 300.0, false),
            ManeuverSpec::Park { grade_pct, hold_s } => {
                range("grade_pct", grade_pct, 0.0, 100.0, true)?;
                range("hold_s", hold_s, 0.0, 3600.0, true)
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
        let mut tel = crate::Telemetry::for_vehicle(params);
        let mut record = |v: &Vehicle| tel.record(v);
        let mut opts = Options {
            ground: Some(ground),
            dt,
            observer: Some(&mut record),
            ..Options::default()
        };
        let err = |e: ParamError| format!("{}: {e}", self.kind());
        let steered = maneuver::has_steered_wheels(params);
        let mut k: Vec<(String, f64)> = Vec::new();
        let mut curve = Vec::new();
        let mut put = |key: &str, v: f64| k.push((key.to_string(), v));
        match *self {
            ManeuverSpec::Standard => {
                return Err("the standard suite runs through `crate::run_default`".into());
            }
            ManeuverSpec::SteadyStateCircle { radius_m } => {
                let r =
                    standard::steady_state_circle_with(params, radius_m, &mut opts).map_err(err)?;
                if steered {
                    put(
                        "understeer_gradient_deg_per_g",
                        r.understeer_gradient_deg_per_g,
                    );
                }
                put("max_lateral_accel_mps2", r.max_lateral_accel_mps2);
                curve = crate::SteadyPoint::of(&r);
            }
            ManeuverSpec::StepSteer {
                speed_kmh,
                lateral_accel_mps2,
            } => {
                let r = standard::step_steer_with(
                    params,
                    speed_kmh / 3.6,
                    lateral_accel_mps2,
                    &mut opts,
                )
                .map_err(err)?;
                put("step_steer_yaw_rate_response_time_s", r.response_time_s);
                put("step_steer_yaw_rate_overshoot_pct", r.overshoot_pct);
                if steered {
                    put("step_steer_yaw_rate_gain_per_s", r.steady_gain_per_s);
                }
                put("step_steer_lateral_accel_mps2", r.steady_lateral_accel_mps2);
            }
            ManeuverSpec::SineWithDwell { scale } => {
                let r = standard::sine_with_dwell_with(params, scale, &mut opts).map_err(err)?;
                put("sine_dwell_amplitude_deg", r.amplitude_rad.to_degrees());
                put(
                    "sine_dwell_lateral_displacement_m",
                    r.lateral_displacement_m,
                );
                put("sine_dwell_yaw_ratio_1_00_pct", r.yaw_ratio_1_00_pct);
                put("sine_dwell_yaw_ratio_1_75_pct", r.yaw_ratio_1_75_pct);
            }
            ManeuverSpec::LaneChange { speed_kmh: None } => {
                let r = lane_change::max_entry_speed_with(params, &mut opts).map_err(err)?;
                put("lane_change_max_entry_speed_kmh", r.max_entry_speed_kmh);
                put("lane_change_runs", r.runs.len() as f64);
            }
            ManeuverSpec::LaneChange { speed_kmh: Some(s) } => {
                let r = lane_change::double_lane_change_with(params, s / 3.6, &mut opts)
                    .map_err(err)?;
                put("lane_change_passed", if r.passed { 1.0 } else { 0.0 });
                put("lane_change_entry_speed_kmh", r.entry_speed * 3.6);
                put("lane_change_max_lateral_accel_mps2", r.max_lateral_accel);
            }
            ManeuverSpec::Braking { speed_kmh } => {
                let r =
                    longitudinal::braking_with(params, speed_kmh / 3.6, &mut opts).map_err(err)?;
                put("braking_distance_m", r.distance_m);
                put("braking_mean_decel_mps2", r.mean_decel_mps2);
            }
            ManeuverSpec::Acceleration => {
                let r = longitudinal::acceleration_with(params, &mut opts).map_err(err)?;
                if r.t_0_100_s.is_finite() {
                    put("accel_0_100_s", r.t_0_100_s);
                }
                if r.quarter_mile_s.is_finite() {
                    put("quarter_mile_s", r.quarter_mile_s);
                }
                for (from, to, v) in &r.shifts {
                    put(&format!("shift_{from}_{to}_kmh"), v * 3.6);
                }
            }
            ManeuverSpec::CoastDown => {
                let r = longitudinal::coast_down_with(params, &mut opts).map_err(err)?;
                put("coast_down_cd_a_m2", r.cd_a_m2);
                put("coast_down_crr", r.crr);
                put("configured_cd_a_m2", r.configured_cd_a_m2);
                put("configured_crr", r.configured_crr);
            }
            ManeuverSpec::Park { grade_pct, hold_s } => {
                opts.ground = None;
                let creep =
                    longitudinal::park_creep_with(params, grade_pct, hold_s, surface, &mut opts)
                        .map_err(err)?;
                put("park_creep_m", creep);
            }
        }
        Ok(ManeuverOutput {
            kpis: k,
            telemetry: tel,
            steady_state_circle: curve,
        })
    }
}

/// What a named manoeuvre produces.
#[derive(Debug, Clone)]
pub struct ManeuverOutput {
    /// KPIs, keys with units.
    pub kpis: Vec<(String, f64)>,
    /// Telemetry of the measured run.
    pub telemetry: crate::Telemetry,
    /// The steady-state circle's curve (kind `steady_state_circle` only; empty otherwise).
    pub steady_state_circle: Vec<crate::SteadyPoint>,
}
