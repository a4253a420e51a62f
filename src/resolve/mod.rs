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
//! [`remove_dot_segments`] is section 5.2.4, once for the crate (resolution
//! and normalization), linear in the path's length; its module docs say
//! how.
//!
//! # Relativize
//!
//! [`relativize`](fn@relativize)`(base, target)` goes the other way: the
//! shortest reference `r` with `resolve(base, r) == target` (one exists whenever
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
//! nor authority against a base with an authority whose directory has no
//! dot segment, is resolved on positions rather than components: the
//! base's text up to its directory (or up to its path, for an absolute
//! path) in one copy, then the reference's path through dot-segment
//! removal, then its query and fragment in one more.
//!
//! The string functions parse both inputs (one walk of the generated
//! recognizer each, which also finds the components) and run the method
//! on the parsed values; a [`Base`] also skips finding the base's
//! directory (its last `/`, and a dot-segment test) for each reference.
//! Relativize is linear too (a bounded number of candidate resolutions).
//!
//! # Limits
//!
//! Resolution is syntactic: it neither normalizes (see
//! [`crate::normalize`]) nor knows schemes. A relative reference whose
//! first path segment contains a colon is not a relative reference at all
//! (`g:h` has the scheme `g`); write `./g:h`.

mod dot_segments;
mod relativize;

pub(crate) use dot_segments::has_dot_segment;
pub use dot_segments::remove_dot_segments;
pub use relativize::relativize;

use alloc::string::String;
use core::fmt;

use crate::components::{split, Positions};
use crate::grammar::rules;
use crate::parse_error::Kind;
use crate::scan;
use crate::types::{parse_or_reject, parse_str};
use crate::{Error, Input, Iri, IriRef};
use dot_segments::remove_dots_after_slash;

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
pub fn resolve(base: &str, reference: &str) -> Result<String, Error> {
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
pub fn resolve_non_strict(base: &str, reference: &str) -> Result<String, Error> {
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
/// # Ok::<(), rfc3987::Error>(())
/// ```
pub fn resolve_into(base: &str, reference: &str, out: &mut String) -> Result<(), Error> {
    let (base, reference) = parse_both(base, reference)?;
    base.resolve_into(&reference, out);
    Ok(())
}

fn resolve_with(base: &str, reference: &str, strict: bool) -> Result<String, Error> {
    let (base, reference) = parse_both(base, reference)?;
    let mut out = String::with_capacity(base.as_str().len() + reference.as_str().len());
    target_into(
        &Parsed::of(&base.0),
        None,
        Parsed::of(&reference),
        strict,
        &mut out,
    );
    Ok(out)
}

/// `base` parsed as an `IRI` and `reference` as an `IRI-reference`, or
/// the first one's error. The reference first: when it is rejected, the
/// base is only validated (its error comes first), not split for nothing.
/// The errors are made out of line, so that the valid path carries no
/// error value.
#[inline(always)]
fn parse_both<'b, 'r>(
    base: &'b str,
    reference: &'r str,
) -> Result<(Iri<&'b str>, IriRef<&'r str>), Error> {
    let reference = match parse_or_reject(reference, Kind::Reference) {
        Ok(parsed) => parsed,
        Err(reject) => return Err(reference_error(base, reference, reject)),
    };
    match parse_str(base, Kind::Iri) {
        Ok(base) => Ok((Iri(base), reference)),
        Err(error) => Err(base_error(error)),
    }
}

/// The error of a rejected reference: the base's if the base is not an
/// `IRI` either, else the reference's.
#[cold]
#[inline(never)]
fn reference_error(base: &str, reference: &str, reject: scan::Reject) -> Error {
    match crate::check(&rules::IRI, base) {
        Err(base) => base_error(base),
        Ok(()) => Error::in_input(
            Input::Reference,
            crate::rejected(Kind::Reference.rule(), reference, reject),
        ),
    }
}

/// The error of a base that is not an `IRI`.
#[cold]
#[inline(never)]
fn base_error(error: crate::CheckError) -> Error {
    Error::in_input(Input::Base, error)
}

/// `reference` parsed as an `IRI-reference`, or the error [`resolve`]
/// gives for it.
#[inline(always)]
fn parse_reference(reference: &str) -> Result<IriRef<&str>, Error> {
    parse_str(reference, Kind::Reference).map_err(reference_only_error)
}

/// The error of a rejected reference whose base was checked before.
#[cold]
#[inline(never)]
fn reference_only_error(error: crate::CheckError) -> Error {
    Error::in_input(Input::Reference, error)
}

/// The target of `reference` against `base`, parsed values both: its text
/// and the positions found while writing it (never split again).
fn resolve_parsed<T: AsRef<str>, U: AsRef<str>>(
    base: &Iri<T>,
    reference: &IriRef<U>,
    strict: bool,
) -> Iri<String> {
    let mut out = String::with_capacity(base.as_str().len() + reference.as_str().len());
    let pos = target_into(
        &Parsed::of(&base.0),
        None,
        Parsed::of(reference),
        strict,
        &mut out,
    );
    debug_assert_eq!(pos, split(&out), "positions of {out:?}");
    Iri(IriRef::from_positions(out, pos))
}

/// Resolution on parsed values: no validation left to do, so no error.
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
        target_into(&Parsed::of(&self.0), None, Parsed::of(reference), true, out);
    }

    /// Like [`Iri::resolve`], with the non-strict parser of section 5.2.2
    /// (see [`resolve_non_strict`]).
    pub fn resolve_non_strict<U: AsRef<str>>(&self, reference: &IriRef<U>) -> Iri<String> {
        resolve_parsed(self, reference, false)
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
    directory: Directory,
    strict: bool,
}

impl<T: AsRef<str>> Base<T> {
    /// `iri`, ready to resolve references against (strictly).
    pub fn new(iri: Iri<T>) -> Self {
        let directory = Directory::of(&Parsed::of(&iri.0));
        Base {
            iri,
            directory,
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
        let pos = self.target_into(Parsed::of(reference), &mut out);
        debug_assert_eq!(pos, split(&out), "positions of {out:?}");
        Iri(IriRef::from_positions(out, pos))
    }

    /// [`Base::resolve`], appending the target's text to `out` (no
    /// allocation when `out` has room).
    pub fn resolve_into<U: AsRef<str>>(&self, reference: &IriRef<U>, out: &mut String) {
        self.target_into(Parsed::of(reference), out);
    }

    /// The target of `reference`, a string that must match
    /// `IRI-reference`, or the error about [`Input::Reference`] that
    /// [`resolve`] gives for it (the base was checked when it was
    /// parsed).
    pub fn resolve_str(&self, reference: &str) -> Result<String, Error> {
        let reference = parse_reference(reference)?;
        let mut out = String::with_capacity(self.as_str().len() + reference.as_str().len());
        self.target_into(Parsed::of(&reference), &mut out);
        Ok(out)
    }

    #[inline(always)]
    fn target_into(&self, reference: Parsed<'_>, out: &mut String) -> Positions {
        target_into(
            &Parsed::of(&self.iri.0),
            Some(self.directory),
            reference,
            self.strict,
            out,
        )
    }
}

impl<T: AsRef<str>> fmt::Debug for Base<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Base")
            .field("iri", &self.as_str())
            .field("directory", &self.directory.text(&Parsed::of(&self.iri.0)))
            .field("strict", &self.strict)
            .finish()
    }
}

