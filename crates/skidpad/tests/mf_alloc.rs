//! `MfTire::steady_state` never allocates (counting global allocator, this thread only).

use skidpad::tire::mf::{MfInput, MfOptions, MfTire, TirFile};

mod support;
use support::alloc::{CountingAlloc, allocations_in};
use support::data;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn mf_steady_state_does_not_allocate() {
    let (file, _) = TirFile::from_path(data("HMMWV_Pac02Tire.tir")).unwrap();
    let tires = [
        MfTire::from(&file),
        MfTire::from(&file).with_options(MfOptions {
            limits: false,
            alpha_star: true,
        }),
    ];
    let mut sum = 0.0;
    let ((), allocs) = allocations_in(|| {
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
    });
    assert!(sum.is_finite());
    assert_eq!(allocs, 0, "steady_state allocated");
}
