//! Why a string is not an IRI, said the way a person can act on it.
//!
//! # Where the message comes from
//!
//! The DFA only says *where* it stopped: at byte `k`, the input stopped
//! being the start of any IRI reference. Everything before `k` is a viable
//! prefix: some completion of it would be valid. So the prefix can be split
//! with the delimiters exactly as a valid reference is (see
//! [`crate::components`]), and the component that is open at its end is the
//! one the offending character tried to continue. That gives the rule
//! being matched (`isegment`, `iquery`, `port`, `IPv6address`, ...) and
//! what it expected there (`expected an ipchar`, `expected a port digit`).
//!
//! A few failures have a cause worth naming on their own, with the RFC rule
//! and section:
//!
//! - a `%` not followed by two hex digits (`pct-encoded`, RFC 3986 section
//!   2.1): the DFA stops after the `%`, so the prefix ends in `%` or `%H`;
//! - a private-use character outside the query (`iprivate`, RFC 3987
//!   section 2.2), which is allowed only there;
//! - a `:` in the first segment of a relative reference (`ipath-noscheme`,
//!   RFC 3986 section 4.2), often a scheme that does not start with a
//!   letter;
//! - a `#` in an `absolute-IRI`, which has no fragment.
//!
//! Every character test is a generated `class::is_*` predicate or a
//! generated recognizer; nothing here restates the grammar.
//!
//! Where the prefix allows two readings (an authority's `user:pass` before
//! its `@` is also `host:port` so far), the character failed in both, and
//! the message names the reading that was still open; when only one reading
//! survives (`host:8x` can only be a userinfo), the message says so.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

use crate::error::{CheckError, Found};
use crate::grammar::{class, rules, Rule};

/// What kind of problem a [`ParseError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character that the rule does not allow where it stands, or an
    /// input that ends before the rule is complete.
    Syntax,
    /// A `%` that is not followed by two hex digits (`pct-encoded`, RFC
    /// 3986 section 2.1).
    PercentEncoding,
    /// A private-use character (`iprivate`) outside the query, the only
    /// component where RFC 3987 section 2.2 allows it.
    PrivateUse,
    /// UTF-16 input with an unpaired surrogate, which encodes no character.
    Encoding,
    /// Components that are each valid but cannot be put together that way,
    /// such as a path that does not start with `/` after an authority (RFC
    /// 3986 section 3.3); reported by the builder and the setters.
    Structure,
}

/// The details of an error, without the input (small and `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Details {
    pub offset: usize,
    pub rule: &'static str,
    pub found: Found,
    reason: Reason,
    hint: Hint,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// `expected {0}`.
    Expected(&'static str),
    /// An unfinished `%HH`; the `%` is at byte `at`.
    Percent { at: usize },
    /// An `iprivate` character outside the query.
    PrivateUse,
    /// A `:` in the first segment of a relative reference.
    ColonInFirstSegment,
    /// A `#` where the rule is `absolute-IRI`.
    Fragment,
    /// An unpaired surrogate at UTF-16 code unit `unit`.
    Utf16 { unit: usize },
    /// A builder or setter combination that does not fit.
    Structure(&'static str),
}

/// A suggestion appended to the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hint {
    None,
    PercentEncode(char),
    PortDigits,
    ZoneId,
    SchemeLetter,
    EmptyScheme,
    DotSlash,
}

/// Which top-level rule a parse is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `IRI-reference`.
    Reference,
    /// `IRI`.
    Iri,
    /// `absolute-IRI`.
    Absolute,
    /// `irelative-ref`.
    Relative,
}

impl Kind {
    pub fn rule(self) -> &'static Rule {
        match self {
            Kind::Reference => &rules::IRI_REFERENCE,
            Kind::Iri => &rules::IRI,
            Kind::Absolute => &rules::ABSOLUTE_IRI,
            Kind::Relative => &rules::IRELATIVE_REF,
        }
    }

    fn requires_scheme(self) -> bool {
        matches!(self, Kind::Iri | Kind::Absolute)
    }

    fn allows_scheme(self) -> bool {
        self != Kind::Relative
    }
}

