//! When a manoeuvre's KPIs are invalid: each manoeuvre checks its own preconditions while it
//! runs and, when one fails, reports every KPI of that run as invalid with the reason
//! ([`Invalid`], shown as `rolled over at 3.20 s: roll 63.1 deg beyond ±45 deg`), distinct
//! from "not reached" (a KPI left out, such as the 0–100 time of a truck governed below
//! 100 km/h). A run whose precondition fails is void, as a test run on a proving ground is:
//! its numbers describe something other than what the standard measures.
//!
//! | rule ([`Rule`]) | threshold | applies to | from |
//! |---|---|---|---|
//! | step fault | a step would have left a non-finite state ([`crate::vehicle::fault`]) | every manoeuvre | — (nothing non-finite is a result) |
//! | rolled over | body roll `abs(φ) >` [`MAX_ROLL_DEG`] = 45° at any step (φ the x-rotation of the ZYX Euler angles) | every manoeuvre | ISO 4138, ISO 7401, FMVSS 126 and ISO 3888-1 all presuppose four (all) wheels on the ground; 45° is far past any wheel lift that recovers |
//! | airborne | every wheel off the ground for more than [`AIRBORNE_S`] = 0.2 s in a row | every manoeuvre | as above: the tyre forces the KPIs describe are absent |
//! | spun | body sideslip `abs(β) = abs(atan2(v_y, v_x)) >` [`MAX_SIDESLIP_DEG`] = 30° above [`SPIN_MIN_SPEED`] | steady-state circle, step steer, acceleration | ISO 4138 and ISO 7401 measure the (quasi-)linear range, where β stays within a few degrees; FMVSS 126 measures spin-out itself and braking on split-µ measures the yaw it causes, so neither applies it |
//! | speed not held | forward speed outside the test speed ± [`SPEED_TOLERANCE`] (5 %) during the run | step steer | ISO 7401 (constant speed during the test); FMVSS 126 coasts after the entry at 80 ± 1 km/h (its entry is the step steer's speed), ISO 4138's circle ends its speed sweep when a speed can't be held (that is its limit, not a void run), ISO 3888-1 checks the entry speed ([`super::lane_change::ENTRY_SPEED_TOLERANCE`]) |
//! | above top speed | test speed above the gearing top speed [`gearing_top_speed`] (engine speed limit through the tallest gear, on the largest wheel), checked at the start | step steer, sine with dwell | ISO 7401 and FMVSS 126 run at 80 km/h: a vehicle that can't reach it can't run them (the tank: 300 rad/s / (1.0 · 6.0) · 0.35 m = 63 km/h) |
//! | left the path | lateral offset from the straight path `>` [`MAX_LANE_OFFSET_M`] = 1.75 m (half a 3.5 m lane) | acceleration, coast-down | — (a straight-line test off its lane measures a turn) |
//!
//! The first rule that fails names the reason, and the manoeuvre stops there; the check costs a few
//! operations per step. A KPI whose run was valid but that has no finite value (a fit without
//! points) is invalid too, `no finite value (NaN)` ([`Kpis::sort`]). The sine with dwell is invalid
//! when the step steer that calibrates its amplitude is.

use super::kpi::Kpis;
use crate::vehicle::{StepFault, Vehicle};
use glam::EulerRot;

/// Largest body roll of a valid run. Unit: deg.
pub const MAX_ROLL_DEG: f64 = 45.0;
/// Longest time with every wheel off the ground in a valid run. Unit: s.
pub const AIRBORNE_S: f64 = 0.2;
/// Largest body sideslip of a valid run, where the rule applies. Unit: deg.
pub const MAX_SIDESLIP_DEG: f64 = 30.0;
/// Speed below which sideslip is not judged (it is undefined at rest). Unit: m/s.
pub const SPIN_MIN_SPEED: f64 = 3.0;
/// Speed band around the test speed, where the standard requires constant speed, as a
/// fraction of it. Unit: 1.
pub const SPEED_TOLERANCE: f64 = 0.05;
/// Largest lateral offset from a straight-line test's path. Unit: m.
pub const MAX_LANE_OFFSET_M: f64 = 1.75;

