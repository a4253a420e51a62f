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
//!   `accel_from` is past the dead state; every `accel_index` entry is an
//!   index into `accel`.
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
//! is tried only on inputs with at least [`SKIP_MIN`] bytes left and when
//! the next [`GATE`] bytes may all belong to the run: on short mixed
//! references the table walk is faster (see `BENCHMARKS.md`). Four-byte
//! characters stay in a run when their lead is vouched for: the codes of
//! `F0`-`F2` (emoji, CJK extensions; `F4` too in a query) vouch for every
//! character but the two noncharacters that end each plane, which the
//! window check (x86) and the skip's byte loop (everywhere) leave to the
//! table ([`plane_end`]). Characters whose lead byte the codes do not
//! vouch for (`EF`, where `U+FFFE` is excluded) are walked by the table,
//! which is exact.

mod batch;
mod delims;
mod shift;
mod simd;
mod wide;

pub(crate) use batch::{reject_slice, Batch, Input};
pub(crate) use delims::{first_of, first_of_before, hits, last_of, padded_window, window_at, Head};
pub(crate) use shift::Shift;
use simd::{Path, WindowSets};
pub(crate) use wide::{Wide, WideTable};

use crate::grammar::codes::{CONTINUATION, HEX1, HEX2, INSIDE, LEAD_SHIFT, PERCENT, STAY};

/// Bytes walked by the table between two looks at whether the state is
/// accelerated.
const CHUNK: usize = 8;

/// What is left of an input shorter than this goes to the plain table
/// walk: under two chunks, the machines and skips save nothing, and their
/// choices (does the first byte stay in the start machine, is a chunk
/// left, is it ASCII) are branches whose outcome varies with the input.
/// Measured on references under 16 bytes (`relative-tiny`, `cputime`):
/// `check` 0.53-0.62 of oxiri's time before, 0.30 after; `IriRef::parse`
/// 0.88-1.04 before, 0.68-0.70 after; the longer corpora did not move
/// beyond this VM's noise (32 bytes was no better on `relative-short`).
pub(crate) const SHORT_WALK: usize = 16;
/// Inputs longer than this are not interleaved by
/// [`Dfa::recognize_lanes`].
const LANE_MAX: usize = 256;

/// Pieces of a run (ASCII bytes, `%HH` triples, characters) the byte loop
/// of a skip takes before it tries the window check again.
const UNITS: usize = 8;
/// The most pieces the byte loop takes between two window checks.
const UNITS_MAX: usize = 256;
/// Bytes that must all be [`INSIDE`] a run before a skip is tried.
const GATE: usize = 16;
/// Input left below which no skip is tried: too short for a run to pay
/// for the branches that leave it. Measured: from 32 bytes left, skips
/// slowed 60-byte references (table walks then); once shift machines
/// walked a byte a cycle, from 64 bytes they still cost URLs of 80-150
/// bytes about two mispredicted branches each (trying, leaving the run,
/// leaving the machine for it) for runs the machine walks as fast.
const SKIP_MIN: usize = 128;
/// Bytes a shift machine walks on a long input before the scanner tries
/// a skip again: a window check takes 16 or 32 bytes in the time the
/// machine takes a few, so the machine only bridges the gap between two
/// runs.
const SHIFT_SPAN: usize = 16;
/// Most distinct code tables the generator may emit (for the window
/// check's sets, derived in [`Dfa::new`]; a grammar with more fails the
/// build).
const ACCEL_MAX: usize = 24;

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

/// A walk's verdict as two words, which a call returns in two registers
/// (a `Result<usize, Reject>` is three, and goes through memory): the
/// out-of-line walk returns it, its inlined callers turn it back at once
/// (cachegrind per input of the `cputime` binary, with `Path::detect`'s first detection out of line:
/// `check` 513.3 -> 485.8 instructions on `crawl`, 474.4 -> 446.5 on
/// `mixed`, `IriRef::parse` 689.4 -> 682.6 and 680.8 -> 673.5;
/// `BENCHMARKS.md`, session 43).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Verdict {
    /// The state the walk ended in (premultiplied), or the state before
    /// the failure (numbered from 0, as in [`Reject`]).
    state: usize,
    /// The failure's offset, or `usize::MAX` where the walk accepts (no
    /// failure is there: no input reaches that length).
    offset: usize,
}

#[cfg(target_arch = "x86_64")]
impl Verdict {
    #[inline(always)]
    fn from_result(result: Result<usize, Reject>) -> Verdict {
        match result {
            Ok(state) => Verdict {
                state,
                offset: usize::MAX,
            },
            Err(reject) => Verdict {
                state: reject.state as usize,
                offset: reject.offset,
            },
        }
    }

    #[inline(always)]
    fn into_result(self) -> Result<usize, Reject> {
        if self.offset == usize::MAX {
            Ok(self.state)
        } else {
            Err(Reject {
                offset: self.offset,
                state: self.state as u32,
            })
        }
    }
}

/// What the walk's first step ([`Dfa::first_step`]) leaves.
enum FirstStep {
    /// The walk's verdict.
    Done(Result<usize, Reject>),
    /// The rest of the walk goes on from `state` at `at`: `escaped` is
    /// the wide machine's word where it ran and stopped short of the end
    /// (whether its last chunk left the machine, so that the table must
    /// take it), `None` where it did not run.
    Rest {
        state: usize,
        at: usize,
        escaped: Option<bool>,
    },
}

/// A generated DFA, as `abnf-dfa` lays it out (see the module docs).
pub(crate) struct Dfa {
    classes: &'static [u8; 256],
    trans: &'static [u16],
    stride: usize,
    start: usize,
    accept_from: usize,
    accel_from: usize,
    accel_index: &'static [u8],
    accel: &'static [[u8; 256]],
    /// The first state of the range of states that are in a shift
    /// machine (premultiplied).
    shift_from: usize,
    /// Like `accel_index`, from `shift_from`: a state's machine (its index
    /// in `shifts`, high byte) and its offset in the machine's rows (low
    /// byte).
    shift_index: &'static [u16],
    /// One machine per accelerated state, in their order, and maybe one
    /// more for the start state (`abnf_dfa::dfa::shift::Machine::following`).
    shifts: &'static [Shift],
    /// The start state's wide machine, where it has a shift machine
    /// (`abnf_dfa::dfa::shift::Wide`): walked instead of that one on
    /// [`Path::Avx2`] and `Path::Neon` (so never read on other targets but
    /// by the tests).
    #[cfg_attr(not(simd_path), allow(dead_code))]
    wide: Option<&'static Wide>,
    /// `accel[id]`'s sets for the window check, by `id`.
    windows: [WindowSets; ACCEL_MAX],
    /// What every path to a state has read (the `NO_*` bits of
    /// `grammar::codes`, derived by `abnf_dfa::dfa::seen`), indexed by
    /// the premultiplied state shifted right by `facts_shift`.
    facts: &'static [u8],
    facts_shift: u32,
    /// `ceil(2^32 / stride)`: a premultiplied state times it, shifted
    /// right by 32, is the state's number (see [`number`](Self::number)).
    stride_inverse: u64,
}

