//! The IRI types: one generic type per top-level rule of RFC 3987 section
//! 2.2, over the storage of its text.
//!
//! ```text
//!                 IriRef<T>             IRI-reference
//!                /         \
//!          Iri<T>          RelativeRef<T>   IRI     irelative-ref
//!            |
//!      AbsoluteIri<T>                     absolute-IRI
//! ```
//!
//! Each arrow is `Deref` to the more general type (every `IRI` is an
//! `IRI-reference`), `From` towards it and `TryFrom` back. Every type holds
//! its text and the [`Positions`] of its components, found once when it
//! was parsed; accessors slice the text. The text is any `T: AsRef<str>`:
//! `&str` (or `&String`, so `Iri::parse(&line)` works on a `String` line)
//! to borrow, `String` to own and edit, `Box<str>`, `Arc<str>`, `Rc<str>`
//! or `Cow<str>` to store or share.

use alloc::borrow::{Cow, ToOwned};
use alloc::string::String;
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;
use core::str::FromStr;

use crate::component::Component;
use crate::components::{accept_head, split, Accepted, Positions};
use crate::error::CheckError;
use crate::host::Host;
use crate::parse_error::{Kind, ParseError};

/// Validates `text` as a `kind` with the generated DFA, then splits it,
/// told by the walk's last state what the text does not contain; the
/// value is `build`'s from the text and its positions, the error's input
/// `input`'s from the text. Each outcome builds its own result, so that
/// the common one keeps the positions in registers (see
/// `components::accept_head`).
#[inline(always)]
fn parse_as<T: AsRef<str>, V>(
    text: T,
    kind: Kind,
    build: impl FnOnce(T, Positions) -> V,
    input: impl FnOnce(T) -> String,
) -> Result<V, ParseError> {
    match accept_head(kind.rule(), text.as_ref()) {
        Ok(Accepted::Split(pos)) => Ok(build(text, pos)),
        Ok(wide) => {
            let pos = wide.split(text.as_ref());
            Ok(build(text, pos))
        }
        Err(reject) => {
            let details = crate::rejected(kind.rule(), text.as_ref(), reject);
            Err(ParseError::new(details, input(text)))
        }
    }
}

/// [`parse_as`] for the crate's string functions (`resolve::resolve`,
/// `normalize::normalize`, ...), which parse and then run the method on
/// the parsed value: the same walk and split, the error the
/// [`CheckError`] they return (no copy of the input).
#[inline(always)]
pub(crate) fn parse_str(text: &str, kind: Kind) -> Result<IriRef<&str>, CheckError> {
    parse_or_reject(text, kind).map_err(|reject| crate::rejected(kind.rule(), text, reject))
}

/// [`parse_str`], failing with the walk's bare verdict, for a caller that
/// builds its error out of line (`crate::rejected` makes the
/// [`CheckError`]).
#[inline(always)]
pub(crate) fn parse_or_reject(text: &str, kind: Kind) -> Result<IriRef<&str>, crate::scan::Reject> {
    match accept_head(kind.rule(), text)? {
        Accepted::Split(pos) => Ok(IriRef::from_positions(text, pos)),
        wide => Ok(IriRef::from_positions(text, wide.split(text))),
    }
}

/// An IRI reference (`IRI-reference`, RFC 3987 section 2.2): an IRI, or a
/// relative reference to be resolved against a base IRI.
///
/// `T` is the text's storage: `IriRef<&str>` borrows, `IriRef<String>`
/// owns (and can be edited with its `set_*` methods), `IriRef<Box<str>>`
/// and `IriRef<Arc<str>>` store and share. The components are found once,
/// by [`parse`](Self::parse); every accessor is then O(1) and returns a
/// slice of the text.
///
/// ```
/// use rfc3987::IriRef;
///
/// let r = IriRef::parse("http://user@例え.jp:8080/パス/a?q=1#frag")?;
/// assert_eq!(r.scheme(), Some("http"));
/// assert_eq!(r.authority(), Some("user@例え.jp:8080"));
/// assert_eq!(r.userinfo(), Some("user"));
/// assert_eq!(r.host(), Some("例え.jp"));
/// assert_eq!(r.port(), Some("8080"));
/// assert_eq!(r.port_u16(), Some(8080));
/// assert_eq!(r.path(), "/パス/a");
/// assert_eq!(r.query(), Some("q=1"));
/// assert_eq!(r.fragment(), Some("frag"));
///
/// let relative = IriRef::parse("../a?")?;
/// assert_eq!(relative.scheme(), None);
/// assert_eq!(relative.query(), Some(""));
/// assert_eq!(relative.fragment(), None);
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<T> {
    text: T,
    pos: Positions,
}

