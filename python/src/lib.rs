//! Python bindings of the `rfc3987` crate (import name `rfc3987_rs`).
//!
//! Two layers over the same library calls: functions on one `str`
//! ([`text`]) and the same operations over Arrow string arrays
//! ([`columns`]), which are the column functions of `rfc3987-arrow`,
//! taken zero-copy through the Arrow C data interface and run without the
//! GIL on a rayon pool. Nothing here re-implements the RFC or the column
//! functions: each function calls the crate's typed API or the Arrow
//! crate's.
#![forbid(unsafe_code)]

use pyo3::prelude::*;

mod columns;
mod error;
mod ops;
mod options;
mod text;

/// The compiled module, `rfc3987_rs._native`; `rfc3987_rs/__init__.py`
/// re-exports it.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("IriError", m.py().get_type::<error::IriError>())?;
    text::register(m)?;
    columns::register(m)?;
    Ok(())
}
