//! Ground contact: what a wheel stands on.
//!
//! A [`Ground`] answers two scene queries in the world frame (z-up):
//! - [`Ground::cast_ray`]: the first surface point on `origin + t·direction`, `t ∈ [0, max_distance]`;
//! - [`Ground::cast_sphere`]: the first contact of a sphere of radius `r` whose centre moves
//!   along the same segment; `distance` is the centre's travel, `point` the contact point on the
//!   surface, `normal` the surface normal there (pointing out of the ground, towards the sphere).
//!
//! Every hit carries a [`SurfaceId`] (index into the surface table) and the surface's own
//! velocity (moving platforms, conveyor belts), so tire slip is measured relative to the ground.
//!
//! Implementations must not allocate in either query.
//!
//! | module | what |
//! |---|---|
//! | [`plane`] | [`Plane`]: flat ground at any height, constant-grade incline (analytic) |
//! | [`heightfield`] | [`HeightField`]: height grid, two triangles per cell (DDA ray cast); feature `parry` |
//! | [`parry`] | [`ParryGround`]: any parry3d shape at a pose; feature `parry` |
//! | [`set`] | [`GroundSet`]: several grounds, the nearest hit wins; a [`ShapeFilter`] per member |
//! | [`deck`] | [`Deck`], [`DeckGround`]: other vehicles' body boxes as wheel ground (a car transporter, [`crate::World::set_vehicle_contact`]) |
//! | [`filter`] | query control: [`QueryFilter`] / [`ShapeFilter`] (drivable or not), non-blocking sweeps ([`SweepHitMode`], [`SweepHits`]) |
//! | [`wheel`] | [`query_wheel`]: the suspension's contact query (raycast or sweep + cylinder fit, hit rejection) |
//! | [`cache`] | [`HitCache`], [`query_wheel_cached`]: reuse hit planes for a few steps (level of detail) |
//! | [`terrain`] | test-track grounds from numbers: surface patches ([`terrain::Patched`]), bumps, a function of x and y (feature `files`) |
//! | `heightmap` | (feature `files`) a [`HeightField`] from a grayscale PNG |
//!
//! `&G`, `Box<G>` and `Arc<G>` are grounds when `G` is, so a scene can be shared between
//! vehicles and threads.

use glam::{DVec2, DVec3};

pub mod cache;
pub mod deck;
pub mod filter;
#[cfg(feature = "parry")]
pub mod heightfield;
#[cfg(all(feature = "files", feature = "parry"))]
pub mod heightmap;
pub mod kept;
#[cfg(feature = "parry")]
pub mod parry;
pub mod plane;
pub mod set;
pub mod terrain;
pub mod wheel;

pub use cache::{HitCache, query_wheel_cached, query_wheel_cached_with};
pub use deck::{Deck, DeckGround};
pub use filter::{MAX_SWEEP_HITS, QueryFilter, ShapeFilter, SweepHitMode, SweepHits};
#[cfg(feature = "parry")]
pub use heightfield::HeightField;
pub use kept::KeptBound;
#[cfg(feature = "parry")]
pub use parry::ParryGround;
pub use plane::Plane;
pub use set::GroundSet;
pub use wheel::{
    CROWN_RADIUS_PER_WIDTH, ContactMode, HitRejection, MIN_CLOSING_COS, WheelContact, WheelQuery,
    crown_radius, cylinder_support_offset, query_wheel, query_wheel_with, resolve_cylinder,
};

pub use crate::surface::SurfaceId;
use crate::surface::SurfaceTable;

/// One hit of a ground query, in the world frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroundHit {
    /// Contact point on the ground surface. Unit: m.
    pub point: DVec3,
    /// Unit surface normal at the contact, pointing out of the ground.
    pub normal: DVec3,
    /// Distance travelled along the query direction (ray parameter, or sphere-centre travel). Unit: m.
    pub distance: f64,
    /// Surface type at the contact.
    pub surface: SurfaceId,
    /// Velocity of the ground material at the contact point. Unit: m/s.
    pub surface_velocity_world: DVec3,
}

/// Something a vehicle can drive on. Queries must be allocation-free and deterministic.
pub trait Ground: Send + Sync {
    /// First intersection of the segment `origin + t·direction`, `t ∈ [0, max_distance]`,
    /// with the ground. `direction` is a unit vector.
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit>;

