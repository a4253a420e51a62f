//! `iri resolve BASE [--non-strict] [--json] [INPUT...]`: the target IRI of
//! each input reference, resolved against BASE (RFC 3987 section 6.5, RFC
//! 3986 section 5.2), as [`rfc3987::resolve::resolve`] computes it.
//!
//! BASE is the first argument after the options; the inputs are the later
//! arguments or, when there are none, the lines of standard input (resolved
//! in batches on every core, see [`crate::pipeline::parallel`]). A BASE that is not
//! an `IRI` is a usage error (exit 2): there is no input to blame.
//! `--non-strict` takes section 5.2.2's backward-compatible reading, where
//! a reference's scheme equal to the base's is ignored (`http:g`).
//!
//! `iri relativize BASE [--json] [INPUT...]` is the inverse, as
//! [`rfc3987::resolve::relativize`] computes it (BASE parsed once, then
//! [`Iri::relativize`] for each input): the shortest reference that
//! resolves against BASE to each input IRI.

use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::resolve::Base;
use rfc3987::Iri;
use rfc3987::{Error, Input as Side, InputError};

use crate::args::{CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::Output;

/// The `resolve` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "resolve",
    summary: "resolve references against a base IRI (RFC 3986 section 5.2)",
    usage: "iri resolve BASE [--non-strict] [--json] [INPUT...]",
    options: &[OptionSpec {
        name: "non-strict",
        value: None,
        help: "ignore a reference's scheme when it equals BASE's\n\
               (RFC 3986 section 5.2.2, for backward compatibility:\n\
               http:g against http://a/b is http://a/g)",
    }],
    json: "{\"input\": \"...\", \"output\": \"...\"} per input",
    help,
};

/// The `relativize` subcommand.
pub const RELATIVIZE_SPEC: CommandSpec = CommandSpec {
    name: "relativize",
    summary: "the shortest reference from a base IRI to each IRI (inverse of resolve)",
    usage: "iri relativize BASE [--json] [INPUT...]",
    options: &[],
    json: "{\"input\": \"...\", \"output\": \"...\"} per input",
    help: relativize_help,
};

/// Takes BASE off the front of the inputs and parses it, once for every
/// input.
fn base(args: &mut Parsed) -> Result<Iri<String>, UsageError> {
    if args.inputs.is_empty() {
        return Err(UsageError::new("missing BASE"));
    }
    let base = args.inputs.remove(0);
    let Some(base) = base.to_str() else {
        return Err(UsageError::new("BASE is not valid UTF-8"));
    };
    Iri::parse(base.to_owned())
        .map_err(|e| UsageError::new(format!("BASE '{base}' is not an IRI: {e}")))
}

/// `resolve`'s options, typed: BASE is the first argument after the
/// options, and the inputs are the others.
pub struct Args {
    pub common: Common,
    pub base: Iri<String>,
    /// `--non-strict`.
    pub non_strict: bool,
}

impl Args {
    pub fn from_parsed(mut parsed: Parsed) -> Result<Self, UsageError> {
        let base = base(&mut parsed)?;
        Ok(Args {
            non_strict: parsed.flag("non-strict"),
            common: parsed.into_common(),
            base,
        })
    }
}

/// `relativize`'s options, typed, BASE as for `resolve`.
pub struct RelativizeArgs {
    pub common: Common,
    pub base: Iri<String>,
}

