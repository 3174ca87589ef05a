//! Built-in vehicles with plausible real-world parameters.
//!
//! Vehicle frame of every preset: origin midway between the axles on the centreline, at the
//! height of the wheel centres at rest; ISO 8855 axes. Spawn a preset with its origin at the
//! wheel radius above flat ground and it starts exactly at rest.

use crate::aero::AeroParams;
use crate::chassis::ChassisParams;
use crate::curve::Curve;
use crate::drivetrain::{
    AutoboxParams, ClutchParams, DiffParams, DifferentialParams, DriveKind, DriveLayout,
    DrivetrainParams, EngineParams, GearboxParams, TankMode, TankParams,
};
use crate::layout::{AxleSpec, WheelSpec, from_axles};
use crate::steering::{AckermannParams, SteeringMode, SteeringParams};
use crate::suspension::{AntiRollBarParams, BumpStopParams, SuspensionParams};
use crate::tire::{FrictionCircleParams, TireParams};
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
/// Cornering stiffness per unit load 12/rad front, 20/rad rear (49 and 65 kN/rad per tire at
/// the static loads): the linear bicycle model gives `K = (1/12 − 1/20)·180/π = 1.91` deg/g
/// at the road wheels (≈ 30 deg/g at a 16:1 steering wheel, a typical sedan). The linear tire
/// has no load sensitivity, compliance steer or roll steer, which make real front axles
/// understeer; the lower front stiffness stands in for them. The suite measures ≈ 8 % more
/// than the bicycle model: the drive force that holds speed moves load off the front axle, and
/// Ackermann steer loads the outer tire at a smaller slip angle.
/// The direct drive gives 900 N·m per rear wheel (≈ 3.7 m/s² launch). Brakes 2500/800 N·m
/// front/rear: at 1 g the axle loads (static 55.6 % front plus `h/L = 0.204` transfer) need
/// 1770/560 N·m per wheel to reach µ = 1, so the pedal can use all the grip (≈ 1.4× margin,
/// 76 % front bias, close to the ideal 76 %). No ABS by default (`drivetrain.aids.abs`).
/// Drag `C_d = 0.30`, `A = 2.2` m² (mid-size sedans 0.28–0.32 and 2.1–2.3 m²; Hucho,
/// *Aerodynamics of Road Vehicles*, and manufacturer data), acting at the CoM.
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
        w.max_brake_torque = 2500.0;
        w.tire = TireParams::friction_circle(FrictionCircleParams {
            cornering_stiffness_per_unit_load: 12.0,
            ..FrictionCircleParams::default()
        });
    }
    for w in [&mut rl, &mut rr] {
        w.max_drive_torque = 900.0;
        w.max_brake_torque = 800.0;
        w.max_handbrake_torque = 1500.0;
        w.tire = TireParams::friction_circle(FrictionCircleParams {
            cornering_stiffness_per_unit_load: 20.0,
            ..FrictionCircleParams::default()
        });
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
        aero: drag(0.30, 2.2),
        drivetrain: Default::default(),
    }
}

/// Drag only: `C_d`, frontal area `A` (m²), standard air, at the CoM.
fn drag(cd: f64, area: f64) -> AeroParams {
    AeroParams {
        drag_coefficient: cd,
        frontal_area: area,
        ..AeroParams::default()
    }
}

/// Geometry and masses of a generic two-axle car (the sedan recipe, other numbers).
struct CarSpec {
    name: &'static str,
    mass: f64,
    wheelbase: f64,
    /// CoM to front axle. Unit: m.
    a: f64,
    track: f64,
    radius: f64,
    h_cg: f64,
    /// Roll, pitch, yaw inertia. Unit: kg·m².
    inertia: DVec3,
    /// Ride frequency. Unit: Hz.
    ride_hz: f64,
    brakes: (f64, f64),
    friction: f64,
    /// Drag coefficient and frontal area (m²).
    drag: (f64, f64),
}

