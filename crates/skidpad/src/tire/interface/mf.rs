//! The full Magic Formula ([`MfTire`]) behind the common interface: the surface's scales
//! applied to the tyre's coefficients, the common input translated, and the load terms kept
//! between the calls of one wheel and substep ([`KeptLoad`]).

use super::{
    ForceNeed, KeptLoad, SlipInput, SlipPoint, SteadyForces, TireModel, longitudinal_slip,
    peak_slip_scale, positive_finite,
};
use crate::tire::mf::{MfInput, MfLoad, MfTire};

/// The Magic Formula tire behind the common interface. Surface friction scales the peak
/// friction factors (LMUX, LMUY) and surface stiffness the slip stiffness factors (LKX, LKY),
/// so the curve keeps its shape at small slip and its peak moves with the surface; the
/// file's own scaling factors are multiplied, not replaced. The surface's peak-slip scale
/// `s` feeds the formula `κ/s` ([`longitudinal_slip`]): pure and combined Fx, and the
/// κ-dependent terms of Fy and Mz, see the stretched slip axis.
impl TireModel for MfTire {
    /// Never a wheel torque (0 in every output).
    fn has_wheel_torque(&self) -> bool {
        false
    }

    fn steady_state(&self, input: &SlipInput) -> SteadyForces {
        let out = self.with_surface(input, MfTire::steady_state);
        SteadyForces {
            fx: out.fx,
            fy: out.fy,
            mz: out.mz,
            mx: out.mx,
            my: out.my,
            wheel_torque: 0.0,
        }
    }

    fn forces(&self, input: &SlipInput, need: ForceNeed) -> (f64, f64) {
        self.with_surface(input, |t, mf| MfTire::forces(t, mf, need))
    }

    /// [`TireModel::aligning_moment`] from the kept load terms ([`KeptLoad`]).
    fn aligning_moment_kept(&self, input: &SlipInput, kept: &mut KeptLoad) -> f64 {
        self.with_surface(input, |t, mf| match t.kept_load(input, &mf, kept) {
            Some(load) => t.mz_with(load, mf, None),
            None => t.mz(mf),
        })
    }

    /// [`TireModel::aligning_moment_kept`] with `tan α = tan_alpha` where the limits leave
    /// `input.alpha` as it is (`MfTire::mz_with`): one `tan` fewer, round-off only.
    fn aligning_moment_tan_kept(
        &self,
        input: &SlipInput,
        tan_alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        self.with_surface(input, |t, mf| match t.kept_load(input, &mf, kept) {
            Some(load) => t.mz_with(load, mf, Some(tan_alpha)),
            None => t.mz(mf),
        })
    }

    /// [`TireModel::forces_at`] from the kept load terms ([`KeptLoad`]).
    fn forces_at_kept(
        &self,
        common: &SlipInput,
        points: &[SlipPoint],
        out: &mut [(f64, f64)],
        kept: &mut KeptLoad,
    ) {
        let scale = peak_slip_scale(common);
        self.with_surface(common, |t, mf| match t.kept_load(common, &mf, kept) {
            Some(load) => t.forces_batch_with(load.as_ref(), scale, points, out),
            None => t.forces_batch(mf, scale, points, out),
        });
    }

