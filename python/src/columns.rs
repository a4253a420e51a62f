//! The vectorized API: the operations of [`ops`] over Arrow string arrays
//! (`string`, `large_string`, `string_view`), received zero-copy through
//! the Arrow C data interface and returned as new Arrow arrays. The work
//! runs without the GIL, split over threads on large arrays
//! ([`parallel`]). A null input gives a null output; a rejected input
//! gives a null (`on_error="null"`, the default) or raises `IriError` with
//! its `row` (`on_error="raise"`).

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, GenericStringBuilder, ListBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{make_array, Array, ArrayRef, GenericStringArray, OffsetSizeTrait, StructArray};
use arrow_buffer::NullBufferBuilder;
use arrow_data::ArrayData;
use arrow_pyarrow::{PyArrowType, ToPyArrow};
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use rfc3987::mapping::{ToIri, ToUri};

use crate::error::Failure;
use crate::ops::{self, FIELDS};
use crate::{options, parallel, text};

/// Why a vectorized call stopped.
enum Stop {
    /// A rejected input, with `on_error="raise"`.
    Row(usize, Failure),
    /// The output cannot be built (a 32-bit offset array over 2 GiB).
    Capacity(String),
}

impl Stop {
    fn into_pyerr(self, py: Python<'_>) -> PyErr {
        match self {
            Stop::Row(row, failure) => failure.into_pyerr(py, Some(row)),
            Stop::Capacity(message) => PyOverflowError::new_err(message),
        }
    }
}

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

/// The rows of a string array, whichever of Arrow's layouts it has.
struct Strings {
    array: ArrayRef,
}

impl Strings {
    fn new(data: ArrayData) -> PyResult<Self> {
        let array = make_array(data);
        match array.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(Strings { array }),
            other => Err(PyTypeError::new_err(format!(
                "expected an Arrow array of strings (string, large_string or string_view), \
                 got {other}"
            ))),
        }
    }

    fn len(&self) -> usize {
        self.array.len()
    }

    /// Whether outputs need 64-bit offsets (the input has them).
    fn large(&self) -> bool {
        self.array.data_type() == &DataType::LargeUtf8
    }

    /// Row `i`, `None` when null.
    fn get(&self, i: usize) -> Option<&str> {
        if self.array.is_null(i) {
            return None;
        }
        Some(match self.array.data_type() {
            DataType::Utf8 => self.array.as_string::<i32>().value(i),
            DataType::LargeUtf8 => self.array.as_string::<i64>().value(i),
            _ => self.array.as_string_view().value(i),
        })
    }
}

/// Pieces built on several threads, joined in order.
fn join(pieces: Vec<ArrayRef>) -> Result<ArrayRef, Stop> {
    if pieces.len() == 1 {
        return Ok(pieces.into_iter().next().expect("one piece"));
    }
    let refs: Vec<&dyn Array> = pieces.iter().map(|a| a.as_ref()).collect();
    arrow_select::concat::concat(&refs).map_err(|e| {
        Stop::Capacity(format!(
            "{e}: the output is too large for a string array; pass a large_string array"
        ))
    })
}

/// Checks that appending `len` bytes keeps `O`'s offsets in range.
fn fits<O: OffsetSizeTrait>(used: usize, len: usize) -> Result<(), Stop> {
    if O::IS_LARGE || used + len <= i32::MAX as usize {
        Ok(())
    } else {
        Err(Stop::Capacity(
            "the output exceeds the 2 GiB of text a string array holds; \
             pass a large_string array"
                .to_owned(),
        ))
    }
}