fn car(c: &CarSpec, drivetrain: DrivetrainParams) -> VehicleParams {
    let half = c.wheelbase / 2.0;
    let b = c.wheelbase - c.a;
    let com = DVec3::new(half - c.a, 0.0, c.h_cg - c.radius);
    let corner = |axle_share: f64| {
        let m = c.mass * axle_share / 2.0;
        let w = 2.0 * std::f64::consts::PI * c.ride_hz;
        let k = m * w * w;
        let crit = 2.0 * (k * m).sqrt();
        SuspensionParams {
            spring_rate: k,
            bump_damping: 0.3 * crit,
            rebound_damping: 0.45 * crit,
            ..SuspensionParams::default()
        }
    };
    let (front, rear) = (corner(b / c.wheelbase), corner(c.a / c.wheelbase));
    let tire = TireParams::friction_circle(FrictionCircleParams {
        friction: c.friction,
        ..FrictionCircleParams::default()
    });
    let wheel = |name: &str, x: f64, y: f64, s: &SuspensionParams, brake: f64| WheelParams {
        name: name.to_string(),
        position: DVec3::new(x, y, 0.0),
        radius: c.radius,
        width: 0.2,
        mass: 20.0,
        inertia: 1.0,
        max_brake_torque: brake,
        suspension: s.clone(),
        tire: tire.clone(),
        ..WheelParams::default()
    };
    let mut w = vec![
        wheel("fl", half, c.track / 2.0, &front, c.brakes.0),
        wheel("fr", half, -c.track / 2.0, &front, c.brakes.0),
        wheel("rl", -half, c.track / 2.0, &rear, c.brakes.1),
        wheel("rr", -half, -c.track / 2.0, &rear, c.brakes.1),
    ];
    for x in &mut w[..2] {
        x.max_steer = 33f64.to_radians();
    }
    for x in &mut w[2..] {
        x.max_handbrake_torque = 1500.0;
    }
    VehicleParams {
        name: c.name.to_string(),
        chassis: ChassisParams {
            mass: c.mass,
            inertia: DMat3::from_diagonal(c.inertia),
            com_offset: com,
        },
        wheels: w,
        anti_roll_bars: vec![
            AntiRollBarParams::from_roll_stiffness(0, 1, 20_000.0, c.track),
            AntiRollBarParams::from_roll_stiffness(2, 3, 10_000.0, c.track),
        ],
        body_roll: Default::default(),
        load_filter: Default::default(),
        contact: Default::default(),
        sim: Default::default(),
        steering: SteeringParams::default(),
        input_smoothing: Default::default(),
        stability: Default::default(),
        aero: drag(c.drag.0, c.drag.1),
        drivetrain,
    }
}

/// A front-wheel-drive hatchback, 1250 kg, 1.6-litre petrol engine, 5-speed, open
/// differential.
///
/// Sources (typical C-segment hatch, e.g. VW Golf VI 1.6): 1250 kg, wheelbase 2.58 m, 61 %
/// front weight, 195/65 R15 (R = 0.31 m); 200 N·m peak, 6500 rpm (680 rad/s); ratios 3.45,
/// 1.95, 1.28, 0.97, 0.80, final 3.94 (manufacturer data sheets of that class); yaw/pitch/roll
/// inertia scaled from Heydinger et al. (SAE 1999-01-1336) by mass. Flywheel + crank 0.15 kg·m².
/// Drag `C_d = 0.32`, `A = 2.15` m² (Golf VI: 0.32, 2.22 m²).
pub fn hatch_fwd() -> VehicleParams {
    let dt = DrivetrainParams {
        kind: DriveKind::Engine,
        engine: EngineParams {
            peak_torque: 200.0,
            torque_curve: Curve::new(&[
                (0.0, 0.6),
                (0.3, 0.95),
                (0.5, 1.0),
                (0.85, 0.85),
                (1.0, 0.7),
            ]),
            max_speed: 680.0,
            idle_speed: 84.0,
            inertia: 0.15,
            // Closed-throttle friction + pumping ≈ 2.8 bar FMEP at 3000 rpm (Heywood, *Internal
            // Combustion Engine Fundamentals*, ch. 13): 2.8e5·1.6e-3/(4π) ≈ 36 N·m at 314 rad/s
            // → 0.12 N·m·s/rad, the same whether the clutch is engaged or not. (The PhysX
            // default 2.0 would brake with 600 N·m at 300 rad/s, 3× this engine's peak torque,
            // and part throttle could not hold any speed.)
            damping_zero_throttle_engaged: 0.12,
            damping_zero_throttle_disengaged: 0.12,
            ..EngineParams::default()
        },
        clutch: ClutchParams {
            strength: 30.0,
            engage_engine_speed: 180.0,
            ..ClutchParams::default()
        },
        gearbox: GearboxParams {
            forward_ratios: vec![3.45, 1.95, 1.28, 0.97, 0.80],
            reverse_ratio: 3.6,
            final_drive: 3.94,
            switch_time: 0.3,
        },
        autobox: AutoboxParams::default(),
        differential: DifferentialParams {
            layout: DriveLayout::FrontWheel,
            ..DifferentialParams::default()
        },
        ..DrivetrainParams::default()
    };
    car(
        &CarSpec {
            name: "hatch-fwd",
            drag: (0.32, 2.15),
            mass: 1250.0,
            wheelbase: 2.58,
            a: 1.01,
            track: 1.52,
            radius: 0.31,
            h_cg: 0.52,
            inertia: DVec3::new(420.0, 1750.0, 1900.0),
            ride_hz: 1.4,
            brakes: (1400.0, 600.0),
            friction: 1.0,
        },
        dt,
    )
}

