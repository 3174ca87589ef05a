//! Tests of the kept height bound: its numbers worked by hand on a ramp, its region, and
//! the `f32` roundings.

use super::*;
use crate::ground::HeightField;
use crate::math::Pose;
use glam::DQuat;

/// The ramp `z = 0.1·x` sampled on 1 m cells over `[−20, 20]²`.
fn ramp() -> HeightField {
    HeightField::from_fn(41, 41, 1.0, DVec2::splat(-20.0), |x, _| 0.1 * x).unwrap()
}

/// The sedan at `(x, 0)`, pitched by `θ = atan 0.1` so its floor lies parallel to the ramp,
/// its origin `up` (m) above the ramp along the vertical, moving at `v`.
fn sedan_on_ramp(x: f64, up: f64, v: DVec3) -> ChassisState {
    let theta = 0.1_f64.atan();
    ChassisState {
        pose: Pose::new(
            DVec3::new(x, 0.0, 0.1 * x + up),
            DQuat::from_rotation_y(-theta),
        ),
        linear_velocity_world: v,
        angular_velocity_world: DVec3::ZERO,
    }
}

#[test]
fn the_kept_tests_worked_by_hand_on_a_ramp() {
    // The body pitched by θ = atan 0.1 (rotation about y by −θ: a body point (x, y, z) goes
    // to (x·cos θ − z·sin θ, y, x·sin θ + z·cos θ)) has the floor's up axis
    // (−sin θ, 0, cos θ), so the kept slope is s = (tan θ, 0) = (0.1, 0) (to f32's
    // rounding, 1.5e-9). Its `L = z − 0.1·x` of a body point is `t_z − 0.1·t_x + z/cos θ`
    // (the x terms cancel), and the ramp's own `L` is 0 everywhere, so U = T − s·a = 0 (to
    // the bound's allowance, 1e-9 m, and the slope's rounding over a few metres). So the
    // least height of a body point above the ramp is V = up + min_z/cos θ, and the rims are
    // clear exactly when up + (c_z − e_z − grow)/cos θ (√(1 + s²) = 1/cos θ) exceeds the
    // margin 0.01 m.
    let field = ramp();
    let p = crate::presets::sedan();
    let boxes = RimsBox::of(&p);
    let body = boxes.auto.unwrap();
    let cos = 0.1_f64.atan().cos();
    let rims_low = boxes.centre.z - boxes.half.z - boxes.grow;
    let mut kept = KeptBound::default();
    for up in [0.05, 0.3, 0.6, 1.2] {
        let s = sedan_on_ramp(0.0, up, DVec3::ZERO);
        let got = kept_bounds(
            &field,
            field.id(),
            &mut kept,
            &boxes,
            body,
            &s,
            &s,
            DVec3::ZERO,
            true,
        );
        let (rims, v, asked) = got.unwrap();
        assert!(asked);
        assert_eq!(kept.slope, [0.1_f32, 0.0]);
        let want = up + body.0.z / cos;
        assert!((v - want).abs() < 1e-6, "{up}: V {v} against {want}");
        let margin = up + rims_low / cos - BROAD_PHASE_MARGIN;
        assert!(margin.abs() > 1e-4, "{up}: a case on the edge");
        assert_eq!(rims, margin > 0.0, "{up}: rims {rims}, margin {margin}");
    }
}

