//! The three Arrow string layouts, read through one view: functions take
//! `&dyn Array` and dispatch here once per batch, not once per row.

use arrow_array::cast::AsArray;
use arrow_array::{Array, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::{ArrowError, DataType};

/// A string column of any of the three layouts.
#[derive(Clone, Copy)]
pub(crate) enum Strings<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
}

impl<'a> Strings<'a> {
    /// The column `array` as strings, or an error naming `argument` and the
    /// type found.
    pub(crate) fn new(array: &'a dyn Array, argument: &str) -> Result<Self, ArrowError> {
        match array.data_type() {
            DataType::Utf8 => Ok(Strings::Utf8(array.as_string::<i32>())),
            DataType::LargeUtf8 => Ok(Strings::Large(array.as_string::<i64>())),
            DataType::Utf8View => Ok(Strings::View(array.as_string_view())),
            other => Err(ArrowError::InvalidArgumentError(format!(
                "{argument}: expected a string column (Utf8, LargeUtf8 or Utf8View), found {other}"
            ))),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::Large(a) => a.len(),
            Strings::View(a) => a.len(),
        }
    }

    /// Row `i`, `None` when null.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// Row `i`'s text whether or not it is null (a null slot holds some
    /// valid UTF-8, usually empty): for batch walks whose verdicts on
    /// null rows are then masked.
    #[inline]
    pub(crate) fn text(&self, i: usize) -> &'a str {
        match self {
            Strings::Utf8(a) => a.value(i),
            Strings::Large(a) => a.value(i),
            Strings::View(a) => a.value(i),
        }
    }

    /// Bytes of text in the column's rows: the capacity to reserve for an
    /// output of about the same size.
    pub(crate) fn text_bytes(&self) -> usize {
        match self {
            Strings::Utf8(a) => {
                let offsets = a.value_offsets();
                (offsets[offsets.len() - 1] - offsets[0]) as usize
            }
            Strings::Large(a) => {
                let offsets = a.value_offsets();
                (offsets[offsets.len() - 1] - offsets[0]) as usize
            }
            // A view's low 32 bits are its length.
            Strings::View(a) => a.views().iter().map(|v| *v as u32 as usize).sum(),
        }
    }

    /// Whether results should be `LargeUtf8` (64-bit offsets): only for a
    /// `LargeUtf8` input.
    pub(crate) fn is_large(&self) -> bool {
        matches!(self, Strings::Large(_))
    }
}

/// Two columns of one length, or an error.
pub(crate) fn same_length(a: &Strings<'_>, b: &Strings<'_>) -> Result<usize, ArrowError> {
    if a.len() == b.len() {
        Ok(a.len())
    } else {
        Err(ArrowError::InvalidArgumentError(format!(
            "the two columns differ in length ({} and {} rows)",
            a.len(),
            b.len()
        )))
    }
}