/// A rear-wheel-drive sports coupé, 1450 kg, 3-litre straight six, 6-speed, torque-sensing
/// limited-slip rear differential.
///
/// Sources (typical, e.g. BMW M240i class): 400 N·m, 7000 rpm limit (733 rad/s); ratios 4.11,
/// 2.32, 1.54, 1.18, 1.0, 0.85, final 3.46; 50/50 weight, wheelbase 2.69 m, CoM 0.48 m,
/// 255/35 R18 (R = 0.33 m) with µ = 1.1; clutch-pack LSD preload 80 N·m, locking 50 %/30 %
/// (power/coast, LibreRally's rally defaults scaled down for the road). Drag `C_d = 0.34`,
/// `A = 1.95` m² (coupés of that class 0.33–0.35).
pub fn sports_rwd() -> VehicleParams {
    let dt = DrivetrainParams {
        kind: DriveKind::Engine,
        engine: EngineParams {
            peak_torque: 400.0,
            torque_curve: Curve::new(&[
                (0.0, 0.5),
                (0.2, 0.9),
                (0.3, 1.0),
                (0.75, 1.0),
                (1.0, 0.8),
            ]),
            max_speed: 733.0,
            idle_speed: 84.0,
            inertia: 0.2,
            // Closed-throttle friction + pumping ≈ 2.8 bar FMEP (see `hatch_fwd`):
            // 2.8e5·3.0e-3/(4π) ≈ 67 N·m at 314 rad/s → 0.21 N·m·s/rad.
            damping_zero_throttle_engaged: 0.21,
            damping_zero_throttle_disengaged: 0.21,
            ..EngineParams::default()
        },
        clutch: ClutchParams {
            strength: 40.0,
            engage_engine_speed: 200.0,
            ..ClutchParams::default()
        },
        gearbox: GearboxParams {
            forward_ratios: vec![4.11, 2.32, 1.54, 1.18, 1.0, 0.85],
            reverse_ratio: 3.7,
            final_drive: 3.46,
            switch_time: 0.2,
        },
        autobox: AutoboxParams {
            latency: 0.8,
            ..AutoboxParams::default()
        },
        differential: DifferentialParams {
            layout: DriveLayout::RearWheel,
            rear: DiffParams::torque_sensing(80.0, 0.5, 0.3),
            ..DifferentialParams::default()
        },
        ..DrivetrainParams::default()
    };
    car(
        &CarSpec {
            name: "sports-rwd",
            drag: (0.34, 1.95),
            mass: 1450.0,
            wheelbase: 2.69,
            a: 1.345,
            track: 1.58,
            radius: 0.33,
            h_cg: 0.48,
            inertia: DVec3::new(480.0, 2000.0, 2200.0),
            ride_hz: 1.7,
            brakes: (1800.0, 1000.0),
            friction: 1.1,
        },
        dt,
    )
}

