//! A counting global allocator. A test binary has one global allocator; declare it with
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: support::alloc::CountingAlloc = support::alloc::CountingAlloc;
//! ```
//!
//! It forwards every call to [`System`] and counts the allocations (`alloc`, `alloc_zeroed`,
//! `realloc`) made **on the calling thread**, so the harness's other threads (its main thread
//! prints and allocates at any moment; other tests run in parallel) never disturb a
//! measurement. The counter is a `const` thread-local `Cell`, which itself never allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

fn bump() {
    // `try_with`: during thread teardown the counter may be gone; such an allocation is not
    // inside any measurement.
    let _ = COUNT.try_with(|c| c.set(c.get() + 1));
}

/// The counting allocator (see the module docs).
pub struct CountingAlloc;

// SAFETY: forwards every call unchanged to `System`, which upholds the GlobalAlloc contract;
// the only addition is a thread-local counter increment, which cannot allocate or unwind.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: same layout contract as our caller's.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations made on this thread so far.
pub fn allocations() -> usize {
    COUNT.with(Cell::get)
}

/// Run `f` and count the allocations it made on this thread. Also checks that the counter is
/// live (a probe allocation is seen), so a forgotten `#[global_allocator]` fails loudly
/// instead of measuring 0.
pub fn allocations_in<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let probe = allocations();
    drop(std::hint::black_box(vec![1_u8]));
    assert!(
        allocations() > probe,
        "the counting allocator is not the global allocator"
    );
    let before = allocations();
    let r = f();
    (r, allocations() - before)
}
