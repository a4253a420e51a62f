//! `iri interpret --encodings LIST [--legacy-only] [--json] [INPUT...]`:
//! the readings of each input URI reference (RFC 3987 section 7.7), as
//! [`rfc3987::IriRef::interpret`] computes them: a reference whose `%HH`
//! runs are all UTF-8 (or that has none) is read as UTF-8, its section 3.2
//! conversion, so that a mixed log passes; runs that are not UTF-8 are
//! decoded in each encoding of `LIST` (WHATWG labels, comma-separated,
//! tried in that order). `--legacy-only` gives no reading for UTF-8
//! ([`rfc3987::IriRef::legacy_candidates`]).
//!
//! Plain output is one line per input: the first candidate's IRI, or an
//! empty line when there is none. `--json` prints every candidate,
//! `{"input": ..., "candidates": [{"encoding": ..., "output": ...}, ...]}`
//! (the encoding by its Encoding Standard name). The exit status is 0 only
//! when every input is valid and has a candidate, so `iri interpret` is a
//! test in scripts.

use std::borrow::Cow;
use std::process::ExitCode;

use rfc3987::interpret::{Candidate, Interpret};
use rfc3987::mapping::encoding_rs::Encoding;
use serde::Serialize;

use crate::args::{CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};
use crate::pipeline;

/// The `interpret` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "interpret",
    summary: "read URI references made in legacy encodings (RFC 3987 section 7.7)",
    usage: "iri interpret --encodings LIST [--legacy-only] [--json] [INPUT...]",
    options: &[
        OptionSpec {
            name: "encodings",
            value: Some("LIST"),
            help: "comma-separated WHATWG Encoding Standard labels\n\
                   (shift_jis,euc-jp,windows-1252, ...); iso-8859-1\n\
                   means windows-1252 there. Required.",
        },
        OptionSpec {
            name: "legacy-only",
            value: None,
            help: "no reading for an input that is UTF-8 already\n\
                   (every %HH run UTF-8, or none): it fails",
        },
    ],
    json: "every candidate (see below)",
    help,
};

/// `interpret`'s options, typed.
pub struct Args {
    pub common: Common,
    /// `--encodings`, in order.
    pub encodings: Vec<&'static Encoding>,
    /// `--legacy-only`.
    pub legacy_only: bool,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let encodings = encodings(parsed.value("encodings"))?;
        Ok(Args {
            legacy_only: parsed.flag("legacy-only"),
            common: parsed.into_common(),
            encodings,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let options = Interpret::new(&args.encodings).legacy_only(args.legacy_only);
    pipeline::parallel(
        args.common,
        crate::input::LineEnd::Newline,
        |_: &[u8]| (),
        |input, (), output| interpret(&options, input, output),
    )
}

/// The encodings of `--encodings`, in order.
fn encodings(list: Option<&str>) -> Result<Vec<&'static Encoding>, UsageError> {
    let Some(list) = list else {
        return Err(UsageError::new(
            "--encodings LIST is required (e.g. --encodings shift_jis,euc-jp)",
        ));
    };
    list.split(',')
        .map(|label| {
            let encoding = Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| {
                UsageError::new(format!(
                    "unknown encoding '{label}' (use a WHATWG Encoding Standard label such \
                     as windows-1252, shift_jis, euc-jp)"
                ))
            })?;
            if encoding.is_ascii_compatible() {
                Ok(encoding)
            } else {
                Err(UsageError::new(format!(
                    "encoding '{label}' is not ASCII-compatible: URIs in it cannot be read"
                )))
            }
        })
        .collect()
}

/// The candidates of one input, or the byte offset and message of its
/// error.
fn candidates(options: &Interpret<'_>, bytes: &[u8]) -> Result<Vec<Candidate>, (usize, String)> {
    crate::select::parse(bytes).map(|iri| iri.interpret(options))
}

fn interpret(options: &Interpret<'_>, input: Input<'_>, output: &mut Output<'_>) -> Outcome {
    let found = match candidates(options, input.bytes) {
        Ok(found) => found,
        Err((offset, message)) => return output.fail(&input, None, offset, &message),
    };
    match output.mode() {
        Mode::Plain => output.line(found.first().map_or("", |c| c.iri().as_str())),
        Mode::Json => output.json(&Interpreted {
            input: input.text(),
            candidates: found
                .iter()
                .map(|c| CandidateJson {
                    encoding: c.encoding().name(),
                    output: c.iri().as_str(),
                })
                .collect(),
        }),
    }
    if found.is_empty() {
        Outcome::Failed
    } else {
        Outcome::Succeeded
    }
}

/// `--json` for a valid input.
#[derive(Serialize)]
struct Interpreted<'a> {
    input: Cow<'a, str>,
    candidates: Vec<CandidateJson<'a>>,
}

/// One reading: the encoding (its Encoding Standard name) and the IRI.
#[derive(Serialize)]
struct CandidateJson<'a> {
    encoding: &'static str,
    output: &'a str,
}

