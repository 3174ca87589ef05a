//! Surfaces: what the ground is made of, and how it scales the tire.
//!
//! A [`SurfaceId`] on every ground hit indexes a [`SurfaceTable`]; a [`FrictionPairs`] table
//! (PhysX `PxVehicleDrivableSurfaceToTireFrictionPairs`) gives a friction multiplier per
//! tire type × surface type. Unknown ids fall back to documented defaults (the table's
//! `default_surface`, and a pair value of 1.0), never to a panic.
//!
//! # Grip on a surface
//! ```text
//! µ_eff = µ_pair · friction · wet(v) · (1 + a·n(x, y))
//! wet(v) = 1                                  dry (water_depth = 0)
//!        = (1 − L_w) · h(v)                   wet
//! L_w    = min(1, d/d_film) · (0.45 − 0.25·micro)          film loss, less on sharp microtexture
//! h(v)   = 1 − 0.9 / (1 + exp(−(v − v_h)/(0.08·v_h)))       hydroplaning: grip falls to 10 %
//! v_h    = v_H · (d_ref/d)^¼ · (1 + 0.5·macro)             onset speed falls with depth,
//! v_H    = 6.36·√(p/1 kPa) km/h   (Horne's dynamic hydroplaning speed)  rises with drainage
//! ```
//! with `d_film` = 1 mm, `d_ref` = 7.6 mm (the water depth of NASA's hydroplaning tests). The
//! wet-grip loss and the depth exponent are reduced-order fits chosen to give the textbook
//! behaviour (wet asphalt ≈ 0.55–0.8 of dry grip depending on microtexture; a 2.2 bar tire
//! hydroplanes near 80–90 km/h in deep water), not a validated model — see *The Contact Patch*,
//! C1603 (texture and aquaplaning) and Horne & Dreher, NASA TN D-2056 (1963).
//!
//! # Texture: dry roles inside `friction`, wet roles explicit
//! LibreRally describes microtexture as adhesion grip (dry and light-wet) and macrotexture as
//! hysteresis grip and drainage, and states that its `FrictionCoefficient` "is the combined
//! result of microtexture and macrotexture contributions". skidpad follows that literally: the
//! dry grip of a surface is [`SurfaceProperties::friction`] alone (measured dry skid
//! resistance already contains both texture scales), so the texture fields do not multiply dry
//! grip a second time. They act where the two scales behave differently, in the water: sharp
//! microtexture pierces a thin film (`L_w` falls with `micro`: adhesion survives), and open
//! macrotexture drains the patch (`v_h` rises with `macro`: hysteresis grip lasts to higher
//! speed before hydroplaning). A surface whose dry grip should follow its texture sets
//! `friction` from it.
//!
//! # Soft ground: no separate deformation factor
//! LibreRally's `SurfaceProperties` has a `DeformationFactor` (0 rigid … 1 fully deformable)
//! whose documented effect is that "deformable surfaces tolerate higher slip before
//! saturation" — the effect of its `PeakSlipRatioScale`, which every skidpad tyre model
//! honours ([`SurfaceProperties::peak_slip_scale`], see
//! [`longitudinal_slip`](crate::tire::interface::longitudinal_slip)). The other consequences
//! of a tyre sinking into soft ground each have their own field: compaction and bulldozing
//! resistance in `rolling_resistance_scale` (Wong, *Theory of Ground Vehicles*, ch. 2: a
//! rigid wheel's compaction resistance grows with sinkage, `R_c ∝ z^(n+1)`), the lower shear
//! strength of the soil in `friction`, the compliance of the ground in `slip_stiffness_scale`
//! and `relaxation_length_scale`. A deformation factor acting on any of them would be a second
//! home for the same effect, so skidpad has none (the field was once accepted and never read;
//! a surface file that sets `deformation` is now rejected as an unknown key). The presets'
//! gravel, mud and snow carry their sinkage in those fields.
//!
//! `n(x, y) ∈ [−1, 1]` is value noise on a lattice of `noise_wavelength`, hashed from the
//! integer lattice coordinates and a seed: a pure function of position, so it is the same on
//! every run and every thread.

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Index of a surface type (asphalt, gravel, ice, ...) in the world's surface table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct SurfaceId(pub u16);

