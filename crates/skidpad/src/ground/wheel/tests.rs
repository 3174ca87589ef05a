//! Tests of the wheel's ground queries (hand geometry).

use super::*;
use crate::ground::Plane;
use crate::ground::plane::HiddenPlane as Hidden;
#[cfg(feature = "parry")]
use crate::ground::{GroundSet, ParryGround};
#[cfg(feature = "parry")]
use crate::math::Pose;
use glam::{DQuat, DVec2};
#[cfg(feature = "parry")]
use parry3d_f64::shape::SharedShape;

const R: f64 = 0.33;

fn q_at(x: f64, z: f64) -> WheelQuery {
    WheelQuery {
        origin: DVec3::new(x, 0.0, z),
        direction: -DVec3::Z,
        max_distance: 0.6,
        radius: R,
        half_width: 0.1,
        axle: DVec3::Y,
    }
}

#[cfg(feature = "parry")]
fn block(min: DVec3, max: DVec3) -> ParryGround {
    let he = (max - min) * 0.5;
    ParryGround::new(
        SharedShape::cuboid(he.x, he.y, he.z),
        Pose::from_translation((min + max) * 0.5),
    )
}

#[test]
fn flat_both_modes() {
    let g = Plane::flat_at(0.2).with_surface(SurfaceId(3));
    for mode in [ContactMode::Raycast, ContactMode::Sweep] {
        let c = query_wheel(&g, &q_at(1.0, 0.8), mode, &HitRejection::default()).unwrap();
        // Centre ends at z = 0.2 + 0.33 = 0.53: travel 0.27.
        assert!((c.centre_distance - 0.27).abs() < 1e-12, "{mode:?}");
        assert!((c.point - DVec3::new(1.0, 0.0, 0.2)).length() < 1e-12);
        assert_eq!(c.surface, SurfaceId(3));
    }
    // Penetrating at maximum compression: negative, not clamped.
    let c = query_wheel(
        &g,
        &q_at(0.0, 0.43),
        ContactMode::Sweep,
        &HitRejection::default(),
    )
    .unwrap();
    assert!((c.centre_distance + 0.1).abs() < 1e-12);
    // Out of reach.
    assert!(
        query_wheel(
            &g,
            &q_at(0.0, 2.0),
            ContactMode::Sweep,
            &HitRejection::default()
        )
        .is_none()
    );
}

