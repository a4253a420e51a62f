//! Shift machines: runs of text walked one shift per byte instead of one
//! dependent table load (see `abnf_dfa::dfa::shift` for how the generator
//! builds them).
//!
//! A machine holds up to nine states of a DFA around one accelerated
//! state: from the path state of `IRI-reference`, the path, the query and
//! the fragment with their `%` and `%H` states. For every byte a 64-bit
//! row packs every machine state's transition, six bits each; the machine
//! state is its own bit offset in the row, so
//!
//! ```text
//! state = rows[byte] >> state
//! ```
//!
//! is a step. The load depends on the byte only; what chains the bytes is
//! a one-cycle shift, against four or five cycles for a load whose
//! address is the previous load's result. Offset 0 is the *escape*, where
//! every transition that leaves the machine (or kills the walk) goes, and
//! where every row keeps it. The scanner walks a chunk in the machine and,
//! when the chunk ends in the escape, walks it again with the table from
//! the state it began in, so the result is always the table's. ASCII rows
//! are the table's; the rows of other bytes are for text known to be
//! UTF-8 (a character stays in a state when its lead byte says that every
//! character it begins does; see `run_machine` in the parent module), and
//! bytes that are not known to be are walked in the machine only when
//! they are all ASCII.

/// Bits per machine state in a row (the generator's `WIDTH`).
pub(super) const WIDTH: u64 = 6;
/// The escape's offset.
pub(super) const ESCAPE: u64 = 0;
/// The entry state's offset: machine state 1, the accelerated state the
/// machine belongs to.
pub(super) const ENTRY: u64 = WIDTH;
/// Machine states besides the escape.
pub(super) const STATES: usize = 9;

/// The row that keeps every machine state where it is: the field of each
/// offset holds the offset.
const KEEP: u64 = {
    let mut row = 0;
    let mut k = 0;
    while k <= STATES as u64 {
        row |= (k * WIDTH) << (k * WIDTH);
        k += 1;
    }
    row
};

/// One shift machine, as the generator emits it.
pub(crate) struct Shift {
    pub(super) rows: &'static [u64; 256],
    /// The DFA state (premultiplied) of each offset; 0 at the escape and
    /// at offsets that are not a multiple of [`WIDTH`] (never read).
    pub(super) full: [u16; 64],
}

impl Shift {
    /// A machine from its rows and the premultiplied DFA states of its
    /// machine states `0..=9` (state 0 is the escape and holds 0; unused
    /// states hold 0). Checked by [`Dfa::new`](super::Dfa::new) against
    /// the DFA it belongs to.
    pub(crate) const fn new(rows: &'static [u64; 256], states: [u16; STATES + 1]) -> Shift {
        let mut full = [0u16; 64];
        let mut k = 0;
        while k <= STATES {
            full[k * WIDTH as usize] = states[k];
            k += 1;
        }
        Shift { rows, full }
    }

    /// Checks the machine against a DFA whose premultiplied state ids are
    /// below `len` and multiples of `stride`, entered at `entry`: every
    /// machine state is 0 (the dead state: the escape, and unused states)
    /// or a state id, so whatever offset a row gives, the scanner resumes
    /// the table from a state it may index with; and the entry is
    /// `entry`. Panics otherwise (at compile time: it runs in
    /// `Dfa::new`). That the rows are the table's is the tests' to check
    /// (every field of every machine, `shift_machines_are_the_table`):
    /// a wrong field would give a wrong verdict, never a bad load, and
    /// checking 256 rows per machine here would cost every build seconds.
    pub(super) const fn check(&self, stride: usize, len: usize, entry: usize) {
        assert!(self.full[0] == 0, "the escape has no state");
        assert!(
            self.full[ENTRY as usize] as usize == entry,
            "a machine's entry"
        );
        let mut k = 1;
        while k <= STATES {
            let state = self.full[k * WIDTH as usize] as usize;
            assert!(
                state.is_multiple_of(stride) && state < len,
                "a bad state id"
            );
            k += 1;
        }
    }

    /// The machine state after `bytes` from `state` (an offset), or
    /// [`ESCAPE`] (see `run_machine` for what it means on bytes that are
    /// not ASCII).
    #[inline(always)]
    pub(super) fn walk(&self, mut state: u64, bytes: &[u8]) -> u64 {
        for &byte in bytes {
            state = self.rows[usize::from(byte)].wrapping_shr(state as u32);
        }
        state & 63
    }

    /// [`walk`](Self::walk) of the input's last bytes from `last`, the
    /// input's last [`CHUNK`](super::CHUNK) bytes, of which the first
    /// `walked` were walked already: those take the row that keeps every
    /// state. Eight steps whatever the tail's length, so no loop exit
    /// depends on it (a loop over the tail mispredicted its exit about once
    /// an input: tails differ in length).
    #[inline(always)]
    pub(super) fn walk_last(&self, mut state: u64, last: &[u8; 8], walked: usize) -> u64 {
        for (i, &byte) in last.iter().enumerate() {
            // A select, not a branch (as a branch it mispredicted as
            // often as the loop's exit did).
            let row =
                core::hint::select_unpredictable(i < walked, KEEP, self.rows[usize::from(byte)]);
            state = row.wrapping_shr(state as u32);
        }
        state & 63
    }

    /// The DFA state (premultiplied) of machine state `state`.
    #[inline(always)]
    pub(super) const fn state(&self, state: u64) -> usize {
        self.full[(state & 63) as usize] as usize
    }
}

/// A shift machine's run: one shift a byte (`super::walk::run_machine`).
impl super::walk::ChunkWalk for Shift {
    type State = u64;

    #[inline(always)]
    fn chunk(&self, state: u64, chunk: &[u8; super::CHUNK]) -> Option<u64> {
        Some(self.walk(state, chunk)).filter(|&next| next != ESCAPE)
    }

    #[inline(always)]
    fn last(&self, state: u64, last: &[u8; super::CHUNK], walked: usize) -> Option<u64> {
        Some(self.walk_last(state, last, walked)).filter(|&next| next != ESCAPE)
    }

    #[inline(always)]
    fn bytes(&self, state: u64, bytes: &[u8]) -> Option<u64> {
        Some(self.walk(state, bytes)).filter(|&next| next != ESCAPE)
    }

    #[inline(always)]
    fn dfa_state(&self, state: u64) -> usize {
        self.state(state)
    }
}
