//! Same-run speed comparison of skidpad against Rapier's `DynamicRayCastVehicleController`
//! (issue 13), and the pieces the criterion micro-benchmarks share.
//!
//! The scenario (both engines): 1500 kg cars on a grid 8 m apart, on a flat plane or on a
//! 1 km × 1 km heightfield of 256 × 256 samples with heights
//! `0.5·sin(2πx/60)·sin(2πy/45) + 1.5·sin(2πx/310 + 1)·cos(2πy/270)` m ([`scenario::terrain_height`]);
//! constant drive ≈ 1000 N per rear wheel, 0.03 rad of steer on the front wheels, 60 warm-up
//! steps, then 600 timed steps of 1/60 s. A skidpad run and a Rapier run are timed next to each
//! other ([`run::run_case`]) and the ratio is the median over the pairs, because this machine's
//! absolute speed drifts.
//!
//! - [`scenario`]: the skidpad configurations and grounds;
//! - [`rapier_car`]: the same cars in Rapier (its whole pipeline step plus one vehicle
//!   controller update per car, as a Rapier game runs them);
//! - [`alloc`]: a counting global allocator (allocations per step, heap bytes per vehicle);
//! - [`run`]: timing, pairing, the table and JSON;
//! - [`sched`]: where the threads spent a run (on a core, waiting for one, asleep).

#![warn(missing_docs)]

pub mod alloc;
pub mod rapier_car;
pub mod run;
pub mod scenario;
pub mod sched;
