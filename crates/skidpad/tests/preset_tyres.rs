//! Every preset's fitted tyre against the real `.tir` file it was fitted to
//! (`skidpad::presets::tyres`): at each axle's static wheel load, the simplified Magic
//! Formula's slip stiffness (longitudinal and lateral), lateral peak and peak slip equal the
//! full Magic Formula's from the file (this crate's MF, equal to MFeval to 1e-12 N).
//!
//! Tolerances: 0.5 % on slip stiffness and the lateral peak (the fitted B, E, µ₀ and λ_µ are
//! rounded to 3–4 significant digits, ≤ 0.05 %; the simple model's µ(F_z) is linear where
//! the file's PDY1 + PDY2·dfz is too), 0.002 on the peak slip (the search grid is 0.00003).

use skidpad::presets;
use skidpad::tire::mf::{MfInput, MfTire, TirFile};
use skidpad::tire::{SimpleMagicParams, SlipInput, TireModel, TireModelKind};

fn tir(name: &str) -> MfTire {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    MfTire::from(TirFile::from_path(&path).unwrap().0)
}

/// Slope at zero slip, peak force and peak slip of `f` on (0, x_max]. Units: N per unit
/// slip (N/rad), N, 1 (rad).
fn features(f: &dyn Fn(f64) -> f64, x_max: f64) -> (f64, f64, f64) {
    let h = 1e-6;
    let k = (f(h) - f(-h)) / (2.0 * h);
    let (mut xm, mut d) = (0.0, 0.0);
    for i in 1..=20_000 {
        let x = x_max * f64::from(i) / 20_000.0;
        let y = f(x);
        if y > d {
            (d, xm) = (y, x);
        }
    }
    (k, d, xm)
}

fn simple(p: &skidpad::VehicleParams, wheel: usize) -> SimpleMagicParams {
    match &p.wheels[wheel].tire.model {
        TireModelKind::SimpleMagic(s) => s.clone(),
        m => panic!("{} wheel {wheel}: {}", p.name, m.key()),
    }
}

fn check(name: &str, mf: &MfTire, s: &SimpleMagicParams, fz: f64) {
    let ev_mf = |kappa: f64, alpha: f64| {
        mf.steady_state(MfInput {
            fz,
            kappa,
            alpha,
            vx: 20.0,
            ..MfInput::default()
        })
    };
    let ev_s = |kappa: f64, alpha: f64| {
        s.steady_state(&SlipInput {
            fz,
            kappa,
            alpha,
            vx: 20.0,
            ..SlipInput::default()
        })
    };
    let lon_mf = features(&|k| ev_mf(k, 0.0).fx, 1.0);
    let lon_s = features(&|k| ev_s(k, 0.0).fx, 1.0);
    let lat_mf = features(&|a| -ev_mf(0.0, a).fy, 0.6);
    let lat_s = features(&|a| -ev_s(0.0, a).fy, 0.6);
    println!(
        "{name} at {fz:.0} N: Kx {:.0}/{:.0} N, Ky {:.0}/{:.0} N/rad, Fy peak {:.0}/{:.0} N at \
         {:.4}/{:.4} rad, Fx peak at {:.4}/{:.4} (file/fit)",
        lon_mf.0,
        lon_s.0,
        lat_mf.0,
        lat_s.0,
        lat_mf.1,
        lat_s.1,
        lat_mf.2,
        lat_s.2,
        lon_mf.2,
        lon_s.2
    );
    let rel = |a: f64, b: f64| (a - b).abs() / b.abs();
    assert!(rel(lon_s.0, lon_mf.0) < 0.005, "{name}: Kx");
    assert!(rel(lat_s.0, lat_mf.0) < 0.005, "{name}: Ky");
    assert!(rel(lat_s.1, lat_mf.1) < 0.005, "{name}: Fy peak");
    assert!((lat_s.2 - lat_mf.2).abs() < 0.002, "{name}: α at the peak");
    assert!((lon_s.2 - lon_mf.2).abs() < 0.002, "{name}: κ at the peak");
}

