//! The API on one `str`: each function runs one operation of [`ops`] and
//! raises `IriError` on a rejected input.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use pyo3::exceptions::PyValueError;
use rfc3987::find::Finder;
use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::Normalizer;
use rfc3987::select::Select;
use rfc3987::IriRef;

use crate::error::{char_index, Failure};
use crate::ops::{self, FIELDS};
use crate::options;

fn raise<T>(py: Python<'_>, result: Result<T, Failure>) -> PyResult<T> {
    result.map_err(|f| f.into_pyerr(py, None))
}

/// The UTF-8 of a Python `str`. A `str` can hold a lone surrogate, which
/// no UTF-8 encodes and no IRI holds: that fails as `rule` rejecting it,
/// at its byte in the `surrogatepass` encoding.
fn utf8<'a>(
    s: &'a Bound<'_, PyString>,
    rule: &'static str,
) -> PyResult<Result<Cow<'a, str>, Failure>> {
    if let Ok(text) = s.to_cow() {
        return Ok(Ok(text));
    }
    let bytes: Vec<u8> = s
        .call_method1("encode", ("utf-8", "surrogatepass"))?
        .extract()?;
    let offset = std::str::from_utf8(&bytes).map_or_else(|e| e.valid_up_to(), |_| 0);
    // A surrogate takes three bytes: 1110xxxx 10xxxxxx 10xxxxxx.
    let unit = match bytes.get(offset..offset + 3) {
        Some(&[a, b, c]) => {
            (u32::from(a & 0x0F) << 12) | (u32::from(b & 0x3F) << 6) | u32::from(c & 0x3F)
        }
        _ => 0,
    };
    let shown = String::from_utf8_lossy(&bytes);
    Ok(Err(Failure::new(
        &shown,
        offset,
        Some(rule),
        format!(
            "{rule} does not allow the lone surrogate U+{unit:04X} at byte {offset} \
             (a str holding a surrogate is not Unicode text)"
        ),
    )))
}

/// [`utf8`] for the functions that raise.
fn text<'a>(
    py: Python<'_>,
    s: &'a Bound<'_, PyString>,
    rule: &'static str,
) -> PyResult<Cow<'a, str>> {
    raise(py, utf8(s, rule)?)
}

const REFERENCE: &str = "IRI-reference";

/// Whether `s` matches the ABNF rule `rule` (default `IRI-reference`).
#[pyfunction]
#[pyo3(signature = (s, rule = "IRI-reference"))]
fn check(s: &Bound<'_, PyString>, rule: &str) -> PyResult<bool> {
    let rule = options::rule(rule)?;
    Ok(match utf8(s, rule.name())? {
        Ok(text) => ops::check(rule, &text).is_ok(),
        Err(_) => false,
    })
}

/// Raises `IriError` unless `s` matches `rule`; returns None.
#[pyfunction]
#[pyo3(signature = (s, rule = "IRI-reference"))]
fn validate(py: Python<'_>, s: &Bound<'_, PyString>, rule: &str) -> PyResult<()> {
    let rule = options::rule(rule)?;
    let s = text(py, s, rule.name())?;
    raise(py, ops::check(rule, &s))
}

/// The components of `s` as a dict with the keys of `iri parse --json`
/// (scheme, authority, userinfo, host, port, path, query, fragment):
/// exact substrings, None when absent, the path always a string.
#[pyfunction]
#[pyo3(signature = (s, rule = "IRI-reference"))]
fn parse<'py>(
    py: Python<'py>,
    s: &Bound<'_, PyString>,
    rule: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let splitter = options::splitter(rule)?;
    let s = text(py, s, splitter.rule().name())?;
    let fields = raise(py, ops::parse(splitter, &s))?;
    let dict = PyDict::new(py);
    for (name, value) in FIELDS.iter().zip(fields) {
        dict.set_item(name, value)?;
    }
    Ok(dict)
}

/// RFC 3987 section 3.1: the URI of the IRI reference `s`.
#[pyfunction]
#[pyo3(signature = (s, *, idna = false, lenient = false, nfc = false))]
fn to_uri(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    idna: bool,
    lenient: bool,
    nfc: bool,
) -> PyResult<String> {
    let s = text(py, s, REFERENCE)?;
    let op = ops::MapToUri {
        mapping: ToUri::new().idna(idna).lenient(lenient),
        nfc,
    };
    raise(py, op.apply(&s))
}