fn help() -> String {
    help::page(
        "iri interpret: read URI references made in legacy encodings (RFC 3987\n\
         section 7.7)\n\
         \n\
         usage: iri interpret --encodings LIST [--legacy-only] [--json] [INPUT...]\n\
         \n\
         Reads each INPUT, or when none is given each line of standard input\n\
         (split on \\n only), as a URI reference whose %HH runs may be in a\n\
         legacy encoding: a run that is not UTF-8 is decoded, in each encoding\n\
         of LIST in turn, where it gives characters an IRI may hold unencoded\n\
         in its component (userinfo, path, query, fragment; never the host).\n\
         Reserved characters (%2F, %3F, ...), bidi formatting characters and\n\
         octets that are invalid in the encoding stay encoded, in uppercase\n\
         hex; runs that are UTF-8 are converted as 'iri to-iri' does.\n\
         http://example.org/r%E9sum%E9.html read as windows-1252 is\n\
         http://example.org/r\u{e9}sum\u{e9}.html. ASCII characters right after\n\
         a %HH count as its character's trailing octets where the reading\n\
         then leaves no octet encoded, as legacy agents wrote them:\n\
         %83%5C%83t%83g read as shift_jis is \u{30bd}\u{30d5}\u{30c8}. An encoding that\n\
         decodes nothing gives no candidate.\n\
         \n\
         Section 7.7 accepts legacy forms \"in addition to UTF-8\": an input\n\
         whose %HH runs are all UTF-8, or that has none (ASCII, or an IRI), has\n\
         one candidate, encoding UTF-8, its 'iri to-iri' form (bidi formatting\n\
         characters encoded), so a log that mixes UTF-8 and legacy lines\n\
         passes whole: http://example.jp/%E6%97%A5%E6%9C%AC and\n\
         http://example.jp/%93%FA%96%7B (Shift_JIS) both print\n\
         http://example.jp/\u{65e5}\u{672c}. --legacy-only gives such an input no\n\
         candidate.\n\
         \n\
         ",
        &SPEC,
        "\
         Output:\n\
         \x20 plain (default)  the first candidate's IRI, or an empty line when\n\
         \x20                  there is none (candidates that leave fewer\n\
         \x20                  octets encoded come first, then those that\n\
         \x20                  decode fewer compatibility variants, such\n\
         \x20                  as half-width kana, then in LIST order);\n\
         \x20                  for an invalid input an empty line\n\
         \x20                  and, on stderr,\n\
         \x20                  line N: error at byte OFFSET: MESSAGE\n\
         \x20 --json           {\"input\": \"...\", \"candidates\": [{\"encoding\":\n\
         \x20                   \"Shift_JIS\", \"output\": \"...\"}, ...]}\n\
         \x20                  or {\"input\": \"...\", \"error\": {\"offset\": N,\n\
         \x20                   \"message\": \"...\"}}\n\
         \n\
         Exit status: 0 when every input is valid and has a candidate, 1\n\
         otherwise, 2 for a usage error.\n",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(list: &str, input: &str) -> Vec<(String, String)> {
        read(list, false, input)
    }

    fn read(list: &str, legacy_only: bool, input: &str) -> Vec<(String, String)> {
        let encodings = encodings(Some(list)).unwrap();
        let options = Interpret::new(&encodings).legacy_only(legacy_only);
        candidates(&options, input.as_bytes())
            .unwrap()
            .into_iter()
            .map(|c| (c.encoding().name().to_owned(), c.iri().as_str().to_owned()))
            .collect()
    }

    #[test]
    fn labels_choose_the_encodings() {
        assert_eq!(
            first("iso-8859-1", "http://example.org/r%E9sum%E9.html"),
            [(
                "windows-1252".to_owned(),
                "http://example.org/r\u{e9}sum\u{e9}.html".to_owned()
            )]
        );
        assert_eq!(
            first("shift_jis, euc-jp", "x:%C6%FC%CB%DC").len(),
            2,
            "both read it"
        );
    }

    #[test]
    fn utf8_passes_unless_legacy_only() {
        let utf8 = [("UTF-8".to_owned(), "x:\u{65e5}".to_owned())];
        assert_eq!(read("shift_jis", false, "x:%E6%97%A5"), utf8);
        assert!(read("shift_jis", true, "x:%E6%97%A5").is_empty());
        assert_eq!(read("shift_jis", false, "x:\u{65e5}"), utf8);
    }

    #[test]
    fn bad_lists_are_usage_errors() {
        assert!(encodings(None).is_err());
        assert!(encodings(Some("shift_jis,klingon")).is_err());
        assert!(encodings(Some("utf-16le")).is_err());
    }

    #[test]
    fn invalid_input_is_an_error_where_it_starts() {
        let encodings = encodings(Some("shift_jis")).unwrap();
        let options = Interpret::new(&encodings);
        assert_eq!(candidates(&options, b"http://a/%4").unwrap_err().0, 11);
        assert_eq!(candidates(&options, b"http://a/\xFF").unwrap_err().0, 9);
    }
}
