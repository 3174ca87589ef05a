//! An infinite plane: flat ground, a level at any height, or a constant-grade incline.
//!
//! The plane is the set of points `x` with `(x − p)·n = 0`; the ground is the half-space
//! `(x − p)·n ≤ 0` below it (solid), so a query that starts inside the ground hits at distance 0.
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `p` | a point on the plane ([`Plane::point`]) | m |
//! | `n` | unit normal out of the ground ([`Plane::normal`]) | – |
//! | `o`, `d` | query origin and unit direction | m, – |
//! | `h₀ = (o − p)·n` | signed height of the origin above the plane | m |
//! | `r` | sphere radius | m |
//!
//! Ray: `t = h₀ / (−d·n)` if `d·n < 0`; hit point `o + t·d`.
//! Sphere: the centre touches when its height is `r`: `t = (h₀ − r) / (−d·n)`; contact point
//! `o + t·d − r·n`. If `h₀ < r` the sphere already overlaps: distance 0, point = the centre
//! projected on the plane.
//!
//! An incline of angle `θ` rising along the horizontal unit direction `u` through the origin is
//! `z = tan θ · (u·(x, y))`, with normal `n = (−sin θ·uₓ, −sin θ·u_y, cos θ)`. A grade of `g`
//! (e.g. 20 % = 0.2) is `θ = atan g`.
//!
//! ```
//! use skidpad::ground::{Ground, Plane};
//! use glam::{DVec2, DVec3};
//! let ramp = Plane::inclined(0.2_f64.atan(), DVec2::X); // 20 % grade rising along +x
//! let hit = ramp.cast_ray(DVec3::new(10.0, 0.0, 5.0), -DVec3::Z, 10.0).unwrap();
//! assert!((hit.point.z - 2.0).abs() < 1e-12);
//! ```

use glam::{DVec2, DVec3};
use serde::{Deserialize, Serialize};

use super::{Ground, GroundHit, SurfaceId};
use crate::error::{ParamError, check};
use crate::math::finite_vec;

/// An infinite plane; the solid ground lies on the side opposite its normal.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Plane {
    /// A point on the plane. Unit: m.
    pub point: DVec3,
    /// Unit normal pointing out of the ground. Default: `+z`.
    pub normal: DVec3,
    /// Surface type of the whole plane. Default: `SurfaceId(0)`.
    pub surface: SurfaceId,
    /// Velocity of the ground material (a conveyor belt, a moving platform). Unit: m/s.
    /// Default: zero.
    pub surface_velocity_world: DVec3,
}

impl Default for Plane {
    fn default() -> Self {
        Self::flat()
    }
}

impl Plane {
    /// Flat ground `z = 0`, normal `+z`, surface 0, at rest.
    pub const fn flat() -> Self {
        Self::flat_at(0.0)
    }

    /// Flat ground at height `z` (m), normal `+z`.
    pub const fn flat_at(z: f64) -> Self {
        Self {
            point: DVec3::new(0.0, 0.0, z),
            normal: DVec3::Z,
            surface: SurfaceId(0),
            surface_velocity_world: DVec3::ZERO,
        }
    }

    /// A plane through `point` with normal `normal` (normalised here; any length > 0).
    ///
    /// # Errors
    /// [`ParamError`] at `point` or `normal` if either is non-finite or the normal is zero.
    pub fn try_new(point: DVec3, normal: DVec3) -> Result<Self, ParamError> {
        check::finite_vec("point", point)?;
        check::finite_vec("normal", normal)?;
        let n = normal.normalize_or_zero();
        if n == DVec3::ZERO {
            return Err(ParamError::new("normal", "must be non-zero"));
        }
        Ok(Self {
            point,
            normal: n,
            ..Self::flat()
        })
    }

    /// A plane through `point` with normal `normal` (normalised here).
    ///
    /// # Panics
    /// If [`Plane::try_new`] fails (non-finite input or zero normal).
    pub fn new(point: DVec3, normal: DVec3) -> Self {
        match Self::try_new(point, normal) {
            Ok(p) => p,
            Err(e) => panic!("Plane::new: {e}"),
        }
    }

