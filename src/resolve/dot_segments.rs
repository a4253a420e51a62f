//! RFC 3986 section 5.2.4, "Remove Dot Segments": the crate's one
//! implementation, used by resolution ([`super`]) and by normalization
//! ([`crate::normalize`], section 5.3.2.4 of RFC 3987).
//!
//! # The algorithm
//!
//! The RFC's pseudo-code moves text between an input buffer and an output
//! buffer with five rules, A to E. Here the input is a slice that only
//! shrinks from the front and the output is the caller's string, so each
//! step is a pointer move, one copy, or a cut of the output: linear in
//! the path's length, whatever mix of `.` and `..` it holds (the textbook
//! transcription that rebuilds the input on each step is quadratic).
//!
//! Rules A and D apply only before any other (each of B, C and E leaves an
//! input that starts with `/` or is empty), so they run first, and then E
//! moves the first segment with the `/` after it. From there on the input
//! is `"/"` followed by the rest, and that `/` is already the output's
//! last byte: [`remove_dots_after_slash`] reads the rest. Its segments
//! move to the output in one copy, up to the next segment that starts with
//! a `.` (found 16 bytes at a time); a `.` segment (B) ends the copy, and
//! a `..` segment (C) ends it one segment short, or, when nothing is
//! waiting to be copied, cuts the output's last segment.
//!
//! The merge of resolution (section 5.2.3, a base's directory followed by
//! a reference's path) enters at the same point: a directory without dot
//! segments is its own output, ending with the `/` the rest follows, so
//! the two halves are never written into one string first.

use alloc::string::String;

use crate::scan;

/// Appends `path` with its dot segments removed (RFC 3986 section 5.2.4)
/// to `out`, touching only what it appends.
///
/// ```
/// use rfc3987::resolve::remove_dot_segments;
/// let mut out = String::new();
/// remove_dot_segments("/a/b/c/./../../g", &mut out);
/// assert_eq!(out, "/a/g");
/// out.clear();
/// remove_dot_segments("mid/content=5/../6", &mut out);
/// assert_eq!(out, "mid/6");
/// ```
pub fn remove_dot_segments(path: &str, out: &mut String) {
    // No segment is a dot segment if no `.` starts one.
    if !has_dot_segment(path) {
        out.push_str(path);
        return;
    }
    let floor = out.len();
    let mut rest = path;
    loop {
        rest = match rest.as_bytes() {
            // A.
            [b'.', b'/', ..] => &rest[2..],
            [b'.', b'.', b'/', ..] => &rest[3..],
            // D.
            [b'.'] | [b'.', b'.'] => return,
            _ => break,
        };
    }
    // E: the first segment (empty when the path is absolute), and the `/`
    // after it, which starts the input that is left.
    let slash = scan::first_of(rest.as_bytes(), 0, *b"/");
    if slash == rest.len() {
        out.push_str(rest);
        return;
    }
    out.push_str(&rest[..=slash]);
    remove_dots_after_slash(&rest[slash + 1..], floor, out);
}

