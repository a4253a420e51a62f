//! DataFusion scalar functions for [`rfc3987`], built on the column
//! functions of [`rfc3987_arrow`]: validate, split, map, normalize,
//! resolve, compare and lint IRIs in SQL.
//!
//! [`register_all`] adds them to a [`SessionContext`]:
//!
//! | function | result |
//! | --- | --- |
//! | `iri_valid(iri [, rule])` | Boolean: matches the ABNF rule (default `IRI-reference`) |
//! | `iri_parse(iri)` | Struct of the components, as `iri parse --json` |
//! | `iri_scheme(iri)`, `iri_authority`, `iri_userinfo`, `iri_host`, `iri_port`, `iri_path`, `iri_query`, `iri_fragment` | one component, null when absent |
//! | `iri_to_uri(iri)`, `iri_to_iri(uri)` | the RFC 3987 section 3.1 / 3.2 mapping |
//! | `iri_normalize(iri [, level [, chars]])` | the normal form; level `simple`, `syntax` (default) or `scheme`; chars `none` (default), `nfc` or `nfkc` |
//! | `iri_resolve(base, reference)` | the target IRI; `base` a literal or a column |
//! | `iri_relativize(base, target)` | the shortest reference from a literal `base` to `target` |
//! | `iri_equivalent(a, b [, level])` | Boolean: equivalent on the rung (default `syntax`) |
//! | `iri_lint(iri)` | List of warning codes |
//! | `iri_error(iri)` | Struct `{offset, rule, message}` of why `iri` is not an `IRI-reference`, null when it is |
//!
//! Every function takes `Utf8`, `LargeUtf8` or `Utf8View` arguments; a
//! null or invalid input gives a null result (never an error for the
//! query: `iri_error` says why a row failed). Options (`rule`, `level`,
//! `chars`, `relativize`'s base) must be literals; an unknown value is a
//! plan-time or execution error that names the allowed values.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! use datafusion::arrow::array::AsArray;
//!
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let ctx = SessionContext::new();
//! rfc3987_datafusion::register_all(&ctx);
//! let batches = ctx
//!     .sql("SELECT iri_normalize('HTTP://Example.ORG:80/a/../b', 'scheme') AS n, \
//!                  iri_host('http://résumé.example.org/') AS h")
//!     .await?
//!     .collect()
//!     .await?;
//! assert_eq!(batches[0].column(0).as_string::<i32>().value(0), "http://example.org/b");
//! assert_eq!(batches[0].column(1).as_string::<i32>().value(0), "résumé.example.org");
//! # Ok::<(), datafusion::error::DataFusionError>(())
//! # }).unwrap();
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use datafusion::arrow::array::{new_null_array, Array, ArrayRef};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, DataFusionError, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature,
    Volatility,
};
use datafusion::prelude::SessionContext;
use rfc3987::grammar::{rules, Rule};
use rfc3987::mapping::ToIri;
use rfc3987::normalize::{Chars, Level, Normalizer};

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

/// One scalar function: its SQL name, what it does and its arguments.
#[derive(Debug, PartialEq, Eq, Hash)]
struct IriFunction {
    name: String,
    op: Op,
    signature: Signature,
}

impl IriFunction {
    /// `op` named `name`, taking any of `arities` string arguments.
    fn new(name: String, op: Op, arities: &[usize]) -> Self {
        let signature = Signature::one_of(
            arities.iter().map(|&n| TypeSignature::String(n)).collect(),
            Volatility::Immutable,
        );
        IriFunction {
            name,
            op,
            signature,
        }
    }
}

/// Every function of the crate, as [`ScalarUDF`]s (to register on
/// another registry than a [`SessionContext`]).
pub fn functions() -> Vec<ScalarUDF> {
    let mut all = vec![
        IriFunction::new("iri_valid".into(), Op::Valid, &[1, 2]),
        IriFunction::new("iri_parse".into(), Op::Parse, &[1]),
        IriFunction::new("iri_to_uri".into(), Op::ToUri, &[1]),
        IriFunction::new("iri_to_iri".into(), Op::ToIri, &[1]),
        IriFunction::new("iri_normalize".into(), Op::Normalize, &[1, 2, 3]),
        IriFunction::new("iri_resolve".into(), Op::Resolve, &[2]),
        IriFunction::new("iri_relativize".into(), Op::Relativize, &[2]),
        IriFunction::new("iri_equivalent".into(), Op::Equivalent, &[2, 3]),
        IriFunction::new("iri_lint".into(), Op::Lint, &[1]),
        IriFunction::new("iri_error".into(), Op::Error, &[1]),
    ];
    for (i, name) in rfc3987_arrow::COMPONENTS.iter().enumerate() {
        all.push(IriFunction::new(
            format!("iri_{name}"),
            Op::Component(i),
            &[1],
        ));
    }
    all.into_iter().map(ScalarUDF::new_from_impl).collect()
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
            Op::Parse => DataType::Struct(rfc3987_arrow::parse_fields(large)),
            Op::Error => DataType::Struct(rfc3987_arrow::error_fields()),
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
            Op::Parse => rfc3987_arrow::parse(&column(0)?)?,
            Op::Component(i) => {
                rfc3987_arrow::component(&column(0)?, rfc3987_arrow::COMPONENTS[i])?
            }
            Op::ToUri => rfc3987_arrow::to_uri(&column(0)?)?,
            Op::ToIri => rfc3987_arrow::to_iri(&column(0)?, &ToIri::new())?,
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
                rfc3987_arrow::normalize(&column(0)?, &normalizer)?
            }
            Op::Resolve => match &values[0] {
                // A literal base is parsed once; an invalid one is an error.
                ColumnarValue::Scalar(_) => match literal(name, "the base", &values[0])? {
                    Some(base) => rfc3987_arrow::resolve(&column(1)?, base)?,
                    None => return null(),
                },
                ColumnarValue::Array(bases) => rfc3987_arrow::resolve_columns(bases, &column(1)?)?,
            },
            Op::Relativize => match literal(name, "the base", &values[0])? {
                Some(base) => rfc3987_arrow::relativize(&column(1)?, base)?,
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
                rfc3987_arrow::equivalent(&column(0)?, &column(1)?, level)?
            }
            Op::Lint => rfc3987_arrow::lint(&column(0)?)?,
            Op::Error => rfc3987_arrow::parse_with_errors(&column(0)?)?.errors,
        };
        debug_assert_eq!(result.len(), rows);
        Ok(ColumnarValue::Array(result))
    }
}

/// The crate's README example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
