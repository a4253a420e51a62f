//! Where the components of a valid IRI reference start and end.
//!
//! # The idea
//!
//! Parsing is two jobs: deciding *whether* a string is an IRI reference,
//! and finding *where* its scheme, authority, path, query and fragment are.
//! The generated DFA (`rules::IRI_REFERENCE`) does the first in one pass.
//! This module does the second with the delimiter split of RFC 3986
//! Appendix B, the regular expression
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//! ```
//!
//! read as a handful of forward scans for ASCII delimiters, plus the same
//! idea inside the authority. On `http://user@[::1]:8080/a?q#f`:
//!
//! ```text
//! http : // user @ [::1] : 8080 /a ? q # f
//! ^^^^ first of `:/?#` is `:`: scheme       (scan 1)
//!           ^^^^^^^^^^^^^^^^^^^ after `//`, up to the next `/?#` (scan 2)
//!           ^^^^ up to the `@`: userinfo    (scan 3, inside the authority)
//!                ^^^^^ `[` ... first `]`: host; then `:` ... : port (scan 4)
//!                                 ^^ up to the first `?#`: path (scan 5)
//!                                      ^ up to the first `#`: query (scan 6)
//! ```
//!
//! This is the issue's second option, "a split that the DFA's verdict makes
//! trivially correct", and honestly so: the split reads the bytes a second
//! time, but only to compare them with delimiters (no classes, no states,
//! no validation), eight bytes at a time. Each byte is read by one scan,
//! except the authority's, read by up to three (its end, its `@`, its
//! host's end). The first option, marking
//! the DFA states where components start, would need the generator to keep
//! component boundaries through minimization, where states of different
//! components merge; the split needs nothing from the generator and its
//! correctness is the short argument below.
//!
//! # Why the split is the grammar's parse
//!
//! The split is run only on a string `s` that the DFA has accepted as an
//! `IRI-reference` (RFC 3987 section 2.2; `IRI`, `absolute-IRI` and
//! `irelative-ref` are subsets of it). The grammar assigns such a string
//! exactly one set of components, and each scan finds a boundary of it:
//!
//! 1. **Scheme.** `s` is `IRI` or `irelative-ref`. If `IRI`, it starts with
//!    `scheme ":"`, and `scheme` (letters, digits, `+-.`) contains none of
//!    `:/?#`, so the first of them is the `:` that ends the scheme. If
//!    `irelative-ref`, the `irelative-part` starts with `//`, with `/`
//!    (`ipath-absolute`), with `isegment-nz-nc` (no `:`, then `/`, `?`,
//!    `#` or the end: `ipath-noscheme`), or is empty and followed by `?`,
//!    `#` or the end: in every case a `/`, `?` or `#` (or the end) comes
//!    before any `:`. So the first of `:/?#` is a `:` exactly when `s` has
//!    a scheme, and then it ends the scheme. (The two alternatives cannot
//!    both match, so the grammar is not ambiguous here.)
//! 2. **Authority.** After the scheme's `:` (or from the start), an
//!    authority is present exactly when `//` follows: `"//" iauthority`
//!    starts so, and the other path forms cannot (`ipath-absolute` is `/`
//!    then a non-empty segment or nothing; `ipath-rootless`,
//!    `ipath-noscheme` and `ipath-empty` do not start with `/`). No
//!    character of `iauthority` is `/`, `?` or `#` (`iuserinfo`, `ihost`
//!    and `port` exclude them), and `ipath-abempty` is empty or starts with
//!    `/`, so the first `/?#` after `//`, or the end, ends the authority.
//! 3. **Userinfo.** `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`,
//!    and none of `iuserinfo`, `ihost`, `port` contains `@`: there is at
//!    most one `@`, and it ends the userinfo.
//! 4. **Host and port.** After the `@` (or the `//`), `ihost` is an
//!    `IP-literal` (starts with `[`, whose content, `IPv6address` or
//!    `IPvFuture`, contains no `]`, so the first `]` ends it), or an
//!    `IPv4address` or `ireg-name`, neither of which starts with `[` nor
//!    contains `:`, so the first `:` (if any) ends it. What follows the
//!    host is empty or `":" port`.
//! 5. **Path.** `ipath-*` contains `ipchar` and `/` only, never `?` or
//!    `#`: the first `?` or `#` after the authority (or after the scheme,
//!    or from the start) ends the path.
//! 6. **Query and fragment.** `iquery` contains no `#` (it allows `?` and
//!    `/`), and `ifragment` is the rest. Since neither a scheme nor an
//!    authority contains `?` or `#` either, the first `?` or `#` of the
//!    whole reference ends its path and its first `#` ends its query (or
//!    its path, when it has no query), wherever the search starts.
//!
//! Every delimiter is ASCII, and in UTF-8 no byte of a multi-byte
//! character is below `0x80`, so a byte scan never stops inside a
//! character: every boundary is a `char` boundary and the substrings are
//! `&str` slices without any check beyond the one `str` indexing does.
//!
//! # How the scans run
//!
//! One reference at a time ([`split`], [`split_knowing`]), most of the
//! scans are not searches at all. The delimiters that end a scheme, an
//! authority, a userinfo and a host (`:/@`, and the first `?#`) of most
//! references lie in their first [`Head::SPAN`] (32) bytes, so two SSE2
//! windows give masks of `:/?#@` there (`scan::Head`), and each scan of
//! steps 1 to 4 is the lowest set bit of a mask from a position, each
//! choice a select: no branch follows the reference's shape, so none
//! mispredicts when shapes alternate. Past the head only the path's and
//! the query's ends remain, and the walk that validated the reference
//! often knows there is nothing to find: the generator derives, for
//! every DFA state, whether any path to it reads a `#`, or a `?` or a
//! `#` (`abnf_dfa::dfa::seen`), and the walk hands over the facts of the
//! state it ended in (`scan::Dfa::accept_str`). A walk that ends in
//! `IRI-reference`'s path state has read neither, so the path runs to the
//! end; one that ends in its query state has read no `#`, so the query
//! does. Only what the head does not hold and the facts do not rule out
//! is searched for, forward from the head's end (`scan::first_of`, 16
//! bytes per step). A scheme or first segment that fills the head, or an
//! authority that runs past it (a long host name, an IPv6 literal), is
//! split by the plain searches (`split_searching`). The same steps on
//! the masks of the first 61 bytes for those would save under 1 % of a
//! parse's instructions on every corpus of the benches (`mixed`: 3.8 of
//! 656 a reference, and 0.66 of 4.9 mispredicted branches; `valgrind
//! --tool=cachegrind --branch-sim=yes` of `cputime --quick
//! --only=rfc3987-parse CORPUS`) and no time measurably (`cargo bench
//! --bench cputime -- --only=rfc3987-parse`), short of the 5 % that a
//! second path must pay.
//!
//! Tests compare the split with the searches on every reference they
//! take, with the facts and without.
//!
//! # Cost
//!
//! [`split`] allocates nothing and stores seven offsets ([`Positions`]);
//! every accessor of the IRI types is then one or two comparisons and a
//! slice. The split still reads the head a second time, and what it must
//! search for past it: measured with `valgrind --tool=cachegrind
//! --branch-sim=yes` on the benches' corpora, a parse costs about 250
//! instructions and 1.3-2.5 mispredicted branches more than validating
//! the same crawl-shaped URL or short relative reference, against about
//! 310 instructions and 2.6-4.4 mispredictions with one search per
//! boundary (`cargo bench --bench cputime` has the times). A reference
//! under 16 bytes pays no length tests for its window: the walk gathers
//! it ([`accept_head`]; on the benches' `relative-tiny`, 8 bytes a
//! reference, 0.92 fewer mispredicted branches and 23 more instructions
//! per parse, `IriRef::parse` 0.54 of oxiri's time against 0.64 without;
//! `cargo bench --bench cputime relative-tiny`).
//! On inputs that the DFA rejected, [`split`] does not panic but its
//! offsets mean nothing; the error path (`crate::parse_error`) reads
//! prefixes with its own scans instead.