#[test]
fn cambered_wheel_on_tilted_plane() {
    // Plane rising at α = 10° along +y: normal n = (0, −sin α, cos α);
    // axle tilted by camber γ = 5° about x from +y: a = (0, cos γ, sin γ).
    // Angle between a and the plane: n·a = −sin α cos γ + cos α sin γ = sin(γ − α), θ = γ − α.
    // Crowned tread, R_c = 2w = 0.2 m (R_c·|sin θ| = 0.017 m ≤ w: on the crown). Support
    // offset q = (r − R_c + R_c·cos θ)·ê + R_c·sin θ·a, so its distance along −n is
    //   (r − R_c + R_c cos θ)·cos θ + R_c sin²θ = (r − R_c)·cos θ + R_c
    //   = 0.13·cos 5° + 0.2 = 0.329505 m.
    // The centre's height above the plane at touch is that, so with vertical travel the
    // centre stops where (c − p)·n = support:
    //   s = (h₀ − support) / cos α, h₀ = (o − p)·n.
    let (alpha, gamma): (f64, f64) = (10f64.to_radians(), 5f64.to_radians());
    let g = Plane::inclined(alpha, DVec2::Y);
    let (r, w) = (0.33, 0.1);
    let q = WheelQuery {
        origin: DVec3::new(0.0, 0.5, 1.0),
        direction: -DVec3::Z,
        max_distance: 2.0,
        radius: r,
        half_width: w,
        axle: DQuat::from_rotation_x(gamma) * DVec3::Y,
    };
    let c = query_wheel(&g, &q, ContactMode::Sweep, &HitRejection::default()).unwrap();
    let rc = 2.0 * w;
    let support = (r - rc) * (gamma - alpha).cos() + rc;
    assert!((support - 0.329505).abs() < 1e-6);
    let h0 = g.signed_distance(q.origin);
    let s = (h0 - support) / alpha.cos();
    assert!(
        (c.centre_distance - s).abs() < 1e-12,
        "{} vs {s}",
        c.centre_distance
    );
    // The contact point is on the plane at distance `support` from the centre along −n
    // plus the crown's in-plane offset R_c·sin θ; it lies on the plane.
    assert!(g.signed_distance(c.point).abs() < 1e-12);
    let centre = q.centre_at(s);
    assert!(((c.point - centre).dot(-g.normal) - support).abs() < 1e-12);
    // The ground rises faster (α) than the camber lifts the +a side (γ), so the contact moves
    // uphill (+a) on the crown: −n·a = sin(α − γ) > 0 and a·(p − c) = R_c·sin 5° = 0.017431 m.
    let lateral = (c.point - centre).dot(q.axle);
    assert!((lateral - rc * (alpha - gamma).sin()).abs() < 1e-12);
    assert!((lateral - 0.017431).abs() < 1e-6);
    // Upright wheel on flat ground, camber only: s = s_sphere + (r − R_c)·(1 − cos γ).
    let q2 = WheelQuery {
        origin: DVec3::new(0.0, 0.0, 1.0),
        ..q
    };
    let c = query_wheel(
        &Plane::flat(),
        &q2,
        ContactMode::Sweep,
        &HitRejection::default(),
    )
    .unwrap();
    let s = (1.0 - r) + (r - rc) * (1.0 - gamma.cos());
    assert!((c.centre_distance - s).abs() < 1e-12);
    // Leaning 45° on flat ground, beyond the crown (R_c·sin 45° = 0.141 m > w): the tread
    // edge touches, its radius ρ = r − R_c + √(R_c² − w²) = 0.303205 m, so the support's
    // depth below the centre is ρ·cos 45° + w·sin 45° = 0.285109 m.
    let lean = 45f64.to_radians();
    let q3 = WheelQuery {
        axle: DQuat::from_rotation_x(lean) * DVec3::Y,
        ..q2
    };
    let c = query_wheel(
        &Plane::flat(),
        &q3,
        ContactMode::Sweep,
        &HitRejection::ACCEPT_ALL,
    )
    .unwrap();
    let rho = r - rc + (rc * rc - w * w).sqrt();
    let depth = rho * lean.cos() + w * lean.sin();
    assert!((depth - 0.285109).abs() < 1e-6);
    assert!((c.centre_distance - (1.0 - depth)).abs() < 1e-12);
}

#[test]
fn flat_side_down_is_finite() {
    // Axle vertical: the wheel lies on its side; support = side centre, s = h0 − w.
    let q = WheelQuery {
        axle: DVec3::Z,
        max_distance: 2.0,
        ..q_at(0.0, 1.0)
    };
    let c = query_wheel(
        &Plane::flat(),
        &q,
        ContactMode::Sweep,
        &HitRejection::ACCEPT_ALL,
    )
    .unwrap();
    assert!((c.centre_distance - 0.9).abs() < 1e-12);
    assert!((c.point - DVec3::ZERO).length() < 1e-12);
}

#[test]
#[cfg(feature = "parry")]
fn wall_rejected_step_accepted() {
    // Floor z = 0 and a 2 m tall wall occupying x ≥ 0. Wheel centre 0.2 m before the wall:
    // the sphere overlaps the wall face at the start (normal −x, 90° from up) → rejected →
    // ray fallback lands on the floor.
    let scene = GroundSet::new().with(Plane::flat()).with(block(
        DVec3::new(0.0, -5.0, -1.0),
        DVec3::new(1.0, 5.0, 2.0),
    ));
    let q = q_at(-0.2, 0.6);
    let raw = scene
        .cast_sphere(q.origin, R, q.direction, q.max_distance)
        .unwrap();
    assert!(
        raw.normal.z.abs() < 1e-6,
        "sweep sees the wall face: {raw:?}"
    );
    let c = query_wheel(&scene, &q, ContactMode::Sweep, &HitRejection::default()).unwrap();
    assert!((c.centre_distance - (0.6 - R)).abs() < 1e-9);
    assert!((c.normal - DVec3::Z).length() < 1e-9);
    // With rejection disabled the wall face is a plane parallel to the suspension line:
    // it cannot support the wheel either → same fallback.
    let c = query_wheel(&scene, &q, ContactMode::Sweep, &HitRejection::ACCEPT_ALL).unwrap();
    assert!((c.centre_distance - (0.6 - R)).abs() < 1e-9);

    // A 10 cm step at x ≥ 0; wheel centre 0.2 m before the edge: the edge is hit with the
    // normal at asin(0.2/0.33) = 37.3° < 60° → accepted, centre at 0.1 + √(r² − 0.2²).
    let scene = GroundSet::new().with(Plane::flat()).with(block(
        DVec3::new(0.0, -5.0, -1.0),
        DVec3::new(3.0, 5.0, 0.1),
    ));
    let c = query_wheel(&scene, &q, ContactMode::Sweep, &HitRejection::default()).unwrap();
    let zc = 0.1 + (R * R - 0.04_f64).sqrt();
    assert!((q.centre_at(c.centre_distance).z - zc).abs() < 1e-6);
    // Rejected with a 30° limit → ray fallback onto the floor.
    let strict = HitRejection {
        max_normal_angle: 30f64.to_radians(),
        ..HitRejection::default()
    };
    let c = query_wheel(&scene, &q, ContactMode::Sweep, &strict).unwrap();
    assert!((c.centre_distance - (0.6 - R)).abs() < 1e-9);
}

