//! The events of the matrix (drops, ledges, ramp jump, curb strike, roll-over), their
//! grounds and starts, and one audited run.
//!
//! The input-jump cells (controls changing every step) are [`super::kicks`].

use super::energy::{
    PatchStart, ROUNDING, body_energy, drive_work, end_jounces, energy, explicit_spring_allowance,
    explicit_spring_offset, explicit_strut_allowance, patch_reload,
};
use parry3d_f64::shape::SharedShape;
use skidpad::ground::{Ground, GroundSet, ParryGround, Plane};
use skidpad::presets;
use skidpad::vehicle::{Intent, Vehicle, VehicleParams};
use skidpad::{DQuat, DVec3, Pose};

/// The events of the matrix.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    /// Dropped flat from this height (wheels this far above the ground), at rest.
    Drop(f64),
    /// Coasting at 20 m/s off a step this high (2 m: a ledge; 50 m: a cliff).
    Ledge(f64),
    /// Coasting at 20 m/s up a 12° ramp 1.25 m high onto flat ground beyond.
    RampJump,
    /// Coasting at 15 m/s into a 15 cm step under the left wheels only.
    CurbStrike,
    /// Thrown up at 4 m/s and rolling at π/0.9 rad/s (about half a turn in the air).
    Rollover,
}

impl Event {
    /// Every event of the matrix.
    pub const ALL: [Event; 9] = [
        Event::Drop(0.5),
        Event::Drop(2.0),
        Event::Drop(10.0),
        Event::Drop(50.0),
        Event::Ledge(2.0),
        Event::Ledge(50.0),
        Event::RampJump,
        Event::CurbStrike,
        Event::Rollover,
    ];

    pub fn duration(self) -> f64 {
        match self {
            Event::Drop(h) => (2.0 * h / 9.81).sqrt() + 2.0,
            Event::Ledge(h) => (2.0 * h / 9.81).sqrt() + 2.5,
            Event::RampJump => 4.0,
            Event::CurbStrike => 2.0,
            Event::Rollover => 6.0,
        }
    }
}

/// An axis-aligned slab of ground, top at `top`, over `x0..x1` and `y0..y1`.
pub fn slab(x0: f64, x1: f64, y0: f64, y1: f64, top: f64) -> ParryGround {
    ParryGround::new(
        SharedShape::cuboid(0.5 * (x1 - x0), 0.5 * (y1 - y0), 0.5),
        Pose::from_translation(DVec3::new(0.5 * (x0 + x1), 0.5 * (y0 + y1), top - 0.5)),
    )
}

/// Ground, start pose (vehicle origin), linear and angular velocity of `event` for a vehicle
/// whose wheel centres are `r` above its origin's ground.
pub fn setup(event: Event, r: f64) -> (Box<dyn Ground>, Pose, DVec3, DVec3) {
    let at = |x: f64, z: f64| Pose::from_translation(DVec3::new(x, 0.0, z));
    match event {
        Event::Drop(h) => (
            Box::new(Plane::flat()),
            at(0.0, r + h),
            DVec3::ZERO,
            DVec3::ZERO,
        ),
        Event::Ledge(h) => {
            let g = GroundSet::new()
                .with(slab(-200.0, 0.0, -50.0, 50.0, h))
                .with(Plane::flat());
            (Box::new(g), at(-8.0, r + h), DVec3::X * 20.0, DVec3::ZERO)
        }
        Event::RampJump => {
            let a = 12f64.to_radians();
            let (half_l, half_t) = (3.0, 1.0);
            let top_mid = DVec3::new(half_l * a.cos(), 0.0, half_l * a.sin());
            let normal = DVec3::new(-a.sin(), 0.0, a.cos());
            let ramp = ParryGround::new(
                SharedShape::cuboid(half_l, 10.0, half_t),
                Pose {
                    translation: top_mid - normal * half_t,
                    rotation: DQuat::from_rotation_y(-a),
                },
            );
            let g = GroundSet::new().with(ramp).with(Plane::flat());
            (Box::new(g), at(-10.0, r), DVec3::X * 20.0, DVec3::ZERO)
        }
        Event::CurbStrike => {
            let g = GroundSet::new()
                .with(slab(5.0, 500.0, 0.0, 50.0, 0.15))
                .with(Plane::flat());
            (Box::new(g), at(0.0, r), DVec3::X * 15.0, DVec3::ZERO)
        }
        Event::Rollover => (
            Box::new(Plane::flat()),
            at(0.0, r + 0.5),
            DVec3::Z * 4.0,
            DVec3::X * (std::f64::consts::PI / 0.9),
        ),
    }
}

