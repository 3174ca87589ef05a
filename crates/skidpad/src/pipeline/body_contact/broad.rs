//! The body contact's broad phase (module docs of [`super`], "Broad phase"): whether the
//! body's sample points can reach the ground this substep at all, from the body's box under
//! the ground's height bound (on the flat and under the floor's plane on a slope), before any
//! ray is cast.

use super::*;

/// Whether [`body_points_in`] returns 0 at its first test, the box bound
/// ([`box_rays_clear`], same arguments), or finds no point at all (the shape
/// [`BodyShape::None`]); `false` (not known without the rays) otherwise.
pub(in crate::pipeline) fn body_quiet(
    p: &VehicleParams,
    boxes: &RimsBox,
    start: &ChassisState,
    end: &ChassisState,
    ground: AskedGround,
    h: f64,
) -> bool {
    let shape = &p.contact.body.shape;
    match body_box(shape, boxes.auto) {
        Some(b) => {
            let reach = reach_of(p, start, end, h);
            box_rays_clear(ground, &start.pose, p.chassis.com_offset, b, reach)
        }
        None => *shape == BodyShape::None,
    }
}

/// Broad phase for the whole body at once (module docs): moves the body points `pts` to the
/// world at `pose`, then whether `ground` stays clear of every ray, the ray of world point
/// `q` reaching from `a` above it to `len − a` below it, `(a, len) = ray(q)`. `false` for no
/// points.
pub(super) fn all_rays_clear(
    ground: &dyn Ground,
    pose: &crate::math::Pose,
    pts: &mut [DVec3],
    ray: impl Fn(DVec3) -> (f64, f64),
) -> bool {
    let (mut lo, mut hi, mut bottom) = (DVec3::INFINITY, DVec3::NEG_INFINITY, f64::INFINITY);
    for q in pts.iter_mut() {
        *q = pose.transform_point(*q);
        let q = *q;
        let (a, len) = ray(q);
        (lo, hi) = (lo.min(q), hi.max(q));
        bottom = bottom.min(q.z + a - len);
    }
    !pts.is_empty() && clear_of(ground, lo.with_z(bottom), hi.with_z(bottom), 0.0)
}

/// Rounding allowance of [`box_rays_clear`]'s bound against the per-point one of
/// [`all_rays_clear`]: both add and transform the same numbers in other orders, ≈ 1e-12 m
/// apart at 10 km from the origin. Unit: m.
const BOX_BOUND_SLACK: f64 = 1e-6;

/// The box (vehicle frame, `(min, max)`) a box-shaped body's sample points lie in, `None`
/// for other shapes.
pub(super) fn body_box(shape: &BodyShape, auto: Option<(DVec3, DVec3)>) -> Option<(DVec3, DVec3)> {
    match shape {
        BodyShape::Auto => auto,
        BodyShape::Box { min, max } => Some((*min, *max)),
        BodyShape::None | BodyShape::Hull { .. } => None,
    }
}

/// A cheaper, looser [`all_rays_clear`] for a box-shaped body: from the box's 8 corners
/// instead of its 26 sample points. Every sample point lies in the box (they are its
/// corners, edge and face midpoints), so in the world it lies within the corners' bounding
/// box `[lo, hi]` and no farther from the centre of mass (`com_local`, body frame) than the
/// farthest corner, `r_max`; its ray reaches no lower than its point minus `reach(r_max)` and the contact
/// margin (`reach(r)`: what a point `r` from the centre of mass can move in the substep).
/// Two bounds, each sufficient:
///
/// - Sloped, under the floor's plane: with the body's up axis `n` (world, `n_z > 0.5`), a box
///   point `p = q + σ·n` (`q` on the floor face, `σ ≥ 0`) lies `σ/n_z ≥ 0` above the floor's
///   plane `P(x, y) = z_q − (n_x·(x − x_q) + n_y·(y − y_q))/n_z` at its own `(x, y)`. So when
///   the ground stays below `P − reach(r_max) − margin` over `[lo, hi]`
///   ([`Ground::max_height_over_sloped`] with the slope `−(n_x, n_y)/n_z`, less than
///   `P(lo) − …` by [`crate::ground::BROAD_PHASE_MARGIN`]), it stays below every ray. A
///   car on a slope is then as clear as on the flat (on issue 13's terrain a body 3.3 m long
///   spans 0.27 m of rise, more than its floor's clearance).
/// - Flat: below the lowest corner minus `reach(r_max)` and the margin ([`clear_of`]).
///
/// When either says clear (with [`BOX_BOUND_SLACK`] for the rounding), every sample point's
/// ray would have been cast and missed, or skipped by [`all_rays_clear`]: either way no
/// constraint, the same result. `false` (test the points) for non-finite numbers.
pub(super) fn box_rays_clear(
    ground: AskedGround,
    pose: &crate::math::Pose,
    com_local: DVec3,
    (min, max): (DVec3, DVec3),
    reach: impl Fn(f64) -> f64,
) -> bool {
    let drop = box_drop(com_local, (min, max), reach);
    // On a plane, first its own bound (`super::on_plane`).
    if let Some(plane) = ground.as_plane()
        && crate::pipeline::on_plane::body_clear(plane, pose, (min, max), drop)
    {
        return true;
    }
    let Some(fp) = Footprint::of(pose, (min, max), drop) else {
        return false;
    };
    fp.sloped.is_some_and(|t| t.holds(&*ground)) || fp.flat_clear(&*ground)
}

