//! SVG line charts (plotters): the drawing primitives of the report and the tire plots.
//!
//! - [`line_chart`] / [`map_chart`]: labelled series on one pair of axes, free or equal
//!   scales; [`line_chart_marked`] adds vertical phase markers (a run's phases on a time axis).
//! - [`stacked_chart`]: panels over one shared x axis (per-wheel slip ratio above slip angle),
//!   a series keeping its colour in every panel.
//! - [`dual_axis_chart`]: one series set on the left axis, another on the right.
//!
//! Colours: up to six series take [`COLORS`]; more take evenly spaced hues, so no two series
//! of a chart share a colour. Legends: up to [`INLINE_LEGEND`] named series get plotters' box
//! inside the plot; more get a strip right of the plot, so a 20-wheel legend never covers the
//! data.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use std::path::Path;

/// Named series of `(x, y)` points.
pub type Series = Vec<(String, Vec<(f64, f64)>)>;

/// The first six series' colours.
pub const COLORS: [RGBColor; 6] = [
    BLUE,
    RED,
    GREEN,
    MAGENTA,
    RGBColor(230, 140, 0),
    RGBColor(0, 150, 150),
];

/// Most named series whose legend is drawn inside the plot.
pub const INLINE_LEGEND: usize = 8;

/// Size of a chart. Unit: px.
const CHART_SIZE: (u32, u32) = (720, 480);

/// Width of the legend strip for charts with more than [`INLINE_LEGEND`] series. Unit: px.
const LEGEND_STRIP: u32 = 170;

/// Colour `i` of `n` distinct series colours.
pub fn color(i: usize, n: usize) -> RGBColor {
    if n <= COLORS.len() {
        COLORS[i % COLORS.len()]
    } else {
        // Hue steps of 1/n around the circle at a dark, saturated tone.
        let (r, g, b) = HSLColor(i as f64 / n as f64, 0.85, 0.40).rgb();
        RGBColor(r, g, b)
    }
}

/// Whether some series has a finite `y` other than 0: a plot of nothing but zeros (the
/// engine speed of a direct-drive car, the steer of a skid-steered tank) carries no data.
pub fn carries_data(series: &Series) -> bool {
    series
        .iter()
        .flat_map(|(_, p)| p.iter())
        .any(|&(_, y)| y.is_finite() && y != 0.0)
}

/// `(lo, hi)` of the finite values, widened by a unit margin when empty or flat.
pub fn bounds(vals: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = vals
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if lo.is_finite() && hi.is_finite() && lo < hi {
        (lo, hi)
    } else if lo.is_finite() {
        (lo - 1.0, lo + 1.0)
    } else {
        (-1.0, 1.0)
    }
}

/// The x and y ranges of `series`, y padded by 5 %.
fn ranges(series: &Series) -> ((f64, f64), (f64, f64)) {
    let pts = || series.iter().flat_map(|(_, p)| p.iter());
    let x = bounds(pts().map(|p| p.0));
    let (y0, y1) = bounds(pts().map(|p| p.1));
    let pad = 0.05 * (y1 - y0);
    (x, (y0 - pad, y1 + pad))
}

fn err(path: &Path) -> impl Fn(&dyn std::fmt::Display) -> String + '_ {
    move |e| format!("{}: {e}", path.display())
}

/// The canvas split into the plot and, with many named series, a legend strip.
type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

fn canvas<'a>(root: &Area<'a>, named: usize) -> (Area<'a>, Option<Area<'a>>) {
    if named > INLINE_LEGEND {
        let (plot, strip) = root.split_horizontally(CHART_SIZE.0);
        (plot, Some(strip))
    } else {
        (root.clone(), None)
    }
}

/// Canvas size for `named` labelled series.
fn size(named: usize) -> (u32, u32) {
    if named > INLINE_LEGEND {
        (CHART_SIZE.0 + LEGEND_STRIP, CHART_SIZE.1)
    } else {
        CHART_SIZE
    }
}

