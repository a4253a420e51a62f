//! Reference resolution (RFC 3987 section 6.5, RFC 3986 section 5.2), dot
//! segments, and the inverse of resolution.
//!
//! # The idea
//!
//! A relative reference such as `../g?y` means nothing alone: it names a
//! target relative to a *base* IRI, the way a path in a shell names a file
//! relative to the working directory. Resolution turns (base, reference)
//! into the target IRI. RFC 3987 section 6.5 takes RFC 3986 section 5.2
//! unchanged, reading `ucschar` wherever RFC 3986 reads `unreserved`: the
//! algorithm only ever looks at the delimiters `:`, `/`, `?`, `#` and at
//! the complete segments `.` and `..`, all ASCII, so non-ASCII text passes
//! through exactly as it was written.
//!
//! ```
//! use rfc3987::resolve::{relativize, resolve};
//!
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(resolve(base, "../g").unwrap(), "http://a/b/g");
//! assert_eq!(resolve(base, "./ροή/é?x").unwrap(), "http://a/b/c/ροή/é?x");
//! // The inverse: the shortest reference that resolves back.
//! assert_eq!(relativize(base, "http://a/b/g").unwrap(), "../g");
//! ```
//!
//! On parsed values ([`Iri::resolve`], [`Iri::resolve_non_strict`],
//! [`Iri::relativize`]) nothing is left to validate, so nothing can fail,
//! and the result comes with its components:
//!
//! ```
//! use rfc3987::{Iri, IriRef};
//!
//! let base = Iri::parse("http://a/b/c/d;p?q")?;
//! let target = base.resolve(&IriRef::parse("g;x?y#s")?);
//! assert_eq!((target.path(), target.query()), ("/b/c/g;x", Some("y")));
//! # Ok::<(), rfc3987::ParseError>(())
//! ```
//!
//! Many references against one base (a document's links, an RDF file's
//! relative IRIs) go through a [`Base`], which finds once what every
//! merge reads of the base: its directory, and whether it has dot
//! segments.
//!
//! # The algorithm, and where it departs from the pseudo-code
//!
//! [`resolve`] is section 5.2.2's pseudo-code with its *strict* parser: a
//! reference with a scheme is absolute, even when its scheme is the base's
//! (`http:g` against `http://a/b/c/d;p?q` is `http:g`). Section 5.2.2
//! allows a non-strict parser to drop a reference's scheme equal to the
//! base's, for backward compatibility with RFC 1630; that reading is
//! [`resolve_non_strict`] (`http:g` becomes `http://a/b/c/g`). Schemes are
//! compared ASCII case-insensitively there, since schemes are (RFC 3986
//! section 3.1).
//!
//! The base must be an `IRI` (scheme required, section 5.2.1); its fragment,
//! if any, is ignored, as section 5.1 strips it before use. The reference is
//! any `IRI-reference`. Both are checked against the generated recognizers
//! first; a malformed one is an error, never a guess.
//!
//! One case of the pseudo-code yields a string that no longer parses as the
//! components it was built from: a target with no authority whose path
//! starts with `//` (`a:/..//g` resolves its path to `//g`, and `a://g`
//! would read `g` as an authority). The RFC is silent; this crate does
//! what the WHATWG URL Standard's serializer does in the same spot and
//! writes the path as `/.//g`, which is the same path after dot-segment
//! removal, so **the result always parses back into the components it was
//! made of**. (oxiri rejects such a resolution with an error; iri-string
//! reports it as not representable.) This is the only departure from the
//! pseudo-code, and the test suite checks every other output against it.
//!
//! [`remove_dot_segments`] is section 5.2.4 literally, with the two
//! "buffers" as a shrinking slice of the input and a growing output string.
//! Each step either drops a prefix of the input (a pointer move, not a
//! copy), moves one segment to the output, or cuts the last segment off the
//! output; every byte is moved and cut at most once, so the cost is linear
//! in the path's length, whatever mix of `.` and `..` it holds (the
//! textbook transcription that rebuilds the input buffer on each step is
//! quadratic). The moves of consecutive segments are made as one copy, up
//! to the next segment that starts with a dot (found 16 bytes at a time),
//! and a `..` after them cuts that copy short instead of the output: a
//! path's ordinary segments cost a search, not a step each.
//!
//! # Relativize
//!
//! [`relativize`]`(base, target)` goes the other way: the shortest
//! reference `r` with `resolve(base, r) == target` (one exists whenever
//! `target` is free of dot segments; otherwise the answer is `target`
//! itself, the best there is). It tries, from shortest to longest, the empty
//! reference, a fragment alone, a query, a relative path (climbing with
//! `..` past the longest common directory), an absolute path, a network
//! path (`//authority...`), and finally the target itself, and **keeps the
//! shortest candidate that resolution maps back to the target**: each
//! candidate is checked by running [`resolve`], so an exotic base (a
//! rootless path such as `a:b/c`, where `..` does not climb the way it
//! does under `/`) can cost a longer answer but never a wrong one.
//!
//! # Cost
//!
//! Resolution is linear in the lengths of base and reference, with one
//! output allocation plus, rarely, one scratch string when paths are
//! merged; an IRI reference without dot segments is copied as it is (it
//! is its own target). The usual case, a reference with neither scheme
//! nor authority whose path is at most 63 bytes, against a base with an
//! authority whose directory has no dot segment, is resolved on positions
//! rather than components: the base's text up to its directory (or up to
//! its path, for an absolute path) in one copy, then the reference's text
//! with its path's dot segments removed, found in bit masks of its `/`
//! and `.` (each `.` or `..` segment ends a copy, and a `..` after
//! copied segments cuts the copy short rather than the output), the
//! query and fragment going with the last copy.
//!
//! The string functions validate both inputs with the generated
//! recognizers first and split them with the crate's one component split
//! ([`crate::Components`]); the methods on parsed values skip that, and a
//! [`Base`] also skips finding the base's directory (its last `/`, and a
//! dot-segment test) for each reference.
//! Relativize is linear too (a bounded number of candidate resolutions).
//!
//! # Limits
//!
//! Resolution is syntactic: it neither normalizes (see
//! [`crate::normalize`]) nor knows schemes. A relative reference whose
//! first path segment contains a colon is not a relative reference at all
//! (`g:h` has the scheme `g`); write `./g:h`.

use alloc::string::String;
use core::fmt;

use crate::components::{accept_split, split, Positions};
use crate::grammar::rules;
use crate::scan;
use crate::{CheckError, Components, Iri, IriRef};

/// Why a resolution could not run: the base or the reference is not what
/// the grammar requires. The [`CheckError`] gives the byte offset within
/// that string and the rule that rejected it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is not an `IRI` (it needs a scheme; section 5.2.1).
    Base(CheckError),
    /// The reference is not an `IRI-reference` (or, for [`relativize`],
    /// the target is not an `IRI`).
    Reference(CheckError),
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Base(e) => write!(f, "base: {e}"),
            ResolveError::Reference(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for ResolveError {}

impl ResolveError {
    /// Byte offset of the error within the string it is about (the base for
    /// [`ResolveError::Base`], the reference otherwise).
    pub fn offset(&self) -> usize {
        match self {
            ResolveError::Base(e) | ResolveError::Reference(e) => e.offset(),
        }
    }
}

/// Resolves `reference` against `base` (RFC 3986 section 5.2.2, strict
/// parser), returning the target IRI.
///
/// `base` must match `IRI` (its fragment, if any, is ignored) and
/// `reference` must match `IRI-reference`. The result always matches `IRI`.
///
/// ```
/// use rfc3987::resolve::resolve;
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, "g;x?y#s").unwrap(), "http://a/b/c/g;x?y#s");
/// assert_eq!(resolve(base, "../../../g").unwrap(), "http://a/g");
/// assert_eq!(resolve(base, "http:g").unwrap(), "http:g");
/// assert!(resolve("b/c", "d").is_err()); // no scheme: not a base
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, ResolveError> {
    resolve_with(base, reference, true)
}

