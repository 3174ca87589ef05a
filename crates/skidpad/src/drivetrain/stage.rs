//! The powertrain stage of the step: gear logic, throttle, tank split, brakes and driver aids
//! for one substep (before the tyres), and the bookkeeping after the coupled engine + wheel
//! solve ([`super::solver`]).
//!
//! | function | reads | writes |
//! |---|---|---|
//! | [`prepare`] | [`DrivetrainParams`], [`DriveWheel`]s, the cached [`wheel_topology`], [`PowertrainInput`] (smoothed intent, hill-hold demand, chassis speed and yaw rate, last slip ratios, steer angles) | [`DrivetrainState`] (gear, aids), [`Prepared`] (per-wheel drive and brake torque, engine term, track demand) |
//! | [`finish`] | [`Prepared`], the solver's [`Solution`] | [`DrivetrainState`] (engine speed, clutch, energy) |
//! | [`sync_engine`] | wheel spins | engine speed matched to them through the gear |
//!
//! Per-wheel torques: service brake `b·T_brake,max·s_bias·s_ABS`, plus hand brake
//! `h·T_hand,max`, plus the tank's steering brake and the ESC brake; direct drive
//! `±u·T_drive,max` (sign from `reverse`), engine drives 0 here (the coupled solve gives them).
//! Units: N·m, rad/s, m/s, s.
//!
//! **Topology cache.** A wheeled engine drive's differential tree ([`wheel_topology`]) depends
//! only on the parameters (layout, splits, lock laws, which wheels are enabled); gear, clutch
//! and throttle enter the solve through the [`EngineTerm`]. It is built once per parameter set
//! ([`crate::params::Derived::drive_topology`], rebuilt with the `Derived` whenever the
//! parameters change) instead of every substep, and [`Prepared`] carries no topology (it was
//! 7.4 KB, zeroed and copied each substep). Tracks change their topology with the steering
//! demand: [`Prepared::tracks`] keeps the substep's demand and [`track_topology`] builds it.

use super::solver::{EngineTerm, Solution};
use super::{
    DriveKind, DrivetrainParams, DrivetrainState, aids, autobox, brake_bias_scale, clutch,
    differential, differential::Topology, engine, tank, traction,
};
use crate::MAX_WHEELS;
use crate::input::Intent;

/// What the powertrain stage needs to know about one wheel (derived once from the wheel's
/// parameters and position, see [`crate::wheel::WheelParams::drive_wheel`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DriveWheel {
    /// False for a disabled wheel.
    pub enabled: bool,
    /// Drive torque at full throttle (direct drive). Unit: N·m.
    pub max_drive_torque: f64,
    /// Service-brake torque at full brake. Unit: N·m.
    pub max_brake_torque: f64,
    /// Hand-brake torque at full hand brake. Unit: N·m.
    pub max_handbrake_torque: f64,
    /// Wheel radius (traction control's slip sensitivity). Unit: m.
    pub radius: f64,
    /// Spin inertia of the wheel (traction control's slip sensitivity). Unit: kg·m².
    pub inertia: f64,
    /// The tyre's slip-denominator floor `v_min` (traction control). Unit: m/s.
    pub min_slip_speed: f64,
    /// Wheel centre x, vehicle frame (ESC wheelbase). Unit: m.
    pub x: f64,
    /// Ahead of the centre of mass.
    pub is_front: bool,
    /// +1 left of the centreline, −1 right.
    pub side: f64,
}

/// The upstream state the powertrain stage reads.
#[derive(Debug, Clone, Copy)]
pub struct PowertrainInput<'a> {
    /// The smoothed driver intent (input stage).
    pub intent: &'a Intent,
    /// Hill-hold brake demand (stability stage, input part). Unit: 1.
    pub hold: f64,
    /// Forward speed of the centre of mass, vehicle x. Unit: m/s.
    pub forward_speed: f64,
    /// Yaw rate about the vehicle z axis. Unit: rad/s.
    pub yaw_rate: f64,
    /// Each wheel's slip ratio from the last substep (TC, ABS). Unit: 1.
    pub slip_ratio: &'a [f64],
    /// Each wheel's road-wheel steer angle this substep (ESC). Unit: rad.
    pub steer: &'a [f64],
}

/// What [`prepare`] hands the grip stage and the coupled solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prepared {
    /// Use the coupled solve (an engine drives and the controls are an intent).
    pub coupled: bool,
    /// Engine side of the system.
    pub engine: EngineTerm,
    /// A tank's track demand this substep (its topology: [`track_topology`]); `None` for
    /// wheeled drives, whose topology is the cached [`wheel_topology`].
    pub tracks: Option<tank::TrackDemand>,
    /// Extra spin inertia per wheel (track shares). Unit: kg·m².
    pub extra_inertia: [f64; MAX_WHEELS],
    /// Drive torque per wheel (0 for engine drives: the coupled solve sets it). Unit: N·m.
    pub drive_torque: [f64; MAX_WHEELS],
    /// Brake torque per wheel (≥ 0). Unit: N·m.
    pub brake_torque: [f64; MAX_WHEELS],
}