#[test]
fn rejection_angles() {
    let r = HitRejection::default();
    let d = -DVec3::Z;
    let c = DVec3::new(0.0, 0.0, 1.0);
    let n46 = DVec3::new(-(46f64.to_radians().sin()), 0.0, 46f64.to_radians().cos());
    assert!(r.accepts(d, c, c - R * n46, n46));
    let n61 = DVec3::new(-(61f64.to_radians().sin()), 0.0, 61f64.to_radians().cos());
    assert!(!r.accepts(d, c, c - R * n61, n61));
    // Point beside the wheel (85° from down) with an upward normal: rejected by the point angle.
    let a = 85f64.to_radians();
    let p = c + R * DVec3::new(a.sin(), 0.0, -a.cos());
    assert!(!r.accepts(d, c, p, DVec3::Z));
}

#[test]
fn remembered_cos_gives_the_bits_of_cos() {
    // Both slots, angles repeated, alternated and changed (+0, −0, tiny, π, NaN, ∞): every
    // answer has the bits `cos` gives for that angle, whatever was asked before.
    let angles = [
        0.0,
        -0.0,
        1e-300,
        60f64.to_radians(),
        80f64.to_radians(),
        std::f64::consts::PI,
        0.5,
        f64::NAN,
        f64::INFINITY,
    ];
    let mut k = 7_usize;
    for _ in 0..200 {
        k = (k * 31 + 11) % 97;
        let (a, b) = (angles[k % angles.len()], angles[k / 3 % angles.len()]);
        let (ca, cb) = remembered_cos(a, b);
        let bits = |x: f64, y: f64| (x.to_bits(), y.to_bits());
        assert_eq!(bits(ca, cb), bits(a.cos(), b.cos()), "angles {a}, {b}");
    }
}

#[test]
fn degenerate_inputs_give_none() {
    let g = Plane::flat();
    let rej = HitRejection::default();
    for mode in [ContactMode::Raycast, ContactMode::Sweep] {
        for q in [
            WheelQuery {
                direction: DVec3::ZERO,
                ..q_at(0.0, 0.5)
            },
            WheelQuery {
                direction: DVec3::NAN,
                ..q_at(0.0, 0.5)
            },
            WheelQuery {
                radius: 0.0,
                ..q_at(0.0, 0.5)
            },
            WheelQuery {
                max_distance: f64::NAN,
                ..q_at(0.0, 0.5)
            },
            WheelQuery {
                origin: DVec3::INFINITY,
                ..q_at(0.0, 0.5)
            },
        ] {
            assert!(query_wheel(&g, &q, mode, &rej).is_none(), "{q:?}");
        }
        // Zero axle: treated as a sphere, still finite.
        let q = WheelQuery {
            axle: DVec3::ZERO,
            ..q_at(0.0, 0.5)
        };
        let c = query_wheel(&g, &q, mode, &rej).unwrap();
        assert!(c.centre_distance.is_finite() && c.point.is_finite());
    }
}

