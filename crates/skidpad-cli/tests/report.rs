//! `run --out` and `compare --out` through the real binary write valid SVG plots and a
//! `report.html` that shows every plot (no missing images) and the KPI table.
//!
//! "Valid SVG" here: well-formed XML (checked by [`parse_xml`], a small parser in this file,
//! since no XML crate is in the lock file) with one `svg` root in the SVG namespace carrying
//! `width`, `height` and a `viewBox` of four numbers. `report_chromium.rs` checks the same
//! files with the browser's own XML parser and image decoder.

use std::path::Path;
use std::process::Command;

mod support;
use support::{img_sources, skidpad};

/// The plots of an engine car's main job; a direct-drive car (`sedan-simple`) has all but
/// `engine.svg` (engine speed 0 throughout: no data, no plot).
const PLOTS: [&str; 9] = [
    "trajectory.svg",
    "speed.svg",
    "yaw_rate.svg",
    "steer_vs_ay.svg",
    "wheel_loads.svg",
    "wheel_slips.svg",
    "gg.svg",
    "engine.svg",
    "steady_state_circle.svg",
];

/// [`PLOTS`] without `engine.svg`.
fn direct_drive_plots() -> Vec<&'static str> {
    PLOTS.into_iter().filter(|p| *p != "engine.svg").collect()
}

/// An element's name and attributes.
type Element = (String, Vec<(String, String)>);

/// Check `text` (outside markup, or an attribute value) for a stray `<` and for entity
/// references other than the five predefined ones and character references.
fn check_chars(text: &str) -> Result<(), String> {
    if text.contains('<') {
        return Err(format!("`<` in {text:?}"));
    }
    for piece in text.split('&').skip(1) {
        let name = &piece[..piece
            .find(';')
            .ok_or_else(|| format!("unterminated `&{piece}`"))?];
        let ok = match name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
            Some(hex) => u32::from_str_radix(hex, 16)
                .ok()
                .and_then(char::from_u32)
                .is_some(),
            None => match name.strip_prefix('#') {
                Some(dec) => dec.parse::<u32>().ok().and_then(char::from_u32).is_some(),
                None => ["amp", "lt", "gt", "quot", "apos"].contains(&name),
            },
        };
        if !ok {
            return Err(format!("unknown entity `&{name};`"));
        }
    }
    Ok(())
}

fn is_name(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_alphabetic() || f == '_' || f == ':')
        && c.all(|c| c.is_alphanumeric() || "_:.-".contains(c))
}

/// A start tag after its `<`: the element, whether it closes itself, and the rest of the text.
fn start_tag(s: &str) -> Result<(Element, bool, &str), String> {
    let end = s.find(|c: char| c.is_whitespace() || c == '/' || c == '>');
    let (name, mut rest) = s.split_at(end.ok_or("unterminated tag")?);
    if !is_name(name) {
        return Err(format!("bad element name {name:?}"));
    }
    let mut attrs: Vec<(String, String)> = Vec::new();
    loop {
        let trimmed = rest.trim_start();
        let spaced = trimmed.len() < rest.len();
        rest = trimmed;
        if let Some(r) = rest.strip_prefix("/>") {
            return Ok(((name.to_string(), attrs), true, r));
        }
        if let Some(r) = rest.strip_prefix('>') {
            return Ok(((name.to_string(), attrs), false, r));
        }
        if !spaced {
            return Err(format!(
                "<{name}>: no space before attribute at {:.20?}",
                rest
            ));
        }
        let eq = rest
            .find('=')
            .ok_or_else(|| format!("<{name}>: attribute without value"))?;
        let key = rest[..eq].trim_end();
        if !is_name(key) || attrs.iter().any(|(k, _)| k == key) {
            return Err(format!("<{name}>: bad or repeated attribute {key:?}"));
        }
        let r = rest[eq + 1..].trim_start();
        let q = r
            .chars()
            .next()
            .filter(|q| *q == '"' || *q == '\'')
            .ok_or_else(|| format!("<{name}>: unquoted value of {key}"))?;
        let close = r[1..]
            .find(q)
            .ok_or_else(|| format!("<{name}>: unterminated value of {key}"))?;
        let value = &r[1..1 + close];
        check_chars(value).map_err(|e| format!("<{name} {key}>: {e}"))?;
        attrs.push((key.to_string(), value.to_string()));
        rest = &r[close + 2..];
    }
}

