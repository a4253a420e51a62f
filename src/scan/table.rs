//! The generated tables as the scanner holds them ([`Dfa`]), the check of
//! their layout when the crate compiles ([`Dfa::new`], the invariants of
//! the parent module's docs), and the plain table walk: one dependent load
//! a byte, the reference every faster walk is tested against, and what
//! takes the bytes the machines and skips leave.

use super::shift::{self, Shift};
use super::simd::WindowSets;
use super::wide::Wide;
use super::Reject;

/// The code tables of a grammar's accelerated states, shared by its
/// rules, with the window check's sets of each ([`WindowSets::of`]),
/// derived once per table when the crate compiles, not once per rule that
/// shares it: constant evaluation is slow, and per rule (77 rules, 18
/// tables) the sets take rustc's `type_check_crate` pass from 0.8 s to
/// 5.1 s (`RUSTC_BOOTSTRAP=1 cargo rustc --release -- -Ztime-passes`).
pub(crate) struct CodeTables<const N: usize> {
    codes: [[u8; 256]; N],
    windows: [WindowSets; N],
}

impl<const N: usize> CodeTables<N> {
    /// The tables as the generator emits them, with their sets (checked by
    /// `WindowSets::of`, so a table that breaks the window check's rules
    /// fails the build).
    pub(crate) const fn new(codes: [[u8; 256]; N]) -> CodeTables<N> {
        let mut windows = [WindowSets::EMPTY; N];
        let mut id = 0;
        while id < N {
            windows[id] = WindowSets::of(&codes[id]);
            id += 1;
        }
        CodeTables { codes, windows }
    }
}

/// A generated DFA, as `abnf-dfa` lays it out (see the module docs).
pub(crate) struct Dfa {
    pub(super) classes: &'static [u8; 256],
    pub(super) trans: &'static [u16],
    pub(super) stride: usize,
    pub(super) start: usize,
    pub(super) accept_from: usize,
    pub(super) accel_from: usize,
    pub(super) accel_index: &'static [u8],
    pub(super) accel: &'static [[u8; 256]],
    /// `accel[id]`'s sets for the window check, by `id`.
    pub(super) windows: &'static [WindowSets],
    /// The first state of the range of states that are in a shift
    /// machine (premultiplied).
    pub(super) shift_from: usize,
    /// Like `accel_index`, from `shift_from`: a state's machine (its index
    /// in `shifts`, high byte) and its offset in the machine's rows (low
    /// byte).
    pub(super) shift_index: &'static [u16],
    /// One machine per accelerated state, in their order, and maybe one
    /// more for the start state (`abnf_dfa::dfa::shift::Machine::following`).
    pub(super) shifts: &'static [Shift],
    /// The start state's wide machine, where it has a shift machine
    /// (`abnf_dfa::dfa::shift::Wide`): walked instead of that one on
    /// [`Path::Avx2`](super::simd::Path::Avx2) and `Path::Neon` (so never read on other targets but
    /// by the tests).
    #[cfg_attr(not(simd_path), allow(dead_code))]
    pub(super) wide: Option<&'static Wide>,
    /// What every path to a state has read (the `NO_*` bits of
    /// `grammar::codes`, derived by `abnf_dfa::dfa::seen`), indexed by
    /// the premultiplied state shifted right by `facts_shift`.
    pub(super) facts: &'static [u8],
    pub(super) facts_shift: u32,
    /// `ceil(2^32 / stride)`: a premultiplied state times it, shifted
    /// right by 32, is the state's number (see [`number`](Self::number)).
    pub(super) stride_inverse: u64,
}

