//! The lint warnings of a column, whole: a list per row of structs
//! `{code, component, start, end, char_start, char_end, message}` (the
//! fields of [`fields`]), for callers that point at or slice what a
//! warning is about rather than only count its code.

use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringBuilder, StructBuilder, UInt64Builder};
use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use rfc3987::lint::Warning;
use rfc3987::IriRef;

use crate::failure::RowError;
use crate::input::Strings;
use crate::output::{self, ErrorColumn};

const CODE: usize = 0;
const COMPONENT: usize = 1;
const START: usize = 2;
const END: usize = 3;
const CHAR_START: usize = 4;
const CHAR_END: usize = 5;
const MESSAGE: usize = 6;

/// The fields of one warning, in the order of the constants above.
pub(crate) fn fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, false),
        Field::new("component", DataType::Utf8, false),
        Field::new("start", DataType::UInt64, false),
        Field::new("end", DataType::UInt64, false),
        Field::new("char_start", DataType::UInt64, false),
        Field::new("char_end", DataType::UInt64, false),
        Field::new("message", DataType::Utf8, false),
    ])
}

fn item() -> Arc<Field> {
    Arc::new(Field::new_list_field(DataType::Struct(fields()), true))
}

/// `List<Struct<fields()>>`.
pub(crate) fn list_type() -> DataType {
    DataType::List(item())
}

/// Characters of `text` that start before byte `offset`: the character
/// index of `offset`, a character boundary (as a warning's range ends are).
pub(crate) fn char_index(text: &str, offset: usize) -> usize {
    text.char_indices().take_while(|(i, _)| *i < offset).count()
}

fn text(builder: &mut StructBuilder, i: usize) -> &mut StringBuilder {
    builder
        .field_builder::<StringBuilder>(i)
        .expect("the field's builder is a StringBuilder (fields())")
}

fn number(builder: &mut StructBuilder, i: usize, value: usize) {
    builder
        .field_builder::<UInt64Builder>(i)
        .expect("the field's builder is a UInt64Builder (fields())")
        .append_value(value as u64);
}

/// Appends one warning of the row `row_text`, or fails when the column's
/// text would pass 2 GiB (32-bit offsets).
fn push(
    out: &mut StructBuilder,
    row_text: &str,
    warning: &Warning,
    row: usize,
) -> Result<(), ArrowError> {
    let code = warning.code().as_str();
    let component = warning.component().as_str();
    let message = warning.message();
    for (field, value) in [(CODE, code), (COMPONENT, component), (MESSAGE, message)] {
        let column = text(out, field);
        if !output::fits(column, value.len()) {
            return Err(ArrowError::ComputeError(format!(
                "lint: the warnings pass 2 GiB of text at row {row}; pass a smaller batch"
            )));
        }
        column.append_value(value);
    }
    let range = warning.range();
    number(out, START, range.start);
    number(out, END, range.end);
    let char_start = char_index(row_text, range.start);
    let char_end = char_start + char_index(&row_text[range.start..], range.end - range.start);
    number(out, CHAR_START, char_start);
    number(out, CHAR_END, char_end);
    out.append(true);
    Ok(())
}

/// The serial function of [`crate::lint_warnings`].
pub(crate) fn lint(
    array: &dyn Array,
    mut errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "lint")?;
    let rows = input.len();
    let mut out = ListBuilder::with_capacity(StructBuilder::from_fields(fields(), rows), rows)
        .with_field(item());
    for i in 0..rows {
        let outcome = match input.get(i) {
            None => None,
            Some(row_text) => match IriRef::parse(row_text) {
                Ok(r) => {
                    for warning in r.lint() {
                        push(out.values(), row_text, &warning, i)?;
                    }
                    Some(Ok(()))
                }
                Err(e) => Some(Err(RowError::Parse(e))),
            },
        };
        match outcome {
            Some(Ok(())) => out.append(true),
            None | Some(Err(_)) => out.append_null(),
        }
        if let Some(errors) = errors.as_deref_mut() {
            match outcome {
                Some(Err(e)) => errors.push(&e),
                _ => errors.push_none(),
            }
        }
    }
    Ok(Arc::new(out.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn char_index_counts_characters_before_the_offset() {
        let s = "a例b😀c";
        assert_eq!(char_index(s, 0), 0);
        assert_eq!(char_index(s, 1), 1);
        assert_eq!(char_index(s, 4), 2);
        assert_eq!(char_index(s, 5), 3);
        assert_eq!(char_index(s, 9), 4);
        assert_eq!(char_index(s, s.len()), 5);
    }
}