use crate::grammar::codes::{NO_HASH, NO_QUESTION_OR_HASH};
use crate::grammar::{rules, Rule};
use crate::scan::{Head, Reject, SHORT_WALK};

/// Byte offsets of the components of a string that matches
/// `IRI-reference`, as [`split`] finds them.
///
/// # Invariants
///
/// For the text `t` they were computed from (and `h` the start of the
/// hierarchical part: `scheme_end + 1` when there is a scheme, else `0`):
///
/// - `scheme_end == 0` means no scheme (a scheme is never empty);
///   otherwise `t[..scheme_end]` is the scheme and `t[scheme_end]` is `:`.
/// - The authority is present exactly when `path_start > h`; it is then
///   `t[h + 2..path_start]` (after the `//`). Without it, `host_start ==
///   host_end == path_start == h`.
/// - The userinfo is present exactly when `host_start > h + 2`; it is
///   `t[h + 2..host_start - 1]` (before the `@`).
/// - The host is `t[host_start..host_end]` (brackets included); a port is
///   present exactly when `host_end < path_start`, and is
///   `t[host_end + 1..path_start]` (after the `:`).
/// - The path is `t[path_start..path_end]`.
/// - The query is present exactly when `query_end > path_end`, and is
///   `t[path_end + 1..query_end]` (after the `?`).
/// - The fragment is present exactly when `query_end < t.len()`, and is
///   `t[query_end + 1..]` (after the `#`).
/// - `scheme_end <= host_start <= host_end <= path_start <= path_end <=
///   query_end <= t.len()`, all on `char` boundaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Positions {
    pub scheme_end: usize,
    pub host_start: usize,
    pub host_end: usize,
    pub path_start: usize,
    pub path_end: usize,
    pub query_end: usize,
    pub len: usize,
}