/// The legend as a column of line samples and labels in `strip`.
fn legend_strip(
    strip: &DrawingArea<SVGBackend<'_>, Shift>,
    entries: &[(&str, RGBColor)],
) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    let h = i32::try_from(CHART_SIZE.1).unwrap_or(480);
    let n = i32::try_from(entries.len()).unwrap_or(i32::MAX).max(1);
    let row = ((h - 40) / n).clamp(8, 18);
    let font = ("sans-serif", row.min(13));
    for (k, (label, c)) in entries.iter().enumerate() {
        let y = 30 + row * i32::try_from(k).unwrap_or(0);
        strip.draw(&PathElement::new(vec![(4, y), (24, y)], c.stroke_width(2)))?;
        strip.draw(&Text::new(label.to_string(), (30, y - row / 2 + 1), font))?;
    }
    Ok(())
}

/// Dashed grey vertical lines from `y0` to `y1` at each marker's x within `x0..=x1`, its name
/// at the top.
fn draw_markers<'a, Y: Ranged<ValueType = f64>>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, Y>>,
    markers: &[(&str, f64)],
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    let grey = RGBColor(120, 120, 120);
    for &(name, x) in markers.iter().filter(|(_, x)| (x0..=x1).contains(x)) {
        chart.draw_series(DashedLineSeries::new(
            [(x, y0), (x, y1)],
            6,
            4,
            grey.stroke_width(1),
        ))?;
        chart.draw_series(std::iter::once(Text::new(
            name.to_string(),
            (x, y1),
            ("sans-serif", 12).into_font().color(&grey),
        )))?;
    }
    Ok(())
}

/// A labelled multi-series line chart as SVG.
///
/// # Errors
/// A message naming the file.
pub fn line_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &Series,
) -> Result<(), String> {
    chart_svg(path, title, (x_label, y_label), series, false, &[])
}

/// [`line_chart`] with a dashed vertical line and a label at each `(name, x)` of `markers`
/// (a run's phases on a time axis).
///
/// # Errors
/// A message naming the file.
pub fn line_chart_marked(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &Series,
    markers: &[(&str, f64)],
) -> Result<(), String> {
    chart_svg(path, title, (x_label, y_label), series, false, markers)
}

/// [`line_chart`] with one metre (unit) the same length on both axes, for maps such as a
/// trajectory: the shorter range is widened about its centre until both scales agree.
///
/// # Errors
/// A message naming the file.
pub fn map_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &Series,
) -> Result<(), String> {
    chart_svg(path, title, (x_label, y_label), series, true, &[])
}

/// The pixel size of a chart's plotting area for a caption `title`, from a dry run of the
/// same layout in memory.
fn plot_area_px(title: &str) -> Option<(f64, f64)> {
    let mut scratch = String::new();
    let root = SVGBackend::with_string(&mut scratch, CHART_SIZE).into_drawing_area();
    let chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)
        .ok()?;
    let (w, h) = chart.plotting_area().dim_in_pixel();
    (w > 0 && h > 0).then_some((f64::from(w), f64::from(h)))
}

fn chart_svg(
    path: &Path,
    title: &str,
    (x_label, y_label): (&str, &str),
    series: &Series,
    equal_aspect: bool,
    markers: &[(&str, f64)],
) -> Result<(), String> {
    let err = err(path);
    let ((mut x0, mut x1), (mut y0, mut y1)) = ranges(series);
    if equal_aspect && let Some((w, h)) = plot_area_px(title) {
        // Metres per pixel: the larger of the two, applied to both axes.
        let s = ((x1 - x0) / w).max((y1 - y0) / h);
        let (cx, cy) = (0.5 * (x0 + x1), 0.5 * (y0 + y1));
        (x0, x1) = (cx - 0.5 * s * w, cx + 0.5 * s * w);
        (y0, y1) = (cy - 0.5 * s * h, cy + 0.5 * s * h);
    }
    let named = series.iter().filter(|(l, _)| !l.is_empty()).count();
    let root = SVGBackend::new(path, size(named)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let (area, strip) = canvas(&root, named);
    let mut chart = ChartBuilder::on(&area)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(|e| err(&e))?;
    draw_markers(&mut chart, markers, (x0, x1), (y0, y1)).map_err(|e| err(&e))?;
    let mut entries = Vec::new();
    for (i, (label, pts)) in series.iter().enumerate() {
        let c = color(i, series.len());
        let drawn = chart
            .draw_series(LineSeries::new(pts.iter().copied(), &c))
            .map_err(|e| err(&e))?;
        if !label.is_empty() {
            entries.push((label.as_str(), c));
            if strip.is_none() {
                drawn
                    .label(label.as_str())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c));
            }
        }
    }
    match &strip {
        Some(s) => legend_strip(s, &entries).map_err(|e| err(&e))?,
        // A legend only when some series has a name (a single unnamed line needs none).
        None if !entries.is_empty() => chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| err(&e))?,
        None => {}
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

