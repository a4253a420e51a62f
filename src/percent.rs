//! Percent-encoding primitives shared by mapping (RFC 3987 section 3),
//! normalization (section 5.3.2.3) and generation (section 7.4).
//!
//! A component is read as a sequence of [`Piece`]s: literal characters, and
//! runs of `%HH` triplets decoded as UTF-8. A run is decoded as a whole
//! (`%C3%A9` is one `é`); octets that are not part of well-formed UTF-8
//! (overlong forms such as `%C0%AF`, surrogates such as `%ED%A0%80`,
//! truncated sequences, `%FC`) come out one [`Piece::Invalid`] each, so
//! callers can keep exactly those encoded (section 3.2 step 3). Decoding
//! uses the standard library's UTF-8 validation (`Utf8Chunks`), the same
//! definition of well-formed as the generated recognizers.
//!
//! Whether a decoded character may appear unencoded is never decided here:
//! callers ask the generated `class::is_*` predicates of their component.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::Error;

/// A piece of a component's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// A character written as itself (never `%`).
    Literal(char),
    /// A character written as `%HH` triplets that decode to its UTF-8;
    /// `raw` is those triplets exactly as written.
    Encoded {
        /// The decoded character.
        c: char,
        /// The triplets as written (hex digits in their original case).
        raw: &'a str,
    },
    /// One `%HH` triplet whose octet is not part of well-formed UTF-8.
    Invalid {
        /// The octet.
        octet: u8,
        /// The triplet as written.
        raw: &'a str,
    },
    /// A `%` not followed by two hex digits (possible only in text that a
    /// recognizer has not accepted).
    Stray(char),
}

/// The pieces of `text`, in order.
pub fn pieces(text: &str) -> Pieces<'_> {
    Pieces { text, pos: 0 }
}

/// Iterator returned by [`pieces`]. It allocates nothing: each `%HH` piece
/// is decoded from at most the next four triplets (the longest UTF-8
/// sequence), which gives the same pieces as decoding the whole run at once
/// (a byte that is not the first of a well-formed sequence starts no
/// character, so each ill-formed octet stands alone either way).
#[derive(Clone, Debug)]
pub struct Pieces<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        let rest = &self.text[self.pos..];
        let c = rest.chars().next()?;
        if c != '%' {
            self.pos += c.len_utf8();
            return Some(Piece::Literal(c));
        }
        let bytes = rest.as_bytes();
        let Some(first) = triplet(bytes) else {
            self.pos += 1;
            return Some(Piece::Stray('%'));
        };
        if first.is_ascii() {
            // A one-octet character: nothing to look ahead for.
            self.pos += 3;
            return Some(Piece::Encoded {
                c: char::from(first),
                raw: &rest[..3],
            });
        }
        // The octets of up to four consecutive triplets, enough for the
        // first character they start with, if any.
        let mut octets = [first, 0, 0, 0];
        let mut len = 1;
        while len < octets.len() {
            match triplet(&bytes[3 * len..]) {
                Some(octet) => octets[len] = octet,
                None => break,
            }
            len += 1;
        }
        let valid = octets[..len]
            .utf8_chunks()
            .next()
            .map_or("", |chunk| chunk.valid());
        match valid.chars().next() {
            Some(c) => {
                let raw = &rest[..3 * c.len_utf8()];
                self.pos += raw.len();
                Some(Piece::Encoded { c, raw })
            }
            None => {
                self.pos += 3;
                Some(Piece::Invalid {
                    octet: first,
                    raw: &rest[..3],
                })
            }
        }
    }
}

/// The octet of a `%HH` triplet at the start of `bytes`.
pub(crate) fn triplet(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', hi, lo, ..] => Some(hex_value(*hi)? << 4 | hex_value(*lo)?),
        _ => None,
    }
}