    /// First contact of a sphere of `radius` whose centre sweeps `origin + t·direction`,
    /// `t ∈ [0, max_distance]`. `direction` is a unit vector. If the sphere already overlaps the
    /// ground at `t = 0`, the hit has `distance = 0` and the deepest point's normal.
    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit>;

    /// [`Ground::cast_ray`] seeing only the shapes `filter` passes (see [`filter`]); used by the
    /// wheel queries. Default: the unfiltered ray (a ground that is not a set is one drivable
    /// shape).
    fn cast_ray_filtered(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        let _ = filter;
        self.cast_ray(origin, direction, max_distance)
    }

    /// [`Ground::cast_sphere`] seeing only the shapes `filter` passes. Default: the unfiltered
    /// sweep.
    fn cast_sphere_filtered(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        let _ = filter;
        self.cast_sphere(origin, radius, direction, max_distance)
    }

    /// Non-blocking sphere sweep: record the first hit of each shape `filter` passes into
    /// `hits` (see [`filter`]). Default: the one [`Ground::cast_sphere_filtered`] hit (a
    /// ground that is not a set is one shape). Must not allocate.
    fn cast_sphere_touches(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
        hits: &mut SweepHits,
    ) {
        if let Some(h) = self.cast_sphere_filtered(origin, radius, direction, max_distance, filter)
        {
            hits.push(h);
        }
    }

    /// What this ground's [`SurfaceId`]s mean. Default: the shared default table (0 tarmac,
    /// 1 wet tarmac, 2 gravel, 3 mud, 4 snow, 5 ice); wrap a ground in
    /// [`WithSurfaces`] to give it another.
    fn surfaces(&self) -> &crate::surface::SurfaceTable {
        crate::surface::default_table()
    }

    /// An upper bound of the ground over the axis-aligned rectangle `[min, max]` of the xy
    /// plane (world, m): no point of the ground (surface or solid) with `(x, y)` in the
    /// rectangle lies higher (`f64::NEG_INFINITY`: no ground there at all). `None`: unknown,
    /// the default, and what a ground answers when it cannot bound itself cheaply. The
    /// standalone step's broad phase ([`clear_of`]) uses it to skip the body, rim and hanging
    /// end-stop queries that cannot hit; a bound that is too low would lose contacts, one
    /// that is too high or `None` only costs the queries. Must not allocate.
    fn max_height_over(&self, min: DVec2, max: DVec2) -> Option<f64> {
        let _ = (min, max);
        None
    }

    /// An upper bound of the ground's height above the plane through `(min, 0)` with gradient
    /// `slope` (m/m), over the axis-aligned rectangle `[min, max]` (world, m): no point of the
    /// ground (surface or solid) with `(x, y)` in the rectangle lies higher than
    /// `bound + slope·((x, y) − min)`. `f64::NEG_INFINITY`: no ground there; `None`: unknown.
    /// The body's broad phase (`pipeline/body_contact.rs`) asks it with the plane of
    /// the body's floor: a car on a slope is as far above a sloped ground as on a flat one.
    /// Default: [`Ground::max_height_over`] minus the reference plane's lowest value over
    /// the rectangle (exact for a flat ground, looser than a ground's own answer on a slope).
    /// Must not allocate.
    fn max_height_over_sloped(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
        sloped_from_flat(self.max_height_over(min, max)?, min, max, slope)
    }

    /// The [`Plane`] this ground is, if it is one: a ground that answers `Some(p)` must answer
    /// every query (filtered or not) exactly as `p` does. The wheel query then calls the
    /// plane's arithmetic directly ([`wheel::query_wheel`]: no dynamic call, no checks the
    /// query's own already made), the same bits. Default: `None` (the queries are called).
    fn as_plane(&self) -> Option<&Plane> {
        None
    }

    /// The [`HeightField`] this ground is, if it is one: a ground that answers `Some(h)` must
    /// answer every query (filtered or not) exactly as `h` does. The wheel's ray then calls the
    /// heightfield's walk directly (no dynamic call, no checks the query's own already made),
    /// the same bits, and stage 10b keeps a height bound of `h` between substeps
    /// ([`KeptBound`], keyed by `h`'s identity). Default: `None` (the queries are called).
    #[cfg(feature = "parry")]
    fn as_height_field(&self) -> Option<&HeightField> {
        None
    }
}

