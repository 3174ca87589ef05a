//! Scenario ground kind `heightfield`: a grayscale PNG becomes the ground with the documented
//! orientation (columns along +x, row 0 at the +y edge) and scale (black = `height_min`,
//! white = `height_max`), for 8- and 16-bit images; a car settles on it as on a plane; bad
//! images and keys are errors naming the file, the line and the key.

use skidpad::ground::{Ground, Plane};
use skidpad::vehicle::Vehicle;
use skidpad::{DQuat, DVec3, Pose};
use skidpad_cli::scenario::Scenario;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory for this test process.
fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skidpad-hf-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Write a `width × height` PNG whose sample `k` of pixel (column `c`, row `r`) is
/// `value(c, r, k)`.
fn write_png(
    path: &Path,
    (width, height): (u32, u32),
    color: png::ColorType,
    depth: png::BitDepth,
    value: impl Fn(u32, u32, usize) -> u16,
) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut enc = png::Encoder::new(file, width, height);
    enc.set_color(color);
    enc.set_depth(depth);
    let mut data = Vec::new();
    for r in 0..height {
        for c in 0..width {
            for k in 0..color.samples() {
                let v = value(c, r, k);
                match depth {
                    png::BitDepth::Sixteen => data.extend_from_slice(&v.to_be_bytes()),
                    _ => data.push(u8::try_from(v).unwrap()),
                }
            }
        }
    }
    let mut w = enc.write_header().unwrap();
    w.write_image_data(&data).unwrap();
    w.finish().unwrap();
}

/// Grayscale at 8 or 16 bits: `level(c, r)` in steps of 1/5 of full scale (51 or 13 107).
fn write_gray(path: &Path, size: (u32, u32), bits16: bool, level: impl Fn(u32, u32) -> u16) {
    let (depth, step) = if bits16 {
        (png::BitDepth::Sixteen, 13_107)
    } else {
        (png::BitDepth::Eight, 51)
    };
    write_png(path, size, png::ColorType::Grayscale, depth, |c, r, _| {
        level(c, r) * step
    });
}

/// Ground height under (x, y) by a vertical ray from 100 m, `None` off the ground.
fn height(ground: &dyn Ground, x: f64, y: f64) -> Option<f64> {
    ground
        .cast_ray(DVec3::new(x, y, 100.0), -DVec3::Z, 200.0)
        .map(|h| h.point.z)
}

fn scenario_with(dir: &Path, name: &str, ground: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!("vehicle = \"sedan\"\nduration = 1.0\n[ground]\n{ground}"),
    )
    .unwrap();
    path
}

#[test]
fn ramps_along_x_and_y_pin_scale_and_orientation() {
    let dir = tmp_dir("ramps");
    for bits16 in [false, true] {
        // x ramp: 6 × 2 pixels, level = column c (gray 51·c of 255, or 13 107·c of 65 535, so
        // column 5 is white). size 12 × 4 m → Δ = 2 m; centre (4, 0): column c's centre is at
        // x = 4 − 6 + (c + ½)·2 = 2c − 1, rows at y = 0 + 2 − (r + ½)·2 = 1 − 2r. Heights
        // −1 + 5·(c/5) = c − 1, i.e. z = (x − 1)/2 on x ∈ [−1, 9], y ∈ [−1, 1].
        let png = dir.join(format!("x{}.png", u8::from(bits16)));
        write_gray(&png, (6, 2), bits16, |c, _| c as u16);
        let sc = scenario_with(
            &dir,
            "x.toml",
            &format!(
                "kind = \"heightfield\"\npng = \"{}\"\nsize_x = 12.0\nsize_y = 4.0\nheight_min = -1.0\nheight_max = 4.0\norigin_x = 4.0\n",
                png.file_name().unwrap().to_str().unwrap()
            ),
        );
        let s = Scenario::from_path(&sc).unwrap();
        let g = s.ground().unwrap();
        for (x, y, z) in [
            (-1.0, 0.0, -1.0), // corner-column centre: black
            (0.0, 0.0, -0.5),
            (2.6, 0.3, 0.8),
            (9.0, -1.0, 4.0), // last column, last row: white
            (8.5, 0.99, 3.75),
        ] {
            let h = height(&g, x, y).unwrap_or_else(|| panic!("no ground at ({x}, {y})"));
            assert!(
                (h - z).abs() < 1e-9,
                "16-bit {bits16}: ({x}, {y}) {h} vs {z}"
            );
        }
        // Beyond the outer pixel centres there is no ground.
        for (x, y) in [(9.01, 0.0), (-1.01, 0.0), (0.0, 1.01), (0.0, -1.01)] {
            assert!(height(&g, x, y).is_none(), "({x}, {y})");
        }

        // y ramp: 2 × 6 pixels, level = 5 − r (row 0, the top of the picture, white). Size
        // 4 × 12 m → Δ = 2 m; centre (0, 1): columns at x = 2c − 1, row r at
        // y = 1 + 6 − (r + ½)·2 = 6 − 2r. Height 4 − r = 4 − (6 − y)/2 = 1 + y/2 on
        // y ∈ [−4, 6]: the ground rises towards +y, the top of the picture.
        let png = dir.join(format!("y{}.png", u8::from(bits16)));
        write_gray(&png, (2, 6), bits16, |_, r| 5 - r as u16);
        let sc = scenario_with(
            &dir,
            "y.toml",
            &format!(
                "kind = \"heightfield\"\npng = \"{}\"\nsize_x = 4.0\nsize_y = 12.0\nheight_min = -1.0\nheight_max = 4.0\norigin_y = 1.0\n",
                png.file_name().unwrap().to_str().unwrap()
            ),
        );
        let s = Scenario::from_path(&sc).unwrap();
        let g = s.ground().unwrap();
        for (x, y, z) in [
            (0.0, -4.0, -1.0), // bottom row: black
            (0.0, 0.0, 1.0),
            (0.3, 2.6, 2.3),
            (-1.0, 6.0, 4.0), // top row, left column: white
            (0.5, -3.5, -0.75),
        ] {
            let h = height(&g, x, y).unwrap_or_else(|| panic!("no ground at ({x}, {y})"));
            assert!(
                (h - z).abs() < 1e-9,
                "16-bit {bits16}: ({x}, {y}) {h} vs {z}"
            );
        }
    }
}

