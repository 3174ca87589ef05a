//! The home bound: one face contact found first rules out the triangles that cannot be
//! touched before it. The sweep's answer is the same, bit for bit.
//!
//! A wheel's sweep ends on the triangle under its start `o` ("home", `H`) in most queries:
//! the sphere comes down on its face a few centimetres from `o`'s xy. When the sweep has more
//! than one triangle to test (its box straddles a cell edge, or both triangles of its cell
//! survive the diagonal cull) and spans at most 2 × 2 cells, `H`'s face is swept first, with
//! the whole travel. If it is touched at `t_H`, at a point `p_H` whose xy lies `δ` inside
//! `H`'s, then:
//!
//! 1. **Upper bound.** The sweep's answer is at most `t_H` (up to the rounding `e` below):
//!    `H` is one of its triangles.
//! 2. **Triangles below `H`'s plane.** A triangle `k ≠ H` whose vertices all lie on or below
//!    the plane of `H` (signed distance `≤ ε_v` towards the sphere) is not reached before
//!    `t_H + τ` when `δ > 2τ + ε_v + √(2r(τ + ε_v))`. Before `t_H` the sphere lies wholly on
//!    its side of the plane, farther than `r` from it (the plane is reached at `t_H`). Up to
//!    `t_H + τ` it reaches at most `τ` beyond (`|d| = 1`), so a point `q` within `r` of the
//!    centre with signed distance `e_q ≤ ε_v` has `e_q ≥ −τ`, and its projection on the plane
//!    lies within `√(r² − (r − τ − ε_v)²) ≤ √(2r(τ + ε_v))` of the centre's, which lies
//!    within `τ` of `p_H`: `q`'s xy lies within `2τ + ε_v + √(2r(τ + ε_v)) < δ` of `p_H`'s,
//!    inside `H`'s. The triangles of a grid do not overlap in xy: `q ∉ k`. The signed
//!    distance is linear over `k`, so its vertices decide. Such triangles are skipped, and
//!    cells whose four corners pass the test.
//! 3. **The limit.** Every triangle is swept with the limit `min(L, t_H + τ)` instead of the
//!    best contact so far `L`: a face whose plane is reached after `t_H + τ` is not tested
//!    further, nor its edges.
//!
//! `H` itself takes its place in the order with the contact found first (the same numbers
//! as [`Sweep::triangle`] computes: its plane is required far, so it has no overlap test).
//! The face's inside test is answered by `δ`: with the sphere above the plane (the only
//! side the bound is taken from: `sweep_face` turns the normal towards the sphere, and from
//! below its inside test fails for every point), each of `inside_triangle`'s three products
//! is an edge's length times `p_H`'s distance from it within the plane (at least its xy
//! distance), positive by far more than its rounding.
//!
//! The bound is taken only for a sweep steep against the grid, `−d_z − G·|d_xy| ≥ 1/2` (`G`
//! the grid's steepest gradient, [`HeightField::max_gradient`]): then every triangle has
//! `−d·n ≥ 1/(2√(1 + G²))` and its edges meet `d` at an angle bounded away from 0, so a
//! face's time `(s₀ − r)/(−d·n)` and an edge's quadratic are well conditioned. Wheel sweeps
//! are (a rim's horizontal sweep is not).
//!
//! **Why the answer keeps its bits.** A triangle swept with a limit `L` gives its own first
//! contact `c_k` (the one the whole travel gives) or nothing: the face test stops at a plane
//! beyond `L`, the edges keep the first of their smallest times up to `L`. Each computed time
//! lies within `e = 10⁻⁷·S` of the exact contact of the grid's triangles, `S = 1 + r +
//! L_max + Δ·(1 + 2G)` (m, `G` the grid's steepest gradient: a cell's corners differ by
//! `2GΔ` at most, and a swept cell reaches into the sweep's box), a bound of every length the sweep subtracts:
//! a computed time is the exact time of vertices moved by a few `ε·S`, which moves a face
//! contact by `≈ εS` and a grazing edge or vertex contact by at most `√(2r·16εS) < e`. So a
//! skipped triangle's contacts lie beyond `t_H + τ − 2e`, and a triangle's edge contacts
//! before its plane's time by `2e` at most. Walk the triangles in the sweep's order in both
//! sweeps, with `τ = 10⁻⁵·S` and at most 8 triangles: while the best contacts so far differ,
//! both lie beyond `t_H + τ/2` (a skip or a lowered limit changes only contacts beyond
//! `t_H + τ − 2e`, and each triangle moves that margin by `2e` at most), and a triangle's
//! contact before it is accepted by both, which agree again. The answer is at most
//! `t_H + e`: both end on it. A skipped triangle is out of reach at `t = 0` too (no overlap).
//!
//! `ε_v = 10⁻⁹·S`, far above the rounding of the signed distances (`≈ εS`). On issue 13's
//! terrain `S ≈ 10 m`, `τ ≈ 10⁻⁴ m`: the bound holds where `p_H` lies ≥ 8 mm inside `H`.
//! Tests: `sphere::tests::the_home_bound_changes_no_hit` (against the unculled sweep, bit for
//! bit) and `the_home_bound_on_a_ridge_by_hand`.

