//! Stage 10b, the wheels' rigid contact once their travel is used up: each wheel is swept
//! along the chassis' motion so it never starts a substep inside an obstacle (see
//! [`rim_contact`]).
//!
//! ## Why
//!
//! The suspension only absorbs ground that comes up along its travel line. An obstacle the
//! wheel meets from the front or side — a curb higher than the wheel's centre, the edge of a
//! ramp for a kart with 1 cm of travel — is found by the suspension's downward query only once
//! the wheel is already over it, deep inside (a 0.135 m kart wheel 0.13 m inside a 15 cm curb).
//! From there nothing energy-safe is left: the spring is clamped at full compression and
//! pushes with its whole force while the body rises out of the obstacle, so it does work its
//! stored energy never pays for (`F·d`: 3978 N × 0.135 m ≈ 540 J per strike for the kart). The
//! wheel must meet the obstacle's face instead, as a rigid body meets it.
//!
//! ## Model
//!
//! With its travel used up, the wheel is part of the rigid body: its centre is the strut top
//! `c` (the centre at full compression). Its rim is a sphere of radius
//!
//! ```text
//! r_s = R − RIM_CLEARANCE        (R the tyre's radius, m)
//! ```
//!
//! swept from `c₀` (the substep's start pose) along the point's motion `d = c₁ − c₀` (`c₁` at
//! the integrated, unconstrained end pose) for `|d| +` [`RIM_SWEEP_MARGIN`]. A hit at ground
//! point `q` with unit normal `n` (out of the ground) gives the gap along `n` and the
//! speculative point constraint of [`crate::chassis::constraint`] at the rim point nearest the
//! ground, `p = c₀ − n·r_s`:
//!
//! ```text
//! g = (c₀ − q)·n − r_s            (m; ≥ 0 unless already overlapping)
//! (v + ω × (p − x_com) − v_s)·n ≥ −max(g, 0)/h      (m/s; v_s the ground's velocity)
//! ```
//!
//! enforced by an impulse `J·n`, `J ≥ 0`, from the chassis' effective mass at `p`
//! (`k = 1/m + (r × n)·I_w⁻¹(r × n)`). The contact is frictionless and perfectly inelastic
//! (restitution 0): it only removes approach velocity, so the kinetic energy never rises, and
//! it stores nothing, so the audited energy has no term for it. A face straight ahead
//! (`n` horizontal) stops the wheel like a wall; an edge just below the centre gives a
//! normal tilted up, `n = (c − q)/|c − q|`, and the body climbs it only with the kinetic
//! energy it has along `n` — the classic step-climbing wheel.
//!
//! Only ground the suspension cannot carry gets a rim constraint: a hit whose normal lies
//! within the suspension's hit rejection angle of the strut's up direction
//! (`n·up ≥ cos θ_max`, [`HitRejection::max_normal_angle`], 60° by default) is a drivable
//! contact, found by the suspension's own query and held by its end stop; a second, rigid
//! support there would take the load the tyre should carry (the sedan braking hard with its
//! nose at full compression stopped 1 m/s short of its run). So a face or an edge steeper
//! than that — a curb above the centre, the side of a step — is met by the rim, a gentler
//! one is climbed by the suspension.
//!
//! `RIM_CLEARANCE` keeps the sphere off the ground a fully compressed wheel rests on (the end
//! stop holds it there within millimetres), so a fully compressed wheel still sees the face
//! ahead instead of the ground below. A sphere already overlapping the ground at `c₀` (hit
//! distance 0: it touched a face last substep, or the wheel sank past its end stop) may not
//! approach further (`g` clamped at 0). A hit whose normal does not face the sphere's centre,
//! `(c₀ − q)·n ≤ 0`, is not a face (the "deepest point" normal of an overlap with a
//! heightfield pointed down on the sedan's landing and braked it to a stop), and one the
//! sweep does not close on (`n·d ≥ 0`) cannot stop it: neither gives a constraint.
//!
//! Like the body's collision shape, the rims belong to the standalone world's collision
//! ([`super::impact_stage`]): a vehicle with [`crate::chassis::BodyShape::None`] has
//! neither, and hosted steps leave both to the host engine's colliders.
//!
//! Limits: a sphere of the tyre's radius stands in for the wheel's cylinder, so it reaches
//! `R − w/2` beyond the tread to each side; an impulse that spins the body hard lets the rim
//! sink by up to `h·|Δω × r|/2` (the velocity constraint holds the end-of-substep velocity,
//! but the integrator turns the body with the mean of the start and end spin: the kart's
//! first curb strike, 16 rad/s of yaw at 0.5 m, 3.5 cm in an 8.3 ms substep); the contact is frictionless (the tyre's own
//! friction acts only through the tyre model at the ground contact). One sphere cast per
//! enabled wheel per substep, skipped when the ground's height bound shows the sweep cannot
//! reach it ([`crate::ground::clear_of`]; a skipped sweep is one that finds nothing); first
//! for all wheels at once, from one bound under the body's floor plane (a car on a slope) or
//! a flat one (`RimsBox::clear`), then wheel by wheel.

