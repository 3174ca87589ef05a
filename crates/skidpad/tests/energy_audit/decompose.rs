//! The diagnostic `decompose` (issue 12): one case's per-step energy rise split into the body
//! and the springs (`cargo test -p skidpad --test energy_audit decompose -- --ignored --nocapture`
//! with `AUDIT_PRESET`, `AUDIT_EVENT`, `AUDIT_DT`).

use crate::energy::{body_energy, drive_work, end_jounces, spring_energy_end, spring_energy_state};
use crate::events::{Event, all_presets, setup};
use skidpad::vehicle::Vehicle;

// Diagnostic (issue 12): splits each step's energy rise into the body (kinetic, potential,
// wheel spin) and the springs, the springs' counted at the jounce the state holds and at the
// end-of-step pose. Not run by CI on purpose: it only prints one case chosen by environment
// variables; every case's assertions are the CI matrix test above.
#[test]
#[ignore = "measurement: AUDIT_PRESET, AUDIT_EVENT (Debug name), AUDIT_DT (1/dt), AUDIT_SCALE (start velocity factor), AUDIT_MIN (J)"]
fn decompose() {
    let name = std::env::var("AUDIT_PRESET").unwrap_or("truck_8x8".into());
    let ev = std::env::var("AUDIT_EVENT").unwrap_or("Drop(0.5)".into());
    let inv: f64 = std::env::var("AUDIT_DT").map_or(30.0, |s| s.parse().unwrap());
    let dt = 1.0 / inv;
    let min: f64 = std::env::var("AUDIT_MIN").map_or(1.0, |s| s.parse().unwrap());
    let preset = all_presets().into_iter().find(|p| p.0 == name).unwrap().1;
    let event = Event::ALL
        .into_iter()
        .find(|e| format!("{e:?}") == ev)
        .unwrap();
    let mut p = preset();
    if std::env::var("AUDIT_NO_BODY").is_ok() {
        p.contact.body.shape = skidpad::chassis::BodyShape::None;
    }
    let r = p.wheels.iter().map(|w| w.radius).fold(0.0, f64::max);
    let (ground, pose, v0, w0) = setup(event, r);
    // `AUDIT_SPEED` (m/s, on the 0.01 grid) gives the same bits as `curb_sweep`'s cell.
    let scale: f64 = match std::env::var("AUDIT_SPEED") {
        Ok(s) => (s.parse::<f64>().unwrap() * 100.0).round() / 100.0 / 15.0,
        Err(_) => std::env::var("AUDIT_SCALE").map_or(1.0, |s| s.parse().unwrap()),
    };
    let (v0, w0) = (v0 * scale, w0 * scale);
    let mut v = Vehicle::new(p).unwrap();
    v.teleport(pose);
    v.set_velocity(v0, w0);
    v.step(dt, &ground);
    let split = |v: &Vehicle| {
        (
            body_energy(v).0,
            spring_energy_state(v),
            spring_energy_end(v, &*ground, dt),
        )
    };
    let (mut b0, mut s0, mut n0) = split(&v);
    let mut j0 = end_jounces(&v, &*ground, dt);
    let (mut worst_stale, mut worst_end) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for _ in 0..(event.duration() / dt).round() as usize {
        v.step(dt, &ground);
        let (b, s, n) = split(&v);
        let w = drive_work(&v);
        let (rs, re) = (b + s - b0 - s0 - w, b + n - b0 - n0 - w);
        let j1 = end_jounces(&v, &*ground, dt);
        if re > min {
            let c = &v.state().chassis;
            let nw = v.params().wheels.len();
            println!(
                "  end jounces (mm, contact) before {:?} after {:?}",
                (0..nw)
                    .map(|i| ((j0.x[i] * 1000.0).round(), j0.contact[i] as u8))
                    .collect::<Vec<_>>(),
                (0..nw)
                    .map(|i| ((j1.x[i] * 1000.0).round(), j1.contact[i] as u8))
                    .collect::<Vec<_>>()
            );
            println!(
                "  z {:.4} v {:.3} w {:.3} contact {:?}",
                c.com_world(&v.params().chassis).z,
                c.linear_velocity_world,
                c.angular_velocity_world,
                v.state()
                    .wheels()
                    .iter()
                    .zip(&v.params().wheels)
                    .map(|(w, wp)| {
                        (
                            w.suspension.in_contact as u8,
                            (w.normal_load / 1000.0).round(),
                            (w.suspension.force / 1000.0).round(),
                            ((w.suspension.raw_jounce - wp.suspension.max_compression) * 1000.0)
                                .round(),
                            (w.contact_normal_world.x * 100.0).round(),
                            w.suspension.touchdown_force.round(),
                            (w.ground_rise * 1000.0).round(),
                        )
                    })
                    .collect::<Vec<_>>()
            );
            println!(
                "t {:.4} dBody {:.1} dSpring(state) {:.1} dSpring(end) {:.1} rise(state) {rs:.1} rise(end) {re:.1}",
                v.state().time,
                b - b0,
                s - s0,
                n - n0
            );
        }
        worst_stale = worst_stale.max(rs);
        worst_end = worst_end.max(re);
        (b0, s0, n0) = (b, s, n);
        j0 = j1;
    }
    println!(
        "{name} {event:?} 1/{inv}: worst rise, springs at the state's jounce {worst_stale:.1} J, at the end pose {worst_end:.1} J"
    );
}