/// Physical properties of a driving surface (LibreRally `SurfaceProperties`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SurfaceProperties {
    /// Display name.
    pub name: String,
    /// Peak-friction multiplier relative to the tire's reference surface. Unit: 1. Range: [0, 3]. Default: 1.
    pub friction: f64,
    /// Adhesion texture below 0.5 mm (0 polished … 1 harsh). Unit: 1. Range: [0, 1]. Default: 0.7.
    pub microtexture: f64,
    /// Drainage texture 0.5–20 mm (0 smooth … 1 open). Unit: 1. Range: [0, 1]. Default: 0.5.
    pub macrotexture: f64,
    /// Water film thickness. Unit: m. Range: [0, 0.05]. Default: 0 (dry).
    pub water_depth: f64,
    /// Multiplier of the tire's rolling-resistance coefficient. Unit: 1. Range: [0, 50]. Default: 1.
    pub rolling_resistance_scale: f64,
    /// Multiplier of the tire's slip stiffness (loose surfaces feel compliant). Unit: 1. Range: (0, 10]. Default: 1.
    pub slip_stiffness_scale: f64,
    /// Multiplier of the tire's relaxation lengths. Unit: 1. Range: (0, 10]. Default: 1.
    pub relaxation_length_scale: f64,
    /// Multiplier of the longitudinal slip at peak force (LibreRally `PeakSlipRatioScale`:
    /// loose and deformable surfaces peak later). Every tyre model evaluates `κ/s`, so its
    /// longitudinal peak moves to `s·κ_m` and its small-slip stiffness to `C_κ/s`; the
    /// lateral axis is not scaled. Unit: 1. Range: (0, 10]. Default: 1.
    pub peak_slip_scale: f64,
    /// Amplitude of the deterministic grip noise. Unit: 1 (fraction of µ). Range: [0, 0.5]. Default: 0.
    pub noise_amplitude: f64,
    /// Lattice spacing of the grip noise. Unit: m. Range: (0, ∞). Default: 0.5.
    pub noise_wavelength: f64,
    /// Seed of the grip noise. Default: 0.
    pub noise_seed: u64,
}

impl Default for SurfaceProperties {
    fn default() -> Self {
        Self::tarmac()
    }
}

/// Reference film depth for the full wet-grip loss. Unit: m.
pub const WET_FILM_DEPTH: f64 = 0.001;
/// Reference water depth of Horne's hydroplaning speed. Unit: m.
pub const HYDROPLANING_REFERENCE_DEPTH: f64 = 0.0076;

impl SurfaceProperties {
    /// Dry asphalt (µ multiplier 1, good micro- and macrotexture).
    pub fn tarmac() -> Self {
        Self {
            name: "tarmac".into(),
            friction: 1.0,
            microtexture: 0.7,
            macrotexture: 0.5,
            water_depth: 0.0,
            rolling_resistance_scale: 1.0,
            slip_stiffness_scale: 1.0,
            relaxation_length_scale: 1.0,
            peak_slip_scale: 1.0,
            noise_amplitude: 0.0,
            noise_wavelength: 0.5,
            noise_seed: 0,
        }
    }

    /// Asphalt under a 1.5 mm water film: grip ≈ 0.73 of dry before hydroplaning.
    pub fn wet_tarmac() -> Self {
        Self {
            name: "wet_tarmac".into(),
            water_depth: 0.0015,
            ..Self::tarmac()
        }
    }

