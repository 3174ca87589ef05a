//! Drivetrain and brakes: engine, clutch, gearbox, automatic box, differentials, multi-wheel
//! and tracked drive, brakes and driver aids, all solved implicitly with the wheel spin.
//!
//! # Model
//! [`DrivetrainParams::kind`] chooses the drive:
//!
//! | kind | what drives the wheels | PhysX analogue |
//! |---|---|---|
//! | [`DriveKind::Direct`] (default) | each wheel's `max_drive_torque × throttle` | `PxVehicleNoDrive` |
//! | [`DriveKind::Engine`] | [`engine`] → [`clutch`] → [`gearbox`] → [`differential`] tree or multi-wheel weights | `PxVehicleDrive4W`, `PxVehicleDriveNW` |
//! | [`DriveKind::Tank`] | engine → clutch → gearbox → left/right tracks ([`tank`]) | `PxVehicleDriveTank` |
//!
//! Brakes are per wheel (`max_brake_torque`, `max_handbrake_torque`; their front/rear ratio is
//! the brake bias) and act as Coulomb friction that never reverses a wheel's spin.
//! [`aids`] adds ABS, traction and yaw-stability control.
//!
//! With an engine, engine speed and all wheel spins are unknowns of **one** backward-Euler
//! linear system per substep ([`solver`]), each tire entering through the linearisation of
//! its longitudinal force in ω ([`crate::tire::model::linearize_contact`]). That is the PhysX
//! "best possible" clutch accuracy and is stable at 30 Hz with a stiff clutch and light wheels.
//!
//! # Symbols
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `ω_e` | engine speed | rad/s |
//! | `ωᵢ` | wheel spin | rad/s |
//! | `θ` | throttle | 1 |
//! | `G` | total gear ratio (gear × final drive) | 1 |
//! | `K` | clutch strength × engagement | N·m·s/rad |
//! | `aᵢ` | wheel share of the gearbox output torque | 1 |
//! | `T_c` | clutch torque | N·m |
//!
//! # References
//! NVIDIA PhysX 4 vehicle guide (engine, clutch, gears, autobox, Differential4W/NW, tank,
//! NoDrive); Gillespie, *Fundamentals of Vehicle Dynamics*, ch. 2 (powertrains); LibreRally
//! `DifferentialSolver` (torque-sensing LSD); ground_vehicle (turn-demand split, direction
//! changes); Milliken & Milliken, *Race Car Vehicle Dynamics*, ch. 6.
//!
//! # Limits
//! No torque converter, no engine stall, no gearbox/driveline compliance or backlash, no
//! clutch heat; the engine torque is explicit within a substep (fine for curve slopes
//! ≪ I_e/h). `Controls::Direct` always bypasses the engine (PhysX NoDrive semantics).
//!
//! ```
//! use skidpad::{presets, vehicle::{Vehicle, Intent}, ground::Plane, Pose, DVec3};
//! let mut car = Vehicle::new(presets::hatch_fwd()).unwrap();
//! car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.31)));
//! car.set_intent(Intent { throttle: 1.0, ..Intent::default() }).unwrap();
//! for _ in 0..600 { car.step(1.0 / 60.0, &Plane::flat()); }
//! let dt = &car.state().drivetrain;
//! assert!(dt.gear >= 2, "the autobox shifted up: gear {}", dt.gear);
//! assert!(car.state().forward_speed() > 15.0);
//! ```

pub mod aids;
pub mod autobox;
pub mod clutch;
pub mod differential;
pub mod engine;
pub mod gearbox;
pub mod solver;
pub mod state;
pub mod tank;

pub use aids::AidsParams;
pub use autobox::{AutoboxParams, DirectionChange};
pub use clutch::ClutchParams;
pub use differential::{DiffKind, DiffParams, DifferentialParams, DriveLayout};
pub use engine::EngineParams;
pub use gearbox::GearboxParams;
pub use state::DrivetrainState;
pub use tank::{TankMode, TankParams};

use crate::MAX_WHEELS;
use crate::error::ParamError;
use crate::vehicle::{Controls, Derived, Intent, VehicleParams, VehicleState};
use differential::Topology;
use serde::{Deserialize, Serialize};
use solver::{EngineTerm, Solution};

