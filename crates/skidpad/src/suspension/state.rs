//! Per-wheel suspension runtime state.

/// Runtime state of one suspension line. `Default` is "no history": the next update takes the
/// measured jounce as is, with zero velocity (what a spawn or a teleport needs).
///
/// Its `Debug` form (part of the determinism hash) is `#[derive(Debug)]`'s, with
/// [`SuspensionState::began_receding`] printed only while it is set: a run in which no
/// contact ever begins separating hashes as it did before the flag existed.
#[derive(Clone, Copy, PartialEq, Default)]
pub struct SuspensionState {
    /// Jounce from the design position, positive in compression, within
    /// `[−max_droop, max_compression]`. Unit: m.
    pub jounce: f64,
    /// The unclamped jounce of the last update: beyond `max_compression` when the ground
    /// pushes the wheel past full compression (the bump stop acts on it). Unit: m.
    pub raw_jounce: f64,
    /// Rate of jounce. Unit: m/s (positive = compressing).
    pub jounce_velocity: f64,
    /// True once `jounce` holds a value from a previous step (velocity is meaningful).
    pub has_history: bool,
    /// True if the wheel touched the ground this step.
    pub in_contact: bool,
    /// Spring force (preload + k·x). Unit: N.
    pub spring_force: f64,
    /// Damper force. Unit: N.
    pub damper_force: f64,
    /// Bump-stop force. Unit: N.
    pub bump_stop_force: f64,
    /// Anti-roll bar force added to this wheel. Unit: N.
    pub anti_roll_force: f64,
    /// The substep's share of the touchdown impulse of a wheel that touched the ground within
    /// the last substep (`J/h`, along the strut: see
    /// [`touchdown_impulse`](super::model::touchdown_impulse)); 0 otherwise. Included in
    /// `force`. Unit: N.
    pub touchdown_force: f64,
    /// Total force along the suspension (≥ 0: a suspension cannot pull the wheel onto the ground),
    /// limited on a substep in which the wheel leaves the ground
    /// ([`lift_off_force`](super::model::lift_off_force)). Unit: N.
    pub force: f64,
    /// Camber angle from the kinematic graph (positive = top outward). Unit: rad.
    pub camber: f64,
    /// Toe angle from the kinematic graph (positive = toe-in). Unit: rad.
    pub toe: f64,
    /// The wheel touched down while its contact point was separating (no touchdown impulse)
    /// and the point has not closed since: its strut force keeps the secant bound
    /// (`pipeline::strut_balance::began_receding_force`). Cleared when the point closes or
    /// the wheel leaves the ground.
    pub began_receding: bool,
}

impl std::fmt::Debug for SuspensionState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("SuspensionState");
        d.field("jounce", &self.jounce)
            .field("raw_jounce", &self.raw_jounce)
            .field("jounce_velocity", &self.jounce_velocity)
            .field("has_history", &self.has_history)
            .field("in_contact", &self.in_contact)
            .field("spring_force", &self.spring_force)
            .field("damper_force", &self.damper_force)
            .field("bump_stop_force", &self.bump_stop_force)
            .field("anti_roll_force", &self.anti_roll_force)
            .field("touchdown_force", &self.touchdown_force)
            .field("force", &self.force)
            .field("camber", &self.camber)
            .field("toe", &self.toe);
        if self.began_receding {
            d.field("began_receding", &true);
        }
        d.finish()
    }
}