    /// Loose gravel: µ ≈ 0.6 (Wong, *Theory of Ground Vehicles*, table 1.4 range 0.5–0.7),
    /// compliant, peaks late, 2× rolling resistance.
    pub fn gravel() -> Self {
        Self {
            name: "gravel".into(),
            friction: 0.6,
            microtexture: 0.5,
            macrotexture: 1.0,
            rolling_resistance_scale: 2.0,
            slip_stiffness_scale: 0.5,
            relaxation_length_scale: 1.5,
            peak_slip_scale: 2.0,
            noise_amplitude: 0.05,
            ..Self::tarmac()
        }
    }

    /// Mud: µ ≈ 0.4, very compliant, high rolling resistance (Crr ≈ 0.1–0.3 → 10×).
    pub fn mud() -> Self {
        Self {
            name: "mud".into(),
            friction: 0.4,
            microtexture: 0.2,
            macrotexture: 0.3,
            rolling_resistance_scale: 10.0,
            slip_stiffness_scale: 0.3,
            relaxation_length_scale: 2.0,
            peak_slip_scale: 3.0,
            noise_amplitude: 0.05,
            ..Self::tarmac()
        }
    }

    /// Packed snow: µ ≈ 0.3 (Wong table 1.4: 0.2–0.4).
    pub fn snow() -> Self {
        Self {
            name: "snow".into(),
            friction: 0.3,
            microtexture: 0.3,
            macrotexture: 0.3,
            rolling_resistance_scale: 2.5,
            slip_stiffness_scale: 0.6,
            relaxation_length_scale: 1.3,
            peak_slip_scale: 1.5,
            ..Self::tarmac()
        }
    }

    /// Glare ice: µ ≈ 0.1 (Wong table 1.4: 0.07–0.2).
    pub fn ice() -> Self {
        Self {
            name: "ice".into(),
            friction: 0.1,
            microtexture: 0.0,
            macrotexture: 0.0,
            ..Self::tarmac()
        }
    }

    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::friction("friction", self.friction)?;
        check::in_range("microtexture", self.microtexture, 0.0, 1.0)?;
        check::in_range("macrotexture", self.macrotexture, 0.0, 1.0)?;
        check::in_range("water_depth", self.water_depth, 0.0, 0.05)?;
        check::in_range(
            "rolling_resistance_scale",
            self.rolling_resistance_scale,
            0.0,
            50.0,
        )?;
        for (name, v) in [
            ("slip_stiffness_scale", self.slip_stiffness_scale),
            ("relaxation_length_scale", self.relaxation_length_scale),
            ("peak_slip_scale", self.peak_slip_scale),
        ] {
            check::positive(name, v)?;
            check::in_range(name, v, 0.0, 10.0)?;
        }
        check::in_range("noise_amplitude", self.noise_amplitude, 0.0, 0.5)?;
        check::positive("noise_wavelength", self.noise_wavelength)
    }

    /// Hydroplaning onset speed for a tire at `inflation_pressure` (Pa). Unit: m/s. Infinite
    /// on a dry surface.
    pub fn hydroplaning_speed(&self, inflation_pressure: f64) -> f64 {
        if self.water_depth <= 0.0 {
            return f64::INFINITY;
        }
        let horne = 6.36 * (inflation_pressure.max(0.0) / 1000.0).sqrt() / 3.6;
        horne
            * (HYDROPLANING_REFERENCE_DEPTH / self.water_depth).powf(0.25)
            * (1.0 + 0.5 * self.macrotexture)
    }

    /// Wet-grip factor `wet(v)` at forward speed `speed` (m/s) for a tire at
    /// `inflation_pressure` (Pa); 1 on a dry surface.
    pub fn wet_factor(&self, speed: f64, inflation_pressure: f64) -> f64 {
        if self.water_depth <= 0.0 {
            return 1.0;
        }
        let film = (self.water_depth / WET_FILM_DEPTH).min(1.0) * (0.45 - 0.25 * self.microtexture);
        let vh = self.hydroplaning_speed(inflation_pressure);
        let z = (speed.abs() - vh) / (0.08 * vh);
        let h = 1.0 - 0.9 / (1.0 + (-z).exp());
        (1.0 - film) * h
    }

    /// Deterministic grip noise `n(x, y) ∈ [−1, 1]` at a world position (bilinear value noise).
    pub fn noise(&self, x: f64, y: f64) -> f64 {
        let (u, v) = (x / self.noise_wavelength, y / self.noise_wavelength);
        let (i, j) = (u.floor(), v.floor());
        let (fu, fv) = (u - i, v - j);
        let (i, j) = (i as i64, j as i64);
        let s = self.noise_seed;
        let l = |a: i64, b: i64| lattice_value(a, b, s);
        let top = l(i, j) * (1.0 - fu) + l(i + 1, j) * fu;
        let bot = l(i, j + 1) * (1.0 - fu) + l(i + 1, j + 1) * fu;
        top * (1.0 - fv) + bot * fv
    }

    /// The grip multiplier of this surface for a tire moving at `speed` at world (x, y):
    /// `friction · wet(v) · (1 + a·n(x, y))`.
    ///
    /// A dry surface without noise (every preset but the wet ones) is answered inline: its
    /// wet factor and noise are exactly 1, so `(friction·1·1).max(0)` is the general line's
    /// value; the rest out of line.
    #[inline]
    pub fn grip(&self, speed: f64, inflation_pressure: f64, x: f64, y: f64) -> f64 {
        if self.water_depth <= 0.0 && self.noise_amplitude <= 0.0 {
            return (self.friction * 1.0 * 1.0).max(0.0);
        }
        self.grip_general(speed, inflation_pressure, x, y)
    }

    /// [`SurfaceProperties::grip`]'s general case.
    #[inline(never)]
    fn grip_general(&self, speed: f64, inflation_pressure: f64, x: f64, y: f64) -> f64 {
        let noise = if self.noise_amplitude > 0.0 {
            1.0 + self.noise_amplitude * self.noise(x, y)
        } else {
            1.0
        };
        (self.friction * self.wet_factor(speed, inflation_pressure) * noise).max(0.0)
    }
}