/// RFC 3987 section 3.2: the IRI of the URI reference `s`.
#[pyfunction]
#[pyo3(signature = (s, *, idna = false, decode_lookalikes = false))]
fn to_iri(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    idna: bool,
    decode_lookalikes: bool,
) -> PyResult<String> {
    let s = text(py, s, REFERENCE)?;
    let conversion = ToIri::new().idna(idna).keep_lookalikes(!decode_lookalikes);
    raise(py, ops::to_iri(&conversion, &s))
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
    s: &Bound<'_, PyString>,
    level: &str,
    nfc: bool,
    nfkc: bool,
    strict_hosts: bool,
) -> PyResult<String> {
    let n = normalizer(level, &options::NORMALIZE_LEVELS, nfc, nfkc, strict_hosts)?;
    let s = text(py, s, REFERENCE)?;
    raise(py, ops::normalize(&n, &s))
}

/// RFC 3986 section 5.2 / RFC 3987 section 6.5: `reference` resolved
/// against `base` (an `IRI`).
#[pyfunction]
#[pyo3(signature = (base, reference, *, strict = true))]
fn resolve(
    py: Python<'_>,
    base: &Bound<'_, PyString>,
    reference: &Bound<'_, PyString>,
    strict: bool,
) -> PyResult<String> {
    let base = text(py, base, "IRI")?;
    let resolver = raise(py, ops::Resolver::new(&base, strict))?;
    let reference = text(py, reference, REFERENCE)?;
    raise(py, resolver.apply(&reference))
}

/// Whether `a` and `b` are equivalent on the rung `level` (`simple`,
/// `syntax` or `scheme`) of section 5.3's comparison ladder.
#[pyfunction]
#[pyo3(signature = (a, b, level = "syntax", *, strict_hosts = false))]
fn equivalent(
    py: Python<'_>,
    a: &Bound<'_, PyString>,
    b: &Bound<'_, PyString>,
    level: &str,
    strict_hosts: bool,
) -> PyResult<bool> {
    let n = normalizer(level, &options::EQUIV_LEVELS, false, false, strict_hosts)?;
    let side = |s, which| {
        utf8(s, REFERENCE).map(|r| {
            r.map_err(|f| Failure {
                message: format!("{which} input: {}", f.message),
                ..f
            })
        })
    };
    let a = raise(py, side(a, "first")?)?;
    let b = raise(py, side(b, "second")?)?;
    raise(py, ops::equivalent(&n, &a, &b))
}

/// A byte range of `text` with the same range as `str` indices.
fn ranges(text: &str, range: std::ops::Range<usize>) -> (usize, usize, usize, usize) {
    let char_start = char_index(text, range.start);
    let char_end = char_start + char_index(&text[range.start..], range.end - range.start);
    (range.start, range.end, char_start, char_end)
}

/// One warning: `(code, component, start, end, char_start, char_end,
/// message)`, byte and `str` ranges (`rfc3987_rs.LintWarning`).
type WarningTuple = (
    &'static str,
    &'static str,
    usize,
    usize,
    usize,
    usize,
    String,
);

/// The warnings of RFC 3987 sections 4, 6.1, 7.5 and 8 on `s`, in the
/// order of `iri lint --json`, as tuples that `rfc3987_rs.lint` makes
/// `LintWarning`s.
#[pyfunction]
fn _lint(py: Python<'_>, s: &Bound<'_, PyString>) -> PyResult<Vec<WarningTuple>> {
    let s = text(py, s, REFERENCE)?;
    let warnings = raise(py, ops::lint(&s))?;
    Ok(warnings
        .iter()
        .map(|w| {
            let (start, end, char_start, char_end) = ranges(&s, w.range());
            (
                w.code().as_str(),
                w.component().as_str(),
                start,
                end,
                char_start,
                char_end,
                w.message().to_owned(),
            )
        })
        .collect())
}

