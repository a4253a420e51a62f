//! Column functions over Apache Arrow string arrays for [`rfc3987`]:
//! validate, parse, map, normalize, resolve, compare and lint Internationalized
//! Resource Identifiers a batch at a time.
//!
//! Every function takes a `&dyn Array` of strings (`Utf8`, `LargeUtf8` or
//! `Utf8View`; any other type is an [`ArrowError::InvalidArgumentError`]
//! naming the type) and returns a column of the same length:
//!
//! - a null input row gives a null output row;
//! - an input that fails (not an IRI reference, or an error of the
//!   operation) gives a null output row, and in the `*_with_errors` form a
//!   non-null row of the error column ([`error_fields`]: `offset` UInt64,
//!   the byte offset in the input; `rule` Utf8, the ABNF rule that rejected
//!   it when one did; `message` Utf8, the library error's `Display`);
//! - text results are `LargeUtf8` for a `LargeUtf8` input and `Utf8`
//!   otherwise.
//!
//! No row is dropped and no input makes a function panic. Output buffers
//! are sized once per batch from the input's length and text; rows are
//! written straight into them (a borrowed result, such as the URI of an
//! ASCII IRI, is copied once, into the column).
//!
//! **Threads.** A column of 8,192 rows or more is cut into chunks that run
//! on rayon's current pool, each chunk a zero-copy slice computed by the
//! same serial code, and the chunks' results are joined in row order
//! while later chunks are computed (a text result is copied once more,
//! into one column, beside the computation). The pool is the global one (one
//! thread per core, or `RAYON_NUM_THREADS`), or the caller's: run the call
//! inside [`rayon::ThreadPool::install`] to choose it, and in a pool of one
//! thread to stay on one core. No call spawns a thread. `cargo bench -p
//! rfc3987-arrow --bench scaling` times one thread against the pool.
//!
//! Verdicts and results are the library's: [`valid`] runs
//! [`rfc3987::check_all`], the others [`IriRef::parse`] and the typed
//! operations on it (or the library's `*_into` string functions, which
//! validate and write in one pass).
//!
//! ```
//! use std::sync::Arc;
//! use arrow_array::{Array, ArrayRef, BooleanArray, StringArray};
//! use arrow_array::cast::AsArray;
//! use rfc3987::grammar::rules::IRI_REFERENCE;
//! use rfc3987::normalize::{Level, Normalizer};
//!
//! let iris: ArrayRef = Arc::new(StringArray::from(vec![
//!     Some("HTTP://Example.ORG/a/../b"),
//!     Some("http://a b"),
//!     None,
//! ]));
//! let valid = rfc3987_arrow::valid(&iris, &IRI_REFERENCE)?;
//! assert_eq!(valid.as_boolean(), &BooleanArray::from(vec![Some(true), Some(false), None]));
//!
//! let normal = rfc3987_arrow::normalize(&iris, &Normalizer::new(Level::Syntax))?;
//! assert_eq!(normal.as_string::<i32>().value(0), "http://example.org/b");
//! assert!(normal.is_null(1) && normal.is_null(2));
//!
//! let checked = rfc3987_arrow::normalize_with_errors(&iris, &Normalizer::new(Level::Syntax))?;
//! let errors = checked.errors.as_struct();
//! assert!(errors.is_null(0) && errors.is_valid(1) && errors.is_null(2));
//! assert_eq!(errors.column(0).as_primitive::<arrow_array::types::UInt64Type>().value(1), 8);
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod chunks;
mod failure;
mod input;
mod output;
mod warnings;

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, ListBuilder, StringBuilder};
use arrow_array::{Array, ArrayRef, BooleanArray, StructArray};
use arrow_buffer::{BooleanBuffer, NullBufferBuilder};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use rfc3987::grammar::Rule;
use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::{Level, Normalizer};
use rfc3987::resolve::Base;
use rfc3987::{Iri, IriRef, ParseError, Splitter};

use crate::failure::RowError;
use crate::input::{same_length, Strings};
use crate::output::{ErrorColumn, TextBuilder};

/// A result column with its error column (see the crate docs for the
/// error column's fields).
#[derive(Clone, Debug)]
pub struct WithErrors {
    /// The results: null where the input was null or failed.
    pub values: ArrayRef,
    /// A `Struct` column of [`error_fields`]: null where the row did not
    /// fail.
    pub errors: ArrayRef,
}

