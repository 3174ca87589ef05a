//! Query control for wheel queries: per-shape filter data and non-blocking sweeps.
//!
//! ## Filtering (PhysX "Filtering": query filter data, `setupDrivableSurface`)
//! Each member of a [`GroundSet`](super::GroundSet) carries a [`ShapeFilter`] (a bit mask of
//! the groups it belongs to; default [`ShapeFilter::DRIVABLE`]) and each vehicle's wheel
//! queries a [`QueryFilter`] (the groups they may hit, [`ContactParams::query_filter`](super::ContactParams::query_filter);
//! default [`QueryFilter::DRIVABLE`]). A shape is seen by a wheel query when
//! `shape.groups & query.mask ≠ 0`, so a shape with [`ShapeFilter::NON_DRIVABLE`] (no group)
//! is skipped by every suspension query (PhysX `UNDRIVABLE_SURFACE`: the pre-filter returns
//! `eNONE`). Only the suspension query is filtered, through
//! [`Ground::cast_ray_filtered`](super::Ground::cast_ray_filtered),
//! [`Ground::cast_sphere_filtered`](super::Ground::cast_sphere_filtered) and
//! [`Ground::cast_sphere_touches`](super::Ground::cast_sphere_touches); the body's collision
//! shape, the rim constraint and the end stops use the unfiltered queries, so a non-drivable
//! shape is still a solid obstacle (PhysX: non-drivable shapes still collide with the wheel and
//! chassis shapes). A ground that is not a set ignores the filter (it is one drivable shape).
//!
//! ## Non-blocking sweeps (PhysX "Wheel contact beyond raycasts")
//! A blocking sweep reports only the first hit; if that is a face the wheel cannot drive on
//! (a wall beside the tyre, a kerb face) the hit is rejected and the wheel falls back to its
//! ray. With [`SweepHitMode::NonBlocking`] the sweep gathers up to [`MAX_SWEEP_HITS`] hits, at
//! most one per shape of the ground (PhysX touch hits; the nearest are kept), into a
//! fixed-capacity [`SweepHits`] (no heap), and the wheel picks among them:
//! 1. reject each hit [`HitRejection`](super::HitRejection) rejects (normal angle from `−d`
//!    beyond `max_normal_angle`, point angle beyond `max_point_angle`, plane not facing the
//!    suspension);
//! 2. fit the wheel cylinder to each remaining hit plane, centre travel `s_i`
//!    ([`resolve_cylinder`]);
//! 3. the hit with the **smallest** `s_i` wins (the surface the wheel meets first when it
//!    extends, i.e. the highest drivable one); ties go to the nearer sweep hit, then to the
//!    shape added first.
//!
//! If no hit survives, the wheel falls back to the (filtered) ray, as a blocking sweep does;
//! if the winner lies beyond the travel (`s > s_max`), there is no contact.
//!
//! ```
//! use skidpad::ground::{GroundSet, Plane, QueryFilter, ShapeFilter, WheelQuery, ContactMode,
//!                       HitRejection, SweepHitMode, query_wheel_with};
//! use glam::DVec3;
//! // A non-drivable plane at z = 0.2 over the road at z = 0: the wheel query sees the road.
//! let g = GroundSet::new()
//!     .with(Plane::flat())
//!     .with_filtered(Plane::flat_at(0.2), ShapeFilter::NON_DRIVABLE);
//! let q = WheelQuery { origin: DVec3::new(0.0, 0.0, 0.8), direction: -DVec3::Z,
//!                      max_distance: 0.6, radius: 0.33, half_width: 0.1, axle: DVec3::Y };
//! let c = query_wheel_with(&g, &q, ContactMode::Sweep, &HitRejection::default(),
//!                          QueryFilter::DRIVABLE, SweepHitMode::Blocking).unwrap();
//! assert!((q.centre_at(c.centre_distance).z - 0.33).abs() < 1e-12);
//! ```

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::{GroundHit, SurfaceId, WheelQuery, resolve_cylinder};

/// Most sweep hits a non-blocking wheel query keeps (the nearest). Unit: count.
pub const MAX_SWEEP_HITS: usize = 8;

/// The groups a ground shape belongs to, as a bit mask (PhysX `PxFilterData::word3` of the
/// shape's query filter data).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ShapeFilter {
    /// Group bits. Bit 0 ([`ShapeFilter::DRIVABLE`]) = a road; other bits are the user's.
    pub groups: u32,
}

