//! The closed-loop test driver: a pure-pursuit path follower and a PI speed controller.
//!
//! # Path following (pure pursuit; Coulter, CMU-RI-TR-92-01, 1992)
//! The driver aims at the point of the path a look-ahead distance `L_d = L₀ + k·v` ahead and
//! steers the front wheels by the bicycle-model angle that puts the rear axle on a circle
//! through it:
//!
//! ```text
//! δ = atan(2·L·sin η / L_d)      η: target bearing relative to the heading, L: wheelbase
//! steer command = δ / δ_max     (clamped to ±1; positive = left)
//! ```
//!
//! # Speed (PI)
//! `u = k_p·(v* − v) + k_i·∫(v* − v)dt`, `u > 0` is throttle, `u < 0` brake, with the integral
//! clamped (anti-windup).

use crate::DVec3;
use crate::drivetrain::{DriveKind, TankMode};
use crate::vehicle::Vehicle;
use glam::DVec2;

/// A reference path in the ground plane (world x, y).
#[derive(Debug, Clone, PartialEq)]
pub enum Path {
    /// The straight line through `origin` along `direction` (unit).
    Line {
        /// A point on the line. Unit: m.
        origin: DVec2,
        /// Unit direction of travel.
        direction: DVec2,
    },
    /// A circle driven counter-clockwise (left turn) when `left`, clockwise otherwise.
    Circle {
        /// Centre. Unit: m.
        centre: DVec2,
        /// Radius. Unit: m.
        radius: f64,
        /// Turn direction.
        left: bool,
    },
    /// The open polyline through `points` (at least two, consecutive points distinct), driven
    /// from the first to the last. Before the first and past the last point it continues as
    /// the straight lines of its end segments.
    Polyline {
        /// Vertices in driving order. Unit: m.
        points: Vec<DVec2>,
    },
}

/// Projection of `p` onto a polyline: `(segment index, distance along that segment)`, the
/// segment whose (end-extended for the first and last) span is nearest to `p`.
fn project_polyline(points: &[DVec2], p: DVec2) -> (usize, f64) {
    let n = points.len().saturating_sub(1);
    let mut best = (0usize, 0.0f64, f64::INFINITY);
    for i in 0..n {
        let (a, b) = (points[i], points[i + 1]);
        let len = (b - a).length();
        if len <= 0.0 {
            continue;
        }
        let dir = (b - a) / len;
        let mut s = (p - a).dot(dir);
        if i > 0 {
            s = s.max(0.0);
        }
        if i + 1 < n {
            s = s.min(len);
        }
        let d2 = (a + dir * s - p).length_squared();
        if d2 < best.2 {
            best = (i, s, d2);
        }
    }
    (best.0, best.1)
}

impl Path {
    /// The point `lookahead` metres ahead along the path from the projection of `p`.
    pub fn target(&self, p: DVec2, lookahead: f64) -> DVec2 {
        match self {
            Path::Line { origin, direction } => {
                let s = (p - *origin).dot(*direction);
                *origin + *direction * (s + lookahead)
            }
            Path::Circle {
                centre,
                radius,
                left,
            } => {
                let d = p - *centre;
                let a = d.y.atan2(d.x);
                let da = lookahead / radius * if *left { 1.0 } else { -1.0 };
                *centre + DVec2::new((a + da).cos(), (a + da).sin()) * *radius
            }
            Path::Polyline { points } => {
                if points.len() < 2 {
                    return points.first().copied().unwrap_or(p);
                }
                let (mut i, s) = project_polyline(points, p);
                let mut rest = s + lookahead;
                loop {
                    let (a, b) = (points[i], points[i + 1]);
                    let len = (b - a).length();
                    if rest <= len || i + 2 >= points.len() {
                        return a + (b - a) / len.max(1e-12) * rest;
                    }
                    rest -= len;
                    i += 1;
                }
            }
        }
    }