impl Dfa {
    /// The generated tables, checked against the module's invariants.
    /// Called in `static` initializers only, so a violation is a compile
    /// error.
    #[allow(clippy::too_many_arguments, reason = "one per generated table")]
    pub(crate) const fn new(
        classes: &'static [u8; 256],
        trans: &'static [u16],
        stride: usize,
        start: usize,
        accept_from: usize,
        accel_from: usize,
        accel_index: &'static [u8],
        accel: &'static [[u8; 256]],
        shift_from: usize,
        shift_index: &'static [u16],
        shifts: &'static [Shift],
        wide: Option<&'static Wide>,
        facts: &'static [u8],
        facts_shift: u32,
    ) -> Dfa {
        let len = trans.len();
        assert!(stride > 0 && len >= stride && len.is_multiple_of(stride));
        let mut i = 0;
        while i < 256 {
            assert!((classes[i] as usize) < stride, "a class past the row");
            i += 1;
        }
        let mut i = 0;
        while i < len {
            let target = trans[i] as usize;
            assert!(
                target.is_multiple_of(stride) && target < len,
                "a bad state id"
            );
            assert!(i >= stride || target == 0, "the dead state must loop");
            i += 1;
        }
        assert!(start.is_multiple_of(stride) && start < len);
        assert!(accept_from.is_multiple_of(stride) && accept_from <= len);
        assert!(accel_from >= stride && accel_from.is_multiple_of(stride));
        assert!(accel_index.len().is_multiple_of(stride) && accel_from + accel_index.len() <= len);
        let mut i = 0;
        while i < accel_index.len() {
            assert!((accel_index[i] as usize) < accel.len());
            i += 1;
        }
        assert!(accel.len() <= ACCEL_MAX, "more code tables than ACCEL_MAX");
        // A machine per accelerated state, then maybe the start state's.
        let accelerated = accel_index.len() / stride;
        assert!(
            shifts.len() == accelerated || shifts.len() == accelerated + 1,
            "a machine per accelerated state, and at most one more"
        );
        let mut i = 0;
        while i < shifts.len() {
            let entry = if i < accelerated {
                accel_from + i * stride
            } else {
                start
            };
            shifts[i].check(stride, len, entry);
            i += 1;
        }
        if let Some(wide) = wide {
            assert!(
                shifts.len() == accelerated + 1,
                "a wide machine where the start state has a shift machine"
            );
            wide.check(stride, len, start);
        }
        assert!(shift_from.is_multiple_of(stride) && shift_from + shift_index.len() <= len);
        assert!(shift_index.len().is_multiple_of(stride));
        let mut i = 0;
        while i < shift_index.len() {
            if i.is_multiple_of(stride) {
                let machine = (shift_index[i] >> 8) as usize;
                let offset = (shift_index[i] & 0xFF) as u64;
                assert!(machine < shifts.len(), "a bad machine");
                assert!(
                    offset != shift::ESCAPE && offset < 64,
                    "a bad machine state"
                );
                assert!(
                    shifts[machine].state(offset) == shift_from + i,
                    "a state's machine must have it"
                );
            }
            i += 1;
        }
        // State ids are `u16`s, so below 2^16, as `number` requires.
        assert!(len <= 1 << 16);
        // Distinct states have distinct fact indices, and every state one.
        assert!(facts_shift < usize::BITS && stride >> facts_shift == 1);
        assert!((len - stride) >> facts_shift < facts.len());
        let mut windows = [WindowSets::EMPTY; ACCEL_MAX];
        let mut id = 0;
        while id < accel.len() {
            windows[id] = WindowSets::of(&accel[id]);
            id += 1;
        }
        Dfa {
            classes,
            trans,
            stride,
            start,
            accept_from,
            accel_from,
            accel_index,
            accel,
            shift_from,
            shift_index,
            shifts,
            wide,
            windows,
            facts,
            facts_shift,
            stride_inverse: stride_inverse(stride),
        }
    }

    /// The state after `byte` from `state`.
    ///
    /// # Safety
    ///
    /// `state` is a multiple of the stride below `trans.len()`, as this
    /// DFA's `start` and every value this function returns for it are.
    #[inline(always)]
    unsafe fn step(&self, state: usize, byte: u8) -> usize {
        let index = state + usize::from(self.classes[usize::from(byte)]);
        // SAFETY: by the caller's promise `state` is a multiple of
        // `stride` below `trans.len()` (for `start` and the entries of
        // `trans`, `new` checked it), and `classes[byte] < stride` (checked
        // by `new`), so `index` is below `trans.len()`.
        usize::from(unsafe { *self.trans.get_unchecked(index) })
    }

