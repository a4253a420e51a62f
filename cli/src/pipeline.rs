//! The input loop, the one every subcommand runs: inputs from
//! [`crate::input`], each input's work, its result written through
//! [`crate::output`] in input order, and the exit status.
//!
//! A subcommand splits its work in two: `work`, a pure function from an
//! input's bytes to a result, which may run on any thread, and `write`,
//! which turns one result into output on the main thread, in input order
//! ([`parallel`]; [`batched`] keeps the batches on the main thread, for a
//! [`Work`] that takes a batch's lines at once); or it does both at once,
//! on the main thread ([`sequential`]), when the work costs no more than
//! reading and writing.
//!
//! # Invariants
//!
//! Everything [`crate::input`] promises (source, lines split on `\n` only,
//! bytes passed through, 1-based numbers, memory, flushing, exit status,
//! broken pipes), and:
//!
//! - **Order.** Results are written in input order, whatever thread
//!   computed them.
//! - **Batches** (parallel and batched, stdin only). Lines are copied into one reused
//!   buffer until it holds [`BATCH_LINES`] lines or [`BATCH_BYTES`] bytes,
//!   or until no complete line is left in the read buffer (the next read
//!   may block). Then the batch is computed, written, and, when the next
//!   read may block, flushed: an interactive caller gets each answer
//!   before it must send the next line. With batches on the main thread
//!   only ([`batched`]), the lines that are whole in the read buffer are
//!   not copied: each such block is computed where it lies, at most
//!   [`BATCH_LINES`] lines at a time, and only a line that spans two reads
//!   goes through the batch's buffer.
//! - **Threads.** [`parallel`] hands stdin to [`crate::parallel`], which
//!   reads, computes on every core and writes at the same time (its
//!   module doc has its own invariants); [`sequential`] and [`batched`]
//!   stay on the main thread.
//! - **Memory.** Bounded by the read buffer ([`BATCH_BYTES`] where
//!   batches go to threads, 64 KB otherwise) and the batch: at most
//!   [`BATCH_BYTES`] of input (or one longer line) and its results,
//!   whatever the input's size.

use std::io::{self, BufReader, BufWriter, Read};
use std::ops::{ControlFlow, Range};
use std::process::ExitCode;

use crate::args::Common;
use crate::input::{read_lines, Event, Input, LineEnd, Outcome, Source, Status};
use crate::output::Output;

/// Size of the stdout write buffer, and of the stdin read buffer where
/// lines are answered on the main thread.
const BUFFER_SIZE: usize = 64 * 1024;
/// Size of the stdin read buffer where batches go to the pool: the lines
/// read so far are handed over before each read that may wait for input
/// (see [`crate::input::Event::Idle`]), so a read buffer of a batch's
/// size lets batches fill.
const PARALLEL_READ_SIZE: usize = BATCH_BYTES;
/// Lines per batch, at most.
pub const BATCH_LINES: usize = 8192;
/// Bytes of input per batch, at most (a longer line is a batch alone).
pub const BATCH_BYTES: usize = 1 << 20;
/// Runs `each` over the inputs of `args` (its input arguments, or else the
/// lines of stdin), on the main thread, and returns the exit code.
pub fn sequential(
    args: Common,
    each: impl FnMut(Input<'_>, &mut Output<'_>) -> Outcome,
) -> ExitCode {
    with_streams(&args, BUFFER_SIZE, |source, output| {
        drive_each(source, output, each)
    })
}

/// The loop of [`sequential`]: [`drive`] with the work done by `each`.
fn drive_each<R: Read>(
    source: Source<'_, R>,
    output: &mut Output<'_>,
    mut each: impl FnMut(Input<'_>, &mut Output<'_>) -> Outcome,
) -> Status {
    drive(
        source,
        LineEnd::Newline,
        None,
        output,
        |_: &[u8]| (),
        |input, (), output| each(input, output),
    )
}

/// An input's work in [`parallel`] and [`batched`]: a pure function of its bytes, run on
/// one input, or on a run of a batch's lines at once (where it may
/// interleave them, as `rfc3987::check_batch_bytes` does). Every closure
/// `Fn(&[u8]) -> T` is one, taking a run's lines one by one.
pub trait Work<T>: Sync {
    /// The result of one input.
    fn one(&self, bytes: &[u8]) -> T;

    /// The results of `lines`, in order (the same as [`one`](Self::one)
    /// on each).
    fn run(&self, lines: &[&[u8]]) -> Vec<T> {
        lines.iter().map(|bytes| self.one(bytes)).collect()
    }
}

impl<T, F: Fn(&[u8]) -> T + Sync> Work<T> for F {
    fn one(&self, bytes: &[u8]) -> T {
        self(bytes)
    }
}

