//! Driver aids, all off by default: ABS, traction control and yaw-stability control (ESC).
//!
//! | aid | sensor | law | actuator |
//! |---|---|---|---|
//! | ABS | slip ratio κᵢ of each braked wheel | reduce `sᵢ` at `dump_rate` while `κ < −κ_release`, hold until `κ > −κ_restore` (hysteresis), else rebuild at `reapply_rate`; `sᵢ ∈ [release_factor, 1]` | that wheel's service brake × `sᵢ` |
//! | TC | largest slip ratio of the driven wheels | `ds/dt = −rate·sign(κ − κ_target)`, discretised implicitly: `s ← s + clamp((κ_target − κ)/G, ±rate·h)`, `s ∈ [s_min, 1]` | throttle (or direct drive torque) × `s` |
//! | ESC | yaw rate `r` vs the bicycle-model reference `r_ref` | `r_ref = v·δ/(L·(1 + (v/v_ch)²))`, `|r_ref| ≤ a_max/|v|`; brake `k·(|e| − e₀)` when `|e| = |r − r_ref| > e₀` | outer front wheel if oversteering (`|r| > |r_ref|`), inner rear if understeering |
//!
//! The slip ratios are the previous substep's (a one-substep sensor delay). The reference yaw
//! rate is the steady-state linear bicycle model (Gillespie ch. 6; Rajamani, *Vehicle Dynamics
//! and Control*, ch. 8) with the understeer expressed by the characteristic speed `v_ch`
//! (`K_us = L/v_ch²`), capped by the lateral acceleration the road can give.
//!
//! ABS modulates a per-wheel pressure fraction `sᵢ` the way a hydraulic modulator does
//! (reduce, hold, slow rebuild; Bosch *Automotive Handbook*, "ABS control cycle"): pressure
//! falls only until the wheel recovers and is rebuilt as a ramp, so after the first cycle the
//! brake hovers just below the locking pressure, i.e. near the tire's peak friction. A
//! bang-bang valve (full pedal ↔ a fixed fraction) cannot do that at 60 Hz: one step of full
//! pressure drives the wheel through the whole slip window, and it spends most of the cycle
//! far below the peak (on a wet road it stopped *longer* than locked wheels).
//!
//! The rebuild is two-phase as in the Bosch cycle: fast (at `dump_rate`) back to
//! `rebuild_fraction` (0.9) of the pressure at which the wheel last began to lock, then the
//! slow ramp at `reapply_rate`, so the wheel does not spend the rebuild far below the peak.
//! Defaults are set from the presets' own tyres: the Magic Formula fits peak at κ ≈ 0.15
//! (0.148–0.165 at static load, sedan, hatch, sports, trucks), so the release slip 0.15 is the
//! peak and the restore slip 0.10 is on the curve's flat top (µ within a few % of the peak).
//! Measured (issue 15, abs_vs_locked.rs), 100–0 km/h dry, the ideal stop at each tyre's peak µ
//! over the ABS stop: sedan 37.31/41.92 m, hatch 40.35/45.34 m, sports 37.03/40.53 m (0.89,
//! 0.89, 0.91), where the old single-phase rebuild and 0.05 restore slip reached 0.85, 0.83,
//! 0.87. The ideal uses µ at static load; the load-sensitive front tyres lose µ under the
//! braking transfer, so 1.0 is not reachable. UN ECE R13-H (Annex 6) asks an ABS for an
//! adhesion utilisation ε ≥ 0.75.
//!
//! **Traction control's law.** The continuous law is the sliding mode
//! `ds/dt = −rate·sign(κ − κ_target)` (`s` the torque fraction, 1; `rate` 1/s): the fraction
//! falls while the driven wheels slip more than the target and rises back otherwise. Its
//! explicit discretisation (`s ← s ∓ rate·h` on the last substep's slip, used until session
//! 35) never settles on the surface `κ = κ_target`: it is a limit cycle of amplitude `rate·h`
//! whose phase against the wheel's spin-up set the hatch's launch distance to first order in
//! `h` (`kick-s34` in PERFORMANCE.md). [`tc_scale`] uses the implicit discretisation of
//! Acary & Brogliato (*Implicit Euler numerical scheme and chattering-free implementation of
//! sliding mode systems*, Systems & Control Letters 59, 2010): `s_{n+1} = s_n − rate·h·σ` with
//! `σ ∈ Sgn(κ_{n+1} − κ_target)` (the set-valued sign, `[−1, 1]` at 0), the end-of-substep slip
//! predicted as `κ_{n+1} = κ_n + G·(s_{n+1} − s_n)`. Its solution is a projection: the fraction
//! moves by the amount that brings the predicted slip to the target, `(κ_target − κ_n)/G`,
//! clamped to `±rate·h`. `G = ∂κ_{n+1}/∂s` (1/1) is the slip's sensitivity to the fraction
//! over one substep from the driven wheel's spin equation alone (`traction` in the
//! drivetrain stage): `G = h·R·T_s/(I·max(|v|, v_min))`, with `T_s` the drive torque a full
//! fraction gives that wheel (N·m), `R` its radius (m), `I` its spin inertia with its share of
//! the engine's reflected through the gear (kg·m²), `v` the forward speed (m/s) and `v_min`
//! the tyre's slip-denominator floor. The tyre's grip and the clutch's slip only resist the
//! spin's change, so `G` over-estimates the true sensitivity: the law under-corrects, and the
//! slip reaches the target from one side without chatter. Where a wheel's slip is far from
//! the target (`|κ − κ_target| > rate·h·G`) the step is `∓rate·h`, the old law; `G ∝ h`, so
//! as `h → 0` every finite error saturates and the scheme is the continuous law. It only ever
//! scales the drive down (`s ≤ 1`): no energy enters through it.
//!
//! Limits: ABS without wheel-deceleration thresholds (slip only); TC acts on the throttle only
//! (no brake-based TC across an open differential); ESC uses the driver's steer angle and a
//! fixed friction estimate, no sideslip-angle term.

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// Anti-lock brakes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AbsParams {
    /// Enabled. Default: false.
    pub enabled: bool,
    /// Release the brake when the slip ratio falls below `−release_slip`. Unit: 1.
    /// Range: (restore_slip, 1]. Default: 0.15. Set near the tire's peak slip.
    pub release_slip: f64,
    /// Reapply once the slip ratio is above `−restore_slip`. Unit: 1. Range: [0, release_slip).
    /// Default: 0.10 (two thirds of the release slip: the window sits on the flat top of the
    /// µ–κ curve just below the peak, so a held wheel still brakes near its peak force).
    pub restore_slip: f64,
    /// Least brake fraction kept while released. Unit: 1. Range: [0, 1). Default: 0.2.
    pub release_factor: f64,
    /// Pressure reduction rate while the wheel slips beyond `release_slip`, as a fraction of
    /// the pedal's pressure per second. Unit: 1/s. Range: (0, ∞). Default: 20 (full →
    /// `release_factor` in 40 ms). Raise it if wheels still lock.
    pub dump_rate: f64,
    /// Pressure rebuild rate once the slip is back above `−restore_slip`. Unit: 1/s.
    /// Range: (0, ∞). Default: 3 (0 → full in 0.33 s). Raise it for a faster cycle; too fast
    /// and each step of rebuild overshoots the slip window.
    pub reapply_rate: f64,
    /// Fast rebuild: after a release the pressure returns at `dump_rate` to this fraction of
    /// the pressure at which the wheel last began to lock, then creeps up at `reapply_rate`
    /// (the Bosch cycle's rapid-then-stepped rebuild). Unit: 1. Range: [0, 1]. Default: 0.9.
    /// 0 turns the fast phase off (a slow ramp from the released pressure).
    pub rebuild_fraction: f64,
}

