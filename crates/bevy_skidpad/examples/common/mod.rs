//! Shared by the rendered examples (feature `render`): the app (window, renderer, Avian, the
//! plugin at 60 Hz), ground, a vehicle with a body mesh and wheel visuals, keyboard (and with
//! feature `gamepad`, gamepad) driving, a chase camera, a HUD text, and `--screenshot PATH
//! [--frames N]`: step exactly one fixed step per frame (`TimeUpdateStrategy::ManualDuration`,
//! so a slow software renderer shows the same scene), save the window after N frames (default
//! 180) as PNG and exit.

use avian3d::prelude::*;
use bevy::math::DVec3;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::time::TimeUpdateStrategy;
use bevy_skidpad::frame::to_bevy;
use bevy_skidpad::prelude::*;
use std::path::PathBuf;
use std::time::Duration;

/// The vehicle the keyboard drives, the camera follows and the HUD reads.
#[derive(Component)]
pub struct Player;

/// The chase camera.
#[derive(Component)]
pub struct ChaseCamera;

/// The HUD text.
#[derive(Component)]
pub struct Hud;

/// `--screenshot PATH` / `--frames N` from the command line.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotPlan {
    /// Where the PNG goes.
    pub path: PathBuf,
    /// Frame at which it is taken.
    pub frame: u32,
}

/// The value after `flag` on the command line, if any.
pub fn arg(flag: &str) -> Option<String> {
    std::env::args().skip_while(|a| a != flag).nth(1)
}

/// A vehicle file from `--vehicle PATH`, else `default` (a file in
/// `crates/skidpad-cli/vehicles/`); exits with the loader's message (file, line, key) when it
/// cannot be read.
pub fn vehicle_from_toml(default: &str) -> VehicleParams {
    let path = arg("--vehicle").unwrap_or_else(|| {
        format!(
            "{}/../skidpad-cli/vehicles/{default}",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    VehicleParams::from_toml_path(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    })
}

/// Window titled `title`, Bevy's default plugins (as far as the `render` feature enables
/// them), Avian (`f64`), the skidpad plugin, a 60 Hz fixed step, the chase camera, the
/// screenshot plan.
pub fn app(title: &str) -> App {
    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: title.into(),
                resolution: (1280, 720).into(),
                ..default()
            }),
            ..default()
        }),
        PhysicsPlugins::default(),
        SkidpadPlugin::default(),
    ))
    .insert_resource(Time::<Fixed>::from_hz(60.0))
    .add_systems(Update, (follow_camera, keyboard_drive));
    #[cfg(feature = "gamepad")]
    app.add_systems(Update, gamepad_drive.after(keyboard_drive));
    if let Some(path) = arg("--screenshot") {
        let frame = arg("--frames").and_then(|f| f.parse().ok()).unwrap_or(180);
        app.insert_resource(ScreenshotPlan {
            path: path.into(),
            frame,
        })
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )))
        .add_systems(Update, take_screenshot);
    }
    app
}

/// After the planned number of frames: capture the window to the plan's PNG, then exit.
fn take_screenshot(mut commands: Commands, plan: Res<ScreenshotPlan>, mut frames: Local<u32>) {
    *frames += 1;
    if *frames == plan.frame {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.path.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    }
}

