//! A slipping torque-sensing lock's torque in closed form: the root of its capacity's
//! fixed point for one active set, from one more substitution on the kept factors.
//!
//! # The fixed point
//! A torque-sensing lock ([`LockModel::TorqueSensing`]) slips once the outputs' torque
//! difference `2·|T_L|` reaches its capacity; slipping, it transmits
//!
//! ```text
//! T_L = s·C(T_in),   C(T_in) = ½·(T_pre + L·|T_in|),   T_in = i·G·T_c      (N·m)
//! ```
//!
//! with `s = ±1` the slip's sign (fixed while it slips), `T_pre ≥ 0` the preload, `L` the
//! locking coefficient (`power` when `T_in·ω_out·sign G ≥ 0`, else `coast`), `i` the lock's
//! input share, `G` the total ratio and `T_c = K·(ω_e' − G·ω_out')` the clutch torque at the
//! end-of-substep speeds. `T_c` depends on `T_L` through the backward-Euler system: the
//! active-set iteration ([`super::active_set`]) sets `T_L ← s·C(T_in(T_L))` and solves
//! again until `|T_L| − C` is within `10⁻⁹·(1 + C)`.
//!
//! # The linear map for a fixed active set
//! For a fixed set the matrix `A = M/h − J` is fixed and the slipping lock enters only the
//! right-hand side, as `−T_L·u` on the wheel rows (`u = a − b`, zero on the fixed rows:
//! disabled or brake-locked wheels, a pinned engine). So the speeds are affine in `T_L`,
//! `x(T) = x(T₁) + (T − T₁)·y` with `y = −A⁻¹·u` (one substitution on the pass's kept
//! factors, [`super::gauss::Factors::solve`]), and so are the clutch torque and the output
//! speed: `T_c(T) = T_c(T₁) + (T − T₁)·K·(y_e − G·Σ aᵢ·yᵢ)`, `ω_out(T) = ω_out(T₁) + (T −
//! T₁)·Σ aᵢ·yᵢ`. Where `T_in` keeps its sign `σ` and `L` its branch, `|T_in| = σ·T_in` and
//! the iteration's map is the line
//!
//! ```text
//! F(T) = T₂ + m·(T − T₁),   T₂ = s·C(T_in(T₁)) (the iteration's next torque),
//! m = ½·s·σ·L·i·G·dT_c/dT                                                   (1)
//! ```
//!
//! # The root
//! `T* = F(T*)` gives `T* = (T₂ − m·T₁)/(1 − m)`. The iteration converges to it when
//! `|m| < 1` (its error is multiplied by `m` each pass); the root is set instead of `T₂`,
//! and the next pass (same matrix, [`super::assembly::Change::Rhs`]) solves it and checks
//! it against the capacity at its own speeds exactly as the iteration does: the accepted
//! torque is the iteration's fixed point to rounding, where the iteration stops at
//! `|T_k − T_{k+1}| ≤ 10⁻⁹·(1 + C)`, i.e. `|T_k − T*| = |T_k − T_{k+1}|/|1 − m|`: the two
//! agree within the iteration's own tolerance over `1 − m`.
//!
//! # When the iteration's step is kept instead
//! The root replaces `T₂` only when: the update changed nothing but this one lock's slip
//! torque (an active-set change, or two locks re-capped at once, keep the step); the kept
//! factors exist (the matrix was not singular); `T_in(T₁) ≠ 0` (the kink of `|T_in|`);
//! `1 − m > 0` (a non-positive slope of `T − F(T)`: no attracting root on this line);
//! `T*` is finite and has the slip's sign; and at `T*` the line still holds (`T_in` keeps
//! its sign `σ`, the powered/coast branch is the same). Otherwise the pass takes `T₂` and
//! the iteration goes on as before (and may take the root at a later pass).
//!
//! References: Gillespie, *Fundamentals of Vehicle Dynamics*, ch. 2 (torque-sensing
//! differentials: bias from the input torque); the solve's equations in [`super`].

