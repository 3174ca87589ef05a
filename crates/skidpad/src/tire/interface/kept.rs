//! [`KeptLoad`]: a built-in model's slip-independent terms, kept between the calls of one
//! wheel and substep so the contact solve's force-limit floor, its batch and the recorded
//! aligning moment compute them once (the full Magic Formula's load terms, the simplified
//! Magic Formula's and the slip-curve tyre's load, surface and camber terms, the
//! friction-circle tyre's load and surface products).

use super::{
    LinearCircle, LoadFields, LoadInput, SlipInput, load_fields, sanitize_inline,
    sanitize_load_fields,
};
use crate::math::same_words;
use crate::tire::mf::MfLoad;
use crate::tire::{simple_magic, slip_curve};

/// The slip-independent terms (load, camber, pressure, speed and surface terms) a built-in
/// model computed for one load, kept by the caller between the `*_kept` calls of one wheel
/// and substep ([`TireModel::forces_at_kept`](super::TireModel::forces_at_kept)). Opaque: start from `KeptLoad::default()`
/// (nothing kept) and pass it to one model only. Every use checks the bits of the input's
/// load, camber, speed, pressure and surface scales against those the terms were computed
/// for, so a stale entry is recomputed, never used.
///
/// It also carries the simplified Magic Formula's lateral [`simple_magic::UnitMemo`] through
/// the calls of one wheel and substep: seeded from the wheel's
/// ([`crate::tire::TireState::lateral_unit`], `KeptLoad::with_lateral_unit`) and read back
/// after the recorded aligning moment (`KeptLoad::lateral_unit`).
#[derive(Debug, Clone, Copy, Default)]
pub struct KeptLoad(Kept, simple_magic::UnitMemo);

/// What a [`KeptLoad`] holds.
// Kept on the stack for one wheel and substep: boxing the large variant would allocate in the
// step.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, Default)]
enum Kept {
    /// Nothing yet.
    #[default]
    None,
    /// The full Magic Formula's terms, keyed by [`load_key`].
    Mf([u64; 7], Option<MfLoad>),
    /// The simplified Magic Formula's terms, keyed by the bits of the five fields
    /// [`sanitize_load`](super::sanitize_load) reads.
    Simple([u64; 5], Option<simple_magic::Prepared>),
    /// The slip-curve tyre's terms, keyed by the bits of the seven fields its
    /// slip-independent part reads.
    Curve([u64; 7], Option<slip_curve::Prepared>),
    /// The friction-circle tyre's products, keyed by the bits of the four fields they read.
    Circle([u64; 4], LinearCircle),
}

impl KeptLoad {
    /// Nothing kept, the lateral curve's memo `memo` (the wheel's).
    #[inline]
    pub(crate) fn with_lateral_unit(memo: simple_magic::UnitMemo) -> Self {
        Self(Kept::None, memo)
    }

    /// The lateral curve's memo as the calls left it.
    #[inline]
    pub(crate) fn lateral_unit(&self) -> simple_magic::UnitMemo {
        self.1
    }

    /// The full Magic Formula's load terms for the load and surface of `s`: the kept ones
    /// if they are for [`load_key`]`(s)`, else those `load_terms` writes into the kept slot
    /// (it stores every field: the slot's old value is not read); `None` (nothing kept)
    /// where `shares()` says the batch does not share them. Terms are kept only where it
    /// does, and whether it does depends on the tyre's coefficients and `Vx` alone (`Vx` is
    /// in the key), so kept terms for `s` need no new check.
    #[inline]
    pub(in crate::tire) fn mf(
        &mut self,
        s: &SlipInput,
        shares: impl FnOnce() -> bool,
        load_terms: impl FnOnce(&mut Option<MfLoad>),
    ) -> Option<&mut Option<MfLoad>> {
        let key = load_key(s);
        if !matches!(&self.0, Kept::Mf(k, _) if same_words(k, &key)) {
            if !shares() {
                return None;
            }
            // The terms written into their slot, not built beside it and copied in (a
            // ≈ 450-byte `memcpy` a wheel and substep): the variant first, then the slot.
            if !matches!(self.0, Kept::Mf(..)) {
                self.0 = Kept::Mf(key, None);
            }
            if let Kept::Mf(k, slot) = &mut self.0 {
                *k = key;
                load_terms(slot);
            }
        }
        match &mut self.0 {
            Kept::Mf(_, load) => Some(load),
            _ => None,
        }
    }

    /// The simplified Magic Formula's slip-independent terms for the load and surface of
    /// `s`: the kept ones if they are for the bits of `s`'s [`LoadInput`] fields, else
    /// `prepare(&sanitize_load(s))` ([`super::sanitize_load`]), kept. `None` at no load.
    #[inline]
    pub(in crate::tire) fn simple(
        &mut self,
        s: &SlipInput,
        prepare: impl FnOnce(&LoadInput) -> Option<simple_magic::Prepared>,
    ) -> Option<&simple_magic::Prepared> {
        self.simple_fields(load_fields(s), prepare)
    }

    /// [`KeptLoad::simple`] with the lateral curve's memo beside it.
    #[inline]
    pub(in crate::tire) fn simple_with_unit(
        &mut self,
        s: &SlipInput,
        prepare: impl FnOnce(&LoadInput) -> Option<simple_magic::Prepared>,
    ) -> (Option<&simple_magic::Prepared>, &mut simple_magic::UnitMemo) {
        self.simple_fields_with_unit(load_fields(s), prepare)
    }

