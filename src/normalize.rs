//! Normalization and the comparison ladder (RFC 3987 section 5.3).
//!
//! # The idea
//!
//! Two IRIs can name the same resource without being the same string:
//! `eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9` and
//! `example://a/b/c/%7Bfoo%7D/rosé` differ only in ways the syntax itself
//! makes meaningless. Section 5.3 orders the ways to compare as a ladder;
//! each rung removes more differences, at more cost, and never declares
//! equivalent two IRIs that may differ (no false positives; section 5.1).
//! Each rung is a [`Level`]:
//!
//! | rung | [`Level`] | what is compared |
//! | --- | --- | --- |
//! | 5.3.1 simple string | [`Level::Simple`] | code points as written (`==`) |
//! | 5.3.2 syntax-based | [`Level::Syntax`] | case, percent-encoding, dot segments normalized |
//! | 5.3.3 scheme-based | [`Level::Scheme`] | plus default ports, empty paths, IDN hosts ([`crate::scheme`]) |
//! | 5.3.4 protocol-based | — | needs the network (following redirects, ...): out of scope |
//!
//! Equivalence on a rung is equality of the normal forms on that rung,
//! with one alignment above the simple rung (see "Equivalence" below):
//!
//! ```
//! use rfc3987::normalize::{equiv, normalize, Level, Normalizer};
//!
//! let a = "example://a/b/c/%7Bfoo%7D/rosé";
//! let b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9";
//! assert_eq!(normalize(b).unwrap(), a);
//! assert!(!equiv(a, b, Level::Simple).unwrap());
//! assert!(equiv(a, b, Level::Syntax).unwrap());
//!
//! let scheme = Normalizer::new(Level::Scheme);
//! assert_eq!(scheme.normalize("HTTP://Example.COM:80").unwrap(), "http://example.com/");
//! assert_eq!(
//!     scheme.normalize("http://xn--rsum-bpad.example.org").unwrap(),
//!     "http://résumé.example.org/"
//! );
//! ```
//!
//! [`Normalizer::normalize_ref`] and [`Normalizer::normalize_iri`] take and
//! return the parsed types ([`IriRef`], [`Iri`]), components included; on
//! strings, [`Normalizer::normalize`] validates first and reports where an
//! input is not an `IRI-reference`.
//!
//! # Syntax-based normalization (section 5.3.2), component by component
//!
//! - **Case** (5.3.2.1): the scheme to lowercase; the host to lowercase
//!   when it is US-ASCII only (after percent-decoding: `%C3%89` makes a
//!   host non-ASCII, and it is then left as it is: non-ASCII case belongs to
//!   IDN processing, section 5.3.3); hex digits of every remaining `%HH` to
//!   uppercase. Userinfo, path, query and fragment are case-sensitive.
//! - **Percent-encoding** (5.3.2.3): a `%HH` run is decoded exactly when
//!   its octets are the UTF-8 of an `iunreserved` character (unreserved
//!   plus `ucschar`, the grammar's class), as the section says, in every
//!   component. `iprivate` is not `iunreserved`, so `?%EE%80%80` stays
//!   encoded although the query allows U+E000 unencoded; nor are the bidi
//!   formatting characters that section 4.1 forbids, though `ucschar` has
//!   them ([`crate::mapping::is_bidi_formatting`]). Reserved characters
//!   stay encoded (`%2F` is not `/`), and so do octets that are not
//!   well-formed UTF-8 (`%C0%AF`, `%FF`).
//! - **Dot segments** (5.3.2.4): `remove_dot_segments` (RFC 3986 section
//!   5.2.4) on the path, after percent-decoding, so that `%2E%2E` is a `..`
//!   (otherwise a second normalization would remove what the first one
//!   made, and normalization would not be idempotent).
//! - **Characters** (5.3.2.2): off by default. The section says that
//!   equivalence "MUST rely on the assumption that IRIs are appropriately
//!   pre-character-normalized rather than apply character normalization
//!   when comparing", so [`Chars::Nfc`] is for producers of IRIs (and
//!   transcoders from legacy encodings, where NFC is required), and
//!   [`Chars::Nfkc`] for creators who want the stronger folding the section
//!   suggests (full-width Latin to ASCII, ...).
//!
//! ## Readings of the RFC
//!
//! - *Relative references.* Dot segments are removed only where resolution
//!   would remove them whatever the base: in IRIs, network-path references
//!   (`//host/a/../b`) and absolute-path references (`/a/../b`). In a
//!   relative-path reference (`../a`, `b/./c`) they are kept, since the
//!   leading ones climb the base's path and removing them changes the target.
//! - *A path with no authority that would start with `//`* after dot
//!   removal (`a:/..//b`) is written `/.//b`, as resolution does (see
//!   [`crate::resolve`]), so the result still parses the same way.
//! - *Character normalization runs between delimiters.* NFC may compose a
//!   reserved character with a following combining mark (`=` + U+0338 is
//!   `≠`), and NFKC maps some characters to delimiters (`／` to `/`). Either
//!   would change the IRI's structure, so NFC/NFKC is applied to each run
//!   of text between reserved characters and `%HH` triplets separately,
//!   and a character that comes out not allowed unencoded in its component
//!   (`／` becoming `/`, U+1FEF becoming `` ` ``) is percent-encoded.
//!
//! # Scheme-based normalization (section 5.3.3)
//!
//! (The `idna` feature, a default one: without it there is no
//! [`Level::Scheme`], since its IDN hosts need UTS 46. Character
//! normalization, [`Chars::Nfc`] and [`Chars::Nfkc`], is the
//! `normalization` feature's.)
//!
//! On top of syntax-based normalization, using a [`SchemeTable`] ([`STANDARD`]
//! unless [`Normalizer::schemes`] gives another):
//! an empty port is removed with its `:`, for every scheme; a port equal to
//! the scheme's default is removed (compared as a number, so `:080` too);
//! other ports lose their leading zeros (RFC 3986 section 3.2.3: a port is
//! a decimal number); an empty path under an authority becomes `/` when the
//! scheme says so; the scheme's default host (`file`: `localhost`) becomes
//! the empty host when there is no userinfo and no port; and registered
//! names of schemes whose hosts are DNS names are Internationalized Domain
//! Names: validated and mapped by UTS 46 ToUnicode (the successor of the
//! Nameprep profile that the section cites: case folding, NFC, width
//! mapping) with the STD3 ASCII rules and leading/trailing hyphen checks
//! that the section asks for, and kept in Unicode (the section: "SHOULD NOT
//! be converted into ASCII Compatible Encoding"). `xn--` labels are decoded,
//! so `http://xn--rsum-bpad.example.org` and `http://résumé.example.org`
//! compare equal. A decoded label that itself begins with `xn--` fails
//! (UTS 46 forbids it; keeping it would make normalization not
//! idempotent). A host that fails validation is kept as syntax-based
//! normalization left it and compared as such: the section's "an IRI
//! containing an invalid IDN cannot successfully be resolved" is about
//! resolving, not comparing, and strings equal on a lower rung must stay
//! equal on every higher one (`http://my_host.example.com/` equals
//! itself). [`Normalizer::strict_hosts`] makes such a host an error
//! instead, for callers about to look the name up: it checks the host as
//! [`crate::mapping::ToUri::idna`] does (UTS 46 ToASCII with the DNS
//! lengths; see the [IDNA section](crate::mapping#idna)), so the two agree
//! on every host and give the same [`crate::mapping::IdnaReason`].
//! Delimiters of empty components stay (`http://example.com/?` is not
//! `http://example.com/`), and the fragment is never touched beyond
//! syntax-based normalization. A relative reference has no scheme, so no
//! scheme-based rule applies to it: resolve it first (section 5.1: compare
//! target IRIs, not references).
//!
//! # Equivalence
//!
//! Normalization decodes only what section 5.3.2.3 names (`iunreserved`),
//! so two normal forms can still differ in a character that one keeps
//! encoded and the other raw: `a:?%EE%80%80` and `a:?\u{E000}` (`iprivate`
//! in a query), or a bidi formatting character. Both map to the same URI
//! (section 3.1), and the section's last paragraph says that equivalence
//! is to be tested with the percent-encodings aligned, "by converting both
//! IRIs to URIs": so on the syntax and scheme rungs two references are
//! equivalent when their normal forms are equal or map to the same URI.
//! [`normalize`] keeps each form as it is (the original form "MUST be
//! preserved"); only the comparison aligns them.
//!
//! ```
//! use rfc3987::normalize::{equiv, Level};
//!
//! assert!(equiv("a:?%EE%80%80", "a:?\u{E000}", Level::Syntax).unwrap());
//! assert!(!equiv("a:?%EE%80%80", "a:?\u{E000}", Level::Simple).unwrap());
//! // Reserved characters stay apart: `%2F` is not `/`.
//! assert!(!equiv("a:/x%2Fy", "a:/x/y", Level::Scheme).unwrap());
//! ```
//!
//! # Protocol-based normalization (section 5.3.4)
//!
//! Not provided: it needs the network (treating `/data` and `/data/` as one
//! because the server redirects from one to the other).
//!
//! # Properties
//!
//! Normalization is idempotent on every level (`normalize(normalize(x)) ==
//! normalize(x)`), its output matches `IRI-reference` (and `IRI` for an
//! IRI), and `x` is equivalent to `normalize(x)`; the test suite checks
//! these on generated IRIs.
//!
//! # Cost
//!
//! One pass over each component, one output allocation ([`Normalizer::
//! normalize_into`] reuses the caller's). Literal text is copied in spans
//! between `%` triplets; percent-decoding allocates nothing; a scratch
//! string is allocated only for a path with dot segments to remove and for
//! character normalization of non-ASCII text. IDN processing runs only on
//! registered names of DNS schemes, on the scheme rung.
//!
//! [`STANDARD`]: crate::scheme::STANDARD

