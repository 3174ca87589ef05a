//! Pure chassis functions: wrench accumulation, rigid-body integration, sprung masses and
//! spring rescaling. See the [module docs](super) for the equations.

use glam::{DMat3, DQuat, DVec2, DVec3};

use super::{ChassisParams, ChassisState};
use crate::MAX_WHEELS;
use crate::error::{ParamError, check};

/// Maximum Newton iterations of the implicit-midpoint angular step in [`integrate`]. Three
/// are typical at `|ω|·dt < 0.5 rad`; the loop stops early once converged.
pub const ANGULAR_NEWTON_MAX_ITERATIONS: usize = 8;

/// Newton convergence tolerance of the angular step, relative to `|ω|`.
pub const ANGULAR_NEWTON_TOLERANCE: f64 = 1e-14;

/// Relative length tolerance of [`compute_sprung_masses`]: wheels within
/// `1e-9 × (size of the layout)` of a line are collinear, a centre of mass that close to the
/// wheel (line) counts as on it.
pub const SPRUNG_MASS_LENGTH_TOLERANCE: f64 = 1e-9;

/// A sprung mass down to `−1e-12 × M` is rounding (centre of mass on an edge of the support
/// polygon) and is clamped to 0; anything more negative is an error.
pub const SPRUNG_MASS_NEGATIVE_TOLERANCE: f64 = 1e-12;

/// A force and a torque acting on the chassis, both in the world frame; the torque is taken
/// about the centre of mass.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Wrench {
    /// Total force, world frame. Unit: N.
    pub force: DVec3,
    /// Total torque about the centre of mass, world frame. Unit: N·m.
    pub torque: DVec3,
}

impl Wrench {
    /// Add `force` (world, N) applied at `point` (world, m) on a body whose centre of mass is
    /// at `com` (world, m): `F += f`, `τ += (point − com) × f`.
    #[inline]
    pub fn add_force_at(&mut self, force: DVec3, point: DVec3, com: DVec3) {
        self.force += force;
        self.torque += (point - com).cross(force);
    }

    /// Add another wrench taken about the same centre of mass.
    #[inline]
    pub fn add(&mut self, other: &Wrench) {
        self.force += other.force;
        self.torque += other.torque;
    }
}

/// Advance the chassis by `dt` seconds under the external wrench `w` (world, torque about the
/// centre of mass) and uniform `gravity` (world acceleration, m/s², e.g. `(0, 0, −9.81)`).
///
/// - Linear, symplectic Euler: `v⁺ = v + (F/m + g) dt`, `c⁺ = c + v⁺ dt` (centre of mass).
/// - Angular, Strang splitting of Euler's equations in body axes:
///   1. half kick `ω += ½ dt I⁻¹ Rᵀτ` (world momentum `L += ½ τ dt`);
///   2. torque-free implicit midpoint `I (ω⁺ − ω) = −dt ω̄ × I ω̄`, `ω̄ = (ω + ω⁺)/2`, solved by
///      Newton's method (≤ [`ANGULAR_NEWTON_MAX_ITERATIONS`]); orientation
///      `q⁺ = q ⊗ cay(dt ω̄)`, where the Cayley quaternion `cay(v) = (1, v/2)/|(1, v/2)|`
///      rotates by `2 atan(|v|/2)` about `v`; `q⁺` is then normalised;
///   3. half kick `ω⁺ += ½ dt I⁻¹ R⁺ᵀτ`.
///
///   So world angular momentum changes by exactly `τ dt` per step.
/// - The frame origin is re-derived so the centre of mass moves exactly with `v⁺`:
///   `pose.translation = c⁺ − q⁺ · com_offset`.
///
/// Without torque the step conserves the kinetic energy `½ ωᵀIω` and the world angular
/// momentum `R I ω` exactly (up to rounding and the Newton tolerance), for any `dt`, so long
/// thin bodies tumbling fast neither gain energy (explicit Euler does) nor lose it (Catto's
/// implicit-Euler gyroscopic step does). The torque is held constant in the world over the
/// step; rotation is then second order in `dt`, translation first order.
///
/// `p` must be valid ([`ChassisParams::validate`]) and `dt` finite and ≥ 0; this is the hot
/// path and does not check.
pub fn integrate(p: &ChassisParams, s: &mut ChassisState, w: &Wrench, gravity: DVec3, dt: f64) {
    debug_assert!(dt.is_finite() && dt >= 0.0, "dt must be finite and >= 0");
    let q0 = s.pose.rotation;
    let com0 = s.com_world(p);

    // Translation of the centre of mass: symplectic Euler.
    s.linear_velocity += (w.force / p.mass + gravity) * dt;
    let com1 = com0 + s.linear_velocity * dt;

    // Rotation, Strang splitting: half torque kick, torque-free implicit midpoint step with
    // the Cayley orientation update, half torque kick. Each kick adds ½ τ dt to the world
    // angular momentum, so L changes by exactly τ dt.
    let inv_inertia = p.inertia.inverse();
    let kick = inv_inertia * (0.5 * dt);
    let w0 = q0.conjugate() * s.angular_velocity + kick * (q0.conjugate() * w.torque);
    let w1 = angular_midpoint_step(&p.inertia, w0, dt);
    let half = (w0 + w1) * (0.25 * dt); // (dt ω̄)/2
    let dq = DQuat::from_xyzw(half.x, half.y, half.z, 1.0).normalize();
    let q1 = (q0 * dq).normalize();
    let w1 = w1 + kick * (q1.conjugate() * w.torque);

    s.pose.rotation = q1;
    s.angular_velocity = q1 * w1;
    s.pose.translation = com1 - q1 * p.com_offset;
}

