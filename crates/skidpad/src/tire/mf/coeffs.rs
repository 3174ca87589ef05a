//! The numeric keys of a Magic Formula tyre property file, as one plain-data struct.
//!
//! Every field is in SI units after loading (see [`Dim`] and [`super::tir`] for the unit
//! conversion). Magic Formula coefficients (`P…`, `Q…`, `R…`, `S…`) are dimensionless by
//! definition and are never converted. A coefficient absent from the file is `0`, a scaling
//! factor (`L…`) absent from the file is `1`, except where a field's doc says otherwise.

use crate::error::{ParamError, check};
use serde::{Deserialize, Serialize};

/// The physical dimension of a numeric key, which decides the \[UNITS\] conversion applied to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dim {
    /// Dimensionless (every MF coefficient and scaling factor): never converted.
    None,
    /// A length (LENGTH unit).
    Length,
    /// A force (FORCE unit).
    Force,
    /// An angle (ANGLE unit).
    Angle,
    /// A speed (LENGTH/TIME).
    Speed,
    /// A pressure (PRESSURE unit, or FORCE/LENGTH² if the file gives none).
    Pressure,
    /// A mass (MASS unit).
    Mass,
    /// A translational stiffness (FORCE/LENGTH).
    Stiffness,
    /// A translational damping (FORCE·TIME/LENGTH).
    Damping,
    /// A moment of inertia (MASS·LENGTH²).
    Inertia,
}

macro_rules! mf_coefficients {
    ($( $field:ident : $key:literal = $default:expr, $dim:ident, $doc:literal; )*) => {
        /// All numeric keys of a `.tir` file that skidpad knows, in SI units.
        ///
        /// Field names are the file's keys in lower case; each field's doc gives the file key,
        /// its meaning, unit and the default used when the file does not have it.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct MfCoefficients {
            $(
                #[doc = concat!("`", $key, "`: ", $doc, " Default: `", stringify!($default), "`.")]
                pub $field: f64,
            )*
        }

        impl Default for MfCoefficients {
            fn default() -> Self {
                Self { $( $field: $default, )* }
            }
        }

        impl MfCoefficients {
            /// Every known numeric key (upper case, as in the file) with its dimension.
            pub const KEYS: &'static [(&'static str, Dim)] = &[ $( ($key, Dim::$dim), )* ];

            /// The value of a key (upper case, as in the file), or `None` if it is not known.
            #[must_use]
            pub fn get(&self, key: &str) -> Option<f64> {
                match key {
                    $( $key => Some(self.$field), )*
                    _ => None,
                }
            }

            /// Set a key (upper case, as in the file) to an SI value. Returns `false` if the key
            /// is not known (nothing is changed).
            pub fn set(&mut self, key: &str, value: f64) -> bool {
                match key {
                    $( $key => { self.$field = value; true } )*
                    _ => false,
                }
            }

            /// The dimension of a known key, or `None` if it is not known.
            #[must_use]
            pub fn dim(key: &str) -> Option<Dim> {
                match key {
                    $( $key => Some(Dim::$dim), )*
                    _ => None,
                }
            }
        }
    };
}

