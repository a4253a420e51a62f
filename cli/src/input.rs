//! The input loop shared by every subcommand: where inputs come from, how
//! they are numbered, and what the exit status is.
//!
//! A subcommand gives [`run`] a function from one [`Input`] to an
//! [`Outcome`], which writes that input's result through the [`Output`];
//! the loop does the rest.
//!
//! # Invariants
//!
//! - **Source.** The inputs are the arguments when there is at least one
//!   (after the options), otherwise the lines of standard input; never both.
//! - **Lines.** Standard input is split on `\n` only. The `\n` is removed and
//!   nothing else: a `\r` before it stays part of the input (so a CRLF file
//!   fails at the `\r`, which is where the grammar rejects it). A last line
//!   without `\n` is an input; an empty stdin has no inputs, and `"a\n"` is
//!   one input, not two. An empty line is an input, the empty string.
//! - **Bytes.** An input is passed on byte for byte, whatever its encoding;
//!   an argument is taken as the OS gave it ([`std::ffi::OsStr::as_encoded_bytes`]).
//!   Bytes that are not UTF-8 are that input's failure, decided by the
//!   subcommand (`rfc3987::check_bytes` rejects them at the byte where the
//!   malformation starts), never the loop's; [`Input::text`] is the lossy
//!   text (U+FFFD for each malformed sequence) to echo in JSON.
//! - **Numbers.** [`Input::number`] is 1-based: the line number on stdin,
//!   the position among the input arguments otherwise (`iri check --json a b`:
//!   `b` is 2). It is the `N` of `line N: error at byte OFFSET: MESSAGE`.
//! - **Memory.** One line buffer is reused for every line (its capacity is
//!   the longest line so far); reads and writes go through 64 KiB buffers.
//!   Nothing accumulates from one input to the next, so a 100 MB stream runs
//!   in memory bounded by its longest line.
//! - **Flushing.** Stdout is flushed at the end, and also before any read of
//!   stdin that may block (when no complete line is left in the read buffer):
//!   a program that writes one line and waits for the answer gets it, and a
//!   file or pipe costs at most one flush per 64 KiB read.
//! - **Exit status.** 0 when every input succeeded, 1 when at least one
//!   failed. Reading stdin or writing stdout can fail too: the loop stops,
//!   says so on stderr, and the status is 1, except for a broken pipe
//!   (`iri check --json < big | head -1`), which is how a reader says it has
//!   seen enough: the loop stops quietly and the status is that of the inputs
//!   handled so far, the one whose output broke included.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, BufWriter, Read};
use std::process::ExitCode;

use crate::args::Parsed;
use crate::output::{Mode, Output};

/// Size of the stdin read buffer and of the stdout write buffer.
const BUFFER_SIZE: usize = 64 * 1024;

/// One input: an argument or a line of stdin, without its `\n`.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// 1-based line number, or position among the input arguments.
    pub number: u64,
    /// The input, byte for byte.
    pub bytes: &'a [u8],
}

impl<'a> Input<'a> {
    /// The input as text for JSON output, each malformed UTF-8 sequence
    /// replaced by U+FFFD (borrowed, no copy, when it is valid UTF-8).
    pub fn text(&self) -> std::borrow::Cow<'a, str> {
        String::from_utf8_lossy(self.bytes)
    }
}

/// Whether one input succeeded; any failure makes the exit status 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The input was valid, converted, ...
    Succeeded,
    /// The input was rejected; its error has been written.
    Failed,
}

/// The status of a whole run, before it becomes an exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Every input succeeded (exit 0).
    Succeeded,
    /// At least one input failed, or I/O did (exit 1).
    Failed,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        match status {
            Status::Succeeded => ExitCode::SUCCESS,
            Status::Failed => ExitCode::FAILURE,
        }
    }
}

/// Where inputs come from.
pub enum Source<'a, R> {
    /// The input arguments (at least one).
    Args(&'a [OsString]),
    /// Lines of a reader (stdin).
    Lines(&'a mut BufReader<R>),
}

/// How input lines end: the byte `\n`, as the contract says, or its UTF-16
/// encoding when `to-uri --encoding` names UTF-16 (where a `0x0A` byte is
/// often half of another character, and a newline is two bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineEnd {
    /// `\n`.
    #[default]
    Newline,
    /// `0A 00`, at an even offset of the line.
    Utf16Le,
    /// `00 0A`, at an even offset of the line.
    Utf16Be,
}

