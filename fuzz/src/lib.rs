//! The properties behind the fuzz targets, in a module of their own so
//! that the root crate's tests include the same file (see `README.md`).
/// This crate against oxiri, iri-string and fluent-uri (the `against_*`
/// targets), included by the root crate's tests as well.
pub mod differential;
pub mod properties;
