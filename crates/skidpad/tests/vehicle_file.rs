//! Vehicle files: errors name file, line and key; conveniences convert; `.tir` paths resolve
//! relative to the vehicle file.

use skidpad::VehicleParams;
use skidpad::file::ConfigErrorKind;
use skidpad::tire::{BrushParams, FrictionCircleParams, SimpleMagicParams, TireModelKind};
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
tire.friction_circle.friction = 1.2
[[wheels]]
position = [-0.5, -0.5, 0.0]
"#;

/// The friction-circle parameters of wheel `i`.
fn fc(p: &VehicleParams, i: usize) -> &FrictionCircleParams {
    p.wheels[i].tire.as_friction_circle().unwrap()
}

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
    assert_eq!(fc(&p, 2).friction, 1.2);
    assert_eq!(fc(&p, 3).friction, 1.0);
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
        &BASE.replace("tire.friction_circle.friction = 1.2", "tire.fricton = 1.2"),
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
        "name = \"probe\"\n[drivetrain.engine]\nmax_speed_rpm = 50\nidle_speed_rpm = 800",
    );
    assert_at(&text, 4, "drivetrain.engine.idle_speed_rpm", |k| {
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
    let text = BASE.replace(
        "tire.friction_circle.friction = 1.2",
        "tire.tir = \"missing.tir\"",
    );
    assert_at(&text, 19, "wheels[2].tire.tir", |k| {
        matches!(k, ConfigErrorKind::Tir(_))
    });
    assert!(err(&text).to_string().contains("missing.tir"));
}

#[test]
fn tir_path_resolves_relative_to_the_vehicle_file() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let text = BASE.replace(
        "tire.friction_circle.friction = 1.2",
        "tire.tir = \"mf_185_80R14.tir\"",
    );
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
            "tire.friction_circle.friction = 1.2",
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
        "tire.tir = \"mf_185_80R14.tir\"\ntire.friction_circle.friction = 1.0",
    );
    let e = VehicleParams::from_toml_str(&both, origin.to_str().unwrap()).unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (19, "wheels[2].tire.tir"), "{e}");
    assert!(e.message.contains("`tir` and `friction_circle`"), "{e}");
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
        "name = \"probe\"\n[drivetrain]\nkind = \"engine\"\nengine = { max_speed_rpm = 6000, idle_speed_rpm = 800 }\n[stability.hill_hold]\nmax_engage_speed_kmh = 3.6",
    );
    let p = VehicleParams::from_toml_str(&text, "probe.toml").unwrap();
    assert!((p.drivetrain.engine.max_speed - 6000.0 * std::f64::consts::PI / 30.0).abs() < 1e-12);
    assert!((p.drivetrain.engine.idle_speed - 83.77580409572782).abs() < 1e-9);
    assert!((p.stability.hill_hold.max_engage_speed - 1.0).abs() < 1e-12);
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
        BASE.replace(
            "tire.friction_circle.friction = 1.2",
            "tire.tir = \"bad.tir\"",
        ),
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

/// A user-facing message names keys and TOML types, never a Rust type.
fn assert_no_rust_names(e: &skidpad::ConfigError) {
    let m = e.to_string();
    for rust in [
        "TireModelKind",
        "Params",
        "TireTable",
        "struct ",
        "enum ",
        "Box<",
    ] {
        assert!(!m.contains(rust), "`{rust}` in: {m}");
    }
}

#[test]
fn tire_model_tables_load_each_model() {
    let with = |table: &str| {
        let text = BASE.replace("tire.friction_circle.friction = 1.2", table);
        VehicleParams::from_toml_str(&text, "probe.toml").unwrap()
    };
    let p = with("tire.brush.friction = 0.9\ntire.rolling_resistance = 0.02");
    let brush = BrushParams {
        friction: 0.9,
        ..BrushParams::default()
    };
    assert_eq!(p.wheels[2].tire.model, TireModelKind::Brush(brush));
    assert_eq!(p.wheels[2].tire.rolling_resistance, 0.02);
    assert_eq!(p.wheels[3].tire.model, TireModelKind::default());
    let p = with("tire.simple_magic = {}");
    assert_eq!(
        p.wheels[2].tire.model,
        TireModelKind::SimpleMagic(SimpleMagicParams::default())
    );
    let p = with("tire.slip_curve.lat_stiff_y = 15.0");
    let TireModelKind::SlipCurve(s) = &p.wheels[2].tire.model else {
        panic!("{:?}", p.wheels[2].tire.model)
    };
    assert_eq!(s.lat_stiff_y, 15.0);
    // The default model has the old shared values: friction circle 18, 17/rad, µ 1.
    assert_eq!(*fc(&p, 0), FrictionCircleParams::default());
    assert_eq!(fc(&p, 0).longitudinal_stiffness_per_unit_load, 18.0);
    assert_eq!(fc(&p, 0).cornering_stiffness_per_unit_load, 17.0);
}