mf_coefficients! {
    // [MODEL]
    longvl: "LONGVL" = 16.7, Speed, "reference (measurement) speed V0. Unit: m/s.";
    vxlow: "VXLOW" = 1.0, Speed, "speed below which the low-speed reductions act (limits on). Unit: m/s.";
    // [DIMENSION]
    unloaded_radius: "UNLOADED_RADIUS" = 0.0, Length, "free tyre radius R0 (required). Unit: m.";
    width: "WIDTH" = 0.0, Length, "nominal section width. Unit: m.";
    aspect_ratio: "ASPECT_RATIO" = 0.0, None, "nominal aspect ratio. Unit: 1.";
    rim_radius: "RIM_RADIUS" = 0.0, Length, "nominal rim radius. Unit: m.";
    rim_width: "RIM_WIDTH" = 0.0, Length, "rim width. Unit: m.";
    bottoming_radius: "BOTTOMING_RADIUS" = 0.0, Length, "radius at which the rim bottoms out. Unit: m.";
    // [OPERATING_CONDITIONS] (MF 6.x) and chrono's [TIRE_CONDITIONS] aliases IP / IP_NOM
    inflpres: "INFLPRES" = 0.0, Pressure, "inflation pressure used when the input gives none (0: NOMPRES). Unit: Pa.";
    nompres: "NOMPRES" = 0.0, Pressure, "nominal inflation pressure p0 (0: no pressure terms). Unit: Pa.";
    // [INERTIA]
    mass: "MASS" = 0.0, Mass, "tyre mass. Unit: kg.";
    ixx: "IXX" = 0.0, Inertia, "tyre moment of inertia about the spin-orthogonal axis. Unit: kg·m².";
    iyy: "IYY" = 0.0, Inertia, "tyre moment of inertia about the spin axis. Unit: kg·m².";
    belt_mass: "BELT_MASS" = 0.0, Mass, "belt mass. Unit: kg.";
    belt_ixx: "BELT_IXX" = 0.0, Inertia, "belt inertia about the spin-orthogonal axis. Unit: kg·m².";
    belt_iyy: "BELT_IYY" = 0.0, Inertia, "belt inertia about the spin axis. Unit: kg·m².";
    gravity: "GRAVITY" = -9.81, None, "gravity constant as written in the file (not used). Unit: m/s².";
    // [VERTICAL]
    fnomin: "FNOMIN" = 0.0, Force, "nominal wheel load Fz0 (required). Unit: N.";
    vertical_stiffness: "VERTICAL_STIFFNESS" = 0.0, Stiffness, "vertical stiffness. Unit: N/m.";
    vertical_damping: "VERTICAL_DAMPING" = 0.0, Damping, "vertical damping. Unit: N·s/m.";
    dynamic_stiffness: "DYNAMIC_STIFFNESS" = 0.0, Stiffness, "dynamic vertical stiffness (chrono). Unit: N/m.";
    dynamic_damping: "DYNAMIC_DAMPING" = 0.0, Damping, "dynamic vertical damping (chrono). Unit: N·s/m.";
    mc_contour_a: "MC_CONTOUR_A" = 0.0, None, "motorcycle contour ellipse A. Unit: 1.";
    mc_contour_b: "MC_CONTOUR_B" = 0.0, None, "motorcycle contour ellipse B. Unit: 1.";
    breff: "BREFF" = 0.0, None, "low-load stiffness of the effective rolling radius. Unit: 1.";
    dreff: "DREFF" = 0.0, None, "peak value of the effective rolling radius. Unit: 1.";
    freff: "FREFF" = 0.0, None, "high-load stiffness of the effective rolling radius. Unit: 1.";
    q_re0: "Q_RE0" = 0.0, None, "ratio of free tyre radius to nominal radius. Unit: 1.";
    q_v1: "Q_V1" = 0.0, None, "tyre radius increase with speed. Unit: 1.";
    q_v2: "Q_V2" = 0.0, None, "vertical stiffness increase with speed. Unit: 1.";
    q_fz2: "Q_FZ2" = 0.0, None, "quadratic term in the load-deflection relation. Unit: 1.";
    q_fcx: "Q_FCX" = 0.0, None, "longitudinal force influence on vertical stiffness. Unit: 1.";
    q_fcy: "Q_FCY" = 0.0, None, "lateral force influence on vertical stiffness. Unit: 1.";
    q_cam: "Q_CAM" = 0.0, None, "stiffness reduction due to camber. Unit: 1.";
    pfz1: "PFZ1" = 0.0, None, "pressure effect on vertical stiffness. Unit: 1.";
    bottom_offst: "BOTTOM_OFFST" = 0.0, Length, "distance to the rim when bottoming starts. Unit: m.";
    bottom_stiff: "BOTTOM_STIFF" = 0.0, Stiffness, "vertical stiffness of the bottomed tyre. Unit: N/m.";
    // [STRUCTURAL]
    longitudinal_stiffness: "LONGITUDINAL_STIFFNESS" = 0.0, Stiffness, "tyre overall longitudinal stiffness. Unit: N/m.";
    lateral_stiffness: "LATERAL_STIFFNESS" = 0.0, Stiffness, "tyre overall lateral stiffness. Unit: N/m.";
    // validity ranges ([LONG_SLIP_RANGE] …); defaults are documented in the `model` module
    presmin: "PRESMIN" = 0.0, Pressure, "minimum valid inflation pressure. Unit: Pa.";
    presmax: "PRESMAX" = 0.0, Pressure, "maximum valid inflation pressure (absent: 10·NOMPRES). Unit: Pa.";
    fzmin: "FZMIN" = 0.0, Force, "minimum valid wheel load. Unit: N.";
    fzmax: "FZMAX" = 0.0, Force, "maximum valid wheel load (absent: 10·FNOMIN). Unit: N.";
    kpumin: "KPUMIN" = -1.5, None, "minimum valid longitudinal slip. Unit: 1.";
    kpumax: "KPUMAX" = 1.5, None, "maximum valid longitudinal slip. Unit: 1.";
    alpmin: "ALPMIN" = -std::f64::consts::FRAC_PI_2, Angle, "minimum valid slip angle. Unit: rad.";
    alpmax: "ALPMAX" = std::f64::consts::FRAC_PI_2, Angle, "maximum valid slip angle. Unit: rad.";
    cammin: "CAMMIN" = -std::f64::consts::FRAC_PI_2, Angle, "minimum valid inclination angle. Unit: rad.";
    cammax: "CAMMAX" = std::f64::consts::FRAC_PI_2, Angle, "maximum valid inclination angle. Unit: rad.";
    // [SCALING_COEFFICIENTS]
    lfzo: "LFZO" = 1.0, None, "scale factor of nominal (rated) load.";
    lcx: "LCX" = 1.0, None, "scale factor of the Fx shape factor.";
    lmux: "LMUX" = 1.0, None, "scale factor of the Fx peak friction coefficient.";
    lex: "LEX" = 1.0, None, "scale factor of the Fx curvature factor.";
    lkx: "LKX" = 1.0, None, "scale factor of the Fx slip stiffness.";
    lhx: "LHX" = 1.0, None, "scale factor of the Fx horizontal shift.";
    lvx: "LVX" = 1.0, None, "scale factor of the Fx vertical shift.";
    lgax: "LGAX" = 1.0, None, "scale factor of camber for Fx (MF 5.2).";
    lcy: "LCY" = 1.0, None, "scale factor of the Fy shape factor.";
    lmuy: "LMUY" = 1.0, None, "scale factor of the Fy peak friction coefficient.";
    ley: "LEY" = 1.0, None, "scale factor of the Fy curvature factor.";
    lky: "LKY" = 1.0, None, "scale factor of the Fy cornering stiffness.";
    lkyc: "LKYC" = 1.0, None, "scale factor of the Fy camber stiffness (MF 6.x).";
    lkzc: "LKZC" = 1.0, None, "scale factor of the Mz camber stiffness (MF 6.x).";
    lhy: "LHY" = 1.0, None, "scale factor of the Fy horizontal shift.";
    lvy: "LVY" = 1.0, None, "scale factor of the Fy vertical shift.";
    lgay: "LGAY" = 1.0, None, "scale factor of camber for Fy (MF 5.2).";
    ltr: "LTR" = 1.0, None, "scale factor of the peak of the pneumatic trail.";
    lres: "LRES" = 1.0, None, "scale factor of the offset of the residual torque.";
    lgaz: "LGAZ" = 1.0, None, "scale factor of camber for Mz (MF 5.2).";
    lxal: "LXAL" = 1.0, None, "scale factor of alpha influence on Fx.";
    lyka: "LYKA" = 1.0, None, "scale factor of kappa influence on Fy.";
    lvyka: "LVYKA" = 1.0, None, "scale factor of kappa-induced Fy.";
    ls: "LS" = 1.0, None, "scale factor of the moment arm of Fx.";
    lsgkp: "LSGKP" = 1.0, None, "scale factor of the Fx relaxation length.";
    lsgal: "LSGAL" = 1.0, None, "scale factor of the Fy relaxation length.";
    lgyr: "LGYR" = 1.0, None, "scale factor of the gyroscopic torque.";
    lmx: "LMX" = 1.0, None, "scale factor of the overturning couple.";
    lvmx: "LVMX" = 1.0, None, "scale factor of the Mx vertical shift.";
    lmy: "LMY" = 1.0, None, "scale factor of the rolling resistance torque.";
    lmp: "LMP" = 1.0, None, "scale factor of the parking torque.";
    lmuv: "LMUV" = 0.0, None, "friction decay with slip speed (neutral value 0, so absent = 0).";
    lkg: "LKG" = 1.0, None, "chrono extension, not used.";
    lcz: "LCZ" = 1.0, None, "scale factor of the vertical stiffness (not used by the force model).";
    lip: "LIP" = 1.0, None, "scale factor of inflation pressure (not used).";
    // [LONGITUDINAL_COEFFICIENTS]
    pcx1: "PCX1" = 0.0, None, "shape factor Cfx.";
    pdx1: "PDX1" = 0.0, None, "longitudinal friction Mux at Fznom.";
    pdx2: "PDX2" = 0.0, None, "variation of friction Mux with load.";
    pdx3: "PDX3" = 0.0, None, "variation of friction Mux with camber squared.";
    pex1: "PEX1" = 0.0, None, "longitudinal curvature Efx at Fznom.";
    pex2: "PEX2" = 0.0, None, "variation of curvature Efx with load.";
    pex3: "PEX3" = 0.0, None, "variation of curvature Efx with load squared.";
    pex4: "PEX4" = 0.0, None, "factor in curvature Efx while driving.";
    pkx1: "PKX1" = 0.0, None, "longitudinal slip stiffness Kfx/Fz at Fznom.";
    pkx2: "PKX2" = 0.0, None, "variation of slip stiffness Kfx/Fz with load.";
    pkx3: "PKX3" = 0.0, None, "exponent in slip stiffness Kfx/Fz with load.";
    phx1: "PHX1" = 0.0, None, "horizontal shift Shx at Fznom.";
    phx2: "PHX2" = 0.0, None, "variation of shift Shx with load.";
    pvx1: "PVX1" = 0.0, None, "vertical shift Svx/Fz at Fznom.";
    pvx2: "PVX2" = 0.0, None, "variation of shift Svx/Fz with load.";
    ppx1: "PPX1" = 0.0, None, "linear pressure effect on slip stiffness (MF 6.x).";
    ppx2: "PPX2" = 0.0, None, "quadratic pressure effect on slip stiffness (MF 6.x).";
    ppx3: "PPX3" = 0.0, None, "linear pressure effect on longitudinal friction (MF 6.x).";
    ppx4: "PPX4" = 0.0, None, "quadratic pressure effect on longitudinal friction (MF 6.x).";
    rbx1: "RBX1" = 0.0, None, "slope factor for combined slip Fx reduction.";
    rbx2: "RBX2" = 0.0, None, "variation of slope Fx reduction with kappa.";
    rbx3: "RBX3" = 0.0, None, "influence of camber on stiffness for Fx combined (MF 6.x).";
    rcx1: "RCX1" = 0.0, None, "shape factor for combined slip Fx reduction.";
    rex1: "REX1" = 0.0, None, "curvature factor of combined Fx.";
    rex2: "REX2" = 0.0, None, "curvature factor of combined Fx with load.";
    rhx1: "RHX1" = 0.0, None, "shift factor for combined slip Fx reduction.";
    ptx1: "PTX1" = 0.0, None, "relaxation length SigKap0/Fz at Fznom (transient, not used here).";
    ptx2: "PTX2" = 0.0, None, "variation of SigKap0/Fz with load (transient).";
    ptx3: "PTX3" = 0.0, None, "variation of SigKap0/Fz with exponent of load (transient).";
    ptx4: "PTX4" = 0.0, None, "low-speed relaxation term (chrono, transient).";
    qpx1: "QPX1" = 0.0, None, "pressure coefficient found in chrono files (not used).";
    // [OVERTURNING_COEFFICIENTS]
    qsx1: "QSX1" = 0.0, None, "vertical shift of overturning moment.";
    qsx2: "QSX2" = 0.0, None, "camber induced overturning couple.";
    qsx3: "QSX3" = 0.0, None, "Fy induced overturning couple.";
    qsx4: "QSX4" = 0.0, None, "mixed load, lateral force and camber on Mx.";
    qsx5: "QSX5" = 0.0, None, "load effect on Mx with lateral force and camber.";
    qsx6: "QSX6" = 0.0, None, "B-factor of load with Mx.";
    qsx7: "QSX7" = 0.0, None, "camber with load on Mx.";
    qsx8: "QSX8" = 0.0, None, "lateral force with load on Mx.";
    qsx9: "QSX9" = 0.0, None, "B-factor of lateral force with load on Mx.";
    qsx10: "QSX10" = 0.0, None, "vertical force with camber on Mx.";
    qsx11: "QSX11" = 0.0, None, "B-factor of vertical force with camber on Mx.";
    qsx12: "QSX12" = 0.0, None, "camber squared induced overturning moment.";
    qsx13: "QSX13" = 0.0, None, "lateral force induced overturning moment.";
    qsx14: "QSX14" = 0.0, None, "lateral force induced overturning moment with camber.";
    ppmx1: "PPMX1" = 0.0, None, "influence of inflation pressure on the Mx camber term (MF 6.x).";
    // [LATERAL_COEFFICIENTS]
    pcy1: "PCY1" = 0.0, None, "shape factor Cfy.";
    pdy1: "PDY1" = 0.0, None, "lateral friction Muy.";
    pdy2: "PDY2" = 0.0, None, "variation of friction Muy with load.";
    pdy3: "PDY3" = 0.0, None, "variation of friction Muy with squared camber.";
    pey1: "PEY1" = 0.0, None, "lateral curvature Efy at Fznom.";
    pey2: "PEY2" = 0.0, None, "variation of curvature Efy with load.";
    pey3: "PEY3" = 0.0, None, "zero order camber dependency of curvature Efy.";
    pey4: "PEY4" = 0.0, None, "variation of curvature Efy with camber.";
    pey5: "PEY5" = 0.0, None, "variation of curvature Efy with camber squared (MF 6.x).";
    pky1: "PKY1" = 0.0, None, "maximum value of stiffness Kfy/Fznom.";
    pky2: "PKY2" = 0.0, None, "load at which Kfy reaches its maximum value.";
    pky3: "PKY3" = 0.0, None, "variation of Kfy/Fznom with camber.";
    pky4: "PKY4" = 2.0, None, "curvature of stiffness Kfy (MF 5.2 has the constant 2, so absent = 2).";
    pky5: "PKY5" = 0.0, None, "peak stiffness variation with camber squared (MF 6.x).";
    pky6: "PKY6" = 0.0, None, "Fy camber stiffness factor (MF 6.x).";
    pky7: "PKY7" = 0.0, None, "vertical load dependency of camber stiffness (MF 6.x).";
    phy1: "PHY1" = 0.0, None, "horizontal shift Shy at Fznom.";
    phy2: "PHY2" = 0.0, None, "variation of shift Shy with load.";
    phy3: "PHY3" = 0.0, None, "variation of shift Shy with camber (MF 5.2).";
    pvy1: "PVY1" = 0.0, None, "vertical shift Svy/Fz at Fznom.";
    pvy2: "PVY2" = 0.0, None, "variation of shift Svy/Fz with load.";
    pvy3: "PVY3" = 0.0, None, "variation of shift Svy/Fz with camber.";
    pvy4: "PVY4" = 0.0, None, "variation of shift Svy/Fz with camber and load.";
    ppy1: "PPY1" = 0.0, None, "pressure effect on cornering stiffness magnitude (MF 6.x).";
    ppy2: "PPY2" = 0.0, None, "pressure effect on location of cornering stiffness peak (MF 6.x).";
    ppy3: "PPY3" = 0.0, None, "linear pressure effect on lateral friction (MF 6.x).";
    ppy4: "PPY4" = 0.0, None, "quadratic pressure effect on lateral friction (MF 6.x).";
    ppy5: "PPY5" = 0.0, None, "influence of inflation pressure on camber stiffness (MF 6.x).";
    rby1: "RBY1" = 0.0, None, "slope factor for combined Fy reduction.";
    rby2: "RBY2" = 0.0, None, "variation of slope Fy reduction with alpha.";
    rby3: "RBY3" = 0.0, None, "shift term for alpha in slope Fy reduction.";
    rby4: "RBY4" = 0.0, None, "influence of camber on stiffness of Fy combined (MF 6.x).";
    rcy1: "RCY1" = 0.0, None, "shape factor for combined Fy reduction.";
    rey1: "REY1" = 0.0, None, "curvature factor of combined Fy.";
    rey2: "REY2" = 0.0, None, "curvature factor of combined Fy with load.";
    rhy1: "RHY1" = 0.0, None, "shift factor for combined Fy reduction.";
    rhy2: "RHY2" = 0.0, None, "shift factor for combined Fy reduction with load.";
    rvy1: "RVY1" = 0.0, None, "kappa induced side force Svyk/Muy·Fz at Fznom.";
    rvy2: "RVY2" = 0.0, None, "variation of Svyk/Muy·Fz with load.";
    rvy3: "RVY3" = 0.0, None, "variation of Svyk/Muy·Fz with camber.";
    rvy4: "RVY4" = 0.0, None, "variation of Svyk/Muy·Fz with alpha.";
    rvy5: "RVY5" = 0.0, None, "variation of Svyk/Muy·Fz with kappa.";
    rvy6: "RVY6" = 0.0, None, "variation of Svyk/Muy·Fz with atan(kappa).";
    pty1: "PTY1" = 0.0, None, "peak value of relaxation length SigAlp0/R0 (transient, not used here).";
    pty2: "PTY2" = 0.0, None, "value of Fz/Fznom where SigAlp0 is extreme (transient).";
    pty3: "PTY3" = 0.0, None, "chrono relaxation-length term (transient).";
    // [ROLLING_COEFFICIENTS]
    qsy1: "QSY1" = 0.0, None, "rolling resistance torque coefficient.";
    qsy2: "QSY2" = 0.0, None, "rolling resistance torque depending on Fx.";
    qsy3: "QSY3" = 0.0, None, "rolling resistance torque depending on speed.";
    qsy4: "QSY4" = 0.0, None, "rolling resistance torque depending on speed ^4.";
    qsy5: "QSY5" = 0.0, None, "rolling resistance torque depending on camber squared (MF 6.x).";
    qsy6: "QSY6" = 0.0, None, "rolling resistance torque depending on load and camber squared (MF 6.x).";
    qsy7: "QSY7" = 0.0, None, "rolling resistance torque coefficient load dependency (MF 6.x).";
    qsy8: "QSY8" = 0.0, None, "rolling resistance torque coefficient pressure dependency (MF 6.x).";
    // [ALIGNING_COEFFICIENTS]
    qbz1: "QBZ1" = 0.0, None, "trail slope factor for trail Bpt at Fznom.";
    qbz2: "QBZ2" = 0.0, None, "variation of slope Bpt with load.";
    qbz3: "QBZ3" = 0.0, None, "variation of slope Bpt with load squared.";
    qbz4: "QBZ4" = 0.0, None, "variation of slope Bpt with camber.";
    qbz5: "QBZ5" = 0.0, None, "variation of slope Bpt with absolute camber.";
    qbz6: "QBZ6" = 0.0, None, "camber influence on Bt (book only; not used, as MF-Tyre).";
    qbz9: "QBZ9" = 0.0, None, "slope factor Br of residual torque Mzr.";
    qbz10: "QBZ10" = 0.0, None, "slope factor Br of residual torque Mzr (By·Cy term).";
    qcz1: "QCZ1" = 0.0, None, "shape factor Cpt for pneumatic trail.";
    qdz1: "QDZ1" = 0.0, None, "peak trail Dpt = Dpt·(Fz/Fznom·R0).";
    qdz2: "QDZ2" = 0.0, None, "variation of peak Dpt with load.";
    qdz3: "QDZ3" = 0.0, None, "variation of peak Dpt with camber.";
    qdz4: "QDZ4" = 0.0, None, "variation of peak Dpt with camber squared.";
    qdz6: "QDZ6" = 0.0, None, "peak residual torque Dmr = Dmr/(Fz·R0).";
    qdz7: "QDZ7" = 0.0, None, "variation of peak factor Dmr with load.";
    qdz8: "QDZ8" = 0.0, None, "variation of peak factor Dmr with camber.";
    qdz9: "QDZ9" = 0.0, None, "variation of peak factor Dmr with camber and load.";
    qdz10: "QDZ10" = 0.0, None, "variation of peak factor Dmr with camber squared (MF 6.x).";
    qdz11: "QDZ11" = 0.0, None, "variation of Dmr with camber squared and load (MF 6.x).";
    qez1: "QEZ1" = 0.0, None, "trail curvature Ept at Fznom.";
    qez2: "QEZ2" = 0.0, None, "variation of curvature Ept with load.";
    qez3: "QEZ3" = 0.0, None, "variation of curvature Ept with load squared.";
    qez4: "QEZ4" = 0.0, None, "variation of curvature Ept with sign of Alpha-t.";
    qez5: "QEZ5" = 0.0, None, "variation of Ept with camber and sign Alpha-t.";
    qhz1: "QHZ1" = 0.0, None, "trail horizontal shift Sht at Fznom.";
    qhz2: "QHZ2" = 0.0, None, "variation of shift Sht with load.";
    qhz3: "QHZ3" = 0.0, None, "variation of shift Sht with camber.";
    qhz4: "QHZ4" = 0.0, None, "variation of shift Sht with camber and load.";
    ppz1: "PPZ1" = 0.0, None, "effect of inflation pressure on length of pneumatic trail (MF 6.x).";
    ppz2: "PPZ2" = 0.0, None, "influence of inflation pressure on residual aligning torque (MF 6.x).";
    qpz1: "QPZ1" = 0.0, None, "pressure coefficient found in chrono files (not used).";
    qpz2: "QPZ2" = 0.0, None, "pressure coefficient found in chrono files (not used).";
    ssz1: "SSZ1" = 0.0, None, "nominal value of s/R0: effect of Fx on Mz.";
    ssz2: "SSZ2" = 0.0, None, "variation of distance s/R0 with Fy/Fznom.";
    ssz3: "SSZ3" = 0.0, None, "variation of distance s/R0 with camber.";
    ssz4: "SSZ4" = 0.0, None, "variation of distance s/R0 with load and camber.";
    qtz1: "QTZ1" = 0.0, None, "gyration torque constant (not used).";
    mbelt: "MBELT" = 0.0, Mass, "belt mass of the wheel (not used). Unit: kg.";
    // [TURNSLIP_COEFFICIENTS] (parsed, not used: turn slip is not modelled)
    pdxp1: "PDXP1" = 0.0, None, "turn slip: peak Fx reduction (not used).";
    pdxp2: "PDXP2" = 0.0, None, "turn slip: peak Fx reduction with load (not used).";
    pdxp3: "PDXP3" = 0.0, None, "turn slip: peak Fx reduction with slip (not used).";
    pkyp1: "PKYP1" = 0.0, None, "turn slip: cornering stiffness reduction (not used).";
    pdyp1: "PDYP1" = 0.0, None, "turn slip: peak Fy reduction (not used).";
    pdyp2: "PDYP2" = 0.0, None, "turn slip: peak Fy reduction with load (not used).";
    pdyp3: "PDYP3" = 0.0, None, "turn slip: peak Fy reduction with slip (not used).";
    pdyp4: "PDYP4" = 0.0, None, "turn slip: peak Fy reduction with square root of spin (not used).";
    phyp1: "PHYP1" = 0.0, None, "turn slip: Fy-alpha curve lateral shift limitation (not used).";
    phyp2: "PHYP2" = 0.0, None, "turn slip: Fy-alpha curve maximum lateral shift (not used).";
    phyp3: "PHYP3" = 0.0, None, "turn slip: Fy-alpha curve maximum lateral shift with load (not used).";
    phyp4: "PHYP4" = 0.0, None, "turn slip: Fy-alpha curve shift curvature (not used).";
    pecp1: "PECP1" = 0.0, None, "turn slip: camber spin reduction factor (not used).";
    pecp2: "PECP2" = 0.0, None, "turn slip: camber spin reduction factor with load (not used).";
    qdtp1: "QDTP1" = 0.0, None, "turn slip: pneumatic trail reduction (not used).";
    qcrp1: "QCRP1" = 0.0, None, "turn slip: turning moment at constant turning and zero speed (not used).";
    qcrp2: "QCRP2" = 0.0, None, "turn slip: turning moment at 90 degrees slip angle (not used).";
    qbrp1: "QBRP1" = 0.0, None, "turn slip: residual spin torque reduction (not used).";
    qdrp1: "QDRP1" = 0.0, None, "turn slip: turning moment curvature (not used).";
    qdrp2: "QDRP2" = 0.0, None, "turn slip: turning moment curvature with load (not used).";
}