/// How far below its point a body ray reaches at most (m): `reach` of the box corner
/// farthest from the centre of mass `com_local` (body frame; a rotation keeps the
/// distances) and the contact margin.
#[inline(always)]
fn box_drop(com_local: DVec3, b: (DVec3, DVec3), reach: impl Fn(f64) -> f64) -> f64 {
    reach(box_far(com_local, b)) + BODY_CONTACT_MARGIN
}

/// The distance (m) from the centre of mass `com_local` (body frame) to the box corner
/// farthest from it: no point of the box `(min, max)` lies farther.
#[inline(always)]
fn box_far(com_local: DVec3, (min, max): (DVec3, DVec3)) -> f64 {
    (min - com_local)
        .abs()
        .max((max - com_local).abs())
        .length()
}

/// [`box_rays_clear`]'s two bounds of the body box at a pose, the ground not yet asked.
struct Footprint {
    /// The box's world bounding box (m).
    lo: DVec3,
    hi: DVec3,
    /// How far below its point a ray reaches at most (m).
    drop: f64,
    /// The sloped bound under the floor's plane (`None` for a body tilted past 60°).
    sloped: Option<SlopedTest>,
}

impl Footprint {
    /// The box `(min, max)` (vehicle frame) at `pose`, its rays reaching `drop` below their
    /// points; `None` (test the points) for non-finite numbers.
    #[inline(always)]
    fn of(pose: &crate::math::Pose, (min, max): (DVec3, DVec3), drop: f64) -> Option<Self> {
        // The box in the world from the pose's rotation matrix `M` (one conversion instead
        // of eight quaternion rotations of the corners): centre `t + M·c`, half extents
        // `|M|·e` (the corners' bounding box), the floor's corner `min` at `t + M·min` and
        // the up axis `M·ẑ`. Each differs from the corners rotated one by one by rounding
        // only (≈ 1e-15 relative), far inside the slack.
        let m = glam::DMat3::from_quat(pose.rotation);
        let (centre, half) = (0.5 * (min + max), 0.5 * (max - min));
        let mid = pose.translation + m * centre;
        let ext = m.x_axis.abs() * half.x + m.y_axis.abs() * half.y + m.z_axis.abs() * half.z;
        let (lo, hi) = (mid - ext, mid + ext);
        if !(drop.is_finite() && lo.is_finite() && hi.is_finite()) {
            return None;
        }
        // The body's up axis; the footprint grown by the slack, the floor's plane through
        // the corner `min`, and its height at the footprint's corner `a`.
        let n = m.z_axis;
        let sloped = (n.z > 0.5).then(|| {
            let (a, b) = (
                lo.truncate() - DVec2::splat(BOX_BOUND_SLACK),
                hi.truncate() + DVec2::splat(BOX_BOUND_SLACK),
            );
            let q = pose.translation + m * min;
            let slope = DVec2::new(-n.x, -n.y) / n.z;
            let base = q.z + slope.dot(a - q.truncate());
            let limit = base - drop - BROAD_PHASE_MARGIN - BOX_BOUND_SLACK;
            SlopedTest { a, b, slope, limit }
        });
        Some(Self {
            lo,
            hi,
            drop,
            sloped,
        })
    }

    /// The flat bound: the ground below the box's lowest point less `drop` ([`clear_of`]).
    #[inline(always)]
    fn flat_clear(&self, ground: &dyn Ground) -> bool {
        let bottom = self.lo.z - self.drop;
        clear_of(
            ground,
            self.lo.with_z(bottom),
            self.hi.with_z(bottom),
            BOX_BOUND_SLACK,
        )
    }
}

/// The body's sloped bound ([`box_rays_clear`]'s first test on a ground that is not a
/// plane) of the box `b` at `pose`, its rays reaching `drop` below their points
/// ([`body_drop`]), the ground not yet asked; `None` for a body tilted past 60°. Always
/// inlined into its one caller (`apart::nothing_near`): left to the inliner it came out of
/// line when session 37 grew the heightfield's sweep, +0.08 k instructions a vehicle-step.
#[inline(always)]
pub(in crate::pipeline) fn body_sloped_test(
    pose: &crate::math::Pose,
    b: (DVec3, DVec3),
    drop: f64,
) -> Option<SlopedTest> {
    Footprint::of(pose, b, drop)?.sloped
}

/// The body's box (vehicle frame, `(min, max)`) and how far below its point a ray reaches
/// in the substep (m), as [`box_rays_clear`] takes them, and the distance from the centre of
/// mass to the box's farthest corner (m, [`box_far`]); `None` without a box.
#[inline(always)]
pub(in crate::pipeline) fn body_drop(
    p: &VehicleParams,
    boxes: &RimsBox,
    start: &ChassisState,
    end: &ChassisState,
    h: f64,
) -> Option<((DVec3, DVec3), f64, f64)> {
    let b = body_box(&p.contact.body.shape, boxes.auto)?;
    let com = p.chassis.com_offset;
    Some((
        b,
        box_drop(com, b, reach_of(p, start, end, h)),
        box_far(com, b),
    ))
}
