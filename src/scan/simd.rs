//! The window check: how many bytes from a position on belong to an
//! accelerated state's ASCII stay set, 16 or 32 bytes per test.
//!
//! A set of ASCII bytes is held as a [`NibbleSet`]: sixteen bytes, one per
//! low nibble, whose bit `h` says that the byte `h << 4 | low` is in the
//! set (`h` is 0 to 7, so no byte from `80` up is ever in it). With
//! `pshufb` a window of bytes is looked up at once: the low nibbles index
//! the set, the high nibbles index a table of single bits (`1 << h`, and
//! zero for `h` from 8 up), and a byte is in the set when the two results
//! share a bit. One compare with zero, one `movemask` and a
//! `trailing_zeros` give the first byte out of the set: branch-free
//! within the window.
//!
//! The sets are derived in [`WindowSets::of`] from the generator's code
//! tables (the [`STAY`], [`HEX1`] and [`HEX2`] bits), never written by
//! hand. `%HH` triples stay on the fast path: a window's masks of `%`, of
//! [`HEX1`] and of [`HEX2`] bytes, shifted onto each other, mark the
//! triples that lie wholly in the window (see [`run_mask`]); a `%` in the
//! last two bytes of a window ends the window's run and is taken by the
//! caller's byte loop.
//!
//! Paths, chosen once per process and cached:
//!
//! - x86_64 with AVX2 (detected at run time with the `std` feature, or
//!   enabled at compile time): 32 bytes per window;
//! - x86_64 with SSSE3 (`pshufb`; likewise): 16 bytes per window;
//! - everywhere else (aarch64 included: NEON is not written, for want of
//!   a machine to test it on): eight bytes per step, each looked up in
//!   the code table, loads that do not depend on each other.
//!
//! Every path returns the same position: the tests compare each one the
//! machine has with the table on every byte, every alignment and length.

use crate::grammar::codes::{HEX1, HEX2, PERCENT, STAY};

/// A set of ASCII bytes, by low nibble (see the module docs).
pub(crate) type NibbleSet = [u8; 16];

/// What the window check reads of one code table.
#[derive(Clone, Copy)]
pub(crate) struct WindowSets {
    /// The ASCII bytes with [`STAY`].
    stay: NibbleSet,
    /// The ASCII bytes with [`HEX1`], when `%` has [`PERCENT`]; empty
    /// otherwise, so that no triple is ever seen.
    hex1: NibbleSet,
    /// The ASCII bytes with [`HEX2`], likewise.
    hex2: NibbleSet,
}

impl WindowSets {
    /// No byte in any set.
    pub(crate) const EMPTY: WindowSets = WindowSets {
        stay: [0; 16],
        hex1: [0; 16],
        hex2: [0; 16],
    };

    /// The sets of `codes`.
    ///
    /// A triple found in a window counts its three bytes as inside the
    /// run. That is sound only if `%` is in neither hex set nor the stay
    /// set (then a `%` inside a window is always the start of its own
    /// triple, and a left-to-right reading of the run takes exactly the
    /// triples the window saw): checked here, so a table that breaks it
    /// fails the build.
    pub(crate) const fn of(codes: &[u8; 256]) -> WindowSets {
        let percent = codes[b'%' as usize];
        assert!(percent & STAY == 0, "`%` stays");
        let triples = percent & PERCENT != 0;
        if triples {
            assert!(percent & (HEX1 | HEX2) == 0, "`%` is a hex digit");
        }
        WindowSets {
            stay: nibble_set(codes, STAY),
            hex1: if triples {
                nibble_set(codes, HEX1)
            } else {
                [0; 16]
            },
            hex2: if triples {
                nibble_set(codes, HEX2)
            } else {
                [0; 16]
            },
        }
    }
}

/// The ASCII bytes whose code has `bit`, as a [`NibbleSet`].
const fn nibble_set(codes: &[u8; 256], bit: u8) -> NibbleSet {
    let mut set = [0u8; 16];
    let mut byte = 0;
    while byte < 0x80 {
        if codes[byte] & bit != 0 {
            set[byte & 0x0F] |= 1 << (byte >> 4);
        }
        byte += 1;
    }
    set
}

/// The run's bytes among a window's, as a bit mask (bit `i` for byte `i`)
/// from the masks of its bytes in each set: [`STAY`] bytes, and the three
/// bytes of each `%` [`HEX1`] [`HEX2`] triple that lies wholly in the
/// window.
#[inline(always)]
fn run_mask(stay: u32, percent: u32, hex1: u32, hex2: u32) -> u32 {
    let triples = percent & (hex1 >> 1) & (hex2 >> 2);
    stay | triples | triples << 1 | triples << 2
}

