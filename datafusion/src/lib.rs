#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod strict;

use std::sync::Arc;

use datafusion::arrow::array::{make_array, new_null_array, Array, ArrayRef, AsArray, StructArray};
use datafusion::arrow::buffer::NullBuffer;
use datafusion::arrow::datatypes::{DataType, Fields};
use datafusion::common::{exec_err, DataFusionError, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature,
    Volatility,
};
use datafusion::prelude::SessionContext;
use rfc3987::grammar::{rules, Rule};
use rfc3987::mapping::{ToIri, ToUri};
use rfc3987::normalize::{Chars, Level, Normalizer};

use crate::strict::{Inputs, Strictness};

/// What a function computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    Valid,
    Parse,
    /// One component, by its index in [`rfc3987_arrow::COMPONENTS`].
    Component(usize),
    ToUri,
    ToIri,
    Normalize,
    Resolve,
    Relativize,
    Equivalent,
    Lint,
    Error,
}

impl Op {
    /// Whether a row can fail: such a function has a strict form and a
    /// `try_` form. `iri_valid` and `iri_error` answer for every row.
    fn can_fail(self) -> bool {
        !matches!(self, Op::Valid | Op::Error)
    }
}

/// One scalar function: its SQL name, what it does, whether a failed
/// row is an error or a NULL, and its arguments.
#[derive(Debug, PartialEq, Eq, Hash)]
struct IriFunction {
    name: String,
    op: Op,
    strictness: Strictness,
    signature: Signature,
}

impl IriFunction {
    /// `op` named `name`, taking any of `arities` string arguments.
    fn new(name: String, op: Op, strictness: Strictness, arities: &[usize]) -> Self {
        let signature = Signature::one_of(
            arities.iter().map(|&n| TypeSignature::String(n)).collect(),
            Volatility::Immutable,
        );
        IriFunction {
            name,
            op,
            strictness,
            signature,
        }
    }
}

/// Every function of the crate, as [`ScalarUDF`]s (to register on
/// another registry than a [`SessionContext`]): for each function whose
/// rows can fail, the strict form (`iri_to_uri`) and the `try_` form
/// (`try_iri_to_uri`).
pub fn functions() -> Vec<ScalarUDF> {
    let mut base: Vec<(String, Op, &[usize])> = vec![
        ("iri_valid".into(), Op::Valid, &[1, 2][..]),
        ("iri_parse".into(), Op::Parse, &[1][..]),
        ("iri_to_uri".into(), Op::ToUri, &[1][..]),
        ("iri_to_iri".into(), Op::ToIri, &[1][..]),
        ("iri_normalize".into(), Op::Normalize, &[1, 2, 3][..]),
        ("iri_resolve".into(), Op::Resolve, &[2][..]),
        ("iri_relativize".into(), Op::Relativize, &[2][..]),
        ("iri_equivalent".into(), Op::Equivalent, &[2, 3][..]),
        ("iri_lint".into(), Op::Lint, &[1][..]),
        ("iri_error".into(), Op::Error, &[1][..]),
    ];
    for (i, name) in rfc3987_arrow::COMPONENTS.iter().enumerate() {
        base.push((format!("iri_{name}"), Op::Component(i), &[1][..]));
    }
    let mut all = Vec::new();
    for (name, op, arities) in base {
        if op.can_fail() {
            all.push(IriFunction::new(
                format!("try_{name}"),
                op,
                Strictness::Try,
                arities,
            ));
        }
        all.push(IriFunction::new(name, op, Strictness::Strict, arities));
    }
    all.into_iter().map(ScalarUDF::new_from_impl).collect()
}

/// The SQL names of [`functions`], in the same order.
pub fn function_names() -> Vec<String> {
    functions().iter().map(|f| f.name().to_owned()).collect()
}

/// Registers every function (see the crate docs) on `ctx`.
pub fn register_all(ctx: &SessionContext) {
    for f in functions() {
        ctx.register_udf(f);
    }
}

/// A literal argument's text: `None` for a SQL `NULL`, an error for a
/// column or a non-string.
fn literal<'a>(function: &str, what: &str, arg: &'a ColumnarValue) -> Result<Option<&'a str>> {
    match arg {
        ColumnarValue::Scalar(value) => match value.try_as_str() {
            Some(text) => Ok(text),
            None => exec_err!(
                "{function}: {what} must be a string, found {}",
                value.data_type()
            ),
        },
        ColumnarValue::Array(_) => exec_err!("{function}: {what} must be a literal, not a column"),
    }
}

