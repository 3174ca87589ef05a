//! `.tir` files that cannot fail silently (issue 12, item 6): a truncated file or one without
//! a required section or coefficient is an error naming the file and what is missing; table
//! sections such as `[SHAPE]` parse and are exposed; CR-only and mixed line endings read;
//! coefficients that overflow are refused.

use skidpad::tire::mf::{MfInput, MfTire, TirFile};

mod support;
use support::data;

fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

/// The text without the section `name` (its header and every line up to the next header).
fn without_section(text: &str, name: &str) -> String {
    let mut out = String::new();
    let mut skip = false;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('[') {
            skip = line.trim().starts_with(&format!("[{name}]"));
        }
        if !skip {
            out.push_str(line);
        }
    }
    out
}

/// A real file cut to its first 20 % of lines (the case of issue 12: it loaded and gave zero
/// forces everywhere) is refused, naming the file, its last line and the missing keys.
#[test]
fn truncated_to_20_percent_is_an_error() {
    for name in [
        "mf_185_80R14.tir",
        "Sedan_Pac02Tire.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        let text = read(name);
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let keep = lines.len() / 5;
        let cut: String = lines[..keep].concat();
        let e = TirFile::parse(&cut, name).unwrap_err();
        // The last line kept is non-blank in all three files: the error points at it.
        assert_eq!(e.line, keep, "{name}: {e}");
        let s = e.to_string();
        assert!(
            s.starts_with(&format!("{name}:{keep}: key "))
                && s.contains("required keys missing")
                && s.contains(
                    "[LONGITUDINAL_COEFFICIENTS] PCX1, PDX1, PKX1 (the file has no such section)"
                )
                && s.contains(
                    "[LATERAL_COEFFICIENTS] PCY1, PDY1, PKY1, PKY2 (the file has no such section)"
                ),
            "{s}"
        );
    }
}

/// Without `[LATERAL_COEFFICIENTS]` Fy was ≡ 0; now the file is refused.
#[test]
fn missing_lateral_section_is_an_error() {
    let text = without_section(&read("mf_185_80R14.tir"), "LATERAL_COEFFICIENTS");
    let e = TirFile::parse(&text, "no_lateral.tir").unwrap_err();
    assert_eq!(e.key, "PCY1", "{e}");
    assert!(
        e.message.contains(
            "[LATERAL_COEFFICIENTS] PCY1, PDY1, PKY1, PKY2 (the file has no such section)"
        ) && !e.message.contains("LONGITUDINAL"),
        "{e}"
    );
    // The section present but one key missing: named without the section note.
    let text = read("Sedan_Pac02Tire.tir").replace("PKY2 ", "PKY2_REMOVED ");
    let e = TirFile::parse(&text, "no_pky2.tir").unwrap_err();
    assert_eq!(e.key, "PKY2", "{e}");
    assert!(e.message.contains("[LATERAL_COEFFICIENTS] PKY2;"), "{e}");
}

/// A required coefficient written as 0 is an error at its line (PKY2 = 0 divides by 0 in
/// Kyα; PKY1 = 0 makes Kyα ≡ 0 and Fy ≡ SVy).
#[test]
fn required_coefficient_zero_is_an_error_at_its_line() {
    let text = read("mf_185_80R14.tir");
    let (line_no, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("PKY1 "))
        .unwrap();
    let text = text.replace(line, "PKY1 = 0");
    let e = TirFile::parse(&text, "zero.tir").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (line_no + 1, "PKY1"), "{e}");
    assert!(e.message.starts_with("must not be 0"), "{e}");
}

/// Absent optional coefficients stay 0 (MF default): the Sedan file has no combined-slip
/// keys and loads; with RBX1 = 0, Gxα = cos(0)/cos(0) = 1, so Fx(κ, α) = Fx0(κ) exactly.
#[test]
fn absent_optional_coefficients_stay_zero() {
    let (f, _) = TirFile::from_path(data("Sedan_Pac02Tire.tir")).unwrap();
    assert_eq!((f.coefficients.rbx1, f.coefficients.rcx1), (0.0, 0.0));
    let tire = MfTire::from(f);
    let at = |alpha: f64| {
        tire.steady_state(MfInput {
            fz: 4850.0,
            kappa: 0.05,
            alpha,
            vx: 20.0,
            ..MfInput::default()
        })
        .fx
    };
    assert!((at(0.1) - at(0.0)).abs() <= 1e-9, "{} {}", at(0.1), at(0.0));
}

/// `[SHAPE]` of the real file (a `{radial width}` header, 4 rows) is kept and exposed.
#[test]
fn shape_table_of_a_real_file_is_exposed() {
    let (f, w) = TirFile::from_path(data("mf_185_80R14.tir")).unwrap();
    assert!(w.is_empty(), "{w:?}");
    let rows = f.table("SHAPE").unwrap();
    assert_eq!(
        rows,
        &[
            vec![1.0, 0.0],
            vec![1.0, 0.4],
            vec![1.0, 0.9],
            vec![0.9, 1.0]
        ][..]
    );
    let t = &f.tables[0];
    assert_eq!(
        (t.section.as_str(), t.header.as_deref(), t.line),
        ("SHAPE", Some("radial width"), 58)
    );
    assert_eq!(f.table("VERTICAL"), None);
}

