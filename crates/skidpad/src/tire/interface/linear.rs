//! [`LinearCircle`]: a tyre linear in `κ` and `tan α` below one friction circle, at one load
//! and surface (the friction-circle tyre's forces). A model that says its forces have this
//! shape ([`TireModel::linear_circle_kept`](super::TireModel::linear_circle_kept)) lets the
//! contact solve linearise it in closed form from the transient slips `κ'` and `tan α'`,
//! without the slip angle's `atan`, the model's `tan` and the batch of evaluations.

/// The forces of a tyre at one load and surface:
///
/// ```text
/// Fx = c_κ·(κ/s_p),   Fy = c_α·tan α   (|tan α| ≤ t_max: α clamped to ±atan t_max)
/// (Fx, Fy) scaled down together to |F| ≤ L
/// ```
/// The friction-circle tyre's ([`crate::tire::FrictionCircleParams`]): `c_κ = C_κ·s_k·F_z`,
/// `c_α = −C_α·s_k·F_z`, `L = µ·s_µ·F_z`, `t_max = tan 1.5`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinearCircle {
    /// `c_κ`, the force per unit of `κ/s_p`. Unit: N.
    pub kappa_force: f64,
    /// `c_α`, the lateral force per unit of `tan α` (negative for an ISO tyre). Unit: N.
    pub tan_force: f64,
    /// The circle's radius `L`. Unit: N.
    pub limit: f64,
    /// The peak-slip scale `s_p` dividing `κ`. Unit: 1.
    pub peak_slip_scale: f64,
    /// The largest `|tan α|`, `t_max`: the tangent of the largest slip angle. Unit: 1.
    pub max_tan: f64,
}

impl LinearCircle {
    /// `(Fx, Fy)` at the slip `κ` and `tan α` (within `±t_max`: not clamped here), in the
    /// order the friction-circle tyre computes them. Unit: N.
    #[inline]
    pub fn point(&self, kappa: f64, tan_alpha: f64) -> (f64, f64) {
        let fx = self.kappa_force * (kappa / self.peak_slip_scale);
        let fy = self.tan_force * tan_alpha;
        crate::tire::contact::saturate_inline(fx, fy, self.limit)
    }

    /// `tan α` clamped to `±t_max`.
    #[inline]
    pub fn clamp_tan(&self, tan_alpha: f64) -> f64 {
        tan_alpha.clamp(-self.max_tan, self.max_tan)
    }

    /// A lower bound of the lateral reach's slip `F_slide/K_α` as the contact solve evaluates
    /// it ([`TireModel::lateral_reach_floor`](super::TireModel::lateral_reach_floor): pure
    /// lateral slip, `tan α = ±10⁻⁴` and `±1`): `min(1, L/|c_α|)·(1 − 10⁻⁹)`. With the
    /// probes inside the circle (`|c_α|·10⁻³ < L`) the secant is `|c_α|` and the sliding
    /// force `min(|c_α|, L)`, each to a few ulps (`tan(atan t)` within 3 ulp of `t`, `norm`
    /// within 2, the scaling's product and quotient), far inside the margin; 0 unless so and
    /// `c_κ`, `c_α`, `L` are normal numbers below 10¹⁵⁰ (`|c_α|`, `L` above 10⁻¹⁵⁰). Unit: 1.
    #[inline]
    pub fn lateral_reach_floor(&self) -> f64 {
        const BIG: f64 = 1e150;
        let (c, l) = (self.tan_force.abs(), self.limit);
        let normal = self.kappa_force.abs() < BIG && c > 1.0 / BIG && c < BIG && l < BIG;
        if !(normal && l > c * 1e-3) {
            return 0.0;
        }
        (if l < c { l / c } else { 1.0 }) * (1.0 - 1e-9)
    }

    /// A lower bound of `|F|` at `κ` whatever `α`: `min(|c_κ·κ/s_p|, L)·(1 − 10⁻⁹)`. Below
    /// the circle the force is the linear one, at least as long as its `Fx`; on it, the force
    /// is scaled onto the circle, `|F| = L`. Each holds to a few ulps of rounding (the
    /// products, `norm` within 2 ulp, the scaling's product and quotient), far inside the
    /// margin, while no product under- or overflows: so 0 unless the floor is above
    /// 10⁻¹⁵⁰ N and `|c_κ|`, `|c_α|` and `L` below 10¹⁵⁰ N (then every product of the
    /// scaling is a normal number). Unit: N.
    #[inline]
    pub fn sliding_floor(&self, kappa: f64) -> f64 {
        const BIG: f64 = 1e150;
        if !(self.kappa_force.abs() < BIG && self.tan_force.abs() < BIG && self.limit < BIG) {
            return 0.0;
        }
        let fx_lin =
            (self.kappa_force * (super::finite_or_zero(kappa) / self.peak_slip_scale)).abs();
        let floor = if fx_lin < self.limit {
            fx_lin
        } else {
            self.limit
        } * (1.0 - 1e-9);
        if floor > 1.0 / BIG { floor } else { 0.0 }
    }
}
