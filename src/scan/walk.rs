//! The accelerated walk (the parent module's docs tell the idea): the
//! chunk loop over the table, the runs of the shift and wide machines,
//! and the skip over runs of text with the window check of `simd`. Its
//! result is always the plain walk's (`table.rs`), error offset included.

use super::codes::{CONTINUATION, HEX1, HEX2, INSIDE, LEAD_SHIFT, PERCENT, STAY};
use super::shift::{self, Shift};
use super::simd::{self, Path, WindowSets};
use super::{Dfa, Reject, CHUNK, SHORT_WALK};

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
pub(super) const SKIP_MIN: usize = 128;

/// Bytes a shift machine walks on a long input before the scanner tries
/// a skip again: a window check takes 16 or 32 bytes in the time the
/// machine takes a few, so the machine only bridges the gap between two
/// runs.
pub(super) const SHIFT_SPAN: usize = 16;

/// A walk's verdict as two words, which a call returns in two registers
/// (a `Result<usize, Reject>` is three, and goes through memory): the
/// out-of-line walk returns it, its inlined callers turn it back at once.
/// Returned as a `Result`, the walk cost `check` 28 more instructions per
/// input on `crawl` and `mixed`, `IriRef::parse` 7 more (cachegrind per
/// input: the module docs' *Measuring*).
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

impl Dfa {
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
    pub(super) fn resume<const UTF8: bool>(
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
    /// past the length test itself, are wasted there (detected first, they
    /// cost `check` 13 more instructions per reference on `relative-tiny`,
    /// 94.5 against 107.5; cachegrind per input: the module docs'
    /// *Measuring*).
    #[inline(always)]
    pub(super) fn walk_from_start<const UTF8: bool>(&self, input: &[u8]) -> Result<usize, Reject> {
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
    /// a frame of 184 bytes). With [`start_avx2`](Self::start_avx2), that
    /// saves `check` 12 to 28 instructions per input (463.0 against 485.4
    /// on `crawl`, 271.2 against 298.9 on `rdf`, 433.1 against 445.6 on
    /// `mixed`, 281.5 against 293.8 on `relative-short`) and the parse 22
    /// to 28 on the URLs, 12 on the references (cachegrind per input: the
    /// module docs' *Measuring*).
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
    /// call does not pay the loop's set-up (the fields it keeps at hand):
    /// about 75 instructions per input of `check` on `crawl` and `rdf`.
    /// The wide machine tells itself whether the first byte enters it (one
    /// load), before the shift machine's test in `walk_after`. Where it
    /// does not run, a first byte that nothing starts with (the `<`,
    /// quote or bracket of a token from running text) is rejected here,
    /// without the loop's set-up and table chunk: `check` takes 105
    /// instructions on a `<`-wrapped URL, against 215 through the loop.
    /// (Cachegrind per input: the module docs' *Measuring*.)
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
        // set-up (the fields it keeps at hand, about 40 instructions): 40
        // fewer per input of `check` on `crawl-invalid` and on `<`-wrapped
        // URLs, 1-6 fewer on the other corpora (cachegrind per input: the
        // module docs' *Measuring*). A byte at a time with a dead-state test instead,
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

    /// The wide start machine's walk from the start state at `at` (see
    /// [`Wide::run`](super::Wide::run)), where `path` has one, the rule has the machine and
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
    pub(super) fn wide_run<const UTF8: bool>(
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
pub(super) fn ascii_ahead(input: &[u8], at: usize) -> bool {
    match input.get(at..).and_then(<[u8]>::first_chunk::<CHUNK>) {
        Some(chunk) => u64::from_ne_bytes(*chunk) & HIGH == 0,
        None => input[at..].is_ascii(),
    }
}

/// Every byte's high bit, in a word of [`CHUNK`] bytes.
const HIGH: u64 = u64::from_ne_bytes([0x80; CHUNK]);

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
pub(super) fn run_machine<M: ChunkWalk, const UTF8: bool>(
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
pub(super) fn plane_end(second: u8, rest: &[u8]) -> bool {
    matches!(rest, [0xBF, 0xBE | 0xBF] if second & 0x0F == 0x0F)
}
