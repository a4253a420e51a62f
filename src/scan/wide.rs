//! Wide machines: the start state's machine with sixteen lanes, walked
//! with a byte shuffle (see `abnf_dfa::dfa::shift::Wide` for how the
//! generator builds them).
//!
//! A shift machine holds nine states; a URL's start uses them up on the
//! scheme, `:`, `/`, `//`, the host, the path and the query, so the first
//! `%` or `#` of a crawled URL left its machine: a mispredicted branch
//! and a chunk walked again by the table, a quarter of the walk's time on
//! such URLs (cachegrind per input: `crate::scan`'s *Measuring*). A wide machine holds fifteen
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
//! below 16 as `pshufb` does (and every lane of a row is one): one walk
//! ([`OnLanes`]) over the few vector operations it needs ([`Lanes`]),
//! [`Ssse3`] on x86_64 and `Neon` on aarch64.
//!
//! Walked only on [`Path::Avx2`](super::simd::Path) and `Path::Neon`, from
//! the start state (`Dfa::walk_on`); everywhere else the start state's
//! shift machine walks, with the same states first, so the verdicts are
//! the table's either way (the tests compare every path with the plain
//! walk, the NEON one under QEMU: `.ci/aarch64`).

/// A wide machine's table, aligned so that no row crosses a cache line.
#[repr(C, align(64))]
pub(crate) struct WideTable(pub(crate) [[u8; 16]; 256]);

/// The lanes of the identity: every state stays.
#[cfg(simd_path)]
const IDENTITY: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// The byte whose row keeps every machine state, as a continuation byte
/// does (the generator's rows: it returns where its lead said); the end
/// of the input's last chunk reads it for the bytes walked already.
#[cfg(simd_path)]
const KEEPS: u8 = 0x80;

/// One wide machine, as the generator emits it.
pub(crate) struct Wide {
    // Walked on x86_64 and aarch64 only (elsewhere the tests read it).
    #[cfg_attr(not(simd_path), allow(dead_code))]
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

    /// Whether `byte` keeps the start state (lane 1) in the machine.
    #[cfg(simd_path)]
    #[inline(always)]
    pub(super) fn enters(&self, byte: u8) -> bool {
        self.table.0[usize::from(byte)][1] != 0
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

    /// [`run_machine`](super::walk::run_machine) in this machine, from the
    /// start state at `at`: the DFA state reached and where, at the start
    /// of the first chunk that leaves the machine (`true`: the table walks
    /// it), after [`SHIFT_SPAN`](super::walk::SHIFT_SPAN) bytes of a long input
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
        // SAFETY: the caller's promise is `Ssse3::new`'s.
        let lanes = unsafe { Ssse3::new() };
        self.run_on::<_, UTF8>(lanes, input, at)
    }

    /// [`Wide::run`] with NEON (aarch64), enabled at compile time (this
    /// function's cfg), so no promise to keep.
    #[cfg(neon_path)]
    #[inline(always)]
    pub(super) fn run_neon<const UTF8: bool>(
        &self,
        input: &[u8],
        at: usize,
    ) -> (usize, usize, bool) {
        self.run_on::<_, UTF8>(Neon(()), input, at)
    }

    /// The walk of [`Wide::run`] on `lanes`.
    #[cfg(simd_path)]
    #[inline(always)]
    fn run_on<L: Lanes, const UTF8: bool>(
        &self,
        lanes: L,
        input: &[u8],
        at: usize,
    ) -> (usize, usize, bool) {
        let machine = OnLanes {
            machine: self,
            lanes,
            identity: lanes.load(&IDENTITY),
        };
        // Lane 1, the start state, in every lane.
        let start = lanes.splat(1);
        super::walk::run_machine::<_, UTF8>(&machine, start, input, at)
    }
}

/// What a wide machine's walk needs of a CPU's vectors: sixteen byte
/// lanes, a shuffle of one by the lanes of another, a test for all lanes
/// zero, the first lane. A value of an implementing type is the promise
/// that the CPU has the instructions.
#[cfg(simd_path)]
pub(super) trait Lanes: Copy {
    /// Sixteen bytes in a register.
    type Vector: Copy;

    /// The 16 bytes of `bytes`.
    fn load(self, bytes: &[u8; 16]) -> Self::Vector;

    /// `byte` in every lane.
    fn splat(self, byte: u8) -> Self::Vector;

    /// Lane `k`: lane `index[k]` of `table` (every index below 16).
    fn shuffle(self, table: Self::Vector, index: Self::Vector) -> Self::Vector;

    /// Whether every lane is 0.
    fn is_zero(self, v: Self::Vector) -> bool;

    /// Lane 0's low four bits (a lane of the machine).
    fn first_lane(self, v: Self::Vector) -> usize;
}

/// SSSE3's `pshufb` and SSE4.1's `ptest`, on a CPU with AVX2.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Ssse3(());

#[cfg(target_arch = "x86_64")]
impl Ssse3 {
    /// # Safety
    ///
    /// The CPU has AVX2: every method's instructions rely on it.
    #[inline(always)]
    unsafe fn new() -> Self {
        Ssse3(())
    }
}

#[cfg(target_arch = "x86_64")]
impl Lanes for Ssse3 {
    type Vector = core::arch::x86_64::__m128i;