fn hex_value(digit: u8) -> Option<u8> {
    (digit as char).to_digit(16).map(|d| d as u8)
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%HH` (uppercase hex, RFC 3986 section 2.1) for one octet.
pub fn push_octet(out: &mut String, octet: u8) {
    out.push('%');
    out.push(HEX_UPPER[usize::from(octet >> 4)] as char);
    out.push(HEX_UPPER[usize::from(octet & 0xF)] as char);
}

/// Appends the UTF-8 octets of `c` as `%HH` triplets (RFC 3987 section 3.1
/// step 2).
pub fn push_encoded(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for &octet in c.encode_utf8(&mut buf).as_bytes() {
        push_octet(out, octet);
    }
}

/// `text` with every `%HH` triplet replaced by its octet: the bytes a
/// component stands for (RFC 3986 section 2.1). A `%` not followed by two
/// hex digits is kept as it is. Borrows `text` when it has no triplet.
///
/// Decode one component at a time, after splitting: `%2F` in a path
/// segment is a `/` that is data, not a delimiter.
///
/// ```
/// use rfc3987::percent::decode;
/// assert_eq!(&*decode("a%2Fb%FF"), b"a/b\xFF");
/// assert_eq!(&*decode("100%"), b"100%");
/// ```
#[must_use]
pub fn decode(text: &str) -> Cow<'_, [u8]> {
    if !text.contains('%') {
        return Cow::Borrowed(text.as_bytes());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match triplet(&bytes[i..]) {
            Some(octet) => {
                out.push(octet);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// [`decode`] read as UTF-8: the text a component stands for, or where its
/// octets stop being UTF-8. Borrows `text` when it has no triplet.
///
/// ```
/// use rfc3987::percent::decode_utf8;
/// assert_eq!(decode_utf8("r%C3%A9sum%C3%A9").unwrap(), "résumé");
/// let error = decode_utf8("ab%C0%AFc").unwrap_err();
/// assert_eq!(error.offset(), 2);
/// assert_eq!(error.to_string(), "the percent-encoded octet at byte 2 (%C0) is not part of well-formed UTF-8");
/// ```
pub fn decode_utf8(text: &str) -> Result<Cow<'_, str>, Error> {
    let mut out: Option<String> = None;
    for (at, piece) in pieces_at(text) {
        match piece {
            Piece::Literal(c) | Piece::Stray(c) => {
                if let Some(out) = &mut out {
                    out.push(c);
                }
            }
            Piece::Encoded { c, .. } => {
                out.get_or_insert_with(|| String::from(&text[..at])).push(c)
            }
            Piece::Invalid { octet, .. } => return Err(Error::NotUtf8 { offset: at, octet }),
        }
    }
    Ok(out.map_or(Cow::Borrowed(text), Cow::Owned))
}

/// [`decode`] read as UTF-8, each octet that is not part of well-formed
/// UTF-8 becoming U+FFFD REPLACEMENT CHARACTER. Borrows `text` when it has
/// no triplet.
///
/// ```
/// use rfc3987::percent::decode_utf8_lossy;
/// assert_eq!(decode_utf8_lossy("caf%C3%A9%FF"), "café\u{FFFD}");
/// ```
#[must_use]
pub fn decode_utf8_lossy(text: &str) -> Cow<'_, str> {
    match decode(text) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// The pieces of `text` with their byte offsets.
fn pieces_at(text: &str) -> impl Iterator<Item = (usize, Piece<'_>)> {
    let mut iter = pieces(text);
    core::iter::from_fn(move || {
        let at = iter.pos;
        iter.next().map(|piece| (at, piece))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn literal_and_encoded_characters() {
        assert_eq!(
            pieces("a%C3%a9b").collect::<Vec<_>>(),
            vec![
                Piece::Literal('a'),
                Piece::Encoded {
                    c: 'é',
                    raw: "%C3%a9"
                },
                Piece::Literal('b')
            ]
        );
    }

    #[test]
    fn ill_formed_octets_stay_separate() {
        // Overlong `/`, a surrogate, a truncated sequence, and 0xFC.
        let got: Vec<_> = pieces("%C0%AF%ED%A0%80%E2%82%FC%41").collect();
        let invalid = |octet, raw| Piece::Invalid { octet, raw };
        assert_eq!(
            got,
            vec![
                invalid(0xC0, "%C0"),
                invalid(0xAF, "%AF"),
                invalid(0xED, "%ED"),
                invalid(0xA0, "%A0"),
                invalid(0x80, "%80"),
                invalid(0xE2, "%E2"),
                invalid(0x82, "%82"),
                invalid(0xFC, "%FC"),
                Piece::Encoded { c: 'A', raw: "%41" },
            ]
        );
    }

    #[test]
    fn runs_split_at_a_literal() {
        // `%E2%80` then a literal breaks the run: both octets are invalid.
        let got: Vec<_> = pieces("%E2%80x%AE").collect();
        assert_eq!(got.len(), 4);
        assert!(matches!(got[2], Piece::Literal('x')));
    }

    /// The pieces as decoding each whole `%HH` run with `Utf8Chunks` gives
    /// them, to check the allocation-free iterator against.
    fn whole_runs(text: &str) -> Vec<Piece<'_>> {
        let mut out = Vec::new();
        let mut pos = 0;
        while let Some(c) = text[pos..].chars().next() {
            let start = pos;
            let mut octets = Vec::new();
            while let Some(octet) = triplet(&text.as_bytes()[pos..]) {
                octets.push(octet);
                pos += 3;
            }
            if octets.is_empty() {
                pos += c.len_utf8();
                out.push(if c == '%' {
                    Piece::Stray(c)
                } else {
                    Piece::Literal(c)
                });
                continue;
            }
            let mut at = start;
            for chunk in octets.utf8_chunks() {
                for c in chunk.valid().chars() {
                    let raw = &text[at..at + 3 * c.len_utf8()];
                    out.push(Piece::Encoded { c, raw });
                    at += raw.len();
                }
                for &octet in chunk.invalid() {
                    out.push(Piece::Invalid {
                        octet,
                        raw: &text[at..at + 3],
                    });
                    at += 3;
                }
            }
        }
        out
    }

    #[test]
    fn pieces_equal_whole_run_decoding() {
        // Every sequence of up to five of these octets (and a literal
        // between runs): lead bytes of each length, continuations, bytes
        // that are never UTF-8, overlong and surrogate starts.
        let octets = [
            0x41, 0x80, 0xA9, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF,
        ];
        let mut text = String::new();
        let mut sequence = Vec::new();
        for n in 0..=5u32 {
            for mut k in 0..octets.len().pow(n) {
                text.clear();
                sequence.clear();
                for _ in 0..n {
                    sequence.push(octets[k % octets.len()]);
                    k /= octets.len();
                }
                for (i, &octet) in sequence.iter().enumerate() {
                    if i == 3 {
                        text.push('x');
                    }
                    push_octet(&mut text, octet);
                }
                text.push_str("%4");
                assert_eq!(
                    pieces(&text).collect::<Vec<_>>(),
                    whole_runs(&text),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn stray_percent() {
        assert_eq!(
            pieces("%4").collect::<Vec<_>>(),
            vec![Piece::Stray('%'), Piece::Literal('4')]
        );
    }

    #[test]
    fn encoding_is_uppercase_utf8() {
        let mut out = String::new();
        push_encoded(&mut out, 'é');
        push_encoded(&mut out, '\u{10300}');
        push_octet(&mut out, 0x0A);
        assert_eq!(out, "%C3%A9%F0%90%8C%80%0A");
    }

    #[test]
    fn decoding_borrows_when_nothing_is_encoded() {
        assert!(matches!(decode("abc"), Cow::Borrowed(b"abc")));
        assert!(matches!(decode_utf8("ab%"), Ok(Cow::Borrowed("ab%"))));
        assert!(matches!(decode_utf8_lossy("é"), Cow::Borrowed("é")));
    }

    #[test]
    fn decoding_every_form() {
        assert_eq!(&*decode("%41%2f%zz%4"), b"A/%zz%4");
        assert_eq!(decode_utf8("x%E2%82%AC%2Fy").unwrap(), "x€/y");
        assert_eq!(
            decode_utf8("ok%E2%82").unwrap_err(),
            Error::NotUtf8 {
                offset: 2,
                octet: 0xE2
            }
        );
        // A surrogate's octets are never text.
        assert_eq!(decode_utf8("%ED%A0%80").unwrap_err().offset(), 0);
        assert_eq!(decode_utf8_lossy("%ED%A0%80a"), "\u{FFFD}\u{FFFD}\u{FFFD}a");
        assert_eq!(decode_utf8_lossy("%C3%A9%C3"), "é\u{FFFD}");
    }
}
