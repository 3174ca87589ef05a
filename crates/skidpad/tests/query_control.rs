//! Query control (issue 17, PhysX "disable raycasts"): a vehicle's suspension ground queries
//! can be switched off per update; the wheels then ride on their cached hit planes.

use skidpad::ground::{ContactMode, Ground, GroundHit, Plane};
use skidpad::presets;
use skidpad::vehicle::Vehicle;
use skidpad::{DVec3, Pose};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Flat ground that counts its ray casts (suspension rays in ray-cast mode, and the body
/// contact's rays).
struct CountingRays(Plane, AtomicUsize);

impl Ground for CountingRays {
    fn cast_ray(&self, o: DVec3, d: DVec3, m: f64) -> Option<GroundHit> {
        self.1.fetch_add(1, Ordering::Relaxed);
        self.0.cast_ray(o, d, m)
    }
    fn cast_sphere(&self, o: DVec3, r: f64, d: DVec3, m: f64) -> Option<GroundHit> {
        self.0.cast_sphere(o, r, d, m)
    }
}

fn sedan_on_rays() -> Vehicle {
    let mut p = presets::sedan_simple();
    p.contact.mode = ContactMode::Raycast;
    let r = p.wheels[0].radius;
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, r)));
    v
}

/// 60 steps of 1/60 s of a sedan at rest (3 substeps below 5 m/s, 4 wheels): switching the
/// queries off saves exactly 60 × 3 × 4 = 720 suspension rays; on flat ground the cached
/// plane is exact, so the two runs agree to 1e-9 m; every wheel's cached plane ages one per
/// substep (180) instead of being recast (age 0).
#[test]
fn switched_off_queries_cast_nothing_and_ride_the_cached_plane() {
    let dt = 1.0 / 60.0;
    let mut runs = Vec::new();
    for enabled in [true, false] {
        let g = CountingRays(Plane::flat(), AtomicUsize::new(0));
        let mut v = sedan_on_rays();
        // Settle with queries on, so every wheel has a cached plane.
        for _ in 0..120 {
            v.step(dt, &g);
        }
        v.set_ground_queries(enabled);
        assert_eq!(v.ground_queries(), enabled);
        g.1.store(0, Ordering::Relaxed);
        for _ in 0..60 {
            v.step(dt, &g);
        }
        let ages: Vec<u32> = v.state().wheels().iter().map(|w| w.hit_cache.age).collect();
        runs.push((
            g.1.load(Ordering::Relaxed),
            v.state().chassis.pose.translation,
            ages,
        ));
    }
    let (on, off) = (&runs[0], &runs[1]);
    assert_eq!(
        on.0 - off.0,
        720,
        "rays with queries on {} / off {}",
        on.0,
        off.0
    );
    assert!((on.1 - off.1).length() < 1e-9, "{:?} vs {:?}", on.1, off.1);
    assert_eq!(on.2, vec![0; 4]);
    assert_eq!(off.2, vec![180; 4]);
}

/// A wheel without a cached plane still casts: a vehicle spawned with its queries off finds
/// the ground on its first step (4 rays per substep) and rests on it.
#[test]
fn no_cached_plane_still_casts() {
    let g = CountingRays(Plane::flat(), AtomicUsize::new(0));
    let mut v = sedan_on_rays();
    v.set_ground_queries(false);
    let before = g.1.load(Ordering::Relaxed);
    v.step(1.0 / 60.0, &g);
    assert!(g.1.load(Ordering::Relaxed) - before >= 4);
    for _ in 0..180 {
        v.step(1.0 / 60.0, &g);
    }
    let load: f64 = v.state().wheels().iter().map(|w| w.normal_load).sum();
    assert!(
        (load - 1500.0 * 9.81).abs() < 0.005 * 1500.0 * 9.81,
        "{load}"
    );
    // The switch survives a snapshot round trip.
    let snap = v.snapshot();
    v.set_ground_queries(true);
    v.restore(&snap).unwrap();
    assert!(!v.ground_queries());
}