/// A four-wheel-drive rally car, 1230 kg, 2-litre turbo, 5-speed close ratios, limited-slip
/// centre and torque-sensing front and rear differentials.
///
/// Sources (Group N / R4 class, e.g. Mitsubishi Lancer Evo, Subaru Impreza): 1230 kg,
/// wheelbase 2.54 m, 400 N·m, 7500 rpm (785 rad/s); ratios 2.92, 1.94, 1.48, 1.16, 0.94, final
/// 4.53; centre split 50/50 with bias 1.5 (PhysX `mCentreBias`), front LSD 60 N·m / 0.3 / 0.2,
/// rear 100 N·m / 0.6 / 0.4 (LibreRally `DifferentialSolver` examples); rear handbrake. Drag
/// `C_d = 0.40`, `A = 2.0` m² (a road car's 0.33 raised by the wings, wide arches and mud flaps).
pub fn rally_4wd() -> VehicleParams {
    let dt = DrivetrainParams {
        kind: DriveKind::Engine,
        engine: EngineParams {
            peak_torque: 400.0,
            torque_curve: Curve::new(&[(0.0, 0.4), (0.35, 1.0), (0.75, 1.0), (1.0, 0.75)]),
            max_speed: 785.0,
            idle_speed: 100.0,
            inertia: 0.16,
            // Closed-throttle friction + pumping ≈ 2.8 bar FMEP (see `hatch_fwd`):
            // 2.8e5·2.0e-3/(4π) ≈ 45 N·m at 314 rad/s → 0.14 N·m·s/rad.
            damping_zero_throttle_engaged: 0.14,
            damping_zero_throttle_disengaged: 0.14,
            ..EngineParams::default()
        },
        clutch: ClutchParams {
            strength: 40.0,
            engage_engine_speed: 250.0,
            ..ClutchParams::default()
        },
        gearbox: GearboxParams {
            forward_ratios: vec![2.92, 1.94, 1.48, 1.16, 0.94],
            reverse_ratio: 3.0,
            final_drive: 4.53,
            switch_time: 0.15,
        },
        autobox: AutoboxParams {
            latency: 0.6,
            ..AutoboxParams::default()
        },
        differential: DifferentialParams {
            layout: DriveLayout::AllWheel,
            centre: DiffParams::limited_slip(1.5),
            front: DiffParams::torque_sensing(60.0, 0.3, 0.2),
            rear: DiffParams::torque_sensing(100.0, 0.6, 0.4),
            ..DifferentialParams::default()
        },
        ..DrivetrainParams::default()
    };
    car(
        &CarSpec {
            name: "rally-4wd",
            drag: (0.40, 2.0),
            mass: 1230.0,
            wheelbase: 2.54,
            a: 1.15,
            track: 1.5,
            radius: 0.32,
            h_cg: 0.5,
            inertia: DVec3::new(400.0, 1700.0, 1800.0),
            ride_hz: 1.6,
            brakes: (1600.0, 1000.0),
            friction: 1.0,
        },
        dt,
    )
}

/// Wheels of a multi-axle vehicle: `(x, name)` per axle, both sides.
fn axles(xs: &[(f64, &str)], track: f64, proto: &WheelParams) -> Vec<WheelParams> {
    let mut out = Vec::new();
    for &(x, n) in xs {
        for (side, y) in [("l", track / 2.0), ("r", -track / 2.0)] {
            out.push(WheelParams {
                name: format!("{n}{side}"),
                position: DVec3::new(x, y, 0.0),
                ..proto.clone()
            });
        }
    }
    out
}

