//! [`GroundSet`]: several grounds queried as one; for each query the nearest hit (smallest
//! `distance` along the query, m) wins, ties going to the ground added first. No allocation
//! in a query (the members are boxed once, when added).

use glam::DVec3;

use super::{Ground, GroundHit};

/// Several grounds queried as one: the nearest hit wins (ties: the first added).
#[derive(Default)]
pub struct GroundSet {
    members: Vec<Box<dyn Ground>>,
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
        self.members.push(Box::new(ground));
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
}
