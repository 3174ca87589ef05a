//! The KPI keys: one key per quantity, each written once, here.
//!
//! Every result type serialises its own KPIs with these keys (`kpis()` on
//! [`super::standard::CircleResult`], [`super::standard::StepSteerResult`],
//! [`super::standard::SineDwellResult`], [`super::lane_change::LaneChangeResult`],
//! [`super::lane_change::LaneChangeRun`], [`super::longitudinal::BrakingResult`],
//! [`super::longitudinal::AccelResult`], [`super::longitudinal::CoastDownResult`],
//! [`super::longitudinal::park_creep_kpis`], [`super::main_job::MainJobResult`]); the suite,
//! the main job, the command line's scenarios and its report use them unchanged. A key ends
//! in its unit: `_m`, `_s`, `_kmh` (km/h), `_mps2` (m/s²), `_radps` (rad/s), `_deg`,
//! `_deg_per_g` (deg per 9.81 m/s²), `_per_s` (1/s), `_pct` (%), `_kg`, `_m2` (m²); no unit
//! suffix is a plain number (`coast_down_crr`, `lane_change_runs`, `lane_change_passed`).
//!
//! A key names the quantity, not the conditions of one run: `braking_distance_m` is the stop
//! from the run's start speed (100 km/h in the suite and the main job, the scenario's
//! `speed_kmh` in a scenario), `park_creep_m` the creep over the hold (60 s in the suite). The
//! suite's second stop, on wet tarmac, is the one quantity with a condition in its key
//! ([`BRAKING_DISTANCE_WET_M`]).
//!
//! A KPI is valid, invalid or not reached, one representation for all ([`Kpis`]): valid
//! values are finite numbers; an invalid KPI (its run failed a precondition,
//! [`super::validity`], or gave no finite number) carries the reason instead of a number; a
//! KPI not reached (the 0–100 time of a vehicle that never gets there) is absent from both.

/// Total vehicle mass. Unit: kg.
pub const VEHICLE_MASS_KG: &str = "vehicle_mass_kg";
/// Gravity of the vehicle's simulation. Unit: m/s².
pub const GRAVITY_MPS2: &str = "gravity_mps2";
/// Height of the centre of mass above the ground at rest. Unit: m.
pub const RIDE_HEIGHT_M: &str = "ride_height_m";

/// Understeer gradient of the steady-state circle (steered vehicles): the mean of the left-
/// and right-hand circles' ([`UNDERSTEER_GRADIENT_LEFT_DEG_PER_G`],
/// [`UNDERSTEER_GRADIENT_RIGHT_DEG_PER_G`]), ISO 4138's figure for the vehicle. Unit: deg/g.
pub const UNDERSTEER_GRADIENT_DEG_PER_G: &str = "understeer_gradient_deg_per_g";
/// Understeer gradient on the circle turning left. Unit: deg/g.
pub const UNDERSTEER_GRADIENT_LEFT_DEG_PER_G: &str = "understeer_gradient_left_deg_per_g";
/// Understeer gradient on the circle turning right. Unit: deg/g.
pub const UNDERSTEER_GRADIENT_RIGHT_DEG_PER_G: &str = "understeer_gradient_right_deg_per_g";
/// Largest lateral acceleration on the circle, by ISO 4138's slowly increasing speed
/// ([`super::lateral_limit`]; [`method`]): the mean of the left- and right-hand circles'
/// ([`MAX_LATERAL_ACCEL_LEFT_MPS2`], [`MAX_LATERAL_ACCEL_RIGHT_MPS2`]). Unit: m/s².
pub const MAX_LATERAL_ACCEL_MPS2: &str = "max_lateral_accel_mps2";
/// Largest lateral acceleration on the circle turning left (towards the centre). Unit: m/s².
pub const MAX_LATERAL_ACCEL_LEFT_MPS2: &str = "max_lateral_accel_left_mps2";
/// Largest lateral acceleration on the circle turning right (towards the centre). Unit: m/s².
pub const MAX_LATERAL_ACCEL_RIGHT_MPS2: &str = "max_lateral_accel_right_mps2";

/// Step steer: 50 % steer to 90 % steady yaw rate. Unit: s.
pub const STEP_STEER_RESPONSE_TIME_S: &str = "step_steer_yaw_rate_response_time_s";
/// Step steer: yaw-rate overshoot. Unit: %.
pub const STEP_STEER_OVERSHOOT_PCT: &str = "step_steer_yaw_rate_overshoot_pct";
/// Step steer: steady yaw rate per road-wheel angle (steered vehicles). Unit: 1/s.
pub const STEP_STEER_GAIN_PER_S: &str = "step_steer_yaw_rate_gain_per_s";
/// Step steer: steady lateral acceleration reached. Unit: m/s².
pub const STEP_STEER_LATERAL_ACCEL_MPS2: &str = "step_steer_lateral_accel_mps2";

