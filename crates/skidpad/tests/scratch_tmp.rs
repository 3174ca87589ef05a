#![allow(missing_docs)]
use skidpad::maneuver::standard;
use skidpad::presets;
#[test]
fn scratch() {
    let mut line = String::new();
    for (name, p) in [
        ("sedan", presets::sedan()),
        ("kart", presets::kart()),
        ("rally", presets::rally_4wd()),
        ("truck", presets::truck_6x6()),
        ("tank", presets::tank()),
        ("hatch", presets::hatch_fwd()),
        ("sports", presets::sports_rwd()),
        ("8x8", presets::truck_8x8()),
    ] {
        let c = standard::steady_state_circle(&p, 40.0).unwrap();
        line += &format!(
            "{name}: ay {:.2} K {:.3} n {}; ",
            c.max_lateral_accel_mps2,
            c.understeer_gradient_deg_per_g,
            c.points.len()
        );
    }
    println!("{line}");
}