/// A component rule, for the builder and the setters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Component {
    Scheme,
    Authority,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

impl Component {
    pub fn rule(self) -> &'static Rule {
        match self {
            Component::Scheme => &rules::SCHEME,
            Component::Authority => &rules::IAUTHORITY,
            Component::Userinfo => &rules::IUSERINFO,
            Component::Host => &rules::IHOST,
            Component::Port => &rules::PORT,
            Component::Path => &rules::IPATH,
            Component::Query => &rules::IQUERY,
            Component::Fragment => &rules::IFRAGMENT,
        }
    }
}

/// The component that is open at the end of a viable prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    /// No delimiter yet, and the prefix could still be a scheme or the
    /// first segment of a relative path.
    Start,
    /// A scheme; `colon` when a `:` may end it.
    Scheme {
        empty: bool,
        colon: bool,
    },
    /// The first segment of a relative reference's path (no `:`).
    FirstSegment,
    Path,
    Query,
    Fragment,
    /// A userinfo; `at` when an `@` may end it, `port_like` when the
    /// prefix also looked like `host:port` until a non-digit.
    Userinfo {
        at: bool,
        port_like: bool,
    },
    RegName,
    /// Right after `[`.
    IpOpen,
    Ipv6,
    IpvFuture,
    /// Right after the `]` of an IP literal; `port` when a `:` may follow.
    AfterIp {
        port: bool,
    },
    Port,
}

impl Ctx {
    /// The rule and what it expected.
    fn expected(self, whole: &'static str) -> (&'static str, &'static str) {
        match self {
            Ctx::Start => (whole, "an ipchar"),
            Ctx::Scheme { empty: true, .. } => ("scheme", "a letter to start the scheme"),
            Ctx::Scheme { colon: true, .. } => (
                "scheme",
                "a scheme character (a letter, a digit, '+', '-' or '.') or ':'",
            ),
            Ctx::Scheme { .. } => (
                "scheme",
                "a scheme character (a letter, a digit, '+', '-' or '.')",
            ),
            Ctx::FirstSegment => ("isegment-nz-nc", "an ipchar"),
            Ctx::Path => ("isegment", "an ipchar"),
            Ctx::Query => ("iquery", "a query character (ipchar, iprivate, '/' or '?')"),
            Ctx::Fragment => ("ifragment", "a fragment character (ipchar, '/' or '?')"),
            Ctx::Userinfo { at: true, .. } => ("iuserinfo", "an iuserinfo character or '@'"),
            Ctx::Userinfo { .. } => ("iuserinfo", "an iuserinfo character"),
            Ctx::RegName => ("ireg-name", "an ireg-name character"),
            Ctx::IpOpen => ("IP-literal", "an IPv6 address or 'v' (IPvFuture) after '['"),
            Ctx::Ipv6 => ("IPv6address", "more of the IPv6 address or ']'"),
            Ctx::IpvFuture => ("IPvFuture", "more of the IPvFuture address or ']'"),
            Ctx::AfterIp { port: true } => (
                "iauthority",
                "':' and a port, or the end of the authority, after ']'",
            ),
            Ctx::AfterIp { port: false } => ("ihost", "the end of the host after ']'"),
            Ctx::Port => ("port", "a port digit"),
        }
    }

    /// Whether the component allows `%HH`, so that percent-encoding is the
    /// way to write a character it does not allow.
    fn encodable(self) -> bool {
        matches!(
            self,
            Ctx::Start
                | Ctx::FirstSegment
                | Ctx::Path
                | Ctx::Query
                | Ctx::Fragment
                | Ctx::Userinfo { .. }
                | Ctx::RegName
        )
    }
}

/// The first offset from `from` whose byte satisfies `hit`, or the length.
fn scan(bytes: &[u8], from: usize, hit: impl Fn(u8) -> bool) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| hit(b)))
        .map_or(bytes.len(), |i| from + i)
}

/// Whether `text` matches `scheme`.
fn is_scheme(text: &str) -> bool {
    rules::SCHEME.recognize(text.as_bytes()).is_ok()
}

