//! Straight-line scenarios: launch, brake, and a 2 m drop (jump).

use super::*;

/// Launch: the sedan at full throttle from rest; its 0–100 km/h time within 2 % + one step
/// of the core's `maneuver::longitudinal::acceleration` (the same KPI, `t_0_100_s`); no
/// wheel leaves the ground (no `WheelUngrounded`) and no step fault.
pub fn launch() -> Outcome {
    let mut o = Outcome::new("launch");
    let mut run = Run::new(flat, presets::sedan(), 0.316);
    for _ in 0..30 {
        run.step();
    }
    run.intent(VehicleIntent {
        throttle: 1.0,
        ..default()
    });
    let t0 = run.tel().time;
    let (mut t, mut ungrounded) = (f64::NAN, 0);
    for _ in 0..1800 {
        run.step();
        ungrounded += run.messages::<WheelUngrounded>().len();
        let tel = run.tel();
        if tel.forward_speed >= 100.0 / 3.6 {
            t = tel.time - t0;
            break;
        }
    }
    let core = skidpad::maneuver::longitudinal::acceleration(&presets::sedan())
        .map_or(f64::NAN, |a| a.t_0_100_s);
    o.value("t_0_100_s", t);
    o.value("core_t_0_100_s", core);
    o.check(
        "|t − t_core| ≤ 2 % · t_core + dt",
        (t - core).abs() <= 0.02 * core + DT,
    );
    o.check("no WheelUngrounded message", ungrounded == 0);
    o.check("no step fault", !run.faulted());
    o
}

/// Brake: the sedan from 100 km/h at full brake stops within 2 % + 0.25 m of the core's
/// `braking_100_0` (Avian's solver substeps move a braked body `(n−1)/(2n)·v₀·T` = 0.19 m
/// further over the stop, see `tests/ecs.rs`).
pub fn brake() -> Outcome {
    let mut o = Outcome::new("brake");
    let mut run = Run::new(flat, presets::sedan(), 0.316);
    run.intent(braked());
    for _ in 0..SETTLE {
        run.step();
    }
    run.set_velocity(DVec3::new(100.0 / 3.6, 0.0, 0.0), DVec3::ZERO);
    let x0 = run.body().pose.translation;
    for _ in 0..600 {
        run.step();
        if run.tel().forward_speed < 0.01 {
            break;
        }
    }
    let d = (run.body().pose.translation - x0).truncate().length();
    let kpi = skidpad::maneuver::longitudinal::braking_100_0(&presets::sedan(), SurfaceId(0))
        .map_or(f64::NAN, |k| k.distance_m);
    o.value("distance_m", d);
    o.value("core_distance_m", kpi);
    o.check(
        "|d − d_core| ≤ 2 % · d_core + 0.25 m",
        (d - kpi).abs() <= 0.02 * kpi + 0.25,
    );
    o.check("no step fault", !run.faulted());
    o
}

/// Jump: the sedan dropped with its wheel bottoms 2 m above the ground, braked: one
/// `VehicleLanded` first, at √(2gd) = 6.264 m/s within 0.25 m/s (one step's g·dt = 0.16 m/s
/// plus Avian's free-fall lag, see `tests/ecs_physics.rs`); energy (body + wheel spin) never
/// above its start; on its four wheels at the end.
pub fn jump() -> Outcome {
    let mut o = Outcome::new("jump");
    let p = presets::sedan();
    let d = 2.0;
    let h = d + p.wheels[0].suspension.max_droop + p.wheels[0].radius;
    let mut run = Run::new(flat, p, h);
    run.intent(braked());
    let e0 = run.energy();
    let (mut gain, mut impact, mut landed) = (f64::MIN, f64::NAN, 0);
    for _ in 0..240 {
        run.step();
        gain = gain.max(run.energy() - e0);
        for l in run.messages::<VehicleLanded>() {
            landed += 1;
            if impact.is_nan() {
                impact = l.impact_speed;
            }
        }
    }
    let exact = (2.0 * G * d).sqrt();
    o.value("impact_mps", impact);
    o.value("sqrt_2gd_mps", exact);
    o.value("landings", landed as f64);
    o.value("max_energy_gain_j", gain);
    o.check(
        "|v_impact − √(2gd)| ≤ 0.25 m/s",
        (impact - exact).abs() <= 0.25,
    );
    o.check("max(E − E₀) ≤ 1 mJ", gain <= 1e-3);
    o.check(
        "4 wheels on the ground at the end",
        run.tel().grounded_wheels == 4,
    );
    o
}
