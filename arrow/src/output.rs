//! Output columns, sized once per batch: text (with a clear error instead
//! of the builder's panic when 32-bit offsets would overflow), and the
//! error column `{offset, rule, message}`.

use core::fmt::Write as _;
use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, GenericStringBuilder, LargeStringBuilder, StringBuilder, UInt64Builder,
};
use arrow_array::{ArrayRef, OffsetSizeTrait, StructArray};
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{ArrowError, DataType, Field, Fields};

use crate::failure::RowError;

/// A `Utf8` or `LargeUtf8` column being built.
pub struct TextBuilder {
    inner: Text,
    /// Set when a `Utf8` column would pass 2 GiB of text; reported by
    /// [`TextBuilder::finish`].
    overflow: Option<usize>,
}

enum Text {
    Utf8(StringBuilder),
    Large(LargeStringBuilder),
}

impl TextBuilder {
    /// Room for `rows` rows and `bytes` bytes of text.
    pub(crate) fn new(large: bool, rows: usize, bytes: usize) -> Self {
        let inner = if large {
            Text::Large(LargeStringBuilder::with_capacity(rows, bytes))
        } else {
            Text::Utf8(StringBuilder::with_capacity(
                rows,
                bytes.min(i32::MAX as usize),
            ))
        };
        TextBuilder {
            inner,
            overflow: None,
        }
    }

    /// Appends `value` as the next row.
    #[inline]
    pub fn push(&mut self, value: &str) {
        match &mut self.inner {
            Text::Utf8(b) => {
                if b.values_slice().len() + value.len() > i32::MAX as usize {
                    self.overflow.get_or_insert(b.len());
                    b.append_null();
                } else {
                    b.append_value(value);
                }
            }
            Text::Large(b) => b.append_value(value),
        }
    }

    /// Appends a null row.
    #[inline]
    pub(crate) fn push_null(&mut self) {
        match &mut self.inner {
            Text::Utf8(b) => b.append_null(),
            Text::Large(b) => b.append_null(),
        }
    }

    pub(crate) fn data_type(large: bool) -> DataType {
        if large {
            DataType::LargeUtf8
        } else {
            DataType::Utf8
        }
    }

    /// The column, or an error if it outgrew 32-bit offsets.
    pub(crate) fn finish(self) -> Result<ArrayRef, ArrowError> {
        if let Some(row) = self.overflow {
            return Err(ArrowError::ComputeError(format!(
                "the result column passes 2 GiB of text at row {row}, more than Utf8 \
                 offsets address; pass a LargeUtf8 column or a smaller batch"
            )));
        }
        Ok(match self.inner {
            Text::Utf8(mut b) => Arc::new(b.finish()),
            Text::Large(mut b) => Arc::new(b.finish()),
        })
    }
}

/// The error column: for each row, null when it succeeded (or was null),
/// else `{offset, rule, message}`.
pub(crate) struct ErrorColumn {
    offset: UInt64Builder,
    rule: StringBuilder,
    message: StringBuilder,
    nulls: NullBufferBuilder,
}

impl ErrorColumn {
    pub(crate) fn new(rows: usize) -> Self {
        ErrorColumn {
            offset: UInt64Builder::with_capacity(rows),
            rule: StringBuilder::with_capacity(rows, 0),
            message: StringBuilder::with_capacity(rows, 0),
            nulls: NullBufferBuilder::new(rows),
        }
    }

    /// A row without error.
    #[inline]
    pub(crate) fn push_none(&mut self) {
        self.offset.append_value(0);
        self.rule.append_null();
        self.message.append_value("");
        self.nulls.append_null();
    }

    /// A failed row: the message is written straight into the column.
    pub(crate) fn push(&mut self, error: &RowError) {
        self.offset.append_value(error.offset() as u64);
        self.rule.append_option(error.rule());
        // Writing to a string builder cannot fail; the value ends with
        // the empty append.
        let _ = write!(self.message, "{error}");
        self.message.append_value("");
        self.nulls.append_non_null();
    }

    /// The fields of the error struct.
    pub(crate) fn fields() -> Fields {
        Fields::from(vec![
            Field::new("offset", DataType::UInt64, false),
            Field::new("rule", DataType::Utf8, true),
            Field::new("message", DataType::Utf8, false),
        ])
    }

    pub(crate) fn finish(mut self) -> Result<ArrayRef, ArrowError> {
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.offset.finish()),
            Arc::new(self.rule.finish()),
            Arc::new(self.message.finish()),
        ];
        Ok(Arc::new(StructArray::try_new(
            Self::fields(),
            columns,
            self.nulls.finish(),
        )?))
    }
}

/// Room check for a list of codes (`List<Utf8>`): the codes' text stays
/// far below 2 GiB in any real batch, but a builder must never panic.
pub(crate) fn fits<O: OffsetSizeTrait>(b: &GenericStringBuilder<O>, more: usize) -> bool {
    O::from_usize(b.values_slice().len() + more).is_some()
}
