//! Every `validate()` rule of the vehicle parameters, one row each: the sedan preset with one
//! field broken must be rejected with exactly that field's path. (The chassis, ground and
//! body1d modules test their own rules beside their code.)

use skidpad::curve::Curve;
use skidpad::suspension::{AntiRollBarParams, RollPair};
use skidpad::tire::{
    BrushParams, FrictionCircleParams, SimpleMagicParams, SlipCurveParams, TireModelKind,
};
use skidpad::vehicle::{Vehicle, VehicleParams, WheelParams};
use skidpad::{DVec3, MAX_WHEELS};

type Breaker = fn(&mut VehicleParams);

/// The reference `.tir` tire with its nominal load removed.
fn mf_without_fnomin() -> TireModelKind {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mf_185_80R14.tir");
    let (file, _) = skidpad::tire::mf::TirFile::from_path(path).unwrap();
    let mut tire = skidpad::tire::mf::MfTire::from(file);
    tire.coefficients.fnomin = 0.0;
    TireModelKind::MagicFormula(Box::new(tire))
}

/// The friction-circle parameters of wheel `i` (`sedan-simple`'s model: the rules on its fields).
fn fc(p: &mut VehicleParams, i: usize) -> &mut FrictionCircleParams {
    p.wheels[i].tire.as_friction_circle_mut().unwrap()
}

