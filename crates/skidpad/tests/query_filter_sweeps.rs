//! Query control (issue 17, PhysX "Filtering" and "Wheel contact beyond raycasts"):
//! per-shape query filter data (drivable / non-drivable) and non-blocking sweeps that gather
//! several hits and pick by angle. Hand geometry: wheel radius r = 0.33 m, half width 0.1 m,
//! centre at maximum compression 0.6–0.8 m up, travel 0.6 m straight down.

use parry3d_f64::shape::SharedShape;
use skidpad::DVec3;
use skidpad::Pose;
use skidpad::ground::{
    ContactMode, ContactParams, Ground, GroundHit, GroundSet, HitRejection, MAX_SWEEP_HITS,
    ParryGround, Plane, QueryFilter, ShapeFilter, SurfaceId, SweepHitMode, SweepHits, WheelQuery,
    query_wheel_with,
};
use skidpad::presets;
use skidpad::vehicle::{Intent, Vehicle};

mod support;
use support::alloc::{CountingAlloc, allocations_in};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

const R: f64 = 0.33;

fn block(min: DVec3, max: DVec3) -> ParryGround {
    let he = (max - min) * 0.5;
    ParryGround::new(
        SharedShape::cuboid(he.x, he.y, he.z),
        Pose::from_translation((min + max) * 0.5),
    )
}

fn wheel_at(z: f64) -> WheelQuery {
    WheelQuery {
        origin: DVec3::new(0.0, 0.0, z),
        direction: -DVec3::Z,
        max_distance: 0.6,
        radius: R,
        half_width: 0.1,
        axle: DVec3::Y,
    }
}

/// Wheel-centre height (m) of the contact `query_wheel_with` finds, `None` without contact.
fn centre_z(
    g: &dyn Ground,
    q: &WheelQuery,
    mode: ContactMode,
    filter: QueryFilter,
    sweep: SweepHitMode,
) -> Option<f64> {
    query_wheel_with(g, q, mode, &HitRejection::default(), filter, sweep)
        .map(|c| q.centre_at(c.centre_distance).z)
}

/// A 2 m box whose top is at z = 0.2 m over the road at z = 0. Drivable, the wheel stands on
/// it: centre at 0.2 + r = 0.53 m. Non-drivable, every wheel query (ray, blocking and
/// non-blocking sweep) falls through to the road: centre at r = 0.33 m — while the unfiltered
/// queries the body contact uses still hit the box top (0.2 m).
#[test]
fn wheel_over_a_non_drivable_box_falls_through_to_the_road() {
    let boxed = |f: ShapeFilter| {
        GroundSet::new().with(Plane::flat()).with_filtered(
            block(DVec3::new(-1.0, -1.0, -0.5), DVec3::new(1.0, 1.0, 0.2)),
            f,
        )
    };
    let q = wheel_at(0.8);
    for mode in [ContactMode::Raycast, ContactMode::Sweep] {
        for sweep in [SweepHitMode::Blocking, SweepHitMode::NonBlocking] {
            let on = centre_z(
                &boxed(ShapeFilter::DRIVABLE),
                &q,
                mode,
                QueryFilter::DRIVABLE,
                sweep,
            );
            assert!(
                (on.unwrap() - 0.53).abs() < 1e-9,
                "{mode:?} {sweep:?}: {on:?}"
            );
            let g = boxed(ShapeFilter::NON_DRIVABLE);
            let z = centre_z(&g, &q, mode, QueryFilter::DRIVABLE, sweep).unwrap();
            assert!((z - 0.33).abs() < 1e-9, "{mode:?} {sweep:?}: {z}");
        }
    }
    let g = boxed(ShapeFilter::NON_DRIVABLE);
    let hit = g.cast_ray(q.origin, -DVec3::Z, 2.0).unwrap();
    assert!((hit.point.z - 0.2).abs() < 1e-9, "{hit:?}");
    assert_eq!(g.filter(1), Some(ShapeFilter::NON_DRIVABLE));
}