/// SplitMix64 hash of a lattice point and seed, mapped to [−1, 1].
fn lattice_value(i: i64, j: i64, seed: u64) -> f64 {
    let mut z = seed
        ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (j as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
}

/// Surfaces indexed by [`SurfaceId`]; an unknown id returns `default_surface`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SurfaceTable {
    /// Surfaces, index = `SurfaceId.0`.
    pub surfaces: Vec<SurfaceProperties>,
    /// Returned for ids beyond the table. Default: tarmac.
    pub default_surface: SurfaceProperties,
    /// Tire-type × surface friction multipliers (missing entries are 1).
    pub friction_pairs: FrictionPairs,
}

/// The default table ([`SurfaceTable::default`]), built once and shared (the first call
/// allocates; [`crate::vehicle::Vehicle::new`] makes that call so no step ever does).
pub fn default_table() -> &'static SurfaceTable {
    static TABLE: OnceLock<SurfaceTable> = OnceLock::new();
    TABLE.get_or_init(SurfaceTable::default)
}

impl Default for SurfaceTable {
    /// The six presets in order: 0 tarmac, 1 wet tarmac, 2 gravel, 3 mud, 4 snow, 5 ice.
    fn default() -> Self {
        Self {
            surfaces: vec![
                SurfaceProperties::tarmac(),
                SurfaceProperties::wet_tarmac(),
                SurfaceProperties::gravel(),
                SurfaceProperties::mud(),
                SurfaceProperties::snow(),
                SurfaceProperties::ice(),
            ],
            default_surface: SurfaceProperties::tarmac(),
            friction_pairs: FrictionPairs::default(),
        }
    }
}

