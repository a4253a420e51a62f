//! The crate's [`Error`]: what the functions on strings return, and what
//! every other error converts into with `?`.
//!
//! The crate-level docs ("Errors") say which operation returns which
//! type and why.

use core::fmt;

#[cfg(feature = "bidi")]
use crate::bidi::BidiError;
#[cfg(feature = "text")]
use crate::entry::EntryError;
use crate::mapping::MappingError;
use crate::normalize::NormalizeError;
use crate::{CheckError, ParseError};

/// Any failure of the crate: what the functions on strings return
/// (`normalize::normalize`, `resolve::resolve`, `mapping::to_uri`, ...),
/// which parse before they operate and so can fail either way, and what
/// each typed error converts into with `?`.
///
/// Its `Display` is the message of the error inside (for [`Error::In`],
/// after the input's name: `base: ...`), and `source` is that error, the
/// typed value to downcast to (for [`Error::In`], the typed error of that
/// input, not another `Error`). The message already holds its source's
/// words: print the top error alone.
///
/// ```
/// fn both(a: &str) -> Result<String, rfc3987::Error> {
///     let iri = rfc3987::Iri::parse(a)?;
///     Ok(rfc3987::mapping::to_uri(iri.as_str())?)
/// }
/// assert!(matches!(both("a b"), Err(rfc3987::Error::Parse(_))));
/// assert_eq!(both("http://a/é").unwrap(), "http://a/%C3%A9");
///
/// let e = rfc3987::resolve::resolve("no scheme", "g").unwrap_err();
/// assert_eq!(e.input(), Some(rfc3987::Input::Base));
/// assert_eq!((e.offset(), e.syntax().unwrap().rule()), (2, "scheme"));
/// assert!(e.to_string().starts_with("base: expected ALPHA, DIGIT, '+', '-', '.' or ':'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A string that does not match its rule (`check`, and the functions
    /// on strings, which do not keep the input).
    Syntax(CheckError),
    /// A parse's error, with the input (from `?` on a parse).
    Parse(ParseError),
    /// A mapping between IRIs and URIs that the IRI's text cannot take.
    Mapping(MappingError),
    /// A normalization that the IRI's host cannot take.
    Normalize(NormalizeError),
    /// A bidirectional formatting character (section 4.1).
    #[cfg(feature = "bidi")]
    Bidi(BidiError),
    /// A typed or pasted IRI that [`entry::clean`](crate::entry::clean)
    /// could not make valid (from `?` on it).
    #[cfg(feature = "text")]
    Entry(EntryError),
    /// One input of a function of two failed (the base or the reference
    /// of a resolution, either side of an equivalence test): which, and
    /// how (offsets are in that input).
    In {
        /// Which input.
        input: Input,
        /// Its error.
        error: InputError,
    },
    /// A percent-encoded octet that is not part of well-formed UTF-8
    /// ([`percent::decode_utf8`](crate::percent::decode_utf8)).
    NotUtf8 {
        /// Byte offset of the `%` of the offending triplet.
        offset: usize,
        /// The octet.
        octet: u8,
    },
    /// Octets that are not valid in the encoding
    /// [`mapping::from_legacy`](crate::mapping::from_legacy) was given.
    #[cfg(feature = "legacy")]
    Legacy {
        /// Byte offset where the invalid sequence starts.
        offset: usize,
        /// The encoding the octets were decoded from.
        encoding: &'static encoding_rs::Encoding,
    },
    /// An entry of a [`find::Finder`](crate::find::Finder)'s scheme list
    /// that is not `name:` or `name://` with `name` a `scheme`.
    #[cfg(feature = "text")]
    SchemeList {
        /// The position of the entry in the list.
        index: usize,
    },
    /// A name that is not one of [`Component::as_str`](crate::Component::as_str)'s.
    UnknownComponent,
}

/// How one input of a function of two failed ([`Error::In`]): the typed
/// error of that input, held without allocating (a loop that resolves
/// many references pays nothing more for the rejected ones than a check
/// does).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// It does not match its rule (`IRI` for a base or a target,
    /// `IRI-reference` otherwise).
    Syntax(CheckError),
    /// Its normal form cannot be made (an equivalence test with
    /// [`Normalizer::strict_hosts`](crate::normalize::Normalizer::strict_hosts)).
    Normalize(NormalizeError),
}

impl InputError {
    /// The typed error, as `source` gives it.
    fn typed(&self) -> &(dyn core::error::Error + 'static) {
        match self {
            InputError::Syntax(e) => e,
            InputError::Normalize(e) => e,
        }
    }
}

impl From<CheckError> for InputError {
    fn from(e: CheckError) -> InputError {
        InputError::Syntax(e)
    }
}

impl From<NormalizeError> for InputError {
    fn from(e: NormalizeError) -> InputError {
        InputError::Normalize(e)
    }
}

impl From<InputError> for Error {
    /// The error of a function of one input: the typed error alone.
    fn from(e: InputError) -> Error {
        match e {
            InputError::Syntax(e) => Error::Syntax(e),
            InputError::Normalize(e) => Error::Normalize(e),
        }
    }
}

/// Which input of a function of two an [`Error::In`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Input {
    /// The base of a resolution or relativization (an `IRI`).
    Base,
    /// The reference to resolve (an `IRI-reference`).
    Reference,
    /// The target to relativize (an `IRI`).
    Target,
    /// The first input of an equivalence test.
    First,
    /// The second input of an equivalence test.
    Second,
}

