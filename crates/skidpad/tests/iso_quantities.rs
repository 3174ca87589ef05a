//! ISO 8855 quantities beside the body-fixed readings (issue 15, item 5): the kinematic
//! lateral acceleration in the horizontal intermediate axes reads `v²/R` whatever the body's
//! roll, the accelerometer reads `a_y·cos φ + g·sin φ`, and the yaw rate about the vertical
//! differs from the body-axis yaw rate by the tilt of the body's z axis.

use glam::DQuat;
use skidpad::chassis::ChassisState;
use skidpad::ground::Plane;
use skidpad::state::VehicleState;
use skidpad::telemetry::{self, VEHICLE_CHANNELS};
use skidpad::vehicle::{Intent, Vehicle};
use skidpad::{DVec3, Pose, presets};

const G: f64 = 9.81;

/// A car heading ψ = 0.7 rad in a steady left turn: 6 m/s² towards the centre, horizontal
/// and square to the heading, yaw rate 0.15 rad/s about the vertical; body rolled 5° (right
/// side down, out of the turn) and pitched 2° (nose down).
fn turning(roll: f64, pitch: f64) -> VehicleState {
    let yaw: f64 = 0.7;
    let rotation =
        DQuat::from_rotation_z(yaw) * DQuat::from_rotation_y(pitch) * DQuat::from_rotation_x(roll);
    let a_kin = 6.0 * DVec3::new(-yaw.sin(), yaw.cos(), 0.0);
    VehicleState {
        chassis: ChassisState {
            pose: Pose::new(DVec3::new(3.0, -2.0, 0.5), rotation),
            linear_velocity_world: 40.0 * DVec3::new(yaw.cos(), yaw.sin(), 0.0),
            angular_velocity_world: DVec3::new(0.0, 0.0, 0.15),
        },
        // What the step stores: the specific force a − g⃗, g⃗ = (0, 0, −g).
        acceleration_world: a_kin + DVec3::new(0.0, 0.0, G),
        ..VehicleState::default()
    }
}

#[test]
fn accelerometer_reads_g_sin_roll_the_iso_channel_reads_v2_over_r() {
    let s = turning(5f64.to_radians(), 0.0);
    // ISO: the kinematic 6 m/s² on the horizontal y, nothing along the heading or vertical.
    let iso = s.acceleration_intermediate(G);
    assert!((iso.y - 6.0).abs() < 1e-12, "a_Y = {}", iso.y);
    assert!(iso.x.abs() < 1e-12 && iso.z.abs() < 1e-12, "{iso}");
    // Accelerometer: 6·cos 5° + 9.81·sin 5° = 6·0.996195 + 9.81·0.087156 = 5.977168 +
    // 0.855000 = 6.832166 m/s² on body y (the 6.82 vs 6.00), and on body z
    // 9.81·cos 5° − 6·sin 5° = 9.772669 − 0.522934 = 9.249735 m/s².
    let body = s.acceleration_body();
    assert!((body.y - 6.832166).abs() < 1e-5, "ay_body = {}", body.y);
    assert!((body.z - 9.249735).abs() < 1e-5, "az_body = {}", body.z);
    assert!(body.x.abs() < 1e-12);
}

#[test]
fn yaw_rate_about_the_vertical_vs_the_body_axis() {
    // ω = 0.15 rad/s about world z. Body z in the world = Rz·Ry·Rx·e_z, whose z component is
    // cos φ·cos θ = cos 5°·cos 2° = 0.996195·0.999391 = 0.995588: the body-axis yaw rate is
    // 0.15·0.995588 = 0.149338 rad/s; the roll rate p = ω·x_body = −0.15·sin 2° = −0.005235.
    let s = turning(5f64.to_radians(), 2f64.to_radians());
    assert!((s.yaw_rate_vertical() - 0.15).abs() < 1e-15);
    let body = s.chassis.angular_velocity_body();
    assert!((body.z - 0.149338).abs() < 1e-6, "r_body = {}", body.z);
    assert!((body.x + 0.005235).abs() < 1e-6, "p = {}", body.x);
    // Pitch does not move the ISO acceleration either.
    assert!((s.acceleration_intermediate(G).y - 6.0).abs() < 1e-12);
}