use super::sloped::SlopedTest;
use crate::chassis::{ChassisState, PointConstraint};
use crate::ground::{AskedGround, BROAD_PHASE_MARGIN, Ground, HitRejection, clear_of};
pub(crate) use crate::params::StepBoxes as RimsBox;
pub use crate::params::{RIM_CLEARANCE, RIM_SWEEP_MARGIN};
use crate::params::{rim_radius, strut_top_local};
use crate::wheel::WheelParams;
use glam::{DMat3, DVec2, DVec3};

/// Rounding allowance of the rims' sloped broad phase ([`RimsBox::clear`]): its products of
/// the slope with world coordinates and the box's extents round to ≈ 1e-12 m at 10 km from
/// the origin. Unit: m.
const SLOPED_SLACK: f64 = 1e-6;

/// The rim constraint of wheel `wp` over the substep from `start` to the integrated `end`
/// (module docs), or `None` when the swept rim meets no ground. `max_approach_speed` holds
/// the gap (m); the caller divides it by the substep.
pub fn rim_contact(
    wp: &WheelParams,
    rejection: &HitRejection,
    start: &ChassisState,
    end: &ChassisState,
    ground: &dyn Ground,
) -> Option<PointConstraint> {
    let sp = &wp.suspension;
    let local = strut_top_local(wp);
    let c0 = start.pose.transform_point(local);
    let d = end.pose.transform_point(local) - c0;
    let len = d.length();
    let dir = if len > 0.0 {
        d / len
    } else {
        // At rest the sweep has no direction: look along gravity, where a resting body goes.
        DVec3::NEG_Z
    };
    let r_s = rim_radius(wp);
    // Broad phase: a sweep the ground cannot reach finds nothing (`super::body_contact`).
    if clear_of(ground, c0, c0 + dir * (len + RIM_SWEEP_MARGIN), r_s) {
        return None;
    }
    let hit = ground.cast_sphere(c0, r_s, dir, len + RIM_SWEEP_MARGIN)?;
    let n = hit.normal;
    // A normal that does not face the sphere's centre is not a face's (an overlap's "deepest
    // point" normal from a heightfield can point down), and one the sweep does not close on
    // cannot stop it.
    if (c0 - hit.point).dot(n) <= 0.0 || n.dot(dir) >= 0.0 {
        return None;
    }
    // Ground the suspension's own query accepts (within its hit rejection's normal angle of
    // the strut's up) is the suspension's and the end stop's to carry.
    let up = -start.pose.transform_vector(sp.travel_direction);
    if n.dot(up) >= rejection.max_normal_angle.cos() {
        return None;
    }
    let gap = ((c0 - hit.point).dot(n) - r_s).max(0.0);
    Some(PointConstraint {
        point_world: c0 - n * r_s,
        normal_world: n,
        support_velocity_world: hit.surface_velocity_world,
        max_approach_speed: gap,
        friction: 0.0,
    })
}