/// The first offset from `from` on whose byte is one of `set`, or
/// `bytes.len()` (16 bytes per test with SSE2; see `scan::first_of`).
#[inline(always)]
fn scan<const N: usize>(bytes: &[u8], from: usize, set: [u8; N]) -> usize {
    crate::scan::first_of(bytes, from, set)
}

/// Finds the component boundaries of `text`, which must match
/// `IRI-reference` for them to mean anything (see the module docs for why
/// they are then the grammar's).
#[inline]
pub(crate) fn split(text: &str) -> Positions {
    split_knowing(text, 0)
}

/// [`split`], knowing from the walk that accepted `text` what it does not
/// contain (`facts`: the `NO_*` bits of `grammar::codes`, see
/// `abnf_dfa::dfa::seen`; `0` knows nothing): no `#` means no fragment,
/// no `?` or `#` no query either, and the searches for them are skipped.
///
/// [`split_searching`]'s steps on the delimiter masks of the text's first
/// [`Head::SPAN`] bytes (see the module docs): each search there is the
/// first set bit of a mask from a position and each choice a select, so
/// that the only branches that depend on the text are the searches past
/// the head for a `?` or `#` that `facts` do not rule out, and the rare
/// shapes that the head does not settle (a scheme, first segment or
/// authority longer than it), which [`split_searching`] splits.
#[inline]
pub(crate) fn split_knowing(text: &str, facts: u8) -> Positions {
    let b = text.as_bytes();
    match split_in_head(b, &Head::of(b), facts) {
        Some(positions) => positions,
        None => split_searching(text),
    }
}

/// What [`accept_head`] found of an accepted text.
pub(crate) enum Accepted {
    /// Its split, settled in its head.
    Split(Positions),
    /// Not settled in its head: [`split_searching`]'s to find.
    Unsettled,
}

