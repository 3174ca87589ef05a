//! The wheel's frame: its steer and camber rotations, its spin axis and inclination to the
//! ground, and the tyre's directions (world frame; ISO 8855 axes: x forward, y left, z up;
//! angles in rad).

use super::{WheelParams, WheelState};
use crate::math::Pose;
use glam::{DQuat, DVec3};

/// A tyre's directions in the world frame (PhysX `PxVehicleTireDirectionState`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TireDirections {
    /// Longitudinal direction: the wheel heading (unit vector, world). On the ground it lies in
    /// the ground plane; forces `Fx` act along it.
    pub longitudinal_world: DVec3,
    /// Lateral direction, to the tyre's left (unit vector, world); forces `Fy` act along it.
    pub lateral_world: DVec3,
}

/// The tyre's directions of a wheel: on the ground the tyre frame of the last grip stage
/// (heading projected on the ground plane, `lat = n × long`, [`tire_input`](super::tire_input)); off the ground
/// the steered wheel's heading and left in the body's plane, `R_body·R_z(δ)·x̂` and
/// `R_body·R_z(δ)·ŷ`.
pub fn tire_directions(ws: &WheelState, pose: &Pose) -> TireDirections {
    if ws.suspension.in_contact && ws.tire_long_world != DVec3::ZERO {
        return TireDirections {
            longitudinal_world: ws.tire_long_world,
            lateral_world: ws.tire_lat_world,
        };
    }
    let steer = rotation_z(ws.steer);
    TireDirections {
        longitudinal_world: pose.transform_vector(heading_in_body(steer)),
        lateral_world: pose.transform_vector(steer * DVec3::Y),
    }
}

/// The wheel's spin axis in the world at its current steer and camber (unit). Inlined into
/// the contact stage's wheel query (≈ 50 instructions a call less: the quaternions and the
/// pose stay in registers; callgrind, session 31).
#[inline(always)]
pub(crate) fn axle_world(pose: &Pose, ws: &WheelState, side: f64) -> DVec3 {
    pose.transform_vector(axle_body(ws, side))
}

/// [`axle_world`] in the body frame, before the pose's rotation (unit): `R_z(δ)·R_x(−side·ε)·ŷ`.
#[inline(always)]
pub(crate) fn axle_body(ws: &WheelState, side: f64) -> DVec3 {
    axle_body_of(ws.steer, ws.suspension.camber, side)
}

/// [`axle_body`] at the steer `steer` and camber `camber` (rad).
#[inline(always)]
pub(crate) fn axle_body_of(steer: f64, camber: f64, side: f64) -> DVec3 {
    let camber = rotation_x(-side * camber);
    axle_in_body(rotation_z(steer), camber)
}

/// `(steer * camber) * ŷ` (glam's product and rotation: [`wheel_rotation`]`(δ, ε, side) * ŷ`),
/// bit for bit, for `steer = R_z(δ) = (0, 0, s₁, c₁)` and `camber = R_x(−side·ε) = (s₂, 0, 0,
/// c₂)` as [`rotation_z`] and [`rotation_x`] build them, without the terms with a zero factor.
///
/// With `c₁, c₂ > 0` (half angles within ±π/2) those terms are signed zeros, and adding them
/// only turns a `−0` into `+0`: the product is `(c₁s₂ + 0, s₁s₂ + 0, s₁c₂ + 0, c₁c₂)` (no
/// component `−0`). Rotating `ŷ` by `(x, y, z, w)` as glam does (`v·(w² − b²) + b·2(v·b) +
/// (b × v)·2w`, `b = (x, y, z)`) then gives, with `k = w² − b² > 0`, `v·b = y` and `b × ŷ =
/// (±0 − z, ±0, x)`: `((0 + 2y·x) − z·2w, k + y·2y, (0 + 2y·z) + x·2w)` — the zeros again only
/// where they cannot change a sum's bits. Any other case (a NaN or an angle beyond ±π, `k ≤
/// 0`) takes glam's general expressions. Test: `axle_and_heading_are_glams_bit_for_bit`.
#[inline(always)]
pub(crate) fn axle_in_body(steer: DQuat, camber: DQuat) -> DVec3 {
    let (s1, c1, s2, c2) = (steer.z, steer.w, camber.x, camber.w);
    let (x, y, z, w) = (c1 * s2 + 0.0, s1 * s2 + 0.0, s1 * c2 + 0.0, c1 * c2);
    let k = w * w - ((x * x + y * y) + z * z);
    if c1 > 0.0 && c2 > 0.0 && k > 0.0 {
        let (y2, w2) = (y * 2.0, w * 2.0);
        DVec3::new(
            (0.0 + x * y2) + -z * w2,
            k + y * y2,
            (0.0 + z * y2) + x * w2,
        )
    } else {
        rotate_y_general(steer, camber)
    }
}

