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
//! 2. The wheel (radius `r`, half width `w`, axis `a`) is resolved against that plane. Its
//!    tread is **crowned**: the cross-section is an arc of radius `R_c` ([`crown_radius`],
//!    two half widths) centred on the wheel plane at `r − R_c` from the axle, so the wheel is
//!    a torus between its tread edges, as a tyre's rounded tread is. With `sin θ = −n·a` (the
//!    lean against the plane) and `ê = normalize(−n − (−n·a)·a)` the in-wheel-plane direction
//!    of steepest descent (`ê = 0` when `n ∥ a`), its support point towards `−n` is `c + q`,
//!    `q = (r − R_c + R_c·cos θ)·ê + R_c·sin θ·a`, moving continuously from the tread centre
//!    (upright) to the tread edge (`R_c·|sin θ| = w`, 30° of lean), and the edge's point
//!    beyond ([`cylinder_support_offset`]). The support point lies on the plane when
//!    `s = (p − o − q)·n / (d·n)`.
//!    That is the reported `centre_distance`, and the contact point is `c(s) + q` projected
//!    on the plane; the suspension's forces act at that same point
//!    (`crate::wheel::update_suspension`), so the strut's work on the body is the work its
//!    jounce measures (a force on the tread centre line with the jounce measured to another
//!    point gives a rolling body `F·n·(ω × (A − C))` no spring paid: issue 12's energy
//!    audit). A flat tread (a cylinder) would jump its support point by `w` at any lean.
//!    On flat ground with an upright wheel `s` equals the sphere's travel; with camber `γ`
//!    on flat ground, on the crown, `s = s_sphere + (r − R_c)·(1 − cos γ)`.
//! 3. Hit rejection ([`HitRejection`], PhysX `PxVehicleSetSweepHitRejectionAngles`): the sweep
//!    hit is rejected if `∠(n, −d) > max_normal_angle`, or if the direction from the swept
//!    centre `o + t·d` to the hit point makes `∠(p − c, d) > max_point_angle`, or if
//!    `d·n ≥ −`[`MIN_CLOSING_COS`] (the plane does not face the wheel). A rejected hit falls
//!    back to the ray cast above, so against rejected geometry (a wall, a tall kerb face) the
//!    wheel behaves like a raycast wheel: it can sink at most into that geometry, never
//!    "climb" it.
//! 4. If the resolved `s > s_max` the ground is out of reach: no contact.
//!
//! On a [`Plane`](super::Plane) (point `p₀`) a vehicle's contact stage takes steps 1–3 in
//! closed form (`wheel::on_plane::cast`): with `h₀ = (o − p₀)·n` and `c = −d·n`, the sphere
//! reaches the plane when `h₀ < r` or `h₀ − r ≤ s_max·c`, its hit point lies at `−k·n` from
//! the swept centre (`k = r`, or `h₀` when it starts overlapping) so the point angle's test
//! is `sgn(k)·c ≥ cos`, and since `(p − o)·n = −h₀` for any point `p` of the plane, `s =
//! (h₀ + q·n)/c` with the contact point `o + s·d + q` on the plane. The same equations; the
//! results differ from this function's by round-off.
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

use super::cache::HitCache;
use super::plane::{finite_non_negative, finite_positive, normalize_or_zero};
use super::{AskedGround, Ground, GroundHit, QueryFilter, SurfaceId, SweepHitMode, SweepHits};
use crate::error::{ParamError, check};
use crate::math::{finite, finite_vec};

/// Smallest `−d·n` (cosine between the suspension direction and the hit normal, sign flipped)
/// for which a plane is considered to face the wheel; below it the suspension line runs
/// (nearly) parallel to the plane and the travel `s` would blow up.
pub const MIN_CLOSING_COS: f64 = 1e-6;

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
    /// A vehicle's step tests with its cosines computed once (`RejectionCos`).
    pub fn accepts(&self, direction: DVec3, centre: DVec3, point: DVec3, normal: DVec3) -> bool {
        let (cos_normal, cos_point) = remembered_cos(self.max_normal_angle, self.max_point_angle);
        RejectionCos::from_cos(cos_normal, cos_point).accepts_hit(direction, centre, point, normal)
    }
}