/// The path this machine runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Path {
    /// Eight independent table lookups per step.
    Portable,
    /// 16-byte windows with `pshufb`.
    #[cfg(target_arch = "x86_64")]
    Ssse3,
    /// 32-byte windows with `vpshufb`.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Path {
    /// The fastest path this machine has (cached after the first call).
    #[inline(always)]
    pub(crate) fn detect() -> Path {
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        {
            use core::sync::atomic::{AtomicU8, Ordering};
            // 0: not yet detected; otherwise 1 + the path's number.
            static CACHE: AtomicU8 = AtomicU8::new(0);
            match CACHE.load(Ordering::Relaxed) {
                1 => Path::Portable,
                2 => Path::Ssse3,
                3 => Path::Avx2,
                _ => {
                    let path = if std::is_x86_feature_detected!("avx2") {
                        Path::Avx2
                    } else if std::is_x86_feature_detected!("ssse3") {
                        Path::Ssse3
                    } else {
                        Path::Portable
                    };
                    let code = match path {
                        Path::Portable => 1,
                        Path::Ssse3 => 2,
                        Path::Avx2 => 3,
                    };
                    CACHE.store(code, Ordering::Relaxed);
                    path
                }
            }
        }
        #[cfg(all(target_arch = "x86_64", not(feature = "std")))]
        {
            if cfg!(target_feature = "avx2") {
                Path::Avx2
            } else if cfg!(target_feature = "ssse3") {
                Path::Ssse3
            } else {
                Path::Portable
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Path::Portable
        }
    }

    /// Every path this machine can run, for the tests.
    #[cfg(test)]
    pub(crate) fn available() -> alloc::vec::Vec<Path> {
        let mut paths = alloc::vec![Path::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if Path::detect() == Path::Ssse3 || Path::detect() == Path::Avx2 {
                paths.push(Path::Ssse3);
            }
            if Path::detect() == Path::Avx2 {
                paths.push(Path::Avx2);
            }
        }
        paths
    }
}

