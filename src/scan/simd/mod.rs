//! The window check: how many bytes from a position on belong to an
//! accelerated state's run (ASCII stay bytes, `%HH` triples, and two- and
//! three-byte characters that return to the state), 16 or 32 bytes per
//! test.
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
//! tables (the [`STAY`], [`HEX1`] and [`HEX2`] bits, and the lead bytes'
//! continuation counts), never written by hand. `%HH` triples stay on the
//! fast path: a window's masks of `%`, of [`HEX1`] and of [`HEX2`] bytes,
//! shifted onto each other, mark the triples that lie wholly in the window
//! (see [`run_mask`]).
//!
//! Characters likewise ([`chars_mask`]), in a window that has a byte from
//! `80` up: an [`UpperSet`] (the same lookup, with the high nibble's bit
//! table shifted to `8`-`F`) per kind of lead byte the codes vouch for
//! (two-byte; three-byte whose second byte may be any continuation byte;
//! `E0`, whose second byte must be `A0`-`BF`; `ED`, `80`-`9F`: UTF-8's
//! rules, [`SECOND_BYTES`]), and a mask of continuation bytes (`80`-`BF`)
//! and of low ones (`80`-`9F`). A lead counts, with its continuation
//! bytes, when they all follow it in the window and its second byte is in
//! its range; a continuation byte counts only as part of such a character.
//! So the window's run is well-formed UTF-8 of characters that return to
//! the state. Leads the codes do not vouch for (`C2`, the C1 controls;
//! `EF`, `U+FFFE`; `EE` outside a query, private use) end the run, and
//! the caller's byte loop (or the table) takes them. Four-byte characters
//! (whose leads' codes vouch for all but the two noncharacters that end
//! each plane) stay on the x86 paths, in a window with a byte from `F0`
//! up: three more lead sets (`F1`-`F3`; `F0`, second byte `90`-`BF`; `F4`,
//! `80`-`8F`) and the noncharacter test (second byte `xF`, then `BF`, then
//! `BE` or `BF`) from the windows one, two and three bytes on (below);
//! elsewhere they end the run too.
//!
//! On x86_64 the windows lie at fixed steps and a triple or a character
//! that a window's end cuts is seen whole (`PieceStarts`): each window is
//! judged with the three windows one, two and three bytes further on
//! (where a piece's later bytes are), and what a piece that crosses the
//! end covers of the next window is carried over to it. So the address of
//! the next window never waits for the mask of this one: the loop runs at
//! the throughput of its instructions, not at the latency of a load and a
//! dozen vector steps: on percent-encoded and CJK text, where nearly
//! every window cuts a piece, windows that wait on the previous one's
//! stop take twice the time (`cargo bench --bench cputime pct-path
//! cjk-path`). A window of stay bytes alone (the first mask computed) needs
//! nothing more and goes on at once. The last 16 to 37 bytes, and the
//! NEON path, use windows that see only themselves: one whose run stops
//! in its last three bytes is followed by one that starts at that stop,
//! and a stop earlier in the window ends the check there.
//!
//! Paths, chosen once per process and cached:
//!
//! - x86_64 with AVX2 (detected at run time with the `std` feature, or
//!   enabled at compile time): 32 bytes per window;
//! - x86_64 with SSSE3 (`pshufb`; likewise): 16 bytes per window;
//! - aarch64 with NEON (every usual aarch64 target enables it at compile
//!   time): 16 bytes per window, `tbl` for `pshufb` and a bit-weighted
//!   horizontal add for `movemask` (tested under QEMU user emulation, not
//!   timed on an aarch64 machine);
//! - everywhere else: eight bytes per step, each looked up in the code
//!   table, loads that do not depend on each other.
//!
//! Every path returns the same position: the tests compare each one the
//! machine has with the table on every byte, every alignment and length.

use super::codes::{HEX1, HEX2, LEAD_SHIFT, PERCENT, STAY};
use super::walk::SECOND_BYTES;

/// A set of ASCII bytes, by low nibble (see the module docs).
pub(crate) type NibbleSet = [u8; 16];

