//! Built-in vehicles with plausible real-world parameters.
//!
//! Vehicle frame of every preset: origin midway between the axles on the centreline, at the
//! height of the wheel centres at rest; ISO 8855 axes. Spawn a preset with its origin at the
//! wheel radius above flat ground and it starts exactly at rest.

use crate::chassis::ChassisParams;
use crate::suspension::{AntiRollBarParams, SuspensionParams};
use crate::tire::TireParams;
use crate::vehicle::{VehicleParams, WheelParams};
use glam::{DMat3, DVec3};

/// A mid-size rear-driven sedan, 1500 kg.
///
/// Sources (typical values, not one car): mass, wheelbase 2.70 m, 55.6 % front weight and
/// CoM height 0.55 m from the mid-size column of the VehicleBody spec's table and Gillespie,
/// *Fundamentals of Vehicle Dynamics*, table 2.1; yaw/pitch/roll inertia 2600/2400/550 kg·m²
/// from Heydinger et al., "Measured vehicle inertial parameters" (SAE 1999-01-1336) for
/// mid-size sedans; ride frequencies 1.4 Hz front / 1.5 Hz rear with damping ratios ≈ 0.3 bump
/// and 0.45 rebound (Milliken & Milliken, ch. 16); 205/55 R16 tires (R = 0.316 m).
/// The direct drive gives 900 N·m per rear wheel (≈ 3.7 m/s² launch), brakes 1500/500 N·m
/// front/rear (≈ 0.85 g without locking on µ = 1).
pub fn sedan() -> VehicleParams {
    let mass = 1500.0;
    let wheelbase = 2.70;
    let a = 1.20; // CoM to front axle
    let track = 1.55;
    let radius = 0.316;
    let h_cg = 0.55;
    let half = wheelbase / 2.0;
    let com = DVec3::new(half - a, 0.0, h_cg - radius);
    let front = SuspensionParams {
        spring_rate: 32_000.0,
        bump_damping: 2_200.0,
        rebound_damping: 3_300.0,
        ..SuspensionParams::default()
    };
    let rear = SuspensionParams {
        spring_rate: 30_000.0,
        bump_damping: 2_000.0,
        rebound_damping: 3_000.0,
        ..SuspensionParams::default()
    };
    let wheel = |name: &str, x: f64, y: f64, s: &SuspensionParams| WheelParams {
        name: name.to_string(),
        position: DVec3::new(x, y, 0.0),
        radius,
        width: 0.205,
        mass: 20.0,
        inertia: 1.1,
        suspension: s.clone(),
        tire: TireParams::default(),
        ..WheelParams::default()
    };
    let mut fl = wheel("fl", half, track / 2.0, &front);
    let mut fr = wheel("fr", half, -track / 2.0, &front);
    let mut rl = wheel("rl", -half, track / 2.0, &rear);
    let mut rr = wheel("rr", -half, -track / 2.0, &rear);
    for w in [&mut fl, &mut fr] {
        w.max_steer = 35f64.to_radians();
        w.max_brake_torque = 1500.0;
    }
    for w in [&mut rl, &mut rr] {
        w.max_drive_torque = 900.0;
        w.max_brake_torque = 500.0;
        w.max_handbrake_torque = 1500.0;
    }
    VehicleParams {
        name: "sedan".to_string(),
        chassis: ChassisParams {
            mass,
            inertia: DMat3::from_diagonal(DVec3::new(550.0, 2400.0, 2600.0)),
            com_offset: com,
        },
        wheels: vec![fl, fr, rl, rr],
        anti_roll_bars: vec![
            AntiRollBarParams::from_roll_stiffness(0, 1, 25_000.0, track),
            AntiRollBarParams::from_roll_stiffness(2, 3, 12_000.0, track),
        ],
        body_roll: Default::default(),
        load_filter: Default::default(),
        contact: Default::default(),
        sim: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sedan_is_valid() {
        super::sedan().validate().unwrap();
    }
}
