//! Tyres of the built-in vehicles: simplified Magic Formula parameters
//! ([`SimpleMagicParams`], a peaked, load-sensitive curve) fitted to real Magic Formula
//! `.tir` files.
//!
//! # Sources
//! Three PAC2002 (MF 5.2) property files from Project Chrono (BSD-3-Clause; copies, checksums
//! and licence in `crates/skidpad/tests/data/`, `SOURCES.md`):
//!
//! | source | size | F′z0 = FNOMIN·LFZO | used by |
//! |---|---|---|---|
//! | `Sedan_Pac02Tire.tir` | 245/40 R18 header; its pure-slip coefficients are MSC ADAMS's `pac2002_235_60R16.tir` | 3928.5 N | sedan, sports-rwd, rally-4wd |
//! | `mf_185_80R14.tir` | 185/80 R14 (VW microbus) | 3800 N | hatch-fwd |
//! | `HMMWV_Pac02Tire.tir` | 37×12.5 R16.5, scaled from an ADAMS 315/80 R22.5 truck tyre | 20 332 N | truck-6x6, truck-8x8 |
//! | `Sedan_Pac02Tire.tir` scaled by the MF scaling factors (`KART_SCALED_SEDAN_PAC02`: `LFZO` × 420/3928.5, `LMUX = LMUY = LKX = LKY` = 1.3/1.012) | kart slick stand-in (no kart tyre data found) | 420 N | kart |
//!
//! No `.tir` of the presets' exact sizes is available under a licence we can ship; these are
//! the nearest in load class. The presets carry fitted parameters, not the files, so a
//! vehicle file stays one self-contained TOML table and the contact solve runs the cheap
//! simplified model.
//!
//! # Fit (per axle, at the axle's static wheel load F_z)
//! The simplified model's peak is `D = µ(F_z)·F_z`, `µ(F_z) = µ₀(1 + λ_µ·df_z)`,
//! `df_z = (F_z − F_z0)/F_z0`. From the file's MF 5.2 pure-slip curves (this crate's
//! [`MfTire`](crate::tire::mf::MfTire), equal to MFeval to 1e-12 N):
//! - `F_z0 = F′z0`, `µ₀` the lateral peak Fy/Fz at F′z0, `λ_µ = µ_y(2F′z0)/µ₀ − 1`;
//! - `C = PCX1`, `PCY1` (the same shape factor in both models);
//! - `B = K/(C·D)` with `K` the MF slip stiffness (`Kxκ`, `Kyα`) at F_z, so the slope at zero
//!   slip is the file's at that load;
//! - `E` places the peak where the file has it: `E = (B·x_m − tan(π/2C))/(B·x_m − atan(B·x_m))`.
//!
//! Fitting B at each axle's own load keeps the MF's falling cornering stiffness per unit
//! load (`Kyα/F_z`: 17.2/rad at the sedan's 4.1 kN front wheel, 18.6/rad at its 3.3 kN
//! rear), which is what makes a front-heavy car understeer. The simplified model has one
//! friction for both directions: the lateral peak (the files' longitudinal peaks are 5–20 %
//! higher), so braking is slightly conservative. `crates/skidpad/tests/preset_tyres.rs`
//! checks every fitted axle against the `.tir` file: slip stiffness, peak and peak slip.
//! Not modelled by the simple curve: camber, shifts (no force at zero slip), combined slip
//! beyond the similarity method, the MF's aligning moment (a heuristic 3 cm trail).

use crate::tire::{MagicCurve, SimpleMagicParams, TireModelKind, TireParams};

/// The load-independent numbers of one source file (see the module docs).
pub(super) struct Source {
    /// PCX1, PCY1.
    c: (f64, f64),
    /// µ₀: lateral peak friction at F′z0.
    friction: f64,
    /// F′z0. Unit: N.
    nominal_load: f64,
    /// λ_µ.
    load_sensitivity: f64,
}

/// `Sedan_Pac02Tire.tir` (ADAMS `pac2002_235_60R16` pure-slip coefficients).
pub(super) const SEDAN_PAC02: Source = Source {
    c: (1.6411, 1.3507),
    friction: 1.012,
    nominal_load: 3928.5,
    load_sensitivity: -0.168,
};

/// `mf_185_80R14.tir`.
pub(super) const MF_185_80R14: Source = Source {
    c: (1.5587, 1.4675),
    friction: 0.909,
    nominal_load: 3800.0,
    load_sensitivity: -0.193,
};

/// `HMMWV_Pac02Tire.tir` (scaled ADAMS 315/80 R22.5 truck tyre).
pub(super) const HMMWV_PAC02: Source = Source {
    c: (1.7204, 1.5874),
    friction: 0.724,
    nominal_load: 20332.0,
    load_sensitivity: -0.089,
};

/// The kart's tyre: `Sedan_Pac02Tire.tir` scaled to a kart slick with the Magic Formula's own
/// user scaling factors (Pacejka, *Tire and Vehicle Dynamics*, §4.3.2): `LFZO` × 420/3928.5
/// (F′z0 = 420 N, the kart's mean static wheel load), and `LMUX = LMUY = LKX = LKY` =
/// 1.3/1.012, so at every normalised load `df_z` each pure-slip curve is the source's
/// multiplied by 1.285 (the same shape in slip, peak µ₀ = 1.3 at F′z0, the same load
/// sensitivity). No kart `.tir` or published kart-tyre curve was found; µ = 1.3 is the
/// preset's slick assumption (it ran a µ = 1.3 friction circle before), not a measurement.
/// `crates/skidpad/tests/preset_tyres.rs` checks the kart's fitted axles against the scaled
/// MF.
pub(super) const KART_SCALED_SEDAN_PAC02: Source = Source {
    c: (1.6411, 1.3507),
    friction: 1.3,
    nominal_load: 420.0,
    load_sensitivity: -0.168,
};

/// A simplified Magic Formula tyre from `source` with the per-axle fit `lon = (B, E)`,
/// `lat = (B, E)`; default shared fields (rolling resistance, relaxation).
pub(super) fn fitted(source: &Source, lon: (f64, f64), lat: (f64, f64)) -> TireParams {
    TireParams {
        model: TireModelKind::SimpleMagic(SimpleMagicParams {
            longitudinal: MagicCurve {
                b: lon.0,
                c: source.c.0,
                e: lon.1,
            },
            lateral: MagicCurve {
                b: lat.0,
                c: source.c.1,
                e: lat.1,
            },
            friction: source.friction,
            nominal_load: source.nominal_load,
            load_sensitivity: source.load_sensitivity,
            ..SimpleMagicParams::default()
        }),
        ..TireParams::default()
    }
}
