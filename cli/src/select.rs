//! `iri select --scripts LIST [--punycode-hosts] [--json] [INPUT...]`: the
//! form of each input IRI reference to show or send to readers of the
//! scripts in `LIST` (RFC 3987 section 7.5), as
//! [`rfc3987::IriRef::select_with`] chooses it: the IRI as it is, its URI,
//! or the IRI with the components outside those scripts percent-encoded.
//! `--punycode-hosts` writes a foreign domain name in Punycode (A-labels)
//! instead, as browsers show it.
//!
//! Plain output is one line per input, the chosen text; `--json` prints
//! `{"input": ..., "output": ..., "form": "iri" | "uri" | "mixed"}`.

use std::borrow::Cow;
use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::mapping::ToIri;
use rfc3987::select::{Script, Select, Selected};
use rfc3987::IriRef;
use serde::Serialize;

use crate::args::{scripts, CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};
use crate::pipeline;

/// The `select` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "select",
    summary: "choose IRI, URI or a mix for readers of given scripts (section 7.5)",
    usage: "iri select --scripts LIST [--punycode-hosts] [--decode] [--json] [INPUT...]",
    options: &[
        OptionSpec {
            name: "scripts",
            value: Some("LIST"),
            help: "comma-separated Unicode script names (Latin, Han,\n\
                   Cyrillic, Arabic, ...) or ISO 15924 codes (Latn;\n\
                   Jpan is Han, Hiragana and Katakana, Kore Hangul\n\
                   and Han). Required; may be empty (--scripts=)",
        },
        OptionSpec {
            name: "punycode-hosts",
            value: None,
            help: "write a host outside the scripts in Punycode\n\
                   (A-labels, UTS 46 ToASCII) instead of\n\
                   percent-encoding it, for http, https, ws, wss,\n\
                   ftp and file when ToASCII accepts the host",
        },
        DECODE,
    ],
    json: "adds the form (see below)",
    help,
};

/// `--decode`, of `select` and `display`.
pub const DECODE: OptionSpec = OptionSpec {
    name: "decode",
    value: None,
    help: "decode each input first as 'iri to-iri' does\n\
           (section 3.2), so that a URI copied from a\n\
           browser shows its characters:\n\
           /wiki/%E6%9D%B1%E4%BA%AC is /wiki/\u{6771}\u{4eac}",
};

/// `select`'s options, typed.
pub struct Args {
    pub common: Common,
    /// `--scripts`.
    pub scripts: Vec<Script>,
    /// `--punycode-hosts`.
    pub punycode_hosts: bool,
    /// `--decode`.
    pub decode: bool,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let scripts = scripts(parsed.value("scripts"))?;
        Ok(Args {
            punycode_hosts: parsed.flag("punycode-hosts"),
            decode: parsed.flag("decode"),
            common: parsed.into_common(),
            scripts,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let audience = Select::new(&args.scripts).punycode_hosts(args.punycode_hosts);
    let decode = args.decode;
    pipeline::parallel(
        args.common,
        crate::input::LineEnd::Newline,
        |_: &[u8]| (),
        |input, (), output| select(&audience, decode, input, output),
    )
}

/// One input as the text of an IRI reference: decoded as `iri to-iri`
/// decodes it when `decode` (`--decode`), else as it is; or the byte
/// offset and message of its error (shared with `display`).
pub fn decoded(bytes: &[u8], decode: bool) -> Result<Cow<'_, str>, (usize, String)> {
    let iri = parse(bytes)?;
    if !decode {
        return Ok(Cow::Borrowed(iri.into_inner()));
    }
    ToIri::new()
        .convert(iri.as_str())
        .map(Cow::Owned)
        .map_err(|e| (e.offset(), e.to_string()))
}

/// One input as an IRI reference, or the byte offset and message of its
/// error (shared with `interpret`).
pub fn parse(bytes: &[u8]) -> Result<IriRef<&str>, (usize, String)> {
    match std::str::from_utf8(bytes) {
        Ok(text) => IriRef::parse(text).map_err(|e| (e.offset(), e.to_string())),
        Err(_) => {
            let e = rfc3987::check_bytes(&rules::IRI_REFERENCE, bytes)
                .expect_err("the recognizers reject ill-formed UTF-8");
            Err((e.offset(), e.to_string()))
        }
    }
}

fn select(
    audience: &Select<'_>,
    decode: bool,
    input: Input<'_>,
    output: &mut Output<'_>,
) -> Outcome {
    let text = match decoded(input.bytes, decode) {
        Ok(text) => text,
        Err((offset, message)) => return output.fail(&input, None, offset, &message),
    };
    let iri = match IriRef::parse(text.as_ref()) {
        Ok(iri) => iri,
        Err(e) => return output.fail(&input, None, e.offset(), &e.to_string()),
    };
    let selected: Selected<'_> = iri.select_with(audience);
    match output.mode() {
        Mode::Plain => output.line(selected.text().as_str()),
        Mode::Json => output.json(&Chosen {
            input: input.text(),
            output: selected.text().as_str(),
            form: selected.form().as_str(),
        }),
    }
    Outcome::Succeeded
}

/// `--json` for a valid input.
#[derive(Serialize)]
struct Chosen<'a> {
    input: Cow<'a, str>,
    output: &'a str,
    form: &'static str,
}

