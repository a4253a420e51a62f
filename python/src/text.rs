//! The API on one `str`: each function runs one operation of [`ops`] and
//! raises `IriError` on a rejected input.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::Normalizer;

use crate::error::Failure;
use crate::ops::{self, FIELDS};
use crate::options;

fn raise<T>(py: Python<'_>, result: Result<T, Failure>) -> PyResult<T> {
    result.map_err(|f| f.into_pyerr(py, None))
}

/// Whether `s` matches the ABNF rule `rule` (default `IRI-reference`).
#[pyfunction]
#[pyo3(signature = (s, rule = "IRI-reference"))]
fn check(s: &str, rule: &str) -> PyResult<bool> {
    Ok(ops::check(options::rule(rule)?, s).is_ok())
}

/// Raises `IriError` unless `s` matches `rule`; returns None.
#[pyfunction]
#[pyo3(signature = (s, rule = "IRI-reference"))]
fn validate(py: Python<'_>, s: &str, rule: &str) -> PyResult<()> {
    raise(py, ops::check(options::rule(rule)?, s))
}

/// The components of `s` as a dict with the keys of `iri parse --json`
/// (scheme, authority, userinfo, host, port, path, query, fragment):
/// exact substrings, None when absent, the path always a string.
#[pyfunction]
#[pyo3(signature = (s, rule = "IRI-reference"))]
fn parse<'py>(py: Python<'py>, s: &str, rule: &str) -> PyResult<Bound<'py, PyDict>> {
    let fields = raise(py, ops::parse(options::reference_rule(rule)?, s))?;
    let dict = PyDict::new(py);
    for (name, value) in FIELDS.iter().zip(fields) {
        dict.set_item(name, value)?;
    }
    Ok(dict)
}

/// RFC 3987 section 3.1: the URI of the IRI reference `s`.
#[pyfunction]
#[pyo3(signature = (s, *, idna = false, lenient = false, nfc = false))]
fn to_uri(py: Python<'_>, s: &str, idna: bool, lenient: bool, nfc: bool) -> PyResult<String> {
    let op = ops::MapToUri {
        mapping: ToUri::new().idna(idna).lenient(lenient),
        nfc,
    };
    raise(py, op.apply(s))
}

/// RFC 3987 section 3.2: the IRI of the URI reference `s`.
#[pyfunction]
#[pyo3(signature = (s, *, idna = false, decode_lookalikes = false))]
fn to_iri(py: Python<'_>, s: &str, idna: bool, decode_lookalikes: bool) -> PyResult<String> {
    let conversion = ToIri::new().idna(idna).keep_lookalikes(!decode_lookalikes);
    raise(py, ops::to_iri(&conversion, s))
}

/// The normalizer of `normalize`'s and `equivalent`'s keywords.
pub fn normalizer(
    level: &str,
    allowed: &[(&str, rfc3987::normalize::Level)],
    nfc: bool,
    nfkc: bool,
    strict_hosts: bool,
) -> PyResult<Normalizer<'static>> {
    Ok(Normalizer::new(options::level(level, allowed)?)
        .chars(options::chars(nfc, nfkc)?)
        .strict_hosts(strict_hosts))
}

/// RFC 3987 section 5.3: `s` normalized on the rung `level` (`syntax` or
/// `scheme`); `nfc`/`nfkc` add character normalization (off by default, as
/// section 5.3.2.2 requires).
#[pyfunction]
#[pyo3(signature = (s, level = "syntax", *, nfc = false, nfkc = false, strict_hosts = false))]
fn normalize(
    py: Python<'_>,
    s: &str,
    level: &str,
    nfc: bool,
    nfkc: bool,
    strict_hosts: bool,
) -> PyResult<String> {
    let n = normalizer(level, &options::NORMALIZE_LEVELS, nfc, nfkc, strict_hosts)?;
    raise(py, ops::normalize(&n, s))
}

/// RFC 3986 section 5.2 / RFC 3987 section 6.5: `reference` resolved
/// against `base` (an `IRI`).
#[pyfunction]
#[pyo3(signature = (base, reference, *, strict = true))]
fn resolve(py: Python<'_>, base: &str, reference: &str, strict: bool) -> PyResult<String> {
    let resolver = raise(py, ops::Resolver::new(base, strict))?;
    raise(py, resolver.apply(reference))
}

/// Whether `a` and `b` are equivalent on the rung `level` (`simple`,
/// `syntax` or `scheme`) of section 5.3's comparison ladder.
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax", *, strict_hosts = false))]
fn equivalent(py: Python<'_>, a: &str, b: &str, level: &str, strict_hosts: bool) -> PyResult<bool> {
    let n = normalizer(level, &options::EQUIV_LEVELS, false, false, strict_hosts)?;
    raise(py, ops::equivalent(&n, a, b))
}

/// The warnings of RFC 3987 sections 4, 6.1, 7.5 and 8 on `s`, each as
/// `iri lint` prints it (`CODE [COMPONENT START..END]: MESSAGE`).
#[pyfunction]
fn lint(py: Python<'_>, s: &str) -> PyResult<Vec<String>> {
    raise(py, ops::lint(s))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(lint, m)?)?;
    Ok(())
}