impl SurfaceTable {
    /// The surface for an id (the default for unknown ids).
    pub fn get(&self, id: SurfaceId) -> &SurfaceProperties {
        self.surfaces
            .get(usize::from(id.0))
            .unwrap_or(&self.default_surface)
    }

    /// Check every surface.
    ///
    /// # Errors
    /// The first broken rule, as `surfaces[i].field`.
    pub fn validate(&self) -> Result<(), ParamError> {
        for (i, s) in self.surfaces.iter().enumerate() {
            s.validate().map_err(|e| e.within_index("surfaces", i))?;
        }
        self.default_surface
            .validate()
            .map_err(|e| e.within("default_surface"))?;
        self.friction_pairs
            .validate()
            .map_err(|e| e.within("friction_pairs"))
    }
}

/// Tire-type × surface-type friction multipliers (PhysX friction pairs). Missing entries are 1.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FrictionPairs {
    /// `values[tire_type][surface]`.
    pub values: Vec<Vec<f64>>,
}

impl FrictionPairs {
    /// The multiplier for a tire type on a surface; 1.0 when either is not in the table.
    pub fn get(&self, tire_type: usize, surface: SurfaceId) -> f64 {
        self.values
            .get(tire_type)
            .and_then(|row| row.get(usize::from(surface.0)))
            .copied()
            .unwrap_or(1.0)
    }

