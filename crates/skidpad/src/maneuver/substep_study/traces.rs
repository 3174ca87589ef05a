//! The study's traces and experiments behind its stop, turn and launch bullets (session 32,
//! branch `two-s32`): can the presets run 2 low-speed substeps? Every function here is an
//! ignored measurement that prints; the parent module's docs give the numbers and what they
//! show.
//!
//! - [`print_stop_trace`]: a stop from 5 m/s step by step at 2, 3 and 16 substeps;
//! - [`print_stop_suspects`]: the stop's `|Δ|` at 2 and 3 substeps with traction control,
//!   the engine, its inertia, the clutch's strength or the gear switched off or changed;
//! - [`print_pivot_trace`]: the tank's pivot turn, its CoM's drift circle;
//! - [`print_launch_tc_decision`]: traction control deciding on the end-of-step slip.
//!
//! Environment: `SKIDPAD_STUDY_PRESET` (a [`super::cases`] name, default `sports_rwd`) and
//! `SKIDPAD_STUDY_V0` (the stop's start speed, default 5 m/s).

use super::{DT, REFERENCE, cases, launch_with, steps, with_substeps};
use crate::ground::Plane;
use crate::maneuver::driver::Driver;
use crate::maneuver::standard::{pedals, spawn_at};
use crate::presets;
use crate::vehicle::{Intent, Vehicle, VehicleParams};
use glam::DVec3;

/// The preset named by `SKIDPAD_STUDY_PRESET` (default the sports car).
fn preset_from_env() -> VehicleParams {
    let name = std::env::var("SKIDPAD_STUDY_PRESET").unwrap_or_else(|_| "sports_rwd".into());
    cases().into_iter().find(|c| c.0 == name).unwrap().1
}

/// The stop's start speed from `SKIDPAD_STUDY_V0` (default 5). Unit: m/s.
fn v0_from_env() -> f64 {
    std::env::var("SKIDPAD_STUDY_V0").map_or(5.0, |s| s.parse().unwrap())
}

/// Full brake from `v0` (m/s) at `n` low-speed substeps, as
/// [`crate::maneuver::longitudinal::braking_with`] (same spawn,
/// driver and stop rule); calls `each` with the distance covered after every step, until the
/// stop.
fn stop_from(p: &VehicleParams, n: u32, v0: f64, mut each: impl FnMut(&Vehicle, f64)) {
    let flat = Plane::flat();
    let mut v = spawn_at(&with_substeps(p, n), &flat, 0.0, v0, DT).unwrap();
    let mut drv = Driver::straight(&v);
    let x0 = v.state().chassis.pose.translation.truncate();
    let planar = |v: &Vehicle| v.state().chassis.linear_velocity_world.truncate();
    let mut prev = planar(&v);
    for _ in 0..steps(10.0) {
        let (steer, _) = drv.control(&v, 0.0, DT);
        v.set_intent(Intent {
            brake: 1.0,
            steer,
            ..Intent::default()
        })
        .ok();
        v.step(DT, &flat);
        each(
            &v,
            (v.state().chassis.pose.translation.truncate() - x0).length(),
        );
        let now = planar(&v);
        if now.length() < 0.01 || now.dot(prev) <= 0.0 {
            break;
        }
        prev = now;
    }
}

/// The stop's telemetry at 2, 3 and [`REFERENCE`] substeps (preset `SKIDPAD_STUDY_PRESET`,
/// default the sports car): distance, speed, front and rear `ωR`, `Fx`, engine speed,
/// clutch torque and engagement, gear.
#[test]
#[ignore = "measurement: prints the stop telemetry behind the module docs' stop bullet"]
fn print_stop_trace() {
    let p = preset_from_env();
    let (rf, rr) = (p.wheels[0].radius, p.wheels[2].radius);
    let v0 = v0_from_env();
    for n in [2, 3, REFERENCE] {
        println!(
            "\nn = {n}\n  t     x      v    wR_fl  wR_rl   Fx_fl  Fx_rl  Fz_fl  Fz_rl  w_eng   T_cl  e_cl  g"
        );
        stop_from(&p, n, v0, |v, x| {
            let s = v.state();
            let (f, r) = (&s.wheels()[0].tire, &s.wheels()[2].tire);
            let d = &s.drivetrain;
            println!(
                "{:.3} {:.4} {:.3} {:6.3} {:6.3} {:6.0} {:6.0} {:6.0} {:6.0} {:6.1} {:6.1} {:.3} {}",
                s.time,
                x,
                s.speed(),
                f.omega * rf,
                r.omega * rr,
                f.fx,
                r.fx,
                f.load,
                r.load,
                d.engine_speed,
                d.clutch_torque,
                d.clutch_engagement,
                d.gear
            );
        });
    }
}