fn help() -> String {
    help::page(
        "iri select: choose the IRI, the URI or a mix for readers of given\n\
         scripts (RFC 3987 section 7.5)\n\
         \n\
         usage: iri select --scripts LIST [--punycode-hosts] [--decode] [--json]\n\
         \x20                 [INPUT...]\n\
         \n\
         For each INPUT, or when none is given each line of standard input\n\
         (split on \\n only), an IRI-reference, prints the form to show or send\n\
         to readers of the scripts in LIST. The unit is the component (userinfo,\n\
         host, each path segment, query, fragment): one whose non-ASCII\n\
         characters are all in LIST (or Common or Inherited, such as\n\
         punctuation) is kept, another is percent-encoded whole as UTF-8. The\n\
         form is 'iri' when every component is kept, 'uri' when none with\n\
         non-ASCII characters is (the 'iri to-uri' result), 'mixed' otherwise;\n\
         all three map to the same URI. Bidi formatting characters and\n\
         invisible ones (U+200B, U+FEFF, ...) are always encoded. With\n\
         --scripts Han,Hiragana,Katakana,\n\
         http://example.org/\u{65e5}\u{672c}/\u{43c}\u{438}\u{440} prints\n\
         http://example.org/\u{65e5}\u{672c}/%D0%BC%D0%B8%D1%80.\n\
         \n\
         With --punycode-hosts a host outside the scripts is written in\n\
         Punycode, as browsers show a domain name that the reader's languages\n\
         do not cover: with --scripts Latin,\n\
         http://\u{43f}\u{440}\u{438}\u{43c}\u{435}\u{440}.\u{440}\u{444}/ prints http://xn--e1afmkfd.xn--p1ai/, and with --scripts\n\
         Cyrillic, http://b\u{fc}cher.example/ prints http://xn--bcher-kva.example/.\n\
         The result then maps to the URI of 'iri to-uri --idna'. Hosts of\n\
         other schemes, and hosts that ToASCII rejects, are percent-encoded.\n\
         A domain name with a label that mixes scripts (UTS 39 Highly\n\
         Restrictive: p\u{430}ypal with a Cyrillic \u{430}; Latin with Han and\n\
         kana is Japanese) is outside every reader's scripts, as browsers\n\
         hold.\n\
         \n\
         ",
        &SPEC,
        "\
         Output:\n\
         \x20 plain (default)  the chosen text; for an invalid input an empty\n\
         \x20                  line and, on stderr,\n\
         \x20                  line N: error at byte OFFSET: MESSAGE\n\
         \x20 --json           {\"input\": \"...\", \"output\": \"...\", \"form\":\n\
         \x20                   \"iri\" | \"uri\" | \"mixed\"}\n\
         \x20                  or {\"input\": \"...\", \"error\": {\"offset\": N,\n\
         \x20                   \"message\": \"...\"}}\n\
         \n\
         Exit status: 0 when every input is valid, 1 otherwise, 2 for a usage\n\
         error.\n",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rfc3987::select::Form;

    fn chosen(list: &str, input: &str) -> (Form, String) {
        chosen_with(list, false, input)
    }

    fn chosen_with(list: &str, punycode_hosts: bool, input: &str) -> (Form, String) {
        let scripts = scripts(Some(list)).unwrap();
        let iri = parse(input.as_bytes()).unwrap();
        let selected = iri.select_with(&Select::new(&scripts).punycode_hosts(punycode_hosts));
        (selected.form(), selected.text().as_str().to_owned())
    }

    #[test]
    fn punycode_hosts_for_foreign_domain_names() {
        let text = "http://\u{43f}\u{440}\u{438}\u{43c}\u{435}\u{440}.\u{440}\u{444}/";
        assert_eq!(
            chosen_with("Latin", true, text),
            (Form::Uri, "http://xn--e1afmkfd.xn--p1ai/".to_owned())
        );
        assert_eq!(
            chosen_with("Cyrl", true, text),
            (Form::Iri, text.to_owned())
        );
        assert_eq!(
            chosen_with("Cyrillic", true, "http://b\u{fc}cher.example/"),
            (Form::Uri, "http://xn--bcher-kva.example/".to_owned())
        );
    }

    #[test]
    fn names_and_codes_choose_the_scripts() {
        let text = "http://example.org/\u{65e5}\u{672c}/\u{43c}\u{438}\u{440}";
        assert_eq!(
            chosen("Han,Hiragana,Katakana", text),
            (
                Form::Mixed,
                "http://example.org/\u{65e5}\u{672c}/%D0%BC%D0%B8%D1%80".to_owned()
            )
        );
        assert_eq!(chosen("Hani, Cyrl", text), (Form::Iri, text.to_owned()));
        assert_eq!(chosen("", text).0, Form::Uri);
    }

    #[test]
    fn decode_first_for_uris() {
        let uri = "https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0";
        let moscow = decoded(uri.as_bytes(), true).unwrap();
        assert_eq!(
            moscow,
            "https://ru.wikipedia.org/wiki/\u{41c}\u{43e}\u{441}\u{43a}\u{432}\u{430}"
        );
        assert_eq!(chosen("Cyrl", &moscow), (Form::Iri, moscow.to_string()));
        assert_eq!(chosen("Latn", &moscow), (Form::Uri, uri.to_owned()));
        assert_eq!(decoded(uri.as_bytes(), false).unwrap(), uri);
        assert_eq!(decoded(b"http://a/%4", true).unwrap_err().0, 11);
    }

    #[test]
    fn bad_lists_are_usage_errors() {
        assert!(scripts(None).is_err());
        assert!(scripts(Some("Latin,Elvish")).is_err());
    }

    #[test]
    fn invalid_input_is_an_error_where_it_starts() {
        assert_eq!(parse(b"http://a/%4").unwrap_err().0, 11);
        assert_eq!(parse(b"http://a/\xFF").unwrap_err().0, 9);
    }
}
