//! Results on stdout, plain or JSON, and error lines on stderr.
//!
//! Per the contract, every input gets one line on stdout (except `check` in
//! plain mode, which prints nothing for a valid input):
//!
//! - plain mode: the result; for a failure an empty line, and on stderr
//!   `line N: error at byte OFFSET: MESSAGE` ([`Output::plain_error`]);
//! - `--json`: one object ([`Output::json`]), a `#[derive(Serialize)]`
//!   struct per result shape (the subcommand's own, or [`Converted`] and
//!   [`Failed`] here), its keys in field order, written in the contract's
//!   spacing, `": "` after a key and `", "` between members and elements
//!   alike ([`ContractSpacing`]): `{"input": "a b", "valid": false, "error":
//!   {"offset": 1, "message": "..."}}`, `{"input": ["A", "B"], ...}`.
//!   Nothing goes to stderr: the object carries the error, and its line
//!   number is its position.
//!
//! **Write errors are sticky.** The first failed write to stdout is kept and
//! every later write is skipped, so a subcommand writes without checking;
//! the input loop asks [`Output::is_broken`] after each input and stops
//! (see [`crate::input`] for what a broken pipe does to the exit status).
//! Stderr failures are ignored: there is nowhere left to report them.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::io::{self, Write};

use serde::Serialize;

use crate::input::{Input, Outcome};

/// Plain text or JSON lines (`--json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The default: results as text, errors on stderr.
    Plain,
    /// One JSON object per input.
    Json,
}

/// Where a subcommand writes its results.
pub struct Output<'w> {
    mode: Mode,
    stdout: &'w mut dyn Write,
    stderr: &'w mut dyn Write,
    /// The first stdout write error; once set, stdout is no longer written.
    error: Option<io::Error>,
    /// Reused for formatting messages, so a line costs no allocation.
    scratch: String,
    /// Reused for building JSON lines.
    line: Vec<u8>,
    /// Stderr lines not written yet (see [`Output::queue_error`]).
    errors: Vec<u8>,
}

/// The most bytes of stderr lines written at once: Linux's `PIPE_BUF`, the
/// size up to which a write to a pipe is atomic (POSIX asks for at least
/// 512).
const ERRORS_CHUNK: usize = 4096;

/// How many decimal digits `n` has.
fn decimal_len(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |digits| digits as usize + 1)
}

