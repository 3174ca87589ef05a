//! Reports from the main job's telemetry: SVG plots and a self-contained `report.html`.
//!
//! [`write_report`] writes the plots of one run and a page with its KPI table;
//! [`write_compare`] writes overlaid plots of two runs (series labelled with the vehicle
//! names), both summaries, both runs' telemetry and events, and a page with the KPIs side by
//! side.
//!
//! | file | x | y |
//! |---|---|---|
//! | `trajectory.svg` | x (m) | y (m), same scale as x |
//! | `speed.svg` | t (s) | vx (m/s) |
//! | `yaw_rate.svg` | t (s) | yaw rate (rad/s) |
//! | `steer_vs_ay.svg` | ay (m/s²) | steer (rad) |
//! | `wheel_loads.svg` | t (s) | load per wheel (N) |
//! | `wheel_slips.svg` | t (s) | slip ratio κ (upper panel) and slip angle α (rad, lower panel), one colour per wheel |
//! | `gg.svg` | ay (m/s²) | ax (m/s²) |
//! | `engine.svg` | t (s) | engine speed (rpm) (left), gear (right) |
//! | `steady_state_circle.svg` | ay (m/s²) | road-wheel steer (deg) at each steady speed of the ISO 4138 circle (when the summary has the curve) |
//!
//! A plot is drawn only when it carries data ([`crate::plot::carries_data`]): a direct-drive
//! car has no `engine.svg`, a skid-steered tank no `steer_vs_ay.svg`. The phases of a single
//! run's telemetry ([`Recorder::phases`]: the main job's settle, 0–100 km/h, 100–0 km/h and
//! slalom — which starts by setting the speed to 15 m/s, hence its step in `speed.svg`) are
//! dashed vertical lines on the time plots.

use crate::Summary;
use crate::plot::{
    Series, carries_data, dual_axis_chart, line_chart, line_chart_marked, map_chart,
};
use skidpad::telemetry::Recorder;
use std::path::{Path, PathBuf};

/// Every plot file, in page order; [`write_plots`] writes those that carry data.
pub const PLOTS: [&str; 8] = [
    "trajectory.svg",
    "speed.svg",
    "yaw_rate.svg",
    "steer_vs_ay.svg",
    "wheel_loads.svg",
    "wheel_slips.svg",
    "gg.svg",
    "engine.svg",
];

/// rad/s to rpm.
const RADPS_TO_RPM: f64 = 60.0 / std::f64::consts::TAU;

fn col(t: &Recorder, name: &str) -> Result<usize, String> {
    t.column(name)
        .ok_or_else(|| format!("telemetry has no column `{name}`"))
}

/// Finite `(x, y)` points of two columns, `y` scaled by `ys`.
fn xy(t: &Recorder, x: &str, y: &str, ys: f64) -> Result<Vec<(f64, f64)>, String> {
    let (i, j) = (col(t, x)?, col(t, y)?);
    Ok(t.rows
        .iter()
        .filter_map(|r| Some((*r.get(i)?, *r.get(j)? * ys)))
        .filter(|(a, b)| a.is_finite() && b.is_finite())
        .collect())
}

/// Wheel column prefixes (`fl`, `fr`, …), from the `*_slip_ratio` columns.
fn wheel_prefixes(t: &Recorder) -> Vec<String> {
    t.names
        .iter()
        .filter_map(|n| n.strip_suffix("_slip_ratio"))
        .filter(|p| t.names.iter().any(|n| *n == format!("{p}_load_n")))
        .map(str::to_string)
        .collect()
}

