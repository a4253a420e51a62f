//! Spark's convention for functions whose rows can fail: the strict form
//! (`iri_to_uri`) stops the query at the first failed row with an error
//! that names the row, its input and why it failed; the `try_` form
//! (`try_iri_to_uri`) gives NULL for that row.

use datafusion::arrow::array::{Array, ArrayRef, AsArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::arrow::error::ArrowError;
use datafusion::common::{DataFusionError, Result};
use rfc3987_arrow::WithErrors;

/// What a failed row gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Strictness {
    /// An execution error (the strict form).
    Strict,
    /// NULL (the `try_` form).
    Try,
}

/// The argument columns a failed row is shown from.
pub(crate) enum Inputs<'a> {
    /// One column: the row's input.
    One(&'a ArrayRef),
    /// Two columns, each with its label.
    Two((&'static str, &'a ArrayRef), (&'static str, &'a ArrayRef)),
}

/// The longest input, in characters, an error message quotes whole.
const QUOTED_CHARS: usize = 200;

impl Strictness {
    /// The result column: `plain` for the `try_` form; for the strict
    /// form `checked`'s values, or the error of its first failed row.
    pub(crate) fn run(
        self,
        function: &str,
        inputs: Inputs<'_>,
        plain: impl FnOnce() -> Result<ArrayRef, ArrowError>,
        checked: impl FnOnce() -> Result<WithErrors, ArrowError>,
    ) -> Result<ArrayRef> {
        match self {
            Strictness::Try => Ok(plain()?),
            Strictness::Strict => {
                let WithErrors { values, errors } = checked()?;
                first_failure(function, inputs, &errors)?;
                Ok(values)
            }
        }
    }
}

/// The error of the first non-null row of `errors` (a column of
/// [`rfc3987_arrow::error_fields`]), if any: `FUNCTION: row R of the
/// batch, "INPUT": MESSAGE (rule RULE); use try_FUNCTION ...`. The row is
/// the index in the batch the function was given (a scalar function does
/// not see the table's row numbers); the input identifies it.
pub(crate) fn first_failure(function: &str, inputs: Inputs<'_>, errors: &ArrayRef) -> Result<()> {
    if errors.null_count() == errors.len() {
        return Ok(());
    }
    let errors = errors.as_struct();
    let Some(row) = (0..errors.len()).find(|&i| errors.is_valid(i)) else {
        return Ok(());
    };
    let field = |name: &str| {
        errors.column_by_name(name).ok_or_else(|| {
            DataFusionError::Internal(format!("{function}: the error column has no {name}"))
        })
    };
    let messages = field("message")?.as_string::<i32>();
    let rules = field("rule")?.as_string::<i32>();
    let message = messages.value(row);
    let shown = match inputs {
        Inputs::One(column) => quoted(column, row),
        Inputs::Two((a_label, a), (b_label, b)) => {
            format!("{a_label} {}, {b_label} {}", quoted(a, row), quoted(b, row))
        }
    };
    let mut text = format!("{function}: row {row} of the batch, {shown}: {message}");
    if rules.is_valid(row) {
        let rule = rules.value(row);
        if !message.contains(rule) {
            text.push_str(&format!(" (rule {rule})"));
        }
    }
    text.push_str(&format!("; try_{function} gives NULL for such rows"));
    Err(DataFusionError::Execution(text))
}

/// Row `row` of a string column as a quoted, escaped literal (`NULL` for
/// a null), cut after [`QUOTED_CHARS`] characters.
fn quoted(column: &ArrayRef, row: usize) -> String {
    if column.is_null(row) {
        return "NULL".into();
    }
    let text = match column.data_type() {
        DataType::Utf8 => column.as_string::<i32>().value(row),
        DataType::LargeUtf8 => column.as_string::<i64>().value(row),
        DataType::Utf8View => column.as_string_view().value(row),
        other => return format!("(a {other} value)"),
    };
    match text.char_indices().nth(QUOTED_CHARS) {
        None => format!("{text:?}"),
        Some((end, _)) => format!("{:?}... ({} bytes)", &text[..end], text.len()),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use datafusion::arrow::array::StringArray;

    use super::*;

    fn column(rows: Vec<Option<&str>>) -> ArrayRef {
        Arc::new(StringArray::from(rows))
    }

    #[test]
    fn the_first_failed_row_is_named_with_its_input_and_rule() {
        let iris = column(vec![
            Some("http://a/"),
            None,
            Some("http://a b"),
            Some("%zz"),
        ]);
        let checked = rfc3987_arrow::normalize_with_errors(
            &iris,
            &rfc3987::normalize::Normalizer::new(rfc3987::normalize::Level::Syntax),
        )
        .unwrap();
        let e = first_failure("iri_normalize", Inputs::One(&iris), &checked.errors)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("iri_normalize: row 2 of the batch, \"http://a b\": "),
            "{e}"
        );
        assert!(e.contains("at byte 8"), "{e}");
        assert!(e.contains("ireg-name"), "{e}");
        assert!(
            e.ends_with("try_iri_normalize gives NULL for such rows"),
            "{e}"
        );
    }

    #[test]
    fn no_failed_row_is_no_error() {
        let iris = column(vec![Some("http://a/"), None]);
        let checked = rfc3987_arrow::lint_with_errors(&iris).unwrap();
        first_failure("iri_lint", Inputs::One(&iris), &checked.errors).unwrap();
    }

    #[test]
    fn long_and_odd_inputs_are_cut_and_escaped() {
        let long = format!("http://a/{}\u{202e}", "é".repeat(300));
        let iris = column(vec![Some(&long), Some("a\nb"), None]);
        let shown = quoted(&iris, 0);
        assert!(
            shown.ends_with(&format!("... ({} bytes)", long.len())),
            "{shown}"
        );
        assert_eq!(
            shown.chars().filter(|&c| c == 'é').count(),
            QUOTED_CHARS - 9
        );
        assert_eq!(quoted(&iris, 1), "\"a\\nb\"");
        assert_eq!(quoted(&iris, 2), "NULL");
    }
}