#[test]
fn bad_params_name_the_field() {
    let e = WheelQuery {
        radius: -1.0,
        ..q_at(0.0, 0.5)
    }
    .validate()
    .unwrap_err()
    .within_index("wheels", 1);
    assert_eq!(e.path, "wheels[1].radius");
    let e = WheelQuery {
        axle: DVec3::new(0.0, 2.0, 0.0),
        ..q_at(0.0, 0.5)
    }
    .validate()
    .unwrap_err();
    assert_eq!(e.path, "axle");
    let e = HitRejection {
        max_normal_angle: 4.0,
        ..HitRejection::default()
    }
    .validate()
    .unwrap_err()
    .within("hit_rejection");
    assert_eq!(e.path, "hit_rejection.max_normal_angle");
    assert!(HitRejection::default().validate().is_ok());
    assert_eq!(ContactMode::default(), ContactMode::Sweep);
}

#[test]
fn plane_path_gives_the_bits_of_the_trait_calls() {
    // The wheel query on a plane (its arithmetic called directly) against the same plane
    // behind the trait, bit for bit, over 4000 seeded random queries in both modes: planes
    // tilted up to 0.8 rad, wheels above, touching and inside them, directions up to
    // sideways and up, tiny and huge direction vectors, and non-finite numbers.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let bits = |r: Option<(WheelContact, bool, Option<CrownFit>)>| {
        r.map(|(c, ray, fit)| {
            let v = |v: DVec3| v.to_array().map(f64::to_bits);
            (
                v(c.point),
                v(c.normal),
                c.centre_distance.to_bits(),
                c.surface,
                v(c.surface_velocity_world),
                ray,
                fit.map(|f| (v(f.axle), v(f.offset))),
            )
        })
    };
    let rej = HitRejection::default();
    let (mut hits, mut rays) = (0, 0);
    for i in 0..4000 {
        let normal = DVec3::new(f(-0.8, 0.8), f(-0.8, 0.8), 1.0);
        let plane = Plane::new(DVec3::new(f(-5.0, 5.0), f(-5.0, 5.0), f(-1.0, 1.0)), normal)
            .with_surface(SurfaceId(i % 3))
            .with_velocity(DVec3::new(f(-1.0, 1.0), 0.0, 0.0));
        let scale = [1.0, 1e-160, 1e-150, 1e150, 1e160][i as usize % 5];
        let mut q = WheelQuery {
            origin: DVec3::new(f(-5.0, 5.0), f(-5.0, 5.0), f(-1.0, 2.0)),
            direction: DVec3::new(f(-0.5, 0.5), f(-0.5, 0.5), f(-1.0, 0.2)) * scale,
            max_distance: f(0.0, 1.0),
            radius: f(0.2, 0.4),
            half_width: f(0.0, 0.15),
            axle: DVec3::new(f(-0.2, 0.2), 1.0, f(-0.2, 0.2)),
        };
        poison(&mut q, i as u64 % 97);
        let Some(nq) = q.normalized() else { continue };
        let Some(q2) = nq.normalized() else { continue };
        for mode in [ContactMode::Sweep, ContactMode::Raycast] {
            let run = |g: &dyn Ground| {
                query_wheel_unit(
                    g,
                    &q2,
                    mode,
                    &rej,
                    QueryFilter::DRIVABLE,
                    SweepHitMode::Blocking,
                )
            };
            let (direct, general) = (run(&plane), run(&Hidden(plane)));
            assert_eq!(bits(direct), bits(general), "query {i} {mode:?}");
            hits += usize::from(direct.is_some());
            rays += usize::from(direct.is_some_and(|(_, ray, _)| ray));
        }
    }
    // Both paths and misses are met.
    assert!(hits > 2000 && rays > 1000 && hits < 7800, "{hits} {rays}");
}

/// A heightfield behind the [`Ground`] trait only ([`Ground::as_height_field`] `None`).
#[cfg(feature = "parry")]
struct HiddenField(crate::ground::HeightField);

#[cfg(feature = "parry")]
impl Ground for HiddenField {
    fn cast_ray(&self, origin: DVec3, direction: DVec3, max_distance: f64) -> Option<GroundHit> {
        self.0.cast_ray(origin, direction, max_distance)
    }

    fn cast_sphere(
        &self,
        origin: DVec3,
        radius: f64,
        direction: DVec3,
        max_distance: f64,
    ) -> Option<GroundHit> {
        self.0.cast_sphere(origin, radius, direction, max_distance)
    }
}