/// Like [`resolve`], with section 5.2.2's non-strict parser: a reference
/// whose scheme equals the base's (ASCII case-insensitively) is read as if
/// it had none. For backward compatibility only; the RFC says its use
/// "should be avoided".
///
/// ```
/// use rfc3987::resolve::resolve_non_strict;
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve_non_strict(base, "http:g").unwrap(), "http://a/b/c/g");
/// assert_eq!(resolve_non_strict(base, "ftp:g").unwrap(), "ftp:g");
/// ```
pub fn resolve_non_strict(base: &str, reference: &str) -> Result<String, ResolveError> {
    resolve_with(base, reference, false)
}

/// Like [`resolve`], appending the target to `out` instead of allocating
/// a new string, so a loop over many references can reuse one buffer. On
/// error `out` is left as it was.
///
/// ```
/// use rfc3987::resolve::resolve_into;
/// let mut out = String::new();
/// for reference in ["g", "../h", "#f"] {
///     out.clear();
///     resolve_into("http://a/b/c/d;p?q", reference, &mut out)?;
///     assert!(out.starts_with("http://a/"));
/// }
/// assert_eq!(out, "http://a/b/c/d;p?q#f");
/// # Ok::<(), rfc3987::resolve::ResolveError>(())
/// ```
pub fn resolve_into(base: &str, reference: &str, out: &mut String) -> Result<(), ResolveError> {
    crate::check(&rules::IRI, base).map_err(ResolveError::Base)?;
    let r = split_reference(reference)?;
    resolve_parts_into(&Positioned::split(base), reference, r, true, out);
    Ok(())
}

fn resolve_with(base: &str, reference: &str, strict: bool) -> Result<String, ResolveError> {
    crate::check(&rules::IRI, base).map_err(ResolveError::Base)?;
    let r = split_reference(reference)?;
    let mut out = String::with_capacity(base.len() + reference.len());
    resolve_parts_into(&Positioned::split(base), reference, r, strict, &mut out);
    Ok(out)
}

/// Appends the target of `reference` (whose components are at `r`)
/// against the split base `b` to `out`; returns the positions of the
/// target's components in what it appended. Inlined, with
/// [`transform`] out of line: the usual relative reference then costs
/// its caller no call of its own.
#[inline(always)]
fn resolve_parts_into<'b>(
    b: &impl Parts<'b>,
    reference: &str,
    r: Positions,
    strict: bool,
    out: &mut String,
) -> Positions {
    let rc = Positioned {
        text: reference,
        pos: r,
    };
    if r.path_start == 0 {
        // Neither scheme nor authority: the usual relative reference.
        if let Some(pos) = b.resolve_relative_short(reference, r, out) {
            return pos;
        }
    } else if strict && rc.scheme().is_some() && !has_dot_segment(rc.path()) {
        // An IRI whose path has no dot segment is its own target (and its
        // path cannot start with "//" without an authority: the grammar
        // forbids it), so recomposing it would copy it piece by piece.
        out.push_str(reference);
        return r;
    }
    transform(b, &rc, strict, out)
}

/// [`transform`] for the usual case, on positions rather than components:
/// a reference with neither scheme nor authority (`r.path_start == 0`)
/// against a base with an authority (`text`, its components at `base`),
/// the reference's path no longer than [`Marks::SHORT`] bytes and, where
/// it is merged, the base's directory free of dot segments
/// (`clean_directory_end`: where the directory ends in `text`, `None` when
/// it has a dot segment; the path's start for an empty path, whose
/// directory is `/`). `None`, having written nothing, otherwise.
///
/// The target is then the base's text up to its path, the path, and the
/// reference's text after its path (its query and fragment with their
/// delimiters), or for an empty path the base's path and query with the
/// reference's fragment: a few copies, the positions sums. The path is
/// section 5.2.4 on the masks of its `/` and `.`: only a segment that
/// starts with a `.` is looked at, and a `.` or `..` one ends the copy of
/// the segments before it (a `..` then leaves out the last of them, or
/// cuts the output's last segment when none was copied).
/// With an authority the output path always starts with `/` (the
/// directory does, and an absolute path), so steps A and D never apply
/// and the path needs no protection (section 5.3's `//` case).
///
/// Measured on `cargo bench --bench resolve`'s `dots-short` (references
/// of one to six segments, mostly dot segments): `BENCHMARKS.md`, session
/// 44.
#[inline(always)]
fn resolve_relative_short(
    text: &str,
    base: Positions,
    clean_directory_end: impl FnOnce() -> Option<usize>,
    reference: &str,
    r: Positions,
    out: &mut String,
) -> Option<Positions> {
    let start = out.len();
    let (path_end, query_end);
    if r.path_end == 0 {
        // Section 5.2.2's empty path: the base's path, and its query
        // unless the reference has one.
        out.push_str(&text[..base.path_end]);
        path_end = base.path_end;
        if r.query_end > 0 {
            out.push_str(reference);
            query_end = path_end + r.query_end;
        } else {
            out.push_str(&text[base.path_end..base.query_end]);
            query_end = base.query_end;
            out.push_str(&reference[r.query_end..]);
        }
    } else {
        if r.path_end > Marks::SHORT {
            return None;
        }
        if reference.as_bytes()[0] == b'/' {
            out.push_str(&text[..base.path_start]);
        } else {
            // The directory is the start of the base's path, or the `/`
            // of an empty one.
            let directory_end = clean_directory_end()?;
            out.push_str(&text[..directory_end]);
            if directory_end == base.path_start {
                out.push('/');
            }
        }
        remove_dots_short(reference, r.path_end, start + base.path_start, out);
        // What follows the path was copied with its last segment.
        path_end = out.len() - start - (reference.len() - r.path_end);
        query_end = path_end + (r.query_end - r.path_end);
    }
    Some(Positions {
        scheme_end: base.scheme_end,
        host_start: base.host_start,
        host_end: base.host_end,
        path_start: base.path_start,
        path_end,
        query_end,
        len: out.len() - start,
    })
}

/// Appends `reference` to `out`, its path (`reference[..path_end]`, at
/// most [`Marks::SHORT`] bytes) with section 5.2.4 applied to what the
/// output and it make (see [`resolve_relative_short`]): the output's
/// path starts at `path_start` with a `/` and, unless the path starts
/// with `/`, ends with one. The text after the path goes with the path's
/// last copy, as it is.
#[inline(always)]
fn remove_dots_short(reference: &str, path_end: usize, path_start: usize, out: &mut String) {
    let bytes = &reference.as_bytes()[..path_end];
    let len = bytes.len();
    let (slashes, dots) = short_masks(bytes);
    // Where each segment ends: a `/`, or the path's end (`len < 64`).
    let ends = slashes | 1u64 << len;
    // The segments that start with a `.`: at the path's start or after a
    // `/`.
    let mut candidates = dots & (slashes << 1 | 1);
    // An absolute path's first `/` is the root, which no `..` removes:
    // it goes first.
    let mut copy_from = 0;
    if bytes[0] == b'/' {
        out.push('/');
        copy_from = 1;
    }
    while candidates != 0 {
        let at = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        // Bit `len` of `ends` is set and `at < len`.
        let end = (ends >> at << at).trailing_zeros() as usize;
        let parent = end - at == 2 && dots >> (at + 1) & 1 == 1;
        if end - at == 1 {
            // B: the segments before it move to the output, which then
            // ends with a `/`.
            out.push_str(&reference[copy_from..at]);
        } else if parent {
            // C: the segments before it move to the output, less the last
            // of them; with none before it, the output's last segment
            // goes, the root `/` staying. (A segment before it ends with
            // the `/` at `at - 1`; the bits below are the `/` between
            // those segments.)
            if at == copy_from {
                let segment_start = out.as_bytes()[path_start..out.len() - 1]
                    .iter()
                    .rposition(|&byte| byte == b'/')
                    .map_or(out.len(), |slash| path_start + slash + 1);
                out.truncate(segment_start);
            } else {
                let before = slashes & ((1u64 << (at - 1)) - 1) >> copy_from << copy_from;
                if before != 0 {
                    let slash = 63 - before.leading_zeros() as usize;
                    out.push_str(&reference[copy_from..=slash]);
                }
            }
        } else {
            continue;
        }
        // The `/` after the dot segment (if any) is the one the output
        // ends with.
        copy_from = (end + 1).min(len);
    }
    out.push_str(&reference[copy_from..]);
}

