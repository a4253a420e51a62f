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
//! The set is computed from the rule's minimized DFA by walking the UTF-8
//! encodings of all Unicode scalar values as a tree (lead byte, then each
//! continuation byte), pruning every prefix that reaches the dead state:
//! exact by construction, and cheap, since only characters whose prefix
//! the rule allows are visited.

use regex_syntax::utf8::Utf8Sequences;

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
        // Every well-formed UTF-8 encoding, as the byte-range sequences of
        // `Utf8Sequences` over all scalar values, walked as a tree: a prefix
        // that reaches the dead state prunes all characters under it.
        for sequence in Utf8Sequences::new('\0', char::MAX) {
            let byte_ranges: Vec<(u8, u8)> = sequence
                .as_slice()
                .iter()
                .map(|r| (r.start, r.end))
                .collect();
            walk(
                dfa,
                dfa.start,
                &byte_ranges,
                None,
                &mut |c| match ranges.last_mut() {
                    // Adjacent, or only surrogates (never characters) between.
                    Some((_, hi)) if *hi + 1 == c || (*hi == 0xD7FF && c == 0xE000) => *hi = c,
                    _ => ranges.push((c, c)),
                },
            );
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

/// Calls `found` with each code point, in increasing order, whose encoding
/// follows `ranges` and leads from `state` to an accepting state; `value`
/// holds the bits decoded so far (`None` before the lead byte).
fn walk(
    dfa: &Dfa,
    state: u32,
    ranges: &[(u8, u8)],
    value: Option<u32>,
    found: &mut dyn FnMut(u32),
) {
    let Some((&(lo, hi), rest)) = ranges.split_first() else {
        if dfa.is_accepting(state) {
            found(value.unwrap_or(0));
        }
        return;
    };
    // A lead byte keeps its payload bits; continuation bytes add six each.
    let payload = |byte: u8| match value {
        Some(v) => v << 6 | u32::from(byte & 0x3F),
        None => u32::from(byte & (0xFF >> (ranges.len() + usize::from(ranges.len() > 1)))),
    };
    for byte in lo..=hi {
        let next = dfa.step(state, byte);
        if next != 0 {
            walk(dfa, next, rest, Some(payload(byte)), found);
        }
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