/// Sine with dwell: road-wheel steer amplitude. Unit: deg.
pub const SINE_DWELL_AMPLITUDE_DEG: &str = "sine_dwell_amplitude_deg";
/// Sine with dwell: lateral displacement 1.07 s after the start of steer. Unit: m.
pub const SINE_DWELL_LATERAL_DISPLACEMENT_M: &str = "sine_dwell_lateral_displacement_m";
/// Sine with dwell: ψ_peak, the yaw-rate peak the ratios divide by. Unit: rad/s.
pub const SINE_DWELL_PEAK_YAW_RATE_RADPS: &str = "sine_dwell_peak_yaw_rate_radps";
/// Sine with dwell: yaw rate 1.0 s after completion of steer over ψ_peak. Unit: %.
pub const SINE_DWELL_YAW_RATIO_1_00_PCT: &str = "sine_dwell_yaw_ratio_1_00_pct";
/// Sine with dwell: yaw rate 1.75 s after completion of steer over ψ_peak. Unit: %.
pub const SINE_DWELL_YAW_RATIO_1_75_PCT: &str = "sine_dwell_yaw_ratio_1_75_pct";

/// Double lane change: highest entry speed passed. Unit: km/h.
pub const LANE_CHANGE_MAX_ENTRY_SPEED_KMH: &str = "lane_change_max_entry_speed_kmh";
/// Double lane change: runs of the speed search.
pub const LANE_CHANGE_RUNS: &str = "lane_change_runs";
/// Double lane change at one speed: 1 passed, 0 hit a cone.
pub const LANE_CHANGE_PASSED: &str = "lane_change_passed";
/// Double lane change at one speed: the entry speed. Unit: km/h.
pub const LANE_CHANGE_ENTRY_SPEED_KMH: &str = "lane_change_entry_speed_kmh";
/// Double lane change at one speed: largest lateral acceleration. Unit: m/s².
pub const LANE_CHANGE_MAX_LATERAL_ACCEL_MPS2: &str = "lane_change_max_lateral_accel_mps2";

/// Braking: distance from the start speed to standstill. Unit: m.
pub const BRAKING_DISTANCE_M: &str = "braking_distance_m";
/// Braking: start speed over stopping time. Unit: m/s².
pub const BRAKING_MEAN_DECEL_MPS2: &str = "braking_mean_decel_mps2";
/// The suite's stop from 100 km/h on wet tarmac (surface 1). Unit: m.
pub const BRAKING_DISTANCE_WET_M: &str = "braking_distance_wet_m";

/// Acceleration: 0–100 km/h time (when reached). Unit: s.
pub const ACCEL_0_100_S: &str = "accel_0_100_s";
/// Acceleration: quarter-mile (402.336 m) time (when reached). Unit: s.
pub const QUARTER_MILE_S: &str = "quarter_mile_s";

/// Coast-down: fitted C_d·A. Unit: m².
pub const COAST_DOWN_CD_A_M2: &str = "coast_down_cd_a_m2";
/// Coast-down: fitted rolling-resistance coefficient.
pub const COAST_DOWN_CRR: &str = "coast_down_crr";
/// The vehicle's configured C_d·A. Unit: m².
pub const CONFIGURED_CD_A_M2: &str = "configured_cd_a_m2";
/// The vehicle's configured rolling-resistance coefficient.
pub const CONFIGURED_CRR: &str = "configured_crr";

/// Park: creep distance over the hold. Unit: m.
pub const PARK_CREEP_M: &str = "park_creep_m";

/// The up-shift key `shift_<from>_<to>_kmh`: vehicle speed when the acceleration run selected
/// gear `to` from `from`. Unit: km/h.
pub fn shift_key(from: i8, to: i8) -> String {
    format!("shift_{from}_{to}_kmh")
}

/// Every fixed key above (not the [`shift_key`] pattern), for checks and documentation.
pub const ALL: [&str; 33] = [
    VEHICLE_MASS_KG,
    GRAVITY_MPS2,
    RIDE_HEIGHT_M,
    UNDERSTEER_GRADIENT_DEG_PER_G,
    UNDERSTEER_GRADIENT_LEFT_DEG_PER_G,
    UNDERSTEER_GRADIENT_RIGHT_DEG_PER_G,
    MAX_LATERAL_ACCEL_MPS2,
    MAX_LATERAL_ACCEL_LEFT_MPS2,
    MAX_LATERAL_ACCEL_RIGHT_MPS2,
    STEP_STEER_RESPONSE_TIME_S,
    STEP_STEER_OVERSHOOT_PCT,
    STEP_STEER_GAIN_PER_S,
    STEP_STEER_LATERAL_ACCEL_MPS2,
    SINE_DWELL_AMPLITUDE_DEG,
    SINE_DWELL_LATERAL_DISPLACEMENT_M,
    SINE_DWELL_PEAK_YAW_RATE_RADPS,
    SINE_DWELL_YAW_RATIO_1_00_PCT,
    SINE_DWELL_YAW_RATIO_1_75_PCT,
    LANE_CHANGE_MAX_ENTRY_SPEED_KMH,
    LANE_CHANGE_RUNS,
    LANE_CHANGE_PASSED,
    LANE_CHANGE_ENTRY_SPEED_KMH,
    LANE_CHANGE_MAX_LATERAL_ACCEL_MPS2,
    BRAKING_DISTANCE_M,
    BRAKING_MEAN_DECEL_MPS2,
    BRAKING_DISTANCE_WET_M,
    ACCEL_0_100_S,
    QUARTER_MILE_S,
    COAST_DOWN_CD_A_M2,
    COAST_DOWN_CRR,
    CONFIGURED_CD_A_M2,
    CONFIGURED_CRR,
    PARK_CREEP_M,
];