/// Whether `text` would be a scheme with a letter in front of it (so it
/// failed only for its first character).
fn is_scheme_but_first(text: &str) -> bool {
    let mut buf = [b'a'; 64];
    let Some(slot) = buf.get_mut(1..=text.len()) else {
        return false;
    };
    slot.copy_from_slice(text.as_bytes());
    rules::SCHEME.recognize(&buf[..=text.len()]).is_ok()
}

/// The component open at the end of `p`, a viable prefix for `kind`.
fn context(p: &str, kind: Kind) -> Ctx {
    let b = p.as_bytes();
    let n = b.len();
    let first = scan(b, 0, |c| matches!(c, b':' | b'/' | b'?' | b'#'));
    if first == n {
        if kind.requires_scheme() {
            return Ctx::Scheme {
                empty: n == 0,
                colon: true,
            };
        }
        if kind.allows_scheme() && is_scheme(p) {
            return Ctx::Start;
        }
        return Ctx::FirstSegment;
    }
    let hier = if b[first] == b':' { first + 1 } else { 0 };
    let path_start = if b[hier..].starts_with(b"//") {
        let start = hier + 2;
        let end = scan(b, start, |c| matches!(c, b'/' | b'?' | b'#'));
        if end == n {
            return authority_context(&p[start..]);
        }
        end
    } else {
        hier
    };
    let path_end = scan(b, path_start, |c| c == b'?' || c == b'#');
    if path_end == n {
        Ctx::Path
    } else if b[path_end] == b'?' && scan(b, path_end + 1, |c| c == b'#') == n {
        Ctx::Query
    } else {
        Ctx::Fragment
    }
}

/// The part of an authority open at the end of `a` (no `/?#` in it).
fn authority_context(a: &str) -> Ctx {
    match a.find('@') {
        Some(i) => host_context(&a[i + 1..], true, true),
        None => host_context(a, false, true),
    }
}

/// The part of `ihost [ ":" port ]` open at the end of `h`; `closed` when
/// no userinfo can be open any more (an `@` was seen, or this is a host
/// alone); `port` when a `:` and port may follow the host.
fn host_context(h: &str, closed: bool, port: bool) -> Ctx {
    if let Some(inner) = h.strip_prefix('[') {
        return match inner.find(']') {
            Some(j) if inner[j + 1..].is_empty() => Ctx::AfterIp { port },
            Some(_) => Ctx::Port,
            None if inner.is_empty() => Ctx::IpOpen,
            None if inner.starts_with(['v', 'V']) => Ctx::IpvFuture,
            None => Ctx::Ipv6,
        };
    }
    match h.find(':') {
        Some(j) if !closed && !h[j + 1..].chars().all(class::is_digit) => Ctx::Userinfo {
            at: true,
            port_like: true,
        },
        Some(_) => Ctx::Port,
        None => Ctx::RegName,
    }
}

/// If `p` ends inside a `%HH` triplet, the offset of its `%`.
fn open_percent(p: &str) -> Option<usize> {
    let b = p.as_bytes();
    match b {
        [.., b'%'] => Some(b.len() - 1),
        [.., b'%', h] if class::is_hexdig(char::from(*h)) => Some(b.len() - 2),
        _ => None,
    }
}

/// The error for a DFA that rejected `text` (a `kind` parse) at byte
/// `dfa_offset`.
pub(crate) fn diagnose(text: &str, dfa_offset: usize, kind: Kind) -> Details {
    let check = CheckError::new(kind.rule(), text.as_bytes(), dfa_offset);
    let prefix = text.get(..check.offset()).unwrap_or(text);
    let ctx = context(prefix, kind);
    let mut details = explain(prefix, check, ctx, kind.rule().name());
    if let (Reason::ColonInFirstSegment, true) = (details.reason, kind.allows_scheme()) {
        if prefix.is_empty() {
            details.hint = Hint::EmptyScheme;
        } else if is_scheme_but_first(prefix) {
            details.hint = Hint::SchemeLetter;
        }
    }
    if kind == Kind::Absolute && check.found() == Found::Char('#') && starts_fragment(prefix) {
        details.rule = "absolute-IRI";
        details.reason = Reason::Fragment;
        details.hint = Hint::None;
    }
    details
}

