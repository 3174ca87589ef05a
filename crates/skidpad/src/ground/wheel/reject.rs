//! The sweep hit's rejection test with its two cosines known: [`RejectionCos`], a vehicle's
//! [`HitRejection`] with `cos` of its angles computed once ([`crate::params::Derived`]), and
//! [`AcceptsHit`], the test both answer, so the queries take either.
//!
//! Why: [`HitRejection::accepts`] compares against `cos` of its two angles, remembered per
//! thread for the last angles asked (two libm `cos` calls, ≈ 170 instructions, are too many
//! for every sweep query); that lookup is an out-of-line `LocalKey::with` call, ≈ 40
//! instructions a sweep query. A vehicle's angles are parameters: their cosines, computed
//! once with the other derived constants, are the same bits (`f64::cos` of the same angles),
//! read with no thread-local state in the step.

use super::HitRejection;
use glam::DVec3;

/// What a sweep query asks of its hit rejection: whether a hit is a drivable contact.
pub(crate) trait AcceptsHit {
    /// `true` if a sweep hit at `point`/`normal`, with the swept wheel centre at `centre`, is
    /// a drivable contact for a suspension extending along unit `direction`
    /// ([`HitRejection::accepts`]).
    fn accepts_hit(&self, direction: DVec3, centre: DVec3, point: DVec3, normal: DVec3) -> bool;

    /// The same test for a hit on a plane whose point lies at `−k·n` from the swept centre
    /// (`n` the plane's unit normal; `k` the sphere's radius, or the strut top's height over
    /// the plane when the sphere starts overlapping it), with `closing = −d·n`: the normal
    /// angle's `−n·d ≥ cos` is `closing ≥ cos`, and the point angle's
    /// `(p − c)·d ≥ |p − c|·cos` with `p − c = −k·n` is `sgn(k)·closing ≥ cos` (a point at
    /// the centre, `k = 0`, accepted). Equal in reals to [`AcceptsHit::accepts_hit`] of
    /// that hit (`wheel::on_plane::cast`'s closed form).
    fn accepts_on_plane(&self, closing: f64, k: f64) -> bool;
}

impl AcceptsHit for HitRejection {
    #[inline]
    fn accepts_hit(&self, direction: DVec3, centre: DVec3, point: DVec3, normal: DVec3) -> bool {
        self.accepts(direction, centre, point, normal)
    }

    #[inline]
    fn accepts_on_plane(&self, closing: f64, k: f64) -> bool {
        let (n, p) = super::remembered_cos(self.max_normal_angle, self.max_point_angle);
        RejectionCos::from_cos(n, p).accepts_on_plane(closing, k)
    }
}

/// A [`HitRejection`]'s cosines: `cos` of its normal angle and of its point angle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct RejectionCos {
    /// `max_normal_angle.cos()`.
    normal: f64,
    /// `max_point_angle.cos()`.
    point: f64,
}

impl RejectionCos {
    /// `r`'s cosines, computed (`f64::cos`, the bits [`HitRejection::accepts`] uses).
    pub(crate) fn of(r: &HitRejection) -> Self {
        Self::from_cos(r.max_normal_angle.cos(), r.max_point_angle.cos())
    }

    /// The cosines `(normal, point)` given.
    #[inline(always)]
    pub(crate) fn from_cos(normal: f64, point: f64) -> Self {
        Self { normal, point }
    }
}

impl AcceptsHit for RejectionCos {
    /// [`HitRejection::accepts`]'s test, the same operations on the same cosines.
    #[inline]
    fn accepts_hit(&self, direction: DVec3, centre: DVec3, point: DVec3, normal: DVec3) -> bool {
        if -normal.dot(direction) < self.normal {
            return false;
        }
        let v = point - centre;
        let len = v.length();
        // A point at the centre (deep overlap) has no direction: accept it.
        len <= 0.0 || v.dot(direction) >= len * self.point
    }

    /// [`AcceptsHit::accepts_on_plane`]: both angles' tests on the closing cosine.
    #[inline(always)]
    fn accepts_on_plane(&self, closing: f64, k: f64) -> bool {
        closing >= self.normal && (k == 0.0 || k.signum() * closing >= self.point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::uniform;

    /// A hand-worked case: normal angle 60° (`cos` = 0.5 to within an ulp), point angle 80°.
    /// A hit normal 59° from `−d` passes, one 61° away fails; a point 79° off `d` from the
    /// centre passes, 81° fails; a point at the centre passes.
    #[test]
    fn the_cosines_test_as_worked_by_hand() {
        let r = HitRejection {
            max_normal_angle: 60f64.to_radians(),
            max_point_angle: 80f64.to_radians(),
        };
        let cos = RejectionCos::of(&r);
        assert!((cos.normal - 0.5).abs() < 1e-15);
        let d = DVec3::NEG_Z;
        let tilted = |deg: f64| {
            let a = deg.to_radians();
            DVec3::new(a.sin(), 0.0, a.cos())
        };
        let down = |deg: f64| -tilted(deg);
        let c = DVec3::ZERO;
        assert!(cos.accepts_hit(d, c, down(0.0), tilted(59.0)));
        assert!(!cos.accepts_hit(d, c, down(0.0), tilted(61.0)));
        assert!(cos.accepts_hit(d, c, down(79.0), DVec3::Z));
        assert!(!cos.accepts_hit(d, c, down(81.0), DVec3::Z));
        assert!(cos.accepts_hit(d, c, c, DVec3::Z));
    }

    /// On seeded random angles and hits (normals and points all around), the cosines computed
    /// once give [`HitRejection::accepts`]'s answer every time, and its cosines' bits.
    #[test]
    fn the_cosines_give_the_rejections_answers() {
        let mut seed = 0x5eed_c051_u64;
        let mut u = |lo: f64, hi: f64| uniform(&mut seed, lo, hi);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let r = HitRejection {
                max_normal_angle: u(0.0, std::f64::consts::PI),
                max_point_angle: u(0.0, std::f64::consts::PI),
            };
            let cos = RejectionCos::of(&r);
            let (n, p) = super::super::remembered_cos(r.max_normal_angle, r.max_point_angle);
            assert_eq!(
                (cos.normal.to_bits(), cos.point.to_bits()),
                (n.to_bits(), p.to_bits())
            );
            let mut v = || DVec3::new(u(-1.0, 1.0), u(-1.0, 1.0), u(-1.0, 1.0));
            let (d, c, pt, nr) = (v().normalize(), v(), v(), v().normalize());
            let a = r.accepts(d, c, pt, nr);
            assert_eq!(cos.accepts_hit(d, c, pt, nr), a);
            (yes, no) = (yes + usize::from(a), no + usize::from(!a));
        }
        assert!(yes > 1000 && no > 1000, "{yes} {no}");
    }
}
