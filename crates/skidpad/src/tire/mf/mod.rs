//! Full Magic Formula tyre from TNO/ADAMS `.tir` property files: MF 5.2 / PAC2002, MF 6.1 and
//! MF 6.2 steady-state equations for Fx, Fy, Mz (pure and combined slip), Mx and My.
//!
//! [`TirFile::parse`] / [`TirFile::from_path`] read a file (format, units and errors in
//! [`tir`]); [`MfTire::steady_state`] evaluates it. Both are tested against MFeval on the
//! 1134-point table in `tests/data/mf_185_80R14.csv` (agreement to round-off, ≤ 1e-12 N).
//!
//! ```
//! use skidpad::tire::mf::{MfInput, MfTire, TirFile};
//! let text = "[MODEL]\nPROPERTY_FILE_FORMAT = 'PAC2002'\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n\
//!             [VERTICAL]\nFNOMIN = 4000\n[LONGITUDINAL_COEFFICIENTS]\nPCX1 = 1.6\nPDX1 = 1.0\nPKX1 = 20\n\
//!             [LATERAL_COEFFICIENTS]\nPCY1 = 1.3\nPDY1 = 0.9\nPKY1 = -15\nPKY2 = 1.8\n";
//! let (file, warnings) = TirFile::parse(text, "inline.tir")?;
//! assert!(warnings.is_empty());
//! let tire = MfTire::from(file);
//! let out = tire.steady_state(MfInput { fz: 4000.0, kappa: 0.01, vx: 20.0, ..Default::default() });
//! // Linear range: Fx ≈ Kx·κ = PKX1·Fz·κ = 800 N.
//! assert!((out.fx - 800.0).abs() < 10.0, "{out:?}");
//! # Ok::<(), skidpad::tire::mf::TirError>(())
//! ```
//!
//! # Conventions (ISO-W contact-patch axes, Pacejka ch. 1–2)
//! x forward along the wheel heading in the ground plane, y left, z up; forces and moments
//! act on the tyre at the contact point. With Vx the wheel-centre speed, Vsx, Vsy the slip
//! velocities and Ω the spin rate:
//!
//! ```text
//! κ = −Vsx/|Vx| = (Ω·Re − Vx)/|Vx|     κ > 0 driving → Fx > 0; κ = −1 locked wheel
//! tan α = Vsy/|Vx|                     α > 0 → Fy < 0 for a normal tyre (PKY1 < 0)
//! γ  inclination angle, ISO sign;  Mz > 0 turns the tyre towards +z (restoring: Mz·Fy < 0)
//! My < 0 when rolling forward (opposes the spin); Mx about x.
//! ```
//! The file's TYRESIDE is used as is (no mirroring).
//!
//! # Symbols and units
//! | symbol | meaning | unit |
//! |---|---|---|
//! | Fz, Fz0 = FNOMIN, F′z0 = λFz0·Fz0 | load, nominal load, scaled nominal load | N |
//! | dfz = (Fz − F′z0)/F′z0 | normalised load change | 1 |
//! | dpi = (p − p0)/p0 | normalised pressure change (MF 6.x with NOMPRES > 0, else 0) | 1 |
//! | R0 = UNLOADED_RADIUS, V0 = LONGVL | free radius, reference speed | m, m/s |
//! | κ, α, γ | longitudinal slip, slip angle, inclination | 1, rad, rad |
//! | B, C, D, E, SH, SV | stiffness, shape, peak, curvature factors, shifts | — |
//! | Kxκ, Kyα | longitudinal slip stiffness, cornering stiffness | N, N/rad |
//! | t, s, Mzr | pneumatic trail, Fx moment arm, residual torque | m, m, N·m |
//! | λ… (file L…) | scaling factors (absent = 1) | 1 |
//!
//! # Equations
//! Pacejka, *Tire and Vehicle Dynamics*, 3rd ed. (2012), ch. 4 and App. 3 (equation numbers
//! 4.E…), the MF-Tyre 5.2 equation manual for MF 5.2, and Besselink, Schmeitz & Pacejka (2010),
//! "An improved Magic Formula/Swift tyre model that can handle inflation pressure changes",
//! *Vehicle System Dynamics* 48 sup. 1, for MF 6.1. With α*, γ* = α, γ (default) or
//! tan α·sgn Vx, sin γ ([`MfOptions::alpha_star`]); λ*μ = λμ/(1 + λμV·Vs/V0):
//!
//! ```text
//! MF kernel  y(x) = D·sin(C·atan(B·x − E·(B·x − atan(B·x)))) + SV
//! Fx0  x = κ + SHx, C = PCX1·λCx, D = µx·Fz, µx = (PDX1 + PDX2·dfz)(1 + PPX3·dpi + PPX4·dpi²)(1 − PDX3·γx²)λ*µx
//!      Kxκ = Fz(PKX1 + PKX2·dfz)·exp(PKX3·dfz)(1 + PPX1·dpi + PPX2·dpi²)λKx,  B = Kxκ/(C·D + εx)
//!      E = (PEX1 + PEX2·dfz + PEX3·dfz²)(1 − PEX4·sgn x)λEx,  SHx = (PHX1 + PHX2·dfz)λHx
//!      SVx = Fz(PVX1 + PVX2·dfz)λVx·λ*µx;   Fx0 → −Fx0 when Vx < 0
//! Fy0  x = α* + SHy, C = PCY1·λCy, D = µy·Fz, µy = (PDY1 + PDY2·dfz)(1 + PPY3·dpi + PPY4·dpi²)(1 − PDY3·γy²)λ*µy
//!      Kyα = PKY1·F′z0(1 + PPY1·dpi)(1 − PKY3|γy|)·sin(PKY4·atan((Fz/F′z0)/((PKY2 + PKY5·γy²)(1 + PPY2·dpi))))λKy
//!      B = Kyα/(C·D + εy),  E = (PEY1 + PEY2·dfz)(1 + PEY5·γy² − (PEY3 + PEY4·γy)·sgn x)λEy
//!      SVyγ = Fz(PVY3 + PVY4·dfz)γy·λKyγ·λ*µy,  SVy = Fz(PVY1 + PVY2·dfz)λVy·λ*µy + SVyγ
//!      MF 5.2: SHy = (PHY1 + PHY2·dfz)λHy + PHY3·γy
//!      MF 6.x: SHy = (PHY1 + PHY2·dfz)λHy + (Kyγ0·γ* − SVyγ)/K′yα,  Kyγ0 = Fz(PKY6 + PKY7·dfz)(1 + PPY5·dpi)λKyγ
//! Fx   = Gxα·Fx0,  Gxα = cos(Cxα·atan(Bxα·αs − Exα(…)))/(same at αs = SHxα),  αs = α* + SHxα
//!      Bxα = (RBX1 + RBX3·γ*²)cos(atan(RBX2·κ))λxα, Cxα = RCX1, Exα = REX1 + REX2·dfz, SHxα = RHX1
//! Fy   = Gyκ·Fy0 + SVyκ,  Gyκ = cos(Cyκ·atan(Byκ·κs − Eyκ(…)))/(same at κs = SHyκ),  κs = κ + SHyκ
//!      Byκ = (RBY1 + RBY4·γ*²)cos(atan(RBY2(α* − RBY3)))λyκ, Cyκ = RCY1, Eyκ = REY1 + REY2·dfz
//!      SHyκ = RHY1 + RHY2·dfz, SVyκ = µy·Fz(RVY1 + RVY2·dfz + RVY3·γ)cos(atan(RVY4·α*))·sin(RVY5·atan(RVY6·κ))λVyκ
//! Mz   = −t·F′y + Mzr + s·Fx
//!      αt = α* + SHt, SHt = QHZ1 + QHZ2·dfz + (QHZ3 + QHZ4·dfz)γz;  αr = α* + SHy + SVy/K′yα;  K′yα = Kyα + εK·sgn Kyα
//!      αt,eq = atan(√(tan²αt + (Kxκ/K′yα)²κ²))·sgn αt,  αr,eq likewise   (MF-Tyre / Besselink 2010 form)
//!      t = Dt·cos(Ct·atan(Bt·αt,eq − Et(Bt·αt,eq − atan(Bt·αt,eq))))·cos α′,  cos α′ = Vx/(Vc + εV)
//!      Bt = (QBZ1 + QBZ2·dfz + QBZ3·dfz²)(1 + QBZ4·γz + QBZ5|γz|)λKy/λ*µy,  Ct = QCZ1
//!      Dt = Fz(R0/Fz0)(QDZ1 + QDZ2·dfz)(1 − PPZ1·dpi)(1 + QDZ3·γz + QDZ4·γz²)λt·sgn Vx
//!      Et = (QEZ1 + QEZ2·dfz + QEZ3·dfz²)(1 + (QEZ4 + QEZ5·γz)(2/π)atan(Bt·Ct·αt))
//!      Mzr = Dr·cos(atan(Br·αr,eq)),  Br = QBZ9·λKy/λ*µy + QBZ10·By·Cy
//!      Dr = Fz·R0[(QDZ6 + QDZ7·dfz)λr + ((QDZ8 + QDZ9·dfz)(1 + PPZ2·dpi) + (QDZ10 + QDZ11·dfz)|γz|)γz·λKzγ]λ*µy·sgn Vx·cos α*
//!      s = R0(SSZ1 + SSZ2·Fy/Fz0 + (SSZ3 + SSZ4·dfz)γz)λs
//!      MF 5.2: F′y = Fy − SVyκ;   MF 6.x: F′y = Gyκ·Fy0(γ = 0)   (4.E74)
//! Mx   = R0·Fz·λMx[QSX1·λVMx − QSX2·γ(1 + PPMX1·dpi) + QSX3·Fy/Fz0
//!          + QSX4·cos(QSX5·atan((QSX6·Fz/Fz0)²))·sin(QSX7·γ + QSX8·atan(QSX9·Fy/Fz0)) + QSX10·atan(QSX11·Fz/Fz0)·γ]
//!          + R0·λMx[Fy(QSX13 + QSX14|γ|) − Fz·QSX12·γ|γ|]           (MF-Tyre form; MF 5.2 files have QSX1–3)
//! My   MF 5.2 (PAC2002): −R0·Fz·λMy(QSY1 + QSY2·Fx/Fz0 + QSY3|Vx/V0| + QSY4(Vx/V0)⁴)
//!      MF 6.x (Besselink A48): −R0·Fz0·λMy(QSY1 + QSY2·Fx/Fz0 + QSY3|Vx/V0| + QSY4(Vx/V0)⁴
//!          + (QSY5 + QSY6·Fz/Fz0)γ²)(Fz/Fz0)^QSY7·(p/p0)^QSY8
//!      sign flipped for Vx < 0; multiplied by sin(π/2·clamp((1 + κ)·|Vx|/VXLOW, −1, 1)) so it
//!      follows the spin direction through Ω = 0 (MFeval's interpolation, written symmetric;
//!      identical to it for VXLOW = 1 m/s); 0 at Vx = 0.
//! ```
//!
//! ## Evaluation: identities used (the equations above, exact in real arithmetic)
//! Where an identity saves a transcendental call, the code evaluates the equation through it;
//! results then differ from the literal formula by round-off only (a few ulp; the reference
//! table agrees to its tolerance, `tests/mf_reference.rs`):
//! - **Mzr**: `cos(atan x) = 1/√(1 + x²)` (`model::cos_atan`; the cosine is positive on
//!   `atan`'s range), with `x = Br·αr,eq` (Cr = 1 in the equation).
//! - **Dr's cos α***: with α* = α, `|α| ≤ π/2` and `Vsy = tan α·|Vx|`,
//!   `cos α = 1/√(1 + tan²α) = |Vx|/Vc` (`Vc` the slip speed's `√(Vx² + Vsy²)` that
//!   `cos α′` takes too); elsewhere `cos α*` itself.
//! - **Vc** = `√(Vx² + Vsy²)` by [`crate::tire::norm::norm`] (within 2 ulp of `hypot`).
//! - **Kyα** with PKY4 = 2 (MF 5.2's constant, absent → 2): `sin(2·atan r) = 2r/(1 + r²)`,
//!   `r = (Fz/F′z0)/((PKY2 + PKY5·γy²)(1 + PPY2·dpi))`; any other PKY4 takes the formula.
//! - **Vsy** of the contact solve's recorded Mz: its slip angle is `α = atan(t)` of the
//!   transient slip `t = tan α′`, so `tan α = t` (`tan(atan t) = t`) where the limits leave α
//!   as it is ([`crate::tire::TireModel::aligning_moment_tan_kept`]); else `tan α` itself.
//!
//! ## MF 5.2 vs 6.1 / 6.2
//! - **Camber**: MF 5.2 uses γx,y,z = γ·λγx,y,z (LGAX/LGAY/LGAZ) and PHY3 in SHy; MF 6.x uses
//!   γ* directly with λKyγ (LKYC), λKzγ (LKZC) and the camber stiffness Kyγ0 (PKY6/PKY7) in SHy.
//! - **Pressure** (MF 6.x only, and only when the file has NOMPRES > 0): PPX1–4, PPY1–5,
//!   PPZ1–2, PPMX1, QSY8 as above. MF 5.2 files have none; their PP… keys are ignored.
//! - **Extra MF 6.x terms**: PEY5, PKY5, PKY6, PKY7, RBX3, RBY4, QDZ10, QDZ11, QSY5–8
//!   (0 when absent, so with default scaling factors an MF 5.2 file evaluated as 6.1 differs
//!   only in SHy (PHY3 vs Kyγ0), F′y with camber, and My).
//! - **MF 6.2** uses the MF 6.1 steady-state force equations here; its differences
//!   (loaded/effective radius, contact patch, turn slip at standstill) are outside this module.
//!
//! ## Where published variants differ, this module follows
//! - Equivalent slip angles: the MF-Tyre / Besselink (2010) atan(√(tan² + …)) form (as MFeval),
//!   not the book's √(α² + …).
//! - Dt uses R0/Fz0 (MF-Tyre / TNO, as MFeval's λFz0-corrected trail), not the book's R0/F′z0;
//!   the two differ by λFz0. Dt's camber term is QDZ3·γ (MF-Tyre manual, Besselink A60), not
//!   the book's |γ*|. Bt uses QBZ4·γ + QBZ5|γ| (Besselink A58; QBZ6 is not used).
//! - s and Mx use Fz0 = FNOMIN (not F′z0).
//! - λ′µ = λ*µ (digressive friction factor Aµ = 1, as MF-Tyre/MFeval; the book suggests 10).
//! - Low-speed and sign details as MFeval: εx = εy = εK = εV = 1e-6 ([`model::EPSILON_X`] …),
//!   guards added with sgn(·) where sgn 0 = +1; Fx0 flips for Vx < 0; Dt, Dr carry sgn Vx.
//!
//! # Version policy ([`MfVersion`])
//! FITTYP 6 or 21 → MF 5.2; 61 → MF 6.1; 62 → MF 6.2; any other FITTYP is a [`TirError`].
//! Without FITTYP: MF 5.2 (PROPERTY_FILE_FORMAT `PAC2002` or `MF_05…`; anything else also
//! MF 5.2, with a warning). PKY4 absent → 2 (the constant of the MF 5.2 equation). Other
//! coefficients absent → 0, scaling factors → 1 (LMUV → 0, its neutral value).
//!
//! # Validity ranges and clamps ([`MfOptions::limits`], default on)
//! - Inputs are clamped to the file's ranges before evaluation: κ to [KPUMIN, KPUMAX],
//!   α to [ALPMIN, ALPMAX], γ to [CAMMIN, CAMMAX], Fz to [0, FZMAX], pressure to
//!   [PRESMIN, PRESMAX]. [`MfOutput::clamped`] says which input was changed. Fz below FZMIN
//!   is **not** raised (forces then fade to 0 with Fz; MFeval raises Fz to FZMIN inside Mz —
//!   skidpad does not, so Mz stays continuous at Fz → 0); Mx and My use
//!   Fz·(Fz/FZMIN)² and Fz·(Fz/FZMIN) below FZMIN, as MFeval (also with limits off).
//! - Defaults when the file has no range: KPUMIN/KPUMAX ∓1.5, ALPMIN/ALPMAX ∓π/2,
//!   CAMMIN/CAMMAX ∓π/2, FZMIN 0, FZMAX 10·FNOMIN, PRESMIN 0, PRESMAX 10·NOMPRES.
//! - Curvature factors Ex, Ey, Et, Exα, Eyκ are limited to ≤ 1.
//! - Below VXLOW (MFeval low-speed mode): κ is scaled by |Vx|/VXLOW; α by (|Vx| + |Vsy|)/VXLOW
//!   when that sum is below VXLOW; SHx, SVx, SHy, SVy, SVyκ, t and Mzr by
//!   ½(1 − cos(π·Vx/VXLOW)). So at Vx = 0, Fx, Fy, Mz and My are 0 (Mx keeps its
//!   load and camber terms).
//! - With limits off the raw equations are evaluated at the raw inputs (MFeval
//!   "no limit checks", used by the reference test). Either way: Fz ≤ 0 gives all-zero output;
//!   NaN inputs are treated as 0 (pressure: the file's INFLPRES), ±∞ inputs as the range bound
//!   (Fz: FZMAX or 0, Vx: 0), and flagged; a non-finite result (only reachable with limits off
//!   and absurd inputs such as Fz = 1e300) is replaced by 0 and flagged `output`.
//!
//! # Known limits
//! - Steady state only: no relaxation lengths (PTX…/PTY… are parsed, not used), no belt
//!   dynamics, no gyroscopic torque (QTZ1/MBELT unused).
//! - No turn slip (ζ0…ζ8 = 1; \[TURNSLIP_COEFFICIENTS\] parsed, not used), so no parking torque.
//! - No effective rolling radius / loaded radius / vertical model (the \[VERTICAL\] data is
//!   parsed and available in [`MfCoefficients`]).
//! - No mirroring for TYRESIDE = 'RIGHT'; no MF-Swift, no motorcycle contour.
//! - \[SHAPE\] and other tables are parsed and kept ([`TirFile::table`]) but not used;
//!   \[CONTACT_PATCH\]/\[STRUCTURAL\] keys not listed in [`MfCoefficients`] give warnings.

mod batch;
pub mod coeffs;
mod floor;
mod forces;
pub mod model;
mod moments;
mod reach;
#[cfg(test)]
mod test_files;
pub mod tir;
mod unit_weights;

pub(crate) use batch::MfLoad;
pub use coeffs::{Dim, MfCoefficients, MfVersion};
pub use model::{MfClamped, MfInput, MfOptions, MfOutput, MfTire};
pub use tir::{TirError, TirFile, TirTable, TirWarning};