impl Accepted {
    /// The split of `text`, whose acceptance this is.
    #[inline(always)]
    pub(crate) fn split(self, text: &str) -> Positions {
        match self {
            Accepted::Split(positions) => positions,
            Accepted::Unsettled => split_searching(text),
        }
    }
}

/// Whether `text` matches `rule` (a reference rule: `IRI-reference` or
/// one of its alternatives), and if so its components: one walk, then the
/// split knowing what the walk's last state rules out, up to the rare
/// split that its head does not settle, which it leaves to the caller
/// ([`Accepted::Unsettled`]; a text under `SHORT_WALK` bytes is gathered into
/// the head's window by the walk itself, and always settled).
/// Called out of line and returning its positions through memory, that
/// split made the common path store its own there too, to copy them out
/// again; a caller that builds its result in each arm keeps the common
/// path in registers (measured, `cargo bench --bench cputime
/// --only=rfc3987-parse` under cachegrind: 26 to 27 fewer instructions
/// a reference on every corpus).
#[inline(always)]
pub(crate) fn accept_head(rule: &Rule, text: &str) -> Result<Accepted, Reject> {
    let settled = |head: &Head, facts: u8| match split_in_head(text.as_bytes(), head, facts) {
        Some(positions) => Accepted::Split(positions),
        None => Accepted::Unsettled,
    };
    if text.len() < SHORT_WALK {
        let (facts, window) = rule.accept_short_str(text)?;
        Ok(settled(&Head::of_padded(window, text.len()), facts))
    } else {
        let facts = rule.accept_str(text)?;
        Ok(settled(&Head::of(text.as_bytes()), facts))
    }
}

/// The split of `b` on the masks of its head `h`, or `None` where they do
/// not settle it. Every `u64` shift is by at most `h.span + 2 <= 63`.
#[inline(always)]
fn split_in_head(b: &[u8], h: &Head, facts: u8) -> Option<Positions> {
    let len = b.len();
    let span = h.span;
    // Whether the masks reach the end of the text: then a search that
    // finds nothing in them has found the end.
    let whole = span == len;
    // Where a search of the masks that ends at `span` has found nothing in
    // them and must go on past them: at `span` unless they reach the
    // text's end, never if they do. A select, so that each such test is
    // one compare: as `!whole && x == span` the compiler tests `whole`
    // first, on its own, and references on both sides of the masks' 32
    // bytes alternate in many inputs (cachegrind's model counted 0.28
    // mispredictions of that test per `IriRef::parse` on the benches'
    // `relative-short`: `valgrind --tool=cachegrind --branch-sim=yes` of
    // `cputime --quick --only=rfc3987-parse relative-short`).
    let limit = core::hint::select_unpredictable(whole, usize::MAX, span);
    let edge = 1u64 << span;
    // The first set bit of `mask` at `at` or later, or `span`.
    let first = |mask: u64, at: usize| ((mask >> at << at) | edge).trailing_zeros() as usize;

    // 1. The first of `:/?#`: a `:` ends a scheme. Where the masks may
    // not tell (no delimiter in them, or a `//` that would straddle their
    // end), search instead.
    let head = first(h.colon | h.slash | h.question | h.hash, 0);
    if head + 3 > limit {
        return None;
    }
    // A `:` there ends a scheme, unless it is the first byte (a scheme is
    // never empty). Only bytes below `span` (at most `len`) have bits, so
    // a `:` at `head` also says that `head < len`: one bit test.
    let has_scheme = (h.colon & !1) >> head & 1 == 1;
    let scheme_end = if has_scheme { head } else { 0 };
    let hier = if has_scheme { head + 1 } else { 0 };

    // 2-4. `//` starts an authority, which runs to the next `/?#`: its
    // `@`, then an IP literal up to its `]` or a host up to a `:`.
    let has_authority = (h.slash >> hier) & 3 == 3;
    let start = hier + 2 * usize::from(has_authority);
    // A select: references with and without an authority alternate in
    // many inputs (measured: a branch here mispredicted 0.4 times per
    // reference of the benches' `mixed`).
    let end = core::hint::select_unpredictable(
        has_authority,
        first(h.slash | h.question | h.hash, start),
        hier,
    );
    if end == limit {
        return None;
    }
    let until = |mask: u64, at: usize| first(mask, at).min(end);
    // An `@` before `end` ends a userinfo (not clamped to `end` first:
    // the test says whether it is before it).
    let at = first(h.at, start);
    let host_start = if at < end { at + 1 } else { start };
    // Only a host starts with `[` (no path, query or fragment has one),
    // so the byte at `host_start` tells without a test of whether there is
    // an authority: a test that follows the select above mispredicts as
    // often. IP literals are what is rare.
    let probe = if len > 0 {
        b[host_start.min(len - 1)]
    } else {
        0
    };
    let host_end = if probe == b'[' {
        literal_end(b, host_start, end)
    } else {
        until(h.colon, host_start)
    };

    // 5-6. No `?` or `#` comes before the path's end (neither a scheme
    // nor an authority has them), so the path ends at the first of them,
    // and the query at the first `#` (which is also where a path without
    // a query ends, and the text's end when there is none). What the walk
    // ruled out is not looked for; past the head, what the masks do not
    // hold is searched for.
    let (either, hash) = (first(h.question | h.hash, 0), first(h.hash, 0));
    let path_end = if facts & NO_QUESTION_OR_HASH != 0 {
        len
    } else {
        either
    };
    let path_end = if path_end == limit {
        scan(b, span, *b"?#")
    } else {
        path_end
    };
    let query_end = if facts & NO_HASH != 0 { len } else { hash };
    let query_end = if query_end == limit {
        scan(b, span.max(path_end), *b"#")
    } else {
        query_end
    };

    Some(Positions {
        scheme_end,
        host_start,
        host_end,
        path_start: end,
        path_end,
        query_end,
        len,
    })
}