impl<'w> Output<'w> {
    /// Output in `mode` to `stdout` (buffered by the caller) and `stderr`.
    pub fn new(mode: Mode, stdout: &'w mut dyn Write, stderr: &'w mut dyn Write) -> Self {
        Output {
            mode,
            stdout,
            stderr,
            error: None,
            scratch: String::new(),
            line: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// Plain or JSON.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether a write to stdout has failed (then nothing more is written).
    pub fn is_broken(&self) -> bool {
        self.error.is_some()
    }

    /// Flushes stdout, keeping the error if it fails, and writes the
    /// queued stderr lines.
    pub fn flush(&mut self) {
        if self.error.is_none() {
            if let Err(error) = self.stdout.flush() {
                self.error = Some(error);
            }
        }
        self.write_errors();
    }

    /// Flushes stdout and stderr, and returns the first stdout write
    /// error, if any. A line [`report`](Self::report)ed after this needs
    /// another [`flush`](Self::flush).
    pub fn finish(&mut self) -> Result<(), io::Error> {
        self.flush();
        self.error.take().map_or(Ok(()), Err)
    }

    /// A plain-mode failure: an empty line on stdout, and
    /// `line NUMBER: error at byte OFFSET: MESSAGE` on stderr (with a hint
    /// when the input ends in the `\r` of a CRLF line end).
    ///
    /// The library's messages name the offset (`... at byte 9 in
    /// isegment`) for callers that print them alone; the line prefix
    /// already does, so the message's own ` at byte OFFSET` is left out
    /// and the offset is printed once.
    ///
    /// The line is formatted in place in a reused buffer (no allocation per
    /// failed input: on a file with many invalid lines the messages are a
    /// good part of the work).
    pub fn plain_error(&mut self, input: &Input<'_>, offset: usize, message: &dyn fmt::Display) {
        self.plain_error_with(input, offset, message, true);
    }

    /// [`plain_error`](Self::plain_error) for a message that does not name
    /// the offset (`rfc3987::CheckError::message`): nothing to take out.
    pub fn plain_error_bare(
        &mut self,
        input: &Input<'_>,
        offset: usize,
        message: &dyn fmt::Display,
    ) {
        self.plain_error_with(input, offset, message, false);
    }

    fn plain_error_with(
        &mut self,
        input: &Input<'_>,
        offset: usize,
        message: &dyn fmt::Display,
        names_offset: bool,
    ) {
        self.write(b"\n");
        let number = input.number;
        let hint = crlf_hint(input.bytes, offset);
        let mut line = std::mem::take(&mut self.scratch);
        line.clear();
        // The numbers without the formatting machinery (`itoa`): at one
        // message a line, its cost per argument shows.
        let mut digits = itoa::Buffer::new();
        line.push_str("line ");
        line.push_str(digits.format(number));
        line.push_str(": error at byte ");
        line.push_str(digits.format(offset));
        line.push_str(": ");
        let start = line.len();
        let _ = write!(line, "{message}");
        if names_offset {
            // The message's own ` at byte OFFSET`, as a suffix of the
            // prefix just written: its first occurrence in the message goes.
            let needle = &line[start - 2 - decimal_len(offset) - " at byte ".len()..start - 2];
            if let Some(at) = line[start..].find(needle).map(|at| start + at) {
                line.replace_range(at..at + needle.len(), "");
            }
        }
        line.push_str(hint);
        line.push('\n');
        self.queue_error(&line);
        self.scratch = line;
    }

    /// A plain-mode result: `text` and a newline on stdout.
    pub fn line(&mut self, text: &str) {
        self.write(text.as_bytes());
        self.write(b"\n");
    }

    /// Writes one line to stderr, queued with the others until the next
    /// [`flush`](Self::flush) or [`finish`](Self::finish) (see
    /// [`queue_error`](Self::queue_error)).
    pub fn report(&mut self, line: fmt::Arguments<'_>) {
        let mut text = std::mem::take(&mut self.scratch);
        text.clear();
        let _ = text.write_fmt(line);
        text.push('\n');
        self.queue_error(&text);
        self.scratch = text;
    }

    /// Queues whole stderr lines, written together when adding `lines`
    /// would take the queue past [`ERRORS_CHUNK`] bytes and at every flush:
    /// one system call for many messages instead of one each, and each
    /// write whole lines of at most `PIPE_BUF` bytes, so that a pipe shared
    /// with other writers never splits a line (a longer line is written
    /// alone, as before).
    fn queue_error(&mut self, lines: &str) {
        self.queue_error_bytes(lines.as_bytes());
    }

    fn queue_error_bytes(&mut self, lines: &[u8]) {
        if self.errors.len() + lines.len() > ERRORS_CHUNK {
            self.write_errors();
        }
        if lines.len() > ERRORS_CHUNK {
            let _ = self.stderr.write_all(lines);
        } else {
            self.errors.extend_from_slice(lines);
        }
    }

    /// Writes what another `Output` wrote into memory (a batch answered on
    /// another thread): its stdout bytes, and its stderr lines, queued one
    /// by one as [`report`](Self::report) queues them.
    pub fn write_answer(&mut self, stdout: &[u8], stderr: &[u8]) {
        self.write(stdout);
        for line in stderr.split_inclusive(|&b| b == b'\n') {
            self.queue_error_bytes(line);
        }
    }

    /// Writes the queued stderr lines.
    fn write_errors(&mut self) {
        if !self.errors.is_empty() {
            let _ = self.stderr.write_all(&self.errors);
            self.errors.clear();
        }
    }

    /// Writes `value` as one JSON line, in the contract's spacing.
    ///
    /// The line is built in a reused buffer and written in one call.
    pub fn json(&mut self, value: &impl Serialize) {
        if self.error.is_some() {
            return;
        }
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        let mut serializer = serde_json::Serializer::with_formatter(&mut line, ContractSpacing);
        match value.serialize(&mut serializer) {
            Ok(()) => {
                line.push(b'\n');
                self.write(&line);
            }
            Err(error) => self.error = Some(error.into()),
        }
        self.line = line;
    }

    /// A failed input, in either mode: [`plain_error`](Self::plain_error),
    /// or `{"input": TEXT, "error": {...}}` (with `"valid": false` before
    /// the error when `valid` is `Some`, for the subcommands whose success
    /// says `"valid": true`).
    pub fn fail(
        &mut self,
        input: &Input<'_>,
        valid: Option<bool>,
        offset: usize,
        message: &dyn fmt::Display,
    ) -> Outcome {
        match self.mode {
            // Plain mode echoes nothing: no need for the input's text.
            Mode::Plain => {
                self.plain_error(input, offset, message);
                Outcome::Failed
            }
            Mode::Json => self.fail_with(input, input.text(), valid, offset, message),
        }
    }

    /// [`fail`](Self::fail) with `echo` as the JSON `"input"` (`equiv`
    /// echoes the line's two sides).
    pub fn fail_with(
        &mut self,
        input: &Input<'_>,
        echo: impl Serialize,
        valid: Option<bool>,
        offset: usize,
        message: &dyn fmt::Display,
    ) -> Outcome {
        match self.mode {
            Mode::Plain => self.plain_error(input, offset, message),
            Mode::Json => self.json(&Failed {
                input: echo,
                valid,
                error: ErrorObject::new(input, offset, message),
            }),
        }
        Outcome::Failed
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            if let Err(error) = self.stdout.write_all(bytes) {
                self.error = Some(error);
            }
        }
    }
}

/// The JSON of a failed input.
#[derive(Serialize)]
pub struct Failed<I> {
    /// The input's text (or what the subcommand echoes for it).
    pub input: I,
    /// `false` for the subcommands whose success says `"valid": true`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// Where and why.
    pub error: ErrorObject,
}

/// `{"offset": N, "message": "..."}`: where an input was rejected, and
/// why (with the CRLF hint of [`Output::plain_error`]).
#[derive(Serialize)]
pub struct ErrorObject {
    offset: usize,
    message: String,
}

impl ErrorObject {
    /// The error object of `input`, rejected at `offset` for `message`.
    pub fn new(input: &Input<'_>, offset: usize, message: &dyn fmt::Display) -> Self {
        let hint = crlf_hint(input.bytes, offset);
        ErrorObject {
            offset,
            message: format!("{message}{hint}"),
        }
    }
}

/// The JSON of a successful conversion (`to-uri`, `to-iri`, `normalize`,
/// `resolve`, `relativize`): `{"input": "...", "output": "..."}`.
#[derive(Serialize)]
pub struct Converted<'a> {
    pub input: Cow<'a, str>,
    pub output: &'a str,
}

