//! The 1-D body coupled to wheels and brakes: the VehicleBody spec's "next steps" (wheel →
//! translational motion, brake, and a coast-down integration test), built from the same
//! [`VehicleParams`] as the 3-D model so the two can be run side by side.
//!
//! # Model
//! The body is [`super`]'s point mass with quasi-static load transfer; rolling resistance is
//! switched off in the body ([`StepOptions::DRAG_ONLY`]) because each wheel carries its own,
//! as a torque `C_rr·F_z·R·tanh(ωR/v_rr)` on the spin (as in the 3-D model). Every wheel of
//! the vehicle is kept, with its own radius, spin inertia, bearing damping, tyre model, drive
//! and brake limits; wheel `i` on axle `k` (front: ahead of the centre of mass) carries
//!
//! ```text
//! F_z,i = N_k · m_i / Σ_{j ∈ k} m_j          m_i the wheel's sprung mass (static split)
//! ```
//!
//! of its axle's load `N_k` from the last body evaluation. Each step of `h`, every wheel runs
//! the core's own contact and spin solve ([`crate::tire::model::solve_contact`]: the tyre's
//! steady-state model with transient slip, backward Euler for spin, deflection and the corner
//! mass `m_i`) at the body speed `v` (no lateral slip, no camber), with drive torque
//! `u_throttle·T_drive,i` and brake torque `u_brake·T_brake,i`; then the body advances with
//! traction `F_k = Σ_{i ∈ k} F_x,i` held over the step:
//!
//! ```text
//! m·v̇ = F_f + F_r − ½ρ C_d A v|v| − m g sin θ
//! I_i·ω̇_i = T_drive,i − T_brake,i·sgn ω_i − R_i·F_x,i − T_rr,i − c_i·ω_i   (in solve_contact)
//! ```
//!
//! The spinning wheels add `Σ I_i/R_i²` of effective mass (they are spun up and down through
//! the tyre force), so a coast-down from `v₀` on level ground takes
//! `t = M/√(R·D)·[atan(v₀√(D/R)) − atan(v₁√(D/R))]` with `M = m + ΣI/R²`, `D = ½ρC_dA`,
//! `R = C_rr·m·g` (once `ωR ≫ v_rr`).
//!
//! Only direct drive (per-wheel `max_drive_torque`) is coupled: engine-driven vehicles get
//! their wheels' torque from the drivetrain solve, which the 1-D model does not run
//! ([`Coupled::from_vehicle`] refuses them). Vehicles must have at least one wheel on each side
//! of the centre of mass (x).
//!
//! Units: SI throughout (m, s, kg, N, N·m, rad/s). Axes: +x forward along the road.

use super::model::{StepOptions, step_with};
use super::params::VehicleBodyParams;
use super::state::VehicleBodyState;
use crate::MAX_WHEELS;
use crate::error::ParamError;
use crate::params::VehicleParams;
use crate::tire::model::{ContactInput, solve_contact};
use crate::tire::state::TireState;

/// The 1-D body, its wheels and their tyre states.
#[derive(Debug, Clone)]
pub struct Coupled {
    params: VehicleParams,
    body: VehicleBodyParams,
    front: [bool; MAX_WHEELS],
    sprung: [f64; MAX_WHEELS],
    /// Sprung mass on the front and rear axle, `Σ m_j` per axle. Unit: kg.
    axle_sprung: [f64; 2],
    /// Body state (position, speed, loads, resistances).
    pub state: VehicleBodyState,
    /// Each wheel's tyre state (spin, slip, forces); first `n` entries.
    pub tires: [TireState; MAX_WHEELS],
}

