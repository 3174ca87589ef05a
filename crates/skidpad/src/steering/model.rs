//! Pure steering functions. See the [module docs](super) for the equations.

use super::params::{SteerWheel, SteeringMode, SteeringParams};
use super::state::SteeringState;
use crate::MAX_WHEELS;

/// Smallest longitudinal lever (m) between the lead steered wheel and the reference line for
/// which an Ackermann turn centre is defined; below it the nominal angles are used.
pub const MIN_ACKERMANN_LEVER: f64 = 1e-6;

/// Moment of one steered wheel's tyre about its steering (kingpin) axis, taken vertical:
/// `M_k = Mz − t_m·Fy` — the tyre's aligning moment `Mz` (about the contact normal, + counter-
/// clockwise from above) plus its lateral force `Fy` (+ left) acting `t_m` behind the steering
/// axis ([`SteeringParams::mechanical_trail`]). Both terms turn the wheel back towards its
/// direction of travel. Unit: N·m.
#[inline]
pub fn kingpin_moment(p: &SteeringParams, mz: f64, fy: f64) -> f64 {
    mz - p.mechanical_trail * fy
}

/// Torque the road wheels put on the steering wheel (force-feedback signal), + turning it to
/// the left: `T_sw = Σ M_k / i_s` over the steered wheels on the ground, `i_s` the overall
/// steering ratio ([`SteeringParams::ratio`]): for a rack of constant ratio the virtual work
/// `T_sw·dθ_sw = Σ M_k·dδ` with `dδ = dθ_sw/i_s` gives it. The driver holds the wheel
/// against it (holding torque `−T_sw`). No power assist, friction or steering-axis
/// inclination (jacking) term. Unit: N·m.
///
/// ```
/// use skidpad::steering::{SteeringParams, model::{kingpin_moment, steering_wheel_torque}};
/// let p = SteeringParams::default(); // ratio 15, mechanical trail 0.02 m
/// // Turning left: both fronts push left (Fy = 3000 N) with Mz = −60 N·m (restoring).
/// let mk = kingpin_moment(&p, -60.0, 3000.0); // −60 − 0.02·3000 = −120 N·m
/// let t = steering_wheel_torque(&p, 2.0 * mk); // −240/15 = −16 N·m: pulls back to the right
/// assert!((t + 16.0).abs() < 1e-12);
/// ```
#[inline]
pub fn steering_wheel_torque(p: &SteeringParams, kingpin_moments: f64) -> f64 {
    kingpin_moments / p.ratio
}

/// Fraction of `max_steer` available at forward speed `v` (`k(|v|)`, clamped to [0, 1]).
#[inline]
pub fn speed_factor(p: &SteeringParams, forward_speed: f64) -> f64 {
    p.steer_vs_speed.eval(forward_speed.abs()).clamp(0.0, 1.0)
}

/// x of the reference (unsteered) axle line: the mean x of the enabled wheels with
/// `max_steer == 0`, or of all enabled wheels if every wheel steers. `None` if no wheel is enabled.
pub fn reference_x(wheels: &[SteerWheel]) -> Option<f64> {
    let (mut sum, mut n, mut sum_all, mut n_all) = (0.0, 0usize, 0.0, 0usize);
    for w in wheels.iter().filter(|w| w.enabled) {
        sum_all += w.x;
        n_all += 1;
        if w.max_steer == 0.0 {
            sum += w.x;
            n += 1;
        }
    }
    if n > 0 {
        Some(sum / n as f64)
    } else if n_all > 0 {
        Some(sum_all / n_all as f64)
    } else {
        None
    }
}

