//! Why a string is not an IRI, said the way a person can act on it.
//!
//! A [`ParseError`] is the crate's one syntax error, a [`CheckError`] (the
//! rule, the byte offset, the recognizer's state there, what was found)
//! plus the input it is about, for the caret line of `{:#}`. Its words come
//! from the generator's data for that state (see [`crate::Expected`] and
//! `CheckError`'s docs): what the state would have accepted, named by the
//! grammar's rules, and the rule it was inside of. Nothing here restates
//! the grammar.

use alloc::string::String;
use core::fmt;

use crate::error::{CheckError, Found};
use crate::grammar::{rules, Rule};

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
}

/// The error for a component that its rule rejected at byte `dfa_offset`.
pub(crate) fn diagnose_component(
    text: &str,
    dfa_offset: usize,
    component: crate::Component,
) -> CheckError {
    CheckError::in_text(component.rule(), text, dfa_offset)
}

/// A string that is not what it was parsed as: where, under which rule,
/// what was found there, and why.
///
/// `offset` is the byte offset of the first character the grammar rejects
/// (the input's length when it ended too early), the same offset
/// [`check`](crate::check) reports. [`Display`](fmt::Display) gives one
/// line (`expected ipchar, '#', '/', '?' or the end of the input, found
/// ' ' (U+0020) at byte 20 in isegment; percent-encode it as %20`), the
/// same words as its [`CheckError`]; the alternate form (`{:#}`) adds the
/// input with a caret under the offending character:
///
/// ```
/// let error = rfc3987::IriRef::parse("http://example.org/a b").unwrap_err();
/// assert_eq!(error.offset(), 20);
/// assert_eq!(error.rule(), "isegment");
/// assert_eq!(
///     format!("{error:#}"),
///     "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) \
///      at byte 20 in isegment; percent-encode it as %20\n\
///      \x20 http://example.org/a b\n\
///      \x20                     ^"
/// );
/// ```
///
/// The error owns the input (moved in when it was a `String`, copied
/// otherwise; [`into_input`](Self::into_input) gives it back), so it is
/// `'static` and can travel through `?` into any error type. The details
/// are held inline, so a failed parse of a `&str` allocates once (the
/// copy of the input), of a `String` never; `Result<IriRef<&str>,
/// ParseError>` is no larger than 80 bytes. To validate without building
/// errors that carry the input, use [`check`](crate::check).
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError(Inner);

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    details: CheckError,
    input: String,
}

impl ParseError {
    pub(crate) fn new(details: CheckError, input: String) -> ParseError {
        ParseError(Inner { details, input })
    }

    /// Byte offset in [`input`](Self::input) of the rejected character, or
    /// the input's length when it ended too early.
    pub fn offset(&self) -> usize {
        self.0.details.offset()
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
    /// grammar spells it (`isegment`, `iquery`, `port`, `scheme`, ...):
    /// see [`CheckError::rule`].
    pub fn rule(&self) -> &'static str {
        self.0.details.rule()
    }

    /// What stood at [`offset`](Self::offset).
    pub fn found(&self) -> Found {
        self.0.details.found()
    }

    /// The kind of problem.
    pub fn kind(&self) -> ErrorKind {
        self.0.details.kind()
    }

    /// The syntax error without the input: rule, offset, state, what was
    /// found, and (through it) what was expected.
    pub fn error(&self) -> &CheckError {
        &self.0.details
    }

    /// What would have been accepted at [`offset`](Self::offset), in the
    /// grammar's words (see [`CheckError::expected`]).
    pub fn expected(&self) -> Option<&'static crate::Expected> {
        self.0.details.expected()
    }

    /// The message without the offset (see [`CheckError::message`]).
    pub fn message(&self) -> impl fmt::Display + '_ {
        self.0.details.message()
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
    if c.is_control() || crate::chars::is_bidi_formatting(c) {
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
            .field("message", &format_args!("{}", self.0.details.message()))
            .field("input", &self.input())
            .finish()
    }
}

/// `core::error::Error` is the `std::error::Error` trait (re-exported by
/// `std`), so this holds without the `std` feature too. It has no
/// source: its message is its [`CheckError`]'s ([`error`](Self::error)),
/// which an error chain would otherwise print twice.
impl core::error::Error for ParseError {}

