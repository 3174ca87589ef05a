//! The skidpad side of the benchmark: configurations (issue 13's table), grounds and the
//! constant controls.

use serde::Serialize;
use skidpad::ground::{ContactMode, HeightField, Plane};
use skidpad::tire::FrictionCircleParams;
use skidpad::tire::mf::{MfTire, TirFile};
use skidpad::tire::params::{TireModelKind, TireParams};
use skidpad::tire::slip_curve::SlipCurveParams;
use skidpad::vehicle::{Intent, Vehicle, VehicleParams, WheelCommand};
use skidpad::{DVec3, MAX_WHEELS, Pose, World, presets};

/// Step length. Unit: s.
pub const DT: f64 = 1.0 / 60.0;
/// Untimed steps before the timed ones (the cars settle and start rolling).
pub const WARMUP_STEPS: usize = 60;
/// Timed steps per run.
pub const TIMED_STEPS: usize = 600;
/// Distance between neighbouring cars on the start grid. Unit: m.
pub const SPACING: f64 = 8.0;
/// Drive force per rear wheel. Unit: N.
pub const DRIVE_FORCE: f64 = 1000.0;
/// Road-wheel steer angle of the front wheels. Unit: rad.
pub const STEER: f64 = 0.03;
/// Heightfield side length. Unit: m.
pub const FIELD_SIZE: f64 = 1000.0;
/// Heightfield samples per side.
pub const FIELD_SAMPLES: usize = 256;
/// The Magic Formula file of the MF configuration (chrono's sedan tyre; source and licence in
/// `crates/skidpad/tests/data/SOURCES.md`).
pub const SEDAN_TIR: &str = include_str!("../../skidpad/tests/data/Sedan_Pac02Tire.tir");

/// The ground of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// The plane z = 0.
    Flat,
    /// 1 km × 1 km, 256 × 256 samples of [`terrain_height`].
    Heightfield,
}

impl Terrain {
    /// Its name in the table.
    pub fn key(self) -> &'static str {
        match self {
            Terrain::Flat => "flat",
            Terrain::Heightfield => "heightfield",
        }
    }
}

/// The height formula. Unit: m (x, y in m).
pub fn terrain_height(x: f64, y: f64) -> f64 {
    use std::f64::consts::TAU;
    0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
        + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
}

/// Sample spacing of the heightfield. Unit: m.
pub fn field_cell() -> f64 {
    FIELD_SIZE / (FIELD_SAMPLES - 1) as f64
}

/// The skidpad heightfield: [`FIELD_SAMPLES`]² samples of [`terrain_height`] centred on the
/// origin.
pub fn skidpad_heightfield() -> HeightField {
    let h = FIELD_SIZE / 2.0;
    HeightField::from_fn(
        FIELD_SAMPLES,
        FIELD_SAMPLES,
        field_cell(),
        glam::DVec2::new(-h, -h),
        terrain_height,
    )
    .expect("the benchmark heightfield is valid")
}

/// Start position (x, y) of car `i` of `n`: a square grid [`SPACING`] apart centred on the
/// origin, shifted back 40 m so the cars stay on the field while they drive +x. Unit: m.
pub fn grid_position(i: usize, n: usize) -> (f64, f64) {
    let side = (n as f64).sqrt().ceil() as usize;
    let (r, c) = (i / side, i % side);
    let off = (side as f64 - 1.0) / 2.0;
    (
        (c as f64 - off) * SPACING - 40.0,
        (r as f64 - off) * SPACING,
    )
}

/// A skidpad vehicle configuration of issue 13's table (and trucks for the wheel-count row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Config {
    /// `presets::sedan()` as shipped (sphere sweep; 3 substeps below 5 m/s).
    Sedan,
    /// `presets::sports_rwd()`: engine, clutch, autobox, LSD, driven by the pedals.
    SportsRwd,
    /// Sedan with the slip-curve tyre, ray-cast contact, 1 substep.
    SedanSlipRay,
    /// Sedan with the full Magic Formula from `Sedan_Pac02Tire.tir`.
    SedanMf,
    /// Sedan with the friction-circle tyre (default params), ray-cast contact, 1 substep.
    SedanFcRay,
    /// `presets::truck_6x6()` with the slip-curve tyre, ray cast, 1 substep (6 wheels).
    Truck6SlipRay,
    /// `presets::truck_8x8()` with the slip-curve tyre, ray cast, 1 substep (8 wheels).
    Truck8SlipRay,
}

impl Config {
    /// The table rows, in order.
    pub const TABLE: [Config; 5] = [
        Config::Sedan,
        Config::SportsRwd,
        Config::SedanSlipRay,
        Config::SedanMf,
        Config::SedanFcRay,
    ];
    /// The wheel-count rows (4, 6, 8 wheels; same tyre, contact and substeps).
    pub const WHEELS: [Config; 3] = [
        Config::SedanSlipRay,
        Config::Truck6SlipRay,
        Config::Truck8SlipRay,
    ];