/// Which drive model moves the wheels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DriveKind {
    /// Per-wheel torques from `max_drive_torque` (PhysX `NoDrive`).
    #[default]
    Direct,
    /// Engine, clutch, gearbox and differentials (`differential`).
    Engine,
    /// Engine, clutch, gearbox and two tracks (`tank`).
    Tank,
}

/// The whole drivetrain. Sections not used by `kind` are ignored (but still validated).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DrivetrainParams {
    /// Drive model. Default: direct.
    pub kind: DriveKind,
    /// Engine.
    pub engine: EngineParams,
    /// Clutch.
    pub clutch: ClutchParams,
    /// Gearbox.
    pub gearbox: GearboxParams,
    /// Automatic box and direction changes.
    pub autobox: AutoboxParams,
    /// Differential tree or multi-wheel weights (kind `engine`).
    pub differential: DifferentialParams,
    /// Tracks (kind `tank`).
    pub tank: TankParams,
    /// Driver aids (every kind).
    pub aids: AidsParams,
    /// Brake bias: the front axle's share of the total service-brake torque. Unit: 1.
    /// Range: [0, 1] or absent. Default: absent (the per-wheel `max_brake_torque` values set
    /// the bias). With a bias b, front wheels' maxima are scaled by `b·T/T_front` and rear ones
    /// by `(1 − b)·T/T_rear` (T the sum of all maxima; front = ahead of the CoM). Move it
    /// rearwards for more rotation on corner entry, forwards for stability.
    pub brake_bias: Option<f64>,
}

/// Per-wheel multiplier of `max_brake_torque` that realises `bias` (see
/// [`DrivetrainParams::brake_bias`]); 1 without a bias or when an axle has no brakes.
pub fn brake_bias_scale(
    bias: Option<f64>,
    max_brake: &[f64],
    is_front: &[bool],
    wheel: usize,
) -> f64 {
    let Some(b) = bias else {
        return 1.0;
    };
    let (mut front, mut rear) = (0.0, 0.0);
    for (&t, &f) in max_brake.iter().zip(is_front) {
        if f {
            front += t;
        } else {
            rear += t;
        }
    }
    let total = front + rear;
    if front <= 0.0 || rear <= 0.0 {
        return 1.0;
    }
    if is_front[wheel] {
        b * total / front
    } else {
        (1.0 - b) * total / rear
    }
}

impl DrivetrainParams {
    /// Check every section against `n_wheels`.
    ///
    /// # Errors
    /// The first broken rule, with its field path (`gearbox.forward_ratios[2]`).
    pub fn validate(&self, n_wheels: usize) -> Result<(), ParamError> {
        self.engine.validate().map_err(|e| e.within("engine"))?;
        self.clutch
            .validate(self.engine.idle_speed, self.engine.max_speed)
            .map_err(|e| e.within("clutch"))?;
        self.gearbox.validate().map_err(|e| e.within("gearbox"))?;
        self.autobox
            .validate(&self.gearbox)
            .map_err(|e| e.within("autobox"))?;
        self.differential
            .validate(n_wheels)
            .map_err(|e| e.within("differential"))?;
        self.tank.validate().map_err(|e| e.within("tank"))?;
        self.aids.validate().map_err(|e| e.within("aids"))?;
        if let Some(b) = self.brake_bias {
            crate::error::check::in_range("brake_bias", b, 0.0, 1.0)?;
        }
        Ok(())
    }

    /// True if an engine drives the wheels.
    pub fn has_engine(&self) -> bool {
        self.kind != DriveKind::Direct
    }

    /// Initial state: engine at idle in first gear (neutral for direct drive).
    pub fn initial_state(&self) -> DrivetrainState {
        let mut s = DrivetrainState::default();
        if self.has_engine() {
            s.engine_speed = self.engine.idle_speed;
            s.gear = 1;
            s.target_gear = 1;
        }
        s
    }
}