#[test]
fn gray_stored_as_rgb_or_with_alpha_reads_like_gray() {
    // The 6 × 2 x ramp again as RGB (R = G = B = 51·c) and as gray + alpha (alpha ignored):
    // z = (x − 1)/2 as above.
    let dir = tmp_dir("rgb");
    let ground = |png: &str| {
        format!(
            "kind = \"heightfield\"\npng = \"{png}\"\nsize_x = 12.0\nsize_y = 4.0\nheight_min = -1.0\nheight_max = 4.0\norigin_x = 4.0\n"
        )
    };
    write_png(
        &dir.join("rgb.png"),
        (6, 2),
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        |c, _, _| 51 * c as u16,
    );
    write_png(
        &dir.join("ga.png"),
        (6, 2),
        png::ColorType::GrayscaleAlpha,
        png::BitDepth::Sixteen,
        |c, r, k| {
            if k == 0 {
                13_107 * c as u16
            } else {
                1000 * r as u16
            }
        },
    );
    for png in ["rgb.png", "ga.png"] {
        let s = Scenario::from_path(&scenario_with(&dir, "c.toml", &ground(png))).unwrap();
        let g = s.ground().unwrap();
        for (x, y) in [(0.0, 0.0), (2.6, 0.3), (9.0, -1.0)] {
            let h = height(&g, x, y).unwrap();
            assert!((h - (x - 1.0) / 2.0).abs() < 1e-9, "{png} ({x}, {y}) {h}");
        }
    }
}

