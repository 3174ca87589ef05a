//! Driver aids: traction control on ice, ABS on a wet road, ESC in a low-µ lane change.

use super::support::{drive, spawn};
use super::{DT, set_friction, throttle};
use skidpad::DVec3;
use skidpad::ground::Plane;
use skidpad::presets::{hatch_fwd, sports_rwd};
use skidpad::tire::{SimpleMagicParams, TireModelKind};
use skidpad::vehicle::Intent;

#[test]
fn traction_control_reduces_wheelspin_on_ice() {
    let slip = |tc: bool| {
        let mut p = sports_rwd();
        for w in &mut p.wheels {
            set_friction(&mut w.tire, 0.1);
        }
        p.drivetrain.aids.tc.enabled = tc;
        let mut car = spawn(p);
        let mut sum = 0.0;
        let n = (4.0 / DT) as usize;
        car.set_intent(throttle(1.0)).unwrap();
        for _ in 0..n {
            car.step(DT, &Plane::flat());
            sum += car.state().wheels[2].tire.slip_ratio;
        }
        (sum / n as f64, car.state().forward_speed())
    };
    // The foundation tire has no friction drop past the peak, so TC cannot gain speed here
    // (it does with slip curves); it must cut the wheelspin.
    let (off, _) = slip(false);
    let (on, v_on) = slip(true);
    assert!(
        on < 0.5 * off,
        "mean slip with TC {on:.3} vs without {off:.3}"
    );
    assert!(v_on > 0.3, "still moving: {v_on}");
}

/// Straight-line stop from `v0` on a wet road (SimpleMagic tire, µ₀ = 0.6), full brake, in
/// neutral (no engine drag), no rolling resistance. Returns (distance, time).
fn wet_stop(abs: bool, v0: f64) -> (f64, f64) {
    let mut p = hatch_fwd();
    for w in &mut p.wheels {
        w.tire.model = TireModelKind::SimpleMagic(SimpleMagicParams {
            friction: 0.6,
            ..SimpleMagicParams::default()
        });
        w.tire.rolling_resistance = 0.0;
    }
    p.drivetrain.aids.abs.enabled = abs;
    let mut car = spawn(p);
    car.set_automatic_gears(false);
    let neutral = Intent {
        target_gear: Some(0),
        ..Intent::default()
    };
    drive(&mut car, &Plane::flat(), DT, 0.5, neutral);
    car.set_velocity(DVec3::new(v0, 0.0, 0.0), DVec3::ZERO);
    let x0 = car.state().chassis.pose.translation.x;
    car.set_intent(Intent {
        brake: 1.0,
        ..neutral
    })
    .unwrap();
    let mut t = 0.0;
    while car.state().forward_speed() > 0.01 && t < 20.0 {
        car.step(DT, &Plane::flat());
        t += DT;
    }
    (car.state().chassis.pose.translation.x - x0, t)
}

#[test]
fn abs_stops_shorter_on_a_wet_surface_than_locked_wheels() {
    // SimpleMagic longitudinal curve B = 10, C = 1.65, E = 0, µ₀ = 0.6:
    //   peak at κ_m = tan(π/(2C))/B = 0.140, µ_peak = 0.6;
    //   locked (κ = −1): sin(1.65·atan 10) = 0.655 → µ_slide = 0.6·0.655 = 0.393.
    // Load sensitivity −0.1 per 4 kN: the hatch's wheels carry 1.9–4.8 kN braking, a load-
    // weighted factor ≈ 1.02 → µ_slide ≈ 0.40, µ_peak ≈ 0.61.
    // Brakes 1400/600 N·m exceed the lock torques µ·N·R ≈ 0.6·4.8 kN·0.31 m = 890 N·m front,
    // 0.6·1.9 kN·0.31 = 350 N·m rear: without ABS all four wheels lock.
    // From 20 m/s: locked d = v²/(2·µ_slide·g) = 400/(2·0.40·9.81) = 51.0 m (± 2.5 m for the
    // µ(F_z) estimate and the first 0.1 s while the wheels spin down and the slip relaxes);
    // ideal peak-µ stop 400/(2·0.61·9.81) = 33.4 m. Bang-bang ABS (release at κ < −0.15,
    // reapply above −0.05) cycles around the peak: it must be ≥ 5 m shorter than locked and
    // cannot beat the ideal. Measured: locked 50.98 m in 5.12 s, ABS 44.07 m in 4.33 s (the
    // modulator rebuilds pressure at 3/s, so it spends part of each cycle below the peak).
    let v0 = 20.0;
    let (locked, t_locked) = wet_stop(false, v0);
    let (abs, t_abs) = wet_stop(true, v0);
    assert!(
        t_abs < t_locked,
        "ABS {t_abs:.2} s vs locked {t_locked:.2} s"
    );
    assert!(
        (locked - 51.0).abs() < 2.5,
        "locked-wheel distance {locked:.2} m, expected v²/(2·µ_slide·g) ≈ 51.0 m"
    );
    assert!(abs < locked - 5.0, "ABS {abs:.2} m vs locked {locked:.2} m");
    assert!(abs > 33.4 - 0.5, "ABS {abs:.2} m beats the ideal 33.4 m");
}

