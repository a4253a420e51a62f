//! The operations on one string, shared by the `str` API and the
//! vectorized one: each calls the library's typed API once and turns its
//! error into a [`Failure`].

use std::borrow::Cow;

use rfc3987::entry::Cleaned;
use rfc3987::grammar::Rule;
use rfc3987::lint::Warning;
use rfc3987::mapping::{from_text, ToIri, ToUri};
use rfc3987::normalize::Normalizer;
use rfc3987::resolve::Base;
use rfc3987::{Iri, IriRef, Splitter};

use crate::error::Failure;

/// Names of [`parse`]'s fields, in the order of `iri parse --json`.
pub const FIELDS: [&str; 8] = rfc3987::Components::NAMES;

/// `text` against `rule`.
pub fn check(rule: &'static Rule, text: &str) -> Result<(), Failure> {
    rfc3987::check(rule, text).map_err(|e| Failure::check(text, &e))
}

/// The components of `text`, which must match the splitter's rule, split
/// as `iri parse --rule` splits them: exact substrings, `None` when
/// absent, the path always present.
pub fn parse(splitter: Splitter, text: &str) -> Result<[Option<&str>; 8], Failure> {
    match splitter.split(text) {
        Ok(parts) => Ok(parts.to_array()),
        Err(e) => Err(Failure::parse(text, &e)),
    }
}

/// Section 3.1's mapping, after NFC from text when `nfc` (as `iri to-uri`).
#[derive(Clone, Copy, Debug)]
pub struct MapToUri {
    pub mapping: ToUri<'static>,
    pub nfc: bool,
}

impl MapToUri {
    pub fn apply(&self, text: &str) -> Result<String, Failure> {
        let input: Cow<'_, str> = if self.nfc {
            from_text(text)
        } else {
            text.into()
        };
        self.mapping
            .convert(&input)
            .map_err(|e| Failure::mapping(text, &e))
    }
}

/// Section 3.2's conversion.
pub fn to_iri(conversion: &ToIri<'static>, text: &str) -> Result<String, Failure> {
    conversion
        .convert(text)
        .map_err(|e| Failure::mapping(text, &e))
}

/// Section 5.3's normalization.
pub fn normalize(normalizer: &Normalizer<'static>, text: &str) -> Result<String, Failure> {
    normalizer
        .normalize(text)
        .map_err(|e| Failure::normalize(text, &e))
}

/// Equivalence of `a` and `b` on the normalizer's rung.
pub fn equivalent(normalizer: &Normalizer<'static>, a: &str, b: &str) -> Result<bool, Failure> {
    normalizer
        .equivalent(a, b)
        .map_err(|e| Failure::equiv([a, b], &e))
}

/// References resolved against one base, parsed and prepared once (its
/// directory found once, see [`rfc3987::resolve::Base`]).
#[derive(Debug)]
pub struct Resolver {
    base: Base<String>,
    strict: bool,
}

impl Resolver {
    /// Fails when `base` is not an `IRI` (as [`rfc3987::resolve::resolve`]).
    pub fn new(base: &str, strict: bool) -> Result<Self, Failure> {
        match Iri::parse(base.to_owned()) {
            Ok(iri) => {
                let base = Base::new(iri);
                let base = if strict { base } else { base.non_strict() };
                Ok(Resolver { base, strict })
            }
            Err(_) => Err(Self::failure(base, "", strict)),
        }
    }

    /// The prepared base (strict or not, as made).
    pub fn base(&self) -> &Base<String> {
        &self.base
    }

    pub fn apply(&self, reference: &str) -> Result<String, Failure> {
        match IriRef::parse(reference) {
            Ok(r) => Ok(self.base.resolve(&r).into_inner()),
            Err(_) => Err(Self::failure(self.base.as_str(), reference, self.strict)),
        }
    }

    /// The error of the string function, whose message names the base
    /// when the base is at fault.
    fn failure(base: &str, reference: &str, strict: bool) -> Failure {
        let result = if strict {
            rfc3987::resolve::resolve(base, reference)
        } else {
            rfc3987::resolve::resolve_non_strict(base, reference)
        };
        match result {
            Err(e) => Failure::resolve(base, reference, &e),
            Ok(_) => Failure::new(
                reference,
                0,
                None,
                "the typed and string resolvers disagree on this input".to_owned(),
            ),
        }
    }
}

/// Fails, naming the base, when `base` is not an `IRI`.
pub fn check_base(base: &str) -> Result<(), Failure> {
    Resolver::new(base, true).map(drop)
}

/// The shortest reference that resolves against `base` to `target` (both
/// `IRI`s), as `iri relativize BASE` gives it.
pub fn relativize(base: &str, target: &str) -> Result<String, Failure> {
    rfc3987::resolve::relativize(base, target).map_err(|e| Failure::resolve(base, target, &e))
}

/// Section 4, 6.1, 7.5 and 8 warnings.
pub fn lint(text: &str) -> Result<Vec<Warning>, Failure> {
    let iri = IriRef::parse(text).map_err(|e| Failure::parse(text, &e))?;
    Ok(iri.lint())
}

/// Section 7.2's cleaning of a typed or pasted IRI.
pub fn entry(text: &str) -> Result<Cleaned, Failure> {
    rfc3987::entry::clean(text).map_err(|e| {
        Failure::new(
            text,
            e.offset(),
            e.syntax().map(|s| s.rule()),
            e.to_string(),
        )
    })
}
