//! Vehicle layouts: any number of axles, 3-wheel trikes, and the builders behind the
//! multi-axle, kart and tank presets.
//!
//! # Three-wheelers (PhysX `PxVehicle4WEnable3WTadpoleMode` / `DeltaMode`)
//! Start from a 4-wheel car and turn one axle into a single centred wheel:
//! - **tadpole** (two front, one rear): the rear axle; **delta** (one front, two rear): the
//!   front axle;
//! - the right wheel of that axle is disabled (no casts, no load, no force), the left one moves
//!   to the centreline (`y = 0`);
//! - sprung masses are recomputed over the three enabled wheels; the remaining wheel's spring
//!   and dampers scale by `m_new/m_old`, keeping its natural frequency `√(k/m)` and damping
//!   ratio; it takes over the axle's drive, brake and hand-brake torques;
//! - anti-roll bars and body-roll pairs touching either wheel are removed; for delta the
//!   Ackermann accuracy is set to 0 (one steered wheel has nothing to correct against).
//!
//! # Axle builder
//! [`from_axles`] places two wheels per [`AxleSpec`] (or one centred wheel for a zero track),
//! computes the sprung masses and sets each spring to a ride frequency `f` and damping ratio
//! `ζ`: `k = m_s(2πf)²`, `c_bump = 2ζ√(k·m_s)`, `c_rebound = 1.5·c_bump`.
//!
//! | symbol | meaning | unit |
//! |---|---|---|
//! | `m_s` | sprung mass of a wheel | kg |
//! | `f`, `ζ` | ride frequency, damping ratio | Hz, 1 |
//!
//! # Limits
//! Tracks are approximated by road wheels with tires (no track belt dynamics); turning a tank
//! is left to per-wheel drive commands (skid steer) or the drivetrain.
//!
//! ```
//! use skidpad::{layout::{three_wheel, TrikeMode}, presets::sedan, Vehicle};
//! let mut p = sedan();
//! let off = three_wheel(&mut p, TrikeMode::Tadpole).unwrap();
//! assert!(!p.wheels[off].enabled);
//! let car = Vehicle::new(p).unwrap();
//! // The single rear wheel carries the rear axle's share: 1500·1.2/2.7 = 666.7 kg.
//! assert!((car.derived().sprung_mass[2] - 666.667).abs() < 1e-3);
//! ```

use crate::chassis::ChassisParams;
use crate::error::ParamError;
use crate::suspension::SuspensionParams;
use crate::tire::TireParams;
use crate::vehicle::{VehicleParams, WheelParams};
use glam::DVec3;

/// Which axle of a 4-wheel car becomes a single wheel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrikeMode {
    /// Two wheels in front, one behind (the rear axle collapses).
    Tadpole,
    /// One wheel in front, two behind (the front axle collapses).
    Delta,
}

/// Indices of the enabled wheels on the front-most (`front = true`) or rear-most axle.
fn axle(p: &VehicleParams, front: bool) -> Vec<usize> {
    let xs = p.wheels.iter().filter(|w| w.enabled).map(|w| w.position.x);
    let x = if front {
        xs.fold(f64::NEG_INFINITY, f64::max)
    } else {
        xs.fold(f64::INFINITY, f64::min)
    };
    (0..p.wheels.len())
        .filter(|&i| p.wheels[i].enabled && (p.wheels[i].position.x - x).abs() < 1e-6)
        .collect()
}

/// Turn a 4-wheel (or longer) car into a trike by collapsing its rear (tadpole) or front
/// (delta) axle into one centred wheel; see the [module docs](self). Returns the index of the
/// disabled wheel.
///
/// # Errors
/// The axle does not hold exactly two enabled wheels, one each side, or the resulting vehicle
/// is not valid (e.g. its centre of mass is outside the new support triangle). `p` is
/// unchanged on error.
pub fn three_wheel(p: &mut VehicleParams, mode: TrikeMode) -> Result<usize, ParamError> {
    let ax = axle(p, mode == TrikeMode::Delta);
    let side = |i: usize| p.wheels[i].position.y;
    if ax.len() != 2 || side(ax[0]) * side(ax[1]) >= 0.0 {
        return Err(ParamError::new(
            "wheels",
            "the collapsed axle must hold exactly two enabled wheels, one each side",
        ));
    }
    let (keep, off) = if side(ax[0]) > 0.0 {
        (ax[0], ax[1])
    } else {
        (ax[1], ax[0])
    };
    let old = p.sprung_masses()?;
    let mut q = p.clone();
    let o = q.wheels[off].clone();
    q.wheels[off].enabled = false;
    let w = &mut q.wheels[keep];
    w.position.y = 0.0;
    w.max_drive_torque += o.max_drive_torque;
    w.max_brake_torque += o.max_brake_torque;
    w.max_handbrake_torque += o.max_handbrake_torque;
    if let Some(fp) = &mut w.suspension.force_point {
        fp.y = 0.0;
    }
    if let Some(tp) = &mut w.suspension.tire_force_point {
        tp.y = 0.0;
    }
    let new = q.sprung_masses()?;
    let s = &mut q.wheels[keep].suspension;
    let ratio = new[keep] / old[keep];
    s.spring_rate *= ratio;
    s.bump_damping *= ratio;
    s.rebound_damping *= ratio;
    let touches = |a: usize, b: usize| [keep, off].contains(&a) || [keep, off].contains(&b);
    q.anti_roll_bars.retain(|b| !touches(b.wheel_a, b.wheel_b));
    q.body_roll.pairs.retain(|r| !touches(r.left, r.right));
    if mode == TrikeMode::Delta {
        q.steering.ackermann.accuracy = 0.0;
    }
    q.validate()?;
    *p = q;
    Ok(off)
}