/// `(normal.cos(), point.cos())`, each remembered per thread for the last angle asked in its
/// slot (0: the normal angle, 1: the point angle of [`HitRejection::accepts`]) and keyed by
/// its bits, so a hit returns exactly the bits `cos` gives. Every sweep query checks its hit
/// against the same two angles: two libm `cos` calls (≈ 170 instructions) per wheel and
/// substep before. Both slots in one thread-local access (the second as its own access was
/// an out-of-line `LocalKey::with` call, ≈ 26 instructions a query). Only the public queries
/// use it: a vehicle's step tests with its cosines computed once (`reject::RejectionCos`).
#[inline]
fn remembered_cos(normal: f64, point: f64) -> (f64, f64) {
    use std::cell::Cell;
    thread_local! {
        // `cos(+0) = 1` exactly: a valid entry to start from.
        static LAST: [Cell<(u64, f64)>; 2] = const { [const { Cell::new((0, 1.0)) }; 2] };
    }
    let one = |slot: &Cell<(u64, f64)>, angle: f64| {
        let (bits, cos) = slot.get();
        if bits == angle.to_bits() {
            cos
        } else {
            let cos = angle.cos();
            slot.set((angle.to_bits(), cos));
            cos
        }
    };
    LAST.with(|last| (one(&last[0], normal), one(&last[1], point)))
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
            axle: normalize_or_zero(self.axle),
            ..*self
        })
    }

    /// `true` if the numbers can give a finite answer (cheaper than [`WheelQuery::validate`]).
    #[inline]
    fn usable(&self) -> bool {
        finite_vec(self.origin)
            && finite_vec(self.direction)
            && self.direction.length_squared() > 0.0
            && finite_non_negative(self.max_distance)
            && finite_positive(self.radius)
            && finite_non_negative(self.half_width)
            && finite_vec(self.axle)
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
    query_wheel_unit(ground, q, mode, reject, filter, sweep).map(|(c, from_ray, _)| (c, from_ray))
}

/// The crown fit of a blocking sweep's contact: the unit axle the wheel was resolved with and
/// its support offset ([`cylinder_support_offset`] of the query's radius and half width, this
/// axle and the contact's normal). Another plane with the same normal bits, resolved for a
/// query with the same axle bits, radius and half width, has the same offset.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CrownFit {
    /// The unit axle of the resolved query.
    pub axle: DVec3,
    /// The support offset `q` (module docs, step 2). Unit: m.
    pub offset: DVec3,
}

/// `ground`'s blocking sweep for `q` (an output of [`WheelQuery::normalized`]): on a
/// [`Plane`](super::Plane) ([`Ground::as_plane`], asked once by the caller) its arithmetic
/// called directly, with only the check [`WheelQuery::normalized`] has not made (the unit
/// direction's); the same hit. Always inlined (its one caller): left to the codegen units
/// it became a call once the grip stage changed (branch `grip-s39`: +0.3 k instructions a
/// vehicle-step on the sweep cars' heightfield rows with `contact_with_fit`).
#[inline(always)]
fn sweep_of(ground: AskedGround, q: &WheelQuery, filter: QueryFilter) -> Option<GroundHit> {
    match ground.as_plane() {
        Some(plane) => direction_ok(q.direction)
            .then(|| plane.sphere_checked(q.origin, q.radius, q.direction, q.max_distance))?,
        None => {
            ground.cast_sphere_filtered(q.origin, q.radius, q.direction, q.max_distance, filter)
        }
    }
}

/// `ground`'s ray for `q` (as [`sweep_of`]), of length `s_max + r`; on a
/// [`HeightField`](super::HeightField) ([`Ground::as_height_field`], asked once by the
/// caller) its walk called directly, after the same two checks as the plane's: `q` is an
/// output of [`WheelQuery::normalized`] (finite origin, finite direction, `s_max ≥ 0` and
/// `r > 0` finite), so `query_ok` of `(origin, direction, s_max + r)` is the direction's
/// length and the sum's finiteness (it is `≥ 0`), and a heightfield's filtered ray is its
/// ray. The same hit.
#[inline]
fn ray_of(ground: AskedGround, q: &WheelQuery, filter: QueryFilter) -> Option<GroundHit> {
    let reach = q.max_distance + q.radius;
    if let Some(plane) = ground.as_plane() {
        return (direction_ok(q.direction) && finite(reach))
            .then(|| plane.ray_checked(q.origin, q.direction, reach))?;
    }
    #[cfg(feature = "parry")]
    if let Some(field) = ground.as_height_field() {
        return (direction_ok(q.direction) && finite(reach))
            .then(|| field.ray_checked(q.origin, q.direction, reach))?;
    }
    ground.cast_ray_filtered(q.origin, q.direction, reach, filter)
}