use alloc::string::String;
use core::fmt;

#[cfg(feature = "normalization")]
use icu_normalizer::ComposingNormalizerBorrowed;

use crate::grammar::{class, rules};
use crate::mapping::is_bidi_formatting;
#[cfg(feature = "idna")]
use crate::mapping::IdnaReason;
use crate::parse_error::Kind;
use crate::percent::{self, Piece};
use crate::resolve::{has_dot_segment, protect_path, remove_dot_segments};
use crate::scheme::{Scheme, SchemeTable, STANDARD};
use crate::types::parse_str;
use crate::{Component, Components, Error, Host, Input, Iri, IriRef};

/// A rung of the comparison ladder (section 5.3). Non-exhaustive: the
/// scheme rung exists only with the `idna` feature, and features are
/// additive (a match elsewhere in a build that turns it on must not break).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Level {
    /// Section 5.3.1: the string as written.
    Simple,
    /// Section 5.3.2: case, percent-encoding and dot-segment normalization.
    Syntax,
    /// Section 5.3.3: syntax-based plus the scheme's rules and IDN hosts
    /// (with the `idna` feature, whose UTS 46 processing the IDN hosts
    /// need).
    #[cfg(feature = "idna")]
    Scheme,
}

/// Character normalization (section 5.3.2.2), off by default.
/// Non-exhaustive: the normalization forms exist only with the
/// `normalization` feature.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Chars {
    /// Characters as written: what comparison requires.
    #[default]
    AsIs,
    /// Unicode Normalization Form C, for producers and transcoders (with
    /// the `normalization` feature).
    #[cfg(feature = "normalization")]
    Nfc,
    /// Normalization Form KC, for creators who want compatibility
    /// characters folded too (with the `normalization` feature).
    #[cfg(feature = "normalization")]
    Nfkc,
}