/// Whether a `#` after `prefix` would start a fragment in an
/// `IRI-reference`: then `prefix#` is one (with an empty fragment). Only
/// on the error path, so the copy does not matter.
fn starts_fragment(prefix: &str) -> bool {
    let mut text = String::from(prefix);
    text.push('#');
    rules::IRI_REFERENCE.recognize(text.as_bytes()).is_ok()
}

/// The error for a component that its rule rejected at byte `dfa_offset`.
pub(crate) fn diagnose_component(text: &str, dfa_offset: usize, component: Component) -> Details {
    let check = CheckError::new(component.rule(), text.as_bytes(), dfa_offset);
    let prefix = text.get(..check.offset()).unwrap_or(text);
    let ctx = match component {
        Component::Scheme => Ctx::Scheme {
            empty: prefix.is_empty(),
            colon: false,
        },
        Component::Authority => authority_context(prefix),
        Component::Userinfo => Ctx::Userinfo {
            at: false,
            port_like: false,
        },
        Component::Host => host_context(prefix, true, false),
        Component::Port => Ctx::Port,
        Component::Path => Ctx::Path,
        Component::Query => Ctx::Query,
        Component::Fragment => Ctx::Fragment,
    };
    explain(prefix, check, ctx, component.rule().name())
}

/// The reason and hint for a failure after the viable `prefix`.
fn explain(prefix: &str, check: CheckError, ctx: Ctx, whole: &'static str) -> Details {
    let (rule, expected) = ctx.expected(whole);
    let mut details = Details {
        offset: check.offset(),
        rule,
        found: check.found(),
        reason: Reason::Expected(expected),
        hint: Hint::None,
    };
    if let Some(at) = open_percent(prefix) {
        details.rule = "pct-encoded";
        details.reason = Reason::Percent { at };
        return details;
    }
    if let Ctx::Userinfo {
        port_like: true, ..
    } = ctx
    {
        details.hint = Hint::PortDigits;
    }
    let Found::Char(c) = check.found() else {
        return details;
    };
    if ctx.encodable() {
        if details.hint == Hint::None {
            details.hint = Hint::PercentEncode(c);
        }
        if class::is_iprivate(c) {
            details.reason = Reason::PrivateUse;
        } else if ctx == Ctx::FirstSegment && c == ':' {
            details.rule = "ipath-noscheme";
            details.reason = Reason::ColonInFirstSegment;
            details.hint = Hint::DotSlash;
        }
    } else if c == '%' && ctx == Ctx::Ipv6 {
        details.hint = Hint::ZoneId;
    }
    details
}

impl Details {
    /// An error for UTF-16 input: the unpaired surrogate `unit_value` at
    /// code unit `unit`, which is byte `offset` of the decoded text.
    pub(crate) fn utf16(offset: usize, unit: usize, unit_value: u16) -> Details {
        Details {
            offset,
            rule: "UTF-16",
            found: Found::UnpairedSurrogate(unit_value),
            reason: Reason::Utf16 { unit },
            hint: Hint::None,
        }
    }

    /// An error for a combination of components: `message` names the rule
    /// and section; `offset` points into the assembled IRI `text`.
    pub(crate) fn structure(
        text: &str,
        offset: usize,
        rule: &'static str,
        message: &'static str,
    ) -> Details {
        let found = text
            .get(offset..)
            .and_then(|rest| rest.chars().next())
            .map_or(Found::End, Found::Char);
        Details {
            offset,
            rule,
            found,
            reason: Reason::Structure(message),
            hint: Hint::None,
        }
    }

    fn kind(&self) -> ErrorKind {
        match self.reason {
            Reason::Expected(_) | Reason::ColonInFirstSegment | Reason::Fragment => {
                ErrorKind::Syntax
            }
            Reason::Percent { .. } => ErrorKind::PercentEncoding,
            Reason::PrivateUse => ErrorKind::PrivateUse,
            Reason::Utf16 { .. } => ErrorKind::Encoding,
            Reason::Structure(_) => ErrorKind::Structure,
        }
    }
}