impl Default for AbsParams {
    fn default() -> Self {
        Self {
            enabled: false,
            release_slip: 0.15,
            restore_slip: 0.10,
            release_factor: 0.2,
            dump_rate: 20.0,
            reapply_rate: 3.0,
            rebuild_fraction: 0.9,
        }
    }
}

/// Traction control.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TcParams {
    /// Enabled. Default: false.
    pub enabled: bool,
    /// Slip ratio above which torque is reduced. Unit: 1. Range: (0, 1]. Default: 0.1.
    pub slip_target: f64,
    /// Rate of torque reduction and restoration. Unit: 1/s. Range: (0, ∞). Default: 8.
    /// Raise it for a faster, harsher intervention.
    pub rate: f64,
    /// Smallest torque fraction. Unit: 1. Range: [0, 1]. Default: 0.05.
    pub min_scale: f64,
}

impl Default for TcParams {
    fn default() -> Self {
        Self {
            enabled: false,
            slip_target: 0.1,
            rate: 8.0,
            min_scale: 0.05,
        }
    }
}

/// Yaw-stability control.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EscParams {
    /// Enabled. Default: false.
    pub enabled: bool,
    /// Characteristic speed of the reference model (`K_us = L/v_ch²`). Unit: m/s.
    /// Range: (0, ∞). Default: 25 (a mildly understeering car).
    pub characteristic_speed: f64,
    /// Largest lateral acceleration the reference may ask for (µ estimate × g). Unit: m/s².
    /// Range: (0, ∞). Default: 8.
    pub max_lateral_acceleration: f64,
    /// Yaw-rate error dead band. Unit: rad/s. Range: [0, ∞). Default: 0.05.
    pub deadband: f64,
    /// Brake torque per unit yaw-rate error beyond the dead band. Unit: N·m·s/rad.
    /// Range: [0, ∞). Default: 6000.
    pub gain: f64,
    /// Largest ESC brake torque on one wheel. Unit: N·m. Range: [0, ∞). Default: 1500.
    pub max_brake_torque: f64,
    /// Below this forward speed ESC is inactive. Unit: m/s. Range: [0, ∞). Default: 3.
    pub min_speed: f64,
}

