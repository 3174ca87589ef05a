//! The surface peak-slip scale (LibreRally `PeakSlipRatioScale`) on every built-in tyre model:
//! the longitudinal slip axis stretches, `F_s(κ, α) = F(κ/s, α)`
//! ([`skidpad::tire::interface::longitudinal_slip`]), so the peak moves to `s·κ_m`.

use skidpad::tire::interface::{SlipInput, TireModel};
use skidpad::tire::mf::{MfTire, TirFile};
use skidpad::tire::{
    BrushParams, FrictionCircleParams, SimpleMagicParams, SlipCurveParams, TireModelKind,
};

fn mf_tire() -> MfTire {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mf_185_80R14.tir");
    let (file, _) = TirFile::from_path(path).unwrap();
    MfTire::from(file)
}

fn models() -> Vec<(&'static str, TireModelKind)> {
    vec![
        (
            "friction_circle",
            TireModelKind::FrictionCircle(FrictionCircleParams::default()),
        ),
        (
            "slip_curve",
            TireModelKind::SlipCurve(SlipCurveParams::default()),
        ),
        ("brush", TireModelKind::Brush(BrushParams::default())),
        (
            "simple_magic",
            TireModelKind::SimpleMagic(SimpleMagicParams::default()),
        ),
        (
            "magic_formula",
            TireModelKind::MagicFormula(Box::new(mf_tire())),
        ),
    ]
}

fn input(kappa: f64, alpha: f64, scale: f64) -> SlipInput {
    SlipInput {
        fz: 4000.0,
        rest_load: 4000.0,
        kappa,
        alpha,
        vx: 20.0,
        peak_slip_scale: scale,
        ..SlipInput::default()
    }
}

#[test]
fn every_model_stretches_its_longitudinal_slip_axis() {
    // At scale 2 every model gives at κ what it gives unscaled at κ/2, pure and combined,
    // from small slip to past the peak; and the scale changes the force (it is read).
    for (name, kind) in models() {
        let m = kind.as_model();
        for &(k, a) in &[
            (0.01, 0.0),
            (0.1, 0.0),
            (0.4, 0.0),
            (-0.3, 0.05),
            (0.08, -0.1),
        ] {
            let scaled = m.steady_state(&input(k, a, 2.0));
            let plain = m.steady_state(&input(k / 2.0, a, 1.0));
            // Simple MF scales B (same curve, different rounding): 1e-6 N.
            assert!(
                (scaled.fx - plain.fx).abs() < 1e-6 && (scaled.fy - plain.fy).abs() < 1e-6,
                "{name} at κ = {k}, α = {a}: {scaled:?} vs {plain:?}"
            );
        }
        let small = |s| m.steady_state(&input(0.01, 0.0, s)).fx;
        assert!(
            (small(2.0) - small(1.0)).abs() > 1.0,
            "{name}: scale 2 left Fx at {} N",
            small(1.0)
        );
    }
}

#[test]
fn friction_circle_peak_moves_with_the_scale() {
    // C_κ = 18 per unit load, F_z = 4000 N, µ = 1: Fx = 18·4000·κ/s below µF_z = 4000 N.
    // κ = 0.01, s = 2: 360 N (720 N unscaled); the force reaches µF_z at κ = s/18 = 0.1111.
    let m = FrictionCircleParams::default();
    assert!((m.steady_state(&input(0.01, 0.0, 2.0)).fx - 360.0).abs() < 1e-9);
    assert!((m.steady_state(&input(0.01, 0.0, 1.0)).fx - 720.0).abs() < 1e-9);
    assert!((m.steady_state(&input(0.1, 0.0, 2.0)).fx - 3600.0).abs() < 1e-9);
    assert!((m.steady_state(&input(0.12, 0.0, 2.0)).fx - 4000.0).abs() < 1e-9);
}

#[test]
fn simple_magic_peak_slip_doubles() {
    // The simplified MF's longitudinal peak κ_m (from B, C, E): at s = 2 the force at 2·κ_m
    // is the unscaled peak D, and it is the maximum over the axis (grid of 1e-4).
    let p = SimpleMagicParams::default();
    let km = p.longitudinal.peak_slip();
    let peak = p.steady_state(&input(km, 0.0, 1.0)).fx;
    let at = |k| p.steady_state(&input(k, 0.0, 2.0)).fx;
    assert!((at(2.0 * km) - peak).abs() < 1e-6);
    let best = (1..10_000).map(|i| at(i as f64 * 1e-4)).fold(0.0, f64::max);
    assert!((best - peak).abs() < 1e-3 * peak, "{best} vs {peak}");
}