    /// Check every entry is finite and in [0, 3].
    ///
    /// # Errors
    /// `values[t][s]` and the rule.
    pub fn validate(&self) -> Result<(), ParamError> {
        for (t, row) in self.values.iter().enumerate() {
            for (s, &v) in row.iter().enumerate() {
                check::friction(&format!("values[{t}][{s}]"), v)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dry_grip_is_the_general_grip() {
        // The inline dry, noiseless answer against the general expression, bit for bit, on
        // every preset and on frictions, water depths and noise amplitudes around the test.
        let mut state = 0x5eed_0034_u64;
        let mut next = || crate::test_rng::unit(&mut state);
        let presets = SurfaceTable::default().surfaces;
        for base in &presets {
            for _ in 0..2000 {
                let pick = |x: f64, e: &[f64]| e[(x * e.len() as f64) as usize];
                let s = SurfaceProperties {
                    friction: pick(next(), &[base.friction, 2.0 * next(), -0.5, f64::NAN]),
                    water_depth: pick(next(), &[base.water_depth, 0.0, -0.0, 0.002 * next()]),
                    noise_amplitude: pick(next(), &[base.noise_amplitude, 0.0, -0.0, 0.1]),
                    ..base.clone()
                };
                let (v, p, x, y) = (40.0 * next(), 2e5 * next(), 100.0 * next(), next());
                let (a, b) = (s.grip(v, p, x, y), s.grip_general(v, p, x, y));
                assert_eq!(a.to_bits(), b.to_bits(), "{s:?}");
            }
        }
    }

    #[test]
    fn a_deformation_key_is_rejected_by_name() {
        // Removed (module docs, "Soft ground"): a file that still sets it must fail loudly
        // rather than be silently ignored as it was.
        let e = serde_json::from_str::<SurfaceProperties>(r#"{"deformation": 0.5}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `deformation`"), "{e}");
    }

    #[test]
    fn presets_are_valid_and_ordered_by_grip() {
        let t = SurfaceTable::default();
        t.validate().unwrap();
        let mu: Vec<f64> = t
            .surfaces
            .iter()
            .map(|s| s.grip(10.0, 2.2e5, 0.0, 0.0))
            .collect();
        // tarmac > wet > gravel > mud > snow > ice at 10 m/s (noise ≤ 5 % on gravel/mud).
        for w in mu.windows(2) {
            assert!(w[0] > w[1], "{mu:?}");
        }
        assert_eq!(t.get(SurfaceId(99)).name, "tarmac");
    }

    #[test]
    fn wet_grip_and_hydroplaning_by_hand() {
        let s = SurfaceProperties::wet_tarmac();
        // Film loss: min(1, 1.5) · (0.45 − 0.25·0.7) = 0.275 → 0.725 of dry at low speed.
        // (The hydroplaning logistic still removes 0.9·e^(−12.3) ≈ 4e-6 at 1 m/s.)
        assert!((s.wet_factor(1.0, 2.2e5) - 0.725).abs() < 1e-5);
        // Horne at 220 kPa: 6.36·√220 = 94.3 km/h = 26.2 m/s; ×(7.6/1.5)^¼ = 1.5003; ×1.25.
        let vh = 6.36 * 220f64.sqrt() / 3.6 * (7.6f64 / 1.5).powf(0.25) * 1.25;
        assert!((s.hydroplaning_speed(2.2e5) - vh).abs() < 1e-9);
        // At onset the hydroplaning factor is 1 − 0.45; well above it grip is ~10 %.
        assert!((s.wet_factor(vh, 2.2e5) - 0.725 * 0.55).abs() < 1e-9);
        assert!(s.wet_factor(2.0 * vh, 2.2e5) < 0.725 * 0.1 + 1e-3);
        // Deeper water hydroplanes earlier; more macrotexture later.
        let deep = SurfaceProperties {
            water_depth: 0.008,
            ..s.clone()
        };
        assert!(deep.hydroplaning_speed(2.2e5) < s.hydroplaning_speed(2.2e5));
        let open = SurfaceProperties {
            macrotexture: 1.0,
            ..s.clone()
        };
        assert!(open.hydroplaning_speed(2.2e5) > s.hydroplaning_speed(2.2e5));
        assert_eq!(SurfaceProperties::tarmac().wet_factor(80.0, 2.2e5), 1.0);
    }

    #[test]
    fn noise_is_deterministic_bounded_and_position_based() {
        let s = SurfaceProperties {
            noise_amplitude: 0.1,
            noise_seed: 7,
            ..SurfaceProperties::tarmac()
        };
        let a = s.noise(12.34, -5.6);
        assert_eq!(a, s.noise(12.34, -5.6));
        let other = SurfaceProperties {
            noise_seed: 8,
            ..s.clone()
        };
        assert_ne!(a, other.noise(12.34, -5.6));
        let mut sum = 0.0;
        for k in 0..1000 {
            let n = s.noise(0.37 * k as f64, 0.11 * k as f64);
            assert!((-1.0..=1.0).contains(&n));
            sum += n;
        }
        assert!((sum / 1000.0).abs() < 0.1, "mean {}", sum / 1000.0);
        // Continuous: nearby points give nearby values.
        assert!((s.noise(1.0, 1.0) - s.noise(1.0 + 1e-6, 1.0)).abs() < 1e-4);
    }

    #[test]
    fn friction_pairs_default_to_one() {
        let p = FrictionPairs {
            values: vec![vec![1.0, 0.8], vec![1.1]],
        };
        assert_eq!(p.get(0, SurfaceId(1)), 0.8);
        assert_eq!(p.get(1, SurfaceId(1)), 1.0);
        assert_eq!(p.get(5, SurfaceId(0)), 1.0);
        let bad = FrictionPairs {
            values: vec![vec![f64::NAN]],
        };
        assert_eq!(bad.validate().unwrap_err().path, "values[0][0]");
    }

    #[test]
    fn validation_names_fields() {
        let s = SurfaceProperties {
            water_depth: -0.1,
            ..SurfaceProperties::tarmac()
        };
        assert_eq!(s.validate().unwrap_err().path, "water_depth");
        let t = SurfaceTable {
            surfaces: vec![SurfaceProperties {
                peak_slip_scale: 0.0,
                ..SurfaceProperties::tarmac()
            }],
            ..SurfaceTable::default()
        };
        assert_eq!(
            t.validate().unwrap_err().path,
            "surfaces[0].peak_slip_scale"
        );
    }
}