/// The normalizer of one [`Chars`] form. [`Normalizer`] holds this rather
/// than matching on its `Chars` at each run, so that the tables of a form
/// are linked only into programs that set that form
/// ([`Normalizer::chars`]): matched at each run, the forms' tables added
/// 87 KB to the stripped default-features program of `bash
/// benches/build-weight.sh`, which sets no form.
#[cfg(feature = "normalization")]
type Form = fn() -> ComposingNormalizerBorrowed<'static>;

impl Chars {
    /// The normalizer of this form (none for [`Chars::AsIs`]).
    #[cfg(feature = "normalization")]
    const fn form(self) -> Option<Form> {
        match self {
            Chars::AsIs => None,
            Chars::Nfc => Some(ComposingNormalizerBorrowed::new_nfc as Form),
            Chars::Nfkc => Some(ComposingNormalizerBorrowed::new_nfkc as Form),
        }
    }
}

/// Why a parsed IRI reference could not be normalized: only the scheme
/// rung with [`Normalizer::strict_hosts`] can fail, on a host that is not
/// a valid domain name. (The functions on strings, which also parse,
/// return the crate's [`Error`].) Without the `idna` feature there is no
/// scheme rung, and this type has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NormalizeError {
    /// On the scheme rung with [`Normalizer::strict_hosts`]: the host of a
    /// scheme whose hosts are DNS names is not a valid domain name: the
    /// check of [`crate::mapping::ToUri::idna`] (UTS 46 ToASCII with the
    /// STD3 rules and the DNS lengths) fails, for `reason`.
    /// `offset` and `len` delimit the host in the input.
    #[cfg(feature = "idna")]
    InvalidHost {
        /// Byte offset of the host in the input.
        offset: usize,
        /// Length of the host in bytes.
        len: usize,
        /// The rule the host breaks, in the words of `to_uri`'s IDNA
        /// errors ([`crate::mapping::MappingError::Idna`]).
        reason: IdnaReason,
    },
}

impl NormalizeError {
    /// Byte offset in the input where the problem is.
    pub fn offset(&self) -> usize {
        match *self {
            #[cfg(feature = "idna")]
            NormalizeError::InvalidHost { offset, .. } => offset,
        }
    }

    /// The grammar rule the problem is in: `ireg-name` for a host.
    pub fn rule(&self) -> &'static str {
        match *self {
            #[cfg(feature = "idna")]
            NormalizeError::InvalidHost { .. } => rules::IREG_NAME.name(),
        }
    }
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(not(feature = "idna"))]
        let _ = f;
        match *self {
            #[cfg(feature = "idna")]
            NormalizeError::InvalidHost { offset, reason, .. } => write!(
                f,
                "the host at byte {offset} is not a valid domain name: {reason}"
            ),
        }
    }
}

impl core::error::Error for NormalizeError {}

/// Normalizes IRI references on one rung of the ladder, with a scheme
/// table and a character normalization form.
///
/// ```
/// use rfc3987::normalize::{Chars, Level, Normalizer};
/// use rfc3987::scheme::{Scheme, SchemeTable};
///
/// let mut table = SchemeTable::standard();
/// table.insert(Scheme::new("gopher").with_default_port(70));
/// let n = Normalizer::new(Level::Scheme).schemes(&table).chars(Chars::Nfc);
/// assert_eq!(n.normalize("gopher://h:70/re\u{301}").unwrap(), "gopher://h/r\u{e9}");
/// ```
#[derive(Clone, Copy)]
#[must_use = "a configuration does nothing until it is used"]
pub struct Normalizer<'t> {
    level: Level,
    chars: Chars,
    /// `chars.form()`, set with `chars`.
    #[cfg(feature = "normalization")]
    form: Option<Form>,
    schemes: &'t SchemeTable,
    #[cfg(feature = "idna")]
    strict_hosts: bool,
    /// [`dns_host`] on the scheme rung, set with `level`.
    #[cfg(feature = "idna")]
    dns_host: Option<DnsHost>,
}