/// The fields of the error column: `offset` (UInt64, not null), `rule`
/// (Utf8, null when the failure was not a grammar rule's), `message`
/// (Utf8, not null).
pub fn error_fields() -> Fields {
    ErrorColumn::fields()
}

/// The names of [`parse`]'s struct fields, in order: those of the CLI's
/// `iri parse --json` objects.
pub const COMPONENTS: [&str; 8] = rfc3987::Components::NAMES;

/// [`parse`]'s struct fields for a `large` (`LargeUtf8`) input or not:
/// every component nullable (null when absent) but `path`, which is always
/// a string when the row is valid.
pub fn parse_fields(large: bool) -> Fields {
    let text = TextBuilder::data_type(large);
    COMPONENTS
        .iter()
        .map(|name| Field::new(*name, text.clone(), *name != "path"))
        .collect()
}

/// The data type of a text result for an input of type `input`: the
/// result of [`to_uri`], [`to_iri`], [`normalize`], [`resolve`] and
/// [`relativize`] (for [`resolve_columns`], the references' type).
pub fn text_type(input: &DataType) -> DataType {
    TextBuilder::data_type(matches!(input, DataType::LargeUtf8))
}

/// The data type of [`lint`]'s result: `List<Utf8>`, items nullable.
pub fn lint_type() -> DataType {
    DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))
}

/// Runs `f` on each non-null row; `f` pushes exactly one value on success
/// and nothing on failure.
fn map_text<F>(
    input: Strings<'_>,
    errors: Option<&mut ErrorColumn>,
    mut f: F,
) -> Result<ArrayRef, ArrowError>
where
    F: FnMut(&str, &mut TextBuilder) -> Result<(), RowError>,
{
    let mut out = TextBuilder::new(input.is_large(), input.len(), input.text_bytes());
    let mut errors = errors;
    for i in 0..input.len() {
        let outcome = match input.get(i) {
            None => Ok(false),
            Some(text) => f(text, &mut out).map(|()| true),
        };
        record(&mut out, errors.as_deref_mut(), outcome);
    }
    out.finish()
}

/// Pushes the null of a null or failed row, and the row's error entry.
#[inline]
fn record(
    out: &mut TextBuilder,
    errors: Option<&mut ErrorColumn>,
    outcome: Result<bool, RowError>,
) {
    match outcome {
        Ok(pushed) => {
            if !pushed {
                out.push_null();
            }
            if let Some(errors) = errors {
                errors.push_none();
            }
        }
        Err(e) => {
            out.push_null();
            if let Some(errors) = errors {
                errors.push(&e);
            }
        }
    }
}

/// The URI column of `input` by the default mapping: the ASCII rows are
/// validated by the library's batch walk ([`rfc3987::check_all`]) and, a
/// valid ASCII reference being its own URI, copied once into the column;
/// the other rows are validated and mapped in one pass by
/// [`ToUri::convert_into`], into a reused buffer. Each row is walked once.
fn default_to_uri(
    input: Strings<'_>,
    errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let rows = input.len();
    let mut out = TextBuilder::new(input.is_large(), rows, input.text_bytes());
    let mut errors = errors;
    let ascii: Vec<bool> = (0..rows)
        .map(|i| input.get(i).is_some_and(str::is_ascii))
        .collect();
    let mut verdicts = rfc3987::check_all(
        &rfc3987::grammar::rules::IRI_REFERENCE,
        (0..rows).filter(|&i| ascii[i]).map(|i| input.text(i)),
    );
    let mapping = ToUri::new();
    let mut scratch = String::new();
    for (i, &is_ascii) in ascii.iter().enumerate() {
        let outcome = match input.get(i) {
            None => Ok(false),
            Some(text) if is_ascii => match verdicts.next() {
                Some(Ok(())) => {
                    out.push(text);
                    Ok(true)
                }
                Some(Err(e)) => Err(RowError::Check(e)),
                None => {
                    return Err(ArrowError::ComputeError(
                        "to_uri: the batch walk gave fewer verdicts than rows (a bug)".into(),
                    ))
                }
            },
            Some(text) => {
                scratch.clear();
                match mapping.convert_into(text, &mut scratch) {
                    Ok(()) => {
                        out.push(&scratch);
                        Ok(true)
                    }
                    Err(e) => Err(RowError::Mapping(e)),
                }
            }
        };
        record(&mut out, errors.as_deref_mut(), outcome);
    }
    out.finish()
}

