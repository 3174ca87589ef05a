//! The chassis' collision shape: what of the body touches the ground when the wheels do not
//! (a roll-over, a belly landing, a curb under the sills).
//!
//! The shape is a box or the convex hull of a few points, in the vehicle frame. Contact is
//! found at sample points of the shape ([`BodyShape::sample_points`]): the 26 points of a
//! 3×3×3 lattice on a box's surface (8 corners, 12 edge midpoints, 6 face centres), or a
//! hull's own points. A point below the ground is in contact; the solver
//! ([`super::solve_contacts`]) keeps each one out with a non-penetration impulse and Coulomb
//! friction. The default, [`BodyShape::Auto`], is a box derived from the wheel layout (see
//! [`auto_box`]).
//!
//! In TOML (`[contact.body]` of a vehicle file):
//!
//! ```toml
//! [contact.body]
//! shape = "auto"            # or "none", or
//! # shape = { box = { min = [-2.3, -0.9, -0.17], max = [2.3, 0.9, 0.83] } }
//! # shape = { hull = { points = [[2, 0.8, -0.1], [2, -0.8, -0.1], ...] } }
//! friction = 0.6
//! ```
//!
//! Known limits: a contact between two sample points (a curb under the middle of a long
//! sill) is not seen; a hull's faces are not sampled, only its points.

use crate::error::{ParamError, check};
use glam::DVec3;
use serde::{Deserialize, Serialize};

/// Most sample points of a body shape (a box gives 26; a hull at most this many points).
pub const MAX_BODY_POINTS: usize = 32;

/// Body extents beyond which a shape is surely a typing error. Unit: m.
pub const MAX_BODY_EXTENT: f64 = 100.0;

/// The chassis' collision shape in the vehicle frame.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum BodyShape {
    /// A box derived from the wheel layout ([`auto_box`]). Default.
    #[default]
    Auto,
    /// No body contact: only the wheels' suspensions touch the ground (no rim contact either,
    /// `pipeline::rim_contact`): the model a host engine's step reproduces.
    None,
    /// An axis-aligned box in the vehicle frame. Unit: m. Range: `min < max` on every axis,
    /// each coordinate within ±[`MAX_BODY_EXTENT`].
    Box {
        /// Lowest corner (rear, right, bottom). Unit: m.
        min: DVec3,
        /// Highest corner (front, left, top). Unit: m.
        max: DVec3,
    },
    /// The convex hull of these points (4 to [`MAX_BODY_POINTS`]); contact is sampled at the
    /// points themselves, so give the corners. Unit: m.
    Hull {
        /// The hull's points in the vehicle frame. Unit: m.
        points: Vec<DVec3>,
    },
}

/// Body contact with the ground (standalone steps only; a host engine collides the body
/// itself).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BodyCollision {
    /// The collision shape. Default: [`BodyShape::Auto`].
    pub shape: BodyShape,
    /// Coulomb friction coefficient of the body on tarmac, multiplied by the surface's
    /// `friction`. Unit: —. Range: [0, 2]. Default: 0.6 (sheet steel and plastic sliding on
    /// asphalt: 0.4–0.7). Lower it and a rolled car slides further.
    pub friction: f64,
}

impl Default for BodyCollision {
    fn default() -> Self {
        Self {
            shape: BodyShape::Auto,
            friction: 0.6,
        }
    }
}

impl BodyCollision {
    /// Check every field.
    ///
    /// # Errors
    /// A [`ParamError`] with path `shape...` or `friction`.
    pub fn validate(&self) -> Result<(), ParamError> {
        check::in_range("friction", self.friction, 0.0, 2.0)?;
        let extent = |path: &str, v: DVec3| {
            check::finite_vec(path, v)?;
            if v.abs().max_element() > MAX_BODY_EXTENT {
                return Err(ParamError::new(
                    path,
                    format!("must be within ±{MAX_BODY_EXTENT} m (got {v})"),
                ));
            }
            Ok(())
        };
        match &self.shape {
            BodyShape::Auto | BodyShape::None => Ok(()),
            BodyShape::Box { min, max } => {
                extent("shape.box.min", *min)?;
                extent("shape.box.max", *max)?;
                if min.cmpge(*max).any() {
                    return Err(ParamError::new(
                        "shape.box",
                        format!("min must be below max on every axis (got {min} and {max})"),
                    ));
                }
                Ok(())
            }
            BodyShape::Hull { points } => {
                if !(4..=MAX_BODY_POINTS).contains(&points.len()) {
                    return Err(ParamError::new(
                        "shape.hull.points",
                        format!("needs 4..={MAX_BODY_POINTS} points (got {})", points.len()),
                    ));
                }
                for (i, p) in points.iter().enumerate() {
                    extent(&format!("shape.hull.points[{i}]"), *p)?;
                }
                Ok(())
            }
        }
    }
}

/// The 26 surface points of a 3×3×3 lattice on the box `[min, max]` (corners, edge midpoints,
/// face centres), written to `out`; returns 26.
pub fn box_sample_points(min: DVec3, max: DVec3, out: &mut [DVec3; MAX_BODY_POINTS]) -> usize {
    let mid = (min + max) * 0.5;
    let mut n = 0;
    for x in [min.x, mid.x, max.x] {
        for y in [min.y, mid.y, max.y] {
            for z in [min.z, mid.z, max.z] {
                let p = DVec3::new(x, y, z);
                if p != mid {
                    out[n] = p;
                    n += 1;
                }
            }
        }
    }
    n
}