impl RelativizeArgs {
    pub fn from_parsed(mut parsed: Parsed) -> Result<Self, UsageError> {
        let base = base(&mut parsed)?;
        Ok(RelativizeArgs {
            common: parsed.into_common(),
            base,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    // Prepared once: each line is then one walk of the reference.
    let prepared = Base::new(args.base.as_deref());
    let prepared = if args.non_strict {
        prepared.non_strict()
    } else {
        prepared
    };
    crate::pipeline::parallel(
        args.common,
        crate::input::LineEnd::Newline,
        |bytes| resolve_bytes(&prepared, bytes),
        write,
    )
}

pub fn run_relativize(args: RelativizeArgs) -> ExitCode {
    let RelativizeArgs { common, base } = args;
    crate::pipeline::parallel(
        common,
        crate::input::LineEnd::Newline,
        |bytes| relativize_bytes(&base, bytes),
        write,
    )
}

/// The reference from `base` to one input IRI, or why there is none:
/// what [`rfc3987::resolve::relativize`] gives, without checking and
/// splitting the base again for every input.
fn relativize_bytes(base: &Iri<String>, bytes: &[u8]) -> Result<String, Error> {
    let Ok(target) = std::str::from_utf8(bytes) else {
        return Err(Error::In {
            input: Side::Target,
            error: InputError::Syntax(
                rfc3987::check_bytes(&rules::IRI, bytes)
                    .expect_err("the recognizers reject ill-formed UTF-8"),
            ),
        });
    };
    match Iri::parse(target) {
        Ok(target) => Ok(base.relativize(&target).into_inner()),
        Err(e) => Err(Error::In {
            input: Side::Target,
            error: InputError::Syntax(*e.error()),
        }),
    }
}

/// The target of one input, or why there is none.
fn resolve_bytes(base: &Base<&str>, bytes: &[u8]) -> Result<String, Error> {
    let Ok(reference) = std::str::from_utf8(bytes) else {
        return Err(Error::In {
            input: Side::Reference,
            error: InputError::Syntax(
                rfc3987::check_bytes(&rules::IRI_REFERENCE, bytes)
                    .expect_err("the recognizers reject ill-formed UTF-8"),
            ),
        });
    };
    base.resolve_str(reference)
}

fn write(input: Input<'_>, result: Result<String, Error>, output: &mut Output<'_>) -> Outcome {
    crate::output::write_conversion(input, result.map_err(|e| (e.offset(), e)), output)
}

fn help() -> String {
    help::page(
        "iri resolve: resolve references against a base IRI (RFC 3986 section 5.2)\n\
         \n\
         usage: iri resolve BASE [--non-strict] [--json] [INPUT...]\n\
         \n\
         Prints the target IRI of each INPUT reference, or when none is given\n\
         of each line of standard input (split on \\n only), resolved against\n\
         BASE, which must be an IRI (its fragment is ignored). Each input must\n\
         be an IRI-reference. Non-ASCII characters resolve like unreserved\n\
         ones (RFC 3987 section 6.5).\n\
         \n\
         ",
        &SPEC,
        &(help::conversion_output("the target IRI")
            + "\
         A target with no authority whose path would start with // (a:/..//g)\n\
         is written with /.// so that it does not read as an authority.\n\
         \n\
         Exit status: 0 when every input was resolved, 1 when at least one\n\
         was not, 2 for a usage error (including a missing or invalid BASE).\n"),
    )
}

fn relativize_help() -> String {
    help::page(
        "iri relativize: the shortest reference from a base IRI to each IRI\n\
         \n\
         usage: iri relativize BASE [--json] [INPUT...]\n\
         \n\
         Prints, for each INPUT IRI, or when none is given for each line of\n\
         standard input (split on \\n only), the shortest reference that\n\
         `iri resolve BASE` turns back into it: the inverse of resolve. BASE\n\
         must be an IRI, and so must each input. A target whose path has dot\n\
         segments that no reference can reach is printed as it is.\n\
         \n\
         ",
        &RELATIVIZE_SPEC,
        "\
         Output: as for iri resolve.\n\
         \n\
         Exit status: 0 when every input was relativized, 1 when at least one\n\
         was not, 2 for a usage error (including a missing or invalid BASE).\n",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;

    fn parsed(args: &[&str]) -> Parsed {
        args::parsed_for_test(SPEC.options, args)
    }

    #[test]
    fn base_is_the_first_input_and_must_be_an_iri() {
        let mut args = parsed(&["http://a/b", "c", "d"]);
        assert_eq!(base(&mut args).unwrap(), "http://a/b");
        assert_eq!(args.inputs, ["c", "d"]);
        let message = base(&mut parsed(&[])).unwrap_err().to_string();
        assert_eq!(message, "missing BASE");
        let message = base(&mut parsed(&["b/c"])).unwrap_err().to_string();
        assert!(
            message.starts_with("BASE 'b/c' is not an IRI: "),
            "{message}"
        );
    }

    #[test]
    fn strict_and_not() {
        let base = Base::new(rfc3987::Iri::parse("http://a/b").unwrap());
        assert_eq!(resolve_bytes(&base, b"http:g").unwrap(), "http:g");
        assert_eq!(
            resolve_bytes(&base.non_strict(), b"http:g").unwrap(),
            "http://a/g"
        );
        let error = resolve_bytes(&base, b"\xC3").unwrap_err();
        assert_eq!(error.offset(), 0);
        let error = resolve_bytes(&base, b"g h").unwrap_err();
        assert_eq!(error.offset(), 1);
    }
}