/// [`map_text`] over two columns: a row is null when either side is.
fn map_text2<F>(
    a: Strings<'_>,
    b: Strings<'_>,
    errors: Option<&mut ErrorColumn>,
    mut f: F,
) -> Result<ArrayRef, ArrowError>
where
    F: FnMut(&str, &str, &mut TextBuilder) -> Result<(), RowError>,
{
    let rows = same_length(&a, &b)?;
    let mut out = TextBuilder::new(b.is_large(), rows, a.text_bytes().max(b.text_bytes()));
    let mut errors = errors;
    for i in 0..rows {
        let outcome = match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) => f(x, y, &mut out).map(|()| true),
            _ => Ok(false),
        };
        record(&mut out, errors.as_deref_mut(), outcome);
    }
    out.finish()
}

fn with_errors(
    rows: usize,
    run: impl FnOnce(&mut ErrorColumn) -> Result<ArrayRef, ArrowError>,
) -> Result<WithErrors, ArrowError> {
    let mut errors = ErrorColumn::new(rows);
    let values = run(&mut errors)?;
    Ok(WithErrors {
        values,
        errors: errors.finish()?,
    })
}

// ---------------------------------------------------------------- valid

fn valid_impl(
    array: &dyn Array,
    rule: &'static Rule,
    mut errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "valid")?;
    let rows = input.len();
    let mut verdicts = arrow_buffer::BooleanBufferBuilder::new(rows);
    // Null rows are walked too (their slot's text, usually empty) so that
    // the batch walk sees one stream; their verdicts are masked below.
    let texts = (0..rows).map(|i| input.text(i));
    for (i, verdict) in rfc3987::check_all(rule, texts).enumerate() {
        let null = array.is_null(i);
        verdicts.append(verdict.is_ok() && !null);
        if let Some(errors) = errors.as_deref_mut() {
            match verdict {
                Err(e) if !null => errors.push(&RowError::Check(e)),
                _ => errors.push_none(),
            }
        }
    }
    let values: BooleanBuffer = verdicts.finish();
    Ok(Arc::new(BooleanArray::new(values, array.logical_nulls())))
}

/// Whether each row matches the ABNF rule `rule` (for example
/// [`rfc3987::grammar::rules::IRI_REFERENCE`], or any rule
/// [`Rule::find`] names): a `Boolean` column, null where the input is
/// null. Runs the library's batch walk, [`rfc3987::check_all`].
pub fn valid(array: &dyn Array, rule: &'static Rule) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| valid_impl(a, rule, None))
}

/// [`valid`] with the error column (why each invalid row fails).
pub fn valid_with_errors(array: &dyn Array, rule: &'static Rule) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| valid_impl(a, rule, Some(e)))
    })
}

// ---------------------------------------------------------------- parse

/// The components of `text` by `splitter`'s rule, or as an
/// `IRI-reference` ([`IriRef::parse`]) without one.
fn split_row(splitter: Option<Splitter>, text: &str) -> Result<[Option<&str>; 8], ParseError> {
    let parts = match splitter {
        None => IriRef::parse(text)?.into_components(),
        Some(splitter) => splitter.split(text)?,
    };
    Ok(parts.to_array())
}

fn parse_impl(
    array: &dyn Array,
    splitter: Option<Splitter>,
    mut errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "parse")?;
    let rows = input.len();
    let large = input.is_large();
    let bytes = input.text_bytes();
    let mut columns: Vec<TextBuilder> = COMPONENTS
        .iter()
        .map(|name| {
            // The path is most of most IRIs; the others a fraction.
            let share = if *name == "path" { bytes } else { bytes / 4 };
            TextBuilder::new(large, rows, share)
        })
        .collect();
    let mut nulls = NullBufferBuilder::new(rows);
    for i in 0..rows {
        let parsed = match input.get(i) {
            None => None,
            Some(text) => match split_row(splitter, text) {
                Ok(parts) => Some(parts),
                Err(e) => {
                    if let Some(errors) = errors.as_deref_mut() {
                        errors.push(&RowError::Parse(e));
                    }
                    let filler = None;
                    push_components(&mut columns, filler);
                    nulls.append_null();
                    continue;
                }
            },
        };
        if let Some(errors) = errors.as_deref_mut() {
            errors.push_none();
        }
        match &parsed {
            Some(_) => nulls.append_non_null(),
            None => nulls.append_null(),
        }
        push_components(&mut columns, parsed);
    }
    let arrays = columns
        .into_iter()
        .map(TextBuilder::finish)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Arc::new(StructArray::try_new(
        parse_fields(large),
        arrays,
        nulls.finish(),
    )?))
}

