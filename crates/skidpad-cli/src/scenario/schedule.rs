//! Open-loop input schedules: rows of time and inputs, inline in the scenario or from a CSV.

use serde::Deserialize;
use skidpad::vehicle::Intent;
use std::path::Path;

/// One row of an open-loop schedule; absent channels are 0.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct ScheduleRow {
    /// Time. Unit: s.
    pub t_s: f64,
    /// Throttle, 0..1.
    pub throttle: f64,
    /// Brake, 0..1.
    pub brake: f64,
    /// Hand brake, 0..1.
    pub handbrake: f64,
    /// Steering command, −1..1 (positive left).
    pub steer: f64,
    /// Target gear (engine vehicles), held from this row on; absent = automatic.
    pub gear: Option<i8>,
}

/// Read a schedule CSV (`t_s` plus any of `throttle, brake, handbrake, steer, gear`).
///
/// # Errors
/// `file:line: column: message`.
pub fn read_schedule_csv(path: &Path) -> Result<Vec<ScheduleRow>, String> {
    let file = path.display().to_string();
    let mut r = csv::Reader::from_path(path).map_err(|e| format!("{file}: {e}"))?;
    let headers = r.headers().map_err(|e| format!("{file}: {e}"))?.clone();
    let known = ["t_s", "throttle", "brake", "handbrake", "steer", "gear"];
    for h in headers.iter() {
        if !known.contains(&h.trim()) {
            return Err(format!(
                "{file}:1: column `{h}`: unknown (expected {known:?})"
            ));
        }
    }
    let col = |n: &str| headers.iter().position(|h| h.trim() == n);
    let t_col = col("t_s").ok_or_else(|| format!("{file}:1: missing column `t_s`"))?;
    let mut rows: Vec<ScheduleRow> = Vec::new();
    for (k, rec) in r.records().enumerate() {
        let line = k + 2;
        let rec = rec.map_err(|e| format!("{file}:{line}: {e}"))?;
        let get = |name: &str| -> Result<Option<f64>, String> {
            match col(name) {
                None => Ok(None),
                Some(i) => {
                    let s = rec.get(i).unwrap_or("").trim();
                    if s.is_empty() {
                        return Ok(None);
                    }
                    s.parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .map(Some)
                        .ok_or_else(|| {
                            format!("{file}:{line}: column `{name}`: not a number: {s:?}")
                        })
                }
            }
        };
        let t = rec
            .get(t_col)
            .unwrap_or("")
            .trim()
            .parse::<f64>()
            .map_err(|_| format!("{file}:{line}: column `t_s`: not a number"))?;
        if rows.last().is_some_and(|p| t <= p.t_s) {
            return Err(format!("{file}:{line}: column `t_s`: times must increase"));
        }
        rows.push(ScheduleRow {
            t_s: t,
            throttle: get("throttle")?.unwrap_or(0.0),
            brake: get("brake")?.unwrap_or(0.0),
            handbrake: get("handbrake")?.unwrap_or(0.0),
            steer: get("steer")?.unwrap_or(0.0),
            gear: get("gear")?.map(|g| g as i8),
        });
    }
    Ok(rows)
}

/// The driver input at time `t`: the schedule interpolated linearly, held after the end.
pub fn intent_at(rows: &[ScheduleRow], t: f64) -> Intent {
    let Some(first) = rows.first() else {
        return Intent::default();
    };
    let (a, b, f) = match rows.iter().position(|r| r.t_s > t) {
        None => (rows[rows.len() - 1], rows[rows.len() - 1], 0.0),
        Some(0) => (*first, *first, 0.0),
        Some(i) => {
            let (a, b) = (rows[i - 1], rows[i]);
            (a, b, (t - a.t_s) / (b.t_s - a.t_s))
        }
    };
    let lerp = |x: f64, y: f64| x + (y - x) * f;
    Intent {
        throttle: lerp(a.throttle, b.throttle),
        brake: lerp(a.brake, b.brake),
        handbrake: lerp(a.handbrake, b.handbrake),
        steer: lerp(a.steer, b.steer),
        target_gear: a.gear,
        ..Intent::default()
    }
}
