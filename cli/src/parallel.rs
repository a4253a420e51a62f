//! The input loop on every core: stdin is read, computed and written at
//! the same time, by three parties that never wait for one another while
//! there is work:
//!
//! - a **reader** thread cuts stdin into batches (at most [`BATCH_LINES`]
//!   lines or [`BATCH_BYTES`] bytes, or the lines read so far when the
//!   next read may wait for input) and hands each to the pool;
//! - the **pool** (rayon's global pool, one thread per core, started once)
//!   computes a batch's results and formats its output, stdout and stderr
//!   bytes of its own, exactly as the main thread would have written them;
//! - the **writer**, the main thread, writes the batches' output in input
//!   order, as each one is done.
//!
//! # Invariants
//!
//! - **Order.** Batches are written in the order they were read, whatever
//!   thread computed them: the writer waits for the oldest batch.
//! - **Memory.** At most [`in_flight`] batches are read and not yet
//!   written (the reader waits when that many are): memory is bounded by
//!   the batches, whatever the input's size.
//! - **Interactive callers.** The writer flushes whenever it would wait
//!   for a batch that is not done, and the reader hands over the lines read
//!   so far before a read that may wait: a caller that writes one line and
//!   waits for its answer gets it.
//! - **Broken pipes.** When stdout breaks, the writer stops taking
//!   batches, and the reader stops at its next batch.
//!
//! Each party is the whole of its kind of work, so the time of a large
//! input is that of the slowest party: reading and writing are a copy of
//! the bytes each; the computing parallelizes over the pool
//! (`cargo bench --bench cli_scaling` measures all cores against one).

use std::collections::VecDeque;
use std::io::{self, BufReader, Read};
use std::ops::ControlFlow;
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};

use crate::input::{read_lines, Event, Input, LineEnd, Outcome, Status};
use crate::output::{Mode, Output};
use crate::pipeline::{Batch, BATCH_BYTES, BATCH_LINES};

/// Batches read and not yet written, at most: two per thread of the pool
/// (one computing, one waiting to be taken), and one being written.
pub fn in_flight() -> usize {
    2 * rayon::current_num_threads() + 1
}

/// A batch's output, as the writer would have written it.
struct Answer {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    failed: bool,
}

/// Computes and formats one batch, on a thread of the pool.
fn answer<T>(
    batch: &Batch,
    before: u64,
    mode: Mode,
    work: &(impl Fn(&[u8]) -> T + Sync),
    write: &(impl Fn(Input<'_>, T, &mut Output<'_>) -> Outcome + Sync),
) -> Answer {
    let mut stdout = Vec::with_capacity(batch.bytes.len() + batch.lines.len());
    let mut stderr = Vec::new();
    let mut failed = false;
    {
        let mut output = Output::new(mode, &mut stdout, &mut stderr);
        for (i, range) in batch.lines.iter().enumerate() {
            let bytes = &batch.bytes[range.clone()];
            let input = Input {
                number: before + i as u64 + 1,
                bytes,
            };
            if write(input, work(bytes), &mut output) == Outcome::Failed {
                failed = true;
            }
        }
        // Into memory: cannot fail.
        let _ = output.finish();
    }
    Answer {
        stdout,
        stderr,
        failed,
    }
}

