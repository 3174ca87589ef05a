//! Vehicle files: errors name file, line and key; conveniences convert; `.tir` paths resolve
//! relative to the vehicle file.

use skidpad::VehicleParams;
use skidpad::file::ConfigErrorKind;
use std::path::Path;

/// A minimal valid kart-like vehicle. Line numbers below are counted by hand in this text
/// (line 1 is `name = "probe"`).
const BASE: &str = r#"name = "probe"
[chassis]
mass = 150.0
inertia_diagonal = [10.0, 20.0, 25.0]
com_offset = [0.0, 0.0, 0.1]

[wheel_defaults]
radius = 0.13
suspension.spring_rate = 20000.0

[[wheels]]
position = [0.5, 0.5, 0.0]
max_steer_deg = 35
[[wheels]]
position = [0.5, -0.5, 0.0]
max_steer_deg = 35
[[wheels]]
position = [-0.5, 0.5, 0.0]
tire.friction = 1.2
[[wheels]]
position = [-0.5, -0.5, 0.0]
"#;

fn err(text: &str) -> skidpad::ConfigError {
    VehicleParams::from_toml_str(text, "probe.toml").unwrap_err()
}

/// Assert file, line, key and kind of an error (lines counted by hand in `BASE`).
fn assert_at(text: &str, line: usize, key: &str, kind: fn(&ConfigErrorKind) -> bool) {
    let e = err(text);
    assert_eq!(
        (e.file.as_str(), e.line, e.key.as_str()),
        ("probe.toml", line, key),
        "{e}"
    );
    assert!(kind(&e.kind), "{e} [{:?}]", e.kind);
    assert!(
        e.to_string().starts_with(&format!("probe.toml:{line}:")),
        "{e}"
    );
    assert!(e.to_string().contains(key), "{e}");
}

#[test]
fn base_loads_with_defaults_merged_and_degrees_converted() {
    let p = VehicleParams::from_toml_str(BASE, "probe.toml").unwrap();
    assert_eq!(p.wheels.len(), 4);
    assert_eq!(p.wheels[0].max_steer, 35f64.to_radians());
    assert!((p.wheels[1].max_steer - 0.610865).abs() < 1e-6);
    assert_eq!(p.wheels[2].max_steer, 0.0);
    assert!(p.wheels.iter().all(|w| w.radius == 0.13));
    assert!(p.wheels.iter().all(|w| w.suspension.spring_rate == 20000.0));
    assert_eq!(p.wheels[2].tire.friction, 1.2);
    assert_eq!(p.wheels[3].tire.friction, 1.0);
    assert_eq!(
        p.chassis.inertia.diagonal(),
        skidpad::DVec3::new(10.0, 20.0, 25.0)
    );
}

#[test]
fn syntax_error_names_line_and_key() {
    assert_at(
        &BASE.replace("mass = 150.0", "mass = 150.0.0"),
        3,
        "chassis.mass",
        |k| *k == ConfigErrorKind::Syntax,
    );
}

#[test]
fn unknown_key_names_line_and_key() {
    assert_at(
        &BASE.replace("tire.friction = 1.2", "tire.fricton = 1.2"),
        19,
        "wheels[2].tire.fricton",
        |k| *k == ConfigErrorKind::UnknownKey,
    );
    // An unknown top-level table too.
    assert_at(
        &BASE.replace("[wheel_defaults]", "[wheel_default]"),
        7,
        "wheel_default",
        |k| *k == ConfigErrorKind::UnknownKey,
    );
}

#[test]
fn wrong_type_names_line_and_key() {
    assert_at(
        &BASE.replace("radius = 0.13", "radius = \"big\""),
        8,
        "wheel_defaults.radius",
        |k| *k == ConfigErrorKind::WrongType,
    );
    assert_at(
        &BASE.replace(
            "max_steer_deg = 35\n[[wheels]]\nposition = [0.5, -0.5",
            "max_steer_deg = \"x\"\n[[wheels]]\nposition = [0.5, -0.5",
        ),
        13,
        "wheels[0].max_steer_deg",
        |k| *k == ConfigErrorKind::WrongType,
    );
}

#[test]
fn bad_values_name_line_and_key() {
    // Negative spring rate in [wheel_defaults] (line 9), reported for the first wheel.
    let text = BASE.replace("spring_rate = 20000.0", "spring_rate = -5.0");
    assert_at(&text, 9, "wheels[0].suspension.spring_rate", |k| {
        *k == ConfigErrorKind::Invalid
    });
    assert!(
        err(&text)
            .to_string()
            .contains("must be finite and > 0 (got -5)")
    );
    // A converted key is reported as written.
    assert_at(
        &BASE.replace(
            "max_steer_deg = 35\n[[wheels]]\nposition = [-0.5",
            "max_steer_deg = 95\n[[wheels]]\nposition = [-0.5",
        ),
        16,
        "wheels[1].max_steer_deg",
        |k| *k == ConfigErrorKind::Invalid,
    );
    // The chassis mass, and an inconsistent engine in rpm.
    assert_at(
        &BASE.replace("mass = 150.0", "mass = -150.0"),
        3,
        "chassis.mass",
        |k| *k == ConfigErrorKind::Invalid,
    );
    let text = BASE.replace(
        "name = \"probe\"",
        "name = \"probe\"\n[drivetrain.engine]\nredline_rpm = 50\nidle_rpm = 800",
    );
    assert_at(&text, 4, "drivetrain.engine.idle_rpm", |k| {
        *k == ConfigErrorKind::Invalid
    });
}

