//! Invariant: a vehicle step never touches the heap. A counting global allocator wraps the
//! system allocator; after setup, 1,000 steps of a 4-wheel sedan (sweeps, anti-roll bars,
//! body-roll model on, driving and steering), 1,000 hosted steps and 1,000 steps of the
//! engine-driven rally car (coupled drivetrain solve, LSDs, autobox, ABS/TC/ESC) must
//! allocate nothing.
//! This file holds a single test so no other test thread allocates while it counts.

use skidpad::ground::Plane;
use skidpad::presets::{rally_4wd, sedan};
use skidpad::suspension::RollPair;
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DVec3, Pose};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards every call unchanged to `System`, which upholds the GlobalAlloc contract;
// the only addition is an atomic counter increment, which cannot allocate or unwind.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn a_thousand_steps_allocate_nothing() {
    let mut p = sedan();
    p.body_roll.enabled = true;
    p.body_roll.pairs = vec![RollPair {
        left: 0,
        right: 1,
        roll_stiffness: 1000.0,
        front: true,
    }];
    p.contact.reuse_hit_steps = 2;
    let ground = Plane::flat();
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.4)));
    let mut hosted = car.clone();
    let intent = Intent {
        throttle: 0.8,
        steer: 0.4,
        ..Intent::default()
    };
    car.set_intent(intent).unwrap();
    hosted.set_intent(intent).unwrap();
    let body = hosted.state().chassis;
    // Engine-driven: coupled implicit solve, LSDs, autobox, all aids on.
    let mut rp = rally_4wd();
    rp.drivetrain.aids.abs.enabled = true;
    rp.drivetrain.aids.tc.enabled = true;
    rp.drivetrain.aids.esc.enabled = true;
    let mut rally = Vehicle::new(rp).unwrap();
    rally.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.33)));
    rally
        .set_intent(Intent {
            throttle: 1.0,
            steer: 0.2,
            ..Intent::default()
        })
        .unwrap();

    COUNTING.store(true, Ordering::SeqCst);
    for _ in 0..1000 {
        car.step(1.0 / 60.0, &ground);
    }
    for _ in 0..1000 {
        std::hint::black_box(hosted.step_hosted(1.0 / 60.0, &body, &ground));
    }
    for _ in 0..1000 {
        rally.step(1.0 / 60.0, &ground);
    }
    COUNTING.store(false, Ordering::SeqCst);

    assert_eq!(
        ALLOCS.load(Ordering::SeqCst),
        0,
        "heap allocations inside steps"
    );
    assert!(
        car.state().speed() > 5.0,
        "the car must actually have been driving"
    );
    assert!(
        rally.state().drivetrain.gear >= 2,
        "the rally car must have shifted"
    );
}