/// What one run of the matrix measured.
#[derive(Debug, Clone, Copy)]
pub struct Audit {
    /// Largest energy rise over one step beyond the drive work and the explicit springs'
    /// allowance (J): ≤ 0 passes (see the module docs).
    pub rise: f64,
    /// Largest energy rise over one step beyond the drive work alone (J).
    pub raw_rise: f64,
    /// Largest `E(t) − E(0) − W_drive(0, t)` over the run (J): the net gain; ≤ 0 passes.
    pub gain: f64,
    /// Largest rise as a share of the energy scale.
    pub rise_rel: f64,
    /// Highest CoM after the first touchdown that follows a flight (drops, ledges) minus the
    /// start height (m); `NEG_INFINITY` where not measured.
    pub above_start: f64,
    /// Every step's state was finite.
    pub finite: bool,
    /// At the end: the body's up axis' world z (1 upright, −1 on the roof).
    pub up_z: f64,
    /// At the end: CoM speed (m/s) and angular speed (rad/s).
    pub rest: (f64, f64),
}

/// Run `event` with `p` at step `dt`.
pub fn audit(p: VehicleParams, event: Event, dt: f64) -> Audit {
    audit_scaled(p, event, dt, 1.0)
}

/// Run `event` with `p` at step `dt`, its start velocity (linear and angular) times `scale`:
/// the sweeps around a cell's margin (a chaotic event's trajectory moves with its start).
pub fn audit_scaled(p: VehicleParams, event: Event, dt: f64, scale: f64) -> Audit {
    audit_driven(p, event, dt, scale, |_, _| None, |_, _, _| {})
}