/// Write the [`PLOTS`] of `runs` (label, telemetry) that carry data into `dir` (created if
/// missing) and return their file names in page order; with more than one run the series are
/// overlaid and prefixed with the run labels, with one run its phases are marked.
///
/// # Errors
/// A message naming the file, or a missing telemetry column.
pub fn write_plots(dir: &Path, runs: &[(&str, &Recorder)]) -> Result<Vec<&'static str>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let many = runs.len() > 1;
    let label = |run: &str, what: &str| match (many, what.is_empty()) {
        (true, true) => run.to_string(),
        (true, false) => format!("{run} {what}"),
        (false, true) => String::new(),
        (false, false) => what.to_string(),
    };
    let simple = |x: &str, y: &str, ys: f64, what: &str| -> Result<Series, String> {
        runs.iter()
            .map(|(name, t)| Ok((label(name, what), xy(t, x, y, ys)?)))
            .collect()
    };
    let markers: Vec<(&str, f64)> = match runs {
        [(_, t)] => t.phase_starts(),
        _ => Vec::new(),
    };
    let mut files = Vec::new();
    let mut written = |file: &'static str, draw: &dyn Fn(&Path) -> Result<(), String>| {
        draw(&dir.join(file))?;
        files.push(file);
        Ok::<(), String>(())
    };
    let trajectory = simple("x_m", "y_m", 1.0, "")?;
    written(PLOTS[0], &|p| {
        map_chart(p, "Trajectory", "x [m]", "y [m]", &trajectory)
    })?;
    for (file, title, (x, xl), (y, yl), timed) in [
        (
            PLOTS[1],
            "Speed",
            ("t_s", "t [s]"),
            ("vx_mps", "vx [m/s]"),
            true,
        ),
        (
            PLOTS[2],
            "Yaw rate",
            ("t_s", "t [s]"),
            ("yaw_rate_radps", "yaw rate (ISO, vertical) [rad/s]"),
            true,
        ),
        (
            PLOTS[3],
            "Steering vs lateral acceleration",
            ("ay_mps2", "ay (ISO, kinematic) [m/s²]"),
            ("steer_rad", "steer [rad]"),
            false,
        ),
    ] {
        let s = simple(x, y, 1.0, "")?;
        let m: &[(&str, f64)] = if timed { &markers } else { &[] };
        if carries_data(&s) {
            written(file, &|p| line_chart_marked(p, title, xl, yl, &s, m))?;
        }
    }
    let mut loads = Series::new();
    let (mut kappa, mut alpha) = (Series::new(), Series::new());
    for (name, t) in runs {
        for p in wheel_prefixes(t) {
            loads.push((label(name, &p), xy(t, "t_s", &format!("{p}_load_n"), 1.0)?));
            kappa.push((
                label(name, &p),
                xy(t, "t_s", &format!("{p}_slip_ratio"), 1.0)?,
            ));
            alpha.push((
                label(name, &p),
                xy(t, "t_s", &format!("{p}_slip_angle_rad"), 1.0)?,
            ));
        }
    }
    if carries_data(&loads) {
        written(PLOTS[4], &|p| {
            line_chart_marked(p, "Wheel loads", "t [s]", "load [N]", &loads, &markers)
        })?;
    }
    if carries_data(&kappa) || carries_data(&alpha) {
        let panels = [("slip ratio κ [1]", kappa), ("slip angle α [rad]", alpha)];
        written(PLOTS[5], &|p| {
            crate::plot::stacked_chart(p, "Wheel slips", "t [s]", &panels)
        })?;
    }
    let gg = simple("ay_mps2", "ax_mps2", 1.0, "")?;
    if carries_data(&gg) {
        written(PLOTS[6], &|p| {
            line_chart(p, "g-g diagram", "ay (ISO) [m/s²]", "ax (ISO) [m/s²]", &gg)
        })?;
    }
    let rpm = simple("t_s", "engine_speed_radps", RADPS_TO_RPM, "engine speed")?;
    let gear = simple("t_s", "gear", 1.0, "gear")?;
    if carries_data(&rpm) {
        written(PLOTS[7], &|p| {
            dual_axis_chart(
                p,
                "Engine",
                ("t [s]", "engine speed [rpm]", "gear [1]"),
                (&rpm, &gear),
                &markers,
            )
        })?;
    }
    Ok(files)
}

/// One KPI value.
#[derive(Debug, Clone, PartialEq)]
pub enum Kpi {
    /// A number; `None` when not measured (JSON null).
    Num(Option<f64>),
    /// Text (the vehicle name).
    Text(String),
    /// An invalid KPI with the reason (the summary's `invalid` map).
    Invalid(String),
}