impl From<ParseError> for CheckError {
    fn from(e: ParseError) -> CheckError {
        e.0.details
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::rules::*;
    use alloc::string::ToString;

    /// The error is held inline (one allocation at most per failed
    /// parse), without making a parse's result much larger than the value.
    #[test]
    fn result_stays_small() {
        use core::mem::size_of;
        assert!(size_of::<Result<crate::IriRef<&str>, ParseError>>() <= 80);
        assert!(size_of::<ParseError>() <= 80);
    }

    /// Message snapshots, one or more per component: input, rule checked,
    /// the error's rule, the message. All of it comes from the generated
    /// data (expected sets, contexts) and the character found.
    #[test]
    fn messages() {
        let cases: &[(&str, &'static Rule, &str, &str)] = &[
        ("http://example.org/a b", &IRI_REFERENCE, "isegment", "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 20 in isegment; percent-encode it as %20"),
        ("my*scheme:x", &IRI, "scheme", "expected ALPHA, DIGIT, '+', '-', '.' or ':', found '*' (U+002A) at byte 2 in scheme"),
        ("my*scheme:x", &IRI_REFERENCE, "isegment-nz-nc", "expected iunreserved, sub-delims, pct-encoded, '#', '/', '?', '@' or the end of the input, found ':' (U+003A) at byte 9 in isegment-nz-nc; a ':' in the first segment of a relative reference would read as a scheme (ipath-noscheme, RFC 3986 section 4.2): percent-encode it as %3A or start the path with \"./\""),
        ("1a:b", &IRI_REFERENCE, "isegment-nz-nc", "expected iunreserved, sub-delims, pct-encoded, '#', '/', '?', '@' or the end of the input, found ':' (U+003A) at byte 2 in isegment-nz-nc; a ':' in the first segment of a relative reference would read as a scheme (ipath-noscheme, RFC 3986 section 4.2): percent-encode it as %3A or start the path with \"./\"; a scheme starts with a letter (RFC 3986 section 3.1)"),
        (":b", &IRI_REFERENCE, "IRI-reference", "expected iunreserved, sub-delims, pct-encoded, '#', '/', '?', '@' or the end of the input, found ':' (U+003A) at byte 0 in IRI-reference; a ':' in the first segment of a relative reference would read as a scheme (ipath-noscheme, RFC 3986 section 4.2): percent-encode it as %3A or start the path with \"./\"; a scheme before ':' cannot be empty"),
        ("http", &IRI, "scheme", "expected ALPHA, DIGIT, '+', '-', '.' or ':', found the end of the input at byte 4 in scheme"),
        ("a%4g", &IRI_REFERENCE, "isegment-nz-nc", "expected HEXDIG, found 'g' (U+0067) at byte 3 in isegment-nz-nc; a '%' starts a %HH triplet (pct-encoded, RFC 3986 section 2.1): write a '%' itself as %25"),
        ("/\u{e000}", &IRI_REFERENCE, "ipath-absolute", "expected ipchar, '#', '/', '?' or the end of the input, found '\u{e000}' (U+E000) at byte 1 in ipath-absolute; private-use characters (iprivate) are allowed only in the query (RFC 3987 section 2.2): percent-encode it as %EE%80%80"),
        ("a:b#c", &ABSOLUTE_IRI, "isegment", "expected ipchar, '/', '?' or the end of the input, found '#' (U+0023) at byte 3 in isegment; an absolute-IRI has no fragment (RFC 3987 section 2.2): remove the fragment or parse an IRI"),
        ("a://[::1#", &ABSOLUTE_IRI, "IPv6address", "expected HEXDIG, '.', ':' or ']', found '#' (U+0023) at byte 8 in IPv6address"),
        ("//[fe80::1%25en0]", &IRI_REFERENCE, "IPv6address", "expected HEXDIG, '.', ':' or ']', found '%' (U+0025) at byte 10 in IPv6address; IPv6 zone identifiers (RFC 6874) are not part of RFC 3986 or RFC 3987"),
        ("//h:8x/", &IRI_REFERENCE, "iuserinfo", "expected ipchar, found '/' (U+002F) at byte 6 in iuserinfo; what follows \"//\" is read as a userinfo until an '@', since it is not host:port (a port is digits only, RFC 3986 section 3.2.3)"),
        ("//u@h:8x/", &IRI_REFERENCE, "iauthority", "expected DIGIT, '#', '/', '?' or the end of the input, found 'x' (U+0078) at byte 7 in iauthority; a port is digits only (port = *DIGIT, RFC 3986 section 3.2.3): an IPv6 address goes in brackets, a path starts with '/'"),
        ("http://h:8x", &IRI, "iuserinfo", "expected ipchar, found the end of the input at byte 11 in iuserinfo; what follows \"//\" is read as a userinfo until an '@', since it is not host:port (a port is digits only, RFC 3986 section 3.2.3)"),
        ("a\tb", &IRI_REFERENCE, "isegment-nz-nc", "expected ipchar, '#', '/', '?' or the end of the input, found U+0009 at byte 1 in isegment-nz-nc; percent-encode it as %09"),
        ("http://u ser@h/", &IRI_REFERENCE, "ireg-name", "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 8 in ireg-name; percent-encode it as %20"),
        ("http://h ost/", &IRI_REFERENCE, "ireg-name", "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 8 in ireg-name; percent-encode it as %20"),
        ("http://h:80a/", &IRI, "iuserinfo", "expected ipchar, found '/' (U+002F) at byte 12 in iuserinfo; what follows \"//\" is read as a userinfo until an '@', since it is not host:port (a port is digits only, RFC 3986 section 3.2.3)"),
        ("http://[::1]x/", &IRI, "IP-literal", "expected '#', '/', ':', '?' or the end of the input, found 'x' (U+0078) at byte 12 in IP-literal"),
        ("http://h/?q=a b", &IRI, "iquery", "expected ipchar, iprivate, '#', '/', '?' or the end of the input, found ' ' (U+0020) at byte 13 in iquery; percent-encode it as %20"),
        ("http://h/#f b", &IRI, "ifragment", "expected ipchar, '/', '?' or the end of the input, found ' ' (U+0020) at byte 11 in ifragment; percent-encode it as %20"),
        ("http://h/#f\u{e000}", &IRI, "ifragment", "expected ipchar, '/', '?' or the end of the input, found '\u{e000}' (U+E000) at byte 11 in ifragment; private-use characters (iprivate) are allowed only in the query (RFC 3987 section 2.2): percent-encode it as %EE%80%80"),
        ("http://h/?\u{e000}<", &IRI, "iquery", "expected ipchar, iprivate, '#', '/', '?' or the end of the input, found '<' (U+003C) at byte 13 in iquery; percent-encode it as %3C"),
        ("http://h/a\u{fffe}", &IRI, "isegment", "expected ipchar, '#', '/', '?' or the end of the input, found '\u{fffe}' (U+FFFE) at byte 10 in isegment; percent-encode it as %EF%BF%BE"),
        ("http://h/a\u{85}", &IRI, "isegment", "expected ipchar, '#', '/', '?' or the end of the input, found U+0085 at byte 10 in isegment; percent-encode it as %C2%85"),
        ("1http://a", &IRI, "IRI", "expected ALPHA, found '1' (U+0031) at byte 0 in IRI"),
        ("", &IRI, "IRI", "expected ALPHA, found the end of the input at byte 0 in IRI"),
        ("http://[v7.x", &IRI, "IPvFuture", "expected unreserved, sub-delims, ':' or ']', found the end of the input at byte 12 in IPvFuture"),
        ("http://[", &IRI, "IP-literal", "expected HEXDIG, ':', 'V' or 'v', found the end of the input at byte 8 in IP-literal"),
        ];
        for &(text, rule, context, want) in cases {
            let offset = rule.recognize(text.as_bytes()).unwrap_err();
            let error = CheckError::in_text(rule, text, offset);
            assert_eq!(
                (error.rule(), error.to_string().as_str()),
                (context, want),
                "{text:?}"
            );
        }
    }

    #[test]
    fn invalid_utf8_and_kinds() {
        let e = crate::check_bytes(&IRI, b"http://a/\xFF").unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected ipchar, '#', '/', '?' or the end of the input, found invalid UTF-8 (byte \
             0xFF) at byte 9 in isegment"
        );
        let kind = |text: &str| {
            let offset = IRI_REFERENCE.recognize(text.as_bytes()).unwrap_err();
            CheckError::in_text(&IRI_REFERENCE, text, offset).kind()
        };
        assert_eq!(kind("a%4g"), ErrorKind::PercentEncoding);
        assert_eq!(kind("/\u{E000}"), ErrorKind::PrivateUse);
        assert_eq!(kind("a b"), ErrorKind::Syntax);
        // Only hex digits expected, but not inside a `%HH`: an IPv6 group.
        assert_eq!(kind("s://[::a:"), ErrorKind::Syntax);
    }

    #[test]
    fn message_leaves_the_offset_to_the_caller() {
        let e = crate::check(&IRI, "http://h/a b").unwrap_err();
        assert_eq!(
            e.message().to_string(),
            "expected ipchar, '#', '/', '?' or the end of the input, found ' ' (U+0020) in \
             isegment; percent-encode it as %20"
        );
        let parsed = crate::Iri::parse("http://h/a b").unwrap_err();
        assert_eq!(parsed.to_string(), e.to_string(), "one wording");
    }
}
