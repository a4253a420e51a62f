//! Turning arbitrary text into a component (RFC 3987 section 7.4).
//!
//! A system that generates identifiers from names it holds (a file named
//! `résumé 1.html`, a user name, a search term) has to write each name as
//! data inside a component. Section 7.4 asks generators to use UTF-8, so
//! that the URI `r%C3%A9sum%C3%A9.html` and the IRI `résumé.html` name the
//! same file. Each function here takes the text as data and returns a
//! component that its rule accepts and that decodes back to the text:
//!
//! ```
//! use rfc3987::encode::{path_segment, query, Target};
//!
//! assert_eq!(path_segment("résumé 1.html", Target::Iri), "résumé%201.html");
//! assert_eq!(path_segment("résumé 1.html", Target::Uri), "r%C3%A9sum%C3%A9%201.html");
//! assert_eq!(query("a&b=c d", Target::Iri), "a%26b%3Dc%20d");
//! ```
//!
//! # What stays as it is
//!
//! A character stays when the component's rule allows it and it has no
//! delimiting role there, as RFC 3986 section 2.2 recommends ("URI
//! producing applications should percent-encode data octets that
//! correspond to characters in the reserved set unless these characters
//! are specifically allowed by the URI scheme to represent data in that
//! component"). Each set is composed from the generated class predicates:
//!
//! | function | kept unencoded (IRI) | (URI) |
//! | --- | --- | --- |
//! | [`path_segment`], [`userinfo`], [`reg_name`] | `iunreserved` | `unreserved` |
//! | [`path`] | the same, and `/` between segments | the same |
//! | [`query`] | `iquery` minus `sub-delims` (so `&`, `=`, `+`, `;` are encoded) | `query` minus `sub-delims` |
//! | [`fragment`] | `ifragment` minus `sub-delims` | `fragment` minus `sub-delims` |
//!
//! Everything else, `%` included, is written as the `%HH` triplets of its
//! UTF-8 octets, in uppercase hex (RFC 3986 section 2.1). For a URI that is
//! every non-ASCII character (`iprivate` too); for an IRI, the query keeps
//! `iprivate` characters, which `iquery` allows. The bidirectional
//! formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, PDF) are encoded
//! for an IRI too: the grammar allows them (they are `ucschar`), but
//! section 4.1 says IRIs "MUST NOT contain" them, and a generator should
//! not write what a strict reader rejects
//! ([`mapping::is_bidi_formatting`](crate::mapping::is_bidi_formatting)
//! lists them).
//!
//! # Limits
//!
//! - A segment `.` or `..` is a dot-segment however it is written (`%2E`
//!   decodes to `.`, an unreserved character, RFC 3986 section 6.2.2.2), so
//!   resolution removes it; names that are exactly `.` or `..` cannot be
//!   path data.
//! - [`reg_name`] makes a valid registered name, not a DNS name: for a URI
//!   that must resolve, convert internationalized host names with IDNA
//!   (RFC 3987 section 3.1) instead.
//!
//! The results are [`Cow::Borrowed`] when nothing needed encoding.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::grammar::class;
use crate::mapping::is_bidi_formatting;
use crate::percent::push_encoded;

/// Whether to write an IRI component (non-ASCII characters kept) or a URI
/// component (everything outside ASCII percent-encoded as UTF-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// An IRI component (RFC 3987): `ucschar` characters stay.
    Iri,
    /// A URI component (RFC 3986): only ASCII stays.
    Uri,
}

/// Keeps the characters `keep` accepts, except bidirectional formatting
/// characters, and encodes the others.
fn encode(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let keep = |c: char| keep(c) && !is_bidi_formatting(c);
    let Some(first) = text.find(|c: char| !keep(c)) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        if keep(c) {
            out.push(c);
        } else {
            push_encoded(&mut out, c);
        }
    }
    Cow::Owned(out)
}

/// `iunreserved` for an IRI, `unreserved` for a URI.
fn unreserved(target: Target) -> fn(char) -> bool {
    match target {
        Target::Iri => class::is_iunreserved,
        Target::Uri => class::is_unreserved,
    }
}

/// One path segment (`isegment`): `/` is encoded too, so the result is
/// one segment whatever the text, and it has no `:`, so it can also be
/// the first segment of a relative reference.
#[inline]
pub fn path_segment(text: &str, target: Target) -> Cow<'_, str> {
    encode(text, unreserved(target))
}

