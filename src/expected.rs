//! What a state of a generated recognizer would have accepted next.
//!
//! The data is the generator's (`abnf_dfa::dfa::expected`): for every DFA
//! state, the units it accepts (characters, `%HH`, the end of the input)
//! described by a greedy cover with the grammar's unit-like rules (`ALPHA`,
//! `ipchar`, `sub-delims`, ...) plus the characters no such rule names.
//! The generator also puts each description in words (`ipchar, '/', '?',
//! '#' or the end of the input`), so that a message copies one string.
//! Edit `abnf/` and the phrases follow.

use core::fmt;

pub(crate) use crate::chars::shown_as_code;
use crate::pieces::MessageBuffer;

/// What a recognizer state accepts next, in the grammar's words.
///
/// Its lists are runs (`[start, length]`) of the generated pools, not
/// pointers (a pointer in a static is a relocation in every
/// position-independent program): [`rules`](Self::rules),
/// [`chars`](Self::chars) and [`phrase`](Self::phrase) read them, beside
/// the pools in the `grammar` module.
pub struct Expected {
    pub(crate) rules: [u16; 2],
    pub(crate) chars: [u16; 2],
    pub(crate) phrase: [u16; 2],
    pct: bool,
    end: bool,
    percent: bool,
}

impl Expected {
    /// A description as the generated code declares it: its rules,
    /// characters and phrase as runs of the pools.
    pub(crate) const fn new(
        rules: [u16; 2],
        chars: [u16; 2],
        phrase: [u16; 2],
        pct: bool,
        end: bool,
        percent: bool,
    ) -> Expected {
        Expected {
            rules,
            chars,
            phrase,
            pct,
            end,
            percent,
        }
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
        self.chars().iter().any(|&(lo, hi)| lo <= c && c <= hi)
    }
}

/// `'c'`, or `U+XXXX` for a character that would garble or reorder a line
/// (controls, bidirectional formatting, whitespace other than ' '): the
/// one way messages name a character.
pub(crate) fn write_char(p: &mut MessageBuffer<'_, '_>, c: char) -> fmt::Result {
    if shown_as_code(c) {
        p.str("U+")?;
        p.hex(c as u32, 4)
    } else {
        p.str("'")?;
        p.char(c)?;
        p.str("'")
    }
}

/// [`Expected::phrase`].
impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.phrase())
    }
}

/// What the description holds, as if its lists were fields.
impl fmt::Debug for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Expected")
            .field("rules", &self.rules())
            .field("chars", &self.chars())
            .field("pct", &self.pct)
            .field("end", &self.end)
            .field("percent", &self.percent)
            .field("phrase", &self.phrase())
            .finish()
    }
}

/// Equal when they say the same.
impl PartialEq for Expected {
    fn eq(&self, other: &Expected) -> bool {
        self.rules() == other.rules()
            && self.chars() == other.chars()
            && (self.pct, self.end, self.percent) == (other.pct, other.end, other.percent)
            && self.phrase() == other.phrase()
    }
}

impl Eq for Expected {}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;

    #[test]
    fn every_generated_phrase_says_what_its_description_holds() {
        // The phrase and the fields come from the same description: every
        // rule is named, in order, then the characters, then `%HH`, then
        // the end, joined by ", " and a last " or ".
        let mut seen = 0;
        for &rule in crate::grammar::Rule::all() {
            for state in 1..rule.states() as u32 {
                let e = rule.expected_at(state);
                let phrase = e.phrase();
                assert_eq!(e.to_string(), phrase);
                let mut at = 0;
                for name in e.rules() {
                    let found = phrase[at..].find(name).map(|i| at + i);
                    at = found.unwrap_or_else(|| panic!("{name} in {phrase:?}")) + name.len();
                }
                assert_eq!(
                    phrase.ends_with("the end of the input"),
                    e.end(),
                    "{phrase:?}"
                );
                assert_eq!(
                    phrase.contains("'%' and two hex digits"),
                    e.pct,
                    "{phrase:?}"
                );
                let items = phrase.split(", ").count() + usize::from(phrase.contains(" or "));
                let listed = e.rules().len() + usize::from(e.pct) + usize::from(e.end);
                assert!(items >= listed.max(1), "{phrase:?}");
                assert!(
                    !e.chars().is_empty() || items == listed.max(1),
                    "{phrase:?}"
                );
                seen += 1;
            }
        }
        assert!(seen > 1000, "{seen}");
    }
}