    /// An incline through the world origin rising at `angle` (rad) along the horizontal
    /// direction `uphill` (x, y; normalised here): `z = tan(angle)·(û·(x, y))`.
    ///
    /// # Errors
    /// [`ParamError`] at `angle` unless it is in `(−π/2, π/2)`, at `uphill` if it is zero or
    /// non-finite.
    pub fn try_inclined(angle: f64, uphill: DVec2) -> Result<Self, ParamError> {
        if !(angle.is_finite() && angle.abs() < std::f64::consts::FRAC_PI_2) {
            return Err(ParamError::new(
                "angle",
                format!("must be in (-pi/2, pi/2) (got {angle})"),
            ));
        }
        let u = if uphill.is_finite() {
            uphill.normalize_or_zero()
        } else {
            DVec2::ZERO
        };
        if u == DVec2::ZERO {
            return Err(ParamError::new(
                "uphill",
                format!("must be a finite non-zero vector (got {uphill})"),
            ));
        }
        let (s, c) = angle.sin_cos();
        Ok(Self {
            normal: DVec3::new(-s * u.x, -s * u.y, c),
            ..Self::flat()
        })
    }

    /// An incline through the world origin; see [`Plane::try_inclined`].
    ///
    /// # Panics
    /// If [`Plane::try_inclined`] fails.
    pub fn inclined(angle: f64, uphill: DVec2) -> Self {
        match Self::try_inclined(angle, uphill) {
            Ok(p) => p,
            Err(e) => panic!("Plane::inclined: {e}"),
        }
    }

    /// The same plane with surface type `surface`.
    #[must_use]
    pub const fn with_surface(mut self, surface: SurfaceId) -> Self {
        self.surface = surface;
        self
    }

    /// The same plane with ground-material velocity `velocity` (m/s).
    #[must_use]
    pub const fn with_velocity(mut self, velocity: DVec3) -> Self {
        self.surface_velocity_world = velocity;
        self
    }

    /// The same plane moved so that it passes through `point`.
    #[must_use]
    pub const fn through(mut self, point: DVec3) -> Self {
        self.point = point;
        self
    }

    /// Signed distance of `x` above the plane, `(x − p)·n`. Unit: m.
    #[inline]
    pub fn signed_distance(&self, x: DVec3) -> f64 {
        (x - self.point).dot(self.normal)
    }

    /// Check that the point and velocity are finite and the normal has unit length.
    ///
    /// # Errors
    /// [`ParamError`] naming `point`, `normal` or `surface_velocity_world`.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::finite_vec("point", self.point)?;
        check::unit_vec("normal", self.normal)?;
        check::finite_vec("surface_velocity_world", self.surface_velocity_world)
    }

    #[inline]
    fn hit(&self, point: DVec3, distance: f64) -> GroundHit {
        GroundHit {
            point,
            normal: self.normal,
            distance,
            surface: self.surface,
            surface_velocity_world: self.surface_velocity_world,
        }
    }
}

/// `true` if the query arguments can produce a finite answer.
#[inline]
pub(crate) fn query_ok(origin: DVec3, direction: DVec3, max_distance: f64) -> bool {
    finite_vec(origin)
        && finite_vec(direction)
        && direction.length_squared() > 0.0
        && finite_non_negative(max_distance)
}

/// `x.is_finite() && x >= 0.0` as two comparisons, `0 ≤ x ≤ f64::MAX` (NaN fails both).
/// The bound is `MAX`, not `∞`: LLVM recognises `0 ≤ x < ∞` (and `is_finite`) as a test of
/// the float's class and lowers it to 17 integer instructions, while a comparison with `MAX`
/// stays two `cmpsd` (4 instructions). The same answer for every `x`.
#[inline]
#[allow(clippy::manual_range_contains)] // `(0.0..=f64::MAX).contains(&x)` is the class test
pub(crate) fn finite_non_negative(x: f64) -> bool {
    x >= 0.0 && x <= f64::MAX
}