impl Input {
    /// The words a message starts with (`base: `), or none where the input
    /// goes without saying (the reference of a resolution, the target of
    /// a relativization).
    fn prefix(self) -> &'static str {
        match self {
            Input::Base => "base: ",
            Input::First => "first input: ",
            Input::Second => "second input: ",
            Input::Reference | Input::Target => "",
        }
    }
}

impl Error {
    /// `error` about `input`.
    pub(crate) fn in_input(input: Input, error: impl Into<InputError>) -> Error {
        Error::In {
            input,
            error: error.into(),
        }
    }

    /// Which input of a function of two failed, if it has two.
    pub fn input(&self) -> Option<Input> {
        match self {
            Error::In { input, .. } => Some(*input),
            _ => None,
        }
    }

    /// Byte offset of the problem in the input it is about (for
    /// [`Error::In`], in that input); 0 for [`Error::SchemeList`] and
    /// [`Error::UnknownComponent`], which are about a whole name.
    pub fn offset(&self) -> usize {
        match self {
            Error::Syntax(e) => e.offset(),
            Error::Parse(e) => e.offset(),
            Error::Mapping(e) => e.offset(),
            Error::Normalize(e) => e.offset(),
            #[cfg(feature = "bidi")]
            Error::Bidi(e) => e.offset(),
            #[cfg(feature = "text")]
            Error::Entry(e) => e.offset(),
            Error::In { error, .. } => match error {
                InputError::Syntax(e) => e.offset(),
                InputError::Normalize(e) => e.offset(),
            },
            Error::NotUtf8 { offset, .. } => *offset,
            #[cfg(feature = "legacy")]
            Error::Legacy { offset, .. } => *offset,
            #[cfg(feature = "text")]
            Error::SchemeList { .. } => 0,
            Error::UnknownComponent => 0,
        }
    }

    /// The syntax error inside, if this is (or wraps) one: its rule,
    /// offset and what was expected.
    pub fn syntax(&self) -> Option<&CheckError> {
        match self {
            Error::Syntax(e) => Some(e),
            Error::Parse(e) => Some(e.error()),
            Error::In {
                error: InputError::Syntax(e),
                ..
            } => Some(e),
            _ => None,
        }
    }

    /// The typed error this one holds (through [`Error::In`]), if any:
    /// what `Display` and `source` show.
    fn inner(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(match self {
            Error::Syntax(e) => e,
            Error::Parse(e) => e,
            Error::Mapping(e) => e,
            Error::Normalize(e) => e,
            #[cfg(feature = "bidi")]
            Error::Bidi(e) => e,
            #[cfg(feature = "text")]
            Error::Entry(e) => e,
            Error::In { error, .. } => error.typed(),
            Error::NotUtf8 { .. } | Error::UnknownComponent => return None,
            #[cfg(feature = "text")]
            Error::SchemeList { .. } => return None,
            #[cfg(feature = "legacy")]
            Error::Legacy { .. } => return None,
        })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::In { input, error } => {
                f.write_str(input.prefix())?;
                fmt::Display::fmt(error.typed(), f)
            }
            Error::NotUtf8 { offset, octet } => write!(
                f,
                "the percent-encoded octet at byte {offset} (%{octet:02X}) is not part of \
                 well-formed UTF-8"
            ),
            #[cfg(feature = "legacy")]
            Error::Legacy { offset, encoding } => write!(
                f,
                "the octets at byte {offset} are not valid {}",
                encoding.name()
            ),
            #[cfg(feature = "text")]
            Error::SchemeList { index } => write!(
                f,
                "scheme list entry {index} is not `name:` or `name://` with a valid scheme name"
            ),
            Error::UnknownComponent => f.write_str(
                "not a component name (scheme, authority, userinfo, host, port, path, query, \
                 fragment)",
            ),
            Error::Syntax(e) => fmt::Display::fmt(e, f),
            Error::Parse(e) => fmt::Display::fmt(e, f),
            Error::Mapping(e) => fmt::Display::fmt(e, f),
            Error::Normalize(e) => fmt::Display::fmt(e, f),
            #[cfg(feature = "bidi")]
            Error::Bidi(e) => fmt::Display::fmt(e, f),
            #[cfg(feature = "text")]
            Error::Entry(e) => fmt::Display::fmt(e, f),
        }
    }
}

/// `core::error::Error` is the `std::error::Error` trait (re-exported by
/// `std`), so this holds without the `std` feature too.
impl core::error::Error for Error {
    /// The typed error inside (see the type's docs).
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.inner()
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
    Normalize(NormalizeError)
);

#[cfg(feature = "text")]
from!(Entry(EntryError));

#[cfg(feature = "bidi")]
from!(Bidi(BidiError));

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
        #[cfg(feature = "bidi")]
        assert_traits::<BidiError>();
        #[cfg(feature = "text")]
        assert_traits::<EntryError>();
    }

    #[test]
    fn transparent_and_syntax_reaches_the_check_error() {
        let parse = crate::IriRef::parse("a b").unwrap_err();
        let error = Error::from(parse.clone());
        assert_eq!(error.to_string(), parse.to_string());
        assert_eq!(error.syntax(), Some(parse.error()));
        let mapping = crate::mapping::to_uri("http://a/\u{E000}").unwrap_err();
        assert_eq!(mapping.syntax().map(CheckError::offset), Some(9));
    }
}
