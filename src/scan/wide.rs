//! Wide machines: the start state's machine with sixteen lanes, walked
//! with a byte shuffle (see `abnf_dfa::dfa::shift::Wide` for how the
//! generator builds them).
//!
//! A shift machine holds nine states; a URL's start uses them up on the
//! scheme, `:`, `/`, `//`, the host, the path and the query, so the first
//! `%` or `#` of a crawled URL left its machine: a mispredicted branch
//! and a chunk walked again by the table, a quarter of the walk's time on
//! such URLs (`BENCHMARKS.md`, session 35). A wide machine holds fifteen
//! states and the escape (lane 0): `table[byte]` is sixteen bytes, lane
//! `k` the machine state that machine state `k` goes to, so one `pshufb`
//! applies a byte's transitions to a vector of states.
//!
//! The walk composes the chunk's transitions *backwards*, from its last
//! byte: starting from the identity, `f = shuffle(f, table[byte])` makes
//! lane `k` of `f` the state that `k` reaches through the bytes composed
//! so far, and the table row is the shuffle's control, read from memory
//! by the instruction itself. So the eight shuffles of a chunk do not
//! wait for the state the chunk begins in: only the last one,
//! `shuffle(f, state)`, does (one cycle a chunk, where a shift machine's
//! walk chains one shift a byte). The state is held in every lane of a
//! register, lane 0 the escape, which every row keeps; the chunk left the
//! machine when the state it reaches is 0.
//!
//! On aarch64 the same walk runs with NEON's `tbl`, which reads a lane
//! below 16 as `pshufb` does (and every lane of a row is one): `OnNeon`.
//!
//! Walked only on [`Path::Avx2`](super::simd::Path) and `Path::Neon`, from
//! the start state (`Dfa::walk_on`); everywhere else the start state's
//! shift machine walks, with the same states first, so the verdicts are
//! the table's either way (the tests compare every path with the plain
//! walk, the NEON one under QEMU: `.ci/aarch64`).

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{
    __m128i, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_set1_epi8, _mm_shuffle_epi8, _mm_testz_si128,
};

/// A wide machine's table, aligned so that no row crosses a cache line.
#[repr(C, align(64))]
pub(crate) struct WideTable(pub(crate) [[u8; 16]; 256]);

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use core::arch::aarch64::{uint8x16_t, vdupq_n_u8, vgetq_lane_u8, vld1q_u8, vmaxvq_u8, vqtbl1q_u8};

/// The lanes of the identity: every state stays.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
const IDENTITY: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// The byte whose row keeps every machine state, as a continuation byte
/// does (the generator's rows: it returns where its lead said); the end
/// of the input's last chunk reads it for the bytes walked already.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
const KEEPS: u8 = 0x80;

/// One wide machine, as the generator emits it.
pub(crate) struct Wide {
    // Walked on x86_64 and aarch64 only (elsewhere the tests read it).
    #[cfg_attr(
        not(any(
            target_arch = "x86_64",
            all(target_arch = "aarch64", target_feature = "neon")
        )),
        allow(dead_code)
    )]
    table: &'static WideTable,
    /// The DFA state (premultiplied) of each lane; 0 at the escape and at
    /// unused lanes.
    states: [u16; 16],
}

impl Wide {
    /// A machine from its table and the premultiplied DFA states of its
    /// lanes (lane 0 the escape, lane 1 the start state). Checked by
    /// [`Dfa::new`](super::Dfa::new) against the DFA it belongs to.
    pub(crate) const fn new(table: &'static WideTable, states: [u16; 16]) -> Wide {
        Wide { table, states }
    }

    /// Checks the lanes' states against a DFA whose premultiplied state ids
    /// are below `len` and multiples of `stride`, entered at `entry`: every
    /// lane is 0 or a state id, so whatever lane a walk ends in, the
    /// scanner resumes the table from a state it may index with. A lane
    /// out of `0..16` in the table cannot be read wrongly either: the
    /// shuffle reads four bits of it (and the scanner masks the last).
    /// That the table is the DFA's is the tests' to check
    /// (`wide_machines_are_the_table`). Panics otherwise (at compile
    /// time).
    pub(super) const fn check(&self, stride: usize, len: usize, entry: usize) {
        assert!(self.states[0] == 0, "the escape has no state");
        assert!(self.states[1] as usize == entry, "a wide machine's entry");
        let mut k = 1;
        while k < 16 {
            let state = self.states[k] as usize;
            assert!(
                state.is_multiple_of(stride) && state < len,
                "a bad state id"
            );
            k += 1;
        }
    }

    /// The lane `byte` takes each lane to, for the tests.
    #[cfg(test)]
    pub(super) fn lanes(&self, byte: u8) -> [u8; 16] {
        self.table.0[usize::from(byte)]
    }

