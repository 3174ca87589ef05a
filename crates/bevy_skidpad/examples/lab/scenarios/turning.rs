//! Turning scenarios: the steady-state circle, split-µ braking and the tank pivot.

use super::*;

/// Circle speed. Unit: m/s (50 km/h).
pub const CIRCLE_SPEED: f64 = 50.0 / 3.6;
/// Circle steering command (+ left).
pub const CIRCLE_STEER: f64 = 0.1;
/// Circle run length (steps, 12 s) and the averaging window at its end (steps, 3 s).
const CIRCLE_STEPS: usize = 720;
const CIRCLE_WINDOW: usize = 180;

/// The circle's speed holder, the same in the ECS and the core: throttle
/// `clamp((v_ref − u) / 1 m/s, 0, 1)`, no brake.
fn circle_intent(u: f64) -> VehicleIntent {
    VehicleIntent {
        throttle: (CIRCLE_SPEED - u).clamp(0.0, 1.0),
        steer: CIRCLE_STEER,
        ..default()
    }
}

/// Mean and (max − min) of a slice.
fn mean_spread(v: &[f64]) -> (f64, f64) {
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    let (lo, hi) = v
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    (mean, hi - lo)
}

/// Circle: the sedan at 50 km/h with a constant steer command of +0.1 (left) and the same
/// speed holder, in the ECS and in the core's standalone world (same settle, same start
/// velocity, same controller). After 9 s the yaw rate is steady (its spread over the last
/// 3 s within 1 % of its mean); the ECS's mean yaw rate is within 2 % of the core's, positive
/// (a left turn for a + steer, ISO 8855), and the two speeds agree within 1 %.
pub fn circle() -> Outcome {
    let mut o = Outcome::new("circle");
    let p = presets::sedan();
    let r = p.wheels[0].radius;
    let v0 = DVec3::new(CIRCLE_SPEED, 0.0, 0.0);

    let mut run = Run::new(flat, p.clone(), r);
    run.intent(braked());
    for _ in 0..SETTLE {
        run.step();
    }
    run.set_velocity(v0, DVec3::ZERO);
    let (mut yaw_e, mut u_e) = (Vec::new(), Vec::new());
    let mut u = CIRCLE_SPEED;
    for _ in 0..CIRCLE_STEPS {
        run.intent(circle_intent(u));
        run.step();
        let t = run.tel();
        u = t.forward_speed;
        yaw_e.push(t.yaw_rate);
        u_e.push(u);
    }

    let mut core = CoreRun::new(Plane::flat(), p, r);
    core.intent(braked());
    for _ in 0..SETTLE {
        core.step();
    }
    core.set_velocity(v0, DVec3::ZERO);
    let (mut yaw_c, mut u_c) = (Vec::new(), Vec::new());
    let mut u = CIRCLE_SPEED;
    for _ in 0..CIRCLE_STEPS {
        core.intent(circle_intent(u));
        core.step();
        let s = core.state();
        u = s.forward_speed();
        yaw_c.push(s.chassis.angular_velocity_body().z);
        u_c.push(u);
    }

    let w = CIRCLE_STEPS - CIRCLE_WINDOW..;
    let (re, re_spread) = mean_spread(&yaw_e[w.clone()]);
    let (rc, rc_spread) = mean_spread(&yaw_c[w.clone()]);
    let (ue, _) = mean_spread(&u_e[w.clone()]);
    let (uc, _) = mean_spread(&u_c[w]);
    o.value("yaw_rate_rad_per_s", re);
    o.value("core_yaw_rate_rad_per_s", rc);
    o.value("speed_mps", ue);
    o.value("core_speed_mps", uc);
    o.value("radius_m", ue / re);
    o.value("lateral_accel_mps2", ue * re);
    o.value("yaw_rate_spread_rad_per_s", re_spread);
    o.check(
        "steady: yaw-rate spread over the last 3 s ≤ 1 % of its mean (ECS and core)",
        re_spread <= 0.01 * re.abs() && rc_spread <= 0.01 * rc.abs(),
    );
    o.check(
        "|r − r_core| ≤ 2 % · |r_core|",
        (re - rc).abs() <= 0.02 * rc.abs(),
    );
    o.check("r > 0: a left turn for steer +0.1", re > 0.0);
    o.check("|u − u_core| ≤ 1 % · u_core", (ue - uc).abs() <= 0.01 * uc);
    o.check(
        "no step fault",
        !run.faulted() && core.world.vehicle(core.id).fault().is_none(),
    );
    o
}