/// An IRI (`IRI`, RFC 3987 section 2.2): a scheme, then the hierarchical
/// part, an optional query and an optional fragment.
///
/// Everything [`IriRef`] has (it derefs to one), and the scheme as a plain
/// `&str`, since it is always present.
///
/// ```
/// use rfc3987::Iri;
///
/// let iri = Iri::parse("urn:isbn:978-3-16-148410-0")?;
/// assert_eq!(iri.scheme(), "urn");
/// assert_eq!(iri.path(), "isbn:978-3-16-148410-0");
/// assert!(Iri::parse("/no/scheme").is_err());
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Iri<T>(pub(crate) IriRef<T>);

/// An absolute IRI (`absolute-IRI`, RFC 3987 section 2.2): an IRI without a
/// fragment, what a base IRI must be (RFC 3986 section 5.1).
///
/// It derefs to [`Iri`]; [`Iri::without_fragment`] makes one from any IRI.
///
/// ```
/// use rfc3987::{AbsoluteIri, Iri};
///
/// let base = AbsoluteIri::parse("http://a/b/c/d;p?q")?;
/// assert_eq!(base.scheme(), "http");
/// assert!(AbsoluteIri::parse("http://a/b#f").is_err());
/// let iri = Iri::parse("http://a/b#f")?;
/// assert_eq!(iri.without_fragment(), "http://a/b");
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct AbsoluteIri<T>(pub(crate) Iri<T>);

/// A relative reference (`irelative-ref`, RFC 3987 section 2.2): an IRI
/// reference without a scheme, such as `../a`, `//host/b` or `?q`.
///
/// It derefs to [`IriRef`] (whose [`scheme`](IriRef::scheme) is then always
/// `None`).
///
/// ```
/// use rfc3987::RelativeRef;
///
/// let r = RelativeRef::parse("//example.org/a?b")?;
/// assert_eq!(r.host(), Some("example.org"));
/// assert!(RelativeRef::parse("http://example.org/").is_err());
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct RelativeRef<T>(pub(crate) IriRef<T>);

impl<T: AsRef<str>> IriRef<T> {
    /// The text and positions, without checking that they belong together;
    /// callers have split this very text.
    pub(crate) fn from_positions(text: T, pos: Positions) -> Self {
        IriRef { text, pos }
    }

    pub(crate) fn positions(&self) -> Positions {
        self.pos
    }

