//! Traction control's sensor and plant model in the powertrain stage: the driven wheels'
//! largest slip ratio, and that wheel's slip sensitivity `G = ∂κ/∂s` over one substep, which
//! the implicit sliding-mode law ([`aids::tc_scale`], the law and its reference in
//! [`aids`]'s docs) divides by.
//!
//! **Sensitivity.** The wheel's spin over a substep `h` (s) moves by
//! `Δω = h·ΔT/I` when its drive torque moves by `ΔT` (N·m), and its slip ratio
//! `κ = (ωR − v)/max(|v|, v_min)` by `R·Δω/max(|v|, v_min)`. A fraction change `Δs` moves the
//! drive by `T_s·Δs`, so `G = h·R·T_s/(I·max(|v|, v_min))` (1 per unit fraction), with
//!
//! | drive | `T_s`: drive torque of a full fraction at this wheel (N·m) | `I`: inertia the torque spins up (kg·m²) |
//! |---|---|---|
//! | direct | `θ·T_max` (throttle × the wheel's `max_drive_torque`) | the wheel's `inertia` |
//! | engine, tracks | `σᵢ·\|G_g\|·θ·T_peak·f(ω_e/ω_max)` (the wheel's torque share σᵢ of the engine's torque through the total ratio `G_g`) | the wheel's `inertia` + `σᵢ·I_e·G_g²` (its share of the engine's, seen through the gear) |
//!
//! `v` is the chassis's forward speed (m/s), `v_min` the tyre's `min_slip_speed`. Left out,
//! each only resisting the spin's change (so `G` is an upper bound and the law
//! under-corrects): the tyre's grip (its slope `∂F_x/∂κ`), the clutch's slip (it decouples
//! the engine), a track's own inertia, the differential's locks. In neutral or with a closed
//! throttle `T_s = 0` and the law takes its plain `∓rate·h` step.

use super::differential::Topology;
use super::stage::{DriveWheel, PowertrainInput};
use super::{DrivetrainParams, DrivetrainState, aids, engine};

/// Traction control on the driven wheels' slip: updates `ds.tc_scale` and returns it (1 when
/// off). `throttle` is the throttle before traction control (after shifts and the tank's
/// split).
pub(super) fn traction_control(
    dp: &DrivetrainParams,
    wheels: &[DriveWheel],
    topology: &Topology,
    input: &PowertrainInput,
    throttle: f64,
    ds: &mut DrivetrainState,
    h: f64,
) -> f64 {
    let aids = &dp.aids;
    if !aids.tc.enabled {
        ds.tc_scale = 1.0;
        return ds.tc_scale;
    }
    let dir = if ds.gear < 0 || (!dp.has_engine() && input.intent.reverse) {
        -1.0
    } else {
        1.0
    };
    let (mut max_slip, mut most): (f64, Option<usize>) = (0.0, None);
    for (i, w) in wheels.iter().enumerate() {
        let driven = if dp.has_engine() {
            topology.share[i] != 0.0
        } else {
            w.max_drive_torque > 0.0
        };
        if driven && w.enabled && (most.is_none() || dir * input.slip_ratio[i] > max_slip) {
            (max_slip, most) = (max_slip.max(dir * input.slip_ratio[i]), Some(i));
        }
    }
    let g = most.map_or(0.0, |i| {
        sensitivity(dp, &wheels[i], topology.share[i], throttle, ds, input, h)
    });
    ds.tc_scale = aids::tc_scale(&aids.tc, ds.tc_scale, max_slip, g, h);
    ds.tc_scale
}

/// The slip sensitivity `G` of wheel `w` (torque share `share` of an engine) to the
/// traction-control fraction over a substep `h` (module docs). Unit: 1.
fn sensitivity(
    dp: &DrivetrainParams,
    w: &DriveWheel,
    share: f64,
    throttle: f64,
    ds: &DrivetrainState,
    input: &PowertrainInput,
    h: f64,
) -> f64 {
    let (torque, inertia) = if dp.has_engine() {
        let e = &dp.engine;
        let ratio = dp.gearbox.total_ratio(ds.gear);
        let engine_torque = engine::drive_torque(e, throttle, ds.engine_speed);
        let torque = share.abs() * ratio.abs() * engine_torque;
        (torque, w.inertia + share.abs() * e.inertia * ratio * ratio)
    } else {
        (throttle * w.max_drive_torque, w.inertia)
    };
    let v = input.forward_speed.abs().max(w.min_slip_speed);
    h * w.radius * torque / (inertia * v)
}

#[cfg(test)]
mod tests;
