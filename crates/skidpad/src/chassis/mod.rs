//! # Chassis: the vehicle as one 6-DOF rigid body
//!
//! The vehicle is a single rigid body of total mass `M` (sprung + unsprung), inertia tensor
//! `I` about its centre of mass, and centre of mass at `com_offset` in the vehicle frame —
//! the PhysX vehicle model, where the suspensions see that body as a set of *sprung masses*
//! whose sum and first moment match it exactly ([`compute_sprung_masses`]).
//!
//! ## Equations
//!
//! Newton–Euler about the centre of mass, rotation in body (vehicle) axes:
//!
//! ```text
//! M v̇ = F + M g                      (world)
//! I ω̇_b = τ_b − ω_b × (I ω_b)        (body; Euler's equations)
//! q̇ = ½ q ⊗ (0, ω_b)                 (orientation)
//! ```
//!
//! [`integrate`] discretises them with symplectic Euler for translation
//! (`v⁺ = v + (F/M + g) dt`, `c⁺ = c + v⁺ dt`) and, for rotation, a Strang splitting: half a
//! torque impulse, the torque-free implicit midpoint rule (`I (ω⁺ − ω) = −dt ω̄ × I ω̄`,
//! `ω̄ = (ω + ω⁺)/2`, Newton-solved; with a diagonal `I`, Euler's form
//! `Iᵢ(ω⁺ᵢ − ωᵢ) = −dt (I_k − I_j) ω̄_j ω̄_k` solved for `ω̄`, the same Newton iterates,
//! `midpoint.rs`) with a Cayley-map orientation update
//! `q⁺ = q ⊗ cay(dt ω̄)`, the other half impulse. Torque-free, that step conserves kinetic energy
//! and world angular momentum exactly at any `dt` (both are quadratic invariants the midpoint
//! rule preserves, and the Cayley update is the rotation the midpoint rule implies), so fast,
//! long thin bodies are stable — the problem Catto's implicit gyroscopic step (GDC 2015) also
//! solves, but that one dissipates energy.
//!
//! ## Why translation stays symplectic Euler (session 32, branch `int-s32`)
//!
//! Symplectic Euler (`v⁺ = v + h·a(c)`, `c⁺ = c + h·v⁺`) is the leapfrog (Störmer–Verlet)
//! on half-substep velocities: the velocity a substep of `h` ending at `t` leaves is
//! `v(t − h/2)` to second order, and velocity Verlet (kick `½h·a(c)`, drift `h`, kick
//! `½h·a(c⁺)`), with each closing kick merged into the next opening one (first same as
//! last), *is* symplectic Euler. So its positions are second order wherever the forces are
//! smooth and its velocity is a half-substep one; the first-order errors (a constant
//! deceleration stopped `v₀·h/2` short) come from three places where that fails, each
//! measured on the substep study's stop from 5 m/s (`maneuver::substep_study`):
//! - **a velocity set at the state's instant** (spawn, teleport, `set_velocity`: the study's
//!   stop starts so): the exact start is velocity Verlet's opening half kick,
//!   `v(h/2) = v₀ + ½h·a(c₀)`. Free, and it makes a hand-worked stop and a free fall exact;
//!   the study's stop at 1 / 2 / 3 substeps (sedan) 58.2 / 30.8 / 21.3 → 26.5 / 0.5 /
//!   10.0 mm from the reference. But a brake applied after 0.5 s of coasting is unchanged
//!   (53.3 / 28.3 / 20.5 → 51.8 / 26.8 / 18.9 mm), and a host engine (Avian) integrates its
//!   own body without the half kick: the core's stop from 100 km/h would then differ from
//!   the plugin's by `v₀·h/2` = 23 cm where the plugin's test allows 5 cm at one Avian
//!   substep;
//! - **a change of the substep length** (the count switching at the low-speed threshold):
//!   the carried `v(t − h₀/2)` is not the `v(t − h/2)` the next substep needs; the kick
//!   `(h₀ + h)/2` re-staggers it (the study's stops then converge monotonically in the count,
//!   sedan 26.5 / 15.3 / 10.5 / 7.9 / 4.0 mm at 1 / 2 / 3 / 4 / 8; a spring whose count
//!   toggles every step at `ω·dt` = 0.2 keeps its energy within 12 % where symplectic Euler
//!   pumps it ×49 in 20 000 steps, a scalar model), but the energy the audit measures with
//!   the carried velocity then moves by `½·(h₀ − h)·F·ẋ` at each switch, outside the
//!   explicit springs' `½·k·Δx²` allowance (the audit's matrix, at 1, 2 and 3 substeps,
//!   failed only its chaotic curb strike, below, as with the half kick alone);
//! - **a force that jumps at a step boundary because the driver's inputs do** (the
//!   realistic stop): velocity Verlet's closing kick needs the forces at `c⁺` under the
//!   *old* inputs — the tyres and drivetrain solved again (`grip_stage`, half of a substep's
//!   cost) each step the inputs change; first same as last takes the new inputs for the
//!   whole kick and keeps the `v₀·h/2`. Since session 33 (`kick-s33`) this is
//!   [`SimParams::input_jump_half_kick`](crate::params::SimParams::input_jump_half_kick)
//!   (default off): the first substep of a step whose controls changed gets the force
//!   `½·(F(cₙ, u₋) − F(cₙ, u))` (`pipeline::half_kick`), for translation only — the
//!   rotation's Strang splitting already closes each substep with a half kick of its own
//!   torque, so an input jump's torque is split at the boundary as the leapfrog splits it.
//!   A brake applied after coasting then stops within `a·h²` of the trapezoid's
//!   `v²/(2a)` on a point-mass-like car (`maneuver::substep_study::kick`). Since session 34
//!   (`kick-s34`) the first item is a sibling switch,
//!   [`SimParams::opening_half_kick`](crate::params::SimParams::opening_half_kick) (default
//!   off; `pipeline::opening_kick`; hosted: none).
//!
//! The trapezoid for the position-free forces (`int-s31`, reverted) split the kick and so
//! left a phantom velocity `½·h·a_free` at rest; any kick of the *total* force keeps a body
//! whose forces balance at rest. None of the three fixes was kept: the third costs half a
//! substep a step in a game, the first alone changes only set-velocity starts (and breaks
//! the hosted step's agreement), and the energy audit's curb strike is chaotic at its
//! margin — on this integrator, `hatch_fwd` starting at 15.01 m/s instead of 15 already
//! rises 2.3 J beyond its allowance in one step at 1/30 s, so any change of the trajectory
//! (the half kick's: +279 J there) can fail it regardless of the scheme (`PERFORMANCE.md`,
//! `int-s32`).
//!
//! Sprung masses: `Σ mᵢ = M`, `Σ mᵢ (xᵢ, yᵢ) = M (x_c, y_c)`; for any wheel count we take the
//! minimum-norm solution `mᵢ = M [1/N + (pᵢ − p̄)ᵀ S⁻¹ (c − p̄)]` (see
//! [`compute_sprung_masses`]). Springs keep their natural frequency `f = √(k/m)/2π` and
//! damping ratio `ζ = c/(2√(km))` under a new sprung mass with [`rescale_spring`].
//!
//! | symbol | meaning | unit | frame |
//! |---|---|---|---|
//! | `M` | total mass ([`ChassisParams::mass`]) | kg | — |
//! | `I` | inertia tensor about the CoM ([`ChassisParams::inertia`]) | kg·m² | vehicle |
//! | `c` | centre of mass; `com_offset` in the vehicle frame | m | world / vehicle |
//! | `q`, `R` | orientation of the vehicle frame ([`ChassisState::pose`]) | — | world |
//! | `v` | velocity of the CoM ([`ChassisState::linear_velocity_world`]) | m/s | world |
//! | `ω` | angular velocity ([`ChassisState::angular_velocity_world`]); `ω_b = Rᵀω` | rad/s | world |
//! | `F`, `τ` | external force, torque about the CoM ([`Wrench`]) | N, N·m | world |
//! | `g` | gravity, `(0, 0, −9.81)` on Earth | m/s² | world |
//! | `mᵢ`, `pᵢ` | sprung mass, suspension point | kg, m | vehicle |
//! | `k`, `c`, `f`, `ζ` | spring rate, damping, natural frequency, damping ratio | N/m, N·s/m, Hz, — | — |
//!
//! ## Conventions
//! - Vehicle axes ISO 8855: x forward, y left, z up; world z-up.
//! - [`ChassisState::pose`] places the *vehicle frame*, not the centre of mass;
//!   `c = pose.translation + R · com_offset`. Velocities are those of the CoM.
//! - Torques are about the centre of mass. The inertia tensor's off-diagonal entries are
//!   negated products of inertia (`I_xy = −∫ x y dm`), so `L = I ω`.
//! - [`ChassisState::roll_pitch_yaw`]: intrinsic z-y′-x″, roll > 0 right side down,
//!   pitch > 0 nose down, yaw > 0 nose left.
//! - Serde: [`ChassisParams::inertia`] is glam's `DMat3`, written as 9 numbers in
//!   column-major order (symmetric, so the order does not matter for a valid tensor).
//!
//! ## References
//! - R. Featherstone, *Rigid Body Dynamics Algorithms*, Springer 2008, ch. 2 (spatial
//!   Newton–Euler equations).
//! - D. Baraff, *Physically Based Modeling: Rigid Body Simulation*, SIGGRAPH course notes 2001.
//! - E. Catto, *Numerical Methods*, GDC 2015 (implicit gyroscopic torque).
//! - E. Hairer, C. Lubich, G. Wanner, *Geometric Numerical Integration*, 2nd ed., Springer
//!   2006, §IV.2, §VII.5 (the midpoint rule preserves quadratic invariants; rigid body).
//! - NVIDIA PhysX Vehicles guide: "Algorithm" (sprung masses vs rigid body),
//!   `PxVehicleComputeSprungMasses`, `PxVehicleUpdateCMassLocalPose`.
//!
//! ## Known limits
//! - One rigid body: no frame flex, no separate unsprung bodies (wheels are massless in the
//!   chassis dynamics; their mass is in `M`). Translation is first order in `dt` at a set
//!   velocity, a change of the substep length and an input jump (see above).
//! - Torques are explicit (evaluated once per step); stiff suspension/tire torques need the
//!   pipeline's substeps.
//! - For N ≥ 4 wheels the minimum-norm sprung-mass split can be negative for a centre of mass
//!   near the support polygon's edge; that is an error, not clamped.
//!
//! ## Example
//!
//! ```
//! use skidpad::chassis::{ChassisParams, ChassisState, Wrench, compute_sprung_masses, integrate};
//! use glam::DVec3;
//!
//! let params = ChassisParams::from_box(1500.0, DVec3::new(4.5, 1.8, 1.4), DVec3::new(0.0, 0.0, 0.5));
//! params.validate()?;
//!
//! let wheels = [DVec3::new(1.35, 0.8, 0.0), DVec3::new(1.35, -0.8, 0.0),
//!               DVec3::new(-1.35, 0.8, 0.0), DVec3::new(-1.35, -0.8, 0.0)];
//! let sprung = compute_sprung_masses(&wheels, params.com_offset, params.mass)?;
//! assert!((sprung[0] - 375.0).abs() < 1e-9);
//!
//! // Push forward at the CoM for 1 s with gravity cancelled by a vertical force.
//! let mut state = ChassisState::default();
//! let gravity = DVec3::new(0.0, 0.0, -9.81);
//! let mut wrench = Wrench::default();
//! wrench.add_force_at(DVec3::new(3000.0, 0.0, 1500.0 * 9.81), state.com_world(&params), state.com_world(&params));
//! for _ in 0..60 {
//!     integrate(&params, &mut state, &wrench, gravity, 1.0 / 60.0);
//! }
//! assert!((state.velocity_body().x - 2.0).abs() < 1e-9);
//! # Ok::<(), skidpad::ParamError>(())
//! ```

pub mod constraint;
mod midpoint;
mod model;
mod params;
pub mod shape;
mod sprung;
mod state;

pub use constraint::{PointConstraint, solve_contacts, solve_impulses, solve_positions};
pub use midpoint::{ANGULAR_NEWTON_MAX_ITERATIONS, ANGULAR_NEWTON_TOLERANCE};
pub(crate) use model::integrate_placed;
pub use model::{Wrench, integrate, integrate_prepared};
pub use params::{
    COM_REACH, ChassisParams, INERTIA_RANGE, INERTIA_SYMMETRY_TOLERANCE,
    INERTIA_TRIANGLE_TOLERANCE, MASS_RANGE, box_inertia,
};
pub use shape::{BodyCollision, BodyShape, MAX_BODY_POINTS, auto_box};
pub use sprung::{
    SPRUNG_MASS_LENGTH_TOLERANCE, SPRUNG_MASS_NEGATIVE_TOLERANCE, compute_sprung_masses,
    damping_ratio, natural_frequency, rescale_spring,
};
pub use state::ChassisState;
