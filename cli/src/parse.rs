//! `iri parse [--rule R] [--json] [INPUT...]`: validates each input against
//! an ABNF rule (default `IRI-reference`) and splits it into components.
//!
//! # Which rules can be split
//!
//! A component only means something for a string that is a reference or a
//! part of one, so `parse` takes the rules that are ([`rfc3987::Splitter`]
//! splits them, as the Python and Arrow `parse` do):
//!
//! - the eight reference rules (`IRI-reference`, `IRI`, `absolute-IRI`,
//!   `irelative-ref` and their URI forms): all components, as
//!   [`rfc3987::IriRef`] finds them (every URI rule's language is inside
//!   `IRI-reference`'s, so the split is the same);
//! - `ihier-part`, `irelative-part` and their URI forms: an authority and a
//!   path when they start with `//`, a path otherwise;
//! - `iauthority` / `authority`: the authority with its userinfo, host and
//!   port;
//! - one rule per component (`scheme`, `iuserinfo`, `ihost` and the host
//!   forms, `port`, the `ipath` rules down to `ipchar`, `iquery`,
//!   `ifragment`, and their URI forms): the input is that component.
//!
//! Character rules (`ALPHA`, `ucschar`, `pct-encoded`, `h16`, ...) occur in
//! several components, so they have no split: naming one is a usage error
//! that points to `iri check`, which takes every rule.
//!
//! # Output
//!
//! The contract asks for one line per input, so plain mode prints one line
//! of `name=value` fields in a fixed order (`scheme`, `authority`,
//! `userinfo`, `host`, `port`, `path`, `query`, `fragment`). An absent
//! component is left out; a present but empty one is `name=` (`query=` for
//! `http://a/?`). No component of a valid input contains a space, so the
//! fields split on spaces. When the inputs are arguments, the fields are
//! padded into aligned columns; stdin is streamed, line by line, unpadded.
//! `--json` prints the contract's object: every component, `null` when
//! absent, the path always a string.

use std::borrow::Cow;
use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::Splitter;
use serde::Serialize;

use crate::args::{rule_option, CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help::{self, push_rule_names};
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};
use crate::pipeline;

/// The `parse` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "parse",
    summary: "validate inputs and split them into components",
    usage: "iri parse [--rule R] [--json] [INPUT...]",
    options: &[OptionSpec {
        name: "rule",
        value: Some("R"),
        help: "the ABNF rule to match (default: IRI-reference),\n\
               case-insensitive; one of the rules listed below",
    }],
    json: "one JSON object per input (see below)",
    help,
};

/// The component fields, in output order.
const FIELDS: [&str; 8] = rfc3987::Components::NAMES;

/// `--json` for a valid input: the contract's object, its components in
/// the order of `FIELDS`.
#[derive(Serialize)]
struct Components<'a> {
    input: Cow<'a, str>,
    valid: bool,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// The components of one valid input, as `FIELDS` orders them.
type Fields<'a> = [Option<&'a str>; 8];

/// `parse`'s options, typed.
pub struct Args {
    pub common: Common,
    /// `--rule`'s splitter: a rule that has components.
    pub splitter: Splitter,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let rule = rule_option(&parsed, &rules::IRI_REFERENCE)?;
        let Some(splitter) = Splitter::new(rule) else {
            return Err(UsageError::new(format!(
                "'{}' is a character rule, which has no components to split; \
                 'iri check --rule {}' validates against it",
                rule.name(),
                rule.name()
            )));
        };
        Ok(Args {
            common: parsed.into_common(),
            splitter,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let Args { common, splitter } = args;
    // Arguments are all known up front: align their columns. Stdin streams.
    let widths = match common.mode {
        Mode::Json => None,
        Mode::Plain => {
            let texts = common.inputs.iter().filter_map(|input| input.to_str());
            let parsed = texts.filter_map(|text| split(splitter, text.as_bytes()).ok());
            Some(column_widths(parsed))
        }
    };
    // The parse is the formatting's work: both run on the pool.
    pipeline::parallel(
        common,
        crate::input::LineEnd::Newline,
        |_: &[u8]| (),
        |input, (), output| parse(splitter, widths.as_ref(), input, output),
    )
}

/// A rejected input: where, and the message.
struct Rejection {
    offset: usize,
    message: String,
}

/// Validates `bytes` against the splitter's rule and splits them.
fn split(splitter: Splitter, bytes: &[u8]) -> Result<Fields<'_>, Rejection> {
    match std::str::from_utf8(bytes) {
        Ok(text) => match splitter.split(text) {
            Ok(components) => {
                let mut fields = components.to_array();
                if !splitter.has_path() {
                    // No `path=` for an authority, a host, a query...
                    fields[PATH] = None;
                }
                Ok(fields)
            }
            Err(error) => Err(Rejection {
                offset: error.offset(),
                message: error.to_string(),
            }),
        },
        // The rule's own error for the first byte that is not UTF-8.
        Err(_) => {
            let error = rfc3987::check_bytes(splitter.rule(), bytes)
                .expect_err("the rules accept UTF-8 only");
            Err(Rejection {
                offset: error.offset(),
                message: error.to_string(),
            })
        }
    }
}

/// Per field, the width of its column (in characters) over `inputs`, or
/// `None` when no input has that component.
fn column_widths<'a>(inputs: impl Iterator<Item = Fields<'a>>) -> [Option<usize>; 8] {
    let mut widths = [None; 8];
    for fields in inputs {
        for ((width, value), name) in widths.iter_mut().zip(fields).zip(FIELDS) {
            if let Some(value) = value {
                let cell = name.len() + 1 + value.chars().count();
                *width = Some(width.unwrap_or(0).max(cell));
            }
        }
    }
    widths
}