#[rustfmt::skip]
const CASES: &[(&str, Breaker, &str)] = &[
    // comment,                                   how to break it,                                                       expected path
    ("chassis mass must be positive",             |p| p.chassis.mass = 0.0,                                               "chassis.mass"),
    ("no wheels",                                 |p| p.wheels.clear(),                                                   "wheels"),
    ("too many wheels",                           |p| { let w = p.wheels[0].clone(); p.wheels.resize(MAX_WHEELS + 1, w) }, "wheels"),
    ("all wheels disabled",                       |p| p.wheels.iter_mut().for_each(|w| w.enabled = false),               "wheels"),
    ("CoM outside the wheels",                    |p| p.chassis.com_offset.x = 5.0,                                       "chassis.com_offset"),
    ("wheel position NaN",                        |p| p.wheels[1].position.x = f64::NAN,                                  "wheels[1].position"),
    ("radius zero",                               |p| p.wheels[2].radius = 0.0,                                           "wheels[2].radius"),
    ("radius absurd",                             |p| p.wheels[2].radius = 6.0,                                           "wheels[2].radius"),
    ("width negative",                            |p| p.wheels[0].width = -0.2,                                           "wheels[0].width"),
    ("width absurd",                              |p| p.wheels[0].width = 4.0,                                            "wheels[0].width"),
    ("wheel mass zero",                           |p| p.wheels[3].mass = 0.0,                                             "wheels[3].mass"),
    ("spin inertia zero",                         |p| p.wheels[3].inertia = 0.0,                                          "wheels[3].inertia"),
    ("steer beyond 90 deg",                       |p| p.wheels[0].max_steer = 1.6,                                        "wheels[0].max_steer"),
    ("front wheel with a negative lock",          |p| p.wheels[0].max_steer = -35f64.to_radians(),                        "wheels[0].max_steer"),
    ("negative drive torque",                     |p| p.wheels[2].max_drive_torque = -1.0,                                "wheels[2].max_drive_torque"),
    ("negative brake torque",                     |p| p.wheels[2].max_brake_torque = -1.0,                                "wheels[2].max_brake_torque"),
    ("negative handbrake torque",                 |p| p.wheels[2].max_handbrake_torque = -1.0,                            "wheels[2].max_handbrake_torque"),
    ("travel direction not unit",                 |p| p.wheels[1].suspension.travel_direction = DVec3::new(0.0, 0.0, -2.0), "wheels[1].suspension.travel_direction"),
    ("max compression zero",                      |p| p.wheels[1].suspension.max_compression = 0.0,                       "wheels[1].suspension.max_compression"),
    ("max droop zero",                            |p| p.wheels[1].suspension.max_droop = 0.0,                             "wheels[1].suspension.max_droop"),
    ("spring rate negative",                      |p| p.wheels[2].suspension.spring_rate = -1.0,                          "wheels[2].suspension.spring_rate"),
    ("bump damping negative",                     |p| p.wheels[2].suspension.bump_damping = -1.0,                         "wheels[2].suspension.bump_damping"),
    ("rebound damping NaN",                       |p| p.wheels[2].suspension.rebound_damping = f64::NAN,                  "wheels[2].suspension.rebound_damping"),
    ("preload negative",                          |p| p.wheels[0].suspension.preload = Some(-5.0),                        "wheels[0].suspension.preload"),
    ("bump stop longer than compression travel",  |p| p.wheels[0].suspension.bump_stop.travel = 0.2,                     "wheels[0].suspension.bump_stop.travel"),
    ("bump stop rate negative",                   |p| p.wheels[0].suspension.bump_stop.rate = -1.0,                       "wheels[0].suspension.bump_stop.rate"),
    ("expansion speed zero",                      |p| p.wheels[0].suspension.max_expansion_speed = 0.0,                   "wheels[0].suspension.max_expansion_speed"),
    ("camber graph beyond ±0.5 rad",              |p| p.wheels[0].suspension.camber = Curve::new(&[(0.0, 0.6)]),          "wheels[0].suspension.camber"),
    ("toe graph beyond ±0.5 rad",                 |p| p.wheels[0].suspension.toe = Curve::new(&[(-0.1, -0.7), (0.1, 0.0)]), "wheels[0].suspension.toe"),
    ("suspension force point infinite",           |p| p.wheels[0].suspension.force_point = Some(DVec3::INFINITY),         "wheels[0].suspension.force_point"),
    ("tire force point NaN",                      |p| p.wheels[0].suspension.tire_force_point = Some(DVec3::NAN),         "wheels[0].suspension.tire_force_point"),
    ("longitudinal stiffness zero",               |p| fc(p, 3).longitudinal_stiffness_per_unit_load = 0.0,                "wheels[3].tire.friction_circle.longitudinal_stiffness_per_unit_load"),
    ("cornering stiffness zero",                  |p| fc(p, 3).cornering_stiffness_per_unit_load = 0.0,                   "wheels[3].tire.friction_circle.cornering_stiffness_per_unit_load"),
    ("friction zero",                             |p| fc(p, 3).friction = 0.0,                                            "wheels[3].tire.friction_circle.friction"),
    ("friction above 3",                          |p| fc(p, 3).friction = 3.5,                                            "wheels[3].tire.friction_circle.friction"),
    ("slip-curve friction zero",                  |p| p.wheels[1].tire.model = TireModelKind::SlipCurve(SlipCurveParams { friction: 0.0, ..Default::default() }), "wheels[1].tire.slip_curve.friction"),
    ("brush patch width zero",                    |p| p.wheels[1].tire.model = TireModelKind::Brush(BrushParams { patch_width: 0.0, ..Default::default() }), "wheels[1].tire.brush.patch_width"),
    ("simple-magic nominal load zero",            |p| p.wheels[1].tire.model = TireModelKind::SimpleMagic(SimpleMagicParams { nominal_load: 0.0, ..Default::default() }), "wheels[1].tire.simple_magic.nominal_load"),
    ("magic-formula without FNOMIN",              |p| p.wheels[1].tire.model = mf_without_fnomin(),                      "wheels[1].tire.magic_formula.FNOMIN"),
    ("rolling resistance negative",               |p| p.wheels[3].tire.rolling_resistance = -0.01,                        "wheels[3].tire.rolling_resistance"),
    ("min slip speed zero",                       |p| p.wheels[3].tire.min_slip_speed = 0.0,                              "wheels[3].tire.min_slip_speed"),
    ("rolling resistance speed zero",             |p| p.wheels[3].tire.rolling_resistance_speed = 0.0,                    "wheels[3].tire.rolling_resistance_speed"),
    ("anti-roll bar wheel out of range",          |p| p.anti_roll_bars[1].wheel_a = 9,                                    "anti_roll_bars[1].wheel_a"),
    ("anti-roll bar second wheel out of range",   |p| p.anti_roll_bars[1].wheel_b = 9,                                    "anti_roll_bars[1].wheel_b"),
    ("anti-roll bar on one wheel",                |p| p.anti_roll_bars[0] = AntiRollBarParams { wheel_a: 1, wheel_b: 1, stiffness: 1.0 }, "anti_roll_bars[0].wheel_b"),
    ("anti-roll bar stiffness negative",          |p| p.anti_roll_bars[0].stiffness = -1.0,                               "anti_roll_bars[0].stiffness"),
    ("body roll pair left out of range",          |p| p.body_roll.pairs = vec![RollPair { left: 7, right: 1, roll_stiffness: 1.0, front: true }], "body_roll.pairs[0].left"),
    ("body roll pair right equals left",          |p| p.body_roll.pairs = vec![RollPair { left: 1, right: 1, roll_stiffness: 1.0, front: true }], "body_roll.pairs[0].right"),
    ("body roll pair stiffness negative",         |p| p.body_roll.pairs = vec![RollPair { left: 0, right: 1, roll_stiffness: -1.0, front: true }], "body_roll.pairs[0].roll_stiffness"),
    ("pitch stiffness negative",                  |p| p.body_roll.pitch_stiffness = -1.0,                                 "body_roll.pitch_stiffness"),
    ("roll damping negative",                     |p| p.body_roll.roll_damping = -1.0,                                    "body_roll.roll_damping"),
    ("pitch damping negative",                    |p| p.body_roll.pitch_damping = -1.0,                                   "body_roll.pitch_damping"),
    ("roll accel gain negative",                  |p| p.body_roll.roll_accel_gain = -1.0,                                 "body_roll.roll_accel_gain"),
    ("pitch accel gain negative",                 |p| p.body_roll.pitch_accel_gain = -1.0,                                "body_roll.pitch_accel_gain"),
    ("load filter negative output",               |p| p.load_filter.curve = Curve::new(&[(0.0, -0.1), (1.0, 1.0)]),       "load_filter.curve"),
    ("gravity zero",                              |p| p.sim.gravity = 0.0,                                                "sim.gravity"),
    ("gravity absurd",                            |p| p.sim.gravity = 1000.0,                                             "sim.gravity"),
    ("zero low-speed substeps",                   |p| p.sim.substeps_low_speed = 0,                                       "sim.substeps_low_speed"),
    ("too many high-speed substeps",              |p| p.sim.substeps_high_speed = 65,                                     "sim.substeps_high_speed"),
    ("brake bias above 1",                        |p| p.drivetrain.brake_bias = Some(1.2),                                "drivetrain.brake_bias"),
    ("substep threshold negative",                |p| p.sim.substep_threshold_speed = -1.0,                               "sim.substep_threshold_speed"),
    // Issue 12: physical ranges (values that validated and gave garbage, or overflowed later).
    ("mass beyond 1000 t",                        |p| p.chassis.mass = 1e9,                                               "chassis.mass"),
    ("mass 1e308",                                |p| p.chassis.mass = 1e308,                                             "chassis.mass"),
    ("mass below 1 kg",                           |p| p.chassis.mass = 0.5,                                               "chassis.mass"),
    ("inertia beyond 1e9 kg·m²",                  |p| p.chassis.inertia *= 1e8,                                           "chassis.inertia"),
    ("CoM 100 m above the wheels",                |p| p.chassis.com_offset = DVec3::new(0.0, 0.0, 100.0),                 "chassis.com_offset"),
    ("CoM far below the wheels",                  |p| p.chassis.com_offset.z = -4.0,                                      "chassis.com_offset"),
    ("wheel kilometres away",                     |p| p.wheels[1].position.y = -1e9,                                      "wheels[1].position"),
    ("wheel mass beyond 10 t",                    |p| p.wheels[3].mass = 2e4,                                             "wheels[3].mass"),
    ("spin inertia beyond 2e4 kg·m²",             |p| p.wheels[3].inertia = 1e5,                                          "wheels[3].inertia"),
    ("drive torque beyond 1 MN·m",                |p| p.wheels[2].max_drive_torque = 2e6,                                 "wheels[2].max_drive_torque"),
    ("brake torque 1e308",                        |p| p.wheels[2].max_brake_torque = 1e308,                               "wheels[2].max_brake_torque"),
    ("handbrake torque beyond 1 MN·m",            |p| p.wheels[2].max_handbrake_torque = 2e6,                             "wheels[2].max_handbrake_torque"),
    ("max compression beyond 2 m",                |p| p.wheels[1].suspension.max_compression = 3.0,                       "wheels[1].suspension.max_compression"),
    ("max droop beyond 2 m",                      |p| p.wheels[1].suspension.max_droop = 3.0,                             "wheels[1].suspension.max_droop"),
    ("spring rate 1e308",                         |p| p.wheels[2].suspension.spring_rate = 1e308,                         "wheels[2].suspension.spring_rate"),
    ("spring rate below 1 N/m",                   |p| p.wheels[2].suspension.spring_rate = 1e-300,                        "wheels[2].suspension.spring_rate"),
    ("spring rate beyond 1e8 N/m",                |p| p.wheels[2].suspension.spring_rate = 2e8,                           "wheels[2].suspension.spring_rate"),
    ("bump damping beyond 1e7 N·s/m",             |p| p.wheels[2].suspension.bump_damping = 2e7,                          "wheels[2].suspension.bump_damping"),
    ("rebound damping beyond 1e7 N·s/m",          |p| p.wheels[2].suspension.rebound_damping = 2e7,                       "wheels[2].suspension.rebound_damping"),
    ("preload beyond 1e7 N",                      |p| p.wheels[0].suspension.preload = Some(2e7),                         "wheels[0].suspension.preload"),
    ("suspension force point 1e308 m away",       |p| p.wheels[0].suspension.force_point = Some(DVec3::new(0.0, 0.0, 1e308)), "wheels[0].suspension.force_point"),
    ("tire force point 1 km away",                |p| p.wheels[0].suspension.tire_force_point = Some(DVec3::new(1e3, 0.0, 0.0)), "wheels[0].suspension.tire_force_point"),
    ("drag point 1e308 m away",                   |p| p.aero.drag_point = Some(DVec3::new(1e308, 0.0, 0.0)),              "aero.drag_point"),
    ("wind beyond 150 m/s",                       |p| p.aero.wind_world = DVec3::new(0.0, 200.0, 0.0),                    "aero.wind_world"),
    ("anti-roll bar 1e308 (the 1e12 cap)",        |p| p.anti_roll_bars[0].stiffness = 1e308,                              "anti_roll_bars[0].stiffness"),
];

#[test]
fn every_rule_names_its_field() {
    skidpad::presets::sedan_simple()
        .validate()
        .expect("the preset is valid");
    for (comment, breaker, path) in CASES {
        let mut p = skidpad::presets::sedan_simple();
        breaker(&mut p);
        let e = p.validate().expect_err(comment);
        assert_eq!(&e.path, path, "{comment}: {e}");
        assert!(!e.rule.is_empty());
        // Construction refuses it with the same error, and never panics.
        assert_eq!(Vehicle::new(p).unwrap_err(), e, "{comment}");
    }
}

#[test]
fn disabled_wheel_is_excluded_from_sprung_masses() {
    // A 5th wheel far outside the others, disabled: it carries nothing and the four others keep
    // the sedan's split.
    let mut p = skidpad::presets::sedan_simple();
    let m4 = p.sprung_masses().unwrap();
    p.wheels.push(WheelParams {
        position: DVec3::new(10.0, 0.0, 0.0),
        enabled: false,
        ..WheelParams::default()
    });
    let m5 = p.sprung_masses().unwrap();
    assert_eq!(m5[4], 0.0);
    for i in 0..4 {
        assert!((m5[i] - m4[i]).abs() < 1e-9);
    }
}