/// The target of `reference` against `base`, parsed values both: its text
/// and the positions found while writing it (never split again).
fn resolve_parsed<T: AsRef<str>, U: AsRef<str>>(
    base: &Iri<T>,
    reference: &IriRef<U>,
    strict: bool,
) -> Iri<String> {
    let mut out = String::with_capacity(base.as_str().len() + reference.as_str().len());
    let pos = resolve_parts_into(
        &Positioned::of(base),
        reference.as_str(),
        reference.positions(),
        strict,
        &mut out,
    );
    debug_assert_eq!(pos, split(&out), "positions of {out:?}");
    Iri(IriRef::from_parts(out, pos))
}

/// Resolution and its inverse on parsed values: no validation left to do,
/// so no error.
impl<T: AsRef<str>> Iri<T> {
    /// Resolves `reference` against this IRI (RFC 3986 section 5.2.2,
    /// strict parser; this IRI's fragment is ignored). See [`resolve`].
    ///
    /// ```
    /// use rfc3987::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// let target = base.resolve(&IriRef::parse("../ж?y")?);
    /// assert_eq!(target, "http://a/b/ж?y");
    /// assert_eq!(target.query(), Some("y"));
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn resolve<U: AsRef<str>>(&self, reference: &IriRef<U>) -> Iri<String> {
        resolve_parsed(self, reference, true)
    }

    /// Like [`Iri::resolve`], appending the target's text to `out` (no
    /// allocation when `out` has room): for loops over many references.
    ///
    /// ```
    /// use rfc3987::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// let mut out = String::from("<");
    /// base.resolve_into(&IriRef::parse("../g")?, &mut out);
    /// assert_eq!(out, "<http://a/b/g");
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn resolve_into<U: AsRef<str>>(&self, reference: &IriRef<U>, out: &mut String) {
        resolve_parts_into(
            &Positioned::of(self),
            reference.as_str(),
            reference.positions(),
            true,
            out,
        );
    }

    /// Like [`Iri::resolve`], with the non-strict parser of section 5.2.2
    /// (see [`resolve_non_strict`]).
    pub fn resolve_non_strict<U: AsRef<str>>(&self, reference: &IriRef<U>) -> Iri<String> {
        resolve_parsed(self, reference, false)
    }

    /// The shortest reference that resolves against this IRI to `target`
    /// (see [`relativize`]).
    ///
    /// ```
    /// use rfc3987::Iri;
    /// let base = Iri::parse("http://a/b/c/d;p?q")?;
    /// let target = Iri::parse("http://a/b/g")?;
    /// let reference = base.relativize(&target);
    /// assert_eq!(reference, "../g");
    /// assert_eq!(base.resolve(&reference), target);
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn relativize<U: AsRef<str>>(&self, target: &Iri<U>) -> IriRef<String> {
        let text = relativize_parts(&self.components(), &target.components(), target.as_str());
        let pos = crate::components::split(&text);
        IriRef::from_parts(text, pos)
    }
}

/// A base IRI made ready to resolve many references against it: the
/// directory that relative-path references merge with (section 5.2.3) and
/// whether it holds dot segments are found once, here, rather than for
/// every reference as [`Iri::resolve`] does. The shape of an RDF document
/// or an HTML page: one base, thousands of references.
///
/// It holds its [`Iri`] (any storage: `Base<&str>` borrows, `Base<String>`
/// owns, so a struct can keep one). Strict by default (section 5.2.2's
/// strict parser, as [`resolve`]); [`Base::non_strict`] drops a
/// reference's scheme equal to the base's, as [`resolve_non_strict`].
/// Every method gives what the corresponding one-off function or method
/// gives.
///
/// ```
/// use rfc3987::resolve::Base;
/// use rfc3987::{Iri, IriRef};
///
/// let base = Base::new(Iri::parse("http://a/b/c/d;p?q")?);
/// assert_eq!(base.resolve(&IriRef::parse("../g")?), "http://a/b/g");
/// // Strings, checked as `resolve` checks them:
/// assert_eq!(base.resolve_str("g;x?y#s").unwrap(), "http://a/b/c/g;x?y#s");
/// assert_eq!(base.resolve_str("a b").unwrap_err().offset(), 1);
/// // The non-strict parser:
/// let loose = base.non_strict();
/// assert_eq!(loose.resolve_str("http:g").unwrap(), "http://a/b/c/g");
/// // An owned base, from an `Iri` kept elsewhere:
/// let iri = Iri::parse(String::from("http://a/b/"))?;
/// let owned: Base<String> = Base::new(iri.clone());
/// assert_eq!(Base::new(iri.as_deref()).resolve_str("c").unwrap(), "http://a/b/c");
/// assert_eq!(owned.iri(), &iri);
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Base<T> {
    iri: Iri<T>,
    /// Where the directory ends in the text (it starts where the path
    /// does); `None` for the `"/"` of an empty path under an authority.
    directory_end: Option<usize>,
    /// Whether the directory has no dot segment.
    clean: bool,
    strict: bool,
}

impl<T: AsRef<str>> Base<T> {
    /// `iri`, ready to resolve references against (strictly).
    pub fn new(iri: Iri<T>) -> Self {
        let parts = Positioned::of(&iri);
        let (path, directory) = (parts.path(), directory(&parts));
        // The directory is the path's prefix, unless it is longer: the
        // "/" of an empty path.
        let directory_end =
            (directory.len() <= path.len()).then(|| iri.positions().path_start + directory.len());
        let clean = !has_dot_segment(directory);
        Base {
            iri,
            directory_end,
            clean,
            strict: true,
        }
    }

    /// The same base with section 5.2.2's non-strict parser: a
    /// reference whose scheme equals the base's (ASCII
    /// case-insensitively) is read as if it had none.
    #[must_use]
    pub fn non_strict(self) -> Self {
        Base {
            strict: false,
            ..self
        }
    }

    /// The base IRI.
    pub fn iri(&self) -> &Iri<T> {
        &self.iri
    }

    /// The base IRI, given back.
    pub fn into_iri(self) -> Iri<T> {
        self.iri
    }

    /// The base IRI's text.
    pub fn as_str(&self) -> &str {
        self.iri.as_str()
    }

