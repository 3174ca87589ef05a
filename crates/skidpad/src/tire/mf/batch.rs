//! The Magic Formula at several slip points of one load ([`MfTire::forces_batch`]): the
//! contact solve's 6–10 points per wheel and substep share the load, camber, pressure and
//! speed, and many share κ or α.
//!
//! Per batch: the inputs that do not depend on slip ([`Common`]), the operating point's
//! basic quantities and the load terms of every force (`fx_load`, `fy_load`, `fyk_load`:
//! among them Kxκ's `exp` and Kyα's `atan`/`sin`). Per distinct κ: Fx0, Bxα, Gxα's
//! denominator and SVyκ's sine; per distinct α: Fy0, DVyκ, Byκ and Gyκ's denominator. Per
//! point only the two combined weightings remain (two `atan` each). Every term is computed by
//! the same function, with the same operations, as [`MfTire::forces`] computes it, so each
//! point's forces are that function's bits (`tests/tire_forces.rs`).
//!
//! This holds when the friction factors λ*µ do not depend on the slip speed: LMUV = 0 (every
//! file in `tests/data`, and the default) with the slip speed finite — assured here by the
//! limits (κ, α clamped to the file's ranges) and bounded |Vx| and κ range. Otherwise
//! (LMUV ≠ 0, limits off) the batch evaluates each point by [`MfTire::forces`].

use super::forces::{FxKappa, FxLoad, FyAlpha, FyKappa, FyLoad, FykLoad};
use super::model::{MfInput, MfTire, Op, clamp_flag, finite_or, lmu_star, sgn1};
use crate::tire::interface::{MAX_SLIP_POINTS, SlipPoint};
use crate::tire::trig::{cos, sin, tan};
use arrayvec::ArrayVec;
use std::f64::consts::PI;

/// The slip-independent inputs after the non-finite replacements, validity ranges and the
/// low-speed reduction (see the `mf` module docs).
#[derive(Debug, Clone, Copy)]
pub(super) struct Common {
    /// Fz. Unit: N.
    pub(super) fz: f64,
    /// γ. Unit: rad.
    pub(super) gamma: f64,
    /// Vx. Unit: m/s.
    pub(super) vx: f64,
    /// Inflation pressure. Unit: Pa.
    pub(super) press: f64,
    /// Low-speed reduction of the shifts, t and Mzr. Unit: 1.
    pub(super) red: f64,
    /// κ's low-speed factor |Vx|/VXLOW (limits on, |Vx| ≤ VXLOW). Unit: 1.
    lin: Option<f64>,
}

/// The slip-independent terms of a batch whose points share them: the inputs after the
/// limits, the operating point's basic quantities at zero slip and the load terms of Fx, Fy
/// and Gyκ. With LMUV = 0 and the slip speed finite they are those of every slip point at
/// this load (the aligning moment's too, [`MfTire::mz_with`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct MfLoad {
    pub(super) cm: Common,
    pub(super) op: Op,
    pub(super) lx: FxLoad,
    pub(super) ly: FyLoad,
    pub(super) lk: FykLoad,
    /// Both combined-slip weights are exactly 1 at every slip ([`MfTire::unit_weights`]):
    /// the batch and the recorded Mz skip them (`unit_weights.rs`).
    pub(super) unit_weights: bool,
    /// The lateral and longitudinal reach floors of this load (`reach.rs`), kept once
    /// computed (a wheel's holds before and after its force ask for the same); `NaN`
    /// until then. Unit: 1.
    pub(crate) reach_floors: [f64; 2],
}

/// Largest |Vx| and κ bound for which the batch's λ*µ = λµ holds for certain (the slip
/// speed `√((κVx)² + (tan α·Vx)²)` stays finite). Unit: m/s and 1.
const BATCH_BOUND: f64 = 1e100;