/// Ackermann-corrected angles from nominal ones (see the [module docs](super)): writes
/// `out[i] = δᵢ⁰ + A·(δᵢ,ack − δᵢ⁰)` for every wheel (unsteered and disabled wheels get their
/// nominal angle, normally 0). Returns the turn centre `(x_ref, y_c)` in the vehicle frame
/// when one is defined.
pub fn ackermann(
    p: &SteeringParams,
    wheels: &[SteerWheel],
    nominal: &[f64],
    out: &mut [f64],
) -> Option<(f64, f64)> {
    let n = wheels.len();
    out[..n].copy_from_slice(&nominal[..n]);
    let a = p.ackermann.accuracy;
    let x_ref = reference_x(wheels)?;
    // Effective pivot position of a steered wheel (override geometry or its own position).
    let pivot = |w: &SteerWheel| -> (f64, f64) {
        match &p.ackermann.geometry {
            Some(g) => {
                let dir = if w.x >= x_ref { 1.0 } else { -1.0 };
                let side = if w.y >= 0.0 { 1.0 } else { -1.0 };
                let track = match g.rear_track_width {
                    Some(rear) if dir < 0.0 => rear,
                    _ => g.track_width,
                };
                (x_ref + dir * g.axle_separation, side * 0.5 * track)
            }
            None => (w.x, w.y),
        }
    };
    // Lead wheel: largest |δ⁰|, innermost on ties.
    let mut lead: Option<usize> = None;
    for (i, w) in wheels.iter().enumerate() {
        if !w.enabled || w.max_steer == 0.0 || nominal[i] == 0.0 {
            continue;
        }
        let (x, y) = pivot(w);
        let side_of_centre = (nominal[i] * (x - x_ref)).signum();
        lead = match lead {
            None => Some(i),
            Some(l) => {
                let (_, yl) = pivot(&wheels[l]);
                let (al, ai) = (nominal[l].abs(), nominal[i].abs());
                if ai > al * (1.0 + 1e-12)
                    || (ai >= al * (1.0 - 1e-12) && y * side_of_centre > yl * side_of_centre)
                {
                    Some(i)
                } else {
                    Some(l)
                }
            }
        };
    }
    let l = lead?;
    let (xl, yl) = pivot(&wheels[l]);
    if (xl - x_ref).abs() < MIN_ACKERMANN_LEVER {
        return None;
    }
    let y_c = yl + (xl - x_ref) / nominal[l].tan();
    for (i, w) in wheels.iter().enumerate() {
        if !w.enabled || w.max_steer == 0.0 {
            continue;
        }
        let (x, y) = pivot(w);
        let ideal = ((x - x_ref) / (y_c - y)).atan();
        out[i] = nominal[i] + a * (ideal - nominal[i]);
    }
    Some((x_ref, y_c))
}

