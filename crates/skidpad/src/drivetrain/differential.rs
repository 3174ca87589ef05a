//! Differentials: how the gearbox output torque reaches the driven wheels.
//!
//! # Model
//! A differential splits its input torque `T_in` into `s·T_in` and `(1 − s)·T_in` (split `s`)
//! and, by the power balance, its input turns at `ω_in = s·ω_A + (1 − s)·ω_B`. Chaining
//! them (centre → front/rear → wheels, PhysX `PxVehicleDifferential4WData`) gives each wheel
//! a constant **share** `aᵢ` (product of the splits on its path): wheel torque `aᵢ·G·T_c` and
//! differential input speed `ω_out = Σ aᵢ·ωᵢ`. A split of 0 or 1 disconnects an output.
//!
//! Locking acts as an internal torque `T_L` between the two outputs (it slows the faster one
//! and speeds the slower; the total torque is conserved):
//!
//! | kind | internal torque | reference |
//! |---|---|---|
//! | open | 0 | |
//! | locked (spool) | `k·(ω_A − ω_B)`, `k` = `lock_stiffness` | |
//! | limited slip | `k·(|ω_A| − b·|ω_B|)` while `max/min > b` | PhysX `mFrontBias`, `mRearBias`, `mCentreBias` |
//! | torque sensing | locked while the output torque difference `2·|T_L| ≤ T_pre + L·|T_in|`, else slips there; `L` = power or coast locking | LibreRally `DifferentialSolver`; Milliken & Milliken ch. 6 |
//!
//! All of them enter the implicit drivetrain solve ([`super::solver`]) as linear terms, so a
//! stiff lock is stable at 30 Hz. Multi-wheel drive (PhysX `DriveNW`) gives every driven
//! wheel a share by weight (equal by default), open or locked.
//!
//! # Limits
//! No viscous-coupling (Ferguson) heat build-up, no Torsen gear friction curve, no preload
//! ramps; the 4-wheel tree is one centre plus two axle differentials.

// Dense index arithmetic over fixed-size arrays reads best with index loops.
#![allow(clippy::needless_range_loop)]

use crate::MAX_WHEELS;
use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// How a differential locks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiffKind {
    /// Free: outputs share torque by the split, speeds are free.
    #[default]
    Open,
    /// Limited slip on the wheel-speed ratio (PhysX bias).
    LimitedSlip,
    /// Clutch-pack limited slip sensing the input torque (preload + power/coast locking).
    TorqueSensing,
    /// Outputs locked together (spool).
    Locked,
}

/// One differential.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiffParams {
    /// Locking behaviour. Default: open.
    pub kind: DiffKind,
    /// Share of the input torque sent to the first output (left; front for the centre diff).
    /// Unit: 1. Range: [0, 1]. Default: 0.5. 0 or 1 disconnects an output.
    pub split: f64,
    /// Limited slip: largest allowed ratio of the faster to the slower output speed.
    /// Unit: 1. Range: [1, [`MAX_DIFF_BIAS`]]. Default: 1.3 (PhysX). Lower it for a tighter
    /// diff.
    pub bias: f64,
    /// Torque sensing: locking torque available with no input torque (preload). Unit: N·m.
    /// Range: [0, [`MAX_DIFF_PRELOAD`]]. Default: 50.
    pub preload: f64,
    /// Torque sensing: locking torque per unit input torque under power. Unit: 1.
    /// Range: [0, 1]. Default: 0.4. Raise it for more traction out of corners.
    pub power_locking: f64,
    /// Torque sensing: locking torque per unit input torque on the overrun (engine braking).
    /// Unit: 1. Range: [0, 1]. Default: 0.2. Raise it for more stability on lift-off.
    pub coast_locking: f64,
}

impl Default for DiffParams {
    fn default() -> Self {
        Self {
            kind: DiffKind::Open,
            split: 0.5,
            bias: 1.3,
            preload: 50.0,
            power_locking: 0.4,
            coast_locking: 0.2,
        }
    }
}

/// Largest limited-slip bias ratio accepted: a welded diff is ≈ ∞, but speed ratios beyond
/// 100 lock it to rounding; road LSDs are 1.5–5. Unit: —.
pub const MAX_DIFF_BIAS: f64 = 100.0;

/// Largest clutch-pack preload accepted: the engine torque limit ([`super::engine::MAX_ENGINE_TORQUE`]).
/// Unit: N·m.
pub const MAX_DIFF_PRELOAD: f64 = 1e5;