/// Which Magic Formula equations a file is evaluated with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MfVersion {
    /// MF 5.2 / PAC2002 (`FITTYP = 6` or `21`, or `PROPERTY_FILE_FORMAT = 'PAC2002'` without
    /// FITTYP): camber scaled by LGAX/LGAY/LGAZ, no pressure terms.
    Mf52,
    /// MF 6.1 (`FITTYP = 61`): Besselink, Schmeitz & Pacejka (2010), with inflation pressure.
    Mf61,
    /// MF 6.2 (`FITTYP = 62`): the MF 6.1 steady-state equations (6.2 differs in parts
    /// skidpad does not model: loaded radius, contact patch, turn slip at low speed).
    Mf62,
}

impl MfVersion {
    /// `true` for MF 6.1 and 6.2, which have inflation pressure and camber-stiffness terms.
    #[must_use]
    pub fn is_mf6(self) -> bool {
        matches!(self, Self::Mf61 | Self::Mf62)
    }
}

/// The keys without which no Magic Formula model can run, with their section and what
/// goes wrong without them (absent = 0; the table is in the [`tir`](super) module docs).
pub const REQUIRED: &[(&str, &str, &str)] = &[
    (
        "FNOMIN",
        "VERTICAL",
        "Fz0 normalises the load (dfz = (Fz − Fz0)/Fz0)",
    ),
    (
        "UNLOADED_RADIUS",
        "DIMENSION",
        "R0 sets the moments and the rolling radius",
    ),
    ("PCX1", "LONGITUDINAL_COEFFICIENTS", "Cx = 0 makes Fx ≡ SVx"),
    (
        "PDX1",
        "LONGITUDINAL_COEFFICIENTS",
        "µx = PDX1 + PDX2·dfz is 0 at FNOMIN",
    ),
    (
        "PKX1",
        "LONGITUDINAL_COEFFICIENTS",
        "Kxκ = 0 at FNOMIN makes Fx ≡ SVx there",
    ),
    ("PCY1", "LATERAL_COEFFICIENTS", "Cy = 0 makes Fy ≡ SVy"),
    (
        "PDY1",
        "LATERAL_COEFFICIENTS",
        "µy = PDY1 + PDY2·dfz is 0 at FNOMIN",
    ),
    (
        "PKY1",
        "LATERAL_COEFFICIENTS",
        "Kyα = PKY1·F′z0·… makes Fy ≡ SVy",
    ),
    (
        "PKY2",
        "LATERAL_COEFFICIENTS",
        "Kyα = PKY1·F′z0·sin(PKY4·atan(Fz/(PKY2·F′z0))) divides by 0 (≡ 0 with PKY4 = 2)",
    ),
];