impl<T: AsRef<str>> From<Iri<T>> for Base<T> {
    fn from(iri: Iri<T>) -> Self {
        Base::new(iri)
    }
}

/// A parsed value's text and the positions of its components: what
/// resolution reads of a base, a reference or a candidate of
/// [`relativize`](fn@relativize). Each component is sliced only when
/// read (resolving a relative reference reads few of them).
#[derive(Clone, Copy)]
pub(crate) struct Parsed<'a> {
    text: &'a str,
    pos: Positions,
}

impl<'a> Parsed<'a> {
    #[inline]
    pub(crate) fn of<T: AsRef<str>>(value: &'a IriRef<T>) -> Self {
        Parsed {
            text: value.as_str(),
            pos: value.positions(),
        }
    }

    #[inline]
    fn scheme(&self) -> Option<&'a str> {
        self.pos.scheme(self.text)
    }

    #[inline]
    fn authority(&self) -> Option<&'a str> {
        self.pos.authority(self.text)
    }

    /// Where the host starts and ends in the authority (after the
    /// userinfo and its `@`, before the port's `:`); `(0, 0)` without an
    /// authority.
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
}

/// The part of a base's path that a relative-path reference keeps
/// (section 5.2.3): up to and including the last `/`, `"/"` for an empty
/// path under an authority, `""` for a path without `/`.
#[derive(Clone, Copy)]
pub(crate) struct Directory {
    /// Where it ends in the base's text (it starts where the path does);
    /// the path's start for `"/"` and `""`.
    end: usize,
    /// Whether it has no dot segment.
    clean: bool,
}

impl Directory {
    // Always inlined: see `dot_segments::next_dot_start`.
    #[inline(always)]
    pub(crate) fn of(base: &Parsed<'_>) -> Directory {
        let path = base.path();
        match scan::last_of(path.as_bytes(), b'/') {
            Some(slash) => Directory {
                end: base.pos.path_start + slash + 1,
                clean: !has_dot_segment(&path[..=slash]),
            },
            None => Directory {
                end: base.pos.path_start,
                clean: true,
            },
        }
    }

    /// Its text, in `base`'s.
    pub(crate) fn text<'a>(&self, base: &Parsed<'a>) -> &'a str {
        if self.end == base.pos.path_start && base.pos.has_authority() {
            // Under an authority a path is empty or starts with `/`.
            "/"
        } else {
            &base.text[base.pos.path_start..self.end]
        }
    }
}

