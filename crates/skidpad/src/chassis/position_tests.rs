//! The position update of [`integrate`] (module docs, "Position update"), worked by hand: a
//! constant deceleration and a free fall exact, a preloaded spring-mass conserving the shadow
//! energy the docs derive at every step size the substep bound allows, and what the trapezoid
//! alone would do to it.

use super::{ChassisParams, ChassisState, Wrench, integrate, integrate_symplectic_prepared};
use glam::DVec3;

const G: f64 = 9.81;

/// A 256 kg point-like body (a power of two: `m·g/m = g` exactly, so a preload of `m·g`
/// balances gravity to the bit).
fn body() -> ChassisParams {
    ChassisParams::from_box(256.0, DVec3::new(1.0, 1.0, 1.0), DVec3::ZERO)
}

fn gravity() -> DVec3 {
    DVec3::new(0.0, 0.0, -G)
}

#[test]
fn a_constant_deceleration_stops_exactly_at_one_step_per_substep() {
    // From v₀ = 4.5 m/s under a position-free a = −10 m/s² (a tyre's braking force), h =
    // 1/60 s: the body stops after 27 steps, at v₀²/(2a) = 1.0125 m; every step lands on
    // x(t) = v₀t − ½at² to rounding. Symplectic Euler (the step before) moves each step with
    // its end velocity and stops v₀·h/2 = 37.5 mm short: 0.975 m.
    let p = body();
    let (v0, a, h) = (4.5, 10.0, 1.0 / 60.0);
    let w = Wrench {
        force: DVec3::new(-a * p.mass, 0.0, 0.0),
        ..Default::default()
    };
    let start = ChassisState {
        linear_velocity_world: DVec3::new(v0, 0.0, 0.0),
        ..Default::default()
    };
    let mut s = start;
    for k in 1..=27 {
        integrate(&p, &mut s, &w, DVec3::ZERO, h);
        let t = f64::from(k) * h;
        let x = s.com_world(&p).x;
        assert!(
            (x - (v0 * t - 0.5 * a * t * t)).abs() < 1e-13,
            "step {k}: {x}"
        );
    }
    assert!(s.linear_velocity_world.x.abs() < 1e-13);
    assert!((s.com_world(&p).x - 1.0125).abs() < 1e-13);

    let mut s = start;
    let inv = p.inertia.inverse();
    for _ in 0..27 {
        integrate_symplectic_prepared(&p, &inv, &mut s, &w, DVec3::ZERO, h);
    }
    assert!((s.com_world(&p).x - (1.0125 - v0 * h / 2.0)).abs() < 1e-13);
}

#[test]
fn a_free_fall_keeps_its_energy_exactly() {
    // Gravity alone, thrown at (3, −1, 5) m/s, 10 s at 1/60 s: E = ½m|v|² + m·g·z stays
    // to rounding. Symplectic Euler loses m·g²·h²/2 a step (v⁺·h overshoots the fall by
    // ½·g·h²), exactly: 600 steps · 256·9.81²·(1/60)²/2 = 2052.9 J.
    let p = body();
    let h = 1.0 / 60.0;
    let energy = |s: &ChassisState| {
        0.5 * p.mass * s.linear_velocity_world.length_squared() + p.mass * G * s.com_world(&p).z
    };
    let start = ChassisState {
        linear_velocity_world: DVec3::new(3.0, -1.0, 5.0),
        ..Default::default()
    };
    let e0 = energy(&start);
    let mut s = start;
    let w = Wrench::default();
    for k in 1..=600 {
        integrate(&p, &mut s, &w, gravity(), h);
        assert!(
            (energy(&s) - e0).abs() < 1e-9 * 1e5,
            "step {k}: {}",
            energy(&s) - e0
        );
    }
    let t = 10.0;
    assert!((s.com_world(&p).z - (5.0 * t - 0.5 * G * t * t)).abs() < 1e-9);

    let mut s = start;
    let inv = p.inertia.inverse();
    for _ in 0..600 {
        integrate_symplectic_prepared(&p, &inv, &mut s, &w, gravity(), h);
    }
    let lost = 600.0 * p.mass * G * G * h * h / 2.0;
    assert!((e0 - energy(&s) - lost).abs() < 1e-6, "{}", e0 - energy(&s));
}

/// A vertical strut under a body at height `y` above its rest (m): spring `k`, preload
/// `preload` (N, position-free like a strut's `F_rest`), the `k·x` part position-dependent
/// (`x = −y` the jounce).
fn strut(k: f64, preload: f64, y: f64, position_free_spring: bool) -> Wrench {
    let spring = -k * y;
    Wrench {
        force: DVec3::new(0.0, 0.0, preload + spring),
        position_force: if position_free_spring {
            DVec3::ZERO
        } else {
            DVec3::new(0.0, 0.0, spring)
        },
        ..Default::default()
    }
}