impl DiffParams {
    /// Check every field.
    ///
    /// # Errors
    /// The first broken rule, with its field path.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::in_range("split", self.split, 0.0, 1.0)?;
        check::finite("bias", self.bias)?;
        if self.bias < 1.0 {
            return Err(ParamError::new(
                "bias",
                format!("must be >= 1 (got {})", self.bias),
            ));
        }
        check::range("bias", self.bias, 1.0, MAX_DIFF_BIAS, "")?;
        check::range("preload", self.preload, 0.0, MAX_DIFF_PRELOAD, "N·m")?;
        check::in_range("power_locking", self.power_locking, 0.0, 1.0)?;
        check::in_range("coast_locking", self.coast_locking, 0.0, 1.0)
    }

    /// An open differential with a 50/50 split.
    pub fn open() -> Self {
        Self::default()
    }

    /// A PhysX-style limited-slip differential with speed-ratio `bias`.
    pub fn limited_slip(bias: f64) -> Self {
        Self {
            kind: DiffKind::LimitedSlip,
            bias,
            ..Self::default()
        }
    }

    /// A torque-sensing clutch-pack differential (LibreRally).
    pub fn torque_sensing(preload: f64, power_locking: f64, coast_locking: f64) -> Self {
        Self {
            kind: DiffKind::TorqueSensing,
            preload,
            power_locking,
            coast_locking,
            ..Self::default()
        }
    }
}

/// Which wheels the engine drives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DriveLayout {
    /// Front axle through the front differential.
    FrontWheel,
    /// Rear axle through the rear differential.
    #[default]
    RearWheel,
    /// Both axles: centre differential, then front and rear.
    AllWheel,
    /// Any wheels, shares by `weights` (PhysX `DriveNW`), through `multi`.
    Multi,
}

/// The differential tree or the multi-wheel weights.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DifferentialParams {
    /// Which wheels are driven. Default: rear-wheel drive.
    pub layout: DriveLayout,
    /// Front axle differential (`split` = left share).
    pub front: DiffParams,
    /// Rear axle differential (`split` = left share).
    pub rear: DiffParams,
    /// Centre differential (`split` = front share), all-wheel drive only.
    pub centre: DiffParams,
    /// Wheel indices of the front axle, left then right. Default: [0, 1].
    pub front_wheels: [usize; 2],
    /// Wheel indices of the rear axle, left then right. Default: [2, 3].
    pub rear_wheels: [usize; 2],
    /// Multi layout: drive weight per wheel (0 = not driven); empty = every wheel equally.
    /// Unit: 1. Range: [0, ∞), at least one > 0.
    pub weights: Vec<f64>,
    /// Multi layout: open (torque by weight) or locked (all driven wheels one speed).
    /// `LimitedSlip` and `TorqueSensing` are treated as locked. Default: open.
    pub multi: DiffKind,
    /// Stiffness of a locked or limiting differential: internal torque per unit excess
    /// speed difference. Unit: N·m·s/rad. Range: (0, ∞). Default: 20000 (speeds agree to
    /// ~1 % within a 60 Hz step). The implicit solve is stable at any value.
    pub lock_stiffness: f64,
}

impl Default for DifferentialParams {
    fn default() -> Self {
        Self {
            layout: DriveLayout::RearWheel,
            front: DiffParams::default(),
            rear: DiffParams::default(),
            centre: DiffParams::default(),
            front_wheels: [0, 1],
            rear_wheels: [2, 3],
            weights: Vec::new(),
            multi: DiffKind::Open,
            lock_stiffness: 20_000.0,
        }
    }
}

