//! Screenshots of the lab's scenarios (feature `render`, `lab --screenshots DIR`): the
//! scenario's app gets Bevy's default plugins without a window or winit (the app is pumped by
//! hand, as before) and renders to an image; when a scenario's run ends, its static and
//! dynamic colliders get box meshes, a light and a camera looking at the vehicle are added, a
//! few frames are drawn and the image is saved as `DIR/<scenario>.png`. The physics is the
//! same: the plugins add rendering, the fixed step and manual time are unchanged, and the
//! picture is taken after the scenario's checks. It needs a Vulkan, Metal, DX12 or GL device;
//! with no GPU, Mesa's software Vulkan (lavapipe, Debian `mesa-vulkan-drivers`) works, no
//! display needed.

use avian3d::prelude::*;
use bevy::asset::RenderAssetUsages;
use bevy::camera::RenderTarget;
use bevy::log::LogPlugin;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::render_resource::{
    Extent3d, PollType, TextureDimension, TextureFormat, TextureUsages,
};
use bevy::render::renderer::RenderDevice;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::ExitCondition;
use bevy::winit::WinitPlugin;
use bevy_skidpad::prelude::{
    GroundVehicle, GroundVehicleSurface, GroundVehicleWheel, GroundVehicleWheelState,
};
use std::path::PathBuf;
use std::sync::Mutex;

/// Where the running scenario's picture goes (`None`: no pictures; the headless lab).
static PLAN: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Picture size. Unit: pixels.
const SIZE: (u32, u32) = (960, 540);
/// Frames drawn before the capture (pipelines are compiled synchronously; the extra frames
/// let the shadow maps and the camera settle).
const WARM_FRAMES: usize = 3;
/// Frames pumped after the capture is requested (GPU read-back, then the write to disk).
const SAVE_FRAMES: usize = 4;

/// Take pictures of the scenarios that run from now on, at `path` (`None`: stop).
pub fn plan(path: Option<PathBuf>) {
    if let Ok(mut p) = PLAN.lock() {
        *p = path;
    }
}

fn planned() -> Option<PathBuf> {
    PLAN.lock().ok().and_then(|p| p.clone())
}

/// Whether pictures are planned.
pub fn active() -> bool {
    planned().is_some()
}

/// Bevy's default plugins without a window, winit or the log subscriber (the lab builds
/// several apps in one process); pipelines compiled synchronously so the first frames draw.
pub fn add_plugins(app: &mut App) {
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: None,
                exit_condition: ExitCondition::DontExit,
                ..default()
            })
            .set(RenderPlugin {
                synchronous_pipeline_compilation: true,
                ..default()
            })
            .disable::<WinitPlugin>()
            .disable::<LogPlugin>(),
    );
}

/// One update, then wait for the GPU to finish the frame.
fn update(app: &mut App) {
    app.update();
    if let Some(device) = app.world().get_resource::<RenderDevice>() {
        // A device lost here only loses the picture; the scenario's outcome stands.
        let _ = device.wgpu_device().poll(PollType::Wait {
            submission_index: None,
            timeout: None,
        });
    }
}

/// Box meshes for every cuboid collider (and the cuboids of compound ones, as children).
fn add_meshes(world: &mut World) {
    let mut q = world.query_filtered::<(Entity, &Collider, &RigidBody), Without<Mesh3d>>();
    let found: Vec<(Entity, Collider, RigidBody)> =
        q.iter(world).map(|(e, c, b)| (e, c.clone(), *b)).collect();
    for (e, collider, body) in found {
        let surface = world.get::<GroundVehicleSurface>(e).map_or(0, |s| s.0);
        let colour = match body {
            // Tarmac grey; any other tagged surface (ice, gravel, …) pale blue.
            RigidBody::Static if surface == 0 => Color::srgb(0.45, 0.47, 0.46),
            RigidBody::Static => Color::srgb(0.7, 0.8, 0.9),
            _ if world.get::<GroundVehicle>(e).is_some() => Color::srgb(0.8, 0.15, 0.12),
            _ => Color::srgb(0.55, 0.4, 0.25),
        };
        let material = world.resource_mut::<Assets<StandardMaterial>>().add(colour);
        let shape = collider.shape();
        let mut boxes: Vec<(Vec3, Quat, Vec3)> = Vec::new();
        if let Some(c) = shape.as_cuboid() {
            boxes.push((Vec3::ZERO, Quat::IDENTITY, (c.half_extents * 2.0).as_vec3()));
        } else if let Some(compound) = shape.as_compound() {
            for (pose, s) in compound.shapes() {
                if let Some(c) = s.as_cuboid() {
                    boxes.push((
                        pose.translation.as_vec3(),
                        pose.rotation.as_quat(),
                        (c.half_extents * 2.0).as_vec3(),
                    ));
                }
            }
        }
        for (at, rot, size) in boxes {
            let mesh = world
                .resource_mut::<Assets<Mesh>>()
                .add(Cuboid::new(size.x, size.y, size.z));
            let child = world
                .spawn((
                    Mesh3d(mesh),
                    MeshMaterial3d(material.clone()),
                    Transform::from_translation(at).with_rotation(rot),
                ))
                .id();
            world.entity_mut(e).add_child(child);
        }
    }
}

/// A dark cylinder per wheel probe, a child of its chassis at the wheel centre (spin and
/// steer not drawn: the picture is a still).
fn add_wheels(world: &mut World) {
    let mut q = world.query::<(&GroundVehicleWheel, &GroundVehicleWheelState)>();
    let wheels: Vec<(Entity, f32, Vec3)> = q
        .iter(world)
        .map(|(w, s)| (w.chassis, w.radius as f32, s.centre_local.as_vec3()))
        .collect();
    let material = world
        .resource_mut::<Assets<StandardMaterial>>()
        .add(Color::srgb(0.08, 0.08, 0.08));
    for (chassis, r, at) in wheels {
        let mesh = world
            .resource_mut::<Assets<Mesh>>()
            .add(Cylinder::new(r, 0.6 * r));
        let child = world
            .spawn((
                Mesh3d(mesh),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(at)
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            ))
            .id();
        if let Ok(mut e) = world.get_entity_mut(chassis) {
            e.add_child(child);
        }
    }
}

/// The picture of the scenario that just ran in `app`, around `car`, when pictures are
/// planned (the lab's `main` reports a picture that was not written).
pub fn shoot(app: &mut App, car: Entity) {
    let Some(path) = planned() else {
        return;
    };
    let world = app.world_mut();
    add_meshes(world);
    add_wheels(world);
    let mut image = Image::new_uninit(
        Extent3d {
            width: SIZE.0,
            height: SIZE.1,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.usage |= TextureUsages::RENDER_ATTACHMENT;
    let target = world.resource_mut::<Assets<Image>>().add(image);
    let at = world
        .get::<Transform>(car)
        .map(|t| t.translation)
        .unwrap_or_default();
    world.spawn((
        DirectionalLight {
            illuminance: 8_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(40.0, 80.0, 30.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    world.spawn((
        Camera3d::default(),
        RenderTarget::from(target.clone()),
        Transform::from_translation(at + Vec3::new(5.0, 3.0, 6.5)).looking_at(at, Vec3::Y),
    ));
    for _ in 0..WARM_FRAMES {
        update(app);
    }
    app.world_mut()
        .spawn(Screenshot::image(target))
        .observe(save_to_disk(path));
    for _ in 0..SAVE_FRAMES {
        update(app);
    }
}
