//! `.tir` parser: the three real files in `tests/data/` (quirks listed in `SOURCES.md`),
//! unit conversion, warnings, and errors that name file, line and key.

use skidpad::tire::mf::{MfVersion, TirFile};

mod support;
use support::data;

/// A minimal valid file body; tests add or remove lines around it.
const MINIMAL: &str = "[MODEL]\nPROPERTY_FILE_FORMAT = 'PAC2002'\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n[VERTICAL]\nFNOMIN = 4000\n";

/// The coefficients a file cannot do without (besides FNOMIN and UNLOADED_RADIUS); tests
/// that want a file to load append them at the end, so that the line numbers before stay.
const COEFFS: &str = "[LONGITUDINAL_COEFFICIENTS]\nPCX1 = 1.6\nPDX1 = 1.0\nPKX1 = 20\n\
                      [LATERAL_COEFFICIENTS]\nPCY1 = 1.3\nPDY1 = 0.9\nPKY1 = -15\nPKY2 = 1.8\n";

#[test]
fn mf_parse_185_80r14() {
    let (f, warnings) = TirFile::from_path(data("mf_185_80R14.tir")).unwrap();
    let c = &f.coefficients;
    assert_eq!(c.fnomin, 3800.0);
    assert_eq!(c.unloaded_radius, 0.376);
    assert_eq!(c.vertical_stiffness, 1.75e5); // `1.75e+005`
    assert_eq!(c.pdx3, 9.9376e-6); // `9.9376e-006`
    assert_eq!(c.pvx1, -9.9052e-6);
    assert_eq!(c.vxlow, 1.0); // value followed by trailing spaces only
    assert_eq!(c.longvl, 16.7);
    assert_eq!(c.pcx1, 1.5587);
    assert_eq!(c.qdz1, 0.14332); // trailing comment with `"` and `=`
    assert_eq!(c.mbelt, 3.5); // last line
    assert_eq!((c.kpumin, c.kpumax), (-1.5, 1.5));
    // The file's own value, slightly above π/2 (not the constant).
    #[allow(clippy::approx_constant)]
    let alp = 1.5708;
    assert_eq!((c.alpmin, c.alpmax), (-alp, alp));
    assert_eq!((c.cammin, c.cammax), (-0.26181, 0.26181));
    assert_eq!((c.fzmin, c.fzmax), (190.0, 8550.0));
    // Absent MF 6 keys default: coefficient 0, PKY4 = 2 (MF 5.2 constant), LKYC = 1.
    assert_eq!(
        (c.pey5, c.pky5, c.rbx3, c.qsx4, c.ppx1),
        (0.0, 0.0, 0.0, 0.0, 0.0)
    );
    assert_eq!(c.pky4, 2.0);
    assert_eq!(c.lkyc, 1.0);
    assert!(!f.has("PKY4"));
    assert_eq!(f.version, MfVersion::Mf52);
    assert_eq!(f.fittyp, None);
    assert_eq!(f.use_mode, Some(4));
    assert_eq!(f.property_file_format.as_deref(), Some("PAC2002"));
    assert_eq!(f.tyre_side.as_deref(), Some("LEFT"));
    assert_eq!(f.string("FILE_TYPE"), Some("tir")); // `='tir'` without spaces
    assert_eq!(f.string("LENGTH"), Some("meter"));
    // `!CONTACT_MODEL = '3D_ENVELOPING'` is a comment.
    assert_eq!(f.string("CONTACT_MODEL"), None);
    // Every key of this file is known: no warnings ([SHAPE] is a table).
    assert!(warnings.is_empty(), "{warnings:#?}");
}

#[test]
fn mf_parse_sedan() {
    let (f, warnings) = TirFile::from_path(data("Sedan_Pac02Tire.tir")).unwrap();
    let c = &f.coefficients;
    assert_eq!(c.fnomin, 4850.0);
    assert_eq!(c.unloaded_radius, 0.344);
    assert_eq!(c.lfzo, 0.81);
    assert_eq!(c.vertical_stiffness, 280_835.294_1);
    assert_eq!(c.longvl, 16.6);
    assert_eq!(c.pky1, -21.92);
    assert_eq!((c.fzmin, c.fzmax), (225.0, 10125.0));
    // Missing sections and keys default to 0.
    assert_eq!(
        (c.qsx1, c.qsy1, c.rbx1, c.rcx1, c.pdx3, c.qbz10, c.ssz1),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    );
    assert_eq!(f.version, MfVersion::Mf52);
    assert_eq!(f.string("MESSAGES"), Some("YES"));
    assert_eq!(f.string("CONTACT_MODEL"), None);
    assert!(warnings.is_empty(), "{warnings:#?}");
}

