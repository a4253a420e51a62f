//! The scanner: walks a generated DFA over input bytes, skipping runs of
//! text that cannot leave a state.
//!
//! # The idea
//!
//! A table walk reads `trans[state + classes[byte]]` for each byte. Each
//! load waits for the previous one, because the row depends on the state
//! just read: about five cycles a byte whatever the CPU, a third of plain
//! UTF-8 validation. But inside a path segment, a query or a fragment the
//! DFA stays in one state for long runs, and whether a byte keeps the DFA
//! in a *known* state depends on the byte alone. The generator
//! (`abnf_dfa::dfa::accel`) derives, for every state with a self-loop, a
//! table of 256 *codes*: which ASCII bytes stay, whether `%HH` returns,
//! which UTF-8 lead bytes begin characters that all return. Once the walk
//! enters such a state the scanner looks bytes up in that table, eight at
//! a time, with loads that do not depend on each other, and advances over
//! the whole run; at the first byte the codes do not vouch for, it goes
//! on in the state's shift machine (below), or the table where there is
//! none. Runs of ASCII bytes are checked 16 or
//! 32 bytes per test with SIMD where the CPU has it (the `simd` module:
//! a nibble-table lookup of the state's ASCII stay set, derived from the
//! codes), eight table lookups per step elsewhere. For
//! `http://example.org/a/b?q=1`
//! (as if it were long and had no start machine: skips are tried only
//! where they pay, see the cost section, and only at the end of an
//! eight-byte chunk):
//!
//! ```text
//! http://example.org/a/b?q=1
//! ^^^^^^^                       table steps (scheme, "://")
//!        ^^^^^^^^^^^            skipped in the reg-name state
//!                   ^           machine step to the path state
//!                    ^^^        skipped ('/' stays in the path)
//!                       ^       machine step to the query state
//!                        ^^^    skipped
//! ```
//!
//! The skip never changes the state and never passes a byte the table
//! would not have taken back to the same state, so the result is exactly
//! the plain walk's, error offset included: the rejected byte is always
//! read by the table.
//!
//! Runs too short for a skip, and the delimiters between them, go through
//! a *shift machine* (the `shift` module): each accelerated state comes
//! with up to nine states around it (from the path: the path, the query,
//! the fragment, each with its `%` and `%H` states) packed so that a step
//! is one shift of a row the byte selects, with no load that waits on the
//! previous one. Any state of a machine enters it. A chunk that leaves
//! the machine's states is walked again by the table from the state it
//! began in, so the result is still the table's. On text (`&str`) a
//! character stays in a machine state when the state's codes vouch for
//! its lead byte; on bytes only ASCII chunks are walked in a machine.
//! The start state has a machine too where the build configuration's
//! *trails* earn one (`abnf/generate.conf`: `http://example.org/a?q` and
//! `/a`, so the reference rules' start machine holds the scheme, `:`,
//! `//`, the host, the path and the query): a walk begins in it when its
//! first byte stays there. So a URL is mostly walked this way from its
//! first byte; the table takes over where a chunk leaves the machine
//! (a port, a `%`, a fragment), and then enters the machine of the state
//! it reached.
//!
//! Where the CPU has AVX2, and on aarch64 with NEON, the start state's
//! machine is a *wide* one (the `wide` module): sixteen lanes of a byte
//! shuffle (`pshufb`, `tbl`) instead of ten fields
//! of a shift, so that it also holds the `%` and `%H` states of the path
//! and the query and the fragment (`wide-trail` in `generate.conf`), and a
//! crawled URL with percent-encoded bytes or a fragment is walked from its
//! first byte to its last without leaving it.
//!
//! [`Dfa::recognize_plain`] keeps the plain walk for the tests that
//! compare it with the others on every input.
//!
//! [`Dfa::recognize_lanes`] (and the [`Batch`] iterator over it) judges
//! many inputs at once: each input's start in the wide machine, as the
//! single walk begins, then what it leaves by four table walks
//! interleaved so that their loads overlap; see the `batch` module.
//!
//! # Layout and invariants
//!
//! Written by the generator, checked by [`Dfa::new`] (a `const fn`, so a
//! generated table that breaks them fails the build, not a run):
//!
//! - `trans` has `states * stride` entries; every entry, `start`,
//!   `accept_from` and `accel_from` are multiples of `stride` (state ids
//!   are premultiplied) and below `trans.len()`;
//! - every `classes[byte]` is below `stride`;
//! - row 0 is the dead state and loops to itself;
//! - states `accel_from..accel_from + accel_index.len()` are accelerated;
//!   `accel_from` is past the dead state; every `accel_index` entry of a
//!   state (at a multiple of `stride`, the only ones read) is an index
//!   into `accel`.
//!
//! So for any state read from `trans` (or `start`) and any byte,
//! `state + classes[byte] < trans.len()`: the one load of the hot loop
//! needs no bounds check, and [`Dfa::step`] does without one. This module
//! is the only one of the crate allowed `unsafe` (the crate root denies it
//! everywhere else); that load and the SIMD window check (`simd`:
//! intrinsics behind a feature check, loads from checked slices) are its
//! only uses, with the SSE2 delimiter search of the `delims` module
//! (which the split into components uses), the byte shuffles of the wide
//! machine (`wide`) and the call of the walk compiled for AVX2 and BMI2
//! (`Dfa::resume`, behind the same check).
//!
//! # Cost
//!
//! An input shorter than [`SHORT_WALK`] bytes (a `../g`, a `#frag`) is
//! walked by the plain table and nothing else: at that length the
//! machines and skips save nothing, and choosing them costs branches
//! whose outcome varies per input. The batch hands such inputs to that
//! walk too, not to its lanes. For a parse, the same walk also gathers
//! the input into the 16-byte window the split reads its delimiters from
//! (`Dfa::accept_short_str`): two shifts a byte beside the chain of table
//! loads, instead of tests of the length after it.
//!
//! Otherwise, one dependent load a byte where the DFA is in no machine
//! (the first chunk of a rule without a start machine, or of an input
//! that escapes it, IP literals, characters whose lead byte the codes do
//! not vouch for, and non-ASCII bytes that are not known to be text),
//! with the dead-state test once per [`CHUNK`] bytes. In a machine, one
//! shift a byte (three instructions with BMI2's `shrx`, four without) and
//! one test per chunk; a chunk that leaves the machine costs a
//! mispredicted branch and its table walk. In the wide start machine,
//! three instructions a byte (the byte, its row's offset, the shuffle)
//! and one shuffle a chunk that waits on the state. On a skipped run with
//! SSSE3 or AVX2: one window check per 16 or 32 bytes of ASCII, `%HH`
//! triples and two- and three-byte characters alike (a window that cuts
//! a triple or a character is followed by one that starts with it); on
//! other machines
//! eight table loads per step of ASCII, and one branch per triple or
//! character. Where the run ends, a mispredicted branch; that is why a skip
//! is tried only on inputs with at least [`SKIP_MIN`](walk::SKIP_MIN)
//! bytes left and when the next `GATE` bytes may all belong to the run:
//! on short mixed references the table walk is faster (`cargo bench
//! --bench cputime mixed`). Four-byte
//! characters stay in a run when their lead is vouched for: the codes of
//! `F0`-`F2` (emoji, CJK extensions; `F4` too in a query) vouch for every
//! character but the two noncharacters that end each plane, which the
//! window check (x86) and the skip's byte loop (everywhere) leave to the
//! table ([`plane_end`](walk::plane_end)). Characters whose lead byte the
//! codes do not vouch for (`EF`, where `U+FFFE` is excluded) are walked
//! by the table, which is exact.
//!
//! # Where things are
//!
//! | file | what |
//! | --- | --- |
//! | `mod.rs` | this overview, [`Reject`] and the walks the crate calls |
//! | `codes.rs` | the bits of the generated code tables and facts, which the generated code asserts |
//! | `table.rs` | [`Dfa`]: the generated tables, their invariants ([`Dfa::new`]), the plain table walk |
//! | `walk.rs` | the accelerated walk: the chunk loop, the machines' runs, the skip |
//! | `shift.rs`, `wide.rs` | the shift and wide machines' steps |
//! | `simd/` | the skip's window check: `mod.rs` (sets, paths, portable), `x86.rs` (SSSE3, AVX2), `neon.rs` |
//! | `batch.rs` | many inputs at once: four interleaved table walks |
//! | `delims.rs` | delimiter masks for the split into components |
//! | `tests.rs` | every walk against the plain one |
//!
//! # Measuring
//!
//! Times: `cargo bench --bench cputime` (each corpus, MB/s and the ratio
//! to oxiri's time; arguments pick corpora). The instruction counts
//! quoted in this module's comments are per input and do not depend on
//! the machine: after `cargo bench --bench cputime --no-run`, run
//! `valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes
//! target/release/deps/cputime-* --quick --only=ROW CORPUS` (`ROW` such as
//! `rfc3987-check`, `rfc3987-parse`, `rfc3987-check-all`), subtract the
//! same run with `--only=none`, and divide by the corpus's inputs (the
//! bench prints them). `--branch-sim=yes` gives mispredicted branches the
//! same way.