/// UTS 46 on the DNS hosts of the scheme rung, held by a [`Normalizer`]
/// of [`Level::Scheme`] rather than chosen by its level at each call, so
/// that UTS 46 and its data are linked only into programs that normalize
/// on that rung: chosen at each call (here and in `ToUri`), UTS 46, its
/// data and this crate's IDNA code added 348 KB to the stripped
/// default-features program of `bash benches/build-weight.sh`, which
/// normalizes on the syntax rung and maps without IDNA.
#[cfg(feature = "idna")]
type DnsHost = fn(&mut String, usize, bool) -> Result<(), IdnaReason>;

impl fmt::Debug for Normalizer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Normalizer");
        d.field("level", &self.level)
            .field("chars", &self.chars)
            .field("schemes", &self.schemes);
        #[cfg(feature = "idna")]
        d.field("strict_hosts", &self.strict_hosts);
        d.finish()
    }
}

impl Normalizer<'static> {
    /// A normalizer for `level`, with the [`STANDARD`] scheme table and no
    /// character normalization.
    ///
    /// Inlined, so that a constant level links only its own rung's code.
    #[inline]
    pub const fn new(level: Level) -> Self {
        Normalizer {
            level,
            chars: Chars::AsIs,
            #[cfg(feature = "normalization")]
            form: None,
            schemes: &STANDARD,
            #[cfg(feature = "idna")]
            strict_hosts: false,
            #[cfg(feature = "idna")]
            dns_host: match level {
                Level::Scheme => Some(dns_host as DnsHost),
                _ => None,
            },
        }
    }
}

impl Default for Normalizer<'static> {
    /// Syntax-based normalization.
    fn default() -> Self {
        Normalizer::new(Level::Syntax)
    }
}

impl<'t> Normalizer<'t> {
    /// With character normalization `chars` (ignored on [`Level::Simple`]).
    ///
    /// Inlined, so that a constant form links only its own tables.
    #[inline]
    pub const fn chars(mut self, chars: Chars) -> Self {
        self.chars = chars;
        #[cfg(feature = "normalization")]
        {
            self.form = chars.form();
        }
        self
    }