/// What the window check reads of one code table (built on every target,
/// read where a SIMD path is: the portable path reads the codes).
#[derive(Clone, Copy)]
#[cfg_attr(not(simd_path), allow(dead_code))]
pub(crate) struct WindowSets {
    /// The ASCII bytes with [`STAY`].
    stay: NibbleSet,
    /// The ASCII bytes with [`HEX1`], when `%` has [`PERCENT`]; empty
    /// otherwise, so that no triple is ever seen.
    hex1: NibbleSet,
    /// The ASCII bytes with [`HEX2`], likewise.
    hex2: NibbleSet,
    /// Lead bytes of two-byte characters that all return (an
    /// [`UpperSet`]).
    lead2: UpperSet,
    /// Lead bytes of three-byte characters that all return, whose second
    /// byte may be any continuation byte.
    lead3: UpperSet,
    /// The same, for leads whose second byte must be `A0`-`BF` (`E0`).
    lead3_high: UpperSet,
    /// The same, for leads whose second byte must be `80`-`9F` (`ED`).
    lead3_low: UpperSet,
    /// Lead bytes of four-byte characters that all return but the
    /// noncharacters ending each plane, whose second byte may be any
    /// continuation byte (`F1`-`F3`); the x86 paths only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    lead4: UpperSet,
    /// The same, for leads whose second byte must be `90`-`BF` (`F0`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    lead4_high: UpperSet,
    /// The same, for leads whose second byte must be `80`-`8F` (`F4`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    lead4_low: UpperSet,
}

/// `1 << h` at index `h` for `h` below 8, zero above: the high nibble's
/// half of a [`NibbleSet`] lookup (no byte from `80` up is in a set).
#[cfg(simd_path)]
const HIGH_BITS: NibbleSet = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];
/// `1 << (h - 8)` at index `h` from 8 up, zero below: the same for an
/// [`UpperSet`].
#[cfg(simd_path)]
const UPPER_BITS: NibbleSet = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128];

/// A set of bytes from `80` up, by low nibble: bit `h - 8` of entry `low`
/// says that the byte `h << 4 | low` is in the set.
pub(crate) type UpperSet = [u8; 16];

impl WindowSets {
    /// No byte in any set.
    pub(crate) const EMPTY: WindowSets = WindowSets {
        stay: [0; 16],
        hex1: [0; 16],
        hex2: [0; 16],
        lead2: [0; 16],
        lead3: [0; 16],
        lead3_high: [0; 16],
        lead3_low: [0; 16],
        lead4: [0; 16],
        lead4_high: [0; 16],
        lead4_low: [0; 16],
    };

    /// Every table a window check looks up, in the order the SIMD paths
    /// unpack them: stay, hex1, hex2, [`HIGH_BITS`], lead2, lead3, lead3
    /// high, lead3 low, [`UPPER_BITS`].
    #[cfg(simd_path)]
    #[inline(always)]
    fn tables(&self) -> [&NibbleSet; 9] {
        [
            &self.stay,
            &self.hex1,
            &self.hex2,
            &HIGH_BITS,
            &self.lead2,
            &self.lead3,
            &self.lead3_high,
            &self.lead3_low,
            &UPPER_BITS,
        ]
    }

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
            lead2: lead_set(codes, 1, 0x80),
            lead3: lead_set(codes, 2, 0x80),
            lead3_high: lead_set(codes, 2, 0xA0),
            lead3_low: lead_set(codes, 2, 0x80 | 0x100),
            lead4: lead_set(codes, 3, 0x80),
            lead4_high: lead_set(codes, 3, 0x90),
            lead4_low: lead_set(codes, 3, 0x80 | 0x200),
        }
    }
}

/// The lead bytes whose code says `continuations` continuation bytes
/// follow (every character they begin returns to the state, but a
/// four-byte one's noncharacters) and whose second byte may be, by UTF-8
/// ([`SECOND_BYTES`]): `80`-`BF` for `second == 0x80`, `A0`-`BF` for
/// `0xA0`, `80`-`9F` for `0x180`, `90`-`BF` for `0x90`, `80`-`8F` for
/// `0x280`.
const fn lead_set(codes: &[u8; 256], continuations: u8, second: u16) -> UpperSet {
    let mut set = [0u8; 16];
    let mut byte = 0xC0;
    while byte < 0x100 {
        let range = &SECOND_BYTES[byte];
        let kind: u16 = match (*range.start(), *range.end()) {
            (0x80, 0xBF) => 0x80,
            (0xA0, 0xBF) => 0xA0,
            (0x80, 0x9F) => 0x180,
            (0x90, 0xBF) => 0x90,
            (0x80, 0x8F) => 0x280,
            _ => 0,
        };
        if codes[byte] >> LEAD_SHIFT & 3 == continuations && kind == second {
            set[byte & 0x0F] |= 1 << ((byte >> 4) - 8);
        }
        byte += 1;
    }
    set
}