/// Run `event` with `p` at step `dt`, its start velocity times `scale`, the driver's intent
/// before step `k` (the first, unaudited, step is 0) `controls(k, vehicle)` where it is
/// `Some` (held otherwise): the input jump's half kick ([`Pattern`]); `controls` may change
/// the state too (an injected energy source). `observe(k, vehicle, excess)` sees every
/// audited step's one-step rise beyond the allowance (J).
pub fn audit_driven(
    p: VehicleParams,
    event: Event,
    dt: f64,
    scale: f64,
    mut controls: impl FnMut(usize, &mut Vehicle) -> Option<Intent>,
    mut observe: impl FnMut(usize, &Vehicle, f64),
) -> Audit {
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    let (ground, pose, v0, w0) = setup(event, r);
    let (v0, w0) = (v0 * scale, w0 * scale);
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(pose);
    v.set_velocity(v0, w0);
    let mut drive = |v: &mut Vehicle, k: usize| {
        if let Some(i) = controls(k, v) {
            v.set_intent(i).unwrap();
        }
    };
    drive(&mut v, 0);
    let com = |v: &Vehicle| v.state().chassis.com_world(&v.params().chassis);
    let z0 = com(&v).z;
    // A teleport forgets the suspension (not in contact, no history): the first step measures
    // it afresh, and the springs' energy at rest appears then. The audit starts after it.
    v.step(dt, &ground);
    let (mut e0, _) = energy(&v, &*ground, dt);
    let mut x0 = end_jounces(&v, &*ground, dt);
    let mut patches = PatchStart::of(&v, &*ground);
    let (e_start, mut work) = (e0, 0.0);
    let debug = std::env::var("AUDIT_DEBUG").is_ok();
    let mut out = Audit {
        rise: f64::NEG_INFINITY,
        raw_rise: f64::NEG_INFINITY,
        gain: f64::NEG_INFINITY,
        rise_rel: f64::NEG_INFINITY,
        above_start: f64::NEG_INFINITY,
        finite: true,
        up_z: 1.0,
        rest: (0.0, 0.0),
    };
    let (mut left, mut airborne) = (false, false);
    for k in 1..=(event.duration() / dt).round() as usize {
        drive(&mut v, k);
        v.step(dt, &ground);
        let (e, scale) = energy(&v, &*ground, dt);
        if !e.is_finite() || !v.state().chassis.pose.is_valid() {
            out.finite = false;
            return out;
        }
        let x1 = end_jounces(&v, &*ground, dt);
        let reload = patch_reload(&v, &*ground, &patches);
        patches = PatchStart::of(&v, &*ground);
        let raw = e - e0 - reload - drive_work(&v) - ROUNDING * scale;
        // The explicit struts' term from the previous end pose, or from the jounce their
        // force was evaluated at (a touchdown or a ground rise within the step), the larger.
        let allow = explicit_spring_allowance(&v, &x0, &x1).max(explicit_strut_allowance(&v, &x1));
        let excess = raw - allow;
        out.raw_rise = out.raw_rise.max(raw);
        work += drive_work(&v);
        let offset = explicit_spring_offset(&v, &x0, &x1);
        x0 = x1;
        out.gain = out.gain.max(e - e_start - work - ROUNDING * scale - offset);
        if debug && (excess > 0.0 || std::env::var("AUDIT_ALL").is_ok()) {
            let s = v.state();
            let w: Vec<String> = s
                .wheels()
                .iter()
                .map(|w| {
                    format!(
                        "{}:{:.3}/{:.3} F{:.0} w{:.1} td{:.0} n{:.2}",
                        w.suspension.in_contact as u8,
                        w.suspension.jounce,
                        w.suspension.raw_jounce,
                        w.suspension.force,
                        w.tire.omega,
                        w.drive_torque,
                        w.contact_normal_world
                    )
                })
                .collect();
            println!(
                "t {:.4} dE {excess:.2} E {e:.0} body {:.1} end {:.3?} v {:.3} w {:.3} {}",
                s.time,
                body_energy(&v).0,
                &x1.x[..4],
                s.chassis.linear_velocity_world,
                s.chassis.angular_velocity_world,
                w.join(" ")
            );
        }
        observe(k, &v, excess);
        out.rise = out.rise.max(excess);
        out.rise_rel = out.rise_rel.max(excess / scale);
        e0 = e;
        let touching = v.state().wheels().iter().any(|w| w.suspension.in_contact);
        airborne |= !touching;
        left |= matches!(event, Event::Drop(_) | Event::Ledge(_)) && airborne && touching;
        if left {
            out.above_start = out.above_start.max(com(&v).z - z0);
        }
    }
    let c = &v.state().chassis;
    out.up_z = (c.pose.rotation * DVec3::Z).z;
    out.rest = (
        c.linear_velocity_world.length(),
        c.angular_velocity_world.length(),
    );
    out
}

/// A preset's name and constructor.
pub type Preset = (&'static str, fn() -> VehicleParams);

/// Every preset by name.
pub fn all_presets() -> [Preset; 8] {
    [
        ("sedan", presets::sedan),
        ("hatch_fwd", presets::hatch_fwd),
        ("sports_rwd", presets::sports_rwd),
        ("rally_4wd", presets::rally_4wd),
        ("truck_6x6", presets::truck_6x6),
        ("tank", presets::tank),
        ("kart", presets::kart),
        ("truck_8x8", presets::truck_8x8),
    ]
}

/// The step sizes of the matrix. Unit: s.
pub const STEPS: [f64; 4] = [1.0 / 30.0, 1.0 / 60.0, 1.0 / 120.0, 1.0 / 1000.0];
