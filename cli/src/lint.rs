//! `iri lint [--json] [INPUT...]`: the warnings of
//! [`rfc3987::lint`] for each input IRI reference: every SHOULD and MUST
//! NOT of RFC 3987 sections 4, 6.1, 7.5 and 8 that the grammar does not
//! enforce (bidi formatting characters and structure, normalization,
//! mixed scripts and confusables, percent-encodings that are not UTF-8,
//! overlong or needless, upper case, invalid IDNs).
//!
//! Plain output is one line per input: its warnings, each as
//! `CODE [COMPONENT START..END]: MESSAGE`, separated by `; ` (no message
//! of the library's own contains `; `), or an empty line when none fires.
//! An input that is not an IRI reference is the usual failure (an empty
//! line, and `line N: error at byte OFFSET: MESSAGE` on stderr). `--json`
//! prints `{"input": ..., "valid": true, "warnings": [{"code": ...,
//! "component": ..., "start": ..., "end": ..., "message": ...}, ...]}`, or
//! the usual error object. The exit status is 0 only when every input is
//! valid and no warning fires, so `iri lint "$x"` is a test in scripts.

use std::borrow::Cow;
use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::lint::Warning;
use rfc3987::IriRef;
use serde::Serialize;

use crate::args::{CommandSpec, Common};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};
use crate::pipeline;

/// The `lint` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "lint",
    summary: "warn about what RFC 3987 and RFC 3986 advise against",
    usage: "iri lint [--json] [INPUT...]",
    options: &[],
    json: "one JSON object per input (see below)",
    help,
};

/// Runs over the inputs of `common` (no options of its own).
pub fn run(common: Common) -> ExitCode {
    // Linting costs far more than reading and writing a line (the IDNA
    // and Unicode property lookups of every check): batches of lines go
    // to every core.
    pipeline::parallel(common, crate::input::LineEnd::Newline, lint, write)
}

/// The warnings of one input, or where and why it is not an IRI
/// reference.
fn lint(bytes: &[u8]) -> Result<Vec<Warning>, (usize, String)> {
    let parsed = match std::str::from_utf8(bytes) {
        Ok(text) => IriRef::parse(text).map_err(|e| (e.offset(), e.to_string())),
        Err(_) => {
            let e = rfc3987::check_bytes(&rules::IRI_REFERENCE, bytes)
                .expect_err("the recognizers reject ill-formed UTF-8");
            Err((e.offset(), e.to_string()))
        }
    };
    parsed.map(|iri| iri.lint())
}

/// Writes one input's warnings, or its failure.
fn write(
    input: Input<'_>,
    result: Result<Vec<Warning>, (usize, String)>,
    output: &mut Output<'_>,
) -> Outcome {
    let warnings = match result {
        Ok(warnings) => warnings,
        Err((offset, message)) => return output.fail(&input, Some(false), offset, &message),
    };
    match output.mode() {
        Mode::Plain => {
            let line: Vec<String> = warnings.iter().map(Warning::to_string).collect();
            output.line(&line.join("; "));
        }
        Mode::Json => output.json(&Linted {
            input: input.text(),
            valid: true,
            warnings: warnings.iter().map(WarningJson::of).collect(),
        }),
    }
    if warnings.is_empty() {
        Outcome::Succeeded
    } else {
        Outcome::Failed
    }
}

/// `--json` for a valid input.
#[derive(Serialize)]
struct Linted<'a> {
    input: Cow<'a, str>,
    valid: bool,
    warnings: Vec<WarningJson>,
}

/// One warning, its range in bytes of the input.
#[derive(Serialize)]
struct WarningJson {
    code: &'static str,
    component: &'static str,
    start: usize,
    end: usize,
    message: String,
}

impl WarningJson {
    fn of(w: &Warning) -> Self {
        WarningJson {
            code: w.code().as_str(),
            component: w.component().as_str(),
            start: w.range().start,
            end: w.range().end,
            message: w.message().to_string(),
        }
    }
}

