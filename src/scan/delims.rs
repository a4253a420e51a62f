//! Finding the first of a few delimiter bytes (`:/?#@[]`), for splitting
//! a validated reference into its components.
//!
//! The split reads up to the next delimiter several times per reference
//! (the scheme's `:`, the authority's end, the `@`, the path's end, the
//! query's end), so the cost per byte matters as much as the walk's.
//!
//! - x86_64: SSE2, which every x86_64 CPU has (no detection needed): one
//!   compare per delimiter on 16 bytes, an OR, one `movemask` and a
//!   `trailing_zeros`. The last partial window is read as the input's last
//!   16 bytes, with the bits before the start shifted away, so no byte loop
//!   runs on inputs of 16 bytes or more.
//! - Everywhere else (and inputs shorter than 16 bytes): eight bytes at a
//!   time in a `u64`, as `memchr` does.
//!
//! Both give the same position: the tests compare them on every start of
//! many inputs.
//!
//! [`hits`] gives where one byte value stands in a 16-byte window, for
//! short searches elsewhere (the dot segments of a path), where a call to
//! a general search costs more than the search; [`last_of`] reads such
//! windows from the end (a path's last `/`).

/// The first offset from `from` on whose byte is one of `set`, or
/// `bytes.len()` (also when `from` is past the end).
#[inline(always)]
pub(crate) fn first_of<const N: usize>(bytes: &[u8], from: usize, set: [u8; N]) -> usize {
    first_of_before(bytes, from, bytes.len(), set)
}

/// [`first_of`] in `bytes[..end]`: the first offset in `from..end` whose
/// byte is one of `set`, or `end` (`end <= bytes.len()`). The bytes from
/// `end` on may be read (a window never straddles the slice's end) but
/// never count, so a short part of a longer input still gets whole
/// windows.
#[inline(always)]
pub(crate) fn first_of_before<const N: usize>(
    bytes: &[u8],
    from: usize,
    end: usize,
    set: [u8; N],
) -> usize {
    let end = end.min(bytes.len());
    #[cfg(target_arch = "x86_64")]
    {
        if bytes.len() >= 16 {
            // SAFETY: SSE2 is part of every x86_64 CPU (a baseline feature
            // of every x86_64 target), all that `x86::first_of` requires.
            return unsafe { x86::first_of(bytes, from, end, set) }.min(end);
        }
    }
    portable(&bytes[..end], from, set)
}

/// The delimiters among an input's first [`Head::SPAN`] bytes (fewer
/// when it is shorter): bit `i` of a mask is set when byte `i` is that
/// delimiter. The scheme, the `//`, the userinfo's `@`, the port's `:`
/// and the first `?` or `#` of most references lie there, so the split
/// finds them with a few `trailing_zeros` on masks made by two SSE2
/// windows, instead of one search each (see `components::split`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Head {
    pub(crate) colon: u64,
    pub(crate) slash: u64,
    pub(crate) question: u64,
    pub(crate) hash: u64,
    pub(crate) at: u64,
    /// How many bytes the masks cover: `min(len, SPAN)`.
    pub(crate) span: usize,
}

impl Head {
    /// The most bytes the masks cover: two 16-byte windows.
    pub(crate) const SPAN: usize = 32;

