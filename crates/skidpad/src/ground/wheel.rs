//! The wheel-level ground query the suspension runs every step.
//!
//! The suspension line is `c(s) = o + s·d`: `o` is the wheel centre at maximum compression,
//! `d` the unit extension direction ("down"), `s ∈ [0, s_max]` the centre's travel. The query
//! finds the travel `s` at which the wheel first touches the ground.
//!
//! | symbol | field | meaning | unit |
//! |---|---|---|---|
//! | `o` | [`WheelQuery::origin`] | wheel centre at maximum compression (world) | m |
//! | `d` | [`WheelQuery::direction`] | unit suspension extension direction (world) | – |
//! | `s_max` | [`WheelQuery::max_distance`] | total travel (compression + droop) | m |
//! | `r` | [`WheelQuery::radius`] | wheel radius | m |
//! | `w` | [`WheelQuery::half_width`] | half the tread width | m |
//! | `a` | [`WheelQuery::axle`] | unit spin axis (world) | – |
//! | `p`, `n` | | ground hit point and unit normal (out of the ground) | m, – |
//! | `s` | [`WheelContact::centre_distance`] | centre travel to first touch; `< 0` if the wheel already penetrates at `o` | m |
//!
//! ## [`ContactMode::Raycast`]
//! A ray from `o` along `d` of length `s_max + r` (PhysX raycast semantics):
//! `s = t_hit − r`, contact point = the ray hit. A ray sees one point under the centre, so on
//! a slope the wheel sinks by `r(1/cos α − 1)` into it and at a step or gap edge it jumps or
//! drops: the rim can be inside the ground.
//!
//! ## [`ContactMode::Sweep`]
//! 1. A sphere of radius `r` sweeps from `o` along `d` for `s_max`; its first hit gives the
//!    contact plane (`p`, `n`). This finds slopes, step edges and gap edges under the whole
//!    wheel, not just under its centre.
//! 2. The wheel **cylinder** (radius `r`, half width `w`, axis `a`) is resolved against that
//!    plane. Its support point towards `−n` is `c + r·ê + sgn(−n·a)·w·a`, with
//!    `ê = normalize(−n − (−n·a)·a)` the in-wheel-plane direction of steepest descent
//!    (`ê = 0` when `n ∥ a`: the flat side faces the ground and the support is the side's
//!    centre). With `q = r·ê + sgn(−n·a)·w·a` the support offset, the support point lies on the
//!    plane when
//!    `s = (p − o − q)·n / (d·n)`.
//!    That is the reported `centre_distance`; `sgn` is blended linearly over
//!    `|n·a| <` [`TREAD_EDGE_BLEND`] so the contact point of an upright wheel stays at the
//!    tread centre instead of jumping between the edges on rounding noise; the contact point is `c(s) + q` projected on the
//!    plane. On flat ground with an upright wheel `s` equals the sphere's travel; with camber
//!    `γ` on flat ground the contact moves to the tread edge and `s = s_sphere + r − r·cos γ −
//!    w·sin γ`.
//! 3. Hit rejection ([`HitRejection`], PhysX `PxVehicleSetSweepHitRejectionAngles`): the sweep
//!    hit is rejected if `∠(n, −d) > max_normal_angle`, or if the direction from the swept
//!    centre `o + t·d` to the hit point makes `∠(p − c, d) > max_point_angle`, or if
//!    `d·n ≥ −`[`MIN_CLOSING_COS`] (the plane does not face the wheel). A rejected hit falls
//!    back to the ray cast above, so against rejected geometry (a wall, a tall kerb face) the
//!    wheel behaves like a raycast wheel: it can sink at most into that geometry, never
//!    "climb" it.
//! 4. If the resolved `s > s_max` the ground is out of reach: no contact.
//!
//! A downward sweep first touches a step of height `h` at the edge with the normal tilted by
//! `θ = acos((r − h)/r)` from vertical, so a wheel climbs steps up to
//! `h_max ≈ r·(1 − cos θ_max)` (θ_max = `max_normal_angle`); beyond that the hit is
//! rejected and the rigid-body collision of the wheel or chassis has to stop the vehicle.
//!
//! Limits: the sweep is a sphere, so geometry beside the tread (within `r` of the centre along
//! the axle but outside the cylinder) can be picked up, and geometry only the cylinder's rim
//! corners would touch first is missed; the cylinder is then fitted to the one plane found,
//! not to every feature under the wheel (PhysX blocking-sweep behaviour).
//!
//! Degenerate queries (zero or non-finite direction, negative or non-finite travel or radius)
//! return `None`, never NaN.
//!
//! ```
//! use skidpad::ground::{query_wheel, ContactMode, HitRejection, Plane, WheelQuery};
//! use glam::DVec3;
//! let q = WheelQuery {
//!     origin: DVec3::new(0.0, 0.0, 0.5),
//!     direction: -DVec3::Z,
//!     max_distance: 0.3,
//!     radius: 0.33,
//!     half_width: 0.1,
//!     axle: DVec3::Y,
//! };
//! let c = query_wheel(&Plane::flat(), &q, ContactMode::Sweep, &HitRejection::default()).unwrap();
//! assert!((c.centre_distance - 0.17).abs() < 1e-12); // centre ends at z = r = 0.33
//! ```

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::{Ground, GroundHit, QueryFilter, SurfaceId, SweepHitMode, SweepHits};
use crate::error::{ParamError, check};