/// The shortest reference that resolves against `base` to `target` (both
/// `IRI`s), as `iri relativize BASE` gives it; `""` when they are equal.
#[pyfunction]
fn relativize(
    py: Python<'_>,
    base: &Bound<'_, PyString>,
    target: &Bound<'_, PyString>,
) -> PyResult<String> {
    let base = text(py, base, "IRI")?;
    let target = text(py, target, "IRI")?;
    raise(py, ops::relativize(&base, &target))
}

/// One IRI found in text: `(start, end, char_start, char_end, text, iri)`
/// (`rfc3987_rs.FoundIri`).
type FoundTuple = (usize, usize, usize, usize, String, String);

/// The IRIs in running text (RFC 3987 section 7.3), as `iri find` finds
/// them, optionally only those of `schemes` (`name:` or `name://` each).
#[pyfunction]
#[pyo3(signature = (s, schemes = None))]
fn _find(s: &Bound<'_, PyString>, schemes: Option<Vec<String>>) -> PyResult<Vec<FoundTuple>> {
    // Running text may hold anything: a lone surrogate ends an IRI as any
    // character outside the grammar does, so it is read as U+FFFD.
    let s = s.to_string_lossy();
    let entries: Vec<&str> = schemes.iter().flatten().map(String::as_str).collect();
    let finder = match schemes {
        None => Finder::new(),
        Some(_) => Finder::with_schemes(&entries)
            .map_err(|e| PyValueError::new_err(format!("schemes: {e}")))?,
    };
    Ok(finder
        .find_iter(&s)
        .map(|m| {
            let (start, end, char_start, char_end) = ranges(&s, m.range());
            (
                start,
                end,
                char_start,
                char_end,
                m.as_str().to_owned(),
                m.iri().as_str().to_owned(),
            )
        })
        .collect())
}

/// One change of `entry`: `(kind, start, end, char_start, char_end,
/// before, after)` (`rfc3987_rs.EntryChange`).
type ChangeTuple = (&'static str, usize, usize, usize, usize, String, String);

/// A typed or pasted IRI cleaned (RFC 3987 section 7.2), as `iri entry`
/// cleans it: the IRI reference and the changes, as tuples that
/// `rfc3987_rs.entry` makes an `Entry`.
#[pyfunction]
fn _entry(py: Python<'_>, s: &Bound<'_, PyString>) -> PyResult<(String, Vec<ChangeTuple>)> {
    let s = text(py, s, REFERENCE)?;
    let cleaned = raise(py, ops::entry(&s))?;
    let changes = cleaned
        .changes()
        .iter()
        .map(|c| {
            let (start, end, char_start, char_end) = ranges(&s, c.range.clone());
            (
                c.kind.name(),
                start,
                end,
                char_start,
                char_end,
                c.before.clone(),
                c.after.clone(),
            )
        })
        .collect();
    Ok((cleaned.iri().as_str().to_owned(), changes))
}

/// The form of `s` to show or send to readers of `scripts` (RFC 3987
/// section 7.5), as `iri select` chooses it: `(output, form)`, `form`
/// being `iri`, `uri` or `mixed`.
#[pyfunction]
#[pyo3(signature = (s, scripts, *, punycode_hosts = false))]
fn _select(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    scripts: Vec<String>,
    punycode_hosts: bool,
) -> PyResult<(String, &'static str)> {
    let scripts = options::scripts(&scripts)?;
    let s = text(py, s, REFERENCE)?;
    let iri = raise(
        py,
        IriRef::parse(s.as_ref()).map_err(|e| Failure::parse(&s, &e)),
    )?;
    let selected = iri.select_with(&Select::new(&scripts).punycode_hosts(punycode_hosts));
    Ok((
        selected.text().as_str().to_owned(),
        selected.form().as_str(),
    ))
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
    m.add_function(wrap_pyfunction!(_lint, m)?)?;
    m.add_function(wrap_pyfunction!(relativize, m)?)?;
    m.add_function(wrap_pyfunction!(_find, m)?)?;
    m.add_function(wrap_pyfunction!(_entry, m)?)?;
    m.add_function(wrap_pyfunction!(_select, m)?)?;
    Ok(())
}