/// Sun, sky light and the chase camera.
pub fn light_and_camera(commands: &mut Commands) {
    commands.spawn((
        DirectionalLight {
            illuminance: 8_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(40.0, 80.0, 30.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(0.0, 4.0, 12.0).looking_at(Vec3::ZERO, Vec3::Y),
        ChaseCamera,
    ));
}

/// A flat static slab `size` m square whose top is y = 0, with a mesh.
pub fn flat_ground(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    size: f32,
) {
    commands.spawn((
        RigidBody::Static,
        Collider::cuboid(size as f64, 2.0, size as f64),
        Transform::from_xyz(0.0, -1.0, 0.0),
        Mesh3d(meshes.add(Cuboid::new(size, 2.0, size))),
        MeshMaterial3d(materials.add(Color::srgb(0.32, 0.34, 0.33))),
    ));
}

/// The HUD text node, top left.
pub fn hud(commands: &mut Commands) {
    commands.spawn((
        Text::new(""),
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(8.0),
            left: Val::Px(8.0),
            ..default()
        },
        Hud,
    ));
}

/// Spawn `params` at `at` with a body box (over the wheels, 0.05–0.85 m above the wheel
/// centres, as the plugin's stand-in collider) and a cylinder per wheel as its
/// `GroundVehicleWheelVisual` (a root entity written each frame by the plugin's visual sync).
pub fn spawn_car(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    params: VehicleParams,
    at: Transform,
    color: Color,
) -> SpawnedVehicle {
    let (mut lo, mut hi) = (DVec3::splat(f64::MAX), DVec3::splat(f64::MIN));
    for w in &params.wheels {
        let r = DVec3::new(w.radius, 0.0, 0.0);
        lo = lo.min(w.position - r);
        hi = hi.max(w.position + r);
    }
    let size = to_bevy(DVec3::new(hi.x - lo.x, hi.y - lo.y + 0.1, 0.8)).abs();
    let centre = to_bevy(DVec3::new(
        (hi.x + lo.x) / 2.0,
        (hi.y + lo.y) / 2.0,
        hi.z + 0.45,
    ));
    let wheels: Vec<(f32, f32)> = params
        .wheels
        .iter()
        .map(|w| (w.radius as f32, w.width as f32))
        .collect();
    let car = spawn_vehicle(commands, params, at).unwrap_or_else(|e| {
        eprintln!("vehicle: {e}");
        std::process::exit(2);
    });
    let body = meshes.add(Cuboid::new(size.x as f32, size.y as f32, size.z as f32));
    let paint = materials.add(color);
    commands
        .entity(car.chassis)
        .insert(Visibility::default())
        .with_child((
            Mesh3d(body),
            MeshMaterial3d(paint),
            Transform::from_translation(centre.as_vec3()),
        ));
    let rubber = materials.add(Color::srgb(0.08, 0.08, 0.08));
    for (probe, (radius, width)) in car.wheels.iter().zip(wheels) {
        let tyre = meshes.add(Cylinder::new(radius, width));
        let visual = commands
            .spawn((
                Transform::from_translation(at.translation),
                Visibility::default(),
            ))
            .with_child((
                Mesh3d(tyre),
                MeshMaterial3d(rubber.clone()),
                // A cylinder's axis is its local y; the wheel's axle is local x.
                Transform::from_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            ))
            .id();
        commands
            .entity(*probe)
            .insert(GroundVehicleWheelVisual(visual));
    }
    car
}

/// Arrows or WASD: throttle, brake, steer; space: handbrake; R: toggle reverse.
pub fn keyboard_drive(
    keys: Res<ButtonInput<KeyCode>>,
    mut cars: Query<&mut VehicleIntent, With<Player>>,
) {
    let held = |a: KeyCode, b: KeyCode| keys.pressed(a) || keys.pressed(b);
    let on = |b: bool| if b { 1.0 } else { 0.0 };
    for mut i in &mut cars {
        i.throttle = on(held(KeyCode::ArrowUp, KeyCode::KeyW));
        i.brake = on(held(KeyCode::ArrowDown, KeyCode::KeyS));
        i.steer = on(held(KeyCode::ArrowLeft, KeyCode::KeyA))
            - on(held(KeyCode::ArrowRight, KeyCode::KeyD));
        i.handbrake = on(keys.pressed(KeyCode::Space));
        if keys.just_pressed(KeyCode::KeyR) {
            i.reverse = !i.reverse;
        }
    }
}

/// A gamepad overrides the keyboard while it is used: left stick steers, right trigger
/// throttle, left trigger brake, South handbrake, North toggles reverse.
#[cfg(feature = "gamepad")]
pub fn gamepad_drive(pads: Query<&Gamepad>, mut cars: Query<&mut VehicleIntent, With<Player>>) {
    let Some(pad) = pads.iter().next() else {
        return;
    };
    let steer = -pad.left_stick().x as f64;
    let throttle = pad.get(GamepadButton::RightTrigger2).unwrap_or(0.0) as f64;
    let brake = pad.get(GamepadButton::LeftTrigger2).unwrap_or(0.0) as f64;
    let handbrake = pad.pressed(GamepadButton::South);
    let used = steer.abs() > 0.1 || throttle > 0.05 || brake > 0.05 || handbrake;
    for mut i in &mut cars {
        if pad.just_pressed(GamepadButton::North) {
            i.reverse = !i.reverse;
        }
        if used {
            i.steer = if steer.abs() > 0.1 { steer } else { 0.0 };
            i.throttle = throttle;
            i.brake = brake;
            i.handbrake = if handbrake { 1.0 } else { 0.0 };
        }
    }
}

/// The camera eases to 10 m behind and 4 m above the player, looking at it.
fn follow_camera(
    time: Res<Time>,
    target: Query<&Transform, (With<Player>, Without<ChaseCamera>)>,
    mut camera: Query<&mut Transform, With<ChaseCamera>>,
) {
    let (Ok(t), Ok(mut c)) = (target.single(), camera.single_mut()) else {
        return;
    };
    let back = t.rotation * Vec3::Z;
    let back = Vec3::new(back.x, 0.0, back.z).normalize_or(Vec3::Z);
    let want = t.translation + back * 10.0 + Vec3::Y * 4.0;
    let k = 1.0 - (-3.0 * time.delta_secs()).exp();
    c.translation = c.translation.lerp(want, k);
    c.look_at(t.translation + Vec3::Y * 0.8, Vec3::Y);
}

/// The player's telemetry as HUD lines: speed, gear, engine, wheels on the ground.
pub fn telemetry_text(t: &GroundVehicleTelemetry) -> String {
    format!(
        "{:6.1} km/h   gear {}   {:5.0} rpm\nyaw rate {:+.2} rad/s   sideslip {:+.1} deg   wheels down {}{}",
        t.forward_speed * 3.6,
        t.gear,
        t.engine_speed * 60.0 / std::f64::consts::TAU,
        t.yaw_rate,
        t.body_slip_angle.to_degrees(),
        t.grounded_wheels,
        if t.faulted { "   FAULT" } else { "" },
    )
}