    /// The masks of `bytes[..min(len, SPAN)]`: SSE2 on x86_64 (every
    /// x86_64 CPU has it; an input shorter than a window is copied into a
    /// zeroed one first, and zero is no delimiter), byte by byte elsewhere.
    #[inline(always)]
    pub(crate) fn of(bytes: &[u8]) -> Head {
        #[cfg(target_arch = "x86_64")]
        {
            if bytes.len() >= 16 {
                // SAFETY: SSE2 is part of every x86_64 CPU (a baseline
                // feature of every x86_64 target), all that `x86::head`
                // requires.
                let mut head = unsafe { x86::head(bytes) };
                head.span = bytes.len().min(Self::SPAN);
                head
            } else {
                Self::of_padded(u128::from_le_bytes(padded_window(bytes)), bytes.len())
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Self::plain(bytes)
    }

    /// [`Head::of`] for the first `len` (under 16) bytes of `window`
    /// (byte `i` in bits `8i..8i + 8`), the rest of which are zeros (no
    /// delimiter): on x86_64 one window, five compares, not the ten of two
    /// (measured: 30 instructions fewer per `IriRef::parse` of a reference
    /// under 16 bytes).
    #[inline(always)]
    pub(crate) fn of_padded(window: u128, len: usize) -> Head {
        debug_assert!(len < 16 && window >> (8 * len) == 0);
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is part of every x86_64 CPU (a baseline
            // feature of every x86_64 target), all that `x86::head_of_word`
            // requires.
            let mut head = unsafe { x86::head_of_word(window) };
            head.span = len;
            head
        }
        #[cfg(not(target_arch = "x86_64"))]
        Self::plain(&window.to_le_bytes()[..len])
    }

    /// The masks byte by byte: what [`Head::of`] must give, and what it
    /// is where there is no SSE2.
    #[cfg_attr(target_arch = "x86_64", cfg(test))]
    pub(crate) fn plain(bytes: &[u8]) -> Head {
        let span = bytes.len().min(Self::SPAN);
        let mut head = Head {
            colon: 0,
            slash: 0,
            question: 0,
            hash: 0,
            at: 0,
            span,
        };
        for (i, &byte) in bytes[..span].iter().enumerate() {
            let mask = match byte {
                b':' => &mut head.colon,
                b'/' => &mut head.slash,
                b'?' => &mut head.question,
                b'#' => &mut head.hash,
                b'@' => &mut head.at,
                _ => continue,
            };
            *mask |= 1 << i;
        }
        head
    }
}

/// Bit `i` set when byte `i` of `window` is `byte`: one SSE2 compare and
/// mask on x86_64, a byte loop elsewhere.
#[inline(always)]
pub(crate) fn hits(window: &[u8; 16], byte: u8) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of every x86_64 CPU (a baseline feature of
        // every x86_64 target), all that `x86::hits` requires.
        unsafe { x86::hits(window, [byte]) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        plain_hits(window, byte)
    }
}

/// [`hits`] byte by byte: what it must give, and what it is where there
/// is no SSE2.
#[cfg_attr(target_arch = "x86_64", cfg(test))]
fn plain_hits(window: &[u8; 16], byte: u8) -> u32 {
    let mut mask = 0;
    for (i, &b) in window.iter().enumerate() {
        mask |= u32::from(b == byte) << i;
    }
    mask
}

/// The offset of the last `byte` in `bytes`: 16-byte windows from the
/// end, as [`first_of`] reads them from the start. When the length is not
/// a multiple of 16 the first window overlaps the one after it; the bytes
/// read twice need no masking, since the later window found none of them.
/// For short searches (a path's last `/`), where a call to a general
/// search costs more than the search.
// Always inlined: one call per resolution on a short path (see
// `resolve::dot_segments::next_dot_start`).
#[inline(always)]
pub(crate) fn last_of(bytes: &[u8], byte: u8) -> Option<usize> {
    let highest = |mask: u32| 31 - mask.leading_zeros() as usize;
    if bytes.len() < 16 {
        // The padding's zeros are no bytes of the input.
        let found = hits(&padded_window(bytes), byte) & ((1 << bytes.len()) - 1);
        return (found != 0).then(|| highest(found));
    }
    let mut end = bytes.len();
    loop {
        let start = end.saturating_sub(16);
        let found = hits(window_at(bytes, start), byte);
        if found != 0 {
            return Some(start + highest(found));
        }
        if start == 0 {
            return None;
        }
        end = start;
    }
}

/// The 16 bytes of `bytes` from `at` (which must leave 16).
#[inline(always)]
pub(crate) fn window_at(bytes: &[u8], at: usize) -> &[u8; 16] {
    bytes[at..at + 16].try_into().expect("16 bytes")
}

/// `bytes` (fewer than 16) in a zeroed window, built in two eight-byte
/// words from overlapping reads of a fixed size and returned as a value:
/// neither a `memcpy` of variable length (measured: the call cost short
/// references as much as the masks) nor narrow stores into the window
/// that a 16-byte load then reads (a load that spans several earlier
/// stores waits for them to retire instead of taking their data: for
/// references under 16 bytes that stall cost `IriRef::parse` more than
/// the rest of its split).
#[inline(always)]
pub(crate) fn padded_window(bytes: &[u8]) -> [u8; 16] {
    let len = bytes.len();
    debug_assert!(len < 16);
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let half = |at: usize| {
        u64::from(u32::from_le_bytes(
            bytes[at..at + 4].try_into().expect("4 bytes"),
        ))
    };
    let (low, high) = if len >= 8 {
        // The second word holds bytes `len - 8..len`; bytes `8..len` are
        // its top `len - 8`.
        (
            word(0),
            word(len - 8)
                .checked_shr(8 * (16 - len) as u32)
                .unwrap_or(0),
        )
    } else if len >= 4 {
        // The two halves overlap on equal bytes.
        (half(0) | half(len - 4) << (8 * (len - 4)), 0)
    } else if len > 0 {
        let byte = |at: usize| u64::from(bytes[at]) << (8 * at);
        (byte(0) | byte(len / 2) | byte(len - 1), 0)
    } else {
        (0, 0)
    };
    (u128::from(low) | u128::from(high) << 64).to_le_bytes()
}

/// [`first_of`] in eight-byte words: XOR-ing a word with a delimiter
/// repeated in every byte turns the delimiter's bytes into zero bytes, and
/// `(x - 0x01..01) & !x & 0x80..80` flags zero bytes. A borrow can flag a
/// byte above a true zero, never below one, so the lowest flagged byte over
/// all delimiters is the first delimiter. The tail goes byte by byte.
#[inline(always)]
fn portable<const N: usize>(bytes: &[u8], from: usize, set: [u8; N]) -> usize {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    let Some(rest) = bytes.get(from..) else {
        return bytes.len();
    };
    let mut words = rest.chunks_exact(8);
    let mut at = from;
    for word in &mut words {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let mut flags = 0;
        for delimiter in set {
            let y = x ^ (ONES * u64::from(delimiter));
            flags |= y.wrapping_sub(ONES) & !y & HIGHS;
        }
        if flags != 0 {
            return at + (flags.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    match words.remainder().iter().position(|b| set.contains(b)) {
        Some(i) => at + i,
        None => bytes.len(),
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_set_epi64x, _mm_setzero_si128,
    };

    /// Bit `i` set when byte `i` of `window` is one of `set`.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn hits<const N: usize>(window: &[u8; 16], set: [u8; N]) -> u32 {
        // SAFETY: `window` is 16 readable bytes and `_mm_loadu_si128`
        // allows any alignment.
        let bytes = unsafe { _mm_loadu_si128(window.as_ptr().cast::<__m128i>()) };
        let mut any = _mm_setzero_si128();
        for delimiter in set {
            any = _mm_or_si128(any, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(delimiter as i8)));
        }
        _mm_movemask_epi8(any) as u32
    }

    /// [`super::Head::of`] for at least 16 bytes: a window at 0 and one
    /// at 16 (or ending at the input's end, when it is shorter than 32
    /// bytes: its bytes read twice set the same bits).
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn head(bytes: &[u8]) -> super::Head {
        debug_assert!(bytes.len() >= 16);
        two_windows(bytes, 0, bytes.len().min(32) - 16)
    }

    /// [`super::Head::of_padded`]: the masks of one window held in a
    /// `u128`, put in a register from its two halves (not stored and read
    /// back: a 16-byte load of two 8-byte stores waits for them to
    /// retire). `span` is left for the caller.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn head_of_word(window: u128) -> super::Head {
        let window = _mm_set_epi64x((window >> 64) as i64, window as i64);
        masks(|delimiter| {
            let d = _mm_set1_epi8(delimiter as i8);
            u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(window, d)) as u16)
        })
    }