/// Runs a subcommand over the inputs of `args` (its input arguments, or
/// else the lines of stdin, ending in `line_end`): `work` computes each
/// input's result and `write` formats it. Stdin's lines go through
/// [`crate::parallel`]: read, computed on every core and written at the
/// same time; the arguments are answered on the main thread.
pub fn parallel<T: Send>(
    args: Common,
    line_end: LineEnd,
    work: impl Fn(&[u8]) -> T + Sync,
    write: impl Fn(Input<'_>, T, &mut Output<'_>) -> Outcome + Sync,
) -> ExitCode {
    with_streams(&args, PARALLEL_READ_SIZE, |source, output| match source {
        Source::Lines(reader) => crate::parallel::run(reader, line_end, output, &work, &write),
        args @ Source::Args(_) => drive(
            args,
            line_end,
            None,
            output,
            &work,
            |input, result, output| write(input, result, output),
        ),
    })
}

/// [`parallel`] on the main thread only, with a [`Work`] that takes a
/// batch's lines at once: for work so cheap per line that threads cost
/// more than they share (`iri check`: its batches go through
/// `rfc3987::check_batch_bytes`, whose interleaved walks beat one walk per
/// line, and validating is faster than reading; `cargo bench --bench
/// cli_scaling` measures it on one thread and on all).
pub fn batched<T: Send>(
    args: Common,
    line_end: LineEnd,
    work: impl Work<T>,
    write: impl FnMut(Input<'_>, T, &mut Output<'_>) -> Outcome,
) -> ExitCode {
    with_streams(&args, BUFFER_SIZE, |source, output| {
        let batch = matches!(source, Source::Lines(_)).then(Batch::new);
        drive(source, line_end, batch, output, work, write)
    })
}

/// The one place that opens the streams for a subcommand: buffers stdout
/// in the mode `--json` selected, and hands `body` the source of the
/// inputs: the input arguments, or else stdin read `read_size` bytes at a
/// time.
///
/// Stdout is not checked before use: a write that fails is reported when
/// it fails (`/dev/full`), and a descriptor the caller closed cannot be
/// told from `/dev/null` (the Rust runtime opens `/dev/null` read-write
/// in its place, as Python's `subprocess.DEVNULL` and service managers
/// open it), so it is written to as `/dev/null` is.
fn with_streams(
    args: &Common,
    read_size: usize,
    body: impl FnOnce(Source<'_, StdinReader>, &mut Output<'_>) -> Status,
) -> ExitCode {
    let mut stdout = BufWriter::with_capacity(BUFFER_SIZE, io::stdout().lock());
    let mut stderr = io::stderr().lock();
    let mut output = Output::new(args.mode, &mut stdout, &mut stderr);
    let status = if args.inputs.is_empty() {
        let mut stdin = BufReader::with_capacity(read_size, StdinReader::open());
        body(Source::Lines(&mut stdin), &mut output)
    } else {
        body(Source::Args(&args.inputs), &mut output)
    };
    status.into()
}

/// Standard input, read so that a read error is reported. The standard
/// library's `Stdin` reads a descriptor that is not open for reading
/// (EBADF: `iri check 0>FILE`) as the end of the input, which would make a
/// failed read a silent success; a `File` over a duplicate of descriptor 0
/// returns the error.
enum StdinReader {
    File(std::fs::File),
    Stdin(io::Stdin),
}

impl StdinReader {
    fn open() -> StdinReader {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            if let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() {
                return StdinReader::File(std::fs::File::from(fd));
            }
        }
        StdinReader::Stdin(io::stdin())
    }
}

impl Read for StdinReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            StdinReader::File(file) => file.read(buf),
            StdinReader::Stdin(stdin) => stdin.read(buf),
        }
    }
}

/// The loop itself, over any source and output (the tests drive it with
/// in-memory ones): each input is computed and written at once, or, with
/// a `batch`, gathered and computed with the others of its batch.
fn drive<R: Read, T: Send>(
    source: Source<'_, R>,
    line_end: LineEnd,
    batch: Option<Batch>,
    output: &mut Output<'_>,
    work: impl Work<T>,
    write: impl FnMut(Input<'_>, T, &mut Output<'_>) -> Outcome,
) -> Status {
    let mut lanes = Lanes {
        number: 0,
        failed: false,
        batch,
        work,
        write,
        result: std::marker::PhantomData,
    };
    let mut io_failed = false;
    match source {
        Source::Args(args) => {
            for arg in args {
                if lanes.input(arg.as_encoded_bytes(), output).is_break() {
                    break;
                }
            }
        }
        Source::Lines(reader) => {
            let read = read_lines(reader, line_end, |event| match event {
                Event::Line(bytes) => lanes.input(bytes, output),
                Event::Lines(block) => lanes.lines(block, output),
                Event::Idle => {
                    lanes.write_batch(output)?;
                    output.flush();
                    alive(output)
                }
            });
            if let Err(error) = read {
                output.report(format_args!("iri: cannot read standard input: {error}"));
                io_failed = true;
            }
        }
    }
    if !output.is_broken() {
        let _ = lanes.write_batch(output);
    }
    if let Err(error) = output.finish() {
        if error.kind() != io::ErrorKind::BrokenPipe {
            output.report(format_args!("iri: cannot write standard output: {error}"));
            output.flush();
            io_failed = true;
        }
    }
    if lanes.failed || io_failed {
        Status::Failed
    } else {
        Status::Succeeded
    }
}