/// Appends one row of components; a null row gets nulls, and an empty
/// path (its field is not nullable).
fn push_components(columns: &mut [TextBuilder], parsed: Option<[Option<&str>; 8]>) {
    let Some(parts) = parsed else {
        for (column, name) in columns.iter_mut().zip(COMPONENTS) {
            if name == "path" {
                column.push("");
            } else {
                column.push_null();
            }
        }
        return;
    };
    for (column, part) in columns.iter_mut().zip(parts) {
        match part {
            Some(text) => column.push(text),
            None => column.push_null(),
        }
    }
}

/// The components of each row, an `IRI-reference`: a `Struct` column of
/// [`parse_fields`], named as the CLI's `iri parse --json` fields and
/// null where that output has `null` (an absent component; `""` for a
/// delimiter with nothing after it). The struct row is null where the
/// input is null or not an `IRI-reference`.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use arrow_array::cast::AsArray;
///
/// let iris: ArrayRef = Arc::new(StringArray::from(vec!["http://[::1]:/p?", "a b"]));
/// let parsed = rfc3987_arrow::parse(&iris)?;
/// let parts = parsed.as_struct();
/// let field = |name: &str| parts.column_by_name(name).unwrap().as_string::<i32>().clone();
/// assert_eq!(field("host").value(0), "[::1]");
/// assert_eq!(field("port").value(0), "");
/// assert!(field("fragment").is_null(0));
/// assert!(parts.is_null(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn parse(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| parse_impl(a, None, None))
}

/// [`parse`] with the error column.
pub fn parse_with_errors(array: &dyn Array) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| parse_impl(a, None, Some(e)))
    })
}

/// The components of each row by `splitter`'s rule (a reference rule such
/// as `IRI` or `absolute-URI`, `ihier-part`, `iauthority`, or one
/// component's rule), as `iri parse --rule` splits them: [`parse`]'s
/// struct, whose `path` is `""` for a rule without a path
/// ([`Splitter::has_path`]); the row is null where the input is null or
/// does not match the rule.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use arrow_array::cast::AsArray;
/// use rfc3987::grammar::rules::IAUTHORITY;
/// use rfc3987::Splitter;
///
/// let authorities: ArrayRef = Arc::new(StringArray::from(vec!["user@host:80", "a b"]));
/// let parts = rfc3987_arrow::split(&authorities, Splitter::new(&IAUTHORITY).unwrap())?;
/// let parts = parts.as_struct();
/// assert_eq!(parts.column_by_name("port").unwrap().as_string::<i32>().value(0), "80");
/// assert!(parts.is_null(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn split(array: &dyn Array, splitter: Splitter) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| parse_impl(a, Some(splitter), None))
}

/// [`split`] with the error column.
pub fn split_with_errors(array: &dyn Array, splitter: Splitter) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| parse_impl(a, Some(splitter), Some(e)))
    })
}

/// One component of each row, an `IRI-reference`: `name` is one of
/// [`COMPONENTS`]; the column is [`parse`]'s field of that name, without
/// building the others (null where the component is absent, the input
/// null or not an `IRI-reference`).
pub fn component(array: &dyn Array, name: &str) -> Result<ArrayRef, ArrowError> {
    let Some(index) = COMPONENTS.iter().position(|c| *c == name) else {
        return Err(ArrowError::InvalidArgumentError(format!(
            "unknown component '{name}' (use one of {})",
            COMPONENTS.join(", ")
        )));
    };
    chunks::map(array, |a| component_impl(a, index))
}

fn component_impl(array: &dyn Array, index: usize) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "component")?;
    map_text(input, None, |text, out| {
        let r = IriRef::parse(text)?;
        let part = match index {
            0 => r.scheme(),
            1 => r.authority(),
            2 => r.userinfo(),
            3 => r.host(),
            4 => r.port(),
            5 => Some(r.path()),
            6 => r.query(),
            _ => r.fragment(),
        };
        match part {
            Some(text) => out.push(text),
            None => out.push_null(),
        }
        Ok(())
    })
}

// ---------------------------------------------------------------- mapping

