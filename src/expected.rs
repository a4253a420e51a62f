//! What a state of a generated recognizer would have accepted next.
//!
//! The data is the generator's (`abnf_dfa::dfa::expected`): for every DFA
//! state, the units it accepts (characters, `%HH`, the end of the input)
//! described by a greedy cover with the grammar's unit-like rules (`ALPHA`,
//! `ipchar`, `sub-delims`, ...) plus the characters no such rule names.
//! This module only phrases it: `ipchar, '/', '?', '#' or the end of the
//! input`. Edit `abnf/` and the phrases follow.

use core::fmt::{self, Write as _};

/// What a recognizer state accepts next, in the grammar's words.
#[derive(Debug, PartialEq, Eq)]
pub struct Expected {
    rules: &'static [&'static str],
    chars: &'static [(u32, u32)],
    pct: bool,
    end: bool,
    percent: bool,
}

/// Ranges of more characters than this are written `'a'-'z'`.
const LIST_MAX: u32 = 3;

impl Expected {
    /// A description as the generated code declares it.
    pub(crate) const fn new(
        rules: &'static [&'static str],
        chars: &'static [(u32, u32)],
        pct: bool,
        end: bool,
        percent: bool,
    ) -> Expected {
        Expected {
            rules,
            chars,
            pct,
            end,
            percent,
        }
    }

    /// The unit-like rules of the description (`ipchar`, `ALPHA`, ...),
    /// largest first.
    pub fn rules(&self) -> &'static [&'static str] {
        self.rules
    }

    /// The characters no rule of [`rules`](Self::rules) names, as
    /// inclusive code-point ranges.
    pub fn chars(&self) -> &'static [(u32, u32)] {
        self.chars
    }

    /// Whether the input could have ended here.
    pub fn end(&self) -> bool {
        self.end
    }

    /// Whether a `%HH` triplet is accepted here: then percent-encoding is
    /// how to write a character that is not.
    pub fn percent_encoding(&self) -> bool {
        self.percent
    }

    /// Whether `c` is one of the literally listed characters.
    pub(crate) fn lists(&self, c: char) -> bool {
        let c = c as u32;
        self.chars.iter().any(|&(lo, hi)| lo <= c && c <= hi)
    }

    fn items(&self) -> usize {
        let literal: usize = self
            .chars
            .iter()
            .map(|&(lo, hi)| {
                if hi - lo < LIST_MAX {
                    (hi - lo + 1) as usize
                } else {
                    1
                }
            })
            .sum();
        self.rules.len() + literal + usize::from(self.pct) + usize::from(self.end)
    }
}

/// Whether messages name `c` by its code point alone.
pub(crate) fn shown_as_code(c: char) -> bool {
    if c.is_ascii() {
        // The ASCII answer of the general test below, without its Unicode
        // property lookup (messages name many ASCII characters): the
        // controls, which include all ASCII whitespace but ' '.
        return c.is_ascii_control();
    }
    c.is_control() || crate::mapping::is_bidi_formatting(c) || c.is_whitespace()
}

/// `'c'`, or `U+XXXX` for a character that would garble or reorder a line
/// (controls, bidirectional formatting, whitespace other than ' '): the
/// one way messages name a character.
pub(crate) fn write_char(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    if shown_as_code(c) {
        f.write_str("U+")?;
        write_hex(f, c as u32, 4)
    } else {
        f.write_char('\'')?;
        f.write_char(c)?;
        f.write_char('\'')
    }
}

/// Writes `value` in upper-case hexadecimal, at least `digits` digits (at
/// most 8): what `{:0digits$X}` writes, without the formatter's padding
/// machinery (every message names a code point or an octet this way).
pub(crate) fn write_hex(f: &mut fmt::Formatter<'_>, value: u32, digits: usize) -> fmt::Result {
    let mut text = [b'0'; 8];
    let mut rest = value;
    let mut start = 8;
    while rest != 0 || 8 - start < digits {
        start -= 1;
        text[start] = b"0123456789ABCDEF"[(rest & 0xF) as usize];
        rest >>= 4;
    }
    f.write_str(core::str::from_utf8(&text[start..]).unwrap_or_default())
}

/// `ipchar, '/', '?', '#' or the end of the input`; `nothing` when the
/// state accepts nothing (it never does in a message: the dead state is
/// never the one before a rejected character).
impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.items();
        if total == 0 {
            return f.write_str("nothing");
        }
        let mut written = 0;
        let mut separator = |f: &mut fmt::Formatter<'_>| {
            written += 1;
            match written {
                1 => Ok(()),
                n if n == total => f.write_str(" or "),
                _ => f.write_str(", "),
            }
        };
        for rule in self.rules {
            separator(f)?;
            f.write_str(rule)?;
        }
        for &(lo, hi) in self.chars {
            let chars = (lo..=hi).filter_map(char::from_u32);
            if hi - lo < LIST_MAX {
                for c in chars {
                    separator(f)?;
                    write_char(f, c)?;
                }
            } else if let (Some(a), Some(z)) = (char::from_u32(lo), char::from_u32(hi)) {
                separator(f)?;
                if lo < 0x80 {
                    write_char(f, a)?;
                    f.write_str("-")?;
                    write_char(f, z)?;
                } else {
                    write!(f, "U+{lo:04X}-U+{hi:04X}")?;
                }
            }
        }
        if self.pct {
            separator(f)?;
            f.write_str("'%' and two hex digits")?;
        }
        if self.end {
            separator(f)?;
            f.write_str("the end of the input")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn hex_is_what_the_formatter_writes() {
        struct Hex(u32, usize);
        impl fmt::Display for Hex {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_hex(f, self.0, self.1)
            }
        }
        let values = (0..0x1_0000)
            .chain((0x1_0000..=0x10_FFFF).step_by(97))
            .chain([0x10_FFFF, 0x7FFF_FFFF, u32::MAX]);
        for value in values {
            assert_eq!(Hex(value, 4).to_string(), alloc::format!("{value:04X}"));
            assert_eq!(Hex(value, 2).to_string(), alloc::format!("{value:02X}"));
        }
    }

    #[test]
    fn ascii_characters_are_shown_as_the_general_test_says() {
        for c in (0..0x80u8).map(char::from) {
            let general = c.is_control()
                || crate::mapping::is_bidi_formatting(c)
                || (c.is_whitespace() && c != ' ');
            assert_eq!(shown_as_code(c), general, "{c:?}");
        }
    }

    #[test]
    fn phrases() {
        let e = Expected::new(
            &["ipchar"],
            &[(0x23, 0x23), (0x2F, 0x2F), (0x3F, 0x3F)],
            false,
            true,
            true,
        );
        assert_eq!(
            e.to_string(),
            "ipchar, '#', '/', '?' or the end of the input"
        );
        let e = Expected::new(&[], &[(0x41, 0x5A)], false, false, false);
        assert_eq!(e.to_string(), "'A'-'Z'");
        let e = Expected::new(&["DIGIT"], &[], false, false, false);
        assert_eq!(e.to_string(), "DIGIT");
        let e = Expected::new(&[], &[(0x9, 0xA), (0xE000, 0xF8FF)], true, false, true);
        assert_eq!(
            e.to_string(),
            "U+0009, U+000A, U+E000-U+F8FF or '%' and two hex digits"
        );
    }
}
