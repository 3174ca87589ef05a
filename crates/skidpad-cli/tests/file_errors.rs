//! Broken vehicle and scenario files: every error is `file:line:column: key: message` (the
//! same machinery, `skidpad::file`, for both), at the key or value at fault, in plain words
//! without a Rust type name.

use skidpad::VehicleParams;
use skidpad_cli::scenario::Scenario;

const KART: &str = include_str!("../vehicles/kart.toml");

/// Words that give a Rust type away: primitive names as whole words, `enum X`, `struct X`,
/// `Option<`.
fn rust_type_in(message: &str) -> Option<String> {
    const PRIMITIVES: [&str; 14] = [
        "i8", "i16", "i32", "i64", "isize", "u8", "u16", "u32", "u64", "usize", "f32", "f64",
        "bool", "char",
    ];
    let words: Vec<&str> = message
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    if let Some(w) = words.iter().find(|w| PRIMITIVES.contains(w)) {
        return Some((*w).to_string());
    }
    for (i, w) in words.iter().enumerate() {
        let next_is_type = words
            .get(i + 1)
            .and_then(|n| n.chars().next())
            .is_some_and(|c| c.is_ascii_uppercase());
        if (*w == "enum" || *w == "struct") && next_is_type {
            return Some(format!("{w} {}", words[i + 1]));
        }
    }
    message.contains("Option<").then(|| "Option<".to_string())
}

/// `file:line:column: key: message` split into its parts.
fn parts(e: &str) -> (String, usize, usize, String, String) {
    let mut it = e.splitn(5, ": ");
    let head = it.next().unwrap_or("");
    let key = it.next().unwrap_or("").to_string();
    let message = it.collect::<Vec<_>>().join(": ");
    let mut h = head.rsplitn(3, ':');
    let column = h.next().and_then(|c| c.parse().ok()).unwrap_or(0);
    let line = h.next().and_then(|l| l.parse().ok()).unwrap_or(0);
    let file = h.next().unwrap_or("").to_string();
    (file, line, column, key, message)
}

/// Line (1-based) of the first line of `text` starting with `start`.
fn line_of(text: &str, start: &str) -> usize {
    1 + text
        .lines()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line `{start}`"))
}

/// A broken file's text and its error as displayed.
type Loaded = (String, String);

#[test]
fn broken_files_name_file_line_column_and_key_in_plain_words() {
    // (file text, file name, its error) for the vehicle and the scenario loaders alike.
    let vehicle = |from: &str, to: &str| {
        assert!(KART.contains(from), "{from}");
        let text = KART.replacen(from, to, 1);
        let e = VehicleParams::from_toml_str(&text, "kart.toml").unwrap_err();
        (text, e.to_string())
    };
    let scenario = |body: &str| {
        let text = format!("vehicle = \"sedan\"\n{body}");
        let e = Scenario::from_toml_str(&text, "s.toml").unwrap_err();
        (text, e)
    };
    // (text, error, first line of the error's line, column, key, words in the message)
    let cases: Vec<(Loaded, &str, usize, &str, &str)> = vec![
        (
            vehicle("name = \"kart\"", "name = 3"),
            "name = 3",
            8,
            "name",
            "expected a string, found 3",
        ),
        (
            vehicle("mass = 160.0", "mass = \"heavy\""),
            "mass = \"heavy\"",
            8,
            "chassis.mass",
            "expected a number, found the string \"heavy\"",
        ),
        (
            vehicle("com_offset = [", "com_ofset = ["),
            "com_ofset",
            1,
            "chassis.com_ofset",
            "unknown key `com_ofset`; expected one of:",
        ),
        (
            vehicle("max_steer_deg = 30", "max_steer_deg = \"wide\""),
            "max_steer_deg",
            17,
            "wheels[0].max_steer_deg",
            "expected a number, found string",
        ),
        (
            vehicle("[steering]", "[sim]\nsubsteps_high_speed = -1\n[steering]"),
            "substeps_high_speed",
            23,
            "sim.substeps_high_speed",
            "expected a whole number (0 or more), found -1",
        ),
        (
            vehicle("kind = \"engine\"", "kind = \"rocket\""),
            "kind = \"rocket\"",
            8,
            "drivetrain.kind",
            "unknown value `rocket`; expected one of:",
        ),
        (
            scenario("duration = \"long\"\n"),
            "duration",
            12,
            "duration",
            "expected a number, found the string \"long\"",
        ),
        (
            scenario("[ground]\nsurface = 70000\n"),
            "surface",
            11,
            "ground.surface",
            "expected an integer from 0 to 65535, found 70000",
        ),
        (
            scenario("[ground]\nkind = \"lava\"\n"),
            "kind",
            8,
            "ground.kind",
            "unknown value `lava`; expected one of: flat, incline, bumps, heightfield, function",
        ),
        (
            scenario("[[schedule]]\nt = 0.0\ngear = 300\n"),
            "gear",
            8,
            "schedule[0].gear",
            "expected an integer from -128 to 127, found 300",
        ),
        (
            scenario("ground = 3\n"),
            "ground",
            10,
            "ground",
            "expected a table, found 3",
        ),
        (
            scenario("schedule = 3\n"),
            "schedule",
            12,
            "schedule",
            "expected an array, found 3",
        ),
        (
            scenario("[[ground.patches]]\nx_min = \"a\"\n"),
            "x_min",
            9,
            "ground.patches[0].x_min",
            "expected a number",
        ),
        (
            scenario("[initial]\nspeed_kmh = \"fast\"\n"),
            "speed_kmh",
            13,
            "initial.speed_kmh",
            "expected a number, found string",
        ),
        (
            scenario("[initial]\nspeed = 1.0\nspeed_kmh = 3.6\n"),
            "speed_kmh",
            1,
            "initial.speed_kmh",
            "`speed_kmh` and `speed` set the same field",
        ),
        (
            scenario("[ground]\nkind = \"incline\"\ngrade_pct = 300\n"),
            "grade_pct",
            1,
            "ground.grade_pct",
            "must be within ±1 (±100 %) (in SI units: `grade_pct` is converted to `grade`)",
        ),
        (
            scenario("[maneuver]\nkind = \"braking\"\nspeed_kph = 80\n"),
            "speed_kph",
            1,
            "maneuver.speed_kph",
            "unknown key `speed_kph`",
        ),
    ];
    let mut failures = Vec::new();
    for ((text, e), line_start, column, key, words) in &cases {
        let (file, line, col, k, message) = parts(e);
        let want_file = if text.starts_with("vehicle = ") {
            "s.toml"
        } else {
            "kart.toml"
        };
        let want_line = line_of(text, line_start);
        let ok = file == want_file
            && line == want_line
            && col == *column
            && k == *key
            && message.contains(words);
        if !ok {
            failures.push(format!(
                "want {want_file}:{want_line}:{column}: {key}: …{words}…\n got {e}"
            ));
        }
        if let Some(t) = rust_type_in(&message) {
            failures.push(format!("Rust type `{t}` in `{e}`"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_type_name_check_can_fail() {
    assert_eq!(
        rust_type_in("invalid type: expected f64").as_deref(),
        Some("f64")
    );
    assert_eq!(
        rust_type_in("expected internally tagged enum TireModelKind").as_deref(),
        Some("enum TireModelKind")
    );
    assert_eq!(
        rust_type_in("expected struct Foo").as_deref(),
        Some("struct Foo")
    );
    assert_eq!(rust_type_in("expected Option<f32>").as_deref(), Some("f32"));
    assert_eq!(rust_type_in("expected a number, found 3"), None);
    assert_eq!(rust_type_in("unknown value `u16x`"), None);
}
