//! The foundation tire: linear slip stiffness, a friction circle, rolling resistance, and the
//! wheel-spin dynamics, solved implicitly so it is stable at 60 Hz.
//!
//! # Conventions (ISO 8855 / Pacejka, *Tire and Vehicle Dynamics*, ch. 1)
//! Tire frame: x along the wheel heading projected on the ground plane, y to its left, z the
//! ground normal. With `vx, vy` the contact-point velocity relative to the ground and ω the
//! spin rate (positive rolling forward):
//!
//! ```text
//! κ = (ωR − vx) / max(|vx|, v_min)        slip ratio, > 0 driving
//! α = atan(vy / max(|vx|, v_min))          slip angle, > 0 when sliding left
//! Fx = C_κ·F_z·κ,   Fy = −C_α·F_z·α(≈ small angle)      then |F| ≤ µ·F_z (friction circle)
//! I·ω̇ = T_drive − T_brake·sgn ω − T_rr − R·Fx,   T_rr = C_rr·F_z·R·tanh(ωR/v_rr)
//! ```
//!
//! # Numerics: backward Euler in the slip velocities
//! Below `v_min` the linear tire is a very stiff viscous coupling (`k = C·F_z/v_min` N per m/s).
//! Integrated explicitly it explodes at 60 Hz with a 1 kg·m² wheel. So each substep solves for
//! the *end-of-step* slip velocity `s = ωR − vx`, whose rate is `ṡ = R(T − R·Fx)/I − Fx/m`
//! (m = the corner's sprung mass, the mass the contact patch pushes):
//!
//! ```text
//! s' = (s + dt·R·T/I) / (1 + dt·k_x·(R²/I + 1/m)),    Fx = k_x·s'
//! vy' = vy / (1 + dt·k_y/m),                            Fy = −k_y·vy'
//! ```
//! The brake is Coulomb friction on the wheel: if the spin would cross zero the wheel locks,
//! provided the brake can hold the tire torque; a brake never reverses the spin. After the
//! friction-circle clamp the force no longer depends on ω and the spin update is explicit.
//! The coupling through the chassis (other wheels, yaw) is not part of the per-wheel solve.
//!
//! # Limits
//! No load sensitivity of µ, no camber thrust, no aligning moment, no relaxation length: the
//! tire issue replaces this model. At standstill on a side slope the viscous low-speed
//! behaviour lets the vehicle creep at `v ≈ m·g·sinθ·v_min/(C·F_z)`; parking brakes hold
//! longitudinally (locked wheels) but not laterally.
//!
//! ```
//! use skidpad::tire::{TireParams, TireState, model::{self, ContactInput}};
//! let p = TireParams::default();
//! let mut s = TireState { omega: 20.0 / 0.3, ..Default::default() };
//! let c = ContactInput { load: 4000.0, vx: 20.0, radius: 0.3, inertia: 1.0,
//!     effective_mass: 400.0, friction_scale: 1.0, ..Default::default() };
//! let mut f = model::solve_contact(&p, &c, &mut s, 1.0 / 60.0);
//! for _ in 0..30 { f = model::solve_contact(&p, &c, &mut s, 1.0 / 60.0); }
//! // Free rolling settles where the ground balances rolling resistance: Fx = −C_rr·F_z = −48 N.
//! assert!((f.fx + 48.0).abs() < 0.5, "{f:?}");
//! ```

pub mod brush;
pub mod contact;
pub mod interface;
pub mod mf;
pub mod model;
pub mod params;
pub mod simple_magic;
pub mod slip_curve;
pub mod state;
pub mod thermal;
pub mod transient;

pub use brush::BrushParams;
pub use interface::{SlipInput, SteadyForces, TireModel};
pub use simple_magic::{MagicCurve, SimpleMagicParams};
pub use slip_curve::SlipCurveParams;

pub use model::{ContactInput, TireForce};
pub use params::{TireModelKind, TireParams};
pub use state::TireState;