/// Smallest `−d·n` (cosine between the suspension direction and the hit normal, sign flipped)
/// for which a plane is considered to face the wheel; below it the suspension line runs
/// (nearly) parallel to the plane and the travel `s` would blow up.
pub const MIN_CLOSING_COS: f64 = 1e-6;

/// Width of the blend of `sgn(−n·a)` around 0, as a value of `|n·a|` (sine of the angle between
/// the axle and the ground plane): the support offset along the axle is
/// `w·clamp((−n·a)/TREAD_EDGE_BLEND, −1, 1)`. Without it, an upright wheel on flat ground
/// (`n·a ≈ ±1e-17`) would flip its contact point between the two tread edges from step to step.
/// The cylinder can then dip into the plane by at most `w·TREAD_EDGE_BLEND/4` (25 µm for
/// `w = 0.1 m`). Unit: –.
pub const TREAD_EDGE_BLEND: f64 = 1e-3;

/// Below this length of `−n − (−n·a)·a` the wheel's flat side faces the plane (`n ∥ a`) and
/// the support point is the side's centre.
const MIN_RIM_DIRECTION: f64 = 1e-9;

/// How a wheel finds the ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ContactMode {
    /// One ray along the suspension line through the wheel centre (cheapest; PhysX raycast).
    Raycast,
    /// A sphere sweep along the suspension line, then the wheel cylinder fitted to the hit
    /// plane (sees steps, kerbs and gaps under the whole wheel). Default.
    #[default]
    Sweep,
}

/// Angles beyond which a sweep hit is not a surface to drive on (PhysX
/// `PxVehicleSetSweepHitRejectionAngles`). A rejected hit falls back to the ray cast.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HitRejection {
    /// Largest angle between the hit normal and `−direction` of an accepted hit.
    /// Unit: rad. Range: [0, π]. Default: 60° (π/3).
    ///
    /// A wheel of radius `r` first touches a step of height `h` with the normal at
    /// `acos((r − h)/r)`: 45.8° for a 10 cm step and `r = 0.33 m`, so 60° climbs it with margin;
    /// the largest climbable step is `r·(1 − cos 60°) = r/2`. Lower it if wheels climb walls and
    /// kerbs they should bump into; raise it (≤ 90°) to climb taller steps.
    pub max_normal_angle: f64,
    /// Largest angle between `direction` and the vector from the swept wheel centre to the hit
    /// point. Unit: rad. Range: [0, π]. Default: 80°.
    ///
    /// For a clean sphere hit the point lies at `−r·n` from the centre, so this angle equals
    /// the normal angle and [`HitRejection::max_normal_angle`] decides; this limit catches hits
    /// beside the wheel (a wall the sphere already overlaps at the start of the sweep, a mesh
    /// edge next to the tread), whose points lie near the wheel's horizon. Lower it if wheels
    /// grab onto geometry beside them.
    pub max_point_angle: f64,
}

