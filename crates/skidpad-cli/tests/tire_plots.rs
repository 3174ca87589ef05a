//! The tire plots are valid SVG with one curve per load, for every built-in model.

use skidpad::tire::{BrushParams, SimpleMagicParams, SlipCurveParams, TireModel};
use skidpad_cli::tire_cmd::plot_model;

#[test]
fn every_builtin_model_plots_four_valid_svgs() {
    let models: [(&str, Box<dyn TireModel>); 3] = [
        ("slip_curve", Box::new(SlipCurveParams::default())),
        ("brush", Box::new(BrushParams::default())),
        ("simple_magic", Box::new(SimpleMagicParams::default())),
    ];
    for (name, model) in models {
        let dir =
            std::env::temp_dir().join(format!("skidpad-tire-plot-{}-{name}", std::process::id()));
        let files = plot_model(model.as_ref(), 4000.0, 16.7, &dir).unwrap();
        assert_eq!(files.len(), 4);
        for f in &files {
            let svg = std::fs::read_to_string(f).unwrap();
            assert!(
                svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
                "{}",
                f.display()
            );
            // One polyline per series: three loads (or four slip angles for the ellipse).
            assert!(svg.matches("<polyline").count() >= 3, "{}", f.display());
            assert!(!svg.contains("NaN"), "{}", f.display());
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