    /// The DFA state of lane `lane`, for the tests.
    #[cfg(test)]
    pub(super) fn state(&self, lane: u8) -> usize {
        usize::from(self.states[usize::from(lane & 15)])
    }

    /// [`run_machine`](super::run_machine) in this machine, from the
    /// start state at `at`: the DFA state reached and where, at the start
    /// of the first chunk that leaves the machine (`true`: the table walks
    /// it), after [`SHIFT_SPAN`](super::SHIFT_SPAN) bytes of a long input
    /// (`false`), or at the end. Same rules for text and bytes.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2 (so SSSE3 and SSE4.1): only called on
    /// [`Path::Avx2`](super::simd::Path).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) unsafe fn run<const UTF8: bool>(
        &self,
        input: &[u8],
        at: usize,
    ) -> (usize, usize, bool) {
        // SAFETY: the caller's promise is `OnAvx2::new`'s.
        let machine = unsafe { OnAvx2::new(self) };
        // Lane 1, the start state, in every lane. SAFETY: SSE2.
        let start = unsafe { _mm_set1_epi8(1) };
        super::run_machine::<_, UTF8>(&machine, start, input, at)
    }

    /// [`Wide::run`] with NEON (aarch64), enabled at compile time (this
    /// function's cfg), so no promise to keep.
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    #[inline(always)]
    pub(super) fn run_neon<const UTF8: bool>(
        &self,
        input: &[u8],
        at: usize,
    ) -> (usize, usize, bool) {
        let machine = OnNeon::new(self);
        // Lane 1, the start state, in every lane. SAFETY: NEON is enabled
        // at compile time (this function's cfg), all `vdupq_n_u8` needs.
        let start = unsafe { vdupq_n_u8(1) };
        super::run_machine::<_, UTF8>(&machine, start, input, at)
    }

    /// The DFA state (premultiplied) of the lane held in `state`'s first
    /// byte.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn lane_state(&self, state: __m128i) -> usize {
        // SAFETY: SSE2 is part of every x86_64 CPU.
        let lane = unsafe { _mm_cvtsi128_si32(state) };
        usize::from(self.states[(lane & 15) as usize])
    }
}

/// A wide machine on a CPU with AVX2, where its walk may use SSSE3 and
/// SSE4.1 (`pshufb`, `ptest`): what [`Wide::run`] hands to
/// [`run_machine`](super::run_machine).
#[cfg(target_arch = "x86_64")]
pub(super) struct OnAvx2<'a> {
    machine: &'a Wide,
    /// The identity's lanes, loaded once a run.
    identity: __m128i,
}

#[cfg(target_arch = "x86_64")]
impl<'a> OnAvx2<'a> {
    /// # Safety
    ///
    /// The CPU has AVX2: every method's shuffles and tests rely on it.
    #[inline(always)]
    unsafe fn new(machine: &'a Wide) -> Self {
        // SAFETY: 16 readable bytes, unaligned loads allowed; SSE2 is
        // part of every x86_64 CPU.
        let identity = unsafe { _mm_loadu_si128(IDENTITY.as_ptr().cast::<__m128i>()) };
        OnAvx2 { machine, identity }
    }

    /// The row of `byte`: lane `k` the state that lane `k` goes to.
    #[inline(always)]
    fn row(&self, byte: u8) -> __m128i {
        // SAFETY: 16 readable bytes, unaligned loads allowed; SSE2.
        unsafe { _mm_loadu_si128(self.machine.table.0[usize::from(byte)].as_ptr().cast()) }
    }

    /// The transitions of `bytes` composed backwards from the last (see
    /// the module docs), the first `walked` of them as the row that keeps
    /// every state: a select, not a branch, so that no loop exit depends
    /// on a tail's length.
    #[inline(always)]
    fn compose(&self, bytes: &[u8], walked: usize) -> __m128i {
        let mut f = self.identity;
        for i in (0..bytes.len()).rev() {
            let byte = core::hint::select_unpredictable(i < walked, KEEPS, bytes[i]);
            // SAFETY: `new`'s caller promised AVX2, so SSSE3.
            f = unsafe { _mm_shuffle_epi8(f, self.row(byte)) };
        }
        f
    }

    /// `state` through the composed transitions `f`, or `None` at the
    /// escape (lane 0, which every row keeps).
    #[inline(always)]
    fn apply(&self, f: __m128i, state: __m128i) -> Option<__m128i> {
        // SAFETY: `new`'s caller promised AVX2, so SSSE3 and SSE4.1.
        let next = unsafe { _mm_shuffle_epi8(f, state) };
        (unsafe { _mm_testz_si128(next, next) } == 0).then_some(next)
    }
}

