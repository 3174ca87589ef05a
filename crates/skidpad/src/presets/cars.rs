//! The engine-driven two-axle cars: [`hatch_fwd`], [`sports_rwd`], [`rally_4wd`], built by
//! one recipe ([`CarSpec`]) with their own drivetrains and fitted tyres.

use super::drag;
use super::tyres::{MF_185_80R14, SEDAN_PAC02, fitted};
use crate::chassis::ChassisParams;
use crate::curve::Curve;
use crate::drivetrain::{
    AidsParams, AutoboxParams, ClutchParams, DiffParams, DifferentialParams, DriveKind,
    DriveLayout, DrivetrainParams, EngineParams, GearboxParams,
};
use crate::steering::SteeringParams;
use crate::suspension::{AntiRollBarParams, SuspensionParams};
use crate::tire::TireParams;
use crate::vehicle::{VehicleParams, WheelParams};
use glam::{DMat3, DVec3};

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
    /// Front and rear tyre.
    tyres: (TireParams, TireParams),
    /// Drag coefficient and frontal area (m²).
    drag: (f64, f64),
}

/// Traction control on (ABS and ESC off, as every preset): the road cars' standard ESP/DSC
/// traction function, which holds the driven wheels near their peak slip at a launch.
pub(super) fn traction_control() -> AidsParams {
    let mut aids = AidsParams::default();
    aids.tc.enabled = true;
    aids
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
    let wheel =
        |name: &str, x: f64, y: f64, s: &SuspensionParams, brake: f64, tire: &TireParams| {
            WheelParams {
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
            }
        };
    let mut w = vec![
        wheel("fl", half, c.track / 2.0, &front, c.brakes.0, &c.tyres.0),
        wheel("fr", half, -c.track / 2.0, &front, c.brakes.0, &c.tyres.0),
        wheel("rl", -half, c.track / 2.0, &rear, c.brakes.1, &c.tyres.1),
        wheel("rr", -half, -c.track / 2.0, &rear, c.brakes.1, &c.tyres.1),
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

/// A front-wheel-drive hatchback, 1250 kg, 1.4-litre turbo petrol engine, 5-speed, open
/// differential, traction control.
///
/// Sources (VW Golf VI 1.4 TSI 122 PS, the C-segment hatch this preset represents): 1250 kg,
/// wheelbase 2.58 m, 61 % front weight, 195/65 R15 (R = 0.31 m); engine (VW data, quoted by
/// autoscout24.de "Kurztest VW Golf TSI 1.4 90 kW" and tagesspiegel.de 2007): 200 N·m from
/// 1500 rpm (80 % at 1250 rpm), 90 kW from 5000 to 6400 rpm, 0–100 km/h 9.4 s, 197 km/h.
/// The torque curve (fractions of 200 N·m against fractions of the 6500 rpm = 680 rad/s
/// limit): 0.5 at 0, 0.8 at 1250 rpm (0.19), 1.0 from 1500 to 4000 rpm (0.23–0.62), then
/// constant 90 kW: 0.859 at 5000 rpm (0.77), 0.671 at 6400 rpm (0.986), 0.65 at the limit.
/// The published curve is net: no full-throttle damping (the PhysX default 0.15 N·m·s/rad
/// took 84 N·m, 42 %, at 560 rad/s and held the car to 165 km/h). Ratios 3.45, 1.95, 1.28,
/// 0.97, 0.80, final 3.94 (five of the class's gearboxes; the 1.4 TSI has six); ESP with
/// traction control is standard on the Golf VI (`drivetrain.aids.tc`). Yaw/pitch/roll
/// inertia scaled from Heydinger et al. (SAE 1999-01-1336) by mass. Flywheel + crank
/// 0.15 kg·m². Drag `C_d = 0.32`, `A = 2.15` m² (Golf VI: 0.32, 2.22 m²). Published bands and
/// how the preset measures against them: [`super::published`].
///
/// Tyres: the simplified Magic Formula fitted to `mf_185_80R14.tir` (the only real passenger
/// `.tir` of this load class at hand; F′z0 = 3800 N, µ₀ = 0.909, λ_µ = −0.193) at the static
/// wheel loads 3731 N front (Kyα/Fz = 12.0/rad) and 2400 N rear (15.0/rad), see
/// [`super::tyres`]: the heavily loaded front axle has the lower cornering stiffness per unit
/// load, so the car understeers (bicycle model `(1/12.0 − 1/15.0)·180/π ≈ 0.95` deg/g at the
/// road wheels, before compliance and roll steer, which are not modelled).
pub fn hatch_fwd() -> VehicleParams {
    let dt = DrivetrainParams {
        kind: DriveKind::Engine,
        engine: EngineParams {
            peak_torque: 200.0,
            torque_curve: Curve::new(&[
                (0.0, 0.5),
                (0.19, 0.8),
                (0.23, 1.0),
                (0.62, 1.0),
                (0.77, 0.859),
                (0.986, 0.671),
                (1.0, 0.65),
            ]),
            max_speed: 680.0,
            idle_speed: 84.0,
            inertia: 0.15,
            // Closed-throttle friction + pumping ≈ 2.8 bar FMEP at 3000 rpm (Heywood, *Internal
            // Combustion Engine Fundamentals*, ch. 13): 2.8e5·1.6e-3/(4π) ≈ 36 N·m at 314 rad/s
            // → 0.12 N·m·s/rad, the same whether the clutch is engaged or not. (The PhysX
            // default 2.0 would brake with 600 N·m at 300 rad/s, 3× this engine's peak torque,
            // and part throttle could not hold any speed.)
            damping_full_throttle: 0.0,
            damping_zero_throttle_engaged: 0.12,
            damping_zero_throttle_disengaged: 0.12,
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
        // Full-throttle up-shifts at 0.95 of the limit, as in [`super::sedan`].
        autobox: AutoboxParams {
            up: vec![0.95],
            ..AutoboxParams::default()
        },
        differential: DifferentialParams {
            layout: DriveLayout::FrontWheel,
            ..DifferentialParams::default()
        },
        aids: traction_control(),
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
            tyres: (
                fitted(&MF_185_80R14, (13.835, 0.559), (8.994, -0.104)),
                fitted(&MF_185_80R14, (12.392, 0.495), (10.488, -0.079)),
            ),
        },
        dt,
    )
}

/// A rear-wheel-drive sports coupé, 1450 kg, 3-litre turbo straight six, 6-speed,
/// torque-sensing limited-slip rear differential, traction control.
///
/// Sources (BMW M235i F22, 2014, the car this preset represents; BMW data as quoted by
/// bmw-sg.com from MotorTrend 2014-03 and by guides.wmlcloud.com): 1455 kg (manual), 240 kW
/// (326 hp), 450 N·m from 1300 to 4500 rpm, 7000 rpm limit (733 rad/s), 0–100 km/h 5.0 s
/// (manual) / 4.8 s (8-speed auto), 250 km/h (limited). The torque curve (fractions of
/// 450 N·m against fractions of 733 rad/s): 0.5 at 0, 1.0 from 1300 rpm (0.186) to 4500 rpm
/// (0.643), then 240 kW to 6000 rpm: 0.878 at 5800 rpm (0.829), 0.849 at 6000 rpm (0.857);
/// 0.65 at the limit (215 kW, assumed: the published curve stops at 6000 rpm). The published
/// curve is net: no full-throttle damping. Ratios 4.11, 2.32, 1.54, 1.18, 1.0, 0.85, final
/// 3.46; 50/50 weight, wheelbase 2.69 m, CoM 0.48 m, 255/35 R18 (R = 0.33 m); clutch-pack
/// LSD preload 80 N·m, locking 50 %/30 % (power/coast, LibreRally's rally defaults scaled down
/// for the road); DSC with traction control standard (`drivetrain.aids.tc`). Drag
/// `C_d = 0.34`, `A = 1.95` m² (coupés of that class 0.33–0.35). Published bands and how the
/// preset measures against them: [`super::published`].
///
/// Tyres: the simplified Magic Formula fitted to `Sedan_Pac02Tire.tir` (headed 245/40 R18,
/// the nearest real file to 255/35 R18) at the 3556 N static wheel load, the same front and
/// rear (50/50), see [`super::tyres`]; µ₀ = 1.012 (earlier versions assumed 1.1). The M235i's
/// ultra-high-performance tyres grip more (MotorTrend: 0.97 g on the skidpad): no `.tir` of
/// such a tyre is at hand.
pub fn sports_rwd() -> VehicleParams {
    let dt = DrivetrainParams {
        kind: DriveKind::Engine,
        engine: EngineParams {
            peak_torque: 450.0,
            torque_curve: Curve::new(&[
                (0.0, 0.5),
                (0.186, 1.0),
                (0.643, 1.0),
                (0.829, 0.878),
                (0.857, 0.849),
                (1.0, 0.65),
            ]),
            max_speed: 733.0,
            idle_speed: 84.0,
            inertia: 0.2,
            // Closed-throttle friction + pumping ≈ 2.8 bar FMEP (see `hatch_fwd`):
            // 2.8e5·3.0e-3/(4π) ≈ 67 N·m at 314 rad/s → 0.21 N·m·s/rad.
            damping_full_throttle: 0.0,
            damping_zero_throttle_engaged: 0.21,
            damping_zero_throttle_disengaged: 0.21,
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
        // Full-throttle up-shifts at 0.95 of the limit, as in [`super::sedan`]: second gear
        // then reaches 100 km/h (the M235i's 0–100 is a 1–2 shift).
        autobox: AutoboxParams {
            up: vec![0.95],
            latency: 0.8,
            ..AutoboxParams::default()
        },
        differential: DifferentialParams {
            layout: DriveLayout::RearWheel,
            rear: DiffParams::torque_sensing(80.0, 0.5, 0.3),
            ..DifferentialParams::default()
        },
        aids: traction_control(),
        ..DrivetrainParams::default()
    };
    // 50/50: both axles at 3556 N.
    let sports_tyre = fitted(&SEDAN_PAC02, (12.927, 0.634), (13.074, -0.034));
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
            tyres: (sports_tyre.clone(), sports_tyre),
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
///
/// Tyres: the simplified Magic Formula fitted to `Sedan_Pac02Tire.tir` (a tarmac road tyre;
/// no gravel `.tir` is at hand) at the static wheel loads 3302 N front and 2731 N rear, see
/// [`super::tyres`].
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
            // 2.8e5·2.0e-3/(4π) ≈ 45 N·m at 314 rad/s → 0.14 N·m·s/rad. The torque curve is
            // net: no full-throttle damping.
            damping_full_throttle: 0.0,
            damping_zero_throttle_engaged: 0.14,
            damping_zero_throttle_disengaged: 0.14,
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
            tyres: (
                fitted(&SEDAN_PAC02, (12.598, 0.622), (13.244, -0.030)),
                fitted(&SEDAN_PAC02, (11.893, 0.597), (13.578, -0.020)),
            ),
        },
        dt,
    )
}