/// How a KPI is measured, where the key alone does not say it: `(key, method)`. Reports print
/// the method beside the value ([`method`]).
pub const METHODS: [(&str, &str); 6] = [
    (
        UNDERSTEER_GRADIENT_DEG_PER_G,
        "ISO 4138 constant radius (40 m in the suite), discrete speeds 1 m/s apart held 5 s: slope of \
         road-wheel steer less L·r/v over ISO 8855 lateral acceleration, 1–4 m/s²; mean of the \
         left- and right-hand circles",
    ),
    (
        UNDERSTEER_GRADIENT_LEFT_DEG_PER_G,
        "as understeer_gradient_deg_per_g, on the circle turning left",
    ),
    (
        UNDERSTEER_GRADIENT_RIGHT_DEG_PER_G,
        "as understeer_gradient_deg_per_g, on the circle turning right",
    ),
    (
        MAX_LATERAL_ACCEL_MPS2,
        "ISO 4138 constant radius (40 m in the suite), slowly increasing speed (a_y ramp 0.1 m/s² per s) \
         until the driver can no longer hold the circle (1.5 m off with the offset trimmed \
         out) or the car spins; largest 1 s mean of the ISO 8855 lateral acceleration; mean of \
         the left- and right-hand circles",
    ),
    (
        MAX_LATERAL_ACCEL_LEFT_MPS2,
        "as max_lateral_accel_mps2, on the circle turning left",
    ),
    (
        MAX_LATERAL_ACCEL_RIGHT_MPS2,
        "as max_lateral_accel_mps2, on the circle turning right",
    ),
];

/// The method of KPI `key` ([`METHODS`]), if the key alone does not say it.
///
/// ```
/// use skidpad::maneuver::kpi;
/// assert!(kpi::method(kpi::MAX_LATERAL_ACCEL_MPS2).unwrap().contains("slowly increasing speed"));
/// assert_eq!(kpi::method(kpi::BRAKING_DISTANCE_M), None);
/// ```
pub fn method(key: &str) -> Option<&'static str> {
    METHODS.iter().find(|(k, _)| *k == key).map(|(_, m)| *m)
}

/// KPIs sorted by validity: what a result type's `kpi_set()` returns, what the suite and the
/// main job collect.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Kpis {
    /// Valid KPIs: `(key, value)`, every value finite.
    pub values: Vec<(String, f64)>,
    /// Invalid KPIs: `(key, reason)`, e.g. [`SINE_DWELL_YAW_RATIO_1_00_PCT`] with `rolled over
    /// at 3.20 s: roll 63.1 deg beyond ±45 deg`.
    pub invalid: Vec<(String, String)>,
}

impl Kpis {
    /// Sort a run's `all` pairs: when the run is `invalid`, every key is invalid with that
    /// reason; otherwise a finite value is valid and a non-finite one invalid
    /// (`no finite value (NaN)`), so no NaN is ever a result.
    pub fn sort(all: Vec<(String, f64)>, invalid: Option<super::validity::Invalid>) -> Self {
        let mut k = Kpis::default();
        for (key, v) in all {
            match invalid {
                Some(why) => k.invalid.push((key, why.to_string())),
                None if v.is_finite() => k.values.push((key, v)),
                None => k.invalid.push((key, format!("no finite value ({v})"))),
            }
        }
        k
    }

    /// Append `other`'s KPIs.
    pub fn extend(&mut self, other: Kpis) {
        self.values.extend(other.values);
        self.invalid.extend(other.invalid);
    }

    /// The value of the valid KPI `key`.
    pub fn get(&self, key: &str) -> Option<f64> {
        self.values.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }

    /// The reason KPI `key` is invalid, if it is.
    pub fn reason(&self, key: &str) -> Option<&str> {
        self.invalid
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, r)| r.as_str())
    }
}

/// `(key, value)` pairs with owned keys, as the result types' `kpis()` return them.
pub(crate) fn owned(k: Vec<(&str, f64)>) -> Vec<(String, f64)> {
    k.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}
