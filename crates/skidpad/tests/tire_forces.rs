//! `TireModel::forces` (what the contact solve asks for at its zero-slip and force-limit
//! points, skipping moments and the curve not needed) returns, for every built-in model, the
//! very bits of `steady_state`'s `fx` and `fy` for the forces it is asked for: the contact
//! solve's results, and so every world hash, do not change with it.

mod support;

use skidpad::presets;
use skidpad::tire::mf::{MfTire, TirFile};
use skidpad::tire::{
    BrushParams, ForceNeed, FrictionCircleParams, SlipCurveParams, SlipInput, TireModel,
};
use support::data;

/// A deterministic spread of inputs: loads from 0 to 3× nominal, slips through the peak and
/// past full sliding on both sides, camber, speeds (standstill, reversing), surface scales,
/// and non-finite slips (sanitised to zero by the models).
fn inputs() -> Vec<SlipInput> {
    let mut out = Vec::new();
    let loads = [0.0, 150.0, 3800.0, 9000.0];
    let kappas = [0.0, 1e-5, -0.004, 0.03, -0.12, 0.6, -1.0, f64::NAN];
    let alphas = [0.0, -2e-5, 0.01, -0.07, 0.25, -1.2, f64::INFINITY];
    let extras = [
        (0.0, 12.0, 1.0, 1.0, 1.0),
        (0.03, 30.0, 0.6, 1.0, 1.4),
        (-0.05, -4.0, 1.0, 0.8, 1.0),
        (0.0, 0.0, 1.0, 1.0, 1.0),
    ];
    for &fz in &loads {
        for &kappa in &kappas {
            for &alpha in &alphas {
                for &(gamma, vx, friction_scale, stiffness_scale, peak_slip_scale) in &extras {
                    out.push(SlipInput {
                        fz,
                        kappa,
                        alpha,
                        gamma,
                        vx,
                        rest_load: 3800.0,
                        friction_scale,
                        stiffness_scale,
                        peak_slip_scale,
                        radius: 0.316,
                        omega: vx / 0.316,
                        ..SlipInput::default()
                    });
                }
            }
        }
    }
    out
}

fn check(name: &str, model: &dyn TireModel) {
    let cases = inputs();
    for s in &cases {
        let full = model.steady_state(s);
        let (fx, _) = model.forces(s, ForceNeed::Longitudinal);
        let (_, fy) = model.forces(s, ForceNeed::Lateral);
        let (bx, by) = model.forces(s, ForceNeed::Both);
        for (what, got, want) in [
            ("Fx alone", fx, full.fx),
            ("Fy alone", fy, full.fy),
            ("Fx of both", bx, full.fx),
            ("Fy of both", by, full.fy),
        ] {
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "{name}: {what} = {got:e}, steady_state gives {want:e} at {s:?}"
            );
        }
    }
    assert!(cases.len() > 800);
}

#[test]
fn forces_are_steady_states_bits_for_every_built_in_model() {
    check("friction circle", &FrictionCircleParams::default());
    check("slip curve", &SlipCurveParams::default());
    check("brush", &BrushParams::default());
    let sedan = presets::sedan();
    check(
        "sedan's simplified Magic Formula",
        sedan.wheels[0].tire.model.as_model(),
    );
    for file in [
        "Sedan_Pac02Tire.tir",
        "mf_185_80R14.tir",
        "HMMWV_Pac02Tire.tir",
    ] {
        let tire = MfTire::from(TirFile::from_path(data(file)).unwrap().0);
        check(file, &tire);
    }
}