fn help() -> String {
    let mut help = help::page(
        "iri lint: warn about what RFC 3987 and RFC 3986 advise against\n\
         \n\
         usage: iri lint [--json] [INPUT...]\n\
         \n\
         Lints each INPUT, or when none is given each line of standard input\n\
         (split on \\n only). Each must be an IRI-reference; the warnings are\n\
         the SHOULDs and MUST NOTs the grammar does not enforce.\n\
         \n\
         ",
        &SPEC,
        "\
         Output:\n\
         \x20 plain (default)  one line per input: its warnings, each as\n\
         \x20                  CODE [COMPONENT START..END]: MESSAGE\n\
         \x20                  separated by '; ', or an empty line if none;\n\
         \x20                  START..END is a byte range of the input. An\n\
         \x20                  invalid input prints an empty line and, on\n\
         \x20                  stderr, line N: error at byte OFFSET: MESSAGE\n\
         \x20 --json           {\"input\": \"...\", \"valid\": true, \"warnings\":\n\
         \x20                   [{\"code\": \"...\", \"component\": \"...\",\n\
         \x20                     \"start\": N, \"end\": N, \"message\": \"...\"}]}\n\
         \x20                  or {\"input\": \"...\", \"valid\": false,\n\
         \x20                   \"error\": {\"offset\": N, \"message\": \"...\"}}\n\
         \n\
         Host labels are read in their Unicode form (an xn-- label decoded)\n\
         for mixed-script, confusable and the bidi rules. confusable is a\n\
         mixed-script confusable in any host label or any word of another\n\
         part (Doctor_Who in a Russian title is a word of its own), whose\n\
         letters of other scripts than Latin read as US-ASCII letters\n\
         (p\u{430}ypal, a Cyrillic \u{430}; not \u{41a}\u{438}\u{431}\u{435}\u{440}Punk, which reads Kᴎ6epPunk), or, in\n\
         a host label beside Latin labels, a whole-script one: every letter\n\
         a look-alike of a US-ASCII letter (Cyrillic 'аррӏе.com'; not\n\
         'мир.com', whose look-alike 'ʍᴎp' is no name). Every host of http,\n\
         https, ws, wss, ftp and file is checked as a domain name, US-ASCII\n\
         ones too, as 'to-uri --idna' checks it. Adjacent warnings of one\n\
         code in one component are one warning over their range.\n\
         \n\
         Codes:\n",
    );
    for (code, what) in CODES {
        help.push_str(&format!("  {code:17} {what}\n"));
    }
    help.push_str(
        "\n\
         Exit status: 0 when every input is valid and no warning fires, 1\n\
         otherwise, 2 for a usage error.\n",
    );
    help
}

/// The codes and what each is about, for the help.
const CODES: [(&str, &str); 23] = [
    (
        "bidi-formatting",
        "a bidi formatting character (4.1 MUST NOT)",
    ),
    (
        "invisible",
        "U+200B and the like, a joiner joining nothing (6.1 b)",
    ),
    (
        "bidi-mixed",
        "a component mixing rtl and ltr characters (4.2)",
    ),
    (
        "bidi-rtl-ends",
        "an rtl component not starting and ending rtl (4.2)",
    ),
    (
        "bidi-number-label",
        "a label of digits beside rtl labels (4.4 ex. 10)",
    ),
    ("not-nfc", "a component not in NFC (5.3.2.2, 7.5)"),
    (
        "not-nfkc",
        "a compatibility character, e.g. a ligature (6.1, 7.5)",
    ),
    (
        "mixed-script",
        "scripts no language mixes in a component (7.5)",
    ),
    ("confusable", "a UTS 39 look-alike across scripts (7.5, 8)"),
    ("pct-not-utf8", "%HH octets that are not UTF-8 (6.4, 8)"),
    ("pct-overlong", "an overlong UTF-8 form such as %C0%AF (8)"),
    (
        "pct-unreserved",
        "an encoded unreserved character (5.3.2.3)",
    ),
    (
        "pct-should-show",
        "an encoded character an IRI would show (7.5)",
    ),
    (
        "uppercase-scheme",
        "upper-case letters in the scheme (5.3.2.1)",
    ),
    (
        "uppercase-host",
        "upper-case letters in a host name (5.3.2.1, 5.3.3)",
    ),
    (
        "idn-invalid",
        "a host that is no valid domain name, and why (3.1)",
    ),
    (
        "ipv4-like",
        "a name a browser reads as IPv4, 0x7f.0.0.1 (RFC 3986 7.4)",
    ),
    (
        "idna2008",
        "what IDNA2008 disallows in a label: emoji, U+2215, a·b (8)",
    ),
    (
        "default-port",
        "an empty port or the scheme's, http://a:80/ (5.3.3)",
    ),
    (
        "pct-lowercase",
        "lower-case hex digits in %HH, %c3%a9 (5.3.2.1)",
    ),
    (
        "dot-segments",
        "'.' or '..' segments in an IRI with a scheme (5.3.2.4)",
    ),
    (
        "password",
        "a password in the userinfo, not shown (RFC 3986 3.2.1)",
    ),
    (
        "userinfo-host",
        "a userinfo read as the host, www.a.com@b (RFC 3986 7.6)",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use rfc3987::lint::Code;

    #[test]
    fn help_lists_every_code_and_fits() {
        let names: Vec<&str> = CODES.iter().map(|(name, _)| *name).collect();
        let library: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(names, library);
        let help = help();
        assert!(help.lines().all(|line| line.len() <= 80), "{help}");
    }
}
