//! Tires: the force models, the contact solve with wheel spin, transient slip, temperature
//! and wear.
//!
//! # Conventions (ISO 8855 / Pacejka, *Tire and Vehicle Dynamics*, ch. 1)
//! Tire frame: x along the wheel heading projected on the ground plane, y to its left, z the
//! ground normal. With `vx, vy` the contact-point velocity relative to the ground and ω the
//! spin rate (positive rolling forward):
//!
//! ```text
//! κ = (ωR − vx) / max(|vx|, v_min)        slip ratio, > 0 driving     (reported)
//! α = atan(vy / max(|vx|, v_min))          slip angle, > 0 sliding left (reported)
//! I·ω̇ = T_drive − T_brake·sgn ω − T_rr − R·Fx,   T_rr = C_rr·F_z·R·tanh(ωR/v_rr)
//! ```
//! `v_min` (`min_slip_speed`) is the named guard of the reported slips; the forces do not
//! divide by speed at all (below).
//!
//! # Models ([`TireModelKind`], per wheel)
//! The friction-circle tire ([`friction_circle`]: `Fx = C_κ·F_z·κ`, `Fy = −C_α·F_z·tan α`,
//! `|F| ≤ µ·F_z` with C_κ, C_α per unit load; the default), PhysX's slip-curve tire
//! ([`slip_curve`]), a Fiala brush tire ([`brush`]), the simplified Magic Formula
//! ([`simple_magic`]), the full Magic Formula from `.tir` files ([`mf`]), or a user
//! [`TireModel`] ([`interface`]). Each variant of [`TireModelKind`] holds that model's
//! parameters and nothing else; the fields of [`TireParams`] beside `model` (rolling
//! resistance, slip guard, relaxation, friction-table row, thermal model) are read by every
//! model ([`params`]).
//!
//! # Rally slip angles: no combined brush + Pacejka model
//! LibreRally's `TyreModel` blends brush theory (the adhesion region near zero slip) with a
//! Pacejka-like curve (the sliding region), citing Abdulrahim (SAE 2007) for rally cars at high
//! attitude angles. skidpad keeps the two as separate, complete models instead of a blend:
//! the brush model ([`brush`], Fiala) is itself exact for the adhesion/sliding split of a
//! uniform-pressure patch up to full sliding, and the Magic Formula ([`mf`], [`simple_magic`])
//! is fitted over the whole slip range — including 20–40° slip angles when the `.tir` file was
//! measured there — with its combined-slip weighting functions (Pacejka, *Tire and Vehicle
//! Dynamics*, 3rd ed., §4.3.2). A blend of the two would make a third curve with neither
//! model's physical meaning or parameters. What rally attitude angles need beyond either is
//! a friction that falls with sliding speed, which the MF gives through its `E`/`D` terms and
//! which the slip-curve tyre gives through its plateau ([`slip_curve`]). Switching model at
//! run time for calibration (LibreRally `TyreModelMode`) is
//! [`Vehicle::set_params`](crate::vehicle::Vehicle::set_params) with another tyre: the
//! dynamic state carries over.
//!
//! # Numerics: transient slip, backward Euler
//! Every model runs through [`contact`]: the carcass deflections of [`transient`] carry the
//! slip (`κ' = u/σx`, `tan α' = v/σy`), and one backward-Euler step couples deflection, wheel
//! spin and the corner's sprung mass, with the model replaced by its secant. That is stable at
//! 60 Hz with light wheels, builds force over a relaxation length as real tires do, and at
//! standstill turns into a damped patch spring — a braked car parks on a 30 % grade without
//! creeping, and a stopping car does not chatter. The brake is Coulomb friction on the wheel:
//! if the spin would cross zero the wheel locks, provided the brake can hold the tire torque;
//! a brake never reverses the spin. The drivetrain's coupled solve uses the same
//! linearisation ([`model::linearize_contact`]).
//!
//! # Limits
//! The per-wheel solve does not see the coupling through the chassis (other wheels, yaw)
//! within a step; no turn-slip model (the input is passed to custom models); the effective
//! rolling radius is the unloaded radius.
//!
//! ```
//! use skidpad::tire::{FrictionCircleParams, TireModelKind, TireParams, TireState};
//! use skidpad::tire::model::{self, ContactInput};
//! let p = TireParams::default();
//! let mut s = TireState { omega: 20.0 / 0.3, ..Default::default() };
//! let c = ContactInput { load: 4000.0, vx: 20.0, effective_mass: 400.0,
//!     ..ContactInput::new(0.3, 1.0, 9.81) };
//! let mut f = model::solve_contact(&p, &c, &mut s, 1.0 / 60.0);
//! for _ in 0..30 { f = model::solve_contact(&p, &c, &mut s, 1.0 / 60.0); }
//! // Free rolling settles where the ground balances rolling resistance: Fx = −C_rr·F_z = −48 N.
//! assert!((f.fx + 48.0).abs() < 0.5, "{f:?}");
//! assert_eq!(p.model, TireModelKind::FrictionCircle(FrictionCircleParams::default()));
//! ```

pub mod brush;
pub mod contact;
pub mod fault;
pub mod friction_circle;
pub mod interface;
pub mod mf;
pub mod model;
pub mod norm;
pub mod params;
pub mod simple_magic;
pub mod slip_curve;
pub mod state;
pub mod thermal;
pub mod transient;
pub mod trig;

pub use brush::BrushParams;
pub use friction_circle::FrictionCircleParams;
pub use interface::{ForceNeed, KeptLoad, SlipInput, SlipPoint, SteadyForces, TireModel};
pub use simple_magic::{MagicCurve, PeakRoots, SimpleMagicParams};
pub use slip_curve::SlipCurveParams;

pub use model::{ContactInput, TireForce};
pub use params::{TireModelKind, TireParams};
pub use state::TireState;

/// A pure-slip input at 20 m/s for the models' unit tests: slip ratio `kappa`, slip angle
/// `alpha` (rad), load `fz` (N), everything else at its default.
#[cfg(test)]
pub(crate) fn test_input(kappa: f64, alpha: f64, fz: f64) -> interface::SlipInput {
    interface::SlipInput {
        fz,
        kappa,
        alpha,
        vx: 20.0,
        ..interface::SlipInput::default()
    }
}
