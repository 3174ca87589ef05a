//! Every built-in vehicle file under `crates/skidpad-cli/vehicles/` loads, validates, and is
//! exactly (bit for bit) its Rust preset, so the two cannot drift apart.

use skidpad::VehicleParams;
use skidpad_cli::vehicles::{BUILT_IN, by_name, find, resolve};
use std::path::Path;

#[test]
fn every_file_equals_its_preset() {
    for b in BUILT_IN {
        let from_file = VehicleParams::from_toml_str(b.toml, &format!("{}.toml", b.name))
            .unwrap_or_else(|e| panic!("{e}"));
        from_file.validate().unwrap();
        let preset = (b.preset)();
        // Exact equality (PartialEq on every f64); on failure show the first differing part.
        if from_file != preset {
            let a = format!("{from_file:#?}");
            let p = format!("{preset:#?}");
            let line = a
                .lines()
                .zip(p.lines())
                .find(|(x, y)| x != y)
                .map(|(x, y)| format!("file: {x}\npreset: {y}"));
            panic!("{}.toml differs from its preset:\n{line:?}", b.name);
        }
    }
}

#[test]
fn shipped_files_are_the_embedded_ones() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("vehicles");
    let mut on_disk = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            on_disk += 1;
            let stem = path.file_stem().unwrap().to_str().unwrap();
            let b = find(stem).unwrap_or_else(|| panic!("{stem}.toml is not embedded"));
            assert_eq!(std::fs::read_to_string(&path).unwrap(), b.toml);
            assert_eq!(VehicleParams::from_toml_path(&path).unwrap(), (b.preset)());
        }
    }
    assert_eq!(on_disk, BUILT_IN.len());
    for name in [
        "sedan",
        "hatch-fwd",
        "sports-rwd",
        "rally-4wd",
        "truck-6x6",
        "kart",
        "tank",
    ] {
        assert!(by_name(name).is_some(), "{name}");
    }
}

#[test]
fn names_and_paths_resolve() {
    assert_eq!(by_name("hatch_fwd"), by_name("hatch-fwd"));
    assert!(by_name("bus").is_none());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("vehicles/kart.toml");
    assert_eq!(
        resolve(path.to_str().unwrap()).unwrap(),
        skidpad::presets::kart()
    );
    let e = resolve("no/such/vehicle.toml").unwrap_err();
    assert_eq!(e.line, 0);
    // Neither a built-in name nor a file: the message lists the built-in names.
    assert!(
        e.to_string().starts_with(
            "no/such/vehicle.toml: no built-in vehicle or file `no/such/vehicle.toml`: \
             built-in vehicles are sedan, "
        ),
        "{e}"
    );
    // An existing file that can't be read as TOML text still says so.
    let dir = std::env::temp_dir().join(format!("skidpad-vf-dir-{}.toml", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let e = resolve(dir.to_str().unwrap()).unwrap_err();
    assert!(e.to_string().contains("cannot read"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