/// `x.is_finite() && x > 0.0` as two comparisons (as [`finite_non_negative`]).
#[inline]
#[allow(clippy::manual_range_contains)]
pub(crate) fn finite_positive(x: f64) -> bool {
    x > 0.0 && x <= f64::MAX
}

/// glam's `v.normalize_or_zero()`, bit for bit: `v·(1/|v|)` when that reciprocal is finite
/// and positive, else zero; its test as two comparisons, and a zero `v` (a ray's axle, either
/// sign) answered without the square root and division (`1/0 = ∞`: zero either way).
#[inline]
pub(crate) fn normalize_or_zero(v: DVec3) -> DVec3 {
    if v == DVec3::ZERO {
        return DVec3::ZERO;
    }
    let rcp = v.length_recip();
    if finite_positive(rcp) {
        v * rcp
    } else {
        DVec3::ZERO
    }
}

impl Plane {
    /// [`Ground::cast_ray`] once its arguments have passed [`query_ok`] (the wheel query's
    /// plane path, [`Ground::as_plane`]). The same bits.
    #[inline]
    pub(crate) fn ray_checked(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        let h0 = self.signed_distance(origin);
        if h0 <= 0.0 {
            return Some(self.hit(origin, 0.0));
        }
        let closing = -direction.dot(self.normal);
        if closing <= 0.0 {
            return None;
        }
        let t = h0 / closing;
        (t <= max_distance).then(|| self.hit(origin + t * direction, t))
    }

    /// [`Ground::cast_sphere`] once its arguments have passed its checks ([`query_ok`], a
    /// finite `radius ≥ 0`). The same bits.
    #[inline]
    pub(crate) fn sphere_checked(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        let h0 = self.signed_distance(origin);
        if h0 < radius {
            return Some(self.hit(origin - h0 * self.normal, 0.0));
        }
        let closing = -direction.dot(self.normal);
        if closing <= 0.0 {
            return None;
        }
        let t = (h0 - radius) / closing;
        (t <= max_distance).then(|| self.hit(origin + t * direction - radius * self.normal, t))
    }
}

impl Ground for Plane {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        if !query_ok(origin, direction, max_distance) {
            return None;
        }
        self.ray_checked(origin, direction, max_distance)
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        if !(query_ok(origin, direction, max_distance) && finite_non_negative(radius)) {
            return None;
        }
        self.sphere_checked(origin, radius, direction, max_distance)
    }

    /// A plane is one shape that every filter passes (the default filtered queries).
    fn as_plane(&self) -> Option<&Plane> {
        Some(self)
    }

    /// Exact: the plane's height `z = p_z − (n_x·(x − p_x) + n_y·(y − p_y))/n_z` is linear,
    /// so its highest point over the rectangle is at a corner. Unknown for a plane that does
    /// not face up (`n_z ≤ 0.01`: vertical or overhanging, unbounded above).
    fn max_height_over(&self, min: DVec2, max: DVec2) -> Option<f64> {
        let n = self.normal;
        let x = if n.x > 0.0 { min.x } else { max.x };
        let y = if n.y > 0.0 { min.y } else { max.y };
        (n.z > 0.01)
            .then(|| self.point.z - (n.x * (x - self.point.x) + n.y * (y - self.point.y)) / n.z)
    }

    /// Exact: the height minus the reference plane, `z(x, y) − s·((x, y) − min)`, is linear
    /// with gradient `G = −(n_x, n_y)/n_z − s`, so its highest value over the rectangle is
    /// `z(min) + max(0, G_x·w) + max(0, G_y·l)` (`w`, `l` the rectangle's sides). Unknown for a
    /// plane that does not face up, or a non-finite slope.
    fn max_height_over_sloped(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
        let n = self.normal;
        let g = DVec2::new(-n.x / n.z, -n.y / n.z) - slope;
        let at_min =
            self.point.z - (n.x * (min.x - self.point.x) + n.y * (min.y - self.point.y)) / n.z;
        let rise = g * (max - min);
        (n.z > 0.01 && g.is_finite()).then(|| at_min + rise.x.max(0.0) + rise.y.max(0.0))
    }
}