/// The contract's JSON spacing: `": "` after a key, `", "` between the
/// members of an object and the elements of an array; nothing else.
pub struct ContractSpacing;

impl serde_json::ser::Formatter for ContractSpacing {
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        separate(writer, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        separate(writer, first)
    }
}

/// `", "` before every member or element but the first.
fn separate<W: ?Sized + Write>(writer: &mut W, first: bool) -> io::Result<()> {
    if first {
        Ok(())
    } else {
        writer.write_all(b", ")
    }
}

/// A hint for an error at the `\r` that ends `bytes`: the input has CRLF
/// line ends, and lines are split on `\n` only (the contract), so the `\r`
/// is part of the input.
fn crlf_hint(bytes: &[u8], offset: usize) -> &'static str {
    if bytes.last() == Some(&b'\r') && offset + 1 >= bytes.len() {
        "; the line ends with a carriage return (CRLF line ends?): remove it, e.g. with tr -d '\\r'"
    } else {
        ""
    }
}

/// Writes the result of a conversion subcommand (`to-uri`, `to-iri`,
/// `normalize`, `resolve`) in the contract's shapes: the output text, or
/// the error at its offset.
pub fn write_conversion<E: fmt::Display>(
    input: Input<'_>,
    result: Result<String, (usize, E)>,
    output: &mut Output<'_>,
) -> Outcome {
    match result {
        Ok(text) => {
            match output.mode() {
                Mode::Plain => output.line(&text),
                Mode::Json => output.json(&Converted {
                    input: input.text(),
                    output: &text,
                }),
            }
            Outcome::Succeeded
        }
        Err((offset, error)) => output.fail(&input, None, offset, &error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that accepts `room` bytes, then fails like a closed pipe.
    struct Pipe {
        written: Vec<u8>,
        room: usize,
    }

    impl Write for Pipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.written.len() >= self.room {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.room - self.written.len());
            self.written.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[derive(Serialize)]
    struct Sample<'a> {
        port: Option<&'a str>,
        list: &'a [&'a str],
        nested: [Converted<'a>; 2],
    }

    #[test]
    fn json_objects_use_the_contract_spacing_and_escape_strings() {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut out = Output::new(Mode::Json, &mut stdout, &mut stderr);
        let input = Input {
            number: 1,
            bytes: b"a \"b\"\r\\",
        };
        let outcome = out.fail(&input, Some(false), 3, &"bad \u{7}");
        assert_eq!(outcome, Outcome::Failed);
        out.fail(&input, None, 0, &"m");
        out.json(&Converted {
            input: "".into(),
            output: "x",
        });
        out.json(&Sample {
            port: None,
            list: &["A", "B"],
            nested: [
                Converted {
                    input: "1".into(),
                    output: "2",
                },
                Converted {
                    input: "3".into(),
                    output: "4",
                },
            ],
        });
        out.json(&Sample {
            port: Some("80"),
            list: &[],
            nested: [
                Converted {
                    input: "".into(),
                    output: "",
                },
                Converted {
                    input: "".into(),
                    output: "",
                },
            ],
        });
        out.finish().unwrap();
        assert_eq!(
            String::from_utf8(stdout).unwrap(),
            "{\"input\": \"a \\\"b\\\"\\r\\\\\", \"valid\": false, \
             \"error\": {\"offset\": 3, \"message\": \"bad \\u0007\"}}\n\
             {\"input\": \"a \\\"b\\\"\\r\\\\\", \"error\": {\"offset\": 0, \"message\": \"m\"}}\n\
             {\"input\": \"\", \"output\": \"x\"}\n\
             {\"port\": null, \"list\": [\"A\", \"B\"], \"nested\": \
             [{\"input\": \"1\", \"output\": \"2\"}, {\"input\": \"3\", \"output\": \"4\"}]}\n\
             {\"port\": \"80\", \"list\": [], \"nested\": \
             [{\"input\": \"\", \"output\": \"\"}, {\"input\": \"\", \"output\": \"\"}]}\n"
        );
        assert!(stderr.is_empty());
    }

    #[test]
    fn a_json_failure_carries_the_crlf_hint() {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut out = Output::new(Mode::Json, &mut stdout, &mut stderr);
        let input = Input {
            number: 1,
            bytes: b"a\r",
        };
        out.fail(&input, None, 1, &"m");
        out.finish().unwrap();
        let line = String::from_utf8(stdout).unwrap();
        assert!(
            line.starts_with(
                "{\"input\": \"a\\r\", \"error\": {\"offset\": 1, \"message\": \"m; the line"
            ),
            "{line}"
        );
    }

    #[test]
    fn plain_errors_are_an_empty_line_and_a_numbered_stderr_line() {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut out = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        let input = Input {
            number: 7,
            bytes: b"http://a/ b",
        };
        out.plain_error(&input, 12, &"IRI does not allow U+0020 at byte 12");
        out.finish().unwrap();
        assert_eq!(stdout, b"\n");
        assert_eq!(
            String::from_utf8(stderr).unwrap(),
            "line 7: error at byte 12: IRI does not allow U+0020\n"
        );
    }

    #[test]
    fn an_error_at_a_final_carriage_return_hints_at_crlf() {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut out = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        let input = Input {
            number: 2,
            bytes: b"http://a/\r",
        };
        out.plain_error(&input, 9, &"IRI-reference does not allow U+000D");
        // Not at the end: no hint.
        let input = Input {
            number: 3,
            bytes: b"a\rb",
        };
        out.plain_error(&input, 1, &"m");
        out.finish().unwrap();
        assert_eq!(
            String::from_utf8(stderr).unwrap(),
            "line 2: error at byte 9: IRI-reference does not allow U+000D; the line ends with a \
             carriage return (CRLF line ends?): remove it, e.g. with tr -d '\\r'\n\
             line 3: error at byte 1: m\n"
        );
    }

    /// Records each write it gets, as one piece.
    #[derive(Default)]
    struct Writes(Vec<Vec<u8>>);

    impl Write for Writes {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.push(bytes.to_vec());
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn stderr_lines_are_queued_and_written_whole_in_chunks() {
        let (mut stdout, mut stderr) = (Vec::new(), Writes::default());
        let mut out = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        let mut expected = String::new();
        // Messages of every length from 1 to 5,000 bytes (one longer than a
        // chunk), each with the offset the line prefix repeats.
        for (number, len) in (1..400).chain([4096, 5000, 7]).enumerate() {
            let number = number + 1;
            let offset = len * 31;
            let text = "x".repeat(len);
            let message = format!("{text} at byte {offset} in r");
            let input = Input {
                number: number as u64,
                bytes: b"a",
            };
            out.plain_error(&input, offset, &message);
            expected += &format!("line {number}: error at byte {offset}: {text} in r\n");
            if number == 200 {
                // A flush writes what is queued.
                out.flush();
                assert!(out.errors.is_empty());
            }
        }
        out.finish().unwrap();
        let writes = &stderr.0;
        assert!(writes.len() < 402 / 4, "{} writes", writes.len());
        for piece in writes {
            // Whole lines only; at most a chunk unless a single line.
            assert_eq!(piece.last(), Some(&b'\n'));
            let lines = piece.iter().filter(|&&b| b == b'\n').count();
            assert!(piece.len() <= ERRORS_CHUNK || lines == 1, "{}", piece.len());
        }
        assert_eq!(String::from_utf8(writes.concat()).unwrap(), expected);
    }

    #[test]
    fn plain_results_are_lines() {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let mut out = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        out.line("http://a/");
        out.line("");
        out.finish().unwrap();
        assert_eq!(stdout, b"http://a/\n\n");
        assert!(stderr.is_empty());
    }

    #[test]
    fn the_first_write_error_sticks_and_stops_writing() {
        let mut pipe = Pipe {
            written: Vec::new(),
            room: 5,
        };
        let mut stderr = Vec::new();
        let mut out = Output::new(Mode::Json, &mut pipe, &mut stderr);
        let converted = |input: &'static str| Converted {
            input: input.into(),
            output: "",
        };
        out.json(&converted("abc"));
        assert!(out.is_broken());
        out.json(&converted("def"));
        let error = out.finish().unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(pipe.written, b"{\"inp");
        assert!(stderr.is_empty());
    }
}