/// A 6×6 truck, 15 t, all six wheels driven equally (PhysX `DriveNW`).
///
/// Sources (medium tactical truck class, e.g. MAN HX 6×6): 15 000 kg, axles at +2.2, −1.2,
/// −2.6 m; 2000 N·m diesel, 2200 rpm (230 rad/s); 5-speed 6.0 … 1.0 with final 5.0;
/// 395/85 R20 tires (R = 0.55 m), 20 kg·m² each; ride 1.5 Hz; inertia from the bounding box
/// (8 × 2.5 × 3 m, PhysX guide formula). Drag `C_d = 0.8` on the 2.5 × 3 m front (7.5 m²;
/// cab-over trucks 0.6–0.9, Hucho).
pub fn truck_6x6() -> VehicleParams {
    let mass = 15_000.0;
    let radius = 0.55;
    let track = 2.0;
    let m_corner = mass / 6.0;
    let w = 2.0 * std::f64::consts::PI * 1.5;
    let k = m_corner * w * w;
    let crit = 2.0 * (k * m_corner).sqrt();
    let proto = WheelParams {
        radius,
        width: 0.4,
        mass: 120.0,
        inertia: 20.0,
        max_brake_torque: 8000.0,
        max_handbrake_torque: 0.0,
        suspension: SuspensionParams {
            spring_rate: k,
            bump_damping: 0.3 * crit,
            rebound_damping: 0.45 * crit,
            max_compression: 0.15,
            max_droop: 0.15,
            ..SuspensionParams::default()
        },
        tire: TireParams::default(),
        ..WheelParams::default()
    };
    let mut wheels = axles(&[(2.2, "f"), (-1.2, "m"), (-2.6, "r")], track, &proto);
    for w in &mut wheels[..2] {
        w.max_steer = 30f64.to_radians();
    }
    // CoM over the mean axle position so the sprung masses are equal-ish.
    let com_x = (2.2 - 1.2 - 2.6) / 3.0;
    VehicleParams {
        name: "truck-6x6".to_string(),
        chassis: ChassisParams {
            mass,
            inertia: DMat3::from_diagonal(DVec3::new(19_000.0, 91_000.0, 88_000.0)),
            com_offset: DVec3::new(com_x, 0.0, 1.3 - radius),
        },
        wheels,
        anti_roll_bars: Vec::new(),
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
        aero: drag(0.8, 7.5),
        drivetrain: DrivetrainParams {
            kind: DriveKind::Engine,
            engine: EngineParams {
                peak_torque: 2000.0,
                torque_curve: Curve::new(&[(0.0, 0.6), (0.5, 1.0), (0.75, 1.0), (1.0, 0.8)]),
                max_speed: 230.0,
                idle_speed: 63.0,
                inertia: 2.5,
                damping_full_throttle: 0.5,
                damping_zero_throttle_engaged: 8.0,
                damping_zero_throttle_disengaged: 1.5,
            },
            clutch: ClutchParams {
                strength: 300.0,
                engage_engine_speed: 110.0,
                ..ClutchParams::default()
            },
            gearbox: GearboxParams {
                forward_ratios: vec![6.0, 3.5, 2.1, 1.3, 1.0],
                reverse_ratio: 6.0,
                final_drive: 5.0,
                switch_time: 0.5,
            },
            autobox: AutoboxParams {
                latency: 1.5,
                ..AutoboxParams::default()
            },
            differential: DifferentialParams {
                layout: DriveLayout::Multi,
                ..DifferentialParams::default()
            },
            ..DrivetrainParams::default()
        },
    }
}