#[test]
#[cfg(feature = "parry")]
fn height_field_path_gives_the_bits_of_the_trait_calls() {
    // The wheel's ray on a heightfield (its walk called directly) against the same field
    // behind the trait, bit for bit, over 6000 seeded random queries: issue 13's terrain on
    // its 1000/255 m cells and a rough random grid, wheels above, touching and under the
    // surface, at and off the borders, directions from down to sideways and up, tiny and
    // huge direction vectors, a reach that overflows, and non-finite numbers.
    use crate::ground::HeightField;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut f = |lo: f64, hi: f64| crate::test_rng::uniform(&mut seed, lo, hi);
    let terrain = HeightField::from_fn(12, 10, 1000.0 / 255.0, DVec2::new(-20.0, -15.0), |x, y| {
        use std::f64::consts::TAU;
        0.5 * (TAU * x / 60.0).sin() * (TAU * y / 45.0).sin()
            + 1.5 * (TAU * x / 310.0 + 1.0).sin() * (TAU * y / 270.0).cos()
    })
    .unwrap()
    .with_surface(SurfaceId(2));
    let rough: Vec<f64> = (0..16 * 14).map(|_| f(-0.8, 0.8)).collect();
    let rough = HeightField::new(16, 14, 0.5, DVec2::new(-4.0, -3.5), rough);
    let bits = |r: Option<(WheelContact, bool, Option<CrownFit>)>| {
        r.map(|(c, ray, fit)| {
            let v = |v: DVec3| v.to_array().map(f64::to_bits);
            (
                v(c.point),
                v(c.normal),
                c.centre_distance.to_bits(),
                c.surface,
                v(c.surface_velocity_world),
                ray,
                fit.map(|f| (v(f.axle), v(f.offset))),
            )
        })
    };
    let rej = HitRejection::default();
    let mut hits = 0;
    for (k, field) in [terrain, rough].into_iter().enumerate() {
        let (lo, (nx, ny)) = (field.origin(), field.size());
        let hi = lo + field.cell_size() * DVec2::new((nx - 1) as f64, (ny - 1) as f64);
        let hidden = HiddenField(field.clone());
        assert!(AskedGround::of(&field).as_height_field().is_some());
        for i in 0..3000 {
            let (x, y) = (f(lo.x - 1.0, hi.x + 1.0), f(lo.y - 1.0, hi.y + 1.0));
            let z = field.height_at(x, y).unwrap_or(0.0) + f(-0.3, 1.2);
            let scale = [1.0, 1.0, 1e-160, 1e150, 1e160][i % 5];
            let mut q = WheelQuery {
                origin: DVec3::new(x, y, z),
                direction: DVec3::new(f(-0.3, 0.3), f(-0.3, 0.3), f(-1.0, 0.2)) * scale,
                max_distance: f(0.0, 1.0),
                radius: f(0.2, 0.4),
                half_width: f(0.0, 0.15),
                axle: DVec3::new(f(-0.2, 0.2), 1.0, f(-0.2, 0.2)),
            };
            poison(&mut q, i as u64 % 89);
            let Some(nq) = q.normalized() else { continue };
            for mode in [ContactMode::Raycast, ContactMode::Sweep] {
                let run = |g: &dyn Ground| {
                    query_wheel_unit(
                        g,
                        &nq,
                        mode,
                        &rej,
                        QueryFilter::DRIVABLE,
                        SweepHitMode::Blocking,
                    )
                };
                let (direct, general) = (run(&field), run(&hidden));
                assert_eq!(bits(direct), bits(general), "field {k} query {i} {mode:?}");
                hits += usize::from(direct.is_some() && mode == ContactMode::Raycast);
            }
        }
    }
    // Hits and misses are both met.
    assert!(hits > 2000 && hits < 5800, "{hits}");
}

/// The seeded query tests' special cases: case `k` 0–3 makes `q` non-finite, overflowing or
/// denormal (a NaN direction, an infinite origin, `f64::MAX` of reach, a subnormal direction);
/// any other `k` leaves it.
fn poison(q: &mut WheelQuery, k: u64) {
    match k {
        0 => q.direction = DVec3::new(f64::NAN, 0.0, -1.0),
        1 => q.origin.z = f64::INFINITY,
        2 => q.max_distance = f64::MAX,
        3 => q.direction = DVec3::new(f64::MIN_POSITIVE, 0.0, 0.0),
        _ => {}
    }
}