    /// The target of `reference` (as [`Iri::resolve`], or
    /// [`Iri::resolve_non_strict`] when [`Base::non_strict`]).
    pub fn resolve<U: AsRef<str>>(&self, reference: &IriRef<U>) -> Iri<String> {
        let text = reference.as_str();
        let mut out = String::with_capacity(self.as_str().len() + text.len());
        let pos = self.resolve_positions(text, reference.positions(), &mut out);
        debug_assert_eq!(pos, split(&out), "positions of {out:?}");
        Iri(IriRef::from_parts(out, pos))
    }

    /// [`Base::resolve`], appending the target's text to `out` (no
    /// allocation when `out` has room).
    pub fn resolve_into<U: AsRef<str>>(&self, reference: &IriRef<U>, out: &mut String) {
        self.resolve_positions(reference.as_str(), reference.positions(), out);
    }

    /// The target of `reference`, a string that must match
    /// `IRI-reference`, or the [`ResolveError::Reference`] that
    /// [`resolve`] gives for it (the base was checked when it was
    /// parsed).
    pub fn resolve_str(&self, reference: &str) -> Result<String, ResolveError> {
        let r = split_reference(reference)?;
        let mut out = String::with_capacity(self.as_str().len() + reference.len());
        self.resolve_positions(reference, r, &mut out);
        Ok(out)
    }

    /// [`resolve_parts_into`] against this base, the usual relative
    /// reference ([`resolve_relative_short`]) read straight from the
    /// base's fields, before the components that the other cases read
    /// are made.
    #[inline(always)]
    fn resolve_positions(&self, reference: &str, r: Positions, out: &mut String) -> Positions {
        let pos = self.iri.positions();
        if r.path_start == 0 && pos.authority_start().is_some() {
            let clean_directory_end = || {
                self.clean
                    .then(|| self.directory_end.unwrap_or(pos.path_start))
            };
            let short = resolve_relative_short(
                self.iri.as_str(),
                pos,
                clean_directory_end,
                reference,
                r,
                out,
            );
            if let Some(pos) = short {
                return pos;
            }
        }
        self.resolve_parts(reference, r, out)
    }

    /// [`resolve_parts_into`] against the base's components: the cases
    /// that [`Base::resolve_positions`] does not take, out of line.
    #[inline(never)]
    fn resolve_parts(&self, reference: &str, r: Positions, out: &mut String) -> Positions {
        resolve_parts_into(&self.parts(), reference, r, self.strict, out)
    }

    /// What resolution reads of the base, with the directory found once.
    #[inline]
    fn parts(&self) -> Prepared<'_> {
        let iri = Positioned::of(&self.iri);
        let directory = match self.directory_end {
            Some(end) => &iri.text[iri.pos.path_start..end],
            None => "/",
        };
        Prepared {
            iri,
            directory,
            clean: self.clean,
        }
    }
}

impl<T: AsRef<str>> fmt::Debug for Base<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Base")
            .field("iri", &self.as_str())
            .field("directory", &self.parts().directory)
            .field("strict", &self.strict)
            .finish()
    }
}

impl<T: AsRef<str>> From<Iri<T>> for Base<T> {
    fn from(iri: Iri<T>) -> Self {
        Base::new(iri)
    }
}

/// A [`Base`] as resolution reads it: its IRI, and the directory found
/// when it was made.
struct Prepared<'a> {
    iri: Positioned<'a>,
    directory: &'a str,
    clean: bool,
}

impl<'a> Parts<'a> for Prepared<'a> {
    #[inline]
    fn scheme(&self) -> Option<&'a str> {
        self.iri.scheme()
    }

    #[inline]
    fn authority(&self) -> Option<&'a str> {
        self.iri.authority()
    }

    #[inline]
    fn host_in_authority(&self) -> (usize, usize) {
        self.iri.host_in_authority()
    }

    #[inline]
    fn path(&self) -> &'a str {
        self.iri.path()
    }

    #[inline]
    fn query(&self) -> Option<&'a str> {
        self.iri.query()
    }

    #[inline]
    fn fragment(&self) -> Option<&'a str> {
        self.iri.fragment()
    }

    #[inline]
    fn head(&self) -> Option<Head<'a>> {
        self.iri.head()
    }

    #[inline]
    fn directory(&self) -> (&'a str, bool) {
        (self.directory, self.clean)
    }
}

/// The positions of `reference`'s components, if it matches
/// `IRI-reference`: one walk, whose last state tells the split what the
/// text lacks.
fn split_reference(reference: &str) -> Result<Positions, ResolveError> {
    accept_split(&rules::IRI_REFERENCE, reference)
        .map_err(|reject| reference_rejected(reference, reject))
}

/// The error for a reference the walk rejects: out of line, so that the
/// accepting path of every resolution does not carry it (as the parsers'
/// `types::rejected`).
#[cold]
#[inline(never)]
fn reference_rejected(reference: &str, reject: crate::scan::Reject) -> ResolveError {
    ResolveError::Reference(CheckError::rejected(
        &rules::IRI_REFERENCE,
        reference,
        reject,
    ))
}

impl<'a> Components<'a> {
    /// The components of `text`, which matches `IRI-reference`, by the
    /// crate's one component split ([`crate::components`]). `None` is
    /// "undefined" (no delimiter), distinct from empty (RFC 3986 section
    /// 5.3).
    pub(crate) fn split(text: &'a str) -> Self {
        Components::of(text, crate::components::split(text))
    }
}