/// What [`prepare`] hands the pipeline for the coupled solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prepared {
    /// Use the coupled solve (an engine drives and the controls are an intent).
    pub coupled: bool,
    /// Engine side of the system.
    pub engine: EngineTerm,
    /// Wheel shares and differential locks.
    pub topology: Topology,
    /// Extra spin inertia per wheel (track shares). Unit: kg·m².
    pub extra_inertia: [f64; MAX_WHEELS],
}

/// Stage 1b (after the per-wheel command mapping): gear logic, throttle, tank split, brakes
/// and aids. Rewrites each wheel's `drive_torque`/`brake_torque` for this substep `h`.
pub fn prepare(
    p: &VehicleParams,
    d: &Derived,
    controls: &Controls,
    intent: &crate::vehicle::Intent,
    hold: f64,
    s: &mut VehicleState,
    h: f64,
) -> Prepared {
    let dp = &p.drivetrain;
    let nw = p.wheels.len();
    let mut out = Prepared {
        coupled: false,
        engine: EngineTerm::default(),
        topology: Topology::default(),
        extra_inertia: [0.0; MAX_WHEELS],
    };
    // `intent` is the smoothed intent of stage 1; `hold` the hill-hold brake demand.
    let Controls::Intent(_) = controls else {
        return out;
    };
    let it = intent;
    let mut throttle = it.throttle;
    let mut brake = it.brake.max(hold);
    let mut tank_brake = [0.0; 2];

    if dp.has_engine() {
        throttle = gear_logic(dp, it, s, h, &mut brake);
        if dp.kind == DriveKind::Tank {
            let dem = tank::demand(&dp.tank, throttle, it.steer);
            throttle = dem.throttle;
            tank_brake = [dem.brake_left, dem.brake_right];
            let mut enabled = [false; MAX_WHEELS];
            for (e, w) in enabled.iter_mut().zip(&p.wheels) {
                *e = w.enabled;
            }
            out.topology = tank::topology(
                &dem,
                &d.side[..nw],
                &enabled[..nw],
                nw,
                dp.differential.lock_stiffness,
            );
            for i in 0..nw {
                let n_side = tank::side_count(&d.side[..nw], &enabled[..nw], i).max(1);
                out.extra_inertia[i] = dp.tank.track_inertia / n_side as f64;
            }
        } else {
            out.topology = differential::topology(&dp.differential, nw);
            let mut enabled = [false; MAX_WHEELS];
            for (e, w) in enabled.iter_mut().zip(&p.wheels) {
                *e = w.enabled;
            }
            out.topology.disconnect(&enabled[..nw]);
        }
    }

    // Traction control on the driven wheels' slip.
    let aids = &dp.aids;
    let ds = &mut s.drivetrain;
    if aids.tc.enabled {
        let mut max_slip: f64 = 0.0;
        for (i, w) in p.wheels.iter().enumerate() {
            let driven = if dp.has_engine() {
                out.topology.share[i] != 0.0
            } else {
                w.max_drive_torque > 0.0
            };
            if driven && w.enabled {
                let dir = if ds.gear < 0 || (!dp.has_engine() && it.reverse) {
                    -1.0
                } else {
                    1.0
                };
                max_slip = max_slip.max(dir * s.wheels[i].tire.slip_ratio);
            }
        }
        ds.tc_scale = aids::tc_scale(&aids.tc, ds.tc_scale, max_slip, h);
    } else {
        ds.tc_scale = 1.0;
    }
    throttle *= ds.tc_scale;

    // ESC: one wheel's extra brake.
    ds.esc_brake = [0.0; MAX_WHEELS];
    if aids.esc.enabled {
        let v = s.chassis.velocity_body().x;
        let r = s.chassis.angular_velocity_body().z;
        let (mut xf, mut nf, mut xr, mut nr, mut steer) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for (i, w) in p.wheels.iter().enumerate() {
            if d.is_front[i] {
                xf += w.position.x;
                nf += 1.0;
                steer += s.wheels[i].steer;
            } else {
                xr += w.position.x;
                nr += 1.0;
            }
        }
        if nf > 0.0 && nr > 0.0 {
            let wheelbase = (xf / nf - xr / nr).max(0.1);
            let r_ref = aids::reference_yaw_rate(&aids.esc, v, steer / nf, wheelbase);
            let act = aids::esc(&aids.esc, v, r, r_ref);
            ds.esc_yaw_error = act.error;
            if act.torque > 0.0 {
                for i in 0..nw {
                    if d.is_front[i] == act.front && d.side[i] == act.side {
                        ds.esc_brake[i] = act.torque;
                    }
                }
            }
        }
    }

    let mut max_brake = [0.0; MAX_WHEELS];
    for (m, w) in max_brake.iter_mut().zip(&p.wheels) {
        *m = if w.enabled { w.max_brake_torque } else { 0.0 };
    }
    for (i, w) in p.wheels.iter().enumerate() {
        let ws = &mut s.wheels[i];
        let bias = brake_bias_scale(dp.brake_bias, &max_brake[..nw], &d.is_front[..nw], i);
        let mut service = brake * w.max_brake_torque * bias;
        if aids.abs.enabled && service > 0.0 {
            (ds.abs_released[i], ds.abs_scale[i]) = aids::abs_modulate(
                &aids.abs,
                ds.abs_released[i],
                ds.abs_scale[i],
                ws.tire.slip_ratio,
                h,
            );
            service *= ds.abs_scale[i];
        } else {
            ds.abs_released[i] = false;
            ds.abs_scale[i] = 1.0;
        }
        let side = if d.side[i] > 0.0 { 0 } else { 1 };
        ws.brake_torque = service
            + it.handbrake * w.max_handbrake_torque
            + tank_brake[side] * w.max_brake_torque
            + ds.esc_brake[i];
        if dp.has_engine() {
            ws.drive_torque = 0.0;
        } else {
            let dir = if it.reverse { -1.0 } else { 1.0 };
            ws.drive_torque = dir * throttle * w.max_drive_torque;
        }
    }

    if dp.has_engine() {
        let e = &dp.engine;
        let eng = clutch::engagement(&dp.clutch, it.clutch, ds.engine_speed, e.idle_speed);
        let ratio = dp.gearbox.total_ratio(ds.gear);
        // In neutral the clutch drives a free gearbox input: the engine sees it open.
        let engaged = if ratio != 0.0 { eng } else { 0.0 };
        ds.throttle = throttle;
        ds.clutch_engagement = eng;
        ds.engine_torque = engine::drive_torque(e, throttle, ds.engine_speed);
        out.engine = EngineTerm {
            inertia: e.inertia,
            omega: ds.engine_speed,
            torque: ds.engine_torque,
            damping: engine::damping_rate(e, throttle, engaged),
            clutch: dp.clutch.strength * eng,
            ratio,
            idle: e.idle_speed,
            max: e.max_speed,
        };
        out.coupled = true;
    }
    out
}