/// Filter groups are bit masks: a shape in group 2 (bit 1) is invisible to the default
/// (drivable-only) wheel query and seen by one whose mask includes bit 1; the TOML keys of a
/// vehicle's `[contact]` table load.
#[test]
fn groups_are_masks_and_load_from_files() {
    let deck = ShapeFilter { groups: 0b10 };
    let g = GroundSet::new()
        .with(Plane::flat())
        .with_filtered(Plane::flat_at(0.2), deck);
    let q = wheel_at(0.8);
    let (m, s) = (ContactMode::Sweep, SweepHitMode::Blocking);
    let z = centre_z(&g, &q, m, QueryFilter::DRIVABLE, s).unwrap();
    assert!((z - 0.33).abs() < 1e-9);
    let z = centre_z(&g, &q, m, QueryFilter { mask: 0b11 }, s).unwrap();
    assert!((z - 0.53).abs() < 1e-9);
    let z = centre_z(&g, &q, m, QueryFilter::ALL, s).unwrap();
    assert!((z - 0.53).abs() < 1e-9);
    let c: ContactParams =
        toml::from_str("query_filter = 3\nsweep_hits = \"NonBlocking\"\n").unwrap();
    assert_eq!(c.query_filter, QueryFilter { mask: 3 });
    assert_eq!(c.sweep_hits, SweepHitMode::NonBlocking);
    let d = ContactParams::default();
    assert_eq!(
        (d.query_filter, d.sweep_hits),
        (QueryFilter::DRIVABLE, SweepHitMode::Blocking)
    );
}

/// A wheel over a 0.2 m drain gap between two road slabs (top z = 0, edges at x = ±0.1 m) with
/// a kerb wall beside it (face at y = 0.25 m, inside the sweep sphere from the start). The
/// blocking sweep's first hit is the wall face (normal horizontal, 90° from the suspension
/// axis > 60°): rejected, the wheel falls back to its ray, which drops through the gap and
/// finds nothing within reach (0.93 m from z = 0.6 m ends at −0.33 m; the gap's floor is at
/// −2 m): no contact. The non-blocking sweep also has the two slab edges, whose normals lean
/// asin(0.1/r) = 17.6° (< 60°): accepted, and the wheel rests on both edges with its centre
/// at √(r² − 0.1²) = 0.314484 m above the road.
#[test]
fn non_blocking_sweep_skips_the_wall_and_picks_the_road() {
    let g = GroundSet::new()
        .with(Plane::flat_at(-2.0))
        .with(block(
            DVec3::new(-3.0, -3.0, -1.0),
            DVec3::new(-0.1, 3.0, 0.0),
        ))
        .with(block(
            DVec3::new(0.1, -3.0, -1.0),
            DVec3::new(3.0, 3.0, 0.0),
        ))
        .with(block(
            DVec3::new(-3.0, 0.25, -1.0),
            DVec3::new(3.0, 1.0, 2.0),
        ));
    let q = wheel_at(0.6);
    let first = g
        .cast_sphere(q.origin, R, q.direction, q.max_distance)
        .unwrap();
    assert!(
        first.distance.abs() < 1e-9 && first.normal.z.abs() < 1e-6,
        "{first:?}"
    );
    let (m, f) = (ContactMode::Sweep, QueryFilter::DRIVABLE);
    assert_eq!(centre_z(&g, &q, m, f, SweepHitMode::Blocking), None);
    let c = query_wheel_with(
        &g,
        &q,
        m,
        &HitRejection::default(),
        f,
        SweepHitMode::NonBlocking,
    )
    .unwrap();
    let zc = (R * R - 0.01_f64).sqrt();
    assert!(
        (q.centre_at(c.centre_distance).z - zc).abs() < 1e-6,
        "{c:?}"
    );
    // The contact point and normal are parry's GJK witness on the slab edge, accurate to
    // ~1e-4 m (here 4.4e-5 m off the edge, still on the sphere): the travel above is exact
    // because the witness plane is tangent to the swept sphere either way.
    assert!(
        (c.point.x.abs() - 0.1).abs() < 1e-4 && c.point.z.abs() < 1e-4,
        "{c:?}"
    );
    let tilt = c.normal.z.acos().to_degrees();
    assert!(
        (tilt - (0.1_f64 / R).asin().to_degrees()).abs() < 0.02,
        "{tilt}"
    );
    // The touches: the wall at 0 and both edges at 0.6 − 0.314484 m.
    let mut hits = SweepHits::default();
    g.cast_sphere_touches(q.origin, R, q.direction, q.max_distance, f, &mut hits);
    assert_eq!(hits.len(), 3);
    // Over plain road beside the same wall the non-blocking pick is the sweep contact on the
    // road: centre at r.
    let road = GroundSet::new().with(Plane::flat()).with(block(
        DVec3::new(-3.0, 0.25, -1.0),
        DVec3::new(3.0, 1.0, 2.0),
    ));
    let z = centre_z(&road, &q, m, f, SweepHitMode::NonBlocking).unwrap();
    assert!((z - R).abs() < 1e-9, "{z}");
}

