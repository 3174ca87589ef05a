//! Empty: a build script only so that cargo builds the `[build-dependencies]` whose features
//! this crate exists to unify (see `Cargo.toml`).

fn main() {}