mod batch;
pub(crate) mod codes;
mod delims;
mod shift;
mod simd;
mod table;
mod walk;
mod wide;

pub(crate) use batch::{reject_slice, Batch, Input};
pub(crate) use delims::{first_of, first_of_before, hits, last_of, padded_window, window_at, Head};
pub(crate) use shift::Shift;
pub(crate) use table::{CodeTables, Dfa};
pub(crate) use wide::{Wide, WideTable};

/// Bytes walked by the table between two looks at whether the state is
/// accelerated.
const CHUNK: usize = 8;

/// What is left of an input shorter than this goes to the plain table
/// walk: under two chunks, the machines and skips save nothing, and their
/// choices (does the first byte stay in the start machine, is a chunk
/// left, is it ASCII) are branches whose outcome varies with the input.
/// On references under 16 bytes (`cargo bench --bench cputime
/// relative-tiny`) `check` takes 0.30 of oxiri's time with it, 0.53-0.62
/// without; `IriRef::parse` 0.68-0.70, against 0.88-1.04; the longer
/// corpora do not move (and 32 bytes is no better on `relative-short`).
pub(crate) const SHORT_WALK: usize = 16;

/// Where and in which state a walk failed: what an error needs, so that
/// building one never walks the input again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reject {
    /// The byte that led to the dead state, or the input's length when it
    /// ended in a state that does not accept.
    pub(crate) offset: usize,
    /// The state before that byte (the last state, at the end), numbered
    /// from 0 (not premultiplied).
    pub(crate) state: u32,
}

