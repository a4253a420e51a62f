//! Keyword arguments given as names (`rule="IRI"`, `level="scheme"`),
//! checked once per call: an unknown name is a `ValueError` that lists the
//! accepted ones.

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

use rfc3987::display::scripts_named;
use rfc3987::grammar::Rule;
use rfc3987::normalize::{Chars, Level};
use rfc3987::select::Script;
use rfc3987::Splitter;

/// The ABNF rule called `name`, case-insensitively as ABNF matches names.
pub fn rule(name: &str) -> PyResult<&'static Rule> {
    Rule::find(name).ok_or_else(|| {
        let near = Rule::suggest(name);
        let hint = if near.is_empty() {
            String::new()
        } else {
            format!("; did you mean {}?", near.join(", "))
        };
        PyValueError::new_err(format!("unknown ABNF rule '{name}'{hint}"))
    })
}

/// The splitter of the rule called `name`: a reference rule, a part of
/// one or a component's rule, as `iri parse --rule` takes them.
pub fn splitter(name: &str) -> PyResult<Splitter> {
    let found = rule(name)?;
    Splitter::new(found).ok_or_else(|| {
        let names: Vec<&str> = Splitter::rules().map(|r| r.name()).collect();
        PyValueError::new_err(format!(
            "parse splits references, their parts and components; '{}' has none \
             (the rules that split: {})",
            found.name(),
            names.join(", ")
        ))
    })
}

/// A rung of the comparison ladder (section 5.3) among `allowed`.
pub fn level(name: &str, allowed: &[(&str, Level)]) -> PyResult<Level> {
    allowed
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, level)| level)
        .ok_or_else(|| {
            let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
            PyValueError::new_err(format!(
                "unknown level '{name}'; the levels are: {}",
                names.join(", ")
            ))
        })
}

/// The levels `normalize` accepts (as `iri normalize --level`).
pub const NORMALIZE_LEVELS: [(&str, Level); 2] =
    [("syntax", Level::Syntax), ("scheme", Level::Scheme)];

/// The levels `equivalent` accepts (as `iri equiv --level`).
pub const EQUIV_LEVELS: [(&str, Level); 3] = [
    ("simple", Level::Simple),
    ("syntax", Level::Syntax),
    ("scheme", Level::Scheme),
];

/// Unicode scripts by name (`Latin`) or ISO 15924 code (`Latn`), as `iri
/// select --scripts` takes them.
pub fn scripts(names: &[String]) -> PyResult<Vec<Script>> {
    let mut scripts = Vec::new();
    for name in names {
        let name = name.trim();
        let named = scripts_named(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown script '{name}' (use a Unicode script name such as Latin, \
                 Cyrillic, Han, Hiragana, or an ISO 15924 code such as Latn or Jpan)"
            ))
        })?;
        scripts.extend(named);
    }
    Ok(scripts)
}

/// Character normalization from the `nfc` and `nfkc` flags.
pub fn chars(nfc: bool, nfkc: bool) -> PyResult<Chars> {
    match (nfc, nfkc) {
        (false, false) => Ok(Chars::AsIs),
        (true, false) => Ok(Chars::Nfc),
        (false, true) => Ok(Chars::Nfkc),
        (true, true) => Err(PyValueError::new_err(
            "nfc and nfkc exclude each other (NFKC includes NFC's composition)",
        )),
    }
}
