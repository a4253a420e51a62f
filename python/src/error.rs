//! `IriError`: the library's errors as one Python exception that keeps
//! where (byte `offset`), which grammar rule, and the library's message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use rfc3987::{CheckError, Error, Input, InputError, ParseError};

create_exception!(
    rfc3987_rs,
    IriError,
    PyValueError,
    "An input the library rejected: `offset` (byte offset in the UTF-8 of the \
     string that failed), `char_offset` (the same place as an index into the \
     str), `rule` (the ABNF rule that rejected it, or None), \
     `message` (the library's message), `input` (the string that failed) and, \
     from the vectorized functions, `row` (the array index; None otherwise)."
);

/// The index in `text` as a Python `str` (code points) of byte `offset`:
/// the characters that start before it.
pub fn char_index(text: &str, offset: usize) -> usize {
    text.char_indices().take_while(|(i, _)| *i < offset).count()
}

/// A library error, reduced to the fields `IriError` carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Byte offset in `input`.
    pub offset: usize,
    /// The grammar rule that rejected the input, when a rule did.
    pub rule: Option<&'static str>,
    /// The library error's `Display`.
    pub message: String,
    /// Which string failed (for `resolve` and `equivalent`, one of two).
    pub input: String,
}

impl Failure {
    pub fn new(input: &str, offset: usize, rule: Option<&'static str>, message: String) -> Self {
        Failure {
            offset,
            rule,
            message,
            input: input.to_owned(),
        }
    }

    pub fn check(input: &str, e: &CheckError) -> Self {
        Failure::new(input, e.offset(), Some(e.rule()), e.to_string())
    }

    pub fn parse(input: &str, e: &ParseError) -> Self {
        Failure::new(input, e.offset(), Some(e.rule()), e.to_string())
    }

    /// The rule of a mapping's or a normalization's error: the syntax
    /// error's, else the rule the library names (`URI-reference` for a
    /// character section 3.1 excludes, `ireg-name` for a host UTS 46
    /// rejects).
    fn rule_of(e: &Error) -> Option<&'static str> {
        match e {
            Error::Mapping(e) => Some(e.rule()),
            Error::Normalize(e) => Some(e.rule()),
            Error::In {
                error: InputError::Normalize(e),
                ..
            } => Some(e.rule()),
            _ => e.syntax().map(CheckError::rule),
        }
    }

    pub fn mapping(input: &str, e: &Error) -> Self {
        Failure::new(input, e.offset(), Failure::rule_of(e), e.to_string())
    }

    pub fn normalize(input: &str, e: &Error) -> Self {
        Failure::new(input, e.offset(), Failure::rule_of(e), e.to_string())
    }

    pub fn equiv(sides: [&str; 2], e: &Error) -> Self {
        let side = sides[usize::from(e.input() == Some(Input::Second))];
        Failure::new(side, e.offset(), Failure::rule_of(e), e.to_string())
    }

    pub fn resolve(base: &str, reference: &str, e: &Error) -> Self {
        let input = if e.input() == Some(Input::Base) {
            base
        } else {
            reference
        };
        Failure::new(input, e.offset(), Failure::rule_of(e), e.to_string())
    }

    /// The Python exception, with `row` set for an array element.
    pub fn into_pyerr(self, py: Python<'_>, row: Option<usize>) -> PyErr {
        let message = match row {
            Some(row) => format!("row {row}: {}", self.message),
            None => self.message.clone(),
        };
        let err = IriError::new_err(message);
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("offset", self.offset)?;
            value.setattr("char_offset", char_index(&self.input, self.offset))?;
            value.setattr("rule", self.rule)?;
            value.setattr("message", &self.message)?;
            value.setattr("input", &self.input)?;
            value.setattr("row", row)?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::char_index;

    #[test]
    fn char_index_counts_code_points_before_the_byte() {
        let s = "a例😀b";
        let indices: Vec<usize> = [0, 1, 4, 8, 9].iter().map(|&o| char_index(s, o)).collect();
        assert_eq!(indices, [0, 1, 2, 3, 4]);
    }
}