impl Default for HitRejection {
    fn default() -> Self {
        Self {
            max_normal_angle: 60f64.to_radians(),
            max_point_angle: 80f64.to_radians(),
        }
    }
}

impl HitRejection {
    /// Accept every sweep hit (both angles π).
    pub const ACCEPT_ALL: Self = Self {
        max_normal_angle: std::f64::consts::PI,
        max_point_angle: std::f64::consts::PI,
    };

    /// Check that both angles lie in `[0, π]`.
    ///
    /// # Errors
    /// [`ParamError`] naming `max_normal_angle` or `max_point_angle`.
    pub fn validate(&self) -> Result<(), ParamError> {
        use std::f64::consts::PI;
        check::in_range("max_normal_angle", self.max_normal_angle, 0.0, PI)?;
        check::in_range("max_point_angle", self.max_point_angle, 0.0, PI)
    }

    /// `true` if a sweep hit at `point`/`normal`, with the swept wheel centre at `centre`, is a
    /// drivable contact for a suspension extending along unit `direction`.
    pub fn accepts(&self, direction: DVec3, centre: DVec3, point: DVec3, normal: DVec3) -> bool {
        if -normal.dot(direction) < self.max_normal_angle.cos() {
            return false;
        }
        let v = point - centre;
        let len = v.length();
        // A point at the centre (deep overlap) has no direction: accept it.
        len <= 0.0 || v.dot(direction) >= len * self.max_point_angle.cos()
    }
}

/// One wheel's ground query, world frame.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WheelQuery {
    /// Wheel centre at maximum compression. Unit: m.
    pub origin: DVec3,
    /// Unit suspension extension direction ("down" for an upright car).
    pub direction: DVec3,
    /// Total suspension travel (compression + droop): the centre moves `s ∈ [0, max_distance]`.
    /// Unit: m. Range: [0, ∞).
    pub max_distance: f64,
    /// Wheel (tire) radius. Unit: m. Range: (0, ∞).
    pub radius: f64,
    /// Half of the tread width. Unit: m. Range: [0, ∞).
    pub half_width: f64,
    /// Unit wheel spin axis (points to either side; the sign does not matter).
    pub axle: DVec3,
}

impl WheelQuery {
    /// Check finiteness, unit directions and ranges.
    ///
    /// # Errors
    /// [`ParamError`] naming the offending field.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::finite_vec("origin", self.origin)?;
        check::unit_vec("direction", self.direction)?;
        check::non_negative("max_distance", self.max_distance)?;
        check::positive("radius", self.radius)?;
        check::non_negative("half_width", self.half_width)?;
        check::unit_vec("axle", self.axle)
    }

    /// Wheel centre after travel `s`: `o + s·d`. Unit: m.
    #[inline]
    pub fn centre_at(&self, s: f64) -> DVec3 {
        self.origin + s * self.direction
    }

    /// The query with unit direction and axle (a zero axle stays zero: the wheel is then a
    /// sphere), or `None` if the numbers cannot give a finite answer.
    #[inline]
    pub(crate) fn normalized(&self) -> Option<Self> {
        self.usable().then(|| Self {
            direction: self.direction.normalize(),
            axle: self.axle.normalize_or_zero(),
            ..*self
        })
    }

    /// `true` if the numbers can give a finite answer (cheaper than [`WheelQuery::validate`]).
    #[inline]
    fn usable(&self) -> bool {
        self.origin.is_finite()
            && self.direction.is_finite()
            && self.direction.length_squared() > 0.0
            && self.max_distance.is_finite()
            && self.max_distance >= 0.0
            && self.radius.is_finite()
            && self.radius > 0.0
            && self.half_width.is_finite()
            && self.half_width >= 0.0
            && self.axle.is_finite()
    }
}

/// Where a wheel touches the ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelContact {
    /// Contact point on the ground. Unit: m.
    pub point: DVec3,
    /// Unit ground normal at the contact, out of the ground.
    pub normal: DVec3,
    /// Travel of the wheel centre from [`WheelQuery::origin`] along
    /// [`WheelQuery::direction`] until the wheel touches. `< 0` if the wheel already
    /// penetrates at maximum compression (not clamped; the suspension clamps). Unit: m.
    pub centre_distance: f64,
    /// Surface type at the contact.
    pub surface: SurfaceId,
    /// Velocity of the ground material at the contact. Unit: m/s.
    pub surface_velocity_world: DVec3,
}