/// A path (`ipath`) from `/`-separated names: each name is encoded as by
/// [`path_segment`], the `/`s stay.
///
/// ```
/// use rfc3987::encode::{path, Target};
///
/// assert_eq!(path("/home/zoë/my notes.txt", Target::Iri), "/home/zoë/my%20notes.txt");
/// ```
#[inline]
pub fn path(text: &str, target: Target) -> Cow<'_, str> {
    let keep = unreserved(target);
    encode(text, |c| c == '/' || keep(c))
}

/// A query (`iquery`) holding `text` as data: `&`, `=`, `+`, `;` and the
/// other `sub-delims` are encoded, so the result can be a key or a value
/// of a `key=value&...` query; `/`, `?`, `:` and `@` stay.
#[inline]
pub fn query(text: &str, target: Target) -> Cow<'_, str> {
    match target {
        Target::Iri => encode(text, |c| class::is_iquery(c) && !class::is_sub_delims(c)),
        Target::Uri => encode(text, |c| class::is_query(c) && !class::is_sub_delims(c)),
    }
}

/// A fragment (`ifragment`) holding `text` as data: `sub-delims` are
/// encoded (media types give some of them meaning, as in `#page=2`); `/`,
/// `?`, `:` and `@` stay.
#[inline]
pub fn fragment(text: &str, target: Target) -> Cow<'_, str> {
    match target {
        Target::Iri => encode(text, |c| class::is_ifragment(c) && !class::is_sub_delims(c)),
        Target::Uri => encode(text, |c| class::is_fragment(c) && !class::is_sub_delims(c)),
    }
}

/// A userinfo (`iuserinfo`) holding `text` as data: `:` is encoded too,
/// since many schemes read it as the user/password separator (RFC 3986
/// section 3.2.1).
#[inline]
pub fn userinfo(text: &str, target: Target) -> Cow<'_, str> {
    encode(text, unreserved(target))
}

/// A registered name (`ireg-name`) holding `text` as data. See the module
/// docs on DNS names.
#[inline]
pub fn reg_name(text: &str, target: Target) -> Cow<'_, str> {
    encode(text, unreserved(target))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::rules;

    #[test]
    fn percent_is_always_encoded() {
        assert_eq!(path_segment("100%", Target::Iri), "100%25");
        assert_eq!(query("%41", Target::Uri), "%2541");
    }

    #[test]
    fn bidi_formatting_characters_are_encoded() {
        // LRM and RLO around Hebrew: the letters stay, the controls do not.
        assert_eq!(
            path_segment("\u{200E}שלום\u{202E}", Target::Iri),
            "%E2%80%8Eשלום%E2%80%AE"
        );
        assert_eq!(query("\u{202A}", Target::Iri), "%E2%80%AA");
    }

    #[test]
    fn private_use_stays_only_in_an_iri_query() {
        assert_eq!(query("\u{E000}", Target::Iri), "\u{E000}");
        assert_eq!(query("\u{E000}", Target::Uri), "%EE%80%80");
        assert_eq!(fragment("\u{E000}", Target::Iri), "%EE%80%80");
    }

    #[test]
    fn results_match_their_rules() {
        let text = "a/b?c#d e:f@g&h=i+j;k[l]m%n\u{E000}é😀\u{FFFE}\u{0}";
        for target in [Target::Iri, Target::Uri] {
            for (out, rule) in [
                (path_segment(text, target), &rules::ISEGMENT_NZ_NC),
                (path(text, target), &rules::IPATH),
                (query(text, target), &rules::IQUERY),
                (fragment(text, target), &rules::IFRAGMENT),
                (userinfo(text, target), &rules::IUSERINFO),
                (reg_name(text, target), &rules::IREG_NAME),
            ] {
                assert!(rule.recognize(out.as_bytes()).is_ok(), "{out}");
                if target == Target::Uri {
                    assert!(out.is_ascii(), "{out}");
                }
            }
        }
    }

    #[test]
    fn borrowed_when_nothing_changes() {
        assert!(matches!(
            path_segment("abc", Target::Uri),
            Cow::Borrowed("abc")
        ));
        assert!(matches!(path("/a/b", Target::Iri), Cow::Borrowed(_)));
    }
}