impl MfTire {
    /// Fz, γ, Vx and pressure after the non-finite replacements (flags in `cl`) and, with
    /// limits, the validity ranges and the low-speed reduction; `None` for Fz ≤ 0.
    pub(super) fn limited_common(
        &self,
        input: &MfInput,
        cl: &mut super::MfClamped,
    ) -> Option<Common> {
        let c = &self.coefficients;
        let fz_raw = finite_or(input.fz, 0.0, 0.0, c.fzmax, &mut cl.fz);
        let mut gamma = finite_or(input.gamma, 0.0, c.cammin, c.cammax, &mut cl.gamma);
        let vx = finite_or(input.vx, 0.0, 0.0, 0.0, &mut cl.vx);
        let p_default = c.inflpres;
        let mut press = match input.pressure {
            Some(p) => finite_or(p, p_default, c.presmin, c.presmax, &mut cl.pressure),
            None => p_default,
        };
        if fz_raw <= 0.0 {
            return None;
        }
        let mut fz = fz_raw;
        let (mut red, mut lin) = (1.0, None);
        if self.options.limits {
            let vxlow = c.vxlow;
            if vxlow > 0.0 && vx.abs() <= vxlow {
                lin = Some((vx / vxlow).abs());
                red = 1.0 - 0.5 * (1.0 + cos_or_minus_one(PI * vx / vxlow));
            }
            fz = clamp_flag(fz, 0.0, c.fzmax, &mut cl.fz);
            gamma = clamp_flag(gamma, c.cammin, c.cammax, &mut cl.gamma);
            if self.uses_pressure() {
                press = clamp_flag(press, c.presmin, c.presmax, &mut cl.pressure);
            }
        }
        Some(Common {
            fz,
            gamma,
            vx,
            press,
            red,
            lin,
        })
    }

    /// κ after the non-finite replacement and, with limits, the low-speed factor and range.
    pub(super) fn limited_kappa(&self, cm: &Common, kappa: f64, flag: &mut bool) -> f64 {
        let c = &self.coefficients;
        let mut kappa = finite_or(kappa, 0.0, c.kpumin, c.kpumax, flag);
        if self.options.limits {
            if let Some(lin) = cm.lin {
                kappa *= lin;
            }
            kappa = clamp_flag(kappa, c.kpumin, c.kpumax, flag);
        }
        kappa
    }

    /// α after the non-finite replacement and, with limits, the low-speed reduction
    /// (α·(|Vx| + |Vsy|)/VXLOW while that sum is below VXLOW) and range.
    pub(super) fn limited_alpha(&self, cm: &Common, alpha: f64, flag: &mut bool) -> f64 {
        let c = &self.coefficients;
        let mut alpha = finite_or(alpha, 0.0, c.alpmin, c.alpmax, flag);
        if self.options.limits {
            let (vx, vxlow) = (cm.vx, c.vxlow);
            // From |Vx| = VXLOW up the sum cannot be below VXLOW: no tan needed.
            if vxlow > 0.0 && vx.abs() < vxlow {
                let speed_sum = vx.abs() + (tan(alpha) * vx).abs();
                if speed_sum < vxlow {
                    alpha *= speed_sum / vxlow;
                }
            }
            alpha = clamp_flag(alpha, c.alpmin, c.alpmax, flag);
        }
        alpha
    }

    /// α* of α ([`super::MfOptions::alpha_star`]: tan α·sgn Vx, else α).
    #[inline]
    pub(super) fn alpha_star(&self, alpha: f64, vx: f64) -> f64 {
        if self.options.alpha_star {
            tan(alpha) * sgn1(vx)
        } else {
            alpha
        }
    }

    /// The slip-independent basic quantities (4.E1–4.E8): dfz, dpi, the camber per force
    /// channel; the slip fields 0 and λ*µ = λµ/(1 + λµV·0/V0) (exact for every slip when
    /// LMUV = 0 and the slip speed is finite).
    pub(super) fn common_point(&self, cm: &Common) -> Op {
        let c = &self.coefficients;
        let fz0p = c.lfzo * c.fnomin;
        let dfz = (cm.fz - fz0p) / fz0p;
        let dpi = if self.uses_pressure() {
            (cm.press - c.nompres) / c.nompres
        } else {
            0.0
        };
        let gamma_s = if self.options.alpha_star {
            sin(cm.gamma)
        } else {
            cm.gamma
        };
        // Camber per force channel: MF 5.2 scales by LGAx, MF 6.x uses γ* (and LKYC/LKZC).
        let (gx, gy, gz) = if self.version.is_mf6() {
            (gamma_s, gamma_s, gamma_s)
        } else {
            (gamma_s * c.lgax, gamma_s * c.lgay, gamma_s * c.lgaz)
        };
        Op {
            fz: cm.fz,
            dfz,
            dpi,
            alpha_s: 0.0,
            vx: cm.vx,
            lmuy_s: lmu_star(c.lmuy, c.lmuv, 0.0, c.longvl),
            red: cm.red,
            clamp_e: self.options.limits,
            kappa: 0.0,
            gamma: cm.gamma,
            press: cm.press,
            vsy: 0.0,
            lmux_s: lmu_star(c.lmux, c.lmuv, 0.0, c.longvl),
            gx,
            gy,
            gz,
        }
    }