/// `mapping` `None`: the default mapping; `nfc`: section 3.1 step 1 for
/// text ([`rfc3987::mapping::from_text`], NFC) before the mapping.
fn to_uri_impl(
    array: &dyn Array,
    mapping: Option<&ToUri<'_>>,
    nfc: bool,
    errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "to_uri")?;
    if mapping.is_none() && !nfc {
        return default_to_uri(input, errors);
    }
    let default = ToUri::new();
    let mapping = mapping.unwrap_or(&default);
    let mut scratch = String::new();
    map_text(input, errors, |text, out| {
        scratch.clear();
        let text = if nfc {
            rfc3987::mapping::from_text(text)
        } else {
            text.into()
        };
        mapping
            .convert_into(&text, &mut scratch)
            .map_err(RowError::Mapping)?;
        out.push(&scratch);
        Ok(())
    })
}

/// The URI reference of each row (RFC 3987 section 3.1, without IDNA):
/// non-ASCII characters percent-encoded as UTF-8. ASCII rows are validated
/// by the batch walk ([`rfc3987::check_all`]).
pub fn to_uri(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| to_uri_impl(a, None, false, None))
}

/// [`to_uri`] with the mapping's options ([`ToUri::idna`],
/// [`ToUri::lenient`], a scheme table), as `iri to-uri --idna` maps.
pub fn to_uri_with(array: &dyn Array, mapping: &ToUri<'_>) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| to_uri_impl(a, Some(mapping), false, None))
}

/// [`to_uri_with`] with the error column.
pub fn to_uri_with_errors(
    array: &dyn Array,
    mapping: &ToUri<'_>,
) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| to_uri_impl(a, Some(mapping), false, Some(e)))
    })
}

/// [`to_uri_with`] on text: each row normalized to NFC first (section 3.1
/// step 1 for an IRI taken from text, [`rfc3987::mapping::from_text`]), as
/// `iri to-uri --nfc` maps.
pub fn to_uri_from_text(array: &dyn Array, mapping: &ToUri<'_>) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| to_uri_impl(a, Some(mapping), true, None))
}

/// [`to_uri_from_text`] with the error column (offsets in the NFC text).
pub fn to_uri_from_text_with_errors(
    array: &dyn Array,
    mapping: &ToUri<'_>,
) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| to_uri_impl(a, Some(mapping), true, Some(e)))
    })
}

fn to_iri_impl(
    array: &dyn Array,
    conversion: &ToIri<'_>,
    errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "to_iri")?;
    // The string conversion, as `iri to-iri` runs it: it validates and
    // converts in one pass into a reused buffer. (The typed
    // `IriRef::to_iri_with` borrows an input without `%`, and so keeps a
    // raw bidi formatting character that this conversion encodes.)
    let mut scratch = String::new();
    map_text(input, errors, |text, out| {
        scratch.clear();
        conversion
            .convert_into(text, &mut scratch)
            .map_err(RowError::Mapping)?;
        out.push(&scratch);
        Ok(())
    })
}

/// The IRI reference of each row, a URI (or IRI) reference (RFC 3987
/// section 3.2, with `conversion`'s options; `&ToIri::new()` is `iri
/// to-iri`'s default).
pub fn to_iri(array: &dyn Array, conversion: &ToIri<'_>) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| to_iri_impl(a, conversion, None))
}

/// [`to_iri`] with the error column.
pub fn to_iri_with_errors(
    array: &dyn Array,
    conversion: &ToIri<'_>,
) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| to_iri_impl(a, conversion, Some(e)))
    })
}

// ---------------------------------------------------------------- normalize

fn normalize_impl(
    array: &dyn Array,
    normalizer: &Normalizer<'_>,
    errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "normalize")?;
    // One reused buffer: the library validates and writes in one pass.
    let mut scratch = String::new();
    map_text(input, errors, |text, out| {
        scratch.clear();
        normalizer
            .normalize_into(text, &mut scratch)
            .map_err(RowError::Normalize)?;
        out.push(&scratch);
        Ok(())
    })
}

/// The normal form of each row (RFC 3987 section 5.3) on `normalizer`'s
/// rung ([`Level`]), with its character normalization
/// ([`rfc3987::normalize::Chars`]: none, NFC or NFKC), scheme table and
/// host strictness, as `iri normalize` computes it.
pub fn normalize(array: &dyn Array, normalizer: &Normalizer<'_>) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| normalize_impl(a, normalizer, None))
}

/// [`normalize`] with the error column.
pub fn normalize_with_errors(
    array: &dyn Array,
    normalizer: &Normalizer<'_>,
) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| normalize_impl(a, normalizer, Some(e)))
    })
}

// ---------------------------------------------------------------- resolve