#[test]
fn tire_key_errors_name_the_key_in_plain_words() {
    let with = |table: &str| BASE.replace("tire.friction_circle.friction = 1.2", table);
    // A model key written in the shared table (the form before model tables).
    let text = with("tire.friction = 1.2");
    assert_at(&text, 19, "wheels[2].tire.friction", |k| {
        *k == ConfigErrorKind::UnknownKey
    });
    let e = err(&text);
    assert!(e.message.contains("one of: friction_circle,"), "{e}");
    assert_no_rust_names(&e);
    // A misspelt model table.
    let text = with("tire.fricton_circle.friction = 1.2");
    assert_at(&text, 19, "wheels[2].tire.fricton_circle", |k| {
        *k == ConfigErrorKind::UnknownKey
    });
    assert_no_rust_names(&err(&text));
    // A misspelt key inside the model table.
    let text = with("tire.brush.patch_widht = 0.2");
    assert_at(&text, 19, "wheels[2].tire.brush.patch_widht", |k| {
        *k == ConfigErrorKind::UnknownKey
    });
    assert_no_rust_names(&err(&text));
    // A model table that is not a table, and a tire that is not a table.
    let text = with("tire.friction_circle = 5");
    assert_at(&text, 19, "wheels[2].tire.friction_circle", |k| {
        *k == ConfigErrorKind::WrongType
    });
    assert_no_rust_names(&err(&text));
    let text = with("tire = \"brush\"");
    assert_at(&text, 19, "wheels[2].tire", |k| {
        *k == ConfigErrorKind::WrongType
    });
    assert_no_rust_names(&err(&text));
    // Two model tables.
    let text = with("tire.friction_circle.friction = 1.2\ntire.brush.friction = 1.0");
    let e = err(&text);
    assert_eq!(e.line, 19, "{e}");
    assert!(e.key.starts_with("wheels[2].tire"), "{e}");
    assert!(e.message.contains("`friction_circle` and `brush`"), "{e}");
    assert_no_rust_names(&e);
    // A value out of range: the model's own field path, on its line.
    let text = with("tire.friction_circle.friction = 3.5");
    assert_at(&text, 19, "wheels[2].tire.friction_circle.friction", |k| {
        *k == ConfigErrorKind::Invalid
    });
    let text = with("tire.brush.patch_width = 0.0");
    assert_at(&text, 19, "wheels[2].tire.brush.patch_width", |k| {
        *k == ConfigErrorKind::Invalid
    });
}