/// The stop's distance `|Δ|` from the reference at 2 and 3 substeps with the suspects
/// switched off one at a time (preset `SKIDPAD_STUDY_PRESET`, default the sports car).
#[test]
#[ignore = "measurement: the experiment behind the module docs' stop bullet"]
fn print_stop_suspects() {
    let base = preset_from_env();
    let mut engaged = base.clone();
    engaged.drivetrain.clutch.automatic = false;
    let mut direct = base.clone();
    direct.drivetrain = crate::drivetrain::DrivetrainParams::default();
    let mut no_tc = base.clone();
    no_tc.drivetrain.aids.tc.enabled = false;
    let mut light = base.clone();
    light.drivetrain.engine.inertia *= 0.25;
    let mut stiff = base.clone();
    stiff.drivetrain.clutch.strength *= 10.0;
    let mut neutral = base.clone();
    neutral.drivetrain.gearbox.forward_ratios = vec![0.01];
    let cases = [
        ("shipped", base),
        ("tc off", no_tc),
        ("no engine", direct),
        ("engine I/4", light),
        ("clutch K×10", stiff),
        ("gear 0.01", neutral),
        ("clutch engaged", engaged),
    ];
    let v0 = v0_from_env();
    for (label, p) in cases {
        let stop = |n| {
            let (mut d, mut v) = (0.0, Vec::new());
            stop_from(&p, n, v0, |car, x| {
                d = x;
                v.push(car.state().speed());
            });
            (d, v)
        };
        let ((d2, v2), (d3, v3), (r, _)) = (stop(2), stop(3), stop(REFERENCE));
        let dv: Vec<String> = (0..v2.len().min(v3.len()))
            .step_by(3)
            .map(|k| format!("{:.1}", (v2[k] - v3[k]) * 1e3))
            .collect();
        println!("{label}: v2 − v3 every 3 steps (mm/s): {}", dv.join(" "));
        println!(
            "{label:<16} ref {r:.4} m  |Δ| n=2 {:.2} mm  n=3 {:.2} mm  excess {:.2} mm",
            (d2 - r).abs() * 1e3,
            (d3 - r).abs() * 1e3,
            ((d2 - r).abs() - (d3 - r).abs()) * 1e3 - 10.0
        );
    }
}

/// Traction control emulated by the test on the throttle (the preset's own switched off), on
/// the rear wheels' largest slip ratio: `Start` decides on the slip at the start of the step
/// (the shipped law at 1 substep: the previous substep's slip), `End` on the slip at the end
/// of the step (the step tried both ways; if neither decision is consistent, the scale in
/// between whose end slip is the target, by bisection).
#[derive(Debug, Clone, Copy, PartialEq)]
enum TcDecision {
    Start,
    End,
}