    #[inline(always)]
    fn load(self, bytes: &[u8; 16]) -> Self::Vector {
        // SAFETY: 16 readable bytes, unaligned loads allowed; SSE2 is
        // part of every x86_64 CPU.
        unsafe { core::arch::x86_64::_mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    #[inline(always)]
    fn splat(self, byte: u8) -> Self::Vector {
        // SAFETY: SSE2 is part of every x86_64 CPU; registers only.
        unsafe { core::arch::x86_64::_mm_set1_epi8(byte as i8) }
    }

    #[inline(always)]
    fn shuffle(self, table: Self::Vector, index: Self::Vector) -> Self::Vector {
        // SAFETY: `self` exists only where the CPU has AVX2 (`new`'s
        // promise), so SSSE3; registers only.
        unsafe { core::arch::x86_64::_mm_shuffle_epi8(table, index) }
    }

    #[inline(always)]
    fn is_zero(self, v: Self::Vector) -> bool {
        // SAFETY: as `shuffle`: AVX2, so SSE4.1; registers only.
        unsafe { core::arch::x86_64::_mm_testz_si128(v, v) != 0 }
    }

    #[inline(always)]
    fn first_lane(self, v: Self::Vector) -> usize {
        // SAFETY: SSE2 is part of every x86_64 CPU; registers only.
        let low = unsafe { core::arch::x86_64::_mm_cvtsi128_si32(v) };
        (low & 15) as usize
    }
}

/// NEON's `tbl` (which reads a lane below 16 as `pshufb` does) and a
/// horizontal maximum, enabled at compile time (this type's cfg).
#[cfg(neon_path)]
#[derive(Clone, Copy)]
pub(super) struct Neon(());

#[cfg(neon_path)]
impl Lanes for Neon {
    type Vector = core::arch::aarch64::uint8x16_t;

    #[inline(always)]
    fn load(self, bytes: &[u8; 16]) -> Self::Vector {
        // SAFETY: `bytes` is 16 readable bytes; `vld1q_u8` has no
        // alignment requirement; NEON is enabled at compile time.
        unsafe { core::arch::aarch64::vld1q_u8(bytes.as_ptr()) }
    }

    #[inline(always)]
    fn splat(self, byte: u8) -> Self::Vector {
        // SAFETY: NEON is enabled at compile time, all `vdupq_n_u8` needs.
        unsafe { core::arch::aarch64::vdupq_n_u8(byte) }
    }

    #[inline(always)]
    fn shuffle(self, table: Self::Vector, index: Self::Vector) -> Self::Vector {
        // SAFETY: NEON is enabled at compile time (this impl's cfg), all
        // `vqtbl1q_u8` needs; it reads registers only.
        unsafe { core::arch::aarch64::vqtbl1q_u8(table, index) }
    }

    #[inline(always)]
    fn is_zero(self, v: Self::Vector) -> bool {
        // SAFETY: NEON is enabled at compile time, all `vmaxvq_u8` needs.
        unsafe { core::arch::aarch64::vmaxvq_u8(v) == 0 }
    }

    #[inline(always)]
    fn first_lane(self, v: Self::Vector) -> usize {
        // SAFETY: NEON is enabled at compile time, all `vgetq_lane_u8`
        // needs; lane 0 of 16 exists.
        usize::from(unsafe { core::arch::aarch64::vgetq_lane_u8::<0>(v) } & 15)
    }
}

/// A wide machine walked on `L`'s vectors: what [`Wide::run`] and
/// `Wide::run_neon` hand to [`run_machine`](super::walk::run_machine).
#[cfg(simd_path)]
pub(super) struct OnLanes<'a, L: Lanes> {
    machine: &'a Wide,
    lanes: L,
    /// The identity's lanes, loaded once a run.
    identity: L::Vector,
}

#[cfg(simd_path)]
impl<L: Lanes> OnLanes<'_, L> {
    /// The transitions of `bytes` composed backwards from the last (see
    /// the module docs), the first `walked` of them as the row that keeps
    /// every state: a select, not a branch, so that no loop exit depends
    /// on a tail's length.
    #[inline(always)]
    fn compose(&self, bytes: &[u8], walked: usize) -> L::Vector {
        let mut f = self.identity;
        for i in (0..bytes.len()).rev() {
            let byte = core::hint::select_unpredictable(i < walked, KEEPS, bytes[i]);
            // The row of `byte`: lane `k` the state that lane `k` goes to.
            let row = self.lanes.load(&self.machine.table.0[usize::from(byte)]);
            f = self.lanes.shuffle(f, row);
        }
        f
    }

    /// `state` through the composed transitions `f`, or `None` at the
    /// escape (lane 0, which every row keeps).
    #[inline(always)]
    fn apply(&self, f: L::Vector, state: L::Vector) -> Option<L::Vector> {
        let next = self.lanes.shuffle(f, state);
        (!self.lanes.is_zero(next)).then_some(next)
    }
}

#[cfg(simd_path)]
impl<L: Lanes> super::walk::ChunkWalk for OnLanes<'_, L> {
    /// The state in every lane (lane 0 the escape).
    type State = L::Vector;

    #[inline(always)]
    fn chunk(&self, state: L::Vector, chunk: &[u8; super::CHUNK]) -> Option<L::Vector> {
        self.apply(self.compose(chunk, 0), state)
    }

    #[inline(always)]
    fn last(
        &self,
        state: L::Vector,
        last: &[u8; super::CHUNK],
        walked: usize,
    ) -> Option<L::Vector> {
        self.apply(self.compose(last, walked), state)
    }

    #[inline(always)]
    fn bytes(&self, state: L::Vector, bytes: &[u8]) -> Option<L::Vector> {
        self.apply(self.compose(bytes, 0), state)
    }

    #[inline(always)]
    fn dfa_state(&self, state: L::Vector) -> usize {
        usize::from(self.machine.states[self.lanes.first_lane(state)])
    }
}
