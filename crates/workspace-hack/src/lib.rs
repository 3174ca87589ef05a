//! Feature unification only, no code: see this crate's `Cargo.toml`.