impl Dfa {
    /// `Ok` if `input` matches; otherwise the offset of the byte that led
    /// to the dead state, or `input.len()` if the input ended in a state
    /// that does not accept. The result is
    /// [`recognize_plain`](Self::recognize_plain)'s.
    ///
    /// Walks [`CHUNK`] bytes at a time with the table, without a dead-state
    /// test per byte (the dead state loops, so it is noticed at the end of
    /// the chunk and the chunk walked again to find the byte); after each
    /// chunk, if at least [`SKIP_MIN`](walk::SKIP_MIN) bytes are left, the
    /// state is accelerated and the next `GATE` bytes may
    /// all be inside its run,
    /// skips the run (see the module docs).
    #[inline]
    pub(crate) fn recognize(&self, input: &[u8]) -> Result<(), usize> {
        self.reject(input).map_err(|reject| reject.offset)
    }

    /// [`recognize`](Self::recognize), with the state at the failure.
    #[inline]
    pub(crate) fn reject(&self, input: &[u8]) -> Result<(), Reject> {
        self.walk_from_start::<false>(input).map(drop)
    }

    /// [`reject`](Self::reject) on an input under [`SHORT_WALK`] bytes:
    /// the plain walk, as the single walk takes such inputs.
    #[inline(always)]
    pub(crate) fn reject_short(&self, input: &[u8]) -> Result<(), Reject> {
        debug_assert!(input.len() < SHORT_WALK);
        self.walk_rest(self.start, input, 0).map(drop)
    }

