//! The wheels' fixed kinematics, derived once from the params: where every camber and toe
//! graph holds one point, the wheels' camber and toe do not depend on the jounce, and the
//! steering stage writes these values instead of evaluating the graphs (the same bits).

use super::VehicleParams;
use crate::MAX_WHEELS;
use crate::suspension::model as susp;

/// [`super::Derived::fixed_kinematics`]: every wheel's `(camber, toe, side·toe)` when all its camber
/// and toe graphs hold one point (the default constant 0), else `None`.
pub(crate) fn fixed_kinematics(p: &VehicleParams) -> Option<[(f64, f64, f64); MAX_WHEELS]> {
    let mut k = [(0.0, 0.0, 0.0); MAX_WHEELS];
    for (i, w) in p.wheels.iter().enumerate() {
        let sp = &w.suspension;
        if sp.camber.len() != 1 || sp.toe.len() != 1 {
            return None;
        }
        let (camber, toe) = susp::kinematics(sp, 0.0);
        k[i] = (camber, toe, w.side() * toe);
    }
    Some(k)
}