    /// With the scheme table `schemes` (used on [`Level::Scheme`]).
    pub const fn schemes<'u>(self, schemes: &'u SchemeTable) -> Normalizer<'u> {
        Normalizer {
            level: self.level,
            chars: self.chars,
            #[cfg(feature = "normalization")]
            form: self.form,
            schemes,
            #[cfg(feature = "idna")]
            strict_hosts: self.strict_hosts,
            #[cfg(feature = "idna")]
            dns_host: self.dns_host,
        }
    }

    /// Whether, on [`Level::Scheme`], a DNS host that UTS 46 processing
    /// rejects is an error ([`NormalizeError::InvalidHost`]) rather than
    /// kept in its syntax-normalized form (the default).
    ///
    /// Section 5.3.3's IDN processing is there to compare, and strings
    /// equal on a lower rung must stay equal on every higher one: so by
    /// default a host such as `my_host.example.com` (STD3 forbids `_`) is
    /// compared as written. Strict hosts suit a resolver that is about to
    /// look the name up.
    ///
    /// ```
    /// use rfc3987::normalize::{Level, Normalizer};
    /// let n = Normalizer::new(Level::Scheme);
    /// assert_eq!(n.normalize("HTTP://My_Host.Example.com:80").unwrap(), "http://my_host.example.com/");
    /// assert!(n.strict_hosts(true).normalize("http://my_host.example.com/").is_err());
    /// ```
    #[cfg(feature = "idna")]
    pub const fn strict_hosts(mut self, strict: bool) -> Self {
        self.strict_hosts = strict;
        self
    }

    /// The rung.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Whether this is the scheme rung (which needs the `idna` feature).
    fn scheme_rung(&self) -> bool {
        #[cfg(feature = "idna")]
        return self.level == Level::Scheme;
        #[cfg(not(feature = "idna"))]
        return false;
    }

    /// The normal form of `input`, an `IRI-reference`.
    pub fn normalize(&self, input: &str) -> Result<String, Error> {
        let reference = parse_str(input, Kind::Reference)?;
        Ok(self.form(&reference)?)
    }

    /// Appends the normal form of `input` to `out` (on error, `out` may
    /// hold part of it).
    pub fn normalize_into(&self, input: &str, out: &mut String) -> Result<(), Error> {
        let reference = parse_str(input, Kind::Reference)?;
        Ok(self.form_into(&reference, out)?)
    }

    /// The normal form of a parsed reference. Callers parse before they
    /// call it, so a rejected input costs no heap.
    #[inline]
    fn form(&self, reference: &IriRef<&str>) -> Result<String, NormalizeError> {
        let mut out = String::with_capacity(reference.as_str().len() + 1);
        self.form_into(reference, &mut out)?;
        Ok(out)
    }

    /// Appends the normal form of a parsed reference to `out`.
    #[inline]
    fn form_into(&self, reference: &IriRef<&str>, out: &mut String) -> Result<(), NormalizeError> {
        if self.level == Level::Simple {
            out.push_str(reference.as_str());
            return Ok(());
        }
        self.write(reference.as_str(), &reference.components(), out)
    }

    /// The normal form of a parsed reference. Only the scheme rung with
    /// [`Normalizer::strict_hosts`] can fail (an invalid IDN host);
    /// otherwise normalization of a valid reference always succeeds.
    ///
    /// ```
    /// use rfc3987::normalize::{Level, Normalizer};
    /// use rfc3987::IriRef;
    /// let r = IriRef::parse("//Example.ORG:80/a/../%7e")?;
    /// let n = Normalizer::new(Level::Syntax).normalize_ref(&r).unwrap();
    /// assert_eq!(n, "//example.org:80/~");
    /// assert_eq!(n.host(), Some("example.org"));
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn normalize_ref<T: AsRef<str>>(
        &self,
        reference: &IriRef<T>,
    ) -> Result<IriRef<String>, NormalizeError> {
        let text = self.normalize_parsed(reference)?;
        let pos = crate::components::split(&text);
        Ok(IriRef::from_positions(text, pos))
    }

    /// The normal form of a parsed IRI, an IRI again.
    ///
    /// ```
    /// use rfc3987::normalize::{Level, Normalizer};
    /// use rfc3987::Iri;
    /// let iri = Iri::parse("HTTP://résumé.example.org:80")?;
    /// let n = Normalizer::new(Level::Scheme).normalize_iri(&iri).unwrap();
    /// assert_eq!(n.scheme(), "http");
    /// assert_eq!(n.path(), "/");
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn normalize_iri<T: AsRef<str>>(
        &self,
        iri: &Iri<T>,
    ) -> Result<Iri<String>, NormalizeError> {
        let text = self.normalize_parsed(iri)?;
        let pos = crate::components::split(&text);
        Ok(Iri(IriRef::from_positions(text, pos)))
    }

    pub(crate) fn normalize_parsed<T: AsRef<str>>(
        &self,
        reference: &IriRef<T>,
    ) -> Result<String, NormalizeError> {
        let input = reference.as_str();
        let mut out = String::with_capacity(input.len() + 1);
        if self.level == Level::Simple {
            out.push_str(input);
        } else {
            self.write(input, &reference.components(), &mut out)?;
        }
        Ok(out)
    }

    /// Whether `a` and `b` are equivalent on this rung: equal normal
    /// forms, or (above the simple rung) normal forms that map to the same
    /// URI (see the module documentation's "Equivalence").
    // `equivalent`, `same_forms` and `equiv`: `#[inline]`, compiled only
    // in a crate that compares (see `crate::check_batch`).
    #[inline]
    pub fn equivalent(&self, a: &str, b: &str) -> Result<bool, Error> {
        // Both parsed before either is normalized: a rejected input costs
        // no heap, and a syntax error comes before a host's.
        let ra = parse_str(a, Kind::Reference).map_err(|e| Error::in_input(Input::First, e))?;
        let rb = parse_str(b, Kind::Reference).map_err(|e| Error::in_input(Input::Second, e))?;
        let na = self
            .form(&ra)
            .map_err(|error| Error::in_input(Input::First, error))?;
        let nb = self
            .form(&rb)
            .map_err(|error| Error::in_input(Input::Second, error))?;
        Ok(self.same_forms(&na, &nb))
    }

    /// Whether two normal forms on this rung stand for the same
    /// reference: equal, or, above the simple rung, with the same URI
    /// (section 5.3.2.3 aligns percent-encodings "by converting both IRIs
    /// to URIs"): what is left to differ is a character that the rung
    /// keeps encoded in one and raw in the other (`iprivate` in a query,
    /// a bidi formatting character).
    #[inline]
    fn same_forms(&self, a: &str, b: &str) -> bool {
        a == b
            || (self.level != Level::Simple
                && !(a.is_ascii() && b.is_ascii())
                && crate::mapping::to_uri(a)
                    .is_ok_and(|ua| crate::mapping::to_uri(b).is_ok_and(|ub| ua == ub)))
    }

    /// Writes the normal form of a valid `input`, split as `parts`.
    fn write(
        &self,
        input: &str,
        parts: &Components<'_>,
        out: &mut String,
    ) -> Result<(), NormalizeError> {
        let rule = match parts.scheme {
            Some(s) if self.scheme_rung() => Some(self.schemes.get(s)),
            _ => None,
        };
        if let Some(scheme) = parts.scheme {
            let start = out.len();
            out.push_str(scheme);
            out[start..].make_ascii_lowercase();
            out.push(':');
        }
        if parts.authority.is_some() {
            out.push_str("//");
            self.authority(input, parts, rule, out)?;
        }
        self.path(parts, rule, out);
        if let Some(query) = parts.query {
            out.push('?');
            self.component(query, Component::Query, out);
        }
        if let Some(fragment) = parts.fragment {
            out.push('#');
            self.component(fragment, Component::Fragment, out);
        }
        Ok(())
    }

    /// `[ iuserinfo "@" ] ihost [ ":" port ]` of `input`, split as
    /// `parts` (the input is for error offsets).
    #[cfg_attr(not(feature = "idna"), allow(unused_variables))]
    fn authority(
        &self,
        input: &str,
        parts: &Components<'_>,
        rule: Option<&Scheme>,
        out: &mut String,
    ) -> Result<(), NormalizeError> {
        let (userinfo, port) = (parts.userinfo, parts.port);
        let host = parts.host.unwrap_or_default();
        if let Some(userinfo) = userinfo {
            self.component(userinfo, Component::Userinfo, out);
            out.push('@');
        }
        let host_start = out.len();
        if host.starts_with('[') {
            // IP-literal: ASCII only, and case-insensitive (RFC 3986
            // section 3.2.2), hex digits included. On the scheme rung an
            // IPv6 address takes its RFC 5952 text (longest run of zero
            // groups compressed, no leading zeros), which is what
            // `core::net::Ipv6Addr` displays, so `[0:0::1]` is `[::1]`.
            match Host::classify(host) {
                Host::Ipv6(address) if self.scheme_rung() => {
                    use core::fmt::Write as _;
                    let _ = write!(out, "[{address}]");
                }
                _ => {
                    out.push_str(host);
                    out[host_start..].make_ascii_lowercase();
                }
            }
        } else {
            self.component(host, Component::Host, out);
            if out[host_start..].is_ascii() {
                lowercase_literals(&mut out[host_start..]);
            }
            #[cfg(feature = "idna")]
            if let (Some(rule), Some(dns_host)) = (rule, self.dns_host) {
                if rule.dns_host() && out.len() > host_start {
                    if let Err(reason) = dns_host(out, host_start, self.strict_hosts) {
                        return Err(NormalizeError::InvalidHost {
                            offset: subslice_offset(input, host),
                            len: host.len(),
                            reason,
                        });
                    }
                }
            }
        }
        let host_end = out.len();
        match (port, rule) {
            (None, _) => {}
            (Some(port), None) => {
                out.push(':');
                out.push_str(port);
            }
            (Some(port), Some(rule)) => {
                let digits = port.trim_start_matches('0');
                let value: Option<u16> = if port.is_empty() {
                    None
                } else {
                    digits
                        .parse()
                        .ok()
                        .or(if digits.is_empty() { Some(0) } else { None })
                };
                if !port.is_empty() && (value.is_none() || value != rule.default_port()) {
                    out.push(':');
                    out.push_str(if digits.is_empty() { "0" } else { digits });
                }
            }
        }
        if let Some(default) = rule.and_then(Scheme::default_host) {
            if userinfo.is_none()
                && out.len() == host_end
                && out[host_start..].eq_ignore_ascii_case(default)
            {
                out.truncate(host_start);
            }
        }
        Ok(())
    }

    /// The path: percent-encoding, characters, dot segments, then the
    /// scheme's empty-path rule.
    fn path(&self, parts: &Components<'_>, rule: Option<&Scheme>, out: &mut String) {
        let path = parts.path;
        let remove_dots =
            parts.scheme.is_some() || parts.authority.is_some() || path.starts_with('/');
        let start = out.len();
        self.component(path, Component::Path, out);
        if remove_dots && has_dot_segment(&out[start..]) {
            // Dot segments are removed after decoding (`%2E%2E` is `..`).
            let decoded = out.split_off(start);
            remove_dot_segments(&decoded, out);
        }
        if parts.authority.is_none() {
            protect_path(out, start);
        } else if out.len() == start && rule.is_some_and(Scheme::empty_path_is_root) {
            out.push('/');
        }
    }

    /// Appends one component with percent-encoding normalized and, if
    /// asked, characters normalized (which writes as they are only the
    /// characters that `component` allows unencoded).
    fn component(&self, text: &str, component: Component, out: &mut String) {
        let start = out.len();
        percent_normalize(text, is_decoded, out);
        if self.chars == Chars::AsIs || out[start..].is_ascii() {
            return;
        }
        // Decoded characters take part in character normalization (only
        // with the `normalization` feature is `chars` other than `AsIs`).
        #[cfg(feature = "normalization")]
        if let Some(form) = self.form {
            let decoded = out.split_off(start);
            normalize_chars(&decoded, &form(), component, out);
        }
        #[cfg(not(feature = "normalization"))]
        let _ = component;
    }
}