/// The direction's part of [`super::plane::query_ok`] (the origin and the lengths of a
/// normalised query passed it already; `s_max + r ≥ 0` as both are). A normalised
/// direction `d·(1/|d|)` of a finite `d` with `|d|² > 0` is finite (`1/|d| ≤ 2^538`, or 0
/// where `|d|²` overflowed), so only its length is left to test.
#[inline]
pub(crate) fn direction_ok(d: DVec3) -> bool {
    d.length_squared() > 0.0
}

/// [`query_wheel_detailed`] for a query `q` that is already normalised (the output of
/// [`WheelQuery::normalized`]), also returning the crown fit of a blocking sweep's contact.
pub(crate) fn query_wheel_unit(
    ground: &dyn Ground,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &HitRejection,
    filter: QueryFilter,
    sweep: SweepHitMode,
) -> Option<(WheelContact, bool, Option<CrownFit>)> {
    let mut plane = HitCache::default();
    let ground = AskedGround::of(ground);
    let (s, fit) = query_wheel_unit_into(ground, q, mode, reject, filter, sweep, &mut plane)?;
    Some((plane.contact_at_travel(s), plane.from_ray, fit))
}

/// [`query_wheel_unit`] writing the contact straight into `plane` (its point, normal,
/// surface, surface velocity and `from_ray`; `valid` and `age` untouched) and returning its
/// centre travel `s` and crown fit: the hit is not built, returned and
/// copied on its way to a wheel's cache. On `None` `plane` may hold a rejected hit.
/// Inlined (the contact stage's cached query): left to the inliner it came out of line for
/// the ray cars when session 37 grew the heightfield's sweep, +0.03 k a vehicle-step.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn query_wheel_unit_into(
    ground: AskedGround,
    q: &WheelQuery,
    mode: ContactMode,
    reject: &impl AcceptsHit,
    filter: QueryFilter,
    sweep: SweepHitMode,
    plane: &mut HitCache,
) -> Option<(f64, Option<CrownFit>)> {
    if mode == ContactMode::Sweep {
        match sweep {
            SweepHitMode::Blocking => {
                let hit = sweep_of(ground, q, filter)?;
                let centre = q.centre_at(hit.distance);
                if reject.accepts_hit(q.direction, centre, hit.point, hit.normal)
                    && let Some((s, point, offset)) = resolve_cylinder_fit(q, hit.point, hit.normal)
                {
                    let fit = CrownFit {
                        axle: q.axle,
                        offset,
                    };
                    return within(q, s).then(|| plane.hold(&hit, point, false, s, Some(fit)));
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
                    return within(q, s).then(|| plane.hold(&hit, point, false, s, None));
                }
            }
        }
    }
    let hit = ray_of(ground, q, filter)?;
    Some(plane.hold(&hit, hit.point, true, hit.distance - q.radius, None))
}

/// `s <= q.max_distance` (false for NaN): a sweep's contact within the travel.
#[inline]
fn within(q: &WheelQuery, s: f64) -> bool {
    s <= q.max_distance
}

/// The tread's crown radius in tread widths ([`crown_radius`]): a tyre's cross-section is
/// rounded, not flat. Unit: –.
pub const CROWN_RADIUS_PER_WIDTH: f64 = 1.0;

