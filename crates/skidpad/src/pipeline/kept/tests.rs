//! Tests of the kept height bound.