    /// The masks of the windows of `bytes` at `first` and `second` (each
    /// must leave 16 bytes), five compares each. `span` is left for the
    /// caller.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn two_windows(bytes: &[u8], first: usize, second: usize) -> super::Head {
        let load = |at: usize| {
            let window: &[u8; 16] = bytes[at..at + 16].try_into().expect("16 bytes");
            // SAFETY: `window` is 16 readable bytes and `_mm_loadu_si128`
            // allows any alignment.
            unsafe { _mm_loadu_si128(window.as_ptr().cast::<__m128i>()) }
        };
        let (low, high) = (load(first), load(second));
        masks(|delimiter| {
            let d = _mm_set1_epi8(delimiter as i8);
            let low = _mm_movemask_epi8(_mm_cmpeq_epi8(low, d)) as u16;
            let high = _mm_movemask_epi8(_mm_cmpeq_epi8(high, d)) as u16;
            u64::from(low) << first | u64::from(high) << second
        })
    }

    /// The head whose mask of each of the five delimiters is `hits` of
    /// it. `span` is left for the caller.
    #[inline(always)]
    fn masks(hits: impl Fn(u8) -> u64) -> super::Head {
        super::Head {
            colon: hits(b':'),
            slash: hits(b'/'),
            question: hits(b'?'),
            hash: hits(b'#'),
            at: hits(b'@'),
            span: 0,
        }
    }

    /// [`super::first_of_before`] for `bytes` of at least 16 bytes, before
    /// the caller clamps to `end`: windows are read while they start
    /// before `end`.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn first_of<const N: usize>(
        bytes: &[u8],
        from: usize,
        end: usize,
        set: [u8; N],
    ) -> usize {
        let len = bytes.len();
        let mut at = from;
        while at < end {
            let Some(window) = bytes.get(at..at + 16) else {
                break;
            };
            let window: &[u8; 16] = window.try_into().expect("16 bytes");
            let found = hits(window, set);
            if found != 0 {
                return at + found.trailing_zeros() as usize;
            }
            at += 16;
        }
        if at < end {
            // The last 16 bytes, of which those before `at` were read.
            let start = len - 16;
            let window: &[u8; 16] = bytes[start..].try_into().expect("16 bytes");
            let found = hits(window, set) >> (at - start);
            if found != 0 {
                return at + found.trailing_zeros() as usize;
            }
        }
        len
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    /// The byte-by-byte answer.
    fn plain<const N: usize>(bytes: &[u8], from: usize, set: [u8; N]) -> usize {
        bytes
            .iter()
            .enumerate()
            .skip(from)
            .find(|(_, b)| set.contains(b))
            .map_or(bytes.len(), |(i, _)| i)
    }

    /// `hits` is the byte-by-byte mask for every byte value, on windows
    /// holding it nowhere, once, and at every other place, among every
    /// other byte value.
    #[test]
    fn hits_are_the_plain_ones() {
        let mut next = crate::test_rng::xorshift(0x6869_7473);
        for byte in 0..=255u8 {
            for _ in 0..64 {
                let mut window = [0u8; 16];
                for b in &mut window {
                    *b = next() as u8;
                }
                let place = next() as usize % 20;
                if let Some(b) = window.get_mut(place) {
                    *b = byte;
                }
                if place.is_multiple_of(3) {
                    window.iter_mut().step_by(2).for_each(|b| *b = byte);
                }
                assert_eq!(
                    hits(&window, byte),
                    plain_hits(&window, byte),
                    "{byte} {window:?}"
                );
            }
        }
    }

    /// `last_of` is `rposition` for every delimiter (and the zero byte
    /// that pads short windows), on inputs of every
    /// length up to five windows (one window padded, whole windows, and
    /// a first window overlapping the next at every offset), with the
    /// delimiter nowhere, once or a few times, beside bytes one bit away.
    #[test]
    fn the_last_is_the_last() {
        const FILL: &[u8] = b"abc;.x\xC3\xA9\x80\xFF\x0A\x2E\x2D\x3B\x6F";
        let mut next = crate::test_rng::xorshift(0x6C61_7374);
        for len in 0..80usize {
            for _ in 0..40 {
                let bytes = with_delimiters(&mut next, FILL, len, 4);
                for &byte in b":/?#@[]\0" {
                    let want = bytes.iter().rposition(|&b| b == byte);
                    assert_eq!(last_of(&bytes, byte), want, "{byte} in {bytes:?}");
                }
            }
        }
    }

    /// `len` bytes drawn from `fill`, then fewer than `most` of them
    /// replaced with delimiters at random places.
    fn with_delimiters(
        next: &mut impl FnMut() -> u64,
        fill: &[u8],
        len: usize,
        most: u64,
    ) -> Vec<u8> {
        let mut bytes: Vec<u8> = (0..len)
            .map(|_| fill[next() as usize % fill.len()])
            .collect();
        for _ in 0..next() % most {
            if len > 0 {
                let at = next() as usize % len;
                bytes[at] = b":/?#@[]"[next() as usize % 7];
            }
        }
        bytes
    }

    /// Every path finds the byte-by-byte answer, from every start of
    /// inputs of every length up to a few windows, with delimiters at
    /// every place (and none), beside bytes that differ from a delimiter
    /// in one bit (which a careless SWAR borrow would flag).
    #[test]
    fn every_path_finds_the_first() {
        const FILL: &[u8] = b"abc;;>.x\xC3\xA9\x80\xFF\x0A\x2E\x3E\x3B";
        let mut next = crate::test_rng::xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut compared = 0usize;
        for len in 0..80usize {
            for _ in 0..30 {
                let bytes = with_delimiters(&mut next, FILL, len, 3);
                for from in 0..=len + 1 {
                    let end = (from + len / 3).min(len);
                    let sets: [&dyn Fn() -> (usize, usize); 5] = [
                        &|| {
                            let want = plain(&bytes[..end], from, *b"@:");
                            (first_of_before(&bytes, from, end, *b"@:"), want)
                        },
                        &|| {
                            (
                                first_of(&bytes, from, *b":/?#"),
                                plain(&bytes, from, *b":/?#"),
                            )
                        },
                        &|| (first_of(&bytes, from, *b"#"), plain(&bytes, from, *b"#")),
                        &|| (first_of(&bytes, from, *b"@"), plain(&bytes, from, *b"@")),
                        &|| {
                            (
                                portable(&bytes, from, *b"/?#"),
                                plain(&bytes, from, *b"/?#"),
                            )
                        },
                    ];
                    for case in sets {
                        let (got, want) = case();
                        assert_eq!(got, want, "{bytes:?} from {from}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 100_000, "only {compared} comparisons");
    }

    /// A padded window is the bytes, then zeros: every length under 16,
    /// bytes of every value at every offset.
    #[test]
    fn padded_windows_are_the_bytes_then_zeros() {
        let mut next = crate::test_rng::xorshift(0x9ADD_ED00);
        let mut compared = 0;
        for len in 0..16 {
            for _ in 0..200 {
                let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
                let mut expected = [0u8; 16];
                expected[..len].copy_from_slice(&bytes);
                assert_eq!(padded_window(&bytes), expected, "{bytes:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 16 * 200);
    }

    /// The head's masks are the byte-by-byte ones on every length up to
    /// past four windows (short inputs go through the padded window),
    /// with delimiters at random places among bytes one bit away from
    /// them and zero bytes (the padding's value).
    #[test]
    fn head_masks_are_the_plain_ones() {
        const FILL: &[u8] =
            b"ab;>.x\xC3\xA9\x80\xFF\x00\x0A\x2E\x3E\x3B\x22\x41\x5C\x7B\x7D\x5B\x5D";
        let mut next = crate::test_rng::xorshift(0xA076_1D64_78BD_642Fu64);
        let mut compared = 0usize;
        for len in 0..=Head::SPAN * 4 {
            for _ in 0..500 {
                let bytes = with_delimiters(&mut next, FILL, len, 12);
                assert_eq!(Head::of(&bytes), Head::plain(&bytes), "{bytes:?}");
                compared += 1;
            }
        }
        assert!(compared > 60_000, "only {compared}");
    }
}
