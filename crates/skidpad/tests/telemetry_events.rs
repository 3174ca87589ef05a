//! Telemetry and events in the standalone world: landing after a drop, leaving a ledge, gear
//! changes of an autobox run, a handbrake-turn drift with hysteresis, the ring buffer and the
//! body-slip sign convention. Every expected number is worked out in the comments before the
//! run; tolerances are in units.

use skidpad::ground::{ContactMode, GroundSet, ParryGround, Plane};
use skidpad::presets::{sedan, sports_rwd};
use skidpad::telemetry::{self, EventKind, RingBuffer, VehicleSample};
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DQuat, DVec3, Pose};

const DT: f64 = 1.0 / 120.0;
const G: f64 = 9.81;

/// Step `v` once, record its sample and return the events the step produced.
fn step(
    v: &mut Vehicle,
    g: &dyn skidpad::ground::Ground,
    ring: &mut RingBuffer<VehicleSample>,
) -> Vec<telemetry::Event> {
    v.step(DT, g);
    ring.push(*v.sample());
    v.drain_events().collect()
}

#[test]
fn a_dropped_car_grounds_every_wheel_and_lands_at_the_free_fall_speed() {
    // Geometry: the sedan's wheel centres sit at z = 0 of the vehicle frame, R = 0.316 m, so at
    // the pose z = R + h the wheels would touch with zero jounce when h = 0. Dropped from
    // h = 0.5 m the wheels hang at full droop (0.12 m below the design position), so a tire
    // touches after the body has fallen d = 0.5 − 0.12 = 0.38 m: impact speed
    // √(2·g·d) = √(2·9.81·0.38) = 2.7305 m/s, at t = √(2d/g) = 0.2783 s. The event reports the
    // descent speed at the last airborne sample, at most g·dt = 0.082 m/s less.
    let ground = Plane::flat();
    let mut car = Vehicle::new(sedan()).unwrap();
    assert_eq!(car.params().sim.gravity, G);
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.316 + 0.5)));
    car.set_intent(Intent {
        brake: 1.0,
        ..Intent::default()
    })
    .unwrap();
    let mut ring = RingBuffer::new(1000);
    let mut events = Vec::new();
    for _ in 0..(3.0 / DT) as usize {
        events.extend(step(&mut car, &ground, &mut ring));
    }
    // Touchdown: four WheelGrounded (wheels 0..4) then one Landed, all in the same step.
    let landed: Vec<_> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Landed { impact_speed } => Some((e.time, impact_speed)),
            _ => None,
        })
        .collect();
    assert_eq!(landed.len(), 1, "{events:?}");
    let (t_land, v_impact) = landed[0];
    let expect = (2.0 * G * 0.38f64).sqrt();
    assert!(
        v_impact <= expect + 1e-3 && v_impact > expect - G * DT - 1e-3,
        "impact {v_impact} vs {expect}"
    );
    assert!((t_land - 0.2783).abs() <= DT + 1e-9, "landed at {t_land}");
    let first: Vec<_> = events.iter().take(5).map(|e| (e.time, e.kind)).collect();
    for (w, (t, k)) in first[..4].iter().enumerate() {
        assert_eq!(*k, EventKind::WheelGrounded { wheel: w });
        assert_eq!(*t, t_land);
    }
    // The car settles without bouncing a wheel off: exactly one grounded event per wheel, no
    // ungrounded event (the baseline sample already had every wheel off the ground).
    for w in 0..4 {
        let n = |f: fn(&EventKind, usize) -> bool| events.iter().filter(|e| f(&e.kind, w)).count();
        assert_eq!(
            n(|k, w| *k == EventKind::WheelGrounded { wheel: w }),
            1,
            "{events:?}"
        );
        assert_eq!(
            n(|k, w| *k == EventKind::WheelUngrounded { wheel: w }),
            0,
            "{events:?}"
        );
    }
    assert!(!events.iter().any(|e| e.kind == EventKind::Airborne));
    // The impact speed is the descent speed of the sample just before the landing sample.
    let i = ring.iter().position(|s| s.time == t_land).unwrap();
    assert_eq!(v_impact, -ring.get(i - 1).unwrap().vertical_velocity);
    assert!(ring.get(i - 1).unwrap().airborne() && !ring.get(i).unwrap().airborne());
}

