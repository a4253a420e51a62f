//! The input loop of [`crate::input`], with the work on each batch of
//! stdin lines shared between two threads: for subcommands whose per-input
//! work costs more than reading and writing it (`normalize`, `resolve`,
//! `equiv`).
//!
//! A subcommand splits its work in two: `work`, a pure function from an
//! input's bytes to a result, which may run on any thread, and `write`,
//! which turns one result into output on the main thread, in input order.
//!
//! # Invariants
//!
//! Everything [`crate::input`] promises holds here too (source, lines
//! split on `\n` only, bytes passed through, 1-based numbers, exit status,
//! broken pipes), and:
//!
//! - **Order.** Results are written in input order, whatever thread
//!   computed them.
//! - **Batches.** Lines are read into one reused buffer until it holds
//!   [`BATCH_LINES`] lines or [`BATCH_BYTES`] bytes, or until no complete
//!   line is left in the read buffer (the next read may block). Then the
//!   batch is computed, written, and, when the next read may block,
//!   flushed: an interactive caller gets each answer before it must send
//!   the next line, as with [`crate::input`].
//! - **Threads.** A batch of at least [`PARALLEL_MIN_LINES`] lines is cut
//!   in two halves of about the same size in bytes, one computed on a
//!   scoped thread and one on the main thread; a smaller batch, or a
//!   machine with one core, stays on the main thread. Results of a batch
//!   are held until it is written.
//! - **Memory.** Bounded by the batch: at most [`BATCH_BYTES`] of input
//!   (or one longer line) and its results, whatever the input's size.

use std::io::{self, BufReader, Read};
use std::ops::Range;
use std::process::ExitCode;
use std::thread;

use crate::args::Parsed;
use crate::input::{Input, LineEnd, Outcome, Status};
use crate::output::Output;

/// Lines per batch, at most.
pub const BATCH_LINES: usize = 8192;
/// Bytes of input per batch, at most (a longer line is a batch alone).
pub const BATCH_BYTES: usize = 1 << 20;
/// Below this many lines a batch is computed on the main thread: a thread
/// costs more than the work it would take.
pub const PARALLEL_MIN_LINES: usize = 64;

/// Runs a subcommand over the inputs of `args` (its input arguments, or
/// else stdin): `work` computes each input's result, `write` writes it.
pub fn run<T: Send>(
    args: Parsed,
    work: impl Fn(&[u8]) -> T + Sync,
    write: impl FnMut(Input<'_>, T, &mut Output<'_>) -> Outcome,
) -> ExitCode {
    run_lines(args, LineEnd::Newline, work, write)
}

/// [`run`] with stdin lines ending in `line_end`.
pub fn run_lines<T: Send>(
    args: Parsed,
    line_end: LineEnd,
    work: impl Fn(&[u8]) -> T + Sync,
    mut write: impl FnMut(Input<'_>, T, &mut Output<'_>) -> Outcome,
) -> ExitCode {
    crate::input::with_streams(&args, |stdin, output| match stdin {
        Some(stdin) => drive(stdin, line_end, output, work, write),
        None => crate::input::drive(
            crate::input::Source::<io::Empty>::Args(&args.inputs),
            output,
            |input, output| {
                let result = work(input.bytes);
                write(input, result, output)
            },
        ),
    })
}

/// The batched loop over the lines of `reader` (the tests drive it with
/// in-memory readers and writers).
pub fn drive<R: Read, T: Send>(
    reader: &mut BufReader<R>,
    line_end: LineEnd,
    output: &mut Output<'_>,
    work: impl Fn(&[u8]) -> T + Sync,
    mut write: impl FnMut(Input<'_>, T, &mut Output<'_>) -> Outcome,
) -> Status {
    let mut batch = Batch {
        parallel: thread::available_parallelism().is_ok_and(|n| n.get() > 1),
        ..Batch::default()
    };
    let mut io_failed = false;
    loop {
        let would_block = !reader.buffer().contains(&b'\n');
        let full = batch.lines.len() >= BATCH_LINES || batch.bytes.len() >= BATCH_BYTES;
        if (would_block || full)
            && !batch.lines.is_empty()
            && !batch.flush(output, &work, &mut write)
        {
            break;
        }
        if would_block {
            output.flush();
            if output.is_broken() {
                break;
            }
        }
        let start = batch.bytes.len();
        match line_end.read_line(reader, &mut batch.bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(error) => {
                output.report(format_args!("iri: cannot read standard input: {error}"));
                io_failed = true;
                break;
            }
        }
        let end = start + line_end.content_len(&batch.bytes[start..]);
        batch.lines.push(start..end);
    }
    if !batch.lines.is_empty() && !output.is_broken() {
        batch.flush(output, &work, &mut write);
    }
    if let Err(error) = output.finish() {
        if error.kind() != io::ErrorKind::BrokenPipe {
            output.report(format_args!("iri: cannot write standard output: {error}"));
            io_failed = true;
        }
    }
    if batch.failed || io_failed {
        Status::Failed
    } else {
        Status::Succeeded
    }
}