#[test]
fn the_region_reaches_ahead_and_is_kept_while_the_car_stays_inside() {
    // Level sedan on flat ground (a field of zeros) at the origin, moving at (12, −4) m/s:
    // the region is the substep's footprint grown by KEPT_REACH (0.15 m) on every side and
    // by KEPT_AHEAD (0.1 s) of travel, (1.2, −0.4) m, ahead: 1.35 m further in +x and
    // 0.55 m in −y. The footprint is the union of the rims' box grown by `grow` and the
    // body's box (slacks of 1e-6 m).
    let field = HeightField::from_fn(41, 41, 1.0, DVec2::splat(-20.0), |_, _| 0.0).unwrap();
    let p = crate::presets::sedan();
    let boxes = RimsBox::of(&p);
    let body = boxes.auto.unwrap();
    let (c, e, g) = (boxes.centre, boxes.half, boxes.grow);
    let lo = (c.truncate() - e.truncate() - DVec2::splat(g)).min(body.0.truncate());
    let hi = (c.truncate() + e.truncate() + DVec2::splat(g)).max(body.1.truncate());
    let v = DVec3::new(12.0, -4.0, 0.0);
    let ahead = v.truncate() * KEPT_AHEAD;
    assert!((ahead - DVec2::new(1.2, -0.4)).length() < 1e-12 && KEPT_REACH == 0.15);
    let at = |x: f64| ChassisState {
        pose: Pose::new(DVec3::new(x, 0.0, 0.4), DQuat::IDENTITY),
        linear_velocity_world: v,
        angular_velocity_world: DVec3::ZERO,
    };
    let mut kept = KeptBound::default();
    let s = at(0.0);
    let (_, _, asked) = kept_bounds(
        &field,
        field.id(),
        &mut kept,
        &boxes,
        body,
        &s,
        &s,
        v,
        false,
    )
    .unwrap();
    assert!(asked, "nothing kept yet");
    let f = |x: f32| f64::from(x);
    let tol = 1e-5;
    assert!((f(kept.a[0]) - (lo.x - 0.15)).abs() < tol, "{kept:?}");
    assert!((f(kept.b[0]) - (hi.x + 1.35)).abs() < tol, "{kept:?}");
    assert!((f(kept.a[1]) - (lo.y - 0.55)).abs() < tol, "{kept:?}");
    assert!((f(kept.b[1]) - (hi.y + 0.15)).abs() < tol, "{kept:?}");
    // 1.3 m on: still inside (1.35 m of room ahead); 1.4 m on: a new region.
    let first = kept;
    let s = at(1.3);
    let (_, _, asked) = kept_bounds(
        &field,
        field.id(),
        &mut kept,
        &boxes,
        body,
        &s,
        &s,
        v,
        false,
    )
    .unwrap();
    assert!(!asked && kept == first);
    let s = at(1.4);
    let (_, _, asked) = kept_bounds(
        &field,
        field.id(),
        &mut kept,
        &boxes,
        body,
        &s,
        &s,
        v,
        false,
    )
    .unwrap();
    assert!(asked && kept != first);
    // Another grid (another identity): a new region, whatever the position.
    let other = field.clone().with_velocity(DVec3::ZERO);
    assert_eq!(
        other.id(),
        field.id(),
        "a clone keeps its samples and its identity"
    );
    let other = HeightField::from_fn(41, 41, 1.0, DVec2::splat(-20.0), |_, _| 0.0).unwrap();
    assert_ne!(other.id(), field.id());
    let before = kept;
    let (_, _, asked) = kept_bounds(
        &other,
        other.id(),
        &mut kept,
        &boxes,
        body,
        &s,
        &s,
        v,
        false,
    )
    .unwrap();
    assert!(asked && kept.field == other.id() && kept.a == before.a);
}

#[test]
fn the_f32_roundings_go_outward() {
    // 0.1 is not an f32: below gives the f32 just under it, above the one just over.
    let (lo, hi) = (below(0.1), above(0.1));
    assert!(f64::from(lo) < 0.1 && f64::from(hi) > 0.1 && lo.next_up() == hi);
    // An f32 number stays itself; −∞ stays (no ground); beyond f32's range goes infinite.
    assert_eq!((below(0.5), above(0.5)), (0.5, 0.5));
    assert_eq!(above(f64::NEG_INFINITY), f32::NEG_INFINITY);
    assert_eq!(above(1e300), f32::INFINITY);
    assert_eq!(below(-1e300), f32::NEG_INFINITY);
    assert!(above(f64::NAN).is_nan());
}
