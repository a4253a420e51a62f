//! The vectorized API: the column functions of `rfc3987-arrow` on Arrow
//! string arrays (`string`, `large_string`, `string_view`), received
//! zero-copy through the Arrow C data interface and returned as new Arrow
//! arrays. This module holds no Arrow computation of its own: it converts
//! at the boundary, releases the GIL, picks the thread pool and turns the
//! first failed row into an `IriError` when asked to raise.
//!
//! Threads: `threads=None` runs on rayon's global pool (one thread per
//! core, or `RAYON_NUM_THREADS`); `threads=N` on a pool of N threads that
//! the module keeps for later calls. A null input gives a null output; a
//! rejected input gives a null (`on_error="null"`, the default) or raises
//! `IriError` with its `row` (`on_error="raise"`): the error of the `str`
//! function on that row, so both APIs report a row alike.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use arrow_array::cast::AsArray;
use arrow_array::{make_array, Array, ArrayRef};
use arrow_data::ArrayData;
use arrow_pyarrow::{PyArrowType, ToPyArrow};
use arrow_schema::{ArrowError, DataType};
use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::Normalizer;

use crate::error::Failure;
use crate::{ops, options, text};

/// What to do with a rejected input.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnError {
    Null,
    Raise,
}

fn on_error(name: &str) -> PyResult<OnError> {
    match name {
        "null" => Ok(OnError::Null),
        "raise" => Ok(OnError::Raise),
        _ => Err(PyValueError::new_err(format!(
            "unknown on_error '{name}'; use 'null' or 'raise'"
        ))),
    }
}

/// The array of `data`, if it holds strings.
fn strings(data: ArrayData) -> PyResult<ArrayRef> {
    let array = make_array(data);
    match array.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(array),
        other => Err(PyTypeError::new_err(format!(
            "expected an Arrow array of strings (string, large_string or string_view), \
             got {other}"
        ))),
    }
}

/// Row `i` of a string array (its slot's text when null).
fn row_text(array: &dyn Array, i: usize) -> &str {
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().value(i),
        DataType::LargeUtf8 => array.as_string::<i64>().value(i),
        _ => array.as_string_view().value(i),
    }
}

/// The pool of `threads` threads, made once per count and kept.
fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<ThreadPool>>>> = OnceLock::new();
    if threads == 0 {
        return Err(PyValueError::new_err(
            "threads must be at least 1 (None: every core)",
        ));
    }
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(pool) = pools.get(&threads) {
        return Ok(pool.clone());
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("rfc3987-rs-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?;
    Ok(pools.entry(threads).or_insert(Arc::new(pool)).clone())
}

/// `work` without the GIL, on the pool `threads` names.
fn compute(
    py: Python<'_>,
    threads: Option<usize>,
    work: impl FnOnce() -> Result<ArrayRef, ArrowError> + Send,
) -> PyResult<ArrayRef> {
    let pool = threads.map(pool).transpose()?;
    let result = py.detach(|| match pool {
        Some(pool) => pool.install(work),
        None => work(),
    });
    result.map_err(|e| match e {
        // Only a 32-bit offset array past 2 GiB of text.
        ArrowError::ComputeError(message) => PyOverflowError::new_err(message),
        other => PyValueError::new_err(other.to_string()),
    })
}

/// The first row that failed: every input non-null, the output null (the
/// column functions' rule: a row is null exactly when an input is null or
/// the operation failed).
fn first_failure(inputs: &[&dyn Array], output: &dyn Array) -> Option<usize> {
    (0..output.len()).find(|&i| output.is_null(i) && inputs.iter().all(|a| a.is_valid(i)))
}

/// The result for Python, or with `Raise` the `IriError` of the first
/// failed row: `failure` runs the `str` function's operation on that row.
fn finish<'py>(
    py: Python<'py>,
    policy: OnError,
    inputs: &[&dyn Array],
    output: ArrayRef,
    failure: impl Fn(usize) -> Result<(), Failure>,
) -> PyResult<Bound<'py, PyAny>> {
    if policy == OnError::Raise {
        if let Some(row) = first_failure(inputs, output.as_ref()) {
            let failure = failure(row).err().unwrap_or_else(|| {
                Failure::new(
                    "",
                    0,
                    None,
                    "the column and str functions disagree on this row".to_owned(),
                )
            });
            return Err(failure.into_pyerr(py, Some(row)));
        }
    }
    output.to_data().to_pyarrow(py)
}

/// Vectorized `check`: a boolean array, null where the input is null.
#[pyfunction]
#[pyo3(signature = (array, rule = "IRI-reference", *, threads = None))]
fn check_array<'py>(
    py: Python<'py>,
    array: PyArrowType<ArrayData>,
    rule: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let rule = options::rule(rule)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || rfc3987_arrow::valid(&input, rule))?;
    out.to_data().to_pyarrow(py)
}

/// Vectorized `parse`: a struct array with the fields of `parse`, the row
/// null where the input is null or rejected.
#[pyfunction]
#[pyo3(signature = (array, rule = "IRI-reference", *, on_error = "null", threads = None))]
fn parse_array<'py>(
    py: Python<'py>,
    array: PyArrowType<ArrayData>,
    rule: &str,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let splitter = options::splitter(rule)?;
    let policy = self::on_error(on_error)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || rfc3987_arrow::split(&input, splitter))?;
    finish(py, policy, &[&input], out, |row| {
        ops::parse(splitter, row_text(&input, row)).map(drop)
    })
}

