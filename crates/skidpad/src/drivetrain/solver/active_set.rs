//! The active-set half of the [drivetrain solve](super): which inequality (friction circle,
//! Coulomb brake, engine governor, limited-slip lock) holds at which bound, its start state,
//! and the update after each pass (the rules are in the [`solver`](super) module docs).

// Index loops over the fixed-size per-wheel arrays, as in the solver.
#![allow(clippy::needless_range_loop)]

use super::assembly::Change;
use super::{MAX_PASSES, N, PassOut, Solution, System, bias_exceeded, dot, dot_u};
use crate::drivetrain::differential::LockModel;

/// A tire's friction-circle state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum TireSet {
    /// Linearised force `fx0 + c·(ω' − ω)`.
    Linear,
    /// Held at this clamped force. Unit: N.
    Saturated(f64),
}

/// A brake's Coulomb state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum BrakeSet {
    /// Sliding at this (signed) torque. Unit: N·m.
    Slide(f64),
    /// The wheel is held at ω' = 0.
    Locked,
}

/// A limited-slip lock's state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum LockSet {
    /// Linear lock law (viscous, engaged bias, or torque sensing stuck).
    On,
    /// Not engaged (bias below its ratio).
    Off,
    /// Torque sensing slipping at this torque.
    Slip(f64),
}

/// Every inequality's current state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ActiveSet<const W: usize> {
    /// Friction circle per wheel.
    pub(super) tire: [TireSet; W],
    /// A tire that left saturation once in this substep stays linear (no cycling at the
    /// kink); its force is then clamped and its spin updated explicitly, as `solve_contact`
    /// does.
    pub(super) unsaturated: [bool; W],
    /// Brake per wheel.
    pub(super) brake: [BrakeSet; W],
    /// Per differential lock.
    pub(super) lock: [LockSet; W],
    /// Engine speed held by the idle governor or the rev limiter. Unit: rad/s.
    pub(super) pin: Option<f64>,
}

impl<const W: usize> ActiveSet<W> {
    /// Start of a substep: tires linear, brakes sliding against the spin (locked at rest),
    /// bias locks engaged only above their ratio, engine free.
    pub(super) fn initial(sys: &System<'_, W>) -> Self {
        let (wheels, topo, n) = (sys.wheels, sys.topo, sys.n);
        // Built in place (the arrays are not assembled apart and then moved in).
        let mut set = Self {
            tire: [TireSet::Linear; W],
            unsaturated: [false; W],
            brake: [BrakeSet::Slide(0.0); W],
            lock: [LockSet::On; W],
            pin: None,
        };
        for (i, w) in wheels.iter().enumerate().take(n) {
            if w.brake > 0.0 {
                set.brake[i] = if w.omega == 0.0 {
                    BrakeSet::Locked
                } else {
                    BrakeSet::Slide(-w.omega.signum() * w.brake)
                };
            }
        }
        for (j, l) in topo.locks[..topo.n_locks].iter().enumerate() {
            if !bias_exceeded(l, &sys.w0[..n]) {
                set.lock[j] = LockSet::Off;
            }
        }
        set
    }

    /// Update the set after pass `pass` with speeds `x`, outputs `sol` and the pass's lock
    /// torques and force magnitudes `out`. Returns what changed: [`Change::None`] when
    /// nothing did, else another pass is needed ([`Change::Rhs`]: with the same matrix).
    pub(super) fn update(
        &mut self,
        sys: &System<'_, W>,
        x: &[f64; N],
        sol: &Solution,
        out: &PassOut<W>,
        pass: usize,
    ) -> Change {
        let governor = self.update_governor(sys, x, sol);
        let wheels = self.update_wheels(sys, x, sol, &out.mag);
        let locks = self.update_locks(sys, x, sol, &out.lock_t, pass);
        let matrix = if governor | wheels {
            Change::Matrix
        } else {
            Change::None
        };
        matrix.max(locks)
    }

    /// Idle governor and rev limiter: pin the engine at the bound it crossed; release the pin
    /// when the governor torque would have to change sign.
    fn update_governor(&mut self, sys: &System<'_, W>, x: &[f64; N], sol: &Solution) -> bool {
        let engine = sys.engine;
        let mut changed = false;
        match self.pin {
            None => {
                if engine.idle > 0.0 && x[0] < engine.idle {
                    self.pin = Some(engine.idle);
                    changed = true;
                } else if x[0] > engine.max {
                    self.pin = Some(engine.max);
                    changed = true;
                }
            }
            Some(v) => {
                let tg = sol.governor_torque;
                if (v >= engine.max && tg > 0.0) || (v < engine.max && tg < 0.0) {
                    self.pin = None;
                    changed = true;
                }
            }
        }
        changed
    }

