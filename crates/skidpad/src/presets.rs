//! Built-in vehicles with plausible real-world parameters.
//!
//! Vehicle frame of every preset: origin midway between the axles on the centreline, at the
//! height of the wheel centres at rest; ISO 8855 axes. Spawn a preset with its origin at the
//! wheel radius above flat ground and it starts exactly at rest.

use crate::chassis::ChassisParams;
use crate::layout::{AxleSpec, WheelSpec, from_axles};
use crate::steering::{AckermannParams, SteeringMode, SteeringParams};
use crate::suspension::{AntiRollBarParams, BumpStopParams, SuspensionParams};
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
        steering: SteeringParams {
            ackermann: AckermannParams {
                accuracy: 1.0,
                geometry: None,
            },
            ..SteeringParams::default()
        },
        input_smoothing: Default::default(),
        stability: Default::default(),
        aero: Default::default(),
    }
}

// --- layouts of issue 5: kart, 6×6, 8×8, tank (built with `crate::layout::from_axles`) ---

fn axle(x: f64, track: f64, max_steer_deg: f64, drive: f64, brake: f64) -> AxleSpec {
    AxleSpec {
        x,
        track,
        max_steer: max_steer_deg.to_radians(),
        drive_torque: drive,
        brake_torque: brake,
        handbrake_torque: 0.0,
    }
}

/// A racing kart with its driver, 160 kg: wheelbase 1.05 m, track 1.0/1.15 m, rear drive.
///
/// Karts have no suspension; here it is a very short, stiff travel (10 mm bump, 10 mm droop,
/// 6 Hz, ζ = 0.5): static deflection `g/(2π·6)² = 6.9 mm`, so the frame flex is the only
/// compliance, as on a real kart. Sources: CIK-FIA class limits (mass ≈ 150–165 kg with driver),
/// typical 10×4.50-5 front / 11×7.10-5 rear tires (R ≈ 0.13–0.14 m). No differential: the
/// direct drive gives 120 N·m per rear wheel.
pub fn kart() -> VehicleParams {
    let susp = SuspensionParams {
        max_compression: 0.01,
        max_droop: 0.01,
        bump_stop: BumpStopParams {
            travel: 0.004,
            rate: 2.0e8,
        },
        ..SuspensionParams::default()
    };
    let wheel = WheelSpec {
        radius: 0.135,
        width: 0.15,
        mass: 3.0,
        inertia: 0.05,
        suspension: susp,
        tire: TireParams {
            friction: 1.3,
            ..TireParams::default()
        },
        ride_frequency: 6.0,
        damping_ratio: 0.5,
    };
    let chassis = ChassisParams {
        mass: 160.0,
        inertia: DMat3::from_diagonal(DVec3::new(12.0, 25.0, 32.0)),
        com_offset: DVec3::new(-0.1, 0.0, 0.15),
    };
    let axles = [
        axle(0.525, 1.0, 30.0, 0.0, 0.0),
        axle(-0.525, 1.15, 0.0, 120.0, 250.0),
    ];
    let mut p = from_axles("kart", chassis, &wheel, &axles).expect("valid kart");
    p.steering.ackermann.accuracy = 0.6;
    p
}

/// Truck wheel data shared by the 6×6 and 8×8 (R = 0.55 m, 1.6 Hz, ζ = 0.3).
fn truck_wheel() -> WheelSpec {
    WheelSpec {
        radius: 0.55,
        width: 0.4,
        mass: 120.0,
        inertia: 25.0,
        suspension: SuspensionParams {
            max_compression: 0.15,
            max_droop: 0.15,
            ..SuspensionParams::default()
        },
        tire: TireParams::default(),
        ride_frequency: 1.6,
        damping_ratio: 0.3,
    }
}

/// A 6×6 truck, 12 t: front steer axle and a tandem rear (1.4 m spread), all wheels driven.
/// Axles at x = 2.15, −0.75, −2.15 m (first to last 4.3 m), track 2.0 m, CoM 1.1 m above the
/// ground and 0.35 m behind the origin. Typical medium tactical truck values.
pub fn truck_6x6() -> VehicleParams {
    let chassis = ChassisParams {
        mass: 12_000.0,
        inertia: DMat3::from_diagonal(DVec3::new(9_000.0, 30_000.0, 32_000.0)),
        com_offset: DVec3::new(-0.35, 0.0, 0.55),
    };
    let axles = [
        axle(2.15, 2.0, 35.0, 2500.0, 6000.0),
        axle(-0.75, 2.0, 0.0, 2500.0, 6000.0),
        axle(-2.15, 2.0, 0.0, 2500.0, 6000.0),
    ];
    let mut p = from_axles("truck_6x6", chassis, &truck_wheel(), &axles).expect("valid 6x6");
    p.steering.ackermann.accuracy = 1.0;
    p
}

/// An 8×8, 20 t (armoured-vehicle class): four axles 1.4 m apart, the first two steered
/// (30° and 20°: their ratio ≈ the Ackermann ratio of their distances to the reference line
/// between the rear axles), all driven, track 2.3 m, CoM 1.2 m above ground.
pub fn truck_8x8() -> VehicleParams {
    let chassis = ChassisParams {
        mass: 20_000.0,
        inertia: DMat3::from_diagonal(DVec3::new(16_000.0, 60_000.0, 64_000.0)),
        com_offset: DVec3::new(0.0, 0.0, 0.65),
    };
    let axles = [
        axle(2.1, 2.3, 30.0, 3000.0, 8000.0),
        axle(0.7, 2.3, 20.0, 3000.0, 8000.0),
        axle(-0.7, 2.3, 0.0, 3000.0, 8000.0),
        axle(-2.1, 2.3, 0.0, 3000.0, 8000.0),
    ];
    let mut p = from_axles("truck_8x8", chassis, &truck_wheel(), &axles).expect("valid 8x8");
    p.steering.ackermann.accuracy = 1.0;
    p
}

/// A light tracked vehicle, 18 t, as 6 road wheels per side (1 m apart, track 2.4 m), every
/// wheel driven: steering is [`SteeringMode::Disabled`]; turn it by skid steer
/// ([`crate::vehicle::Vehicle::set_wheel_commands`] with different left/right torques).
pub fn tank() -> VehicleParams {
    let chassis = ChassisParams {
        mass: 18_000.0,
        inertia: DMat3::from_diagonal(DVec3::new(15_000.0, 40_000.0, 45_000.0)),
        com_offset: DVec3::new(0.0, 0.0, 0.6),
    };
    let mut wheel = truck_wheel();
    wheel.radius = 0.35;
    wheel.inertia = 8.0;
    wheel.ride_frequency = 1.3;
    let axles: Vec<AxleSpec> = (0..6)
        .map(|k| axle(2.5 - k as f64, 2.4, 0.0, 2000.0, 6000.0))
        .collect();
    let mut p = from_axles("tank", chassis, &wheel, &axles).expect("valid tank");
    p.steering.mode = SteeringMode::Disabled;
    p
}

#[cfg(test)]
mod tests {
    #[test]
    fn presets_are_valid() {
        for p in [
            super::sedan(),
            super::kart(),
            super::truck_6x6(),
            super::truck_8x8(),
            super::tank(),
        ] {
            p.validate().unwrap();
        }
    }
}
