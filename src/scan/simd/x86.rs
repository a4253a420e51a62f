//! The window check with SSSE3 (16-byte windows) and AVX2 (32-byte
//! windows): the steps the parent module describes, each window judged
//! with the windows one, two and three bytes on ([`PieceStarts`]).

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128,
    _mm_movemask_epi8, _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16,
};

use super::{advance, chars_mask, run_mask, NibbleSet, WindowSets};

/// The pieces that start in a window of `WIDTH` bytes, found with the
/// windows one, two and three bytes further on (so a triple or a character
/// that the window's end cuts is seen whole): bit `i` of `stay` for a
/// `STAY` byte at `i`, of `long` for a triple or a character of two to
/// four bytes starting at `i`, of `three` for one of three or four
/// bytes.
#[derive(Clone, Copy)]
struct PieceStarts<const WIDTH: u32> {
    stay: u32,
    long: u32,
    three: u32,
    /// Bit `i` for a four-byte character starting at `i` (also in `long`
    /// and `three`).
    four: u32,
}

impl<const WIDTH: u32> PieceStarts<WIDTH> {
    /// The pieces of a window from the masks of its bytes (`stay`,
    /// `percent`, the four lead sets), of the next window's (bytes one
    /// further on: `hex1`, continuation bytes, low continuation bytes) and
    /// of the one after (two further on: `hex2`, continuation bytes), as
    /// [`run_mask`] and [`chars_mask`] read them within one window, and
    /// the four-byte characters starting at the bits of `four` (checked by
    /// the caller, which sees the windows three bytes on).
    #[inline(always)]
    fn of(
        stay: u32,
        percent: u32,
        next: [u32; 3],
        after: [u32; 2],
        leads: [u32; 4],
        four: u32,
    ) -> Self {
        let [hex1, continuation, low] = next;
        let [hex2, continuation_after] = after;
        let [lead2, lead3, lead3_high, lead3_low] = leads;
        let triples = percent & hex1 & hex2;
        let two = lead2 & continuation;
        let three = (lead3 & continuation | lead3_high & continuation & !low | lead3_low & low)
            & continuation_after;
        PieceStarts {
            stay,
            long: triples | two | three | four,
            three: triples | three | four,
            four,
        }
    }

    /// The window's bytes that are not in the run, as a mask, given what
    /// the pieces of the window before cover of this one (`carry`).
    #[inline(always)]
    fn out(self, carry: u32) -> u32 {
        let covered =
            self.stay | self.long | self.long << 1 | self.three << 2 | self.four << 3 | carry;
        !covered & (u32::MAX >> (32 - WIDTH))
    }

    /// What the pieces of this window cover of the next one: its first
    /// byte when a piece starts in the last byte, a piece of three or four
    /// bytes in the last but one, or one of four in the one before; its
    /// second when a piece of three or four starts in the last, or one of
    /// four in the last but one; its third when one of four starts in the
    /// last.
    #[inline(always)]
    fn carry(self) -> u32 {
        self.long >> (WIDTH - 1) | self.three >> (WIDTH - 2) | self.four >> (WIDTH - 3)
    }

    /// How many bytes before the window's end the piece that crosses it
    /// starts (0: none does). At most one does (so at most one term is
    /// not zero): the later bytes of a piece never start one (a hex digit
    /// is not `%`, a continuation byte not a lead).
    #[inline(always)]
    fn crossing(self) -> usize {
        (self.four >> (WIDTH - 3) & 1) as usize * 3
            + (self.three >> (WIDTH - 2) & 1) as usize * 2
            + (self.long >> (WIDTH - 1)) as usize
    }
}

/// A set of 16 bytes in a register.
#[inline(always)]
fn load(set: &NibbleSet) -> __m128i {
    // SAFETY: `set` is 16 readable bytes; unaligned loads are allowed;
    // SSE2 is part of every x86_64 CPU.
    unsafe { _mm_loadu_si128(set.as_ptr().cast::<__m128i>()) }
}

/// Every table of a [`WindowSets`] in a register
/// ([`WindowSets::tables`]).
#[inline(always)]
fn registers(sets: &WindowSets) -> [__m128i; 9] {
    sets.tables().map(load)
}