    /// Signed lateral distance of `p` from the path (positive = left of the direction of
    /// travel). Unit: m.
    pub fn offset(&self, p: DVec2) -> f64 {
        match self {
            Path::Line { origin, direction } => direction.perp_dot(p - *origin),
            Path::Circle {
                centre,
                radius,
                left,
            } => {
                let r = (p - *centre).length();
                if *left { radius - r } else { r - radius }
            }
            Path::Polyline { points } => {
                if points.len() < 2 {
                    return 0.0;
                }
                let (i, _) = project_polyline(points, p);
                let (a, b) = (points[i], points[i + 1]);
                (b - a).normalize_or_zero().perp_dot(p - a)
            }
        }
    }
}

/// Gains of the test driver.
#[derive(Debug, Clone, PartialEq)]
pub struct DriverParams {
    /// Minimum look-ahead. Unit: m. Default: 4.
    pub lookahead_min: f64,
    /// Look-ahead per unit speed. Unit: s. Default: 0.6.
    pub lookahead_per_speed: f64,
    /// Proportional speed gain. Unit: 1/(m/s). Default: 0.8.
    pub speed_kp: f64,
    /// Integral speed gain. Unit: 1/m. Default: 0.4.
    pub speed_ki: f64,
    /// Preview of the car's own motion: the driver steers from the pose the car reaches in
    /// this time at its present velocity and yaw rate. Unit: s. Default: 0 (none).
    pub preview_time: f64,
}

impl Default for DriverParams {
    fn default() -> Self {
        Self {
            lookahead_min: 4.0,
            lookahead_per_speed: 0.6,
            speed_kp: 0.8,
            speed_ki: 0.4,
            preview_time: 0.0,
        }
    }
}

/// The driver's memory (speed-error integral).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DriverState {
    /// Integral of the speed error. Unit: m.
    pub integral: f64,
}

/// Geometry the driver needs from the vehicle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DriverGeometry {
    /// Wheelbase (front-most to rear-most steered/unsteered axle). Unit: m.
    pub wheelbase: f64,
    /// Largest steer angle of the steered wheels. Unit: rad.
    pub max_steer: f64,
    /// Longitudinal position of the rear axle in the vehicle frame. Unit: m.
    pub rear_x: f64,
    /// A tracked vehicle's track spacing `B` (mean left minus mean right wheel y) and mode:
    /// the driver turns its pure-pursuit curvature into the tank's steer command
    /// ([`crate::drivetrain::tank`]) instead of a road-wheel angle. Unit: m.
    pub tracks: Option<(f64, TankMode)>,
}

impl DriverGeometry {
    /// From a vehicle's wheels: steered wheels form the front, the others the rear.
    pub fn of(v: &Vehicle) -> Self {
        let (mut fx, mut nf, mut rx, mut nr, mut ms) = (0.0, 0.0f64, 0.0, 0.0f64, 0.0f64);
        for w in &v.params().wheels {
            if w.max_steer != 0.0 {
                fx += w.position.x;
                nf += 1.0;
                ms = ms.max(w.max_steer.abs());
            } else {
                rx += w.position.x;
                nr += 1.0;
            }
        }
        let (front, rear) = (fx / nf.max(1.0), rx / nr.max(1.0));
        let dp = &v.params().drivetrain;
        let tracks = (dp.kind == DriveKind::Tank).then(|| {
            let (mut yl, mut nl, mut yr, mut nr) = (0.0, 0.0f64, 0.0, 0.0f64);
            for w in &v.params().wheels {
                if w.position.y > 0.0 {
                    (yl, nl) = (yl + w.position.y, nl + 1.0);
                } else {
                    (yr, nr) = (yr + w.position.y, nr + 1.0);
                }
            }
            ((yl / nl.max(1.0) - yr / nr.max(1.0)).max(0.1), dp.tank.mode)
        });
        Self {
            wheelbase: (front - rear).max(0.1),
            max_steer: ms.max(1e-3),
            rear_x: rear,
            tracks,
        }
    }
}