    /// Friction circles and brakes of the enabled wheels. `mag[i]`: the pass's `|(Fx, Fy)|`
    /// of wheel `i` before any clamp, which is `|(sol.fx[i], fy)|` for a linear tyre that
    /// never left saturation (only a tyre that did is clamped in the pass): the same bits as
    /// computing it again.
    fn update_wheels(
        &mut self,
        sys: &System<'_, W>,
        x: &[f64; N],
        sol: &Solution,
        mag: &[f64; W],
    ) -> bool {
        let xw = &x[1..sys.n + 1];
        let mut changed = false;
        for (i, w) in sys.wheels.iter().enumerate().take(sys.n) {
            if !w.enabled {
                continue;
            }
            let wi = xw[i];
            match self.tire[i] {
                TireSet::Linear if !self.unsaturated[i] => {
                    let (fx, mag) = (sol.fx[i], mag[i]);
                    if mag > w.limit * (1.0 + 1e-12) && mag > 0.0 {
                        self.tire[i] = TireSet::Saturated(fx * w.limit / mag);
                        changed = true;
                    }
                }
                TireSet::Linear => {}
                TireSet::Saturated(fs) => {
                    // Back inside the circle, or the slip changed sign under the clamped
                    // force (it overshot the narrow linear band): linear again.
                    let fx = w.fx0 + w.dfx * (wi - w.omega);
                    if fx.hypot(w.fy) < w.limit || fx * fs < 0.0 {
                        self.tire[i] = TireSet::Linear;
                        self.unsaturated[i] = true;
                        changed = true;
                    }
                }
            }
            if w.brake > 0.0 {
                match self.brake[i] {
                    BrakeSet::Slide(t) => {
                        if wi * t > 0.0 {
                            self.brake[i] = BrakeSet::Locked;
                            changed = true;
                        }
                    }
                    BrakeSet::Locked => {
                        let need = sol.brake[i];
                        if need.abs() > w.brake {
                            self.brake[i] = BrakeSet::Slide(w.brake * need.signum());
                            changed = true;
                        }
                    }
                }
            }
        }
        changed
    }

    /// Limited-slip locks: bias locks engage above and release below their ratio;
    /// torque-sensing locks slip at their capacity and stick when the slip would reverse.
    /// A slipping lock's new capacity changes only the right-hand side ([`Change::Rhs`]);
    /// every other change the matrix.
    fn update_locks(
        &mut self,
        sys: &System<'_, W>,
        x: &[f64; N],
        sol: &Solution,
        lock_t: &[f64; W],
        pass: usize,
    ) -> Change {
        let (topo, g) = (sys.topo, sys.g);
        let xw = &x[1..sys.n + 1];
        let w_out = dot(&topo.share, xw);
        let tc = sol.clutch_torque;
        let mut changed = Change::None;
        for (j, l) in topo.locks[..topo.n_locks].iter().enumerate() {
            let rel = dot_u(l, xw);
            match (l.model, self.lock[j]) {
                // Engaged but now pushing the outputs apart: release.
                (LockModel::SpeedBias { .. }, LockSet::On) if lock_t[j] * rel < 0.0 => {
                    self.lock[j] = LockSet::Off;
                    changed = Change::Matrix;
                }
                (LockModel::SpeedBias { .. }, LockSet::Off)
                    if bias_exceeded(l, xw) && pass + 1 < MAX_PASSES / 2 =>
                {
                    self.lock[j] = LockSet::On;
                    changed = Change::Matrix;
                }
                (
                    LockModel::TorqueSensing {
                        preload,
                        power,
                        coast,
                        ..
                    },
                    set,
                ) => {
                    let t_in = l.input_share * g * tc;
                    let powered = t_in * w_out * g.signum() >= 0.0;
                    // Capacity bounds the torque *difference* between the outputs (2·|T_L|).
                    let cap = 0.5 * (preload + if powered { power } else { coast } * t_in.abs());
                    match set {
                        LockSet::On if lock_t[j].abs() > cap => {
                            self.lock[j] = LockSet::Slip(cap * lock_t[j].signum());
                            changed = Change::Matrix;
                        }
                        LockSet::Slip(t) if rel * t < 0.0 => {
                            self.lock[j] = LockSet::On;
                            changed = Change::Matrix;
                        }
                        LockSet::Slip(t) if (t.abs() - cap).abs() > 1e-9 * (1.0 + cap) => {
                            self.lock[j] = LockSet::Slip(cap * t.signum());
                            changed = changed.max(Change::Rhs);
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        changed
    }
}