#[test]
fn mf_parse_hmmwv() {
    let (f, warnings) = TirFile::from_path(data("HMMWV_Pac02Tire.tir")).unwrap();
    let c = &f.coefficients;
    assert_eq!(c.fnomin, 35000.0);
    assert_eq!(c.unloaded_radius, 0.4699);
    assert_eq!(c.width, 0.3175);
    assert_eq!(c.rim_radius, 0.20955);
    assert_eq!(c.lfzo, 0.580904846);
    assert_eq!(c.vertical_stiffness, 1e6); // `1e+006` followed by a TAB
    assert_eq!(c.freff, -0.005);
    assert_eq!(c.fzmax, 78750.0);
    assert_eq!(c.pey3, 0.29168);
    assert_eq!(c.lcz, 0.4419);
    // [TIRE_CONDITIONS] IP / IP_NOM are read as INFLPRES / NOMPRES (PRESSURE = 'pascal').
    assert_eq!((c.inflpres, c.nompres), (800_000.0, 800_000.0));
    assert!(f.has("INFLPRES") && f.has("NOMPRES"));
    assert_eq!(f.string("CONTACT_MODEL"), Some("DEFAULT"));
    assert_eq!(f.string("BELT_DYNAMICS"), Some("NO"));
    assert_eq!(f.string("LENGTH"), Some("meter"));
    assert_eq!(f.version, MfVersion::Mf52);
    // The one warning: Fx changes sign with load (issue 12). By hand: Kxκ/Fz =
    // (PKX1 + PKX2·dfz)·exp(PKX3·dfz) is 0 at dfz = 14.848/9.8161 = 1.5126, i.e. at
    // Fz = LFZO·FNOMIN·(1 + dfz) = 0.580904846·35000·2.5126 = 51 085 N = 1.46·FNOMIN, inside
    // the sweep interval 50 750–52 500 N (1.45–1.50·FNOMIN).
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    let w = &warnings[0];
    assert_eq!(
        (w.section.as_str(), w.line),
        ("LONGITUDINAL_COEFFICIENTS", 94)
    );
    assert!(
        w.message.starts_with("Fx changes sign with load")
            && w.message.contains("between 50750 and 52500 N"),
        "{w}"
    );
}

#[test]
fn mf_parse_units_mm_kn() {
    let text = "[UNITS]\nLENGTH = 'mm'\nFORCE='kN'\nANGLE = 'degree'\nTIME = 'second'\n\
                [MODEL]\nPROPERTY_FILE_FORMAT = 'PAC2002'\nLONGVL = 16700 $mm/s\n\
                [DIMENSION]\nUNLOADED_RADIUS = 376\n[VERTICAL]\nFNOMIN = 3.8\nVERTICAL_STIFFNESS = 0.175\n\
                [SLIP_ANGLE_RANGE]\nALPMAX = 90\n[VERTICAL_FORCE_RANGE]\nFZMAX = 8.55\n\
                [LONG_SLIP_RANGE]\nKPUMAX = 1.5\n[LATERAL_COEFFICIENTS]\nPHY1 = 0.0024749\n";
    let (f, w) = TirFile::parse(&format!("{text}{COEFFS}"), "units.tir").unwrap();
    let c = &f.coefficients;
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs().max(1.0);
    assert!(close(c.unloaded_radius, 0.376), "{}", c.unloaded_radius); // m
    assert!(close(c.fnomin, 3800.0), "{}", c.fnomin); // N
    assert!(close(c.fzmax, 8550.0), "{}", c.fzmax);
    assert!(close(c.vertical_stiffness, 175_000.0)); // 0.175 kN/mm -> N/m
    assert!(close(c.longvl, 16.7)); // mm/s -> m/s
    assert!(close(c.alpmax, std::f64::consts::FRAC_PI_2)); // degree -> rad
    assert_eq!(c.kpumax, 1.5); // dimensionless: unchanged
    assert_eq!(c.phy1, 0.0024749); // MF coefficients are never converted
    assert!(w.is_empty(), "{w:?}");
}