impl LineEnd {
    /// The line end of text in `encoding`.
    pub fn of(encoding: &rfc3987::mapping::encoding_rs::Encoding) -> LineEnd {
        use rfc3987::mapping::encoding_rs::{UTF_16BE, UTF_16LE};
        if encoding == UTF_16LE {
            LineEnd::Utf16Le
        } else if encoding == UTF_16BE {
            LineEnd::Utf16Be
        } else {
            LineEnd::Newline
        }
    }

    fn len(self) -> usize {
        match self {
            LineEnd::Newline => 1,
            LineEnd::Utf16Le | LineEnd::Utf16Be => 2,
        }
    }

    /// Whether `line` (one line from its start) ends with this line end.
    fn ends(self, line: &[u8]) -> bool {
        let n = line.len();
        match self {
            LineEnd::Newline => line.ends_with(b"\n"),
            LineEnd::Utf16Le => n.is_multiple_of(2) && line.ends_with(b"\n\0"),
            LineEnd::Utf16Be => n.is_multiple_of(2) && line.ends_with(b"\0\n"),
        }
    }

    /// Appends the next line, its end included, to `buf`; returns how many
    /// bytes were appended, 0 at the end of the input.
    pub fn read_line<R: BufRead>(self, reader: &mut R, buf: &mut Vec<u8>) -> io::Result<usize> {
        let start = buf.len();
        loop {
            if reader.read_until(b'\n', buf)? == 0 || buf.last() != Some(&b'\n') {
                // The end of the input: what was read is the last line.
                return Ok(buf.len() - start);
            }
            if self == LineEnd::Utf16Le && !(buf.len() - start).is_multiple_of(2) {
                // The `0A` of a possible `0A 00` is in: take the byte after.
                if let Some(&next) = reader.fill_buf()?.first() {
                    buf.push(next);
                    reader.consume(1);
                }
            }
            if self.ends(&buf[start..]) {
                return Ok(buf.len() - start);
            }
        }
    }

    /// The length of `line` (as [`read_line`](Self::read_line) appended
    /// it) without its line end.
    pub fn content_len(self, line: &[u8]) -> usize {
        if self.ends(line) {
            line.len() - self.len()
        } else {
            line.len()
        }
    }
}

/// Runs `each` over the inputs of `args` (its input arguments, or else
/// stdin) with stdout and stderr in the mode `--json` selects, and returns
/// the exit code.
pub fn run(args: Parsed, each: impl FnMut(Input<'_>, &mut Output<'_>) -> Outcome) -> ExitCode {
    with_streams(&args, |stdin, output| match stdin {
        Some(stdin) => drive(Source::Lines(stdin), output, each),
        None => drive(Source::<io::Empty>::Args(&args.inputs), output, each),
    })
}

/// The one place that opens the streams for a subcommand: checks that
/// stdout is open, buffers it in the mode `--json` selects, and hands
/// `body` the buffered stdin when the inputs come from it (no input
/// arguments), `None` when they are the arguments.
pub fn with_streams(
    args: &Parsed,
    body: impl FnOnce(Option<&mut BufReader<io::StdinLock<'static>>>, &mut Output<'_>) -> Status,
) -> ExitCode {
    if let Err(error) = crate::output::ensure_stdout_is_open() {
        eprintln!("iri: cannot write standard output: {error}");
        return Status::Failed.into();
    }
    let mode = if args.flag("json") {
        Mode::Json
    } else {
        Mode::Plain
    };
    let mut stdout = BufWriter::with_capacity(BUFFER_SIZE, io::stdout().lock());
    let mut stderr = io::stderr().lock();
    let mut output = Output::new(mode, &mut stdout, &mut stderr);
    let status = if args.inputs.is_empty() {
        let mut stdin = BufReader::with_capacity(BUFFER_SIZE, io::stdin().lock());
        body(Some(&mut stdin), &mut output)
    } else {
        body(None, &mut output)
    };
    status.into()
}