/// Section 5.2.2 (with 5.2.3 and 5.2.4) followed by section 5.3
/// recomposition, appended to `out`; returns the positions of the
/// components in what it appended (offsets from where it started), found
/// while writing them, so the target needs no second split.
#[inline(never)]
pub(crate) fn transform<'b, 'r>(
    base: &impl Parts<'b>,
    r: &impl Parts<'r>,
    strict: bool,
    out: &mut String,
) -> Positions {
    let r_scheme = match (r.scheme(), base.scheme()) {
        (Some(rs), Some(bs)) if !strict && rs.eq_ignore_ascii_case(bs) => None,
        (rs, _) => rs,
    };
    let scheme;
    // The authority, and where the host starts and ends in it.
    let authority: Option<(&str, (usize, usize))>;
    let query;
    // Where the path comes from: the reference's (dot segments removed),
    // the base's as is, or the merge of both (then dot segments removed).
    enum PathFrom<'p> {
        Clean(&'p str),
        Copy(&'p str),
        Merge(&'p str),
    }
    let path;
    let r_path = r.path();
    if let Some(s) = r_scheme {
        scheme = Some(s);
        authority = r.authority().map(|a| (a, r.host_in_authority()));
        path = PathFrom::Clean(r_path);
        query = r.query();
    } else {
        scheme = base.scheme();
        if let Some(a) = r.authority() {
            authority = Some((a, r.host_in_authority()));
            path = PathFrom::Clean(r_path);
            query = r.query();
        } else {
            authority = base.authority().map(|a| (a, base.host_in_authority()));
            if r_path.is_empty() {
                path = PathFrom::Copy(base.path());
                query = r.query().or_else(|| base.query());
            } else {
                path = if r_path.starts_with('/') {
                    PathFrom::Clean(r_path)
                } else {
                    PathFrom::Merge(r_path)
                };
                query = r.query();
            }
        }
    }
    // Section 5.3, component recomposition.
    let start = out.len();
    let (scheme_end, host_start, host_end) = match base.head() {
        // Scheme and authority are the base's: its text before the path
        // is what recomposition writes, copied at once.
        Some(head) if r_scheme.is_none() && r.authority().is_none() => {
            out.push_str(head.text);
            (head.scheme_end, head.host_start, head.host_end)
        }
        _ => {
            let mut scheme_end = 0;
            if let Some(s) = scheme {
                out.push_str(s);
                scheme_end = out.len() - start;
                out.push(':');
            }
            let (mut host_start, mut host_end) = (out.len() - start, out.len() - start);
            if let Some((a, (host_from, host_to))) = authority {
                out.push_str("//");
                let authority_start = out.len() - start;
                out.push_str(a);
                host_start = authority_start + host_from;
                host_end = authority_start + host_to;
            }
            (scheme_end, host_start, host_end)
        }
    };
    let path_start = out.len();
    match path {
        PathFrom::Copy(p) => out.push_str(p),
        PathFrom::Clean(p) => remove_dot_segments(p, out),
        PathFrom::Merge(p) => {
            // Section 5.2.3: the reference's path appended to the base
            // path's directory.
            let (directory, clean) = base.directory();
            let marks = Marks::of(p.as_bytes());
            match directory.strip_suffix('/') {
                // The directory ends with `/` (or is empty), so the
                // junction makes no segment: with no dot segment in either
                // half, nothing to remove.
                _ if clean && !marks.has_dot_segment(p) => {
                    out.push_str(directory);
                    out.push_str(p);
                }
                // A clean directory is its own result: the dot segments
                // of the merge are the reference's, read after the
                // directory's last `/`. No buffer to merge in.
                Some(before_slash) if clean => {
                    out.push_str(before_slash);
                    remove_dot_segments_after_slash(p, &marks, path_start, out);
                }
                _ => {
                    let mut merged = String::with_capacity(directory.len() + p.len());
                    merged.push_str(directory);
                    merged.push_str(p);
                    remove_dot_segments(&merged, out);
                }
            }
        }
    }
    if authority.is_none() {
        protect_path(out, path_start);
    }
    let path_end = out.len() - start;
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    let query_end = out.len() - start;
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    Positions {
        scheme_end,
        host_start,
        host_end,
        path_start: path_start - start,
        path_end,
        query_end,
        len: out.len() - start,
    }
}

/// Keeps a path that follows no authority from reading as one: `//g`
/// becomes `/.//g` (see the module docs; dot-segment removal maps it back
/// to `//g`, so the path is unchanged in meaning).
pub(crate) fn protect_path(out: &mut String, path_start: usize) {
    if out[path_start..].starts_with("//") {
        out.insert_str(path_start, "/.");
    }
}

/// The part of the base path that a relative-path reference keeps (section
/// 5.2.3): up to and including the last `/`, `"/"` for an empty path under
/// an authority, `""` for a path without `/`.
fn directory<'a>(base: &(impl Parts<'a> + ?Sized)) -> &'a str {
    let path = base.path();
    if path.is_empty() && base.authority().is_some() {
        "/"
    } else {
        match scan::last_of(path.as_bytes(), b'/') {
            Some(slash) => &path[..=slash],
            None => "",
        }
    }
}

/// What resolution reads of a base or a reference: its components, and
/// where the host lies in its authority (for the target's positions).
/// Implemented by [`Components`] (all of them split at once) and by
/// [`Positioned`] (a parsed value's text and positions, each component
/// sliced only when read: resolving a relative reference reads few of
/// them, and each slice costs a bounds and two char-boundary checks).
pub(crate) trait Parts<'a> {
    fn scheme(&self) -> Option<&'a str>;
    fn authority(&self) -> Option<&'a str>;
    /// Where the host starts and ends in the authority (after the
    /// userinfo and its `@`, before the port's `:`); `(0, 0)` without an
    /// authority.
    fn host_in_authority(&self) -> (usize, usize);
    fn path(&self) -> &'a str;
    fn query(&self) -> Option<&'a str>;
    fn fragment(&self) -> Option<&'a str>;
    /// The text before the path, where the value has it as one string
    /// (a parsed value does; split components do not).
    #[inline]
    fn head(&self) -> Option<Head<'a>> {
        None
    }
    /// The directory a relative-path reference is merged with (section
    /// 5.2.3, see [`directory`]), and whether it is free of dot segments.
    /// Found when asked; [`Base`] finds them once for all its references.
    #[inline]
    fn directory(&self) -> (&'a str, bool) {
        let directory = directory(self);
        (directory, !has_dot_segment(directory))
    }
    /// [`resolve_relative_short`] against this base, where it applies
    /// (`None` having written nothing otherwise, and for values with no
    /// one text).
    #[inline]
    fn resolve_relative_short(
        &self,
        _reference: &str,
        _r: Positions,
        _out: &mut String,
    ) -> Option<Positions> {
        None
    }
}

impl<'a> Parts<'a> for Components<'a> {
    fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }

    fn authority(&self) -> Option<&'a str> {
        self.authority
    }

    fn host_in_authority(&self) -> (usize, usize) {
        let host_start = self.userinfo.map_or(0, |u| u.len() + 1);
        (host_start, host_start + self.host.map_or(0, str::len))
    }

    fn path(&self) -> &'a str {
        self.path
    }

    fn query(&self) -> Option<&'a str> {
        self.query
    }

    fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }
}

/// A value's text before its path: its scheme, the scheme's `:`, the
/// `//` and the authority, exactly as section 5.3 recomposes them (the
/// grammar admits nothing else there), with where the scheme ends and the
/// host lies in it.
pub(crate) struct Head<'a> {
    text: &'a str,
    scheme_end: usize,
    host_start: usize,
    host_end: usize,
}

/// A parsed value's text and the positions of its components.
#[derive(Clone, Copy)]
pub(crate) struct Positioned<'a> {
    text: &'a str,
    pos: Positions,
}

impl<'a> Positioned<'a> {
    /// `text`, which matches `IRI-reference`, with its components found
    /// ([`crate::components::split`]).
    fn split(text: &'a str) -> Self {
        Positioned {
            text,
            pos: split(text),
        }
    }

    fn of<T: AsRef<str>>(iri: &'a Iri<T>) -> Self {
        Positioned {
            text: iri.as_str(),
            pos: iri.positions(),
        }
    }
}

/// Each accessor a few loads and a slice: inlined, so that `transform`
/// reads the positions it needs and no call per component remains.
impl<'a> Parts<'a> for Positioned<'a> {
    #[inline]
    fn scheme(&self) -> Option<&'a str> {
        self.pos.scheme(self.text)
    }

    #[inline]
    fn authority(&self) -> Option<&'a str> {
        self.pos.authority(self.text)
    }

    #[inline]
    fn host_in_authority(&self) -> (usize, usize) {
        match self.pos.authority_start() {
            Some(start) => (self.pos.host_start - start, self.pos.host_end - start),
            None => (0, 0),
        }
    }

    #[inline]
    fn path(&self) -> &'a str {
        self.pos.path(self.text)
    }

    #[inline]
    fn query(&self) -> Option<&'a str> {
        self.pos.query(self.text)
    }

    #[inline]
    fn fragment(&self) -> Option<&'a str> {
        self.pos.fragment(self.text)
    }

    #[inline]
    fn resolve_relative_short(
        &self,
        reference: &str,
        r: Positions,
        out: &mut String,
    ) -> Option<Positions> {
        self.pos.authority_start()?;
        let (text, pos) = (self.text, self.pos);
        let clean_directory_end = || {
            let path = pos.path(text);
            if path.len() <= Marks::SHORT {
                // The same on the masks of a short path: the directory
                // ends after its last `/`, and has a dot segment if a `.`
                // follows a `/` before that one (or may have: as
                // `has_dot_segment`, `.x` counts).
                let (slashes, dots) = short_masks(path.as_bytes());
                if slashes == 0 {
                    return Some(pos.path_start);
                }
                let last = 63 - slashes.leading_zeros() as usize;
                let dot_starts = dots & slashes << 1 & ((1u64 << last) - 1);
                return (dot_starts == 0).then_some(pos.path_start + last + 1);
            }
            match scan::last_of(path.as_bytes(), b'/') {
                Some(slash) if !has_dot_segment(&path[..=slash]) => {
                    Some(pos.path_start + slash + 1)
                }
                Some(_) => None,
                // Under an authority a path is empty or starts with `/`.
                None => Some(pos.path_start),
            }
        };
        resolve_relative_short(text, pos, clean_directory_end, reference, r, out)
    }

    #[inline]
    fn head(&self) -> Option<Head<'a>> {
        Some(Head {
            text: &self.text[..self.pos.path_start],
            scheme_end: self.pos.scheme_end,
            host_start: self.pos.host_start,
            host_end: self.pos.host_end,
        })
    }
}