/// Section 5.3 on parsed values: the normal form borrows the input when
/// it is already normal, and nothing is validated again.
impl<T: AsRef<str>> IriRef<T> {
    /// The syntax-based normal form (section 5.3.2, no character
    /// normalization); it cannot fail.
    ///
    /// ```
    /// use rfc3987::IriRef;
    /// let r = IriRef::parse("HTTP://Example.org/a/./b/../%7e")?;
    /// assert_eq!(r.normalize(), "http://example.org/a/~");
    /// let already = IriRef::parse("http://example.org/")?;
    /// assert!(matches!(already.normalize().into_inner(), std::borrow::Cow::Borrowed(_)));
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    #[must_use]
    pub fn normalize(&self) -> IriRef<alloc::borrow::Cow<'_, str>> {
        match self.normalize_with(&Normalizer::new(Level::Syntax)) {
            Ok(normal) => normal,
            // Only strict hosts on the scheme rung can fail.
            Err(_) => unreachable!("syntax-based normalization of a parsed reference fails"),
        }
    }

    /// The normal form on `normalizer`'s rung; fails only with
    /// [`Normalizer::strict_hosts`].
    ///
    /// ```
    /// use rfc3987::normalize::{Level, Normalizer};
    /// use rfc3987::IriRef;
    /// let r = IriRef::parse("http://xn--rsum-bpad.example.org:80")?;
    /// let n = r.normalize_with(&Normalizer::new(Level::Scheme)).unwrap();
    /// assert_eq!(n, "http://résumé.example.org/");
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn normalize_with(
        &self,
        normalizer: &Normalizer<'_>,
    ) -> Result<IriRef<alloc::borrow::Cow<'_, str>>, NormalizeError> {
        Ok(self.derived(normalizer.normalize_parsed(self)?))
    }

    /// Whether this reference and `other` are equivalent on `level`'s rung
    /// of the comparison ladder (section 5.3): equal normal forms.
    ///
    /// ```
    /// use rfc3987::{normalize::Level, IriRef};
    /// let a = IriRef::parse("http://example.com/")?;
    /// let b = IriRef::parse("HTTP://Example.com:80")?;
    /// assert!(!a.equivalent(&b, Level::Syntax));
    /// assert!(a.equivalent(&b, Level::Scheme));
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    #[must_use]
    pub fn equivalent<U: AsRef<str>>(&self, other: &IriRef<U>, level: Level) -> bool {
        let n = Normalizer::new(level);
        match (n.normalize_parsed(self), n.normalize_parsed(other)) {
            (Ok(a), Ok(b)) => n.same_forms(&a, &b),
            // Without strict hosts no rung fails on a parsed reference.
            _ => unreachable!("normalization of a parsed reference fails"),
        }
    }
}