    /// This value's text, borrowed, as the result of an operation that
    /// changed nothing.
    pub(crate) fn borrowed(&self) -> IriRef<Cow<'_, str>> {
        IriRef::from_positions(Cow::Borrowed(self.text.as_ref()), self.pos)
    }

    /// The result `text` of an operation on this value, which the
    /// operation guarantees valid as the same kind of reference: borrowed
    /// when equal to this value's text, else split afresh.
    pub(crate) fn derived(&self, text: String) -> IriRef<Cow<'_, str>> {
        if text == *self.text.as_ref() {
            return self.borrowed();
        }
        let pos = split(&text);
        IriRef::from_positions(Cow::Owned(text), pos)
    }

    /// Replaces text and positions together; callers have split `text`.
    pub(crate) fn replace(&mut self, text: T, pos: Positions) {
        self.text = text;
        self.pos = pos;
    }

    /// The scheme (`http`), or `None` for a relative reference. A scheme
    /// is never empty, so `None` is the only way it can be missing.
    #[inline]
    pub fn scheme(&self) -> Option<&str> {
        self.pos.scheme(self.text.as_ref())
    }

    /// Whether there is a scheme: whether this is an IRI rather than a
    /// relative reference.
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.pos.scheme_end > 0
    }

    /// The authority (`user@host:port`, without the `//`), `None` when
    /// there is no `//`. It can be present and empty, as in `file:///etc`.
    #[inline]
    pub fn authority(&self) -> Option<&str> {
        self.pos.authority(self.text.as_ref())
    }

    /// Whether there is an authority (possibly empty).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.pos.has_authority()
    }

    /// The userinfo (before the `@`), `None` when there is no `@`; `Some("")`
    /// for `//@host`.
    #[inline]
    pub fn userinfo(&self) -> Option<&str> {
        self.pos.userinfo(self.text.as_ref())
    }

    /// Whether there is a userinfo (possibly empty).
    #[inline]
    pub fn has_userinfo(&self) -> bool {
        self.userinfo().is_some()
    }

    /// The host as written, brackets of an IP literal included (`[::1]`);
    /// `None` when there is no authority, and possibly empty when there is
    /// one (`file:///`). See [`host_parsed`](Self::host_parsed) for its
    /// kind.
    #[inline]
    pub fn host(&self) -> Option<&str> {
        self.pos.host(self.text.as_ref())
    }

    /// The host and its kind: registered name, IPv4 address, IPv6 address
    /// (as [`core::net`] addresses, the same types as `std::net`) or
    /// IPvFuture literal (RFC 3986 section 3.2.2).
    ///
    /// ```
    /// use rfc3987::{Host, IriRef};
    /// use std::net::{Ipv4Addr, Ipv6Addr};
    ///
    /// let r = IriRef::parse("http://[::ffff:192.0.2.1]/")?;
    /// let v6 = Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201);
    /// assert_eq!(r.host_parsed(), Some(Host::Ipv6(v6)));
    /// let r = IriRef::parse("telnet://192.0.2.16:80/")?;
    /// assert_eq!(r.host_parsed(), Some(Host::Ipv4(Ipv4Addr::new(192, 0, 2, 16))));
    /// let r = IriRef::parse("http://例え.jp/")?;
    /// assert_eq!(r.host_parsed(), Some(Host::RegName("例え.jp")));
    /// let r = IriRef::parse("http://[v7.x]/")?;
    /// assert_eq!(r.host_parsed(), Some(Host::IpvFuture("v7.x")));
    /// assert_eq!(IriRef::parse("mailto:a@b")?.host_parsed(), None);
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn host_parsed(&self) -> Option<Host<'_>> {
        self.host().map(Host::classify)
    }

    /// The port as written (digits only, possibly empty: `http://h:/`),
    /// `None` when there is no `:` after the host.
    #[inline]
    pub fn port(&self) -> Option<&str> {
        self.pos.port(self.text.as_ref())
    }

    /// Whether there is a port (possibly empty).
    #[inline]
    pub fn has_port(&self) -> bool {
        self.port().is_some()
    }

    /// The port as a number, when there is one, it is not empty and it
    /// fits in a `u16` (the grammar allows any number of digits; leading
    /// zeros are read as decimal, RFC 3986 section 3.2.3).
    pub fn port_u16(&self) -> Option<u16> {
        let digits = self.port().filter(|p| !p.is_empty())?;
        digits.chars().try_fold(0u16, |n, c| {
            n.checked_mul(10)?.checked_add(c.to_digit(10)? as u16)
        })
    }

    /// The port as a number (`None` when it does not fit in a `u16`), or
    /// when there is none (or it is empty) the default port of the scheme in the [standard scheme
    /// table](crate::scheme::STANDARD) (`http` 80, `https` 443, `ws` 80,
    /// `wss` 443, `ftp` 21).
    ///
    /// ```
    /// use rfc3987::IriRef;
    /// assert_eq!(IriRef::parse("https://example.org/")?.port_or_known_default(), Some(443));
    /// assert_eq!(IriRef::parse("HTTP://example.org:/")?.port_or_known_default(), Some(80));
    /// assert_eq!(IriRef::parse("http://example.org:8080/")?.port_or_known_default(), Some(8080));
    /// assert_eq!(IriRef::parse("http://example.org:99999/")?.port_or_known_default(), None);
    /// assert_eq!(IriRef::parse("urn:isbn:0451450523")?.port_or_known_default(), None);
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        match self.port() {
            Some(digits) if !digits.is_empty() => self.port_u16(),
            _ => crate::scheme::STANDARD
                .lookup(self.scheme()?)
                .and_then(crate::scheme::Scheme::default_port),
        }
    }

    /// The path; always present, possibly empty.
    #[inline]
    pub fn path(&self) -> &str {
        self.pos.path(self.text.as_ref())
    }

    /// The path's segments, the text between its `/`s.
    ///
    /// A leading `/` (an absolute path) starts no segment; an empty path
    /// has none; every other `/` separates two, possibly empty, segments.
    /// The segments are as written, `%HH` and dot-segments included.
    ///
    /// ```
    /// use rfc3987::IriRef;
    ///
    /// fn segments(s: &str) -> Vec<&str> {
    ///     IriRef::parse(s).unwrap().into_components().path_segments().collect()
    /// }
    /// assert_eq!(segments("http://h/a/b%2Fc/"), ["a", "b%2Fc", ""]);
    /// assert_eq!(segments("../x"), ["..", "x"]);
    /// assert_eq!(segments("http://h/"), [""]);
    /// assert!(segments("http://h").is_empty());
    /// ```
    pub fn path_segments(&self) -> PathSegments<'_> {
        PathSegments::of(self.path())
    }

    /// The query (after the `?`), `None` when there is no `?`.
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.pos.query(self.text.as_ref())
    }

    /// The decoded `key=value` pairs of the query (none when there is no
    /// query); see [`crate::query`] for the two styles.
    ///
    /// ```
    /// use rfc3987::{query::Style, IriRef};
    /// let r = IriRef::parse("?a=1&b=%C3%A9")?;
    /// let pairs: Vec<_> = r.query_pairs(Style::Plain).collect();
    /// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "é".into())]);
    /// # Ok::<(), rfc3987::ParseError>(())
    /// ```
    pub fn query_pairs(&self, style: crate::query::Style) -> crate::query::Pairs<'_> {
        crate::query::pairs(self.query().unwrap_or_default(), style)
    }

    /// Whether there is a query (possibly empty).
    #[inline]
    pub fn has_query(&self) -> bool {
        self.pos.query_end > self.pos.path_end
    }

    /// The fragment (after the `#`), `None` when there is no `#`.
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.pos.fragment(self.text.as_ref())
    }

    /// Whether there is a fragment (possibly empty).
    #[inline]
    pub fn has_fragment(&self) -> bool {
        self.pos.query_end < self.pos.len
    }

    /// All the components at once, as slices of the text.
    pub fn components(&self) -> Components<'_> {
        Components::of(self.text.as_ref(), self.pos)
    }

    /// This reference as an [`Iri`], if it has a scheme.
    pub fn as_iri(&self) -> Option<Iri<&str>> {
        self.has_scheme()
            .then(|| Iri(IriRef::from_positions(self.text.as_ref(), self.pos)))
    }

    /// This reference as a [`RelativeRef`], if it has no scheme.
    pub fn as_relative(&self) -> Option<RelativeRef<&str>> {
        (!self.has_scheme())
            .then(|| RelativeRef(IriRef::from_positions(self.text.as_ref(), self.pos)))
    }
}