/// Section 5.2.4 on the input `"/"` followed by `rest`, whose `/` is the
/// last byte of `out` already; the output buffer is `out[floor..]`, and
/// what it holds is free of dot segments. Appends the output's rest.
///
/// The segments of `rest` are moved to the output in one copy up to the
/// next one that starts with a `.`, so `copy_from..dot` is always text
/// waiting to be copied, which ends with a `/` (or is empty): B copies
/// it, C copies it less its last segment, or with nothing waiting cuts
/// the output's last segment. A segment that only starts with a `.`
/// (`.x`) is E's, and the search goes on past it. **Invariant: `out` ends
/// with a `/` at every step**, the one that the next input starts with.
pub(crate) fn remove_dots_after_slash(rest: &str, floor: usize, out: &mut String) {
    debug_assert!(out[floor..].ends_with('/'));
    let bytes = rest.as_bytes();
    let len = bytes.len();
    let mut copy_from = 0;
    // The start of the next segment that starts with a `.`, or `len`.
    let mut dot = if bytes.first() == Some(&b'.') {
        0
    } else {
        next_dotted_segment(bytes, 0)
    };
    loop {
        if dot == len {
            // E, to the end of the input.
            out.push_str(&rest[copy_from..]);
            return;
        }
        let next = match &bytes[dot..] {
            // B: "/./", or "/." at the end.
            [b'.', b'/', ..] | [b'.'] => {
                out.push_str(&rest[copy_from..dot]);
                dot + 2
            }
            // C: "/../", or "/.." at the end.
            [b'.', b'.', b'/', ..] | [b'.', b'.'] => {
                if dot == copy_from {
                    // Nothing waits: the output's last segment goes with
                    // the `/` before it, and the input's `/` follows.
                    out.pop();
                    pop_segment(out, floor);
                    out.push('/');
                } else if let Some(slash) = scan::last_of(&bytes[copy_from..dot - 1], b'/') {
                    // The waiting text less its last segment (`dot - 1`
                    // is the `/` before the `..`).
                    out.push_str(&rest[copy_from..=copy_from + slash]);
                }
                dot + 3
            }
            // E: a segment such as `.x`, which stays.
            _ => {
                dot = next_dotted_segment(bytes, dot);
                continue;
            }
        };
        // The `/` that replaced the dot segment is the output's last byte;
        // at the end of the input it is all there was left.
        if next >= len {
            return;
        }
        copy_from = next;
        dot = if bytes[next] == b'.' {
            next
        } else {
            next_dotted_segment(bytes, next)
        };
    }
}

/// The start of the first segment after `bytes[from..]`'s first `/` that
/// begins with a `.`, or `bytes.len()`.
#[inline]
fn next_dotted_segment(bytes: &[u8], from: usize) -> usize {
    let slash = next_dot_start(bytes, from);
    if slash == bytes.len() {
        slash
    } else {
        slash + 1
    }
}

/// The first offset from `from` of a `/` followed by a `.` (the start of
/// a segment that may be a dot segment), or `bytes.len()`: 16 such pairs
/// a window, the dots read one byte further on, and the last 16 bytes or
/// fewer as one window too (padded when shorter), so no branch per byte.
// Always inlined, as `has_dot_segment`, `last_of` and `Directory::of`
// are: a resolution calls each once on a few dozen bytes, where the call
// costs as much as the search (`bash benches/guard.sh`, resolve on
// relative-tiny: 1087 -> 1045 instructions per input; with fat LTO, 850 ->
// 818).
#[inline(always)]
pub(crate) fn next_dot_start(bytes: &[u8], from: usize) -> usize {
    let len = bytes.len();
    let mut at = from;
    while at + 17 <= len {
        let found = scan::hits(scan::window_at(bytes, at), b'/')
            & scan::hits(scan::window_at(bytes, at + 1), b'.');
        if found != 0 {
            return at + found.trailing_zeros() as usize;
        }
        at += 16;
    }
    // The padding's zeros are no `.`, and the window's last byte has no
    // byte after it in the input either.
    let tail = &bytes[at..];
    let window = match tail.len() {
        16 => *scan::window_at(tail, 0),
        _ => scan::padded_window(tail),
    };
    let found = scan::hits(&window, b'/') & (scan::hits(&window, b'.') >> 1);
    if found != 0 {
        at + found.trailing_zeros() as usize
    } else {
        len
    }
}

