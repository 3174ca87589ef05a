//! Reading and checking schedules: the CSV form, the rules every schedule obeys, and where
//! each value came from (file, line, key or column) for error messages.
//!
//! Rules, for inline rows and CSV alike: times increase; every value is finite; a schedule is
//! pedal-style or direct (per wheel), never both; `steer` and a single `steer_angle` never
//! appear in the same schedule; per-wheel arrays have at most [`MAX_WHEELS`] entries. The
//! vehicle-dependent rules (no entry for a wheel the car lacks, a steer angle only for a car
//! that steers) are checked when the schedule runs: [`super::schedule::check_vehicle`].

use super::schedule::{ScheduleRow, SteerAngle};
use skidpad::MAX_WHEELS;
use skidpad::file::{ConfigErrorKind, Document};
use std::path::Path;

/// A schedule channel as errors name it: `drive_torque` of wheel 2 is the CSV column
/// `drive_torque_2` and entry 2 of the TOML array `drive_torque`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChannelKey {
    /// Channel name (`throttle`, `drive_torque`, ...).
    pub name: &'static str,
    /// Wheel index of a per-wheel entry.
    pub wheel: Option<usize>,
}

impl ChannelKey {
    const fn one(name: &'static str) -> Self {
        Self { name, wheel: None }
    }
}

/// Pedal-style channel names (a single `steer_angle` is pedal style too).
const PEDAL: [&str; 10] = [
    "throttle",
    "brake",
    "handbrake",
    "steer",
    "steer_angle",
    "gear",
    "track_thrust_left",
    "track_thrust_right",
    "track_brake_left",
    "track_brake_right",
];
/// Per-wheel channel names: CSV columns `NAME_<i>`, TOML arrays `NAME`.
const DIRECT: [&str; 3] = ["drive_torque", "brake_torque", "steer_angle"];

/// Where a schedule's rows came from, for error messages: the file and the line of each row
/// (and, inline, of each key in it). The default knows nothing and names rows by number.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScheduleSource {
    file: String,
    form: Form,
}

#[derive(Debug, Clone, PartialEq, Default)]
enum Form {
    #[default]
    Unknown,
    /// The scenario text: parsed again to locate an error (errors are rare; rows can be many).
    Toml { text: String },
    /// Per record: its line.
    Csv { lines: Vec<usize> },
}

impl ScheduleSource {
    /// Inline rows of the scenario `text` (file name `file`).
    pub fn toml(file: &str, text: &str) -> Self {
        Self {
            file: file.to_string(),
            form: Form::Toml {
                text: text.to_string(),
            },
        }
    }

    /// `file:line:column: schedule[row].NAME` (a wheel entry: `NAME[i]`) or
    /// `file:line: column `NAME_i`` for channel `key` of row `row`.
    pub fn locate(&self, row: usize, key: ChannelKey) -> String {
        self.at(row, key, false)
    }

    /// As [`ScheduleSource::locate`], but a CSV column is located at its header (line 1): for
    /// errors about the column itself rather than one value.
    pub fn locate_header(&self, row: usize, key: ChannelKey) -> String {
        self.at(row, key, true)
    }

    fn at(&self, row: usize, key: ChannelKey, header: bool) -> String {
        let file = &self.file;
        match &self.form {
            Form::Unknown => format!("schedule row {}: key {}", row + 1, toml_key(key)),
            Form::Toml { text } => {
                let path = format!("schedule[{row}].{}", toml_key(key));
                match Document::parse(text, file, super::SCENARIO_KEYS) {
                    Ok(doc) => {
                        let e = doc.error(&path, ConfigErrorKind::Invalid, "");
                        format!("{}:{}:{}: {}", e.file, e.line, e.column, e.key)
                    }
                    Err(_) => format!("{file}: {path}"),
                }
            }
            Form::Csv { lines } => {
                let line = if header {
                    1
                } else {
                    lines.get(row).copied().unwrap_or(1)
                };
                format!("{file}:{line}: column `{}`", csv_column(key))
            }
        }
    }
}

fn toml_key(k: ChannelKey) -> String {
    match k.wheel {
        Some(i) => format!("{}[{i}]", k.name),
        None => k.name.to_string(),
    }
}

fn csv_column(k: ChannelKey) -> String {
    match k.wheel {
        Some(i) => format!("{}_{i}", k.name),
        None => k.name.to_string(),
    }
}

