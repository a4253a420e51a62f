//! The properties behind the fuzz targets, in a module of their own so
//! that the root crate's tests include the same file (see `README.md`).
pub mod properties;