/// Solve `I (ω⁺ − ω₀) + h ω̄ × I ω̄ = 0`, `ω̄ = (ω₀ + ω⁺)/2`, for `ω⁺` (body axes) by
/// Newton's method with Jacobian `I + (h/2) ([ω̄]× I − [I ω̄]×)`, starting from `ω₀`.
fn angular_midpoint_step(i: &DMat3, w0: DVec3, h: f64) -> DVec3 {
    let l0 = *i * w0;
    let mut w = w0;
    for _ in 0..ANGULAR_NEWTON_MAX_ITERATIONS {
        let wm = 0.5 * (w0 + w);
        let lm = *i * wm;
        let residual = *i * w - l0 + h * wm.cross(lm);
        let jacobian = *i + (skew(wm) * *i - skew(lm)) * (0.5 * h);
        let step = jacobian.inverse() * residual;
        if !step.is_finite() {
            break;
        }
        w -= step;
        let tol = ANGULAR_NEWTON_TOLERANCE * w.length();
        if step.length_squared() <= tol * tol {
            break;
        }
    }
    w
}

/// The cross-product matrix: `skew(a) · b = a × b`.
#[inline]
fn skew(a: DVec3) -> DMat3 {
    DMat3::from_cols(
        DVec3::new(0.0, a.z, -a.y),
        DVec3::new(-a.z, 0.0, a.x),
        DVec3::new(a.y, -a.x, 0.0),
    )
}

