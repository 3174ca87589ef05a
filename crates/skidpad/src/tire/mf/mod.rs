//! Full Magic Formula tyre from TNO/ADAMS `.tir` property files (docs in progress).

pub mod coeffs;
pub mod model;
pub mod tir;

pub use coeffs::{Dim, MfCoefficients, MfVersion};
pub use model::{MfClamped, MfInput, MfOptions, MfOutput, MfTire};
pub use tir::{TirError, TirFile, TirWarning};