#[test]
fn fitted_tyres_match_their_tir_files() {
    let g = 9.81;
    let sedan_tir = tir("Sedan_Pac02Tire.tir");
    let mf185 = tir("mf_185_80R14.tir");
    let hmmwv = tir("HMMWV_Pac02Tire.tir");
    // (preset, wheel index, its .tir, static wheel load m·g·share/2 in N)
    let cases: [(skidpad::VehicleParams, usize, &MfTire, f64); 9] = [
        (
            presets::sedan(),
            0,
            &sedan_tir,
            1500.0 * g * (1.5 / 2.7) / 2.0,
        ),
        (
            presets::sedan(),
            2,
            &sedan_tir,
            1500.0 * g * (1.2 / 2.7) / 2.0,
        ),
        (
            presets::hatch_fwd(),
            0,
            &mf185,
            1250.0 * g * (1.57 / 2.58) / 2.0,
        ),
        (
            presets::hatch_fwd(),
            2,
            &mf185,
            1250.0 * g * (1.01 / 2.58) / 2.0,
        ),
        (presets::sports_rwd(), 0, &sedan_tir, 1450.0 * g / 4.0),
        (
            presets::rally_4wd(),
            0,
            &sedan_tir,
            1230.0 * g * (1.39 / 2.54) / 2.0,
        ),
        (
            presets::rally_4wd(),
            2,
            &sedan_tir,
            1230.0 * g * (1.15 / 2.54) / 2.0,
        ),
        (presets::truck_6x6(), 0, &hmmwv, 15_000.0 * g / 6.0),
        (presets::truck_8x8(), 0, &hmmwv, 20_000.0 * g / 8.0),
    ];
    for (p, w, mf, fz) in cases {
        check(&format!("{} wheel {w}", p.name), mf, &simple(&p, w), fz);
    }
}

/// The kart's tyre: `Sedan_Pac02Tire.tir` scaled with the Magic Formula's own factors
/// (`presets::tyres`): LFZO × 420/3928.5 (F′z0 = 420 N), LMUX = LMUY = LKX = LKY = 1.3/1.012.
/// Each axle's fit against that scaled MF at its static wheel load (chassis share plus the
/// 3 kg wheel: CoM 0.1 m behind mid-wheelbase on 1.05 m).
#[test]
fn the_karts_tyre_matches_the_scaled_sedan_tir() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/Sedan_Pac02Tire.tir");
    let file = TirFile::from_path(&path).unwrap().0;
    let mut c = file.coefficients.clone();
    let f = 1.3 / 1.012;
    c.lfzo *= 420.0 / (c.lfzo * c.fnomin);
    c.lmux *= f;
    c.lmuy *= f;
    c.lkx *= f;
    c.lky *= f;
    let mf = MfTire::new(c, file.version);
    let g = 9.81;
    let p = presets::kart();
    check(
        "kart front",
        &mf,
        &simple(&p, 0),
        160.0 * g * (0.425 / 1.05) / 2.0 + 3.0 * g,
    );
    check(
        "kart rear",
        &mf,
        &simple(&p, 2),
        160.0 * g * (0.625 / 1.05) / 2.0 + 3.0 * g,
    );
}

#[test]
fn every_preset_but_the_tank_and_sedan_simple_has_a_peaked_load_sensitive_tyre() {
    for p in [
        presets::kart(),
        presets::sedan(),
        presets::hatch_fwd(),
        presets::sports_rwd(),
        presets::rally_4wd(),
        presets::truck_6x6(),
        presets::truck_8x8(),
    ] {
        for w in 0..p.wheels.len() {
            let s = simple(&p, w);
            // Load sensitivity: µ falls with load (λ_µ < 0) ...
            assert!(s.load_sensitivity < 0.0, "{} wheel {w}", p.name);
            // ... and a peak: the force at twice the peak slip is below the peak.
            let at = |a: f64| {
                -s.steady_state(&SlipInput {
                    fz: s.nominal_load,
                    alpha: a,
                    vx: 20.0,
                    ..SlipInput::default()
                })
                .fy
            };
            let am = s.lateral.peak_slip();
            assert!(at(2.0 * am) < 0.99 * at(am), "{} wheel {w}", p.name);
        }
    }
    assert!(matches!(
        presets::sedan_simple().wheels[0].tire.model,
        TireModelKind::FrictionCircle(_)
    ));
}