/// The same operations on IRIs keep the type.
impl<T: AsRef<str>> Iri<T> {
    /// [`IriRef::normalize`], as an IRI.
    #[must_use]
    pub fn normalize(&self) -> Iri<alloc::borrow::Cow<'_, str>> {
        Iri(self.0.normalize())
    }

    /// [`IriRef::normalize_with`], as an IRI.
    pub fn normalize_with(
        &self,
        normalizer: &Normalizer<'_>,
    ) -> Result<Iri<alloc::borrow::Cow<'_, str>>, NormalizeError> {
        self.0.normalize_with(normalizer).map(Iri)
    }

    /// [`IriRef::equivalent`] of two IRIs.
    #[must_use]
    pub fn equivalent<U: AsRef<str>>(&self, other: &Iri<U>, level: Level) -> bool {
        self.0.equivalent(&other.0, level)
    }
}

/// Syntax-based normalization of an `IRI-reference` (section 5.3.2),
/// without character normalization: `Normalizer::new(Level::Syntax)`.
pub fn normalize(input: &str) -> Result<String, Error> {
    Normalizer::new(Level::Syntax).normalize(input)
}

/// Whether `a` and `b` are equivalent on `level` of the ladder, with the
/// standard scheme table and no character normalization.
///
/// ```
/// use rfc3987::normalize::{equiv, Level};
/// let forms = ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"];
/// for a in forms {
///     for b in forms {
///         assert!(equiv(a, b, Level::Scheme).unwrap());
///     }
/// }
/// assert!(!equiv("http://example.com/", "http://example.com/?", Level::Scheme).unwrap());
/// ```
#[inline]
pub fn equiv(a: &str, b: &str, level: Level) -> Result<bool, Error> {
    if level == Level::Simple {
        // No normal form to build: validate and compare.
        for (input, text) in [(Input::First, a), (Input::Second, b)] {
            crate::check(&rules::IRI_REFERENCE, text).map_err(|e| Error::in_input(input, e))?;
        }
        return Ok(a == b);
    }
    Normalizer::new(level).equivalent(a, b)
}

/// Byte offset of `part`, a subslice of `whole`.
#[cfg(feature = "idna")]
fn subslice_offset(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// What section 5.3.2.3 decodes: "percent-encoded octets that correspond
/// to characters in the unreserved set", for IRIs `iunreserved`, in every
/// component. `iprivate` is not in it (so `?%EE%80%80` stays encoded), and
/// neither are the bidi formatting characters that section 4.1 forbids,
/// though `ucschar` has them.
fn is_decoded(c: char) -> bool {
    class::is_iunreserved(c) && !is_bidi_formatting(c)
}

/// Appends `text` with each `%HH` run decoded where it encodes a character
/// that `unencoded` allows, and re-encoded in uppercase hex otherwise.
/// Literal text is copied in spans.
fn percent_normalize(text: &str, unencoded: fn(char) -> bool, out: &mut String) {
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let mut used = 0;
        for piece in percent::pieces(rest) {
            match piece {
                Piece::Encoded { c, raw } => {
                    if unencoded(c) {
                        out.push(c);
                    } else {
                        percent::push_encoded(out, c);
                    }
                    used += raw.len();
                }
                Piece::Invalid { octet, raw } => {
                    percent::push_octet(out, octet);
                    used += raw.len();
                }
                Piece::Stray(c) => {
                    // Only in text no recognizer accepted; copied.
                    out.push(c);
                    used += c.len_utf8();
                    break;
                }
                Piece::Literal(_) => break,
            }
        }
        rest = &rest[used..];
    }
    out.push_str(rest);
}

/// Lowercases the literal ASCII letters of `text`, leaving the hex
/// digits of `%HH` triplets uppercase.
fn lowercase_literals(text: &mut str) {
    text.make_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = text[from..].find('%') {
        let at = from + i;
        let end = (at + 3).min(text.len());
        text[at + 1..end].make_ascii_uppercase();
        from = end;
    }
}