/// The end of the IP literal at `b[start]` (its `[`) in an authority
/// ending at `end`: after the first `]` (out of line: IP literals are
/// rare, and the split's common path stays short).
#[cold]
#[inline(never)]
fn literal_end(b: &[u8], start: usize, end: usize) -> usize {
    (crate::scan::first_of_before(b, start, end, *b"]") + 1).min(end)
}

/// [`split`] by forward searches for the delimiters, for the texts whose
/// head does not settle it.
fn split_searching(text: &str) -> Positions {
    let b = text.as_bytes();
    let len = b.len();

    // 1. The first of `:/?#`: a `:` ends a scheme.
    let first = scan(b, 0, *b":/?#");
    let (scheme_end, hier) = if first > 0 && first < len && b[first] == b':' {
        (first, first + 1)
    } else {
        (0, 0)
    };

    // 2-4. `//` starts an authority, which runs to the next `/?#`.
    let (host_start, host_end, path_start) = if b[hier..].starts_with(b"//") {
        let start = hier + 2;
        let end = scan(b, start, *b"/?#");
        let (host_start, host_end) = host_bounds(b, start, end);
        (host_start, host_end, end)
    } else {
        (hier, hier, hier)
    };

    // 5-6. The path runs to the first `?#`, a query to the first `#`.
    let path_end = if path_start == 0 {
        // No scheme, no authority: scan 1 has read up to `first` and found
        // no `?#` before it.
        if first < len && b[first] != b':' && b[first] != b'/' {
            first
        } else {
            scan(b, first, *b"?#")
        }
    } else {
        scan(b, path_start, *b"?#")
    };
    let query_end = if path_end < len && b[path_end] == b'?' {
        scan(b, path_end + 1, *b"#")
    } else {
        path_end
    };

    Positions {
        scheme_end,
        host_start,
        host_end,
        path_start,
        path_end,
        query_end,
        len,
    }
}

