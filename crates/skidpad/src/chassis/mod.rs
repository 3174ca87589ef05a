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
//! `ω̄ = (ω + ω⁺)/2`, Newton-solved) with a Cayley-map orientation update
//! `q⁺ = q ⊗ cay(dt ω̄)`, the other half impulse. Torque-free, that step conserves kinetic energy
//! and world angular momentum exactly at any `dt` (both are quadratic invariants the midpoint
//! rule preserves, and the Cayley update is the rotation the midpoint rule implies), so fast,
//! long thin bodies are stable — the problem Catto's implicit gyroscopic step (GDC 2015) also
//! solves, but that one dissipates energy.
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
//!   chassis dynamics; their mass is in `M`). Translation is first order in `dt`.
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
mod model;
mod params;
pub mod shape;
mod sprung;
mod state;

pub use constraint::{PointConstraint, solve_contacts, solve_impulses, solve_positions};
pub use model::{
    ANGULAR_NEWTON_MAX_ITERATIONS, ANGULAR_NEWTON_TOLERANCE, Wrench, integrate, integrate_prepared,
};
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