impl Default for EscParams {
    fn default() -> Self {
        Self {
            enabled: false,
            characteristic_speed: 25.0,
            max_lateral_acceleration: 8.0,
            deadband: 0.05,
            gain: 6000.0,
            max_brake_torque: 1500.0,
            min_speed: 3.0,
        }
    }
}

/// All driver aids.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AidsParams {
    /// Anti-lock brakes.
    pub abs: AbsParams,
    /// Traction control.
    pub tc: TcParams,
    /// Yaw-stability control.
    pub esc: EscParams,
}

impl AidsParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path (`abs.release_slip`).
    pub fn validate(&self) -> Result<(), ParamError> {
        let a = &self.abs;
        check::in_range("abs.release_slip", a.release_slip, 0.0, 1.0)?;
        check::in_range("abs.restore_slip", a.restore_slip, 0.0, 1.0)?;
        if a.restore_slip >= a.release_slip {
            return Err(ParamError::new(
                "abs.restore_slip",
                "must be < abs.release_slip",
            ));
        }
        check::in_range("abs.release_factor", a.release_factor, 0.0, 1.0)?;
        check::positive("abs.dump_rate", a.dump_rate)?;
        check::positive("abs.reapply_rate", a.reapply_rate)?;
        check::in_range("abs.rebuild_fraction", a.rebuild_fraction, 0.0, 1.0)?;
        let t = &self.tc;
        check::positive("tc.slip_target", t.slip_target)?;
        check::positive("tc.rate", t.rate)?;
        check::in_range("tc.min_scale", t.min_scale, 0.0, 1.0)?;
        let e = &self.esc;
        check::positive("esc.characteristic_speed", e.characteristic_speed)?;
        check::positive("esc.max_lateral_acceleration", e.max_lateral_acceleration)?;
        check::non_negative("esc.deadband", e.deadband)?;
        check::non_negative("esc.gain", e.gain)?;
        check::non_negative("esc.max_brake_torque", e.max_brake_torque)?;
        check::non_negative("esc.min_speed", e.min_speed)
    }
}

