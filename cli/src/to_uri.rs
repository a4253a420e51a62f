//! `iri to-uri [--idna] [--lenient] [--nfc | --encoding LABEL] [--json]
//! [INPUT...]`: each input IRI reference mapped to a URI reference (RFC
//! 3987 section 3.1), as [`rfc3987::mapping::ToUri`] computes it.
//!
//! `--idna` converts the hosts of domain-name schemes with ToASCII;
//! `--lenient` percent-encodes the printable ASCII characters that URIs
//! exclude instead of failing on them. The step 1 variants are options
//! too: `--nfc` for IRIs that were typed (variant a), `--encoding LABEL`
//! for lines in a non-Unicode encoding (variant b: decoded, then NFC);
//! without them input is UTF-8 and is not normalized (variant c).
//!
//! Lines of stdin are mapped in batches on every core
//! ([`crate::pipeline::parallel`]); output stays in input order.

use std::process::ExitCode;

use rfc3987::grammar::rules;
use rfc3987::mapping::encoding_rs::Encoding;
use rfc3987::mapping::{from_legacy, from_text, ToUri};

use crate::args::{CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;
use crate::input::LineEnd;

/// The `to-uri` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "to-uri",
    summary: "map IRI references to URI references (RFC 3987 section 3.1)",
    usage: "iri to-uri [--idna] [--lenient] [--nfc | --encoding LABEL] [--json] [INPUT...]",
    options: &[
        OptionSpec {
            name: "idna",
            value: None,
            help: "convert the host of http, https, ws, wss, ftp and\n\
                   file IRIs with IDNA ToASCII (UTS 46, STD3 rules):\n\
                   http://r\u{e9}sum\u{e9}.example.org becomes\n\
                   http://xn--rsum-bpad.example.org; a label that\n\
                   fails is an error naming the label and why",
        },
        OptionSpec {
            name: "lenient",
            value: None,
            help: "percent-encode space, <, >, \", {, }, |, \\, ^ and `\n\
                   instead of failing (# % [ ] are never converted)",
        },
        OptionSpec {
            name: "nfc",
            value: None,
            help: "normalize each input to NFC first (section 3.1\n\
                   step 1 a: IRIs that were typed or read)",
        },
        OptionSpec {
            name: "encoding",
            value: Some("LABEL"),
            help: "read lines in that encoding (windows-1252,\n\
                   iso-8859-5, shift_jis, ...), then apply NFC\n\
                   (step 1 b); without it, input is UTF-8 and is not\n\
                   normalized (step 1 c)",
        },
    ],
    json: "{\"input\": \"...\", \"output\": \"...\"} per input",
    help,
};

/// What the options ask for.
pub struct Settings {
    mapping: ToUri<'static>,
    /// Step 1 a: NFC first.
    nfc: bool,
    /// Step 1 b: the lines' encoding, when not UTF-8.
    encoding: Option<&'static Encoding>,
}

fn settings(args: &Parsed) -> Result<Settings, UsageError> {
    let encoding = match args.value("encoding") {
        None => None,
        Some(label) => Some(Encoding::for_label(label.as_bytes()).ok_or_else(|| {
            UsageError::new(format!(
                "unknown encoding '{label}' (use a WHATWG Encoding Standard label such as \
                 windows-1252, iso-8859-5, shift_jis)"
            ))
        })?),
    };
    if encoding.is_some() && args.flag("nfc") {
        return Err(UsageError::new(
            "--nfc and --encoding exclude each other (--encoding applies NFC itself)",
        ));
    }
    Ok(Settings {
        mapping: ToUri::new()
            .idna(args.flag("idna"))
            .lenient(args.flag("lenient")),
        nfc: args.flag("nfc"),
        encoding,
    })
}