#[test]
fn missing_and_duplicate_keys() {
    assert_at(&BASE.replace("mass = 150.0\n", ""), 2, "chassis", |k| {
        *k == ConfigErrorKind::MissingKey
    });
    assert_at(
        &BASE.replace(
            "[[wheels]]\nposition = [0.5, 0.5, 0.0]",
            "[[wheels]]\nposition = [0.5, 0.5, 0.0]\nmax_steer = 0.1",
        ),
        14,
        "wheels[0].max_steer_deg",
        |k| *k == ConfigErrorKind::DuplicateKey,
    );
    assert_at(
        &BASE.replace("com_offset", "bounding_box = [1.0, 1.0, 1.0]\ncom_offset"),
        5,
        "chassis.bounding_box",
        |k| *k == ConfigErrorKind::DuplicateKey,
    );
}

#[test]
fn missing_tir_file_names_line_and_key() {
    let text = BASE.replace("tire.friction = 1.2", "tire.tir = \"missing.tir\"");
    assert_at(&text, 19, "wheels[2].tire.tir", |k| {
        matches!(k, ConfigErrorKind::Tir(_))
    });
    assert!(err(&text).to_string().contains("missing.tir"));
}

#[test]
fn tir_path_resolves_relative_to_the_vehicle_file() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let text = BASE.replace("tire.friction = 1.2", "tire.tir = \"mf_185_80R14.tir\"");
    // Through the origin name's directory...
    let origin = data.join("probe.toml");
    let p = VehicleParams::from_toml_str(&text, origin.to_str().unwrap()).unwrap();
    let (tir, _) = skidpad::tire::mf::TirFile::from_path(data.join("mf_185_80R14.tir")).unwrap();
    let expected = skidpad::tire::TireParams::magic_formula(skidpad::tire::mf::MfTire::from(tir));
    assert_eq!(p.wheels[2].tire, expected);
    assert_eq!(p.wheels[3].tire, skidpad::tire::TireParams::default());
    // ... and through a real file in another directory, with `tires/` beside it.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vehicle_file_tir");
    std::fs::create_dir_all(dir.join("tires")).unwrap();
    std::fs::copy(data.join("mf_185_80R14.tir"), dir.join("tires/front.tir")).unwrap();
    let path = dir.join("car.toml");
    std::fs::write(
        &path,
        BASE.replace(
            "tire.friction = 1.2",
            "tire.tir = \"tires/front.tir\"\ntire.relaxation.lateral_length = 0.4",
        ),
    )
    .unwrap();
    let q = VehicleParams::from_toml_path(&path).unwrap();
    assert_eq!(q.wheels[2].tire.model, expected.model);
    assert_eq!(q.wheels[2].tire.relaxation.lateral_length, 0.4);
    // A `.tir` together with an explicit model is ambiguous.
    let both = text.replace(
        "tire.tir = \"mf_185_80R14.tir\"",
        "tire.tir = \"mf_185_80R14.tir\"\ntire.model.type = \"friction_circle\"",
    );
    let e = VehicleParams::from_toml_str(&both, origin.to_str().unwrap()).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (19, "wheels[2].tire.tir"), "{e}");
}

#[test]
fn unreadable_vehicle_file_is_an_io_error() {
    let e = VehicleParams::from_toml_path("no/such/car.toml").unwrap_err();
    assert_eq!((e.line, e.kind.clone()), (0, ConfigErrorKind::Io));
}

#[test]
fn bounding_box_gives_box_inertia() {
    let text = BASE.replace(
        "inertia_diagonal = [10.0, 20.0, 25.0]",
        "bounding_box = [1.5, 1.2, 0.5]",
    );
    let p = VehicleParams::from_toml_str(&text, "probe.toml").unwrap();
    assert_eq!(
        p.chassis.inertia,
        skidpad::chassis::box_inertia(150.0, skidpad::DVec3::new(1.5, 1.2, 0.5))
    );
}

#[test]
fn rpm_and_kmh_keys_convert() {
    let text = BASE.replace(
        "name = \"probe\"",
        "name = \"probe\"\n[drivetrain]\nkind = \"engine\"\nengine = { redline_rpm = 6000, idle_rpm = 800 }\n[stability.hill_hold]\nengage_speed_kmh = 3.6",
    );
    let p = VehicleParams::from_toml_str(&text, "probe.toml").unwrap();
    assert!((p.drivetrain.engine.max_speed - 6000.0 * std::f64::consts::PI / 30.0).abs() < 1e-12);
    assert!((p.drivetrain.engine.idle_speed - 83.77580409572782).abs() < 1e-9);
    assert!((p.stability.hill_hold.engage_speed - 1.0).abs() < 1e-12);
}

#[test]
fn malformed_tir_names_both_files() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let good = std::fs::read_to_string(data.join("mf_185_80R14.tir")).unwrap();
    let (tir_line, _) = good
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("FNOMIN"))
        .unwrap();
    let bad: String = good
        .lines()
        .map(|l| {
            if l.starts_with("FNOMIN") {
                "FNOMIN = abc"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vehicle_file_bad_tir");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.tir"), bad).unwrap();
    let path = dir.join("car.toml");
    std::fs::write(
        &path,
        BASE.replace("tire.friction = 1.2", "tire.tir = \"bad.tir\""),
    )
    .unwrap();
    let e = VehicleParams::from_toml_path(&path).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (19, "wheels[2].tire.tir"), "{e}");
    let ConfigErrorKind::Tir(t) = &e.kind else {
        panic!("{e}")
    };
    assert_eq!((t.line, t.key.as_str()), (tir_line + 1, "FNOMIN"), "{e}");
    assert!(
        e.to_string().contains(&format!("bad.tir:{}", tir_line + 1)),
        "{e}"
    );
}