/// Runs the loop over the lines of `reader`: `work` computes each line's
/// result and `write` formats it, both on the pool; the output goes to
/// `output` in input order. Returns whether every input succeeded and no
/// read or write failed.
pub fn run<R, T>(
    reader: &mut BufReader<R>,
    line_end: LineEnd,
    output: &mut Output<'_>,
    work: &(impl Fn(&[u8]) -> T + Sync),
    write: &(impl Fn(Input<'_>, T, &mut Output<'_>) -> Outcome + Sync),
) -> Status
where
    R: Read + Send,
    T: Send,
{
    let mode = output.mode();
    let mut failed = false;
    let read = rayon::in_place_scope(|pool| {
        std::thread::scope(|threads| {
            let (order, answers) = mpsc::sync_channel::<Receiver<Answer>>(in_flight());
            let reader = threads.spawn(move || {
                let mut cutter = Cutter {
                    batch: Batch::new(),
                    before: 0,
                    order,
                    dispatch: |full: Batch, before: u64, done: SyncSender<Answer>| {
                        pool.spawn(move |_| {
                            let _ = done.send(answer(&full, before, mode, work, write));
                        });
                    },
                };
                let result = read_lines(reader, line_end, |event| match event {
                    Event::Line(bytes) => cutter.push(bytes),
                    Event::Lines(block) => cutter.push_block(block),
                    // The next read may wait: what is read goes now.
                    Event::Idle => cutter.send(),
                });
                let _ = cutter.send();
                result
            });
            write_in_order(&answers, output, &mut failed);
            // The reader stops at its next batch once `answers` is gone.
            drop(answers);
            reader
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    });
    let mut io_failed = false;
    if let Err(error) = read {
        output.report(format_args!("iri: cannot read standard input: {error}"));
        io_failed = true;
    }
    if let Err(error) = output.finish() {
        if error.kind() != io::ErrorKind::BrokenPipe {
            output.report(format_args!("iri: cannot write standard output: {error}"));
            output.flush();
            io_failed = true;
        }
    }
    if failed || io_failed {
        Status::Failed
    } else {
        Status::Succeeded
    }
}

/// The reader's side: the batch being filled, and where full ones go.
struct Cutter<D> {
    batch: Batch,
    /// The number of the line before the batch's first.
    before: u64,
    /// Each batch's answer, in line for the writer.
    order: SyncSender<Receiver<Answer>>,
    /// Hands a batch to the pool, with the number of the line before its
    /// first and where its answer goes.
    dispatch: D,
}

impl<D: FnMut(Batch, u64, SyncSender<Answer>)> Cutter<D> {
    /// Adds a line; sends the batch when full. Breaks when the writer has
    /// stopped.
    fn push(&mut self, line: &[u8]) -> ControlFlow<()> {
        self.batch.push(line);
        if self.batch.is_full() {
            self.send()
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Adds the lines of a block of the read buffer (each ending in `\n`),
    /// copied into the batch a run at a time rather than a line at a
    /// time; sends each batch that fills. Breaks when the writer has
    /// stopped.
    fn push_block(&mut self, mut block: &[u8]) -> ControlFlow<()> {
        while !block.is_empty() {
            let base = self.batch.bytes.len();
            let mut taken = 0;
            for newline in memchr::memchr_iter(b'\n', block) {
                self.batch.lines.push(base + taken..base + newline);
                taken = newline + 1;
                if self.batch.lines.len() >= BATCH_LINES || base + taken >= BATCH_BYTES {
                    break;
                }
            }
            if taken == 0 {
                // No newline (not what `read_lines` hands over): one line.
                return self.push(block);
            }
            self.batch.bytes.extend_from_slice(&block[..taken]);
            block = &block[taken..];
            if self.batch.is_full() {
                self.send()?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Sends the lines of the batch, if any, to the pool, and the place of
    /// their answer to the writer (waiting while [`in_flight`] batches
    /// are). Breaks when the writer has stopped.
    fn send(&mut self) -> ControlFlow<()> {
        if self.batch.lines.is_empty() {
            return ControlFlow::Continue(());
        }
        let before = self.before;
        self.before += self.batch.lines.len() as u64;
        let full = std::mem::replace(&mut self.batch, Batch::new());
        let (done, answer) = mpsc::sync_channel(1);
        if self.order.send(answer).is_err() {
            return ControlFlow::Break(());
        }
        (self.dispatch)(full, before, done);
        ControlFlow::Continue(())
    }
}

/// The writer: each batch's answer in the order the batches were read,
/// flushing before any wait, until the reader is done or stdout breaks.
fn write_in_order(
    answers: &Receiver<Receiver<Answer>>,
    output: &mut Output<'_>,
    failed: &mut bool,
) {
    let mut waiting: VecDeque<Receiver<Answer>> = VecDeque::new();
    loop {
        // Take every batch already read.
        loop {
            match answers.try_recv() {
                Ok(next) => waiting.push_back(next),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    if waiting.is_empty() {
                        return;
                    }
                    break;
                }
            }
        }
        let Some(oldest) = waiting.pop_front() else {
            // Nothing read yet: flush, then wait for the reader.
            output.flush();
            match answers.recv() {
                Ok(next) => {
                    waiting.push_back(next);
                    continue;
                }
                Err(_) => return,
            }
        };
        let done = match oldest.try_recv() {
            Ok(done) => done,
            Err(_) => {
                output.flush();
                match oldest.recv() {
                    Ok(done) => done,
                    // A batch whose computation panicked: the pool
                    // re-raises the panic when the scope ends.
                    Err(_) => return,
                }
            }
        };
        *failed |= done.failed;
        output.write_answer(&done.stdout, &done.stderr);
        if output.is_broken() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the loop over `stdin`: each result is the line's length; a line
    /// with `!` fails, with a message naming its line.
    fn run_over(stdin: &[u8], capacity: usize) -> (String, String, Status) {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let status = {
            let mut output = Output::new(Mode::Plain, &mut stdout, &mut stderr);
            let mut reader = BufReader::with_capacity(capacity, stdin);
            let status = run(
                &mut reader,
                LineEnd::Newline,
                &mut output,
                &|bytes: &[u8]| (bytes.len(), bytes.contains(&b'!')),
                &|input: Input<'_>, (len, bad): (usize, bool), output: &mut Output<'_>| {
                    if bad {
                        output.plain_error(&input, 0, &"bad");
                        Outcome::Failed
                    } else {
                        output.line(&len.to_string());
                        Outcome::Succeeded
                    }
                },
            );
            let _ = output.finish();
            status
        };
        (
            String::from_utf8(stdout).unwrap(),
            String::from_utf8(stderr).unwrap(),
            status,
        )
    }

    #[test]
    fn many_batches_come_out_in_input_order() {
        let lines = 3 * BATCH_LINES + 17;
        let stdin: String = (0..lines).map(|i| "x".repeat(i % 7) + "\n").collect();
        for capacity in [64, 4096, BATCH_BYTES] {
            let (stdout, stderr, status) = run_over(stdin.as_bytes(), capacity);
            let want: String = (0..lines).map(|i| format!("{}\n", i % 7)).collect();
            assert!(stdout == want, "capacity {capacity}");
            assert_eq!((stderr.as_str(), status), ("", Status::Succeeded));
        }
    }

    #[test]
    fn failures_name_their_lines_across_batches() {
        let lines = BATCH_LINES + 10;
        let stdin: String = (0..lines)
            .map(|i| {
                if i % 5000 == 3 {
                    "a!\n".to_owned()
                } else {
                    "ab\n".to_owned()
                }
            })
            .collect();
        let (stdout, stderr, status) = run_over(stdin.as_bytes(), 4096);
        assert_eq!(status, Status::Failed);
        assert_eq!(stdout.lines().count(), lines);
        assert_eq!(
            stderr,
            "line 4: error at byte 0: bad\nline 5004: error at byte 0: bad\n"
        );
    }

    #[test]
    fn a_last_line_without_newline_and_an_empty_input() {
        assert_eq!(run_over(b"abc\nde", 3).0, "3\n2\n");
        assert_eq!(
            run_over(b"", 3),
            (String::new(), String::new(), Status::Succeeded)
        );
    }
}