impl Dfa {
    /// The generated tables, checked against the module's invariants.
    /// Called in `static` initializers only, so a violation is a compile
    /// error.
    #[allow(clippy::too_many_arguments, reason = "one per generated table")]
    pub(crate) const fn new<const N: usize>(
        classes: &'static [u8; 256],
        trans: &'static [u16],
        stride: usize,
        start: usize,
        accept_from: usize,
        accel_from: usize,
        accel_index: &'static [u8],
        accel: &'static CodeTables<N>,
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
        // These checks run in rustc's constant evaluator for every rule
        // (about 110,000 transitions for this crate's grammar), where each
        // call and operation a step counts: one remainder and comparison a
        // transition, no method call, the dead state's row in a loop of
        // its own, and only the entries of states in the index loops
        // below. `cargo check --release` of the crate takes about 1.05 s
        // so, 1.3 s with a call of `is_multiple_of` and both checks on
        // every entry, 0.8 s with no check at all.
        let mut i = 0;
        while i < stride {
            assert!(trans[i] == 0, "the dead state must loop");
            i += 1;
        }
        while i < len {
            let target = trans[i] as usize;
            #[allow(
                clippy::manual_is_multiple_of,
                reason = "a call costs the constant evaluator more (see above)"
            )]
            let whole = target % stride == 0;
            assert!(whole && target < len, "a bad state id");
            i += 1;
        }
        assert!(start.is_multiple_of(stride) && start < len);
        assert!(accept_from.is_multiple_of(stride) && accept_from <= len);
        assert!(accel_from >= stride && accel_from.is_multiple_of(stride));
        assert!(accel_index.len().is_multiple_of(stride) && accel_from + accel_index.len() <= len);
        let mut i = 0;
        while i < accel_index.len() {
            assert!((accel_index[i] as usize) < N);
            i += stride;
        }
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
        // Only the entries of states (multiples of the stride) are read.
        let mut i = 0;
        while i < shift_index.len() {
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
            i += stride;
        }
        // State ids are `u16`s, so below 2^16, as `number` requires.
        assert!(len <= 1 << 16);
        // Distinct states have distinct fact indices, and every state one.
        assert!(facts_shift < usize::BITS && stride >> facts_shift == 1);
        assert!((len - stride) >> facts_shift < facts.len());
        Dfa {
            classes,
            trans,
            stride,
            start,
            accept_from,
            accel_from,
            accel_index,
            accel: &accel.codes,
            windows: &accel.windows,
            shift_from,
            shift_index,
            shifts,
            wide,
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
    pub(super) unsafe fn step(&self, state: usize, byte: u8) -> usize {
        let index = state + usize::from(self.classes[usize::from(byte)]);
        // SAFETY: by the caller's promise `state` is a multiple of
        // `stride` below `trans.len()` (for `start` and the entries of
        // `trans`, `new` checked it), and `classes[byte] < stride` (checked
        // by `new`), so `index` is below `trans.len()`.
        usize::from(unsafe { *self.trans.get_unchecked(index) })
    }

    /// The code table of `state` if it is accelerated.
    #[cfg(test)]
    pub(super) fn codes(&self, state: usize) -> Option<&'static [u8; 256]> {
        self.accel.get(self.accel_id(state)?)
    }

    /// The index in `accel` of `state`'s code table if it is accelerated
    /// (the scanner reads `accel_index` itself; for the tests).
    #[cfg(test)]
    pub(super) fn accel_id(&self, state: usize) -> Option<usize> {
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
    pub(super) fn machine(&self, state: usize) -> Option<(&'static Shift, u64)> {
        let &entry = self.shift_index.get(state.wrapping_sub(self.shift_from))?;
        let machine = &self.shifts[usize::from(entry >> 8)];
        Some((machine, u64::from(entry & 0xFF)))
    }

    /// The verdict once the input is read in `state`.
    #[inline(always)]
    pub(super) fn finish(&self, state: usize, len: usize) -> Result<(), Reject> {
        if state >= self.accept_from {
            Ok(())
        } else {
            Err(self.reject_at(len, state))
        }
    }

    /// The [`Reject`] for a failure at `offset` after `state`
    /// (premultiplied).
    #[inline(always)]
    pub(super) fn reject_at(&self, offset: usize, state: usize) -> Reject {
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
    pub(super) fn number(&self, state: usize) -> u32 {
        divide_by_inverse(state, self.stride_inverse)
    }

    /// The facts of `state` (premultiplied): the `NO_*` bits of
    /// `grammar::codes`.
    #[inline(always)]
    pub(super) fn facts(&self, state: usize) -> u8 {
        self.facts
            .get(state >> self.facts_shift)
            .copied()
            .unwrap_or(0)
    }

    /// The state after `chunk` (at `at` in the input) from `state` by the
    /// table, without a dead-state test per byte: the dead state loops, so
    /// it is noticed at the chunk's end, and the chunk walked again for
    /// its byte ([`dead_at`](Self::dead_at)).
    #[inline(always)]
    pub(super) fn table_chunk(
        &self,
        state: usize,
        chunk: &[u8],
        at: usize,
    ) -> Result<usize, Reject> {
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

    /// The verdict on `input` by the plain walk of `input[at..]` from
    /// `state`: the state the walk ended in if it accepts, otherwise the
    /// failure, at its offset in the whole input.
    #[inline(always)]
    pub(super) fn walk_rest(&self, state: usize, input: &[u8], at: usize) -> Result<usize, Reject> {
        match self.walk(state, &input[at..]) {
            Ok(state) => self.finish(state, input.len()).map(|()| state),
            Err((offset, before)) => Err(self.reject_at(at + offset, before)),
        }
    }

    /// The failure in `chunk` (at `at` in the input), which leads from
    /// `state` to the dead state: its byte and the state before it.
    #[cold]
    pub(super) fn dead_at(&self, state: usize, chunk: &[u8], at: usize) -> Reject {
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
    pub(super) fn walk(&self, mut state: usize, bytes: &[u8]) -> Result<usize, (usize, usize)> {
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
    pub(super) fn walk_seeing(
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
}

/// `ceil(2^32 / stride)`, for [`divide_by_inverse`] (see `Dfa::number`).
pub(super) const fn stride_inverse(stride: usize) -> u64 {
    (1u64 << 32).div_ceil(stride as u64)
}

/// `state / stride` for `inverse = stride_inverse(stride)`, exact for
/// `state < 2^16` and `stride <= 2^16` (the argument beside `Dfa::number`).
#[inline(always)]
pub(super) fn divide_by_inverse(state: usize, inverse: u64) -> u32 {
    ((state as u64 * inverse) >> 32) as u32
}