/// Split `total_mass` into one sprung mass per suspension so that together they have the
/// rigid body's mass and horizontal centre of mass (PhysX `PxVehicleComputeSprungMasses`,
/// generalised to any layout):
///
/// `Σ mᵢ = M`, `Σ mᵢ xᵢ = M x_c`, `Σ mᵢ yᵢ = M y_c`, `mᵢ ≥ 0`.
///
/// `positions` are the suspension points (wheel centres) in the vehicle frame and `com` the
/// centre of mass in the same frame ([`ChassisParams::com_offset`]); only x and y are used
/// (the vehicle frame is z-up). The result holds `mᵢ` (kg) in `[0, N)` and zeros after.
///
/// The choice, for any N: the **minimum-norm** solution of the three constraints,
/// `mᵢ = M [1/N + (pᵢ − p̄)ᵀ S⁻¹ (c − p̄)]` with `p̄` the wheels' centroid and
/// `S = Σ (pᵢ − p̄)(pᵢ − p̄)ᵀ` their 2×2 scatter matrix (the 3×3 normal equations, decoupled by
/// centring). It is also the split closest to equal (`M/N`), and it is the static wheel-load
/// distribution of a rigid chassis on identical linear springs (the loads are then linear in
/// position). N = 1, 2 and 3 (non-collinear) have a unique solution and this is it: the wheel
/// itself, the lever rule, barycentric coordinates. For N ≥ 4 (4×4, 6×6, 8×8, tanks) the
/// constraints are underdetermined and other non-negative splits exist (PhysX's 4-wheel
/// routine splits front/rear then left/right, a bilinear split that differs by a "twist"
/// term `∝ Δx Δy`).
///
/// Known limit: the minimum-norm split is linear in position, so for N ≥ 4 it can go negative
/// while the centre of mass is still inside the support polygon but near an edge or corner;
/// e.g. on a rectangle of half wheelbase `a` and half track `b` it stays ≥ 0 only for
/// `|Δx|/a + |Δy|/b ≤ 1`. That is reported as an error, not silently fixed.
///
/// ```
/// # use skidpad::chassis::compute_sprung_masses;
/// # use glam::DVec3;
/// // Front axle 1.2 m ahead of the CoM, rear 1.5 m behind: front wheels carry M·b/L/2.
/// let wheels = [DVec3::new(1.2, 0.8, 0.0), DVec3::new(1.2, -0.8, 0.0),
///               DVec3::new(-1.5, 0.8, 0.0), DVec3::new(-1.5, -0.8, 0.0)];
/// let m = compute_sprung_masses(&wheels, DVec3::ZERO, 1500.0)?;
/// assert!((m[0] - 1500.0 * 1.5 / 2.7 / 2.0).abs() < 1e-9);
/// # Ok::<(), skidpad::ParamError>(())
/// ```
///
/// # Errors
/// [`ParamError`] with path
/// - `wheels`: no positions, or more than [`MAX_WHEELS`];
/// - `wheels[i]`: a non-finite position;
/// - `mass`: `total_mass` not finite and > 0;
/// - `com_offset`: non-finite; not over the wheel (N = 1, or all wheels at one x-y point); off
///   the wheels' line when they are collinear (N = 2, or N ≥ 3 in a row); outside the support
///   polygon or too near its edge for the minimum-norm split (some `mᵢ < 0`).
pub fn compute_sprung_masses(
    positions: &[DVec3],
    com: DVec3,
    total_mass: f64,
) -> Result<[f64; MAX_WHEELS], ParamError> {
    let n = positions.len();
    if n == 0 {
        return Err(ParamError::new("wheels", "must have at least one wheel"));
    }
    if n > MAX_WHEELS {
        return Err(ParamError::new(
            "wheels",
            format!("must have at most {MAX_WHEELS} wheels (got {n})"),
        ));
    }
    check::positive("mass", total_mass)?;
    check::finite_vec("com_offset", com)?;
    for (i, p) in positions.iter().enumerate() {
        check::finite_vec("", *p).map_err(|e| e.within_index("wheels", i))?;
    }

    let c = com.truncate();
    let inv_n = 1.0 / n as f64;
    let centroid = positions.iter().map(|p| p.truncate()).sum::<DVec2>() * inv_n;
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    let (mut spread, mut scale) = (0.0_f64, c.length());
    for p in positions {
        let d = p.truncate() - centroid;
        sxx += d.x * d.x;
        sxy += d.x * d.y;
        syy += d.y * d.y;
        spread = spread.max(d.length());
        scale = scale.max(p.truncate().length());
    }
    let tol = SPRUNG_MASS_LENGTH_TOLERANCE * scale.max(spread);
    let dc = c - centroid;
    let outside = |what: String| Err(ParamError::new("com_offset", what));

    // weights[i] = mᵢ/M − 1/N, linear in the wheel position.
    let mut weights = [0.0; MAX_WHEELS];
    if spread <= tol {
        // All wheels at one x-y point (N = 1 included).
        if dc.length() > tol {
            return outside(format!(
                "centre of mass ({}, {}) must be over the wheel at ({}, {}) when all wheels \
                 share one x-y position",
                c.x, c.y, centroid.x, centroid.y
            ));
        }
    } else {
        // Major principal direction u of the layout, and its normal.
        let phi = 0.5 * (2.0 * sxy).atan2(sxx - syy);
        let u = DVec2::new(phi.cos(), phi.sin());
        let normal = u.perp();
        let off_line = positions
            .iter()
            .map(|p| (p.truncate() - centroid).dot(normal).abs())
            .fold(0.0_f64, f64::max);
        if off_line <= tol {
            // Collinear wheels (N = 2 included): the lever rule along u.
            let miss = dc.dot(normal).abs();
            if miss > tol {
                return outside(format!(
                    "the wheels are collinear in x-y and the centre of mass is {miss} m off \
                     their line: no sprung-mass split can balance it"
                ));
            }
            let suu: f64 = positions
                .iter()
                .map(|p| (p.truncate() - centroid).dot(u).powi(2))
                .sum();
            let k = dc.dot(u) / suu;
            for (wi, p) in weights.iter_mut().zip(positions) {
                *wi = (p.truncate() - centroid).dot(u) * k;
            }
        } else {
            // General layout: λ = S⁻¹ (c − p̄), weightᵢ = (pᵢ − p̄)·λ.
            let det = sxx * syy - sxy * sxy;
            let lambda = DVec2::new(syy * dc.x - sxy * dc.y, sxx * dc.y - sxy * dc.x) / det;
            for (wi, p) in weights.iter_mut().zip(positions) {
                *wi = (p.truncate() - centroid).dot(lambda);
            }
        }
    }

    let mut masses = [0.0; MAX_WHEELS];
    for (i, (m, wi)) in masses.iter_mut().zip(&weights).take(n).enumerate() {
        let mi = total_mass * (inv_n + wi);
        if mi < -SPRUNG_MASS_NEGATIVE_TOLERANCE * total_mass {
            return outside(format!(
                "centre of mass ({}, {}) is outside the wheel support polygon (or too near its \
                 edge for the minimum-norm split): wheel {i} would carry {mi} kg",
                c.x, c.y
            ));
        }
        *m = mi.max(0.0);
    }
    Ok(masses)
}

/// Rescale a suspension's spring rate and damping for a new sprung mass so that its natural
/// frequency `ω = √(k/m)` and damping ratio `ζ = c / (2√(k m))` are unchanged:
/// `k' = k·m'/m`, `c' = c·m'/m` (PhysX `PxVehicleUpdateCMassLocalPose`,
/// `setMassAndPreserveNaturalFrequency`). Returns `(k', c')` in N/m and N·s/m.
///
/// `old_mass` must be > 0 (else the result is not finite).
#[inline]
pub fn rescale_spring(spring_rate: f64, damping: f64, old_mass: f64, new_mass: f64) -> (f64, f64) {
    let r = new_mass / old_mass;
    (spring_rate * r, damping * r)
}