/// A heading followed through every step, unwrapped across ±π (the car may spin past 180°).
#[derive(Default)]
struct Heading {
    /// Heading change since the first sample. Unit: rad.
    total: f64,
    last: Option<f64>,
}

impl Heading {
    /// Add a yaw sample in (−π, π]; the change from the last is taken the short way round
    /// (a step turns far less than π).
    fn add(&mut self, yaw: f64) {
        if let Some(last) = self.last {
            let d = yaw - last;
            self.total += d - std::f64::consts::TAU * (d / std::f64::consts::TAU).round();
        }
        self.last = Some(yaw);
    }
}

/// Steps at the start of the split-µ stop whose yaw rate is averaged (0.5 s).
const EARLY: usize = 30;

/// Split-µ entry speed. Unit: m/s (80 km/h).
const SPLIT_MU_SPEED: f64 = 80.0 / 3.6;

/// Split-µ: the sedan with ABS brakes from 80 km/h with its left wheels on ice (surface 5,
/// µ ≈ 0.1) and its right wheels on dry tarmac: two static colliders tagged
/// `GroundVehicleSurface(5)` (x < 0 in Bevy, the car's left) and `(0)`. The wheel states
/// report surface 5 on the left wheels and 0 on the right; the dry side's larger brake force
/// `F` at lateral arm `−t/2` gives a yaw moment `M_z = −(t/2)·F·… < 0`, so the car yaws to the
/// right (its heading at the stop is negative); the core's standalone world on a plane with an
/// ice patch over y > 0 (`terrain::Patched`), same procedure, stops within 5 % (+ 0.25 m) of
/// the ECS's distance and with the heading change of the same sign.
pub fn split_mu() -> Outcome {
    let mut o = Outcome::new("split_mu");
    let mut p = presets::sedan();
    p.drivetrain.aids.abs.enabled = true;
    let r = p.wheels[0].radius;
    let v0 = DVec3::new(SPLIT_MU_SPEED, 0.0, 0.0);
    let ground = |world: &mut bevy::prelude::World| {
        slab(world, -100.0, 0.0, 200.0, 2000.0, 5);
        slab(world, 100.0, 0.0, 200.0, 2000.0, 0);
    };

    let mut run = Run::new(ground, p.clone(), r);
    run.intent(braked());
    for _ in 0..SETTLE {
        run.step();
    }
    run.set_velocity(v0, DVec3::ZERO);
    let x0 = run.body().pose.translation;
    run.step();
    let wheels = run.wheels();
    let surfaces_ok = wheels.iter().all(|(w, s)| {
        let left = to_core(w.mount_point).y > 0.0;
        s.grounded && s.surface == if left { 5 } else { 0 }
    });
    let mut steps = 1;
    let mut heading = Heading::default();
    heading.add(run.body().roll_pitch_yaw().2);
    let mut yaw_rates = vec![run.tel().yaw_rate];
    while run.tel().speed > 0.05 && steps < 1200 {
        run.step();
        steps += 1;
        heading.add(run.body().roll_pitch_yaw().2);
        yaw_rates.push(run.tel().yaw_rate);
    }
    let (early_yaw_rate, _) = mean_spread(&yaw_rates[..EARLY.min(yaw_rates.len())]);
    let d = (run.body().pose.translation - x0).truncate().length();
    let yaw = heading.total;

    let ice = SurfacePatch {
        x_min: -1000.0,
        x_max: 1000.0,
        y_min: 0.0,
        y_max: 1000.0,
        surface: SurfaceId(5),
    };
    let patched = Patched {
        ground: Plane::flat(),
        patches: vec![ice],
    };
    let mut core = CoreRun::new(patched, p, r);
    core.intent(braked());
    for _ in 0..SETTLE {
        core.step();
    }
    core.set_velocity(v0, DVec3::ZERO);
    let c0 = core.state().chassis.pose.translation;
    let mut steps_c = 0;
    let mut heading_c = Heading::default();
    heading_c.add(core.state().chassis.roll_pitch_yaw().2);
    loop {
        core.step();
        steps_c += 1;
        heading_c.add(core.state().chassis.roll_pitch_yaw().2);
        if core.state().speed() <= 0.05 || steps_c >= 1200 {
            break;
        }
    }
    let dc = (core.state().chassis.pose.translation - c0)
        .truncate()
        .length();
    let yaw_c = heading_c.total;
    o.value("distance_m", d);
    o.value("core_distance_m", dc);
    o.value("heading_at_stop_deg", yaw.to_degrees());
    o.value("core_heading_at_stop_deg", yaw_c.to_degrees());
    o.value("stop_time_s", steps as f64 * DT);
    o.check("left wheels on surface 5, right wheels on 0", surfaces_ok);
    o.check("stopped (speed ≤ 0.05 m/s within 20 s)", steps < 1200);
    o.value("mean_yaw_rate_first_half_second_rad_per_s", early_yaw_rate);
    o.check(
        "yaws right, toward the dry side: mean yaw rate over the first 0.5 s < 0",
        early_yaw_rate < 0.0,
    );
    o.check(
        "heading change at the stop < 0 (ECS and core)",
        yaw < 0.0 && yaw_c < 0.0,
    );
    o.check(
        "|d − d_core| ≤ 5 % · d_core + 0.25 m",
        (d - dc).abs() <= 0.05 * dc + 0.25,
    );
    o.check("no step fault", !run.faulted());
    o
}

