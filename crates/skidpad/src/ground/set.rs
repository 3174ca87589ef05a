//! [`GroundSet`]: several grounds queried as one; for each query the nearest hit (smallest
//! `distance` along the query, m) wins, ties going to the ground added first. No allocation
//! in a query (the members are boxed once, when added).
//!
//! Each member carries a [`ShapeFilter`] (default drivable); the filtered queries
//! ([`Ground::cast_ray_filtered`], [`Ground::cast_sphere_filtered`],
//! [`Ground::cast_sphere_touches`]) skip the members a wheel's [`QueryFilter`] does not pass,
//! and the non-blocking sweep records each passing member's hits (see [`super::filter`]).
//! The unfiltered queries see every member.

use glam::DVec3;

use super::{Ground, GroundHit, QueryFilter, ShapeFilter, SweepHits};

/// Several grounds queried as one: the nearest hit wins (ties: the first added).
#[derive(Default)]
pub struct GroundSet {
    members: Vec<Box<dyn Ground>>,
    filters: Vec<ShapeFilter>,
}

impl std::fmt::Debug for GroundSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GroundSet")
            .field("len", &self.members.len())
            .finish()
    }
}

impl GroundSet {
    /// An empty set (hits nothing).
    pub fn new() -> Self {
        Self::default()
    }

    /// Add a ground.
    pub fn push(&mut self, ground: impl Ground + 'static) {
        self.push_filtered(ground, ShapeFilter::DRIVABLE);
    }

    /// Add a ground with its query filter data (e.g. [`ShapeFilter::NON_DRIVABLE`]).
    pub fn push_filtered(&mut self, ground: impl Ground + 'static, filter: ShapeFilter) {
        self.members.push(Box::new(ground));
        self.filters.push(filter);
    }

    /// The set with `ground` added under `filter` (builder form of
    /// [`GroundSet::push_filtered`]).
    #[must_use]
    pub fn with_filtered(mut self, ground: impl Ground + 'static, filter: ShapeFilter) -> Self {
        self.push_filtered(ground, filter);
        self
    }

    /// The filter of member `i` (in the order added), `None` past the end.
    pub fn filter(&self, i: usize) -> Option<ShapeFilter> {
        self.filters.get(i).copied()
    }

    /// The set with `ground` added (builder form of [`GroundSet::push`]).
    #[must_use]
    pub fn with(mut self, ground: impl Ground + 'static) -> Self {
        self.push(ground);
        self
    }

    /// Number of grounds in the set.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// `true` if the set holds no ground.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    fn nearest(&self, f: impl Fn(&dyn Ground) -> Option<GroundHit>) -> Option<GroundHit> {
        let mut best: Option<GroundHit> = None;
        for g in &self.members {
            if let Some(h) = f(g.as_ref())
                && best.is_none_or(|b| h.distance < b.distance)
            {
                best = Some(h);
            }
        }
        best
    }

    /// [`GroundSet::nearest`] over the members `filter` passes.
    fn nearest_passing(
        &self,
        filter: QueryFilter,
        f: impl Fn(&dyn Ground) -> Option<GroundHit>,
    ) -> Option<GroundHit> {
        let mut best: Option<GroundHit> = None;
        for (g, sf) in self.members.iter().zip(&self.filters) {
            if !filter.passes(*sf) {
                continue;
            }
            if let Some(h) = f(g.as_ref())
                && best.is_none_or(|b| h.distance < b.distance)
            {
                best = Some(h);
            }
        }
        best
    }
}

impl Ground for GroundSet {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        self.nearest(|g| g.cast_ray(origin, direction, max_distance))
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        self.nearest(|g| g.cast_sphere(origin, radius, direction, max_distance))
    }

    fn cast_ray_filtered(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        self.nearest_passing(filter, |g| {
            g.cast_ray_filtered(origin, direction, max_distance, filter)
        })
    }

    fn cast_sphere_filtered(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        self.nearest_passing(filter, |g| {
            g.cast_sphere_filtered(origin, radius, direction, max_distance, filter)
        })
    }

    fn cast_sphere_touches(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
        hits: &mut SweepHits,
    ) {
        for (g, sf) in self.members.iter().zip(&self.filters) {
            if filter.passes(*sf) {
                g.cast_sphere_touches(origin, radius, direction, max_distance, filter, hits);
            }
        }
    }

    /// The highest of the members' bounds (every member, whatever its filter: the body's
    /// queries see them all); unknown if one member's is.
    fn max_height_over(&self, min: glam::DVec2, max: glam::DVec2) -> Option<f64> {
        self.members.iter().try_fold(f64::NEG_INFINITY, |top, g| {
            g.max_height_over(min, max).map(|h| top.max(h))
        })
    }

    /// The highest of the members' sloped bounds; unknown if one member's is.
    fn max_height_over_sloped(
        &self,
        min: glam::DVec2,
        max: glam::DVec2,
        slope: glam::DVec2,
    ) -> Option<f64> {
        self.members.iter().try_fold(f64::NEG_INFINITY, |top, g| {
            g.max_height_over_sloped(min, max, slope)
                .map(|h| top.max(h))
        })
    }
}