impl<T: AsRef<str>> Iri<T> {
    /// The scheme (`http`), always present in an IRI.
    #[inline]
    pub fn scheme(&self) -> &str {
        &self.0.text.as_ref()[..self.0.pos.scheme_end]
    }

    /// This IRI without its fragment, as an [`AbsoluteIri`] borrowing the
    /// same text (RFC 3986 section 4.3: an absolute IRI is what remains of
    /// an IRI without its fragment). O(1).
    pub fn without_fragment(&self) -> AbsoluteIri<&str> {
        let pos = self.0.pos.without_fragment();
        AbsoluteIri(Iri(IriRef::from_positions(
            &self.0.text.as_ref()[..pos.len],
            pos,
        )))
    }
}

impl<T> Deref for Iri<T> {
    type Target = IriRef<T>;
    fn deref(&self) -> &IriRef<T> {
        &self.0
    }
}

impl<T> Deref for AbsoluteIri<T> {
    type Target = Iri<T>;
    fn deref(&self) -> &Iri<T> {
        &self.0
    }
}

impl<T> Deref for RelativeRef<T> {
    type Target = IriRef<T>;
    fn deref(&self) -> &IriRef<T> {
        &self.0
    }
}

impl<T> From<Iri<T>> for IriRef<T> {
    fn from(iri: Iri<T>) -> Self {
        iri.0
    }
}