/// [`write_plain_line`] into a new `String`, for the tests.
#[cfg(test)]
fn plain_line(fields: &Fields<'_>, widths: Option<&[Option<usize>; 8]>) -> String {
    let mut line = String::new();
    write_plain_line(&mut line, fields, widths);
    line
}

/// One plain output line into `line` (cleared first): `name=value` fields
/// separated by two spaces, padded to `widths` when given, trailing blanks
/// trimmed. One buffer serves every line of a stream, and no field goes
/// through `format!` (on a stream of valid inputs the line's formatting
/// and allocations cost several times the parse).
fn write_plain_line(line: &mut String, fields: &Fields<'_>, widths: Option<&[Option<usize>; 8]>) {
    line.clear();
    for (index, (value, name)) in fields.iter().zip(FIELDS).enumerate() {
        let width = widths.and_then(|w| w[index]);
        let pad = match (value, width) {
            (Some(value), width) => {
                line.push_str(name);
                line.push('=');
                line.push_str(value);
                // `name=` is ASCII: one character a byte.
                let cell = name.len() + 1 + width.map_or(0, |_| value.chars().count());
                width.map_or(0, |width| width.saturating_sub(cell)) + 2
            }
            (None, Some(width)) => width + 2,
            (None, None) => 0,
        };
        line.extend(std::iter::repeat_n(' ', pad));
    }
    line.truncate(line.trim_end().len());
}

/// The path's place in [`Fields`].
const PATH: usize = 5;

/// Parses one input and writes its result.
fn parse(
    splitter: Splitter,
    widths: Option<&[Option<usize>; 8]>,
    input: Input<'_>,
    output: &mut Output<'_>,
) -> Outcome {
    match split(splitter, input.bytes) {
        Ok(fields) => {
            match output.mode() {
                Mode::Plain => {
                    let mut line = String::with_capacity(input.bytes.len() + 64);
                    write_plain_line(&mut line, &fields, widths);
                    output.line(&line);
                }
                Mode::Json => {
                    let [scheme, authority, userinfo, host, port, path, query, fragment] = fields;
                    output.json(&Components {
                        input: input.text(),
                        valid: true,
                        scheme,
                        authority,
                        userinfo,
                        host,
                        port,
                        path: path.unwrap_or_default(),
                        query,
                        fragment,
                    });
                }
            }
            Outcome::Succeeded
        }
        Err(rejection) => output.fail(&input, Some(false), rejection.offset, &rejection.message),
    }
}

