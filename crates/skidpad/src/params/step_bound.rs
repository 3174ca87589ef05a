//! The longest stable substep of a vehicle ([`max_substep`]): the per-spring bound
//! [`STEP_STABILITY_BOUND`] on symplectic Euler's oscillator, and the chassis' coupled
//! suspension modes' [`COUPLED_STABILITY_BOUND`] (their derivations are in the items' docs).

use super::{VehicleParams, modes};
use crate::MAX_WHEELS;
use glam::DVec3;

/// The stability bound on a substep `h` of an oscillator of natural frequency `ω` and
/// explicit damping rate `γ = c/m`: `(hω)² + 2hγ ≤ STEP_STABILITY_BOUND`.
///
/// Symplectic Euler on `ẍ = −ω²x − γẋ` has the step matrix
/// `[[1 − hγ, −hω²], [h(1 − hγ), 1 − (hω)²]]`: determinant `1 − hγ`, trace
/// `2 − hγ − (hω)²`; the Jury conditions give stability for `(hω)² + 2hγ < 4` (and
/// `hγ < 2`). The bound, 2.25 (`hω ≤ 1.5` undamped), keeps a margin of 4/2.25 on that
/// limit for what the per-spring estimate leaves out (the coupled roll and pitch modes are
/// up to ≈ 1.3× faster than one corner). Calibrated on the presets: the kart (the bound at
/// 9.1 ms) was stable at 1/120 s and unstable at 1/60 s with one substep (roll rate 27 rad/s
/// after 3 s of straight driving); the cars (≈ 55 ms) were stable at 1/30 s and unstable at
/// 0.1 s; with the bound all are stable to 0.1 s (`tests/step_limits.rs`).
pub const STEP_STABILITY_BOUND: f64 = 2.25;

/// Slip used to measure each tire's slip stiffness at its rest load. Unit: 1 (κ) and rad (α).
pub const STIFFNESS_PROBE: f64 = 1e-3;

/// Longest substep `h` with `(hω)² + 2hγ ≤ B` ([`STEP_STABILITY_BOUND`]): the positive
/// root `h = (−γ + √(γ² + Bω²))/ω²`, computed as `B/(γ + √(γ² + Bω²))` (the same number
/// without the cancellation that gave 0 for a 1e-300 N/m spring); `B/(2γ)` without a
/// spring, ∞ with neither. Unit: s.
pub fn stable_substep(omega_sq: f64, gamma: f64) -> f64 {
    stable_substep_within(omega_sq, gamma, STEP_STABILITY_BOUND)
}

/// [`stable_substep`] with the bound `b` in place of [`STEP_STABILITY_BOUND`]. Unit: s.
pub fn stable_substep_within(omega_sq: f64, gamma: f64, b: f64) -> f64 {
    b / (gamma + (gamma * gamma + b * omega_sq).sqrt())
}

/// The bound on the chassis' coupled suspension modes ([`max_substep`]):
/// `(hω)² + 2hγ ≤ 3.24`, i.e. `hω ≤ 1.8` undamped, 10 % inside the Jury limit `hω < 2`, for
/// what the linear modes leave out (bump and rebound damping differ, so `C` uses the larger;
/// bump stops; the tyres' lateral springs on the same body). The exact modes need less margin
/// than the per-corner estimate's [`STEP_STABILITY_BOUND`].
pub const COUPLED_STABILITY_BOUND: f64 = 3.24;

/// Mass of the chassis as felt at `point` (vehicle frame, from the centre of mass) pushed
/// along `dir`: `1/m_eff = 1/m + (r × n)ᵀ I⁻¹ (r × n)`. Unit: kg.
fn effective_mass(p: &VehicleParams, point: DVec3, dir: DVec3) -> f64 {
    let r = point - p.chassis.com_offset;
    let rn = r.cross(dir);
    let inv = 1.0 / p.chassis.mass + rn.dot(p.chassis.inertia.inverse() * rn);
    1.0 / inv
}