/// A ground with its [`Ground::as_plane`] answer asked once: a stage that queries the ground
/// for every wheel (the contact stage) or twice (the impact stage's rims and body) asks the
/// trait once and passes this down, instead of one dynamic call per query (≈ 6 instructions
/// each on a ground that is not a plane). It derefs to the ground, and its own `as_plane`
/// (an inherent method, so it is the one called) returns the remembered answer: the same one.
#[derive(Clone, Copy)]
pub(crate) struct AskedGround<'a> {
    ground: &'a dyn Ground,
    plane: Option<&'a Plane>,
    #[cfg(feature = "parry")]
    field: Option<&'a HeightField>,
}

impl<'a> AskedGround<'a> {
    /// `ground` and its `as_plane` answer.
    #[inline]
    pub(crate) fn of(ground: &'a dyn Ground) -> Self {
        let plane = ground.as_plane();
        Self {
            ground,
            plane,
            // A plane's queries take its own path first; the heightfield is asked otherwise.
            #[cfg(feature = "parry")]
            field: if plane.is_none() {
                ground.as_height_field()
            } else {
                None
            },
        }
    }

    /// The remembered [`Ground::as_plane`].
    #[inline(always)]
    pub(crate) fn as_plane(&self) -> Option<&'a Plane> {
        self.plane
    }

    /// The remembered [`Ground::as_height_field`] (`None` on a plane: asked only when
    /// [`AskedGround::as_plane`] is `None`).
    #[cfg(feature = "parry")]
    #[inline(always)]
    pub(crate) fn as_height_field(&self) -> Option<&'a HeightField> {
        self.field
    }
}

impl<'a> std::ops::Deref for AskedGround<'a> {
    type Target = dyn Ground + 'a;

    #[inline(always)]
    fn deref(&self) -> &Self::Target {
        self.ground
    }
}

/// The default [`Ground::max_height_over_sloped`] from a flat bound `top` over `[min, max]`:
/// `top` minus the lowest value of `slope·((x, y) − min)` over the rectangle (at a corner);
/// `None` for a non-finite slope or rectangle.
pub fn sloped_from_flat(top: f64, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
    let rise = slope * (max - min);
    let low = rise.x.min(0.0) + rise.y.min(0.0);
    low.is_finite().then_some(top - low)
}

/// Clearance below which [`clear_of`] still queries: the ground's bound must lie this far
/// below the lowest point of the swept segment. Unit: m. Far above the queries' rounding
/// (≈ 1e-15 m), so a skipped query could not have hit.
pub const BROAD_PHASE_MARGIN: f64 = 0.01;

/// The broad phase of the standalone step's contact queries: `true` when `ground` declares
/// ([`Ground::max_height_over`]) that it stays more than [`BROAD_PHASE_MARGIN`] below the
/// segment from `a` to `b` thickened by `radius` (m) — a ray (`radius` 0) or a sphere swept
/// along it cannot hit, so the query can be skipped without changing any result. The
/// rectangle is the segment's xy bounding box grown by `radius`; the segment's lowest point
/// is `min(a_z, b_z) − radius`. `false` when the ground cannot bound itself (query as before).
pub fn clear_of(ground: &dyn Ground, a: DVec3, b: DVec3, radius: f64) -> bool {
    let lo = a.min(b).truncate() - DVec2::splat(radius);
    let hi = a.max(b).truncate() + DVec2::splat(radius);
    let bottom = a.z.min(b.z) - radius - BROAD_PHASE_MARGIN;
    ground
        .max_height_over(lo, hi)
        .is_some_and(|top| top < bottom)
}

