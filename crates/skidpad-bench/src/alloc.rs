//! A counting global allocator for the benchmark binary: allocations (all threads) and live
//! heap bytes, read before and after a phase. Declare it in the binary:
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: skidpad_bench::alloc::CountingAlloc = skidpad_bench::alloc::CountingAlloc;
//! ```
//!
//! Without it the counters stay 0 and [`installed`] is false (the report then says "n/a").

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);

/// The counting allocator (see the module docs).
pub struct CountingAlloc;

// SAFETY: every call is forwarded unchanged to `System`, which upholds the GlobalAlloc
// contract; the only additions are relaxed atomic counter updates, which neither allocate nor
// unwind.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        LIVE_BYTES.fetch_add(layout.size() as i64, Relaxed);
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        LIVE_BYTES.fetch_add(layout.size() as i64, Relaxed);
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size() as i64, Relaxed);
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        LIVE_BYTES.fetch_add(new_size as i64 - layout.size() as i64, Relaxed);
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations so far, all threads.
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Relaxed)
}

/// Heap bytes live now, all threads.
pub fn live_bytes() -> i64 {
    LIVE_BYTES.load(Relaxed)
}

/// Whether [`CountingAlloc`] is the global allocator (a probe allocation is counted).
pub fn installed() -> bool {
    let before = allocations();
    drop(std::hint::black_box(vec![1_u8]));
    allocations() > before
}
