//! Many inputs through one DFA, four walks at a time.
//!
//! A table walk is bound by the latency of its loads: each byte's load
//! waits for the previous byte's. Four independent walks interleaved in
//! one loop keep four such chains in flight ([`Dfa::recognize_lanes`]):
//! about 1.35 times the throughput of one table walk after another on
//! references of 40-150 bytes. Inputs under 16 bytes (`SHORT_WALK`) and
//! over 256 (`LANE_MAX`) are judged by the single walk on the way: on the
//! first, a lane would be refilled after at most one chunk; text is
//! walked as text there ([`Input::UTF8`]), so a long IRI's characters
//! stay in the machines. Every other input is first walked by the wide
//! start machine, as the single walk ([`Dfa::reject`]) begins, where the
//! rule has one: most URLs end there (its chunks wait on no load, so four
//! interleaved table walks would be slower), and a lane walks the rest of
//! the others from where the machine stopped (`BENCHMARKS.md`, session
//! 39; session 36 handed whole inputs to the single walk instead, which
//! cost references of other shapes more than it saved).
//! [`Batch`] reads inputs from any iterator in blocks of [`BLOCK`], judges
//! each block that way, and yields each verdict in order, with its input
//! (any [`Input`]: bytes, or text that stays text); an input under 16
//! bytes that comes when no block is pending is judged at once, without
//! one (the plain walk, as in a block, less the block's copying and
//! hand-out: on references under 16 bytes, callgrind per input, 169 -> 107
//! instructions against a loop of single walks' 102; `BENCHMARKS.md`,
//! session 45). [`reject_slice`] judges inputs that are already in a
//! slice, all in one walk.

use alloc::vec::Vec;

use super::{Dfa, Reject, SHORT_WALK};

/// An input of a batch: bytes, or text, which the walk's machines may
/// take a character at a time (`UTF8`, see `run_machine`).
pub(crate) trait Input: AsRef<[u8]> {
    /// Whether the input is known to be UTF-8.
    const UTF8: bool;
}

impl Input for &[u8] {
    const UTF8: bool = false;
}

impl Input for &str {
    const UTF8: bool = true;
}

/// Inputs judged together: enough that the lanes rarely wait on each
/// other at the end of a block.
const BLOCK: usize = 64;

/// The verdicts of [`Dfa::reject`] on each of `inputs`, in order, for
/// inputs already in a slice: one interleaved walk over all of them, with
/// no block to copy them into (the lanes refill across the whole slice).
pub(crate) fn reject_slice<S: Input>(dfa: &'static Dfa, inputs: &[S]) -> Vec<Result<(), Reject>> {
    let mut verdicts = alloc::vec![Ok(()); inputs.len()];
    dfa.recognize_lanes(inputs, &mut verdicts);
    verdicts
}

/// The verdicts of [`Dfa::reject`] on each input of `inputs`, in order,
/// each with its input (see the module docs).
pub(crate) struct Batch<S, I> {
    dfa: &'static Dfa,
    inputs: I,
    block: Vec<S>,
    verdicts: Vec<Result<(), Reject>>,
    next: usize,
}

impl<S: Input + Copy, I: Iterator<Item = S>> Batch<S, I> {
    pub(crate) fn new(dfa: &'static Dfa, inputs: I) -> Self {
        Batch {
            dfa,
            inputs,
            block: Vec::with_capacity(BLOCK),
            verdicts: Vec::with_capacity(BLOCK),
            next: 0,
        }
    }
}

impl<S: Input + Copy, I: Iterator<Item = S>> Batch<S, I> {
    /// Reads and judges the next block, `first` and up to [`BLOCK`] - 1
    /// inputs after it. Apart from [`Iterator::next`], so
    /// that `next` stays small enough to inline into the caller's loop
    /// (measured on references under 16 bytes: with the block's work in
    /// it, `next` was a call that saved and restored registers for every
    /// input, 17 of the 77 instructions per input that the batch spent
    /// over a loop of single walks).
    #[inline(never)]
    fn refill(&mut self, first: S) {
        self.block.clear();
        self.block.push(first);
        self.block.extend(self.inputs.by_ref().take(BLOCK - 1));
        self.verdicts.clear();
        self.verdicts.resize(self.block.len(), Ok(()));
        self.dfa.recognize_lanes(&self.block, &mut self.verdicts);
        self.next = 0;
    }
}

impl<S: Input + Copy, I: Iterator<Item = S>> Iterator for Batch<S, I> {
    /// An input and its verdict.
    type Item = (S, Result<(), Reject>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.block.len() {
            // No block pending: a short input needs none (a block would
            // walk it alone too, after copying it in and out).
            let input = self.inputs.next()?;
            if input.as_ref().len() < SHORT_WALK {
                return Some((input, self.dfa.reject_short(input.as_ref())));
            }
            self.refill(input);
        }
        let item = (self.block[self.next], self.verdicts[self.next]);
        self.next += 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let (low, high) = self.inputs.size_hint();
        let ready = self.block.len() - self.next;
        (
            low.saturating_add(ready),
            high.and_then(|h| h.checked_add(ready)),
        )
    }
}