impl Kpi {
    fn show(&self) -> String {
        match self {
            Kpi::Num(Some(v)) => format!("{v:.4}"),
            Kpi::Num(None) => "—".to_string(),
            Kpi::Text(s) => s.clone(),
            Kpi::Invalid(why) => format!("invalid: {why}"),
        }
    }
}

/// The summary's KPIs in `summary.json` order, keys with units; arrays become `key[i]`; the
/// `invalid` map's entries become [`Kpi::Invalid`] rows under their own keys; the
/// `kpi_methods` map's entries become text rows `<key> method` after them.
///
/// # Errors
/// A message if the summary does not encode to JSON.
pub fn kpis<S: serde::Serialize>(s: &S) -> Result<Vec<(String, Kpi)>, String> {
    let v = serde_json::to_value(s).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let one = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => Kpi::Text(s.clone()),
        v => Kpi::Num(v.as_f64()),
    };
    let mut methods = Vec::new();
    if let serde_json::Value::Object(map) = v {
        for (k, v) in map {
            match v {
                serde_json::Value::Object(m) if k == "kpi_methods" => {
                    for (key, how) in m {
                        let how = how.as_str().unwrap_or_default().to_string();
                        methods.push((format!("{key} method"), Kpi::Text(how)));
                    }
                }
                // Arrays of objects are curves, drawn rather than tabulated.
                serde_json::Value::Array(a) if a.iter().any(|x| x.is_object()) => {}
                serde_json::Value::Object(m) if k == "invalid" => {
                    for (key, why) in m {
                        let why = why.as_str().unwrap_or_default().to_string();
                        out.push((key, Kpi::Invalid(why)));
                    }
                }
                serde_json::Value::Array(a) => {
                    for (i, x) in a.iter().enumerate() {
                        out.push((format!("{k}[{i}]"), one(x)));
                    }
                }
                v => out.push((k, one(&v))),
            }
        }
    }
    out.extend(methods);
    Ok(out)
}