/// Appends `path` with its dot segments removed (RFC 3986 section 5.2.4) to
/// `out`, touching only what it appends.
///
/// The steps are those of the RFC, labelled as there; the input buffer is a
/// slice that only shrinks from the front (or becomes the one-byte string
/// `"/"` where the RFC replaces a prefix by `/` at the end of the input),
/// and the output buffer is `out[start..]`. Linear time: see the module
/// docs.
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
    let start = out.len();
    let marks = Marks::of(path.as_bytes());
    // Fast path: no segment can be a dot segment if no `.` starts one.
    if !marks.has_dot_segment(path) {
        out.push_str(path);
        return;
    }
    remove_dots_from(path, &marks, start, out);
}

/// [`remove_dot_segments`] of `"/"` followed by `path`, appended to `out`,
/// whose output buffer starts at `start` (what it holds from there is the
/// output of what came before the `/`): the merge of a clean directory
/// and a reference's path, without writing them into one string first.
///
/// Steps B and C take the path's leading `.` and `..` segments here (the
/// climb of `../../g`, the `./` of `./g:h`), each leaving an input that
/// is `"/"` followed by the rest; a rest without dot segments, the usual
/// case, is then E's alone and goes to the output as it is. Otherwise the
/// common loop takes on the input, a slice of `path` that starts with
/// that `/` (after E has moved the first segment, when no step came
/// first).
fn remove_dot_segments_after_slash(path: &str, marks: &Marks, start: usize, out: &mut String) {
    let mut rest = path;
    loop {
        rest = match rest.as_bytes() {
            // B: "/./", or "/." at the end.
            [b'.', b'/', ..] => &rest[2..],
            [b'.'] => "",
            // C: "/../", or "/.." at the end.
            [b'.', b'.', b'/', ..] => {
                pop_segment(out, start);
                &rest[3..]
            }
            [b'.', b'.'] => {
                pop_segment(out, start);
                ""
            }
            _ => break,
        };
    }
    let taken = path.len() - rest.len();
    if !marks.after(taken).has_dot_segment(rest) {
        // E, as often as it takes: the rest has no step of its own.
        out.push('/');
        out.push_str(rest);
    } else if taken > 0 {
        // The `/` that the last step left is the byte before the rest.
        remove_dots_from(&path[taken - 1..], &marks.after(taken - 1), start, out);
    } else {
        // E: the first segment with the "/" before it.
        let end = marks.first_slash(path.as_bytes());
        out.push('/');
        out.push_str(&path[..end]);
        remove_dots_from(&path[end..], &marks.after(end), start, out);
    }
}

/// The loop of [`remove_dot_segments`] on `input`, the output buffer being
/// `out[start..]`.
///
/// Steps A and D apply only while the input does not start with `/`, that
/// is before any other step (each of B, C and E leaves an input that
/// starts with `/` or is empty), so they run first. From then on the
/// input is `input[copy_from..]`, and E moves segments to the output one
/// at a time until a segment starts with a dot: those moves are deferred
/// and made as one copy of `input[copy_from..dot]` (`dot` the `/` before
/// the next such segment), found in 16-byte windows. A segment that only
/// starts with a dot (`.x`) is E's too, and the search goes on past it.
/// At a `.` or `..` segment, B or C: C's "remove the last segment from the
/// output" cuts the deferred copy short when it holds a `/` (its last
/// segment is never written), and the output otherwise.
fn remove_dots_from(input: &str, marks: &Marks, start: usize, out: &mut String) {
    let bytes = input.as_bytes();
    let mut copy_from = 0;
    loop {
        match &bytes[copy_from..] {
            // A.
            [b'.', b'/', ..] => copy_from += 2,
            [b'.', b'.', b'/', ..] => copy_from += 3,
            // D.
            [b'.'] | [b'.', b'.'] => return,
            _ => break,
        }
    }
    let mut search = copy_from;
    loop {
        let dot = marks.next_dot_start(bytes, search);
        let (skip, pop) = match &bytes[dot..] {
            // E, to the end of the input.
            [] => {
                out.push_str(&input[copy_from..]);
                return;
            }
            // B: "/./" or "/." at the end.
            [_, b'.', b'/', ..] | [_, b'.'] => (2, false),
            // C: "/../" or "/.." at the end.
            [_, b'.', b'.', b'/', ..] | [_, b'.', b'.'] => (3, true),
            // E: a segment such as `.x`, which stays.
            _ => {
                search = dot + 1;
                continue;
            }
        };
        let deferred = &input[copy_from..dot];
        if pop {
            match marks.last_slash(bytes, copy_from, dot) {
                Some(slash) => out.push_str(&input[copy_from..slash]),
                None => {
                    out.push_str(deferred);
                    pop_segment(out, start);
                }
            }
        } else {
            out.push_str(deferred);
        }
        // The `/` that replaces the dot segment starts the input left;
        // at the end of the input, that `/` is all of it, and E moves it.
        copy_from = dot + skip;
        if copy_from == bytes.len() {
            out.push('/');
            return;
        }
        search = copy_from;
    }
}

/// Where the `/` of an input of [`Marks::SHORT`] bytes or fewer are, and
/// which of them a `.` follows (the starts of segments that may be dot
/// segments): read once, in 16-byte windows, so that each search of
/// [`remove_dots_from`] is a bit scan rather than a search, and the
/// checks for a dot segment and the last `/` before a `..` read the same
/// masks (measured on `cargo bench --bench resolve`'s `dots-short`, per
/// reference resolved against a [`Base`]: 1,255 → 1,225 instructions,
/// 13.3 → 11.4 mispredicted branches; `BENCHMARKS.md`, session 38).
#[derive(Clone, Copy)]
struct Marks {
    /// Bit `i`: `bytes[i]` is a `/`.
    slashes: u64,
    /// Bit `i`: `bytes[i..]` starts with `/.`.
    dot_starts: u64,
    /// Whether the masks hold the input (else it is searched).
    short: bool,
}

impl Marks {
    /// The longest input read into masks: every shift by an offset in it
    /// stays under 64.
    const SHORT: usize = 63;

    #[inline]
    fn of(bytes: &[u8]) -> Marks {
        if bytes.len() > Self::SHORT {
            return Marks {
                slashes: 0,
                dot_starts: 0,
                short: false,
            };
        }
        let (slashes, dots) = short_masks(bytes);
        Marks {
            slashes,
            dot_starts: slashes & (dots >> 1),
            short: true,
        }
    }

    /// The marks of `bytes[offset..]`, for the `bytes` these are of.
    #[inline]
    fn after(&self, offset: usize) -> Marks {
        if !self.short {
            return *self;
        }
        Marks {
            slashes: self.slashes >> offset,
            dot_starts: self.dot_starts >> offset,
            short: true,
        }
    }