/// Vectorized `to_uri`.
#[pyfunction]
#[pyo3(signature = (array, *, idna = false, lenient = false, nfc = false, on_error = "null", threads = None))]
fn to_uri_array<'py>(
    py: Python<'py>,
    array: PyArrowType<ArrayData>,
    idna: bool,
    lenient: bool,
    nfc: bool,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let op = ops::MapToUri {
        mapping: ToUri::new().idna(idna).lenient(lenient),
        nfc,
    };
    let policy = self::on_error(on_error)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || match (nfc, idna || lenient) {
        (true, _) => rfc3987_arrow::to_uri_from_text(&input, &op.mapping),
        (false, true) => rfc3987_arrow::to_uri_with(&input, &op.mapping),
        // The default mapping's column path (ASCII rows by the batch walk).
        (false, false) => rfc3987_arrow::to_uri(&input),
    })?;
    finish(py, policy, &[&input], out, |row| {
        op.apply(row_text(&input, row)).map(drop)
    })
}

/// Vectorized `to_iri`.
#[pyfunction]
#[pyo3(signature = (array, *, idna = false, decode_lookalikes = false, on_error = "null", threads = None))]
fn to_iri_array<'py>(
    py: Python<'py>,
    array: PyArrowType<ArrayData>,
    idna: bool,
    decode_lookalikes: bool,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let conversion = ToIri::new().idna(idna).keep_lookalikes(!decode_lookalikes);
    let policy = self::on_error(on_error)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || rfc3987_arrow::to_iri(&input, &conversion))?;
    finish(py, policy, &[&input], out, |row| {
        ops::to_iri(&conversion, row_text(&input, row)).map(drop)
    })
}

/// Vectorized `normalize`.
#[pyfunction]
#[pyo3(signature = (array, level = "syntax", *, nfc = false, nfkc = false, strict_hosts = false, on_error = "null", threads = None))]
#[allow(clippy::too_many_arguments)]
fn normalize_array<'py>(
    py: Python<'py>,
    array: PyArrowType<ArrayData>,
    level: &str,
    nfc: bool,
    nfkc: bool,
    strict_hosts: bool,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let n: Normalizer<'static> =
        text::normalizer(level, &options::NORMALIZE_LEVELS, nfc, nfkc, strict_hosts)?;
    let policy = self::on_error(on_error)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || rfc3987_arrow::normalize(&input, &n))?;
    finish(py, policy, &[&input], out, |row| {
        ops::normalize(&n, row_text(&input, row)).map(drop)
    })
}

/// Vectorized `resolve`: every reference of `array` against one `base`
/// (an invalid base raises `IriError` whatever `on_error` says).
#[pyfunction]
#[pyo3(signature = (base, array, *, strict = true, on_error = "null", threads = None))]
fn resolve_array<'py>(
    py: Python<'py>,
    base: &str,
    array: PyArrowType<ArrayData>,
    strict: bool,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let resolver = ops::Resolver::new(base, strict).map_err(|f| f.into_pyerr(py, None))?;
    let policy = self::on_error(on_error)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || {
        rfc3987_arrow::resolve_base(&input, resolver.base())
    })?;
    finish(py, policy, &[&input], out, |row| {
        resolver.apply(row_text(&input, row)).map(drop)
    })
}

/// Vectorized `relativize`: the shortest reference from `base` to each
/// IRI of `array` (an invalid base raises `IriError` whatever `on_error`
/// says).
#[pyfunction]
#[pyo3(signature = (base, array, *, on_error = "null", threads = None))]
fn relativize_array<'py>(
    py: Python<'py>,
    base: &str,
    array: PyArrowType<ArrayData>,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    ops::check_base(base).map_err(|f| f.into_pyerr(py, None))?;
    let policy = self::on_error(on_error)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || rfc3987_arrow::relativize(&input, base))?;
    finish(py, policy, &[&input], out, |row| {
        ops::relativize(base, row_text(&input, row)).map(drop)
    })
}

/// Vectorized `equivalent`, row by row over two arrays of one length.
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax", *, strict_hosts = false, on_error = "null", threads = None))]
#[allow(clippy::too_many_arguments)]
fn equivalent_array<'py>(
    py: Python<'py>,
    a: PyArrowType<ArrayData>,
    b: PyArrowType<ArrayData>,
    level: &str,
    strict_hosts: bool,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = text::normalizer(level, &options::EQUIV_LEVELS, false, false, strict_hosts)?;
    let policy = self::on_error(on_error)?;
    let (a, b) = (strings(a.0)?, strings(b.0)?);
    if a.len() != b.len() {
        return Err(PyValueError::new_err(format!(
            "equivalent_array needs arrays of one length, got {} and {}",
            a.len(),
            b.len()
        )));
    }
    let out = compute(py, threads, || rfc3987_arrow::equivalent_with(&a, &b, &n))?;
    finish(py, policy, &[&a, &b], out, |row| {
        ops::equivalent(&n, row_text(&a, row), row_text(&b, row)).map(drop)
    })
}

/// Vectorized `lint`: a list of warning structs per row (code, component,
/// start, end, char_start, char_end, message).
#[pyfunction]
#[pyo3(signature = (array, *, on_error = "null", threads = None))]
fn lint_array<'py>(
    py: Python<'py>,
    array: PyArrowType<ArrayData>,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let policy = self::on_error(on_error)?;
    let input = strings(array.0)?;
    let out = compute(py, threads, || rfc3987_arrow::lint_warnings(&input))?;
    finish(py, policy, &[&input], out, |row| {
        ops::lint(row_text(&input, row)).map(drop)
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_array, m)?)?;
    m.add_function(wrap_pyfunction!(parse_array, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri_array, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri_array, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_array, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_array, m)?)?;
    m.add_function(wrap_pyfunction!(relativize_array, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent_array, m)?)?;
    m.add_function(wrap_pyfunction!(lint_array, m)?)?;
    Ok(())
}