/// The four-byte lead sets in registers: `lead4`, `lead4_high`,
/// `lead4_low`.
#[inline(always)]
fn four_registers(sets: &WindowSets) -> [__m128i; 3] {
    [&sets.lead4, &sets.lead4_high, &sets.lead4_low].map(load)
}

/// The run's mask of 16 bytes: [`run_mask`] of the ASCII sets, and,
/// when the window has a byte from `80` up, [`chars_mask`] of the
/// lead sets.
#[inline]
#[target_feature(enable = "ssse3")]
fn mask16(sets: &[__m128i; 9], bytes: __m128i) -> u32 {
    let [stay, hex1, hex2, high_bits, lead2, lead3, lead3_high, lead3_low, upper_bits] = *sets;
    let nibble = _mm_set1_epi8(0x0F);
    let low = _mm_and_si128(bytes, nibble);
    let high_nibble = _mm_and_si128(_mm_srli_epi16::<4>(bytes), nibble);
    let high = _mm_shuffle_epi8(high_bits, high_nibble);
    let percent = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'%' as i8))) as u32;
    let ascii = run_mask(
        member16(stay, low, high),
        percent,
        member16(hex1, low, high),
        member16(hex2, low, high),
    );
    if _mm_movemask_epi8(bytes) == 0 {
        return ascii;
    }
    let upper = _mm_shuffle_epi8(upper_bits, high_nibble);
    let continuation = _mm_movemask_epi8(_mm_cmpeq_epi8(
        _mm_and_si128(bytes, _mm_set1_epi8(0xC0u8 as i8)),
        _mm_set1_epi8(0x80u8 as i8),
    )) as u32;
    let low_continuation = _mm_movemask_epi8(_mm_cmpeq_epi8(
        _mm_and_si128(bytes, _mm_set1_epi8(0xE0u8 as i8)),
        _mm_set1_epi8(0x80u8 as i8),
    )) as u32;
    let leads = [
        member16(lead2, low, upper),
        member16(lead3, low, upper),
        member16(lead3_high, low, upper),
        member16(lead3_low, low, upper),
    ];
    ascii | chars_mask(leads, continuation, low_continuation)
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

/// Bit `i` set when byte `i` of `bytes` is in `set` (a
/// [`NibbleSet`] in a register), looked up with `high_bits`.
#[inline]
#[target_feature(enable = "ssse3")]
fn in16(set: __m128i, high_bits: __m128i, bytes: __m128i) -> u32 {
    let nibble = _mm_set1_epi8(0x0F);
    let low = _mm_and_si128(bytes, nibble);
    let high = _mm_shuffle_epi8(high_bits, _mm_and_si128(_mm_srli_epi16::<4>(bytes), nibble));
    member16(set, low, high)
}

/// Bit `i` set when byte `i` of `bytes` is `value` after `and`.
#[inline]
#[target_feature(enable = "ssse3")]
fn equal16(bytes: __m128i, and: u8, value: u8) -> u32 {
    let masked = _mm_and_si128(bytes, _mm_set1_epi8(and as i8));
    _mm_movemask_epi8(_mm_cmpeq_epi8(masked, _mm_set1_epi8(value as i8))) as u32
}

