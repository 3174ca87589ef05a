//! `skidpad tire …`: evaluate a tire model on a grid and draw its characteristic curves.

use crate::plot::line_chart;
use skidpad::tire::interface::{SlipInput, SteadyForces, TireModel};
use std::path::{Path, PathBuf};

/// One grid row: the inputs of a steady-state evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridRow {
    /// Normal load. Unit: N.
    pub fz_n: f64,
    /// Slip ratio. Unit: 1.
    pub kappa: f64,
    /// Slip angle. Unit: rad.
    pub alpha_rad: f64,
    /// Inclination angle. Unit: rad.
    pub gamma_rad: f64,
    /// Forward speed, if the grid has the column. Unit: m/s.
    pub vx_mps: Option<f64>,
    /// Inflation pressure, if the grid has the column. Unit: Pa.
    pub pressure_pa: Option<f64>,
}

/// Output columns appended by [`eval_grid`].
pub const OUTPUT_COLUMNS: [&str; 5] = ["fx_n", "fy_n", "mz_nm", "mx_nm", "my_nm"];

/// A grid column: its name, whether the grid must have it, and its range (`rule` says it in
/// the column's unit).
struct GridColumn {
    name: &'static str,
    required: bool,
    min: f64,
    max: f64,
    rule: &'static str,
}

/// The columns [`read_grid`] reads, in [`GridRow`] order, with their ranges: wide enough for
/// any tyre built (a 10 MN load, a slip ratio of ±100, 1000 m/s, 1000 bar), narrow enough that
/// the equations cannot overflow.
const GRID_COLUMNS: [GridColumn; 6] = [
    GridColumn {
        name: "fz_n",
        required: true,
        min: 0.0,
        max: 1e7,
        rule: "a load in [0, 1e7] N",
    },
    GridColumn {
        name: "kappa",
        required: true,
        min: -100.0,
        max: 100.0,
        rule: "a slip ratio in [-100, 100]",
    },
    GridColumn {
        name: "alpha_rad",
        required: true,
        min: -std::f64::consts::PI,
        max: std::f64::consts::PI,
        rule: "an angle in [-π, π] rad",
    },
    GridColumn {
        name: "gamma_rad",
        required: true,
        min: -std::f64::consts::FRAC_PI_2,
        max: std::f64::consts::FRAC_PI_2,
        rule: "an angle in [-π/2, π/2] rad",
    },
    GridColumn {
        name: "vx_mps",
        required: false,
        min: -1000.0,
        max: 1000.0,
        rule: "a speed in [-1000, 1000] m/s",
    },
    GridColumn {
        name: "pressure_pa",
        required: false,
        min: 0.0,
        max: 1e8,
        rule: "a pressure in [0, 1e8] Pa",
    },
];

/// Read a grid CSV (columns `fz_n,kappa,alpha_rad,gamma_rad`, optionally `vx_mps`,
/// `pressure_pa`, any order, other columns ignored).
///
/// # Errors
/// A message naming the file, the line, the data row (1-based, after the header) and the
/// column: a missing column, a value that is not a number, NaN or ±∞, or a value outside the
/// column's range (`grid.csv:4: row 3, column `fz_n`: must be a load in [0, 1e7] N, got -100`):
/// fz_n [0, 1e7] N, kappa [-100, 100], alpha_rad [-π, π], gamma_rad [-π/2, π/2], vx_mps
/// [-1000, 1000] m/s, pressure_pa [0, 1e8] Pa.
pub fn read_grid(path: &Path) -> Result<Vec<GridRow>, String> {
    let file = path.display();
    let f = std::fs::File::open(path).map_err(|e| format!("{file}: {e}"))?;
    read_grid_from(f, &file.to_string())
}