fn rule_named(function: &str, name: &str) -> Result<&'static Rule> {
    Rule::find(name).ok_or_else(|| {
        DataFusionError::Execution(format!(
            "{function}: unknown ABNF rule '{name}' (did you mean {}?)",
            Rule::suggest(name).join(", ")
        ))
    })
}

fn level_named(function: &str, name: &str) -> Result<Level> {
    match name.to_ascii_lowercase().as_str() {
        "simple" => Ok(Level::Simple),
        "syntax" => Ok(Level::Syntax),
        "scheme" => Ok(Level::Scheme),
        _ => exec_err!("{function}: unknown level '{name}' (use simple, syntax or scheme)"),
    }
}

fn chars_named(function: &str, name: &str) -> Result<Chars> {
    match name.to_ascii_lowercase().as_str() {
        "none" | "" => Ok(Chars::AsIs),
        "nfc" => Ok(Chars::Nfc),
        "nfkc" => Ok(Chars::Nfkc),
        _ => exec_err!(
            "{function}: unknown character normalization '{name}' (use none, nfc or nfkc)"
        ),
    }
}

impl ScalarUDFImpl for IriFunction {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        let input = arg_types.first().unwrap_or(&DataType::Utf8);
        let large = matches!(input, DataType::LargeUtf8);
        Ok(match self.op {
            Op::Valid | Op::Equivalent => DataType::Boolean,
            Op::Parse => DataType::Struct(nullable(rfc3987_arrow::parse_fields(large))),
            Op::Error => DataType::Struct(nullable(rfc3987_arrow::error_fields())),
            Op::Lint => rfc3987_arrow::lint_type(),
            // The result follows the reference's (the target's) type.
            Op::Resolve | Op::Relativize => {
                rfc3987_arrow::text_type(arg_types.get(1).unwrap_or(input))
            }
            Op::Component(_) | Op::ToUri | Op::ToIri | Op::Normalize => {
                rfc3987_arrow::text_type(input)
            }
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let rows = args.number_rows;
        let name = self.name.as_str();
        let values = &args.args;
        // The main argument(s) as columns (a literal repeated).
        let column = |i: usize| -> Result<ArrayRef> { values[i].to_array(rows) };
        let null = || -> Result<ColumnarValue> {
            Ok(ColumnarValue::Array(new_null_array(
                args.return_type(),
                rows,
            )))
        };
        // Runs the plain column function (`try_` form) or the one with
        // the error column, whose first failed row is then the error
        // (strict form).
        let strict = self.strictness;
        let result = match self.op {
            Op::Valid => {
                let rule = match values.get(1) {
                    None => &rules::IRI_REFERENCE,
                    Some(arg) => match literal(name, "the rule", arg)? {
                        Some(rule) => rule_named(name, rule)?,
                        None => return null(),
                    },
                };
                rfc3987_arrow::valid(&column(0)?, rule)?
            }
            Op::Parse => {
                let iris = column(0)?;
                strict.run(
                    name,
                    Inputs::One(&iris),
                    || rfc3987_arrow::parse(&iris),
                    || rfc3987_arrow::parse_with_errors(&iris),
                )?
            }
            Op::Component(i) => {
                let iris = column(0)?;
                let component = rfc3987_arrow::COMPONENTS[i];
                // The strict form checks the rows first (the batch walk),
                // with `iri_parse`'s verdict and messages.
                if strict == Strictness::Strict {
                    let checked = rfc3987_arrow::valid_with_errors(&iris, &rules::IRI_REFERENCE)?;
                    strict::first_failure(name, Inputs::One(&iris), &checked.errors)?;
                }
                rfc3987_arrow::component(&iris, component)?
            }
            Op::ToUri => {
                let iris = column(0)?;
                strict.run(
                    name,
                    Inputs::One(&iris),
                    || rfc3987_arrow::to_uri(&iris),
                    || rfc3987_arrow::to_uri_with_errors(&iris, &ToUri::new()),
                )?
            }
            Op::ToIri => {
                let uris = column(0)?;
                let conversion = ToIri::new();
                strict.run(
                    name,
                    Inputs::One(&uris),
                    || rfc3987_arrow::to_iri(&uris, &conversion),
                    || rfc3987_arrow::to_iri_with_errors(&uris, &conversion),
                )?
            }
            Op::Normalize => {
                let mut normalizer = Normalizer::new(Level::Syntax);
                if let Some(arg) = values.get(1) {
                    match literal(name, "the level", arg)? {
                        Some(level) => normalizer = Normalizer::new(level_named(name, level)?),
                        None => return null(),
                    }
                }
                if let Some(arg) = values.get(2) {
                    match literal(name, "the character normalization", arg)? {
                        Some(chars) => normalizer = normalizer.chars(chars_named(name, chars)?),
                        None => return null(),
                    }
                }
                let iris = column(0)?;
                strict.run(
                    name,
                    Inputs::One(&iris),
                    || rfc3987_arrow::normalize(&iris, &normalizer),
                    || rfc3987_arrow::normalize_with_errors(&iris, &normalizer),
                )?
            }
            Op::Resolve => {
                let references = column(1)?;
                match &values[0] {
                    // A literal base is parsed once; an invalid one is an
                    // error of the query in both forms.
                    ColumnarValue::Scalar(_) => match literal(name, "the base", &values[0])? {
                        Some(base) => strict.run(
                            name,
                            Inputs::One(&references),
                            || rfc3987_arrow::resolve(&references, base),
                            || rfc3987_arrow::resolve_with_errors(&references, base),
                        )?,
                        None => return null(),
                    },
                    ColumnarValue::Array(bases) => strict.run(
                        name,
                        Inputs::Two(("base", bases), ("reference", &references)),
                        || rfc3987_arrow::resolve_columns(bases, &references),
                        || rfc3987_arrow::resolve_columns_with_errors(bases, &references),
                    )?,
                }
            }
            Op::Relativize => match literal(name, "the base", &values[0])? {
                Some(base) => {
                    let targets = column(1)?;
                    strict.run(
                        name,
                        Inputs::One(&targets),
                        || rfc3987_arrow::relativize(&targets, base),
                        || rfc3987_arrow::relativize_with_errors(&targets, base),
                    )?
                }
                None => return null(),
            },
            Op::Equivalent => {
                let level = match values.get(2) {
                    None => Level::Syntax,
                    Some(arg) => match literal(name, "the level", arg)? {
                        Some(level) => level_named(name, level)?,
                        None => return null(),
                    },
                };
                let (a, b) = (column(0)?, column(1)?);
                strict.run(
                    name,
                    Inputs::Two(("first input", &a), ("second input", &b)),
                    || rfc3987_arrow::equivalent(&a, &b, level),
                    || rfc3987_arrow::equivalent_with_errors(&a, &b, level),
                )?
            }
            Op::Lint => {
                let iris = column(0)?;
                strict.run(
                    name,
                    Inputs::One(&iris),
                    || rfc3987_arrow::lint(&iris),
                    || rfc3987_arrow::lint_with_errors(&iris),
                )?
            }
            Op::Error => rfc3987_arrow::parse_with_errors(&column(0)?)?.errors,
        };
        debug_assert_eq!(result.len(), rows);
        let result = match self.op {
            Op::Parse | Op::Error => nulls_into_fields(&result)?,
            _ => result,
        };
        Ok(ColumnarValue::Array(result))
    }
}

/// `fields`, each nullable: a field of a NULL struct row is NULL.
fn nullable(fields: Fields) -> Fields {
    fields
        .iter()
        .map(|f| f.as_ref().clone().with_nullable(true))
        .collect()
}

/// The struct column `array` with its row nulls copied into each field,
/// so that `s['field']` and `get_field` give NULL for a NULL row (as
/// Spark's field access does) rather than the filler the field holds.
fn nulls_into_fields(array: &ArrayRef) -> Result<ArrayRef> {
    let parts = array.as_struct();
    let rows = parts.nulls();
    let columns = parts
        .columns()
        .iter()
        .map(|column| match rows {
            None => Ok(Arc::clone(column)),
            Some(rows) => {
                let nulls = NullBuffer::union(Some(rows), column.nulls());
                let data = column.to_data().into_builder().nulls(nulls).build()?;
                Ok(make_array(data))
            }
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Arc::new(StructArray::try_new(
        nullable(parts.fields().clone()),
        columns,
        rows.cloned(),
    )?))
}