    /// [`reject`](Self::reject) on text: its shift machines take
    /// characters too, not only ASCII (see [`run_machine`](walk::run_machine)).
    #[inline]
    pub(crate) fn reject_str(&self, input: &str) -> Result<(), Reject> {
        self.walk_from_start::<true>(input.as_bytes()).map(drop)
    }

    /// [`reject_str`](Self::reject_str), with the facts of the state the
    /// walk ended in when it accepts (the `NO_*` bits of
    /// `grammar::codes`): what the input does not contain, for the split
    /// into components.
    #[inline]
    pub(crate) fn accept_str(&self, input: &str) -> Result<u8, Reject> {
        let state = self.walk_from_start::<true>(input.as_bytes())?;
        Ok(self.facts(state))
    }

    /// [`accept_str`](Self::accept_str) for an input under
    /// [`SHORT_WALK`] bytes (which the plain walk takes byte by byte), that
    /// also gathers the input into a zeroed 16-byte window (byte `i` in
    /// bits `8i..8i + 8`) for the split's delimiter masks: two shifts a
    /// byte beside the chain of dependent table loads, so in its shadow,
    /// where gathering the window after the walk takes a test of the
    /// length or two, whose outcome varies from one short reference to
    /// the next.
    #[inline(always)]
    pub(crate) fn accept_short_str(&self, input: &str) -> Result<(u8, u128), Reject> {
        let input = input.as_bytes();
        debug_assert!(input.len() < SHORT_WALK);
        // Each byte enters at the top and moves down a byte per byte
        // after it: the input ends up in the top `len` bytes.
        let mut window = 0u128;
        let state = self
            .walk_seeing(self.start, input, |byte| {
                window = window >> 8 | u128::from(byte) << 120;
            })
            .map_err(|(offset, before)| self.reject_at(offset, before))?;
        self.finish(state, input.len())?;
        // Down by the bytes not taken: 8 to 128 bits, where 128 (an
        // empty input) wraps to 0, which is right too (nothing entered).
        let window = window.wrapping_shr(8 * (16 - input.len()) as u32);
        Ok((self.facts(state), window))
    }

    /// The state after `prefix` by the plain walk, numbered from 0 (not
    /// premultiplied; 0 is dead), for diagnostics whose offset is not the
    /// walk's own (a character reported at its first byte).
    #[cold]
    pub(crate) fn state_after(&self, prefix: &[u8]) -> usize {
        self.walk(self.start, prefix).unwrap_or(0) / self.stride
    }

    /// The same as [`recognize`](Self::recognize), one table load per
    /// byte and nothing else: the reference the accelerated walk is tested
    /// against.
    pub(crate) fn recognize_plain(&self, input: &[u8]) -> Result<(), usize> {
        self.reject_plain(input).map_err(|reject| reject.offset)
    }

    /// [`recognize_plain`](Self::recognize_plain), with the state at the
    /// failure.
    pub(crate) fn reject_plain(&self, input: &[u8]) -> Result<(), Reject> {
        self.walk_rest(self.start, input, 0).map(drop)
    }

    /// The length of the longest prefix of `input` that matches, if any,
    /// read in one pass that stops where no match can continue (the dead
    /// state): what a search in running text needs.
    pub(crate) fn longest_prefix(&self, input: &[u8]) -> Option<usize> {
        let mut state = self.start;
        let mut longest = (state >= self.accept_from).then_some(0);
        for (offset, &byte) in input.iter().enumerate() {
            // SAFETY: `state` is `start` or a value `step` returned.
            state = unsafe { self.step(state, byte) };
            if state == 0 {
                break;
            }
            if state >= self.accept_from {
                longest = Some(offset + 1);
            }
        }
        longest
    }
}

#[cfg(test)]
mod tests;
