//! Step faults: nothing non-finite escapes a step.
//!
//! After every step ([`super::Vehicle::try_step`], [`super::Vehicle::step`],
//! [`super::Vehicle::try_step_hosted`], [`super::Vehicle::step_hosted`]) the handle checks the
//! new state channel by channel, in the order of [`first_non_finite`], roughly from cause to
//! effect: each wheel in use (tyre force, normal load, suspension force, jounce, spin, steer
//! angle), the engine speed, then the chassis (position, orientation, linear and angular
//! velocity, acceleration), which every force feeds. The first channel holding NaN or ±∞
//! names the fault. The step is then undone: the state
//! goes back to the last finite one (the state before the step), the vehicle records a
//! [`StepFault`] (the 1-based number of the step that failed, the channel and its value) and
//! takes no further step until [`super::Vehicle::clear_fault`] or
//! [`super::Vehicle::teleport`]. The check reads a few hundred numbers and allocates nothing.
//!
//! Rule: a caller sees either a finite state or a fault, never a silent NaN.

use crate::chassis::ChassisState;
use crate::drivetrain::DrivetrainState;
use crate::input::InputState;
use crate::stability::StabilityState;
use crate::state::VehicleState;
use crate::steering::SteeringState;
use crate::wheel::{FrameKey, WheelState};
use glam::{DQuat, DVec3};

/// What undoing a standalone step needs: the whole [`VehicleState`] with its wheels in `N`
/// slots (`N` ≥ the wheels in use, rounded up to 4 or 8; a step never changes the wheel
/// count), on the stack, so the undo allocates nothing whatever the wheel count. Every field is named in [`Rollback::save`]'s exhaustive pattern, so a field
/// added to `VehicleState` fails to compile there until it is saved too.
pub(crate) struct Rollback<const N: usize> {
    chassis: ChassisState,
    wheels: [WheelState; N],
    n_wheels: usize,
    acceleration_world: DVec3,
    time: f64,
    teleports: u64,
    input: InputState,
    /// The steering angles of the `N` slots: a step writes no slot past the wheel count
    /// ([`SteeringState::angle`]), so the others need no saving.
    steering: [f64; N],
    stability: StabilityState,
    drivetrain: DrivetrainState,
    skip_ground_queries: bool,
    wheel_frames: FrameKey,
    kept_bound: crate::ground::KeptBound,
}

impl<const N: usize> Rollback<N> {
    /// Save `s` with its wheels in `N` slots (`N` ≥ `s.wheels.len()`).
    #[inline(always)]
    pub(crate) fn save(s: &VehicleState) -> Self {
        // `N` wheels in use (a car's 4, an 8×8's 8): the saved wheels are copied from the
        // state's own array, one block copy (a `memcpy` of `N`·608 B). Choosing between that
        // array and a padded one by value (`match … { Ok(all) => *all, Err(_) => from_fn }`)
        // made the optimiser copy each wheel field by field through a temporary, with two
        // 266 B `memcpy`s per wheel (just above the 256 B that glibc's AVX `memcpy` copies
        // without its loop): ≈ 580 instructions per step against ≈ 150.
        match <&[WheelState; N]>::try_from(&s.wheels[..]) {
            Ok(all) => Self::with_wheels(s, all),
            Err(_) => {
                let padded = std::array::from_fn(|i| s.wheels.get(i).copied().unwrap_or_default());
                Self::with_wheels(s, &padded)
            }
        }
    }

    /// `s` saved with `wheels` for its wheel slots.
    #[inline(always)]
    fn with_wheels(s: &VehicleState, wheels: &[WheelState; N]) -> Self {
        let VehicleState {
            chassis,
            wheels: _,
            n_wheels,
            acceleration_world,
            time,
            teleports,
            input,
            steering,
            stability,
            drivetrain,
            skip_ground_queries,
            wheel_frames,
            kept_bound,
        } = s;
        let SteeringState { angle } = steering;
        Self {
            chassis: *chassis,
            wheels: *wheels,
            n_wheels: *n_wheels,
            acceleration_world: *acceleration_world,
            time: *time,
            teleports: *teleports,
            input: *input,
            steering: std::array::from_fn(|i| angle[i]),
            stability: *stability,
            drivetrain: *drivetrain,
            skip_ground_queries: *skip_ground_queries,
            wheel_frames: *wheel_frames,
            kept_bound: *kept_bound,
        }
    }