/// Where the host starts and ends in the authority `b[start..end]` (steps
/// 3 and 4 of the module docs): after the only `@`, if any; up to the
/// first `]` of an IP literal, else up to the first `:`. (The bytes from
/// `end` on are the rest of the reference: the search may read them, in
/// whole windows, but never counts them.)
#[inline]
pub(crate) fn host_bounds(b: &[u8], start: usize, end: usize) -> (usize, usize) {
    let at = crate::scan::first_of_before(b, start, end, *b"@");
    let host_start = if at < end { at + 1 } else { start };
    let host_end = if host_start < end && b[host_start] == b'[' {
        (crate::scan::first_of_before(b, host_start, end, *b"]") + 1).min(end)
    } else {
        crate::scan::first_of_before(b, host_start, end, *b":")
    };
    (host_start, host_end)
}

impl Positions {
    /// Where the hierarchical part starts: after the scheme's `:`, or 0.
    #[inline]
    fn hier_start(&self) -> usize {
        if self.scheme_end == 0 {
            0
        } else {
            self.scheme_end + 1
        }
    }

    #[inline]
    pub fn has_authority(&self) -> bool {
        self.path_start > self.hier_start()
    }

    #[inline]
    pub fn scheme<'a>(&self, t: &'a str) -> Option<&'a str> {
        (self.scheme_end > 0).then(|| &t[..self.scheme_end])
    }

    #[inline]
    pub fn authority<'a>(&self, t: &'a str) -> Option<&'a str> {
        self.authority_start()
            .map(|start| &t[start..self.path_start])
    }

    /// Where the authority starts (after the `//`), when there is one.
    #[inline]
    pub fn authority_start(&self) -> Option<usize> {
        let h = self.hier_start();
        (self.path_start > h).then_some(h + 2)
    }

    #[inline]
    pub fn userinfo<'a>(&self, t: &'a str) -> Option<&'a str> {
        let start = self.hier_start() + 2;
        (self.host_start > start).then(|| &t[start..self.host_start - 1])
    }

    #[inline]
    pub fn host<'a>(&self, t: &'a str) -> Option<&'a str> {
        self.has_authority()
            .then(|| &t[self.host_start..self.host_end])
    }

    #[inline]
    pub fn port<'a>(&self, t: &'a str) -> Option<&'a str> {
        (self.host_end < self.path_start).then(|| &t[self.host_end + 1..self.path_start])
    }

    #[inline]
    pub fn path<'a>(&self, t: &'a str) -> &'a str {
        &t[self.path_start..self.path_end]
    }

    #[inline]
    pub fn query<'a>(&self, t: &'a str) -> Option<&'a str> {
        (self.query_end > self.path_end).then(|| &t[self.path_end + 1..self.query_end])
    }

    #[inline]
    pub fn fragment<'a>(&self, t: &'a str) -> Option<&'a str> {
        (self.query_end < self.len).then(|| &t[self.query_end + 1..])
    }

    /// The positions of the same text cut before its `#`: the text
    /// `t[..self.query_end]`.
    #[inline]
    pub fn without_fragment(&self) -> Positions {
        Positions {
            len: self.query_end,
            ..*self
        }
    }
}