/// glam's `(steer * camber) * ŷ`: [`axle_in_body`]'s other cases, out of line.
#[cold]
#[inline(never)]
fn rotate_y_general(steer: DQuat, camber: DQuat) -> DVec3 {
    steer * camber * DVec3::Y
}

/// `steer * x̂` for `steer = R_z(δ) = (0, 0, s, c)` as [`rotation_z`] builds it, bit for bit
/// (as [`axle_in_body`]): with `c > 0` and `k = c² − s² ≥ 0` glam's rotation is
/// `(k, s·2c + 0, 0)`. Test: `axle_and_heading_are_glams_bit_for_bit`.
#[inline(always)]
pub(crate) fn heading_in_body(steer: DQuat) -> DVec3 {
    let (s, c) = (steer.z, steer.w);
    let k = c * c - s * s;
    if c > 0.0 && k >= 0.0 {
        DVec3::new(k, s * (c * 2.0) + 0.0, 0.0)
    } else {
        rotate_x_general(steer)
    }
}

/// glam's `steer * x̂`: [`heading_in_body`]'s other cases, out of line.
#[cold]
#[inline(never)]
fn rotate_x_general(steer: DQuat) -> DVec3 {
    steer * DVec3::X
}

/// [`axle_world`] as the contact stage stored it this substep
/// ([`WheelState::axle_world_substep`], the same bits), or computed here while nothing has
/// stored it yet (zero: a stage run alone). Inlined into the suspension and grip stages (with
/// only `#[inline]` it was not, once the contact stage's axle split into [`axle_body`] and
/// the pose's rotation: +25 instructions a call; callgrind, `steer-s34`).
#[inline(always)]
pub(crate) fn substep_axle(pose: &Pose, ws: &WheelState, side: f64) -> DVec3 {
    if ws.axle_world_substep == DVec3::ZERO {
        axle_world(pose, ws, side)
    } else {
        ws.axle_world_substep
    }
}

/// Orientation of the wheel in the vehicle frame: steer about z, then camber about x
/// (positive camber leans the top away from the centreline).
pub fn wheel_rotation(steer: f64, camber: f64, side: f64) -> DQuat {
    rotation_z(steer) * rotation_x(-side * camber)
}

/// `DQuat::from_rotation_x(angle)`, bit for bit, without its `sin_cos` at a zero angle: a
/// wheel without kinematic camber (the default graph, every preset's rear wheels' steer) turns
/// by ±0 every substep, and `sin(±0) = ±0`, `cos(±0) = 1` exactly (IEEE 754 §9.2: glibc's
/// and Rust's `libm` return them), so the quaternion is `(±0·0.5, 0, 0, 1)`.
#[inline]
fn rotation_x(angle: f64) -> DQuat {
    if angle == 0.0 {
        DQuat::from_xyzw(angle * 0.5, 0.0, 0.0, 1.0)
    } else {
        DQuat::from_rotation_x(angle)
    }
}

/// `DQuat::from_rotation_z(angle)`, bit for bit, without its `sin_cos` at a zero angle (as
/// [`rotation_x`]).
#[inline]
pub(crate) fn rotation_z(angle: f64) -> DQuat {
    if angle == 0.0 {
        DQuat::from_xyzw(0.0, 0.0, angle * 0.5, 1.0)
    } else {
        remembered_rotation_z(angle)
    }
}

/// `DQuat::from_rotation_z(angle)`, its `(z, w)` remembered per thread for the last four
/// angles asked, keyed by their bits (replaced in turn), so a hit returns exactly glam's
/// quaternion. A steered wheel's steer rotation is built by the contact stage (its axle) and
/// again by the grip stage (its heading) in the same substep, with no stage between that
/// changes the steer: the second is a hit (up to four steered wheels a vehicle), and a held
/// steer hits on every substep. A `sin_cos` call (≈ 95 instructions) against ≈ 15 for the
/// lookup; a miss costs the lookup more. The same idea as the hit rejection's remembered
/// cosines (`ground::wheel`); test: `remembered_rotation_z_is_glams`.
fn remembered_rotation_z(angle: f64) -> DQuat {
    use std::cell::Cell;
    thread_local! {
        // `from_rotation_z(+0) = (0, 0, 0, 1)` exactly: valid entries to start from.
        static LAST: [Cell<(u64, f64, f64)>; 4] = const { [const { Cell::new((0, 0.0, 1.0)) }; 4] };
        static NEXT: Cell<usize> = const { Cell::new(0) };
    }
    let bits = angle.to_bits();
    LAST.with(|last| {
        if let Some((_, z, w)) = last.iter().map(Cell::get).find(|e| e.0 == bits) {
            return DQuat::from_xyzw(0.0, 0.0, z, w);
        }
        let q = DQuat::from_rotation_z(angle);
        NEXT.with(|next| {
            let k = next.get();
            last[k].set((bits, q.z, q.w));
            next.set((k + 1) % last.len());
        });
        q
    })
}