/// The crown radius `R_c` (m) of a tread of radius `r` and half width `w`:
/// `R_c = 2w·`[`CROWN_RADIUS_PER_WIDTH`], raised where needed to
/// `(r² + w²)/(2r)` so the tread edge's radius `ρ = r − R_c + √(R_c² − w²)` stays ≥ 0 (only
/// a wheel wider than ≈ 3.7 r: a roller).
#[inline]
pub fn crown_radius(radius: f64, half_width: f64) -> f64 {
    let rc = CROWN_RADIUS_PER_WIDTH * 2.0 * half_width;
    if rc <= radius || radius <= 0.0 {
        rc
    } else {
        rc.max((radius * radius + half_width * half_width) / (2.0 * radius))
    }
}

/// Support offset of the crowned wheel towards `−n` (module docs, step 2): with `sin θ =
/// −n·a`, `cos θ = |ê|`,
///
/// ```text
/// q = (r − R_c + R_c·cos θ)·ê + R_c·sin θ·a          while R_c·|sin θ| ≤ w (on the crown)
/// q = ρ·ê + sgn(sin θ)·w·a,  ρ = r − R_c + √(R_c² − w²)   beyond (the tread edge)
/// ```
/// continuous at `R_c·|sin θ| = w`; `ê = 0` when `n ∥ a`. Always inlined: in the sweep's
/// pass on a plane (`wheel::sweep`) it came out of line, a call ≈ 20 instructions a wheel.
#[inline(always)]
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
    let rc = crown_radius(radius, half_width);
    let lat = rc * k;
    if lat.abs() <= half_width {
        return (radius - rc + rc * len) * e + lat * axle;
    }
    let rho = radius - rc + (rc * rc - half_width * half_width).max(0.0).sqrt();
    rho * e + k.signum() * half_width * axle
}

/// Fit the cylinder of `q` to the plane (`p`, `n`): returns `(s, contact point)`, or `None`
/// if the plane does not face the suspension line (`−d·n <` [`MIN_CLOSING_COS`]).
/// `s` is not limited to `[0, s_max]`.
pub fn resolve_cylinder(q: &WheelQuery, p: DVec3, n: DVec3) -> Option<(f64, DVec3)> {
    resolve_cylinder_fit(q, p, n).map(|(s, point, _)| (s, point))
}

/// [`resolve_cylinder`], also returning the support offset it used. Inlined into the wheel
/// query's sweep (the plane path's and the general one's): ≈ 60 instructions a sweep less
/// than the call (callgrind, session 31).
#[inline(always)]
pub(crate) fn resolve_cylinder_fit(
    q: &WheelQuery,
    p: DVec3,
    n: DVec3,
) -> Option<(f64, DVec3, DVec3)> {
    let dn = q.direction.dot(n);
    // Also rejects NaN.
    if -dn < MIN_CLOSING_COS || dn.is_nan() {
        return None;
    }
    let offset = cylinder_support_offset(q.radius, q.half_width, q.axle, n);
    resolve_at(q, p, n, dn, offset).map(|(s, point)| (s, point, offset))
}

/// [`resolve_cylinder`] with the support offset given (`offset` =
/// [`cylinder_support_offset`]`(q.radius, q.half_width, q.axle, n)`, the same bits): the same
/// result without building the crown's frame again.
#[inline]
pub(crate) fn resolve_cylinder_with(
    q: &WheelQuery,
    p: DVec3,
    n: DVec3,
    offset: DVec3,
) -> Option<(f64, DVec3)> {
    let dn = q.direction.dot(n);
    // Also rejects NaN.
    if -dn < MIN_CLOSING_COS || dn.is_nan() {
        return None;
    }
    resolve_at(q, p, n, dn, offset)
}

/// The fit of [`resolve_cylinder`] once the plane is known to face the line (`dn = d·n`).
/// Always inlined: the plane pass's ground rise (`wheel::on_plane`) left it out of line, a
/// call and the query's loads ≈ 30 instructions a wheel more than its arithmetic.
#[inline(always)]
fn resolve_at(q: &WheelQuery, p: DVec3, n: DVec3, dn: f64, offset: DVec3) -> Option<(f64, DVec3)> {
    let s = (p - q.origin - offset).dot(n) / dn;
    let support = q.centre_at(s) + offset;
    let point = support - (support - p).dot(n) * n;
    (finite(s) && finite_vec(point)).then_some((s, point))
}

#[cfg(test)]
mod tests;

mod reject;
pub(crate) use reject::{AcceptsHit, RejectionCos};
