//! `iri display [--rtl-context] [--embedding isolate|embed] [--scripts LIST]
//! [--bidi-unsafe] [--confusables] [--json] [INPUT...]`: the text to show
//! for each input IRI reference (RFC 3987 sections 4.1 and 7.6), as
//! [`rfc3987::IriRef::for_display_with`] computes it, one option per
//! option of [`rfc3987::display::Show`].
//!
//! The result is text for a screen, not an IRI: it is wrapped in
//! LRI ... PDI (or LRE ... PDF) when it holds right-to-left characters or
//! sits in right-to-left text, and those marks are not IRI characters.
//! Stripped of them, it is an IRI reference that maps to the input's URI.
//!
//! Lines of stdin are shown in batches on every core
//! ([`crate::pipeline::parallel`]); output stays in input order.

use std::process::ExitCode;

use rfc3987::display::{Embedding, Script, Show};
use rfc3987::IriRef;

use crate::args::{scripts, CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;

/// The `display` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "display",
    summary: "the text to show for IRI references (RFC 3987 sections 4.1, 7.6)",
    usage: "iri display [--rtl-context] [--embedding isolate|embed] [--scripts LIST] \
            [--bidi-unsafe] [--confusables] [--decode] [--json] [INPUT...]",
    options: &[
        OptionSpec {
            name: "rtl-context",
            value: None,
            help: "the text around the IRI is right-to-left: wrap\n\
                   every IRI, not only those with right-to-left\n\
                   characters",
        },
        OptionSpec {
            name: "embedding",
            value: Some("E"),
            help: "isolate: U+2066 LRI ... U+2069 PDI (default)\n\
                   embed: U+202A LRE ... U+202C PDF, section 4.1's\n\
                   \x20 marks, for renderers without isolates",
        },
        OptionSpec {
            name: "scripts",
            value: Some("LIST"),
            help: "the scripts the display can show: Unicode names\n\
                   (Latin, Han, Arabic, ...) or ISO 15924 codes\n\
                   (Latn; Jpan, Kore: the scripts written\n\
                   together), comma-separated; other non-ASCII\n\
                   characters are percent-encoded (Common ones\n\
                   are shown with any script; a combining mark\n\
                   or joiner goes with the character before it)",
        },
        OptionSpec {
            name: "bidi-unsafe",
            value: None,
            help: "percent-encode whole every component that breaks\n\
                   a bidi restriction of section 4.2",
        },
        OptionSpec {
            name: "confusables",
            value: None,
            help: "in a word that mixes scripts to look like one\n\
                   (p\u{430}ypal, Cyrillic \u{430}) or a host label that\n\
                   reads as the Latin of the other labels\n\
                   (\u{430}\u{440}\u{440}\u{4cf}\u{435}.com), percent-encode the look-alikes\n\
                   (UTS 39, as lint reads it)",
        },
        crate::select::DECODE,
    ],
    json: "{\"input\": \"...\", \"output\": \"...\"} per input",
    help,
};

/// The options of the command line, parsed: the scripts are owned here and
/// borrowed by [`Options::show`].
pub struct Options {
    rtl_context: bool,
    embedding: Embedding,
    scripts: Option<Vec<Script>>,
    bidi_unsafe: bool,
    confusables: bool,
    decode: bool,
}

impl Options {
    fn parse(args: &Parsed) -> Result<Self, UsageError> {
        let embedding = match args.value("embedding") {
            None | Some("isolate") => Embedding::Isolate,
            Some("embed") => Embedding::Embed,
            Some(other) => {
                return Err(UsageError::new(format!(
                    "unknown embedding '{other}'; the embeddings are: isolate, embed"
                )))
            }
        };
        let scripts = match args.value("scripts") {
            Some(list) => Some(scripts(Some(list))?),
            None => None,
        };
        Ok(Options {
            rtl_context: args.flag("rtl-context"),
            embedding,
            scripts,
            bidi_unsafe: args.flag("bidi-unsafe"),
            confusables: args.flag("confusables"),
            decode: args.flag("decode"),
        })
    }

    fn show(&self) -> Show<'_> {
        let show = Show::new()
            .rtl_context(self.rtl_context)
            .embedding(self.embedding)
            .bidi_unsafe(self.bidi_unsafe)
            .confusables(self.confusables);
        match &self.scripts {
            Some(scripts) => show.scripts(scripts),
            None => show,
        }
    }
}