/// Tank pivot steps (4 s) and the averaging window at the end (1 s).
const PIVOT_STEPS: usize = 240;
const PIVOT_WINDOW: usize = 60;

/// Tank pivot: the tank (PhysX tank `Special` mode) at rest, no throttle, full steer ±1. The
/// core defines `σ > 0` as a left turn (`drivetrain::tank`: the left track thrusts `−σ`, the
/// right `+σ`), i.e. a positive yaw rate about z up: for σ = +1 the mean yaw rate over the last
/// second is > 0 and for σ = −1 < 0, in the ECS and in the core's standalone world; the two
/// agree within 5 %; it turns on the spot (the CoM moves less than 0.5 m).
pub fn tank_pivot() -> Outcome {
    let mut o = Outcome::new("tank_pivot");
    let p = presets::tank();
    let r = p.wheels[0].radius;
    let mut all_ok = true;
    for (steer, key, key_core, key_moved) in [
        (
            1.0,
            "yaw_rate_left_rad_per_s",
            "core_yaw_rate_left_rad_per_s",
            "moved_left_m",
        ),
        (
            -1.0,
            "yaw_rate_right_rad_per_s",
            "core_yaw_rate_right_rad_per_s",
            "moved_right_m",
        ),
    ] {
        let pivot = VehicleIntent { steer, ..default() };
        let mut run = Run::new(flat, p.clone(), r);
        run.intent(braked());
        for _ in 0..SETTLE {
            run.step();
        }
        let c0 = run.body().com_world(&p.chassis);
        run.intent(pivot);
        let mut yaw = Vec::new();
        for _ in 0..PIVOT_STEPS {
            run.step();
            yaw.push(run.tel().yaw_rate);
        }
        let moved = (run.body().com_world(&p.chassis) - c0).truncate().length();

        let mut core = CoreRun::new(Plane::flat(), p.clone(), r);
        core.intent(braked());
        for _ in 0..SETTLE {
            core.step();
        }
        core.intent(pivot);
        let mut yaw_c = Vec::new();
        for _ in 0..PIVOT_STEPS {
            core.step();
            yaw_c.push(core.state().chassis.angular_velocity_body().z);
        }
        let (re, _) = mean_spread(&yaw[PIVOT_STEPS - PIVOT_WINDOW..]);
        let (rc, _) = mean_spread(&yaw_c[PIVOT_STEPS - PIVOT_WINDOW..]);
        o.value(key, re);
        o.value(key_core, rc);
        o.value(key_moved, moved);
        let side = if steer > 0.0 { "left" } else { "right" };
        o.check(
            format!("steer {steer:+}: ECS yaw rate has the sign of σ ({side})"),
            re * steer > 0.0,
        );
        o.check(
            format!("steer {steer:+}: core yaw rate has the sign of σ ({side})"),
            rc * steer > 0.0,
        );
        o.check(
            format!("steer {steer:+}: |r − r_core| ≤ 5 % · |r_core|"),
            (re - rc).abs() <= 0.05 * rc.abs(),
        );
        o.check(
            format!("steer {steer:+}: on the spot, CoM moved < 0.5 m"),
            moved < 0.5,
        );
        all_ok &= !run.faulted();
    }
    o.check("no step fault", all_ok);
    o
}