use glam::DVec3;

use super::{Contact, HeightField, Sweep, larger, plane_far, real, smaller};

/// `τ` per metre of `S` (module docs).
const TAU_PER_SCALE: f64 = 1e-5;

/// `ε_v` per metre of `S` (module docs).
const ABOVE_PER_SCALE: f64 = 1e-9;

/// The home triangle's face contact and its plane (module docs).
#[derive(Debug, Clone, Copy)]
pub(super) struct Home {
    /// The home cell.
    pub cell: (usize, usize),
    /// `true` if the home triangle is B, else A.
    pub on_b: bool,
    /// Its face contact, found with the whole travel.
    contact: Contact,
    /// A vertex of the home triangle, and its unit normal towards the sphere.
    a: DVec3,
    n: DVec3,
    /// `ε_v` (m).
    above: f64,
    /// `t_H + τ` (m).
    pub until: f64,
}

impl Home {
    /// Whether `v` lies more than `ε_v` above the home plane (on the sphere's side): a
    /// triangle with no such vertex is not reached before `t_H + τ` (module docs, 2).
    #[inline(always)]
    pub fn above(&self, v: DVec3) -> bool {
        (v - self.a).dot(self.n) > self.above
    }
}

impl Sweep {
    /// The home bound of a sweep over the cells `i0..=i1` × `j0..=j1` (at most 2 × 2): the
    /// cell under `o`, if in range and not culled (the cell loop's xy cull, z cull and
    /// diagonal cull, the same expressions), its triangle under `o`; the sweep's limit
    /// lowered to `t_H + τ`. `None` (nothing changed) when the face contact is missing or
    /// too near the triangle's sides.
    #[inline(never)]
    pub(super) fn home_in_range(
        &mut self,
        hf: &HeightField,
        (i0, i1, j0, j1): (usize, usize, usize, usize),
    ) -> Option<Home> {
        let (i, j) = hf.cell_of(self.o.x, self.o.y)?;
        if i < i0 || i > i1 || j < j0 || j > j1 {
            return None;
        }
        let (path_lo, path_hi) = (self.path.lo, self.path.hi);
        let y = hf.origin.y + real(j) * hf.cell_size;
        let dy = larger(larger(y - path_hi.y, path_lo.y - (y + hf.cell_size)), 0.0);
        let x = hf.origin.x + real(i) * hf.cell_size;
        let dx = larger(larger(x - path_hi.x, path_lo.x - (x + hf.cell_size)), 0.0);
        if dx * dx + dy * dy > self.reach * self.reach {
            return None;
        }
        let (v, sides) = self.cell_corners(hf, i, j)?;
        let home = self.find_home(hf, (i, j), v, sides)?;
        // Every triangle's limit `min(L, t_H + τ)`: the best contact so far lies within the
        // limit it was found with.
        self.max_t = smaller(self.max_t, home.until);
        Some(home)
    }

