//! Why an input does not match a rule, and where.

use core::fmt;

use crate::grammar::Rule;

/// An input that does not match an ABNF rule.
///
/// `offset` is the byte offset of the first character the grammar rejects,
/// or the input's length when the input ended before the rule was complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckError {
    rule: &'static str,
    offset: usize,
    found: Found,
}

/// What stood at an error's offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Found {
    /// A character the rule does not allow there.
    Char(char),
    /// A byte that does not start a well-formed UTF-8 sequence there.
    InvalidUtf8(u8),
    /// In UTF-16 input, a surrogate code unit without its pair: it encodes
    /// no character (RFC 3987 section 6.2: an interface that takes IRIs in
    /// UTF-16 must decode them before the syntax applies).
    UnpairedSurrogate(u16),
    /// The input ended too early.
    End,
}

/// How a message names what it found: `' ' (U+0020)`, `U+0009` for a
/// control or bidirectional formatting character (which would garble or
/// reorder the line if printed), `the end of the input`.
impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Found::Char(c) if c.is_control() || crate::mapping::is_bidi_formatting(c) => {
                write!(f, "U+{:04X}", c as u32)
            }
            Found::Char(c) => write!(f, "'{c}' (U+{:04X})", c as u32),
            Found::InvalidUtf8(b) => write!(f, "byte 0x{b:02X}, which is not UTF-8"),
            Found::UnpairedSurrogate(u) => write!(f, "the unpaired surrogate 0x{u:04X}"),
            Found::End => f.write_str("the end of the input"),
        }
    }
}

impl CheckError {
    /// Builds the error for a DFA that rejected `input` at byte `dfa_offset`.
    ///
    /// The DFA may notice a bad multi-byte character only at its second or
    /// third byte (`U+FFFE` shares its first byte with allowed characters);
    /// the reported offset is moved back to the character's first byte.
    /// Ill-formed UTF-8 is reported where the malformation starts.
    pub(crate) fn new(rule: &'static Rule, input: &[u8], dfa_offset: usize) -> Self {
        // The DFAs accept only well-formed UTF-8, so a malformation at or
        // before the DFA's offset is what stopped it (or, for a sequence cut
        // off at the end, what would have).
        let valid = match core::str::from_utf8(input) {
            Ok(_) => input.len(),
            Err(e) => e.valid_up_to(),
        };
        Self::with_valid_prefix(rule, input, valid, dfa_offset)
    }

    /// [`new`](Self::new) for text already known to be UTF-8: no second
    /// pass over it, so a rejected line costs the walk that rejected it and
    /// a few steps back to the character's first byte.
    #[inline]
    pub(crate) fn in_text(rule: &'static Rule, input: &str, dfa_offset: usize) -> Self {
        Self::with_valid_prefix(rule, input.as_bytes(), input.len(), dfa_offset)
    }

    /// [`new`](Self::new), given that `input[..valid]` is the longest
    /// well-formed UTF-8 prefix (`input.len()` for bytes of a `str`).
    pub(crate) fn with_valid_prefix(
        rule: &'static Rule,
        input: &[u8],
        valid: usize,
        dfa_offset: usize,
    ) -> Self {
        let rule = rule.name();
        if valid < input.len() && valid <= dfa_offset {
            return CheckError {
                rule,
                offset: valid,
                found: Found::InvalidUtf8(input[valid]),
            };
        }
        if dfa_offset >= input.len() {
            return CheckError {
                rule,
                offset: input.len(),
                found: Found::End,
            };
        }
        // The prefix up to `valid` is UTF-8 and contains the DFA's offset:
        // report the character that byte belongs to.
        let text = core::str::from_utf8(&input[..valid]).unwrap_or_default();
        let mut start = dfa_offset;
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        match text[start..].chars().next() {
            Some(c) => CheckError {
                rule,
                offset: start,
                found: Found::Char(c),
            },
            None => CheckError {
                rule,
                offset: input.len(),
                found: Found::End,
            },
        }
    }

    /// Byte offset of the first rejected character (the input length when the
    /// input ended too early).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The ABNF rule that was checked, as the grammar spells it.
    pub fn rule(&self) -> &'static str {
        self.rule
    }

    /// What stood at [`offset`](Self::offset).
    pub fn found(&self) -> Found {
        self.found
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.found {
            Found::Char(c) if c.is_control() || c.is_whitespace() => write!(
                f,
                "{} does not allow U+{:04X} at byte {}",
                self.rule, c as u32, self.offset
            ),
            Found::Char(c) => write!(
                f,
                "{} does not allow '{}' (U+{:04X}) at byte {}",
                self.rule, c, c as u32, self.offset
            ),
            Found::InvalidUtf8(b) => write!(
                f,
                "invalid UTF-8: byte 0x{b:02X} at byte {} is not part of a well-formed character",
                self.offset
            ),
            Found::UnpairedSurrogate(u) => write!(
                f,
                "invalid UTF-16: the surrogate 0x{u:04X} at byte {} has no pair",
                self.offset
            ),
            Found::End => write!(
                f,
                "{} is incomplete: the input ends at byte {}",
                self.rule, self.offset
            ),
        }
    }
}

/// `core::error::Error` is the `std::error::Error` trait (re-exported by
/// `std`), so this holds without the `std` feature too.
impl core::error::Error for CheckError {}

#[cfg(test)]
mod tests {
    use crate::check_bytes;
    use crate::grammar::rules::IRI_REFERENCE;

    use super::Found;

    fn at(input: &[u8]) -> (usize, Found) {
        let e = check_bytes(&IRI_REFERENCE, input).unwrap_err();
        (e.offset(), e.found())
    }

    #[test]
    fn rejected_character_is_reported_at_its_first_byte() {
        // U+FFFE: the DFA notices only at the third byte.
        assert_eq!(at("ab\u{FFFE}".as_bytes()), (2, Found::Char('\u{FFFE}')));
        assert_eq!(at(b"a b"), (1, Found::Char(' ')));
        assert_eq!(at(b"%4"), (2, Found::End));
    }

    #[test]
    fn ill_formed_utf8_is_reported_where_it_starts() {
        assert_eq!(at(b"\xC3\xA9t\x80x"), (3, Found::InvalidUtf8(0x80)));
        assert_eq!(at(b"\xC3\xA9\x80"), (2, Found::InvalidUtf8(0x80)));
        assert_eq!(at(b"a\xC3(b"), (1, Found::InvalidUtf8(0xC3)));
        assert_eq!(at(b"ab\xE9"), (2, Found::InvalidUtf8(0xE9)));
        assert_eq!(at(b"\xFF"), (0, Found::InvalidUtf8(0xFF)));
        // A grammar error before the malformation is reported as such.
        assert_eq!(at(b"a b\xFF"), (1, Found::Char(' ')));
    }
}