    /// [`KeptLoad::simple_fields`] with the lateral curve's memo beside it.
    #[inline]
    pub(in crate::tire) fn simple_fields_with_unit(
        &mut self,
        fields: LoadFields,
        prepare: impl FnOnce(&LoadInput) -> Option<simple_magic::Prepared>,
    ) -> (Option<&simple_magic::Prepared>, &mut simple_magic::UnitMemo) {
        let _ = self.simple_fields(fields, prepare);
        match &self.0 {
            Kept::Simple(_, p) => (p.as_ref(), &mut self.1),
            _ => (None, &mut self.1),
        }
    }

    /// [`KeptLoad::simple`] of an input whose [`LoadFields`] are `fields` (the same key, the
    /// same terms), for a caller without a whole [`SlipInput`]. Always inlined: its callers
    /// on the step's path are few (the direct and the coupled linearisation, the floors, the
    /// recorded moment), and as a call (the codegen units' choice once the coupled stage
    /// carried its terms) it cost the sedan ≈ 0.2 k instructions a vehicle-step.
    #[inline(always)]
    pub(in crate::tire) fn simple_fields(
        &mut self,
        fields: LoadFields,
        prepare: impl FnOnce(&LoadInput) -> Option<simple_magic::Prepared>,
    ) -> Option<&simple_magic::Prepared> {
        let key = fields.map(f64::to_bits);
        if !matches!(&self.0, Kept::Simple(k, _) if same_words(k, &key)) {
            self.0 = Kept::Simple(key, prepare(&sanitize_load_fields(fields)));
        }
        match &self.0 {
            Kept::Simple(_, p) => p.as_ref(),
            _ => None,
        }
    }

    /// The slip-curve tyre's slip-independent terms for the load and surface of `s`: the
    /// kept ones if they are for the bits of `s`'s load, rest load, camber, gravity and
    /// surface scales, else `prepare(&sanitize(s))`, kept. `None` at no load.
    #[inline]
    pub(in crate::tire) fn curve(
        &mut self,
        s: &SlipInput,
        prepare: impl FnOnce(&SlipInput) -> Option<slip_curve::Prepared>,
    ) -> Option<&slip_curve::Prepared> {
        let key = super::curve_load_fields(s).map(f64::to_bits);
        if !matches!(&self.0, Kept::Curve(k, _) if same_words(k, &key)) {
            self.0 = Kept::Curve(key, prepare(&sanitize_inline(s)));
        }
        match &self.0 {
            Kept::Curve(_, p) => p.as_ref(),
            _ => None,
        }
    }
}

/// The fields of a [`SlipInput`] the slip-curve tyre's slip-independent terms read, in
/// [`KeptLoad::curve`]'s key order: the load, rest load, camber, gravity and the friction,
/// stiffness and peak-slip scales.
pub(in crate::tire) type CurveFields = [f64; 7];

/// The sanitised slip input with the [`CurveFields`] `f` and zeros elsewhere: what the
/// slip-curve tyre's load terms are computed from for an input with these fields
/// ([`KeptLoad::curve_of`]).
#[inline(always)]
pub(in crate::tire) fn curve_input(f: CurveFields) -> SlipInput {
    let [
        fz,
        rest_load,
        gamma,
        gravity,
        friction_scale,
        stiffness_scale,
        peak_slip_scale,
    ] = f;
    sanitize_inline(&SlipInput {
        fz,
        kappa: 0.0,
        alpha: 0.0,
        gamma,
        vx: 0.0,
        rest_load,
        friction_scale,
        stiffness_scale,
        peak_slip_scale,
        gravity,
        turn_slip: 0.0,
        pressure: 0.0,
        radius: 0.0,
        omega: 0.0,
    })
}

impl KeptLoad {
    /// [`KeptLoad::curve`] for an input whose [`CurveFields`] are `f`, without the whole
    /// input: the same key, and on a miss `prepare` of the sanitised input with these fields
    /// and zeros elsewhere — the same terms, bit for bit, since the slip curve's terms read
    /// these fields alone and each field is sanitised on its own.
    #[inline]
    pub(in crate::tire) fn curve_of(
        &mut self,
        f: CurveFields,
        prepare: impl FnOnce(&SlipInput) -> Option<slip_curve::Prepared>,
    ) -> Option<&slip_curve::Prepared> {
        let key = f.map(f64::to_bits);
        if !matches!(&self.0, Kept::Curve(k, _) if same_words(k, &key)) {
            self.0 = Kept::Curve(key, prepare(&curve_input(f)));
        }
        match &self.0 {
            Kept::Curve(_, p) => p.as_ref(),
            _ => None,
        }
    }
}

impl KeptLoad {
    /// The friction-circle tyre's load and surface products for `s`: the kept ones if they
    /// are for the bits of `s`'s load, friction, stiffness and peak-slip scales, else
    /// `prepare(s)`, kept.
    #[inline]
    pub(in crate::tire) fn circle(
        &mut self,
        s: &SlipInput,
        prepare: impl FnOnce(&SlipInput) -> LinearCircle,
    ) -> LinearCircle {
        let key = [s.fz, s.friction_scale, s.stiffness_scale, s.peak_slip_scale].map(f64::to_bits);
        match self.0 {
            Kept::Circle(k, p) if k == key => p,
            _ => {
                let p = prepare(s);
                self.0 = Kept::Circle(key, p);
                p
            }
        }
    }
}

/// The bits of the slip-independent part of `s` (load, camber, speed, pressure, surface
/// scales), the key of a [`KeptLoad`].
fn load_key(s: &SlipInput) -> [u64; 7] {
    [
        s.fz,
        s.gamma,
        s.vx,
        s.pressure,
        s.friction_scale,
        s.stiffness_scale,
        s.peak_slip_scale,
    ]
    .map(f64::to_bits)
}

#[cfg(test)]
mod tests;