    /// Its name in the table.
    pub fn key(self) -> &'static str {
        match self {
            Config::Sedan => "sedan",
            Config::SportsRwd => "sports-rwd",
            Config::SedanSlipRay => "sedan-slip-ray-1sub",
            Config::SedanMf => "sedan-mf",
            Config::SedanFcRay => "sedan-fc-ray-1sub",
            Config::Truck6SlipRay => "truck6x6-slip-ray-1sub",
            Config::Truck8SlipRay => "truck8x8-slip-ray-1sub",
        }
    }

    /// Its params.
    pub fn params(self) -> VehicleParams {
        match self {
            Config::Sedan => presets::sedan(),
            Config::SportsRwd => presets::sports_rwd(),
            Config::SedanSlipRay => slip_ray(presets::sedan()),
            Config::SedanFcRay => with_tire_ray(
                presets::sedan(),
                TireModelKind::FrictionCircle(FrictionCircleParams::default()),
            ),
            Config::Truck6SlipRay => slip_ray(presets::truck_6x6()),
            Config::Truck8SlipRay => slip_ray(presets::truck_8x8()),
            Config::SedanMf => {
                let (file, _) = TirFile::parse(SEDAN_TIR, "Sedan_Pac02Tire.tir")
                    .expect("the bundled .tir parses");
                let tire = MfTire::from(file);
                let mut p = presets::sedan();
                for w in &mut p.wheels {
                    w.tire = TireParams::magic_formula(tire.clone());
                }
                p
            }
        }
    }

    /// Set the constant controls: ≈ [`DRIVE_FORCE`] per rear wheel as a direct torque and
    /// [`STEER`] on the front wheels; `sports-rwd` drives through its drivetrain instead
    /// (a quarter throttle, the steering wheel at the fraction that gives [`STEER`]).
    pub fn set_controls(self, v: &mut Vehicle) {
        let p = v.params();
        if self == Config::SportsRwd {
            let max_steer = p.wheels.iter().map(|w| w.max_steer).fold(0.0, f64::max);
            let intent = Intent {
                throttle: 0.25,
                steer: STEER / max_steer,
                ..Intent::default()
            };
            v.set_intent(intent).expect("finite intent");
            return;
        }
        let mut cmd = [WheelCommand::default(); MAX_WHEELS];
        let rear = p
            .wheels
            .iter()
            .map(|w| w.position.x)
            .fold(f64::INFINITY, f64::min);
        for (c, w) in cmd.iter_mut().zip(&p.wheels) {
            if w.position.x <= rear + 0.1 {
                c.drive_torque = DRIVE_FORCE * w.radius;
            }
            if w.max_steer > 0.0 && w.position.x > 0.0 {
                c.steer_angle = STEER;
            }
        }
        let n = p.wheels.len();
        v.set_wheel_commands(&cmd[..n]).expect("finite commands");
    }
}

/// `p` with the slip-curve tyre (PhysX defaults), ray-cast contact and one substep.
fn slip_ray(p: VehicleParams) -> VehicleParams {
    with_tire_ray(p, TireModelKind::SlipCurve(SlipCurveParams::default()))
}

/// `p` with `tire` on every wheel, ray-cast contact and one substep.
fn with_tire_ray(mut p: VehicleParams, tire: TireModelKind) -> VehicleParams {
    for w in &mut p.wheels {
        w.tire.model = tire.clone();
    }
    p.contact.mode = ContactMode::Raycast;
    p.sim.substeps_low_speed = 1;
    p.sim.substeps_high_speed = 1;
    p
}

/// A skidpad world of one ground type (not boxed: one exists at a time and the world is
/// stepped through it directly).
#[allow(clippy::large_enum_variant)]
pub enum SkidpadWorld {
    /// On the plane.
    Flat(World<Plane>),
    /// On the heightfield.
    Field(World<HeightField>),
}

impl SkidpadWorld {
    /// `n` cars of `config` on the grid, resting on the ground, controls set.
    pub fn new(config: Config, terrain: Terrain, n: usize) -> Self {
        fn fill<G: skidpad::ground::Ground>(
            mut w: World<G>,
            config: Config,
            n: usize,
            height: impl Fn(f64, f64) -> f64,
        ) -> World<G> {
            // One prototype, cloned: the cars share their parameters (one type).
            let proto = Vehicle::new(config.params()).expect("valid preset");
            let r = proto.params().wheels[0].radius;
            for i in 0..n {
                let (x, y) = grid_position(i, n);
                let mut car = proto.clone();
                car.teleport(Pose::from_translation(DVec3::new(
                    x,
                    y,
                    height(x, y) + r + 0.05,
                )));
                let id = w.insert(car);
                config.set_controls(w.vehicle_mut(id));
            }
            w
        }
        match terrain {
            Terrain::Flat => {
                SkidpadWorld::Flat(fill(World::new(Plane::flat()), config, n, |_, _| 0.0))
            }
            Terrain::Heightfield => SkidpadWorld::Field(fill(
                World::new(skidpad_heightfield()),
                config,
                n,
                terrain_height,
            )),
        }
    }

    /// One step, serial or on rayon's current pool.
    pub fn step(&mut self, parallel: bool) {
        match (self, parallel) {
            (SkidpadWorld::Flat(w), false) => w.step(DT),
            (SkidpadWorld::Flat(w), true) => w.step_parallel(DT),
            (SkidpadWorld::Field(w), false) => w.step(DT),
            (SkidpadWorld::Field(w), true) => w.step_parallel(DT),
        }
    }

    /// The vehicles.
    pub fn vehicles(&self) -> &[Vehicle] {
        match self {
            SkidpadWorld::Flat(w) => w.vehicles(),
            SkidpadWorld::Field(w) => w.vehicles(),
        }
    }

    /// Mean forward speed over the cars (a sanity check that they drive). Unit: m/s.
    pub fn mean_speed(&self) -> f64 {
        let v = self.vehicles();
        v.iter().map(|v| v.state().forward_speed()).sum::<f64>() / v.len().max(1) as f64
    }

    /// `World::state_hash`.
    pub fn state_hash(&self) -> u64 {
        match self {
            SkidpadWorld::Flat(w) => w.state_hash(),
            SkidpadWorld::Field(w) => w.state_hash(),
        }
    }

    /// Cars stopped by a step fault.
    pub fn faults(&self) -> usize {
        self.vehicles()
            .iter()
            .filter(|v| v.fault().is_some())
            .count()
    }
}