    /// Simulated time of the saved state. Unit: s.
    pub(crate) fn time(&self) -> f64 {
        self.time
    }

    /// Put the saved state back into `s`.
    pub(crate) fn restore(&self, s: &mut VehicleState) {
        let n = s.wheels.len().min(N);
        s.wheels[..n].copy_from_slice(&self.wheels[..n]);
        s.chassis = self.chassis;
        s.n_wheels = self.n_wheels;
        s.acceleration_world = self.acceleration_world;
        s.time = self.time;
        s.teleports = self.teleports;
        s.input = self.input;
        s.steering.angle[..N].copy_from_slice(&self.steering);
        s.stability = self.stability;
        s.drivetrain = self.drivetrain;
        s.skip_ground_queries = self.skip_ground_queries;
        s.wheel_frames = self.wheel_frames;
        s.kept_bound = self.kept_bound;
    }
}

/// The state channel that went non-finite. Wheel indices are in wheel order, from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// Chassis position (vehicle-frame origin, world). Unit: m.
    Position,
    /// Chassis orientation (unit quaternion).
    Orientation,
    /// Velocity of the centre of mass, world. Unit: m/s.
    LinearVelocity,
    /// Angular velocity, world. Unit: rad/s.
    AngularVelocity,
    /// Acceleration of the centre of mass over the step, world. Unit: m/s².
    Acceleration,
    /// Wheel spin `ω`. Unit: rad/s.
    WheelSpin(usize),
    /// Normal load on the tyre. Unit: N.
    WheelLoad(usize),
    /// Tyre force on the chassis (`Fx`, `Fy` or its world vector). Unit: N.
    TireForce(usize),
    /// Suspension force along the strut. Unit: N.
    SuspensionForce(usize),
    /// Suspension jounce (or its rate). Unit: m, m/s.
    Jounce(usize),
    /// Road-wheel steer angle. Unit: rad.
    Steer(usize),
    /// Engine speed. Unit: rad/s.
    EngineSpeed,
    /// The mean wrench a hosted step returns to the engine. Unit: N, N·m.
    HostedWrench,
}

impl std::fmt::Display for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Channel::Position => write!(f, "chassis position"),
            Channel::Orientation => write!(f, "chassis orientation"),
            Channel::LinearVelocity => write!(f, "chassis linear velocity"),
            Channel::AngularVelocity => write!(f, "chassis angular velocity"),
            Channel::Acceleration => write!(f, "chassis acceleration"),
            Channel::WheelSpin(i) => write!(f, "wheel {i} spin"),
            Channel::WheelLoad(i) => write!(f, "wheel {i} normal load"),
            Channel::TireForce(i) => write!(f, "wheel {i} tyre force"),
            Channel::SuspensionForce(i) => write!(f, "wheel {i} suspension force"),
            Channel::Jounce(i) => write!(f, "wheel {i} jounce"),
            Channel::Steer(i) => write!(f, "wheel {i} steer angle"),
            Channel::EngineSpeed => write!(f, "engine speed"),
            Channel::HostedWrench => write!(f, "hosted wrench"),
        }
    }
}

/// A step that would have left a non-finite state: which step, which channel, what value.
/// Displays as `step 1234: wheel 2 spin is NaN`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepFault {
    /// Number of the step that failed, counting every step since [`super::Vehicle::new`]
    /// from 1 (standalone and hosted alike).
    pub step: u64,
    /// Simulated time at the start of the failed step (the last finite state's). Unit: s.
    pub time: f64,
    /// The first non-finite channel.
    pub channel: Channel,
    /// Its value (NaN, +∞ or −∞; for a vector, the first non-finite component).
    pub value: f64,
}

impl std::fmt::Display for StepFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.value.is_nan() {
            "NaN"
        } else if self.value > 0.0 {
            "+inf"
        } else {
            "-inf"
        };
        write!(
            f,
            "step {} (t = {:.3} s): {} is {what}",
            self.step, self.time, self.channel
        )
    }
}

impl std::error::Error for StepFault {}

/// The first non-finite component of `v`, if any.
fn bad3(v: DVec3) -> Option<f64> {
    v.to_array().into_iter().find(|x| !x.is_finite())
}