/// Applies NFC or NFKC to `text` (percent-normalized component text) run by
/// run between reserved characters and `%HH` triplets, percent-encoding any
/// resulting character that the component does not allow unencoded (see
/// "Readings of the RFC" in the module docs).
#[cfg(feature = "normalization")]
fn normalize_chars(
    text: &str,
    normalizer: &ComposingNormalizerBorrowed<'static>,
    component: Component,
    out: &mut String,
) {
    let bytes = text.as_bytes();
    let mut run_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let boundary = if b == b'%' {
            3
        } else if b.is_ascii() && class::is_reserved(char::from(b)) {
            1
        } else {
            0
        };
        if boundary == 0 {
            // Bytes of a multi-byte character are never ASCII.
            i += 1;
            continue;
        }
        normalize_run(&text[run_start..i], normalizer, component, out);
        let end = (i + boundary).min(bytes.len());
        out.push_str(&text[i..end]);
        i = end;
        run_start = i;
    }
    normalize_run(&text[run_start..], normalizer, component, out);
}

#[cfg(feature = "normalization")]
fn normalize_run(
    run: &str,
    normalizer: &ComposingNormalizerBorrowed<'static>,
    component: Component,
    out: &mut String,
) {
    if run.is_ascii() || normalizer.is_normalized(run) {
        out.push_str(run);
        return;
    }
    let mut push = |c: char| {
        if component.allows_unencoded(c) {
            out.push(c);
        } else {
            percent::push_encoded(out, c);
        }
    };
    normalizer.normalize_iter(run.chars()).for_each(&mut push);
}

/// The scheme rung's step on the DNS host `out[start..]`: with `strict`,
/// the domain-name check of `to_uri`'s IDNA on the syntax-normalized host
/// (failing for its reason); then [`idn_host`], which on failure leaves
/// the syntax-normalized host (never after the check: UTS 46 ToUnicode
/// accepts every name its ToASCII accepts).
#[cfg(feature = "idna")]
fn dns_host(out: &mut String, start: usize, strict: bool) -> Result<(), IdnaReason> {
    if strict {
        if let Err(crate::mapping::MappingError::Idna { reason, .. }) =
            crate::mapping::check_host(&out[start..])
        {
            return Err(reason);
        }
    }
    let _ = idn_host(out, start);
    Ok(())
}

/// Replaces the registered name `out[start..]` by its UTS 46 ToUnicode
/// form, or fails, leaving `out` as it was, if UTS 46 processing reports
/// an error or a decoded label itself begins with `xn--` (which UTS 46
/// forbids: `xn--xn--b-eee` would become `xn--ψb`, which ToASCII rejects,
/// so normalizing twice would differ). Characters of the result that
/// `ireg-name` does not allow unencoded are percent-encoded.
#[cfg(feature = "idna")]
fn idn_host(out: &mut String, start: usize) -> Result<(), ()> {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let (unicode, result) = Uts46::new().to_unicode(
        &out.as_bytes()[start..],
        AsciiDenyList::STD3,
        Hyphens::CheckFirstLast,
    );
    result.map_err(|_| ())?;
    if unicode.split('.').any(crate::mapping::is_ace) {
        return Err(());
    }
    if unicode != out[start..] {
        let unicode = String::from(unicode);
        out.truncate(start);
        for c in unicode.chars() {
            if Component::Host.allows_unencoded(c) {
                out.push(c);
            } else {
                percent::push_encoded(out, c);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pct(text: &str, unencoded: fn(char) -> bool) -> String {
        let mut out = String::new();
        percent_normalize(text, unencoded, &mut out);
        out
    }

    #[test]
    fn percent_runs_decode_only_iunreserved_characters() {
        assert_eq!(pct("a%7e%2f%C3%A9%c0%af", is_decoded), "a~%2Fé%C0%AF");
        // iprivate is not iunreserved, not even in the query; nor are bidi
        // formatting characters (U+202E, U+2067).
        assert_eq!(pct("%EE%80%80", is_decoded), "%EE%80%80");
        assert_eq!(pct("%e2%80%ae%E2%81%A7", is_decoded), "%E2%80%AE%E2%81%A7");
        assert_eq!(pct("%41%", is_decoded), "A%");
    }

    #[test]
    fn lowercasing_skips_triplets() {
        let mut s = String::from("X:AB%2FCD");
        lowercase_literals(&mut s[2..]);
        assert_eq!(s, "X:ab%2Fcd");
    }

    #[test]
    #[cfg(feature = "normalization")]
    fn character_runs_stop_at_delimiters() {
        let nfc = ComposingNormalizerBorrowed::new_nfc();
        let nfkc = ComposingNormalizerBorrowed::new_nfkc();
        let mut out = String::new();
        normalize_chars("a=\u{338}e\u{301}", &nfc, Component::Query, &mut out);
        assert_eq!(out, "a=\u{338}é");
        out.clear();
        normalize_chars("a\u{FF0F}b", &nfkc, Component::Path, &mut out);
        assert_eq!(out, "a%2Fb");
        out.clear();
        normalize_chars("%C3e\u{301}", &nfc, Component::Path, &mut out);
        assert_eq!(out, "%C3é");
    }
}
