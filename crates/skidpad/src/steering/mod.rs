//! Steering: from the driver's normalised steer command to each road wheel's steer angle.
//!
//! # Model
//! For wheel `i` with `max_steer` `δᵢ,max` (signed: a negative value steers a rear wheel
//! against the fronts), steer command `s ∈ [−1, 1]` and forward speed `v`:
//!
//! ```text
//! δᵢ⁰ = s · δᵢ,max · k(|v|)                         nominal angle, k = steer_vs_speed table
//! x_ref = mean x of the enabled unsteered wheels     (all wheels steered: mean x of all)
//! lead  = the steered wheel with the largest |δᵢ⁰|, innermost on ties
//! y_c   = y_lead + (x_lead − x_ref) / tan δ_lead⁰    turn centre (x_ref, y_c)
//! δᵢ,ack = atan((xᵢ − x_ref) / (y_c − yᵢ))          every axle line through the turn centre
//! δᵢ  = δᵢ⁰ + A · (δᵢ,ack − δᵢ⁰)                    A = ackermann.accuracy ∈ [0, 1]
//! |δᵢ(t) − δᵢ(t − dt)| ≤ max_rate · dt             steer rate limit
//! ```
//!
//! With `A = 1` every steered wheel's axle line passes through one point on the reference axle
//! line (perfect Ackermann); with `A = 0` every wheel gets its nominal angle (parallel steer).
//! As in PhysX (`PxVehicleAckermannGeometryData`), the command goes to the *inner* wheel and the
//! outer wheel steers less. Static toe stays in the suspension (`suspension.toe`) and is added
//! by the pipeline after this stage: `steer = δᵢ − side·toe(jounce)`.
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `s` | steer command, + left | 1 |
//! | `δᵢ,max` | [`crate::vehicle::WheelParams::max_steer`] | rad |
//! | `k(v)` | [`SteeringParams::steer_vs_speed`] | 1 |
//! | `A` | [`AckermannParams::accuracy`] | 1 |
//! | `xᵢ, yᵢ` | wheel position, vehicle frame | m |
//!
//! References: PhysX 4 vehicle guide (Ackermann accuracy, `gSteerVsForwardSpeedTable`);
//! Milliken & Milliken, *Race Car Vehicle Dynamics*, ch. 19 (Ackermann geometry).
//!
//! # Steering-wheel torque
//! The tyres' aligning moments act on the chassis (the rack holds the wheels at their angle);
//! the torque they put on the steering wheel, a force-feedback signal, is
//! `T_sw = Σ (Mz − t_m·Fy)/i_s` over the steered wheels on the ground
//! ([`model::steering_wheel_torque`], telemetry `steering_torque_nm`).
//!
//! # Limits
//! Kinematic only: no steering-system compliance; the steering-wheel torque does not move
//! the steering (the command is a position). The geometry is
//! recomputed each substep from the enabled wheels, so disabling a wheel at run time moves
//! `x_ref`. [`SteeringMode::Disabled`] turns steering off (track-drive layouts).
//!
//! ```
//! use skidpad::steering::{SteeringParams, SteeringState, model::steer_angles};
//! use skidpad::presets::sedan;
//! let mut p = sedan();
//! p.steering.ackermann.accuracy = 1.0;
//! let mut s = SteeringState::default();
//! let wheels = skidpad::wheel::steer_wheels(&p.wheels);
//! steer_angles(&p.steering, &wheels, 0.5, 0.0, &mut s, 1.0 / 60.0);
//! // Turning left: the inner (left) front wheel steers more than the outer one.
//! assert!(s.angle[0] > s.angle[1] && s.angle[1] > 0.0);
//! ```

pub mod model;
pub mod params;
pub mod state;

pub use params::{
    AckermannGeometry, AckermannParams, STEER_CURVE_POINTS, SteerWheel, SteeringMode,
    SteeringParams,
};
pub use state::SteeringState;
