//! Criterion micro-benchmarks, one per stage, so a regression shows where it happened:
//! contact per ground kind and contact mode, suspension, the grip stage with each tyre model,
//! the coupled drivetrain solve, and whole steps. Each runs the stage on a sedan that has
//! settled and is rolling (2 s of the benchmark's controls), from a copy of the same state
//! every iteration. Run with `cargo bench -p skidpad-bench`; CI only compiles them.

use criterion::{Criterion, criterion_group, criterion_main};
use skidpad::ground::{ContactMode, Ground, Plane};
use skidpad::pipeline::{
    contact_stage, grip_stage, input_stage, powertrain_stage, suspension_stage,
};
use skidpad::tire::mf::{MfTire, TirFile};
use skidpad::tire::{
    BrushParams, FrictionCircleParams, SimpleMagicParams, SlipCurveParams, TireModelKind,
    TireParams,
};
use skidpad::vehicle::{Vehicle, VehicleParams};
use skidpad::{DVec3, Pose};
use skidpad_bench::scenario::{Config, DT, SEDAN_TIR, skidpad_heightfield, terrain_height};
use std::hint::black_box;

/// A car of `params` driven by `config`'s controls for 2 s on `ground` at (0, 0).
fn rolling(params: VehicleParams, config: Config, ground: &dyn Ground, z0: f64) -> Vehicle {
    let r = params.wheels[0].radius;
    let mut v = Vehicle::new(params).unwrap();
    v.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, z0 + r + 0.05)));
    config.set_controls(&mut v);
    for _ in 0..120 {
        v.step(DT, ground);
    }
    v
}

fn contact(c: &mut Criterion) {
    let plane = Plane::flat();
    let field = skidpad_heightfield();
    let grounds: [(&str, &dyn Ground, f64); 2] = [
        ("plane", &plane, 0.0),
        ("heightfield", &field, terrain_height(0.0, 0.0)),
    ];
    for (name, g, z0) in grounds {
        for (mode, m) in [("ray", ContactMode::Raycast), ("sweep", ContactMode::Sweep)] {
            let mut p = skidpad::presets::sedan();
            p.contact.mode = m;
            let mut v = rolling(p, Config::Sedan, g, z0);
            let (p, d, _, s) = v.parts_mut();
            let s0 = s.clone();
            c.bench_function(&format!("contact/{name}/{mode}/4 wheels"), |b| {
                b.iter(|| {
                    let mut s = s0.clone();
                    contact_stage(p, d, &mut s, black_box(g));
                    black_box(s.wheels[0].measured_jounce)
                })
            });
        }
    }
}

fn suspension(c: &mut Criterion) {
    let g = Plane::flat();
    let mut v = rolling(skidpad::presets::sedan(), Config::Sedan, &g, 0.0);
    let (p, d, _, s) = v.parts_mut();
    let s0 = s.clone();
    c.bench_function("suspension/sedan", |b| {
        b.iter(|| {
            let mut s = s0.clone();
            suspension_stage(p, d, &mut s, black_box(DT / 3.0));
            black_box(s.wheels[0].suspension.jounce)
        })
    });
}

fn tyres(c: &mut Criterion) {
    let g = Plane::flat();
    let (mf, _) = TirFile::parse(SEDAN_TIR, "Sedan_Pac02Tire.tir").unwrap();
    let models: [(&str, TireParams); 5] = [
        (
            "friction-circle",
            TireParams::friction_circle(FrictionCircleParams::default()),
        ),
        (
            "slip-curve",
            tire(TireModelKind::SlipCurve(SlipCurveParams::default())),
        ),
        ("brush", tire(TireModelKind::Brush(BrushParams::default()))),
        (
            "simple-magic",
            tire(TireModelKind::SimpleMagic(SimpleMagicParams::default())),
        ),
        ("magic-formula", TireParams::magic_formula(MfTire::from(mf))),
    ];
    for (name, t) in models {
        let mut p = skidpad::presets::sedan();
        for w in &mut p.wheels {
            w.tire = t.clone();
        }
        let mut v = rolling(p, Config::Sedan, &g, 0.0);
        let (p, d, c_, s) = v.parts_mut();
        let s0 = s.clone();
        let mut s1 = s0.clone();
        let intent = input_stage(p, c_, &mut s1, DT);
        let prep = powertrain_stage(p, d, c_, &intent, &mut s1, DT);
        c.bench_function(&format!("grip/{name}/4 wheels"), |b| {
            b.iter(|| {
                let mut s = s0.clone();
                grip_stage(p, d, &prep, &mut s, black_box(&g), DT);
                black_box(s.wheels[0].tire_force_world)
            })
        });
    }
}

fn tire(model: TireModelKind) -> TireParams {
    TireParams {
        model,
        ..TireParams::default()
    }
}

fn drivetrain(c: &mut Criterion) {
    let g = Plane::flat();
    let mut v = rolling(skidpad::presets::sports_rwd(), Config::SportsRwd, &g, 0.0);
    let (p, d, ctl, s) = v.parts_mut();
    let s0 = s.clone();
    c.bench_function("drivetrain/sports-rwd/prepare", |b| {
        b.iter(|| {
            let mut s = s0.clone();
            let intent = input_stage(p, ctl, &mut s, DT);
            black_box(powertrain_stage(p, d, ctl, &intent, &mut s, DT).coupled)
        })
    });
    let mut s1 = s0.clone();
    let intent = input_stage(p, ctl, &mut s1, DT);
    let prep = powertrain_stage(p, d, ctl, &intent, &mut s1, DT);
    c.bench_function("drivetrain/sports-rwd/grip + coupled solve", |b| {
        b.iter(|| {
            let mut s = s1.clone();
            grip_stage(p, d, &prep, &mut s, black_box(&g), DT);
            black_box(s.drivetrain.slip_energy)
        })
    });
}

fn steps(c: &mut Criterion) {
    let plane = Plane::flat();
    let field = skidpad_heightfield();
    for config in Config::TABLE {
        for (name, g, z0) in [
            ("flat", &plane as &dyn Ground, 0.0),
            ("heightfield", &field, terrain_height(0.0, 0.0)),
        ] {
            let v0 = rolling(config.params(), config, g, z0);
            c.bench_function(&format!("step/{}/{name}", config.key()), |b| {
                let mut v = v0.clone();
                let snap = v.snapshot();
                let mut k = 0;
                b.iter(|| {
                    // Stay near the start: back to the snapshot every 60 steps.
                    k += 1;
                    if k % 60 == 0 {
                        v.restore(&snap).unwrap();
                    }
                    v.step(DT, black_box(g));
                })
            });
        }
    }
}

fn snapshot(c: &mut Criterion) {
    let g = Plane::flat();
    let mut v = rolling(skidpad::presets::sedan(), Config::Sedan, &g, 0.0);
    let snap = v.snapshot();
    c.bench_function("snapshot/take", |b| b.iter(|| black_box(v.snapshot())));
    c.bench_function("snapshot/restore", |b| {
        b.iter(|| v.restore(black_box(&snap)).unwrap())
    });
}

criterion_group!(
    benches, contact, suspension, tyres, drivetrain, steps, snapshot
);
criterion_main!(benches);