impl MfCoefficients {
    /// Check what the equations rely on: every value finite; the [`REQUIRED`] coefficients
    /// not 0 (coefficients built by hand get the rule a `.tir` file gets: without them Fx or
    /// Fy is identically its offset or undefined); FNOMIN, UNLOADED_RADIUS, LONGVL and LFZO
    /// > 0; VXLOW, NOMPRES, INFLPRES ≥ 0; each validity range min ≤ max.
    ///
    /// # Errors
    /// The first broken rule; the path is the file key (e.g. `FNOMIN`).
    pub fn validate(&self) -> Result<(), ParamError> {
        for (key, _) in Self::KEYS {
            check::finite(key, self.get(key).unwrap_or(0.0))?;
        }
        for &(key, section, why) in REQUIRED {
            if self.get(key) == Some(0.0) {
                return Err(ParamError::new(
                    key,
                    format!("must not be 0 (a [{section}] coefficient: {why})"),
                ));
            }
        }
        check::positive("FNOMIN", self.fnomin)?;
        check::positive("UNLOADED_RADIUS", self.unloaded_radius)?;
        check::positive("LONGVL", self.longvl)?;
        check::positive("LFZO", self.lfzo)?;
        check::non_negative("VXLOW", self.vxlow)?;
        check::non_negative("NOMPRES", self.nompres)?;
        check::non_negative("INFLPRES", self.inflpres)?;
        for (lo, hi, vlo, vhi) in [
            ("KPUMIN", "KPUMAX", self.kpumin, self.kpumax),
            ("ALPMIN", "ALPMAX", self.alpmin, self.alpmax),
            ("CAMMIN", "CAMMAX", self.cammin, self.cammax),
            ("FZMIN", "FZMAX", self.fzmin, self.fzmax),
            ("PRESMIN", "PRESMAX", self.presmin, self.presmax),
        ] {
            if vlo > vhi {
                return Err(ParamError::new(
                    hi,
                    format!("validity range is empty: {lo} = {vlo} > {hi} = {vhi}"),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_built_coefficients_need_the_required_ones() {
        let text = include_str!("../../../tests/data/mf_185_80R14.tir");
        let (file, _) = crate::tire::mf::TirFile::parse(text, "mf_185_80R14.tir").unwrap();
        assert!(file.coefficients.validate().is_ok());
        // Each required coefficient set to 0 by hand is refused at its key, naming the section.
        for (key, section, _) in REQUIRED {
            let mut c = file.coefficients.clone();
            assert!(c.set(key, 0.0), "{key}");
            let e = c.validate().unwrap_err();
            assert_eq!(e.path, *key);
            assert!(e.rule.contains(section), "{e}");
        }
        // An optional one may be 0 (MF's default for an absent key).
        let mut c = file.coefficients.clone();
        assert!(c.set("PDY2", 0.0));
        assert!(c.validate().is_ok());
    }
}