/// The first non-finite component of `q`, if any.
fn bad4(q: DQuat) -> Option<f64> {
    q.to_array().into_iter().find(|x| !x.is_finite())
}

/// The value itself when it is not finite.
fn bad(x: f64) -> Option<f64> {
    (!x.is_finite()).then_some(x)
}

/// The first channel of `s` holding a non-finite value, with that value, in the order of the
/// module docs; `None` when the whole state is finite. Inline: the common case is the fast
/// test alone (`all_finite`), the ordered search a cold call.
#[inline]
pub fn first_non_finite(s: &VehicleState) -> Option<(Channel, f64)> {
    if all_finite(s) { None } else { search(s) }
}

/// [`first_non_finite`]'s ordered search, channel by channel.
#[cold]
#[inline(never)]
fn search(s: &VehicleState) -> Option<(Channel, f64)> {
    for (i, w) in s.wheels().iter().enumerate() {
        let t = &w.tire;
        let checks = [
            (
                Channel::TireForce(i),
                bad(t.fx).or(bad(t.fy)).or(bad3(w.tire_force_world)),
            ),
            (Channel::WheelLoad(i), bad(w.normal_load).or(bad(t.load))),
            (Channel::SuspensionForce(i), bad(w.suspension.force)),
            (
                Channel::Jounce(i),
                bad(w.suspension.jounce).or(bad(w.suspension.jounce_velocity)),
            ),
            (Channel::WheelSpin(i), bad(t.omega)),
            (Channel::Steer(i), bad(w.steer)),
        ];
        if let Some((ch, Some(x))) = checks.into_iter().find(|(_, x)| x.is_some()) {
            return Some((ch, x));
        }
    }
    if let Some(x) = bad(s.drivetrain.engine_speed) {
        return Some((Channel::EngineSpeed, x));
    }
    let c = &s.chassis;
    let chassis = [
        (Channel::Position, bad3(c.pose.translation)),
        (Channel::Orientation, bad4(c.pose.rotation)),
        (Channel::LinearVelocity, bad3(c.linear_velocity_world)),
        (Channel::AngularVelocity, bad3(c.angular_velocity_world)),
        (Channel::Acceleration, bad3(s.acceleration_world)),
    ];
    chassis.into_iter().find_map(|(ch, x)| x.map(|x| (ch, x)))
}