/// Inclination angle γ of the wheel to the ground at its contact, the tyre models' camber
/// input (Pacejka, *Tire and Vehicle Dynamics*, §1.2; ISO 8855 wheel axes; MapleSim's tire
/// kinematics compute it the same way):
///
/// ```text
/// a = R_body · R_z(δ) · R_x(−side·ε) · ŷ        wheel spin axis (pointing to the wheel's left), world
/// γ = asin(a · n)                                n the ground normal at the contact
/// ```
/// with δ the steer angle, ε the kinematic camber from the camber-vs-jounce graph (static
/// camber included: the graph's value at the design jounce; + top leaning away from the
/// centreline) and `R_body` the chassis orientation, so body roll, pitch and a banked or
/// cambered road all reach the tyre. Sign (ISO, as the Magic Formula's γ): **positive when
/// the wheel top leans to the tyre's right** (−y, a positive rotation about x seen from
/// behind); a tyre's camber thrust points the way its top leans, so an MF tyre with
/// PVY3 < 0 gives `Fy < 0` at `γ > 0`. Hence on a level body over flat ground
/// `γ = −side·ε` (positive camber on a left wheel is negative inclination), and a body rolled
/// by φ (ISO roll, + right side down) with no kinematic camber gives `γ = φ` on every wheel:
/// the camber to the road becomes `ε − φ` on the left and `ε + φ` on the right. Unit: rad.
pub fn inclination(pose: &Pose, steer: f64, camber: f64, side: f64, n: DVec3) -> f64 {
    let rot = crate::math::Rotor::new(pose.rotation);
    inclination_steered(&rot, rotation_z(steer), camber, side, n)
}

/// [`inclination`] with the steer rotation `R_z(δ)` already built and the chassis rotation
/// as its [`Rotor`](crate::math::Rotor) (the same bits): the grip stage's for a wheel
/// whose axle is not stored, on a vehicle without the body's axes (a sweep's stage run alone,
/// [`super::tire_input`]; a ray-cast vehicle's take [`inclination_from_axes`]), so the same
/// bits as from the stored axle.
#[inline(always)]
pub(crate) fn inclination_steered(
    rot: &crate::math::Rotor,
    steer: DQuat,
    camber: f64,
    side: f64,
    n: DVec3,
) -> f64 {
    // `wheel_rotation`'s product with its first factor given.
    let axle = rot.rotate(axle_in_body(steer, rotation_x(-side * camber)));
    axle.dot(n).clamp(-1.0, 1.0).asin()
}

/// A [`Body`](super::Body) with its centre of mass in the world
/// (`state.com_world(params)`, the same bits), placed once for all the wheels of a stage.
#[derive(Clone, Copy)]
pub(crate) struct BodyAt<'a> {
    /// The body.
    pub(crate) body: super::Body<'a>,
    /// Its centre of mass, world. Unit: m.
    pub(crate) com: DVec3,
    /// Its rotation (`state.pose.rotation`) as a rotor, placed once for the stage's wheels.
    pub(crate) rot: crate::math::Rotor,
    /// Its axes in the world ([`body_axes`]) where the stage built them for its wheels'
    /// inclinations (a ray-cast vehicle's: its contact stage stores no axle); `None`: a wheel
    /// without a stored axle takes [`inclination_steered`].
    pub(crate) axes: Option<[DVec3; 3]>,
}

impl<'a> BodyAt<'a> {
    /// `body` with its centre of mass `com` (world, m) placed, its rotor, and its axes where
    /// `ray` (a ray-cast vehicle's wheels take their inclinations from them).
    #[inline(always)]
    pub(crate) fn new(body: super::Body<'a>, com: DVec3, ray: bool) -> Self {
        let q = body.state.pose.rotation;
        let (rot, axes) = (crate::math::Rotor::new(q), ray.then(|| body_axes(q)));
        Self {
            body,
            com,
            rot,
            axes,
        }
    }
}