impl RimsBox {
    /// Broad phase for every enabled wheel's rim sweep at once: `true` when none of them can
    /// reach the ground, so each [`rim_contact`] would return `None` (for the wheels this box
    /// was built from). Wheel `i`'s sphere
    /// (radius `r_s,i`) sweeps from `c₀` along the segment to `c₁` and [`RIM_SWEEP_MARGIN`]
    /// beyond it, so it stays within `r_s,i + RIM_SWEEP_MARGIN` of the box `[lo, hi]` holding
    /// every wheel's `c₀` and `c₁`; one ground bound of that box grown by the largest `r_s`,
    /// the margin and a rounding slack (`grow`) answers for all. The box: the strut tops'
    /// bounding box in the vehicle frame ([`RimsBox`]), placed at both poses by their rotation
    /// matrices `M` (world bounding box `t + M·c ± |M|·e`; two conversions instead of two
    /// quaternion rotations per wheel). A car on its wheels, its rims centimetres above the
    /// ground, needs one ground bound per substep instead of a bound, a square root and a
    /// division per wheel. Two bounds, each sufficient:
    ///
    /// - Sloped, under the body's floor plane (the start pose's up axis `n`, `n_z > 0.5`):
    ///   see [`Self::sloped_clear`]. On a slope the four rims lie along a tilted plane, so a
    ///   flat bound of the whole car's footprint reaches the uphill ground while the
    ///   downhill rims' bottoms are lower (on issue 13's terrain the flat test failed in 82 %
    ///   of the sedan's substeps, each then paying four per-wheel bounds); measured from the
    ///   floor's plane the ground is as far below the rims as on the flat.
    /// - Flat, when the sloped one fails or does not apply, and alone on a level plane
    ///   ([`Ground::as_plane`] with a vertical normal: there the ground is level, the flat
    ///   test the tighter and cheaper one): the ground's [`Ground::max_height_over`] below the
    ///   box's lowest point minus `grow` ([`clear_of`]).
    ///
    /// Looser than the per-wheel test by the margin, so when both say "maybe" each wheel is
    /// tested on its own as before. Either "clear" means no rim sweep can reach the ground, so
    /// every skipped [`rim_contact`] is one that returns `None`: the same constraints.
    pub(crate) fn clear(
        &self,
        start: &ChassisState,
        end: &ChassisState,
        ground: AskedGround,
    ) -> bool {
        // On a plane, first its own bound (`super::on_plane`). A level plane then takes the
        // flat test alone (it is the tighter one there, and the cheaper).
        let plane = ground.as_plane();
        let boxed = (self.centre, self.half, self.grow);
        if plane.is_some_and(|g| super::on_plane::rims_clear(g, (start, end), boxed)) {
            return true;
        }
        let level = plane.is_some_and(|g| g.normal.x == 0.0 && g.normal.y == 0.0);
        (!level && self.sloped_clear(start, end, &*ground)) || self.flat_clear(start, end, &*ground)
    }

    /// The two poses' rotation matrices and world boxes of the vehicle-frame box (centre
    /// `t + M·c`, half extents `|M|·e`): `(M, centre, half extents)`.
    #[inline(always)]
    fn world(&self, s: &ChassisState) -> (DMat3, DVec3, DVec3) {
        let (centre, half) = (self.centre, self.half);
        let m = DMat3::from_quat(s.pose.rotation);
        let mid = s.pose.translation + m * centre;
        let ext = m.x_axis.abs() * half.x + m.y_axis.abs() * half.y + m.z_axis.abs() * half.z;
        (m, mid, ext)
    }

