//! `iri check [--rule R] [--json] [INPUT...]`: validates each input against
//! one ABNF rule of the grammar (default `IRI-reference`).
//!
//! The contract makes `check` the one subcommand that is silent on success:
//! plain mode prints nothing for a valid input, so `iri check "$x"` is a
//! test for scripts (`if iri check "$x"; then ...`), and for an invalid one
//! the usual failure, an empty line on stdout and `line N: error at byte
//! OFFSET: MESSAGE` on stderr. `--json` prints one object for every input:
//! `{"input": ..., "valid": true}` or `{"input": ..., "valid": false,
//! "error": {"offset": ..., "message": ...}}`.
//!
//! Any rule the grammar files define can be named, case-insensitively
//! (RFC 5234 section 2.1: rule names are case-insensitive), so that every
//! part of the grammar can be tested on its own: `--rule ihost`,
//! `--rule ipv6address`.

use std::borrow::Cow;
use std::process::ExitCode;

use rfc3987::grammar::{rules, Rule};
use serde::Serialize;

use crate::args::{rule_option, CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help::{self, push_rule_names};
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};
use crate::pipeline;

/// The `check` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "check",
    summary: "validate inputs against an ABNF rule (default IRI-reference)",
    usage: "iri check [--rule R] [--json] [INPUT...]",
    options: &[OptionSpec {
        name: "rule",
        value: Some("R"),
        help: "the ABNF rule to match, any rule of the grammar\n\
               files, case-insensitive (default: IRI-reference)",
    }],
    json: "one JSON object per input (see below)",
    help,
};

/// `check`'s options, typed.
pub struct Args {
    pub common: Common,
    /// `--rule`: the rule to match.
    pub rule: &'static Rule,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let rule = rule_option(&parsed, &rules::IRI_REFERENCE)?;
        Ok(Args {
            common: parsed.into_common(),
            rule,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    pipeline::batched(
        args.common,
        crate::input::LineEnd::Newline,
        CheckAll(args.rule),
        write,
    )
}

/// `check`'s work: a batch's lines through `rfc3987::check_batch_bytes`,
/// whose interleaved walks beat one `check_bytes` after another.
struct CheckAll(&'static Rule);

impl pipeline::Work<Result<(), rfc3987::CheckError>> for CheckAll {
    fn one(&self, bytes: &[u8]) -> Result<(), rfc3987::CheckError> {
        rfc3987::check_bytes(self.0, bytes)
    }

    fn run(&self, lines: &[&[u8]]) -> Vec<Result<(), rfc3987::CheckError>> {
        rfc3987::check_batch_bytes(self.0, lines)
    }
}

/// `--json` for a valid input.
#[derive(Serialize)]
struct Valid<'a> {
    input: Cow<'a, str>,
    valid: bool,
}

/// Writes one input's verdict.
fn write(
    input: Input<'_>,
    verdict: Result<(), rfc3987::CheckError>,
    output: &mut Output<'_>,
) -> Outcome {
    match verdict {
        Ok(()) => {
            if output.mode() == Mode::Json {
                output.json(&Valid {
                    input: input.text(),
                    valid: true,
                });
            }
            Outcome::Succeeded
        }
        Err(error) => match output.mode() {
            Mode::Plain => {
                output.plain_error_bare(&input, error.offset(), &error.message());
                Outcome::Failed
            }
            Mode::Json => output.fail(&input, Some(false), error.offset(), &error),
        },
    }
}

fn help() -> String {
    let mut help = help::page(
        "iri check: validate inputs against an ABNF rule of RFC 3987 / RFC 3986\n\
         \n\
         usage: iri check [--rule R] [--json] [INPUT...]\n\
         \n\
         Checks each INPUT, or when none is given each line of standard input\n\
         (split on \\n only: a \\r before it is part of the input).\n\
         \n\
         ",
        &SPEC,
        "\
         Output:\n\
         \x20 plain (default)  nothing for a valid input; for an invalid one an\n\
         \x20                  empty line on stdout and, on stderr,\n\
         \x20                  line N: error at byte OFFSET: MESSAGE\n\
         \x20                  where N is the line number (or the position among\n\
         \x20                  the input arguments) and OFFSET the byte offset of\n\
         \x20                  the first rejected character (the input's length\n\
         \x20                  when it ended too early)\n\
         \x20 --json           {\"input\": \"...\", \"valid\": true}\n\
         \x20                  {\"input\": \"...\", \"valid\": false,\n\
         \x20                   \"error\": {\"offset\": N, \"message\": \"...\"}}\n\
         \n\
         Input that is not valid UTF-8 is invalid, with the offset of the first\n\
         malformed byte; in JSON, \"input\" shows it with each malformed sequence\n\
         replaced by U+FFFD (the offset still counts the original bytes).\n\
         \n\
         Exit status: 0 when every input is valid, 1 when at least one is not,\n\
         2 for a usage error (unknown option or rule, missing value).\n\
         \n\
         Rules:\n",
    );
    push_rule_names(&mut help, Rule::all());
    help
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;

    fn parsed(args: &[&str]) -> Parsed {
        args::parsed_for_test(SPEC.options, args)
    }

    /// A batch's lines through `check_batch_bytes` give each line's own
    /// verdict, error and all, whatever the line (valid, invalid, not
    /// UTF-8, empty, long).
    #[test]
    fn batches_judge_as_one_line_at_a_time() {
        use pipeline::Work;
        let long = format!("http://h/{}", "a%20\u{e9}/".repeat(100));
        let lines: Vec<&[u8]> = vec![
            b"http://a/b?c#d",
            b"http://a b",
            b"",
            b"\xFF\xFE",
            b"rel/path",
            b"http://[::1",
            long.as_bytes(),
            b"x:\"quoted\"",
        ];
        for rule in [&rules::IRI_REFERENCE, &rules::IRI, &rules::IHOST] {
            let work = CheckAll(rule);
            let cycled: Vec<&[u8]> = lines.iter().copied().cycle().take(70).collect();
            let batched = work.run(&cycled);
            let single: Vec<_> = lines
                .iter()
                .cycle()
                .take(70)
                .map(|line| work.one(line))
                .collect();
            assert_eq!(batched, single, "{}", rule.name());
        }
    }

    #[test]
    fn rule_option_defaults_and_ignores_case() {
        let default = rule_option(&parsed(&[]), &rules::IRI_REFERENCE).unwrap();
        assert_eq!(default.name(), "IRI-reference");
        let named = rule_option(&parsed(&["--rule=ipV6ADDRESS"]), &rules::IRI).unwrap();
        assert_eq!(named.name(), "IPv6address");
    }

    #[test]
    fn unknown_rules_suggest_or_point_to_the_help() {
        let error = rule_option(&parsed(&["--rule", "iri-refrence"]), &rules::IRI);
        let message = error.err().unwrap().to_string();
        assert!(message.starts_with("unknown rule 'iri-refrence'; did you mean "));
        assert!(message.contains("IRI-reference"), "{message}");

        let error = rule_option(&parsed(&["--rule="]), &rules::IRI)
            .err()
            .unwrap();
        assert!(
            error.to_string().starts_with("unknown rule ''; "),
            "{error}"
        );
    }

    #[test]
    fn help_lists_every_rule() {
        let help = help();
        for rule in Rule::all() {
            assert!(
                help.split_whitespace().any(|word| word == rule.name()),
                "{} missing",
                rule.name()
            );
        }
        assert!(help.lines().all(|line| line.len() <= 80), "{help}");
    }
}
