//! The load sweep run on every parsed file, and by [`MfTire::validate`] and
//! [`MfTire::sign_change_warnings`] on hand-built coefficients: the tyre is evaluated (default [`MfOptions`],
//! limits on, as a vehicle uses it; a hand-built tyre with its own options) at zero camber and pure slip, over the loads
//! Fz = k/20·FNOMIN, k = 1…40 (0.05…2·FNOMIN), at Vx = max(LONGVL, 2·VXLOW):
//!
//! | channel | slips | expected |
//! |---|---|---|
//! | Fx | κ = ±0.03, ±0.1, ±0.3 | the sign of Fx(FNOMIN) at every load |
//! | Fy | α = ±0.03, ±0.08, ±0.2 rad | the sign of Fy(FNOMIN) at every load |
//!
//! A force whose sign at some load differs from its sign at FNOMIN (for the same slip) gives
//! one [`TirWarning`] per channel, at the lowest such load, with the friction coefficient and
//! slip stiffness there (µx = (PDX1 + PDX2·dfz)·λµx, Kxκ/Fz = (PKX1 + PKX2·dfz)·exp(PKX3·dfz)·λKx;
//! µy = (PDY1 + PDY2·dfz)·λµy), dfz = (Fz − LFZO·FNOMIN)/(LFZO·FNOMIN). Example: chrono's
//! `HMMWV_Pac02Tire.tir` (PKX1 = 14.848, PKX2 = −9.8161, LFZO = 0.5809) has Kxκ = 0 at
//! dfz = 1.513, Fz ≈ 51 kN = 1.46·FNOMIN: above it the tyre brakes when it should drive.
//!
//! Any non-finite output (coefficients so large that the equations overflow; the model would
//! replace it by 0 and flag `output`) in that sweep, or on the combined grid below, is a
//! [`TirError`]: such a file is refused. The combined grid spans what a vehicle step can ask
//! (inputs beyond the file's ranges are clamped to them, limits on):
//!
//! | input | values |
//! |---|---|
//! | Fz | 0.05, 0.5, 1, 2, 10 × FNOMIN |
//! | κ | −1, −0.1, 0, 0.1, 1 |
//! | α | −π/2, −0.3, 0, 0.3, π/2 rad |
//! | γ | CAMMIN, 0, CAMMAX |
//! | Vx | 0, VXLOW/2, ±LONGVL, ±100 m/s (LONGVL is in the file's units: `LENGTH = 'mm'` makes it 1000× smaller) |

use super::{TirError, TirFile, TirWarning};
use crate::tire::mf::coeffs::MfCoefficients;
use crate::tire::mf::model::{MfInput, MfOptions, MfTire};

/// Loads of the sweep: `k/LOAD_DIVISIONS·FNOMIN` for `k = 1..=2·LOAD_DIVISIONS`.
const LOAD_DIVISIONS: usize = 20;
/// Slip ratios of the Fx sweep. Unit: 1.
const KAPPAS: [f64; 6] = [-0.3, -0.1, -0.03, 0.03, 0.1, 0.3];
/// Slip angles of the Fy sweep. Unit: rad.
const ALPHAS: [f64; 6] = [-0.2, -0.08, -0.03, 0.03, 0.08, 0.2];

/// Load factors (× FNOMIN) of the combined grid.
const GRID_LOADS: [f64; 5] = [0.05, 0.5, 1.0, 2.0, 10.0];
/// Slip ratios of the combined grid. Unit: 1.
const GRID_KAPPAS: [f64; 5] = [-1.0, -0.1, 0.0, 0.1, 1.0];
/// Slip angles of the combined grid. Unit: rad.
const GRID_ALPHAS: [f64; 5] = [
    -std::f64::consts::FRAC_PI_2,
    -0.3,
    0.0,
    0.3,
    std::f64::consts::FRAC_PI_2,
];

/// The highest wheel speed of the combined grid (360 km/h). Unit: m/s.
const MAX_SPEED: f64 = 100.0;