/// Which precondition failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// A step would have left a non-finite state.
    StepFault,
    /// `|roll|` beyond [`MAX_ROLL_DEG`].
    RolledOver,
    /// Every wheel off the ground for longer than [`AIRBORNE_S`].
    Airborne,
    /// `|sideslip|` beyond [`MAX_SIDESLIP_DEG`].
    Spun,
    /// Speed outside the test speed ± [`SPEED_TOLERANCE`].
    SpeedNotHeld,
    /// The test speed is above the vehicle's [`gearing_top_speed`].
    AboveTopSpeed,
    /// Lateral offset beyond [`MAX_LANE_OFFSET_M`].
    LeftPath,
}

/// Why a run's KPIs are invalid: the rule, when (time since the start of the run), and the
/// measured value against its limit. Displays as
/// `rolled over at 3.20 s: roll 63.1 deg beyond ±45 deg`. `Copy`, like the results that
/// carry it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Invalid {
    /// The precondition that failed.
    pub rule: Rule,
    /// Time since the start of the run. Unit: s.
    pub time_s: f64,
    /// The measured value that broke the rule: roll or sideslip (deg), forward speed or the
    /// test speed (km/h), lateral offset (m), time off the ground (s); NaN for a step fault.
    pub value: f64,
    /// The limit it broke, in the same unit (the test speed or the top speed, km/h).
    pub limit: f64,
    /// The step fault ([`Rule::StepFault`]).
    pub fault: Option<StepFault>,
    /// The failure happened in the step steer that calibrates a sine with dwell.
    pub in_calibration: bool,
}

impl Invalid {
    /// The reason `rule` at `time_s`: `value` against `limit`.
    pub fn new(rule: Rule, time_s: f64, value: f64, limit: f64) -> Self {
        Self {
            rule,
            time_s,
            value,
            limit,
            fault: None,
            in_calibration: false,
        }
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (t, x, l) = (self.time_s, self.value, self.limit);
        let pct = SPEED_TOLERANCE * 100.0;
        match (self.rule, self.fault) {
            (Rule::StepFault, Some(fault)) => write!(f, "step fault at {t:.2} s: {fault}"),
            (Rule::StepFault, None) => write!(f, "step fault at {t:.2} s"),
            (Rule::RolledOver, _) => {
                write!(
                    f,
                    "rolled over at {t:.2} s: roll {x:.1} deg beyond ±{l} deg"
                )
            }
            (Rule::Airborne, _) => write!(
                f,
                "airborne at {t:.2} s: every wheel off the ground for more than {l} s"
            ),
            (Rule::Spun, _) => write!(f, "spun at {t:.2} s: sideslip {x:.1} deg beyond ±{l} deg"),
            (Rule::SpeedNotHeld, _) => write!(
                f,
                "speed not held at {t:.2} s: {x:.1} km/h, test speed {l:.1} km/h ± {pct:.0} %"
            ),
            (Rule::AboveTopSpeed, _) => write!(
                f,
                "above the vehicle's top speed at {t:.2} s: test speed {x:.1} km/h, gearing \
                 top speed {l:.1} km/h"
            ),
            (Rule::LeftPath, _) => write!(
                f,
                "left the path at {t:.2} s: {x:.2} m off the straight path, beyond ±{l} m"
            ),
        }?;
        if self.in_calibration {
            write!(f, " (in the calibrating step steer)")?;
        }
        Ok(())
    }
}

/// Which of the optional rules a manoeuvre applies (the step fault, rollover and airborne
/// rules always apply).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rules {
    /// Apply the sideslip rule.
    pub spin: bool,
    /// Test speed whose ± [`SPEED_TOLERANCE`] band must hold, m/s (`None`: no speed rule).
    pub speed: Option<f64>,
    /// Apply the lane-offset rule to the lateral offset the manoeuvre reports.
    pub lane: bool,
}

/// The precondition checks of one run: fed the vehicle after every step, keeps the first
/// failure.
#[derive(Debug, Clone)]
pub struct Watch {
    rules: Rules,
    t0: f64,
    airborne_since: Option<f64>,
    first: Option<Invalid>,
}

impl Watch {
    /// Checks of `rules` for a run starting now (times are counted from `v`'s present time).
    pub fn new(v: &Vehicle, rules: Rules) -> Self {
        Self {
            rules,
            t0: v.state().time,
            airborne_since: None,
            first: None,
        }
    }