/// ABS hysteresis for one wheel: returns the new "released" flag.
pub fn abs_release(p: &AbsParams, released: bool, slip_ratio: f64) -> bool {
    if slip_ratio < -p.release_slip {
        true
    } else if slip_ratio > -p.restore_slip {
        false
    } else {
        released
    }
}

/// One wheel's ABS modulator state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AbsWheel {
    /// Brake released (inside the hysteresis window after a release).
    pub released: bool,
    /// Service-brake pressure fraction. Unit: 1.
    pub scale: f64,
    /// Pressure fraction at the last release (the wheel's locking pressure). Unit: 1.
    pub lock_scale: f64,
}

/// ABS modulator of one wheel for a substep `h`: from the last state and the wheel's slip
/// ratio, the new state. Reduce at `dump_rate` beyond the release slip (remembering the
/// pressure at the moment of release), hold while released inside the window; rebuild at
/// `dump_rate` up to `rebuild_fraction` × that remembered pressure, then at `reapply_rate`;
/// the fraction stays in `[release_factor, 1]`.
pub fn abs_modulate(p: &AbsParams, w: AbsWheel, slip_ratio: f64, h: f64) -> AbsWheel {
    let now = abs_release(p, w.released, slip_ratio);
    let mut lock_scale = w.lock_scale;
    let s = if slip_ratio < -p.release_slip {
        if !w.released {
            lock_scale = w.scale;
        }
        w.scale - p.dump_rate * h
    } else if now {
        w.scale
    } else if w.scale < p.rebuild_fraction * lock_scale {
        (w.scale + p.dump_rate * h).min(p.rebuild_fraction * lock_scale)
    } else {
        w.scale + p.reapply_rate * h
    };
    AbsWheel {
        released: now,
        scale: s.clamp(p.release_factor, 1.0),
        lock_scale,
    }
}

/// Traction-control torque fraction after a substep `h` (s): the implicit sliding-mode step of
/// the module docs. `max_slip` is the driven wheels' largest slip ratio from the last substep
/// (1), `sensitivity` its `G = ∂κ/∂s` over this substep (1; 0 or less when the fraction moves
/// nothing, e.g. a closed throttle: then the step is the plain `∓rate·h`).
pub fn tc_scale(p: &TcParams, scale: f64, max_slip: f64, sensitivity: f64, h: f64) -> f64 {
    let most = p.rate * h;
    let error = p.slip_target - max_slip;
    let ds = if sensitivity > 0.0 && error.abs() < most * sensitivity {
        error / sensitivity
    } else if error < 0.0 {
        -most
    } else {
        most
    };
    (scale + ds).clamp(p.min_scale, 1.0)
}

/// Reference yaw rate of the linear bicycle model. `v` forward speed (m/s), `delta` road-wheel
/// steer (rad), `wheelbase` (m). Unit: rad/s.
pub fn reference_yaw_rate(p: &EscParams, v: f64, delta: f64, wheelbase: f64) -> f64 {
    let r = v * delta / (wheelbase * (1.0 + (v / p.characteristic_speed).powi(2)));
    let cap = p.max_lateral_acceleration / v.abs().max(1e-3);
    r.clamp(-cap, cap)
}

/// ESC decision: which wheel to brake and how hard.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EscAction {
    /// Yaw-rate error `r − r_ref`. Unit: rad/s.
    pub error: f64,
    /// Brake the front axle (oversteer) rather than the rear (understeer).
    pub front: bool,
    /// Side of the wheel to brake: +1 left, −1 right.
    pub side: f64,
    /// Brake torque. Unit: N·m.
    pub torque: f64,
}