/// The sedan's launch speed at 0.25 s, 0.5 s and 3 s at `n` substeps with traction control
/// emulated as `decision` ([`TcDecision`]).
fn launch_emulated_tc(n: u32, decision: TcDecision) -> [f64; 3] {
    let mut p = with_substeps(&presets::sedan(), n);
    let tc = p.drivetrain.aids.tc;
    p.drivetrain.aids.tc.enabled = false;
    let flat = Plane::flat();
    let mut v = spawn_at(&p, &flat, 0.0, 0.0, DT).unwrap();
    let mut drv = Driver::straight(&v);
    let slip = |v: &Vehicle| {
        let w = v.state().wheels();
        w[2].tire.slip_ratio.max(w[3].tire.slip_ratio)
    };
    let (mut s, mut speeds) = (1.0_f64, Vec::new());
    for _ in 0..steps(3.0) {
        let (steer, _) = drv.control(&v, 0.0, DT);
        let (down, up) = (
            (s - tc.rate * DT).max(tc.min_scale),
            (s + tc.rate * DT).min(1.0),
        );
        let end_slip = |scale: f64| {
            let mut t = v.clone();
            t.set_intent(pedals(scale, steer)).ok();
            t.step(DT, &flat);
            slip(&t)
        };
        s = match decision {
            TcDecision::Start => {
                if slip(&v) > tc.slip_target {
                    down
                } else {
                    up
                }
            }
            TcDecision::End => {
                if end_slip(up) <= tc.slip_target {
                    up
                } else if end_slip(down) > tc.slip_target {
                    down
                } else {
                    let (mut lo, mut hi) = (down, up);
                    for _ in 0..40 {
                        let mid = 0.5 * (lo + hi);
                        if end_slip(mid) > tc.slip_target {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                    }
                    lo
                }
            }
        };
        v.set_intent(pedals(s, steer)).ok();
        v.step(DT, &flat);
        speeds.push(v.state().speed());
    }
    let at = |t: f64| speeds[steps(t) - 1];
    [at(0.25), at(0.5), at(3.0)]
}

/// Traction control deciding on the end-of-step slip (emulated, [`TcDecision`]): the sedan's
/// launch at 1, 2, 3 and [`REFERENCE`] substeps against the shipped law's.
#[test]
#[ignore = "measurement: traction control's decision on the end-of-step slip (launch bullet)"]
fn print_launch_tc_decision() {
    for n in [1, 2, 3, REFERENCE] {
        let mut shipped = Vec::new();
        launch_with(&presets::sedan(), n, 3.0, |car| {
            shipped.push(car.state().speed())
        });
        let at = |t: f64| shipped[steps(t) - 1];
        let (a, b) = (
            launch_emulated_tc(n, TcDecision::Start),
            launch_emulated_tc(n, TcDecision::End),
        );
        println!(
            "n = {n:2}: shipped {:.4} {:.4} {:.4} | start {:.4} {:.4} {:.4} | end {:.4} {:.4} {:.4}",
            at(0.25),
            at(0.5),
            at(3.0),
            a[0],
            a[1],
            a[2],
            b[0],
            b[1],
            b[2]
        );
    }
}

/// The tank's pivot (full lock at 2.5 m/s, [`turn`]) at 1, 2, 3 and [`REFERENCE`] substeps:
/// over the last 2 s the mean yaw rate, the CoM's mean planar speed and mean |vertical
/// speed|, the radius `v/r` as [`turn`] measures it, and the CoM's mean position.
#[test]
#[ignore = "measurement: the tank's pivot behind the module docs' turn bullet"]
fn print_pivot_trace() {
    let p = presets::tank();
    let flat = Plane::flat();
    for n in [1, 2, 3, REFERENCE] {
        let mut v = spawn_at(&with_substeps(&p, n), &flat, 0.0, 2.5, DT).unwrap();
        let mut drv = Driver::straight(&v);
        let (mut yaw, mut planar, mut vert, mut speed, mut c, mut k) =
            (0.0, 0.0, 0.0, 0.0, DVec3::ZERO, 0.0);
        let total = steps(6.0);
        for j in 0..total {
            let (_, u) = drv.control(&v, 2.5, DT);
            v.set_intent(pedals(u, 1.0)).ok();
            v.step(DT, &flat);
            if j >= total - steps(2.0) {
                let ch = &v.state().chassis;
                yaw += ch.angular_velocity_world.z;
                planar += ch.linear_velocity_world.truncate().length();
                vert += ch.linear_velocity_world.z.abs();
                speed += v.state().speed();
                c += ch.pose.translation;
                k += 1.0;
            }
        }
        let (yaw, speed) = (yaw / k, speed / k);
        println!(
            "n = {n:2}: yaw {yaw:.5} rad/s, planar {:.3} mm/s, |vz| {:.3} mm/s, radius {:.3} mm, centre ({:.1}, {:.1}) mm",
            planar / k * 1e3,
            vert / k * 1e3,
            speed / yaw.abs() * 1e3,
            c.x / k * 1e3,
            c.y / k * 1e3
        );
    }
}