/// A tracked vehicle, 15 t, five road wheels per side, neutral-steer (PhysX tank SPECIAL).
///
/// Sources (light tracked APC class, e.g. BMP-2 / M113 scaled): 15 000 kg, road wheels every
/// 0.9 m, track width 2.6 m, 1500 N·m diesel, 2850 rpm (300 rad/s), 4 gears + final 6;
/// track inertia 30 kg·m² per side; µ = 0.8 for steel-pad tracks on firm ground. First gear
/// 6 × 6 = 36 (10.5 km/h) gives the tracks the ≈ 34 kN·m a pivot turn needs; the tracks and
/// the steering gear are rigid locks (`differential.lock_stiffness` 5·10⁵ N·m·s/rad).
/// Drag `C_d = 1.0` on 7 m² (a blunt hull; drag is small at tracked-vehicle speeds).
pub fn tank() -> VehicleParams {
    let mass = 15_000.0;
    let radius = 0.35;
    let m_corner = mass / 10.0;
    let w = 2.0 * std::f64::consts::PI * 1.3;
    let k = m_corner * w * w;
    let crit = 2.0 * (k * m_corner).sqrt();
    let proto = WheelParams {
        radius,
        width: 0.45,
        mass: 100.0,
        inertia: 5.0,
        max_brake_torque: 6000.0,
        suspension: SuspensionParams {
            spring_rate: k,
            bump_damping: 0.3 * crit,
            rebound_damping: 0.45 * crit,
            ..SuspensionParams::default()
        },
        tire: TireParams::friction_circle(FrictionCircleParams {
            friction: 0.8,
            ..FrictionCircleParams::default()
        }),
        ..WheelParams::default()
    };
    let wheels = axles(
        &[(1.8, "a"), (0.9, "b"), (0.0, "c"), (-0.9, "d"), (-1.8, "e")],
        2.6,
        &proto,
    );
    VehicleParams {
        name: "tank".to_string(),
        chassis: ChassisParams {
            mass,
            inertia: DMat3::from_diagonal(DVec3::new(18_000.0, 45_000.0, 50_000.0)),
            com_offset: DVec3::new(0.0, 0.0, 1.0 - radius),
        },
        wheels,
        anti_roll_bars: Vec::new(),
        body_roll: Default::default(),
        load_filter: Default::default(),
        contact: Default::default(),
        sim: Default::default(),
        steering: SteeringParams {
            mode: SteeringMode::Disabled,
            ..SteeringParams::default()
        },
        input_smoothing: Default::default(),
        stability: Default::default(),
        aero: drag(1.0, 7.0),
        drivetrain: DrivetrainParams {
            kind: DriveKind::Tank,
            engine: EngineParams {
                peak_torque: 1500.0,
                torque_curve: Curve::new(&[(0.0, 0.6), (0.5, 1.0), (0.8, 1.0), (1.0, 0.85)]),
                max_speed: 300.0,
                idle_speed: 70.0,
                inertia: 2.0,
                damping_full_throttle: 0.5,
                damping_zero_throttle_engaged: 6.0,
                damping_zero_throttle_disengaged: 1.0,
            },
            clutch: ClutchParams {
                strength: 200.0,
                engage_engine_speed: 120.0,
                ..ClutchParams::default()
            },
            gearbox: GearboxParams {
                // First gear 6·6 = 36: 300/36·0.35 = 2.9 m/s (10.5 km/h), and 0.6·1500·36 =
                // 32 kN·m on the tracks at the clutch's engage speed: enough for the ≈ 34 kN·m
                // a pivot turn needs on 0.8-µ ground at a little more engine speed (4:1 gave
                // 22 kN·m and the tank could barely pivot). Autobox landings 0.85·3.5/6 = 0.50,
                // 0.85·2/3.5 = 0.49, 0.85·1/2 = 0.43, all above the 0.4 down threshold.
                forward_ratios: vec![6.0, 3.5, 2.0, 1.0],
                reverse_ratio: 6.0,
                final_drive: 6.0,
                switch_time: 0.5,
            },
            autobox: AutoboxParams {
                latency: 1.5,
                ..AutoboxParams::default()
            },
            // The tracks and the steering gear are rigid: 5·10⁵ N·m·s/rad lets a side slip
            // 0.03 rad/s under the ≈ 14 kN·m a track needs in a pivot turn
            // (µ·m·g·L/4 / B · r = 0.8·147 kN·3.6 m/4 / 2.6 m · 0.35 m).
            differential: DifferentialParams {
                lock_stiffness: 5.0e5,
                ..DifferentialParams::default()
            },
            tank: TankParams {
                mode: TankMode::Special,
                track_inertia: 30.0,
                turn_brake: 0.5,
            },
            ..DrivetrainParams::default()
        },
    }
}

// --- layouts built with `crate::layout::from_axles`: kart, 8×8 (direct drive) ---

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
        tire: TireParams::friction_circle(FrictionCircleParams {
            friction: 1.3,
            ..FrictionCircleParams::default()
        }),
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
    // Kart and seated driver: C_d·A ≈ 0.4 m² (C_d 0.8 on 0.5 m²; kart coast-down studies give
    // 0.3–0.5 m²).
    p.aero = drag(0.8, 0.5);
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
    let mut p = from_axles("truck-8x8", chassis, &truck_wheel(), &axles).expect("valid 8x8");
    p.steering.ackermann.accuracy = 1.0;
    // A boxy hull: C_d 0.9 on 2.5 × 2.8 m.
    p.aero = drag(0.9, 7.0);
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
            p.validate().unwrap_or_else(|e| panic!("{}: {e}", p.name));
        }
    }

    #[test]
    fn drivetrain_presets_are_valid_and_round_trip() {
        for p in [
            super::hatch_fwd(),
            super::sports_rwd(),
            super::rally_4wd(),
            super::truck_6x6(),
            super::tank(),
        ] {
            p.validate().unwrap_or_else(|e| panic!("{}: {e}", p.name));
            // Serde round trip (TOML files come with the manoeuvre issue; the types are serde).
            let text = serde_json::to_string(&p).unwrap();
            let back: crate::VehicleParams = serde_json::from_str(&text).unwrap();
            back.validate().unwrap();
            assert_eq!(back.drivetrain, p.drivetrain);
        }
    }
}
