//! The backward-Euler system of the [drivetrain solve](super) for one active set:
//! `(M/h − J)·x' = M·x/h + f₀` (equations in the module docs there), its matrix and its
//! right-hand side assembled apart.
//!
//! Apart because an active-set pass that changes only a torque-sensing lock's slip torque
//! ([`LockSet::Slip`] to another capacity) changes only the right-hand side: its matrix is
//! the previous pass's, bit for bit, so the pass solves the new right-hand side with that
//! pass's kept factors ([`super::gauss::Factors::solve`]: the bits a fresh elimination
//! gives) instead of assembling and eliminating the matrix again; and of the right-hand side
//! it assembles only the locks' and the fixed rows' part onto the kept rest
//! ([`System::rhs_base`], [`System::rhs_finish`]). Which set changes move the
//! matrix is [`Change`]: the matrix reads a tyre's state (linear or saturated, not the
//! clamped force), a brake's (locked or not, not the sliding torque), a lock's (on or not,
//! not the slip torque) and whether the engine is pinned (not at which speed); the
//! right-hand side reads the rest. Each entry of either gets the same operations in the same
//! order as when both were assembled in one loop (the two never read each other).

// Dense index arithmetic over fixed-size arrays, as in the solver.
#![allow(clippy::needless_range_loop)]

use super::System;
use super::active_set::{ActiveSet, BrakeSet, LockSet, TireSet};
use super::locks::stiffness;

/// What an active-set update changed, ordered: a change of the matrix includes one of the
/// right-hand side ([`Change::max`] combines two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Change {
    /// Nothing: the set is settled.
    None,
    /// Only the right-hand side (a slipping torque-sensing lock's torque).
    Rhs,
    /// The matrix (and perhaps the right-hand side).
    Matrix,
}

impl<const W: usize> System<'_, W> {
    /// The matrix and right-hand side of the backward-Euler system for `set` (module docs).
    pub(super) fn assemble<const M: usize>(&self, set: &ActiveSet<W>) -> ([[f64; M]; M], [f64; M]) {
        let mut a = [[0.0; M]; M];
        let mut b = [0.0; M];
        self.assemble_matrix(set, &mut a);
        self.assemble_rhs(set, &mut b);
        (a, b)
    }

    /// The matrix `M/h − J` for `set` into `a` (whatever it held: it is zeroed first).
    pub(super) fn assemble_matrix<const M: usize>(
        &self,
        set: &ActiveSet<W>,
        a: &mut [[f64; M]; M],
    ) {
        let System {
            engine,
            wheels,
            topo,
            h,
            n,
            g,
            k,
            ..
        } = *self;
        *a = [[0.0; M]; M];
        // Engine row.
        a[0][0] = engine.inertia / h + engine.damping + k;
        // Wheel rows.
        for (i, w) in wheels.iter().enumerate().take(n) {
            let r = i + 1;
            a[r][r] += w.inertia / h + w.damping;
            if set.tire[i] == TireSet::Linear {
                a[r][r] += w.radius * w.dfx;
            }
            // Clutch coupling.
            let ai = topo.share[i];
            if ai != 0.0 && k != 0.0 && g != 0.0 {
                a[0][r] -= k * g * ai;
                a[r][0] -= k * g * ai;
                for j in 0..n {
                    a[r][j + 1] += k * g * g * ai * topo.share[j];
                }
            }
        }
        // Differential locks: wheel torque τ = −T·u with T = k·d·x' (a slipping lock's
        // constant torque is the right-hand side's).
        for (j, l) in topo.locks[..topo.n_locks].iter().enumerate() {
            if set.lock[j] == LockSet::On {
                let (ca, cb) = self.dirs[j];
                let kl = stiffness(&l.model);
                for i in 0..n {
                    let ui = l.a[i] - l.b[i];
                    if ui != 0.0 {
                        for c in 0..n {
                            a[i + 1][c + 1] += kl * ui * (ca * l.a[c] - cb * l.b[c]);
                        }
                    }
                }
            }
        }
        // Fixed rows: disabled or brake-locked wheels, pinned engine.
        let fix = |a: &mut [[f64; M]; M], r: usize| {
            a[r] = [0.0; M];
            a[r][r] = 1.0;
        };
        for (i, w) in wheels.iter().enumerate().take(n) {
            if !w.enabled || set.brake[i] == BrakeSet::Locked {
                fix(a, i + 1);
            }
        }
        if set.pin.is_some() {
            fix(a, 0);
        }
    }

    /// The right-hand side `M·x/h + f₀` for `set` into `b` (whatever it held: it is zeroed
    /// first): [`Self::rhs_base`], then [`Self::rhs_finish`].
    pub(super) fn assemble_rhs<const M: usize>(&self, set: &ActiveSet<W>, b: &mut [f64; M]) {
        self.rhs_base(set, b);
        self.rhs_finish(set, b);
    }

    /// The right-hand side's inertia, engine, tyre and brake terms for `set` into `b` (zeroed
    /// first): what a slipping lock's new capacity leaves as it is.
    pub(super) fn rhs_base<const M: usize>(&self, set: &ActiveSet<W>, b: &mut [f64; M]) {
        let System {
            engine,
            wheels,
            h,
            n,
            ..
        } = *self;
        *b = [0.0; M];
        // Engine row.
        b[0] = engine.inertia * engine.omega / h + engine.torque;
        // Wheel rows.
        for (i, w) in wheels.iter().enumerate().take(n) {
            let r = i + 1;
            b[r] += w.inertia * w.omega / h + w.torque;
            match set.tire[i] {
                TireSet::Linear => b[r] -= w.radius * (w.fx0 - w.dfx * w.omega),
                TireSet::Saturated(fs) => b[r] -= w.radius * fs,
            }
            if let BrakeSet::Slide(t) = set.brake[i] {
                b[r] += t;
            }
        }
    }

    /// The rest of the right-hand side onto [`Self::rhs_base`]'s `b`: the slipping locks'
    /// constant torques, then the fixed rows' values.
    pub(super) fn rhs_finish<const M: usize>(&self, set: &ActiveSet<W>, b: &mut [f64; M]) {
        let System {
            wheels, topo, n, ..
        } = *self;
        // A slipping lock's constant torque.
        for (j, l) in topo.locks[..topo.n_locks].iter().enumerate() {
            if let LockSet::Slip(t) = set.lock[j] {
                for i in 0..n {
                    b[i + 1] -= t * (l.a[i] - l.b[i]);
                }
            }
        }
        // Fixed rows: disabled or brake-locked wheels, pinned engine.
        for (i, w) in wheels.iter().enumerate().take(n) {
            if !w.enabled || set.brake[i] == BrakeSet::Locked {
                b[i + 1] = 0.0;
            }
        }
        if let Some(v) = set.pin {
            b[0] = v;
        }
    }
}
