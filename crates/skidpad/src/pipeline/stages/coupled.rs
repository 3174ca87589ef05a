//! Stage 6 with an engine: the coupled drivetrain solve over the wheels' tyre
//! linearisations ([`super::grip_stage`]).

use crate::MAX_WHEELS;
use crate::drivetrain::{self, Prepared, solver::WheelTerm};
use crate::ground::Ground;
use crate::params::{Derived, VehicleParams};
use crate::state::VehicleState;
use crate::tire::contact::finish_record_kept;
use crate::tire::interface::KeptLoad;
use crate::tire::model::{ContactInput, ContactLinearization, PendingLimit};
use crate::wheel;
use arrayvec::ArrayVec;

/// A wheel on the ground in the coupled solve: its tyre input, linearisation, the force
/// limit's sliding probes if they are not yet evaluated
/// ([`crate::tire::model::linearize_contact_lazy`]), and its tyre's load terms from the hold
/// and the linearisation, for the record ([`KeptLoad`]).
pub(super) type Coupled = (
    ContactInput,
    ContactLinearization,
    Option<PendingLimit>,
    KeptLoad,
);

/// Stage 6, engine drives: the engine and every driven wheel's spin in one implicit solve
/// ([`drivetrain::solver::solve`]), then the tyre forces it implies and the drivetrain's
/// bookkeeping. `contacts[i]`: the tyre input and its linearisation of each wheel on the
/// ground. A wheel's force limit is first a lower bound (its sliding floor or
/// `|F(κ_p, α_p)|`), completed only for a wheel whose force reaches it
/// ([`drivetrain::solver::solve_lazy`]: the full limits' result, bit for bit, with fewer
/// sliding probes).
pub(super) fn coupled_solve(
    p: &VehicleParams,
    d: &Derived,
    prep: &Prepared,
    s: &mut VehicleState,
    contacts: &mut [Option<Coupled>; MAX_WHEELS],
    ground: &dyn Ground,
    dt: f64,
) {
    let nw = p.wheels.len();
    let mut terms = ArrayVec::new();
    let pending = wheel_terms(p, prep, s, contacts, &mut terms);
    // Wheeled drives: the topology cached with the parameters; tracks: this substep's.
    let tracks;
    let topology = match &prep.tracks {
        Some(dem) => {
            tracks = drivetrain::track_topology(&p.drivetrain, &d.drive_wheels[..nw], dem);
            &tracks
        }
        None => &d.drive_topology,
    };
    // Only asked for the wheels in `pending`, whose limit is still to be completed.
    let full = |i: usize| {
        contacts[i].as_ref().map_or(0.0, |(c, l, lazy, _)| {
            lazy.map_or(l.limit, |z| z.limit(&p.wheels[i].tire, c))
        })
    };
    let sol = drivetrain::solver::solve_lazy(&prep.engine, &mut terms, topology, dt, pending, full);
    let mut slip_power = 0.0;
    for (i, wp) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
        let ws = &mut s.wheels[i];
        ws.drive_torque = sol.drive[i];
        ws.brake_torque = sol.brake[i].abs();
        let Some((c, _, _, kept)) = contacts[i].as_mut().filter(|_| ws.suspension.in_contact)
        else {
            let t = &mut ws.tire;
            t.omega = sol.omega[i];
            t.angle = (t.angle + t.omega * dt).rem_euclid(std::f64::consts::TAU);
            wheel::clear_contact_forces(ws);
            super::add_drive_work(ws, dt);
            continue;
        };
        let (fx, fy) = (sol.fx[i], sol.fy[i]);
        finish_record_kept(&wp.tire, c, &mut ws.tire, sol.omega[i], (fx, fy), dt, kept);
        super::add_drive_work(ws, dt);
        let water = ground.surfaces().get(ws.surface).water_depth;
        wheel::tire_heat(wp, c, ws, p.sim.air_temperature, water, dt);
        slip_power += fx * (sol.omega[i] * wp.radius - c.vx) - fy * c.vy;
        ws.tire_force_world = ws.tire_long_world * fx + ws.tire_lat_world * fy;
    }
    s.drivetrain.slip_energy += slip_power * dt;
    drivetrain::finish(prep, &sol, &mut s.drivetrain, dt);
}

/// The coupled solve's wheel terms, one per wheel of the vehicle (a disabled wheel's the
/// default, not enabled), pushed to `terms` (empty): only the vehicle's wheels are built, not
/// `MAX_WHEELS` of them, and nothing is returned by value. Returns a mask of the wheels whose
/// limit in them is still a lower bound (bit `i`: `contacts[i]` has a pending limit).
fn wheel_terms(
    p: &VehicleParams,
    prep: &Prepared,
    s: &VehicleState,
    contacts: &[Option<Coupled>; MAX_WHEELS],
    terms: &mut ArrayVec<WheelTerm, MAX_WHEELS>,
) -> u32 {
    let mut pending: u32 = 0;
    for (i, wp) in p.wheels.iter().enumerate() {
        terms.push(WheelTerm::default());
        if !wp.enabled {
            continue;
        }
        let ws = &s.wheels[i];
        terms[i] = WheelTerm {
            enabled: true,
            inertia: wp.inertia + prep.extra_inertia[i],
            damping: wp.damping_rate,
            omega: ws.tire.omega,
            radius: wp.radius,
            brake: ws.brake_torque,
            ..WheelTerm::default()
        };
        if let Some((_, l, lazy, _)) = contacts[i].as_ref().filter(|_| ws.suspension.in_contact) {
            let t = &mut terms[i];
            (t.fx0, t.dfx, t.fy, t.limit) = (l.fx0, l.dfx_domega, l.fy, l.limit);
            t.torque = l.wheel_torque - l.rolling_torque;
            if lazy.is_some() {
                pending |= 1 << i;
            }
        }
    }
    pending
}