/// A truck-file `[SHAPE]`: rows straight after the header, column names in a `$` comment
/// (rejected before with `expected KEY = value, found "1.00  0.00"`), trailing comments.
#[test]
fn shape_rows_without_a_brace_header_parse() {
    let text = read("HMMWV_Pac02Tire.tir").replace(
        "[VERTICAL]",
        "[SHAPE]\r\n$ radial   width\r\n 1.00  0.00\r\n 1.00  0.20 $ shoulder\r\n 0.98  0.60\r\n 0.93  1.00\r\n[VERTICAL]",
    );
    let (f, _) = TirFile::parse(&text, "truck.tir").unwrap();
    let rows = f.table("SHAPE").unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1], vec![1.0, 0.2]);
    assert_eq!(rows[3], vec![0.93, 1.0]);
    assert_eq!(f.tables[0].header, None);
    // Rows of different lengths, and a word in a table, are errors at their line.
    let bad = text.replace(" 0.98  0.60", " 0.98  0.60  7");
    let e = TirFile::parse(&bad, "truck.tir").unwrap_err();
    assert!(e.message.contains("has 3 numbers"), "{e}");
    let line = bad.lines().position(|l| l == " 0.98  0.60  7").unwrap() + 1;
    assert_eq!(e.line, line, "{e}");
    let bad = text.replace(" 0.98  0.60", " 0.98  abc");
    let e = TirFile::parse(&bad, "truck.tir").unwrap_err();
    assert!(e.message.contains("malformed row"), "{e}");
    assert_eq!(e.line, line, "{e}");
    // A row of numbers in a coefficient section (no table there) is still an error.
    let bad = text.replace(
        "[LATERAL_COEFFICIENTS]",
        "[LATERAL_COEFFICIENTS]\r\n1.0 2.0",
    );
    let e = TirFile::parse(&bad, "truck.tir").unwrap_err();
    assert!(e.message.starts_with("expected KEY = value"), "{e}");
}

/// CR-only (classic Mac) and mixed line endings read to the same file, same line numbers.
#[test]
fn cr_only_and_mixed_line_endings_read() {
    let crlf = read("Sedan_Pac02Tire.tir");
    let (want, _) = TirFile::parse(&crlf, "s.tir").unwrap();
    let cr = crlf.replace("\r\n", "\r");
    assert!(!cr.contains('\n'));
    let (got, _) = TirFile::parse(&cr, "s.tir").unwrap();
    assert_eq!(got, want);
    let mixed: String = crlf
        .split("\r\n")
        .enumerate()
        .map(|(i, l)| format!("{l}{}", ["\r\n", "\n", "\r"][i % 3]))
        .collect();
    let (got, _) = TirFile::parse(&mixed, "s.tir").unwrap();
    assert_eq!(got, want);
    // Line numbers count CR-only lines: a bad value on line 3 is reported there.
    let e = TirFile::parse("[VERTICAL]\rFNOMIN = 1\rPCX1 = x\r", "cr.tir").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (3, "PCX1"), "{e}");
}

/// Coefficients that make the equations overflow are refused, not evaluated to 0: with
/// PDX1 = 1e306, Dx = µx·Fz = 1e306·190 N overflows to ∞ at 0.05·FNOMIN (1e300 still
/// gives finite, if absurd, forces: Dx = 3.8e303 N).
#[test]
fn overflowing_coefficients_are_refused() {
    let text = read("mf_185_80R14.tir");
    let line = text.lines().find(|l| l.starts_with("PDX1 ")).unwrap();
    let e = TirFile::parse(&text.replace(line, "PDX1 = 1e306"), "huge.tir").unwrap_err();
    assert!(
        e.to_string().starts_with(
            "huge.tir:222: the coefficients give a non-finite force or moment at Fz = 190 N"
        ),
        "{e}"
    );
}

