//! ISO 4138's slowly-increasing-speed circle (issue 15, item 6): a neutral car on
//! friction-circle µ = 1 tyres reaches µ·g less what its drive force takes from the driven
//! axle's friction circle; the limit is the tyres', not the driver's band; the same turning
//! right as turning left.

use skidpad::maneuver::lateral_limit::{self, RampEnd};
use skidpad::maneuver::{CIRCLE_RADIUS, kpi, standard};
use skidpad::tire::{FrictionCircleParams, TireParams};
use skidpad::{VehicleParams, presets};

/// Cornering stiffness per unit load of the neutral car, both axles. Unit: 1/rad.
const C_ALPHA: f64 = 16.0;

/// The sedan's body, suspension, drive and aero on friction-circle tyres with µ = 1 and the
/// same cornering stiffness per unit load front and rear (K = 1/c_f − 1/c_r = 0: neutral).
fn neutral_car() -> VehicleParams {
    let mut p = presets::sedan();
    for w in &mut p.wheels {
        let rr = w.tire.rolling_resistance;
        w.tire = TireParams::friction_circle(FrictionCircleParams {
            cornering_stiffness_per_unit_load: C_ALPHA,
            friction: 1.0,
            ..FrictionCircleParams::default()
        });
        w.tire.rolling_resistance = rr;
    }
    p
}

/// Roll stiffness of the axle of wheels `a`, `b`: the springs `k·t²/2` plus the bars between
/// them `k_bar·t²`. Unit: N·m/rad.
fn roll_stiffness(p: &VehicleParams, a: usize, b: usize) -> f64 {
    let t = (p.wheels[a].position.y - p.wheels[b].position.y).abs();
    let springs =
        0.5 * (p.wheels[a].suspension.spring_rate + p.wheels[b].suspension.spring_rate) * t * t
            / 2.0;
    let bars: f64 = p
        .anti_roll_bars
        .iter()
        .filter(|bar| (bar.wheel_a, bar.wheel_b) == (a, b) || (bar.wheel_a, bar.wheel_b) == (b, a))
        .map(|bar| bar.stiffness * t * t)
        .sum();
    springs + bars
}

/// The limit of the neutral rear-driven car from its parameters, at `v = √(R·µ·g)`:
///
/// - the rear wheels drive `F_x = ½ρC_dA·v² + C_rr·m·g + m·µg·µ/C_α` (drag, rolling
///   resistance, and the tyres' induced drag: a lateral force at the saturation slip angle
///   `tan α = µ/C_α` has `F_y·tan α` along the wheel's motion), half each (equal torques);
/// - the drive force moves `F_x·h/L` from the front axle to the rear;
/// - the lateral load transfer `m·a_y·h/t` (roll axis at the ground: the struts carry the
///   tyre forces along vertical lines) splits by the axles' roll stiffness;
/// - the front axle (no drive) holds `µ·N_f`, so `a_y ≤ µ·N_f·L/(m·b)`; the rear wheels hold
///   `Σ √((µN_i)² − (F_x/2)²)`, so `a_y ≤ that·L/(m·a)` (a, b: CoM to front, rear axle).
///
/// Returns `(limit, F_x)`. For the sedan (m = 1500 kg, a = 1.2 m, L = 2.7 m, h = 0.55 m,
/// t = 1.55 m, roll stiffness 63 440 front / 48 038 rear N·m/rad, C_dA = 0.66 m²,
/// C_rr = 0.012): F_x = 159 + 177 + 920 = 1255 N, front limit (8175 − 256)·2.7/(1500·1.5) =
/// 9.50 m/s², rear limit 9.88: 9.50 m/s², front-limited.
fn neutral_limit(p: &VehicleParams, radius: f64) -> (f64, f64) {
    let (m, g, mu) = (p.chassis.mass, p.sim.gravity, 1.0);
    let (xf, xr) = (p.wheels[0].position.x, p.wheels[2].position.x);
    let xc = p.chassis.com_offset.x;
    let l = xf - xr;
    let (a, b) = (xf - xc, xc - xr);
    let h = p.chassis.com_offset.z + p.wheels[0].radius;
    let t = p.wheels[2].position.y - p.wheels[3].position.y;
    let v2 = radius * mu * g;
    let drag = 0.5 * p.aero.air_density * p.aero.drag_coefficient * p.aero.frontal_area * v2;
    let rolling = p.wheels[0].tire.rolling_resistance * m * g;
    let induced = m * mu * g * mu / C_ALPHA;
    let fx = drag + rolling + induced;
    let shift = fx * h / l;
    let n_f = m * g * b / l - shift;
    let n_r = m * g * a / l + shift;
    let front = mu * n_f * l / (m * b);
    let (kf, kr) = (roll_stiffness(p, 0, 1), roll_stiffness(p, 2, 3));
    let rear_share = kr / (kf + kr);
    // The rear transfer at the front-limited a_y (the smaller of the two, checked below).
    let dn = m * front * h / t * rear_share;
    let hold = |n: f64| ((mu * n).powi(2) - (fx / 2.0).powi(2)).max(0.0).sqrt();
    let rear = (hold(n_r / 2.0 - dn) + hold(n_r / 2.0 + dn)) * l / (m * a);
    println!(
        "hand: F_x {fx:.0} N (drag {drag:.0}, rolling {rolling:.0}, induced {induced:.0}); \
         front limit {front:.3}, rear limit {rear:.3} m/s² (rear roll share {rear_share:.3})"
    );
    (front.min(rear), fx)
}