/// [`read_grid`] from any reader; `file` names it in messages.
///
/// # Errors
/// As [`read_grid`].
pub fn read_grid_from(mut reader: impl std::io::Read, file: &str) -> Result<Vec<GridRow>, String> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{file}: {e}"))?;
    let mut r = csv::Reader::from_reader(bytes.as_slice());
    let headers = r.headers().map_err(|e| format!("{file}: {e}"))?.clone();
    let mut index = [None; 6];
    for (slot, c) in index.iter_mut().zip(&GRID_COLUMNS) {
        *slot = headers.iter().position(|h| h.trim() == c.name);
        if c.required && slot.is_none() {
            return Err(format!("{file}: missing column `{}`", c.name));
        }
    }
    let mut rows = Vec::new();
    for (n, rec) in r.records().enumerate() {
        let rec = rec.map_err(|e| record_error(&e, &bytes, file, n + 1))?;
        let line = rec.position().map_or(n + 2, |p| line_at(&bytes, p.byte()));
        let mut v = [None; 6];
        for ((out, c), i) in v.iter_mut().zip(&GRID_COLUMNS).zip(index) {
            let Some(i) = i else { continue };
            let s = rec.get(i).unwrap_or("").trim();
            let at = || format!("{file}:{line}: row {}, column `{}`", n + 1, c.name);
            let x = s
                .parse::<f64>()
                .map_err(|_| format!("{}: not a number: {s:?}", at()))?;
            if !(c.min..=c.max).contains(&x) {
                return Err(format!("{}: must be {}, got {s}", at(), c.rule));
            }
            *out = Some(x);
        }
        rows.push(GridRow {
            fz_n: v[0].unwrap_or(0.0),
            kappa: v[1].unwrap_or(0.0),
            alpha_rad: v[2].unwrap_or(0.0),
            gamma_rad: v[3].unwrap_or(0.0),
            vx_mps: v[4],
            pressure_pa: v[5],
        });
    }
    Ok(rows)
}

/// The 1-based line of byte `byte` of `bytes`, counting LF, CRLF and a lone CR as one line
/// end each (the csv crate's own line count is one short after CRLF).
fn line_at(bytes: &[u8], byte: u64) -> usize {
    let end = usize::try_from(byte).map_or(bytes.len(), |b| b.min(bytes.len()));
    let before = &bytes[..end];
    let lf = before.iter().filter(|&&b| b == b'\n').count();
    let lone_cr = before
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' && before.get(i + 1) != Some(&b'\n'))
        .count();
    1 + lf + lone_cr
}

/// A record the csv reader refused (row `row`, 1-based): the file, line and row, and why.
fn record_error(e: &csv::Error, bytes: &[u8], file: &str, row: usize) -> String {
    let line = e.position().map_or(row + 1, |p| line_at(bytes, p.byte()));
    let why = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("{len} fields, the header has {expected_len}"),
        csv::ErrorKind::Utf8 { .. } => "not valid UTF-8".to_string(),
        _ => e.to_string(),
    };
    format!("{file}:{line}: row {row}: {why}")
}

/// Evaluate `model` on every grid row and write the inputs plus [`OUTPUT_COLUMNS`] to the
/// file `out`.
///
/// # Errors
/// I/O and parse messages naming the file.
pub fn eval_grid(
    model: &dyn Fn(&GridRow) -> SteadyForces,
    grid: &Path,
    out: &Path,
) -> Result<usize, String> {
    let rows = read_grid(grid)?;
    let f = std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    write_eval(model, &rows, f, &out.display().to_string())
}