/// The body's axes in the world, `[R·x̂, R·ŷ, R·ẑ]` (the columns of the rotation matrix of
/// the unit quaternion `q`, glam's `DMat3::from_quat`): what [`inclination_from_axes`] takes,
/// built once for a stage's wheels. Unit: 1.
#[inline]
pub(crate) fn body_axes(q: DQuat) -> [DVec3; 3] {
    let m = glam::DMat3::from_quat(q);
    [m.x_axis, m.y_axis, m.z_axis]
}

/// [`inclination`] from the body's axes `[X, Y, Z]` in the world ([`body_axes`]), with the
/// steer rotation `R_z(δ) = (0, 0, s, c)` already built ([`rotation_z`]): the same equation,
/// the axle `a = R_body·R_z(δ)·R_x(ε')·ŷ` (`ε' = −side·ε`) expanded in the body's axes,
///
/// ```text
/// R_x(ε')·ŷ = (0, cos ε', sin ε'),   R_z(δ)·(0, cos ε', sin ε') = (−sin δ·cos ε', cos δ·cos ε', sin ε')
/// a·n = cos ε'·(cos δ·(Y·n) − sin δ·(X·n)) + sin ε'·(Z·n),   γ = asin(a·n)
/// ```
/// with `cos δ = c² − s²`, `sin δ = 2·s·c` (the half-angle quaternion's double angle, as
/// [`heading_in_body`] takes them). Equal to [`inclination`] up to round-off (the matrix's
/// products against the quaternion rotations': ≈ 10⁻¹⁶ rad; test
/// `inclination_from_axes_is_the_rotations`), for a third of the instructions: the grip
/// stage builds a ray-cast wheel's inclination so (its contact stage stores no axle,
/// [`super::WheelState::axle_world_substep`]), the axes shared by the vehicle's wheels.
#[inline(always)]
pub(crate) fn inclination_from_axes(
    [x, y, z]: &[DVec3; 3],
    steer: DQuat,
    camber: f64,
    side: f64,
    n: DVec3,
) -> f64 {
    let (s, c) = (steer.z, steer.w);
    let (cos_d, sin_d) = (c * c - s * s, s * (c * 2.0));
    let e = -side * camber;
    // `sin(±0) = ±0`, `cos(±0) = 1` exactly: no call for a wheel without kinematic camber.
    let (sin_e, cos_e) = if e == 0.0 { (e, 1.0) } else { e.sin_cos() };
    let a_n = cos_e * (cos_d * y.dot(n) - sin_d * x.dot(n)) + sin_e * z.dot(n);
    a_n.clamp(-1.0, 1.0).asin()
}

/// The heading `R_body·R_z(δ)·x̂` from the body's axes `[X, Y, Z]` ([`body_axes`]) and the
/// steered heading in the body `h = R_z(δ)·x̂ = (cos δ, sin δ, 0)` ([`heading_in_body`]):
/// `cos δ·X + sin δ·Y` (the matrix's columns; `h`'s z is ±0 exactly for a rotation about z,
/// so its term is left out). Equal to the rotor's `R_body·h` up to round-off (≈ 10⁻¹⁶;
/// test `heading_from_axes_is_the_rotation`): a round-off change of the tyre frame (session
/// 38), ≈ 25 instructions a ray-cast wheel less, the axes shared with
/// [`inclination_from_axes`]. Unit: 1.
#[inline(always)]
pub(crate) fn heading_from_axes([x, y, _]: &[DVec3; 3], h: DVec3) -> DVec3 {
    *x * h.x + *y * h.y
}

/// Top of wheel `wp`'s suspension line (its centre at full compression), world, for the
/// chassis at `pose`: `X · (p − d·x_max)` (`p` the wheel position, `d` the travel direction,
/// `x_max` the compression travel, vehicle frame). Unit: m. [`strut_line_world`]'s first.
pub fn strut_top_world(wp: &WheelParams, pose: &Pose) -> DVec3 {
    strut_line_world(wp, pose).0
}

/// Unit travel direction (droop) of wheel `wp`'s suspension line, world, for the chassis at
/// `pose`: `R·d`. [`strut_line_world`]'s second.
pub fn travel_direction_world(wp: &WheelParams, pose: &Pose) -> DVec3 {
    strut_line_world(wp, pose).1
}