/// One axle for [`from_axles`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AxleSpec {
    /// Longitudinal position of the axle in the vehicle frame. Unit: m.
    pub x: f64,
    /// Track width; 0 puts a single wheel on the centreline. Unit: m.
    pub track: f64,
    /// Max steer of the axle's wheels (+ left at full left command). Unit: rad.
    pub max_steer: f64,
    /// Drive torque per wheel at full throttle. Unit: N·m.
    pub drive_torque: f64,
    /// Service-brake torque per wheel. Unit: N·m.
    pub brake_torque: f64,
    /// Hand-brake torque per wheel. Unit: N·m.
    pub handbrake_torque: f64,
}

/// Shared wheel data for [`from_axles`].
#[derive(Debug, Clone, PartialEq)]
pub struct WheelSpec {
    /// Wheel radius. Unit: m.
    pub radius: f64,
    /// Tire width. Unit: m.
    pub width: f64,
    /// Unsprung mass. Unit: kg.
    pub mass: f64,
    /// Spin inertia. Unit: kg·m².
    pub inertia: f64,
    /// Suspension template (spring and dampers are overwritten from the ride frequency).
    pub suspension: SuspensionParams,
    /// Tire.
    pub tire: TireParams,
    /// Ride frequency of every corner. Unit: Hz.
    pub ride_frequency: f64,
    /// Bump damping ratio of every corner (rebound is 1.5×). Unit: 1.
    pub damping_ratio: f64,
}

/// Build a vehicle from axles (two wheels each, named `a{k}l`/`a{k}r`, or one `a{k}` for a
/// zero track) with springs tuned to a ride frequency; see the [module docs](self).
///
/// # Errors
/// The sprung masses cannot be computed (centre of mass outside the wheels) or a parameter is
/// invalid.
pub fn from_axles(
    name: &str,
    chassis: ChassisParams,
    wheel: &WheelSpec,
    axles: &[AxleSpec],
) -> Result<VehicleParams, ParamError> {
    let mut wheels = Vec::new();
    for (k, a) in axles.iter().enumerate() {
        let sides: &[(f64, &str)] = if a.track == 0.0 {
            &[(0.0, "")]
        } else {
            &[(0.5, "l"), (-0.5, "r")]
        };
        for &(s, tag) in sides {
            wheels.push(WheelParams {
                name: format!("a{k}{tag}"),
                position: DVec3::new(a.x, s * a.track, 0.0),
                radius: wheel.radius,
                width: wheel.width,
                mass: wheel.mass,
                inertia: wheel.inertia,
                max_steer: a.max_steer,
                max_drive_torque: a.drive_torque,
                max_brake_torque: a.brake_torque,
                max_handbrake_torque: a.handbrake_torque,
                enabled: true,
                suspension: wheel.suspension.clone(),
                tire: wheel.tire.clone(),
                ..WheelParams::default()
            });
        }
    }
    let mut p = VehicleParams {
        name: name.to_string(),
        chassis,
        wheels,
        anti_roll_bars: Vec::new(),
        body_roll: Default::default(),
        load_filter: Default::default(),
        contact: Default::default(),
        sim: Default::default(),
        steering: Default::default(),
        input_smoothing: Default::default(),
        stability: Default::default(),
        aero: Default::default(),
        drivetrain: Default::default(),
    };
    let m = p.sprung_masses()?;
    let w = std::f64::consts::TAU * wheel.ride_frequency;
    for (i, wh) in p.wheels.iter_mut().enumerate() {
        let k = m[i] * w * w;
        let c = 2.0 * wheel.damping_ratio * (k * m[i]).sqrt();
        wh.suspension.spring_rate = k;
        wh.suspension.bump_damping = c;
        wh.suspension.rebound_damping = 1.5 * c;
    }
    p.validate()?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::sedan;

    #[test]
    fn delta_collapses_the_front_axle_and_keeps_ride_frequency() {
        let mut p = sedan();
        let k0 = p.wheels[0].suspension.spring_rate;
        let off = three_wheel(&mut p, TrikeMode::Delta).unwrap();
        assert_eq!(off, 1);
        assert_eq!(p.wheels[0].position.y, 0.0);
        assert_eq!(p.steering.ackermann.accuracy, 0.0);
        assert_eq!(p.anti_roll_bars.len(), 1);
        // Front sprung mass 416.7 → 833.3 kg: the spring doubles.
        assert!((p.wheels[0].suspension.spring_rate - 2.0 * k0).abs() < 1e-6);
        assert_eq!(p.wheels[0].max_brake_torque, 2.0 * 2500.0);
        // A second collapse is refused (front axle now has one wheel).
        let before = p.clone();
        assert!(three_wheel(&mut p, TrikeMode::Delta).is_err());
        assert_eq!(p, before);
    }
}