/// A sign change found in the sweep: the slip, the last load with the FNOMIN sign, the first
/// load without it, and the forces at FNOMIN and at that load.
struct Flip {
    slip: f64,
    fz_before: f64,
    fz: f64,
    f_nominal: f64,
    f: f64,
}

/// A force that changes sign with load (from [`sign_changes`]): the channel and the text.
pub(crate) struct SignChange {
    /// `true` for Fx (`[LONGITUDINAL_COEFFICIENTS]`), `false` for Fy
    /// (`[LATERAL_COEFFICIENTS]`).
    pub longitudinal: bool,
    /// What changes sign where, with the load-dependent factors there.
    pub message: String,
}

impl SignChange {
    /// The `.tir` section of the channel.
    pub fn section(&self) -> &'static str {
        if self.longitudinal {
            "LONGITUDINAL_COEFFICIENTS"
        } else {
            "LATERAL_COEFFICIENTS"
        }
    }
}

/// Run the sweep on `file` (default [`MfOptions`], as a vehicle uses it): sign changes become
/// warnings, non-finite outputs an error. `sections` are the file's section headers
/// `(NAME, line)` (warnings point at the section of the channel).
pub(super) fn load_sweep(
    file: &TirFile,
    sections: &[(String, usize)],
    eof_line: usize,
    warnings: &mut Vec<TirWarning>,
) -> Result<(), TirError> {
    let tire = MfTire::from(file).with_options(MfOptions::default());
    let changes = check_tire(&tire).map_err(|m| TirError::new(&file.path, eof_line, "", m))?;
    for change in changes {
        let section = change.section();
        let line = sections
            .iter()
            .find(|(n, _)| n == section)
            .map_or(eof_line, |(_, l)| *l);
        warnings.push(TirWarning {
            line,
            section: section.into(),
            key: String::new(),
            message: change.message,
        });
    }
    Ok(())
}

/// The whole check of a tyre, with its own options (what the `.tir` reader runs on every file
/// and [`MfTire::validate`] on hand-built coefficients): every output on the combined grid and
/// in the load sweep finite, else `Err` with the first non-finite point; `Ok` with the sign
/// changes of the load sweep (at most one per channel).
pub(crate) fn check_tire(tire: &MfTire) -> Result<Vec<SignChange>, String> {
    finite_grid(tire)?;
    sign_changes(tire)
}

/// The load sweep of the module docs on `tire`: the lowest load at which Fx (Fy) has the
/// opposite sign of its value at FNOMIN, per channel; `Err` on a non-finite output.
fn sign_changes(tire: &MfTire) -> Result<Vec<SignChange>, String> {
    let c = &tire.coefficients;
    let vx = c.longvl.max(2.0 * c.vxlow);
    let mut out = Vec::new();
    for longitudinal in [true, false] {
        let (name, section, slips) = if longitudinal {
            ("Fx", "LONGITUDINAL_COEFFICIENTS", &KAPPAS)
        } else {
            ("Fy", "LATERAL_COEFFICIENTS", &ALPHAS)
        };
        let eval = |fz: f64, slip: f64| -> Result<f64, String> {
            let (kappa, alpha) = if longitudinal {
                (slip, 0.0)
            } else {
                (0.0, slip)
            };
            let out = tire.steady_state(MfInput {
                fz,
                kappa,
                alpha,
                vx,
                ..MfInput::default()
            });
            if out.clamped.output {
                return Err(format!(
                    "the coefficients give a non-finite force or moment at Fz = {fz} N, \
                     κ = {kappa}, α = {alpha} rad (zero camber, Vx = {vx} m/s): check the \
                     magnitudes in [{section}] and [SCALING_COEFFICIENTS]"
                ));
            }
            Ok(if longitudinal { out.fx } else { out.fy })
        };
        let mut first: Option<Flip> = None;
        for &slip in slips {
            if let Some(flip) = first_flip(&eval, c.fnomin, slip)?
                && first.as_ref().is_none_or(|f| flip.fz < f.fz)
            {
                first = Some(flip);
            }
        }
        if let Some(flip) = first {
            out.push(SignChange {
                longitudinal,
                message: flip_message(name, longitudinal, &flip, c),
            });
        }
    }
    Ok(out)
}