/// Undamped natural frequency of a mass `m` (kg) on a spring `k` (N/m):
/// `f = √(k/m) / 2π`. Unit: Hz. Passenger cars ride at ≈ 1–1.5 Hz, race cars 2.5–5 Hz.
#[inline]
pub fn natural_frequency(k: f64, m: f64) -> f64 {
    (k / m).sqrt() / std::f64::consts::TAU
}

/// Damping ratio `ζ = c / (2√(k m))` of a mass `m` (kg) on a spring `k` (N/m) and damper
/// `c` (N·s/m). Dimensionless; 1 is critical damping, cars use ≈ 0.2–0.4 (comfort) to 0.7.
#[inline]
pub fn damping_ratio(c: f64, k: f64, m: f64) -> f64 {
    c / (2.0 * (k * m).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Pose;
    use glam::EulerRot;

    fn sedan() -> ChassisParams {
        // Diagonal inertia (650, 2776.25, 2936.25) kg·m², CoM 0.1 m ahead, 0.5 m up.
        ChassisParams::from_box(1500.0, DVec3::new(4.5, 1.8, 1.4), DVec3::new(0.1, 0.0, 0.5))
    }

    fn energy(p: &ChassisParams, s: &ChassisState) -> f64 {
        let wb = s.angular_velocity_body();
        0.5 * wb.dot(p.inertia * wb)
    }

    fn momentum_world(p: &ChassisParams, s: &ChassisState) -> DVec3 {
        s.pose.rotation * (p.inertia * s.angular_velocity_body())
    }

    #[test]
    fn wrench_accumulates_force_and_torque() {
        let mut w = Wrench::default();
        let com = DVec3::new(1.0, 2.0, 3.0);
        // 1000 N along +y applied 2 m ahead of the CoM: τ = (2,0,0) × (0,1000,0) = (0,0,2000).
        w.add_force_at(
            DVec3::new(0.0, 1000.0, 0.0),
            com + DVec3::new(2.0, 0.0, 0.0),
            com,
        );
        assert_eq!(w.force, DVec3::new(0.0, 1000.0, 0.0));
        assert_eq!(w.torque, DVec3::new(0.0, 0.0, 2000.0));
        let mut total = Wrench {
            force: DVec3::X,
            torque: DVec3::Y,
        };
        total.add(&w);
        assert_eq!(total.force, DVec3::new(1.0, 1000.0, 0.0));
        assert_eq!(total.torque, DVec3::new(0.0, 1.0, 2000.0));
    }

    #[test]
    fn free_flight_constant_force_at_com() {
        // F = 1500 N forward on 1500 kg → a = 1 m/s²; gravity −9.81 m/s². Symplectic Euler
        // gives vₙ = a n h and xₙ = a h² n(n+1)/2 = ½ a t² (1 + 1/n): the discrete formula
        // is exact to rounding; the continuous ½at² is off by ½ a t h = 8.33e-4 m per m/s².
        let p = sedan();
        let q = DQuat::from_rotation_z(0.4);
        let mut s = ChassisState {
            pose: Pose::new(DVec3::new(3.0, -2.0, 1.0), q),
            ..Default::default()
        };
        let c0 = s.com_world(&p);
        let g = DVec3::new(0.0, 0.0, -9.81);
        let mut w = Wrench::default();
        w.add_force_at(DVec3::new(1500.0, 0.0, 0.0), c0, c0);
        let (n, h) = (600_u32, 1.0 / 600.0);
        for _ in 0..n {
            integrate(&p, &mut s, &w, g, h);
        }
        let nf = f64::from(n);
        let discrete = 0.5 * h * h * nf * (nf + 1.0);
        let d = s.com_world(&p) - c0;
        assert!((d.x - discrete).abs() < 1e-9, "x = {}", d.x);
        assert!((d.z + 9.81 * discrete).abs() < 1e-9, "z = {}", d.z);
        assert!(d.y.abs() < 1e-12);
        assert!((d.x - 0.5).abs() < 0.5 * h + 1e-9, "continuous error bound");
        assert!(
            s.linear_velocity
                .abs_diff_eq(DVec3::new(1.0, 0.0, -9.81), 1e-10)
        );
        // No torque, no spin: orientation unchanged, frame origin follows the CoM.
        assert!(s.pose.rotation.abs_diff_eq(q, 1e-15));
        assert!((s.pose.translation - DVec3::new(3.0, -2.0, 1.0) - d).length() < 1e-12);
    }

    #[test]
    fn offset_force_gives_expected_angular_acceleration() {
        // 1000 N along world +y, 2 m ahead of the CoM of the unrotated sedan: τ = 2000 N·m yaw,
        // α = τ / Izz = 2000 / 2936.25 = 0.681140... rad/s² (Izz is a principal axis).
        let p = sedan();
        let mut s = ChassisState::default();
        let com = s.com_world(&p);
        let mut w = Wrench::default();
        w.add_force_at(
            DVec3::new(0.0, 1000.0, 0.0),
            com + DVec3::new(2.0, 0.0, 0.0),
            com,
        );
        let h = 1e-3;
        integrate(&p, &mut s, &w, DVec3::ZERO, h);
        let alpha = s.angular_velocity / h;
        assert!((alpha.z - 2000.0 / 2936.25).abs() < 1e-12, "{alpha}");
        assert!(alpha.x.abs() < 1e-15 && alpha.y.abs() < 1e-15);
        assert!((s.linear_velocity / h).abs_diff_eq(DVec3::new(0.0, 1000.0 / 1500.0, 0.0), 1e-12));

        // General case: full (rotated) tensor and rotated pose, α = I_w⁻¹ τ from rest, where
        // the gyroscopic term is O(h²) relative: 1e-6 relative at h = 1e-4.
        let r = DMat3::from_quat(DQuat::from_euler(EulerRot::ZYX, 0.3, 0.2, -0.5));
        let p = ChassisParams {
            inertia: r * p.inertia * r.transpose(),
            ..p
        };
        p.validate().unwrap();
        let q = DQuat::from_euler(EulerRot::ZYX, 1.0, -0.3, 0.2);
        let mut s = ChassisState {
            pose: Pose::new(DVec3::ZERO, q),
            ..Default::default()
        };
        let com = s.com_world(&p);
        let mut w = Wrench::default();
        w.add_force_at(
            DVec3::new(100.0, 1000.0, -300.0),
            com + DVec3::new(2.0, -0.5, 0.3),
            com,
        );
        let i_world = DMat3::from_quat(q) * p.inertia * DMat3::from_quat(q).transpose();
        let expected = i_world.inverse() * w.torque;
        let h = 1e-4;
        integrate(&p, &mut s, &w, DVec3::ZERO, h);
        let alpha = s.angular_velocity / h;
        assert!(
            (alpha - expected).length() < 1e-6 * expected.length(),
            "{alpha} vs {expected}"
        );
    }

    #[test]
    fn principal_axis_spin_is_steady() {
        // Torque-free spin about a principal axis: ω × Iω = 0, ω stays constant.
        let p = sedan();
        for (axis, q) in [
            (DVec3::Z, DQuat::IDENTITY),
            (DVec3::X, DQuat::from_rotation_z(0.7)),
        ] {
            let w0 = q * axis * 3.0;
            let mut s = ChassisState {
                pose: Pose::new(DVec3::ZERO, q),
                angular_velocity: w0,
                ..Default::default()
            };
            for _ in 0..600 {
                integrate(&p, &mut s, &Wrench::default(), DVec3::ZERO, 1.0 / 60.0);
            }
            assert!(
                (s.angular_velocity - w0).length() < 1e-12,
                "{}",
                s.angular_velocity
            );
        }
    }

    #[test]
    fn general_spin_conserves_energy_and_world_momentum() {
        // Tumbling about a general axis for 10 s at the game rate dt = 1/60 s. The implicit
        // midpoint + Cayley step conserves both invariants up to rounding and the Newton
        // tolerance (1e-14): measured drift ≈ 3e-13 relative (rounding over 600 steps);
        // asserted 1e-10.
        let p = sedan();
        let mut s = ChassisState {
            pose: Pose::new(DVec3::ZERO, DQuat::from_rotation_x(0.3)),
            angular_velocity: DVec3::new(1.0, 0.5, 2.0),
            ..Default::default()
        };
        let (e0, l0) = (energy(&p, &s), momentum_world(&p, &s));
        let mut max_err = (0.0_f64, 0.0_f64);
        for _ in 0..600 {
            integrate(&p, &mut s, &Wrench::default(), DVec3::ZERO, 1.0 / 60.0);
            max_err.0 = max_err.0.max((energy(&p, &s) - e0).abs() / e0);
            max_err.1 = max_err
                .1
                .max((momentum_world(&p, &s) - l0).length() / l0.length());
        }
        assert!(max_err.0 < 1e-10 && max_err.1 < 1e-10, "{max_err:?}");
        // It really tumbles: the body rate changed direction.
        assert!(
            s.angular_velocity_body()
                .angle_between(DVec3::new(1.0, 0.5, 2.0))
                > 0.05
        );
    }

    #[test]
    fn long_thin_fast_body_stays_stable() {
        // A 6 m × 0.1 m × 0.1 m pole spinning fast about its long axis with a small
        // perturbation, dt = 1/60: |ω| dt ≈ 0.8 rad per step. Explicit gyroscopic Euler gains
        // energy here; the midpoint step keeps it (and the momentum) to 1e-9 over 10 s.
        let p = ChassisParams::from_box(100.0, DVec3::new(6.0, 0.1, 0.1), DVec3::ZERO);
        let mut s = ChassisState {
            angular_velocity: DVec3::new(50.0, 2.0, 0.5),
            ..Default::default()
        };
        let (e0, l0) = (energy(&p, &s), momentum_world(&p, &s));
        for _ in 0..600 {
            integrate(&p, &mut s, &Wrench::default(), DVec3::ZERO, 1.0 / 60.0);
        }
        assert!(s.angular_velocity.is_finite());
        assert!((energy(&p, &s) - e0).abs() < 1e-9 * e0);
        assert!((momentum_world(&p, &s) - l0).length() < 1e-9 * l0.length());
    }

    #[test]
    fn rotation_converges_at_second_order() {
        // Same tumbling motion to t = 2 s at dt and dt/2 against a dt/32 reference: the
        // orientation error ratio is ≈ 4 for a second-order method (measured 4.01; a
        // torque read once in body axes would make it first order, ratio ≈ 2).
        let p = sedan();
        let run = |n: u32| {
            let mut s = ChassisState {
                angular_velocity: DVec3::new(1.0, 0.5, 2.0),
                ..Default::default()
            };
            let w = Wrench {
                force: DVec3::ZERO,
                torque: DVec3::new(100.0, -50.0, 20.0),
            };
            for _ in 0..n {
                integrate(&p, &mut s, &w, DVec3::ZERO, 2.0 / f64::from(n));
            }
            s.pose.rotation
        };
        let reference = run(120 * 32);
        let e1 = run(120).angle_between(reference);
        let e2 = run(240).angle_between(reference);
        let ratio = e1 / e2;
        assert!((3.5..4.5).contains(&ratio), "e1 {e1} e2 {e2} ratio {ratio}");
    }

    #[test]
    fn quaternion_stays_unit_over_100k_steps() {
        let p = sedan();
        let mut s = ChassisState {
            angular_velocity: DVec3::new(0.3, -1.2, 2.5),
            ..Default::default()
        };
        let w = Wrench {
            force: DVec3::new(10.0, 0.0, 0.0),
            torque: DVec3::new(5.0, -3.0, 1.0),
        };
        let mut worst = 0.0_f64;
        for _ in 0..100_000 {
            integrate(&p, &mut s, &w, DVec3::ZERO, 1.0 / 600.0);
            worst = worst.max((s.pose.rotation.length() - 1.0).abs());
        }
        assert!(worst < 1e-12, "{worst}");
        assert!(s.pose.is_valid());
    }

    // ---- sprung masses -------------------------------------------------------------------

    fn xy(x: f64, y: f64) -> DVec3 {
        DVec3::new(x, y, -0.3) // z is ignored
    }

    /// Σ mᵢ = M and Σ mᵢ (xᵢ, yᵢ) = M (x_c, y_c) to 1e-9 relative; unused slots zero.
    fn assert_constraints(pos: &[DVec3], com: DVec3, m: f64, masses: &[f64; MAX_WHEELS]) {
        let sum: f64 = masses.iter().sum();
        let moment: DVec2 = pos
            .iter()
            .zip(masses)
            .map(|(p, mi)| p.truncate() * *mi)
            .sum();
        assert!((sum - m).abs() <= 1e-9 * m, "sum {sum}");
        let scale = pos
            .iter()
            .map(|p| p.truncate().length())
            .fold(1.0, f64::max);
        assert!(
            (moment - com.truncate() * m).length() <= 1e-9 * m * scale,
            "moment {moment}"
        );
        assert!(masses.iter().all(|&mi| mi >= 0.0));
        assert!(masses[pos.len()..].iter().all(|&mi| mi == 0.0));
    }

    fn close(got: f64, want: f64) {
        assert!((got - want).abs() < 1e-9, "got {got}, want {want}");
    }

    #[test]
    fn sprung_masses_four_wheels_symmetric() {
        // Front axle a = 1.2 m ahead of the CoM, rear b = 1.5 m behind, L = 2.7 m:
        // front wheel M·b/L/2 = 1500·1.5/2.7/2 = 416.667 kg, rear M·a/L/2 = 333.333 kg.
        let pos = [xy(1.2, 0.8), xy(1.2, -0.8), xy(-1.5, 0.8), xy(-1.5, -0.8)];
        let com = DVec3::new(0.0, 0.0, 0.5);
        let m = compute_sprung_masses(&pos, com, 1500.0).unwrap();
        close(m[0], 1500.0 * 1.5 / 2.7 / 2.0);
        close(m[1], 1500.0 * 1.5 / 2.7 / 2.0);
        close(m[2], 1500.0 * 1.2 / 2.7 / 2.0);
        close(m[3], 1500.0 * 1.2 / 2.7 / 2.0);
        assert_constraints(&pos, com, 1500.0, &m);
    }

    #[test]
    fn sprung_masses_four_wheels_lateral_offset() {
        // Same car, CoM 5 cm left. Centroid x̄ = −0.15; mᵢ = M [¼ + x'ᵢ·0.15/7.29 + yᵢ·0.05/2.56]
        // with x' = ±1.35 (Sxx = 4·1.35² = 7.29) and y = ±0.8 (Syy = 4·0.8² = 2.56):
        // front ¼ + 1/36, rear ¼ − 1/36, left +1/64, right −1/64.
        let pos = [xy(1.2, 0.8), xy(1.2, -0.8), xy(-1.5, 0.8), xy(-1.5, -0.8)];
        let com = DVec3::new(0.0, 0.05, 0.5);
        let m = compute_sprung_masses(&pos, com, 1500.0).unwrap();
        close(m[0], 1500.0 * (0.25 + 1.0 / 36.0 + 1.0 / 64.0)); // 440.104
        close(m[1], 1500.0 * (0.25 + 1.0 / 36.0 - 1.0 / 64.0)); // 393.229
        close(m[2], 1500.0 * (0.25 - 1.0 / 36.0 + 1.0 / 64.0)); // 356.771
        close(m[3], 1500.0 * (0.25 - 1.0 / 36.0 - 1.0 / 64.0)); // 309.896
        assert_constraints(&pos, com, 1500.0, &m);
    }

    #[test]
    fn sprung_masses_tadpole_trike() {
        // Two front wheels (1.0, ±0.7), one rear (−1.4, 0); CoM (0.2, 0.07), M = 300.
        // Rear share (1.0 − 0.2)/2.4 = 1/3 → 100; front pair 200 with
        // 0.7 (m_FL − m_FR) = 300·0.07 → difference 30 → FL 115, FR 85.
        let pos = [xy(1.0, 0.7), xy(1.0, -0.7), xy(-1.4, 0.0)];
        let com = DVec3::new(0.2, 0.07, 0.4);
        let m = compute_sprung_masses(&pos, com, 300.0).unwrap();
        close(m[0], 115.0);
        close(m[1], 85.0);
        close(m[2], 100.0);
        assert_constraints(&pos, com, 300.0, &m);
    }

    #[test]
    fn sprung_masses_delta_trike() {
        // One front wheel (1.2, 0), two rear (−0.8, ±0.6); CoM (0, 0.03), M = 400.
        // Front share 0.8/2.0 = 0.4 → 160; rear pair 240 with 0.6 (m_RL − m_RR) = 12 →
        // difference 20 → RL 130, RR 110.
        let pos = [xy(1.2, 0.0), xy(-0.8, 0.6), xy(-0.8, -0.6)];
        let com = DVec3::new(0.0, 0.03, 0.4);
        let m = compute_sprung_masses(&pos, com, 400.0).unwrap();
        close(m[0], 160.0);
        close(m[1], 130.0);
        close(m[2], 110.0);
        assert_constraints(&pos, com, 400.0, &m);
    }

    #[test]
    fn sprung_masses_six_wheels_minimum_norm() {
        // 6x6: axles at x = 2, 0, −2, track ±1; CoM (0.4, 0.1), M = 6000. Centroid 0,
        // Sxx = 2·(4+0+4) = 16, Syy = 6, Sxy = 0 → mᵢ = 6000 [1/6 + xᵢ·0.4/16 + yᵢ·0.1/6]
        // = 1000 + 150 xᵢ + 100 yᵢ.
        let pos = [
            xy(2.0, 1.0),
            xy(2.0, -1.0),
            xy(0.0, 1.0),
            xy(0.0, -1.0),
            xy(-2.0, 1.0),
            xy(-2.0, -1.0),
        ];
        let com = DVec3::new(0.4, 0.1, 1.0);
        let m = compute_sprung_masses(&pos, com, 6000.0).unwrap();
        for (got, want) in m.iter().zip([1400.0, 1200.0, 1100.0, 900.0, 800.0, 600.0]) {
            close(*got, want);
        }
        assert_constraints(&pos, com, 6000.0, &m);
        // Minimum norm: any move along the constraints' null space (here: shift mass from the
        // middle axle to the outer ones, or twist) makes the norm larger.
        let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>();
        let null_a = [1.0, 1.0, -2.0, -2.0, 1.0, 1.0];
        let null_b = [1.0, -1.0, 0.0, 0.0, -1.0, 1.0];
        for null in [null_a, null_b] {
            for eps in [-10.0, 10.0] {
                let moved: Vec<f64> = m.iter().zip(null).map(|(mi, d)| mi + eps * d).collect();
                assert!(norm(&moved) > norm(&m[..6]));
            }
        }
    }

    #[test]
    fn sprung_masses_eight_by_eight_satisfy_constraints() {
        let pos: Vec<DVec3> = (0..8)
            .map(|i| {
                xy(
                    [3.1, 1.6, -1.9, -3.4][i / 2],
                    if i % 2 == 0 { 1.2 } else { -1.2 },
                )
            })
            .collect();
        let com = DVec3::new(0.3, -0.15, 1.4);
        let m = compute_sprung_masses(&pos, com, 30_000.0).unwrap();
        assert_constraints(&pos, com, 30_000.0, &m);
    }

    #[test]
    fn sprung_masses_two_and_one_wheels() {
        // Motorcycle: front (0.8, 0), rear (−0.6, 0), CoM x = 0, M = 200:
        // front 200·0.6/1.4 = 85.714, rear 200·0.8/1.4 = 114.286 (lever rule).
        let pos = [xy(0.8, 0.0), xy(-0.6, 0.0)];
        let m = compute_sprung_masses(&pos, DVec3::new(0.0, 0.0, 0.6), 200.0).unwrap();
        close(m[0], 200.0 * 0.6 / 1.4);
        close(m[1], 200.0 * 0.8 / 1.4);
        // Off the line (1 cm to the side) → error.
        let e = compute_sprung_masses(&pos, DVec3::new(0.0, 0.01, 0.6), 200.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("collinear"), "{e}");
        // On the line, beyond the rear wheel → negative front mass → error.
        let e = compute_sprung_masses(&pos, DVec3::new(-0.7, 0.0, 0.6), 200.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("outside"), "{e}");
        // One wheel: CoM must be over it.
        let m = compute_sprung_masses(&[xy(0.5, 0.1)], DVec3::new(0.5, 0.1, 1.0), 80.0).unwrap();
        close(m[0], 80.0);
        let e = compute_sprung_masses(&[xy(0.5, 0.1)], DVec3::ZERO, 80.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
    }

    #[test]
    fn sprung_masses_collinear_three_wheels() {
        let pos = [xy(1.0, 0.0), xy(0.0, 0.0), xy(-1.0, 0.0)];
        // CoM on the line: fine (linear split 1/3 + x·0.2/2 → 0.4333, 0.3333, 0.2333).
        let m = compute_sprung_masses(&pos, DVec3::new(0.2, 0.0, 0.5), 300.0).unwrap();
        close(m[0], 130.0);
        close(m[1], 100.0);
        close(m[2], 70.0);
        let e = compute_sprung_masses(&pos, DVec3::new(0.2, 0.05, 0.5), 300.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("collinear"), "{e}");
    }

    #[test]
    fn sprung_masses_com_outside_polygon() {
        let pos = [
            xy(1.35, 0.8),
            xy(1.35, -0.8),
            xy(-1.35, 0.8),
            xy(-1.35, -0.8),
        ];
        let e = compute_sprung_masses(&pos, DVec3::new(2.0, 0.0, 0.5), 1500.0).unwrap_err();
        assert_eq!(e.path, "com_offset");
        assert!(e.rule.contains("outside the wheel support polygon"), "{e}");
        // Documented limit: inside the rectangle but outside |Δx|/a + |Δy|/b ≤ 1 (here 1.6).
        assert!(compute_sprung_masses(&pos, DVec3::new(1.08, 0.64, 0.5), 1500.0).is_err());
        // On that diamond's edge the far wheel carries exactly 0.
        let m = compute_sprung_masses(&pos, DVec3::new(0.675, 0.4, 0.5), 1500.0).unwrap();
        assert!(m[3].abs() < 1e-9);
        assert_constraints(&pos, DVec3::new(0.675, 0.4, 0.5), 1500.0, &m);
    }

    #[test]
    fn sprung_masses_reject_bad_input() {
        let e = compute_sprung_masses(&[], DVec3::ZERO, 1.0).unwrap_err();
        assert_eq!(e.path, "wheels");
        let many = [xy(1.0, 1.0); MAX_WHEELS + 1];
        assert_eq!(
            compute_sprung_masses(&many, DVec3::ZERO, 1.0)
                .unwrap_err()
                .path,
            "wheels"
        );
        let pos = [xy(1.0, 1.0), DVec3::new(f64::NAN, 0.0, 0.0), xy(-1.0, 0.0)];
        assert_eq!(
            compute_sprung_masses(&pos, DVec3::ZERO, 1.0)
                .unwrap_err()
                .path,
            "wheels[1]"
        );
        let pos = [xy(1.0, 1.0), xy(1.0, -1.0), xy(-1.0, 0.0)];
        assert_eq!(
            compute_sprung_masses(&pos, DVec3::ZERO, 0.0)
                .unwrap_err()
                .path,
            "mass"
        );
        let bad_com = DVec3::new(0.0, f64::INFINITY, 0.0);
        assert_eq!(
            compute_sprung_masses(&pos, bad_com, 1.0).unwrap_err().path,
            "com_offset"
        );
    }

    #[test]
    fn rescale_spring_keeps_frequency_and_damping_ratio() {
        // 400 kg corner, 35 kN/m, 3500 N·s/m: f = √(87.5)/2π = 1.4888 Hz, ζ = 3500/(2√(1.4e7)) = 0.4677.
        let (k, c, m) = (35_000.0, 3500.0, 400.0);
        close(
            natural_frequency(k, m),
            87.5_f64.sqrt() / std::f64::consts::TAU,
        );
        close(damping_ratio(c, k, m), 3500.0 / (2.0 * 1.4e7_f64.sqrt()));
        let (k2, c2) = rescale_spring(k, c, m, 520.0);
        close(k2, 45_500.0);
        close(c2, 4550.0);
        close(natural_frequency(k2, 520.0), natural_frequency(k, m));
        close(damping_ratio(c2, k2, 520.0), damping_ratio(c, k, m));
    }
}