#[cfg(target_arch = "x86_64")]
impl super::ChunkWalk for OnAvx2<'_> {
    /// The state in every lane (lane 0 the escape).
    type State = __m128i;

    #[inline(always)]
    fn chunk(&self, state: __m128i, chunk: &[u8; super::CHUNK]) -> Option<__m128i> {
        self.apply(self.compose(chunk, 0), state)
    }

    #[inline(always)]
    fn last(&self, state: __m128i, last: &[u8; super::CHUNK], walked: usize) -> Option<__m128i> {
        self.apply(self.compose(last, walked), state)
    }

    #[inline(always)]
    fn bytes(&self, state: __m128i, bytes: &[u8]) -> Option<__m128i> {
        self.apply(self.compose(bytes, 0), state)
    }

    #[inline(always)]
    fn dfa_state(&self, state: __m128i) -> usize {
        self.machine.lane_state(state)
    }
}

/// A wide machine walked with NEON (aarch64): [`OnAvx2`]'s steps with
/// `tbl` for `pshufb` (the two agree on lanes below 16, and a row's lanes
/// are states of its machine, 0 to 15) and a horizontal maximum for
/// `ptest`. What [`Wide::run_neon`] hands to
/// [`run_machine`](super::run_machine).
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
pub(super) struct OnNeon<'a> {
    machine: &'a Wide,
    /// The identity's lanes, loaded once a run.
    identity: uint8x16_t,
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
impl<'a> OnNeon<'a> {
    #[inline(always)]
    fn new(machine: &'a Wide) -> Self {
        OnNeon {
            machine,
            identity: load(&IDENTITY),
        }
    }

    /// The row of `byte`: lane `k` the state that lane `k` goes to.
    #[inline(always)]
    fn row(&self, byte: u8) -> uint8x16_t {
        load(&self.machine.table.0[usize::from(byte)])
    }

    /// [`OnAvx2::compose`] with `tbl`.
    #[inline(always)]
    fn compose(&self, bytes: &[u8], walked: usize) -> uint8x16_t {
        let mut f = self.identity;
        for i in (0..bytes.len()).rev() {
            let byte = core::hint::select_unpredictable(i < walked, KEEPS, bytes[i]);
            f = tbl(f, self.row(byte));
        }
        f
    }

    /// `state` through the composed transitions `f`, or `None` at the
    /// escape (lane 0, which every row keeps).
    #[inline(always)]
    fn apply(&self, f: uint8x16_t, state: uint8x16_t) -> Option<uint8x16_t> {
        let next = tbl(f, state);
        // SAFETY: NEON is enabled at compile time (this item's cfg), all
        // `vmaxvq_u8` needs.
        (unsafe { vmaxvq_u8(next) } != 0).then_some(next)
    }
}

/// Lane `k` of `table`'s lane `index[k]` (`tbl`; 0 where that is 16 or
/// more, which no row holds).
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[inline(always)]
fn tbl(table: uint8x16_t, index: uint8x16_t) -> uint8x16_t {
    // SAFETY: NEON is enabled at compile time (this function's cfg), all
    // `vqtbl1q_u8` needs; it reads registers only.
    unsafe { vqtbl1q_u8(table, index) }
}

/// 16 bytes in a register.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[inline(always)]
fn load(bytes: &[u8; 16]) -> uint8x16_t {
    // SAFETY: `bytes` is 16 readable bytes; `vld1q_u8` has no alignment
    // requirement; NEON is enabled at compile time (this function's cfg).
    unsafe { vld1q_u8(bytes.as_ptr()) }
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
impl super::ChunkWalk for OnNeon<'_> {
    /// The state in every lane (lane 0 the escape).
    type State = uint8x16_t;

    #[inline(always)]
    fn chunk(&self, state: uint8x16_t, chunk: &[u8; super::CHUNK]) -> Option<uint8x16_t> {
        self.apply(self.compose(chunk, 0), state)
    }

    #[inline(always)]
    fn last(
        &self,
        state: uint8x16_t,
        last: &[u8; super::CHUNK],
        walked: usize,
    ) -> Option<uint8x16_t> {
        self.apply(self.compose(last, walked), state)
    }

    #[inline(always)]
    fn bytes(&self, state: uint8x16_t, bytes: &[u8]) -> Option<uint8x16_t> {
        self.apply(self.compose(bytes, 0), state)
    }

    #[inline(always)]
    fn dfa_state(&self, state: uint8x16_t) -> usize {
        // SAFETY: NEON is enabled at compile time (this item's cfg), all
        // `vgetq_lane_u8` needs; lane 0 of 16 exists.
        let lane = unsafe { vgetq_lane_u8::<0>(state) };
        usize::from(self.machine.states[usize::from(lane & 15)])
    }
}