#[test]
fn sedan_settles_on_a_grey_image_as_on_a_plane_at_that_height() {
    // A uniform gray 128 of 255 with black = 0 m and white = 2.55 m is flat ground at
    // z = 2.55·128/255 = 1.28 m.
    // (1) The sedan dropped from 5 cm above its start pose (wheel radius above the ground) on
    //     the scenario's ground settles, and at the height it settles at on a core `Plane` at
    //     1.28 m (1 mm).
    // (2) The scenario run itself (start pose at the image's height under (0, 0)) rests
    //     1.28 m above the same run on flat ground at 0 m (1 mm), with the same jounce per
    //     wheel (1 mm) and the same total wheel load (0.5 %).
    let dir = tmp_dir("grey");
    write_png(
        &dir.join("grey.png"),
        (40, 20),
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        |_, _, _| 128,
    );
    let head = "vehicle = \"sedan\"\nduration = 3.0\n";
    let hf = dir.join("grey.toml");
    std::fs::write(
        &hf,
        format!(
            "{head}[ground]\nkind = \"heightfield\"\npng = \"grey.png\"\nsize_x = 40.0\nsize_y = 20.0\nheight_min = 0.0\nheight_max = 2.55\n"
        ),
    )
    .unwrap();
    let h_ground = 1.28;
    let s = Scenario::from_path(&hf).unwrap();
    let params = s.vehicle_params().unwrap();
    let r = params.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);

    // (1) Drop and settle, 3 s at the scenario's step.
    let steps = (s.duration / s.dt).round() as usize;
    let drop = |ground: &dyn Ground| {
        let mut car = Vehicle::new(params.clone()).unwrap();
        car.teleport(Pose::new(
            DVec3::new(0.0, 0.0, h_ground + r + 0.05),
            DQuat::IDENTITY,
        ));
        let mut zs = Vec::with_capacity(steps);
        for _ in 0..steps {
            car.step(s.dt, ground);
            zs.push(car.state().chassis.pose.translation.z);
        }
        zs
    };
    let on_image = drop(&s.ground().unwrap());
    let on_plane = drop(&Plane::new(DVec3::new(0.0, 0.0, h_ground), DVec3::Z));
    let (z_image, z_plane) = (on_image[steps - 1], on_plane[steps - 1]);
    println!("settled z: image {z_image:.9} m, plane {z_plane:.9} m");
    // It fell (the drop is 5 cm), and the last half second moves it by less than 0.1 mm.
    assert!(on_image[0] > z_image + 0.01, "{} → {z_image}", on_image[0]);
    assert!(
        (z_image - on_image[steps - 61]).abs() < 1e-4,
        "not settled: {} → {z_image}",
        on_image[steps - 61]
    );
    assert!(
        (z_image - z_plane).abs() < 1e-3,
        "image {z_image} m vs plane {z_plane} m"
    );

    // (2) The scenario runs.
    let tel = s.run_schedule(params.clone()).unwrap();
    let z = tel.column("z_m").unwrap();
    let z_hf = tel.rows.last().unwrap()[z];
    let flat =
        Scenario::from_toml_str(&format!("{head}[ground]\nkind = \"flat\"\n"), "flat").unwrap();
    let tel0 = flat.run_schedule(params).unwrap();
    let z_flat = tel0.rows.last().unwrap()[z];
    assert!(
        (z_hf - h_ground - z_flat).abs() < 1e-3,
        "ride height {} m on the image vs {z_flat} m on flat ground",
        z_hf - h_ground
    );
    let (mut load_hf, mut load_flat) = (0.0, 0.0);
    for (k, name) in tel.names.iter().enumerate() {
        let (a, b) = (tel.rows.last().unwrap()[k], tel0.rows.last().unwrap()[k]);
        if name.ends_with("_jounce_m") {
            assert!((a - b).abs() < 1e-3, "{name}: {a} vs {b}");
        }
        if name.ends_with("_load_n") && !name.ends_with("tire_load_n") {
            load_hf += a;
            load_flat += b;
        }
    }
    assert!(load_flat > 1000.0, "{load_flat}");
    assert!(
        (load_hf - load_flat).abs() < 0.005 * load_flat,
        "{load_hf} N vs {load_flat} N"
    );
}