/// The range of a pedal-style command (`throttle`, `brake`, `handbrake` 0..1, `steer`
/// −1..1); `None` for channels in physical units.
fn pedal_range(name: &str) -> Option<(f64, f64)> {
    match name {
        "throttle" | "brake" | "handbrake" | "track_brake_left" | "track_brake_right" => {
            Some((0.0, 1.0))
        }
        "steer" | "track_thrust_left" | "track_thrust_right" => Some((-1.0, 1.0)),
        _ => None,
    }
}

/// Check the vehicle-independent rules (see the [module docs](self)).
///
/// # Errors
/// The first broken rule, located through `source`.
pub fn check_rows(rows: &[ScheduleRow], source: &ScheduleSource) -> Result<(), String> {
    let t = ChannelKey::one("t");
    // The first key of each style, and the first `steer` / single `steer_angle`.
    let (mut pedal, mut direct) = (None::<(usize, &str)>, None::<(usize, &str)>);
    let (mut steer, mut angle) = (None::<usize>, None::<usize>);
    for (k, r) in rows.iter().enumerate() {
        if !r.t.is_finite() {
            return Err(format!("{}: must be finite", source.locate(k, t)));
        }
        if k > 0 && r.t <= rows[k - 1].t {
            return Err(format!("{}: times must increase", source.locate(k, t)));
        }
        for (key, v) in r.values() {
            if !v.is_finite() {
                return Err(format!(
                    "{}: must be finite (got {v})",
                    source.locate(k, key)
                ));
            }
            if let Some((lo, hi)) = pedal_range(key.name)
                && !(lo..=hi).contains(&v)
            {
                return Err(format!(
                    "{}: must be in [{lo}, {hi}] (got {v})",
                    source.locate(k, key)
                ));
            }
        }
        for (name, len) in [
            ("drive_torque", r.drive_torque.as_ref().map(Vec::len)),
            ("brake_torque", r.brake_torque.as_ref().map(Vec::len)),
            ("steer_angle", r.wheel_steer_angles().map(<[f64]>::len)),
        ] {
            if len.is_some_and(|l| l > MAX_WHEELS) {
                let key = ChannelKey::one(name);
                return Err(format!(
                    "{}: at most {MAX_WHEELS} wheels",
                    source.locate(k, key)
                ));
            }
        }
        let pedal_keys = [
            ("throttle", r.throttle.is_some()),
            ("brake", r.brake.is_some()),
            ("handbrake", r.handbrake.is_some()),
            ("steer", r.steer.is_some()),
            ("steer_angle", r.steer_angle().is_some()),
            ("gear", r.gear.is_some()),
            ("track_thrust_left", r.track_thrust_left.is_some()),
            ("track_thrust_right", r.track_thrust_right.is_some()),
            ("track_brake_left", r.track_brake_left.is_some()),
            ("track_brake_right", r.track_brake_right.is_some()),
        ];
        let direct_keys = [
            ("drive_torque", r.drive_torque.is_some()),
            ("brake_torque", r.brake_torque.is_some()),
            ("steer_angle", r.wheel_steer_angles().is_some()),
        ];
        for (name, _) in pedal_keys.iter().filter(|(_, set)| *set) {
            pedal.get_or_insert((k, name));
        }
        for (name, _) in direct_keys.iter().filter(|(_, set)| *set) {
            direct.get_or_insert((k, name));
        }
        if let (Some(p), Some(d)) = (pedal, direct) {
            let ((k2, late), (k1, early)) = if p < d { (d, p) } else { (p, d) };
            return Err(format!(
                "{}: a schedule is either pedal-style ({}) or per-wheel ({}), not both; {} \
                 came first",
                source.locate(k2, ChannelKey::one(late)),
                PEDAL.join(", "),
                DIRECT.join(", "),
                source.locate(k1, ChannelKey::one(early)),
            ));
        }
        if r.steer.is_some() {
            steer.get_or_insert(k);
        }
        if r.steer_angle().is_some() {
            angle.get_or_insert(k);
        }
        if let (Some(s), Some(a)) = (steer, angle) {
            let (late, early) = if s < a {
                ((a, "steer_angle"), (s, "steer"))
            } else {
                ((s, "steer"), (a, "steer_angle"))
            };
            return Err(format!(
                "{}: give either steer (a command, −1..1) or steer_angle (a road-wheel \
                 angle, rad), not both; {} came first",
                source.locate(late.0, ChannelKey::one(late.1)),
                source.locate(early.0, ChannelKey::one(early.1)),
            ));
        }
    }
    Ok(())
}

