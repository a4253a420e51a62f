//! One error type for `?` across the crate's operations.
//!
//! Each operation keeps its own error (a [`ParseError`] for a parse, a
//! [`MappingError`] for `to_uri`, ...), whose syntax case is the crate's
//! one syntax error, [`CheckError`]. [`Error`] gathers them, with `From`
//! for each, so that a function doing several operations can use `?` on
//! all of them and still match on what went wrong.

use core::fmt;

use crate::mapping::{IdnaError, MappingError};
use crate::normalize::{EquivError, NormalizeError};
use crate::resolve::ResolveError;
use crate::{CheckError, ParseError};

/// Any error of the crate's IRI operations.
///
/// `Display` and `source` are the inner error's own (it is a transparent
/// wrapper), so a message is never said twice in an error chain.
///
/// ```
/// fn both(a: &str) -> Result<String, rfc3987::Error> {
///     let iri = rfc3987::Iri::parse(a)?;
///     Ok(rfc3987::mapping::to_uri(iri.as_str())?)
/// }
/// assert!(matches!(both("a b"), Err(rfc3987::Error::Parse(_))));
/// assert_eq!(both("http://a/é").unwrap(), "http://a/%C3%A9");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A string that does not match a rule (from `check`, `check_bytes`).
    Syntax(CheckError),
    /// A string that is not what it was parsed as, with the input.
    Parse(ParseError),
    /// From the mapping between IRIs and URIs.
    Mapping(MappingError),
    /// From an IDNA conversion of a host.
    Idna(IdnaError),
    /// From normalization.
    Normalize(NormalizeError),
    /// From an equivalence test.
    Equiv(EquivError),
    /// From resolution or relativization.
    Resolve(ResolveError),
}

impl Error {
    /// The syntax error inside, if this is (or wraps) one.
    pub fn syntax(&self) -> Option<&CheckError> {
        match self {
            Error::Syntax(e) => Some(e),
            Error::Parse(e) => Some(e.error()),
            Error::Mapping(MappingError::Syntax(e)) => Some(e),
            Error::Normalize(NormalizeError::Syntax(e)) => Some(e),
            Error::Equiv(EquivError {
                error: NormalizeError::Syntax(e),
                ..
            }) => Some(e),
            Error::Resolve(ResolveError::Base(e) | ResolveError::Reference(e)) => Some(e),
            _ => None,
        }
    }

    fn inner(&self) -> &(dyn core::error::Error + 'static) {
        match self {
            Error::Syntax(e) => e,
            Error::Parse(e) => e,
            Error::Mapping(e) => e,
            Error::Idna(e) => e,
            Error::Normalize(e) => e,
            Error::Equiv(e) => e,
            Error::Resolve(e) => e,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner(), f)
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.inner().source()
    }
}

macro_rules! from {
    ($($variant:ident($ty:ty)),*) => {
        $(impl From<$ty> for Error {
            fn from(e: $ty) -> Error {
                Error::$variant(e)
            }
        })*
    };
}

from!(
    Syntax(CheckError),
    Parse(ParseError),
    Mapping(MappingError),
    Idna(IdnaError),
    Normalize(NormalizeError),
    Equiv(EquivError),
    Resolve(ResolveError)
);

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn assert_traits<T: Send + Sync + 'static + core::error::Error>() {}

    #[test]
    fn errors_are_send_sync_static() {
        assert_traits::<Error>();
        assert_traits::<CheckError>();
        assert_traits::<ParseError>();
        assert_traits::<MappingError>();
        assert_traits::<NormalizeError>();
        assert_traits::<ResolveError>();
    }

    #[test]
    fn transparent_and_syntax_reaches_the_check_error() {
        let parse = crate::IriRef::parse("a b").unwrap_err();
        let error = Error::from(parse.clone());
        assert_eq!(error.to_string(), parse.to_string());
        assert_eq!(error.syntax(), Some(parse.error()));
        let mapping = Error::from(crate::mapping::to_uri("http://a/\u{E000}").unwrap_err());
        assert_eq!(mapping.syntax().map(CheckError::offset), Some(9));
    }
}