    /// [`has_dot_segment`] of `path`, the text these are the marks of: a
    /// `.` that starts it or follows a `/`.
    #[inline]
    fn has_dot_segment(&self, path: &str) -> bool {
        if !self.short {
            return has_dot_segment(path);
        }
        path.as_bytes().first() == Some(&b'.') || self.dot_starts != 0
    }

    /// The offset of the first `/` in `bytes`, or `bytes.len()`.
    #[inline]
    fn first_slash(&self, bytes: &[u8]) -> usize {
        if !self.short {
            return scan::first_of(bytes, 0, *b"/");
        }
        if self.slashes == 0 {
            bytes.len()
        } else {
            self.slashes.trailing_zeros() as usize
        }
    }

    /// [`next_dot_start`]: the first offset from `from` of a `/` followed
    /// by a `.`, or `bytes.len()`.
    #[inline]
    fn next_dot_start(&self, bytes: &[u8], from: usize) -> usize {
        if !self.short {
            return next_dot_start(bytes, from);
        }
        let later = self.dot_starts >> from << from;
        if later == 0 {
            bytes.len()
        } else {
            later.trailing_zeros() as usize
        }
    }

    /// The offset of the last `/` in `bytes[from..to]`, if any.
    #[inline]
    fn last_slash(&self, bytes: &[u8], from: usize, to: usize) -> Option<usize> {
        if !self.short {
            return scan::last_of(&bytes[from..to], b'/').map(|i| from + i);
        }
        // Bits `from..to`; `to <= SHORT`, so the shift stays under 64.
        let within = (self.slashes & ((1u64 << to) - 1)) >> from << from;
        (within != 0).then(|| 63 - within.leading_zeros() as usize)
    }
}

/// The masks of the `/` and the `.` of `bytes` (at most [`Marks::SHORT`]
/// of them; bit `i` for `bytes[i]`), read in 16-byte windows.
#[inline]
fn short_masks(bytes: &[u8]) -> (u64, u64) {
    let len = bytes.len();
    debug_assert!(len <= Marks::SHORT);
    let (mut slashes, mut dots) = (0u64, 0u64);
    let mut add = |window: &[u8; 16], at: usize| {
        slashes |= u64::from(scan::hits(window, b'/')) << at;
        dots |= u64::from(scan::hits(window, b'.')) << at;
    };
    if len < 16 {
        // The padding's zeros are neither.
        add(&scan::padded_window(bytes), 0);
    } else {
        let mut at = 0;
        while at + 16 < len {
            add(scan::window_at(bytes, at), at);
            at += 16;
        }
        // The last window ends at the input's end (it may overlap the
        // one before it, on the same bits).
        add(scan::window_at(bytes, len - 16), len - 16);
    }
    (slashes, dots)
}