/// `to-uri`'s options, typed.
pub struct Args {
    pub common: Common,
    pub settings: Settings,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let settings = settings(&parsed)?;
        Ok(Args {
            common: parsed.into_common(),
            settings,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let Args { common, settings } = args;
    let line_end = settings.encoding.map_or(LineEnd::Newline, LineEnd::of);
    crate::pipeline::parallel(
        common,
        line_end,
        |bytes| map(&settings, bytes),
        crate::output::write_conversion,
    )
}

/// The URI of one input, or the byte offset and message of its error.
fn map(settings: &Settings, bytes: &[u8]) -> Result<String, (usize, String)> {
    let decoded;
    let text = match settings.encoding {
        Some(encoding) => {
            decoded = from_legacy(bytes, encoding).map_err(|e| (e.offset(), e.to_string()))?;
            decoded.as_str()
        }
        None => std::str::from_utf8(bytes).map_err(|_| {
            let e = rfc3987::check_bytes(&rules::IRI_REFERENCE, bytes)
                .expect_err("the recognizers reject ill-formed UTF-8");
            (e.offset(), e.to_string())
        })?,
    };
    let text = if settings.nfc {
        from_text(text)
    } else {
        text.into()
    };
    settings
        .mapping
        .convert(&text)
        .map_err(|e| (e.offset(), e.to_string()))
}

fn help() -> String {
    help::page(
        "iri to-uri: map IRI references to URI references (RFC 3987 section 3.1)\n\
         \n\
         usage: iri to-uri [--idna] [--lenient] [--nfc | --encoding LABEL] [--json]\n\
         \x20                 [INPUT...]\n\
         \n\
         Prints the URI of each INPUT, or when none is given of each line of\n\
         standard input (split on \\n only), one line per input. Each input\n\
         must be an IRI-reference. Every character outside US-ASCII becomes\n\
         its UTF-8 octets as %HH (uppercase hex); everything else, existing\n\
         %HH included, is kept: http://example.org/red%09ros\u{e9} becomes\n\
         http://example.org/red%09ros%C3%A9.\n\
         \n\
         ",
        &SPEC,
        &(help::conversion_output("the URI")
            + "\
         With --nfc or --encoding, offsets of mapping errors are in the\n\
         normalized text (decoding errors are in the input's bytes).\n\
         \n\
         Exit status: 0 when every input was mapped, 1 when at least one was\n\
         not, 2 for a usage error.\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;

    fn parsed(args: &[&str]) -> Parsed {
        args::parsed_for_test(SPEC.options, args)
    }

    fn mapped(args: &[&str], input: &[u8]) -> Result<String, (usize, String)> {
        map(&settings(&parsed(args)).unwrap(), input)
    }

    #[test]
    fn options_choose_the_mapping() {
        let iri = "http://r\u{e9}sum\u{e9}.example.org/a b".as_bytes();
        assert_eq!(mapped(&[], iri).unwrap_err().0, 29);
        assert_eq!(
            mapped(&["--lenient"], iri).unwrap(),
            "http://r%C3%A9sum%C3%A9.example.org/a%20b"
        );
        assert_eq!(
            mapped(&["--lenient", "--idna"], iri).unwrap(),
            "http://xn--rsum-bpad.example.org/a%20b"
        );
        assert_eq!(mapped(&["--nfc"], "e\u{301}".as_bytes()).unwrap(), "%C3%A9");
        assert_eq!(mapped(&[], "e\u{301}".as_bytes()).unwrap(), "e%CC%81");
    }

    #[test]
    fn encodings() {
        assert_eq!(
            mapped(&["--encoding", "iso-8859-5"], b"/\xFC").unwrap(),
            "/%D1%9C"
        );
        assert_eq!(
            mapped(&["--encoding=windows-1258"], b"Vi\xEA\xF2t").unwrap(),
            "Vi%E1%BB%87t"
        );
        let error = mapped(&["--encoding", "utf-8"], b"ab\xFF").unwrap_err();
        assert_eq!(
            error,
            (2, "the octets at byte 2 are not valid UTF-8".to_owned())
        );
        let error = settings(&parsed(&["--encoding", "klingon"])).err().unwrap();
        assert!(error.to_string().starts_with("unknown encoding 'klingon'"));
        assert!(settings(&parsed(&["--encoding", "latin1", "--nfc"])).is_err());
    }

    #[test]
    fn invalid_utf8_is_an_error_where_it_starts() {
        assert_eq!(mapped(&[], b"http://a/\xFF").unwrap_err().0, 9);
    }
}