/// Sine-steer manoeuvre on a low-µ road (SimpleMagic tire, µ₀ = 0.3) at 20 m/s, coasting in
/// gear. Returns the RMS of `r − r_ref` over 5 s (rad/s) and the final forward speed.
fn low_mu_sine_steer(esc: bool) -> (f64, f64) {
    let mut p = sports_rwd();
    for w in &mut p.wheels {
        w.tire.model = TireModelKind::SimpleMagic(SimpleMagicParams {
            friction: 0.3,
            ..SimpleMagicParams::default()
        });
    }
    let e = &mut p.drivetrain.aids.esc;
    e.enabled = esc;
    // The reference's friction estimate: µ·g = 0.3·9.81.
    e.max_lateral_acceleration = 0.3 * 9.81;
    let esc_params = *e;
    let wheelbase = p.wheels[0].position.x - p.wheels[2].position.x;
    let mut car = spawn(p);
    drive(&mut car, &Plane::flat(), DT, 0.5, Intent::default());
    car.set_velocity(DVec3::new(20.0, 0.0, 0.0), DVec3::ZERO);
    let (mut sum, mut n, mut t) = (0.0, 0.0, 0.0);
    while t < 5.0 {
        // One 0.5 Hz sine period (2 s), then straight ahead.
        let steer = if t < 2.0 {
            0.2 * (std::f64::consts::PI * t).sin()
        } else {
            0.0
        };
        car.set_intent(Intent {
            steer,
            ..Intent::default()
        })
        .unwrap();
        car.step(DT, &Plane::flat());
        t += DT;
        let s = car.state();
        let delta = 0.5 * (s.wheels[0].steer + s.wheels[1].steer);
        let v = s.chassis.velocity_body().x;
        let r = s.chassis.angular_velocity_body().z;
        let r_ref = skidpad::drivetrain::aids::reference_yaw_rate(&esc_params, v, delta, wheelbase);
        sum += (r - r_ref).powi(2);
        n += 1.0;
    }
    ((sum / n).sqrt(), car.state().forward_speed())
}

#[test]
fn esc_reduces_yaw_rate_error_in_a_low_mu_lane_change() {
    // Sports RWD at 20 m/s, µ₀ = 0.3, steer 0.2·sin(πt) for 2 s (road wheels ±0.2·33° =
    // ±0.115 rad), coasting. Reference (bicycle, v_ch = 25 m/s, L = 2.69 m):
    //   linear r = 20·0.115/(2.69·(1 + 0.8²)) = 0.52 rad/s (a_y = 10.4 m/s² ≫ µg = 2.94),
    //   capped at µg/v = 2.94/20 = 0.147 rad/s.
    // The tires cannot deliver the demand; on the reversal the rear lets go and without ESC
    // the car spins (it ends up sliding backwards). ESC brakes the outer front wheel (up to
    // 1500 N·m at 6000 N·m·s/rad beyond a 0.05 rad/s dead band) and keeps it pointing ahead.
    // Measured: RMS(r − r_ref) over 5 s 0.924 rad/s off (v_x −9.8 m/s at the end: spun),
    // 0.278 rad/s on (v_x +6.9 m/s). Checked: off > 0.5 and spun, on < ½·off and not spun.
    let (off, v_off) = low_mu_sine_steer(false);
    let (on, v_on) = low_mu_sine_steer(true);
    assert!(
        off > 0.5 && v_off < 0.0,
        "ESC off: RMS {off:.3} rad/s, v_x {v_off:.2} m/s"
    );
    assert!(on < 0.5 * off, "ESC on {on:.3} vs off {off:.3} rad/s");
    assert!(v_on > 0.0, "ESC on must not spin: v_x {v_on:.2} m/s");
}