/// Gear selection for one substep; returns the throttle after shift cuts and may turn the
/// throttle into `brake` (stop-then-change).
fn gear_logic(
    dp: &DrivetrainParams,
    it: &Intent,
    s: &mut VehicleState,
    h: f64,
    brake: &mut f64,
) -> f64 {
    let speed = s.forward_speed();
    let ds = &mut s.drivetrain;
    let gb = &dp.gearbox;
    let mut throttle = it.throttle;
    if ds.shift_timer > 0.0 {
        ds.shift_timer -= h;
        if ds.shift_timer <= 0.0 {
            ds.shift_timer = 0.0;
            ds.gear = ds.target_gear;
        }
    }
    ds.autobox_timer += h;
    let shifting = ds.shift_timer > 0.0;
    let current = if shifting { ds.target_gear } else { ds.gear };
    let mut request = None;
    if it.gear_up && !ds.gear_up_held {
        request = Some(current + 1);
    }
    if it.gear_down && !ds.gear_down_held {
        request = Some(current - 1);
    }
    if let Some(t) = it.target_gear {
        let t = gb.clamp_gear(t);
        if t != current {
            request = Some(t);
        }
    }
    ds.gear_up_held = it.gear_up;
    ds.gear_down_held = it.gear_down;
    let start = |ds: &mut DrivetrainState, g: i8, auto: bool| {
        let g = gb.clamp_gear(g);
        if g == ds.gear && ds.shift_timer <= 0.0 {
            return;
        }
        ds.target_gear = g;
        ds.automatic_shift = auto;
        if auto {
            ds.autobox_timer = 0.0;
        }
        if gb.switch_time > 0.0 && g != 0 {
            ds.gear = 0;
            ds.shift_timer = gb.switch_time;
        } else {
            ds.gear = g;
            ds.shift_timer = 0.0;
        }
    };
    if let Some(g) = request {
        start(ds, g, false);
    } else if ds.automatic.unwrap_or(dp.autobox.enabled) && !shifting && it.target_gear.is_none() {
        let dec = autobox::automatic(
            &dp.autobox,
            gb,
            ds.gear,
            ds.engine_speed / dp.engine.max_speed,
            speed,
            ds.autobox_timer,
            it.reverse,
        );
        if dec.throttle_as_brake {
            *brake = brake.max(throttle);
            throttle = 0.0;
        }
        if let Some(g) = dec.shift_to {
            start(ds, g, dec.automatic);
        }
    }
    if ds.shift_timer > 0.0 && ds.automatic_shift && dp.autobox.throttle_cut {
        throttle = 0.0;
    }
    throttle
}