impl Prepared {
    /// Nothing to do: direct wheel commands (the torques stay as commanded).
    pub fn none() -> Self {
        Self {
            coupled: false,
            engine: EngineTerm::default(),
            tracks: None,
            extra_inertia: [0.0; MAX_WHEELS],
            drive_torque: [0.0; MAX_WHEELS],
            brake_torque: [0.0; MAX_WHEELS],
        }
    }
}

/// The powertrain stage for one substep `h`: gear logic, throttle, tank split, brakes and aids.
/// `topology` is the cached [`wheel_topology`] of `dp` and `wheels` (unused for tanks).
pub fn prepare(
    dp: &DrivetrainParams,
    wheels: &[DriveWheel],
    topology: &Topology,
    input: &PowertrainInput,
    ds: &mut DrivetrainState,
    h: f64,
) -> Prepared {
    let mut out = Prepared::none();
    let it = input.intent;
    let mut throttle = it.throttle;
    let mut brake = it.brake.max(input.hold);
    let mut tank_brake = [0.0; 2];
    let tracks_topology;
    let mut topology = topology;
    if dp.has_engine() {
        throttle = gear_logic(dp, it, input.forward_speed, ds, h, &mut brake);
        if dp.kind == DriveKind::Tank {
            let dem = tank::demand(&dp.tank, throttle, it.steer, it.tracks.as_ref());
            throttle = dem.throttle;
            tank_brake = dem.brake;
            out.tracks = Some(dem);
            out.extra_inertia = track_inertia(dp, wheels);
            if dp.aids.tc.enabled {
                tracks_topology = track_topology(dp, wheels, &dem);
                topology = &tracks_topology;
            }
        }
    }
    throttle *= traction::traction_control(dp, wheels, topology, input, throttle, ds, h);
    esc_brakes(dp, wheels, input, ds);
    wheel_torques(
        dp, wheels, input, throttle, brake, tank_brake, ds, &mut out, h,
    );
    if dp.has_engine() {
        out.engine = engine_term(dp, it, throttle, ds);
        out.coupled = true;
    }
    out
}

/// The engine's differential tree with disabled wheels disconnected (wheeled drives; built
/// once per parameter set, see the module docs).
pub fn wheel_topology(dp: &DrivetrainParams, wheels: &[DriveWheel]) -> Topology {
    let nw = wheels.len();
    let mut t = differential::topology(&dp.differential, nw);
    let mut enabled = [false; MAX_WHEELS];
    for (e, w) in enabled.iter_mut().zip(wheels) {
        *e = w.enabled;
    }
    t.disconnect(&enabled[..nw]);
    t
}

/// Each wheel's side and enabled flag, as the tank functions take them.
fn sides(wheels: &[DriveWheel]) -> ([f64; MAX_WHEELS], [bool; MAX_WHEELS]) {
    let (mut side, mut enabled) = ([1.0; MAX_WHEELS], [false; MAX_WHEELS]);
    for (i, w) in wheels.iter().enumerate() {
        (enabled[i], side[i]) = (w.enabled, w.side);
    }
    (side, enabled)
}

/// The two tracks' topology for a demand (the differential's lock stiffness).
pub fn track_topology(
    dp: &DrivetrainParams,
    wheels: &[DriveWheel],
    dem: &tank::TrackDemand,
) -> Topology {
    track_topology_with(wheels, dem, dp.differential.lock_stiffness)
}

/// [`track_topology`] with lock stiffness `lock_stiffness`.
fn track_topology_with(
    wheels: &[DriveWheel],
    dem: &tank::TrackDemand,
    lock_stiffness: f64,
) -> Topology {
    let nw = wheels.len();
    let (side, enabled) = sides(wheels);
    tank::topology(dem, &side[..nw], &enabled[..nw], nw, lock_stiffness)
}

/// Each wheel's share of its track's inertia. Unit: kg·m².
fn track_inertia(dp: &DrivetrainParams, wheels: &[DriveWheel]) -> [f64; MAX_WHEELS] {
    let nw = wheels.len();
    let (side, enabled) = sides(wheels);
    let mut extra = [0.0; MAX_WHEELS];
    for (i, e) in extra.iter_mut().enumerate().take(nw) {
        let n_side = tank::side_count(&side[..nw], &enabled[..nw], i).max(1);
        *e = dp.tank.track_inertia / n_side as f64;
    }
    extra
}

