//! `iri equiv [--level simple|syntax|scheme] [--json] [INPUT...]`: whether
//! the two IRI references of each input, `A<TAB>B`, are equivalent on a
//! rung of RFC 3987's comparison ladder (section 5.3), as
//! [`rfc3987::normalize::equiv`] decides.
//!
//! `simple` compares code points (section 5.3.1); `syntax` (the default,
//! as for `iri normalize`) and `scheme` compare normal forms (sections
//! 5.3.2 and 5.3.3). Plain mode prints `true` or `false`; `--json` prints
//! `{"input": ["A", "B"], "equivalent": BOOL}`. Not being equivalent is an
//! answer, not a failure: only an input without a tab, or whose A or B is
//! not an `IRI-reference` (or, on the scheme rung, has an invalid
//! internationalized host), fails. Its offset counts bytes from the start
//! of the line, so an error in B is past A and the tab.

use std::fmt;
use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::normalize::{Level, Normalizer};
use rfc3987::Input as Side;
use serde::Serialize;

use crate::args::{level_option, CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};

/// The `equiv` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "equiv",
    summary: "are IRI pairs A<TAB>B equivalent? (RFC 3987 section 5.3)",
    usage: "iri equiv [--level simple|syntax|scheme] [--strict-hosts] [--json] [INPUT...]",
    options: &[
        OptionSpec {
            name: "level",
            value: Some("LEVEL"),
            help: "simple: section 5.3.1: the same code points\n\
                   syntax: section 5.3.2 (default): the same syntax-based\n\
                   \x20 normal form (case, percent-encoding, dot segments)\n\
                   scheme: section 5.3.3: the same scheme-based normal form\n\
                   \x20 (ports, empty paths, IDN hosts too); a host that\n\
                   \x20 UTS 46 rejects is compared as the syntax rung has it",
        },
        OptionSpec {
            name: "strict-hosts",
            value: None,
            help: "on the scheme rung, such a host is an error instead",
        },
    ],
    json: "{\"input\": [\"A\", \"B\"], \"equivalent\": true} per input",
    help,
};

/// Why one input could not be compared.
#[derive(Debug)]
enum Failure {
    /// No tab in the line.
    NoTab,
    /// A or B is invalid.
    Side(rfc3987::Error),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NoTab => f.write_str("expected two IRI references separated by a tab"),
            Failure::Side(error) => error.fmt(f),
        }
    }
}

/// `equiv`'s options, typed.
pub struct Args {
    pub common: Common,
    pub normalizer: Normalizer<'static>,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let level = level_option(
            &parsed,
            &[
                ("simple", Level::Simple),
                ("syntax", Level::Syntax),
                ("scheme", Level::Scheme),
            ],
            Level::Syntax,
        )?;
        let normalizer = Normalizer::new(level).strict_hosts(parsed.flag("strict-hosts"));
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
        |bytes| compare(&normalizer, bytes),
        write,
    )
}

/// The verdict for one `A<TAB>B` line, or the failure with its offset in
/// the line.
fn compare(normalizer: &Normalizer<'_>, bytes: &[u8]) -> Result<bool, (usize, Failure)> {
    let Some(tab) = bytes.iter().position(|&b| b == b'\t') else {
        return Err((bytes.len(), Failure::NoTab));
    };
    let sides = [&bytes[..tab], &bytes[tab + 1..]];
    let starts = [0, tab + 1];
    let mut texts = [""; 2];
    for (which, side) in sides.into_iter().enumerate() {
        match std::str::from_utf8(side) {
            Ok(text) => texts[which] = text,
            Err(_) => {
                let error = rfc3987::check_bytes(&rules::IRI_REFERENCE, side)
                    .expect_err("the recognizers reject ill-formed UTF-8");
                let error = rfc3987::Error::In {
                    input: [Side::First, Side::Second][which],
                    error: rfc3987::InputError::Syntax(error),
                };
                return Err((starts[which] + error.offset(), Failure::Side(error)));
            }
        }
    }
    normalizer.equivalent(texts[0], texts[1]).map_err(|error| {
        let which = usize::from(error.input() == Some(Side::Second));
        (starts[which] + error.offset(), Failure::Side(error))
    })
}