/// Parses the literal base, or says why it is not an IRI.
fn parse_base(base: &str) -> Result<Iri<&str>, ArrowError> {
    Iri::parse(base).map_err(|e| {
        ArrowError::InvalidArgumentError(format!(
            "the base {base:?} is not an IRI: error at byte {}: {e}",
            e.offset()
        ))
    })
}

fn resolve_impl<T: AsRef<str>>(
    array: &dyn Array,
    prepared: &Base<T>,
    errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "resolve")?;
    let mut scratch = String::new();
    map_text(input, errors, |text, out| {
        let r = IriRef::parse(text)?;
        scratch.clear();
        prepared.resolve_into(&r, &mut scratch);
        out.push(&scratch);
        Ok(())
    })
}

/// Each row, an `IRI-reference`, resolved against `base` (RFC 3986
/// section 5.2, strict parser), as `iri resolve BASE` does. A `base` that
/// is not an `IRI` is an [`ArrowError::InvalidArgumentError`].
pub fn resolve(array: &dyn Array, base: &str) -> Result<ArrayRef, ArrowError> {
    // The base's directory found once for the whole column.
    resolve_base(array, &Base::new(parse_base(base)?))
}

/// [`resolve`] with the error column.
pub fn resolve_with_errors(array: &dyn Array, base: &str) -> Result<WithErrors, ArrowError> {
    resolve_base_with_errors(array, &Base::new(parse_base(base)?))
}

/// Each row, an `IRI-reference`, resolved against a prepared base: as
/// [`resolve`], and [`Base::non_strict`] gives the non-strict resolution
/// of RFC 3986 section 5.2.2 (`iri resolve --non-strict`).
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{ArrayRef, StringArray};
/// use arrow_array::cast::AsArray;
/// use rfc3987::resolve::Base;
/// use rfc3987::Iri;
///
/// let refs: ArrayRef = Arc::new(StringArray::from(vec!["http:g"]));
/// let base = Base::new(Iri::parse("http://a/b/c/d;p?q").unwrap());
/// let strict = rfc3987_arrow::resolve_base(&refs, &base)?;
/// assert_eq!(strict.as_string::<i32>().value(0), "http:g");
/// let loose = rfc3987_arrow::resolve_base(&refs, &base.non_strict())?;
/// assert_eq!(loose.as_string::<i32>().value(0), "http://a/b/c/g");
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn resolve_base<T: AsRef<str> + Sync>(
    array: &dyn Array,
    base: &Base<T>,
) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| resolve_impl(a, base, None))
}

/// [`resolve_base`] with the error column.
pub fn resolve_base_with_errors<T: AsRef<str> + Sync>(
    array: &dyn Array,
    base: &Base<T>,
) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| resolve_impl(a, base, Some(e)))
    })
}

fn resolve_columns_impl(
    bases: &dyn Array,
    references: &dyn Array,
    errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let bases = Strings::new(bases, "resolve: bases")?;
    let references = Strings::new(references, "resolve: references")?;
    let mut scratch = String::new();
    // The last row's base, prepared: rows from one page or document share
    // their base, usually one after another, and then it is parsed and
    // its directory found once for the run (its text buffer reused when
    // the base changes).
    let mut last: Option<Base<String>> = None;
    map_text2(bases, references, errors, |base, reference, out| {
        let prepared = match last.take() {
            Some(prepared) if prepared.as_str() == base => prepared,
            other => {
                let mut text = other.map_or_else(String::new, |b| b.into_iri().into_inner());
                text.clear();
                text.push_str(base);
                Base::new(Iri::parse(text).map_err(|e| RowError::Side("base", e))?)
            }
        };
        let r = IriRef::parse(reference);
        let prepared = last.insert(prepared);
        scratch.clear();
        prepared.resolve_into(&r?, &mut scratch);
        out.push(&scratch);
        Ok(())
    })
}

/// Each row of `references` resolved against the same row of `bases`
/// (each an `IRI`). A row fails when its base is not an IRI (the error
/// message starts with `base: `, as the library's) or its reference not
/// an `IRI-reference`; the result's type follows `references`'. A base
/// equal to the row's before it is not parsed again (a
/// [`rfc3987::resolve::Base`] is kept for the run): sort or group rows by
/// base to get the most of it.
pub fn resolve_columns(bases: &dyn Array, references: &dyn Array) -> Result<ArrayRef, ArrowError> {
    chunks::map2(bases, references, |b, r| resolve_columns_impl(b, r, None))
}