/// The steering stage: road-wheel steer angles (toe excluded) from the normalised command
/// `steer ∈ [−1, 1]` at forward speed `forward_speed`, rate-limited against `s` and written to
/// `s.angle`. Disabled wheels and [`SteeringMode::Disabled`] get 0.
pub fn steer_angles(
    p: &SteeringParams,
    wheels: &[SteerWheel],
    steer: f64,
    forward_speed: f64,
    s: &mut SteeringState,
    dt: f64,
) {
    let n = wheels.len().min(MAX_WHEELS);
    let mut target = [0.0; MAX_WHEELS];
    if p.mode == SteeringMode::Wheels {
        let k = speed_factor(p, forward_speed);
        let mut nominal = [0.0; MAX_WHEELS];
        for (i, w) in wheels[..n].iter().enumerate() {
            if w.enabled {
                nominal[i] = steer * w.max_steer * k;
            }
        }
        if p.ackermann.accuracy > 0.0 {
            ackermann(p, &wheels[..n], &nominal[..n], &mut target[..n]);
        } else {
            target = nominal;
        }
    }
    let max_step = p.max_rate.map_or(f64::INFINITY, |r| r * dt);
    for (a, t) in s.angle[..n].iter_mut().zip(&target[..n]) {
        *a += (t - *a).clamp(-max_step, max_step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::sedan;
    use crate::steering::AckermannGeometry;
    use crate::wheel::steer_wheels;

    fn angles(accuracy: f64, steer: f64) -> (SteeringState, Option<(f64, f64)>) {
        let mut p = sedan();
        p.steering.ackermann.accuracy = accuracy;
        let mut s = SteeringState::default();
        steer_angles(
            &p.steering,
            &steer_wheels(&p.wheels),
            steer,
            0.0,
            &mut s,
            0.01,
        );
        let nominal: Vec<f64> = p.wheels.iter().map(|w| steer * w.max_steer).collect();
        let mut out = [0.0; 4];
        let c = ackermann(&p.steering, &steer_wheels(&p.wheels), &nominal, &mut out);
        (s, c)
    }

    #[test]
    fn inner_wheel_steers_more_and_accuracy_zero_is_parallel() {
        // Sedan: max steer 35°, half command → 17.5° nominal on both fronts.
        let (s, _) = angles(0.0, 0.5);
        assert_eq!(s.angle[0], s.angle[1]);
        assert!((s.angle[0] - 17.5f64.to_radians()).abs() < 1e-15);
        for steer in [0.5, -0.5, 1.0] {
            let (s, _) = angles(1.0, steer);
            let (inner, outer) = if steer > 0.0 { (0, 1) } else { (1, 0) };
            // The inner wheel keeps the command; the outer one steers less.
            assert!((s.angle[inner] - steer * 35f64.to_radians()).abs() < 1e-15);
            assert!(s.angle[inner].abs() > s.angle[outer].abs());
            assert_eq!(s.angle[inner].signum(), s.angle[outer].signum());
            assert_eq!((s.angle[2], s.angle[3]), (0.0, 0.0));
        }
    }

    #[test]
    fn perfect_ackermann_axes_meet_on_the_rear_axle_line() {
        // Independent check: intersect the two front axle lines and require the point to lie on
        // the rear axle line x = −1.35 m. Axle line of wheel i: (xᵢ, yᵢ) + t·(−sin δᵢ, cos δᵢ).
        // Hand value at 17.5° inner: y_c = 0.775 + 2.7/tan 17.5° = 9.3385 m;
        // outer = atan(2.7/(9.3385 + 0.775)) = 14.947°.
        let (s, centre) = angles(1.0, 0.5);
        let (x_ref, y_c) = centre.unwrap();
        assert!((x_ref + 1.35).abs() < 1e-12);
        assert!((y_c - (0.775 + 2.7 / 17.5f64.to_radians().tan())).abs() < 1e-9);
        assert!((s.angle[1].to_degrees() - 14.947).abs() < 1e-3);
        let (d0, d1) = (s.angle[0], s.angle[1]);
        let (p0, p1) = ((1.35, 0.775), (1.35, -0.775));
        // Solve p0 + t0·u0 = p1 + t1·u1 for t0.
        let (u0, u1) = ((-d0.sin(), d0.cos()), (-d1.sin(), d1.cos()));
        let det = u0.0 * -u1.1 - u0.1 * -u1.0;
        let (bx, by) = (p1.0 - p0.0, p1.1 - p0.1);
        let t0 = (bx * -u1.1 - by * -u1.0) / det;
        let (ix, iy) = (p0.0 + t0 * u0.0, p0.1 + t0 * u0.1);
        // Express the miss as an angle seen from each front wheel: 1e-9 rad.
        for (p, d) in [(p0, d0), (p1, d1)] {
            let to_rear_point = ((p.0 - (-1.35)) / (iy - p.1)).atan();
            assert!((to_rear_point - d).abs() < 1e-9, "{to_rear_point} vs {d}");
        }
        assert!((ix + 1.35).abs() < 1e-9 * 10.0, "intersection x {ix}");
    }

    /// PhysX `mRearWidth`: with four-wheel steer and a geometry override, steered rear wheels
    /// pivot at ±rear_track/2. Hand numbers: pivots at x_ref ± 1.35 m; front track 1.55 m, rear
    /// 1.60 m; front-left lead at 35°, so the turn centre is y_c = 0.775 + 1.35/tan 35° and a
    /// rear wheel's axle line through it gives δ = atan(−1.35/(y_c − y)), y = ±0.80 m.
    #[test]
    fn rear_track_width_sets_the_rear_pivots() {
        let mut p = sedan();
        p.steering.ackermann.accuracy = 1.0;
        p.wheels[2].max_steer = -10f64.to_radians();
        p.wheels[3].max_steer = -10f64.to_radians();
        let geometry = |rear| AckermannGeometry {
            axle_separation: 1.35,
            track_width: 1.55,
            rear_track_width: rear,
        };
        let nominal: Vec<f64> = p.wheels.iter().map(|w| w.max_steer).collect();
        let y_c = 0.775 + 1.35 / 35f64.to_radians().tan();
        for (rear, y_rear) in [(Some(1.60), 0.80), (None, 0.775)] {
            p.steering.ackermann.geometry = Some(geometry(rear));
            let mut out = [0.0; 4];
            let (_, yc) =
                ackermann(&p.steering, &steer_wheels(&p.wheels), &nominal, &mut out).unwrap();
            assert!((yc - y_c).abs() < 1e-12, "{yc} vs {y_c}");
            let rl = (-1.35 / (y_c - y_rear)).atan();
            let rr = (-1.35 / (y_c + y_rear)).atan();
            assert!((out[2] - rl).abs() < 1e-12, "{} vs {rl}", out[2]);
            assert!((out[3] - rr).abs() < 1e-12, "{} vs {rr}", out[3]);
        }
        p.steering.ackermann.geometry = Some(geometry(Some(-1.0)));
        let e = p.steering.validate().unwrap_err().to_string();
        assert!(e.contains("ackermann.geometry.rear_track_width"), "{e}");
    }

    #[test]
    fn geometry_override_and_rear_steer() {
        let mut p = sedan();
        p.steering.ackermann.accuracy = 1.0;
        p.steering.ackermann.geometry = Some(AckermannGeometry {
            axle_separation: 2.7,
            track_width: 1.55,
            rear_track_width: None,
        });
        let mut s = SteeringState::default();
        steer_angles(
            &p.steering,
            &steer_wheels(&p.wheels),
            0.5,
            0.0,
            &mut s,
            0.01,
        );
        let (a, _) = angles(1.0, 0.5);
        assert!((s.angle[1] - a.angle[1]).abs() < 1e-12);
        // Four-wheel steer: rears at −10° max, reference line at the mean x (0). The rear
        // wheels steer against the fronts.
        let mut p = sedan();
        p.steering.ackermann.accuracy = 1.0;
        p.wheels[2].max_steer = -10f64.to_radians();
        p.wheels[3].max_steer = -10f64.to_radians();
        let mut s = SteeringState::default();
        steer_angles(
            &p.steering,
            &steer_wheels(&p.wheels),
            1.0,
            0.0,
            &mut s,
            0.01,
        );
        assert!(s.angle[2] < 0.0 && s.angle[3] < 0.0);
        assert!(s.angle[0] > s.angle[1]);
    }

    #[test]
    fn speed_table_and_rate_limit() {
        let mut p = sedan().steering;
        p.steer_vs_speed = SteeringParams::physx_steer_vs_speed();
        let w = steer_wheels(&sedan().wheels);
        let mut s = SteeringState::default();
        // 30 m/s: the table gives 0.125 → full lock is 0.125·35° = 4.375°.
        steer_angles(&p, &w, 1.0, 30.0, &mut s, 0.01);
        assert!((s.angle[0] - 0.125 * 35f64.to_radians()).abs() < 1e-15);
        // Rate limit 0.5 rad/s: 0.1 s moves at most 0.05 rad.
        p.max_rate = Some(0.5);
        let mut s = SteeringState::default();
        for _ in 0..10 {
            steer_angles(&p, &w, 1.0, 0.0, &mut s, 0.01);
        }
        assert!((s.angle[0] - 0.05).abs() < 1e-12);
    }

    #[test]
    fn disabled_mode_steers_nothing() {
        let mut p = sedan().steering;
        p.mode = SteeringMode::Disabled;
        let mut s = SteeringState::default();
        steer_angles(&p, &steer_wheels(&sedan().wheels), 1.0, 0.0, &mut s, 0.01);
        assert!(s.angle.iter().all(|&a| a == 0.0));
    }
}
