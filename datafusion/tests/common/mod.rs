//! What the SQL test files share.

use datafusion::arrow::array::{Array, ArrayRef, AsArray};
use datafusion::arrow::datatypes::DataType;

/// Row `i` of a text column (Utf8, LargeUtf8 or Utf8View), `None` when null.
pub fn text(column: &ArrayRef, i: usize) -> Option<String> {
    column.is_valid(i).then(|| match column.data_type() {
        DataType::Utf8 => column.as_string::<i32>().value(i).to_owned(),
        DataType::LargeUtf8 => column.as_string::<i64>().value(i).to_owned(),
        DataType::Utf8View => column.as_string_view().value(i).to_owned(),
        other => panic!("not text: {other}"),
    })
}
