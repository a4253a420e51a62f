//! Deterministic automata: subset construction, minimization, byte classes.
//!
//! A [`Dfa`] here is the compiler's finished product for one start rule, in
//! the layout the emitter writes out:
//!
//! - **Byte classes.** Bytes that every state treats alike share a class;
//!   `classes[byte]` is the class, and the transition table has one column
//!   per class instead of 256. The IRI grammars need a few dozen.
//! - **Special states first.** State 0 is the dead state (every transition
//!   loops to it), then the non-accepting states, then the accepting ones,
//!   so "dead?" is `s == 0` and "accepting?" is `s >= accept_from`: one
//!   compare each, no second table.
//!
//! `determinize` builds the DFA over the NFA's own byte partition;
//! `minimize` merges equivalent states, orders them as above, and merges
//! classes that became indistinguishable; `accel` derives, for each state
//! with a self-loop, the data a scanner needs to skip runs of text in it.

pub mod accel;
mod determinize;
pub mod expected;
mod minimize;
pub mod seen;
pub mod shift;

use crate::error::Error;
use crate::grammar::Grammar;
use crate::nfa::Nfa;

/// A minimized DFA over byte classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    /// The start rule, as the grammar spells it.
    pub rule: String,
    /// `classes[byte]` is the byte's class.
    pub classes: [u8; 256],
    /// Number of classes (the width of a row of `trans`).
    pub class_count: usize,
    /// `trans[state * class_count + class]` is the next state; state 0 is dead.
    pub trans: Vec<u32>,
    /// Number of states, the dead state included.
    pub state_count: usize,
    /// The start state.
    pub start: u32,
    /// States from this one on accept.
    pub accept_from: u32,
}

/// Size figures of a compiled rule, for `--stats` and generated headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// The rule.
    pub rule: String,
    /// DFA states, the dead state included.
    pub states: usize,
    /// Byte classes.
    pub classes: usize,
    /// Bytes per stored state id (always 2: one width keeps the scanner
    /// free of a dispatch on it).
    pub id_bytes: usize,
    /// Bytes of the byte-class table plus the transition table.
    pub table_bytes: usize,
}

impl Dfa {
    /// The next state from `state` on `byte`.
    pub fn step(&self, state: u32, byte: u8) -> u32 {
        self.trans[state as usize * self.class_count + self.classes[byte as usize] as usize]
    }

    /// The same automaton with its states in `order` (`order[new]` is
    /// the old id; a permutation with the dead state first) and the map
    /// from old ids to new ones. The caller keeps the accepting states
    /// from `accept_from` on.
    pub fn renumbered(&self, order: &[u32], accept_from: u32) -> (Dfa, Vec<u32>) {
        debug_assert_eq!(order.len(), self.state_count);
        debug_assert_eq!(order.first(), Some(&0));
        let mut renumber = vec![0u32; self.state_count];
        for (new, &old) in order.iter().enumerate() {
            renumber[old as usize] = new as u32;
        }
        let mut trans = Vec::with_capacity(self.trans.len());
        for &old in order {
            let row = &self.trans[old as usize * self.class_count..][..self.class_count];
            trans.extend(row.iter().map(|&t| renumber[t as usize]));
        }
        let dfa = Dfa {
            rule: self.rule.clone(),
            classes: self.classes,
            class_count: self.class_count,
            trans,
            state_count: self.state_count,
            start: renumber[self.start as usize],
            accept_from,
        };
        (dfa, renumber)
    }

    /// Whether every input `other` accepts, this one accepts too (with
    /// `but_empty`, every input but the empty one): a walk of the pairs of
    /// states both reach on the same input, which fails at a pair where
    /// `other` accepts and this one does not.
    pub fn includes(&self, other: &Dfa, but_empty: bool) -> bool {
        let mut seen = std::collections::HashSet::new();
        // Each pair with whether only the empty input reached it.
        let mut stack = vec![(self.start, other.start, true)];
        while let Some((mine, theirs, empty)) = stack.pop() {
            if !seen.insert((mine, theirs, empty)) {
                continue;
            }
            let counted = !(empty && but_empty);
            if counted && other.is_accepting(theirs) && !self.is_accepting(mine) {
                return false;
            }
            for byte in 0..=255u8 {
                let next = other.step(theirs, byte);
                if next != 0 {
                    stack.push((self.step(mine, byte), next, false));
                }
            }
        }
        true
    }

    /// Whether `state` accepts.
    pub fn is_accepting(&self, state: u32) -> bool {
        state >= self.accept_from
    }

    /// Runs the DFA: `Ok` when `input` matches, else the offset of the byte
    /// that led to the dead state (the input length if it ended too early).
    pub fn run(&self, input: &[u8]) -> Result<(), usize> {
        let mut state = self.start;
        for (i, &byte) in input.iter().enumerate() {
            state = self.step(state, byte);
            if state == 0 {
                return Err(i);
            }
        }
        if self.is_accepting(state) {
            Ok(())
        } else {
            Err(input.len())
        }
    }

    /// Width of an emitted transition row: one column per class.
    pub fn stride(&self) -> usize {
        self.class_count
    }