/// Appends the target of `r` against `base` (with its `directory`, when
/// known) to `out`; returns the positions of the target's components in
/// what it appended. Inlined, with [`transform`] out of line: the usual
/// relative reference then costs its caller no call of its own.
#[inline(always)]
fn target_into(
    base: &Parsed<'_>,
    directory: Option<Directory>,
    r: Parsed<'_>,
    strict: bool,
    out: &mut String,
) -> Positions {
    if r.pos.path_start == 0 {
        // Neither scheme nor authority: the usual relative reference.
        if let Some(pos) = resolve_relative(base, directory, &r, out) {
            return pos;
        }
    } else if strict && r.scheme().is_some() && !has_dot_segment(r.path()) {
        // An IRI whose path has no dot segment is its own target (and its
        // path cannot start with "//" without an authority: the grammar
        // forbids it), so recomposing it would copy it piece by piece.
        out.push_str(r.text);
        return r.pos;
    }
    transform(base, directory, &r, strict, out)
}

/// [`transform`] for the usual case, on positions rather than components:
/// a reference `r` with neither scheme nor authority against a base with
/// an authority whose directory, where the path is merged with it, is
/// free of dot segments. `None`, having written nothing, otherwise.
///
/// The target is then the base's text up to its path (or directory), the
/// path, and the reference's text after its path (its query and fragment
/// with their delimiters), or for an empty path the base's path and
/// query with the reference's fragment: a few copies, the positions
/// sums. With an authority the output path always starts with `/` (the
/// directory does, and an absolute path), so steps A and D never apply
/// and the path needs no protection (section 5.3's `//` case).
#[inline(always)]
fn resolve_relative(
    base: &Parsed<'_>,
    directory: Option<Directory>,
    r: &Parsed<'_>,
    out: &mut String,
) -> Option<Positions> {
    base.pos.authority_start()?;
    let (text, b, reference) = (base.text, base.pos, r.text);
    let start = out.len();
    let (path_end, query_end);
    if r.pos.path_end == 0 {
        // Section 5.2.2's empty path: the base's path, and its query
        // unless the reference has one.
        out.push_str(&text[..b.path_end]);
        path_end = b.path_end;
        if r.pos.query_end > 0 {
            out.push_str(reference);
            query_end = path_end + r.pos.query_end;
        } else {
            out.push_str(&text[b.path_end..b.query_end]);
            query_end = b.query_end;
            out.push_str(&reference[r.pos.query_end..]);
        }
    } else {
        let path = r.path();
        if path.as_bytes()[0] == b'/' {
            out.push_str(&text[..b.path_start]);
            remove_dot_segments(path, out);
        } else {
            let directory = directory.unwrap_or_else(|| Directory::of(base));
            if !directory.clean {
                return None;
            }
            out.push_str(&text[..directory.end]);
            if directory.end == b.path_start {
                // The `/` of an empty path.
                out.push('/');
            }
            remove_dots_after_slash(path, start + b.path_start, out);
        }
        path_end = out.len() - start;
        out.push_str(&reference[r.pos.path_end..]);
        query_end = path_end + (r.pos.query_end - r.pos.path_end);
    }
    Some(Positions {
        scheme_end: b.scheme_end,
        host_start: b.host_start,
        host_end: b.host_end,
        path_start: b.path_start,
        path_end,
        query_end,
        len: out.len() - start,
    })
}

/// Section 5.2.2 (with 5.2.3 and 5.2.4) followed by section 5.3
/// recomposition, appended to `out`; returns the positions of the
/// components in what it appended (offsets from where it started), found
/// while writing them, so the target needs no second split.
#[inline(never)]
pub(crate) fn transform(
    base: &Parsed<'_>,
    directory: Option<Directory>,
    r: &Parsed<'_>,
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
    let (scheme_end, host_start, host_end) = if r_scheme.is_none() && r.authority().is_none() {
        // Scheme and authority are the base's: its text before the path
        // is what recomposition writes, copied at once (the grammar
        // admits nothing else there).
        out.push_str(&base.text[..base.pos.path_start]);
        (base.pos.scheme_end, base.pos.host_start, base.pos.host_end)
    } else {
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
    };
    let path_start = out.len();
    match path {
        PathFrom::Copy(p) => out.push_str(p),
        PathFrom::Clean(p) => remove_dot_segments(p, out),
        PathFrom::Merge(p) => {
            // Section 5.2.3: the reference's path appended to the base
            // path's directory.
            let directory = directory.unwrap_or_else(|| Directory::of(base));
            let text = directory.text(base);
            if text.is_empty() {
                remove_dot_segments(p, out);
            } else if directory.clean {
                // A clean directory (which ends with `/`) is its own
                // output: the dot segments of the merge are the
                // reference's, read after that `/`.
                out.push_str(text);
                remove_dots_after_slash(p, path_start, out);
            } else {
                let mut merged = String::with_capacity(text.len() + p.len());
                merged.push_str(text);
                merged.push_str(p);
                remove_dot_segments(&merged, out);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_merge_removes_the_dot_segments_of_either_half() {
        // Merged in place when the directory has no dot segment; through
        // a buffer and section 5.2.4 otherwise.
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
    fn protected_paths() {
        let mut out = String::from("a://g");
        protect_path(&mut out, 2);
        assert_eq!(out, "a:/.//g");
        let mut out = String::from("a:/g");
        protect_path(&mut out, 2);
        assert_eq!(out, "a:/g");
    }
}
