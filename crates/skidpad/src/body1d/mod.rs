//! # Longitudinal vehicle body with load transfer (`body1d`)
//!
//! A point-mass vehicle moving in a straight line along a road of constant grade, with two
//! axles whose normal loads follow the longitudinal acceleration (quasi-static load
//! transfer), aerodynamic drag, per-axle rolling resistance and grade resistance. It gives
//! the wheels their normal forces for traction limits (`µ N`). It implements
//! `shared/seeds/vehicle-body-spec.md` ("VehicleBody").
//!
//! ## Model
//!
//! Along the road (+x forward; uphill when `θ > 0`):
//!
//! ```text
//! m a_x = F_f + F_r − D − R_f − R_r − G
//!     D   = ½ ρ Cd A v |v|                   aerodynamic drag
//!     R_i = Crr N_i tanh(v / v_s)            rolling resistance, axle i ∈ {f, r}
//!     G   = m g sin θ                        grade resistance
//! ```
//!
//! Normal to the road and in pitch (no pitch rotation: moments about each contact point
//! balance, with the inertial force `−m a_x` and the weight acting at the CG):
//!
//! ```text
//! N_f + N_r = m g cos θ
//! N_f = m (g cos θ · b − (a_x + g sin θ) h) / L
//! N_r = m (g cos θ · a + (a_x + g sin θ) h) / L
//! ```
//!
//! On flat ground this is the spec's `N_f = m g b / L − ΔN`, `N_r = m g a / L + ΔN` with
//! `ΔN = m a_x h / L`; at rest `N_f a − N_r b = 0` (moment balance about the CG). A negative
//! load is clamped to 0 and reported ([`WheelLift`]): the rear lifts at
//! `a_x = −g (cos θ · a / h + sin θ)` ([`rear_lift_acceleration`]).
//!
//! The rolling resistance needs the loads, the loads need `a_x`, and `a_x` needs the
//! rolling resistance: an algebraic loop. It is linear in `a_x` and, because
//! `N_f + N_r = m g cos θ` whatever `a_x`, its coefficient vanishes, so [`acceleration`]
//! solves it exactly in closed form, without iteration.
//!
//! | symbol | field | meaning | unit |
//! |---|---|---|---|
//! | `m` | `mass` | vehicle mass | kg |
//! | `L` | `wheelbase` | axle-to-axle distance | m |
//! | `a` | `cg_to_front` | CG to front axle | m |
//! | `b` | `cg_to_rear` | CG to rear axle, `a + b = L` | m |
//! | `h` | `cg_height` | CG height above ground | m |
//! | `Cd`, `A` | `drag_coefficient`, `frontal_area` | drag coefficient, frontal area | 1, m² |
//! | `ρ` | `air_density` | air density | kg/m³ |
//! | `Crr` | `rolling_resistance` | rolling-resistance coefficient | 1 |
//! | `g` | `gravity` | gravitational acceleration | m/s² |
//! | `θ` | `grade` | road grade, + uphill | rad |
//! | `v_s` | `rolling_smoothing_speed` | speed scale of the smooth sign | m/s |
//! | `x`, `v`, `a_x` | `position`, `velocity`, `acceleration` | motion along the road | m, m/s, m/s² |
//! | `F_f`, `F_r` | step inputs | axle traction on the body | N |
//! | `N_f`, `N_r` | `normal_front`, `normal_rear` | axle normal loads | N |
//!
//! ## Sign conventions
//!
//! - x points forward along the road (ISO 8855), up the slope when `grade > 0`.
//! - Traction inputs follow the spec's flange convention: the force the axle applies to the
//!   body along +x; positive drives forward, negative brakes a forward-moving body.
//! - Normal forces are positive compressive (road pushing up on the axle), never negative.
//! - Resistances ([`Resistances`], the state's `drag`, `rolling_*`, `grade_force`) are
//!   positive when they act along −x; drag and rolling change sign with `v`, so they always
//!   oppose motion; grade is positive uphill, negative downhill.
//!
//! ## Integration
//!
//! [`step`] integrates `ẋ = v`, `v̇ = a_x(v)` with classical RK4, traction held over the
//! step; outputs in the state are then evaluated at the new velocity. No allocation.
//! [`StepOptions`] turns drag or rolling off exactly (tests; the params themselves must stay
//! physical: `Cd > 0`).
//!
//! ## Known limits
//!
//! - Instant (quasi-static) load transfer: no suspension, no pitch angle or pitch dynamics;
//!   the body is a rigid point mass at the CG.
//! - Drag acts with no pitching moment (its height `h_a` is taken as 0 in Gillespie's
//!   eq. 2-2), so loads at constant speed equal the static loads, as the spec requires; a
//!   real car also loses front load to the drag couple `D h_a / L` and to aero lift.
//! - After wheel lift the loads are clamped but the resulting pitch rotation is not modelled.
//! - The smooth rolling law is viscous below `~v_s`: it stops a coasting body without
//!   chatter but cannot hold one on a slope (that is the brakes' job), and with thrust just
//!   below the rolling resistance the body creeps at a speed below `~v_s`.
//! - Straight line only: no lateral, yaw or roll dynamics; no tire slip (traction is an
//!   input, to be limited with [`traction_limit`]).
//!
//! ## References
//!
//! - `shared/seeds/vehicle-body-spec.md`, the spec this module implements.
//! - T. D. Gillespie, *Fundamentals of Vehicle Dynamics*, SAE 1992, ch. 2 (acceleration
//!   performance: axle loads on a grade, eq. 2-1/2-2; traction-limited acceleration).
//! - J. Y. Wong, *Theory of Ground Vehicles*, 4th ed., Wiley 2008, ch. 3 (rolling, aerodynamic
//!   and grade resistance; tractive-effort limits).
//!
//! ## Example
//!
//! ```
//! use skidpad::body1d::{self, VehicleBodyParams, VehicleBodyState};
//!
//! let params = VehicleBodyParams::default(); // mid-size sedan
//! params.validate()?;
//! let mut state = VehicleBodyState::at_rest(&params);
//! // Static loads: N_f = m g b / L = 1550 · 9.81 · 1.6 / 2.8 ≈ 8688.9 N.
//! assert!((state.normal_front - 8688.857).abs() < 0.01);
//!
//! // Rear-wheel drive, friction-limited at µ = 1.0, for 5 s at 100 Hz.
//! for _ in 0..500 {
//!     let capacity = body1d::traction_limit(1.0, state.normal_rear);
//!     body1d::step(&params, &mut state, 0.0, 8000.0_f64.min(capacity), 0.01);
//! }
//! assert!(state.velocity > 20.0);
//! assert!(state.normal_rear > state.normal_front); // load moved rearward
//! # Ok::<(), skidpad::ParamError>(())
//! ```

pub mod coupled;
mod model;
mod params;
mod state;

pub use model::{
    NormalLoads, Resistances, StepOptions, WheelLift, acceleration, evaluate,
    front_lift_acceleration, normal_loads, normal_loads_unclamped, rear_lift_acceleration,
    resistances, resistances_with, static_normal_loads, step, step_with, terminal_velocity,
    terminal_velocity_drag_only, traction_limit,
};
pub use params::{AXLE_SUM_TOLERANCE, MAX_GRADE, VehicleBodyParams};
pub use state::VehicleBodyState;