#[test]
fn bad_heightfields_name_file_line_and_key() {
    let dir = tmp_dir("bad");
    write_png(
        &dir.join("ok.png"),
        (4, 2),
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        |c, _, _| 60 * c as u16,
    );
    write_png(
        &dir.join("thin.png"),
        (1, 5),
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        |_, _, _| 0,
    );
    write_png(
        &dir.join("red.png"),
        (3, 3),
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        |c, r, k| if (c, r, k) == (2, 1, 0) { 200 } else { 10 },
    );
    std::fs::write(dir.join("fake.png"), "this is not an image\n").unwrap();
    // A good ground: 4 × 2 pixels on 8 × 4 m, centred on (0, 0). Line numbers below count
    // from the scenario's first line (`vehicle`, `duration`, `[ground]` come first).
    let good = "kind = \"heightfield\"\npng = \"ok.png\"\nsize_x = 8.0\nsize_y = 4.0\nheight_min = 0.0\nheight_max = 1.0\n";
    let lines = |k: &str| 3 + good.lines().position(|l| l.starts_with(k)).unwrap() + 1;
    let path = scenario_with(&dir, "good.toml", good);
    Scenario::from_path(&path).unwrap();
    let expect = |ground: &str, line: usize, key: &str, words: &[&str]| {
        let path = scenario_with(&dir, "bad.toml", ground);
        let e = Scenario::from_path(&path).unwrap_err();
        let head = format!("{}:{line}:1: ground.{key}: ", path.display());
        assert!(e.starts_with(&head), "expected `{head}…`, got `{e}`");
        for w in words {
            assert!(e.contains(w), "`{e}` lacks `{w}`");
        }
    };
    // Missing file, not a PNG, too small, coloured pixel: at the `png` line, naming the path.
    let with_png = |p: &str| good.replace("ok.png", p);
    expect(
        &with_png("nowhere.png"),
        lines("png"),
        "png",
        &["nowhere.png", "cannot open"],
    );
    expect(
        &with_png("fake.png"),
        lines("png"),
        "png",
        &["fake.png", "not a readable PNG"],
    );
    expect(
        &with_png("thin.png"),
        lines("png"),
        "png",
        &["1 × 5", "at least 2 × 2"],
    );
    expect(
        &with_png("red.png"),
        lines("png"),
        "png",
        &["column 2, row 1", "not gray", "grayscale"],
    );
    // Numbers.
    expect(
        &good.replace("size_x = 8.0", "size_x = 0.0"),
        lines("size_x"),
        "size_x",
        &["> 0"],
    );
    expect(
        &good.replace("size_y = 4.0", "size_y = -4.0"),
        lines("size_y"),
        "size_y",
        &["> 0"],
    );
    expect(
        &good.replace("size_y = 4.0", "size_y = nan"),
        lines("size_y"),
        "size_y",
        &["finite"],
    );
    expect(
        &good.replace("height_max = 1.0", "height_max = 0.0"),
        lines("height_max"),
        "height_max",
        &["> height_min"],
    );
    expect(
        &good.replace("height_min = 0.0", "height_min = 2.0"),
        lines("height_max"),
        "height_max",
        &["> height_min = 2 m"],
    );
    // Non-square pixels: 8 m / 4 px = 2 m but 5 m / 2 px = 2.5 m; the fix is 4 m.
    expect(
        &good.replace("size_y = 4.0", "size_y = 5.0"),
        lines("size_y"),
        "size_y",
        &["square", "size_y = 4"],
    );
    // The start (0, 0) off the image: the ground spans x ∈ [−3, 3] around its centre.
    expect(
        &format!("{good}origin_x = 10.0\n"),
        lines("height_max") + 1,
        "origin_x",
        &["(0, 0)", "x ∈ [7, 13]"],
    );
    expect(
        &format!("{good}origin_y = -1.5\n"),
        lines("height_max") + 1,
        "origin_y",
        &["(0, 0)"],
    );
    // A missing key: at the `kind` line.
    expect(
        &good.replace("size_x = 8.0\n", ""),
        lines("kind"),
        "size_x",
        &["required"],
    );
    // A heightfield key on another kind is a mistake (forgotten `kind`?).
    expect(
        &good.replace("kind = \"heightfield\"", "kind = \"flat\""),
        lines("png"),
        "png",
        &["only used with kind = \"heightfield\""],
    );
    // Unknown keys stay errors.
    let e = Scenario::from_path(&scenario_with(&dir, "u.toml", &format!("{good}pngg = 1\n")))
        .unwrap_err();
    assert!(e.contains(":10:") && e.contains("pngg"), "{e}");
}

#[test]
fn example_heightfield_scenario_runs_through_the_binary() {
    // The committed example: the sedan drives over the rolling image terrain. The binary
    // succeeds, reports finite numbers, the car moved forward, stayed on the image and its
    // height followed the hills.
    let sc = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/heightfield.toml");
    let out = tmp_dir("example");
    let o = Command::new(env!("CARGO_BIN_EXE_skidpad"))
        .arg("run")
        .arg(&sc)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    // The schedule's table: "final x, y   X, Y m", "final forward speed   V m/s".
    let num = |tag: &str| -> f64 {
        let rest = &stdout[stdout.find(tag).unwrap_or_else(|| panic!("{stdout}")) + tag.len()..];
        rest.split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches(',')
            .parse()
            .unwrap()
    };
    let (x, vx) = (num("final x, y"), num("final forward speed"));
    assert!(x.is_finite() && vx.is_finite(), "{stdout}");
    assert!(x > 30.0, "the car should drive on: {stdout}");
    let text = std::fs::read_to_string(out.join("telemetry.csv")).unwrap();
    let mut lines = text.lines();
    let names: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |n: &str| names.iter().position(|c| *c == n).unwrap();
    let (cx, cz) = (col("x_m"), col("z_m"));
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|v| v.parse::<f64>().unwrap()).collect())
        .collect();
    assert!(rows.iter().all(|r| r.iter().all(|v| v.is_finite())));
    let s = Scenario::from_path(&sc).unwrap();
    let g = s.ground().unwrap();
    let (zlo, zhi) = rows
        .iter()
        .map(|r| r[cz])
        .fold((f64::MAX, f64::MIN), |(a, b), z| (a.min(z), b.max(z)));
    assert!(zhi - zlo > 0.2, "body height range {zlo}..{zhi}");
    for r in &rows {
        let y = r[col("y_m")];
        assert!(
            height(&g, r[cx], y).is_some(),
            "left the image at x = {}",
            r[cx]
        );
    }
}