#[test]
fn mf_parse_warns_on_unknown_keys_and_sections() {
    let text = format!(
        "{MINIMAL}FOO_BAR = 1 $unknown\n[MY_SECTION]\nX = 1\nfree text in an unknown section\n\
         [LATERAL_COEFFICIENTS]\nPCY1 = 1.3\nPCY1 = 1.4\nPDY1 = 0.9\nPKY1 = -15\nPKY2 = 1.8\n\
         [LONGITUDINAL_COEFFICIENTS]\nPCX1 = 1.6\nPDX1 = 1.0\nPKX1 = 20\n"
    );
    let (f, w) = TirFile::parse(&text, "w.tir").unwrap();
    assert_eq!(f.coefficients.pcy1, 1.4, "last duplicate wins");
    let keys: Vec<(&str, &str, usize)> = w
        .iter()
        .map(|w| (w.section.as_str(), w.key.as_str(), w.line))
        .collect();
    assert_eq!(
        keys,
        vec![
            ("VERTICAL", "FOO_BAR", 7),
            ("MY_SECTION", "", 8),
            ("LATERAL_COEFFICIENTS", "PCY1", 13)
        ],
        "{w:#?}"
    );
    assert_eq!(
        w[0].to_string(),
        "line 7: [VERTICAL] key FOO_BAR: unknown key, ignored"
    );
}

#[test]
fn mf_parse_fittyp_policy() {
    let v = |extra: &str| {
        TirFile::parse(&format!("{MINIMAL}[MODEL]\n{extra}\n{COEFFS}"), "v.tir")
            .map(|(f, w)| (f.version, w.len()))
    };
    assert_eq!(v("FITTYP = 6").unwrap(), (MfVersion::Mf52, 0));
    assert_eq!(v("FITTYP = 21").unwrap(), (MfVersion::Mf52, 0));
    assert_eq!(v("FITTYP = 61").unwrap(), (MfVersion::Mf61, 0));
    assert_eq!(v("FITTYP = 62").unwrap(), (MfVersion::Mf62, 0));
    let e = v("FITTYP = 5").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (8, "FITTYP"), "{e}");
    // No FITTYP and an unrecognised format: MF 5.2 with a warning.
    let text = format!("{}{COEFFS}", MINIMAL.replace("PAC2002", "USER"));
    let (f, w) = TirFile::parse(&text, "u.tir").unwrap();
    assert_eq!(f.version, MfVersion::Mf52);
    assert_eq!(w.len(), 1, "{w:?}");
}

fn err(text: &str) -> skidpad::tire::mf::TirError {
    TirFile::parse(text, "bad.tir").unwrap_err()
}

