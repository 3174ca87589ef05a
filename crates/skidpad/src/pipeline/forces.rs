//! What a substep's forces sum to ([`ChassisForces`]): the point forces, the wrench about
//! the centre of mass, and (hosted) the per-substep totals and impulses the engine is asked
//! to apply.

use crate::MAX_WHEELS;
use crate::aero::MAX_AERO_FORCES;
use crate::chassis::Wrench;
use arrayvec::ArrayVec;
use glam::DVec3;

/// A force and the world point where it acts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AppliedForce {
    /// Force, world frame. Unit: N.
    pub force_world: DVec3,
    /// Application point, world frame. Unit: m.
    pub point_world: DVec3,
}

/// Capacity of [`ChassisForces::forces`]: two per wheel plus the aero forces.
pub const MAX_POINT_FORCES: usize = 2 * MAX_WHEELS + MAX_AERO_FORCES;

/// Largest substep count ([`crate::params::SimParams`] allows 1 to 64).
pub const MAX_SUBSTEPS: usize = 64;

/// What a substep's forces sum to, and (hosted) what a whole step asks the engine to apply.
///
/// `S` is the capacity of the hosted step's per-substep lists (`substep_totals`,
/// `substep_impulses`): [`MAX_SUBSTEPS`] by default, 0 for the value a substep loop works in
/// ([`SubstepForces`]), which never fills them: the standalone step neither builds nor zeroes
/// the 6 KB they take at full capacity.
///
/// Not `Copy`: the point forces are a fixed-capacity list ([`ArrayVec`]) of which only the
/// entries used are written, so a new value (one per step in the substep loop) zeroes none
/// of its 2 KB.
#[derive(Debug, Clone, PartialEq)]
pub struct ChassisForces<const S: usize = MAX_SUBSTEPS> {
    /// Point forces: per wheel, the suspension force then the tire force; then aero (drag,
    /// downforce surfaces). Hosted with several substeps: those of the last substep. At most
    /// [`MAX_POINT_FORCES`]; the wrench (`total`) holds every force pushed even so.
    pub forces: ArrayVec<AppliedForce, MAX_POINT_FORCES>,
    /// Pure torque (the tyres' aligning moments about their contact normals, body-roll model,
    /// stability helpers), world frame. Unit: N·m. Hosted: the mean over the substeps.
    pub torque_world: DVec3,
    /// Sum of everything as a force and a torque about the centre of mass (world frame).
    /// Hosted: the mean over the substeps, i.e. the step's impulse divided by `dt`.
    pub total: Wrench,
    /// Hosted: the wrench of each substep (first `substeps` entries), for a host that
    /// integrates each substep itself. Standalone substep: unused.
    pub substep_totals: [Wrench; S],
    /// Hosted: number of substeps run (each `dt / substeps` long).
    pub substeps: usize,
    /// The constraint impulses of stage 10b (end stops; standalone also rims and body
    /// contact) as an impulse about the centre of mass (world; N·s and N·m·s). They are in
    /// `total` too, as the force `J/h` over their substep `h`, which is what a host engine that
    /// integrates velocities first (semi-implicit Euler: Avian, PhysX, Jolt) needs. A host
    /// using the core's own integrator applies them as impulses first
    /// ([`integrate_substep`](super::integrate_substep)), as the standalone step does. Hosted with several substeps:
    /// the sum over the step.
    pub impulse: Wrench,
    /// Hosted: each substep's `impulse` (first `substeps` entries).
    pub substep_impulses: [Wrench; S],
}

/// The forces of one substep, without the hosted step's per-substep lists (both of capacity
/// 0): what the substep loop of both modes fills and [`ChassisForces::add_substep`] sums.
pub type SubstepForces = ChassisForces<0>;

impl<const S: usize> Default for ChassisForces<S> {
    fn default() -> Self {
        Self {
            forces: ArrayVec::new(),
            torque_world: DVec3::ZERO,
            total: Wrench::default(),
            substep_totals: [Wrench::default(); S],
            substeps: 0,
            impulse: Wrench::default(),
            substep_impulses: [Wrench::default(); S],
        }
    }
}

impl<const S: usize> ChassisForces<S> {
    /// The used point forces.
    pub fn point_forces(&self) -> &[AppliedForce] {
        &self.forces
    }

    /// The per-substep wrenches of a hosted step.
    pub fn substep_wrenches(&self) -> &[Wrench] {
        &self.substep_totals[..self.substeps]
    }

    /// The per-substep constraint impulses of a hosted step (see [`ChassisForces::impulse`]).
    pub fn substep_impulse_list(&self) -> &[Wrench] {
        &self.substep_impulses[..self.substeps]
    }

    /// Hosted: add substep `k`'s forces `f` to a step's sums (start from
    /// `ChassisForces::default()`, then [`ChassisForces::finish_substeps`]): its point forces
    /// replace the previous substep's, its wrench and pure torque are summed, its wrench is
    /// kept as `substep_totals[k]`. What [`step_hosted`](super::step_hosted) does for each substep.
    pub fn add_substep<const T: usize>(&mut self, k: usize, f: &ChassisForces<T>) {
        self.total.force += f.total.force;
        self.total.torque += f.total.torque;
        self.torque_world += f.torque_world;
        self.forces.clone_from(&f.forces);
        self.impulse.add(&f.impulse);
        if let Some(slot) = self.substep_totals.get_mut(k) {
            *slot = f.total;
        }
        if let Some(slot) = self.substep_impulses.get_mut(k) {
            *slot = f.impulse;
        }
        self.substeps = (k + 1).min(S);
    }

    /// Hosted: the sums of [`ChassisForces::add_substep`] become means over the substeps
    /// (`total` is then the step's impulse over `dt`).
    pub fn finish_substeps(&mut self) {
        let n = self.substeps.max(1) as f64;
        self.total.force /= n;
        self.total.torque /= n;
        self.torque_world /= n;
    }

    /// Back to [`ChassisForces::default`], field for field, touching only the entries in use
    /// (the used point forces and substep wrenches): what lets a substep loop reuse one value
    /// instead of building (and zeroing) a new one per substep
    /// ([`stages::assemble_into`](super::stages::assemble_into)).
    pub fn clear_substep(&mut self) {
        self.forces.clear();
        self.torque_world = DVec3::ZERO;
        self.total = Wrench::default();
        self.substep_totals[..self.substeps].fill(Wrench::default());
        self.impulse = Wrench::default();
        self.substep_impulses[..self.substeps].fill(Wrench::default());
        self.substeps = 0;
    }

    pub(super) fn push(&mut self, force: DVec3, point: DVec3, com: DVec3) {
        // Full (more wheels and aero surfaces than the capacity cannot be configured): the
        // force still acts through the wrench below.
        let _ = self.forces.try_push(AppliedForce {
            force_world: force,
            point_world: point,
        });
        self.total.add_force_at(force, point, com);
    }

    pub(super) fn add_torque(&mut self, t: DVec3) {
        self.torque_world += t;
        self.total.torque += t;
    }
}