/// One driver update: the steer command to follow `path` and the pedal command `u` (throttle
/// if positive, brake if negative) to hold `speed`.
pub fn drive(
    p: &DriverParams,
    g: &DriverGeometry,
    st: &mut DriverState,
    v: &Vehicle,
    path: &Path,
    speed: f64,
    dt: f64,
) -> (f64, f64) {
    let c = &v.state().chassis;
    let mut rear = c
        .pose
        .transform_point(DVec3::new(g.rear_x, 0.0, 0.0))
        .truncate();
    let mut heading = c
        .pose
        .transform_vector(DVec3::X)
        .truncate()
        .normalize_or_zero();
    if p.preview_time > 0.0 {
        // Steer from where the car will be: its rear axle moved on by its ground velocity and
        // its heading turned by its yaw rate over the preview time (the driver's anticipation
        // of the car's own lag).
        let tau = p.preview_time;
        let w = c.angular_velocity_world.z;
        let vel =
            c.linear_velocity_world.truncate() + w * (rear - c.pose.translation.truncate()).perp();
        rear += vel * tau;
        heading = glam::DMat2::from_angle(w * tau) * heading;
    }
    let vx = v.state().forward_speed();
    let ld = p.lookahead_min + p.lookahead_per_speed * vx.abs();
    let to = path.target(rear, ld) - rear;
    let eta = heading.perp_dot(to).atan2(heading.dot(to));
    let delta = (2.0 * g.wheelbase * eta.sin() / to.length().max(1e-6)).atan();
    let steer = match g.tracks {
        // Pure pursuit's curvature κ = 2·sin η / l_d inverted through the track speed ratio:
        // k = κ·B/2, Special ρ = 1 − 2σ → σ = k/(1 + k), Standard ρ = 1 − σ → σ = 2k/(1 + k)
        // (from R = (B/2)·(1 + ρ)/(1 − ρ)).
        Some((b, mode)) => {
            let k = (eta.sin() / to.length().max(1e-6) * b).abs();
            let s = match mode {
                TankMode::Special => k / (1.0 + k),
                TankMode::Standard => 2.0 * k / (1.0 + k),
            };
            (s * eta.sin().signum()).clamp(-1.0, 1.0)
        }
        None => (delta / g.max_steer).clamp(-1.0, 1.0),
    };
    let e = speed - vx;
    st.integral =
        (st.integral + e * dt).clamp(-1.0 / p.speed_ki.max(1e-9), 1.0 / p.speed_ki.max(1e-9));
    let u = (p.speed_kp * e + p.speed_ki * st.integral).clamp(-1.0, 1.0);
    (steer, u)
}

/// A driver bound to a vehicle's geometry and a path: [`drive`] with its own memory.
#[derive(Debug, Clone, PartialEq)]
pub struct Driver {
    /// Gains.
    pub params: DriverParams,
    /// The vehicle's geometry.
    pub geometry: DriverGeometry,
    /// Memory.
    pub state: DriverState,
    /// The path to follow.
    pub path: Path,
}

impl Driver {
    /// A driver for `v` following `path` with default gains.
    pub fn new(v: &Vehicle, path: Path) -> Self {
        Self {
            params: DriverParams::default(),
            geometry: DriverGeometry::of(v),
            state: DriverState::default(),
            path,
        }
    }

    /// A driver for `v` keeping to the world x axis.
    pub fn straight(v: &Vehicle) -> Self {
        Self::new(
            v,
            Path::Line {
                origin: DVec2::ZERO,
                direction: DVec2::X,
            },
        )
    }

    /// `(steer command, pedal command)` to follow the path at `speed` (see [`drive`]).
    pub fn control(&mut self, v: &Vehicle, speed: f64, dt: f64) -> (f64, f64) {
        drive(
            &self.params,
            &self.geometry,
            &mut self.state,
            v,
            &self.path,
            speed,
            dt,
        )
    }
}