    /// `out[i]` = [`MfTire::forces`] at `common` with point `i`'s slips (its κ divided by
    /// `kappa_scale`, the surface's peak-slip scale) and need, bit for bit; see the module
    /// docs for what is shared.
    pub(crate) fn forces_batch(
        &self,
        common: MfInput,
        kappa_scale: f64,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
    ) {
        if !self.shares_load_terms(&common) {
            for (p, o) in points.iter().zip(out.iter_mut()) {
                let input = MfInput {
                    kappa: p.kappa / kappa_scale,
                    alpha: p.alpha,
                    ..common
                };
                *o = self.forces(input, p.need);
            }
            return;
        }
        self.forces_batch_with(self.load_terms(&common).as_ref(), kappa_scale, points, out);
    }

    /// [`MfTire::forces_batch`] at a load whose batch shares its load terms
    /// ([`MfTire::shares_load_terms`]), with those terms (`None`: no load).
    pub(crate) fn forces_batch_with(
        &self,
        load: Option<&MfLoad>,
        kappa_scale: f64,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
    ) {
        let Some(load) = load else {
            out.iter_mut().for_each(|o| *o = (0.0, 0.0));
            return;
        };
        // One chunk (the contact solve's batches): no chunk arithmetic.
        if points.len() <= MAX_SLIP_POINTS {
            self.chunk(load, kappa_scale, points, out);
            return;
        }
        for (points, out) in points
            .chunks(MAX_SLIP_POINTS)
            .zip(out.chunks_mut(MAX_SLIP_POINTS))
        {
            self.chunk(load, kappa_scale, points, out);
        }
    }

    /// One chunk of at most [`MAX_SLIP_POINTS`] points, by `unit_weights.rs` where the
    /// load's weights are exactly 1.
    #[inline]
    fn chunk(&self, load: &MfLoad, kappa_scale: f64, points: &[SlipPoint], out: &mut [(f64, f64)]) {
        if load.unit_weights {
            self.unit_chunk(load, kappa_scale, points, out);
        } else {
            self.shared_chunk(load, kappa_scale, points, out);
        }
    }

    /// The load terms of a batch at `common` (see [`MfLoad`]), `None` for Fz ≤ 0.
    pub(crate) fn load_terms(&self, common: &MfInput) -> Option<MfLoad> {
        let mut out = None;
        self.load_terms_into(common, &mut out);
        out
    }

    /// [`MfTire::load_terms`] written into `out` (the kept slot of a wheel and substep): its
    /// fields are stored there, not built beside it and copied in (a ≈ 450-byte `memcpy`).
    pub(crate) fn load_terms_into(&self, common: &MfInput, out: &mut Option<MfLoad>) {
        let mut cl = super::MfClamped::default();
        let Some(cm) = self.limited_common(common, &mut cl) else {
            *out = None;
            return;
        };
        let op = self.common_point(&cm);
        let lx = self.fx_load(&op);
        let ly = self.fy_load(&op, op.gy);
        let lk = self.fyk_load(&op, ly.muy);
        let unit_weights = self.unit_weights(&lx, &lk);
        *out = Some(MfLoad {
            cm,
            op,
            lx,
            ly,
            lk,
            unit_weights,
            reach_floors: [f64::NAN; 2],
        });
    }

    /// Whether the batch at `common` shares the load terms between its points: the friction
    /// factors λ*µ do not depend on the slip speed (module docs).
    pub(crate) fn shares_load_terms(&self, common: &MfInput) -> bool {
        let c = &self.coefficients;
        let bounded = |x: f64| x.abs() <= BATCH_BOUND;
        c.lmuv == 0.0
            && self.options.limits
            && bounded(c.kpumin)
            && bounded(c.kpumax)
            && (!common.vx.is_finite() || bounded(common.vx))
    }

