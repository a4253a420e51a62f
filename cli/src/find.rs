//! `iri find [--schemes LIST] [--json] [TEXT...]`: the IRIs in running
//! text (RFC 3987 section 7.3, RFC 3986 Appendix C), as
//! [`rfc3987::find`] finds them.
//!
//! **One output line per IRI found**, not per input: a line of text may
//! hold none or several (the contract's extension note says so). Plain
//! mode prints each IRI; `--json` prints `{"line": N, "start": S, "end":
//! E, "text": "...", "iri": "..."}` with the input's number, the byte
//! range in it and the text there. `text` and `iri` differ only for an IRI
//! broken by white space inside `<...>` (RFC 3986 Appendix C), which is
//! printed without its white space.
//! Bytes that are not UTF-8 end an IRI, as a delimiter does; they are not
//! an error. The exit status is grep's: 0 when at least one IRI was found,
//! 1 when none was, 2 for a usage error.

use std::process::ExitCode;

use rfc3987::find::{Finder, DEFAULT_SCHEMES};
use serde::Serialize;

use crate::args::{CommandSpec, Common, OptionSpec, Parsed, UsageError};
use crate::help;
use crate::input::{Input, Outcome};
use crate::output::{Mode, Output};
use crate::pipeline;

/// The `find` subcommand.
pub const SPEC: CommandSpec = CommandSpec {
    name: "find",
    summary: "print the IRIs found in running text (RFC 3987 section 7.3)",
    usage: "iri find [--schemes LIST] [--json] [TEXT...]",
    options: &[OptionSpec {
        name: "schemes",
        value: Some("LIST"),
        help: "comma-separated entries 'name:' or 'name://' (the\n\
               second asks for // after the colon); default: the\n\
               schemes listed below",
    }],
    json: "{\"line\": N, \"start\": S, \"end\": E, \"text\": \"...\", \"iri\": \"...\"}\n\
           per IRI: the input's number, the byte range and its text",
    help,
};

/// `find`'s options, typed.
pub struct Args {
    pub common: Common,
    /// The finder for `--schemes` (or the default schemes).
    pub finder: Finder<'static>,
}