    /// Bytes per stored state id once ids are premultiplied by the
    /// [`stride`](Dfa::stride): `2` (ids are `u16`), or `None` if they do
    /// not fit.
    pub fn id_bytes(&self) -> Option<usize> {
        let largest = (self.state_count - 1) * self.stride();
        (largest <= usize::from(u16::MAX)).then_some(2)
    }

    /// For each byte, the length of a character starting with it that is
    /// sure to bring the DFA from `state` back to `state`: `1` for a byte
    /// whose own transition loops, `2` to `4` for a UTF-8 lead byte such
    /// that *every well-formed* character starting with it leads back
    /// (`E4`: any `E4 xx yy` is a CJK character allowed in a path
    /// segment), `0` otherwise. A scanner in such a state can skip a run
    /// of these characters checking only that each is well-formed UTF-8
    /// (the second byte in [`utf8_second_bytes`], the others continuation
    /// bytes), without walking the table one dependent load at a time.
    /// Lead bytes some of whose characters the grammar excludes (`EF`,
    /// for U+FFFE; `F0`, for U+1FFFE) get `0` and are walked as usual (the
    /// scanner's codes vouch for four-byte leads but for the noncharacters,
    /// which it checks itself: `accel::codes`).
    pub fn stay_lengths(&self, state: u32) -> [u8; 256] {
        let mut lengths = [0u8; 256];
        if state == 0 {
            return lengths;
        }
        for (byte, length) in lengths.iter_mut().enumerate() {
            let lead = byte as u8;
            let continuations = match lead {
                0x00..=0x7F => 0,
                0xC2..=0xDF => 1,
                0xE0..=0xEF => 2,
                0xF0..=0xF4 => 3,
                _ => continue,
            };
            let after_lead = self.step(state, lead);
            if after_lead == 0 {
                continue;
            }
            if continuations == 0 {
                *length = u8::from(after_lead == state);
                continue;
            }
            let (low, high) = utf8_second_bytes(lead);
            let returns = (low..=high).all(|second| {
                let mut at = self.step(after_lead, second);
                for _ in 1..continuations {
                    let next = self.step(at, 0x80);
                    if next == 0 || (0x80..=0xBF).any(|c| self.step(at, c) != next) {
                        return false;
                    }
                    at = next;
                }
                at == state
            });
            if returns {
                *length = continuations + 1;
            }
        }
        lengths
    }

    /// Size figures.
    pub fn stats(&self) -> Stats {
        let id_bytes = self.id_bytes().unwrap_or(4);
        Stats {
            rule: self.rule.clone(),
            states: self.state_count,
            classes: self.class_count,
            id_bytes,
            table_bytes: 256 + self.state_count * self.stride() * id_bytes,
        }
    }
}

/// The bytes that may follow the UTF-8 lead byte `lead` in a well-formed
/// sequence (Unicode Table 3-7): `A0`-`BF` after `E0` (no overlong
/// forms), `80`-`9F` after `ED` (no surrogates), `90`-`BF` after `F0`,
/// `80`-`8F` after `F4` (nothing past U+10FFFF), `80`-`BF` otherwise.
pub fn utf8_second_bytes(lead: u8) -> (u8, u8) {
    match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _ => (0x80, 0xBF),
    }
}

/// Compiles one rule: regularity check, NFA, subset construction (at most
/// `max_states` states), minimization.
pub fn compile_rule(grammar: &Grammar, rule: &str, max_states: usize) -> Result<Dfa, Error> {
    let def = grammar.require(rule)?;
    crate::regular::check(grammar, &def.name)?;
    let nfa = Nfa::compile(grammar, &def.name)?;
    let raw = determinize::determinize(&nfa, max_states).map_err(|states| {
        Error::at(
            def.loc.clone(),
            format!(
                "rule `{}` needs more than {max_states} DFA states (stopped at {states}); \
                 raise `max-states` in the configuration if this is expected",
                def.name
            ),
        )
    })?;
    let dfa = minimize::minimize(&raw, def.name.clone());
    if dfa.id_bytes().is_none() {
        return Err(Error::at(
            def.loc.clone(),
            format!(
                "rule `{}` has {} states x {} byte classes, too many for 16-bit premultiplied state ids",
                def.name, dfa.state_count, dfa.class_count
            ),
        ));
    }
    Ok(dfa)
}

/// The DFA as `determinize` leaves it: over the NFA's byte partition, with
/// state 0 dead, not yet minimal.
pub(crate) struct RawDfa {
    pub classes: [u8; 256],
    pub class_count: usize,
    pub trans: Vec<u32>,
    pub accepting: Vec<bool>,
    pub start: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(text: &str, rule: &str) -> Dfa {
        let g = Grammar::from_sources(&[("t.abnf", text)]).unwrap();
        compile_rule(&g, rule, 1000).unwrap()
    }