impl ShapeFilter {
    /// A drivable surface (group bit 0). The default.
    pub const DRIVABLE: Self = Self { groups: 1 };
    /// In no group: skipped by every wheel query (PhysX `UNDRIVABLE_SURFACE`); still solid for
    /// the body, rim and end-stop queries.
    pub const NON_DRIVABLE: Self = Self { groups: 0 };
}

impl Default for ShapeFilter {
    fn default() -> Self {
        Self::DRIVABLE
    }
}

/// The shape groups a vehicle's wheel queries may hit, as a bit mask (PhysX query filter data
/// of the suspension ray or sweep).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct QueryFilter {
    /// Group bits the query accepts; a shape is hit when `groups & mask ≠ 0`.
    pub mask: u32,
}

impl QueryFilter {
    /// Drivable shapes only (bit 0). The default.
    pub const DRIVABLE: Self = Self { mask: 1 };
    /// Every shape in any group.
    pub const ALL: Self = Self { mask: u32::MAX };

    /// `true` if a shape with `filter` is seen by this query.
    #[inline]
    pub fn passes(self, filter: ShapeFilter) -> bool {
        filter.groups & self.mask != 0
    }
}

impl Default for QueryFilter {
    fn default() -> Self {
        Self::DRIVABLE
    }
}

/// Blocking (first hit only) or non-blocking (several hits, picked by angle) wheel sweeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum SweepHitMode {
    /// The first hit only; a rejected one falls back to the ray (cheapest). Default.
    #[default]
    Blocking,
    /// Up to [`MAX_SWEEP_HITS`] hits, one per shape, the drivable one the wheel meets first
    /// wins (see the [module docs](self)).
    NonBlocking,
}

const NO_HIT: GroundHit = GroundHit {
    point: DVec3::ZERO,
    normal: DVec3::Z,
    distance: f64::INFINITY,
    surface: SurfaceId(0),
    surface_velocity_world: DVec3::ZERO,
};

/// Up to [`MAX_SWEEP_HITS`] sweep hits in a fixed array (no heap): when full, a nearer hit
/// replaces the farthest one kept.
#[derive(Debug, Clone, Copy)]
pub struct SweepHits {
    hits: [GroundHit; MAX_SWEEP_HITS],
    len: usize,
}

impl Default for SweepHits {
    fn default() -> Self {
        Self {
            hits: [NO_HIT; MAX_SWEEP_HITS],
            len: 0,
        }
    }
}

impl SweepHits {
    /// Record `hit`; if the buffer is full it replaces the farthest kept hit when nearer
    /// (a hit as far as the farthest is dropped, so earlier shapes win ties).
    pub fn push(&mut self, hit: GroundHit) {
        if self.len < MAX_SWEEP_HITS {
            self.hits[self.len] = hit;
            self.len += 1;
            return;
        }
        let mut far = 0;
        for (i, h) in self.hits.iter().enumerate() {
            if h.distance > self.hits[far].distance {
                far = i;
            }
        }
        if hit.distance < self.hits[far].distance {
            self.hits[far] = hit;
        }
    }

    /// The hits kept, in the order recorded.
    pub fn as_slice(&self) -> &[GroundHit] {
        &self.hits[..self.len]
    }

    /// Number of hits kept.
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` if no hit was recorded.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The non-blocking pick (see [`super::filter`]): among the hits `reject` accepts whose plane
/// the cylinder can be fitted to, the one with the smallest centre travel `s`; ties go to the
/// nearer sweep hit, then the earlier recorded. Returns `(hit, s, contact point)`.
pub(crate) fn pick_touch(
    q: &WheelQuery,
    reject: &impl super::wheel::AcceptsHit,
    hits: &SweepHits,
) -> Option<(GroundHit, f64, DVec3)> {
    let mut best: Option<(GroundHit, f64, DVec3)> = None;
    for hit in hits.as_slice() {
        let centre = q.centre_at(hit.distance);
        if !reject.accepts_hit(q.direction, centre, hit.point, hit.normal) {
            continue;
        }
        let Some((s, point)) = resolve_cylinder(q, hit.point, hit.normal) else {
            continue;
        };
        if best.is_none_or(|(b, bs, _)| s < bs || (s == bs && hit.distance < b.distance)) {
            best = Some((*hit, s, point));
        }
    }
    best
}