/// A small XML well-formedness check (no DTD): exactly one root element, tags balanced and
/// nested, attributes named, quoted, spaced and unique, only known entity references, nothing
/// but whitespace, comments and processing instructions outside the root. Returns the root.
fn parse_xml(text: &str) -> Result<Element, String> {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut open: Vec<String> = Vec::new();
    let mut root: Option<Element> = None;
    let until = |s: &str, end: &str| s.find(end).map(|i| i + end.len());
    loop {
        let lt = rest.find('<').unwrap_or(rest.len());
        let chars = &rest[..lt];
        if open.is_empty() && !chars.trim().is_empty() {
            return Err(format!("text outside the root: {:.40?}", chars.trim()));
        }
        check_chars(chars)?;
        rest = &rest[lt..];
        if rest.is_empty() {
            break;
        }
        let skip = if rest.starts_with("<?") {
            until(rest, "?>")
        } else if rest.starts_with("<!--") {
            until(rest, "-->")
        } else if rest.starts_with("<![CDATA[") && !open.is_empty() {
            until(rest, "]]>")
        } else if rest.starts_with("<!") {
            return Err(format!("unsupported markup {:.20?}", rest));
        } else if let Some(r) = rest.strip_prefix("</") {
            let gt = r.find('>').ok_or("unterminated end tag")?;
            let name = r[..gt].trim_end();
            match open.pop() {
                Some(o) if o == name => {}
                o => return Err(format!("</{name}> closes {o:?}")),
            }
            Some(2 + gt + 1)
        } else {
            if open.is_empty() && root.is_some() {
                return Err("a second root element".to_string());
            }
            let (element, closed, r) = start_tag(&rest[1..])?;
            if !closed {
                open.push(element.0.clone());
            }
            root.get_or_insert(element);
            Some(rest.len() - r.len())
        };
        rest = &rest[skip.ok_or_else(|| format!("unterminated {:.10?}", rest))?..];
    }
    if let Some(o) = open.last() {
        return Err(format!("<{o}> is never closed"));
    }
    root.ok_or_else(|| "no root element".to_string())
}

/// Well-formed XML whose root is an SVG `svg` with positive `width` and `height` and a
/// `viewBox` of four numbers (positive size).
fn check_svg(text: &str) -> Result<(), String> {
    let (name, attrs) = parse_xml(text)?;
    let attr = |k: &str| {
        attrs
            .iter()
            .find(|(a, _)| a == k)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| format!("<{name}> has no {k}"))
    };
    if name != "svg" || attr("xmlns")? != "http://www.w3.org/2000/svg" {
        return Err(format!("root <{name}> is not an SVG svg element"));
    }
    for k in ["width", "height"] {
        let v = attr(k)?;
        let n: f64 = v
            .trim_end_matches("px")
            .parse()
            .map_err(|_| format!("{k}={v:?}"))?;
        if !(n.is_finite() && n > 0.0) {
            return Err(format!("{k}={v:?}"));
        }
    }
    let vb = attr("viewBox")?;
    let nums: Vec<f64> = vb
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<f64>().map_err(|_| format!("viewBox={vb:?}")))
        .collect::<Result<_, _>>()?;
    if nums.len() != 4 || !nums.iter().all(|v| v.is_finite()) || nums[2] <= 0.0 || nums[3] <= 0.0 {
        return Err(format!("viewBox={vb:?}"));
    }
    Ok(())
}

#[test]
fn svg_check_rejects_malformed_files() {
    let ok = r#"<svg width="10" height="5" viewBox="0 0 10 5" xmlns="http://www.w3.org/2000/svg">
<?pi x?><!-- c --><g a='1' b="x &amp; &#x3b1; &#945;"><text>a &lt; b</text></g><rect/></svg>
"#;
    check_svg(ok).unwrap();
    let bad = [
        ("unclosed", ok.replace("</svg>", "")),
        ("misnested", ok.replace("</g>", "</text>")),
        ("repeated attribute", ok.replace("a='1'", "a='1' a='2'")),
        ("unquoted", ok.replace("a='1'", "a=1")),
        ("no space", ok.replace("a='1' b", "a='1'b")),
        ("entity", ok.replace("&amp;", "&nbsp;")),
        ("bare ampersand", ok.replace("&amp;", "&")),
        ("lt in value", ok.replace("a='1'", "a='<'")),
        ("second root", format!("{ok}<svg/>")),
        ("text after root", format!("{ok}x")),
        ("no viewBox", ok.replace(" viewBox=\"0 0 10 5\"", "")),
        ("zero size viewBox", ok.replace("0 0 10 5", "0 0 0 5")),
        ("no width", ok.replace(" width=\"10\"", "")),
        (
            "not svg",
            ok.replace("<svg", "<svgx").replace("</svg>", "</svgx>"),
        ),
        (
            "no namespace",
            ok.replace(" xmlns=\"http://www.w3.org/2000/svg\"", ""),
        ),
        ("truncated", ok[..ok.len() / 2].to_string()),
        ("doctype", format!("<!DOCTYPE svg>{ok}")),
    ];
    for (what, text) in bad {
        assert!(check_svg(&text).is_err(), "{what} accepted:\n{text}");
    }
}