impl<T> From<AbsoluteIri<T>> for Iri<T> {
    fn from(iri: AbsoluteIri<T>) -> Self {
        iri.0
    }
}

impl<T> From<AbsoluteIri<T>> for IriRef<T> {
    fn from(iri: AbsoluteIri<T>) -> Self {
        iri.0 .0
    }
}

impl<T> From<RelativeRef<T>> for IriRef<T> {
    fn from(r: RelativeRef<T>) -> Self {
        r.0
    }
}

/// Fails, giving the reference back, when it has no scheme.
impl<T: AsRef<str>> TryFrom<IriRef<T>> for Iri<T> {
    type Error = IriRef<T>;
    fn try_from(r: IriRef<T>) -> Result<Self, IriRef<T>> {
        if r.has_scheme() {
            Ok(Iri(r))
        } else {
            Err(r)
        }
    }
}

/// Fails, giving the reference back, when it has a scheme.
impl<T: AsRef<str>> TryFrom<IriRef<T>> for RelativeRef<T> {
    type Error = IriRef<T>;
    fn try_from(r: IriRef<T>) -> Result<Self, IriRef<T>> {
        if r.has_scheme() {
            Err(r)
        } else {
            Ok(RelativeRef(r))
        }
    }
}

/// Fails, giving the IRI back, when it has a fragment.
impl<T: AsRef<str>> TryFrom<Iri<T>> for AbsoluteIri<T> {
    type Error = Iri<T>;
    fn try_from(iri: Iri<T>) -> Result<Self, Iri<T>> {
        if iri.has_fragment() {
            Err(iri)
        } else {
            Ok(AbsoluteIri(iri))
        }
    }
}

impl<'a> IriRef<&'a str> {
    /// The components as slices of the borrowed text, with its lifetime
    /// rather than this value's: what a function that parses a `&'a str`
    /// returns.
    ///
    /// ```
    /// use rfc3987::IriRef;
    ///
    /// fn host(text: &str) -> Option<&str> {
    ///     IriRef::parse(text).ok()?.into_components().host
    /// }
    /// assert_eq!(host("ldap://[2001:db8::7]/c=GB"), Some("[2001:db8::7]"));
    /// ```
    pub fn into_components(self) -> Components<'a> {
        Components::of(self.text, self.pos)
    }
}

/// The components of an IRI reference, each the exact substring of the
/// text (`None` when absent, `Some("")` when present but empty), as
/// [`IriRef::components`] and [`IriRef::into_components`] return them.
///
/// ```
/// use rfc3987::{Components, IriRef};
///
/// let r = IriRef::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(
///     r.components(),
///     Components {
///         scheme: Some("foo"),
///         authority: Some("example.com:8042"),
///         userinfo: None,
///         host: Some("example.com"),
///         port: Some("8042"),
///         path: "/over/there",
///         query: Some("name=ferret"),
///         fragment: Some("nose"),
///     }
/// );
/// # Ok::<(), rfc3987::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components<'a> {
    /// The scheme, without its `:`.
    pub scheme: Option<&'a str>,
    /// The authority, without its `//`.
    pub authority: Option<&'a str>,
    /// The userinfo, without its `@`.
    pub userinfo: Option<&'a str>,
    /// The host, with the brackets of an IP literal.
    pub host: Option<&'a str>,
    /// The port, without its `:`.
    pub port: Option<&'a str>,
    /// The path, always present.
    pub path: &'a str,
    /// The query, without its `?`.
    pub query: Option<&'a str>,
    /// The fragment, without its `#`.
    pub fragment: Option<&'a str>,
}

