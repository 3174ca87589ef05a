//! Heightfield grounds from grayscale PNG images (feature `files`; the command line's scenario
//! ground kind `heightfield`).
//!
//! The image is a map seen from above (z up, ISO 8855 world axes): **+x to the right, +y up the
//! picture**. Column 0 is the left edge (smallest x); row 0, the top of the picture, is the far
//! edge at the largest y; the last row is at the smallest y.
//!
//! The image covers `size_x × size_y` of ground centred on `(origin_x, origin_y)`; each
//! pixel is a `Δ × Δ` square (`Δ = size_x / width = size_y / height`, so the extent must
//! have the image's aspect ratio) whose height is sampled at its centre. The samples become a
//! [`HeightField`] with cell size `Δ`: pixel (column `c`, row `r`) of a `W × H` image sits at
//!
//! ```text
//! x = origin_x − size_x/2 + (c + ½)·Δ
//! y = origin_y + size_y/2 − (r + ½)·Δ
//! z = height_min + (height_max − height_min) · v / v_max
//! ```
//!
//! with `v` the pixel's gray value and `v_max` = 255 (8-bit) or 65 535 (16-bit): black is
//! `height_min`, white `height_max`, linear in between. Between pixel centres the ground is
//! the heightfield's two triangles per cell; the ground ends at the outer pixel centres, half a
//! pixel inside the image's extent, and there is none beyond.
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `W`, `H` | image width, height (≥ 2 each) | px |
//! | `Δ` | pixel size on the ground, the heightfield's cell size | m |
//! | `v`, `v_max` | gray value, its full scale | – |
//! | `z` | ground height, world z | m |
//!
//! Accepted images: grayscale at 1, 2, 4, 8 or 16 bits (low bit depths are scaled to 8 bits:
//! a 1-bit 1 is white), with or without alpha (alpha is ignored). RGB, RGBA and palette images
//! are accepted only if every pixel is gray (R = G = B, as some editors save gray pictures);
//! a coloured pixel is an error naming it, because no colour-to-height rule is obvious (save
//! the heightmap as grayscale).
//!
//! ```
//! use skidpad::ground::heightmap::{GrayImage, Placement, height_field};
//! // 3 × 2 pixels, 1 m each, centred on (0, 0); gray 0, 0.5, 1 left to right → 0, 1, 2 m.
//! let img = GrayImage { width: 3, height: 2, levels: vec![0.0, 0.5, 1.0, 0.0, 0.5, 1.0] };
//! let place = Placement { size_x: 3.0, size_y: 2.0, height_min: 0.0, height_max: 2.0,
//!                         origin_x: 0.0, origin_y: 0.0 };
//! let hf = height_field(&img, &place).unwrap();
//! assert!((hf.height_at(0.5, 0.0).unwrap() - 1.5).abs() < 1e-12);
//! ```

use super::HeightField;
use super::terrain::TerrainError;
use std::io::BufReader;
use std::path::Path;

/// Relative tolerance of the square-pixel check `size_x / W = size_y / H`.
pub const SQUARE_PIXEL_TOLERANCE: f64 = 1e-6;

/// A grayscale image as levels in `[0, 1]` (black 0, white 1).
#[derive(Debug, Clone, PartialEq)]
pub struct GrayImage {
    /// Pixels per row. Unit: px.
    pub width: usize,
    /// Rows. Unit: px.
    pub height: usize,
    /// `levels[r·width + c]` for row `r` (0 = top of the picture) and column `c`
    /// (0 = left). Range: [0, 1].
    pub levels: Vec<f64>,
}

/// Where an image lies on the ground and what its gray values mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// Extent along x covered by the image's width. Unit: m. Range: (0, ∞).
    pub size_x: f64,
    /// Extent along y covered by the image's height. Unit: m. Range: (0, ∞).
    pub size_y: f64,
    /// Height of black. Unit: m.
    pub height_min: f64,
    /// Height of white. Unit: m. Range: (`height_min`, ∞).
    pub height_max: f64,
    /// World x of the image's centre. Unit: m.
    pub origin_x: f64,
    /// World y of the image's centre. Unit: m.
    pub origin_y: f64,
}

impl Placement {
    /// Check the numbers alone (no image needed).
    ///
    /// # Errors
    /// At `size_x`, `size_y` (not finite and > 0), `height_min`, `height_max`,
    /// `origin_x`, `origin_y` (not finite), or `height_max` (≤ `height_min`).
    pub fn validate(&self) -> Result<(), TerrainError> {
        for (key, v) in [("size_x", self.size_x), ("size_y", self.size_y)] {
            if !(v.is_finite() && v > 0.0) {
                return Err(TerrainError::new(
                    key,
                    format!("must be finite and > 0 m (got {v})"),
                ));
            }
        }
        for (key, v) in [
            ("height_min", self.height_min),
            ("height_max", self.height_max),
            ("origin_x", self.origin_x),
            ("origin_y", self.origin_y),
        ] {
            if !v.is_finite() {
                return Err(TerrainError::new(key, format!("must be finite (got {v})")));
            }
        }
        let (lo, hi) = (self.height_min, self.height_max);
        if hi <= lo {
            return Err(TerrainError::new(
                "height_max",
                format!("must be > height_min = {lo} m (got {hi} m)"),
            ));
        }
        Ok(())
    }
}