fn help() -> String {
    let mut help = help::page(
        "iri parse: validate inputs and split them into components\n\
         \n\
         usage: iri parse [--rule R] [--json] [INPUT...]\n\
         \n\
         Parses each INPUT, or when none is given each line of standard input\n\
         (split on \\n only), one output line per input.\n\
         \n\
         ",
        &SPEC,
        "\
         Output:\n\
         \x20 plain (default)  the components as name=value fields in the order\n\
         \x20                  scheme authority userinfo host port path query\n\
         \x20                  fragment; an absent one is left out, an empty one\n\
         \x20                  is name= (query= for http://a/?); columns are\n\
         \x20                  aligned when the inputs are arguments. For an\n\
         \x20                  invalid input, an empty line on stdout and\n\
         \x20                  line N: error at byte OFFSET: MESSAGE on stderr\n\
         \x20 --json           {\"input\": \"...\", \"valid\": true, \"scheme\": ...,\n\
         \x20                   \"authority\", \"userinfo\", \"host\", \"port\",\n\
         \x20                   \"path\", \"query\", \"fragment\"}: each component\n\
         \x20                  is the exact substring (host keeps the brackets\n\
         \x20                  of an IP literal, port is a string), null when\n\
         \x20                  absent; the path is always a string\n\
         \x20                  {\"input\": \"...\", \"valid\": false,\n\
         \x20                   \"error\": {\"offset\": N, \"message\": \"...\"}}\n\
         \n\
         Exit status: 0 when every input is valid, 1 when at least one is not,\n\
         2 for a usage error (unknown option or rule, a character rule).\n\
         \n\
         Rules that split (character rules such as ALPHA or ucschar have no\n\
         components: use iri check --rule for them):\n",
    );
    push_rule_names(&mut help, &Splitter::rules().collect::<Vec<_>>());
    help
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc3987::grammar::Rule;

    const PATH: usize = 5;

    fn rule(name: &str) -> &'static Rule {
        Rule::find(name).unwrap()
    }

    fn fields(rule_name: &str, text: &str) -> Fields<'static> {
        let rule = rule(rule_name);
        let text: &'static str = Box::leak(text.to_owned().into_boxed_str());
        split(Splitter::new(rule).unwrap(), text.as_bytes())
            .unwrap_or_else(|e| panic!("{}", e.message))
    }

    #[test]
    fn every_rule_of_a_reference_or_component_splits_and_only_those() {
        let splits = |name: &str| Splitter::new(rule(name)).is_some();
        for name in [
            "IRI-reference",
            "IRI",
            "absolute-IRI",
            "irelative-ref",
            "URI-reference",
            "URI",
            "absolute-URI",
            "relative-ref",
            "ihier-part",
            "relative-part",
            "iauthority",
            "authority",
            "scheme",
            "iuserinfo",
            "ihost",
            "IP-literal",
            "IPv6address",
            "IPv4address",
            "IPvFuture",
            "ireg-name",
            "port",
            "ipath",
            "ipath-empty",
            "isegment-nz-nc",
            "ipchar",
            "iquery",
            "fragment",
        ] {
            assert!(splits(name), "{name}");
        }
        for name in [
            "ALPHA",
            "ucschar",
            "iprivate",
            "pct-encoded",
            "h16",
            "ls32",
            "dec-octet",
            "iunreserved",
            "sub-delims",
        ] {
            assert!(!splits(name), "{name}");
        }
    }

    #[test]
    fn references_split_into_all_components() {
        let f = fields("IRI", "http://user@例え.jp:8080/a/b?q#f");
        assert_eq!(
            f,
            [
                Some("http"),
                Some("user@例え.jp:8080"),
                Some("user"),
                Some("例え.jp"),
                Some("8080"),
                Some("/a/b"),
                Some("q"),
                Some("f")
            ]
        );
        let f = fields("URI-reference", "//[::1]:/?#");
        assert_eq!(
            f,
            [
                None,
                Some("[::1]:"),
                None,
                Some("[::1]"),
                Some(""),
                Some("/"),
                Some(""),
                Some("")
            ]
        );
    }

    #[test]
    fn parts_split_into_their_own_components() {
        let f = fields("iauthority", "u:p@host:80");
        assert_eq!(
            &f[..5],
            [
                None,
                Some("u:p@host:80"),
                Some("u:p"),
                Some("host"),
                Some("80")
            ]
        );
        // An authority has no path (`--json` prints the contract's "").
        assert_eq!(f[PATH], None);
        // A rootless ihier-part is a path, even with a colon in it.
        let f = fields("ihier-part", "a:b/c");
        assert_eq!(f, [None, None, None, None, None, Some("a:b/c"), None, None]);
        let f = fields("ihier-part", "//h/p");
        assert_eq!(f[1], Some("h"));
        assert_eq!(f[PATH], Some("/p"));
        assert_eq!(fields("IPv6address", "::1")[3], Some("::1"));
        assert_eq!(fields("iquery", "a=1&b")[6], Some("a=1&b"));
        assert_eq!(fields("scheme", "coap+tcp")[0], Some("coap+tcp"));
    }

    #[test]
    fn failures_point_where_the_rule_rejects() {
        let iri = Splitter::new(rule("IRI")).unwrap();
        let error = split(iri, b"http://a/b c").err().unwrap();
        assert_eq!(error.offset, 10);
        assert!(error.message.contains("ipchar"), "{}", error.message);
        let error = split(iri, b"//a").err().unwrap();
        assert_eq!(error.offset, 0);
        let error = split(Splitter::new(rule("port")).unwrap(), b"8x")
            .err()
            .unwrap();
        assert_eq!(error.offset, 1);
        let error = split(iri, b"http://\xffa").err().unwrap();
        assert_eq!(error.offset, 7);
    }

    #[test]
    fn plain_lines_omit_absent_components_and_align_columns() {
        let a = fields("IRI-reference", "http://a/?");
        let b = fields("IRI-reference", "rel#x");
        assert_eq!(
            plain_line(&a, None),
            "scheme=http  authority=a  host=a  path=/  query="
        );
        assert_eq!(plain_line(&b, None), "path=rel  fragment=x");
        let widths = column_widths([a, b].into_iter());
        assert_eq!(
            plain_line(&a, Some(&widths)),
            "scheme=http  authority=a  host=a  path=/    query="
        );
        assert_eq!(
            plain_line(&b, Some(&widths)),
            "                                  path=rel          fragment=x"
        );
    }

    #[test]
    fn help_lists_the_rules_that_split() {
        let help = help();
        assert!(
            help.split_whitespace().any(|w| w == "IRI-reference"),
            "{help}"
        );
        let rules = help.split("iri check --rule for them):").nth(1).unwrap();
        assert!(rules.split_whitespace().any(|word| word == "ipath"));
        assert!(!rules.split_whitespace().any(|word| word == "ucschar"));
        assert!(
            help.lines().all(|line| line.chars().count() <= 80),
            "{help}"
        );
    }
}
