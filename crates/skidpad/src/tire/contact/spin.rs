//! One wheel's spin solved against the tyre's affine contact force (the direct-drive
//! solve's last step, [`super::solve`]): `I(ω' − ω)/dt = T − R·Fx(ω') − c·ω'`, implicit in
//! the spin, the brake as Coulomb friction, the force limited by the lazy clamp. Units: rad/s,
//! N·m, N, s.

use super::TransientLinear;
use super::limit::LazyClamp;
use crate::tire::model::ContactInput;

/// Solve one wheel's spin against an affine contact force:
/// `I(ω' − ω)/dt = T − R·Fx(ω') − c·ω'` (`c` the bearing damping, implicit like the tyre
/// term), the brake as Coulomb friction (locks rather than reverses), the force limited to
/// `limit`. Returns `(ω', Fx, Fy)`.
pub fn solve_spin(
    lin: &TransientLinear,
    c: &ContactInput,
    omega: f64,
    t_free: f64,
    dt: f64,
) -> (f64, f64, f64) {
    let mut clamp = LazyClamp {
        low: lin.limit,
        full: || lin.limit,
        limit: None,
    };
    solve_spin_with(lin, c, omega, t_free, dt, &mut clamp)
}

/// [`solve_spin`] with the force limit `clamp` (`lin.limit` a lower bound of it).
pub(super) fn solve_spin_with<F: FnMut() -> f64>(
    lin: &TransientLinear,
    c: &ContactInput,
    omega: f64,
    t_free: f64,
    dt: f64,
    clamp: &mut LazyClamp<F>,
) -> (f64, f64, f64) {
    let (r, inv_i) = (c.radius, 1.0 / c.inertia);
    // Implicit damping divides every explicit update by `1 + dt·c/I`.
    let damp = 1.0 + dt * c.damping_rate * inv_i;
    let fx_at = |w: f64| lin.fx0 + lin.dfx_domega * (w - omega);
    let spin = |t: f64, w0: f64| {
        // ω' = [ω + dt/I·(t − R·(fx0 − dfx·ω))] / (1 + dt·(R·dfx + c)/I), linear part around
        // `omega`.
        (w0 + dt * inv_i * (t - r * (lin.fx0 - lin.dfx_domega * omega)))
            / (damp + dt * r * lin.dfx_domega * inv_i)
    };
    let sign = if omega > 0.0 {
        1.0
    } else if omega < 0.0 {
        -1.0
    } else {
        0.0
    };
    let t = t_free - sign * c.brake_torque;
    let mut w1 = spin(t, omega);
    let (mut fx, mut fy) = clamp.saturate(fx_at(w1), lin.fy);
    if fx != fx_at(w1) {
        w1 = (omega + dt * (t - r * fx) * inv_i) / damp;
    }
    if c.brake_torque > 0.0 && (sign == 0.0 || w1 * sign < 0.0) {
        let (fxl, fyl) = clamp.saturate(fx_at(0.0), lin.fy);
        let hold = r * fxl - c.drive_torque;
        if hold.abs() <= c.brake_torque {
            return (0.0, fxl, fyl);
        }
        let t = t_free + c.brake_torque * hold.signum();
        w1 = spin(t, 0.0);
        (fx, fy) = clamp.saturate(fx_at(w1), lin.fy);
        w1 = dt * (t - r * fx) * inv_i / damp;
    }
    (w1, fx, fy)
}