impl Components<'_> {
    /// The components' names, in the order of the fields (and of RFC 3986
    /// section 3): the names `iri parse --json`, the Arrow struct column
    /// and the Python `parse` dictionary use.
    pub const NAMES: [&'static str; 8] = {
        let mut names = [""; 8];
        let mut i = 0;
        while i < names.len() {
            names[i] = Component::ALL[i].as_str();
            i += 1;
        }
        names
    };
}

impl<'a> Components<'a> {
    pub(crate) fn of(text: &'a str, pos: Positions) -> Self {
        Components {
            scheme: pos.scheme(text),
            authority: pos.authority(text),
            userinfo: pos.userinfo(text),
            host: pos.host(text),
            port: pos.port(text),
            path: pos.path(text),
            query: pos.query(text),
            fragment: pos.fragment(text),
        }
    }

    /// Sets one component (the path when `component` is the path).
    pub(crate) fn set(&mut self, component: Component, text: &'a str) {
        match component {
            Component::Scheme => self.scheme = Some(text),
            Component::Authority => self.authority = Some(text),
            Component::Userinfo => self.userinfo = Some(text),
            Component::Host => self.host = Some(text),
            Component::Port => self.port = Some(text),
            Component::Path => self.path = text,
            Component::Query => self.query = Some(text),
            Component::Fragment => self.fragment = Some(text),
        }
    }

    /// One component by name; the path is always present.
    pub fn get(&self, component: Component) -> Option<&'a str> {
        match component {
            Component::Scheme => self.scheme,
            Component::Authority => self.authority,
            Component::Userinfo => self.userinfo,
            Component::Host => self.host,
            Component::Port => self.port,
            Component::Path => Some(self.path),
            Component::Query => self.query,
            Component::Fragment => self.fragment,
        }
    }

    /// The components in the order of [`Component::ALL`] (and of
    /// [`NAMES`](Self::NAMES)), the path always `Some`.
    pub fn to_array(&self) -> [Option<&'a str>; 8] {
        Component::ALL.map(|c| self.get(c))
    }

    /// The path's segments, as [`IriRef::path_segments`] gives them.
    pub fn path_segments(&self) -> PathSegments<'a> {
        PathSegments::of(self.path)
    }

    /// The host and its kind, as [`IriRef::host_parsed`] gives them.
    pub fn host_parsed(&self) -> Option<Host<'a>> {
        self.host.map(Host::classify)
    }
}

/// Iterator over the segments of a path, from
/// [`IriRef::path_segments`].
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    /// The segments not yet returned, `/`-separated; `None` when done.
    rest: Option<&'a str>,
}

