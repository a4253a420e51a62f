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
//! the others from where the machine stopped. (Handing every input the
//! machine begins to the single walk instead costs references of other
//! shapes more than it saves on URLs.)
//! [`Batch`] reads inputs from any iterator in blocks of [`BLOCK`], judges
//! each block that way, and yields each verdict in order, with its input
//! (any [`Input`]: bytes, or text that stays text); an input under 16
//! bytes that comes when no block is pending is judged at once, without
//! one (the plain walk, as in a block, less the block's copying and
//! hand-out: on references under 16 bytes, 107 instructions per input,
//! against 169 through a block and a loop of single walks' 102;
//! cachegrind per input, `crate::scan`'s *Measuring*). [`reject_slice`]
//! judges inputs that are already in a
//! slice, all in one walk.

use alloc::vec::Vec;

use super::simd::Path;
use super::walk::ascii_ahead;
use super::{Dfa, Reject, CHUNK, SHORT_WALK};

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
/// Inputs longer than this are not interleaved by
/// [`Dfa::recognize_lanes`].
const LANE_MAX: usize = 256;

impl Dfa {
    /// [`reject`](Self::reject) or [`reject_str`](Self::reject_str), as
    /// `S` is bytes or text, on `path` (known already: the batch's).
    #[inline(always)]
    pub(super) fn reject_input<S: Input>(&self, path: Path, input: &[u8]) -> Result<(), Reject> {
        if S::UTF8 {
            self.resume::<true>(path, self.start, input, 0)
        } else {
            self.resume::<false>(path, self.start, input, 0)
        }
        .map(drop)
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
    /// most URLs end in it and take no lane (against the lanes alone, 148
    /// fewer instructions and 2.25 fewer mispredicted branches per `crawl`
    /// URL, 117 fewer per `rdf` IRI, 52 per `mixed` reference; cachegrind
    /// per input, `crate::scan`'s *Measuring*).
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
    pub(super) fn lanes_avx2<S: Input>(&self, inputs: &[S], results: &mut [Result<(), Reject>]) {
        self.lanes_on(Path::Avx2, inputs, results);
    }

    /// The body of [`recognize_lanes`](Self::recognize_lanes).
    #[inline(always)]
    pub(super) fn lanes_on<S: Input>(
        &self,
        path: Path,
        inputs: &[S],
        results: &mut [Result<(), Reject>],
    ) {
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
    pub(super) fn hand_out<S: Input>(
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
    pub(super) fn lane_entry<const UTF8: bool>(&self, path: Path, input: &[u8]) -> (usize, usize) {
        // The wide machine tests the first byte itself (`wide_run`).
        if UTF8 || ascii_ahead(input, 0) {
            if let Some((state, at, _)) = self.wide_run::<UTF8>(path, input, 0) {
                return (state, at);
            }
        }
        (self.start, 0)
    }
}