    /// The flat half of [`Self::clear`]: [`clear_of`] of the two poses' boxes grown by
    /// `grow`.
    #[inline(always)]
    fn flat_clear(&self, start: &ChassisState, end: &ChassisState, ground: &dyn Ground) -> bool {
        let ((_, mid0, ext0), (_, mid1, ext1)) = (self.world(start), self.world(end));
        let (lo, hi) = (
            (mid0 - ext0).min(mid1 - ext1),
            (mid0 + ext0).max(mid1 + ext1),
        );
        let grow = self.grow;
        lo.is_finite() && hi.is_finite() && grow.is_finite() && clear_of(ground, lo, hi, grow)
    }

    /// The sloped half of [`Self::clear`]: with the floor plane's gradient
    /// `s = −(n_x, n_y)/n_z` and `L(p) = p_z − s·(p_x, p_y)` (a point's height above that
    /// plane through the origin, up to the constant factor `n_z`), every rim sweep's point
    /// `p` lies within `grow` of a point of the two poses' boxes (their convex hull holds
    /// every `c₀` and `c₁`, and the margin beyond `c₁` is in `grow`), so
    /// `L(p) ≥ L_min − grow·|w|`, `w = (−s_x, −s_y, 1)` (`L(p) = w·p`), with `L_min` the lower
    /// of the two boxes' minima `w·mid − Σ_k |w·M_k|·e_k`. A ground point `q` over the
    /// rectangle `[a, b]` (the boxes' xy bounding box grown by `grow`, which holds every
    /// sweep's xy) lies at most `top + s·(q_xy − a)` high ([`Ground::max_height_over_sloped`]),
    /// so `L(q) ≤ top − s·a`. When `top − s·a < L_min − grow·|w| − margin − slack`, every
    /// sweep point lies more than [`crate::ground::BROAD_PHASE_MARGIN`] above the ground at
    /// its own `(x, y)`, as [`clear_of`]'s vertical test asks (`L(p) − L(q) = p_z − q_z` for
    /// `q` under `p`): no sweep can hit. [`SLOPED_SLACK`] for the rounding of the products
    /// (≈ 1e-12 m at 10 km).
    #[inline(always)]
    fn sloped_clear(&self, start: &ChassisState, end: &ChassisState, ground: &dyn Ground) -> bool {
        self.sloped_test(start, end)
            .is_some_and(|t| t.holds(ground))
    }

    /// [`Self::sloped_clear`]'s rectangle, slope and limit, the ground not yet asked; `None`
    /// where it says "not clear" without asking (a body steeper than 60°, non-finite
    /// numbers).
    #[inline(always)]
    pub(super) fn sloped_test(
        &self,
        start: &ChassisState,
        end: &ChassisState,
    ) -> Option<SlopedTest> {
        let ((m0, mid0, ext0), (m1, mid1, ext1)) = (self.world(start), self.world(end));
        let (lo, hi) = (
            (mid0 - ext0).min(mid1 - ext1),
            (mid0 + ext0).max(mid1 + ext1),
        );
        let (half, grow) = (self.half, self.grow);
        let up = m0.z_axis;
        if !(up.z > 0.5 && lo.is_finite() && hi.is_finite() && grow.is_finite()) {
            return None;
        }
        let slope = DVec2::new(-up.x, -up.y) / up.z;
        let w = DVec3::new(-slope.x, -slope.y, 1.0);
        let low = |(m, mid): (&DMat3, DVec3)| {
            w.dot(mid)
                - (w.dot(m.x_axis).abs() * half.x
                    + w.dot(m.y_axis).abs() * half.y
                    + w.dot(m.z_axis).abs() * half.z)
        };
        let l_min = low((&m0, mid0)).min(low((&m1, mid1)));
        let (a, b) = (
            lo.truncate() - DVec2::splat(grow),
            hi.truncate() + DVec2::splat(grow),
        );
        let limit = l_min + slope.dot(a) - grow * w.length() - BROAD_PHASE_MARGIN - SLOPED_SLACK;
        limit
            .is_finite()
            .then_some(SlopedTest { a, b, slope, limit })
    }
}

#[cfg(test)]
mod tests;