/// Whether the loop may go on: stdout has not broken.
fn alive(output: &Output<'_>) -> ControlFlow<()> {
    if output.is_broken() {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

/// What the loop carries from input to input.
struct Lanes<T, W, F> {
    /// Inputs numbered so far (the last input's number).
    number: u64,
    /// Whether an input has failed.
    failed: bool,
    /// Lines read and not yet answered, when they are computed in batches.
    batch: Option<Batch>,
    work: W,
    write: F,
    /// The type of a result (of `work`, for `write`).
    result: std::marker::PhantomData<fn() -> T>,
}

impl<T: Send, W, F> Lanes<T, W, F>
where
    W: Work<T>,
    F: FnMut(Input<'_>, T, &mut Output<'_>) -> Outcome,
{
    /// Takes one input: answers it, or adds it to the batch (answering the
    /// batch when full). Breaks when stdout broke.
    fn input(&mut self, bytes: &[u8], output: &mut Output<'_>) -> ControlFlow<()> {
        match &mut self.batch {
            None => {
                let result = self.work.one(bytes);
                self.write_one(bytes, result, output);
                alive(output)
            }
            Some(batch) => {
                batch.push(bytes);
                if batch.is_full() {
                    self.write_batch(output)
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
    }

    /// Takes the whole lines of a block of the read buffer: with batches on
    /// the main thread, computes them where they lie (up to
    /// [`BATCH_LINES`] at a time, after any lines already in the batch),
    /// with no copy; otherwise one [`input`](Self::input) each. Breaks
    /// when stdout broke.
    fn lines(&mut self, block: &[u8], output: &mut Output<'_>) -> ControlFlow<()> {
        if self.batch.is_none() {
            for line in crate::input::lines(block) {
                self.input(line, output)?;
            }
            return ControlFlow::Continue(());
        }
        self.write_batch(output)?;
        let lines: Vec<&[u8]> = crate::input::lines(block).collect();
        for run in lines.chunks(BATCH_LINES) {
            let results = self.work.run(run);
            for (&line, result) in run.iter().zip(results) {
                self.write_one(line, result, output);
                alive(output)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn write_one(&mut self, bytes: &[u8], result: T, output: &mut Output<'_>) {
        self.number += 1;
        let input = Input {
            number: self.number,
            bytes,
        };
        if (self.write)(input, result, output) == Outcome::Failed {
            self.failed = true;
        }
    }

    /// Computes and writes the batch, then empties it. Breaks when stdout
    /// broke.
    fn write_batch(&mut self, output: &mut Output<'_>) -> ControlFlow<()> {
        let Some(mut batch) = self.batch.take() else {
            return ControlFlow::Continue(());
        };
        let results = batch.compute(&self.work);
        let mut flow = ControlFlow::Continue(());
        for (range, result) in batch.lines.iter().zip(results) {
            self.write_one(&batch.bytes[range.clone()], result, output);
            flow = alive(output);
            if flow.is_break() {
                break;
            }
        }
        batch.bytes.clear();
        batch.lines.clear();
        self.batch = Some(batch);
        flow
    }
}

/// Lines read and not yet answered: their bytes, one after the other, and
/// where each line is.
pub(crate) struct Batch {
    pub(crate) bytes: Vec<u8>,
    pub(crate) lines: Vec<Range<usize>>,
}

impl Batch {
    pub(crate) fn new() -> Self {
        Batch {
            bytes: Vec::new(),
            lines: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, line: &[u8]) {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(line);
        self.lines.push(start..self.bytes.len());
    }

    pub(crate) fn is_full(&self) -> bool {
        self.lines.len() >= BATCH_LINES || self.bytes.len() >= BATCH_BYTES
    }

    /// The results of every line, in order.
    fn compute<T: Send>(&self, work: &impl Work<T>) -> Vec<T> {
        let lines: Vec<&[u8]> = self
            .lines
            .iter()
            .map(|range| &self.bytes[range.clone()])
            .collect();
        work.run(&lines)
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;
    use std::io::Write;

    use super::*;
    use crate::output::Mode;

    /// Runs the loop over `stdin` with a reader buffer of `capacity`, in
    /// batches on the main thread (blocks of the read buffer computed where
    /// they lie, as `iri check` does); each input's result is its length;
    /// inputs containing `!` fail.
    fn run(stdin: &[u8], capacity: usize) -> (String, String, Status) {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let mut output = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        let mut reader = BufReader::with_capacity(capacity, stdin);
        let status = drive(
            Source::Lines(&mut reader),
            LineEnd::Newline,
            Some(Batch::new()),
            &mut output,
            |bytes: &[u8]| bytes.len(),
            write_length,
        );
        drop(output);
        (
            String::from_utf8(stdout).unwrap(),
            String::from_utf8(stderr).unwrap(),
            status,
        )
    }

    /// The writer of [`run`]: `NUMBER:LENGTH`, or a failure for `!`.
    fn write_length(input: Input<'_>, len: usize, output: &mut Output<'_>) -> Outcome {
        if input.bytes.contains(&b'!') {
            output.plain_error(&input, 0, &"bang");
            Outcome::Failed
        } else {
            output.line(&format!("{}:{len}", input.number));
            Outcome::Succeeded
        }
    }

    /// [`run`] through [`crate::parallel`]: on the pool.
    fn run_on_the_pool(stdin: &[u8], capacity: usize) -> (String, String, Status) {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let mut output = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        let mut reader = BufReader::with_capacity(capacity, stdin);
        let status = crate::parallel::run(
            &mut reader,
            LineEnd::Newline,
            &mut output,
            &|bytes: &[u8]| bytes.len(),
            &write_length,
        );
        drop(output);
        (
            String::from_utf8(stdout).unwrap(),
            String::from_utf8(stderr).unwrap(),
            status,
        )
    }

    #[test]
    fn lines_keep_their_order_and_numbers() {
        let stdin: String = (0..5000)
            .map(|i| format!("{}\n", "x".repeat(i % 7)))
            .collect();
        let expected: String = (0..5000)
            .map(|i| format!("{}:{}\n", i + 1, i % 7))
            .collect();
        for (stdout, stderr, status) in [
            run(stdin.as_bytes(), 1 << 16),
            run_on_the_pool(stdin.as_bytes(), 1 << 16),
        ] {
            assert_eq!(stdout, expected);
            assert_eq!((stderr.as_str(), status), ("", Status::Succeeded));
        }
    }

    #[test]
    fn batches_on_the_main_thread_answer_like_the_pool() {
        // Lines of 0 to 16 bytes, one in nine failing, more lines than a
        // batch: through read buffers that cut lines anywhere.
        let stdin: String = (0..3 * BATCH_LINES)
            .map(|i| match i % 9 {
                4 => "a!\n".to_owned(),
                _ => format!("{}\n", "x".repeat(i % 17)),
            })
            .collect();
        let pool = run_on_the_pool(stdin.as_bytes(), 1 << 16);
        assert_eq!(pool.2, Status::Failed);
        for capacity in [1, 7, 64, 1 << 16, 1 << 20] {
            assert_eq!(run(stdin.as_bytes(), capacity), pool);
            assert_eq!(run_on_the_pool(stdin.as_bytes(), capacity), pool);
        }
    }

    #[test]
    fn line_splitting_matches_the_sequential_loop() {
        let (stdout, _, _) = run(b"a\r\n\n\xFF\nlast", 4);
        assert_eq!(stdout, "1:2\n2:0\n3:1\n4:4\n");
        let (stdout, _, _) = run(b"", 4);
        assert_eq!(stdout, "");
        let (stdout, _, _) = run(b"\n", 4);
        assert_eq!(stdout, "1:0\n");
    }

    #[test]
    fn failures_are_numbered_and_fail_the_run() {
        let (stdout, stderr, status) = run(b"ok\nbad!\nok\n", 64);
        assert_eq!(stdout, "1:2\n\n3:2\n");
        assert_eq!(stderr, "line 2: error at byte 0: bang\n");
        assert_eq!(status, Status::Failed);
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
            drive_each(Source::Lines(&mut reader), &mut output, each)
        } else {
            drive_each(Source::<&[u8]>::Args(&args), &mut output, each)
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
        let status = drive_each(Source::Lines(&mut reader), &mut output, |input, _| {
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
        let status = drive_each(Source::Lines(&mut reader), &mut output, |input, output| {
            output.json(&Numbered { n: input.number });
            Outcome::Succeeded
        });
        assert_eq!(status, Status::Succeeded);
        // Before each read, every answer so far had reached the writer: none,
        // then a's, then b's and c's (read together, flushed together).
        assert_eq!(*flushed.borrow(), [0, 9, 27]);
    }
}
