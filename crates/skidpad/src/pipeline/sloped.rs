//! One sloped ground bound for both of stage 10b's sloped broad phases on a ground that is
//! not a plane (a heightfield): the rims' ([`super::rim_contact`]'s `RimsBox::clear`) and
//! the body's (`body_contact`'s box bound) each asked
//! [`Ground::max_height_over_sloped`] under the same slope — the plane of the body's
//! floor at the substep's start — over two rectangles that nearly coincide (the car's
//! footprint, grown by the rims' reach or by the body's tilt). [`both`] asks once, over
//! their union, and carries the answer to each. On a heightfield a bound kept from an
//! earlier substep over a region around the car ([`super::kept`]) is tried first; this
//! query runs where that cannot prove both.
//!
//! Why it is sound: the answer `T` over the union `[a_u, b_u]` says every ground point `q`
//! with `(x, y)` in it lies at most `T + s·(q − a_u)` high. A part `[a, b]` of the union holds
//! only such points, and `T + s·(q − a_u) = (T + s·(a − a_u)) + s·(q − a)`: so
//! `T + s·(a − a_u)` is a bound of the part in the same sense as the ground's own answer
//! for it, and each test's proof (that no rim sweep or body ray can reach the ground) holds
//! with it in place of that answer. The ground's own answer for the part may be lower (a
//! smaller rectangle) or not; where the carried bound does not prove clear the caller asks
//! the part's own test as before. A skipped sweep or ray is one that finds nothing, so
//! results are bit for bit those of asking each part.
//!
//! Rounding: `s·(a − a_u)` with `|s| ≤ √3` (the floor's up axis has `n_z > 0.5`) and
//! coordinates within 10 km rounds to ≈ 1e-12 m, the sum with `T` as much;
//! [`SHARED_SLACK`] (1e-6 m) is added to the carried bound to cover both.

use crate::ground::Ground;
use glam::DVec2;

/// Rounding allowance of a bound carried from the union to one of its parts. Unit: m.
const SHARED_SLACK: f64 = 1e-6;

/// One sloped broad-phase test: clear when [`Ground::max_height_over_sloped`]`(a, b, slope)`
/// lies below `limit` (m).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct SlopedTest {
    /// The rectangle's lower corner (world xy, m).
    pub(super) a: DVec2,
    /// The rectangle's upper corner (world xy, m).
    pub(super) b: DVec2,
    /// The reference plane's gradient (m/m).
    pub(super) slope: DVec2,
    /// The bound below which the test says clear (m).
    pub(super) limit: f64,
}

impl SlopedTest {
    /// The test with the ground's own answer for its rectangle.
    #[inline(always)]
    pub(super) fn holds(&self, ground: &dyn Ground) -> bool {
        ground
            .max_height_over_sloped(self.a, self.b, self.slope)
            .is_some_and(|top| top < self.limit)
    }

    /// The test with the bound `top` of the union whose lower corner is `a_u`, carried to
    /// this rectangle (module docs).
    #[inline(always)]
    fn holds_under(&self, top: f64, a_u: DVec2) -> bool {
        top + self.slope.dot(self.a - a_u) + SHARED_SLACK < self.limit
    }
}

/// Both tests `r` and `b` from one ground query over their rectangles' union (module docs):
/// `(r holds, b holds, b's clearance)`, each `true` only when proved; the clearance is
/// `b.limit` less the bound carried to `b` (m): the ground over `b`'s rectangle lies at
/// least that far below the plane `b.limit + b.slope·(q − b.a)` at every `q` in it (the
/// carried bound's [`SHARED_SLACK`] included), positive when `b` holds. `None` (nothing
/// asked) when their slopes differ or the ground cannot bound itself.
#[inline]
pub(super) fn both(
    ground: &dyn Ground,
    r: &SlopedTest,
    b: &SlopedTest,
) -> Option<(bool, bool, f64)> {
    if r.slope != b.slope {
        return None;
    }
    let (lo, hi) = (r.a.min(b.a), r.b.max(b.b));
    let top = ground.max_height_over_sloped(lo, hi, r.slope)?;
    let carried = top + b.slope.dot(b.a - lo) + SHARED_SLACK;
    Some((
        r.holds_under(top, lo),
        b.holds_under(top, lo),
        b.limit - carried,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::Plane;

    #[test]
    fn a_bound_carried_to_a_part_worked_by_hand() {
        // The plane z = 0.1·x − 0.2·y + 0.5: under its own slope s = (0.1, −0.2) the union
        // [(−2, −1), (3, 2)] has T = 0.5 (its height less s·(q − a_u) is 0.5 everywhere), and
        // the part [(0, 0), (3, 1)] gets T + s·((0, 0) − (−2, −1)) = 0.5 + 0.2 − 0.2 = 0.5:
        // its own bound, the plane's height at its corner.
        let n = glam::DVec3::new(-0.1, 0.2, 1.0).normalize();
        let plane = Plane {
            normal: n,
            ..Plane::flat_at(0.5)
        };
        let slope = DVec2::new(0.1, -0.2);
        let part = |a: DVec2, b: DVec2, limit: f64| SlopedTest { a, b, slope, limit };
        let r = part(DVec2::new(-2.0, -1.0), DVec2::new(1.0, 2.0), 0.5 + 2e-6);
        let b = part(DVec2::new(0.0, 0.0), DVec2::new(3.0, 1.0), 0.5 + 0.5e-6);
        let own = plane.max_height_over_sloped(b.a, b.b, slope).unwrap();
        assert!((own - 0.5).abs() < 1e-12, "{own}");
        // r clears by 2e-6 > the slack, b by less than the slack: only r is proved.
        let (rh, bh, clearance) = both(&plane, &r, &b).unwrap();
        assert_eq!((rh, bh), (true, false));
        // b's clearance: its limit less the carried 0.5 and the slack, −0.5e-6 m.
        assert!((clearance + 0.5e-6).abs() < 1e-12, "{clearance}");
        // Different slopes: nothing asked.
        let tilted = SlopedTest {
            slope: DVec2::ZERO,
            ..b
        };
        assert_eq!(both(&plane, &r, &tilted), None);
    }
}