/// `true` only when every value [`first_non_finite`] reads is finite: the cheap test of the
/// common case, without its ordered search. The plain sum of the values is finite only when
/// they all are (a NaN or an infinity makes it NaN or infinite). Finite values whose sum
/// overflows (magnitudes near `f64::MAX`) also give `false`: the search then runs, finds
/// nothing and returns `None`, the same answer. One addition a value (multiplying each by 0
/// first, as before, cost a second operation).
#[inline(always)]
fn all_finite(s: &VehicleState) -> bool {
    let z3 = |v: DVec3| v.x + v.y + v.z;
    let mut acc = 0.0;
    for w in s.wheels() {
        let (t, sp) = (&w.tire, &w.suspension);
        acc += t.fx + t.fy + z3(w.tire_force_world);
        acc += w.normal_load + t.load + sp.force;
        acc += sp.jounce + sp.jounce_velocity + t.omega + w.steer;
    }
    let c = &s.chassis;
    let q = c.pose.rotation;
    acc += s.drivetrain.engine_speed + z3(c.pose.translation);
    acc += q.x + q.y + q.z + q.w;
    acc += z3(c.linear_velocity_world) + z3(c.angular_velocity_world) + z3(s.acceleration_world);
    acc.is_finite()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value the search reads, made non-finite one at a time (NaN, +∞, −∞, in a state
    /// whose other values are large, small and negative), is caught by the fast test too.
    #[test]
    fn the_fast_test_sees_every_value_the_search_reads() {
        let mut base = VehicleState::with_wheels(4);
        base.chassis.linear_velocity_world = DVec3::new(1e300, -1e-300, 3.0);
        base.wheels[1].tire.fx = -1e308;
        assert!(all_finite(&base));
        assert_eq!(first_non_finite(&base), None);
        // Finite values whose sum overflows: the fast test says no, the search finds nothing.
        let mut huge = base.clone();
        huge.wheels[0].tire.fx = f64::MAX;
        huge.wheels[0].tire.fy = f64::MAX;
        assert!(!all_finite(&huge));
        assert_eq!(first_non_finite(&huge), None);
        type Poke = fn(&mut VehicleState, f64);
        let pokes: [Poke; 30] = [
            |s, x| s.wheels[3].tire.fx = x,
            |s, x| s.wheels[3].tire.fy = x,
            |s, x| s.wheels[3].tire_force_world.x = x,
            |s, x| s.wheels[3].tire_force_world.y = x,
            |s, x| s.wheels[3].tire_force_world.z = x,
            |s, x| s.wheels[3].normal_load = x,
            |s, x| s.wheels[3].tire.load = x,
            |s, x| s.wheels[3].suspension.force = x,
            |s, x| s.wheels[3].suspension.jounce = x,
            |s, x| s.wheels[3].suspension.jounce_velocity = x,
            |s, x| s.wheels[3].tire.omega = x,
            |s, x| s.wheels[3].steer = x,
            |s, x| s.wheels[0].steer = x,
            |s, x| s.drivetrain.engine_speed = x,
            |s, x| s.chassis.pose.translation.x = x,
            |s, x| s.chassis.pose.translation.y = x,
            |s, x| s.chassis.pose.translation.z = x,
            |s, x| s.chassis.pose.rotation.x = x,
            |s, x| s.chassis.pose.rotation.y = x,
            |s, x| s.chassis.pose.rotation.z = x,
            |s, x| s.chassis.pose.rotation.w = x,
            |s, x| s.chassis.linear_velocity_world.x = x,
            |s, x| s.chassis.linear_velocity_world.y = x,
            |s, x| s.chassis.linear_velocity_world.z = x,
            |s, x| s.chassis.angular_velocity_world.x = x,
            |s, x| s.chassis.angular_velocity_world.y = x,
            |s, x| s.chassis.angular_velocity_world.z = x,
            |s, x| s.acceleration_world.x = x,
            |s, x| s.acceleration_world.y = x,
            |s, x| s.acceleration_world.z = x,
        ];
        for (k, poke) in pokes.iter().enumerate() {
            for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                let mut s = base.clone();
                poke(&mut s, x);
                assert!(!all_finite(&s), "value {k} = {x}");
                assert!(first_non_finite(&s).is_some(), "value {k} = {x}");
            }
        }
    }

    #[test]
    fn a_finite_state_has_no_fault() {
        assert_eq!(first_non_finite(&VehicleState::default()), None);
    }

    #[test]
    fn the_first_bad_channel_is_named_with_its_value() {
        let mut s = VehicleState::with_wheels(4);
        s.wheels[2].tire.omega = f64::NAN;
        s.wheels[3].suspension.force = f64::INFINITY;
        let (ch, x) = first_non_finite(&s).unwrap();
        assert_eq!(ch, Channel::WheelSpin(2));
        assert!(x.is_nan());
        s.wheels[2].tire.omega = 0.0;
        assert_eq!(
            first_non_finite(&s),
            Some((Channel::SuspensionForce(3), f64::INFINITY))
        );
        s.wheels[3].suspension.force = 0.0;
        assert_eq!(first_non_finite(&s), None);
        s.chassis.linear_velocity_world.y = f64::NEG_INFINITY;
        s.chassis.pose.translation.x = f64::INFINITY;
        assert_eq!(
            first_non_finite(&s),
            Some((Channel::Position, f64::INFINITY))
        );
        s.chassis.pose.translation.x = 0.0;
        assert_eq!(
            first_non_finite(&s),
            Some((Channel::LinearVelocity, f64::NEG_INFINITY))
        );
    }

    #[test]
    fn a_fault_reads_as_step_channel_and_value() {
        let f = StepFault {
            step: 1234,
            time: 10.275,
            channel: Channel::WheelSpin(2),
            value: f64::NAN,
        };
        assert_eq!(
            f.to_string(),
            "step 1234 (t = 10.275 s): wheel 2 spin is NaN"
        );
        let g = StepFault {
            value: f64::NEG_INFINITY,
            channel: Channel::EngineSpeed,
            ..f
        };
        assert_eq!(
            g.to_string(),
            "step 1234 (t = 10.275 s): engine speed is -inf"
        );
    }
}