#[test]
fn on_a_slope_the_intermediate_axes_stay_horizontal() {
    // Accelerating at 2 m/s² along a 10° up-grade heading +x: a_X = 2·cos 10° = 1.969616,
    // a_Z = 2·sin 10° = 0.347296; the accelerometer reads 2 + 9.81·0.173648 = 3.703489 on
    // body x.
    let grade = 10f64.to_radians();
    let along = DVec3::new(grade.cos(), 0.0, grade.sin());
    let s = VehicleState {
        chassis: ChassisState {
            pose: Pose::new(DVec3::ZERO, DQuat::from_rotation_y(-grade)),
            ..ChassisState::default()
        },
        acceleration_world: 2.0 * along + DVec3::new(0.0, 0.0, G),
        ..VehicleState::default()
    };
    let iso = s.acceleration_intermediate(G);
    assert!(
        (iso.x - 1.969616).abs() < 1e-6 && (iso.z - 0.347296).abs() < 1e-6,
        "{iso}"
    );
    let body = s.acceleration_body();
    assert!((body.x - 3.703489).abs() < 1e-6, "{body}");
}

fn column(name: &str) -> usize {
    VEHICLE_CHANNELS
        .iter()
        .position(|c| c.column == name)
        .unwrap_or_else(|| panic!("no channel {name}"))
}

#[test]
fn a_sedan_in_a_steady_turn_reports_both_through_the_channels() {
    // The sedan at 15 m/s with a fixed steer: after 5 s the turn is steady. Its measured
    // roll φ and yaw rate r give the hand checks: ay_mps2 = r·v_x (= v²/R·cos β, the
    // centripetal acceleration of a steady turn), ay_body = ay·cos φ + g·sin φ (pitch and the
    // 1/120 s step's discretisation contribute < 0.05 m/s²), yaw_rate_body = r·cos φ·cos θ.
    let mut car = Vehicle::new(presets::sedan()).unwrap();
    let ground = Plane::flat();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    let dt = 1.0 / 120.0;
    for _ in 0..120 {
        car.step(dt, &ground);
    }
    car.set_velocity(DVec3::new(15.0, 0.0, 0.0), DVec3::ZERO);
    let mut row = vec![0.0; telemetry::channel_count(car.params().wheels.len())];
    let mut sums = [0.0; 6];
    let mut n = 0.0;
    for k in 0..720 {
        let vx = car.state().forward_speed();
        car.set_intent(Intent {
            steer: 0.1,
            throttle: (0.5 * (15.0 - vx)).clamp(0.0, 1.0),
            ..Intent::default()
        })
        .unwrap();
        car.step(dt, &ground);
        telemetry::fill_row(&car, &mut row);
        if k >= 600 {
            let c = |name: &str| row[column(name)];
            for (sum, v) in sums.iter_mut().zip([
                c("ay_mps2"),
                c("ay_body_mps2"),
                c("yaw_rate_radps"),
                c("yaw_rate_body_radps"),
                c("roll_rad"),
                c("vx_mps"),
            ]) {
                *sum += v;
            }
            n += 1.0;
        }
    }
    let [ay, ay_body, r, r_body, roll, vx] = sums.map(|s| s / n);
    println!(
        "ay {ay:.4} ay_body {ay_body:.4} r {r:.5} r_body {r_body:.5} roll {:.3} deg vx {vx:.3}",
        roll.to_degrees()
    );
    assert!(ay > 3.0, "a steady turn: ay = {ay}");
    assert!(
        roll.to_degrees() > 1.0,
        "the body rolls out of the turn: {roll}"
    );
    assert!((ay - r * vx).abs() < 0.05, "ay {ay} vs r·vx {}", r * vx);
    let want = ay * roll.cos() + G * roll.sin();
    assert!((ay_body - want).abs() < 0.05, "ay_body {ay_body} vs {want}");
    assert!(
        ay_body - ay > 0.1,
        "the accelerometer reads the roll's share of g"
    );
    assert!(
        (r_body - r * roll.cos()).abs() < 1e-3,
        "r_body {r_body} vs {}",
        r * roll.cos()
    );
}
