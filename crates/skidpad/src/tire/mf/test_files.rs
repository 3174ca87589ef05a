//! The `.tir` files of `crates/skidpad/tests/data` parsed for the Magic Formula's unit
//! tests (one home for their paths; sources and licences in `tests/data/README.md`).

use super::MfTire;
use super::TirFile;

/// `text` parsed as the `.tir` file `name`.
pub(super) fn tire(text: &str, name: &str) -> MfTire {
    MfTire::from(TirFile::parse(text, name).unwrap().0)
}

/// The sedan's file (`Sedan_Pac02Tire.tir`).
pub(super) fn sedan() -> MfTire {
    tire(
        include_str!("../../../tests/data/Sedan_Pac02Tire.tir"),
        "Sedan_Pac02Tire.tir",
    )
}

/// The HMMWV's file (`HMMWV_Pac02Tire.tir`).
pub(super) fn hmmwv() -> MfTire {
    tire(
        include_str!("../../../tests/data/HMMWV_Pac02Tire.tir"),
        "HMMWV_Pac02Tire.tir",
    )
}

/// The 185/80R14 MF 6.1 file (`mf_185_80R14.tir`).
pub(super) fn mf_185_80r14() -> MfTire {
    tire(
        include_str!("../../../tests/data/mf_185_80R14.tir"),
        "mf_185_80R14.tir",
    )
}