/// The bytes of whole characters in a window, as a bit mask, from the
/// masks of its bytes in each lead set and of its continuation bytes
/// (`80`-`BF`) and low continuation bytes (`80`-`9F`): a lead counts, with
/// its continuation bytes, when they are all in the window and its second
/// byte is in the lead's range.
#[cfg_attr(not(simd_path), allow(dead_code))]
#[inline(always)]
fn chars_mask(leads: [u32; 4], continuation: u32, low: u32) -> u32 {
    let [lead2, lead3, lead3_high, lead3_low] = leads;
    let next = continuation >> 1;
    let high = continuation & !low;
    let two = lead2 & next;
    let three = (lead3 & next | lead3_high & high >> 1 | lead3_low & low >> 1) & continuation >> 2;
    two | two << 1 | three | three << 1 | three << 2
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
#[cfg_attr(not(simd_path), allow(dead_code))]
#[inline(always)]
fn run_mask(stay: u32, percent: u32, hex1: u32, hex2: u32) -> u32 {
    let triples = percent & (hex1 >> 1) & (hex2 >> 2);
    stay | triples | triples << 1 | triples << 2
}

/// Where a window check goes next: past the window when all of it is
/// in the run; to the first byte out of the run when that byte is in
/// the window's last three (most often a character or a triple that
/// the window cuts: the next window starts with it whole), `None` to
/// stop there otherwise.
#[cfg(simd_path)]
#[inline(always)]
fn advance(out: u32, width: usize) -> Result<usize, usize> {
    if out == 0 {
        return Ok(width);
    }
    let stop = out.trailing_zeros() as usize;
    if stop + 3 >= width && stop > 0 {
        Ok(stop)
    } else {
        Err(stop)
    }
}

/// The path this machine runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Path {
    /// Eight independent table lookups per step (on aarch64 with NEON,
    /// for the tests only, which compare every path).
    #[cfg_attr(neon_path, allow(dead_code))]
    Portable,
    /// 16-byte windows with `pshufb`.
    #[cfg(target_arch = "x86_64")]
    Ssse3,
    /// 32-byte windows with `vpshufb`, and the walk compiled with BMI2
    /// (`shrx` for a machine's step; every CPU with AVX2 has it, and the
    /// detection requires both), which starts in the wide start machine
    /// (the `wide` module) where the rule has one.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// 16-byte windows with `tbl` (NEON, part of every aarch64 target
    /// that enables it, as the usual ones do).
    #[cfg(neon_path)]
    Neon,
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
            /// The first detection, out of line: its calls into `std`
            /// would make every caller keep a frame.
            #[cold]
            #[inline(never)]
            fn first() -> Path {
                let path = if std::is_x86_feature_detected!("avx2")
                    && std::is_x86_feature_detected!("bmi2")
                {
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
            // The likely path first, alone: one compare and branch.
            let code = CACHE.load(Ordering::Relaxed);
            if code == 3 {
                return Path::Avx2;
            }
            match code {
                2 => Path::Ssse3,
                1 => Path::Portable,
                _ => first(),
            }
        }
        #[cfg(all(target_arch = "x86_64", not(feature = "std")))]
        {
            if cfg!(all(target_feature = "avx2", target_feature = "bmi2")) {
                Path::Avx2
            } else if cfg!(target_feature = "ssse3") {
                Path::Ssse3
            } else {
                Path::Portable
            }
        }
        #[cfg(neon_path)]
        {
            Path::Neon
        }
        #[cfg(not(simd_path))]
        {
            Path::Portable
        }
    }

    /// How many bytes one window of this path judges: a window check that
    /// passes fewer has not taken a window's worth.
    #[inline(always)]
    pub(crate) const fn width(self) -> usize {
        match self {
            Path::Portable => 8,
            #[cfg(target_arch = "x86_64")]
            Path::Ssse3 => 16,
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => 32,
            #[cfg(neon_path)]
            Path::Neon => 16,
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
        #[cfg(neon_path)]
        paths.push(Path::Neon);
        paths
    }
}

/// The first position from `at` on whose byte is not in the run that
/// `sets` (and `codes`, their source) vouch for: [`STAY`] bytes and `%HH`
/// triples (the portable path: [`STAY`] bytes only), or a position at most a
/// window short of the end of `input` where the windows stopped: the
/// caller goes on byte by byte from there. `at <= input.len()`.
#[cfg_attr(not(simd_path), allow(unused_variables))]
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
        #[cfg(neon_path)]
        // SAFETY: `Neon` exists only where NEON is enabled at compile time.
        Path::Neon => unsafe { neon::windows(sets, input, at) },
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
mod x86;

/// The window check with NEON (aarch64): the x86 module's steps, with
/// `tbl` for `pshufb` (its indices here are nibbles, below 16, where the
/// two agree) and a bit-weighted horizontal add for `movemask`.
#[cfg(neon_path)]
mod neon;

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    /// Where a left-to-right reading of the run from `start` ends, and
    /// every position it passes between two pieces (a byte, a triple or a
    /// character whose lead the codes vouch for, well-formed, and not a
    /// noncharacter when of four bytes).
    fn reference(codes: &[u8; 256], input: &[u8], start: usize) -> (usize, Vec<usize>) {
        let code = |at: usize| input.get(at).map_or(0, |&b| codes[usize::from(b)]);
        let mut at = start;
        let mut boundaries = alloc::vec![at];
        loop {
            let continuations = usize::from(code(at) >> LEAD_SHIFT & 3);
            if code(at) & STAY != 0 {
                at += 1;
            } else if code(at) & PERCENT != 0
                && code(at + 1) & HEX1 != 0
                && code(at + 2) & HEX2 != 0
            {
                at += 3;
            } else if continuations > 0
                && input
                    .get(at + 1)
                    .is_some_and(|b| SECOND_BYTES[usize::from(input[at])].contains(b))
                && (at + 1..=at + continuations)
                    .all(|i| input.get(i).is_some_and(|&b| b & 0xC0 == 0x80))
                && !(continuations == 3
                    && super::super::walk::plane_end(input[at + 1], &input[at + 2..at + 4]))
            {
                at += 1 + continuations;
            } else {
                return (at, boundaries);
            }
            boundaries.push(at);
        }
    }

    /// Whether `path` carries cut pieces from one window to the next
    /// (the x86 ones), rather than starting the next window at the cut.
    fn carried(path: Path) -> bool {
        #[cfg(target_arch = "x86_64")]
        if matches!(path, Path::Ssse3 | Path::Avx2) {
            return true;
        }
        let _ = path;
        false
    }

    /// A well-formed character for each lead byte whose code vouches for
    /// its characters, with second bytes spread over the lead's range,
    /// and a noncharacter for each four-byte lead.
    fn vouched_chars(codes: &[u8; 256]) -> Vec<Vec<u8>> {
        let mut chars = Vec::new();
        for lead in 0xC0..=0xFFu8 {
            let continuations = codes[usize::from(lead)] >> LEAD_SHIFT & 3;
            if continuations == 0 {
                continue;
            }
            if continuations == 3 {
                // Now and then the noncharacter that ends a plane, which
                // ends a run.
                let last = *SECOND_BYTES[usize::from(lead)].end();
                chars.push(alloc::vec![lead, last, 0xBF, 0xBE + lead % 2]);
            }
            let range = SECOND_BYTES[usize::from(lead)].clone();
            for (k, second) in range.step_by(13).enumerate() {
                let mut char = alloc::vec![lead, second];
                for j in 1..continuations {
                    char.push(0x80 + (k as u8 * 7 + j * 11) % 0x40);
                }
                chars.push(char);
            }
        }
        chars
    }

    /// The build script's aliases say what their names promise: were
    /// `simd_path` unset on x86_64, every test here would still pass on
    /// the portable path alone, and the wide paths would be gone unseen.
    #[test]
    fn the_build_script_names_the_simd_targets() {
        let x86 = cfg!(target_arch = "x86_64");
        let neon = cfg!(all(target_arch = "aarch64", target_feature = "neon"));
        assert_eq!(cfg!(neon_path), neon);
        assert_eq!(cfg!(simd_path), x86 || neon);
        assert_eq!(
            Path::available().len() > 1,
            x86 && Path::detect() != Path::Portable || neon
        );
    }

    /// Every path stops where the run ends, or earlier only at a piece
    /// boundary where a `%` begins (a triple a window could not see whole,
    /// or any triple on the portable path) or less than a window is left;
    /// never inside a triple, never past the run. For every code table,
    /// runs of its stay bytes with and without triples, one byte of every
    /// value put at a few places, every length up to five windows and
    /// eight starting positions (so every alignment).
    #[test]
    fn every_path_agrees_with_the_table() {
        // Five 32-byte windows: runs that cross window ends several times.
        const LEN: usize = 160;
        let mut tables: Vec<&[u8; 256]> = crate::grammar::Rule::all()
            .iter()
            .flat_map(|rule| rule.dfa().code_tables())
            .collect();
        tables.dedup();
        let mut checked = 0usize;
        let mut triples_seen = 0usize;
        let mut chars_seen = 0usize;
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
            let chars = vouched_chars(codes);
            for (with_triples, with_chars) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                if with_chars && chars.is_empty() {
                    continue;
                }
                let mut buffer = [0u8; LEN];
                for (i, byte) in buffer.iter_mut().enumerate() {
                    *byte = stays[i * 7 % stays.len()];
                }
                if let (true, Some(h1), Some(h2)) = (with_triples, hex1, hex2) {
                    for i in (3..LEN - 4).step_by(11) {
                        buffer[i..i + 3].copy_from_slice(&[b'%', h1, h2]);
                    }
                }
                if with_chars {
                    // Every fourth position, or every seventh with triples
                    // (between them), so that windows cut characters at
                    // every offset.
                    let step = if with_triples { 7 } else { 4 };
                    let mut k = (codes[0x41] as usize) % chars.len();
                    let mut i = 1;
                    while i + 4 < LEN - 4 {
                        if !with_triples || (i + 8) % 11 > 4 {
                            let char = &chars[k % chars.len()];
                            buffer[i..i + char.len()].copy_from_slice(char);
                            // A prime stride: every kind of lead comes
                            // (the list is in lead order).
                            k += 97;
                            i += char.len();
                        }
                        i += step;
                    }
                }
                for path in Path::available() {
                    // An aligned start, an odd one, and one a word in.
                    for start in [0usize, 1, 7] {
                        // Every third length: 3 is prime to the window
                        // sizes, so every residue modulo 16 and 32 comes.
                        for len in (start..LEN).step_by(3) {
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
                                    chars_seen += usize::from(
                                        with_chars && end > start + 16 && path != Path::Portable,
                                    );
                                    assert!(
                                        boundaries.contains(&end),
                                        "{path:?}: {end} inside a piece"
                                    );
                                    // The portable path stops at the
                                    // step (eight bytes) holding a byte
                                    // without `STAY`; the others at a `%`
                                    // or a lead byte (a triple or a
                                    // character a window could not see
                                    // whole).
                                    let cause = if path == Path::Portable {
                                        input[end..]
                                            .iter()
                                            .take(8)
                                            .any(|&b| codes[usize::from(b)] & STAY == 0)
                                    } else {
                                        input.get(end).is_some_and(|&b| b == b'%' || b >= 0xC0)
                                    };
                                    // The x86 paths judge windows with
                                    // the three bytes after them and
                                    // carry what crosses their ends, so
                                    // they stop early only where fewer
                                    // than 38 bytes (the last window's
                                    // 35 and a piece it cut) are left.
                                    let near_end =
                                        if carried(path) { len - end < 38 } else { true };
                                    assert!(
                                        end == run_end || (cause && near_end) || len - end < 16,
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
        // Runs of characters skipped by the window check (where the
        // machine has one) past the first window.
        if Path::available().len() > 1 {
            assert!(
                chars_seen > 10_000,
                "only {chars_seen} runs over characters"
            );
        }
    }

    /// Four-byte characters stay in a run on every path that takes them,
    /// the noncharacters that end their planes never do: for every code
    /// table that vouches for a four-byte lead, a run of stay bytes with
    /// such characters, and one noncharacter of that lead at every offset
    /// of two windows, ends exactly at the noncharacter on the x86 paths
    /// (the others stop at a lead, and the caller's byte loop decides).
    #[test]
    fn noncharacters_end_runs() {
        let mut checked = 0usize;
        for rule in crate::grammar::Rule::all() {
            for codes in rule.dfa().code_tables() {
                let Some(stay) = (0..0x80u8).find(|&b| codes[usize::from(b)] & STAY != 0) else {
                    continue;
                };
                let sets = WindowSets::of(codes);
                for lead in
                    (0xF0..=0xF4u8).filter(|&l| codes[usize::from(l)] >> LEAD_SHIFT & 3 == 3)
                {
                    let range = SECOND_BYTES[usize::from(lead)].clone();
                    let char = [lead, *range.start(), 0x80, 0xBF];
                    let last = range
                        .clone()
                        .rfind(|s| s & 0x0F == 0x0F)
                        .expect("a plane end");
                    for fourth in [0xBE, 0xBF] {
                        let noncharacter = [lead, last, 0xBF, fourth];
                        for at in 0..70usize {
                            let mut input = alloc::vec![stay; 120];
                            for i in (1..at.saturating_sub(4)).step_by(9) {
                                input[i..i + 4].copy_from_slice(&char);
                            }
                            input[at..at + 4].copy_from_slice(&noncharacter);
                            let (run_end, _) = reference(codes, &input, 0);
                            assert_eq!(run_end, at, "{lead:02X} at {at}");
                            for path in Path::available() {
                                let end = stay_run(path, &sets, codes, &input, 0);
                                if carried(path) {
                                    assert_eq!(end, at, "{path:?}: {lead:02X} at {at}");
                                } else {
                                    assert!(end <= at, "{path:?}: past {at}");
                                }
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} cases");
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