/// Longest stable substep of a vehicle (unit: s), from the stiffest explicit spring it has:
///
/// - the body's **coupled suspension modes** (every strut and anti-roll bar at once on the
///   6-DOF body, `params/modes.rs`): the largest `ω²` and `γ` of `M⁻¹K`, `M⁻¹C` within
///   [`COUPLED_STABILITY_BOUND`] — the kart's roll mode damps at 225 /s where its stiffest
///   corner alone gives 110 /s;
/// - each **suspension line**: `ω² = (k + 2·Σ k_bar)/m_eff`, `γ = max(c_bump, c_rebound)/m_eff`,
///   with `m_eff` the chassis mass felt at the wheel centre along the travel direction
///   (`1/m_eff = 1/m + (r × n)ᵀ I⁻¹ (r × n)`: the body's pitch and roll inertia make a corner lighter than its
///   sprung mass) and the anti-roll bars at that wheel counted twice (opposed wheel motion);
/// - each **tire's patch spring** ([`crate::tire::contact`]: the carcass deflection is
///   symplectic against the chassis): `ω² = (K/σ)/m_eff` with `K` the longitudinal (lateral)
///   slip stiffness measured on the tire model at the wheel's rest load
///   ([`STIFFNESS_PROBE`]), `σ` the relaxation length, `m_eff` at the contact point along x
///   (y). At speed the relaxation `A = 1/(1 + h|Vx|/σ)` softens this spring; the bound is the
///   one at standstill, the stiffest case.
///
/// each through [`stable_substep`]. Not limits: the wheel spin (the contact solve is
/// backward Euler in ω, stable for every step: `I_w/(K·R²/|Vx|)` is a time constant, not a
/// limit), the tire dampers (implicit) and the end stops (constraints).
pub fn max_substep(p: &VehicleParams, sprung_mass: &[f64; MAX_WHEELS]) -> f64 {
    let g = p.sim.gravity;
    let (omega_sq, gamma) = modes::coupled_rates(p);
    let mut h = stable_substep_within(omega_sq, gamma, COUPLED_STABILITY_BOUND);
    for (i, w) in p.wheels.iter().enumerate() {
        if !w.enabled {
            continue;
        }
        let s = &w.suspension;
        let bars: f64 = p
            .anti_roll_bars
            .iter()
            .filter(|b| b.wheel_a == i || b.wheel_b == i)
            .map(|b| b.stiffness)
            .sum();
        let m = effective_mass(p, w.position, s.travel_direction);
        let c = s.bump_damping.max(s.rebound_damping);
        h = h.min(stable_substep((s.spring_rate + 2.0 * bars) / m, c / m));
        let fz = sprung_mass[i] * g;
        if fz <= 0.0 {
            continue;
        }
        let probe = crate::tire::SlipInput {
            fz,
            rest_load: fz,
            gravity: g,
            ..crate::tire::SlipInput::default()
        };
        let model = w.tire.model.as_model();
        let kx = model
            .steady_state(&crate::tire::SlipInput {
                kappa: STIFFNESS_PROBE,
                ..probe
            })
            .fx
            .abs()
            / STIFFNESS_PROBE;
        let ky = model
            .steady_state(&crate::tire::SlipInput {
                alpha: STIFFNESS_PROBE,
                ..probe
            })
            .fy
            .abs()
            / STIFFNESS_PROBE;
        let contact = w.position - DVec3::Z * w.radius;
        let r = &w.tire.relaxation;
        for (k, sigma, dir) in [
            (kx, r.longitudinal_length, DVec3::X),
            (ky, r.lateral_length, DVec3::Y),
        ] {
            if k.is_finite() && sigma > 0.0 {
                h = h.min(stable_substep(
                    k / sigma / effective_mass(p, contact, dir),
                    0.0,
                ));
            }
        }
    }
    h
}