    /// [`TireModel::sliding_fx_floor`] from the kept load terms ([`KeptLoad`]).
    fn sliding_fx_floor_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        let scale = peak_slip_scale(common);
        self.with_surface(common, |t, mf| match t.kept_load(common, &mf, kept) {
            Some(Some(load)) => t.sliding_floor_with(load, scale, kappa, alpha),
            _ => 0.0,
        })
    }

    /// The closed form of `mf/reach.rs` from the kept load terms (once a load: kept with
    /// them): `F_slide/K_α` with the
    /// sliding force bounded below by `floor.rs`'s polynomial bounds and the cornering
    /// stiffness above by `Dy·Cy·|By|` times the curvature's most; 0 where a premise fails
    /// (combined-slip weights not exactly 1, a shape outside `0 < Cy ≤ 2`, `By < 0`).
    fn lateral_reach_floor_kept(&self, common: &SlipInput, kept: &mut KeptLoad) -> f64 {
        self.with_surface(common, |t, mf| match t.kept_load(common, &mf, kept) {
            Some(Some(load)) => {
                if load.reach_floors[0].is_nan() {
                    load.reach_floors[0] = t.lateral_reach_floor_with(load);
                }
                load.reach_floors[0]
            }
            _ => 0.0,
        })
    }

    /// The coarse floor of `mf/floor.rs` (`Dx·sin(Cx·π/2) − |SVx|`, from the load terms and
    /// two tests) where its premises hold, else [`TireModel::sliding_fx_floor_kept`]'s floor.
    fn sliding_fx_bound_kept(
        &self,
        common: &SlipInput,
        kappa: f64,
        alpha: f64,
        kept: &mut KeptLoad,
    ) -> f64 {
        let scale = peak_slip_scale(common);
        self.with_surface(common, |t, mf| match t.kept_load(common, &mf, kept) {
            Some(Some(load)) => {
                let coarse = t.coarse_floor_with(load, kappa / scale);
                if coarse > 0.0 {
                    coarse
                } else {
                    t.sliding_floor_with(load, scale, kappa, alpha)
                }
            }
            _ => 0.0,
        })
    }

    /// [`TireModel::lateral_reach_floor_kept`] with its own load terms.
    fn lateral_reach_floor(&self, common: &SlipInput) -> f64 {
        self.lateral_reach_floor_kept(common, &mut KeptLoad::default())
    }

    /// `mf/reach.rs`'s longitudinal closed form from the kept load terms (once a load: kept
    /// with them): the sliding floor
    /// at `κ = ±1` over `Dx·Cx·Bx` times the curvature's most.
    fn longitudinal_reach_floor_kept(&self, common: &SlipInput, kept: &mut KeptLoad) -> f64 {
        let scale = peak_slip_scale(common);
        self.with_surface(common, |t, mf| match t.kept_load(common, &mf, kept) {
            Some(Some(load)) => {
                if load.reach_floors[1].is_nan() {
                    load.reach_floors[1] = t.longitudinal_reach_floor_with(load, scale);
                }
                load.reach_floors[1]
            }
            _ => 0.0,
        })
    }

    /// Mz without Mx and My.
    fn aligning_moment(&self, input: &SlipInput) -> f64 {
        self.with_surface(input, MfTire::mz)
    }

    /// The load, camber, pressure and surface terms once per batch, the terms of κ alone and
    /// of α alone once per distinct value ([`MfTire`]'s batch).
    fn forces_at(&self, common: &SlipInput, points: &[SlipPoint], out: &mut [(f64, f64)]) {
        let scale = peak_slip_scale(common);
        self.with_surface(common, |t, mf| t.forces_batch(mf, scale, points, out));
    }

    /// A closed-form bound from the load terms: `Dx·sin θ − |SVx|` with `θ` bounded by
    /// polynomials of the shape's `atan`s, times a polynomial bound of `Gxα` (the `mf`
    /// module's `floor.rs`); 0 where a premise fails (limits off, LMUV ≠ 0, shapes outside
    /// `0 < Cx ≤ 2`, `Ex ≤ 1`, a combined weight that may reach 0).
    fn sliding_fx_floor(&self, common: &SlipInput, kappa: f64, alpha: f64) -> f64 {
        let scale = peak_slip_scale(common);
        self.with_surface(common, |t, mf| t.sliding_floor(mf, scale, kappa, alpha))
    }
}

impl MfTire {
    /// The load terms kept in `kept` for `input`'s load and surface (computed and kept if
    /// `kept` holds none for them): `None` where the batch does not share its load terms
    /// (then nothing is kept), `Some(None)` for no load. `mf` is `input` translated by
    /// [`MfTire::with_surface`], for this tyre with the surface's scales applied.
    #[inline]
    fn kept_load<'k>(
        &self,
        input: &SlipInput,
        mf: &MfInput,
        kept: &'k mut KeptLoad,
    ) -> Option<&'k mut Option<MfLoad>> {
        kept.mf(
            input,
            || self.shares_load_terms(mf),
            |slot| self.load_terms_into(mf, slot),
        )
    }

    /// `f(tire, input)` with the surface scales applied to this tyre's coefficients and the
    /// common interface's input translated (see the `TireModel` impl's docs).
    fn with_surface<R>(&self, input: &SlipInput, f: impl FnOnce(&MfTire, MfInput) -> R) -> R {
        // Evaluated at |Vx| ≥ VXLOW: the MF low-speed reductions exist for steady-state slip
        // definitions that blow up at standstill; skidpad feeds transient slips, which do not
        // (see `tire::contact`), so the reductions would only remove traction at a launch.
        // Also evaluated with |Vx|: skidpad's κ and α are already defined with |Vx| for either
        // rolling direction (ISO), while MF mirrors Fx for Vx < 0 on top of that.
        let vxlow = self.coefficients.vxlow.max(0.0);
        let vx = if input.vx.is_finite() {
            input.vx.abs().max(vxlow)
        } else {
            vxlow
        };
        let mf = MfInput {
            fz: input.fz,
            kappa: longitudinal_slip(input),
            alpha: input.alpha,
            gamma: input.gamma,
            vx,
            pressure: positive_finite(input.pressure).then_some(input.pressure),
        };
        let (fs, ks) = (input.friction_scale, input.stiffness_scale);
        // One call of `f` (its caller's closure then inlines here whatever the codegen units:
        // with a call in each branch the batch's and the recorded moment's closures were
        // left out of line, +0.3 k instructions a vehicle-step on the MF car; callgrind).
        let scaled;
        let t = if fs == 1.0 && ks == 1.0 {
            self
        } else {
            // A stack copy of the coefficients (plain f64 fields: no allocation).
            let mut t = self.clone();
            let c = &mut t.coefficients;
            let fs = if fs.is_finite() { fs.max(0.0) } else { 1.0 };
            let ks = if ks.is_finite() && ks > 0.0 { ks } else { 1.0 };
            c.lmux *= fs;
            c.lmuy *= fs;
            c.lkx *= ks;
            c.lky *= ks;
            scaled = t;
            &scaled
        };
        f(t, mf)
    }
}