/// One function per register width giving the [`PieceStarts`] of the
/// window `a` (whose mask of stay bytes is `stay`), with `b`, `c` and
/// `d` the windows one, two and three bytes further on: the same steps
/// on 16 bytes (SSSE3) and on 32 (AVX2), written once.
macro_rules! pieces_of {
    ($(#[$doc:meta])* $name:ident: $feature:literal, $register:ty, $width:literal,
     $member:ident, $equal:ident, $any_high:ident) => {
        $(#[$doc])*
        #[inline]
        #[target_feature(enable = $feature)]
        fn $name(
            sets: &[$register; 9],
            fours: &[$register; 3],
            stay: u32,
            [a, b, c, d]: [$register; 4],
        ) -> PieceStarts<$width> {
            let [_, hex1, hex2, high_bits, lead2, lead3, lead3_high, lead3_low, upper_bits] =
                *sets;
            let percent = $equal(a, 0xFF, b'%');
            let triples_next = [$member(hex1, high_bits, b), 0, 0];
            let triples_after = [$member(hex2, high_bits, c), 0];
            if $any_high(a) == 0 {
                return PieceStarts::of(stay, percent, triples_next, triples_after, [0; 4], 0);
            }
            let leads = [
                $member(lead2, upper_bits, a),
                $member(lead3, upper_bits, a),
                $member(lead3_high, upper_bits, a),
                $member(lead3_low, upper_bits, a),
            ];
            let next = [triples_next[0], $equal(b, 0xC0, 0x80), $equal(b, 0xE0, 0x80)];
            let after = [triples_after[0], $equal(c, 0xC0, 0x80)];
            if $equal(a, 0xF0, 0xF0) == 0 {
                // No lead of a four-byte character (most text).
                return PieceStarts::of(stay, percent, next, after, leads, 0);
            }
            let [lead4, lead4_high, lead4_low] = *fours;
            // Second bytes `80`-`8F` (after `F4`) and the rest
            // (`90`-`BF`, after `F0`); the noncharacters `x` with low
            // nibble `F`, `BF`, `BE` or `BF`.
            let low16 = $equal(b, 0xF0, 0x80);
            let continuation = next[1];
            let second = $member(lead4, upper_bits, a) & continuation
                | $member(lead4_high, upper_bits, a) & continuation & !low16
                | $member(lead4_low, upper_bits, a) & low16;
            let noncharacter =
                $equal(b, 0x0F, 0x0F) & $equal(c, 0xFF, 0xBF) & $equal(d, 0xFE, 0xBE);
            let four = second & after[1] & $equal(d, 0xC0, 0x80) & !noncharacter;
            PieceStarts::of(stay, percent, next, after, leads, four)
        }
    };
}

pieces_of!(
    /// The [`PieceStarts`] of 16 bytes.
    pieces16: "ssse3", __m128i, 16, in16, equal16, _mm_movemask_epi8
);

/// [`in16`] on 32 bytes.
#[inline]
#[target_feature(enable = "avx2")]
fn in32(set: __m256i, high_bits: __m256i, bytes: __m256i) -> u32 {
    let nibble = _mm256_set1_epi8(0x0F);
    let low = _mm256_and_si256(bytes, nibble);
    let high = _mm256_shuffle_epi8(
        high_bits,
        _mm256_and_si256(_mm256_srli_epi16::<4>(bytes), nibble),
    );
    member32(set, low, high)
}

/// [`equal16`] on 32 bytes.
#[inline]
#[target_feature(enable = "avx2")]
fn equal32(bytes: __m256i, and: u8, value: u8) -> u32 {
    let masked = _mm256_and_si256(bytes, _mm256_set1_epi8(and as i8));
    _mm256_movemask_epi8(_mm256_cmpeq_epi8(masked, _mm256_set1_epi8(value as i8))) as u32
}

pieces_of!(
    /// The [`PieceStarts`] of 32 bytes.
    pieces32: "avx2", __m256i, 32, in32, equal32, _mm256_movemask_epi8
);

/// [`super::stay_run`] with 16-byte windows.
///
/// # Safety
///
/// The CPU has SSSE3.
#[target_feature(enable = "ssse3")]
pub(super) unsafe fn ssse3(sets: &WindowSets, input: &[u8], mut at: usize) -> usize {
    let fours = four_registers(sets);
    let sets = registers(sets);
    // Windows at fixed steps, each judged with the three bytes after it
    // (the next address never waits for a mask), and what a piece
    // that crosses a window's end covers of the next carried over.
    let mut carry = 0;
    let mut crossing = 0;
    while let Some(window) = input.get(at..at + 19) {
        let p = window.as_ptr().cast::<__m128i>();
        // SAFETY: `window` is 19 readable bytes (a checked slice), so
        // are the 16 from each of its first four; unaligned loads are
        // allowed.
        let a = unsafe { _mm_loadu_si128(p) };
        let stay = in16(sets[0], sets[3], a);
        if stay | carry == 0xFFFF {
            // Stay bytes (and the end of a piece): no piece starts
            // here, so none crosses the end.
            carry = 0;
            crossing = 0;
            at += 16;
            continue;
        }
        // SAFETY: as above.
        let [b, c, d] = unsafe {
            [
                _mm_loadu_si128(p.byte_add(1)),
                _mm_loadu_si128(p.byte_add(2)),
                _mm_loadu_si128(p.byte_add(3)),
            ]
        };
        let pieces = pieces16(&sets, &fours, stay, [a, b, c, d]);
        let out = pieces.out(carry);
        if out != 0 {
            return at + out.trailing_zeros() as usize;
        }
        carry = pieces.carry();
        crossing = pieces.crossing();
        at += 16;
    }
    // Fewer than 19 bytes left: back to the start of a piece the last
    // window's end cut, and one window that sees only itself.
    at -= crossing;
    while let Some(window) = input.get(at..at + 16) {
        // SAFETY: `window` is 16 readable bytes (a checked slice).
        let bytes = unsafe { _mm_loadu_si128(window.as_ptr().cast::<__m128i>()) };
        match advance(!mask16(&sets, bytes) & 0xFFFF, 16) {
            Ok(step) => at += step,
            Err(stop) => return at + stop,
        }
    }
    at
}

/// Each table in both halves of a 256-bit register (`vpshufb` looks up
/// within each half). Written out: a closure passed to `map` would not
/// inherit this function's target features, and could not be inlined.
#[inline]
#[target_feature(enable = "avx2")]
fn widen(sets: &[__m128i; 9]) -> [__m256i; 9] {
    let [a, b, c, d, e, f, g, h, i] = *sets;
    [
        _mm256_broadcastsi128_si256(a),
        _mm256_broadcastsi128_si256(b),
        _mm256_broadcastsi128_si256(c),
        _mm256_broadcastsi128_si256(d),
        _mm256_broadcastsi128_si256(e),
        _mm256_broadcastsi128_si256(f),
        _mm256_broadcastsi128_si256(g),
        _mm256_broadcastsi128_si256(h),
        _mm256_broadcastsi128_si256(i),
    ]
}

/// [`super::stay_run`] with 32-byte windows.
///
/// # Safety
///
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2(sets: &WindowSets, input: &[u8], mut at: usize) -> usize {
    let narrow = registers(sets);
    let wide = widen(&narrow);
    let [f, g, h] = four_registers(sets);
    let fours = [
        _mm256_broadcastsi128_si256(f),
        _mm256_broadcastsi128_si256(g),
        _mm256_broadcastsi128_si256(h),
    ];
    // As in `ssse3`.
    let mut carry = 0;
    let mut crossing = 0;
    while let Some(window) = input.get(at..at + 35) {
        let p = window.as_ptr().cast::<__m256i>();
        // SAFETY: `window` is 35 readable bytes (a checked slice), so
        // are the 32 from each of its first four; unaligned loads are
        // allowed.
        let a = unsafe { _mm256_loadu_si256(p) };
        let stay = in32(wide[0], wide[3], a);
        if stay | carry == u32::MAX {
            // Stay bytes (and the end of a piece): no piece starts
            // here, so none crosses the end.
            carry = 0;
            crossing = 0;
            at += 32;
            continue;
        }
        // SAFETY: as above.
        let [b, c, d] = unsafe {
            [
                _mm256_loadu_si256(p.byte_add(1)),
                _mm256_loadu_si256(p.byte_add(2)),
                _mm256_loadu_si256(p.byte_add(3)),
            ]
        };
        let pieces = pieces32(&wide, &fours, stay, [a, b, c, d]);
        let out = pieces.out(carry);
        if out != 0 {
            return at + out.trailing_zeros() as usize;
        }
        carry = pieces.carry();
        crossing = pieces.crossing();
        at += 32;
    }
    at -= crossing;
    // The last 16 to 37 bytes: 16-byte windows that see only
    // themselves, so that a run ending there is still found without
    // the caller's byte loop.
    while let Some(window) = input.get(at..at + 16) {
        // SAFETY: `window` is 16 readable bytes (a checked slice).
        let bytes = unsafe { _mm_loadu_si128(window.as_ptr().cast::<__m128i>()) };
        match advance(!mask16(&narrow, bytes) & 0xFFFF, 16) {
            Ok(step) => at += step,
            Err(stop) => return at + stop,
        }
    }
    at
}