    /// Record `rule` failing now with `value` against `limit`, unless an earlier failure is
    /// recorded.
    fn fail(&mut self, v: &Vehicle, rule: Rule, value: f64, limit: f64) {
        if self.first.is_none() {
            self.first = Some(Invalid::new(rule, v.state().time - self.t0, value, limit));
        }
    }

    /// Record the calibration run's failure as this run's (the sine with dwell's step steer).
    pub fn inherit_calibration(&mut self, invalid: Option<Invalid>) {
        if self.first.is_none() {
            self.first = invalid.map(|i| Invalid {
                in_calibration: true,
                ..i
            });
        }
    }

    /// Check, at the start, that the test speed `speed` (m/s) is within the vehicle's
    /// [`gearing_top_speed`].
    pub fn top_speed(&mut self, v: &Vehicle, speed: f64) {
        let top = gearing_top_speed(v.params());
        if speed > top {
            self.fail(v, Rule::AboveTopSpeed, speed * 3.6, top * 3.6);
        }
    }

    /// Check the vehicle after a step: fault, roll, airborne, sideslip and (when the rules
    /// say) the speed band.
    pub fn observe(&mut self, v: &Vehicle) {
        if self.first.is_some() {
            return;
        }
        if let Some(f) = v.fault() {
            self.first = Some(Invalid {
                fault: Some(*f),
                ..Invalid::new(
                    Rule::StepFault,
                    v.state().time - self.t0,
                    f64::NAN,
                    f64::NAN,
                )
            });
            return;
        }
        let s = v.state();
        let (_, _, roll) = s.chassis.pose.rotation.to_euler(EulerRot::ZYX);
        if roll.to_degrees().abs() > MAX_ROLL_DEG {
            return self.fail(v, Rule::RolledOver, roll.to_degrees(), MAX_ROLL_DEG);
        }
        if s.wheels().iter().any(|w| w.suspension.in_contact) {
            self.airborne_since = None;
        } else {
            let since = *self.airborne_since.get_or_insert(s.time);
            if s.time - since > AIRBORNE_S {
                return self.fail(v, Rule::Airborne, s.time - since, AIRBORNE_S);
            }
        }
        let vb = s.chassis.velocity_body();
        if self.rules.spin && vb.truncate().length() > SPIN_MIN_SPEED {
            let beta = vb.y.atan2(vb.x).to_degrees();
            if beta.abs() > MAX_SIDESLIP_DEG {
                return self.fail(v, Rule::Spun, beta, MAX_SIDESLIP_DEG);
            }
        }
        if let Some(target) = self.rules.speed {
            let vx = s.forward_speed();
            if (vx - target).abs() > SPEED_TOLERANCE * target {
                self.fail(v, Rule::SpeedNotHeld, vx * 3.6, target * 3.6);
            }
        }
    }

    /// Check a straight-line test's lateral offset from its path (m), when the rules say.
    pub fn lane(&mut self, v: &Vehicle, offset: f64) {
        if self.rules.lane && offset.abs() > MAX_LANE_OFFSET_M {
            self.fail(v, Rule::LeftPath, offset, MAX_LANE_OFFSET_M);
        }
    }

    /// The first failure, if any.
    pub fn result(&self) -> Option<Invalid> {
        self.first
    }
}

/// The highest speed the engine can drive the vehicle at: the engine's speed limit through the
/// tallest forward gear and the final drive, on the largest wheel,
/// `v = ω_max / (i_top · i_final) · R`; unbounded for direct drive (no engine). Unit: m/s.
pub fn gearing_top_speed(p: &crate::VehicleParams) -> f64 {
    let d = &p.drivetrain;
    if !d.has_engine() {
        return f64::INFINITY;
    }
    let top = d
        .gearbox
        .forward_ratios
        .iter()
        .fold(f64::INFINITY, |a, &r| a.min(r.abs()));
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    d.engine.max_speed / (top * d.gearbox.final_drive.abs()) * r
}