    /// The code table of `state` if it is accelerated.
    #[cfg(test)]
    fn codes(&self, state: usize) -> Option<&'static [u8; 256]> {
        self.accel.get(self.accel_id(state)?)
    }

    /// The index in `accel` of `state`'s code table if it is accelerated
    /// (the scanner reads `accel_index` itself; for the tests).
    #[cfg(test)]
    fn accel_id(&self, state: usize) -> Option<usize> {
        let offset = state.wrapping_sub(self.accel_from);
        self.accel_index.get(offset).map(|&id| usize::from(id))
    }

    /// Every code table, for the tests.
    #[cfg(test)]
    pub(crate) fn code_tables(&self) -> &'static [[u8; 256]] {
        self.accel
    }

    /// The shift machine `state` is in, if any, and its offset there.
    #[inline(always)]
    fn machine(&self, state: usize) -> Option<(&'static Shift, u64)> {
        let &entry = self.shift_index.get(state.wrapping_sub(self.shift_from))?;
        let machine = &self.shifts[usize::from(entry >> 8)];
        Some((machine, u64::from(entry & 0xFF)))
    }

    /// The verdict once the input is read in `state`.
    #[inline(always)]
    fn finish(&self, state: usize, len: usize) -> Result<(), Reject> {
        if state >= self.accept_from {
            Ok(())
        } else {
            Err(self.reject_at(len, state))
        }
    }

    /// The [`Reject`] for a failure at `offset` after `state`
    /// (premultiplied).
    #[inline(always)]
    fn reject_at(&self, offset: usize, state: usize) -> Reject {
        Reject {
            offset,
            state: self.number(state),
        }
    }

    /// The number of `state` (premultiplied): `state / stride`, by a
    /// multiplication (a division waits 10 to 40 cycles, on every
    /// rejection). Exact: with `m = ceil(2^32 / d) = (2^32 + e) / d`, `e <
    /// d`, `x * m / 2^32 = x / d + x * e / (d * 2^32)`, whose second term
    /// is below `x / 2^32 < 2^-16 <= 1 / d` for `x < 2^16` (`new` checks
    /// that state ids are) and `d <= 2^16`, so it never carries `x / d`
    /// past an integer: the fraction of `x / d` is at most `1 - 1 / d`.
    #[inline(always)]
    fn number(&self, state: usize) -> u32 {
        divide_by_inverse(state, self.stride_inverse)
    }

    /// `Ok` if `input` matches; otherwise the offset of the byte that led
    /// to the dead state, or `input.len()` if the input ended in a state
    /// that does not accept. The result is
    /// [`recognize_plain`](Self::recognize_plain)'s.
    ///
    /// Walks [`CHUNK`] bytes at a time with the table, without a dead-state
    /// test per byte (the dead state loops, so it is noticed at the end of
    /// the chunk and the chunk walked again to find the byte); after each
    /// chunk, if at least [`SKIP_MIN`] bytes are left, the state is
    /// accelerated and the next [`GATE`] bytes may all be inside its run,
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

    /// [`reject`](Self::reject) or [`reject_str`](Self::reject_str), as
    /// `S` is bytes or text, on `path` (known already: the batch's).
    #[inline(always)]
    fn reject_input<S: Input>(&self, path: Path, input: &[u8]) -> Result<(), Reject> {
        if S::UTF8 {
            self.resume::<true>(path, self.start, input, 0)
        } else {
            self.resume::<false>(path, self.start, input, 0)
        }
        .map(drop)
    }

    /// [`reject`](Self::reject) on an input under [`SHORT_WALK`] bytes:
    /// the plain walk, as the single walk takes such inputs.
    #[inline(always)]
    pub(crate) fn reject_short(&self, input: &[u8]) -> Result<(), Reject> {
        debug_assert!(input.len() < SHORT_WALK);
        self.walk_rest(self.start, input, 0).map(drop)
    }

    /// [`reject`](Self::reject) on text: its shift machines take
    /// characters too, not only ASCII (see [`run_machine`]).
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

    /// The facts of `state` (premultiplied): the `NO_*` bits of
    /// `grammar::codes`.
    #[inline(always)]
    fn facts(&self, state: usize) -> u8 {
        self.facts
            .get(state >> self.facts_shift)
            .copied()
            .unwrap_or(0)
    }

    /// [`recognize`](Self::recognize) from `state`, reached after
    /// `input[..at]`, with the window check of `path`.
    ///
    /// `state` must be `start` or a state [`step`](Self::step) returned
    /// (this module's functions only pass those). `UTF8`: the input is
    /// known to be UTF-8 (see [`run_machine`]). On success, the state the
    /// walk ended in.
    ///
    /// Where the CPU has AVX2 (and so BMI2, which [`Path::Avx2`] requires
    /// too) the walk is compiled for it: a machine's step is then one
    /// `shrx`, where baseline x86_64 code must first move the shift count
    /// into `cl` (four instructions a byte instead of three).
    #[inline(always)]
    fn resume<const UTF8: bool>(
        &self,
        path: Path,
        state: usize,
        input: &[u8],
        at: usize,
    ) -> Result<usize, Reject> {
        if input.len() - at < SHORT_WALK {
            return self.walk_rest(state, input, at);
        }
        #[cfg(target_arch = "x86_64")]
        if path == Path::Avx2 {
            // SAFETY: `Path::Avx2` is only ever detected on a CPU with
            // AVX2 and BMI2 (`Path::detect`, `Path::available`), all
            // that `resume_avx2` requires.
            return unsafe { self.resume_avx2::<UTF8>(state, input, at) }.into_result();
        }
        #[cfg(target_arch = "x86_64")]
        return self
            .resume_baseline::<UTF8>(path, state, input, at)
            .into_result();
        #[cfg(not(target_arch = "x86_64"))]
        self.walk_on::<UTF8>(path, state, input, at)
    }

    /// [`resume`](Self::resume) on x86_64's other paths, out of line: its
    /// callers then hold no walk but the short one.
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn resume_baseline<const UTF8: bool>(
        &self,
        path: Path,
        state: usize,
        input: &[u8],
        at: usize,
    ) -> Verdict {
        Verdict::from_result(self.walk_on::<UTF8>(path, state, input, at))
    }

    /// [`resume`](Self::resume) from the start state, with the path
    /// detected only where the walk needs it: an input under
    /// [`SHORT_WALK`] bytes takes the plain table walk on every path, and
    /// the cached path's load and tests, which the compiler does not move
    /// past the length test itself, are wasted there (a loop of `check`
    /// on `relative-tiny`: 107.5 -> 94.5 instructions a reference;
    /// BENCHMARKS.md, session 42).
    #[inline(always)]
    fn walk_from_start<const UTF8: bool>(&self, input: &[u8]) -> Result<usize, Reject> {
        if input.len() < SHORT_WALK {
            return self.walk_rest(self.start, input, 0);
        }
        let path = Path::detect();
        #[cfg(target_arch = "x86_64")]
        if path == Path::Avx2 {
            // SAFETY: `Path::Avx2` is only ever detected on a CPU with
            // AVX2 and BMI2 (`Path::detect`, `Path::available`), all
            // that `start_avx2` requires.
            return unsafe { self.start_avx2::<UTF8>(input) }.into_result();
        }
        self.resume::<UTF8>(path, self.start, input, 0)
    }

    /// [`resume`](Self::resume) on [`Path::Avx2`], compiled with AVX2 and
    /// BMI2. Its body is the wide start machine's run (most URLs end
    /// there); the rest of the walk is a call of its own
    /// ([`resume_avx2_after`](Self::resume_avx2_after)), so that this
    /// function keeps what it needs in the registers a call may clobber
    /// and saves one register where the whole walk saved six (and set up
    /// a frame of 184 bytes). Measured (cachegrind per input, a loop of
    /// `check` and one of `IriRef::parse`): `check` 485.4 -> 463.0
    /// instructions on `crawl`, 298.9 -> 271.2 on `rdf`, 445.6 -> 433.1
    /// on `mixed`, 293.8 -> 281.5 on `relative-short`; the parse 22 to 28
    /// fewer on the URLs, 12 on the references (`BENCHMARKS.md`, session
    /// 45), with [`start_avx2`](Self::start_avx2).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    fn resume_avx2<const UTF8: bool>(&self, state: usize, input: &[u8], at: usize) -> Verdict {
        // SAFETY: this function's features (AVX2 and BMI2).
        unsafe { self.resume_avx2_body::<UTF8>(state, input, at) }
    }

    /// [`resume_avx2`](Self::resume_avx2) from the start state at 0: the
    /// walk of a whole input, whose tests of the state and the offset
    /// before the wide machine fold away.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    fn start_avx2<const UTF8: bool>(&self, input: &[u8]) -> Verdict {
        // SAFETY: this function's features (AVX2 and BMI2).
        unsafe { self.resume_avx2_body::<UTF8>(self.start, input, 0) }
    }

    /// The body of [`resume_avx2`](Self::resume_avx2) and
    /// [`start_avx2`](Self::start_avx2): [`walk_on`](Self::walk_on)'s
    /// first step inline, the rest out of line.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2 and BMI2.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn resume_avx2_body<const UTF8: bool>(
        &self,
        state: usize,
        input: &[u8],
        at: usize,
    ) -> Verdict {
        match self.first_step::<UTF8>(Path::Avx2, state, input, at) {
            FirstStep::Done(verdict) => Verdict::from_result(verdict),
            // SAFETY: the caller's promise (AVX2 and BMI2).
            FirstStep::Rest { state, at, escaped } => unsafe {
                self.resume_avx2_after::<UTF8>(state, input, at, escaped)
            },
        }
    }

    /// The rest of [`resume_avx2`](Self::resume_avx2), out of line:
    /// [`walk_after`](Self::walk_after) from where the wide machine
    /// stopped (`escaped` its word), or from `state` at `at` where it did
    /// not run (`None`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    #[inline(never)]
    fn resume_avx2_after<const UTF8: bool>(
        &self,
        state: usize,
        input: &[u8],
        at: usize,
        escaped: Option<bool>,
    ) -> Verdict {
        Verdict::from_result(self.walk_after::<UTF8>(Path::Avx2, state, input, at, escaped))
    }

    /// The body of [`resume`](Self::resume).
    #[inline(always)]
    fn walk_on<const UTF8: bool>(
        &self,
        path: Path,
        state: usize,
        input: &[u8],
        at: usize,
    ) -> Result<usize, Reject> {
        match self.first_step::<UTF8>(path, state, input, at) {
            FirstStep::Done(verdict) => verdict,
            FirstStep::Rest { state, at, escaped } => {
                self.walk_after::<UTF8>(path, state, input, at, escaped)
            }
        }
    }

    /// The walk's first step, ahead of the loop of
    /// [`walk_after`](Self::walk_after). The common case: an input short
    /// of a skip that the wide start machine walks to its end (most
    /// URLs). The loop would take the same first step; apart from it, the
    /// call does not pay the loop's set-up (the fields it keeps at hand).
    /// Measured (callgrind, per input): `check` 593 -> 520 instructions on
    /// `crawl`, 407 -> 330 on `rdf` (`BENCHMARKS.md`, session 38). The
    /// wide machine tells itself whether the first byte enters it (one
    /// load), before the shift machine's test in `walk_after`. Where it
    /// does not run, a first byte that nothing starts with (the `<`,
    /// quote or bracket of a token from running text) is rejected here,
    /// without the loop's set-up and table chunk (cachegrind per input:
    /// `check` 215 -> 105 instructions on `<`-wrapped URLs, 490 -> 453 on
    /// rejected crawl tokens; `BENCHMARKS.md`, session 45).
    #[inline(always)]
    fn first_step<const UTF8: bool>(
        &self,
        path: Path,
        state: usize,
        input: &[u8],
        at: usize,
    ) -> FirstStep {
        if state == self.start && input.len() - at < SKIP_MIN && (UTF8 || ascii_ahead(input, at)) {
            if let Some((reached, stop, escaped)) = self.wide_run::<UTF8>(path, input, at) {
                if stop == input.len() {
                    return FirstStep::Done(self.finish(reached, stop).map(|()| reached));
                }
                return FirstStep::Rest {
                    state: reached,
                    at: stop,
                    escaped: Some(escaped),
                };
            }
        }
        if let Some(&first) = input.get(at) {
            // SAFETY: `state` is `start` or came from the walk, as `step`
            // requires (the callers' promise, as `resume`'s).
            if unsafe { self.step(state, first) } == 0 {
                return FirstStep::Done(Err(self.reject_at(at, state)));
            }
        }
        FirstStep::Rest {
            state,
            at,
            escaped: None,
        }
    }

    /// [`walk_on`](Self::walk_on) after its first step, from `state` at
    /// `at`: `escaped` is the wide machine's word where it ran and stopped
    /// short of the end (whether its last chunk left the machine, so that
    /// the table must take it), `None` where it did not run.
    #[inline(always)]
    fn walk_after<const UTF8: bool>(
        &self,
        path: Path,
        mut state: usize,
        input: &[u8],
        mut at: usize,
        escaped: Option<bool>,
    ) -> Result<usize, Reject> {
        let mut table = match escaped {
            Some(escaped) => escaped,
            None => self.machine(state).is_none_or(|(machine, entry)| {
                input
                    .get(at..at + 1)
                    .is_none_or(|first| machine.walk(entry, first) == shift::ESCAPE)
            }),
        };
        // The loop's first table chunk, ahead of it: a walk that leaves
        // the machines at once or at the wide machine's escape often dies
        // right there (a token from running text: `<` before a URL, a
        // quote or a space after it), and then returns without the loop's
        // set-up (the fields it keeps at hand, about 40 instructions).
        // Measured (cachegrind per input, loop-of-`check` probe): `check`
        // on `crawl-invalid` 561.8 -> 522.0 instructions, `<`-wrapped URLs
        // 294 -> 252; the other corpora 1-6 fewer (`BENCHMARKS.md`,
        // session 43). A byte at a time with a dead-state test instead,
        // which needs no second walk for the byte, cost the references
        // that go on 12 to 18 instructions and a mispredicted exit.
        if table {
            let Some(chunk) = input.get(at..at + CHUNK) else {
                return self.walk_rest(state, input, at);
            };
            state = self.table_chunk(state, chunk, at)?;
            at += CHUNK;
            table = false;
        }
        loop {
            if !table && at < input.len() {
                let long = input.len() - at >= SKIP_MIN;
                if UTF8 || long || ascii_ahead(input, at) {
                    if let Some((machine, entry)) = self.machine(state) {
                        if long {
                            let offset = state.wrapping_sub(self.accel_from);
                            if let Some(&id) = self.accel_index.get(offset) {
                                let id = usize::from(id);
                                let codes = &self.accel[id];
                                if worth_skipping(codes, input, at) {
                                    at = skip(path, &self.windows[id], codes, input, at);
                                }
                            }
                        }
                        (state, at, table) =
                            self.machine_run::<UTF8>(path, state, machine, entry, input, at);
                        if at == input.len() {
                            // Walked to the end in the machine.
                            break;
                        }
                        continue;
                    }
                }
            }
            let Some(chunk) = input.get(at..at + CHUNK) else {
                break;
            };
            state = self.table_chunk(state, chunk, at)?;
            at += CHUNK;
            table = false;
        }
        self.walk_rest(state, input, at)
    }

    /// The state after `chunk` (at `at` in the input) from `state` by the
    /// table, without a dead-state test per byte: the dead state loops, so
    /// it is noticed at the chunk's end, and the chunk walked again for
    /// its byte ([`dead_at`](Self::dead_at)).
    #[inline(always)]
    fn table_chunk(&self, state: usize, chunk: &[u8], at: usize) -> Result<usize, Reject> {
        let mut next = state;
        for &byte in chunk {
            // SAFETY: `next` is `start` or came from `step`.
            next = unsafe { self.step(next, byte) };
        }
        if next == 0 {
            return Err(self.dead_at(state, chunk, at));
        }
        Ok(next)
    }

    /// The wide start machine's walk from the start state at `at` (see
    /// [`Wide::run`]), where `path` has one, the rule has the machine and
    /// the byte at `at` enters it; `None` elsewhere (always, on targets
    /// without either path: the callers' tests around it then fold away).
    /// The machine's own row tells whether the first byte enters (one
    /// load, where the start state's shift machine takes a lookup of the
    /// machine and a step): measured, callgrind per input, `check`
    /// 523.3 -> 504.0 instructions on `crawl`, 332.8 -> 311.9 on `rdf`,
    /// 481.2 -> 462.5 on `mixed`, 119.5 -> 122.5 on `relative-tiny`
    /// (whose first byte does not enter: both tests run).
    #[inline(always)]
    #[cfg_attr(not(simd_path), allow(unused_variables))]
    fn wide_run<const UTF8: bool>(
        &self,
        path: Path,
        input: &[u8],
        at: usize,
    ) -> Option<(usize, usize, bool)> {
        #[cfg(simd_path)]
        let wide = self.wide?;
        #[cfg(simd_path)]
        if !wide.enters(*input.get(at)?) {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        if path == Path::Avx2 {
            // SAFETY: `Path::Avx2` is only ever detected on a CPU with
            // AVX2, all that `Wide::run` requires.
            return Some(unsafe { wide.run::<UTF8>(input, at) });
        }
        #[cfg(neon_path)]
        if path == Path::Neon {
            return Some(wide.run_neon::<UTF8>(input, at));
        }
        None
    }

    /// [`run_machine`] from `state` in `machine`, entered at `entry`; from
    /// the start state on [`Path::Avx2`] and `Path::Neon`, the wide
    /// machine's walk instead (the `wide` module), where the rule has one.
    #[inline(always)]
    fn machine_run<const UTF8: bool>(
        &self,
        path: Path,
        state: usize,
        machine: &Shift,
        entry: u64,
        input: &[u8],
        at: usize,
    ) -> (usize, usize, bool) {
        if state == self.start {
            if let Some(walked) = self.wide_run::<UTF8>(path, input, at) {
                return walked;
            }
        }
        run_machine::<_, UTF8>(machine, entry, input, at)
    }

    /// The verdict on `input` by the plain walk of `input[at..]` from
    /// `state`: the state the walk ended in if it accepts, otherwise the
    /// failure, at its offset in the whole input.
    #[inline(always)]
    fn walk_rest(&self, state: usize, input: &[u8], at: usize) -> Result<usize, Reject> {
        match self.walk(state, &input[at..]) {
            Ok(state) => self.finish(state, input.len()).map(|()| state),
            Err((offset, before)) => Err(self.reject_at(at + offset, before)),
        }
    }

    /// [`reject`](Self::reject) on each of `inputs`, into `results`
    /// (same length), by four walks interleaved byte by byte so that their
    /// chains of dependent loads overlap (a table walk waits on load
    /// latency, not on the CPU's ports).
    ///
    /// Each lane takes the next input as soon as its own has less than a
    /// [`CHUNK`] left: that tail is walked alone, with a dead-state test
    /// per byte, so a walk that dies there (most rejected tokens from
    /// running text end in the byte that spoils them: a quote, a bracket)
    /// knows its byte and state at once, and its error needs no further
    /// walk. A walk that dies in a chunk is noticed at the chunk's end (one
    /// test of the four states per chunk, not per byte): that chunk alone
    /// is walked again from the state before it for the byte
    /// ([`dead_at`](Self::dead_at)), and the lane takes the next input, so
    /// a rejected input costs its bytes up to the failure, as in
    /// [`reject`](Self::reject). Once no input is left to hand out, the
    /// inputs the lanes have begun are finished alone. Inputs longer than
    /// [`LANE_MAX`] go alone: on them the run skipping of `recognize`
    /// beats interleaving; so do inputs under [`SHORT_WALK`] bytes, which
    /// the single walk takes by the plain table. A lane takes its input up
    /// where the wide start machine stopped ([`lane_entry`](Self::lane_entry)):
    /// most URLs end in it and take no lane (callgrind, per input, against
    /// the lanes alone: `crawl` 704 -> 556 instructions and 4.0 -> 1.75
    /// mispredicted branches, `rdf` 476 -> 359, `mixed` 562 -> 510;
    /// `BENCHMARKS.md`, session 39).
    pub(crate) fn recognize_lanes<S: Input>(
        &self,
        inputs: &[S],
        results: &mut [Result<(), Reject>],
    ) {
        let path = Path::detect();
        #[cfg(target_arch = "x86_64")]
        if path == Path::Avx2 {
            // SAFETY: `Path::Avx2` is only ever detected on a CPU with
            // AVX2 and BMI2 (`Path::detect`, `Path::available`), all
            // that `lanes_avx2` requires.
            return unsafe { self.lanes_avx2(inputs, results) };
        }
        self.lanes_on(path, inputs, results);
    }

    /// [`recognize_lanes`](Self::recognize_lanes) on [`Path::Avx2`],
    /// compiled with AVX2 and BMI2 (the wide machine's walk, inlined in
    /// [`lane_entry`](Self::lane_entry), needs them).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi2")]
    fn lanes_avx2<S: Input>(&self, inputs: &[S], results: &mut [Result<(), Reject>]) {
        self.lanes_on(Path::Avx2, inputs, results);
    }

    /// The body of [`recognize_lanes`](Self::recognize_lanes).
    #[inline(always)]
    fn lanes_on<S: Input>(&self, path: Path, inputs: &[S], results: &mut [Result<(), Reject>]) {
        const LANES: usize = 4;
        const FINISHED: usize = usize::MAX;
        let mut next = 0;
        let mut current = [FINISHED; LANES];
        let mut rest: [&[u8]; LANES] = [&[]; LANES];
        let mut states = [self.start; LANES];
        // The states before the last chunk each lane walked.
        let mut before = states;
        // The failure of a lane whose walk died in its last chunk.
        let dead = |input: &[u8], tail: &[u8], before: usize| {
            let at = input.len() - tail.len() - CHUNK;
            Err(self.dead_at(before, &input[at..at + CHUNK], at))
        };
        for lane in 0..LANES {
            if let Some((i, state, at)) = self.hand_out(path, inputs, results, &mut next) {
                current[lane] = i;
                rest[lane] = &inputs[i].as_ref()[at..];
                states[lane] = state;
            }
        }
        if !current.contains(&FINISHED) {
            'interleaved: loop {
                // While every lane has a chunk left: no per-byte branch.
                while let [Some(a), Some(b), Some(c), Some(d)] =
                    rest.map(<[u8]>::first_chunk::<CHUNK>)
                {
                    before = states;
                    // Four locals, not the array: kept in registers (the
                    // array was stored to the stack after every step).
                    let [mut s0, mut s1, mut s2, mut s3] = states;
                    for j in 0..CHUNK {
                        // SAFETY: each state is `start` or came from `step`.
                        unsafe {
                            s0 = self.step(s0, a[j]);
                            s1 = self.step(s1, b[j]);
                            s2 = self.step(s2, c[j]);
                            s3 = self.step(s3, d[j]);
                        }
                    }
                    states = [s0, s1, s2, s3];
                    rest = rest.map(|r| &r[CHUNK..]);
                    if states.contains(&0) {
                        break;
                    }
                }
                for lane in 0..LANES {
                    let tail = rest[lane];
                    if tail.len() >= CHUNK && states[lane] != 0 {
                        continue;
                    }
                    let input = inputs[current[lane]].as_ref();
                    results[current[lane]] = match states[lane] {
                        0 => dead(input, tail, before[lane]),
                        state => self
                            .walk_rest(state, input, input.len() - tail.len())
                            .map(drop),
                    };
                    match self.hand_out(path, inputs, results, &mut next) {
                        Some((i, state, at)) => {
                            current[lane] = i;
                            rest[lane] = &inputs[i].as_ref()[at..];
                            states[lane] = state;
                        }
                        None => {
                            current[lane] = FINISHED;
                            break 'interleaved;
                        }
                    }
                }
            }
        }
        for lane in 0..LANES {
            if let Some(input) = inputs.get(current[lane]).map(S::as_ref) {
                let at = input.len() - rest[lane].len();
                results[current[lane]] = match states[lane] {
                    0 => dead(input, rest[lane], before[lane]),
                    state if S::UTF8 => self.resume::<true>(path, state, input, at).map(drop),
                    state => self.resume::<false>(path, state, input, at).map(drop),
                };
            }
        }
    }

    /// The next input a lane should take, from `*next` on, with the state
    /// and offset its lane walks on from; inputs too short or too long for
    /// a lane are recognized alone on the way: under [`SHORT_WALK`] bytes
    /// the single walk is the plain one, which a lane would only slow (an
    /// input of at most one chunk leaves the interleaved loop at once, and
    /// its lane's refill is a branch that varies per input). So is an
    /// input whose start the wide machine walks to within a
    /// [`SHORT_WALK`] of its end ([`lane_entry`](Self::lane_entry)).
    #[inline(always)]
    fn hand_out<S: Input>(
        &self,
        path: Path,
        inputs: &[S],
        results: &mut [Result<(), Reject>],
        next: &mut usize,
    ) -> Option<(usize, usize, usize)> {
        while let Some(input) = inputs.get(*next).map(S::as_ref) {
            let i = *next;
            *next += 1;
            if (SHORT_WALK..=LANE_MAX).contains(&input.len()) {
                let (state, at) = if S::UTF8 {
                    self.lane_entry::<true>(path, input)
                } else {
                    self.lane_entry::<false>(path, input)
                };
                if input.len() - at >= SHORT_WALK {
                    return Some((i, state, at));
                }
                results[i] = self.walk_rest(state, input, at).map(drop);
                continue;
            }
            results[i] = self.reject_input::<S>(path, input);
        }
        None
    }

    /// Where a lane takes `input` up: the state and offset that the wide
    /// start machine walks it to, as the single walk's first step does
    /// (`walk_on`), where its first byte enters the machine; otherwise
    /// the start. Most URLs end in the machine, and then no lane walks
    /// them at all: four table walks interleaved are slower than the
    /// machine's, whose chunks do not wait on each other.
    #[inline(always)]
    fn lane_entry<const UTF8: bool>(&self, path: Path, input: &[u8]) -> (usize, usize) {
        // The wide machine tests the first byte itself (`wide_run`).
        if UTF8 || ascii_ahead(input, 0) {
            if let Some((state, at, _)) = self.wide_run::<UTF8>(path, input, 0) {
                return (state, at);
            }
        }
        (self.start, 0)
    }

    /// The failure in `chunk` (at `at` in the input), which leads from
    /// `state` to the dead state: its byte and the state before it.
    #[cold]
    fn dead_at(&self, state: usize, chunk: &[u8], at: usize) -> Reject {
        match self.walk(state, chunk) {
            // Not reached: the caller saw the chunk end in the dead state.
            Ok(_) => self.reject_at(at + chunk.len(), 0),
            Err((offset, before)) => self.reject_at(at + offset, before),
        }
    }

    /// Walks `bytes` from `state`, one table load per byte: the state
    /// reached, or the offset of the byte that led to the dead state and
    /// the state before it.
    #[inline(always)]
    fn walk(&self, mut state: usize, bytes: &[u8]) -> Result<usize, (usize, usize)> {
        for (offset, &byte) in bytes.iter().enumerate() {
            let before = state;
            // SAFETY: `state` is `start` or came from `step`.
            state = unsafe { self.step(state, byte) };
            if state == 0 {
                return Err((offset, before));
            }
        }
        Ok(state)
    }

    /// [`walk`](Self::walk), showing `see` each byte it takes. (`walk` is
    /// not this with a `see` that does nothing: so written, `check` took
    /// 24 more instructions per 8-byte reference, callgrind.)
    #[inline(always)]
    fn walk_seeing(
        &self,
        mut state: usize,
        bytes: &[u8],
        mut see: impl FnMut(u8),
    ) -> Result<usize, (usize, usize)> {
        // `step`'s two loads, from tables read once before the loop: read
        // through `self` in it, they were read again on every byte (14
        // instructions more per parse of an 8-byte reference, callgrind).
        let (classes, trans) = (self.classes, self.trans);
        for (offset, &byte) in bytes.iter().enumerate() {
            let before = state;
            let index = state + usize::from(classes[usize::from(byte)]);
            // SAFETY: `state` is `start` or came from `trans`, so it is a
            // multiple of `stride` below `trans.len()` (`new` checked
            // both), and `classes[byte] < stride` (checked by `new`): as
            // in `step`, `index` is below `trans.len()`.
            state = usize::from(unsafe { *trans.get_unchecked(index) });
            see(byte);
            if state == 0 {
                return Err((offset, before));
            }
        }
        Ok(state)
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

/// For each UTF-8 lead byte, the bytes that may follow it in a
/// well-formed sequence (Unicode Table 3-7: no overlong forms after `E0`
/// and `F0`, no surrogates after `ED`, nothing past U+10FFFF after `F4`).
/// The generator vouches for a lead byte when every *well-formed*
/// character starting with it returns to the state
/// (`abnf_dfa::dfa::Dfa::stay_lengths`), so the scanner checks this.
pub(crate) const SECOND_BYTES: [core::ops::RangeInclusive<u8>; 256] = {
    let mut table = [const { 0x80..=0xBF }; 256];
    table[0xE0] = 0xA0..=0xBF;
    table[0xED] = 0x80..=0x9F;
    table[0xF0] = 0x90..=0xBF;
    table[0xF4] = 0x80..=0x8F;
    table
};

/// Whether the [`CHUNK`] bytes from `at` (fewer at the end) are ASCII:
/// a shift machine would walk them.
#[inline(always)]
fn ascii_ahead(input: &[u8], at: usize) -> bool {
    match input.get(at..).and_then(<[u8]>::first_chunk::<CHUNK>) {
        Some(chunk) => u64::from_ne_bytes(*chunk) & HIGH == 0,
        None => input[at..].is_ascii(),
    }
}

/// Every byte's high bit, in a word of [`CHUNK`] bytes.
const HIGH: u64 = u64::from_ne_bytes([0x80; CHUNK]);

/// `ceil(2^32 / stride)`, for [`divide_by_inverse`] (see `Dfa::number`).
const fn stride_inverse(stride: usize) -> u64 {
    (1u64 << 32).div_ceil(stride as u64)
}

/// `state / stride` for `inverse = stride_inverse(stride)`, exact for
/// `state < 2^16` and `stride <= 2^16` (the argument beside `Dfa::number`).
#[inline(always)]
fn divide_by_inverse(state: usize, inverse: u64) -> u32 {
    ((state as u64 * inverse) >> 32) as u32
}

/// What [`run_machine`] needs of a machine: its steps a chunk at a time,
/// over the input's last bytes, and its states' DFA states. Two machines
/// have it: a shift machine ([`Shift`], a shift a byte) and, on AVX2, a
/// wide one (`wide::OnLanes`, a byte shuffle a byte).
pub(super) trait ChunkWalk {
    /// A machine state, as the walk holds it.
    type State: Copy;

    /// The state `chunk` leads to from `state`, or `None` where it
    /// leaves the machine.
    fn chunk(&self, state: Self::State, chunk: &[u8; CHUNK]) -> Option<Self::State>;

    /// [`chunk`](Self::chunk) over the input's last chunk `last`, of
    /// which the first `walked` bytes were walked already: the same steps
    /// whatever the tail's length, so no loop exit depends on it.
    fn last(&self, state: Self::State, last: &[u8; CHUNK], walked: usize) -> Option<Self::State>;

    /// [`chunk`](Self::chunk) over `bytes` (fewer than a chunk: an input
    /// shorter than one, or a tail on bytes whose last chunk is not
    /// ASCII).
    fn bytes(&self, state: Self::State, bytes: &[u8]) -> Option<Self::State>;

    /// The DFA state (premultiplied) of `state`.
    fn dfa_state(&self, state: Self::State) -> usize;
}

/// Walks `input` from `at` in `machine`, entered at `entry`, a [`CHUNK`]
/// at a time, and the input's last bytes too (as the end of its last
/// chunk: [`ChunkWalk::last`]): the DFA state reached and where, at the
/// start of the first chunk that leaves the machine (the table walks it:
/// `true`), or at the end. Returns after [`SHIFT_SPAN`] bytes with
/// `false`, so that a long input goes back to trying a skip, and then to
/// the machine, without a table chunk between.
///
/// On bytes (`UTF8` false) only chunks of ASCII are walked. On text the
/// rows take characters too: a lead byte keeps a state all of whose
/// well-formed characters starting with it return there, a continuation
/// byte keeps any state, so a character walks as the table would once it
/// is whole (the text is well-formed: its continuation bytes are there).
/// In the middle of one the machine's state is the state before its lead,
/// so where a run stops inside a character it stops at the lead instead.
/// A machine is only entered at a character boundary: its states are
/// reached by ASCII bytes from states that text dwells in.
#[inline(always)]
fn run_machine<M: ChunkWalk, const UTF8: bool>(
    machine: &M,
    entry: M::State,
    input: &[u8],
    mut at: usize,
) -> (usize, usize, bool) {
    let limit = run_limit(input, at);
    let start = at;
    let mut current = entry;
    // Whether the table must take the next chunk (it leaves the machine).
    let mut table = true;
    loop {
        match input.get(at..).and_then(<[u8]>::first_chunk::<CHUNK>) {
            Some(chunk) => {
                if at >= limit {
                    table = false;
                    break;
                }
                if !UTF8 && u64::from_ne_bytes(*chunk) & HIGH != 0 {
                    break;
                }
                let Some(next) = machine.chunk(current, chunk) else {
                    break;
                };
                current = next;
                at += CHUNK;
            }
            None => {
                // Fewer than a chunk left: the input's last chunk, its
                // bytes before `at` kept as walked, where there is one.
                let tail = &input[at..];
                let next = match input.last_chunk::<CHUNK>() {
                    Some(last) if UTF8 || u64::from_ne_bytes(*last) & HIGH == 0 => {
                        machine.last(current, last, CHUNK - tail.len())
                    }
                    _ if UTF8 || tail.is_ascii() => machine.bytes(current, tail),
                    _ => None,
                };
                if let Some(next) = next {
                    return (machine.dfa_state(next), input.len(), false);
                }
                break;
            }
        }
    }
    let at = lead_at::<UTF8>(input, start, at);
    (machine.dfa_state(current), at, table)
}

/// Where a machine's run from `at` stops to let a long input try a skip
/// (after [`SHIFT_SPAN`] bytes), or the end: a short one stays in the
/// machine to its end.
#[inline(always)]
fn run_limit(input: &[u8], at: usize) -> usize {
    if input.len() - at > SKIP_MIN + SHIFT_SPAN {
        at + SHIFT_SPAN
    } else {
        input.len()
    }
}

/// Where a machine's run that began at `start` and stopped at `at` on
/// text stops at a character's start: inside a character a machine's
/// state is the state before its lead, so the run stops at the lead.
#[inline(always)]
fn lead_at<const UTF8: bool>(input: &[u8], start: usize, mut at: usize) -> usize {
    if UTF8 {
        while at > start && input.get(at).is_some_and(|&b| b & 0xC0 == 0x80) {
            at -= 1;
        }
    }
    at
}

/// Whether the [`GATE`] bytes from `at` may all be inside a run: otherwise
/// the run ends within them, and the table walks them faster than a skip
/// that mispredicts its way out.
#[inline(always)]
fn worth_skipping(codes: &[u8; 256], input: &[u8], at: usize) -> bool {
    input.get(at..at + GATE).is_some_and(|window| {
        window
            .iter()
            .fold(INSIDE, |all, &byte| all & codes[usize::from(byte)])
            != 0
    })
}

/// The end of the run from `at` that `codes` vouch for: ASCII bytes with
/// [`STAY`], `%` triples, and characters whose lead byte says how many
/// continuation bytes follow (each checked: the second against
/// [`SECOND_BYTES`], the others to be continuation bytes, a four-byte one
/// not to be a noncharacter: [`plane_end`]).
///
/// Two loops: the window check of `path` on `windows` (derived from
/// `codes`, see the `simd` module), over ASCII bytes with [`STAY`], `%HH`
/// triples and characters; then, where it stops, one piece at a time,
/// branching on its code (characters the window check leaves, and
/// everything on the portable path), back to the window check after
/// [`UNITS`] pieces, or after up to [`UNITS_MAX`] while window checks pass
/// less than a window's worth.
#[inline(always)]
fn skip(path: Path, windows: &WindowSets, codes: &[u8; 256], input: &[u8], mut at: usize) -> usize {
    let code = |byte: u8| codes[usize::from(byte)];
    // Pieces the byte loop takes before the next window check: doubled
    // each time a window check passes less than a window's worth of bytes
    // (`path.width()`: text the windows do not take, most often), back to
    // [`UNITS`] when one passes more.
    let mut limit = UNITS;
    loop {
        let from = at;
        at = simd::stay_run(path, windows, codes, input, at);
        limit = if at - from < path.width() {
            (limit * 2).min(UNITS_MAX)
        } else {
            UNITS
        };
        let mut units = 0;
        loop {
            if units == limit {
                break;
            }
            units += 1;
            let Some(&byte) = input.get(at) else {
                return at;
            };
            let first = code(byte);
            if first & STAY != 0 {
                at += 1;
                continue;
            }
            if first & PERCENT != 0 {
                match input.get(at + 1..at + 3) {
                    Some(&[high, low]) if code(high) & HEX1 != 0 && code(low) & HEX2 != 0 => {
                        at += 3;
                        continue;
                    }
                    _ => return at,
                }
            }
            let continuations = usize::from(first >> LEAD_SHIFT & 3);
            if continuations == 0 {
                return at;
            }
            match input.get(at + 1..at + 1 + continuations) {
                Some([second, rest @ ..])
                    if SECOND_BYTES[usize::from(byte)].contains(second)
                        && rest.iter().all(|&byte| code(byte) & CONTINUATION != 0)
                        && !plane_end(*second, rest) =>
                {
                    at += 1 + continuations;
                }
                _ => return at,
            }
        }
    }
}

/// Whether the continuation bytes after a lead (`second`, then `rest`)
/// end a noncharacter `U+xFFFE` or `U+xFFFF` of a four-byte character
/// (`x` with low nibble `F`, `BF`, `BE` or `BF`): the one exception a
/// four-byte lead's code allows (`abnf_dfa::dfa::accel`), which the
/// table judges.
#[inline(always)]
fn plane_end(second: u8, rest: &[u8]) -> bool {
    matches!(rest, [0xBF, 0xBE | 0xBF] if second & 0x0F == 0x0F)
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::*;
    use crate::grammar::{rules, Rule};

    /// `SECOND_BYTES` is UTF-8's: a lead byte, a second byte and
    /// continuation bytes form a well-formed character exactly when the
    /// second byte is in the lead's range.
    #[test]
    fn second_bytes_are_utf8s() {
        for lead in 0xC2..=0xF4u8 {
            let length = match lead {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                _ => 4,
            };
            for second in 0..=255u8 {
                let bytes = [lead, second, 0x80, 0x80];
                assert_eq!(
                    core::str::from_utf8(&bytes[..length]).is_ok(),
                    SECOND_BYTES[usize::from(lead)].contains(&second),
                    "{lead:02X} {second:02X}"
                );
            }
        }
    }

    /// Every code a table gives is a promise about the transition table:
    /// check each one against it, for every accelerated state of every rule.
    #[test]
    fn codes_keep_their_promises() {
        let mut promises = 0usize;
        for rule in Rule::all() {
            let dfa = rule.dfa();
            let stride = dfa.trans.len() / rule.states();
            for state in (0..dfa.trans.len()).step_by(stride) {
                let Some(codes) = dfa.codes(state) else {
                    continue;
                };
                // SAFETY (of the `step` calls): `state` is a multiple of the
                // stride below `trans.len()`, and so is every `step` result.
                let step = |s: usize, b: u8| unsafe { dfa.step(s, b) };
                for byte in 0..=255u8 {
                    let c = codes[usize::from(byte)];
                    if c & STAY != 0 {
                        promises += 1;
                        assert_eq!(step(state, byte), state, "{}: {byte:02X}", rule.name());
                    }
                    if c & PERCENT != 0 {
                        for high in (0..=255u8).filter(|&h| codes[usize::from(h)] & HEX1 != 0) {
                            for low in (0..=255u8).filter(|&l| codes[usize::from(l)] & HEX2 != 0) {
                                let end = step(step(step(state, byte), high), low);
                                assert_eq!(end, state, "{}: %{high:02X}{low:02X}", rule.name());
                            }
                        }
                    }
                    let continuations = c >> LEAD_SHIFT & 3;
                    if continuations != 0 {
                        promises += 1;
                        for second in SECOND_BYTES[usize::from(byte)].clone() {
                            for fill in [0x80u8, 0x8F, 0x90, 0x9F, 0xA0, 0xBF] {
                                if continuations == 3 && plane_end(second, &[fill, fill]) {
                                    // The exception of four-byte leads.
                                    continue;
                                }
                                let mut at = step(step(state, byte), second);
                                for _ in 1..continuations {
                                    at = step(at, fill);
                                }
                                assert_eq!(
                                    at,
                                    state,
                                    "{}: {byte:02X} {second:02X} {fill:02X}",
                                    rule.name()
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(
            promises > 1000,
            "only {promises} promises: the codes are lost"
        );
    }

    /// Every shift machine of every rule is the table restricted to the
    /// machine's states: for each machine state and ASCII byte, the row
    /// leads to the state the table leads to when the machine has it, and
    /// to the escape otherwise; and each accelerated state's machine is
    /// entered at that state.
    #[test]
    fn shift_machines_are_the_table() {
        let mut checked = 0usize;
        for rule in Rule::all() {
            let dfa = rule.dfa();
            let accelerated = dfa.accel_index.len() / dfa.stride;
            for (i, machine) in dfa.shifts.iter().enumerate() {
                // An accelerated state's machine, or the start state's.
                let own = if i < accelerated {
                    dfa.accel_from + i * dfa.stride
                } else {
                    dfa.start
                };
                assert_eq!(machine.state(shift::ENTRY), own);
                assert_eq!(dfa.machine(own).map(|(_, k)| k), Some(shift::ENTRY));
                let states: Vec<(u64, usize)> = (1..64u64)
                    .filter(|k| k % shift::WIDTH == 0)
                    .map(|k| (k, machine.state(k)))
                    .filter(|&(_, state)| state != 0)
                    .collect();
                for byte in 0..=255u8 {
                    assert_eq!(
                        machine.walk(shift::ESCAPE, &[byte]),
                        shift::ESCAPE,
                        "{}: the escape must be absorbing",
                        rule.name()
                    );
                }
                for &(k, state) in &states {
                    for byte in 0..=255u8 {
                        let expected = machine_target(dfa, state, byte)
                            .and_then(|next| states.iter().find(|&&(_, s)| s == next))
                            .map_or(shift::ESCAPE, |&(j, _)| j);
                        assert_eq!(
                            machine.walk(k, &[byte]),
                            expected,
                            "{}: state {state} byte {byte:02X}",
                            rule.name()
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "only {checked} transitions checked");
        // The reference rules walk the configuration's trail
        // (`http://example.org/a?q`): their start states have machines.
        for rule in [&rules::IRI_REFERENCE, &rules::IRI, &rules::URI_REFERENCE] {
            let dfa = rule.dfa();
            let (machine, entry) = dfa.machine(dfa.start).expect("a start machine");
            assert_eq!((machine.state(entry), entry), (dfa.start, shift::ENTRY));
        }
    }

    /// Where a machine (shift or wide) must take `state` (a state id of
    /// `dfa`) on `byte`: the table's step on ASCII (`None` where it dies),
    /// `state` itself on a continuation byte and on a lead byte the
    /// state's codes vouch for, `None` (the escape) on other leads. The
    /// machine holds the state or escapes.
    fn machine_target(dfa: &Dfa, state: usize, byte: u8) -> Option<usize> {
        match byte {
            // SAFETY: `state` is a state id of this DFA.
            0..=0x7F => Some(unsafe { dfa.step(state, byte) }).filter(|&next| next != 0),
            0x80..=0xBF => Some(state),
            _ => lead_vouched(dfa, state, byte).then_some(state),
        }
    }

    /// Whether a machine may keep `state` on the lead byte `byte`: where
    /// the state's codes vouch for all its characters. (A four-byte
    /// lead's code leaves out the noncharacters: it is vouched for here
    /// only if they return too.)
    fn lead_vouched(dfa: &Dfa, state: usize, byte: u8) -> bool {
        let count = dfa
            .codes(state)
            .map_or(0, |codes| codes[usize::from(byte)] >> LEAD_SHIFT & 3);
        match count {
            0 => false,
            // SAFETY (of the `step` calls): `state` is a state id of
            // this DFA, and so is every `step` result.
            3 => SECOND_BYTES[usize::from(byte)]
                .clone()
                .filter(|second| second & 0x0F == 0x0F)
                .all(|second| {
                    [0xBE, 0xBF].iter().all(|&last| {
                        let mut at = unsafe { dfa.step(state, byte) };
                        for b in [second, 0xBF, last] {
                            at = unsafe { dfa.step(at, b) };
                        }
                        at == state
                    })
                }),
            _ => true,
        }
    }

    /// Every lane of every wide machine goes where the table goes, as a
    /// shift machine's fields do (`shift_machines_are_the_table`); lane
    /// 0, the escape, stays; and a crawled URL's walk (`%HH` in its path
    /// and query, a fragment) never leaves the machine of the reference
    /// rules.
    #[test]
    fn wide_machines_are_the_table() {
        let mut checked = 0usize;
        let mut wide_rules = 0;
        for rule in Rule::all() {
            let dfa = rule.dfa();
            let Some(wide) = dfa.wide else { continue };
            wide_rules += 1;
            assert_eq!(wide.state(1), dfa.start);
            let lanes: Vec<(u8, usize)> = (1..16u8)
                .map(|k| (k, wide.state(k)))
                .filter(|&(_, state)| state != 0)
                .collect();
            for byte in 0..=255u8 {
                assert_eq!(wide.lanes(byte)[0], 0, "{}: the escape stays", rule.name());
                // The fast path's first test: the byte enters exactly
                // when the start state's step lands in a lane.
                #[cfg(simd_path)]
                assert_eq!(
                    wide.enters(byte),
                    machine_target(dfa, dfa.start, byte)
                        .is_some_and(|next| lanes.iter().any(|&(_, s)| s == next)),
                    "{}: byte {byte:02X} enters",
                    rule.name()
                );
            }
            for &(k, state) in &lanes {
                for byte in 0..=255u8 {
                    let expected = machine_target(dfa, state, byte)
                        .and_then(|next| lanes.iter().find(|&&(_, s)| s == next))
                        .map_or(0, |&(j, _)| j);
                    assert_eq!(
                        wide.lanes(byte)[usize::from(k)],
                        expected,
                        "{}: state {state} byte {byte:02X}",
                        rule.name()
                    );
                    checked += 1;
                }
            }
        }
        assert!(
            wide_rules >= 3 && checked > 10_000,
            "only {checked} transitions checked"
        );
        for rule in [&rules::IRI_REFERENCE, &rules::IRI, &rules::URI_REFERENCE] {
            let dfa = rule.dfa();
            let wide = dfa.wide.expect("a wide start machine");
            let relative = rule.name().ends_with("reference");
            let urls: &[&str] = if relative {
                &["https://example.org/a/b%41c?q=%41&r#frag", "/a%41b?c%41"]
            } else {
                &["https://example.org/a/b%41c?q=%41&r#frag"]
            };
            for url in urls {
                let mut lane = 1u8;
                for &byte in url.as_bytes() {
                    lane = wide.lanes(byte)[usize::from(lane)];
                    assert_ne!(lane, 0, "{}: {url:?} leaves at {byte:02X}", rule.name());
                }
                assert_eq!(
                    Some(wide.state(lane)),
                    dfa.walk(dfa.start, url.as_bytes()).ok()
                );
            }
        }
    }

    /// A machine's walk of an input's last chunk, its first bytes kept as
    /// walked, is the walk of the bytes after them: from every machine
    /// state (the escape included) of every rule, on chunks of every
    /// byte value, for every count of bytes walked already. A `KEEP` row
    /// that moves some state, or a byte walked twice, fails it.
    #[test]
    fn the_last_chunk_walks_as_its_tail() {
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1D);
        let mut checked = 0usize;
        for rule in Rule::all() {
            for machine in rule.dfa().shifts {
                for k in (0..=shift::STATES as u64).map(|k| k * shift::WIDTH) {
                    for _ in 0..64 {
                        // Mostly bytes that IRIs are made of, so that
                        // most walks do not escape at once; any byte too.
                        const COMMON: &[u8] = b"az09/%AF?#=&.:@-~[]";
                        let any = next().is_multiple_of(4);
                        let last = next().to_le_bytes().map(|b| {
                            if any {
                                b
                            } else {
                                COMMON[usize::from(b) % COMMON.len()]
                            }
                        });
                        for walked in 0..=CHUNK {
                            assert_eq!(
                                machine.walk_last(k, &last, walked),
                                machine.walk(k, &last[walked..]),
                                "{}: offset {k}, {last:02X?}, {walked} walked",
                                rule.name()
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "only {checked} walks checked");
    }

    /// The multiplication that numbers a state is the division, for
    /// every rule's stride and every id a state may have.
    #[test]
    fn states_are_numbered_as_by_division() {
        for rule in Rule::all() {
            let dfa = rule.dfa();
            for state in 0..dfa.trans.len() {
                assert_eq!(
                    dfa.number(state) as usize,
                    state / dfa.stride,
                    "{} state {state}",
                    rule.name()
                );
            }
        }
        // And for every stride and id the checks in `new` allow.
        for stride in (1..=1usize << 16)
            .step_by(97)
            .chain([255, 256, 4096, 1 << 16])
        {
            let inverse = stride_inverse(stride);
            for state in (0..1usize << 16).step_by(13).chain([(1 << 16) - 1]) {
                assert_eq!(divide_by_inverse(state, inverse) as usize, state / stride);
            }
        }
    }

    /// Every window-check path gives the plain walk's verdict, error
    /// offset included, for every rule, on inputs made of pieces that
    /// stay in runs (ASCII of every kind, `%HH`, characters of every
    /// UTF-8 length, noncharacters, iprivate) and pieces that end them or
    /// kill the walk, at every length up to a few 32-byte windows, behind
    /// prefixes that shift the runs through every alignment. The AVX2
    /// path runs the walk compiled for AVX2 and BMI2 (`resume_avx2`), the
    /// others the baseline code, so both builds of the walk are compared.
    #[test]
    fn every_path_walks_as_the_table() {
        const PIECES: &[&str] = &[
            "abcdefghijklmnop",
            "XYZ",
            "0123456789",
            "-._~",
            "!$&'()*+,;=",
            ":",
            "@",
            "/",
            "?",
            "#",
            "[",
            "]",
            "%41",
            "%e4%B8%ad",
            "%",
            "%4",
            "%G1",
            " ",
            "\"",
            "<",
            "^",
            "\u{7f}",
            "\u{e9}",
            "\u{4e2d}\u{6587}",
            "\u{928}\u{92e}",
            "\u{1f600}",
            "\u{1fffe}",
            "\u{2ffff}",
            "\u{20bb7}",
            "\u{e0001}",
            "\u{10fffd}",
            "\u{10ffff}",
            "\u{fffe}",
            "\u{e000}",
            "\u{f0000}",
            "\u{a0}",
            "\u{85}",
            "\u{d7ff}",
        ];
        // Heads that the start machine walks, escapes from at every
        // offset of its first chunks, or never enters.
        const HEADS: &[&str] = &[
            "",
            "http://",
            "http://a",
            "s://u@h:1/p",
            "//h",
            "a/b",
            "x:",
            "https://www.",
            "chrome-extension://",
            "urn:isbn:",
            "/a/b?",
            "../",
            "h\u{e9}://",
        ];
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for _ in 0..3000 {
            let mut input = HEADS[next() as usize % HEADS.len()].as_bytes().to_vec();
            // Past SKIP_MIN, so that runs are skipped too.
            let stop = next() as usize % (SKIP_MIN + 96);
            while input.len() < stop {
                let piece = PIECES[next() as usize % PIECES.len()];
                // Mostly run text, now and then anything.
                let piece = if next().is_multiple_of(4) {
                    piece
                } else {
                    PIECES[next() as usize % 7]
                };
                input.extend_from_slice(piece.as_bytes());
            }
            inputs.push(input);
        }
        // Raw bytes too (invalid UTF-8 inside runs).
        for _ in 0..500 {
            let mut input = b"http://h/".to_vec();
            for _ in 0..next() as usize % (SKIP_MIN + 64) {
                let byte = next() as u8;
                input.push(if next().is_multiple_of(3) {
                    byte
                } else {
                    b'a' + byte % 26
                });
            }
            inputs.push(input);
        }
        let mut compared = 0usize;
        for rule in Rule::all() {
            let dfa = rule.dfa();
            for input in &inputs {
                let plain = dfa.reject_plain(input);
                if let Err(reject) = plain {
                    assert_eq!(
                        reject.state as usize,
                        dfa.state_after(&input[..reject.offset]),
                        "{} {:?}",
                        rule.name(),
                        String::from_utf8_lossy(input)
                    );
                }
                let text = core::str::from_utf8(input).is_ok();
                for path in Path::available() {
                    for shift in [0usize, 1, 5, 13, 31] {
                        let mut shifted = Vec::with_capacity(input.len() + shift);
                        shifted.extend(core::iter::repeat_n(b'a', shift));
                        shifted.extend_from_slice(input);
                        let input = &shifted[shift..];
                        assert_eq!(
                            dfa.resume::<false>(path, dfa.start, input, 0).map(drop),
                            plain,
                            "{} {path:?} {:?}",
                            rule.name(),
                            String::from_utf8_lossy(input)
                        );
                        compared += 1;
                        if text {
                            assert_eq!(
                                dfa.resume::<true>(path, dfa.start, input, 0).map(drop),
                                plain,
                                "text: {} {path:?} {:?}",
                                rule.name(),
                                String::from_utf8_lossy(input)
                            );
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 100_000, "only {compared} comparisons");
    }
}