/// [`resolve_columns`] with the error column.
pub fn resolve_columns_with_errors(
    bases: &dyn Array,
    references: &dyn Array,
) -> Result<WithErrors, ArrowError> {
    chunks::map2(bases, references, |b, r| {
        with_errors(r.len(), |e| resolve_columns_impl(b, r, Some(e)))
    })
}

fn relativize_impl(
    array: &dyn Array,
    base: &Iri<&str>,
    errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "relativize")?;
    map_text(input, errors, |text, out| {
        let target = Iri::parse(text)?;
        out.push(base.relativize(&target).as_str());
        Ok(())
    })
}

/// The shortest reference that resolves against `base` to each row, an
/// `IRI` (the inverse of [`resolve`]), as `iri relativize BASE` gives it.
pub fn relativize(array: &dyn Array, base: &str) -> Result<ArrayRef, ArrowError> {
    let base = parse_base(base)?;
    chunks::map(array, |a| relativize_impl(a, &base, None))
}

/// [`relativize`] with the error column.
pub fn relativize_with_errors(array: &dyn Array, base: &str) -> Result<WithErrors, ArrowError> {
    let base = parse_base(base)?;
    chunks::map(array, |a| {
        with_errors(a.len(), |e| relativize_impl(a, &base, Some(e)))
    })
}

// ---------------------------------------------------------------- equivalent

/// How two rows are compared: on a rung of the typed ladder, or by a
/// normalizer (with its options).
#[derive(Clone, Copy)]
enum Comparison<'a, 'n> {
    Level(Level),
    Normalizer(&'a Normalizer<'n>),
}

fn equivalent_impl(
    a: &dyn Array,
    b: &dyn Array,
    how: Comparison<'_, '_>,
    mut errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let a = Strings::new(a, "equivalent: first column")?;
    let b = Strings::new(b, "equivalent: second column")?;
    let rows = same_length(&a, &b)?;
    let mut out = BooleanBuilder::with_capacity(rows);
    for i in 0..rows {
        let verdict = match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) => match how {
                Comparison::Level(level) => compare(x, y, level).map(Some),
                Comparison::Normalizer(n) => {
                    n.equivalent(x, y).map(Some).map_err(RowError::Normalize)
                }
            },
            _ => Ok(None),
        };
        match verdict {
            Ok(v) => {
                out.append_option(v);
                if let Some(errors) = errors.as_deref_mut() {
                    errors.push_none();
                }
            }
            Err(e) => {
                out.append_null();
                if let Some(errors) = errors.as_deref_mut() {
                    errors.push(&e);
                }
            }
        }
    }
    Ok(Arc::new(out.finish()))
}

/// One row of [`equivalent`]: both sides parsed, then the typed comparison.
fn compare(a: &str, b: &str, level: Level) -> Result<bool, RowError> {
    let a = IriRef::parse(a).map_err(|e| RowError::Side("first input", e))?;
    let b = IriRef::parse(b).map_err(|e| RowError::Side("second input", e))?;
    Ok(a.equivalent(&b, level))
}

/// Whether each row of `a` and the same row of `b` are equivalent on
/// `level`'s rung of the comparison ladder (RFC 3987 section 5.3), as
/// `iri equiv --level` decides: a `Boolean` column, null where either
/// side is null or not an `IRI-reference`.
pub fn equivalent(a: &dyn Array, b: &dyn Array, level: Level) -> Result<ArrayRef, ArrowError> {
    let how = Comparison::Level(level);
    chunks::map2(a, b, |a, b| equivalent_impl(a, b, how, None))
}

/// [`equivalent`] with the error column (its message says which side
/// failed: `first input: ...` or `second input: ...`).
pub fn equivalent_with_errors(
    a: &dyn Array,
    b: &dyn Array,
    level: Level,
) -> Result<WithErrors, ArrowError> {
    let how = Comparison::Level(level);
    chunks::map2(a, b, |a, b| {
        with_errors(a.len(), |e| equivalent_impl(a, b, how, Some(e)))
    })
}

/// [`equivalent`] by `normalizer`'s rung and options
/// ([`Normalizer::equivalent`]: with [`Normalizer::strict_hosts`], a host
/// that is not a valid name fails the row), as `iri equiv --level LEVEL
/// --strict-hosts` decides.
pub fn equivalent_with(
    a: &dyn Array,
    b: &dyn Array,
    normalizer: &Normalizer<'_>,
) -> Result<ArrayRef, ArrowError> {
    let how = Comparison::Normalizer(normalizer);
    chunks::map2(a, b, |a, b| equivalent_impl(a, b, how, None))
}