/// The loop itself, over any source and output (the unit tests drive it
/// with in-memory ones).
pub fn drive<R: Read>(
    source: Source<'_, R>,
    output: &mut Output<'_>,
    mut each: impl FnMut(Input<'_>, &mut Output<'_>) -> Outcome,
) -> Status {
    let mut failed = false;
    // Handles one input; false when the loop must stop (stdout broke).
    let mut handle = |input: Input<'_>, output: &mut Output<'_>| {
        if each(input, output) == Outcome::Failed {
            failed = true;
        }
        !output.is_broken()
    };
    let mut io_failed = false;
    match source {
        Source::Args(args) => {
            for (number, arg) in (1..).zip(args) {
                let bytes = arg.as_encoded_bytes();
                if !handle(Input { number, bytes }, output) {
                    break;
                }
            }
        }
        Source::Lines(reader) => {
            // A line is handed over straight from the read buffer; only one
            // that spans two reads is gathered in `pending`.
            let mut pending = Vec::new();
            let mut number = 0;
            loop {
                if reader.buffer().is_empty() {
                    // The next read may wait for more input: answer first.
                    output.flush();
                    if output.is_broken() {
                        break;
                    }
                }
                let buffer = match reader.fill_buf() {
                    Ok(buffer) => buffer,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(error) => {
                        output.report(format_args!("iri: cannot read standard input: {error}"));
                        io_failed = true;
                        break;
                    }
                };
                if buffer.is_empty() {
                    // The end of the input: a last line without a newline.
                    if !pending.is_empty() {
                        number += 1;
                        handle(
                            Input {
                                number,
                                bytes: &pending,
                            },
                            output,
                        );
                    }
                    break;
                }
                let Some(end) = memchr::memchr(b'\n', buffer) else {
                    pending.extend_from_slice(buffer);
                    let read = buffer.len();
                    reader.consume(read);
                    continue;
                };
                number += 1;
                let bytes = if pending.is_empty() {
                    &buffer[..end]
                } else {
                    pending.extend_from_slice(&buffer[..end]);
                    &pending[..]
                };
                let go_on = handle(Input { number, bytes }, output);
                pending.clear();
                reader.consume(end + 1);
                if !go_on {
                    break;
                }
            }
        }
    }
    if let Err(error) = output.finish() {
        if error.kind() != io::ErrorKind::BrokenPipe {
            output.report(format_args!("iri: cannot write standard output: {error}"));
            io_failed = true;
        }
    }
    if failed || io_failed {
        Status::Failed
    } else {
        Status::Succeeded
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn lines_of(line_end: LineEnd, input: &[u8]) -> Vec<Vec<u8>> {
        let mut reader = BufReader::with_capacity(3, input);
        let mut lines = Vec::new();
        loop {
            let mut line = Vec::new();
            if line_end.read_line(&mut reader, &mut line).unwrap() == 0 {
                return lines;
            }
            line.truncate(line_end.content_len(&line));
            lines.push(line);
        }
    }

    #[test]
    fn utf16_lines_split_on_the_encoded_newline_only() {
        // "a\u{10A}\nb" and "\u{A41}": the 0x0A bytes of U+010A (LE: 0A 01)
        // and U+0A41 (BE: 0A 41) are not newlines.
        let le = b"a\0\x0A\x01\n\0b\0\n\0\x41\x0A";
        assert_eq!(
            lines_of(LineEnd::Utf16Le, le),
            [&b"a\0\x0A\x01"[..], b"b\0", b"\x41\x0A"]
        );
        let be = b"\0a\x01\x0A\0\n\0b\0\n\x0A\x41";
        assert_eq!(
            lines_of(LineEnd::Utf16Be, be),
            [&b"\0a\x01\x0A"[..], b"\0b", b"\x0A\x41"]
        );
        // A final 0x0A with nothing after it ends the input.
        assert_eq!(lines_of(LineEnd::Utf16Le, b"\x0A"), [&b"\x0A"[..]]);
        assert_eq!(lines_of(LineEnd::Newline, b"a\nb\n"), [&b"a"[..], b"b"]);
    }

    /// The JSON these tests write for a success.
    #[derive(serde::Serialize)]
    struct Numbered {
        n: u64,
    }

    /// What a run printed and returned.
    struct Run {
        inputs: Vec<(u64, Vec<u8>)>,
        stdout: String,
        stderr: String,
        status: Status,
    }

    /// Drives the loop over `stdin` (or `args`), echoing each input's number
    /// to stdout and failing the inputs that contain `!`.
    fn drive_with(args: &[&str], stdin: &[u8], stdout: &mut dyn Write) -> Run {
        let mut inputs = Vec::new();
        let mut stderr = Vec::new();
        let mut output = Output::new(Mode::Plain, stdout, &mut stderr);
        let each = |input: Input<'_>, output: &mut Output<'_>| {
            inputs.push((input.number, input.bytes.to_vec()));
            if input.bytes.contains(&b'!') {
                output.plain_error(&input, 0, &"bang");
                Outcome::Failed
            } else {
                output.json(&Numbered { n: input.number });
                Outcome::Succeeded
            }
        };
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let mut reader = BufReader::with_capacity(8, stdin);
        let status = if args.is_empty() {
            drive(Source::Lines(&mut reader), &mut output, each)
        } else {
            drive(Source::<&[u8]>::Args(&args), &mut output, each)
        };
        Run {
            inputs,
            stdout: String::new(),
            stderr: String::from_utf8(stderr).unwrap(),
            status,
        }
    }

    fn lines(stdin: &[u8]) -> Run {
        let mut stdout = Vec::new();
        let mut run = drive_with(&[], stdin, &mut stdout);
        run.stdout = String::from_utf8(stdout).unwrap();
        run
    }

    fn bytes_of(run: &Run) -> Vec<&[u8]> {
        run.inputs.iter().map(|(_, b)| b.as_slice()).collect()
    }

    #[test]
    fn lines_split_on_newline_only() {
        let run = lines(b"a\r\nb\rc\n\nlast");
        assert_eq!(bytes_of(&run), [&b"a\r"[..], b"b\rc", b"", b"last"]);
        let numbers: Vec<u64> = run.inputs.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
        assert_eq!(run.status, Status::Succeeded);
    }

    #[test]
    fn a_final_newline_does_not_add_an_input() {
        assert_eq!(bytes_of(&lines(b"a\n")), [b"a"]);
        assert_eq!(bytes_of(&lines(b"\n")), [b""]);
        assert_eq!(bytes_of(&lines(b"\n\n")), [b"", b""]);
        assert!(lines(b"").inputs.is_empty());
    }

    #[test]
    fn lines_longer_than_the_read_buffer_and_invalid_utf8_pass_through() {
        let long = [b'x'; 100];
        let mut stdin = long.to_vec();
        stdin.extend_from_slice(b"\n\xFF\xFE\n");
        assert_eq!(bytes_of(&lines(&stdin)), [&long[..], b"\xFF\xFE"]);
    }

    #[test]
    fn failures_are_numbered_and_make_the_status_failed() {
        let run = lines(b"ok\nbad!\nok\n!");
        assert_eq!(run.status, Status::Failed);
        assert_eq!(run.stdout, "{\"n\": 1}\n\n{\"n\": 3}\n\n");
        assert_eq!(
            run.stderr,
            "line 2: error at byte 0: bang\nline 4: error at byte 0: bang\n"
        );
    }

    #[test]
    fn arguments_are_numbered_from_one() {
        let mut stdout = Vec::new();
        let run = drive_with(&["a", "", "c!"], b"ignored\n", &mut stdout);
        assert_eq!(bytes_of(&run), [&b"a"[..], b"", b"c!"]);
        assert_eq!(run.inputs[2].0, 3);
        assert_eq!(run.stderr, "line 3: error at byte 0: bang\n");
        assert_eq!(run.status, Status::Failed);
    }

    #[test]
    fn lossy_text_replaces_malformed_utf8() {
        let input = Input {
            number: 1,
            bytes: b"a\xFFb\xC3",
        };
        assert_eq!(input.text(), "a\u{FFFD}b\u{FFFD}");
    }

    /// A stdout that takes `room` bytes, then fails with `kind`.
    struct Failing {
        room: usize,
        kind: io::ErrorKind,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(self.kind.into());
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_broken_pipe_stops_quietly_with_the_status_so_far() {
        // Each success writes 9 bytes ({"n": 1}\n): the pipe breaks on the
        // second input, so the third is never read.
        let mut pipe = Failing {
            room: 12,
            kind: io::ErrorKind::BrokenPipe,
        };
        let run = drive_with(&[], b"a\nb\nc!\n", &mut pipe);
        assert_eq!(run.inputs.len(), 2);
        assert_eq!(run.status, Status::Succeeded);
        assert_eq!(run.stderr, "");

        // The input whose output broke the pipe counts.
        let mut pipe = Failing {
            room: 0,
            kind: io::ErrorKind::BrokenPipe,
        };
        let run = drive_with(&["x!", "y"], b"", &mut pipe);
        assert_eq!(run.inputs.len(), 1);
        assert_eq!(run.status, Status::Failed);
    }

    #[test]
    fn other_write_errors_are_reported_and_fail() {
        let mut full = Failing {
            room: 3,
            kind: io::ErrorKind::StorageFull,
        };
        let run = drive_with(&["a", "b"], b"", &mut full);
        assert_eq!(run.inputs.len(), 1);
        assert_eq!(run.status, Status::Failed);
        assert!(
            run.stderr
                .starts_with("iri: cannot write standard output: "),
            "{}",
            run.stderr
        );
    }

    /// A stdin that yields `data`, then fails.
    struct BrokenStdin<'a> {
        data: &'a [u8],
    }

    impl Read for BrokenStdin<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.data.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            self.data.read(buf)
        }
    }

    #[test]
    fn a_read_error_is_reported_and_fails() {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let mut output = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        let mut reader = BufReader::new(BrokenStdin { data: b"a\nb" });
        let mut seen = Vec::new();
        let status = drive(Source::Lines(&mut reader), &mut output, |input, _| {
            seen.push(input.bytes.to_vec());
            Outcome::Succeeded
        });
        assert_eq!(status, Status::Failed);
        assert_eq!(seen, [b"a"]);
        assert_eq!(
            String::from_utf8(stderr).unwrap(),
            "iri: cannot read standard input: disk on fire\n"
        );
    }

    /// A stdin that records how much stdout held each time it was read.
    struct Interactive<'a> {
        lines: Vec<&'static [u8]>,
        flushed: &'a std::cell::RefCell<Vec<usize>>,
        written: &'a std::cell::RefCell<Vec<u8>>,
    }

    impl Read for Interactive<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.flushed.borrow_mut().push(self.written.borrow().len());
            if self.lines.is_empty() {
                return Ok(0);
            }
            let line = self.lines.remove(0);
            buf[..line.len()].copy_from_slice(line);
            Ok(line.len())
        }
    }

    /// A stdout whose bytes reach `written` only when flushed.
    struct Buffered<'a> {
        pending: Vec<u8>,
        written: &'a std::cell::RefCell<Vec<u8>>,
    }

    impl Write for Buffered<'_> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.pending.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.written.borrow_mut().append(&mut self.pending);
            Ok(())
        }
    }

    #[test]
    fn answers_are_flushed_before_waiting_for_more_input() {
        let flushed = std::cell::RefCell::new(Vec::new());
        let written = std::cell::RefCell::new(Vec::new());
        let mut reader = BufReader::new(Interactive {
            lines: vec![b"a\n", b"b\nc\n"],
            flushed: &flushed,
            written: &written,
        });
        let mut stdout = Buffered {
            pending: Vec::new(),
            written: &written,
        };
        let mut stderr = Vec::new();
        let mut output = Output::new(Mode::Json, &mut stdout, &mut stderr);
        let status = drive(Source::Lines(&mut reader), &mut output, |input, output| {
            output.json(&Numbered { n: input.number });
            Outcome::Succeeded
        });
        assert_eq!(status, Status::Succeeded);
        // Before each read, every answer so far had reached the writer: none,
        // then a's, then b's and c's (read together, flushed together).
        assert_eq!(*flushed.borrow(), [0, 9, 27]);
    }
}