/// ESC: one wheel's extra brake (`ds.esc_brake`), from the bicycle-model yaw-rate reference.
fn esc_brakes(
    dp: &DrivetrainParams,
    wheels: &[DriveWheel],
    input: &PowertrainInput,
    ds: &mut DrivetrainState,
) {
    ds.esc_brake = [0.0; MAX_WHEELS];
    let esc = &dp.aids.esc;
    if !esc.enabled {
        return;
    }
    let (v, r) = (input.forward_speed, input.yaw_rate);
    let (mut xf, mut nf, mut xr, mut nr, mut steer) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (i, w) in wheels.iter().enumerate() {
        if w.is_front {
            xf += w.x;
            nf += 1.0;
            steer += input.steer[i];
        } else {
            xr += w.x;
            nr += 1.0;
        }
    }
    if nf > 0.0 && nr > 0.0 {
        let wheelbase = (xf / nf - xr / nr).max(0.1);
        let r_ref = aids::reference_yaw_rate(esc, v, steer / nf, wheelbase);
        let act = aids::esc(esc, v, r, r_ref);
        ds.esc_yaw_error = act.error;
        if act.torque > 0.0 {
            for (b, w) in ds.esc_brake.iter_mut().zip(wheels) {
                if w.is_front == act.front && w.side == act.side {
                    *b = act.torque;
                }
            }
        }
    }
}

/// Per-wheel brake (bias, ABS, hand brake, tank steering brake, ESC) and direct drive torque.
#[allow(clippy::too_many_arguments)]
fn wheel_torques(
    dp: &DrivetrainParams,
    wheels: &[DriveWheel],
    input: &PowertrainInput,
    throttle: f64,
    brake: f64,
    tank_brake: [f64; 2],
    ds: &mut DrivetrainState,
    out: &mut Prepared,
    h: f64,
) {
    let it = input.intent;
    let nw = wheels.len();
    let (mut max_brake, mut is_front) = ([0.0; MAX_WHEELS], [false; MAX_WHEELS]);
    for (i, w) in wheels.iter().enumerate() {
        max_brake[i] = if w.enabled { w.max_brake_torque } else { 0.0 };
        is_front[i] = w.is_front;
    }
    for (i, w) in wheels.iter().enumerate() {
        let bias = brake_bias_scale(dp.brake_bias, &max_brake[..nw], &is_front[..nw], i);
        let mut service = brake * w.max_brake_torque * bias;
        if dp.aids.abs.enabled && service > 0.0 {
            let state = aids::AbsWheel {
                released: ds.abs_released[i],
                scale: ds.abs_scale[i],
                lock_scale: ds.abs_lock_scale[i],
            };
            let next = aids::abs_modulate(&dp.aids.abs, state, input.slip_ratio[i], h);
            ds.abs_released[i] = next.released;
            ds.abs_scale[i] = next.scale;
            ds.abs_lock_scale[i] = next.lock_scale;
            service *= ds.abs_scale[i];
        } else {
            ds.abs_released[i] = false;
            ds.abs_scale[i] = 1.0;
            ds.abs_lock_scale[i] = 1.0;
        }
        let side = tank::side_index(w.side);
        out.brake_torque[i] = service
            + it.handbrake * w.max_handbrake_torque
            + tank_brake[side] * w.max_brake_torque
            + ds.esc_brake[i];
        out.drive_torque[i] = if dp.has_engine() {
            0.0
        } else {
            let dir = if it.reverse { -1.0 } else { 1.0 };
            dir * throttle * w.max_drive_torque
        };
    }
}

/// The engine side of the coupled solve; records throttle, clutch engagement and engine torque.
fn engine_term(
    dp: &DrivetrainParams,
    it: &Intent,
    throttle: f64,
    ds: &mut DrivetrainState,
) -> EngineTerm {
    let e = &dp.engine;
    let eng = clutch::engagement(&dp.clutch, it.clutch, ds.engine_speed, e.idle_speed);
    let ratio = dp.gearbox.total_ratio(ds.gear);
    // In neutral the clutch drives a free gearbox input: the engine sees it open.
    let engaged = if ratio != 0.0 { eng } else { 0.0 };
    ds.throttle = throttle;
    ds.clutch_engagement = eng;
    ds.engine_torque = engine::drive_torque(e, throttle, ds.engine_speed);
    // In gear, an automatic clutch's engagement is solved at the end-of-substep speed.
    let law = (dp.clutch.automatic && ratio != 0.0).then(|| {
        let damping = [0.0, 1.0].map(|x| engine::damping_rate(e, throttle, x));
        let (pedal, idle) = (it.clutch, e.idle_speed);
        clutch::Engagement::automatic(&dp.clutch, pedal, idle, damping, ds.engine_speed)
    });
    EngineTerm {
        inertia: e.inertia,
        omega: ds.engine_speed,
        torque: ds.engine_torque,
        damping: engine::damping_rate(e, throttle, engaged),
        clutch: dp.clutch.strength * eng,
        ratio,
        idle: e.idle_speed,
        max: e.max_speed,
        law,
    }
}