#[test]
fn a_neutral_mu_1_car_reaches_mu_g_less_its_drive_force() {
    let p = neutral_car();
    let (want, fx) = neutral_limit(&p, CIRCLE_RADIUS);
    let r = lateral_limit::max_lateral_accel(&p, CIRCLE_RADIUS).unwrap();
    let sweep = standard::steady_state_circle(&p, CIRCLE_RADIUS).unwrap();
    let held = sweep.points.iter().map(|q| q.0).fold(0.0, f64::max);
    println!(
        "neutral µ = 1: ramp {:.3} m/s² at {:.2} m/s ({}, {:.1} s); hand {want:.3} (F_x {fx:.0} N); \
         discrete sweep held {held:.3}",
        r.max_lateral_accel_mps2, r.speed_at_max_mps, r.end, r.end_time_s
    );
    assert!(r.invalid.is_none(), "{:?}", r.invalid);
    assert!(r.max_lateral_accel_mps2 <= 9.81, "{r:?}");
    // Within 0.15 m/s² of the hand limit: left out are the front wheels' steer (F_y·cos δ,
    // δ ≈ L/R = 0.07 rad: −0.02 m/s²), the unsprung masses' share of the load transfer and the
    // rear's induced drag below saturation.
    assert!(
        (r.max_lateral_accel_mps2 - want).abs() < 0.15,
        "{r:?} vs {want}"
    );
}

#[test]
fn the_sedan_reaches_its_tyres_limit_not_the_drivers_band() {
    let p = presets::sedan();
    let r = lateral_limit::max_lateral_accel(&p, CIRCLE_RADIUS).unwrap();
    let c = standard::steady_state_circle(&p, CIRCLE_RADIUS).unwrap();
    let held = c.points.iter().map(|q| q.0).fold(0.0, f64::max);
    println!(
        "sedan: ramp {:.3} m/s² at {:.2} m/s ({}, {:.1} s); sweep held {held:.3}",
        r.max_lateral_accel_mps2, r.speed_at_max_mps, r.end, r.end_time_s
    );
    assert_eq!(c.limit, r, "the circle's left-hand KPI is the ramp's");
    let right = c
        .right
        .as_ref()
        .expect("the suite's circle drives both directions");
    let k = c.kpi_set();
    assert_eq!(
        k.get(kpi::MAX_LATERAL_ACCEL_LEFT_MPS2),
        Some(r.max_lateral_accel_mps2)
    );
    assert_eq!(
        k.get(kpi::MAX_LATERAL_ACCEL_RIGHT_MPS2),
        Some(right.limit.max_lateral_accel_mps2)
    );
    assert_eq!(
        k.get(kpi::MAX_LATERAL_ACCEL_MPS2),
        Some(0.5 * (r.max_lateral_accel_mps2 + right.limit.max_lateral_accel_mps2))
    );
    assert!(r.end != RampEnd::Void);
}

/// ISO 4138 in both directions (issue 15): the right-hand circle is the left-hand one
/// mirrored, so a vehicle symmetric about its centreline gives the same figures both ways,
/// reported positive (towards the centre), each under its own key. The neutral µ = 1 car:
/// both ramps within 0.15 m/s² of the same hand limit, and the two runs within 0.02 m/s² and
/// 0.02 deg/g of each other (the mirror image differs only in rounding).
#[test]
fn a_symmetric_car_gives_the_same_figures_turning_left_and_right() {
    use skidpad::maneuver::lateral_limit::Turn;
    let p = neutral_car();
    let (want, _) = neutral_limit(&p, CIRCLE_RADIUS);
    let c = standard::steady_state_circle(&p, CIRCLE_RADIUS).unwrap();
    let right = c.right.as_ref().unwrap();
    assert_eq!((c.turn, right.turn), (Turn::Left, Turn::Right));
    assert_eq!((c.limit.turn, right.limit.turn), (Turn::Left, Turn::Right));
    let (al, ar) = (
        c.limit.max_lateral_accel_mps2,
        right.limit.max_lateral_accel_mps2,
    );
    let (kl, kr) = (
        c.understeer_gradient_deg_per_g,
        right.understeer_gradient_deg_per_g,
    );
    println!(
        "left {al:.4} m/s², K {kl:.4} deg/g; right {ar:.4} m/s², K {kr:.4} deg/g; hand {want:.3}"
    );
    assert!(
        right.points.iter().all(|q| q.0 > 0.0 && q.1 > 0.0),
        "{:?}",
        right.points
    );
    assert!((al - ar).abs() < 0.02, "{al} vs {ar}");
    assert!((ar - want).abs() < 0.15, "{ar} vs {want}");
    assert!((kl - kr).abs() < 0.02, "{kl} vs {kr}");
    let k = c.kpi_set();
    assert_eq!(k.get(kpi::UNDERSTEER_GRADIENT_LEFT_DEG_PER_G), Some(kl));
    assert_eq!(k.get(kpi::UNDERSTEER_GRADIENT_RIGHT_DEG_PER_G), Some(kr));
    assert_eq!(
        k.get(kpi::UNDERSTEER_GRADIENT_DEG_PER_G),
        Some(0.5 * (kl + kr))
    );
}