/// The first offset from `from` of a `/` followed by a `.` (the start of
/// a segment that may be a dot segment), or `bytes.len()`: 16 such pairs
/// a window, the dots read one byte further on, and the last 16 bytes or
/// fewer as one window too (padded when shorter). Paths of up to
/// [`Marks::SHORT`] bytes are read into [`Marks`] instead.
fn next_dot_start(bytes: &[u8], from: usize) -> usize {
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
    // The last 16 bytes or fewer, as one window: no branch per byte
    // (measured: the pairs read one at a time mispredicted about once
    // per dot segment). The padding's zeros are no `.`, and the window's
    // last byte has no byte after it in the input either.
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

/// Whether some segment of `path` is `.` or `..` (false positives are fine:
/// the slow path then finds nothing to remove): whether a `.` starts the
/// path or follows a `/`.
///
/// Paths are short (a few dozen bytes): 16-byte windows (the last one
/// overlapping the one before it, a path under 16 bytes padded with
/// zeros), a compare for each of `.` and `/` in each, and no call:
/// `memchr`'s search, one call per dot, cost more per resolved reference
/// than the search itself (`BENCHMARKS.md`, session 28).
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
/// the output buffer", for the buffer `out[start..]`.
fn pop_segment(out: &mut String, start: usize) {
    let cut = scan::last_of(&out.as_bytes()[start..], b'/').map_or(start, |i| start + i);
    out.truncate(cut);
}

/// The shortest reference that resolves against `base` to `target`. Both
/// must match `IRI`; `base`'s fragment is ignored, `target`'s is kept.
///
/// `resolve(base, relativize(base, target)) == target` whenever some
/// reference resolves to `target`, in particular whenever `target`'s path
/// has no dot segments (resolution removes them). When none does, the
/// result is `target` itself, which resolves to `target` without its dot
/// segments.
///
/// ```
/// use rfc3987::resolve::{relativize, resolve};
/// let base = "http://a/b/c/d;p?q";
/// for (target, reference) in [
///     ("http://a/b/c/d;p?q", ""),
///     ("http://a/b/c/d;p?q#s", "#s"),
///     ("http://a/b/c/d;p?y", "?y"),
///     ("http://a/b/c/d;p", "d;p"),
///     ("http://a/b/c/", "."),
///     ("http://a/b/", ".."),
///     ("http://a/b/c/g:h", "./g:h"),
///     ("http://a/x/y", "/x/y"),
///     ("http://z/b/c", "//z/b/c"),
///     ("ftp://a/b/c", "ftp://a/b/c"),
/// ] {
///     assert_eq!(relativize(base, target).unwrap(), reference);
///     assert_eq!(resolve(base, reference).unwrap(), target);
/// }
/// ```
pub fn relativize(base: &str, target: &str) -> Result<String, ResolveError> {
    crate::check(&rules::IRI, base).map_err(ResolveError::Base)?;
    crate::check(&rules::IRI, target).map_err(ResolveError::Reference)?;
    Ok(relativize_parts(
        &Components::split(base),
        &Components::split(target),
        target,
    ))
}

/// [`relativize`] on the split base `b` and target `t` (whose text is
/// `target`).
fn relativize_parts(b: &Components<'_>, t: &Components<'_>, target: &str) -> String {
    let mut best: Option<String> = None;
    let mut scratch = String::new();
    let mut consider = |candidate: String| {
        if best.as_ref().is_some_and(|b| b.len() <= candidate.len()) {
            return;
        }
        scratch.clear();
        transform(b, &Components::split(&candidate), true, &mut scratch);
        if scratch == target {
            best = Some(candidate);
        }
    };

    if t.scheme == b.scheme {
        if t.authority == b.authority {
            if t.path == b.path && t.query == b.query {
                // "" keeps base path and query; the fragment is always the
                // reference's.
                consider(with_tail(String::new(), None, t.fragment));
            }
            if t.path == b.path && t.query.is_some() {
                consider(with_tail(String::new(), t.query, t.fragment));
            }
            // Paths as resolution sees them once it has merged: without
            // dot segments (which also undoes `/.//` protection).
            let mut dir = String::new();
            remove_dot_segments(directory(b), &mut dir);
            let mut path = String::with_capacity(t.path.len());
            remove_dot_segments(t.path, &mut path);
            if let Some(relative) = relative_path(&dir, &path) {
                consider(with_tail(relative, t.query, t.fragment));
            }
            if path.starts_with('/') {
                let mut absolute = String::with_capacity(path.len() + 2);
                if path.starts_with("//") {
                    absolute.push_str("/.");
                }
                absolute.push_str(&path);
                consider(with_tail(absolute, t.query, t.fragment));
            }
        }
        if let Some(authority) = t.authority {
            let mut network = String::with_capacity(target.len());
            network.push_str("//");
            network.push_str(authority);
            network.push_str(t.path);
            consider(with_tail(network, t.query, t.fragment));
        }
    }
    consider(String::from(target));
    // The target itself resolves to itself unless its path has dot
    // segments; then no candidate may reach it, and it is the answer anyway.
    best.unwrap_or_else(|| String::from(target))
}

/// `prefix` followed by `?query` and `#fragment` when defined.
fn with_tail(mut prefix: String, query: Option<&str>, fragment: Option<&str>) -> String {
    if let Some(q) = query {
        prefix.push('?');
        prefix.push_str(q);
    }
    if let Some(f) = fragment {
        prefix.push('#');
        prefix.push_str(f);
    }
    prefix
}

/// A relative-path reference from the directory `dir` (as [`directory`]
/// gives it) to `path`: `../` once per directory of `dir` below the longest
/// common directory, then the rest of `path`. An empty `path` is reached
/// by `.` from the empty directory of a rootless base path (`a:b`), and not
/// at all from a directory that has a `/`.
fn relative_path(dir: &str, path: &str) -> Option<String> {
    if path.is_empty() {
        return dir.is_empty().then(|| String::from("."));
    }
    // Longest common prefix of `dir` and `path` that ends just after a '/'.
    // The byte-wise common prefix may end inside a character (`é` and `ê`
    // share their lead byte), so it is cut back to a '/' on the bytes
    // before any `str` is sliced: just after an ASCII '/' is a character
    // boundary in both strings.
    let common = dir
        .bytes()
        .zip(path.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let common = dir.as_bytes()[..common]
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |i| i + 1);
    let ups = dir[common..].bytes().filter(|&b| b == b'/').count();
    let rest = &path[common..];
    let mut out = String::with_capacity(3 * ups + rest.len() + 2);
    for _ in 0..ups {
        out.push_str("../");
    }
    if rest.is_empty() {
        if ups == 0 {
            // The directory itself: "." resolves to it.
            out.push('.');
        } else {
            // "../.." means "../../" and is one byte shorter.
            out.pop();
        }
        return Some(out);
    }
    let first_segment = rest.split('/').next().unwrap_or("");
    if ups == 0 && (rest.starts_with('/') || first_segment.contains(':')) {
        // "/x" would be an absolute path, "g:h" a scheme.
        out.push_str("./");
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of up to `most` pieces of `pieces`, shortest first.
    fn strings_of<'p>(pieces: &'p [&str], most: u32) -> impl Iterator<Item = String> + 'p {
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

    /// Every string of up to eight pieces of `.`, `/`, `a` and `é` (up to
    /// 16 bytes: a padded window or one whole), and random ones up to 80
    /// bytes (windows overlapping at every offset), with each prefix
    /// dropped: the window searches (for a dot segment, for the last `/`,
    /// for the next `/.`, and both in the masks of [`Marks`] and past
    /// their reach) give what a byte-by-byte reading gives.
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
                let marks = Marks::of(bytes).after(from);
                let marks_here = Marks::of(rest);
                assert_eq!(marks_here.short, rest.len() <= Marks::SHORT, "{path:?}");
                if let Some(rest_text) = path.get(from..) {
                    assert_eq!(
                        marks.has_dot_segment(rest_text),
                        has_dot_segment(rest_text),
                        "{path:?} from {from}"
                    );
                }
                let first_slash = rest.iter().position(|&b| b == b'/');
                assert_eq!(
                    marks.first_slash(rest),
                    first_slash.unwrap_or(rest.len()),
                    "{path:?} from {from}"
                );
                let marks = Marks::of(bytes);
                assert_eq!(
                    marks.next_dot_start(bytes, from),
                    dot_start,
                    "{path:?} from {from}"
                );
                for to in from..=bytes.len() {
                    let slash = bytes[from..to].iter().rposition(|&byte| byte == b'/');
                    assert_eq!(
                        marks.last_slash(bytes, from, to),
                        slash.map(|i| from + i),
                        "{path:?} in {from}..{to}"
                    );
                }
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
                remove_dot_segments_after_slash(
                    &path,
                    &Marks::of(path.as_bytes()),
                    start,
                    &mut parts,
                );
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
    fn a_merge_removes_the_dot_segments_of_either_half() {
        // Merged in place when neither half has a segment starting with
        // `.`; through a buffer and section 5.2.4 otherwise.
        for (base, reference, target) in [
            ("http://a/b/c/d;p?q", "g/h", "http://a/b/c/g/h"),
            ("http://a/b/./c/d", "g", "http://a/b/c/g"),
            ("http://a/b/../c/d", "g?y", "http://a/c/g?y"),
            ("http://a/b/c/d", "./g", "http://a/b/c/g"),
            ("http://a/b/c/d", "g/../h", "http://a/b/c/h"),
            ("http://a/b/c/d", ".g/h.", "http://a/b/c/.g/h."),
            ("http://a/b.c/d.e", "f.g", "http://a/b.c/f.g"),
            ("http://a", "g", "http://a/g"),
            ("a:b", "g", "a:g"),
            ("a:./b/", "g", "a:b/g"),
        ] {
            assert_eq!(
                resolve(base, reference).unwrap(),
                target,
                "{base} {reference}"
            );
            let parsed = Iri::parse(base)
                .unwrap()
                .resolve(&IriRef::parse(reference).unwrap());
            assert_eq!(parsed, target, "{base} {reference}");
        }
    }

    #[test]
    fn a_target_knows_its_components_wherever_its_authority_came_from() {
        let base = Iri::parse("http://u@例え.jp:8080/b/c?q#f").unwrap();
        for (reference, target, host) in [
            ("g", "http://u@例え.jp:8080/b/g", "例え.jp"),
            ("?y", "http://u@例え.jp:8080/b/c?y", "例え.jp"),
            ("//v@[::1]:9/x", "http://v@[::1]:9/x", "[::1]"),
            ("ftp://h/../x", "ftp://h/x", "h"),
        ] {
            let resolved = base.resolve(&IriRef::parse(reference).unwrap());
            assert_eq!(resolved, target);
            let again = Iri::parse(target).unwrap();
            assert_eq!(resolved.host(), Some(host), "{reference}");
            assert_eq!(resolved.components(), again.components(), "{reference}");
        }
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

    #[test]
    fn relative_paths_from_directories() {
        assert_eq!(relative_path("/a/b/", "/a/b/c").unwrap(), "c");
        assert_eq!(relative_path("/a/b/", "/a/x").unwrap(), "../x");
        assert_eq!(relative_path("/a/b/", "/a/").unwrap(), "..");
        assert_eq!(relative_path("/a/b/", "/a/b/").unwrap(), ".");
        assert_eq!(relative_path("/a/b/", "/a/b//x").unwrap(), ".//x");
        assert_eq!(relative_path("/a/", "/a/x:y/z").unwrap(), "./x:y/z");
        assert_eq!(relative_path("/a/", "/b/x:y").unwrap(), "../b/x:y");
        assert_eq!(relative_path("/abc/", "/abd/").unwrap(), "../abd/");
        // First differing characters that share their UTF-8 lead byte.
        assert_eq!(relative_path("/é/", "/ê").unwrap(), "../ê");
        assert_eq!(
            relative_path("/docs/résumé/", "/docs/rêve").unwrap(),
            "../rêve"
        );
        assert_eq!(relative_path("/日本/", "/日時").unwrap(), "../日時");
        assert_eq!(relative_path("", "x").unwrap(), "x");
        assert!(relative_path("/", "").is_none());
        assert_eq!(relative_path("", "").unwrap(), ".");
    }

    #[test]
    fn protected_paths() {
        let mut out = String::from("a://g");
        protect_path(&mut out, 2);
        assert_eq!(out, "a:/.//g");
        let mut out = String::from("a:/g");
        protect_path(&mut out, 2);
        assert_eq!(out, "a:/g");
    }
}