/// `f` on every row, as a string array of the input's offset width.
fn map_strings<F>(input: &Strings, parts: usize, policy: OnError, f: F) -> Result<ArrayRef, Stop>
where
    F: Fn(&str) -> Result<String, Failure> + Sync,
{
    fn piece<O: OffsetSizeTrait>(
        input: &Strings,
        rows: std::ops::Range<usize>,
        policy: OnError,
        f: &(dyn Fn(&str) -> Result<String, Failure> + Sync),
    ) -> Result<ArrayRef, Stop> {
        let mut out = GenericStringBuilder::<O>::with_capacity(rows.len(), rows.len() * 32);
        for row in rows {
            match input.get(row).map(f) {
                None => out.append_null(),
                Some(Ok(value)) => {
                    fits::<O>(out.values_slice().len(), value.len())?;
                    out.append_value(value);
                }
                Some(Err(failure)) if policy == OnError::Raise => {
                    return Err(Stop::Row(row, failure))
                }
                Some(Err(_)) => out.append_null(),
            }
        }
        Ok(Arc::new(out.finish()))
    }
    let pieces = parallel::run(input.len(), parts, |rows| {
        if input.large() {
            piece::<i64>(input, rows, policy, &f)
        } else {
            piece::<i32>(input, rows, policy, &f)
        }
    })?;
    join(pieces)
}

/// `f` on every row index, as a boolean array (`Ok(None)`: null).
fn map_bools<F>(rows: usize, parts: usize, policy: OnError, f: F) -> Result<ArrayRef, Stop>
where
    F: Fn(usize) -> Result<Option<bool>, Failure> + Sync,
{
    let pieces = parallel::run(rows, parts, |range| {
        let mut out = BooleanBuilder::with_capacity(range.len());
        for row in range {
            match f(row) {
                Ok(value) => out.append_option(value),
                Err(failure) if policy == OnError::Raise => return Err(Stop::Row(row, failure)),
                Err(_) => out.append_null(),
            }
        }
        Ok(Arc::new(out.finish()) as ArrayRef)
    })?;
    join(pieces)
}

/// The components of every row, as a struct array with `parse`'s fields.
fn map_parts(
    input: &Strings,
    parts: usize,
    policy: OnError,
    splitter: rfc3987::Splitter,
) -> Result<ArrayRef, Stop> {
    fn piece<O: OffsetSizeTrait>(
        input: &Strings,
        rows: std::ops::Range<usize>,
        policy: OnError,
        splitter: rfc3987::Splitter,
    ) -> Result<ArrayRef, Stop> {
        let mut columns: Vec<GenericStringBuilder<O>> = (0..FIELDS.len())
            .map(|_| GenericStringBuilder::with_capacity(rows.len(), rows.len() * 8))
            .collect();
        let mut valid = NullBufferBuilder::new(rows.len());
        for row in rows {
            let fields = match input.get(row).map(|text| ops::parse(splitter, text)) {
                Some(Ok(fields)) => Some(fields),
                Some(Err(failure)) if policy == OnError::Raise => {
                    return Err(Stop::Row(row, failure))
                }
                Some(Err(_)) | None => None,
            };
            match fields {
                Some(fields) => {
                    valid.append_non_null();
                    for (column, value) in columns.iter_mut().zip(fields) {
                        fits::<O>(column.values_slice().len(), value.map_or(0, str::len))?;
                        column.append_option(value);
                    }
                }
                None => {
                    valid.append_null();
                    columns.iter_mut().for_each(|c| c.append_null());
                }
            }
        }
        let fields: Fields = FIELDS
            .iter()
            .map(|name| Field::new(*name, GenericStringArray::<O>::DATA_TYPE, true))
            .collect();
        let arrays: Vec<ArrayRef> = columns
            .iter_mut()
            .map(|c| Arc::new(c.finish()) as ArrayRef)
            .collect();
        StructArray::try_new(fields, arrays, valid.finish())
            .map(|a| Arc::new(a) as ArrayRef)
            .map_err(|e| Stop::Capacity(e.to_string()))
    }
    let pieces = parallel::run(input.len(), parts, |rows| {
        if input.large() {
            piece::<i64>(input, rows, policy, splitter)
        } else {
            piece::<i32>(input, rows, policy, splitter)
        }
    })?;
    join(pieces)
}