/// Writes the UTF-8 octets of `c` as `%HH` triplets.
fn write_encoded(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    let mut buf = [0u8; 4];
    for octet in c.encode_utf8(&mut buf).bytes() {
        write!(f, "%{octet:02X}")?;
    }
    Ok(())
}

impl fmt::Display for Details {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (found, at) = (self.found, self.offset);
        match self.reason {
            Reason::Expected(what) => write!(f, "expected {what}, found {found} at byte {at}")?,
            Reason::Percent { at: percent } => write!(
                f,
                "expected two hex digits after the '%' at byte {percent} (pct-encoded, \
                 RFC 3986 section 2.1), found {found} at byte {at}; write a '%' itself as %25"
            )?,
            Reason::PrivateUse => {
                let Found::Char(c) = found else {
                    return Ok(());
                };
                write!(
                    f,
                    "the private-use character U+{:04X} at byte {at} is allowed only in the \
                     query (iprivate, RFC 3987 section 2.2)",
                    c as u32
                )?
            }
            Reason::ColonInFirstSegment => write!(
                f,
                "expected an ipchar other than ':' in the first segment of a relative \
                 reference (ipath-noscheme, RFC 3986 section 4.2), found {found} at byte {at}"
            )?,
            Reason::Fragment => write!(
                f,
                "expected the end of the absolute IRI, which has no fragment (absolute-IRI, \
                 RFC 3987 section 2.2), found {found} at byte {at}"
            )?,
            Reason::Utf16 { unit } => write!(
                f,
                "invalid UTF-16: {found} at code unit {unit} (byte {at} once decoded) encodes \
                 no character (RFC 3987 section 6.2)"
            )?,
            Reason::Structure(message) => write!(f, "{message}, found {found} at byte {at}")?,
        }
        match self.hint {
            Hint::None => Ok(()),
            Hint::PercentEncode(c) => {
                f.write_str("; percent-encode it as ")?;
                write_encoded(f, c)
            }
            Hint::PortDigits => f.write_str(
                "; a port is digits only (RFC 3986 section 3.2.3), so the text after ':' \
                 must be a userinfo ending in '@'",
            ),
            Hint::ZoneId => f.write_str(
                "; IPv6 zone identifiers (RFC 6874) are not part of RFC 3986 or RFC 3987",
            ),
            Hint::SchemeLetter => {
                f.write_str("; a scheme starts with a letter (RFC 3986 section 3.1)")
            }
            Hint::EmptyScheme => f.write_str("; a scheme before ':' cannot be empty"),
            Hint::DotSlash => {
                f.write_str("; percent-encode it as %3A, or start the path with \"./\"")
            }
        }
    }
}

/// A string that is not what it was parsed as: where, under which rule,
/// what was found there, and why.
///
/// `offset` is the byte offset of the first character the grammar rejects
/// (the input's length when it ended too early), the same offset
/// [`check`](crate::check) reports. [`Display`](fmt::Display) gives one
/// line (`expected an ipchar, found ' ' (U+0020) at byte 20; percent-encode
/// it as %20`); the alternate form (`{:#}`) adds the input with a caret
/// under the offending character:
///
/// ```
/// let error = rfc3987::IriRef::parse("http://example.org/a b").unwrap_err();
/// assert_eq!(error.offset(), 20);
/// assert_eq!(error.rule(), "isegment");
/// assert_eq!(
///     format!("{error:#}"),
///     "expected an ipchar, found ' ' (U+0020) at byte 20; percent-encode it as %20\n\
///      \x20 http://example.org/a b\n\
///      \x20                     ^"
/// );
/// ```
///
/// The error owns the input (moved in when it was a `String`, copied
/// otherwise; [`into_input`](Self::into_input) gives it back), so it is
/// `'static` and can travel through `?` into any error type. It is one
/// pointer wide: a failed parse allocates, a successful one never does.
/// To validate without building errors that carry the input, use
/// [`check`](crate::check).
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError(Box<Inner>);

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    details: Details,
    input: String,
}