#[test]
fn mf_parse_errors_name_file_line_and_key() {
    let e = err(&format!(
        "{MINIMAL}[LONGITUDINAL_COEFFICIENTS]\nPCX1 = abc\n"
    ));
    assert_eq!((e.line, e.key.as_str()), (8, "PCX1"));
    assert_eq!(
        e.to_string(),
        "bad.tir:8: key PCX1: malformed number \"abc\""
    );

    let e = err(&format!(
        "{MINIMAL}[LONGITUDINAL_COEFFICIENTS]\r\nPCX1 = 1.2.3 $x\r\n"
    ));
    assert_eq!((e.line, e.key.as_str()), (8, "PCX1"), "{e}");

    let e = err(&format!(
        "{MINIMAL}[LONGITUDINAL_COEFFICIENTS]\nPCX1 = 1 2\n"
    ));
    assert_eq!((e.line, e.key.as_str()), (8, "PCX1"), "{e}");

    let e = err(&format!("{MINIMAL}[LONGITUDINAL_COEFFICIENTS]\nPCX1 =\n"));
    assert_eq!((e.line, e.key.as_str()), (8, "PCX1"), "{e}");

    let e = err(&format!(
        "{MINIMAL}[LONGITUDINAL_COEFFICIENTS]\nPCX1 = nan\n"
    ));
    assert_eq!((e.line, e.key.as_str()), (8, "PCX1"), "{e}");

    // A quoted value for a numeric key.
    let e = err(&format!(
        "{MINIMAL}[LONGITUDINAL_COEFFICIENTS]\nPCX1 = '1.5'\n"
    ));
    assert_eq!((e.line, e.key.as_str()), (8, "PCX1"), "{e}");

    // Unterminated quote.
    let e = err("[MODEL]\nPROPERTY_FILE_FORMAT = 'PAC2002\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n");
    assert_eq!((e.line, e.key.as_str()), (2, "PROPERTY_FILE_FORMAT"), "{e}");
    assert!(e.message.contains("unterminated"), "{e}");

    // A line with no `=` outside a table.
    let e = err(&format!("{MINIMAL}[LATERAL_COEFFICIENTS]\nPCY1 1.3\n"));
    assert_eq!((e.line, e.key.as_str()), (8, ""), "{e}");
    assert!(
        e.to_string().starts_with("bad.tir:8: expected KEY = value"),
        "{e}"
    );

    // Missing FNOMIN: reported at the last line of the file.
    let e = err(
        "[MODEL]\nPROPERTY_FILE_FORMAT = 'PAC2002'\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n$ end\n",
    );
    assert_eq!((e.line, e.key.as_str()), (5, "FNOMIN"), "{e}");
    assert_eq!(
        e.to_string(),
        "bad.tir:5: key FNOMIN: required keys missing (end of file reached): [VERTICAL] FNOMIN \
         (the file has no such section); [LONGITUDINAL_COEFFICIENTS] PCX1, PDX1, PKX1 (the file \
         has no such section); [LATERAL_COEFFICIENTS] PCY1, PDY1, PKY1, PKY2 (the file has no \
         such section); without them Fx or Fy is identically 0 or undefined"
    );
    let e = err(&format!("[VERTICAL]\nFNOMIN = 4000\n{COEFFS}"));
    assert_eq!(e.key, "UNLOADED_RADIUS", "{e}");
    let e = err(&format!(
        "{}{COEFFS}",
        MINIMAL.replace("FNOMIN = 4000", "FNOMIN = -4000")
    ));
    assert_eq!((e.line, e.key.as_str()), (6, "FNOMIN"), "{e}");

    // Unknown unit, empty validity range, unterminated section header.
    let e = err(&format!("[UNITS]\nLENGTH = 'furlong'\n{MINIMAL}"));
    assert_eq!((e.line, e.key.as_str()), (2, "LENGTH"), "{e}");
    let e = err(&format!(
        "{MINIMAL}[LONG_SLIP_RANGE]\nKPUMIN = 1\nKPUMAX = -1\n{COEFFS}"
    ));
    assert_eq!((e.line, e.key.as_str()), (9, "KPUMAX"), "{e}");
    let e = err(&format!("{MINIMAL}[LATERAL_COEFFICIENTS\nPCY1 = 1\n"));
    assert_eq!(e.line, 7, "{e}");

    // Unreadable file: line 0.
    let e = TirFile::from_path(data("does_not_exist.tir")).unwrap_err();
    assert_eq!(e.line, 0);
    assert!(
        e.to_string()
            .contains("does_not_exist.tir: cannot read file"),
        "{e}"
    );
}

#[test]
fn mf_parse_tolerates_format_variants() {
    // Tabs, CRLF, `!` trailing comment after a number, Fortran exponent, table without
    // a known header, empty lines, unquoted word value for a string key.
    let text = "[MODEL]\r\nPROPERTY_FILE_FORMAT\t=\t'PAC2002'   \r\nTYRESIDE = LEFT\r\n\r\n\
                [DIMENSION]\r\nUNLOADED_RADIUS=0.3 ! radius\r\n[SHAPE]\r\n{radial width}\r\n 1.0 0.0\r\n 0.9 1.0\r\n\
                [VERTICAL]\r\nFNOMIN = 4.0D+03\r\n";
    let (f, w) = TirFile::parse(&format!("{text}{COEFFS}"), "v.tir").unwrap();
    assert_eq!(f.coefficients.unloaded_radius, 0.3);
    assert_eq!(f.coefficients.fnomin, 4000.0);
    assert_eq!(f.tyre_side.as_deref(), Some("LEFT"));
    assert!(w.is_empty(), "{w:?}");
}