fn write(
    input: Input<'_>,
    result: Result<bool, (usize, Failure)>,
    output: &mut Output<'_>,
) -> Outcome {
    // "input" is the line split at its first tab, on success and on
    // failure alike (one element when there is no tab).
    match (result, output.mode()) {
        (Ok(equivalent), Mode::Plain) => output.line(if equivalent { "true" } else { "false" }),
        (Ok(equivalent), Mode::Json) => output.json(&Compared {
            input: sides(&input.text()),
            equivalent,
        }),
        (Err((offset, failure)), Mode::Plain) => {
            return output.fail(&input, None, offset, &failure)
        }
        (Err((offset, failure)), Mode::Json) => {
            return output.fail_with(&input, sides(&input.text()), None, offset, &failure)
        }
    }
    Outcome::Succeeded
}

/// `--json` for a line that could be compared.
#[derive(Serialize)]
struct Compared<'a> {
    input: Vec<&'a str>,
    equivalent: bool,
}

/// The line's two sides, `[A, B]`, or `[line]` when it has no tab.
fn sides(text: &str) -> Vec<&str> {
    match text.split_once('\t') {
        Some((a, b)) => vec![a, b],
        None => vec![text],
    }
}

fn help() -> String {
    help::page(
        "iri equiv: compare IRI pairs on the comparison ladder (RFC 3987 section 5.3)\n\
         \n\
         usage: iri equiv [--level simple|syntax|scheme] [--strict-hosts] [--json]\n\
         \x20                [INPUT...]\n\
         \n\
         Each INPUT, or when none is given each line of standard input (split\n\
         on \\n only), is two IRI references separated by a tab: A<TAB>B.\n\
         Prints whether A and B are equivalent on the chosen rung.\n\
         \n\
         ",
        &SPEC,
        "\
         Output:\n\
         \x20 plain (default)  true or false; for an input that cannot be\n\
         \x20                  compared an empty line and, on stderr,\n\
         \x20                  line N: error at byte OFFSET: MESSAGE\n\
         \x20                  (OFFSET counts from the start of the line)\n\
         \x20 --json           {\"input\": [\"A\", \"B\"], \"equivalent\": BOOL}\n\
         \x20                  {\"input\": [\"A\", \"B\"], \"error\": {\"offset\": N,\n\
         \x20                   \"message\": \"...\"}}\n\
         \n\
         Character normalization (NFC) is never applied when comparing\n\
         (section 5.3.2.2); use 'iri normalize --nfc' on both first if needed.\n\
         \n\
         Exit status: 0 when every input could be compared (equivalent or\n\
         not), 1 when at least one could not, 2 for a usage error.\n",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_and_offsets() {
        assert!(compare(&Normalizer::new(Level::Syntax), b"http://a/%7e\thttp://a/~").unwrap());
        assert!(!compare(&Normalizer::new(Level::Simple), b"http://a/%7e\thttp://a/~").unwrap());
        assert!(compare(&Normalizer::new(Level::Scheme), b"http://a\thttp://a:80/").unwrap());
        let (offset, failure) = compare(&Normalizer::new(Level::Syntax), b"http://a").unwrap_err();
        assert_eq!(offset, 8);
        assert!(matches!(failure, Failure::NoTab));
        // An error in B counts A and the tab.
        let (offset, failure) = compare(&Normalizer::new(Level::Syntax), b"a\tb c").unwrap_err();
        assert_eq!(offset, 3);
        assert!(
            failure.to_string().starts_with("second input: "),
            "{failure}"
        );
        let (offset, _) = compare(&Normalizer::new(Level::Syntax), b"a \tb").unwrap_err();
        assert_eq!(offset, 1);
        let (offset, _) = compare(&Normalizer::new(Level::Syntax), b"a\tb\xFF").unwrap_err();
        assert_eq!(offset, 3);
    }
}