/// [`equivalent_with`] with the error column (the message says which
/// side failed, as [`rfc3987::Error::In`] does).
pub fn equivalent_with_errors_by(
    a: &dyn Array,
    b: &dyn Array,
    normalizer: &Normalizer<'_>,
) -> Result<WithErrors, ArrowError> {
    let how = Comparison::Normalizer(normalizer);
    chunks::map2(a, b, |a, b| {
        with_errors(a.len(), |e| equivalent_impl(a, b, how, Some(e)))
    })
}

// ---------------------------------------------------------------- lint

fn lint_impl(
    array: &dyn Array,
    mut errors: Option<&mut ErrorColumn>,
) -> Result<ArrayRef, ArrowError> {
    let input = Strings::new(array, "lint")?;
    let rows = input.len();
    let mut out = ListBuilder::with_capacity(StringBuilder::new(), rows)
        .with_field(Arc::new(Field::new_list_field(DataType::Utf8, true)));
    for i in 0..rows {
        let Some(text) = input.get(i) else {
            out.append_null();
            if let Some(errors) = errors.as_deref_mut() {
                errors.push_none();
            }
            continue;
        };
        match IriRef::parse(text) {
            Ok(r) => {
                for warning in r.lint() {
                    let code = warning.code().as_str();
                    if !output::fits(out.values(), code.len()) {
                        return Err(ArrowError::ComputeError(format!(
                            "lint: the warning codes pass 2 GiB of text at row {i}; pass a smaller batch"
                        )));
                    }
                    out.values().append_value(code);
                }
                out.append(true);
                if let Some(errors) = errors.as_deref_mut() {
                    errors.push_none();
                }
            }
            Err(e) => {
                out.append_null();
                if let Some(errors) = errors.as_deref_mut() {
                    errors.push(&RowError::Parse(e));
                }
            }
        }
    }
    Ok(Arc::new(out.finish()))
}

/// The warning codes of each row ([`rfc3987::lint::Code::as_str`], in the
/// order `iri lint` reports them): a `List<Utf8>` column ([`lint_type`]),
/// empty when no warning fires, null where the input is null or not an
/// `IRI-reference`.
pub fn lint(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| lint_impl(a, None))
}

/// [`lint`] with the error column.
pub fn lint_with_errors(array: &dyn Array) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| with_errors(a.len(), |e| lint_impl(a, Some(e))))
}

/// The fields of a warning in [`lint_warnings`]' lists: `code` (Utf8,
/// [`rfc3987::lint::Code::as_str`]), `component` (Utf8, the component's
/// name as in [`COMPONENTS`]), `start` and `end` (UInt64, the byte range
/// in the row's text), `char_start` and `char_end` (UInt64, the same
/// range counted in characters, Unicode scalar values: the indices that
/// slice the row as a Python `str` or a Java code-point string), and
/// `message` (Utf8, [`rfc3987::lint::Warning::message`]).
pub fn warning_fields() -> Fields {
    warnings::fields()
}

/// The data type of [`lint_warnings`]' result: a list of structs of
/// [`warning_fields`].
pub fn lint_warnings_type() -> DataType {
    warnings::list_type()
}

/// The warnings of each row, whole (code, component, range, message), in
/// the order `iri lint --json` reports them: a list of structs
/// ([`lint_warnings_type`]), empty when no warning fires, null where the
/// input is null or not an `IRI-reference`.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use arrow_array::cast::AsArray;
/// use arrow_array::types::UInt64Type;
///
/// let iris: ArrayRef = Arc::new(StringArray::from(vec!["http://ex%41mple.org/"]));
/// let lists = rfc3987_arrow::lint_warnings(&iris)?;
/// let first = lists.as_list::<i32>().value(0);
/// let first = first.as_struct();
/// assert_eq!(first.column_by_name("component").unwrap().as_string::<i32>().value(0), "host");
/// assert_eq!(first.column_by_name("start").unwrap().as_primitive::<UInt64Type>().value(0), 9);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn lint_warnings(array: &dyn Array) -> Result<ArrayRef, ArrowError> {
    chunks::map(array, |a| warnings::lint(a, None))
}

/// [`lint_warnings`] with the error column.
pub fn lint_warnings_with_errors(array: &dyn Array) -> Result<WithErrors, ArrowError> {
    chunks::map(array, |a| {
        with_errors(a.len(), |e| warnings::lint(a, Some(e)))
    })
}

/// The crate's README example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