/// Find the wheel's ground contact; see the [module docs](crate::ground::wheel) for the method.
/// `reject` applies to sweep hits only (ray hits are always accepted).
/// Allocation-free; returns `None` if there is no ground within reach or the query is
/// degenerate.
pub fn query_wheel(
    ground: &dyn Ground,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &HitRejection,
) -> Option<WheelContact> {
    query_wheel_with(
        ground,
        q,
        mode,
        reject,
        QueryFilter::DRIVABLE,
        SweepHitMode::Blocking,
    )
}

/// [`query_wheel`] with query control: only the shapes `filter` passes, and blocking or
/// non-blocking sweeps (see [`super::filter`]). With [`QueryFilter::DRIVABLE`] and
/// [`SweepHitMode::Blocking`] on a ground whose shapes are all drivable it equals
/// [`query_wheel`]. Allocation-free.
pub fn query_wheel_with(
    ground: &dyn Ground,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &HitRejection,
    filter: QueryFilter,
    sweep: SweepHitMode,
) -> Option<WheelContact> {
    query_wheel_detailed(ground, q, mode, reject, filter, sweep).map(|(c, _)| c)
}

/// [`query_wheel_with`], also telling whether the contact came from the ray (raycast mode or
/// the sweep's fallback): `(contact, from_ray)`.
pub(crate) fn query_wheel_detailed(
    ground: &dyn Ground,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &HitRejection,
    filter: QueryFilter,
    sweep: SweepHitMode,
) -> Option<(WheelContact, bool)> {
    let q = &q.normalized()?;
    if mode == ContactMode::Sweep {
        match sweep {
            SweepHitMode::Blocking => {
                let hit = ground.cast_sphere_filtered(
                    q.origin,
                    q.radius,
                    q.direction,
                    q.max_distance,
                    filter,
                )?;
                let centre = q.centre_at(hit.distance);
                if reject.accepts(q.direction, centre, hit.point, hit.normal)
                    && let Some((s, point)) = resolve_cylinder(q, hit.point, hit.normal)
                {
                    return (s <= q.max_distance).then_some((contact_at(&hit, s, point), false));
                }
            }
            SweepHitMode::NonBlocking => {
                let mut hits = SweepHits::default();
                ground.cast_sphere_touches(
                    q.origin,
                    q.radius,
                    q.direction,
                    q.max_distance,
                    filter,
                    &mut hits,
                );
                if hits.is_empty() {
                    return None;
                }
                if let Some((hit, s, point)) = super::filter::pick_touch(q, reject, &hits) {
                    return (s <= q.max_distance).then_some((contact_at(&hit, s, point), false));
                }
            }
        }
    }
    let hit = ground.cast_ray_filtered(q.origin, q.direction, q.max_distance + q.radius, filter)?;
    Some((contact_from_ray(q, &hit), true))
}

/// The contact of a sweep hit fitted at centre travel `s`, contact point `point`.
#[inline]
fn contact_at(hit: &GroundHit, s: f64, point: DVec3) -> WheelContact {
    WheelContact {
        point,
        normal: hit.normal,
        centre_distance: s,
        surface: hit.surface,
        surface_velocity_world: hit.surface_velocity_world,
    }
}

#[inline]
pub(crate) fn contact_from_ray(q: &WheelQuery, hit: &GroundHit) -> WheelContact {
    WheelContact {
        point: hit.point,
        normal: hit.normal,
        centre_distance: hit.distance - q.radius,
        surface: hit.surface,
        surface_velocity_world: hit.surface_velocity_world,
    }
}