/// Lines read and not yet answered: their bytes, one after the other (each
/// with its `\n`), and where each line's text is; plus what the loop
/// carries from batch to batch.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    lines: Vec<Range<usize>>,
    /// Whether to use a second thread.
    parallel: bool,
    /// Inputs answered so far (the last input's number).
    number: u64,
    /// Whether an input has failed.
    failed: bool,
}

impl Batch {
    /// Computes and writes the batch, then empties it; false when stdout
    /// broke (the loop must stop).
    fn flush<T: Send>(
        &mut self,
        output: &mut Output<'_>,
        work: &(impl Fn(&[u8]) -> T + Sync),
        write: &mut impl FnMut(Input<'_>, T, &mut Output<'_>) -> Outcome,
    ) -> bool {
        let results = self.compute(work);
        let mut alive = true;
        for (range, result) in self.lines.iter().zip(results) {
            self.number += 1;
            let input = Input {
                number: self.number,
                bytes: &self.bytes[range.clone()],
            };
            if write(input, result, output) == Outcome::Failed {
                self.failed = true;
            }
            if output.is_broken() {
                alive = false;
                break;
            }
        }
        self.bytes.clear();
        self.lines.clear();
        alive
    }

    /// The results of every line, in order.
    fn compute<T: Send>(&self, work: &(impl Fn(&[u8]) -> T + Sync)) -> Vec<T> {
        let run = |lines: &[Range<usize>]| -> Vec<T> {
            lines
                .iter()
                .map(|range| work(&self.bytes[range.clone()]))
                .collect()
        };
        if !self.parallel || self.lines.len() < PARALLEL_MIN_LINES {
            return run(&self.lines);
        }
        // Halves of about equal bytes: the cost of most work is linear in
        // the input's length.
        let middle_byte = self.bytes.len() / 2;
        let cut = self
            .lines
            .partition_point(|range| range.end < middle_byte)
            .clamp(1, self.lines.len() - 1);
        let (first, second) = self.lines.split_at(cut);
        thread::scope(|scope| {
            let helper = scope.spawn(|| run(first));
            let mut second = run(second);
            let mut results = match helper.join() {
                Ok(results) => results,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            results.append(&mut second);
            results
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Mode;

    /// Runs the loop over `stdin` with a reader buffer of `capacity`; each
    /// input's result is its length and the thread that computed it; inputs
    /// containing `!` fail.
    fn run(stdin: &[u8], capacity: usize) -> (String, String, Status, usize) {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let mut output = Output::new(Mode::Plain, &mut stdout, &mut stderr);
        let mut reader = BufReader::with_capacity(capacity, stdin);
        let main = thread::current().id();
        let mut helped = 0;
        let status = drive(
            &mut reader,
            LineEnd::Newline,
            &mut output,
            |bytes| (bytes.len(), thread::current().id()),
            |input, (len, thread), output| {
                if thread != main {
                    helped += 1;
                }
                if input.bytes.contains(&b'!') {
                    output.plain_error(&input, 0, &"bang");
                    Outcome::Failed
                } else {
                    output.line(&format!("{}:{len}", input.number));
                    Outcome::Succeeded
                }
            },
        );
        drop(output);
        (
            String::from_utf8(stdout).unwrap(),
            String::from_utf8(stderr).unwrap(),
            status,
            helped,
        )
    }

    #[test]
    fn lines_keep_their_order_and_numbers() {
        let stdin: String = (0..5000)
            .map(|i| format!("{}\n", "x".repeat(i % 7)))
            .collect();
        let (stdout, stderr, status, helped) = run(stdin.as_bytes(), 1 << 16);
        let expected: String = (0..5000)
            .map(|i| format!("{}:{}\n", i + 1, i % 7))
            .collect();
        assert_eq!(stdout, expected);
        assert_eq!((stderr.as_str(), status), ("", Status::Succeeded));
        if thread::available_parallelism().is_ok_and(|n| n.get() > 1) {
            assert!(helped > 0, "the second thread took no work");
        }
    }

    #[test]
    fn line_splitting_matches_the_sequential_loop() {
        let (stdout, _, _, _) = run(b"a\r\n\n\xFF\nlast", 4);
        assert_eq!(stdout, "1:2\n2:0\n3:1\n4:4\n");
        let (stdout, _, _, _) = run(b"", 4);
        assert_eq!(stdout, "");
        let (stdout, _, _, _) = run(b"\n", 4);
        assert_eq!(stdout, "1:0\n");
    }

    #[test]
    fn failures_are_numbered_and_fail_the_run() {
        let (stdout, stderr, status, _) = run(b"ok\nbad!\nok\n", 64);
        assert_eq!(stdout, "1:2\n\n3:2\n");
        assert_eq!(stderr, "line 2: error at byte 0: bang\n");
        assert_eq!(status, Status::Failed);
    }
}