/// Wheel `wp`'s suspension line, world, for the chassis at `pose = (t, R)`: its top
/// `t + R·(p − d·x_max)` and travel direction `R·d` ([`strut_top_world`],
/// [`travel_direction_world`]), both rotated by `R`'s matrix `[X Y Z]` (the body's axes,
/// `body_axes`): `R·v = X·v_x + Y·v_y + Z·v_z`. The same rotation as the
/// quaternion's `q·v·q*` to round-off (round-off change, session 38: the contact stage
/// builds the matrix once for its wheels, ≈ 35 instructions a line against ≈ 95 for two
/// quaternion rotations). Unit: m, 1.
pub fn strut_line_world(wp: &WheelParams, pose: &Pose) -> (DVec3, DVec3) {
    strut_line_from_axes(wp, &body_axes(pose.rotation), pose.translation)
}

/// [`strut_line_world`] with the body's axes `[X, Y, Z]` built and its position `t`.
#[inline(always)]
pub(crate) fn strut_line_from_axes(
    wp: &WheelParams,
    [x, y, z]: &[DVec3; 3],
    t: DVec3,
) -> (DVec3, DVec3) {
    let sp = &wp.suspension;
    let (p, d) = (
        wp.position - sp.travel_direction * sp.max_compression,
        sp.travel_direction,
    );
    let rotate = |v: DVec3| *x * v.x + *y * v.y + *z * v.z;
    (t + rotate(p), rotate(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_angle_rotations_are_glams_bit_for_bit() {
        // The shortcut must give glam's quaternion exactly, signed zeros included, and every
        // other angle must still go through glam.
        let bits = |q: DQuat| q.to_array().map(f64::to_bits);
        for a in [0.0, -0.0, 1e-300, -1e-300, 0.03, -0.03, 1.0, -2.5] {
            assert_eq!(
                bits(rotation_x(a)),
                bits(DQuat::from_rotation_x(a)),
                "x {a:e}"
            );
            assert_eq!(
                bits(rotation_z(a)),
                bits(DQuat::from_rotation_z(a)),
                "z {a:e}"
            );
        }
        // The sign of a zero angle survives (so a zero steer's `-0.0` keeps its bits).
        assert!(rotation_x(-0.0).x.is_sign_negative());
        assert!(rotation_z(-0.0).z.is_sign_negative());
        assert!(rotation_z(0.0).z.is_sign_positive());
    }

    #[test]
    fn inclination_from_axes_is_the_rotations() {
        // The axes' expansion against the quaternion rotations (`inclination`): within
        // 10⁻¹⁵ rad over seeded poses, steers, cambers, sides and ground normals; by hand, a
        // body rolled 3° with no steer or camber inclines each wheel by 3°.
        let mut seed = 0x0fc5_3800_u64;
        let mut next = || crate::test_rng::unit(&mut seed) - 0.5;
        let mut worst = 0.0_f64;
        for _ in 0..100_000 {
            let q = DQuat::from_euler(
                glam::EulerRot::ZYX,
                6.0 * next(),
                0.6 * next(),
                0.6 * next(),
            );
            let (steer, camber) = (1.2 * next(), 0.2 * next());
            let side = if next() < 0.0 { -1.0 } else { 1.0 };
            let n = DVec3::new(0.3 * next(), 0.3 * next(), 1.0).normalize();
            let pose = Pose::new(DVec3::ZERO, q);
            let want = inclination(&pose, steer, camber, side, n);
            let got = inclination_from_axes(&body_axes(q), rotation_z(steer), camber, side, n);
            worst = worst.max((got - want).abs());
        }
        assert!(worst < 1e-15, "{worst:e} rad");
        let roll = 3f64.to_radians();
        let q = DQuat::from_rotation_x(roll);
        for side in [1.0, -1.0] {
            let g = inclination_from_axes(&body_axes(q), rotation_z(0.0), 0.0, side, DVec3::Z);
            assert!((g - roll).abs() < 1e-15, "{g}");
        }
    }

    #[test]
    fn axle_and_heading_are_glams_bit_for_bit() {
        // The shortened products against glam's general ones, every bit (signed zeros
        // included), over 200 000 seeded angles: small and large, ±0, subnormal, beyond ±π
        // (negative half-angle cosines), NaN and ∞, each steer with each camber and side.
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
        let special = [
            0.0,
            -0.0,
            1e-300,
            -5e-324,
            0.03,
            -0.7,
            1.5,
            std::f64::consts::FRAC_PI_2,
            std::f64::consts::PI,
            -std::f64::consts::PI,
            3.5,
            -7.0,
            1e10,
            f64::NAN,
            f64::INFINITY,
        ];
        let bits = |v: DVec3| v.to_array().map(f64::to_bits);
        let pose = Pose::new(
            DVec3::ZERO,
            DQuat::from_scaled_axis(DVec3::new(0.1, -0.2, 0.3)),
        );
        for i in 0..100_000 {
            let pick = |k: usize, r: f64| {
                if i % 7 == k {
                    special[i / 7 % special.len()]
                } else {
                    r
                }
            };
            let steer = pick(0, [f(-0.8, 0.8), 0.0, f(-4.0, 4.0)][i % 3]);
            let camber = pick(3, [0.0, -0.0, f(-0.2, 0.2), f(-4.0, 4.0)][i % 4]);
            for side in [1.0, -1.0] {
                let (zq, xq) = (rotation_z(steer), rotation_x(-side * camber));
                let general = wheel_rotation(steer, camber, side) * DVec3::Y;
                assert_eq!(
                    bits(axle_in_body(zq, xq)),
                    bits(general),
                    "{steer:e} {camber:e}"
                );
                let ws = WheelState {
                    steer,
                    suspension: crate::suspension::SuspensionState {
                        camber,
                        ..Default::default()
                    },
                    ..Default::default()
                };
                let world = pose.transform_vector(general);
                assert_eq!(bits(axle_world(&pose, &ws, side)), bits(world));
            }
            let zq = rotation_z(steer);
            assert_eq!(bits(heading_in_body(zq)), bits(zq * DVec3::X), "{steer:e}");
        }
    }

    #[test]
    fn heading_from_axes_is_the_rotation() {
        // The axes' heading against the rotor's rotation of the same steered heading: within
        // 10⁻¹⁵ (a unit vector's components) over seeded poses and steers; by hand, a body
        // yawed 90° and steered 0.1 rad heads along (−sin 0.1, cos 0.1, 0).
        let mut seed = 0x0ead_3800_u64;
        let mut next = || crate::test_rng::unit(&mut seed) - 0.5;
        let mut worst = 0.0_f64;
        for _ in 0..100_000 {
            let q = DQuat::from_euler(
                glam::EulerRot::ZYX,
                6.0 * next(),
                0.6 * next(),
                0.6 * next(),
            );
            let h = heading_in_body(rotation_z(1.2 * next()));
            let want = crate::math::Rotor::new(q).rotate(h);
            let got = heading_from_axes(&body_axes(q), h);
            worst = worst.max((got - want).abs().max_element());
        }
        assert!(worst < 1e-15, "{worst:e}");
        let q = DQuat::from_rotation_z(std::f64::consts::FRAC_PI_2);
        let got = heading_from_axes(&body_axes(q), heading_in_body(rotation_z(0.1)));
        let want = DVec3::new(-0.1f64.sin(), 0.1f64.cos(), 0.0);
        assert!((got - want).abs().max_element() < 1e-15, "{got}");
    }

    #[test]
    fn remembered_rotation_z_is_glams() {
        // Angles asked in runs and interleavings of up to seven distinct values (more than
        // the four remembered), repeated, ±0, NaN and ∞: every answer has glam's bits.
        let angles = [
            0.03,
            -0.03,
            0.5,
            -0.0,
            1e-300,
            f64::NAN,
            f64::INFINITY,
            2.0,
            0.0,
        ];
        let bits = |q: DQuat| q.to_array().map(f64::to_bits);
        let mut k = 5_usize;
        for i in 0..2000 {
            k = (k * 37 + 13) % 101;
            let a = angles[(k % (2 + i % 7)) % angles.len()];
            assert_eq!(
                bits(rotation_z(a)),
                bits(DQuat::from_rotation_z(a)),
                "{a:e}"
            );
            assert_eq!(
                bits(remembered_rotation_z(a)),
                bits(DQuat::from_rotation_z(a))
            );
        }
    }

    #[test]
    fn camber_leans_top_outward() {
        // Left wheel (side +1), +0.1 rad camber: the wheel's up axis tilts to +y.
        let up = wheel_rotation(0.0, 0.1, 1.0) * DVec3::Z;
        assert!((up.y - 0.1f64.sin()).abs() < 1e-12);
        let up = wheel_rotation(0.0, 0.1, -1.0) * DVec3::Z;
        assert!((up.y + 0.1f64.sin()).abs() < 1e-12);
    }
}