/// Gear selection for one substep; returns the throttle after shift cuts and may turn the
/// throttle into `brake` (stop-then-change). `speed` is the forward speed (m/s).
fn gear_logic(
    dp: &DrivetrainParams,
    it: &Intent,
    speed: f64,
    ds: &mut DrivetrainState,
    h: f64,
    brake: &mut f64,
) -> f64 {
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
    let request = gear_request(dp, it, current, ds);
    if let Some(g) = request {
        start_shift(dp, ds, g, false);
    } else if ds.automatic.unwrap_or(dp.autobox.enabled) && !shifting && it.target_gear.is_none() {
        let dec = autobox::automatic(
            &dp.autobox,
            &dp.gearbox,
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
            start_shift(dp, ds, g, dec.automatic);
        }
    }
    if ds.shift_timer > 0.0 && ds.automatic_shift && dp.autobox.throttle_cut {
        throttle = 0.0;
    }
    throttle
}

/// The driver's gear request this substep (edge-triggered up/down, or a target gear).
fn gear_request(
    dp: &DrivetrainParams,
    it: &Intent,
    current: i8,
    ds: &mut DrivetrainState,
) -> Option<i8> {
    let mut request = None;
    if it.gear_up && !ds.gear_up_held {
        request = Some(current + 1);
    }
    if it.gear_down && !ds.gear_down_held {
        request = Some(current - 1);
    }
    if let Some(t) = it.target_gear {
        let t = dp.gearbox.clamp_gear(t);
        if t != current {
            request = Some(t);
        }
    }
    ds.gear_up_held = it.gear_up;
    ds.gear_down_held = it.gear_down;
    request
}

/// Begin a shift to `g` (through neutral for `switch_time` when it is set).
fn start_shift(dp: &DrivetrainParams, ds: &mut DrivetrainState, g: i8, auto: bool) {
    let gb = &dp.gearbox;
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
}

/// After the coupled solve: store engine speed, clutch telemetry (the engagement the solve
/// ended at) and energy accounting (the solve's engine damping).
pub fn finish(prep: &Prepared, sol: &Solution, ds: &mut DrivetrainState, h: f64) {
    let e = &prep.engine;
    ds.engine_speed = sol.engine_speed;
    ds.clutch_torque = sol.clutch_torque;
    ds.clutch_slip = sol.clutch_slip;
    if let Some(eng) = sol.engagement {
        ds.clutch_engagement = eng;
    }
    let damping = sol.engine_damping;
    ds.engine_work += (e.torque + sol.governor_torque) * sol.engine_speed * h;
    ds.driveline_loss += (damping * sol.engine_speed * sol.engine_speed + sol.dissipation) * h;
}

/// Set the engine speed to match the wheel spins `omega` (rad/s, one per wheel) through the
/// engaged gear (no clutch slip), e.g. after [`crate::vehicle::Vehicle::set_velocity`].
///
/// In automatic mode, in a forward gear and not shifting, the gear is first set to the one
/// the automatic box would have reached accelerating to these spins: the lowest forward gear
/// `g` with `G_g·ω_out ≤ up[g]·ω_max` (the top gear if none), so a vehicle started at speed
/// neither over-revs nor engine-brakes in first gear.
pub fn sync_engine(
    dp: &DrivetrainParams,
    wheels: &[DriveWheel],
    omega: &[f64],
    ds: &mut DrivetrainState,
) {
    if !dp.has_engine() {
        return;
    }
    let nw = wheels.len();
    let topo = if dp.kind == DriveKind::Tank {
        let straight = tank::demand(&dp.tank, 0.0, 0.0, None);
        track_topology_with(wheels, &straight, 1.0)
    } else {
        differential::topology(&dp.differential, nw)
    };
    let w_out: f64 = (0..nw).map(|i| topo.share[i] * omega[i]).sum();
    let automatic = ds.automatic.unwrap_or(dp.autobox.enabled);
    if automatic && ds.gear >= 1 && ds.shift_timer <= 0.0 {
        let gb = &dp.gearbox;
        let top = gb.top_gear();
        let fits =
            |g: i8| gb.total_ratio(g) * w_out <= dp.autobox.up_threshold(g) * dp.engine.max_speed;
        let g = (1..=top).find(|&g| fits(g)).unwrap_or(top);
        ds.gear = g;
        ds.target_gear = g;
    }
    let g = dp.gearbox.total_ratio(ds.gear);
    ds.engine_speed = (g * w_out).clamp(dp.engine.idle_speed, dp.engine.max_speed);
}