/// Sort a run's `(key, value)` pairs by its validity: see [`Kpis::sort`].
pub(crate) fn sort(all: Vec<(&str, f64)>, invalid: Option<Invalid>) -> Kpis {
    Kpis::sort(super::kpi::owned(all), invalid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::Plane;
    use crate::{DQuat, DVec3, Pose, presets};

    /// A sedan at rest with its origin `z` m above flat ground, rolled by `roll_deg`.
    fn sedan_at(z: f64, roll_deg: f64) -> Vehicle {
        let mut v = Vehicle::new(presets::sedan()).unwrap();
        let q = DQuat::from_rotation_x(roll_deg.to_radians());
        v.teleport(Pose::new(DVec3::new(0.0, 0.0, z), q));
        v
    }

    #[test]
    fn roll_beyond_45_deg_is_a_rollover_and_44_is_not() {
        let mut w = Watch::new(&sedan_at(0.3, 44.0), Rules::default());
        w.observe(&sedan_at(0.3, 44.0));
        w.observe(&sedan_at(0.3, -44.0));
        assert_eq!(w.result(), None);
        w.observe(&sedan_at(0.3, -60.0));
        let i = w.result().unwrap();
        assert_eq!(i.rule, Rule::RolledOver);
        // The ZYX roll of a pure x-rotation is the rotation angle itself.
        assert!((i.value + 60.0).abs() < 1e-9, "{}", i.value);
        assert_eq!(
            i.to_string(),
            "rolled over at 0.00 s: roll -60.0 deg beyond ±45 deg"
        );
    }

    #[test]
    fn every_wheel_off_the_ground_for_more_than_0_2_s_is_airborne() {
        // Dropped from 5 m: free fall for √(2·4.4/9.81) ≈ 0.95 s before a wheel can touch.
        // The first step off the ground starts the clock at t = 1/120 s; the rule fails at
        // the first step more than 0.2 s later, step 26: t − t₁ = 25/120 = 0.2083 s, at
        // 26/120 = 0.2167 s after the start.
        let ground = Plane::flat();
        let mut v = sedan_at(5.0, 0.0);
        let mut w = Watch::new(&v, Rules::default());
        let mut failed_at = None;
        for k in 1..=40 {
            v.step(1.0 / 120.0, &ground);
            w.observe(&v);
            if failed_at.is_none() && w.result().is_some() {
                failed_at = Some(k);
            }
        }
        assert_eq!(failed_at, Some(26));
        let i = w.result().unwrap();
        assert_eq!(i.rule, Rule::Airborne);
        assert!((i.value - 25.0 / 120.0).abs() < 1e-9, "{}", i.value);
        assert!((i.time_s - 26.0 / 120.0).abs() < 1e-9, "{}", i.time_s);
        // Resting on the ground for 1 s: never airborne.
        let mut v = sedan_at(0.316, 0.0);
        let mut w = Watch::new(&v, Rules::default());
        for _ in 0..120 {
            v.step(1.0 / 120.0, &ground);
            w.observe(&v);
        }
        assert_eq!(w.result(), None);
    }

    #[test]
    fn sideslip_beyond_30_deg_is_a_spin_where_the_rule_applies() {
        // v = 10 m/s at 40° to the heading: β = 40°; at 20°: β = 20°.
        let at = |beta_deg: f64| {
            let mut v = sedan_at(0.316, 0.0);
            let b = beta_deg.to_radians();
            v.set_velocity(DVec3::new(10.0 * b.cos(), 10.0 * b.sin(), 0.0), DVec3::ZERO);
            v
        };
        let spin = Rules {
            spin: true,
            ..Rules::default()
        };
        let mut w = Watch::new(&at(20.0), spin);
        w.observe(&at(20.0));
        assert_eq!(w.result(), None);
        w.observe(&at(40.0));
        let i = w.result().unwrap();
        assert_eq!(i.rule, Rule::Spun);
        assert!((i.value - 40.0).abs() < 1e-9);
        // FMVSS 126 and braking don't apply it.
        let mut w = Watch::new(&at(40.0), Rules::default());
        w.observe(&at(40.0));
        assert_eq!(w.result(), None);
    }

    #[test]
    fn speed_outside_5_pct_is_not_held() {
        // Test speed 20 m/s: band ± 1 m/s.
        let at = |vx: f64| {
            let mut v = sedan_at(0.316, 0.0);
            v.set_velocity(DVec3::new(vx, 0.0, 0.0), DVec3::ZERO);
            v
        };
        let rules = Rules {
            speed: Some(20.0),
            ..Rules::default()
        };
        let mut w = Watch::new(&at(19.1), rules);
        w.observe(&at(19.1));
        w.observe(&at(20.9));
        assert_eq!(w.result(), None);
        w.observe(&at(18.9));
        let i = w.result().unwrap();
        assert_eq!(i.rule, Rule::SpeedNotHeld);
        assert_eq!(
            i.to_string(),
            "speed not held at 0.00 s: 68.0 km/h, test speed 72.0 km/h ± 5 %"
        );
        let mut w = Watch::new(&at(21.1), rules);
        w.observe(&at(21.1));
        assert_eq!(w.result().unwrap().rule, Rule::SpeedNotHeld);
    }

    #[test]
    fn a_test_speed_above_the_gearing_top_speed_is_refused() {
        // The tank: 300 rad/s / (1.0 · 6.0) · 0.35 m = 17.5 m/s = 63 km/h.
        let tank = Vehicle::new(presets::tank()).unwrap();
        let top = gearing_top_speed(tank.params());
        assert!((top - 17.5).abs() < 1e-12, "{top}");
        let mut w = Watch::new(&tank, Rules::default());
        w.top_speed(&tank, 17.4);
        assert_eq!(w.result(), None);
        w.top_speed(&tank, 80.0 / 3.6);
        assert_eq!(
            w.result().unwrap().to_string(),
            "above the vehicle's top speed at 0.00 s: test speed 80.0 km/h, gearing top \
             speed 63.0 km/h"
        );
        // The sedan's 680 rad/s through its tallest gear is far above 80 km/h; the kart:
        // 680 rad/s / 2.8 · 0.135 m = 32.79 m/s = 118.0 km/h; the sedan-simple (direct
        // drive) has no engine limit.
        assert!(gearing_top_speed(&presets::sedan()) > 150.0 / 3.6);
        let kart = gearing_top_speed(&presets::kart());
        assert!((kart - 680.0 / 2.8 * 0.135).abs() < 1e-12, "{kart}");
        assert_eq!(gearing_top_speed(&presets::sedan_simple()), f64::INFINITY);
    }

    #[test]
    fn offset_beyond_1_75_m_leaves_the_path_where_the_rule_applies() {
        let v = sedan_at(0.316, 0.0);
        let lane = Rules {
            lane: true,
            ..Rules::default()
        };
        let mut w = Watch::new(&v, lane);
        w.lane(&v, -1.74);
        assert_eq!(w.result(), None);
        w.lane(&v, 1.8);
        assert_eq!(w.result().unwrap().rule, Rule::LeftPath);
        let mut w = Watch::new(&v, Rules::default());
        w.lane(&v, 5.0);
        assert_eq!(w.result(), None);
    }

    #[test]
    fn the_first_failure_names_the_reason() {
        let mut w = Watch::new(&sedan_at(0.3, 0.0), Rules::default());
        w.observe(&sedan_at(0.3, 50.0));
        w.observe(&sedan_at(0.3, 90.0));
        assert!((w.result().unwrap().value - 50.0).abs() < 1e-9);
        w.inherit_calibration(Some(Invalid::new(Rule::Spun, 1.0, 40.0, 30.0)));
        assert_eq!(w.result().unwrap().rule, Rule::RolledOver);
        let mut w = Watch::new(&sedan_at(0.3, 0.0), Rules::default());
        w.inherit_calibration(Some(Invalid::new(Rule::SpeedNotHeld, 0.5, 70.0, 80.0)));
        assert_eq!(
            w.result().unwrap().to_string(),
            "speed not held at 0.50 s: 70.0 km/h, test speed 80.0 km/h ± 5 % (in the \
             calibrating step steer)"
        );
    }

    #[test]
    fn an_invalid_run_has_every_key_invalid_and_a_nan_is_never_a_value() {
        let why = Invalid::new(Rule::RolledOver, 3.2, 63.1, MAX_ROLL_DEG);
        let k = sort(vec![("a_m", 1.0), ("b_s", 2.0)], Some(why));
        assert!(k.values.is_empty());
        assert_eq!(
            k.reason("a_m"),
            Some("rolled over at 3.20 s: roll 63.1 deg beyond ±45 deg")
        );
        assert_eq!(k.invalid.len(), 2);
        let k = sort(vec![("a_m", 1.0), ("b_s", f64::NAN)], None);
        assert_eq!(k.get("a_m"), Some(1.0));
        assert_eq!(k.get("b_s"), None);
        assert_eq!(k.reason("b_s"), Some("no finite value (NaN)"));
    }
}