    /// One chunk of [`MfTire::forces_batch`] (at most [`MAX_SLIP_POINTS`] points) with the
    /// load terms shared.
    fn shared_chunk(
        &self,
        load: &MfLoad,
        kappa_scale: f64,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
    ) {
        let MfLoad {
            ref cm,
            ref op,
            ref lx,
            ref ly,
            ref lk,
            ..
        } = *load;
        // Terms per distinct κ and α (keyed by their bits after the limits); only the entries
        // pushed are written (at most one per point of the chunk).
        let mut kappas =
            ArrayVec::<(u64, Option<FxKappa>, Option<FyKappa>), MAX_SLIP_POINTS>::new();
        let mut alphas = ArrayVec::<(u64, (), Option<FyAlpha>), MAX_SLIP_POINTS>::new();
        let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
        for (p, o) in points.iter().zip(out.iter_mut()) {
            let mut flag = false;
            let kappa = self.limited_kappa(cm, p.kappa / kappa_scale, &mut flag);
            let alpha = self.limited_alpha(cm, p.alpha, &mut flag);
            let ik = find_or_push(&mut kappas, kappa.to_bits(), (None, None));
            let ia = find_or_push(&mut alphas, alpha.to_bits(), ((), None));
            let (ke, ae) = (&mut kappas[ik], &mut alphas[ia]);
            let alpha_s = self.alpha_star(alpha, op.vx);
            let fx = if p.need.x() {
                let kx = *ke.1.get_or_insert_with(|| self.fx_kappa(op, lx, kappa));
                finite(Self::fx_combined(lx, &kx, alpha_s))
            } else {
                0.0
            };
            let fy = if p.need.y() {
                let ya = *ae
                    .2
                    .get_or_insert_with(|| self.fy_alpha(op, ly, lk, alpha_s));
                let yk = *ke.2.get_or_insert_with(|| self.fy_kappa(lk, kappa));
                finite(self.fy_combined(op, lk, &ya, &yk).fy)
            } else {
                0.0
            };
            *o = (fx, fy);
        }
    }
}

/// `cos(x)`, without the call at `x = ±π` (the speed at VXLOW, where the contact solve
/// evaluates its slow wheels): `cos(±π)` is −1 (test below).
#[inline]
fn cos_or_minus_one(x: f64) -> f64 {
    if x.abs() == PI { -1.0 } else { cos(x) }
}

/// The index of the entry keyed `key` in `table`, or of a new one holding `empty`.
fn find_or_push<A: Copy, B: Copy>(
    table: &mut ArrayVec<(u64, A, B), MAX_SLIP_POINTS>,
    key: u64,
    empty: (A, B),
) -> usize {
    if let Some(i) = table.iter().position(|e| e.0 == key) {
        return i;
    }
    table.push((key, empty.0, empty.1));
    table.len() - 1
}

#[cfg(test)]
mod tests {
    use super::super::test_files::{hmmwv, mf_185_80r14, sedan};
    use super::{MfInput, PI, cos, cos_or_minus_one};
    use crate::test_rng::{uniform, unit};

    /// `load_terms_into` over a slot that holds another load's terms (or none) stores
    /// `load_terms`' terms, every field (compared by their `Debug` text, which spells each
    /// `f64`'s bits apart: shortest round-trip digits, `-0.0`): 3 × 4000 seeded loads, cambers,
    /// speeds and pressures, no load and non-finite inputs among them.
    #[test]
    fn load_terms_into_a_used_slot_is_load_terms() {
        let mut rng = 0x10ad_7e25_u64;
        let (mut loaded, mut none) = (0, 0);
        for t in [sedan(), hmmwv(), mf_185_80r14()] {
            let mut slot = None;
            for _ in 0..4000 {
                let pick = |rng: &mut u64, lo: f64, hi: f64| {
                    let u = unit(rng);
                    if u < 0.03 {
                        [0.0, -0.0, f64::NAN, f64::INFINITY][(u * 133.0) as usize]
                    } else {
                        uniform(rng, lo, hi)
                    }
                };
                let common = MfInput {
                    fz: pick(&mut rng, -500.0, 12_000.0),
                    gamma: pick(&mut rng, -0.2, 0.2),
                    vx: pick(&mut rng, -40.0, 40.0),
                    pressure: (unit(&mut rng) < 0.5).then(|| uniform(&mut rng, 1.5e5, 3e5)),
                    ..MfInput::default()
                };
                t.load_terms_into(&common, &mut slot);
                let want = t.load_terms(&common);
                assert_eq!(format!("{slot:?}"), format!("{want:?}"), "{common:?}");
                if want.is_some() {
                    loaded += 1
                } else {
                    none += 1
                }
            }
        }
        assert!(loaded > 9000 && none > 300, "{loaded} {none}");
    }

    /// The shortcut is `cos`'s bits at ±π and everywhere else it lets `cos` answer.
    #[test]
    fn cos_or_minus_one_is_cos() {
        for x in [
            PI,
            -PI,
            0.0,
            -0.0,
            1.0,
            PI - 1e-15,
            -PI + 1e-15,
            3.0 * PI,
            f64::NAN,
        ] {
            assert_eq!(cos_or_minus_one(x).to_bits(), cos(x).to_bits(), "{x}");
        }
        assert_eq!(cos(PI).to_bits(), (-1.0f64).to_bits());
        assert_eq!(cos(-PI).to_bits(), (-1.0f64).to_bits());
    }
}