/// `Ground` for pointers to a ground (`&G`, `Box<G>`, `Arc<G>`): every query and the surface
/// table answered by the ground pointed to.
macro_rules! forward_ground {
    ($($ptr:ty),*) => {$(
        impl<G: Ground + ?Sized> Ground for $ptr {
            fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
                (**self).cast_ray(origin, direction, max_distance)
            }

            fn cast_sphere(
                &self,
                origin: DVec3,
                radius: f64,
                direction: DVec3,
                max_distance: f64,
            ) -> Option<GroundHit> {
                (**self).cast_sphere(origin, radius, direction, max_distance)
            }

            fn cast_ray_filtered(
                &self,
                origin: DVec3,
                direction: DVec3,
                max_distance: f64,
                filter: QueryFilter,
            ) -> Option<GroundHit> {
                (**self).cast_ray_filtered(origin, direction, max_distance, filter)
            }

            fn cast_sphere_filtered(
                &self,
                origin: DVec3,
                radius: f64,
                direction: DVec3,
                max_distance: f64,
                filter: QueryFilter,
            ) -> Option<GroundHit> {
                (**self).cast_sphere_filtered(origin, radius, direction, max_distance, filter)
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
                (**self).cast_sphere_touches(origin, radius, direction, max_distance, filter, hits);
            }

            fn surfaces(&self) -> &crate::surface::SurfaceTable {
                (**self).surfaces()
            }

            fn max_height_over(&self, min: DVec2, max: DVec2) -> Option<f64> {
                (**self).max_height_over(min, max)
            }

            fn max_height_over_sloped(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
                (**self).max_height_over_sloped(min, max, slope)
            }

            fn as_plane(&self) -> Option<&Plane> {
                (**self).as_plane()
            }

            #[cfg(feature = "parry")]
            fn as_height_field(&self) -> Option<&HeightField> {
                (**self).as_height_field()
            }
        }
    )*};
}

forward_ground!(&G, Box<G>, std::sync::Arc<G>);

/// A ground with its own surface table: delegates the queries to `ground` and answers
/// [`Ground::surfaces`] with `table`.
#[derive(Debug, Clone)]
pub struct WithSurfaces<G> {
    /// The geometry.
    pub ground: G,
    /// What its surface ids mean.
    pub table: SurfaceTable,
}

impl<G: Ground> Ground for WithSurfaces<G> {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        self.ground.cast_ray(origin, direction, max_distance)
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        self.ground
            .cast_sphere(origin, radius, direction, max_distance)
    }

    fn cast_ray_filtered(
        &self,
        origin: DVec3,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        self.ground
            .cast_ray_filtered(origin, direction, max_distance, filter)
    }

    fn cast_sphere_filtered(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
        filter: QueryFilter,
    ) -> Option<GroundHit> {
        self.ground
            .cast_sphere_filtered(origin, radius, direction, max_distance, filter)
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
        self.ground
            .cast_sphere_touches(origin, radius, direction, max_distance, filter, hits);
    }

    fn surfaces(&self) -> &SurfaceTable {
        &self.table
    }

    fn max_height_over(&self, min: DVec2, max: DVec2) -> Option<f64> {
        self.ground.max_height_over(min, max)
    }

    fn max_height_over_sloped(&self, min: DVec2, max: DVec2, slope: DVec2) -> Option<f64> {
        self.ground.max_height_over_sloped(min, max, slope)
    }

    fn as_plane(&self) -> Option<&Plane> {
        self.ground.as_plane()
    }

    #[cfg(feature = "parry")]
    fn as_height_field(&self) -> Option<&HeightField> {
        self.ground.as_height_field()
    }
}

/// How wheels find the ground.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ContactParams {
    /// Ray cast through the wheel centre, or a sweep of the wheel shape. Default: sweep.
    pub mode: ContactMode,
    /// Which sweep hits count as drivable.
    pub rejection: HitRejection,
    /// Which ground shapes the wheel queries may hit (PhysX query filter data; see
    /// [`filter`]). Default: [`QueryFilter::DRIVABLE`].
    pub query_filter: QueryFilter,
    /// Blocking sweeps (first hit) or non-blocking sweeps (several hits picked by angle; see
    /// [`filter`]). Sweep mode only. Default: blocking.
    pub sweep_hits: SweepHitMode,
    /// Reuse a wheel's cached hit plane for this many substeps before casting again
    /// (0 = cast every substep). A level-of-detail knob for distant vehicles. Default: 0.
    pub reuse_hit_steps: u32,
    /// The body's collision shape and friction against the ground (standalone steps; see
    /// [`crate::chassis::shape`]). Default: a box from the wheel layout, μ 0.6.
    pub body: crate::chassis::BodyCollision,
}

impl Default for ContactParams {
    fn default() -> Self {
        Self {
            mode: ContactMode::Sweep,
            rejection: HitRejection::default(),
            query_filter: QueryFilter::default(),
            sweep_hits: SweepHitMode::default(),
            reuse_hit_steps: 0,
            body: Default::default(),
        }
    }
}
