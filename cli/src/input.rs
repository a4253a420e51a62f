//! What the input loop ([`crate::pipeline`]) reads: where inputs come
//! from ([`Source`]), how stdin splits into lines ([`read_lines`]), what
//! one input is ([`Input`]), and how its outcome counts.
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
use std::io::{self, BufRead, BufReader, Read};
use std::ops::ControlFlow;
use std::process::ExitCode;

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
        // `from_utf8` first: on valid text (nearly every line) it is about
        // half the cost of `from_utf8_lossy`'s chunk iterator.
        match std::str::from_utf8(self.bytes) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(self.bytes),
        }
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

/// What [`read_lines`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'a> {
    /// The next line, without its line end.
    Line(&'a [u8]),
    /// The next lines, straight from the read buffer: one or more whole
    /// lines, each with its `\n` (so the block ends in one). Only for
    /// [`LineEnd::Newline`].
    Lines(&'a [u8]),
    /// No complete line is left in the read buffer: the next read may wait
    /// for more input, so the answers so far should be flushed now.
    Idle,
}

/// Reads `reader` line by line, each line split at `line_end`, until the
/// end of the input, a read error, or `each` breaks.
///
/// The lines that are whole in the read buffer are handed over straight
/// from it, all at once ([`Event::Lines`]); only a line that spans two
/// reads, or any UTF-16 line, is gathered in a buffer of its own, reused
/// ([`Event::Line`]).
pub fn read_lines<R: Read>(
    reader: &mut BufReader<R>,
    line_end: LineEnd,
    mut each: impl FnMut(Event<'_>) -> ControlFlow<()>,
) -> io::Result<()> {
    let mut pending = Vec::new();
    if line_end != LineEnd::Newline {
        loop {
            if !reader.buffer().contains(&b'\n') && each(Event::Idle).is_break() {
                return Ok(());
            }
            pending.clear();
            if line_end.read_line(reader, &mut pending)? == 0 {
                return Ok(());
            }
            let len = line_end.content_len(&pending);
            if each(Event::Line(&pending[..len])).is_break() {
                return Ok(());
            }
        }
    }
    loop {
        if reader.buffer().is_empty() && each(Event::Idle).is_break() {
            return Ok(());
        }
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            // The end of the input: a last line without a newline.
            if !pending.is_empty() {
                let _ = each(Event::Line(&pending));
            }
            return Ok(());
        }
        let Some(last) = memchr::memrchr(b'\n', buffer) else {
            pending.extend_from_slice(buffer);
            let read = buffer.len();
            reader.consume(read);
            continue;
        };
        // A line begun in an earlier read ends at the first newline.
        let mut start = 0;
        let mut flow = ControlFlow::Continue(());
        if !pending.is_empty() {
            let end = memchr::memchr(b'\n', buffer).unwrap_or(last);
            pending.extend_from_slice(&buffer[..end]);
            flow = each(Event::Line(&pending));
            pending.clear();
            start = end + 1;
        }
        if flow.is_continue() && start <= last {
            flow = each(Event::Lines(&buffer[start..=last]));
        }
        reader.consume(last + 1);
        if flow.is_break() {
            return Ok(());
        }
    }
}

/// The lines of an [`Event::Lines`] block, without their `\n`.
pub fn lines(block: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut start = 0;
    memchr::memchr_iter(b'\n', block).map(move |end| {
        let line = &block[start..end];
        start = end + 1;
        line
    })
}

#[cfg(test)]
mod tests {
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

    /// The events of `read_lines` over `input` with a read buffer of 3.
    fn events(line_end: LineEnd, input: &[u8]) -> Vec<Option<Vec<u8>>> {
        events_with(3, line_end, input)
    }

    /// The events of `read_lines` over `input` with a read buffer of
    /// `capacity`, a block's lines one by one.
    fn events_with(capacity: usize, line_end: LineEnd, input: &[u8]) -> Vec<Option<Vec<u8>>> {
        let mut reader = BufReader::with_capacity(capacity, input);
        let mut events = Vec::new();
        read_lines(&mut reader, line_end, |event| {
            match event {
                Event::Line(line) => events.push(Some(line.to_vec())),
                Event::Lines(block) => {
                    assert_eq!(block.last(), Some(&b'\n'));
                    events.extend(lines(block).map(|line| Some(line.to_vec())));
                }
                Event::Idle => events.push(None),
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        events
    }

    #[test]
    fn read_lines_splits_like_read_line_and_reports_idle_before_reads() {
        let some = |line: &[u8]| Some(line.to_vec());
        // Reads of 3 bytes: "a\nb", "cde", "\n": idle before each read.
        assert_eq!(
            events(LineEnd::Newline, b"a\nbcde\n"),
            [None, some(b"a"), None, None, some(b"bcde"), None]
        );
        assert_eq!(events(LineEnd::Newline, b""), [None]);
        let le = b"a\0\x0A\x01\n\0b\0";
        let lines: Vec<_> = events(LineEnd::Utf16Le, le).into_iter().flatten().collect();
        assert_eq!(lines, [&b"a\0\x0A\x01"[..], b"b\0"]);
    }

    #[test]
    fn whole_lines_come_from_the_read_buffer_and_split_ones_are_gathered() {
        // Lines of 0 to 12 bytes, through read buffers of 1 to 40 bytes:
        // the same lines whatever the buffer, with or without a last `\n`.
        let mut input = Vec::new();
        for n in 0..60usize {
            input.extend((0..n % 13).map(|i| b'a' + (i as u8 + n as u8) % 26));
            input.push(b'\n');
        }
        let expected: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        for capacity in 1..=40 {
            for input in [&input[..], &input[..input.len() - 1]] {
                let lines: Vec<Vec<u8>> = events_with(capacity, LineEnd::Newline, input)
                    .into_iter()
                    .flatten()
                    .collect();
                assert_eq!(lines, expected[..expected.len() - 1], "{capacity}");
            }
        }
    }

    #[test]
    fn lossy_text_replaces_malformed_utf8() {
        let input = Input {
            number: 1,
            bytes: b"a\xFFb\xC3",
        };
        assert_eq!(input.text(), "a\u{FFFD}b\u{FFFD}");
    }
}
