//! `iri entry [--json] [INPUT...]`: each input cleaned as a typed or
//! pasted IRI (RFC 3987 section 7.2, RFC 3986 Appendix C), as
//! [`rfc3987::entry::clean`] does it.
//!
//! Plain mode prints the cleaned IRI reference; `--json` prints
//! `{"input": ..., "output": ..., "changes": [{"kind", "start", "end",
//! "before", "after"}, ...]}`, each change with its byte range in the
//! input. An input that cannot become an IRI reference is an error at the
//! first character that could not be converted.

use std::process::ExitCode;

use rfc3987::entry::{clean, Change};
use rfc3987::grammar::rules;
use serde::Serialize;

use crate::args::{CommandSpec, Common};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};
use crate::pipeline;

/// The `entry` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "entry",
    summary: "clean typed or pasted IRIs, listing each change (RFC 3987 section 7.2)",
    usage: "iri entry [--json] [INPUT...]",
    options: &[],
    json: "{\"input\": \"...\", \"output\": \"...\", \"changes\": [...]}\n\
          with one {\"kind\", \"start\", \"end\", \"before\", \"after\"}\n\
          per change (kind: trimmed, unwrapped, label, stray-space,\n\
          line-break, width, nfc, percent-encoded, label-separator;\n\
          start and end: bytes of the input, before: its text there)",
    help,
};

/// Runs over the inputs of `common` (no options of its own).
pub fn run(common: Common) -> ExitCode {
    // Cleaning is the formatting's work: both run on the pool.
    pipeline::parallel(
        common,
        crate::input::LineEnd::Newline,
        |_: &[u8]| (),
        |input, (), output| entry(input, output),
    )
}

/// Cleans one input and writes its result.
fn entry(input: Input<'_>, output: &mut Output<'_>) -> Outcome {
    let text = match std::str::from_utf8(input.bytes) {
        Ok(text) => text,
        Err(_) => {
            let error = rfc3987::check_bytes(&rules::IRI_REFERENCE, input.bytes)
                .expect_err("the recognizers reject ill-formed UTF-8");
            return output.fail(&input, None, error.offset(), &error);
        }
    };
    match clean(text) {
        Ok(cleaned) => {
            match output.mode() {
                Mode::Plain => output.line(cleaned.iri().as_str()),
                Mode::Json => output.json(&Cleaned {
                    input: text,
                    output: cleaned.iri().as_str(),
                    changes: cleaned.changes().iter().map(ChangeJson::of).collect(),
                }),
            }
            Outcome::Succeeded
        }
        Err(error) => output.fail(&input, None, error.offset(), &error),
    }
}

/// `--json` for a cleaned input.
#[derive(Serialize)]
struct Cleaned<'a> {
    input: &'a str,
    output: &'a str,
    changes: Vec<ChangeJson<'a>>,
}

/// One change, its range in bytes of the input.
#[derive(Serialize)]
struct ChangeJson<'a> {
    kind: &'a str,
    start: usize,
    end: usize,
    before: &'a str,
    after: &'a str,
}

impl<'a> ChangeJson<'a> {
    fn of(change: &'a Change) -> Self {
        ChangeJson {
            kind: change.kind.name(),
            start: change.range.start,
            end: change.range.end,
            before: &change.before,
            after: &change.after,
        }
    }
}