impl Coupled {
    /// The 1-D counterpart of a direct-drive vehicle, at rest: mass, axle positions, CG
    /// height above the ground (`com_offset.z` plus the mean wheel radius, minus the mean
    /// wheel-centre z), drag and gravity from `p`; the axle loads from its sprung masses.
    ///
    /// # Errors
    /// Invalid params, an engine drive (`drivetrain.kind`), or no wheel on one side of the
    /// centre of mass (`wheels`).
    pub fn from_vehicle(p: &VehicleParams) -> Result<Self, ParamError> {
        p.validate()?;
        if p.drivetrain.has_engine() {
            return Err(ParamError::new(
                "drivetrain.kind",
                "must be direct drive for the 1-D model: it couples each wheel's own drive \
                 torque, not an engine and gearbox",
            ));
        }
        let sprung = p.sprung_masses()?;
        let com = p.chassis.com_offset;
        let mut front = [false; MAX_WHEELS];
        let (mut xf, mut mf, mut xr, mut mr) = (0.0, 0.0, 0.0, 0.0);
        let (mut r_sum, mut z_sum, mut n) = (0.0, 0.0, 0.0);
        for (i, w) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
            front[i] = w.position.x > com.x;
            if front[i] {
                xf += sprung[i] * w.position.x;
                mf += sprung[i];
            } else {
                xr += sprung[i] * w.position.x;
                mr += sprung[i];
            }
            r_sum += w.radius;
            z_sum += w.position.z;
            n += 1.0;
        }
        if mf <= 0.0 || mr <= 0.0 {
            return Err(ParamError::new(
                "wheels",
                "needs loaded wheels both ahead of and behind the centre of mass for the 1-D \
                 model's two axles",
            ));
        }
        let (a, b) = (xf / mf - com.x, com.x - xr / mr);
        let body = VehicleBodyParams {
            mass: p.chassis.mass,
            wheelbase: a + b,
            cg_to_front: a,
            cg_to_rear: b,
            cg_height: com.z + r_sum / n - z_sum / n,
            drag_coefficient: p.aero.drag_coefficient,
            frontal_area: p.aero.frontal_area,
            air_density: p.aero.air_density,
            gravity: p.sim.gravity,
            ..VehicleBodyParams::default()
        };
        body.validate().map_err(|e| e.within("body1d"))?;
        Ok(Self {
            params: p.clone(),
            state: VehicleBodyState::at_rest(&body),
            body,
            front,
            sprung,
            axle_sprung: [mf, mr],
            tires: [TireState::default(); MAX_WHEELS],
        })
    }

    /// The 1-D body parameters derived from the vehicle.
    pub fn body(&self) -> &VehicleBodyParams {
        &self.body
    }

    /// Effective mass `m + Σ I_i/R_i²` (spinning wheels included). Unit: kg.
    pub fn effective_mass(&self) -> f64 {
        self.body.mass
            + self
                .params
                .wheels
                .iter()
                .filter(|w| w.enabled)
                .map(|w| w.inertia / (w.radius * w.radius))
                .sum::<f64>()
    }

    /// Put the body at speed `v` (m/s) with every wheel rolling without slip.
    pub fn set_speed(&mut self, v: f64) {
        self.state = VehicleBodyState::moving(&self.body, v);
        for (t, w) in self.tires.iter_mut().zip(&self.params.wheels) {
            *t = TireState {
                omega: v / w.radius,
                ..TireState::default()
            };
        }
    }

    /// Advance by `h` seconds with pedals `throttle`, `brake` ∈ [0, 1] (clamped; a non-finite
    /// pedal counts as 0). Never allocates.
    pub fn step(&mut self, throttle: f64, brake: f64, h: f64) {
        let pedal = |u: f64| {
            if u.is_finite() {
                u.clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        let (throttle, brake) = (pedal(throttle), pedal(brake));
        let p = &self.params;
        let g = p.sim.gravity;
        let (mut ff, mut fr) = (0.0, 0.0);
        for (i, w) in p.wheels.iter().enumerate().filter(|(_, w)| w.enabled) {
            let (axle_load, axle_mass) = if self.front[i] {
                (self.state.normal_front, self.axle_sprung[0])
            } else {
                (self.state.normal_rear, self.axle_sprung[1])
            };
            let c = ContactInput {
                load: axle_load * self.sprung[i] / axle_mass,
                vx: self.state.velocity,
                damping_rate: w.damping_rate,
                drive_torque: throttle * w.max_drive_torque,
                brake_torque: brake * w.max_brake_torque,
                effective_mass: self.sprung[i],
                rest_load: self.sprung[i] * g,
                grip_x: w.tire.longitudinal_grip,
                grip_y: w.tire.lateral_grip,
                ..ContactInput::new(w.radius, w.inertia, g)
            };
            let f = solve_contact(&w.tire, &c, &mut self.tires[i], h);
            if self.front[i] {
                ff += f.fx;
            } else {
                fr += f.fx;
            }
        }
        step_with(
            &self.body,
            &StepOptions::DRAG_ONLY,
            &mut self.state,
            ff,
            fr,
            h,
        );
    }
}

/// Outcome of a 1-D run ([`launch`], [`coast_down`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Run1d {
    /// Time to reach the target speed; `None` if not reached within the time limit. Unit: s.
    pub time: Option<f64>,
    /// Distance covered until then (or the limit). Unit: m.
    pub distance: f64,
    /// Speed at the end. Unit: m/s.
    pub final_speed: f64,
}

