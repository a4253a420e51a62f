//! Query pairs: reading and writing `key=value&key=value` queries.
//!
//! RFC 3986 gives the query no inner structure (section 3.4); the pairs
//! convention comes from HTML forms. Two flavours are read and written:
//!
//! - [`Style::Plain`]: pairs separated by `&`, key and value by the first
//!   `=`, each percent-decoded (RFC 3986 section 2.1); `+` is a plus sign.
//! - [`Style::Form`]: `application/x-www-form-urlencoded` as HTML and the
//!   WHATWG URL standard define it: the same, except that `+` stands for a
//!   space, and writing encodes every character but ASCII letters, digits
//!   and `*-._`, a space becoming `+`.
//!
//! Reading never fails: octets that are not UTF-8 become U+FFFD (use
//! [`crate::percent::decode`] on the raw pieces for the exact bytes), and
//! a piece without `=` is a key with an empty value. Empty pieces (`a=1&&b=2`)
//! are skipped.
//!
//! ```
//! use rfc3987::query::{pairs, append_pair, Style};
//! use rfc3987::IriRef;
//!
//! let iri = IriRef::parse("http://example.org/search?q=r%C3%A9sum%C3%A9+cv&lang=fr&flag")?;
//! let got: Vec<_> = pairs(iri.query().unwrap(), Style::Form).collect();
//! assert_eq!(got, [("q".into(), "résumé cv".into()), ("lang".into(), "fr".into()), ("flag".into(), "".into())]);
//!
//! let mut query = String::from("q=1");
//! append_pair(&mut query, "a&b", "c=d é", Style::Plain);
//! assert_eq!(query, "q=1&a%26b=c%3Dd%20é");
//! # Ok::<(), rfc3987::ParseError>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::String;

use crate::encode::{self, Target};
use crate::percent::{decode_utf8_lossy, push_encoded};

/// How pairs are written in a query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// RFC 3986 percent-encoding only; `+` is a plus sign.
    #[default]
    Plain,
    /// `application/x-www-form-urlencoded`: `+` is a space.
    Form,
}

/// The decoded `(key, value)` pairs of `query` (the text after `?`,
/// without it). Each part borrows `query` when it needs no decoding.
pub fn pairs(query: &str, style: Style) -> Pairs<'_> {
    Pairs {
        rest: Some(query),
        style,
    }
}

/// The iterator of [`pairs`].
#[derive(Clone, Debug)]
pub struct Pairs<'a> {
    rest: Option<&'a str>,
    style: Style,
}

impl<'a> Iterator for Pairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let rest = self.rest?;
            let (piece, after) = match rest.split_once('&') {
                Some((piece, after)) => (piece, Some(after)),
                None => (rest, None),
            };
            self.rest = after;
            if piece.is_empty() {
                continue;
            }
            let (key, value) = piece.split_once('=').unwrap_or((piece, ""));
            return Some((self.decode(key), self.decode(value)));
        }
    }
}

impl<'a> Pairs<'a> {
    fn decode(&self, text: &'a str) -> Cow<'a, str> {
        match self.style {
            Style::Form if text.contains('+') => {
                Cow::Owned(decode_utf8_lossy(&text.replace('+', " ")).into_owned())
            }
            _ => decode_utf8_lossy(text),
        }
    }
}

/// Appends `key=value` to `query` (with `&` first when `query` is not
/// empty), each encoded so that [`pairs`] of the same style reads them back
/// exactly. [`Style::Plain`] writes an IRI query: `iquery` characters stay
/// except `&`, `=`, `+`, `;` and the other `sub-delims` ([`encode::query`]).
/// [`Style::Form`] writes ASCII only, as forms do.
///
/// ```
/// use rfc3987::query::{append_pair, Style};
/// let mut query = String::new();
/// append_pair(&mut query, "name", "Zoë & Łukasz", Style::Form);
/// assert_eq!(query, "name=Zo%C3%AB+%26+%C5%81ukasz");
/// ```
// `append_pair` and `push_part`: `#[inline]`, compiled only in a crate
// that calls them (see `crate::check_batch`).
#[inline]
pub fn append_pair(query: &mut String, key: &str, value: &str, style: Style) {
    if !query.is_empty() {
        query.push('&');
    }
    push_part(query, key, style);
    query.push('=');
    push_part(query, value, style);
}

#[inline]
fn push_part(out: &mut String, text: &str, style: Style) {
    match style {
        Style::Plain => out.push_str(&encode::query(text, Target::Iri)),
        Style::Form => {
            for c in text.chars() {
                match c {
                    ' ' => out.push('+'),
                    'a'..='z' | 'A'..='Z' | '0'..='9' | '*' | '-' | '.' | '_' => out.push(c),
                    _ => push_encoded(out, c),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn read(query: &str, style: Style) -> Vec<(String, String)> {
        pairs(query, style)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    }

    #[test]
    fn reading_both_styles() {
        let q = "a=1&&b=x+y%2B&c&=v&d=%FF&e=1=2";
        let s = |a: &str, b: &str| (String::from(a), String::from(b));
        assert_eq!(
            read(q, Style::Plain),
            [
                s("a", "1"),
                s("b", "x+y+"),
                s("c", ""),
                s("", "v"),
                s("d", "\u{FFFD}"),
                s("e", "1=2")
            ]
        );
        assert_eq!(read(q, Style::Form)[1], s("b", "x y+"));
        assert!(read("", Style::Plain).is_empty());
        assert!(matches!(
            pairs("k=v", Style::Form).next(),
            Some((Cow::Borrowed("k"), Cow::Borrowed("v")))
        ));
    }

    #[test]
    fn written_pairs_read_back_exactly() {
        let texts = [
            "", "a b", "x&y=z", "1+1", "%41", "é/?#[]", "\u{202E}", "\u{E000}",
        ];
        for style in [Style::Plain, Style::Form] {
            for key in texts {
                for value in texts {
                    let mut query = String::from("first=1");
                    append_pair(&mut query, key, value, style);
                    crate::check(&crate::grammar::rules::IQUERY, &query)
                        .unwrap_or_else(|e| panic!("{query}: {e}"));
                    let got = read(&query, style);
                    if key.is_empty() && value.is_empty() {
                        // "=" alone: an empty key and value, still a pair.
                        assert_eq!(got.len(), 2, "{query}");
                    }
                    assert_eq!(
                        got.last().unwrap(),
                        &(String::from(key), String::from(value)),
                        "{query}"
                    );
                }
            }
        }
    }
}