impl Args {
    pub fn from_parsed(parsed: Parsed) -> Result<Self, UsageError> {
        let finder = match parsed.value("schemes") {
            None => Finder::new(),
            Some(list) => {
                // The finder borrows its list, for the rest of the
                // process: one list per run, leaked once.
                let list: &'static str = String::leak(list.to_owned());
                let entries: &'static [&'static str] = Vec::leak(list.split(',').collect());
                Finder::with_schemes(entries).map_err(|e| {
                    let index = match e {
                        rfc3987::Error::SchemeList { index } => index,
                        _ => unreachable!("a scheme list fails only on an entry"),
                    };
                    UsageError::new(format!(
                        "--schemes: '{}' is not 'name:' or 'name://' with a valid scheme name",
                        entries[index]
                    ))
                })?
            }
        };
        Ok(Args {
            common: parsed.into_common(),
            finder,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let Args { common, finder } = args;
    let mut found = 0u64;
    let code = pipeline::sequential(common, |input, output| {
        found += write_matches(&finder, input, output);
        Outcome::Succeeded
    });
    if code == ExitCode::SUCCESS && found == 0 {
        ExitCode::FAILURE
    } else {
        code
    }
}

/// `--json` for one IRI found: the input's number, the byte range in it,
/// the text there and the IRI (the text less its white space when it was
/// broken inside `<...>`).
#[derive(Serialize)]
struct Found<'a> {
    line: u64,
    start: usize,
    end: usize,
    text: &'a str,
    iri: &'a str,
}

/// Writes the IRIs of one input, one line each; returns how many.
fn write_matches(finder: &Finder<'_>, input: Input<'_>, output: &mut Output<'_>) -> u64 {
    let mut count = 0;
    for m in finder.find_iter_bytes(input.bytes) {
        count += 1;
        match output.mode() {
            Mode::Plain => output.line(m.iri().as_str()),
            Mode::Json => output.json(&Found {
                line: input.number,
                start: m.start(),
                end: m.end(),
                text: m.as_str(),
                iri: m.iri().as_str(),
            }),
        }
        if output.is_broken() {
            break;
        }
    }
    count
}

fn help() -> String {
    format!(
        "iri find: print the IRIs found in running text (RFC 3987 section 7.3)\n\
         \n\
         usage: iri find [--schemes LIST] [--json] [TEXT...]\n\
         \n\
         Reads each TEXT, or when none is given each line of standard input,\n\
         and prints every IRI in it, one per line (so a line may give none or\n\
         several). An IRI starts with a listed scheme at the start of a word and\n\
         ends where the IRI grammar ends, at white space of any kind (also\n\
         U+00A0, U+3000, U+200B), at a bidi formatting character, at a quote\n\
         or angle bracket of any script, at non-ASCII sentence punctuation\n\
         (、。，．：；！？ ، । … ⋯) and the em dash (—) even with text right\n\
         after them, at a box-drawing frame (║ │), an arrow, a bullet, a\n\
         circled number or a reference mark (← • ① ※ †), at a closing\n\
         bracket of any script with no opening partner in the IRI (or none\n\
         at all: ﴿…﴾) and before one left open where the IRI ends, at the '\n\
         that closes a string opened by ' outside a word, at an emoji\n\
         right after a word or punctuation of the path\n\
         (https://youtu.be/abc😂; /wiki/😂 keeps it), at a full-width\n\
         opening bracket right after its text, or a （ opening a segment, or\n\
         one left open (https://example.jp/doc.pdf（PDF）,\n\
         https://example.jp/docs/（注）), at an HTML escape of a delimiter\n\
         (&lt; &gt; &quot; &nbsp; &hellip;), in the host of http, https,\n\
         ws, wss, ftp, file and the other default schemes with domain names\n\
         (ssh, irc, ...; or a mailto: address's domain) at a character no\n\
         domain name holds (!$&'()*+,;= and non-ASCII punctuation:\n\
         'https://a.example,https://b.example' is two IRIs) or where its\n\
         last label changes script (https://example.com에서,\n\
         http://192.168.0.1にアクセス) or holds a symbol\n\
         (https://example.com👈), at the Markdown emphasis that closes\n\
         around it (**...**, _..._, ~~...~~, also opened before a label:\n\
         **Docs: https://...**), or before trailing punctuation (.,;:!?',\n\
         ・・・, ～, \u{b7}, the Greek semicolon, and \u{5f4}, a Hebrew quote),\n\
         a dash other than - (…/a– next), footnote marks after it\n\
         (…/a.¹) and symbols right after an ASCII\n\
         character at its end (…/entry-123.html♪). A tel:, sms: or geo: IRI\n\
         ends at its first non-ASCII character. After the host, a Japanese\n\
         or Korean particle, or Thai, ends it right after an ASCII letter or\n\
         digit of a part that is US-ASCII (…/page.htmlをご覧ください,\n\
         …/guide에서; not /wiki/C言語), as does a part that starts with a\n\
         particle no word starts with (…/docs/をご覧ください). Otherwise a non-ASCII\n\
         letter does not end an IRI (section 7.3): /wiki/北京了解更多 is\n\
         one; but the particle を ends it anywhere after the host.\n\
         Inside <...> or \"...\" the delimiters alone say where it ends, and\n\
         white space inside <...> is left out of the IRI (RFC 3986 Appendix\n\
         C). A soft hyphen (U+00AD, from hyphenated text) never ends an IRI\n\
         and is left out of it. An IRI never spans lines.\n\
         \n\
         {}\
         Default schemes:\n\
         {}\
         \n\
         Exit status: 0 when at least one IRI was found, 1 when none was, 2 for\n\
         a usage error.\n",
        help::options(&SPEC),
        wrap_list(DEFAULT_SCHEMES, 2, 78)
    )
}

/// `items` joined by commas, in lines indented by `indent` and at most
/// `width` columns wide.
fn wrap_list(items: &[&str], indent: usize, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            (*item).to_owned()
        };
        if !line.is_empty() && indent + line.len() + 1 + piece.len() > width {
            out.push_str(&format!("{:indent$}{line}\n", ""));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    if !line.is_empty() {
        out.push_str(&format!("{:indent$}{line}\n", ""));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &[u8], mode: Mode) -> (String, u64) {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut output = Output::new(mode, &mut stdout, &mut stderr);
        let input = Input {
            number: 3,
            bytes: text,
        };
        let count = write_matches(&Finder::new(), input, &mut output);
        output.finish().unwrap();
        assert!(stderr.is_empty());
        (String::from_utf8(stdout).unwrap(), count)
    }

    #[test]
    fn one_line_per_iri() {
        assert_eq!(
            found(b"a http://a/b, <mailto:x@y> \xFF", Mode::Plain),
            ("http://a/b\nmailto:x@y\n".to_owned(), 2)
        );
        assert_eq!(found(b"nothing here", Mode::Plain), (String::new(), 0));
        assert_eq!(
            found(
                "<http://例え.jp/ パス>、http://b/\u{200F}".as_bytes(),
                Mode::Plain
            ),
            ("http://例え.jp/パス\nhttp://b/\n".to_owned(), 2)
        );
        assert_eq!(
            found(b"<http://a/ b>", Mode::Json),
            (
                "{\"line\": 3, \"start\": 1, \"end\": 12, \"text\": \"http://a/ b\", \"iri\": \"http://a/b\"}\n".to_owned(),
                1
            )
        );
        assert_eq!(
            found("é http://a/".as_bytes(), Mode::Json),
            (
                "{\"line\": 3, \"start\": 3, \"end\": 12, \"text\": \"http://a/\", \"iri\": \"http://a/\"}\n".to_owned(),
                1
            )
        );
    }
}