impl ParseError {
    pub(crate) fn new(details: Details, input: String) -> ParseError {
        ParseError(Box::new(Inner { details, input }))
    }

    /// Byte offset in [`input`](Self::input) of the rejected character, or
    /// the input's length when it ended too early.
    pub fn offset(&self) -> usize {
        self.0.details.offset
    }

    /// For UTF-16 input, the same position in UTF-16 code units (a
    /// surrogate that could not be decoded counts as one).
    pub fn utf16_offset(&self) -> usize {
        let input = &self.0.input;
        input
            .get(..self.offset())
            .unwrap_or(input)
            .encode_utf16()
            .count()
    }

    /// The ABNF rule that was being matched where the input failed, as the
    /// grammar spells it (`isegment`, `iquery`, `port`, `pct-encoded`, ...).
    pub fn rule(&self) -> &'static str {
        self.0.details.rule
    }

    /// What stood at [`offset`](Self::offset).
    pub fn found(&self) -> Found {
        self.0.details.found
    }

    /// The kind of problem.
    pub fn kind(&self) -> ErrorKind {
        self.0.details.kind()
    }

    /// The text that failed: the whole input for a parse, the component for
    /// a builder or setter that rejected one, the assembled IRI for a
    /// combination of components that does not fit. For UTF-16 input, the
    /// decoded text, with U+FFFD for each unpaired surrogate.
    pub fn input(&self) -> &str {
        &self.0.input
    }

    /// Gives back the input (without a copy when it was a `String`).
    pub fn into_input(self) -> String {
        self.0.input
    }
}

/// How many characters of the input the caret line shows on each side.
const BEFORE: usize = 40;
const AFTER: usize = 30;

/// Writes `c` for the caret line; returns how many columns it took.
/// Control characters and bidirectional formatting characters are escaped
/// (a tab or a newline would break the alignment or the line, an RLO would
/// reorder it).
fn write_shown(f: &mut fmt::Formatter<'_>, c: char) -> Result<usize, fmt::Error> {
    if c.is_control() || crate::mapping::is_bidi_formatting(c) {
        let mut width = 0;
        for e in c.escape_debug() {
            f.write_fmt(format_args!("{e}"))?;
            width += 1;
        }
        Ok(width)
    } else {
        f.write_fmt(format_args!("{c}"))?;
        // Display columns (UAX #11): two for wide CJK, none for a
        // combining mark, so the caret lands under the character.
        Ok(unicode_width::UnicodeWidthChar::width(c).unwrap_or(0))
    }
}

impl fmt::Display for ParseError {
    /// The message; with `{:#}`, followed by the input (at most 70
    /// characters around the offset, `…` marking a cut) and a caret under
    /// the offending character. Columns are display widths (`unicode-width`:
    /// two for wide CJK characters, none for combining marks), so the
    /// caret is exact in a monospace terminal; right-to-left text that a
    /// terminal reorders can still shift it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.details, f)?;
        if !f.alternate() {
            return Ok(());
        }
        let input = &self.0.input;
        let offset = self.offset().min(input.len());
        let (head, tail) = input.split_at(offset);
        let start = head
            .char_indices()
            .rev()
            .nth(BEFORE - 1)
            .map_or(0, |(i, _)| i);
        let end = tail
            .char_indices()
            .nth(AFTER)
            .map_or(tail.len(), |(i, _)| i);
        f.write_str("\n  ")?;
        let mut column = 0;
        if start > 0 {
            f.write_str("…")?;
            column += 1;
        }
        for c in head[start..].chars() {
            column += write_shown(f, c)?;
        }
        for c in tail[..end].chars() {
            write_shown(f, c)?;
        }
        if end < tail.len() {
            f.write_str("…")?;
        }
        f.write_str("\n  ")?;
        for _ in 0..column {
            f.write_str(" ")?;
        }
        f.write_str("^")
    }
}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseError")
            .field("offset", &self.offset())
            .field("rule", &self.rule())
            .field("found", &self.found())
            .field("kind", &self.kind())
            .field("message", &format_args!("{}", self.0.details))
            .field("input", &self.input())
            .finish()
    }
}

