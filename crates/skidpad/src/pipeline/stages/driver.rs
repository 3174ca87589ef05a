//! Stages 1–2 of a substep, the driver's side: the smoothed intent and hill hold with each
//! wheel's drive and brake torque (stage 1), and the steered road-wheel angles with the
//! wheels' camber and toe (stage 2). See the [table](super::super).

use crate::input::{Controls, Intent};
use crate::params::{Derived, VehicleParams};
use crate::stability::model as stab;
use crate::state::VehicleState;
use crate::steering::model::steer_angles;
use crate::wheel::{self, WheelState};

/// Stage 1: smoothed intent and hill-hold demand (kept in state), each wheel's commanded drive
/// and brake torque. Disabled wheels are cleared. Direct commands bypass smoothing and hold.
pub fn input_stage(
    p: &VehicleParams,
    controls: &Controls,
    s: &mut VehicleState,
    dt: f64,
) -> Intent {
    let (intent, hold) = match controls {
        Controls::Intent(raw) => {
            // The body-frame speed only the hill hold reads (none under direct commands).
            let forward_speed = s.chassis.velocity_body().x;
            let it = crate::input::smooth(&p.input_smoothing, raw, &mut s.input, dt);
            let hh = &p.stability.hill_hold;
            let st = &mut s.stability;
            let hold = stab::hill_hold(hh, it.throttle, it.brake, forward_speed, st, dt);
            (it, hold)
        }
        Controls::Direct(_) => (Intent::default(), 0.0),
    };
    s.stability.hold_brake = hold;
    for (i, wp) in p.wheels.iter().enumerate() {
        let ws = &mut s.wheels[i];
        if !wp.enabled {
            *ws = WheelState::default();
            continue;
        }
        (ws.drive_torque, ws.brake_torque) = wheel::commands(wp, controls, &intent, hold, i);
        ws.handbrake = wheel::handbrake_command(wp, controls, &intent);
    }
    intent
}

/// Stage 2: road-wheel angles (Ackermann, speed table, rate limit; or the direct commands),
/// then each wheel's camber, toe and steer angle. Only the wheels' angle slots are written
/// (`s.steering.angle[..n]`, `n` wheels, in both modes): the slots past the wheel count are
/// not a step's ([`crate::steering::SteeringState`]).
pub fn steering_stage(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    intent: &Intent,
    s: &mut VehicleState,
    dt: f64,
) {
    let nw = p.wheels.len();
    match controls {
        Controls::Intent(_) => {
            let v = s.chassis.velocity_body().x;
            let sw = &d.steer_wheels[..nw];
            steer_angles(&p.steering, sw, intent.steer, v, &mut s.steering, dt);
        }
        Controls::Direct(c) => {
            // A wheel without a command gets the default command's angle, 0.
            let given = c.as_slice();
            for (i, a) in s.steering.angle[..nw].iter_mut().enumerate() {
                *a = given.get(i).map_or(0.0, |cmd| cmd.steer_angle);
            }
        }
    }
    let wheels = p.wheels.iter().enumerate().filter(|(_, w)| w.enabled);
    match &d.fixed_kinematics {
        // Constant camber and toe graphs (one point: the same value at any jounce, NaN
        // included): `wheel::steer_and_toe` with the values evaluated once, the same bits.
        Some(k) => {
            for (i, _) in wheels {
                let (ws, (camber, toe, side_toe)) = (&mut s.wheels[i], k[i]);
                ws.suspension.camber = camber;
                ws.suspension.toe = toe;
                ws.steer = s.steering.angle[i] - side_toe;
            }
        }
        None => {
            for (i, wp) in wheels {
                wheel::steer_and_toe(wp, d.side[i], s.steering.angle[i], &mut s.wheels[i]);
            }
        }
    }
}