    /// [`Sweep::cell`] under the home bound `h`: the home triangle from its contact found
    /// first, the triangles below its plane skipped (module docs).
    #[inline(always)]
    pub(super) fn cell_near_home(&mut self, hf: &HeightField, i: usize, j: usize, h: &Home) {
        let Some(([v00, v10, v01, v11], (sweep_a, sweep_b))) = self.cell_corners(hf, i, j) else {
            return;
        };
        // The home cell's other triangle shares two vertices with the home triangle (on
        // its plane); its third decides.
        let (home_a, home_b, skip_a, skip_b) = if h.cell == (i, j) {
            (
                !h.on_b,
                h.on_b,
                h.on_b && !h.above(v10),
                !h.on_b && !h.above(v01),
            )
        } else if !(h.above(v00) || h.above(v10) || h.above(v01) || h.above(v11)) {
            return;
        } else {
            (false, false, false, false)
        };
        if sweep_a && !skip_a {
            if home_a {
                self.home_triangle(h);
            } else {
                self.triangle(v00, v10, v11);
            }
        }
        if sweep_b && !skip_b {
            if home_b {
                self.home_triangle(h);
            } else {
                self.triangle(v00, v11, v01);
            }
        }
    }

    /// The home triangle in its place in the order: what [`Sweep::triangle`] does with it,
    /// from its face contact found first (its plane lies far: no overlap test).
    #[inline(always)]
    fn home_triangle(&mut self, h: &Home) {
        if self.overlap.is_some() {
            return;
        }
        let t = h.contact.0;
        if t > self.first.map_or(self.max_t, |(best, _, _)| best) {
            return;
        }
        if self.first.is_none_or(|(best, _, _)| t < best) {
            self.first = Some(h.contact);
        }
    }

    /// The home triangle of cell `cell` (corners `v`; `sides`: which of its triangles the
    /// sweep tests): the one under `o`, if tested; its face contact with the whole travel
    /// (`sweep_face`'s arithmetic, its inside test answered by `δ`), and the bound when
    /// `δ` is large enough (module docs).
    #[inline(always)]
    fn find_home(
        &self,
        hf: &HeightField,
        cell: (usize, usize),
        [v00, v10, v01, v11]: [DVec3; 4],
        sides: (bool, bool),
    ) -> Option<Home> {
        let (o, r, d) = (self.o, self.r, self.d);
        // A sweep steep against the grid (module docs): `−d_z − G·|d_xy| ≥ 1/2`.
        let steep = -d.z - 0.5;
        if !(steep >= 0.0 && steep * steep >= hf.max_gradient.powi(2) * (d.x * d.x + d.y * d.y)) {
            return None;
        }
        let on_b = o.y - v00.y > o.x - v00.x;
        if !(if on_b { sides.1 } else { sides.0 }) {
            return None;
        }
        let (a, b, c) = if on_b {
            (v00, v11, v01)
        } else {
            (v00, v10, v11)
        };
        // What `Sweep::triangle` and `sweep_face` compute, the same expressions.
        let n = (b - a).cross(c - a).normalize();
        let s0 = (o - a).dot(n);
        // From above only (`s0 > 0`: `n` is the upward normal, every grid triangle being
        // counter-clockwise seen from above). Below, `sweep_face` turns `n` towards the
        // sphere, and its inside test, oriented by that normal, fails for every point:
        // the edges and vertices decide there.
        if !(s0 > 0.0 && plane_far(o, r, (a, b, c), s0) && (n.x + n.y + n.z).is_finite()) {
            return None;
        }
        let dn = d.dot(n);
        if !(dn < 0.0 && s0 > r) {
            return None;
        }
        let t = (s0 - r) / -dn;
        if t > self.max_t {
            return None;
        }
        let p = o + t * d - r * n;
        // `δ`: the xy distance of `p` from the triangle's sides (A: `y ≥ y₀`, `x ≤ x₁`,
        // `x − x₀ ≥ y − y₀`; B: `x ≥ x₀`, `y ≤ y₁`, `y − y₀ ≥ x − x₀`).
        let (px, py) = (p.x - v00.x, p.y - v00.y);
        let (along, across, diagonal) = if on_b {
            (px, hf.cell_size - py, py - px)
        } else {
            (py, hf.cell_size - px, px - py)
        };
        let delta = smaller(
            smaller(along, across),
            diagonal * std::f64::consts::FRAC_1_SQRT_2,
        );
        let scale = 1.0 + r + self.max_t + hf.cell_size * (1.0 + 2.0 * hf.max_gradient);
        let (tau, above) = (TAU_PER_SCALE * scale, ABOVE_PER_SCALE * scale);
        let room = delta - 2.0 * tau - above;
        if !(room > 0.0 && room * room > 2.0 * r * (tau + above)) {
            return None;
        }
        Some(Home {
            cell,
            on_b,
            contact: (t, p, n),
            a,
            n,
            above,
            until: t + tau,
        })
    }
}