// Dense index arithmetic over fixed-size arrays, as in the solver.
#![allow(clippy::needless_range_loop)]

use super::active_set::{ActiveSet, BrakeSet, LockSet};
use super::gauss::Factors;
use super::{N, Solution, System, dot};
use crate::drivetrain::differential::LockModel;

impl<const W: usize> System<'_, W> {
    /// After an update that changed only slip torques ([`super::assembly::Change::Rhs`]):
    /// when exactly one lock's changed, from the pass's `Slip(T₁)` (`T₁ = lock_t[j]`, the
    /// pass's lock torques) to `Slip(T₂)`, set it to the root `T*` of its capacity's fixed
    /// point on the line through the pass's speeds `x` (outputs `sol`), using the kept
    /// `factors` of the set's matrix (module docs; the conditions there, else `T₂` stays).
    /// Returns whether it did. Cold and not inlined: it runs on a few passes only (inlined,
    /// it measured the same: `PERFORMANCE.md`, `lock-s37`).
    #[cold]
    #[inline(never)]
    pub(super) fn slip_root<const M: usize>(
        &self,
        set: &mut ActiveSet<W>,
        x: &[f64; N],
        sol: &Solution,
        lock_t: &[f64; W],
        factors: &Factors<M>,
    ) -> bool {
        let System {
            wheels,
            topo,
            n,
            g,
            k,
            ..
        } = *self;
        // The one lock re-capped: in an update that changed only the right-hand side, every
        // lock whose state changed went from `Slip(T₁)` (the pass's torque) to `Slip(T₂)`.
        let mut found = None;
        for j in 0..topo.n_locks {
            if let LockSet::Slip(t2) = set.lock[j]
                && t2 != lock_t[j]
            {
                if found.is_some() {
                    return false;
                }
                found = Some((j, lock_t[j], t2));
            }
        }
        let Some((j, t1, t2)) = found else {
            return false;
        };
        let l = &topo.locks[j];
        let LockModel::TorqueSensing { power, coast, .. } = l.model else {
            return false;
        };
        // The branch at T₁: the sign of T_in and the locking coefficient.
        let xw = &x[1..n + 1];
        let w_out = dot(&topo.share, xw);
        let tc = sol.clutch_torque;
        let t_in = l.input_share * g * tc;
        if t_in == 0.0 || !t_in.is_finite() {
            return false;
        }
        let powered = t_in * w_out * g.signum() >= 0.0;
        let locking = if powered { power } else { coast };
        // y = −A⁻¹·u: the speeds' response to the slip torque.
        let mut y = [0.0; M];
        for i in 0..n {
            y[i + 1] = -(l.a[i] - l.b[i]);
        }
        for (i, w) in wheels.iter().enumerate().take(n) {
            if !w.enabled || set.brake[i] == BrakeSet::Locked {
                y[i + 1] = 0.0;
            }
        }
        if set.pin.is_some() {
            y[0] = 0.0;
        }
        factors.solve(&mut y);
        let dw_out = dot(&topo.share, &y[1..n + 1]);
        let dtc = k * (y[0] - g * dw_out);
        // The line (1) and its root.
        let (s, sigma) = (t2.signum(), t_in.signum());
        let m = 0.5 * s * sigma * locking * l.input_share * g * dtc;
        let slope = 1.0 - m;
        if slope <= 0.0 {
            return false;
        }
        // A NaN slope gives a NaN root.
        let root = (t2 - m * t1) / slope;
        if !root.is_finite() || root * s < 0.0 {
            return false;
        }
        // The line still holds at the root.
        let dt = root - t1;
        let t_in_root = l.input_share * g * (tc + dt * dtc);
        let w_out_root = w_out + dt * dw_out;
        if t_in_root * sigma <= 0.0 || (t_in_root * w_out_root * g.signum() >= 0.0) != powered {
            return false;
        }
        set.lock[j] = LockSet::Slip(root);
        true
    }
}

#[cfg(test)]
#[path = "slip_tests.rs"]
mod tests;
