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

/// What stood at the error's offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A character the rule does not allow there.
    Char(char),
    /// A byte that does not start a well-formed UTF-8 sequence there.
    InvalidUtf8(u8),
    /// The input ended too early.
    End,
}

impl CheckError {
    /// Builds the error for a DFA that rejected `input` at byte `dfa_offset`.
    ///
    /// The DFA may notice a bad multi-byte character only at its second or
    /// third byte (`U+FFFE` shares its first byte with allowed characters);
    /// the reported offset is moved back to the character's first byte.
    pub(crate) fn new(rule: &'static Rule, input: &[u8], dfa_offset: usize) -> Self {
        if dfa_offset >= input.len() {
            return CheckError {
                rule: rule.name(),
                offset: input.len(),
                found: Found::End,
            };
        }
        let mut start = dfa_offset;
        // Walk back over continuation bytes (at most three) to the lead byte.
        while start > 0 && dfa_offset - start < 3 && input[start] & 0xC0 == 0x80 {
            start -= 1;
        }
        let end = (start + 4).min(input.len());
        let found = match core::str::from_utf8(&input[start..end]) {
            Ok(s) => s.chars().next().map(Found::Char),
            Err(e) if e.valid_up_to() > 0 => {
                core::str::from_utf8(&input[start..start + e.valid_up_to()])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .map(Found::Char)
            }
            Err(_) => None,
        };
        match found {
            Some(found) => CheckError {
                rule: rule.name(),
                offset: start,
                found,
            },
            // Not UTF-8 at the character start: report the DFA's own offset.
            None => CheckError {
                rule: rule.name(),
                offset: dfa_offset,
                found: Found::InvalidUtf8(input[dfa_offset]),
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
            Found::End => write!(
                f,
                "{} is incomplete: the input ends at byte {}",
                self.rule, self.offset
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CheckError {}