/// Issue 12: values that passed `validate()` and gave garbage (or failed later naming no
/// key) are rejected at the key, with the range in the unit the user wrote.
#[test]
fn physical_ranges_in_the_unit_written() {
    // (replace, by, line, key, message the error must contain)
    #[rustfmt::skip]
    let cases: &[(&str, &str, usize, &str, &str)] = &[
        ("max_steer_deg = 35\n[[wheels]]\nposition = [0.5, -0.5", "max_steer_deg = 720\n[[wheels]]\nposition = [0.5, -0.5",
         13, "wheels[0].max_steer_deg", "max_steer_deg = 720: must be in [-90, 90] deg"),
        ("max_steer_deg = 35\n[[wheels]]\nposition = [0.5, -0.5", "max_steer_deg = -35\n[[wheels]]\nposition = [0.5, -0.5",
         13, "wheels[0].max_steer_deg", "max_steer_deg = -35: must be in [0, 90] deg: a wheel ahead of the centre of mass"),
        ("com_offset = [0.0, 0.0, 0.1]", "com_offset = [0.0, 0.0, 100.0]",
         5, "chassis.com_offset", "must be in [-1, 1] m (got 100): the z component"),
        ("mass = 150.0", "mass = 1e9", 3, "chassis.mass", "must be in [1, 1000000] kg (got 1e9)"),
        ("mass = 150.0", "mass = 1e308", 3, "chassis.mass", "must be in [1, 1000000] kg (got 1e308)"),
        ("spring_rate = 20000.0", "spring_rate = 1e308", 9, "wheels[0].suspension.spring_rate", "1e308"),
        ("radius = 0.13", "radius = 0.13\nmax_brake_torque = 1e308", 9, "wheels[0].max_brake_torque", "must be at most 1e12"),
        ("position = [-0.5, -0.5, 0.0]", "position = [-0.5, -1e9, 0.0]",
         21, "wheels[3].position", "must be in [-50, 50] m (got -1e9): the y component"),
    ];
    for (from, to, line, key, message) in cases {
        let text = BASE.replace(from, to);
        assert_ne!(text, BASE, "{from}");
        assert_at(&text, *line, key, |k| *k == ConfigErrorKind::Invalid);
        let e = err(&text).to_string();
        assert!(e.contains(message), "{e}\n  should contain: {message}");
    }
    // A negative lock on a rear wheel is rear steer, and allowed.
    let rear = BASE.replace(
        "position = [-0.5, -0.5, 0.0]",
        "position = [-0.5, -0.5, 0.0]\nmax_steer_deg = -10",
    );
    let p = VehicleParams::from_toml_str(&rear, "probe.toml").unwrap();
    assert!((p.wheels[3].max_steer + 10f64.to_radians()).abs() < 1e-12);
}

/// Issue 12: the drivetrain's physical ranges (engine torque and speeds, inertia, damping,
/// gear ratios, clutch, differential), reported at the key in the unit written.
#[test]
fn drivetrain_ranges_in_the_unit_written() {
    // (table and key = value inserted after line 1, key path, message the error must contain)
    #[rustfmt::skip]
    let cases: &[(&str, &str, &str)] = &[
        // a tenfold tank engine (5000 N·m) is allowed; 2e5 N·m is a typo
        ("[drivetrain.engine]\npeak_torque = 2e5", "drivetrain.engine.peak_torque", "must be in [0, 100000] N·m (got 200000)"),
        // 30 000 rpm = 1000π rad/s, above any road, racing or electric redline
        ("[drivetrain.engine]\nmax_speed_rpm = 40000", "drivetrain.engine.max_speed_rpm", "max_speed_rpm = 40000: must be in [0, 30000] rpm"),
        ("[drivetrain.engine]\ninertia = 500.0", "drivetrain.engine.inertia", "must be in [0, 100] kg·m² (got 500)"),
        ("[drivetrain.engine]\ndamping_zero_throttle_engaged = 5000.0", "drivetrain.engine.damping_zero_throttle_engaged", "must be in [0, 1000] N·m·s/rad (got 5000)"),
        ("[drivetrain.gearbox]\nfinal_drive = 410.0", "drivetrain.gearbox.final_drive", "must be in [0, 50] (got 410)"),
        ("[drivetrain.gearbox]\nforward_ratios = [60.0, 2.0]", "drivetrain.gearbox.forward_ratios", "must be in [0, 50] (got 60)"),
        ("[drivetrain.gearbox]\nreverse_ratio = 1e9", "drivetrain.gearbox.reverse_ratio", "must be in [0, 50] (got 1e9)"),
        ("[drivetrain.clutch]\nstrength = 1e7", "drivetrain.clutch.strength", "must be in [0, 1000000] N·m·s/rad (got 10000000)"),
        ("[drivetrain.differential.front]\nbias = 1e4", "drivetrain.differential.front.bias", "must be in [1, 100] (got 10000)"),
        ("[drivetrain.differential.front]\npreload = 1e6", "drivetrain.differential.front.preload", "must be in [0, 100000] N·m (got 1000000)"),
    ];
    for (insert, key, message) in cases {
        let text = BASE.replacen(
            "name = \"probe\"",
            &format!("name = \"probe\"\n{insert}"),
            1,
        );
        let e = err(&text);
        assert!(e.key.starts_with(key), "{e}\n  should name: {key}");
        assert_eq!(e.line, 3, "{e}");
        let e = e.to_string();
        assert!(e.contains(message), "{e}\n  should contain: {message}");
    }
}
