//! The standalone step's parameter-only boxes ([`StepBoxes`]): the rims' vehicle-frame box
//! for their broad phase and the body's automatic collision box. They depend on the
//! wheels' and the chassis' parameters only, so they are computed once with the other
//! [`super::Derived`] constants instead of at the start of every step (≈ 480 instructions a
//! step for a car: a tenth of a ray-cast car's step outside the tyres and ground queries).
//! The rim geometry they need (clearance, sweep margin) is defined here and re-exported by
//! `pipeline`, whose rim contact (`pipeline::rim_contact`) uses them.

use super::VehicleParams;
use crate::chassis::{BodyShape, auto_box};
use crate::wheel::WheelParams;
use glam::DVec3;

/// How far the rim sphere's radius stays inside the tyre's radius. Unit: m. It must exceed
/// the depth an end stop lets a fully compressed wheel sink (millimetres), so that the
/// sphere of a wheel resting on its end stop does not touch the ground it rests on.
pub const RIM_CLEARANCE: f64 = 0.005;

/// Extra reach of the rim sweep beyond the point's unconstrained motion in the substep
/// (other constraints' impulses can turn the body a little towards an obstacle). Unit: m.
pub const RIM_SWEEP_MARGIN: f64 = 0.02;

/// The rim sphere's radius `r_s = R − RIM_CLEARANCE` (at least `R/2`) of wheel `wp`. Unit: m.
#[inline]
pub(crate) fn rim_radius(wp: &WheelParams) -> f64 {
    (wp.radius - RIM_CLEARANCE).max(0.5 * wp.radius)
}

/// The rim sphere's centre in the vehicle frame: the wheel centre at full compression (the
/// strut top). Unit: m.
#[inline]
pub(crate) fn strut_top_local(wp: &WheelParams) -> DVec3 {
    let sp = &wp.suspension;
    wp.position - sp.travel_direction * sp.max_compression
}

/// Rounding allowance of the rims' broad phase's centres (from rotation matrices) against
/// the rim contact's (quaternion rotations): ≈ 1e-12 m apart at 10 km from the origin.
/// Unit: m.
const RIMS_BOUND_SLACK: f64 = 1e-6;

/// The vehicle-frame part of the rims' broad phase (`pipeline::rim_contact`'s
/// `RimsBox::clear`): the box of every enabled wheel's strut top (centre and half extents,
/// vehicle frame, m) and the sweep's reach beyond it (the largest rim radius,
/// [`RIM_SWEEP_MARGIN`] and a rounding slack, m); and the body's automatic box
/// ([`auto_box_of`]), for the body contact's substeps. [`super::Derived::step_boxes`] holds
/// those of the vehicle's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct StepBoxes {
    pub(crate) centre: DVec3,
    pub(crate) half: DVec3,
    pub(crate) grow: f64,
    /// [`auto_box_of`] of the parameters (vehicle frame, `(min, max)`, m).
    pub(crate) auto: Option<(DVec3, DVec3)>,
    /// The substep's footprint for the kept height bound (`pipeline::kept`); `None` without
    /// a body box.
    pub(crate) footprint: Option<Footprint>,
}

/// The vehicle-frame boxes `pipeline::kept` tests with, from the parameters alone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Footprint {
    /// The box (centre, m) holding the strut tops' box grown by `grow` on every side and the
    /// body's box (the automatic one or the shape's own), grown by [`FOOTPRINT_SLACK`]: at
    /// any pose every rim sweep's and body ray's `(x, y)` lies in its world bounding box.
    pub(crate) centre: DVec3,
    /// Its half extents (m).
    pub(crate) half: DVec3,
    /// The farthest its points lie from the vehicle frame's origin, `|(|c| + e)|` (m).
    pub(crate) radius: f64,
    /// The farthest the strut tops' box's points lie from the origin (m).
    pub(crate) rims_radius: f64,
}

/// Rounding allowance of [`StepBoxes::footprint`]'s world rectangle (from a rotation
/// matrix) against the points' own transforms (≈ 1e-12 m at 10 km). Unit: m.
const FOOTPRINT_SLACK: f64 = 1e-6;

impl StepBoxes {
    /// The box of `p`'s enabled wheels' strut tops, and `p`'s automatic body box.
    pub(crate) fn of(p: &VehicleParams) -> Self {
        let (mut lo_v, mut hi_v, mut r) = (DVec3::INFINITY, DVec3::NEG_INFINITY, 0.0_f64);
        for wp in p.wheels.iter().filter(|w| w.enabled) {
            let local = strut_top_local(wp);
            (lo_v, hi_v) = (lo_v.min(local), hi_v.max(local));
            r = r.max(rim_radius(wp));
        }
        let grow = r + RIM_SWEEP_MARGIN + RIMS_BOUND_SLACK;
        let auto = auto_box_of(p);
        let body = match &p.contact.body.shape {
            BodyShape::Auto => auto,
            BodyShape::Box { min, max } => Some((*min, *max)),
            BodyShape::None | BodyShape::Hull { .. } => None,
        };
        let (centre, half) = (0.5 * (lo_v + hi_v), 0.5 * (hi_v - lo_v));
        let footprint = body.map(|(min, max)| {
            let g = DVec3::splat(grow + FOOTPRINT_SLACK);
            let (lo, hi) = ((lo_v - g).min(min), (hi_v + g).max(max));
            let s = DVec3::splat(FOOTPRINT_SLACK);
            let (c, e) = (0.5 * (lo + hi), 0.5 * (hi - lo) + s);
            Footprint {
                centre: c,
                half: e,
                radius: (c.abs() + e).length(),
                rims_radius: (centre.abs() + half).length(),
            }
        });
        Self {
            centre,
            half,
            grow,
            auto,
            footprint,
        }
    }
}

/// The automatic body box of `p` ([`auto_box`]) from its enabled wheels.
pub fn auto_box_of(p: &VehicleParams) -> Option<(DVec3, DVec3)> {
    let wheels = p.wheels.iter().filter(|w| w.enabled).map(|w| {
        let rise = w.suspension.max_compression * w.suspension.travel_direction.z.abs();
        (w.position, w.radius, rise)
    });
    auto_box(wheels, p.chassis.com_offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Derived;

    #[test]
    fn the_derived_boxes_are_the_parameters_boxes() {
        // Every preset, with all wheels and with one wheel disabled: the boxes held by the
        // derived constants are those computed from the parameters, field for field.
        use crate::presets as ps;
        let all = [
            ps::sedan(),
            ps::sports_rwd(),
            ps::hatch_fwd(),
            ps::rally_4wd(),
            ps::kart(),
            ps::tank(),
            ps::truck_6x6(),
            ps::truck_8x8(),
        ];
        let mut disabled = 0;
        for mut p in all {
            for k in [None, Some(2)] {
                if let Some(k) = k {
                    p.wheels[k].enabled = false;
                }
                // A car without one of its 4 wheels has no sprung-mass split.
                let Ok(d) = Derived::new(&p) else { continue };
                disabled += usize::from(k.is_some());
                let want = StepBoxes::of(&p);
                assert_eq!(format!("{:?}", d.step_boxes), format!("{want:?}"));
                assert!(want.auto.is_some() && want.grow > RIM_SWEEP_MARGIN);
            }
        }
        assert!(disabled >= 2, "{disabled}");
    }
}