    #[test]
    fn inclusion_of_languages() {
        let text = "seg = *c\nseg-nz = 1*c\nab = %x61 / %x62\nc = %x61-63\n";
        let seg = compile(text, "seg");
        let nz = compile(text, "seg-nz");
        let ab = compile(text, "ab");
        assert!(seg.includes(&nz, false));
        assert!(!nz.includes(&seg, false), "the empty string");
        assert!(nz.includes(&seg, true));
        assert!(seg.includes(&ab, false) && nz.includes(&ab, false));
        assert!(!ab.includes(&nz, false) && !ab.includes(&nz, true));
        assert!(ab.includes(&ab, false));
    }

    #[test]
    fn case_insensitive_strings_and_counted_repetition() {
        let dfa = compile("top = \"ab\" 2*3DIGIT\nDIGIT = %x30-39\n", "top");
        for ok in ["ab12", "AB123", "aB99"] {
            assert_eq!(dfa.run(ok.as_bytes()), Ok(()), "{ok}");
        }
        assert_eq!(dfa.run(b"ab1"), Err(3));
        assert_eq!(dfa.run(b"ab1234"), Err(5));
        assert_eq!(dfa.run(b"ac12"), Err(1));
    }

    #[test]
    fn case_sensitive_string() {
        let dfa = compile("top = %s\"aB\"\n", "top");
        assert_eq!(dfa.run(b"aB"), Ok(()));
        assert_eq!(dfa.run(b"ab"), Err(1));
    }

    #[test]
    fn code_point_ranges_are_utf8_without_surrogates() {
        let dfa = compile("top = *%xD000-E0FF\n", "top");
        assert_eq!(dfa.run("\u{D7FF}\u{E000}\u{D000}".as_bytes()), Ok(()));
        // ED A0 80 would be U+D800 in CESU-8: the second byte is refused.
        assert_eq!(dfa.run(&[0xED, 0xA0, 0x80]), Err(1));
        assert_eq!(dfa.run("\u{E100}".as_bytes()), Err(1));
        // An overlong encoding (of U+0000 here) is refused at its second byte.
        let dfa = compile("top = *%x00-7FF\n", "top");
        assert_eq!(dfa.run(&[0xC0, 0x80]), Err(0));
        assert_eq!(dfa.run(&[0xE0, 0x80, 0x80]), Err(0));
        assert_eq!(dfa.run("\u{7FF}".as_bytes()), Ok(()));
    }

    #[test]
    fn minimal_and_ordered() {
        // (a/b)* c has two live states whatever the NFA looked like.
        let dfa = compile("top = *(\"a\" / \"b\" / \"a\") \"c\"\n", "top");
        assert_eq!(dfa.state_count, 3);
        assert!(!dfa.is_accepting(dfa.start));
        assert_eq!(dfa.accept_from, 2);
        // a, b share a class; c has one; everything else is a third.
        assert_eq!(dfa.class_count, 3);
        assert_eq!(dfa.classes[b'a' as usize], dfa.classes[b'B' as usize]);
        assert!(
            (0..dfa.class_count).all(|c| dfa.trans[c] == 0),
            "dead state loops"
        );
    }

    #[test]
    fn zero_repetition_of_prose_is_empty() {
        let dfa = compile("top = \"x\" 0<anything>\n", "top");
        assert_eq!(dfa.run(b"x"), Ok(()));
    }

    #[test]
    fn stay_lengths_mark_self_loops_and_whole_characters() {
        // Letters, and every character from U+0800 to U+FFEF but U+FFFE.
        let dfa = compile("top = \"/\" *( %x61-7A / %x800-FFFD )\n", "top");
        let after_slash = dfa.step(dfa.start, b'/');
        let lengths = dfa.stay_lengths(after_slash);
        let at = |b: u8| lengths[b as usize];
        assert_eq!((at(b'q'), at(b'/'), at(b'A')), (1, 0, 0));
        assert_eq!(lengths[b'a' as usize..=b'z' as usize], [1; 26]);
        // E0-EE: every well-formed character allowed (E0 A0-BF, ED 80-9F:
        // UTF-8 itself excludes overlongs and surrogates). EF is not (U+FFFE,
        // U+FFFF), nor C3 or F0 (no such characters in the rule).
        assert_eq!(lengths[0xE0..=0xEE], [3; 15]);
        assert_eq!((at(0xEF), at(0xC3), at(0xF0)), (0, 0, 0));
        assert!(dfa.stay_lengths(dfa.start).iter().all(|&b| b == 0));
        assert!(
            dfa.stay_lengths(0).iter().all(|&b| b == 0),
            "the dead state is never skipped in"
        );
    }

    #[test]
    fn state_limit_names_the_rule() {
        // The n-th letter from the end being `a` needs 2^n states.
        let g = Grammar::from_sources(&[(
            "t.abnf",
            "big = *(\"a\" / \"b\") \"a\" 12(\"a\" / \"b\")\n",
        )])
        .unwrap();
        let err = compile_rule(&g, "big", 500).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("t.abnf:1:1: rule `big` needs more than 500 DFA states"),
            "{err}"
        );
    }

    #[test]
    fn prose_is_refused_with_location() {
        let g = Grammar::from_sources(&[("t.abnf", "a = \"x\"\nb = a <some text>\n")]).unwrap();
        let err = compile_rule(&g, "b", 100).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("t.abnf:2:1: rule `b` uses the prose value <some text>"),
            "{err}"
        );
    }
}