/// Panels stacked over one x axis (`x_label` on the lowest), each `(y label, series)`; series
/// `i` of every panel has colour `i`, and the legend (the first panel's names) is drawn once.
///
/// # Errors
/// A message naming the file.
pub fn stacked_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    panels: &[(&str, Series)],
) -> Result<(), String> {
    let err = err(path);
    let first = panels.first().map(|p| &p.1);
    let n = first.map_or(0, Vec::len);
    let named = first.map_or(0, |s| s.iter().filter(|(l, _)| !l.is_empty()).count());
    let root = SVGBackend::new(path, size(named)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let (area, strip) = canvas(&root, named);
    let area = area
        .titled(title, ("sans-serif", 18))
        .map_err(|e| err(&e))?;
    let x_range = bounds(
        panels
            .iter()
            .flat_map(|(_, s)| s.iter().flat_map(|(_, p)| p.iter().map(|q| q.0))),
    );
    let rows = area.split_evenly((panels.len().max(1), 1));
    for (k, ((y_label, series), panel)) in panels.iter().zip(&rows).enumerate() {
        let (_, (y0, y1)) = ranges(series);
        let last = k + 1 == panels.len();
        let mut chart = ChartBuilder::on(panel)
            .margin(8)
            .x_label_area_size(if last { 36 } else { 8 })
            .y_label_area_size(64)
            .build_cartesian_2d(x_range.0..x_range.1, y0..y1)
            .map_err(|e| err(&e))?;
        let mut mesh = chart.configure_mesh();
        mesh.y_desc(*y_label);
        if last {
            mesh.x_desc(x_label);
        } else {
            mesh.x_labels(0);
        }
        mesh.draw().map_err(|e| err(&e))?;
        for (i, (label, pts)) in series.iter().enumerate() {
            let c = color(i, n);
            let drawn = chart
                .draw_series(LineSeries::new(pts.iter().copied(), &c))
                .map_err(|e| err(&e))?;
            if k == 0 && strip.is_none() && !label.is_empty() {
                drawn
                    .label(label.as_str())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c));
            }
        }
        if k == 0 && strip.is_none() && named > 0 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(|e| err(&e))?;
        }
    }
    if let (Some(s), Some(first)) = (&strip, first) {
        let entries: Vec<(&str, RGBColor)> = first
            .iter()
            .enumerate()
            .map(|(i, (l, _))| (l.as_str(), color(i, n)))
            .collect();
        legend_strip(s, &entries).map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

/// `left` series on the left axis (`labels.1`) and `right` on the right (`labels.2`), against
/// a shared x (`labels.0`), with `markers` as in [`line_chart_marked`].
///
/// # Errors
/// A message naming the file.
pub fn dual_axis_chart(
    path: &Path,
    title: &str,
    labels: (&str, &str, &str),
    (left, right): (&Series, &Series),
    markers: &[(&str, f64)],
) -> Result<(), String> {
    let err = err(path);
    let all = || left.iter().chain(right).flat_map(|(_, p)| p.iter());
    let (x0, x1) = bounds(all().map(|p| p.0));
    let (_, (y0, y1)) = ranges(left);
    let (g0, g1) = bounds(right.iter().flat_map(|(_, p)| p.iter().map(|q| q.1)));
    let (g0, g1) = (g0.min(0.0) - 0.5, g1 + 0.5);
    let root = SVGBackend::new(path, CHART_SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .right_y_label_area_size(48)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(|e| err(&e))?
        .set_secondary_coord(x0..x1, g0..g1);
    chart
        .configure_mesh()
        .x_desc(labels.0)
        .y_desc(labels.1)
        .draw()
        .map_err(|e| err(&e))?;
    chart
        .configure_secondary_axes()
        .y_desc(labels.2)
        .draw()
        .map_err(|e| err(&e))?;
    draw_markers(&mut chart, markers, (x0, x1), (y0, y1)).map_err(|e| err(&e))?;
    let n = left.len() + right.len();
    for (i, (label, pts)) in left.iter().enumerate() {
        let c = color(2 * i, n);
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), &c))
            .map_err(|e| err(&e))?
            .label(label.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c));
    }
    for (i, (label, pts)) in right.iter().enumerate() {
        let c = color(2 * i + 1, n);
        chart
            .draw_secondary_series(LineSeries::new(pts.iter().copied(), &c))
            .map_err(|e| err(&e))?
            .label(label.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pixel bounding box (width, height) of the data polyline (the one with the most points;
    /// axes and ticks are two-point polylines).
    fn data_box(svg: &str) -> (f64, f64) {
        let pts: Vec<(f64, f64)> = svg
            .split("points=\"")
            .skip(1)
            .map(|s| {
                s[..s.find('"').unwrap()]
                    .split_whitespace()
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect::<Vec<(f64, f64)>>()
            })
            .max_by_key(|p| p.len())
            .unwrap();
        let span = |f: fn(&(f64, f64)) -> f64| {
            let v: Vec<f64> = pts.iter().map(f).collect();
            v.iter().copied().fold(f64::MIN, f64::max) - v.iter().copied().fold(f64::MAX, f64::min)
        };
        (span(|p| p.0), span(|p| p.1))
    }

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("skidpad-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn map_chart_draws_a_circle_round() {
        // A 10 m circle: on a map chart its pixel width equals its height (±2 px of
        // rounding); the free-scaled line chart stretches it to fill the 632 × ~380 px area.
        let circle: Vec<(f64, f64)> = (0..=360)
            .map(|d| {
                let a = f64::from(d).to_radians();
                (10.0 * a.cos(), 10.0 * a.sin())
            })
            .collect();
        let series = vec![(String::new(), circle)];
        let dir = temp_dir("map");
        let (map, line) = (dir.join("map.svg"), dir.join("line.svg"));
        map_chart(&map, "Trajectory", "x [m]", "y [m]", &series).unwrap();
        line_chart(&line, "Trajectory", "x [m]", "y [m]", &series).unwrap();
        let (w, h) = data_box(&std::fs::read_to_string(&map).unwrap());
        assert!((w - h).abs() <= 2.0, "{w} × {h}");
        let (w, h) = data_box(&std::fs::read_to_string(&line).unwrap());
        assert!(w > 1.3 * h, "{w} × {h}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn colors_are_distinct_for_any_series_count() {
        for n in [1, 4, 6, 8, 20, 40] {
            let c: Vec<RGBColor> = (0..n).map(|i| color(i, n)).collect();
            for i in 0..n {
                for j in 0..i {
                    assert_ne!(c[i], c[j], "series {i} and {j} of {n}");
                }
            }
        }
    }

    #[test]
    fn many_series_get_a_legend_strip_beside_the_plot() {
        // 20 named series: the canvas widens by the strip and every label is drawn in it,
        // right of the 720 px plot.
        let series: Series = (0..20)
            .map(|i| (format!("w{i}"), vec![(0.0, f64::from(i)), (1.0, 1.0)]))
            .collect();
        let dir = temp_dir("strip");
        let path = dir.join("many.svg");
        line_chart(&path, "many", "t", "y", &series).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(
            svg.contains(&format!("width=\"{}\"", 720 + LEGEND_STRIP)),
            "{svg}"
        );
        // (x, text) of every <text> element.
        let texts: Vec<(f64, &str)> = svg
            .split("<text")
            .skip(1)
            .map(|t| {
                let x = t.split("x=\"").nth(1).unwrap().split('"').next().unwrap();
                let body = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
                (x.parse().unwrap(), body.trim())
            })
            .collect();
        for i in 0..20 {
            let name = format!("w{i}");
            let (x, _) = texts
                .iter()
                .find(|t| t.1 == name)
                .unwrap_or_else(|| panic!("{name}"));
            assert!(*x >= 720.0, "{name} at x = {x}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn zeros_carry_no_data() {
        let zeros: Series = vec![("a".into(), vec![(0.0, 0.0), (1.0, 0.0)])];
        let some: Series = vec![("a".into(), vec![(0.0, 0.0), (1.0, 1e-3)])];
        assert!(!carries_data(&zeros) && carries_data(&some) && !carries_data(&Vec::new()));
    }
}