/// ESC law (see the module table).
pub fn esc(p: &EscParams, v: f64, yaw_rate: f64, r_ref: f64) -> EscAction {
    let error = yaw_rate - r_ref;
    let excess = error.abs() - p.deadband;
    if v.abs() < p.min_speed || excess <= 0.0 {
        return EscAction {
            error,
            ..Default::default()
        };
    }
    let torque = (p.gain * excess).min(p.max_brake_torque);
    let oversteer =
        yaw_rate.abs() > r_ref.abs() && yaw_rate * r_ref >= 0.0 || yaw_rate * r_ref < 0.0;
    // The turn direction is the yaw rate's when oversteering, the reference's when understeering.
    let turn = if oversteer {
        yaw_rate.signum()
    } else {
        r_ref.signum()
    };
    EscAction {
        error,
        front: oversteer,
        // Oversteer: brake the outer front (turning left → right wheel). Understeer: inner rear.
        side: if oversteer { -turn } else { turn },
        torque,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abs_hysteresis_and_tc_ramp() {
        let p = AbsParams::default();
        assert!(abs_release(&p, false, -0.2));
        assert!(abs_release(&p, true, -0.12));
        assert!(!abs_release(&p, true, -0.01));
        // Reduce at 20/s beyond the window (remembering the pressure at release), hold inside
        // it; rebuild at 20/s to 0.9 × that pressure, then at 3/s; within [0.2, 1].
        let w = |released, scale, lock_scale| AbsWheel {
            released,
            scale,
            lock_scale,
        };
        let n = abs_modulate(&p, w(false, 0.5, 1.0), -0.2, 0.01);
        assert!(n.released && (n.scale - 0.3).abs() < 1e-12 && n.lock_scale == 0.5);
        let n = abs_modulate(&p, w(false, 0.21, 1.0), -0.2, 0.01);
        assert_eq!((n.released, n.scale), (true, 0.2));
        assert_eq!(
            abs_modulate(&p, w(true, 0.3, 0.5), -0.12, 0.01),
            w(true, 0.3, 0.5)
        );
        // Fast phase: 0.3 + 20·0.01 = 0.5, capped at 0.9 × 0.5 = 0.45.
        let n = abs_modulate(&p, w(true, 0.3, 0.5), -0.01, 0.01);
        assert!(!n.released && (n.scale - 0.45).abs() < 1e-12);
        // Slow phase above 0.45: + 3·0.01.
        let n = abs_modulate(&p, w(false, 0.45, 0.5), -0.01, 0.01);
        assert!((n.scale - 0.48).abs() < 1e-12);
        assert_eq!(abs_modulate(&p, w(false, 0.99, 1.0), 0.0, 0.01).scale, 1.0);
        let t = TcParams::default();
        assert!((tc_scale(&t, 1.0, 0.5, 0.0, 0.01) - 0.92).abs() < 1e-12);
        assert_eq!(tc_scale(&t, 1.0, 0.0, 0.0, 0.01), 1.0);
    }

    #[test]
    fn esc_brakes_the_right_wheel() {
        let p = EscParams::default();
        // 20 m/s, 0.05 rad steer, L = 2.7: r_ref = 20·0.05/(2.7·1.64) = 0.2258 rad/s.
        let r = reference_yaw_rate(&p, 20.0, 0.05, 2.7);
        assert!((r - 0.2258).abs() < 1e-3);
        // Spinning left at 0.5 rad/s: oversteer, brake the front right.
        let a = esc(&p, 20.0, 0.5, r);
        assert!(a.front && a.side < 0.0 && a.torque > 0.0);
        // Ploughing at 0.05 rad/s: understeer, brake the rear left (inner).
        let a = esc(&p, 20.0, 0.05, r);
        assert!(!a.front && a.side > 0.0);
    }
}