/// One CSV column: a pedal channel, or wheel `i` of a per-wheel one.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Column {
    Time,
    Pedal(&'static str),
    Wheel(&'static str, usize),
}

fn column(file: &str, h: &str) -> Result<Column, String> {
    if h == "t" {
        return Ok(Column::Time);
    }
    if let Some(p) = PEDAL.iter().find(|p| **p == h) {
        return Ok(Column::Pedal(p));
    }
    for d in DIRECT {
        if let Some(i) = h.strip_prefix(d).and_then(|r| r.strip_prefix('_')) {
            let ok = !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit());
            return match i.parse::<usize>() {
                Ok(i) if ok && i < MAX_WHEELS => Ok(Column::Wheel(d, i)),
                _ => Err(format!(
                    "{file}:1: column `{h}`: the wheel index must be a whole number \
                     0..{} (at most {MAX_WHEELS} wheels)",
                    MAX_WHEELS - 1
                )),
            };
        }
    }
    Err(format!(
        "{file}:1: column `{h}`: unknown (expected t, {}, or per wheel {})",
        PEDAL.join(", "),
        DIRECT.map(|d| format!("{d}_<i>")).join(", ")
    ))
}

/// Read a schedule CSV: column `t` plus pedal columns (`throttle`, `brake`, `handbrake`,
/// `steer` or `steer_angle`, `gear`) or per-wheel columns (`drive_torque_<i>`,
/// `brake_torque_<i>`, `steer_angle_<i>`); empty cells are 0.
///
/// # Errors
/// `file:line: column `NAME`: message`.
pub fn read_schedule_csv(path: &Path) -> Result<Vec<ScheduleRow>, String> {
    read_schedule_csv_with_source(path).map(|(rows, _)| rows)
}

/// [`read_schedule_csv`], with where each row came from.
///
/// # Errors
/// As [`read_schedule_csv`].
pub fn read_schedule_csv_with_source(
    path: &Path,
) -> Result<(Vec<ScheduleRow>, ScheduleSource), String> {
    let file = path.display().to_string();
    let mut r = csv::Reader::from_path(path).map_err(|e| format!("{file}: {e}"))?;
    let headers = r.headers().map_err(|e| format!("{file}: {e}"))?.clone();
    let cols = header_columns(&file, &headers)?;
    let widths: Vec<(&str, usize)> = DIRECT
        .iter()
        .filter_map(|d| {
            let n = cols
                .iter()
                .filter_map(|c| match c {
                    Column::Wheel(w, i) if w == d => Some(i + 1),
                    _ => None,
                })
                .max()?;
            Some((*d, n))
        })
        .collect();
    let mut rows = Vec::new();
    let mut lines = Vec::new();
    for (k, rec) in r.records().enumerate() {
        let rec = rec.map_err(|e| {
            let line = e.position().map_or(k + 2, |p| p.line() as usize);
            match e.kind() {
                csv::ErrorKind::UnequalLengths {
                    expected_len, len, ..
                } => {
                    format!("{file}:{line}: row has {len} cells, the header {expected_len} columns")
                }
                _ => format!("{file}:{line}: row: {e}"),
            }
        })?;
        let line = rec.position().map_or(k + 2, |p| p.line() as usize);
        let row = parse_record(&file, line, &cols, &widths, &rec)?;
        rows.push(row);
        lines.push(line);
    }
    let source = ScheduleSource {
        file,
        form: Form::Csv { lines },
    };
    check_rows(&rows, &source)?;
    Ok((rows, source))
}

/// A column's name as in the header.
fn column_name(c: Column) -> String {
    match c {
        Column::Time => "t".to_string(),
        Column::Pedal(p) => p.to_string(),
        Column::Wheel(d, i) => format!("{d}_{i}"),
    }
}