/// `core::error::Error` is the `std::error::Error` trait (re-exported by
/// `std`), so this holds without the `std` feature too.
impl core::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn message(text: &str, kind: Kind) -> String {
        let offset = kind.rule().recognize(text.as_bytes()).unwrap_err();
        diagnose(text, offset, kind).to_string()
    }

    #[test]
    fn contexts_of_prefixes() {
        let r = Kind::Reference;
        assert_eq!(context("", r), Ctx::FirstSegment);
        assert_eq!(context("ab", r), Ctx::Start);
        assert_eq!(context("1ab", r), Ctx::FirstSegment);
        assert_eq!(
            context("ab", Kind::Iri),
            Ctx::Scheme {
                empty: false,
                colon: true
            }
        );
        assert_eq!(context("a:", r), Ctx::Path);
        assert_eq!(context("a:/b", r), Ctx::Path);
        assert_eq!(context("a://", r), Ctx::RegName);
        assert_eq!(context("a://u@h", r), Ctx::RegName);
        assert_eq!(context("a://h:1", r), Ctx::Port);
        assert_eq!(
            context("a://h:x", r),
            Ctx::Userinfo {
                at: true,
                port_like: true
            }
        );
        assert_eq!(context("a://u:x@h:", r), Ctx::Port);
        assert_eq!(context("a://[", r), Ctx::IpOpen);
        assert_eq!(context("a://[::1", r), Ctx::Ipv6);
        assert_eq!(context("a://[v7.x", r), Ctx::IpvFuture);
        assert_eq!(context("a://[::1]", r), Ctx::AfterIp { port: true });
        assert_eq!(context("a://[::1]:8", r), Ctx::Port);
        assert_eq!(context("a?b/c", r), Ctx::Query);
        assert_eq!(context("a?b#c?", r), Ctx::Fragment);
        assert_eq!(context("#", r), Ctx::Fragment);
    }

    #[test]
    fn messages() {
        let r = Kind::Reference;
        assert_eq!(
            message("a%4g", r),
            "expected two hex digits after the '%' at byte 1 (pct-encoded, RFC 3986 section \
             2.1), found 'g' (U+0067) at byte 3; write a '%' itself as %25"
        );
        assert_eq!(
            message("/\u{E000}", r),
            "the private-use character U+E000 at byte 1 is allowed only in the query \
             (iprivate, RFC 3987 section 2.2); percent-encode it as %EE%80%80"
        );
        assert_eq!(
            message("1a:b", r),
            "expected an ipchar other than ':' in the first segment of a relative reference \
             (ipath-noscheme, RFC 3986 section 4.2), found ':' (U+003A) at byte 2; a scheme \
             starts with a letter (RFC 3986 section 3.1)"
        );
        // A `#` that could not have started a fragment anyway.
        assert_eq!(
            message("a://[::1#", Kind::Absolute),
            "expected more of the IPv6 address or ']', found '#' (U+0023) at byte 8"
        );
        assert_eq!(
            message("a:b#c", Kind::Absolute),
            "expected the end of the absolute IRI, which has no fragment (absolute-IRI, RFC \
             3987 section 2.2), found '#' (U+0023) at byte 3"
        );
        assert_eq!(
            message("//[fe80::1%25en0]", r),
            "expected more of the IPv6 address or ']', found '%' (U+0025) at byte 10; IPv6 \
             zone identifiers (RFC 6874) are not part of RFC 3986 or RFC 3987"
        );
        assert_eq!(
            message("//h:8x/", r),
            "expected an iuserinfo character or '@', found '/' (U+002F) at byte 6; a port \
             is digits only (RFC 3986 section 3.2.3), so the text after ':' must be a \
             userinfo ending in '@'"
        );
        assert_eq!(
            message("http", Kind::Iri),
            "expected a scheme character (a letter, a digit, '+', '-' or '.') or ':', found \
             the end of the input at byte 4"
        );
        assert_eq!(
            message("a\tb", r),
            "expected an ipchar, found U+0009 at byte 1; percent-encode it as %09"
        );
    }
}