/// Rows `key, A, B, B−A` over the union of both KPI lists (A's order first).
fn compare_rows(a: &[(String, Kpi)], b: &[(String, Kpi)]) -> Vec<[String; 4]> {
    let mut keys: Vec<&String> = a.iter().map(|(k, _)| k).collect();
    for (k, _) in b {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    let get = |l: &[(String, Kpi)], k: &str| l.iter().find(|(x, _)| x == k).map(|(_, v)| v.clone());
    keys.into_iter()
        .map(|k| {
            let (va, vb) = (get(a, k), get(b, k));
            let diff = match (&va, &vb) {
                // A difference that rounds to zero prints as 0.0000, not −0.0000.
                (Some(Kpi::Num(Some(x))), Some(Kpi::Num(Some(y)))) => {
                    let d = y - x;
                    format!("{:.4}", if d.abs() < 5e-5 { 0.0 } else { d })
                }
                _ => String::new(),
            };
            let show = |v: Option<Kpi>| v.map_or("—".to_string(), |v| v.show());
            [k.clone(), show(va), show(vb), diff]
        })
        .collect()
}

/// The KPIs of two runs side by side for the terminal: key, A, B, B−A.
///
/// # Errors
/// A message if a summary does not encode to JSON.
pub fn compare_table(a: &Summary, b: &Summary) -> Result<String, String> {
    let rows = compare_rows(&kpis(a)?, &kpis(b)?);
    let mut out = format!("{:<40} {:>16} {:>16} {:>16}\n", "key", "A", "B", "B-A");
    for [k, x, y, d] in rows {
        out.push_str(&format!("{k:<40} {x:>16} {y:>16} {d:>16}\n"));
    }
    Ok(out)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A self-contained HTML page: a KPI table with `headers` and `rows`, then every plot in
/// `plots` as `<img>` with a relative path.
fn html(
    title: &str,
    headers: &[&str],
    rows: &[Vec<String>],
    plots: &[&str],
    events: &str,
) -> String {
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{t}</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 2em; }}\n\
         table {{ border-collapse: collapse; }}\n\
         th, td {{ border: 1px solid #ccc; padding: 2px 8px; }}\n\
         td.num {{ text-align: right; font-family: monospace; }}\n\
         img {{ max-width: 100%; display: block; margin: 1em 0; }}\n\
         </style>\n</head>\n<body>\n<h1>{t}</h1>\n<h2>KPIs</h2>\n<table id=\"kpis\">\n<tr>",
        t = esc(title)
    );
    for c in headers {
        h.push_str(&format!("<th>{}</th>", esc(c)));
    }
    h.push_str("</tr>\n");
    for r in rows {
        h.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            if i == 0 {
                h.push_str(&format!("<td>{}</td>", esc(c)));
            } else {
                h.push_str(&format!("<td class=\"num\">{}</td>", esc(c)));
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
    h.push_str(events);
    h.push_str("<h2>Plots</h2>\n");
    for p in plots {
        let alt = p.trim_end_matches(".svg");
        h.push_str(&format!("<img src=\"{p}\" alt=\"{alt}\">\n"));
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// Events listed on a report page at most; `events.csv` has them all.
pub const EVENTS_SHOWN: usize = 200;

/// The page's events section: a table of the run's events (time, event and its values as in
/// `events.csv`), the first [`EVENTS_SHOWN`] of them.
fn events_html(id: &str, title: &str, events: &[skidpad::telemetry::Event]) -> String {
    let mut h = format!("<h2>{}</h2>\n<p>{} events", esc(title), events.len());
    if events.len() > EVENTS_SHOWN {
        h.push_str(&format!(
            ", the first {EVENTS_SHOWN} shown (all in events.csv)"
        ));
    }
    h.push_str("</p>\n");
    h.push_str(&format!(
        "<table id=\"{}\">\n<tr><th>t [s]</th><th>event</th><th>values</th></tr>\n",
        esc(id)
    ));
    for e in events.iter().take(EVENTS_SHOWN) {
        let c = skidpad::telemetry::recorder::event_cells(e);
        let values: Vec<String> = skidpad::telemetry::recorder::EVENT_COLUMNS
            .iter()
            .zip(&c)
            .skip(2)
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        h.push_str(&format!(
            "<tr><td class=\"num\">{:.3}</td><td>{}</td><td>{}</td></tr>\n",
            e.time,
            esc(&c[1]),
            esc(&values.join(", "))
        ));
    }
    h.push_str("</table>\n");
    h
}

/// File of the steady-state circle's curve (written when a summary has one).
pub const CIRCLE_PLOT: &str = "steady_state_circle.svg";

/// The `steady_state_circle` curve of a serialized summary: `(a_y m/s², steer deg)` points.
fn circle_curve<S: serde::Serialize>(s: &S) -> Result<Vec<(f64, f64)>, String> {
    let v = serde_json::to_value(s).map_err(|e| e.to_string())?;
    let Some(points) = v.get("steady_state_circle").and_then(|c| c.as_array()) else {
        return Ok(Vec::new());
    };
    Ok(points
        .iter()
        .filter_map(|p| {
            Some((
                p.get("lateral_accel_mps2")?.as_f64()?,
                p.get("road_wheel_steer_deg")?.as_f64()?,
            ))
        })
        .collect())
}

/// The telemetry plots written (`plots`), plus [`CIRCLE_PLOT`] (written here) when any
/// summary has a steady-state curve: road-wheel steer over lateral acceleration, one series
/// per run.
fn plot_list<S: serde::Serialize>(
    dir: &Path,
    mut plots: Vec<&'static str>,
    runs: &[(&str, &S)],
) -> Result<Vec<&'static str>, String> {
    let mut series = Series::new();
    for (name, s) in runs {
        let c = circle_curve(s)?;
        if !c.is_empty() {
            let label = if runs.len() > 1 {
                name.to_string()
            } else {
                String::new()
            };
            series.push((label, c));
        }
    }
    if !series.is_empty() {
        line_chart(
            &dir.join(CIRCLE_PLOT),
            "Steady-state circle (ISO 4138): steer vs lateral acceleration",
            "ay [m/s²]",
            "road-wheel steer [deg]",
            &series,
        )?;
        plots.push(CIRCLE_PLOT);
    }
    Ok(plots)
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Write the plots of one run of `vehicle` and `report.html` (KPI table from `s`: the main
/// job's [`Summary`] or a [`crate::ManeuverSummary`]) into `dir`; returns the page's path.
/// `summary.json` and `telemetry.csv` come from [`crate::write_outputs`].
///
/// # Errors
/// A message naming the file.
pub fn write_report<S: serde::Serialize>(
    dir: &Path,
    vehicle: &str,
    s: &S,
    t: &Recorder,
) -> Result<PathBuf, String> {
    let plots = write_plots(dir, &[(vehicle, t)])?;
    let plots = plot_list(dir, plots, &[(vehicle, s)])?;
    let rows: Vec<Vec<String>> = kpis(s)?
        .into_iter()
        .map(|(k, v)| vec![k, v.show()])
        .collect();
    let page = dir.join("report.html");
    write_file(
        &page,
        &html(
            &format!("skidpad report: {vehicle}"),
            &["key", "value"],
            &rows,
            &plots,
            &events_html("events", "Events", &t.events),
        ),
    )?;
    Ok(page)
}

/// Labels for two vehicles: their names, with ` (A)`/` (B)` when the names are equal.
pub fn labels(a: &Summary, b: &Summary) -> (String, String) {
    if a.vehicle == b.vehicle {
        (format!("{} (A)", a.vehicle), format!("{} (B)", b.vehicle))
    } else {
        (a.vehicle.clone(), b.vehicle.clone())
    }
}

/// Write `summary.json` (`{"a": …, "b": …}`), overlaid plots, each run's `telemetry.csv` and
/// `events.csv` in `a/` and `b/`, and `report.html` (KPIs side by side, then each run's
/// events) for two runs into `dir` (created if missing); returns the page's path.
///
/// # Errors
/// A message naming the file.
pub fn write_compare(
    dir: &Path,
    a: (&Summary, &Recorder),
    b: (&Summary, &Recorder),
) -> Result<PathBuf, String> {
    let (la, lb) = labels(a.0, b.0);
    let plots = write_plots(dir, &[(&la, a.1), (&lb, b.1)])?;
    let plots = plot_list(dir, plots, &[(&la, a.0), (&lb, b.0)])?;
    let json = dir.join("summary.json");
    let text = serde_json::to_string_pretty(&serde_json::json!({ "a": a.0, "b": b.0 }))
        .map_err(|e| format!("{}: {e}", json.display()))?;
    write_file(&json, &(text + "\n"))?;
    crate::write_telemetry(&dir.join("a"), a.1)?;
    crate::write_telemetry(&dir.join("b"), b.1)?;
    let events = events_html(
        "events-a",
        &format!("Events: {la} (a/events.csv)"),
        &a.1.events,
    ) + &events_html(
        "events-b",
        &format!("Events: {lb} (b/events.csv)"),
        &b.1.events,
    );
    let rows: Vec<Vec<String>> = compare_rows(&kpis(a.0)?, &kpis(b.0)?)
        .into_iter()
        .map(Vec::from)
        .collect();
    let page = dir.join("report.html");
    let diff = format!("{lb} − {la}");
    write_file(
        &page,
        &html(
            &format!("skidpad compare: {la} vs {lb}"),
            &["key", &la, &lb, &diff],
            &rows,
            &plots,
            &events,
        ),
    )?;
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_differences_round_and_never_print_negative_zero() {
        // 0.66 − 0.66000001 = −1e-8 rounds to zero and prints "0.0000"; 1.5 − 1.25 = −0.25.
        let a = vec![
            ("cda".to_string(), Kpi::Num(Some(0.660_000_01))),
            ("t".to_string(), Kpi::Num(Some(1.5))),
            ("name".to_string(), Kpi::Text("a".into())),
        ];
        let b = vec![
            ("cda".to_string(), Kpi::Num(Some(0.66))),
            ("t".to_string(), Kpi::Num(Some(1.25))),
            ("name".to_string(), Kpi::Text("b".into())),
        ];
        let rows = compare_rows(&a, &b);
        assert_eq!(rows[0][3], "0.0000");
        assert_eq!(rows[1][3], "-0.2500");
        assert_eq!(rows[2][3], "");
    }
}