/// The header's columns, checked: each known and given once, one schedule style, not both
/// `steer` and `steer_angle`, and a `t` column.
fn header_columns(file: &str, headers: &csv::StringRecord) -> Result<Vec<Column>, String> {
    let cols = headers
        .iter()
        .map(|h| column(file, h.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    let name = column_name;
    for (k, c) in cols.iter().enumerate() {
        if cols[..k].contains(c) {
            return Err(format!("{file}:1: column `{}`: given twice", name(*c)));
        }
    }
    let first = |f: fn(&Column) -> bool| cols.iter().position(f);
    let pedal = first(|c| matches!(c, Column::Pedal(_)));
    let direct = first(|c| matches!(c, Column::Wheel(..)));
    if let (Some(p), Some(d)) = (pedal, direct) {
        let (late, early) = (p.max(d), p.min(d));
        return Err(format!(
            "{file}:1: column `{}`: a schedule is either pedal-style ({}) or per-wheel ({}), \
             not both; column `{}` is already there",
            name(cols[late]),
            PEDAL.join(", "),
            DIRECT.map(|d| format!("{d}_<i>")).join(", "),
            name(cols[early])
        ));
    }
    let steer = first(|c| *c == Column::Pedal("steer"));
    let angle = first(|c| *c == Column::Pedal("steer_angle"));
    if let (Some(s), Some(a)) = (steer, angle) {
        return Err(format!(
            "{file}:1: column `{}`: give either steer (a command, −1..1) or steer_angle (a \
             road-wheel angle, rad), not both",
            name(cols[s.max(a)])
        ));
    }
    if !cols.contains(&Column::Time) {
        return Err(format!("{file}:1: missing column `t`"));
    }
    Ok(cols)
}

/// One data row at `line`: every per-wheel channel of the header as wide as its highest
/// wheel column (`widths`), the cells parsed into their channels.
fn parse_record(
    file: &str,
    line: usize,
    cols: &[Column],
    widths: &[(&str, usize)],
    rec: &csv::StringRecord,
) -> Result<ScheduleRow, String> {
    let name = column_name;
    // Every per-wheel channel of the header, as wide as its highest wheel column.
    let mut row = ScheduleRow::default();
    for (d, n) in widths {
        let zeros = vec![0.0; *n];
        match *d {
            "drive_torque" => row.drive_torque = Some(zeros),
            "brake_torque" => row.brake_torque = Some(zeros),
            _ => row.steer_angle = Some(SteerAngle::Wheels(zeros)),
        }
    }
    let mut t = None;
    for (c, cell) in cols.iter().zip(rec.iter()) {
        let cell = cell.trim();
        if cell.is_empty() {
            continue;
        }
        let v = cell.parse::<f64>().map_err(|_| {
            format!(
                "{file}:{line}: column `{}`: not a number: {cell:?}",
                name(*c)
            )
        })?;
        match *c {
            Column::Time => t = Some(v),
            Column::Pedal("gear") => {
                if !(v.fract() == 0.0 && (-128.0..=127.0).contains(&v)) {
                    return Err(format!(
                        "{file}:{line}: column `gear`: must be a whole number (−1 reverse, \
                         0 neutral, 1.. forward; got {cell})"
                    ));
                }
                row.gear = Some(v as i8);
            }
            Column::Pedal(p) => {
                let slot = match p {
                    "throttle" => &mut row.throttle,
                    "brake" => &mut row.brake,
                    "handbrake" => &mut row.handbrake,
                    "steer" => &mut row.steer,
                    "track_thrust_left" => &mut row.track_thrust_left,
                    "track_thrust_right" => &mut row.track_thrust_right,
                    "track_brake_left" => &mut row.track_brake_left,
                    "track_brake_right" => &mut row.track_brake_right,
                    _ => {
                        row.steer_angle = Some(SteerAngle::Vehicle(v));
                        continue;
                    }
                };
                *slot = Some(v);
            }
            Column::Wheel(d, i) => {
                if let Some(w) = wheel_values(&mut row, d) {
                    w[i] = v;
                }
            }
        }
    }
    row.t = t.ok_or_else(|| format!("{file}:{line}: column `t`: missing"))?;
    Ok(row)
}

/// The per-wheel values of channel `name` in `row`, if it has them.
fn wheel_values<'a>(row: &'a mut ScheduleRow, name: &str) -> Option<&'a mut Vec<f64>> {
    match name {
        "drive_torque" => row.drive_torque.as_mut(),
        "brake_torque" => row.brake_torque.as_mut(),
        _ => match &mut row.steer_angle {
            Some(SteerAngle::Wheels(w)) => Some(w),
            _ => None,
        },
    }
}