/// Whether `text`, a valid `ihost`, is an `IPv4address`.
///
/// The `host` rule is ambiguous: `192.0.2.16` matches both `IPv4address`
/// and `ireg-name`. RFC 3986 section 3.2.2 resolves it as "first-match-
/// wins": a host that matches `IPv4address` is an IPv4 address literal.
/// The answer comes from the grammar's own `IPv4address` DFA, which reads
/// at most 16 bytes before it stops: by the plain walk, which the
/// accelerated one takes for inputs that short anyway, and which does not
/// link the accelerated walk over bytes into a program that parses only
/// text (see `error::allows_scheme`).
pub(crate) fn is_ipv4(text: &str) -> bool {
    rules::IPV4ADDRESS.recognize_plain(text.as_bytes()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn head_split_is_the_searching_one() {
        let mut next = crate::test_rng::xorshift(0x5EED_0FA1_15EE_D00Du64);
        const PIECES: [&str; 20] = [
            "a", "b1", ":", "/", "//", "?", "#", "@", "[::1]", "[v7.x]", ":80", "%41", "é", "-",
            ".", "u:p@", "http://", "s:", "../", "日本",
        ];
        // Every other reference starts with an authority that often runs
        // past the head's masks: a userinfo or none, a long reg-name (or
        // an IP literal after a long userinfo), a port or none, so that
        // its `@`, `:` and `[` lie in the masks or past them.
        const NAME: [&str; 7] = ["a", "example", ".", "-", "%41", "é", "b1"];
        const REFERENCE_RULES: [&Rule; 4] = [
            &rules::IRI_REFERENCE,
            &rules::IRI,
            &rules::ABSOLUTE_IRI,
            &rules::IRELATIVE_REF,
        ];
        // Authorities that end just past the head's masks, where a split
        // on masks would need more than the head.
        const JUST_PAST: usize = 59;
        let (mut compared, mut known, mut past_head, mut wide_head) = (0, 0, 0, 0);
        let mut short = 0;
        for round in 0..150_000 {
            let mut text = alloc::string::String::new();
            let target = next() as usize % 160;
            if round % 2 == 1 {
                text.push_str(["//", "s://", "http://"][next() as usize % 3]);
                let (userinfo, host) = (next() as usize % 40, next() as usize % 50);
                let mut name = |text: &mut alloc::string::String, len: usize| {
                    let until = text.len() + len;
                    while text.len() < until {
                        text.push_str(NAME[next() as usize % NAME.len()]);
                    }
                };
                if userinfo % 4 != 0 {
                    name(&mut text, userinfo);
                    text.push_str([":p@", "@", ":@"][userinfo % 3]);
                }
                if host % 5 == 0 {
                    text.push_str("[::1]");
                } else {
                    name(&mut text, host);
                }
                if host % 2 == 0 {
                    text.push_str(":8080");
                }
            }
            while text.len() < target {
                text.push_str(PIECES[next() as usize % PIECES.len()]);
            }
            // The one walk and split the parsers call, on every reference
            // rule, valid or not: under 16 bytes the walk gathers the
            // head's window itself.
            for rule in REFERENCE_RULES {
                let verdict = accept_head(rule, &text).map(|accepted| accepted.split(&text));
                match rule.reject_str(&text) {
                    Ok(()) => assert_eq!(verdict, Ok(split_searching(&text)), "{text}"),
                    Err(reject) => assert_eq!(verdict, Err(reject), "{text}"),
                }
                if text.len() < SHORT_WALK {
                    short += 1;
                    let window = u128::from_le_bytes(crate::scan::padded_window(text.as_bytes()));
                    let gathered = rule.accept_short_str(&text).map(|(_, window)| window);
                    assert!(gathered.is_err() || gathered == Ok(window), "{text}");
                }
            }
            let Ok(facts) = rules::IRI_REFERENCE.accept_str(&text) else {
                continue;
            };
            if facts & NO_HASH != 0 {
                assert!(!text.contains('#'), "{text}");
            }
            if facts & NO_QUESTION_OR_HASH != 0 {
                assert!(!text.contains(['?', '#']), "{text}");
            }
            known += usize::from(facts != 0);
            let want = split_searching(&text);
            past_head += usize::from(want.path_start > Head::SPAN && want.host_start > 0);
            wide_head += usize::from(want.path_start > Head::SPAN && want.path_start < JUST_PAST);
            assert_eq!(split_knowing(&text, 0), want, "{text}");
            assert_eq!(split_knowing(&text, facts), want, "{text} {facts}");
            compared += 1;
            // The other reference rules' facts are their own DFAs'.
            for rule in [&rules::IRI, &rules::ABSOLUTE_IRI, &rules::IRELATIVE_REF] {
                if let Ok(facts) = rule.accept_str(&text) {
                    assert!(facts & NO_HASH == 0 || !text.contains('#'), "{text}");
                    assert!(
                        facts & NO_QUESTION_OR_HASH == 0 || !text.contains(['?', '#']),
                        "{text}"
                    );
                    assert_eq!(split_knowing(&text, facts), want, "{} {text}", rule.name());
                }
            }
        }
        assert!(
            compared > 10_000
                && known > 5_000
                && past_head > 1_000
                && wide_head > 500
                && short > 10_000,
            "{compared} {known} {past_head} {wide_head} {short}"
        );
    }

    fn parts(t: &str) -> [Option<&str>; 8] {
        let p = split(t);
        [
            p.scheme(t),
            p.authority(t),
            p.userinfo(t),
            p.host(t),
            p.port(t),
            Some(p.path(t)),
            p.query(t),
            p.fragment(t),
        ]
    }

    #[test]
    fn every_component() {
        assert_eq!(
            parts("http://u:p@[::1]:80/a/b?q?/#f"),
            [
                Some("http"),
                Some("u:p@[::1]:80"),
                Some("u:p"),
                Some("[::1]"),
                Some("80"),
                Some("/a/b"),
                Some("q?/"),
                Some("f"),
            ]
        );
    }

    #[test]
    fn empty_but_present_versus_absent() {
        assert_eq!(
            parts("s://@:?#"),
            [
                Some("s"),
                Some("@:"),
                Some(""),
                Some(""),
                Some(""),
                Some(""),
                Some(""),
                Some("")
            ]
        );
        assert_eq!(
            parts(""),
            [None, None, None, None, None, Some(""), None, None]
        );
        assert_eq!(
            parts("//"),
            [None, Some(""), None, Some(""), None, Some(""), None, None]
        );
    }

    #[test]
    fn a_colon_after_a_slash_is_not_a_scheme() {
        assert_eq!(parts("a/b:c")[0], None);
        assert_eq!(parts("./b:c")[5], Some("./b:c"));
        assert_eq!(parts("?a:b")[6], Some("a:b"));
    }

    #[test]
    fn fragment_removal_keeps_the_rest() {
        let t = "a:b?c#d";
        let p = split(t).without_fragment();
        assert_eq!(p, split(&t[..5]));
    }

    #[test]
    fn word_scan_finds_the_first_delimiter() {
        // Every position in and around a word, with bytes that borrow
        // (0x00, 0x01) and non-ASCII bytes before the delimiter.
        for len in 0..24 {
            for at in 0..=len {
                for filler in [b'a', 0x00, 0x01, 0x80, 0xFF] {
                    let mut bytes = vec![filler; len];
                    if at < len {
                        bytes[at] = b'?';
                        if at + 1 < len {
                            bytes[at + 1] = b'#';
                        }
                    }
                    for from in 0..=len {
                        let want = (from..len)
                            .find(|&i| matches!(bytes[i], b'?' | b'#'))
                            .unwrap_or(len);
                        assert_eq!(scan(&bytes, from, *b"?#"), want, "{bytes:?} from {from}");
                    }
                }
            }
        }
        assert_eq!(scan(b"ab", 5, *b"a"), 2);
    }

    /// A `:` as the first byte ends no scheme (a scheme is never empty):
    /// no reference rule accepts such a text, but the split still gives
    /// what the searches give, its positions in order.
    #[test]
    fn a_leading_colon_ends_no_scheme() {
        for t in [
            ":",
            ":a",
            "::",
            ":/a",
            "://x/y",
            ":?q#f",
            ":@x",
            ":aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ] {
            assert_eq!(split(t), split_searching(t), "{t}");
            assert_eq!(split(t).path_start, 0, "{t}");
        }
    }

    #[test]
    fn split_never_panics_on_invalid_text() {
        for t in ["[", "//[", "//[::1", "//a@b@c", ":", "//é:é", "a:/é?é#é"] {
            let _ = split(t);
        }
    }
}