impl BodyShape {
    /// The shape's contact sample points in the vehicle frame, written to `out`; returns how
    /// many. `auto` is the box [`BodyShape::Auto`] stands for (`None`: no box, e.g. no wheels).
    pub fn sample_points(
        &self,
        auto: Option<(DVec3, DVec3)>,
        out: &mut [DVec3; MAX_BODY_POINTS],
    ) -> usize {
        match self {
            BodyShape::None => 0,
            BodyShape::Auto => auto.map_or(0, |(lo, hi)| box_sample_points(lo, hi, out)),
            BodyShape::Box { min, max } => box_sample_points(*min, *max, out),
            BodyShape::Hull { points } => {
                let n = points.len().min(MAX_BODY_POINTS);
                out[..n].copy_from_slice(&points[..n]);
                n
            }
        }
    }
}

/// Share of the body box's height below the centre of mass in [`auto_box`]: bodies carry
/// their mass low (engine, floor, axles), so the CoM sits at about 40 % of the height of the
/// box from the floor to the roof (a sedan: CoM 0.55 m, floor 0.15 m, roof ≈ 1.15 m).
pub const AUTO_BOX_COM_HEIGHT_SHARE: f64 = 0.4;

/// Ground clearance the automatic box keeps at full compression of every wheel. Unit: m.
pub const AUTO_BOX_CLEARANCE: f64 = 0.05;

/// The default body box from the wheel layout, in the vehicle frame. `wheels` holds each
/// wheel's `(position, radius, rise)`: its centre at rest, its radius and how far it rises
/// from rest to full compression (`max_compression · |travel_direction.z|`). `com` is the
/// centre of mass.
///
/// ```text
/// x: [min xᵢ − Rᵢ, max xᵢ + Rᵢ]     (the tyres' outer edges front and rear)
/// y: [min yᵢ, max yᵢ]               (the wheel centre planes)
/// z_floor = max(zᵢ − Rᵢ + riseᵢ) + AUTO_BOX_CLEARANCE
///                                   (the ground at full compression, plus a clearance)
/// z_roof  = max(z_floor + (z_com − z_floor)/AUTO_BOX_COM_HEIGHT_SHARE, max(zᵢ + Rᵢ))
/// ```
///
/// So on flat ground the wheels' end stops always act before the floor touches, and a
/// rolled vehicle rests on a roof above its tyres' tops. `None` without wheels.
pub fn auto_box(
    wheels: impl Iterator<Item = (DVec3, f64, f64)>,
    com: DVec3,
) -> Option<(DVec3, DVec3)> {
    let (mut lo, mut hi) = (DVec3::splat(f64::INFINITY), DVec3::splat(f64::NEG_INFINITY));
    let (mut floor, mut tyre_top) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for (p, r, rise) in wheels {
        lo = lo.min(DVec3::new(p.x - r, p.y, 0.0));
        hi = hi.max(DVec3::new(p.x + r, p.y, 0.0));
        floor = floor.max(p.z - r + rise + AUTO_BOX_CLEARANCE);
        tyre_top = tyre_top.max(p.z + r);
    }
    if !floor.is_finite() {
        return None;
    }
    let roof = (floor + (com.z - floor).max(0.0) / AUTO_BOX_COM_HEIGHT_SHARE).max(tyre_top);
    // A single line of wheels (a bike, a one-track test rig) still gets some width.
    let half_w = ((hi.y - lo.y) * 0.5).max(0.1);
    let mid_y = (hi.y + lo.y) * 0.5;
    Some((
        DVec3::new(lo.x, mid_y - half_w, floor),
        DVec3::new(hi.x, mid_y + half_w, roof.max(floor + 0.1)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sedan_box_sits_between_full_compression_and_the_roof() {
        // Wheels at x ±1.35, y ±0.775, z 0, R 0.316, rise 0.10; CoM z 0.234.
        // floor = −0.316 + 0.10 + 0.05 = −0.166; roof = −0.166 + 0.400/0.4 = 0.834.
        let w = [
            (1.35, 0.775),
            (1.35, -0.775),
            (-1.35, 0.775),
            (-1.35, -0.775),
        ]
        .map(|(x, y)| (DVec3::new(x, y, 0.0), 0.316, 0.10));
        let (lo, hi) = auto_box(w.into_iter(), DVec3::new(0.15, 0.0, 0.234)).unwrap();
        assert!(
            (lo - DVec3::new(-1.666, -0.775, -0.166)).length() < 1e-12,
            "{lo}"
        );
        assert!(
            (hi - DVec3::new(1.666, 0.775, 0.834)).length() < 1e-12,
            "{hi}"
        );
    }

    #[test]
    fn a_box_has_26_distinct_surface_samples() {
        let mut out = [DVec3::ZERO; MAX_BODY_POINTS];
        let n = box_sample_points(-DVec3::ONE, DVec3::ONE, &mut out);
        assert_eq!(n, 26);
        // Every sample is on the surface: one coordinate at ±1.
        assert!(out[..n].iter().all(|p| p.abs().max_element() == 1.0));
        let corners = out[..n].iter().filter(|p| p.abs() == DVec3::ONE).count();
        assert_eq!(corners, 8);
    }

    #[test]
    fn bad_shapes_are_rejected_with_their_path() {
        let bad = BodyCollision {
            shape: BodyShape::Box {
                min: DVec3::new(-1.0, -1.0, 1.0),
                max: DVec3::ONE,
            },
            friction: 0.6,
        };
        assert_eq!(bad.validate().unwrap_err().path, "shape.box");
        let far = BodyCollision {
            shape: BodyShape::Hull {
                points: vec![DVec3::ZERO, DVec3::X, DVec3::Y, DVec3::new(0.0, 0.0, 1e9)],
            },
            friction: 0.6,
        };
        assert_eq!(far.validate().unwrap_err().path, "shape.hull.points[3]");
        let slippery = BodyCollision {
            friction: -0.1,
            ..BodyCollision::default()
        };
        assert_eq!(slippery.validate().unwrap_err().path, "friction");
    }
}