/// A plane behind the [`Ground`] trait only ([`Ground::as_plane`] `None`), so a wheel query
/// takes the general path through the trait's casts: the oracle the plane fast paths' tests
/// compare against bit for bit.
#[cfg(test)]
pub(crate) struct HiddenPlane(pub(crate) Plane);

#[cfg(test)]
impl Ground for HiddenPlane {
    fn cast_ray(&self, o: DVec3, d: DVec3, m: f64) -> Option<GroundHit> {
        self.0.cast_ray(o, d, m)
    }
    fn cast_sphere(&self, o: DVec3, r: f64, d: DVec3, m: f64) -> Option<GroundHit> {
        self.0.cast_sphere(o, r, d, m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOL: f64 = 1e-12; // m

    #[test]
    fn flat_ray_and_sphere() {
        let g = Plane::flat_at(0.5);
        let h = g
            .cast_ray(DVec3::new(1.0, 2.0, 3.0), -DVec3::Z, 5.0)
            .unwrap();
        assert!((h.distance - 2.5).abs() < TOL);
        assert!((h.point - DVec3::new(1.0, 2.0, 0.5)).length() < TOL);
        assert_eq!(h.normal, DVec3::Z);
        assert!(
            g.cast_ray(DVec3::new(0.0, 0.0, 3.0), -DVec3::Z, 2.0)
                .is_none()
        );
        assert!(
            g.cast_ray(DVec3::new(0.0, 0.0, 3.0), DVec3::Z, 20.0)
                .is_none()
        );
        // Sphere r = 0.3 from z = 3: centre stops at 0.8 → travel 2.2.
        let h = g
            .cast_sphere(DVec3::new(1.0, 2.0, 3.0), 0.3, -DVec3::Z, 5.0)
            .unwrap();
        assert!((h.distance - 2.2).abs() < TOL);
        assert!((h.point - DVec3::new(1.0, 2.0, 0.5)).length() < TOL);
        // Oblique sweep at 45°: vertical gap 2.2 needs travel 2.2·√2.
        let d = DVec3::new(1.0, 0.0, -1.0).normalize();
        let h = g
            .cast_sphere(DVec3::new(0.0, 0.0, 3.0), 0.3, d, 5.0)
            .unwrap();
        assert!((h.distance - 2.2 * 2f64.sqrt()).abs() < 1e-12);
        assert!((h.point - DVec3::new(2.2, 0.0, 0.5)).length() < 1e-12);
    }

    #[test]
    fn start_inside_hits_at_zero() {
        let g = Plane::flat();
        let h = g
            .cast_ray(DVec3::new(0.0, 0.0, -1.0), -DVec3::Z, 1.0)
            .unwrap();
        assert_eq!(h.distance, 0.0);
        let h = g
            .cast_sphere(DVec3::new(0.0, 0.0, 0.1), 0.3, -DVec3::Z, 1.0)
            .unwrap();
        assert_eq!(h.distance, 0.0);
        assert!((h.point - DVec3::ZERO).length() < TOL);
    }

    #[test]
    fn incline_20_percent() {
        let theta = 0.2_f64.atan();
        let g = Plane::inclined(theta, DVec2::new(3.0, 0.0));
        let n = DVec3::new(-0.2, 0.0, 1.0) / 1.04_f64.sqrt();
        assert!((g.normal - n).length() < TOL);
        // Vertical ray at x = 10: surface height 0.2·10 = 2 m.
        let h = g
            .cast_ray(DVec3::new(10.0, 7.0, 5.0), -DVec3::Z, 10.0)
            .unwrap();
        assert!((h.point.z - 2.0).abs() < TOL);
        assert!((h.distance - 3.0).abs() < TOL);
        // Vertical sphere sweep r = 0.5: centre height above the surface along z is r/cos θ,
        // so the centre stops at z = 2 + 0.5·√1.04; contact point = centre − r·n.
        let h = g
            .cast_sphere(DVec3::new(10.0, 0.0, 5.0), 0.5, -DVec3::Z, 10.0)
            .unwrap();
        let zc = 2.0 + 0.5 * 1.04_f64.sqrt();
        assert!((h.distance - (5.0 - zc)).abs() < TOL);
        assert!((h.point - (DVec3::new(10.0, 0.0, zc) - 0.5 * n)).length() < TOL);
        // Diagonal uphill direction: height at (1, 1) along û = (1, 1)/√2 is tan θ·√2.
        let g = Plane::inclined(theta, DVec2::new(1.0, 1.0)).with_surface(SurfaceId(4));
        let h = g
            .cast_ray(DVec3::new(1.0, 1.0, 5.0), -DVec3::Z, 10.0)
            .unwrap();
        assert!((h.point.z - 0.2 * 2f64.sqrt()).abs() < TOL);
        assert_eq!(h.surface, SurfaceId(4));
    }

    #[test]
    fn degenerate_queries_are_none() {
        let g = Plane::flat();
        let o = DVec3::new(0.0, 0.0, 1.0);
        assert!(g.cast_ray(o, DVec3::ZERO, 2.0).is_none());
        assert!(g.cast_ray(o, DVec3::NAN, 2.0).is_none());
        assert!(g.cast_ray(o, -DVec3::Z, f64::NAN).is_none());
        assert!(g.cast_sphere(o, 0.3, DVec3::ZERO, 2.0).is_none());
        assert!(g.cast_sphere(o, f64::NAN, -DVec3::Z, 2.0).is_none());
        // Parallel to the plane, above it.
        assert!(g.cast_ray(o, DVec3::X, 100.0).is_none());
    }

    #[test]
    fn cheaper_checks_and_normalisation_give_the_same_answers() {
        // The two-comparison range checks against `is_finite() && cmp`, and
        // `normalize_or_zero` against glam's bit for bit, on special values and 20 000
        // seeded random vectors over 600 orders of magnitude.
        let special = [
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            5e-324,
            -5e-324,
            1.0,
            -1.0,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
        ];
        for x in special {
            assert_eq!(finite_non_negative(x), x.is_finite() && x >= 0.0, "{x}");
            assert_eq!(finite_positive(x), x.is_finite() && x > 0.0, "{x}");
        }
        let bits = |v: DVec3| v.to_array().map(f64::to_bits);
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            crate::test_rng::step(&mut seed);
            seed
        };
        let mut pick = |i: u64| {
            let r = next();
            if r % 7 == 0 {
                special[(r >> 8) as usize % special.len()]
            } else {
                let m = (r >> 11) as f64 / (1u64 << 53) as f64 - 0.5;
                m * 10f64.powi((i % 600) as i32 - 300)
            }
        };
        for i in 0..20_000 {
            let v = DVec3::new(pick(i), pick(i + 1), pick(i + 2));
            assert_eq!(
                bits(normalize_or_zero(v)),
                bits(v.normalize_or_zero()),
                "{v}"
            );
        }
        for v in [DVec3::ZERO, -DVec3::ZERO, DVec3::new(0.0, -0.0, 0.0)] {
            assert_eq!(bits(normalize_or_zero(v)), bits(v.normalize_or_zero()));
        }
    }

    #[test]
    fn bad_params() {
        let mut p = Plane::flat().with_velocity(DVec3::X);
        assert!(p.validate().is_ok());
        p.normal = DVec3::new(0.0, 0.0, 2.0);
        assert_eq!(
            p.validate().unwrap_err().within("ground").path,
            "ground.normal"
        );
        p = Plane::flat();
        p.surface_velocity_world.x = f64::NAN;
        assert_eq!(p.validate().unwrap_err().path, "surface_velocity_world");
        assert_eq!(
            Plane::try_inclined(2.0, DVec2::X).unwrap_err().path,
            "angle"
        );
        assert_eq!(
            Plane::try_inclined(0.1, DVec2::ZERO).unwrap_err().path,
            "uphill"
        );
        assert_eq!(
            Plane::try_new(DVec3::ZERO, DVec3::ZERO).unwrap_err().path,
            "normal"
        );
    }
}