/// Evaluate `model` on `rows` and write the inputs plus [`OUTPUT_COLUMNS`] as CSV to `out`
/// (a file, or standard output); `name` names it in messages. Returns the row count.
///
/// # Errors
/// A write error naming `name`.
pub fn write_eval(
    model: &dyn Fn(&GridRow) -> SteadyForces,
    rows: &[GridRow],
    out: impl std::io::Write,
    name: &str,
) -> Result<usize, String> {
    let err = |e: csv::Error| format!("{name}: {e}");
    let mut w = csv::Writer::from_writer(out);
    let mut header = vec![
        "fz_n",
        "kappa",
        "alpha_rad",
        "gamma_rad",
        "vx_mps",
        "pressure_pa",
    ];
    header.extend(OUTPUT_COLUMNS);
    w.write_record(&header).map_err(err)?;
    for r in rows {
        let f = model(r);
        let opt = |v: Option<f64>| v.map_or(String::new(), |x| format!("{x}"));
        let rec = [
            format!("{}", r.fz_n),
            format!("{}", r.kappa),
            format!("{}", r.alpha_rad),
            format!("{}", r.gamma_rad),
            opt(r.vx_mps),
            opt(r.pressure_pa),
            format!("{}", f.fx),
            format!("{}", f.fy),
            format!("{}", f.mz),
            format!("{}", f.mx),
            format!("{}", f.my),
        ];
        w.write_record(&rec).map_err(err)?;
    }
    w.flush().map_err(|e| format!("{name}: {e}"))?;
    Ok(rows.len())
}

/// Loads plotted, as fractions of the nominal load.
pub const LOAD_FRACTIONS: [f64; 3] = [0.5, 1.0, 1.5];

/// Draw `fx_kappa.svg`, `fy_alpha.svg`, `mz_alpha.svg` (at 0.5, 1 and 1.5 × `nominal_load`) and
/// `friction_ellipse.svg` (Fx–Fy envelope at nominal load) into `dir`.
///
/// # Errors
/// I/O or drawing messages naming the file.
pub fn plot_model(
    model: &dyn TireModel,
    nominal_load: f64,
    vx: f64,
    dir: &Path,
) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let input = |fz: f64, kappa: f64, alpha: f64| SlipInput {
        fz,
        kappa,
        alpha,
        vx,
        rest_load: nominal_load,
        ..SlipInput::default()
    };
    let n = 201;
    let sweep = |lo: f64, hi: f64| (0..n).map(move |i| lo + (hi - lo) * i as f64 / (n - 1) as f64);
    let mut files = Vec::new();
    type Pick = fn(&SteadyForces) -> f64;
    let curves: [(&str, &str, &str, bool, f64, Pick); 3] = [
        (
            "fx_kappa.svg",
            "slip ratio κ [-]",
            "Fx [N]",
            true,
            0.5,
            |f| f.fx,
        ),
        (
            "fy_alpha.svg",
            "slip angle α [rad]",
            "Fy [N]",
            false,
            0.3,
            |f| f.fy,
        ),
        (
            "mz_alpha.svg",
            "slip angle α [rad]",
            "Mz [N·m]",
            false,
            0.3,
            |f| f.mz,
        ),
    ];
    for (name, xl, yl, longitudinal, range, pick) in curves {
        let mut series = Vec::new();
        for frac in LOAD_FRACTIONS {
            let fz = frac * nominal_load;
            let pts: Vec<(f64, f64)> = sweep(-range, range)
                .map(|s| {
                    let f = if longitudinal {
                        model.steady_state(&input(fz, s, 0.0))
                    } else {
                        model.steady_state(&input(fz, 0.0, s))
                    };
                    (s, pick(&f))
                })
                .collect();
            series.push((format!("Fz = {fz:.0} N"), pts));
        }
        let path = dir.join(name);
        line_chart(&path, name.trim_end_matches(".svg"), xl, yl, &series)?;
        files.push(path);
    }
    // Friction ellipse: combined-slip envelope at nominal load, slip angles 0..0.3 rad.
    let mut series = Vec::new();
    for alpha in [0.02, 0.05, 0.1, 0.2] {
        let pts: Vec<(f64, f64)> = sweep(-0.6, 0.6)
            .map(|kappa| {
                let f = model.steady_state(&input(nominal_load, kappa, alpha));
                (f.fy, f.fx)
            })
            .collect();
        series.push((format!("α = {alpha} rad"), pts));
    }
    let path = dir.join("friction_ellipse.svg");
    line_chart(
        &path,
        "friction ellipse (κ sweep)",
        "Fy [N]",
        "Fx [N]",
        &series,
    )?;
    files.push(path);
    Ok(files)
}