/// Full throttle from rest until `target` m/s (or `limit` s), steps of `h` s.
pub fn launch(c: &mut Coupled, target: f64, h: f64, limit: f64) -> Run1d {
    c.set_speed(0.0);
    run_until(c, 1.0, h, limit, |v| v >= target)
}

/// Coast (no pedal) from `from` m/s down to `to` m/s (or `limit` s), steps of `h` s.
pub fn coast_down(c: &mut Coupled, from: f64, to: f64, h: f64, limit: f64) -> Run1d {
    c.set_speed(from);
    run_until(c, 0.0, h, limit, |v| v <= to)
}

/// The 1-D model beside the 3-D one on the same vehicle ([`side_by_side`]).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct SideBySide {
    /// 0–100 km/h at full throttle, 1-D. Unit: s (NaN if not reached in 60 s).
    pub t_0_100_1d_s: f64,
    /// 0–100 km/h, the 3-D model's acceleration manoeuvre. Unit: s (NaN if not reached).
    pub t_0_100_3d_s: f64,
    /// Coast-down 30 → 5 m/s fitted `C_d·A`, 1-D. Unit: m².
    pub cd_a_1d_m2: f64,
    /// The 3-D coast-down manoeuvre's fitted `C_d·A`. Unit: m².
    pub cd_a_3d_m2: f64,
    /// The vehicle's own `C_d·A`. Unit: m².
    pub cd_a_configured_m2: f64,
    /// Coast-down fitted `C_rr`, 1-D. Unit: 1.
    pub crr_1d: f64,
    /// The 3-D coast-down's fitted `C_rr`. Unit: 1.
    pub crr_3d: f64,
    /// The wheels' mean configured `C_rr`. Unit: 1.
    pub crr_configured: f64,
}

/// Run a launch (0–100 km/h) and a coast-down (30 → 5 m/s, fitted with
/// [`crate::maneuver::longitudinal::fit_coast_down`]) on the 1-D model, steps of 1/240 s,
/// and the 3-D model's acceleration and coast-down manoeuvres on the same vehicle.
///
/// # Errors
/// As [`Coupled::from_vehicle`], or the 3-D manoeuvres' errors.
pub fn side_by_side(p: &VehicleParams) -> Result<SideBySide, ParamError> {
    use crate::maneuver::longitudinal as lon;
    let h = 1.0 / 240.0;
    let mut c = Coupled::from_vehicle(p)?;
    let t1 = launch(&mut c, 100.0 / 3.6, h, 60.0)
        .time
        .unwrap_or(f64::NAN);
    c.set_speed(30.0);
    let mut samples = Vec::new();
    let (mut t, mut last) = (0.0, 30.0);
    while last > 5.0 && t < 600.0 {
        c.step(0.0, 0.0, h);
        t += h;
        let now = c.state.velocity;
        if t > 1.0 {
            samples.push((0.5 * (now + last), (last - now) / h));
        }
        last = now;
    }
    let (a, b) = lon::fit_coast_down(&samples);
    let m_eff = c.effective_mass();
    let accel = lon::acceleration(p)?;
    let coast = lon::coast_down(p)?;
    Ok(SideBySide {
        t_0_100_1d_s: t1,
        t_0_100_3d_s: accel.t_0_100_s,
        cd_a_1d_m2: 2.0 * b * m_eff / p.aero.air_density,
        cd_a_3d_m2: coast.cd_a_m2,
        cd_a_configured_m2: coast.configured_cd_a_m2,
        crr_1d: a * m_eff / (p.chassis.mass * p.sim.gravity),
        crr_3d: coast.crr,
        crr_configured: coast.configured_crr,
    })
}

fn run_until(
    c: &mut Coupled,
    throttle: f64,
    h: f64,
    limit: f64,
    done: impl Fn(f64) -> bool,
) -> Run1d {
    let x0 = c.state.position;
    let mut t = 0.0;
    while t < limit {
        c.step(throttle, 0.0, h);
        t += h;
        if done(c.state.velocity) {
            return Run1d {
                time: Some(t),
                distance: c.state.position - x0,
                final_speed: c.state.velocity,
            };
        }
    }
    Run1d {
        time: None,
        distance: c.state.position - x0,
        final_speed: c.state.velocity,
    }
}
