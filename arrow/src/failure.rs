//! Why one row failed: the library's error, kept whole so that the error
//! column reports its offset, rule and message (its `Display`) as the
//! library gives them.

use core::fmt;

use rfc3987::{CheckError, ParseError};

/// The failure of one row.
#[derive(Debug)]
pub(crate) enum RowError {
    /// The input (or the first column) is not what the rule requires.
    Parse(ParseError),
    /// A check with [`rfc3987::check_all`] failed.
    Check(CheckError),
    /// One side of a two-column function did not parse: `label` says
    /// which, as the library's own errors do (`base`, `first input`).
    Side(&'static str, ParseError),
    /// Normalization failed (strict hosts on the scheme rung).
    Normalize(rfc3987::Error),
    /// The section 3.1 mapping failed (IDNA, or a character URIs exclude).
    Mapping(rfc3987::Error),
}

impl RowError {
    /// Byte offset in the string that failed.
    pub(crate) fn offset(&self) -> usize {
        match self {
            RowError::Parse(e) | RowError::Side(_, e) => e.offset(),
            RowError::Check(e) => e.offset(),
            RowError::Normalize(e) => e.offset(),
            RowError::Mapping(e) => e.offset(),
        }
    }

    /// The ABNF rule that rejected the input, when a grammar rule did.
    pub(crate) fn rule(&self) -> Option<&'static str> {
        match self {
            RowError::Parse(e) | RowError::Side(_, e) => Some(e.rule()),
            RowError::Check(e) => Some(e.rule()),
            RowError::Normalize(e) | RowError::Mapping(e) => e.syntax().map(CheckError::rule),
        }
    }
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::Parse(e) => e.fmt(f),
            RowError::Side(label, e) => write!(f, "{label}: {e}"),
            RowError::Check(e) => e.fmt(f),
            RowError::Normalize(e) => e.fmt(f),
            RowError::Mapping(e) => e.fmt(f),
        }
    }
}

impl From<ParseError> for RowError {
    fn from(e: ParseError) -> Self {
        RowError::Parse(e)
    }
}
