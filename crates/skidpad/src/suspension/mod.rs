//! Suspension: sprung-mass spring-dampers along fixed travel lines, bump stops, anti-roll bars,
//! jounce-dependent camber and toe, the tire load filter, and an optional body-attitude torque.
//!
//! # Model
//! Each wheel hangs on a massless suspension line (the PhysX sprung-mass model): the wheel
//! centre moves along `travel_direction` (vehicle frame) between full compression and full
//! droop. The ground query gives the travel `s` at which the wheel touches the ground; the
//! jounce is `x = max_compression − s` (positive compressed). The force along the line is
//!
//! ```text
//! F = max(0, F_rest + k·x + c(ẋ)·ẋ + k_bs·δ² + F_arb),   c = c_bump (ẋ>0) | c_rebound (ẋ<0)
//! F_rest = m_s·g·cos β      (preload: the vehicle rests at its design pose, x = 0)
//! ```
//! and it acts on the chassis along the ground normal at the contact (or at `force_point`);
//! the tire load is `F_z = F·(n̂·(−d̂))` projected on the normal (see the pipeline).
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | x, ẋ | jounce, jounce rate (positive compression) | m, m/s |
//! | k | spring rate at the wheel | N/m |
//! | c | bump / rebound damping | N·s/m |
//! | m_s | sprung mass of the corner | kg |
//! | δ | bump-stop penetration | m |
//! | k_bs | progressive bump-stop rate | N/m² |
//! | F_arb | anti-roll bar force `k_arb·(x_a − x_b)` | N |
//!
//! Ride frequency `f = √(k/m_s)/2π`, damping ratio `ζ = c/(2√(k·m_s))` (PhysX guide,
//! "PxVehicleSuspensionData"; Milliken & Milliken, *Race Car Vehicle Dynamics*, ch. 16).
//!
//! # Time integration and energy
//! The strut force is explicit: evaluated at the jounce measured at the start of a substep and
//! applied over it (symplectic Euler with the chassis). For a spring `k` on a body this
//! conserves a shadow energy `E − (h/2)·F·ẋ`, so the mechanical energy `E` itself may rise by
//! up to `½·k·Δx²` in a substep that moves the jounce by `Δx` (exactly
//! `ΔE = ½·k·Δx² − ½·h²·k²·x₀²/m` for one spring and a mass) and falls back; over a cycle
//! nothing is gained or lost. An implicit spring-damper (a soft constraint solved with the
//! effective mass at the wheel, as Jolt, Box2D and PhysX vehicle2 do) removes that rise but
//! damps: `F = F_rest + k·x⁺ + c·ẋ⁺` (backward Euler) adds `ζ_num = ω·h/2`, the trapezoidal
//! `F = F_rest + k·(x + x⁺)/2 + c·ẋ⁺` adds `ω·h/4` (a 1.5 Hz, ζ = 0.15 corner at `h` = 1/180 s,
//! 60 Hz with 3 substeps: ζ 0.1754 and 0.1624 instead of the explicit 0.1494, +16.9 % and
//! +8.3 %; at 1/60 s +50 % and +24 %). Ride damping is a tuning quantity, so the springs stay
//! explicit.
//!
//! **Touchdown.** A wheel hanging at jounce `x₀` that is found in contact at `x₁` at the start
//! of a substep touched the ground somewhere within the last one: the compression stored
//! `ΔU = U(x₁) − U(x₀)` ([`model::stored_energy`]) while no force acted on the body, up to
//! `F·|v|·h` per wheel (a 30 t tank landing at 6 m/s at 1/30 s: 12 kJ). The suspension stage
//! adds the impulse the spring would have given since the touchdown, energy-exact: `J` along
//! the contact normal with `J·v_n + J²/(2·m_eff) = −ΔU` ([`model::touchdown_impulse`]), spread
//! over the substep as [`SuspensionState::touchdown_force`]. Past full compression (the
//! ground found inside the wheel) `U` becomes [`model::strut_energy`]: the clamped strut
//! pushes the body out with its full-compression force over the depth. Ground that rises
//! into a wheel already in contact within a substep (a curb's edge met by its sweep) stores
//! energy the same way; the pipeline's suspension stage takes it from the body's motion with
//! the same balance, against the contact point's motion (`pipeline::suspension_stage`).
//!
//! **Lift-off.** The mirror: a wheel in contact at the start of a substep whose contact point
//! recedes along the strut faster than the strut can follow (beyond `max(x − v_max·h,
//! −x_droop)` within the substep: a body bouncing off a curb's edge, a wheel leaving a
//! ramp's lip) leaves the ground within the substep, while its explicit force would push for
//! all of it. The force is limited so that its work over the substep, with the body's own
//! response, is what the strut releases down to that jounce ([`model::lift_off_force`]).
//!
//! **A wheel the bar lifts.** The springs, bump stops and bars are one potential,
//! `U = Σ S_i(x_i) + Σ_bars ½·k_arb·(x_a − x_b)²` (`S` [`model::stored_energy`]: a spring
//! cannot pull), and the wheel is massless on a ground that cannot pull it: where a bar's
//! pull on a wheel exceeds its strut's push, `S'(x) + k_arb·(x − x_other) < 0`, the wheel
//! leaves the ground at once and rests at the jounce `x* > x` where the two balance
//! ([`model::lifted_jounce`]). The body then feels `U` minimised over the lifted wheel's
//! jounce: no force at that wheel (the damper's at most) and the bar's `k_arb·(x_other − x*)`
//! at the other, the slopes of one potential, so the bar's forces do exactly the work its
//! energy changes by. Forming the bar at the ground's jounce while the `F ≥ 0` clamp dropped
//! its pull on the lifted wheel (before `audit-s38`) was no potential's slope: a tumbling
//! car's wheel whose ground receded under a slack spring strained the bar by 0.12–0.24 J a
//! substep with no force doing work (`tests/energy_audit`). The damper stays outside `U`:
//! `F = max(0, P + F_damper)`, `P ≥ 0` the potential's slope, takes from the damper only.
//! The bar still acts only while both its wheels are in contact: a wheel leaving the ground
//! releases the bar's strain (a loss), and a touchdown pays the strain it engages
//! (`pipeline::strut_balance::bar_engagement`, formed at the ground's jounces: where the bar
//! lifts a wheel at once that charges more than `U` gains, a loss too).
//!
//! # Limits
//! No suspension linkage kinematics beyond the camber/toe graphs; the wheel has no vertical
//! mass (it follows the ground instantly except for the expansion-speed limit); no tire
//! vertical compliance (the spring is the whole vertical path).
//!
//! ```
//! use skidpad::suspension::{SuspensionParams, SuspensionState, model};
//! let p = SuspensionParams::default();
//! let mut s = SuspensionState::default();
//! let raw = model::update_jounce(&p, &mut s, Some(0.01), 1.0 / 60.0);
//! model::forces(&p, &mut s, 4000.0, raw, 0.0);
//! assert!((s.force - (4000.0 + 350.0)).abs() < 1e-9); // 4000 N preload + 35 kN/m × 1 cm
//! ```

pub mod model;
pub mod params;
pub mod state;

pub use params::{
    AntiRollBarParams, BodyRollParams, BumpStopParams, LoadFilterParams, RollPair, SuspensionParams,
};
pub use state::SuspensionState;