fn check_report(dir: &Path, min_polylines: usize, plots: &[&str]) {
    for p in plots {
        let path = dir.join(p);
        let svg =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(svg.starts_with("<svg"), "{p}");
        assert!(svg.trim_end().ends_with("</svg>"), "{p}");
        check_svg(&svg).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert!(
            svg.matches("<polyline").count() >= min_polylines,
            "{p}: too few series"
        );
        assert!(!svg.contains("NaN"), "{p}");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        !html.contains("<script") && !html.contains("<link"),
        "not self-contained"
    );
    let srcs = img_sources(&html);
    for p in plots {
        assert!(srcs.iter().any(|s| s == p), "report.html lacks {p}");
    }
    assert_eq!(srcs.len(), plots.len(), "{srcs:?}");
    for s in &srcs {
        assert!(
            !s.contains("://") && !s.starts_with('/'),
            "{s} is not relative"
        );
        assert!(dir.join(s).is_file(), "missing image {s}");
    }
    let table = &html[html.find("<table").unwrap()..html.find("</table>").unwrap()];
    assert!(table.contains("<td>vehicle_mass_kg</td>"), "{table}");
    assert!(table.contains("<td>accel_0_100_s</td>"), "{table}");
}

#[test]
fn run_writes_plots_and_report() {
    let dir = std::env::temp_dir().join(format!("skidpad-report-run-{}", std::process::id()));
    skidpad(&["run", "--vehicle", "sedan-simple"], &dir);
    check_report(&dir, 1, &direct_drive_plots());
    assert!(
        !dir.join("engine.svg").exists(),
        "sedan-simple has no engine"
    );
    assert!(dir.join("summary.json").is_file() && dir.join("telemetry.csv").is_file());
    // The main job's phases: in summary.json with start times, a `phase` column in
    // telemetry.csv, and dashed markers with their names on the time plots.
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    let phases: Vec<(&str, f64)> = summary["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["start_s"].as_f64().unwrap()))
        .collect();
    let names: Vec<&str> = phases.iter().map(|p| p.0).collect();
    assert_eq!(names, skidpad::maneuver::main_job::PHASES);
    // Settle starts with the first step (dt = 1/120 s), and each phase after the one before.
    assert!((phases[0].1 - 1.0 / 120.0).abs() < 1e-9, "{phases:?}");
    assert!(phases.windows(2).all(|w| w[1].1 > w[0].1), "{phases:?}");
    let csv = std::fs::read_to_string(dir.join("telemetry.csv")).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",phase"));
    assert!(csv.lines().nth(1).unwrap().ends_with(",settle"));
    assert!(csv.lines().last().unwrap().ends_with(",slalom"));
    let speed = std::fs::read_to_string(dir.join("speed.svg")).unwrap();
    let texts: Vec<&str> = speed
        .split("<text")
        .skip(1)
        .filter_map(|t| Some(t[t.find('>')? + 1..t.find("</text>")?].trim()))
        .collect();
    for name in names {
        assert!(texts.contains(&name), "speed.svg lacks the marker {name}");
    }
    // One unnamed series: no legend box (only the background rectangle); the per-wheel plot
    // names its series and has one.
    let rects = |f: &str| {
        std::fs::read_to_string(dir.join(f))
            .unwrap()
            .matches("<rect")
            .count()
    };
    assert_eq!(rects("speed.svg"), 1);
    assert!(rects("wheel_loads.svg") > 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn compare_writes_overlaid_plots_and_report() {
    let dir = std::env::temp_dir().join(format!("skidpad-report-cmp-{}", std::process::id()));
    let stdout = skidpad(&["compare", "sedan", "hatch-fwd"], &dir);
    // Side by side on the terminal: key, A, B, B−A.
    let mass = stdout
        .lines()
        .find(|l| l.starts_with("vehicle_mass_kg"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(mass.split_whitespace().count(), 4, "{mass}");
    // Two runs overlaid: at least one series per vehicle in every plot (the engine plot has
    // the hatch's engine speed and both gears).
    check_report(&dir, 2, &PLOTS);
    // Each run's telemetry and events, as a single run writes them.
    for run in ["a", "b"] {
        let csv = std::fs::read_to_string(dir.join(run).join("telemetry.csv")).unwrap();
        assert!(
            csv.starts_with("t_s,") && csv.lines().count() > 1000,
            "{run}"
        );
        assert!(dir.join(run).join("events.csv").is_file(), "{run}");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("Events: sedan") && html.contains("Events: hatch-fwd"));
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["a"]["vehicle_mass_kg"].as_f64(), Some(1500.0));
    assert!(summary["b"]["vehicle_mass_kg"].as_f64().is_some());
    let svg = std::fs::read_to_string(dir.join("speed.svg")).unwrap();
    let (a, b) = (
        summary["a"]["vehicle"].as_str().unwrap(),
        summary["b"]["vehicle"].as_str().unwrap(),
    );
    assert!(svg.contains(a) && svg.contains(b), "series not labelled");
    assert!(svg.matches("<rect").count() > 1, "no legend");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn compare_names_a_missing_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .args(["compare", "sedan", "no-such-vehicle.toml"])
        .output()
        .expect("run skidpad");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no-such-vehicle.toml"), "{err}");
}