/// Run the strut body from `(y, v)` for `n` steps of `h`; `each(y, v)` after every step.
fn run_strut(
    k: f64,
    preload: f64,
    (y0, v0): (f64, f64),
    h: f64,
    n: usize,
    free: bool,
    mut each: impl FnMut(f64, f64),
) {
    let p = body();
    let mut s = ChassisState {
        linear_velocity_world: DVec3::new(0.0, 0.0, v0),
        ..Default::default()
    };
    s.pose.translation.z = y0;
    for _ in 0..n {
        let y = s.com_world(&p).z;
        integrate(&p, &mut s, &strut(k, preload, y, free), gravity(), h);
        each(s.com_world(&p).z, s.linear_velocity_world.z);
    }
}

#[test]
fn a_car_corner_at_rest_stays_at_rest() {
    // The preload m·g balances gravity within the position-free part, k·x = 0 at rest: the
    // body is a fixed point, bit for bit, at every step size.
    let p = body();
    for h in [1.0 / 30.0, 1.0 / 60.0, 1.0 / 180.0, 1e-3] {
        run_strut(35_000.0, p.mass * G, (0.0, 0.0), h, 1000, false, |y, v| {
            assert_eq!((y, v), (0.0, 0.0));
        });
    }
}

#[test]
fn a_preloaded_spring_mass_keeps_its_shadow_energy_at_every_step_size() {
    // Per unit mass, with the preload balancing gravity (module docs): the step is symplectic
    // Euler on ÿ = −ω²y, which conserves H̃ = ½v² + ½ω²y² − ½hω²·y·v exactly; so the energy
    // E = ½v² + ½ω²y² never exceeds H̃₀/(1 − ωh/2) (|E − H̃| ≤ ½hω²|y·v| ≤ ½ωh·E), at
    // every ωh < 2 (the substep bound `Derived::max_substep` keeps ωh within it).
    let p = body();
    for wh in [0.02, 0.3, 1.0, 1.9] {
        for h in [1.0 / 30.0, 1.0 / 60.0, 1e-3] {
            let w = wh / h;
            let k = w * w * p.mass;
            let shadow =
                |y: f64, v: f64| 0.5 * v * v + 0.5 * w * w * y * y - 0.5 * h * w * w * y * v;
            let (y0, v0) = (0.05, 0.3);
            let h0 = shadow(y0, v0);
            let bound = h0 / (1.0 - wh / 2.0);
            run_strut(k, p.mass * G, (y0, v0), h, 20_000, false, |y, v| {
                assert!((shadow(y, v) - h0).abs() <= 1e-9 * h0, "ωh {wh}, h {h}");
                assert!(0.5 * v * v + 0.5 * w * w * y * y <= bound * (1.0 + 1e-9));
            });
        }
    }
}

#[test]
fn the_trapezoid_alone_would_pump_a_spring() {
    // The spring's k·x taken position-free too: c⁺ = c + ½h(v + v⁺) for all of it, whose
    // step matrix has det = 1 + ω²h²/2 > 1: the energy grows every cycle (here ωh = 0.3:
    // ×1.045 a step), which is why the springs stay symplectic.
    let p = body();
    let (wh, h) = (0.3, 1.0 / 60.0);
    let w = wh / h;
    let k = w * w * p.mass;
    let energy = |y: f64, v: f64| 0.5 * v * v + 0.5 * w * w * y * y;
    let e0 = energy(0.05, 0.0);
    let mut last = 0.0;
    run_strut(k, p.mass * G, (0.05, 0.0), h, 100, true, |y, v| {
        last = energy(y, v)
    });
    assert!(last > 50.0 * e0, "{last} vs {e0}");
}

#[test]
fn an_unbalanced_preload_shifts_the_rest_by_half_a_step_of_velocity() {
    // A preload of 0.9·m·g leaves c = −0.1·g position-free at rest (what a slope's normal or
    // a rest jounce away from the design does to a car): in (y − c/ω², v − ½hc) the step is
    // symplectic Euler again, so the body rests at y* = c/ω² holding the velocity ½·h·c — the
    // trapezoid's lag the spring balances — and conserves the shifted shadow energy.
    let p = body();
    let (k, h) = (35_000.0, 1.0 / 60.0);
    let w2 = k / p.mass;
    let c = 0.9 * G - G;
    let (ys, vs) = (c / w2, 0.5 * h * c);
    run_strut(k, 0.9 * p.mass * G, (ys, vs), h, 1000, false, |y, v| {
        assert!((y - ys).abs() < 1e-12 && (v - vs).abs() < 1e-12, "{y} {v}");
    });
    let shadow = |y: f64, v: f64| {
        let (y, v) = (y - ys, v - vs);
        0.5 * v * v + 0.5 * w2 * y * y - 0.5 * h * w2 * y * v
    };
    let h0 = shadow(0.02, 0.1);
    run_strut(k, 0.9 * p.mass * G, (0.02, 0.1), h, 5000, false, |y, v| {
        assert!((shadow(y, v) - h0).abs() <= 1e-9 * h0);
    });
}
