//! One wheel-substep's slips and its patch springs' response, shared by every model's
//! linearisation ([`super::linearize_with`] and the per-model passes): the transient slips
//! the step starts from and predicts ([`Slips`]), and the patch springs with their
//! low-speed dampers against the measured contact velocity ([`patch_response`]; the
//! equations are in the contact module's docs).

use crate::tire::model::ContactInput;
use crate::tire::state::TireState;
use crate::tire::transient::RelaxationParams;

/// The slips of one wheel and substep ([`linearize_with`]): the relaxation lengths
/// `σx, σy` (m), the deflections `u, v` (m), the spin (rad/s), the start-of-step transient
/// slips `κ₀ = u/σx`, `tan α₀ = v/σy`, the relaxation factors `A_x, A_y`, the slip velocity
/// `ωR − Vx` (m/s) and the slips `κ_p`, `tan α_p` the step predicts with the spin unchanged.
#[derive(Debug, Clone, Copy)]
pub(super) struct Slips {
    pub(super) sx: f64,
    pub(super) sy: f64,
    pub(super) u: f64,
    pub(super) v: f64,
    pub(super) omega: f64,
    pub(super) k0: f64,
    pub(super) t0: f64,
    pub(super) ax: f64,
    pub(super) ay: f64,
    pub(super) slip_v: f64,
    pub(super) kp: f64,
    pub(super) tp: f64,
}

impl Slips {
    #[inline]
    pub(super) fn new(r: &RelaxationParams, c: &ContactInput, s: &TireState, dt: f64) -> Self {
        let (sx, sy) = (
            r.longitudinal_length * c.relaxation_scale,
            r.lateral_length * c.relaxation_scale,
        );
        let (u, v) = (s.transient.u, s.transient.v);
        let omega = s.omega;
        let ax = 1.0 / (1.0 + dt * c.vx.abs() / sx);
        let ay = 1.0 / (1.0 + dt * c.vx.abs() / sy);
        let slip_v = omega * c.radius - c.vx;
        // The deflections this step predicts with the spin unchanged.
        let u_pred = ax * (u + dt * slip_v);
        let v_pred = ay * (v + dt * c.vy);
        Self {
            sx,
            sy,
            u,
            v,
            omega,
            k0: u / sx,
            t0: v / sy,
            ax,
            ay,
            slip_v,
            kp: u_pred / sx,
            tp: v_pred / sy,
        }
    }
}

/// The patch springs `k = K/σ` (`kxs`, `kys`, N/m) with their low-speed dampers against the
/// measured contact velocity (module docs): `(Fx at ω' = ω, dFx/dω', Fy)` for the relaxation
/// factors `a = (A_x, A_y)`, the deflections `(u, v)`, the slip velocity `ωR − Vx` and the
/// zero-slip forces `(Fx(0, α₀), Fy(κ₀, 0))`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn patch_response(
    r: &RelaxationParams,
    c: &ContactInput,
    dt: f64,
    [kxs, kys]: [f64; 2],
    [ax, ay]: [f64; 2],
    [u, v]: [f64; 2],
    slip_v: f64,
    [fx_zero, fy_zero]: [f64; 2],
) -> (f64, f64, f64) {
    let inv_m = if c.effective_mass > 0.0 {
        1.0 / c.effective_mass
    } else {
        0.0
    };
    let w = r.low_speed_weight(c.vx);
    let damping = |k: f64| {
        if c.effective_mass > 0.0 {
            w * 2.0 * r.low_speed_damping_ratio * (k * c.effective_mass).sqrt()
        } else {
            0.0
        }
    };
    let (cx, cy) = (damping(kxs), damping(kys));
    // Deflections integrate the measured contact velocity (what the chassis really did under
    // every force, gravity and the other wheels included); only the damper sees the corner's
    // implicit velocity change.
    let gx = kxs * ax * dt + cx;
    let dx = 1.0 + cx * dt * inv_m;
    let fx0 = (fx_zero + kxs * ax * u + gx * slip_v) / dx;
    let fy = (fy_zero - kys * ay * (v + dt * c.vy) - cy * c.vy) / (1.0 + cy * dt * inv_m);
    (fx0, gx * c.radius / dx, fy)
}