/// `display`'s options, typed.
pub struct Args {
    pub common: Common,
    pub options: Options,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let options = Options::parse(&parsed)?;
        Ok(Args {
            common: parsed.into_common(),
            options,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let show = args.options.show();
    let decode = args.options.decode;
    crate::pipeline::parallel(
        args.common,
        crate::input::LineEnd::Newline,
        |bytes| shown(&show, decode, bytes),
        crate::output::write_conversion,
    )
}

/// The text to show for one input (decoded first when `decode`), or the
/// byte offset and message of its error.
fn shown(show: &Show<'_>, decode: bool, bytes: &[u8]) -> Result<String, (usize, String)> {
    let text = crate::select::decoded(bytes, decode)?;
    let iri = IriRef::parse(text.as_ref()).map_err(|e| (e.offset(), e.to_string()))?;
    Ok(iri.for_display_with(show).into_owned())
}

fn help() -> String {
    help::page(
        "iri display: the text to show for IRI references (RFC 3987 sections 4.1\n\
         and 7.6)\n\
         \n\
         usage: iri display [--rtl-context] [--embedding isolate|embed]\n\
         \x20                  [--scripts LIST] [--bidi-unsafe] [--confusables]\n\
         \x20                  [--decode] [--json] [INPUT...]\n\
         \n\
         For each INPUT, or when none is given each line of standard input\n\
         (split on \\n only), an IRI-reference, prints the text to show for it.\n\
         Section 4.1: an IRI is shown as in a left-to-right embedding, so one\n\
         with right-to-left characters (or any, with --rtl-context) is wrapped\n\
         in U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE\n\
         (or LRE ... PDF with --embedding embed); the marks are not part of\n\
         the IRI. Section 7.6: what the display cannot show correctly is\n\
         percent-encoded (UTF-8, uppercase hex): bidi formatting characters\n\
         always, and, when asked, characters outside --scripts, components\n\
         that break section 4.2, confusables. Stripped of the marks, the text\n\
         is an IRI reference with the input's URI.\n\
         http://example.org/\u{5e9}\u{5dc}\u{5d5}\u{5dd} prints LRI http://example.org/\u{5e9}\u{5dc}\u{5d5}\u{5dd} PDI;\n\
         with --scripts Latin, http://example.org/\u{65e5}\u{672c} prints\n\
         http://example.org/%E6%97%A5%E6%9C%AC.\n\
         \n\
         ",
        &SPEC,
        &(help::conversion_output("the text to show")
            + "\
         Exit status: 0 when every input is a valid IRI reference, 1 when at\n\
         least one is not, 2 for a usage error.\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args;

    fn displayed(args: &[&str], input: &str) -> Result<String, (usize, String)> {
        let parsed = args::parsed_for_test(SPEC.options, args);
        let options = Options::parse(&parsed).unwrap();
        shown(&options.show(), options.decode, input.as_bytes())
    }

    #[test]
    fn each_option_reaches_the_library() {
        let hebrew = "http://example.org/\u{5e9}\u{5dc}\u{5d5}\u{5dd}";
        assert_eq!(
            displayed(&[], hebrew).unwrap(),
            format!("\u{2066}{hebrew}\u{2069}")
        );
        assert_eq!(
            displayed(&["--embedding", "embed"], hebrew).unwrap(),
            format!("\u{202A}{hebrew}\u{202C}")
        );
        assert_eq!(displayed(&[], "http://a/b").unwrap(), "http://a/b");
        assert_eq!(
            displayed(&["--rtl-context"], "http://a/b").unwrap(),
            "\u{2066}http://a/b\u{2069}"
        );
        assert_eq!(
            displayed(&["--scripts", "Latn"], "x:\u{e9}\u{65e5}").unwrap(),
            "x:\u{e9}%E6%97%A5"
        );
        assert_eq!(
            displayed(&["--confusables"], "x:p\u{430}y").unwrap(),
            "x:p%D0%B0y"
        );
        assert_eq!(
            displayed(&["--bidi-unsafe"], "http://a/\u{5d6}\u{5d7}1").unwrap(),
            "http://a/%D7%96%D7%971"
        );
        let tokyo = "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC";
        assert_eq!(displayed(&[], tokyo).unwrap(), tokyo);
        assert_eq!(
            displayed(&["--decode"], tokyo).unwrap(),
            "https://ja.wikipedia.org/wiki/\u{6771}\u{4eac}"
        );
        // Decoded as to-iri decodes: the look-alikes stay encoded.
        assert_eq!(
            displayed(
                &["--decode", "--scripts", "Latn"],
                "x:%E6%9D%B1%E2%80%8B%C3%A9"
            )
            .unwrap(),
            "x:%E6%9D%B1%E2%80%8B\u{e9}"
        );
        let hebrew = "http://example.org/%D7%A9%D7%9C%D7%95%D7%9D";
        assert_eq!(
            displayed(&["--decode"], hebrew).unwrap(),
            "\u{2066}http://example.org/\u{5e9}\u{5dc}\u{5d5}\u{5dd}\u{2069}"
        );
    }

    #[test]
    fn bad_options_are_usage_errors() {
        let parsed = args::parsed_for_test(SPEC.options, &["--embedding", "rlo"]);
        assert!(Options::parse(&parsed).is_err());
        let parsed = args::parsed_for_test(SPEC.options, &["--scripts", "Elvish"]);
        assert!(Options::parse(&parsed).is_err());
    }

    #[test]
    fn invalid_input_is_an_error_where_it_starts() {
        assert_eq!(displayed(&[], "http://a/%4").unwrap_err().0, 11);
        assert_eq!(displayed(&[], "http://a/b c").unwrap_err().0, 10);
    }
}