/// Decode a PNG into gray levels; see the [module docs](self) for what is accepted.
///
/// # Errors
/// At key `png`: the file cannot be opened, is not a PNG (or is corrupt), is smaller than
/// 2 × 2 pixels, or has a coloured pixel. The message names the path.
pub fn read_png(path: &Path) -> Result<GrayImage, TerrainError> {
    let shown = path.display();
    let err = |m: String| TerrainError::new("png", format!("{shown}: {m}"));
    let file = std::fs::File::open(path).map_err(|e| err(format!("cannot open: {e}")))?;
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder
        .read_info()
        .map_err(|e| err(format!("not a readable PNG image: {e}")))?;
    let (w, h) = reader.info().size();
    let (width, height) = (w as usize, h as usize);
    if width < 2 || height < 2 {
        return Err(err(format!(
            "the image is {width} × {height} pixels; a heightfield needs at least 2 × 2"
        )));
    }
    let (color, depth) = reader.output_color_type();
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| err("the image is too large".into()))?;
    let mut buf = vec![0; size];
    let frame = reader
        .next_frame(&mut buf)
        .map_err(|e| err(format!("not a readable PNG image: {e}")))?;
    let (bytes, full_scale) = match depth {
        png::BitDepth::Eight => (1, f64::from(u8::MAX)),
        png::BitDepth::Sixteen => (2, f64::from(u16::MAX)),
        d => return Err(err(format!("unsupported bit depth {d:?} after expansion"))),
    };
    let channels = color.samples();
    let line = frame.line_size;
    let sample = |r: usize, c: usize, k: usize| -> u16 {
        let o = r * line + (c * channels + k) * bytes;
        if bytes == 1 {
            u16::from(buf[o])
        } else {
            u16::from_be_bytes([buf[o], buf[o + 1]])
        }
    };
    let colour_channels = match color {
        png::ColorType::Grayscale | png::ColorType::GrayscaleAlpha => 1,
        png::ColorType::Rgb | png::ColorType::Rgba => 3,
        png::ColorType::Indexed => {
            return Err(err("palette image was not expanded (decoder bug?)".into()));
        }
    };
    let mut levels = Vec::with_capacity(width * height);
    for r in 0..height {
        for c in 0..width {
            let v = sample(r, c, 0);
            if colour_channels == 3 {
                let (g, b) = (sample(r, c, 1), sample(r, c, 2));
                if g != v || b != v {
                    return Err(err(format!(
                        "unsupported colour: pixel (column {c}, row {r}) is not gray \
                         (R, G, B = {v}, {g}, {b}); heights come from grayscale images only \
                         (R = G = B), so save the heightmap as grayscale"
                    )));
                }
            }
            levels.push(f64::from(v) / full_scale);
        }
    }
    Ok(GrayImage {
        width,
        height,
        levels,
    })
}

/// The ground of `image` placed by `place`; see the [module docs](self) for the mapping.
///
/// # Errors
/// At the key at fault: `size_x`, `size_y` (not finite and > 0, or pixels not square),
/// `height_min`/`height_max` (not finite, or max ≤ min), `origin_x`/`origin_y` (not
/// finite), `png` (image smaller than 2 × 2 or rejected by [`HeightField::try_new`]).
pub fn height_field(image: &GrayImage, place: &Placement) -> Result<HeightField, TerrainError> {
    let (w, h) = (image.width, image.height);
    if w < 2 || h < 2 || image.levels.len() != w * h {
        return Err(TerrainError::new(
            "png",
            format!("need at least 2 × 2 pixels, width·height levels (got {w} × {h})"),
        ));
    }
    place.validate()?;
    let (lo, hi) = (place.height_min, place.height_max);
    let cell = place.size_x / w as f64;
    let cell_y = place.size_y / h as f64;
    if (cell - cell_y).abs() > SQUARE_PIXEL_TOLERANCE * cell {
        return Err(TerrainError::new(
            "size_y",
            format!(
                "pixels must be square on the ground: size_x / {w} px = {cell} m but \
                 size_y / {h} px = {cell_y} m; for this {w} × {h} image use \
                 size_y = {}",
                cell * h as f64
            ),
        ));
    }
    // HeightField sample (i, j): i = column, j counts rows up from the bottom of the picture.
    let heights = (0..h)
        .flat_map(|j| (0..w).map(move |i| (i, j)))
        .map(|(i, j)| lo + (hi - lo) * image.levels[(h - 1 - j) * w + i])
        .collect();
    let origin = glam::DVec2::new(
        place.origin_x - 0.5 * (w - 1) as f64 * cell,
        place.origin_y - 0.5 * (h - 1) as f64 * cell,
    );
    HeightField::try_new(w, h, cell, origin, heights)
        .map_err(|e| TerrainError::new("png", format!("heightfield rejected: {e}")))
}