/// Support offset `q = r·ê + sgn(−n·a)·w·a` of the wheel cylinder towards `−n` (with the sign
/// blended over [`TREAD_EDGE_BLEND`]); `ê = 0` when `n ∥ a`.
#[inline]
pub fn cylinder_support_offset(radius: f64, half_width: f64, axle: DVec3, normal: DVec3) -> DVec3 {
    let down = -normal;
    let k = down.dot(axle);
    let rim = down - k * axle;
    let len = rim.length();
    let e = if len > MIN_RIM_DIRECTION {
        rim / len
    } else {
        DVec3::ZERO
    };
    radius * e + (k / TREAD_EDGE_BLEND).clamp(-1.0, 1.0) * half_width * axle
}

/// Fit the cylinder of `q` to the plane (`p`, `n`): returns `(s, contact point)`, or `None`
/// if the plane does not face the suspension line (`−d·n <` [`MIN_CLOSING_COS`]).
/// `s` is not limited to `[0, s_max]`.
pub fn resolve_cylinder(q: &WheelQuery, p: DVec3, n: DVec3) -> Option<(f64, DVec3)> {
    let dn = q.direction.dot(n);
    // Also rejects NaN.
    if -dn < MIN_CLOSING_COS || dn.is_nan() {
        return None;
    }
    let offset = cylinder_support_offset(q.radius, q.half_width, q.axle, n);
    let s = (p - q.origin - offset).dot(n) / dn;
    let support = q.centre_at(s) + offset;
    let point = support - (support - p).dot(n) * n;
    (s.is_finite() && point.is_finite()).then_some((s, point))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::Plane;
    #[cfg(feature = "parry")]
    use crate::ground::{GroundSet, ParryGround};
    #[cfg(feature = "parry")]
    use crate::math::Pose;
    use glam::{DQuat, DVec2};
    #[cfg(feature = "parry")]
    use parry3d_f64::shape::SharedShape;

    const R: f64 = 0.33;

    fn q_at(x: f64, z: f64) -> WheelQuery {
        WheelQuery {
            origin: DVec3::new(x, 0.0, z),
            direction: -DVec3::Z,
            max_distance: 0.6,
            radius: R,
            half_width: 0.1,
            axle: DVec3::Y,
        }
    }

    #[cfg(feature = "parry")]
    fn block(min: DVec3, max: DVec3) -> ParryGround {
        let he = (max - min) * 0.5;
        ParryGround::new(
            SharedShape::cuboid(he.x, he.y, he.z),
            Pose::from_translation((min + max) * 0.5),
        )
    }

    #[test]
    fn flat_both_modes() {
        let g = Plane::flat_at(0.2).with_surface(SurfaceId(3));
        for mode in [ContactMode::Raycast, ContactMode::Sweep] {
            let c = query_wheel(&g, &q_at(1.0, 0.8), mode, &HitRejection::default()).unwrap();
            // Centre ends at z = 0.2 + 0.33 = 0.53: travel 0.27.
            assert!((c.centre_distance - 0.27).abs() < 1e-12, "{mode:?}");
            assert!((c.point - DVec3::new(1.0, 0.0, 0.2)).length() < 1e-12);
            assert_eq!(c.surface, SurfaceId(3));
        }
        // Penetrating at maximum compression: negative, not clamped.
        let c = query_wheel(
            &g,
            &q_at(0.0, 0.43),
            ContactMode::Sweep,
            &HitRejection::default(),
        )
        .unwrap();
        assert!((c.centre_distance + 0.1).abs() < 1e-12);
        // Out of reach.
        assert!(
            query_wheel(
                &g,
                &q_at(0.0, 2.0),
                ContactMode::Sweep,
                &HitRejection::default()
            )
            .is_none()
        );
    }

    #[test]
    fn cambered_wheel_on_tilted_plane() {
        // Plane rising at α = 10° along +y: normal n = (0, −sin α, cos α);
        // axle tilted by camber γ = 5° about x from +y: a = (0, cos γ, sin γ).
        // Angle between a and the plane: n·a = −sin α cos γ + cos α sin γ = sin(γ − α).
        // Support distance of the cylinder along −n: r·|ê·(−n)| + w·|n·a|
        //   = r·cos(γ − α) + w·|sin(γ − α)|.
        // The centre's height above the plane at touch is that, so with vertical travel the
        // centre stops where (c − p)·n = r cos(γ−α) + w |sin(γ−α)|:
        //   s = (h₀ − support) / cos α, h₀ = (o − p)·n.
        let (alpha, gamma): (f64, f64) = (10f64.to_radians(), 5f64.to_radians());
        let g = Plane::inclined(alpha, DVec2::Y);
        let (r, w) = (0.33, 0.1);
        let q = WheelQuery {
            origin: DVec3::new(0.0, 0.5, 1.0),
            direction: -DVec3::Z,
            max_distance: 2.0,
            radius: r,
            half_width: w,
            axle: DQuat::from_rotation_x(gamma) * DVec3::Y,
        };
        let c = query_wheel(&g, &q, ContactMode::Sweep, &HitRejection::default()).unwrap();
        let support = r * (gamma - alpha).cos() + w * (gamma - alpha).sin().abs();
        let h0 = g.signed_distance(q.origin);
        let s = (h0 - support) / alpha.cos();
        assert!(
            (c.centre_distance - s).abs() < 1e-12,
            "{} vs {s}",
            c.centre_distance
        );
        // The contact point is on the plane at distance `support` from the centre along −n
        // plus the in-plane offset of the tread edge; it lies on the plane.
        assert!(g.signed_distance(c.point).abs() < 1e-12);
        let centre = q.centre_at(s);
        assert!(((c.point - centre).dot(-g.normal) - support).abs() < 1e-12);
        // The ground rises faster (α) than the camber lifts the +a side (γ), so the +a (uphill)
        // tread edge touches: −n·a = sin(α − γ) > 0 and a·(p − c) = +w.
        assert!(((c.point - centre).dot(q.axle) - w).abs() < 1e-12);
        // Upright wheel on flat ground, camber only: s = s_sphere + r − r cos γ − w sin γ.
        let q2 = WheelQuery {
            origin: DVec3::new(0.0, 0.0, 1.0),
            ..q
        };
        let c = query_wheel(
            &Plane::flat(),
            &q2,
            ContactMode::Sweep,
            &HitRejection::default(),
        )
        .unwrap();
        let s = (1.0 - r) + r - r * gamma.cos() - w * gamma.sin();
        assert!((c.centre_distance - s).abs() < 1e-12);
    }

    #[test]
    fn flat_side_down_is_finite() {
        // Axle vertical: the wheel lies on its side; support = side centre, s = h0 − w.
        let q = WheelQuery {
            axle: DVec3::Z,
            max_distance: 2.0,
            ..q_at(0.0, 1.0)
        };
        let c = query_wheel(
            &Plane::flat(),
            &q,
            ContactMode::Sweep,
            &HitRejection::ACCEPT_ALL,
        )
        .unwrap();
        assert!((c.centre_distance - 0.9).abs() < 1e-12);
        assert!((c.point - DVec3::ZERO).length() < 1e-12);
    }

    #[test]
    #[cfg(feature = "parry")]
    fn wall_rejected_step_accepted() {
        // Floor z = 0 and a 2 m tall wall occupying x ≥ 0. Wheel centre 0.2 m before the wall:
        // the sphere overlaps the wall face at the start (normal −x, 90° from up) → rejected →
        // ray fallback lands on the floor.
        let scene = GroundSet::new().with(Plane::flat()).with(block(
            DVec3::new(0.0, -5.0, -1.0),
            DVec3::new(1.0, 5.0, 2.0),
        ));
        let q = q_at(-0.2, 0.6);
        let raw = scene
            .cast_sphere(q.origin, R, q.direction, q.max_distance)
            .unwrap();
        assert!(
            raw.normal.z.abs() < 1e-6,
            "sweep sees the wall face: {raw:?}"
        );
        let c = query_wheel(&scene, &q, ContactMode::Sweep, &HitRejection::default()).unwrap();
        assert!((c.centre_distance - (0.6 - R)).abs() < 1e-9);
        assert!((c.normal - DVec3::Z).length() < 1e-9);
        // With rejection disabled the wall face is a plane parallel to the suspension line:
        // it cannot support the wheel either → same fallback.
        let c = query_wheel(&scene, &q, ContactMode::Sweep, &HitRejection::ACCEPT_ALL).unwrap();
        assert!((c.centre_distance - (0.6 - R)).abs() < 1e-9);

        // A 10 cm step at x ≥ 0; wheel centre 0.2 m before the edge: the edge is hit with the
        // normal at asin(0.2/0.33) = 37.3° < 60° → accepted, centre at 0.1 + √(r² − 0.2²).
        let scene = GroundSet::new().with(Plane::flat()).with(block(
            DVec3::new(0.0, -5.0, -1.0),
            DVec3::new(3.0, 5.0, 0.1),
        ));
        let c = query_wheel(&scene, &q, ContactMode::Sweep, &HitRejection::default()).unwrap();
        let zc = 0.1 + (R * R - 0.04_f64).sqrt();
        assert!((q.centre_at(c.centre_distance).z - zc).abs() < 1e-6);
        // Rejected with a 30° limit → ray fallback onto the floor.
        let strict = HitRejection {
            max_normal_angle: 30f64.to_radians(),
            ..HitRejection::default()
        };
        let c = query_wheel(&scene, &q, ContactMode::Sweep, &strict).unwrap();
        assert!((c.centre_distance - (0.6 - R)).abs() < 1e-9);
    }

    #[test]
    fn rejection_angles() {
        let r = HitRejection::default();
        let d = -DVec3::Z;
        let c = DVec3::new(0.0, 0.0, 1.0);
        let n46 = DVec3::new(-(46f64.to_radians().sin()), 0.0, 46f64.to_radians().cos());
        assert!(r.accepts(d, c, c - R * n46, n46));
        let n61 = DVec3::new(-(61f64.to_radians().sin()), 0.0, 61f64.to_radians().cos());
        assert!(!r.accepts(d, c, c - R * n61, n61));
        // Point beside the wheel (85° from down) with an upward normal: rejected by the point angle.
        let a = 85f64.to_radians();
        let p = c + R * DVec3::new(a.sin(), 0.0, -a.cos());
        assert!(!r.accepts(d, c, p, DVec3::Z));
    }

    #[test]
    fn degenerate_inputs_give_none() {
        let g = Plane::flat();
        let rej = HitRejection::default();
        for mode in [ContactMode::Raycast, ContactMode::Sweep] {
            for q in [
                WheelQuery {
                    direction: DVec3::ZERO,
                    ..q_at(0.0, 0.5)
                },
                WheelQuery {
                    direction: DVec3::NAN,
                    ..q_at(0.0, 0.5)
                },
                WheelQuery {
                    radius: 0.0,
                    ..q_at(0.0, 0.5)
                },
                WheelQuery {
                    max_distance: f64::NAN,
                    ..q_at(0.0, 0.5)
                },
                WheelQuery {
                    origin: DVec3::INFINITY,
                    ..q_at(0.0, 0.5)
                },
            ] {
                assert!(query_wheel(&g, &q, mode, &rej).is_none(), "{q:?}");
            }
            // Zero axle: treated as a sphere, still finite.
            let q = WheelQuery {
                axle: DVec3::ZERO,
                ..q_at(0.0, 0.5)
            };
            let c = query_wheel(&g, &q, mode, &rej).unwrap();
            assert!(c.centre_distance.is_finite() && c.point.is_finite());
        }
    }

    #[test]
    fn bad_params_name_the_field() {
        let e = WheelQuery {
            radius: -1.0,
            ..q_at(0.0, 0.5)
        }
        .validate()
        .unwrap_err()
        .within_index("wheels", 1);
        assert_eq!(e.path, "wheels[1].radius");
        let e = WheelQuery {
            axle: DVec3::new(0.0, 2.0, 0.0),
            ..q_at(0.0, 0.5)
        }
        .validate()
        .unwrap_err();
        assert_eq!(e.path, "axle");
        let e = HitRejection {
            max_normal_angle: 4.0,
            ..HitRejection::default()
        }
        .validate()
        .unwrap_err()
        .within("hit_rejection");
        assert_eq!(e.path, "hit_rejection.max_normal_angle");
        assert!(HitRejection::default().validate().is_ok());
        assert_eq!(ContactMode::default(), ContactMode::Sweep);
    }
}