impl DifferentialParams {
    /// Check every field against the number of wheels.
    ///
    /// # Errors
    /// The first broken rule, with its field path (`weights[3]`).
    pub fn validate(&self, n_wheels: usize) -> Result<(), ParamError> {
        self.front.validate().map_err(|e| e.within("front"))?;
        self.rear.validate().map_err(|e| e.within("rear"))?;
        self.centre.validate().map_err(|e| e.within("centre"))?;
        check::positive("lock_stiffness", self.lock_stiffness)?;
        match self.layout {
            DriveLayout::Multi => {
                if self.weights.len() > n_wheels {
                    return Err(ParamError::new(
                        "weights",
                        format!("at most one per wheel ({n_wheels})"),
                    ));
                }
                for (i, &w) in self.weights.iter().enumerate() {
                    check::non_negative(&format!("weights[{i}]"), w)?;
                }
                if !self.weights.is_empty() && self.weights.iter().sum::<f64>() <= 0.0 {
                    return Err(ParamError::new("weights", "at least one must be > 0"));
                }
            }
            _ => {
                for (name, ws) in [
                    ("front_wheels", self.front_wheels),
                    ("rear_wheels", self.rear_wheels),
                ] {
                    for (k, &w) in ws.iter().enumerate() {
                        if w >= n_wheels {
                            return Err(ParamError::new(
                                format!("{name}[{k}]"),
                                format!("wheel index must be < {n_wheels} (got {w})"),
                            ));
                        }
                    }
                    if ws[0] == ws[1] {
                        return Err(ParamError::new(name, "left and right must differ"));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Maximum number of internal locks.
pub const MAX_LOCKS: usize = MAX_WHEELS;

/// How an internal lock produces torque (see the module table).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum LockModel {
    /// No lock.
    #[default]
    None,
    /// `T = k·(ω_A − ω_B)`.
    Viscous {
        /// Stiffness. Unit: N·m·s/rad.
        stiffness: f64,
    },
    /// `T = k·(|ω_A| − b·|ω_B|)` while the ratio exceeds `b`.
    SpeedBias {
        /// Stiffness. Unit: N·m·s/rad.
        stiffness: f64,
        /// Allowed speed ratio. Unit: 1.
        bias: f64,
    },
    /// Locked while `|T| ≤ preload + locking·|T_in|`, else slipping at that torque.
    TorqueSensing {
        /// Stiffness while locked. Unit: N·m·s/rad.
        stiffness: f64,
        /// Preload. Unit: N·m.
        preload: f64,
        /// Locking coefficient under power.
        power: f64,
        /// Locking coefficient on the overrun.
        coast: f64,
    },
}

/// An internal torque between two outputs whose speeds are `a·ω` and `b·ω`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lock {
    /// Output A speed weights over the wheels.
    pub a: [f64; MAX_WHEELS],
    /// Output B speed weights over the wheels.
    pub b: [f64; MAX_WHEELS],
    /// Torque law.
    pub model: LockModel,
    /// Share of the gearbox output torque entering this differential (torque sensing).
    pub input_share: f64,
}

impl Default for Lock {
    fn default() -> Self {
        Self {
            a: [0.0; MAX_WHEELS],
            b: [0.0; MAX_WHEELS],
            model: LockModel::None,
            input_share: 0.0,
        }
    }
}

/// The linear map from the gearbox output to the wheels, rebuilt per substep without allocating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Topology {
    /// Torque share of each wheel (Σ = 1 over connected wheels, or 0 if nothing is driven).
    pub share: [f64; MAX_WHEELS],
    /// Internal locks.
    pub locks: [Lock; MAX_LOCKS],
    /// Number of locks used.
    pub n_locks: usize,
}

impl Default for Topology {
    fn default() -> Self {
        Self {
            share: [0.0; MAX_WHEELS],
            locks: [Lock::default(); MAX_LOCKS],
            n_locks: 0,
        }
    }
}

impl Topology {
    /// Add a lock between two outputs.
    pub fn push_lock(
        &mut self,
        a: [f64; MAX_WHEELS],
        b: [f64; MAX_WHEELS],
        model: LockModel,
        input_share: f64,
    ) {
        if self.n_locks < MAX_LOCKS && !matches!(model, LockModel::None) {
            self.locks[self.n_locks] = Lock {
                a,
                b,
                model,
                input_share,
            };
            self.n_locks += 1;
        }
    }

    /// Zero the shares of disabled wheels and renormalise the rest (PhysX: a disabled wheel
    /// must be disconnected).
    pub fn disconnect(&mut self, enabled: &[bool]) {
        let mut sum = 0.0;
        for (i, s) in self.share.iter_mut().enumerate() {
            if !enabled.get(i).copied().unwrap_or(false) {
                *s = 0.0;
            }
            sum += *s;
        }
        if sum > 0.0 {
            for s in &mut self.share {
                *s /= sum;
            }
        }
        let n = self.n_locks;
        let mut k = 0;
        for j in 0..n {
            let l = self.locks[j];
            let touches_disabled = (0..MAX_WHEELS).any(|i| {
                (l.a[i] != 0.0 || l.b[i] != 0.0) && !enabled.get(i).copied().unwrap_or(false)
            });
            if !touches_disabled {
                self.locks[k] = l;
                k += 1;
            }
        }
        self.n_locks = k;
    }
}

/// The lock law of one differential.
pub fn lock_model(d: &DiffParams, stiffness: f64) -> LockModel {
    match d.kind {
        DiffKind::Open => LockModel::None,
        DiffKind::Locked => LockModel::Viscous { stiffness },
        DiffKind::LimitedSlip => LockModel::SpeedBias {
            stiffness,
            bias: d.bias,
        },
        DiffKind::TorqueSensing => LockModel::TorqueSensing {
            stiffness,
            preload: d.preload,
            power: d.power_locking,
            coast: d.coast_locking,
        },
    }
}

fn unit(i: usize) -> [f64; MAX_WHEELS] {
    let mut v = [0.0; MAX_WHEELS];
    v[i] = 1.0;
    v
}

fn axle(l: usize, r: usize, split: f64) -> [f64; MAX_WHEELS] {
    let mut v = [0.0; MAX_WHEELS];
    v[l] += split;
    v[r] += 1.0 - split;
    v
}

/// Build the shares and locks of a wheeled layout for `n` wheels.
pub fn topology(p: &DifferentialParams, n: usize) -> Topology {
    let mut t = Topology::default();
    let k = p.lock_stiffness;
    let [fl, fr] = p.front_wheels;
    let [rl, rr] = p.rear_wheels;
    let (front_share, rear_share) = match p.layout {
        DriveLayout::FrontWheel => (1.0, 0.0),
        DriveLayout::RearWheel => (0.0, 1.0),
        DriveLayout::AllWheel => (p.centre.split, 1.0 - p.centre.split),
        DriveLayout::Multi => {
            let mut sum = 0.0;
            for i in 0..n {
                let w = if p.weights.is_empty() {
                    1.0
                } else {
                    p.weights.get(i).copied().unwrap_or(0.0)
                };
                t.share[i] = w;
                sum += w;
            }
            if sum > 0.0 {
                for s in &mut t.share[..n] {
                    *s /= sum;
                }
            }
            if p.multi != DiffKind::Open {
                let mut prev: Option<usize> = None;
                for i in 0..n {
                    if t.share[i] > 0.0 {
                        if let Some(j) = prev {
                            t.push_lock(unit(j), unit(i), LockModel::Viscous { stiffness: k }, 0.0);
                        }
                        prev = Some(i);
                    }
                }
            }
            return t;
        }
    };
    if front_share > 0.0 {
        t.share[fl] += front_share * p.front.split;
        t.share[fr] += front_share * (1.0 - p.front.split);
        if p.front.split > 0.0 && p.front.split < 1.0 {
            t.push_lock(unit(fl), unit(fr), lock_model(&p.front, k), front_share);
        }
    }
    if rear_share > 0.0 {
        t.share[rl] += rear_share * p.rear.split;
        t.share[rr] += rear_share * (1.0 - p.rear.split);
        if p.rear.split > 0.0 && p.rear.split < 1.0 {
            t.push_lock(unit(rl), unit(rr), lock_model(&p.rear, k), rear_share);
        }
    }
    if front_share > 0.0 && rear_share > 0.0 {
        t.push_lock(
            axle(fl, fr, p.front.split),
            axle(rl, rr, p.rear.split),
            lock_model(&p.centre, k),
            1.0,
        );
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_follow_the_tree() {
        let mut p = DifferentialParams {
            layout: DriveLayout::AllWheel,
            ..Default::default()
        };
        p.centre.split = 0.4;
        p.rear.split = 0.5;
        let t = topology(&p, 4);
        assert!((t.share[0] - 0.2).abs() < 1e-12);
        assert!((t.share[3] - 0.3).abs() < 1e-12);
        assert!((t.share.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(t.n_locks, 0, "all open");
        p.centre.kind = DiffKind::LimitedSlip;
        p.rear.kind = DiffKind::Locked;
        assert_eq!(topology(&p, 4).n_locks, 2);
        // Split 1 on the centre: front-wheel drive only.
        p.centre.split = 1.0;
        let t = topology(&p, 4);
        assert_eq!(t.share[2] + t.share[3], 0.0);
    }

    #[test]
    fn multi_weights() {
        let p = DifferentialParams {
            layout: DriveLayout::Multi,
            weights: vec![0.0, 0.0, 1.0, 1.0, 2.0, 0.0],
            ..Default::default()
        };
        p.validate(6).unwrap();
        let t = topology(&p, 6);
        assert_eq!(t.share[4], 0.5);
        assert_eq!(t.share[0], 0.0);
        let bad = DifferentialParams {
            weights: vec![1.0, -1.0],
            ..p
        };
        assert_eq!(bad.validate(6).unwrap_err().path, "weights[1]");
    }
}
