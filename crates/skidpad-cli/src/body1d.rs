//! `skidpad body1d`: the 1-D longitudinal model (VehicleBody spec) beside the 3-D one. The
//! runs live in the core ([`skidpad::body1d::coupled::side_by_side`]); this only prints.

use skidpad::body1d::coupled::SideBySide;

/// The side-by-side table: quantity, 1-D, 3-D, configured.
pub fn table(name: &str, s: &SideBySide) -> String {
    let f = |v: f64, digits: usize| {
        if v.is_finite() {
            format!("{v:.digits$}")
        } else {
            "not reached".to_string()
        }
    };
    let mut t = format!("1-D body (VehicleBody spec) beside the 3-D model: {name}\n");
    t.push_str(&format!(
        "{:<28} {:>12} {:>12} {:>12}\n",
        "quantity", "1-D", "3-D", "configured"
    ));
    t.push_str(&format!(
        "{:<28} {:>12} {:>12} {:>12}\n",
        "0-100 km/h (s)",
        f(s.t_0_100_1d_s, 3),
        f(s.t_0_100_3d_s, 3),
        "-"
    ));
    t.push_str(&format!(
        "{:<28} {:>12} {:>12} {:>12}\n",
        "coast-down C_d·A (m²)",
        f(s.cd_a_1d_m2, 4),
        f(s.cd_a_3d_m2, 4),
        f(s.cd_a_configured_m2, 4)
    ));
    t.push_str(&format!(
        "{:<28} {:>12} {:>12} {:>12}\n",
        "coast-down C_rr",
        f(s.crr_1d, 5),
        f(s.crr_3d, 5),
        f(s.crr_configured, 5)
    ));
    t
}