/// The first position from `at` on whose byte is not in the run that
/// `sets` (and `codes`, their source) vouch for: [`STAY`] bytes and `%HH`
/// triples (the portable path: [`STAY`] bytes only), or a position at most a
/// window short of the end of `input` where the windows stopped: the
/// caller goes on byte by byte from there. `at <= input.len()`.
#[inline(always)]
pub(crate) fn stay_run(
    path: Path,
    sets: &WindowSets,
    codes: &[u8; 256],
    input: &[u8],
    at: usize,
) -> usize {
    match path {
        Path::Portable => portable(codes, input, at),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Ssse3` is only chosen where SSSE3 was detected (or
        // enabled at compile time), and `Avx2` implies it.
        Path::Ssse3 => unsafe { x86::ssse3(sets, input, at) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Avx2` is only chosen where AVX2 was detected (or
        // enabled at compile time).
        Path::Avx2 => unsafe { x86::avx2(sets, input, at) },
    }
}

/// Eight bytes a step, each looked up in `codes`; stops at the first step
/// with a byte out of the run, or with fewer than eight bytes left.
#[inline(always)]
fn portable(codes: &[u8; 256], input: &[u8], mut at: usize) -> usize {
    let code = |byte: u8| codes[usize::from(byte)];
    while let Some(window) = input.get(at..at + 8) {
        let word = u64::from_le_bytes(window.try_into().expect("eight bytes"));
        let all = (0..8).fold(STAY, |all, i| all & code((word >> (8 * i)) as u8));
        if all == 0 {
            break;
        }
        at += 8;
    }
    at
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __m128i, __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
        _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_srli_epi16, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
    };

    use super::{run_mask, NibbleSet, WindowSets};

    /// `1 << h` at index `h` for `h` below 8, zero above: the high
    /// nibble's half of the lookup (no byte from `80` up is in a set).
    const HIGH_BITS: NibbleSet = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

    /// A [`NibbleSet`] in a register.
    #[inline(always)]
    fn load(set: &NibbleSet) -> __m128i {
        // SAFETY: `set` is 16 readable bytes; unaligned loads are allowed;
        // SSE2 is part of every x86_64 CPU.
        unsafe { _mm_loadu_si128(set.as_ptr().cast::<__m128i>()) }
    }

    /// The run's mask (see [`run_mask`]) of 16 bytes, from the sets of
    /// [`WindowSets`] and [`HIGH_BITS`] in registers.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn mask16(sets: &[__m128i; 4], bytes: __m128i) -> u32 {
        let [stay, hex1, hex2, high_bits] = *sets;
        let nibble = _mm_set1_epi8(0x0F);
        let low = _mm_and_si128(bytes, nibble);
        let high = _mm_shuffle_epi8(high_bits, _mm_and_si128(_mm_srli_epi16::<4>(bytes), nibble));
        let percent = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'%' as i8))) as u32;
        run_mask(
            member16(stay, low, high),
            percent,
            member16(hex1, low, high),
            member16(hex2, low, high),
        )
    }

    /// Bit `i` set when byte `i` (by its `low` nibble and its `high`
    /// nibble's bit) is in `set`.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn member16(set: __m128i, low: __m128i, high: __m128i) -> u32 {
        let hits = _mm_and_si128(_mm_shuffle_epi8(set, low), high);
        !(_mm_movemask_epi8(_mm_cmpeq_epi8(hits, _mm_setzero_si128())) as u32) & 0xFFFF
    }

    /// [`member16`] on 32 bytes.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn member32(set: __m256i, low: __m256i, high: __m256i) -> u32 {
        let hits = _mm256_and_si256(_mm256_shuffle_epi8(set, low), high);
        !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hits, _mm256_setzero_si256())) as u32)
    }

    /// [`super::stay_run`] with 16-byte windows.
    ///
    /// # Safety
    ///
    /// The CPU has SSSE3.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn ssse3(sets: &WindowSets, input: &[u8], mut at: usize) -> usize {
        let sets = [
            load(&sets.stay),
            load(&sets.hex1),
            load(&sets.hex2),
            load(&HIGH_BITS),
        ];
        while let Some(window) = input.get(at..at + 16) {
            // SAFETY: `window` is 16 readable bytes (a checked slice).
            let bytes = unsafe { _mm_loadu_si128(window.as_ptr().cast::<__m128i>()) };
            let out = !mask16(&sets, bytes) & 0xFFFF;
            if out != 0 {
                return at + out.trailing_zeros() as usize;
            }
            at += 16;
        }
        at
    }

    /// [`super::stay_run`] with 32-byte windows.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn avx2(sets: &WindowSets, input: &[u8], mut at: usize) -> usize {
        let narrow = [
            load(&sets.stay),
            load(&sets.hex1),
            load(&sets.hex2),
            load(&HIGH_BITS),
        ];
        // `vpshufb` looks up within each 128-bit half: both halves hold
        // the tables.
        let [stay, hex1, hex2, high_bits] = [
            _mm256_broadcastsi128_si256(narrow[0]),
            _mm256_broadcastsi128_si256(narrow[1]),
            _mm256_broadcastsi128_si256(narrow[2]),
            _mm256_broadcastsi128_si256(narrow[3]),
        ];
        let nibble = _mm256_set1_epi8(0x0F);
        let percent_byte = _mm256_set1_epi8(b'%' as i8);
        while let Some(window) = input.get(at..at + 32) {
            // SAFETY: `window` is 32 readable bytes (a checked slice).
            let bytes = unsafe { _mm256_loadu_si256(window.as_ptr().cast::<__m256i>()) };
            let low = _mm256_and_si256(bytes, nibble);
            let high = _mm256_shuffle_epi8(
                high_bits,
                _mm256_and_si256(_mm256_srli_epi16::<4>(bytes), nibble),
            );
            let percent = _mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, percent_byte)) as u32;
            let out = !run_mask(
                member32(stay, low, high),
                percent,
                member32(hex1, low, high),
                member32(hex2, low, high),
            );
            if out != 0 {
                return at + out.trailing_zeros() as usize;
            }
            at += 32;
        }
        // The last 16 to 31 bytes: one 16-byte window, so that a run
        // ending there is still found without the caller's byte loop.
        if let Some(window) = input.get(at..at + 16) {
            // SAFETY: `window` is 16 readable bytes (a checked slice).
            let bytes = unsafe { _mm_loadu_si128(window.as_ptr().cast::<__m128i>()) };
            let out = !mask16(&narrow, bytes) & 0xFFFF;
            return at
                + if out != 0 {
                    out.trailing_zeros() as usize
                } else {
                    16
                };
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    /// Where a left-to-right reading of the run from `start` ends, and
    /// every position it passes between two pieces (a byte or a triple).
    fn reference(codes: &[u8; 256], input: &[u8], start: usize) -> (usize, Vec<usize>) {
        let code = |at: usize| input.get(at).map_or(0, |&b| codes[usize::from(b)]);
        let mut at = start;
        let mut boundaries = alloc::vec![at];
        loop {
            if code(at) & STAY != 0 {
                at += 1;
            } else if code(at) & PERCENT != 0
                && code(at + 1) & HEX1 != 0
                && code(at + 2) & HEX2 != 0
            {
                at += 3;
            } else {
                return (at, boundaries);
            }
            boundaries.push(at);
        }
    }

    /// Every path stops where the run ends, or earlier only at a piece
    /// boundary where a `%` begins (a triple a window could not see whole,
    /// or any triple on the portable path) or less than a window is left;
    /// never inside a triple, never past the run. For every code table,
    /// runs of its stay bytes with and without triples, one byte of every
    /// value put at a few places, every length up to three windows and
    /// eight starting positions (so every alignment).
    #[test]
    fn every_path_agrees_with_the_table() {
        let mut tables: Vec<&[u8; 256]> = crate::grammar::Rule::all()
            .iter()
            .flat_map(|rule| rule.dfa().code_tables())
            .collect();
        tables.dedup();
        let mut checked = 0usize;
        let mut triples_seen = 0usize;
        for codes in tables {
            let sets = WindowSets::of(codes);
            let stays: Vec<u8> = (0..=255u8)
                .filter(|&b| codes[usize::from(b)] & STAY != 0)
                .collect();
            if stays.is_empty() {
                continue;
            }
            let hex1 = (0..=255u8).find(|&b| codes[usize::from(b)] & HEX1 != 0);
            let hex2 = (0..=255u8).rfind(|&b| codes[usize::from(b)] & HEX2 != 0);
            for with_triples in [false, true] {
                let mut buffer = [0u8; 100];
                for (i, byte) in buffer.iter_mut().enumerate() {
                    *byte = stays[i * 7 % stays.len()];
                }
                if let (true, Some(h1), Some(h2)) = (with_triples, hex1, hex2) {
                    for i in (3..96).step_by(11) {
                        buffer[i..i + 3].copy_from_slice(&[b'%', h1, h2]);
                    }
                }
                for path in Path::available() {
                    // An aligned start, an odd one, and one a word in.
                    for start in [0usize, 1, 7] {
                        // Every third length: 3 is prime to the window
                        // sizes, so every residue modulo 16 and 32 comes.
                        for len in (start..100).step_by(3) {
                            // A seventh of the bytes at a few lengths, a
                            // sample elsewhere, from an offset that moves
                            // with the length, so every byte value comes
                            // (debug builds run this in CI).
                            let step = if len % 47 < 3 { 7 } else { 61 };
                            let first = (len % step) as u8;
                            for odd in (first..=255u8).step_by(step) {
                                for place in [start, (start + len) / 2, len.saturating_sub(1)] {
                                    let mut input = buffer;
                                    if place < len {
                                        input[place] = odd;
                                    }
                                    let input = &input[..len];
                                    let end = stay_run(path, &sets, codes, input, start);
                                    let (run_end, boundaries) = reference(codes, input, start);
                                    triples_seen +=
                                        usize::from(run_end > start + 3 && with_triples);
                                    assert!(
                                        boundaries.contains(&end),
                                        "{path:?}: {end} inside a piece"
                                    );
                                    // The portable path stops at the
                                    // step (eight bytes) holding a byte
                                    // without `STAY`; the others at a `%`.
                                    let cause = if path == Path::Portable {
                                        input[end..]
                                            .iter()
                                            .take(8)
                                            .any(|&b| codes[usize::from(b)] & STAY == 0)
                                    } else {
                                        input.get(end) == Some(&b'%')
                                    };
                                    assert!(
                                        end == run_end || cause || len - end < 16,
                                        "{path:?} stopped early at {end} of {len}, run to {run_end}"
                                    );
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 50_000, "only {checked} cases");
        assert!(
            triples_seen > 10_000,
            "only {triples_seen} runs with triples"
        );
    }

    /// The nibble sets hold exactly the ASCII bytes with their bit.
    #[test]
    fn nibble_sets_are_the_codes() {
        for rule in crate::grammar::Rule::all() {
            for codes in rule.dfa().code_tables() {
                for bit in [STAY, HEX1, HEX2] {
                    let set = nibble_set(codes, bit);
                    for byte in 0..=255u8 {
                        let inside =
                            byte < 0x80 && set[usize::from(byte & 0x0F)] >> (byte >> 4) & 1 == 1;
                        assert_eq!(inside, codes[usize::from(byte)] & bit != 0, "{byte:02X}");
                    }
                }
            }
        }
    }
}