/// The warnings of every row, as a list-of-strings array.
fn map_lints(input: &Strings, parts: usize, policy: OnError) -> Result<ArrayRef, Stop> {
    let pieces = parallel::run(input.len(), parts, |rows| {
        let mut out = ListBuilder::new(GenericStringBuilder::<i64>::new());
        for row in rows {
            match input.get(row).map(ops::lint) {
                None => out.append_null(),
                Some(Ok(warnings)) => {
                    for w in warnings {
                        out.values().append_value(w);
                    }
                    out.append(true);
                }
                Some(Err(failure)) if policy == OnError::Raise => {
                    return Err(Stop::Row(row, failure))
                }
                Some(Err(_)) => out.append_null(),
            }
        }
        Ok(Arc::new(out.finish()) as ArrayRef)
    })?;
    join(pieces)
}

/// Runs `work` without the GIL and hands its array to pyarrow.
fn finish<'py>(
    py: Python<'py>,
    work: impl FnOnce() -> Result<ArrayRef, Stop> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let array = py.detach(work).map_err(|stop| stop.into_pyerr(py))?;
    array.to_data().to_pyarrow(py)
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
    let input = Strings::new(array.0)?;
    let parts = parallel::thread_count(input.len(), threads);
    finish(py, || {
        map_bools(input.len(), parts, OnError::Null, |row| {
            Ok(input
                .get(row)
                .map(|text| rfc3987::check(rule, text).is_ok()))
        })
    })
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
    let input = Strings::new(array.0)?;
    let parts = parallel::thread_count(input.len(), threads);
    finish(py, || map_parts(&input, parts, policy, splitter))
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
    let input = Strings::new(array.0)?;
    let parts = parallel::thread_count(input.len(), threads);
    finish(py, || map_strings(&input, parts, policy, |t| op.apply(t)))
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
    let input = Strings::new(array.0)?;
    let parts = parallel::thread_count(input.len(), threads);
    finish(py, || {
        map_strings(&input, parts, policy, |t| ops::to_iri(&conversion, t))
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
    let n = text::normalizer(level, &options::NORMALIZE_LEVELS, nfc, nfkc, strict_hosts)?;
    let policy = self::on_error(on_error)?;
    let input = Strings::new(array.0)?;
    let parts = parallel::thread_count(input.len(), threads);
    finish(py, || {
        map_strings(&input, parts, policy, |t| ops::normalize(&n, t))
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
    let input = Strings::new(array.0)?;
    let parts = parallel::thread_count(input.len(), threads);
    finish(py, || {
        map_strings(&input, parts, policy, |t| resolver.apply(t))
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
    let (a, b) = (Strings::new(a.0)?, Strings::new(b.0)?);
    if a.len() != b.len() {
        return Err(PyValueError::new_err(format!(
            "equivalent_array needs arrays of one length, got {} and {}",
            a.len(),
            b.len()
        )));
    }
    let parts = parallel::thread_count(a.len(), threads);
    finish(py, || {
        map_bools(a.len(), parts, policy, |row| {
            match (a.get(row), b.get(row)) {
                (Some(x), Some(y)) => ops::equivalent(&n, x, y).map(Some),
                _ => Ok(None),
            }
        })
    })
}

/// Vectorized `lint`: a list of warnings per row.
#[pyfunction]
#[pyo3(signature = (array, *, on_error = "null", threads = None))]
fn lint_array<'py>(
    py: Python<'py>,
    array: PyArrowType<ArrayData>,
    on_error: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let policy = self::on_error(on_error)?;
    let input = Strings::new(array.0)?;
    let parts = parallel::thread_count(input.len(), threads);
    finish(py, || map_lints(&input, parts, policy))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_array, m)?)?;
    m.add_function(wrap_pyfunction!(parse_array, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri_array, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri_array, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_array, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_array, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent_array, m)?)?;
    m.add_function(wrap_pyfunction!(lint_array, m)?)?;
    Ok(())
}