/// After the coupled solve: store engine speed, clutch telemetry and energy accounting.
pub fn finish(p: &VehicleParams, prep: &Prepared, sol: &Solution, s: &mut VehicleState, h: f64) {
    let ds = &mut s.drivetrain;
    let e = &prep.engine;
    ds.engine_speed = sol.engine_speed;
    ds.clutch_torque = sol.clutch_torque;
    ds.clutch_slip = sol.clutch_slip;
    ds.engine_work += (e.torque + sol.governor_torque) * sol.engine_speed * h;
    ds.driveline_loss += (e.damping * sol.engine_speed * sol.engine_speed + sol.dissipation) * h;
    let _ = p;
}

/// Set the engine speed to match the wheels through the engaged gear (no clutch slip), e.g.
/// after [`crate::vehicle::Vehicle::set_velocity`].
pub fn sync_engine(p: &VehicleParams, d: &Derived, s: &mut VehicleState) {
    let dp = &p.drivetrain;
    if !dp.has_engine() {
        return;
    }
    let nw = p.wheels.len();
    let topo = if dp.kind == DriveKind::Tank {
        let mut enabled = [false; MAX_WHEELS];
        for (e, w) in enabled.iter_mut().zip(&p.wheels) {
            *e = w.enabled;
        }
        tank::topology(
            &tank::demand(&dp.tank, 0.0, 0.0),
            &d.side[..nw],
            &enabled[..nw],
            nw,
            1.0,
        )
    } else {
        differential::topology(&dp.differential, nw)
    };
    let w_out: f64 = (0..nw)
        .map(|i| topo.share[i] * s.wheels[i].tire.omega)
        .sum();
    let g = dp.gearbox.total_ratio(s.drivetrain.gear);
    s.drivetrain.engine_speed = (g * w_out).clamp(dp.engine.idle_speed, dp.engine.max_speed);
}

#[cfg(test)]
mod brake_bias_tests {
    use super::brake_bias_scale;

    #[test]
    fn bias_redistributes_the_total() {
        // Sedan maxima 1500, 1500, 500, 500 N·m (natural bias 0.75); bias 0.6 → front wheels
        // 0.6·4000/3000 = 0.8 (1200 N·m each), rear 0.4·4000/1000 = 1.6 (800 N·m each).
        let m = [1500.0, 1500.0, 500.0, 500.0];
        let f = [true, true, false, false];
        assert!((brake_bias_scale(Some(0.6), &m, &f, 0) - 0.8).abs() < 1e-12);
        assert!((brake_bias_scale(Some(0.6), &m, &f, 3) - 1.6).abs() < 1e-12);
        let total: f64 = (0..4)
            .map(|i| m[i] * brake_bias_scale(Some(0.6), &m, &f, i))
            .sum();
        assert!((total - 4000.0).abs() < 1e-9);
        assert_eq!(brake_bias_scale(None, &m, &f, 0), 1.0);
        assert_eq!(
            brake_bias_scale(Some(0.6), &[1.0, 0.0], &[true, false], 0),
            1.0
        );
    }
}