/// Every output on the combined grid is finite (not replaced by the model), else `Err` with
/// the first point that is not.
fn finite_grid(tire: &MfTire) -> Result<(), String> {
    let c = &tire.coefficients;
    for load in GRID_LOADS {
        for kappa in GRID_KAPPAS {
            for alpha in GRID_ALPHAS {
                for gamma in [c.cammin, 0.0, c.cammax] {
                    for vx in [
                        0.0,
                        0.5 * c.vxlow,
                        c.longvl,
                        -c.longvl,
                        MAX_SPEED,
                        -MAX_SPEED,
                    ] {
                        let fz = load * c.fnomin;
                        let out = tire.steady_state(MfInput {
                            fz,
                            kappa,
                            alpha,
                            gamma,
                            vx,
                            pressure: None,
                        });
                        if out.clamped.output {
                            return Err(format!(
                                "the coefficients give a non-finite force or moment at \
                                 Fz = {fz} N, κ = {kappa}, α = {alpha} rad, γ = {gamma} rad, \
                                 Vx = {vx} m/s: check the magnitudes of the coefficients"
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// The lowest sweep load at which `eval(Fz, slip)` has the opposite sign of `eval(FNOMIN,
/// slip)`, if any (a force of exactly 0 at FNOMIN has no sign to keep).
fn first_flip(
    eval: &dyn Fn(f64, f64) -> Result<f64, String>,
    fnomin: f64,
    slip: f64,
) -> Result<Option<Flip>, String> {
    let f_nominal = eval(fnomin, slip)?;
    let mut fz_before = 0.0;
    let mut flip = None;
    for k in 1..=2 * LOAD_DIVISIONS {
        let fz = fnomin * k as f64 / LOAD_DIVISIONS as f64;
        let f = eval(fz, slip)?;
        if flip.is_none() && f * f_nominal < 0.0 {
            flip = Some(Flip {
                slip,
                fz_before,
                fz,
                f_nominal,
                f,
            });
        }
        fz_before = fz;
    }
    Ok(flip)
}

/// The warning text: where the force changes sign and the load-dependent factors there.
fn flip_message(name: &str, longitudinal: bool, flip: &Flip, c: &MfCoefficients) -> String {
    let fz0 = c.lfzo * c.fnomin;
    let dfz = (flip.fz - fz0) / fz0;
    let factors = if longitudinal {
        let mu = (c.pdx1 + c.pdx2 * dfz) * c.lmux;
        let k = (c.pkx1 + c.pkx2 * dfz) * (c.pkx3 * dfz).exp() * c.lkx;
        format!(
            "µx = (PDX1 + PDX2·dfz)·λµx = {mu:.3}, Kxκ/Fz = (PKX1 + PKX2·dfz)·exp(PKX3·dfz)·λKx = {k:.3}"
        )
    } else {
        let mu = (c.pdy1 + c.pdy2 * dfz) * c.lmuy;
        format!("µy = (PDY1 + PDY2·dfz)·λµy = {mu:.3}")
    };
    let slip = if longitudinal {
        format!("κ = {}", flip.slip)
    } else {
        format!("α = {} rad", flip.slip)
    };
    format!(
        "{name} changes sign with load at zero camber: at {slip} it is {:.0} N at FNOMIN = {:.0} N \
         but {:.0} N at Fz = {:.0} N ({:.2}·FNOMIN; the sign changes between {:.0} and {:.0} N); \
         there dfz = {dfz:.3}, {factors}",
        flip.f_nominal,
        c.fnomin,
        flip.f,
        flip.fz,
        flip.fz / c.fnomin,
        flip.fz_before,
        flip.fz,
    )
}