/// Whether some segment of `path` is `.` or `..` (false positives are
/// fine: the removal then finds nothing to remove): whether a `.` starts
/// the path or follows a `/`.
///
/// Paths are short (a few dozen bytes): 16-byte windows (the last one
/// overlapping the one before it, a path under 16 bytes padded with
/// zeros), a compare for each of `.` and `/` in each, and no call.
// Always inlined: see `next_dot_start`.
#[inline(always)]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let bytes = path.as_bytes();
    // A `.` as the window's first byte starts a segment when `before`
    // (the path starts there, or a `/` precedes it), any other when the
    // byte before it in the window is a `/`.
    let dot_starts = |window: &[u8; 16], before: bool| {
        scan::hits(window, b'.') & (scan::hits(window, b'/') << 1 | u32::from(before)) != 0
    };
    let Some(last) = bytes.len().checked_sub(16) else {
        return dot_starts(&scan::padded_window(bytes), true);
    };
    let mut at = 0;
    loop {
        let start = at.min(last);
        let before = start.checked_sub(1).is_none_or(|i| bytes[i] == b'/');
        if dot_starts(scan::window_at(bytes, start), before) {
            return true;
        }
        if start == last {
            return false;
        }
        at += 16;
    }
}

/// Step C's "remove the last segment and its preceding `/` (if any) from
/// the output buffer", for the buffer `out[floor..]`.
fn pop_segment(out: &mut String, floor: usize) {
    let cut = scan::last_of(&out.as_bytes()[floor..], b'/').map_or(floor, |i| floor + i);
    out.truncate(cut);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of up to `most` pieces of `pieces`, shortest first.
    pub(crate) fn strings_of<'p>(
        pieces: &'p [&str],
        most: u32,
    ) -> impl Iterator<Item = String> + 'p {
        (0..=most).flat_map(move |len| {
            (0..pieces.len().pow(len)).map(move |mut code| {
                let mut text = String::new();
                for _ in 0..len {
                    text.push_str(pieces[code % pieces.len()]);
                    code /= pieces.len();
                }
                text
            })
        })
    }

    fn rds(path: &str) -> String {
        let mut out = String::from("prefix");
        remove_dot_segments(path, &mut out);
        out.split_off(6)
    }

    /// Section 5.2.4's pseudo-code as written: the two buffers, the five
    /// rules in order, the input rebuilt at each step (quadratic, and
    /// plain).
    fn rds_pseudo_code(path: &str) -> String {
        let mut input = String::from(path);
        let mut output = String::new();
        while !input.is_empty() {
            if let Some(rest) = input.strip_prefix("../") {
                input = String::from(rest);
            } else if let Some(rest) = input.strip_prefix("./") {
                input = String::from(rest);
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = String::from("/");
            } else if input.starts_with("/../") || input == "/.." {
                let end = input.len().min(4);
                input.replace_range(..end, "/");
                let cut = output.rfind('/').unwrap_or(0);
                output.truncate(cut);
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let from = usize::from(input.starts_with('/'));
                let end = input[from..].find('/').map_or(input.len(), |i| from + i);
                output.push_str(&input[..end]);
                input.replace_range(..end, "");
            }
        }
        output
    }

    /// Every path of up to seven pieces of `.`, `..`, `a`, `é`, `.x` and
    /// `/`, and random ones up to 80 bytes (the window searches at every
    /// offset): the removal is the pseudo-code's.
    #[test]
    fn removal_is_the_pseudo_code() {
        const PIECES: [&str; 6] = [".", "..", "a", "\u{e9}", ".x", "/"];
        for path in strings_of(&PIECES, 7) {
            assert_eq!(rds(&path), rds_pseudo_code(&path), "{path:?}");
        }
        let mut next = crate::test_rng::xorshift(0x2E2E_2F2E);
        for _ in 0..20_000 {
            let mut path = String::new();
            let len = next() as usize % 80;
            while path.len() < len {
                let piece = next() as usize % 12;
                path.push_str(PIECES.get(piece).copied().unwrap_or("ab"));
            }
            assert_eq!(rds(&path), rds_pseudo_code(&path), "{path:?}");
        }
    }

    /// Every string of up to eight pieces of `.`, `/`, `a` and `é` (up to
    /// 16 bytes: a padded window or one whole), and random ones up to 80
    /// bytes (windows overlapping at every offset), with each prefix
    /// dropped: the window searches (for a dot segment, for the last `/`,
    /// for the next `/.`) give what a byte-by-byte reading gives.
    #[test]
    fn dots_and_slashes_are_found_as_a_byte_reading_finds_them() {
        const PIECES: [&str; 4] = [".", "/", "a", "\u{e9}"];
        let check = |path: &str| {
            let bytes = path.as_bytes();
            let dot_segment =
                (0..bytes.len()).any(|i| bytes[i] == b'.' && (i == 0 || bytes[i - 1] == b'/'));
            assert_eq!(has_dot_segment(path), dot_segment, "{path:?}");
            for from in 0..bytes.len() {
                let rest = &bytes[from..];
                let slash = rest.iter().rposition(|&byte| byte == b'/');
                assert_eq!(scan::last_of(rest, b'/'), slash, "{path:?} from {from}");
                let dot_start = (from..bytes.len())
                    .find(|&i| bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'.'))
                    .unwrap_or(bytes.len());
                assert_eq!(
                    next_dot_start(bytes, from),
                    dot_start,
                    "{path:?} from {from}"
                );
                let first_slash = rest.iter().position(|&b| b == b'/');
                assert_eq!(
                    scan::first_of(rest, 0, *b"/"),
                    first_slash.unwrap_or(rest.len()),
                    "{path:?} from {from}"
                );
            }
        };
        let mut checked = 0;
        for path in strings_of(&PIECES, 8) {
            check(&path);
            checked += 1;
        }
        let mut next = crate::test_rng::xorshift(0x2E2F_2E2E);
        for _ in 0..20_000 {
            let mut path = String::new();
            let len = next() as usize % 80;
            // Mostly plain text, so that dots and slashes are sparse.
            let plain = !next().is_multiple_of(4);
            while path.len() < len {
                let piece = next() as usize % if plain { 40 } else { 4 };
                path.push_str(PIECES.get(piece).copied().unwrap_or("a"));
            }
            check(&path);
            checked += 1;
        }
        assert_eq!(
            checked,
            (0..=8).map(|len| 4usize.pow(len)).sum::<usize>() + 20_000
        );
    }

    /// The merge of a clean directory and a path with dot segments,
    /// read in two parts, is the removal on the two written as one: every
    /// path of up to six pieces of `.`, `..`, `a`, `é` and `/`, after
    /// directories with and without a leading `/` (or none).
    #[test]
    fn a_path_after_a_clean_directory_loses_the_dot_segments_of_the_whole() {
        const PIECES: [&str; 5] = [".", "..", "a", "\u{e9}", "/"];
        const DIRECTORIES: [&str; 6] = ["", "/a", "/a/bb", "a", "a/\u{e9}", "/b/"];
        let mut checked = 0;
        for path in strings_of(&PIECES, 6) {
            for directory in DIRECTORIES {
                let mut whole = String::from("http:");
                remove_dot_segments(&alloc::format!("{directory}/{path}"), &mut whole);
                let mut parts = String::from("http:");
                let start = parts.len();
                parts.push_str(directory);
                parts.push('/');
                remove_dots_after_slash(&path, start, &mut parts);
                assert_eq!(parts, whole, "{directory:?} + / + {path:?}");
                checked += 1;
            }
        }
        assert_eq!(
            checked,
            6 * (0..=6).map(|len| 5usize.pow(len)).sum::<usize>()
        );
    }

    #[test]
    fn dot_segments_never_touch_what_precedes_the_output() {
        assert_eq!(rds("/../../a"), "/a");
        assert_eq!(rds("a/../.."), "/");
        assert_eq!(rds(".."), "");
        assert_eq!(rds("/."), "/");
        assert_eq!(rds("/.."), "/");
        assert_eq!(rds("b/../c"), "/c");
        assert_eq!(rds("./a:b"), "a:b");
        assert_eq!(rds("/a/./"), "/a/");
        assert_eq!(rds("/a/.b/..c/"), "/a/.b/..c/");
    }
}