#[test]
fn driving_off_a_ledge_goes_airborne_then_lands() {
    // A 5 cm deck, top z = 0, for x ≤ 10 m; a floor 1 m lower beyond. The sedan coasts off at
    // 10 m/s with ray casts: a wheel loses the ground when the foot of its strut ray (from 0.1 m
    // above the wheel centre along the body's −z) passes the edge x = 10. With the body
    // pitched by θ (nose down) and the vehicle origin at (x₀, z₀), a wheel mounted at x_w has
    // its mount at (x₀ + x_w·cos θ, z₀ − x_w·sin θ) and the ray foot at
    //   x_foot = x_mount + 0.1·sin θ − L·sin θ,  L = (z_mount + 0.1·cos θ)/cos θ.
    // The fronts (x_w = +1.35 m) go first, then the rears (x_w = −1.35 m), the last of which
    // makes the car airborne. Contact is measured at the start of a substep, before the body
    // moves, so the flag lags the pose by up to one step: at the event sample the foot has
    // passed the edge by less than two steps (2 · 10 m/s · 1/120 s = 0.167 m; +0.01 m for the
    // pitch rate within the step).
    use parry3d_f64::shape::SharedShape;
    let slab = |x0: f64, x1: f64, top: f64| {
        ParryGround::new(
            SharedShape::cuboid(0.5 * (x1 - x0), 20.0, 0.5),
            Pose::from_translation(DVec3::new(0.5 * (x0 + x1), 0.0, top - 0.5)),
        )
    };
    let deck = |x0: f64, x1: f64| {
        ParryGround::new(
            SharedShape::cuboid(0.5 * (x1 - x0), 20.0, 0.025),
            Pose::from_translation(DVec3::new(0.5 * (x0 + x1), 0.0, -0.025)),
        )
    };
    let foot = |s: &VehicleSample, x_w: f64| {
        let (sn, cs) = s.pitch.sin_cos();
        let (xm, zm) = (s.position.x + x_w * cs, s.position.z - x_w * sn);
        let l = (zm + 0.1 * cs) / cs;
        xm + 0.1 * sn - l * sn
    };
    let ground = GroundSet::new()
        .with(deck(-20.0, 10.0))
        .with(slab(10.0, 80.0, -1.0));
    let mut p = sedan();
    p.contact.mode = ContactMode::Raycast;
    let mut car = Vehicle::new(p).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.316)));
    car.set_velocity(DVec3::new(10.0, 0.0, 0.0), DVec3::ZERO);
    let mut ring = RingBuffer::new(600);
    let mut events = Vec::new();
    for _ in 0..(3.0 / DT) as usize {
        for e in step(&mut car, &ground, &mut ring) {
            events.push((e, *car.sample()));
        }
    }
    let at = |k: EventKind| {
        events
            .iter()
            .filter(|(e, _)| e.kind == k)
            .map(|(_, s)| *s)
            .collect::<Vec<_>>()
    };
    // The car lands nose first and hops (front, then rear) before it settles: Airborne and
    // Landed alternate, starting with Airborne, and each wheel's events alternate starting
    // with WheelUngrounded.
    let kinds: Vec<_> = events.iter().map(|(e, _)| e.kind).collect();
    let air_land: Vec<_> = kinds
        .iter()
        .filter(|k| matches!(k, EventKind::Airborne | EventKind::Landed { .. }))
        .collect();
    assert!(air_land.len() >= 2, "{kinds:?}");
    for (i, k) in air_land.iter().enumerate() {
        assert_eq!(i % 2 == 0, **k == EventKind::Airborne, "{kinds:?}");
    }
    for w in 0..4 {
        let seq: Vec<_> = kinds
            .iter()
            .filter_map(|k| match *k {
                EventKind::WheelUngrounded { wheel } if wheel == w => Some(false),
                EventKind::WheelGrounded { wheel } if wheel == w => Some(true),
                _ => None,
            })
            .collect();
        assert!(!seq.is_empty());
        for (i, g) in seq.iter().enumerate() {
            assert_eq!(*g, i % 2 == 1, "wheel {w}: {seq:?}");
        }
    }
    let air = at(EventKind::Airborne);
    let past = foot(&air[0], -1.35) - 10.0;
    assert!(
        (0.0..0.177).contains(&past),
        "airborne {past} m past the edge"
    );
    let rear_off = at(EventKind::WheelUngrounded { wheel: 2 });
    assert_eq!(rear_off[0].time, air[0].time);
    for w in 0..2 {
        let s = at(EventKind::WheelUngrounded { wheel: w });
        let past = foot(&s[0], 1.35) - 10.0;
        assert!(
            (0.0..0.177).contains(&past),
            "front {w} off {past} m past the edge"
        );
        assert!(s[0].time < air[0].time);
    }
    // First landing, after the first Airborne event. Between them only gravity acts, so the
    // reported descent speed satisfies v² = v_air² + 2·g·Δz between the airborne sample and
    // the last airborne one (±0.05 m/s for the integrator and aero drag).
    let (v_impact, s_land) = events
        .iter()
        .find_map(|(e, s)| match e.kind {
            EventKind::Landed { impact_speed } => Some((impact_speed, *s)),
            _ => None,
        })
        .unwrap();
    assert!(s_land.time > air[0].time);
    let i = ring.iter().position(|s| s.time == s_land.time).unwrap();
    let last_air = ring.get(i - 1).unwrap();
    let v_air = -air[0].vertical_velocity;
    let com_z = |s: &VehicleSample| {
        let pose = Pose {
            translation: s.position,
            rotation: DQuat::from_euler(glam::EulerRot::ZYX, s.yaw, s.pitch, s.roll),
        };
        pose.transform_point(car.params().chassis.com_offset).z
    };
    let drop = com_z(&air[0]) - com_z(last_air);
    let expect = (v_air * v_air + 2.0 * G * drop).sqrt();
    assert!(
        (v_impact - expect).abs() < 0.05,
        "impact {v_impact} vs ballistic {expect} (drop {drop} m, v_air {v_air})"
    );
    assert!(v_impact > 3.0, "{v_impact}");
}
