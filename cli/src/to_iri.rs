//! `iri to-iri [--idna] [--decode-lookalikes] [--json] [INPUT...]`: each
//! input URI reference (any IRI reference is accepted) converted to an IRI
//! reference (RFC 3987 section 3.2), as [`rfc3987::mapping::ToIri`]
//! computes it.
//!
//! `--idna` converts `xn--` labels of the hosts of domain-name schemes with
//! ToUnicode where the result is a valid, appropriate label;
//! `--decode-lookalikes` turns off the section 6.1 policy that keeps
//! look-alike characters encoded.
//!
//! Lines of stdin are converted in batches on every core
//! ([`crate::pipeline::parallel`]); output stays in input order.

use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::mapping::ToIri;

use crate::args::{CommandSpec, Common, OptionSpec, Parsed};
use crate::help;

/// The `to-iri` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "to-iri",
    summary: "convert URI references to IRI references (RFC 3987 section 3.2)",
    usage: "iri to-iri [--idna] [--decode-lookalikes] [--json] [INPUT...]",
    options: &[
        OptionSpec {
            name: "idna",
            value: None,
            help: "convert xn-- labels of http, https, ws, wss,\n\
                   ftp and file hosts with IDNA ToUnicode when the\n\
                   result is a valid, appropriate label of one\n\
                   script (UTS 39 Highly Restrictive) that maps\n\
                   back exactly: xn--99zt52a becomes \u{7d0d}\u{8c46},\n\
                   xn--pypal-4ve (p\u{430}ypal, a Cyrillic \u{430}) stays,\n\
                   as does a whole-script look-alike of a Latin\n\
                   name beside a Latin label: xn--80ak6aa92e.com\n\
                   (\u{430}\u{440}\u{440}\u{4cf}\u{435}.com, all Cyrillic)",
        },
        OptionSpec {
            name: "decode-lookalikes",
            value: None,
            help: "decode the section 6.1 look-alikes too (bidi\n\
                   formatting characters stay encoded)",
        },
    ],
    json: "{\"input\": \"...\", \"output\": \"...\"} per input",
    help,
};

fn conversion(args: &Parsed) -> ToIri<'static> {
    ToIri::new()
        .idna(args.flag("idna"))
        .keep_lookalikes(!args.flag("decode-lookalikes"))
}

/// `to-iri`'s options, typed (no value of theirs can be wrong).
pub struct Args {
    pub common: Common,
    pub conversion: ToIri<'static>,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Self {
        Args {
            conversion: conversion(&parsed),
            common: parsed.into_common(),
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let Args { common, conversion } = args;
    crate::pipeline::parallel(
        common,
        crate::input::LineEnd::Newline,
        |bytes| convert(&conversion, bytes),
        crate::output::write_conversion,
    )
}

/// The IRI of one input, or the byte offset and message of its error.
fn convert(conversion: &ToIri<'_>, bytes: &[u8]) -> Result<String, (usize, String)> {
    let text = std::str::from_utf8(bytes).map_err(|_| {
        let e = rfc3987::check_bytes(&rules::IRI_REFERENCE, bytes)
            .expect_err("the recognizers reject ill-formed UTF-8");
        (e.offset(), e.to_string())
    })?;
    conversion
        .convert(text)
        .map_err(|e| (e.offset(), e.to_string()))
}

fn help() -> String {
    help::page(
        "iri to-iri: convert URI references to IRI references (RFC 3987 section 3.2)\n\
         \n\
         usage: iri to-iri [--idna] [--decode-lookalikes] [--json] [INPUT...]\n\
         \n\
         Prints the IRI of each INPUT, or when none is given of each line of\n\
         standard input (split on \\n only), one line per input. Each input\n\
         must be an IRI-reference (a URI reference usually). A run of %HH is\n\
         decoded where it is the UTF-8 of a character appropriate in its\n\
         component: http://www.example.org/D%C3%BCrst becomes\n\
         http://www.example.org/D\u{fc}rst. What stays encoded, with uppercase hex:\n\
         %25, reserved characters (%2F, %3F, ...), ASCII characters that URIs\n\
         exclude (%20, ...), octets that are not UTF-8 (%FC, %C0%AF), bidi\n\
         formatting characters (%E2%80%AE), private-use characters outside the\n\
         query, and the look-alikes of section 6.1 (characters that NFKC\n\
         changes, such as full-width letters, but not the Thai, Lao and\n\
         Armenian letters it decomposes, as in น้ำ; white space; invisible\n\
         format characters such as U+200B, and the joiners U+200C and U+200D\n\
         where they join nothing (not in Persian می‌خواهم, Devanagari क्‍ष,\n\
         or an emoji sequence); marks, variation selectors among them, right\n\
         after a delimiter; a host label that would read as another name:\n\
         p%D0%B0ypal, of two scripts, or a Cyrillic look-alike of a Latin\n\
         name beside a Latin label, %D0%B0%D1%80%D1%80%D3%8F%D0%B5.com, which\n\
         would show as \u{430}\u{440}\u{440}\u{4cf}\u{435}.com; under .\u{440}\u{444} it is shown). Other encodings\n\
         than UTF-8 are never guessed.\n\
         \n\
         ",
        &SPEC,
        &(help::conversion_output("the IRI")
            + "\
         'iri to-uri' maps the result back to the input, except for the case\n\
         of hex digits and for percent-encoded unreserved characters.\n\
         \n\
         Exit status: 0 when every input was converted, 1 when at least one\n\
         was not, 2 for a usage error.\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;

    fn converted(args: &[&str], input: &[u8]) -> Result<String, (usize, String)> {
        let parsed = args::parsed_for_test(SPEC.options, args);
        convert(&conversion(&parsed), input)
    }

    #[test]
    fn options_choose_the_conversion() {
        let uri = b"http://xn--99zt52a.example.org/%EF%BC%A1%e2%80%ae";
        assert_eq!(
            converted(&[], uri).unwrap(),
            "http://xn--99zt52a.example.org/%EF%BC%A1%E2%80%AE"
        );
        assert_eq!(
            converted(&["--idna", "--decode-lookalikes"], uri).unwrap(),
            "http://\u{7d0d}\u{8c46}.example.org/\u{ff21}%E2%80%AE"
        );
    }

    #[test]
    fn invalid_input_is_an_error_where_it_starts() {
        assert_eq!(converted(&[], b"http://a/\xFF").unwrap_err().0, 9);
        assert_eq!(converted(&[], b"http://a/%4").unwrap_err().0, 11);
    }
}
