//! `iri normalize [--level syntax|scheme] [--nfc|--nfkc] [--json] [INPUT...]`:
//! the normal form of each input on a rung of RFC 3987's comparison ladder
//! (section 5.3), as [`rfc3987::normalize`] computes it.
//!
//! The default rung is `syntax` (section 5.3.2: case, percent-encoding, dot
//! segments); `scheme` adds section 5.3.3 (default ports, empty paths, IDN
//! hosts). Character normalization is off unless `--nfc` (or `--nfkc`) asks
//! for it, since section 5.3.2.2 forbids applying it when comparing.
//!
//! Lines of stdin are normalized in batches on every core
//! ([`crate::pipeline::parallel`]); output stays in input order.

use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::normalize::{Chars, Level, Normalizer};

use crate::args::{level_option, CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::Output;

/// The `normalize` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "normalize",
    summary: "normalize IRI references (RFC 3987 section 5.3)",
    usage:
        "iri normalize [--level syntax|scheme] [--strict-hosts] [--nfc|--nfkc] [--json] [INPUT...]",
    options: &[
        OptionSpec {
            name: "level",
            value: Some("LEVEL"),
            help: "syntax: section 5.3.2 (default): scheme and US-ASCII host\n\
                   \x20 to lowercase, percent-encoding hex to uppercase,\n\
                   \x20 iunreserved characters decoded (not iprivate nor\n\
                   \x20 bidi formatting characters), dot segments removed\n\
                   scheme: section 5.3.3 on top: empty and default ports\n\
                   \x20 removed, empty path under an authority made \"/\",\n\
                   \x20 file://localhost/ made file:///, hosts of http,\n\
                   \x20 https, ws, wss, ftp and file validated and mapped\n\
                   \x20 as internationalized domain names (UTS 46), kept\n\
                   \x20 in Unicode (xn-- labels decoded); a host that\n\
                   \x20 UTS 46 rejects is kept as the syntax rung has it",
        },
        OptionSpec {
            name: "nfc",
            value: None,
            help: "also apply Unicode NFC (off by default: section\n\
                   5.3.2.2 forbids it when comparing)",
        },
        OptionSpec {
            name: "nfkc",
            value: None,
            help: "apply NFKC instead, for creating IRIs",
        },
        OptionSpec {
            name: "strict-hosts",
            value: None,
            help: "on the scheme rung, a host that fails the domain-name\n\
                   check of to-uri --idna (UTS 46 with DNS lengths, such\n\
                   as my_host.example) is an error instead, for the same\n\
                   reason in the same words",
        },
    ],
    json: "{\"input\": \"...\", \"output\": \"...\"} per input",
    help,
};

fn normalizer(args: &Parsed) -> Result<Normalizer<'static>, UsageError> {
    let level = level_option(
        args,
        &[("syntax", Level::Syntax), ("scheme", Level::Scheme)],
        Level::Syntax,
    )?;
    let chars = match (args.flag("nfc"), args.flag("nfkc")) {
        (true, true) => return Err(UsageError::new("--nfc and --nfkc exclude each other")),
        (true, false) => Chars::Nfc,
        (false, true) => Chars::Nfkc,
        (false, false) => Chars::AsIs,
    };
    Ok(Normalizer::new(level)
        .chars(chars)
        .strict_hosts(args.flag("strict-hosts")))
}

/// `normalize`'s options, typed.
pub struct Args {
    pub common: Common,
    pub normalizer: Normalizer<'static>,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let normalizer = normalizer(&parsed)?;
        Ok(Args {
            common: parsed.into_common(),
            normalizer,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let Args { common, normalizer } = args;
    crate::pipeline::parallel(
        common,
        crate::input::LineEnd::Newline,
        |bytes| normalize(&normalizer, bytes),
        write,
    )
}

/// The normal form of one input, or why there is none (bytes that are not
/// UTF-8 are rejected where the malformation starts).
fn normalize(normalizer: &Normalizer<'_>, bytes: &[u8]) -> Result<String, rfc3987::Error> {
    match std::str::from_utf8(bytes) {
        Ok(text) => normalizer.normalize(text),
        Err(_) => Err(rfc3987::Error::Syntax(
            rfc3987::check_bytes(&rules::IRI_REFERENCE, bytes)
                .expect_err("the recognizers reject ill-formed UTF-8"),
        )),
    }
}

fn write(
    input: Input<'_>,
    result: Result<String, rfc3987::Error>,
    output: &mut Output<'_>,
) -> Outcome {
    crate::output::write_conversion(input, result.map_err(|e| (e.offset(), e)), output)
}

fn help() -> String {
    help::page(
        "iri normalize: normalize IRI references (RFC 3987 section 5.3)\n\
         \n\
         usage: iri normalize [--level syntax|scheme] [--strict-hosts] [--nfc|--nfkc]\n\
         \x20                     [--json] [INPUT...]\n\
         \n\
         Prints the normal form of each INPUT, or when none is given of each\n\
         line of standard input (split on \\n only), one line per input.\n\
         Each input must be an IRI-reference.\n\
         \n\
         ",
        &SPEC,
        &(help::conversion_output("the normal form")
            + "\
         Protocol-based normalization (section 5.3.4) needs the network and\n\
         is not done. Standard input is normalized in batches on every core;\n\
         the output keeps the input order.\n\
         \n\
         Exit status: 0 when every input was normalized, 1 when at least one\n\
         was not, 2 for a usage error.\n"),
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
    fn options_choose_the_normalizer() {
        let n = normalizer(&parsed(&[])).unwrap();
        assert_eq!(n.level(), Level::Syntax);
        let n = normalizer(&parsed(&["--level=scheme", "--nfc"])).unwrap();
        assert_eq!(n.normalize("HTTP://A:80/e\u{301}").unwrap(), "http://a/é");
        let error = normalizer(&parsed(&["--level", "simple"])).err().unwrap();
        assert_eq!(
            error.to_string(),
            "unknown level 'simple'; the levels are: syntax, scheme"
        );
        assert!(normalizer(&parsed(&["--nfc", "--nfkc"])).is_err());
    }

    #[test]
    fn invalid_utf8_is_an_error_where_it_starts() {
        let n = Normalizer::new(Level::Syntax);
        let error = normalize(&n, b"http://a/\xFF").unwrap_err();
        assert_eq!(error.offset(), 9);
    }
}