fn help() -> String {
    help::page(
        "iri entry: clean typed or pasted IRIs, listing each change (RFC 3987\n\
         section 7.2)\n\
         \n\
         usage: iri entry [--json] [INPUT...]\n\
         \n\
         Prints each INPUT, or when none is given each line of standard input,\n\
         cleaned into an IRI reference, one line per input. In order:\n\
         \x20 1. white space, bidi marks (LRM, RLM) and invisible format\n\
         \x20    characters around it, and wrappers, go: <...>, \"...\", '...'\n\
         \x20    and Markdown's *...*, _..._, `...` around an IRI with a scheme,\n\
         \x20    URL: before one (URL:https://a/),\n\
         \x20    a label or a list marker before one (Link: https://a/,\n\
         \x20    \u{2022} https://a/, 1. https://a/, > https://a/; a non-ASCII\n\
         \x20    mark needs no space: \u{203b}https://a/), and half a wrapper where\n\
         \x20    an IRI cannot hold it: an opening quote or bracket before one\n\
         \x20    (\u{300c}https://a/, (https://a/), a > or \" at its end that nothing in\n\
         \x20    it opens (https://a/>); a valid IRI is not changed (https://a/b)\n\
         \x20    keeps its ')')\n\
         \x20 2. a line break inside (CR, LF, VT, FF, U+0085, U+2028, U+2029),\n\
         \x20    with the white space around it, goes, and so do the invisible\n\
         \x20    marks of where a line may break (U+00AD SOFT HYPHEN, U+200B\n\
         \x20    ZERO WIDTH SPACE, U+2060, U+FEFF); white space and invisible\n\
         \x20    characters in the scheme, right after scheme: or //, and next\n\
         \x20    to a delimiter of the authority go (https://example. com/);\n\
         \x20    between two characters of a name there it is an error\n\
         \x20 3. full-width ASCII becomes ASCII, half-width Katakana full-width\n\
         \x20 4. the text is normalized to NFC\n\
         \x20 5. what the grammar does not allow is percent-encoded (spaces,\n\
         \x20    controls, <>\"{}|\\^`, a lone %, bidi formatting characters, ...),\n\
         \x20    and so are white space the grammar allows (U+00A0, U+202F, ...)\n\
         \x20    and other invisible format characters (not the joiners)\n\
         \x20 6. the result must be an IRI-reference\n\
         A character that a scheme cannot hold before the first ':' cannot be\n\
         converted: that input is an error at its byte. No scheme is added:\n\
         www.example.com stays a relative reference (a path).\n\
         \n\
         ",
        &SPEC,
        "\
         Output:\n\
         \x20 plain (default)  the IRI reference; for a failure an empty line and,\n\
         \x20                  on stderr, line N: error at byte OFFSET: MESSAGE\n\
         \x20 --json           as above, or {\"input\": \"...\", \"error\":\n\
         \x20                  {\"offset\": N, \"message\": \"...\"}}\n\
         \n\
         Exit status: 0 when every input was cleaned, 1 when at least one was\n\
         not, 2 for a usage error.\n",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_one(text: &[u8], mode: Mode) -> (String, String, Outcome) {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut output = Output::new(mode, &mut stdout, &mut stderr);
        let outcome = entry(
            Input {
                number: 1,
                bytes: text,
            },
            &mut output,
        );
        output.finish().unwrap();
        (
            String::from_utf8(stdout).unwrap(),
            String::from_utf8(stderr).unwrap(),
            outcome,
        )
    }

    #[test]
    fn plain_and_json() {
        assert_eq!(
            run_one(b"<http://a/b c>", Mode::Plain),
            ("http://a/b%20c\n".into(), String::new(), Outcome::Succeeded)
        );
        let (stdout, _, _) = run_one(b" http://a/ ", Mode::Json);
        assert_eq!(
            stdout,
            "{\"input\": \" http://a/ \", \"output\": \"http://a/\", \"changes\": \
             [{\"kind\": \"trimmed\", \"start\": 0, \"end\": 1, \"before\": \" \", \"after\": \"\"}, \
             {\"kind\": \"trimmed\", \"start\": 10, \"end\": 11, \"before\": \" \", \"after\": \"\"}]}\n"
        );
    }

    #[test]
    fn prefixes_labels_and_stray_spaces() {
        for (input, want) in [
            ("URL:https://example.com/a", "https://example.com/a\n"),
            ("URL：https://example.jp/a", "https://example.jp/a\n"),
            ("Link: https://example.com", "https://example.com\n"),
            ("https:// example. com/a", "https://example.com/a\n"),
            ("mailto: alice@example.com", "mailto:alice@example.com\n"),
            ("https://example.com/a\u{2028}b", "https://example.com/ab\n"),
            ("'https://example.com/a'", "https://example.com/a\n"),
        ] {
            let (stdout, stderr, outcome) = run_one(input.as_bytes(), Mode::Plain);
            assert_eq!(
                (stdout.as_str(), outcome),
                (want, Outcome::Succeeded),
                "{stderr}"
            );
        }
        let (stdout, _, _) = run_one("Link: https://a/".as_bytes(), Mode::Json);
        assert!(
            stdout.contains(
                "{\"kind\": \"label\", \"start\": 0, \"end\": 6, \"before\": \"Link: \", \"after\": \"\"}"
            ),
            "{stdout}"
        );
        let (_, stderr, outcome) = run_one(b"https://exa mple.com/", Mode::Plain);
        assert_eq!(outcome, Outcome::Failed);
        assert!(stderr.starts_with("line 1: error at byte 11: "), "{stderr}");
        assert!(stderr.contains("inside the authority"), "{stderr}");
    }

    #[test]
    fn the_help_names_every_change_kind() {
        use rfc3987::entry::ChangeKind::*;
        for kind in [
            Trimmed,
            Unwrapped,
            Label,
            StraySpace,
            LineBreak,
            Width,
            Nfc,
            PercentEncoded,
            LabelSeparator,
        ] {
            let name = kind.name();
            let listed = SPEC
                .json
                .split([' ', ',', ';', '(', '\n'])
                .any(|w| w == name);
            assert!(listed, "{name} is not in the --json help");
        }
    }

    #[test]
    fn failures_are_errors_with_an_input_offset() {
        let (stdout, stderr, outcome) = run_one(b"ht tp://a/", Mode::Plain);
        assert_eq!((stdout.as_str(), outcome), ("\n", Outcome::Failed));
        assert!(stderr.starts_with("line 1: error at byte 2: "), "{stderr}");
        let (_, stderr, outcome) = run_one(b"http://a/\xFF", Mode::Plain);
        assert!(stderr.starts_with("line 1: error at byte 9: "), "{stderr}");
        assert_eq!(outcome, Outcome::Failed);
    }
}