/// The hit buffer is fixed: past `MAX_SWEEP_HITS` a nearer hit replaces the farthest kept.
#[test]
fn hit_buffer_keeps_the_nearest() {
    let mut hits = SweepHits::default();
    for i in (0..MAX_SWEEP_HITS + 2).rev() {
        hits.push(GroundHit {
            point: DVec3::ZERO,
            normal: DVec3::Z,
            distance: i as f64,
            surface: SurfaceId(0),
            surface_velocity_world: DVec3::ZERO,
        });
    }
    assert_eq!(hits.len(), MAX_SWEEP_HITS);
    let max = hits
        .as_slice()
        .iter()
        .map(|h| h.distance)
        .fold(0.0, f64::max);
    assert_eq!(max, (MAX_SWEEP_HITS - 1) as f64);
}

/// Opt-in per vehicle, and free: a sedan driving and steering on a road set (road, a
/// non-drivable box off to the side) with non-blocking sweeps gives the blocking run's
/// trajectory bit for bit (each wheel's only drivable hit is the road's), its steps allocate
/// nothing, and a mask of 0 is refused naming `contact.query_filter`.
#[test]
fn non_blocking_vehicle_matches_blocking_on_a_plain_road_and_allocates_nothing() {
    let scene = || {
        GroundSet::new().with(Plane::flat()).with_filtered(
            block(DVec3::new(-5.0, 8.0, 0.0), DVec3::new(5.0, 9.0, 1.0)),
            ShapeFilter::NON_DRIVABLE,
        )
    };
    let run = |sweep: SweepHitMode| {
        let mut p = presets::sedan_simple();
        p.contact.sweep_hits = sweep;
        let r = p.wheels[0].radius;
        let mut v = Vehicle::new(p).unwrap();
        v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
        let g = scene();
        v.set_intent(Intent {
            throttle: 0.5,
            steer: 0.3,
            ..Intent::default()
        })
        .unwrap();
        support::run(&mut v, &g, 0.01, 0.5);
        let ((), allocs) = allocations_in(|| support::run(&mut v, &g, 0.01, 1.5));
        (v.state().chassis.pose.translation, allocs)
    };
    let (a, _) = run(SweepHitMode::Blocking);
    let (b, allocs) = run(SweepHitMode::NonBlocking);
    assert_eq!(
        a.to_array().map(f64::to_bits),
        b.to_array().map(f64::to_bits)
    );
    assert_eq!(allocs, 0);
    let mut p = presets::sedan_simple();
    p.contact.query_filter = QueryFilter { mask: 0 };
    let e = Vehicle::new(p).unwrap_err().to_string();
    assert!(e.contains("contact.query_filter"), "{e}");
}