impl<'a> PathSegments<'a> {
    fn of(path: &'a str) -> Self {
        PathSegments {
            rest: (!path.is_empty()).then(|| path.strip_prefix('/').unwrap_or(path)),
        }
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.split_once('/') {
            Some((segment, more)) => {
                self.rest = Some(more);
                Some(segment)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl DoubleEndedIterator for PathSegments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        match rest.rsplit_once('/') {
            Some((more, segment)) => {
                self.rest = Some(more);
                Some(segment)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl core::iter::FusedIterator for PathSegments<'_> {}

/// What the four types share: construction, storage conversions and the
/// standard traits, whose comparisons are all simple string comparison
/// (RFC 3987 section 5.3.1).
macro_rules! common {
    ($Type:ident, $kind:expr, $rule:literal, $wrap:expr, $inner:ident) => {
        impl<T: AsRef<str>> $Type<T> {
            #[doc = concat!("Parses `text` as an `", $rule, "`: one pass of the generated DFA,")]
            /// then the component split (no allocation unless it fails).
            ///
            /// On failure the error says where, under which rule and why;
            /// it owns a copy of the input. `TryFrom<String>` moves a
            /// `String` into the value, and into the error on failure.
            pub fn parse(text: T) -> Result<Self, ParseError> {
                parse_as(
                    text,
                    $kind,
                    |text, pos| $wrap(IriRef::from_positions(text, pos)),
                    |text| String::from(text.as_ref()),
                )
            }

            /// The whole text.
            #[inline]
            pub fn as_str(&self) -> &str {
                self.$inner().text.as_ref()
            }

            /// The storage, giving up the parsed form.
            pub fn into_inner(self) -> T {
                self.into_iri_ref().text
            }

            /// The same value, borrowing its text (as `Option::as_deref`).
            pub fn as_deref(&self) -> $Type<&str> {
                let inner = self.$inner();
                $wrap(IriRef::from_positions(inner.text.as_ref(), inner.pos))
            }

            /// The positions and text as one [`IriRef`].
            fn into_iri_ref(self) -> IriRef<T> {
                IriRef::from(self)
            }
        }

        impl<'a> $Type<&'a str> {
            #[doc = concat!("Parses each of `texts` as an `", $rule, "`, in order, with the result")]
            /// [`parse`](Self::parse) gives for each: the shape of a
            /// crawler's or an RDF loader's work, many short strings.
            ///
            /// Each reference is walked and split as `parse` does it, one
            /// after another, lazily: measured with every result kept, an
            /// interleaved walk (as [`check_all`](crate::check_all) runs
            /// for validation) was slower than this on crawl-shaped URLs
            /// and no faster on mixed references, since the split then
            /// lacks what the walk's last state tells it (`cargo bench
            /// --bench cputime`, rows `rfc3987-parse` and
            /// `rfc3987-parse-all`).
            ///
            /// ```
            #[doc = concat!("use rfc3987::", stringify!($Type), ";")]
            ///
            /// let lines = ["http://example.org/a", "//example.org/a", "a b", "../c?d"];
            #[doc = concat!("for (line, parsed) in lines.iter().zip(", stringify!($Type), "::parse_all(lines)) {")]
            #[doc = concat!("    match (parsed, ", stringify!($Type), "::parse(*line)) {")]
            ///         (Ok(a), Ok(b)) => assert_eq!(a, b),
            ///         (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            ///         _ => unreachable!("the same verdict"),
            ///     }
            /// }
            /// ```
            pub fn parse_all<I>(texts: I) -> impl Iterator<Item = Result<Self, ParseError>> + use<'a, I>
            where
                I: IntoIterator<Item = &'a str>,
            {
                texts.into_iter().map(Self::parse)
            }

            /// [`parse_all`](Self::parse_all) on a slice, collected.
            // `#[inline]`: compiled only in a crate that calls it (see
            // `check_batch`).
            #[inline]
            pub fn parse_batch(texts: &[&'a str]) -> alloc::vec::Vec<Result<Self, ParseError>> {
                Self::parse_all(texts.iter().copied()).collect()
            }
        }

        impl<T: AsRef<str> + Into<String>> $Type<T> {
            /// The same value owning its text: free for `String` and
            /// `Box<str>`, a copy for `&str`.
            pub fn into_owned(self) -> $Type<String> {
                let IriRef { text, pos } = self.into_iri_ref();
                $wrap(IriRef::from_positions(text.into(), pos))
            }
        }

        impl $Type<String> {
            /// Parses UTF-16 text (RFC 3987 sections 6.2 and 7.1: an interface
            /// that uses UTF-16 must convert before the syntax applies). The
            /// text is decoded once and then parsed like UTF-8; an unpaired
            /// surrogate is an [`ErrorKind::Encoding`](crate::ErrorKind::Encoding)
            /// error at its position.
            #[inline]
            pub fn from_utf16(units: &[u16]) -> Result<Self, ParseError> {
                let text = crate::utf16::decode(units)?;
                Self::try_from(text)
            }
        }

        impl<T: AsRef<str>> fmt::Display for $Type<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl<T: AsRef<str>> fmt::Debug for $Type<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($Type))
                    .field(&self.as_str())
                    .finish()
            }
        }

        impl<T: AsRef<str>> AsRef<str> for $Type<T> {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        /// Sound because `Eq`, `Ord` and `Hash` are those of the text.
        impl<T: AsRef<str>> Borrow<str> for $Type<T> {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        impl<T: AsRef<str>, U: AsRef<str>> PartialEq<$Type<U>> for $Type<T> {
            fn eq(&self, other: &$Type<U>) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<T: AsRef<str>> Eq for $Type<T> {}

        impl<T: AsRef<str>> PartialEq<str> for $Type<T> {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl<'a, T: AsRef<str>> PartialEq<&'a str> for $Type<T> {
            fn eq(&self, other: &&'a str) -> bool {
                self.as_str() == *other
            }
        }

        impl<T: AsRef<str>> PartialEq<String> for $Type<T> {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl<T: AsRef<str>> PartialEq<$Type<T>> for str {
            fn eq(&self, other: &$Type<T>) -> bool {
                self == other.as_str()
            }
        }

        impl<'a, T: AsRef<str>> PartialEq<$Type<T>> for &'a str {
            fn eq(&self, other: &$Type<T>) -> bool {
                *self == other.as_str()
            }
        }

        impl<T: AsRef<str>, U: AsRef<str>> PartialOrd<$Type<U>> for $Type<T> {
            fn partial_cmp(&self, other: &$Type<U>) -> Option<Ordering> {
                Some(self.as_str().cmp(other.as_str()))
            }
        }

        impl<T: AsRef<str>> Ord for $Type<T> {
            fn cmp(&self, other: &Self) -> Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl<T: AsRef<str>> Hash for $Type<T> {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }

        // The conversions from text are `#[inline]`: compiled only in a
        // crate that calls them (see `crate::check_batch`).
        impl FromStr for $Type<String> {
            type Err = ParseError;
            #[inline]
            fn from_str(s: &str) -> Result<Self, ParseError> {
                parse_as(
                    s,
                    $kind,
                    |s, pos| $wrap(IriRef::from_positions(s.to_owned(), pos)),
                    str::to_owned,
                )
            }
        }

        impl<'a> TryFrom<&'a str> for $Type<&'a str> {
            type Error = ParseError;
            #[inline]
            fn try_from(s: &'a str) -> Result<Self, ParseError> {
                Self::parse(s)
            }
        }

        /// Takes the `String` without copying it, and gives it back in the
        /// error ([`ParseError::into_input`]) on failure.
        impl TryFrom<String> for $Type<String> {
            type Error = ParseError;
            #[inline]
            fn try_from(s: String) -> Result<Self, ParseError> {
                parse_as(s, $kind, |s, pos| $wrap(IriRef::from_positions(s, pos)), |s| s)
            }
        }

        impl From<$Type<String>> for String {
            fn from(value: $Type<String>) -> String {
                value.into_inner()
            }
        }
    };
}

impl<T> IriRef<T> {
    #[inline]
    fn raw(&self) -> &IriRef<T> {
        self
    }
}

impl<T> Iri<T> {
    #[inline]
    fn raw(&self) -> &IriRef<T> {
        &self.0
    }
}

impl<T> AbsoluteIri<T> {
    #[inline]
    fn raw(&self) -> &IriRef<T> {
        &self.0 .0
    }
}

impl<T> RelativeRef<T> {
    #[inline]
    fn raw(&self) -> &IriRef<T> {
        &self.0
    }
}

common!(
    IriRef,
    Kind::Reference,
    "IRI-reference",
    core::convert::identity,
    raw
);
common!(Iri, Kind::Iri, "IRI", Iri, raw);
common!(
    AbsoluteIri,
    Kind::Absolute,
    "absolute-IRI",
    |r| AbsoluteIri(Iri(r)),
    raw
);
common!(
    RelativeRef,
    Kind::Relative,
    "irelative-ref",
    RelativeRef,
    raw
);
