//! `MfTire::steady_state` never allocates (counting global allocator).

use skidpad::tire::mf::{MfInput, MfOptions, MfTire, TirFile};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator, only counting calls.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn mf_steady_state_does_not_allocate() {
    let path = format!(
        "{}/tests/data/HMMWV_Pac02Tire.tir",
        env!("CARGO_MANIFEST_DIR")
    );
    let (file, _) = TirFile::from_path(path).unwrap();
    let tires = [
        MfTire::from(&file),
        MfTire::from(&file).with_options(MfOptions {
            limits: false,
            alpha_star: true,
        }),
    ];
    let mut sum = 0.0;
    let before = ALLOCS.load(Ordering::SeqCst);
    for t in &tires {
        for i in 0..1000 {
            let x = f64::from(i) / 1000.0;
            let o = t.steady_state(MfInput {
                fz: 40_000.0 * x,
                kappa: x - 0.5,
                alpha: 0.4 * (x - 0.5),
                gamma: 0.05,
                vx: 30.0 * x - 2.0,
                pressure: Some(8e5),
            });
            sum += o.fx + o.fy + o.mz + o.mx + o.my;
        }
    }
    let after = ALLOCS.load(Ordering::SeqCst);
    assert!(sum.is_finite());
    assert_eq!(after - before, 0, "steady_state allocated");
}
