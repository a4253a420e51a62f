//! Character classes: which single characters match a rule.
//!
//! For a rule `r`, its class is the set of characters `c` such that the
//! one-character string `c` matches `r`. For `ucschar` or `sub-delims` that
//! is the whole rule; for a component such as `isegment` or `iquery` it is
//! exactly what may appear *unencoded* in that component (a percent-encoded
//! triplet is three characters, so it is not in the class). The runtime
//! tests characters only through these classes, so a grammar edit changes
//! them too.
//!
//! The set is computed from the rule's minimized DFA by running it on the
//! UTF-8 encoding of every Unicode scalar value: about 1.1 million runs of
//! at most four steps, a fraction of a second at build time, and exact by
//! construction.

use crate::dfa::Dfa;
use crate::error::Loc;
use crate::grammar::RuleDef;

/// A rule's one-character matches, as sorted, disjoint, non-adjacent ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharClass {
    /// The rule, as the grammar spells it.
    pub rule: String,
    /// The rule's definition as written, for the predicate's doc comment.
    pub source: String,
    /// Where the rule is defined.
    pub loc: Loc,
    /// Inclusive code-point ranges.
    pub ranges: Vec<(u32, u32)>,
}

impl CharClass {
    /// Computes the class of `rule` from its compiled DFA.
    pub fn of(rule: &RuleDef, dfa: &Dfa) -> CharClass {
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if dfa.run(c.encode_utf8(&mut buf).as_bytes()).is_ok() {
                let c = c as u32;
                match ranges.last_mut() {
                    // Adjacent, or only surrogates (never characters) between.
                    Some((_, hi)) if *hi + 1 == c || (*hi == 0xD7FF && c == 0xE000) => *hi = c,
                    _ => ranges.push((c, c)),
                }
            }
        }
        CharClass {
            rule: rule.name.clone(),
            source: rule.source.clone(),
            loc: rule.loc.clone(),
            ranges,
        }
    }

    /// Whether `c` is in the class.
    pub fn contains(&self, c: char) -> bool {
        let c = c as u32;
        self.ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi)
    }

    /// The ASCII part as a bit mask: bit `b` is set when byte `b` is in the class.
    pub fn ascii_mask(&self) -> u128 {
        (0u8..128)
            .filter(|&b| self.contains(b as char))
            .fold(0, |mask, b| mask | 1 << b)
    }

    /// The ranges above ASCII (clipped at U+0080).
    pub fn non_ascii_ranges(&self) -> Vec<(u32, u32)> {
        self.ranges
            .iter()
            .filter(|&&(_, hi)| hi >= 0x80)
            .map(|&(lo, hi)| (lo.max(0x80), hi))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfa::compile_rule;
    use crate::grammar::Grammar;

    fn class(text: &str, rule: &str) -> CharClass {
        let g = Grammar::from_sources(&[("t.abnf", text)]).unwrap();
        CharClass::of(g.get(rule).unwrap(), &compile_rule(&g, rule, 1000).unwrap())
    }

    #[test]
    fn single_characters_of_a_component() {
        let c = class(
            "seg = *( %x61-63 / \"%\" 2%x30-39 / %xA0-D7FF / %xE000-E001 )\n",
            "seg",
        );
        // `%` alone is not a one-character match; a percent triplet is three.
        assert_eq!(c.ranges, vec![(0x61, 0x63), (0xA0, 0xE001)]);
        assert_eq!(c.ascii_mask(), 0b111 << 0x61);
        assert!(c.contains('\u{D7FF}') && c.contains('\u{E000}') && !c.contains('%'));
    }

    #[test]
    fn ranges_across_the_surrogate_gap_join() {
        let c = class("r = %xD000-D7FF / %xE000-E0FF\n", "r");
        assert_eq!(c.ranges, vec![(0xD000, 0xE0FF)]);
        assert!(!c.contains('\u{E100}'));
    }
}