/// Vehicle loading returns the `.tir` warnings (they were dropped): chrono's HMMWV file on
/// all four wheels gives its one Fx sign-change warning once, naming the file and the wheel.
#[test]
fn vehicle_loading_returns_tir_warnings() {
    let text = r#"name = "hmmwv-probe"
[chassis]
mass = 2500.0
inertia_diagonal = [1500.0, 4000.0, 4500.0]
com_offset = [0.0, 0.0, 0.4]

[wheel_defaults]
radius = 0.47
suspension.spring_rate = 120000.0
tire.tir = "HMMWV_Pac02Tire.tir"

[[wheels]]
position = [1.7, 0.9, 0.0]
max_steer_deg = 35
[[wheels]]
position = [1.7, -0.9, 0.0]
max_steer_deg = 35
[[wheels]]
position = [-1.6, 0.9, 0.0]
[[wheels]]
position = [-1.6, -0.9, 0.0]
"#;
    let origin = data("hmmwv.toml");
    let (p, warnings) = skidpad::VehicleParams::from_toml_str_with_warnings(text, &origin).unwrap();
    assert_eq!(p.wheels.len(), 4);
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    assert!(
        warnings[0].starts_with(&format!(
            "{}: line 94: [LONGITUDINAL_COEFFICIENTS] Fx changes sign with load",
            data("HMMWV_Pac02Tire.tir")
        )) && warnings[0].ends_with("(loaded by wheels[0].tire.tir)"),
        "{}",
        warnings[0]
    );
    // The plain loader gives the same vehicle.
    assert_eq!(
        skidpad::VehicleParams::from_toml_str(text, &origin).unwrap(),
        p
    );
}

/// Hand-built coefficients get the `.tir` reader's grid check (issue 12): the same PDX1 =
/// 1e306 a file is refused for (Dx = 1e306·190 N overflows at 0.05·FNOMIN) is refused by
/// `MfTire::try_new`, by the tyre's `validate()` and by the vehicle's, each naming the path
/// and the first grid point.
#[test]
fn hand_built_overflowing_coefficients_are_refused() {
    let (file, _) = TirFile::parse(&read("mf_185_80R14.tir"), "mf.tir").unwrap();
    let mut c = file.coefficients.clone();
    assert!(c.set("PDX1", 1e306));
    // Each coefficient alone is finite, so the coefficients' own rules pass.
    assert!(c.validate().is_ok());
    let e = MfTire::try_new(c.clone(), file.version).unwrap_err();
    assert_eq!(e.path, "coefficients");
    assert!(
        e.rule
            .starts_with("the coefficients give a non-finite force or moment at Fz = 190 N"),
        "{e}"
    );
    let tire = MfTire {
        coefficients: c,
        ..MfTire::from(&file)
    };
    let mut p = skidpad::presets::sedan();
    p.wheels[2].tire = skidpad::tire::TireParams::magic_formula(tire);
    let e = p.validate().unwrap_err();
    assert_eq!(e.path, "wheels[2].tire.magic_formula.coefficients", "{e}");
    // The file's own coefficients pass.
    assert!(MfTire::try_new(file.coefficients.clone(), file.version).is_ok());
}

/// Hand-built coefficients get the `.tir` reader's sign-change warning: chrono's HMMWV
/// coefficients written into the vehicle file as a `[wheels.tire.magic_formula]` table warn
/// once (four wheels share them) that Fx changes sign with load, as the file does when loaded
/// by `tire.tir` (`vehicle_loading_returns_tir_warnings`).
#[test]
fn hand_built_coefficients_warn_of_a_sign_change() {
    let (file, file_warnings) =
        TirFile::parse(&read("HMMWV_Pac02Tire.tir"), "HMMWV_Pac02Tire.tir").unwrap();
    let tire = MfTire::from(&file);
    let w = tire.sign_change_warnings();
    assert_eq!(w.len(), 1, "{w:#?}");
    let from_file = file_warnings
        .iter()
        .find(|w| w.message.starts_with("Fx changes sign"))
        .unwrap();
    assert_eq!(
        w[0],
        format!("[LONGITUDINAL_COEFFICIENTS] {}", from_file.message)
    );
    // The same coefficients as a table in the vehicle file.
    let table = toml::to_string(&tire).unwrap();
    let table = format!("\n{table}").replace("\n[", "\n[wheel_defaults.tire.magic_formula.");
    let text = format!(
        r#"name = "hmmwv-by-hand"
[chassis]
mass = 2500.0
inertia_diagonal = [1500.0, 4000.0, 4500.0]
com_offset = [0.0, 0.0, 0.4]

[wheel_defaults]
radius = 0.47
suspension.spring_rate = 120000.0

[wheel_defaults.tire.magic_formula]
{table}

[[wheels]]
position = [1.7, 0.9, 0.0]
[[wheels]]
position = [1.7, -0.9, 0.0]
[[wheels]]
position = [-1.6, 0.9, 0.0]
[[wheels]]
position = [-1.6, -0.9, 0.0]
"#
    );
    let (p, warnings) =
        skidpad::VehicleParams::from_toml_str_with_warnings(&text, "hmmwv.toml").unwrap();
    assert_eq!(p.wheels.len(), 4);
    assert_eq!(
        warnings,
        [format!(
            "hmmwv.toml: wheels[0].tire.magic_formula: {}",
            w[0]
        )]
    );
    // A tyre that changes no sign warns of nothing.
    let (sedan, _) = TirFile::parse(&read("mf_185_80R14.tir"), "mf.tir").unwrap();
    assert!(MfTire::from(&sedan).sign_change_warnings().is_empty());
}
